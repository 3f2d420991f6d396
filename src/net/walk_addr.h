/* The walker of the address families (see walk.h): Q_n and I_k^n. Node ids are addresses; a
 * neighbour is one XOR away and exists when it is below N (always on Q_n); the walker carries
 * no state, and a distance is a popcount (I_k^n: a shortest path flips the differing bits, bit
 * n last toward the back cube and first away from it). */
#ifndef TREECAST_NET_WALK_ADDR_H
#define TREECAST_NET_WALK_ADDR_H

#include "net/net_internal.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int dim_hi;   /* n-1 on Q_n, n on I_k^n */
    int period_n; /* n on Q_n (addresses rotate), 0 on I_k^n */
    int64_t nodes;
} walk_addr_net_t;

typedef struct {
    char unused; /* addresses carry everything */
} walk_addr_t;

/* A set of dimensions (n <= 12 on S_n; at most 31 on the address families). */
typedef uint32_t walk_addr_mask_t;

static inline void walk_addr_init(walk_addr_net_t *w, const tc_net_t *net, const tc_topo_t *table)
{
    (void)table;
    w->dim_hi = net->dim_lo + net->degree - 1;
    w->period_n = net->nodes == ((int64_t)1 << net->degree) ? net->degree : 0;
    w->nodes = net->nodes;
}

static inline void walk_addr_start(const walk_addr_net_t *w, walk_addr_t *s, int64_t v)
{
    (void)w;
    (void)s;
    (void)v;
}

static inline void walk_addr_next(const walk_addr_net_t *w, walk_addr_t *s)
{
    (void)w;
    (void)s;
}

static inline bool walk_addr_has(const walk_addr_net_t *w, int64_t v, int d)
{
    return d <= w->dim_hi && (v ^ ((int64_t)1 << d)) < w->nodes;
}

static inline int64_t walk_addr_neigh(const walk_addr_net_t *w, const walk_addr_t *s, int64_t v,
                                      int d)
{
    (void)w;
    (void)s;
    return v ^ ((int64_t)1 << d);
}

static inline void walk_addr_move(const walk_addr_net_t *w, walk_addr_t *s, int d)
{
    (void)w;
    (void)s;
    (void)d;
}

/* The end with bit d clear counts the edge. */
static inline bool walk_addr_edge_once(const walk_addr_net_t *w, const walk_addr_t *s, int64_t v,
                                       int d)
{
    (void)w;
    (void)s;
    return ((v >> d) & 1) == 0;
}

/* The dimension of the edge at its other end: the same. */
static inline int walk_addr_back(const walk_addr_net_t *w, int64_t v, int d)
{
    (void)w;
    (void)v;
    return d;
}

static inline int walk_addr_dim_lo(const walk_addr_net_t *w)
{
    (void)w;
    return 0;
}

static inline int walk_addr_dim_hi(const walk_addr_net_t *w)
{
    return w->dim_hi;
}

static inline bool walk_addr_needs_dist(const walk_addr_net_t *w)
{
    (void)w;
    return false;
}

static inline int walk_addr_dist(const walk_addr_net_t *w, const uint8_t *dist, int64_t v,
                                 int64_t r)
{
    (void)w;
    (void)dist;
    return __builtin_popcountll((uint64_t)(v ^ r));
}

static inline int walk_addr_period(const walk_addr_net_t *w, int64_t v, int64_t r)
{
    return w->period_n > 0 ? tc_cube_period(w->period_n, (uint64_t)(v ^ r)) : 0;
}

#endif
