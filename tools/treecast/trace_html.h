/* treecast sim --trace: one run recorded link crossing by link crossing (the engine's observer
 * hooks, sim.h), and written as one self-contained HTML page that plays it round by round
 * (the page is tools/treecast/trace_viewer.html, embedded at build time).
 *
 * Nothing here prints or exits: the command (sim_run.c) says what went wrong. */
#ifndef TREECAST_TOOL_TRACE_HTML_H
#define TREECAST_TOOL_TRACE_HTML_H

#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The largest network a trace draws, and the most link crossings it holds. */
#define TRACE_MAX_NODES 130
#define TRACE_MAX_HOPS 400000

enum {
    TRACE_DROPPED = 1, /* lost at a faulty link or a faulty receiving node */
    TRACE_CONTROL = 2, /* a control packet (tc_packet_t.kind != 0, an acknowledgement) */
};

/* One packet crossing one directed link. */
typedef struct {
    int64_t round; /* the round it crossed */
    int64_t ready; /* the first round it could have left (round - ready rounds of waiting) */
    int32_t from, to;
    int16_t tree; /* tc_packet_t.tree: the tree it travels in */
    uint8_t port; /* the port out of `from` */
    uint8_t flags;
} trace_hop_t;

/* One delivery of a key new to its node. */
typedef struct {
    int64_t round;
    int32_t node;
    int64_t key;
} trace_delivery_t;

typedef struct trace {
    const tc_topo_t *topo;
    uint8_t *faulty_node; /* N bytes, a copy of the run's faults (zeros: none) */
    uint8_t *faulty_link; /* N * ports bytes */
    trace_hop_t *hops;
    int64_t nhops, hops_cap;
    trace_delivery_t *dels;
    int64_t ndels, dels_cap;
    /* the ready rounds of the packets queued on each link, FIFO: a chain through `qnext` */
    int64_t *qready;
    int32_t *qnext;
    int64_t nq, q_cap;
    int32_t *qhead, *qtail; /* per link, -1: empty */
    int64_t unmatched;      /* crossings without a queued packet (0 in every correct run) */
    bool oom, too_many;
} trace_t;

/* A recorder for runs on topo with faults (NULL: none), which it copies. TC_ENOMEM. */
tc_err_t trace_init(trace_t *t, const tc_topo_t *topo, const tc_faults_t *faults);
void trace_destroy(trace_t *t);

/* Point the observer hooks of cfg at t (the run then takes one thread). */
void trace_attach(trace_t *t, tc_sim_config_t *cfg);

/* After the run: TC_ENOMEM when a record could not be kept, TC_ETOOBIG beyond TRACE_MAX_HOPS,
 * TC_EINVAL when a crossing had no queued packet; TC_OK otherwise. */
tc_err_t trace_status(const trace_t *t);

/* What node v expects in the run: plan->expected less the keys that originate at faulty
 * nodes (the engine's rule, engine.c). */
void trace_expected(const trace_t *t, const tc_plan_t *plan, int64_t *expected);

/* Per node the round in which it had every key it expects (0 for nodes expecting nothing,
 * -1 for faulty nodes and nodes that never did), from the recorded deliveries; returns the
 * number of complete non-faulty nodes. */
int64_t trace_complete_rounds(const trace_t *t, const int64_t *expected, int64_t *when);

/* Sum over the recorded crossings of the rounds each waited (the engine's queue_rounds). */
int64_t trace_queue_rounds(const trace_t *t);

/* Node coordinates (2N doubles, any scale): Graphviz's neato (`neato -Tplain` on the network
 * as DOT, found on PATH) when it runs, else a circle. Returns true for neato; otherwise why
 * (a sentence without a final period) says what went wrong. */
bool trace_layout(const tc_net_t *net, const tc_topo_t *topo, double *xy, char *why,
                  size_t why_cap);

/* What the page says beside the recorded run. */
typedef struct {
    const char *title;    /* "bcast on S_4, M = 4, x = 1, 1234" */
    const char *subtitle; /* "all-port, full duplex; faults: none" */
    const tc_net_t *net;
    const tc_plan_trees_t *trees;
    const tc_forest_t *forest; /* the trees' labels */
    const tc_plan_t *plan;
    const tc_sched_ref_t *ref; /* the paper's bound and the construction's claim */
    const char *bound_label;   /* "paper's bound" or "lower bound" */
    int64_t source;            /* the source node, -1 when every node is one */
    const tc_sim_result_t *res;
    const double *xy; /* trace_layout's */
    bool neato;
} trace_page_t;

/* Write the page to fp. TC_ENOMEM, TC_EIO when a write failed. */
tc_err_t trace_write_html(FILE *fp, const trace_t *t, const trace_page_t *pg);

#endif
