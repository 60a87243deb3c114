/*
 * primero's tensor writer: the hot writes of the adapters' tensors (primero.adapters), in C.
 *
 * The adapters keep one public template per tensor layout and patch it from state to state
 * (primero.adapters.Encoder).  Three functions do the writing, each the exact counterpart of
 * a pure-Python function of primero.tensor_writes (the same arguments, the same values, the
 * same updates of the kept facts), which is used where this extension is not built:
 *
 *   patch(view, kept, state, slots, at)   the template's present: whose turn, the step, the
 *                                         seats that changed, the pot, the high bet, "over";
 *   link(view, at, move, layout)          one decision added to the history pieces;
 *   private_copy(view, copy, ones)        a copy of the template with 1.0 at ``ones``.
 *
 * ``view`` is any writable C-contiguous buffer of float32 (the template's memoryview).  Every
 * position is checked against its length (IndexError, nothing written), every value read off
 * the state is checked for its type.  Chips are C longs here: a count past one (or a sum that
 * would pass one) raises OverflowError, and the caller writes that state with the pure
 * functions, which take any int.  Arithmetic is that of the pure functions: chips and
 * card counts divided in double, sums made in double from the float32 read, one rounding to
 * float32 at the store.
 *
 * Built against the limited API of Python 3.11 (abi3): one binary serves 3.11 and later.
 */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>

/* attribute names, interned at module load */
static PyObject *s_to_act, *s_over, *s_pending, *s_step_index, *s_seats, *s_settlement,
    *s_high, *s_carry, *s_stack, *s_contributed, *s_round_bet, *s_folded, *s_hand,
    *s_discarded, *s_received;

typedef struct {
    Py_buffer buffer;
    float *data;
    Py_ssize_t length;
} Floats;

static int floats_open(PyObject *view, Floats *out) {
    if (PyObject_GetBuffer(view, &out->buffer, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS |
                                                    PyBUF_FORMAT) < 0)
        return -1;
    const char *format = out->buffer.format;
    if (out->buffer.itemsize != 4 || format == NULL || !(format[0] == 'f' && format[1] == 0)) {
        PyBuffer_Release(&out->buffer);
        PyErr_SetString(PyExc_TypeError, "expected a writable buffer of float32 ('f')");
        return -1;
    }
    out->data = (float *)out->buffer.buf;
    out->length = out->buffer.len / 4;
    return 0;
}

static int floats_check(const Floats *f, Py_ssize_t at, const char *what) {
    if (at < 0 || at >= f->length) {
        PyErr_Format(PyExc_IndexError, "%s position %zd outside the tensor (0..%zd)", what, at,
                     f->length - 1);
        return -1;
    }
    return 0;
}

/* Whether every one of ``count`` layout values lies in 0..length (so that sums and products
 * of two stay far inside a Py_ssize_t); an IndexError set if not. */
static int within(const Floats *f, const long *values, int count) {
    for (int i = 0; i < count; i++) {
        if (values[i] < 0 || values[i] > f->length) {
            PyErr_Format(PyExc_IndexError, "a layout value %ld outside the tensor (0..%zd)",
                         values[i], f->length);
            return -1;
        }
    }
    return 0;
}

/* a + b into *out, or an OverflowError (the pure writes take any int: the caller falls back
 * to them) */
static int add_chips(long a, long b, long *out) {
    if ((b > 0 && a > LONG_MAX - b) || (b < 0 && a < LONG_MIN - b)) {
        PyErr_SetString(PyExc_OverflowError, "chips past a C long");
        return -1;
    }
    *out = a + b;
    return 0;
}

/* An exact int attribute as a C long (bool is an int: folded, over). -1 and an error set. */
static int get_long(PyObject *obj, PyObject *name, long *out) {
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL) return -1;
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%U is not an int", name);
        Py_DECREF(value);
        return -1;
    }
    *out = PyLong_AsLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int item_long(PyObject *seq, Py_ssize_t i, long *out) {
    PyObject *value = PySequence_GetItem(seq, i);
    if (value == NULL) return -1;
    *out = PyLong_AsLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int item_double(PyObject *seq, Py_ssize_t i, double *out) {
    PyObject *value = PySequence_GetItem(seq, i);
    if (value == NULL) return -1;
    *out = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

static int set_long_append(PyObject *list, long value) {
    PyObject *number = PyLong_FromLong(value);
    if (number == NULL) return -1;
    int done = PyList_Append(list, number);
    Py_DECREF(number);
    return done;
}

static int set_long(PyObject *list, Py_ssize_t i, long value) {
    PyObject *number = PyLong_FromLong(value);
    if (number == NULL) return -1;
    return PyList_SetItem(list, i, number); /* steals */
}

/* Whether a seat holds a receipt of the reason ``face_up`` (the reason is the receipt's
 * second item; lengths first: the core's reasons all differ from it in length). 1, 0, or
 * -1 and an error set. */
static int dealt_face_up(PyObject *seat, PyObject *face_up) {
    PyObject *received = PyObject_GetAttr(seat, s_received);
    if (received == NULL) return -1;
    if (!PyTuple_Check(received)) {
        Py_DECREF(received);
        PyErr_SetString(PyExc_TypeError, "seat.received must be a tuple");
        return -1;
    }
    Py_ssize_t wanted = PyUnicode_GetLength(face_up), count = PyTuple_Size(received);
    int found = 0;
    for (Py_ssize_t i = 0; i < count && !found; i++) {
        PyObject *receipt = PyTuple_GetItem(received, i);
        if (!PyTuple_Check(receipt) || PyTuple_Size(receipt) < 2) {
            PyErr_SetString(PyExc_TypeError, "a receipt must be a (card, reason, ...) tuple");
            found = -1;
            break;
        }
        PyObject *reason = PyTuple_GetItem(receipt, 1);
        if (reason == face_up) {
            found = 1;
        } else if (PyUnicode_Check(reason) && PyUnicode_GetLength(reason) == wanted) {
            found = PyUnicode_Compare(reason, face_up) == 0;
            if (PyErr_Occurred()) found = -1;
        }
    }
    Py_DECREF(received);
    return found;
}

/* One seat's five public values at k, k + n, ... (stacks, contributed, round_bet, folded,
 * cards held); its chips put in go to *contributed. */
static int write_seat(Floats *f, Py_ssize_t k, long n, double total, double held,
                      PyObject *seat, long *contributed) {
    long stack, in, round, folded;
    if (get_long(seat, s_stack, &stack) < 0 || get_long(seat, s_contributed, &in) < 0 ||
        get_long(seat, s_round_bet, &round) < 0 || get_long(seat, s_folded, &folded) < 0)
        return -1;
    PyObject *hand = PyObject_GetAttr(seat, s_hand);
    if (hand == NULL) return -1;
    Py_ssize_t cards = PyObject_Size(hand);
    Py_DECREF(hand);
    if (cards < 0) return -1;
    if (floats_check(f, k + 4 * n, "a seat's") < 0 || floats_check(f, k, "a seat's") < 0)
        return -1;
    f->data[k] = (float)((double)stack / total);
    f->data[k + n] = (float)((double)in / total);
    f->data[k + 2 * n] = (float)((double)round / total);
    f->data[k + 3 * n] = folded ? 1.0f : 0.0f;
    f->data[k + 4 * n] = (double)cards < held ? (float)((double)cards / held) : 1.0f;
    *contributed = in;
    return 0;
}

/* patch(view, kept, state, slots, at) -> the step's index among the deciding steps, or None.
 *
 * kept: [state, trail, mark, step mark, seats, settled, step, chips put in] (a list, items
 * 2, 3, 4 and 7 updated here); slots: each context step's deciding-step index or None;
 * at: (public start, step offset, stacks offset, pot offset, players, total chips, held,
 * the reason of a card dealt face up); item 5 of kept is set True when a seat written holds
 * a receipt of that reason (the shown piece is to be written). */
static PyObject *patch(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "patch(view, kept, state, slots, at) takes 5 arguments");
        return NULL;
    }
    PyObject *kept = args[1], *state = args[2], *slots = args[3], *at = args[4];
    if (!PyList_Check(kept) || PyList_Size(kept) != 8) {
        PyErr_SetString(PyExc_TypeError, "kept must be a list of 8 items");
        return NULL;
    }
    if (!PyTuple_Check(slots) || !PyTuple_Check(at) || PyTuple_Size(at) != 8) {
        PyErr_SetString(PyExc_TypeError, "slots and at must be tuples (at: 8 items)");
        return NULL;
    }
    PyObject *face_up = PyTuple_GetItem(at, 7);
    if (!PyUnicode_Check(face_up)) {
        PyErr_SetString(PyExc_TypeError, "the face-up reason must be a str");
        return NULL;
    }
    long base, step_at, stacks_at, pot_at, n;
    double total, held;
    if (item_long(at, 0, &base) < 0 || item_long(at, 1, &step_at) < 0 ||
        item_long(at, 2, &stacks_at) < 0 || item_long(at, 3, &pot_at) < 0 ||
        item_long(at, 4, &n) < 0 || item_double(at, 5, &total) < 0 ||
        item_double(at, 6, &held) < 0)
        return NULL;
    Floats f;
    if (floats_open(args[0], &f) < 0) return NULL;
    PyObject *result = NULL, *to_act = NULL, *pending = NULL, *seats = NULL, *before = NULL,
             *settlement = NULL;
    long over, step_index, high, old, put_in;
    int shown = 0;
    const long layout[] = {base, step_at, stacks_at, pot_at, n};
    if (within(&f, layout, 5) < 0) goto done;
    /* whose turn: none at chance (cards pending) and at the end */
    to_act = PyObject_GetAttr(state, s_to_act);
    if (to_act == NULL || get_long(state, s_over, &over) < 0) goto done;
    pending = PyObject_GetAttr(state, s_pending);
    if (pending == NULL) goto done;
    int waiting = PyObject_IsTrue(pending);
    if (waiting < 0) goto done;
    long mark = -1;
    if (to_act != Py_None && !over && !waiting) {
        long seat = PyLong_AsLong(to_act);
        if (seat == -1 && PyErr_Occurred()) goto done;
        if (seat < 0 || seat >= n) {
            PyErr_Format(PyExc_IndexError, "the player to act %ld is not a seat", seat);
            goto done;
        }
        mark = base + seat;
    }
    /* the deciding step: the slot of the state's position in its context's steps */
    if (get_long(state, s_step_index, &step_index) < 0) goto done;
    Py_ssize_t slot = (Py_ssize_t)step_index + 1;
    PyObject *step = Py_None; /* borrowed */
    if (slot >= 0 && slot < PyTuple_Size(slots)) step = PyTuple_GetItem(slots, slot);
    long step_mark = -1;
    if (step != Py_None) {
        long index = PyLong_AsLong(step);
        if (index == -1 && PyErr_Occurred()) goto done;
        if (within(&f, &index, 1) < 0) goto done;
        step_mark = base + step_at + index;
    }
    if (mark >= 0 && floats_check(&f, mark, "the turn's") < 0) goto done;
    if (step_mark >= 0 && floats_check(&f, step_mark, "the step's") < 0) goto done;
    if (item_long(kept, 2, &old) < 0) goto done;
    if (old != mark) {
        if (old >= 0 && floats_check(&f, old, "the turn's") == 0) f.data[old] = 0.0f;
        PyErr_Clear();
        if (mark >= 0) f.data[mark] = 1.0f;
    }
    if (item_long(kept, 3, &old) < 0) goto done;
    if (old != step_mark) {
        if (old >= 0 && floats_check(&f, old, "the step's") == 0) f.data[old] = 0.0f;
        PyErr_Clear();
        if (step_mark >= 0) f.data[step_mark] = 1.0f;
    }
    /* the seats that are not the very values last written */
    seats = PyObject_GetAttr(state, s_seats);
    if (seats == NULL) goto done;
    if (!PyTuple_Check(seats) || PyTuple_Size(seats) != n) {
        PyErr_SetString(PyExc_TypeError, "state.seats must be a tuple of one seat per player");
        goto done;
    }
    before = PyList_GetItem(kept, 4); /* borrowed */
    if (before == NULL) goto done;
    Py_INCREF(before);
    if (item_long(kept, 7, &put_in) < 0) goto done;
    if (seats != before) {
        if (!PyTuple_Check(before) || PyTuple_Size(before) != n) {
            PyErr_SetString(PyExc_TypeError, "kept seats must be a tuple of one per player");
            goto done;
        }
        Py_ssize_t k = base + stacks_at;
        for (Py_ssize_t i = 0; i < n; i++, k++) {
            PyObject *seat = PyTuple_GetItem(seats, i), *was = PyTuple_GetItem(before, i);
            if (seat == was) continue;
            long in, was_in = 0;
            if (write_seat(&f, k, n, total, held, seat, &in) < 0) goto done;
            int up = dealt_face_up(seat, face_up);
            if (up < 0) goto done;
            if (up) shown = 1;
            if (was != Py_None && get_long(was, s_contributed, &was_in) < 0) goto done;
            if (add_chips(put_in, in, &put_in) < 0 || add_chips(put_in, -was_in, &put_in) < 0)
                goto done;
        }
    }
    /* the pot (the carry at a settlement), the high bet, over */
    settlement = PyObject_GetAttr(state, s_settlement);
    if (settlement == NULL || get_long(state, s_high, &high) < 0) goto done;
    long pot = put_in;
    if (settlement != Py_None && get_long(settlement, s_carry, &pot) < 0) goto done;
    Py_ssize_t k = base + pot_at;
    if (floats_check(&f, k + 2, "the pot's") < 0 || floats_check(&f, k, "the pot's") < 0)
        goto done;
    f.data[k] = (float)((double)pot / total);
    f.data[k + 1] = (float)((double)high / total);
    f.data[k + 2] = over ? 1.0f : 0.0f;
    if (set_long(kept, 2, mark) < 0 || set_long(kept, 3, step_mark) < 0 ||
        set_long(kept, 7, put_in) < 0)
        goto done;
    Py_INCREF(seats);
    if (PyList_SetItem(kept, 4, seats) < 0) goto done;
    if (shown) {
        Py_INCREF(Py_True);
        if (PyList_SetItem(kept, 5, Py_True) < 0) goto done;
    }
    Py_INCREF(step);
    result = step;
done:
    Py_XDECREF(to_act);
    Py_XDECREF(pending);
    Py_XDECREF(seats);
    Py_XDECREF(before);
    Py_XDECREF(settlement);
    PyBuffer_Release(&f.buffer);
    return result;
}

/* min(1, value + step) as the pure path works it: a double sum, rounded once to float32. */
static inline float capped_sum(float value, double step) {
    double sum = (double)value + step;
    return sum < 1.0 ? (float)sum : 1.0f;
}

/* link(view, at, move, layout) -> None: one decision added to the history pieces laid out
 * in view from at.
 *
 * move: (seat, kind, chips put in, cards changed, deciding step or -1, its row among the
 * latest decisions: the trail's length less one); layout: (players, kinds, total chips, held,
 * step_chips offset, step_cards offset, recent offset, recent rows, row width). */
static PyObject *add_link(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "link(view, at, move, layout) takes 4 arguments");
        return NULL;
    }
    PyObject *move = args[2], *layout = args[3];
    if (!PyTuple_Check(move) || PyTuple_Size(move) != 6 || !PyTuple_Check(layout) ||
        PyTuple_Size(layout) != 9) {
        PyErr_SetString(PyExc_TypeError, "move must be a tuple of 6 and layout one of 9");
        return NULL;
    }
    long at = PyLong_AsLong(args[1]);
    if (at == -1 && PyErr_Occurred()) return NULL;
    long seat, kind, chips, changed, step, row, n, kinds, chips_at, changed_at, recent_at, rows,
        width;
    double total, held;
    if (item_long(move, 0, &seat) < 0 || item_long(move, 1, &kind) < 0 ||
        item_long(move, 2, &chips) < 0 || item_long(move, 3, &changed) < 0 ||
        item_long(move, 4, &step) < 0 || item_long(move, 5, &row) < 0 ||
        item_long(layout, 0, &n) < 0 || item_long(layout, 1, &kinds) < 0 ||
        item_double(layout, 2, &total) < 0 || item_double(layout, 3, &held) < 0 ||
        item_long(layout, 4, &chips_at) < 0 || item_long(layout, 5, &changed_at) < 0 ||
        item_long(layout, 6, &recent_at) < 0 || item_long(layout, 7, &rows) < 0 ||
        item_long(layout, 8, &width) < 0)
        return NULL;
    if (seat < 0 || seat >= n || kind < 0 || kind >= kinds || row < 0 || rows < 1 ||
        width < n + kinds + 2) {
        PyErr_SetString(PyExc_ValueError, "a decision outside the layout");
        return NULL;
    }
    Floats f;
    if (floats_open(args[0], &f) < 0) return NULL;
    const long layout_values[] = {at, n, kinds, chips_at, changed_at, recent_at, rows, width};
    if (within(&f, layout_values, 8) < 0 || (step >= 0 && within(&f, &step, 1) < 0)) goto fail;
    Py_ssize_t recent = at + recent_at;
    if (floats_check(&f, recent, "the history's") < 0 ||
        floats_check(&f, recent + rows * width - 1, "the history's") < 0)
        goto fail;
    if (step >= 0) {
        Py_ssize_t cell = step * n + seat; /* step_moves opens the history pieces */
        Py_ssize_t moves = at + cell * kinds + kind, put = at + chips_at + cell,
                   cards = at + changed_at + cell;
        if (floats_check(&f, moves, "the history's") < 0 ||
            floats_check(&f, put, "the history's") < 0 ||
            floats_check(&f, cards, "the history's") < 0)
            goto fail;
        f.data[moves] = capped_sum(f.data[moves], 1.0 / 3.0);
        if (chips) f.data[put] = (float)((double)f.data[put] + (double)chips / total);
        if (changed) f.data[cards] = capped_sum(f.data[cards], (double)changed / held);
    }
    if (row >= rows) { /* the window is full: the oldest row goes */
        float *window = f.data + recent;
        for (Py_ssize_t i = 0; i < (rows - 1) * width; i++) window[i] = window[i + width];
        for (Py_ssize_t i = (rows - 1) * width; i < rows * width; i++) window[i] = 0.0f;
        row = rows - 1;
    }
    float *line = f.data + recent + row * width; /* a row of zeros */
    line[seat] = 1.0f;
    line[n + kind] = 1.0f;
    if (chips) line[width - 2] = (float)((double)chips / total);
    if (changed) line[width - 1] = capped_sum(0.0f, (double)changed / held);
    PyBuffer_Release(&f.buffer);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&f.buffer);
    return NULL;
}

/* private_copy(view, copy, ones) -> copy() taken with 1.0 at each position of ones.
 *
 * view: the template's buffer (zero at every position of ones); copy: a callable that copies
 * the template (its bound .copy); ones: a tuple of positions. The template is as it was after
 * the call, whether copy() succeeds or not. */
static PyObject *private_copy(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "private_copy(view, copy, ones) takes 3 arguments");
        return NULL;
    }
    PyObject *ones = args[2];
    if (!PyTuple_Check(ones)) {
        PyErr_SetString(PyExc_TypeError, "ones must be a tuple of positions");
        return NULL;
    }
    Floats f;
    if (floats_open(args[0], &f) < 0) return NULL;
    Py_ssize_t count = PyTuple_Size(ones), set = 0;
    PyObject *result = NULL;
    for (; set < count; set++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GetItem(ones, set));
        if (at == -1 && PyErr_Occurred()) goto undo;
        if (floats_check(&f, at, "a private") < 0) goto undo;
        f.data[at] = 1.0f;
    }
    result = PyObject_CallNoArgs(args[1]);
undo:
    for (Py_ssize_t i = 0; i < set; i++)
        f.data[PyLong_AsSsize_t(PyTuple_GetItem(ones, i))] = 0.0f;
    PyBuffer_Release(&f.buffer);
    return result;
}


/* Append where ``cards``' 1s go (their positions in ``at``, a dict by card) to ``ones``. */
static int append_cards(PyObject *ones, PyObject *cards, PyObject *at) {
    PyObject *iterator = PyObject_GetIter(cards);
    if (iterator == NULL) return -1;
    PyObject *card;
    while ((card = PyIter_Next(iterator)) != NULL) {
        PyObject *position = PyDict_GetItemWithError(at, card); /* borrowed */
        Py_DECREF(card);
        if (position == NULL) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a card not of the pack");
            Py_DECREF(iterator);
            return -1;
        }
        if (PyList_Append(ones, position) < 0) {
            Py_DECREF(iterator);
            return -1;
        }
    }
    Py_DECREF(iterator);
    return PyErr_Occurred() ? -1 : 0;
}

/* private_ones(seat, index, at) -> where the seat's 1s go in its information state, a tuple.
 *
 * index: the seat's number (the ``player`` piece's 1); at: (hand positions, discards
 * positions, receipts positions: dicts by card, the last batch) -- or, for the observation,
 * a tuple of two (no receipts). The receipts' batches: a new batch at each new ``after`` (the
 * receipts in the order dealt), the last batch taking any later. */
static PyObject *private_ones(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "private_ones(seat, index, at) takes 3 arguments");
        return NULL;
    }
    PyObject *seat = args[0], *at = args[2];
    Py_ssize_t parts = PyTuple_Check(at) ? PyTuple_Size(at) : -1;
    if (parts != 2 && parts != 4) {
        PyErr_SetString(PyExc_TypeError, "at must be a tuple of 2 or 4 items");
        return NULL;
    }
    PyObject *hand_at = PyTuple_GetItem(at, 0), *thrown_at = PyTuple_GetItem(at, 1);
    if (!PyDict_Check(hand_at) || !PyDict_Check(thrown_at)) {
        PyErr_SetString(PyExc_TypeError, "the positions must be dicts");
        return NULL;
    }
    PyObject *ones = PyList_New(0), *cards = NULL, *result = NULL;
    if (ones == NULL) return NULL;
    if (PyList_Append(ones, args[1]) < 0) goto done;
    cards = PyObject_GetAttr(seat, s_hand);
    if (cards == NULL || append_cards(ones, cards, hand_at) < 0) goto done;
    Py_DECREF(cards);
    cards = PyObject_GetAttr(seat, s_discarded);
    if (cards == NULL || append_cards(ones, cards, thrown_at) < 0) goto done;
    if (parts == 4) {
        PyObject *got_at = PyTuple_GetItem(at, 2);
        long last = PyLong_AsLong(PyTuple_GetItem(at, 3));
        if (last == -1 && PyErr_Occurred()) goto done;
        if (!PyDict_Check(got_at)) {
            PyErr_SetString(PyExc_TypeError, "the positions must be dicts");
            goto done;
        }
        Py_DECREF(cards);
        cards = PyObject_GetAttr(seat, s_received);
        if (cards == NULL) goto done;
        if (!PyTuple_Check(cards)) {
            PyErr_SetString(PyExc_TypeError, "seat.received must be a tuple");
            goto done;
        }
        long batch = -1;
        PyObject *after = NULL; /* borrowed: the batch's ``after`` */
        Py_ssize_t count = PyTuple_Size(cards);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *receipt = PyTuple_GetItem(cards, i);
            if (!PyTuple_Check(receipt) || PyTuple_Size(receipt) < 3) {
                PyErr_SetString(PyExc_TypeError, "a receipt must be a (card, reason, after, "
                                                 "...) tuple");
                goto done;
            }
            PyObject *when = PyTuple_GetItem(receipt, 2);
            int same = after == NULL ? 0 : PyObject_RichCompareBool(when, after, Py_EQ);
            if (same < 0) goto done;
            if (!same) {
                batch++;
                after = when;
            }
            PyObject *position = PyDict_GetItemWithError(got_at, PyTuple_GetItem(receipt, 0));
            if (position == NULL) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a card not of the pack");
                goto done;
            }
            long k = PyLong_AsLong(position);
            if (k == -1 && PyErr_Occurred()) goto done;
            if (set_long_append(ones, k + (batch < last ? batch : last)) < 0) goto done;
        }
    }
    result = PyList_AsTuple(ones);
done:
    Py_XDECREF(cards);
    Py_DECREF(ones);
    return result;
}

static PyMethodDef module_methods[] = {
    {"patch", (PyCFunction)(void (*)(void))patch, METH_FASTCALL,
     "patch(view, kept, state, slots, at, /)\n--\n\n"
     "Patch a tensor template's present to ``state``'s (see primero.tensor_writes.patch)."},
    {"link", (PyCFunction)(void (*)(void))add_link, METH_FASTCALL,
     "link(view, at, move, layout, /)\n--\n\n"
     "Add one decision to the history pieces (see primero.tensor_writes.link)."},
    {"private_copy", (PyCFunction)(void (*)(void))private_copy, METH_FASTCALL,
     "private_copy(view, copy, ones, /)\n--\n\n"
     "A copy of the template with 1.0 at ``ones`` (see primero.tensor_writes.private_copy)."},
    {"private_ones", (PyCFunction)(void (*)(void))private_ones, METH_FASTCALL,
     "private_ones(seat, index, at, /)\n--\n\n"
     "Where a seat's 1s go in its tensor (see primero.tensor_writes.private_ones)."},
    {NULL, NULL, 0, NULL},
};

static int intern(PyObject **slot, const char *name) {
    *slot = PyUnicode_InternFromString(name);
    return *slot == NULL ? -1 : 0;
}

static int module_exec(PyObject *module) {
    if (intern(&s_to_act, "to_act") < 0 || intern(&s_over, "over") < 0 ||
        intern(&s_pending, "pending") < 0 || intern(&s_step_index, "step_index") < 0 ||
        intern(&s_seats, "seats") < 0 || intern(&s_settlement, "settlement") < 0 ||
        intern(&s_high, "high") < 0 || intern(&s_carry, "carry") < 0 ||
        intern(&s_stack, "stack") < 0 || intern(&s_contributed, "contributed") < 0 ||
        intern(&s_round_bet, "round_bet") < 0 || intern(&s_folded, "folded") < 0 ||
        intern(&s_hand, "hand") < 0 || intern(&s_discarded, "discarded") < 0 ||
        intern(&s_received, "received") < 0)
        return -1;
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)module_exec},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "primero.compiled_encoder",
    "primero's native tensor writes (see primero.tensor_writes).",
    0, module_methods, module_slots, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_compiled_encoder(void) { return PyModuleDef_Init(&module_def); }
