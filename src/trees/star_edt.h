/* The EDT rule of paper 000 (Definition 8) as inline functions: star_trees.c's rules and the
 * streaming check's walks (check/stream.c) compile the same code, the walks without a call a
 * step. */
#ifndef TREECAST_TREES_STAR_EDT_H
#define TREECAST_TREES_STAR_EDT_H

#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

static inline bool tc__star_is_identity(int n, const uint8_t *i)
{
    for (int m = 0; m < n; m++) {
        if (i[m] != m + 1) {
            return false;
        }
    }
    return true;
}

/* p_i given k = position of symbol 1, k >= 2. */
static inline int tc__star_p_of(int n, const uint8_t *i, int k)
{
    if (i[0] != k) {
        return i[0];
    }
    /* Scan k+1, ..., n, 2, ..., k: the cyclic scan of corrections 000.1. */
    for (int step = 1; step <= n - 1; step++) {
        int m = k + step;
        if (m > n) {
            m -= n - 1; /* wrap n+1 -> 2 */
        }
        if (i[m - 1] != m) {
            return m;
        }
    }
    return k; /* unreachable: position k holds symbol 1, which is misplaced */
}

/* Definition 8 for one subtree, given the node's positions, k, p_i and i_{p_i}. */
static inline int tc__star_edt_rule(const uint8_t *i, const uint8_t *pos, int k, int p, int ip,
                                    int l)
{
    if (i[0] == k) { /* kind 2: equations (4)-(6) */
        if (l == k) {
            return p;
        }
        if (l == ip) {
            return k;
        }
        return pos[l];
    }
    if (ip == k) { /* kind 1: equations (1)-(3) */
        if (l == k) {
            return p;
        }
        if (l == i[0]) {
            return k;
        }
        return pos[l];
    }
    /* kind 3: equations (7)-(10) */
    if (l == k) {
        return p;
    }
    if (l == i[0]) {
        return k;
    }
    if (l == ip) {
        return pos[k];
    }
    return pos[l];
}

/* Tree t's parent dimension (t + 2 is its label) at the relative label rel, whose symbols are
 * at pos (tc__star_rule_edt). */
static inline int tc__star_rule_edt_inline(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    int l = t + 2, k = pos[1];
    if (k == 1) { /* kind 4, equation (11) */
        return tc__star_is_identity(n, rel) ? TC_PARENT_ROOT : l;
    }
    int p = tc__star_p_of(n, rel, k);
    return tc__star_edt_rule(rel, pos, k, p, rel[p - 1], l);
}

/* The same with the misplaced positions known: bit m of wrong set when position m (1-based)
 * does not hold symbol m (a walk keeps it up to date in O(1) a step), so that the identity
 * test and the cyclic scan of p_i are a mask and a bit scan. */
static inline int tc__star_rule_edt_wrong(const uint8_t *rel, const uint8_t *pos, uint32_t wrong,
                                          int t)
{
    int l = t + 2, k = pos[1];
    if (k == 1) { /* kind 4, equation (11) */
        return wrong == 0 ? TC_PARENT_ROOT : l;
    }
    int p = rel[0];
    if (p == k) { /* the first misplaced position after k, cyclically over 2..n */
        uint32_t from2 = wrong & ~3u, after = from2 & (~0u << (k + 1));
        p = __builtin_ctz(after != 0 ? after : from2);
    }
    return tc__star_edt_rule(rel, pos, k, p, rel[p - 1], l);
}

#endif
