/* treecast sim — run a collective in the round engine (or in routing cycles), beside the
 * paper's bound. The schedules, their trees, bounds and claims are the library's
 * (tc_schedule_find); this file chooses, runs and prints. */
#include "sim_cmd.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- options ------------------------------------------------------------------------------ */

static int ports_cb(void *field, const char *arg)
{
    int *limit = field;
    if (strcmp(arg, "all") == 0 || strcmp(arg, "one") == 0) {
        *limit = arg[0] == 'o';
        return 0;
    }
    char *end = NULL;
    long k = strtol(arg, &end, 10);
    if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || k < 1 || k > 255) {
        return misuse("--ports must be all, one or an integer in 1..255, not \"%s\"", arg);
    }
    *limit = (int)k;
    return 0;
}

/* ---- listed faults ---------------------------------------------------------------------- */

int fault_item_cb(void *field, const char *arg)
{
    fault_list_t *listed = field;
    if (listed->count == MAX_FAULT_ITEMS) {
        return misuse("at most %d --fault options; use --faults-file", MAX_FAULT_ITEMS);
    }
    listed->items[listed->count++] = arg;
    return 0;
}

/* A refusal of the library's fault parsers as the tool's message and status: prefix (NULL:
 * none) and the detail. */
static int fault_fail(tc_err_t err, const char *prefix)
{
    if (err == TC_ENOMEM) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    int st = status_of(err);
    const char *sep = prefix != NULL ? " " : "", *pre = prefix != NULL ? prefix : "";
    return st == EXIT_MISUSE ? misuse("%s%s%s", pre, sep, tc_err_detail())
                             : fail(st, "%s%s%s", pre, sep, tc_err_detail());
}

/* A faults file: lines of at most 64 KiB, 64 MiB in all (a fault a line, and no network treecast
 * simulates has a million links), read line by line: it costs no memory to speak of. Each line
 * goes to tc_faults_parse_text with its number. */
#define FAULTS_FILE_MAX ((int64_t)64 << 20)

static int faults_from_file(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                            tc_faults_t *f, const char *path)
{
    lines_t *in = malloc(sizeof *in);
    if (in == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    char *line = NULL;
    int st = lines_open(in, path, "a faults file", FAULTS_FILE_MAX);
    while (st == 0 && (st = lines_next(in, &line)) == 0 && line != NULL) {
        tc_err_t err =
            tc_faults_parse_text(net, topo, protect, path, in->lineno, line, strlen(line), f);
        st = err != TC_OK ? fault_fail(err, NULL) : 0;
    }
    lines_close(in);
    free(in);
    return st;
}

/* --fault items and --faults-file lines into f. */
int read_listed_faults(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                       const fault_list_t *listed, const char *file, tc_faults_t *f)
{
    tc_err_t err = tc_faults_init(f, topo);
    if (err != TC_OK) {
        return lib_fail(err, "faults");
    }
    for (int k = 0; k < listed->count; k++) {
        err = tc_faults_parse_item(net, topo, protect, listed->items[k], f);
        if (err != TC_OK) {
            return fault_fail(err, "--fault");
        }
    }
    return file != NULL ? faults_from_file(net, topo, protect, f, file) : 0;
}

int listed_faults(const run_t *r, tc_faults_t *f)
{
    return read_listed_faults(r->net, r->run.topo, r->protect, &r->a->listed, r->a->faults_file, f);
}

/* ---- setting a run up ----------------------------------------------------------------------- */

/* The schedule, the kind and the method for the plan named on net; 0 or the misuse status. */
static int choose(run_t *r, const char *name)
{
    const args_t *a = r->a;
    r->s = tc_schedule_find(name, r->net);
    if (r->s == NULL) {
        const char *where = tc_schedule_families(name);
        return where[0] ? misuse("%s runs on %s networks so far, not %s", name, where, r->netlab)
                        : misuse("unknown plan \"%s\" (treecast sim --help lists them)", name);
    }
    r->kind = r->s->kind;
    if (a->kind_text != NULL) { /* not for the plans in cycles (their table refuses it) */
        int st = open_kind(r->net, a->kind_text, "--kind", &r->kind);
        if (st != 0) {
            return st;
        }
    }
    if (r->kind == TC_KIND_CUSTOM && a->input == NULL) {
        return misuse("%s on %s needs the trees: --kind (%s) or --input FILE", name, r->netlab,
                      tc_kind_list(r->net));
    }
    if (r->s->kind != r->kind || a->input != NULL) { /* the caller's trees: the generic row */
        const tc_schedule_t *any = tc_schedule_find(name, NULL);
        r->s = any != NULL ? any : r->s;
    }
    int64_t N = tc_net_nodes(r->net);
    r->symmetry = r->s->all_sources &&
                  (a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && N > 5040));
    int64_t limit = r->s->all_sources && !r->symmetry ? 5040 : r->symmetry ? 362880 : 400000;
    if (N > limit) {
        return misuse("%s simulates networks of at most %lld nodes %s; %s has %lld", name,
                      (long long)limit, r->symmetry ? "by symmetry" : "fully", r->netlab,
                      (long long)N);
    }
    if (r->symmetry && (a->faults != NULL || a->listed.count > 0 || a->faults_file != NULL)) {
        return misuse("the symmetry method assumes no faults; use --method full (N <= 5040)");
    }
    return 0;
}

/* The trees of --input, read into r->input (the root is theirs); 0 or a status. */
static int read_input_trees(run_t *r)
{
    const char *path = r->a->input;
    int64_t nonedges = 0;
    int st = read_forest(path, r->net, &r->input, &nonedges);
    if (st == 0 && nonedges > 0) {
        st = fail(EXIT_DATA, "%s: %lld parents are not neighbours", path, (long long)nonedges);
    }
    r->root = st == 0 ? tc_forest_root(r->input) : r->root;
    return st;
}

/* A refusal of the collective, reported after the paper's bound was computed: its detail was
 * saved before. */
static int coll_fail(tc_err_t err, const char *detail)
{
    const char *msg = detail[0] ? detail : tc_strerror(err);
    int status = status_of(err);
    return status == EXIT_MISUSE ? misuse("preparing the simulation: %s", msg)
                                 : fail(status, "preparing the simulation: %s", msg);
}

int sim_setup(run_t *r, const char *name)
{
    const args_t *a = r->a;
    int st = open_net(a->net_spec, &r->net);
    if (st != 0) {
        return st;
    }
    tc_net_name(r->net, r->netlab, sizeof r->netlab);
    if (r->s == NULL && (st = choose(r, name)) != 0) {
        return st;
    }
    if ((st = resolve_root(r->net, a->root_text, a->seed, &r->root)) != 0) {
        return st;
    }
    if (a->input != NULL && (st = read_input_trees(r)) != 0) {
        return st;
    }
    /* The trees: read, or built (kind at the root, or at node 0 for the all-sources plans). */
    tc_assembly_opts_t ao = {.net = r->net,
                             .forest = r->input,
                             .kind = r->kind,
                             .root = r->s->all_sources ? 0 : r->root,
                             .order = (tc_child_order_t)a->order};
    if (!r->s->in_cycles) {
        ao.coll = (tc_coll_opts_t){.what = r->s->coll,
                                   .M = a->M,
                                   .x = a->x_given ? (int)a->x : 0,
                                   .acks = (tc_acks_t)a->acks,
                                   .one_source = r->symmetry};
    }
    tc_err_t err = tc_assembly_init(&ao, &r->run);
    tc_assembly_step_t failed = r->run.failed;
    if (failed == TC_ASSEMBLY_TOPO) {
        return lib_fail(err, "preparing the simulation");
    }
    if (failed == TC_ASSEMBLY_FOREST) {
        return lib_fail(err, r->s->name);
    }
    int T = tc_forest_trees(r->run.forest);
    if (a->x_given && a->x > T) {
        return misuse("--x %lld exceeds the %d trees of %s for %s", (long long)a->x, T, r->netlab,
                      name);
    }
    if (failed == TC_ASSEMBLY_TREES && a->input != NULL && err == TC_EINVAL) {
        return fail(EXIT_DATA, "%s: %s", a->input, tc_err_detail()); /* the document's trees */
    }
    if (failed == TC_ASSEMBLY_TREES) {
        return lib_fail(err, "preparing the simulation");
    }
    char detail[512];
    snprintf(detail, sizeof detail, "%s", failed == TC_ASSEMBLY_COLL ? tc_err_detail() : "");
    int x = a->x_given ? (int)a->x : r->s->coll == TC_COLL_BCAST ? 1 : T;
    tc_err_t ref_err = tc_schedule_reference(r->s, r->net, r->root, a->M, x, &r->ref);
    if (ref_err != TC_OK) {
        return lib_fail(ref_err, "the paper's bound");
    }
    tc_net_label(r->net, r->root, false, r->rootlab, TC_LABEL_MAX);
    if (a->root_text != NULL && strcmp(a->root_text, "random") == 0) {
        size_t l = strlen(r->rootlab);
        snprintf(r->rootlab + l, sizeof r->rootlab - l, " (random, seed %llu)",
                 (unsigned long long)a->seed);
    }
    snprintf(r->fault_text, sizeof r->fault_text, "%s%s", a->faults ? a->faults : "none",
             a->faults && a->trials == 0 ? " (seeded)" : "");
    snprintf(r->method, sizeof r->method, "full simulation of every source and packet");
    r->protect = r->s->all_sources ? -1 : r->root;
    return failed == TC_ASSEMBLY_COLL ? coll_fail(err, detail) : 0;
}

void sim_teardown(run_t *r)
{
    tc_assembly_destroy(&r->run);
    tc_forest_free(r->input);
    tc_net_free(r->net);
}

/* ---- routing cycles (paper 002 Section 5) --------------------------------------------------- */

static void print_cycles(FILE *fp, const run_t *r, const tc_cycles_t *c, const tc_cycles_ref_t *ref,
                         bool one)
{
    const args_t *a = r->a;
    const tc_schedule_t *s = r->s;
    bool all = s->cycles != TC_CYCLES_SCATTER;
    char lab[TC_LABEL_MAX];
    tc_net_label(r->net, r->root, false, lab, sizeof lab);
    if (a->format == F_JSON) {
        tc_json_t j;
        tc_json_document(&j, fp, "sim");
        tc_json_kstr(&j, "plan", s->name);
        tc_json_kstr(&j, "network", r->netlab);
        tc_json_kint(&j, "M", a->M);
        tc_json_key(&j, "root");
        all ? tc_json_null(&j) : tc_json_str(&j, lab);
        tc_json_kstr(&j, "ports", one ? "one" : "all");
        tc_json_kdouble(&j, "ts", a->ts);
        tc_json_kdouble(&j, "tc", a->tm);
        tc_json_kint(&j, "cycles", c->cycles);
        tc_json_kint(&j, "split_cycles", c->split);
        tc_json_kdouble(&j, "time", c->time);
        tc_json_kdouble(&j, "critical_elements", c->critical_elements);
        tc_json_kint(&j, "messages", c->messages);
        tc_json_kint(&j, "height", c->height);
        tc_json_kdouble(&j, "table2", ref->table);
        tc_json_kdouble(&j, "lower_bound", ref->lower);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    if (all) {
        fprintf(fp,
                "%s on %s, M = %lld elements per node pair, the tree translated to all %lld "
                "sources; %s, routing cycles\n",
                s->name, r->netlab, (long long)a->M, (long long)tc_net_nodes(r->net),
                one ? "one-port (the tree's one-port schedule; one dimension per cycle)"
                    : "n-port");
    } else {
        fprintf(fp, "%s on %s, M = %lld elements per node, root %s; %s, routing cycles\n", s->name,
                r->netlab, (long long)a->M, lab,
                one ? "one-port (subtrees by increasing dimension, Lemma 17's discipline)"
                    : "n-port (reverse breadth-first)");
    }
    if (s->split) {
        fprintf(fp, "  data split          every node's M elements in n parts, one per "
                    "rotated SBnT (a cyclic node's n/P_c parents each bring M/abs(J_c))\n");
    }
    fprintf(fp, "  routing cycles      %lld%s\n", (long long)c->cycles,
            one && !all && s->kind == TC_KIND_SBNT_MINR ? "   (Lemma 17: 2n - 2)" : "");
    if (all && one) {
        fprintf(fp, "  port conflicts      %lld extra %s (a cycle per dimension used)\n",
                (long long)c->split, plural(c->split, "cycle", "cycles"));
    }
    fprintf(fp,
            "  modelled time       %.15g   (sum over cycles of ts + tc x largest message; "
            "ts = %g, tc = %g)\n",
            c->time, a->ts, a->tm);
    fprintf(fp, "  critical elements   %.15g   (sum of the cycles' largest messages)\n",
            c->critical_elements);
    fprintf(fp, "  Table 2 (SBnT)      %.15g   %s [002 Table 2, %s%s]\n", ref->table,
            ref->table_formula, ref->what, one && !all ? "; Theorem 6" : "");
    fprintf(fp, "  lower bound         %.15g   %s [002 Sec. 5]\n", ref->lower, ref->lower_formula);
    fprintf(fp, "  messages            %lld; tree height %d\n", (long long)c->messages, c->height);
}

int run_cycles(const run_t *r, FILE *fp)
{
    const args_t *a = r->a;
    bool one = a->port_limit == 1;
    int tree = r->s->split ? -1 : 0;
    tc_cycles_t c;
    tc_err_t err =
        r->s->cycles == TC_CYCLES_SCATTER
            ? tc_cycles_scatter(&r->run.trees, r->run.topo, tree, a->M, a->ts, a->tm, one, &c, NULL)
            : tc_cycles_alltoall(&r->run.trees, r->run.topo, tree,
                                 r->s->cycles == TC_CYCLES_ALLTOALL, a->M, a->ts, a->tm, one, &c);
    if (err != TC_OK) {
        return lib_fail(err, "the routing cycles");
    }
    tc_cycles_ref_t ref;
    tc_cycles_table2(r->s->cycles, one, tc_net_n(r->net), (double)a->M, a->ts, a->tm, &ref);
    print_cycles(fp, r, &c, &ref, one);
    return 0;
}

/* ---- the command ---------------------------------------------------------------------------- */

static const char *const ACKS[] = {"free", "round", "none", NULL};
static const char *const ORDERS[] = {"paper", "ascending", "descending", NULL};
static const char *const METHODS[] = {"auto", "full", "symmetry", NULL};
static const char *const FORMATS[] = {"text", "json", "csv", NULL};
static const char *const TEXT_JSON[] = {"text", "json", NULL};

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_INT("M", M, 1, 1000000, "M",
            "messages per source (per destination for scatter and total exchange)"),
    OPT_INT_SEEN("x", x, x_given, 1, 64, "X",
                 "copies of each message (default: 1 for bcast, every tree for the\n"
                 "fault-tolerant plans); copy j of message m goes down tree (m*X + j) mod T"),
    OPT_STRING("kind", kind_text, "KIND", "run over these trees instead of the plan's"),
    OPT_STRING("input", input, "FILE", "run over the forest of a JSON document (on --net)"),
    OPT_STRING("root", root_text, "R", "the source: a label, identity (default) or random"),
    OPT_STRING("to", to_text, "T", "sim route: the destination (a label or random)"),
    OPT_STRING("faults", faults, "SPEC",
               "nodes:K, links:K (both directions), arcs:K (one direction), mixed:K\n"
               "(random, seeded), or paths:K (K faulty nodes on distinct root paths of one\n"
               "random target node)"),
    OPT_FAULT_ITEMS(listed),
    OPT_FAULTS_FILE(faults_file),
    OPT_INT("trials", trials, 1, 10000000, "T",
            "a campaign of T runs with faults drawn from seeds S, S+1, ..."),
    OPT_INT("pairs", pairs, 1, 1000000, "P",
            "route-campaign: random (source, destination) pairs per fault set (default 1)"),
    OPT_SEED(seed),
    OPT_CALLBACK("ports", port_limit, "all|one|K", ports_cb,
                 "all (default, the papers'; one for paper 001's plans), one, or K ports\n"
                 "per node per round"),
    OPT_FLAG("half-duplex", half, "one packet per round per link over both directions"),
    OPT_CHOICE("acks", acks, ACKS,
               "multinode acknowledgements: free control messages, packets taking a\n"
               "round, or none (the fault-free timetable, so a faulty node cannot stall)"),
    OPT_CHOICE("order", order, ORDERS,
               "children order: the paper's (Section 3), ascending or descending dimensions"),
    OPT_CHOICE("method", method, METHODS,
               "the plans where every node is a source: full (every source simulated;\n"
               "at most 5040 nodes, S_7), symmetry (one source simulated, the per-round\n"
               "condition of the symmetry checked, Lemma 7's, the result translated), or\n"
               "auto (full up to 5040 nodes)"),
    OPT_DOUBLE("ts", ts, "T", "start-up cost of a round (default 1)"),
    OPT_DOUBLE("tm", tm, "T", "cost per element (default 0); --tc is the same"),
    OPT_DOUBLE("tc", tm, "T", "the papers' name for --tm"),
    OPT_INT("B", B, 1, 1000000000, "B", "elements per packet: a round costs ts + B tm"),
    OPT_INT("k", k, 1, 19, "K",
            "alltoall-tseng: the substars' dimension, 1 <= K <= N-1 (packets of K!\n"
            "messages; K = 1 is the node-to-node algorithm)"),
    OPT_THREADS(threads),
    OPT_FORMAT(format, FORMATS),
    OPT_TIMING(timing),
    OPT_OUTPUT(output),
    OPT_STRING("trace", trace, "FILE",
               "also write FILE, an HTML page that plays this run round by round, all\n"
               "inline: packets on the trees' links, nodes' states, queues, faults (one\n"
               "run, not --trials; at most 130 nodes; laid out by Graphviz's neato when\n"
               "it is on PATH, else on a circle)"),
    OPT_END(),
};

/* ---- the plans: what each one is and the options it reads ----------------------------------- */

/* A plan of treecast sim. Its options are named as in OPTS (blank-separated); every plan reads
 * --net, --format (one of its formats) and --output besides them. An option a plan does not
 * read is refused (sim_cmd), and its --help lists only its own. */
typedef struct {
    const char *name;
    const char *help; /* one line ('\n' continues it in the lists) */
    const char *nets; /* where it runs; NULL: the families of its rows in the library's catalog */
    const char *section;  /* its heading in `treecast sim --help`; NULL: listed by the catalog */
    const char *options;  /* the options it reads */
    const char *required; /* those it cannot run without (unbracketed in its usage) */
    const char *const *formats;
    int (*run)(const args_t *a, const char *name);
} sim_plan_t;

#define ALWAYS "net format output"
/* the library's plans in rounds (sim_main) and in routing cycles (run_cycles) */
#define ROUNDS                                                                                     \
    "M kind input faults fault faults-file trials seed ports half-duplex ts tm tc B threads "      \
    "timing trace"
#define ONE_BCAST ROUNDS " root order"
#define CYCLES "M ports ts tm tc"
/* the routing of S_n in the engine (sim_ftbcast_main) */
#define ROUTED "root M faults fault faults-file seed ports half-duplex threads"
#define PAPER_001 "on star, without trees (paper 001; one-port unless --ports says otherwise)"
#define ROUTING "on star, routing around faults (Bagherzadeh, Nassif and Latifi)"

static const sim_plan_t PLANS[] = {
    /* paper 000 on S_n, and any network over the trees given */
    {"bcast-bfs", "M packets pipelined down one breadth-first tree", NULL, NULL, ONE_BCAST, "",
     FORMATS, sim_main},
    {"bcast", "the M packets split over the trees", NULL, NULL, ONE_BCAST, "", FORMATS, sim_main},
    {"ft-bcast", "every packet down X of the trees", NULL, NULL, ROUNDS " root order x", "",
     FORMATS, sim_main},
    {"multinode", "every node broadcasts M messages over its translated trees", NULL, NULL,
     ROUNDS " x order acks method", "", FORMATS, sim_main},
    {"scatter", "M distinct messages to every node down X of the trees, farthest first", NULL, NULL,
     ROUNDS " root x", "", FORMATS, sim_main},
    {"total-exchange", "every node scatters to every other with the necklace schedule", NULL, NULL,
     ROUNDS " x method", "", FORMATS, sim_main},
    /* the hypercube (papers 002, 003, 004) and the incomplete hypercube (paper 003) */
    {"bcast-binomial", "M packets pipelined down the spanning binomial tree", NULL, NULL, ONE_BCAST,
     "", FORMATS, sim_main},
    {"bcast-nedst", "the M packets split over the n Johnsson-Ho edge-disjoint trees", NULL, NULL,
     ONE_BCAST, "", FORMATS, sim_main},
    {"ist-bcast", "every packet down X of the n independent spanning trees", NULL, NULL,
     ROUNDS " root order x", "", FORMATS, sim_main},
    {"bcast-edst", "the M packets over the K+1 edge-disjoint spanning trees", NULL, NULL, ONE_BCAST,
     "", FORMATS, sim_main},
    {"bcast-hp", "the M packets over directed edge-disjoint Hamiltonian paths", NULL, NULL,
     ONE_BCAST, "", FORMATS, sim_main},
    {"scatter-sbnt", "M elements to every node over the SBnT, in routing cycles", NULL, NULL,
     CYCLES " root seed", "", TEXT_JSON, sim_main},
    {"scatter-sbg", "M elements to every node over the SBG, in routing cycles", NULL, NULL,
     CYCLES " root seed", "", TEXT_JSON, sim_main},
    {"scatter-binomial", "M elements to every node over the binomial tree, in routing cycles", NULL,
     NULL, CYCLES " root seed", "", TEXT_JSON, sim_main},
    {"allgather", "all-to-all broadcast over the translated SBnTs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, sim_main},
    {"alltoall", "all-to-all personalized over the translated SBnTs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, sim_main},
    {"allgather-sbg", "all-to-all broadcast over translated SBGs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, sim_main},
    {"alltoall-sbg", "all-to-all personalized over translated SBGs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, sim_main},
    {"allgather-binomial", "all-to-all broadcast over translated binomial trees, in routing cycles",
     NULL, NULL, CYCLES, "", TEXT_JSON, sim_main},
    {"alltoall-binomial",
     "all-to-all personalized over translated binomial trees, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, sim_main},
    /* paper 001 on S_n, without trees (sim_tseng.c) */
    {"alltoall-tseng", "all-to-all personalized by k-substars (--k K), Sec. III",
     "star:N, 3 <= N <= 10; every source simulated up to N = 7", PAPER_001,
     "k method ports half-duplex ts tm tc timing", "k", TEXT_JSON, sim_tseng_main},
    {"allgather-mesh", "all-to-all broadcast on the n x (n-1)! mesh, Sec. IV",
     "star:N, 3 <= N <= 7", PAPER_001, "ports half-duplex ts tm tc timing", "", TEXT_JSON,
     sim_tseng_main},
    /* the routing around faults on S_n (sim_route.c, sim_ftbcast.c) */
    {"route-campaign",
     "depth-first routing with backtracking, --trials T fault sets (--faults SPEC)\n"
     "and a random pair each, beside the oracle",
     "star:N", ROUTING, "faults trials pairs seed threads", "", TEXT_JSON, sim_route_main},
    {"route", "M packets from --root to --to along the route, in the engine", "star:N, N <= 8",
     ROUTING, ROUTED " to", "to", TEXT_JSON, sim_ftbcast_main},
    {"route-bcast",
     "broadcast down a tree (--kind, default bfs); over a tree link that does\n"
     "not work, by the routing to the child and its children",
     "star:N, N <= 8", ROUTING, ROUTED " kind trials", "", TEXT_JSON, sim_ftbcast_main},
    {"route-unicast", "broadcast by one route from the source to every node", "star:N, N <= 8",
     ROUTING, ROUTED " trials", "", TEXT_JSON, sim_ftbcast_main},
    {"bcast-compare",
     "route-bcast, route-unicast and ft-bcast x = 1, 2, n-1 (the EDTs are\n"
     "independent: x = n-1 is the IST broadcast) on the same faults",
     "star:N, N <= 8", ROUTING, ROUTED " kind x trials", "", TEXT_JSON, sim_ftbcast_main},
};
#define NPLANS (sizeof PLANS / sizeof PLANS[0])

static const sim_plan_t *plan_named(const char *name)
{
    for (size_t k = 0; k < NPLANS; k++) {
        if (strcmp(PLANS[k].name, name) == 0) {
            return &PLANS[k];
        }
    }
    return NULL;
}

/* The index in OPTS of the option named by the len bytes at name, or -1. */
static int opt_index(const char *name, size_t len)
{
    for (int k = 0; OPTS[k].type != OPT_END_; k++) {
        if (strlen(OPTS[k].name) == len && strncmp(OPTS[k].name, name, len) == 0) {
            return k;
        }
    }
    return -1;
}

/* The bits (of OPTS) of the options named in list. Every name is an option: a plan's table
 * names no option that does not exist. */
static uint64_t option_bits(const char *list)
{
    uint64_t bits = 0;
    for (const char *s = list; *s != '\0';) {
        size_t len = strcspn(s, " ");
        if (len > 0) {
            int k = opt_index(s, len);
            assert(k >= 0 && "a plan names an option sim does not have");
            bits |= k >= 0 ? (uint64_t)1 << k : 0;
        }
        s += len + (s[len] == ' ');
    }
    return bits;
}

static uint64_t plan_bits(const sim_plan_t *p)
{
    return option_bits(ALWAYS) | option_bits(p->options);
}

/* "--net, --M, ..." of the options in bits. */
static const char *option_list(uint64_t bits, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; OPTS[k].type != OPT_END_ && len < cap; k++) {
        if (bits >> k & 1) {
            len += (size_t)snprintf(buf + len, cap - len, "%s--%s", len ? ", " : "", OPTS[k].name);
        }
    }
    return buf;
}

/* "text or json" of a plan's formats. */
static const char *format_list(const sim_plan_t *p, char *buf, size_t cap)
{
    size_t len = 0, n = 0;
    while (p->formats[n] != NULL) {
        n++;
    }
    buf[0] = '\0';
    for (size_t j = 0; j < n && len < cap; j++) {
        len += (size_t)snprintf(buf + len, cap - len, "%s%s",
                                j == 0       ? ""
                                : j + 1 == n ? " or "
                                             : ", ",
                                p->formats[j]);
    }
    return buf;
}

/* The options given that the plan does not read, and a --format it does not write, refused.
 * 0 or the misuse status. */
static int refuse_foreign(const sim_plan_t *p, uint64_t given, const args_t *a)
{
    uint64_t bits = plan_bits(p), foreign = given & ~bits;
    char list[1024];
    for (int k = 0; foreign != 0 && OPTS[k].type != OPT_END_; k++) {
        if (foreign >> k & 1) {
            return misuse("--%s does not apply to %s (its options: %s)", OPTS[k].name, p->name,
                          option_list(bits, list, sizeof list));
        }
    }
    for (int j = 0; p->formats[j] != NULL; j++) {
        if (strcmp(p->formats[j], FORMATS[a->format]) == 0) {
            return 0;
        }
    }
    return misuse("--format %s does not apply to %s (it writes %s)", FORMATS[a->format], p->name,
                  format_list(p, list, sizeof list));
}

static int sim_cmd(const call_t *call)
{
    if (call->argc == 0) {
        return misuse("which plan? (treecast sim --help lists them)");
    }
    args_t a = *(const args_t *)call->ctx;
    const char *name = call->argv[0];
    const sim_plan_t *p = plan_named(name);
    if (p == NULL) {
        return misuse("unknown plan \"%s\" (treecast sim --help lists them)", name);
    }
    char topic[64]; /* a misuse now points at the plan's own help */
    snprintf(topic, sizeof topic, "sim %s", p->name);
    tool_help_topic = topic;
    int st = refuse_foreign(p, call->given, &a);
    if (st != 0) {
        return st;
    }
    if (a.port_limit < 0) { /* not given: paper 001 is one-port, the others all-port */
        a.port_limit = p->run == sim_tseng_main ? 1 : 0;
    }
    st = p->run(&a, name);
    tool_help_topic = NULL;
    return st;
}

/* ---- the help ------------------------------------------------------------------------------- */

/* Append the n bytes of tok to buf at *len, whose last line is *col columns wide: after a
 * blank, or on a new line indented by indent when the line would pass column 99. */
static void put_token(char *buf, size_t cap, size_t *len, int *col, const char *tok, size_t n,
                      int indent)
{
    bool start = *len == 0 || buf[*len - 1] == '\n';
    if (*len + n + (size_t)indent + 2 >= cap) {
        return; /* the buffers are sized for the longest plan; never reached */
    }
    if (!start && *col + 1 + (int)n > 99) {
        *len += (size_t)snprintf(buf + *len, cap - *len, "\n%*s", indent, "");
        *col = indent;
    } else if (!start) {
        buf[(*len)++] = ' ';
        (*col)++;
    }
    memcpy(buf + *len, tok, n);
    *len += n;
    buf[*len] = '\0';
    *col += (int)n;
}

/* The words of text (a newline is a blank) appended by put_token. */
static void put_words(char *buf, size_t cap, size_t *len, int *col, const char *text, int indent)
{
    for (const char *s = text; *s != '\0';) {
        size_t n = strcspn(s, " \n");
        if (n > 0) {
            put_token(buf, cap, len, col, s, n, indent);
        }
        s += n + (s[n] != '\0');
    }
}

/* treecast sim PLAN --help: the plan's usage, what it is, where it runs and its options only. */
static int plan_help(int argc, char **argv)
{
    const sim_plan_t *p = plan_named(argv[0]);
    if (p == NULL) {
        return misuse("unknown plan \"%s\" (treecast sim --help lists them)", argv[0]);
    }
    if (argc > 1) {
        return misuse("unexpected argument \"%s\"", argv[1]);
    }
    uint64_t bits = plan_bits(p), required = option_bits(p->required);
    opt_t opts[64];
    char usage[2048], about[4096], word[160];
    size_t n = 0, len = 0;
    int col = 7; /* print_help writes "usage: " before it */
    int indent = (int)strlen("usage: treecast sim ") + (int)strlen(p->name) + 1;
    snprintf(word, sizeof word, "treecast sim %s --net NET", p->name);
    put_token(usage, sizeof usage, &len, &col, word, strlen(word), indent);
    for (int k = 0; OPTS[k].type != OPT_END_; k++) { /* its options, in sim's order */
        if (bits >> k & 1) {
            opts[n] = OPTS[k];
            opts[n].choices = OPTS[k].choices == FORMATS ? p->formats : OPTS[k].choices;
            n++;
        }
    }
    for (int pass = 0; pass < 2; pass++) { /* the usage: those it needs first, then the others */
        for (size_t j = 0; j < n; j++) {
            const opt_t *o = &opts[j];
            bool must = required >> opt_index(o->name, strlen(o->name)) & 1;
            if (o->type == OPT_NET_ || must != (pass == 0)) {
                continue; /* --net: first, above */
            }
            char arg[64] = "";
            if (o->type == OPT_CHOICE_) {
                for (int c = 0; o->choices[c] != NULL; c++) {
                    size_t l = strlen(arg);
                    snprintf(arg + l, sizeof arg - l, "%s%s", c ? "|" : "", o->choices[c]);
                }
            } else if (o->argh != NULL) {
                snprintf(arg, sizeof arg, "%s", o->argh);
            }
            snprintf(word, sizeof word, "%s--%s%s%s%s", must ? "" : "[", o->name, arg[0] ? " " : "",
                     arg, must ? "" : "]");
            put_token(usage, sizeof usage, &len, &col, word, strlen(word), indent);
        }
    }
    opts[n] = (opt_t)OPT_END();
    char line[512];
    snprintf(line, sizeof line, "%s: %s%s%s%s.", p->name, p->help, p->nets ? " (runs on " : "",
             p->nets ? p->nets : "", p->nets ? ")" : "");
    len = 0;
    col = 0;
    put_words(about, sizeof about, &len, &col, line, 0);
    for (int k = 0; tc_schedule_at(k) != NULL; k++) { /* the library's rows of the plan */
        const tc_schedule_t *s = tc_schedule_at(k);
        if (strcmp(s->name, p->name) == 0) {
            int w = snprintf(about + len, sizeof about - len, "\n  on %s:",
                             s->family != NULL ? s->family : "any network (--kind or --input)");
            len += (size_t)w;
            col = w - 1;
            put_words(about, sizeof about, &len, &col, s->what, 4);
        }
    }
    snprintf(about + len, sizeof about - len,
             "\n\nThe options below are those %s reads; it refuses the others.", p->name);
    command_doc_t doc = {.usage = usage, .about = about, .opts = opts};
    print_help(&doc);
    return EXIT_OK;
}

/* The plans, by the family of their trees (the library's catalog), then the tool's own. */
static void print_plans(void)
{
    printf("PLAN, by the family of its trees:");
    const char *family = "";
    for (int k = 0; tc_schedule_at(k) != NULL; k++) {
        const tc_schedule_t *s = tc_schedule_at(k);
        const char *f = s->family != NULL ? s->family : "any network (--kind or --input)";
        if (strcmp(f, family) != 0) {
            printf("\n  on %s:", f);
            family = f;
        }
        printf("\n    %-19s %s", s->name, s->what);
    }
    const char *section = "";
    for (size_t k = 0; k < NPLANS; k++) {
        const sim_plan_t *p = &PLANS[k];
        if (p->section == NULL) {
            continue;
        }
        if (strcmp(p->section, section) != 0) {
            printf("\n  %s:", p->section);
            section = p->section;
        }
        printf("\n    %-19s ", p->name);
        for (const char *s = p->help; *s != '\0'; s++) { /* continuation lines under the text */
            if (*s == '\n') {
                printf("\n%24s", "");
            } else {
                putchar(*s);
            }
        }
    }
    putchar('\n');
}

static const char *const EXAMPLES[] = {
    "treecast sim bcast --net star:7 --M 60",
    "a broadcast of 60 messages over the EDTs of S_7, beside paper 000's bound",
    "treecast sim ft-bcast --net star:6 --M 20 --x 5 --faults nodes:4 --trials 200 --seed 1",
    "a seeded fault campaign: rounds and deliveries as distributions over 200 trials",
    "treecast sim route --net star:5 --to 21345 --fault link:12345:2 --M 3",
    "3 packets routed round a faulty link, with the engine's rounds and queueing",
    "treecast sim route-campaign --help",
    "the options one plan reads (every plan has its own page)",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast sim PLAN --net NET [--M M] [--x X] [--root R] [--kind K | --input F]\n"
             "                    [--faults SPEC | --fault F ... | --faults-file FILE]\n"
             "                    [--trials T] [--ports all|one|K] [--half-duplex]\n"
             "                    [--acks A] [--order O] [--method M] [--ts T] [--tm T]\n"
             "                    [--B B] [--threads T] [--format text|json|csv] [--output F]\n"
             "                    [--trace FILE.html] [--to T] [--pairs P] [--k K] [--seed S]\n"
             "                    [--timing]\n"
             "       treecast sim PLAN --help",
    .about = "Simulate a collective in synchronous rounds (a packet crosses one link per round;\n"
             "one packet per directed link per round; FIFO queues per link), and print rounds,\n"
             "modelled time, transmissions, link load, queueing and deliveries beside the\n"
             "paper's lower bound (paper 000, Tables 1-3; paper 003, Theorem 3), the schedule's\n"
             "own prediction and the rounds the construction's paper claims. The scatter and\n"
             "all-to-all plans of paper 002 are modelled in routing cycles instead.\n"
             "\n"
             "Each plan reads some of the options below and refuses the others: treecast sim\n"
             "PLAN --help lists its own.",
    .opts = OPTS,
    .more_fn = print_plans,
    .help_for = plan_help,
    .examples = EXAMPLES,
};

int cmd_sim(int argc, char **argv)
{
    args_t a = {.M = 1, .seed = 1, .ts = 1, .tm = 0, .B = 1, .port_limit = -1};
    return run_command(argc, argv, &DOC, 1, sim_cmd, &a);
}
