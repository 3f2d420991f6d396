/* The two-tier Clos network, or leaf-spine fabric (C. Clos, "A study of non-blocking switching
 * networks", Bell System Technical Journal 32(2), 1953, folded; M. Alizadeh and T. Edsall, "On
 * the data path performance of leaf-spine datacenter fabrics", IEEE HOTI 2013; Cisco, "Cisco
 * Data Center Spine-and-Leaf Architecture: Design Overview", white paper, 2016): L leaf switches
 * and S spine switches, every leaf joined to every spine, H hosts on every leaf, oversubscribed
 * R:1 at the leaves: a host's link has capacity R S / g and a leaf-spine link H / g (both ways,
 * g = tc__gcd64(R S, H)), so that the H host links of a leaf carry H R S / g, R times its S
 * uplinks' S H / g. L H hosts, L + S switches; hosts are 4 links apart at most (2 with one leaf).
 *
 * leafspine:L,S,H,R with 1 <= L <= 64 (a spine has L ports), S, H >= 1 and H + S <= 64 (a
 * leaf's ports), 1 <= R <= 100, at least 2 hosts. Ids: the hosts h0.. (leaf by leaf), the leaves
 * l0.., the spines s0... */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>

#define LEAFSPINE_MAX_R 100

extern const tc__net_ops_t tc__leafspine_ops;

static tc_err_t leafspine_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[4];
    *out = NULL;
    if (!tc__net_parse_ints(args, 4, v)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not leafspine:L,S,H,R (four integers).",
                        spec);
    }
    long L = v[0], S = v[1], H = v[2], R = v[3];
    if (L < 1 || L > TC__FAB_MAX_DEGREE) {
        return tc__fail(TC_ERANGE, "The leaf-spine fabric %.40s needs 1..%d leaves (L).", spec,
                        TC__FAB_MAX_DEGREE);
    }
    if (S < 1 || H < 1 || S > TC__FAB_MAX_DEGREE || H > TC__FAB_MAX_DEGREE ||
        S + H > TC__FAB_MAX_DEGREE) {
        return tc__fail(TC_ERANGE,
                        "The leaf-spine fabric %.40s needs S >= 1 spines and H >= 1 hosts per "
                        "leaf with H + S <= %d (a leaf's ports).",
                        spec, TC__FAB_MAX_DEGREE);
    }
    if (R < 1 || R > LEAFSPINE_MAX_R) {
        return tc__fail(TC_ERANGE,
                        "The leaf-spine fabric %.40s needs an oversubscription R in 1..%d.", spec,
                        LEAFSPINE_MAX_R);
    }
    if (L * H < 2) {
        return tc__fail(TC_ERANGE, "The leaf-spine fabric %.40s has 1 host; a network needs 2.",
                        spec);
    }
    int64_t g = tc__gcd64(R * S, H), c_host = R * S / g, c_up = H / g;
    int64_t hosts = L * H;
    tc__fab_t f;
    char text[64];
    snprintf(text, sizeof text, "leafspine:%ld,%ld,%ld,%ld", L, S, H, R);
    tc_err_t err = tc__fab_init(&f, hosts, L + S, hosts + L * S, true, text);
    if (err != TC_OK) {
        return err;
    }
    int64_t leaf = hosts, spine = hosts + L;
    tc__fab_label(&f, leaf, L, 'l');
    tc__fab_label(&f, spine, S, 's');
    tc__fab_attach_hosts(&f, leaf, H, c_host);
    for (int64_t i = 0; i < L; i++) {
        for (int64_t j = 0; j < S; j++) {
            tc__fab_edge(&f, leaf + i, spine + j, c_up, c_up);
        }
    }
    return tc__fab_build(&f, &tc__leafspine_ops, text, (int)L, (int)S, out);
}

/* L, S, H and R, from the network's specification. */
static void sizes(const tc_net_t *net, long *v)
{
    int count = 0;
    v[0] = v[1] = v[2] = v[3] = 0;
    tc__fab_spec_ints(net, v, 4, &count);
}

static size_t leafspine_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v[4];
    sizes(net, v);
    return tc__fab_name(buf, cap, "LS", v, 4);
}

static int leafspine_diameter(const tc_net_t *net)
{
    return net->n == 1 ? 2 : 4; /* host, leaf, spine, leaf, host */
}

/* The oversubscription of every leaf: the capacity of its host links over that of its uplinks
 * (*down and *up, of the first leaf), and whether every leaf has down = R up. */
static bool oversubscription(const tc_net_t *net, int64_t R, int64_t *down, int64_t *up)
{
    int64_t hosts = tc_net_compute_nodes(net);
    bool same = true;
    for (int64_t leaf = hosts; leaf < hosts + net->n; leaf++) {
        int64_t d = 0, u = 0;
        for (int p = 0; p < net->degree; p++) {
            int64_t w = tc_net_neighbor(net, leaf, p);
            if (w >= 0) {
                int64_t c = tc_net_capacity(net, leaf, p);
                d += tc_net_role(net, w) == TC_ROLE_COMPUTE ? c : 0;
                u += tc_net_role(net, w) == TC_ROLE_SWITCH ? c : 0;
            }
        }
        if (leaf == hosts) {
            *down = d;
            *up = u;
        }
        same = same && d == R * u;
    }
    return same;
}

static tc_err_t leafspine_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    long v[4];
    sizes(net, v);
    int64_t L = v[0], S = v[1], H = v[2], R = v[3];
    snprintf(out->title, sizeof out->title,
             "a leaf-spine fabric of %lld leaves and %lld spines, %lld:1 (Alizadeh, Edsall)",
             (long long)L, (long long)S, (long long)R);
    const char *src = "Alizadeh-Edsall 2013";
    int64_t hosts = tc_net_compute_nodes(net);
    tc__fab_fact_count(out, "hosts", src, hosts, "L H", L * H);
    tc__fab_fact_count(out, "switches", src, net->nodes - hosts, "L + S", L + S);
    int lo, hi;
    tc__fab_degrees(net, hosts, L, true, &lo, &hi);
    tc__fab_fact_degree(out, "leaf degree", src, lo, hi, "every leaf", "H + S", (int)(H + S));
    tc__fab_degrees(net, hosts + L, S, true, &lo, &hi);
    tc__fab_fact_degree(out, "spine degree", src, lo, hi, "every spine", "L", (int)L);
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    tc__fab_fact_diameter(out, "host diameter", src, &d, true,
                          L == 1 ? "h l h (one leaf)" : "h l s l h", L == 1 ? 2 : 4);
    int64_t down = 0, up = 0;
    bool same = oversubscription(net, R, &down, &up);
    tc_fact_t *f = tc_facts_add(out, "oversubscription", "Cisco 2016");
    int64_t g = tc__gcd64(down, up);
    tc__fact_value(f, "%lld:%lld (a leaf's host links carry %lld, its uplinks %lld%s)",
                   (long long)(down / g), (long long)(up / g), (long long)down, (long long)up,
                   same ? "" : "; leaves differ");
    tc__fact_paper(f, "R:1 = %lld:1", (long long)R);
    tc__fact_judge(f, same);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__leafspine_ops = {
    TC__GRAPH_BACKED_OPS,          .family = "leafspine",
    .syntax = "leafspine:L,S,H,R", .parse = leafspine_parse,
    .name = leafspine_name,        .diameter = leafspine_diameter,
    .facts = leafspine_facts,      .params = 3,
};
