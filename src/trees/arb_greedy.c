/* The fast way to a packing of arc-disjoint spanning arborescences (packing.h,
 * tc__arb_greedy): all k trees grow at once, breadth-first, and a node that no tree can reach
 * any more is won by trading parents at it.
 *
 * ---- Growth -----------------------------------------------------------------------------------
 * Every tree keeps a breadth-first queue of its nodes. The trees take turns, one arc per turn:
 * tree t takes the next arc (u, v) out of the node u at the head of its queue that no tree uses
 * and whose head v is not yet in t; v joins t with parent u. So the root's first k arcs go to the
 * k trees, one each, and the trees spread side by side, none far ahead of the others: each tree
 * is nearly a breadth-first tree (the greedy is depth-aware by construction). A tree stops
 * growing when every arc leaving it is used by another tree.
 *
 * ---- Trades -----------------------------------------------------------------------------------
 * When no tree can grow and some tree t still lacks a node v that one of its nodes has an arc
 * into, the parents at v are traded (the exchange of packing.c, with membership instead of
 * depth as the rule): t may take an in-arc (w, v) of v with w in t; a tree s that holds v may
 * move its parent to an in-arc (w, v) with w in s and w not below v in s (so no cycle forms);
 * the arc is free, or held by another tree of v, which must move in turn. A breadth-first
 * search over the trees finds the shortest such chain, ending at a free arc; the trees on it
 * shift along it and t gains v. Only arcs into v change hands and every tree keeps its nodes, so
 * the trees stay arc-disjoint arborescences, and t grows again from v. Every trade adds a node
 * to a tree, so there are at most k N of them.
 *
 * ---- When it gets stuck -----------------------------------------------------------------------
 * The greedy is a heuristic: it can end with a tree that lacks a node and no chain of trades
 * at any such node. Then it reports so (nothing is lost: the caller runs the exact algorithm of
 * packing.c, Lovasz's proof of Edmonds' theorem). On the networks of this field it does not get
 * stuck at k = the least degree (docs/performance.md lists them), and there the count k is
 * optimal by the degree cut: a node of least degree d has only d arcs coming in.
 *
 * Cost: the growth looks at every arc at most once per tree, O(k m); a trade is a search over
 * at most k trees and their P arcs into v, each arc checked by a walk up a tree (its depth), and
 * a sweep for trades looks at every (tree, node) pair once, O(k m). Memory: k N parent ports
 * (the caller's), k N queue entries of 4 bytes, m owner bytes. */
#include "core/internal.h"
#include "treecast/trees.h"
#include "trees/packing.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { NONE = 0xFF, ROOT = 0xFE };

typedef struct {
    int64_t N;
    int P, k;
    int32_t root;
    const int32_t *nbr;
    const uint8_t *rev; /* the table's, or NULL: the port back is p */
    int8_t *owner;      /* m: the tree using arc u * P + p (u -> nbr), -1 when free */
    uint8_t *ports;     /* k x N: the parent port of v in tree t, NONE, or ROOT */
    int32_t *queue;     /* k x N: breadth-first queues */
    int64_t *head, *tail, *size;
    int *pos;        /* k: the next port of the queue's head */
    int *from, *bfs; /* k: the trade search */
    uint8_t *seen;   /* k */
} gr_t;

static int back_port(const gr_t *g, int64_t a)
{
    return g->rev != NULL ? g->rev[a] : (int)(a % g->P);
}

static bool in_tree(const gr_t *g, int t, int64_t v)
{
    return g->ports[t * g->N + v] != NONE;
}

/* Tree t takes one arc, if it has one to take. */
static bool grow_step(gr_t *g, int t)
{
    int64_t N = g->N;
    int P = g->P;
    int32_t *q = g->queue + t * N;
    uint8_t *pt = g->ports + t * N;
    while (g->head[t] < g->tail[t]) {
        int32_t u = q[g->head[t]];
        while (g->pos[t] < P) {
            int p = g->pos[t]++;
            int64_t a = (int64_t)u * P + p;
            int32_t v = g->nbr[a];
            if (v < 0 || v == u || g->owner[a] >= 0 || pt[v] != NONE) {
                continue;
            }
            g->owner[a] = (int8_t)t;
            pt[v] = (uint8_t)back_port(g, a);
            q[g->tail[t]++] = v;
            g->size[t]++;
            return true;
        }
        g->head[t]++;
        g->pos[t] = 0;
    }
    return false;
}

/* Whether w lies in the subtree of v in tree s (w is in s). */
static bool below(const gr_t *g, int s, int32_t w, int32_t v)
{
    const uint8_t *pt = g->ports + s * g->N;
    while (w != v) {
        if (pt[w] == ROOT) {
            return false;
        }
        w = g->nbr[(int64_t)w * g->P + pt[w]];
    }
    return true;
}

/* Whether tree s may take the arc into v through v's port p (its tail in s, not below v). */
static bool may_take(const gr_t *g, int s, int32_t v, int p, bool holds_v)
{
    int32_t w = g->nbr[(int64_t)v * g->P + p];
    if (w < 0 || w == v || !in_tree(g, s, w)) {
        return false;
    }
    return !holds_v || (g->ports[s * g->N + v] != p && !below(g, s, w, v));
}

/* Shift the chain ending at tree s, which takes v's port p (see the file comment). */
static void shift(gr_t *g, int32_t v, int s, int p)
{
    int64_t N = g->N;
    for (int cur = s; cur >= 0; cur = g->from[cur]) {
        int old = g->ports[cur * N + v];
        int64_t a = (int64_t)g->nbr[(int64_t)v * g->P + p] * g->P + back_port(g, v * g->P + p);
        g->owner[a] = (int8_t)cur;
        g->ports[cur * N + v] = (uint8_t)p;
        p = old;
    }
}

/* Tree t, which lacks v, gains it by a chain of trades at v, if there is one. */
static bool trade(gr_t *g, int t, int32_t v)
{
    int64_t N = g->N;
    int P = g->P;
    memset(g->seen, 0, (size_t)g->k);
    int head = 0, tail = 0;
    g->bfs[tail++] = t;
    g->seen[t] = 1;
    g->from[t] = -1;
    while (head < tail) {
        int s = g->bfs[head++];
        bool holds = s != t;
        for (int p = 0; p < P; p++) {
            if (!may_take(g, s, v, p, holds)) {
                continue;
            }
            int64_t b = (int64_t)v * P + p;
            int8_t o = g->owner[(int64_t)g->nbr[b] * P + back_port(g, b)];
            if (o < 0) {
                shift(g, v, s, p);
                g->queue[t * N + g->tail[t]++] = v;
                g->size[t]++;
                return true;
            }
            if (!g->seen[o]) {
                g->seen[o] = 1;
                g->from[o] = s;
                g->bfs[tail++] = o;
            }
        }
    }
    return false;
}

/* One sweep of trades over every node a tree lacks but has an arc into; the number made. */
static int64_t sweep(gr_t *g)
{
    int64_t N = g->N, made = 0;
    int P = g->P;
    for (int32_t v = 0; v < N; v++) {
        for (int t = 0; t < g->k && v != g->root; t++) {
            if (in_tree(g, t, v)) {
                continue;
            }
            for (int p = 0; p < P; p++) {
                int32_t w = g->nbr[(int64_t)v * P + p];
                if (w >= 0 && w != v && in_tree(g, t, w)) {
                    made += trade(g, t, v);
                    break;
                }
            }
        }
    }
    return made;
}

static void gr_free(gr_t *g)
{
    free(g->owner);
    free(g->queue);
    free(g->head);
    free(g->tail);
    free(g->size);
    free(g->pos);
    free(g->from);
    free(g->bfs);
    free(g->seen);
}

tc_err_t tc__arb_greedy(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports, bool *done)
{
    *done = false;
    int64_t N = topo->nodes;
    int P = topo->ports;
    size_t sk = (size_t)k, m = (size_t)N * (size_t)(P > 0 ? P : 1);
    gr_t g = {.N = N,
              .P = P,
              .k = k,
              .root = (int32_t)root,
              .nbr = topo->nbr,
              .rev = topo->rev,
              .ports = ports};
    g.owner = tc__malloc_array(m, 1);
    g.queue = tc__malloc_array(sk * (size_t)N, sizeof *g.queue);
    g.head = tc__calloc_array(sk, sizeof *g.head);
    g.tail = tc__calloc_array(sk, sizeof *g.tail);
    g.size = tc__calloc_array(sk, sizeof *g.size);
    g.pos = tc__calloc_array(sk, sizeof *g.pos);
    g.from = tc__malloc_array(sk, sizeof *g.from);
    g.bfs = tc__malloc_array(sk, sizeof *g.bfs);
    g.seen = tc__malloc_array(sk, 1);
    if (g.owner == NULL || g.queue == NULL || g.head == NULL || g.tail == NULL || g.size == NULL ||
        g.pos == NULL || g.from == NULL || g.bfs == NULL || g.seen == NULL) {
        gr_free(&g);
        return tc__fail(TC_ENOMEM, "Out of memory for growing %d trees on %lld nodes.", k,
                        (long long)N);
    }
    memset(g.owner, -1, m);
    memset(ports, NONE, sk * (size_t)N);
    for (int t = 0; t < k; t++) {
        ports[t * N + root] = ROOT;
        g.queue[t * N] = (int32_t)root;
        g.tail[t] = 1;
        g.size[t] = 1;
    }
    for (;;) {
        for (bool grew = true; grew;) {
            grew = false;
            for (int t = 0; t < k; t++) {
                grew |= grow_step(&g, t);
            }
        }
        bool whole = true;
        for (int t = 0; t < k; t++) {
            whole &= g.size[t] == N;
        }
        if (whole) {
            *done = true;
            break;
        }
        if (sweep(&g) == 0) {
            break;
        }
    }
    gr_free(&g);
    return TC_OK;
}
