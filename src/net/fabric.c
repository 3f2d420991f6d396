/* What the families of fabrics share (net/fabric.h): building a network of hosts and switches
 * from its edges, parsing a list of integers, primes, and the distances measured over the
 * switches for the facts. */
#include "net/fabric.h"
#include "core/internal.h"
#include "net/net_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The arcs breadth-first search may visit for one facts table (about 0.2 s). */
#define FAB_SEARCH_BUDGET ((int64_t)1 << 26)
/* Above this many nodes the facts do not search at all. */
#define FAB_SEARCH_NODES ((int64_t)1 << 20)

void tc__fab_free(tc__fab_t *f)
{
    free(f->edges);
    free(f->capacity);
    free(f->role);
    free(f->text);
    free(f->labels);
    memset(f, 0, sizeof *f);
}

tc_err_t tc__fab_init(tc__fab_t *f, int64_t hosts, int64_t switches, int64_t max_edges,
                      bool capacities, const char *spec)
{
    memset(f, 0, sizeof *f);
    f->hosts = hosts;
    f->nodes = hosts + switches;
    f->max_edges = max_edges;
    size_t N = (size_t)f->nodes;
    f->edges = tc__malloc_array((size_t)max_edges * 2, sizeof *f->edges);
    f->capacity = capacities ? tc__malloc_array((size_t)max_edges * 2, sizeof *f->capacity) : NULL;
    f->role = malloc(N);
    f->text = tc__malloc_array(N, sizeof *f->text);
    f->labels = tc__malloc_array(N, sizeof *f->labels);
    if (f->edges == NULL || (capacities && f->capacity == NULL) || f->role == NULL ||
        f->text == NULL || f->labels == NULL) {
        tc__fab_free(f);
        return tc__fail(TC_ENOMEM, "Out of memory creating %.40s.", spec);
    }
    memset(f->role, TC_ROLE_COMPUTE, (size_t)hosts);
    memset(f->role + hosts, TC_ROLE_SWITCH, (size_t)switches);
    for (size_t v = 0; v < N; v++) {
        f->labels[v] = f->text[v];
    }
    tc__fab_label(f, 0, hosts, 'h');
    return TC_OK;
}

void tc__fab_label(tc__fab_t *f, int64_t first, int64_t count, char prefix)
{
    for (int64_t j = 0; j < count; j++) {
        snprintf(f->text[first + j], sizeof f->text[0], "%c%d", prefix, (int)j);
    }
}

void tc__fab_edge(tc__fab_t *f, int64_t u, int64_t v, int64_t c_uv, int64_t c_vu)
{
    assert(f->nedges < f->max_edges);
    f->edges[2 * f->nedges] = u;
    f->edges[2 * f->nedges + 1] = v;
    if (f->capacity != NULL) {
        f->capacity[2 * f->nedges] = c_uv;
        f->capacity[2 * f->nedges + 1] = c_vu;
    }
    f->nedges++;
}

void tc__fab_attach_hosts(tc__fab_t *f, int64_t first_switch, int64_t per, int64_t c)
{
    for (int64_t h = 0; h < f->hosts; h++) {
        tc__fab_edge(f, h, first_switch + h / per, c, c);
    }
}

tc_err_t tc__fab_build(tc__fab_t *f, const tc__net_ops_t *ops, const char *spec, int n, int k,
                       tc_net_t **out)
{
    tc_err_t err = tc__net_fabric(ops, spec, n, k, f->nodes, f->nedges, f->edges, f->capacity,
                                  f->role, f->labels, out);
    tc__fab_free(f);
    return err;
}

bool tc__fab_parse_ints(const char *args, int min, int max, long *values, int *count)
{
    for (int c = max; c >= min; c--) {
        if (tc__net_parse_ints(args, c, values)) {
            *count = c;
            return true;
        }
    }
    return false;
}

bool tc__fab_spec_ints(const tc_net_t *net, long *v, int max, int *count)
{
    const char *colon = strchr(net->spec, ':');
    *count = 0;
    return colon != NULL && tc__fab_parse_ints(colon + 1, 1, max, v, count);
}

bool tc__fab_prime(long q)
{
    if (q < 2) {
        return false;
    }
    for (long d = 2; d * d <= q; d++) {
        if (q % d == 0) {
            return false;
        }
    }
    return true;
}

tc_err_t tc__fab_need_prime(const char *fabric, const char *spec, const char *structure, long q)
{
    if (tc__fab_prime(q)) {
        return TC_OK;
    }
    long p = 2;
    while (q % p != 0) {
        p++;
    }
    long r = q;
    while (r % p == 0) {
        r /= p;
    }
    if (r == 1) {
        return tc__fail(TC_ERANGE,
                        "The %s %.40s needs a prime Q: %ld is a power of %ld, whose %s needs the "
                        "arithmetic of the field GF(%ld), which treecast does not do.",
                        fabric, spec, q, p, structure, q);
    }
    return tc__fail(TC_ERANGE, "The %s %.40s needs a prime Q; %ld is not one.", fabric, spec, q);
}

int tc__fab_primitive_root(int q)
{
    for (int g = 1; g < q; g++) {
        int64_t x = 1;
        int order = 0;
        do {
            x = x * g % q;
            order++;
        } while (x != 1);
        if (order == q - 1) {
            return g;
        }
    }
    return 1; /* q = 2 */
}

size_t tc__fab_name(char *buf, size_t cap, const char *prefix, const long *v, int count)
{
    char text[96];
    int len = snprintf(text, sizeof text, "%s(", prefix);
    for (int j = 0; j < count && len > 0 && (size_t)len < sizeof text; j++) {
        len += snprintf(text + len, sizeof text - (size_t)len, "%s%ld", j == 0 ? "" : ",", v[j]);
    }
    len = snprintf(buf, cap, "%s)", text);
    return len < 0 ? 0 : (size_t)len;
}

/* ---- measuring ----------------------------------------------------------------------------- */

tc_err_t tc__fab_distances(const tc_net_t *net, tc__fab_dist_t *out)
{
    memset(out, 0, sizeof *out);
    out->noun = "switches";
    out->switch_diameter = -1;
    out->host_diameter = -1;
    const tc_topo_t *t = tc__net_table(net);
    int64_t N = t->nodes;
    int P = t->ports;
    int64_t S = 0;
    for (int64_t v = 0; v < N; v++) {
        S += t->role != NULL && t->role[v] == TC_ROLE_SWITCH;
    }
    out->switches = S;
    if (N > FAB_SEARCH_NODES || S == 0) {
        return TC_OK;
    }
    /* the switches, numbered 0..S-1, their hosts and their links among themselves */
    int64_t *index = malloc((size_t)N * sizeof *index);
    int64_t *node = malloc((size_t)S * sizeof *node);
    int64_t *hosts = calloc((size_t)S, sizeof *hosts);
    int64_t *start = calloc((size_t)S + 1, sizeof *start);
    int32_t *dist = malloc((size_t)S * sizeof *dist);
    int64_t *queue = malloc((size_t)S * sizeof *queue);
    int64_t *adj = NULL;
    tc_err_t err = TC_OK;
    if (index == NULL || node == NULL || hosts == NULL || start == NULL || dist == NULL ||
        queue == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory measuring %.40s.", net->spec);
        goto done;
    }
    int64_t s = 0;
    for (int64_t v = 0; v < N; v++) {
        index[v] = t->role[v] == TC_ROLE_SWITCH ? s : -1;
        if (index[v] >= 0) {
            node[s++] = v;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < P && t->nbr[v * P + p] >= 0; p++) {
            int64_t u = t->nbr[v * P + p];
            if (index[v] >= 0 && index[u] >= 0) {
                start[index[v] + 1]++;
            } else if (index[v] < 0 && index[u] >= 0 && p == 0) {
                hosts[index[u]]++; /* a host hangs from its first neighbour */
            }
        }
    }
    for (int64_t j = 0; j < S; j++) {
        start[j + 1] += start[j];
    }
    adj = malloc((size_t)(start[S] > 0 ? start[S] : 1) * sizeof *adj);
    if (adj == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory measuring %.40s.", net->spec);
        goto done;
    }
    for (int64_t j = 0; j < S; j++) {
        int64_t fill = start[j], v = node[j];
        for (int p = 0; p < P && t->nbr[v * P + p] >= 0; p++) {
            int64_t u = t->nbr[v * P + p];
            if (index[u] >= 0) {
                adj[fill++] = index[u];
            }
        }
    }
    /* the sources: every switch, or evenly spaced ones within the budget */
    int64_t work = start[S] + S;
    int64_t sources = work * S <= FAB_SEARCH_BUDGET ? S : FAB_SEARCH_BUDGET / work;
    sources = sources < 1 ? 1 : sources;
    out->measured = true;
    out->all = sources == S;
    out->sources = sources;
    out->connected = true;
    out->switch_diameter = 0;
    out->host_diameter = 0;
    for (int64_t i = 0; i < sources; i++) {
        int64_t src = out->all ? i : i * S / sources;
        for (int64_t j = 0; j < S; j++) {
            dist[j] = -1;
        }
        int64_t head = 0, tail = 0;
        dist[src] = 0;
        queue[tail++] = src;
        while (head < tail) {
            int64_t x = queue[head++];
            for (int64_t a = start[x]; a < start[x + 1]; a++) {
                if (dist[adj[a]] < 0) {
                    dist[adj[a]] = dist[x] + 1;
                    queue[tail++] = adj[a];
                }
            }
        }
        out->connected = out->connected && tail == S;
        for (int64_t j = 0; j < S; j++) {
            int d = dist[j];
            out->switch_diameter = d > out->switch_diameter ? d : out->switch_diameter;
            if (hosts[src] > 0 && hosts[j] > 0 && d >= 0 && (j != src || hosts[src] >= 2)) {
                d += 2;
                out->host_diameter = d > out->host_diameter ? d : out->host_diameter;
            }
        }
    }
done:
    free(index);
    free(node);
    free(hosts);
    free(start);
    free(dist);
    free(queue);
    free(adj);
    return err;
}

void tc__fab_degrees(const tc_net_t *net, int64_t first, int64_t count, bool with_hosts, int *lo,
                     int *hi)
{
    const tc_topo_t *t = tc__net_table(net);
    *lo = count > 0 ? t->ports : 0;
    *hi = 0;
    for (int64_t v = first; v < first + count; v++) {
        int deg = 0;
        for (int p = 0; p < t->ports && t->nbr[v * t->ports + p] >= 0; p++) {
            int64_t u = t->nbr[v * t->ports + p];
            deg += with_hosts || t->role == NULL || t->role[u] == TC_ROLE_SWITCH;
        }
        *lo = deg < *lo ? deg : *lo;
        *hi = deg > *hi ? deg : *hi;
    }
}

void tc__fab_fact_count(tc_facts_t *out, const char *key, const char *source, int64_t value,
                        const char *formula, int64_t paper)
{
    tc_fact_t *f = tc_facts_add(out, key, source);
    tc__fact_value(f, "%lld", (long long)value);
    tc__fact_paper(f, "%s = %lld", formula, (long long)paper);
    tc__fact_judge(f, value == paper);
}

void tc__fab_fact_degree(tc_facts_t *out, const char *key, const char *source, int lo, int hi,
                         const char *what, const char *formula, int paper)
{
    tc_fact_t *f = tc_facts_add(out, key, source);
    if (lo == hi) {
        tc__fact_value(f, "%d (%s)", lo, what);
    } else {
        tc__fact_value(f, "%d .. %d (%s)", lo, hi, what);
    }
    tc__fact_paper(f, "%s = %d", formula, paper);
    tc__fact_judge(f, lo == paper && hi == paper);
}

void tc__fab_fact_diameter(tc_facts_t *out, const char *key, const char *source,
                           const tc__fab_dist_t *d, bool hosts, const char *formula, int paper)
{
    tc_fact_t *f = tc_facts_add(out, key, source);
    if (formula != NULL) {
        tc__fact_paper(f, "%s = %d", formula, paper);
    } else {
        tc__fact_paper(f, "%d", paper);
    }
    int value = hosts ? d->host_diameter : d->switch_diameter;
    if (!d->measured) {
        tc__fact_value(f, "not measured above %lld nodes", (long long)FAB_SEARCH_NODES);
    } else if (!d->connected) {
        tc__fact_value(f, "none: the switches are not connected");
        tc__fact_judge(f, false);
    } else if (d->all) {
        tc__fact_value(f, "%d (BFS from all %lld %s)", value, (long long)d->switches, d->noun);
        tc__fact_judge(f, value == paper);
    } else { /* a lower bound: not judged */
        tc__fact_value(f, "%d (BFS from %lld of %lld %s)", value, (long long)d->sources,
                       (long long)d->switches, d->noun);
    }
}
