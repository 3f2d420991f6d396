/* Private knobs of the least-height search (the tc__ tier), for the tests. */
#ifndef TREECAST_TREES_SEARCH_INTERNAL_H
#define TREECAST_TREES_SEARCH_INTERNAL_H

#include "treecast/search.h"

enum {
    TC__SEARCH_NO_SHORTCUT = 1, /* always encode and solve, even when a bound decides */
    TC__SEARCH_NO_SYMMETRY = 2, /* no tree ordering, no forced root children */
};

/* tc_search_edst with flags (a mask of the TC__SEARCH_* values; 0 is tc_search_edst). */
tc_err_t tc__search_edst_flags(const tc_net_t *net, int64_t root, int ntrees, int height,
                               int64_t conflict_limit, unsigned flags, tc_search_result_t *res,
                               tc_forest_t **out);

#endif
