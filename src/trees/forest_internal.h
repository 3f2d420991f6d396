/* Private forest allocation (the tc__ tier). */
#ifndef TREECAST_TREES_FOREST_INTERNAL_H
#define TREECAST_TREES_FOREST_INTERNAL_H

#include "treecast/trees.h"

/* tc_forest_new, but the parent arrays are left uninitialized unless clear is true: for
 * builders that write every byte (and so touch every page once, on their own threads). */
tc_err_t tc__forest_alloc(const tc_net_t *net, int ntrees, int64_t root, bool clear,
                          tc_forest_t **out);

#endif
