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
#include <string.h>

/* attribute names, interned at module load */
static PyObject *s_to_act, *s_over, *s_pending, *s_step_index, *s_seats, *s_settlement,
    *s_high, *s_carry, *s_stack, *s_contributed, *s_round_bet, *s_folded, *s_hand,
    *s_discarded, *s_received, *s_context, *s_steps, *s_parent, *s_before, *s_action, *s_after,
    *s_length;

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

/* One decision (seat, kind, chips, changed, step or -1, row) into the history pieces laid out
 * in view from at; layout: (players, kinds, total chips, held, step_chips offset, step_cards
 * offset, recent offset, recent rows, row width). 0, or -1 and an error set, nothing
 * written. */
static int write_link(PyObject *view, long at, const long move[6], PyObject *layout) {
    if (!PyTuple_Check(layout) || PyTuple_Size(layout) != 9) {
        PyErr_SetString(PyExc_TypeError, "move must be a tuple of 6 and layout one of 9");
        return -1;
    }
    long seat = move[0], kind = move[1], chips = move[2], changed = move[3], step = move[4],
         row = move[5];
    long n, kinds, chips_at, changed_at, recent_at, rows, width;
    double total, held;
    if (item_long(layout, 0, &n) < 0 || item_long(layout, 1, &kinds) < 0 ||
        item_double(layout, 2, &total) < 0 || item_double(layout, 3, &held) < 0 ||
        item_long(layout, 4, &chips_at) < 0 || item_long(layout, 5, &changed_at) < 0 ||
        item_long(layout, 6, &recent_at) < 0 || item_long(layout, 7, &rows) < 0 ||
        item_long(layout, 8, &width) < 0)
        return -1;
    if (seat < 0 || seat >= n || kind < 0 || kind >= kinds || row < 0 || rows < 1 ||
        width < n + kinds + 2) {
        PyErr_SetString(PyExc_ValueError, "a decision outside the layout");
        return -1;
    }
    Floats f;
    if (floats_open(view, &f) < 0) return -1;
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
    return 0;
fail:
    PyBuffer_Release(&f.buffer);
    return -1;
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
    long values[6];
    for (Py_ssize_t i = 0; i < 6; i++)
        if (item_long(move, i, &values[i]) < 0) return NULL;
    if (write_link(args[0], at, values, layout) < 0) return NULL;
    Py_RETURN_NONE;
}


/* An attribute as a C long, or 1 where it is past a C long (no error: the caller defers). */
static int long_or_defer(PyObject *obj, PyObject *name, long *out) {
    if (get_long(obj, name, out) == 0) return 0;
    if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        return 1;
    }
    return -1;
}

/* The decision ending ``trail`` as link's move, read off the trail: 0, 1 where it must be
 * worked out in Python (its kind not kept, chips past a C long, another deal's steps), or -1
 * and an error set. ``last`` is the template's state (the decision's own state when the step
 * kept is the decision's), ``known`` the step kept for it. */
static int read_link(PyObject *trail, PyObject *last, PyObject *facts, PyObject *slots,
                     PyObject *known, long move[6]) {
    PyObject *before = NULL, *action = NULL, *after = NULL, *seats = NULL, *later = NULL;
    int result = -1;
    long length, seat, was, now;
    if ((before = PyObject_GetAttr(trail, s_before)) == NULL ||
        (action = PyObject_GetAttr(trail, s_action)) == NULL ||
        (after = PyObject_GetAttr(trail, s_after)) == NULL || get_long(trail, s_length, &length) < 0)
        goto done;
    PyObject *kind = PyDict_GetItemWithError(facts, action); /* borrowed */
    if (kind == NULL) {
        result = PyErr_Occurred() ? -1 : 1;
        goto done;
    }
    if (!PyTuple_Check(kind) || PyTuple_Size(kind) != 2 || item_long(kind, 0, &move[1]) < 0 ||
        item_long(kind, 1, &move[3]) < 0)
        goto done;
    if ((result = long_or_defer(before, s_to_act, &seat)) != 0) goto done;
    result = -1;
    if ((seats = PyObject_GetAttr(before, s_seats)) == NULL ||
        (later = PyObject_GetAttr(after, s_seats)) == NULL)
        goto done;
    if (!PyTuple_Check(seats) || !PyTuple_Check(later) || seat < 0 ||
        seat >= PyTuple_Size(seats) || seat >= PyTuple_Size(later)) {
        result = 1;
        goto done;
    }
    if ((result = long_or_defer(PyTuple_GetItem(seats, seat), s_contributed, &was)) != 0 ||
        (result = long_or_defer(PyTuple_GetItem(later, seat), s_contributed, &now)) != 0)
        goto done;
    result = 1;
    if ((was < 0 && now > LONG_MAX + was) || (was > 0 && now < LONG_MIN + was)) goto done;
    move[0] = seat;
    move[2] = now - was;
    move[5] = length - 1;
    PyObject *step = known;
    if (before != last) { /* the step of the decision's own state, by its place */
        PyObject *context = PyObject_GetAttr(before, s_context);
        if (context == NULL) {
            result = -1;
            goto done;
        }
        PyObject *steps = PyObject_GetAttr(context, s_steps);
        Py_DECREF(context);
        if (steps == NULL) {
            result = -1;
            goto done;
        }
        Py_DECREF(steps); /* compared by identity only: slots holds it alive */
        if (steps != PyTuple_GetItem(slots, 0)) goto done;
        long place;
        if (get_long(before, s_step_index, &place) < 0) {
            result = -1;
            goto done;
        }
        PyObject *slot = PyTuple_GetItem(slots, 1);
        step = place + 1 >= 0 && place + 1 < PyTuple_Size(slot) ? PyTuple_GetItem(slot, place + 1)
                                                               : Py_None;
    }
    move[4] = -1;
    if (step != Py_None) {
        move[4] = PyLong_AsLong(step);
        if (move[4] == -1 && PyErr_Occurred()) {
            result = -1;
            goto done;
        }
    }
    result = 0;
done:
    Py_XDECREF(before);
    Py_XDECREF(action);
    Py_XDECREF(after);
    Py_XDECREF(seats);
    Py_XDECREF(later);
    return result;
}

/* The kept positions of a seat's 1s, or NULL (no error) where none are kept for its cards:
 * info (history at 0 or more): ones_kept[id(received)] == [received, hand, discarded, seat,
 * ones]; the observation: ones_kept[id(hand)] == [hand, discarded, seat, ones]. */
static PyObject *kept_ones(PyObject *me, PyObject *seat, int info, PyObject *ones_kept) {
    PyObject *received = NULL, *hand = NULL, *discarded = NULL, *key = NULL, *found = NULL;
    if ((hand = PyObject_GetAttr(me, s_hand)) == NULL) goto done;
    if ((discarded = PyObject_GetAttr(me, s_discarded)) == NULL) goto done;
    if (info && (received = PyObject_GetAttr(me, s_received)) == NULL) goto done;
    key = PyLong_FromVoidPtr(info ? received : hand);
    if (key == NULL) goto done;
    PyObject *entry = PyDict_GetItemWithError(ones_kept, key); /* borrowed */
    if (entry == NULL || !PyList_Check(entry) || PyList_Size(entry) != (info ? 5 : 4)) goto done;
    Py_ssize_t k = 0;
    if (info && PyList_GetItem(entry, k++) != received) goto done;
    if (PyList_GetItem(entry, k++) != hand || PyList_GetItem(entry, k++) != discarded) goto done;
    int same = PyObject_RichCompareBool(PyList_GetItem(entry, k++), seat, Py_EQ);
    if (same <= 0) goto done;
    found = PyList_GetItem(entry, k);
    if (!PyTuple_Check(found)) found = NULL;
    else Py_INCREF(found);
done:
    Py_XDECREF(received);
    Py_XDECREF(hand);
    Py_XDECREF(discarded);
    Py_XDECREF(key);
    return found;
}


/* Work out a seat's 1s (private_ones) and keep them as the Python way keeps them: a new
 * reference, or NULL and an error set. At MOST_KEPT entries the dict starts afresh. */
#define MOST_KEPT 65536
static PyObject *private_ones(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
static PyObject *keep_ones(PyObject *module, PyObject *me, PyObject *seat, int info,
                           PyObject *cards_at, PyObject *ones_kept) {
    PyObject *call[3] = {me, seat, cards_at};
    PyObject *ones = private_ones(module, call, 3);
    if (ones == NULL) return NULL;
    PyObject *received = NULL, *hand = NULL, *discarded = NULL, *entry = NULL, *key = NULL;
    int fine = 0;
    if ((hand = PyObject_GetAttr(me, s_hand)) == NULL ||
        (discarded = PyObject_GetAttr(me, s_discarded)) == NULL ||
        (info && (received = PyObject_GetAttr(me, s_received)) == NULL))
        goto done;
    entry = info ? PyList_New(5) : PyList_New(4);
    if (entry == NULL) goto done;
    Py_ssize_t k = 0;
    if (info) PyList_SetItem(entry, k++, Py_NewRef(received));
    PyList_SetItem(entry, k++, Py_NewRef(hand));
    PyList_SetItem(entry, k++, Py_NewRef(discarded));
    PyList_SetItem(entry, k++, Py_NewRef(seat));
    PyList_SetItem(entry, k, Py_NewRef(ones));
    if ((key = PyLong_FromVoidPtr(info ? received : hand)) == NULL) goto done;
    if (PyDict_Size(ones_kept) >= MOST_KEPT) PyDict_Clear(ones_kept);
    fine = PyDict_SetItem(ones_kept, key, entry) == 0;
done:
    Py_XDECREF(received);
    Py_XDECREF(hand);
    Py_XDECREF(discarded);
    Py_XDECREF(entry);
    Py_XDECREF(key);
    if (!fine) Py_CLEAR(ones);
    return ones;
}

/* encode(view, empty, kept, lock, state, trail, seat, slots, at, start, facts, layout,
 *        ones_kept, cards_at) -> a new tensor, or None where the Python path must make it.
 *
 * The whole of one tensor in one call, for the usual case: the template's kept state or the
 * one before it by one decision (or, for the observation, any state), no settlement and no
 * face-up card to show, the decision's kind kept, the seat's 1s kept. Anything else returns
 * None before anything is written (or, when the patch finds chips past a C long or a card
 * dealt face up, after the patch alone, which the Python path then finds done), and the
 * caller goes the Python way, which fills what is kept for next time. lock: the encoder's
 * (acquire, release, owner, fresh): the lock is taken without waiting for the whole call
 * (the Python way holds it while at work, and then this returns None at once, for the caller
 * to wait on it) and ``owner[0]`` names the thread holding it (a garbage collector's
 * finalizer run by an allocation in here, asking a tensor of the same game, finds its own
 * thread there and goes the plain way); a failure once the template is touched resets it
 * (zeros, and kept set to ``fresh``) before the lock is freed.
 *
 * view: the template; empty: makes a new float32 array of its length; kept, slots, at: as
 * patch's (slots: (the steps, their slots)); start: where the history pieces start, -1 for
 * the observation (no history); facts: a decision's (kind, cards changed) by action id;
 * layout: link's; ones_kept: the seats' 1s kept (worked out and kept here when missing);
 * cards_at: private_ones' at. */
static PyObject *encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 14) {
        PyErr_SetString(PyExc_TypeError, "encode(view, empty, kept, lock, state, trail, seat, "
                                         "slots, at, start, facts, layout, ones_kept, "
                                         "cards_at) takes 14 arguments");
        return NULL;
    }
    PyObject *view = args[0], *empty = args[1], *kept = args[2], *lock = args[3],
             *state = args[4], *trail = args[5], *seat = args[6], *slots = args[7],
             *at = args[8], *facts = args[10], *layout = args[11], *ones_kept = args[12],
             *cards_at = args[13];
    if (!PyList_Check(kept) || PyList_Size(kept) != 8 || !PyTuple_Check(lock) ||
        PyTuple_Size(lock) != 4 || !PyList_Check(PyTuple_GetItem(lock, 2)) ||
        PyList_Size(PyTuple_GetItem(lock, 2)) != 1 || !PyTuple_Check(PyTuple_GetItem(lock, 3)) ||
        PyTuple_Size(PyTuple_GetItem(lock, 3)) != 8 || !PyTuple_Check(slots) ||
        PyTuple_Size(slots) != 2 ||
        !PyDict_Check(facts) || !PyDict_Check(ones_kept)) {
        PyErr_SetString(PyExc_TypeError, "encode: kept, lock, slots, facts or ones_kept is "
                                         "not what the encoder keeps");
        return NULL;
    }
    long start = PyLong_AsLong(args[9]);
    if (start == -1 && PyErr_Occurred()) return NULL;
    int info = start >= 0;
    PyObject *owner = PyTuple_GetItem(lock, 2), *fresh = PyTuple_GetItem(lock, 3);
    seat = PyNumber_Index(seat); /* a numpy integer too */
    if (seat == NULL) return NULL;
    PyObject *taken = PyObject_CallFunctionObjArgs(PyTuple_GetItem(lock, 0), Py_False, NULL);
    int mine = taken == NULL ? -1 : PyObject_IsTrue(taken);
    Py_XDECREF(taken);
    if (mine <= 0) { /* an error, or the Python way (of this thread or another) is at work */
        Py_DECREF(seat);
        return mine < 0 ? NULL : Py_NewRef(Py_None);
    }
    PyObject *me_now = PyLong_FromUnsignedLong(PyThread_get_thread_ident());
    if (me_now == NULL || PyList_SetItem(owner, 0, me_now) < 0) {
        PyObject *released = PyObject_CallNoArgs(PyTuple_GetItem(lock, 1));
        Py_XDECREF(released);
        Py_DECREF(seat);
        return NULL;
    }
    int writing = 0; /* the template or kept touched: a failure from here starts them afresh */
    PyObject *seats = NULL, *me = NULL, *ones = NULL, *context = NULL, *steps = NULL,
             *settlement = NULL, *result = NULL, *step = NULL;
    int link = 0;
    long move[6];
    /* the seat's kept 1s */
    if ((seats = PyObject_GetAttr(state, s_seats)) == NULL) goto done;
    if (!PyTuple_Check(seats)) goto defer;
    long index = PyLong_AsLong(seat);
    if (index == -1 && PyErr_Occurred()) goto done;
    if (index < 0 || index >= PyTuple_Size(seats)) goto defer;
    me = PyTuple_GetItem(seats, index);
    ones = kept_ones(me, seat, info, ones_kept);
    if (ones == NULL) {
        if (PyErr_Occurred()) goto done;
        ones = keep_ones(module, me, seat, info, cards_at, ones_kept);
        if (ones == NULL) goto done;
    }
    PyObject *last = PyList_GetItem(kept, 0), *last_trail = PyList_GetItem(kept, 1);
    if (!(last == state && (!info || last_trail == trail))) {
        /* what may send the call the Python way, checked before anything is written */
        if ((context = PyObject_GetAttr(state, s_context)) == NULL) goto done;
        if ((steps = PyObject_GetAttr(context, s_steps)) == NULL) goto done;
        if (steps != PyTuple_GetItem(slots, 0)) goto defer;
        if ((settlement = PyObject_GetAttr(state, s_settlement)) == NULL) goto done;
        if (settlement != Py_None) goto defer;
        int shown = PyObject_IsTrue(PyList_GetItem(kept, 5));
        if (shown) {
            if (shown < 0) goto done;
            goto defer;
        }
        if (info && trail != last_trail && trail == Py_None) {
            link = -1; /* a new deal's first decision: the history is none */
        } else if (info && trail != last_trail) {
            PyObject *parent = PyObject_GetAttr(trail, s_parent);
            if (parent == NULL) goto done;
            Py_DECREF(parent); /* compared by identity only: last_trail holds it alive */
            if (parent != last_trail) goto defer;
            if (read_link(trail, last, facts, slots, PyList_GetItem(kept, 6), move) != 0) {
                if (PyErr_Occurred()) goto done;
                goto defer;
            }
            link = 1;
        }
        /* the present, then the decision */
        PyObject *patch_args[5] = {view, kept, state, PyTuple_GetItem(slots, 1), at};
        writing = 1;
        step = patch(module, patch_args, 5);
        if (step == NULL) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                writing = 0; /* the pure patch redoes it from the same kept facts */
                goto defer;
            }
            goto done;
        }
        shown = PyObject_IsTrue(PyList_GetItem(kept, 5));
        if (shown) { /* a card dealt face up: the Python path writes the shown piece */
            if (shown < 0) goto done;
            goto defer;
        }
        if (link == 1 && write_link(view, start, move, layout) < 0) goto done;
        if (link == -1) { /* no decision yet: the history pieces are zero */
            Floats f;
            if (floats_open(view, &f) < 0) goto done;
            if (start <= f.length)
                memset(f.data + start, 0, (size_t)(f.length - start) * sizeof(float));
            PyBuffer_Release(&f.buffer);
        }
        Py_INCREF(state);
        if (PyList_SetItem(kept, 0, state) < 0) goto done;
        Py_INCREF(trail);
        if (PyList_SetItem(kept, 1, trail) < 0) goto done;
        Py_INCREF(step);
        if (PyList_SetItem(kept, 6, step) < 0) goto done;
    }
    /* a copy of the template with the seat's 1s */
    Floats from, to;
    if (floats_open(view, &from) < 0) goto done;
    PyObject *out = PyObject_CallNoArgs(empty);
    if (out == NULL) {
        PyBuffer_Release(&from.buffer);
        goto done;
    }
    if (floats_open(out, &to) < 0) {
        PyBuffer_Release(&from.buffer);
        Py_DECREF(out);
        goto done;
    }
    int fine = to.length == from.length;
    if (!fine) PyErr_SetString(PyExc_ValueError, "encode: empty() made a tensor of another size");
    if (fine) memcpy(to.data, from.data, (size_t)from.length * sizeof(float));
    Py_ssize_t count = PyTuple_Size(ones);
    for (Py_ssize_t i = 0; fine && i < count; i++) {
        Py_ssize_t k = PyLong_AsSsize_t(PyTuple_GetItem(ones, i));
        if ((k == -1 && PyErr_Occurred()) || floats_check(&to, k, "a private") < 0) fine = 0;
        else to.data[k] = 1.0f;
    }
    PyBuffer_Release(&to.buffer);
    PyBuffer_Release(&from.buffer);
    if (fine) result = out;
    else Py_DECREF(out);
    goto done;
defer:
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(seats);
    Py_XDECREF(ones);
    Py_XDECREF(context);
    Py_XDECREF(steps);
    Py_XDECREF(settlement);
    Py_XDECREF(step);
    Py_DECREF(seat);
    {
        /* the error (if any) kept aside while the template is reset and the lock freed */
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        if (result == NULL && writing) { /* a write cut short: start the template afresh */
            Floats f;
            if (floats_open(view, &f) == 0) {
                memset(f.data, 0, (size_t)f.length * sizeof(float));
                PyBuffer_Release(&f.buffer);
            }
            for (Py_ssize_t i = 0; i < 8; i++)
                PyList_SetItem(kept, i, Py_NewRef(PyTuple_GetItem(fresh, i)));
            PyErr_Clear();
        }
        PyList_SetItem(owner, 0, PyLong_FromLong(0));
        PyObject *released = PyObject_CallNoArgs(PyTuple_GetItem(lock, 1));
        Py_XDECREF(released);
        PyErr_Clear();
        PyErr_Restore(type, value, traceback);
    }
    return result;
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
    PyObject *index = PyNumber_Index(args[1]); /* a numpy integer too: kept as an int */
    if (index == NULL) goto done;
    int appended = PyList_Append(ones, index);
    Py_DECREF(index);
    if (appended < 0) goto done;
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
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(view, empty, kept, lock, state, trail, seat, slots, at, start, facts, layout, "
     "ones_kept, cards_at, /)\n--\n\n"
     "One tensor in one call where the usual case holds, else None (see "
     "primero.adapters.Encoder)."},
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
        intern(&s_received, "received") < 0 || intern(&s_context, "context") < 0 ||
        intern(&s_steps, "steps") < 0 || intern(&s_parent, "parent") < 0 ||
        intern(&s_before, "before") < 0 || intern(&s_action, "action") < 0 ||
        intern(&s_after, "after") < 0 || intern(&s_length, "length") < 0)
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
