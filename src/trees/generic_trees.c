/* The constructions of any network (kinds whose row is for any family): a breadth-first tree,
 * and the most edge-disjoint spanning trees the network holds, by packing (packing.c). They
 * work on the neighbour table, so on every network that can be materialized, a graph read from a
 * file included. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/trees.h"
#include "trees/packing.h"
#include "trees/trees_internal.h"

#include <stdlib.h>
#include <string.h>

/* The network's neighbour table: its own (a graph), or one built here into *own. */
static tc_err_t table_of(const tc_net_t *net, tc_topo_t *own, const tc_topo_t **out)
{
    memset(own, 0, sizeof *own);
    *out = tc__net_table(net);
    if (*out != NULL) {
        return TC_OK;
    }
    tc_err_t err = tc_topo_init(own, net);
    *out = own;
    return err;
}

/* A forest of ntrees trees on net at root from per-tree parent ports (0xFE: the root). */
static tc_err_t forest_of_ports(const tc_net_t *net, tc_kind_t kind, int64_t root, int ntrees,
                                const uint8_t *ports, tc_forest_t **out)
{
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = NULL;
    tc_err_t err = tc__forest_alloc(net, ntrees, root, false, &f);
    if (err != TC_OK) {
        return err;
    }
    tc_forest_set_kind(f, kind);
    for (int t = 0; t < ntrees; t++) {
        uint8_t *dims = tc_forest_dims(f, t);
        const uint8_t *p = ports + (size_t)t * (size_t)N;
        for (int64_t v = 0; v < N; v++) {
            dims[v] = p[v] == 0xFE   ? TC_PARENT_ROOT
                      : p[v] == 0xFF ? TC_PARENT_NONE
                                     : (uint8_t)(tc_net_dim_min(net) + p[v]);
        }
        tc_forest_set_label(f, t, ntrees > 1 ? t : 0);
    }
    *out = f;
    return TC_OK;
}

/* ---- bfs: a breadth-first spanning tree ------------------------------------------------------
 * Every node hangs from its neighbour of least port among those one link nearer the root: a
 * shortest-path tree, of depth the root's eccentricity. A network in pieces (a graph) has no
 * spanning tree: it is refused, as by every builder of this file. */

int tc__count_one(const tc_net_t *net)
{
    (void)net;
    return 1;
}

tc_err_t tc__bfs_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out)
{
    (void)threads;
    *out = NULL;
    tc_err_t err = tc_net_require_connected(net);
    if (err != TC_OK) {
        return err;
    }
    int64_t N = tc_net_nodes(net);
    tc_topo_t own;
    const tc_topo_t *t = NULL;
    uint8_t *dist = tc__malloc_array((size_t)N, 1);
    uint8_t *ports = tc__malloc_array((size_t)N, 1);
    err = dist && ports ? table_of(net, &own, &t) : tc__fail(TC_ENOMEM, "Out of memory.");
    err = err == TC_OK ? tc_net_distances(net, root, dist) : err;
    for (int64_t v = 0; err == TC_OK && v < N; v++) {
        ports[v] = v == root ? 0xFE : 0xFF;
        for (int p = 0; p < t->ports && v != root && dist[v] != 0xFF; p++) {
            int32_t u = t->nbr[v * t->ports + p];
            if (u >= 0 && dist[u] + 1 == dist[v]) {
                ports[v] = (uint8_t)p;
                break;
            }
        }
    }
    if (err == TC_OK) {
        err = forest_of_ports(net, TC_KIND_BFS, root, 1, ports, out);
    }
    tc_topo_destroy(&own);
    free(dist);
    free(ports);
    return err;
}

/* ---- edst: the most arc-disjoint spanning arborescences (Edmonds, by Lovasz's proof) --------
 * In a network where both directions of every edge are links, the most arc-disjoint spanning
 * arborescences at a root is the edge connectivity of the network, whatever the root. */

static int count_packing(const tc_net_t *net, bool directed)
{
    tc_topo_t own;
    const tc_topo_t *t = NULL;
    int k = 0;
    if (!tc_net_materializable(net) || table_of(net, &own, &t) != TC_OK) {
        return 0;
    }
    tc_err_t err = TC_OK;
    if (directed) {
        uint8_t *ports = NULL;
        int how = 0;
        err = tc__pack_most_arborescences(t, 0, TC__PACK_COUNT_ONLY, &k, &ports, &how);
        free(ports);
    } else {
        err = tc__spanning_tree_number(t, &k);
    }
    tc_topo_destroy(&own);
    return err == TC_OK && k <= TC__PACK_MAX_TREES && k < tc_net_nodes(net) ? k : 0;
}

tc_err_t tc_trees_root_cut(const tc_net_t *net, int64_t root, int *links, uint8_t *side)
{
    *links = 0;
    if (!tc_net_materializable(net)) {
        return tc__fail(TC_ETOOBIG, "The network is too large to build out for a root cut.");
    }
    tc_topo_t own;
    const tc_topo_t *t = NULL;
    tc_err_t err = table_of(net, &own, &t);
    if (err == TC_OK) {
        err = tc__arb_min_cut(t, root, links, side);
    }
    tc_topo_destroy(&own);
    return err;
}

int tc__count_edst(const tc_net_t *net)
{
    return count_packing(net, true);
}

int tc__count_edst_undirected(const tc_net_t *net)
{
    return count_packing(net, false);
}

/* Carry packed trees rooted at node 0 to root h: node v takes the parent port of T_h^-1(v). */
static tc_err_t translate_ports(const tc_net_t *net, int64_t h, int k, uint8_t **ports)
{
    int64_t N = tc_net_nodes(net);
    uint8_t *moved = tc__malloc_array((size_t)k * (size_t)N, 1);
    if (moved == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for %d packed trees.", k);
    }
    for (int64_t v = 0; v < N; v++) {
        int64_t w = tc_net_translate(net, h, v, true);
        for (int t = 0; t < k; t++) {
            moved[(int64_t)t * N + v] = (*ports)[(int64_t)t * N + w];
        }
    }
    free(*ports);
    *ports = moved;
    return TC_OK;
}

static tc_err_t packing_build(const tc_net_t *net, tc_kind_t kind, int64_t root, bool directed,
                              tc_forest_t **out)
{
    *out = NULL;
    int64_t N = tc_net_nodes(net);
    tc_topo_t own;
    const tc_topo_t *t = NULL;
    int k = 0;
    tc_err_t err = tc_net_require_connected(net);
    if (err != TC_OK) {
        return err;
    }
    uint8_t *ports = NULL;
    int how = 0;
    /* On a family with translations (every root alike) the packing is made once, at node 0,
     * and carried to root by the translation, which keeps every link's port. */
    bool translate = root != 0 && tc_net_translates(net);
    int64_t at = translate ? 0 : root;
    err = table_of(net, &own, &t);
    if (err == TC_OK) {
        err = directed ? tc__pack_most_arborescences(t, at, 0, &k, &ports, &how)
                       : tc__pack_most_spanning_trees(t, at, 0, &k, &ports);
    }
    if (err == TC_OK && (k < 1 || k >= N)) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        err = tc__fail(TC_EINVAL, "%s holds no %s spanning trees to pack (%s).", name,
                       directed ? "arc-disjoint" : "edge-disjoint",
                       k < 1 ? "it is not connected" : "it has a single node");
    }
    if (err == TC_OK && ports == NULL) {
        err = tc__fail(TC_EINVAL,
                       "The root reaches every node over %d arc-disjoint paths; the "
                       "packing builds at most %d trees.",
                       k, TC__PACK_MAX_TREES);
    }
    if (err == TC_OK && translate) {
        err = translate_ports(net, root, k, &ports);
    }
    if (err == TC_OK) {
        err = forest_of_ports(net, kind, root, k, ports, out);
    }
    free(ports);
    tc_topo_destroy(&own);
    return err;
}

tc_err_t tc__edst_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out)
{
    (void)threads;
    return packing_build(net, TC_KIND_EDST, root, true, out);
}

tc_err_t tc__packing_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out)
{
    (void)threads;
    return packing_build(net, TC_KIND_PACKING, root, true, out);
}

tc_err_t tc__edst_undirected_build(const tc_net_t *net, int64_t root, int threads,
                                   tc_forest_t **out)
{
    (void)threads;
    return packing_build(net, TC_KIND_EDST_UNDIRECTED, root, false, out);
}
