/* The folded hypercube FQ_n (El-Amawy and Latifi, "Properties and performance of folded
 * hypercubes", 1991): the hypercube Q_n with one more link at every node, to the complement of
 * its address. Dimensions 0..n-1 flip one bit, dimension n flips all n. Regular of degree n+1;
 * the distance between a and b is min(w, n+1-w) with w the number of bits in which they differ;
 * the diameter ceil(n/2); bipartite iff n is odd (the complement link joins two addresses whose
 * weights differ by n). n >= 2 (in FQ_1 the complement is the dimension-0 neighbour). Node ids
 * are the addresses; T_h(v) = h XOR v keeps every dimension, the complement link included. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>

#define FCUBE_MAX_N 40
#define FCUBE_MAX_TABLE 26 /* built out as a neighbour table up to 2^26 nodes */

extern const tc__net_ops_t tc__fcube_ops;

static tc_err_t fcube_parse(const char *spec, const char *args, tc_net_t **out)
{
    long n;
    *out = NULL;
    if (!tc__net_parse_ints(args, 1, &n)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not fcube:N (one integer).", spec);
    }
    if (n < 2 || n > FCUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "The folded hypercube FQ_%.20s is outside 2..%d.", args,
                        FCUBE_MAX_N);
    }
    tc_err_t err = tc__net_alloc(&tc__fcube_ops, (int)n, 0, (int64_t)1 << n, (int)n + 1, 0, out);
    if (err == TC_OK) {
        (*out)->bipartite = n % 2 == 1;
        (*out)->same_port = true;
    }
    return err;
}

static uint64_t mask_of(int n)
{
    return ((uint64_t)1 << n) - 1;
}

static size_t fcube_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "FQ_%d", net->n);
    return len < 0 ? 0 : (size_t)len;
}

static int64_t fcube_edges(const tc_net_t *net)
{
    return (net->nodes / 2) * (net->n + 1);
}

static int fcube_diameter(const tc_net_t *net)
{
    return (net->n + 1) / 2;
}

static bool fcube_materializable(const tc_net_t *net)
{
    return net->n <= FCUBE_MAX_TABLE;
}

static int64_t fcube_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    uint64_t flip = dim == net->n ? mask_of(net->n) : (uint64_t)1 << dim;
    return (int64_t)((uint64_t)node ^ flip);
}

static int fcube_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    uint64_t x = (uint64_t)(u ^ v);
    if (x == mask_of(net->n)) {
        return net->n;
    }
    return x != 0 && (x & (x - 1)) == 0 ? __builtin_ctzll(x) : -1;
}

static int fcube_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    int w = __builtin_popcountll((uint64_t)(u ^ v));
    return w < net->n + 1 - w ? w : net->n + 1 - w;
}

static size_t fcube_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    (void)commas;
    return tc_cube_format(net->n, (uint64_t)node, buf, cap);
}

static tc_err_t fcube_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    uint64_t v = 0;
    tc_err_t err = tc_cube_parse(net->n, text, &v);
    *out = err == TC_OK ? (int64_t)v : -1;
    return err;
}

static int64_t fcube_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse)
{
    (void)net;
    (void)inverse; /* XOR is its own inverse */
    return h ^ v;
}

static tc_err_t fcube_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads)
{
    (void)threads;
    for (int64_t v = 0; v < net->nodes; v++) {
        dist[v] = (uint8_t)fcube_distance(net, from, v);
    }
    return TC_OK;
}

static tc_err_t fcube_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n;
    snprintf(out->title, sizeof out->title,
             "the folded hypercube of dimension %d (El-Amawy and Latifi)", n);
    tc_net_measure_t m = {0};
    tc_err_t err = tc__facts_measure(net, &m);
    if (err != TC_OK) {
        return err;
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", "El-Amawy-Latifi");
    tc__fact_value(f, "%lld", (long long)net->nodes);
    tc__fact_paper(f, "2^n = 2^%d", n);
    tc__fact_judge(f, net->nodes == (int64_t)1 << n);
    f = tc_facts_add(out, "edges", "El-Amawy-Latifi");
    tc__fact_paper(f, "(n+1) 2^(n-1) = %lld", (long long)fcube_edges(net));
    if (m.enumerated) {
        tc__fact_value(f, "%lld (neighbour pairs counted)", (long long)m.edges);
        tc__fact_judge(f, m.edges == fcube_edges(net));
    } else {
        tc__fact_value(f, "not enumerated above n = 22");
    }
    f = tc_facts_add(out, "degree", "El-Amawy-Latifi");
    tc__fact_paper(f, "n+1 = %d", n + 1);
    tc__fact_value(f, "%d", net->degree);
    tc__fact_judge(f, net->degree == n + 1);
    f = tc_facts_add(out, "diameter", "El-Amawy-Latifi");
    tc__fact_paper(f, "ceil(n/2) = %d", fcube_diameter(net));
    if (m.enumerated) {
        tc__fact_value(f, "%d (largest distance from node 0)", m.diameter);
        tc__fact_judge(f, m.diameter == fcube_diameter(net));
        f = tc_facts_add(out, "average_distance", "");
        tc__fact_value(f, "%.6f (over all 2^n nodes)", m.average0);
        tc__facts_distribution(out, &m, 0);
    } else {
        tc__fact_value(f, "not enumerated above n = 22");
    }
    return TC_OK;
}

const tc__net_ops_t tc__fcube_ops = {
    .family = "fcube",
    .syntax = "fcube:N",
    .parse = fcube_parse,
    .name = fcube_name,
    .edges = fcube_edges,
    .diameter = fcube_diameter,
    .materializable = fcube_materializable,
    .neighbor = fcube_neighbor,
    .edge_dim = fcube_edge_dim,
    .distance = fcube_distance,
    .label = fcube_label,
    .parse_label = fcube_parse_label,
    .translate = fcube_translate,
    .distances = fcube_distances,
    .facts = fcube_facts,
    .walker = TC__WALK_TABLE,
    .params = 1,
};
