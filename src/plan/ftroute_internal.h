/* The fault-tolerant router of ftroute.c, reusable across routes: what the broadcast built on
 * it (ftbcast.c) and the campaigns share. */
#ifndef TREECAST_PLAN_FTROUTE_INTERNAL_H
#define TREECAST_PLAN_FTROUTE_INTERNAL_H

#include "treecast/ftroute.h"

typedef struct tc__router tc__router_t;

/* A router on S_n (net, topo) under faults (borrowed, NULL: none): the header's memory, O(N),
 * allocated once; each route clears only what its searches entered. TC_EINVAL off the star
 * graph, TC_ENOMEM. */
tc_err_t tc__router_new(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                        tc__router_t **out);
void tc__router_free(tc__router_t *router);

/* One route, as tc_ftroute_star. */
tc_err_t tc__router_route(tc__router_t *router, int64_t src, int64_t dst, tc_ftroute_step_fn step,
                          void *ctx, tc_ftroute_t *out);

/* Whether the link out of v through port p works for the routing: neither direction faulty,
 * and not into a faulty node. */
bool tc__router_link_works(const tc_topo_t *topo, const tc_faults_t *faults, int64_t v, int p);

#endif
