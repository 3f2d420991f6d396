/* The papers' claims beside the measured values. Each claim cites its source; where the
 * reading notes correct or sharpen a claim, both are stated. */
#include "net/net_internal.h"
#include "treecast/check.h"

#include <stdarg.h>
#include <stdio.h>
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

static const char *cube_source(tc_kind_t kind)
{
    switch (kind) {
    case TC_KIND_BINOMIAL:
        return "002 Sec. 1";
    case TC_KIND_SBNT_MINR:
        return "002 Sec. 3";
    case TC_KIND_SBNT_MAXL:
    case TC_KIND_SBNT_MINBL:
    case TC_KIND_SBNT_MAXBR:
        return "002 Sec. 4";
    case TC_KIND_SBG:
        return "002 Sec. 3 (SBG)";
    case TC_KIND_NEDST:
        return "003 Sec. II-C";
    case TC_KIND_NEDST_PIVOTED:
        return "003 Sec. III-A";
    case TC_KIND_IST:
        return "004 Alg. 5";
    case TC_KIND_IST_HDLS:
        return "004 Alg. 4";
    default:
        return "definition";
    }
}

static void cube_depth_claim(tc_claim_row_t *r, int n, tc_kind_t kind, int lo, int hi)
{
    switch (kind) {
    case TC_KIND_BINOMIAL:
        claim(r, true, lo == n, "002 Sec. 1", "= n = %d", n);
        break;
    case TC_KIND_SBNT_MINR:
    case TC_KIND_SBNT_MAXL:
    case TC_KIND_SBNT_MINBL:
    case TC_KIND_SBNT_MAXBR:
        claim(r, true, lo == n, "002 Corollary 1", "= n = %d (one subtree n, others n-1)", n);
        break;
    case TC_KIND_SBG:
        claim(r, true, lo == n && hi == n, "002 Corollary 1", "= n = %d in every tree", n);
        break;
    case TC_KIND_NEDST:
        claim(r, n >= 2, lo == n + 1 && hi == n + 1, "READING-NOTES 003.1",
              "= n+1 = %d in every tree", n + 1);
        break;
    case TC_KIND_NEDST_PIVOTED:
        claim(r, n >= 2, lo == n && hi == n, "READING-NOTES 003.1", "= n = %d in every tree", n);
        break;
    case TC_KIND_IST:
    case TC_KIND_IST_HDLS:
        claim(r, n >= 2, lo == n + 1 && hi == n + 1, "READING-NOTES 004.1",
              "= n+1 = %d in every tree", n + 1);
        break;
    default:
        break;
    }
}

/* Lemma 3 (SBnT^minR, and SBnT^minBL by Theorem 5): ceil((n-l)/2) at level l >= 1; the
 * formula after Theorem 5 for SBnT^maxL (and SBnT^maxBR): ceil((n-1)/2) at l = 1, n-l-1 for
 * 2 <= l <= n-2, 1 at l = n-1; binomial: n - l. Level n has leaves only. */
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

    /* Lemma 8: cyclic nodes are leaves (non-root ones: READING-NOTES 002.3) */
    r = add(c, "cyclic_leaves", "cyclic nodes are leaves");
    snprintf(r->measured, sizeof r->measured, "%lld cyclic non-root node%s with children",
             (long long)rep->cyclic_inner, plural(rep->cyclic_inner));
    claim(r, kind == TC_KIND_SBNT_MINR, rep->cyclic_inner == 0, "002 Lemma 8; READING-NOTES 002.3",
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
    if (k == 0) { /* READING-NOTES 003.3: S_b and node N-2 */
        return (cls == last || root == ((int64_t)1 << n) - 2) ? n + 2 : n + 1;
    }
    bool high = cls == last || cls == last - 1 || (n >= k + 2 && cls == last - 2);
    return high ? n + 2 : n + 1;
}

static void icube_depth_claims(tc_claims_t *c, tc_claim_row_t *r, const tc_net_t *net,
                               tc_kind_t kind, const tc_check_report_t *rep, int lo, int hi,
                               const char *dt)
{
    int n = net->n, k = net->k;
    if (kind == TC_KIND_EDHP) { /* a Hamiltonian path: every node at its own depth */
        claim(r, true, lo == hi && hi == net->nodes - 1, "003 Sec. IV-A",
              "= 2^n + 2^k - 1 = %lld in every tree (Hamiltonian)", (long long)net->nodes - 1);
        return;
    }
    if (kind != TC_KIND_EDST) {
        return;
    }
    int cls = tc_icube_root_class(n, k, rep->root);
    int want = tc_icube_lemma3_height(n, k, rep->root);
    (void)lo;
    claim(r, n >= 2, hi == want, "003 Lemma 3",
          "= %d for a root in S_%d (n+2 for S_%d and S_b, n+1 otherwise)", want, cls,
          (1 << (n - k)) - 1);
    r = add(c, "depth_notes", "height, as measured by the notes");
    snprintf(r->measured, sizeof r->measured, "%s", dt);
    int got = tc_icube_measured_height(n, k, rep->root);
    claim(r, got > 0, hi == got, "READING-NOTES 003.3",
          "= %d (n+2 also for S_%d when k >= 1, n >= k+2; k = 0: S_b and node N-2)", got,
          (1 << (n - k)) - 2);
}

void tc_claims_evaluate(const tc_net_t *net, tc_kind_t kind, const tc_check_report_t *rep,
                        tc_claims_t *c)
{
    memset(c, 0, sizeof *c);
    int n = net->n;
    int64_t N = net->nodes;
    int64_t sub = N / n; /* (n-1)! nodes per substar */
    int T = rep->ntrees;
    bool edt = kind == TC_KIND_EDT, spg = kind == TC_KIND_SPG, spt = kind == TC_KIND_SPT;
    bool bfs = kind == TC_KIND_BFS;
    bool cube = net->family == TC_NET_CUBE;
    bool icube = net->family == TC_NET_ICUBE;
    tc_claim_row_t *r;

    /* trees */
    r = add(c, "trees", "number of trees");
    snprintf(r->measured, sizeof r->measured, "%d", T);
    if (edt || spg) {
        claim(r, true, T == n - 1, edt ? "000 Sec. 3, Def. 8" : "000 Def. 7", "n-1 = %d", n - 1);
    } else if (cube) {
        int want_t = tc_trees_count(net, kind);
        claim(r, want_t > 0, T == want_t, cube_source(kind), want_t == 1 ? "1" : "n = %d", n);
    } else if (icube && kind == TC_KIND_EDHP) {
        int want_t = tc_trees_count(net, kind);
        claim(r, want_t > 0, T == want_t, "003 Theorem 4",
              "k+1 (k odd) or k (k even) = %d directed Hamiltonian paths", want_t);
    } else if (icube) {
        int want_t = tc_trees_count(net, kind);
        claim(r, want_t > 0, T == want_t,
              kind == TC_KIND_EDST ? "003 Sec. III, Theorem 1" : "003 Sec. II-B",
              want_t == 1 ? "1" : "k+1 = %d", want_t);
    } else {
        claim(r, spt || bfs, T == 1, spt ? "000 Def. 6" : "000 Sec. 4.1", "1");
    }

    /* rooted */
    int64_t extra = 0, unmarked = 0;
    for (int t = 0; t < T; t++) {
        extra += rep->extra_roots[t];
        unmarked += !rep->root_ok[t];
    }
    r = add(c, "rooted", "rooted at the given root");
    snprintf(r->measured, sizeof r->measured, "%lld of %d trees rooted there; %lld other roots",
             (long long)(T - unmarked), T, (long long)extra);
    if (kind == TC_KIND_NEDST_PIVOTED) {
        bool pivots = true;
        for (int t = 0; t < T; t++) {
            pivots = pivots && rep->tree_root[t] == (rep->root ^ ((int64_t)1 << t));
        }
        claim(r, true, extra == 0 && unmarked == 0 && pivots, "003 Sec. III-A",
              "tree j rooted at the pivot root XOR 2^j");
    } else {
        claim(r, true, extra == 0 && unmarked == 0, "definition", "every tree, no other root");
    }

    /* edges */
    int64_t bad = rep->nonedges;
    for (int t = 0; t < T; t++) {
        bad += rep->bad_dims[t];
    }
    r = add(c, "edges", "parents are neighbours");
    snprintf(r->measured, sizeof r->measured, "%lld non-edge%s", (long long)bad, plural(bad));
    claim(r, true, bad == 0, "definition", "0 non-edges");

    /* spanning */
    r = add(c, "spanning", edt || bfs || kind == TC_KIND_CUSTOM ? "spanning" : "coverage");
    int64_t want = N;
    const char *src = "definition";
    const char *what = "every tree reaches all %lld nodes";
    if (spt) {
        want = N - sub + 1;
        src = "000 Lemma 4.1";
        what = "{I_n} and every S^k_{n-1}, k>=2: %lld nodes";
    } else if (spg) {
        want = 2 * sub;
        src = "000 Lemma 5.1";
        what = "each T_l: S^l_{n-1} and S^1_{n-1}: %lld nodes";
    } else if (edt) {
        src = "000 Def. 8, Lemma 6";
    } else if (cube) {
        src = cube_source(kind);
    } else if (icube) {
        src = kind == TC_KIND_EDST   ? "003 Theorem 1"
              : kind == TC_KIND_EDHP ? "003 Theorem 4"
                                     : "003 Sec. II-B";
    }
    bool span_ok = true;
    int64_t rmin = rep->reached[0], rmax = rep->reached[0];
    for (int t = 0; t < T; t++) {
        span_ok = span_ok && rep->reached[t] == want && rep->members[t] == want;
        rmin = rep->reached[t] < rmin ? rep->reached[t] : rmin;
        rmax = rep->reached[t] > rmax ? rep->reached[t] : rmax;
    }
    if (rmin == rmax) {
        snprintf(r->measured, sizeof r->measured, "%lld of %lld nodes reach the root in %s",
                 (long long)rmin, (long long)N, T == 1 ? "the tree" : "every tree");
    } else {
        snprintf(r->measured, sizeof r->measured, "%lld..%lld of %lld nodes reach the root",
                 (long long)rmin, (long long)rmax, (long long)N);
    }
    claim(r, true, span_ok, src, what, (long long)want);

    /* acyclic */
    int64_t cyc = 0, det = 0;
    for (int t = 0; t < T; t++) {
        cyc += rep->cyclic[t];
        det += rep->detached[t];
    }
    r = add(c, "acyclic", "acyclic");
    snprintf(r->measured, sizeof r->measured, "%lld node%s on or into cycles; %lld cut off",
             (long long)cyc, plural(cyc), (long long)det);
    claim(r, true, cyc == 0 && det == 0, "definition", "0 and 0");

    /* depth: only meaningful for trees that reach every node they claim */
    int lo, hi;
    char dt[120];
    depth_text(rep, dt, sizeof dt, &lo, &hi);
    r = add(c, "depth", "depth");
    snprintf(r->measured, sizeof r->measured, "%s", dt);
    if (!span_ok) {
        snprintf(r->measured, sizeof r->measured, "not judged: the trees do not span");
        r->verdict = TC_VERDICT_SKIPPED;
    } else if (edt) {
        int bound = 3 * (n - 1) / 2 + 4;
        claim(r, true, hi <= bound, "000 Lemma 6.4", "<= floor(3(n-1)/2)+4 = %d", bound);
        r = add(c, "depth_exact", "depth, exact");
        snprintf(r->measured, sizeof r->measured, "%s", dt);
        int exact = 3 * (n - 2) / 2 + 4;
        claim(r, n >= 3, lo == exact && hi == exact, "READING-NOTES 000.5",
              "= floor(3(n-2)/2)+4 = %d in every tree", exact);
    } else if (bfs) {
        int diam = 3 * (n - 1) / 2;
        claim(r, true, lo == diam, "000 Sec. 4.1 ([1])", "= diameter floor(3(n-1)/2) = %d", diam);
    } else if (spt) {
        int d = 3 * (n - 2) / 2 + 1;
        claim(r, true, lo == d, "000 Lemma 6.4 proof", "= floor(3(n-2)/2)+1 = %d", d);
    } else if (spg) {
        int d = 3 * (n - 2) / 2 + 2;
        claim(r, n >= 3, lo == d && hi == d, "000 Lemma 6.4 proof",
              "= floor(3(n-2)/2)+2 = %d in every tree", d);
    } else if (cube) {
        cube_depth_claim(r, n, kind, lo, hi);
    } else if (icube) {
        icube_depth_claims(c, r, net, kind, rep, lo, hi, dt);
    }

    /* directed disjointness */
    r = add(c, "directed_disjoint", "directed edge-disjoint");
    snprintf(r->measured, sizeof r->measured, "%lld directed edge%s shared (at %lld node%s)",
             (long long)rep->shared_directed, plural(rep->shared_directed),
             (long long)rep->shared_nodes, plural(rep->shared_nodes));
    if (cube) {
        claim(r, kind == TC_KIND_NEDST || kind == TC_KIND_NEDST_PIVOTED, rep->shared_directed == 0,
              "003 Sec. II-C, III-A", "0 shared");
    } else if (icube) {
        claim(r, kind == TC_KIND_EDST || kind == TC_KIND_EDHP, rep->shared_directed == 0,
              kind == TC_KIND_EDHP ? "003 Theorem 4" : "003 Theorem 1", "0 shared");
    } else {
        claim(r, edt, rep->shared_directed == 0, "000 Lemma 6.1", "0 shared");
    }

    /* undirected use */
    r = add(c, "undirected_use", "undirected edge use");
    if (rep->undirected_tested) {
        snprintf(r->measured, sizeof r->measured, "both directions: %lld, one: %lld, unused: %lld",
                 (long long)rep->undirected_use[2], (long long)rep->undirected_use[1],
                 (long long)rep->undirected_use[0]);
        int64_t E = tc_net_edges(net);
        claim(r, edt,
              rep->undirected_use[2] == E - (n - 1) && rep->undirected_use[1] == n - 1 &&
                  rep->undirected_use[0] == 0,
              "READING-NOTES 000.5", "all but the n-1 root edges both ways: %lld, %d, 0",
              (long long)(E - (n - 1)), n - 1);
    } else {
        r->verdict = TC_VERDICT_SKIPPED;
    }

    /* independence */
    r = add(c, "independent", "independent (disjoint root paths)");
    if (rep->indep_tested) {
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
            tc_net_label(net, rep->indep_example, false, lab, sizeof lab);
            put(r->measured, sizeof r->measured, "; first %s", lab);
        }
        if (cube) {
            claim(r, kind == TC_KIND_IST || kind == TC_KIND_IST_HDLS, rep->indep_violations == 0,
                  kind == TC_KIND_IST ? "004 Alg. 5" : "004 Alg. 4",
                  "n internally disjoint root paths from every node");
        } else {
            claim(r, edt, rep->indep_violations == 0, "000 Lemma 6.3",
                  "n-1 parallel paths from every node");
        }
    } else {
        r->verdict = TC_VERDICT_SKIPPED;
    }

    /* path excess */
    r = add(c, "path_excess", "root path minus distance");
    if (rep->excess_tested && !span_ok) {
        snprintf(r->measured, sizeof r->measured, "not judged: the trees do not span");
        r->verdict = TC_VERDICT_SKIPPED;
    } else if (rep->excess_tested) {
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
            put(r->measured, sizeof r->measured, ", odd: %lld", (long long)rep->excess_odd);
        }
        if (cube) {
            bool greedy = kind == TC_KIND_BINOMIAL || kind == TC_KIND_SBG ||
                          (kind >= TC_KIND_SBNT_MINR && kind <= TC_KIND_SBNT_MAXBR);
            claim(r, greedy, only0, "002 Sec. 3 (greedy tree)", "shortest paths: +0 only");
        } else if (icube) {
            claim(r, kind == TC_KIND_BINOMIAL, only0, "003 Sec. II-B (e-cube routing)",
                  "shortest paths: +0 only");
        } else if (edt) {
            claim(r, n >= 3, only024, "000 Lemma 6.3; READING-NOTES 000.5",
                  "almost minimum: +0, +2 or +4 hops");
        } else {
            claim(r, bfs || spt, only0, bfs ? "000 Sec. 4.1" : "000 Lemma 4.2",
                  "shortest paths: +0 only");
        }
    } else {
        r->verdict = TC_VERDICT_SKIPPED;
    }

    if (cube) {
        cube_level_claims(c, n, kind, rep, span_ok);
    } else if (icube) {
        /* no rotation symmetry on I_k^n */
    } else {
        /* rotation */
        r = add(c, "rotation", "rotation T_r(l) = R(T_l)");
        if (rep->rot_tested) {
            snprintf(r->measured, sizeof r->measured, "%lld of %lld (node, tree) pairs violate",
                     (long long)rep->rot_violations, (long long)rep->rot_checked);
            claim(r, edt, rep->rot_violations == 0, "000 Lemma 6.2", "0 violations");
        } else {
            r->verdict = TC_VERDICT_SKIPPED;
        }
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
    int n = net->n;
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
    /* READING-NOTES 002.7: n <= 4: 0; 5: 5; 6: 6; 7: 14; 8: 32 (the paper prints 16) */
    static const int64_t shared[] = {0, 0, 0, 0, 0, 5, 6, 14, 32};
    bool known = pair_minr_minbl && net->family == TC_NET_CUBE && n <= 8;
    if (known) {
        claim(r, true, cmp->shared_below1_total == shared[n],
              n == 8 ? "READING-NOTES 002.7 (paper: 16)" : "002 Sec. 4; READING-NOTES 002.7",
              "%lld", (long long)shared[n]);
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
