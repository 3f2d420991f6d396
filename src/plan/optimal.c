/* Schedules that reach the optimal rates of broadcast and allgather (treecast/optimum.h says
 * what they are and how they are built). */
#include "plan/optimal_internal.h"

#include "core/internal.h"
#include "flow/flow.h"
#include "net/net_internal.h"
#include "treecast/trees.h"
#include "trees/packing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most units of capacity (capacities divided by their greatest common divisor) a switch
 * network is split into, and the most compute nodes a schedule holds. */
#define UNITS_MAX ((int64_t)1 << 26)
#define TREES_MAX ((int64_t)1 << 28) /* trees x compute nodes */

#define FLOW_INF (INT64_MAX / 4)

/* How many orders of its arcs a two-tree's routing tries (two_tree_schedule): at most 1024, and
 * no more than 2^27 nodes searched in all (Slim Fly q = 5 takes a few hundred). */
#define TWO_TREE_ATTEMPTS 1024
#define TWO_TREE_WORK ((int64_t)1 << 27)
/* The fewest compute nodes a bcast takes a two-tree for: below, a chain's fill is a few hops. */
#define TWO_TREE_LEAST 8

/* ---- the object ---------------------------------------------------------------------------- */

void tc_optimal_free(tc_optimal_t *s)
{
    if (s == NULL) {
        return;
    }
    tc_net_free((tc_net_t *)s->net);
    free(s->compute);
    free(s->index);
    free(s->arc_tail);
    free(s->arc_head);
    free(s->route_off);
    free(s->route_len);
    free(s->pool);
    free(s->root);
    free(s->weight);
    free(s->parent_arc);
    free(s);
}

static tc_err_t schedule_new(const tc_net_t *net, tc_optimum_coll_t coll, tc_optimal_t **out)
{
    tc_optimal_t *s = calloc(1, sizeof *s);
    int64_t N = tc_net_nodes(net);
    if (s == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a schedule.");
    }
    s->net = tc__net_ref(net);
    s->coll = coll;
    s->den = 1;
    s->C = tc_net_compute_nodes(net);
    s->compute = tc__malloc_array((size_t)s->C, sizeof *s->compute);
    s->index = tc__malloc_array((size_t)N, sizeof *s->index);
    if (s->compute == NULL || s->index == NULL) {
        tc_optimal_free(s);
        return tc__fail(TC_ENOMEM, "Out of memory for a schedule of %lld nodes.", (long long)N);
    }
    int64_t c = 0;
    for (int64_t v = 0; v < N; v++) {
        bool computes = tc_net_role(net, v) == TC_ROLE_COMPUTE;
        s->index[v] = computes ? c : -1;
        if (computes) {
            s->compute[c++] = v;
        }
    }
    *out = s;
    return TC_OK;
}

static bool grow(void **p, int64_t *cap, int64_t need, size_t size, int64_t first)
{
    if (need <= *cap) {
        return true;
    }
    int64_t more = *cap < first ? first : *cap * 2;
    more = more < need ? need : more;
    void *q = realloc(*p, (size_t)more * size);
    if (q == NULL) {
        return false;
    }
    *p = q;
    *cap = more;
    return true;
}

int64_t tc__optimal_arc(tc_optimal_t *s, int64_t tail, int64_t head, const int64_t *route,
                        int32_t len)
{
    if (s->arcs == s->arc_cap) {
        int64_t cap = s->arc_cap, need = s->arcs + 1;
        bool ok = grow((void **)&s->arc_tail, &cap, need, sizeof *s->arc_tail, 1024);
        cap = s->arc_cap;
        ok = ok && grow((void **)&s->arc_head, &cap, need, sizeof *s->arc_head, 1024);
        cap = s->arc_cap;
        ok = ok && grow((void **)&s->route_off, &cap, need, sizeof *s->route_off, 1024);
        cap = s->arc_cap;
        ok = ok && grow((void **)&s->route_len, &cap, need, sizeof *s->route_len, 1024);
        if (!ok) {
            return -1;
        }
        s->arc_cap = cap;
    }
    if (!grow((void **)&s->pool, &s->pool_cap, s->pool_len + len, sizeof *s->pool, 1024)) {
        return -1;
    }
    int64_t a = s->arcs++;
    s->arc_tail[a] = tail;
    s->arc_head[a] = head;
    s->route_off[a] = s->pool_len;
    s->route_len[a] = len;
    if (len > 0) {
        memcpy(s->pool + s->pool_len, route, (size_t)len * sizeof *route);
    }
    s->pool_len += len;
    return a;
}

int64_t tc__optimal_tree(tc_optimal_t *s, int64_t root, int64_t weight)
{
    if ((s->trees + 1) * s->C > TREES_MAX) {
        return -1;
    }
    if (s->trees == s->tree_cap) {
        int64_t cap = s->tree_cap, need = s->trees + 1;
        bool ok = grow((void **)&s->root, &cap, need, sizeof *s->root, 64);
        cap = s->tree_cap;
        ok = ok && grow((void **)&s->weight, &cap, need, sizeof *s->weight, 64);
        if (!ok) {
            return -1;
        }
        int32_t *pa = realloc(s->parent_arc, (size_t)(cap * s->C) * sizeof *pa);
        if (pa == NULL) {
            return -1;
        }
        s->parent_arc = pa;
        s->tree_cap = cap;
    }
    int64_t t = s->trees++;
    s->root[t] = root;
    s->weight[t] = weight;
    for (int64_t i = 0; i < s->C; i++) {
        s->parent_arc[t * s->C + i] = -1;
    }
    return t;
}

/* ---- networks without switches or capacities: the packing of trees --kind edst ------------- */

/* The arcs of a neighbour table as schedule arcs: arc v * ports + p from v to its neighbour. */
static tc_err_t table_arcs(tc_optimal_t *s, const tc_topo_t *topo)
{
    for (int64_t a = 0; a < topo->nodes * topo->ports; a++) {
        if (tc__optimal_arc(s, a / topo->ports, topo->nbr[a], NULL, 0) < 0) {
            return tc__fail(TC_ENOMEM, "Out of memory for the arcs of a schedule.");
        }
    }
    return TC_OK;
}

/* The trees of ports (k of them, rooted at root; ports[t * N + v] the port of v to its parent)
 * carried to root h by the translation T_h (identity when h == root), weight 1 each. */
static tc_err_t add_packing(tc_optimal_t *s, const tc_topo_t *topo, const uint8_t *ports, int k,
                            int64_t root, int64_t h)
{
    int64_t N = topo->nodes;
    int P = topo->ports;
    for (int t = 0; t < k; t++) {
        int64_t tr = tc__optimal_tree(s, h, 1);
        if (tr < 0) {
            return tc__fail(TC_ETOOBIG, "A schedule of %lld trees over %lld nodes is too large.",
                            (long long)(s->trees + 1), (long long)s->C);
        }
        for (int64_t v = 0; v < N; v++) {
            uint8_t p = ports[(int64_t)t * N + v];
            if (p == TC_PARENT_ROOT) {
                continue;
            }
            /* the arc into v along port p comes from nbr[v][p], leaving it on the port back */
            int64_t tv = h == root ? v : tc_net_translate(s->net, h, v, false);
            int64_t u = topo->nbr[tv * P + p];
            int back = topo->rev != NULL ? topo->rev[tv * P + p] : p;
            s->parent_arc[tr * s->C + tv] = (int32_t)(u * P + back);
        }
    }
    return TC_OK;
}

static tc_err_t edst_schedule(tc_optimal_t *s, const tc_topo_t *topo, int64_t root)
{
    int k = 0, how = 0;
    uint8_t *ports = NULL;
    int64_t from = s->coll == TC_OPTIMUM_ALLGATHER ? 0 : root;
    tc_err_t err = tc__pack_most_arborescences(topo, from, 0, &k, &ports, &how);
    if (err == TC_OK && k < 1) {
        err = tc__fail(TC_EINVAL, "No spanning tree can be packed here.");
    }
    if (err == TC_OK) {
        err = table_arcs(s, topo);
    }
    if (s->coll == TC_OPTIMUM_BCAST) {
        err = err == TC_OK ? add_packing(s, topo, ports, k, root, root) : err;
        s->method = "edst";
    } else {
        for (int64_t h = 0; err == TC_OK && h < topo->nodes; h++) {
            err = add_packing(s, topo, ports, k, 0, h);
        }
        s->den = topo->nodes - 1; /* each node's block over k trees: k / (N - 1) in all */
        s->method = "edst-translated";
    }
    free(ports);
    return err;
}

/* ---- switches split off ---------------------------------------------------------------------
 *
 * The network as units of capacity: arc (v, p) of capacity c is c / g units (g the greatest
 * common divisor of the capacities), each a unit arc. At a switch every unit in is paired with a
 * unit out (next[e]: the unit that follows unit e through its head switch), so that the units
 * form walks from compute node to compute node (the split arcs, their switches the route) and
 * closed walks among switches (capacity left unused). Pairs are then exchanged at each switch
 * until every compute node is joined: two walks through one switch that belong to different
 * components trade their continuations, which joins the components (the units of a switch with
 * equal capacity in and out form an Eulerian digraph, where a walk's ends stay joined). */

typedef struct {
    int64_t units;
    int64_t *tail, *head; /* of each unit */
    int64_t *next;        /* the unit after e at its head switch; -1 at a compute node */
    int64_t g;            /* the capacities' greatest common divisor */
} units_t;

static void units_free(units_t *u)
{
    free(u->tail);
    free(u->head);
    free(u->next);
    memset(u, 0, sizeof *u);
}

static int64_t arc_units(const tc_topo_t *t, int64_t a, int64_t g)
{
    return t->nbr[a] < 0 ? 0 : (t->cap != NULL ? t->cap[a] : 1) / g;
}

/* The units list[0..n-1], grouped by neighbour (key[e], runs of equal keys), dealt out: the
 * first unit of every neighbour in order, then the second ones, ... into out. */
static void deal(const int64_t *list, int64_t n, const int64_t *key, int64_t *start, int64_t *out)
{
    int64_t blocks = 0, most = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i == 0 || key[list[i]] != key[list[i - 1]]) {
            start[blocks++] = i;
        }
    }
    start[blocks] = n;
    for (int64_t b = 0; b < blocks; b++) {
        most = start[b + 1] - start[b] > most ? start[b + 1] - start[b] : most;
    }
    int64_t k = 0;
    for (int64_t r = 0; r < most; r++) {
        for (int64_t b = 0; b < blocks; b++) {
            if (start[b] + r < start[b + 1]) {
                out[k++] = list[start[b] + r];
            }
        }
    }
}

/* The units of topo, grouped by tail in table order, and each switch's first pairing: its units
 * in and out each dealt out by neighbour (deal), unit in number i is paired with unit out
 * number i + 1 (mod the count). Compute nodes met in a row stay in a row (a leaf's hosts one
 * after another), and a unit goes back where it came from only when one neighbour holds more
 * than half of the switch's units. */
static tc_err_t units_build(const tc_net_t *net, const tc_topo_t *t, units_t *u)
{
    memset(u, 0, sizeof *u);
    int64_t A = t->nodes * t->ports, g = 0, total = 0;
    for (int64_t a = 0; a < A; a++) {
        g = t->nbr[a] >= 0 ? tc__gcd64(g, t->cap != NULL ? t->cap[a] : 1) : g;
    }
    for (int64_t a = 0; a < A; a++) {
        total += arc_units(t, a, g);
        if (total > UNITS_MAX) {
            return tc__fail(TC_ETOOBIG,
                            "The capacities make more than %lld units (capacity / %lld per arc); "
                            "the schedule splits the switches by units.",
                            (long long)UNITS_MAX, (long long)g);
        }
    }
    u->g = g;
    u->units = total;
    u->tail = tc__malloc_array((size_t)total, sizeof *u->tail);
    u->head = tc__malloc_array((size_t)total, sizeof *u->head);
    u->next = tc__malloc_array((size_t)total, sizeof *u->next);
    int64_t *in_first = calloc((size_t)t->nodes + 1, sizeof *in_first);
    int64_t *in_list = tc__malloc_array((size_t)total, sizeof *in_list);
    int64_t *out_first = calloc((size_t)t->nodes + 1, sizeof *out_first);
    int64_t *work = NULL, *block = NULL, *dealt_in = NULL, *dealt_out = NULL;
    tc_err_t err = TC_OK;
    if (u->tail == NULL || u->head == NULL || u->next == NULL || in_first == NULL ||
        in_list == NULL || out_first == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for %lld units of capacity.", (long long)total);
        goto done;
    }
    int64_t e = 0;
    for (int64_t a = 0; a < A; a++) { /* units out of v are consecutive: out_first[v].. */
        for (int64_t j = 0; j < arc_units(t, a, g); j++, e++) {
            u->tail[e] = a / t->ports;
            u->head[e] = t->nbr[a];
            u->next[e] = -1;
            in_first[u->head[e] + 1]++;
        }
        out_first[a / t->ports + 1] += arc_units(t, a, g);
    }
    for (int64_t v = 0; v < t->nodes; v++) {
        in_first[v + 1] += in_first[v];
        out_first[v + 1] += out_first[v];
    }
    int64_t *fill = tc__malloc_array((size_t)t->nodes, sizeof *fill);
    if (fill == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for %lld units of capacity.", (long long)total);
        goto done;
    }
    memcpy(fill, in_first, (size_t)t->nodes * sizeof *fill);
    for (e = 0; e < total; e++) {
        in_list[fill[u->head[e]]++] = e;
    }
    free(fill);
    int64_t most = 0; /* the most units at one node */
    for (int64_t w = 0; w < t->nodes; w++) {
        int64_t d = out_first[w + 1] - out_first[w];
        d = in_first[w + 1] - in_first[w] > d ? in_first[w + 1] - in_first[w] : d;
        most = d > most ? d : most;
    }
    size_t room = (size_t)(most + 1);
    work = tc__malloc_array(room, sizeof *work);
    block = tc__malloc_array(room, sizeof *block);
    dealt_in = tc__malloc_array(room, sizeof *dealt_in);
    dealt_out = tc__malloc_array(room, sizeof *dealt_out);
    if (work == NULL || block == NULL || dealt_in == NULL || dealt_out == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for %lld units of capacity.", (long long)total);
        goto done;
    }
    for (int64_t w = 0; w < t->nodes && err == TC_OK; w++) {
        int64_t din = in_first[w + 1] - in_first[w], dout = out_first[w + 1] - out_first[w];
        if (t->role == NULL || t->role[w] != TC_ROLE_SWITCH) {
            continue;
        }
        if (din != dout) {
            char lab[TC_LABEL_MAX];
            tc_net_label(net, w, false, lab, sizeof lab);
            err = tc__fail(TC_EPARSE,
                           "Switch %s has capacity %lld in and %lld out; splitting it off needs "
                           "them equal.",
                           lab, (long long)(din * g), (long long)(dout * g));
            break;
        }
        for (int64_t i = 0; i < dout; i++) {
            work[i] = out_first[w] + i;
        }
        deal(in_list + in_first[w], din, u->tail, block, dealt_in);
        deal(work, dout, u->head, block, dealt_out);
        for (int64_t i = 0; i < din; i++) {
            u->next[dealt_in[i]] = dealt_out[(i + 1) % dout];
        }
    }
done:
    free(in_first);
    free(in_list);
    free(out_first);
    free(work);
    free(block);
    free(dealt_in);
    free(dealt_out);
    if (err != TC_OK) {
        units_free(u);
    }
    return err;
}

static int64_t uf_find(int64_t *parent, int64_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* The element of unit e's walk: its first compute node, or (C + closed walk number). Walks are
 * traced from every unit out of a compute node, then the closed ones. */
static void walk_elements(const tc_optimal_t *s, const units_t *u, int64_t *elem, int64_t *elements)
{
    for (int64_t e = 0; e < u->units; e++) {
        elem[e] = -1;
    }
    for (int64_t e = 0; e < u->units; e++) {
        if (s->index[u->tail[e]] < 0) {
            continue;
        }
        for (int64_t x = e; x >= 0; x = u->next[x]) {
            elem[x] = s->index[u->tail[e]];
        }
    }
    int64_t closed = 0;
    for (int64_t e = 0; e < u->units; e++) {
        if (elem[e] >= 0) {
            continue;
        }
        int64_t id = s->C + closed++;
        for (int64_t x = e; elem[x] < 0; x = u->next[x]) {
            elem[x] = id;
        }
    }
    *elements = s->C + closed;
}

/* Exchange pairs at every switch until all the walks through it are in one component (a walk
 * joins its two ends; walks between compute nodes that are neighbours join them too). */
static tc_err_t join_walks(const tc_optimal_t *s, const tc_topo_t *t, units_t *u)
{
    int64_t *elem = tc__malloc_array((size_t)u->units, sizeof *elem);
    int64_t elements = 0;
    tc_err_t err = TC_OK;
    if (elem == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for %lld units.", (long long)u->units);
    } else {
        walk_elements(s, u, elem, &elements);
    }
    int64_t *parent = err == TC_OK ? tc__malloc_array((size_t)elements, sizeof *parent) : NULL;
    int64_t *at = err == TC_OK ? tc__malloc_array((size_t)t->nodes, sizeof *at) : NULL;
    if (err == TC_OK && (parent == NULL || at == NULL)) {
        err = tc__fail(TC_ENOMEM, "Out of memory for %lld units.", (long long)u->units);
    }
    if (err != TC_OK) {
        free(elem);
        free(parent);
        free(at);
        return err;
    }
    for (int64_t x = 0; x < elements; x++) {
        parent[x] = x;
    }
    for (int64_t e = 0; e < u->units; e++) { /* a walk's last unit joins its head */
        if (u->next[e] < 0 && s->index[u->head[e]] >= 0) {
            int64_t a = uf_find(parent, elem[e]), b = uf_find(parent, s->index[u->head[e]]);
            parent[a] = b;
        }
    }
    /* at every switch, the first unit in meets each other one in turn */
    for (int64_t v = 0; v < t->nodes; v++) {
        at[v] = -1;
    }
    for (int64_t e = 0; e < u->units; e++) {
        int64_t w = u->head[e];
        if (u->next[e] < 0) {
            continue;
        }
        if (at[w] < 0) {
            at[w] = e;
            continue;
        }
        int64_t a = uf_find(parent, elem[at[w]]), b = uf_find(parent, elem[e]);
        if (a != b) {
            int64_t swap = u->next[at[w]];
            u->next[at[w]] = u->next[e];
            u->next[e] = swap;
            parent[a] = b;
        }
    }
    free(elem);
    free(parent);
    free(at);
    return TC_OK;
}

/* The walks from compute nodes as schedule arcs, one unit each (arcs with the same route stay
 * apart): a walk back to its start is dropped, and a loop in a walk (a switch met twice) is cut
 * out of its route, which only frees links. */
static tc_err_t walk_arcs(tc_optimal_t *s, const units_t *u)
{
    int64_t *route = NULL, cap = 0, N = tc_net_nodes(s->net);
    int64_t *at = tc__malloc_array((size_t)N, sizeof *at); /* a switch's place on the route */
    if (at == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the routes of a schedule.");
    }
    for (int64_t v = 0; v < N; v++) {
        at[v] = -1;
    }
    for (int64_t e = 0; e < u->units; e++) {
        if (s->index[u->tail[e]] < 0) {
            continue;
        }
        int64_t len = 0, x = e;
        for (; u->next[x] >= 0; x = u->next[x]) {
            if (!grow((void **)&route, &cap, len + 1, sizeof *route, 64)) {
                free(route);
                free(at);
                return tc__fail(TC_ENOMEM, "Out of memory for the routes of a schedule.");
            }
            int64_t w = u->head[x];
            if (at[w] >= 0) { /* the walk came back to w: cut the loop, its links stay unused */
                for (int64_t k = at[w] + 1; k < len; k++) {
                    at[route[k]] = -1;
                }
                len = at[w] + 1;
                continue;
            }
            at[w] = len;
            route[len++] = w;
        }
        for (int64_t k = 0; k < len; k++) {
            at[route[k]] = -1;
        }
        if (u->head[x] == u->tail[e]) {
            continue;
        }
        if (len > INT32_MAX ||
            tc__optimal_arc(s, u->tail[e], u->head[x], route, (int32_t)len) < 0) {
            free(route);
            free(at);
            return tc__fail(TC_ENOMEM, "Out of memory for the arcs of a schedule.");
        }
    }
    free(route);
    free(at);
    return TC_OK;
}

/* ---- Lovasz's construction with capacities ----------------------------------------------------
 *
 * Over the compute nodes (and, for allgather, a super source joined to each by capacity P), the
 * schedule's arcs with capacity Q each: trees rooted at the source s, K of them counted by
 * weight, are grown one at a time. With K' trees still to come, an arc (u, w) from the tree to a
 * node outside joins it when every set of nodes holding w but neither s nor u is entered by K'
 * units of what is left, a maximum flow from {s, u} to w (L. Lovasz, "On two minimax theorems in
 * graph", 1976: such an arc always exists, and then what is left holds K' - 1 trees). A finished
 * tree then takes the largest weight mu for which what is left holds K' - mu trees (every node
 * receives K' - mu from s), found by halving. */

typedef struct {
    tc__flow_t f;
    int64_t n;       /* nodes: the compute nodes, then the super source for allgather */
    int64_t s;       /* the root of the packing */
    int64_t packed;  /* arcs below this index may be packed (pairs: even arcs forward) */
    int64_t joiners; /* arc joiners + 2 v joins s to v for the tests (capacity 0 otherwise) */
    int64_t *parent; /* per node: the arc into it in the tree being grown, -1 */
    int64_t *order;  /* the tree's nodes in the order they joined */
    uint8_t *in;     /* per node: in the tree */
} packer_t;

static void packer_free(packer_t *p)
{
    tc__flow_destroy(&p->f);
    free(p->parent);
    free(p->order);
    free(p->in);
}

/* The packing network of the schedule's arcs (capacity Q each), with the super source joined to
 * every compute node by capacity P when allgather (P > 0). */
static tc_err_t packer_init(packer_t *p, const tc_optimal_t *s, int64_t root, int64_t P, int64_t Q)
{
    memset(p, 0, sizeof *p);
    p->n = s->C + (P > 0);
    p->s = P > 0 ? s->C : s->index[root];
    tc_err_t err = tc__flow_init(&p->f, p->n, s->arcs + (P > 0 ? s->C : 0) + p->n);
    p->parent = tc__malloc_array((size_t)p->n, sizeof *p->parent);
    p->order = tc__malloc_array((size_t)p->n, sizeof *p->order);
    p->in = malloc((size_t)p->n);
    if (err == TC_OK && (p->parent == NULL || p->order == NULL || p->in == NULL)) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a packing of %lld nodes.", (long long)p->n);
    }
    if (err != TC_OK) {
        packer_free(p);
        return err;
    }
    for (int64_t a = 0; a < s->arcs; a++) {
        tc__flow_pair(&p->f, s->index[s->arc_tail[a]], s->index[s->arc_head[a]], Q, 0);
    }
    for (int64_t c = 0; P > 0 && c < s->C; c++) {
        tc__flow_pair(&p->f, p->s, c, P, 0);
    }
    p->packed = p->f.arcs;
    p->joiners = p->f.arcs;
    for (int64_t v = 0; v < p->n; v++) {
        tc__flow_pair(&p->f, p->s, v, 0, 0);
    }
    return tc__flow_seal(&p->f);
}

/* Whether every node receives need from s in what is left. */
static bool holds(packer_t *p, int64_t need)
{
    for (int64_t v = 0; need > 0 && v < p->n; v++) {
        if (v != p->s && tc__flow_max(&p->f, p->s, v, need) < need) {
            return false;
        }
    }
    return true;
}

/* Grow one tree in what is left, for K' = left trees still to come. */
static tc_err_t grow_tree(packer_t *p, int64_t left)
{
    memset(p->in, 0, (size_t)p->n);
    p->in[p->s] = 1;
    p->order[0] = p->s;
    p->parent[p->s] = -1;
    int64_t count = 1;
    while (count < p->n) {
        bool progress = false;
        for (int64_t i = 0; i < count; i++) {
            int64_t u = p->order[i];
            for (int64_t j = p->f.start[u]; j < p->f.start[u + 1]; j++) {
                int64_t a = p->f.adj[j], w = p->f.to[a];
                if ((a & 1) || a >= p->packed || p->in[w] || p->f.cap[a] == 0) {
                    continue;
                }
                if (left > 1) { /* the sets holding w but neither s nor u keep K' units */
                    int64_t join = p->joiners + 2 * u;
                    p->f.cap[join] = u != p->s ? FLOW_INF : 0;
                    int64_t flow = tc__flow_max(&p->f, p->s, w, left);
                    p->f.cap[join] = 0;
                    if (flow < left) {
                        continue;
                    }
                }
                p->f.cap[a]--;
                p->parent[w] = a;
                p->in[w] = 1;
                p->order[count++] = w;
                progress = true;
            }
        }
        if (!progress) { /* Lovasz's theorem says this cannot happen when the rate holds */
            return tc__fail(TC_EINVAL,
                            "The packing found no arc to grow a tree by (%lld of %lld "
                            "nodes reached, %lld trees to come).",
                            (long long)count, (long long)p->n, (long long)left);
        }
    }
    return TC_OK;
}

/* Take mu - 1 more units of every arc of the grown tree (negative: give them back). */
static void tree_take(packer_t *p, int64_t units)
{
    for (int64_t i = 1; i < p->n; i++) {
        p->f.cap[p->parent[p->order[i]]] -= units;
    }
}

/* The largest weight the grown tree can take, K' = left; its arcs keep that many units less. */
static int64_t tree_weight(packer_t *p, int64_t left)
{
    int64_t hi = left;
    for (int64_t i = 1; i < p->n; i++) {
        int64_t c = p->f.cap[p->parent[p->order[i]]] + 1;
        hi = c < hi ? c : hi;
    }
    int64_t lo = 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        tree_take(p, mid - 1);
        bool ok = holds(p, left - mid);
        tree_take(p, -(mid - 1));
        if (ok) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    tree_take(p, lo - 1);
    return lo;
}

/* Pack K trees (by weight) and add them to the schedule, weight * g each. */
static tc_err_t pack_trees(tc_optimal_t *s, packer_t *p, int64_t K, int64_t g)
{
    for (int64_t left = K; left > 0;) {
        tc_err_t err = grow_tree(p, left);
        if (err != TC_OK) {
            return err;
        }
        int64_t mu = tree_weight(p, left);
        left -= mu;
        int64_t root = p->s;
        for (int64_t v = 0; v < p->n; v++) { /* allgather: the compute node s feeds */
            root = v != p->s && p->parent[v] >= s->arcs * 2 ? v : root;
        }
        int64_t t = tc__optimal_tree(s, s->compute[root], mu * g);
        if (t < 0) {
            return tc__fail(TC_ETOOBIG, "A schedule of %lld trees over %lld nodes is too large.",
                            (long long)(s->trees + 1), (long long)s->C);
        }
        for (int64_t v = 0; v < s->C; v++) {
            if (v != root) {
                s->parent_arc[t * s->C + v] = (int32_t)(p->parent[v] / 2);
            }
        }
    }
    return TC_OK;
}

/* ---- the ring and the whole construction ------------------------------------------------------
 */

/* When every compute node has one arc out and one in and they form one cycle, the ring: each
 * compute node's tree follows the cycle from it, weight g, and den C - 1. false when the arcs
 * are not such a cycle. */
static tc_err_t ring_schedule(tc_optimal_t *s, int64_t g, bool *done)
{
    *done = false;
    int64_t C = s->C;
    if (s->arcs != C) {
        return TC_OK;
    }
    int64_t *out = tc__malloc_array((size_t)C, sizeof *out);
    if (out == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a ring of %lld nodes.", (long long)C);
    }
    for (int64_t i = 0; i < C; i++) {
        out[i] = -1;
    }
    bool cycle = true;
    for (int64_t a = 0; a < C && cycle; a++) {
        int64_t i = s->index[s->arc_tail[a]];
        cycle = out[i] < 0;
        out[i] = a;
    }
    int64_t len = 0; /* one arc out of each: a single cycle when 0 comes back after C steps */
    for (int64_t i = 0; cycle && (len == 0 || i != 0); len++) {
        i = s->index[s->arc_head[out[i]]];
        cycle = len < C;
    }
    cycle = cycle && len == C;
    tc_err_t err = TC_OK;
    for (int64_t c = 0; cycle && c < C && err == TC_OK; c++) {
        int64_t t = tc__optimal_tree(s, s->compute[c], g);
        if (t < 0) {
            err = tc__fail(TC_ETOOBIG, "A ring of %lld nodes is too large to hold here.",
                           (long long)C);
            break;
        }
        for (int64_t i = c, k = 1; k < C; k++) {
            int64_t a = out[i];
            i = s->index[s->arc_head[a]];
            s->parent_arc[t * C + i] = (int32_t)a;
        }
    }
    free(out);
    *done = cycle && err == TC_OK;
    s->den = C - 1;
    s->method = "ring";
    return err;
}

/* ---- splitting one pair at a time, each kept only when the rate still holds ------------------
 *
 * The fallback when exchanging walks loses rate: every switch's pairs are undone, then made one
 * at a time, a unit in with the first unit out for which maximum flows show that the network,
 * with the pairs made so far split off and the switches' other units still in place, keeps the
 * rate (Bang-Jensen, Frank and Jackson: at a switch with equal capacity in and out, some pair
 * always does). Slow: a test is C maximum flows over the whole network. */

typedef struct {
    int64_t P, Q, K; /* allgather: P per node over capacity Q per unit; bcast: K from root */
    int64_t root;    /* bcast: the root's node id */
    uint8_t *taken;  /* per unit: an out unit a pair has taken */
} rate_t;

/* Whether the network of units, pairs split off where next is set, keeps the rate. */
static tc_err_t rate_holds(const tc_optimal_t *s, const units_t *u, const rate_t *r, bool *ok)
{
    int64_t N = tc_net_nodes(s->net);
    tc__flow_t f;
    tc_err_t err = tc__flow_init(&f, N + 1, u->units + s->C);
    if (err != TC_OK) {
        return err;
    }
    for (int64_t e = 0; e < u->units; e++) { /* walks from a node still in place */
        bool starts = s->index[u->tail[e]] >= 0 || (r->taken != NULL && !r->taken[e]);
        if (!starts) {
            continue;
        }
        int64_t x = e, steps = 0;
        while (u->next[x] >= 0 && s->index[u->head[x]] < 0 && steps++ < u->units) {
            x = u->next[x];
        }
        if (u->head[x] != u->tail[e]) {
            tc__flow_pair(&f, u->tail[e], u->head[x], r->P > 0 ? r->Q : 1, 0);
        }
    }
    int64_t src = r->P > 0 ? N : r->root, need = r->P > 0 ? r->P * s->C : r->K;
    for (int64_t c = 0; r->P > 0 && c < s->C; c++) {
        tc__flow_pair(&f, N, s->compute[c], r->P, 0);
    }
    err = tc__flow_seal(&f);
    *ok = err == TC_OK;
    uint8_t *side = need == 1 && *ok ? malloc((size_t)N + 1) : NULL;
    if (side != NULL) { /* one unit: what the source reaches */
        tc__flow_max(&f, src, src, 0);
        tc__flow_source_side(&f, src, side);
    }
    for (int64_t c = 0; *ok && c < s->C; c++) {
        *ok = s->compute[c] == src ||
              (side != NULL ? side[s->compute[c]] != 0
                            : tc__flow_max(&f, src, s->compute[c], need) >= need);
    }
    free(side);
    tc__flow_destroy(&f);
    return err;
}

/* Split every switch off one pair at a time, each pair tested (u's pairs are undone first). */
static tc_err_t split_tested(const tc_optimal_t *s, const tc_topo_t *t, units_t *u, rate_t *r)
{
    int64_t *in = tc__malloc_array((size_t)u->units, sizeof *in);
    r->taken = calloc((size_t)u->units, 1);
    tc_err_t err = in == NULL || r->taken == NULL
                       ? tc__fail(TC_ENOMEM, "Out of memory for %lld units.", (long long)u->units)
                       : TC_OK;
    for (int64_t e = 0; err == TC_OK && e < u->units; e++) {
        u->next[e] = -1;
    }
    int64_t first = 0; /* units out of w are first..: those out of nodes below w come before */
    for (int64_t w = 0; err == TC_OK && w < t->nodes; w++) {
        int64_t outs = 0, ins = 0;
        while (first + outs < u->units && u->tail[first + outs] == w) {
            outs++;
        }
        for (int64_t e = 0; e < u->units; e++) {
            if (u->head[e] == w) {
                in[ins++] = e;
            }
        }
        for (int64_t i = 0; s->index[w] < 0 && i < ins && err == TC_OK; i++) {
            bool ok = false;
            for (int64_t o = first; o < first + outs && !ok && err == TC_OK; o++) {
                if (r->taken[o] || u->head[o] == u->tail[in[i]]) {
                    continue;
                }
                u->next[in[i]] = o;
                r->taken[o] = 1;
                err = rate_holds(s, u, r, &ok);
                if (!ok) {
                    u->next[in[i]] = -1;
                    r->taken[o] = 0;
                }
            }
            for (int64_t o = first; o < first + outs && !ok && err == TC_OK; o++) {
                if (!r->taken[o]) { /* only a way back is left: take it, the rate allowing */
                    u->next[in[i]] = o;
                    r->taken[o] = 1;
                    err = rate_holds(s, u, r, &ok);
                    u->next[in[i]] = ok ? o : -1;
                    r->taken[o] = ok;
                }
            }
            if (!ok && err == TC_OK) {
                char lab[TC_LABEL_MAX];
                tc_net_label(s->net, w, false, lab, sizeof lab);
                err = tc__fail(TC_ENOTSUP,
                               "No pair at switch %s can be split off without losing rate (the "
                               "capacities at it are not equal both ways on every link).",
                               lab);
            }
        }
        first += outs;
    }
    free(in);
    free(r->taken);
    r->taken = NULL;
    return err;
}

/* ---- the ring of the compute nodes in id order ------------------------------------------------
 *
 * Where one unit of capacity per compute node is the optimum (a host-limited fabric: every host
 * has one link, and the switches between have room), the compute nodes in id order with a
 * shortest route through switches from each to the next make a ring: fabrics number their hosts
 * switch by switch, so most routes are host, switch, host and the others cross between
 * neighbouring switches by shortest paths, which a simulator's shortest-path routing follows
 * too. Kept when no link carries more routes than its units. */

/* Scratch of the searches for routes over N nodes: stamps (seen[v] < stamp: unseen), the way
 * in, the queue, the distance and the least room on the way. */
typedef struct {
    int64_t *seen, *from, *queue, *dist, *wide, *route;
    int64_t stamp;
} search_t;

static void search_free(search_t *q)
{
    free(q->seen);
    free(q->from);
    free(q->queue);
    free(q->dist);
    free(q->wide);
    free(q->route);
}

static bool search_init(search_t *q, int64_t N)
{
    q->seen = tc__malloc_array((size_t)N, sizeof *q->seen);
    q->from = tc__malloc_array((size_t)N, sizeof *q->from);
    q->queue = tc__malloc_array((size_t)N, sizeof *q->queue);
    q->dist = tc__malloc_array((size_t)N, sizeof *q->dist);
    q->wide = tc__malloc_array((size_t)N, sizeof *q->wide);
    q->route = tc__malloc_array((size_t)N, sizeof *q->route);
    q->stamp = 0;
    bool ok = q->seen != NULL && q->from != NULL && q->queue != NULL && q->dist != NULL &&
              q->wide != NULL && q->route != NULL;
    for (int64_t v = 0; ok && v < N; v++) {
        q->seen[v] = -1;
    }
    if (!ok) {
        search_free(q);
    }
    return ok;
}

/* A shortest route from compute node a to compute node b through switches only, into q->route
 * (*len switches); false when there is none. With room, only over the links l with room[l] >=
 * need, and of the shortest such routes one whose least room is the most. */
static bool switch_route(const tc_optimal_t *s, const tc_topo_t *t, int64_t a, int64_t b,
                         search_t *q, const int64_t *room, int64_t need, int64_t *len)
{
    int64_t head = 0, tail = 0, stamp = q->stamp++;
    q->seen[a] = stamp;
    q->dist[a] = 0;
    q->wide[a] = INT64_MAX;
    q->queue[tail++] = a;
    while (head < tail) {
        int64_t v = q->queue[head++];
        if (q->seen[b] == stamp && q->dist[v] >= q->dist[b]) {
            break; /* every way to b of its length is known */
        }
        for (int p = 0; p < t->ports; p++) {
            int64_t w = t->nbr[v * t->ports + p], l = v * t->ports + p;
            if (w < 0 || (s->index[w] >= 0 && w != b) || (room != NULL && room[l] < need)) {
                continue;
            }
            int64_t wide = room == NULL ? 0 : q->wide[v] < room[l] ? q->wide[v] : room[l];
            if (q->seen[w] == stamp) { /* another way of the same length: the wider one */
                if (q->dist[w] == q->dist[v] + 1 && wide > q->wide[w]) {
                    q->from[w] = v;
                    q->wide[w] = wide;
                }
                continue;
            }
            q->seen[w] = stamp;
            q->from[w] = v;
            q->dist[w] = q->dist[v] + 1;
            q->wide[w] = wide;
            if (w != b) {
                q->queue[tail++] = w;
            }
        }
    }
    if (q->seen[b] != stamp) {
        return false;
    }
    int64_t n = 0;
    for (int64_t x = q->from[b]; x != a; x = q->from[x]) {
        q->route[n++] = x;
    }
    for (int64_t i = 0; i < n / 2; i++) { /* a first */
        int64_t y = q->route[i];
        q->route[i] = q->route[n - 1 - i];
        q->route[n - 1 - i] = y;
    }
    *len = n;
    return true;
}

/* The link (v * ports + p) of hop k of the route a, route[0..len-1], b. */
static int64_t route_link(const tc_topo_t *t, int64_t a, const int64_t *route, int64_t len,
                          int64_t b, int64_t k)
{
    int64_t x = k == 0 ? a : route[k - 1], y = k < len ? route[k] : b;
    int p = 0;
    while (t->nbr[x * t->ports + p] != y) {
        p++;
    }
    return x * t->ports + p;
}

/* The arcs of the ring in id order when every link has room for its routes (units of g);
 * *fits says whether it does (the schedule's arcs are added only then). */
static tc_err_t id_ring(tc_optimal_t *s, const tc_topo_t *t, int64_t g, bool *fits)
{
    int64_t N = t->nodes, C = s->C, A = N * t->ports;
    search_t q;
    bool searches = search_init(&q, N);
    int64_t *load = calloc((size_t)A, sizeof *load);
    int64_t *off = tc__malloc_array((size_t)C + 1, sizeof *off), *pool = NULL, used = 0, cap = 0;
    tc_err_t err = TC_OK;
    *fits = searches && load != NULL && off != NULL;
    if (!*fits) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a ring of %lld nodes.", (long long)C);
    }
    for (int64_t i = 0; *fits && i < C; i++) { /* the routes, and the load of their links */
        int64_t a = s->compute[i], b = s->compute[(i + 1) % C], len = 0;
        *fits = switch_route(s, t, a, b, &q, NULL, 0, &len);
        if (*fits && !grow((void **)&pool, &cap, used + len, sizeof *pool, 1024)) {
            err = tc__fail(TC_ENOMEM, "Out of memory for a ring of %lld nodes.", (long long)C);
            *fits = false;
        }
        off[i] = used;
        for (int64_t k = 0; *fits && k <= len; k++) {
            int64_t l = route_link(t, a, q.route, len, b, k);
            load[l] += g;
            *fits = load[l] <= (t->cap != NULL ? t->cap[l] : 1);
        }
        if (*fits && len > 0) {
            memcpy(pool + used, q.route, (size_t)len * sizeof *pool);
            used += len;
        }
    }
    off[C] = used;
    for (int64_t i = 0; *fits && i < C && err == TC_OK; i++) {
        int64_t len = off[i + 1] - off[i];
        if (tc__optimal_arc(s, s->compute[i], s->compute[(i + 1) % C],
                            len > 0 ? pool + off[i] : NULL, (int32_t)len) < 0) {
            err = tc__fail(TC_ENOMEM, "Out of memory for a ring of %lld nodes.", (long long)C);
        }
    }
    if (searches) {
        search_free(&q);
    }
    free(load);
    free(off);
    free(pool);
    return err;
}

/* The chain of a bcast from root along the ring's arcs (arc i from compute node i to i + 1). */
static tc_err_t id_chain(tc_optimal_t *s, int64_t root, int64_t g)
{
    int64_t t = tc__optimal_tree(s, root, g);
    if (t < 0) {
        return tc__fail(TC_ENOMEM, "Out of memory for a chain of %lld nodes.", (long long)s->C);
    }
    for (int64_t i = s->index[root], k = 1; k < s->C; k++, i = (i + 1) % s->C) {
        s->parent_arc[t * s->C + (i + 1) % s->C] = (int32_t)i;
    }
    s->den = 1;
    s->method = "chain";
    return TC_OK;
}

/* ---- the two-tree: a bcast at the chain's rate, in depth about log2 C -------------------------
 *
 * Where one unit is the optimum, the chain reaches it but fills its pipeline over C - 1 hops.
 * Sanders, Speck and Traeff's two-tree reaches it in about log2 C: two trees of half the rate,
 * every compute node but the root inner (at most two children) in one of them and a leaf in the
 * other, so that each sends two halves at most and receives two, and the root one half into
 * each. The compute nodes after the root in id order alternate B, A, B, A, ...; tree 0 is a
 * balanced binary tree over the As in order, each B hung in order on the free places of the As
 * (the As' places, two each, are one more than the Bs' count, and in order they lie near the
 * Bs), tree 1 the same with A and B exchanged. Each arc takes a shortest route through switches
 * among the links with room left for its half; kept when every arc has one. */

/* The balanced binary tree over list[lo..hi] below par: parent[] and children[] by compute
 * index. */
static void inorder(const int64_t *list, int64_t lo, int64_t hi, int64_t par, int64_t *parent,
                    int8_t *children)
{
    while (lo <= hi) {
        int64_t mid = lo + (hi - lo) / 2, v = list[mid];
        parent[v] = par;
        if (par >= 0) {
            children[par]++;
        }
        inorder(list, lo, mid - 1, v, parent, children);
        lo = mid + 1; /* the right half, below v */
        par = v;
    }
}

/* Tree `which` of the two-tree over the m compute indexes of seq (after the root, in order):
 * parent[] of each (-1 below the root). */
static void two_tree(const int64_t *seq, int64_t m, int which, int64_t *inner, int64_t *leaf,
                     int64_t *parent, int8_t *children)
{
    int64_t ni = 0, nl = 0;
    for (int64_t j = 0; j < m; j++) { /* B at even places, A at odd ones */
        if ((j % 2 == 1) == (which == 0)) {
            inner[ni++] = seq[j];
        } else {
            leaf[nl++] = seq[j];
        }
    }
    for (int64_t j = 0; j < m; j++) {
        children[seq[j]] = 0;
    }
    inorder(inner, 0, ni - 1, -1, parent, children);
    int64_t next = 0; /* the leaves in order on the free places in order */
    for (int64_t i = 0; i < ni && next < nl; i++) {
        while (children[inner[i]] < 2 && next < nl) {
            parent[leaf[next++]] = inner[i];
            children[inner[i]]++;
        }
    }
}

static tc_err_t two_tree_schedule(tc_optimal_t *s, const tc_topo_t *t, int64_t root, int64_t g,
                                  bool *fits)
{
    int64_t N = t->nodes, C = s->C, m = C - 1, A = N * t->ports, r = s->index[root];
    search_t q;
    bool searches = search_init(&q, N);
    int64_t *room = tc__malloc_array((size_t)A, sizeof *room);
    int64_t *seq = tc__malloc_array((size_t)C, sizeof *seq);
    int64_t *inner = tc__malloc_array((size_t)C, sizeof *inner);
    int64_t *leaf = tc__malloc_array((size_t)C, sizeof *leaf);
    int64_t *parent = tc__malloc_array((size_t)C * 2, sizeof *parent);
    int64_t *order = tc__malloc_array((size_t)C * 2, sizeof *order);
    int8_t *children = malloc((size_t)C);
    int64_t tree[2] = {-1, -1};
    *fits = false;
    tc_err_t err = TC_OK;
    if (searches && room != NULL && seq != NULL && inner != NULL && leaf != NULL &&
        parent != NULL && order != NULL && children != NULL) {
        tree[0] = tc__optimal_tree(s, root, g);
        tree[1] = tree[0] < 0 ? -1 : tc__optimal_tree(s, root, g);
    }
    if (tree[1] < 0) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a two-tree of %lld nodes.", (long long)C);
    } else {
        *fits = true;
        for (int64_t j = 0; j < m; j++) {
            seq[j] = (r + 1 + j) % C;
        }
        for (int which = 0; which < 2; which++) {
            two_tree(seq, m, which, inner, leaf, parent + which * C, children);
        }
    }
    for (int64_t k = 0; k < 2 * m && *fits; k++) { /* the longest first: fewer ways round */
        int64_t v = seq[k / 2], p = parent[(k % 2) * C + v], len = 0;
        *fits = switch_route(s, t, s->compute[p < 0 ? r : p], s->compute[v], &q, NULL, 0, &len);
        order[k] = (2 * m) * (N - len) + k;
    }
    if (*fits) {
        qsort(order, (size_t)(2 * m), sizeof *order, tc__cmp_int64);
    }
    for (int64_t k = 0; k < 2 * m; k++) {
        order[k] %= 2 * m;
    }
    /* Routed in that order; an arc that finds no room goes first in the next attempt. */
    int64_t arcs = s->arcs, pool = s->pool_len, failed = *fits ? 0 : -1;
    int64_t attempts = TWO_TREE_WORK / (2 * m * N);
    attempts = attempts < 1 ? 1 : attempts > TWO_TREE_ATTEMPTS ? TWO_TREE_ATTEMPTS : attempts;
    for (int64_t attempt = 0; attempt < attempts && failed >= 0 && err == TC_OK; attempt++) {
        int64_t e = order[failed];
        memmove(order + 1, order, (size_t)failed * sizeof *order);
        order[0] = e;
        s->arcs = arcs;
        s->pool_len = pool;
        for (int64_t l = 0; l < A; l++) { /* in halves of g */
            room[l] = t->nbr[l] < 0 ? 0 : 2 * (t->cap != NULL ? t->cap[l] : 1);
        }
        failed = -1;
        for (int64_t k = 0; k < 2 * m && failed < 0 && err == TC_OK; k++) {
            int64_t which = order[k] % 2, v = seq[order[k] / 2], len = 0;
            int64_t p = parent[which * C + v], a = s->compute[p < 0 ? r : p], b = s->compute[v];
            if (!switch_route(s, t, a, b, &q, room, g, &len)) {
                failed = k;
                break;
            }
            for (int64_t h = 0; h <= len; h++) {
                room[route_link(t, a, q.route, len, b, h)] -= g;
            }
            int64_t arc = tc__optimal_arc(s, a, b, q.route, (int32_t)len);
            if (arc < 0) {
                err = tc__fail(TC_ENOMEM, "Out of memory for a two-tree of %lld nodes.",
                               (long long)C);
            } else {
                s->parent_arc[tree[which] * C + v] = (int32_t)arc;
            }
        }
    }
    *fits = *fits && failed < 0 && err == TC_OK;
    if (*fits) {
        s->den = 2;
        s->method = "two-tree";
    }
    if (searches) {
        search_free(&q);
    }
    free(room);
    free(seq);
    free(inner);
    free(leaf);
    free(parent);
    free(order);
    free(children);
    return err;
}

/* The schedule over the switches split off: the units, their walks, then the ring or Lovasz's
 * construction at the optimal rate (bound, in capacity units). */
static tc_err_t split_schedule(tc_optimal_t *s, const tc_topo_t *topo, int64_t root,
                               const tc_optimum_t *bound)
{
    units_t u;
    tc_err_t err = units_build(s->net, topo, &u);
    if (err != TC_OK) {
        return err;
    }
    int64_t g = u.g;
    rate_t r = {.P = 0, .Q = 1, .K = bound->num / g, .root = root}; /* bcast: K trees of a unit */
    if (s->coll == TC_OPTIMUM_ALLGATHER) { /* P / Q units per node, P C trees */
        int64_t d = tc__gcd64(bound->num, bound->den * g);
        r.P = bound->num / d;
        r.Q = bound->den * g / d;
        r.K = r.P * s->C;
    }
    bool ok = false, ring = false,
         host_limited = s->coll == TC_OPTIMUM_BCAST ? r.K == 1 : r.P == 1 && r.Q == s->C - 1;
    if (host_limited && s->coll == TC_OPTIMUM_BCAST && s->C >= TWO_TREE_LEAST) {
        bool two = false;
        err = two_tree_schedule(s, topo, root, g, &two);
        if (err != TC_OK || two) {
            units_free(&u);
            return err;
        }
        s->arcs = s->pool_len = s->trees = 0;
    }
    if (host_limited && err == TC_OK) { /* the compute nodes in id order, when their routes fit */
        err = id_ring(s, topo, g, &ring);
        if (err == TC_OK && ring) {
            units_free(&u);
            if (s->coll == TC_OPTIMUM_BCAST) {
                return id_chain(s, root, g);
            }
            err = ring_schedule(s, g, &ring);
            if (err != TC_OK || ring) {
                return err;
            }
            return tc__fail(TC_EINVAL, "The ring in id order is not one cycle.");
        }
        s->arcs = s->pool_len = 0;
    }
    err = err == TC_OK ? join_walks(s, topo, &u) : err;
    if (err == TC_OK && r.P == 1 && r.Q == s->C - 1) { /* a ring, when the walks make one */
        err = walk_arcs(s, &u);
        err = err == TC_OK ? ring_schedule(s, g, &ring) : err;
        if (err != TC_OK || ring) {
            units_free(&u);
            return err;
        }
        s->arcs = s->pool_len = 0;
        s->den = 1;
    }
    err = err == TC_OK ? rate_holds(s, &u, &r, &ok) : err;
    if (err == TC_OK && !ok) {
        err = split_tested(s, topo, &u, &r);
    }
    err = err == TC_OK ? walk_arcs(s, &u) : err;
    units_free(&u);
    if (err != TC_OK) {
        return err;
    }
    packer_t p;
    err = packer_init(&p, s, root, r.P, r.Q);
    if (err != TC_OK) {
        return err;
    }
    err = pack_trees(s, &p, r.K, g);
    s->den = r.Q;
    s->method = s->coll == TC_OPTIMUM_BCAST && r.K == 1 ? "chain" : "packing";
    packer_free(&p);
    return err;
}

tc_err_t tc_optimal_build(const tc_net_t *net, tc_optimum_coll_t coll, int64_t root,
                          tc_optimal_t **out)
{
    *out = NULL;
    tc_optimum_t bound;
    tc_err_t err = coll == TC_OPTIMUM_BCAST ? tc_optimum_bcast(net, root, &bound)
                   : coll == TC_OPTIMUM_ALLGATHER
                       ? tc_optimum_allgather(net, &bound)
                       : tc__fail(TC_EINVAL, "Unknown collective %d.", (int)coll);
    if (err != TC_OK) {
        return err;
    }
    tc_optimal_t *s = NULL;
    tc_topo_t topo;
    memset(&topo, 0, sizeof topo);
    err = schedule_new(net, coll, &s);
    if (err == TC_OK) {
        err = tc_topo_init(&topo, net);
    }
    if (err == TC_OK) {
        bool plain = !tc_net_switches(net) && !tc_net_capacitated(net);
        if (plain && (coll == TC_OPTIMUM_BCAST || tc_net_translates(net))) {
            err = edst_schedule(s, &topo, root);
        } else {
            err = split_schedule(s, &topo, root, &bound);
        }
    }
    if (err == TC_OK) { /* the weights and den in lowest terms */
        int64_t r = s->den;
        for (int64_t t = 0; t < s->trees; t++) {
            r = tc__gcd64(r, s->weight[t]);
        }
        for (int64_t t = 0; r > 1 && t < s->trees; t++) {
            s->weight[t] /= r;
        }
        s->den /= r > 1 ? r : 1;
    }
    tc_topo_destroy(&topo);
    tc_optimum_destroy(&bound);
    if (err != TC_OK) {
        tc_optimal_free(s);
        return err;
    }
    *out = s;
    return TC_OK;
}

/* ---- reading it ------------------------------------------------------------------------------ */

const tc_net_t *tc_optimal_net(const tc_optimal_t *s)
{
    return s->net;
}

tc_optimum_coll_t tc_optimal_coll(const tc_optimal_t *s)
{
    return s->coll;
}

const char *tc_optimal_method(const tc_optimal_t *s)
{
    return s->method;
}

int64_t tc_optimal_compute_nodes(const tc_optimal_t *s)
{
    return s->C;
}

int64_t tc_optimal_compute(const tc_optimal_t *s, int64_t i)
{
    return i >= 0 && i < s->C ? s->compute[i] : -1;
}

int64_t tc_optimal_trees(const tc_optimal_t *s)
{
    return s->trees;
}

int64_t tc_optimal_tree_root(const tc_optimal_t *s, int64_t t)
{
    return t >= 0 && t < s->trees ? s->root[t] : -1;
}

int64_t tc_optimal_tree_weight(const tc_optimal_t *s, int64_t t)
{
    return t >= 0 && t < s->trees ? s->weight[t] : 0;
}

int64_t tc_optimal_den(const tc_optimal_t *s)
{
    return s->den;
}

int64_t tc_optimal_parent(const tc_optimal_t *s, int64_t t, int64_t v)
{
    if (t < 0 || t >= s->trees || v < 0 || v >= tc_net_nodes(s->net) || s->index[v] < 0) {
        return -1;
    }
    int32_t a = s->parent_arc[t * s->C + s->index[v]];
    return a < 0 ? -1 : s->arc_tail[a];
}

size_t tc_optimal_route(const tc_optimal_t *s, int64_t t, int64_t v, int64_t *nodes, size_t cap)
{
    if (t < 0 || t >= s->trees || v < 0 || v >= tc_net_nodes(s->net) || s->index[v] < 0) {
        return 0;
    }
    int32_t a = s->parent_arc[t * s->C + s->index[v]];
    if (a < 0) {
        return 0;
    }
    size_t len = (size_t)s->route_len[a] + 2, k = 0;
    if (k < cap) {
        nodes[k] = s->arc_tail[a];
    }
    for (k = 1; k + 1 < len; k++) {
        if (k < cap) {
            nodes[k] = s->pool[s->route_off[a] + (int64_t)k - 1];
        }
    }
    if (k < cap) {
        nodes[k] = s->arc_head[a];
    }
    return len;
}
