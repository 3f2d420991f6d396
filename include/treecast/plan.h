/* treecast — collectives as plans, run by an executor (the round engine of sim.h).
 *
 * A plan turns a forest into per-node behaviour: what each node sends, on which port, in which
 * order, in reaction to what it receives, through the executor interface below. Plans see the
 * topology and their trees, never the faults, and state what they need of the network: the
 * schedules where every node is a source need translations that keep dimensions, the total
 * exchange also the star graph's rotation; tc_coll_new refuses a network without them. Plans that
 * run from every node at once (multinode, total exchange) use the trees of one root and carry each
 * packet's position in that root's frame: translation preserves the dimension of every edge (paper
 * 000, Lemma 1), so a node's ports in the translated tree are the ports of its image in the
 * original one, and no per-source forest is ever built.
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
 *   alltoall        the same exchange without necklaces, on any network with translations
 *                   (the hypercube's trees have no rotation): group k is message m for node
 *                   k+1 of the source's frame, down the x trees (k+1+m) mod T, ... as in
 *                   total exchange; what libtreecast_mpi's alltoall runs off the star graph.
 *
 * The spread rule for x copies: copy j (0 <= j < x) of packet m travels in tree (m*x + j) mod T
 * of the T trees; the x trees of one packet are distinct, and every tree carries
 * floor(Mx/T) or ceil(Mx/T) packets, so x need not divide T.
 */
#ifndef TREECAST_PLAN_H
#define TREECAST_PLAN_H

#include "treecast/bounds.h"
#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/net.h"
#include "treecast/star_mesh.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* ---- the executor interface: what a plan may do ---------------------------------------------
 *
 * A plan runs on an executor: the round engine (sim.h) or, later, MPI ranks. It reaches the
 * executor only through these calls, and only for the node it is called for (or, in start and
 * tick, for any node: an executor runs those sends at the nodes it owns). */

/* What a packet carries. Executors read none of it; plans give it meaning. */
typedef struct {
    int32_t msg;  /* message number at its source */
    int16_t tree; /* tree (subtree) it travels in */
    uint8_t kind; /* plan-defined: data, acknowledgement, ... */
    uint8_t hop;  /* hops taken */
    int32_t src;  /* source node */
    int32_t rel;  /* plan-defined: e.g. the position in the source's frame */
    int32_t dst;  /* destination, or -1 */
    int32_t aux;  /* plan-defined */
    int32_t size; /* elements it carries, for the cost of its round; 0: B (the run's packet) */
} tc_packet_t;

typedef struct tc_exec tc_exec_t;

/* An executor's operations (implemented by the round engine; an MPI executor implements the
 * same). */
typedef struct {
    /* Queue p on the link out of node via port, behind whatever is queued there. From receive
     * (and start) it can leave in the next round; from tick, in the current one. */
    void (*send)(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p);
    /* Queue p on that link at the start of round `round` (a round not after the current one
     * means the next round). */
    void (*send_at)(tc_exec_t *ex, int64_t round, int64_t node, int port, const tc_packet_t *p);
    /* A free control message: p reaches the neighbour at the end of the current round without
     * occupying the link (lost like any packet if the link or the neighbour is faulty). */
    void (*signal)(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p);
    /* Record that node received delivery key `key`. */
    void (*deliver)(tc_exec_t *ex, int64_t node, int64_t key);
    /* The current round (0 during start). */
    int64_t (*round)(const tc_exec_t *ex);
    /* The topology of the run. */
    const tc_topo_t *(*topo)(const tc_exec_t *ex);
} tc_exec_ops_t;

/* Every executor's state begins with this. */
struct tc_exec {
    const tc_exec_ops_t *ops;
};

static inline void tc_exec_send(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    ex->ops->send(ex, node, port, p);
}

static inline void tc_exec_send_at(tc_exec_t *ex, int64_t round, int64_t node, int port,
                                   const tc_packet_t *p)
{
    ex->ops->send_at(ex, round, node, port, p);
}

static inline void tc_exec_signal(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    ex->ops->signal(ex, node, port, p);
}

static inline void tc_exec_deliver(tc_exec_t *ex, int64_t node, int64_t key)
{
    ex->ops->deliver(ex, node, key);
}

static inline int64_t tc_exec_round(const tc_exec_t *ex)
{
    return ex->ops->round(ex);
}

static inline const tc_topo_t *tc_exec_topo(const tc_exec_t *ex)
{
    return ex->ops->topo(ex);
}

/* A plan: the behaviour of every node, as callbacks. */
typedef struct {
    void *ctx;
    /* Distinct deliveries each node must get (keys 0..keys-1); expected(v) of them. */
    int64_t keys;
    int64_t (*expected)(void *ctx, int64_t node);
    /* Round 0: queue or schedule the first sends. */
    void (*start)(void *ctx, tc_exec_t *ex);
    /* A packet arrived at node (not faulty) through port `port` at the end of the current
     * round; sends made here can leave in the next round. */
    void (*receive)(void *ctx, tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p);
    /* Optional: called at the start of every round r >= 1, before transmissions; sends made
     * here can leave in round r (paced injection). Returns true while it will send in a later
     * round, so that the run does not end at an idle moment. */
    bool (*tick)(void *ctx, tc_exec_t *ex, int64_t round);
    /* Optional, for plans where every node is a source: the node where key `key` originates.
     * A faulty node sends nothing, so the keys it originates are not expected of anyone. */
    int64_t (*key_source)(void *ctx, int64_t key);
} tc_plan_t;

/* Trees prepared for plans: children in the order of Section 3 as ports, the port to the parent
 * and the depth of every node, per tree, over a topology's port numbering. Caller-owned;
 * read-only for everyone but tc_plan_trees_init. */
typedef struct {
    const tc_net_t *net; /* the forest's network (a reference, held until destroy) */
    int ntrees;
    int64_t nodes;
    int64_t root;
    int ports;
    /* children of v in tree t: cport[cstart[t * (nodes + 1) + v] .. cstart[... + v + 1]) */
    int32_t *cstart; /* ntrees x (nodes + 1) */
    uint8_t *cport;  /* ntrees x nodes */
    uint8_t *pport;  /* ntrees x nodes: port toward the parent; 0xFF at the root or outside */
    uint8_t *depth;  /* ntrees x nodes */
    int32_t *size;   /* ntrees x nodes: nodes in the subtree of v (0 outside the tree) */
    int maxdepth;
} tc_plan_trees_t;

/* Children order for the depth-first schedule (tests use the others to show queueing). */
typedef enum {
    TC_ORDER_PAPER = 0,  /* the l-th ordering of Section 3: l+1, ..., n, 2, ..., l */
    TC_ORDER_ASCENDING,  /* 2, 3, ..., n in every tree */
    TC_ORDER_DESCENDING, /* n, ..., 2 in every tree */
} tc_child_order_t;

/* Prepare the trees of forest for plans, over topo, the neighbour table of the forest's network
 * (tc_topo_init; port p is dimension dim_min + p). *out is uninitialized on entry and zeroed on
 * failure; it holds a reference to the network. TC_EINVAL when a tree is rooted elsewhere than
 * the forest's root or topo is not the network's; TC_ENOMEM. Release with
 * tc_plan_trees_destroy. O(N trees degree). */
tc_err_t tc_plan_trees_init(tc_plan_trees_t *out, const tc_forest_t *forest, const tc_topo_t *topo,
                            tc_child_order_t order);

/* Free the arrays of initialized plan trees and zero them; NULL and zeroed ones are accepted. */
void tc_plan_trees_destroy(tc_plan_trees_t *trees);

typedef enum {
    TC_COLL_BCAST = 1, /* also bcast-bfs: the same plan on a one-tree BFS forest */
    TC_COLL_FT_BCAST,
    TC_COLL_MULTINODE,
    TC_COLL_SCATTER,
    TC_COLL_TOTAL_EXCHANGE,
    TC_COLL_ALLTOALL, /* every node scatters over its translated trees, target after target */
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
 * at node 0 = I_n, translated to every source, for multinode and total exchange). What each
 * schedule needs of the network is checked here: multinode and total exchange run the trees of
 * node 0 translated to every node, so the network must have translations that keep dimensions
 * (tc_net_translates); the necklace schedule of total exchange sends tree l's packets to the
 * rotations of one target, so it also needs the star graph's rotation (paper 000 Definition 3)
 * with one tree per rotation step. TC_EINVAL with a sentence otherwise, TC_ERANGE for M or x
 * out of range, TC_ENOMEM. The plan borrows trees and topo; free it with tc_coll_free. */
tc_err_t tc_coll_new(const tc_plan_trees_t *trees, const tc_topo_t *topo,
                     const tc_coll_opts_t *opts, tc_coll_t **out);
void tc_coll_free(tc_coll_t *coll);

/* The executor-facing callback table of the plan. */
const tc_plan_t *tc_coll_plan(const tc_coll_t *coll);

/* The options the plan was made with. */
const tc_coll_opts_t *tc_coll_options(const tc_coll_t *coll);

/* Transmissions the plan makes when nothing fails (data packets; acknowledgements of multinode
 * with TC_ACKS_ROUND not included): treecast's own count for this schedule, to set beside the
 * paper's (tc_bound_t.transmissions), which it need not equal (e.g. a scatter's routes). */
int64_t tc_coll_data_transmissions(const tc_coll_t *coll);

/* ---- one run assembled: network, neighbour table, forest, plan trees, collective ------------
 *
 * What every caller of the plans does first, in one call: the network (parsed from a spec, or
 * the caller's), its neighbour table (made, or the caller's), the forest (built, or the caller's),
 * the plan trees over them, and the collective (when one is asked for). Every field of the
 * options has a zero default. */
typedef struct {
    const char *spec;          /* the network to parse (tc_net_parse) when net is NULL */
    const tc_net_t *net;       /* the network (borrowed), or NULL: parsed from spec */
    const tc_topo_t *topo;     /* net's neighbour table (borrowed), or NULL: made here */
    const tc_forest_t *forest; /* the trees (borrowed), or NULL: built here */
    tc_kind_t kind;            /* the construction built; 0: the family's (tc_kind_primary) */
    int64_t root;              /* where the built trees are rooted */
    int threads;               /* tc_trees_build's threads (0: every core) */
    tc_child_order_t order;    /* children order of the plan trees (0: the paper's) */
    tc_coll_opts_t coll;       /* coll.what 0: no collective (tc_assembly_coll adds one later);
                                  coll.x 0: 1 for TC_COLL_BCAST, every tree otherwise */
} tc_assembly_opts_t;

/* The steps of an assembly, in order: the one that failed is tc_assembly_t.failed. */
typedef enum {
    TC_ASSEMBLY_NET = 1, /* tc_net_parse */
    TC_ASSEMBLY_TOPO,    /* tc_topo_init */
    TC_ASSEMBLY_FOREST,  /* tc_trees_build */
    TC_ASSEMBLY_TREES,   /* tc_plan_trees_init */
    TC_ASSEMBLY_COLL,    /* tc_coll_new */
} tc_assembly_step_t;

/* An assembled run: read its public fields; destroy it with tc_assembly_destroy. */
typedef struct {
    const tc_net_t *net;       /* the network (the caller's or parsed) */
    const tc_topo_t *topo;     /* its neighbour table (the caller's or own_topo) */
    const tc_forest_t *forest; /* the trees (the caller's or built) */
    tc_plan_trees_t trees;     /* the forest prepared for plans */
    tc_coll_t *coll;           /* the collective, or NULL */
    tc_assembly_step_t failed; /* 0, or the step that failed (its error was returned) */
    /* private: what the assembly owns */
    tc_net_t *own_net;
    tc_topo_t own_topo;
    tc_forest_t *own_forest;
} tc_assembly_t;

/* Assemble a run from opts into *out (uninitialized on entry): the steps of
 * tc_assembly_step_t in order, each skipped when opts gives its result, the collective only when
 * opts->coll.what is set. On failure the step's error is returned with its detail unchanged,
 * out->failed names the step, and the steps before it stay done (so a caller may report them as
 * it likes); destroy it in every case. TC_EINVAL without a network (spec and net NULL).
 * O(the steps'). */
tc_err_t tc_assembly_init(const tc_assembly_opts_t *opts, tc_assembly_t *out);

/* Make the collective opts (x 0: as in tc_assembly_opts_t) over an assembly's trees, in place of
 * the one it has (freed first): for callers that choose it from the trees, or run several
 * collectives on one forest. tc_coll_new's errors (a->failed TC_ASSEMBLY_COLL). */
tc_err_t tc_assembly_coll(tc_assembly_t *a, const tc_coll_opts_t *opts);

/* Free what an assembly made (the collective, the plan trees, and the forest, neighbour table and
 * network when it made them) and zero it; a zeroed one and NULL are accepted. */
void tc_assembly_destroy(tc_assembly_t *a);

/* ---- paper 001: all-to-all on the star graph by substars (no trees) -------------------------
 *
 * Personalized_Broadcast(k) of Tseng, Chang and Sheu (Section III), every node a source: for each
 * of the N = n!/k! k-substars X_i in turn, every node z sends one packet of k! messages along
 * the dimensions d_1..d_j of the R3/R4 route from the identity to X_i, reaching its
 * representative y = z . x (step 2iii); then inside the substar Y of y every node sends the k!
 * messages it holds, one per destination, by the node-to-node routes of S_k (R1/R2) taken from
 * the identity of S_k to each of its k! nodes in turn (step 2iv, the algorithm for k = 1).
 * Traversals are synchronous: a hop of every packet in the same round, the next hop or the
 * next step in the next round, so the run takes
 *     sum over i of j_i  +  N sum over S_k's nodes of their distance  =  N l_{n,k} + n! l_{k,1}
 * rounds; packets of step (2iii) carry k! messages (tc_packet_t.size), those of (2iv) one, so
 * with ts and tm per message the engine's time is corrected Eq. (1) of the paper
 * (corrections 001.2). The paper's model is one-port (run it with port_limit 1): every node
 * sends and receives one packet per round, which is what the engine's queue count confirms.
 * one_source: only node 0 (the identity) sends, for the symmetry method: relabelling the
 * symbols maps the identity's schedule onto every source's with the same dimensions, and with
 * one packet of the source in flight per round no two sources ever share a link (the sources'
 * packets of one round sit on n! different nodes). */
typedef struct tc_tseng tc_tseng_t;

/* The plan on topo (S_n's neighbour table, port p = dimension p + 2), 1 <= k <= n-1. Its
 * timetable is the plan's own state: run it on one thread (tc_sim_config_t.threads 1).
 * TC_EINVAL for another network or k out of range; TC_ERANGE for every source on S_n, n > 7
 * (n!^2 delivery bits and n!^2 l packets: use one_source) or k > 9; TC_ENOMEM. Borrows topo. */
tc_err_t tc_tseng_alltoall_new(const tc_net_t *net, const tc_topo_t *topo, int k, bool one_source,
                               tc_tseng_t **out);
void tc_tseng_free(tc_tseng_t *t);
const tc_plan_t *tc_tseng_plan(const tc_tseng_t *t);

/* What the schedule predicts: its rounds, the sum over its rounds of the largest packet
 * (messages), the packets sent per source, and the hops of steps (2iii) and (2iv) summed over
 * the schedule (N l_{n,k} and n! l_{k,1} as integers). */
typedef struct {
    int64_t rounds, elements, transmissions_per_source;
    int64_t route_hops, inner_hops;
} tc_tseng_predict_t;
void tc_tseng_predict(const tc_tseng_t *t, tc_tseng_predict_t *out);

/* Packets that reached a representative already holding one in the same iteration (property
 * 3 of Section III broken); 0 in every correct run. */
int64_t tc_tseng_collisions(const tc_tseng_t *t);

/* Nonpersonalized_Broadcast of paper 001 (Section IV) on the n x (n-1)! mesh of star_mesh.h,
 * every node a source of one message: (1) along every column, n-1 propagations towards row n,
 * each three synchronous traversals long (Eq. (4)'s paths have 1 or 3 links; a 1-link path
 * moves in the first traversal and waits), (2) the same towards row 1, (3) along every ring,
 * every node's packet of its column's n messages passed on (n-1)! - 1 times. Rounds
 * 6(n-1) + (n-1)! - 1; with packets of 1 and n messages the engine's time is the paper's
 * T = ((n-1)! + 6n - 7) ts + (n! + 5n - 6) tm. Every source simulated: n <= 7 (n!^2 delivery
 * bits). Borrows topo and mesh; run on one thread. */
tc_err_t tc_tseng_allgather_mesh_new(const tc_net_t *net, const tc_topo_t *topo,
                                     const tc_star_mesh_t *mesh, tc_tseng_t **out);

/* The baseline paper 001 compares with (its T'): every message passed n! - 1 times around a
 * Hamiltonian cycle of S_n (node[] of a cycle of star_mesh.h), one message per packet:
 * n! - 1 rounds, T' = (n! - 1)(ts + tm). n <= 7. Borrows topo and the cycle. */
tc_err_t tc_tseng_allgather_ring_new(const tc_net_t *net, const tc_topo_t *topo,
                                     const int64_t *cycle, tc_tseng_t **out);

/* ---- faults on root paths ------------------------------------------------------------------ */

/* Adversarial faults: make one inner node of the root path of `target` faulty in k distinct
 * trees (chosen with the seed), so that k of its parallel paths are cut. *f is uninitialized on
 * entry (release with tc_faults_destroy). TC_ERANGE when k exceeds the trees whose path to
 * target has an inner node. */
tc_err_t tc_plan_faults_on_paths(tc_faults_t *f, const tc_plan_trees_t *trees,
                                 const tc_topo_t *topo, int64_t target, int k, uint64_t seed);

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

/* ---- the schedules by name: what `treecast sim` runs ----------------------------------------
 *
 * A schedule is a collective run over the trees of one kind: in rounds by the engine (a plan of
 * tc_coll_new) or in routing cycles (tc_cycles_*). One row per name and family, or for any
 * network; each row knows its paper's lower bound and the rounds its construction claims. */

typedef struct {
    bool have_bound; /* a lower bound exists for this network */
    tc_bound_t bound;
    int64_t claim; /* the rounds the construction's paper claims, -1 for none */
    char claim_formula[96];
    char claim_source[64];
} tc_sched_ref_t;

typedef struct tc_schedule tc_schedule_t;

struct tc_schedule {
    const char *name;      /* "bcast-nedst" */
    const char *family;    /* the family of its trees, NULL: any network */
    const char *what;      /* one line */
    bool in_cycles;        /* modelled in routing cycles (paper 002 Sec. 5), not in rounds */
    tc_collective_t coll;  /* the plan (in rounds) */
    tc_cycles_op_t cycles; /* the computation (in cycles) */
    bool split;            /* cycles: every node's data split over all the trees (the SBG) */
    tc_kind_t kind;        /* the trees it runs over; TC_KIND_CUSTOM: the caller's choice */
    bool all_sources;      /* every node is a source (the trees of node 0, translated) */
    /* the bound and the claim for a run of M messages with x copies from root (NULL: none) */
    tc_err_t (*reference)(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                          int x, tc_sched_ref_t *out);
};

/* The schedule called name on net: the row of net's family, else the one for any network;
 * NULL when there is none (then tc_schedule_families says where the name exists). */
const tc_schedule_t *tc_schedule_find(const char *name, const tc_net_t *net);

/* Row k of the catalog (0, 1, ...), NULL past the end: for listing them. */
const tc_schedule_t *tc_schedule_at(int k);

/* The families that have a schedule called name, as an English list ("cube:N or icube:N,K"),
 * or "" for an unknown name. Thread-local string. */
const char *tc_schedule_families(const char *name);

/* The reference of a run: the lower bound and the claimed rounds (zeroed, claim -1, when the
 * schedule has none). */
tc_err_t tc_schedule_reference(const tc_schedule_t *s, const tc_net_t *net, int64_t root, int64_t M,
                               int x, tc_sched_ref_t *out);

/* ---- every plan by name, described: what a front end offers (src/plan/catalog.c) ----------
 *
 * One descriptor per plan a caller can choose by name: the catalog's collectives above (one
 * descriptor for all the families' rows of a name), paper 001's plans on S_n (sim.h) and the
 * routing of S_n (ftroute.h). A front end offers a plan the options its descriptor names,
 * refuses the others (so no plan ignores an option silently), and builds its help from it.
 * Options are named as in tc_plan_options; every plan reads TC_PLAN_ALWAYS besides its own. */

/* How a plan is run: which part of the library computes it. */
typedef enum {
    TC_PLAN_RUN_SCHEDULE = 1,   /* a schedule of the catalog (tc_schedule_find), in rounds (an
                                   assembly and the round engine) or in cycles (tc_cycles_*) */
    TC_PLAN_RUN_TSENG,          /* paper 001 on S_n, without trees: tc_sim_tseng_alltoall,
                                   tc_sim_allgather_mesh (sim.h) */
    TC_PLAN_RUN_ROUTE_CAMPAIGN, /* the routing of S_n over fault sets: tc_ftroute_campaign */
    TC_PLAN_RUN_ROUTED,         /* the routing of S_n in the engine: tc_ftplan_new, tc_ftbcast_* */
} tc_plan_runner_t;

/* The options every plan reads. */
#define TC_PLAN_ALWAYS "net format output"

typedef struct {
    const char *name;           /* "bcast", "alltoall-tseng", ... (unique) */
    const char *help;           /* one line ('\n' continues it in a list) */
    const char *nets;           /* where it runs; NULL: the families of its rows in the catalog */
    const char *section;        /* its heading in a list; NULL: listed by the catalog's rows */
    const char *options;        /* the options it reads besides TC_PLAN_ALWAYS, blank-separated */
    const char *required;       /* those it cannot run without (a subset of options) */
    const char *const *formats; /* what it writes: "text", "json", "csv" (NULL-terminated) */
    tc_plan_runner_t runner;
    int port_limit; /* its ports when not given: 0 all-port (the papers'), 1 one-port (001) */
} tc_plan_desc_t;

/* Descriptor k (0, 1, ...), NULL past the end: for listing them. */
const tc_plan_desc_t *tc_plan_desc_at(int k);

/* The descriptor of the plan called name, NULL for none. */
const tc_plan_desc_t *tc_plan_desc_find(const char *name);

/* The names of every option a plan may read, NULL-terminated (static). */
const char *const *tc_plan_options(void);

/* Whether plan d reads option (TC_PLAN_ALWAYS included), requires it, writes format. */
bool tc_plan_desc_reads(const tc_plan_desc_t *d, const char *option);
bool tc_plan_desc_requires(const tc_plan_desc_t *d, const char *option);
bool tc_plan_desc_writes(const tc_plan_desc_t *d, const char *format);

/* The rounds the fault-free pipelined schedule of bcast (x = 1) or ft-bcast takes over trees:
 * copy j of packet m goes down tree (m x + j) mod T, so tree t carries floor(Mx/T) + (t < Mx mod
 * T) packets and its last packet reaches its deepest node after (packets + depth - 1) rounds.
 * -1 for the other collectives. O(N trees). */
int64_t tc_plan_trees_predicted_rounds(const tc_plan_trees_t *trees, tc_collective_t what,
                                       int64_t M, int x);

#pragma GCC visibility pop

#endif
