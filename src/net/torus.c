/* The k-ary n-cube (torus) T(n, k): the k^n vectors of n digits 0..k-1, each node joined in every
 * dimension d to the nodes whose digit d is one more and one less, modulo k (Dally, "Performance
 * analysis of k-ary n-cube interconnection networks", 1990). k >= 3, so that the two neighbours of
 * a dimension differ (k = 2 is the hypercube, cube:N). Regular of degree 2n; the distance is the
 * sum over the digits of min(|a - b|, k - |a - b|); the diameter n floor(k/2); bipartite iff k is
 * even. Node id = the vector read as a base-k number, digit 0 the least significant; port 2d
 * goes up in dimension d and port 2d+1 down, so an edge has port 2d at one end and 2d+1 at the
 * other. The translation T_h(v) = h + v (digit-wise, modulo k) keeps every port. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TORUS_MAX_DIMS 32 /* degree 2n <= 64, the mask of the walkers */
#define TORUS_MAX_NODES (1LL << 40)
#define TORUS_MAX_TABLE (1LL << 27) /* nodes built out as a neighbour table */

extern const tc__net_ops_t tc__torus_ops;

static tc_err_t torus_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[2];
    *out = NULL;
    if (!tc__net_parse_ints(args, 2, v)) {
        return tc__fail(TC_EINVAL,
                        "Network \"%.40s\" is not torus:N,K (dimensions, then nodes per ring).",
                        spec);
    }
    long n = v[0], k = v[1];
    if (n < 1 || n > TORUS_MAX_DIMS || k < 3 || k > 65536) {
        return tc__fail(TC_ERANGE,
                        "The torus %.40s needs 1..%d dimensions and 3..65536 nodes per ring "
                        "(K = 2 is the hypercube, cube:N).",
                        spec, TORUS_MAX_DIMS);
    }
    int64_t nodes = 1;
    for (long d = 0; d < n; d++) {
        if (nodes > TORUS_MAX_NODES / k) {
            return tc__fail(TC_ERANGE, "The torus %.40s has more than 2^40 nodes.", spec);
        }
        nodes *= k;
    }
    tc_err_t err = tc__net_alloc(&tc__torus_ops, (int)n, (int)k, nodes, 2 * (int)n, 0, out);
    if (err == TC_OK) {
        (*out)->bipartite = k % 2 == 0;
    }
    return err;
}

static size_t torus_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "T(%d,%d)", net->n, net->k);
    return len < 0 ? 0 : (size_t)len;
}

static int64_t torus_edges(const tc_net_t *net)
{
    return net->nodes * net->n;
}

static int torus_diameter(const tc_net_t *net)
{
    return net->n * (net->k / 2);
}

static bool torus_materializable(const tc_net_t *net)
{
    return net->nodes <= TORUS_MAX_TABLE;
}

/* The place value of digit d. */
static int64_t place(const tc_net_t *net, int d)
{
    int64_t p = 1;
    for (int j = 0; j < d; j++) {
        p *= net->k;
    }
    return p;
}

static int64_t torus_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    int d = dim / 2;
    int64_t pv = place(net, d);
    int64_t digit = node / pv % net->k;
    int64_t to = dim % 2 == 0 ? (digit + 1) % net->k : (digit + net->k - 1) % net->k;
    return node + (to - digit) * pv;
}

static int torus_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    int found = -1;
    for (int d = 0; d < net->n; d++) {
        int64_t a = u % net->k, b = v % net->k;
        u /= net->k;
        v /= net->k;
        if (a == b) {
            continue;
        }
        if (found >= 0) {
            return -1; /* two digits differ */
        }
        found = (a + 1) % net->k == b ? 2 * d : (b + 1) % net->k == a ? 2 * d + 1 : -2;
        if (found == -2) {
            return -1;
        }
    }
    return found;
}

static int torus_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    int sum = 0;
    for (int d = 0; d < net->n; d++) {
        int64_t diff = u % net->k - v % net->k;
        diff = diff < 0 ? -diff : diff;
        sum += (int)(diff < net->k - diff ? diff : net->k - diff);
        u /= net->k;
        v /= net->k;
    }
    return sum;
}

/* The digits from dimension n-1 down to 0: "0121" when every digit is one character and commas
 * is false, else "0,1,2,1". */
static size_t torus_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    bool sep = commas || net->k > 10;
    size_t len = 0;
    for (int d = net->n - 1; d >= 0; d--) {
        int64_t digit = node / place(net, d) % net->k;
        int w = snprintf(buf + (len < cap ? len : cap), len < cap ? cap - len : 0, "%s%lld",
                         sep && d < net->n - 1 ? "," : "", (long long)digit);
        len += w > 0 ? (size_t)w : 0;
    }
    return len;
}

static tc_err_t torus_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    *out = -1;
    char name[TC_LABEL_MAX];
    torus_name(net, name, sizeof name);
    /* digits of one character each, or numbers separated by commas (always above k = 10) */
    bool commas = strchr(text, ',') != NULL || net->k > 10;
    int64_t v = 0;
    const char *s = text;
    for (int j = 0; j < net->n; j++) {
        long digit = -1;
        if (*s >= '0' && *s <= '9') {
            if (commas) {
                char *end = NULL;
                digit = strtol(s, &end, 10);
                s = end;
                if (*s != (j + 1 < net->n ? ',' : '\0')) {
                    digit = -1;
                }
                s += j + 1 < net->n && *s == ',';
            } else {
                digit = *s++ - '0';
            }
        }
        if (digit < 0 || digit >= net->k) {
            return tc__fail(TC_EPARSE, "Node \"%.40s\" of %s is not %d digits 0..%d%s.", text, name,
                            net->n, net->k - 1, commas ? " separated by commas" : "");
        }
        v = v * net->k + digit;
    }
    if (*s != '\0') {
        return tc__fail(TC_EPARSE, "Node \"%.40s\" of %s has more than %d digits.", text, name,
                        net->n);
    }
    *out = v;
    return TC_OK;
}

static int64_t torus_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse)
{
    int64_t out = 0, pv = 1;
    for (int d = 0; d < net->n; d++, pv *= net->k) {
        int64_t a = h / pv % net->k, b = v / pv % net->k;
        out += (inverse ? (b - a + net->k) % net->k : (a + b) % net->k) * pv;
    }
    return out;
}

/* Distances from `from` by the formula, one digit at a time. */
static tc_err_t torus_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads)
{
    (void)threads;
    for (int64_t v = 0; v < net->nodes; v++) {
        int d = torus_distance(net, from, v);
        dist[v] = (uint8_t)(d > 254 ? 0xFF : d);
    }
    return TC_OK;
}

static tc_err_t torus_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n, k = net->k;
    snprintf(out->title, sizeof out->title, "the %d-ary %d-cube (torus; Dally)", k, n);
    tc_net_measure_t m = {0};
    tc_err_t err = tc__facts_measure(net, &m);
    if (err != TC_OK) {
        return err;
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", "Dally");
    tc__fact_value(f, "%lld", (long long)net->nodes);
    tc__fact_paper(f, "k^n = %d^%d", k, n);
    int64_t kn = 1;
    for (int d = 0; d < n; d++) {
        kn *= k;
    }
    tc__fact_judge(f, net->nodes == kn);
    f = tc_facts_add(out, "edges", "Dally");
    tc__fact_paper(f, "n k^n = %lld", (long long)torus_edges(net));
    if (m.enumerated) {
        tc__fact_value(f, "%lld (neighbour pairs counted)", (long long)m.edges);
        tc__fact_judge(f, m.edges == torus_edges(net));
    } else {
        tc__fact_value(f, "not enumerated above 2^22 nodes");
    }
    f = tc_facts_add(out, "degree", "Dally");
    tc__fact_paper(f, "2n = %d", 2 * n);
    tc__fact_value(f, "%d", net->degree);
    tc__fact_judge(f, net->degree == 2 * n);
    f = tc_facts_add(out, "diameter", "Dally");
    tc__fact_paper(f, "n floor(k/2) = %d", torus_diameter(net));
    if (m.enumerated) {
        tc__fact_value(f, "%d (largest distance from node 0)", m.diameter);
        tc__fact_judge(f, m.diameter == torus_diameter(net));
        f = tc_facts_add(out, "average_distance", "Dally");
        /* per ring: floor(k/2) floor((k+1)/2) / k... exactly sum_j min(j, k-j) / k */
        double ring = 0;
        for (int j = 0; j < k; j++) {
            ring += j < k - j ? j : k - j;
        }
        tc__fact_paper(f, "n sum_j min(j, k-j) / k = %.6f", n * ring / k);
        tc__fact_value(f, "%.6f (over all k^n nodes)", m.average0);
        double diff = m.average0 - n * ring / k;
        tc__fact_judge(f, diff < 1e-9 && diff > -1e-9);
        tc__facts_distribution(out, &m, 0);
    } else {
        tc__fact_value(f, "not enumerated above 2^22 nodes");
    }
    return TC_OK;
}

const tc__net_ops_t tc__torus_ops = {
    .family = "torus",
    .syntax = "torus:N,K",
    .parse = torus_parse,
    .name = torus_name,
    .edges = torus_edges,
    .diameter = torus_diameter,
    .materializable = torus_materializable,
    .neighbor = torus_neighbor,
    .edge_dim = torus_edge_dim,
    .distance = torus_distance,
    .label = torus_label,
    .parse_label = torus_parse_label,
    .translate = torus_translate,
    .distances = torus_distances,
    .facts = torus_facts,
    .walker = TC__WALK_TABLE,
    .params = 2,
};
