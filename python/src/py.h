/* What the extension's files share (python/src/): _core.c defines the module, the Net type and
 * the error mapping; sim.c adds the functions of treecast.sim, treecast.route and
 * treecast.repro to the module (tc_py_sim_methods, added by PyInit__core). */
#ifndef TREECAST_PY_H
#define TREECAST_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "treecast/treecast.h"

/* Raise the treecast.Error subclass of err with the library's detail sentence (_core.c). NULL. */
PyObject *tc_py_raise(tc_err_t err);

/* Raise treecast.ArgumentError (a ValueError) with this sentence (_core.c). NULL. */
PyObject *tc_py_raise_arg(const char *msg);

/* The network of a treecast._core.Net, or NULL with TypeError set (_core.c). */
const tc_net_t *tc_py_net(PyObject *obj);

/* The functions of sim.c: sim_schedule, sim_tseng, route_star, repro_*. */
extern PyMethodDef tc_py_sim_methods[];

#endif
