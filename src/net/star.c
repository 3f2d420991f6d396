/* The star graph S_n on permutations (paper 000, Sections 1-2). */
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- S_n as a network (the family's operations) -------------------------------------------- */

static tc_err_t star_parse(const char *spec, const char *args, tc_net_t **out)
{
    long n;
    if (args[0] < '0' || args[0] > '9') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected star:N.", spec);
    }
    if (!tc__net_parse_ints(args, 1, &n)) {
        return tc__fail(TC_EINVAL, "Network size \"%.20s\" is not an integer.", args);
    }
    if (n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "The star graph S_%.20s is outside the supported range 2..%d.",
                        args, TC_STAR_MAX_N);
    }
    return tc_net_star_new((int)n, out);
}

static size_t star_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "S_%d", net->n);
    return len < 0 ? 0 : (size_t)len;
}

static int64_t star_edges(const tc_net_t *net)
{
    int64_t half = net->nodes / 2; /* n! is even for n >= 2 */
    if (half > INT64_MAX / (net->n - 1)) {
        return -1;
    }
    return half * (net->n - 1);
}

static int star_diameter(const tc_net_t *net)
{
    return 3 * (net->n - 1) / 2;
}

static bool star_materializable(const tc_net_t *net)
{
    return net->n <= TC_STAR_MAX_MATERIAL_N;
}

static int64_t star_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(net->n, node, p);
    return tc__star_rank_after_move(net->n, p, node, dim);
}

static int star_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    return tc_star_dim(net->n, a, b);
}

static int star_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    return tc_star_distance(net->n, a, b);
}

/* Labels and translations of every permutation family (net_internal.h). */
size_t tc__perm_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(net->n, node, p);
    return tc_star_format(net->n, p, commas, buf, cap);
}

tc_err_t tc__perm_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    uint8_t p[TC_STAR_MAX_N];
    tc_err_t err = tc_star_parse(net->n, text, p);
    if (err == TC_OK) {
        *out = tc_star_rank(net->n, p); /* untouched on failure (tests/unit/test_net.c) */
    }
    return err;
}

int64_t tc__perm_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse)
{
    int n = net->n;
    uint8_t ph[TC_STAR_MAX_N], pv[TC_STAR_MAX_N], inv[TC_STAR_MAX_N], out[TC_STAR_MAX_N];
    tc_star_unrank(n, h, ph);
    tc_star_unrank(n, v, pv);
    if (inverse) {
        tc_star_inverse(n, ph, inv);
        tc_star_compose(n, inv, pv, out);
    } else {
        tc_star_compose(n, ph, pv, out);
    }
    return tc_star_rank(n, out);
}

static int64_t star_rotate(const tc_net_t *net, int64_t v, int times)
{
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    tc_star_unrank(net->n, v, p);
    tc_star_rotate(net->n, p, times, q);
    return tc_star_rank(net->n, q);
}

static int star_rotate_dim(const tc_net_t *net, int dim, int times)
{
    for (int t = 0; t < times % (net->n - 1); t++) {
        dim = tc_star_r(net->n, dim);
    }
    return dim;
}

/* Distances from `from`: d(I_n, from^{-1} . v) by the cycle formula, walking the permutations
 * in id order on every thread's range. */
typedef struct {
    int n;
    int64_t nodes;
    uint8_t inv[TC_STAR_MAX_N];
    uint8_t *dist;
} dist_job_t;

static void star_dist_range(void *arg, int tid, int nthreads)
{
    dist_job_t *job = arg;
    int64_t lo, hi;
    tc__split_range(job->nodes, tid, nthreads, &lo, &hi);
    if (lo >= hi) {
        return;
    }
    uint8_t p[TC_STAR_MAX_N], rel[TC_STAR_MAX_N];
    tc_star_unrank(job->n, lo, p);
    for (int64_t v = lo; v < hi; v++) {
        tc_star_compose(job->n, job->inv, p, rel);
        job->dist[v] = (uint8_t)tc_star_distance_identity(job->n, rel);
        tc_star_next(job->n, p);
    }
}

static tc_err_t star_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads)
{
    dist_job_t job = {.n = net->n, .nodes = net->nodes, .dist = dist};
    uint8_t h[TC_STAR_MAX_N];
    tc_star_unrank(net->n, from, h);
    tc_star_inverse(net->n, h, job.inv);
    return tc__parallel(threads, star_dist_range, &job);
}

/* Facts of S_n (treecast info): the paper's formulas beside enumerated values up to n = 10. */
#define STAR_ENUM_LIMIT 10

static tc_err_t star_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n;
    int64_t N = net->nodes;
    int diam = star_diameter(net);
    double H = 0;
    for (int k = 1; k <= n; k++) {
        H += 1.0 / k;
    }
    double avg_formula = n + 2.0 / n + H - 4;
    snprintf(out->title, sizeof out->title,
             "the star graph on %d symbols (Akers, Harel and Krishnamurthy; paper 000)", n);
    /* enumerate small networks: distances and necklaces */
    bool enumerated = n <= STAR_ENUM_LIMIT;
    int maxd = 0;
    double sum = 0;
    int64_t necklaces = 0;
    bool sizes_ok = true;
    if (enumerated) {
        uint8_t p[TC_STAR_MAX_N];
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
            int d = tc_star_distance_identity(n, p);
            out->by_dist[d]++;
            sum += d;
            maxd = d > maxd ? d : maxd;
            /* every necklace is counted once, at its lexicographically smallest member */
            int size = tc_star_necklace_size(n, p);
            sizes_ok = sizes_ok && (n - 1) % size == 0;
            uint8_t q[TC_STAR_MAX_N], r[TC_STAR_MAX_N];
            memcpy(q, p, (size_t)n);
            bool smallest = true;
            for (int j = 1; j < size && smallest; j++) {
                tc_star_rotate(n, q, 1, r);
                memcpy(q, r, (size_t)n);
                smallest = tc_star_rank(n, q) > v;
            }
            necklaces += smallest;
        }
        out->dist_max = maxd;
        out->dist_from = 0;
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", "000 Sec. 1");
    tc__fact_value(f, "%lld", (long long)N);
    tc__fact_paper(f, "n! = %lld", (long long)N);
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "edges", "000 Sec. 1");
    if (star_edges(net) >= 0) {
        tc__fact_value(f, "%lld", (long long)star_edges(net));
    } else { /* S_20: n!(n-1)/2 exceeds 64 bits; print it exactly from 128 */
        __extension__ typedef unsigned __int128 u128;
        u128 e = (u128)(N / 2) * (u128)(n - 1);
        char digits[48];
        int len = 0;
        do {
            digits[len++] = (char)('0' + (int)(e % 10));
            e /= 10;
        } while (e != 0);
        for (int j = 0; j < len; j++) {
            f->value[j] = digits[len - 1 - j];
        }
        f->value[len] = '\0';
    }
    tc__fact_paper(f, "n!(n-1)/2");
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "degree", "000 Sec. 1");
    tc__fact_value(f, "%d", net->degree);
    tc__fact_paper(f, "n-1 = %d", n - 1);
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "diameter", "000 Sec. 1 ([1])");
    tc__fact_paper(f, "floor(3(n-1)/2) = %d", diam);
    if (enumerated) {
        tc__fact_value(f, "%d (largest distance from I_n)", maxd);
        tc__fact_judge(f, maxd == diam);
    } else {
        tc__fact_value(f, "not enumerated above n = %d", STAR_ENUM_LIMIT);
    }
    f = tc_facts_add(out, "average_distance", "000 Sec. 4.1; corrections 001.1");
    tc__fact_paper(f, "n + 2/n + H_n - 4 = %.6f", avg_formula);
    if (enumerated) {
        double avg = sum / (double)N;
        tc__fact_value(f, "%.6f (over all n! nodes)", avg);
        tc__fact_judge(f, avg - avg_formula <= 1e-9 && avg_formula - avg <= 1e-9);
    } else {
        tc__fact_value(f, "not enumerated above n = %d", STAR_ENUM_LIMIT);
    }
    f = tc_facts_add(out, "substars", "000 Sec. 2");
    tc__fact_value(f, "%d of %lld nodes", n, (long long)(N / n));
    tc__fact_paper(f, "S^k_{n-1}, k = 1..n, (n-1)! nodes each");
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "necklaces", "000 Lemma 3");
    tc__fact_paper(f, "sizes divide n-1 = %d", n - 1);
    if (enumerated) {
        tc__fact_value(f, "%lld necklaces; sizes %s", (long long)necklaces,
                       sizes_ok ? "divide n-1" : "DO NOT divide n-1");
        tc__fact_judge(f, sizes_ok);
    } else {
        tc__fact_value(f, "not enumerated above n = %d", STAR_ENUM_LIMIT);
    }
    f = tc_facts_add(out, "fault_tolerance", "000 Sec. 4.3");
    tc__fact_value(f, "see treecast check (independence)");
    tc__fact_paper(f, "n-2 = %d node or edge faults", n - 2);
    return TC_OK;
}

/* ---- necklaces (Definition 4) --------------------------------------------------------------- */

static int cmp_necklace(const void *a, const void *b)
{
    const tc_necklace_t *x = a, *y = b;
    if (x->distance != y->distance) {
        return x->distance < y->distance ? -1 : 1;
    }
    if (x->degenerate != y->degenerate) { /* here: inside S^1_{n-1}, listed after the others */
        return x->degenerate ? 1 : -1;
    }
    return x->first < y->first ? -1 : (x->first > y->first);
}

static tc_err_t star_necklaces(const tc_net_t *net, tc_necklaces_t *out)
{
    int n = net->n;
    int64_t N = net->nodes;
    if (n > 10) {
        return tc__fail(TC_ETOOBIG, "Necklaces are listed for S_n with n <= 10, not S_%d.", n);
    }
    uint8_t *seen = calloc((size_t)N, 1);
    out->list = malloc(sizeof *out->list * (size_t)N);
    if (seen == NULL || out->list == NULL) {
        free(seen);
        return tc__fail(TC_ENOMEM, "Out of memory for the necklaces of S_%d.", n);
    }
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N], r[TC_STAR_MAX_N];
    tc_star_unrank(n, 0, p);
    for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
        if (seen[v]) {
            continue;
        }
        /* inside S^1_{n-1} (symbol 1 first): listed from its smallest member, after the others;
         * the flag travels in `degenerate` for sorting and is cleared below */
        tc_necklace_t nk = {.first = v, .distance = tc_star_distance_identity(n, p)};
        bool inner = p[0] == 1;
        memcpy(q, p, (size_t)n);
        do {
            int64_t w = tc_star_rank(n, q);
            seen[w] = 1;
            nk.size++;
            if (inner ? w < nk.first : (n >= 2 && q[1] == 1)) {
                nk.first = w;
            }
            tc_star_rotate(n, q, 1, r);
            memcpy(q, r, (size_t)n);
        } while (memcmp(q, p, (size_t)n) != 0);
        nk.degenerate = inner;
        out->list[out->count++] = nk;
    }
    free(seen);
    qsort(out->list, (size_t)out->count, sizeof *out->list, cmp_necklace);
    for (int64_t k = 0; k < out->count; k++) {
        out->list[k].degenerate = false; /* the star graph marks none degenerate */
    }
    snprintf(out->summary, sizeof out->summary,
             "S_%d: %lld nodes in %lld necklaces (sizes divide n-1 = %d)", n, (long long)N,
             (long long)out->count, n - 1);
    return TC_OK;
}

static int64_t star_necklace_next(const tc_net_t *net, int64_t v)
{
    return star_rotate(net, v, 1);
}

const tc__net_ops_t tc__star_ops = {
    .family = "star",
    .syntax = "star:N",
    .parse = star_parse,
    .name = star_name,
    .edges = star_edges,
    .diameter = star_diameter,
    .materializable = star_materializable,
    .neighbor = star_neighbor,
    .edge_dim = star_edge_dim,
    .distance = star_distance,
    .label = tc__perm_label,
    .parse_label = tc__perm_parse_label,
    .translate = tc__perm_translate,
    .rotate = star_rotate,
    .rotate_dim = star_rotate_dim,
    .distances = star_distances,
    .necklaces = star_necklaces,
    .necklace_next = star_necklace_next,
    .facts = star_facts,
    .walker = TC__WALK_STAR,
    .params = 1,
};

tc_err_t tc_net_star_new(int n, tc_net_t **out)
{
    *out = NULL;
    if (n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "The star graph S_%d is outside the supported range 2..%d.", n,
                        TC_STAR_MAX_N);
    }
    tc_err_t err = tc__net_alloc(&tc__star_ops, n, 0, tc__fact[n], n - 1, 2, out);
    if (err == TC_OK) {
        (*out)->bipartite = true; /* a transposition changes the parity of a permutation */
        (*out)->same_port = true;
        (*out)->rotation = n - 1; /* Lemma 3: R^(n-1) is the identity */
    }
    return err;
}
