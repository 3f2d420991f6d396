/* The lower bounds of paper 000 (Section 4.1, Tables 1-3), as printed and corrected.
 *
 * Every formula is evaluated in 128-bit integers; when a product overflows (S_20 with a large M)
 * the value is carried on in long double instead. See include/treecast/bounds.h. */
#include "treecast/bounds.h"
#include "core/internal.h"
#include "treecast/net.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define CUBE_MAX_K 40

/* ---- exact integers, with a long double fallback ----------------------------------------- */

__extension__ typedef __int128 wide_t;

typedef struct {
    wide_t v;      /* exact value, when !big */
    long double a; /* the value, always (approximate when large) */
    bool big;      /* v overflowed; only a is meaningful */
} num_t;

static num_t num(int64_t v)
{
    return (num_t){.v = v, .a = (long double)v, .big = false};
}

static num_t add(num_t x, num_t y)
{
    num_t r = {.a = x.a + y.a, .big = x.big || y.big};
    if (!r.big && __builtin_add_overflow(x.v, y.v, &r.v)) {
        r.big = true;
    }
    return r;
}

static num_t mul(num_t x, num_t y)
{
    num_t r = {.a = x.a * y.a, .big = x.big || y.big};
    if (!r.big && __builtin_mul_overflow(x.v, y.v, &r.v)) {
        r.big = true;
    }
    return r;
}

static num_t mul3(num_t x, num_t y, num_t z)
{
    return mul(mul(x, y), z);
}

/* ceil(x / d) for x >= 0, d >= 1. */
static num_t ceil_div(num_t x, int64_t d)
{
    num_t r = {.a = ceill(x.a / (long double)d), .big = x.big};
    if (!r.big) {
        r.v = (x.v + d - 1) / d;
        r.a = (long double)r.v;
    }
    return r;
}

static double value(num_t x)
{
    return x.big ? (double)x.a : (double)x.v;
}

/* "62" for values held exactly in a double, "6.08282e+36" above 2^53. */
static void format_value(char *buf, size_t size, num_t x)
{
    double v = value(x);
    if (!x.big && fabs(v) <= 9007199254740992.0) {
        snprintf(buf, size, "%.0f", v);
    } else {
        snprintf(buf, size, "%.6g", v);
    }
}

/* Append to a fixed buffer, "; " between parts; truncates silently (buffers are sized). */
static void append(char *buf, size_t size, const char *fmt, ...) TC__PRINTF(3, 4);
static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len > 0 && len + 2 < size) {
        memcpy(buf + len, "; ", 3);
        len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

/* ---- problems ------------------------------------------------------------------------------ */

const char *tc_problem_name(tc_problem_t problem)
{
    switch (problem) {
    case TC_PROBLEM_BCAST:
        return "bcast";
    case TC_PROBLEM_FT_BCAST:
        return "ft-bcast";
    case TC_PROBLEM_MULTINODE:
        return "multinode";
    case TC_PROBLEM_SCATTER:
        return "scatter";
    case TC_PROBLEM_TOTAL_EXCHANGE:
        return "total-exchange";
    }
    return "?";
}

const char *tc_problem_title(tc_problem_t problem)
{
    switch (problem) {
    case TC_PROBLEM_BCAST:
        return "single node broadcasting";
    case TC_PROBLEM_FT_BCAST:
        return "fault tolerant single node broadcasting";
    case TC_PROBLEM_MULTINODE:
        return "fault tolerant multinode broadcasting";
    case TC_PROBLEM_SCATTER:
        return "fault tolerant single node scattering";
    case TC_PROBLEM_TOTAL_EXCHANGE:
        return "fault tolerant total exchange";
    }
    return "?";
}

static bool problem_known(tc_problem_t problem)
{
    return problem >= TC_PROBLEM_FIRST && problem <= TC_PROBLEM_LAST;
}

/* Fill the formula fields and values; the time correction, when given, is "minus 1". */
static void set_row(tc_bound_t *b, const char *source, num_t time, const char *time_formula,
                    num_t tx, const char *tx_formula)
{
    memset(b, 0, sizeof *b);
    b->time_printed = b->time = value(time);
    b->transmissions = value(tx);
    snprintf(b->time_formula, sizeof b->time_formula, "%s", time_formula);
    snprintf(b->tx_formula, sizeof b->tx_formula, "%s", tx_formula);
    snprintf(b->source, sizeof b->source, "%s", source);
}

/* The corrections 000.6 correction of a "ceil(...) + diameter" time bound. */
static void correct_minus_one(tc_bound_t *b, num_t time, bool bfs_attains)
{
    b->time = value(add(time, num(-1)));
    snprintf(b->time_formula_corrected, sizeof b->time_formula_corrected, "%s - 1",
             b->time_formula);
    snprintf(b->correction, sizeof b->correction, "%s",
             bfs_attains
                 ? "corrections 000.6: one BFS tree broadcasts in M + D - 1 steps (D at "
                   "M = 1); minus 1 under the step convention"
                 : "corrections 000.6: after the last send, D - 1 more steps reach distance D; "
                   "minus 1 under the step convention");
}

/* ---- the star graph: Tables 1 and 2 -------------------------------------------------------- */

/* t_n = n!(n-4) + 2(n-1)! + sum_{k=1..n} n!/k, the expansion of n!(n + 2/n + H_n - 4). */
static num_t star_tn(int n)
{
    int64_t f = tc_star_factorial(n);
    num_t t = add(mul(num(f), num(n - 4)), num(2 * (f / n)));
    for (int k = 1; k <= n; k++) {
        t = add(t, num(f / k));
    }
    return t;
}

tc_err_t tc_bounds_star_tn(int n, double *out)
{
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_bounds_star_tn needs an output.");
    }
    if (n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "t_n is defined here for 2 <= n <= %d, not n = %d.",
                        TC_STAR_MAX_N, n);
    }
    *out = value(star_tn(n));
    return TC_OK;
}

tc_err_t tc_bounds_star(int n, int64_t M, int x, tc_problem_t problem, tc_bound_t *out)
{
    if (out == NULL || !problem_known(problem)) {
        return tc__fail(TC_EINVAL, "tc_bounds_star needs a known problem and an output.");
    }
    if (n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "The star graph S_n is supported for 2 <= n <= %d, not n = %d.",
                        TC_STAR_MAX_N, n);
    }
    if (M < 1) {
        return tc__fail(TC_ERANGE, "The number of messages M must be at least 1, not %lld.",
                        (long long)M);
    }
    if (x < 1 || x > n - 1) {
        return tc__fail(TC_ERANGE,
                        "The number of parallel paths x must be in 1..n-1 = 1..%d for S_%d, not "
                        "%d.",
                        n - 1, n, x);
    }
    const int64_t d = n - 1;           /* degree */
    const int64_t D = 3 * (n - 1) / 2; /* diameter */
    const num_t N = num(tc_star_factorial(n)), N1 = num(tc_star_factorial(n) - 1), Mn = num(M),
                X = num(x);
    const num_t deg = num(d), t = star_tn(n);
    const bool table1 = x == n - 1;
    const char *src = table1 ? "000 Table 1" : "000 Table 2";
    char buf[64];

    switch (problem) {
    case TC_PROBLEM_BCAST: {
        num_t time = add(ceil_div(Mn, d), num(D));
        set_row(out, src, time, "ceil(M/(n-1)) + floor(3(n-1)/2)", mul(Mn, N1), "M(n!-1)");
        correct_minus_one(out, time, true);
        break;
    }
    case TC_PROBLEM_FT_BCAST: {
        num_t time = table1 ? add(Mn, num(D)) : add(ceil_div(mul(Mn, X), d), num(D));
        if (table1) {
            set_row(out, src, time, "M + floor(3(n-1)/2)", mul3(Mn, deg, N1), "M(n-1)(n!-1)");
        } else {
            set_row(out, src, time, "ceil(Mx/(n-1)) + floor(3(n-1)/2)", mul3(Mn, X, N1),
                    "Mx(n!-1)");
        }
        correct_minus_one(out, time, x == 1);
        if (x >= 2) {
            snprintf(out->note, sizeof out->note,
                     "x >= 2: the minus 1 is not shown attained; a node with fewer than x "
                     "disjoint shortest paths from the source needs a longer one (e.g. S_4, x = 3, "
                     "M = 1 needs at least 6 steps; printed 5)");
        }
        break;
    }
    case TC_PROBLEM_MULTINODE:
        if (table1) {
            set_row(out, src, mul(Mn, N1), "M(n!-1)", mul(mul3(Mn, deg, N), N1), "M(n-1)n!(n!-1)");
        } else {
            set_row(out, src, ceil_div(mul3(Mn, X, N1), d), "ceil(Mx(n!-1)/(n-1))",
                    mul(mul3(Mn, X, N), N1), "Mxn!(n!-1)");
        }
        break;
    case TC_PROBLEM_SCATTER:
        if (table1) {
            set_row(out, src, mul(Mn, N1), "M(n!-1)", add(mul3(Mn, deg, N1), mul3(Mn, deg, t)),
                    "M(n-1)(n!-1) + M(n-1)t_n");
            format_value(buf, sizeof buf, mul3(Mn, deg, add(add(N, num(-2)), t)));
            append(out->note, sizeof out->note,
                   "corrections 000.10: the copy to v through the source's neighbour u crosses "
                   "at least 1 + d(u,v) links, which forces only M(n-1)(n!-2) + M(n-1)t_n = %s, "
                   "M(n-1) below the printed value",
                   buf);
        } else {
            set_row(out, src, ceil_div(mul3(Mn, X, N1), d), "ceil(Mx(n!-1)/(n-1))",
                    add(mul3(Mn, X, N1), mul3(Mn, X, t)), "Mx(n!-1) + Mxt_n");
            format_value(buf, sizeof buf, mul3(Mn, X, t));
            append(out->note, sizeof out->note,
                   "x < n-1: the term Mx(n!-1) is not forced (x paths, each at least the "
                   "distance, give Mxt_n = %s)%s",
                   buf, x == 1 ? "; at x = 1 a BFS scatter uses exactly Mt_n" : "");
        }
        break;
    case TC_PROBLEM_TOTAL_EXCHANGE:
        if (table1) {
            set_row(out, src, add(mul(Mn, N1), mul(Mn, t)), "M(n!-1) + Mt_n",
                    add(mul(mul3(Mn, deg, N), N1), mul(mul3(Mn, deg, N), t)),
                    "M(n-1)n!(n!-1) + M(n-1)n!t_n");
            format_value(buf, sizeof buf, mul(mul3(Mn, deg, N), add(add(N, num(-2)), t)));
            char steps[64];
            format_value(steps, sizeof steps, mul(Mn, add(add(N, num(-2)), t)));
            append(out->note, sizeof out->note,
                   "corrections 000.10: every source scatters, so only M(n-1)n!(n!-2) + "
                   "M(n-1)n!t_n = %s transmissions are forced, M(n-1)n! below the printed value; "
                   "over the n!(n-1) directed links they give M(n!-2) + Mt_n = %s steps, M below "
                   "the printed time",
                   buf, steps);
        } else {
            num_t a = ceil_div(mul3(Mn, X, N1), d), c = ceil_div(mul3(Mn, X, t), d);
            set_row(out, src, add(a, c), "ceil(Mx(n!-1)/(n-1)) + ceil(Mxt_n/(n-1))",
                    add(mul(mul3(Mn, X, N), N1), mul(mul3(Mn, X, N), t)), "Mxn!(n!-1) + Mxn!t_n");
            format_value(buf, sizeof buf, mul(mul3(Mn, X, N), t));
            append(out->note, sizeof out->note,
                   "x < n-1: the terms in n!-1 are not forced (x paths, each at least the "
                   "distance, give Mxn!t_n = %s transmissions)%s",
                   buf, x == 1 ? "; at x = 1 a BFS scatter from every node uses exactly that" : "");
            /* The transmissions over the n!(n-1) directed links, rounded up once. */
            num_t once = ceil_div(mul(mul(Mn, X), add(N1, t)), d);
            if (!once.big && !a.big && !c.big && once.v != a.v + c.v) {
                format_value(buf, sizeof buf, once);
                append(out->note, sizeof out->note,
                       "the transmissions over the n!(n-1) links give ceil(Mx(n!-1+t_n)/(n-1)) "
                       "= %s",
                       buf);
            }
        }
        break;
    }
    return TC_OK;
}

/* ---- the hypercube: Table 3 ---------------------------------------------------------------- */

tc_err_t tc_bounds_cube(int k, int64_t M, int x, tc_problem_t problem, tc_bound_t *out)
{
    if (out == NULL || !problem_known(problem)) {
        return tc__fail(TC_EINVAL, "tc_bounds_cube needs a known problem and an output.");
    }
    if (k < 1 || k > CUBE_MAX_K) {
        return tc__fail(TC_ERANGE, "The hypercube C_k is supported for 1 <= k <= %d, not k = %d.",
                        CUBE_MAX_K, k);
    }
    if (M < 1) {
        return tc__fail(TC_ERANGE, "The number of messages M must be at least 1, not %lld.",
                        (long long)M);
    }
    if (x < 1 || x > k) {
        return tc__fail(TC_ERANGE,
                        "The number of parallel paths x must be in 1..k = 1..%d for C_%d, not %d.",
                        k, k, x);
    }
    const int64_t P = (int64_t)1 << k; /* 2^k nodes */
    const num_t P1 = num(P - 1), Pn = num(P), half = num(P / 2), K = num(k), Mn = num(M);
    const num_t X = num(x), MX = mul(Mn, X);
    const char *src = "000 Table 3";
    char buf[64];

    switch (problem) {
    case TC_PROBLEM_BCAST: {
        num_t time = add(ceil_div(Mn, k), K);
        set_row(out, src, time, "ceil(M/k) + k", mul(Mn, P1), "M(2^k-1)");
        correct_minus_one(out, time, true);
        break;
    }
    case TC_PROBLEM_FT_BCAST: {
        num_t time = add(ceil_div(MX, k), K);
        set_row(out, src, time, "ceil(Mx/k) + k", mul(MX, P1), "Mx(2^k-1)");
        correct_minus_one(out, time, x == 1);
        if (x >= 2) {
            snprintf(out->note, sizeof out->note,
                     "x >= 2: the minus 1 is not shown attained; a node at distance x-1 has only "
                     "x-1 disjoint shortest paths, so at M = 1 one copy crosses x+1 links (x+1 "
                     "steps)");
        }
        break;
    }
    case TC_PROBLEM_MULTINODE:
        set_row(out, src, ceil_div(mul(MX, P1), k), "ceil(Mx(2^k-1)/k)", mul3(MX, Pn, P1),
                "Mx2^k(2^k-1)");
        break;
    case TC_PROBLEM_SCATTER:
        set_row(out, src, ceil_div(mul(MX, P1), k), "ceil(Mx(2^k-1)/k)",
                add(mul(MX, P1), mul3(MX, half, K)), "Mx(2^k-1) + Mx2^(k-1)k");
        if (x < k) {
            format_value(buf, sizeof buf, mul3(MX, half, K));
            append(out->note, sizeof out->note,
                   "x < k: the term Mx(2^k-1) is not forced (x paths, each at least the "
                   "distance, give Mx2^(k-1)k = %s)%s",
                   buf, x == 1 ? "; at x = 1 a BFS scatter uses exactly M2^(k-1)k" : "");
        } else {
            format_value(buf, sizeof buf, add(mul(MX, add(Pn, num(-2))), mul3(MX, half, K)));
            append(out->note, sizeof out->note,
                   "corrections 000.10: the copy to v through the source's neighbour u crosses "
                   "at least 1 + d(u,v) links, which forces only Mx(2^k-2) + Mx2^(k-1)k = %s, Mx "
                   "below the printed value; the k edge-disjoint trees of Johnsson and Ho attain "
                   "it",
                   buf);
        }
        break;
    case TC_PROBLEM_TOTAL_EXCHANGE: {
        num_t a = ceil_div(mul(MX, P1), k);
        set_row(out, src, add(a, mul(MX, Pn)), "ceil(Mx(2^k-1)/k) + Mx2^k",
                add(mul3(MX, Pn, P1), mul(mul3(MX, Pn, half), K)), "Mx2^k(2^k-1) + Mx2^(2k-1)k");
        if (x < k) {
            format_value(buf, sizeof buf, mul(mul3(MX, Pn, half), K));
            append(out->note, sizeof out->note,
                   "x < k: the terms in 2^k-1 are not forced (x paths, each at least the "
                   "distance, give Mx2^(2k-1)k = %s transmissions)",
                   buf);
        }
        /* The transmission column over the k2^k directed links. */
        format_value(buf, sizeof buf, add(a, mul(MX, half)));
        append(out->note, sizeof out->note,
               "the transmissions over the k2^k directed links give ceil(Mx(2^k-1)/k) + "
               "Mx2^(k-1) = %s: the printed Mx2^k doubles the second term",
               buf);
        if (x == k) {
            format_value(buf, sizeof buf,
                         add(mul3(MX, Pn, add(Pn, num(-2))), mul(mul3(MX, Pn, half), K)));
            char steps[64];
            format_value(steps, sizeof steps,
                         add(ceil_div(mul(MX, add(Pn, num(-2))), k), mul(MX, half)));
            append(out->note, sizeof out->note,
                   "corrections 000.10: every source scatters, so only Mx2^k(2^k-2) + "
                   "Mx2^(2k-1)k = %s transmissions are forced (Mx2^k fewer); over the links they "
                   "give ceil(Mx(2^k-2)/k) + Mx2^(k-1) = %s",
                   buf, steps);
        }
        break;
    }
    }
    return TC_OK;
}
