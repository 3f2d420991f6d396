/* The papers' claims beside the measured values. Each claim cites its source; where the
 * reading notes correct or sharpen a claim, both are stated.
 *
 * The claims are a table (CLAIMS below): one row per kind and family, as the kinds of
 * src/trees/kinds.c, saying what the kind's paper claims of its trees (their number, the nodes
 * they cover, their depth, disjointness, independence, how long root paths are) and which rows
 * of the family's own follow (the hypercube's per-level claims, the star graph's rotation).
 * tc_claims_evaluate writes the rows every forest gets in one order and asks the table for the
 * claims. */
#include "core/internal.h"
#include "treecast/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tc_verdict_name(tc_verdict_t verdict)
{
    switch (verdict) {
    case TC_VERDICT_HOLDS:
        return "holds";
    case TC_VERDICT_FAILS:
        return "FAILS";
    case TC_VERDICT_INFO:
        return "info";
    default:
        return "skipped";
    }
}

static const char *plural(int64_t count)
{
    return count == 1 ? "" : "s";
}

static tc_claim_row_t *add(tc_claims_t *c, const char *key, const char *property)
{
    tc_claim_row_t *r = &c->rows[c->count++];
    memset(r, 0, sizeof *r);
    snprintf(r->key, sizeof r->key, "%s", key);
    snprintf(r->property, sizeof r->property, "%s", property);
    r->verdict = TC_VERDICT_INFO;
    return r;
}

static void put(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
}

/* Set the row's claim and decide its verdict from `ok` (claimed rows only). */
static void claim(tc_claim_row_t *r, bool applies, bool ok, const char *source, const char *fmt,
                  ...) __attribute__((format(printf, 5, 6)));
static void claim(tc_claim_row_t *r, bool applies, bool ok, const char *source, const char *fmt,
                  ...)
{
    if (!applies) {
        r->verdict = TC_VERDICT_INFO;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->claim, sizeof r->claim, fmt, ap);
    va_end(ap);
    snprintf(r->source, sizeof r->source, "%s", source);
    r->verdict = ok ? TC_VERDICT_HOLDS : TC_VERDICT_FAILS;
}

/* "14 in every tree" or "14 13 14 ..." */
static void depth_text(const tc_check_report_t *rep, char *buf, size_t cap, int *lo, int *hi)
{
    *lo = rep->depth[0];
    *hi = rep->depth[0];
    for (int t = 1; t < rep->ntrees; t++) {
        *lo = rep->depth[t] < *lo ? rep->depth[t] : *lo;
        *hi = rep->depth[t] > *hi ? rep->depth[t] : *hi;
    }
    buf[0] = '\0';
    if (*lo == *hi) {
        put(buf, cap, rep->ntrees == 1 ? "%d" : "%d in every tree", *lo);
        return;
    }
    for (int t = 0; t < rep->ntrees; t++) {
        put(buf, cap, t ? " %d" : "%d", rep->depth[t]);
    }
    put(buf, cap, " (per tree)");
}

/* ---- the hypercube kinds (papers 002, 003, 004) ------------------------------------------- */

/* What the claim functions see. */
typedef struct {
    const tc_net_t *net;
    tc_kind_t kind;
    const tc_check_report_t *rep;
    tc_claims_t *c;
    int n;
    int64_t N;
    int T;
    bool span_ok;
    int lo, hi;   /* the smallest and largest depth of a tree */
    char dt[120]; /* the depths as text */
} cx_t;

enum { EXCESS_NONE = 0, EXCESS_SHORTEST, EXCESS_ALMOST };
/* whether the per-level figures apply (all but NO) and are measured by default */
enum { LEVELS_NO = 0, LEVELS_ASKED, LEVELS_YES, LEVELS_ONE_TREE };

typedef struct {
    tc_kind_t kind;
    const char *family; /* NULL: any network */
    /* the number of trees (NULL: measured only) */
    void (*trees)(const cx_t *x, tc_claim_row_t *r);
    const char *span_property; /* "spanning" (every tree spans) or "coverage" */
    const char *span_source;
    /* kinds whose trees cover part of the network: how many nodes, and the claim's words */
    int64_t (*coverage)(const cx_t *x, const char **what);
    /* the depth (NULL: measured only) */
    void (*depth)(cx_t *x, tc_claim_row_t *r);
    const char *disjoint;    /* the source of "directed edge-disjoint", NULL: no claim */
    const char *independent; /* the source of independence, NULL: no claim */
    const char *independent_claim;
    int levels;        /* LEVELS_*: whether the per-level figures are worth measuring */
    bool root_classes; /* the claims depend on the root's subcube (I_k^n, paper 003 Lemma 3) */
    int excess;        /* EXCESS_*: what the paper says of root paths */
    const char *excess_source;
    const char *excess_claim;
    bool undirected; /* paper 000's use of undirected edges by the EDT (corrections 000.5) */
    const char *undirected_disjoint; /* the source of "no edge in two trees", NULL: no claim */
    void (*extra)(cx_t *x);          /* the family's rows after the common ones */
} claims_row_t;

/* ---- the number of trees ------------------------------------------------------------------ */

static void trees_n_minus_1(const cx_t *x, tc_claim_row_t *r, const char *src)
{
    claim(r, true, x->T == x->n - 1, src, "n-1 = %d", x->n - 1);
}

static void trees_edt(const cx_t *x, tc_claim_row_t *r)
{
    trees_n_minus_1(x, r, "000 Sec. 3, Def. 8");
}

static void trees_spg(const cx_t *x, tc_claim_row_t *r)
{
    trees_n_minus_1(x, r, "000 Def. 7");
}

static void trees_one_star(const cx_t *x, tc_claim_row_t *r)
{
    claim(r, true, x->T == 1, x->kind == TC_KIND_SPT ? "000 Def. 6" : "000 Sec. 4.1", "1");
}

/* The hypercube kinds: 1 or n, from the kind's paper (the row's span source). */
static const char *row_source(const cx_t *x);

static void trees_cube(const cx_t *x, tc_claim_row_t *r)
{
    int want = tc_trees_count(x->net, x->kind);
    claim(r, want > 0, x->T == want, row_source(x), want == 1 ? "1" : "n = %d", x->n);
}

static void trees_icube(const cx_t *x, tc_claim_row_t *r)
{
    int want = tc_trees_count(x->net, x->kind);
    claim(r, want > 0, x->T == want,
          x->kind == TC_KIND_EDST ? "003 Sec. III, Theorem 1" : "003 Sec. II-B",
          want == 1 ? "1" : "k+1 = %d", want);
}

static void trees_edhp(const cx_t *x, tc_claim_row_t *r)
{
    int want = tc_trees_count(x->net, x->kind);
    claim(r, want > 0, x->T == want, "003 Theorem 4",
          "k+1 (k odd) or k (k even) = %d directed Hamiltonian paths", want);
}

/* A node other than the root with the fewest neighbours, and their number: its in-arcs are a
 * root cut (every path from the root to it ends on one of them). O(1) in a regular network,
 * O(N ports) otherwise; -1 when the root is the only node. */
static int64_t least_degree_node(const tc_net_t *net, int64_t root, int *deg)
{
    int64_t N = tc_net_nodes(net);
    *deg = tc_net_degree(net);
    if (N < 2) {
        return -1;
    }
    if (tc_net_min_degree(net) == *deg) {
        return root == 0 ? 1 : 0;
    }
    int64_t best = -1;
    for (int64_t v = 0; v < N; v++) {
        int d = 0;
        for (int dim = tc_net_dim_min(net); dim <= tc_net_dim_max(net) && v != root; dim++) {
            d += tc_net_neighbor(net, v, dim) >= 0;
        }
        if (v != root && (best < 0 || d < *deg)) {
            best = v;
            *deg = d;
        }
    }
    return best;
}

/* The certificate of a packing's optimality, a cut beside the count: T arc-disjoint
 * arborescences need T arc-disjoint paths from the root to every node (Edmonds), so a set of T
 * arcs whose removal cuts a node off the root shows that no packing has more; the in-arcs of a
 * node of least degree are such a cut whenever T equals that degree. Undirected, T
 * edge-disjoint spanning trees need T (N-1) edges, and a partition of the nodes into parts
 * needs T (parts - 1) edges between them (Nash-Williams, Tutte): the partition into single
 * nodes bounds T by floor(E/(N-1)). Where the simple cut is larger than T, the count measured
 * by max flows (or matroid partition) stands in: held, but without a cut to show. */
static void certificate(const cx_t *x, int want)
{
    tc_claim_row_t *r = add(x->c, "certificate", "optimality certificate (a cut of T)");
    if (x->kind == TC_KIND_EDST_UNDIRECTED) {
        int64_t E = tc_net_edges(x->net), N = x->N;
        int64_t bound = N > 1 && E >= 0 ? E / (N - 1) : -1;
        if (bound == x->T) {
            snprintf(r->measured, sizeof r->measured,
                     "the partition into single nodes: %lld edges / %lld = %lld trees at most",
                     (long long)E, (long long)(N - 1), (long long)bound);
        } else {
            snprintf(r->measured, sizeof r->measured,
                     "floor(E/(N-1)) = %lld; the packing number by matroid partition: %d",
                     (long long)bound, want);
        }
        claim(r, bound > 0, bound == x->T || want == x->T, "Nash-Williams 1961; Tutte 1961",
              "no packing has more than the %d trees", x->T);
        return;
    }
    int d;
    int64_t v = least_degree_node(x->net, x->rep->root, &d);
    char lab[TC_LABEL_MAX] = "";
    if (v >= 0) {
        tc_net_label(x->net, v, false, lab, sizeof lab);
    }
    if (v >= 0 && d == x->T) {
        snprintf(r->measured, sizeof r->measured, "the %d arcs into node %s (its in-degree)", d,
                 lab);
        claim(r, true, true, "Edmonds' branching theorem",
              "a root cut of the %d trees: no packing has more", x->T);
        return;
    }
    int64_t size = 0, into = -1; /* the least cut by flows, its entering links counted here */
    uint8_t *side = v >= 0 ? calloc((size_t)x->N, 1) : NULL;
    int links = 0;
    if (side != NULL && tc_trees_root_cut(x->net, x->rep->root, &links, side) == TC_OK) {
        into = 0;
        for (int64_t u = 0; u < x->N; u++) {
            if (!side[u]) {
                continue;
            }
            if (size++ == 0) {
                tc_net_label(x->net, u, false, lab, sizeof lab);
            }
            for (int dim = tc_net_dim_min(x->net); dim <= tc_net_dim_max(x->net); dim++) {
                int64_t w = tc_net_neighbor(x->net, u, dim);
                into += w >= 0 && !side[w];
            }
        }
        snprintf(r->measured, sizeof r->measured,
                 "%lld nodes (%.24s among them) entered by %lld arcs: a least root cut, by max "
                 "flow (the least in-degree is %d)",
                 (long long)size, lab, (long long)into, d);
    } else {
        snprintf(r->measured, sizeof r->measured, "no root cut found (%s)",
                 side == NULL ? "out of memory" : tc_err_detail());
    }
    free(side);
    claim(r, into >= 0, into == x->T, "Edmonds' branching theorem",
          "a root cut of the %d trees: no packing has more", x->T);
}

/* The arborescence packing: as many trees as arc-disjoint paths from the root to every node,
 * which on a network whose links go both ways is the edge connectivity, at every root
 * (Edmonds); the undirected packing: the spanning tree packing number (Nash-Williams, Tutte).
 * The counts are measured on the network by max flows and matroid partition (packing.c). */
static void trees_packing(const cx_t *x, tc_claim_row_t *r)
{
    int want = tc_trees_count(x->net, x->kind);
    if (x->kind == TC_KIND_EDST_UNDIRECTED) {
        claim(r, want > 0, x->T == want, "Nash-Williams 1961; Tutte 1961",
              "the spanning tree packing number = %d", want);
    } else {
        claim(r, want > 0, x->T == want, "Edmonds' branching theorem", "the edge connectivity = %d",
              want);
    }
    certificate(x, want);
}

/* ---- coverage of the partial trees of paper 000 ------------------------------------------- */

static int64_t cover_spt(const cx_t *x, const char **what)
{
    *what = "{I_n} and every S^k_{n-1}, k>=2: %lld nodes";
    return x->N - x->N / x->n + 1;
}

static int64_t cover_spg(const cx_t *x, const char **what)
{
    *what = "each T_l: S^l_{n-1} and S^1_{n-1}: %lld nodes";
    return 2 * (x->N / x->n);
}

/* ---- depth -------------------------------------------------------------------------------- */

static void depth_edt(cx_t *x, tc_claim_row_t *r)
{
    int bound = 3 * (x->n - 1) / 2 + 4;
    claim(r, true, x->hi <= bound, "000 Lemma 6.4", "<= floor(3(n-1)/2)+4 = %d", bound);
    r = add(x->c, "depth_exact", "depth, exact");
    snprintf(r->measured, sizeof r->measured, "%s", x->dt);
    int exact = 3 * (x->n - 2) / 2 + 4;
    claim(r, x->n >= 3, x->lo == exact && x->hi == exact, "corrections 000.5",
          "= floor(3(n-2)/2)+4 = %d in every tree", exact);
}

static void depth_star_bfs(cx_t *x, tc_claim_row_t *r)
{
    int diam = 3 * (x->n - 1) / 2;
    claim(r, true, x->lo == diam, "000 Sec. 4.1 ([1])", "= diameter floor(3(n-1)/2) = %d", diam);
}

static void depth_spt(cx_t *x, tc_claim_row_t *r)
{
    int d = 3 * (x->n - 2) / 2 + 1;
    claim(r, true, x->lo == d, "000 Lemma 6.4 proof", "= floor(3(n-2)/2)+1 = %d", d);
}

static void depth_spg(cx_t *x, tc_claim_row_t *r)
{
    int d = 3 * (x->n - 2) / 2 + 2;
    claim(r, x->n >= 3, x->lo == d && x->hi == d, "000 Lemma 6.4 proof",
          "= floor(3(n-2)/2)+2 = %d in every tree", d);
}

static void depth_cube_n(cx_t *x, tc_claim_row_t *r)
{
    claim(r, true, x->lo == x->n, "002 Sec. 1", "= n = %d", x->n);
}

static void depth_sbnt(cx_t *x, tc_claim_row_t *r)
{
    claim(r, true, x->lo == x->n, "002 Corollary 1", "= n = %d (one subtree n, others n-1)", x->n);
}

static void depth_sbg(cx_t *x, tc_claim_row_t *r)
{
    claim(r, true, x->lo == x->n && x->hi == x->n, "002 Corollary 1", "= n = %d in every tree",
          x->n);
}

static void depth_nedst(cx_t *x, tc_claim_row_t *r)
{
    claim(r, x->n >= 2, x->lo == x->n + 1 && x->hi == x->n + 1, "corrections 003.1",
          "= n+1 = %d in every tree", x->n + 1);
}

static void depth_pivoted(cx_t *x, tc_claim_row_t *r)
{
    claim(r, x->n >= 2, x->lo == x->n && x->hi == x->n, "corrections 003.1",
          "= n = %d in every tree", x->n);
}

static void depth_ist(cx_t *x, tc_claim_row_t *r)
{
    claim(r, x->n >= 2, x->lo == x->n + 1 && x->hi == x->n + 1, "corrections 004.1",
          "= n+1 = %d in every tree", x->n + 1);
}

/* A Hamiltonian path: every node at its own depth. */
static void depth_edhp(cx_t *x, tc_claim_row_t *r)
{
    claim(r, true, x->lo == x->hi && x->hi == x->N - 1, "003 Sec. IV-A",
          "= 2^n + 2^k - 1 = %lld in every tree (Hamiltonian)", (long long)x->N - 1);
}

int tc_icube_root_class(int n, int k, int64_t root)
{
    int64_t N = (int64_t)1 << n;
    return root >= N ? (1 << (n - k)) : (int)(root >> k);
}

int tc_icube_lemma3_height(int n, int k, int64_t root)
{
    int cls = tc_icube_root_class(n, k, root);
    return (cls == (1 << (n - k)) || cls == (1 << (n - k)) - 1) ? n + 2 : n + 1;
}

int tc_icube_measured_height(int n, int k, int64_t root)
{
    int cls = tc_icube_root_class(n, k, root);
    int last = 1 << (n - k); /* S_b */
    if (n < 2) {
        return -1;
    }
    if (k == 0) { /* corrections 003.3: S_b and node N-2 */
        return (cls == last || root == ((int64_t)1 << n) - 2) ? n + 2 : n + 1;
    }
    bool high = cls == last || cls == last - 1 || (n >= k + 2 && cls == last - 2);
    return high ? n + 2 : n + 1;
}

static void depth_icube_edst(cx_t *x, tc_claim_row_t *r)
{
    int n = x->n, k = tc_net_k(x->net);
    int cls = tc_icube_root_class(n, k, x->rep->root);
    int want = tc_icube_lemma3_height(n, k, x->rep->root);
    claim(r, n >= 2, x->hi == want, "003 Lemma 3",
          "= %d for a root in S_%d (n+2 for S_%d and S_b, n+1 otherwise)", want, cls,
          (1 << (n - k)) - 1);
    r = add(x->c, "depth_notes", "height, as corrections 003.3 measures it");
    snprintf(r->measured, sizeof r->measured, "%s", x->dt);
    int got = tc_icube_measured_height(n, k, x->rep->root);
    claim(r, got > 0, x->hi == got, "corrections 003.3",
          "= %d (n+2 also for S_%d when k >= 1, n >= k+2; k = 0: S_b and node N-2)", got,
          (1 << (n - k)) - 2);
}

/* A breadth-first tree on any network: its depth is the root's eccentricity, which the excess
 * row shows (every root path shortest). */

static int fanout_claim(int n, tc_kind_t kind, int l)
{
    if (l == 0) {
        return n;
    }
    if (l >= n) {
        return 0;
    }
    switch (kind) {
    case TC_KIND_BINOMIAL:
        return n - l;
    case TC_KIND_SBNT_MINR:
    case TC_KIND_SBNT_MINBL:
        return (n - l + 1) / 2;
    case TC_KIND_SBNT_MAXL:
    case TC_KIND_SBNT_MAXBR:
        return l == 1 ? (n - 1 + 1) / 2 : l <= n - 2 ? n - l - 1 : 1;
    default:
        return -1;
    }
}

static int64_t binom(int n, int k)
{
    int64_t b = 1;
    for (int j = 1; j <= k; j++) {
        b = b * (n - k + j) / j;
    }
    return b;
}

static bool is_prime(int n)
{
    if (n < 2) {
        return false;
    }
    for (int d = 2; d * d <= n; d++) {
        if (n % d == 0) {
            return false;
        }
    }
    return true;
}

static void cube_level_claims(tc_claims_t *c, int n, tc_kind_t kind, const tc_check_report_t *rep,
                              bool span_ok)
{
    tc_claim_row_t *r = add(c, "fanout", "largest fan-out per level");
    if (!rep->levels_tested || !span_ok) {
        snprintf(r->measured, sizeof r->measured, "%s",
                 rep->levels_tested ? "not judged: the trees do not span"
                                    : "not measured (--properties levels)");
        r->verdict = TC_VERDICT_SKIPPED;
        return;
    }
    int top = n + 2 < TC_CHECK_MAX_LEVELS ? n + 2 : TC_CHECK_MAX_LEVELS;
    bool ok = true, known = fanout_claim(n, kind, 1) >= 0;
    char want[120] = "";
    for (int l = 0; l < top && rep->level_nodes[l] > 0; l++) {
        put(r->measured, sizeof r->measured, l ? " %d" : "levels 0..: %d", rep->level_fanout[l]);
        if (known) {
            int f = fanout_claim(n, kind, l);
            put(want, sizeof want, l ? " %d" : "%d", f);
            ok = ok && rep->level_fanout[l] == f;
        }
    }
    const char *src = kind == TC_KIND_BINOMIAL ? "002 Sec. 1"
                      : kind == TC_KIND_SBNT_MINR || kind == TC_KIND_SBNT_MINBL
                          ? "002 Lemma 3, Thm 5"
                          : "002 Thm 4, Sec. 4";
    claim(r, known, ok, src, "%s", want);

    /* the SBG: node c has |J_c| = n / P_c parents, one per minimizing rotation */
    if (kind == TC_KIND_SBG) {
        r = add(c, "sbg_parents", "distinct parents = n / period");
        snprintf(r->measured, sizeof r->measured, "%lld non-root node%s differ",
                 (long long)rep->parents_mismatch, plural(rep->parents_mismatch));
        claim(r, true, rep->parents_mismatch == 0, "002 Sec. 3 (SBG, J_c)",
              "abs(J_c) = n/P_c parents, weight 1/abs(J_c) each");
    }

    /* Lemma 8: cyclic nodes are leaves (non-root ones: corrections 002.3) */
    r = add(c, "cyclic_leaves", "cyclic nodes are leaves");
    snprintf(r->measured, sizeof r->measured, "%lld cyclic non-root node%s with children",
             (long long)rep->cyclic_inner, plural(rep->cyclic_inner));
    claim(r, kind == TC_KIND_SBNT_MINR, rep->cyclic_inner == 0, "002 Lemma 8; corrections 002.3",
          "0");

    /* Corollary 3: edges per dimension between levels l-1 and l (tree 0) */
    r = add(c, "dim_edges", "edges per dimension per level");
    int64_t off = 0, spread_lo = -1, spread_hi = 0, last_dim = -1, last_count = 0;
    for (int l = 1; l <= n && l < TC_CHECK_MAX_LEVELS; l++) {
        for (int d = 0; d < n; d++) {
            int64_t e = rep->level_dim_edges[l][d];
            if (l < n) {
                off += e * n != binom(n, l);
                spread_lo = spread_lo < 0 || e < spread_lo ? e : spread_lo;
                spread_hi = e > spread_hi ? e : spread_hi;
            } else if (e > 0) {
                last_dim = d;
                last_count += e;
            }
        }
    }
    put(r->measured, sizeof r->measured,
        "levels 1..n-1: %lld..%lld per dimension, %lld of %d cells differ from C(n,l)/n; "
        "level n: %lld edge%s, dimension %lld",
        (long long)spread_lo, (long long)spread_hi, (long long)off, n * (n - 1),
        (long long)last_count, plural(last_count), (long long)last_dim);
    claim(r, kind == TC_KIND_SBNT_MINR && is_prime(n) && n >= 2,
          off == 0 && last_count == 1 && last_dim == n - 1, "002 Corollary 3 (n prime)",
          "C(n,l)/n in every dimension; level n: 1 edge, dimension n-1");
}

/* ---- the incomplete hypercube (paper 003) ------------------------------------------------ */

/* ---- the families' own rows ---------------------------------------------------------------- */

static void cube_extra(cx_t *x)
{
    cube_level_claims(x->c, x->n, x->kind, x->rep, x->span_ok);
}

static void star_extra(cx_t *x)
{
    tc_claim_row_t *r = add(x->c, "rotation", "rotation T_r(l) = R(T_l)");
    if (x->rep->rot_tested) {
        snprintf(r->measured, sizeof r->measured, "%lld of %lld (node, tree) pairs violate",
                 (long long)x->rep->rot_violations, (long long)x->rep->rot_checked);
        claim(r, x->kind == TC_KIND_EDT, x->rep->rot_violations == 0, "000 Lemma 6.2",
              "0 violations");
    } else {
        r->verdict = TC_VERDICT_SKIPPED;
    }
}

/* ---- the table ---------------------------------------------------------------------------- */

#define GREEDY EXCESS_SHORTEST, "002 Sec. 3 (greedy tree)", "shortest paths: +0 only"
#define CUBE(k, trees_fn, prop, src, depth_fn)                                                     \
    {                                                                                              \
        .kind = (k), .family = "cube", .trees = (trees_fn), .span_property = (prop),               \
        .span_source = (src), .depth = (depth_fn), .extra = cube_extra                             \
    }

static const claims_row_t CLAIMS[] = {
    /* the star graph (paper 000) */
    {.kind = TC_KIND_EDT,
     .family = "star",
     .trees = trees_edt,
     .span_property = "spanning",
     .span_source = "000 Def. 8, Lemma 6",
     .depth = depth_edt,
     .disjoint = "000 Lemma 6.1",
     .independent = "000 Lemma 6.3",
     .independent_claim = "n-1 parallel paths from every node",
     .excess = EXCESS_ALMOST,
     .excess_source = "000 Lemma 6.3; corrections 000.5",
     .excess_claim = "almost minimum: +0, +2 or +4 hops",
     .undirected = true,
     .extra = star_extra},
    {.kind = TC_KIND_SPG,
     .family = "star",
     .trees = trees_spg,
     .span_property = "coverage",
     .span_source = "000 Lemma 5.1",
     .coverage = cover_spg,
     .depth = depth_spg,
     .extra = star_extra},
    {.kind = TC_KIND_SPT,
     .family = "star",
     .trees = trees_one_star,
     .span_property = "coverage",
     .span_source = "000 Lemma 4.1",
     .coverage = cover_spt,
     .depth = depth_spt,
     .excess = EXCESS_SHORTEST,
     .excess_source = "000 Lemma 4.2",
     .excess_claim = "shortest paths: +0 only",
     .extra = star_extra},
    {.kind = TC_KIND_BFS,
     .family = "star",
     .trees = trees_one_star,
     .span_property = "spanning",
     .span_source = "definition",
     .depth = depth_star_bfs,
     .excess = EXCESS_SHORTEST,
     .excess_source = "000 Sec. 4.1",
     .excess_claim = "shortest paths: +0 only",
     .extra = star_extra},
    {.kind = TC_KIND_CUSTOM,
     .family = "star",
     .span_property = "spanning",
     .span_source = "definition",
     .extra = star_extra},
    /* the hypercube (papers 002, 003, 004) */
    {.kind = TC_KIND_BINOMIAL,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 1",
     .depth = depth_cube_n,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_SBNT_MINR,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 3",
     .depth = depth_sbnt,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_SBNT_MAXL,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 4",
     .depth = depth_sbnt,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_SBNT_MINBL,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 4",
     .depth = depth_sbnt,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_SBNT_MAXBR,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 4",
     .depth = depth_sbnt,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_SBG,
     .family = "cube",
     .levels = LEVELS_YES,
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "002 Sec. 3 (SBG)",
     .depth = depth_sbg,
     .excess = GREEDY,
     .extra = cube_extra},
    {.kind = TC_KIND_NEDST,
     .family = "cube",
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "003 Sec. II-C",
     .depth = depth_nedst,
     .levels = LEVELS_ASKED,
     .disjoint = "003 Sec. II-C, III-A",
     .extra = cube_extra},
    {.kind = TC_KIND_NEDST_PIVOTED,
     .family = "cube",
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "003 Sec. III-A",
     .depth = depth_pivoted,
     .levels = LEVELS_ASKED,
     .disjoint = "003 Sec. II-C, III-A",
     .extra = cube_extra},
    {.kind = TC_KIND_IST,
     .family = "cube",
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "004 Alg. 5",
     .depth = depth_ist,
     .levels = LEVELS_ASKED,
     .independent = "004 Alg. 5",
     .independent_claim = "n internally disjoint root paths from every node",
     .extra = cube_extra},
    {.kind = TC_KIND_IST_HDLS,
     .family = "cube",
     .trees = trees_cube,
     .span_property = "coverage",
     .span_source = "004 Alg. 4",
     .depth = depth_ist,
     .levels = LEVELS_ASKED,
     .independent = "004 Alg. 4",
     .independent_claim = "n internally disjoint root paths from every node",
     .extra = cube_extra},
    {.kind = TC_KIND_CUSTOM,
     .family = "cube",
     .levels = LEVELS_ONE_TREE,
     .trees = trees_cube,
     .span_property = "spanning",
     .span_source = "definition",
     .extra = cube_extra},
    /* the incomplete hypercube (paper 003) */
    {.kind = TC_KIND_BINOMIAL,
     .family = "icube",
     .trees = trees_icube,
     .span_property = "coverage",
     .span_source = "003 Sec. II-B",
     .excess = EXCESS_SHORTEST,
     .excess_source = "003 Sec. II-B (e-cube routing)",
     .excess_claim = "shortest paths: +0 only"},
    {.kind = TC_KIND_EDST,
     .family = "icube",
     .trees = trees_icube,
     .span_property = "coverage",
     .span_source = "003 Theorem 1",
     .depth = depth_icube_edst,
     .root_classes = true,
     .disjoint = "003 Theorem 1"},
    {.kind = TC_KIND_EDHP,
     .family = "icube",
     .trees = trees_edhp,
     .span_property = "coverage",
     .span_source = "003 Theorem 4",
     .depth = depth_edhp,
     .disjoint = "003 Theorem 4"},
    {.kind = TC_KIND_CUSTOM,
     .family = "icube",
     .trees = trees_icube,
     .span_property = "spanning",
     .span_source = "definition"},
    /* any network: the generic constructions, and forests of any origin */
    {.kind = TC_KIND_BFS,
     .span_property = "spanning",
     .span_source = "definition",
     .excess = EXCESS_SHORTEST,
     .excess_source = "breadth-first search",
     .excess_claim = "shortest paths: +0 only"},
    {.kind = TC_KIND_EDST,
     .trees = trees_packing,
     .span_property = "spanning",
     .span_source = "definition",
     .disjoint = "Edmonds' branching theorem"},
    {.kind = TC_KIND_PACKING,
     .trees = trees_packing,
     .span_property = "spanning",
     .span_source = "definition",
     .disjoint = "Edmonds' branching theorem"},
    {.kind = TC_KIND_EDST_UNDIRECTED,
     .trees = trees_packing,
     .span_property = "spanning",
     .span_source = "definition",
     .disjoint = "Nash-Williams 1961; Tutte 1961",
     .undirected_disjoint = "Nash-Williams 1961; Tutte 1961"},
    {.kind = TC_KIND_CUSTOM, .span_property = "spanning", .span_source = "definition"},
};
#define NCLAIMS (sizeof CLAIMS / sizeof CLAIMS[0])

/* The row of kind on net: the family's, else the one for any network; for a kind without a
 * row, custom's, the same way. The rows are keyed by the registry's family name (a paper's
 * claims are about its own family); find_row is the only reader of the network's name. */
static const claims_row_t *lookup(const char *family, tc_kind_t kind)
{
    for (size_t j = 0; j < NCLAIMS; j++) {
        bool fam = family == NULL
                       ? CLAIMS[j].family == NULL
                       : CLAIMS[j].family != NULL && strcmp(CLAIMS[j].family, family) == 0;
        if (CLAIMS[j].kind == kind && fam) {
            return &CLAIMS[j];
        }
    }
    return NULL;
}

static const claims_row_t *find_row(const tc_net_t *net, tc_kind_t kind)
{
    const char *family = tc_net_family_name(net);
    const claims_row_t *r = lookup(family, kind);
    r = r != NULL ? r : lookup(NULL, kind);
    r = r != NULL ? r : lookup(family, TC_KIND_CUSTOM);
    return r != NULL ? r : lookup(NULL, TC_KIND_CUSTOM);
}

static const char *row_source(const cx_t *x)
{
    return find_row(x->net, x->kind)->span_source;
}

/* ---- the common rows, in order ------------------------------------------------------------ */

static void rooted_row(cx_t *x)
{
    const tc_check_report_t *rep = x->rep;
    int64_t extra = 0, unmarked = 0;
    for (int t = 0; t < x->T; t++) {
        extra += rep->extra_roots[t];
        unmarked += !rep->root_ok[t];
    }
    tc_claim_row_t *r = add(x->c, "rooted", "rooted at the given root");
    snprintf(r->measured, sizeof r->measured, "%lld of %d trees rooted there; %lld other roots",
             (long long)(x->T - unmarked), x->T, (long long)extra);
    bool moved = false, where = true;
    for (int t = 0; t < x->T; t++) {
        int64_t want = tc_trees_tree_root(x->net, x->kind, rep->root, t);
        moved = moved || want != rep->root;
        where = where && rep->tree_root[t] == want;
    }
    if (moved) { /* a kind whose trees have roots of their own (nedst-pivoted) */
        claim(r, true, extra == 0 && unmarked == 0 && where, row_source(x),
              "tree j rooted at the pivot root XOR 2^j");
    } else {
        claim(r, true, extra == 0 && unmarked == 0, "definition", "every tree, no other root");
    }
}

static void span_rows(cx_t *x, const claims_row_t *row)
{
    const tc_check_report_t *rep = x->rep;
    int64_t bad = rep->nonedges;
    for (int t = 0; t < x->T; t++) {
        bad += rep->bad_dims[t];
    }
    tc_claim_row_t *r = add(x->c, "edges", "parents are neighbours");
    snprintf(r->measured, sizeof r->measured, "%lld non-edge%s", (long long)bad, plural(bad));
    claim(r, true, bad == 0, "definition", "0 non-edges");

    r = add(x->c, "spanning", row->span_property);
    int64_t want = x->N;
    const char *what = "every tree reaches all %lld nodes";
    if (row->coverage != NULL) {
        want = row->coverage(x, &what);
    }
    x->span_ok = true;
    int64_t rmin = rep->reached[0], rmax = rep->reached[0];
    for (int t = 0; t < x->T; t++) {
        x->span_ok = x->span_ok && rep->reached[t] == want && rep->members[t] == want;
        rmin = rep->reached[t] < rmin ? rep->reached[t] : rmin;
        rmax = rep->reached[t] > rmax ? rep->reached[t] : rmax;
    }
    if (rmin == rmax) {
        snprintf(r->measured, sizeof r->measured, "%lld of %lld nodes reach the root in %s",
                 (long long)rmin, (long long)x->N, x->T == 1 ? "the tree" : "every tree");
    } else {
        snprintf(r->measured, sizeof r->measured, "%lld..%lld of %lld nodes reach the root",
                 (long long)rmin, (long long)rmax, (long long)x->N);
    }
    claim(r, true, x->span_ok, row->span_source, what, (long long)want);

    int64_t cyc = 0, det = 0;
    for (int t = 0; t < x->T; t++) {
        cyc += rep->cyclic[t];
        det += rep->detached[t];
    }
    r = add(x->c, "acyclic", "acyclic");
    snprintf(r->measured, sizeof r->measured, "%lld node%s on or into cycles; %lld cut off",
             (long long)cyc, plural(cyc), (long long)det);
    claim(r, true, cyc == 0 && det == 0, "definition", "0 and 0");
}

static void disjoint_rows(cx_t *x, const claims_row_t *row)
{
    const tc_check_report_t *rep = x->rep;
    tc_claim_row_t *r = add(x->c, "directed_disjoint", "directed edge-disjoint");
    snprintf(r->measured, sizeof r->measured, "%lld directed edge%s shared (at %lld node%s)",
             (long long)rep->shared_directed, plural(rep->shared_directed),
             (long long)rep->shared_nodes, plural(rep->shared_nodes));
    claim(r, row->disjoint != NULL, rep->shared_directed == 0, row->disjoint, "0 shared");

    r = add(x->c, "undirected_use", "undirected edge use");
    if (rep->undirected_tested) {
        snprintf(r->measured, sizeof r->measured, "both directions: %lld, one: %lld, unused: %lld",
                 (long long)rep->undirected_use[2], (long long)rep->undirected_use[1],
                 (long long)rep->undirected_use[0]);
        int64_t E = tc_net_edges(x->net);
        int n = x->n;
        if (row->undirected_disjoint != NULL) {
            claim(r, true, rep->undirected_use[2] == 0, row->undirected_disjoint,
                  "no edge in two trees: both directions 0");
            return;
        }
        claim(r, row->undirected,
              rep->undirected_use[2] == E - (n - 1) && rep->undirected_use[1] == n - 1 &&
                  rep->undirected_use[0] == 0,
              "corrections 000.5", "all but the n-1 root edges both ways: %lld, %d, 0",
              (long long)(E - (n - 1)), n - 1);
    } else {
        r->verdict = TC_VERDICT_SKIPPED;
    }
}

static void independence_row(cx_t *x, const claims_row_t *row)
{
    const tc_check_report_t *rep = x->rep;
    tc_claim_row_t *r = add(x->c, "independent", "independent (disjoint root paths)");
    if (!rep->indep_tested) {
        r->verdict = TC_VERDICT_SKIPPED;
        return;
    }
    snprintf(r->measured, sizeof r->measured, "%lld of %lld node%s violate%s",
             (long long)rep->indep_violations, (long long)rep->indep_nodes,
             plural(rep->indep_nodes), rep->indep_violations == 1 ? "s" : "");
    if (rep->indep_sampled) {
        put(r->measured, sizeof r->measured, " (random sample, seed %llu)",
            (unsigned long long)rep->indep_seed);
    } else {
        put(r->measured, sizeof r->measured, " (every node)");
    }
    if (rep->indep_example >= 0) {
        char lab[TC_LABEL_MAX];
        tc_net_label(x->net, rep->indep_example, false, lab, sizeof lab);
        put(r->measured, sizeof r->measured, "; first %s", lab);
    }
    claim(r, row->independent != NULL, rep->indep_violations == 0, row->independent, "%s",
          row->independent_claim != NULL ? row->independent_claim : "");
}

static void excess_row(cx_t *x, const claims_row_t *row)
{
    const tc_check_report_t *rep = x->rep;
    tc_claim_row_t *r = add(x->c, "path_excess", "root path minus distance");
    if (rep->excess_tested && !x->span_ok) {
        snprintf(r->measured, sizeof r->measured, "not judged: the trees do not span");
        r->verdict = TC_VERDICT_SKIPPED;
        return;
    }
    if (!rep->excess_tested) {
        r->verdict = TC_VERDICT_SKIPPED;
        return;
    }
    bool only024 = rep->excess_odd == 0, only0 = rep->excess_odd == 0;
    for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
        if (rep->excess[b] == 0) {
            continue;
        }
        put(r->measured, sizeof r->measured, "%s+%d%s: %lld", r->measured[0] ? ", " : "", b,
            b == TC_CHECK_EXCESS_BINS - 1 ? " or more" : "", (long long)rep->excess[b]);
        only024 = only024 && (b == 0 || b == 2 || b == 4);
        only0 = only0 && b == 0;
    }
    if (rep->excess_odd) {
        put(r->measured, sizeof r->measured, ", %s: %lld",
            tc_net_bipartite(x->net) ? "odd" : "negative", (long long)rep->excess_odd);
    }
    if (row->excess == EXCESS_ALMOST) {
        claim(r, x->n >= 3, only024, row->excess_source, "%s", row->excess_claim);
    } else {
        claim(r, row->excess == EXCESS_SHORTEST, only0, row->excess_source, "%s",
              row->excess_claim != NULL ? row->excess_claim : "");
    }
}

void tc_claims_evaluate(const tc_net_t *net, tc_kind_t kind, const tc_check_report_t *rep,
                        tc_claims_t *c)
{
    memset(c, 0, sizeof *c);
    cx_t x = {.net = net,
              .kind = kind,
              .rep = rep,
              .c = c,
              .n = tc_net_n(net),
              .N = tc_net_nodes(net),
              .T = rep->ntrees};
    const claims_row_t *row = find_row(net, kind);
    tc_claim_row_t *r = add(c, "trees", "number of trees");
    snprintf(r->measured, sizeof r->measured, "%d", x.T);
    if (row->trees != NULL) {
        row->trees(&x, r);
    }
    rooted_row(&x);
    span_rows(&x, row);

    /* depth: only meaningful for trees that reach every node they claim */
    depth_text(rep, x.dt, sizeof x.dt, &x.lo, &x.hi);
    r = add(c, "depth", "depth");
    snprintf(r->measured, sizeof r->measured, "%s", x.dt);
    if (!x.span_ok) {
        snprintf(r->measured, sizeof r->measured, "not judged: the trees do not span");
        r->verdict = TC_VERDICT_SKIPPED;
    } else if (row->depth != NULL) {
        row->depth(&x, r);
    }
    disjoint_rows(&x, row);
    independence_row(&x, row);
    excess_row(&x, row);
    if (row->extra != NULL) {
        row->extra(&x);
    }
    c->all_hold = true;
    for (int k = 0; k < c->count; k++) {
        if (c->rows[k].verdict == TC_VERDICT_FAILS) {
            c->all_hold = false;
        }
    }
}

void tc_claims_compare(const tc_net_t *net, tc_kind_t a, tc_kind_t b, const tc_compare_t *cmp,
                       tc_claims_t *c)
{
    int n = tc_net_n(net);
    tc_claim_row_t *r;
    bool pair_minr_minbl = (a == TC_KIND_SBNT_MINR && b == TC_KIND_SBNT_MINBL) ||
                           (a == TC_KIND_SBNT_MINBL && b == TC_KIND_SBNT_MINR);
    bool pair_maxl_maxbr = (a == TC_KIND_SBNT_MAXL && b == TC_KIND_SBNT_MAXBR) ||
                           (a == TC_KIND_SBNT_MAXBR && b == TC_KIND_SBNT_MAXL);
    bool pair_minr_maxl = (a == TC_KIND_SBNT_MINR && b == TC_KIND_SBNT_MAXL) ||
                          (a == TC_KIND_SBNT_MAXL && b == TC_KIND_SBNT_MINR);

    r = add(c, "shared_below_1", "shared edges below level 1");
    snprintf(r->measured, sizeof r->measured, "%lld directed edge%s with %s",
             (long long)cmp->shared_below1_total, plural(cmp->shared_below1_total),
             tc_kind_name(b));
    if (cmp->example >= 0) {
        char lab[TC_LABEL_MAX];
        tc_net_label(net, cmp->example, false, lab, sizeof lab);
        put(r->measured, sizeof r->measured, "; first into %s", lab);
    }
    /* corrections 002.7: n <= 4: 0; 5: 5; 6: 6; 7: 14; 8: 32 (the paper prints 16) */
    static const int64_t shared[] = {0, 0, 0, 0, 0, 5, 6, 14, 32};
    bool known = pair_minr_minbl && n <= 8; /* the sbnt kinds live on Q_n */
    if (known) {
        claim(r, true, cmp->shared_below1_total == shared[n],
              n == 8 ? "corrections 002.7 (paper: 16)" : "002 Sec. 4; corrections 002.7", "%lld",
              (long long)shared[n]);
    }

    if (cmp->reversal_tested) {
        r = add(c, "reversal_isomorphism", "bit reversal maps one onto the other");
        snprintf(r->measured, sizeof r->measured, "%lld (node, tree) pair%s violate",
                 (long long)cmp->reversal_violations, plural(cmp->reversal_violations));
        claim(r, pair_minr_minbl || pair_maxl_maxbr, cmp->reversal_violations == 0, "002 Theorem 5",
              "0: topologically equivalent via B");
    }

    r = add(c, "subtree_sizes", "root subtree sizes");
    int dims = tc_net_degree(net);
    for (int d = 0; d < dims && d < TC_CHECK_MAX_DIMS; d++) {
        put(r->measured, sizeof r->measured, d ? " %lld/%lld" : "%lld/%lld",
            (long long)cmp->subtree_a[d], (long long)cmp->subtree_b[d]);
    }
    put(r->measured, sizeof r->measured, " by root edge dimension 0..n-1; %s",
        cmp->subtrees_equal_reversed      ? "subtree d of one = subtree n-1-d of the other"
        : cmp->subtrees_equal_as_multiset ? "equal as multisets only"
                                          : "different");
    /* Subtree j (index j) hangs from dimension j in minR and maxBR, n-1-j in maxL and minBL. */
    claim(r, pair_minr_maxl || pair_minr_minbl || pair_maxl_maxbr, cmp->subtrees_equal_reversed,
          pair_minr_maxl ? "002 Lemma 13" : "002 Theorem 5",
          "the same size for the same subtree index");
    c->all_hold = true;
    for (int k = 0; k < c->count; k++) {
        if (c->rows[k].verdict == TC_VERDICT_FAILS) {
            c->all_hold = false;
        }
    }
}

/* ---- the kinds `treecast info` summarizes -----------------------------------------------------
 */

#define SUMMARY_MAX_NODES 40320

static const tc_claim_row_t *row_named(const tc_claims_t *c, const char *key)
{
    for (int k = 0; k < c->count; k++) {
        if (strcmp(c->rows[k].key, key) == 0) {
            return &c->rows[k];
        }
    }
    return NULL;
}

static void kind_facts(const tc_net_t *net, tc_kind_t kind, tc_facts_t *facts)
{
    char key[24];
    const char *name = tc_kind_name(kind);
    tc_forest_t *forest = NULL;
    tc_check_report_t rep;
    tc_claims_t claims;
    tc_check_opts_t o = tc_check_defaults();
    o.independence = o.excess = o.undirected = false;
    bool measured = tc_net_nodes(net) <= SUMMARY_MAX_NODES &&
                    tc_trees_build(net, kind, 0, 0, &forest) == TC_OK &&
                    tc_check_forest(forest, &o, &rep) == TC_OK;
    tc_forest_free(forest);
    if (!measured) { /* the claims' words depend on the network only: judge a report that
                        meets the spanning claims, and keep the words */
        memset(&rep, 0, sizeof rep);
        rep.ntrees = tc_trees_count(net, kind);
        rep.nodes = tc_net_nodes(net);
        for (int t = 0; t < rep.ntrees && t < TC_CHECK_MAX_TREES; t++) {
            rep.reached[t] = rep.members[t] = rep.nodes;
            rep.root_ok[t] = true;
        }
    }
    tc_claims_evaluate(net, kind, &rep, &claims);
    const tc_claim_row_t *trees = row_named(&claims, "trees");
    const tc_claim_row_t *span = row_named(&claims, "spanning");
    const tc_claim_row_t *depth = row_named(&claims, "depth");
    snprintf(key, sizeof key, "%s_trees", name);
    tc_fact_t *f = tc_facts_add(facts, key, trees != NULL ? trees->source : "");
    if (f != NULL && trees != NULL) {
        snprintf(f->paper, sizeof f->paper, "%.100s spanning trees", trees->claim);
    }
    if (f != NULL && measured && trees != NULL && span != NULL) {
        int spanning = 0;
        for (int t = 0; t < rep.ntrees; t++) {
            spanning += rep.reached[t] == rep.nodes;
        }
        char root[TC_LABEL_MAX];
        tc_net_label(net, 0, false, root, sizeof root);
        snprintf(f->value, sizeof f->value, "%d spanning of %d built at %s", spanning, rep.ntrees,
                 root);
        f->verdict = trees->verdict == TC_VERDICT_FAILS || span->verdict == TC_VERDICT_FAILS
                         ? TC_FACT_DIFFERS
                         : TC_FACT_AGREES;
    } else if (f != NULL) {
        snprintf(f->value, sizeof f->value, "see treecast check (built here up to %d nodes)",
                 SUMMARY_MAX_NODES);
    }
    snprintf(key, sizeof key, "%s_depth", name);
    f = tc_facts_add(facts, key, depth != NULL ? depth->source : "");
    if (f != NULL && depth != NULL) {
        snprintf(f->paper, sizeof f->paper, "%s", depth->claim);
    }
    if (f != NULL && measured && depth != NULL) {
        snprintf(f->value, sizeof f->value, "%s", depth->measured);
        f->verdict = depth->verdict == TC_VERDICT_FAILS ? TC_FACT_DIFFERS : TC_FACT_AGREES;
    } else if (f != NULL) {
        snprintf(f->value, sizeof f->value, "see treecast check (built here up to %d nodes)",
                 SUMMARY_MAX_NODES);
    }
}

tc_err_t tc_check_kind_facts(const tc_net_t *net, tc_facts_t *facts)
{
    for (int k = 0; k < TC_KIND_COUNT_; k++) {
        if (tc_kind_summary((tc_kind_t)k, net)) {
            kind_facts(net, (tc_kind_t)k, facts);
        }
    }
    return TC_OK;
}

/* ---- what to measure, and root classes --------------------------------------------------------
 */

/* What tc_check_suggest says, for T trees numbered label[0..T-1] of kind on net. */
static void suggest(const tc_net_t *net, tc_kind_t kind, int T, const int *label,
                    tc_check_opts_t *dflt, tc_check_opts_t *possible)
{
    int order = tc_net_rotation_order(net);
    bool numbered = order > 0 && tc_net_translates(net) && T == order && T <= TC_CHECK_MAX_TREES;
    uint64_t seen = 0;
    for (int t = 0; numbered && t < T; t++) {
        int l = label[t];
        int bit = l - tc_net_dim_min(net);
        numbered = l <= tc_net_dim_max(net) && bit >= 0 && bit < 64 && !(seen & (1ull << bit));
        seen |= numbered ? 1ull << bit : 0;
    }
    const claims_row_t *row = find_row(net, kind);
    if (dflt != NULL) {
        dflt->rotation = numbered;
        dflt->levels = row->levels == LEVELS_YES || (row->levels == LEVELS_ONE_TREE && T == 1);
    }
    if (possible != NULL) {
        possible->rotation = numbered;
        possible->levels = row->levels != LEVELS_NO;
    }
}

void tc_check_suggest(const tc_forest_t *forest, tc_check_opts_t *dflt, tc_check_opts_t *possible)
{
    int label[TC_CHECK_MAX_TREES], T = tc_forest_trees(forest);
    for (int t = 0; t < T && t < TC_CHECK_MAX_TREES; t++) {
        label[t] = tc_forest_label(forest, t);
    }
    suggest(tc_forest_net(forest), tc_forest_kind(forest), T, label, dflt, possible);
}

void tc_check_suggest_kind(const tc_net_t *net, tc_kind_t kind, tc_check_opts_t *dflt,
                           tc_check_opts_t *possible)
{
    int label[TC_CHECK_MAX_TREES], T = tc_trees_count(net, kind);
    for (int t = 0; t < T && t < TC_CHECK_MAX_TREES; t++) {
        label[t] = tc_trees_label(net, kind, t);
    }
    suggest(net, kind, T, label, dflt, possible);
}

/* The classes of the icube EDST rows: S_0 .. S_{2^(n-k)-1} and S_b. */
static bool has_classes(const tc_net_t *net, tc_kind_t kind)
{
    return find_row(net, kind)->root_classes && find_row(net, kind)->kind == kind;
}

int tc_claims_root_classes(const tc_net_t *net, tc_kind_t kind)
{
    return has_classes(net, kind) ? (1 << (tc_net_n(net) - tc_net_k(net))) + 1 : 0;
}

void tc_claims_root_class_at(const tc_net_t *net, tc_kind_t kind, int k, tc_root_class_t *out)
{
    memset(out, 0, sizeof *out);
    int n = tc_net_n(net), kk = tc_net_k(net), last = 1 << (n - kk);
    (void)kind;
    out->index = k;
    if (k == last) {
        snprintf(out->name, sizeof out->name, "S_b");
    } else {
        snprintf(out->name, sizeof out->name, "S_%d", k);
    }
    /* every root of a class has the same claims except node N-2 for k = 0 */
    out->example = k == last ? ((int64_t)1 << n) : (int64_t)k << kk;
    out->claimed_height = tc_icube_lemma3_height(n, kk, out->example);
    out->notes_height = tc_icube_measured_height(n, kk, out->example);
}

int tc_claims_root_class(const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    return has_classes(net, kind) ? tc_icube_root_class(tc_net_n(net), tc_net_k(net), root) : -1;
}

tc_err_t tc_check_properties(const char *list, tc_check_opts_t *o)
{
    static const char *const names[] = {"undirected", "independence", "excess",   "rotation",
                                        "levels",     "all",          "spanning", "disjoint"};
    if (strspn(list, ",") == strlen(list)) {
        return tc__fail(TC_EINVAL, "at least one property is needed");
    }
    tc_check_opts_t set = *o;
    set.undirected = set.independence = set.excess = set.rotation = set.levels = false;
    bool *out[] = {&set.undirected, &set.independence, &set.excess, &set.rotation, &set.levels};
    for (const char *s = list; *s != '\0';) {
        size_t len = strcspn(s, ",");
        size_t k = 0;
        while (k < 8 && (strlen(names[k]) != len || strncmp(s, names[k], len) != 0)) {
            k++;
        }
        if (k == 8) {
            return tc__fail(TC_EINVAL, "unknown property \"%.*s\"", (int)len, s);
        }
        for (size_t f = 0; f < 5; f++) { /* spanning and disjoint: always checked */
            *out[f] = *out[f] || f == k || k == 5;
        }
        s += len + (s[len] == ',');
    }
    *o = set;
    return TC_OK;
}

int64_t tc_check_default_sample(const tc_net_t *net)
{
    return tc_net_nodes(net) > TC_CHECK_EXHAUSTIVE_MAX ? TC_CHECK_SAMPLE : 0;
}
