/* Corrections 000.10: the scatter transmission bound of paper 000 (Table 3, and Table 1 for the
 * star) counts one link too many per path. With x = degree parallel paths, the copy of v's
 * message that leaves the source through its neighbour u crosses at least 1 + d(u,v) links;
 * summed over the x neighbours and every v != source that is x(N - 2 + D) per message (D the sum
 * of the distances from a node), Mx below the printed Mx(N-1) + MxD. The k edge-disjoint
 * spanning trees of Johnsson and Ho attain it on Q_k; these tests pin the measured count, the
 * printed bound, the library's note and the path sum behind it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan_setup.h"
#include "treecast/bounds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Mk(2^k - 2 + k2^(k-1)): the corrected scatter transmissions on Q_k with x = k. */
static int64_t cube_corrected(int k, int64_t M)
{
    int64_t P = (int64_t)1 << k;
    return M * k * (P - 2 + k * (P / 2));
}

static tc_sim_result_t run_scatter(plan_setup_t *s, int64_t M, int x)
{
    tc_coll_opts_t co = {.what = TC_COLL_SCATTER, .M = M, .x = x};
    tc_coll_t *coll = NULL;
    assert_int_equal(tc_coll_new(&s->trees, &s->topo, &co, &coll), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    tc_sim_result_t res;
    assert_int_equal(tc_sim_run(&s->topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL), TC_OK);
    tc_coll_free(coll);
    return res;
}

/* The nedst scatter with x = k on Q_3..Q_6, M = 1 and 4, from two roots: exactly the corrected
 * count, which is the printed Table 3 value minus Mk (Q_3, M = 1: 54, printed 57). */
static void test_nedst_scatter_attains_corrected_bound(void **state)
{
    (void)state;
    static const int64_t Ms[] = {1, 4};
    for (int k = 3; k <= 6; k++) {
        int64_t P = (int64_t)1 << k;
        const int64_t roots[] = {0, P - 1};
        for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++) {
            plan_setup_t s;
            plan_setup(&s, k, TC_KIND_NEDST, roots[r]);
            for (size_t m = 0; m < sizeof Ms / sizeof Ms[0]; m++) {
                int64_t M = Ms[m];
                tc_sim_result_t res = run_scatter(&s, M, k);
                char where[64];
                snprintf(where, sizeof where, "Q_%d root %lld M=%lld", k, (long long)roots[r],
                         (long long)M);
                print_message("%s: %lld transmissions\n", where, (long long)res.transmissions);
                assert_int_equal(res.nodes_complete, P);
                assert_int_equal(res.transmissions, cube_corrected(k, M));

                tc_bound_t b;
                assert_int_equal(tc_bounds_cube(k, M, k, TC_PROBLEM_SCATTER, &b), TC_OK);
                assert_string_equal(b.tx_formula, "Mx(2^k-1) + Mx2^(k-1)k");
                assert_true(b.transmissions == (double)(M * k * (P - 1) + M * k * (P / 2) * k));
                assert_true((double)res.transmissions == b.transmissions - (double)(M * k));
            }
            plan_teardown(&s);
        }
    }
    /* the figures of docs/corrections.md, 000.10 */
    assert_int_equal(cube_corrected(3, 1), 54);
    assert_int_equal(cube_corrected(3, 4), 216);
    assert_int_equal(cube_corrected(4, 1), 184);
    assert_int_equal(cube_corrected(4, 4), 736);
    assert_int_equal(cube_corrected(5, 1), 550);
    assert_int_equal(cube_corrected(6, 1), 1524);
}

/* sum over the source's neighbours u and every v != source of 1 + d(u,v), from the network's
 * own distances: the count the argument forces per message. */
static int64_t path_sum(const char *spec)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse(spec, &net), TC_OK);
    int64_t N = tc_net_nodes(net), sum = 0;
    uint8_t *dist = malloc((size_t)N);
    assert_non_null(dist);
    for (int p = 0; p < tc_net_degree(net); p++) {
        int64_t u = tc_net_neighbor(net, 0, tc_net_dim_min(net) + p);
        assert_true(u >= 0);
        assert_int_equal(tc_net_distances(net, u, dist), TC_OK);
        for (int64_t v = 1; v < N; v++) {
            sum += 1 + dist[v];
        }
    }
    free(dist);
    tc_net_free(net);
    return sum;
}

/* The note of the scatter and total-exchange entries at x = degree states the corrected count,
 * which equals the path sum (times M, times N for the total exchange); below the degree it does
 * not appear. */
static void test_notes_state_corrected_counts(void **state)
{
    (void)state;
    char spec[32], want[48];
    for (int k = 1; k <= 8; k++) {
        int64_t sum = path_sum((snprintf(spec, sizeof spec, "cube:%d", k), spec));
        assert_int_equal(sum, cube_corrected(k, 1));
        for (int64_t M = 1; M <= 4; M += 3) {
            tc_bound_t b;
            assert_int_equal(tc_bounds_cube(k, M, k, TC_PROBLEM_SCATTER, &b), TC_OK);
            assert_true(b.transmissions - (double)(M * sum) == (double)(M * k));
            snprintf(want, sizeof want, "= %lld,", (long long)(M * sum));
            assert_non_null(strstr(b.note, "corrections 000.10"));
            assert_non_null(strstr(b.note, want));
            assert_int_equal(tc_bounds_cube(k, M, k, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
            snprintf(want, sizeof want, "= %lld transmissions", (long long)(M * sum << k));
            assert_non_null(strstr(b.note, want));
            assert_true(b.transmissions - (double)(M * sum << k) == (double)((M * k) << k));
            if (k > 1) {
                assert_int_equal(tc_bounds_cube(k, M, k - 1, TC_PROBLEM_SCATTER, &b), TC_OK);
                assert_null(strstr(b.note, "000.10"));
            }
        }
    }
    /* C_4, M = 8: 1472 (printed 1504); total exchange 23552 (printed 24064), 368 steps over the
     * links (the printed column gives 376) */
    tc_bound_t b;
    assert_int_equal(tc_bounds_cube(4, 8, 4, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_non_null(strstr(b.note, "= 376"));
    assert_non_null(strstr(b.note, "= 23552 transmissions"));
    assert_non_null(strstr(b.note, "= 368"));
    for (int n = 2; n <= 7; n++) {
        int64_t sum = path_sum((snprintf(spec, sizeof spec, "star:%d", n), spec));
        int64_t N = tc_star_factorial(n);
        double tn;
        assert_int_equal(tc_bounds_star_tn(n, &tn), TC_OK);
        assert_int_equal(sum, (int64_t)(n - 1) * (N - 2 + (int64_t)tn));
        for (int64_t M = 1; M <= 60; M += 59) {
            tc_bound_t sb;
            assert_int_equal(tc_bounds_star(n, M, n - 1, TC_PROBLEM_SCATTER, &sb), TC_OK);
            assert_true(sb.transmissions - (double)(M * sum) == (double)(M * (n - 1)));
            snprintf(want, sizeof want, "= %lld,", (long long)(M * sum));
            assert_non_null(strstr(sb.note, want));
            assert_int_equal(tc_bounds_star(n, M, n - 1, TC_PROBLEM_TOTAL_EXCHANGE, &sb), TC_OK);
            snprintf(want, sizeof want, "= %lld transmissions", (long long)(M * sum * N));
            assert_non_null(strstr(sb.note, want));
            if (n > 2) {
                assert_int_equal(tc_bounds_star(n, M, n - 2, TC_PROBLEM_SCATTER, &sb), TC_OK);
                assert_null(strstr(sb.note, "000.10"));
            }
        }
    }
}

/* The notes fit their buffer (append truncates silently) at every size and at the largest M. */
static void test_notes_not_truncated(void **state)
{
    (void)state;
    static const int64_t Ms[] = {1, 7, 1000000000000LL, 20000000000000LL, INT64_MAX};
    tc_bound_t b;
    for (size_t m = 0; m < sizeof Ms / sizeof Ms[0]; m++) {
        for (int p = TC_PROBLEM_FIRST; p <= TC_PROBLEM_LAST; p++) {
            for (int k = 1; k <= 40; k++) {
                for (int x = 1; x <= k; x++) {
                    assert_int_equal(tc_bounds_cube(k, Ms[m], x, (tc_problem_t)p, &b), TC_OK);
                    assert_true(strlen(b.note) < sizeof b.note - 1);
                }
            }
            for (int n = 2; n <= TC_STAR_MAX_N; n++) {
                for (int x = 1; x <= n - 1; x++) {
                    assert_int_equal(tc_bounds_star(n, Ms[m], x, (tc_problem_t)p, &b), TC_OK);
                    assert_true(strlen(b.note) < sizeof b.note - 1);
                }
            }
        }
    }
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nedst_scatter_attains_corrected_bound),
        cmocka_unit_test(test_notes_state_corrected_counts),
        cmocka_unit_test(test_notes_not_truncated),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
