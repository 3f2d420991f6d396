/* The pancake graph P_n (Akers and Krishnamurthy, "A group-theoretic model for symmetric
 * interconnection networks", 1989): the n! permutations of 1..n, node p joined along dimension d
 * (2 <= d <= n) to p with its first d symbols in reverse order (a prefix reversal, the flip of
 * the top d pancakes). A Cayley graph of the symmetric group: regular of degree n-1; bipartite
 * only for n <= 3 (P_3 is a 6-cycle; P_n, n >= 4, has 7-cycles). Distances have no closed form
 * (the pancake problem): they come from one breadth-first search from the identity, kept with the
 * network, since the distance from a to b is the distance from the identity to a^-1 . b.
 * Node ids, labels and translations are the star graph's (lexicographic ranks; T_h(i) = h . i
 * keeps every edge's dimension, since the flips act on positions). */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* P_10 has 3,628,800 nodes; the distance table is one byte per node. */
#define PANCAKE_MAX_N 10

/* The pancake numbers, the diameters of P_1..P_19 (Gates and Papadimitriou 1979 for the bounds;
 * exhaustive searches up to n = 19, Cibulka 2011 for n = 18 and 19). */
static const int PANCAKE_DIAMETER[] = {0,  0,  1,  3,  4,  5,  7,  8,  9,  10,
                                       11, 13, 14, 15, 16, 17, 18, 19, 20, 22};

extern const tc__net_ops_t tc__pancake_ops;

static tc_err_t pancake_parse(const char *spec, const char *args, tc_net_t **out)
{
    long n;
    *out = NULL;
    if (!tc__net_parse_ints(args, 1, &n)) {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not pancake:N (one integer).", spec);
    }
    if (n < 2 || n > PANCAKE_MAX_N) {
        return tc__fail(TC_ERANGE,
                        "The pancake graph P_%.20s is outside 2..%d (its distances come from a "
                        "table of n! bytes).",
                        args, PANCAKE_MAX_N);
    }
    tc_err_t err =
        tc__net_alloc(&tc__pancake_ops, (int)n, 0, tc_star_factorial((int)n), (int)n - 1, 2, out);
    if (err == TC_OK) {
        (*out)->bipartite = n <= 3;
        (*out)->same_port = true; /* a flip undoes itself */
    }
    return err;
}

static size_t pancake_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "P_%d", net->n);
    return len < 0 ? 0 : (size_t)len;
}

static int64_t pancake_edges(const tc_net_t *net)
{
    return net->nodes / 2 * (net->n - 1);
}

static int pancake_diameter(const tc_net_t *net)
{
    return PANCAKE_DIAMETER[net->n];
}

static bool pancake_materializable(const tc_net_t *net)
{
    (void)net;
    return true; /* every P_n treecast creates */
}

static void flip(uint8_t *p, int d)
{
    for (int a = 0, b = d - 1; a < b; a++, b--) {
        uint8_t t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
}

static int64_t pancake_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(net->n, node, p);
    flip(p, dim);
    return tc_star_rank(net->n, p);
}

/* The flip that turns u into v: its length is one past the last position where they differ. */
static int pancake_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    int d = net->n;
    while (d > 0 && a[d - 1] == b[d - 1]) {
        d--;
    }
    if (d < 2) {
        return -1;
    }
    flip(a, d);
    return memcmp(a, b, (size_t)net->n) == 0 ? d : -1;
}

/* The distances from the identity (node 0), computed on first use and kept in net->data; two
 * threads that race both compute it and one keeps its table. NULL when out of memory. */
static const uint8_t *distance_table(const tc_net_t *net)
{
    uint8_t *table = __atomic_load_n((uint8_t *const *)&net->data, __ATOMIC_ACQUIRE);
    if (table != NULL) {
        return table;
    }
    table = malloc((size_t)net->nodes);
    if (table == NULL || tc__net_bfs(net, 0, table) != TC_OK) {
        free(table);
        return NULL;
    }
    void *expected = NULL;
    if (!__atomic_compare_exchange_n((void **)&((tc_net_t *)net)->data, &expected, table, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free(table);
        return expected;
    }
    return table;
}

/* u^-1 . v as a node id: the node that v is to u, seen from the identity. */
static int64_t relative(const tc_net_t *net, int64_t u, int64_t v)
{
    uint8_t a[TC_STAR_MAX_N], ainv[TC_STAR_MAX_N], b[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    tc_star_inverse(net->n, a, ainv);
    tc_star_compose(net->n, ainv, b, q);
    return tc_star_rank(net->n, q);
}

static int pancake_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    const uint8_t *table = distance_table(net);
    return table == NULL ? -1 : table[relative(net, u, v)];
}

static tc_err_t pancake_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads)
{
    (void)threads;
    const uint8_t *table = distance_table(net);
    if (table == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the distance table of P_%d.", net->n);
    }
    int n = net->n;
    uint8_t h[TC_STAR_MAX_N], hinv[TC_STAR_MAX_N], p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    tc_star_unrank(n, from, h);
    tc_star_inverse(n, h, hinv);
    tc_star_unrank(n, 0, p);
    for (int64_t v = 0; v < net->nodes; v++, tc_star_next(n, p)) {
        tc_star_compose(n, hinv, p, q);
        dist[v] = table[tc_star_rank(n, q)];
    }
    return TC_OK;
}

static tc_err_t pancake_facts(const tc_net_t *net, tc_facts_t *out)
{
    int n = net->n;
    snprintf(out->title, sizeof out->title,
             "the pancake graph on %d symbols (Akers and Krishnamurthy)", n);
    tc_net_measure_t m = {0};
    tc_err_t err = tc__facts_permutations(net, "Akers-Krishnamurthy", &m, out);
    if (err != TC_OK) {
        return err;
    }
    tc_fact_t *f;
    f = tc_facts_add(out, "diameter", "pancake numbers");
    tc__fact_paper(f, "%d (exhaustive searches)", pancake_diameter(net));
    if (m.enumerated) {
        tc__fact_value(f, "%d (largest distance from node 0)", m.diameter);
        tc__fact_judge(f, m.diameter == pancake_diameter(net));
        f = tc_facts_add(out, "average_distance", "");
        tc__fact_value(f, "%.6f (over all n! nodes)", m.average0);
        tc__facts_distribution(out, &m, 0);
    } else {
        tc__fact_value(f, "not enumerated above n = 8");
    }
    return TC_OK;
}

static void pancake_destroy(tc_net_t *net)
{
    free(net->data);
}

const tc__net_ops_t tc__pancake_ops = {
    .family = "pancake",
    .syntax = "pancake:N",
    .parse = pancake_parse,
    .name = pancake_name,
    .edges = pancake_edges,
    .diameter = pancake_diameter,
    .materializable = pancake_materializable,
    .neighbor = pancake_neighbor,
    .edge_dim = pancake_edge_dim,
    .distance = pancake_distance,
    .label = tc__perm_label,
    .parse_label = tc__perm_parse_label,
    .translate = tc__perm_translate,
    .distances = pancake_distances,
    .facts = pancake_facts,
    .destroy = pancake_destroy,
    .walker = TC__WALK_TABLE,
    .params = 1,
};
