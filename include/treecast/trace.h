/* treecast — traces: one run recorded link crossing by link crossing (the engine's observer
 * hooks, sim.h), and written as one self-contained HTML page that plays it round by round
 * (`treecast sim PLAN --trace FILE.html`).
 *
 * A recorder (tc_trace_t) is attached to a run's configuration before tc_sim_run; afterwards it
 * holds every crossing (the round, the round the packet could first have left, the link, the
 * tree, whether it was lost or a control packet) and every delivery of a key new to its node,
 * in the order they happened. What it recorded answers the engine's counts again
 * (tc_trace_expected, tc_trace_complete_rounds, tc_trace_queue_rounds) and becomes the page
 * (tc_trace_write_html: the viewer, src/report/trace_viewer.html embedded in the library at
 * build time, with the run as JSON in place of its marker).
 *
 * The page needs the nodes' coordinates: any 2N numbers (the command asks Graphviz's neato for
 * them, a program the library does not run), or tc_trace_circle_layout's circle.
 *
 * Nothing here prints, spawns or exits; a recorder is the caller's, and distinct recorders may
 * be used from distinct threads at once. */
#ifndef TREECAST_TRACE_H
#define TREECAST_TRACE_H

#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/net.h"
#include "treecast/plan.h"
#include "treecast/sim.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(default)

/* The largest network a trace draws, and the most link crossings it holds. */
#define TC_TRACE_MAX_NODES 130
#define TC_TRACE_MAX_HOPS 400000

/* tc_trace_hop_t.flags */
enum {
    TC_TRACE_DROPPED = 1, /* lost at a faulty link or a faulty receiving node */
    TC_TRACE_CONTROL = 2, /* a control packet (tc_packet_t.kind != 0, an acknowledgement) */
};

/* One packet crossing one directed link. */
typedef struct {
    int64_t round; /* the round it crossed */
    int64_t ready; /* the first round it could have left (round - ready rounds of waiting) */
    int32_t from, to;
    int16_t tree; /* tc_packet_t.tree: the tree it travels in */
    uint8_t port; /* the port out of `from` */
    uint8_t flags;
} tc_trace_hop_t;

/* One delivery of a key new to its node. */
typedef struct {
    int64_t round;
    int32_t node;
    int64_t key;
} tc_trace_delivery_t;

/* A recorder. Read hops[0..nhops) and dels[0..ndels) after the run; the rest is its own. */
typedef struct tc_trace {
    const tc_topo_t *topo;
    uint8_t *faulty_node; /* N bytes, a copy of the run's faults (zeros: none) */
    uint8_t *faulty_link; /* N * ports bytes */
    tc_trace_hop_t *hops;
    int64_t nhops, hops_cap;
    tc_trace_delivery_t *dels;
    int64_t ndels, dels_cap;
    /* the ready rounds of the packets queued on each link, FIFO: a chain through `qnext` */
    int64_t *qready;
    int32_t *qnext;
    int64_t nq, q_cap;
    int32_t *qhead, *qtail; /* per link, -1: empty */
    int64_t unmatched;      /* crossings without a queued packet (0 in every correct run) */
    bool oom, too_many;
} tc_trace_t;

/* A recorder for runs on topo (which must outlive it) with faults (NULL: none), which it
 * copies. TC_ENOMEM (t is then empty: tc_trace_destroy is harmless). */
tc_err_t tc_trace_init(tc_trace_t *t, const tc_topo_t *topo, const tc_faults_t *faults);
/* Release what t holds; t becomes all zeros (destroying a zeroed recorder is harmless). */
void tc_trace_destroy(tc_trace_t *t);

/* Point the three observer hooks of cfg (and observe_ctx) at t; the run then takes one thread.
 * Run tc_sim_run with the topology and faults t was made for. */
void tc_trace_attach(tc_trace_t *t, tc_sim_config_t *cfg);

/* After the run: TC_ENOMEM when a record could not be kept, TC_ETOOBIG beyond
 * TC_TRACE_MAX_HOPS, TC_EINVAL when a crossing had no queued packet (a bug); TC_OK otherwise.
 * Records the detail of a failure. */
tc_err_t tc_trace_status(const tc_trace_t *t);

/* What each node expects in the run (expected: N entries): plan->expected less the keys that
 * originate at faulty nodes (the engine's rule, engine.c). */
void tc_trace_expected(const tc_trace_t *t, const tc_plan_t *plan, int64_t *expected);

/* Per node the round in which it had every key it expects (when: N entries; 0 for nodes
 * expecting nothing, -1 for faulty nodes and nodes that never did), from the recorded
 * deliveries; returns the number of complete non-faulty nodes. */
int64_t tc_trace_complete_rounds(const tc_trace_t *t, const int64_t *expected, int64_t *when);

/* Sum over the recorded crossings of the rounds each waited (the engine's queue_rounds). */
int64_t tc_trace_queue_rounds(const tc_trace_t *t);

/* The page's fallback layout: node v of N at angle 2 pi v / N on the unit circle (xy: 2N
 * doubles, x then y per node). */
void tc_trace_circle_layout(int64_t N, double *xy);

/* What the page says beside the recorded run. */
typedef struct {
    const char *title;    /* "bcast on S_4, M = 4, x = 1, 1234" */
    const char *subtitle; /* "all-port, full duplex; faults: none" */
    const tc_net_t *net;
    const tc_plan_trees_t *trees; /* NULL: no trees drawn */
    const tc_forest_t *forest;    /* the trees' labels (NULL: 0, 1, ...) */
    const tc_plan_t *plan;
    const tc_sched_ref_t *ref; /* the paper's bound and the construction's claim (NULL: none) */
    const char *bound_label;   /* "paper's bound" or "lower bound" */
    int64_t source;            /* the source node, -1 when every node is one */
    const tc_sim_result_t *res;
    const double *xy; /* 2N coordinates, any scale (scaled into [0, 1000] on the page) */
    bool neato;       /* whether xy came from neato (the page says "neato" or "circle") */
} tc_trace_page_t;

/* Write the page to fp (which it neither opens nor closes). TC_ENOMEM, TC_EIO when a write
 * failed (ferror), with the detail recorded. */
tc_err_t tc_trace_write_html(FILE *fp, const tc_trace_t *t, const tc_trace_page_t *pg);

#pragma GCC visibility pop

#endif
