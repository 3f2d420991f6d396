/* Unit tests of the step counts of paper 004's parallel IST constructions (trees.h, Table 5.6):
 * the step-annotated PE programs compute the parents of the library's kinds (ist, ist-hdls),
 * every PE's count is the model's 2n + t (Algorithm 5) and 2n + t^2 + t(t+1)/2 (Algorithm 4)
 * for t = popcount(x XOR r), and the counts of n = 4..8 (N = 16..256) are pinned. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/net.h"
#include "treecast/tables.h"
#include "treecast/trees.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The programs give the kinds' parents for every c, n = 1..12. */
static void test_same_parents_as_the_kinds(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        for (uint64_t c = 0; c < ((uint64_t)1 << n); c++) {
            uint8_t p5[TC_CUBE_MAX_N], p4[TC_CUBE_MAX_N];
            int64_t s[TC_IST_PHASES];
            assert_int_equal(tc_ist_pe_run(n, c, TC_IST_ALGO_5, p5, s), TC_OK);
            assert_int_equal(tc_ist_pe_run(n, c, TC_IST_ALGO_HDLS, p4, s), TC_OK);
            for (int i = 0; i < n; i++) {
                assert_int_equal(p5[i], tc_cube_ist_parent(n, c, i));
                assert_int_equal(p4[i], tc_cube_ist_hdls_parent(n, c, i));
            }
        }
    }
}

/* The programs give the trees the library builds (`--kind ist` and `--kind ist-hdls`) on Q_6 at
 * a root other than 0, through the forest the kinds fill. */
static void test_same_trees_as_the_built_forests(void **state)
{
    (void)state;
    const int n = 6;
    const int64_t root = 0x2b;
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_cube_new(n, &net), TC_OK);
    const tc_kind_t kinds[2] = {TC_KIND_IST, TC_KIND_IST_HDLS};
    const tc_ist_algo_t algos[2] = {TC_IST_ALGO_5, TC_IST_ALGO_HDLS};
    for (int k = 0; k < 2; k++) {
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(net, kinds[k], root, 1, &f), TC_OK);
        assert_int_equal(tc_forest_trees(f), n);
        for (int64_t x = 0; x < ((int64_t)1 << n); x++) {
            uint8_t p[TC_CUBE_MAX_N];
            int64_t s[TC_IST_PHASES];
            assert_int_equal(tc_ist_pe_run(n, (uint64_t)(x ^ root), algos[k], p, s), TC_OK);
            for (int t = 0; t < n; t++) {
                int64_t want = x == root ? -1 : x ^ ((int64_t)1 << p[t]);
                assert_int_equal(tc_forest_parent(f, t, x), want);
            }
        }
        tc_forest_free(f);
    }
    tc_net_free(net);
}

/* Every PE's count is the model's, by phase. */
static void test_per_pe_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        for (uint64_t c = 1; c < ((uint64_t)1 << n); c++) {
            int64_t t = __builtin_popcountll(c);
            uint8_t p[TC_CUBE_MAX_N];
            int64_t s[TC_IST_PHASES];
            assert_int_equal(tc_ist_pe_run(n, c, TC_IST_ALGO_5, p, s), TC_OK);
            assert_int_equal(s[0], n);
            assert_int_equal(s[1], t);
            assert_int_equal(s[2], n);
            assert_int_equal(tc_ist_pe_run(n, c, TC_IST_ALGO_HDLS, p, s), TC_OK);
            assert_int_equal(s[0], n);
            assert_int_equal(s[1], t * t);
            assert_int_equal(s[2], n + t * (t + 1) / 2);
        }
        int64_t s[TC_IST_PHASES] = {1, 1, 1};
        uint8_t p[TC_CUBE_MAX_N];
        assert_int_equal(tc_ist_pe_run(n, 0, TC_IST_ALGO_5, p, s), TC_OK); /* the root */
        assert_int_equal(s[0] + s[1] + s[2], 0);
        assert_int_equal(p[0], TC_PARENT_ROOT);
    }
}

/* n = 4..8 (N = 16..256), pinned: max, min, the sum over the PEs (mean x (N-1)), the argmax,
 * and each phase's max and sum. */
static void test_pinned_n4_to_8(void **state)
{
    (void)state;
    static const struct {
        int n;
        tc_ist_algo_t algo;
        int64_t max, min, sum;
        uint64_t argmax;
        int64_t phase_max[3], phase_sum[3];
    } want[] = {
        {4, TC_IST_ALGO_5, 12, 9, 152, 15, {4, 4, 4}, {60, 32, 60}},
        {5, TC_IST_ALGO_5, 15, 11, 390, 31, {5, 5, 5}, {155, 80, 155}},
        {6, TC_IST_ALGO_5, 18, 13, 948, 63, {6, 6, 6}, {378, 192, 378}},
        {7, TC_IST_ALGO_5, 21, 15, 2226, 127, {7, 7, 7}, {889, 448, 889}},
        {8, TC_IST_ALGO_5, 24, 17, 5104, 255, {8, 8, 8}, {2040, 1024, 2040}},
        {4, TC_IST_ALGO_HDLS, 34, 10, 256, 15, {4, 16, 14}, {60, 80, 116}},
        {5, TC_IST_ALGO_HDLS, 50, 12, 710, 31, {5, 25, 20}, {155, 240, 315}},
        {6, TC_IST_ALGO_HDLS, 69, 14, 1860, 63, {6, 36, 27}, {378, 672, 810}},
        {7, TC_IST_ALGO_HDLS, 91, 16, 4690, 127, {7, 49, 35}, {889, 1792, 2009}},
        {8, TC_IST_ALGO_HDLS, 116, 18, 11504, 255, {8, 64, 44}, {2040, 4608, 4856}},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        tc_ist_steps_t s;
        assert_int_equal(tc_ist_steps(want[k].n, want[k].algo, &s), TC_OK);
        assert_int_equal(s.pes, ((int64_t)1 << want[k].n) - 1);
        assert_int_equal(s.max, want[k].max);
        assert_int_equal(s.min, want[k].min);
        assert_int_equal(llround(s.mean * (double)s.pes), want[k].sum);
        assert_int_equal(s.argmax, want[k].argmax);
        for (int p = 0; p < TC_IST_PHASES; p++) {
            assert_int_equal(s.phase_max[p], want[k].phase_max[p]);
            assert_int_equal(llround(s.phase_mean[p] * (double)s.pes), want[k].phase_sum[p]);
        }
        /* the response time is 3n (Algorithm 5) and (3n^2 + 5n)/2 (Algorithm 4) */
        int n = want[k].n;
        assert_int_equal(s.max, want[k].algo == TC_IST_ALGO_5 ? 3 * n : (3 * n * n + 5 * n) / 2);
        int64_t hdls, ours;
        assert_true(tc_table_004_56(n, &hdls, &ours));
        assert_int_equal(ours, 4 * n - 1); /* as printed */
    }
}

static void test_errors(void **state)
{
    (void)state;
    tc_ist_steps_t s;
    uint8_t p[TC_CUBE_MAX_N];
    int64_t st[TC_IST_PHASES];
    assert_int_equal(tc_ist_steps(0, TC_IST_ALGO_5, &s), TC_ERANGE);
    assert_int_equal(tc_ist_steps(TC_IST_STEPS_MAX_N + 1, TC_IST_ALGO_5, &s), TC_ERANGE);
    assert_int_equal(tc_ist_steps(4, (tc_ist_algo_t)3, &s), TC_EINVAL);
    assert_int_equal(tc_ist_pe_run(4, 16, TC_IST_ALGO_5, p, st), TC_ERANGE);
    assert_int_equal(tc_ist_pe_run(TC_CUBE_MAX_N + 1, 1, TC_IST_ALGO_5, p, st), TC_ERANGE);
    assert_string_equal(tc_ist_phase_name(TC_IST_ALGO_5, 0), "t1 H(r,x)");
    assert_string_equal(tc_ist_phase_name(TC_IST_ALGO_HDLS, 1), "HDLS matrix");
    assert_string_equal(tc_ist_phase_name(TC_IST_ALGO_5, 3), "?");
    int64_t hdls, ours;
    assert_false(tc_table_004_56(9, &hdls, &ours));
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_parents_as_the_kinds),
        cmocka_unit_test(test_same_trees_as_the_built_forests),
        cmocka_unit_test(test_per_pe_counts),
        cmocka_unit_test(test_pinned_n4_to_8),
        cmocka_unit_test(test_errors),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
