/* The schedule object of treecast/optimum.h (the tc__ tier): built by plan/schedule.c, checked
 * by plan/schedule_check.c, read by the executors and the writers. */
#ifndef TREECAST_PLAN_OPTIMAL_INTERNAL_H
#define TREECAST_PLAN_OPTIMAL_INTERNAL_H

#include "treecast/optimum.h"

#include <stdint.h>

struct tc_optimal {
    const tc_net_t *net; /* a reference */
    tc_optimum_coll_t coll;
    const char *method;
    int64_t C;        /* compute nodes */
    int64_t *compute; /* compute index -> node id */
    int64_t *index;   /* node id -> compute index, -1 for a switch */
    /* The arcs between compute nodes: tail and head node ids, and the switches between them,
     * route_len[a] node ids from pool + route_off[a]. */
    int64_t arcs, arc_cap;
    int64_t *arc_tail, *arc_head, *route_off;
    int32_t *route_len;
    int64_t *pool;
    int64_t pool_len, pool_cap;
    /* The trees: root (node id), weight, and parent_arc[t * C + i] the arc into compute node i
     * (-1 at the root). Tree t carries weight[t] / den. */
    int64_t trees, tree_cap;
    int64_t *root, *weight;
    int32_t *parent_arc;
    int64_t den;
};

/* A new arc from tail to head through the route's switches (len of them); its index, or -1 when
 * memory runs out. */
int64_t tc__optimal_arc(tc_optimal_t *s, int64_t tail, int64_t head, const int64_t *route,
                        int32_t len);

/* Room for one more tree, its parent arcs set to -1; its index, or -1 when memory runs out. */
int64_t tc__optimal_tree(tc_optimal_t *s, int64_t root, int64_t weight);

#endif
