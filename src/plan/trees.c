/* Trees prepared for plans: children as ports in the order of Section 3, parent ports, depths. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/plan.h"

#include <stdlib.h>
#include <string.h>

void tc_plan_trees_free(tc_plan_trees_t *trees)
{
    if (trees == NULL) {
        return;
    }
    free(trees->cstart);
    free(trees->cport);
    free(trees->pport);
    free(trees->depth);
    free(trees->size);
    memset(trees, 0, sizeof *trees);
}

/* The dimension order in which a node lists its children in the tree numbered l (S_n), or
 * ascending dimensions (Q_n: the order of paper 002 Section 5), as ports. */
static void port_order(const tc_net_t *net, int l, tc_child_order_t order, int *ports)
{
    int n = net->n, deg = tc_net_degree(net);
    for (int s = 0; s < deg; s++) {
        if (net->family != TC_NET_STAR) {
            ports[s] = order == TC_ORDER_DESCENDING ? deg - 1 - s : s;
        } else if (order == TC_ORDER_ASCENDING || l < 2 || l > n) {
            ports[s] = s;
        } else if (order == TC_ORDER_DESCENDING) {
            ports[s] = n - s - 2;
        } else {
            int d = l + 1 + s;
            ports[s] = (d > n ? d - (n - 1) : d) - 2;
        }
    }
}

tc_err_t tc_plan_trees_build(const tc_forest_t *forest, tc_child_order_t order,
                             tc_plan_trees_t *out)
{
    const tc_net_t *net = tc_forest_net(forest);
    int64_t N = net->nodes;
    int T = tc_forest_trees(forest);
    int deg = tc_net_degree(net), lo = tc_net_dim_min(net);
    char name[16];
    tc_net_name(net, name, sizeof name);
    memset(out, 0, sizeof *out);
    for (int t = 0; t < T; t++) {
        if (tc_forest_tree_root(forest, t) != tc_forest_root(forest)) {
            return tc__fail(TC_EINVAL,
                            "Plans need every tree rooted at the source; tree %d of "
                            "this forest has its own root.",
                            t);
        }
    }
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
    int32_t *nbr = tc__malloc_array((size_t)N * (size_t)deg, sizeof *nbr);
    if (out->cstart == NULL || out->cport == NULL || out->pport == NULL || out->depth == NULL ||
        out->size == NULL || queue == NULL || nbr == NULL) {
        free(queue);
        free(nbr);
        tc_plan_trees_free(out);
        return tc__fail(TC_ENOMEM, "Out of memory preparing the trees of %s.", name);
    }
    /* the neighbour along port p (dimension lo + p) of every node, once */
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < deg; p++) {
            nbr[v * deg + p] = (int32_t)tc_net_neighbor(net, v, lo + p);
        }
    }
    int ports[TC_CUBE_MAX_N + 1];
    for (int t = 0; t < T; t++) {
        const uint8_t *pd = tc_forest_dims_const(forest, t);
        int32_t *cs = out->cstart + (size_t)t * (size_t)(N + 1);
        uint8_t *cp = out->cport + (size_t)t * (size_t)N;
        uint8_t *pp = out->pport + (size_t)t * (size_t)N;
        uint8_t *dp = out->depth + (size_t)t * (size_t)N;
        port_order(net, tc_forest_label(forest, t), order, ports);
        int32_t pos = 0;
        for (int64_t v = 0; v < N; v++) {
            cs[v] = pos;
            pp[v] = (pd[v] >= lo && pd[v] < lo + deg) ? (uint8_t)(pd[v] - lo) : 0xFF;
            dp[v] = 0xFF;
            for (int s = 0; s < deg; s++) {
                int64_t u = nbr[v * deg + ports[s]];
                if (u >= 0 && pd[u] == lo + ports[s]) {
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
    free(nbr);
    free(queue);
    return TC_OK;
}
