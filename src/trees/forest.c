/* Materialized forests: one parent-dimension byte per node per tree. */
#include "core/internal.h"
#include "net/walk.h"
#include "net/walk_addr.h"
#include "net/walk_star.h"
#include "net/walk_table.h"
#include "treecast/trees.h"
#include "trees/trees_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define TC_FOREST_MAX_TREES 64

struct tc_forest {
    const tc_net_t *net; /* a reference: the network lives while the forest does */
    int ntrees;
    int64_t root;
    tc_kind_t kind;
    int labels[TC_FOREST_MAX_TREES];
    int64_t troot[TC_FOREST_MAX_TREES];
    uint8_t *dims[TC_FOREST_MAX_TREES];
    int64_t stride; /* bytes from one tree's array to the next (tc_forest_stride) */
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
    int64_t N = tc_net_nodes(net);
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    if (!tc_net_materializable(net)) {
        return tc__fail(TC_ETOOBIG,
                        "%s has %lld nodes, too many to materialize a forest (one byte per node "
                        "and tree). Use the streamed rules instead.",
                        name, (long long)N);
    }
    if (root < 0 || root >= N) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)N - 1);
    }
    tc_forest_t *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    f->net = tc__net_ref(net);
    f->ntrees = ntrees;
    f->root = root;
    f->kind = TC_KIND_CUSTOM;
    /* One block, tree after tree (trees.h: tc_forest_stride). From 64 KiB a tree starts on a
     * page, as it did when each tree was its own table: at S_11's 39,916,800 bytes (1280 past a
     * page) the check ran 5% slower with the trees packed. Huge pages only where a tree alone
     * is large (tc__big_alloc from 256 MiB: S_12's 457 MiB trees), for the same reason: S_11's
     * ten 40 MiB trees in one 399 MiB block would otherwise be advised too, and pay the
     * kernel's compaction on first touch. */
    size_t stride =
        (size_t)N >= ((size_t)64 << 10) ? ((size_t)N + 4095) & ~(size_t)4095 : (size_t)N;
    uint8_t *block = (size_t)N >= ((size_t)256 << 20) ? tc__big_alloc((size_t)ntrees, stride)
                                                      : tc__malloc_array((size_t)ntrees, stride);
    if (block == NULL) {
        tc_forest_free(f);
        return tc__fail(TC_ETOOBIG, "Could not allocate %d x %lld bytes for a forest of %s.",
                        ntrees, (long long)N, name);
    }
    if (clear) {
        memset(block, TC_PARENT_NONE, (size_t)ntrees * stride);
    }
    f->stride = (int64_t)stride;
    for (int t = 0; t < ntrees; t++) {
        f->labels[t] = t;
        f->troot[t] = root;
        f->dims[t] = block + (size_t)t * stride;
    }
    *out = f;
    return TC_OK;
}

void tc_forest_free(tc_forest_t *forest)
{
    if (forest == NULL) {
        return;
    }
    free(forest->dims[0]);                /* the one block of every tree */
    tc_net_free((tc_net_t *)forest->net); /* drops the forest's reference */
    free(forest);
}

const tc_net_t *tc_forest_net(const tc_forest_t *forest)
{
    return forest->net;
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
    assert(t >= 0 && t < forest->ntrees);
    return forest->dims[t];
}

int64_t tc_forest_stride(const tc_forest_t *forest)
{
    return forest->stride;
}

const uint8_t *tc_forest_dims_const(const tc_forest_t *forest, int t)
{
    return forest->dims[t];
}

int64_t tc_forest_parent(const tc_forest_t *forest, int t, int64_t node)
{
    assert(t >= 0 && t < forest->ntrees && node >= 0 && node < tc_net_nodes(forest->net));
    uint8_t d = forest->dims[t][node];
    if (d == TC_PARENT_ROOT) {
        return -1;
    }
    if (d == TC_PARENT_NONE) {
        return -2;
    }
    return tc_net_neighbor(forest->net, node, d);
}

int tc_forest_children(const tc_forest_t *forest, int t, int64_t node, int64_t *out)
{
    assert(t >= 0 && t < forest->ntrees && node >= 0 && node < tc_net_nodes(forest->net) &&
           out != NULL);
    const tc_net_t *net = forest->net;
    int lo = tc_net_dim_min(net), hi = tc_net_dim_max(net);
    /* the l-th ordering l+1, ..., hi, lo, ..., l; ascending for a label outside lo..hi */
    int label = forest->labels[t];
    int start =
        tc_kind_children_after_label(forest->kind, net) && label >= lo && label <= hi ? label : hi;
    int count = 0;
    for (int step = 1; step <= hi - lo + 1; step++) {
        int dim = start + step;
        if (dim > hi) {
            dim -= hi - lo + 1;
        }
        int64_t u = tc_net_neighbor(net, node, dim);
        /* u's parent dimension names the edge at u's end: on a network whose edges change
         * port (the torus) it is not dim */
        if (u >= 0 && tc_net_neighbor(net, u, forest->dims[t][u]) == node) {
            out[count++] = u;
        }
    }
    return count;
}

/* ---- parents as ids, a chunk at a time (the writers), by the network's walker -------------- */

#define WALK star
#include "trees/forest_parents.h"
#define WALK addr
#include "trees/forest_parents.h"
#define WALK table
#include "trees/forest_parents.h"

void tc_forest_parents(const tc_forest_t *forest, int t, int64_t lo, int64_t count, int64_t *out)
{
    tc__forest_parents(forest, t, lo, count, out);
}

void tc__forest_parents(const tc_forest_t *forest, int t, int64_t lo, int64_t count, int64_t *out)
{
    const tc_net_t *net = forest->net;
    switch (tc__net_walker(net)) {
    case TC__WALK_STAR: {
        walk_star_net_t w;
        walk_star_init(&w, net, NULL);
        parents_star(&w, forest->dims[t], lo, count, out);
        break;
    }
    case TC__WALK_ADDR: {
        walk_addr_net_t w;
        walk_addr_init(&w, net, NULL);
        parents_addr(&w, forest->dims[t], lo, count, out);
        break;
    }
    default: {
        const tc_topo_t *table = tc__net_table(net);
        if (table != NULL) {
            walk_table_net_t w;
            walk_table_init(&w, net, table);
            parents_table(&w, forest->dims[t], lo, count, out);
            break;
        }
        for (int64_t j = 0; j < count; j++) { /* no table: ask the network */
            out[j] = tc_forest_parent(forest, t, lo + j);
            out[j] = out[j] < -1 ? -2 : out[j];
        }
        break;
    }
    }
}
