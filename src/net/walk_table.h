/* The walker of any materialized network (see walk.h): the neighbour table. Node ids are
 * whatever the network numbers; a neighbour is a table lookup; the walker carries no state; an
 * edge is counted at its smaller end; distances come from a table (breadth-first search). */
#ifndef TREECAST_NET_WALK_TABLE_H
#define TREECAST_NET_WALK_TABLE_H

#include "net/net_internal.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    const int32_t *nbr;
    const uint8_t *rev; /* NULL: the same port at both ends */
    int ports;
    int dim_lo;
} walk_table_net_t;

typedef struct {
    char unused;
} walk_table_t;

/* A set of dimensions (at most 64). */
typedef uint64_t walk_table_mask_t;

static inline void walk_table_init(walk_table_net_t *w, const tc_net_t *net, const tc_topo_t *table)
{
    w->nbr = table->nbr;
    w->rev = table->rev;
    w->ports = table->ports;
    w->dim_lo = net->dim_lo;
}

static inline void walk_table_start(const walk_table_net_t *w, walk_table_t *s, int64_t v)
{
    (void)w;
    (void)s;
    (void)v;
}

static inline void walk_table_next(const walk_table_net_t *w, walk_table_t *s)
{
    (void)w;
    (void)s;
}

static inline bool walk_table_has(const walk_table_net_t *w, int64_t v, int d)
{
    unsigned p = (unsigned)(d - w->dim_lo);
    return p < (unsigned)w->ports && w->nbr[v * w->ports + (int)p] >= 0;
}

static inline int64_t walk_table_neigh(const walk_table_net_t *w, const walk_table_t *s, int64_t v,
                                       int d)
{
    (void)s;
    return w->nbr[v * w->ports + d - w->dim_lo];
}

static inline void walk_table_move(const walk_table_net_t *w, walk_table_t *s, int d)
{
    (void)w;
    (void)s;
    (void)d;
}

static inline bool walk_table_edge_once(const walk_table_net_t *w, const walk_table_t *s, int64_t v,
                                        int d)
{
    return v < walk_table_neigh(w, s, v, d);
}

/* The dimension of the edge at its other end. */
static inline int walk_table_back(const walk_table_net_t *w, int64_t v, int d)
{
    return w->rev == NULL ? d : w->dim_lo + w->rev[v * w->ports + d - w->dim_lo];
}

static inline int walk_table_dim_lo(const walk_table_net_t *w)
{
    return w->dim_lo;
}

static inline int walk_table_dim_hi(const walk_table_net_t *w)
{
    return w->dim_lo + w->ports - 1;
}

static inline bool walk_table_needs_dist(const walk_table_net_t *w)
{
    (void)w;
    return true;
}

static inline int walk_table_dist(const walk_table_net_t *w, const uint8_t *dist, int64_t v,
                                  int64_t r)
{
    (void)w;
    (void)r;
    return dist[v];
}

static inline int walk_table_period(const walk_table_net_t *w, int64_t v, int64_t r)
{
    (void)w;
    (void)v;
    (void)r;
    return 0;
}

#endif
