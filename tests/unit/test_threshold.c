/* The tree-link fault threshold of paper 004's Table 5.7 (corrections 004.3): the analytic
 * count agrees with the round engine, edge-disjoint families survive any n-1 faults, one tree
 * survives none, and results do not depend on the thread count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan_setup.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    plan_setup_t p;
    tc_threshold_t *th;
} setup_t;

static void setup(setup_t *s, int n, tc_kind_t kind, int64_t root)
{
    plan_setup(&s->p, n, kind, root);
    assert_int_equal(tc_threshold_new(&s->p.trees, &s->p.topo, &s->th), TC_OK);
}

static void teardown(setup_t *s)
{
    tc_threshold_free(s->th);
    plan_teardown(&s->p);
}

/* Broadcast one message down every tree with the first k links of order faulty: did every
 * node get it? */
static bool engine_reaches_all(setup_t *s, const int64_t *order, int64_t k)
{
    tc_faults_t faults;
    assert_int_equal(tc_faults_init(&faults, &s->p.topo), TC_OK);
    for (int64_t j = 0; j < k; j++) {
        int64_t v;
        int port;
        tc_threshold_link(s->th, order[j], &v, &port);
        tc_faults_add_link(&faults, &s->p.topo, v, port, false);
    }
    tc_coll_opts_t co = {.what = TC_COLL_FT_BCAST, .M = 1, .x = s->p.trees.ntrees};
    tc_coll_t *coll = NULL;
    assert_int_equal(tc_coll_new(&s->p.trees, &s->p.topo, &co, &coll), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    tc_sim_result_t res;
    assert_int_equal(tc_sim_run(&s->p.topo, &cfg, &faults, tc_coll_plan(coll), &res, NULL), TC_OK);
    tc_coll_free(coll);
    tc_faults_destroy(&faults);
    return res.nodes_complete == res.nodes_nonfaulty;
}

static void test_agrees_with_engine(void **state)
{
    (void)state;
    const tc_kind_t kinds[] = {TC_KIND_IST, TC_KIND_NEDST, TC_KIND_BINOMIAL};
    for (size_t k = 0; k < 3; k++) {
        for (int n = 2; n <= 5; n++) {
            setup_t s;
            setup(&s, n, kinds[k], (int64_t)(5 % (1 << n)));
            int64_t N = (int64_t)1 << n;
            int T = s.p.trees.ntrees;
            assert_int_equal(tc_threshold_links(s.th), (int64_t)T * (N - 1)); /* disjoint */
            int64_t *order = malloc((size_t)tc_threshold_links(s.th) * sizeof *order);
            assert_non_null(order);
            for (int64_t trial = 0; trial < 25; trial++) {
                int64_t survived = -1;
                assert_int_equal(tc_threshold_trial(s.th, 11, trial, order, &survived), TC_OK);
                assert_true(survived >= T - 1); /* edge-disjoint paths: any T-1 faults */
                if (kinds[k] == TC_KIND_BINOMIAL) {
                    assert_int_equal(survived, 0);
                }
                assert_true(engine_reaches_all(&s, order, survived));
                assert_false(engine_reaches_all(&s, order, survived + 1));
            }
            free(order);
            teardown(&s);
        }
    }
}

static void test_threads_and_seeds(void **state)
{
    (void)state;
    setup_t s;
    setup(&s, 7, TC_KIND_IST, 100);
    int64_t a[300], b[300], c[300];
    assert_int_equal(tc_threshold_run(s.th, 3, 300, 1, a), TC_OK);
    assert_int_equal(tc_threshold_run(s.th, 3, 300, 2, b), TC_OK);
    assert_memory_equal(a, b, sizeof a);
    for (int i = 0; i < 300; i += 37) { /* trial i is the single trial i */
        int64_t one;
        assert_int_equal(tc_threshold_trial(s.th, 3, i, NULL, &one), TC_OK);
        assert_int_equal(one, a[i]);
    }
    assert_int_equal(tc_threshold_run(s.th, 4, 300, 2, c), TC_OK);
    assert_true(memcmp(a, c, sizeof a) != 0); /* another seed, other trials */
    teardown(&s);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agrees_with_engine),
        cmocka_unit_test(test_threads_and_seeds),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
