/* The hypercube Q_n on addresses: rotations, bit reversal, period, the index of the SBnT
 * (paper 002, Section 2). */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- Q_n as a network (the family's operations) -------------------------------------------- */

static tc_err_t cube_parse(const char *spec, const char *args, tc_net_t **out)
{
    long n;
    if (args[0] < '0' || args[0] > '9') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected cube:N.", spec);
    }
    if (!tc__net_parse_ints(args, 1, &n)) {
        return tc__fail(TC_EINVAL, "Network size \"%.20s\" is not an integer.", args);
    }
    if (n < 1 || n > TC_CUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "The hypercube Q_%.20s is outside the supported range 1..%d.",
                        args, TC_CUBE_MAX_N);
    }
    return tc_net_cube_new((int)n, out);
}

static size_t cube_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "Q_%d", net->n);
    return len < 0 ? 0 : (size_t)len;
}

static int64_t cube_edges(const tc_net_t *net)
{
    return net->n >= 63 ? -1 : (net->nodes / 2) * net->n;
}

static int cube_diameter(const tc_net_t *net)
{
    return net->n;
}

static bool cube_materializable(const tc_net_t *net)
{
    return net->n <= TC_CUBE_MAX_MATERIAL_N;
}

/* Shared with I_k^n: a neighbour is one XOR away, when it is a node. */
static int64_t addr_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    int64_t u = node ^ ((int64_t)1 << dim);
    return u < net->nodes ? u : -1;
}

static int addr_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    (void)net;
    uint64_t x = (uint64_t)(u ^ v);
    return (x != 0 && (x & (x - 1)) == 0) ? __builtin_ctzll(x) : -1;
}

/* The Hamming distance (on I_k^n too: a shortest path flips the differing bits, bit n last
 * toward the back cube and first away from it). */
static int addr_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    (void)net;
    return __builtin_popcountll((uint64_t)(u ^ v));
}

static size_t cube_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    (void)commas;
    return tc_cube_format(net->n, (uint64_t)node, buf, cap);
}

static tc_err_t cube_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    uint64_t v = 0;
    tc_err_t err = tc_cube_parse(net->n, text, &v);
    *out = (int64_t)v;
    return err;
}

static int64_t cube_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse)
{
    (void)net;
    (void)inverse; /* XOR is its own inverse */
    return h ^ v;
}

static int64_t cube_reverse(const tc_net_t *net, int64_t v)
{
    return (int64_t)tc_cube_reverse(net->n, (uint64_t)v);
}

static int cube_reverse_dim(const tc_net_t *net, int dim)
{
    return net->n - 1 - dim;
}

/* Facts of Q_n: measured by enumeration up to n = 24 beside the formulas (paper 002, Sec. 2). */
static tc_err_t cube_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n;
    int64_t N = net->nodes;
    bool enumerated = n <= 24;
    int64_t necklaces = 0, cyclic = 0, edges = 0;
    int maxd = 0;
    bool periods_ok = true;
    double sum = 0;
    snprintf(out->title, sizeof out->title, "the binary n-cube (hypercube; papers 002, 003, 004)");
    for (int64_t v = 0; enumerated && v < N; v++) {
        int d = __builtin_popcountll((uint64_t)v);
        out->by_dist[d]++;
        sum += d;
        maxd = d > maxd ? d : maxd;
        edges += n - d; /* the neighbours above v: its zero bits */
        int per = tc_cube_period(n, (uint64_t)v);
        periods_ok = periods_ok && n % per == 0;
        cyclic += per < n;
        necklaces += tc_cube_necklace_first(n, (uint64_t)v);
    }
    if (enumerated) {
        out->dist_max = maxd;
        out->dist_from = 0;
    }
    /* Burnside: (1/n) sum over d | n of phi(d) 2^(n/d) */
    int64_t burnside = 0;
    for (int d = 1; d <= n; d++) {
        if (n % d != 0) {
            continue;
        }
        int phi = 0;
        for (int k = 1; k <= d; k++) {
            int a = k, b = d;
            while (b) {
                int t = a % b;
                a = b;
                b = t;
            }
            phi += a == 1;
        }
        burnside += (int64_t)phi << (n / d);
    }
    burnside /= n;
    const char *none = "not enumerated above n = 24";
    tc_fact_t *f = tc_facts_add(out, "nodes", "002 Sec. 2");
    tc__fact_paper(f, "2^n = %lld", (long long)N);
    tc__fact_value(f, "%lld", (long long)N);
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "edges", "002 Sec. 2");
    tc__fact_paper(f, "n 2^(n-1) = %lld", (long long)cube_edges(net));
    if (enumerated) {
        tc__fact_value(f, "%lld (neighbour pairs counted)", (long long)edges);
        tc__fact_judge(f, edges == cube_edges(net));
    } else {
        tc__fact_value(f, "%s", none);
    }
    f = tc_facts_add(out, "degree", "002 Sec. 2");
    tc__fact_paper(f, "n = %d", n);
    tc__fact_value(f, "%d", net->degree);
    tc__fact_judge(f, net->degree == n);
    f = tc_facts_add(out, "diameter", "002 Sec. 2");
    tc__fact_paper(f, "n = %d", n);
    if (enumerated) {
        tc__fact_value(f, "%d (largest distance from 0)", maxd);
        tc__fact_judge(f, maxd == n);
    } else {
        tc__fact_value(f, "%s", none);
    }
    f = tc_facts_add(out, "average_distance", "Hamming weight");
    tc__fact_paper(f, "n/2 = %.6f", n / 2.0);
    if (enumerated) {
        tc__fact_value(f, "%.6f (over all 2^n nodes)", sum / (double)N);
        tc__fact_judge(f, sum / (double)N == n / 2.0);
    } else {
        tc__fact_value(f, "%s", none);
    }
    f = tc_facts_add(out, "necklaces", "002 Sec. 2; Burnside");
    tc__fact_paper(f, "(1/n) sum_{d|n} phi(d) 2^(n/d) = %lld", (long long)burnside);
    if (enumerated) {
        tc__fact_value(f, "%lld; periods %s", (long long)necklaces,
                       periods_ok ? "divide n" : "DO NOT divide n");
        tc__fact_judge(f, necklaces == burnside && periods_ok);
    } else {
        tc__fact_value(f, "%s", none);
    }
    f = tc_facts_add(out, "cyclic_nodes", "002 Table 1 (A)");
    tc__fact_paper(f, "period < n (0 and all-ones included)");
    tc__fact_value(f, enumerated ? "%lld" : "not enumerated above n = 24", (long long)cyclic);
    return TC_OK;
}

/* The necklaces of Q_n: every necklace from its smallest member, by weight (paper 002 Sec. 2). */
static tc_err_t cube_necklaces(const tc_net_t *net, tc_necklaces_t *out)
{
    int n = net->n;
    int64_t N = net->nodes, count = 0, degenerate = 0, cyclic = 0;
    if (n > 20) {
        return tc__fail(TC_ETOOBIG, "Necklaces are listed for Q_n with n <= 20, not Q_%d.", n);
    }
    for (int64_t v = 0; v < N; v++) {
        int per = tc_cube_period(n, (uint64_t)v);
        count += tc_cube_necklace_first(n, (uint64_t)v);
        cyclic += per < n;
    }
    out->list = malloc(sizeof *out->list * (size_t)(count > 0 ? count : 1));
    if (out->list == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the necklaces of Q_%d.", n);
    }
    for (int w = 0; w <= n; w++) {
        for (int64_t v = 0; v < N; v++) {
            uint64_t c = (uint64_t)v;
            if (__builtin_popcountll(c) != w || !tc_cube_necklace_first(n, c)) {
                continue;
            }
            int per = tc_cube_period(n, c);
            out->list[out->count++] =
                (tc_necklace_t){.first = v, .size = per, .distance = w, .degenerate = per < n};
            degenerate += per < n;
        }
    }
    out->degenerate = true;
    snprintf(out->summary, sizeof out->summary,
             "Q_%d: %lld nodes in %lld necklaces (%lld full, %lld degenerate; %lld cyclic nodes; "
             "periods divide n = %d)",
             n, (long long)N, (long long)count, (long long)(count - degenerate),
             (long long)degenerate, (long long)cyclic, n);
    return TC_OK;
}

static int64_t cube_necklace_next(const tc_net_t *net, int64_t v)
{
    return (int64_t)tc_cube_rotate_right(net->n, (uint64_t)v, 1);
}

const tc__net_ops_t tc__cube_ops = {
    .family = "cube",
    .syntax = "cube:N",
    .parse = cube_parse,
    .name = cube_name,
    .edges = cube_edges,
    .diameter = cube_diameter,
    .materializable = cube_materializable,
    .neighbor = addr_neighbor,
    .edge_dim = addr_edge_dim,
    .distance = addr_distance,
    .label = cube_label,
    .parse_label = cube_parse_label,
    .translate = cube_translate,
    .reverse = cube_reverse,
    .reverse_dim = cube_reverse_dim,
    .necklaces = cube_necklaces,
    .necklace_next = cube_necklace_next,
    .facts = cube_facts,
    .walker = TC__WALK_ADDR,
    .params = 1,
};

tc_err_t tc_net_cube_new(int n, tc_net_t **out)
{
    *out = NULL;
    if (n < 1 || n > TC_CUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "The hypercube Q_%d is outside the supported range 1..%d.", n,
                        TC_CUBE_MAX_N);
    }
    tc_err_t err = tc__net_alloc(&tc__cube_ops, n, 0, (int64_t)1 << n, n, 0, out);
    if (err == TC_OK) {
        (*out)->bipartite = true;
        (*out)->same_port = true;
    }
    return err;
}

/* ---- I_k^n as a network (paper 003, Section II) -------------------------------------------- */

static tc_err_t icube_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[2];
    if (args[0] < '0' || args[0] > '9') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected icube:N,K.", spec);
    }
    if (!tc__net_parse_ints(args, 2, v)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not icube:n,k (two integers).", spec);
    }
    if (v[0] < 1 || v[0] > TC_ICUBE_MAX_N || v[1] < 0 || v[1] >= v[0]) {
        return tc__fail(TC_ERANGE, "The incomplete hypercube icube:%.40s needs 0 <= k < n <= %d.",
                        args, TC_ICUBE_MAX_N);
    }
    return tc_net_icube_new((int)v[0], (int)v[1], out);
}

static size_t icube_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "I_%d^%d", net->k, net->n);
    return len < 0 ? 0 : (size_t)len;
}

/* The front cube, the back cube, and 2^k dimension-n links. */
static int64_t icube_edges(const tc_net_t *net)
{
    int64_t N = (int64_t)1 << net->n, K = (int64_t)1 << net->k;
    return (N / 2) * net->n + (K / 2) * net->k + K;
}

/* Lemma 4 of paper 003: a back node and its complement's front node. */
static int icube_diameter(const tc_net_t *net)
{
    return net->n + 1;
}

static bool icube_materializable(const tc_net_t *net)
{
    (void)net;
    return true; /* every I_k^n that exists has n <= TC_ICUBE_MAX_N */
}

static size_t icube_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    (void)commas;
    return tc_cube_format(net->n + 1, (uint64_t)node, buf, cap);
}

static tc_err_t icube_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    uint64_t v = 0;
    tc_err_t err = tc_cube_parse(net->n + 1, text, &v);
    if (err != TC_OK) {
        /* the address parser names Q_{n+1}; the node is one of I_k^n */
        return tc__fail(TC_EPARSE,
                        "Node \"%.40s\" of I_%d^%d is neither %d bits nor an address 0..%lld.",
                        text, net->k, net->n, net->n + 1, (long long)net->nodes - 1);
    }
    if (v >= (uint64_t)net->nodes) {
        return tc__fail(TC_EPARSE, "Node \"%.40s\" is not in I_%d^%d (0..%lld).", text, net->k,
                        net->n, (long long)net->nodes - 1);
    }
    *out = (int64_t)v;
    return TC_OK;
}

/* Facts of I_k^n (paper 003, Section II): enumerated up to 2^22 nodes. */
static tc_err_t icube_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n, k = net->k;
    int64_t N = net->nodes;
    snprintf(out->title, sizeof out->title,
             "the incomplete hypercube of 2^n + 2^k nodes (paper 003)");
    tc_net_measure_t m;
    tc_err_t err = tc__facts_measure(net, &m);
    if (err != TC_OK) {
        return err;
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", "003 Sec. II");
    tc__fact_paper(f, "2^n + 2^k = %lld", (long long)N);
    tc__fact_value(f, "%lld", (long long)N);
    tc__fact_judge(f, true);
    f = tc_facts_add(out, "edges", "003 Sec. II");
    tc__fact_paper(f, "n2^(n-1) + k2^(k-1) + 2^k = %lld", (long long)icube_edges(net));
    if (m.enumerated) {
        tc__fact_value(f, "%lld (neighbour pairs counted)", (long long)m.edges);
        tc__fact_judge(f, m.edges == icube_edges(net));
    }
    f = tc_facts_add(out, "degree", "003 Sec. II");
    tc__fact_paper(f, "k+1 (back) .. n+1 = %d .. %d", k + 1, n + 1);
    if (m.enumerated) {
        tc__fact_value(f, "%d .. %d", m.dmin, m.dmax);
        tc__fact_judge(f, m.dmin == k + 1 && m.dmax == n + 1);
    }
    f = tc_facts_add(out, "diameter", "003 Lemma 4");
    tc__fact_paper(f, "n+1 = %d", n + 1);
    if (m.enumerated && m.diameter_all) {
        tc__fact_value(f, "%d (every pair)", m.diameter);
        tc__fact_judge(f, m.diameter == n + 1);
        tc__facts_distribution(out, &m, 0);
    } else {
        tc__fact_value(f, "enumerated up to 4096 nodes");
    }
    f = tc_facts_add(out, "subcubes", "003 Sec. II-A");
    tc__fact_paper(f, "2^(n-k)+1 respective k-cubes S_i, S_b");
    tc__fact_value(f, "%lld", (long long)((1 << (n - k)) + 1));
    f = tc_facts_add(out, "corresponding", "003 Sec. II-A");
    tc__fact_paper(f, "2^k (n-k)-cubes C_i in the front cube");
    tc__fact_value(f, "%lld of %lld nodes", (long long)1 << k, (long long)1 << (n - k));
    return TC_OK;
}

const tc__net_ops_t tc__icube_ops = {
    .family = "icube",
    .syntax = "icube:N,K",
    .parse = icube_parse,
    .name = icube_name,
    .edges = icube_edges,
    .diameter = icube_diameter,
    .materializable = icube_materializable,
    .neighbor = addr_neighbor,
    .edge_dim = addr_edge_dim,
    .distance = addr_distance,
    .label = icube_label,
    .parse_label = icube_parse_label,
    .facts = icube_facts,
    .walker = TC__WALK_ADDR,
    .params = 2,
};

tc_err_t tc_net_icube_new(int n, int k, tc_net_t **out)
{
    *out = NULL;
    if (n < 1 || n > TC_ICUBE_MAX_N || k < 0 || k >= n) {
        return tc__fail(TC_ERANGE,
                        "The incomplete hypercube I_%d^%d needs 0 <= k < n <= %d (icube:n,k).", k,
                        n, TC_ICUBE_MAX_N);
    }
    int64_t nodes = ((int64_t)1 << n) + ((int64_t)1 << k);
    tc_err_t err = tc__net_alloc(&tc__icube_ops, n, k, nodes, n + 1, 0, out);
    if (err == TC_OK) {
        (*out)->bipartite = true;
        (*out)->same_port = true;
        (*out)->regular = false;
        (*out)->min_degree = k + 1;
    }
    return err;
}
