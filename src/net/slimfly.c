/* The Slim Fly of M. Besta and T. Hoefler, "Slim Fly: a cost effective low-diameter network
 * topology", SC 2014 (its MMS construction), on the graphs of B. D. McKay, M. Miller and J. Siran,
 * "A note on large graphs of diameter two and given maximum degree", Journal of Combinatorial
 * Theory B 74, 1998 (MMS graphs; P. R. Hafner, "Geometric realisation of the graphs of McKay-
 * Miller-Siran", JCTB 90, 2004). For a prime q = 4w + delta, delta = 1 or -1 (q = 1 or 3 mod
 * 4), and xi a primitive root modulo q: the 2q^2 routers (0,x,y) and (1,m,c), x, y, m, c in Z_q;
 *   (0,x,y) ~ (0,x,y') iff y - y' in X,  (1,m,c) ~ (1,m,c') iff c - c' in X',
 *   (0,x,y) ~ (1,m,c) iff y = m x + c (mod q),
 * with, for delta = 1, X = {1, xi^2, xi^4, ..., xi^(q-3)} and X' = {xi, xi^3, ..., xi^(q-2)} (the
 * even and the odd powers), and for delta = -1
 *   X  = {1, xi^2, ..., xi^(2w-2), xi^(2w-1), xi^(2w+1), ..., xi^(4w-3)},
 *   X' = {xi, xi^3, ..., xi^(2w-1), xi^(2w), xi^(2w+2), ..., xi^(4w-2)}
 * (w powers of each parity in each set; -1 = xi^(2w-1) is in both, so that X = -X and X' = -X').
 * The router graph is regular of degree k' = (3q - delta)/2 and has diameter 2: the tests
 * (test_fabrics) and `treecast info` check both by search. P hosts on every router, by default
 * the paper's balanced ceil(k'/2).
 *
 * Only primes: q = 4w (delta = 0) happens for powers of 2 alone, and a prime power (4, 8, 9, 25,
 * ...) needs the arithmetic of the field GF(q), not of the integers modulo q, which treecast does
 * not do; they are refused.
 *
 * slimfly:Q[,P] with Q a prime in 3..41 and 1 <= P, k' + P <= 64 (a router's ports; with the
 * default P, Q <= 23). Ids: the hosts h0.. (router by router), then the routers r0..: router
 * (s,a,b) is r(s q^2 + a q + b). */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SLIMFLY_MAX_Q 41

extern const tc__net_ops_t tc__slimfly_ops;

/* delta of q = 4w + delta. */
static int delta_of(long q)
{
    return q % 4 == 1 ? 1 : -1;
}

/* The router degree k' = (3q - delta)/2. */
static int router_degree(long q)
{
    return (int)((3 * q - delta_of(q)) / 2);
}

/* Refuse a Q that is not a prime of 3..41, saying why. */
static tc_err_t check_q(const char *spec, long q)
{
    if (q < 3 || q > SLIMFLY_MAX_Q) {
        return tc__fail(TC_ERANGE,
                        "The Slim Fly %.40s needs a prime Q in 3..%d (a router has (3Q-delta)/2 "
                        "links to routers, at most 64 ports).",
                        spec, SLIMFLY_MAX_Q);
    }
    return tc__fab_need_prime("Slim Fly", spec, "MMS graph", q);
}

/* The generator sets X (in_x) and X' (in_xp) as membership tables over Z_q. */
static void generators(int q, uint8_t *in_x, uint8_t *in_xp)
{
    int xi = tc__fab_primitive_root(q), delta = delta_of(q), w = (q - delta) / 4;
    for (int e = 0; e < q; e++) {
        in_x[e] = in_xp[e] = 0;
    }
    int64_t power = 1; /* xi^e; xi^(q-1) = 1 again, which X' names as xi^(4w-2) */
    for (int e = 0; e < q; e++, power = power * xi % q) {
        bool x, xp;
        if (delta == 1) {
            x = e % 2 == 0;
            xp = e % 2 == 1;
        } else {
            x = (e % 2 == 0 && e <= 2 * w - 2) || (e % 2 == 1 && e >= 2 * w - 1 && e <= 4 * w - 3);
            xp = (e % 2 == 1 && e <= 2 * w - 1) || (e % 2 == 0 && e >= 2 * w && e <= 4 * w - 2);
        }
        in_x[power] = in_x[power] || x;
        in_xp[power] = in_xp[power] || xp;
    }
}

static tc_err_t slimfly_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[2];
    int count = 0;
    *out = NULL;
    if (!tc__fab_parse_ints(args, 1, 2, v, &count)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not slimfly:Q[,P] (one or two integers).",
                        spec);
    }
    long q = v[0];
    tc_err_t err = check_q(spec, q);
    if (err != TC_OK) {
        return err;
    }
    long kp = router_degree(q), dflt = (kp + 1) / 2, P = count == 2 ? v[1] : dflt;
    if (P < 1 || P > TC__FAB_MAX_DEGREE - kp) {
        if (count == 1) {
            return tc__fail(TC_ERANGE,
                            "The Slim Fly %.40s puts ceil(k'/2) = %ld hosts on routers of %ld "
                            "router links: %ld ports, above %d; give fewer hosts (slimfly:%ld,P "
                            "with P <= %ld).",
                            spec, P, kp, kp + P, TC__FAB_MAX_DEGREE, q, TC__FAB_MAX_DEGREE - kp);
        }
        return tc__fail(TC_ERANGE,
                        "The Slim Fly %.40s has routers of %ld router links; P hosts each need P "
                        "in 1..%ld (at most %d ports).",
                        spec, kp, TC__FAB_MAX_DEGREE - kp, TC__FAB_MAX_DEGREE);
    }
    uint8_t in_x[SLIMFLY_MAX_Q], in_xp[SLIMFLY_MAX_Q];
    generators((int)q, in_x, in_xp);
    for (long e = 1; e < q; e++) {
        if (in_x[e] != in_x[q - e] || in_xp[e] != in_xp[q - e] || in_x[0] || in_xp[0]) {
            return tc__fail(TC_EINVAL, "The generator sets of %.40s are not symmetric.", spec);
        }
    }
    int64_t Q = q, routers = 2 * Q * Q, hosts = routers * P;
    tc__fab_t f;
    char text[64];
    if (P == dflt) {
        snprintf(text, sizeof text, "slimfly:%ld", q);
    } else {
        snprintf(text, sizeof text, "slimfly:%ld,%ld", q, P);
    }
    err = tc__fab_init(&f, hosts, routers, hosts + routers * kp / 2, false, text);
    if (err != TC_OK) {
        return err;
    }
    int64_t R = hosts, R1 = hosts + Q * Q; /* routers (0,0,0) and (1,0,0) */
    tc__fab_label(&f, R, routers, 'r');
    tc__fab_attach_hosts(&f, R, P, 1);
    for (int64_t a = 0; a < Q; a++) {
        for (int64_t b = 0; b < Q; b++) {
            for (int64_t b2 = b + 1; b2 < Q; b2++) {
                if (in_x[(b - b2 + Q) % Q]) {
                    tc__fab_edge(&f, R + a * Q + b, R + a * Q + b2, 1, 1);
                }
                if (in_xp[(b - b2 + Q) % Q]) {
                    tc__fab_edge(&f, R1 + a * Q + b, R1 + a * Q + b2, 1, 1);
                }
            }
            for (int64_t m = 0; m < Q; m++) { /* (0,a,b) ~ (1,m,c) with b = m a + c */
                int64_t c = ((b - m * a) % Q + Q) % Q;
                tc__fab_edge(&f, R + a * Q + b, R1 + m * Q + c, 1, 1);
            }
        }
    }
    return tc__fab_build(&f, &tc__slimfly_ops, text, (int)q, (int)P, out);
}

static size_t slimfly_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v[2] = {net->n, net->k};
    return tc__fab_name(buf, cap, "SF", v, net->k == (router_degree(net->n) + 1) / 2 ? 1 : 2);
}

static int slimfly_diameter(const tc_net_t *net)
{
    (void)net;
    return 4; /* host, router, router, router, host */
}

static tc_err_t slimfly_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    int64_t q = net->n, P = net->k, kp = router_degree(net->n);
    snprintf(out->title, sizeof out->title,
             "the Slim Fly on the MMS graph of q = %lld, delta = %d (Besta, Hoefler, SC 2014)",
             (long long)q, delta_of(net->n));
    const char *src = "Besta-Hoefler 2014";
    int64_t hosts = tc_net_compute_nodes(net);
    tc__fab_fact_count(out, "hosts", src, hosts, "2q^2 p", 2 * q * q * P);
    tc__fab_fact_count(out, "routers", src, net->nodes - hosts, "2q^2", 2 * q * q);
    int lo, hi;
    tc__fab_degrees(net, hosts, net->nodes - hosts, false, &lo, &hi);
    tc__fab_fact_degree(out, "router degree", src, lo, hi, "links to routers", "k' = (3q-delta)/2",
                        (int)kp);
    tc__fab_degrees(net, hosts, net->nodes - hosts, true, &lo, &hi);
    tc__fab_fact_degree(out, "router ports", src, lo, hi, "with the hosts", "k' + p",
                        (int)(kp + P));
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    d.noun = "routers";
    tc__fab_fact_diameter(out, "router diameter", src, &d, false, "MMS graphs", 2);
    tc__fab_fact_diameter(out, "host diameter", src, &d, true, "router diameter + 2", 4);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__slimfly_ops = {
    TC__GRAPH_BACKED_OPS,   .family = "slimfly",  .syntax = "slimfly:Q[,P]",
    .parse = slimfly_parse, .name = slimfly_name, .diameter = slimfly_diameter,
    .facts = slimfly_facts, .params = 3,
};
