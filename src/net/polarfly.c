/* The PolarFly of K. Lakhotia, M. Besta, L. Monroe, K. Isham, P. Iff, T. Hoefler and F. Petrini,
 * "PolarFly: a cost-effective and flexible low-diameter topology", SC 2022, on the
 * Erdos-Renyi polarity graph ER_q (P. Erdos, A. Renyi and V. T. Sos, "On a problem of graph
 * theory", Studia Sci. Math. Hungar. 1, 1966; W. G. Brown, "On graphs that do not contain a
 * Thomsen graph", Canad. Math. Bull. 9, 1966): for a prime q, the q^2 + q + 1 routers are the
 * points of the projective plane PG(2,q), the nonzero vectors of Z_q^3 up to a factor, written
 * with their first nonzero coordinate 1, and two are joined when their dot product is 0 mod q.
 * No loops: the q + 1 self-orthogonal points (the quadrics, v.v = 0) have degree q, the others
 * q + 1. Any two points have a common neighbour (their cross product), so the diameter is 2.
 * P hosts on every router, by default ceil((q+1)/2).
 *
 * Only primes: a prime power (4, 8, 9, 25, ...) needs the arithmetic of the field GF(q), not of
 * the integers modulo q, which treecast does not do; they are refused.
 *
 * polarfly:Q[,P] with Q a prime in 2..61 and 1 <= P, Q + 1 + P <= 64 (a router's ports; with
 * the default P, Q <= 41). Ids: the hosts h0.. (router by router), then the routers r0..: r0 is
 * (0,0,1), r(1+b) is (0,1,b), r(1+q+aq+b) is (1,a,b). */
#include "core/internal.h"
#include "net/fabric.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define POLARFLY_MAX_Q 61

extern const tc__net_ops_t tc__polarfly_ops;

/* Refuse a Q that is not a prime of 2..61, saying why. */
static tc_err_t check_q(const char *spec, long q)
{
    if (q < 2 || q > POLARFLY_MAX_Q) {
        return tc__fail(TC_ERANGE,
                        "The PolarFly %.40s needs a prime Q in 2..%d (a router has Q+1 links to "
                        "routers and a host, at most 64 ports).",
                        spec, POLARFLY_MAX_Q);
    }
    return tc__fab_need_prime("PolarFly", spec, "projective plane", q);
}

/* The coordinates of point i of PG(2,q) in the order of the ids. */
static void point(int64_t q, int64_t i, int64_t *v)
{
    v[0] = i <= q ? 0 : 1;
    v[1] = i == 0 ? 0 : i <= q ? 1 : (i - 1 - q) / q;
    v[2] = i == 0 ? 1 : i <= q ? i - 1 : (i - 1 - q) % q;
}

static tc_err_t polarfly_parse(const char *spec, const char *args, tc_net_t **out)
{
    long v[2];
    int count = 0;
    *out = NULL;
    if (!tc__fab_parse_ints(args, 1, 2, v, &count)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not polarfly:Q[,P] (one or two integers).",
                        spec);
    }
    long q = v[0];
    tc_err_t err = check_q(spec, q);
    if (err != TC_OK) {
        return err;
    }
    long dflt = (q + 2) / 2, P = count == 2 ? v[1] : dflt;
    if (P < 1 || P > TC__FAB_MAX_DEGREE - (q + 1)) {
        if (count == 1) {
            return tc__fail(TC_ERANGE,
                            "The PolarFly %.40s puts ceil((q+1)/2) = %ld hosts on routers of %ld "
                            "router links: %ld ports, above %d; give fewer hosts (polarfly:%ld,P "
                            "with P <= %ld).",
                            spec, P, q + 1, q + 1 + P, TC__FAB_MAX_DEGREE, q,
                            TC__FAB_MAX_DEGREE - (q + 1));
        }
        return tc__fail(TC_ERANGE,
                        "The PolarFly %.40s has routers of %ld router links; P hosts each need P "
                        "in 1..%ld (at most %d ports).",
                        spec, q + 1, TC__FAB_MAX_DEGREE - (q + 1), TC__FAB_MAX_DEGREE);
    }
    int64_t Q = q, routers = Q * Q + Q + 1, hosts = routers * P;
    tc__fab_t f;
    char text[64];
    if (P == dflt) {
        snprintf(text, sizeof text, "polarfly:%ld", q);
    } else {
        snprintf(text, sizeof text, "polarfly:%ld,%ld", q, P);
    }
    err = tc__fab_init(&f, hosts, routers, hosts + (Q + 1) * (routers - 1) / 2, false, text);
    if (err != TC_OK) {
        return err;
    }
    tc__fab_label(&f, hosts, routers, 'r');
    tc__fab_attach_hosts(&f, hosts, P, 1);
    for (int64_t i = 0; i < routers; i++) {
        int64_t a[3], b[3];
        point(Q, i, a);
        for (int64_t j = i + 1; j < routers; j++) {
            point(Q, j, b);
            if ((a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) % Q == 0) {
                tc__fab_edge(&f, hosts + i, hosts + j, 1, 1);
            }
        }
    }
    return tc__fab_build(&f, &tc__polarfly_ops, text, (int)q, (int)P, out);
}

static size_t polarfly_name(const tc_net_t *net, char *buf, size_t cap)
{
    long v[2] = {net->n, net->k};
    return tc__fab_name(buf, cap, "PF", v, net->k == (net->n + 2) / 2 ? 1 : 2);
}

static int polarfly_diameter(const tc_net_t *net)
{
    (void)net;
    return 4; /* host, router, router, router, host */
}

static tc_err_t polarfly_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    if (err != TC_OK) {
        return err;
    }
    int64_t q = net->n, P = net->k;
    snprintf(out->title, sizeof out->title,
             "the PolarFly on the polarity graph ER_%lld (Lakhotia et al., SC 2022)", (long long)q);
    const char *src = "Lakhotia et al. 2022";
    int64_t hosts = tc_net_compute_nodes(net), routers = net->nodes - hosts;
    tc__fab_fact_count(out, "hosts", src, hosts, "(q^2+q+1) p", (q * q + q + 1) * P);
    tc__fab_fact_count(out, "routers", src, routers, "q^2+q+1", q * q + q + 1);
    /* the quadrics have q router links, the other routers q + 1 */
    int64_t quadrics = 0, others = 0;
    for (int64_t r = hosts; r < net->nodes; r++) {
        int lo, hi;
        tc__fab_degrees(net, r, 1, false, &lo, &hi);
        quadrics += lo == q;
        others += lo == q + 1;
    }
    tc_fact_t *f = tc_facts_add(out, "router degree", src);
    tc__fact_value(f, "%lld at %lld routers, %lld at %lld%s", (long long)(q + 1), (long long)others,
                   (long long)q, (long long)quadrics,
                   quadrics + others == routers ? "" : ", others elsewhere");
    tc__fact_paper(f, "q+1 = %lld; q at the q+1 = %lld quadrics", (long long)(q + 1),
                   (long long)(q + 1));
    tc__fact_judge(f, quadrics == q + 1 && others == routers - (q + 1));
    int lo, hi;
    tc__fab_degrees(net, hosts, routers, true, &lo, &hi);
    f = tc_facts_add(out, "router ports", src);
    tc__fact_value(f, "%d .. %d (with the hosts)", lo, hi);
    tc__fact_paper(f, "q + p .. q+1 + p = %lld .. %lld", (long long)(q + P),
                   (long long)(q + 1 + P));
    tc__fact_judge(f, lo == q + P && hi == q + 1 + P);
    tc__fab_dist_t d;
    err = tc__fab_distances(net, &d);
    if (err != TC_OK) {
        return err;
    }
    d.noun = "routers";
    tc__fab_fact_diameter(out, "router diameter", src, &d, false, "ER_q", 2);
    tc__fab_fact_diameter(out, "host diameter", src, &d, true, "router diameter + 2", 4);
    tc__facts_fabric(net, out);
    return TC_OK;
}

const tc__net_ops_t tc__polarfly_ops = {
    TC__GRAPH_BACKED_OPS,    .family = "polarfly",  .syntax = "polarfly:Q[,P]",
    .parse = polarfly_parse, .name = polarfly_name, .diameter = polarfly_diameter,
    .facts = polarfly_facts, .params = 3,
};
