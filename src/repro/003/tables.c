/* Paper 003's Tables I and II: the formulas beside the round engine, every root of the EDSTs
 * tried (tables.h). */
#include "treecast/tables.h"
#include "core/internal.h"
#include "treecast/hamilton.h"
#include "treecast/plan.h"
#include "treecast/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* kind's trees rooted at root on net, prepared for plans (the paper's children order). */
static tc_err_t prepare(tc_assembly_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                        int threads)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = threads};
    return tc_assembly_init(&o, a);
}

/* ---- 003 Tables I and II ------------------------------------------------------------------- */

/* A broadcast over prepared trees, its rounds memoized by the number of packets. */
typedef struct {
    tc_assembly_t p;
    int64_t *rounds; /* by packets, -1 until simulated */
} bc_t;

static tc_err_t bc_open(bc_t *b, tc_net_t *net, tc_kind_t kind, int64_t root, int64_t M)
{
    memset(b, 0, sizeof *b);
    b->rounds = malloc((size_t)(M + 1) * sizeof *b->rounds);
    if (b->rounds == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    for (int64_t q = 0; q <= M; q++) {
        b->rounds[q] = -1;
    }
    return prepare(&b->p, net, kind, root, 1);
}

static void bc_close(bc_t *b)
{
    tc_assembly_destroy(&b->p);
    free(b->rounds);
    memset(b, 0, sizeof *b);
}

/* Rounds of the broadcast of P packets split round-robin over the trees (the round engine). */
static tc_err_t bc_rounds(bc_t *b, int64_t P, int64_t *rounds)
{
    if (b->rounds[P] >= 0) {
        *rounds = b->rounds[P];
        return TC_OK;
    }
    tc_coll_opts_t co = {.what = TC_COLL_BCAST, .M = P, .x = 1};
    tc_coll_t *coll = NULL;
    tc_err_t err = tc_coll_new(&b->p.trees, b->p.topo, &co, &coll);
    tc_sim_result_t res;
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(b->p.topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    }
    tc_coll_free(coll);
    if (err == TC_OK && res.nodes_complete != b->p.topo->nodes) {
        err = tc__fail(TC_EINVAL, "A broadcast of the table did not reach every node.");
    }
    if (err == TC_OK) {
        b->rounds[P] = *rounds = res.rounds;
    }
    return err;
}

/* The packet size B in 1..M minimizing rounds(ceil(M/B)) x (B tc + ts), by simulation. */
static tc_err_t bc_best(bc_t *b, int64_t M, double ts, double tc, int64_t *bestB, double *bestT)
{
    *bestT = -1;
    for (int64_t B = 1; B <= M; B++) {
        int64_t r;
        tc_err_t err = bc_rounds(b, (M + B - 1) / B, &r);
        if (err != TC_OK) {
            return err;
        }
        double T = (double)r * ((double)B * tc + ts);
        if (*bestT < 0 || T < *bestT - 1e-12) {
            *bestT = T;
            *bestB = B;
        }
    }
    return TC_OK;
}

/* The formulas of Tables I and II. */
static void formulas_003(int n, int k, int64_t M, double ts, double tc, tc_table_003_t *r)
{
    int64_t N = (int64_t)1 << n, K = (int64_t)1 << k;
    double Md = (double)M;
    r->n = n;
    r->k = k;
    r->nodes = N + K;
    r->paths = tc_icube_edhc_directed_count(n, k);
    /* Table I (tau = 0, tc = 1: one element per packet, M packets) */
    r->edst_paper = (M + k) / (k + 1) + n + 1;
    r->lower = (M + k) / (k + 1) + n;
    r->hp_paper = k > 0 ? (M + k - 1) / k + N + K - 2 : -1;
    /* Table II */
    r->edst_bopt = sqrt(Md * ts / ((k + 1) * (n + 1) * tc));
    r->edst_tmin = pow(sqrt(Md * tc / (k + 1)) + sqrt((n + 1) * ts), 2);
    r->hp_bopt = k > 0 ? sqrt(Md * ts / (k * (double)(N + K - 2) * tc)) : -1;
    r->hp_tmin = k > 0 ? pow(sqrt(Md * tc / k) + sqrt((double)(N + K - 2) * ts), 2) : -1;
}

/* The least over B = 1..M of rounds(ceil(M/B)) x (B tc + ts) at one root, tried first at
 * the packet size hint (when > 0), unless some B gives at most beat (>= 0): then *above is
 * false and the sweep stops there (the root's least time is at most beat). */
static tc_err_t bc_least_above(bc_t *b, int64_t M, double ts, double tc, int64_t hint, double beat,
                               int64_t *bestB, double *bestT, bool *above)
{
    *bestT = -1;
    *above = true;
    for (int64_t i = hint > 0 ? 0 : 1; i <= M; i++) {
        int64_t B = i == 0 ? hint : i, r;
        tc_err_t err = bc_rounds(b, (M + B - 1) / B, &r);
        if (err != TC_OK) {
            return err;
        }
        double T = (double)r * ((double)B * tc + ts);
        if (*bestT < 0 || T < *bestT - 1e-12 || (T < *bestT + 1e-12 && B < *bestB)) {
            *bestT = T;
            *bestB = B;
        }
        if (beat >= 0 && *bestT <= beat + 1e-12) {
            *above = false;
            return TC_OK;
        }
    }
    return TC_OK;
}

/* The EDSTs at every root (roots of the same height differ in which of their trees are the
 * deepest, and so in the packets those carry): Table I's rounds at M packets, worst and best;
 * for Table II every root's least simulated time over the packet sizes, and the root where
 * it is largest, with its packet size. A root stops its sweep once a packet size gives no more
 * than the largest found so far, so the result is exact and only new maxima sweep all of B. */
static tc_err_t edst_roots(tc_net_t *net, int64_t M, double ts, double tc, tc_table_003_t *r)
{
    tc_err_t err = TC_OK;
    r->edst_worst = -1;
    r->edst_best = -1;
    r->edst_T = -1;
    r->edst_B = -1;
    for (int64_t root = 0; err == TC_OK && root < r->nodes; root++) {
        int64_t rounds = 0, B = -1;
        double T = -1;
        bool above = false;
        bc_t b;
        err = bc_open(&b, net, TC_KIND_EDST, root, M);
        err = err == TC_OK ? bc_rounds(&b, M, &rounds) : err;
        err = err == TC_OK ? bc_least_above(&b, M, ts, tc, r->edst_B, r->edst_T, &B, &T, &above)
                           : err;
        bc_close(&b);
        if (err != TC_OK) {
            break;
        }
        if (rounds > r->edst_worst) {
            r->edst_worst = rounds;
            r->worst_root = root;
        }
        if (r->edst_best < 0 || rounds < r->edst_best) {
            r->edst_best = rounds;
        }
        if (above) {
            r->edst_T = T;
            r->edst_B = B;
            r->edst_T_root = root;
        }
    }
    return err;
}

tc_err_t tc_table_003(int n, int k, int64_t M, double ts, double tc, tc_table_003_t *r)
{
    memset(r, 0, sizeof *r);
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_icube_new(n, k, &net);
    if (err != TC_OK) {
        return err;
    }
    formulas_003(n, k, M, ts, tc, r);
    err = edst_roots(net, M, ts, tc, r);
    /* the Hamiltonian paths (Theorem 4), from node 0: every root sees paths of V - 1 links */
    r->hp_rounds = -1;
    r->hp_B = -1;
    r->hp_T = -1;
    bc_t b;
    if (err == TC_OK && r->paths > 0 && r->nodes - 1 <= TC_EDHP_MAX_DEPTH) {
        err = bc_open(&b, net, TC_KIND_EDHP, 0, M);
        err = err == TC_OK ? bc_rounds(&b, M, &r->hp_rounds) : err;
        err = err == TC_OK ? bc_best(&b, M, ts, tc, &r->hp_B, &r->hp_T) : err;
        bc_close(&b);
    }
    tc_net_free(net);
    return err;
}
