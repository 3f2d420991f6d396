/* The dragonfly of J. Kim, W. J. Dally, S. Scott and D. Abts, "Technology-driven, highly-scalable
 * dragonfly topology", ISCA 2008: groups of A routers joined all to all by local
 * links, P hosts and H global links on every router, and G = A H + 1 groups, the largest number
 * (one global link between every pair of groups). Global link l of a group (0 <= l < A H: the
 * (l mod H)-th global port of router l / H) of group g leads to group (g + l + 1) mod G, where it
 * is that group's global link G - 2 - l (an involution: from there, link G - 2 - l leads back to
 * group g by link l, and the links 0..G-2 of a group reach the G - 1 other groups once each).
 * A P G hosts, A G routers of degree (A-1) + P + H; routers are 3 links apart at most (local,
 * global, local; 1 with one group, or one router per group), hosts 2 more.
 *
 * dragonfly:A,P,H with A, P >= 1, H >= 0 (not A = 1 and H = 0: one router), (A-1) + P + H <= 64
 * (a router's ports). Ids: the hosts h0.. (router by router), then the routers r0.. (group by
 * group: router i of group g is r(g A + i)). The 72-host example of the paper's style: 4,2,2. */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern const tc__net_ops_t tc__dragonfly_ops;

static tc_err_t dragonfly_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[3];
    *out = NULL;
    if (!tc__net_parse_ints(args, 3, v)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not dragonfly:A,P,H (three integers).",
                        spec);
    }
    long A = v[0], P = v[1], H = v[2];
    if (A < 1 || P < 1 || H < 0 || A > TC__FAB_MAX_DEGREE || P > TC__FAB_MAX_DEGREE ||
        H > TC__FAB_MAX_DEGREE || (A - 1) + P + H > TC__FAB_MAX_DEGREE) {
        return tc__fail(TC_ERANGE,
                        "The dragonfly %.40s needs A >= 1 routers per group, P >= 1 hosts and "
                        "H >= 0 global links per router, with (A-1) + P + H <= %d (a router's "
                        "ports).",
                        spec, TC__FAB_MAX_DEGREE);
    }
    if (A == 1 && H == 0) {
        return tc__fail(TC_ERANGE, "The dragonfly %.40s is one router; it needs A >= 2 or H >= 1.",
                        spec);
    }
    int64_t G = A * H + 1, routers = A * G, hosts = routers * P;
    tc__fab_t f;
    char text[64];
    snprintf(text, sizeof text, "dragonfly:%ld,%ld,%ld", A, P, H);
    int64_t edges = hosts + G * A * (A - 1) / 2 + G * A * H / 2;
    tc_err_t err = tc__fab_init(&f, hosts, routers, edges, false, text);
    if (err != TC_OK) {
        return err;
    }
    int64_t R = hosts; /* router 0 */
    tc__fab_label(&f, R, routers, 'r');
    tc__fab_attach_hosts(&f, R, P, 1);
    for (int64_t g = 0; g < G; g++) {
        for (int64_t i = 0; i < A; i++) {
            for (int64_t j = i + 1; j < A; j++) {
                tc__fab_edge(&f, R + g * A + i, R + g * A + j, 1, 1);
            }
        }
        for (int64_t l = 0; l < A * H; l++) {
            int64_t g2 = (g + l + 1) % G, l2 = G - 2 - l;
            if (g < g2) { /* each global link once, from its lower group */
                tc__fab_edge(&f, R + g * A + l / H, R + g2 * A + l2 / H, 1, 1);
            }
        }
    }
    return tc__fab_build(&f, &tc__dragonfly_ops, text, (int)A, (int)P, out);
}

/* A, P and H, from the network's specification. */
static void sizes(const tc_net_t *net, long *v)
{
    int count = 0;
    v[0] = v[1] = v[2] = 0;
    tc__fab_spec_ints(net, v, 3, &count);
}

static size_t dragonfly_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v[3];
    sizes(net, v);
    return tc__fab_name(buf, cap, "DF", v, 3);
}

/* The largest distance between two routers. */
static int router_diameter(long A, long H)
{
    return A == 1 || H == 0 ? 1 : 3;
}

static int dragonfly_diameter(const tc_net_t *net)
{
    long v[3];
    sizes(net, v);
    return router_diameter(v[0], v[2]) + 2;
}

/* The global links between every pair of groups: whether each pair has exactly one (*pairs: the
 * pairs that have one), counted when there are at most 4096 groups. */
static bool global_links(const tc_net_t *net, int64_t A, int64_t G, int64_t *pairs)
{
    int64_t hosts = tc_net_compute_nodes(net);
    uint8_t *count = calloc((size_t)(G * G), 1);
    if (count == NULL) {
        return false;
    }
    bool ok = true;
    for (int64_t r = hosts; r < net->nodes; r++) {
        for (int p = 0; p < net->degree; p++) {
            int64_t w = tc_net_neighbor(net, r, p);
            int64_t g = (r - hosts) / A, g2 = (w - hosts) / A;
            if (w > r && tc_net_role(net, w) == TC_ROLE_SWITCH && g != g2) {
                ok = ok && count[g * G + g2] == 0;
                count[g * G + g2] = 1;
            }
        }
    }
    *pairs = 0;
    for (int64_t g = 0; g < G; g++) {
        for (int64_t g2 = g + 1; g2 < G; g2++) {
            *pairs += count[g * G + g2];
        }
    }
    free(count);
    return ok && *pairs == G * (G - 1) / 2;
}

static tc_err_t dragonfly_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    long v[3];
    sizes(net, v);
    int64_t A = v[0], P = v[1], H = v[2], G = A * H + 1;
    snprintf(out->title, sizeof out->title,
             "a dragonfly of %lld groups of %lld routers (Kim, Dally, Scott, Abts, ISCA 2008)",
             (long long)G, (long long)A);
    const char *src = "Kim et al. 2008";
    int64_t hosts = tc_net_compute_nodes(net);
    tc__fab_fact_count(out, "hosts", src, hosts, "a p (a h + 1)", A * P * G);
    tc__fab_fact_count(out, "routers", src, net->nodes - hosts, "a (a h + 1)", A * G);
    int64_t pairs = 0;
    if (G <= 4096) {
        bool ok = global_links(net, A, G, &pairs);
        tc_fact_t *f = tc_facts_add(out, "global links", src);
        tc__fact_value(f, "%lld pairs of groups joined%s", (long long)pairs,
                       ok ? ", one link each" : "; some twice");
        tc__fact_paper(f, "one per pair of the a h + 1 = %lld groups", (long long)G);
        tc__fact_judge(f, ok);
    }
    int lo, hi;
    tc__fab_degrees(net, hosts, net->nodes - hosts, true, &lo, &hi);
    tc__fab_fact_degree(out, "router degree", src, lo, hi, "every router", "(a-1) + p + h",
                        (int)((A - 1) + P + H));
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    d.noun = "routers";
    int rd = router_diameter(A, H);
    tc__fab_fact_diameter(out, "router diameter", src, &d, false,
                          rd == 3 ? "local, global, local" : "one group or one router per group",
                          rd);
    tc__fab_fact_diameter(out, "host diameter", src, &d, true, "router diameter + 2", rd + 2);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__dragonfly_ops = {
    TC__GRAPH_BACKED_OPS,        .family = "dragonfly",
    .syntax = "dragonfly:A,P,H", .parse = dragonfly_parse,
    .name = dragonfly_name,      .diameter = dragonfly_diameter,
    .facts = dragonfly_facts,    .params = 3,
};
