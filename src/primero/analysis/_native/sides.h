/*
 * Counting by halves (halves.c): the two halves, their players, deals and table columns.
 * Included once, by halves.c, after tables.h.
 */

#ifndef PRIMERO_HALVES_SIDES_H
#define PRIMERO_HALVES_SIDES_H

/*
 * One half: its players in playing order, who draws, each deal's choice of pairs, and its
 * table's columns: the keys that can be a deal's best key on this half (every key of a
 * drawing player's pairs or of a full hand, from the highest of the players' lowest keys
 * up), in increasing order. The half's players' keys are renumbered to those columns
 * (-1: below every column, never a deal's best key).
 */
typedef struct {
    int players;                      /* players on this half */
    int draw;                         /* of them, players who need two cards */
    int size;                         /* cards this half receives: 2 * draw */
    int npairs;                       /* pairs of positions within a set: C(size, 2) */
    int nsplits;                      /* ways to deal a set: size! / 2**draw */
    int pa[MAX_PAIRS], pb[MAX_PAIRS]; /* the positions of each pair */
    uint32_t bit[MAX_DRAW];           /* each drawing player's holder bit */
    int32_t fixed_top;                /* the best full hand's column on this half, or -1 */
    uint32_t fixed_mask;              /* the full hands holding it */
    int32_t *choice;                  /* (nsplits, draw): d * npairs + the pair of player d */
    int width;                        /* the table's columns */
    int32_t *kept;                    /* (width,): each column's key */
    int32_t *mapped;                  /* (draw, u * u): each drawing player's columns */
    int groups;                       /* the table's columns: groups of columns (below) */
    int32_t *group_of;                /* (width,): each column's group, or -1 (dropped) */
    int32_t match3[15 * 6];           /* three drawing players: for each pair of the first,
                                         the other four positions' three matchings (P, Q) */
} side_t;

static int enumerate_splits(side_t *sd, int player, uint32_t used, int32_t *current, int count,
                            int fill) {
    if (player == sd->draw) {
        if (fill) {
            memcpy(sd->choice + (size_t)count * sd->draw, current, sizeof(int32_t) * sd->draw);
        }
        return count + 1;
    }
    for (int q = 0; q < sd->npairs; q++) {
        uint32_t both = (1u << sd->pa[q]) | (1u << sd->pb[q]);
        if (used & both) {
            continue;
        }
        current[player] = player * sd->npairs + q;
        count = enumerate_splits(sd, player + 1, used | both, current, count, fill);
    }
    return count;
}

static int side_init(side_t *sd, int first, int last, int u, int k_count,
                     const int32_t *to_come, const int32_t *keys) {
    sd->players = last - first;
    sd->fixed_top = -1;
    if (sd->players > MAX_SIDE) {
        return UNSUPPORTED;
    }
    const int32_t *drawing[MAX_DRAW];
    int32_t fixed_key = -1, floor = 0;
    uint32_t fixed_mask = 0;
    for (int j = first; j < last; j++) {
        uint32_t bit = 1u << (j - first);
        const int32_t *matrix = keys + (size_t)j * u * u;
        int32_t lowest = INT32_MAX;
        if (to_come[j] == 2) {
            if (sd->draw == MAX_DRAW) {
                return UNSUPPORTED;
            }
            drawing[sd->draw] = matrix;
            sd->bit[sd->draw] = bit;
            sd->draw++;
            for (int x = 0; x < u; x++) {
                for (int y = 0; y < u; y++) {
                    if (x != y && matrix[x * u + y] < lowest) {
                        lowest = matrix[x * u + y];
                    }
                }
            }
        } else {
            lowest = matrix[0];
            if (matrix[0] > fixed_key) {
                fixed_key = matrix[0];
                fixed_mask = bit;
            } else if (matrix[0] == fixed_key) {
                fixed_mask |= bit;
            }
        }
        floor = lowest > floor ? lowest : floor;
    }
    sd->size = 2 * sd->draw;
    if (sd->size > u) {
        return UNSUPPORTED;
    }
    for (int a = 0; a < sd->size; a++) {
        for (int b = a + 1; b < sd->size; b++) {
            sd->pa[sd->npairs] = a;
            sd->pb[sd->npairs] = b;
            sd->npairs++;
        }
    }
    if (sd->draw == 3) {
        int index[MAX_SIZE][MAX_SIZE];
        for (int q = 0; q < sd->npairs; q++) {
            index[sd->pa[q]][sd->pb[q]] = q;
        }
        for (int q = 0; q < sd->npairs; q++) {
            int rest[4], r = 0;
            for (int x = 0; x < 6; x++) {
                if (x != sd->pa[q] && x != sd->pb[q]) {
                    rest[r++] = x;
                }
            }
            /* (01|23), (02|13), (03|12) of the four */
            int32_t *m = sd->match3 + 6 * q;
            m[0] = index[rest[0]][rest[1]], m[1] = index[rest[2]][rest[3]];
            m[2] = index[rest[0]][rest[2]], m[3] = index[rest[1]][rest[3]];
            m[4] = index[rest[0]][rest[3]], m[5] = index[rest[1]][rest[2]];
        }
    }
    int32_t current[MAX_DRAW];
    sd->nsplits = enumerate_splits(sd, 0, 0, current, 0, 0);
    int32_t *column = malloc(sizeof(int32_t) * (size_t)k_count);
    sd->choice = malloc(sizeof(int32_t) * (size_t)sd->nsplits * (sd->draw ? sd->draw : 1));
    sd->kept = malloc(sizeof(int32_t) * (size_t)k_count);
    sd->mapped = malloc(sizeof(int32_t) * (size_t)(sd->draw ? sd->draw : 1) * u * u);
    if (column == NULL || sd->choice == NULL || sd->kept == NULL || sd->mapped == NULL) {
        free(column);
        return NO_MEMORY;
    }
    enumerate_splits(sd, 0, 0, current, 0, 1);
    /* the columns: every key at or above the floor that a player of this half holds */
    for (int t = 0; t < k_count; t++) {
        column[t] = -1;
    }
    if (fixed_key >= 0) {
        column[fixed_key] = 0;
    }
    for (int d = 0; d < sd->draw; d++) {
        for (int x = 0; x < u; x++) {
            for (int y = 0; y < u; y++) {
                int32_t k = drawing[d][x * u + y];
                if (x != y && k >= floor) {
                    column[k] = 0;
                }
            }
        }
    }
    for (int t = 0; t < k_count; t++) {
        if (column[t] == 0) {
            sd->kept[sd->width] = t;
            column[t] = sd->width++;
        }
    }
    for (int d = 0; d < sd->draw; d++) {
        int32_t *m = sd->mapped + (size_t)d * u * u;
        for (int x = 0; x < u; x++) {
            for (int y = 0; y < u; y++) {
                int32_t k = drawing[d][x * u + y];
                m[x * u + y] = x != y && k >= floor ? column[k] : -1;
            }
        }
    }
    sd->fixed_top = fixed_key >= 0 ? column[fixed_key] : -1;
    sd->fixed_mask = fixed_mask;
    free(column);
    return OK;
}

static void side_free(side_t *sd) {
    free(sd->choice);
    free(sd->kept);
    free(sd->mapped);
    free(sd->group_of);
}

/*
 * The columns of `own`'s table, for `other`'s players: they only ever ask how many of own's
 * deals have a best key below, or at most, one of their keys, so own's columns between two
 * such thresholds are summed into one group, and those above the last are dropped. Sets
 * own->groups and own->group_of; below[c] / at_most[c] (for other's column c): the groups
 * whose keys are below / at most its key. Returns OK or NO_MEMORY.
 */
static int table_columns(side_t *own, const side_t *other, int32_t *below, int32_t *at_most) {
    int32_t *rank = calloc((size_t)own->width + 1, sizeof(int32_t));
    own->group_of = malloc(sizeof(int32_t) * (size_t)(own->width ? own->width : 1));
    if (rank == NULL || own->group_of == NULL) {
        free(rank);
        return NO_MEMORY;
    }
    int lo = 0, hi = 0;
    rank[0] = 1; /* thresholds among own's columns: 0 .. width, marked */
    for (int c = 0; c < other->width; c++) {
        int32_t key = other->kept[c];
        while (lo < own->width && own->kept[lo] < key) {
            lo++;
        }
        while (hi < own->width && own->kept[hi] <= key) {
            hi++;
        }
        below[c] = lo;
        at_most[c] = hi;
        rank[lo] = rank[hi] = 1;
    }
    int marked = 0, last = 0;
    for (int p = 0; p <= own->width; p++) {
        if (rank[p]) {
            last = p;
            rank[p] = marked++;
        } else {
            rank[p] = -1;
        }
    }
    own->groups = marked - 1; /* group g: columns from the g-th threshold to the next */
    for (int c = 0, g = -1; c < own->width; c++) {
        if (rank[c] >= 0) {
            g = rank[c];
        }
        own->group_of[c] = c < last ? g : -1;
    }
    for (int c = 0; c < other->width; c++) {
        below[c] = rank[below[c]];
        at_most[c] = rank[at_most[c]];
    }
    free(rank);
    return OK;
}

#endif
