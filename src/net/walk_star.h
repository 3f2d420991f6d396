/* The star graph's walker (see walk.h): the state is the permutation; ids are lexicographic
 * ranks, so the next id is tc_star_next and a neighbour's rank follows from the node's rank in
 * O(dim), branch-free (tc__star_rank_after_move). */
#ifndef TREECAST_NET_WALK_STAR_H
#define TREECAST_NET_WALK_STAR_H

#include "net/net_internal.h"
#include "net/star_internal.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int n;
} walk_star_net_t;

typedef struct {
    uint8_t p[TC_STAR_MAX_N];
} walk_star_t;

/* A set of dimensions (n <= 12 on S_n; at most 31 on the address families). */
typedef uint32_t walk_star_mask_t;

static inline void walk_star_init(walk_star_net_t *w, const tc_net_t *net, const tc_topo_t *table)
{
    (void)table;
    w->n = net->n;
}

static inline void walk_star_start(const walk_star_net_t *w, walk_star_t *s, int64_t v)
{
    tc_star_unrank(w->n, v, s->p);
}

static inline void walk_star_next(const walk_star_net_t *w, walk_star_t *s)
{
    tc_star_next(w->n, s->p);
}

static inline bool walk_star_has(const walk_star_net_t *w, int64_t v, int d)
{
    (void)v;
    return d >= 2 && d <= w->n;
}

static inline int64_t walk_star_neigh(const walk_star_net_t *w, const walk_star_t *s, int64_t v,
                                      int d)
{
    return tc__star_rank_after_move(w->n, s->p, v, d);
}

static inline void walk_star_move(const walk_star_net_t *w, walk_star_t *s, int d)
{
    (void)w;
    tc__star_move(s->p, d);
}

/* The end whose symbol at position d is the larger one counts the edge. */
static inline bool walk_star_edge_once(const walk_star_net_t *w, const walk_star_t *s, int64_t v,
                                       int d)
{
    (void)w;
    (void)v;
    return s->p[d - 1] > s->p[0];
}

/* The dimension of the edge at its other end: the same. */
static inline int walk_star_back(const walk_star_net_t *w, int64_t v, int d)
{
    (void)w;
    (void)v;
    return d;
}

static inline int walk_star_dim_lo(const walk_star_net_t *w)
{
    (void)w;
    return 2;
}

static inline int walk_star_dim_hi(const walk_star_net_t *w)
{
    return w->n;
}

/* Distances come from a table filled once (the cycle formula costs O(n) per node). */
static inline bool walk_star_needs_dist(const walk_star_net_t *w)
{
    (void)w;
    return true;
}

static inline int walk_star_dist(const walk_star_net_t *w, const uint8_t *dist, int64_t v,
                                 int64_t r)
{
    (void)w;
    (void)r;
    return dist[v];
}

static inline int walk_star_period(const walk_star_net_t *w, int64_t v, int64_t r)
{
    (void)w;
    (void)v;
    (void)r;
    return 0;
}

#endif
