/* Unit tests of the traces of `treecast sim --trace`: the recorder and the page
 * (include/treecast/trace.h, src/sim/trace.c and src/report/trace_html.c), the tool's neato
 * layout with its fallback (tools/treecast/trace_layout.c, compiled in here), and the engine's
 * observer hooks they rest on (include/treecast/sim.h: observe, observe_enqueue,
 * observe_delivery).
 *
 * The recorder must see exactly what the engine counts: one crossing per transmission, the
 * deliveries that make the engine's complete nodes, the waiting rounds that sum to its
 * queue_rounds, the losses at faults; the page must carry every crossing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "trace_layout.h"
#include "treecast/trace.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
    tc_coll_t *coll;
} env_t;

static void env_open(env_t *e, const char *spec, tc_kind_t kind, tc_collective_t what, int64_t M,
                     int x)
{
    memset(e, 0, sizeof *e);
    assert_int_equal(tc_net_parse(spec, &e->net), TC_OK);
    assert_int_equal(tc_topo_init(&e->topo, e->net), TC_OK);
    assert_int_equal(tc_trees_build(e->net, kind, 0, 1, &e->forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&e->trees, e->forest, &e->topo, TC_ORDER_PAPER), TC_OK);
    tc_coll_opts_t o = {.what = what, .M = M, .x = x};
    assert_int_equal(tc_coll_new(&e->trees, &e->topo, &o, &e->coll), TC_OK);
}

static void env_close(env_t *e)
{
    tc_coll_free(e->coll);
    tc_plan_trees_destroy(&e->trees);
    tc_forest_free(e->forest);
    tc_topo_destroy(&e->topo);
    tc_net_free(e->net);
}

/* Run with the recorder; *res and the trace are the caller's. */
static void traced_run(env_t *e, tc_sim_config_t cfg, const tc_faults_t *faults, tc_trace_t *t,
                       tc_sim_result_t *res)
{
    assert_int_equal(tc_trace_init(t, &e->topo, faults), TC_OK);
    tc_trace_attach(t, &cfg);
    assert_int_equal(tc_sim_run(&e->topo, &cfg, faults, tc_coll_plan(e->coll), res, NULL), TC_OK);
    assert_int_equal(tc_trace_status(t), TC_OK);
    assert_int_equal(t->unmatched, 0);
}

/* What every recorded run must agree on with the engine. */
static void agree(env_t *e, const tc_trace_t *t, const tc_sim_result_t *res)
{
    int64_t N = e->topo.nodes;
    assert_int_equal(t->nhops, res->transmissions);
    assert_int_equal(tc_trace_queue_rounds(t), res->queue_rounds);
    int64_t lost = 0, last = 0;
    for (int64_t h = 0; h < t->nhops; h++) {
        const tc_trace_hop_t *x = &t->hops[h];
        assert_true(x->ready <= x->round);
        assert_true(x->round >= 1 && x->round <= res->rounds);
        assert_true(x->round >= last); /* recorded in order */
        last = x->round;
        assert_int_equal(e->topo.nbr[x->from * e->topo.ports + x->port], x->to);
        lost += (x->flags & TC_TRACE_DROPPED) != 0;
    }
    assert_true(lost <= res->dropped); /* the rest never left a faulty node */
    assert_int_equal(t->ndels, res->keys_delivered);
    int64_t *expected = malloc((size_t)N * sizeof *expected);
    int64_t *when = malloc((size_t)N * sizeof *when);
    assert_non_null(expected);
    assert_non_null(when);
    tc_trace_expected(t, tc_coll_plan(e->coll), expected);
    assert_int_equal(tc_trace_complete_rounds(t, expected, when), res->nodes_complete);
    int64_t latest = 0;
    for (int64_t v = 0; v < N; v++) {
        latest = when[v] > latest ? when[v] : latest;
    }
    if (res->nodes_complete == res->nodes_nonfaulty) {
        assert_int_equal(latest, res->complete_round);
    }
    free(expected);
    free(when);
}

static void test_records_every_crossing(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:4", TC_KIND_EDT, TC_COLL_BCAST, 4, 1);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), NULL, &t, &res);
    agree(&e, &t, &res);
    assert_int_equal(res.transmissions, 92); /* 4 messages to 23 nodes */
    assert_int_equal(res.rounds, 8);
    assert_int_equal(t.ndels, 92);
    tc_trace_destroy(&t);
    env_close(&e);
}

/* One-port: packets wait, and the recorded waits are the engine's queue_rounds. */
static void test_waits_sum_to_queue_rounds(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:5", TC_KIND_EDT, TC_COLL_BCAST, 4, 1);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.port_limit = 1;
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, cfg, NULL, &t, &res);
    assert_true(res.queue_rounds > 0);
    agree(&e, &t, &res);
    int64_t waited = 0;
    for (int64_t h = 0; h < t.nhops; h++) {
        waited += t.hops[h].round > t.hops[h].ready;
    }
    assert_int_equal(waited, res.queued_packets);
    tc_trace_destroy(&t);
    env_close(&e);
}

/* Faults: every loss is a recorded crossing (a faulty node receives nothing, so it never
 * sends), and the incomplete nodes are the engine's. */
static void test_faults_losses_and_completion(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:5", TC_KIND_EDT, TC_COLL_FT_BCAST, 4, 2);
    tc_faults_t f;
    assert_int_equal(tc_faults_random(&f, &e.topo, TC_FAULTS_MIXED, 6, 3, 0), TC_OK);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), &f, &t, &res);
    agree(&e, &t, &res);
    int64_t lost = 0;
    for (int64_t h = 0; h < t.nhops; h++) {
        lost += (t.hops[h].flags & TC_TRACE_DROPPED) != 0;
    }
    assert_true(res.dropped > 0);
    assert_int_equal(lost, res.dropped);
    assert_true(res.nodes_complete < res.nodes_nonfaulty);
    tc_trace_destroy(&t);
    tc_faults_destroy(&f);
    env_close(&e);
}

/* Every node a source, one of them faulty: its keys are expected of nobody (the engine's rule,
 * which tc_trace_expected repeats). */
static void test_all_sources_faulty_source(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:4", TC_KIND_EDT, TC_COLL_MULTINODE, 1, 3);
    tc_faults_t f;
    assert_int_equal(tc_faults_init(&f, &e.topo), TC_OK);
    tc_faults_add_node(&f, 5);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), &f, &t, &res);
    agree(&e, &t, &res);
    int64_t *expected = malloc((size_t)e.topo.nodes * sizeof *expected);
    assert_non_null(expected);
    tc_trace_expected(&t, tc_coll_plan(e.coll), expected);
    assert_int_equal(expected[0], 22); /* 24 sources less itself less the faulty one */
    free(expected);
    tc_trace_destroy(&t);
    tc_faults_destroy(&f);
    env_close(&e);
}

/* The hooks make a run single-threaded: asking for two threads changes nothing. */
static void test_hooks_same_with_threads(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "cube:5", TC_KIND_IST, TC_COLL_FT_BCAST, 3, 5);
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_trace_t one, two;
    tc_sim_result_t r1, r2;
    traced_run(&e, cfg, NULL, &one, &r1);
    cfg.threads = 2;
    traced_run(&e, cfg, NULL, &two, &r2);
    assert_int_equal(one.nhops, two.nhops);
    assert_int_equal(one.ndels, two.ndels);
    assert_memory_equal(one.hops, two.hops, (size_t)one.nhops * sizeof *one.hops);
    assert_int_equal(r1.rounds, r2.rounds);
    agree(&e, &two, &r2);
    tc_trace_destroy(&one);
    tc_trace_destroy(&two);
    env_close(&e);
}

typedef struct {
    int64_t n, round[4096], node[4096];
} deliveries_t;

static void count_delivery(void *ctx, int64_t round, int64_t node, int64_t key)
{
    (void)key;
    deliveries_t *d = ctx;
    if (d->n < 4096) {
        d->round[d->n] = round;
        d->node[d->n] = node;
    }
    d->n++;
}

/* observe_delivery alone (no observe) also makes the run single-threaded: the deliveries come
 * in the order of one thread, one per distinct key. */
static void test_delivery_hook_alone(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "cube:6", TC_KIND_IST, TC_COLL_FT_BCAST, 8, 6);
    static deliveries_t one, two;
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.observe_delivery = count_delivery;
    cfg.observe_ctx = &one;
    tc_sim_result_t r1, r2;
    assert_int_equal(tc_sim_run(&e.topo, &cfg, NULL, tc_coll_plan(e.coll), &r1, NULL), TC_OK);
    cfg.threads = 2;
    cfg.observe_ctx = &two;
    assert_int_equal(tc_sim_run(&e.topo, &cfg, NULL, tc_coll_plan(e.coll), &r2, NULL), TC_OK);
    assert_int_equal(one.n, r1.keys_delivered);
    assert_int_equal(one.n, 63 * 8);
    assert_int_equal(two.n, one.n);
    assert_memory_equal(one.round, two.round, (size_t)one.n * sizeof one.round[0]);
    assert_memory_equal(one.node, two.node, (size_t)one.n * sizeof one.node[0]);
    env_close(&e);
}

/* Count the numbers of the JSON array after `key` in text. */
static int64_t array_numbers(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    assert_non_null(p);
    p += strlen(key);
    int64_t n = 0;
    bool in = false;
    for (; *p && *p != ']'; p++) {
        bool digit = (*p >= '0' && *p <= '9') || *p == '-' || *p == '.';
        n += digit && !in;
        in = digit;
    }
    assert_int_equal(*p, ']');
    return n;
}

/* The page: the template with the run in place of its marker, every crossing and delivery in
 * it, and (PATH without neato) a circle layout with the reason. */
static void test_page_holds_the_run(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "cube:4", TC_KIND_IST, TC_COLL_FT_BCAST, 2, 4);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), NULL, &t, &res);
    int64_t N = e.topo.nodes;
    double *xy = malloc((size_t)N * 2 * sizeof *xy);
    assert_non_null(xy);
    char why[256];
    const char *path = getenv("PATH");
    char *saved = path != NULL ? strdup(path) : NULL;
    setenv("PATH", "/nonexistent", 1);
    assert_false(trace_layout(e.net, &e.topo, xy, why, sizeof why));
    assert_non_null(strstr(why, "not on PATH"));
    double *circle = malloc((size_t)N * 2 * sizeof *circle);
    assert_non_null(circle);
    tc_trace_circle_layout(N, circle);
    assert_memory_equal(xy, circle, (size_t)N * 2 * sizeof *xy); /* the fallback */
    free(circle);
    if (saved != NULL) {
        setenv("PATH", saved, 1);
        free(saved);
    }
    tc_sched_ref_t ref = {.claim = 6};
    snprintf(ref.claim_formula, sizeof ref.claim_formula, "M + n </script>");
    snprintf(ref.claim_source, sizeof ref.claim_source, "004 Sec. 5.3");
    tc_trace_page_t pg = {.title = "ist-bcast on Q_4",
                          .subtitle = "all-port",
                          .net = e.net,
                          .trees = &e.trees,
                          .forest = e.forest,
                          .plan = tc_coll_plan(e.coll),
                          .ref = &ref,
                          .bound_label = "paper's bound",
                          .source = 0,
                          .res = &res,
                          .xy = xy,
                          .neato = false};
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    assert_int_equal(tc_trace_write_html(fp, &t, &pg), TC_OK);
    assert_int_equal(fclose(fp), 0);
    assert_null(strstr(buf, "@TRACE_DATA@"));
    assert_non_null(strstr(buf, "<!DOCTYPE html>"));
    assert_non_null(strstr(buf, "\"layout\":\"circle\""));
    /* "</script>" in a string cannot end the data element */
    assert_non_null(strstr(buf, "M + n \\u003c/script\\u003e"));
    assert_int_equal(array_numbers(buf, "\"hops\":["), 6 * res.transmissions);
    assert_int_equal(array_numbers(buf, "\"deliveries\":["), 2 * res.keys_delivered);
    assert_int_equal(array_numbers(buf, "\"xy\":["), 2 * N);
    assert_int_equal(array_numbers(buf, "\"expected\":["), N);
    free(buf);
    free(xy);
    tc_trace_destroy(&t);
    env_close(&e);
}

/* A tiny run, S_3 (a 6-cycle) broadcasting one packet down a path of depth 5: the trace has
 * the rounds the run had, one crossing in each, and the page says so. */
static void test_tiny_run_has_its_rounds(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:3", TC_KIND_EDT, TC_COLL_BCAST, 1, 1);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), NULL, &t, &res);
    agree(&e, &t, &res);
    assert_int_equal(res.rounds, 5);
    assert_int_equal(t.nhops, 5);
    for (int64_t h = 0; h < t.nhops; h++) {
        assert_int_equal(t.hops[h].round, h + 1); /* round 1, 2, ..., 5 */
        assert_int_equal(t.hops[h].ready, h + 1); /* nobody waits */
        assert_int_equal(t.hops[h].flags, 0);
        assert_true(h == 0 || t.hops[h].from == t.hops[h - 1].to); /* down the path */
    }
    assert_int_equal(t.hops[0].from, 0); /* the source */
    assert_int_equal(t.ndels, 5);        /* every node but the source, once */
    int64_t when[6], expected[6];
    tc_trace_expected(&t, tc_coll_plan(e.coll), expected);
    assert_int_equal(tc_trace_complete_rounds(&t, expected, when), 6);
    assert_int_equal(when[0], 0);
    int64_t rounds_seen[6] = {0};
    for (int v = 1; v < 6; v++) {
        assert_true(when[v] >= 1 && when[v] <= 5);
        rounds_seen[when[v]]++;
    }
    for (int r = 1; r <= 5; r++) {
        assert_int_equal(rounds_seen[r], 1);
    }
    double xy[12];
    tc_trace_circle_layout(6, xy);
    tc_trace_page_t pg = {.title = "bcast on S_3",
                          .subtitle = "all-port",
                          .net = e.net,
                          .plan = tc_coll_plan(e.coll),
                          .bound_label = "paper's bound",
                          .source = 0,
                          .res = &res,
                          .xy = xy};
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    assert_int_equal(tc_trace_write_html(fp, &t, &pg), TC_OK);
    assert_int_equal(fclose(fp), 0);
    assert_non_null(strstr(buf, "\"rounds\":5,"));
    assert_non_null(strstr(buf, "\"formulas\":[]")); /* no reference given */
    assert_non_null(strstr(buf, "\"trees\":[]"));    /* no trees given */
    assert_int_equal(array_numbers(buf, "\"hops\":["), 6 * 5);
    assert_int_equal(array_numbers(buf, "\"edges\":["), 3 * 6); /* the 6-cycle's links */
    /* the circle scaled into [0, 1000] on its longer side: node 0 at the right, half way down
     * the 1000 sqrt(3) / 2 = 866.0 of its height */
    assert_non_null(strstr(buf, "\"xy\":[1000.0,433.0,"));
    free(buf);
    tc_trace_destroy(&t);
    env_close(&e);
}

/* The hooks by hand: a crossing takes the ready round of the packet queued first on its link,
 * a crossing into a faulty node is a loss, an acknowledgement is control, and a crossing with
 * nothing queued makes the status TC_EINVAL. */
static void test_hooks_by_hand(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:3", TC_KIND_EDT, TC_COLL_BCAST, 1, 1);
    tc_faults_t f;
    assert_int_equal(tc_faults_init(&f, &e.topo), TC_OK);
    int32_t bad = e.topo.nbr[0 * e.topo.ports + 1]; /* node 0's neighbour through port 1 */
    tc_faults_add_node(&f, bad);
    tc_trace_t t;
    assert_int_equal(tc_trace_init(&t, &e.topo, &f), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_trace_attach(&t, &cfg);
    assert_ptr_equal(cfg.observe_ctx, &t);
    tc_packet_t data = {.tree = 1}, ack = {.tree = 0, .kind = 1};
    cfg.observe_enqueue(cfg.observe_ctx, 2, 0, 0, &data);
    cfg.observe_enqueue(cfg.observe_ctx, 3, 0, 0, &ack);
    cfg.observe_enqueue(cfg.observe_ctx, 1, 0, 1, &data);
    cfg.observe(cfg.observe_ctx, 4, 0, 0, &data);
    cfg.observe(cfg.observe_ctx, 5, 0, 0, &ack);
    cfg.observe(cfg.observe_ctx, 6, 0, 1, &data);
    cfg.observe_delivery(cfg.observe_ctx, 4, e.topo.nbr[0], 0);
    assert_int_equal(tc_trace_status(&t), TC_OK);
    assert_int_equal(t.nhops, 3);
    assert_int_equal(t.hops[0].ready, 2);
    assert_int_equal(t.hops[0].tree, 1);
    assert_int_equal(t.hops[0].to, e.topo.nbr[0]);
    assert_int_equal(t.hops[0].flags, 0);
    assert_int_equal(t.hops[1].ready, 3);
    assert_int_equal(t.hops[1].flags, TC_TRACE_CONTROL);
    assert_int_equal(t.hops[2].ready, 1);
    assert_int_equal(t.hops[2].port, 1);
    assert_int_equal(t.hops[2].flags, TC_TRACE_DROPPED);
    assert_int_equal(tc_trace_queue_rounds(&t), 2 + 2 + 5);
    assert_int_equal(t.ndels, 1);
    assert_int_equal(t.dels[0].node, e.topo.nbr[0]);
    cfg.observe(cfg.observe_ctx, 7, 0, 0, &data); /* nothing queued on the link any more */
    assert_int_equal(t.unmatched, 1);
    assert_int_equal(tc_trace_status(&t), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "without a packet queued"));
    tc_trace_destroy(&t);
    assert_null(t.hops);
    tc_trace_destroy(&t); /* harmless twice */
    tc_faults_destroy(&f);
    env_close(&e);
}

/* The circle: node v at angle 2 pi v / N on the unit circle. */
static void test_circle_layout(void **state)
{
    (void)state;
    double xy[8];
    tc_trace_circle_layout(4, xy);
    const double want[8] = {1, 0, 0, 1, -1, 0, 0, -1};
    for (int i = 0; i < 8; i++) {
        assert_true(xy[i] - want[i] < 1e-12 && want[i] - xy[i] < 1e-12);
    }
    tc_trace_circle_layout(0, NULL); /* nothing to place */
}

/* A stream that fails makes the page TC_EIO with a detail. */
static void test_page_write_fails(void **state)
{
    (void)state;
    FILE *fp = fopen("/dev/full", "w");
    if (fp == NULL) {
        skip();
    }
    env_t e;
    env_open(&e, "star:4", TC_KIND_EDT, TC_COLL_BCAST, 4, 1);
    tc_trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), NULL, &t, &res);
    double xy[48];
    tc_trace_circle_layout(24, xy);
    tc_trace_page_t pg = {.title = "t",
                          .subtitle = "s",
                          .net = e.net,
                          .trees = &e.trees,
                          .forest = e.forest,
                          .plan = tc_coll_plan(e.coll),
                          .bound_label = "lower bound",
                          .source = -1,
                          .res = &res,
                          .xy = xy};
    assert_int_equal(tc_trace_write_html(fp, &t, &pg), TC_EIO);
    assert_non_null(strstr(tc_err_detail(), "could not be written"));
    fclose(fp);
    tc_trace_destroy(&t);
    env_close(&e);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_every_crossing),
        cmocka_unit_test(test_waits_sum_to_queue_rounds),
        cmocka_unit_test(test_faults_losses_and_completion),
        cmocka_unit_test(test_all_sources_faulty_source),
        cmocka_unit_test(test_hooks_same_with_threads),
        cmocka_unit_test(test_delivery_hook_alone),
        cmocka_unit_test(test_page_holds_the_run),
        cmocka_unit_test(test_tiny_run_has_its_rounds),
        cmocka_unit_test(test_hooks_by_hand),
        cmocka_unit_test(test_circle_layout),
        cmocka_unit_test(test_page_write_fails),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
