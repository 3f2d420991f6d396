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
 * the chain; every node's depth in every tree is stored and kept exact: after a trade, v's
 * subtree in each tree that changed moves by v's change, its nodes found through the children,
 * the neighbours whose parent port leads back). A new
 * parent is then never deeper than v's old parent, hence never below v: no cycle can form. Each
 * trade lowers the sum of all depths in all trees (v's subtree moves up in t0 and not down
 * elsewhere), so the phase ends, after at most k N^2 trades; it visits every node in id order,
 * then, from a queue, the neighbours of every node whose depth a trade changed (a node's trades
 * depend only on its neighbours' depths and its own ports), until the queue is empty (on
 * Lovasz's trees of S_7: deepest 140 as grown, 12 after; Q_n: n + 1 in every tree, the optimum,
 * for n = 5 to 10). It reaches a local optimum of the sum of depths, nothing more.
 *
 * Shallow trees, third: the deepest level. A pipelined broadcast waits for the deepest tree, so
 * the phase then lowers the greatest depth D: a node v at depth D in tree t0 (a leaf there)
 * moves to a parent of depth D - 2 or less, and the trees on the trade chain may now take a
 * deeper parent, as long as v's subtree in each stays above D (its height is found through the
 * children) and the new parent is not below v (checked by walking up). A lift adds no node at
 * depth D, so each one lowers the count at D; when none is left, D falls by one and the phase
 * goes on; it stops at the first level where some node cannot be lifted, and the sum phase
 * runs once more (it deepens nothing). On S_5 and S_6 the greedy's trees reach the least height
 * the SAT search proves (8 and 9; they were 9 and 10 before this phase), B_6 17 (least 16), P_6
 * 9 (least 8); docs/constructions.md has the table. The depths remain a heuristic, not an
 * optimum (that is the SAT search of search.c).
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
 * k N^2 trades, a node visit costing O(k^2 * ports), a trade O(ports) per node of the subtrees
 * moved. (The depths were first found by walking up the trees for each of the k * ports
 * neighbours of every node visited: 91% of the time of the greedy's Q_16 packing, 0.32 s now.)
 *
 * The fast way to the same count is arb_greedy.c (every tree at once; tc__pack_most_arborescences
 * tries it first), whose trees go through the same exchange phase.
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

/* A forward search from root in the residual digraph (with no flow set: the current digraph);
 * the nodes reached carry the returned epoch in fseen, and *count receives how many. */
static uint32_t reach(work_t *w, int32_t root, int64_t *count)
{
    uint32_t e = next_epoch(w);
    int64_t head = 0, tail = 0;
    w->fseen[root] = e;
    w->fq[tail++] = root;
    while (head < tail) {
        int32_t x = w->fq[head++];
        for (int p = 0; p < w->P; p++) {
            int64_t a = (int64_t)x * w->P + p;
            int32_t y = w->nbr[a];
            if (y >= 0 && w->fseen[y] != e && residual(w, a, y)) {
                w->fseen[y] = e;
                w->fq[tail++] = y;
            }
        }
    }
    *count = tail;
    return e;
}

/* The arc connectivity from root in the current digraph (see tc__arb_connectivity); *at
 * receives a node where it is reached (-1 when the digraph is one node). */
static int connectivity_at(work_t *w, int32_t root, int32_t *at)
{
    int64_t N = w->N;
    *at = -1;
    if (N == 1) {
        return TC__PACK_MAX_TREES;
    }
    int64_t tail = 0;
    uint32_t e = reach(w, root, &tail);
    if (tail < N) {
        for (int64_t v = 0; v < N && *at < 0; v++) {
            *at = w->fseen[v] != e ? (int32_t)v : -1;
        }
        return 0;
    }
    /* The degrees bound it (the root's out-degree, every in-degree); then one capped flow per
     * node. When nothing lowers the root's degree, every node is reached over exactly that many
     * paths, so any node will do for *at. */
    int best = degree_in(w, root);
    *at = root == 0 ? 1 : 0;
    for (int64_t v = 0; v < N; v++) {
        int d = degree_in(w, v);
        if (v != root && d < best) {
            best = d;
            *at = (int32_t)v;
        }
    }
    for (int64_t v = 0; v < N && best > 0; v++) {
        if (v != root) {
            int c = max_paths(w, &root, 1, (int32_t)v, best);
            *at = c < best ? (int32_t)v : *at;
            best = c < best ? c : best;
        }
    }
    return best;
}

static int connectivity(work_t *w, int32_t root)
{
    int32_t at;
    return connectivity_at(w, root, &at);
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

tc_err_t tc__arb_min_cut(const tc_topo_t *topo, int64_t root, int *k, uint8_t *side)
{
    work_t w;
    tc_err_t err = work_init(&w, topo);
    if (err != TC_OK) {
        return err;
    }
    if (root < 0 || root >= w.N || w.N < 2) {
        err = tc__fail(TC_EINVAL, "The root %lld is not a node of a topology of two nodes or more.",
                       (long long)root);
        goto cleanup;
    }
    int32_t r = (int32_t)root, v = -1;
    *k = connectivity_at(&w, r, &v);
    /* The max flow to v, then the nodes the residual digraph reaches from root: the cut is the
     * rest (v among them), entered by the saturated arcs only. */
    for (int c = 0; c < *k && augment(&w, &r, 1, v); c++) {
    }
    int64_t reached = 0;
    uint32_t e = reach(&w, r, &reached);
    for (int64_t x = 0; x < w.N; x++) {
        side[x] = w.fseen[x] != e;
    }
    flow_clear(&w);
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

/* What the exchange phase sees of a packing: the table and, for undirected trees, the edge of
 * every arc and the tree holding every edge (eid and eown NULL for arc-disjoint trees). */
typedef struct {
    int64_t N;
    int P;
    const int32_t *nbr;
    const uint8_t *rev; /* the port back (NULL: the same port) */
    const int32_t *eid;
    int8_t *eown;
} xgraph_t;

/* Buffers of the exchange phase: k x P depths and per-tree bookkeeping of one node, and the
 * depth of every node in every tree, kept exact through the trades. */
typedef struct {
    int32_t *dep;   /* k x P: depth in tree t of the neighbour through port q (FAR: no link) */
    int32_t *owner; /* P: the tree whose parent is through port q, -1 when none */
    int32_t *cur, *curd, *from, *queue;
    uint8_t *seen;
    int32_t
        *depth; /* N x k: the depth of node v in tree t at v * k + t (a node's trees together) */
    int k;
    int32_t *stack;  /* N */
    int32_t *height; /* k: the height of v's subtree in tree t (the deepest-level phase) */
    int32_t limit;   /* the deepest-level phase: the level D to stay above; 0 otherwise */
    int32_t *work;   /* N: the nodes to visit again (a ring), each once (inq) */
    uint8_t *inq;    /* N */
    int64_t whead, wcount;
} xbuf_t;

/* Queue node y for another visit, unless it waits already. */
static void requeue(xbuf_t *x, int64_t N, int64_t y)
{
    if (!x->inq[y]) {
        x->inq[y] = 1;
        x->work[(x->whead + x->wcount++) % N] = (int32_t)y;
    }
}

/* The depths of tree pt, each node's found by walking up to the first node whose depth is
 * known and filling the walk back in: O(N) for the tree. */
static void tree_depths(const xgraph_t *g, const uint8_t *pt, int32_t *depth, int k, int32_t *stack)
{
    for (int64_t v = 0; v < g->N; v++) {
        depth[v * k] = pt[v] == TC_PARENT_ROOT ? 0 : -1;
    }
    for (int64_t v = 0; v < g->N; v++) {
        int64_t n = 0, x = v;
        while (depth[x * k] < 0) {
            stack[n++] = (int32_t)x;
            x = g->nbr[x * g->P + pt[x]];
        }
        for (int32_t d = depth[x * k]; n > 0;) {
            depth[(int64_t)stack[--n] * k] = ++d;
        }
    }
}

/* After v's parent in tree pt changed: every node of v's subtree moves by v's change. The
 * children of u are the neighbours whose parent port leads back to u. Every neighbour of a node
 * that moved may now trade better: it is queued for another visit. */
static void subtree_moved(const xgraph_t *g, const uint8_t *pt, int64_t v, int32_t *depth, int k,
                          xbuf_t *x)
{
    int P = g->P;
    int32_t delta = depth[(int64_t)g->nbr[v * P + pt[v]] * k] + 1 - depth[v * k];
    if (delta == 0) {
        return;
    }
    int64_t n = 0;
    x->stack[n++] = (int32_t)v;
    while (n > 0) {
        int64_t u = x->stack[--n];
        depth[u * k] += delta;
        for (int p = 0; p < P; p++) {
            int64_t a = u * P + p;
            int32_t y = g->nbr[a];
            if (y < 0 || y == u) {
                continue;
            }
            requeue(x, g->N, y);
            if (pt[y] == (g->rev != NULL ? g->rev[a] : p)) {
                x->stack[n++] = y;
            }
        }
    }
}

/* What the trades at v see: the tree holding each port of v (owner), each tree's port (cur)
 * and the depth of every neighbour in every tree (dep; FAR for no link, and for an undirected
 * edge that some tree uses below v). */
static void node_view(const xgraph_t *g, int64_t v, int k, const uint8_t *ports, xbuf_t *x)
{
    int64_t N = g->N;
    int P = g->P;
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
            int32_t y = g->nbr[a];
            bool blocked = g->eown != NULL && x->owner[q] < 0 && g->eid[a] >= 0 &&
                           g->eown[g->eid[a]] >= 0; /* a child edge of v in some tree */
            x->dep[t * P + q] = y < 0 || y == v || blocked ? FAR : x->depth[(int64_t)y * k + t];
        }
        x->curd[t] = x->dep[t * P + x->cur[t]];
    }
}

/* Make the trade the search found: t0 takes port q; the chain (x->from, back from last, which
 * takes port end) shifts along; the edges' owners and the depths of the subtrees follow. */
static void commit_trade(xgraph_t *g, int64_t v, int t0, int q, int last, int end, int k,
                         uint8_t *ports, xbuf_t *x)
{
    int64_t N = g->N;
    int P = g->P;
    (void)k;
    int nch = 0; /* the trees that change (the queue is free again): t0 and the chain */
    x->queue[nch++] = t0;
    for (int t = last; t >= 0; t = x->from[t]) {
        x->queue[nch++] = t;
    }
    for (int i = 0; i < nch && g->eown != NULL; i++) {
        g->eown[g->eid[v * P + x->cur[x->queue[i]]]] = -1;
    }
    /* last takes end; each tree on the chain takes the port of the one after it */
    if (last >= 0) {
        ports[last * N + v] = (uint8_t)end;
        for (int t = last; x->from[t] >= 0; t = x->from[t]) {
            ports[x->from[t] * N + v] = (uint8_t)x->cur[t];
        }
    }
    ports[t0 * N + v] = (uint8_t)q;
    for (int i = 0; i < nch; i++) {
        int t = x->queue[i];
        if (g->eown != NULL) {
            g->eown[g->eid[v * P + ports[t * N + v]]] = (int8_t)t;
        }
        subtree_moved(g, ports + t * N, v, x->depth + t, k, x);
    }
}

/* The height of v's subtree in tree pt (0 for a leaf), by a search through the children. */
static int32_t subtree_height(const xgraph_t *g, const uint8_t *pt, int64_t v, const int32_t *depth,
                              int k, int32_t *stack)
{
    int P = g->P;
    int32_t hi = depth[v * k];
    int64_t n = 0;
    stack[n++] = (int32_t)v;
    while (n > 0) {
        int64_t y = stack[--n];
        hi = depth[y * k] > hi ? depth[y * k] : hi;
        for (int p = 0; p < P; p++) {
            int64_t a = y * P + p;
            int32_t c = g->nbr[a];
            if (c >= 0 && c != y && pt[c] == (g->rev != NULL ? g->rev[a] : p)) {
                stack[n++] = c;
            }
        }
    }
    return hi - depth[v * k];
}

/* Whether port q2 of v may be tree t's new parent in a trade: within reach (ok_depth) and, for
 * the deepest-level phase (x->limit > 0), not below v in t and leaving v's subtree in t above
 * the limit. */
static bool chain_port_ok(const xgraph_t *g, int64_t v, int t, int q2, const uint8_t *ports,
                          xbuf_t *x)
{
    int P = g->P;
    int32_t d = x->dep[t * P + q2];
    if (q2 == x->cur[t] || d == FAR) {
        return false;
    }
    if (x->limit <= 0) {
        return d <= x->curd[t];
    }
    if (x->height[t] < 0) { /* found when first asked: a subtree can be most of the tree */
        x->height[t] = subtree_height(g, ports + t * g->N, v, x->depth + t, x->k, x->stack);
    }
    if (d + 1 + x->height[t] >= x->limit) {
        return false;
    }
    const uint8_t *pt = ports + t * g->N; /* w below v in t would close a cycle */
    for (int64_t w = g->nbr[v * P + q2]; pt[w] != TC_PARENT_ROOT; w = g->nbr[w * P + pt[w]]) {
        if (w == v) {
            return false;
        }
    }
    return true;
}

/* The trade for t0 taking port q at v: a breadth-first search over the trees for a chain that
 * frees q (see the file comment); *last and *end receive its end (last -1: q was free). */
static bool find_chain(const xgraph_t *g, int64_t v, int t0, int q, int k, const uint8_t *ports,
                       xbuf_t *x, int *last, int *end)
{
    int P = g->P;
    *last = -1;
    *end = q;
    if (x->owner[q] < 0) {
        return true;
    }
    memset(x->seen, 0, (size_t)k);
    int head = 0, tail = 0, t1 = x->owner[q];
    x->queue[tail++] = t1;
    x->seen[t1] = 1;
    x->seen[t0] = 1;
    x->from[t1] = -1;
    while (head < tail) {
        int t = x->queue[head++];
        for (int q2 = 0; q2 < P; q2++) {
            if (!chain_port_ok(g, v, t, q2, ports, x)) {
                continue;
            }
            int o = x->owner[q2];
            if (o < 0 || q2 == x->cur[t0]) {
                *last = t;
                *end = q2;
                return true;
            }
            if (!x->seen[o]) {
                x->seen[o] = 1;
                x->from[o] = t;
                x->queue[tail++] = o;
            }
        }
    }
    return false;
}

/* One improving exchange at node v, if there is one: tree t0 moves its parent to port q of
 * strictly smaller depth in t0; if another tree t1 held q, t1 moves to a port of no greater
 * depth in t1, and so on (a breadth-first search over the trees), the chain ending at an unused
 * port or at t0's old one. Undirected trees may not take an edge that another tree uses below
 * v. Returns whether v changed. */
static bool exchange_at(xgraph_t *g, int64_t v, int k, uint8_t *ports, xbuf_t *x)
{
    int P = g->P;
    node_view(g, v, k, ports, x);
    for (int t0 = 0; t0 < k; t0++) {
        for (int q = 0; q < P; q++) {
            int last, end;
            if (x->dep[t0 * P + q] < x->curd[t0] &&
                find_chain(g, v, t0, q, k, ports, x, &last, &end)) {
                commit_trade(g, v, t0, q, last, end, k, ports, x);
                return true;
            }
        }
    }
    return false;
}

/* Lift node v, at the deepest level D = x->limit in tree t0, to depth D - 1 or less: t0 takes
 * a parent of depth D - 2 or less, and the trees on the chain may go deeper, as long as their
 * subtrees of v stay above D and no cycle forms. Returns whether it did. */
static bool lift_at(xgraph_t *g, int64_t v, int t0, int k, uint8_t *ports, xbuf_t *x)
{
    int P = g->P;
    node_view(g, v, k, ports, x);
    for (int t = 0; t < k; t++) {
        x->height[t] = -1;
    }
    for (int q = 0; q < P; q++) {
        int last, end;
        if (x->dep[t0 * P + q] + 1 < x->limit && x->dep[t0 * P + q] != FAR &&
            find_chain(g, v, t0, q, k, ports, x, &last, &end)) {
            commit_trade(g, v, t0, q, last, end, k, ports, x);
            return true;
        }
    }
    return false;
}

/* The deepest-level phase: while every node at the deepest level D of any tree can be lifted,
 * lift them all (D falls by one); stop at the first level where some node stays. A lift adds
 * no node at D (the chain keeps its subtrees above D), so the count at D falls with each. */
static void lift_deepest(xgraph_t *g, int64_t root, int k, uint8_t *ports, xbuf_t *x)
{
    int64_t N = g->N;
    for (;;) {
        int32_t D = 0;
        for (int64_t i = 0; i < (int64_t)k * N; i++) {
            D = x->depth[i] > D ? x->depth[i] : D;
        }
        if (D <= 1) {
            break;
        }
        x->limit = D;
        int64_t left = 0;
        for (bool lifted = true; lifted;) {
            lifted = false;
            left = 0;
            for (int64_t v = 0; v < N; v++) {
                for (int t = 0; t < k && v != root; t++) {
                    if (x->depth[v * k + t] == D) {
                        bool up = lift_at(g, v, t, k, ports, x);
                        lifted |= up;
                        left += !up;
                    }
                }
            }
        }
        x->limit = 0;
        if (left > 0) {
            break;
        }
    }
}

/* Exchanges at every node until none improves (see the file comment). */
static tc_err_t exchange(xgraph_t *g, int64_t root, int k, uint8_t *ports)
{
    tc_err_t err = TC_OK;
    xbuf_t x = {0};
    size_t sk = (size_t)k, sp = (size_t)(g->P > 0 ? g->P : 1);
    x.dep = tc__malloc_array(sk * sp, sizeof *x.dep);
    x.owner = tc__malloc_array(sp, sizeof *x.owner);
    x.cur = tc__malloc_array(sk, sizeof *x.cur);
    x.curd = tc__malloc_array(sk, sizeof *x.curd);
    x.from = tc__malloc_array(sk, sizeof *x.from);
    x.queue = tc__malloc_array(sk + 1, sizeof *x.queue);
    x.seen = tc__malloc_array(sk, 1);
    x.depth = tc__malloc_array(sk * (size_t)g->N, sizeof *x.depth);
    x.k = k;
    x.stack = tc__malloc_array((size_t)g->N, sizeof *x.stack);
    x.height = tc__malloc_array(sk, sizeof *x.height);
    x.work = tc__malloc_array((size_t)g->N, sizeof *x.work);
    x.inq = tc__calloc_array((size_t)g->N, 1);
    if (x.dep == NULL || x.owner == NULL || x.cur == NULL || x.curd == NULL || x.from == NULL ||
        x.queue == NULL || x.seen == NULL || x.depth == NULL || x.stack == NULL ||
        x.height == NULL || x.work == NULL || x.inq == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the exchange phase of %d trees.", k);
        goto cleanup;
    }
    for (int t = 0; t < k; t++) {
        tree_depths(g, ports + t * g->N, x.depth + t, k, x.stack);
    }
    /* the sum of the depths to a local optimum, the deepest level down while it goes, and the
     * sum again (which never deepens a node) */
    for (int round = 0; round < 2; round++) {
        /* every node once, in id order, then the nodes near a change until none is left: a
         * node's trades depend only on its neighbours' depths and its own ports */
        for (int64_t v = 0; v < g->N; v++) {
            requeue(&x, g->N, v);
        }
        while (x.wcount > 0) {
            int64_t v = x.work[x.whead];
            x.whead = (x.whead + 1) % g->N;
            x.wcount--;
            x.inq[v] = 0;
            while (v != root && exchange_at(g, v, k, ports, &x)) {
            }
        }
        if (round == 0) {
            lift_deepest(g, root, k, ports, &x);
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
    free(x.depth);
    free(x.stack);
    free(x.height);
    free(x.work);
    free(x.inq);
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
        xgraph_t g = {w.N, w.P, w.nbr, topo->rev, NULL, NULL};
        err = exchange(&g, root, k, ports);
    }
cleanup:
    free(intree);
    free(layer);
    free(next);
    work_free(&w);
    return err;
}

/* The most arborescences: the greedy at the least degree, else the exact way (packing.h). */
tc_err_t tc__pack_most_arborescences(const tc_topo_t *topo, int64_t root, unsigned flags, int *k,
                                     uint8_t **ports, int *how)
{
    *ports = NULL;
    *k = 0;
    work_t w;
    tc_err_t err = work_init(&w, topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = w.N;
    uint8_t *out = NULL;
    if (root < 0 || root >= N) {
        err = tc__fail(TC_EINVAL, "The root %lld is not a node of the topology (0..%lld).",
                       (long long)root, (long long)(N - 1));
        goto cleanup;
    }
    int least = degree_in(&w, root);
    for (int64_t v = 0; v < N; v++) {
        int d = degree_in(&w, v);
        least = d < least ? d : least;
    }
    bool done = false;
    if (N > 1 && least >= 1 && least <= TC__PACK_MAX_TREES) {
        out = tc__malloc_array((size_t)least, (size_t)N);
        err = out != NULL ? tc__arb_greedy(topo, root, least, out, &done)
                          : tc__fail(TC_ENOMEM, "Out of memory for %d packed trees.", least);
    }
    if (err == TC_OK && done) {
        *k = least;
        *how = TC__PACK_BY_GREEDY;
        if (flags & TC__PACK_COUNT_ONLY) {
            free(out);
            out = NULL;
        } else if (!(flags & TC__PACK_NO_EXCHANGE)) {
            xgraph_t g = {w.N, w.P, w.nbr, topo->rev, NULL, NULL};
            err = exchange(&g, root, least, out);
        }
        goto cleanup;
    }
    free(out);
    out = NULL;
    int conn = err == TC_OK ? connectivity(&w, (int32_t)root) : 0;
    *how = TC__PACK_BY_FLOWS;
    *k = conn;
    if (err != TC_OK || conn < 1 || conn > TC__PACK_MAX_TREES || conn >= N ||
        (flags & TC__PACK_COUNT_ONLY)) {
        goto cleanup; /* none to pack (the caller says why), or only the count asked for */
    }
    out = tc__malloc_array((size_t)conn, (size_t)N);
    err = out != NULL ? tc__pack_arborescences_flags(topo, root, conn, flags, out)
                      : tc__fail(TC_ENOMEM, "Out of memory for %d packed trees.", conn);
cleanup:
    work_free(&w);
    if (err != TC_OK) {
        free(out);
        out = NULL;
    }
    *ports = out;
    return err;
}

/* ---- Edge-disjoint undirected spanning trees (Nash-Williams 1961, Tutte 1961) ---------------
 *
 * The forests F_0..F_{K-1} partition a set of edges; K spanning trees exist exactly when the
 * largest such union has K (N - 1) edges (the rank of the K-fold union of the graphic
 * matroid; Nash-Williams and Tutte turned this into the partition formula of packing.h).
 * Edmonds' matroid partition algorithm grows the union one edge at a time: to insert e0, search
 * breadth-first over edges, e0 first; a popped edge e that joins two components of some forest
 * F_i (not its own) ends the search; otherwise every edge f of every fundamental cycle of e in
 * a forest F_i (i not e's) that is still unlabelled gets the label e (e may replace f in F_i)
 * and is queued. At the end e goes into F_i, the edge that labelled e into e's old forest, and
 * so on back to e0; on a shortest such chain the exchanges are simultaneously valid (the
 * shortest-augmenting-path argument of matroid intersection, used the same way by Roskind and
 * Tarjan 1985). An edge that cannot be inserted is spanned by the union and stays spanned, so
 * every edge is tried once per forest count. Forests are stored as rooted trees (parent, parent
 * edge, depth, component), rebuilt from the root after a change, so a fundamental cycle is the
 * walk of its two ends up to their meeting point.
 *
 * Before any search the forests are filled greedily: edges in breadth-first order from the
 * root, each into the first forest it does not close a cycle in (so F_0 starts as a
 * breadth-first tree). The number is found by adding one forest at a time (K = 1, 2, ...) to
 * the forests already built, until the union cannot reach K (N - 1) edges; the search for K
 * stops early once more edges have failed than the union can spare.
 *
 * The trees are then oriented toward the root by a breadth-first search inside each, and the
 * exchange phase above lowers their depths (S_7: 137, 162, 153 -> 12, 16, 17; Q_10: 55-67 ->
 * 10-12), with one more rule: an edge that some tree uses below the node (a child edge) is not
 * free, so the trees stay edge-disjoint, not only directed-edge-disjoint.
 *
 * Cost: an insertion attempt labels at most the E edges, each walking K tree paths of O(N):
 * O(K N E); a success rebuilds at most K forests, O(K N ports). At most E attempts per forest
 * count: O(K N E^2) for a packing of K trees, O(K^2 N E^2) for the number, in the worst case;
 * the greedy pass places nearly every edge, and the searches are short.
 */

typedef struct {
    int64_t N;
    int P, K, cap; /* K forests in use, room for cap */
    const int32_t *nbr;
    int64_t E;                      /* edges (loops left out) */
    int32_t *eu, *ev;               /* E: the ends */
    uint8_t *epu, *epv;             /* E: the ports at the ends */
    int32_t *eid;                   /* N * P: the edge of an arc, -1 for none */
    int8_t *own;                    /* E: the forest holding the edge, -1 for none */
    int32_t *par, *pe, *dep, *comp; /* K x N: the rooted forests */
    uint8_t *dirty;                 /* K: to rebuild */
    int32_t *lab, *equeue;          /* E: labels and the search queue */
    uint32_t *stamp;                /* E: label epochs */
    uint32_t epoch;
    int32_t *order;   /* E: edges in breadth-first order from the root */
    int32_t *nqueue;  /* N: node queue */
    int32_t *uf;      /* N: union-find of the greedy phase */
    int64_t in_union; /* edges in the forests */
} ut_t;

static void ut_free(ut_t *u)
{
    free(u->eu);
    free(u->ev);
    free(u->epu);
    free(u->epv);
    free(u->eid);
    free(u->own);
    free(u->par);
    free(u->pe);
    free(u->dep);
    free(u->comp);
    free(u->dirty);
    free(u->lab);
    free(u->equeue);
    free(u->stamp);
    free(u->order);
    free(u->nqueue);
    free(u->uf);
    memset(u, 0, sizeof *u);
}

/* Check topo, list its edges in breadth-first order from root, allocate room for cap forests
 * (none in use yet). */
static tc_err_t ut_init(ut_t *u, const tc_topo_t *topo, int64_t root, int cap)
{
    memset(u, 0, sizeof *u);
    tc_err_t err = check_topo(topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = topo->nodes;
    int P = topo->ports;
    int64_t m = N * P;
    u->N = N;
    u->P = P;
    u->K = 0;
    u->cap = cap;
    u->nbr = topo->nbr;
    size_t sm = (size_t)(m > 0 ? m : 1), sn = (size_t)N, sk = (size_t)(cap > 0 ? cap : 1);
    u->eu = tc__malloc_array(sm, sizeof *u->eu);
    u->ev = tc__malloc_array(sm, sizeof *u->ev);
    u->epu = tc__malloc_array(sm, 1);
    u->epv = tc__malloc_array(sm, 1);
    u->eid = tc__malloc_array(sm, sizeof *u->eid);
    u->own = tc__malloc_array(sm, 1);
    u->par = tc__malloc_array(sk * sn, sizeof *u->par);
    u->pe = tc__malloc_array(sk * sn, sizeof *u->pe);
    u->dep = tc__malloc_array(sk * sn, sizeof *u->dep);
    u->comp = tc__malloc_array(sk * sn, sizeof *u->comp);
    u->dirty = tc__calloc_array(sk, 1);
    u->lab = tc__malloc_array(sm, sizeof *u->lab);
    u->equeue = tc__malloc_array(sm, sizeof *u->equeue);
    u->stamp = tc__calloc_array(sm, sizeof *u->stamp);
    u->order = tc__malloc_array(sm, sizeof *u->order);
    u->nqueue = tc__malloc_array(sn, sizeof *u->nqueue);
    u->uf = tc__malloc_array(sn, sizeof *u->uf);
    if (u->eu == NULL || u->ev == NULL || u->epu == NULL || u->epv == NULL || u->eid == NULL ||
        u->own == NULL || u->par == NULL || u->pe == NULL || u->dep == NULL || u->comp == NULL ||
        u->dirty == NULL || u->lab == NULL || u->equeue == NULL || u->stamp == NULL ||
        u->order == NULL || u->nqueue == NULL || u->uf == NULL) {
        ut_free(u);
        return tc__fail(TC_ENOMEM, "Out of memory for %d forests on %lld nodes.", cap,
                        (long long)N);
    }
    /* Edges: one per pair of opposite arcs, numbered at the smaller arc. */
    for (int64_t a = 0; a < m; a++) {
        u->eid[a] = -1;
    }
    for (int64_t a = 0; a < m; a++) {
        int64_t x = a / P, y = topo->nbr[a];
        if (y < 0 || y == x || u->eid[a] >= 0) {
            continue;
        }
        int q = topo->rev != NULL ? topo->rev[a] : (int)(a % P);
        int64_t e = u->E++;
        u->eu[e] = (int32_t)x;
        u->ev[e] = (int32_t)y;
        u->epu[e] = (uint8_t)(a % P);
        u->epv[e] = (uint8_t)q;
        u->own[e] = -1;
        u->eid[a] = (int32_t)e;
        u->eid[y * P + q] = (int32_t)e;
    }
    /* Breadth-first order of the edges from root (then those of other components). */
    uint8_t *listed = (uint8_t *)u->lab; /* scratch: E bytes of the label array */
    memset(listed, 0, (size_t)u->E);
    for (int64_t x = 0; x < N; x++) {
        u->uf[x] = 0; /* scratch: seen */
    }
    int64_t ne = 0;
    for (int64_t s = 0; s < N; s++) {
        int64_t start = s == 0 ? root : (s <= root ? s - 1 : s);
        if (u->uf[start]) {
            continue;
        }
        int64_t head = 0, tail = 0;
        u->uf[start] = 1;
        u->nqueue[tail++] = (int32_t)start;
        while (head < tail) {
            int64_t x = u->nqueue[head++];
            for (int p = 0; p < P; p++) {
                int32_t e = u->eid[x * P + p];
                if (e < 0) {
                    continue;
                }
                if (!listed[e]) {
                    listed[e] = 1;
                    u->order[ne++] = e;
                }
                int32_t y = topo->nbr[x * P + p];
                if (!u->uf[y]) {
                    u->uf[y] = 1;
                    u->nqueue[tail++] = y;
                }
            }
        }
    }
    return TC_OK;
}

/* Rebuild forest i as rooted trees, breadth-first from root and then from the other nodes in
 * id order. */
static void ut_rebuild(ut_t *u, int i, int64_t root)
{
    int64_t N = u->N;
    int P = u->P;
    int32_t *par = u->par + i * N, *pe = u->pe + i * N, *dep = u->dep + i * N,
            *comp = u->comp + i * N;
    for (int64_t x = 0; x < N; x++) {
        comp[x] = -1;
    }
    for (int64_t s = 0; s < N; s++) {
        int64_t start = s == 0 ? root : (s <= root ? s - 1 : s);
        if (comp[start] >= 0) {
            continue;
        }
        int64_t head = 0, tail = 0;
        comp[start] = (int32_t)start;
        par[start] = -1;
        pe[start] = -1;
        dep[start] = 0;
        u->nqueue[tail++] = (int32_t)start;
        while (head < tail) {
            int64_t x = u->nqueue[head++];
            for (int p = 0; p < P; p++) {
                int32_t e = u->eid[x * P + p];
                if (e < 0 || u->own[e] != i) {
                    continue;
                }
                int32_t y = u->nbr[x * P + p];
                if (comp[y] < 0) {
                    comp[y] = (int32_t)start;
                    par[y] = (int32_t)x;
                    pe[y] = e;
                    dep[y] = dep[x] + 1;
                    u->nqueue[tail++] = y;
                }
            }
        }
    }
    u->dirty[i] = 0;
}

static int32_t uf_find(int32_t *uf, int32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* The greedy phase for forests 0..K-1 (rebuilt): every edge outside the union, in
 * breadth-first order, into the first forest where it closes no cycle. */
static void ut_greedy(ut_t *u, int64_t root)
{
    int64_t N = u->N;
    for (int i = 0; i < u->K; i++) {
        const int32_t *comp = u->comp + i * N;
        for (int64_t x = 0; x < N; x++) {
            u->uf[x] = comp[x];
        }
        bool changed = false;
        for (int64_t j = 0; j < u->E; j++) {
            int32_t e = u->order[j];
            if (u->own[e] >= 0) {
                continue;
            }
            int32_t a = uf_find(u->uf, u->eu[e]), b = uf_find(u->uf, u->ev[e]);
            if (a != b) {
                u->uf[a] = b;
                u->own[e] = (int8_t)i;
                u->in_union++;
                changed = true;
            }
        }
        if (changed) {
            ut_rebuild(u, i, root);
        }
    }
}

/* Insert edge e0 (outside the union) by a shortest augmenting chain; false when the union
 * spans it. */
static bool ut_insert(ut_t *u, int32_t e0, int64_t root)
{
    int64_t N = u->N;
    if (++u->epoch == 0) {
        memset(u->stamp, 0, (size_t)u->E * sizeof *u->stamp);
        u->epoch = 1;
    }
    uint32_t ep = u->epoch;
    int64_t head = 0, tail = 0;
    u->stamp[e0] = ep;
    u->lab[e0] = -1;
    u->equeue[tail++] = e0;
    while (head < tail) {
        int32_t e = u->equeue[head++];
        int32_t x = u->eu[e], y = u->ev[e];
        int sink = -1;
        for (int i = 0; i < u->K && sink < 0; i++) {
            if (u->own[e] != i && u->comp[i * N + x] != u->comp[i * N + y]) {
                sink = i;
            }
        }
        if (sink >= 0) { /* e into the sink, each labeller into the old forest of its edge */
            for (int32_t f = e, into = sink; f >= 0; f = u->lab[f]) {
                int old = u->own[f];
                u->own[f] = (int8_t)into;
                u->dirty[into] = 1;
                into = old;
            }
            u->in_union++;
            for (int i = 0; i < u->K; i++) {
                if (u->dirty[i]) {
                    ut_rebuild(u, i, root);
                }
            }
            return true;
        }
        for (int i = 0; i < u->K; i++) {
            if (u->own[e] == i) {
                continue;
            }
            const int32_t *par = u->par + i * N, *pe = u->pe + i * N, *dep = u->dep + i * N;
            for (int32_t a = x, b = y; a != b;) {
                int32_t f;
                if (dep[a] >= dep[b]) {
                    f = pe[a];
                    a = par[a];
                } else {
                    f = pe[b];
                    b = par[b];
                }
                if (u->stamp[f] != ep) {
                    u->stamp[f] = ep;
                    u->lab[f] = e;
                    u->equeue[tail++] = f;
                }
            }
        }
    }
    return false;
}

/* Start K empty forests as the arborescence greedy starts its trees (arb_greedy.c): each grows
 * from root breadth-first, the forests taking turns, one free edge each, to a node not yet in
 * that forest; so every forest is a tree around root and the forests share the edges near it.
 * The partition then only has the leftovers to place. false when out of memory (the forests
 * are then left empty). */
static bool ut_grow_all(ut_t *u, int K, int64_t root)
{
    int64_t N = u->N;
    int P = u->P;
    uint8_t *in = calloc((size_t)K * (size_t)N, 1);
    int32_t *queue = malloc((size_t)K * (size_t)N * sizeof *queue);
    int64_t *head = calloc((size_t)K, sizeof *head), *tail = calloc((size_t)K, sizeof *tail);
    int *pos = calloc((size_t)K, sizeof *pos);
    bool ok = in != NULL && queue != NULL && head != NULL && tail != NULL && pos != NULL;
    for (int i = 0; ok && i < K; i++) {
        in[i * N + root] = 1;
        queue[i * N] = (int32_t)root;
        tail[i] = 1;
    }
    for (bool grew = ok; grew;) {
        grew = false;
        for (int i = 0; i < K; i++) {
            int32_t *q = queue + i * N;
            bool took = false;
            while (!took && head[i] < tail[i]) {
                int32_t x = q[head[i]];
                while (!took && pos[i] < P) {
                    int p = pos[i]++;
                    int32_t e = u->eid[(int64_t)x * P + p], y = u->nbr[(int64_t)x * P + p];
                    if (e >= 0 && u->own[e] < 0 && !in[i * N + y]) {
                        u->own[e] = (int8_t)i;
                        u->in_union++;
                        in[i * N + y] = 1;
                        q[tail[i]++] = y;
                        took = true;
                    }
                }
                if (!took) {
                    head[i]++;
                    pos[i] = 0;
                }
            }
            grew |= took;
        }
    }
    if (ok) {
        u->K = K;
        for (int i = 0; i < K; i++) {
            ut_rebuild(u, i, root);
        }
    }
    free(in);
    free(queue);
    free(head);
    free(tail);
    free(pos);
    return ok;
}

/* Forget every forest. */
static void ut_reset(ut_t *u)
{
    memset(u->own, -1, (size_t)u->E);
    u->in_union = 0;
    u->K = 0;
}

/* Grow the union of forests 0..K-1 (forests beyond the previous count start empty) until it
 * holds K spanning trees; false when it cannot. */
static bool ut_partition(ut_t *u, int K, int64_t root)
{
    int old = u->K;
    u->K = K;
    for (int i = old; i < K; i++) {
        ut_rebuild(u, i, root);
    }
    int64_t target = (int64_t)K * (u->N - 1), failed = 0;
    ut_greedy(u, root);
    for (int64_t j = 0; j < u->E && u->in_union < target; j++) {
        int32_t e = u->order[j];
        if (u->own[e] >= 0) {
            continue;
        }
        if (!ut_insert(u, e, root)) {
            failed++;
            if (u->E - failed < target) {
                return false;
            }
        }
    }
    return u->in_union == target;
}

/* The fewest edges at a node. */
static int ut_min_degree(const ut_t *u)
{
    int low = u->P;
    for (int64_t x = 0; x < u->N; x++) {
        int d = 0;
        for (int p = 0; p < u->P; p++) {
            d += u->eid[x * u->P + p] >= 0;
        }
        low = d < low ? d : low;
    }
    return low;
}

/* The spanning tree packing number, at most u->cap (the forests are left in u). */
static int ut_number(ut_t *u, int64_t root)
{
    int64_t N = u->N;
    if (N == 1) {
        return TC__PACK_MAX_TREES;
    }
    int64_t bound = u->E / (N - 1);
    int low = ut_min_degree(u);
    bound = bound < low ? bound : low;
    bound = bound < u->cap ? bound : u->cap;
    if (bound >= 2 && ut_grow_all(u, (int)bound, root) && ut_partition(u, (int)bound, root)) {
        return (int)bound; /* the bound at once, from forests grown side by side */
    }
    ut_reset(u); /* else from nothing, one forest at a time */
    int k = 0;
    for (int K = 1; K <= bound && ut_partition(u, K, root); K++) {
        k = K;
    }
    return k;
}

/* The k spanning trees of the forests of u (a partition of k (N - 1) edges), oriented toward
 * root by breadth-first searches inside them, into ports; then the exchange phase unless
 * flags say not. */
static tc_err_t ut_orient(ut_t *u, const tc_topo_t *topo, int64_t root, int k, unsigned flags,
                          uint8_t *ports)
{
    int64_t N = u->N;
    for (int i = 0; i < k; i++) {
        ut_rebuild(u, i, root);
        uint8_t *out = ports + (int64_t)i * N;
        for (int64_t v = 0; v < N; v++) {
            int32_t e = u->pe[i * N + v];
            out[v] = e < 0 ? TC_PARENT_ROOT : u->ev[e] == v ? u->epv[e] : u->epu[e];
        }
    }
    if (flags & TC__PACK_NO_EXCHANGE) {
        return TC_OK;
    }
    xgraph_t g = {N, u->P, u->nbr, topo->rev, u->eid, u->own};
    return exchange(&g, root, k, ports);
}

tc_err_t tc__spanning_tree_number(const tc_topo_t *topo, int *k)
{
    ut_t u;
    tc_err_t err = check_topo(topo);
    if (err != TC_OK) {
        return err;
    }
    int cap = topo->ports < TC__PACK_MAX_TREES ? topo->ports : TC__PACK_MAX_TREES;
    err = ut_init(&u, topo, 0, cap);
    if (err != TC_OK) {
        return err;
    }
    *k = ut_number(&u, 0);
    ut_free(&u);
    return TC_OK;
}

tc_err_t tc__pack_spanning_trees(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports)
{
    return tc__pack_spanning_trees_flags(topo, root, k, 0, ports);
}

tc_err_t tc__pack_spanning_trees_flags(const tc_topo_t *topo, int64_t root, int k, unsigned flags,
                                       uint8_t *ports)
{
    ut_t u;
    tc_err_t err = check_topo(topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = topo->nodes;
    if (root < 0 || root >= N) {
        return tc__fail(TC_EINVAL, "The root %lld is not a node of the topology (0..%lld).",
                        (long long)root, (long long)(N - 1));
    }
    if (k < 1 || k > TC__PACK_MAX_TREES) {
        return tc__fail(TC_EINVAL, "Asked for %d spanning trees; the packing builds 1 to %d.", k,
                        TC__PACK_MAX_TREES);
    }
    if (ports == NULL) {
        return tc__fail(TC_EINVAL, "No output table for the spanning trees.");
    }
    err = ut_init(&u, topo, root, k);
    if (err != TC_OK) {
        return err;
    }
    bool fits = N == 1 || (ut_min_degree(&u) >= k && u.E >= (int64_t)k * (N - 1));
    if (fits && N > 1 && !(k >= 2 && ut_grow_all(&u, k, root) && ut_partition(&u, k, root))) {
        ut_reset(&u); /* from forests grown side by side, else from nothing */
        fits = ut_partition(&u, k, root);
    }
    if (!fits) {
        /* Measure the number for the message (it is below k). */
        ut_free(&u);
        int cap = topo->ports < k - 1 ? topo->ports : k - 1;
        err = ut_init(&u, topo, root, cap);
        if (err == TC_OK) {
            err = tc__fail(TC_EINVAL,
                           "%d edge-disjoint spanning trees do not exist: the graph has only %d "
                           "(the Nash-Williams-Tutte number).",
                           k, ut_number(&u, root));
        }
        goto cleanup;
    }
    err = ut_orient(&u, topo, root, k, flags, ports);
cleanup:
    ut_free(&u);
    return err;
}

tc_err_t tc__pack_most_spanning_trees(const tc_topo_t *topo, int64_t root, unsigned flags, int *k,
                                      uint8_t **ports)
{
    *k = 0;
    *ports = NULL;
    ut_t u;
    tc_err_t err = check_topo(topo);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = topo->nodes;
    if (root < 0 || root >= N) {
        return tc__fail(TC_EINVAL, "The root %lld is not a node of the topology (0..%lld).",
                        (long long)root, (long long)(N - 1));
    }
    int cap = topo->ports < TC__PACK_MAX_TREES ? topo->ports : TC__PACK_MAX_TREES;
    err = ut_init(&u, topo, root, cap);
    if (err != TC_OK) {
        return err;
    }
    *k = ut_number(&u, root);
    if (*k < 1 || N == 1 || (flags & TC__PACK_COUNT_ONLY)) {
        goto cleanup;
    }
    /* The forests that ut_number left are the packing when its first try at the bound held;
     * else (the number came one forest at a time) partition again at the number. */
    if (u.K != *k || u.in_union != (int64_t)*k * (N - 1)) {
        ut_free(&u);
        err = ut_init(&u, topo, root, *k);
        if (err == TC_OK && !ut_partition(&u, *k, root)) {
            err = tc__fail(TC_EINVAL, "The partition into %d spanning trees failed.", *k);
        }
    }
    uint8_t *out = err == TC_OK ? tc__malloc_array((size_t)*k, (size_t)N) : NULL;
    err =
        err == TC_OK && out == NULL ? tc__fail(TC_ENOMEM, "Out of memory for %d trees.", *k) : err;
    err = err == TC_OK ? ut_orient(&u, topo, root, *k, flags, out) : err;
    if (err == TC_OK) {
        *ports = out;
    } else {
        free(out);
    }
cleanup:
    ut_free(&u);
    return err;
}
