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

/* The dimension order in which a node lists its children in the tree numbered l. */
static void dim_order(int n, int l, tc_child_order_t order, int *dims)
{
    for (int s = 0; s < n - 1; s++) {
        if (order == TC_ORDER_ASCENDING || l < 2 || l > n) {
            dims[s] = 2 + s;
        } else if (order == TC_ORDER_DESCENDING) {
            dims[s] = n - s;
        } else {
            int d = l + 1 + s;
            dims[s] = d > n ? d - (n - 1) : d;
        }
    }
}

tc_err_t tc_plan_trees_build(const tc_forest_t *forest, tc_child_order_t order,
                             tc_plan_trees_t *out)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    int64_t N = net->nodes;
    int T = tc_forest_trees(forest);
    memset(out, 0, sizeof *out);
    out->ntrees = T;
    out->nodes = N;
    out->root = tc_forest_root(forest);
    out->ports = n - 1;
    out->cstart = tc__malloc_array((size_t)T * (size_t)(N + 1), sizeof *out->cstart);
    out->cport = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->pport = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->depth = tc__malloc_array((size_t)T * (size_t)N, 1);
    out->size = tc__calloc_array((size_t)T * (size_t)N, sizeof *out->size);
    int64_t *queue = tc__malloc_array((size_t)N, sizeof *queue);
    if (out->cstart == NULL || out->cport == NULL || out->pport == NULL || out->depth == NULL ||
        out->size == NULL || queue == NULL) {
        free(queue);
        tc_plan_trees_free(out);
        return tc__fail(TC_ENOMEM, "Out of memory preparing the trees of S_%d.", n);
    }
    uint8_t p[TC_STAR_MAX_N] = {0};
    int dims[TC_STAR_MAX_N];
    for (int t = 0; t < T; t++) {
        const uint8_t *pd = tc_forest_dims_const(forest, t);
        int32_t *cs = out->cstart + (size_t)t * (size_t)(N + 1);
        uint8_t *cp = out->cport + (size_t)t * (size_t)N;
        uint8_t *pp = out->pport + (size_t)t * (size_t)N;
        uint8_t *dp = out->depth + (size_t)t * (size_t)N;
        dim_order(n, tc_forest_label(forest, t), order, dims);
        int32_t pos = 0;
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
            cs[v] = pos;
            pp[v] = (pd[v] >= 2 && pd[v] <= n) ? (uint8_t)(pd[v] - 2) : 0xFF;
            dp[v] = 0xFF;
            for (int s = 0; s < n - 1; s++) {
                int64_t u = tc__star_rank_after_move(n, p, v, dims[s]);
                if (pd[u] == dims[s]) {
                    cp[pos++] = (uint8_t)(dims[s] - 2);
                }
            }
        }
        cs[N] = pos;
        /* depths by a breadth-first walk from the root over the children */
        int64_t head = 0, tail = 0;
        dp[out->root] = 0;
        queue[tail++] = out->root;
        uint8_t q[TC_STAR_MAX_N] = {0};
        while (head < tail) {
            int64_t v = queue[head++];
            tc_star_unrank(n, v, q);
            for (int32_t c = cs[v]; c < cs[v + 1]; c++) {
                int64_t u = tc__star_rank_after_move(n, q, v, cp[c] + 2);
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
                tc_star_unrank(n, v, q);
                sz[tc__star_rank_after_move(n, q, v, pp[v] + 2)] += sz[v];
            }
        }
    }
    free(queue);
    return TC_OK;
}
