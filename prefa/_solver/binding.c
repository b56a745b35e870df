/* Thin CPython binding of the native solver core (solver.h): the extension
 * module prefa._native with one type, Engine (a solver for one setting).
 * prefa.solver converts its Positions to the arguments below; nothing here
 * knows about Positions or PlayRules.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "solver.h"

typedef struct {
    PyObject_HEAD
    ps_solver *s;
} EngineObject;

static void Engine_dealloc(EngineObject *self) {
    ps_destroy(self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Engine(strength, trump, must_trump, overtake, must_overtrump, declarer, out, betl,
          max_entries): strength is a sequence of 64 ints (-1: no place). */
static int Engine_init(EngineObject *self, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *strength;
    int trump, must_trump, overtake, must_over, declarer, out, betl;
    Py_ssize_t max_entries;
    if (!PyArg_ParseTuple(args, "Oipipiiin", &strength, &trump, &must_trump, &overtake,
                          &must_over, &declarer, &out, &betl, &max_entries))
        return -1;
    ps_rules rules;
    rules.trump = trump;
    rules.must_trump = must_trump;
    rules.overtake = overtake;
    rules.must_overtrump = must_over;
    PyObject *seq = PySequence_Fast(strength, "strength must be a sequence of 64 ints");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 64) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "strength must hold 64 ints");
        return -1;
    }
    for (int i = 0; i < 64; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        rules.strength[i] = (int)v;
    }
    Py_DECREF(seq);
    if (max_entries < 1) max_entries = 1;
    ps_solver *s = ps_create(&rules, declarer, out, betl ? PS_GOAL_BETL : PS_GOAL_TRICKS,
                             (size_t)max_entries);
    if (!s) {
        PyErr_SetString(PyExc_ValueError, "bad setting for the native solver");
        return -1;
    }
    ps_destroy(self->s);
    self->s = s;
    return 0;
}

/* Parses (h0, h1, h2, leader, trick[, need]) and loads the position. */
static int load(EngineObject *self, PyObject *args, int *need) {
    unsigned long long h[3];
    int leader;
    PyObject *trick;
    int ok = need ? PyArg_ParseTuple(args, "KKKiOi", &h[0], &h[1], &h[2], &leader, &trick, need)
                  : PyArg_ParseTuple(args, "KKKiO", &h[0], &h[1], &h[2], &leader, &trick);
    if (!ok) return -1;
    if (!self->s) {
        PyErr_SetString(PyExc_RuntimeError, "Engine not initialised");
        return -1;
    }
    PyObject *seq = PySequence_Fast(trick, "trick must be a sequence of cards");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int cards[3];
    if (n > 2) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most two cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        cards[i] = (int)v;
    }
    Py_DECREF(seq);
    uint64_t hands[3] = {h[0], h[1], h[2]};
    int rc = ps_load(self->s, hands, leader, cards, (int)n);
    if (rc != PS_OK) {
        PyErr_SetString(PyExc_ValueError, rc == PS_ERR_CARD
                        ? "a card has no place in the rank order of these rules"
                        : "the hand sizes do not match the trick in progress");
        return -1;
    }
    return 0;
}

static PyObject *Engine_value(EngineObject *self, PyObject *args) {
    if (load(self, args, NULL) < 0) return NULL;
    int v;
    v = ps_value(self->s);
    return PyLong_FromLong(v);
}

static PyObject *Engine_at_least(EngineObject *self, PyObject *args) {
    int need;
    if (load(self, args, &need) < 0) return NULL;
    int v;
    v = ps_at_least(self->s, need);
    return PyBool_FromLong(v);
}

static PyObject *Engine_table(EngineObject *self, PyObject *args) {
    if (load(self, args, NULL) < 0) return NULL;
    int cards[16], values[16], n;
    n = ps_table(self->s, cards, values);
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *k = PyLong_FromLong(cards[i]);
        PyObject *v = PyLong_FromLong(values[i]);
        if (!k || !v || PyDict_SetItem(d, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return d;
}

static PyObject *Engine_clear(EngineObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->s) ps_clear(self->s);
    Py_RETURN_NONE;
}

static PyObject *Engine_get_nodes(EngineObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->s ? ps_nodes(self->s) : 0);
}

static PyObject *Engine_get_memory(EngineObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(self->s ? ps_memory(self->s) : 0);
}

static PyMethodDef Engine_methods[] = {
    {"value", (PyCFunction)Engine_value, METH_VARARGS,
     "value(h0, h1, h2, leader, trick) -> the declarer's tricks from now on"},
    {"at_least", (PyCFunction)Engine_at_least, METH_VARARGS,
     "at_least(h0, h1, h2, leader, trick, need) -> True when he takes need or more"},
    {"table", (PyCFunction)Engine_table, METH_VARARGS,
     "table(h0, h1, h2, leader, trick) -> {card: tricks from now on after it}"},
    {"clear", (PyCFunction)Engine_clear, METH_NOARGS, "drop the transposition table"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_get_nodes, NULL, "cards tried by every search so far", NULL},
    {"memory", (getter)Engine_get_memory, NULL, "bytes held by the solver's table", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "prefa._native.Engine",
    .tp_basicsize = sizeof(EngineObject),
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native solver for one setting (rules, declarer, seat out, goal).",
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
    .tp_init = (initproc)Engine_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "prefa._native",
    "Native core of prefa.solver (C, see prefa/_solver/solver.c).", -1, NULL, NULL, NULL, NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
