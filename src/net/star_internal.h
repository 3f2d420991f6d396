/* Private fast paths of the star graph (the tc__ tier). */
#ifndef TREECAST_NET_STAR_INTERNAL_H
#define TREECAST_NET_STAR_INTERNAL_H

#include <stdint.h>

/* n! for 0 <= n <= 20. */
extern const int64_t tc__fact[21];

/* The rank of p after swapping positions 1 and dim, given rank = rank(p), without touching p.
 * Only the Lehmer digits of positions 1..dim change (paper positions), so this is O(dim):
 * with a = p_1, b = p_dim, lo < hi their order and s the sign of b - a,
 *   delta = s * [ (hi - lo)(n-1)! + sum_{1<m<dim, lo<p_m<hi} (n-m)!
 *                 - #{q > dim : lo < p_q < hi} (n-dim)! ]. */
static inline int64_t tc__star_rank_after_move(int n, const uint8_t *p, int64_t rank, int dim)
{
    int a = p[0];
    int b = p[dim - 1];
    int lo = a < b ? a : b;
    unsigned span = (unsigned)((a < b ? b : a) - lo - 1); /* symbols strictly between */
    int64_t delta = (int64_t)(span + 1) * tc__fact[n - 1];
    /* Branch-free: "lo < s < hi" is (unsigned)(s - lo - 1) < span. */
    for (int m = 1; m < dim - 1; m++) {
        int64_t in = (unsigned)(p[m] - lo - 1) < span;
        delta += tc__fact[n - 1 - m] & -in;
    }
    int64_t after = 0;
    for (int q = dim; q < n; q++) {
        after += (unsigned)(p[q] - lo - 1) < span;
    }
    delta -= after * tc__fact[n - dim];
    return b > a ? rank + delta : rank - delta;
}

/* Swap positions 1 and dim of p, in place (tc_star_move, inlined for the hot loops). */
static inline void tc__star_move(uint8_t *p, int dim)
{
    uint8_t t = p[0];
    p[0] = p[dim - 1];
    p[dim - 1] = t;
}

#endif
