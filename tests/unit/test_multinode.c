/* Multinode broadcast (paper 000, Section 4.4) under faults: the depth-first schedule with
 * acknowledgements stalls at a faulty node; following the fault-free timetable instead
 * (TC_ACKS_NONE) keeps the schedule and tolerates n-2 faults (docs/corrections.md). */
#include "treecast/plan.h"
#include "treecast/treecast.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

typedef struct {
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
    tc_coll_t *coll;
} env_t;

static void env_open(env_t *e, int n, tc_acks_t acks)
{
    memset(e, 0, sizeof *e);
    assert_int_equal(tc_net_star_new(n, &e->net), TC_OK);
    assert_int_equal(tc_topo_init(&e->topo, e->net), TC_OK);
    assert_int_equal(tc_trees_build(e->net, TC_KIND_EDT, 0, 1, &e->forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&e->trees, e->forest, &e->topo, TC_ORDER_PAPER), TC_OK);
    tc_coll_opts_t o = {.what = TC_COLL_MULTINODE, .M = 1, .x = n - 1, .acks = acks};
    assert_int_equal(tc_coll_new(&e->trees, &e->topo, &o, &e->coll), TC_OK);
}

static void env_close(env_t *e)
{
    tc_coll_free(e->coll);
    tc_plan_trees_destroy(&e->trees);
    tc_forest_free(e->forest);
    tc_topo_destroy(&e->topo);
    tc_net_free(e->net);
}

/* Without faults the timetable is the acknowledged schedule: M(n!-1) rounds, no queueing. */
static void test_timetable_matches_acknowledged_schedule(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        int64_t rounds[2];
        for (int k = 0; k < 2; k++) {
            env_t e;
            env_open(&e, n, k == 0 ? TC_ACKS_FREE : TC_ACKS_NONE);
            tc_sim_config_t cfg = tc_sim_defaults();
            tc_sim_result_t r;
            assert_int_equal(tc_sim_run(&e.topo, &cfg, NULL, tc_coll_plan(e.coll), &r, NULL),
                             TC_OK);
            assert_int_equal(r.queued_packets, 0);
            assert_int_equal(r.nodes_complete, r.nodes_nonfaulty);
            rounds[k] = r.rounds;
            env_close(&e);
        }
        assert_int_equal(rounds[0], tc_star_factorial(n) - 1);
        assert_int_equal(rounds[1], rounds[0]);
    }
}

static int64_t campaign_complete(env_t *e, tc_fault_kind_t kind, int64_t k, int64_t trials)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_campaign_t c = {.trials = trials, .seed = 11, .kind = kind, .k = k, .threads = 2};
    tc_sim_trial_t out[64];
    assert_true(trials <= 64);
    assert_int_equal(
        tc_sim_campaign_run(&e->topo, &cfg, tc_coll_plan(e->coll), &e->trees, -1, &c, out), TC_OK);
    int64_t all = 0;
    for (int64_t i = 0; i < trials; i++) {
        all += out[i].all;
    }
    return all;
}

/* With acknowledgements, one faulty node stalls every traversal that reaches it. */
static void test_acknowledged_schedule_stalls_at_a_faulty_node(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, 5, TC_ACKS_FREE);
    assert_int_equal(campaign_complete(&e, TC_FAULTS_NODES, 1, 20), 0);
    /* a faulty link stalls only the trees that use it; the others cover for it */
    assert_int_equal(campaign_complete(&e, TC_FAULTS_LINKS, 1, 20), 20);
    env_close(&e);
}

/* Following the timetable tolerates n-2 faults of every kind. */
static void test_timetable_tolerates_n_minus_2_faults(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n, TC_ACKS_NONE);
        static const tc_fault_kind_t kinds[] = {TC_FAULTS_NODES, TC_FAULTS_LINKS, TC_FAULTS_ARCS,
                                                TC_FAULTS_MIXED};
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            assert_int_equal(campaign_complete(&e, kinds[k], n - 2, 40), 40);
        }
        env_close(&e);
    }
}

/* One run on several threads gives exactly the single-threaded result: with acknowledgement
 * chains (free signals between threads), with faults, and with contention (ascending children
 * order), where the engine runs again on one thread. */
static void test_threads_do_not_change_results(void **state)
{
    (void)state;
    static const struct {
        tc_collective_t what;
        tc_acks_t acks;
        tc_child_order_t order;
        int64_t faults;
    } cases[] = {
        {TC_COLL_MULTINODE, TC_ACKS_FREE, TC_ORDER_PAPER, 0},
        {TC_COLL_MULTINODE, TC_ACKS_ROUND, TC_ORDER_PAPER, 0},
        {TC_COLL_MULTINODE, TC_ACKS_FREE, TC_ORDER_PAPER, 2},
        {TC_COLL_MULTINODE, TC_ACKS_NONE, TC_ORDER_PAPER, 2},
        {TC_COLL_MULTINODE, TC_ACKS_FREE, TC_ORDER_ASCENDING, 0},
        {TC_COLL_TOTAL_EXCHANGE, TC_ACKS_FREE, TC_ORDER_PAPER, 0},
        {TC_COLL_TOTAL_EXCHANGE, TC_ACKS_FREE, TC_ORDER_PAPER, 3},
    };
    int n = 5;
    tc_net_t *net = NULL;
    tc_topo_t topo;
    tc_forest_t *forest = NULL;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    assert_int_equal(tc_trees_build(net, TC_KIND_EDT, 0, 1, &forest), TC_OK);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tc_plan_trees_t trees;
        tc_coll_t *coll = NULL;
        assert_int_equal(tc_plan_trees_init(&trees, forest, &topo, cases[k].order), TC_OK);
        tc_coll_opts_t o = {.what = cases[k].what, .M = 2, .x = n - 1, .acks = cases[k].acks};
        assert_int_equal(tc_coll_new(&trees, &topo, &o, &coll), TC_OK);
        tc_faults_t f = {0};
        if (cases[k].faults > 0) {
            assert_int_equal(tc_faults_random(&f, &topo, TC_FAULTS_MIXED, cases[k].faults, k, -1),
                             TC_OK);
        }
        tc_sim_result_t r[3];
        uint8_t done[3][120];
        for (int th = 1; th <= 3; th++) {
            tc_sim_config_t cfg = tc_sim_defaults();
            cfg.threads = th;
            assert_int_equal(tc_sim_run(&topo, &cfg, cases[k].faults ? &f : NULL,
                                        tc_coll_plan(coll), &r[th - 1], done[th - 1]),
                             TC_OK);
        }
        for (int th = 1; th < 3; th++) {
            assert_memory_equal(&r[0], &r[th], sizeof r[0]);
            assert_memory_equal(done[0], done[th], sizeof done[0]);
        }
        if (cases[k].order == TC_ORDER_ASCENDING) {
            assert_true(r[0].queued_packets > 0); /* the case that falls back to one thread */
        }
        tc_faults_destroy(&f);
        tc_coll_free(coll);
        tc_plan_trees_destroy(&trees);
    }
    tc_forest_free(forest);
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

/* Total exchange with x < n-1 copies: every message reaches every node exactly x times, still
 * without queueing, and x-1 faulty nodes are tolerated. */
static void test_total_exchange_fewer_copies(void **state)
{
    (void)state;
    int n = 5;
    int64_t N = 120, M = 2;
    tc_net_t *net = NULL;
    tc_topo_t topo;
    tc_forest_t *forest = NULL;
    tc_plan_trees_t trees;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    assert_int_equal(tc_trees_build(net, TC_KIND_EDT, 0, 1, &forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&trees, forest, &topo, TC_ORDER_PAPER), TC_OK);
    for (int x = 1; x <= n - 1; x++) {
        tc_coll_t *coll = NULL;
        tc_coll_opts_t o = {.what = TC_COLL_TOTAL_EXCHANGE, .M = M, .x = x};
        assert_int_equal(tc_coll_new(&trees, &topo, &o, &coll), TC_OK);
        tc_sim_config_t cfg = tc_sim_defaults();
        tc_sim_result_t r;
        assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_coll_plan(coll), &r, NULL), TC_OK);
        assert_int_equal(r.queued_packets, 0);
        assert_int_equal(r.nodes_complete, N);
        assert_int_equal(r.duplicates, (x - 1) * M * N * (N - 1));
        assert_int_equal(r.transmissions, tc_coll_data_transmissions(coll));
        if (x > 1) {
            tc_sim_campaign_t c = {
                .trials = 20, .seed = 5, .kind = TC_FAULTS_NODES, .k = x - 1, .threads = 2};
            tc_sim_trial_t out[20];
            assert_int_equal(
                tc_sim_campaign_run(&topo, &cfg, tc_coll_plan(coll), &trees, -1, &c, out), TC_OK);
            for (int i = 0; i < 20; i++) {
                assert_true(out[i].all);
            }
        }
        tc_coll_free(coll);
    }
    tc_plan_trees_destroy(&trees);
    tc_forest_free(forest);
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timetable_matches_acknowledged_schedule),
        cmocka_unit_test(test_acknowledged_schedule_stalls_at_a_faulty_node),
        cmocka_unit_test(test_timetable_tolerates_n_minus_2_faults),
        cmocka_unit_test(test_threads_do_not_change_results),
        cmocka_unit_test(test_total_exchange_fewer_copies),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
