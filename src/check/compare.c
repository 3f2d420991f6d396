/* Two forests side by side: shared edges (paper 002 Lemma 15), root subtree sizes (Lemma 13)
 * and the bit-reversal isomorphism of Theorem 5. */
#include "core/internal.h"
#include "treecast/check.h"

#include <stdlib.h>
#include <string.h>

/* Subtree sizes of tree t by the dimension of the root edge on each node's path; nodes that
 * do not reach the root are not counted. A memo of the root edge (one byte per node) makes
 * the walk linear. */
static tc_err_t subtree_sizes(const tc_forest_t *f, int t, int64_t *sizes)
{
    const tc_net_t *net = tc_forest_net(f);
    int64_t N = tc_net_nodes(net), root = tc_forest_tree_root(f, t);
    int lo = tc_net_dim_min(net);
    const uint8_t *dims = tc_forest_dims_const(f, t);
    uint8_t *top = tc__big_alloc((size_t)N, 1);
    if (top == NULL) {
        return tc__fail(TC_ENOMEM, "Could not allocate %lld bytes to compare forests.",
                        (long long)N);
    }
    memset(top, 0xFF, (size_t)N); /* unknown */
    int64_t path[TC_CHECK_MAX_DEPTH + 2];
    for (int64_t v = 0; v < N; v++) {
        int len = 0;
        int64_t c = v;
        uint8_t found = 0xFE; /* lost */
        while (len <= TC_CHECK_MAX_DEPTH) {
            if (top[c] != 0xFF) {
                found = top[c];
                break;
            }
            uint8_t d = dims[c];
            if (d == TC_PARENT_ROOT || d == TC_PARENT_NONE) {
                break;
            }
            int64_t p = tc_net_neighbor(net, c, d);
            if (p < 0) {
                break;
            }
            path[len++] = c;
            if (p == root) {
                found = (uint8_t)(d - lo);
                break;
            }
            c = p;
        }
        for (int k = 0; k < len; k++) {
            top[path[k]] = found;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        if (top[v] < TC_CHECK_MAX_DIMS) {
            sizes[top[v]]++;
        }
    }
    free(top);
    return TC_OK;
}

static int cmp64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

tc_err_t tc_compare_forests(const tc_forest_t *a, const tc_forest_t *b, tc_compare_t *out)
{
    memset(out, 0, sizeof *out);
    out->example = -1;
    const tc_net_t *net = tc_forest_net(a), *nb = tc_forest_net(b);
    char spec_a[256], spec_b[256];
    tc_net_spec(net, spec_a, sizeof spec_a);
    tc_net_spec(nb, spec_b, sizeof spec_b);
    if (net != nb && strcmp(spec_a, spec_b) != 0) {
        return tc__fail(TC_EINVAL, "Forests on different networks cannot be compared.");
    }
    int64_t root = tc_forest_root(a);
    if (root != tc_forest_root(b)) {
        return tc__fail(TC_EINVAL, "Forests with different roots cannot be compared.");
    }
    int64_t N = tc_net_nodes(net);
    int T = tc_forest_trees(a) < tc_forest_trees(b) ? tc_forest_trees(a) : tc_forest_trees(b);
    out->pairs = T;
    /* Theorem 5 of paper 002: the dimension reversal about the root, B_r(v) = T_r(B(T_r^-1(v))),
     * maps the edge of dimension d to one of dimension B(d) */
    bool reverses = tc_net_reverses(net) && tc_net_translates(net);
    out->reversal_tested = reverses;
    for (int t = 0; t < T; t++) {
        const uint8_t *da = tc_forest_dims_const(a, t), *db = tc_forest_dims_const(b, t);
        int64_t ra = tc_forest_tree_root(a, t);
        for (int64_t v = 0; v < N; v++) {
            uint8_t d = da[v];
            if (d == TC_PARENT_ROOT || d == TC_PARENT_NONE) {
                continue;
            }
            if (db[v] == d) {
                out->shared[t]++;
                if (tc_net_neighbor(net, v, d) != ra) {
                    out->shared_below1[t]++;
                    if (out->example < 0 || v < out->example) {
                        out->example = v;
                    }
                }
            }
            if (reverses) {
                int64_t w = tc_net_translate(
                    net, root, tc_net_reverse(net, tc_net_translate(net, root, v, true)), false);
                out->reversal_violations += db[w] != (uint8_t)tc_net_reverse_dim(net, d);
            }
        }
        out->shared_below1_total += out->shared_below1[t];
    }
    tc_err_t err = subtree_sizes(a, 0, out->subtree_a);
    if (err == TC_OK) {
        err = subtree_sizes(b, 0, out->subtree_b);
    }
    if (err != TC_OK) {
        return err;
    }
    int dims = tc_net_degree(net);
    int64_t sa[TC_CHECK_MAX_DIMS], sb[TC_CHECK_MAX_DIMS];
    memcpy(sa, out->subtree_a, sizeof sa);
    memcpy(sb, out->subtree_b, sizeof sb);
    qsort(sa, (size_t)dims, sizeof *sa, cmp64);
    qsort(sb, (size_t)dims, sizeof *sb, cmp64);
    out->subtrees_equal_as_multiset = memcmp(sa, sb, (size_t)dims * sizeof *sa) == 0;
    out->subtrees_equal_reversed = true;
    for (int d = 0; d < dims; d++) {
        out->subtrees_equal_reversed =
            out->subtrees_equal_reversed && out->subtree_a[d] == out->subtree_b[dims - 1 - d];
    }
    return TC_OK;
}
