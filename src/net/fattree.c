/* The k-ary fat-tree of M. Al-Fares, A. Loukissas and A. Vahdat, "A scalable, commodity data
 * center network architecture", SIGCOMM 2008: K pods (K even), each with K/2 edge
 * and K/2 aggregation switches, every edge switch joined to every aggregation switch of its pod;
 * (K/2)^2 core switches, aggregation switch i of every pod joined to core switches
 * i K/2 .. i K/2 + K/2 - 1; K/2 hosts on every edge switch. K^3/4 hosts, 5K^2/4 switches of K
 * ports each, every link of capacity 1; hosts are 6 links apart at most (2 under one edge switch,
 * 4 within a pod).
 *
 * fattree:K, K even in 2..64 (a switch has K ports; treecast handles degrees up to 64). Ids: the
 * hosts h0.. (pod by pod, edge switch by edge switch), then the edge switches e0.. (pod by pod),
 * the aggregation switches a0.. and the core switches c0... */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>

#define FATTREE_MAX_K 64

extern const tc__net_ops_t tc__fattree_ops;

static tc_err_t fattree_parse(const char *spec, const char *args, tc_net_t **out)
{
    long K;
    *out = NULL;
    if (!tc__net_parse_ints(args, 1, &K)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not fattree:K (one integer).", spec);
    }
    if (K < 2 || K > FATTREE_MAX_K || K % 2 != 0) {
        return tc__fail(TC_ERANGE,
                        "The fat-tree FT(%.20s) needs an even K in 2..%d (K ports per switch).",
                        args, FATTREE_MAX_K);
    }
    int64_t k = K, h = K / 2;
    int64_t hosts = k * h * h, edge = k * h, agg = k * h, core = h * h;
    tc__fab_t f;
    char text[32];
    snprintf(text, sizeof text, "fattree:%ld", K);
    tc_err_t err = tc__fab_init(&f, hosts, edge + agg + core, hosts + 2 * k * h * h, false, text);
    if (err != TC_OK) {
        return err;
    }
    int64_t E = hosts, A = E + edge, C = A + agg; /* the first edge, aggregation, core switch */
    tc__fab_label(&f, E, edge, 'e');
    tc__fab_label(&f, A, agg, 'a');
    tc__fab_label(&f, C, core, 'c');
    tc__fab_attach_hosts(&f, E, h, 1);
    for (int64_t pod = 0; pod < k; pod++) {
        for (int64_t i = 0; i < h; i++) {
            for (int64_t j = 0; j < h; j++) {
                tc__fab_edge(&f, E + pod * h + i, A + pod * h + j, 1, 1);
                tc__fab_edge(&f, A + pod * h + i, C + i * h + j, 1, 1);
            }
        }
    }
    return tc__fab_build(&f, &tc__fattree_ops, text, (int)K, 0, out);
}

static size_t fattree_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v = net->n;
    return tc__fab_name(buf, cap, "FT", &v, 1);
}

static int fattree_diameter(const tc_net_t *net)
{
    (void)net;
    return 6; /* host, edge, aggregation, core, aggregation, edge, host */
}

static tc_err_t fattree_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    int64_t k = net->n, h = k / 2;
    snprintf(out->title, sizeof out->title,
             "the %lld-ary fat-tree (Al-Fares, Loukissas, Vahdat, SIGCOMM 2008)", (long long)k);
    const char *src = "Al-Fares et al. 2008";
    int64_t hosts = tc_net_compute_nodes(net);
    tc__fab_fact_count(out, "hosts", src, hosts, "K^3/4", k * k * k / 4);
    tc__fab_fact_count(out, "switches", src, net->nodes - hosts, "5K^2/4", 5 * k * k / 4);
    tc__fab_fact_count(out, "core switches", src, net->nodes - hosts - 2 * k * h, "(K/2)^2", h * h);
    int lo, hi;
    tc__fab_degrees(net, hosts, net->nodes - hosts, true, &lo, &hi);
    tc__fab_fact_degree(out, "switch degree", src, lo, hi, "every switch", "K", (int)k);
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    tc__fab_fact_diameter(out, "host diameter", src, &d, true, "h e a c a e h", 6);
    tc__fab_fact_diameter(out, "switch diameter", src, &d, false, "e a c a e", 4);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__fattree_ops = {
    TC__GRAPH_BACKED_OPS,   .family = "fattree",  .syntax = "fattree:K",
    .parse = fattree_parse, .name = fattree_name, .diameter = fattree_diameter,
    .facts = fattree_facts, .params = 3,
};
