/* Routed messages and the broadcast built on the fault-tolerant routing, as plans for the round
 * engine (include/treecast/ftroute.h; the argument in docs/collectives.md, "Broadcast on a
 * faulty star graph").
 *
 * Every routing decision depends only on the header and the links of the node holding the
 * message, never on time, so each route is computed once when the plan is made (tc__router) and
 * stored as its crossings: a packet carries the route's number (aux) and its position in it
 * (rel), and the engine moves it hop by hop, with the queueing of the links it shares with the
 * other packets. The plan is made for one fault set, whose links it consults only as the node at
 * each end would (tc__router_link_works); the engine then applies the same faults. */
#include "core/internal.h"
#include "plan/ftroute_internal.h"
#include "treecast/ftroute.h"
#include "treecast/rng.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROUTE_BYTES ((int64_t)1 << 31) /* the stored crossings, a byte each */

struct tc_ftplan {
    tc_plan_t plan;
    tc_ftplan_opts_t opts;
    const tc_topo_t *topo;
    int64_t nodes;
    /* the routes: crossings port[start[r] .. start[r] + len[r]) */
    int64_t nroutes, cap_routes;
    struct route {
        int64_t start, len;
        int64_t dst;
        bool serve; /* BCAST: its destination, reached, serves its children (an adoption) */
    } * route;
    uint8_t *port;
    int64_t nports, cap_ports;
    /* BCAST, per child slot k of tree 0 (cstart indexing) whose link does not work: the route to
     * the child, then one route to each of the child's children (adopted), numbered on from it;
     * -1 for a link that works */
    int32_t *child_route;
    tc_ftplan_stats_t stats;
};

/* ---- making the routes ---------------------------------------------------------------------- */

static void record_step(void *ctx, int64_t from, int64_t to, int port, bool back, int budget)
{
    (void)from;
    (void)to;
    (void)back;
    (void)budget;
    tc_ftplan_t *f = ctx;
    if (f->nports == f->cap_ports) { /* grown before the route; a route that outgrows it is
                                        stored again below */
        return;
    }
    f->port[f->nports++] = (uint8_t)port;
}

static tc_err_t grow(void **p, int64_t *cap, int64_t want, size_t size, int64_t limit)
{
    if (want <= *cap) {
        return TC_OK;
    }
    int64_t c = *cap > 0 ? *cap : 64;
    while (c < want) {
        c *= 2;
    }
    if (c * (int64_t)size > limit) {
        c = limit / (int64_t)size;
        if (c < want) {
            return tc__fail(TC_ENOMEM, "The routes need more than %lld MiB.",
                            (long long)(limit >> 20));
        }
    }
    void *q = realloc(*p, (size_t)c * size);
    if (q == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the routes.");
    }
    *p = q;
    *cap = c;
    return TC_OK;
}

/* Route from src to dst and store its crossings as route number *id. */
static tc_err_t add_route(tc_ftplan_t *f, tc__router_t *router, int64_t src, int64_t dst,
                          bool serve, int32_t *id, bool *delivered)
{
    tc_err_t err =
        grow((void **)&f->route, &f->cap_routes, f->nroutes + 1, sizeof *f->route, MAX_ROUTE_BYTES);
    tc_ftroute_t r;
    int64_t at = f->nports;
    while (err == TC_OK) {
        f->nports = at;
        err = tc__router_route(router, src, dst, record_step, f, &r);
        if (err != TC_OK || at + r.hops <= f->cap_ports) {
            break;
        }
        /* the crossings did not fit: make room for them and route again (deterministic) */
        err = grow((void **)&f->port, &f->cap_ports, at + r.hops, 1, MAX_ROUTE_BYTES);
    }
    if (err != TC_OK) {
        return err;
    }
    f->nports = at + r.hops;
    f->route[f->nroutes] = (struct route){.start = at, .len = r.hops, .dst = dst, .serve = serve};
    if (delivered != NULL) {
        *delivered = r.delivered;
    }
    *id = (int32_t)f->nroutes++;
    tc_ftplan_stats_t *s = &f->stats;
    s->routes++;
    s->delivered += r.delivered;
    s->returned += !r.delivered;
    s->route_hops += r.hops;
    s->backtracks += r.backtracks;
    s->max_hops = r.hops > s->max_hops ? r.hops : s->max_hops;
    s->max_header_bits = r.header_bits > s->max_header_bits ? r.header_bits : s->max_header_bits;
    s->route = r;
    return TC_OK;
}

/* BCAST: which nodes serve their children, and the routes they send. The source serves; a node
 * that gets the message over its tree link serves; over a link that does not work, a serving
 * node u sends the message to the child c by the routing and adopts c's children, sending to each
 * by the routing too: c does not serve (its link to u does not work, so it cannot tell whether
 * it has a parent that serves), and each adopted child that the routing reaches serves. Relays
 * keep a copy and serve nothing. What serves depends only on the faults, not on time, so it is
 * settled here, breadth first from the source; `direct` counts the tree links used as they are. */
static tc_err_t tree_routes(tc_ftplan_t *f, tc__router_t *router, const tc_faults_t *faults)
{
    const tc_plan_trees_t *tr = f->opts.tree;
    const tc_topo_t *t = f->topo;
    int64_t N = f->nodes, *queue = tc__malloc_array((size_t)N, sizeof *queue), head = 0, tail = 0;
    f->child_route = tc__malloc_array((size_t)N, sizeof *f->child_route);
    if (queue == NULL || f->child_route == NULL) {
        free(queue);
        return tc__fail(TC_ENOMEM, "Out of memory for the broadcast's routes.");
    }
    for (int64_t k = 0; k < N; k++) {
        f->child_route[k] = -1;
    }
    tc_err_t err = TC_OK;
    queue[tail++] = f->opts.src;
    while (head < tail && err == TC_OK) {
        int64_t u = queue[head++];
        for (int32_t k = tr->cstart[u]; k < tr->cstart[u + 1] && err == TC_OK; k++) {
            int p = tr->cport[k];
            int64_t c = t->nbr[u * t->ports + p];
            if (tc__router_link_works(t, faults, u, p)) {
                f->stats.direct++;
                queue[tail++] = c;
                continue;
            }
            err = add_route(f, router, u, c, false, &f->child_route[k], NULL);
            for (int32_t j = tr->cstart[c]; j < tr->cstart[c + 1] && err == TC_OK; j++) {
                int64_t g = t->nbr[c * t->ports + tr->cport[j]];
                int32_t id;
                bool reached;
                err = add_route(f, router, u, g, true, &id, &reached);
                if (err == TC_OK && reached) {
                    queue[tail++] = g;
                }
            }
        }
    }
    free(queue);
    return err;
}

/* ---- the plan's callbacks ---------------------------------------------------------------------
 */

static int64_t expected(void *ctx, int64_t node)
{
    tc_ftplan_t *f = ctx;
    if (f->opts.what == TC_FTPLAN_ROUTE) {
        return node == f->opts.dst && node != f->opts.src ? f->opts.M : 0;
    }
    return node == f->opts.src ? 0 : f->opts.M;
}

/* Send message m from node along route r (which starts there). */
static void send_route_at(tc_ftplan_t *f, tc_exec_t *ex, int64_t node, int64_t r, int64_t m)
{
    if (f->route[r].len == 0) {
        return;
    }
    tc_packet_t p = {.msg = (int32_t)m,
                     .src = (int32_t)f->opts.src,
                     .aux = (int32_t)r,
                     .dst = (int32_t)f->route[r].dst};
    tc_exec_send(ex, node, f->port[f->route[r].start], &p);
}

/* BCAST: node u serves message m: to each child in tree 0 over the tree link when it works;
 * otherwise by the routing, and to each of that child's children (adopted) by the routing. */
static void serve(tc_ftplan_t *f, tc_exec_t *ex, int64_t u, int64_t m)
{
    const tc_plan_trees_t *tr = f->opts.tree;
    const tc_topo_t *t = f->topo;
    for (int32_t k = tr->cstart[u]; k < tr->cstart[u + 1]; k++) {
        int32_t r = f->child_route[k];
        if (r < 0) {
            tc_packet_t p = {.msg = (int32_t)m, .src = (int32_t)f->opts.src, .aux = -1, .dst = -1};
            tc_exec_send(ex, u, tr->cport[k], &p);
            continue;
        }
        int64_t c = t->nbr[u * t->ports + tr->cport[k]];
        int32_t adopted = tr->cstart[c + 1] - tr->cstart[c];
        for (int32_t i = 0; i <= adopted; i++) {
            send_route_at(f, ex, u, r + i, m);
        }
    }
}

static void start(void *ctx, tc_exec_t *ex)
{
    tc_ftplan_t *f = ctx;
    int64_t M = f->opts.M;
    for (int64_t m = 0; m < M; m++) {
        tc_exec_deliver(ex, f->opts.src, m); /* it has them: a route coming back is no news */
        if (f->opts.what == TC_FTPLAN_BCAST) {
            serve(f, ex, f->opts.src, m);
        } else {
            for (int64_t r = 0; r < f->nroutes; r++) {
                send_route_at(f, ex, f->opts.src, r, m);
            }
        }
    }
}

static void receive(void *ctx, tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    (void)port;
    tc_ftplan_t *f = ctx;
    if (f->opts.what != TC_FTPLAN_ROUTE || node == f->opts.dst) {
        tc_exec_deliver(ex, node, p->msg); /* a relay keeps the broadcast's copy too */
    }
    if (p->aux < 0) { /* over the tree link */
        serve(f, ex, node, p->msg);
        return;
    }
    const struct route *r = &f->route[p->aux];
    int64_t next = (int64_t)p->rel + 1;
    if (next < r->len) {
        tc_packet_t q = *p;
        q.rel = (int32_t)next;
        q.hop = q.hop < 255 ? (uint8_t)(q.hop + 1) : q.hop;
        tc_exec_send(ex, node, f->port[r->start + next], &q);
    } else if (r->serve && node == r->dst) {
        serve(f, ex, node, p->msg);
    }
}

/* ---- making the plan ---------------------------------------------------------------------- */

static tc_err_t check_opts(const tc_topo_t *topo, const tc_faults_t *faults,
                           const tc_ftplan_opts_t *o)
{
    int64_t N = topo->nodes;
    if (o->src < 0 || o->src >= N || (o->what == TC_FTPLAN_ROUTE && (o->dst < 0 || o->dst >= N))) {
        return tc__fail(TC_EINVAL, "The source or the destination is not a node of the network.");
    }
    if (faults != NULL && faults->node != NULL && faults->node[o->src]) {
        return tc__fail(TC_EINVAL, "The source is faulty: it sends nothing.");
    }
    if (o->M < 1 || o->M > 1000000) {
        return tc__fail(TC_ERANGE, "M must be 1 to 1,000,000.");
    }
    if (o->what == TC_FTPLAN_BCAST) {
        const tc_plan_trees_t *tr = o->tree;
        if (tr == NULL || tr->nodes != N || tr->root != o->src || tr->ports != topo->ports) {
            return tc__fail(TC_EINVAL, "The broadcast needs a tree of this network rooted at "
                                       "the source.");
        }
        if (tr->size[tr->root] != N) {
            return tc__fail(TC_EINVAL,
                            "The broadcast's tree spans %lld of the %lld nodes: it "
                            "needs a spanning tree.",
                            (long long)tr->size[tr->root], (long long)N);
        }
    } else if (o->what != TC_FTPLAN_ROUTE && o->what != TC_FTPLAN_UNICAST) {
        return tc__fail(TC_EINVAL, "Unknown routed plan.");
    }
    return TC_OK;
}

tc_err_t tc_ftplan_new(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                       const tc_ftplan_opts_t *opts, tc_ftplan_t **out)
{
    *out = NULL;
    tc__router_t *router = NULL;
    tc_err_t err = tc__router_new(net, topo, faults, &router);
    if (err == TC_OK) {
        err = check_opts(topo, faults, opts);
    }
    tc_ftplan_t *f = err == TC_OK ? calloc(1, sizeof *f) : NULL;
    if (err == TC_OK && f == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    if (err != TC_OK) {
        tc__router_free(router);
        return err;
    }
    f->opts = *opts;
    f->topo = topo;
    f->nodes = topo->nodes;
    int32_t id;
    if (opts->what == TC_FTPLAN_ROUTE) {
        err = add_route(f, router, opts->src, opts->dst, false, &id, NULL);
    } else if (opts->what == TC_FTPLAN_UNICAST) {
        for (int64_t v = 0; v < f->nodes && err == TC_OK; v++) {
            err = v == opts->src ? TC_OK : add_route(f, router, opts->src, v, false, &id, NULL);
        }
    } else {
        err = tree_routes(f, router, faults);
    }
    tc__router_free(router);
    if (err != TC_OK) {
        tc_ftplan_free(f);
        return err;
    }
    f->plan = (tc_plan_t){
        .ctx = f, .keys = opts->M, .expected = expected, .start = start, .receive = receive};
    *out = f;
    return TC_OK;
}

const tc_plan_t *tc_ftplan_plan(const tc_ftplan_t *f)
{
    return &f->plan;
}

const tc_ftplan_stats_t *tc_ftplan_stats(const tc_ftplan_t *f)
{
    return &f->stats;
}

void tc_ftplan_free(tc_ftplan_t *f)
{
    if (f != NULL) {
        free(f->route);
        free(f->port);
        free(f->child_route);
        free(f);
    }
}
