/* Unit tests of the lower bounds of paper 000, Tables 1-3 (include/treecast/bounds.h).
 * Every expected value below is computed by hand from the printed formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/bounds.h"
#include "treecast/net.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define NPROB 5

/* An integer-valued double equals the expected integer (both printed on failure). */
static void assert_value(double got, double want)
{
    assert_int_equal((int64_t)got, (int64_t)want);
    assert_true(got == want);
}

/* Expected values of one problem: time as printed, corrected time, transmissions. */
typedef struct {
    double time_printed, time, tx;
} row_t;

static void expect_star(int n, int64_t M, int x, const row_t want[NPROB], const char *source)
{
    for (int k = 0; k < NPROB; k++) {
        tc_problem_t p = (tc_problem_t)(TC_PROBLEM_FIRST + k);
        tc_bound_t b;
        assert_int_equal(tc_bounds_star(n, M, x, p, &b), TC_OK);
        assert_value(b.time_printed, want[k].time_printed);
        assert_value(b.time, want[k].time);
        assert_value(b.transmissions, want[k].tx);
        assert_string_equal(b.source, source);
    }
}

static void expect_cube(int k, int64_t M, int x, const row_t want[NPROB])
{
    for (int j = 0; j < NPROB; j++) {
        tc_problem_t p = (tc_problem_t)(TC_PROBLEM_FIRST + j);
        tc_bound_t b;
        assert_int_equal(tc_bounds_cube(k, M, x, p, &b), TC_OK);
        assert_value(b.time_printed, want[j].time_printed);
        assert_value(b.time, want[j].time);
        assert_value(b.transmissions, want[j].tx);
        assert_string_equal(b.source, "000 Table 3");
    }
}

static void test_tn(void **state)
{
    (void)state;
    double t;
    /* t_4 = 24 (4 + 1/2 + 25/12 - 4) = 12 + 50 = 62 exactly. */
    assert_int_equal(tc_bounds_star_tn(4, &t), TC_OK);
    assert_true(t == 62.0);
    const double small[] = {0, 0, 1, 9, 62, 442, 3444, 29628};
    for (int n = 2; n <= 7; n++) {
        assert_int_equal(tc_bounds_star_tn(n, &t), TC_OK);
        assert_true(t == small[n]);
    }
    /* The formula n!(n + 2/n + H_n - 4), in floating point, for every n. */
    double f = 1;
    for (int n = 2; n <= TC_STAR_MAX_N; n++) {
        f *= n;
        double H = 0;
        for (int k = 1; k <= n; k++) {
            H += 1.0 / k;
        }
        assert_int_equal(tc_bounds_star_tn(n, &t), TC_OK);
        assert_true(fabs(t - f * (n + 2.0 / n + H - 4)) <= 1e-12 * t);
        assert_true(t == floor(t));
    }
    assert_int_equal(tc_bounds_star_tn(1, &t), TC_ERANGE);
    assert_int_equal(tc_bounds_star_tn(21, &t), TC_ERANGE);
    assert_int_equal(tc_bounds_star_tn(4, NULL), TC_EINVAL);
}

/* t_n is the sum of the distances from I_n to every node (corrections 001.1). */
static void test_tn_is_the_distance_sum(void **state)
{
    (void)state;
    for (int n = 2; n <= 7; n++) {
        uint8_t p[TC_STAR_MAX_N];
        tc_star_unrank(n, 0, p);
        int64_t nodes = 1, sum = 0;
        for (int k = 2; k <= n; k++) {
            nodes *= k;
        }
        for (int64_t v = 0; v < nodes; v++, tc_star_next(n, p)) {
            sum += tc_star_distance_identity(n, p);
        }
        double t;
        assert_int_equal(tc_bounds_star_tn(n, &t), TC_OK);
        assert_true(t == (double)sum);
    }
}

static void test_star4(void **state)
{
    (void)state;
    /* N = 24, D = 4, n-1 = 3, t_4 = 62. */
    const row_t m1[NPROB] = {{5, 4, 23}, {5, 4, 69}, {23, 23, 1656}, {23, 23, 255}, {85, 85, 6120}};
    expect_star(4, 1, 3, m1, "000 Table 1");
    const row_t m60[NPROB] = {{24, 23, 1380},
                              {64, 63, 4140},
                              {1380, 1380, 99360},
                              {1380, 1380, 15300},
                              {5100, 5100, 367200}};
    expect_star(4, 60, 3, m60, "000 Table 1");
    /* Table 2, x = 1: multinode ceil(23/3) = 8; total exchange 8 + ceil(62/3) = 29. */
    const row_t x1[NPROB] = {{5, 4, 23}, {5, 4, 23}, {8, 8, 552}, {8, 8, 85}, {29, 29, 2040}};
    expect_star(4, 1, 1, x1, "000 Table 2");
    const row_t x2[NPROB] = {
        {24, 23, 1380}, {44, 43, 2760}, {920, 920, 66240}, {920, 920, 10200}, {3400, 3400, 244800}};
    expect_star(4, 60, 2, x2, "000 Table 2");
}

static void test_star5(void **state)
{
    (void)state;
    /* N = 120, D = 6, n-1 = 4, t_5 = 442. */
    const row_t m1[NPROB] = {
        {7, 6, 119}, {7, 6, 476}, {119, 119, 57120}, {119, 119, 2244}, {561, 561, 269280}};
    expect_star(5, 1, 4, m1, "000 Table 1");
    const row_t m60[NPROB] = {{21, 20, 7140},
                              {66, 65, 28560},
                              {7140, 7140, 3427200},
                              {7140, 7140, 134640},
                              {33660, 33660, 16156800}};
    expect_star(5, 60, 4, m60, "000 Table 1");
    /* The example of Section 4.3: S_5, M = 4, x = 2. */
    const row_t ex[NPROB] = {
        {7, 6, 476}, {8, 7, 952}, {238, 238, 114240}, {238, 238, 4488}, {1122, 1122, 538560}};
    expect_star(5, 4, 2, ex, "000 Table 2");
}

static void test_star7(void **state)
{
    (void)state;
    /* N = 5040, D = 9, n-1 = 6, t_7 = 29628. M = 60: bcast printed 10 + 9 = 19, corrected 18
     * (the EDT broadcast takes ceil(60/6) + 11 - 1 = 20 rounds, one BFS tree 60 + 9 - 1 = 68). */
    const row_t m60[NPROB] = {{19, 18, 302340},
                              {69, 68, 1814040},
                              {302340, 302340, 9142761600.0},
                              {302340, 302340, 12480120},
                              {2080020, 2080020, 62899804800.0}};
    expect_star(7, 60, 6, m60, "000 Table 1");
    const row_t m1[NPROB] = {{10, 9, 5039},
                             {10, 9, 30234},
                             {5039, 5039, 152379360},
                             {5039, 5039, 208002},
                             {34667, 34667, 1048330080}};
    expect_star(7, 1, 6, m1, "000 Table 1");
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

/* Table 2's formulas, transcribed independently, equal Table 1 at x = n-1 in every entry. */
static void test_table2_at_full_degree_is_table1(void **state)
{
    (void)state;
    const int64_t Ms[] = {1, 2, 5, 7, 60, 1001};
    for (int n = 2; n <= 9; n++) {
        int64_t N = 1, x = n - 1, D = 3 * (n - 1) / 2;
        for (int k = 2; k <= n; k++) {
            N *= k;
        }
        double tn;
        assert_int_equal(tc_bounds_star_tn(n, &tn), TC_OK);
        int64_t t = (int64_t)tn;
        for (size_t m = 0; m < sizeof Ms / sizeof Ms[0]; m++) {
            int64_t M = Ms[m];
            const int64_t table2[NPROB][2] = {
                {ceil_div(M, n - 1) + D, M * (N - 1)},
                {ceil_div(M * x, n - 1) + D, M * x * (N - 1)},
                {ceil_div(M * x * (N - 1), n - 1), M * x * N * (N - 1)},
                {ceil_div(M * x * (N - 1), n - 1), M * x * (N - 1) + M * x * t},
                {ceil_div(M * x * (N - 1), n - 1) + ceil_div(M * x * t, n - 1),
                 M * x * N * (N - 1) + M * x * N * t},
            };
            for (int k = 0; k < NPROB; k++) {
                tc_bound_t b;
                assert_int_equal(
                    tc_bounds_star(n, M, (int)x, (tc_problem_t)(TC_PROBLEM_FIRST + k), &b), TC_OK);
                assert_string_equal(b.source, "000 Table 1");
                assert_true(b.time_printed == (double)table2[k][0]);
                assert_true(b.transmissions == (double)table2[k][1]);
            }
        }
    }
}

/* One BFS tree broadcasts in M + D - 1 steps: the corrected bound never exceeds it and equals D
 * at M = 1, where the printed bound is D + 1. */
static void test_corrected_bcast_below_bfs(void **state)
{
    (void)state;
    for (int n = 2; n <= TC_STAR_MAX_N; n++) {
        int64_t D = 3 * (n - 1) / 2;
        for (int64_t M = 1; M <= 200; M++) {
            for (int x = 1; x <= n - 1; x++) {
                tc_bound_t b;
                assert_int_equal(tc_bounds_star(n, M, x, TC_PROBLEM_BCAST, &b), TC_OK);
                assert_true(b.time <= (double)(M + D - 1));
                assert_true(b.time == b.time_printed - 1);
                if (M == 1) {
                    assert_true(b.time == (double)D);
                    assert_true(b.time_printed == (double)(D + 1));
                }
            }
        }
    }
}

static void test_corrections(void **state)
{
    (void)state;
    tc_bound_t b;
    for (int k = 0; k < NPROB; k++) {
        tc_problem_t p = (tc_problem_t)(TC_PROBLEM_FIRST + k);
        bool corrected = p == TC_PROBLEM_BCAST || p == TC_PROBLEM_FT_BCAST;
        for (int x = 1; x <= 6; x++) {
            assert_int_equal(tc_bounds_star(7, 60, x, p, &b), TC_OK);
            assert_true(strlen(b.time_formula) > 0 && strlen(b.tx_formula) > 0);
            if (corrected) {
                assert_true(b.time == b.time_printed - 1);
                assert_true(strstr(b.correction, "corrections 000.6") != NULL);
                char want[160];
                snprintf(want, sizeof want, "%s - 1", b.time_formula);
                assert_string_equal(b.time_formula_corrected, want);
            } else {
                assert_true(b.time == b.time_printed);
                assert_string_equal(b.correction, "");
                assert_string_equal(b.time_formula_corrected, "");
            }
        }
        assert_int_equal(tc_bounds_cube(4, 8, 4, p, &b), TC_OK);
        assert_true(corrected ? b.time == b.time_printed - 1 : b.time == b.time_printed);
    }
    assert_int_equal(tc_bounds_star(7, 60, 6, TC_PROBLEM_BCAST, &b), TC_OK);
    assert_string_equal(b.time_formula, "ceil(M/(n-1)) + floor(3(n-1)/2)");
    assert_string_equal(b.tx_formula, "M(n!-1)");
    assert_int_equal(tc_bounds_star(7, 60, 6, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_string_equal(b.time_formula, "M(n!-1) + Mt_n");
    assert_int_equal(tc_bounds_star(7, 60, 3, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_string_equal(b.time_formula, "ceil(Mx(n!-1)/(n-1)) + ceil(Mxt_n/(n-1))");
    /* Table 3's total exchange: the transmission column over the k2^k links gives
     * ceil(32*15/4) + 32*8 = 376, not the printed 632. */
    assert_int_equal(tc_bounds_cube(4, 8, 4, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_true(b.time_printed == 632);
    assert_true(strstr(b.note, "= 376") != NULL);
}

static void test_cube(void **state)
{
    (void)state;
    /* C_3: 8 nodes, distance sum 2^(k-1)k = 12. */
    const row_t c3[NPROB] = {{4, 3, 7}, {4, 3, 21}, {7, 7, 168}, {7, 7, 57}, {31, 31, 456}};
    expect_cube(3, 1, 3, c3);
    const row_t c3m60[NPROB] = {
        {23, 22, 420}, {63, 62, 1260}, {420, 420, 10080}, {420, 420, 3420}, {1860, 1860, 27360}};
    expect_cube(3, 60, 3, c3m60);
    const row_t c10[NPROB] = {{11, 10, 1023},
                              {11, 10, 10230},
                              {1023, 1023, 10475520},
                              {1023, 1023, 61430},
                              {11263, 11263, 62904320}};
    expect_cube(10, 1, 10, c10);
    const row_t c10x3[NPROB] = {{16, 15, 61380},
                                {28, 27, 184140},
                                {18414, 18414, 188559360},
                                {18414, 18414, 1105740},
                                {202734, 202734, 1132277760}};
    expect_cube(10, 60, 3, c10x3);
    /* C_1 is one link: M packets take M steps. */
    tc_bound_t b;
    assert_int_equal(tc_bounds_cube(1, 5, 1, TC_PROBLEM_BCAST, &b), TC_OK);
    assert_true(b.time == 5 && b.time_printed == 6);
}

static void test_errors(void **state)
{
    (void)state;
    tc_bound_t b;
    memset(&b, 0x5a, sizeof b);
    tc_bound_t copy;
    memcpy(&copy, &b, sizeof b);
    /* x must be in 1..n-1 */
    assert_int_equal(tc_bounds_star(7, 60, 0, TC_PROBLEM_FT_BCAST, &b), TC_ERANGE);
    assert_true(strstr(tc_err_detail(), "1..6") != NULL);
    assert_int_equal(tc_bounds_star(7, 60, 7, TC_PROBLEM_FT_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(7, 60, 7, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(4, 1, 4, TC_PROBLEM_SCATTER, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(4, 1, -1, TC_PROBLEM_SCATTER, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(2, 1, 2, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    /* n and M */
    assert_int_equal(tc_bounds_star(1, 1, 1, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(21, 1, 1, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(7, 0, 6, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_star(7, -3, 6, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    /* problem and output */
    assert_int_equal(tc_bounds_star(7, 1, 6, (tc_problem_t)0, &b), TC_EINVAL);
    assert_int_equal(tc_bounds_star(7, 1, 6, (tc_problem_t)6, &b), TC_EINVAL);
    assert_int_equal(tc_bounds_star(7, 1, 6, TC_PROBLEM_BCAST, NULL), TC_EINVAL);
    /* the hypercube */
    assert_int_equal(tc_bounds_cube(0, 1, 1, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_cube(41, 1, 1, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_cube(4, 1, 0, TC_PROBLEM_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_cube(4, 1, 5, TC_PROBLEM_FT_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_cube(4, 0, 4, TC_PROBLEM_FT_BCAST, &b), TC_ERANGE);
    assert_int_equal(tc_bounds_cube(4, 1, 4, (tc_problem_t)9, &b), TC_EINVAL);
    assert_true(strlen(tc_err_detail()) > 0);
    /* a failing call leaves the output untouched */
    assert_memory_equal(&b, &copy, sizeof b);
    /* the edges of the ranges work */
    assert_int_equal(tc_bounds_star(2, 1, 1, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_int_equal(tc_bounds_cube(40, 1, 40, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
}

/* S_2 is one link; S_20 with a large M is far beyond 64 bits and still finite and ordered. */
static void test_extremes(void **state)
{
    (void)state;
    tc_bound_t b;
    /* S_2: bcast printed M + 1, corrected M; t_2 = 1. */
    assert_int_equal(tc_bounds_star(2, 9, 1, TC_PROBLEM_BCAST, &b), TC_OK);
    assert_true(b.time_printed == 10 && b.time == 9 && b.transmissions == 9);
    assert_int_equal(tc_bounds_star(2, 1, 1, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_true(b.time_printed == 2 && b.transmissions == 4);
    double tx[NPROB];
    for (int k = 0; k < NPROB; k++) {
        assert_int_equal(
            tc_bounds_star(20, INT64_MAX, 19, (tc_problem_t)(TC_PROBLEM_FIRST + k), &b), TC_OK);
        assert_true(isfinite(b.time) && isfinite(b.transmissions) && b.transmissions > 0);
        tx[k] = b.transmissions;
    }
    /* total exchange is n! scatters; multinode n! broadcasts */
    assert_true(tx[4] > tx[3] && tx[2] > tx[1] && tx[1] > tx[0]);
    /* M(n-1)n!(n!-1) + M(n-1)n!t_n, against a long double evaluation. */
    long double N = 2432902008176640000.0L, M = 1e12L;
    double t20;
    assert_int_equal(tc_bounds_star_tn(20, &t20), TC_OK);
    long double want = M * 19 * N * (N - 1) + M * 19 * N * (long double)t20;
    assert_int_equal(tc_bounds_star(20, 1000000000000LL, 19, TC_PROBLEM_TOTAL_EXCHANGE, &b), TC_OK);
    assert_true(fabsl((long double)b.transmissions - want) <= 1e-12L * want);
    /* exact below 2^53: S_20 bcast at M = 1 is 1 + 28. */
    assert_int_equal(tc_bounds_star(20, 1, 19, TC_PROBLEM_BCAST, &b), TC_OK);
    assert_true(b.time_printed == 29 && b.time == 28);
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(tc_problem_name(TC_PROBLEM_BCAST), "bcast");
    assert_string_equal(tc_problem_name(TC_PROBLEM_FT_BCAST), "ft-bcast");
    assert_string_equal(tc_problem_name(TC_PROBLEM_MULTINODE), "multinode");
    assert_string_equal(tc_problem_name(TC_PROBLEM_SCATTER), "scatter");
    assert_string_equal(tc_problem_name(TC_PROBLEM_TOTAL_EXCHANGE), "total-exchange");
    assert_string_equal(tc_problem_name((tc_problem_t)0), "?");
    assert_string_equal(tc_problem_title(TC_PROBLEM_SCATTER),
                        "fault tolerant single node scattering");
    assert_string_equal(tc_problem_title((tc_problem_t)42), "?");
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tn),
        cmocka_unit_test(test_tn_is_the_distance_sum),
        cmocka_unit_test(test_star4),
        cmocka_unit_test(test_star5),
        cmocka_unit_test(test_star7),
        cmocka_unit_test(test_table2_at_full_degree_is_table1),
        cmocka_unit_test(test_corrected_bcast_below_bfs),
        cmocka_unit_test(test_corrections),
        cmocka_unit_test(test_cube),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_extremes),
        cmocka_unit_test(test_names),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
