/* One run assembled (tc_assembly_init, tc_assembly_coll, tc_assembly_destroy of
 * treecast/plan.h): the same run as the pieces called one by one, each step borrowed or built,
 * the failing step named with its own error, and what is borrowed left to its owner. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <string.h>

static int64_t rounds_of(const tc_topo_t *topo, const tc_coll_t *coll)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    tc_sim_result_t res;
    assert_int_equal(tc_sim_run(topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL), TC_OK);
    assert_int_equal(res.nodes_complete, res.nodes_nonfaulty);
    return res.rounds;
}

/* From a spec, every step built: the EDTs of S_4 (the star's primary kind), a broadcast of M = 2
 * down one tree at a time; the rounds equal those of the pieces called by hand (and `treecast
 * sim bcast --net star:4 --M 2`: 7). */
static void test_built_equals_pieces(void **state)
{
    (void)state;
    tc_assembly_opts_t o = {.spec = "star:4", .coll = {.what = TC_COLL_BCAST, .M = 2}};
    tc_assembly_t a;
    assert_int_equal(tc_assembly_init(&o, &a), TC_OK);
    assert_int_equal(a.failed, 0);
    assert_int_equal(tc_net_nodes(a.net), 24);
    assert_int_equal(tc_forest_trees(a.forest), 3);
    assert_int_equal(a.trees.ntrees, 3);
    assert_non_null(a.coll);
    int64_t assembled = rounds_of(a.topo, a.coll);

    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
    tc_coll_t *coll;
    assert_int_equal(tc_net_parse("star:4", &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    assert_int_equal(tc_trees_build(net, TC_KIND_EDT, 0, 1, &forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&trees, forest, &topo, TC_ORDER_PAPER), TC_OK);
    tc_coll_opts_t co = {.what = TC_COLL_BCAST, .M = 2, .x = 1};
    assert_int_equal(tc_coll_new(&trees, &topo, &co, &coll), TC_OK);
    assert_int_equal(assembled, rounds_of(&topo, coll));
    assert_int_equal(assembled, 7);
    tc_coll_free(coll);
    tc_plan_trees_destroy(&trees);
    tc_forest_free(forest);
    tc_topo_destroy(&topo);
    tc_net_free(net);

    /* a second collective over the same trees replaces the first: M = 6 over all three trees */
    tc_coll_opts_t more = {.what = TC_COLL_BCAST, .M = 6, .x = 3};
    assert_int_equal(tc_assembly_coll(&a, &more), TC_OK);
    assert_true(rounds_of(a.topo, a.coll) > 0);
    tc_assembly_destroy(&a);
    assert_null(a.coll);
    tc_assembly_destroy(&a); /* a zeroed assembly, and NULL, are accepted */
    tc_assembly_destroy(NULL);
}

/* Borrowed network, table and forest stay the caller's: usable after the assembly is gone. */
static void test_borrowed_left_to_owner(void **state)
{
    (void)state;
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    assert_int_equal(tc_net_parse("cube:4", &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    assert_int_equal(tc_trees_build(net, TC_KIND_IST, 0, 1, &forest), TC_OK);
    tc_assembly_opts_t o = {.net = net, .topo = &topo, .forest = forest};
    tc_assembly_t a;
    assert_int_equal(tc_assembly_init(&o, &a), TC_OK);
    assert_ptr_equal(a.net, net);
    assert_ptr_equal(a.topo, &topo);
    assert_ptr_equal(a.forest, forest);
    assert_null(a.coll); /* none asked for */
    tc_assembly_destroy(&a);
    assert_int_equal(tc_net_nodes(net), 16);
    assert_int_equal(tc_forest_trees(forest), 4);
    assert_int_equal(topo.nodes, 16);
    tc_forest_free(forest);
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

/* The failing step is named, with its own error and detail, and what was done before it is
 * released by tc_assembly_destroy (ASan's leak check). */
static void test_failing_step_named(void **state)
{
    (void)state;
    tc_assembly_t a;
    tc_assembly_opts_t bad_net = {.spec = "star:99"};
    assert_int_not_equal(tc_assembly_init(&bad_net, &a), TC_OK);
    assert_int_equal(a.failed, TC_ASSEMBLY_NET);
    assert_true(tc_err_detail()[0] != '\0');
    tc_assembly_destroy(&a);

    tc_assembly_opts_t no_net = {0};
    assert_int_equal(tc_assembly_init(&no_net, &a), TC_EINVAL);
    tc_assembly_destroy(&a);

    /* the SPT does not span S_5: the plan trees refuse it (97 of the 120 nodes) */
    tc_assembly_opts_t spt = {.spec = "star:5", .kind = TC_KIND_SPT};
    assert_int_equal(tc_assembly_init(&spt, &a), TC_EINVAL);
    assert_int_equal(a.failed, TC_ASSEMBLY_TREES);
    assert_non_null(strstr(tc_err_detail(), "reaches 97 of the 120 nodes"));
    assert_non_null(a.forest); /* the steps before it stay done */
    tc_assembly_destroy(&a);

    /* a collective the trees cannot carry: M out of range */
    tc_assembly_opts_t big = {.spec = "star:4", .coll = {.what = TC_COLL_BCAST, .M = -1}};
    assert_int_not_equal(tc_assembly_init(&big, &a), TC_OK);
    assert_int_equal(a.failed, TC_ASSEMBLY_COLL);
    assert_int_equal(a.trees.ntrees, 3);
    tc_assembly_destroy(&a);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_built_equals_pieces),
        cmocka_unit_test(test_borrowed_left_to_owner),
        cmocka_unit_test(test_failing_step_named),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
