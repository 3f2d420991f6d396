/* Spanning trees of the incomplete hypercube I_k^n (paper 003, Sections II-III): the binomial
 * spanning tree and the k+1 directed edge-disjoint spanning trees, as parent rules on node
 * addresses. The construction of Section III leaves choices open; treecast takes the one of
 * corrections 003.2, made complete for every root (docs/constructions.md):
 *
 *   block 0 = {S_0, S_1} (bits k+1..n-1 and n zero), Y_i = {S_2i, S_2i+1} for i >= 1, S_b the
 *   back cube. Inside a (k+1)-cube tree t is the Johnsson-Ho tree t (first dimension t).
 *   Root in S_b: {S_0, S_b} is the (k+1)-cube, with dimension n in slot k; a node of S_1 copies
 *   the parent of its S_0 counterpart (x XOR 2^k), the dimension-n edge becoming the
 *   dimension-k edge to that counterpart. Root in S_0 (S_1): a node of S_b copies the parent of
 *   its counterpart in S_1 (S_0), x XOR 2^n XOR 2^k (x XOR 2^n); a dimension-k edge becomes the
 *   dimension-n edge to the front node below it. The blocks other than the root's hold the
 *   pivoted trees (tree t rooted at the pivot r_i XOR 2^t, r_i the root's corresponding node),
 *   and pivot t of block i hangs from pivot t of the block reached by flipping the highest
 *   block bit in which i differs from the root's block (the binomial tree over the pivots).
 */
#include "core/internal.h"
#include "treecast/net.h"
#include "treecast/trees.h"
#include "trees/trees_internal.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

int tc_icube_binomial_parent(int n, int k, uint64_t root, uint64_t x)
{
    (void)k;
    uint64_t diff = x ^ root;
    if (diff == 0) {
        return TC_PARENT_ROOT;
    }
    uint64_t back = (uint64_t)1 << n;
    if ((x & back) && !(root & back)) {
        return n; /* leave the back cube first */
    }
    uint64_t front = diff & (back - 1);
    return front != 0 ? 63 - __builtin_clzll(front) : n; /* enter the back cube last */
}

/* Tree t of block 0 rooted at r0 (in S_0, S_1 or S_b), for x in S_0, S_1 or S_b. */
static int block0(int n, int k, uint64_t r0, uint64_t x, int t)
{
    uint64_t N = (uint64_t)1 << n, K = (uint64_t)1 << k, lowk = K - 1;
    uint64_t low = ((uint64_t)1 << (k + 1)) - 1;
    if (r0 >= N) { /* root in S_b: {S_0, S_b} is the (k+1)-cube, dimension n in slot k */
        if (x < K || x >= N) {
            uint64_t c = x ^ r0;
            uint64_t rel = (c & lowk) | (((c >> n) & 1u) << k);
            int d = tc_cube_nedst_parent(k + 1, rel, t);
            return d == TC_PARENT_ROOT ? d : (d < k ? d : n);
        }
        int d0 = block0(n, k, r0, x ^ K, t); /* x in S_1: its S_0 counterpart */
        return d0 == n ? k : d0;
    }
    if (x < 2 * K) {
        return tc_cube_nedst_parent(k + 1, (x ^ r0) & low, t);
    }
    /* x in S_b: the counterpart in the half of block 0 without the root */
    uint64_t cp = (r0 & K) ? x ^ N : x ^ N ^ K;
    int d = tc_cube_nedst_parent(k + 1, (cp ^ r0) & low, t);
    return d == k ? n : d;
}

int tc_icube_edst_parent(int n, int k, uint64_t root, uint64_t x, int t)
{
    uint64_t N = (uint64_t)1 << n;
    uint64_t low = ((uint64_t)1 << (k + 1)) - 1;
    uint64_t bmask = ((uint64_t)1 << (n - k - 1)) - 1;
    bool rback = root >= N;
    uint64_t alpha = rback ? 0 : (root >> (k + 1)) & bmask;
    uint64_t rlow = (rback ? root ^ N : root) & low;
    bool x0 = x >= N || ((x >> (k + 1)) & bmask) == 0;
    uint64_t i = x0 ? 0 : (x >> (k + 1)) & bmask;
    if (i == alpha) {
        if (i == 0) {
            return block0(n, k, root, x, t);
        }
        return tc_cube_nedst_parent(k + 1, (x ^ root) & low, t); /* the root's block: rooted */
    }
    uint64_t ri = (i << (k + 1)) | rlow, pivot = ri ^ ((uint64_t)1 << t);
    if (x == pivot) { /* the binomial tree over the pivots, toward the root's block */
        return 63 - __builtin_clzll(i ^ alpha) + k + 1;
    }
    if (x == ri) {
        return t; /* pivoted: the corresponding root hangs from the pivot */
    }
    if (i == 0) {
        return block0(n, k, ri, x, t);
    }
    return tc_cube_nedst_parent(k + 1, (x ^ ri) & low, t);
}

int tc__icube_rule_binomial(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    (void)t;
    return tc_icube_binomial_parent(tc_net_n(net), tc_net_k(net), root, x);
}

int tc__icube_rule_edst(const tc_net_t *net, uint64_t root, uint64_t x, int t)
{
    return tc_icube_edst_parent(tc_net_n(net), tc_net_k(net), root, x, t);
}
