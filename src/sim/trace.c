/* Traces (include/treecast/trace.h): the recorder, the engine's three observer hooks keeping
 * every crossing, queueing and delivery of one run, what it recorded counted again, and the
 * circle layout of the page. The page itself is src/report/trace_html.c. */
#include "treecast/trace.h"
#include "core/internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool grow(void **buf, int64_t *cap, size_t elem, int64_t need)
{
    if (need <= *cap) {
        return true;
    }
    int64_t n = *cap > 0 ? *cap * 2 : 1024;
    while (n < need) {
        n *= 2;
    }
    void *p = realloc(*buf, (size_t)n * elem);
    if (p == NULL) {
        return false;
    }
    *buf = p;
    *cap = n;
    return true;
}

tc_err_t tc_trace_init(tc_trace_t *t, const tc_topo_t *topo, const tc_faults_t *faults)
{
    memset(t, 0, sizeof *t);
    t->topo = topo;
    size_t N = (size_t)topo->nodes, links = N * (size_t)topo->ports;
    t->faulty_node = calloc(N, 1);
    t->faulty_link = calloc(links, 1);
    t->qhead = malloc(links * sizeof *t->qhead);
    t->qtail = malloc(links * sizeof *t->qtail);
    if (t->faulty_node == NULL || t->faulty_link == NULL || t->qhead == NULL || t->qtail == NULL) {
        tc_trace_destroy(t);
        return tc__fail(TC_ENOMEM, "no memory for a trace of %lld nodes", (long long)N);
    }
    for (size_t l = 0; l < links; l++) {
        t->qhead[l] = t->qtail[l] = -1;
    }
    if (faults != NULL && faults->node != NULL) {
        memcpy(t->faulty_node, faults->node, N);
    }
    if (faults != NULL && faults->link != NULL) {
        memcpy(t->faulty_link, faults->link, links);
    }
    return TC_OK;
}

void tc_trace_destroy(tc_trace_t *t)
{
    free(t->faulty_node);
    free(t->faulty_link);
    free(t->hops);
    free(t->dels);
    free(t->qready);
    free(t->qnext);
    free(t->qhead);
    free(t->qtail);
    memset(t, 0, sizeof *t);
}

static bool recording(tc_trace_t *t)
{
    if (t->nhops >= TC_TRACE_MAX_HOPS || t->nq >= 2 * (int64_t)TC_TRACE_MAX_HOPS) {
        t->too_many = true;
    }
    return !t->oom && !t->too_many;
}

static void on_enqueue(void *ctx, int64_t ready, int64_t node, int port, const tc_packet_t *p)
{
    (void)p;
    tc_trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (t->nq == t->q_cap) { /* qready and qnext grow together */
        int64_t cap = t->q_cap > 0 ? t->q_cap * 2 : 1024;
        int64_t *ready_p = realloc(t->qready, (size_t)cap * sizeof *t->qready);
        if (ready_p != NULL) {
            t->qready = ready_p;
        }
        int32_t *next_p =
            ready_p != NULL ? realloc(t->qnext, (size_t)cap * sizeof *t->qnext) : NULL;
        if (next_p == NULL) {
            t->oom = true;
            return;
        }
        t->qnext = next_p;
        t->q_cap = cap;
    }
    int32_t k = (int32_t)t->nq++;
    int64_t link = node * t->topo->ports + port;
    t->qready[k] = ready;
    t->qnext[k] = -1;
    if (t->qhead[link] < 0) {
        t->qhead[link] = k;
    } else {
        t->qnext[t->qtail[link]] = k;
    }
    t->qtail[link] = k;
}

static void on_cross(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    tc_trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (!grow((void **)&t->hops, &t->hops_cap, sizeof *t->hops, t->nhops + 1)) {
        t->oom = true;
        return;
    }
    int64_t link = node * t->topo->ports + port;
    int32_t to = t->topo->nbr[link];
    int64_t ready = round;
    int32_t k = t->qhead[link];
    if (k < 0) {
        t->unmatched++;
    } else {
        ready = t->qready[k];
        t->qhead[link] = t->qnext[k];
    }
    bool lost = t->faulty_link[link] || (to >= 0 && t->faulty_node[to]);
    uint8_t flags =
        (uint8_t)((lost ? TC_TRACE_DROPPED : 0) | (p->kind != 0 ? TC_TRACE_CONTROL : 0));
    t->hops[t->nhops++] = (tc_trace_hop_t){.round = round,
                                           .ready = ready,
                                           .from = (int32_t)node,
                                           .to = to,
                                           .tree = p->tree,
                                           .port = (uint8_t)port,
                                           .flags = flags};
}

static void on_delivery(void *ctx, int64_t round, int64_t node, int64_t key)
{
    tc_trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (!grow((void **)&t->dels, &t->dels_cap, sizeof *t->dels, t->ndels + 1)) {
        t->oom = true;
        return;
    }
    t->dels[t->ndels++] = (tc_trace_delivery_t){.round = round, .node = (int32_t)node, .key = key};
}

void tc_trace_attach(tc_trace_t *t, tc_sim_config_t *cfg)
{
    cfg->observe = on_cross;
    cfg->observe_enqueue = on_enqueue;
    cfg->observe_delivery = on_delivery;
    cfg->observe_ctx = t;
}

tc_err_t tc_trace_status(const tc_trace_t *t)
{
    if (t->oom) {
        return tc__fail(TC_ENOMEM, "out of memory recording the trace");
    }
    if (t->too_many) {
        return tc__fail(TC_ETOOBIG, "a trace holds at most %d link crossings", TC_TRACE_MAX_HOPS);
    }
    if (t->unmatched) {
        return tc__fail(TC_EINVAL, "%lld crossings of a link without a packet queued on it",
                        (long long)t->unmatched);
    }
    return TC_OK;
}

void tc_trace_expected(const tc_trace_t *t, const tc_plan_t *plan, int64_t *expected)
{
    int64_t N = t->topo->nodes, lost = 0;
    if (plan->key_source != NULL) {
        for (int64_t k = 0; k < plan->keys; k++) {
            lost += t->faulty_node[plan->key_source(plan->ctx, k)] != 0;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        int64_t e = plan->expected != NULL ? plan->expected(plan->ctx, v) : 0;
        expected[v] = e > lost ? e - lost : 0;
    }
}

int64_t tc_trace_complete_rounds(const tc_trace_t *t, const int64_t *expected, int64_t *when)
{
    int64_t N = t->topo->nodes, complete = 0;
    int64_t *got = calloc((size_t)N, sizeof *got);
    for (int64_t v = 0; v < N; v++) {
        when[v] = t->faulty_node[v] ? -1 : expected[v] == 0 ? 0 : -1;
    }
    for (int64_t d = 0; got != NULL && d < t->ndels; d++) {
        int32_t v = t->dels[d].node;
        if (++got[v] == expected[v] && !t->faulty_node[v]) {
            when[v] = t->dels[d].round;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        complete += when[v] >= 0;
    }
    free(got);
    return complete;
}

int64_t tc_trace_queue_rounds(const tc_trace_t *t)
{
    int64_t sum = 0;
    for (int64_t h = 0; h < t->nhops; h++) {
        sum += t->hops[h].round - t->hops[h].ready;
    }
    return sum;
}

void tc_trace_circle_layout(int64_t N, double *xy)
{
    for (int64_t v = 0; v < N; v++) {
        double a = 2.0 * 3.14159265358979323846 * (double)v / (double)(N > 0 ? N : 1);
        xy[2 * v] = cos(a);
        xy[2 * v + 1] = sin(a);
    }
}
