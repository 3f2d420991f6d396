/* treecast._core — the CPython extension over libtreecast (the API is python/treecast/).
 *
 * Two types: Net (a tc_net_t) and Forest (a tc_forest_t, which exports its parent-dimension
 * bytes as a read-only (trees, nodes) buffer: the library's own memory, the one block of
 * tc_forest_dims). Failures raise treecast.Error subclasses carrying tc_err_detail(), the
 * sentence the CLI prints. Long calls (tc_trees_build, tc_check_forest, tc_check_stream,
 * tc_forest_parents over a forest) run without the GIL. Plain C API and the buffer protocol; no
 * NumPy C API.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "treecast/treecast.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ---------------------------------------------------------------------------------- */

static PyObject *Error, *ArgumentError, *ResourceError, *FileError, *NotSupportedError;

/* Raise the exception of err with the library's detail sentence (tc_err_detail of this thread,
 * read right after the failing call on the same thread). Returns NULL. */
static PyObject *raise_tc(tc_err_t err)
{
    const char *detail = tc_err_detail();
    const char *msg = detail[0] != '\0' ? detail : tc_strerror(err);
    PyObject *type = err == TC_ENOMEM || err == TC_ETOOBIG                      ? ResourceError
                     : err == TC_EIO                                            ? FileError
                     : err == TC_ENOTSUP                                        ? NotSupportedError
                     : err == TC_EINVAL || err == TC_ERANGE || err == TC_EPARSE ? ArgumentError
                                                                                : Error;
    PyObject *exc = PyObject_CallFunction(type, "s", msg);
    if (exc == NULL) {
        return NULL;
    }
    PyObject *code = PyUnicode_FromString(tc_err_name(err)), *d = PyUnicode_FromString(msg);
    if (code != NULL && d != NULL) { /* the attributes are a courtesy: failures are ignored */
        (void)(PyObject_SetAttrString(exc, "code", code) < 0 ||
               PyObject_SetAttrString(exc, "detail", d) < 0);
    }
    PyErr_Clear();
    Py_XDECREF(code);
    Py_XDECREF(d);
    PyErr_SetObject(type, exc);
    Py_DECREF(exc);
    return NULL;
}

/* Ctrl-C during a long call: the library polls stop from its worker threads. On the thread that
 * called (tc__parallel runs worker 0 there; Python runs signal handlers on the main thread only)
 * it takes the GIL back for PyErr_CheckSignals, which runs the SIGINT handler: KeyboardInterrupt
 * is set and every thread stops at its next poll. */
typedef struct {
    PyThreadState **save; /* the state Py_BEGIN_ALLOW_THREADS saved */
    pthread_t caller;
    atomic_bool raised;
} stop_ctx_t;

static bool stop_on_signal(void *ctx)
{
    stop_ctx_t *s = ctx;
    if (!pthread_equal(pthread_self(), s->caller)) {
        return atomic_load(&s->raised);
    }
    PyEval_RestoreThread(*s->save);
    bool stop = PyErr_CheckSignals() != 0;
    *s->save = PyEval_SaveThread();
    if (stop) {
        atomic_store(&s->raised, true);
    }
    return stop;
}

/* Raise ArgumentError with a sentence of the binding's own. */
static PyObject *raise_arg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    PyObject *msg = PyUnicode_FromFormatV(fmt, ap);
    va_end(ap);
    if (msg != NULL) {
        PyErr_SetObject(ArgumentError, msg);
        Py_DECREF(msg);
    }
    return NULL;
}

/* ---- Net ------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD tc_net_t *net;
} NetObject;

static PyTypeObject NetType;

static PyObject *net_wrap(tc_net_t *net)
{
    NetObject *self = PyObject_New(NetObject, &NetType);
    if (self == NULL) {
        tc_net_free(net);
        return NULL;
    }
    self->net = net;
    return (PyObject *)self;
}

static void net_dealloc(NetObject *self)
{
    tc_net_free(self->net);
    PyObject_Free(self);
}

static int node_arg(const tc_net_t *net, long long v)
{
    if (v < 0 || v >= tc_net_nodes(net)) {
        raise_arg("Node id %lld is outside 0..%lld.", v, (long long)tc_net_nodes(net) - 1);
        return -1;
    }
    return 0;
}

static PyObject *net_get(NetObject *self, void *what)
{
    const tc_net_t *net = self->net;
    char buf[4096];
    switch ((int)(intptr_t)what) {
    case 0:
        return PyLong_FromLongLong(tc_net_nodes(net));
    case 1:
        return PyLong_FromLongLong(tc_net_edges(net));
    case 2:
        return PyLong_FromLong(tc_net_degree(net));
    case 3:
        return PyLong_FromLong(tc_net_min_degree(net));
    case 4:
        return PyLong_FromLong(tc_net_diameter(net));
    case 5:
        return PyLong_FromLong(tc_net_dim_min(net));
    case 6:
        return PyLong_FromLong(tc_net_dim_max(net));
    case 7:
        tc_net_name(net, buf, sizeof buf);
        return PyUnicode_FromString(buf);
    case 8: {
        size_t len = tc_net_spec(net, buf, sizeof buf);
        if (len < sizeof buf) {
            return PyUnicode_FromString(buf);
        }
        char *big = malloc(len + 1);
        if (big == NULL) {
            return PyErr_NoMemory();
        }
        tc_net_spec(net, big, len + 1);
        PyObject *r = PyUnicode_DecodeFSDefault(big);
        free(big);
        return r;
    }
    case 9:
        return PyUnicode_FromString(tc_net_family_name(net));
    case 10:
        return PyLong_FromLong(tc_net_n(net));
    case 11:
        return PyLong_FromLong(tc_net_k(net));
    case 12:
        return PyLong_FromLongLong(tc_net_components(net));
    case 13:
        return PyBool_FromLong(tc_net_explicit(net));
    case 14:
        return PyUnicode_FromString(tc_kind_list(net));
    case 15:
        return PyUnicode_FromString(tc_kind_name(tc_kind_primary(net)));
    case 16:
        return PyBool_FromLong(tc_net_materializable(net));
    default:
        Py_RETURN_NONE;
    }
}

static PyGetSetDef net_getset[] = {
    {"nodes", (getter)net_get, NULL, "N, the number of nodes.", (void *)0},
    {"edges", (getter)net_get, NULL, "Undirected edges (-1 above INT64_MAX).", (void *)1},
    {"degree", (getter)net_get, NULL, "The largest degree (the number of ports).", (void *)2},
    {"min_degree", (getter)net_get, NULL, "The smallest degree.", (void *)3},
    {"diameter_formula", (getter)net_get, NULL, "The closed-form diameter or -1.", (void *)4},
    {"dim_min", (getter)net_get, NULL, "The smallest dimension (port 0).", (void *)5},
    {"dim_max", (getter)net_get, NULL, "The largest dimension.", (void *)6},
    {"name", (getter)net_get, NULL, "The paper's name: S_7, Q_10, I_3^6.", (void *)7},
    {"spec", (getter)net_get, NULL, "The specification that makes it again.", (void *)8},
    {"family", (getter)net_get, NULL, "star, cube, icube, ..., graph.", (void *)9},
    {"n", (getter)net_get, NULL, "The size parameter n.", (void *)10},
    {"k", (getter)net_get, NULL, "The second size parameter (0 if none).", (void *)11},
    {"components", (getter)net_get, NULL, "Connected components.", (void *)12},
    {"explicit", (getter)net_get, NULL, "Given by its edges.", (void *)13},
    {"kind_list", (getter)net_get, NULL, "The kinds defined on it, as English.", (void *)14},
    {"primary_kind", (getter)net_get, NULL, "The paper's edge-disjoint kind.", (void *)15},
    {"materializable", (getter)net_get, NULL, "Per-node arrays can be built.", (void *)16},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *net_label(NetObject *self, PyObject *args)
{
    long long v;
    int commas = 0;
    if (!PyArg_ParseTuple(args, "L|p", &v, &commas) || node_arg(self->net, v) < 0) {
        return NULL;
    }
    char buf[TC_LABEL_MAX];
    tc_net_label(self->net, v, commas != 0, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *net_parse_label(NetObject *self, PyObject *args)
{
    const char *text;
    if (!PyArg_ParseTuple(args, "s", &text)) {
        return NULL;
    }
    int64_t v;
    tc_err_t err = tc_net_parse_label(self->net, text, &v);
    return err != TC_OK ? raise_tc(err) : PyLong_FromLongLong(v);
}

static PyObject *net_neighbors(NetObject *self, PyObject *args)
{
    long long v;
    if (!PyArg_ParseTuple(args, "L", &v) || node_arg(self->net, v) < 0) {
        return NULL;
    }
    PyObject *list = PyList_New(0);
    for (int d = tc_net_dim_min(self->net); list != NULL && d <= tc_net_dim_max(self->net); d++) {
        int64_t u = tc_net_neighbor(self->net, v, d);
        if (u >= 0) {
            PyObject *x = PyLong_FromLongLong(u);
            if (x == NULL || PyList_Append(list, x) < 0) {
                Py_XDECREF(x);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(x);
        }
    }
    return list;
}

static PyObject *net_neighbor(NetObject *self, PyObject *args)
{
    long long v;
    int dim;
    if (!PyArg_ParseTuple(args, "Li", &v, &dim) || node_arg(self->net, v) < 0) {
        return NULL;
    }
    return PyLong_FromLongLong(tc_net_neighbor(self->net, v, dim));
}

static PyObject *net_distance(NetObject *self, PyObject *args)
{
    long long u, v;
    if (!PyArg_ParseTuple(args, "LL", &u, &v) || node_arg(self->net, u) < 0 ||
        node_arg(self->net, v) < 0) {
        return NULL;
    }
    int d;
    Py_BEGIN_ALLOW_THREADS d = tc_net_distance(self->net, u, v);
    Py_END_ALLOW_THREADS return PyLong_FromLong(d);
}

static const char *const FACT_VERDICTS[] = {"agrees", "differs", "info"};

static PyObject *net_facts(NetObject *self, PyObject *noargs)
{
    (void)noargs;
    tc_facts_t *facts = malloc(sizeof *facts);
    if (facts == NULL) {
        return PyErr_NoMemory();
    }
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_net_facts(self->net, facts);
    if (err == TC_OK && tc_net_nodes(self->net) <= 40320) {
        err = tc_check_kind_facts(self->net, facts);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        free(facts);
        return raise_tc(err);
    }
    PyObject *rows = PyList_New(facts->count);
    for (int i = 0; rows != NULL && i < facts->count; i++) {
        const tc_fact_t *f = &facts->rows[i];
        int v = (int)f->verdict;
        PyObject *row = Py_BuildValue("(sssss)", f->key, f->value, f->paper, f->source,
                                      v >= 0 && v < 3 ? FACT_VERDICTS[v] : "?");
        if (row == NULL) {
            Py_CLEAR(rows);
            break;
        }
        PyList_SET_ITEM(rows, i, row);
    }
    PyObject *by_dist = rows != NULL ? PyList_New(0) : NULL;
    for (int d = 0; by_dist != NULL && d <= facts->dist_max && d < TC_FACTS_DIST; d++) {
        PyObject *x = PyLong_FromLongLong(facts->by_dist[d]);
        if (x == NULL || PyList_Append(by_dist, x) < 0) {
            Py_XDECREF(x);
            Py_CLEAR(by_dist);
            break;
        }
        Py_DECREF(x);
    }
    PyObject *r = NULL;
    if (rows != NULL && by_dist != NULL) {
        r = Py_BuildValue("(sOOL)", facts->title, rows, by_dist, (long long)facts->dist_from);
    }
    Py_XDECREF(rows);
    Py_XDECREF(by_dist);
    free(facts);
    return r;
}

/* ---- Forest ---------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD tc_forest_t *forest;
    PyObject *net;    /* the NetObject (the forest also holds a library reference) */
    int64_t nonedges; /* parents dropped by from_parents: not neighbours */
    Py_ssize_t shape[2];
    Py_ssize_t strides[2];
} ForestObject;

static PyTypeObject ForestType;

static PyObject *forest_wrap(tc_forest_t *forest, PyObject *net, int64_t nonedges)
{
    ForestObject *self = PyObject_New(ForestObject, &ForestType);
    if (self == NULL) {
        tc_forest_free(forest);
        return NULL;
    }
    self->forest = forest;
    Py_INCREF(net);
    self->net = net;
    self->nonedges = nonedges;
    self->shape[0] = tc_forest_trees(forest);
    self->shape[1] = (Py_ssize_t)tc_net_nodes(tc_forest_net(forest));
    self->strides[0] = (Py_ssize_t)tc_forest_stride(forest); /* N, or a page multiple */
    self->strides[1] = 1;
    return (PyObject *)self;
}

static void forest_dealloc(ForestObject *self)
{
    tc_forest_free(self->forest);
    Py_XDECREF(self->net);
    PyObject_Free(self);
}

/* The parent-dimension bytes as a read-only (trees, nodes) array of "B" whose rows are
 * tc_forest_stride bytes apart: C-contiguous below 64 KiB a tree, else each row on a page. */
static int forest_getbuffer(ForestObject *self, Py_buffer *view, int flags)
{
    bool packed = self->strides[0] == self->shape[1];
    bool contiguous = (flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS ||
                      (flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS ||
                      (flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS;
    const char *why = (flags & PyBUF_WRITABLE) == PyBUF_WRITABLE ? "a forest's ports are read-only"
                      : !packed && ((flags & PyBUF_STRIDES) != PyBUF_STRIDES || contiguous)
                          ? "a forest's ports are rows a page apart: ask for strides"
                          : NULL;
    if (why != NULL) {
        PyErr_SetString(PyExc_BufferError, why);
        view->obj = NULL;
        return -1;
    }
    view->buf = (void *)tc_forest_dims_const(self->forest, 0);
    view->obj = (PyObject *)self;
    Py_INCREF(self);
    view->len = self->shape[0] * self->shape[1];
    view->readonly = 1;
    view->itemsize = 1;
    view->format = (flags & PyBUF_FORMAT) == PyBUF_FORMAT ? "B" : NULL;
    view->ndim = 2;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? self->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? self->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static PyBufferProcs forest_as_buffer = {(getbufferproc)forest_getbuffer, NULL};

static PyObject *forest_get(ForestObject *self, void *what)
{
    const tc_forest_t *f = self->forest;
    switch ((int)(intptr_t)what) {
    case 0:
        return PyLong_FromLong(tc_forest_trees(f));
    case 1:
        return PyLong_FromLongLong(tc_forest_root(f));
    case 2:
        return PyUnicode_FromString(tc_kind_name(tc_forest_kind(f)));
    case 3:
        Py_INCREF(self->net);
        return self->net;
    case 4:
        return PyLong_FromLongLong(self->nonedges);
    default:
        Py_RETURN_NONE;
    }
}

static PyGetSetDef forest_getset[] = {
    {"count", (getter)forest_get, NULL, "The number of trees.", (void *)0},
    {"root", (getter)forest_get, NULL, "The forest's root (a node id).", (void *)1},
    {"kind", (getter)forest_get, NULL, "The construction's name, or custom.", (void *)2},
    {"net", (getter)forest_get, NULL, "The network (a _core.Net).", (void *)3},
    {"nonedges", (getter)forest_get, NULL, "Parents left out: not neighbours.", (void *)4},
    {NULL, NULL, NULL, NULL, NULL},
};

static int tree_arg(const tc_forest_t *f, int t)
{
    if (t < 0 || t >= tc_forest_trees(f)) {
        raise_arg("Tree %d is outside 0..%d.", t, tc_forest_trees(f) - 1);
        return -1;
    }
    return 0;
}

static PyObject *forest_tree_root(ForestObject *self, PyObject *args)
{
    int t;
    if (!PyArg_ParseTuple(args, "i", &t) || tree_arg(self->forest, t) < 0) {
        return NULL;
    }
    return PyLong_FromLongLong(tc_forest_tree_root(self->forest, t));
}

static PyObject *forest_label(ForestObject *self, PyObject *args)
{
    int t;
    if (!PyArg_ParseTuple(args, "i", &t) || tree_arg(self->forest, t) < 0) {
        return NULL;
    }
    return PyLong_FromLong(tc_forest_label(self->forest, t));
}

/* A writable C-contiguous (trees, nodes) buffer of signed integers of 4 or 8 bytes. */
static int out_buffer(ForestObject *self, PyObject *obj, Py_buffer *view)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    const char *fmt = view->format != NULL ? view->format : "B";
    fmt += fmt[0] == '<' || fmt[0] == '=' || fmt[0] == '@';
    bool sint = strchr("ilqn", fmt[0]) != NULL && fmt[1] == '\0';
    if (!sint || (view->itemsize != 4 && view->itemsize != 8) ||
        view->len != view->itemsize * self->shape[0] * self->shape[1]) {
        PyBuffer_Release(view);
        raise_arg("The output must be a C-contiguous (%zd, %zd) array of int32 or int64.",
                  self->shape[0], self->shape[1]);
        return -1;
    }
    return 0;
}

#define CHUNK 65536

/* Parents of every tree as node ids into out (int32 or int64): -1 root, -2 not in the tree. */
static void fill_parents(const tc_forest_t *f, void *out, Py_ssize_t itemsize, int64_t *chunk)
{
    int64_t N = tc_net_nodes(tc_forest_net(f));
    for (int t = 0; t < tc_forest_trees(f); t++) {
        if (itemsize == 8) {
            tc_forest_parents(f, t, 0, N, (int64_t *)out + (size_t)t * (size_t)N);
            continue;
        }
        int32_t *o = (int32_t *)out + (size_t)t * (size_t)N;
        for (int64_t lo = 0; lo < N; lo += CHUNK) {
            int64_t count = N - lo < CHUNK ? N - lo : CHUNK;
            tc_forest_parents(f, t, lo, count, chunk);
            for (int64_t j = 0; j < count; j++) {
                o[lo + j] = (int32_t)chunk[j];
            }
        }
    }
}

static PyObject *forest_parents_into(ForestObject *self, PyObject *args)
{
    PyObject *obj;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "O", &obj) || out_buffer(self, obj, &view) < 0) {
        return NULL;
    }
    int64_t *chunk = malloc(CHUNK * sizeof *chunk);
    if (chunk == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS fill_parents(self->forest, view.buf, view.itemsize, chunk);
    Py_END_ALLOW_THREADS free(chunk);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

/* Depths (links to the tree's root) of every node into out: -1 for a node not in the tree or
 * whose parent chain does not reach the root (a cycle, or a chain through a non-member). */
static bool fill_depths(const tc_forest_t *f, void *out, Py_ssize_t itemsize)
{
    int64_t N = tc_net_nodes(tc_forest_net(f));
    int64_t *par = malloc((size_t)N * sizeof *par);
    int64_t *depth = malloc((size_t)N * sizeof *depth);
    int64_t *stack = malloc((size_t)N * sizeof *stack);
    bool ok = par != NULL && depth != NULL && stack != NULL;
    for (int t = 0; ok && t < tc_forest_trees(f); t++) {
        tc_forest_parents(f, t, 0, N, par);
        for (int64_t v = 0; v < N; v++) {
            depth[v] = -3; /* unknown */
        }
        for (int64_t v = 0; v < N; v++) {
            int64_t top = 0, u = v, base;
            while (depth[u] == -3) { /* walk up to a known depth, a root or a non-member */
                depth[u] = -4;       /* on the current path */
                stack[top++] = u;
                if (par[u] < 0) {
                    break;
                }
                u = par[u];
            }
            if (depth[u] == -4 && par[u] < 0) { /* the walk ended at a root or a non-member */
                depth[u] = par[u] == -1 ? 0 : -1;
                top--;
                base = depth[u];
            } else { /* a known depth (-1: not reached), or -4: a cycle on the path */
                base = depth[u] >= 0 ? depth[u] : -1;
            }
            while (top > 0) {
                int64_t w = stack[--top];
                base = base >= 0 ? base + 1 : -1;
                depth[w] = base;
            }
        }
        for (int64_t v = 0; v < N; v++) {
            if (itemsize == 8) {
                ((int64_t *)out)[(size_t)t * (size_t)N + (size_t)v] = depth[v];
            } else {
                ((int32_t *)out)[(size_t)t * (size_t)N + (size_t)v] = (int32_t)depth[v];
            }
        }
    }
    free(par);
    free(depth);
    free(stack);
    return ok;
}

static PyObject *forest_depths_into(ForestObject *self, PyObject *args)
{
    PyObject *obj;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "O", &obj) || out_buffer(self, obj, &view) < 0) {
        return NULL;
    }
    bool ok;
    Py_BEGIN_ALLOW_THREADS ok = fill_depths(self->forest, view.buf, view.itemsize);
    Py_END_ALLOW_THREADS PyBuffer_Release(&view);
    if (!ok) {
        return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
}

/* ---- checks: Forest.check (tc_check_forest) and Network.check (tc_check_stream) -------------- */

/* The options of `treecast check` (cmd_check.c, check_opts) in *o, over the defaults that
 * tc_check_suggest or tc_check_suggest_kind set there (possible: what applies): properties None
 * keeps them, a list of names takes only those (and of them what applies); sample -1 is the
 * CLI's default (tc_check_default_sample: every node up to 3,628,800 nodes, 100,000 above), 0
 * every node. 0, or -1 with an exception set. */
static int check_options(PyObject *props, long long sample, const tc_net_t *net,
                         const tc_check_opts_t *possible, tc_check_opts_t *o)
{
    if (props != Py_None) {
        static const char *const names[] = {"undirected", "independence", "excess",   "rotation",
                                            "levels",     "all",          "spanning", "disjoint"};
        bool *flags[] = {&o->undirected, &o->independence, &o->excess, &o->rotation, &o->levels};
        o->undirected = o->independence = o->excess = o->rotation = o->levels = false;
        PyObject *seq = PySequence_Fast(props, "properties must be a list of names");
        if (seq == NULL) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
            const char *name = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i));
            size_t k = 0;
            while (name != NULL && k < 8 && strcmp(name, names[k]) != 0) {
                k++;
            }
            if (name == NULL || k == 8) {
                if (name != NULL) {
                    raise_arg("Unknown property \"%s\": the properties are undirected, "
                              "independence, excess, rotation, levels, all, spanning and disjoint.",
                              name);
                }
                Py_DECREF(seq);
                return -1;
            }
            for (size_t j = 0; j < 5; j++) { /* spanning and disjoint: always checked */
                *flags[j] = *flags[j] || j == k || k == 5;
            }
        }
        Py_DECREF(seq);
    }
    o->rotation = o->rotation && possible->rotation;
    o->levels = o->levels && possible->levels;
    o->sample = sample >= 0 ? sample : tc_check_default_sample(net);
    return 0;
}

/* What a check runs: tc_check_forest of forest, or when forest is NULL, tc_check_stream of kind
 * on net at root over nodes lo..hi-1 (merged: nothing runs, rep holds the merged report). */
typedef struct {
    const tc_forest_t *forest;
    const tc_net_t *net;
    tc_kind_t kind;
    int64_t root, lo, hi;
    tc_check_report_t rep;
    tc_claims_t claims;
    char *json; /* the CLI's "result" object (tc_report_check_json), NULL if out of memory */
    size_t json_len;
} check_job_t;

/* The claims of the kind's paper beside job->rep (tc_claims_evaluate) and the result's JSON.
 * Runs without the GIL. */
static void check_judge(check_job_t *job)
{
    tc_claims_evaluate(job->net, job->kind, &job->rep, &job->claims);
    FILE *mem = open_memstream(&job->json, &job->json_len);
    if (mem != NULL) {
        tc_json_t j;
        tc_json_init(&j, mem);
        tc_report_check_json(&j, job->net, &job->rep, &job->claims);
        tc_json_finish(&j);
        fclose(mem);
    }
}

/* (all_hold, [(key, property, measured, claim, source, verdict)], the result's JSON text), and
 * with values: depth_by_rotation and the report as the int64 bytes of tc_check_report_pack
 * (what check_merge takes back). */
static PyObject *check_tuple(const check_job_t *job, bool values)
{
    const tc_claims_t *claims = &job->claims;
    PyObject *rows = PyList_New(claims->count);
    for (int i = 0; rows != NULL && i < claims->count; i++) {
        const tc_claim_row_t *c = &claims->rows[i];
        PyObject *row = Py_BuildValue("(ssssss)", c->key, c->property, c->measured, c->claim,
                                      c->source, tc_verdict_name(c->verdict));
        if (row == NULL) {
            Py_CLEAR(rows);
            break;
        }
        PyList_SET_ITEM(rows, i, row);
    }
    if (rows == NULL) {
        return NULL;
    }
    const char *json = job->json != NULL ? job->json : "null";
    Py_ssize_t len = (Py_ssize_t)(job->json != NULL ? job->json_len : 4);
    if (!values) {
        return Py_BuildValue("(NNs#)", PyBool_FromLong(claims->all_hold), rows, json, len);
    }
    int64_t count = tc_check_report_values();
    int64_t *packed = malloc((size_t)count * sizeof *packed);
    if (packed == NULL) {
        Py_DECREF(rows);
        return PyErr_NoMemory();
    }
    tc_check_report_pack(&job->rep, packed);
    PyObject *r = Py_BuildValue("(NNs#iy#)", PyBool_FromLong(claims->all_hold), rows, json, len,
                                job->rep.depth_by_rotation, (const char *)packed,
                                (Py_ssize_t)((size_t)count * sizeof *packed));
    free(packed);
    return r;
}

/* Run job's check with options o without the GIL, Ctrl-C stopping it (the stop hook), and judge
 * it: check_tuple's tuple, or NULL with KeyboardInterrupt or the library's exception. */
static PyObject *check_run(check_job_t *job, tc_check_opts_t *o, bool values)
{
    tc_err_t err;
    stop_ctx_t stop = {.caller = pthread_self()};
    o->stop = stop_on_signal;
    o->stop_ctx = &stop;
    Py_BEGIN_ALLOW_THREADS stop.save = &_save;
    err = job->forest != NULL
              ? tc_check_forest(job->forest, o, &job->rep)
              : tc_check_stream(job->net, job->kind, job->root, job->lo, job->hi, o, &job->rep);
    if (err == TC_OK) {
        check_judge(job);
    }
    Py_END_ALLOW_THREADS PyObject *r = NULL;
    if (err == TC_ECANCELED && PyErr_Occurred()) {
        /* KeyboardInterrupt (or what the signal handler raised) propagates */
    } else if (err != TC_OK) {
        raise_tc(err);
    } else {
        r = check_tuple(job, values);
    }
    free(job->json);
    job->json = NULL;
    return r;
}

/* check(properties, threads, sample, seed): the options of `treecast check` (cmd_check.c):
 * tc_check_suggest's defaults, or only the named properties (and what applies); the sample of
 * 100000 nodes above 3,628,800 nodes unless sample is given (0: exhaustive, -1: the CLI's
 * default). Returns (all_hold, [(key, property, measured, claim, source, verdict)], the
 * "result" JSON object of the CLI as text). */
static PyObject *forest_check(ForestObject *self, PyObject *args)
{
    PyObject *props;
    int threads;
    long long sample;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OiLK", &props, &threads, &sample, &seed)) {
        return NULL;
    }
    const tc_forest_t *f = self->forest;
    const tc_net_t *net = tc_forest_net(f);
    tc_check_opts_t o = tc_check_defaults(), possible;
    o.threads = threads;
    o.seed = seed;
    o.nonedge_hint = self->nonedges;
    tc_check_suggest(f, &o, &possible);
    if (check_options(props, sample, net, &possible, &o) < 0) {
        return NULL;
    }
    check_job_t *job = calloc(1, sizeof *job);
    if (job == NULL) {
        return PyErr_NoMemory();
    }
    job->forest = f;
    job->net = net;
    job->kind = tc_forest_kind(f);
    PyObject *r = check_run(job, &o, false);
    free(job);
    return r;
}

static PyMethodDef forest_methods[] = {
    {"tree_root", (PyCFunction)forest_tree_root, METH_VARARGS, "tree_root(t): tree t's root."},
    {"label", (PyCFunction)forest_label, METH_VARARGS, "label(t): the paper's number of tree t."},
    {"parents_into", (PyCFunction)forest_parents_into, METH_VARARGS,
     "parents_into(out): node ids of the parents into an int32/int64 (trees, nodes) array."},
    {"depths_into", (PyCFunction)forest_depths_into, METH_VARARGS,
     "depths_into(out): depths (-1: not reached) into an int32/int64 (trees, nodes) array."},
    {"check", (PyCFunction)forest_check, METH_VARARGS,
     "check(properties, threads, sample, seed) -> (all_hold, rows, result_json)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ForestType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "treecast._core.Forest",
    .tp_basicsize = sizeof(ForestObject),
    .tp_dealloc = (destructor)forest_dealloc,
    .tp_as_buffer = &forest_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A materialized forest (tc_forest_t); its buffer is the (trees, nodes) bytes.",
    .tp_methods = forest_methods,
    .tp_getset = forest_getset,
};

/* trees(kind or None, root, threads): tc_trees_build (the primary kind for None). */
static PyObject *net_trees(NetObject *self, PyObject *args)
{
    const char *kind_text = NULL;
    long long root;
    int threads;
    if (!PyArg_ParseTuple(args, "zLi", &kind_text, &root, &threads)) {
        return NULL;
    }
    tc_kind_t kind = tc_kind_primary(self->net);
    tc_err_t err = kind_text != NULL ? tc_kind_parse(kind_text, &kind) : TC_OK;
    if (err != TC_OK) {
        return raise_tc(err);
    }
    tc_forest_t *forest = NULL;
    Py_BEGIN_ALLOW_THREADS err = tc_trees_build(self->net, kind, root, threads, &forest);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_tc(err);
    }
    return forest_wrap(forest, (PyObject *)self, 0);
}

/* root_cut(root) -> (links, [nodes]): a least root cut (tc_trees_root_cut). */
static PyObject *net_root_cut(NetObject *self, PyObject *args)
{
    long long root;
    if (!PyArg_ParseTuple(args, "L", &root) || node_arg(self->net, root) < 0) {
        return NULL;
    }
    int64_t N = tc_net_nodes(self->net);
    uint8_t *side = malloc((size_t)N);
    if (side == NULL) {
        return PyErr_NoMemory();
    }
    int links = 0;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_trees_root_cut(self->net, root, &links, side);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        free(side);
        return raise_tc(err);
    }
    PyObject *nodes = PyList_New(0);
    for (int64_t v = 0; nodes != NULL && v < N; v++) {
        PyObject *x = side[v] ? PyLong_FromLongLong(v) : NULL;
        if (side[v] && (x == NULL || PyList_Append(nodes, x) < 0)) {
            Py_XDECREF(x);
            Py_CLEAR(nodes);
            break;
        }
        Py_XDECREF(x);
    }
    free(side);
    if (nodes == NULL) {
        return NULL;
    }
    return Py_BuildValue("(iN)", links, nodes);
}

/* from_parents(parents, root, kind): a forest from node ids, a C-contiguous (trees, nodes)
 * int64 buffer (-1: the tree's root; below -1: not in the tree). Parents that are not neighbours
 * are left out and counted (as the library's forest reader does; check reports them). */
static PyObject *net_from_parents(NetObject *self, PyObject *args)
{
    PyObject *obj;
    long long root;
    const char *kind_text = NULL;
    if (!PyArg_ParseTuple(args, "OLz", &obj, &root, &kind_text)) {
        return NULL;
    }
    const tc_net_t *net = self->net;
    int64_t N = tc_net_nodes(net);
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    const char *fmt = view.format != NULL ? view.format : "B";
    fmt += fmt[0] == '<' || fmt[0] == '=' || fmt[0] == '@';
    if (view.itemsize != 8 || strchr("lqn", fmt[0]) == NULL || view.len % (8 * N) != 0 ||
        view.len == 0) {
        PyBuffer_Release(&view);
        return raise_arg("The parents must be a C-contiguous (trees, %lld) int64 array.",
                         (long long)N);
    }
    int ntrees = (int)(view.len / (8 * N));
    tc_kind_t kind = TC_KIND_CUSTOM;
    tc_err_t err = kind_text != NULL ? tc_kind_parse(kind_text, &kind) : TC_OK;
    tc_forest_t *forest = NULL;
    err = err == TC_OK ? tc_forest_new(net, ntrees, root, &forest) : err;
    if (err != TC_OK) {
        PyBuffer_Release(&view);
        return raise_tc(err);
    }
    const int64_t *par = view.buf;
    int64_t nonedges = 0, bad = -1;
    Py_BEGIN_ALLOW_THREADS for (int t = 0; t < ntrees && bad < 0; t++)
    {
        uint8_t *dims = tc_forest_dims(forest, t);
        for (int64_t v = 0; v < N; v++) {
            int64_t p = par[(size_t)t * (size_t)N + (size_t)v];
            if (p == -1) {
                dims[v] = TC_PARENT_ROOT;
                tc_forest_set_tree_root(forest, t, v);
            } else if (p < -1) {
                dims[v] = TC_PARENT_NONE;
            } else if (p >= N) {
                bad = (int64_t)t * N + v;
                break;
            } else {
                int d = tc_net_edge_dim(net, v, p);
                dims[v] = d >= 0 ? (uint8_t)d : TC_PARENT_NONE;
                nonedges += d < 0;
            }
        }
        tc_forest_set_label(forest, t, kind != TC_KIND_CUSTOM ? tc_trees_label(net, kind, t) : t);
    }
    Py_END_ALLOW_THREADS PyBuffer_Release(&view);
    if (bad >= 0) {
        tc_forest_free(forest);
        return raise_arg("Tree %lld: the parent of node %lld is outside 0..%lld.",
                         (long long)(bad / N), (long long)(bad % N), (long long)N - 1);
    }
    tc_forest_set_kind(forest, kind);
    return forest_wrap(forest, (PyObject *)self, nonedges);
}

/* The kind named by text on net, its primary kind for NULL. 0, or -1 with the exception set. */
static int kind_arg(const tc_net_t *net, const char *text, tc_kind_t *kind)
{
    *kind = tc_kind_primary(net);
    tc_err_t err = text != NULL ? tc_kind_parse(text, kind) : TC_OK;
    if (err != TC_OK) {
        raise_tc(err);
        return -1;
    }
    return 0;
}

/* stream_applies(kind or None): tc_check_stream_applies. */
static PyObject *net_stream_applies(NetObject *self, PyObject *args)
{
    const char *kind_text = NULL;
    tc_kind_t kind;
    if (!PyArg_ParseTuple(args, "z", &kind_text) || kind_arg(self->net, kind_text, &kind) < 0) {
        return NULL;
    }
    return PyBool_FromLong(tc_check_stream_applies(self->net, kind));
}

/* stream_shortcut(kind or None, root): tc_check_stream_shortcut (a test at 4,096 nodes). */
static PyObject *net_stream_shortcut(NetObject *self, PyObject *args)
{
    const char *kind_text = NULL;
    long long root;
    tc_kind_t kind;
    if (!PyArg_ParseTuple(args, "zL", &kind_text, &root) ||
        kind_arg(self->net, kind_text, &kind) < 0 || node_arg(self->net, root) < 0) {
        return NULL;
    }
    bool yes;
    Py_BEGIN_ALLOW_THREADS yes = tc_check_stream_shortcut(self->net, kind, root);
    Py_END_ALLOW_THREADS return PyBool_FromLong(yes);
}

/* The options of a report, as a tuple: what reports must share to be merged. */
static PyObject *options_tuple(const tc_check_opts_t *o)
{
    return Py_BuildValue("(NNNNNLK)", PyBool_FromLong(o->undirected),
                         PyBool_FromLong(o->independence), PyBool_FromLong(o->excess),
                         PyBool_FromLong(o->rotation), PyBool_FromLong(o->levels),
                         (long long)o->sample, (unsigned long long)o->seed);
}

/* check_stream(kind or None, root, lo, hi, properties, threads, sample, seed): tc_check_stream
 * of kind's forest at root over nodes lo..hi-1, nothing stored, with Forest.check's options
 * over tc_check_suggest_kind's defaults. Returns (all_hold, rows, result_json,
 * depth_by_rotation, the report's packed int64 bytes, the options as a tuple). A kind without a
 * rule the check can follow: the library's TC_EINVAL and its sentence. */
static PyObject *net_check_stream(NetObject *self, PyObject *args)
{
    const char *kind_text = NULL;
    long long root, lo, hi, sample;
    PyObject *props;
    int threads;
    unsigned long long seed;
    tc_kind_t kind;
    if (!PyArg_ParseTuple(args, "zLLLOiLK", &kind_text, &root, &lo, &hi, &props, &threads, &sample,
                          &seed) ||
        kind_arg(self->net, kind_text, &kind) < 0) {
        return NULL;
    }
    const tc_net_t *net = self->net;
    check_job_t *job = calloc(1, sizeof *job);
    if (job == NULL) {
        return PyErr_NoMemory();
    }
    job->net = net;
    job->kind = kind;
    job->root = root;
    job->lo = lo;
    job->hi = hi;
    tc_check_opts_t o = tc_check_defaults(), possible;
    if (!tc_check_stream_applies(net, kind)) { /* the library says why (before any suggestion) */
        tc_err_t err = tc_check_stream(net, kind, root, lo, lo, &o, &job->rep);
        free(job);
        return err != TC_OK ? raise_tc(err) : raise_arg("No rule to follow.");
    }
    o.threads = threads;
    o.seed = seed;
    tc_check_suggest_kind(net, kind, &o, &possible);
    PyObject *r = NULL;
    if (check_options(props, sample, net, &possible, &o) == 0) {
        r = check_run(job, &o, true);
    }
    free(job);
    PyObject *opts = r != NULL ? options_tuple(&o) : NULL;
    if (opts == NULL) {
        Py_XDECREF(r);
        return NULL;
    }
    PyObject *all = PySequence_Concat(r, opts);
    Py_DECREF(r);
    Py_DECREF(opts);
    return all;
}

/* check_merge(kind or None, [packed reports]): the reports (check_stream's bytes) unpacked by
 * tc_check_report_unpack, merged in order by tc_check_report_merge and judged. Returns
 * (all_hold, rows, result_json, depth_by_rotation (the largest of the parts), packed bytes). */
static PyObject *net_check_merge(NetObject *self, PyObject *args)
{
    const char *kind_text = NULL;
    PyObject *parts;
    tc_kind_t kind;
    if (!PyArg_ParseTuple(args, "zO", &kind_text, &parts) ||
        kind_arg(self->net, kind_text, &kind) < 0) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(parts, "the parts must be a list of packed reports");
    if (seq == NULL) {
        return NULL;
    }
    size_t bytes = (size_t)tc_check_report_values() * sizeof(int64_t);
    check_job_t *job = calloc(1, sizeof *job);
    tc_check_report_t *part = malloc(sizeof *part);
    int64_t *values = malloc(bytes);
    PyObject *r = NULL;
    if (job == NULL || part == NULL || values == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    job->net = self->net;
    job->kind = kind;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        char *data;
        Py_ssize_t len;
        if (PyBytes_AsStringAndSize(PySequence_Fast_GET_ITEM(seq, i), &data, &len) < 0) {
            goto done;
        }
        if ((size_t)len != bytes) {
            raise_arg("A packed report has %zd bytes, not %zu.", len, bytes);
            goto done;
        }
        memcpy(values, data, bytes);
        tc_err_t err = tc_check_report_unpack(values, part);
        if (err != TC_OK) {
            raise_tc(err);
            goto done;
        }
        tc_check_report_merge(&job->rep, part);
    }
    Py_BEGIN_ALLOW_THREADS check_judge(job);
    Py_END_ALLOW_THREADS r = check_tuple(job, true);
    free(job->json);
done:
    Py_DECREF(seq);
    free(values);
    free(part);
    free(job);
    return r;
}

static PyMethodDef net_methods[] = {
    {"label", (PyCFunction)net_label, METH_VARARGS, "label(v, commas=False): node v's label."},
    {"parse_label", (PyCFunction)net_parse_label, METH_VARARGS, "parse_label(text): a node id."},
    {"neighbors", (PyCFunction)net_neighbors, METH_VARARGS,
     "neighbors(v): node v's neighbours by ascending dimension."},
    {"neighbor", (PyCFunction)net_neighbor, METH_VARARGS,
     "neighbor(v, dim): the neighbour along dim, -1 for none."},
    {"distance", (PyCFunction)net_distance, METH_VARARGS, "distance(u, v)."},
    {"facts", (PyCFunction)net_facts, METH_NOARGS,
     "facts() -> (title, [(key, value, paper, source, verdict)], by_distance, from)."},
    {"trees", (PyCFunction)net_trees, METH_VARARGS, "trees(kind, root, threads) -> Forest."},
    {"root_cut", (PyCFunction)net_root_cut, METH_VARARGS,
     "root_cut(root) -> (links, nodes): a least root cut."},
    {"from_parents", (PyCFunction)net_from_parents, METH_VARARGS,
     "from_parents(int64 (trees, nodes) buffer, root, kind) -> Forest."},
    {"stream_applies", (PyCFunction)net_stream_applies, METH_VARARGS,
     "stream_applies(kind): whether the streaming check can follow kind's rule."},
    {"stream_shortcut", (PyCFunction)net_stream_shortcut, METH_VARARGS,
     "stream_shortcut(kind, root): whether the streaming check takes the rotation shortcut."},
    {"check_stream", (PyCFunction)net_check_stream, METH_VARARGS,
     "check_stream(kind, root, lo, hi, properties, threads, sample, seed) -> (all_hold, rows, "
     "result_json, depth_by_rotation, packed, options)."},
    {"check_merge", (PyCFunction)net_check_merge, METH_VARARGS,
     "check_merge(kind, [packed]) -> (all_hold, rows, result_json, depth_by_rotation, packed)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject NetType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "treecast._core.Net",
    .tp_basicsize = sizeof(NetObject),
    .tp_dealloc = (destructor)net_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A network (tc_net_t).",
    .tp_methods = net_methods,
    .tp_getset = net_getset,
};

/* ---- module functions ------------------------------------------------------------------------ */

static PyObject *mod_net_parse(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *spec;
    if (!PyArg_ParseTuple(args, "s", &spec)) {
        return NULL;
    }
    tc_net_t *net = NULL;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_net_parse(spec, &net);
    Py_END_ALLOW_THREADS return err != TC_OK ? raise_tc(err) : net_wrap(net);
}

/* net_graph(nodes, edges int64 buffer of 2E, labels list or None, name or None). */
static PyObject *mod_net_graph(PyObject *mod, PyObject *args)
{
    (void)mod;
    long long nodes;
    PyObject *obj, *labels;
    const char *name = NULL;
    if (!PyArg_ParseTuple(args, "LOOz", &nodes, &obj, &labels, &name)) {
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    const char *fmt = view.format != NULL ? view.format : "B";
    fmt += fmt[0] == '<' || fmt[0] == '=' || fmt[0] == '@';
    if (view.itemsize != 8 || strchr("lqn", fmt[0]) == NULL || view.len % 16 != 0) {
        PyBuffer_Release(&view);
        return raise_arg("The edges must be a C-contiguous (E, 2) int64 array.");
    }
    const char **labs = NULL;
    if (labels != Py_None) {
        Py_ssize_t count = PyList_Check(labels) ? PyList_GET_SIZE(labels) : -1;
        if (count < 0 || count != nodes) {
            PyBuffer_Release(&view);
            return raise_arg("The labels must be a list of %lld strings, one per node.", nodes);
        }
        labs = malloc((size_t)count * sizeof *labs);
        for (Py_ssize_t i = 0; labs != NULL && i < count; i++) {
            labs[i] = PyUnicode_AsUTF8(PyList_GET_ITEM(labels, i));
            if (labs[i] == NULL) {
                free(labs);
                PyBuffer_Release(&view);
                return NULL;
            }
        }
        if (labs == NULL) {
            PyBuffer_Release(&view);
            return PyErr_NoMemory();
        }
    }
    tc_net_t *net = NULL;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err =
        tc_net_graph_new(nodes, (int64_t)(view.len / 16), view.buf, labs, name, &net);
    Py_END_ALLOW_THREADS free(labs);
    PyBuffer_Release(&view);
    return err != TC_OK ? raise_tc(err) : net_wrap(net);
}

/* net_graph_read(text bytes, name or None): the text of a graph file (edge list or JSON). */
static PyObject *mod_net_graph_read(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *text, *name = NULL;
    Py_ssize_t len;
    if (!PyArg_ParseTuple(args, "y#z", &text, &len, &name)) {
        return NULL;
    }
    tc_net_t *net = NULL;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_net_graph_read(text, (size_t)len, name, &net);
    Py_END_ALLOW_THREADS return err != TC_OK ? raise_tc(err) : net_wrap(net);
}

static PyObject *mod_kind_parse(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *text;
    if (!PyArg_ParseTuple(args, "s", &text)) {
        return NULL;
    }
    tc_kind_t kind;
    tc_err_t err = tc_kind_parse(text, &kind);
    return err != TC_OK ? raise_tc(err) : PyUnicode_FromString(tc_kind_name(kind));
}

static PyObject *mod_version(PyObject *mod, PyObject *noargs)
{
    (void)mod;
    (void)noargs;
    return PyUnicode_FromString(tc_version());
}

static PyMethodDef module_methods[] = {
    {"net_parse", mod_net_parse, METH_VARARGS, "net_parse(spec) -> Net (tc_net_parse)."},
    {"net_graph", mod_net_graph, METH_VARARGS,
     "net_graph(nodes, edges, labels, name) -> Net (tc_net_graph_new)."},
    {"net_graph_read", mod_net_graph_read, METH_VARARGS,
     "net_graph_read(text, name) -> Net (tc_net_graph_read)."},
    {"kind_parse", mod_kind_parse, METH_VARARGS, "kind_parse(text) -> the kind's name."},
    {"version", mod_version, METH_NOARGS, "The library's version (tc_version)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "treecast._core",
    "The C extension over libtreecast.",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

static PyObject *new_error(PyObject *mod, const char *name, PyObject *base2, const char *doc)
{
    PyObject *bases = base2 != NULL ? PyTuple_Pack(2, Error, base2) : NULL;
    char full[64];
    snprintf(full, sizeof full, "treecast.%s", name);
    PyObject *e =
        PyErr_NewExceptionWithDoc(full, doc, base2 != NULL ? bases : PyExc_Exception, NULL);
    Py_XDECREF(bases);
    if (e != NULL && PyModule_AddObjectRef(mod, name, e) < 0) {
        Py_CLEAR(e);
    }
    return e;
}

/* What sim.c shares (py.h): the error mapping and the Net's network. */
#include "py.h"

PyObject *tc_py_raise(tc_err_t err)
{
    return raise_tc(err);
}

PyObject *tc_py_raise_arg(const char *msg)
{
    return raise_arg("%s", msg);
}

const tc_net_t *tc_py_net(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &NetType)) {
        PyErr_SetString(PyExc_TypeError, "expected a treecast._core.Net");
        return NULL;
    }
    return ((NetObject *)obj)->net;
}

PyMODINIT_FUNC PyInit__core(void);

PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&NetType) < 0 || PyType_Ready(&ForestType) < 0) {
        return NULL;
    }
    PyObject *mod = PyModule_Create(&module_def);
    if (mod == NULL) {
        return NULL;
    }
    if (PyModule_AddFunctions(mod, tc_py_sim_methods) < 0) { /* sim.c: sim, route, repro */
        Py_DECREF(mod);
        return NULL;
    }
    Error = new_error(mod, "Error", NULL, "A failure of libtreecast (its detail sentence).");
    if (Error == NULL ||
        (ArgumentError = new_error(mod, "ArgumentError", PyExc_ValueError,
                                   "Bad arguments: TC_EINVAL, TC_ERANGE, TC_EPARSE.")) == NULL ||
        (ResourceError = new_error(mod, "ResourceError", PyExc_MemoryError,
                                   "Too large or out of memory: TC_ENOMEM, TC_ETOOBIG.")) == NULL ||
        (FileError = new_error(mod, "FileError", PyExc_OSError, "TC_EIO: a file or stream.")) ==
            NULL ||
        (NotSupportedError = new_error(mod, "NotSupportedError", PyExc_NotImplementedError,
                                       "TC_ENOTSUP.")) == NULL ||
        PyModule_AddObjectRef(mod, "Net", (PyObject *)&NetType) < 0 ||
        PyModule_AddObjectRef(mod, "Forest", (PyObject *)&ForestType) < 0 ||
        PyModule_AddIntConstant(mod, "PARENT_ROOT", TC_PARENT_ROOT) < 0 ||
        PyModule_AddIntConstant(mod, "PARENT_NONE", TC_PARENT_NONE) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
