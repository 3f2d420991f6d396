/* treecast._mpi — libtreecast_mpi's collectives (include/treecast/mpi.h) on Python buffers.
 *
 * An optional extension of its own, built by setup.py only where mpicc is found, so that
 * treecast._core stays MPI-free (python/treecast/mpi.py imports this lazily). The communicator
 * comes as its Fortran handle (mpi4py's comm.py2f()) and is turned back with MPI_Comm_f2c: no
 * mpi4py C header is needed, only the same MPI library as mpi4py's. The buffers are taken
 * with the buffer protocol (C-contiguous; writable where data arrives) and handed to the
 * collective as MPI_BYTE: zero-copy, the array's memory is the MPI buffer. The collective runs
 * without the GIL. Failures raise the treecast.Error subclasses of treecast._core with the
 * sentence of tc_mpi_error(): MPI_ERR_ARG an ArgumentError, MPI_ERR_NO_MEM a ResourceError,
 * anything else (MPI_ERR_OTHER: a rank could not get every segment, or another rank failed
 * the setup) an Error; .code is the MPI error class's name.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "treecast/mpi.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static PyObject *Error, *ArgumentError, *ResourceError;

static PyObject *raise_mpi(int code, const char *fallback)
{
    const char *detail = tc_mpi_error();
    const char *msg = detail != NULL && detail[0] != '\0' ? detail : fallback;
    PyObject *type = code == MPI_ERR_ARG      ? ArgumentError
                     : code == MPI_ERR_NO_MEM ? ResourceError
                                              : Error;
    const char *name = code == MPI_ERR_ARG      ? "MPI_ERR_ARG"
                       : code == MPI_ERR_NO_MEM ? "MPI_ERR_NO_MEM"
                       : code == MPI_ERR_OTHER  ? "MPI_ERR_OTHER"
                                                : "MPI_ERR";
    PyObject *exc = PyObject_CallFunction(type, "s", msg);
    if (exc == NULL) {
        return NULL;
    }
    PyObject *c = PyUnicode_FromString(name), *d = PyUnicode_FromString(msg);
    if (c != NULL && d != NULL) { /* the attributes are a courtesy: failures are ignored */
        (void)(PyObject_SetAttrString(exc, "code", c) < 0 ||
               PyObject_SetAttrString(exc, "detail", d) < 0);
    }
    PyErr_Clear();
    Py_XDECREF(c);
    Py_XDECREF(d);
    PyErr_SetObject(type, exc);
    Py_DECREF(exc);
    return NULL;
}

static PyObject *raise_arg(const char *msg)
{
    PyErr_SetString(ArgumentError, msg);
    return NULL;
}

/* ---- arguments ------------------------------------------------------------------------------ */

/* The options and what they point to (kept alive until the call is over). */
typedef struct {
    tc_mpi_opts_t o;
    PyObject *net, *kind; /* UTF-8 bytes, or NULL */
    int *faulty;
} opts_t;

static void opts_free(opts_t *p)
{
    Py_XDECREF(p->net);
    Py_XDECREF(p->kind);
    free(p->faulty);
}

static int text_arg(PyObject *obj, const char *what, PyObject **keep, const char **out)
{
    if (obj == NULL || obj == Py_None) {
        *out = NULL;
        return 0;
    }
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str or None", what);
        return -1;
    }
    *keep = PyUnicode_AsUTF8String(obj);
    if (*keep == NULL) {
        return -1;
    }
    *out = PyBytes_AS_STRING(*keep);
    return 0;
}

static int opts_parse(opts_t *p, PyObject *net, PyObject *kind, long long segment, int x,
                      int window, int eager, PyObject *faulty)
{
    memset(p, 0, sizeof *p);
    if (text_arg(net, "net", &p->net, &p->o.net) < 0 ||
        text_arg(kind, "kind", &p->kind, &p->o.kind) < 0) {
        return -1;
    }
    if (segment < 0 || x < 0 || window < 0) {
        raise_arg("segment, x and window must not be negative (0: the default).");
        return -1;
    }
    p->o.segment = (int64_t)segment;
    p->o.x = x;
    p->o.window = window;
    p->o.eager = eager != 0;
    if (faulty != NULL && faulty != Py_None) {
        PyObject *seq = PySequence_Fast(faulty, "faulty must be a sequence of ranks");
        if (seq == NULL) {
            return -1;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        p->faulty = malloc(sizeof *p->faulty * (size_t)(n > 0 ? n : 1));
        if (p->faulty == NULL) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                return -1;
            }
            if (v < INT_MIN || v > INT_MAX) {
                Py_DECREF(seq);
                raise_arg("A faulty rank out of int's range.");
                return -1;
            }
            p->faulty[i] = (int)v;
        }
        Py_DECREF(seq);
        if (n > INT_MAX) {
            raise_arg("Too many faulty ranks.");
            return -1;
        }
        p->o.faulty = p->faulty;
        p->o.nfaulty = (int)n;
    }
    return 0;
}

/* The communicator of a Fortran handle (mpi4py: comm.py2f()), MPI initialized. */
static int comm_arg(PyObject *handle, MPI_Comm *out)
{
    int init = 0, fin = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (!init || fin) {
        PyErr_SetString(Error, fin ? "MPI is finalized."
                                   : "MPI is not initialized (import "
                                     "mpi4py.MPI first).");
        return -1;
    }
    long f = PyLong_AsLong(handle);
    if (f == -1 && PyErr_Occurred()) {
        return -1;
    }
    *out = MPI_Comm_f2c((MPI_Fint)f);
    if (*out == MPI_COMM_NULL) {
        raise_arg("The communicator is MPI_COMM_NULL.");
        return -1;
    }
    return 0;
}

/* A buffer of the caller: C-contiguous, writable when data arrives in it; its size in bytes as
 * an MPI count. obj None: no buffer (*has = 0). */
static int buffer_arg(PyObject *obj, const char *what, int writable, Py_buffer *view, int *has,
                      int *count)
{
    *has = 0;
    *count = 0;
    if (obj == NULL || obj == Py_None) {
        return 0;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0)) < 0) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_Format(PyExc_BufferError,
                     "%s must be a C-contiguous%s buffer (a NumPy array: "
                     "np.ascontiguousarray(a)%s): %S",
                     what, writable ? ", writable" : "", writable ? ", a.flags.writeable" : "",
                     value != NULL ? value : Py_None);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return -1;
    }
    *has = 1;
    if (view->len > INT_MAX) {
        PyBuffer_Release(view);
        *has = 0;
        PyErr_Format(ArgumentError, "%s has %zd bytes; an MPI count of bytes holds at most %d.",
                     what, view->len, INT_MAX);
        return -1;
    }
    *count = (int)view->len;
    return 0;
}

static PyObject *report_dict(const tc_mpi_report_t *r)
{
    return Py_BuildValue("{s:L,s:L,s:L,s:L,s:L,s:L,s:O}", "segments", (long long)r->segments,
                         "received", (long long)r->received, "expected", (long long)r->expected,
                         "messages_in", (long long)r->messages_in, "messages_out",
                         (long long)r->messages_out, "predicted_rounds",
                         (long long)r->predicted_rounds, "faulty", r->faulty ? Py_True : Py_False);
}

/* ---- the collectives ------------------------------------------------------------------------ */

typedef enum { BCAST, SCATTER, ALLGATHER, ALLTOALL } which_t;

/* The block in bytes, each rank's share of its buffers (shas, rhas: whether each was given;
 * scount, rcount: their bytes, 0 when not), or the sentence that refuses them. */
static const char *block_of(which_t which, int root, int size, int rank, bool shas, int scount,
                            bool rhas, int rcount, int *block)
{
    switch (which) {
    case BCAST:
        *block = rcount;
        return NULL;
    case SCATTER:
        if (root < 0 || root >= size) {
            *block = rcount; /* the library names the bad root */
        } else if (rank == root && !shas) {
            return "The root of scatter needs sendbuf (one block per rank).";
        } else if (rank == root && scount % size != 0) {
            return "The root's sendbuf is not a whole number of blocks (its bytes / ranks).";
        } else if (rank == root) {
            *block = scount / size;
            if (rhas && rcount != *block) {
                return "recvbuf's bytes differ from the root's block (sendbuf's bytes / ranks).";
            }
        } else if (!rhas) {
            return "recvbuf is needed on every rank but the root (None there: in place).";
        } else {
            *block = rcount;
        }
        return NULL;
    case ALLGATHER:
        if (rcount % size != 0) {
            return "recvbuf is not a whole number of blocks (its bytes / ranks).";
        }
        *block = shas ? scount : rcount / size;
        return shas && (int64_t)scount * size != rcount
                   ? "recvbuf must hold ranks x sendbuf's bytes."
                   : NULL;
    case ALLTOALL:
        if (rcount % size != 0) {
            return "recvbuf is not a whole number of blocks (its bytes / ranks).";
        }
        *block = rcount / size;
        return shas && scount != rcount ? "sendbuf and recvbuf of alltoall must have the same size."
                                        : NULL;
    }
    return NULL;
}

/* The collective itself, in bytes (count -1 and op NULL: this rank refuses, and joins to say so).
 */
static int run(which_t which, const void *sbuf, void *rbuf, int count, int root, MPI_Comm comm,
               const tc_mpi_opts_t *op, tc_mpi_report_t *rep)
{
    switch (which) {
    case BCAST:
        return tc_mpi_bcast(rbuf, count, MPI_BYTE, root, comm, op, rep);
    case SCATTER:
        return tc_mpi_scatter(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, root, comm, op, rep);
    case ALLGATHER:
        return tc_mpi_allgather(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, comm, op, rep);
    case ALLTOALL:
        return tc_mpi_alltoall(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, comm, op, rep);
    }
    return MPI_ERR_ARG;
}

/* One function for the four: the arguments every collective takes, then its buffers. */
static PyObject *collective(which_t which, PyObject *args, PyObject *kwargs)
{
    static char *kw_bcast[] = {"comm", "buf",    "root",  "net",    "kind", "segment",
                               "x",    "window", "eager", "faulty", NULL};
    static char *kw_scatter[] = {"comm",    "sendbuf", "recvbuf", "root",  "net",    "kind",
                                 "segment", "x",       "window",  "eager", "faulty", NULL};
    static char *kw_all[] = {"comm", "sendbuf", "recvbuf", "net",    "kind", "segment",
                             "x",    "window",  "eager",   "faulty", NULL};
    PyObject *handle, *sendobj = Py_None, *recvobj = Py_None, *net = Py_None, *kind = Py_None,
                      *faulty = Py_None;
    int root = 0, x = 0, window = 0, eager = 0;
    long long segment = 0;
    int ok;
    switch (which) {
    case BCAST:
        ok = PyArg_ParseTupleAndKeywords(args, kwargs, "OO|$iOOLiipO:bcast", kw_bcast, &handle,
                                         &recvobj, &root, &net, &kind, &segment, &x, &window,
                                         &eager, &faulty);
        break;
    case SCATTER:
        ok = PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|$iOOLiipO:scatter", kw_scatter, &handle,
                                         &sendobj, &recvobj, &root, &net, &kind, &segment, &x,
                                         &window, &eager, &faulty);
        break;
    default:
        ok = PyArg_ParseTupleAndKeywords(
            args, kwargs, which == ALLGATHER ? "OOO|$OOLiipO:allgather" : "OOO|$OOLiipO:alltoall",
            kw_all, &handle, &sendobj, &recvobj, &net, &kind, &segment, &x, &window, &eager,
            &faulty);
        break;
    }
    if (!ok) {
        return NULL;
    }
    MPI_Comm comm;
    if (comm_arg(handle, &comm) < 0) {
        return NULL; /* before any MPI call: nothing to join */
    }
    /* From here on a local refusal still joins the collective, with counts of -1 (the init
     * fails here and agrees on failure with the other ranks: they raise "Another rank failed
     * the setup." instead of waiting for this one). */
    opts_t o;
    Py_buffer sview, rview;
    int shas = 0, rhas = 0, scount = 0, rcount = 0;
    int size = 0, rank = 0;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    const void *sbuf = MPI_IN_PLACE;
    void *rbuf = MPI_IN_PLACE;
    int block = 0;
    const char *bad = NULL;
    int failed = opts_parse(&o, net, kind, segment, x, window, eager, faulty) < 0;
    if (!failed && which == BCAST && recvobj == Py_None) {
        bad = "bcast needs a buffer on every rank.";
    } else if (!failed && which != BCAST && which != SCATTER && recvobj == Py_None) {
        bad = "recvbuf is needed on every rank (sendbuf None: in place).";
    }
    if (!failed && bad == NULL) {
        failed =
            buffer_arg(sendobj, "sendbuf", 0, &sview, &shas, &scount) < 0 ||
            buffer_arg(recvobj, which == BCAST ? "buf" : "recvbuf", 1, &rview, &rhas, &rcount) < 0;
    }
    if (!failed && bad == NULL) {
        sbuf = shas ? sview.buf : MPI_IN_PLACE;
        rbuf = rhas ? rview.buf : MPI_IN_PLACE;
        bad = block_of(which, root, size, rank, shas, scount, rhas, rcount, &block);
        if (which == SCATTER && rank != root) {
            sbuf = NULL; /* significant at the root only */
        }
    }
    int st = MPI_SUCCESS;
    tc_mpi_report_t rep;
    memset(&rep, 0, sizeof rep);
    int count = failed || bad != NULL ? -1 : block;
    const tc_mpi_opts_t *op = failed || bad != NULL ? NULL : &o.o;
    PyObject *et = NULL, *ev = NULL, *etb = NULL;
    PyErr_Fetch(&et, &ev, &etb);
    Py_BEGIN_ALLOW_THREADS st = run(which, sbuf, rbuf, count, root, comm, op, &rep);
    Py_END_ALLOW_THREADS PyErr_Restore(et, ev, etb);
    if (shas) {
        PyBuffer_Release(&sview);
    }
    if (rhas) {
        PyBuffer_Release(&rview);
    }
    opts_free(&o);
    if (failed) {
        return NULL;
    }
    if (bad != NULL) {
        return raise_arg(bad);
    }
    if (st != MPI_SUCCESS) {
        return raise_mpi(st, "The collective failed.");
    }
    return report_dict(&rep);
}

static PyObject *py_bcast(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    return collective(BCAST, args, kwargs);
}

static PyObject *py_scatter(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    return collective(SCATTER, args, kwargs);
}

static PyObject *py_allgather(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    return collective(ALLGATHER, args, kwargs);
}

static PyObject *py_alltoall(PyObject *self, PyObject *args, PyObject *kwargs)
{
    (void)self;
    return collective(ALLTOALL, args, kwargs);
}

static PyObject *py_library_version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    char text[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    if (MPI_Get_library_version(text, &len) != MPI_SUCCESS) {
        Py_RETURN_NONE;
    }
    return PyUnicode_DecodeUTF8(text, len, "replace");
}

static PyMethodDef methods[] = {
    {"bcast", (PyCFunction)(void (*)(void))py_bcast, METH_VARARGS | METH_KEYWORDS,
     "bcast(comm_f, buf, *, root, net, kind, segment, x, window, eager, faulty) -> report"},
    {"scatter", (PyCFunction)(void (*)(void))py_scatter, METH_VARARGS | METH_KEYWORDS,
     "scatter(comm_f, sendbuf, recvbuf, *, root, ...) -> report"},
    {"allgather", (PyCFunction)(void (*)(void))py_allgather, METH_VARARGS | METH_KEYWORDS,
     "allgather(comm_f, sendbuf, recvbuf, *, ...) -> report"},
    {"alltoall", (PyCFunction)(void (*)(void))py_alltoall, METH_VARARGS | METH_KEYWORDS,
     "alltoall(comm_f, sendbuf, recvbuf, *, ...) -> report"},
    {"library_version", py_library_version, METH_NOARGS,
     "The MPI library this module was linked with (MPI_Get_library_version)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "treecast._mpi",
    "libtreecast_mpi's collectives on buffers (python/treecast/mpi.py is the API).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__mpi(void);

PyMODINIT_FUNC PyInit__mpi(void)
{
    PyObject *core = PyImport_ImportModule("treecast._core");
    if (core == NULL) {
        return NULL;
    }
    Error = PyObject_GetAttrString(core, "Error");
    ArgumentError = PyObject_GetAttrString(core, "ArgumentError");
    ResourceError = PyObject_GetAttrString(core, "ResourceError");
    Py_DECREF(core);
    if (Error == NULL || ArgumentError == NULL || ResourceError == NULL) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
