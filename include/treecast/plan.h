/* treecast — collectives as plans for the round engine (sim.h).
 *
 * A plan turns a forest into per-node behaviour: what each node sends, on which port, in which
 * order, in reaction to what it receives. Plans see the topology and their trees, never the
 * faults. Plans that run from every node at once (multinode, total exchange) use the trees of
 * one root and carry each packet's position in that root's frame: translation preserves the
 * dimension of every edge (paper 000, Lemma 1), so a node's ports in the translated tree are the
 * ports of its image in the original one, and no per-source forest is ever built.
 *
 * Paper 000, Section 4 (all-port, full duplex):
 *   bcast-bfs       M packets pipelined down one BFS tree (the baseline of Section 4.1);
 *   bcast           the M packets split round-robin over the n-1 EDT subtrees (Section 4.2);
 *   ft-bcast        every packet down x subtrees, 1 <= x <= n-1 (Section 4.3; spread rule below);
 *   multinode       every node broadcasts M messages over its translated EDT with the
 *                   synchronized depth-first schedule and acknowledgements (Section 4.4, Lemma 7);
 *   scatter         distinct messages to every node, copies down x subtrees, farthest first in
 *                   each subtree (Section 4.5);
 *   total-exchange  every node scatters with the necklace schedule (Section 4.6).
 *
 * The spread rule for x copies: copy j (0 <= j < x) of packet m travels in tree (m*x + j) mod T
 * of the T trees; the x trees of one packet are distinct, and every tree carries
 * floor(Mx/T) or ceil(Mx/T) packets, so x need not divide T.
 */
#ifndef TREECAST_PLAN_H
#define TREECAST_PLAN_H

#include "treecast/error.h"
#include "treecast/sim.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

/* Trees prepared for plans: children in the order of Section 3 as ports, the port to the parent
 * and the depth of every node, per tree, over a topology's port numbering. */
typedef struct {
    int ntrees;
    int64_t nodes;
    int64_t root;
    int ports;
    int32_t
        *cstart; /* ntrees x (nodes + 1): children of v in tree t are cport[cstart[t*(N+1)+v] ..) */
    uint8_t *cport; /* ntrees x nodes */
    uint8_t *pport; /* ntrees x nodes: port toward the parent; 0xFF at the root or outside */
    uint8_t *depth; /* ntrees x nodes */
    int32_t *size;  /* ntrees x nodes: nodes in the subtree of v (0 outside the tree) */
    int maxdepth;
} tc_plan_trees_t;

/* Children order for the depth-first schedule (tests use the others to show queueing). */
typedef enum {
    TC_ORDER_PAPER = 0,  /* the l-th ordering of Section 3: l+1, ..., n, 2, ..., l */
    TC_ORDER_ASCENDING,  /* 2, 3, ..., n in every tree */
    TC_ORDER_DESCENDING, /* n, ..., 2 in every tree */
} tc_child_order_t;

/* Prepare forest (on a star graph whose topology has port p = dimension p + 2). */
tc_err_t tc_plan_trees_build(const tc_forest_t *forest, tc_child_order_t order,
                             tc_plan_trees_t *out);
void tc_plan_trees_free(tc_plan_trees_t *trees);

typedef enum {
    TC_COLL_BCAST = 1, /* also bcast-bfs: the same plan on a one-tree BFS forest */
    TC_COLL_FT_BCAST,
    TC_COLL_MULTINODE,
    TC_COLL_SCATTER,
    TC_COLL_TOTAL_EXCHANGE,
} tc_collective_t;

typedef enum {
    TC_ACKS_FREE = 0, /* acknowledgements are free control messages (no link, no round) */
    TC_ACKS_ROUND,    /* acknowledgements are packets that occupy a link for a round */
    TC_ACKS_NONE,     /* no acknowledgements: a node sends to its next child when the previous
                         child's subtree is done in the fault-free timetable (M rounds per node
                         of that subtree), so a fault cannot stall the traversal */
} tc_acks_t;

typedef struct {
    tc_collective_t what;
    int64_t M;       /* messages per source (per destination for scatter and total exchange) */
    int x;           /* copies of every message (fault-tolerance degree x-1); 1..trees */
    tc_acks_t acks;  /* multinode */
    bool one_source; /* multinode, total exchange: only node 0 sends (the symmetry method) */
} tc_coll_opts_t;

typedef struct tc_coll tc_coll_t;

/* A plan for a collective over trees (rooted at the source for bcast, ft-bcast and scatter;
 * at node 0 = I_n, translated to every source, for multinode and total exchange). The plan
 * borrows trees and topo; free it with tc_coll_free. */
tc_err_t tc_coll_new(const tc_plan_trees_t *trees, const tc_topo_t *topo,
                     const tc_coll_opts_t *opts, tc_coll_t **out);
void tc_coll_free(tc_coll_t *coll);

/* The engine-facing callback table of the plan. */
const tc_plan_t *tc_coll_plan(const tc_coll_t *coll);

/* Transmissions the plan makes when nothing fails (data packets; acknowledgements of multinode
 * with TC_ACKS_ROUND not included): the paper's count for comparison. */
int64_t tc_coll_data_transmissions(const tc_coll_t *coll);

/* ---- the symmetry method (Lemma 7) ---------------------------------------------------------- */

typedef struct {
    int64_t rounds;          /* rounds of the one-source schedule */
    int64_t transmissions;   /* its transmissions (one source) */
    int64_t steps_checked;   /* rounds in which its packets crossed links */
    int64_t violations;      /* packets that used a dimension already used in their round */
    int64_t first_violation; /* the first such round, or -1 */
    bool delivered_all;      /* the one source reached every other node with everything */
    int64_t max_link_load;   /* of the full run: the most one-source packets on one dimension */
    int64_t complete_round;  /* when it did */
} tc_symmetry_t;

/* Simulate the schedule of one source (node 0) of an all-sources plan (multinode, total
 * exchange) and check Lemma 7's condition: in every round its packets use pairwise different
 * dimensions. When that holds, the translated schedules of all N sources use pairwise different
 * directed links in every round, so the full run takes the same rounds with no queueing and
 * N times the transmissions, without simulating it. The plan must have opts.one_source. */
tc_err_t tc_coll_symmetry(const tc_coll_t *coll, const tc_topo_t *topo,
                          const tc_sim_config_t *config, tc_symmetry_t *out);

/* ---- faults on root paths and fault campaigns --------------------------------------------- */

/* Adversarial faults: make one inner node of the root path of `target` faulty in k distinct
 * trees (chosen with the seed), so that k of its parallel paths are cut. TC_ERANGE when k
 * exceeds the trees whose path to target has an inner node. */
tc_err_t tc_faults_on_paths(const tc_plan_trees_t *trees, const tc_topo_t *topo, int64_t target,
                            int k, uint64_t seed, tc_faults_t *out);

typedef struct {
    int64_t trials;
    uint64_t seed;        /* trial i draws its faults with seed (seed, i) */
    tc_fault_kind_t kind; /* random faults ... */
    int64_t k;            /* ... this many per trial */
    bool on_paths;        /* or: k faults on the root paths of a random target per trial */
    int threads;          /* 0: every core */
    /* called now and then from the calling thread with the trials done so far (may be NULL) */
    void (*progress)(void *ctx, int64_t done, int64_t total);
    void *progress_ctx;
} tc_campaign_t;

typedef struct {
    int64_t rounds;
    int64_t complete_round;
    double delivered; /* fraction over non-faulty nodes */
    bool all;         /* every non-faulty node got everything */
    int64_t dropped;
    int64_t faulty_nodes, faulty_links;
    int64_t target; /* on_paths: the target node */
} tc_trial_t;

/* The faults of trial `trial` of a campaign, drawn with seed campaign->seed + trial, so that
 * trial i is the single run with seed S + i. With on_paths the target (never `protect`) is drawn
 * again until it has k root paths with an inner node (at most 64 draws); *target receives it
 * (-1 otherwise). The caller frees *out with tc_faults_free. */
tc_err_t tc_campaign_faults(const tc_topo_t *topo, const tc_plan_trees_t *trees, int64_t protect,
                            const tc_campaign_t *campaign, int64_t trial, tc_faults_t *out,
                            int64_t *target);

/* Run trials of plan under seeded random faults (never at node `protect`, the source, or -1)
 * on `threads` threads; out[i] is trial i, whatever the thread count. */
tc_err_t tc_campaign_run(const tc_topo_t *topo, const tc_sim_config_t *config,
                         const tc_plan_t *plan, const tc_plan_trees_t *trees, int64_t protect,
                         const tc_campaign_t *campaign, tc_trial_t *out);

/* ---- personalized communication in routing cycles (paper 002, Section 5) -------------------
 * Scatter (one-to-all personalized): the root holds M elements for every node. In a routing
 * cycle every tree edge used carries one message; a cycle costs ts + tc x (elements of its
 * largest message). one_port: each node sends its children's whole subtrees, one per cycle,
 * right after receiving its own, in the order of the dimensions (ports) after its parent edge's,
 * cyclically, the root from port 0 (Lemma 17's discipline). n-port (one_port false): reverse
 * breadth-first, the data of the nodes at distance d leaving the root in cycle h - d. */
typedef struct {
    int64_t cycles;           /* routing cycles used */
    double time;              /* sum over cycles of ts + tc x largest message */
    double critical_elements; /* sum over cycles of the largest message's elements */
    int64_t messages;         /* messages sent (edge-cycles used; all nodes for all-to-all) */
    int height;               /* the tree's height */
    int64_t split;            /* all-to-all one-port: extra cycles for port conflicts */
} tc_cycles_t;

/* Tree t of trees, on topo; t = -1: all the plan's trees at once, every node's data split evenly
 * over them (the SBG of paper 002 Section 4: a cyclic node gets a part from each of its
 * parents; messages may then hold fractions of an element). recv_cycle (N entries, may be
 * NULL) receives the cycle in which every node has all its data (-1 for the root). TC_EINVAL
 * when a tree does not span or (one-port) the trees' union has a directed cycle. O(N h T). */
tc_err_t tc_cycles_scatter(const tc_plan_trees_t *trees, const tc_topo_t *topo, int t, int64_t M,
                           double ts, double tc, bool one_port, tc_cycles_t *out,
                           int32_t *recv_cycle);

/* All-to-all over tree t (t = -1: all the plan's trees, every node's data split evenly over
 * them, as in the scatter) translated to every source of Q_n (paper 002 Section 5, Table 2):
 * personalized false is the all-to-all broadcast (allgather: every node's M elements to every
 * node; n-port: a level per cycle; one-port: the scatter's schedule, each edge carrying M),
 * true the all-to-all personalized exchange (M distinct elements from every node to every node,
 * scheduled as the scatter). In a cycle every node sends in dimension d one message holding the
 * tree's edges of dimension d used then. One-port: a cycle whose edges span several dimensions
 * is split into one cycle per dimension (out->split counts the extra cycles; 0 on the SBnT,
 * whose Lemma 17 labels are the dimensions mod n). TC_EINVAL when topo is not a hypercube. */
tc_err_t tc_cycles_alltoall(const tc_plan_trees_t *trees, const tc_topo_t *topo, int t,
                            bool personalized, int64_t M, double ts, double tc, bool one_port,
                            tc_cycles_t *out);

/* Table 2 of paper 002 (complexities of SBnT routing) and the lower bounds of its Section 5,
 * evaluated: one-port / n-port x one-to-all personalized, all-to-all broadcast, all-to-all
 * personalized. The one-port scatter entry is the leading term N M tc + (2n-2) ts of Theorem
 * 6's N(1 + O(log n / n)) M tc + (2n-2) ts. */
typedef enum { TC_CYCLES_SCATTER, TC_CYCLES_ALLGATHER, TC_CYCLES_ALLTOALL } tc_cycles_op_t;

typedef struct {
    double table, lower;
    const char *table_formula, *lower_formula; /* static strings */
    const char *what;                          /* "one-to-all personalized", ... */
} tc_cycles_ref_t;

void tc_cycles_table2(tc_cycles_op_t op, bool one_port, int n, double M, double ts, double tc,
                      tc_cycles_ref_t *out);

/* ---- how many random tree-link faults a broadcast survives (004 Table 5.7) -------------------
 *
 * The directed links the trees use are made faulty one at a time, in a random order drawn with
 * seed + trial, until some node has lost its root path in every tree; the trial's value is the
 * number of faults survived (the broadcast of one message reaches every node with that many
 * and misses one with the next). Exact for static faults and one message; the round engine
 * agrees (tests/unit/test_threshold.c). */
typedef struct tc_threshold tc_threshold_t;

/* Collect the directed links of the trees (a link used by several trees is one fault). The
 * object borrows trees and topo. */
tc_err_t tc_threshold_new(const tc_plan_trees_t *trees, const tc_topo_t *topo,
                          tc_threshold_t **out);
void tc_threshold_free(tc_threshold_t *th);

/* The number of distinct directed links the trees use (n(N-1) for n disjoint trees). */
int64_t tc_threshold_links(const tc_threshold_t *th);

/* Link k of the object's list as (node, port): the directed link out of node via port. */
void tc_threshold_link(const tc_threshold_t *th, int64_t k, int64_t *node, int *port);

/* One trial: *survived, and (when order is not NULL: room for tc_threshold_links entries) the
 * links in the order they were made faulty, as indices for tc_threshold_link; the first
 * *survived + 1 entries are meaningful (the last of them is the fault that broke it). */
tc_err_t tc_threshold_trial(const tc_threshold_t *th, uint64_t seed, int64_t trial, int64_t *order,
                            int64_t *survived);

/* Trials 0..trials-1 on `threads` threads (0: every core); survived[i] is trial i, whatever
 * the thread count. O(trials x trees x nodes). */
tc_err_t tc_threshold_run(const tc_threshold_t *th, uint64_t seed, int64_t trials, int threads,
                          int64_t *survived);

#endif
