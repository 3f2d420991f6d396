/* treecast table — reproduce a table of a paper: the paper's value and treecast's measured value
 * side by side. */
#include "common.h"

#include "treecast/plan.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast table 004:5.7 [--from A] [--to B] [--trials T] [--seed S]\n"
           "                      [--threads T] [--format text|json] [--output FILE]\n"
           "       treecast table 002:2 [--from A] [--to B] [--M M] [--ts T] [--tc C]\n"
           "                      [--format text|json] [--output FILE]\n"
           "       treecast table 003:II [--from A] [--to B] [--M M] [--ts T] [--tc C]\n"
           "                      [--format text|json] [--output FILE]\n"
           "\n"
           "003:II   Tables I and II of paper 003 (003:I is the same): broadcasting M elements\n"
           "         (default 1024) on I_k^n for n = A..B (default 3..6, at most 7) and every\n"
           "         0 <= k < n, over the k+1 edge-disjoint spanning trees (EDST) and over\n"
           "         Theorem 4's directed edge-disjoint Hamiltonian paths (HP, kind edhp). Table\n"
           "         I (rounds with one element per packet): the paper's formulas beside the\n"
           "         round engine's rounds (EDST at every root class: worst and best) and\n"
           "         Theorem 3's lower bound. Table II (packets of B elements, a round costs\n"
           "         B tc + ts): the printed B_opt and T_min beside the packet size and time\n"
           "         that minimize the simulated rounds x (B tc + ts) over B = 1..M.\n"
           "\n"
           "002:2    Table 2 of paper 002 (complexities of SBnT routing): one-to-all\n"
           "         personalized (scatter), all-to-all broadcast and all-to-all personalized,\n"
           "         one-port and n-port, on Q_n for n = A..B (default 4..10): the table's value\n"
           "         (the one-port scatter's leading term, Theorem 6) beside the modelled time in\n"
           "         routing cycles over the SBnT, the SBG (n rotated SBnTs, data split) and the\n"
           "         binomial tree (translated to every source for the all-to-all rows), and the\n"
           "         Section 5 lower bound. A cycle costs ts + tc x its largest message (the\n"
           "         schedules: treecast sim --help, docs/collectives.md).\n"
           "\n"
           "004:5.7  Table 5.7 of paper 004 (reliable broadcasting under faulty links), made\n"
           "         precise as READING-NOTES 004.3 reads it: in each trial the directed links of\n"
           "         the n independent spanning trees of Q_n are made faulty one at a time in a\n"
           "         seeded random order until the broadcast first misses a node; the number of\n"
           "         faults survived is a random quantity, reported as a distribution (10th\n"
           "         percentile, median, 90th percentile, min, max over the trials) beside the\n"
           "         paper's single number, with the same for the n Johnsson-Ho edge-disjoint\n"
           "         trees (nedst) and one binomial tree. Trial i uses seed S + i; the trees\n"
           "         are rooted at node 0 (every root gives an isomorphic family).\n"
           "\n"
           "  --from A, --to B  dimensions n (004:5.7 default 4..8: N = 16..256; 002:2\n"
           "                    default 4..10; 003:II default 3..6; 2..16)\n"
           "  --M M             002:2: elements per node (pair), default 1; 003:II: elements\n"
           "                    broadcast, default 1024, at most 65536\n"
           "  --ts T, --tc C    start-up and per-element time (default 1 and 1)\n"
           "  --trials T        trials per row (default 1000)\n"
           "  --seed S          seed (default 1; printed)\n"
           "  --threads T       threads (default: every core; results do not depend on it)\n"
           "  --format F        text (default) or json\n"
           "  --output FILE     write there (atomically) instead of stdout\n"
           "\n"
           "exit status: 0 success, 2 misuse, 4 out of memory or output not writable.\n");
}

/* Table 5.7 as printed: N, links in the n ISTs, faulty links, fault tolerance (%). */
static const struct {
    int n;
    int64_t links, faulty;
    double percent;
} PAPER57[] = {{4, 60, 14, 23.3},
               {5, 155, 28, 18.0},
               {6, 378, 59, 15.6},
               {7, 889, 124, 14.0},
               {8, 2040, 238, 11.7}};

typedef struct {
    int64_t links, p10, median, p90, min, max;
    int64_t below_paper; /* trials that survived fewer faults than the paper's number */
} dist_t;

/* The threshold distribution of `kind` on Q_n. */
static tc_err_t measure(int n, tc_kind_t kind, int64_t trials, uint64_t seed, int threads,
                        int64_t paper, dist_t *d)
{
    tc_net_t *net = NULL;
    tc_topo_t topo = {0};
    tc_forest_t *forest = NULL;
    tc_plan_trees_t trees = {0};
    tc_threshold_t *th = NULL;
    int64_t *v = malloc((size_t)trials * sizeof *v);
    tc_err_t err = v == NULL ? TC_ENOMEM : tc_net_cube_new(n, &net);
    if (err == TC_OK) {
        err = tc_topo_from_net(net, &topo);
    }
    if (err == TC_OK) {
        err = tc_trees_build(net, kind, 0, threads, &forest);
    }
    if (err == TC_OK) {
        err = tc_plan_trees_build(forest, TC_ORDER_PAPER, &trees);
    }
    if (err == TC_OK) {
        err = tc_threshold_new(&trees, &topo, &th);
    }
    if (err == TC_OK) {
        err = tc_threshold_run(th, seed, trials, threads, v);
    }
    if (err == TC_OK) {
        qsort(v, (size_t)trials, sizeof *v, cmp_i64);
        d->links = tc_threshold_links(th);
        d->p10 = pct_i64(v, trials, 10);
        d->median = pct_i64(v, trials, 50);
        d->p90 = pct_i64(v, trials, 90);
        d->min = v[0];
        d->max = v[trials - 1];
        d->below_paper = 0;
        for (int64_t i = 0; i < trials && paper >= 0; i++) {
            d->below_paper += v[i] < paper;
        }
    }
    tc_threshold_free(th);
    tc_plan_trees_free(&trees);
    tc_forest_free(forest);
    tc_topo_free(&topo);
    tc_net_free(net);
    free(v);
    return err;
}

/* The modelled times of 002:2 over kind's trees on Q_n (the SBG: all its trees at once), for
 * both port models and the three operations: t[one][op], one = 1 for one-port. */
static tc_err_t cycles_times(int n, tc_kind_t kind, int64_t M, double ts, double tc, double t[2][3])
{
    tc_net_t *net = NULL;
    tc_topo_t topo = {0};
    tc_forest_t *forest = NULL;
    tc_plan_trees_t trees = {0};
    tc_err_t err = tc_net_cube_new(n, &net);
    if (err == TC_OK) {
        err = tc_topo_from_net(net, &topo);
    }
    if (err == TC_OK) {
        err = tc_trees_build(net, kind, 0, 0, &forest);
    }
    if (err == TC_OK) {
        err = tc_plan_trees_build(forest, TC_ORDER_PAPER, &trees);
    }
    int tree = kind == TC_KIND_SBG ? -1 : 0;
    for (int one = 0; one < 2 && err == TC_OK; one++) {
        for (int op = TC_CYCLES_SCATTER; op <= TC_CYCLES_ALLTOALL && err == TC_OK; op++) {
            tc_cycles_t c;
            err = op == TC_CYCLES_SCATTER
                      ? tc_cycles_scatter(&trees, &topo, tree, M, ts, tc, one, &c, NULL)
                      : tc_cycles_alltoall(&trees, &topo, tree, op == TC_CYCLES_ALLTOALL, M, ts, tc,
                                           one, &c);
            t[one][op] = c.time;
        }
    }
    tc_plan_trees_free(&trees);
    tc_forest_free(forest);
    tc_topo_free(&topo);
    tc_net_free(net);
    return err;
}

static int table_002_2(int from, int to, int64_t M, double ts, double tc, bool json, FILE *fp)
{
    static const tc_kind_t kinds[3] = {TC_KIND_SBNT_MINR, TC_KIND_SBG, TC_KIND_BINOMIAL};
    static const char *const names[3] = {"sbnt", "sbg", "binomial"};
    if (json) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"table\",\"table\":\"002:2\",\"M\":%lld,"
                "\"ts\":%.15g,\"tc\":%.15g,\"rows\":[",
                (long long)M, ts, tc);
    } else {
        fprintf(fp,
                "Table 2 of paper 002 (SBnT routing) beside the modelled time in routing cycles: "
                "M = %lld, ts = %g, tc = %g\n",
                (long long)M, ts, tc);
        fprintf(fp, "%-3s %-5s %-24s %-13s %-13s %-13s %-13s %s\n", "n", "ports", "communication",
                "Table 2", "SBnT", "SBG", "binomial", "lower bound");
    }
    int rows = 0;
    for (int n = from; n <= to; n++) {
        double times[3][2][3]; /* [kind][one][op] */
        for (int k = 0; k < 3; k++) {
            tc_err_t err = cycles_times(n, kinds[k], M, ts, tc, times[k]);
            if (err != TC_OK) {
                return lib_fail(err, "the Table 2 schedules");
            }
        }
        for (int one = 1; one >= 0; one--) {
            for (int op = TC_CYCLES_SCATTER; op <= TC_CYCLES_ALLTOALL; op++) {
                tc_cycles_ref_t ref;
                tc_cycles_table2((tc_cycles_op_t)op, one, n, (double)M, ts, tc, &ref);
                double t[3] = {times[0][one][op], times[1][one][op], times[2][one][op]};
                if (json) {
                    fprintf(fp,
                            "%s\n{\"n\":%d,\"ports\":\"%s\",\"communication\":\"%s\","
                            "\"table2\":%.15g,\"table2_formula\":\"%s\"",
                            rows++ > 0 ? "," : "", n, one ? "one" : "all", ref.what, ref.table,
                            ref.table_formula);
                    for (int k = 0; k < 3; k++) {
                        fprintf(fp, ",\"%s\":%.15g", names[k], t[k]);
                    }
                    fprintf(fp, ",\"lower_bound\":%.15g}", ref.lower);
                } else {
                    fprintf(fp, "%-3d %-5s %-24s %-13.10g %-13.10g %-13.10g %-13.10g %.10g\n", n,
                            one ? "one" : "n", ref.what, ref.table, t[0], t[1], t[2], ref.lower);
                }
            }
        }
    }
    if (json) {
        fputs("]}\n", fp);
    } else {
        fprintf(fp,
                "Table 2: one-port N M tc + (2n-2) ts (scatter; the leading term of Theorem 6), "
                "(N-1) M tc + (2n-1) ts,\nn N M / 2 tc + (2n-1) ts; n-port (N-1) M / n tc + n ts "
                "(twice), N M / 2 tc + n ts. Lower bounds:\nSection 5 of paper 002. The all-to-all "
                "rows run the tree translated to all 2^n sources (one\nmessage per node and "
                "dimension per cycle; one-port: one dimension per cycle).\n");
    }
    return 0;
}

/* ---- 003:II: broadcasting on I_k^n, Tables I and II of paper 003 ------------------------- */

/* A broadcast over kind's trees at root, ready to be run for any number of packets. */
typedef struct {
    tc_forest_t *forest;
    tc_plan_trees_t trees;
    int64_t *rounds; /* by packets, -1 until simulated */
} bc_t;

static tc_err_t bc_open(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t M, bc_t *b)
{
    memset(b, 0, sizeof *b);
    b->rounds = malloc((size_t)(M + 1) * sizeof *b->rounds);
    if (b->rounds == NULL) {
        return TC_ENOMEM;
    }
    for (int64_t p = 0; p <= M; p++) {
        b->rounds[p] = -1;
    }
    tc_err_t err = tc_trees_build(net, kind, root, 1, &b->forest);
    return err == TC_OK ? tc_plan_trees_build(b->forest, TC_ORDER_PAPER, &b->trees) : err;
}

static void bc_close(bc_t *b)
{
    tc_plan_trees_free(&b->trees);
    tc_forest_free(b->forest);
    free(b->rounds);
    memset(b, 0, sizeof *b);
}

/* Rounds of the broadcast of P packets split round-robin over the trees (the round engine). */
static tc_err_t bc_rounds(bc_t *b, const tc_topo_t *topo, int64_t P, int64_t *rounds)
{
    if (b->rounds[P] >= 0) {
        *rounds = b->rounds[P];
        return TC_OK;
    }
    tc_coll_opts_t co = {.what = TC_COLL_BCAST, .M = P, .x = 1};
    tc_coll_t *coll = NULL;
    tc_err_t err = tc_coll_new(&b->trees, topo, &co, &coll);
    tc_sim_result_t res;
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    }
    tc_coll_free(coll);
    if (err == TC_OK && res.nodes_complete != topo->nodes) {
        err = TC_EINVAL;
    }
    if (err == TC_OK) {
        b->rounds[P] = *rounds = res.rounds;
    }
    return err;
}

/* The packet size B in 1..M minimizing rounds(ceil(M/B)) x (B tc + ts), by simulation. */
static tc_err_t bc_best(bc_t *b, const tc_topo_t *topo, int64_t M, double ts, double tc,
                        int64_t *bestB, double *bestT)
{
    *bestT = -1;
    for (int64_t B = 1; B <= M; B++) {
        int64_t r;
        tc_err_t err = bc_rounds(b, topo, (M + B - 1) / B, &r);
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

typedef struct {
    int n, k;
    int64_t nodes;
    int paths;                                        /* Theorem 4's directed EDHPs */
    int64_t hp_paper, hp_rounds;                      /* Table I; -1: none */
    int64_t edst_paper, edst_worst, edst_best, lower; /* Table I */
    int64_t worst_root;                               /* the EDST root of the worst class */
    double hp_bopt, hp_tmin, edst_bopt, edst_tmin;    /* Table II by formula */
    int64_t hp_B, edst_B;                             /* Table II by simulation */
    double hp_T, edst_T;
} row003_t;

static tc_err_t row_003(int n, int k, int64_t M, double ts, double tc, row003_t *r)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->k = k;
    tc_net_t *net = NULL;
    tc_topo_t topo = {0};
    tc_err_t err = tc_net_icube_new(n, k, &net);
    if (err == TC_OK) {
        err = tc_topo_from_net(net, &topo);
    }
    if (err != TC_OK) {
        tc_net_free(net);
        return err;
    }
    int64_t N = (int64_t)1 << n, K = (int64_t)1 << k, V = N + K;
    double Md = (double)M;
    r->nodes = V;
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
    /* the EDSTs: every root class, the worst one's packet size swept */
    int classes = (1 << (n - k)) + 1;
    bool *seen = calloc((size_t)classes + 1, sizeof *seen);
    bc_t b = {0};
    r->edst_worst = -1;
    r->edst_best = -1;
    for (int64_t root = 0; err == TC_OK && root < V; root++) {
        int cls = tc_icube_root_class(n, k, root);
        if (seen == NULL || cls < 0 || cls > classes || seen[cls]) {
            err = seen == NULL ? TC_ENOMEM : err;
            continue;
        }
        seen[cls] = true;
        int64_t rounds;
        err = bc_open(net, TC_KIND_EDST, root, M, &b);
        if (err == TC_OK) {
            err = bc_rounds(&b, &topo, M, &rounds);
        }
        bc_close(&b);
        if (err == TC_OK && rounds > r->edst_worst) {
            r->edst_worst = rounds;
            r->worst_root = root;
        }
        if (err == TC_OK && (r->edst_best < 0 || rounds < r->edst_best)) {
            r->edst_best = rounds;
        }
    }
    free(seen);
    if (err == TC_OK) {
        err = bc_open(net, TC_KIND_EDST, r->worst_root, M, &b);
    }
    if (err == TC_OK) {
        err = bc_best(&b, &topo, M, ts, tc, &r->edst_B, &r->edst_T);
    }
    bc_close(&b);
    /* the Hamiltonian paths (Theorem 4), from node 0: every root sees paths of V - 1 links */
    r->hp_rounds = -1;
    r->hp_B = -1;
    r->hp_T = -1;
    if (err == TC_OK && r->paths > 0 && V - 1 <= TC_EDHP_MAX_DEPTH) {
        err = bc_open(net, TC_KIND_EDHP, 0, M, &b);
        if (err == TC_OK) {
            err = bc_rounds(&b, &topo, M, &r->hp_rounds);
        }
        if (err == TC_OK) {
            err = bc_best(&b, &topo, M, ts, tc, &r->hp_B, &r->hp_T);
        }
        bc_close(&b);
    }
    tc_topo_free(&topo);
    tc_net_free(net);
    return err;
}

static void fmt_i64(char *buf, size_t cap, int64_t v)
{
    if (v < 0) {
        snprintf(buf, cap, "-");
    } else {
        snprintf(buf, cap, "%lld", (long long)v);
    }
}

static void fmt_dbl(char *buf, size_t cap, double v)
{
    if (v < 0) {
        snprintf(buf, cap, "-");
    } else {
        snprintf(buf, cap, "%.6g", v);
    }
}

static int table_003_2(int from, int to, int64_t M, double ts, double tc, bool json, FILE *fp)
{
    if (json) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"table\",\"table\":\"003:II\",\"M\":%lld,"
                "\"ts\":%.15g,\"tc\":%.15g,\"rows\":[",
                (long long)M, ts, tc);
    } else {
        fprintf(fp,
                "Tables I-II of paper 003: broadcasting M = %lld elements on I_k^n, by formula "
                "and by simulation\n(the round engine; EDST: the worst root class; HP: Theorem "
                "4's directed edge-disjoint Hamiltonian paths)\n\n",
                (long long)M);
        fprintf(fp, "Table I (ts = 0, tc = 1: rounds, one element per packet)\n");
        fprintf(fp, "%-3s %-3s %-6s %-6s %-12s %-9s %-12s %-11s %-10s %s\n", "n", "k", "nodes",
                "paths", "HP paper", "HP sim", "EDST paper", "EDST sim", "(best)", "bound");
    }
    row003_t *rows = calloc((size_t)(to - from + 1) * (size_t)to, sizeof *rows);
    if (rows == NULL) {
        return lib_fail(TC_ENOMEM, "the Table I-II rows");
    }
    int nrows = 0;
    for (int n = from; n <= to; n++) {
        for (int k = 0; k < n; k++) {
            tc_err_t err = row_003(n, k, M, ts, tc, &rows[nrows]);
            if (err != TC_OK) {
                free(rows);
                return lib_fail(err, "the Table I-II broadcasts");
            }
            nrows++;
        }
    }
    for (int i = 0; i < nrows; i++) {
        const row003_t *r = &rows[i];
        if (json) {
            fprintf(
                fp,
                "%s\n{\"n\":%d,\"k\":%d,\"nodes\":%lld,\"hp_paths\":%d,\"table1\":{\"hp_paper\":"
                "%lld,\"hp_sim\":%lld,\"edst_paper\":%lld,\"edst_sim_worst\":%lld,"
                "\"edst_sim_best\":%lld,\"lower_bound\":%lld},\"table2\":{\"hp_bopt\":%.15g,"
                "\"hp_tmin\":%.15g,\"hp_sim_B\":%lld,\"hp_sim_T\":%.15g,\"edst_bopt\":%.15g,"
                "\"edst_tmin\":%.15g,\"edst_sim_B\":%lld,\"edst_sim_T\":%.15g}}",
                i > 0 ? "," : "", r->n, r->k, (long long)r->nodes, r->paths, (long long)r->hp_paper,
                (long long)r->hp_rounds, (long long)r->edst_paper, (long long)r->edst_worst,
                (long long)r->edst_best, (long long)r->lower, r->hp_bopt, r->hp_tmin,
                (long long)r->hp_B, r->hp_T, r->edst_bopt, r->edst_tmin, (long long)r->edst_B,
                r->edst_T);
            continue;
        }
        char a[24], b[24];
        fmt_i64(a, sizeof a, r->hp_paper);
        fmt_i64(b, sizeof b, r->hp_rounds);
        fprintf(fp, "%-3d %-3d %-6lld %-6d %-12s %-9s %-12lld %-11lld %-10lld %lld\n", r->n, r->k,
                (long long)r->nodes, r->paths, a, b, (long long)r->edst_paper,
                (long long)r->edst_worst, (long long)r->edst_best, (long long)r->lower);
    }
    if (json) {
        fputs("]}\n", fp);
        free(rows);
        return 0;
    }
    fprintf(fp, "\nTable II (packets of B elements, a round costs B tc + ts; ts = %g, tc = %g)\n",
            ts, tc);
    fprintf(fp, "%-3s %-3s %-10s %-12s %-6s %-12s %-10s %-12s %-6s %s\n", "n", "k", "HP B_opt",
            "HP T_min", "B sim", "T sim", "EDST B_opt", "EDST T_min", "B sim", "T sim");
    for (int i = 0; i < nrows; i++) {
        const row003_t *r = &rows[i];
        char c1[24], c2[24], c3[24], c4[24], e1[24], e2[24], e3[24], e4[24];
        fmt_dbl(c1, sizeof c1, r->hp_bopt);
        fmt_dbl(c2, sizeof c2, r->hp_tmin);
        fmt_i64(c3, sizeof c3, r->hp_B);
        fmt_dbl(c4, sizeof c4, r->hp_T);
        fmt_dbl(e1, sizeof e1, r->edst_bopt);
        fmt_dbl(e2, sizeof e2, r->edst_tmin);
        fmt_i64(e3, sizeof e3, r->edst_B);
        fmt_dbl(e4, sizeof e4, r->edst_T);
        fprintf(fp, "%-3d %-3d %-10s %-12s %-6s %-12s %-10s %-12s %-6s %s\n", r->n, r->k, c1, c2,
                c3, c4, e1, e2, e3, e4);
    }
    fprintf(fp,
            "\nTable I: HP ceil(M/k) + N + K - 2, EDST ceil(M/(k+1)) + n + 1, Theorem 3's bound "
            "ceil(M/(k+1)) + n\n(N = 2^n, K = 2^k). 'paths': Theorem 4's directed Hamiltonian "
            "paths from any root (k+1 for odd k,\nk for even k); the simulation splits the "
            "packets over all of them, the paper's formula over k.\nHP: '-' where Theorem 4 "
            "gives none (k = 0) or the paths exceed %d links. EDST sim: the worst\nroot class "
            "(best in parentheses). Table II: B_opt and T_min as printed (continuous B, no "
            "ceiling);\n'B sim', 'T sim': the packet size in 1..M minimizing the simulated "
            "rounds x (B tc + ts).\n",
            TC_EDHP_MAX_DEPTH);
    free(rows);
    return 0;
}

int cmd_table(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"from", required_argument, NULL, 'a'},    {"to", required_argument, NULL, 'b'},
        {"trials", required_argument, NULL, 'T'},  {"seed", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 't'}, {"M", required_argument, NULL, 'M'},
        {"ts", required_argument, NULL, 'S'},      {"tc", required_argument, NULL, 'C'},
        {"format", required_argument, NULL, 'f'},  {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    int64_t from = -1, to = -1, trials = 1000, threads = 0, M = 1;
    double ts = 1, tc = 1;
    bool m_given = false;
    uint64_t seed = 1;
    const char *format = "text", *output = NULL;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (!parse_int_opt("--from", optarg, 2, 16, &from)) {
                return EXIT_MISUSE;
            }
            break;
        case 'b':
            if (!parse_int_opt("--to", optarg, 2, 16, &to)) {
                return EXIT_MISUSE;
            }
            break;
        case 'T':
            if (!parse_int_opt("--trials", optarg, 1, 100000000, &trials)) {
                return EXIT_MISUSE;
            }
            break;
        case 's':
            if (!parse_seed(optarg, &seed)) {
                return EXIT_MISUSE;
            }
            break;
        case 't':
            if (!parse_int_opt("--threads", optarg, 1, 64, &threads)) {
                return EXIT_MISUSE;
            }
            break;
        case 'M':
            if (!parse_int_opt("--M", optarg, 1, (int64_t)1 << 40, &M)) {
                return EXIT_MISUSE;
            }
            m_given = true;
            break;
        case 'S':
        case 'C':
            if (!parse_double_opt(c == 'S' ? "--ts" : "--tc", optarg, c == 'S' ? &ts : &tc)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            format = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind >= argc) {
        return misuse("which table? (002:2, 003:II or 004:5.7)");
    }
    bool t57 = strcmp(argv[optind], "004:5.7") == 0, t22 = strcmp(argv[optind], "002:2") == 0;
    bool t3 = strcmp(argv[optind], "003:II") == 0 || strcmp(argv[optind], "003:I") == 0;
    if (!t57 && !t22 && !t3) {
        return misuse("unknown table \"%s\"; treecast reproduces 002:2, 003:II (with 003:I) "
                      "and 004:5.7",
                      argv[optind]);
    }
    if (t3 && !m_given) {
        M = 1024;
    }
    if (t3 && (from > 7 || to > 7)) {
        return misuse("003:II runs I_k^n for 2 <= n <= 7 (the Hamiltonian paths are simulated)");
    }
    if (t3 && M > 65536) {
        return misuse("003:II sweeps every packet size: --M at most 65536");
    }
    if (optind + 1 < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind + 1]);
    }
    from = from < 0 ? (t3 ? 3 : 4) : from;
    to = to < 0 ? (t57 ? 8 : t3 ? (from > 6 ? from : 6) : (from > 10 ? from : 10)) : to;
    if (from > to) {
        return misuse("--from %lld exceeds --to %lld", (long long)from, (long long)to);
    }
    int fmt = pick("--format", format, (const char *const[]){"text", "json", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    output_t out;
    int st = output_open(&out, output);
    if (st != 0) {
        return st;
    }
    FILE *fp = out.fp;
    bool json = fmt == 1;
    if (t22 || t3) {
        st = t22 ? table_002_2((int)from, (int)to, M, ts, tc, json, fp)
                 : table_003_2((int)from, (int)to, M, ts, tc, json, fp);
        int cst = output_close(&out, st == 0);
        return st != 0 ? st : cst;
    }
    if (json) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"table\",\"table\":\"004:5.7\",\"trials\":%lld,"
                "\"seed\":%llu,\"rows\":[",
                (long long)trials, (unsigned long long)seed);
    } else {
        fprintf(fp,
                "Table 5.7 of paper 004: random directed tree-link faults survived by the "
                "broadcast\n(%lld trials per row, seed %llu; trial i uses seed %llu + i; "
                "p10/median/p90 [min..max])\n",
                (long long)trials, (unsigned long long)seed, (unsigned long long)seed);
        fprintf(fp, "%-6s %-3s %-8s %-12s %-34s %-9s %-34s %s\n", "N", "n", "links", "paper (%)",
                "n ISTs measured", "paper at", "n nEDSTs measured", "binomial");
    }
    int64_t above = 0, rows = 0, papers = 0;
    for (int n = (int)from; n <= (int)to && st == 0; n++) {
        int64_t paper = -1;
        double percent = 0;
        for (size_t k = 0; k < sizeof PAPER57 / sizeof PAPER57[0]; k++) {
            if (PAPER57[k].n == n) {
                paper = PAPER57[k].faulty;
                percent = PAPER57[k].percent;
            }
        }
        dist_t ist, nedst, bin;
        tc_err_t err = measure(n, TC_KIND_IST, trials, seed, (int)threads, paper, &ist);
        if (err == TC_OK) {
            err = measure(n, TC_KIND_NEDST, trials, seed, (int)threads, -1, &nedst);
        }
        if (err == TC_OK) {
            err = measure(n, TC_KIND_BINOMIAL, trials, seed, (int)threads, -1, &bin);
        }
        if (err != TC_OK) {
            st = lib_fail(err, "the Table 5.7 campaign");
            break;
        }
        rows++;
        if (paper >= 0) {
            papers++;
            above += paper > ist.median;
        }
        int64_t N = (int64_t)1 << n;
        if (json) {
            fprintf(fp, "%s\n{\"N\":%lld,\"n\":%d,\"links\":%lld,\"paper\":", rows > 1 ? "," : "",
                    (long long)N, n, (long long)ist.links);
            if (paper >= 0) {
                fprintf(fp, "{\"faulty_links\":%lld,\"percent\":%.1f}", (long long)paper, percent);
            } else {
                fputs("null", fp);
            }
            const dist_t *ds[3] = {&ist, &nedst, &bin};
            const char *names[3] = {"ist", "nedst", "binomial"};
            for (int k = 0; k < 3; k++) {
                fprintf(fp,
                        ",\"%s\":{\"links\":%lld,\"p10\":%lld,\"median\":%lld,\"p90\":%lld,"
                        "\"min\":%lld,\"max\":%lld}",
                        names[k], (long long)ds[k]->links, (long long)ds[k]->p10,
                        (long long)ds[k]->median, (long long)ds[k]->p90, (long long)ds[k]->min,
                        (long long)ds[k]->max);
            }
            if (paper >= 0) {
                fprintf(fp, ",\"paper_percentile\":%.1f",
                        100.0 * (double)ist.below_paper / (double)trials);
            }
            fputs("}", fp);
        } else {
            char pap[32] = "-", at[16] = "-", is[48], ne[48], bi[24];
            if (paper >= 0) {
                snprintf(pap, sizeof pap, "%lld (%.1f)", (long long)paper, percent);
                snprintf(at, sizeof at, "p%.0f", 100.0 * (double)ist.below_paper / (double)trials);
            }
            snprintf(is, sizeof is, "%lld/%lld/%lld [%lld..%lld]", (long long)ist.p10,
                     (long long)ist.median, (long long)ist.p90, (long long)ist.min,
                     (long long)ist.max);
            snprintf(ne, sizeof ne, "%lld/%lld/%lld [%lld..%lld]", (long long)nedst.p10,
                     (long long)nedst.median, (long long)nedst.p90, (long long)nedst.min,
                     (long long)nedst.max);
            snprintf(bi, sizeof bi, "%lld..%lld", (long long)bin.min, (long long)bin.max);
            fprintf(fp, "%-6lld %-3d %-8lld %-12s %-34s %-9s %-34s %s\n", (long long)N, n,
                    (long long)ist.links, pap, is, at, ne, bi);
        }
    }
    if (st == 0) {
        if (json) {
            fputs("]}\n", fp);
        } else {
            fprintf(fp,
                    "links: the n(N-1) directed links of the n trees (each used by one tree). "
                    "'paper at pK': the paper's count\nis the K-th percentile of the measured "
                    "distribution. Any n-1 faults are survived (edge-disjoint root paths);\none "
                    "binomial tree survives none.\n");
            if (papers > 0) {
                fprintf(fp,
                        "The paper's count lies above the measured median in %lld of %lld rows "
                        "and at or below it in %lld:\nit is one draw of a random quantity "
                        "(READING-NOTES 004.3), not a property of the trees.\n",
                        (long long)above, (long long)papers, (long long)(papers - above));
            }
        }
    }
    int cst = output_close(&out, st == 0);
    return st != 0 ? st : cst;
}
