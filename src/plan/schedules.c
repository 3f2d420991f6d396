/* The schedules by name (treecast sim): one row per name and family, with the paper's lower
 * bound and the rounds the construction claims. The bounds of paper 000 (Tables 1-3) are in
 * bounds.c; paper 003's Theorem 3 and the claims of papers 002-004 are here. */
#include "core/internal.h"
#include "treecast/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- references ---------------------------------------------------------------------------- */

static void no_claim(tc_sched_ref_t *out)
{
    out->claim = -1;
}

static void set_claim(tc_sched_ref_t *out, int64_t rounds, const char *formula, const char *source)
{
    out->claim = rounds;
    snprintf(out->claim_formula, sizeof out->claim_formula, "%s", formula);
    snprintf(out->claim_source, sizeof out->claim_source, "%s", source);
}

/* x parallel paths for the fault-tolerant problems; a plain broadcast is judged against the
 * row of the degree (paper 000: n-1 on S_n, k on C_k). */
static int paths(const tc_schedule_t *s, const tc_net_t *net, int x)
{
    return s->coll == TC_COLL_BCAST ? tc_net_degree(net) : x;
}

static tc_problem_t problem_of(tc_collective_t c)
{
    return (tc_problem_t)c; /* the two enums list the collectives of Section 4 in one order */
}

/* S_n: Tables 1 and 2 of paper 000. */
static tc_err_t ref_star(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                         int x, tc_sched_ref_t *out)
{
    (void)root;
    no_claim(out);
    out->have_bound = true;
    return tc_bounds_star(tc_net_n(net), M, paths(s, net, x), problem_of(s->coll), &out->bound);
}

/* Q_n: Table 3 of paper 000 for the bound; the construction's own claim: the pipelined
 * binomial tree M + n - 1; the nEDST ceil(M/n) + n (003 Sec. II-C, corrections 003.1); the
 * ISTs, every packet down all n trees of height n+1 (004, corrections 004.1): M + n. */
static tc_err_t ref_cube(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                         int x, tc_sched_ref_t *out)
{
    (void)root;
    int n = tc_net_n(net);
    no_claim(out);
    out->have_bound = true;
    tc_err_t err = tc_bounds_cube(n, M, paths(s, net, x), problem_of(s->coll), &out->bound);
    if (s->kind == TC_KIND_BINOMIAL) {
        set_claim(out, M + n - 1, "M + n - 1", "002 Sec. 1 (pipelined binomial tree)");
    } else if (s->kind == TC_KIND_NEDST) {
        set_claim(out, (M + n - 1) / n + n, "ceil(M/n) + n", "003 Sec. II-C; corrections 003.1");
    } else if (s->kind == TC_KIND_IST && x == n) {
        set_claim(out, M + n, "M + n (every packet down all n trees of height n+1)",
                  "004 Sec. 5.3; corrections 004.1");
    }
    return err;
}

/* I_k^n: Theorem 3 of paper 003, ceil(M/(k+1)) + n; the claims of Section IV and Table I. */
static tc_err_t ref_icube(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                          int x, tc_sched_ref_t *out)
{
    (void)root;
    (void)x;
    int n = tc_net_n(net), k1 = tc_net_k(net) + 1;
    no_claim(out);
    out->have_bound = true;
    tc_bound_t *b = &out->bound;
    b->time = b->time_printed = (double)((M + k1 - 1) / k1 + n);
    b->transmissions = (double)(M * (tc_net_nodes(net) - 1));
    snprintf(b->time_formula, sizeof b->time_formula, "ceil(M/(k+1)) + n");
    snprintf(b->tx_formula, sizeof b->tx_formula, "M(2^n+2^k-1)");
    snprintf(b->source, sizeof b->source, "003 Theorem 3");
    if (s->kind == TC_KIND_EDST) {
        set_claim(out, (M + k1 - 1) / k1 + n + 1, "ceil(M/(k+1)) + n + 1",
                  "003 Sec. IV-B, Table I");
    } else if (s->kind == TC_KIND_EDHP) { /* Table I divides M over k paths */
        int64_t K = (int64_t)1 << (k1 - 1);
        set_claim(out, (M + k1 - 2) / (k1 - 1) + ((int64_t)1 << n) + K - 2,
                  "ceil(M/k) + N + K - 2 (Table I's k paths)", "003 Sec. IV-C, Table I");
    }
    return TC_OK;
}

/* Any network: a broadcast of M packets needs ceil(M/d) rounds for them to leave a root of
 * degree d, and the last one then needs ecc - 1 more to reach the farthest node. */
static tc_err_t ref_any(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M, int x,
                        tc_sched_ref_t *out)
{
    (void)x;
    no_claim(out);
    if (s->coll != TC_COLL_BCAST || !tc_net_materializable(net)) {
        return TC_OK;
    }
    int64_t N = tc_net_nodes(net);
    uint8_t *dist = tc__malloc_array((size_t)N, 1);
    if (dist == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the distances of the bound.");
    }
    tc_err_t err = tc_net_distances(net, root, dist);
    int ecc = 0, d = 0;
    for (int64_t v = 0; err == TC_OK && v < N; v++) {
        ecc = dist[v] != 0xFF && dist[v] > ecc ? dist[v] : ecc;
    }
    for (int p = 0; p < tc_net_degree(net); p++) {
        d += tc_net_neighbor(net, root, tc_net_dim_min(net) + p) >= 0;
    }
    free(dist);
    if (err != TC_OK || d == 0) {
        return err;
    }
    out->have_bound = true;
    tc_bound_t *b = &out->bound;
    b->time = b->time_printed = (double)((M + d - 1) / d + ecc - 1);
    b->transmissions = (double)(M * (N - 1));
    snprintf(b->time_formula, sizeof b->time_formula, "ceil(M/d) + e - 1 (d = %d, e = %d)", d, ecc);
    snprintf(b->tx_formula, sizeof b->tx_formula, "M(N-1)");
    snprintf(b->source, sizeof b->source, "root degree and eccentricity");
    return TC_OK;
}

/* ---- the catalog --------------------------------------------------------------------------- */

#define ROUNDS(nm, fam, wh, c, k, all, ref)                                                        \
    {                                                                                              \
        .name = (nm), .family = (fam), .what = (wh), .coll = (c), .kind = (k),                     \
        .all_sources = (all), .reference = (ref)                                                   \
    }
#define CYCLES(nm, wh, op, k, sp)                                                                  \
    {                                                                                              \
        .name = (nm), .family = "cube", .what = (wh), .in_cycles = true, .coll = TC_COLL_SCATTER,  \
        .cycles = (op), .kind = (k), .split = (sp)                                                 \
    }

static const tc_schedule_t CATALOG[] = {
    /* paper 000, Section 4, on S_n */
    ROUNDS("bcast-bfs", "star", "M packets pipelined down one BFS tree (Section 4.1 baseline)",
           TC_COLL_BCAST, TC_KIND_BFS, false, ref_star),
    ROUNDS("bcast", "star", "the M packets split over the n-1 EDT subtrees (Section 4.2)",
           TC_COLL_BCAST, TC_KIND_EDT, false, ref_star),
    ROUNDS("ft-bcast", "star", "every packet down X subtrees (Section 4.3)", TC_COLL_FT_BCAST,
           TC_KIND_EDT, false, ref_star),
    ROUNDS("multinode", "star",
           "every node broadcasts M messages over its translated EDT with the synchronized "
           "depth-first schedule (Section 4.4, Lemma 7)",
           TC_COLL_MULTINODE, TC_KIND_EDT, true, ref_star),
    ROUNDS("scatter", "star",
           "M distinct messages to every node down X subtrees, farthest first (Section 4.5)",
           TC_COLL_SCATTER, TC_KIND_EDT, false, ref_star),
    ROUNDS("total-exchange", "star", "every node scatters with the necklace schedule (Section 4.6)",
           TC_COLL_TOTAL_EXCHANGE, TC_KIND_EDT, true, ref_star),
    /* the hypercube (papers 002, 003, 004) */
    ROUNDS("bcast-binomial", "cube", "M packets pipelined down the spanning binomial tree",
           TC_COLL_BCAST, TC_KIND_BINOMIAL, false, ref_cube),
    ROUNDS("bcast-nedst", "cube",
           "the M packets split over the n Johnsson-Ho edge-disjoint trees (paper 003)",
           TC_COLL_BCAST, TC_KIND_NEDST, false, ref_cube),
    ROUNDS("ist-bcast", "cube",
           "every packet down all n independent spanning trees (paper 004; --x X: X of them)",
           TC_COLL_FT_BCAST, TC_KIND_IST, false, ref_cube),
    CYCLES("scatter-sbnt", "M elements to every node over the SBnT in routing cycles (002 Sec. 5)",
           TC_CYCLES_SCATTER, TC_KIND_SBNT_MINR, false),
    CYCLES("scatter-sbg", "the same over the SBG (n rotated SBnTs, every node's data split)",
           TC_CYCLES_SCATTER, TC_KIND_SBG, true),
    CYCLES("scatter-binomial", "the same over the binomial tree, for comparison", TC_CYCLES_SCATTER,
           TC_KIND_BINOMIAL, false),
    CYCLES("allgather", "all-to-all broadcast over the 2^n translated SBnTs (002 Table 2)",
           TC_CYCLES_ALLGATHER, TC_KIND_SBNT_MINR, false),
    CYCLES("alltoall", "all-to-all personalized over the 2^n translated SBnTs (002 Table 2)",
           TC_CYCLES_ALLTOALL, TC_KIND_SBNT_MINR, false),
    CYCLES("allgather-sbg", "all-to-all broadcast over translated SBGs (data split in n)",
           TC_CYCLES_ALLGATHER, TC_KIND_SBG, true),
    CYCLES("alltoall-sbg", "all-to-all personalized over translated SBGs (data split in n)",
           TC_CYCLES_ALLTOALL, TC_KIND_SBG, true),
    CYCLES("allgather-binomial", "all-to-all broadcast over translated binomial trees",
           TC_CYCLES_ALLGATHER, TC_KIND_BINOMIAL, false),
    CYCLES("alltoall-binomial", "all-to-all personalized over translated binomial trees",
           TC_CYCLES_ALLTOALL, TC_KIND_BINOMIAL, false),
    /* the incomplete hypercube (paper 003) */
    ROUNDS("bcast-binomial", "icube", "M packets pipelined down the binomial tree", TC_COLL_BCAST,
           TC_KIND_BINOMIAL, false, ref_icube),
    ROUNDS("bcast-edst", "icube", "the M packets over the K+1 edge-disjoint spanning trees",
           TC_COLL_BCAST, TC_KIND_EDST, false, ref_icube),
    ROUNDS("bcast-hp", "icube",
           "the M packets over Theorem 4's directed edge-disjoint Hamiltonian paths (N <= 7)",
           TC_COLL_BCAST, TC_KIND_EDHP, false, ref_icube),
    /* any network, over the trees the caller names (--kind) or gives (--input) */
    ROUNDS("bcast", NULL, "the M packets split over the given trees", TC_COLL_BCAST, TC_KIND_CUSTOM,
           false, ref_any),
    ROUNDS("ft-bcast", NULL, "every packet down X of the given trees", TC_COLL_FT_BCAST,
           TC_KIND_CUSTOM, false, ref_any),
    ROUNDS("scatter", NULL, "M distinct messages to every node down X of the given trees",
           TC_COLL_SCATTER, TC_KIND_CUSTOM, false, ref_any),
    ROUNDS("multinode", NULL,
           "every node broadcasts over the given trees of node 0, translated (networks with "
           "translations)",
           TC_COLL_MULTINODE, TC_KIND_CUSTOM, true, ref_any),
};
#define NCATALOG (sizeof CATALOG / sizeof CATALOG[0])

/* The rows are keyed by the registry's family name (a paper's schedule on its own family);
 * this lookup is the only reader of the network's name in plan/. */
const tc_schedule_t *tc_schedule_find(const char *name, const tc_net_t *net)
{
    const tc_schedule_t *any = NULL;
    for (size_t j = 0; j < NCATALOG; j++) {
        if (strcmp(CATALOG[j].name, name) != 0) {
            continue;
        }
        if (CATALOG[j].family == NULL) {
            any = &CATALOG[j];
        } else if (net != NULL && strcmp(CATALOG[j].family, tc_net_family_name(net)) == 0) {
            return &CATALOG[j];
        }
    }
    return any;
}

const tc_schedule_t *tc_schedule_at(int k)
{
    return k >= 0 && (size_t)k < NCATALOG ? &CATALOG[k] : NULL;
}

const char *tc_schedule_families(const char *name)
{
    static _Thread_local char buf[256];
    const char *fams[NCATALOG];
    size_t count = 0;
    for (size_t j = 0; j < NCATALOG; j++) {
        if (strcmp(CATALOG[j].name, name) == 0) {
            fams[count++] = CATALOG[j].family != NULL ? CATALOG[j].family : "any network";
        }
    }
    size_t len = 0;
    buf[0] = '\0';
    for (size_t q = 0; q < count; q++) {
        const char *sep = q == 0 ? "" : q + 1 == count ? " or " : ", ";
        int w = snprintf(buf + len, sizeof buf - len, "%s%s", sep, fams[q]);
        len += w > 0 && (size_t)w < sizeof buf - len ? (size_t)w : 0;
    }
    return buf;
}

tc_err_t tc_schedule_reference(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                               int x, tc_sched_ref_t *out)
{
    memset(out, 0, sizeof *out);
    out->claim = -1;
    return s->reference != NULL ? s->reference(s, net, root, M, x, out) : TC_OK;
}

int64_t tc_plan_trees_predicted_rounds(const tc_plan_trees_t *tr, tc_collective_t what, int64_t M,
                                       int x)
{
    if (what != TC_COLL_BCAST && what != TC_COLL_FT_BCAST) {
        return -1;
    }
    int64_t T = tr->ntrees, total = M * (what == TC_COLL_BCAST ? 1 : x);
    int64_t worst = 0;
    for (int64_t t = 0; t < T; t++) {
        int depth = 0;
        const uint8_t *dp = tr->depth + (size_t)t * (size_t)tr->nodes;
        for (int64_t v = 0; v < tr->nodes; v++) {
            depth = dp[v] != 0xFF && dp[v] > depth ? dp[v] : depth;
        }
        int64_t packets = total / T + (t < total % T);
        if (packets > 0 && packets + depth - 1 > worst) {
            worst = packets + depth - 1;
        }
    }
    return worst;
}
