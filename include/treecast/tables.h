/* treecast — the papers' tables: their printed values, and treecast's measurement of each row
 * (what `treecast table` and `treecast balance` print side by side). Each paper's live in its
 * folder, src/repro/NNN/, beside its page.
 *
 *   001 Table 1  step (2) of Personalized_Broadcast(2) (tc_tseng_step), and the best k
 *   002 Table 1  the balance of the SBnT (printed rows n = 2..20; measured by tc_cube_balance)
 *   002 Table 2  the complexities of SBnT routing (tc_cycles_table2), beside the modelled time
 *                in routing cycles over the SBnT, the SBG and the binomial tree
 *   003 Tables I-II  broadcasting on I_k^n over the EDSTs and Theorem 4's Hamiltonian paths,
 *                by formula beside the round engine
 *   004 Table 5.7  the tree-link faults a broadcast survives (tc_threshold_*), as a
 *                distribution beside the paper's single number
 */
#ifndef TREECAST_TABLES_H
#define TREECAST_TABLES_H

#include "treecast/error.h"
#include "treecast/plan.h"
#include "treecast/substar.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* ---- 001 Table 1 and Section III.2 --------------------------------------------------------- */

/* Row i (0..11) of Table 1 as printed (z = 3241, k = 2: step (2) of Personalized_Broadcast(2)):
 * X_i, the dimensions d_1..d_j ("none" for none, as the paper writes it), y and Y; NULL for
 * other i. treecast's rows: tc_tseng_step (tseng.h). */
const char *const *tc_table_001_1(int64_t i);

/* Iteration i of step (2) (tc_tseng_step) as Table 1 writes it: X_i, the dimensions d_1..d_j
 * ("none" for an empty route), y and Y. i: 0 .. tc_substar_count(n, k) - 1. O(n^2). */
typedef struct {
    char X[TC_LABEL_MAX], dims[3 * TC_ROUTE_MAX + 8], y[TC_LABEL_MAX], Y[TC_LABEL_MAX];
} tc_table_001_row_t;

void tc_table_001_1_row(int n, int k, int64_t i, const uint8_t *z, tc_table_001_row_t *out);

/* Section III.2's claim at one n: the best k of Personalized_Broadcast(k) on S_n at t_s/t_m =
 * ratio (tc_tseng_best_k: the smallest on a tie) into *k, and whether a k of 2..4 ties it within
 * 1e-12 (at t_s = 0, k = 2 ties k = 1 by Lemma 1), as `table 001:eti` and `reproduce` judge it. */
tc_err_t tc_table_001_best_k(int n, double ratio, int *k, bool *in_2_4);

/* Who wins where (`table 001:compare`): paper 001's all-to-all algorithms beside paper 000's
 * on S_n, n = 4..7, one message per pair, simulated in the round engine with ts = 1, tm = 0
 * under port_limit (0: all-port), every source (paper 001's personalized runs by their
 * relabelling symmetry). A cost's time at t_s/t_m = R with t_m = 1 is rounds R + elements
 * (paper 000's plans move one element per round: elements = rounds). */
typedef struct {
    int64_t rounds, elements;
    bool queued; /* packets waited in a queue (for paper 000's all-port design run one-port) */
    bool run;    /* false: not run (paper 000's total exchange one-port beyond S_6: 10 GB) */
} tc_table_001_cost_t;

typedef struct {
    int n, port_limit;
    tc_table_001_cost_t tseng[TC_STAR_MAX_N];  /* Personalized_Broadcast(k), k = 1..n-1 */
    tc_table_001_cost_t total_exchange;        /* paper 000's, over the EDTs */
    tc_table_001_cost_t mesh, ring, multinode; /* allgathers: mesh, Hamiltonian cycle, 000's */
} tc_table_001_compare_t;

/* One n: TC_ERANGE outside 4..7; the runs' errors with the run named. About 40 s for 4..7. */
tc_err_t tc_table_001_compare(int n, int port_limit, tc_table_001_compare_t *out);

/* ---- 002 Table 1 --------------------------------------------------------------------------- */

/* The printed row for n (2 <= n <= 20): n, A, B, SBT(max), SBnT(max), SBnT(min), factor x 100;
 * NULL for other n. */
const int64_t *tc_table_002_1(int n);

/* ---- 002 Table 2 --------------------------------------------------------------------------- */

/* The modelled time in routing cycles of the three operations over kind's trees on Q_n (the
 * SBG: all its trees at once, data split), both port models: t[one][op], one = 1 for one-port,
 * op a tc_cycles_op_t. TC_EINVAL for a kind without a Q_n rule. */
tc_err_t tc_table_002_2(int n, tc_kind_t kind, int64_t M, double ts, double tc, double t[2][3]);

/* ---- 003 Tables I and II ------------------------------------------------------------------- */

typedef struct {
    int n, k;
    int64_t nodes;
    int paths;                                        /* Theorem 4's directed EDHPs */
    int64_t hp_paper, hp_rounds;                      /* Table I; -1: none */
    int64_t edst_paper, edst_worst, edst_best, lower; /* Table I, over every root */
    int64_t worst_root;                               /* a root of Table I's edst_worst */
    double hp_bopt, hp_tmin, edst_bopt, edst_tmin;    /* Table II by formula (-1: none) */
    int64_t hp_B, edst_B;                             /* Table II by simulation (-1: none) */
    double hp_T, edst_T;
    int64_t edst_T_root; /* the root of edst_T: the largest over the roots of the least time */
} tc_table_003_t;

/* One row (n, k) of Tables I-II for M elements (rounds with one element per packet for Table
 * I; packets of B elements costing B tc + ts for Table II): the EDST broadcast at every root,
 * Table I's worst and best rounds, and for Table II every root's packet size swept (B = 1..M),
 * the worst root's least time (edst_T at edst_T_root with its edst_B); the Hamiltonian paths
 * from node 0 when they exist and have at most TC_EDHP_MAX_DEPTH links. About 2 sqrt(M)
 * simulations per root. */
tc_err_t tc_table_003(int n, int k, int64_t M, double ts, double tc, tc_table_003_t *out);

/* ---- 004 Table 5.6 ------------------------------------------------------------------------- */

/* The printed row for n (4..8): the computation steps of the parallel construction of the n
 * ISTs, HDLS-based (Algorithm 4) and the chapter's (Algorithm 5, printed 4n - 1); false for
 * other n. treecast's counts: tc_ist_steps (trees.h). */
bool tc_table_004_56(int n, int64_t *hdls, int64_t *ours);

/* ---- 004 Table 5.7 ------------------------------------------------------------------------- */

/* The printed row for n (4..8): N, the links of the n ISTs, the faulty links survived, the
 * fault tolerance in percent; false for other n. */
bool tc_table_004_57(int n, int64_t *links, int64_t *faulty, double *percent);

typedef struct {
    int64_t links, p10, median, p90, min, max;
    int64_t p25, p75; /* the quartiles (nearest rank, as the percentiles above) */
    int64_t below;    /* trials that survived fewer faults than `paper` (0 without one) */
} tc_table_dist_t;

/* The distribution of the faults kind's trees on Q_n (rooted at node 0) survive, over trials
 * seeded seed + i, on threads threads (0: every core). paper: the printed count to place in it
 * (-1: none). */
tc_err_t tc_table_threshold(int n, tc_kind_t kind, int64_t trials, uint64_t seed, int threads,
                            int64_t paper, tc_table_dist_t *out);

#pragma GCC visibility pop

#endif
