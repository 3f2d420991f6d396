/* The plans of `treecast sim`, described: every plan's name, the networks it runs on, the
 * options it reads and requires, its help line, its formats and its heading (plan.h,
 * tc_plan_desc_t). One table for every plan: the catalog's collectives (schedules.c), paper
 * 001's on S_n and the routing of S_n. */
#include "treecast/plan.h"

#include <string.h>

/* Every option a plan may read, in the order a front end offers them. */
static const char *const OPTIONS[] = {
    "net",    "M",           "x",      "kind",  "input", "root",  "to",          "faults",
    "fault",  "faults-file", "trials", "pairs", "seed",  "ports", "half-duplex", "acks",
    "order",  "method",      "ts",     "tm",    "tc",    "B",     "k",           "threads",
    "format", "timing",      "output", "trace", NULL,
};

static const char *const FORMATS[] = {"text", "json", "csv", NULL};
static const char *const TEXT_JSON[] = {"text", "json", NULL};

/* the library's plans in rounds (TC_PLAN_RUN_SCHEDULE) and in routing cycles (in cycles) */
#define ROUNDS                                                                                     \
    "M kind input faults fault faults-file trials seed ports half-duplex ts tm tc B threads "      \
    "timing trace"
#define ONE_BCAST ROUNDS " root order"
#define CYCLES "M ports ts tm tc"
/* the routing of S_n in the engine (TC_PLAN_RUN_ROUTED) */
#define ROUTED "root M faults fault faults-file seed ports half-duplex threads"
#define PAPER_001 "on star, without trees (paper 001; one-port unless --ports says otherwise)"
#define ROUTING "on star, routing around faults (Bagherzadeh, Nassif and Latifi)"

static const tc_plan_desc_t PLANS[] = {
    /* paper 000 on S_n, and any network over the trees given */
    {"bcast-bfs", "M packets pipelined down one breadth-first tree", NULL, NULL, ONE_BCAST, "",
     FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"bcast", "the M packets split over the trees", NULL, NULL, ONE_BCAST, "", FORMATS,
     TC_PLAN_RUN_SCHEDULE, 0},
    {"ft-bcast", "every packet down X of the trees", NULL, NULL, ROUNDS " root order x", "",
     FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"multinode", "every node broadcasts M messages over its translated trees", NULL, NULL,
     ROUNDS " x order acks method", "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"scatter", "M distinct messages to every node down X of the trees, farthest first", NULL, NULL,
     ROUNDS " root x", "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"total-exchange", "every node scatters to every other with the necklace schedule", NULL, NULL,
     ROUNDS " x method", "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    /* the hypercube (papers 002, 003, 004) and the incomplete hypercube (paper 003) */
    {"bcast-binomial", "M packets pipelined down the spanning binomial tree", NULL, NULL, ONE_BCAST,
     "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"bcast-nedst", "the M packets split over the n Johnsson-Ho edge-disjoint trees", NULL, NULL,
     ONE_BCAST, "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"ist-bcast", "every packet down X of the n independent spanning trees", NULL, NULL,
     ROUNDS " root order x", "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"bcast-edst", "the M packets over the K+1 edge-disjoint spanning trees", NULL, NULL, ONE_BCAST,
     "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"bcast-hp", "the M packets over directed edge-disjoint Hamiltonian paths", NULL, NULL,
     ONE_BCAST, "", FORMATS, TC_PLAN_RUN_SCHEDULE, 0},
    {"scatter-sbnt", "M elements to every node over the SBnT, in routing cycles", NULL, NULL,
     CYCLES " root seed", "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"scatter-sbg", "M elements to every node over the SBG, in routing cycles", NULL, NULL,
     CYCLES " root seed", "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"scatter-binomial", "M elements to every node over the binomial tree, in routing cycles", NULL,
     NULL, CYCLES " root seed", "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"allgather", "all-to-all broadcast over the translated SBnTs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"alltoall", "all-to-all personalized over the translated SBnTs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"allgather-sbg", "all-to-all broadcast over translated SBGs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"alltoall-sbg", "all-to-all personalized over translated SBGs, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"allgather-binomial", "all-to-all broadcast over translated binomial trees, in routing cycles",
     NULL, NULL, CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    {"alltoall-binomial",
     "all-to-all personalized over translated binomial trees, in routing cycles", NULL, NULL,
     CYCLES, "", TEXT_JSON, TC_PLAN_RUN_SCHEDULE, 0},
    /* paper 001 on S_n, without trees (sim.h: tc_sim_tseng_alltoall, tc_sim_allgather_mesh) */
    {"alltoall-tseng", "all-to-all personalized by k-substars (--k K), Sec. III",
     "star:N, 3 <= N <= 10; every source simulated up to N = 7", PAPER_001,
     "k method ports half-duplex ts tm tc timing", "k", TEXT_JSON, TC_PLAN_RUN_TSENG, 1},
    {"allgather-mesh", "all-to-all broadcast on the n x (n-1)! mesh, Sec. IV",
     "star:N, 3 <= N <= 7", PAPER_001, "ports half-duplex ts tm tc timing", "", TEXT_JSON,
     TC_PLAN_RUN_TSENG, 1},
    /* the routing around faults on S_n (ftroute.h) */
    {"route-campaign",
     "depth-first routing with backtracking, --trials T fault sets (--faults SPEC)\n"
     "and a random pair each, beside the oracle",
     "star:N", ROUTING, "faults trials pairs seed threads", "", TEXT_JSON,
     TC_PLAN_RUN_ROUTE_CAMPAIGN, 0},
    {"route", "M packets from --root to --to along the route, in the engine", "star:N, N <= 8",
     ROUTING, ROUTED " to", "to", TEXT_JSON, TC_PLAN_RUN_ROUTED, 0},
    {"route-bcast",
     "broadcast down a tree (--kind, default bfs); over a tree link that does\n"
     "not work, by the routing to the child and its children",
     "star:N, N <= 8", ROUTING, ROUTED " kind trials", "", TEXT_JSON, TC_PLAN_RUN_ROUTED, 0},
    {"route-unicast", "broadcast by one route from the source to every node", "star:N, N <= 8",
     ROUTING, ROUTED " trials", "", TEXT_JSON, TC_PLAN_RUN_ROUTED, 0},
    {"bcast-compare",
     "route-bcast, route-unicast and ft-bcast x = 1, 2, n-1 (the EDTs are\n"
     "independent: x = n-1 is the IST broadcast) on the same faults",
     "star:N, N <= 8", ROUTING, ROUTED " kind x trials", "", TEXT_JSON, TC_PLAN_RUN_ROUTED, 0},
};
#define NPLANS (sizeof PLANS / sizeof PLANS[0])

const tc_plan_desc_t *tc_plan_desc_at(int k)
{
    return k >= 0 && (size_t)k < NPLANS ? &PLANS[k] : NULL;
}

const tc_plan_desc_t *tc_plan_desc_find(const char *name)
{
    for (size_t k = 0; name != NULL && k < NPLANS; k++) {
        if (strcmp(PLANS[k].name, name) == 0) {
            return &PLANS[k];
        }
    }
    return NULL;
}

const char *const *tc_plan_options(void)
{
    return OPTIONS;
}

/* Whether the blank-separated list names option. */
static bool listed(const char *list, const char *option)
{
    size_t want = strlen(option);
    for (const char *s = list; *s != '\0';) {
        size_t len = strcspn(s, " ");
        if (len == want && strncmp(s, option, len) == 0) {
            return true;
        }
        s += len + (s[len] == ' ');
    }
    return false;
}

bool tc_plan_desc_reads(const tc_plan_desc_t *d, const char *option)
{
    return listed(TC_PLAN_ALWAYS, option) || listed(d->options, option);
}

bool tc_plan_desc_requires(const tc_plan_desc_t *d, const char *option)
{
    return listed(d->required, option);
}

bool tc_plan_desc_writes(const tc_plan_desc_t *d, const char *format)
{
    for (int j = 0; d->formats[j] != NULL; j++) {
        if (strcmp(d->formats[j], format) == 0) {
            return true;
        }
    }
    return false;
}
