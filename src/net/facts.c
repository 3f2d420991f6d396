/* Facts about a network (treecast info): the family's own (its paper's formulas beside
 * enumerated values), or, for a family without them, what breadth-first search measures. */
#include "core/internal.h"
#include "net/net_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tc_fact_t *tc_facts_add(tc_facts_t *facts, const char *key, const char *source)
{
    if (facts->count >= TC_FACTS_MAX) {
        return NULL;
    }
    tc_fact_t *f = &facts->rows[facts->count++];
    memset(f, 0, sizeof *f);
    snprintf(f->key, sizeof f->key, "%s", key);
    snprintf(f->source, sizeof f->source, "%s", source ? source : "");
    f->verdict = TC_FACT_INFO;
    return f;
}

void tc__fact_value(tc_fact_t *f, const char *fmt, ...)
{
    if (f == NULL) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->value, sizeof f->value, fmt, ap);
    va_end(ap);
}

void tc__fact_paper(tc_fact_t *f, const char *fmt, ...)
{
    if (f == NULL) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->paper, sizeof f->paper, fmt, ap);
    va_end(ap);
}

void tc__fact_judge(tc_fact_t *f, bool agrees)
{
    if (f != NULL) {
        f->verdict = agrees ? TC_FACT_AGREES : TC_FACT_DIFFERS;
    }
}

/* Measured by breadth-first search: degrees and edges by looking at every port, distances from
 * node 0 (and, when the network has no translations and at most 4096 nodes, from every node for
 * the diameter). Networks above 2^22 nodes are not enumerated. */
tc_err_t tc__facts_measure(const tc_net_t *net, tc_net_measure_t *m)
{
    memset(m, 0, sizeof *m);
    int64_t N = net->nodes;
    if (N > ((int64_t)1 << 22)) {
        return TC_OK;
    }
    uint8_t *dist = malloc((size_t)N);
    if (dist == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory measuring a network of %lld nodes.",
                        (long long)N);
    }
    m->enumerated = true;
    m->dmin = net->degree;
    for (int64_t v = 0; v < N; v++) {
        int deg = 0;
        for (int p = 0; p < net->degree; p++) {
            int64_t u = tc_net_neighbor(net, v, net->dim_lo + p);
            deg += u >= 0;
            m->edges += u > v;
        }
        m->dmin = deg < m->dmin ? deg : m->dmin;
        m->dmax = deg > m->dmax ? deg : m->dmax;
    }
    tc_err_t err = tc__net_bfs(net, 0, dist);
    double sum = 0;
    for (int64_t v = 0; err == TC_OK && v < N; v++) {
        if (dist[v] == 0xFF) {
            m->unreachable++;
            continue;
        }
        m->by_dist[dist[v] < TC_FACTS_DIST ? dist[v] : TC_FACTS_DIST - 1]++;
        m->ecc0 = dist[v] > m->ecc0 ? dist[v] : m->ecc0;
        sum += dist[v];
    }
    m->average0 = N > m->unreachable ? sum / (double)(N - m->unreachable) : 0; /* over reached */
    m->diameter = m->ecc0;
    m->diameter_all = tc_net_translates(net); /* every node sees the same distances */
    if (err == TC_OK && !m->diameter_all && N <= 4096) {
        for (int64_t s = 1; s < N && err == TC_OK; s++) {
            err = tc__net_bfs(net, s, dist);
            for (int64_t v = 0; err == TC_OK && v < N; v++) {
                m->diameter = dist[v] != 0xFF && dist[v] > m->diameter ? dist[v] : m->diameter;
            }
        }
        m->diameter_all = true;
    }
    free(dist);
    return err;
}

tc_err_t tc__facts_generic(const tc_net_t *net, tc_facts_t *out)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    snprintf(out->title, sizeof out->title, "a %s network", net->ops->family);
    tc_net_measure_t m;
    tc_err_t err = tc__facts_measure(net, &m);
    if (err != TC_OK) {
        return err;
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", "");
    tc__fact_value(f, "%lld", (long long)net->nodes);
    f = tc_facts_add(out, "edges", "");
    tc__fact_value(f, "%lld", (long long)tc_net_edges(net));
    if (m.enumerated) {
        tc__fact_paper(f, "%lld neighbour pairs counted", (long long)m.edges);
        tc__fact_judge(f, m.edges == tc_net_edges(net));
        f = tc_facts_add(out, "degree", "");
        tc__fact_value(f, m.dmin == m.dmax ? "%d" : "%d .. %d", m.dmin, m.dmax);
        f = tc_facts_add(out, "diameter", "");
        if (m.unreachable > 0) { /* some pairs are at no distance at all */
            tc__fact_value(f,
                           "none: not connected, %lld components (largest distance within "
                           "one: %d)",
                           (long long)tc_net_components(net), m.diameter);
        } else {
            tc__fact_value(f, "%d (%s)", m.diameter,
                           m.diameter_all ? "every pair" : "largest distance from node 0");
        }
        if (tc_net_diameter(net) >= 0) {
            tc__fact_paper(f, "%d", tc_net_diameter(net));
            tc__fact_judge(f, tc_net_diameter(net) == m.diameter);
        }
        f = tc_facts_add(out, "average_distance", "");
        if (m.unreachable > 0) {
            tc__fact_value(f, "%.6f (from node 0, to the %lld nodes it reaches)", m.average0,
                           (long long)(net->nodes - m.unreachable));
        } else {
            tc__fact_value(f, "%.6f (from node 0)", m.average0);
        }
        f = tc_facts_add(out, "connected", "");
        tc__fact_value(f, m.unreachable == 0 ? "yes" : "no: %lld nodes unreachable from node 0",
                       (long long)m.unreachable);
        tc__facts_distribution(out, &m, 0);
    }
    return TC_OK;
}

void tc__facts_distribution(tc_facts_t *out, const tc_net_measure_t *m, int64_t from)
{
    out->dist_from = from;
    out->dist_max = -1;
    for (int d = 0; d < TC_FACTS_DIST; d++) {
        out->by_dist[d] = m->by_dist[d];
        out->dist_max = m->by_dist[d] > 0 ? d : out->dist_max;
    }
}

tc_err_t tc_net_facts(const tc_net_t *net, tc_facts_t *out)
{
    memset(out, 0, sizeof *out);
    out->dist_max = -1;
    if (net->ops->facts != NULL) {
        return net->ops->facts(net, out);
    }
    return tc__facts_generic(net, out);
}

/* The facts every Cayley graph on the permutations of n symbols with n-1 transpositions or
 * reversals as generators shares (the bubble-sort and pancake graphs): measured up to 8! nodes
 * into *m, then the rows nodes = n!, edges = n!(n-1)/2 and degree = n-1, cited to `source`. */
tc_err_t tc__facts_permutations(const tc_net_t *net, const char *source, tc_net_measure_t *m,
                                tc_facts_t *out)
{
    int n = net->n;
    int64_t edges = tc_net_edges(net); /* the family's own count, n!(n-1)/2 */
    if (net->nodes <= 40320) {         /* enumerated: the neighbours are unranked */
        tc_err_t err = tc__facts_measure(net, m);
        if (err != TC_OK) {
            return err;
        }
    }
    tc_fact_t *f = tc_facts_add(out, "nodes", source);
    tc__fact_value(f, "%lld", (long long)net->nodes);
    tc__fact_paper(f, "n! = %lld", (long long)tc_star_factorial(n));
    tc__fact_judge(f, net->nodes == tc_star_factorial(n));
    f = tc_facts_add(out, "edges", source);
    tc__fact_paper(f, "n!(n-1)/2 = %lld", (long long)edges);
    if (m->enumerated) {
        tc__fact_value(f, "%lld (neighbour pairs counted)", (long long)m->edges);
        tc__fact_judge(f, m->edges == edges);
    } else {
        tc__fact_value(f, "not enumerated above n = 8");
    }
    f = tc_facts_add(out, "degree", source);
    tc__fact_paper(f, "n-1 = %d", n - 1);
    tc__fact_value(f, "%d", net->degree);
    tc__fact_judge(f, net->degree == n - 1);
    return TC_OK;
}
