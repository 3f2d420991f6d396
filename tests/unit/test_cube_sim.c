/* Hypercube broadcasts in the round engine: the rounds equal the constructions' formulas
 * without faults (n = 2..10, several M), nothing queues, and the n-IST broadcast survives every
 * set of n-1 faults tried, random and adversarial. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan_setup.h"

#include <stdlib.h>
#include <string.h>

static tc_sim_result_t run(plan_setup_t *s, tc_collective_t what, int64_t M, int x,
                           const tc_faults_t *faults)
{
    tc_coll_opts_t co = {.what = what, .M = M, .x = x};
    tc_coll_t *coll = NULL;
    assert_int_equal(tc_coll_new(&s->trees, &s->topo, &co, &coll), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    tc_sim_result_t res;
    assert_int_equal(tc_sim_run(&s->topo, &cfg, faults, tc_coll_plan(coll), &res, NULL), TC_OK);
    tc_coll_free(coll);
    return res;
}

static void test_rounds_equal_formulas(void **state)
{
    (void)state;
    static const int64_t Ms[] = {1, 2, 5, 16, 37};
    for (int n = 2; n <= 10; n++) {
        int64_t N = (int64_t)1 << n;
        for (size_t k = 0; k < sizeof Ms / sizeof Ms[0]; k++) {
            int64_t M = Ms[k];
            int64_t root = (int64_t)(M * 7 % N);
            plan_setup_t s;
            /* the pipelined binomial tree: M + n - 1 */
            plan_setup(&s, n, TC_KIND_BINOMIAL, root);
            tc_sim_result_t r = run(&s, TC_COLL_BCAST, M, 1, NULL);
            assert_int_equal(r.rounds, M + n - 1);
            assert_int_equal(r.transmissions, M * (N - 1));
            assert_int_equal(r.nodes_complete, N);
            assert_int_equal(r.queued_packets, 0);
            plan_teardown(&s);
            /* the n Johnsson-Ho trees: ceil(M/n) + n (corrections 003.1) */
            plan_setup(&s, n, TC_KIND_NEDST, root);
            r = run(&s, TC_COLL_BCAST, M, 1, NULL);
            assert_int_equal(r.rounds, (M + n - 1) / n + n);
            assert_int_equal(r.transmissions, M * (N - 1));
            assert_int_equal(r.nodes_complete, N);
            assert_int_equal(r.queued_packets, 0);
            plan_teardown(&s);
            /* every packet down all n ISTs (height n+1): M + n */
            plan_setup(&s, n, TC_KIND_IST, root);
            r = run(&s, TC_COLL_FT_BCAST, M, n, NULL);
            assert_int_equal(r.rounds, M + n);
            assert_int_equal(r.transmissions, M * n * (N - 1));
            assert_int_equal(r.nodes_complete, N);
            assert_int_equal(r.queued_packets, 0);
            plan_teardown(&s);
        }
    }
}

static void test_ist_survives_n_minus_1_faults(void **state)
{
    (void)state;
    static const tc_fault_kind_t kinds[] = {TC_FAULTS_NODES, TC_FAULTS_LINKS, TC_FAULTS_ARCS,
                                            TC_FAULTS_MIXED};
    for (int n = 3; n <= 7; n++) {
        int64_t N = (int64_t)1 << n;
        plan_setup_t s;
        plan_setup(&s, n, TC_KIND_IST, 3 % N);
        for (size_t k = 0; k < 4; k++) {
            for (uint64_t seed = 1; seed <= 60; seed++) {
                tc_faults_t f;
                assert_int_equal(tc_faults_random(&f, &s.topo, kinds[k], n - 1, seed, 3 % N),
                                 TC_OK);
                tc_sim_result_t r = run(&s, TC_COLL_FT_BCAST, 3, n, &f);
                assert_int_equal(r.nodes_complete, r.nodes_nonfaulty);
                tc_faults_destroy(&f);
            }
        }
        /* adversarial: one inner node on n-1 of the n root paths of a target */
        int hit = 0;
        for (int64_t target = 0; target < N; target++) {
            tc_faults_t f;
            if (tc_plan_faults_on_paths(&f, &s.trees, &s.topo, target, n - 1, (uint64_t)target) !=
                TC_OK) {
                continue; /* fewer than n-1 paths with an inner node (the root's neighbours) */
            }
            hit++;
            tc_sim_result_t r = run(&s, TC_COLL_FT_BCAST, 2, n, &f);
            assert_int_equal(r.nodes_complete, r.nodes_nonfaulty);
            tc_faults_destroy(&f);
            /* n faults, one on every path of the target, cut it off (the test can fail) */
            if (tc_plan_faults_on_paths(&f, &s.trees, &s.topo, target, n, (uint64_t)target) ==
                TC_OK) {
                r = run(&s, TC_COLL_FT_BCAST, 2, n, &f);
                assert_true(r.nodes_complete < r.nodes_nonfaulty);
                tc_faults_destroy(&f);
            }
        }
        assert_true(hit > N / 2);
        plan_teardown(&s);
    }
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_equal_formulas),
        cmocka_unit_test(test_ist_survives_n_minus_1_faults),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
