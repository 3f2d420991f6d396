/* Unit tests of the star-graph tree constructions (include/treecast/trees.h) against paper 000
 * (Fragopoulou & Akl), Section 3 and Lemma 6, with docs/corrections.md 000.1-000.5. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/check.h"
#include "treecast/net.h"
#include "treecast/rng.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------------------- */

static int perm_of(const char *s, uint8_t *p)
{
    int n = (int)strlen(s);
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(s[m] - '0');
    }
    return n;
}

static void identity(int n, uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(m + 1);
    }
}

static bool is_identity(int n, const uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        if (p[m] != m + 1) {
            return false;
        }
    }
    return true;
}

static int pos_of(int n, const uint8_t *p, int symbol)
{
    for (int m = 0; m < n; m++) {
        if (p[m] == symbol) {
            return m + 1;
        }
    }
    return 0;
}

static tc_net_t *star(int n)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    return net;
}

static tc_forest_t *build(const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, root, 2, &f), TC_OK);
    assert_non_null(f);
    return f;
}

static tc_check_report_t check(const tc_forest_t *f, bool rotation)
{
    tc_check_opts_t opts = tc_check_defaults();
    opts.threads = 2;
    opts.rotation = rotation;
    tc_check_report_t rep;
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_OK);
    return rep;
}

/* p_i of Definition 6 with the cyclic scan of corrections 000.1, written independently
 * of the library; 0 for nodes starting with 1. */
static int p_cyclic(int n, const uint8_t *i)
{
    int k = pos_of(n, i, 1);
    if (k == 1) {
        return 0;
    }
    if (i[0] != k) {
        return i[0];
    }
    for (int m = k + 1;; m++) {
        if (m > n) {
            m = 2;
        }
        if (i[m - 1] != m) {
            return m;
        }
    }
}

/* Definition 8 written from the paper as nodes ("x i2...in" is the neighbour holding x in front),
 * returned as the dimension. prose = true reads case 3's "otherwise" as "1 i2...in" (the prose)
 * instead of equation (10) "l i2...in" (corrections 000.2). */
static int edt_by_paper(int n, const uint8_t *i, int l, bool prose)
{
    int k = pos_of(n, i, 1);
    if (k == 1) {
        return is_identity(n, i) ? TC_PARENT_ROOT : l; /* (11): i_l i2 ... 1 ... in */
    }
    int p = p_cyclic(n, i);
    int ip = i[p - 1];
    int front_l = pos_of(n, i, l); /* l i2...in */
    int front_1 = k;               /* 1 i2...in */
    if (ip == k && i[0] != k) {    /* case 1 */
        return l == k ? p : l == i[0] ? front_1 : front_l;
    }
    if (i[0] == k) { /* case 2 */
        return l == k ? p : l == ip ? front_1 : front_l;
    }
    /* case 3 */
    if (l == k) {
        return p;
    }
    if (l == i[0]) {
        return front_1;
    }
    if (l == ip) {
        return pos_of(n, i, k); /* k i2...in */
    }
    return prose ? front_1 : front_l;
}

/* ---- kinds --------------------------------------------------------------------------------- */

static void test_kinds(void **state)
{
    (void)state;
    static const struct {
        tc_kind_t kind;
        const char *name;
    } kinds[] = {
        {TC_KIND_BFS, "bfs"}, {TC_KIND_SPT, "spt"}, {TC_KIND_SPG, "spg"}, {TC_KIND_EDT, "edt"}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        tc_kind_t got = TC_KIND_CUSTOM;
        assert_string_equal(tc_kind_name(kinds[k].kind), kinds[k].name);
        assert_int_equal(tc_kind_parse(kinds[k].name, &got), TC_OK);
        assert_int_equal(got, kinds[k].kind);
    }
    tc_kind_t got;
    assert_string_equal(tc_kind_name(TC_KIND_CUSTOM), "custom");
    assert_int_equal(tc_kind_parse("custom", &got), TC_EINVAL);
    assert_int_equal(tc_kind_parse("EDT", &got), TC_EINVAL);
    assert_int_equal(tc_kind_parse("", &got), TC_EINVAL);
    assert_int_equal(tc_kind_parse(NULL, &got), TC_EINVAL);

    tc_net_t *net = star(6);
    assert_int_equal(tc_trees_count(net, TC_KIND_EDT), 5);
    assert_int_equal(tc_trees_count(net, TC_KIND_SPG), 5);
    assert_int_equal(tc_trees_count(net, TC_KIND_SPT), 1);
    assert_int_equal(tc_trees_count(net, TC_KIND_BFS), 1);
    assert_int_equal(tc_trees_count(net, TC_KIND_CUSTOM), 0);
    for (int t = 0; t < 5; t++) {
        assert_int_equal(tc_trees_label(net, TC_KIND_EDT, t), t + 2);
        assert_int_equal(tc_trees_label(net, TC_KIND_SPG, t), t + 2);
    }
    assert_int_equal(tc_trees_label(net, TC_KIND_SPT, 0), 0);
    assert_int_equal(tc_trees_label(net, TC_KIND_BFS, 0), 0);
    tc_net_free(net);
}

/* ---- the paper's examples -------------------------------------------------------------------- */

/* In S_n, node `node` reaches its parent `parent` in subtree T_l of EDT_{I_n}. */
static void expect_edt_parent(const char *node, int l, const char *parent)
{
    uint8_t i[TC_STAR_MAX_N], want[TC_STAR_MAX_N], dims[TC_STAR_MAX_N];
    int n = perm_of(node, i);
    perm_of(parent, want);
    int d = tc_star_edt_parent(n, i, l);
    assert_true(d >= 2 && d <= n);
    /* the parent is the node with the first symbol and position d swapped */
    tc_star_move(i, d);
    if (memcmp(i, want, (size_t)n) != 0) {
        print_error("%s in T_%d: dimension %d, want parent %s\n", node, l, d, parent);
    }
    assert_memory_equal(i, want, (size_t)n);
    tc_star_move(i, d);
    tc_star_edt_parents(n, i, dims);
    assert_int_equal(dims[l - 2], d);
}

static void test_edt_paper_examples(void **state)
{
    (void)state;
    /* Definition 8, case 1: 3124 joins T_3 through 1324 and T_4 through 4123. */
    expect_edt_parent("3124", 3, "1324");
    expect_edt_parent("3124", 4, "4123");
    expect_edt_parent("3124", 2, "2134"); /* equation (1): i_{p_i} i2...in, p_i = 3 */
    /* case 2: 2143 joins T_4 through 1243 and T_3 through 3142. */
    expect_edt_parent("2143", 4, "1243");
    expect_edt_parent("2143", 3, "3142");
    expect_edt_parent("2143", 2, "4123"); /* equation (4), p_i = 3 */
    /* case 3: 4123 joins T_4 through 1423 and T_3 through 2143. */
    expect_edt_parent("4123", 4, "1423");
    expect_edt_parent("4123", 3, "2143");
    expect_edt_parent("4123", 2, "3124"); /* equation (7), p_i = i_1 = 4 */
    /* case 4, equation (11): a node starting with 1 joins T_l along dimension l */
    expect_edt_parent("1324", 2, "3124");
    expect_edt_parent("1324", 3, "2314");
    expect_edt_parent("1324", 4, "4321");
    /* the root */
    uint8_t id[TC_STAR_MAX_N];
    identity(4, id);
    for (int l = 2; l <= 4; l++) {
        assert_int_equal(tc_star_edt_parent(4, id, l), TC_PARENT_ROOT);
    }
}

static void test_p_examples(void **state)
{
    (void)state;
    static const struct {
        const char *node;
        int p;
    } cases[] = {
        {"3124", 3},  /* k = 2, i_1 = 3 != k: p = i_1 */
        {"2143", 3},  /* i_1 = k = 2: first misplaced after position 2 is position 3 */
        {"4123", 4},  /* p = i_1 */
        {"34125", 4}, /* cyclic scan from k+1 = 4; a plain scan 2..n would give 2 */
        {"43215", 2}, /* k = 4: position 5 is in place, the scan wraps to 2 */
        {"32154", 4}, /* k = 3 */
        {"52341", 5}, /* a neighbour of I_5: the scan returns k itself */
        {"12345", 0}, {"13254", 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint8_t i[TC_STAR_MAX_N];
        int n = perm_of(cases[c].node, i);
        assert_int_equal(tc_star_p(n, i), cases[c].p);
    }
    /* corrections 000.1: for every neighbour of the identity p_i = k */
    for (int n = 2; n <= 12; n++) {
        for (int k = 2; k <= n; k++) {
            uint8_t i[TC_STAR_MAX_N];
            identity(n, i);
            tc_star_move(i, k);
            assert_int_equal(tc_star_p(n, i), k);
        }
    }
    /* and everywhere it equals the test's own cyclic scan */
    for (int n = 3; n <= 7; n++) {
        uint8_t i[TC_STAR_MAX_N];
        identity(n, i);
        do {
            assert_int_equal(tc_star_p(n, i), p_cyclic(n, i));
        } while (tc_star_next(n, i));
    }
}

/* ---- per-node rules ------------------------------------------------------------------------- */

static void test_spt_rule_shortest(void **state)
{
    (void)state;
    for (int n = 3; n <= 7; n++) {
        uint8_t i[TC_STAR_MAX_N], j[TC_STAR_MAX_N];
        identity(n, i);
        do {
            int d = tc_star_spt_parent(n, i);
            if (i[0] == 1) {
                assert_int_equal(d, is_identity(n, i) ? TC_PARENT_ROOT : TC_PARENT_NONE);
                continue;
            }
            assert_true(d >= 2 && d <= n);
            assert_int_equal(d, tc_star_p(n, i));
            memcpy(j, i, (size_t)n);
            tc_star_move(j, d);
            /* Lemma 4.2: one closer to I_n */
            assert_int_equal(tc_star_distance_identity(n, j), tc_star_distance_identity(n, i) - 1);
            /* Lemma 4.1: the parent stays in S^k_{n-1} unless it is I_n */
            if (!is_identity(n, j)) {
                assert_int_equal(pos_of(n, j, 1), pos_of(n, i, 1));
            }
        } while (tc_star_next(n, i));
    }
}

static void test_bfs_rule_shortest(void **state)
{
    (void)state;
    for (int n = 2; n <= 7; n++) {
        uint8_t i[TC_STAR_MAX_N], j[TC_STAR_MAX_N];
        identity(n, i);
        do {
            int d = tc_star_bfs_parent(n, i);
            if (is_identity(n, i)) {
                assert_int_equal(d, TC_PARENT_ROOT);
                continue;
            }
            assert_true(d >= 2 && d <= n);
            memcpy(j, i, (size_t)n);
            tc_star_move(j, d);
            assert_int_equal(tc_star_distance_identity(n, j), tc_star_distance_identity(n, i) - 1);
        } while (tc_star_next(n, i));
    }
}

static void test_spg_rule(void **state)
{
    (void)state;
    for (int n = 3; n <= 7; n++) {
        uint8_t i[TC_STAR_MAX_N];
        identity(n, i);
        do {
            int k = pos_of(n, i, 1);
            for (int l = 2; l <= n; l++) {
                int d = tc_star_spg_parent(n, i, l);
                if (is_identity(n, i)) {
                    assert_int_equal(d, TC_PARENT_ROOT);
                } else if (k == 1) {
                    assert_int_equal(d, l); /* i_l i2...1...in */
                } else if (k == l) {
                    assert_int_equal(d, tc_star_spt_parent(n, i));
                } else {
                    assert_int_equal(d, TC_PARENT_NONE);
                }
            }
        } while (tc_star_next(n, i));
    }
}

static void test_edt_rule_matches_definition8(void **state)
{
    (void)state;
    for (int n = 3; n <= 7; n++) {
        uint8_t i[TC_STAR_MAX_N], dims[TC_STAR_MAX_N];
        identity(n, i);
        do {
            tc_star_edt_parents(n, i, dims);
            uint32_t used = 0;
            for (int l = 2; l <= n; l++) {
                int d = tc_star_edt_parent(n, i, l);
                assert_int_equal(d, dims[l - 2]);
                assert_int_equal(d, edt_by_paper(n, i, l, false));
                if (!is_identity(n, i)) {
                    assert_true(d >= 2 && d <= n);
                    used |= 1u << d;
                }
            }
            /* Lemma 6.1: each node reaches the n-1 subtrees through n-1 different edges */
            if (!is_identity(n, i)) {
                assert_int_equal(__builtin_popcount(used), n - 1);
            }
        } while (tc_star_next(n, i));
    }
}

/* corrections 000.2: the prose of case 3 ("1 i2...in") makes the trees share 48
 * directed edges in S_5; equation (10) as printed shares none. */
static void test_edt_equation10_not_prose(void **state)
{
    (void)state;
    const int n = 5;
    tc_net_t *net = star(n);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *prose = NULL;
    assert_int_equal(tc_forest_new(net, n - 1, 0, &prose), TC_OK);
    for (int t = 0; t < n - 1; t++) {
        tc_forest_set_label(prose, t, t + 2);
        uint8_t *dims = tc_forest_dims(prose, t);
        uint8_t i[TC_STAR_MAX_N];
        for (int64_t v = 0; v < N; v++) {
            tc_star_unrank(n, v, i);
            dims[v] = (uint8_t)edt_by_paper(n, i, t + 2, true);
        }
    }
    tc_check_report_t rep = check(prose, false);
    assert_int_equal(rep.shared_directed, 48);
    tc_forest_free(prose);

    tc_forest_t *edt = build(net, TC_KIND_EDT, 0);
    rep = check(edt, false);
    assert_int_equal(rep.shared_directed, 0);
    tc_forest_free(edt);
    tc_net_free(net);
}

/* Lemma 6.2 on the rules: parent_{r(l)}(R(i)) = R(parent_l(i)) for every node of S_5. */
static void test_lemma62_rotation_rule(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        uint8_t i[TC_STAR_MAX_N], ri[TC_STAR_MAX_N], j[TC_STAR_MAX_N], rj[TC_STAR_MAX_N];
        uint8_t want[TC_STAR_MAX_N];
        int64_t compared = 0;
        identity(n, i);
        do {
            tc_star_rotate(n, i, 1, ri);
            for (int l = 2; l <= n; l++) {
                int d = tc_star_edt_parent(n, i, l);
                int d2 = tc_star_edt_parent(n, ri, tc_star_r(n, l));
                if (d == TC_PARENT_ROOT) {
                    assert_int_equal(d2, TC_PARENT_ROOT);
                    continue;
                }
                memcpy(j, i, (size_t)n);
                tc_star_move(j, d);
                tc_star_rotate(n, j, 1, want); /* R(parent_l(i)) */
                memcpy(rj, ri, (size_t)n);
                tc_star_move(rj, d2); /* parent_{r(l)}(R(i)) */
                assert_memory_equal(rj, want, (size_t)n);
                assert_int_equal(d2, tc_star_r(n, d));
                compared++;
            }
        } while (tc_star_next(n, i));
        assert_int_equal(compared, (tc_star_factorial(n) - 1) * (n - 1));
    }
}

/* ---- built forests ----------------------------------------------------------------------------
 */

static void check_edt_forest(const tc_net_t *net, int64_t root)
{
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    int64_t E = tc_net_edges(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, root);
    assert_int_equal(tc_forest_trees(f), n - 1);
    assert_int_equal(tc_forest_root(f), root);
    assert_int_equal(tc_forest_kind(f), TC_KIND_EDT);
    tc_check_report_t rep = check(f, true);
    assert_int_equal(rep.nodes, N);
    assert_int_equal(rep.ntrees, n - 1);
    int depth = 3 * (n - 2) / 2 + 4; /* corrections 000.5 */
    for (int t = 0; t < n - 1; t++) {
        assert_int_equal(rep.label[t], t + 2);
        assert_int_equal(tc_forest_label(f, t), t + 2);
        assert_int_equal(rep.members[t], N);
        assert_int_equal(rep.reached[t], N);
        assert_int_equal(rep.cyclic[t], 0);
        assert_int_equal(rep.detached[t], 0);
        assert_int_equal(rep.extra_roots[t], 0);
        assert_int_equal(rep.bad_dims[t], 0);
        assert_true(rep.root_ok[t]);
        assert_int_equal(rep.depth[t], depth);
        /* tree l hangs from the root's neighbour along l alone */
        assert_int_equal(rep.root_children[t], 1);
        assert_int_equal(rep.root_child_dim[t], t + 2);
    }
    assert_int_equal(rep.shared_directed, 0);
    assert_int_equal(rep.shared_nodes, 0);
    assert_true(rep.undirected_tested);
    assert_int_equal(rep.undirected_use[2], E - (n - 1));
    assert_int_equal(rep.undirected_use[1], n - 1);
    assert_int_equal(rep.undirected_use[0], 0);
    assert_true(rep.indep_tested);
    assert_false(rep.indep_sampled);
    assert_int_equal(rep.indep_nodes, N);
    assert_int_equal(rep.indep_violations, 0);
    assert_int_equal(rep.indep_unreached, 0);
    assert_int_equal(rep.indep_example, -1);
    assert_true(rep.rot_tested);
    assert_int_equal(rep.rot_checked, N * (n - 1));
    assert_int_equal(rep.rot_violations, 0);
    assert_true(rep.excess_tested);
    assert_int_equal(rep.excess_odd, 0);
    int64_t total = 0;
    for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
        if (b != 0 && b != 2 && b != 4) {
            assert_int_equal(rep.excess[b], 0);
        }
        total += rep.excess[b];
    }
    assert_int_equal(total, N * (n - 1));
    tc_claims_t claims;
    tc_claims_evaluate(net, TC_KIND_EDT, &rep, &claims);
    for (int c = 0; c < claims.count; c++) {
        if (claims.rows[c].verdict == TC_VERDICT_FAILS) {
            print_error("S_%d root %lld: claim %s fails: %s\n", n, (long long)root,
                        claims.rows[c].key, claims.rows[c].measured);
        }
    }
    assert_true(claims.all_hold);
    tc_forest_free(f);
}

static void test_edt_properties(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 8, 0);
    for (int n = 3; n <= 8; n++) {
        tc_net_t *net = star(n);
        check_edt_forest(net, 0);
        int roots = n <= 7 ? 20 : 3;
        for (int k = 0; k < roots; k++) {
            check_edt_forest(net, (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(net)));
        }
        tc_net_free(net);
    }
}

static void test_spt_spg_bfs_coverage(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 9, 0);
    for (int n = 3; n <= 7; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        int64_t sub = tc_star_factorial(n - 1);
        for (int k = 0; k < 3; k++) {
            int64_t root = k == 0 ? 0 : (int64_t)tc_rng_below(&rng, (uint64_t)N);
            tc_claims_t claims;

            tc_forest_t *spt = build(net, TC_KIND_SPT, root);
            tc_check_report_t rep = check(spt, false);
            assert_int_equal(rep.reached[0], N - sub + 1); /* Lemma 4.1 */
            assert_int_equal(rep.members[0], N - sub + 1);
            assert_int_equal(rep.depth[0], 3 * (n - 2) / 2 + 1);
            for (int b = 1; b < TC_CHECK_EXCESS_BINS; b++) {
                assert_int_equal(rep.excess[b], 0); /* Lemma 4.2: shortest paths */
            }
            tc_claims_evaluate(net, TC_KIND_SPT, &rep, &claims);
            assert_true(claims.all_hold);
            tc_forest_free(spt);

            tc_forest_t *spg = build(net, TC_KIND_SPG, root);
            rep = check(spg, false);
            for (int t = 0; t < n - 1; t++) {
                assert_int_equal(rep.reached[t], 2 * sub); /* Lemma 5.1 */
                assert_int_equal(rep.members[t], 2 * sub);
                assert_int_equal(rep.depth[t], 3 * (n - 2) / 2 + 2);
            }
            tc_claims_evaluate(net, TC_KIND_SPG, &rep, &claims);
            assert_true(claims.all_hold);
            tc_forest_free(spg);

            tc_forest_t *bfs = build(net, TC_KIND_BFS, root);
            rep = check(bfs, false);
            assert_int_equal(rep.reached[0], N);
            assert_int_equal(rep.depth[0], 3 * (n - 1) / 2);
            assert_int_equal(rep.excess[0], N);
            tc_claims_evaluate(net, TC_KIND_BFS, &rep, &claims);
            assert_true(claims.all_hold);
            tc_forest_free(bfs);
        }
        tc_net_free(net);
    }
}

static void test_parent_dim_agrees_with_forest(void **state)
{
    (void)state;
    const tc_kind_t kinds[] = {TC_KIND_EDT, TC_KIND_SPG, TC_KIND_SPT, TC_KIND_BFS};
    tc_rng_t rng;
    tc_rng_seed(&rng, 10, 0);
    for (int n = 4; n <= 7; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            for (int r = 0; r < 3; r++) {
                int64_t root = r == 0 ? 0 : (int64_t)tc_rng_below(&rng, (uint64_t)N);
                tc_forest_t *f = build(net, kinds[k], root);
                int T = tc_forest_trees(f);
                uint8_t h[TC_STAR_MAX_N], hinv[TC_STAR_MAX_N];
                tc_star_unrank(n, root, h);
                tc_star_inverse(n, h, hinv);
                for (int s = 0; s < 300; s++) {
                    int64_t v = (int64_t)tc_rng_below(&rng, (uint64_t)N);
                    int t = (int)tc_rng_below(&rng, (uint64_t)T);
                    int dim = -1;
                    assert_int_equal(tc_trees_parent_dim(net, kinds[k], root, t, v, &dim), TC_OK);
                    assert_int_equal(dim, tc_forest_dims_const(f, t)[v]);
                    if (kinds[k] == TC_KIND_EDT) {
                        /* corrections 000.4: EDT_h is EDT_{I_n} translated by h */
                        uint8_t i[TC_STAR_MAX_N], j[TC_STAR_MAX_N];
                        tc_star_unrank(n, v, i);
                        tc_star_compose(n, hinv, i, j);
                        assert_int_equal(dim, tc_star_edt_parent(n, j, t + 2));
                    }
                    /* tc_forest_parent follows the dimension */
                    int64_t par = tc_forest_parent(f, t, v);
                    if (dim == TC_PARENT_ROOT) {
                        assert_int_equal(par, -1);
                        assert_int_equal(v, root);
                    } else if (dim == TC_PARENT_NONE) {
                        assert_int_equal(par, -2);
                    } else {
                        assert_int_equal(par, tc_net_neighbor(net, v, dim));
                    }
                }
                tc_forest_free(f);
            }
        }
        int dim;
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_EDT, 0, n - 1, 0, &dim), TC_EINVAL);
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_EDT, 0, -1, 0, &dim), TC_EINVAL);
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_SPT, 0, 1, 0, &dim), TC_EINVAL);
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_EDT, 0, 0, N, &dim), TC_EINVAL);
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_EDT, N, 0, 0, &dim), TC_EINVAL);
        assert_int_equal(tc_trees_parent_dim(net, TC_KIND_CUSTOM, 0, 0, 0, &dim), TC_EINVAL);
        tc_net_free(net);
    }
}

/* Children derived from parents, in the l-th ordering l+1, ..., n, 2, ..., l. */
static void check_children(const tc_forest_t *f)
{
    const tc_net_t *net = tc_forest_net(f);
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    for (int t = 0; t < tc_forest_trees(f); t++) {
        int l = tc_forest_label(f, t);
        int64_t total = 0, members = 0;
        for (int64_t v = 0; v < N; v++) {
            int64_t kids[TC_STAR_MAX_N];
            int count = tc_forest_children(f, t, v, kids);
            assert_true(count >= 0 && count <= n - 1);
            int last_rank = -1;
            for (int c = 0; c < count; c++) {
                assert_int_equal(tc_forest_parent(f, t, kids[c]), v);
                int d = tc_net_edge_dim(net, v, kids[c]);
                /* rank of d in the ordering: l+1 first, l last (2, 3, ..., n for l = 0) */
                int rank = (l >= 2) ? (d - l - 1 + (n - 1)) % (n - 1) : d - 2;
                assert_true(rank > last_rank);
                last_rank = rank;
            }
            /* every neighbour whose parent is v is listed */
            int expect = 0;
            for (int d = 2; d <= n; d++) {
                expect += tc_forest_parent(f, t, tc_net_neighbor(net, v, d)) == v;
            }
            assert_int_equal(count, expect);
            total += count;
            members += tc_forest_dims_const(f, t)[v] != TC_PARENT_NONE;
        }
        assert_int_equal(total, members - 1); /* a tree on `members` nodes */
    }
}

static void test_forest_children(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 12, 0);
    for (int n = 4; n <= 5; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        int64_t roots[] = {0, (int64_t)tc_rng_below(&rng, (uint64_t)N)};
        for (int r = 0; r < 2; r++) {
            tc_forest_t *f = build(net, TC_KIND_EDT, roots[r]);
            check_children(f);
            tc_forest_free(f);
            f = build(net, TC_KIND_SPT, roots[r]);
            check_children(f);
            tc_forest_free(f);
        }
        tc_net_free(net);
    }
    /* a concrete ordering: in T_3 of EDT_{I_4}, read the children of the root child 3214 */
    tc_net_t *net = star(4);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    int64_t kids[TC_STAR_MAX_N];
    int count = tc_forest_children(f, 1, 0, kids);
    assert_int_equal(count, 1);
    char lab[TC_LABEL_MAX];
    tc_net_label(net, kids[0], false, lab, sizeof lab);
    assert_string_equal(lab, "3214");
    tc_forest_free(f);
    tc_net_free(net);
}

/* The trees' arrays are one block, tree after tree, and tc_forest_parents gives every node's
 * parent as tc_forest_parent does (S_5's EDTs, Q_4's nEDSTs, a graph's BFS tree). From 64 KiB a
 * tree starts on a page. */
static void test_forest_block_and_parents(void **state)
{
    (void)state;
    tc_net_t *big = NULL;
    assert_int_equal(tc_net_parse("star:9", &big), TC_OK); /* 362,880 nodes */
    tc_forest_t *g = NULL;
    assert_int_equal(tc_forest_new(big, 3, 0, &g), TC_OK);
    assert_int_equal(tc_forest_stride(g), 364544); /* 89 pages */
    assert_int_equal((uintptr_t)(tc_forest_dims(g, 2) - tc_forest_dims(g, 0)), 2 * 364544);
    assert_int_equal(tc_forest_dims(g, 2)[362879], TC_PARENT_NONE); /* cleared */
    tc_forest_free(g);
    tc_net_free(big);
    const char *specs[] = {"star:5", "cube:4", "bubble:4"};
    const tc_kind_t kinds[] = {TC_KIND_EDT, TC_KIND_NEDST, TC_KIND_BFS};
    for (int s = 0; s < 3; s++) {
        tc_net_t *net = NULL;
        assert_int_equal(tc_net_parse(specs[s], &net), TC_OK);
        tc_forest_t *f = build(net, kinds[s], 1);
        int64_t N = tc_net_nodes(net);
        int64_t *ids = malloc((size_t)N * sizeof *ids);
        assert_non_null(ids);
        for (int t = 0; t < tc_forest_trees(f); t++) {
            assert_ptr_equal(tc_forest_dims(f, t), tc_forest_dims(f, 0) + t * tc_forest_stride(f));
            assert_int_equal(tc_forest_stride(f), N); /* small: packed */
            tc_forest_parents(f, t, 0, N, ids);
            for (int64_t v = 0; v < N; v++) {
                assert_int_equal(ids[v], tc_forest_parent(f, t, v));
            }
            tc_forest_parents(f, t, 3, 2, ids); /* a range */
            assert_int_equal(ids[1], tc_forest_parent(f, t, 4));
        }
        free(ids);
        tc_forest_free(f);
        tc_net_free(net);
    }
}

static void test_forest_errors(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_forest_new(net, 0, 0, &f), TC_EINVAL);
    assert_null(f);
    assert_int_equal(tc_forest_new(net, 65, 0, &f), TC_EINVAL);
    assert_int_equal(tc_forest_new(net, 1, 120, &f), TC_EINVAL);
    assert_int_equal(tc_forest_new(net, 1, -1, &f), TC_EINVAL);
    assert_int_equal(tc_trees_build(net, TC_KIND_EDT, 120, 1, &f), TC_EINVAL);
    assert_int_equal(tc_trees_build(net, TC_KIND_CUSTOM, 0, 1, &f), TC_EINVAL);
    assert_null(f);
    /* a new forest is empty */
    assert_int_equal(tc_forest_new(net, 3, 7, &f), TC_OK);
    assert_int_equal(tc_forest_kind(f), TC_KIND_CUSTOM);
    for (int t = 0; t < 3; t++) {
        for (int64_t v = 0; v < 120; v++) {
            assert_int_equal(tc_forest_dims_const(f, t)[v], TC_PARENT_NONE);
        }
    }
    tc_forest_free(f);
    tc_forest_free(NULL);
    tc_net_free(net);
    net = star(13);
    assert_int_equal(tc_forest_new(net, 1, 0, &f), TC_ETOOBIG);
    assert_int_equal(tc_trees_build(net, TC_KIND_BFS, 0, 1, &f), TC_ETOOBIG);
    assert_null(f);
    tc_net_free(net);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kinds),
        cmocka_unit_test(test_edt_paper_examples),
        cmocka_unit_test(test_p_examples),
        cmocka_unit_test(test_spt_rule_shortest),
        cmocka_unit_test(test_bfs_rule_shortest),
        cmocka_unit_test(test_spg_rule),
        cmocka_unit_test(test_edt_rule_matches_definition8),
        cmocka_unit_test(test_edt_equation10_not_prose),
        cmocka_unit_test(test_lemma62_rotation_rule),
        cmocka_unit_test(test_edt_properties),
        cmocka_unit_test(test_spt_spg_bfs_coverage),
        cmocka_unit_test(test_parent_dim_agrees_with_forest),
        cmocka_unit_test(test_forest_children),
        cmocka_unit_test(test_forest_errors),
        cmocka_unit_test(test_forest_block_and_parents),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
