/* The regular HyperX of J. H. Ahn, N. Binkert, A. Davis, M. McLaren and R. S. Schreiber,
 * "HyperX: topology, routing, and packaging of efficient large-scale networks", SC 2009: S^L
 * switches at the points of an L-dimensional lattice of side S, every switch joined to all the
 * switches that differ from it in exactly one coordinate (a complete graph K_S along every
 * dimension: the Hamming graph H(L, S)), T hosts (terminals) on every switch,
 * every link of capacity 1 (the paper's K = 1). T S^L hosts; a switch has L (S-1) + T ports;
 * switches are L links apart at most (one per coordinate to change), hosts L + 2. With T = 1,
 * hyperx:2,8,1 is close to the 8 x 8 flattened butterfly.
 *
 * hyperx:L,S,T with L >= 1, S >= 2, T >= 1, L (S-1) + T <= 64 (a switch's ports) and at most
 * 2^21 nodes. Ids: the hosts h0.. (switch by switch), then the switches s0..: switch i sits at
 * the point whose coordinates are the base-S digits of i, coordinate 0 the least significant. */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>

extern const tc__net_ops_t tc__hyperx_ops;

static tc_err_t hyperx_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[3];
    *out = NULL;
    if (!tc__net_parse_ints(args, 3, v)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not hyperx:L,S,T (three integers).", spec);
    }
    long L = v[0], S = v[1], T = v[2];
    if (L < 1 || S < 2 || T < 1 || L > TC__FAB_MAX_DEGREE || S > TC__FAB_MAX_DEGREE + 1 ||
        T > TC__FAB_MAX_DEGREE || L * (S - 1) + T > TC__FAB_MAX_DEGREE) {
        return tc__fail(TC_ERANGE,
                        "The HyperX %.40s needs L >= 1 dimensions of side S >= 2 and T >= 1 hosts "
                        "per switch, with L (S-1) + T <= %d (a switch's ports).",
                        spec, TC__FAB_MAX_DEGREE);
    }
    int64_t switches = 1;
    for (long d = 0; d < L && switches <= TC__FAB_MAX_NODES; d++) {
        switches *= S;
    }
    if (switches > TC__FAB_MAX_NODES || switches * (1 + T) > TC__FAB_MAX_NODES) {
        return tc__fail(TC_ERANGE,
                        "The HyperX %.40s has more than %lld nodes, the most a fabric may have.",
                        spec, (long long)TC__FAB_MAX_NODES);
    }
    int64_t hosts = switches * T;
    tc__fab_t f;
    char text[64];
    snprintf(text, sizeof text, "hyperx:%ld,%ld,%ld", L, S, T);
    tc_err_t err =
        tc__fab_init(&f, hosts, switches, hosts + switches * L * (S - 1) / 2, false, text);
    if (err != TC_OK) {
        return err;
    }
    tc__fab_label(&f, hosts, switches, 's');
    tc__fab_attach_hosts(&f, hosts, T, 1);
    for (int64_t i = 0; i < switches; i++) {
        int64_t place = 1; /* S^d */
        for (long d = 0; d < L; d++, place *= S) {
            int64_t digit = i / place % S;
            for (int64_t x = digit + 1; x < S; x++) { /* the higher values of coordinate d */
                tc__fab_edge(&f, hosts + i, hosts + i + (x - digit) * place, 1, 1);
            }
        }
    }
    return tc__fab_build(&f, &tc__hyperx_ops, text, (int)L, (int)S, out);
}

/* L, S and T, from the network's specification. */
static void sizes(const tc_net_t *net, long *v)
{
    int count = 0;
    v[0] = v[1] = v[2] = 0;
    tc__fab_spec_ints(net, v, 3, &count);
}

static size_t hyperx_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v[3];
    sizes(net, v);
    return tc__fab_name(buf, cap, "HX", v, 3);
}

static int hyperx_diameter(const tc_net_t *net)
{
    return net->n + 2;
}

static tc_err_t hyperx_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    long v[3];
    sizes(net, v);
    int64_t L = v[0], S = v[1], T = v[2], switches = 1;
    for (int64_t d = 0; d < L; d++) {
        switches *= S;
    }
    snprintf(out->title, sizeof out->title,
             "the regular HyperX of %lld dimensions of side %lld (Ahn et al., SC 2009)",
             (long long)L, (long long)S);
    const char *src = "Ahn et al. 2009";
    int64_t hosts = tc_net_compute_nodes(net);
    tc__fab_fact_count(out, "hosts", src, hosts, "T S^L", T * switches);
    tc__fab_fact_count(out, "switches", src, net->nodes - hosts, "S^L", switches);
    int lo, hi;
    tc__fab_degrees(net, hosts, net->nodes - hosts, true, &lo, &hi);
    tc__fab_fact_degree(out, "switch degree", src, lo, hi, "every switch", "L (S-1) + T",
                        (int)(L * (S - 1) + T));
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    tc__fab_fact_diameter(out, "switch diameter", src, &d, false, "L", (int)L);
    tc__fab_fact_diameter(out, "host diameter", src, &d, true, "L + 2", (int)L + 2);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__hyperx_ops = {
    TC__GRAPH_BACKED_OPS,  .family = "hyperx",  .syntax = "hyperx:L,S,T",
    .parse = hyperx_parse, .name = hyperx_name, .diameter = hyperx_diameter,
    .facts = hyperx_facts, .params = 3,
};
