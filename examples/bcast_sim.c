/* bcast_sim — a simulated broadcast over edge-disjoint spanning trees.
 *
 *   bcast_sim [NET [M]]        (default: star:7 60)
 *
 * The source (node 0) broadcasts M packets split round-robin over the n-1 EDT trees of S_n
 * (paper 000, Section 4.2; `treecast sim bcast`). The round engine runs the plan: a packet
 * crosses one link per round, a directed link carries one packet per round, queues are FIFO.
 * Prints the rounds beside the schedule's own prediction (every tree pipelines its packets:
 * packets + depth - 1 rounds) and the paper's lower bound; exits 0 when every node got every
 * packet in the predicted number of rounds, 1 otherwise, 2 on an error.
 */
#include <treecast/treecast.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : "star:7";
    int64_t M = argc > 2 ? strtoll(argv[2], NULL, 10) : 60;
    /* The network, its neighbour table, the family's own edge-disjoint trees rooted at node 0
     * (edt on S_n, nedst on Q_n), the trees as plans read them, and the collective: a plan of
     * callbacks for the engine. */
    tc_assembly_opts_t opts = {.spec = spec, .coll = {.what = TC_COLL_BCAST, .M = M}};
    tc_assembly_t run;
    tc_err_t err = tc_assembly_init(&opts, &run);
    tc_sim_result_t res;
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults(); /* all-port, full duplex, no faults */
        err = tc_sim_run(run.topo, &cfg, NULL, tc_coll_plan(run.coll), &res, NULL);
    }
    int status = 2;
    if (err != TC_OK) {
        static const char *const step[] = {"the simulation",      "the network",
                                           "the neighbour table", "the trees",
                                           "the plan's trees",    "the plan"};
        fprintf(stderr, "bcast_sim: %s: %s. %s\n", step[run.failed], tc_strerror(err),
                tc_err_detail());
        goto done;
    }

    /* The schedule's own prediction, and the paper's lower bound where it has one. */
    int64_t predicted = tc_plan_trees_predicted_rounds(&run.trees, TC_COLL_BCAST, M, 1);
    tc_sched_ref_t ref;
    const tc_schedule_t *sched = tc_schedule_find("bcast", run.net);
    bool bound = sched != NULL && tc_schedule_reference(sched, run.net, 0, M, 1, &ref) == TC_OK &&
                 ref.have_bound;
    char name[32];
    tc_net_name(run.net, name, sizeof name);
    printf("bcast of %" PRId64 " packets on %s over %d %s trees\n", M, name,
           tc_forest_trees(run.forest), tc_kind_name(tc_forest_kind(run.forest)));
    printf("  rounds         %" PRId64 " (predicted %" PRId64 ")\n", res.rounds, predicted);
    if (bound) {
        printf("  lower bound    %.0f (%s)\n", ref.bound.time, ref.bound.source);
    }
    printf("  transmissions  %" PRId64 "\n", res.transmissions);
    printf("  delivered      %" PRId64 " of %" PRId64 " nodes got everything\n", res.nodes_complete,
           res.nodes_nonfaulty);
    status = res.rounds == predicted && res.nodes_complete == res.nodes_nonfaulty ? 0 : 1;
done:
    tc_assembly_destroy(&run);
    return status;
}
