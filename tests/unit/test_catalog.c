/* The plans described (tc_plan_desc_t of treecast/plan.h) and the whole runs of sim.h
 * (tc_sim_paper000, tc_sim_tseng_alltoall, tc_sim_tseng_eq1, tc_sim_allgather_mesh), and the fault
 * room check of faults.h (tc_faults_check_room), and the campaigns' summaries
 * (tc_ftroute_summarize, tc_ftbcast_compare_schemes, tc_ftbcast_summarize). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <math.h>
#include <string.h>

static bool known_option(const char *name, size_t len)
{
    for (const char *const *o = tc_plan_options(); *o != NULL; o++) {
        if (strlen(*o) == len && strncmp(*o, name, len) == 0) {
            return true;
        }
    }
    return false;
}

/* Every word of a blank-separated list is a known option, and reads() says so. */
static void check_list(const tc_plan_desc_t *d, const char *list)
{
    for (const char *s = list; *s != '\0';) {
        size_t len = strcspn(s, " ");
        if (len > 0) {
            assert_true(known_option(s, len));
            char word[32];
            assert_true(len < sizeof word);
            memcpy(word, s, len);
            word[len] = '\0';
            assert_true(tc_plan_desc_reads(d, word));
        }
        s += len + (s[len] == ' ');
    }
}

/* Unique names, a help line, options and required options among the known ones (required a
 * subset of options), text among the formats, a runner, and the catalog's schedules all
 * described (every tc_schedule_at name has a descriptor run as a schedule). */
static void test_descriptors_well_formed(void **state)
{
    (void)state;
    int count = 0;
    for (int k = 0; tc_plan_desc_at(k) != NULL; k++, count++) {
        const tc_plan_desc_t *d = tc_plan_desc_at(k);
        assert_non_null(d->name);
        assert_true(d->name[0] != '\0');
        assert_ptr_equal(tc_plan_desc_find(d->name), d); /* unique: the first is itself */
        assert_non_null(d->help);
        assert_true(strlen(d->help) > 10);
        assert_non_null(d->options);
        assert_non_null(d->required);
        check_list(d, d->options);
        check_list(d, TC_PLAN_ALWAYS);
        for (const char *s = d->required; *s != '\0';) {
            size_t len = strcspn(s, " ");
            char word[32] = "";
            memcpy(word, s, len < sizeof word ? len : sizeof word - 1);
            assert_true(len == 0 || tc_plan_desc_reads(d, word));
            assert_true(len == 0 || tc_plan_desc_requires(d, word));
            s += len + (s[len] == ' ');
        }
        assert_true(tc_plan_desc_writes(d, "text"));
        assert_false(tc_plan_desc_writes(d, "xml"));
        assert_true(d->runner >= TC_PLAN_RUN_SCHEDULE && d->runner <= TC_PLAN_RUN_ROUTED);
        assert_true(d->port_limit == 0 || d->port_limit == 1);
        /* a plan without catalog rows says where it runs and under which heading */
        assert_true(d->runner == TC_PLAN_RUN_SCHEDULE || (d->nets != NULL && d->section != NULL));
    }
    assert_int_equal(count, 27);
    assert_null(tc_plan_desc_at(count));
    assert_null(tc_plan_desc_at(-1));
    assert_null(tc_plan_desc_find("no-such-plan"));
    for (int k = 0; tc_schedule_at(k) != NULL; k++) {
        const tc_plan_desc_t *d = tc_plan_desc_find(tc_schedule_at(k)->name);
        assert_non_null(d);
        assert_int_equal(d->runner, TC_PLAN_RUN_SCHEDULE);
    }
}

/* What a plan reads and refuses: the options `treecast sim PLAN --help` lists. */
static void test_descriptor_options(void **state)
{
    (void)state;
    const tc_plan_desc_t *tseng = tc_plan_desc_find("alltoall-tseng");
    assert_non_null(tseng);
    assert_int_equal(tseng->runner, TC_PLAN_RUN_TSENG);
    assert_int_equal(tseng->port_limit, 1); /* paper 001 is one-port */
    assert_true(tc_plan_desc_reads(tseng, "k"));
    assert_true(tc_plan_desc_requires(tseng, "k"));
    assert_true(tc_plan_desc_reads(tseng, "net"));    /* always */
    assert_true(tc_plan_desc_reads(tseng, "output")); /* always */
    assert_false(tc_plan_desc_reads(tseng, "M"));
    assert_false(tc_plan_desc_reads(tseng, "faults"));
    assert_false(tc_plan_desc_reads(tseng, "t")); /* a prefix of ts is no option */
    assert_false(tc_plan_desc_writes(tseng, "csv"));
    const tc_plan_desc_t *bcast = tc_plan_desc_find("bcast");
    assert_true(tc_plan_desc_reads(bcast, "faults"));
    assert_true(tc_plan_desc_reads(bcast, "root"));
    assert_false(tc_plan_desc_reads(bcast, "x")); /* bcast splits; ft-bcast copies */
    assert_false(tc_plan_desc_reads(bcast, "acks"));
    assert_false(tc_plan_desc_requires(bcast, "M"));
    assert_true(tc_plan_desc_writes(bcast, "csv"));
    assert_true(tc_plan_desc_reads(tc_plan_desc_find("ft-bcast"), "x"));
    assert_true(tc_plan_desc_reads(tc_plan_desc_find("multinode"), "acks"));
    assert_true(tc_plan_desc_requires(tc_plan_desc_find("route"), "to"));
    assert_int_equal(tc_plan_desc_find("route-campaign")->runner, TC_PLAN_RUN_ROUTE_CAMPAIGN);
    assert_int_equal(tc_plan_desc_find("bcast-compare")->runner, TC_PLAN_RUN_ROUTED);
    /* the cycle plans take no faults */
    assert_false(tc_plan_desc_reads(tc_plan_desc_find("scatter-sbnt"), "faults"));
}

/* Paper 000's all-sources plans with one message per source, as `treecast sim multinode --net
 * star:5 --M 1` (119 rounds) and `sim total-exchange --net star:4 --M 1` (96 rounds, the same
 * by symmetry) print them. */
static void test_paper000(void **state)
{
    (void)state;
    tc_net_t *s5 = NULL, *s4 = NULL, *s8 = NULL;
    assert_int_equal(tc_net_parse("star:5", &s5), TC_OK);
    assert_int_equal(tc_net_parse("star:4", &s4), TC_OK);
    assert_int_equal(tc_net_parse("star:8", &s8), TC_OK);
    tc_sim_config_t model = tc_sim_defaults();
    tc_sim_result_t res;
    assert_int_equal(tc_sim_paper000(s5, TC_COLL_MULTINODE, false, &model, &res), TC_OK);
    assert_int_equal(res.rounds, 119);
    assert_int_equal(res.nodes_complete, 120);
    assert_int_equal(tc_sim_paper000(s4, TC_COLL_TOTAL_EXCHANGE, false, &model, &res), TC_OK);
    assert_int_equal(res.rounds, 96);
    assert_int_equal(res.queued_packets, 0);
    assert_int_equal(tc_sim_paper000(s4, TC_COLL_TOTAL_EXCHANGE, true, &model, &res), TC_OK);
    assert_int_equal(res.rounds, 96);
    assert_int_equal(res.elements, 96);
    assert_int_equal(res.queued_packets, 0); /* Lemma 7's condition held */
    model.ts = 2;
    model.tm = 3;
    assert_int_equal(tc_sim_paper000(s4, TC_COLL_TOTAL_EXCHANGE, true, &model, &res), TC_OK);
    assert_true(res.time == 96.0 * 5);
    /* one port: the all-port design queues and takes longer */
    model = tc_sim_defaults();
    model.port_limit = 1;
    assert_int_equal(tc_sim_paper000(s4, TC_COLL_MULTINODE, false, &model, &res), TC_OK);
    assert_int_equal(res.rounds, 69);
    /* refused: another collective, a network too large to simulate fully */
    assert_int_equal(tc_sim_paper000(s4, TC_COLL_BCAST, false, &model, &res), TC_EINVAL);
    assert_int_equal(tc_sim_paper000(s8, TC_COLL_MULTINODE, false, &model, &res), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "5040"));
    tc_net_free(s5);
    tc_net_free(s4);
    tc_net_free(s8);
}

/* Paper 001 on S_5, as `treecast sim alltoall-tseng --net star:5 --k 2` prints it: 251 rounds,
 * predicted 251 = 191 + 60, l_{5,2} = 191/60 both ways, l_{2,1} = 1/2; every source simulated
 * and by symmetry alike. allgather-mesh on S_5: 47 rounds (predicted), the cycle 119, paper
 * 000's multinode one-port 476. */
static void test_paper001(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t topo;
    assert_int_equal(tc_net_parse("star:5", &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    tc_sim_config_t model = tc_sim_defaults();
    model.port_limit = 1;
    tc_sim_tseng_t full, sym;
    assert_int_equal(tc_sim_tseng_alltoall(net, &topo, 2, false, &model, &full), TC_OK);
    assert_int_equal(full.res.rounds, 251);
    assert_int_equal(full.pred.rounds, 251);
    assert_int_equal(full.deliveries, full.expected);
    assert_int_equal(full.expected, 120 * 119);
    assert_int_equal(full.res.queued_packets, 0);
    assert_int_equal(tc_sim_tseng_alltoall(net, &topo, 2, true, &model, &sym), TC_OK);
    assert_int_equal(sym.res.rounds, 251);
    assert_int_equal(sym.same_dim, 0);
    assert_int_equal(sym.deliveries, full.deliveries);
    assert_int_equal(sym.transmissions, full.transmissions);
    tc_sim_tseng_eq1_t q;
    assert_int_equal(tc_sim_tseng_eq1(5, 2, 1, 0, &q), TC_OK);
    assert_int_equal(q.lnk.num, 191);
    assert_int_equal(q.lnk.den, 60);
    assert_int_equal(q.lnk_bfs.num, 191);
    assert_int_equal(q.lk1.num, 1);
    assert_int_equal(q.lk1.den, 2);
    assert_int_equal(q.sum_nk, 191);
    assert_int_equal(q.sum_k1, 60);
    assert_true(q.eq1 == 251.0); /* tm = 0: the rounds */
    assert_int_equal(tc_sim_tseng_eq1(5, 2, 0, 1, &q), TC_OK);
    assert_true(q.eq1 == 2.0 * 191 + 60); /* n!(l_{n,k} + l_{k,1}) = k! N l_{n,k} + n! l_{k,1} */
    assert_true(q.eq1_printed > q.eq1);   /* l_{n,1} > l_{k,1} */
    tc_star_mesh_report_t check;
    tc_sim_mesh_t m;
    assert_int_equal(tc_sim_allgather_mesh(net, &topo, &model, &check, &m), TC_OK);
    assert_int_equal(m.mesh.rounds, 47);
    assert_int_equal(m.predicted, 47);
    assert_int_equal(m.ring.rounds, 119);
    assert_int_equal(m.multinode.rounds, 476);
    assert_int_equal(check.missing + check.repeated, 0);
    assert_true(m.Tprime == 119.0);
    assert_int_equal(m.mesh.nodes_complete, 120);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    assert_int_equal(tc_net_parse("star:8", &net), TC_OK);
    assert_int_equal(tc_sim_allgather_mesh(net, NULL, &model, NULL, &m), TC_ERANGE);
    tc_net_free(net);
}

/* Room for random faults on S_4 (24 nodes, 36 links, 72 arcs), the source kept out. */
static void test_fault_room(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t topo;
    assert_int_equal(tc_net_parse("star:4", &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    tc_fault_spec_t s = {.kind = TC_FAULTS_NODES, .k = 22};
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_OK);
    s.k = 23; /* fits beside the source, but leaves nothing to reach */
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "leave no node to route to"));
    s.k = 30;
    assert_int_equal(tc_faults_check_room(&s, &topo, -1), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "do not fit"));
    s = (tc_fault_spec_t){.kind = TC_FAULTS_LINKS, .k = 36};
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_OK);
    s.k = 37;
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "(at most links:36)"));
    s = (tc_fault_spec_t){.kind = TC_FAULTS_ARCS, .k = 73};
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "(at most arcs:72)"));
    s = (tc_fault_spec_t){.kind = TC_FAULTS_NODES, .k = 1000, .on_paths = true};
    assert_int_equal(tc_faults_check_room(&s, &topo, 0), TC_OK); /* the trees place paths:K */
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

/* The campaigns summed up: the comparison's schemes, a route campaign's distributions (nearest
 * rank; the stretches over the delivered routes only) and one scheme's row. */
static void test_summaries(void **state)
{
    (void)state;
    tc_ftbcast_scheme_t sc[5];
    assert_int_equal(tc_ftbcast_compare_schemes(5, 0, sc), 5); /* x = 1, 2, 4 */
    assert_int_equal(sc[0].what, TC_FTPLAN_BCAST);
    assert_int_equal(sc[1].what, TC_FTPLAN_UNICAST);
    assert_int_equal(sc[2].x, 1);
    assert_int_equal(sc[4].x, 4);
    assert_int_equal(tc_ftbcast_compare_schemes(3, 0, sc), 4); /* n - 1 = 2: once */
    assert_int_equal(tc_ftbcast_compare_schemes(6, 3, sc), 3);
    assert_int_equal(sc[2].x, 3);
    assert_int_equal(sc[2].what, 0);

    tc_ftroute_record_t rec[4] = {0};
    for (int i = 0; i < 4; i++) {
        rec[i].oracle = 2;
        rec[i].route = (tc_ftroute_t){.delivered = i < 3,
                                      .route_len = 2 + 2 * i,
                                      .hops = 10 * (i + 1),
                                      .budget = i == 3 ? TC_FTROUTE_UNBOUNDED : 0};
    }
    rec[3].oracle = -1;
    tc_ftroute_summary_t s;
    assert_int_equal(tc_ftroute_summarize(rec, 4, &s), TC_OK);
    assert_int_equal(s.routes, 4);
    assert_int_equal(s.reachable, 3);
    assert_int_equal(s.delivered, 3);
    assert_int_equal(s.returned, 1);
    assert_int_equal(s.shortest, 1);
    assert_int_equal(s.budget[0], 3);
    assert_int_equal(s.budget[3], 1);
    assert_true(s.dist[TC_FTROUTE_ROUTE][0] == 4);   /* median of 2, 4, 6 */
    assert_true(s.dist[TC_FTROUTE_ROUTE][3] == 6);   /* max */
    assert_true(s.dist[TC_FTROUTE_STRETCH][4] == 2); /* mean of 1, 2, 3 */
    assert_true(s.dist[TC_FTROUTE_HOPS][3] == 40);   /* every route */
    assert_true(s.dist[TC_FTROUTE_HOPS][4] == 25);
    assert_true(s.dist[TC_FTROUTE_HOPS][0] == 20); /* nearest rank: the 2nd of 4 */
    assert_int_equal(tc_ftroute_summarize(rec + 3, 1, &s), TC_OK);
    assert_true(isnan(s.dist[TC_FTROUTE_STRETCH][0])); /* nothing delivered */

    tc_ftbcast_record_t b[3 * 2] = {0}; /* 3 trials x 2 schemes */
    for (int i = 0; i < 3; i++) {
        b[i * 2 + 1].others = 10;
        b[i * 2 + 1].missed = i == 2;
        b[i * 2 + 1].sim.keys_delivered = i == 2 ? 15 : 20;
        b[i * 2 + 1].sim.rounds = 7 - i;
    }
    tc_ftbcast_row_t row;
    assert_int_equal(tc_ftbcast_summarize(b, 3, 2, 1, 2, &row), TC_OK);
    assert_int_equal(row.trials, 3);
    assert_int_equal(row.expected, 60);
    assert_int_equal(row.delivered, 55);
    assert_int_equal(row.all_reached, 2);
    assert_true(row.min_fraction == 0.75);
    assert_int_equal(row.med[TC_FTBCAST_ROUNDS], 6);
    assert_int_equal(row.max[TC_FTBCAST_ROUNDS], 7);
}

/* A fault campaign's trials summed up: min, median, p90 (nearest rank) and max of the rounds
 * and of the delivered fraction, and the trials that delivered everything. */
static void test_trials_summary(void **state)
{
    (void)state;
    tc_sim_trial_t t[10];
    memset(t, 0, sizeof t);
    for (int i = 0; i < 10; i++) { /* rounds 19, 17, ..., 1; delivered 0.1 .. 1.0 */
        t[i].rounds = 19 - 2 * i;
        t[i].delivered = (double)(i + 1) / 10;
        t[i].all = i >= 7;
    }
    tc_sim_trials_summary_t s;
    assert_int_equal(tc_sim_trials_summarize(t, 10, &s), TC_OK);
    assert_int_equal(s.rounds[0], 1);
    assert_int_equal(s.rounds[1], 9);  /* the 5th of 10 */
    assert_int_equal(s.rounds[2], 17); /* the 9th */
    assert_int_equal(s.rounds[3], 19);
    assert_true(fabs(s.delivered[0] - 0.1) < 1e-12 && fabs(s.delivered[1] - 0.5) < 1e-12);
    assert_true(fabs(s.delivered[2] - 0.9) < 1e-12 && fabs(s.delivered[3] - 1.0) < 1e-12);
    assert_int_equal(s.all_delivered, 3);
    assert_int_equal(tc_sim_trials_summarize(t, 1, &s), TC_OK);
    assert_int_equal(s.rounds[0], 19);
    assert_int_equal(s.rounds[3], 19);
    assert_int_equal(tc_sim_trials_summarize(t, 0, &s), TC_EINVAL);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptors_well_formed),
        cmocka_unit_test(test_descriptor_options),
        cmocka_unit_test(test_paper000),
        cmocka_unit_test(test_paper001),
        cmocka_unit_test(test_fault_room),
        cmocka_unit_test(test_summaries),
        cmocka_unit_test(test_trials_summary),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
