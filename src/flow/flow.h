/* Maximum flows (the tc__ tier): Dinic's algorithm on a directed graph with 64-bit capacities,
 * for the optimal rates of broadcast and allgather (plan/optimum.c) and the capacitated packings
 * that reach them.
 *
 * Arcs come in pairs: arc a and its partner a ^ 1 run opposite ways, and a flow on one frees
 * capacity on the other, so a link with a capacity each way is one pair (cap[a] one way,
 * cap[a ^ 1] the other) and a one-way arc is a pair whose partner has capacity 0.
 */
#ifndef TREECAST_FLOW_FLOW_H
#define TREECAST_FLOW_FLOW_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int64_t nodes;
    int64_t arcs, arc_cap; /* arcs used (even) and allocated */
    int32_t *to;           /* to[a]: the head of arc a (its tail is to[a ^ 1]) */
    int64_t *cap;          /* capacity of arc a (the caller may change it between flows) */
    int64_t *res;          /* residual capacity during and after tc__flow_max */
    int64_t *start;        /* sealed: the arcs out of v are adj[start[v] .. start[v+1]) */
    int64_t *adj;
    int32_t *level, *queue; /* work arrays of the searches */
    int64_t *it, *path;
} tc__flow_t;

/* An empty flow network of `nodes` nodes with room for `pairs` arc pairs; *f is uninitialized
 * on entry, zeroed on failure. TC_ENOMEM, TC_ETOOBIG above 2^31 nodes. */
tc_err_t tc__flow_init(tc__flow_t *f, int64_t nodes, int64_t pairs);

/* Add the pair u -> v (capacity c_uv) and v -> u (c_vu); returns the index of the first arc
 * (even). At most the pairs given to tc__flow_init. */
int64_t tc__flow_pair(tc__flow_t *f, int64_t u, int64_t v, int64_t c_uv, int64_t c_vu);

/* The pairs of a network's links: one per edge, with its capacities each way (node ids are the
 * network's). Returns the number of pairs added. */
int64_t tc__flow_links(tc__flow_t *f, const tc_topo_t *topo);

/* Build the adjacency once every arc is added. TC_ENOMEM. */
tc_err_t tc__flow_seal(tc__flow_t *f);

/* The maximum flow from s to t, stopped once it reaches limit (INT64_MAX: none); the residual
 * capacities stay in res. O(V^2 E) at worst, far less on the networks here. */
int64_t tc__flow_max(tc__flow_t *f, int64_t s, int64_t t, int64_t limit);

/* After tc__flow_max: side[v] = 1 for the nodes reachable from s in the residual network (the
 * source side of a minimum cut when the flow was not stopped by its limit), 0 otherwise. */
void tc__flow_source_side(tc__flow_t *f, int64_t s, uint8_t *side);

/* Free the arrays and zero *f; NULL and a zeroed one are accepted. */
void tc__flow_destroy(tc__flow_t *f);

#endif
