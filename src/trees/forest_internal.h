/* Private forest allocation (the tc__ tier). */
#ifndef TREECAST_TREES_FOREST_INTERNAL_H
#define TREECAST_TREES_FOREST_INTERNAL_H

#include "treecast/trees.h"

/* tc_forest_new, but the parent arrays are left uninitialized unless clear is true: for
 * builders that write every byte (and so touch every page once, on their own threads). */
tc_err_t tc__forest_alloc(const tc_net_t *net, int ntrees, int64_t root, bool clear,
                          tc_forest_t **out);

/* Fill every parent array of an allocated star forest (kind, root and tree count set) by the
 * rules on `threads` threads (> 0). */
tc_err_t tc__star_fill(tc_forest_t *forest, tc_kind_t kind, int threads);

/* The parent dimensions of one node in every tree (out[0..ntrees-1]): Q_n on the relative
 * address c; I_k^n on the node address x. */
void tc__cube_parents(int n, tc_kind_t kind, uint64_t c, int ntrees, uint8_t *out);
void tc__icube_parents(int n, int k, tc_kind_t kind, uint64_t root, uint64_t x, int ntrees,
                       uint8_t *out);

/* The parent dimension of node in tree t at root (the kind applies to the family). */
int tc__star_parent_dim(const tc_net_t *net, tc_kind_t kind, int64_t root, int t, int64_t node);

/* The cube rule of kind for tree t on the relative address c. */
int tc__cube_rule(int n, tc_kind_t kind, int t, uint64_t c);

#endif
