/* treecast sim route | route-bcast | route-unicast | bcast-compare: the fault-tolerant routing of
 * S_n in the round engine (include/treecast/ftroute.h): one route with its packets, the
 * broadcast built on the routing, and that broadcast beside paper 000's over the x EDTs on the
 * same fault sets, each run beside the oracle that knows every fault. */
#include "sim_cmd.h"
#include "treecast/ftroute.h"
#include "treecast/rng.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SCHEMES 6

typedef struct {
    const args_t *a;
    tc_net_t *net;
    tc_topo_t topo;
    int n;
    int64_t src;
    tc_assembly_t tree, edt; /* the routed broadcast's tree; paper 000's EDTs */
    char kind[32], faults[96];
    tc_faults_t listed; /* --fault / --faults-file, or none */
    bool has_listed;
    tc_fault_kind_t kind_random;
    int64_t k;
} ft_t;

static tc_sim_config_t engine_config(const args_t *a)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.port_limit = a->port_limit;
    cfg.half_duplex = a->half;
    cfg.ts = a->ts;
    cfg.tm = a->tm;
    cfg.B = a->B;
    cfg.threads = (int)a->threads;
    return cfg;
}

static const char *scheme_name(const tc_ftbcast_scheme_t *s, int n, char *buf, size_t cap)
{
    if (s->what == TC_FTPLAN_BCAST) {
        return "route-bcast";
    }
    if (s->what == TC_FTPLAN_UNICAST) {
        return "route-unicast";
    }
    snprintf(buf, cap, "ft-bcast x=%d%s", s->x, s->x == n - 1 ? " (IST)" : "");
    return buf;
}

/* ---- setting up ----------------------------------------------------------------------------- */

static int build_trees(ft_t *f, tc_kind_t kind, tc_assembly_t *run)
{
    tc_assembly_opts_t o = {.net = f->net, .topo = &f->topo, .kind = kind, .root = f->src};
    tc_err_t err = tc_assembly_init(&o, run);
    return err != TC_OK ? lib_fail(err, "the trees") : 0;
}

static int faults_setup(ft_t *f)
{
    const args_t *a = f->a;
    bool listed = a->listed.count > 0 || a->faults_file != NULL;
    if (listed && a->faults != NULL) {
        return misuse("--faults draws faults; --fault and --faults-file list them: one or the "
                      "other");
    }
    if (listed) {
        if (a->trials > 1) {
            return misuse("--trials draws a fault set per trial; listed faults make one run");
        }
        int st =
            read_listed_faults(f->net, &f->topo, f->src, &a->listed, a->faults_file, &f->listed);
        f->has_listed = true; /* released by ft_close, also when reading failed half-way */
        int64_t fn = f->listed.faulty_nodes, fl = f->listed.faulty_links;
        snprintf(f->faults, sizeof f->faults, "%lld faulty node%s and %lld faulty arc%s, listed",
                 (long long)fn, fn == 1 ? "" : "s", (long long)fl, fl == 1 ? "" : "s");
        return st;
    }
    if (a->faults != NULL) {
        tc_fault_spec_t spec = {0};
        int st = parse_faults_spec(a->faults, &spec);
        if (st == 0 && spec.on_paths) {
            st = misuse("the routed plans draw nodes:K, links:K, arcs:K or mixed:K, not paths:K");
        }
        st = st != 0 ? st : check_fault_room(a->faults, &spec, &f->topo, f->src);
        f->kind_random = spec.kind;
        f->k = spec.k;
        snprintf(f->faults, sizeof f->faults, "%s random faults (seed %llu; trial i: seed + i)",
                 a->faults, (unsigned long long)a->seed);
        return st;
    }
    if (a->trials > 0) {
        return misuse("--trials needs --faults (a campaign draws faults per trial)");
    }
    snprintf(f->faults, sizeof f->faults, "no faults");
    return 0;
}

static int ft_open(ft_t *f, const args_t *a, const char *name)
{
    memset(f, 0, sizeof *f);
    f->a = a;
    int st = open_net(a->net_spec, &f->net);
    if (st != 0) {
        return st;
    }
    if (strcmp(tc_net_family_name(f->net), "star") != 0) {
        return misuse("%s routes on the star graph (star:N), not %s", name, a->net_spec);
    }
    if (tc_net_nodes(f->net) > 40320) {
        return misuse("%s simulates star graphs of at most 40,320 nodes (S_8)", name);
    }
    f->n = tc_net_n(f->net);
    tc_err_t err = tc_topo_init(&f->topo, f->net);
    if (err != TC_OK) {
        return lib_fail(err, "the network");
    }
    if ((st = resolve_root(f->net, a->root_text, a->seed, &f->src)) != 0) {
        return st;
    }
    return faults_setup(f);
}

static void ft_close(ft_t *f)
{
    tc_assembly_destroy(&f->tree);
    tc_assembly_destroy(&f->edt);
    if (f->has_listed) {
        tc_faults_destroy(&f->listed);
    }
    tc_topo_destroy(&f->topo);
    tc_net_free(f->net);
}

/* ---- sim route: one route in the engine ------------------------------------------------------ */

static void print_route(FILE *fp, const ft_t *f, int64_t dst, const tc_ftplan_stats_t *st,
                        int oracle, const tc_sim_result_t *res)
{
    const args_t *a = f->a;
    const tc_ftroute_t *r = &st->route;
    char sl[TC_LABEL_MAX], dl[TC_LABEL_MAX];
    tc_net_label(f->net, f->src, false, sl, sizeof sl);
    tc_net_label(f->net, dst, false, dl, sizeof dl);
    if (a->format == F_JSON) {
        tc_json_t j;
        tc_json_document(&j, fp, "sim route");
        tc_report_json_network(&j, f->net);
        tc_json_kstr(&j, "from", sl);
        tc_json_kstr(&j, "to", dl);
        tc_json_kint(&j, "M", a->M);
        tc_json_kstr(&j, "faults", f->faults);
        tc_json_kbool(&j, "delivered", r->delivered);
        tc_json_kint(&j, "hops", r->hops);
        tc_json_kint(&j, "backtracks", r->backtracks);
        tc_json_kint(&j, "route_length", r->route_len);
        tc_json_kint(&j, "oracle", oracle);
        tc_json_kint(&j, "budget", r->budget);
        tc_json_kint(&j, "header_bits", r->header_bits);
        tc_json_kint(&j, "rounds", res->rounds);
        tc_json_kint(&j, "transmissions", res->transmissions);
        tc_json_kint(&j, "queued_packets", res->queued_packets);
        tc_json_kint(&j, "delivered_packets", res->keys_delivered);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    fprintf(fp, "route on S_%d from %s to %s, %lld packet%s; %s\n", f->n, sl, dl, (long long)a->M,
            a->M == 1 ? "" : "s", f->faults);
    if (r->delivered) {
        fprintf(fp,
                "  route       delivered: %lld %s crossed (%lld back), route %lld, "
                "last search budget %s\n",
                (long long)r->hops, plural(r->hops, "link", "links"), (long long)r->backtracks,
                (long long)r->route_len,
                r->budget == TC_FTROUTE_UNBOUNDED ? "plain DFS"
                : r->budget == 0                  ? "0"
                : r->budget == 1                  ? "1"
                                                  : "2");
        fprintf(fp,
                "  oracle      shortest path in the faulty network %d; stretch %.3f (route), "
                "%.3f (crossed)\n",
                oracle, oracle > 0 ? (double)r->route_len / oracle : 1.0,
                oracle > 0 ? (double)r->hops / oracle : 1.0);
    } else {
        fprintf(fp, "  route       returned to its source after %lld %s (%lld back)\n",
                (long long)r->hops, plural(r->hops, "link", "links"), (long long)r->backtracks);
        fprintf(fp, "  oracle      %s\n", oracle < 0 ? "unreachable" : "REACHABLE: MISMATCH");
    }
    fprintf(fp, "  header      largest %lld bits; hop bound %lld\n", (long long)r->header_bits,
            (long long)tc_ftroute_hop_bound(f->topo.nodes, r->budget));
    fprintf(fp,
            "  engine      %lld %s, %lld %s, %lld %s queued, %lld of %lld %s delivered, %lld "
            "dropped\n",
            (long long)res->rounds, plural(res->rounds, "round", "rounds"),
            (long long)res->transmissions,
            plural(res->transmissions, "transmission", "transmissions"),
            (long long)res->queued_packets, plural(res->queued_packets, "packet", "packets"),
            (long long)res->keys_delivered, (long long)(r->delivered ? a->M : 0),
            plural(r->delivered ? a->M : 0, "packet", "packets"), (long long)res->dropped);
}

static int run_route(ft_t *f, FILE *fp)
{
    const args_t *a = f->a;
    if (a->to_text == NULL) {
        return misuse("sim route needs the destination: --to LABEL");
    }
    int64_t dst;
    int st = 0;
    if (strcmp(a->to_text, "random") == 0) { /* any node but the source */
        tc_rng_t rng;
        tc_rng_seed(&rng, a->seed + 1, 1);
        dst = (int64_t)tc_rng_below(&rng, (uint64_t)(f->topo.nodes - 1));
        dst += dst >= f->src;
    } else if ((st = resolve_node(f->net, a->to_text, a->seed + 1, "--to", &dst)) != 0) {
        return st;
    }
    if (dst == f->src) {
        return misuse("--to is the source itself: nothing to route");
    }
    tc_faults_t drawn, *faults = f->has_listed ? &f->listed : NULL;
    tc_err_t err = TC_OK;
    if (f->k > 0) { /* one draw: the seed itself */
        err = tc_faults_random(&drawn, &f->topo, f->kind_random, f->k, a->seed, f->src);
        faults = err == TC_OK ? &drawn : NULL;
    }
    tc_ftplan_opts_t o = {.what = TC_FTPLAN_ROUTE, .src = f->src, .dst = dst, .M = a->M};
    tc_ftplan_t *plan = NULL;
    int32_t *dist = calloc((size_t)f->topo.nodes, sizeof *dist);
    if (err == TC_OK && dist == NULL) {
        if (f->k > 0) {
            tc_faults_destroy(&drawn);
        }
        return fail(EXIT_RESOURCE, "out of memory for the oracle");
    }
    if (err == TC_OK) {
        err = tc_ftroute_oracle(&f->topo, faults, f->src, dist);
    }
    if (err == TC_OK) {
        err = tc_ftplan_new(f->net, &f->topo, faults, &o, &plan);
    }
    tc_sim_result_t res;
    tc_sim_config_t cfg = engine_config(a);
    if (err == TC_OK) {
        err = tc_sim_run(&f->topo, &cfg, faults, tc_ftplan_plan(plan), &res, NULL);
    }
    st = err != TC_OK ? lib_fail(err, "sim route") : 0;
    if (st == 0) {
        print_route(fp, f, dst, tc_ftplan_stats(plan), dist[dst], &res);
    }
    tc_ftplan_free(plan);
    free(dist);
    if (f->k > 0 && faults != NULL) {
        tc_faults_destroy(&drawn);
    }
    return st;
}

/* ---- the broadcasts ---------------------------------------------------------------------- */

static void print_rows_text(FILE *fp, const ft_t *f, const char *what,
                            const tc_ftbcast_scheme_t *sc, int ns, const tc_ftbcast_row_t *rows,
                            int64_t trials)
{
    const args_t *a = f->a;
    char sl[TC_LABEL_MAX];
    tc_net_label(f->net, f->src, false, sl, sizeof sl);
    fprintf(fp, "%s on S_%d (%lld nodes) from %s, M %lld, %lld trial%s; %s\n", what, f->n,
            (long long)f->topo.nodes, sl, (long long)a->M, (long long)trials,
            trials == 1 ? "" : "s", f->faults);
    fprintf(fp,
            "  route-bcast: down the %s tree; over a tree link that does not work, by the routing "
            "to the child and to the child's children\n",
            f->kind);
    fprintf(fp,
            "  oracle: %.1f non-faulty nodes besides the source, %.1f of them reachable over "
            "links working both ways (means over the trials)\n",
            (double)rows[0].others / (double)trials, (double)rows[0].reachable / (double)trials);
    fprintf(fp, "  %-20s %9s %8s %8s %13s %13s %15s %11s %11s\n", "scheme", "delivered", "min",
            "all", "last delivery", "last crossing", "transmissions", "returned", "route hops");
    fprintf(fp, "  %-20s %9s %8s %8s %13s %13s %15s %11s %11s\n", "", "mean", "", "reached",
            "med / max", "med / max", "med / max", "med / max", "max");
    for (int s = 0; s < ns; s++) {
        const tc_ftbcast_row_t *r = &rows[s];
        char name[40], b[4][40];
        snprintf(b[0], sizeof b[0], "%lld / %lld", (long long)r->med[TC_FTBCAST_LAST],
                 (long long)r->max[TC_FTBCAST_LAST]);
        snprintf(b[1], sizeof b[1], "%lld / %lld", (long long)r->med[TC_FTBCAST_ROUNDS],
                 (long long)r->max[TC_FTBCAST_ROUNDS]);
        snprintf(b[2], sizeof b[2], "%lld / %lld", (long long)r->med[TC_FTBCAST_TX],
                 (long long)r->max[TC_FTBCAST_TX]);
        bool routed = sc[s].what != 0;
        snprintf(b[3], sizeof b[3], routed ? "%lld / %lld" : "-",
                 (long long)r->med[TC_FTBCAST_RETURNED], (long long)r->max[TC_FTBCAST_RETURNED]);
        char hops[24];
        snprintf(hops, sizeof hops, routed ? "%lld" : "-", (long long)r->max[TC_FTBCAST_HOPS]);
        fprintf(fp, "  %-20s %8.2f%% %7.2f%% %8lld %13s %13s %15s %11s %11s\n",
                scheme_name(&sc[s], f->n, name, sizeof name),
                r->expected > 0 ? 100.0 * (double)r->delivered / (double)r->expected : 100.0,
                100.0 * r->min_fraction, (long long)r->all_reached, b[0], b[1], b[2], b[3], hops);
    }
    fprintf(fp, "  (delivered: of the messages the non-faulty nodes expect; all reached: trials in "
                "which every reachable node got every message)\n");
}

static void print_rows_json(FILE *fp, const ft_t *f, const char *what,
                            const tc_ftbcast_scheme_t *sc, int ns, const tc_ftbcast_row_t *rows,
                            int64_t trials)
{
    const args_t *a = f->a;
    char sl[TC_LABEL_MAX], name[40], key[48];
    tc_net_label(f->net, f->src, false, sl, sizeof sl);
    tc_json_t j;
    snprintf(key, sizeof key, "sim %s", what);
    tc_json_document(&j, fp, key);
    tc_report_json_network(&j, f->net);
    tc_json_kstr(&j, "source", sl);
    tc_json_kint(&j, "M", a->M);
    tc_json_kint(&j, "trials", trials);
    tc_json_key(&j, "seed");
    tc_json_uint(&j, a->seed);
    tc_json_kstr(&j, "faults", f->faults);
    tc_json_kstr(&j, "tree", f->kind);
    tc_json_key(&j, "schemes");
    tc_json_array(&j);
    static const char *const cols[TC_FTBCAST_NCOLS] = {"last_delivery", "rounds", "transmissions",
                                                       "returned", "max_route_hops"};
    for (int s = 0; s < ns; s++) {
        const tc_ftbcast_row_t *r = &rows[s];
        tc_json_object(&j);
        tc_json_kstr(&j, "scheme", scheme_name(&sc[s], f->n, name, sizeof name));
        tc_json_kint(&j, "others", r->others);
        tc_json_kint(&j, "reachable", r->reachable);
        tc_json_kint(&j, "delivered", r->delivered);
        tc_json_kint(&j, "expected", r->expected);
        tc_json_kint(&j, "all_reached", r->all_reached);
        tc_json_key(&j, "min_fraction");
        tc_json_fixed(&j, r->min_fraction, 4);
        for (int c = 0; c < TC_FTBCAST_NCOLS; c++) {
            tc_json_key(&j, cols[c]);
            tc_json_object(&j);
            tc_json_kint(&j, "median", r->med[c]);
            tc_json_kint(&j, "max", r->max[c]);
            tc_json_end_object(&j);
        }
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

/* The schemes `name` runs: one routed broadcast, or (bcast-compare) both and ft-bcast with
 * x = 1, 2 and n - 1 (or --x). */
static int schemes_of(const ft_t *f, const char *name, tc_ftbcast_scheme_t *sc)
{
    if (strcmp(name, "route-bcast") == 0 || strcmp(name, "route-unicast") == 0) {
        sc[0].what = name[6] == 'b' ? TC_FTPLAN_BCAST : TC_FTPLAN_UNICAST;
        return 1;
    }
    return tc_ftbcast_compare_schemes(f->n, f->a->x_given ? (int)f->a->x : 0, sc);
}

static int run_bcasts(ft_t *f, const char *name, FILE *fp)
{
    const args_t *a = f->a;
    tc_ftbcast_scheme_t sc[MAX_SCHEMES] = {0};
    int ns = schemes_of(f, name, sc);
    tc_kind_t kind = TC_KIND_BFS;
    int st = a->kind_text != NULL ? open_kind(f->net, a->kind_text, "--kind", &kind) : 0;
    snprintf(f->kind, sizeof f->kind, "%s", a->kind_text != NULL ? a->kind_text : "bfs");
    if (st == 0 && a->x_given && (a->x < 1 || a->x > f->n - 1)) {
        st = misuse("--x %lld: S_%d has %d EDTs", (long long)a->x, f->n, f->n - 1);
    }
    if (st == 0) {
        st = build_trees(f, kind, &f->tree);
    }
    bool edt = ns > 1;
    if (st == 0 && edt) {
        st = build_trees(f, TC_KIND_EDT, &f->edt);
    }
    int64_t trials = f->has_listed || f->k == 0 ? 1 : a->trials > 0 ? a->trials : 100;
    tc_ftbcast_campaign_t c = {.src = f->src,
                               .M = a->M,
                               .trials = trials,
                               .seed = a->seed,
                               .kind = f->kind_random,
                               .k = f->k,
                               .nschemes = ns,
                               .schemes = sc,
                               .tree = &f->tree.trees,
                               .edt = edt ? &f->edt.trees : NULL,
                               .config = engine_config(a),
                               .threads = (int)a->threads};
    c.config.threads = 1;
    tc_ftbcast_record_t *rec = NULL;
    if (st == 0 && (rec = calloc((size_t)(trials * ns), sizeof *rec)) == NULL) {
        st = fail(EXIT_RESOURCE, "out of memory for %lld runs", (long long)(trials * ns));
    }
    tc_err_t err = TC_OK;
    if (st == 0) {
        err = f->has_listed ? tc_ftbcast_once(f->net, &f->topo, &c, &f->listed, rec)
                            : tc_ftbcast_campaign(f->net, &f->topo, &c, rec);
        st = err != TC_OK ? lib_fail(err, name) : 0;
    }
    tc_ftbcast_row_t rows[MAX_SCHEMES];
    for (int s = 0; s < ns && st == 0; s++) {
        err = tc_ftbcast_summarize(rec, trials, ns, s, a->M, &rows[s]);
        st = err != TC_OK ? lib_fail(err, NULL) : 0;
    }
    if (st == 0) {
        (a->format == F_JSON ? print_rows_json : print_rows_text)(fp, f, name, sc, ns, rows,
                                                                  trials);
    }
    free(rec);
    return st;
}

int sim_ftbcast_main(const args_t *a, const char *name)
{
    ft_t f;
    int st = ft_open(&f, a, name);
    output_t out;
    if (st == 0 && (st = output_open(&out, a->output)) == 0) {
        st = strcmp(name, "route") == 0 ? run_route(&f, out.fp) : run_bcasts(&f, name, out.fp);
        int closed = output_close(&out, st == 0);
        st = st != 0 ? st : closed;
    }
    ft_close(&f);
    return st;
}
