/* Unit tests of `treecast sim --trace` (tools/treecast/trace_html.c, linked from the
 * treecast_trace library) and of the engine's observer hooks it rests on (include/treecast/sim.h:
 * observe, observe_enqueue, observe_delivery).
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
#include "trace_html.h"
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
static void traced_run(env_t *e, tc_sim_config_t cfg, const tc_faults_t *faults, trace_t *t,
                       tc_sim_result_t *res)
{
    assert_int_equal(trace_init(t, &e->topo, faults), TC_OK);
    trace_attach(t, &cfg);
    assert_int_equal(tc_sim_run(&e->topo, &cfg, faults, tc_coll_plan(e->coll), res, NULL), TC_OK);
    assert_int_equal(trace_status(t), TC_OK);
    assert_int_equal(t->unmatched, 0);
}

/* What every recorded run must agree on with the engine. */
static void agree(env_t *e, const trace_t *t, const tc_sim_result_t *res)
{
    int64_t N = e->topo.nodes;
    assert_int_equal(t->nhops, res->transmissions);
    assert_int_equal(trace_queue_rounds(t), res->queue_rounds);
    int64_t lost = 0, last = 0;
    for (int64_t h = 0; h < t->nhops; h++) {
        const trace_hop_t *x = &t->hops[h];
        assert_true(x->ready <= x->round);
        assert_true(x->round >= 1 && x->round <= res->rounds);
        assert_true(x->round >= last); /* recorded in order */
        last = x->round;
        assert_int_equal(e->topo.nbr[x->from * e->topo.ports + x->port], x->to);
        lost += (x->flags & TRACE_DROPPED) != 0;
    }
    assert_true(lost <= res->dropped); /* the rest never left a faulty node */
    assert_int_equal(t->ndels, res->keys_delivered);
    int64_t *expected = malloc((size_t)N * sizeof *expected);
    int64_t *when = malloc((size_t)N * sizeof *when);
    assert_non_null(expected);
    assert_non_null(when);
    trace_expected(t, tc_coll_plan(e->coll), expected);
    assert_int_equal(trace_complete_rounds(t, expected, when), res->nodes_complete);
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
    trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), NULL, &t, &res);
    agree(&e, &t, &res);
    assert_int_equal(res.transmissions, 92); /* 4 messages to 23 nodes */
    assert_int_equal(res.rounds, 8);
    assert_int_equal(t.ndels, 92);
    trace_destroy(&t);
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
    trace_t t;
    tc_sim_result_t res;
    traced_run(&e, cfg, NULL, &t, &res);
    assert_true(res.queue_rounds > 0);
    agree(&e, &t, &res);
    int64_t waited = 0;
    for (int64_t h = 0; h < t.nhops; h++) {
        waited += t.hops[h].round > t.hops[h].ready;
    }
    assert_int_equal(waited, res.queued_packets);
    trace_destroy(&t);
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
    trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), &f, &t, &res);
    agree(&e, &t, &res);
    int64_t lost = 0;
    for (int64_t h = 0; h < t.nhops; h++) {
        lost += (t.hops[h].flags & TRACE_DROPPED) != 0;
    }
    assert_true(res.dropped > 0);
    assert_int_equal(lost, res.dropped);
    assert_true(res.nodes_complete < res.nodes_nonfaulty);
    trace_destroy(&t);
    tc_faults_destroy(&f);
    env_close(&e);
}

/* Every node a source, one of them faulty: its keys are expected of nobody (the engine's rule,
 * which trace_expected repeats). */
static void test_all_sources_faulty_source(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, "star:4", TC_KIND_EDT, TC_COLL_MULTINODE, 1, 3);
    tc_faults_t f;
    assert_int_equal(tc_faults_init(&f, &e.topo), TC_OK);
    tc_faults_add_node(&f, 5);
    trace_t t;
    tc_sim_result_t res;
    traced_run(&e, tc_sim_defaults(), &f, &t, &res);
    agree(&e, &t, &res);
    int64_t *expected = malloc((size_t)e.topo.nodes * sizeof *expected);
    assert_non_null(expected);
    trace_expected(&t, tc_coll_plan(e.coll), expected);
    assert_int_equal(expected[0], 22); /* 24 sources less itself less the faulty one */
    free(expected);
    trace_destroy(&t);
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
    trace_t one, two;
    tc_sim_result_t r1, r2;
    traced_run(&e, cfg, NULL, &one, &r1);
    cfg.threads = 2;
    traced_run(&e, cfg, NULL, &two, &r2);
    assert_int_equal(one.nhops, two.nhops);
    assert_int_equal(one.ndels, two.ndels);
    assert_memory_equal(one.hops, two.hops, (size_t)one.nhops * sizeof *one.hops);
    assert_int_equal(r1.rounds, r2.rounds);
    agree(&e, &two, &r2);
    trace_destroy(&one);
    trace_destroy(&two);
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
    trace_t t;
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
    if (saved != NULL) {
        setenv("PATH", saved, 1);
        free(saved);
    }
    tc_sched_ref_t ref = {.claim = 6};
    snprintf(ref.claim_formula, sizeof ref.claim_formula, "M + n </script>");
    snprintf(ref.claim_source, sizeof ref.claim_source, "004 Sec. 5.3");
    trace_page_t pg = {.title = "ist-bcast on Q_4",
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
    assert_int_equal(trace_write_html(fp, &t, &pg), TC_OK);
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
    trace_destroy(&t);
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
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
