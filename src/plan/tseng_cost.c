/* The cost model of paper 001 (Tseng, Chang & Sheu), Sections III.2 and IV.2, and its Tables 2
 * and 3. See include/treecast/tseng.h and docs/corrections.md (001.1-001.5).
 *
 * Averages are exact: fractions of 64-bit integers, with 128-bit intermediates. */
#include "core/internal.h"
#include "treecast/net.h"
#include "treecast/tseng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef __int128 wide_t;

#define BFS_MAX_N 10
#define RULE_MAX_N 12

/* ---- fractions ----------------------------------------------------------------------------- */

static wide_t wabs(wide_t a)
{
    return a < 0 ? -a : a;
}

static wide_t wgcd(wide_t a, wide_t b)
{
    a = wabs(a);
    b = wabs(b);
    while (b != 0) {
        wide_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* num/den in lowest terms (den != 0); false when it does not fit in 64 bits. */
static bool frac_make(wide_t num, wide_t den, tc_frac_t *out)
{
    if (den < 0) {
        num = -num;
        den = -den;
    }
    wide_t g = wgcd(num, den);
    if (g > 1) {
        num /= g;
        den /= g;
    }
    if (num > INT64_MAX || num < -INT64_MAX || den > INT64_MAX) {
        return false;
    }
    *out = (tc_frac_t){(int64_t)num, (int64_t)den};
    return true;
}

/* a + b, a - b, a * b, a / b: false when the result (in lowest terms) overflows. */
static bool frac_add(tc_frac_t a, tc_frac_t b, tc_frac_t *out)
{
    wide_t g = wgcd(a.den, b.den), da = a.den / g, db = b.den / g;
    return frac_make((wide_t)a.num * db + (wide_t)b.num * da, (wide_t)a.den * db, out);
}

static bool frac_sub(tc_frac_t a, tc_frac_t b, tc_frac_t *out)
{
    return frac_add(a, (tc_frac_t){-b.num, b.den}, out);
}

static bool frac_mul(tc_frac_t a, tc_frac_t b, tc_frac_t *out)
{
    wide_t g1 = wgcd(a.num, b.den), g2 = wgcd(b.num, a.den);
    g1 = g1 == 0 ? 1 : g1;
    g2 = g2 == 0 ? 1 : g2;
    return frac_make(((wide_t)a.num / g1) * ((wide_t)b.num / g2),
                     ((wide_t)a.den / g2) * ((wide_t)b.den / g1), out);
}

static bool frac_div(tc_frac_t a, tc_frac_t b, tc_frac_t *out)
{
    if (b.num == 0) {
        return false;
    }
    return frac_mul(a, (tc_frac_t){b.den, b.num}, out);
}

double tc_frac_value(tc_frac_t f)
{
    return (double)f.num / (double)f.den;
}

/* ---- arguments ----------------------------------------------------------------------------- */

static tc_err_t check_nk(int n, int k, int max_n)
{
    if (n < 2 || n > max_n) {
        return tc__fail(TC_ERANGE,
                        "The star graph S_n is supported here for 2 <= n <= %d, not n = %d.", max_n,
                        n);
    }
    if (k < 1 || k > n) {
        return tc__fail(TC_ERANGE, "A k-substar of S_%d needs 1 <= k <= %d, not k = %d.", n, n, k);
    }
    return TC_OK;
}

static bool time_ok(double t)
{
    return isfinite(t) && t >= 0;
}

/* ---- the distance to one substar ----------------------------------------------------------- */

/* The closed rule on y[k+1..n] (1-based, the fixed symbols) with their set fixedset. */
static int rule(int n, int k, const uint8_t *y, uint32_t fixedset)
{
    uint32_t seen = 0;
    int total = 0, A = 0;
    bool path = false;
    /* paths: from each free symbol a (no fixed position maps to it) through fixed positions */
    for (int a = 1; a <= n; a++) {
        if (fixedset & (1u << a)) {
            continue;
        }
        int x = a, len = 1;
        seen |= 1u << a;
        while (x > k) {
            x = y[x];
            seen |= 1u << x;
            len++;
        }
        if (len >= 2) {
            A += len;
            path = true;
        }
    }
    /* what is left of the fixed positions are whole cycles */
    for (int i = k + 1; i <= n; i++) {
        if (seen & (1u << i)) {
            continue;
        }
        int len = 0;
        for (int x = i; !(seen & (1u << x)); x = y[x]) {
            seen |= 1u << x;
            len++;
        }
        total += len >= 2 ? len + 1 : 0;
    }
    if (path) {
        total += (fixedset & 2u) ? A - 1 : A;
    }
    return total;
}

tc_err_t tc_tseng_substar_distance(int n, int k, const uint8_t *fixed, int *out)
{
    tc_err_t err = check_nk(n, k, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL || (fixed == NULL && k < n)) {
        return tc__fail(TC_EINVAL,
                        "tc_tseng_substar_distance needs the fixed symbols and an output.");
    }
    uint8_t y[TC_STAR_MAX_N + 1] = {0};
    uint32_t set = 0;
    for (int i = k + 1; i <= n; i++) {
        int s = fixed[i - k - 1];
        if (s < 1 || s > n || (set & (1u << s))) {
            return tc__fail(TC_EINVAL,
                            "The fixed symbols of a %d-substar of S_%d must be %d distinct symbols "
                            "of 1..%d; symbol %d at position %d is not.",
                            k, n, n - k, n, s, i);
        }
        set |= 1u << s;
        y[i] = (uint8_t)s;
    }
    *out = rule(n, k, y, set);
    return TC_OK;
}

/* ---- l_{n,k} by counting ------------------------------------------------------------------- */

/* (r+k-1)!/(k-1)!: the ways to arrange r labelled elements into k labelled ordered lists
 * (1 or 0 for k = 0). */
static wide_t lists(int r, int k)
{
    if (k == 0) {
        return r == 0;
    }
    wide_t w = 1;
    for (int i = k; i <= r + k - 1; i++) {
        w *= i;
    }
    return w;
}

tc_err_t tc_tseng_lnk(int n, int k, tc_frac_t *out)
{
    tc_err_t err = check_nk(n, k, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_lnk needs an output.");
    }
    /* A substar is an injection of the m = n - k fixed positions into 1..n. Its functional graph
     * puts j fixed positions into whole cycles and hangs the other r = m - j, as ordered lists,
     * in front of the k free positions. Summed over the j! permutations of the cycle part, the
     * cycles cost j!(j - 2) + j! H_j (the expected nontrivial cycles are H_j - 1 and their
     * elements j - 1); summed over the arrangements of the lists, the rule's path part is
     * r W(r,k) + (k-1)(W(r,k) - W(r,k-1)) (each nonempty list adds its length plus one, a
     * nonempty list at position 1 one less; W(r,k-1) arrangements leave a given list empty). */
    int m = n - k;
    wide_t sum = 0, jfact = 1, jharm = 0, choose = 1; /* j!, j! H_j, C(m, j) */
    for (int j = 0; j <= m; j++) {
        if (j > 0) {
            jharm = jharm * j + jfact; /* j! H_j = j (j-1)! H_{j-1} + (j-1)! */
            jfact *= j;
            choose = choose * (m - j + 1) / j;
        }
        int r = m - j;
        wide_t w = lists(r, k), wless = lists(r, k - 1);
        wide_t cycles = j == 0 ? 0 : jfact * (j - 2) + jharm;
        wide_t paths = (wide_t)r * w + (wide_t)(k - 1) * (w - wless);
        sum += choose * (cycles * w + jfact * paths);
        if (sum > INT64_MAX) {
            return tc__fail(TC_ERANGE,
                            "The sum of the distances to the %d-substars of S_%d exceeds 2^63.", k,
                            n);
        }
    }
    wide_t count = tc_star_factorial(n) / tc_star_factorial(k);
    if (!frac_make(sum, count, out)) {
        return tc__fail(TC_ERANGE, "l_{%d,%d} does not fit in 64-bit fractions.", n, k);
    }
    return TC_OK;
}

/* ---- l_{n,k} by the rule over every substar ----------------------------------------------- */

typedef struct {
    int n, k;
    uint8_t y[TC_STAR_MAX_N + 1];
    int64_t sum;
} walk_t;

static void walk(walk_t *w, int i, uint32_t used)
{
    if (i > w->n) {
        w->sum += rule(w->n, w->k, w->y, used);
        return;
    }
    for (int s = 1; s <= w->n; s++) {
        if (!(used & (1u << s))) {
            w->y[i] = (uint8_t)s;
            walk(w, i + 1, used | (1u << s));
        }
    }
}

tc_err_t tc_tseng_lnk_rule(int n, int k, tc_frac_t *out)
{
    tc_err_t err = check_nk(n, k, RULE_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_lnk_rule needs an output.");
    }
    walk_t w = {.n = n, .k = k};
    walk(&w, k + 1, 0);
    frac_make(w.sum, tc_star_factorial(n) / tc_star_factorial(k), out);
    return TC_OK;
}

/* ---- l_{n,k} by breadth-first search ------------------------------------------------------- */

/* Nodes are packed 4 bits a symbol, position i (0-based) at bits 4i..4i+3. */
static int sym(uint64_t v, int i)
{
    return (int)((v >> (4 * i)) & 15u);
}

static uint64_t swap0(uint64_t v, int i)
{
    uint64_t a = (uint64_t)sym(v, 0), b = (uint64_t)sym(v, i);
    v &= ~(UINT64_C(15) | (UINT64_C(15) << (4 * i)));
    return v | b | (a << (4 * i));
}

/* The lexicographic rank of positions from..n-1 among the injections into the unused symbols:
 * the rank of the node for from = 0, the index of its k-substar for from = k. O(n). */
static int64_t rank_from(int n, uint64_t v, int from)
{
    uint32_t used = 0;
    int64_t r = 0;
    for (int i = from; i < n; i++) {
        int s = sym(v, i);
        int below = __builtin_popcount(~used & ((1u << s) - 2u));
        r = r * (n - (i - from)) + below;
        used |= 1u << s;
    }
    return r;
}

tc_err_t tc_tseng_lnk_bfs(int n, int k, tc_frac_t *out)
{
    tc_err_t err = check_nk(n, k, BFS_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_lnk_bfs needs an output.");
    }
    int64_t nodes = tc_star_factorial(n), count = nodes / tc_star_factorial(k);
    uint64_t *queue = tc__malloc_array((size_t)nodes, sizeof *queue);
    uint8_t *dist = tc__malloc_array((size_t)nodes, 1);
    uint8_t *best = tc__malloc_array((size_t)count, 1);
    if (queue == NULL || dist == NULL || best == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a breadth-first search of S_%d.", n);
        goto cleanup;
    }
    memset(dist, 0xFF, (size_t)nodes);
    memset(best, 0xFF, (size_t)count);
    uint64_t id = 0;
    for (int i = 0; i < n; i++) {
        id |= (uint64_t)(i + 1) << (4 * i);
    }
    int64_t head = 0, tail = 0, sum = 0;
    queue[tail++] = id;
    dist[0] = 0;
    while (head < tail) {
        uint64_t v = queue[head++];
        int d = dist[rank_from(n, v, 0)];
        int64_t s = rank_from(n, v, k);
        if (best[s] == 0xFF) { /* first reached: the nearest member */
            best[s] = (uint8_t)d;
            sum += d;
        }
        for (int i = 1; i < n; i++) {
            uint64_t u = swap0(v, i);
            int64_t ru = rank_from(n, u, 0);
            if (dist[ru] == 0xFF) {
                dist[ru] = (uint8_t)(d + 1);
                queue[tail++] = u;
            }
        }
    }
    frac_make(sum, count, out);
cleanup:
    free(queue);
    free(dist);
    free(best);
    return err;
}

/* ---- l_{k,1} --------------------------------------------------------------------------------- */

tc_err_t tc_tseng_lk1(int k, tc_frac_t *out)
{
    if (k < 1 || k > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "l_{k,1} is defined here for 1 <= k <= %d, not k = %d.",
                        TC_STAR_MAX_N, k);
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_lk1 needs an output.");
    }
    tc_frac_t v = {k - 4, 1};
    frac_add(v, (tc_frac_t){2, k}, &v);
    for (int i = 1; i <= k; i++) {
        frac_add(v, (tc_frac_t){1, i}, &v); /* lcm(1..20) < 2^28: no overflow */
    }
    *out = v;
    return TC_OK;
}

/* ---- Section III ---------------------------------------------------------------------------- */

/* l_{n,k}, l_{k,1} and l_{n,1} as doubles. */
static tc_err_t averages(int n, int k, double *lnk, double *lk1, double *ln1)
{
    tc_frac_t a, b, c;
    tc_err_t err = tc_tseng_lnk(n, k, &a);
    if (err == TC_OK) {
        err = tc_tseng_lk1(k, &b);
    }
    if (err == TC_OK) {
        err = tc_tseng_lnk(n, 1, &c);
    }
    if (err == TC_OK) {
        *lnk = tc_frac_value(a);
        *lk1 = tc_frac_value(b);
        *ln1 = tc_frac_value(c);
    }
    return err;
}

tc_err_t tc_tseng_time(int n, int k, double ts, double tm, double *out)
{
    tc_err_t err = check_nk(n, k, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL || !time_ok(ts) || !time_ok(tm)) {
        return tc__fail(TC_EINVAL, "T(n,k) needs finite non-negative times and an output.");
    }
    double lnk, lk1, ln1;
    if ((err = averages(n, k, &lnk, &lk1, &ln1)) != TC_OK) {
        return err;
    }
    double nf = (double)tc_star_factorial(n), N = nf / (double)tc_star_factorial(k);
    *out = (N * lnk + nf * lk1) * ts + (nf * lnk + nf * lk1) * tm;
    return TC_OK;
}

tc_err_t tc_tseng_threshold(int n, int k, tc_frac_t *out)
{
    tc_err_t err = check_nk(n, k, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (k < 2 || k > n - 1) {
        return tc__fail(TC_ERANGE,
                        "Eq. (2) compares T(n,1) with T(n,k) for 2 <= k <= n-1; at k = %d both "
                        "sides are 0.",
                        k);
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_threshold needs an output.");
    }
    tc_frac_t lnk, lk1, ln1, num, den, scaled;
    if ((err = tc_tseng_lnk(n, k, &lnk)) != TC_OK || (err = tc_tseng_lk1(k, &lk1)) != TC_OK ||
        (err = tc_tseng_lnk(n, 1, &ln1)) != TC_OK) {
        return err;
    }
    bool ok = frac_add(lnk, lk1, &num) && frac_sub(num, ln1, &num) &&
              frac_mul(lnk, (tc_frac_t){1, tc_star_factorial(k)}, &scaled) &&
              frac_sub(ln1, scaled, &den) && frac_sub(den, lk1, &den);
    if (!ok || den.num <= 0 || !frac_div(num, den, out)) {
        return tc__fail(TC_ERANGE,
                        ok ? "The divisor of Eq. (2) is not positive at n = %d, k = %d."
                           : "Eq. (2) at n = %d, k = %d does not fit in 64-bit fractions.",
                        n, k);
    }
    return TC_OK;
}

tc_err_t tc_tseng_eti(int n, int k, double ratio, double *out)
{
    tc_err_t err = check_nk(n, k, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (out == NULL || !time_ok(ratio)) {
        return tc__fail(TC_EINVAL, "ETI needs a finite non-negative ratio t_s/t_m and an output.");
    }
    double lnk, lk1, ln1;
    if ((err = averages(n, k, &lnk, &lk1, &ln1)) != TC_OK) {
        return err;
    }
    /* T(n,k)/n! and T(n,1)/n! with t_m = 1, t_s = ratio */
    double tk = (lnk / (double)tc_star_factorial(k) + lk1) * ratio + (lnk + lk1);
    double t1 = ln1 * (ratio + 1);
    *out = k == 1 || k == n ? 0.0 : (t1 - tk) / t1;
    return TC_OK;
}

tc_err_t tc_tseng_best_k(int n, double ratio, int *k, double *eti)
{
    tc_err_t err = check_nk(n, 1, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (k == NULL || !time_ok(ratio)) {
        return tc__fail(TC_EINVAL, "The best k needs a finite non-negative ratio and an output.");
    }
    int bk = 1;
    double be = 0;
    for (int j = 2; j <= n - 1; j++) {
        double e;
        if ((err = tc_tseng_eti(n, j, ratio, &e)) != TC_OK) {
            return err;
        }
        if (e > be) {
            be = e;
            bk = j;
        }
    }
    *k = bk;
    if (eti != NULL) {
        *eti = be;
    }
    return TC_OK;
}

/* ---- Section IV ----------------------------------------------------------------------------- */

tc_err_t tc_tseng_mesh_time(int n, double ts, double tm, double *T, double *Tprime)
{
    tc_err_t err = check_nk(n, 1, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (!time_ok(ts) || !time_ok(tm)) {
        return tc__fail(TC_EINVAL, "The times t_s and t_m must be finite and non-negative.");
    }
    double f1 = (double)tc_star_factorial(n - 1), f = (double)tc_star_factorial(n);
    if (T != NULL) {
        *T = (f1 + 6.0 * n - 7.0) * ts + (f + 5.0 * n - 6.0) * tm;
    }
    if (Tprime != NULL) {
        *Tprime = (f - 1.0) * (ts + tm);
    }
    return TC_OK;
}

tc_err_t tc_tseng_mesh_threshold(int n, tc_frac_t *out)
{
    tc_err_t err = check_nk(n, 1, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    if (n < 5) {
        return tc__fail(TC_ERANGE,
                        "For n = %d, (n-1)! - 6 = %lld: T' > T never holds (Eq. (5) needs n >= 5).",
                        n, (long long)(tc_star_factorial(n - 1) - 6));
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_mesh_threshold needs an output.");
    }
    frac_make(5, (wide_t)tc_star_factorial(n - 1) - 6, out);
    return TC_OK;
}

tc_err_t tc_tseng_mesh_eti(int n, double ratio, double *out)
{
    if (out == NULL || !time_ok(ratio)) {
        return tc__fail(TC_EINVAL, "ETI' needs a finite non-negative ratio t_s/t_m and an output.");
    }
    tc_err_t err = check_nk(n, 1, TC_STAR_MAX_N);
    if (err != TC_OK) {
        return err;
    }
    /* T' - T = (n-1) (((n-1)! - 6) t_s - 5 t_m), free of the cancellation of T' - T in doubles
     * (S_20: T' = 2.4e18 t_s + ..., the difference 1.2e17 t_s - 95 t_m) */
    double f1 = (double)tc_star_factorial(n - 1), f = (double)tc_star_factorial(n);
    *out = (n - 1) * ((f1 - 6.0) * ratio - 5.0) / ((f - 1.0) * (ratio + 1.0));
    return TC_OK;
}
