/*
 * primero's per-call hand evaluator: Ranking.evaluate on four Card objects, in C.
 *
 * One object per ranking (made by bind() when the ranking binds its evaluator) holds the
 * pack's cards by identity (Cards are interned: equality is identity), the four colex offset
 * terms per card, the value class and the pure-Python evaluator to fall back to.  The
 * returned builtin is called as the pure one is: one positional argument that is an exact
 * tuple or list of four distinct cards of the pack gives a HandValue straight from their
 * indices (sort, add four offsets, one allocation, one slot written); any other call (other
 * iterables, subclasses of tuple or list, text, foreign cards, objects that only have an
 * ``index``, duplicates, the wrong count, keywords, no argument) is handed unchanged to the
 * pure-Python evaluator, so values, errors and messages are exactly the pure path's.
 *
 * The fast path runs no Python code (no attribute look-up, no comparison, no allocation
 * before the checks end): under the GIL it is atomic, and a list cannot change under it.
 *
 * The module's strengths() is Ranking.evaluate_many's batch: an (N, 4) array of pack indices,
 * read through its buffer (any strides), each row sorted, checked and looked up in one call
 * with no Python per hand.
 *
 * Built against the limited API of Python 3.11 (abi3): one binary serves 3.11 and later.
 */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#define SLOTS 256 /* identity table: a power of two well above MAX_CARDS (never full) */
#define MAX_CARDS 64

typedef struct {
    PyObject_HEAD
    /* what every call reads first, in the object's first cache line */
    PyObject *fallback;       /* the pure-Python evaluator */
    PyTypeObject *value_type; /* the ranking's HandValue class */
    allocfunc alloc;          /* its tp_alloc */
    Py_ssize_t slot;          /* byte offset of the value's _index slot */
    Py_ssize_t size;          /* the table's length: an index at or past it falls back */
    PyObject *doc;            /* bytes: the method's doc (the fallback's, with its signature) */
    PyMethodDef def;          /* the bound builtin's definition (it keeps this object alive) */
    PyObject *cards[SLOTS];   /* the pack's Card objects by pointer hash (NULL: empty) */
    int indices[SLOTS];       /* each card's Card.index */
    Py_ssize_t offsets[4][MAX_CARDS]; /* colex terms per Card.index */
} Evaluator;

static inline size_t hash_pointer(PyObject *p) {
    uintptr_t v = (uintptr_t)p;
    return (size_t)(((v >> 4) ^ (v >> 12)) & (SLOTS - 1));
}

static inline int card_index(const Evaluator *ev, PyObject *card) {
    size_t h = hash_pointer(card);
    for (;;) {
        PyObject *found = ev->cards[h];
        if (found == card) return ev->indices[h];
        if (found == NULL) return -1;
        h = (h + 1) & (SLOTS - 1);
    }
}

/* The call handed unchanged to the pure-Python evaluator: fallback(*args, **kwargs). */
static PyObject *call_fallback(Evaluator *ev, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames) {
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    if (nkw < 0) return NULL;
    if (nargs == 1 && nkw == 0)
        return PyObject_CallFunctionObjArgs(ev->fallback, args[0], NULL);
    PyObject *positional = PyTuple_New(nargs);
    if (positional == NULL) return NULL;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(positional, i, args[i]); /* steals the reference */
    }
    PyObject *keywords = NULL;
    if (nkw > 0) {
        keywords = PyDict_New();
        if (keywords == NULL) {
            Py_DECREF(positional);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < nkw; i++) {
            if (PyDict_SetItem(keywords, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
                Py_DECREF(keywords);
                Py_DECREF(positional);
                return NULL;
            }
        }
    }
    PyObject *result = PyObject_Call(ev->fallback, positional, keywords);
    Py_XDECREF(keywords);
    Py_DECREF(positional);
    return result;
}

static PyObject *evaluate(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames) {
    Evaluator *ev = (Evaluator *)self;
    PyObject *items[4];
    Py_ssize_t i;
    if (ev->fallback == NULL) { /* cleared by the GC while a finalizer of its cycle runs */
        PyErr_SetString(PyExc_ReferenceError, "this ranking's evaluator has been cleared");
        return NULL;
    }
    if (nargs != 1 || (kwnames != NULL && PyTuple_Size(kwnames) != 0)) goto fallback;
    PyObject *cards = args[0];
    if (PyTuple_CheckExact(cards)) {
        if (PyTuple_Size(cards) != 4) goto fallback;
        for (i = 0; i < 4; i++) items[i] = PyTuple_GetItem(cards, i);
    } else if (PyList_CheckExact(cards)) {
        if (PyList_Size(cards) != 4) goto fallback;
        for (i = 0; i < 4; i++) items[i] = PyList_GetItem(cards, i);
    } else {
        goto fallback;
    }
    /* borrowed references: nothing below runs Python code until the value is made */
    int a = card_index(ev, items[0]), b = card_index(ev, items[1]);
    int c = card_index(ev, items[2]), d = card_index(ev, items[3]);
    if ((a | b | c | d) < 0) goto fallback; /* not a card of the pack (by identity) */
    int t;
    if (a > b) { t = a; a = b; b = t; }
    if (c > d) { t = c; c = d; d = t; }
    if (a > c) { t = a; a = c; c = t; }
    if (b > d) { t = b; b = d; d = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (!(a < b && b < c && c < d)) goto fallback; /* a card twice */
    Py_ssize_t index = ev->offsets[0][a] + ev->offsets[1][b] + ev->offsets[2][c]
                       + ev->offsets[3][d];
    if (index < 0 || index >= ev->size) goto fallback;
    PyObject *number = PyLong_FromSsize_t(index);
    if (number == NULL) return NULL;
    PyObject *value = ev->alloc(ev->value_type, 0); /* as value_type() makes it: no __init__ */
    if (value == NULL) {
        Py_DECREF(number);
        return NULL;
    }
    *(PyObject **)((char *)value + ev->slot) = number; /* the slot takes the reference */
    return value;
fallback:
    return call_fallback(ev, args, nargs, kwnames);
}

static int evaluator_traverse(PyObject *self, visitproc visit, void *arg) {
    Evaluator *ev = (Evaluator *)self;
    for (int h = 0; h < SLOTS; h++) Py_VISIT(ev->cards[h]);
    Py_VISIT((PyObject *)ev->value_type);
    Py_VISIT(ev->fallback);
    Py_VISIT((PyObject *)Py_TYPE(self));
    return 0;
}

/* Breaks reference cycles (the ranking holds its evaluate, which holds this object, which
 * holds the value class and the fallback, which hold the ranking). The doc stays: the
 * builtin's definition points into it, and the builtin, holding a reference to this object,
 * never outlives it. A call after clearing (only a finalizer of the same garbage could make
 * one) raises ReferenceError instead of reading what was cleared. */
static int evaluator_clear(PyObject *self) {
    Evaluator *ev = (Evaluator *)self;
    for (int h = 0; h < SLOTS; h++) Py_CLEAR(ev->cards[h]);
    Py_CLEAR(ev->value_type);
    Py_CLEAR(ev->fallback);
    return 0;
}

static void evaluator_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    evaluator_clear(self);
    Py_CLEAR(((Evaluator *)self)->doc);
    freefunc release = (freefunc)PyType_GetSlot(type, Py_tp_free);
    release(self);
    Py_DECREF(type);
}

/* Pickling the bound builtin pickles (getattr, (this object, "evaluate")); this object then
 * pickles as a namespace whose ``evaluate`` is the fallback, so pickling ranking.evaluate
 * pickles the pure evaluator itself: the same error as the pure path (a local function cannot
 * be pickled), and a fallback that can be pickled loads back as itself. */
static PyObject *evaluator_reduce(PyObject *self, PyObject *unused) {
    Evaluator *ev = (Evaluator *)self;
    (void)unused;
    if (ev->fallback == NULL) {
        PyErr_SetString(PyExc_ReferenceError, "this ranking's evaluator has been cleared");
        return NULL;
    }
    PyObject *types = PyImport_ImportModule("types");
    if (types == NULL) return NULL;
    PyObject *namespace = PyObject_GetAttrString(types, "SimpleNamespace");
    Py_DECREF(types);
    if (namespace == NULL) return NULL;
    PyObject *state = Py_BuildValue("{sO}", "evaluate", ev->fallback);
    if (state == NULL) {
        Py_DECREF(namespace);
        return NULL;
    }
    return Py_BuildValue("N()N", namespace, state);
}

static PyMethodDef evaluator_methods[] = {
    {"__reduce__", evaluator_reduce, METH_NOARGS,
     "Pickled as a namespace holding the fallback as ``evaluate``."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot evaluator_slots[] = {
    {Py_tp_methods, (void *)evaluator_methods},
    {Py_tp_traverse, (void *)evaluator_traverse},
    {Py_tp_clear, (void *)evaluator_clear},
    {Py_tp_dealloc, (void *)evaluator_dealloc},
    {Py_tp_doc, (void *)"The state of one ranking's native evaluator."},
    {0, NULL},
};

static PyType_Spec evaluator_spec = {
    "primero.compiled_evaluator.Evaluator", sizeof(Evaluator), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    evaluator_slots,
};

/* The byte offset of the ``_index`` slot in a value: set it to a sentinel and look, then
 * check that a value written there directly reads back as its ``_index``. */
static Py_ssize_t find_slot(PyTypeObject *type, allocfunc alloc) {
    Py_ssize_t found = -1;
    PyObject *probe = alloc(type, 0);
    if (probe == NULL) return -1;
    PyObject *sentinel = PyLong_FromSsize_t(-7); /* not a cached small int: a new object */
    PyObject *basic = PyObject_GetAttrString((PyObject *)type, "__basicsize__");
    Py_ssize_t size = basic == NULL ? -1 : PyLong_AsSsize_t(basic);
    Py_XDECREF(basic);
    if (sentinel != NULL && size > 0 && PyObject_SetAttrString(probe, "_index", sentinel) == 0) {
        for (Py_ssize_t at = (Py_ssize_t)sizeof(PyObject);
             at + (Py_ssize_t)sizeof(PyObject *) <= size; at += (Py_ssize_t)sizeof(PyObject *)) {
            if (*(PyObject **)((char *)probe + at) == sentinel) { found = at; break; }
        }
    }
    Py_XDECREF(sentinel);
    Py_DECREF(probe);
    if (found < 0 || PyErr_Occurred()) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "bind: the value class has no _index slot");
        return -1;
    }
    /* the check: a second value, its slot written as evaluate() writes it */
    PyObject *check = alloc(type, 0);
    if (check == NULL) return -1;
    PyObject *number = PyLong_FromSsize_t(-11);
    if (number == NULL) {
        Py_DECREF(check);
        return -1;
    }
    Py_INCREF(number);
    *(PyObject **)((char *)check + found) = number;
    PyObject *read = PyObject_GetAttrString(check, "_index");
    int same = read == number;
    Py_XDECREF(read);
    Py_DECREF(number);
    Py_DECREF(check);
    if (read == NULL) return -1;
    if (!same) {
        PyErr_SetString(PyExc_TypeError, "bind: the value class's _index slot was not found");
        return -1;
    }
    return found;
}

/* The builtin's doc: "evaluate(cards)\n--\n\n" and the fallback's own __doc__, so that
 * __doc__ and inspect.signature() answer as the pure evaluator's do. */
static PyObject *method_doc(PyObject *fallback) {
    PyObject *doc = PyObject_GetAttrString(fallback, "__doc__");
    if (doc == NULL) return NULL;
    PyObject *text;
    if (PyUnicode_Check(doc))
        text = PyUnicode_FromFormat("evaluate(cards)\n--\n\n%U", doc);
    else
        text = PyUnicode_FromString("evaluate(cards)\n--\n\n");
    Py_DECREF(doc);
    if (text == NULL) return NULL;
    PyObject *bytes = PyUnicode_AsUTF8String(text);
    Py_DECREF(text);
    return bytes;
}

static PyObject *bind(PyObject *module, PyObject *args) {
    PyObject *cards, *offsets, *value_type, *fallback;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "OOnOO:bind", &cards, &offsets, &size, &value_type, &fallback))
        return NULL;
    if (!PyType_Check(value_type) || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "bind: value_type must be a class, fallback callable");
        return NULL;
    }
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "bind: size must not be negative");
        return NULL;
    }
    void *state = PyModule_GetState(module);
    PyTypeObject *evaluator_type = state == NULL ? NULL : *(PyTypeObject **)state;
    if (evaluator_type == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "bind: the module is not initialised");
        return NULL;
    }
    allocfunc make = (allocfunc)PyType_GetSlot(evaluator_type, Py_tp_alloc);
    Evaluator *ev = (Evaluator *)make(evaluator_type, 0); /* zeroed, tracked by the GC */
    if (ev == NULL) return NULL;
    ev->size = size;
    Py_INCREF(value_type);
    ev->value_type = (PyTypeObject *)value_type;
    Py_INCREF(fallback);
    ev->fallback = fallback;
    PyObject *result = NULL, *pack = NULL, *name = NULL;
    ev->alloc = (allocfunc)PyType_GetSlot(ev->value_type, Py_tp_alloc);
    if (ev->alloc == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "bind: the value class has no tp_alloc");
        goto done;
    }
    ev->slot = find_slot(ev->value_type, ev->alloc);
    if (ev->slot < 0) goto done;
    if (!PyTuple_Check(offsets) || PyTuple_Size(offsets) != 4) {
        PyErr_SetString(PyExc_ValueError, "bind: offsets must be a tuple of four sequences");
        goto done;
    }
    Py_ssize_t known = MAX_CARDS; /* card indices every offset list covers */
    for (int k = 0; k < 4; k++) {
        PyObject *terms = PySequence_Fast(PyTuple_GetItem(offsets, k), "bind: offsets");
        if (terms == NULL) goto done;
        Py_ssize_t count = PySequence_Size(terms);
        if (count < 0 || count > MAX_CARDS) {
            Py_DECREF(terms);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "bind: more than 64 card indices");
            goto done;
        }
        if (count < known) known = count;
        for (Py_ssize_t j = 0; j < MAX_CARDS; j++) {
            Py_ssize_t term = -1;
            if (j < count) {
                PyObject *item = PySequence_GetItem(terms, j);
                if (item == NULL) { Py_DECREF(terms); goto done; }
                term = PyLong_AsSsize_t(item);
                Py_DECREF(item);
                if (term == -1 && PyErr_Occurred()) { Py_DECREF(terms); goto done; }
                if (term < 0) {
                    Py_DECREF(terms);
                    PyErr_SetString(PyExc_ValueError, "bind: a negative offset");
                    goto done;
                }
                if (term > PY_SSIZE_T_MAX / 4) term = PY_SSIZE_T_MAX / 4; /* past any table */
            }
            ev->offsets[k][j] = term;
        }
        Py_DECREF(terms);
    }
    pack = PySequence_Fast(cards, "bind: cards");
    if (pack == NULL) goto done;
    Py_ssize_t n = PySequence_Size(pack);
    if (n < 0 || n > MAX_CARDS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bind: more than 64 cards");
        goto done;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *card = PySequence_GetItem(pack, j);
        if (card == NULL) goto done;
        PyObject *number = PyObject_GetAttrString(card, "index");
        long index = number == NULL ? -1 : PyLong_AsLong(number);
        Py_XDECREF(number);
        if (index < 0 || index >= known) {
            Py_DECREF(card);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "bind: a card index without offsets");
            goto done;
        }
        size_t h = hash_pointer(card);
        while (ev->cards[h] != NULL && ev->cards[h] != card) h = (h + 1) & (SLOTS - 1);
        if (ev->cards[h] == NULL) ev->cards[h] = card; /* the table owns this reference */
        else Py_DECREF(card);
        ev->indices[h] = (int)index;
    }
    ev->doc = method_doc(fallback);
    if (ev->doc == NULL) goto done;
    ev->def.ml_name = "evaluate";
    ev->def.ml_meth = (PyCFunction)(void (*)(void))evaluate;
    ev->def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    ev->def.ml_doc = PyBytes_AsString(ev->doc);
    if (ev->def.ml_doc == NULL) goto done;
    name = PyObject_GetAttrString(fallback, "__module__"); /* the builtin's __module__ */
    if (name == NULL) goto done;
    result = PyCFunction_NewEx(&ev->def, (PyObject *)ev, name);
done:
    Py_XDECREF(name);
    Py_XDECREF(pack);
    Py_DECREF(ev);
    return result;
}

/* The colex index of four sorted distinct card indices a < b < c < d. */
#define COLEX(a, b, c, d) ((a) + (b) * ((b) - 1) / 2 + (c) * ((c) - 1) * ((c) - 2) / 6 \
                          + (d) * ((d) - 1) * ((d) - 2) * ((d) - 3) / 24)
/* Branch-free compare-exchange: x the smaller, y the larger. */
#define ORDER(x, y) { long long lo_ = x < y ? x : y; y = x < y ? y : x; x = lo_; }

/* Inline everywhere it is called: each loop below is specialised for contiguous rows. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE static inline
#endif

/* A hint to fetch the row PREFETCH_ROWS ahead into every cache level (a hint only: never
 * read, never faults, so an address past the array's end is harmless; the address is made
 * as an integer, so no pointer leaves the array). Without it an int64 array, 32 bytes a row,
 * read cold took 15-16 ns a hand on the 2-core machine; with it 5.7 (int8 to int32: the
 * same, about 4-5 ns). */
#define PREFETCH_ROWS 32
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch((const void *)(address), 0, 3)
#else
#define PREFETCH(address) ((void)0)
#endif

/*
 * One batch loop per index type (see strengths): -1, or the first row found wrong.
 *
 * The rows are read through byte strides (rows apart by row_step, cards by card_step), so
 * any view numpy makes of an (N, 4) array is read where it lies: C or Fortran order, a slice,
 * a reversed or broadcast view. The C-contiguous case calls the same loop with constant
 * strides, which the compiler folds into plain indexed loads.
 */
#define BATCH(name, type)                                                                   \
    ALWAYS_INLINE Py_ssize_t name##_rows(const char *hand, Py_ssize_t row_step,             \
                                         Py_ssize_t card_step, Py_ssize_t rows,             \
                                         Py_ssize_t cards, const void *table,               \
                                         Py_ssize_t entries, Py_ssize_t width, void *out) { \
        for (Py_ssize_t r = 0; r < rows; r++, hand += row_step) {                            \
            PREFETCH((uintptr_t)hand + (uintptr_t)(PREFETCH_ROWS * row_step));               \
            type a_, b_, c_, d_; /* by memcpy: a numpy array may be unaligned */              \
            memcpy(&a_, hand, sizeof(type));                                                 \
            memcpy(&b_, hand + card_step, sizeof(type));                                     \
            memcpy(&c_, hand + 2 * card_step, sizeof(type));                                 \
            memcpy(&d_, hand + 3 * card_step, sizeof(type));                                 \
            long long a = (long long)a_, b = (long long)b_;                                  \
            long long c = (long long)c_, d = (long long)d_;                                  \
            /* unsigned: a negative index (or one past 2**63) is past the pack too */        \
            if ((unsigned long long)a >= (unsigned long long)cards                           \
                    || (unsigned long long)b >= (unsigned long long)cards                    \
                    || (unsigned long long)c >= (unsigned long long)cards                    \
                    || (unsigned long long)d >= (unsigned long long)cards) return r;         \
            ORDER(a, b) ORDER(c, d) ORDER(a, c) ORDER(b, d) ORDER(b, c)                      \
            if (a == b || b == c || c == d) return r;                                        \
            long long index = COLEX(a, b, c, d);                                             \
            if (index >= entries) return r;                                                  \
            switch (width) {                                                                 \
            case 1: ((int8_t *)out)[r] = ((const int8_t *)table)[index]; break;              \
            case 2: ((int16_t *)out)[r] = ((const int16_t *)table)[index]; break;            \
            case 4: ((int32_t *)out)[r] = ((const int32_t *)table)[index]; break;            \
            default: memcpy((char *)out + r * width, (const char *)table + index * width,    \
                            (size_t)width);                                                  \
            }                                                                                \
        }                                                                                    \
        return -1;                                                                           \
    }                                                                                        \
    static Py_ssize_t name(const char *hand, Py_ssize_t row_step, Py_ssize_t card_step,      \
                           Py_ssize_t rows, Py_ssize_t cards, const void *table,             \
                           Py_ssize_t entries, Py_ssize_t width, void *out) {                \
        if (card_step == (Py_ssize_t)sizeof(type)                                            \
                && row_step == 4 * (Py_ssize_t)sizeof(type))                                 \
            return name##_rows(hand, 4 * (Py_ssize_t)sizeof(type), (Py_ssize_t)sizeof(type), \
                               rows, cards, table, entries, width, out);                     \
        return name##_rows(hand, row_step, card_step, rows, cards, table, entries, width,    \
                           out);                                                             \
    }

BATCH(batch_int8, int8_t)
BATCH(batch_uint8, uint8_t)
BATCH(batch_int16, int16_t)
BATCH(batch_uint16, uint16_t)
BATCH(batch_int32, int32_t)
BATCH(batch_uint32, uint32_t)
BATCH(batch_int64, int64_t)
BATCH(batch_uint64, uint64_t)

typedef Py_ssize_t (*batch_loop)(const char *, Py_ssize_t, Py_ssize_t, Py_ssize_t, Py_ssize_t,
                                 const void *, Py_ssize_t, Py_ssize_t, void *);

/* The loop that reads a buffer of this format and item size, or NULL for any other: a
 * struct code of an integer (bhilqn signed, BHILQN unsigned) in the machine's byte order
 * ("@" or "=" or no prefix; "<", ">" and "!" go the numpy way), its width taken from the
 * item size, so "l" reads as 8 bytes where it is 8 and as 4 where it is 4. */
static batch_loop integer_loop(const char *format, Py_ssize_t itemsize) {
    if (format == NULL) return NULL;
    if (format[0] == '@' || format[0] == '=') format++;
    if (format[0] == 0 || format[1] != 0) return NULL;
    int is_signed;
    switch (format[0]) {
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': is_signed = 1; break;
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': is_signed = 0; break;
    default: return NULL;
    }
    switch (itemsize) {
    case 1: return is_signed ? batch_int8 : batch_uint8;
    case 2: return is_signed ? batch_int16 : batch_uint16;
    case 4: return is_signed ? batch_int32 : batch_uint32;
    case 8: return is_signed ? batch_int64 : batch_uint64;
    default: return NULL;
    }
}

/*
 * strengths(hands, cards, table, out, /) -> -1, a row, or -2: Ranking.evaluate_many's batch.
 *
 * hands: an (N, 4) buffer of integers (pack indices), in any strides; cards: the pack's size;
 * table: the strengths by colex index (1-D, contiguous); out: N items of table's format,
 * contiguous, written. Each row is sorted (a sorting network), checked (every index in
 * 0..cards-1, four distinct, the colex index within the table) and its strength copied.
 * Returns -1 when every row was written; the first row found wrong (out is then partly
 * written), whose error the caller words (the numpy path does); or -2, nothing written, when
 * hands is not an (N, 4) buffer of integers in the machine's byte order, or lends no buffer
 * at all (a list; numpy's datetime64 arrays): the caller sends it the numpy way too. A table
 * or out that does not fit raises ValueError.
 */
static PyObject *strengths(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "strengths takes 4 arguments");
        return NULL;
    }
    Py_ssize_t cards = PyLong_AsSsize_t(args[1]);
    if (cards == -1 && PyErr_Occurred()) return NULL;
    if (cards < 0 || cards > MAX_CARDS * 4) {
        PyErr_SetString(PyExc_ValueError, "strengths: a pack of 0..256 cards");
        return NULL;
    }
    Py_buffer hands, table, out;
    if (PyObject_GetBuffer(args[0], &hands, PyBUF_STRIDES | PyBUF_FORMAT) < 0) {
        /* not a buffer, or one that cannot be lent (numpy's datetime64): not read here */
        if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_ValueError)
                && !PyErr_ExceptionMatches(PyExc_BufferError))
            return NULL;
        PyErr_Clear();
        return PyLong_FromLong(-2);
    }
    batch_loop loop = integer_loop(hands.format, hands.itemsize);
    if (loop == NULL || hands.ndim != 2 || hands.shape[1] != 4) {
        PyBuffer_Release(&hands);
        return PyLong_FromLong(-2);
    }
    if (PyObject_GetBuffer(args[2], &table, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&hands);
        return NULL;
    }
    if (PyObject_GetBuffer(args[3], &out,
                           PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&table);
        PyBuffer_Release(&hands);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t width = table.itemsize;
    Py_ssize_t rows = hands.shape[0];
    Py_ssize_t entries = table.ndim == 1 ? table.shape[0] : -1;
    if (entries < 0 || out.ndim != 1 || out.shape[0] != rows || out.itemsize != width
            || width < 1 || width > 8 || table.format == NULL || out.format == NULL
            || strcmp(table.format, out.format) != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "strengths: table 1-D, out (N,) of its format, N the rows of hands");
        goto done;
    }
    /* strides is never NULL for a PyBUF_STRIDES request (C-contiguous exporters fill it) */
    Py_ssize_t bad = loop((const char *)hands.buf, hands.strides[0], hands.strides[1], rows,
                          cards, table.buf, entries, width, out.buf);
    result = PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&out);
    PyBuffer_Release(&table);
    PyBuffer_Release(&hands);
    return result;
}

static PyMethodDef module_methods[] = {
    {"strengths", (PyCFunction)(void (*)(void))strengths, METH_FASTCALL,
     "strengths(hands, cards, table, out, /)\n--\n\n"
     "Ranking.evaluate_many's batch: each (N, 4) row of pack indices (any strides) sorted,\n"
     "checked and its strength copied from table into out; -1, the first row found wrong\n"
     "(not written), or -2 when hands is not an (N, 4) integer buffer (nothing written)."},
    {"bind", bind, METH_VARARGS,
     "bind(cards, offsets, size, value_type, fallback, /)\n--\n\n"
     "A native evaluator for one ranking: cards are the pack's Card objects, offsets the four\n"
     "colex terms per Card.index, size the table's length, value_type the ranking's value\n"
     "class (with an _index slot), fallback the pure-Python evaluator for any other call."},
    {NULL, NULL, 0, NULL},
};

static int module_exec(PyObject *module) {
    PyObject *type = PyType_FromModuleAndSpec(module, &evaluator_spec, NULL);
    if (type == NULL) return -1;
    *(PyTypeObject **)PyModule_GetState(module) = (PyTypeObject *)type;
    return 0;
}

static int module_traverse(PyObject *module, visitproc visit, void *arg) {
    PyTypeObject **state = (PyTypeObject **)PyModule_GetState(module);
    if (state != NULL) Py_VISIT((PyObject *)*state);
    return 0;
}

static int module_clear(PyObject *module) {
    PyTypeObject **state = (PyTypeObject **)PyModule_GetState(module);
    if (state != NULL) Py_CLEAR(*state);
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)module_exec},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "primero.compiled_evaluator",
    "primero's native per-call hand evaluator (see primero.native_evaluator).",
    sizeof(PyTypeObject *), module_methods, module_slots, module_traverse, module_clear, NULL,
};

PyMODINIT_FUNC PyInit_compiled_evaluator(void) { return PyModuleDef_Init(&module_def); }
