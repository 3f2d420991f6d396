/* treecast sim: what its files share. cmd_sim.c parses the options and dispatches to a plan's
 * runner (sim_run.c, sim_tseng.c, sim_route.c, sim_ftbcast.c); sim_setup.c sets a run of the
 * catalog's plans up for sim_run.c. No runner calls back into cmd_sim.c. */
#ifndef TREECAST_TOOL_SIM_CMD_H
#define TREECAST_TOOL_SIM_CMD_H

#include "common.h"
#include "fault_opts.h"

typedef struct {
    const char *net_spec, *kind_text, *input, *root_text, *faults, *faults_file, *output;
    const char *trace;   /* --trace FILE.html (trace_html.h) */
    const char *to_text; /* --to: sim route's destination */
    fault_list_t listed; /* --fault, as given */
    int64_t M, x, trials, threads, B, k, pairs;
    uint64_t seed;
    int port_limit;
    bool half, timing, x_given;
    int acks, order, method, format;
    double ts, tm;
} args_t;

enum { F_TEXT, F_JSON, F_CSV };
enum { METHOD_AUTO, METHOD_FULL, METHOD_SYMMETRY };

/* What a run is made of, and what it prints beside its result. */
typedef struct {
    const args_t *a;
    const tc_schedule_t *s;
    tc_kind_t kind;
    bool symmetry;
    tc_net_t *net;
    tc_forest_t *input; /* the trees of --input, or NULL */
    tc_assembly_t run;  /* its neighbour table, forest, plan trees and collective */
    int64_t root, protect;
    char netlab[TC_LABEL_MAX], rootlab[TC_LABEL_MAX + 32], fault_text[64], method[200];
    tc_sched_ref_t ref;
    double seconds;
    int64_t hops;
} run_t;

/* Set the run up for the plan named: the network, the schedule and its trees, the plan, the
 * reference (sim_setup.c). 0 or a status (printed). */
int sim_setup(run_t *r, const char *name);
void sim_teardown(run_t *r);

/* The faults listed by --fault and --faults-file into f (initialized here). 0 or a status. */
int listed_faults(const run_t *r, tc_faults_t *f);

/* Run the plan named with the options (sim_run.c). */
int sim_main(const args_t *a, const char *name);

/* Paper 001's plans on S_n, which run without trees (sim_tseng.c). */
int sim_tseng_main(const args_t *a, const char *name);

/* route-campaign: the depth-first fault-tolerant routing of S_n over seeded fault sets, beside
 * the oracle (sim_route.c). */
int sim_route_main(const args_t *a, const char *name);

/* route, route-bcast, route-unicast, bcast-compare: the routing of S_n in the engine, and the
 * broadcasts built on it beside paper 000's (sim_ftbcast.c). */
int sim_ftbcast_main(const args_t *a, const char *name);

#endif
