/* The streaming check (tc_check_stream) against the materialized one (tc_check_forest): every
 * field of the report equal, on S_n and Q_n and I_k^n, every kind with a rule, default and all
 * options, sampled and exhaustive, one range or several merged; and the streaming check fails
 * where the rule is broken. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check/check_internal.h"
#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/trees.h"
#include "trees/star_edt.h"
#include "trees/trees_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Field by field, naming the first that differs. */
static void assert_same(const tc_check_report_t *a, const tc_check_report_t *b, const char *what)
{
#define SAME(field)                                                                                \
    do {                                                                                           \
        if (memcmp(&a->field, &b->field, sizeof a->field) != 0) {                                  \
            fail_msg("%s: %s differs", what, #field);                                              \
        }                                                                                          \
    } while (0)
    SAME(nodes);
    SAME(ntrees);
    SAME(root);
    SAME(label);
    SAME(tree_root);
    SAME(members);
    SAME(reached);
    SAME(cyclic);
    SAME(detached);
    SAME(extra_roots);
    SAME(bad_dims);
    SAME(root_ok);
    SAME(depth);
    SAME(depth_count);
    SAME(root_children);
    SAME(root_child_dim);
    SAME(nonedges);
    SAME(shared_directed);
    SAME(shared_nodes);
    SAME(undirected_tested);
    SAME(undirected_use);
    SAME(undirected_same_way);
    SAME(indep_tested);
    SAME(indep_sampled);
    SAME(indep_seed);
    SAME(indep_nodes);
    SAME(indep_violations);
    SAME(indep_unreached);
    SAME(indep_example);
    SAME(excess_tested);
    SAME(excess);
    SAME(excess_odd);
    SAME(levels_tested);
    SAME(level_nodes);
    SAME(level_fanout);
    SAME(level_dim_edges);
    SAME(cyclic_inner);
    SAME(parents_mismatch);
    SAME(rot_tested);
    SAME(rot_checked);
    SAME(rot_violations);
#undef SAME
}

/* The materialized check of kind at root against the streaming one over `parts` ranges (cut
 * at uneven places, merged in reverse order) on `threads` threads. */
static void compare(const tc_net_t *net, tc_kind_t kind, int64_t root, const tc_check_opts_t *o,
                    int parts, int threads)
{
    char what[160], name[64];
    tc_net_name(net, name, sizeof name);
    snprintf(what, sizeof what, "%s %s root %lld sample %lld rotation %d levels %d parts %d", name,
             tc_kind_name(kind), (long long)root, (long long)o->sample, o->rotation, o->levels,
             parts);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, root, 1, &f), TC_OK);
    tc_check_report_t *a = malloc(sizeof *a), *b = calloc(1, sizeof *b), *p = malloc(sizeof *p);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(p);
    tc_check_opts_t so = *o;
    so.threads = threads;
    assert_int_equal(tc_check_forest(f, o, a), TC_OK);
    int64_t N = tc_net_nodes(net);
    for (int k = parts - 1; k >= 0; k--) {
        int64_t lo = N * k * k / (parts * parts), hi = N * (k + 1) * (k + 1) / (parts * parts);
        assert_int_equal(tc_check_stream(net, kind, root, lo, hi, &so, p), TC_OK);
        tc_check_report_merge(b, p);
    }
    assert_same(a, b, what);
    free(a);
    free(b);
    free(p);
    tc_forest_free(f);
}

/* Every kind with a rule on net, at root 0 and another root, with the defaults that check
 * chooses (tc_check_suggest), with every property, and sampled. */
static void every_kind(const tc_net_t *net, bool all)
{
    int64_t N = tc_net_nodes(net);
    int kinds = 0;
    for (int k = 1; k < TC_KIND_COUNT_; k++) {
        tc_kind_t kind = (tc_kind_t)k;
        if (!tc_kind_applies(kind, net) || !tc_check_stream_applies(net, kind)) {
            continue;
        }
        kinds++;
        tc_check_opts_t o = tc_check_defaults(), possible;
        o.threads = 1;
        tc_check_suggest_kind(net, kind, &o, &possible);
        compare(net, kind, 0, &o, 1, 2);
        compare(net, kind, N / 3 + 1, &o, 3, 1);
        if (all) {
            o.rotation = possible.rotation;
            o.levels = possible.levels;
            compare(net, kind, N - 1, &o, 4, 2);
            o.sample = N / 5 + 1;
            o.seed = 7;
            compare(net, kind, 5 % N, &o, 2, 2);
        }
    }
    assert_true(kinds > 0);
}

static tc_net_t *parse(const char *spec)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse(spec, &net), TC_OK);
    return net;
}

static void test_star(void **state)
{
    (void)state;
    for (int n = 3; n <= 7; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "star:%d", n);
        tc_net_t *net = parse(spec);
        every_kind(net, true);
        tc_net_free(net);
    }
}

static void test_cube(void **state)
{
    (void)state;
    for (int n = 2; n <= 11; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "cube:%d", n);
        tc_net_t *net = parse(spec);
        every_kind(net, n <= 9);
        tc_net_free(net);
    }
}

static void test_icube(void **state)
{
    (void)state;
    const char *specs[] = {"icube:4,1", "icube:5,2", "icube:6,1", "icube:7,3"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        tc_net_t *net = parse(specs[i]);
        every_kind(net, true);
        tc_net_free(net);
    }
}

/* The EDT rule of S_n, broken on purpose: tree 0 points both ends of the edges between
 * {3, 4} x {4, 3} at each other (2-cycles), tree 1 takes tree 0's parent where symbol 1 is last
 * (shared arcs), tree 2 leaves out the nodes starting 2, 1 (so their subtrees hang detached),
 * tree 3 names a dimension that is not one (1) where symbol 2 is last, and tree 4 marks node
 * 2, 1, 3, ... as a root. */
static int broken_edt(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    bool two_one = rel[0] == 2 && rel[1] == 1;
    bool rest = true;
    for (int m = 2; m < n; m++) {
        rest = rest && rel[m] == m + 1;
    }
    if (t == 0 && ((rel[0] == 3 && rel[1] == 4) || (rel[0] == 4 && rel[1] == 3))) {
        return 2;
    }
    if (t == 1 && rel[n - 1] == 1) {
        return tc__star_rule_edt(n, rel, pos, 0);
    }
    if (t == 2 && two_one) {
        return TC_PARENT_NONE;
    }
    if (t == 3 && rel[n - 1] == 2) {
        return 1;
    }
    if (t == 4 && two_one && rest) {
        return TC_PARENT_ROOT;
    }
    return tc__star_rule_edt(n, rel, pos, t);
}

/* The forest that a star rule makes on S_n at the identity (trees labelled 2..n). */
static tc_forest_t *forest_of_rule(const tc_net_t *net,
                                   int (*rule)(int, const uint8_t *, const uint8_t *, int))
{
    int n = tc_net_n(net), T = n - 1;
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_forest_new(net, T, 0, &f), TC_OK);
    tc_forest_set_kind(f, TC_KIND_EDT);
    for (int t = 0; t < T; t++) {
        tc_forest_set_label(f, t, t + 2);
    }
    for (int64_t v = 0; v < N; v++) {
        uint8_t rel[TC_STAR_MAX_N], pos[TC_STAR_MAX_N + 1] = {0};
        tc_star_unrank(n, v, rel);
        for (int m = 0; m < n; m++) {
            pos[rel[m]] = (uint8_t)(m + 1);
        }
        for (int t = 0; t < T; t++) {
            tc_forest_dims(f, t)[v] = (uint8_t)rule(n, rel, pos, t);
        }
    }
    return f;
}

/* S_n's EDT row with its rule replaced by rule (and no all-trees rule). */
static tc__kind_t edt_row(const tc_net_t *net,
                          int (*rule)(int, const uint8_t *, const uint8_t *, int))
{
    tc__kind_t row = *tc__kind_find(TC_KIND_EDT, net);
    row.star_rule = rule;
    row.star_rules = NULL;
    return row;
}

/* The streaming check of a broken rule says what the materialized check of the forest that rule
 * makes says: cycles, shared arcs, detached nodes, bad markers, an extra root; and the claims
 * fail. */
static void test_broken_rule(void **state)
{
    (void)state;
    tc_net_t *net = parse("star:6");
    int64_t N = tc_net_nodes(net);
    tc__kind_t row = edt_row(net, broken_edt);
    tc_forest_t *f = forest_of_rule(net, broken_edt);
    tc_check_opts_t o = tc_check_defaults();
    o.threads = 2;
    o.rotation = true;
    o.levels = false;
    tc_check_report_t *a = malloc(sizeof *a), *b = calloc(1, sizeof *b), *p = malloc(sizeof *p);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(p);
    assert_int_equal(tc_check_forest(f, &o, a), TC_OK);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(tc__check_stream_row(net, &row, TC_KIND_EDT, 0, N * k / 3, N * (k + 1) / 3,
                                              &o, TC__STREAM_AUTO, p),
                         TC_OK);
        tc_check_report_merge(b, p);
    }
    assert_same(a, b, "broken edt rule on S_6");
    assert_int_equal(tc__check_stream_row(net, &row, TC_KIND_EDT, 0, 0, N, &o, TC__STREAM_AUTO, p),
                     TC_OK);
    assert_int_equal(p->depth_by_rotation, 0); /* the premise fails: every tree walked */
    assert_same(a, p, "broken edt rule on S_6, one range");
    assert_true(b->cyclic[0] > 0);
    assert_true(b->shared_directed > 0);
    assert_true(b->detached[2] > 0 && b->members[2] < N);
    assert_true(b->bad_dims[3] > 0);
    assert_int_equal(b->extra_roots[4], 1);
    assert_true(b->indep_violations > 0 && b->rot_violations > 0);
    tc_claims_t claims;
    tc_claims_evaluate(net, TC_KIND_EDT, b, &claims);
    assert_false(claims.all_hold);
    free(a);
    free(b);
    free(p);
    tc_forest_free(f);
    tc_net_free(net);
}

/* Broken so that the rotation R still maps every node's parents as Lemma 6.2 says: where symbol
 * 1 is first (R keeps it there), tree l's parent is along the position of symbol l (R moves
 * position k to r(k) and symbol l to r(l), so R(i)'s parent in tree r(l) is along r(pos(l))). */
static int symmetric_edt(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    if (rel[0] == 1 && pos[t + 2] != t + 2) {
        return pos[t + 2];
    }
    return tc__star_rule_edt(n, rel, pos, t);
}

/* The rotation shortcut (tc_check_stream over the whole network walks one tree of each orbit):
 * taken on S_n's EDTs and equal to every tree walked and to the materialized check; taken on a
 * broken rule that keeps the symmetry, and still equal to the materialized check (the trees'
 * depths follow from the premise, not from the rule being right). */
static void test_rotation_shortcut(void **state)
{
    (void)state;
    tc_check_report_t *a = malloc(sizeof *a), *b = malloc(sizeof *b), *c = malloc(sizeof *c);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    for (int n = 4; n <= 8; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "star:%d", n);
        tc_net_t *net = parse(spec);
        int64_t N = tc_net_nodes(net), root = n == 8 ? 12345 : 0;
        tc_check_opts_t o = tc_check_defaults(), possible;
        tc_check_suggest_kind(net, TC_KIND_EDT, &o, &possible);
        o.threads = 2;
        o.levels = true;
        o.rotation = true;
        o.sample = n == 8 ? 3000 : 0;
        assert_int_equal(tc_check_stream(net, TC_KIND_EDT, root, 0, N, &o, a), TC_OK);
        assert_int_equal(a->depth_by_rotation, n - 2);
        assert_int_equal(
            tc__check_stream_row(net, NULL, TC_KIND_EDT, root, 0, N, &o, TC__STREAM_PLAIN, b),
            TC_OK);
        assert_int_equal(b->depth_by_rotation, 0);
        assert_same(a, b, spec);
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(net, TC_KIND_EDT, root, 1, &f), TC_OK);
        assert_int_equal(tc_check_forest(f, &o, c), TC_OK);
        assert_same(a, c, spec);
        tc_forest_free(f);
        tc_net_free(net);
    }
    tc_net_t *net = parse("star:7");
    int64_t N = tc_net_nodes(net);
    tc__kind_t row = edt_row(net, symmetric_edt);
    tc_forest_t *f = forest_of_rule(net, symmetric_edt);
    tc_check_opts_t o = tc_check_defaults();
    o.threads = 2;
    o.rotation = true;
    o.levels = true;
    assert_int_equal(tc_check_forest(f, &o, a), TC_OK);
    assert_int_equal(tc__check_stream_row(net, &row, TC_KIND_EDT, 0, 0, N, &o, TC__STREAM_AUTO, b),
                     TC_OK);
    assert_int_equal(b->depth_by_rotation, 5);
    assert_same(a, b, "symmetric broken edt rule on S_7");
    assert_int_equal(b->rot_violations, 0);
    assert_true(b->shared_directed > 0 || b->cyclic[0] > 0);
    tc_claims_t claims;
    tc_claims_evaluate(net, TC_KIND_EDT, b, &claims);
    assert_false(claims.all_hold);
    tc_forest_free(f);
    tc_net_free(net);
    free(a);
    free(b);
    free(c);
}

/* S_8's EDT rule broken at one node (lone_node) that the shortcut's probes do not visit: the
 * sweep finds the premise broken there, and the check is made again with every tree walked,
 * equal to the materialized check. */
static int64_t lone_node;

static int lone_edt(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    if (t == 0 && tc_star_rank(n, rel) == lone_node) {
        return tc__star_rule_edt(n, rel, pos, 1);
    }
    return tc__star_rule_edt(n, rel, pos, t);
}

static void test_rotation_fallback(void **state)
{
    (void)state;
    tc_net_t *net = parse("star:8");
    int64_t N = tc_net_nodes(net);
    assert_true(N > TC__SYM_PROBES);
    lone_node = N - 1;
    for (int64_t k = 0; k < TC__SYM_PROBES; k++) { /* a node no probe visits */
        if (tc__sym_probe_node(k, N, TC__SYM_PROBES) == lone_node) {
            lone_node--;
            k = -1;
        }
    }
    tc__kind_t row = edt_row(net, lone_edt);
    tc_forest_t *f = forest_of_rule(net, lone_edt);
    tc_check_opts_t o = tc_check_defaults();
    o.threads = 2;
    o.independence = false;
    tc_check_report_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(tc_check_forest(f, &o, a), TC_OK);
    assert_int_equal(tc__check_stream_row(net, &row, TC_KIND_EDT, 0, 0, N, &o, TC__STREAM_AUTO, b),
                     TC_OK);
    assert_int_equal(b->depth_by_rotation, 0);
    assert_same(a, b, "S_8 edt broken at one node");
    assert_int_equal(b->shared_nodes, 1);
    free(a);
    free(b);
    tc_forest_free(f);
    tc_net_free(net);
}

/* The shortcut over ranges (tc_check_stream_orbits, then merged and finished): the materialized
 * check's report once every range is in and the premise held; not finished with a range
 * missing, nor where the rule breaks the premise at one node; refused where the rotation does
 * not permute the trees. */
static void test_orbit_ranges(void **state)
{
    (void)state;
    tc_net_t *net = parse("star:8");
    int64_t N = tc_net_nodes(net), root = 12345;
    tc_check_opts_t o = tc_check_defaults(), possible;
    tc_check_suggest_kind(net, TC_KIND_EDT, &o, &possible);
    o.threads = 2;
    o.levels = true;
    o.rotation = true;
    o.sample = 5000;
    tc_check_report_t *a = malloc(sizeof *a), *b = calloc(1, sizeof *b), *p = malloc(sizeof *p),
                      *c = calloc(1, sizeof *c);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(p);
    assert_non_null(c);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, TC_KIND_EDT, root, 1, &f), TC_OK);
    assert_int_equal(tc_check_forest(f, &o, a), TC_OK);
    for (int k = 4; k >= 0; k--) {
        int64_t lo = N * k * k / 25, hi = N * (k + 1) * (k + 1) / 25;
        assert_int_equal(tc_check_stream_orbits(net, TC_KIND_EDT, root, lo, hi, &o, p), TC_OK);
        assert_int_equal(p->orbit_nodes, hi - lo);
        assert_int_equal(p->reached[1], 0); /* not walked */
        tc_check_report_merge(b, p);
        if (k > 0) {
            tc_check_report_merge(c, p);
        }
    }
    assert_int_equal(b->orbit_premise_bad, 0);
    assert_false(tc_check_report_orbits_finish(net, c)); /* the first range is missing */
    assert_true(tc_check_report_orbits_finish(net, b));
    assert_int_equal(b->depth_by_rotation, 6);
    assert_int_equal(b->orbit_nodes, 0);
    assert_same(a, b, "star:8 edt over 5 ranges, orbits");
    assert_true(tc_check_report_orbits_finish(net, b)); /* nothing waits any more */

    tc__kind_t row = edt_row(net, lone_edt);
    lone_node = 777;
    memset(b, 0, sizeof *b);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(tc__check_stream_row(net, &row, TC_KIND_EDT, 0, N * k / 3, N * (k + 1) / 3,
                                              &o, TC__STREAM_ORBITS, p),
                         TC_OK);
        tc_check_report_merge(b, p);
    }
    assert_true(b->orbit_premise_bad > 0);
    *c = *b;
    assert_false(tc_check_report_orbits_finish(net, b));
    assert_memory_equal(b, c, sizeof *b);
    tc_forest_free(f);
    tc_net_free(net);

    net = parse("cube:6");
    o = tc_check_defaults();
    assert_int_equal(tc_check_stream_orbits(net, TC_KIND_SBG, 0, 0, 64, &o, p), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "orbits"));
    assert_false(tc_check_stream_shortcut(net, TC_KIND_SBG, 0));
    tc_net_free(net);
    free(a);
    free(b);
    free(c);
    free(p);
}

/* The walks' form of the EDT rule (the misplaced positions as a mask) gives the rule's parent
 * at every node of S_3..S_9 in every tree. */
static void test_edt_rule_forms(void **state)
{
    (void)state;
    for (int n = 3; n <= 9; n++) {
        int64_t N = 1;
        for (int k = 2; k <= n; k++) {
            N *= k;
        }
        for (int64_t v = 0; v < N; v++) {
            uint8_t rel[TC_STAR_MAX_N], pos[TC_STAR_MAX_N + 1] = {0}, dims[TC_STAR_MAX_N];
            uint32_t wrong = 0;
            tc_star_unrank(n, v, rel);
            for (int m = 0; m < n; m++) {
                pos[rel[m]] = (uint8_t)(m + 1);
                wrong |= (uint32_t)(rel[m] != m + 1) << (m + 1);
            }
            tc_star_edt_parents(n, rel, dims);
            for (int t = 0; t < n - 1; t++) {
                int want = tc_star_edt_parent(n, rel, t + 2);
                if (tc__star_rule_edt_wrong(rel, pos, wrong, t) != want ||
                    tc__star_rule_edt(n, rel, pos, t) != want || dims[t] != want) {
                    fail_msg("S_%d node %lld tree %d: the forms of the rule differ", n,
                             (long long)v, t);
                }
            }
        }
    }
}

/* A report packed into numbers and unpacked is the same report; numbers that cannot be one
 * are refused. */
static void test_pack(void **state)
{
    (void)state;
    tc_net_t *net = parse("cube:6");
    tc_check_opts_t o = tc_check_defaults();
    o.levels = true;
    int64_t nv = tc_check_report_values();
    int64_t *v = malloc((size_t)nv * sizeof *v);
    tc_check_report_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(v);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(tc_check_stream(net, TC_KIND_SBG, 5, 0, 64, &o, a), TC_OK);
    tc_check_report_pack(a, v);
    assert_int_equal(tc_check_report_unpack(v, b), TC_OK);
    assert_same(a, b, "cube:6 sbg packed and unpacked");
    v[1] = TC_CHECK_MAX_TREES + 1; /* ntrees */
    assert_int_equal(tc_check_report_unpack(v, b), TC_EPARSE);
    tc_check_report_pack(a, v);
    v[nv - 6] = 2; /* rot_tested, a boolean */
    assert_int_equal(tc_check_report_unpack(v, b), TC_EPARSE);
    free(v);
    free(a);
    free(b);
    tc_net_free(net);
}

static bool stop_now(void *ctx)
{
    (*(int *)ctx)++;
    return true;
}

static void count_progress(void *ctx, int64_t done, int64_t total)
{
    (void)ctx;
    assert_true(done > 0 && done <= total);
}

/* opts->stop ends the streaming check (TC_ECANCELED) at the first poll; progress counts up to
 * the total. */
static void test_stop(void **state)
{
    (void)state;
    tc_net_t *net = parse("star:9");
    tc_check_opts_t o = tc_check_defaults();
    tc_check_report_t *r = malloc(sizeof *r);
    assert_non_null(r);
    int polls = 0;
    o.stop = stop_now;
    o.stop_ctx = &polls;
    o.threads = 2;
    assert_int_equal(tc_check_stream(net, TC_KIND_EDT, 0, 0, tc_net_nodes(net), &o, r),
                     TC_ECANCELED);
    assert_true(polls >= 1);
    o.stop = NULL;
    o.progress = count_progress;
    o.independence = false;
    assert_int_equal(tc_check_stream(net, TC_KIND_EDT, 0, 0, 200000, &o, r), TC_OK);
    assert_int_equal(r->reached[0], 200000);
    free(r);
    tc_net_free(net);
}

/* Kinds without a rule, and other networks, are refused with the reason; ranges outside too. */
static void test_refusals(void **state)
{
    (void)state;
    tc_net_t *cube = parse("cube:4"), *torus = parse("torus:2,4");
    tc_check_opts_t o = tc_check_defaults();
    tc_check_report_t *r = malloc(sizeof *r);
    assert_non_null(r);
    assert_false(tc_check_stream_applies(torus, TC_KIND_BFS));
    assert_false(tc_check_stream_applies(cube, TC_KIND_PACKING));
    assert_true(tc_check_stream_applies(cube, TC_KIND_IST));
    assert_int_equal(tc_check_stream(torus, TC_KIND_BFS, 0, 0, 16, &o, r), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "rule"));
    assert_int_equal(tc_check_stream(cube, TC_KIND_IST, 0, 3, 17, &o, r), TC_EINVAL);
    assert_int_equal(tc_check_stream(cube, TC_KIND_IST, 16, 0, 16, &o, r), TC_EINVAL);
    assert_int_equal(tc_check_stream(cube, TC_KIND_IST, 0, 5, 4, &o, r), TC_EINVAL);
    assert_int_equal(tc_check_stream(cube, TC_KIND_IST, 0, 5, 5, &o, r), TC_OK);
    assert_int_equal(r->reached[0], 0);
    free(r);
    tc_net_free(cube);
    tc_net_free(torus);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_star),
        cmocka_unit_test(test_cube),
        cmocka_unit_test(test_icube),
        cmocka_unit_test(test_broken_rule),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_rotation_shortcut),
        cmocka_unit_test(test_rotation_fallback),
        cmocka_unit_test(test_orbit_ranges),
        cmocka_unit_test(test_edt_rule_forms),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
