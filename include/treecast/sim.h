/* treecast — the synchronous round engine.
 *
 * Store-and-forward rounds: a packet crosses one link per round; a directed link carries at
 * most one packet per round; every directed link has a FIFO queue, so contention shows up as
 * queueing delay and is counted, never silently allowed or dropped. Port models: all-port (the
 * papers'), one-port and k-port (a node sends at most k and receives at most k packets per
 * round); links full duplex (default) or half duplex (one packet per round over both
 * directions). Faulty nodes receive nothing and send nothing; faulty directed links lose what
 * crosses them; the plan is never told (the model of paper 000).
 *
 * The engine knows nothing of collectives: a plan (plan.h) is a table of callbacks that start
 * sends, react to arrivals and schedule timed sends (the ROSS / LogGOPSim split), written
 * against the executor interface of plan.h (tc_exec_t), which the engine implements. The engine
 * works on any topology given as a neighbour table (net.h).
 *
 * Round counting (corrections 000.6): a packet sent in round r is at the neighbour at the
 * end of round r and can leave it in round r+1; pipelining M packets down a tree of depth D takes
 * M + D - 1 rounds.
 */
#ifndef TREECAST_SIM_H
#define TREECAST_SIM_H

#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/ftroute.h"
#include "treecast/net.h"
#include "treecast/plan.h"
#include "treecast/star_mesh.h"
#include "treecast/tseng.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* ---- the engine ------------------------------------------------------------------------- */

typedef struct {
    int port_limit;     /* 0: all-port; k >= 1: at most k sends and k receives per node */
    bool half_duplex;   /* one packet per round over both directions of a link */
    double ts, tm;      /* start-up and per-element cost of a round */
    int64_t B;          /* elements per packet */
    int64_t max_rounds; /* stop after this many rounds (0: 100,000,000) */
    int threads;        /* threads for one run (all-port, full duplex; 0 or 1: one). Results are
                           those of one thread: a run in which packets met in a queue is run
                           again on one thread */
    /* Optional: called every 4096 rounds with the current round (a progress line). */
    void (*progress)(void *ctx, int64_t round);
    void *progress_ctx;
    /* Optional observer of every packet that crosses a link (tests, symmetry checks). */
    void (*observe)(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p);
    void *observe_ctx;
    /* Optional, called with observe_ctx (traces: treecast sim --trace). observe_enqueue: every
     * packet entering the FIFO queue of the link out of node via port, with the first round in
     * which it may leave (`ready`); the k-th packet queued on a link is the k-th observe() sees
     * on it, so ready .. round - 1 are the rounds it waited (a faulty node queues nothing).
     * observe_delivery: every delivery of a key its node did not have yet, in the round of the
     * arrival that brought it (0 during the plan's start); a non-faulty node is complete once
     * it has had all it expects (plan.expected less the keys that originate at faulty nodes).
     * Any of the three observers makes the run take one thread. */
    void (*observe_enqueue)(void *ctx, int64_t ready, int64_t node, int port, const tc_packet_t *p);
    void (*observe_delivery)(void *ctx, int64_t round, int64_t node, int64_t key);
} tc_sim_config_t;

tc_sim_config_t tc_sim_defaults(void);

typedef struct {
    int64_t rounds;         /* last round in which a packet crossed a link */
    int64_t complete_round; /* round by which every non-faulty node had all it expects; -1 */
    int64_t last_delivery;  /* round of the last delivery of a key its node did not have yet (0:
                               none after the start): when faults cut some nodes off, the round
                               by which every node that gets anything had it */
    double time;            /* modelled time: rounds * ts + elements * tm */
    int64_t elements;       /* the largest packet of every round (tc_packet_t.size, B when 0
                               or when no packet crossed), summed over the rounds: a round
                               costs ts + (its largest packet) * tm, as a synchronous
                               traversal does in paper 001; rounds * B for plans whose
                               packets all carry B */
    int64_t transmissions;  /* packets that crossed a link, control included */
    int64_t control;        /* of which kind != 0 (acknowledgements) */
    int64_t free_signals;   /* control messages that occupied no link (free acknowledgements) */
    int64_t dropped;        /* packets lost at faulty nodes or links */
    int64_t max_link_load;  /* most packets carried by one directed link */
    int64_t max_queue;      /* longest link queue seen */
    int64_t queued_packets; /* packets that waited in a queue at least one round */
    int64_t queue_rounds;   /* rounds packets spent waiting, summed */
    int64_t nodes_nonfaulty;
    int64_t nodes_complete; /* non-faulty nodes that got every expected key */
    int64_t keys_expected;  /* over non-faulty nodes */
    int64_t keys_delivered; /* distinct, over non-faulty nodes */
    int64_t duplicates;     /* deliveries of a key a node already had */
    double delivered_fraction;
    bool stopped; /* max_rounds reached before the network fell silent */
} tc_sim_result_t;

/* Run plan on topo with faults (NULL: none). complete (N bytes, may be NULL) receives per node
 * 1 when it got every expected key, 0 otherwise (faulty nodes: 0). */
tc_err_t tc_sim_run(const tc_topo_t *topo, const tc_sim_config_t *config, const tc_faults_t *faults,
                    const tc_plan_t *plan, tc_sim_result_t *result, uint8_t *complete);

/* The memory one run needs before its packets (delivery bits, link queues, per-node counts), in
 * bytes: to refuse a run that cannot fit before it starts. O(1). */
int64_t tc_sim_memory(const tc_topo_t *topo, const tc_plan_t *plan);

/* ---- the symmetry method (Lemma 7) ---------------------------------------------------------- */

typedef struct {
    int64_t rounds;          /* rounds of the one-source schedule */
    int64_t transmissions;   /* its transmissions (one source) */
    int64_t control;         /* of which acknowledgements on links (one source) */
    int64_t free_signals;    /* its acknowledgements that occupied no link (one source) */
    int64_t steps_checked;   /* rounds in which its packets crossed links */
    int64_t violations;      /* packets that used a dimension already used in their round */
    int64_t first_violation; /* the first such round, or -1 */
    bool delivered_all;      /* the one source reached every other node with everything */
    int64_t max_link_load;   /* of the full run: the most one-source packets on one dimension */
    int64_t complete_round;  /* when it did */
} tc_sim_symmetry_t;

/* Simulate the schedule of one source (node 0) of an all-sources plan (multinode, total
 * exchange) and check Lemma 7's condition: in every round its packets use pairwise different
 * dimensions. When that holds, the translated schedules of all N sources use pairwise different
 * directed links in every round, so the full run takes the same rounds with no queueing and
 * N times the transmissions, without simulating it. The plan must have opts.one_source. */
tc_err_t tc_sim_symmetry(const tc_coll_t *coll, const tc_topo_t *topo,
                         const tc_sim_config_t *config, tc_sim_symmetry_t *out);

/* ---- fault campaigns ------------------------------------------------------------------------ */

typedef struct {
    int64_t trials;
    uint64_t seed;        /* trial i draws its faults with seed (seed, i) */
    tc_fault_kind_t kind; /* random faults ... */
    int64_t k;            /* ... this many per trial */
    bool on_paths;        /* or: k faults on the root paths of a random target per trial */
    int threads;          /* 0: every core */
    /* called now and then from the calling thread with the trials done so far (may be NULL) */
    void (*progress)(void *ctx, int64_t done, int64_t total);
    void *progress_ctx;
} tc_sim_campaign_t;

typedef struct {
    int64_t rounds;
    int64_t complete_round;
    double delivered; /* fraction over non-faulty nodes */
    bool all;         /* every non-faulty node got everything */
    int64_t dropped;
    int64_t faulty_nodes, faulty_links;
    int64_t target; /* on_paths: the target node */
} tc_sim_trial_t;

/* The faults of trial `trial` of a campaign, drawn with seed campaign->seed + trial, so that
 * trial i is the single run with seed S + i. With on_paths the target (never `protect`) is drawn
 * again until it has k root paths with an inner node (at most 64 draws); *target receives it
 * (-1 otherwise). *out is uninitialized on entry; release it with tc_faults_destroy. */
tc_err_t tc_sim_campaign_faults(tc_faults_t *out, const tc_topo_t *topo,
                                const tc_plan_trees_t *trees, int64_t protect,
                                const tc_sim_campaign_t *campaign, int64_t trial, int64_t *target);

/* Run trials of plan under seeded random faults (never at node `protect`, the source, or -1)
 * on `threads` threads; out[i] is trial i, whatever the thread count. */
tc_err_t tc_sim_campaign_run(const tc_topo_t *topo, const tc_sim_config_t *config,
                             const tc_plan_t *plan, const tc_plan_trees_t *trees, int64_t protect,
                             const tc_sim_campaign_t *campaign, tc_sim_trial_t *out);

/* ---- the broadcast comparison on S_n: ftroute.h's routed plans beside paper 000's ------------
 *
 * Trial i draws its faults with seed + i (never the source) and runs each scheme on them in the
 * round engine: the routed broadcast (TC_FTPLAN_BCAST, down tree 0 of `tree`), the broadcast by
 * one route per node (TC_FTPLAN_UNICAST), and paper 000's fault-tolerant broadcast over the x
 * EDTs (`edt`, every packet down x subtrees; the star graph's EDTs are independent, paper 000
 * Lemma 6.3, so x = n - 1 is the broadcast over independent spanning trees of paper 004's kind).
 * Each run is beside the oracle: the non-faulty nodes the source reaches. */
typedef struct {
    tc_ftplan_kind_t what; /* TC_FTPLAN_BCAST, TC_FTPLAN_UNICAST, or 0: paper 000's ft-bcast */
    int x;                 /* ft-bcast: copies of every packet, 1 .. the EDTs */
} tc_ftbcast_scheme_t;

typedef struct {
    int64_t src, M;
    int64_t trials;
    uint64_t seed;
    tc_fault_kind_t kind; /* random faults of this kind ... */
    int64_t k;            /* ... this many per trial (0: none) */
    int nschemes;
    const tc_ftbcast_scheme_t *schemes;
    const tc_plan_trees_t *tree; /* the routed broadcast's tree, rooted at src */
    const tc_plan_trees_t *edt;  /* ft-bcast's trees, rooted at src (may be NULL without it) */
    tc_sim_config_t config;      /* the engine's model (its threads are ignored) */
    int threads;                 /* trials at once (0: every core); the records do not depend
                                    on it */
} tc_ftbcast_campaign_t;

typedef struct {
    int64_t trial;
    int64_t faulty_nodes, faulty_links;
    int64_t others;    /* non-faulty nodes other than the source */
    int64_t reachable; /* of which the source reaches over links working both ways (the oracle;
                          one-way faults may leave paths paper 000's plans can use) */
    int64_t missed;    /* of those, nodes that did not get every message */
    tc_sim_result_t sim;
    tc_ftplan_stats_t routes; /* the routed schemes: the routes of one message */
} tc_ftbcast_record_t;

/* Run the comparison on S_n: out[trial * nschemes + s] is scheme s in trial `trial`. TC_EINVAL
 * off the star graph or for a scheme without its trees, TC_ERANGE for x, M or faults out of
 * range, TC_ENOMEM. */
tc_err_t tc_ftbcast_campaign(const tc_net_t *net, const tc_topo_t *topo,
                             const tc_ftbcast_campaign_t *c, tc_ftbcast_record_t *out);

/* The same on the given faults (NULL: none) instead of drawn ones, once: out[s] is scheme s
 * (c->trials, seed, kind, k and threads are not used). Errors as above, and TC_EINVAL for a faulty
 * source. */
tc_err_t tc_ftbcast_once(const tc_net_t *net, const tc_topo_t *topo, const tc_ftbcast_campaign_t *c,
                         const tc_faults_t *faults, tc_ftbcast_record_t *out);

/* ---- whole runs of paper 000's and paper 001's all-to-all plans (src/sim/runs.c) ------------
 *
 * What `treecast sim` and `treecast table 001:compare` run, as calls: the plan made, run in the
 * engine under a caller's model and summed. model gives port_limit, half_duplex, ts and tm (and
 * max_rounds where said); the runs take one thread and B = 1 (a message per packet). */

/* Paper 000's multinode or total exchange (what) on net, one message per source, over the trees
 * of the catalog's row for net (tc_schedule_find), free acknowledgements, the paper's children
 * order: every source simulated (symmetry false, at most 5040 nodes), or (symmetry, all-port,
 * at most 362,880 nodes) node 0 simulated and Lemma 7's condition checked (tc_sim_symmetry):
 * then out holds rounds, elements = rounds, time = rounds (ts + tm) and queued_packets = the
 * packets that broke the condition, the rest zero. TC_EINVAL for another collective or a
 * network without a row, TC_ERANGE for a network too large; the assembly's and the engine's
 * errors. */
tc_err_t tc_sim_paper000(const tc_net_t *net, tc_collective_t what, bool symmetry,
                         const tc_sim_config_t *model, tc_sim_result_t *out);

/* Paper 001's Personalized_Broadcast(k) on S_n (topo: net's neighbour table), every source or
 * (symmetry) node 0 alone, its packets' dimensions checked per round. */
typedef struct {
    tc_sim_result_t res;     /* the run (symmetry: node 0's) */
    tc_tseng_predict_t pred; /* the schedule's own prediction */
    int64_t collisions;      /* shared representatives (property 3) */
    int64_t same_dim;        /* symmetry: rounds' packets that reused a dimension (else 0) */
    int64_t transmissions;   /* over every source (symmetry: translated) */
    int64_t deliveries, expected;
} tc_sim_tseng_t;

/* model->max_rounds 0: the schedule's prediction + 1. tc_tseng_alltoall_new's and the engine's
 * errors. O(the run). */
tc_err_t tc_sim_tseng_alltoall(const tc_net_t *net, const tc_topo_t *topo, int k, bool symmetry,
                               const tc_sim_config_t *model, tc_sim_tseng_t *out);

/* Eq. (1) of paper 001 for S_n and k, corrected and as printed, from the cost model (tseng.h;
 * none of it from the plan): l_{n,k} over the substars and (n <= 10, else num -1) by
 * breadth-first search, l_{k,1} (corrections 001.1), and the integers N l_{n,k}, n! l_{k,1},
 * n! l_{n,1}; eq1 = (N l_{n,k} + n! l_{k,1}) ts + n!(l_{n,k} + l_{k,1}) tm (corrections 001.2),
 * eq1_printed with n! l_{n,1} for n! l_{k,1} in the tm term. tseng.h's errors. */
typedef struct {
    tc_frac_t lnk, lnk_bfs, lk1;
    int64_t sum_nk, sum_k1, sum_n1;
    double eq1, eq1_printed;
} tc_sim_tseng_eq1_t;

tc_err_t tc_sim_tseng_eq1(int n, int k, double ts, double tm, tc_sim_tseng_eq1_t *out);

/* Paper 001's Nonpersonalized_Broadcast on the n x (n-1)! mesh of S_n (3 <= n <= 7, every
 * source), beside the Hamiltonian-cycle baseline and paper 000's multinode (tc_sim_paper000,
 * every source), all under model. check (may be NULL) receives the mesh's check
 * (tc_star_mesh_check). T and Tprime: the paper's formulas at model's ts and tm. TC_ERANGE for n
 * outside 3..7; the constructions' and the engine's errors. */
typedef struct {
    tc_sim_result_t mesh, ring, multinode;
    int64_t predicted; /* the mesh schedule's rounds, 6(n-1) + (n-1)! - 1 */
    double T, Tprime;
} tc_sim_mesh_t;

tc_err_t tc_sim_allgather_mesh(const tc_net_t *net, const tc_topo_t *topo,
                               const tc_sim_config_t *model, tc_star_mesh_report_t *check,
                               tc_sim_mesh_t *out);

/* ---- campaigns summed up (src/sim/summary.c) ------------------------------------------------ */

/* A fault campaign's trials (tc_sim_campaign_run) summed up as `sim --trials` prints them: the
 * rounds and the delivered fraction at the least, the median, the 90th percentile (nearest
 * rank) and the most, and the trials in which every non-faulty node got everything.
 * TC_EINVAL for no trial, TC_ENOMEM. O(T log T). */
typedef struct {
    int64_t rounds[4];   /* min, median, p90, max */
    double delivered[4]; /* the same of the delivered fraction */
    int64_t all_delivered;
} tc_sim_trials_summary_t;

tc_err_t tc_sim_trials_summarize(const tc_sim_trial_t *trials, int64_t T,
                                 tc_sim_trials_summary_t *out);

/* The distributions of a routing campaign's routes (tc_ftroute_campaign's records): each as
 * median, p90, p99 (nearest rank), max and mean, NaN when it has no value. Oracle, route and the
 * stretches are over the delivered routes, the rest over every route. */
enum {
    TC_FTROUTE_ORACLE,     /* the oracle's distance */
    TC_FTROUTE_ROUTE,      /* the route's length */
    TC_FTROUTE_HOPS,       /* links crossed */
    TC_FTROUTE_BACK,       /* backtracks */
    TC_FTROUTE_STRETCH,    /* route length / oracle */
    TC_FTROUTE_HOPSTRETCH, /* links crossed / oracle */
    TC_FTROUTE_BITS,       /* the largest header, in bits */
    TC_FTROUTE_NSTATS
};

typedef struct {
    int64_t routes, reachable, delivered, returned;
    int64_t shortest;  /* delivered routes as long as the oracle's distance */
    int64_t budget[4]; /* the last search's budget: 0, 1, 2, plain DFS */
    double dist[TC_FTROUTE_NSTATS][5];
} tc_ftroute_summary_t;

/* The n records summed up. TC_ENOMEM. O(n log n). */
tc_err_t tc_ftroute_summarize(const tc_ftroute_record_t *rec, int64_t n, tc_ftroute_summary_t *out);

/* The schemes of the broadcast comparison into sc (room for 5): the routed broadcast, the
 * unicasts, and ft-bcast with x = 1, 2, n - 1 (each once), or with x alone when x > 0. Returns
 * how many. */
int tc_ftbcast_compare_schemes(int n, int x, tc_ftbcast_scheme_t *sc);

/* One scheme over a comparison's trials: medians (nearest rank) and maxima of the columns. */
enum {
    TC_FTBCAST_LAST,
    TC_FTBCAST_ROUNDS,
    TC_FTBCAST_TX,
    TC_FTBCAST_RETURNED,
    TC_FTBCAST_HOPS,
    TC_FTBCAST_NCOLS
};

typedef struct {
    int64_t trials, all_reached, others, reachable, delivered, expected;
    double min_fraction; /* the smallest fraction of the expected messages delivered */
    int64_t med[TC_FTBCAST_NCOLS], max[TC_FTBCAST_NCOLS];
} tc_ftbcast_row_t;

/* Scheme s of the records (out[trial * nschemes + s], M messages) summed up. TC_ENOMEM. */
tc_err_t tc_ftbcast_summarize(const tc_ftbcast_record_t *rec, int64_t trials, int nschemes, int s,
                              int64_t M, tc_ftbcast_row_t *out);

#pragma GCC visibility pop

#endif
