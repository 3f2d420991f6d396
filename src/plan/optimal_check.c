/* Checking a schedule (tc_optimal_check): trees that span, routes that are walks through
 * switches, the load of every arc against its capacity, and the rate reached beside the optimum
 * computed afresh. Nothing of the construction is trusted. */
#include "plan/optimal_internal.h"

#include "core/internal.h"

#include <stdlib.h>
#include <string.h>

__extension__ typedef __int128 wide_t;

void tc_optimal_report_destroy(tc_optimal_report_t *rep)
{
    if (rep == NULL) {
        return;
    }
    tc_optimum_destroy(&rep->bound);
    memset(rep, 0, sizeof *rep);
}

/* Add weight (what the trees put on schedule arc a) to the load of every link of a's route;
 * false when the route is not a walk over the network's links through switches. *links
 * receives its length in links. */
static bool load_route(const tc_optimal_t *s, int64_t a, wide_t weight, wide_t *load, int ports,
                       int64_t *links)
{
    const tc_net_t *net = s->net;
    int64_t from = s->arc_tail[a];
    int len = s->route_len[a];
    *links = len + 1;
    for (int k = 0; k <= len; k++) {
        int64_t to = k < len ? s->pool[s->route_off[a] + k] : s->arc_head[a];
        if (k < len && tc_net_role(net, to) != TC_ROLE_SWITCH) {
            return false; /* a route passes through switches only */
        }
        int dim = tc_net_edge_dim(net, from, to);
        if (dim < 0) {
            return false;
        }
        load[from * ports + (dim - tc_net_dim_min(net))] += weight;
        from = to;
    }
    return true;
}

/* Every tree reaches every compute node from its root along its parent arcs, without a cycle;
 * depth receives the deepest tree in links. */
static bool trees_span(const tc_optimal_t *s, int64_t *depth, int64_t *links_of_arc)
{
    int64_t C = s->C;
    int64_t *d = tc__malloc_array((size_t)C, sizeof *d);
    int64_t *stack = tc__malloc_array((size_t)C, sizeof *stack);
    bool ok = d != NULL && stack != NULL;
    *depth = 0;
    for (int64_t t = 0; ok && t < s->trees; t++) {
        const int32_t *pa = s->parent_arc + t * C;
        int64_t r = s->index[s->root[t]];
        for (int64_t i = 0; i < C; i++) {
            d[i] = -1;
        }
        ok = r >= 0 && pa[r] < 0;
        if (ok) {
            d[r] = 0;
        }
        for (int64_t i = 0; ok && i < C; i++) {
            int64_t top = 0, x = i;
            while (ok && d[x] < 0) { /* climb to a node of known depth */
                int32_t a = pa[x];
                ok = a >= 0 && a < s->arcs && s->index[s->arc_head[a]] == x && top < C;
                if (ok) {
                    stack[top++] = x;
                    x = s->index[s->arc_tail[a]];
                    ok = x >= 0;
                }
            }
            while (ok && top > 0) {
                int64_t y = stack[--top];
                d[y] = d[x] + links_of_arc[pa[y]];
                *depth = d[y] > *depth ? d[y] : *depth;
                x = y;
            }
        }
    }
    free(d);
    free(stack);
    return ok;
}

tc_err_t tc_optimal_check(const tc_optimal_t *s, tc_optimal_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
    const tc_net_t *net = s->net;
    int64_t N = tc_net_nodes(net);
    int ports = tc_net_degree(net);
    wide_t *load = calloc((size_t)(N * ports), sizeof *load);
    int64_t *links = tc__malloc_array((size_t)(s->arcs > 0 ? s->arcs : 1), sizeof *links);
    int64_t *per_root = calloc((size_t)s->C, sizeof *per_root);
    if (load == NULL || links == NULL || per_root == NULL) {
        free(load);
        free(links);
        free(per_root);
        return tc__fail(TC_ENOMEM, "Out of memory checking a schedule of %lld nodes.",
                        (long long)N);
    }
    /* routes: each arc's links once, and the load of every tree that uses it */
    rep->routes = true;
    wide_t *uses = calloc((size_t)(s->arcs > 0 ? s->arcs : 1), sizeof *uses);
    for (int64_t t = 0; uses != NULL && t < s->trees; t++) {
        for (int64_t i = 0; i < s->C; i++) {
            int32_t a = s->parent_arc[t * s->C + i];
            if (a >= 0 && a < s->arcs) {
                uses[a] += s->weight[t];
            }
        }
        int64_t r = s->index[s->root[t]];
        if (r >= 0) {
            per_root[r] += s->weight[t];
        }
    }
    for (int64_t a = 0; uses != NULL && a < s->arcs; a++) {
        links[a] = 0;
        if (uses[a] != 0 && s->arc_tail[a] >= 0) {
            rep->routes = rep->routes && load_route(s, a, uses[a], load, ports, &links[a]);
        }
    }
    free(uses);
    rep->spanning = trees_span(s, &rep->depth, links);
    /* roots: bcast at one root; allgather: every compute node the same total weight */
    int64_t W = 0;
    rep->roots = s->trees > 0;
    for (int64_t t = 0; t < s->trees; t++) {
        W += s->coll == TC_OPTIMUM_BCAST ? s->weight[t] : 0;
        rep->roots = rep->roots && (s->coll != TC_OPTIMUM_BCAST || s->root[t] == s->root[0]);
    }
    for (int64_t i = 0; s->coll == TC_OPTIMUM_ALLGATHER && i < s->C; i++) {
        rep->roots = rep->roots && per_root[i] == per_root[0];
        W = per_root[0];
    }
    /* the most loaded arc against its capacity: load / (cap den) largest */
    wide_t worst_load = 0, worst_cap = 1;
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < ports; p++) {
            wide_t l = load[v * ports + p];
            int64_t cap = tc_net_capacity(net, v, tc_net_dim_min(net) + p);
            if (l > 0 && (cap == 0 || l * worst_cap > worst_load * cap)) {
                worst_load = l;
                worst_cap = cap;
                rep->worst_tail = v;
                rep->worst_head = tc_net_neighbor(net, v, tc_net_dim_min(net) + p);
            }
        }
    }
    rep->worst_load_num = (int64_t)worst_load;
    rep->worst_cap = (int64_t)worst_cap;
    rep->feasible = worst_load <= (wide_t)worst_cap * s->den;
    /* the rate: W / den, scaled by cap den / load when some arc is over */
    wide_t num = W, den = s->den;
    if (!rep->feasible) {
        num = (wide_t)W * worst_cap;
        den = worst_load;
    }
    int64_t r = tc__gcd64((int64_t)(num % INT64_MAX), (int64_t)(den % INT64_MAX));
    r = r > 0 ? r : 1;
    rep->num = (int64_t)(num / r);
    rep->den = (int64_t)(den / r);
    free(load);
    free(links);
    free(per_root);
    tc_err_t err = s->coll == TC_OPTIMUM_BCAST ? tc_optimum_bcast(net, s->root[0], &rep->bound)
                                               : tc_optimum_allgather(net, &rep->bound);
    if (err != TC_OK) {
        return err;
    }
    rep->optimal = rep->feasible && rep->spanning && rep->routes && rep->roots &&
                   (wide_t)rep->num * rep->bound.den == (wide_t)rep->bound.num * rep->den;
    return TC_OK;
}
