/*
 * primero's per-call hand evaluator: Ranking.evaluate on four Card objects, in C.
 *
 * One object per ranking (made by bind() when the ranking binds its evaluator) holds the
 * pack's cards by identity (Cards are interned: equality is identity), the four colex offset
 * terms per card, the value class and the pure-Python evaluator to fall back to.  The
 * returned builtin takes one argument: a tuple or list of four distinct cards of the pack
 * gives a HandValue straight from their indices (sort, add four offsets, one allocation,
 * one slot written); anything else (other iterables, text, foreign cards, duplicates, the
 * wrong count) is handed to the pure-Python evaluator, so values, errors and messages are
 * exactly the pure path's.
 *
 * Built against the limited API of Python 3.11 (abi3): one binary serves 3.11 and later.
 */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stddef.h>

#define SLOTS 256 /* identity table: a power of two well above 52 cards */
#define MAX_CARDS 64

typedef struct {
    PyObject_HEAD
    PyObject *cards[SLOTS];   /* the pack's Card objects by pointer hash (NULL: empty) */
    int indices[SLOTS];       /* each card's Card.index */
    Py_ssize_t offsets[4][MAX_CARDS]; /* colex terms per Card.index */
    Py_ssize_t size;          /* the table's length: an index at or past it falls back */
    Py_ssize_t slot;          /* byte offset of the value's _index slot */
    PyTypeObject *value_type; /* the ranking's HandValue class */
    allocfunc alloc;          /* its tp_alloc */
    PyObject *fallback;       /* the pure-Python evaluator */
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

static PyObject *evaluate(PyObject *self, PyObject *cards) {
    Evaluator *ev = (Evaluator *)self;
    PyObject *items[4];
    Py_ssize_t i;
    if (PyTuple_CheckExact(cards)) {
        if (PyTuple_Size(cards) != 4) goto fallback;
        for (i = 0; i < 4; i++) items[i] = PyTuple_GetItem(cards, i);
    } else if (PyList_CheckExact(cards)) {
        if (PyList_Size(cards) != 4) goto fallback;
        for (i = 0; i < 4; i++) items[i] = PyList_GetItem(cards, i);
    } else {
        goto fallback;
    }
    int a = card_index(ev, items[0]), b = card_index(ev, items[1]);
    int c = card_index(ev, items[2]), d = card_index(ev, items[3]);
    if ((a | b | c | d) < 0) goto fallback; /* not a card of the pack */
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
    PyObject *value = ev->alloc(ev->value_type, 0);
    if (value == NULL) {
        Py_DECREF(number);
        return NULL;
    }
    *(PyObject **)((char *)value + ev->slot) = number;
    return value;
fallback:
    return PyObject_CallFunctionObjArgs(ev->fallback, cards, NULL);
}

static PyMethodDef evaluate_def = {
    "evaluate", evaluate, METH_O,
    "evaluate(cards) -> HandValue\n\nThe value of a four-card hand (Ranking.evaluate)."};

static int evaluator_traverse(PyObject *self, visitproc visit, void *arg) {
    Evaluator *ev = (Evaluator *)self;
    for (int h = 0; h < SLOTS; h++) Py_VISIT(ev->cards[h]);
    Py_VISIT((PyObject *)ev->value_type);
    Py_VISIT(ev->fallback);
    Py_VISIT((PyObject *)Py_TYPE(self));
    return 0;
}

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
    freefunc release = (freefunc)PyType_GetSlot(type, Py_tp_free);
    release(self);
    Py_DECREF(type);
}

static PyType_Slot evaluator_slots[] = {
    {Py_tp_traverse, (void *)evaluator_traverse},
    {Py_tp_clear, (void *)evaluator_clear},
    {Py_tp_dealloc, (void *)evaluator_dealloc},
    {Py_tp_doc, (void *)"The state of one ranking's native evaluator."},
    {0, NULL},
};

static PyType_Spec evaluator_spec = {
    "primero.compiled_evaluator.Evaluator", sizeof(Evaluator), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, evaluator_slots,
};

/* The byte offset of the ``_index`` slot in a value: set it to a sentinel and look. */
static Py_ssize_t find_slot(PyTypeObject *type, allocfunc alloc) {
    PyObject *probe = alloc(type, 0);
    if (probe == NULL) return -1;
    PyObject *sentinel = PyLong_FromSsize_t(-7);
    Py_ssize_t found = -1;
    if (sentinel != NULL && PyObject_SetAttrString(probe, "_index", sentinel) == 0) {
        PyObject *basic = PyObject_GetAttrString((PyObject *)type, "__basicsize__");
        Py_ssize_t size = basic ? PyLong_AsSsize_t(basic) : -1;
        Py_XDECREF(basic);
        for (Py_ssize_t at = (Py_ssize_t)sizeof(PyObject);
             size > 0 && at + (Py_ssize_t)sizeof(PyObject *) <= size;
             at += (Py_ssize_t)sizeof(PyObject *)) {
            if (*(PyObject **)((char *)probe + at) == sentinel) { found = at; break; }
        }
    }
    Py_XDECREF(sentinel);
    Py_DECREF(probe);
    if (found < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "the value class has no _index slot");
    return found;
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
    PyTypeObject *evaluator_type = (PyTypeObject *)PyModule_GetState(module) == NULL
        ? NULL : *(PyTypeObject **)PyModule_GetState(module);
    if (evaluator_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "bind: the module is not initialised");
        return NULL;
    }
    allocfunc make = (allocfunc)PyType_GetSlot(evaluator_type, Py_tp_alloc);
    Evaluator *ev = (Evaluator *)make(evaluator_type, 0);
    if (ev == NULL) return NULL;
    ev->size = size;
    Py_INCREF(value_type);
    ev->value_type = (PyTypeObject *)value_type;
    Py_INCREF(fallback);
    ev->fallback = fallback;
    ev->alloc = (allocfunc)PyType_GetSlot(ev->value_type, Py_tp_alloc);
    PyObject *result = NULL;
    if (ev->alloc == NULL) goto done;
    ev->slot = find_slot(ev->value_type, ev->alloc);
    if (ev->slot < 0) goto done;
    if (!PyTuple_Check(offsets) || PyTuple_Size(offsets) != 4) {
        PyErr_SetString(PyExc_ValueError, "bind: offsets must be a tuple of four sequences");
        goto done;
    }
    for (int k = 0; k < 4; k++) {
        PyObject *terms = PySequence_Fast(PyTuple_GetItem(offsets, k), "bind: offsets");
        if (terms == NULL) goto done;
        Py_ssize_t count = PySequence_Size(terms);
        if (count > MAX_CARDS) {
            Py_DECREF(terms);
            PyErr_SetString(PyExc_ValueError, "bind: more than 64 card indices");
            goto done;
        }
        for (Py_ssize_t j = 0; j < MAX_CARDS; j++) {
            Py_ssize_t term = -1;
            if (j < count) {
                PyObject *item = PySequence_GetItem(terms, j);
                if (item == NULL) { Py_DECREF(terms); goto done; }
                term = PyLong_AsSsize_t(item);
                Py_DECREF(item);
                if (term == -1 && PyErr_Occurred()) { Py_DECREF(terms); goto done; }
            }
            ev->offsets[k][j] = term;
        }
        Py_DECREF(terms);
    }
    PyObject *pack = PySequence_Fast(cards, "bind: cards");
    if (pack == NULL) goto done;
    Py_ssize_t n = PySequence_Size(pack);
    if (n > MAX_CARDS) {
        Py_DECREF(pack);
        PyErr_SetString(PyExc_ValueError, "bind: more than 64 cards");
        goto done;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *card = PySequence_GetItem(pack, j);
        if (card == NULL) { Py_DECREF(pack); goto done; }
        PyObject *number = PyObject_GetAttrString(card, "index");
        long index = number ? PyLong_AsLong(number) : -1;
        Py_XDECREF(number);
        if (index < 0 || index >= MAX_CARDS) {
            Py_DECREF(card);
            Py_DECREF(pack);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "bind: a card index outside 0..63");
            goto done;
        }
        size_t h = hash_pointer(card);
        while (ev->cards[h] != NULL && ev->cards[h] != card) h = (h + 1) & (SLOTS - 1);
        if (ev->cards[h] == NULL) ev->cards[h] = card; /* the table owns this reference */
        else Py_DECREF(card);
        ev->indices[h] = (int)index;
    }
    Py_DECREF(pack);
    result = PyCFunction_NewEx(&evaluate_def, (PyObject *)ev, NULL);
done:
    Py_DECREF(ev);
    return result;
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind(cards, offsets, size, value_type, fallback) -> evaluate\n\n"
     "A native evaluator for one ranking: cards are the pack's Card objects, offsets the four\n"
     "colex terms per Card.index, size the table's length, value_type the ranking's value\n"
     "class (with an _index slot), fallback the pure-Python evaluator for any other input."},
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
