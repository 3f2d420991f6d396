/* treecast sim — run a collective in the round engine, beside the paper's bound. */
#include "common.h"

#include "treecast/bounds.h"
#include "treecast/plan.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(void)
{
    printf(
        "usage: treecast sim PLAN --net NET --M M [--x X] [--root R] [--seed S]\n"
        "                    [--faults SPEC | --fault F ... | --faults-file FILE] [--trials T]\n"
        "                    [--ports all|one|K] [--half-duplex]\n"
        "                    [--acks free|round|none] [--order paper|ascending|descending]\n"
        "                    [--method full|symmetry|auto]\n"
        "                    [--ts T] [--tm T] [--B B] [--threads T] [--format text|json|csv]\n"
        "                    [--output FILE]\n"
        "\n"
        "Simulate a collective in synchronous rounds (a packet crosses one link per round; one\n"
        "packet per directed link per round; FIFO queues per link), and print rounds,\n"
        "modelled time, transmissions, link load, queueing and deliveries beside the paper's\n"
        "lower bound (paper 000, Tables 1-3), the schedule's own prediction and, on the\n"
        "hypercube, the rounds the construction's paper claims.\n"
        "\n"
        "PLAN: bcast-bfs       M packets pipelined down one BFS tree (Section 4.1 baseline)\n"
        "      bcast           the M packets split over the n-1 EDT subtrees (Section 4.2)\n"
        "      ft-bcast        every packet down X subtrees (Section 4.3)\n"
        "      multinode       every node broadcasts M messages over its translated EDT with\n"
        "                      the synchronized depth-first schedule (Section 4.4, Lemma 7)\n"
        "      scatter         M distinct messages to every node down X subtrees, farthest\n"
        "                      first (Section 4.5)\n"
        "      total-exchange  every node scatters with the necklace schedule (Section 4.6)\n"
        "  on cube:N (1 <= N <= 16):\n"
        "      bcast-binomial  M packets pipelined down the spanning binomial tree (M + n - 1)\n"
        "      bcast-nedst     the M packets split over the n Johnsson-Ho edge-disjoint trees\n"
        "                      (ceil(M/n) + n, paper 003); the pivoted trees give the same\n"
        "                      schedule (the first edge of tree j is the source -> pivot edge)\n"
        "      scatter-sbnt    M elements to every node over the SBnT in routing cycles (paper\n"
        "                      002 Sec. 5): --ports one is Lemma 17's schedule (2n - 2 cycles),\n"
        "                      --ports all reverse breadth-first; beside Table 2, Theorem 6\n"
        "      scatter-sbg     the same over the SBG (n rotated SBnTs, every node's data split in\n"
        "                      n parts, so cyclic nodes get theirs over several paths; Sec. 4)\n"
        "      scatter-binomial the same over the binomial tree, for comparison\n"
        "      allgather       all-to-all broadcast over the 2^n translated SBnTs (Table 2)\n"
        "      alltoall        all-to-all personalized over the 2^n translated SBnTs (Table 2)\n"
        "      allgather-sbg, alltoall-sbg  the same over translated SBGs (data split in n)\n"
        "      allgather-binomial, alltoall-binomial  the same over translated binomial trees\n"
        "      ist-bcast       every packet down all n independent spanning trees (paper 004);\n"
        "                      a node is served by the first copy (--x X: X of the n trees)\n"
        "  on icube:N,K (paper 003):\n"
        "      bcast-edst      the M packets over the K+1 edge-disjoint spanning trees\n"
        "      bcast-binomial  M packets pipelined down the binomial tree\n"
        "      bcast-hp        the M packets over Theorem 4's directed edge-disjoint\n"
        "                      Hamiltonian paths (K+1 for odd K, K for even K >= 2; N <= 7)\n"
        "\n");
    printf(
        "  --net NET           star:N, 3 <= N <= 9 (multinode and total-exchange are\n"
        "                      simulated in full up to N = 7, by symmetry above), cube:N or\n"
        "                      icube:N,K (N <= 16)\n"
        "  --M M               messages per source (per destination for scatter, total exchange)\n"
        "  --x X               copies of each message, 1..N-1 (default: 1 for bcast, N-1 for\n"
        "                      the fault-tolerant plans); copy j of message m goes down subtree\n"
        "                      (m*X + j) mod (N-1), so X need not divide N-1\n"
        "  --root R            the source: a label, identity (default) or random\n"
        "  --faults SPEC       nodes:K, links:K (both directions), arcs:K (one direction),\n"
        "                      mixed:K (random, seeded), or paths:K (K faulty nodes on distinct\n"
        "                      root paths of one random target node)\n"
        "  --fault F           one listed fault (repeatable): node:LABEL, link:LABEL:DIM (both\n"
        "                      directions) or arc:LABEL:DIM (from LABEL along dimension DIM)\n"
        "  --faults-file FILE  listed faults, one per line: node LABEL | link LABEL DIM |\n"
        "                      arc LABEL DIM ('#' starts a comment)\n"
        "  --trials T          a campaign of T runs with faults drawn from seeds S, S+1, ...\n"
        "  --seed S            seed of random roots and faults (default 1; printed)\n"
        "  --ports P           all (default, the paper's), one, or K ports per node per round\n"
        "  --half-duplex       one packet per round per link over both directions\n"
        "  --acks A            multinode acknowledgements: free (control messages that take no\n"
        "                      link time, default), round (a packet taking a link for a round)\n"
        "                      or none (each node follows the fault-free timetable instead of\n"
        "                      waiting, so a faulty node cannot stall a traversal)\n"
        "  --order O           multinode children order: paper (Section 3, default),\n"
        "                      ascending or descending dimensions\n"
        "  --method M          multinode, total-exchange: full (every source simulated;\n"
        "                      N <= 7), symmetry (one source simulated, Lemma 7's per-round\n"
        "                      condition checked, the result translated; N <= 9), or auto\n"
        "                      (default: full up to N = 7)\n"
        "  --ts, --tm, --B     cost model: a round of packets of B elements costs ts + B*tm\n"
        "                      (defaults 1, 0, 1; --tc is the same as --tm, the papers' t_c)\n"
        "  --threads T         threads (default: every core for campaigns and for a full\n"
        "                      total-exchange run, else one; results do not depend on it)\n"
        "  --format F          text (default), json or csv\n"
        "  --timing            add wall time, peak memory and packet-hops per second\n"
        "  --output FILE       write there (atomically) instead of stdout\n"
        "\n"
        "exit status: 0 success, 2 misuse, 3 bad input data, 4 out of memory or output not\n"
        "writable.\n");
}

/* Collectives modelled in routing cycles (paper 002 Section 5, Table 2) */
enum { CYC_NONE, CYC_SCATTER, CYC_ALLGATHER, CYC_ALLTOALL };

typedef struct {
    const char *name;
    tc_collective_t what;
    tc_problem_t problem;
    bool bfs;
    bool all_sources;
    tc_net_family_t family;
    tc_kind_t trees; /* the tree kind the plan runs over */
    int cycles;      /* in routing cycles (paper 002 Sec. 5): one of the CYC_ values */
} plan_kind_t;

static const plan_kind_t plan_kinds[] = {
    {"bcast-bfs", TC_COLL_BCAST, TC_PROBLEM_BCAST, true, false, TC_NET_STAR, TC_KIND_BFS, CYC_NONE},
    {"bcast", TC_COLL_BCAST, TC_PROBLEM_BCAST, false, false, TC_NET_STAR, TC_KIND_EDT, CYC_NONE},
    {"ft-bcast", TC_COLL_FT_BCAST, TC_PROBLEM_FT_BCAST, false, false, TC_NET_STAR, TC_KIND_EDT,
     CYC_NONE},
    {"multinode", TC_COLL_MULTINODE, TC_PROBLEM_MULTINODE, false, true, TC_NET_STAR, TC_KIND_EDT,
     CYC_NONE},
    {"scatter", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_STAR, TC_KIND_EDT,
     CYC_NONE},
    {"total-exchange", TC_COLL_TOTAL_EXCHANGE, TC_PROBLEM_TOTAL_EXCHANGE, false, true, TC_NET_STAR,
     TC_KIND_EDT, CYC_NONE},
    /* the hypercube (papers 002, 003, 004) */
    {"bcast-binomial", TC_COLL_BCAST, TC_PROBLEM_BCAST, true, false, TC_NET_CUBE, TC_KIND_BINOMIAL,
     CYC_NONE},
    {"bcast-nedst", TC_COLL_BCAST, TC_PROBLEM_BCAST, false, false, TC_NET_CUBE, TC_KIND_NEDST,
     CYC_NONE},
    {"ist-bcast", TC_COLL_FT_BCAST, TC_PROBLEM_FT_BCAST, false, false, TC_NET_CUBE, TC_KIND_IST,
     CYC_NONE},
    {"scatter-sbnt", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE,
     TC_KIND_SBNT_MINR, CYC_SCATTER},
    {"scatter-sbg", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE, TC_KIND_SBG,
     CYC_SCATTER},
    {"scatter-binomial", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, true, false, TC_NET_CUBE,
     TC_KIND_BINOMIAL, CYC_SCATTER},
    {"allgather", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE, TC_KIND_SBNT_MINR,
     CYC_ALLGATHER},
    {"alltoall", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE, TC_KIND_SBNT_MINR,
     CYC_ALLTOALL},
    {"allgather-sbg", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE, TC_KIND_SBG,
     CYC_ALLGATHER},
    {"alltoall-sbg", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, false, false, TC_NET_CUBE, TC_KIND_SBG,
     CYC_ALLTOALL},
    {"allgather-binomial", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, true, false, TC_NET_CUBE,
     TC_KIND_BINOMIAL, CYC_ALLGATHER},
    {"alltoall-binomial", TC_COLL_SCATTER, TC_PROBLEM_SCATTER, true, false, TC_NET_CUBE,
     TC_KIND_BINOMIAL, CYC_ALLTOALL},
    /* the incomplete hypercube (paper 003) */
    {"bcast-binomial", TC_COLL_BCAST, TC_PROBLEM_BCAST, true, false, TC_NET_ICUBE, TC_KIND_BINOMIAL,
     CYC_NONE},
    {"bcast-edst", TC_COLL_BCAST, TC_PROBLEM_BCAST, false, false, TC_NET_ICUBE, TC_KIND_EDST,
     CYC_NONE},
    {"bcast-hp", TC_COLL_BCAST, TC_PROBLEM_BCAST, false, false, TC_NET_ICUBE, TC_KIND_EDHP,
     CYC_NONE},
};

/* The rounds a hypercube construction's paper claims for its broadcast, or -1: the pipelined
 * binomial tree M + n - 1; the nEDST ceil(M/n) + n (003 Sec. II-C, READING-NOTES 003.1); the
 * ISTs, every packet down all n trees of height n+1 (004, READING-NOTES 004.1): M + n. */
static int64_t cube_claim(const plan_kind_t *k, int n, int64_t M, int x, char *formula, size_t cap,
                          const char **source)
{
    if (k->family == TC_NET_ICUBE) {
        return -1; /* paper 003 gives the EDST's count (below); the binomial tree's is M + h - 1 */
    }
    switch (k->trees) {
    case TC_KIND_BINOMIAL:
        snprintf(formula, cap, "M + n - 1");
        *source = "002 Sec. 1 (pipelined binomial tree)";
        return M + n - 1;
    case TC_KIND_NEDST:
        snprintf(formula, cap, "ceil(M/n) + n");
        *source = "003 Sec. II-C; READING-NOTES 003.1";
        return (M + n - 1) / n + n;
    case TC_KIND_IST:
        if (x != n) {
            return -1;
        }
        snprintf(formula, cap, "M + n (every packet down all n trees of height n+1)");
        *source = "004 Sec. 5.3; READING-NOTES 004.1";
        return M + n;
    default:
        return -1;
    }
}

/* The construction's claim, when the plan has one: printed beside the rounds. */
static char claim_text[200];
static char claim_json[300];

static void set_claim(int64_t claimed, const char *formula, const char *source)
{
    if (claimed < 0) {
        return;
    }
    snprintf(claim_text, sizeof claim_text, "%lld   %s [%s]", (long long)claimed, formula, source);
    snprintf(claim_json, sizeof claim_json,
             "\"construction_claim\":{\"rounds\":%lld,\"formula\":\"%s\",\"source\":\"%s\"},",
             (long long)claimed, formula, source);
}

enum {
    OPT_HALF = 1000,
    OPT_ACKS,
    OPT_ORDER,
    OPT_TS,
    OPT_TM,
    OPT_B,
    OPT_PORTS,
    OPT_METHOD,
    OPT_TIMING,
    OPT_FAULT,
    OPT_FAULTS_FILE
};

typedef struct {
    const plan_kind_t *kind;
    const char *net_spec, *root_text, *faults, *format, *output;
    int64_t M, x, trials, threads, B;
    uint64_t seed;
    int port_limit;
    bool half;
    tc_acks_t acks;
    const char *method;           /* full, symmetry, auto */
    const char *fault_items[256]; /* --fault, as given */
    int nfault_items;
    const char *faults_file;
    bool timing;
    bool symmetry;
    tc_child_order_t order;
    double ts, tm;
} args_t;

/* --faults SPEC -> campaign fields; false after a misuse message. */
static bool parse_faults(const char *spec, tc_campaign_t *c)
{
    static const struct {
        const char *name;
        tc_fault_kind_t kind;
    } kinds[] = {{"nodes", TC_FAULTS_NODES},
                 {"links", TC_FAULTS_LINKS},
                 {"arcs", TC_FAULTS_ARCS},
                 {"mixed", TC_FAULTS_MIXED},
                 {"paths", TC_FAULTS_NODES}};
    const char *colon = strchr(spec, ':');
    for (size_t k = 0; colon && k < sizeof kinds / sizeof kinds[0]; k++) {
        if (strncmp(spec, kinds[k].name, (size_t)(colon - spec)) == 0 &&
            strlen(kinds[k].name) == (size_t)(colon - spec)) {
            int64_t count;
            if (!parse_int_opt("--faults", colon + 1, 0, 1000000, &count)) {
                return false;
            }
            c->kind = kinds[k].kind;
            c->k = count;
            c->on_paths = strcmp(kinds[k].name, "paths") == 0;
            return true;
        }
    }
    misuse("--faults must be nodes:K, links:K, arcs:K, mixed:K or paths:K, not \"%s\"", spec);
    return false;
}

/* The exact number of rounds the fault-free schedule takes, where it has a closed form. */
/* The pipelined schedule of bcast and ft-bcast: copy j of packet m goes down tree
 * (m x + j) mod T, so tree t carries floor(Mx/T) + (t < Mx mod T) packets and its last packet
 * reaches its deepest node after (packets + depth - 1) rounds. */
/* scatter-sbnt, scatter-sbg, scatter-binomial, allgather, alltoall (and their binomial
 * baselines): routing cycles beside Theorem 6 and Table 2 of paper 002. */
static int run_cycles(const args_t *a, const tc_net_t *net, const tc_topo_t *topo,
                      const tc_plan_trees_t *trees, int64_t root)
{
    if (a->faults != NULL || a->nfault_items > 0 || a->faults_file != NULL || a->trials > 0) {
        return misuse("%s is modelled in routing cycles without faults", a->kind->name);
    }
    if (a->port_limit > 1 || a->half) {
        return misuse("%s runs one-port (--ports one) or n-port (--ports all, the default)",
                      a->kind->name);
    }
    bool one = a->port_limit == 1;
    int what = a->kind->cycles, n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    bool all = what == CYC_ALLGATHER || what == CYC_ALLTOALL;
    bool split = a->kind->trees == TC_KIND_SBG;
    tc_cycles_t c;
    tc_err_t err =
        all ? tc_cycles_alltoall(trees, topo, split ? -1 : 0, what == CYC_ALLTOALL, a->M, a->ts,
                                 a->tm, one, &c)
            : tc_cycles_scatter(trees, topo, split ? -1 : 0, a->M, a->ts, a->tm, one, &c, NULL);
    if (err != TC_OK) {
        return lib_fail(err, "the routing cycles");
    }
    tc_cycles_ref_t ref;
    tc_cycles_table2(what == CYC_ALLGATHER  ? TC_CYCLES_ALLGATHER
                     : what == CYC_ALLTOALL ? TC_CYCLES_ALLTOALL
                                            : TC_CYCLES_SCATTER,
                     one, n, (double)a->M, a->ts, a->tm, &ref);
    char netlab[16], lab[TC_LABEL_MAX];
    tc_net_name(net, netlab, sizeof netlab);
    tc_net_label(net, root, false, lab, sizeof lab);
    output_t out;
    int st = output_open(&out, a->output);
    if (st != 0) {
        return st;
    }
    FILE *fp = out.fp;
    if (strcmp(a->format, "json") == 0) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"sim\",\"plan\":\"%s\",\"network\":\"%s\","
                "\"M\":%lld,\"root\":%s%s%s,\"ports\":\"%s\",\"ts\":%.15g,\"tc\":%.15g,"
                "\"cycles\":%lld,\"split_cycles\":%lld,\"time\":%.15g,"
                "\"critical_elements\":%.15g,\"messages\":%lld,\"height\":%d,\"table2\":%.15g,"
                "\"lower_bound\":%.15g}\n",
                a->kind->name, netlab, (long long)a->M, all ? "" : "\"", all ? "null" : lab,
                all ? "" : "\"", one ? "one" : "all", a->ts, a->tm, (long long)c.cycles,
                (long long)c.split, c.time, c.critical_elements, (long long)c.messages, c.height,
                ref.table, ref.lower);
    } else {
        if (all) {
            fprintf(fp,
                    "%s on %s, M = %lld elements per node pair, the tree translated to all "
                    "%lld sources; %s, routing cycles\n",
                    a->kind->name, netlab, (long long)a->M, (long long)N,
                    one ? "one-port (the tree's one-port schedule; one dimension per cycle)"
                        : "n-port");
        } else {
            fprintf(fp, "%s on %s, M = %lld elements per node, root %s; %s, routing cycles\n",
                    a->kind->name, netlab, (long long)a->M, lab,
                    one ? "one-port (subtrees by increasing dimension, Lemma 17's discipline)"
                        : "n-port (reverse breadth-first)");
        }
        if (split) {
            fprintf(fp, "  data split          every node's M elements in n parts, one per "
                        "rotated SBnT (a cyclic node's n/P_c parents each bring M/abs(J_c))\n");
        }
        fprintf(fp, "  routing cycles      %lld%s\n", (long long)c.cycles,
                one && !all && a->kind->trees == TC_KIND_SBNT_MINR ? "   (Lemma 17: 2n - 2)" : "");
        if (all && one) {
            fprintf(fp, "  port conflicts      %lld extra cycles (a cycle per dimension used)\n",
                    (long long)c.split);
        }
        fprintf(fp,
                "  modelled time       %.15g   (sum over cycles of ts + tc x largest message; "
                "ts = %g, tc = %g)\n",
                c.time, a->ts, a->tm);
        fprintf(fp, "  critical elements   %.15g   (sum of the cycles' largest messages)\n",
                c.critical_elements);
        fprintf(fp, "  Table 2 (SBnT)      %.15g   %s [002 Table 2, %s%s]\n", ref.table,
                ref.table_formula, ref.what, one && !all ? "; Theorem 6" : "");
        fprintf(fp, "  lower bound         %.15g   %s [002 Sec. 5]\n", ref.lower,
                ref.lower_formula);
        fprintf(fp, "  messages            %lld; tree height %d\n", (long long)c.messages,
                c.height);
    }
    return output_close(&out, true);
}

static int64_t predicted_rounds(const args_t *a, const tc_plan_trees_t *tr, int n)
{
    (void)n;
    if (a->kind->what != TC_COLL_BCAST && a->kind->what != TC_COLL_FT_BCAST) {
        return -1;
    }
    int64_t T = tr->ntrees, total = a->M * (a->kind->what == TC_COLL_BCAST ? 1 : a->x);
    int64_t worst = 0;
    for (int64_t t = 0; t < T; t++) {
        int depth = 0;
        const uint8_t *dp = tr->depth + (size_t)t * (size_t)tr->nodes;
        for (int64_t v = 0; v < tr->nodes; v++) {
            depth = dp[v] != 0xFF && dp[v] > depth ? dp[v] : depth;
        }
        int64_t packets = total / T + (t < total % T);
        if (packets > 0 && packets + depth - 1 > worst) {
            worst = packets + depth - 1;
        }
    }
    return worst;
}

static void progress(void *ctx, int64_t done, int64_t total)
{
    (void)ctx;
    fprintf(stderr, "\rtreecast sim: %lld of %lld trials", (long long)done, (long long)total);
    if (done == total) {
        fputc('\n', stderr);
    }
}

static void round_progress(void *ctx, int64_t round)
{
    (void)ctx;
    fprintf(stderr, "\rtreecast sim: round %lld", (long long)round);
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y);
}

/* Nearest-rank percentile of a sorted array (pct_i64's rule for doubles). */
static double pct_dbl(const double *v, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return v[k < 1 ? 0 : k - 1];
}

static char method_text[200] = "full simulation of every source and packet";

/* --timing: wall seconds of the simulation and the packet-hops it simulated. */
static double sim_seconds;
static int64_t sim_hops;

static const char *convention =
    "a packet crosses one link per round; M packets down depth D take M + D - 1 rounds "
    "(READING-NOTES 000.6)";

/* The nodes that did not get everything (NULL complete: none listed), at most `limit`. */
static void list_incomplete(FILE *fp, const tc_net_t *net, const uint8_t *complete,
                            const tc_faults_t *faults, int64_t limit, bool json)
{
    int64_t shown = 0;
    for (int64_t v = 0; complete != NULL && v < tc_net_nodes(net) && shown < limit; v++) {
        if (complete[v] || (faults != NULL && faults->node != NULL && faults->node[v])) {
            continue;
        }
        char lab[TC_LABEL_MAX];
        tc_net_label(net, v, false, lab, sizeof lab);
        fprintf(fp, json ? "%s\"%s\"" : "%s%s", shown ? (json ? "," : " ") : "", lab);
        shown++;
    }
}

static void print_single(FILE *fp, const args_t *a, const char *netlab, const char *rootlab,
                         const tc_sim_result_t *r, int64_t predicted, int64_t paper_tx,
                         const tc_bound_t *b, const char *fault_text, const tc_net_t *net,
                         const uint8_t *complete, const tc_faults_t *faults)
{
    bool json = strcmp(a->format, "json") == 0, csv = strcmp(a->format, "csv") == 0;
    double diff = (double)r->rounds - b->time;
    if (json) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"sim\",\"plan\":\"%s\",\"network\":\"%s\","
                "\"M\":%lld,\"x\":%lld,\"root\":\"%s\",\"seed\":%llu,\"faults\":\"%s\","
                "\"ports\":%d,\"half_duplex\":%s,\"acks\":\"%s\",",
                a->kind->name, netlab, (long long)a->M, (long long)a->x, rootlab,
                (unsigned long long)a->seed, fault_text, a->port_limit, a->half ? "true" : "false",
                a->acks == TC_ACKS_ROUND  ? "round"
                : a->acks == TC_ACKS_NONE ? "none"
                                          : "free");
        fprintf(fp,
                "\"rounds\":%lld,\"complete_round\":%lld,\"time\":%.15g,\"transmissions\":%lld,"
                "\"control\":%lld,\"free_signals\":%lld,\"paper_transmissions\":%lld,"
                "\"dropped\":%lld,\"max_link_load\":%lld,\"max_queue\":%lld,"
                "\"queued_packets\":%lld,\"queue_rounds\":%lld,\"nodes_nonfaulty\":%lld,"
                "\"nodes_complete\":%lld,\"delivered_fraction\":%.6f,\"duplicates\":%lld,",
                (long long)r->rounds, (long long)r->complete_round, r->time,
                (long long)r->transmissions, (long long)r->control, (long long)r->free_signals,
                (long long)paper_tx, (long long)r->dropped, (long long)r->max_link_load,
                (long long)r->max_queue, (long long)r->queued_packets, (long long)r->queue_rounds,
                (long long)r->nodes_nonfaulty, (long long)r->nodes_complete, r->delivered_fraction,
                (long long)r->duplicates);
        fprintf(fp,
                "\"predicted_rounds\":%lld,%s\"bound\":{\"time\":%.15g,\"time_printed\":%.15g,"
                "\"formula\":",
                (long long)predicted, claim_json, b->time, b->time_printed);
        tc_report_json_string(fp, b->time_formula);
        fputs(",\"source\":", fp);
        tc_report_json_string(fp, b->source);
        fputs(",\"correction\":", fp);
        tc_report_json_string(fp, b->correction);
        fprintf(fp, ",\"transmissions\":%.15g},\"rounds_minus_bound\":%.15g,\"convention\":",
                b->transmissions, diff);
        tc_report_json_string(fp, convention);
        fputs(",\"method\":", fp);
        tc_report_json_string(fp, method_text);
        fputs(",\"incomplete\":[", fp);
        list_incomplete(fp, net, complete, faults, INT64_MAX, true);
        fputs("]", fp);
        if (a->timing) {
            fprintf(fp, ",\"seconds\":%.3f,\"peak_kib\":%ld,\"hops\":%lld,\"hops_per_second\":%.0f",
                    sim_seconds, peak_kib(), (long long)sim_hops,
                    sim_seconds > 0 ? (double)sim_hops / sim_seconds : 0.0);
        }
        fputs("}\n", fp);
        return;
    }
    if (csv) {
        fputs("plan,network,M,x,root,faults,rounds,complete_round,time,transmissions,control,"
              "dropped,max_link_load,max_queue,queued_packets,queue_rounds,nodes_complete,"
              "nodes_nonfaulty,delivered_fraction,bound,bound_printed,rounds_minus_bound\n",
              fp);
        fprintf(fp,
                "%s,%s,%lld,%lld,%s,%s,%lld,%lld,%.15g,%lld,%lld,%lld,%lld,%lld,%lld,%lld,"
                "%lld,%lld,%.6f,%.15g,%.15g,%.15g\n",
                a->kind->name, netlab, (long long)a->M, (long long)a->x, rootlab, fault_text,
                (long long)r->rounds, (long long)r->complete_round, r->time,
                (long long)r->transmissions, (long long)r->control, (long long)r->dropped,
                (long long)r->max_link_load, (long long)r->max_queue, (long long)r->queued_packets,
                (long long)r->queue_rounds, (long long)r->nodes_complete,
                (long long)r->nodes_nonfaulty, r->delivered_fraction, b->time, b->time_printed,
                diff);
        return;
    }
    fprintf(fp, "%s on %s, M = %lld, x = %lld, %s; %s, %s duplex%s; faults: %s\n", a->kind->name,
            netlab, (long long)a->M, (long long)a->x,
            a->kind->all_sources ? "every node a source" : rootlab,
            a->port_limit == 0   ? "all-port"
            : a->port_limit == 1 ? "one-port"
                                 : "k-port",
            a->half ? "half" : "full",
            a->kind->what != TC_COLL_MULTINODE ? ""
            : a->acks == TC_ACKS_ROUND         ? ", acknowledgements take a round"
            : a->acks == TC_ACKS_NONE          ? ", no acknowledgements (timetable)"
                                               : ", free acknowledgements",
            fault_text);
    fprintf(fp, "  rounds              %lld", (long long)r->rounds);
    if (predicted >= 0) {
        fprintf(fp, "   (the schedule predicts %lld)", (long long)predicted);
    }
    fputc('\n', fp);
    if (claim_text[0]) {
        fprintf(fp, "  construction claims %s\n", claim_text);
    }
    fprintf(fp, "  paper's bound       %.15g   %s [%s]%s%s\n", b->time, b->time_formula, b->source,
            b->correction[0] ? "; " : "", b->correction);
    fprintf(fp, "  rounds - bound      %+.15g%s\n", diff,
            a->port_limit != 0 || a->half
                ? "   (the bound is for the paper's all-port, full-duplex model)"
                : "");
    fprintf(fp, "  convention          %s\n", convention);
    fprintf(fp, "  method              %s\n", method_text);
    fprintf(fp, "  complete by round   %lld\n", (long long)r->complete_round);
    fprintf(fp, "  modelled time       %.15g   (rounds x (ts + B tm) = %lld x (%g + %lld x %g))\n",
            r->time, (long long)r->rounds, a->ts, (long long)a->B, a->tm);
    fprintf(fp, "  transmissions       %lld data", (long long)(r->transmissions - r->control));
    if (r->control || r->free_signals) {
        fprintf(fp, " + %lld acknowledgements on links + %lld free", (long long)r->control,
                (long long)r->free_signals);
    }
    fprintf(fp, "   (paper: %.15g; this schedule without faults: %lld)\n", b->transmissions,
            (long long)paper_tx);
    fprintf(fp, "  largest link load   %lld packets\n", (long long)r->max_link_load);
    fprintf(fp,
            "  queueing            %lld packets waited, %lld rounds in all; longest queue %lld\n",
            (long long)r->queued_packets, (long long)r->queue_rounds, (long long)r->max_queue);
    fprintf(fp, "  lost to faults      %lld packets\n", (long long)r->dropped);
    fprintf(fp,
            "  delivered           %lld of %lld non-faulty nodes got everything (%.4f of all "
            "they expect)\n",
            (long long)r->nodes_complete, (long long)r->nodes_nonfaulty, r->delivered_fraction);
    if (complete != NULL && r->nodes_complete < r->nodes_nonfaulty) {
        fprintf(fp, "  incomplete nodes    ");
        list_incomplete(fp, net, complete, faults, 12, false);
        fprintf(fp, "%s\n", r->nodes_nonfaulty - r->nodes_complete > 12 ? " ..." : "");
    }
    if (r->stopped) {
        fprintf(fp, "  STOPPED at the round limit\n");
    }
    if (a->timing) {
        fprintf(fp,
                "  time                %.3f s wall; peak memory %.1f MiB; %.3g packet-hops per "
                "second (%lld simulated)\n",
                sim_seconds, (double)peak_kib() / 1024.0,
                sim_seconds > 0 ? (double)sim_hops / sim_seconds : 0.0, (long long)sim_hops);
    }
}

/* One listed fault: kind "node" (label) or "link"/"arc" (label, dimension). Returns a status. */
static int add_fault(const tc_net_t *net, const tc_topo_t *topo, tc_faults_t *f, int64_t protect,
                     const char *kind, const char *label, const char *dim, const char *where)
{
    int64_t v;
    if (tc_net_parse_label(net, label, &v) != TC_OK) {
        return fail(EXIT_DATA, "%s: %s", where, tc_err_detail());
    }
    if (strcmp(kind, "node") == 0 && dim == NULL) {
        if (v == protect) {
            return misuse("%s: the source %s cannot be faulty", where, label);
        }
        tc_faults_add_node(f, v);
        return 0;
    }
    if ((strcmp(kind, "link") == 0 || strcmp(kind, "arc") == 0) && dim != NULL) {
        char *end = NULL;
        long d = strtol(dim, &end, 10);
        if (*dim == '\0' || *end != '\0' || d < tc_net_dim_min(net) || d > tc_net_dim_max(net)) {
            return fail(EXIT_DATA, "%s: dimension \"%s\" is not in %d..%d", where, dim,
                        tc_net_dim_min(net), tc_net_dim_max(net));
        }
        tc_faults_add_link(f, topo, v, (int)(d - tc_net_dim_min(net)), kind[0] == 'l');
        return 0;
    }
    return fail(EXIT_DATA, "%s: expected node LABEL, link LABEL DIM or arc LABEL DIM", where);
}

/* --fault items and --faults-file lines into f. */
static int listed_faults(const args_t *a, const tc_net_t *net, const tc_topo_t *topo,
                         int64_t protect, tc_faults_t *f)
{
    tc_err_t err = tc_faults_empty(topo, f);
    if (err != TC_OK) {
        return lib_fail(err, "faults");
    }
    for (int k = 0; k < a->nfault_items; k++) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", a->fault_items[k]);
        char *kind = buf, *label = strchr(buf, ':'), *dim = NULL;
        if (label != NULL) {
            *label++ = '\0';
            dim = strchr(label, ':');
            if (dim != NULL) {
                *dim++ = '\0';
            }
        }
        char where[160];
        snprintf(where, sizeof where, "--fault %.100s", a->fault_items[k]);
        int st = label ? add_fault(net, topo, f, protect, kind, label, dim, where)
                       : misuse("%s: expected node:LABEL, link:LABEL:DIM or arc:LABEL:DIM", where);
        if (st != 0) {
            return st;
        }
    }
    if (a->faults_file == NULL) {
        return 0;
    }
    FILE *fp = fopen(a->faults_file, "r");
    if (fp == NULL) {
        return fail(EXIT_DATA, "cannot read %s: %s", a->faults_file, strerror(errno));
    }
    char line[512];
    int st = 0, lineno = 0;
    while (st == 0 && fgets(line, sizeof line, fp) != NULL) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash != NULL) {
            *hash = '\0';
        }
        char *save = NULL;
        char *kind = strtok_r(line, " \t\r\n", &save);
        if (kind == NULL) {
            continue;
        }
        char *label = strtok_r(NULL, " \t\r\n", &save);
        char *dim = strtok_r(NULL, " \t\r\n", &save);
        char *extra = strtok_r(NULL, " \t\r\n", &save);
        char where[160];
        snprintf(where, sizeof where, "%.100s: line %d", a->faults_file, lineno);
        st =
            label == NULL || extra != NULL
                ? fail(EXIT_DATA, "%s: expected node LABEL, link LABEL DIM or arc LABEL DIM", where)
                : add_fault(net, topo, f, protect, kind, label, dim, where);
    }
    if (st == 0 && ferror(fp)) {
        st = fail(EXIT_DATA, "cannot read %s", a->faults_file);
    }
    fclose(fp);
    return st;
}

int cmd_sim(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},
        {"M", required_argument, NULL, 'M'},
        {"x", required_argument, NULL, 'x'},
        {"root", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},
        {"faults", required_argument, NULL, 'F'},
        {"trials", required_argument, NULL, 'T'},
        {"ports", required_argument, NULL, OPT_PORTS},
        {"half-duplex", no_argument, NULL, OPT_HALF},
        {"acks", required_argument, NULL, OPT_ACKS},
        {"order", required_argument, NULL, OPT_ORDER},
        {"method", required_argument, NULL, OPT_METHOD},
        {"timing", no_argument, NULL, OPT_TIMING},
        {"fault", required_argument, NULL, OPT_FAULT},
        {"faults-file", required_argument, NULL, OPT_FAULTS_FILE},
        {"ts", required_argument, NULL, OPT_TS},
        {"tm", required_argument, NULL, OPT_TM},
        {"tc", required_argument, NULL, OPT_TM},
        {"B", required_argument, NULL, OPT_B},
        {"threads", required_argument, NULL, 't'},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    args_t a = {.M = 1, .x = -1, .seed = 1, .format = "text", .ts = 1, .tm = 0, .B = 1};
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            a.net_spec = optarg;
            break;
        case 'M':
            if (!parse_int_opt("--M", optarg, 1, 1000000, &a.M)) {
                return EXIT_MISUSE;
            }
            break;
        case 'x':
            if (!parse_int_opt("--x", optarg, 1, 64, &a.x)) {
                return EXIT_MISUSE;
            }
            break;
        case 'r':
            a.root_text = optarg;
            break;
        case 's':
            if (!parse_seed(optarg, &a.seed)) {
                return EXIT_MISUSE;
            }
            break;
        case 'F':
            a.faults = optarg;
            break;
        case 'T':
            if (!parse_int_opt("--trials", optarg, 1, 10000000, &a.trials)) {
                return EXIT_MISUSE;
            }
            break;
        case OPT_PORTS:
            if (strcmp(optarg, "all") == 0) {
                a.port_limit = 0;
            } else if (strcmp(optarg, "one") == 0) {
                a.port_limit = 1;
            } else {
                int64_t k;
                if (!parse_int_opt("--ports", optarg, 1, 255, &k)) {
                    return EXIT_MISUSE;
                }
                a.port_limit = (int)k;
            }
            break;
        case OPT_HALF:
            a.half = true;
            break;
        case OPT_ACKS: { /* in the order of tc_acks_t */
            int k = pick("--acks", optarg, (const char *const[]){"free", "round", "none", NULL});
            if (k < 0) {
                return EXIT_MISUSE;
            }
            a.acks = (tc_acks_t)k;
            break;
        }
        case OPT_ORDER: { /* in the order of tc_child_order_t */
            int k = pick("--order", optarg,
                         (const char *const[]){"paper", "ascending", "descending", NULL});
            if (k < 0) {
                return EXIT_MISUSE;
            }
            a.order = (tc_child_order_t)k;
            break;
        }
        case OPT_METHOD:
            if (pick("--method", optarg, (const char *const[]){"full", "symmetry", "auto", NULL}) <
                0) {
                return EXIT_MISUSE;
            }
            a.method = optarg;
            break;
        case OPT_TIMING:
            a.timing = true;
            break;
        case OPT_FAULT:
            if (a.nfault_items == 256) {
                return misuse("at most 256 --fault options; use --faults-file");
            }
            a.fault_items[a.nfault_items++] = optarg;
            break;
        case OPT_FAULTS_FILE:
            a.faults_file = optarg;
            break;
        case OPT_TS:
            if (!parse_double_opt("--ts", optarg, &a.ts)) {
                return EXIT_MISUSE;
            }
            break;
        case OPT_TM:
            if (!parse_double_opt("--tm", optarg, &a.tm)) {
                return EXIT_MISUSE;
            }
            break;
        case OPT_B:
            if (!parse_int_opt("--B", optarg, 1, 1000000000, &a.B)) {
                return EXIT_MISUSE;
            }
            break;
        case 't':
            if (!parse_int_opt("--threads", optarg, 1, 64, &a.threads)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            a.format = optarg;
            break;
        case 'o':
            a.output = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind >= argc) {
        return misuse("which plan? (treecast sim --help lists them)");
    }
    if (optind + 1 < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind + 1]);
    }
    for (size_t k = 0; k < sizeof plan_kinds / sizeof plan_kinds[0] && a.kind == NULL; k++) {
        if (strcmp(argv[optind], plan_kinds[k].name) == 0) {
            a.kind = &plan_kinds[k];
        }
    }
    if (a.kind == NULL) {
        return misuse("unknown plan \"%s\"", argv[optind]);
    }
    if (pick("--format", a.format, (const char *const[]){"text", "json", "csv", NULL}) < 0) {
        return EXIT_MISUSE;
    }
    tc_campaign_t camp = {.trials = a.trials, .seed = a.seed, .threads = (int)a.threads};
    if (a.faults != NULL && !parse_faults(a.faults, &camp)) {
        return EXIT_MISUSE;
    }
    bool listed = a.nfault_items > 0 || a.faults_file != NULL;
    if (listed && a.faults != NULL) {
        return misuse("--faults draws random faults; it excludes --fault and --faults-file");
    }
    if (a.trials > 0 && a.faults == NULL) {
        return misuse("--trials needs --faults (a campaign draws faults per trial)");
    }
    if (a.kind->all_sources && a.root_text != NULL) {
        return misuse("%s has every node as a source; --root does not apply", a.kind->name);
    }

    tc_net_t *net = NULL;
    int st = open_net(a.net_spec, &net);
    for (size_t k = 0; st == 0 && k < sizeof plan_kinds / sizeof plan_kinds[0]; k++) {
        if (strcmp(a.kind->name, plan_kinds[k].name) == 0 &&
            plan_kinds[k].family == tc_net_family(net)) {
            a.kind = &plan_kinds[k]; /* the plan of that name for this family */
        }
    }
    if (st == 0) {
        st = require_family(net, a.kind->family, a.kind->name);
    }
    if (st != 0) {
        tc_net_free(net);
        return st;
    }
    int n = tc_net_n(net);
    bool cube = a.kind->family != TC_NET_STAR;
    if (a.method != NULL && !a.kind->all_sources && strcmp(a.method, "full") != 0) {
        tc_net_free(net);
        return misuse("--method symmetry is for the all-sources plans (multinode, "
                      "total-exchange)");
    }
    a.symmetry =
        a.kind->all_sources && (a.method != NULL ? strcmp(a.method, "symmetry") == 0 ||
                                                       (strcmp(a.method, "auto") == 0 && n > 7)
                                                 : n > 7);
    int limit = a.kind->all_sources && !a.symmetry ? 7 : 9;
    if (cube && n > 16) {
        tc_net_free(net);
        return misuse("%s simulates hypercubes up to n = 16; n = %d is out of range", a.kind->name,
                      n);
    }
    if (!cube && (n < 3 || n > limit)) {
        tc_net_free(net);
        return misuse("%s simulates S_3..S_%d %s; S_%d is out of range", a.kind->name, limit,
                      a.symmetry ? "by symmetry" : "fully", n);
    }
    if (a.symmetry && (a.faults != NULL || a.nfault_items > 0 || a.faults_file != NULL)) {
        tc_net_free(net);
        return misuse("the symmetry method assumes no faults; use --method full (N <= 7)");
    }
    int T = tc_trees_count(net, a.kind->trees);
    char netlab[32];
    tc_net_name(net, netlab, sizeof netlab);
    if (T == 0) { /* I_0^n has no Hamiltonian paths: the library says why */
        tc_forest_t *none = NULL;
        tc_err_t why = tc_trees_build(net, a.kind->trees, 0, 1, &none);
        tc_forest_free(none);
        tc_net_free(net);
        return lib_fail(why, a.kind->name);
    }
    if (a.x < 0) {
        a.x = (a.kind->what == TC_COLL_BCAST) ? 1 : T;
    }
    if (a.x > T) {
        tc_net_free(net);
        return misuse("--x %lld exceeds the %d trees of %s for %s", (long long)a.x, T, netlab,
                      a.kind->name);
    }
    if (a.kind->what == TC_COLL_BCAST && a.x != 1) {
        tc_net_free(net);
        return misuse("%s sends every packet once; use ft-bcast for --x", a.kind->name);
    }

    int64_t root = 0;
    st = resolve_root(net, a.root_text, a.seed, &root);
    if (st != 0) {
        tc_net_free(net);
        return st;
    }

    tc_topo_t topo = {0};
    tc_forest_t *forest = NULL;
    tc_plan_trees_t trees = {0};
    tc_coll_t *coll = NULL;
    tc_faults_t faults = {0};
    tc_trial_t *trials = NULL;
    uint8_t *complete = NULL;
    output_t out = {0};
    bool have_faults = false;
    tc_err_t err = tc_topo_from_net(net, &topo);
    if (err == TC_OK) {
        err = tc_trees_build(net, a.kind->trees, a.kind->all_sources ? 0 : root, 0, &forest);
    }
    if (err == TC_OK) {
        err = tc_plan_trees_build(forest, a.order, &trees);
    }
    if (err == TC_OK && a.kind->cycles) {
        st = run_cycles(&a, net, &topo, &trees, root);
        goto cleanup;
    }
    tc_coll_opts_t co = {
        .what = a.kind->what, .M = a.M, .x = (int)a.x, .acks = a.acks, .one_source = a.symmetry};
    if (err == TC_OK) {
        err = tc_coll_new(&trees, &topo, &co, &coll);
    }
    if (err != TC_OK) {
        st = lib_fail(err, "preparing the simulation");
        goto cleanup;
    }
    {
        int64_t runs =
            a.trials > 0 ? (a.threads > 0 ? a.threads : sysconf(_SC_NPROCESSORS_ONLN)) : 1;
        int64_t one = tc_sim_memory(&topo, tc_coll_plan(coll));
        st = require_memory(one > INT64_MAX / runs ? INT64_MAX : one * runs, "this simulation");
        if (st != 0) {
            goto cleanup;
        }
    }
    tc_sim_config_t cfg = tc_sim_defaults();
    /* one run on every core where it pays: total exchange simulated in full (multinode's free
     * acknowledgements cross between threads so often that two threads gain nothing) */
    cfg.threads = a.threads > 0                                           ? (int)a.threads
                  : a.kind->what == TC_COLL_TOTAL_EXCHANGE && !a.symmetry ? 0
                                                                          : 1;
    if (cfg.threads == 0) {
        cfg.threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    }
    cfg.port_limit = a.port_limit;
    cfg.half_duplex = a.half;
    cfg.ts = a.ts;
    cfg.tm = a.tm;
    cfg.B = a.B;
    bool tty = isatty(STDERR_FILENO);
    if (tty && a.trials == 0) {
        cfg.progress = round_progress;
    }
    tc_bound_t bound;
    if (a.kind->family == TC_NET_ICUBE) { /* paper 003, Theorem 3 */
        int k1 = tc_net_k(net) + 1;
        memset(&bound, 0, sizeof bound);
        bound.time = bound.time_printed = (double)((a.M + k1 - 1) / k1 + n);
        bound.transmissions = (double)(a.M * (tc_net_nodes(net) - 1));
        snprintf(bound.time_formula, sizeof bound.time_formula, "ceil(M/(k+1)) + n");
        snprintf(bound.tx_formula, sizeof bound.tx_formula, "M(2^n+2^k-1)");
        snprintf(bound.source, sizeof bound.source, "003 Theorem 3");
        char formula[96];
        const char *source = "";
        int64_t claimed = cube_claim(a.kind, n, a.M, (int)a.x, formula, sizeof formula, &source);
        if (a.kind->trees == TC_KIND_EDST) {
            claimed = (a.M + k1 - 1) / k1 + n + 1;
            snprintf(formula, sizeof formula, "ceil(M/(k+1)) + n + 1");
            source = "003 Sec. IV-B, Table I";
        } else if (a.kind->trees == TC_KIND_EDHP) { /* Table I divides M over k paths */
            int64_t K = (int64_t)1 << (k1 - 1);
            claimed = (a.M + k1 - 2) / (k1 - 1) + ((int64_t)1 << n) + K - 2;
            snprintf(formula, sizeof formula, "ceil(M/k) + N + K - 2 (Table I's k paths)");
            source = "003 Sec. IV-C, Table I";
        }
        set_claim(claimed, formula, source);
    } else if (cube) { /* paper 000's Table 3 for the hypercube, the lower bound */
        err = tc_bounds_cube(n, a.M, (int)(a.kind->what == TC_COLL_BCAST ? n : a.x),
                             a.kind->problem, &bound);
        char formula[96];
        const char *source = "";
        int64_t claimed = cube_claim(a.kind, n, a.M, (int)a.x, formula, sizeof formula, &source);
        set_claim(claimed, formula, source);
    } else {
        err = tc_bounds_star(n, a.M, (int)(a.kind->what == TC_COLL_BCAST ? n - 1 : a.x),
                             a.kind->problem, &bound);
    }
    if (err != TC_OK) {
        st = lib_fail(err, "the paper's bound");
        goto cleanup;
    }
    char rootlab[TC_LABEL_MAX + 32], fault_text[64];
    tc_net_label(net, root, false, rootlab, TC_LABEL_MAX);
    if (a.root_text != NULL && strcmp(a.root_text, "random") == 0) {
        size_t l = strlen(rootlab);
        snprintf(rootlab + l, sizeof rootlab - l, " (random, seed %llu)",
                 (unsigned long long)a.seed);
    }
    snprintf(fault_text, sizeof fault_text, "%s%s", a.faults ? a.faults : "none",
             a.faults && a.trials == 0 ? " (seeded)" : "");
    int64_t protect = a.kind->all_sources ? -1 : root;

    st = output_open(&out, a.output);
    if (st != 0) {
        goto cleanup;
    }
    if (a.symmetry) {
        tc_symmetry_t sym;
        double t0 = now();
        err = tc_coll_symmetry(coll, &topo, &cfg, &sym);
        sim_seconds = now() - t0;
        sim_hops = sym.transmissions;
        if (tty && sym.rounds >= 4096) {
            fputc('\n', stderr);
        }
        if (err != TC_OK) {
            st = lib_fail(err, "the symmetry method");
            goto cleanup;
        }
        /* Lemma 7: with the per-round condition, the N translated schedules never share a
         * directed link, so the full run is the one-source run translated. */
        int64_t N = tc_net_nodes(net);
        bool ok = sym.violations == 0;
        tc_sim_result_t res = {0};
        res.rounds = sym.rounds;
        res.complete_round = ok && sym.delivered_all ? sym.complete_round : -1;
        res.time = (double)sym.rounds * (cfg.ts + (double)cfg.B * cfg.tm);
        res.transmissions = sym.transmissions * N;
        res.nodes_nonfaulty = N;
        res.nodes_complete = ok && sym.delivered_all ? N : 0;
        res.max_link_load = sym.max_link_load;
        res.delivered_fraction = ok && sym.delivered_all ? 1.0 : 0.0;
        snprintf(method_text, sizeof method_text,
                 "symmetry: one source simulated; Lemma 7's condition %s in %lld of %lld "
                 "rounds%s",
                 ok ? "held" : "FAILED", (long long)(sym.steps_checked - (ok ? 0 : 1)),
                 (long long)sym.steps_checked,
                 ok ? "; translated to every source" : "; the full run is not predicted");
        print_single(out.fp, &a, netlab, rootlab, &res, -1, tc_coll_data_transmissions(coll) * N,
                     &bound, fault_text, net, NULL, NULL);
        if (!ok) {
            fprintf(stderr,
                    "treecast sim: the first round with two packets on one dimension is "
                    "%lld\n",
                    (long long)sym.first_violation);
        }
    } else if (a.trials == 0) {
        tc_sim_result_t res;
        if (listed) {
            st = listed_faults(&a, net, &topo, protect, &faults);
            if (st != 0) {
                goto cleanup;
            }
            have_faults = true;
            snprintf(fault_text, sizeof fault_text, "%lld nodes and %lld directed links listed",
                     (long long)faults.faulty_nodes, (long long)faults.faulty_links);
        } else if (a.faults != NULL) {
            int64_t target; /* one run is trial 0 of the campaign with this seed */
            err = tc_campaign_faults(&topo, &trees, protect, &camp, 0, &faults, &target);
            if (err != TC_OK) {
                st = lib_fail(err, "--faults");
                goto cleanup;
            }
            have_faults = true;
        }
        double t0 = now();
        complete = malloc((size_t)tc_net_nodes(net));
        if (complete == NULL) {
            st = fail(EXIT_RESOURCE, "out of memory");
            goto cleanup;
        }
        err = tc_sim_run(&topo, &cfg, have_faults ? &faults : NULL, tc_coll_plan(coll), &res,
                         complete);
        sim_seconds = now() - t0;
        sim_hops = res.transmissions;
        if (tty && res.rounds >= 4096) {
            fputc('\n', stderr);
        }
        if (err != TC_OK) {
            st = lib_fail(err, "simulating");
            goto cleanup;
        }
        bool papers_model = a.port_limit == 0 && !a.half;
        print_single(out.fp, &a, netlab, rootlab, &res,
                     have_faults || !papers_model ? -1 : predicted_rounds(&a, &trees, n),
                     tc_coll_data_transmissions(coll), &bound, fault_text, net, complete,
                     have_faults ? &faults : NULL);
    } else {
        trials = calloc((size_t)a.trials, sizeof *trials);
        if (trials == NULL) {
            st = fail(EXIT_RESOURCE, "out of memory for %lld trials", (long long)a.trials);
            goto cleanup;
        }
        if (tty) {
            camp.progress = progress;
        }
        double t0 = now();
        err = tc_campaign_run(&topo, &cfg, tc_coll_plan(coll), &trees, protect, &camp, trials);
        sim_seconds = now() - t0;
        if (err != TC_OK) {
            st = lib_fail(err, "the fault campaign");
            goto cleanup;
        }
        int64_t *rounds = malloc((size_t)a.trials * sizeof *rounds);
        double *deliv = malloc((size_t)a.trials * sizeof *deliv);
        if (rounds == NULL || deliv == NULL) {
            free(rounds);
            free(deliv);
            st = fail(EXIT_RESOURCE, "out of memory");
            goto cleanup;
        }
        int64_t all = 0;
        for (int64_t i = 0; i < a.trials; i++) {
            rounds[i] = trials[i].rounds;
            deliv[i] = trials[i].delivered;
            all += trials[i].all;
        }
        qsort(rounds, (size_t)a.trials, sizeof *rounds, cmp_i64);
        qsort(deliv, (size_t)a.trials, sizeof *deliv, cmp_dbl);
        FILE *fp = out.fp;
        if (strcmp(a.format, "json") == 0) {
            fprintf(fp,
                    "{\"format_version\":1,\"command\":\"sim\",\"plan\":\"%s\",\"network\":\"%s\","
                    "\"M\":%lld,\"x\":%lld,\"root\":\"%s\",\"faults\":\"%s\",\"trials\":%lld,"
                    "\"seed\":%llu,\"rounds\":{\"min\":%lld,\"median\":%lld,\"p90\":%lld,"
                    "\"max\":%lld},\"delivered_fraction\":{\"min\":%.6f,\"median\":%.6f,"
                    "\"p90\":%.6f,\"max\":%.6f},\"trials_all_delivered\":%lld,\"bound\":%.15g}\n",
                    a.kind->name, netlab, (long long)a.M, (long long)a.x, rootlab, a.faults,
                    (long long)a.trials, (unsigned long long)a.seed, (long long)rounds[0],
                    (long long)pct_i64(rounds, a.trials, 50),
                    (long long)pct_i64(rounds, a.trials, 90), (long long)rounds[a.trials - 1],
                    deliv[0], pct_dbl(deliv, a.trials, 50), pct_dbl(deliv, a.trials, 90),
                    deliv[a.trials - 1], (long long)all, bound.time);
        } else if (strcmp(a.format, "csv") == 0) {
            fputs("trial,rounds,complete_round,delivered_fraction,all_delivered,dropped,"
                  "faulty_nodes,faulty_links,target\n",
                  fp);
            for (int64_t i = 0; i < a.trials; i++) {
                fprintf(fp, "%lld,%lld,%lld,%.6f,%d,%lld,%lld,%lld,%lld\n", (long long)i,
                        (long long)trials[i].rounds, (long long)trials[i].complete_round,
                        trials[i].delivered, trials[i].all ? 1 : 0, (long long)trials[i].dropped,
                        (long long)trials[i].faulty_nodes, (long long)trials[i].faulty_links,
                        (long long)trials[i].target);
            }
        } else {
            fprintf(fp, "%s on %s, M = %lld, x = %lld, %s; faults %s; %lld trials, seed %llu\n",
                    a.kind->name, netlab, (long long)a.M, (long long)a.x,
                    a.kind->all_sources ? "every node a source" : rootlab, a.faults,
                    (long long)a.trials, (unsigned long long)a.seed);
            fprintf(fp, "  %-20s %10s %10s %10s %10s\n", "", "min", "median", "p90", "max");
            fprintf(fp, "  %-20s %10lld %10lld %10lld %10lld\n", "rounds", (long long)rounds[0],
                    (long long)pct_i64(rounds, a.trials, 50),
                    (long long)pct_i64(rounds, a.trials, 90), (long long)rounds[a.trials - 1]);
            fprintf(fp, "  %-20s %10.4f %10.4f %10.4f %10.4f\n", "delivered fraction", deliv[0],
                    pct_dbl(deliv, a.trials, 50), pct_dbl(deliv, a.trials, 90),
                    deliv[a.trials - 1]);
            fprintf(fp, "  every non-faulty node got everything in %lld of %lld trials\n",
                    (long long)all, (long long)a.trials);
            fprintf(fp, "  paper's bound (no faults): %.15g rounds [%s]\n", bound.time,
                    bound.source);
            if (a.timing) {
                fprintf(fp, "  time: %.3f s wall for %lld trials; peak memory %.1f MiB\n",
                        sim_seconds, (long long)a.trials, (double)peak_kib() / 1024.0);
            }
        }
        free(rounds);
        free(deliv);
    }
cleanup:
    if (out.fp != NULL) {
        int cst = output_close(&out, st == 0);
        st = st != 0 ? st : cst;
    }
    free(trials);
    free(complete);
    tc_faults_free(&faults);
    tc_coll_free(coll);
    tc_plan_trees_free(&trees);
    tc_forest_free(forest);
    tc_topo_free(&topo);
    tc_net_free(net);
    return st;
}
