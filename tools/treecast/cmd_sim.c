/* treecast sim — run a plan in the round engine (or in routing cycles), beside the paper's
 * bound. The plans are the library's descriptors (tc_plan_desc_t: name, options, help,
 * formats), their schedules, trees, bounds and claims the library's (tc_schedule_find); this
 * file parses the options, refuses those a plan does not read, writes the help and hands the run
 * to the plan's runner (sim_run.c, sim_tseng.c, sim_route.c, sim_ftbcast.c). */
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

/* ---- the command ---------------------------------------------------------------------------- */

static const char *const ACKS[] = {"free", "round", "none", NULL};
static const char *const ORDERS[] = {"paper", "ascending", "descending", NULL};
static const char *const METHODS[] = {"auto", "full", "symmetry", NULL};
static const char *const FORMATS[] = {"text", "json", "csv", NULL};

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

/* How the tool runs each kind of plan (tc_plan_desc_t.runner): the runners, which call the
 * library and print; none of them calls back into this file. */
static int (*const RUNNERS[])(const args_t *a, const char *name) = {
    [TC_PLAN_RUN_SCHEDULE] = sim_main,
    [TC_PLAN_RUN_TSENG] = sim_tseng_main,
    [TC_PLAN_RUN_ROUTE_CAMPAIGN] = sim_route_main,
    [TC_PLAN_RUN_ROUTED] = sim_ftbcast_main,
};

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

/* The bits (of OPTS) of the options named in list. Every name is an option: the library's
 * descriptors name no option that sim does not have (tc_plan_options; tests/unit/test_catalog.c).
 */
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

static uint64_t plan_bits(const tc_plan_desc_t *p)
{
    return option_bits(TC_PLAN_ALWAYS) | option_bits(p->options);
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
static const char *format_list(const tc_plan_desc_t *p, char *buf, size_t cap)
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
static int refuse_foreign(const tc_plan_desc_t *p, uint64_t given, const args_t *a)
{
    uint64_t bits = plan_bits(p), foreign = given & ~bits;
    char list[1024];
    for (int k = 0; foreign != 0 && OPTS[k].type != OPT_END_; k++) {
        if (foreign >> k & 1) {
            return misuse("--%s does not apply to %s (its options: %s)", OPTS[k].name, p->name,
                          option_list(bits, list, sizeof list));
        }
    }
    if (tc_plan_desc_writes(p, FORMATS[a->format])) {
        return 0;
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
    const tc_plan_desc_t *p = tc_plan_desc_find(name);
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
    if (a.port_limit < 0) { /* not given: the plan's (paper 001 one-port) */
        a.port_limit = p->port_limit;
    }
    st = RUNNERS[p->runner](&a, name);
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
    const tc_plan_desc_t *p = tc_plan_desc_find(argv[0]);
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
    for (int k = 0; tc_plan_desc_at(k) != NULL; k++) {
        const tc_plan_desc_t *p = tc_plan_desc_at(k);
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
