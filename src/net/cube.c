/* The hypercube Q_n on addresses: rotations, bit reversal, period, the index of the SBnT
 * (paper 002, Section 2). */
#include "core/internal.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static uint64_t mask_of(int n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

uint64_t tc_cube_rotate_right(int n, uint64_t i, int m)
{
    m %= n;
    if (m == 0) {
        return i;
    }
    return ((i >> m) | (i << (n - m))) & mask_of(n);
}

uint64_t tc_cube_rotate_left(int n, uint64_t i, int m)
{
    m %= n;
    return tc_cube_rotate_right(n, i, m == 0 ? 0 : n - m);
}

uint64_t tc_cube_reverse(int n, uint64_t i)
{
    uint64_t r = 0;
    for (int b = 0; b < n; b++) {
        r |= ((i >> b) & 1u) << (n - 1 - b);
    }
    return r;
}

int tc_cube_period(int n, uint64_t i)
{
    for (int u = 1; u < n; u++) {
        if (n % u == 0 && tc_cube_rotate_right(n, i, u) == i) {
            return u;
        }
    }
    return n;
}

int tc_cube_index_minr(int n, uint64_t c)
{
    /* one pass over the rotations, branch-free (the streamed balance calls this per node) */
    uint64_t mask = mask_of(n), best = c, r = c;
    int at = 0;
    for (int j = 1; j < n; j++) {
        r = ((r >> 1) | (r << (n - 1))) & mask;
        int less = r < best;
        best = less ? r : best;
        at = less ? j : at;
    }
    return at;
}

int tc_cube_k_minr(int n, uint64_t c, int *alpha)
{
    return tc_cube_k(n, c, TC_SBNT_MINR, alpha);
}

/* The value a variant optimizes at rotation j, oriented so that smaller is better. */
static uint64_t score(int n, uint64_t c, tc_sbnt_t variant, int j)
{
    switch (variant) {
    case TC_SBNT_MAXL:
        return ~tc_cube_rotate_left(n, c, j);
    case TC_SBNT_MINBL:
        return tc_cube_reverse(n, tc_cube_rotate_left(n, c, j));
    case TC_SBNT_MAXBR:
        return ~tc_cube_reverse(n, tc_cube_rotate_right(n, c, j));
    default:
        return tc_cube_rotate_right(n, c, j);
    }
}

int tc_cube_index(int n, uint64_t c, tc_sbnt_t variant)
{
    if (variant == TC_SBNT_MINR) {
        return tc_cube_index_minr(n, c);
    }
    int best = 0;
    uint64_t min = score(n, c, variant, 0);
    for (int j = 1; j < n; j++) {
        uint64_t v = score(n, c, variant, j);
        if (v < min) {
            min = v;
            best = j;
        }
    }
    return best;
}

int tc_cube_k(int n, uint64_t c, tc_sbnt_t variant, int *alpha)
{
    if (c == 0) {
        if (alpha != NULL) {
            *alpha = n;
        }
        return -1;
    }
    int j = tc_cube_index(n, c, variant);
    bool up = variant == TC_SBNT_MAXL || variant == TC_SBNT_MINBL;
    int start = up ? (n - j) % n : ((j - 1) % n + n) % n;
    for (int step = 0; step < n; step++) {
        int b = up ? (start + step) % n : ((start - step) % n + n) % n;
        if ((c >> b) & 1u) {
            if (alpha != NULL) {
                *alpha = step;
            }
            return b;
        }
    }
    return -1; /* unreachable: c != 0 has a 1-bit */
}

size_t tc_cube_format(int n, uint64_t i, char *buf, size_t cap)
{
    size_t len = 0;
    for (int b = n - 1; b >= 0; b--) {
        if (len + 1 < cap) {
            buf[len] = (char)('0' + ((i >> b) & 1u));
        }
        len++;
    }
    if (cap > 0) {
        buf[len < cap ? len : cap - 1] = '\0';
    }
    return len;
}

tc_err_t tc_cube_parse(int n, const char *text, uint64_t *out)
{
    if (text == NULL || *text == '\0') {
        return tc__fail(TC_EPARSE, "An empty string is not a node of Q_%d.", n);
    }
    size_t len = strlen(text);
    bool bits = len == (size_t)n && strspn(text, "01") == len;
    if (bits) {
        uint64_t v = 0;
        for (size_t k = 0; k < len; k++) {
            v = (v << 1) | (uint64_t)(text[k] - '0');
        }
        *out = v;
        return TC_OK;
    }
    if (strspn(text, "0123456789") != len || (len > 1 && text[0] == '0') || len > 19) {
        return tc__fail(TC_EPARSE,
                        "Node \"%.40s\" of Q_%d is neither %d bits nor a decimal address.", text, n,
                        n);
    }
    uint64_t v = 0;
    for (size_t k = 0; k < len; k++) {
        v = v * 10 + (uint64_t)(text[k] - '0');
    }
    if (v > mask_of(n)) {
        return tc__fail(TC_EPARSE, "Address %.40s is outside Q_%d (0..2^%d-1).", text, n, n);
    }
    *out = v;
    return TC_OK;
}

bool tc_cube_necklace_first(int n, uint64_t c)
{
    return tc_cube_rotate_right(n, c, tc_cube_index_minr(n, c)) == c;
}
