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
    tc_net_t *net = NULL;
    tc_forest_t *forest = NULL;
    tc_topo_t topo = {0};        /* the network's neighbour table, which the engine runs on */
    tc_plan_trees_t trees = {0}; /* the forest as the plans read it (children, depths) */
    tc_coll_t *coll = NULL;      /* the collective: a plan of callbacks for the engine */
    const char *step = "the network";
    int status = 2;

    tc_err_t err = tc_net_parse(spec, &net);
    if (err == TC_OK) {
        step = "the trees"; /* the family's own edge-disjoint trees: edt on S_n, nedst on Q_n */
        err = tc_trees_build(net, tc_kind_primary(net), 0, 0, &forest);
    }
    if (err == TC_OK) {
        step = "the neighbour table";
        err = tc_topo_init(&topo, net);
    }
    if (err == TC_OK) {
        step = "the plan's trees";
        err = tc_plan_trees_init(&trees, forest, &topo, TC_ORDER_PAPER);
    }
    if (err == TC_OK) {
        step = "the plan";
        tc_coll_opts_t opts = {.what = TC_COLL_BCAST, .M = M, .x = 1};
        err = tc_coll_new(&trees, &topo, &opts, &coll);
    }
    tc_sim_result_t res;
    if (err == TC_OK) {
        step = "the simulation";
        tc_sim_config_t cfg = tc_sim_defaults(); /* all-port, full duplex, no faults */
        err = tc_sim_run(&topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    }
    if (err != TC_OK) {
        fprintf(stderr, "bcast_sim: %s: %s. %s\n", step, tc_strerror(err), tc_err_detail());
        goto done;
    }

    /* The schedule's own prediction, and the paper's lower bound where it has one. */
    int64_t predicted = tc_plan_trees_predicted_rounds(&trees, TC_COLL_BCAST, M, 1);
    tc_sched_ref_t ref;
    const tc_schedule_t *sched = tc_schedule_find("bcast", net);
    bool bound = sched != NULL && tc_schedule_reference(sched, net, 0, M, 1, &ref) == TC_OK &&
                 ref.have_bound;
    char name[32];
    tc_net_name(net, name, sizeof name);
    printf("bcast of %" PRId64 " packets on %s over %d %s trees\n", M, name,
           tc_forest_trees(forest), tc_kind_name(tc_forest_kind(forest)));
    printf("  rounds         %" PRId64 " (predicted %" PRId64 ")\n", res.rounds, predicted);
    if (bound) {
        printf("  lower bound    %.0f (%s)\n", ref.bound.time, ref.bound.source);
    }
    printf("  transmissions  %" PRId64 "\n", res.transmissions);
    printf("  delivered      %" PRId64 " of %" PRId64 " nodes got everything\n", res.nodes_complete,
           res.nodes_nonfaulty);
    status = res.rounds == predicted && res.nodes_complete == res.nodes_nonfaulty ? 0 : 1;
done:
    tc_coll_free(coll);
    tc_plan_trees_destroy(&trees);
    tc_topo_destroy(&topo);
    tc_forest_free(forest);
    tc_net_free(net);
    return status;
}
