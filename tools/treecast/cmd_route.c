/* treecast route — a route on the star graph by the rules of paper 001, Section II: node to node
 * (R1/R2) or node to substar (R3/R4), with its length beside the true distance; or, around
 * faulty links and nodes, by depth-first search with backtracking (treecast/ftroute.h), every
 * crossing printed, the route beside the shortest path over the links that work both ways (the
 * routing's rule: a link with a one-way fault is used neither way). */
#include "common.h"
#include "fault_opts.h"

#include "treecast/substar.h"

#include <stdlib.h>
#include <string.h>

enum { METHOD_DEFAULT, METHOD_RULES, METHOD_DFS };

typedef struct {
    const char *net_spec, *from, *to, *substar, *output, *faults, *faults_file;
    fault_list_t listed; /* --fault, as given */
    uint64_t seed;
    int format, method;
} args_t;

typedef struct {
    int n;
    bool to_substar;
    bool random[2]; /* --from, --to drawn with the seed */
    uint64_t seed;
    uint8_t x[TC_STAR_MAX_N], y[TC_STAR_MAX_N];
    tc_substar_t s;
    tc_route_t r;
    int distance;
} route_t;

static const char *const RULES[] = {"", "R1", "R2", "R3", "R4"};

static void target_label(const route_t *rt, char *buf, size_t cap)
{
    if (rt->to_substar) {
        tc_substar_format(&rt->s, false, buf, cap);
    } else {
        tc_star_format(rt->n, rt->y, false, buf, cap);
    }
}

/* " (random, seed S)" after an endpoint drawn with the seed (S is --seed, also for --to). */
static void seed_note(bool random, uint64_t seed, char *buf, size_t cap)
{
    if (random) {
        snprintf(buf, cap, " (random, seed %llu)", (unsigned long long)seed);
    } else {
        buf[0] = '\0';
    }
}

static void print_text(FILE *fp, const route_t *rt)
{
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX], note[2][48];
    uint8_t p[TC_STAR_MAX_N];
    tc_star_format(rt->n, rt->x, false, a, sizeof a);
    target_label(rt, b, sizeof b);
    seed_note(rt->random[0], rt->seed, note[0], sizeof note[0]);
    seed_note(rt->random[1], rt->seed, note[1], sizeof note[1]);
    if (rt->to_substar) {
        fprintf(fp, "route on S_%d from %s%s to the %d-substar %s (rules R3/R4)\n", rt->n, a,
                note[0], rt->s.k, b);
    } else {
        fprintf(fp, "route on S_%d from %s%s to %s%s (rules R1/R2)\n", rt->n, a, note[0], b,
                note[1]);
    }
    fprintf(fp, "  hop  rule  dim  node\n");
    fprintf(fp, "  %3d             %s\n", 0, a);
    memcpy(p, rt->x, (size_t)rt->n);
    for (int h = 0; h < rt->r.len; h++) {
        tc_star_move(p, rt->r.dim[h]);
        tc_star_format(rt->n, p, false, a, sizeof a);
        fprintf(fp, "  %3d  %-4s  %3d  %s\n", h + 1, RULES[rt->r.rule[h]], rt->r.dim[h], a);
    }
    fprintf(fp, "length %d, distance %d: %s\n", rt->r.len, rt->distance,
            rt->r.len == rt->distance ? "minimal" : "NOT minimal");
}

static void print_json(FILE *fp, const route_t *rt)
{
    tc_json_t j;
    char lab[TC_LABEL_MAX];
    uint8_t p[TC_STAR_MAX_N];
    tc_json_document(&j, fp, "route");
    tc_json_kint(&j, "n", rt->n);
    tc_star_format(rt->n, rt->x, false, lab, sizeof lab);
    tc_json_kstr(&j, "from", lab);
    target_label(rt, lab, sizeof lab);
    tc_json_kstr(&j, rt->to_substar ? "substar" : "to", lab);
    if (rt->to_substar) {
        tc_json_kint(&j, "k", rt->s.k);
    }
    tc_json_key(&j, "seed");
    rt->random[0] || rt->random[1] ? tc_json_uint(&j, rt->seed) : tc_json_null(&j);
    tc_json_key(&j, "hops");
    tc_json_array(&j);
    memcpy(p, rt->x, (size_t)rt->n);
    for (int h = 0; h < rt->r.len; h++) {
        tc_star_move(p, rt->r.dim[h]);
        tc_star_format(rt->n, p, false, lab, sizeof lab);
        tc_json_object(&j);
        tc_json_kstr(&j, "rule", RULES[rt->r.rule[h]]);
        tc_json_kint(&j, "dim", rt->r.dim[h]);
        tc_json_kstr(&j, "node", lab);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_kint(&j, "length", rt->r.len);
    tc_json_kint(&j, "distance", rt->distance);
    tc_json_kbool(&j, "minimal", rt->r.len == rt->distance);
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

/* --from or --to: a label, identity (node 0) or random (drawn with the seed, --to with seed + 1,
 * as sim draws a source and a destination) into p; *random: whether it was drawn. 0 or a status
 * (printed). */
static int endpoint(const tc_net_t *net, const char *text, uint64_t seed, const char *option,
                    uint8_t *p, bool *random)
{
    int64_t v;
    int st = resolve_node(net, text, seed, option, &v);
    if (st != 0) {
        return st;
    }
    tc_star_unrank(tc_net_n(net), v, p);
    *random = strcmp(text, "random") == 0;
    return 0;
}

/* ---- around faults: depth-first search with backtracking ----------------------------------- */

typedef struct {
    const args_t *a;
    const tc_net_t *net;
    tc_topo_t topo;
    tc_faults_t faults;
    bool have_faults;
    int64_t src, dst;
    int n;
    bool random[2]; /* --from, --to drawn with the seed */
    char from[TC_LABEL_MAX], to[TC_LABEL_MAX], fault_text[160];
    /* the crossings, printed as the library reports them */
    FILE *fp;
    tc_json_t j;
    int64_t hop;
} dfs_t;

static void budget_text(int budget, char *buf, size_t cap)
{
    if (budget == TC_FTROUTE_UNBOUNDED) {
        snprintf(buf, cap, "dfs");
    } else {
        snprintf(buf, cap, "%d", budget);
    }
}

static void on_crossing(void *ctx, int64_t from, int64_t to, int port, bool back, int budget)
{
    dfs_t *d = ctx;
    char lab[TC_LABEL_MAX], b[8];
    (void)from;
    tc_net_label(d->net, to, false, lab, sizeof lab);
    int dim = tc_net_dim_min(d->net) + port;
    d->hop++;
    if (d->a->format == 1) {
        tc_json_object(&d->j);
        tc_json_kint(&d->j, "hop", d->hop);
        tc_json_kbool(&d->j, "back", back);
        tc_json_kint(&d->j, "dim", dim);
        tc_json_kstr(&d->j, "node", lab);
        tc_json_key(&d->j, "budget");
        budget == TC_FTROUTE_UNBOUNDED ? tc_json_null(&d->j) : tc_json_int(&d->j, budget);
        tc_json_end_object(&d->j);
    } else {
        budget_text(budget, b, sizeof b);
        fprintf(d->fp, "  %5lld  %s  %3d  %6s  %s\n", (long long)d->hop, back ? "<-" : "->", dim, b,
                lab);
    }
}

/* The faults: random (--faults SPEC, seeded, never at the source), listed, or none. */
static int make_faults(dfs_t *d)
{
    const args_t *a = d->a;
    if (a->faults != NULL) {
        tc_fault_spec_t c = {0};
        int st = parse_faults_spec(a->faults, &c);
        if (st != 0) {
            return st;
        }
        if (c.on_paths) {
            return misuse("--faults paths:K places faults on a plan's root paths; route takes "
                          "nodes:K, links:K, arcs:K or mixed:K");
        }
        tc_err_t err = tc_faults_random(&d->faults, &d->topo, c.kind, c.k, a->seed, d->src);
        if (err != TC_OK) {
            return lib_fail(err, "--faults");
        }
        d->have_faults = true;
        snprintf(d->fault_text, sizeof d->fault_text,
                 "%s (random, seed %llu; %lld faulty node%s, %lld faulty directed link%s)",
                 a->faults, (unsigned long long)a->seed, (long long)d->faults.faulty_nodes,
                 plural_s(d->faults.faulty_nodes), (long long)d->faults.faulty_links,
                 plural_s(d->faults.faulty_links));
        return 0;
    }
    if (a->listed.count > 0 || a->faults_file != NULL) {
        d->have_faults = true; /* initialized by read_listed_faults, even when it fails */
        int st =
            read_listed_faults(d->net, &d->topo, d->src, &a->listed, a->faults_file, &d->faults);
        snprintf(d->fault_text, sizeof d->fault_text,
                 "listed (%lld faulty node%s, %lld faulty directed link%s)",
                 (long long)d->faults.faulty_nodes, plural_s(d->faults.faulty_nodes),
                 (long long)d->faults.faulty_links, plural_s(d->faults.faulty_links));
        return st;
    }
    snprintf(d->fault_text, sizeof d->fault_text, "none");
    return 0;
}

/* What the route came to, beside the oracle. */
typedef struct {
    tc_ftroute_t r;
    int64_t shortest;  /* in the faulty network, -1: unreachable */
    int64_t detours;   /* of a shortest path (moves away from the destination), -1: none */
    int64_t hop_bound; /* tc_ftroute_hop_bound */
    bool reach_ok, shortest_ok, bound_ok;
} dfs_result_t;

static void print_dfs_text(FILE *fp, const dfs_t *d, const dfs_result_t *x)
{
    const tc_ftroute_t *r = &x->r;
    char b[40];
    if (r->delivered) {
        fprintf(fp, "delivered to %s: %lld hop%s, %lld backtrack%s, route length %lld", d->to,
                (long long)r->hops, plural_s(r->hops), (long long)r->backtracks,
                plural_s(r->backtracks), (long long)r->route_len);
    } else {
        fprintf(fp, "returned to the source (%s is unreachable): %lld hop%s, %lld backtrack%s",
                d->to, (long long)r->hops, plural_s(r->hops), (long long)r->backtracks,
                plural_s(r->backtracks));
    }
    fprintf(fp, "; fault-free distance %d\n", r->distance);
    /* the oracle's rule is the routing's: a link with a one-way fault is used neither way, so
     * this is not always the shortest path of the faulty network, whose working arc may be
     * shorter */
    if (x->shortest < 0) {
        fprintf(fp, "shortest path over the links that work both ways: none (breadth-first "
                    "search)\n");
    } else {
        fprintf(fp,
                "shortest path over the links that work both ways: %lld (breadth-first search; "
                "%lld detour%s)\n",
                (long long)x->shortest, (long long)x->detours, plural_s(x->detours));
    }
    if (r->delivered && x->shortest > 0) {
        fprintf(fp, "stretch %.4g (route length / shortest), %.4g (hops / shortest)\n",
                (double)r->route_len / (double)x->shortest, (double)r->hops / (double)x->shortest);
    }
    if (r->budget == TC_FTROUTE_UNBOUNDED) {
        snprintf(b, sizeof b, "the plain depth-first search");
    } else {
        snprintf(b, sizeof b, "budget %d", r->budget);
    }
    fprintf(fp,
            "largest header %lld bits (%lld visited entr%s); hop bound %lld (last search: %s)\n",
            (long long)r->header_bits, (long long)r->visited_max, r->visited_max == 1 ? "y" : "ies",
            (long long)x->hop_bound, b);
    fprintf(fp,
            "checks: delivered exactly when reachable: %s; shortest when at most %d detours are "
            "needed: %s; within the hop bound: %s\n",
            x->reach_ok ? "yes" : "NO", TC_FTROUTE_MAX_BUDGET, x->shortest_ok ? "yes" : "NO",
            x->bound_ok ? "yes" : "NO");
}

static void print_dfs_json_tail(dfs_t *d, const dfs_result_t *x)
{
    const tc_ftroute_t *r = &x->r;
    tc_json_t *j = &d->j;
    tc_json_end_array(j);
    tc_json_kbool(j, "delivered", r->delivered);
    tc_json_kbool(j, "returned", !r->delivered); /* back at the source, undeliverable */
    tc_json_kbool(j, "reachable", x->shortest >= 0);
    tc_json_kint(j, "hops", r->hops);
    tc_json_kint(j, "backtracks", r->backtracks);
    tc_json_kint(j, "length", r->route_len);
    tc_json_kint(j, "distance", r->distance);
    tc_json_key(j, "shortest");
    x->shortest < 0 ? tc_json_null(j) : tc_json_int(j, x->shortest);
    tc_json_key(j, "detours");
    x->detours < 0 ? tc_json_null(j) : tc_json_int(j, x->detours);
    bool ratio = r->delivered && x->shortest > 0;
    tc_json_key(j, "stretch");
    ratio ? tc_json_double(j, (double)r->route_len / (double)x->shortest) : tc_json_null(j);
    tc_json_key(j, "hop_stretch");
    ratio ? tc_json_double(j, (double)r->hops / (double)x->shortest) : tc_json_null(j);
    tc_json_key(j, "budget");
    r->budget == TC_FTROUTE_UNBOUNDED ? tc_json_null(j) : tc_json_int(j, r->budget);
    tc_json_kint(j, "visited_max", r->visited_max);
    tc_json_kint(j, "header_bits", r->header_bits);
    tc_json_kint(j, "hop_bound", x->hop_bound);
    tc_json_kbool(j, "guarantees_hold", x->reach_ok && x->shortest_ok && x->bound_ok);
    tc_json_end_object(j);
}

/* Route from --from to --to by tc_ftroute_star, stream the crossings, then judge the route. */
static int route_dfs_run(dfs_t *d, output_t *out, dfs_result_t *x)
{
    const args_t *a = d->a;
    int64_t N = d->topo.nodes;
    int32_t *dist = malloc((size_t)N * sizeof *dist);
    tc_err_t oerr = dist == NULL ? TC_ENOMEM
                                 : tc_ftroute_oracle(&d->topo, d->have_faults ? &d->faults : NULL,
                                                     d->src, dist);
    if (oerr != TC_OK) {
        free(dist);
        return fail(EXIT_RESOURCE, "out of memory for the breadth-first search");
    }
    x->shortest = dist[d->dst]; /* the oracle the route is judged by */
    free(dist);
    d->fp = out->fp;
    if (a->format == 1) {
        tc_json_document(&d->j, out->fp, "route");
        tc_json_kint(&d->j, "n", d->n);
        tc_json_kstr(&d->j, "from", d->from);
        tc_json_kstr(&d->j, "to", d->to);
        tc_json_kstr(&d->j, "method", "dfs");
        tc_json_kstr(&d->j, "faults", a->faults ? a->faults : d->have_faults ? "listed" : "none");
        tc_json_key(&d->j, "seed");
        a->faults || d->random[0] || d->random[1] ? tc_json_uint(&d->j, a->seed)
                                                  : tc_json_null(&d->j);
        tc_json_kint(&d->j, "faulty_nodes", d->faults.faulty_nodes);
        tc_json_kint(&d->j, "faulty_links", d->faults.faulty_links);
        tc_json_key(&d->j, "crossings");
        tc_json_array(&d->j);
    } else {
        char note[2][48];
        seed_note(d->random[0], a->seed, note[0], sizeof note[0]);
        seed_note(d->random[1], a->seed, note[1], sizeof note[1]);
        fprintf(out->fp,
                "route on S_%d from %s%s to %s%s by depth-first search with backtracking; faults: "
                "%s\n",
                d->n, d->from, note[0], d->to, note[1], d->fault_text);
        fprintf(out->fp, "    hop  move  dim  budget  node\n");
        fprintf(out->fp, "  %5d                     %s\n", 0, d->from);
    }
    tc_err_t err = tc_ftroute_star(d->net, &d->topo, d->have_faults ? &d->faults : NULL, d->src,
                                   d->dst, on_crossing, d, &x->r);
    if (err != TC_OK) {
        return lib_fail(err, "routing");
    }
    const tc_ftroute_t *r = &x->r;
    x->detours = x->shortest < 0 ? -1 : (x->shortest - r->distance) / 2;
    x->hop_bound = tc_ftroute_hop_bound(N, r->budget);
    x->reach_ok = r->delivered == (x->shortest >= 0);
    x->shortest_ok =
        !r->delivered || x->detours > TC_FTROUTE_MAX_BUDGET || r->route_len == x->shortest;
    x->bound_ok = r->hops <= x->hop_bound;
    if (a->format == 1) {
        print_dfs_json_tail(d, x);
        err = tc_json_finish(&d->j);
        return err != TC_OK ? lib_fail(err, "writing the route") : 0;
    }
    print_dfs_text(out->fp, d, x);
    return 0;
}

static int route_dfs(const args_t *a, const tc_net_t *net)
{
    dfs_t d = {.a = a, .net = net, .n = tc_net_n(net)};
    if (a->substar != NULL) {
        return misuse("routing around faults (--method dfs) goes from a node to a node (--to "
                      "NODE), not to a substar");
    }
    uint8_t p[TC_STAR_MAX_N];
    int st = endpoint(net, a->from, a->seed, "--from", p, &d.random[0]);
    if (st != 0) {
        return st;
    }
    d.src = tc_star_rank(d.n, p);
    tc_star_format(d.n, p, false, d.from, sizeof d.from);
    if ((st = endpoint(net, a->to, a->seed + 1, "--to", p, &d.random[1])) != 0) {
        return st;
    }
    d.dst = tc_star_rank(d.n, p);
    tc_star_format(d.n, p, false, d.to, sizeof d.to);
    /* the neighbour table, the fault sets, the header's arrays, the oracle's */
    int64_t N = tc_net_nodes(net), ports = d.n - 1;
    st = require_memory(N * (6 * ports + 40 + d.n), "this route");
    if (st != 0) {
        return st;
    }
    tc_err_t err = tc_topo_init(&d.topo, net);
    if (err != TC_OK) {
        return lib_fail(err, "--net");
    }
    output_t out = {0};
    dfs_result_t x = {0};
    st = make_faults(&d);
    st = st != 0 ? st : output_open(&out, a->output);
    st = st != 0 ? st : route_dfs_run(&d, &out, &x);
    if (out.fp != NULL) {
        int cst = output_close(&out, st == 0);
        st = st != 0 ? st : cst;
    }
    if (d.have_faults) {
        tc_faults_destroy(&d.faults);
    }
    tc_topo_destroy(&d.topo);
    if (st != 0) {
        return st;
    }
    return x.reach_ok && x.shortest_ok && x.bound_ok ? EXIT_OK : EXIT_CLAIM;
}

/* ---- by the rules of paper 001 ------------------------------------------------------------- */

static int route(const call_t *call)
{
    const args_t *a = call->ctx;
    int st = 0;
    if (a->from == NULL) {
        return misuse("--from is required (a node of the star graph, e.g. --from 123456)");
    }
    if ((a->to == NULL) == (a->substar == NULL)) {
        return misuse("give exactly one of --to NODE and --substar SUBSTAR");
    }
    bool listed = a->listed.count > 0 || a->faults_file != NULL;
    if (listed && a->faults != NULL) {
        return misuse("--faults draws random faults; it excludes --fault and --faults-file");
    }
    if (a->method == METHOD_RULES && (listed || a->faults != NULL)) {
        return misuse("--method rules: paper 001's rules R1-R4 do not see faults; route around "
                      "them with --method dfs (the default with faults)");
    }
    bool dfs = a->method == METHOD_DFS || (a->method == METHOD_DEFAULT && (listed || a->faults));
    tc_net_t *net = NULL;
    if ((st = open_net(a->net_spec, &net)) != 0) {
        return st;
    }
    bool star = strcmp(tc_net_family_name(net), "star") == 0;
    if (dfs) {
        st = star ? route_dfs(a, net)
                  : misuse("--net %s: the depth-first search with backtracking routes on the star "
                           "graph (star:N)",
                           a->net_spec);
        tc_net_free(net);
        return st;
    }
    route_t rt = {.n = tc_net_n(net), .to_substar = a->substar != NULL, .seed = a->seed};
    if (!star) {
        tc_net_free(net);
        return misuse("--net %s: the rules R1-R4 route on the star graph (star:N)", a->net_spec);
    }
    st = endpoint(net, a->from, a->seed, "--from", rt.x, &rt.random[0]);
    st = st != 0 || rt.to_substar ? st
                                  : endpoint(net, a->to, a->seed + 1, "--to", rt.y, &rt.random[1]);
    tc_net_free(net);
    if (st != 0) {
        return st;
    }
    tc_err_t err;
    if (rt.to_substar) {
        if ((err = tc_substar_parse(rt.n, a->substar, &rt.s)) != TC_OK) {
            return fail(EXIT_DATA, "--substar: %s", tc_err_detail());
        }
        if (tc_substar_contains(&rt.s, rt.x)) {
            char lab[TC_LABEL_MAX];
            tc_star_format(rt.n, rt.x, false, lab, sizeof lab);
            return misuse("--from %s lies inside the substar %s; route from a node outside it", lab,
                          a->substar);
        }
        tc_route_substar(rt.x, &rt.s, &rt.r, NULL);
        rt.distance = tc_substar_distance(&rt.s, rt.x);
    } else {
        tc_route_nodes(rt.n, rt.x, rt.y, &rt.r);
        rt.distance = tc_star_distance(rt.n, rt.x, rt.y);
    }
    output_t out;
    if ((st = output_open(&out, a->output)) != 0) {
        return st;
    }
    if (a->format == 1) {
        print_json(out.fp, &rt);
    } else {
        print_text(out.fp, &rt);
    }
    st = output_close(&out, true);
    return st != 0 ? st : (rt.r.len == rt.distance ? EXIT_OK : EXIT_CLAIM);
}

static int method_cb(void *field, const char *arg)
{
    static const char *const METHODS[] = {"rules", "dfs", NULL};
    int k = pick("--method", arg, METHODS);
    if (k < 0) {
        return EXIT_MISUSE;
    }
    *(int *)field = k == 0 ? METHOD_RULES : METHOD_DFS;
    return 0;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("from", from, "NODE",
               "the node the route starts at: a label (123456), identity or random\n"
               "(drawn with --seed)"),
    OPT_STRING("to", to, "NODE",
               "route to this node by R1/R2 (or around faults): a label, identity or\n"
               "random (drawn with --seed + 1)"),
    OPT_STRING("substar", substar, "SUBSTAR",
               "route to the nearest node of this substar by R3/R4\n(*^k y_{k+1}..y_n: **3456, or "
               "*,*,3,4,5,6; the stars first)"),
    OPT_CALLBACK("method", method, "M", method_cb,
                 "rules (paper 001's R1-R4; the default without faults) or dfs\n"
                 "(depth-first search with backtracking around faults; the default with them)"),
    OPT_STRING("faults", faults, "SPEC",
               "nodes:K, links:K (both directions), arcs:K (one direction) or mixed:K\n"
               "(random, seeded; never the node --from)"),
    OPT_FAULT_ITEMS(listed),
    OPT_FAULTS_FILE(faults_file),
    OPT_SEED(seed),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast route --net star:6 --from 123456 --substar '****63'",
    "paper 001's rules from a node to a substar: 3 hops, and whether that is minimal",
    "treecast route --net star:5 --from 12345 --to 21345 --fault link:12345:2",
    "round a faulty link by depth-first search with backtracking: 5 links, the oracle's shortest "
    "path beside",
    "treecast route --net star:5 --from random --to random --faults links:3 --seed 7",
    "random endpoints and three random faulty links, drawn with the printed seed",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast route --net star:N --from NODE (--to NODE | --substar SUBSTAR)\n"
             "                      [--method rules|dfs] [--faults SPEC | --fault F ... |\n"
             "                      --faults-file FILE] [--seed S] [--format text|json]\n"
             "                      [--output FILE]",
    .about = "Route on the star graph by the rules of paper 001, Section II: from a node to a\n"
             "node by R1/R2 (Akers, Harel and Krishnamurthy), or from a node to the nearest node\n"
             "of a k-substar *^k y_{k+1}..y_n by R3/R4. Prints every hop (the rule that chose it,\n"
             "the dimension, the node reached), the route's length, the true distance (the cycle\n"
             "formula; for a substar its closed form, the least over the substar's members) and\n"
             "whether the route is minimal. An endpoint may be random: --from random is drawn\n"
             "with --seed, --to random with --seed + 1 (as sim draws them), and --seed is\n"
             "printed beside it.\n"
             "\n"
             "With faults (or --method dfs) the route goes from node to node around them by\n"
             "depth-first search with backtracking (docs/constructions.md, \"Routing around\n"
             "faults\"): a node sees only its own links, the message carries its path and the\n"
             "nodes it visited, prefers moves toward the destination, spends a detour budget\n"
             "(0, 1, 2, then a plain search) on moves away, and backtracks when stuck. Prints\n"
             "every link crossing (forward -> or backtrack <-, the dimension, the search's\n"
             "budget, the node reached), then whether it was delivered or returned to the\n"
             "source (the destination is unreachable), hops, backtracks, route length, the\n"
             "fault-free distance, the shortest path over the links that work both ways\n"
             "(breadth-first search; the routing's rule: a link with a one-way fault is used\n"
             "neither way, so a working arc of it may make the faulty network's own shortest\n"
             "path shorter), the stretch, the largest header in bits and the hop bound.",
    .opts = OPTS,
    .status = "0 the route is minimal (rules), or the search kept its guarantees: delivered\n"
              "exactly when the destination is reachable (returned otherwise, which is also 0),\n"
              "along a shortest path when one has at most 2 detours, within the hop bound; 1\n"
              "otherwise; 2 misuse (a listed fault on --from, an unknown --fault kind among\n"
              "them); 3 a malformed node, substar or fault; 4 out of memory or output not\n"
              "writable.",
    .examples = EXAMPLES,
};

int cmd_route(int argc, char **argv)
{
    args_t a = {.seed = 1};
    return run_command(argc, argv, &DOC, 0, route, &a);
}
