/* Hypercube spanning-tree rules on relative addresses (papers 002, 003, 004). */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/net.h"
#include "treecast/trees.h"
#include "trees/forest_internal.h"

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

/* All n trees of the SBG at once: one pass over J_c instead of one per tree. */
static void sbg_all(int n, uint64_t c, uint8_t *out)
{
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

int tc__cube_rule(int n, tc_kind_t kind, int t, uint64_t c)
{
    switch (kind) {
    case TC_KIND_BINOMIAL:
        return tc_cube_binomial_parent(n, c);
    case TC_KIND_SBNT_MINR:
        return tc_cube_sbnt_minr_parent(n, c);
    case TC_KIND_SBNT_MAXL:
    case TC_KIND_SBNT_MINBL:
    case TC_KIND_SBNT_MAXBR:
        return tc_cube_sbnt_parent(n, c, (tc_sbnt_t)tc_kind_sbnt_variant(kind));
    case TC_KIND_SBG:
        return tc_cube_sbg_tree_parent(n, c, t);
    case TC_KIND_NEDST:
        return tc_cube_nedst_parent(n, c, t);
    case TC_KIND_NEDST_PIVOTED:
        return tc_cube_nedst_pivoted_parent(n, c, t);
    case TC_KIND_IST:
        return tc_cube_ist_parent(n, c, t);
    case TC_KIND_IST_HDLS:
        return tc_cube_ist_hdls_parent(n, c, t);
    default:
        return TC_PARENT_NONE;
    }
}

void tc__cube_parents(int n, tc_kind_t kind, uint64_t c, int ntrees, uint8_t *out)
{
    if (kind == TC_KIND_SBG) {
        sbg_all(n, c, out);
        return;
    }
    for (int t = 0; t < ntrees; t++) {
        out[t] = (uint8_t)tc__cube_rule(n, kind, t, c);
    }
}
