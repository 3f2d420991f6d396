/* Maximum flows by Dinic's algorithm (E. A. Dinic, "Algorithm for solution of a problem of
 * maximum flow in networks with power estimation", Soviet Math. Doklady 11, 1970): breadth-first
 * levels from the source, then blocking flows along arcs that go one level up, found by an
 * iterative depth-first search (no recursion: a path may be as long as the network). */
#include "flow/flow.h"

#include "core/internal.h"

#include <stdlib.h>
#include <string.h>

tc_err_t tc__flow_init(tc__flow_t *f, int64_t nodes, int64_t pairs)
{
    memset(f, 0, sizeof *f);
    if (nodes < 1 || nodes > INT32_MAX || pairs < 0 || pairs > INT32_MAX) {
        return tc__fail(TC_ETOOBIG, "A flow network of %lld nodes and %lld links is too large.",
                        (long long)nodes, (long long)pairs);
    }
    size_t n = (size_t)nodes, a = (size_t)(2 * pairs > 0 ? 2 * pairs : 2);
    f->nodes = nodes;
    f->arc_cap = (int64_t)a;
    f->to = tc__malloc_array(a, sizeof *f->to);
    f->cap = tc__malloc_array(a, sizeof *f->cap);
    f->res = tc__malloc_array(a, sizeof *f->res);
    f->adj = tc__malloc_array(a, sizeof *f->adj);
    f->start = calloc(n + 1, sizeof *f->start);
    f->level = tc__malloc_array(n, sizeof *f->level);
    f->queue = tc__malloc_array(n, sizeof *f->queue);
    f->it = tc__malloc_array(n, sizeof *f->it);
    f->path = tc__malloc_array(n, sizeof *f->path);
    if (f->to == NULL || f->cap == NULL || f->res == NULL || f->adj == NULL || f->start == NULL ||
        f->level == NULL || f->queue == NULL || f->it == NULL || f->path == NULL) {
        tc__flow_destroy(f);
        return tc__fail(TC_ENOMEM, "Out of memory for a flow network of %lld nodes.",
                        (long long)nodes);
    }
    return TC_OK;
}

int64_t tc__flow_pair(tc__flow_t *f, int64_t u, int64_t v, int64_t c_uv, int64_t c_vu)
{
    int64_t a = f->arcs;
    f->to[a] = (int32_t)v;
    f->to[a + 1] = (int32_t)u;
    f->cap[a] = c_uv;
    f->cap[a + 1] = c_vu;
    f->arcs += 2;
    return a;
}

int64_t tc__flow_links(tc__flow_t *f, const tc_topo_t *topo)
{
    int64_t added = 0;
    int P = topo->ports;
    for (int64_t v = 0; v < topo->nodes; v++) {
        for (int p = 0; p < P; p++) {
            int64_t u = topo->nbr[v * P + p];
            if (u <= v) { /* once per edge, from its smaller end */
                continue;
            }
            int back = topo->rev != NULL ? topo->rev[v * P + p] : p;
            int64_t c_vu = topo->cap != NULL ? topo->cap[v * P + p] : 1;
            int64_t c_uv = topo->cap != NULL ? topo->cap[u * P + back] : 1;
            tc__flow_pair(f, v, u, c_vu, c_uv);
            added++;
        }
    }
    return added;
}

tc_err_t tc__flow_seal(tc__flow_t *f)
{
    memset(f->start, 0, (size_t)(f->nodes + 1) * sizeof *f->start);
    for (int64_t a = 0; a < f->arcs; a++) {
        f->start[f->to[a ^ 1] + 1]++;
    }
    for (int64_t v = 0; v < f->nodes; v++) {
        f->start[v + 1] += f->start[v];
    }
    memcpy(f->it, f->start, (size_t)f->nodes * sizeof *f->it);
    for (int64_t a = 0; a < f->arcs; a++) {
        f->adj[f->it[f->to[a ^ 1]]++] = a;
    }
    return TC_OK;
}

/* Levels from s over arcs with residual capacity; whether t is reached. */
static bool levels(tc__flow_t *f, int64_t s, int64_t t)
{
    memset(f->level, -1, (size_t)f->nodes * sizeof *f->level);
    int64_t head = 0, tail = 0;
    f->level[s] = 0;
    f->queue[tail++] = (int32_t)s;
    while (head < tail) {
        int64_t v = f->queue[head++];
        for (int64_t j = f->start[v]; j < f->start[v + 1]; j++) {
            int64_t a = f->adj[j];
            int32_t w = f->to[a];
            if (f->res[a] > 0 && f->level[w] < 0) {
                f->level[w] = f->level[v] + 1;
                f->queue[tail++] = w;
            }
        }
    }
    return f->level[t] >= 0;
}

/* One blocking flow of at most want units along level-increasing arcs; the units sent. */
static int64_t blocking(tc__flow_t *f, int64_t s, int64_t t, int64_t want)
{
    memcpy(f->it, f->start, (size_t)f->nodes * sizeof *f->it);
    int64_t sent = 0, depth = 0, v = s;
    while (sent < want) {
        if (v == t) { /* augment along the path */
            int64_t b = want - sent;
            for (int64_t i = 0; i < depth; i++) {
                b = f->res[f->path[i]] < b ? f->res[f->path[i]] : b;
            }
            int64_t back_to = depth;
            for (int64_t i = depth - 1; i >= 0; i--) {
                int64_t a = f->path[i];
                f->res[a] -= b;
                f->res[a ^ 1] += b;
                back_to = f->res[a] == 0 ? i : back_to;
            }
            sent += b;
            depth = back_to; /* resume at the tail of the first arc it saturated */
            v = depth > 0 ? f->to[f->path[depth - 1]] : s;
            continue;
        }
        int64_t end = f->start[v + 1];
        while (f->it[v] < end) {
            int64_t a = f->adj[f->it[v]];
            if (f->res[a] > 0 && f->level[f->to[a]] == f->level[v] + 1) {
                break;
            }
            f->it[v]++;
        }
        if (f->it[v] < end) { /* advance */
            int64_t a = f->adj[f->it[v]];
            f->path[depth++] = a;
            v = f->to[a];
            continue;
        }
        if (depth == 0) { /* the source is blocked */
            break;
        }
        f->level[v] = -1; /* a dead end: retreat */
        int64_t a = f->path[--depth];
        v = f->to[a ^ 1];
        f->it[v]++;
    }
    return sent;
}

int64_t tc__flow_max(tc__flow_t *f, int64_t s, int64_t t, int64_t limit)
{
    memcpy(f->res, f->cap, (size_t)f->arcs * sizeof *f->res);
    int64_t flow = 0;
    while (flow < limit && levels(f, s, t)) {
        flow += blocking(f, s, t, limit - flow);
    }
    return flow;
}

void tc__flow_source_side(tc__flow_t *f, int64_t s, uint8_t *side)
{
    memset(side, 0, (size_t)f->nodes);
    int64_t head = 0, tail = 0;
    side[s] = 1;
    f->queue[tail++] = (int32_t)s;
    while (head < tail) {
        int64_t v = f->queue[head++];
        for (int64_t j = f->start[v]; j < f->start[v + 1]; j++) {
            int64_t a = f->adj[j];
            if (f->res[a] > 0 && !side[f->to[a]]) {
                side[f->to[a]] = 1;
                f->queue[tail++] = f->to[a];
            }
        }
    }
}

void tc__flow_destroy(tc__flow_t *f)
{
    if (f == NULL) {
        return;
    }
    free(f->to);
    free(f->cap);
    free(f->res);
    free(f->adj);
    free(f->start);
    free(f->level);
    free(f->queue);
    free(f->it);
    free(f->path);
    memset(f, 0, sizeof *f);
}
