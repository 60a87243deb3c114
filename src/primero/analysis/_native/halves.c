/*
 * Showdown counting by halves, compiled: the same count as primero/analysis/showdown_halves.py
 * (read its module docstring first), exact integer arithmetic throughout.
 *
 * The players are cut into a first half and a second half. For each half, its deals on every
 * set of its unseen cards (colexicographic order) are tallied by best key; the other half's
 * deals on sets disjoint from each set come from that table by a superset-sum (zeta)
 * transform and a signed subset-sum transform over every set of at most `top` unseen cards.
 * Both transforms recurse on the highest card (the sets without it, then those with it, then
 * one contiguous block added to another), so that every step streams through memory and the
 * small sub-problems stay in the processor's cache.
 *
 * Arithmetic: the tables are uint32 and wrap modulo 2**32; every value read at the end (the
 * other half's deals on the sets disjoint from one set) lies in [0, 2**32) because the caller
 * checks that each half has fewer than 2**32 deals, so the wrapped results are exact. The
 * players' sums are uint64; the caller checks that all deals together are below 2**63.
 *
 * The tables are stored by chunks of 8 columns (each transform works on one chunk, a few
 * megabytes); the first half's table reuses the second's memory when it can (fresh pages are
 * costly to clear).
 *
 * Files: this one (the deals of each half, the players' sums, the entry point), tables.h (the
 * tables and their transforms), sides.h (the halves). C99, no Python headers, compiled as
 * one unit by build.py; loaded with ctypes (primero/analysis/_native/__init__.py).
 * -DPRIMERO_TIMING prints each step's CPU time to stderr.
 */

#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise */
#include <sys/mman.h>
#endif
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef PRIMERO_TIMING
#include <stdio.h>
#include <time.h>
#define LAP(what) do { clock_t now_ = clock(); fprintf(stderr, "%-12s %.3f s\n", what, \
    (double)(now_ - lap_) / CLOCKS_PER_SEC); lap_ = now_; } while (0)
#else
#define LAP(what) do { } while (0)
#endif

#if defined(_WIN32)
#define PRIMERO_EXPORT __declspec(dllexport)
#else
#define PRIMERO_EXPORT __attribute__((visibility("default")))
#endif

/* The most drawing players on one half (16 cards), the most players on one half. */
#define MAX_DRAW 8
#define MAX_SIZE (2 * MAX_DRAW)
#define MAX_PAIRS (MAX_SIZE * (MAX_SIZE - 1) / 2)
#define MAX_SIDE 16
#define MAX_UNSEEN 64

enum { OK = 0, UNSUPPORTED = 1, NO_MEMORY = 2 };

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#include "tables.h"
#include "sides.h"

/*
 * Every deal of one half, set by set in colexicographic order. With `table`, tallies each
 * set's deals by best key into row `row0 + rank` (the half's columns). With `beaten`, adds
 * the other half's deals disjoint from the set (its row: `other_width` columns) whose best key
 * is below the deal's (to sums[2 * (bank * patterns + mask)]) or at most the deal's (the next
 * entry), `mask` being the deal's holders of its best key; four banks in turn, so that
 * consecutive deals do not wait for each other's sums (the tallies likewise).
 */
static ALWAYS_INLINE int deal_pass_body(const side_t *sd, const int draw, int u,
                                        const table_t *table, int64_t row0,
                                        const table_t *beaten, int64_t beaten_row0,
                                        const int32_t *below, const int32_t *at_most,
                                        uint64_t *sums) {
    int s[MAX_SIZE + 1];
    int32_t off[MAX_PAIRS], pk[MAX_DRAW * MAX_PAIRS];
    uint64_t *cum = NULL, *low = NULL;
    const int width = sd->width, padded = (width + CHUNK - 1) / CHUNK * CHUNK;
    /* each set's tally, in four banks (consecutive deals apart) */
    uint32_t *hist = table != NULL
                         ? calloc(4 * (size_t)padded + (size_t)table->chunks * CHUNK + 1,
                                  sizeof(uint32_t))
                         : NULL;
    if (table != NULL && hist == NULL) {
        return NO_MEMORY;
    }
    if (beaten != NULL) {
        cum = malloc(sizeof(uint64_t) * ((size_t)beaten->chunks * CHUNK + 1));
        low = malloc(sizeof(uint64_t) * 2 * (size_t)width);
        if (cum == NULL || low == NULL) {
            free(cum);
            free(low);
            free(hist);
            return NO_MEMORY;
        }
    }
    const int size = 2 * draw, npairs = draw * (2 * draw - 1), nsplits = sd->nsplits;
    const int64_t sets = binom[u][size];
    const size_t patterns = (size_t)1 << sd->players;
    for (int i = 0; i < size; i++) {
        s[i] = i;
    }
    s[size] = u; /* a sentinel for the colexicographic successor */
    for (int64_t rank = 0; rank < sets; rank++) {
        for (int q = 0; q < npairs; q++) {
            off[q] = s[sd->pa[q]] * u + s[sd->pb[q]];
        }
        for (int d = 0; d < draw; d++) {
            const int32_t *m = sd->mapped + (size_t)d * u * u;
            for (int q = 0; q < npairs; q++) {
                pk[d * npairs + q] = m[off[q]];
            }
        }
        if (beaten != NULL) {
            row_cumulated(beaten, beaten_row0 + rank, cum);
            for (int c = 0; c < width; c++) {
                low[2 * c] = cum[below[c]];
                low[2 * c + 1] = cum[at_most[c]];
            }
        }
        const int32_t *ch = sd->choice;
        for (int sp = 0; sp < nsplits; sp++, ch += draw) {
            int32_t v[MAX_DRAW];
            int32_t top = sd->fixed_top;
            for (int d = 0; d < draw; d++) {
                v[d] = pk[ch[d]];
                top = v[d] > top ? v[d] : top;
            }
            if (table != NULL) {
                hist[(sp & 3) * padded + top]++;
            }
            if (beaten != NULL) {
                uint32_t mask = top == sd->fixed_top ? sd->fixed_mask : 0;
                for (int d = 0; d < draw; d++) {
                    mask |= v[d] == top ? sd->bit[d] : 0;
                }
                uint64_t *acc = sums + 2 * ((size_t)(sp & 3) * patterns + mask);
                acc[0] += low[2 * top];
                acc[1] += low[2 * top + 1];
            }
        }
        if (table != NULL) {
            uint32_t *total = hist + 4 * padded;
            memset(total, 0, sizeof(uint32_t) * (size_t)table->chunks * CHUNK);
            for (int c = 0; c < width; c++) {
                if (sd->group_of[c] >= 0) {
                    total[sd->group_of[c]] += hist[c] + hist[padded + c] + hist[2 * padded + c] +
                                             hist[3 * padded + c];
                }
            }
            row_store(table, row0 + rank, total);
            memset(hist, 0, 4 * sizeof(uint32_t) * (size_t)padded);
        }
        /* the next set in colexicographic order */
        int i = 0;
        while (i < size && s[i] + 1 == s[i + 1]) {
            s[i] = i;
            i++;
        }
        if (i < size) {
            s[i]++;
        }
    }
    free(cum);
    free(low);
    free(hist);
    return OK;
}

/*
 * deal_pass_body for three drawing players, the deals in their natural structure: the first
 * player's pair (15), then a matching of the other four positions (3) and who of the other
 * two takes which pair (2). `build` and `hero` are constants in each instance below.
 */
static ALWAYS_INLINE int deal_pass3_body(const side_t *sd, int u, const table_t *table,
                                         int64_t row0, const table_t *beaten,
                                         int64_t beaten_row0, const int32_t *below,
                                         const int32_t *at_most, uint64_t *sums,
                                         const int build, const int hero, const int plain) {
    int s[7];
    int32_t off[15], k0[15], k1[15], k2[15];
    uint64_t *cum = NULL, *low = NULL;
    uint32_t *hist = NULL;
    const int width = sd->width, padded = (width + CHUNK - 1) / CHUNK * CHUNK;
    if (build) {
        hist = calloc(4 * (size_t)padded + (size_t)table->chunks * CHUNK + 1, sizeof(uint32_t));
    }
    if (hero) {
        cum = malloc(sizeof(uint64_t) * ((size_t)beaten->chunks * CHUNK + 1));
        low = malloc(sizeof(uint64_t) * 2 * (size_t)width);
    }
    if ((build && hist == NULL) || (hero && (cum == NULL || low == NULL))) {
        free(hist);
        free(cum);
        free(low);
        return NO_MEMORY;
    }
    const int64_t sets = binom[u][6];
    const size_t patterns = (size_t)1 << sd->players;
    /* plain: no full hand on this half, its three players' bits 1, 2, 4 */
    const int32_t fixed_top = plain ? -1 : sd->fixed_top;
    const uint32_t fixed_mask = plain ? 0 : sd->fixed_mask;
    const uint32_t b0 = plain ? 1 : sd->bit[0], b1 = plain ? 2 : sd->bit[1],
                   b2 = plain ? 4 : sd->bit[2];
    const int32_t *m0 = sd->mapped, *m1 = sd->mapped + (size_t)u * u,
                  *m2 = sd->mapped + 2 * (size_t)u * u;
    for (int i = 0; i < 6; i++) {
        s[i] = i;
    }
    s[6] = u;
    for (int64_t rank = 0; rank < sets; rank++) {
        for (int q = 0; q < 15; q++) {
            off[q] = s[sd->pa[q]] * u + s[sd->pb[q]];
        }
        for (int q = 0; q < 15; q++) {
            k0[q] = m0[off[q]];
            k1[q] = m1[off[q]];
            k2[q] = m2[off[q]];
        }
        if (hero) {
            row_cumulated(beaten, beaten_row0 + rank, cum);
            for (int c = 0; c < width; c++) {
                low[2 * c] = cum[below[c]];
                low[2 * c + 1] = cum[at_most[c]];
            }
        }
#define DEAL(x, y, z, bank)                                                                  \
    do {                                                                                     \
        int32_t top_ = (x) > (y) ? (x) : (y);                                                \
        top_ = top_ > (z) ? top_ : (z);                                                      \
        if (!plain) {                                                                        \
            top_ = top_ > fixed_top ? top_ : fixed_top;                                      \
        }                                                                                    \
        if (build) {                                                                         \
            hist[(bank) * padded + top_]++;                                                  \
        }                                                                                    \
        if (hero) {                                                                          \
            uint32_t mask_ = plain ? (uint32_t)((x) == top_) | (uint32_t)((y) == top_) << 1 |  \
                                         (uint32_t)((z) == top_) << 2                        \
                                   : ((x) == top_ ? b0 : 0) | ((y) == top_ ? b1 : 0) |       \
                                         ((z) == top_ ? b2 : 0) |                            \
                                         (top_ == fixed_top ? fixed_mask : 0);               \
            uint64_t *acc_ = sums + 2 * ((size_t)(bank) * patterns + mask_);                 \
            acc_[0] += low[2 * top_];                                                        \
            acc_[1] += low[2 * top_ + 1];                                                    \
        }                                                                                    \
    } while (0)
        for (int q = 0; q < 15; q++) {
            const int32_t t0 = k0[q];
            const int32_t *m = sd->match3 + 6 * q;
            for (int j = 0; j < 3; j++) {
                const int32_t p = m[2 * j], r = m[2 * j + 1];
                const int32_t y1 = k1[p], z1 = k2[r], y2 = k1[r], z2 = k2[p];
                DEAL(t0, y1, z1, (2 * j) & 3);
                DEAL(t0, y2, z2, (2 * j + 1) & 3);
            }
        }
#undef DEAL
        if (build) {
            uint32_t *total = hist + 4 * padded;
            memset(total, 0, sizeof(uint32_t) * (size_t)table->chunks * CHUNK);
            for (int c = 0; c < width; c++) {
                if (sd->group_of[c] >= 0) {
                    total[sd->group_of[c]] += hist[c] + hist[padded + c] + hist[2 * padded + c] +
                                             hist[3 * padded + c];
                }
            }
            row_store(table, row0 + rank, total);
            memset(hist, 0, 4 * sizeof(uint32_t) * (size_t)padded);
        }
        int i = 0;
        while (i < 6 && s[i] + 1 == s[i + 1]) {
            s[i] = i;
            i++;
        }
        if (i < 6) {
            s[i]++;
        }
    }
    free(hist);
    free(cum);
    free(low);
    return OK;
}

/* A pass over one half's deals: build its table (`table`), its players' sums (`beaten`), or
 * both. */
static int deal_pass(const side_t *sd, int u, const table_t *table, int64_t row0,
                     const table_t *beaten, int64_t beaten_row0, const int32_t *below,
                     const int32_t *at_most, uint64_t *sums) {
    /* two and three drawing players a half (five to seven players) compiled apart */
    if (sd->draw == 3 && sd->players == 3) { /* three players, none with a full hand */
        if (table != NULL && beaten != NULL) {
            return deal_pass3_body(sd, u, table, row0, beaten, beaten_row0, below, at_most,
                                   sums, 1, 1, 1);
        }
        if (table != NULL) {
            return deal_pass3_body(sd, u, table, row0, NULL, 0, NULL, NULL, NULL, 1, 0, 1);
        }
        return deal_pass3_body(sd, u, NULL, 0, beaten, beaten_row0, below, at_most, sums, 0,
                               1, 1);
    }
    if (sd->draw == 3) {
        if (table != NULL && beaten != NULL) {
            return deal_pass3_body(sd, u, table, row0, beaten, beaten_row0, below, at_most,
                                   sums, 1, 1, 0);
        }
        if (table != NULL) {
            return deal_pass3_body(sd, u, table, row0, NULL, 0, NULL, NULL, NULL, 1, 0, 0);
        }
        return deal_pass3_body(sd, u, NULL, 0, beaten, beaten_row0, below, at_most, sums, 0,
                               1, 0);
    }
    switch (sd->draw) {
    case 2:
        return deal_pass_body(sd, 2, u, table, row0, beaten, beaten_row0, below, at_most, sums);
    case 3:
        return deal_pass_body(sd, 3, u, table, row0, beaten, beaten_row0, below, at_most, sums);
    default:
        return deal_pass_body(sd, sd->draw, u, table, row0, beaten, beaten_row0, below,
                              at_most, sums);
    }
}

static void resolve(const side_t *sd, int first, const uint64_t *sums, int ties_won,
                    int64_t *win, int64_t *outright, int64_t *best) {
    const uint32_t patterns = 1u << sd->players;
    for (int p = 0; p < sd->players; p++) {
        uint32_t bit = 1u << p;
        uint64_t w = 0, b = 0, o = 0;
        for (uint32_t m = 0; m < patterns; m++) {
            for (uint32_t bank = 0; bank < 4; bank++) {
                const uint64_t *acc = sums + 2 * ((size_t)bank * patterns + m);
                if (m == bit) {
                    o += acc[0];
                }
                if (m & bit) {
                    b += acc[1];
                    if (!(m & (bit - 1))) {
                        w += acc[ties_won ? 1 : 0];
                    }
                }
            }
        }
        win[first + p] = (int64_t)w;
        outright[first + p] = (int64_t)o;
        best[first + p] = (int64_t)b;
    }
}

/* The interface's version: the loader refuses a library built from another one. */
PRIMERO_EXPORT int primero_halves_abi(void) {
    return 1;
}

/*
 * The whole count: n players, u unseen cards, the first half the players [0, cut), keys
 * dense in [0, k_count). to_come[j] is 2 or 0; keys is (n, u, u): a drawing player's key for
 * each pair of unseen positions (symmetric), a full hand's key in its first entry. Writes
 * win / outright / best deal counts per player. Returns 0, or 1 (a half beyond this kernel's
 * sizes: count another way), or 2 (out of memory).
 */
PRIMERO_EXPORT int primero_halves_count(int n, int u, int cut, int k_count,
                                        const int32_t *to_come, const int32_t *keys,
                                        int64_t *win, int64_t *outright, int64_t *best) {
    if (n < 2 || cut < 1 || cut >= n || u < 1 || u > MAX_UNSEEN || k_count < 1) {
        return UNSUPPORTED;
    }
#ifdef PRIMERO_TIMING
    clock_t lap_ = clock();
#endif
    fill_binomials();
    side_t sides[2];
    memset(sides, 0, sizeof(sides));
    table_t tables[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
    int32_t *cols = NULL;
    uint64_t *sums[2] = {NULL, NULL};
    int status = side_init(&sides[0], 0, cut, u, k_count, to_come, keys);
    if (status == OK) {
        status = side_init(&sides[1], cut, n, u, k_count, to_come, keys);
    }
    if (status != OK) {
        goto done;
    }
    const side_t *first = &sides[0], *second = &sides[1];
    int size[2] = {first->size, second->size};
    int top = size[0] > size[1] ? size[0] : size[1];
    int64_t offset[MAX_SIZE + 2];
    offset[0] = 0;
    for (int k = 0; k <= top; k++) {
        offset[k + 1] = offset[k] + binom[u][k];
    }
    cols = malloc(sizeof(int32_t) * 2 * (size_t)(first->width + second->width + 1));
    if (cols == NULL) {
        status = NO_MEMORY;
        goto done;
    }
    /* each half's table columns, for the other half's players */
    int32_t *below[2] = {cols, cols + 2 * first->width};
    int32_t *at_most[2] = {cols + first->width, cols + 2 * first->width + second->width};
    status = table_columns(&sides[1], first, below[0], at_most[0]);
    if (status == OK) {
        status = table_columns(&sides[0], second, below[1], at_most[1]);
    }
    if (status != OK) {
        goto done;
    }
    for (int h = 0; h < 2; h++) {
        tables[h].rows = offset[top + 1];
        tables[h].chunks = (sides[h].groups + CHUNK - 1) / CHUNK;
    }
    for (int h = 0; h < 2; h++) {
        sums[h] = calloc((size_t)8 << sides[h].players, sizeof(uint64_t));
    }
    tables[1].data = table_alloc(table_entries(&tables[1]));
    if (sums[0] == NULL || sums[1] == NULL || tables[1].data == NULL) {
        status = NO_MEMORY;
        goto done;
    }
    LAP("setup");
    /* the second half's table, then its deals disjoint from each set of the first half's */
    status = deal_pass(second, u, &tables[1], offset[size[1]], NULL, 0, NULL, NULL, NULL);
    if (status != OK) {
        goto done;
    }
    LAP("build 2nd");
    for (int k = 0; k < tables[1].chunks; k++) {
        superset_sums(tables[1].data + (size_t)k * tables[1].rows * CHUNK, CHUNK, u, size[1],
                      offset);
    }
    LAP("up 2nd");
    for (int k = 0; k < tables[1].chunks; k++) {
        signed_subset_sums(tables[1].data + (size_t)k * tables[1].rows * CHUNK, CHUNK, u,
                           size[0], offset);
    }
    LAP("down 2nd");
    /*
     * The first half's deals: its table, and its players' sums against the second half. The
     * first half's table takes the second's memory when it has no more chunks: its row r
     * (level size[0]) is where the second half's row r is, written after that is read; its
     * other levels are zeroed after.
     */
    const int shared = tables[0].chunks <= tables[1].chunks;
    tables[0].data = shared ? tables[1].data : table_alloc(table_entries(&tables[0]));
    if (tables[0].data == NULL) {
        status = NO_MEMORY;
        goto done;
    }
    status = deal_pass(first, u, &tables[0], offset[size[0]], &tables[1], offset[size[0]],
                       below[0], at_most[0], sums[0]);
    if (status != OK) {
        goto done;
    }
    LAP("pass 1st");
    if (shared) {
        const size_t start = (size_t)offset[size[0]] * CHUNK;
        const size_t stop = (size_t)(offset[size[0]] + binom[u][size[0]]) * CHUNK;
        const size_t whole = (size_t)tables[0].rows * CHUNK;
        for (int k = 0; k < tables[0].chunks; k++) {
            uint32_t *chunk = tables[0].data + (size_t)k * whole;
            memset(chunk, 0, start * sizeof(uint32_t));
            memset(chunk + stop, 0, (whole - stop) * sizeof(uint32_t));
        }
    } else {
        table_free(tables[1].data, table_entries(&tables[1]));
    }
    tables[1].data = NULL;
    for (int k = 0; k < tables[0].chunks; k++) {
        superset_sums(tables[0].data + (size_t)k * tables[0].rows * CHUNK, CHUNK, u, size[0],
                      offset);
    }
    LAP("up 1st");
    for (int k = 0; k < tables[0].chunks; k++) {
        signed_subset_sums(tables[0].data + (size_t)k * tables[0].rows * CHUNK, CHUNK, u,
                           size[1], offset);
    }
    LAP("down 1st");
    status = deal_pass(second, u, NULL, 0, &tables[0], offset[size[1]], below[1], at_most[1],
                       sums[1]);
    if (status != OK) {
        goto done;
    }
    LAP("pass 2nd");
    /* the first half's players win ties against the second half's, who come later */
    resolve(first, 0, sums[0], 1, win, outright, best);
    resolve(second, cut, sums[1], 0, win, outright, best);
done:
    side_free(&sides[0]);
    side_free(&sides[1]);
    if (tables[0].data == tables[1].data) {
        tables[0].data = NULL; /* shared */
    }
    table_free(tables[0].data, table_entries(&tables[0]));
    table_free(tables[1].data, table_entries(&tables[1]));
    free(sums[0]);
    free(sums[1]);
    free(cols);
    return status;
}
