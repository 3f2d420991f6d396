/* The depth of the deepest tree, packing by packing: the papers' construction, Lovasz's
 * construction (one arborescence at a time) as grown and after the exchange phase, the greedy
 * (every tree at once) as grown and after the exchange phase (what `trees --kind edst` gives),
 * beside the lower bounds: the root's eccentricity and the SAT search's least height (proved
 * where the solver finishes within the conflict limit). Every packing is checked here for
 * arc-disjointness and spanning before its depth is printed.
 *
 * usage: packing_depth [CONFLICTS] NET...   (CONFLICTS per height, 0: no limit; default 2e6)
 * e.g.   build/release/bench/packing_depth 2000000 star:5 star:6 star:7 cube:6 cube:8 cube:10
 * It prints a Markdown table (docs/constructions.md keeps one). Built with the library's
 * internal header trees/packing.h, as the unit tests are. */
#include "treecast/check.h"
#include "treecast/net.h"
#include "treecast/search.h"
#include "treecast/trees.h"
#include "trees/packing.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The deepest tree of k parent-port tables, or -1 when they are not k arc-disjoint spanning
 * arborescences rooted at root. */
static int deepest(const tc_topo_t *t, int64_t root, int k, const uint8_t *ports)
{
    int64_t N = t->nodes;
    int P = t->ports, hi = 0;
    uint8_t *used = calloc((size_t)(N * P), 1);
    int32_t *d = malloc((size_t)N * sizeof *d);
    int ok = used != NULL && d != NULL;
    for (int tr = 0; tr < k && ok; tr++) {
        const uint8_t *pt = ports + (int64_t)tr * N;
        for (int64_t v = 0; v < N && ok; v++) {
            d[v] = v == root ? 0 : -1;
            if (v != root) {
                ok = pt[v] < P && t->nbr[v * P + pt[v]] >= 0 && !used[v * P + pt[v]];
                if (ok) {
                    used[v * P + pt[v]] = 1;
                }
            }
        }
        for (int64_t v = 0; v < N && ok; v++) {
            int64_t x = v, steps = 0;
            while (d[x] < 0 && steps++ <= N) {
                x = t->nbr[x * P + pt[x]];
            }
            ok = steps <= N;
            int32_t depth = d[x] + (int32_t)steps;
            for (int64_t y = v; ok && d[y] < 0; y = t->nbr[y * P + pt[y]]) {
                d[y] = depth--;
            }
            hi = ok && d[v] > hi ? d[v] : hi;
        }
    }
    free(used);
    free(d);
    return ok ? hi : -1;
}

/* The deepest tree of a forest, by check's spanning pass. */
static int forest_depth(const tc_forest_t *f)
{
    tc_check_opts_t o = tc_check_defaults();
    o.independence = o.excess = o.undirected = o.rotation = false;
    tc_check_report_t rep;
    int hi = -1;
    bool ok = tc_check_forest(f, &o, &rep) == TC_OK;
    for (int t = 0; ok && t < tc_forest_trees(f); t++) {
        hi = rep.depth[t] > hi ? rep.depth[t] : hi;
    }
    return hi;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void row(const char *spec, int64_t conflicts)
{
    tc_net_t *net = NULL;
    tc_topo_t t;
    if (tc_net_parse(spec, &net) != TC_OK || tc_topo_init(&t, net) != TC_OK) {
        fprintf(stderr, "packing_depth: %s: %s\n", spec, tc_err_detail());
        exit(2);
    }
    int64_t N = tc_net_nodes(net);
    uint8_t *dist = malloc((size_t)N);
    tc_net_distances(net, 0, dist);
    int ecc = 0;
    for (int64_t v = 0; v < N; v++) {
        ecc = dist[v] > ecc ? dist[v] : ecc;
    }
    free(dist);
    int k = 0, how = 0;
    uint8_t *greedy = NULL, *plain = NULL;
    int dg = -1, dgx = -1, dl = -1, dlx = -1;
    tc__pack_most_arborescences(&t, 0, TC__PACK_NO_EXCHANGE, &k, &greedy, &how);
    if (greedy != NULL) {
        dg = how == TC__PACK_BY_GREEDY ? deepest(&t, 0, k, greedy) : -1;
        free(greedy);
    }
    double t0 = now();
    tc__pack_most_arborescences(&t, 0, 0, &k, &greedy, &how);
    double t1 = now();
    if (greedy != NULL) {
        dgx = how == TC__PACK_BY_GREEDY ? deepest(&t, 0, k, greedy) : -1;
        free(greedy);
    }
    plain = malloc((size_t)k * (size_t)N);
    if (tc__pack_arborescences_flags(&t, 0, k, TC__PACK_NO_EXCHANGE, plain) == TC_OK) {
        dl = deepest(&t, 0, k, plain);
    }
    double t2 = now();
    if (tc__pack_arborescences_flags(&t, 0, k, 0, plain) == TC_OK) {
        dlx = deepest(&t, 0, k, plain);
    }
    double t3 = now();
    free(plain);
    /* the papers' edge-disjoint family of the network, if it has one of k trees */
    char cons[48] = "-";
    static const tc_kind_t kinds[] = {TC_KIND_EDT, TC_KIND_NEDST, TC_KIND_EDST};
    for (size_t j = 0; j < (strncmp(spec, "icube:", 6) == 0 ? 3 : 2); j++) { /* 003's edst */
        tc_forest_t *f = NULL;
        if (tc_trees_count(net, kinds[j]) == k &&
            tc_trees_build(net, kinds[j], 0, 1, &f) == TC_OK) {
            snprintf(cons, sizeof cons, "%d (%s)", forest_depth(f), tc_kind_name(kinds[j]));
            tc_forest_free(f);
            break;
        }
    }
    char sat[48] = "-";
    if (N <= TC_SEARCH_MAX_NODES) {
        tc_search_least_t res;
        if (tc_search_least_height(net, 0, k, dgx > 0 ? dgx : 0, conflicts, &res, NULL) == TC_OK) {
            if (res.optimal) {
                snprintf(sat, sizeof sat, "%d (%.1f s)", res.height, res.seconds);
            } else {
                snprintf(sat, sizeof sat, ">= %d (limit, %.1f s)", res.lower, res.seconds);
            }
        }
    }
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    printf("| %s | %lld | %d | %d | %s | %s | %d | %d | %d | %d | %.3f | %.3f |\n", name,
           (long long)N, k, ecc, sat, cons, dl, dlx, dg, dgx, t3 - t2, t1 - t0);
    fflush(stdout);
    tc_topo_destroy(&t);
    tc_net_free(net);
}

int main(int argc, char **argv)
{
    int first = 1;
    int64_t conflicts = 2000000;
    if (argc > 1 && strchr(argv[1], ':') == NULL) {
        conflicts = atoll(argv[1]);
        first = 2;
    }
    printf("| network | nodes | trees | eccentricity | SAT least height | construction | Lovasz "
           "grown | Lovasz exchanged | greedy grown | greedy exchanged | Lovasz s | greedy s "
           "|\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = first; i < argc; i++) {
        row(argv[i], conflicts);
    }
    return 0;
}
