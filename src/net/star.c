/* The star graph S_n on permutations (paper 000, Sections 1-2). */
#include "core/internal.h"
#include "net/star_internal.h"
#include "treecast/net.h"

#include <stdio.h>
#include <string.h>

const int64_t tc__fact[21] = {1,
                              1,
                              2,
                              6,
                              24,
                              120,
                              720,
                              5040,
                              40320,
                              362880,
                              3628800,
                              39916800,
                              479001600,
                              6227020800LL,
                              87178291200LL,
                              1307674368000LL,
                              20922789888000LL,
                              355687428096000LL,
                              6402373705728000LL,
                              121645100408832000LL,
                              2432902008176640000LL};

int64_t tc_star_factorial(int n)
{
    return (n < 0 || n > 20) ? -1 : tc__fact[n];
}

int64_t tc_star_rank(int n, const uint8_t *p)
{
    uint32_t seen = 0; /* bit s set when symbol s appeared at an earlier position */
    int64_t rank = 0;
    for (int m = 0; m < n; m++) {
        uint32_t below = seen & ((1u << p[m]) - 1u);
        int digit = p[m] - 1 - __builtin_popcount(below);
        rank += digit * tc__fact[n - 1 - m];
        seen |= 1u << p[m];
    }
    return rank;
}

void tc_star_unrank(int n, int64_t rank, uint8_t *p)
{
    uint8_t avail[TC_STAR_MAX_N];
    for (int s = 0; s < n; s++) {
        avail[s] = (uint8_t)(s + 1);
    }
    int left = n;
    for (int m = 0; m < n; m++) {
        int64_t f = tc__fact[n - 1 - m];
        int digit = (int)(rank / f);
        rank %= f;
        p[m] = avail[digit];
        memmove(&avail[digit], &avail[digit + 1], (size_t)(left - digit - 1));
        left--;
    }
}

bool tc_star_is_perm(int n, const uint8_t *p)
{
    uint32_t seen = 0;
    for (int m = 0; m < n; m++) {
        if (p[m] < 1 || p[m] > n || (seen & (1u << p[m]))) {
            return false;
        }
        seen |= 1u << p[m];
    }
    return true;
}

bool tc_star_next(int n, uint8_t *p)
{
    int i = n - 2;
    while (i >= 0 && p[i] > p[i + 1]) {
        i--;
    }
    if (i < 0) {
        return false;
    }
    int j = n - 1;
    while (p[j] < p[i]) {
        j--;
    }
    uint8_t t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
    return true;
}

void tc_star_move(uint8_t *p, int dim)
{
    uint8_t t = p[0];
    p[0] = p[dim - 1];
    p[dim - 1] = t;
}

int tc_star_dim(int n, const uint8_t *a, const uint8_t *b)
{
    int diff = -1;
    for (int m = 1; m < n; m++) {
        if (a[m] != b[m]) {
            if (diff >= 0) {
                return -1;
            }
            diff = m;
        }
    }
    if (diff < 0 || a[0] != b[diff] || b[0] != a[diff]) {
        return -1;
    }
    return diff + 1;
}

void tc_star_compose(int n, const uint8_t *h, const uint8_t *i, uint8_t *out)
{
    for (int k = 0; k < n; k++) {
        out[k] = h[i[k] - 1];
    }
}

void tc_star_inverse(int n, const uint8_t *h, uint8_t *out)
{
    for (int k = 0; k < n; k++) {
        out[h[k] - 1] = (uint8_t)(k + 1);
    }
}

int tc_star_r(int n, int k)
{
    return k == 1 ? 1 : (k - 1) % (n - 1) + 2;
}

void tc_star_rotate(int n, const uint8_t *i, int times, uint8_t *out)
{
    uint8_t cur[TC_STAR_MAX_N];
    memcpy(cur, i, (size_t)n);
    times %= (n - 1); /* R^(n-1) is the identity map (Lemma 3) */
    for (int t = 0; t < times; t++) {
        uint8_t nxt[TC_STAR_MAX_N];
        nxt[0] = (uint8_t)tc_star_r(n, cur[0]);
        for (int k = 2; k <= n; k++) {
            nxt[tc_star_r(n, k) - 1] = (uint8_t)tc_star_r(n, cur[k - 1]);
        }
        memcpy(cur, nxt, (size_t)n);
    }
    memcpy(out, cur, (size_t)n);
}

void tc_star_rotate_at(int n, const uint8_t *h, const uint8_t *i, int times, uint8_t *out)
{
    uint8_t hinv[TC_STAR_MAX_N] = {0}, local[TC_STAR_MAX_N] = {0}, rot[TC_STAR_MAX_N] = {0};
    tc_star_inverse(n, h, hinv);
    tc_star_compose(n, hinv, i, local);
    tc_star_rotate(n, local, times, rot);
    tc_star_compose(n, h, rot, out);
}

void tc_star_cycle_counts(int n, const uint8_t *p, int *cycles, int *symbols)
{
    uint32_t done = 0;
    int c = 0, s = 0;
    for (int x = 1; x <= n; x++) {
        if ((done & (1u << x)) || p[x - 1] == x) {
            continue;
        }
        c++;
        for (int y = x; !(done & (1u << y)); y = p[y - 1]) {
            done |= 1u << y;
            s++;
        }
    }
    *cycles = c;
    *symbols = s;
}

size_t tc_star_cycle_notation(int n, const uint8_t *p, char *buf, size_t cap)
{
    size_t len = 0;
    uint32_t done = 0;
    bool commas = n > 9;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        int w_ = snprintf(buf + len, len < cap ? cap - len : 0, __VA_ARGS__);                      \
        len += (size_t)(w_ > 0 ? w_ : 0);                                                          \
    } while (0)
    for (int x = 1; x <= n; x++) {
        if ((done & (1u << x)) || p[x - 1] == x) {
            continue;
        }
        PUT("(");
        for (int y = x; !(done & (1u << y)); y = p[y - 1]) {
            PUT((commas && y != x) ? ",%d" : "%d", y);
            done |= 1u << y;
        }
        PUT(")");
    }
    if (len == 0) {
        PUT("()");
    }
#undef PUT
    return len;
}

int tc_star_distance_identity(int n, const uint8_t *p)
{
    int c, s;
    tc_star_cycle_counts(n, p, &c, &s);
    return p[0] == 1 ? c + s : c + s - 2;
}

int tc_star_distance(int n, const uint8_t *a, const uint8_t *b)
{
    uint8_t ainv[TC_STAR_MAX_N], rel[TC_STAR_MAX_N];
    tc_star_inverse(n, a, ainv);
    tc_star_compose(n, ainv, b, rel);
    return tc_star_distance_identity(n, rel);
}

int tc_star_necklace_size(int n, const uint8_t *p)
{
    uint8_t cur[TC_STAR_MAX_N], nxt[TC_STAR_MAX_N];
    memcpy(cur, p, (size_t)n);
    for (int t = 1; t < n - 1; t++) {
        tc_star_rotate(n, cur, 1, nxt);
        if (memcmp(nxt, p, (size_t)n) == 0) {
            return t;
        }
        memcpy(cur, nxt, (size_t)n);
    }
    return n - 1 > 0 ? n - 1 : 1;
}

void tc_star_unfolded_necklace(int n, const uint8_t *i, uint8_t *out)
{
    memcpy(out, i, (size_t)n);
    for (int k = 1; k < n - 1; k++) {
        tc_star_rotate(n, out + (size_t)(k - 1) * (size_t)n, 1, out + (size_t)k * (size_t)n);
    }
}

size_t tc_star_format(int n, const uint8_t *p, bool commas, char *buf, size_t cap)
{
    size_t len = 0;
    bool sep = commas || n > 9;
    for (int m = 0; m < n; m++) {
        int w = snprintf(buf + len, len < cap ? cap - len : 0, (sep && m > 0) ? ",%d" : "%d", p[m]);
        len += (size_t)(w > 0 ? w : 0);
    }
    if (len >= cap && cap > 0) {
        buf[cap - 1] = '\0';
    }
    return len;
}

tc_err_t tc_star_parse(int n, const char *text, uint8_t *p)
{
    if (text == NULL || *text == '\0') {
        return tc__fail(TC_EPARSE, "An empty string is not a node label of S_%d.", n);
    }
    int count = 0;
    if (strchr(text, ',') == NULL) {
        size_t len = strlen(text);
        if (n > 9) {
            return tc__fail(TC_EPARSE,
                            "Label \"%.40s\" has no commas; S_%d labels are written "
                            "1,2,...,%d.",
                            text, n, n);
        }
        for (size_t m = 0; m < len; m++) {
            if (text[m] < '1' || text[m] > '9') {
                return tc__fail(TC_EPARSE,
                                "Label \"%.40s\" contains '%c'; a compact label is %d digits "
                                "1..%d.",
                                text, text[m], n, n);
            }
        }
        if ((int)len != n) {
            return tc__fail(TC_EPARSE, "Label \"%.40s\" has %zu symbols; S_%d needs %d.", text, len,
                            n, n);
        }
        for (int m = 0; m < n; m++) {
            p[m] = (uint8_t)(text[m] - '0');
        }
        count = n;
    } else {
        const char *s = text;
        for (;;) {
            if (*s < '0' || *s > '9' || (*s == '0')) {
                return tc__fail(TC_EPARSE,
                                "Label \"%.40s\" is malformed at \"%.8s\"; expected symbols "
                                "1..%d separated by single commas.",
                                text, s, n);
            }
            int v = 0;
            while (*s >= '0' && *s <= '9') {
                v = v * 10 + (*s - '0');
                if (v > 99) {
                    break;
                }
                s++;
            }
            if (v > n) {
                return tc__fail(TC_EPARSE, "Label \"%.40s\" holds symbol %s%d; S_%d has 1..%d.",
                                text, v > 99 ? ">" : "", v > 99 ? 99 : v, n, n);
            }
            if (count >= n) {
                return tc__fail(TC_EPARSE, "Label \"%.40s\" has more than %d symbols.", text, n);
            }
            p[count++] = (uint8_t)v;
            if (*s == '\0') {
                break;
            }
            if (*s != ',') {
                return tc__fail(TC_EPARSE,
                                "Label \"%.40s\" contains '%c'; expected symbols separated by "
                                "single commas.",
                                text, *s);
            }
            s++;
        }
        if (count != n) {
            return tc__fail(TC_EPARSE, "Label \"%.40s\" has %d symbols; S_%d needs %d.", text,
                            count, n, n);
        }
    }
    uint32_t seen = 0;
    for (int m = 0; m < n; m++) {
        if (p[m] < 1 || p[m] > n) {
            return tc__fail(TC_EPARSE, "Label \"%.40s\" holds symbol %d; S_%d has 1..%d.", text,
                            p[m], n, n);
        }
        if (seen & (1u << p[m])) {
            return tc__fail(TC_EPARSE, "Label \"%.40s\" repeats symbol %d: not a permutation.",
                            text, p[m]);
        }
        seen |= 1u << p[m];
    }
    return TC_OK;
}
