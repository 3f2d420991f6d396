/* Hypercube spanning-tree rules on relative addresses (papers 002, 003, 004). */
#include "core/internal.h"
#include "treecast/net.h"
#include "treecast/trees.h"
#include "trees/trees_internal.h"

#include <stdlib.h>
#include <string.h>

int tc_cube_binomial_parent(int n, uint64_t c)
{
    (void)n;
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    return 63 - __builtin_clzll(c);
}

int tc_cube_sbnt_minr_parent(int n, uint64_t c)
{
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    return tc_cube_k_minr(n, c, NULL);
}

int tc_cube_sbnt_parent(int n, uint64_t c, tc_sbnt_t variant)
{
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    return tc_cube_k(n, c, variant, NULL);
}

int tc_cube_nedst_parent(int n, uint64_t c, int j)
{
    (void)n;
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    if (!((c >> j) & 1u)) {
        return j;
    }
    /* the last 1-bit other than j in the order j+1, ..., n-1, 0, ..., j-1: the highest one
     * below j if there is one, otherwise the highest one above j; j itself for c = 2^j */
    uint64_t below = c & ((1ull << j) - 1);
    uint64_t above = c & ~((2ull << j) - 1);
    if (below != 0) {
        return 63 - __builtin_clzll(below);
    }
    return above != 0 ? 63 - __builtin_clzll(above) : j;
}

int tc_cube_nedst_pivoted_parent(int n, uint64_t c, int j)
{
    if (c == (1ull << j)) {
        return TC_PARENT_ROOT;
    }
    if (c == 0) {
        return j;
    }
    return tc_cube_nedst_parent(n, c, j);
}

int tc_cube_ist_parent(int n, uint64_t c, int i)
{
    (void)n;
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    if (!((c >> i) & 1u)) {
        return i;
    }
    /* succ(i): the next 1-bit after i, cyclically (i itself when it is the only one) */
    uint64_t above = c & ~((2ull << i) - 1);
    uint64_t below = c & ((1ull << i) - 1);
    if (above != 0) {
        return __builtin_ctzll(above);
    }
    return below != 0 ? __builtin_ctzll(below) : i;
}

int tc_cube_ist_hdls_parent(int n, uint64_t c, int i)
{
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    if (!((c >> i) & 1u)) {
        return i; /* x + 2^i */
    }
    int row[TC_CUBE_MAX_N], t = 0, p = 0;
    for (int b = 0; b < n; b++) { /* the first row of HDLS_n(x) */
        if ((c >> b) & 1u) {
            if (b == i) {
                p = t;
            }
            row[t++] = b;
        }
    }
    return row[(p + 1) % t]; /* x - 2^succ(i) */
}

/* The first 1-bit of c below bit j, cyclically (c != 0). */
static int first_one_below(int n, uint64_t c, int j)
{
    for (int step = 1; step <= n; step++) {
        int b = ((j - step) % n + n) % n;
        if ((c >> b) & 1u) {
            return b;
        }
    }
    return -1;
}

int tc_cube_sbg_parents(int n, uint64_t c, int *dims, int *subtrees)
{
    if (c == 0) {
        return 0;
    }
    uint64_t min = tc_cube_rotate_right(n, c, tc_cube_index_minr(n, c));
    int m = 0;
    for (int j = 0; j < n; j++) {
        if (tc_cube_rotate_right(n, c, j) == min) {
            dims[m] = first_one_below(n, c, j);
            subtrees[m] = j;
            m++;
        }
    }
    return m;
}

int tc_cube_sbg_tree_parent(int n, uint64_t c, int j)
{
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    int dims[TC_CUBE_MAX_N], sub[TC_CUBE_MAX_N];
    int m = tc_cube_sbg_parents(n, c, dims, sub);
    int best = 0, gap = n;
    for (int q = 0; q < m; q++) {
        int g = ((sub[q] - j) % n + n) % n; /* how far past j, cyclically */
        if (g < gap) {
            gap = g;
            best = q;
        }
    }
    return dims[best];
}

/* ---- the rows' rules: on the relative address c = x XOR root ---------------------------- */

int tc__cube_rule_binomial(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_cube_binomial_parent(tc_net_n(net), x ^ root);
}

int tc__cube_rule_sbnt_minr(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_cube_sbnt_minr_parent(tc_net_n(net), x ^ root);
}

int tc__cube_rule_sbnt_maxl(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_cube_sbnt_parent(tc_net_n(net), x ^ root, TC_SBNT_MAXL);
}

int tc__cube_rule_sbnt_minbl(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_cube_sbnt_parent(tc_net_n(net), x ^ root, TC_SBNT_MINBL);
}

int tc__cube_rule_sbnt_maxbr(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_cube_sbnt_parent(tc_net_n(net), x ^ root, TC_SBNT_MAXBR);
}

int tc__cube_rule_sbg(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_cube_sbg_tree_parent(tc_net_n(net), x ^ root, t);
}

/* All n trees of the SBG at once: one pass over J_c instead of one per tree. */
void tc__cube_rules_sbg(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees, uint8_t *out)
{
    int n = tc_net_n(net);
    uint64_t c = x ^ root;
    (void)ntrees;
    if (c == 0) {
        memset(out, TC_PARENT_ROOT, (size_t)n);
        return;
    }
    int dims[TC_CUBE_MAX_N], sub[TC_CUBE_MAX_N];
    int m = tc_cube_sbg_parents(n, c, dims, sub);
    /* subtrees are ascending: tree j takes the first subtree >= j, else the first one */
    int q = 0;
    for (int j = 0; j < n; j++) {
        while (q < m && sub[q] < j) {
            q++;
        }
        out[j] = (uint8_t)dims[q < m ? q : 0];
    }
}

int tc__cube_rule_nedst(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_cube_nedst_parent(tc_net_n(net), x ^ root, t);
}

int tc__cube_rule_nedst_pivoted(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_cube_nedst_pivoted_parent(tc_net_n(net), x ^ root, t);
}

/* Tree j of the pivoted nEDST is rooted at the pivot root XOR 2^j (paper 003 Sec. III-A). */
int64_t tc__cube_pivot_root(const tc_net_t *net, int64_t root, int t)
{
    (void)net;
    return root ^ ((int64_t)1 << t);
}

int tc__cube_rule_ist(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_cube_ist_parent(tc_net_n(net), x ^ root, t);
}

int tc__cube_rule_ist_hdls(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_cube_ist_hdls_parent(tc_net_n(net), x ^ root, t);
}

/* All trees of a node at once, n read once and the rule inlined: the fill of the n-tree kinds
 * calls these per node instead of an indirect call per node and tree. */
#define CUBE_RULES(name, parent)                                                                   \
    void name(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees, uint8_t *out)            \
    {                                                                                              \
        int n = tc_net_n(net);                                                                     \
        uint64_t c = x ^ root;                                                                     \
        for (int t = 0; t < ntrees; t++) {                                                         \
            out[t] = (uint8_t)parent(n, c, t);                                                     \
        }                                                                                          \
    }
CUBE_RULES(tc__cube_rules_nedst, tc_cube_nedst_parent)
CUBE_RULES(tc__cube_rules_nedst_pivoted, tc_cube_nedst_pivoted_parent)
CUBE_RULES(tc__cube_rules_ist, tc_cube_ist_parent)
CUBE_RULES(tc__cube_rules_ist_hdls, tc_cube_ist_hdls_parent)
#undef CUBE_RULES

/* ---- the address families' forests (Q_n and I_k^n) --------------------------------------- */

int tc__addr_parent(const tc__kind_t *kind, const tc_net_t *net, int64_t root, int t, int64_t node)
{
    return kind->addr_rule(net, (uint64_t)root, (uint64_t)node, t);
}

/* Every node's parents in every tree from the row's rule, on contiguous ranges of addresses,
 * one per thread. */
typedef struct {
    const tc__kind_t *kind;
    const tc_net_t *net;
    uint64_t root;
    int ntrees;
    uint8_t *dims[TC_CUBE_MAX_N + 1];
} address_job_t;

static void address_range(void *arg, int tid, int nthreads)
{
    address_job_t *job = arg;
    const tc__kind_t *kind = job->kind;
    int64_t lo, hi;
    tc__split_range(tc_net_nodes(job->net), tid, nthreads, &lo, &hi);
    uint8_t d[TC_CUBE_MAX_N + 1];
    for (int64_t v = lo; v < hi; v++) {
        if (kind->addr_rules != NULL) {
            kind->addr_rules(job->net, job->root, (uint64_t)v, job->ntrees, d);
        } else {
            for (int t = 0; t < job->ntrees; t++) {
                d[t] = (uint8_t)kind->addr_rule(job->net, job->root, (uint64_t)v, t);
            }
        }
        for (int t = 0; t < job->ntrees; t++) {
            job->dims[t][v] = d[t];
        }
    }
}

tc_err_t tc__addr_fill(const tc__kind_t *kind, tc_forest_t *forest, int threads)
{
    address_job_t job = {.kind = kind,
                         .net = tc_forest_net(forest),
                         .root = (uint64_t)tc_forest_root(forest),
                         .ntrees = tc_forest_trees(forest)};
    if (job.ntrees > TC_CUBE_MAX_N + 1) {
        return tc__fail(TC_EINVAL, "An address family has at most %d trees.", TC_CUBE_MAX_N + 1);
    }
    for (int t = 0; t < job.ntrees; t++) {
        job.dims[t] = tc_forest_dims(forest, t);
    }
    return tc__parallel(threads, address_range, &job);
}
