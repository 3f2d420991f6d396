/* Scatter in routing cycles (paper 002, Section 5): the one-port SBnT schedule is Lemma 17's,
 * 2n - 2 cycles, with every node receiving in cycle index(c) + n - 1 - alpha_c and sending to its
 * children in distinct later cycles (one port); the binomial tree needs n cycles; the n-port
 * reverse-breadth-first schedule takes n cycles and moves (N-1)M/n elements per cycle in the
 * balanced tree's worst cycle up to its imbalance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan_setup.h"

#include <stdlib.h>
#include <string.h>

static void test_lemma17(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        int64_t N = (int64_t)1 << n;
        int64_t root = (int64_t)((5 * n) % N);
        plan_setup_t s;
        plan_setup(&s, n, TC_KIND_SBNT_MINR, root);
        int32_t *recv = malloc((size_t)N * sizeof *recv);
        assert_non_null(recv);
        tc_cycles_t c;
        assert_int_equal(tc_cycles_scatter(&s.trees, &s.topo, 0, 3, 1.0, 1.0, true, &c, recv),
                         TC_OK);
        assert_int_equal(c.cycles, 2 * n - 2);
        assert_int_equal(c.messages, N - 1);
        for (int64_t v = 0; v < N; v++) {
            if (v == root) {
                assert_int_equal(recv[v], -1);
                continue;
            }
            uint64_t cc = (uint64_t)(v ^ root);
            int alpha = 0;
            tc_cube_k_minr(n, cc, &alpha);
            assert_int_equal(recv[v], tc_cube_index_minr(n, cc) + n - 1 - alpha); /* Lemma 17 */
        }
        /* one port: the children of every node get distinct cycles after their parent's */
        for (int64_t v = 0; v < N; v++) {
            uint64_t used = 0;
            for (int d = 0; d < n; d++) {
                int64_t u = v ^ ((int64_t)1 << d);
                if (tc_forest_dims_const(s.forest, 0)[u] != d) {
                    continue;
                }
                assert_true(recv[u] > recv[v]);
                assert_false((used >> recv[u]) & 1u);
                used |= 1ull << recv[u];
            }
        }
        free(recv);
        /* the binomial tree, children by ascending dimension: n cycles */
        plan_teardown(&s);
        plan_setup(&s, n, TC_KIND_BINOMIAL, root);
        assert_int_equal(tc_cycles_scatter(&s.trees, &s.topo, 0, 3, 1.0, 1.0, true, &c, NULL),
                         TC_OK);
        assert_int_equal(c.cycles, n);
        plan_teardown(&s);
    }
}

static void test_n_port(void **state)
{
    (void)state;
    for (int n = 2; n <= 10; n++) {
        int64_t N = (int64_t)1 << n;
        const tc_kind_t kinds[] = {TC_KIND_SBNT_MINR, TC_KIND_BINOMIAL};
        int64_t data[2];
        for (int k = 0; k < 2; k++) {
            plan_setup_t s;
            plan_setup(&s, n, kinds[k], 0);
            tc_cycles_t c;
            assert_int_equal(tc_cycles_scatter(&s.trees, &s.topo, 0, 1, 0.0, 1.0, false, &c, NULL),
                             TC_OK);
            assert_int_equal(c.cycles, n);
            /* every node's data crosses each edge of its path once: sum of depths */
            assert_int_equal(c.messages >= N - 1, true);
            /* no schedule beats the root's n links: at least (N-1)/n elements per port */
            assert_true((double)c.critical_elements * n >= (double)(N - 1));
            data[k] = c.critical_elements;
            plan_teardown(&s);
        }
        /* Table 2 / [5]: SBnT n-port within a factor of two of (N-1)/n, the binomial tree
         * O(n) worse (it sends N/2 elements down dimension n-1 alone) */
        assert_true((double)data[0] <= 2.0 * (double)(N - 1) / n + n);
        if (n >= 4) {
            assert_true(data[1] > data[0]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lemma17),
        cmocka_unit_test(test_n_port),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
