/* Trees prepared for plans: children as ports in the kind's order, parent ports, depths, subtree
 * sizes, over the network's neighbour table. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/plan.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void tc_plan_trees_destroy(tc_plan_trees_t *trees)
{
    if (trees == NULL) {
        return;
    }
    free(trees->cstart);
    free(trees->cport);
    free(trees->pport);
    free(trees->depth);
    free(trees->size);
    tc_net_free((tc_net_t *)trees->net); /* drops the reference taken by init */
    memset(trees, 0, sizeof *trees);
}

/* The order in which a node lists its children in the tree numbered l, as ports: the kind's
 * (the l-th ordering of paper 000 Section 3, l+1, ..., the largest dimension, the smallest, ...,
 * l, or ascending dimensions as in paper 002 Section 5), or the order asked for. */
static void port_order(const tc_forest_t *forest, int t, tc_child_order_t order, int *ports)
{
    const tc_net_t *net = tc_forest_net(forest);
    int deg = tc_net_degree(net), lo = tc_net_dim_min(net);
    int l = tc_forest_label(forest, t);
    bool after = order == TC_ORDER_PAPER &&
                 tc_kind_children_after_label(tc_forest_kind(forest), net) && l >= lo &&
                 l < lo + deg;
    for (int s = 0; s < deg; s++) {
        if (order == TC_ORDER_DESCENDING) {
            ports[s] = deg - 1 - s;
        } else if (after) {
            ports[s] = (l - lo + 1 + s) % deg;
        } else {
            ports[s] = s;
        }
    }
}

tc_err_t tc_plan_trees_init(tc_plan_trees_t *out, const tc_forest_t *forest, const tc_topo_t *topo,
                            tc_child_order_t order)
{
    assert(out != NULL && forest != NULL && topo != NULL);
    const tc_net_t *net = tc_forest_net(forest);
    int64_t N = tc_net_nodes(net);
    int T = tc_forest_trees(forest);
    int deg = tc_net_degree(net), lo = tc_net_dim_min(net);
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    memset(out, 0, sizeof *out);
    if (topo->nodes != N || topo->ports != deg) {
        return tc__fail(TC_EINVAL, "The neighbour table is not the one of %s.", name);
    }
    for (int t = 0; t < T; t++) {
        if (tc_forest_tree_root(forest, t) != tc_forest_root(forest)) {
            return tc__fail(TC_EINVAL,
                            "Plans need every tree rooted at the source; tree %d of "
                            "this forest has its own root.",
                            t);
        }
    }
    out->net = tc__net_ref(net);
    out->ntrees = T;
    out->nodes = N;
    out->root = tc_forest_root(forest);
    out->ports = deg;
    out->cstart = tc__malloc_array((size_t)T * (size_t)(N + 1), sizeof *out->cstart);
    out->cport = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->pport = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->depth = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->size = tc__calloc_array((size_t)T * (size_t)N, sizeof *out->size);
    int64_t *queue = tc__malloc_array((size_t)N, sizeof *queue);
    if (out->cstart == NULL || out->cport == NULL || out->pport == NULL || out->depth == NULL ||
        out->size == NULL || queue == NULL) {
        free(queue);
        tc_plan_trees_destroy(out);
        return tc__fail(TC_ENOMEM, "Out of memory preparing the trees of %s.", name);
    }
    const int32_t *nbr = topo->nbr;
    int ports[64];
    for (int t = 0; t < T; t++) {
        const uint8_t *pd = tc_forest_dims_const(forest, t);
        int32_t *cs = out->cstart + (size_t)t * (size_t)(N + 1);
        uint8_t *cp = out->cport + (size_t)t * (size_t)N;
        uint8_t *pp = out->pport + (size_t)t * (size_t)N;
        uint8_t *dp = out->depth + (size_t)t * (size_t)N;
        port_order(forest, t, order, ports);
        int32_t pos = 0;
        for (int64_t v = 0; v < N; v++) {
            cs[v] = pos;
            bool up = pd[v] >= lo && pd[v] < lo + deg && nbr[v * deg + pd[v] - lo] >= 0;
            pp[v] = up ? (uint8_t)(pd[v] - lo) : 0xFF;
            dp[v] = 0xFF;
            for (int s = 0; s < deg; s++) {
                int64_t u = nbr[v * deg + ports[s]];
                /* u's parent port leads to v: u's dimension toward v is the back port's */
                int back = topo->rev != NULL ? topo->rev[v * deg + ports[s]] : ports[s];
                if (u >= 0 && pd[u] == lo + back) {
                    cp[pos++] = (uint8_t)ports[s];
                }
            }
        }
        cs[N] = pos;
        /* depths by a breadth-first walk from the root over the children */
        int64_t head = 0, tail = 0;
        dp[out->root] = 0;
        queue[tail++] = out->root;
        while (head < tail) {
            int64_t v = queue[head++];
            for (int32_t c = cs[v]; c < cs[v + 1]; c++) {
                int64_t u = nbr[v * deg + cp[c]];
                if (dp[u] == 0xFF) {
                    dp[u] = (uint8_t)(dp[v] + 1);
                    out->maxdepth = dp[u] > out->maxdepth ? dp[u] : out->maxdepth;
                    queue[tail++] = u;
                }
            }
        }
        if (tail < N) { /* a node the source cannot reach down the tree never gets a message */
            free(queue);
            tc_plan_trees_destroy(out);
            return tc__fail(TC_EINVAL,
                            "Tree %d reaches %lld of the %lld nodes of %s from its root: a plan "
                            "needs spanning trees (treecast check shows which nodes are cut "
                            "off).",
                            t, (long long)tail, (long long)N, name);
        }
        /* subtree sizes, leaves first (reverse breadth-first order) */
        int32_t *sz = out->size + (size_t)t * (size_t)N;
        for (int64_t k = tail - 1; k >= 0; k--) {
            int64_t v = queue[k];
            sz[v] += 1;
            if (pp[v] != 0xFF && v != out->root) {
                sz[nbr[v * deg + pp[v]]] += sz[v];
            }
        }
    }
    free(queue);
    return TC_OK;
}
