/* Unit tests of paper 001's cost model (include/treecast/tseng.h): the distance to a substar,
 * l_{n,k} three ways, l_{k,1}, Eq. (1)-(3), Section IV, and Tables 2 and 3 (corrections
 * 001.1-001.5). The expected values are the check values of corrections 001.3 and 001.4. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/net.h"
#include "treecast/tseng.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void assert_frac(tc_frac_t got, int64_t num, int64_t den)
{
    assert_int_equal(got.num, num);
    assert_int_equal(got.den, den);
}

static int64_t gcd(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool frac_eq(tc_frac_t a, tc_frac_t b)
{
    return a.num == b.num && a.den == b.den;
}

/* The closed rule against the least distance over the substar's members (by the star distance
 * formula), for every substar of S_n, n <= 6, every k. */
static void test_substar_distance_is_the_least_member(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++) {
        for (int k = 1; k <= n; k++) {
            int64_t nodes = tc_star_factorial(n);
            int64_t count = nodes / tc_star_factorial(k);
            /* least distance per substar, keyed by the fixed tail: walk every node */
            int best[720];
            int64_t keys = 0;
            uint8_t tails[720][6];
            uint8_t p[6];
            for (int64_t r = 0; r < nodes; r++) {
                tc_star_unrank(n, r, p);
                int d = tc_star_distance_identity(n, p), m = n - k;
                int64_t at = -1;
                for (int64_t i = 0; i < keys && at < 0; i++) {
                    at = memcmp(tails[i], p + k, (size_t)m) == 0 ? i : -1;
                }
                if (at < 0) {
                    at = keys++;
                    memcpy(tails[at], p + k, (size_t)m);
                    best[at] = d;
                }
                best[at] = d < best[at] ? d : best[at];
            }
            assert_int_equal(keys, count);
            for (int64_t i = 0; i < keys; i++) {
                int d = -1;
                assert_int_equal(tc_tseng_substar_distance(n, k, tails[i], &d), TC_OK);
                assert_int_equal(d, best[i]);
            }
        }
    }
}

/* The paper's examples: x = 123456, Y = *^4 63 (R3) and *^4 41 (R4); Table 1's S_4, k = 2. */
static void test_substar_distance_examples(void **state)
{
    (void)state;
    int d;
    assert_int_equal(tc_tseng_substar_distance(6, 4, (const uint8_t[]){6, 3}, &d), TC_OK);
    assert_int_equal(d, 3); /* R3, R4, R4: 321456, 621453, 521463; the path 5 -> 6 -> 3: A = 3 */
    assert_int_equal(tc_tseng_substar_distance(6, 4, (const uint8_t[]){4, 1}, &d), TC_OK);
    assert_int_equal(d, 3); /* the paths 5 -> 4 and 6 -> 1: A = 4, symbol 1 fixed: 4 - 1 */
    /* Table 1: the path lengths from 1234 to the 2-substars **12, **13, ..., **43 */
    static const uint8_t tails[12][2] = {{1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 3}, {2, 4},
                                         {3, 1}, {3, 2}, {3, 4}, {4, 1}, {4, 2}, {4, 3}};
    static const int hops[12] = {3, 2, 1, 3, 3, 2, 1, 2, 0, 2, 3, 3};
    for (int i = 0; i < 12; i++) {
        assert_int_equal(tc_tseng_substar_distance(4, 2, tails[i], &d), TC_OK);
        assert_int_equal(d, hops[i]);
    }
    assert_int_equal(tc_tseng_substar_distance(5, 5, NULL, &d), TC_OK);
    assert_int_equal(d, 0);
}

/* Breadth-first search, the rule over every substar and the count agree exactly, n <= 9. */
static void test_lnk_three_ways(void **state)
{
    (void)state;
    for (int n = 2; n <= 9; n++) {
        for (int k = 1; k <= n; k++) {
            tc_frac_t bfs, rule, count;
            assert_int_equal(tc_tseng_lnk_bfs(n, k, &bfs), TC_OK);
            assert_int_equal(tc_tseng_lnk_rule(n, k, &rule), TC_OK);
            assert_int_equal(tc_tseng_lnk(n, k, &count), TC_OK);
            if (!frac_eq(bfs, count) || !frac_eq(rule, count)) {
                fail_msg("l_{%d,%d}: bfs %lld/%lld, rule %lld/%lld, count %lld/%lld", n, k,
                         (long long)bfs.num, (long long)bfs.den, (long long)rule.num,
                         (long long)rule.den, (long long)count.num, (long long)count.den);
            }
        }
    }
}

/* S_10 by breadth-first search (3.6 million nodes, about 2 s each under the sanitizers): k = 1
 * and k = 2 agree with the count, so Lemma 1 holds at n = 10 by search too. */
static void test_s10_bfs_k1(void **state)
{
    (void)state;
    tc_frac_t a, b;
    assert_int_equal(tc_tseng_lnk_bfs(10, 1, &a), TC_OK);
    assert_int_equal(tc_tseng_lnk(10, 1, &b), TC_OK);
    assert_true(frac_eq(a, b));
}

static void test_s10_bfs_k2(void **state)
{
    (void)state;
    tc_frac_t a, b;
    assert_int_equal(tc_tseng_lnk_bfs(10, 2, &a), TC_OK);
    assert_int_equal(tc_tseng_lnk(10, 2, &b), TC_OK);
    assert_true(frac_eq(a, b));
}

/* The rule over every substar at n = 10 (k >= 2: at most 1,814,400 substars) and n = 11 (k >= 5).
 */
static void test_lnk_rule_s10_s11(void **state)
{
    (void)state;
    tc_frac_t a, b;
    for (int n = 10; n <= 11; n++) {
        for (int k = n == 10 ? 2 : 5; k <= n; k++) {
            assert_int_equal(tc_tseng_lnk_rule(n, k, &a), TC_OK);
            assert_int_equal(tc_tseng_lnk(n, k, &b), TC_OK);
            assert_true(frac_eq(a, b));
        }
    }
}

static void test_check_values(void **state)
{
    (void)state;
    tc_frac_t f;
    assert_int_equal(tc_tseng_lk1(4, &f), TC_OK);
    assert_frac(f, 31, 12);
    assert_int_equal(tc_tseng_lk1(1, &f), TC_OK);
    assert_frac(f, 0, 1);
    assert_int_equal(tc_tseng_lk1(2, &f), TC_OK);
    assert_frac(f, 1, 2);
    assert_int_equal(tc_tseng_lnk(9, 1, &f), TC_OK);
    assert_frac(f, 6763, 840);
    assert_int_equal(tc_tseng_lnk(9, 3, &f), TC_OK);
    assert_frac(f, 17629, 2520);
    assert_int_equal(tc_tseng_lnk(4, 1, &f), TC_OK);
    assert_frac(f, 31, 12);
    assert_int_equal(tc_tseng_lnk(7, 7, &f), TC_OK);
    assert_frac(f, 0, 1);
}

/* l_{k,1} by the corrected footnote is l_{n,1} by counting, n = 2..19. */
static void test_lk1_is_lnk_at_k1(void **state)
{
    (void)state;
    for (int n = 2; n <= 19; n++) {
        tc_frac_t a, b;
        assert_int_equal(tc_tseng_lk1(n, &a), TC_OK);
        assert_int_equal(tc_tseng_lnk(n, 1, &b), TC_OK);
        assert_true(frac_eq(a, b));
    }
}

/* Lemma 1: l_{n,1} - l_{n,2} = 1/2 exactly, n = 2..9 by breadth-first search, to 19 by count
 * (S_10 by breadth-first search: test_s10_bfs_k1, test_s10_bfs_k2). */
static void test_lemma1(void **state)
{
    (void)state;
    for (int n = 2; n <= 19; n++) {
        tc_frac_t a, b;
        if (n <= 9) {
            assert_int_equal(tc_tseng_lnk_bfs(n, 1, &a), TC_OK);
            assert_int_equal(tc_tseng_lnk_bfs(n, 2, &b), TC_OK);
        } else {
            assert_int_equal(tc_tseng_lnk(n, 1, &a), TC_OK);
            assert_int_equal(tc_tseng_lnk(n, 2, &b), TC_OK);
        }
        /* a = b + 1/2 = (2 b.num + b.den) / (2 b.den), in lowest terms */
        int64_t num = 2 * b.num + b.den, den = 2 * b.den, g = gcd(num, den);
        assert_int_equal(a.num, num / g);
        assert_int_equal(a.den, den / g);
        tc_frac_t t;
        if (n >= 3) {
            assert_int_equal(tc_tseng_threshold(n, 2, &t), TC_OK);
            assert_frac(t, 0, 1); /* Theorem 1 */
        }
    }
}

/* The four-decimal check values of Table 2 (corrections 001.3), n = 4..9. */
static void test_table2_exact(void **state)
{
    (void)state;
    static const double want[6][6] = {
        {.1905, .1502, .1244, .1063, .0929, .0825}, /* k = 3, n = 4..9 */
        {.2880, .2395, .2053, .1798, .1601},        /* k = 4, n = 5..9 */
        {.3678, .3158, .2770, .2468},
        {.4357, .3822, .3406},
        {.4919, .4385},
        {.5385},
    };
    for (int k = 3; k <= 8; k++) {
        for (int n = k + 1; n <= 9; n++) {
            tc_frac_t t;
            assert_int_equal(tc_tseng_threshold(n, k, &t), TC_OK);
            double v = round(tc_frac_value(t) * 1e4) / 1e4;
            if (fabs(v - want[k - 3][n - k - 1]) > 1e-9) {
                fail_msg("Table 2 n = %d, k = %d: %.6f", n, k, tc_frac_value(t));
            }
        }
    }
}

/* Every printed cell of Tables 2 and 3 is the exact value truncated (not rounded). */
static void test_tables_truncated(void **state)
{
    (void)state;
    int cells = 0, rounded = 0;
    for (int n = 4; n <= 12; n++) {
        for (int k = 3; k < n; k++) {
            tc_tseng_cell_t c;
            assert_int_equal(tc_tseng_table2(n, k, &c), TC_OK);
            assert_true(c.matches);
            char buf[16];
            snprintf(buf, sizeof buf, "%.3f", c.value);
            rounded += strcmp(buf, c.printed) != 0;
            cells++;
        }
    }
    assert_int_equal(cells, 45);
    assert_true(rounded > 0); /* n = 11, k = 5 is 0.20286...: printed 0.202, rounded 0.203 */
    static const int ns[] = {5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        tc_tseng_cell_t c;
        assert_int_equal(tc_tseng_table3(ns[i], &c), TC_OK);
        assert_true(c.matches);
        assert_int_equal(c.exact.num, 5);
        assert_int_equal(c.exact.den, tc_star_factorial(ns[i] - 1) - 6);
    }
    tc_tseng_cell_t c;
    assert_int_equal(tc_tseng_table3(10, &c), TC_OK);
    assert_string_equal(c.printed, "1.3e-5"); /* 1.378e-5: rounding would print 1.4 */
}

static void test_truncation_verdicts(void **state)
{
    (void)state;
    bool m;
    tc_frac_t x = {1905, 10000}; /* 0.1905 */
    assert_int_equal(tc_tseng_truncation_matches("0.190", x, &m), TC_OK);
    assert_true(m);
    assert_int_equal(tc_tseng_truncation_matches("0.191", x, &m), TC_OK);
    assert_false(m);
    assert_int_equal(tc_tseng_truncation_matches(".19", x, &m), TC_OK);
    assert_true(m);
    assert_int_equal(tc_tseng_truncation_matches("1.9e-1", x, &m), TC_OK);
    assert_true(m);
    assert_int_equal(tc_tseng_truncation_matches("2.0e-1", x, &m), TC_OK);
    assert_false(m);
    tc_frac_t y = {5, 114}; /* 0.04386: Table 3 at n = 6 */
    assert_int_equal(tc_tseng_truncation_matches(".043", y, &m), TC_OK);
    assert_true(m);
    assert_int_equal(tc_tseng_truncation_matches(".044", y, &m), TC_OK);
    assert_false(m);
    tc_frac_t z = {190, 1000}; /* exactly 0.190 */
    assert_int_equal(tc_tseng_truncation_matches("0.190", z, &m), TC_OK);
    assert_true(m);
    assert_int_equal(tc_tseng_truncation_matches("0.189", z, &m), TC_OK);
    assert_false(m);
    assert_int_equal(tc_tseng_truncation_matches("abc", x, &m), TC_EINVAL);
    assert_int_equal(tc_tseng_truncation_matches("", x, &m), TC_EINVAL);
    assert_int_equal(tc_tseng_truncation_matches("1.0e", x, &m), TC_EINVAL);
    assert_int_equal(tc_tseng_truncation_matches("0.1", (tc_frac_t){-1, 2}, &m), TC_EINVAL);
}

/* Eq. (2): on either side of the threshold T(n,1) and T(n,k) (Eq. (1)) compare as it says. */
static void test_threshold_separates(void **state)
{
    (void)state;
    for (int n = 3; n <= 12; n++) {
        for (int k = 2; k < n; k++) {
            tc_frac_t t;
            assert_int_equal(tc_tseng_threshold(n, k, &t), TC_OK);
            double r = tc_frac_value(t);
            double below = r * 0.99, above = r * 1.01 + (r == 0 ? 1e-6 : 0);
            double t1, tk;
            if (r > 0) {
                assert_int_equal(tc_tseng_time(n, 1, below, 1, &t1), TC_OK);
                assert_int_equal(tc_tseng_time(n, k, below, 1, &tk), TC_OK);
                assert_true(t1 < tk);
            }
            assert_int_equal(tc_tseng_time(n, 1, above, 1, &t1), TC_OK);
            assert_int_equal(tc_tseng_time(n, k, above, 1, &tk), TC_OK);
            assert_true(t1 > tk);
            double eti;
            assert_int_equal(tc_tseng_eti(n, k, above, &eti), TC_OK);
            assert_true(eti > 0);
            assert_true(fabs(eti - (t1 - tk) / t1) < 1e-12);
        }
    }
}

/* T(n,1) = n! l_{n,1} (t_s + t_m); T(n,n) = T(n,1); Eq. (1) at S_4, k = 2 by hand:
 * N = 12, l_{4,2} = 31/12 - 1/2 = 25/12, l_{2,1} = 1/2: T = (25 + 12) t_s + (50 + 12) t_m. */
static void test_time(void **state)
{
    (void)state;
    double t;
    assert_int_equal(tc_tseng_time(4, 1, 1, 0, &t), TC_OK);
    assert_true(fabs(t - 62) < 1e-9);
    assert_int_equal(tc_tseng_time(4, 4, 2, 3, &t), TC_OK);
    assert_true(fabs(t - 62 * 5) < 1e-9);
    assert_int_equal(tc_tseng_time(4, 2, 1, 0, &t), TC_OK);
    assert_true(fabs(t - 37) < 1e-9);
    assert_int_equal(tc_tseng_time(4, 2, 0, 1, &t), TC_OK);
    assert_true(fabs(t - 62) < 1e-9);
    double e;
    assert_int_equal(tc_tseng_eti(6, 1, 100, &e), TC_OK);
    assert_true(e == 0);
    assert_int_equal(tc_tseng_eti(6, 6, 100, &e), TC_OK);
    assert_true(e == 0);
}

/* The best k of Figures 2-4 (t_s/t_m = 100, 1, 0.1) lies in 2..4 for every n <= 12. */
static void test_best_k(void **state)
{
    (void)state;
    static const double ratios[3] = {100, 1, 0.1};
    for (int i = 0; i < 3; i++) {
        for (int n = 3; n <= 12; n++) {
            int k;
            double eti, other;
            assert_int_equal(tc_tseng_best_k(n, ratios[i], &k, &eti), TC_OK);
            assert_true(k >= 2 && k <= 4);
            for (int j = 1; j < n; j++) {
                assert_int_equal(tc_tseng_eti(n, j, ratios[i], &other), TC_OK);
                assert_true(other <= eti);
            }
        }
    }
    int k;
    assert_int_equal(tc_tseng_best_k(12, 100, &k, NULL), TC_OK);
    assert_int_equal(k, 4);
    assert_int_equal(tc_tseng_best_k(12, 0.1, &k, NULL), TC_OK);
    assert_int_equal(k, 2);
    /* beyond the three plotted ratios: 10^-3 .. 10^9 */
    for (double r = 1e-3; r <= 1e9; r *= 10) {
        for (int n = 3; n <= 12; n++) {
            assert_int_equal(tc_tseng_best_k(n, r, &k, NULL), TC_OK);
            assert_true(k >= 2 && k <= 4);
        }
    }
    /* at t_s = 0 nothing improves on k = 1 (k = 2 ties it, Lemma 1) */
    assert_int_equal(tc_tseng_best_k(8, 0, &k, NULL), TC_OK);
    assert_int_equal(k, 1);
}

/* Section IV: T, T' and Eq. (5) against a direct comparison. */
static void test_mesh(void **state)
{
    (void)state;
    double T, Tp;
    assert_int_equal(tc_tseng_mesh_time(5, 1, 0, &T, &Tp), TC_OK);
    assert_true(T == 24 + 30 - 7 && Tp == 119);
    assert_int_equal(tc_tseng_mesh_time(5, 0, 1, &T, &Tp), TC_OK);
    assert_true(T == 120 + 25 - 6 && Tp == 119);
    for (int n = 5; n <= 20; n++) { /* ETI' changes sign at the threshold */
        tc_frac_t t;
        assert_int_equal(tc_tseng_mesh_threshold(n, &t), TC_OK);
        double r = tc_frac_value(t);
        double e;
        assert_int_equal(tc_tseng_mesh_eti(n, r * 1.01, &e), TC_OK);
        assert_true(e > 0);
        assert_int_equal(tc_tseng_mesh_eti(n, r * 0.99, &e), TC_OK);
        assert_true(e < 0);
    }
    tc_frac_t t;
    assert_int_equal(tc_tseng_mesh_threshold(4, &t), TC_ERANGE);
    assert_true(strstr(tc_err_detail(), "never") != NULL);
    double e;
    assert_int_equal(tc_tseng_mesh_eti(4, 100, &e), TC_OK);
    assert_true(e < 0);
}

static void test_errors(void **state)
{
    (void)state;
    tc_frac_t f;
    int d;
    double x;
    assert_int_equal(tc_tseng_lnk(1, 1, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lnk(21, 1, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lnk(5, 0, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lnk(5, 6, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lnk(20, 1, &f), TC_ERANGE); /* the sum exceeds 2^63 */
    assert_true(strstr(tc_err_detail(), "2^63") != NULL);
    assert_int_equal(tc_tseng_lnk(20, 10, &f), TC_OK);
    assert_int_equal(tc_tseng_lnk(5, 2, NULL), TC_EINVAL);
    assert_int_equal(tc_tseng_lnk_bfs(11, 3, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lnk_rule(13, 3, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_lk1(0, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_substar_distance(4, 2, (const uint8_t[]){1, 1}, &d), TC_EINVAL);
    assert_int_equal(tc_tseng_substar_distance(4, 2, (const uint8_t[]){1, 5}, &d), TC_EINVAL);
    assert_int_equal(tc_tseng_substar_distance(4, 2, NULL, &d), TC_EINVAL);
    assert_int_equal(tc_tseng_threshold(6, 1, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_threshold(6, 6, &f), TC_ERANGE);
    assert_int_equal(tc_tseng_time(6, 3, -1, 1, &x), TC_EINVAL);
    assert_int_equal(tc_tseng_time(6, 3, 1, NAN, &x), TC_EINVAL);
    assert_int_equal(tc_tseng_eti(6, 3, -0.5, &x), TC_EINVAL);
    assert_int_equal(tc_tseng_eti(6, 3, INFINITY, &x), TC_EINVAL);
    assert_int_equal(tc_tseng_mesh_eti(6, -1, &x), TC_EINVAL);
    tc_tseng_cell_t c;
    assert_int_equal(tc_tseng_table2(4, 2, &c), TC_ERANGE);
    assert_int_equal(tc_tseng_table2(13, 3, &c), TC_ERANGE);
    assert_int_equal(tc_tseng_table3(11, &c), TC_ERANGE);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_substar_distance_is_the_least_member),
        cmocka_unit_test(test_substar_distance_examples),
        cmocka_unit_test(test_lnk_three_ways),
        cmocka_unit_test(test_s10_bfs_k1),
        cmocka_unit_test(test_s10_bfs_k2),
        cmocka_unit_test(test_lnk_rule_s10_s11),
        cmocka_unit_test(test_check_values),
        cmocka_unit_test(test_lk1_is_lnk_at_k1),
        cmocka_unit_test(test_lemma1),
        cmocka_unit_test(test_table2_exact),
        cmocka_unit_test(test_tables_truncated),
        cmocka_unit_test(test_truncation_verdicts),
        cmocka_unit_test(test_threshold_separates),
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_best_k),
        cmocka_unit_test(test_mesh),
        cmocka_unit_test(test_errors),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
