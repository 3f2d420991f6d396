/* The hypercube as a network object and its forests: every kind built, checked and judged
 * against its paper at many roots (n = 1..12); check must fail on broken forests; the compare
 * counts of paper 002 (Lemma 15, corrections 002.7), Theorem 5 and Lemma 13; the paths of
 * paper 004 Section 5.3; the JSON round trip with per-tree roots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tc_kind_t CUBE_KINDS[] = {
    TC_KIND_BINOMIAL,   TC_KIND_SBNT_MINR, TC_KIND_SBNT_MAXL, TC_KIND_SBNT_MINBL,
    TC_KIND_SBNT_MAXBR, TC_KIND_SBG,       TC_KIND_NEDST,     TC_KIND_NEDST_PIVOTED,
    TC_KIND_IST,        TC_KIND_IST_HDLS,
};
#define NKINDS (sizeof CUBE_KINDS / sizeof CUBE_KINDS[0])

static tc_net_t *cube(int n)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_cube_new(n, &net), TC_OK);
    return net;
}

static uint64_t bits(const char *s)
{
    uint64_t v = 0;
    for (; *s; s++) {
        v = (v << 1) | (uint64_t)(*s - '0');
    }
    return v;
}

/* ---- the network object ----------------------------------------------------------------- */

static void test_cube_net(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        tc_net_t *net = cube(n);
        int64_t N = (int64_t)1 << n;
        assert_string_equal(tc_net_family_name(net), "cube");
        assert_int_equal(tc_net_nodes(net), N);
        assert_int_equal(tc_net_edges(net), (N / 2) * n);
        assert_int_equal(tc_net_degree(net), n);
        assert_int_equal(tc_net_dim_min(net), 0);
        assert_int_equal(tc_net_dim_max(net), n - 1);
        assert_int_equal(tc_net_diameter(net), n);
        assert_true(tc_net_materializable(net));
        int64_t pairs = 0;
        for (int64_t v = 0; v < N; v++) {
            for (int d = 0; d < n; d++) {
                int64_t u = tc_net_neighbor(net, v, d);
                assert_true(u >= 0 && u < N);
                assert_int_equal(tc_net_neighbor(net, u, d), v);
                assert_int_equal(tc_net_edge_dim(net, v, u), d);
                assert_int_equal(tc_net_distance(net, v, u), 1);
                pairs += u > v;
            }
            assert_int_equal(tc_net_neighbor(net, v, n), -1);
            assert_int_equal(tc_net_neighbor(net, v, -1), -1);
            assert_int_equal(tc_net_edge_dim(net, v, v), -1);
            char lab[TC_LABEL_MAX];
            assert_int_equal(tc_net_label(net, v, false, lab, sizeof lab), (size_t)n);
            int64_t back = -1;
            assert_int_equal(tc_net_parse_label(net, lab, &back), TC_OK);
            assert_int_equal(back, v);
            snprintf(lab, sizeof lab, "%lld", (long long)v);
            if (strlen(lab) != (size_t)n || strspn(lab, "01") != strlen(lab)) {
                assert_int_equal(tc_net_parse_label(net, lab, &back), TC_OK);
                assert_int_equal(back, v);
            }
        }
        assert_int_equal(pairs, tc_net_edges(net));
        /* one first member per necklace: Burnside's (1/n) sum_{d|n} phi(d) 2^(n/d) */
        int64_t firsts = 0, burnside = 0;
        for (int64_t v = 0; v < N; v++) {
            firsts += tc_cube_necklace_first(n, (uint64_t)v);
        }
        for (int d = 1; d <= n; d++) {
            int phi = 0;
            for (int j = 1; j <= d && n % d == 0; j++) {
                int a = j, b = d;
                while (b) {
                    int r = a % b;
                    a = b;
                    b = r;
                }
                phi += a == 1;
            }
            burnside += (int64_t)phi << (n / d);
        }
        assert_int_equal(firsts * n, burnside);
        assert_int_equal(tc_net_distance(net, 0, N - 1), n);
        tc_net_free(net);
    }
    tc_net_t *net = cube(5);
    char lab[TC_LABEL_MAX];
    tc_net_label(net, 8, false, lab, sizeof lab);
    assert_string_equal(lab, "01000"); /* most significant bit first */
    tc_net_name(net, lab, sizeof lab);
    assert_string_equal(lab, "Q_5");
    int64_t v;
    static const char *const bad[] = {"", "0102", "32", "000000", "-1", "1x", "012", "1 "};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(tc_net_parse_label(net, bad[k], &v), TC_EPARSE);
        assert_true(tc_err_detail()[0] != '\0');
    }
    assert_int_equal(tc_net_parse_label(net, "31", &v), TC_OK);
    assert_int_equal(v, 31);
    tc_net_free(net);
    assert_int_equal(tc_net_cube_new(0, &net), TC_ERANGE);
    assert_int_equal(tc_net_cube_new(41, &net), TC_ERANGE);
    assert_int_equal(tc_net_parse("cube:40", &net), TC_OK);
    assert_false(tc_net_materializable(net));
    assert_int_equal(tc_net_nodes(net), (int64_t)1 << 40);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, TC_KIND_IST, 0, 1, &f), TC_ETOOBIG);
    assert_null(f);
    tc_net_free(net);
}

/* Kinds belong to one family: a cube kind has no rule on S_n and a star kind none on Q_n. */
static void test_kind_families(void **state)
{
    (void)state;
    tc_net_t *q = cube(4), *s = NULL, *ic = NULL;
    assert_int_equal(tc_net_star_new(4, &s), TC_OK);
    assert_int_equal(tc_net_icube_new(4, 2, &ic), TC_OK);
    for (size_t k = 0; k < NKINDS; k++) {
        tc_kind_t parsed;
        assert_int_equal(tc_kind_parse(tc_kind_name(CUBE_KINDS[k]), &parsed), TC_OK);
        assert_int_equal(parsed, CUBE_KINDS[k]);
        assert_true(tc_kind_applies(CUBE_KINDS[k], q));
        assert_false(tc_kind_applies(CUBE_KINDS[k], s));
        assert_int_equal(tc_kind_applies(CUBE_KINDS[k], ic), CUBE_KINDS[k] == TC_KIND_BINOMIAL);
        assert_int_equal(tc_trees_count(s, CUBE_KINDS[k]), 0);
        assert_true(tc_trees_count(q, CUBE_KINDS[k]) == 1 || tc_trees_count(q, CUBE_KINDS[k]) == 4);
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(s, CUBE_KINDS[k], 0, 1, &f), TC_EINVAL);
    }
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_count(q, TC_KIND_EDT), 0);
    assert_int_equal(tc_trees_build(q, TC_KIND_EDT, 0, 1, &f), TC_EINVAL);
    assert_null(f);
    tc_net_free(q);
    tc_net_free(s);
    tc_net_free(ic);
}

/* ---- every kind, n = 1..12, many roots: built, checked, judged ---------------------------- */

static void check_all(tc_forest_t *f, bool levels, tc_check_report_t *rep, tc_claims_t *cl)
{
    tc_check_opts_t o = tc_check_defaults();
    o.threads = 2;
    o.levels = levels;
    assert_int_equal(tc_check_forest(f, &o, rep), TC_OK);
    tc_claims_evaluate(tc_forest_net(f), tc_forest_kind(f), rep, cl);
}

static const tc_claim_row_t *row(const tc_claims_t *cl, const char *key)
{
    for (int k = 0; k < cl->count; k++) {
        if (strcmp(cl->rows[k].key, key) == 0) {
            return &cl->rows[k];
        }
    }
    fail_msg("no row %s", key);
    return NULL;
}

static void test_every_kind_every_size(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 2026, 0);
    for (int n = 1; n <= 12; n++) {
        tc_net_t *net = cube(n);
        int64_t N = tc_net_nodes(net);
        int64_t roots[5] = {0, N - 1, 0, 0, 0};
        for (int k = 2; k < 5; k++) {
            roots[k] = (int64_t)tc_rng_below(&rng, (uint64_t)N);
        }
        for (size_t k = 0; k < NKINDS; k++) {
            tc_kind_t kind = CUBE_KINDS[k];
            for (int r = 0; r < (n <= 10 ? 5 : 2); r++) {
                tc_forest_t *f = NULL;
                assert_int_equal(tc_trees_build(net, kind, roots[r], 2, &f), TC_OK);
                int T = tc_forest_trees(f);
                tc_check_report_t rep;
                tc_claims_t cl;
                check_all(f, T == 1 || kind == TC_KIND_SBG, &rep, &cl);
                if (!cl.all_hold) {
                    for (int j = 0; j < cl.count; j++) {
                        print_error("%s n=%d root=%lld %s: %s vs %s (%s)\n", tc_kind_name(kind), n,
                                    (long long)roots[r], cl.rows[j].key, cl.rows[j].measured,
                                    cl.rows[j].claim, tc_verdict_name(cl.rows[j].verdict));
                    }
                }
                assert_true(cl.all_hold);
                for (int t = 0; t < T; t++) { /* facts asserted directly, not via the claims */
                    assert_int_equal(rep.reached[t], N);
                    int want =
                        kind == TC_KIND_NEDST || kind == TC_KIND_IST || kind == TC_KIND_IST_HDLS
                            ? (n >= 2 ? n + 1 : n)
                            : n;
                    assert_int_equal(rep.depth[t], want);
                }
                /* measured beyond the papers (docs/constructions.md): the ISTs are also
                 * directed edge-disjoint and the rooted nEDSTs also independent */
                if (kind == TC_KIND_NEDST || kind == TC_KIND_NEDST_PIVOTED || kind == TC_KIND_IST ||
                    kind == TC_KIND_IST_HDLS) {
                    assert_int_equal(rep.shared_directed, 0);
                }
                if (kind == TC_KIND_IST || kind == TC_KIND_IST_HDLS || kind == TC_KIND_NEDST) {
                    assert_int_equal(rep.indep_violations, 0);
                    assert_int_equal(rep.indep_nodes, N);
                }
                if (kind == TC_KIND_NEDST_PIVOTED) {
                    for (int t = 0; t < T; t++) {
                        assert_int_equal(tc_forest_tree_root(f, t), roots[r] ^ ((int64_t)1 << t));
                    }
                }
                tc_forest_free(f);
            }
        }
        tc_net_free(net);
    }
}

/* Algorithm 4 (HDLS, carried by XOR) and Algorithm 5 give the same trees at every root. */
static void test_hdls_equals_alg5(void **state)
{
    (void)state;
    for (int n = 1; n <= 8; n++) {
        tc_net_t *net = cube(n);
        for (int64_t root = 0; root < tc_net_nodes(net); root += 3) {
            tc_forest_t *a = NULL, *b = NULL;
            assert_int_equal(tc_trees_build(net, TC_KIND_IST, root, 1, &a), TC_OK);
            assert_int_equal(tc_trees_build(net, TC_KIND_IST_HDLS, root, 1, &b), TC_OK);
            for (int t = 0; t < n; t++) {
                assert_memory_equal(tc_forest_dims_const(a, t), tc_forest_dims_const(b, t),
                                    (size_t)tc_net_nodes(net));
            }
            tc_forest_free(a);
            tc_forest_free(b);
        }
        tc_net_free(net);
    }
}

/* The O(1) nEDST and IST rules against the papers' scans written out literally. */
static int nedst_scan(int n, uint64_t c, int j)
{
    if (!((c >> j) & 1u)) {
        return j;
    }
    int last = j;                          /* c == 2^j hangs from the root */
    for (int step = 1; step < n; step++) { /* order j+1, j+2, ..., j-1 (mod n) */
        if ((c >> ((j + step) % n)) & 1u) {
            last = (j + step) % n;
        }
    }
    return last;
}

static int ist_scan(int n, uint64_t c, int i)
{
    if (!((c >> i) & 1u)) {
        return i;
    }
    for (int step = 1; step < n; step++) { /* succ(i): the next differing position */
        if ((c >> ((i + step) % n)) & 1u) {
            return (i + step) % n;
        }
    }
    return i;
}

static void test_rules_against_scans(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        for (uint64_t c = 1; c < (1ull << n); c++) {
            for (int j = 0; j < n; j++) {
                assert_int_equal(tc_cube_nedst_parent(n, c, j), nedst_scan(n, c, j));
                assert_int_equal(tc_cube_ist_parent(n, c, j), ist_scan(n, c, j));
            }
        }
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, 40, 0);
    for (int k = 0; k < 100000; k++) {
        int n = 13 + (int)tc_rng_below(&rng, 28);
        uint64_t c = tc_rng_next(&rng) & ((1ull << n) - 1);
        int j = (int)tc_rng_below(&rng, (uint64_t)n);
        if (c != 0) {
            assert_int_equal(tc_cube_nedst_parent(n, c, j), nedst_scan(n, c, j));
            assert_int_equal(tc_cube_ist_parent(n, c, j), ist_scan(n, c, j));
        }
    }
}

/* ---- the levels: Lemma 3, Theorem 4, Lemma 8, Corollary 3 -------------------------------- */

static void test_levels(void **state)
{
    (void)state;
    /* Theorem 4: in a 6-cube the largest fan-out at level 2 is 2 for minR and 3 for maxL */
    tc_net_t *net = cube(6);
    int want[2] = {2, 3};
    tc_kind_t kinds[2] = {TC_KIND_SBNT_MINR, TC_KIND_SBNT_MAXL};
    for (int k = 0; k < 2; k++) {
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(net, kinds[k], 5, 1, &f), TC_OK);
        tc_check_report_t rep;
        tc_claims_t cl;
        check_all(f, true, &rep, &cl);
        assert_int_equal(rep.level_fanout[0], 6);
        assert_int_equal(rep.level_fanout[2], want[k]);
        assert_int_equal(row(&cl, "fanout")->verdict, TC_VERDICT_HOLDS);
        tc_forest_free(f);
    }
    tc_net_free(net);
    /* Corollary 3 for n prime: C(n,l)/n edges per dimension at each level 1..n-1 */
    static const int primes[] = {2, 3, 5, 7, 11};
    for (size_t k = 0; k < sizeof primes / sizeof primes[0]; k++) {
        int n = primes[k];
        net = cube(n);
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(net, TC_KIND_SBNT_MINR, 0, 1, &f), TC_OK);
        tc_check_report_t rep;
        tc_claims_t cl;
        check_all(f, true, &rep, &cl);
        int64_t binom = 1;
        for (int l = 1; l < n; l++) {
            binom = binom * (n - l + 1) / l;
            for (int d = 0; d < n; d++) {
                assert_int_equal(rep.level_dim_edges[l][d] * n, binom);
            }
        }
        for (int d = 0; d < n; d++) {
            assert_int_equal(rep.level_dim_edges[n][d], d == n - 1);
        }
        assert_int_equal(row(&cl, "dim_edges")->verdict, TC_VERDICT_HOLDS);
        assert_int_equal(row(&cl, "cyclic_leaves")->verdict, TC_VERDICT_HOLDS);
        assert_int_equal(rep.cyclic_inner, 0);
        tc_forest_free(f);
        tc_net_free(net);
    }
    /* the binomial tree is the counter-example of Lemma 8: cyclic nodes with children */
    net = cube(6);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, TC_KIND_BINOMIAL, 0, 1, &f), TC_OK);
    tc_check_report_t rep;
    tc_claims_t cl;
    check_all(f, true, &rep, &cl);
    assert_true(rep.cyclic_inner > 0);
    tc_forest_free(f);
    tc_net_free(net);
}

/* ---- check fails on broken forests ------------------------------------------------------- */

static tc_forest_t *built(int n, tc_kind_t kind, int64_t root)
{
    tc_net_t *net = cube(n);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, root, 1, &f), TC_OK);
    tc_net_free(net);
    return f;
}

static const char *first_failure(tc_forest_t *f)
{
    tc_check_report_t rep;
    static tc_claims_t cl;
    check_all(f, tc_forest_trees(f) == 1, &rep, &cl);
    for (int k = 0; k < cl.count; k++) {
        if (cl.rows[k].verdict == TC_VERDICT_FAILS) {
            return cl.rows[k].key;
        }
    }
    return NULL;
}

static void test_check_fails_on_broken(void **state)
{
    (void)state;
    /* a cycle: node 3 of T_0 points at its own child */
    tc_forest_t *f = built(6, TC_KIND_IST, 9);
    assert_null(first_failure(f));
    uint8_t *dims = tc_forest_dims(f, 0);
    int64_t child = -1;
    for (int64_t u = 0; u < 64 && child < 0; u++) {
        if (u != 9 && dims[u] < 6 && (u ^ (1 << dims[u])) != 9 && dims[u ^ (1 << dims[u])] < 6) {
            child = u; /* u's parent p is not the root: point p back at u */
        }
    }
    int64_t p = child ^ (1 << dims[child]);
    dims[p] = dims[child];
    assert_string_equal(first_failure(f), "spanning");
    tc_forest_free(f);

    /* an extra root */
    f = built(5, TC_KIND_NEDST, 0);
    tc_forest_dims(f, 2)[17] = TC_PARENT_ROOT;
    assert_string_equal(first_failure(f), "rooted");
    tc_forest_free(f);

    /* two nEDST trees sharing a directed edge: node 7 of tree 1 takes tree 0's parent edge */
    f = built(5, TC_KIND_NEDST, 0);
    tc_check_report_t rep;
    tc_claims_t cl;
    int64_t v = -1;
    for (int64_t u = 1; u < 32 && v < 0; u++) {
        uint8_t d0 = tc_forest_dims_const(f, 0)[u];
        uint8_t d1 = tc_forest_dims_const(f, 1)[u];
        if (d0 != d1) {
            /* reuse d0 in tree 1 only when it leaves tree 1 a tree (its parent is not below u) */
            uint8_t keep = d1;
            tc_forest_dims(f, 1)[u] = d0;
            check_all(f, false, &rep, &cl);
            if (rep.reached[1] == 32) {
                v = u;
            } else {
                tc_forest_dims(f, 1)[u] = keep;
            }
        }
    }
    assert_true(v > 0);
    check_all(f, false, &rep, &cl);
    assert_int_equal(rep.shared_directed, 1);
    assert_int_equal(row(&cl, "directed_disjoint")->verdict, TC_VERDICT_FAILS);
    tc_forest_free(f);

    /* independence broken while every tree still spans: move one parent in T_0 */
    f = built(5, TC_KIND_IST, 0);
    bool broken = false;
    for (int64_t u = 1; u < 32 && !broken; u++) {
        for (int d = 0; d < 5 && !broken; d++) {
            uint8_t keep = tc_forest_dims_const(f, 0)[u];
            if (d == keep) {
                continue;
            }
            tc_forest_dims(f, 0)[u] = (uint8_t)d;
            check_all(f, false, &rep, &cl);
            if (rep.reached[0] == 32 && rep.indep_violations > 0) {
                broken = true;
            } else {
                tc_forest_dims(f, 0)[u] = keep;
            }
        }
    }
    assert_true(broken);
    assert_int_equal(row(&cl, "independent")->verdict, TC_VERDICT_FAILS);
    tc_forest_free(f);

    /* an SBnT that is no longer greedy: a node rehung two levels down */
    f = built(6, TC_KIND_SBNT_MINR, 0);
    broken = false;
    for (int64_t u = 1; u < 64 && !broken; u++) {
        for (int d = 0; d < 6 && !broken; d++) {
            uint8_t keep = tc_forest_dims_const(f, 0)[u];
            if ((u >> d) & 1) {
                continue; /* a neighbour one level up */
            }
            tc_forest_dims(f, 0)[u] = (uint8_t)d;
            check_all(f, true, &rep, &cl);
            if (rep.reached[0] == 64) {
                broken = true;
            } else {
                tc_forest_dims(f, 0)[u] = keep;
            }
        }
    }
    assert_true(broken);
    assert_int_equal(row(&cl, "path_excess")->verdict, TC_VERDICT_FAILS);
    assert_true(rep.excess[2] > 0);
    tc_forest_free(f);

    /* an SBG whose cyclic node 010101 (period 2, three parents) keeps only one of them: every
     * tree still spans greedily, but the node no longer has abs(J_c) = n/P_c parents */
    f = built(6, TC_KIND_SBG, 0);
    assert_null(first_failure(f));
    uint64_t cyc = bits("010101");
    for (int t = 1; t < 6; t++) {
        tc_forest_dims(f, t)[cyc] = tc_forest_dims_const(f, 0)[cyc];
    }
    check_all(f, true, &rep, &cl);
    assert_int_equal(rep.parents_mismatch, 1);
    assert_int_equal(row(&cl, "spanning")->verdict, TC_VERDICT_HOLDS);
    assert_int_equal(row(&cl, "sbg_parents")->verdict, TC_VERDICT_FAILS);
    tc_forest_free(f);

    /* a pivoted forest whose tree roots were not moved is not the pivoted nEDST */
    f = built(4, TC_KIND_NEDST_PIVOTED, 3);
    tc_forest_set_tree_root(f, 1, 3);
    assert_string_equal(first_failure(f), "rooted");
    tc_forest_free(f);
}

/* ---- two families side by side ---------------------------------------------------------- */

static void test_compare(void **state)
{
    (void)state;
    static const int64_t shared[] = {0, 0, 0, 0, 0, 5, 6, 14, 32}; /* corrections 002.7 */
    static const char *const first[] = {NULL,    NULL,     NULL,      NULL, NULL,
                                        "01011", "010111", "0010011", NULL};
    for (int n = 2; n <= 8; n++) {
        tc_net_t *net = cube(n);
        tc_forest_t *a = NULL, *b = NULL, *c = NULL;
        assert_int_equal(tc_trees_build(net, TC_KIND_SBNT_MINR, 0, 1, &a), TC_OK);
        assert_int_equal(tc_trees_build(net, TC_KIND_SBNT_MINBL, 0, 1, &b), TC_OK);
        assert_int_equal(tc_trees_build(net, TC_KIND_SBNT_MAXL, 0, 1, &c), TC_OK);
        tc_compare_t cmp;
        assert_int_equal(tc_compare_forests(a, b, &cmp), TC_OK);
        assert_int_equal(cmp.shared_below1_total, shared[n]);
        if (first[n] != NULL) { /* the paper's example of a shared incoming edge */
            assert_int_equal(cmp.example, (int64_t)bits(first[n]));
        }
        assert_int_equal(cmp.reversal_violations, 0); /* Theorem 5 */
        assert_true(cmp.subtrees_equal_reversed);
        tc_claims_t cl = {0};
        tc_claims_compare(net, TC_KIND_SBNT_MINR, TC_KIND_SBNT_MINBL, &cmp, &cl);
        assert_true(cl.all_hold);
        assert_int_equal(tc_compare_forests(a, c, &cmp), TC_OK);
        assert_true(cmp.subtrees_equal_reversed); /* Lemma 13 */
        if (n >= 6) { /* measured: for n <= 5 maxL is exactly B(minR); from 6 on it is not */
            assert_true(cmp.reversal_violations > 0);
        }
        tc_forest_free(a);
        tc_forest_free(b);
        tc_forest_free(c);
        tc_net_free(net);
    }
    /* a claim that is checked can fail: 16 shared edges (the paper's print) are not 32 */
    tc_net_t *net = cube(8);
    tc_compare_t cmp = {0};
    cmp.shared_below1_total = 16;
    cmp.example = -1;
    cmp.subtrees_equal_reversed = true;
    tc_claims_t cl = {0};
    tc_claims_compare(net, TC_KIND_SBNT_MINR, TC_KIND_SBNT_MINBL, &cmp, &cl);
    assert_false(cl.all_hold);
    assert_int_equal(row(&cl, "shared_below_1")->verdict, TC_VERDICT_FAILS);
    tc_net_free(net);
}

/* ---- paper 004 Section 5.3: the paths from 1011 to 0000 in the four ISTs of H_4 ---------- */

static void test_section53_paths(void **state)
{
    (void)state;
    static const char *const paths[4][7] = {
        {"1011", "1001", "0001", "0000"},
        {"1011", "0011", "0010", "0000"},
        {"1011", "1111", "0111", "0110", "0100", "0000"},
        {"1011", "1010", "1000", "0000"},
    };
    tc_forest_t *f = built(4, TC_KIND_IST, 0);
    for (int t = 0; t < 4; t++) {
        int64_t v = (int64_t)bits(paths[t][0]);
        int k = 1;
        for (; paths[t][k] != NULL; k++) {
            v = tc_forest_parent(f, t, v);
            assert_int_equal(v, (int64_t)bits(paths[t][k]));
        }
        assert_int_equal(tc_forest_parent(f, t, v), -1);
    }
    tc_forest_free(f);
}

/* ---- JSON round trip (family, kind, per-tree roots, subtree numbers) ---------------------- */

static void test_json_round_trip(void **state)
{
    (void)state;
    tc_kind_t kinds[] = {TC_KIND_NEDST_PIVOTED, TC_KIND_SBNT_MAXL, TC_KIND_IST};
    for (size_t k = 0; k < 3; k++) {
        tc_forest_t *f = built(5, kinds[k], 13);
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        assert_non_null(mem);
        assert_int_equal(tc_report_forest_json(mem, f, true), TC_OK);
        fclose(mem);
        assert_non_null(strstr(buf, "\"family\":\"cube\""));
        if (kinds[k] == TC_KIND_SBNT_MAXL) {
            assert_non_null(strstr(buf, "\"subtree\":["));
        }
        tc_forest_t *g = NULL;
        int64_t nonedges = -1;
        assert_int_equal(tc_report_forest_read_json(buf, len, &g, &nonedges), TC_OK);
        assert_int_equal(nonedges, 0);
        assert_int_equal(tc_forest_kind(g), kinds[k]);
        assert_int_equal(tc_forest_root(g), 13);
        assert_int_equal(tc_forest_trees(g), tc_forest_trees(f));
        for (int t = 0; t < tc_forest_trees(f); t++) {
            assert_int_equal(tc_forest_tree_root(g, t), tc_forest_tree_root(f, t));
            assert_memory_equal(tc_forest_dims_const(g, t), tc_forest_dims_const(f, t), 32);
        }
        tc_forest_free(g);
        tc_forest_free(f);
        free(buf);
    }
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cube_net),
        cmocka_unit_test(test_kind_families),
        cmocka_unit_test(test_every_kind_every_size),
        cmocka_unit_test(test_hdls_equals_alg5),
        cmocka_unit_test(test_rules_against_scans),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_check_fails_on_broken),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_section53_paths),
        cmocka_unit_test(test_json_round_trip),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
