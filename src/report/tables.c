/* The papers' tables: printed values and treecast's measurement of each row (tables.h). */
#include "treecast/tables.h"
#include "core/internal.h"
#include "treecast/check.h"
#include "treecast/hamilton.h"
#include "treecast/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- 002 Table 1 --------------------------------------------------------------------------- */

/* n, A, B, SBT(max), SBnT(max), SBnT(min), factor x 100, as printed. */
static const int64_t TABLE_002_1[19][7] = {
    {2, 2, 2, 2, 2, 1, 133},
    {3, 2, 2, 4, 3, 2, 129},
    {4, 4, 3, 8, 5, 3, 133},
    {5, 2, 2, 16, 7, 6, 113},
    {6, 10, 5, 32, 13, 9, 124},
    {7, 2, 2, 64, 19, 18, 105},
    {8, 16, 6, 128, 35, 30, 110},
    {9, 8, 4, 256, 59, 56, 104},
    {10, 34, 9, 512, 107, 99, 105},
    {11, 2, 2, 1024, 187, 186, 100},
    {12, 76, 17, 2048, 351, 335, 103},
    {13, 2, 2, 4096, 631, 630, 100},
    {14, 130, 21, 8192, 1181, 1161, 101},
    {15, 38, 10, 16384, 2191, 2182, 100},
    {16, 256, 36, 32768, 4115, 4080, 100},
    {17, 2, 2, 65536, 7711, 7710, 100},
    {18, 568, 70, 131072, 14601, 14532, 100},
    {19, 2, 2, 262144, 27595, 27594, 100},
    {20, 1036, 111, 524288, 52487, 52377, 100},
};

const int64_t *tc_table_002_1(int n)
{
    return n >= 2 && n <= 20 ? TABLE_002_1[n - 2] : NULL;
}

/* ---- trees ready to run on a network ----------------------------------------------------------
 */

typedef struct {
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
} prepared_t;

static tc_err_t prepare(prepared_t *p, tc_net_t *net, tc_kind_t kind, int64_t root, int threads)
{
    memset(p, 0, sizeof *p);
    p->net = net;
    tc_err_t err = tc_topo_init(&p->topo, net);
    err = err == TC_OK ? tc_trees_build(net, kind, root, threads, &p->forest) : err;
    return err == TC_OK ? tc_plan_trees_init(&p->trees, p->forest, &p->topo, TC_ORDER_PAPER) : err;
}

static void unprepare(prepared_t *p)
{
    tc_plan_trees_destroy(&p->trees);
    tc_forest_free(p->forest);
    tc_topo_destroy(&p->topo);
    memset(p, 0, sizeof *p);
}

/* ---- 002 Table 2 --------------------------------------------------------------------------- */

tc_err_t tc_table_002_2(int n, tc_kind_t kind, int64_t M, double ts, double tc, double t[2][3])
{
    tc_net_t *net = NULL;
    prepared_t p = {0};
    tc_err_t err = tc_net_cube_new(n, &net);
    err = err == TC_OK ? prepare(&p, net, kind, 0, 0) : err;
    int tree = tc_trees_count(net, kind) > 1 ? -1 : 0; /* the SBG: all its trees at once */
    for (int one = 0; one < 2 && err == TC_OK; one++) {
        for (int op = TC_CYCLES_SCATTER; op <= TC_CYCLES_ALLTOALL && err == TC_OK; op++) {
            tc_cycles_t c;
            err = op == TC_CYCLES_SCATTER
                      ? tc_cycles_scatter(&p.trees, &p.topo, tree, M, ts, tc, one, &c, NULL)
                      : tc_cycles_alltoall(&p.trees, &p.topo, tree, op == TC_CYCLES_ALLTOALL, M, ts,
                                           tc, one, &c);
            t[one][op] = c.time;
        }
    }
    unprepare(&p);
    tc_net_free(net);
    return err;
}

/* ---- 003 Tables I and II ------------------------------------------------------------------- */

/* A broadcast over prepared trees, its rounds memoized by the number of packets. */
typedef struct {
    prepared_t p;
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
    unprepare(&b->p);
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
    tc_err_t err = tc_coll_new(&b->p.trees, &b->p.topo, &co, &coll);
    tc_sim_result_t res;
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(&b->p.topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    }
    tc_coll_free(coll);
    if (err == TC_OK && res.nodes_complete != b->p.topo.nodes) {
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

/* ---- 004 Table 5.7 ------------------------------------------------------------------------- */

/* n, HDLS-ISTs, Our ISTs: the computation steps of Table 5.6, as printed. */
static const int64_t TABLE_004_56[5][3] = {
    {4, 40, 15}, {5, 61, 19}, {6, 87, 23}, {7, 118, 27}, {8, 154, 31}};

bool tc_table_004_56(int n, int64_t *hdls, int64_t *ours)
{
    for (size_t k = 0; k < sizeof TABLE_004_56 / sizeof TABLE_004_56[0]; k++) {
        if (TABLE_004_56[k][0] == n) {
            *hdls = TABLE_004_56[k][1];
            *ours = TABLE_004_56[k][2];
            return true;
        }
    }
    return false;
}

/* N, links in the n ISTs, faulty links, fault tolerance (%), as printed. */
static const struct {
    int n;
    int64_t links, faulty;
    double percent;
} TABLE_004_57[] = {{4, 60, 14, 23.3},
                    {5, 155, 28, 18.0},
                    {6, 378, 59, 15.6},
                    {7, 889, 124, 14.0},
                    {8, 2040, 238, 11.7}};

bool tc_table_004_57(int n, int64_t *links, int64_t *faulty, double *percent)
{
    for (size_t k = 0; k < sizeof TABLE_004_57 / sizeof TABLE_004_57[0]; k++) {
        if (TABLE_004_57[k].n == n) {
            *links = TABLE_004_57[k].links;
            *faulty = TABLE_004_57[k].faulty;
            *percent = TABLE_004_57[k].percent;
            return true;
        }
    }
    return false;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : (x > y);
}

/* The nearest-rank percentile p of sorted[0..n-1]. */
static int64_t percentile(const int64_t *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

tc_err_t tc_table_threshold(int n, tc_kind_t kind, int64_t trials, uint64_t seed, int threads,
                            int64_t paper, tc_table_dist_t *d)
{
    memset(d, 0, sizeof *d);
    tc_net_t *net = NULL;
    prepared_t p = {0};
    tc_threshold_t *th = NULL;
    int64_t *v = tc__malloc_array((size_t)trials, sizeof *v);
    tc_err_t err = v == NULL ? tc__fail(TC_ENOMEM, "Out of memory.") : tc_net_cube_new(n, &net);
    err = err == TC_OK ? prepare(&p, net, kind, 0, threads) : err;
    err = err == TC_OK ? tc_threshold_new(&p.trees, &p.topo, &th) : err;
    err = err == TC_OK ? tc_threshold_run(th, seed, trials, threads, v) : err;
    if (err == TC_OK) {
        qsort(v, (size_t)trials, sizeof *v, cmp_i64);
        d->links = tc_threshold_links(th);
        d->p10 = percentile(v, trials, 10);
        d->median = percentile(v, trials, 50);
        d->p90 = percentile(v, trials, 90);
        d->p25 = percentile(v, trials, 25);
        d->p75 = percentile(v, trials, 75);
        d->min = v[0];
        d->max = v[trials - 1];
        for (int64_t i = 0; i < trials && paper >= 0; i++) {
            d->below += v[i] < paper;
        }
    }
    tc_threshold_free(th);
    unprepare(&p);
    tc_net_free(net);
    free(v);
    return err;
}
