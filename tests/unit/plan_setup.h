/* Shared by the hypercube plan tests: a network, its topology, a forest of one kind and the
 * plan trees, built in one call and freed in one. */
#ifndef TREECAST_TESTS_PLAN_SETUP_H
#define TREECAST_TESTS_PLAN_SETUP_H

#include "treecast/plan.h"
#include "treecast/treecast.h"

#include <string.h>

typedef struct {
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
} plan_setup_t;

static inline void plan_setup(plan_setup_t *s, int n, tc_kind_t kind, int64_t root)
{
    memset(s, 0, sizeof *s);
    assert_int_equal(tc_net_cube_new(n, &s->net), TC_OK);
    assert_int_equal(tc_topo_init(&s->topo, s->net), TC_OK);
    assert_int_equal(tc_trees_build(s->net, kind, root, 1, &s->forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&s->trees, s->forest, &s->topo, TC_ORDER_PAPER), TC_OK);
}

static inline void plan_teardown(plan_setup_t *s)
{
    tc_plan_trees_destroy(&s->trees);
    tc_forest_free(s->forest);
    tc_topo_destroy(&s->topo);
    tc_net_free(s->net);
}

#endif
