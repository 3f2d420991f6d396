/* treecast — the optimal rates of broadcast and allgather on a network with capacities and
 * switches, each with the cut that proves it.
 *
 * The network's links carry cap(u, v) units of data per unit of time from u to v (1 on a network
 * without capacities), all links at once, both ways at once; switches forward but hold no data.
 *
 * Broadcast from a compute node r: by Edmonds' branching theorem (J. Edmonds, "Edge-disjoint
 * branchings", 1973) the best rate at which r's data reaches every compute node is the least
 * capacity entering a set S of nodes that holds a compute node but not r: the least maximum flow
 * from r to a compute node. With switches it is reached by trees over the compute nodes whose
 * links are paths through switches (splitting off a switch's arcs keeps every connectivity of
 * a network whose links have equal capacity both ways: Bang-Jensen, Frank and Jackson 1995).
 * M bytes take at least M / rate.
 *
 * Allgather: every compute node holds a block of m bytes that every other one must receive. The
 * blocks of the compute nodes in a set S must all leave S when some compute node is outside, so
 * the time is at least m |S ∩ C| / cap+(S); the best per-node rate is
 *     x = min over S (S ∩ C not empty, C not inside S) of cap+(S) / |S ∩ C|,
 * and m-byte blocks take at least m / x (the bound of ForestColl: L. Zhao et al., "ForestColl:
 * throughput-optimal collective communications on heterogeneous network fabrics", 2024, reached
 * by out-trees of every compute node with rate x in all). It is found exactly, as a fraction, by
 * Dinkelbach's iteration over a parametric maximum flow: a super source joined to every compute
 * node with capacity t; t is feasible when every compute node receives t |C| from it, and a
 * cut that refuses it gives a smaller t, until none does.
 */
#ifndef TREECAST_OPTIMUM_H
#define TREECAST_OPTIMUM_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

typedef enum {
    TC_OPTIMUM_BCAST = 1, /* one compute node's data to every compute node */
    TC_OPTIMUM_ALLGATHER, /* every compute node's block to every compute node */
} tc_optimum_coll_t;

/* "bcast", "allgather"; "?" otherwise. */
const char *tc_optimum_coll_name(tc_optimum_coll_t coll);

typedef struct {
    tc_optimum_coll_t coll;
    int64_t num, den; /* the optimal rate num/den in lowest terms (capacity units per time unit):
                         bcast: of the root's data at every compute node; allgather: of every
                         node's block at every compute node */
    int64_t root;     /* bcast: the root; allgather: -1 */
    int64_t sink;     /* bcast: a compute node that receives at no more than the rate; else -1 */
    /* The cut that proves the rate: bcast: a set S holding sink but not the root, entered by
     * arcs of capacity cut_capacity = num (den = 1); allgather: a set S whose arcs out have
     * capacity cut_capacity, holding cut_compute compute nodes, cut_capacity / cut_compute =
     * num / den. */
    int64_t cut_nodes, cut_compute, cut_capacity;
    uint8_t *in_cut; /* per node id: 1 in S (owned; tc_optimum_destroy frees it) */
    int64_t flows;   /* maximum flows computed */
} tc_optimum_t;

/* The optimal broadcast rate from compute node root of net, and its cut, into *out
 * (uninitialized on entry; release with tc_optimum_destroy). TC_EINVAL for a root out of range or
 * a switch, TC_EPARSE for a network in pieces, TC_ETOOBIG for a network that cannot be built out
 * (tc_topo_init), TC_ENOMEM. O(C) maximum flows, each stopped at the best rate so far. */
tc_err_t tc_optimum_bcast(const tc_net_t *net, int64_t root, tc_optimum_t *out);

/* The optimal allgather rate of net and its cut, into *out (as tc_optimum_bcast). TC_ERANGE when
 * the capacities are too large for exact 64-bit arithmetic (their sum times the compute nodes
 * above 2^62). O(C + iterations) maximum flows; the iterations are few (each finds a cut of a
 * smaller ratio). */
tc_err_t tc_optimum_allgather(const tc_net_t *net, tc_optimum_t *out);

/* Free the cut and zero *o; NULL and a zeroed one are accepted. */
void tc_optimum_destroy(tc_optimum_t *o);

/* ---- schedules that reach the optimal rates of broadcast and allgather on a
 * network with capacities and switches: trees over the compute nodes, each with a rate, whose
 * arcs are routes through switches.
 *
 * A tree's arc from compute node u to compute node v is a route u, w_1, ..., w_j, v through
 * switches w_i (j = 0 when u and v are neighbours): a switch forwards what it receives and keeps
 * nothing. A bcast schedule's trees are rooted at its root; an allgather schedule has trees
 * rooted at every compute node. Tree t carries weight(t) / den units of data per unit of time
 * (in the network's capacity units): a bcast of M bytes sends weight(t) / sum of weights of the
 * bytes down tree t; in an allgather every compute node splits its block over its own trees in
 * proportion to their weights. The schedule is feasible when no arc carries more than its
 * capacity: summed over the trees, weight(t) / den times the number of the tree's routes through
 * the arc (tc_optimal_check).
 *
 * Construction (tc_optimal_build):
 *  - switches are removed by splitting off (B. Bang-Jensen, A. Frank, B. Jackson, "Preserving
 *    and increasing local edge-connectivity in mixed graphs", 1995): each unit of capacity into a
 *    switch is paired with one out of it, and the pairs are exchanged until every compute node
 *    is joined (the walks through the switches become the routes); when that does not keep the
 *    rate, pairs are split off one at a time, each kept only when maximum flows show the rate
 *    still holds;
 *  - the trees are packed by Lovasz's proof of Edmonds' theorem with capacities (an arc joins a
 *    tree only when the capacity left can still hold the trees to come, one maximum flow per
 *    test, and each tree is given the largest weight that keeps that true), from the root for
 *    bcast, and for allgather from a super source joined to every compute node (ForestColl's
 *    construction: each tree of that packing is one compute node's);
 *  - on networks without switches and capacities, bcast takes the edge-disjoint packing of
 *    trees --kind edst (weight 1 each), and allgather on a network with translations carries
 *    that packing to every node (T_h), which loads every arc equally; a single cycle through
 *    every compute node (what splitting gives when each compute node has one unit of capacity)
 *    is a chain for bcast and a ring for allgather;
 *  - where one unit is the bcast's optimum and there are 8 compute nodes or more, Sanders,
 *    Speck and Traeff's two-tree at the same rate in depth about log2 C instead of the chain's
 *    C - 1: two trees of half a unit, each compute node inner (two children at most) in one and
 *    a leaf in the other, every arc routed through the switches with room for its half (the
 *    chain when no such routes are found).
 * The rate reached equals tc_optimum_* on every network where the construction succeeds; it
 * refuses with a sentence what it cannot do (capacities not equal both ways at a switch, too
 * many units of capacity, a network beyond its size limits).
 */

/* A schedule: opaque; holds a reference to its network. */
typedef struct tc_optimal tc_optimal_t;

/* Build the optimal schedule of coll on net (root: the bcast's root, a compute node; ignored for
 * allgather) into *out (free with tc_optimal_free). TC_EINVAL for a root that is not a compute
 * node, TC_EPARSE for a network in pieces or a switch whose capacities in and out differ,
 * TC_ETOOBIG beyond the limits, TC_ENOMEM. Deterministic. */
tc_err_t tc_optimal_build(const tc_net_t *net, tc_optimum_coll_t coll, int64_t root,
                          tc_optimal_t **out);

void tc_optimal_free(tc_optimal_t *s);

const tc_net_t *tc_optimal_net(const tc_optimal_t *s);
tc_optimum_coll_t tc_optimal_coll(const tc_optimal_t *s);
/* How it was built: "edst" (the packing of trees --kind edst), "edst-translated", "chain",
 * "two-tree", "ring", "packing" (splitting and Lovasz's construction). */
const char *tc_optimal_method(const tc_optimal_t *s);

/* The compute nodes, 0..C-1 in node-id order: compute(i) is the node id of the i-th. */
int64_t tc_optimal_compute_nodes(const tc_optimal_t *s);
int64_t tc_optimal_compute(const tc_optimal_t *s, int64_t i);

/* The trees: their number, root (a node id), weight, and the common denominator of the rates. */
int64_t tc_optimal_trees(const tc_optimal_t *s);
int64_t tc_optimal_tree_root(const tc_optimal_t *s, int64_t t);
int64_t tc_optimal_tree_weight(const tc_optimal_t *s, int64_t t);
int64_t tc_optimal_den(const tc_optimal_t *s);

/* The parent of compute node v (a node id) in tree t: a node id, -1 for the root. */
int64_t tc_optimal_parent(const tc_optimal_t *s, int64_t t, int64_t v);

/* The route from v's parent to v in tree t: its node ids, parent first, v last, into
 * nodes[0..cap-1]; returns the count (at most 2 + the switches; 0 for the root). */
size_t tc_optimal_route(const tc_optimal_t *s, int64_t t, int64_t v, int64_t *nodes, size_t cap);

/* What tc_optimal_check measures. */
typedef struct {
    bool spanning; /* every tree reaches every compute node from its root, no cycle */
    bool routes;   /* every route is a walk over the network's arcs through switches */
    bool roots;    /* bcast: every tree at the root; allgather: every compute node has
                      trees of total weight the same for all */
    int64_t depth; /* the deepest tree, in arcs of routes (links crossed) */
    /* The rate: num/den units per unit of time at every compute node (bcast: the sum of the
     * weights; allgather: each node's), when the most loaded arc is within its capacity;
     * scaled down by that arc's load otherwise. */
    int64_t num, den;
    /* The most loaded arc relative to its capacity: its ends and load (load_num / den) against
     * its capacity. */
    int64_t worst_tail, worst_head, worst_load_num, worst_cap;
    bool feasible;      /* no arc carries more than its capacity */
    tc_optimum_t bound; /* the optimum (tc_optimum_bcast / _allgather), with its cut */
    bool optimal;       /* feasible, and num/den equals the bound */
} tc_optimal_report_t;

/* Check s: the trees span, the routes are walks, the loads against the capacities, and the
 * rate reached beside the optimum computed afresh, into *rep (release with
 * tc_optimal_report_destroy). TC_ENOMEM, and the errors of tc_optimum_*. O(trees x C x route
 * length + the bound). */
tc_err_t tc_optimal_check(const tc_optimal_t *s, tc_optimal_report_t *rep);
void tc_optimal_report_destroy(tc_optimal_report_t *rep);

/* What a run of the round engine measured (tc_optimal_simulate). */
typedef struct {
    int64_t m;         /* segments per unit of weight (a tree of weight w carries w m) */
    int64_t segments;  /* what the root (bcast) or each compute node (allgather) sends */
    int64_t rounds;    /* until every compute node holds everything */
    int64_t rounds_2m; /* the same with twice the data */
    int64_t peak;      /* the most segments an arc carried in a round */
    bool within;       /* no arc ever lacked room for what a tree was entitled to */
    bool steady;       /* the steady rate is the schedule's (rounds_2m - rounds == m) */
    /* The steady rate, from the two runs: segments more over rounds more, in capacity units
     * (den segments are a unit): rate_num / rate_den; equal to the schedule's rate when every
     * tree moves its entitlement every round. */
    int64_t rate_num, rate_den;
} tc_optimal_run_t;

/* Run the schedule in the round engine: a unit of capacity per round is den segments, so an
 * arc of capacity c carries c den segments a round; tree t moves weight(t) segments a round
 * across every arc it crosses (its rate), capacity allowing (no lending between trees); a segment
 * crosses one arc per round, store and forward (switches too). The root's data (bcast) or every
 * compute node's block (allgather) is m times its trees' weights in segments. Two runs, with m
 * and 2m, give the steady rate. TC_ERANGE for m outside 1..2^30, TC_ETOOBIG when the routes
 * have more than 2^22 links in all (the engine's time is rounds x links), TC_ENOMEM.
 * O(rounds x links of routes). */
tc_err_t tc_optimal_simulate(const tc_optimal_t *s, int64_t m, tc_optimal_run_t *out);

#pragma GCC visibility pop

#endif
