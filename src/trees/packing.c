/* Generic packings of spanning trees on a neighbour table (packing.h).
 *
 * ---- Arc-disjoint spanning arborescences (Edmonds 1973, Lovasz 1976) ------------------------
 *
 * D is the symmetric digraph of the topology, r the root, rho_H(X) the number of arcs of a
 * digraph H entering a node set X. Edmonds' branching theorem: D has k arc-disjoint spanning
 * arborescences rooted at r (out-arborescences: arcs parent -> child) if and only if
 * rho_D(X) >= k for every nonempty X inside V - r, that is (Menger) every node v != r has k
 * arc-disjoint r -> v paths.
 *
 * Lovasz's proof is the construction. Let c be the number of arborescences still to build
 * (c = k at first), D' the arcs that no finished tree uses, with rho_D'(X) >= c for all such X,
 * and F the arborescence being grown from r (vertex set V(F), arcs A(F)). The invariant is
 *     (I)  rho_{D' - A(F)}(X) >= c - 1 for every nonempty X inside V - r,
 * true for F = ({r}, {}). Adding an arc (u, v) of D' - A(F), u in V(F), v not in V(F), lowers
 * rho(X) by one exactly for the sets X with v in X and u not in X, so the arc is *safe* (keeps
 * (I)) if and only if
 *     (S)  rho_{D' - A(F)}(X) >= c  for every X inside V - r with v in X and u not in X,
 * and by the max-flow min-cut theorem (the sets X are exactly the cuts separating the source
 * set {r, u} from the sink v) that is:
 *     the largest number of arc-disjoint paths from {r, u} to v in D' - A(F) is >= c.
 * That is the test: a unit-capacity max flow from {r, u} to v, started with the arc (u, v)
 * itself as the first path and stopped as soon as c paths exist. Lovasz shows that while F is
 * not spanning some safe arc leaves V(F) (take a minimal "critical" set U, tight in (I) and not
 * inside V(F): an arc of D' - A(F) runs from U & V(F) to U - V(F), and by submodularity a
 * critical set blocking it would cut a smaller critical set out of U). When F spans, (I) says
 * that D' - A(F) satisfies Edmonds' condition for c - 1: its arcs are removed and the next tree
 * is grown with c - 1. The last tree (c = 1) needs no test: any arc is safe.
 *
 * Tight sets stay tight while F grows (rho only falls and (I) keeps it >= c - 1), so an arc
 * found unsafe stays unsafe for the rest of the tree. Hence each node u of F is expanded once,
 * its arcs tested once each in port order: when no node is left to expand, every arc leaving
 * V(F) is unsafe, which Lovasz's lemma forbids unless Edmonds' condition failed from the start
 * (then k exceeds the connectivity and the call fails with TC_EINVAL).
 *
 * Shallow trees, first: F grows breadth-first, layer by layer (the nodes of one depth in
 * increasing id, each node's arcs in port order), so a node joins at the least depth at which it
 * has a safe arc when its turn comes. The first tree is then nearly a breadth-first tree, but
 * the later ones, grown in what the earlier ones left over, come out deep (S_7: 10, 12, 19, 41,
 * 97, 140).
 *
 * Shallow trees, second: an exchange phase. At a node v each tree uses one arc into v; the
 * trees may trade these arcs among themselves, or trade one for an arc into v that no tree
 * uses, without breaking disjointness (only v's own trees use arcs into v). A trade is made
 * when tree t0 gets a parent of strictly smaller depth in t0 and every other tree on the trade
 * chain a parent of no greater depth in its tree (a breadth-first search over the trees finds
 * the chain; depths are measured by walking the parent pointers, so they are exact). A new
 * parent is then never deeper than v's old parent, hence never below v: no cycle can form. Each
 * trade lowers the sum of all depths in all trees (v's subtree moves up in t0 and not down
 * elsewhere), so the phase ends, after at most k N^2 trades; it sweeps the nodes in id order
 * until a sweep trades nothing (S_7: 17,397 trades in 0.06 s, depths 10, 10, 11, 12, 13, 14;
 * Q_n: n + 1 in every tree, the optimum, for n = 5, 8, 10, 12). It reaches a local optimum of the
 * sum of depths, nothing more: the depths remain a heuristic, not an optimum (that is the SAT
 * search of search.c).
 *
 * The flows: unit capacities on the arcs of D' - A(F); an augmenting path is found by a
 * bidirectional breadth-first search in the residual digraph (the side with the smaller
 * frontier grows a whole layer; the first node seen by both sides joins the halves, which are
 * then node-disjoint); a search fails when either side runs out. The common case is cheap: the
 * first path is the arc (u, v) itself, almost every test succeeds (S_7: 364 of 25,559 fail),
 * and a search meets halfway (S_7: 169 nodes expanded per search, of 5,040). Visit marks are
 * epoch stamps (no per-search resets); the flow is cleared through the list of the arcs it set;
 * every buffer is allocated once per call.
 *
 * Cost: at most m = N * ports tests per tree, each at most c augmenting paths of O(m): O(k^2 m^2)
 * over all trees in the worst case; N - 1 tests per tree succeed. The exchange phase: at most
 * k N^2 trades, a node visit costing O(k * ports * depth + k^2 * ports).
 */
#include "trees/packing.h"
#include "core/internal.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define FAR (INT32_MAX / 2) /* the depth of a missing neighbour */

/* The digraph and the flow workspace. Arc a = v * P + p is the arc out of v through port p. */
typedef struct {
    int64_t N;
    int P;
    int64_t m;
    const int32_t *nbr;
    uint8_t *rport;   /* m: the port of the far end leading back (rev, or p) */
    uint8_t *gone;    /* m: 1 when the arc is not in the current digraph (absent, a loop, used) */
    uint8_t *flow;    /* m: 1 when the arc carries the current flow */
    int32_t *touched; /* arcs the current flow set (to clear it) */
    int64_t ntouched, touched_cap;
    uint32_t *fseen, *bseen; /* N: epoch stamps of the forward and backward searches */
    uint32_t epoch;
    int32_t *fpred, *bsucc; /* N: search trees (-1 at the sources / the sink) */
    uint8_t *fport, *bport; /* N: the port at the predecessor / at the node itself */
    int32_t *fq, *bq;       /* N: search queues */
} work_t;

static void work_free(work_t *w)
{
    free(w->rport);
    free(w->gone);
    free(w->flow);
    free(w->touched);
    free(w->fseen);
    free(w->bseen);
    free(w->fpred);
    free(w->bsucc);
    free(w->fport);
    free(w->bport);
    free(w->fq);
    free(w->bq);
    memset(w, 0, sizeof *w);
}

/* Check the table (nodes, ports, ranges, symmetry). */
static tc_err_t check_topo(const tc_topo_t *topo)
{
    if (topo == NULL || topo->nodes < 1 || topo->ports < 0) {
        return tc__fail(TC_EINVAL, "The topology must have at least one node and no negative "
                                   "port count.");
    }
    if (topo->ports > 254) {
        return tc__fail(TC_EINVAL,
                        "The topology has %d ports; tree packings store ports in one byte "
                        "below 0xFE, so at most 254.",
                        topo->ports);
    }
    if (topo->nodes > INT32_MAX || topo->nodes * topo->ports > INT32_MAX) {
        return tc__fail(TC_ETOOBIG, "A topology of %lld nodes with %d ports is too large to pack.",
                        (long long)topo->nodes, topo->ports);
    }
    if (topo->ports > 0 && topo->nbr == NULL) {
        return tc__fail(TC_EINVAL, "The topology has ports but no neighbour table.");
    }
    int64_t N = topo->nodes;
    int P = topo->ports;
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < P; p++) {
            int64_t a = v * P + p;
            int64_t w = topo->nbr[a];
            if (w < 0) {
                if (w != -1) {
                    return tc__fail(TC_EINVAL, "Node %lld has neighbour %lld through port %d.",
                                    (long long)v, (long long)w, p);
                }
                continue;
            }
            int q = topo->rev != NULL ? topo->rev[a] : p;
            if (w >= N || q >= P || topo->nbr[w * P + q] != v ||
                (topo->rev != NULL ? topo->rev[w * P + q] : q) != p) {
                return tc__fail(TC_EINVAL,
                                "The topology is not symmetric at node %lld, port %d: the "
                                "neighbour's link does not lead back through the same pair of "
                                "ports.",
                                (long long)v, p);
            }
        }
    }
    return TC_OK;
}

/* Check topo and allocate the workspace; the current digraph is every arc but the loops. */
static tc_err_t work_init(work_t *w, const tc_topo_t *topo)
{
    memset(w, 0, sizeof *w);
    tc_err_t err = check_topo(topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = topo->nodes;
    int P = topo->ports;
    int64_t m = N * P;
    size_t sm = (size_t)(m > 0 ? m : 1), sn = (size_t)N;
    w->N = N;
    w->P = P;
    w->m = m;
    w->nbr = topo->nbr;
    w->touched_cap = m + 1;
    w->rport = tc__malloc_array(sm, 1);
    w->gone = tc__malloc_array(sm, 1);
    w->flow = tc__calloc_array(sm, 1);
    w->touched = tc__malloc_array((size_t)w->touched_cap, sizeof *w->touched);
    w->fseen = tc__calloc_array(sn, sizeof *w->fseen);
    w->bseen = tc__calloc_array(sn, sizeof *w->bseen);
    w->fpred = tc__malloc_array(sn, sizeof *w->fpred);
    w->bsucc = tc__malloc_array(sn, sizeof *w->bsucc);
    w->fport = tc__malloc_array(sn, 1);
    w->bport = tc__malloc_array(sn, 1);
    w->fq = tc__malloc_array(sn, sizeof *w->fq);
    w->bq = tc__malloc_array(sn, sizeof *w->bq);
    if (w->rport == NULL || w->gone == NULL || w->flow == NULL || w->touched == NULL ||
        w->fseen == NULL || w->bseen == NULL || w->fpred == NULL || w->bsucc == NULL ||
        w->fport == NULL || w->bport == NULL || w->fq == NULL || w->bq == NULL) {
        work_free(w);
        return tc__fail(TC_ENOMEM, "Out of memory for the flow tables of %lld nodes.",
                        (long long)N);
    }
    for (int64_t a = 0; a < m; a++) {
        int32_t y = topo->nbr[a];
        w->rport[a] = (uint8_t)(topo->rev != NULL ? topo->rev[a] : a % P);
        w->gone[a] = (uint8_t)(y < 0 || y == a / P);
    }
    w->epoch = 0;
    return TC_OK;
}

static uint32_t next_epoch(work_t *w)
{
    if (++w->epoch == 0) {
        memset(w->fseen, 0, (size_t)w->N * sizeof *w->fseen);
        memset(w->bseen, 0, (size_t)w->N * sizeof *w->bseen);
        w->epoch = 1;
    }
    return w->epoch;
}

/* Whether the residual digraph has the move x -> nbr(a) over arc a = x * P + p: a unused and
 * empty, or the opposite arc carrying flow (cancelled). */
static bool residual(const work_t *w, int64_t a, int32_t y)
{
    return (!w->gone[a] && !w->flow[a]) || w->flow[(int64_t)y * w->P + w->rport[a]];
}

/* Push one unit over the move x -> y through port p of x. */
static void move_unit(work_t *w, int32_t x, int p, int32_t y)
{
    int64_t a = (int64_t)x * w->P + p;
    int64_t b = (int64_t)y * w->P + w->rport[a];
    if (w->flow[b]) {
        w->flow[b] = 0;
    } else {
        w->flow[a] = 1;
        w->touched[w->ntouched++] = (int32_t)a;
    }
}

/* Push one unit along source ... x -> y ... sink: x's forward chain, the joining move (port p
 * of x), y's backward chain. */
static void push_path(work_t *w, int32_t x, int p, int32_t y)
{
    move_unit(w, x, p, y);
    for (int32_t z = x; w->fpred[z] >= 0;) {
        int32_t s = w->fpred[z];
        move_unit(w, s, w->fport[z], z);
        z = s;
    }
    for (int32_t z = y; w->bsucc[z] >= 0;) {
        int32_t s = w->bsucc[z];
        move_unit(w, z, w->bport[z], s);
        z = s;
    }
}

/* One augmenting path from the sources src[0..nsrc-1] to the sink t (not a source) in the
 * residual digraph, by bidirectional breadth-first search; pushes it and returns true, or
 * returns false when the flow is maximum. */
static bool augment(work_t *w, const int32_t *src, int nsrc, int32_t t)
{
    uint32_t e = next_epoch(w);
    int P = w->P;
    const int32_t *nbr = w->nbr;
    int64_t ft = 0, bt = 0;
    for (int i = 0; i < nsrc; i++) {
        if (w->fseen[src[i]] != e) {
            w->fseen[src[i]] = e;
            w->fpred[src[i]] = -1;
            w->fq[ft++] = src[i];
        }
    }
    w->bseen[t] = e;
    w->bsucc[t] = -1;
    w->bq[bt++] = t;
    int64_t flo = 0, fhi = ft, blo = 0, bhi = bt;
    while (flo < fhi && blo < bhi) {
        if (fhi - flo <= bhi - blo) {
            for (int64_t i = flo; i < fhi; i++) {
                int32_t x = w->fq[i];
                for (int p = 0; p < P; p++) {
                    int64_t a = (int64_t)x * P + p;
                    int32_t y = nbr[a];
                    if (y < 0 || w->fseen[y] == e || !residual(w, a, y)) {
                        continue;
                    }
                    if (w->bseen[y] == e) {
                        push_path(w, x, p, y);
                        return true;
                    }
                    w->fseen[y] = e;
                    w->fpred[y] = x;
                    w->fport[y] = (uint8_t)p;
                    w->fq[ft++] = y;
                }
            }
            flo = fhi;
            fhi = ft;
        } else {
            for (int64_t i = blo; i < bhi; i++) {
                int32_t y = w->bq[i];
                for (int p = 0; p < P; p++) {
                    int64_t b = (int64_t)y * P + p;
                    int32_t x = nbr[b];
                    if (x < 0 || w->bseen[x] == e) {
                        continue;
                    }
                    int q = w->rport[b]; /* the move x -> y leaves x through q */
                    if (!residual(w, (int64_t)x * P + q, y)) {
                        continue;
                    }
                    if (w->fseen[x] == e) {
                        push_path(w, x, q, y);
                        return true;
                    }
                    w->bseen[x] = e;
                    w->bsucc[x] = y;
                    w->bport[x] = (uint8_t)q;
                    w->bq[bt++] = x;
                }
            }
            blo = bhi;
            bhi = bt;
        }
    }
    return false;
}

static void flow_clear(work_t *w)
{
    for (int64_t i = 0; i < w->ntouched; i++) {
        w->flow[w->touched[i]] = 0;
    }
    w->ntouched = 0;
}

/* The number of arc-disjoint paths from src to t in the current digraph, counted up to cap
 * (the flow is cleared afterwards). */
static int max_paths(work_t *w, const int32_t *src, int nsrc, int32_t t, int cap)
{
    int c = 0;
    while (c < cap && augment(w, src, nsrc, t)) {
        c++;
    }
    flow_clear(w);
    return c;
}

/* Arcs of the current digraph entering v (= leaving v: the table is symmetric). */
static int degree_in(const work_t *w, int64_t v)
{
    int d = 0;
    for (int p = 0; p < w->P; p++) {
        d += !w->gone[v * w->P + p];
    }
    return d;
}

/* The arc connectivity from root in the current digraph (see tc__arb_connectivity). */
static int connectivity(work_t *w, int32_t root)
{
    int64_t N = w->N;
    if (N == 1) {
        return TC__PACK_MAX_TREES;
    }
    /* Reachability: a forward search from root. */
    uint32_t e = next_epoch(w);
    int64_t head = 0, tail = 0;
    w->fseen[root] = e;
    w->fq[tail++] = root;
    while (head < tail) {
        int32_t x = w->fq[head++];
        for (int p = 0; p < w->P; p++) {
            int64_t a = (int64_t)x * w->P + p;
            int32_t y = w->nbr[a];
            if (!w->gone[a] && w->fseen[y] != e) {
                w->fseen[y] = e;
                w->fq[tail++] = y;
            }
        }
    }
    if (tail < N) {
        return 0;
    }
    /* The degrees bound it; then one capped flow per node, the least degrees first. */
    int best = degree_in(w, root);
    for (int64_t v = 0; v < N; v++) {
        int d = degree_in(w, v);
        best = v != root && d < best ? d : best;
    }
    for (int64_t v = 0; v < N && best > 0; v++) {
        if (v != root) {
            int c = max_paths(w, &root, 1, (int32_t)v, best);
            best = c < best ? c : best;
        }
    }
    return best;
}

tc_err_t tc__arb_connectivity(const tc_topo_t *topo, int64_t root, int *k)
{
    work_t w;
    tc_err_t err = work_init(&w, topo);
    if (err != TC_OK) {
        return err;
    }
    if (root < 0 || root >= w.N) {
        err = tc__fail(TC_EINVAL, "The root %lld is not a node of the topology (0..%lld).",
                       (long long)root, (long long)(w.N - 1));
        goto cleanup;
    }
    *k = connectivity(&w, (int32_t)root);
cleanup:
    work_free(&w);
    return err;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Grow tree t (c trees still to build, this one included) breadth-first from root with safe
 * arcs only, taking its arcs out of the digraph. intree[v] == mark marks the tree's nodes;
 * layer and next are N-entry buffers. Returns false when it gets stuck (Edmonds' condition
 * failed). */
static bool grow_tree(work_t *w, int32_t root, int c, uint8_t mark, uint8_t *intree, uint8_t *out,
                      int32_t *layer, int32_t *next)
{
    int64_t N = w->N;
    int P = w->P;
    intree[root] = mark;
    out[root] = TC_PARENT_ROOT;
    int64_t joined = 1, nlayer = 1;
    layer[0] = root;
    while (joined < N) {
        if (nlayer == 0) {
            return false;
        }
        int64_t nnext = 0;
        for (int64_t i = 0; i < nlayer && joined < N; i++) {
            int32_t u = layer[i];
            int32_t src[2] = {root, u};
            for (int p = 0; p < P; p++) {
                int64_t a = (int64_t)u * P + p;
                int32_t v = w->nbr[a];
                if (w->gone[a] || intree[v] == mark) {
                    continue;
                }
                if (c > 1) { /* the test (S): c paths from {root, u} to v, (u, v) the first */
                    w->flow[a] = 1;
                    w->touched[w->ntouched++] = (int32_t)a;
                    int paths = 1;
                    while (paths < c && augment(w, src, u == root ? 1 : 2, v)) {
                        paths++;
                    }
                    flow_clear(w);
                    if (paths < c) {
                        continue;
                    }
                }
                w->gone[a] = 1;
                intree[v] = mark;
                out[v] = w->rport[a];
                next[nnext++] = v;
                joined++;
            }
        }
        qsort(next, (size_t)nnext, sizeof *next, cmp_i32);
        memcpy(layer, next, (size_t)nnext * sizeof *next);
        nlayer = nnext;
    }
    return true;
}

/* ---- the exchange phase ------------------------------------------------------------------ */

/* Buffers of the exchange phase: k x P depths and per-tree bookkeeping of one node. */
typedef struct {
    int32_t *dep;   /* k x P: depth in tree t of the neighbour through port q (FAR: no link) */
    int32_t *owner; /* P: the tree whose parent is through port q, -1 when none */
    int32_t *cur, *curd, *from, *queue;
    uint8_t *seen;
} xbuf_t;

static int32_t walk_depth(const work_t *w, const uint8_t *pt, int64_t x)
{
    int32_t d = 0;
    while (pt[x] != TC_PARENT_ROOT) {
        x = w->nbr[x * w->P + pt[x]];
        d++;
    }
    return d;
}

/* One improving exchange at node v, if there is one: tree t0 moves its parent to port q of
 * strictly smaller depth in t0; if another tree t1 held q, t1 moves to a port of no greater
 * depth in t1, and so on (a breadth-first search over the trees), the chain ending at an unused
 * port or at t0's old one. Returns whether v changed. */
static bool exchange_at(const work_t *w, int64_t v, int k, uint8_t *ports, xbuf_t *x)
{
    int64_t N = w->N;
    int P = w->P;
    for (int q = 0; q < P; q++) {
        x->owner[q] = -1;
    }
    for (int t = 0; t < k; t++) {
        x->cur[t] = ports[t * N + v];
        x->owner[x->cur[t]] = t;
    }
    for (int t = 0; t < k; t++) {
        for (int q = 0; q < P; q++) {
            int64_t a = v * P + q;
            int32_t y = w->nbr[a];
            x->dep[t * P + q] = y < 0 || y == v ? FAR : walk_depth(w, ports + t * N, y);
        }
        x->curd[t] = x->dep[t * P + x->cur[t]];
    }
    for (int t0 = 0; t0 < k; t0++) {
        for (int q = 0; q < P; q++) {
            if (x->dep[t0 * P + q] >= x->curd[t0]) {
                continue;
            }
            int last = -1, end = q;
            if (x->owner[q] >= 0) {
                memset(x->seen, 0, (size_t)k);
                int head = 0, tail = 0, t1 = x->owner[q];
                x->queue[tail++] = t1;
                x->seen[t1] = 1;
                x->seen[t0] = 1;
                x->from[t1] = -1;
                while (head < tail && last < 0) {
                    int t = x->queue[head++];
                    for (int q2 = 0; q2 < P && last < 0; q2++) {
                        if (q2 == x->cur[t] || x->dep[t * P + q2] > x->curd[t]) {
                            continue;
                        }
                        int o = x->owner[q2];
                        if (o < 0 || q2 == x->cur[t0]) {
                            last = t;
                            end = q2;
                        } else if (!x->seen[o]) {
                            x->seen[o] = 1;
                            x->from[o] = t;
                            x->queue[tail++] = o;
                        }
                    }
                }
                if (last < 0) {
                    continue;
                }
                /* last takes end; each tree on the chain takes the port of the one after it */
                ports[last * N + v] = (uint8_t)end;
                for (int t = last; x->from[t] >= 0; t = x->from[t]) {
                    ports[x->from[t] * N + v] = (uint8_t)x->cur[t];
                }
            }
            ports[t0 * N + v] = (uint8_t)q;
            return true;
        }
    }
    return false;
}

/* Exchanges at every node until none improves (see the file comment). */
static tc_err_t exchange(const work_t *w, int64_t root, int k, uint8_t *ports)
{
    tc_err_t err = TC_OK;
    xbuf_t x = {0};
    size_t sk = (size_t)k, sp = (size_t)(w->P > 0 ? w->P : 1);
    x.dep = tc__malloc_array(sk * sp, sizeof *x.dep);
    x.owner = tc__malloc_array(sp, sizeof *x.owner);
    x.cur = tc__malloc_array(sk, sizeof *x.cur);
    x.curd = tc__malloc_array(sk, sizeof *x.curd);
    x.from = tc__malloc_array(sk, sizeof *x.from);
    x.queue = tc__malloc_array(sk, sizeof *x.queue);
    x.seen = tc__malloc_array(sk, 1);
    if (x.dep == NULL || x.owner == NULL || x.cur == NULL || x.curd == NULL || x.from == NULL ||
        x.queue == NULL || x.seen == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the exchange phase of %d trees.", k);
        goto cleanup;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int64_t v = 0; v < w->N; v++) {
            while (v != root && exchange_at(w, v, k, ports, &x)) {
                changed = true;
            }
        }
    }
cleanup:
    free(x.dep);
    free(x.owner);
    free(x.cur);
    free(x.curd);
    free(x.from);
    free(x.queue);
    free(x.seen);
    return err;
}

tc_err_t tc__pack_arborescences(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports)
{
    return tc__pack_arborescences_flags(topo, root, k, 0, ports);
}

tc_err_t tc__pack_arborescences_flags(const tc_topo_t *topo, int64_t root, int k, unsigned flags,
                                      uint8_t *ports)
{
    uint8_t *intree = NULL;
    int32_t *layer = NULL, *next = NULL;
    work_t w;
    tc_err_t err = work_init(&w, topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = w.N;
    if (root < 0 || root >= N) {
        err = tc__fail(TC_EINVAL, "The root %lld is not a node of the topology (0..%lld).",
                       (long long)root, (long long)(N - 1));
        goto cleanup;
    }
    if (k < 1 || k > TC__PACK_MAX_TREES) {
        err = tc__fail(TC_EINVAL, "Asked for %d arborescences; the packing builds 1 to %d.", k,
                       TC__PACK_MAX_TREES);
        goto cleanup;
    }
    if (ports == NULL) {
        err = tc__fail(TC_EINVAL, "No output table for the arborescences.");
        goto cleanup;
    }
    /* Quick refusals: a node with fewer than k links (the set {v}, or V - r) cannot do. */
    for (int64_t v = 0; v < N && N > 1; v++) {
        int d = degree_in(&w, v);
        if (d < k) {
            err = tc__fail(TC_EINVAL,
                           "Node %lld has %d links, so %d arc-disjoint spanning arborescences "
                           "rooted at %lld do not exist.",
                           (long long)v, d, k, (long long)root);
            goto cleanup;
        }
    }
    intree = tc__calloc_array((size_t)N, 1);
    layer = tc__malloc_array((size_t)N, sizeof *layer);
    next = tc__malloc_array((size_t)N, sizeof *next);
    if (intree == NULL || layer == NULL || next == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for growing arborescences on %lld nodes.",
                       (long long)N);
        goto cleanup;
    }
    for (int t = 0; t < k; t++) {
        if (!grow_tree(&w, (int32_t)root, k - t, (uint8_t)(t + 1), intree, ports + t * N, layer,
                       next)) {
            /* Edmonds' condition failed from the start: measure it on the whole digraph. */
            for (int64_t a = 0; a < w.m; a++) {
                int32_t y = w.nbr[a];
                w.gone[a] = (uint8_t)(y < 0 || y == a / w.P);
            }
            int conn = connectivity(&w, (int32_t)root);
            err = tc__fail(TC_EINVAL,
                           "%d arc-disjoint spanning arborescences rooted at %lld do not exist: "
                           "the arc connectivity from the root is %d (Edmonds' theorem).",
                           k, (long long)root, conn);
            goto cleanup;
        }
    }
    if (!(flags & TC__PACK_NO_EXCHANGE)) {
        err = exchange(&w, root, k, ports);
    }
cleanup:
    free(intree);
    free(layer);
    free(next);
    work_free(&w);
    return err;
}
