/*
 * primero's seeded shuffle: a deal's stock from its seed, in C (primero.setup.seeded_stock).
 *
 *   shuffle(cards, seed, /)   ``cards`` (a tuple) in the order ``random.Random(seed).shuffle``
 *                             leaves a list of them: a new tuple, ``cards`` untouched.
 *
 * The same draws as CPython's ``random`` module, so every seed keeps the stock it always had
 * (deal records replay from seeds):
 *
 *   - the Mersenne Twister MT19937 seeded as ``random.seed(n)`` seeds an int: ``init_by_array``
 *     over the 32-bit words of ``n``, least significant first (one word ``0`` for ``n == 0``);
 *   - ``getrandbits(k)`` for ``k <= 32``: one 32-bit output shifted right by ``32 - k``;
 *   - ``_randbelow(n)``: ``getrandbits(n.bit_length())`` drawn again while ``>= n``;
 *   - ``shuffle``: Fisher-Yates from the last position down, ``j = _randbelow(i + 1)``,
 *     items ``i`` and ``j`` swapped.
 *
 * The seed is a whole number from 0 (the caller checks it; a negative one raises ValueError
 * here, ``random`` would take its absolute value).  Packs of more than 2**31 - 1 cards
 * (never a real one: they would need more than 32 bits a draw) raise ValueError.
 *
 * The generator's first 227 outputs need only the seeded state (each mixes three words the
 * twist has not yet rewritten), so a shuffle of a small pack draws them without the whole
 * twist of 624 words; a longer run of draws twists as CPython does.
 *
 * Built against the limited API of Python 3.11 (abi3): one binary serves 3.11 and later.
 */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MT_N 624
#define MT_M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

typedef struct {
    uint32_t mt[MT_N];
    int next;     /* the next output's position */
    int twisted;  /* whether mt holds the twisted words (else the seeded state) */
} Twister;

/* init_genrand(19650218), where every seeding starts: worked out once, at module load */
static uint32_t start_state[MT_N];

static void init_start_state(void) {
    start_state[0] = 19650218U;
    for (uint32_t i = 1; i < MT_N; i++)
        start_state[i] = 1812433253U * (start_state[i - 1] ^ (start_state[i - 1] >> 30)) + i;
}

/* CPython's init_by_array (Modules/_randommodule.c) over ``length`` words (at least one),
 * its wrap-arounds unrolled: the same words. */
static void init_by_array(Twister *t, const uint32_t *key, size_t length) {
    uint32_t *mt = t->mt;
    memcpy(mt, start_state, sizeof start_state);
    size_t i = 1, j = 0;
    size_t k = MT_N > length ? MT_N : length;
    uint32_t last = mt[0];
    while (k) {
        /* from ``i`` up to the end of the state, or fewer where the key's words run out */
        size_t run = MT_N - i < k ? MT_N - i : k;
        for (size_t stop = i + run; i < stop; i++) {
            last = (mt[i] ^ ((last ^ (last >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
            mt[i] = last;
            if (++j >= length) j = 0;
        }
        k -= run;
        if (i >= MT_N) {
            mt[0] = last;
            i = 1;
        }
    }
    last = mt[i - 1];
    for (k = MT_N - 1; k;) {
        size_t run = MT_N - i < k ? MT_N - i : k;
        for (size_t stop = i + run; i < stop; i++) {
            last = (mt[i] ^ ((last ^ (last >> 30)) * 1566083941U)) - (uint32_t)i;
            mt[i] = last;
        }
        k -= run;
        if (i >= MT_N) {
            mt[0] = last;
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    t->next = 0;
    t->twisted = 0;
}

/* init_by_array of a key of one or two words (every seed below 2**64: a deal's), the same
 * words in fewer instructions: key[j] + j is ``odd`` at odd ``i`` of the first pass and
 * ``even`` at even ``i`` (one value for a one-word key), no key index is kept, and the first
 * pass reads the start state where the general one copies it first. The words init_by_array
 * writes at ``mt[0]`` before its end are never read, so they are not written. */
static void init_by_short_key(Twister *t, uint32_t odd, uint32_t even) {
    uint32_t *mt = t->mt;
    uint32_t last = start_state[0];
    size_t i;
    for (i = 1; i < MT_N - 1; i += 2) {  /* the first pass, i = 1..622 */
        last = (start_state[i] ^ ((last ^ (last >> 30)) * 1664525U)) + odd;
        mt[i] = last;
        last = (start_state[i + 1] ^ ((last ^ (last >> 30)) * 1664525U)) + even;
        mt[i + 1] = last;
    }
    last = (start_state[MT_N - 1] ^ ((last ^ (last >> 30)) * 1664525U)) + odd;
    mt[MT_N - 1] = last;
    /* its 624th step wraps round to i = 1 (key word 623 % length: ``even`` of a two-word key) */
    last = (mt[1] ^ ((last ^ (last >> 30)) * 1664525U)) + even;
    mt[1] = last;
    for (i = 2; i < MT_N - 1; i += 2) {  /* the second pass, i = 2..623, then 1 */
        last = (mt[i] ^ ((last ^ (last >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[i] = last;
        last = (mt[i + 1] ^ ((last ^ (last >> 30)) * 1566083941U)) - (uint32_t)(i + 1);
        mt[i + 1] = last;
    }
    mt[1] = (mt[1] ^ ((last ^ (last >> 30)) * 1566083941U)) - 1U;
    mt[0] = 0x80000000U;
    t->next = 0;
    t->twisted = 0;
}

static inline uint32_t mix(uint32_t upper, uint32_t lower, uint32_t far) {
    uint32_t y = (upper & UPPER_MASK) | (lower & LOWER_MASK);
    return far ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
}

static void twist(Twister *t) {
    uint32_t *mt = t->mt;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) mt[kk] = mix(mt[kk], mt[kk + 1], mt[kk + MT_M]);
    for (; kk < MT_N - 1; kk++) mt[kk] = mix(mt[kk], mt[kk + 1], mt[kk + (MT_M - MT_N)]);
    mt[MT_N - 1] = mix(mt[MT_N - 1], mt[0], mt[MT_M - 1]);
}

static uint32_t next_word(Twister *t) {
    uint32_t y;
    if (!t->twisted && t->next < MT_N - MT_M) {
        /* the twisted word at ``next`` from three words the twist leaves alone until then */
        int k = t->next++;
        y = mix(t->mt[k], t->mt[k + 1], t->mt[k + MT_M]);
    } else {
        if (!t->twisted) {
            twist(t);  /* the words drawn so far come out the same: draw on from ``next`` */
            t->twisted = 1;
        } else if (t->next >= MT_N) {
            twist(t);
            t->next = 0;
        }
        y = t->mt[t->next++];
    }
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The seed's 32-bit words, least significant first, into *words (malloc'ed when more than
 * ``room``); their count, or -1 with an exception set. */
static Py_ssize_t seed_words(PyObject *seed, uint32_t *room, Py_ssize_t size, uint32_t **words) {
    *words = room;
    if (!PyLong_Check(seed)) {
        PyErr_SetString(PyExc_TypeError, "the seed must be an int");
        return -1;
    }
    unsigned long long small = PyLong_AsUnsignedLongLong(seed);
    if (!(small == (unsigned long long)-1 && PyErr_Occurred())) {
        room[0] = (uint32_t)small;
        room[1] = (uint32_t)(small >> 32);
        return room[1] ? 2 : 1;
    }
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
    PyErr_Clear();
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) return -1;
    int negative = PyObject_RichCompareBool(seed, zero, Py_LT);
    Py_DECREF(zero);
    if (negative < 0) return -1;
    if (negative) {
        PyErr_SetString(PyExc_ValueError, "the seed must be at least 0");
        return -1;
    }
    /* a long seed: its bytes in one call (linear in its length) */
    PyObject *bits = PyObject_CallMethod(seed, "bit_length", NULL);
    if (bits == NULL) return -1;
    Py_ssize_t nbits = PyLong_AsSsize_t(bits);
    Py_DECREF(bits);
    if (nbits < 0) return -1;
    Py_ssize_t count = (nbits - 1) / 32 + 1;
    PyObject *data = PyObject_CallMethod(seed, "to_bytes", "ns", count * 4, "little");
    if (data == NULL) return -1;
    char *bytes = NULL;
    Py_ssize_t length = 0;
    if (PyBytes_AsStringAndSize(data, &bytes, &length) < 0) {
        Py_DECREF(data);
        return -1;
    }
    if (count > size) {
        *words = PyMem_Malloc((size_t)count * sizeof(uint32_t));
        if (*words == NULL) {
            Py_DECREF(data);
            PyErr_NoMemory();
            return -1;
        }
    }
    const unsigned char *b = (const unsigned char *)bytes;
    for (Py_ssize_t w = 0; w < count; w++)
        (*words)[w] = (uint32_t)b[4 * w] | (uint32_t)b[4 * w + 1] << 8 |
                      (uint32_t)b[4 * w + 2] << 16 | (uint32_t)b[4 * w + 3] << 24;
    Py_DECREF(data);
    return count;
}

/* ``n.bit_length()`` of a 32-bit ``n`` above 0 (one instruction where the compiler has one) */
static inline int bit_length(uint32_t n) {
#if defined(__GNUC__) || defined(__clang__)
    return 32 - __builtin_clz(n);
#else
    int bits = 0;
    while (bits < 32 && (n >> bits)) bits++;
    return bits;
#endif
}

static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(cards, seed) takes two arguments");
        return NULL;
    }
    PyObject *cards = args[0];
    if (!PyTuple_Check(cards)) {
        PyErr_SetString(PyExc_TypeError, "the cards must be a tuple");
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(cards);
    if (n > 0x7fffffffL) {
        PyErr_SetString(PyExc_ValueError, "too many cards to shuffle here");
        return NULL;
    }
    uint32_t room[8];
    uint32_t *words;
    Py_ssize_t length = seed_words(args[1], room, 8, &words);
    if (length < 0) return NULL;
    Twister t;
    if (length == 1)
        init_by_short_key(&t, words[0], words[0]);
    else if (length == 2)
        init_by_short_key(&t, words[0], words[1] + 1U);
    else
        init_by_array(&t, words, (size_t)length);
    if (words != room) PyMem_Free(words);
    Py_ssize_t stack[64];
    Py_ssize_t *order = stack;
    if (n > 64) {
        order = PyMem_Malloc((size_t)n * sizeof(Py_ssize_t));
        if (order == NULL) return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) order[i] = i;
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        uint32_t bound = (uint32_t)i + 1U;
        int bits = bit_length(bound);
        uint32_t j;
        do {
            j = next_word(&t) >> (32 - bits);
        } while (j >= bound);
        Py_ssize_t swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }
    PyObject *result = PyTuple_New(n);
    if (result != NULL) {
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GetItem(cards, order[i]);
            Py_INCREF(item);
            PyTuple_SetItem(result, i, item);
        }
    }
    if (order != stack) PyMem_Free(order);
    return result;
}

static PyMethodDef module_methods[] = {
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "shuffle(cards, seed, /)\n--\n\n"
     "``cards`` (a tuple) in the order ``random.Random(seed).shuffle`` gives, as a new tuple "
     "(see primero.setup.seeded_stock)."},
    {NULL, NULL, 0, NULL},
};

static int module_exec(PyObject *module) {
    (void)module;
    init_start_state();
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)module_exec},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "primero.compiled_shuffle",
    "primero's native seeded shuffle (see primero.native_shuffle).",
    0, module_methods, module_slots, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_compiled_shuffle(void) { return PyModuleDef_Init(&module_def); }
