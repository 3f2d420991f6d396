/* Materialized forests: one parent-dimension byte per node per tree. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/trees.h"
#include "trees/forest_internal.h"

#include <stdlib.h>
#include <string.h>

#define TC_FOREST_MAX_TREES 64

struct tc_forest {
    tc_net_t net; /* a private copy */
    int ntrees;
    int64_t root;
    tc_kind_t kind;
    int labels[TC_FOREST_MAX_TREES];
    int64_t troot[TC_FOREST_MAX_TREES];
    uint8_t *dims[TC_FOREST_MAX_TREES];
};

tc_err_t tc_forest_new(const tc_net_t *net, int ntrees, int64_t root, tc_forest_t **out)
{
    return tc__forest_alloc(net, ntrees, root, true, out);
}

tc_err_t tc__forest_alloc(const tc_net_t *net, int ntrees, int64_t root, bool clear,
                          tc_forest_t **out)
{
    *out = NULL;
    if (ntrees < 1 || ntrees > TC_FOREST_MAX_TREES) {
        return tc__fail(TC_EINVAL, "A forest has 1..%d trees, not %d.", TC_FOREST_MAX_TREES,
                        ntrees);
    }
    if (!tc_net_materializable(net)) {
        bool cube = net->family != TC_NET_STAR;
        return tc__fail(TC_ETOOBIG,
                        "%s_%d has %lld nodes; forests are materialized up to %s_%d. Use the "
                        "streamed rules instead.",
                        cube ? "Q" : "S", net->n, (long long)net->nodes, cube ? "Q" : "S",
                        cube ? TC_CUBE_MAX_MATERIAL_N : TC_STAR_MAX_MATERIAL_N);
    }
    if (root < 0 || root >= net->nodes) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)net->nodes - 1);
    }
    tc_forest_t *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    f->net = *net;
    f->ntrees = ntrees;
    f->root = root;
    f->kind = TC_KIND_CUSTOM;
    for (int t = 0; t < ntrees; t++) {
        f->labels[t] = t;
        f->troot[t] = root;
        f->dims[t] = tc__big_alloc((size_t)net->nodes, 1);
        if (f->dims[t] == NULL) {
            tc_forest_free(f);
            return tc__fail(TC_ETOOBIG, "Could not allocate %d x %lld bytes for a forest of %s:%d.",
                            ntrees, (long long)net->nodes, tc_net_family_name(net), net->n);
        }
        if (clear) {
            memset(f->dims[t], TC_PARENT_NONE, (size_t)net->nodes);
        }
    }
    *out = f;
    return TC_OK;
}

void tc_forest_free(tc_forest_t *forest)
{
    if (forest == NULL) {
        return;
    }
    for (int t = 0; t < forest->ntrees; t++) {
        free(forest->dims[t]);
    }
    free(forest);
}

const tc_net_t *tc_forest_net(const tc_forest_t *forest)
{
    return &forest->net;
}

int tc_forest_trees(const tc_forest_t *forest)
{
    return forest->ntrees;
}

int64_t tc_forest_root(const tc_forest_t *forest)
{
    return forest->root;
}

int64_t tc_forest_tree_root(const tc_forest_t *forest, int t)
{
    return forest->troot[t];
}

void tc_forest_set_tree_root(tc_forest_t *forest, int t, int64_t node)
{
    forest->troot[t] = node;
}

tc_kind_t tc_forest_kind(const tc_forest_t *forest)
{
    return forest->kind;
}

void tc_forest_set_kind(tc_forest_t *forest, tc_kind_t kind)
{
    forest->kind = kind;
}

int tc_forest_label(const tc_forest_t *forest, int t)
{
    return forest->labels[t];
}

void tc_forest_set_label(tc_forest_t *forest, int t, int label)
{
    forest->labels[t] = label;
}

uint8_t *tc_forest_dims(tc_forest_t *forest, int t)
{
    return forest->dims[t];
}

const uint8_t *tc_forest_dims_const(const tc_forest_t *forest, int t)
{
    return forest->dims[t];
}

int64_t tc_forest_parent(const tc_forest_t *forest, int t, int64_t node)
{
    uint8_t d = forest->dims[t][node];
    if (d == TC_PARENT_ROOT) {
        return -1;
    }
    if (d == TC_PARENT_NONE) {
        return -2;
    }
    return tc_net_neighbor(&forest->net, node, d);
}

int tc_forest_children(const tc_forest_t *forest, int t, int64_t node, int64_t *out)
{
    const tc_net_t *net = &forest->net;
    int n = net->n;
    int count = 0;
    if (net->family != TC_NET_STAR) {
        for (int dim = 0; dim <= tc_net_dim_max(net); dim++) {
            int64_t u = node ^ ((int64_t)1 << dim);
            if (u < net->nodes && forest->dims[t][u] == dim) {
                out[count++] = u;
            }
        }
        return count;
    }
    int label = forest->labels[t];
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(n, node, p);
    /* The l-th ordering l+1, ..., n, 2, ..., l; ascending 2..n for a tree numbered 0. */
    int start = (label >= 2 && label <= n) ? label : n;
    for (int step = 1; step <= n - 1; step++) {
        int dim = start + step;
        if (dim > n) {
            dim -= n - 1;
        }
        int64_t u = tc__star_rank_after_move(n, p, node, dim);
        if (forest->dims[t][u] == dim) {
            out[count++] = u;
        }
    }
    return count;
}
