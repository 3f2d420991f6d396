/* Construction kinds: one descriptor row per kind and family (trees_internal.h), and the
 * functions of treecast/trees.h that read the table. Adding a kind is its rule in the family's
 * rule file and one row here; lists and messages are generated from the table. */
#include "core/internal.h"
#include "treecast/hamilton.h"
#include "treecast/trees.h"
#include "trees/packing.h"
#include "trees/trees_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- counts ------------------------------------------------------------------------------- */

static int one(const tc_net_t *net)
{
    (void)net;
    return 1;
}

static int n_minus_1(const tc_net_t *net)
{
    return tc_net_n(net) - 1;
}

static int n_trees(const tc_net_t *net)
{
    return tc_net_n(net);
}

static int k_plus_1(const tc_net_t *net)
{
    return tc_net_k(net) + 1;
}

static int edhp_count(const tc_net_t *net)
{
    return tc_icube_edhc_directed_count(tc_net_n(net), tc_net_k(net));
}

/* ---- kinds built as a whole ------------------------------------------------------------------ */

/* Theorem 4's paths: the undirected EDHCs of I_k^n (constructed with seed 1), each walked both
 * ways from the root (hamilton.c builds the forest). */
static tc_err_t edhp_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out)
{
    (void)threads;
    if (tc_net_k(net) == 0) {
        return tc__fail(TC_EINVAL,
                        "I_0^%d has no Hamiltonian path from every root (its back node is a "
                        "leaf); Theorem 4 gives edhp paths for k >= 1.",
                        tc_net_n(net));
    }
    if (tc_net_nodes(net) - 1 > TC_EDHP_MAX_DEPTH) {
        return tc__fail(TC_ETOOBIG,
                        "The Hamiltonian paths of icube:%d,%d have %lld links; the check and the "
                        "round engine follow at most %d (n <= 7).",
                        tc_net_n(net), tc_net_k(net), (long long)tc_net_nodes(net) - 1,
                        TC_EDHP_MAX_DEPTH);
    }
    tc_edhc_t h;
    tc_err_t err = tc_icube_edhc(net, 1, &h);
    if (err == TC_OK) {
        err = tc_edhc_forest(net, &h, root, out);
    }
    tc_edhc_destroy(&h);
    if (err == TC_OK) {
        tc_forest_set_kind(*out, TC_KIND_EDHP);
    }
    return err;
}

/* ---- the table ---------------------------------------------------------------------------- */

#define STAR_ROW(k, nm, src, wh, cnt, off, rule)                                                   \
    {                                                                                              \
        .kind = (k), .name = (nm), .family = "star", .source = (src), .what = (wh),                \
        .count = (cnt), .label_offset = (off), .parent = tc__star_parent, .fill = tc__star_fill,   \
        .star_rule = (rule), .after_label = true, .sbnt_variant = -1                               \
    }
#define CUBE_ROW(k, nm, src, wh, cnt, rule, rules)                                                 \
    {                                                                                              \
        .kind = (k), .name = (nm), .family = "cube", .source = (src), .what = (wh),                \
        .count = (cnt), .parent = tc__addr_parent, .fill = tc__addr_fill, .addr_rule = (rule),     \
        .addr_rules = (rules), .sbnt_variant = -1                                                  \
    }

static const tc__kind_t KINDS[] = {
    /* the star graph S_n (paper 000, Section 3; rules at I_n carried to any root) */
    {.kind = TC_KIND_EDT,
     .name = "edt",
     .family = "star",
     .source = "000 Def. 8",
     .what = "EDT_h, the n-1 edge-disjoint spanning trees",
     .count = n_minus_1,
     .label_offset = 2,
     .parent = tc__star_parent,
     .fill = tc__star_fill,
     .star_rule = tc__star_rule_edt,
     .star_rules = tc__star_rules_edt,
     .after_label = true,
     .sbnt_variant = -1,
     .summary = true,
     .primary = true},
    STAR_ROW(TC_KIND_SPG, "spg", "000 Def. 7",
             "SPG_h, the shortest path graph as n-1 partial trees", n_minus_1, 2,
             tc__star_rule_spg),
    STAR_ROW(TC_KIND_SPT, "spt", "000 Def. 6", "SPT_h, the shortest path tree of the substars", one,
             0, tc__star_rule_spt),
    STAR_ROW(TC_KIND_BFS, "bfs", "000 Sec. 4.1", "a breadth-first spanning tree (the baseline)",
             one, 0, tc__star_rule_bfs),
    /* the hypercube Q_n (papers 002, 003, 004; rules on the relative address) */
    CUBE_ROW(TC_KIND_BINOMIAL, "binomial", "002 Sec. 1", "the spanning binomial tree", one,
             tc__cube_rule_binomial, NULL),
    {.kind = TC_KIND_SBNT_MINR,
     .name = "sbnt-minr",
     .family = "cube",
     .source = "002 Sec. 3",
     .what = "the spanning balanced n-tree",
     .count = one,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_sbnt_minr,
     .sbnt_variant = TC_SBNT_MINR},
    {.kind = TC_KIND_SBNT_MAXL,
     .name = "sbnt-maxl",
     .family = "cube",
     .source = "002 Sec. 4",
     .what = "its variant maxL",
     .count = one,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_sbnt_maxl,
     .sbnt_variant = TC_SBNT_MAXL},
    {.kind = TC_KIND_SBNT_MINBL,
     .name = "sbnt-minbl",
     .family = "cube",
     .source = "002 Sec. 4",
     .what = "its variant minBL",
     .count = one,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_sbnt_minbl,
     .sbnt_variant = TC_SBNT_MINBL},
    {.kind = TC_KIND_SBNT_MAXBR,
     .name = "sbnt-maxbr",
     .family = "cube",
     .source = "002 Sec. 4",
     .what = "its variant maxBR",
     .count = one,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_sbnt_maxbr,
     .sbnt_variant = TC_SBNT_MAXBR},
    {.kind = TC_KIND_SBG,
     .name = "sbg",
     .family = "cube",
     .source = "002 Sec. 3 (SBG)",
     .what = "the balanced graph as its n rotated SBnTs",
     .count = n_trees,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_sbg,
     .addr_rules = tc__cube_rules_sbg,
     .sbnt_variant = -1},
    {.kind = TC_KIND_NEDST,
     .name = "nedst",
     .family = "cube",
     .source = "003 Sec. II-C",
     .what = "Johnsson-Ho n directed edge-disjoint trees",
     .count = n_trees,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_nedst,
     .addr_rules = tc__cube_rules_nedst,
     .sbnt_variant = -1,
     .primary = true},
    {.kind = TC_KIND_NEDST_PIVOTED,
     .name = "nedst-pivoted",
     .family = "cube",
     .source = "003 Sec. III-A",
     .what = "the same, tree j rooted at the pivot r XOR 2^j",
     .count = n_trees,
     .parent = tc__addr_parent,
     .tree_root = tc__cube_pivot_root,
     .fill = tc__addr_fill,
     .addr_rule = tc__cube_rule_nedst_pivoted,
     .addr_rules = tc__cube_rules_nedst_pivoted,
     .sbnt_variant = -1},
    CUBE_ROW(TC_KIND_IST, "ist", "004 Alg. 5", "n independent spanning trees, Algorithm 5", n_trees,
             tc__cube_rule_ist, tc__cube_rules_ist),
    CUBE_ROW(TC_KIND_IST_HDLS, "ist-hdls", "004 Alg. 4",
             "the same by the Latin square, Algorithm 4", n_trees, tc__cube_rule_ist_hdls,
             tc__cube_rules_ist_hdls),
    /* the incomplete hypercube I_k^n (paper 003) */
    {.kind = TC_KIND_BINOMIAL,
     .name = "binomial",
     .family = "icube",
     .source = "003 Sec. II-B",
     .what = "the binomial spanning tree (e-cube routing)",
     .count = one,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__icube_rule_binomial,
     .sbnt_variant = -1},
    {.kind = TC_KIND_EDST,
     .name = "edst",
     .family = "icube",
     .source = "003 Sec. III",
     .what = "the K+1 edge-disjoint spanning trees",
     .count = k_plus_1,
     .parent = tc__addr_parent,
     .fill = tc__addr_fill,
     .addr_rule = tc__icube_rule_edst,
     .sbnt_variant = -1,
     .primary = true},
    {.kind = TC_KIND_EDHP,
     .name = "edhp",
     .family = "icube",
     .source = "003 Theorem 4",
     .what = "Theorem 4's directed edge-disjoint Hamiltonian paths",
     .count = edhp_count,
     .build = edhp_build,
     .sbnt_variant = -1},
    /* any network: built on its neighbour table */
    {.kind = TC_KIND_BFS,
     .name = "bfs",
     .source = "breadth-first search",
     .what = "a breadth-first (shortest-path) spanning tree",
     .count = tc__count_one,
     .build = tc__bfs_build,
     .sbnt_variant = -1},
    {.kind = TC_KIND_EDST,
     .name = "edst",
     .source = "Edmonds 1973; Lovasz 1976",
     .what = "the most arc-disjoint spanning trees (the edge connectivity), packed",
     .count = tc__count_edst,
     .build = tc__edst_build,
     .packed = true,
     .sbnt_variant = -1,
     .primary = true},
    {.kind = TC_KIND_PACKING,
     .name = "packing",
     .source = "Edmonds 1973; Lovasz 1976",
     .what = "the same packing as edst, also where a paper has its own edst (I_k^n)",
     .count = tc__count_edst,
     .build = tc__packing_build,
     .packed = true,
     .sbnt_variant = -1},
    {.kind = TC_KIND_EDST_UNDIRECTED,
     .name = "edst-undirected",
     .source = "Nash-Williams 1961; Tutte 1961",
     .what = "the most edge-disjoint undirected spanning trees, by matroid partition",
     .count = tc__count_edst_undirected,
     .build = tc__edst_undirected_build,
     .packed = true,
     .sbnt_variant = -1},
};
#define NKINDS (sizeof KINDS / sizeof KINDS[0])

/* The row of kind on net: the row of net's family (a construction from that family's paper),
 * else the row for any network. The descriptor rows are keyed by the registry's family name;
 * this lookup and tc_kind_list's are the only places in trees/ that read it. */
const tc__kind_t *tc__kind_find(tc_kind_t kind, const tc_net_t *net)
{
    const tc__kind_t *any = NULL;
    for (size_t j = 0; j < NKINDS; j++) {
        if (KINDS[j].kind != kind) {
            continue;
        }
        if (KINDS[j].family == NULL) {
            any = &KINDS[j];
        } else if (strcmp(KINDS[j].family, tc_net_family_name(net)) == 0) {
            return &KINDS[j];
        }
    }
    return any;
}

const char *tc_kind_name(tc_kind_t kind)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (KINDS[j].kind == kind) {
            return KINDS[j].name;
        }
    }
    return "custom";
}

int tc_kind_sbnt_variant(tc_kind_t kind)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (KINDS[j].kind == kind) {
            return KINDS[j].sbnt_variant;
        }
    }
    return -1;
}

bool tc_kind_applies(tc_kind_t kind, const tc_net_t *net)
{
    return tc__kind_find(kind, net) != NULL;
}

const char *tc_kind_source(tc_kind_t kind, const tc_net_t *net)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL ? row->source : "";
}

const char *tc_kind_what(tc_kind_t kind, const tc_net_t *net)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL ? row->what : "";
}

/* Append "a, b or c" of the names of the rows that pass keep(row, ctx), each once. */
static void list_names(char *buf, size_t cap, bool (*keep)(const tc__kind_t *, const void *),
                       const void *ctx)
{
    const char *names[NKINDS];
    size_t count = 0;
    for (size_t j = 0; j < NKINDS; j++) {
        bool seen = false;
        for (size_t q = 0; q < count; q++) {
            seen = seen || strcmp(names[q], KINDS[j].name) == 0;
        }
        if (!seen && keep(&KINDS[j], ctx)) {
            names[count++] = KINDS[j].name;
        }
    }
    size_t len = strlen(buf);
    for (size_t q = 0; q < count; q++) {
        const char *sep = q == 0 ? "" : q + 1 == count ? " or " : ", ";
        int w = snprintf(buf + len, len < cap ? cap - len : 0, "%s%s", sep, names[q]);
        len += w > 0 ? (size_t)w : 0;
    }
}

static bool on_net(const tc__kind_t *row, const void *ctx)
{
    return tc__kind_find(row->kind, ctx) == row;
}

const char *tc_kind_list(const tc_net_t *net)
{
    static _Thread_local char buf[512];
    buf[0] = '\0';
    list_names(buf, sizeof buf, on_net, net);
    return buf;
}

static bool same_family(const char *a, const char *b);

static bool of_family(const tc__kind_t *row, const void *ctx)
{
    return same_family(row->family, ctx);
}

static bool same_family(const char *a, const char *b)
{
    return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

tc_err_t tc_kind_parse(const char *text, tc_kind_t *out)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (text != NULL && strcmp(text, KINDS[j].name) == 0) {
            *out = KINDS[j].kind;
            return TC_OK;
        }
    }
    /* every kind, grouped by the family it is defined on, in table order */
    char list[768] = "";
    for (size_t j = 0; j < NKINDS; j++) {
        bool first = true; /* a group starts at its family's first row */
        for (size_t q = 0; q < j; q++) {
            first = first && !same_family(KINDS[q].family, KINDS[j].family);
        }
        if (!first) {
            continue;
        }
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s", len > 0 ? "; " : "");
        list_names(list, sizeof list, of_family, KINDS[j].family);
        len = strlen(list);
        snprintf(list + len, sizeof list - len, " (%s)",
                 KINDS[j].family != NULL ? KINDS[j].family : "any network");
    }
    return tc__fail(TC_EINVAL, "Unknown tree kind \"%.40s\"; expected %s.", text ? text : "", list);
}

int tc_trees_count(const tc_net_t *net, tc_kind_t kind)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL ? row->count(net) : 0;
}

int tc_trees_count_bound(const tc_net_t *net, tc_kind_t kind)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    if (row == NULL) {
        return 0;
    }
    if (!row->packed) {
        return row->count(net);
    }
    int d = tc_net_degree(net);
    return d < TC__PACK_MAX_TREES ? d : TC__PACK_MAX_TREES;
}

int tc_trees_label(const tc_net_t *net, tc_kind_t kind, int t)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    if (row != NULL && row->label_offset != 0) {
        return t + row->label_offset;
    }
    return tc_trees_count(net, kind) > 1 ? t : 0;
}

int64_t tc_trees_tree_root(const tc_net_t *net, tc_kind_t kind, int64_t root, int t)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL && row->tree_root != NULL ? row->tree_root(net, root, t) : root;
}

tc_kind_t tc_kind_primary(const tc_net_t *net)
{
    tc_kind_t any = TC_KIND_CUSTOM;
    for (size_t j = 0; j < NKINDS; j++) {
        const tc__kind_t *row = &KINDS[j];
        if (!row->primary || tc__kind_find(row->kind, net) != row) {
            continue;
        }
        if (row->family != NULL) {
            return row->kind;
        }
        any = row->kind;
    }
    return any;
}

bool tc_kind_summary(tc_kind_t kind, const tc_net_t *net)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL && row->summary;
}

bool tc_kind_children_after_label(tc_kind_t kind, const tc_net_t *net)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    return row != NULL && row->after_label;
}

static tc_err_t no_rule(const tc_net_t *net, tc_kind_t kind)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    return tc__fail(TC_EINVAL, "Tree kind %s has no rule on %s; its kinds are %s.",
                    tc_kind_name(kind), name, tc_kind_list(net));
}

tc_err_t tc_trees_parent_dim(const tc_net_t *net, tc_kind_t kind, int64_t root, int t, int64_t node,
                             int *dim)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    if (row == NULL) {
        return no_rule(net, kind);
    }
    int count = row->count(net);
    if (count == 0 && row->build != NULL) { /* the builder says why there is none */
        tc_forest_t *f = NULL;
        tc_err_t err = row->build(net, root, 1, &f);
        tc_forest_free(f);
        return err != TC_OK ? err : no_rule(net, kind);
    }
    if (t < 0 || t >= count) {
        return tc__fail(TC_EINVAL, "Tree %d does not exist; %s has trees 0..%d.", t,
                        tc_kind_name(kind), count - 1);
    }
    int64_t N = tc_net_nodes(net);
    if (root < 0 || root >= N || node < 0 || node >= N) {
        return tc__fail(TC_EINVAL, "Node id outside 0..%lld.", (long long)N - 1);
    }
    if (row->parent != NULL) {
        *dim = row->parent(row, net, root, t, node);
        return TC_OK;
    }
    tc_forest_t *f = NULL; /* no per-node rule: build the forest (O(N) per call) */
    tc_err_t err = tc_trees_build(net, kind, root, 1, &f);
    if (err == TC_OK) {
        *dim = tc_forest_dims_const(f, t)[node];
    }
    tc_forest_free(f);
    return err;
}

tc_err_t tc_trees_build(const tc_net_t *net, tc_kind_t kind, int64_t root, int threads,
                        tc_forest_t **out)
{
    assert(net != NULL && out != NULL);
    *out = NULL;
    const tc__kind_t *row = tc__kind_find(kind, net);
    if (row == NULL) {
        return no_rule(net, kind);
    }
    int64_t N = tc_net_nodes(net);
    if (root < 0 || root >= N) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)N - 1);
    }
    int nthreads = threads > 0 ? threads : tc__online_cpus();
    if (row->build != NULL) {
        return row->build(net, root, nthreads, out);
    }
    int count = row->count(net);
    if (count == 0) {
        return no_rule(net, kind);
    }
    tc_forest_t *forest = NULL;
    tc_err_t err = tc__forest_alloc(net, count, root, false, &forest);
    if (err != TC_OK) {
        return err;
    }
    tc_forest_set_kind(forest, kind);
    for (int t = 0; t < count; t++) {
        tc_forest_set_label(forest, t, tc_trees_label(net, kind, t));
        if (row->tree_root != NULL) {
            tc_forest_set_tree_root(forest, t, row->tree_root(net, root, t));
        }
    }
    err = row->fill(row, forest, nthreads);
    if (err != TC_OK) {
        tc_forest_free(forest);
        return err;
    }
    *out = forest;
    return TC_OK;
}
