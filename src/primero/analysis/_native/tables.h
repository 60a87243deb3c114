/*
 * Counting by halves (halves.c): the tables of every set of at most `top` unseen cards and
 * their two transforms. Included once, by halves.c.
 */

#ifndef PRIMERO_HALVES_TABLES_H
#define PRIMERO_HALVES_TABLES_H

/*
 * A zeroed table. On Linux, mapped directly and marked for huge pages: the tables are tens or
 * hundreds of megabytes, and their first touch would otherwise fault once every 4 KiB.
 */
static uint32_t *table_alloc(size_t entries) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    size_t bytes = entries * sizeof(uint32_t) + 1;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        return NULL;
    }
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
#else
    return calloc(entries + 1, sizeof(uint32_t));
#endif
}

static void table_free(uint32_t *table, size_t entries) {
    if (table == NULL) {
        return;
    }
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    munmap(table, entries * sizeof(uint32_t) + 1);
#else
    (void)entries;
    free(table);
#endif
}

/*
 * A table of `rows` rows (every set of at most `top` unseen cards, colexicographic by size)
 * stored by chunks of CHUNK columns: chunk k holds columns k * CHUNK .. k * CHUNK + CHUNK - 1
 * of every row, so that each transform works on one chunk (a few megabytes) at a time.
 */
#define CHUNK 8

typedef struct {
    uint32_t *data;
    int64_t rows;
    int chunks;
} table_t;

static size_t table_entries(const table_t *t) {
    return (size_t)t->chunks * (size_t)t->rows * CHUNK;
}

/* Row r of the table from values[0 .. chunks * CHUNK). */
static ALWAYS_INLINE void row_store(const table_t *t, int64_t r, const uint32_t *values) {
    for (int k = 0; k < t->chunks; k++) {
        memcpy(t->data + ((size_t)k * t->rows + r) * CHUNK, values + k * CHUNK,
               CHUNK * sizeof(uint32_t));
    }
}

/* Row r of the table, cumulated: cum[c] is the sum of its first c columns. */
static ALWAYS_INLINE void row_cumulated(const table_t *t, int64_t r, uint64_t *cum) {
    cum[0] = 0;
    for (int k = 0; k < t->chunks; k++) {
        const uint32_t *f = t->data + ((size_t)k * t->rows + r) * CHUNK;
        for (int j = 0; j < CHUNK; j++) {
            cum[k * CHUNK + j + 1] = cum[k * CHUNK + j] + f[j];
        }
    }
}

static int64_t binom[MAX_UNSEEN + 1][MAX_SIZE + 2];

static void fill_binomials(void) {
    for (int n = 0; n <= MAX_UNSEEN; n++) {
        for (int k = 0; k <= MAX_SIZE + 1; k++) {
            if (k == 0) {
                binom[n][k] = 1;
            } else if (n == 0) {
                binom[n][k] = 0;
            } else {
                binom[n][k] = binom[n - 1][k - 1] + binom[n - 1][k];
            }
        }
    }
}

static void add_block(uint32_t *restrict to, const uint32_t *restrict from, size_t n) {
    for (size_t i = 0; i < n; i++) {
        to[i] += from[i];
    }
}

static void subtract_block(uint32_t *restrict to, const uint32_t *restrict from, size_t n) {
    for (size_t i = 0; i < n; i++) {
        to[i] = from[i] - to[i];
    }
}

/*
 * The sets of at most t of the cards [0, n) with a fixed set of higher cards: level l (the
 * sets of l low cards) is the contiguous rows base[l] .. base[l] + C(n, l) of the table. The
 * sets without card n - 1 are the same levels' first C(n - 1, l) rows; those with it are, at
 * level l + 1, the rows from base[l + 1] + C(n - 1, l + 1), C(n - 1, l) of them, ordered as
 * the sets without it.
 */
/* One row of the table added to another. */
static ALWAYS_INLINE void add_row(uint32_t *restrict to, const uint32_t *restrict from,
                                  int width) {
    for (int c = 0; c < width; c++) {
        to[c] += from[c];
    }
}

/* The sets of at most two of n cards directly (the recursion's leaves): superset sums. */
static void superset_sums_small(uint32_t *f, int width, int n, int t, const int64_t *base) {
    uint32_t *empty = f + (size_t)base[0] * width, *ones = f + (size_t)base[1] * width;
    for (int x = 0; x < n; x++) {
        add_row(empty, ones + (size_t)x * width, width);
    }
    if (t < 2) {
        return;
    }
    const uint32_t *pair = f + (size_t)base[2] * width; /* colexicographic: (0,1), (0,2), ... */
    for (int y = 1; y < n; y++) {
        for (int x = 0; x < y; x++, pair += width) {
            add_row(empty, pair, width);
            add_row(ones + (size_t)x * width, pair, width);
            add_row(ones + (size_t)y * width, pair, width);
        }
    }
}

/* The same leaves: signed subset sums. */
static void signed_subset_sums_small(uint32_t *f, int width, int n, int t,
                                     const int64_t *base) {
    const uint32_t *empty = f + (size_t)base[0] * width;
    uint32_t *ones = f + (size_t)base[1] * width;
    if (t >= 2) {
        uint32_t *pair = f + (size_t)base[2] * width;
        for (int y = 1; y < n; y++) {
            for (int x = 0; x < y; x++, pair += width) {
                const uint32_t *fx = ones + (size_t)x * width, *fy = ones + (size_t)y * width;
                for (int c = 0; c < width; c++) {
                    pair[c] = empty[c] - fx[c] - fy[c] + pair[c];
                }
            }
        }
    }
    for (int x = 0; x < n; x++) {
        uint32_t *fx = ones + (size_t)x * width;
        for (int c = 0; c < width; c++) {
            fx[c] = empty[c] - fx[c];
        }
    }
}

static void superset_sums(uint32_t *f, int width, int n, int t, const int64_t *base) {
    if (n == 0 || t == 0) {
        return;
    }
    if (t <= 2) {
        superset_sums_small(f, width, n, t, base);
        return;
    }
    int64_t with[MAX_SIZE + 1];
    for (int l = 0; l < t; l++) {
        with[l] = base[l + 1] + binom[n - 1][l + 1];
    }
    superset_sums(f, width, n - 1, t, base);
    superset_sums(f, width, n - 1, t - 1, with);
    for (int l = 0; l < t; l++) {
        add_block(f + (size_t)base[l] * width, f + (size_t)with[l] * width,
                  (size_t)binom[n - 1][l] * width);
    }
}

/* Signed subset sums: each set S gets the sum over its subsets U of (-1)^|U| f(U). */
static void signed_subset_sums(uint32_t *f, int width, int n, int t, const int64_t *base) {
    if (n == 0 || t == 0) {
        return;
    }
    if (t <= 2) {
        signed_subset_sums_small(f, width, n, t, base);
        return;
    }
    int64_t with[MAX_SIZE + 1];
    for (int l = 0; l < t; l++) {
        with[l] = base[l + 1] + binom[n - 1][l + 1];
    }
    signed_subset_sums(f, width, n - 1, t, base);
    signed_subset_sums(f, width, n - 1, t - 1, with);
    for (int l = 0; l < t; l++) {
        subtract_block(f + (size_t)with[l] * width, f + (size_t)base[l] * width,
                       (size_t)binom[n - 1][l] * width);
    }
}

/* Each player of a half: win (ties to the eldest), outright, best, from the holders' sums. */
#endif
