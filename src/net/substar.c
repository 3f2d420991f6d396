/* Substars of S_n, the routing rules R1-R4 and the step of Personalized_Broadcast (paper 001,
 * Sections II and III). */
#include "treecast/substar.h"

#include "core/internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int64_t tc_substar_count(int n, int k)
{
    assert(n >= 2 && n <= TC_STAR_MAX_N && k >= 1 && k < n);
    return tc_star_factorial(n) / tc_star_factorial(k);
}

/* One symbol of a label at *s: '*' (0) or 1..n; advances *s. -1 when malformed. */
static int label_symbol(const char **s, bool commas)
{
    if (**s == '*') {
        (*s)++;
        return 0;
    }
    if (**s < '1' || **s > '9') {
        return -1;
    }
    int v = 0;
    do {
        v = v * 10 + (**s - '0');
        (*s)++;
    } while (commas && **s >= '0' && **s <= '9' && v < 100);
    return v;
}

tc_err_t tc_substar_parse(int n, const char *text, tc_substar_t *out)
{
    assert(out != NULL && n >= 2 && n <= TC_STAR_MAX_N);
    if (text == NULL || *text == '\0') {
        return tc__fail(TC_EPARSE, "An empty string is not a substar of S_%d.", n);
    }
    bool commas = strchr(text, ',') != NULL;
    if (!commas && n > 9) {
        return tc__fail(TC_EPARSE,
                        "Substar \"%.40s\" has no commas; substars of S_%d are written *,*,3,...",
                        text, n);
    }
    uint8_t sym[TC_STAR_MAX_N];
    int count = 0;
    const char *s = text;
    for (;;) {
        int v = label_symbol(&s, commas);
        if (v < 0) {
            return tc__fail(TC_EPARSE,
                            "Substar \"%.40s\" is malformed at \"%.8s\"; expected '*' or a symbol "
                            "1..%d per position.",
                            text, s, n);
        }
        if (v > n) {
            return tc__fail(TC_EPARSE, "Substar \"%.40s\" holds symbol %d; S_%d has 1..%d.", text,
                            v, n, n);
        }
        if (count >= n) {
            return tc__fail(TC_EPARSE, "Substar \"%.40s\" has more than %d positions.", text, n);
        }
        sym[count++] = (uint8_t)v;
        if (*s == '\0') {
            break;
        }
        if (commas && *s++ != ',') {
            return tc__fail(TC_EPARSE,
                            "Substar \"%.40s\" is malformed at \"%.8s\"; expected positions "
                            "separated by single commas.",
                            text, s - 1);
        }
    }
    if (count != n) {
        return tc__fail(TC_EPARSE, "Substar \"%.40s\" has %d positions; S_%d needs %d.", text,
                        count, n, n);
    }
    int k = 0;
    while (k < n && sym[k] == 0) {
        k++;
    }
    if (k == 0) {
        return tc__fail(TC_EPARSE, "Substar \"%.40s\" has no star; position 1 is always '*'.",
                        text);
    }
    if (k == n) {
        return tc__fail(TC_EPARSE,
                        "Substar \"%.40s\" fixes no symbol; a k-substar has 1 <= k <= %d stars.",
                        text, n - 1);
    }
    bool seen[TC_STAR_MAX_N + 1] = {false};
    for (int m = k; m < n; m++) {
        if (sym[m] == 0) {
            return tc__fail(TC_EPARSE,
                            "Substar \"%.40s\" has a star at position %d after a symbol; the "
                            "stars come first (*^k y_{k+1}..y_n).",
                            text, m + 1);
        }
        if (seen[sym[m]]) {
            return tc__fail(TC_EPARSE, "Substar \"%.40s\" repeats symbol %d.", text, sym[m]);
        }
        seen[sym[m]] = true;
    }
    memset(out, 0, sizeof *out);
    out->n = n;
    out->k = k;
    memcpy(out->y, sym, (size_t)n);
    return TC_OK;
}

size_t tc_substar_format(const tc_substar_t *s, bool commas, char *buf, size_t cap)
{
    assert(s != NULL);
    commas = commas || s->n > 9;
    size_t len = 0;
    for (int m = 0; m < s->n; m++) {
        char one[8];
        int w = s->y[m] == 0
                    ? snprintf(one, sizeof one, "%s*", m > 0 && commas ? "," : "")
                    : snprintf(one, sizeof one, "%s%d", m > 0 && commas ? "," : "", s->y[m]);
        for (int c = 0; c < w; c++, len++) {
            if (len + 1 < cap) {
                buf[len] = one[c];
            }
        }
    }
    if (cap > 0) {
        buf[len < cap ? len : cap - 1] = '\0';
    }
    return len;
}

bool tc_substar_contains(const tc_substar_t *s, const uint8_t *p)
{
    for (int m = s->k; m < s->n; m++) {
        if (p[m] != s->y[m]) {
            return false;
        }
    }
    return true;
}

void tc_substar_of(int n, int k, const uint8_t *p, tc_substar_t *out)
{
    assert(k >= 1 && k < n);
    memset(out, 0, sizeof *out);
    out->n = n;
    out->k = k;
    memcpy(out->y + k, p + k, (size_t)(n - k));
}

/* The index-th (n-k)-tuple of distinct symbols in lexicographic order: a number in the mixed
 * radix n, n-1, ..., k+1, each digit the rank of the symbol among those still unused. */
void tc_substar_at(int n, int k, int64_t index, tc_substar_t *out)
{
    assert(k >= 1 && k < n && index >= 0 && index < tc_substar_count(n, k));
    memset(out, 0, sizeof *out);
    out->n = n;
    out->k = k;
    bool used[TC_STAR_MAX_N + 1] = {false};
    int64_t block = tc_substar_count(n, k); /* tuples in the current block */
    for (int m = k; m < n; m++) {
        int avail = n - (m - k); /* symbols left to choose from */
        block /= avail;
        int64_t digit = index / block;
        index %= block;
        int sym = 0;
        for (int c = 1; c <= n; c++) {
            if (!used[c] && digit-- == 0) {
                sym = c;
                break;
            }
        }
        used[sym] = true;
        out->y[m] = (uint8_t)sym;
    }
}

int64_t tc_substar_index(const tc_substar_t *s)
{
    int n = s->n, k = s->k;
    bool used[TC_STAR_MAX_N + 1] = {false};
    int64_t index = 0;
    for (int m = k; m < n; m++) {
        int avail = n - (m - k);
        int digit = 0;
        for (int c = 1; c < s->y[m]; c++) {
            digit += !used[c];
        }
        used[s->y[m]] = true;
        index = index * avail + digit;
    }
    return index;
}

/* ---- routes ------------------------------------------------------------------------------ */

void tc_route_nodes(int n, const uint8_t *x, const uint8_t *y, tc_route_t *out)
{
    uint8_t p[TC_STAR_MAX_N];
    memcpy(p, x, (size_t)n);
    out->len = 0;
    for (;;) {
        int dim = 0, rule = 0;
        if (p[0] == y[0]) {
            for (int i = 1; i < n && dim == 0; i++) {
                dim = p[i] != y[i] ? i + 1 : 0;
            }
            rule = 1;
        } else {
            for (int i = 1; i < n && dim == 0; i++) {
                dim = y[i] == p[0] ? i + 1 : 0;
            }
            rule = 2;
        }
        if (dim == 0) {
            return; /* p = y */
        }
        assert(out->len < TC_ROUTE_MAX);
        out->dim[out->len] = (uint8_t)dim;
        out->rule[out->len++] = (uint8_t)rule;
        tc_star_move(p, dim);
    }
}

void tc_route_substar(const uint8_t *x, const tc_substar_t *s, tc_route_t *out, uint8_t *end)
{
    int n = s->n, k = s->k;
    uint8_t p[TC_STAR_MAX_N];
    bool fixed[TC_STAR_MAX_N + 1] = {false}; /* the symbols y_{k+1..n} */
    memcpy(p, x, (size_t)n);
    for (int m = k; m < n; m++) {
        fixed[s->y[m]] = true;
    }
    out->len = 0;
    while (!tc_substar_contains(s, p)) {
        int dim = 0, rule;
        if (!fixed[p[0]]) { /* R3 */
            for (int i = 1; i < n && dim == 0; i++) {
                dim = fixed[p[i]] && p[i] != s->y[i] ? i + 1 : 0;
            }
            rule = 3;
        } else { /* R4 */
            for (int i = k; i < n && dim == 0; i++) {
                dim = s->y[i] == p[0] ? i + 1 : 0;
            }
            rule = 4;
        }
        assert(dim != 0 && out->len < TC_ROUTE_MAX);
        out->dim[out->len] = (uint8_t)dim;
        out->rule[out->len++] = (uint8_t)rule;
        tc_star_move(p, dim);
    }
    if (end != NULL) {
        memcpy(end, p, (size_t)n);
    }
}

/* Seen from p (relabel the symbols so that p is the identity), the substar asks position i > k
 * for the symbol at p's position to[i]. The arcs i -> to[i] form closed cycles among the fixed
 * positions and u open paths, each ending at a free position (<= k). A completion closes the
 * paths into cycles, and the cycle formula (misplaced positions + cycles, minus 2 when position 1
 * is misplaced) is least when all open paths close into one cycle: with L misplaced fixed
 * positions and c0 closed cycles, d = L + c0 when u = 0; when u >= 1, L + c0 + u (u path ends
 * misplaced, one cycle, position 1 taken into it: +1 misplaced -2) less 1 when a path already
 * ends at position 1 (then it is misplaced for free). Checked against the least distance over
 * all members of the substar in tests/unit/test_substar.c. O(n). */
int tc_substar_distance(const tc_substar_t *s, const uint8_t *p)
{
    int n = s->n, k = s->k;
    int where[TC_STAR_MAX_N + 1], to[TC_STAR_MAX_N + 1] = {0};
    bool into[TC_STAR_MAX_N + 1] = {false}, seen[TC_STAR_MAX_N + 1] = {false};
    for (int m = 0; m < n; m++) {
        where[p[m]] = m + 1;
    }
    int L = 0;
    for (int i = k + 1; i <= n; i++) {
        to[i] = where[s->y[i - 1]];
        into[to[i]] = true;
        L += to[i] != i;
    }
    int u = 0, c0 = 0;
    for (int i = k + 1; i <= n; i++) { /* open paths start where no arc enters */
        if (!into[i] && to[i] != i) {
            u++;
            for (int v = i; v > k && !seen[v]; v = to[v]) {
                seen[v] = true;
            }
        }
    }
    for (int i = k + 1; i <= n; i++) { /* what is left: fixed points and closed cycles */
        if (!seen[i] && to[i] != i) {
            c0++;
            for (int v = i; !seen[v]; v = to[v]) {
                seen[v] = true;
            }
        }
    }
    return L + c0 + u - (into[1] ? 1 : 0);
}

/* ---- Personalized_Broadcast(k) ----------------------------------------------------------- */

void tc_tseng_step(int n, int k, int64_t i, const uint8_t *z, tc_tseng_step_t *out)
{
    uint8_t id[TC_STAR_MAX_N];
    for (int m = 0; m < n; m++) {
        id[m] = (uint8_t)(m + 1);
    }
    tc_substar_at(n, k, i, &out->X);
    tc_route_substar(id, &out->X, &out->route, out->x);
    /* y = z_{x_1} ... z_{x_n}: the route's dimensions, taken from z, lead there (property 2) */
    for (int m = 0; m < n; m++) {
        out->y[m] = z[out->x[m] - 1];
    }
    tc_substar_of(n, k, out->y, &out->Y);
}
