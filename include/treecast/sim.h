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
 * sends, react to arrivals and schedule timed sends (the ROSS / LogGOPSim split). The engine
 * works on any topology given as a neighbour table.
 *
 * Round counting (READING-NOTES 000 item 6): a packet sent in round r is at the neighbour at the
 * end of round r and can leave it in round r+1; pipelining M packets down a tree of depth D takes
 * M + D - 1 rounds.
 */
#ifndef TREECAST_SIM_H
#define TREECAST_SIM_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdint.h>

/* A topology: node v's neighbour through port p is nbr[v * ports + p] (-1: none); the packet
 * arrives there on port rev[v * ports + p] (rev NULL: the same port, as in the star graph and
 * the hypercube). */
typedef struct {
    int64_t nodes;
    int ports;
    int32_t *nbr;
    uint8_t *rev;
} tc_topo_t;

/* The neighbour table of a materializable network: port p is dimension dim_min + p. The caller
 * frees with tc_topo_free. O(N * degree). */
tc_err_t tc_topo_from_net(const tc_net_t *net, tc_topo_t *out);

/* Free the tables (the struct itself is the caller's). NULL-safe. */
void tc_topo_free(tc_topo_t *topo);

/* ---- faults ------------------------------------------------------------------------------ */

typedef struct {
    uint8_t *node; /* node[v] != 0: v is faulty (N bytes), or NULL for none */
    uint8_t *link; /* link[v * ports + p] != 0: the directed link out of v via p is faulty */
    int64_t faulty_nodes;
    int64_t faulty_links; /* directed links */
} tc_faults_t;

typedef enum {
    TC_FAULTS_NODES = 1, /* K random faulty nodes */
    TC_FAULTS_LINKS,     /* K random faulty undirected links (both directions) */
    TC_FAULTS_ARCS,      /* K random faulty directed links (one direction) */
    TC_FAULTS_MIXED,     /* K faults, each a node or an undirected link with equal chance */
} tc_fault_kind_t;

/* Draw k distinct faults of a kind with a seeded stream. Node `protect` (the source, or -1) is
 * never made faulty; its links may be. TC_ERANGE when the topology has fewer than k candidates.
 * The caller frees with tc_faults_free. */
tc_err_t tc_faults_random(const tc_topo_t *topo, tc_fault_kind_t kind, int64_t k, uint64_t seed,
                          int64_t protect, tc_faults_t *out);

/* Empty fault sets sized for topo (to be filled by the caller). */
tc_err_t tc_faults_empty(const tc_topo_t *topo, tc_faults_t *out);

/* Mark node v faulty / the directed link out of v via port p faulty (both: also the reverse). */
void tc_faults_add_node(tc_faults_t *f, int64_t v);
void tc_faults_add_link(tc_faults_t *f, const tc_topo_t *topo, int64_t v, int port, bool both);

void tc_faults_free(tc_faults_t *f);

/* ---- packets and the engine -------------------------------------------------------------- */

#define TC_ROUTE_MAX 32

/* What a packet carries. The engine reads none of it; plans give it meaning. */
typedef struct {
    int32_t msg;  /* message number at its source */
    int16_t tree; /* tree (subtree) it travels in */
    uint8_t kind; /* plan-defined: data, acknowledgement, ... */
    uint8_t hop;  /* hops taken */
    int32_t src;  /* source node */
    int32_t rel;  /* plan-defined: e.g. the position in the source's frame */
    int32_t dst;  /* destination, or -1 */
    int32_t aux;  /* plan-defined */
} tc_packet_t;

typedef struct tc_sim tc_sim_t;

/* A plan: the behaviour of every node, as callbacks. */
typedef struct {
    void *ctx;
    /* Distinct deliveries each node must get (keys 0..keys-1); expected(v) of them. */
    int64_t keys;
    int64_t (*expected)(void *ctx, int64_t node);
    /* Round 0: queue or schedule the first sends. */
    void (*start)(void *ctx, tc_sim_t *sim);
    /* A packet arrived at node (not faulty) through port `port` at the end of the current
     * round; sends made here can leave in the next round. */
    void (*receive)(void *ctx, tc_sim_t *sim, int64_t node, int port, const tc_packet_t *p);
    /* Optional: called at the start of every round r >= 1, before transmissions; sends made
     * here can leave in round r (paced injection). Returns true while it will send in a later
     * round, so that the run does not end at an idle moment. */
    bool (*tick)(void *ctx, tc_sim_t *sim, int64_t round);
    /* Optional, for plans where every node is a source: the node where key `key` originates.
     * A faulty node sends nothing, so the keys it originates are not expected of anyone. */
    int64_t (*key_source)(void *ctx, int64_t key);
} tc_plan_t;

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
} tc_sim_config_t;

tc_sim_config_t tc_sim_defaults(void);

typedef struct {
    int64_t rounds;         /* last round in which a packet crossed a link */
    int64_t complete_round; /* round by which every non-faulty node had all it expects; -1 */
    double time;            /* modelled time: rounds * (ts + B * tm) */
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

/* ---- called by plans during a run -------------------------------------------------------- */

/* Queue p on the link out of node via port, behind whatever is queued there. From receive (and
 * start) it can leave in the next round; from tick, in the current one. */
void tc_sim_send(tc_sim_t *sim, int64_t node, int port, const tc_packet_t *p);

/* Queue p on that link at the start of round `round`: a timed send. A round not after the
 * current one means the next round. */
void tc_sim_send_at(tc_sim_t *sim, int64_t round, int64_t node, int port, const tc_packet_t *p);

/* A free control message: p reaches the neighbour at the end of the current round without
 * occupying the link (lost like any packet if the link or the neighbour is faulty). */
void tc_sim_signal(tc_sim_t *sim, int64_t node, int port, const tc_packet_t *p);

/* Record that node received delivery key `key`. */
void tc_sim_deliver(tc_sim_t *sim, int64_t node, int64_t key);

/* The current round (0 during start). */
int64_t tc_sim_round(const tc_sim_t *sim);

/* The topology of the run. */
const tc_topo_t *tc_sim_topo(const tc_sim_t *sim);

#endif
