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

#pragma GCC visibility pop

#endif
