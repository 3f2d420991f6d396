/* Hypercube spanning-tree rules on relative addresses (papers 002, 003, 004). */
#include "treecast/net.h"
#include "treecast/trees.h"

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
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    if (!((c >> j) & 1u)) {
        return j;
    }
    int last = j; /* c == 2^j: the root */
    for (int step = 1; step < n; step++) {
        int d = (j + step) % n;
        if ((c >> d) & 1u) {
            last = d;
        }
    }
    return last;
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
    if (c == 0) {
        return TC_PARENT_ROOT;
    }
    if (!((c >> i) & 1u)) {
        return i;
    }
    for (int step = 1; step < n; step++) {
        int d = (i + step) % n;
        if ((c >> d) & 1u) {
            return d;
        }
    }
    return i;
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
