/* The hypercube foundation: address operations of paper 002 Section 2, Table 1 of paper 002,
 * and the parent rules of the binomial tree, SBnT^minR, the Johnsson-Ho nEDST and the ISTs of
 * paper 004, each checked by walking every parent chain (an independent check, on addresses). */
#include "treecast/net.h"
#include "treecast/trees.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static uint64_t bits(const char *s)
{
    uint64_t v = 0;
    for (; *s; s++) {
        v = (v << 1) | (uint64_t)(*s - '0');
    }
    return v;
}

static void test_rotation_reversal(void **state)
{
    (void)state;
    int n = 6;
    /* R(i) = (i_0 i_{n-1} ... i_1) */
    assert_int_equal(tc_cube_rotate_right(n, bits("000011"), 1), bits("100001"));
    assert_int_equal(tc_cube_rotate_left(n, bits("100001"), 1), bits("000011"));
    assert_int_equal(tc_cube_reverse(n, bits("000011")), bits("110000"));
    for (uint64_t i = 0; i < 64; i++) {
        uint64_t r = tc_cube_rotate_right(n, i, 1), l = tc_cube_rotate_left(n, i, 1);
        assert_int_equal(tc_cube_rotate_left(n, r, 1), i);
        assert_int_equal(tc_cube_rotate_right(n, i, n), i);
        /* RBR = B, LBL = B, R = BLB, L = BRB */
        assert_int_equal(tc_cube_rotate_right(n, tc_cube_reverse(n, r), 1), tc_cube_reverse(n, i));
        assert_int_equal(tc_cube_rotate_left(n, tc_cube_reverse(n, l), 1), tc_cube_reverse(n, i));
        assert_int_equal(tc_cube_reverse(n, tc_cube_rotate_left(n, tc_cube_reverse(n, i), 1)), r);
        /* adjacency is preserved */
        for (int d = 0; d < n; d++) {
            uint64_t j = i ^ (1ull << d);
            assert_int_equal(__builtin_popcountll(r ^ tc_cube_rotate_right(n, j, 1)), 1);
            assert_int_equal(__builtin_popcountll(tc_cube_reverse(n, i) ^ tc_cube_reverse(n, j)),
                             1);
        }
    }
}

static void test_period_necklaces(void **state)
{
    (void)state;
    assert_int_equal(tc_cube_period(6, bits("011011")), 3);
    assert_int_equal(tc_cube_period(6, bits("001001")), 3);
    assert_int_equal(tc_cube_period(6, bits("110000")), 6);
    assert_int_equal(tc_cube_period(6, 0), 1);
    assert_int_equal(tc_cube_period(6, 63), 1);
    /* (001001), (010010), (100100) form one necklace */
    uint64_t a = bits("001001");
    assert_int_equal(tc_cube_rotate_left(6, a, 1), bits("010010"));
    assert_int_equal(tc_cube_rotate_left(6, a, 2), bits("100100"));
    /* complementation preserves the period */
    for (uint64_t i = 0; i < 256; i++) {
        assert_int_equal(tc_cube_period(8, i), tc_cube_period(8, i ^ 255));
        assert_int_equal(8 % tc_cube_period(8, i), 0);
    }
}

/* corrections 002.1 and 002.6: c = 0101110 has index 1, k = 5, M(c) = {6, 0}, alpha 2; the
 * minR index of 1110100010 is 5. */
static void test_index_examples(void **state)
{
    (void)state;
    int alpha = -1;
    assert_int_equal(tc_cube_index_minr(7, bits("0101110")), 1);
    assert_int_equal(tc_cube_k_minr(7, bits("0101110"), &alpha), 5);
    assert_int_equal(alpha, 2);
    assert_int_equal(tc_cube_index_minr(10, bits("1110100010")), 5);
    assert_int_equal(tc_cube_k_minr(5, 0, &alpha), -1);
    assert_int_equal(alpha, 5);
}

static void test_labels(void **state)
{
    (void)state;
    char buf[64];
    uint64_t v;
    tc_cube_format(5, 8, buf, sizeof buf);
    assert_string_equal(buf, "01000");
    assert_int_equal(tc_cube_parse(5, "01000", &v), TC_OK);
    assert_int_equal(v, 8);
    assert_int_equal(tc_cube_parse(5, "24", &v), TC_OK);
    assert_int_equal(v, 24);
    assert_int_equal(tc_cube_parse(5, "32", &v), TC_EPARSE);
    assert_int_equal(tc_cube_parse(5, "0101", &v), TC_EPARSE); /* 4 bits: neither form */
    assert_int_equal(tc_cube_parse(5, "11111", &v), TC_OK);    /* 5 bits, not 11111 */
    assert_int_equal(v, 31);
    assert_int_equal(tc_cube_parse(5, "1x", &v), TC_EPARSE);
    assert_int_equal(tc_cube_parse(5, "", &v), TC_EPARSE);
    assert_int_equal(tc_cube_parse(5, "007", &v), TC_EPARSE);
    assert_int_equal(tc_cube_parse(40, "1099511627775", &v), TC_OK);
    assert_int_equal(v, (1ull << 40) - 1);
}

typedef int (*rule_fn)(int n, uint64_t c, int t);

static int binomial(int n, uint64_t c, int t)
{
    (void)t;
    return tc_cube_binomial_parent(n, c);
}

static int sbnt(int n, uint64_t c, int t)
{
    (void)t;
    return tc_cube_sbnt_minr_parent(n, c);
}

/* Walk every chain of tree t: every node reaches the root through a neighbour each step.
 * Returns the height; *top[c] gets the dimension of the chain's last edge (the subtree). */
static int walk(int n, rule_fn rule, int t, uint8_t *top)
{
    int height = 0;
    for (uint64_t c = 0; c < (1ull << n); c++) {
        uint64_t x = c;
        int steps = 0, last = -1;
        for (;;) {
            int d = rule(n, x, t);
            if (d == TC_PARENT_ROOT) {
                break;
            }
            assert_in_range(d, 0, n - 1);
            x ^= 1ull << d;
            last = d;
            steps++;
            assert_true(steps <= 2 * n); /* no cycle */
        }
        assert_int_equal(x, 0);
        if (top != NULL) {
            top[c] = (uint8_t)(last < 0 ? 0xFF : last);
        }
        height = steps > height ? steps : height;
    }
    return height;
}

/* Table 1 of paper 002, all seven columns, n = 2..20 (corrections 002.2). */
static void test_table1(void **state)
{
    (void)state;
    static const struct {
        int n, A, B, sbt, max, min;
    } rows[] = {{2, 2, 2, 2, 2, 1},
                {3, 2, 2, 4, 3, 2},
                {4, 4, 3, 8, 5, 3},
                {5, 2, 2, 16, 7, 6},
                {6, 10, 5, 32, 13, 9},
                {7, 2, 2, 64, 19, 18},
                {8, 16, 6, 128, 35, 30},
                {9, 8, 4, 256, 59, 56},
                {10, 34, 9, 512, 107, 99},
                {11, 2, 2, 1024, 187, 186},
                {12, 76, 17, 2048, 351, 335},
                {13, 2, 2, 4096, 631, 630},
                {14, 130, 21, 8192, 1181, 1161},
                {15, 38, 10, 16384, 2191, 2182},
                {16, 256, 36, 32768, 4115, 4080},
                {17, 2, 2, 65536, 7711, 7710},
                {18, 568, 70, 131072, 14601, 14532},
                {19, 2, 2, 262144, 27595, 27594},
                {20, 1036, 111, 524288, 52487, 52377}};
    static const char *factor[] = {"1.33", "1.29", "1.33", "1.13", "1.24", "1.05", "1.10",
                                   "1.04", "1.05", "1.00", "1.03", "1.00", "1.01", "1.00",
                                   "1.00", "1.00", "1.00", "1.00", "1.00", "1.00"};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        int n = rows[r].n;
        uint64_t N = 1ull << n;
        uint8_t *top = malloc(N);
        assert_non_null(top);
        int64_t size[64] = {0}, sbt[64] = {0}, A = 0;
        double B = 0;
        for (uint64_t c = 0; c < N; c++) {
            int p = tc_cube_period(n, c);
            if (p < n) {
                A++;
                B += 1.0 / p;
            }
        }
        /* SBnT subtrees by walking the parent rule; each must equal index(c) */
        assert_true(walk(n, sbnt, 0, top) <= n);
        for (uint64_t c = 1; c < N; c++) {
            assert_int_equal(top[c], tc_cube_index_minr(n, c));
            size[top[c]]++;
        }
        walk(n, binomial, 0, top);
        for (uint64_t c = 1; c < N; c++) {
            sbt[top[c]]++;
        }
        int64_t mx = 0, mn = INT64_MAX, bmax = 0;
        for (int j = 0; j < n; j++) {
            mx = size[j] > mx ? size[j] : mx;
            mn = size[j] < mn ? size[j] : mn;
            bmax = sbt[j] > bmax ? sbt[j] : bmax;
        }
        assert_int_equal(A, rows[r].A);
        assert_int_equal((int64_t)(B + 0.5), rows[r].B);
        assert_int_equal(bmax, rows[r].sbt);
        assert_int_equal(mx, rows[r].max);
        assert_int_equal(mn, rows[r].min);
        /* SBnT(min) = (N - A)/n and SBnT(max) = (N - A)/n + B - 1 */
        assert_int_equal(mn, ((int64_t)N - A) / n);
        assert_int_equal(mx, ((int64_t)N - A) / n + rows[r].B - 1);
        char f[16];
        snprintf(f, sizeof f, "%.2f", (double)mx / ((double)(N - 1) / n));
        assert_string_equal(f, factor[r]);
        free(top);
    }
}

static tc_sbnt_t variant_of_tree; /* the variant walk() uses through sbnt_variant() */

static int sbnt_variant(int n, uint64_t c, int t)
{
    (void)t;
    return tc_cube_sbnt_parent(n, c, variant_of_tree);
}

/* The four SBnT variants (paper 002 Section 4; corrections 002.6): the worked example, each a
 * spanning tree of height <= n whose subtrees are the index classes, Lemma 13 (maxL and minR
 * have equal subtree sizes), Theorem 5 (minR ~ minBL and maxL ~ maxBR: equal sizes under bit
 * reversal), and Theorem 4's fan-outs at level 2 of the 6-cube (minR 2, maxL 3). */
static void test_sbnt_variants(void **state)
{
    (void)state;
    uint64_t ex = bits("1110100010");
    assert_int_equal(tc_cube_index(10, ex, TC_SBNT_MINR), 5);
    assert_int_equal(tc_cube_index(10, ex, TC_SBNT_MAXL), 0);
    assert_int_equal(tc_cube_index(10, ex, TC_SBNT_MINBL), 8);
    assert_int_equal(tc_cube_index(10, ex, TC_SBNT_MAXBR), 7);
    for (int n = 2; n <= 12; n++) {
        uint64_t N = 1ull << n;
        int64_t size[4][64] = {{0}};
        uint8_t *top = malloc(N);
        assert_non_null(top);
        for (int v = 0; v < 4; v++) {
            variant_of_tree = (tc_sbnt_t)v;
            assert_true(walk(n, sbnt_variant, 0, top) <= n);
            for (uint64_t c = 1; c < N; c++) {
                int j = tc_cube_index(n, c, (tc_sbnt_t)v);
                /* the subtree root of index j is 2^j (minR, maxBR) or 2^(n-1-j) (maxL, minBL) */
                int want = (v == TC_SBNT_MINR || v == TC_SBNT_MAXBR) ? j : n - 1 - j;
                assert_int_equal(top[c], want);
                size[v][j]++;
            }
        }
        for (int j = 0; j < n; j++) {
            assert_int_equal(size[TC_SBNT_MAXL][j], size[TC_SBNT_MINR][j]);  /* Lemma 13 */
            assert_int_equal(size[TC_SBNT_MINBL][j], size[TC_SBNT_MINR][j]); /* Theorem 5 */
            assert_int_equal(size[TC_SBNT_MAXBR][j], size[TC_SBNT_MAXL][j]);
        }
        free(top);
    }
    int fanout[2] = {0, 0};
    for (int v = 0; v < 2; v++) { /* minR, maxL */
        int kids[64] = {0};
        for (uint64_t c = 1; c < 64; c++) {
            uint64_t parent = c ^ (1ull << tc_cube_sbnt_parent(6, c, (tc_sbnt_t)v));
            if (__builtin_popcountll(parent) == 2) {
                kids[parent]++;
            }
        }
        for (int c = 0; c < 64; c++) {
            fanout[v] = kids[c] > fanout[v] ? kids[c] : fanout[v];
        }
    }
    assert_int_equal(fanout[0], 2);
    assert_int_equal(fanout[1], 3);
}

/* The n nEDSTs are spanning, of height n+1 (n >= 2), and directed-edge-disjoint: at every
 * node the n parent dimensions differ. */
static void test_nedst(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        for (int j = 0; j < n; j++) {
            assert_int_equal(walk(n, tc_cube_nedst_parent, j, NULL), n + 1);
            assert_int_equal(tc_cube_nedst_parent(n, 1ull << j, j), j); /* root -> 2^j */
        }
        for (uint64_t c = 1; c < (1ull << n); c++) {
            uint64_t used = 0;
            for (int j = 0; j < n; j++) {
                int d = tc_cube_nedst_parent(n, c, j);
                assert_false(used & (1ull << d));
                used |= 1ull << d;
            }
        }
    }
}

/* Algorithm 4 (HDLS, root 0): Example 5.1.2's parents of 11 in H_4 are 9, 3, 15 and 10; carried
 * to any root by XOR it gives exactly the trees of Algorithm 5 (n = 1..10, every node). */
static void test_ist_hdls(void **state)
{
    (void)state;
    static const uint64_t want[4] = {9, 3, 15, 10};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(11 ^ (1ull << tc_cube_ist_hdls_parent(4, 11, i)), want[i]);
    }
    for (int n = 1; n <= 10; n++) {
        for (uint64_t c = 0; c < (1ull << n); c++) {
            for (int i = 0; i < n; i++) {
                assert_int_equal(tc_cube_ist_hdls_parent(n, c, i), tc_cube_ist_parent(n, c, i));
            }
        }
    }
}

/* The SBG (paper 002 Section 3; corrections 002.4): 011011011 is in subtrees 0, 3 and 6 with
 * parents 001011011, 011011001 and 011001011; |J_c| = n / P_c; every parent is one step closer;
 * tree 0 of the rotated SBnTs is the SBnT^minR and tree j is L^j of tree 0 (n = 2..10); the
 * corrected children rule (flip m in M_m(c), keep q_m when J_c is within J_(q_m)) gives exactly
 * the children derived from the parents. */
static void test_sbg(void **state)
{
    (void)state;
    int dims[64], sub[64];
    uint64_t c = bits("011011011");
    assert_int_equal(tc_cube_sbg_parents(9, c, dims, sub), 3);
    static const char *const parents[] = {"001011011", "011011001", "011001011"};
    for (int q = 0; q < 3; q++) {
        assert_int_equal(sub[q], 3 * q);
        assert_int_equal(c ^ (1ull << dims[q]), bits(parents[q]));
    }
    for (int n = 2; n <= 10; n++) {
        uint64_t N = 1ull << n;
        for (uint64_t x = 1; x < N; x++) {
            int m = tc_cube_sbg_parents(n, x, dims, sub);
            assert_int_equal(m, n / tc_cube_period(n, x));
            for (int q = 0; q < m; q++) {
                assert_true((x >> dims[q]) & 1u); /* a 1-bit: one step closer */
            }
            assert_int_equal(tc_cube_sbg_tree_parent(n, x, 0), tc_cube_sbnt_minr_parent(n, x));
            for (int j = 0; j < n; j++) {
                int d0 = tc_cube_sbg_tree_parent(n, x, 0);
                int dj = tc_cube_sbg_tree_parent(n, tc_cube_rotate_left(n, x, j), j);
                assert_int_equal(dj, (d0 + j) % n);
            }
            /* children: derived from the parents, against the corrected rule */
            int pd[64], ps[64];
            uint64_t derived = 0, rule = 0;
            for (int b = 0; b < n; b++) {
                uint64_t y = x ^ (1ull << b);
                int my = tc_cube_sbg_parents(n, y, pd, ps);
                for (int q = 0; q < my; q++) {
                    if ((y ^ (1ull << pd[q])) == x) {
                        derived |= 1ull << b;
                    }
                }
            }
            int jx[64];
            int mx = tc_cube_sbg_parents(n, x, pd, jx);
            for (int q = 0; q < mx; q++) {
                for (int step = 1; step < n; step++) { /* M for subtree jx[q]: zeros below it */
                    int b = ((jx[q] - step) % n + n) % n;
                    if ((x >> b) & 1u) {
                        break;
                    }
                    uint64_t y = x ^ (1ull << b);
                    int my = tc_cube_sbg_parents(n, y, pd, ps);
                    bool within = true;
                    for (int r = 0; r < mx; r++) {
                        bool found = false;
                        for (int u = 0; u < my; u++) {
                            found = found || ps[u] == jx[r];
                        }
                        within = within && found;
                    }
                    if (within) {
                        rule |= 1ull << b;
                    }
                }
            }
            assert_int_equal(derived, rule);
        }
    }
}

/* The printed reading "lowest order greater than j" (strictly) makes tree 0 differ from the
 * SBnT^minR at cyclic nodes whose first subtree is 0; "greater than or equal" (corrections
 * 002.4) makes them equal (test_sbg): pinned by counting the differences. */
static int strict_tree_parent(int n, uint64_t c, int j)
{
    int dims[64], sub[64];
    int m = tc_cube_sbg_parents(n, c, dims, sub), best = 0, gap = n + 1;
    for (int q = 0; q < m; q++) {
        int g = ((sub[q] - j) % n + n) % n;
        g = g == 0 ? n : g; /* strictly greater, cyclically */
        if (g < gap) {
            gap = g;
            best = q;
        }
    }
    return dims[best];
}

static void test_sbg_printed_reading(void **state)
{
    (void)state;
    int n = 6;
    int64_t differ = 0;
    for (uint64_t x = 1; x < 64; x++) {
        differ += strict_tree_parent(n, x, 0) != tc_cube_sbnt_minr_parent(n, x);
    }
    assert_true(differ > 0);
}

/* The streamed balance (treecast balance) against a direct count, every variant, n = 2..12, and
 * independent of the thread count. */
static void test_balance(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        for (int v = 0; v < 4; v++) {
            int64_t size[64] = {0}, A = 0, sbt[64] = {0};
            double B = 0;
            for (uint64_t c = 0; c < (1ull << n); c++) {
                int p = tc_cube_period(n, c);
                if (p < n) {
                    A++;
                    B += 1.0 / p;
                }
                if (c != 0) {
                    size[tc_cube_index(n, c, (tc_sbnt_t)v)]++;
                    sbt[__builtin_ctzll(c)]++;
                }
            }
            tc_balance_t one, two;
            assert_int_equal(tc_cube_balance(n, (tc_sbnt_t)v, 1, &one), TC_OK);
            assert_int_equal(tc_cube_balance(n, (tc_sbnt_t)v, 2, &two), TC_OK);
            assert_memory_equal(&one, &two, sizeof one);
            assert_int_equal(one.A, A);
            assert_int_equal(one.B, (int64_t)(B + 0.5));
            for (int j = 0; j < n; j++) {
                assert_int_equal(one.subtree[j], size[j]);
                assert_int_equal(one.binomial[j], sbt[j]);
            }
        }
    }
    tc_balance_t b;
    assert_int_equal(tc_cube_balance(41, TC_SBNT_MINR, 1, &b), TC_ERANGE);
}

/* The pivoted nEDST: tree j rooted at 2^j, height n, still directed-edge-disjoint (the n edges
 * into the common root were unused), corrections 003.1. */
static void test_nedst_pivoted(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        uint64_t N = 1ull << n;
        for (int j = 0; j < n; j++) {
            int height = 0;
            for (uint64_t c = 0; c < N; c++) {
                uint64_t x = c;
                int steps = 0;
                for (;;) {
                    int d = tc_cube_nedst_pivoted_parent(n, x, j);
                    if (d == TC_PARENT_ROOT) {
                        break;
                    }
                    x ^= 1ull << d;
                    assert_true(++steps <= 2 * n);
                }
                assert_int_equal(x, 1ull << j);
                height = steps > height ? steps : height;
            }
            assert_int_equal(height, n);
        }
        /* directed disjointness: the directed edges parent -> c of different trees differ */
        for (uint64_t c = 0; c < N; c++) {
            uint64_t used = 0;
            for (int j = 0; j < n; j++) {
                int d = tc_cube_nedst_pivoted_parent(n, c, j);
                if (d == TC_PARENT_ROOT) {
                    continue;
                }
                assert_false(used & (1ull << d));
                used |= 1ull << d;
            }
        }
    }
}

/* Tables 5.1 and 5.2 of paper 004 (T_0 and T_1 of H_4, root 0), parent by parent, and
 * Table 5.5's T_4 of H_5 rooted at 01000 for the nodes the text lists. */
static void test_ist_tables(void **state)
{
    (void)state;
    static const int t0[16] = {-1, 0, 3, 1, 5, 1, 7, 5, 9, 1, 11, 9, 13, 9, 15, 13};
    static const int t1[16] = {-1, 3, 0, 2, 6, 7, 2, 3, 10, 11, 2, 3, 14, 15, 10, 11};
    for (uint64_t x = 1; x < 16; x++) {
        assert_int_equal(x ^ (1ull << tc_cube_ist_parent(4, x, 0)), t0[x]);
        assert_int_equal(x ^ (1ull << tc_cube_ist_parent(4, x, 1)), t1[x]);
    }
    uint64_t r = bits("01000");
    static const uint64_t xs[] = {24, 16, 18, 22, 26, 30, 20, 28, 0, 7, 15};
    static const uint64_t ps[] = {8, 24, 16, 20, 24, 28, 16, 24, 16, 23, 31};
    for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++) {
        assert_int_equal(xs[k] ^ (1ull << tc_cube_ist_parent(5, xs[k] ^ r, 4)), ps[k]);
    }
}

/* The n ISTs span, have height n+1 (n >= 2), their leaves are the nodes with c_i = 0, and the
 * root paths of every node are internally node-disjoint (n = 2..9). */
static void test_ist_properties(void **state)
{
    (void)state;
    for (int n = 2; n <= 9; n++) {
        uint64_t N = 1ull << n;
        for (int i = 0; i < n; i++) {
            assert_int_equal(walk(n, tc_cube_ist_parent, i, NULL), n + 1);
            uint8_t *has_child = calloc(N, 1);
            assert_non_null(has_child);
            for (uint64_t c = 1; c < N; c++) {
                has_child[c ^ (1ull << tc_cube_ist_parent(n, c, i))] = 1;
            }
            for (uint64_t c = 1; c < N; c++) {
                assert_int_equal(has_child[c], (c >> i) & 1u);
            }
            free(has_child);
        }
        uint32_t *seen = calloc(N, sizeof *seen);
        assert_non_null(seen);
        for (uint64_t c = 1; c < N; c++) {
            for (int i = 0; i < n; i++) {
                uint64_t x = c;
                for (;;) {
                    x ^= 1ull << tc_cube_ist_parent(n, x, i);
                    if (x == 0) {
                        break;
                    }
                    assert_int_not_equal(seen[x], (uint32_t)c); /* shared inner node */
                    seen[x] = (uint32_t)c;
                }
            }
        }
        free(seen);
    }
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rotation_reversal),
        cmocka_unit_test(test_period_necklaces),
        cmocka_unit_test(test_index_examples),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_table1),
        cmocka_unit_test(test_nedst),
        cmocka_unit_test(test_ist_tables),
        cmocka_unit_test(test_ist_properties),
        cmocka_unit_test(test_sbnt_variants),
        cmocka_unit_test(test_nedst_pivoted),
        cmocka_unit_test(test_ist_hdls),
        cmocka_unit_test(test_sbg),
        cmocka_unit_test(test_sbg_printed_reading),
        cmocka_unit_test(test_balance),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
