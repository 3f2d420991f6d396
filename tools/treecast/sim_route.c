/* treecast sim route-campaign: the depth-first fault-tolerant routing of S_n
 * (include/treecast/ftroute.h) over seeded fault sets and random pairs, as distributions beside
 * the oracle that knows every fault (breadth-first search over the working links). */
#include "sim_cmd.h"
#include "treecast/ftroute.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The rows of the distributions, in the order of TC_FTROUTE_*. */
static const char *const ROW_NAMES[TC_FTROUTE_NSTATS] = {
    "oracle distance", "route length",      "links crossed",       "backtracks",
    "stretch (route)", "stretch (crossed)", "largest header, bits"};

static void print_text(FILE *fp, const args_t *a, const tc_net_t *net, const char *faults,
                       const tc_ftroute_summary_t *s)
{
    char name[32];
    tc_net_name(net, name, sizeof name);
    char pairs[40] = "one random pair";
    if (a->pairs > 1) {
        snprintf(pairs, sizeof pairs, "%lld random pairs", (long long)a->pairs);
    }
    fprintf(fp,
            "route-campaign on %s (%lld nodes): %lld %s, each %s and %s (seed %llu; trial i "
            "uses seed %llu + i)\n",
            name, (long long)tc_net_nodes(net), (long long)a->trials,
            plural(a->trials, "trial", "trials"), faults, pairs, (unsigned long long)a->seed,
            (unsigned long long)a->seed);
    fprintf(fp, "  delivered           %lld of %lld (the oracle: %lld reachable)\n",
            (long long)s->delivered, (long long)s->routes, (long long)s->reachable);
    fprintf(fp, "  returned            %lld to their source (the oracle: %lld unreachable)%s\n",
            (long long)s->returned, (long long)(s->routes - s->reachable),
            s->delivered == s->reachable ? "" : "  MISMATCH");
    fprintf(fp, "  shortest routes     %lld of %lld delivered equal the oracle's distance\n",
            (long long)s->shortest, (long long)s->delivered);
    fprintf(fp, "  last search         budget 0: %lld, 1: %lld, 2: %lld, plain DFS: %lld\n",
            (long long)s->budget[0], (long long)s->budget[1], (long long)s->budget[2],
            (long long)s->budget[3]);
    fprintf(fp, "  %-22s %9s %9s %9s %9s %9s\n", "", "median", "p90", "p99", "max", "mean");
    for (int r = 0; r < TC_FTROUTE_NSTATS; r++) {
        const double *d = s->dist[r];
        bool ratio = r == TC_FTROUTE_STRETCH || r == TC_FTROUTE_HOPSTRETCH;
        fprintf(fp, "  %-22s", ROW_NAMES[r]);
        for (int i = 0; i < 5; i++) {
            if (isnan(d[i])) { /* no route delivered: nothing to summarize */
                fprintf(fp, " %9s", "n/a");
            } else {
                fprintf(fp, " %9.*f", ratio || i == 4 ? 3 : 0, d[i]);
            }
        }
        fputc('\n', fp);
    }
    fprintf(fp, "  (routes delivered for the oracle, route length and stretch; every route for the "
                "rest)\n");
    if (s->delivered == 0) {
        fprintf(fp, "  (n/a: no route was delivered)\n");
    }
}

static void print_json(FILE *fp, const args_t *a, const tc_net_t *net, const char *faults,
                       const tc_ftroute_summary_t *s)
{
    tc_json_t j;
    tc_json_document(&j, fp, "sim route-campaign");
    tc_report_json_network(&j, net);
    tc_json_kint(&j, "trials", a->trials);
    tc_json_kint(&j, "pairs", a->pairs > 0 ? a->pairs : 1);
    tc_json_key(&j, "seed");
    tc_json_uint(&j, a->seed);
    tc_json_kstr(&j, "faults", faults);
    tc_json_kint(&j, "routes", s->routes);
    tc_json_kint(&j, "reachable", s->reachable);
    tc_json_kint(&j, "delivered", s->delivered);
    tc_json_kint(&j, "returned", s->returned);
    tc_json_kint(&j, "shortest", s->shortest);
    tc_json_key(&j, "last_search");
    tc_json_object(&j);
    tc_json_kint(&j, "budget0", s->budget[0]);
    tc_json_kint(&j, "budget1", s->budget[1]);
    tc_json_kint(&j, "budget2", s->budget[2]);
    tc_json_kint(&j, "plain_dfs", s->budget[3]);
    tc_json_end_object(&j);
    static const char *const keys[TC_FTROUTE_NSTATS] = {
        "oracle", "route_length", "hops", "backtracks", "stretch", "hop_stretch", "header_bits"};
    static const char *const stats[5] = {"median", "p90", "p99", "max", "mean"};
    for (int r = 0; r < TC_FTROUTE_NSTATS; r++) {
        tc_json_key(&j, keys[r]);
        tc_json_object(&j);
        for (int i = 0; i < 5; i++) {
            tc_json_key(&j, stats[i]);
            if (isnan(s->dist[r][i])) {
                tc_json_null(&j);
            } else {
                tc_json_fixed(&j, s->dist[r][i], 3);
            }
        }
        tc_json_end_object(&j);
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

int sim_route_main(const args_t *a, const char *name)
{
    (void)name;
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
        return st;
    }
    tc_topo_t topo = {0};
    tc_ftroute_record_t *rec = NULL;
    tc_ftroute_campaign_t c = {.trials = a->trials > 0 ? a->trials : 1000,
                               .seed = a->seed,
                               .pairs = a->pairs > 0 ? a->pairs : 1,
                               .threads = (int)a->threads};
    char faults[64] = "no faults";
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        st = misuse("route-campaign routes on the star graph (star:N), not %s", a->net_spec);
    } else if (a->faults != NULL) {
        tc_fault_spec_t spec = {0};
        st = parse_faults_spec(a->faults, &spec);
        if (st == 0 && spec.on_paths) {
            st = misuse("route-campaign draws nodes:K, links:K, arcs:K or mixed:K, not paths:K");
        }
        c.kind = spec.kind;
        c.k = spec.k;
        snprintf(faults, sizeof faults, "%s random faults", a->faults);
    }
    tc_err_t err = st == 0 ? tc_topo_init(&topo, net) : TC_OK;
    if (st == 0 && err != TC_OK) {
        st = lib_fail(err, "the network");
    }
    if (st == 0 && a->faults != NULL) { /* the source is drawn too: none is kept out */
        tc_fault_spec_t spec = {.kind = c.kind, .k = c.k};
        st = check_fault_room(a->faults, &spec, &topo, -1);
    }
    if (st == 0 && c.trials * c.pairs > 100000000) {
        st = misuse("--trials times --pairs is at most 100,000,000 routes");
    }
    if (st == 0 && (rec = calloc((size_t)(c.trials * c.pairs), sizeof *rec)) == NULL) {
        st = fail(EXIT_RESOURCE, "out of memory for %lld routes", (long long)(c.trials * c.pairs));
    }
    if (st == 0 && (err = tc_ftroute_campaign(net, &topo, &c, rec)) != TC_OK) {
        st = lib_fail(err, "route-campaign");
    }
    tc_ftroute_summary_t s;
    if (st == 0 && (err = tc_ftroute_summarize(rec, c.trials * c.pairs, &s)) != TC_OK) {
        st = lib_fail(err, NULL);
    }
    if (st == 0) {
        args_t shown = *a;
        shown.trials = c.trials;
        output_t out;
        st = output_open(&out, a->output);
        if (st == 0) {
            if (a->format == F_JSON) {
                print_json(out.fp, &shown, net, faults, &s);
            } else {
                print_text(out.fp, &shown, net, faults, &s);
            }
            st = output_close(&out, true);
        }
    }
    free(rec);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return st;
}
