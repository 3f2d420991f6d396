/* The synchronous round engine. Single-threaded and deterministic: the order in which links
 * transmit and arrivals are handled depends only on the plan's calls. */
#include "core/internal.h"
#include "treecast/sim.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    tc_packet_t p;
    int32_t next; /* next slot in the link queue or the free list, -1 */
    int64_t want; /* first round in which it could leave */
} slot_t;

typedef struct {
    int64_t round, seq;
    int64_t link;
    tc_packet_t p;
} timed_t;

typedef struct {
    int32_t node;
    int32_t port;
    tc_packet_t p;
} arrival_t;

struct tc_sim {
    const tc_topo_t *topo;
    tc_sim_config_t cfg;
    const tc_faults_t *faults;
    const tc_plan_t *plan;
    int64_t round;
    bool in_tick; /* sends made now may leave in this round */
    bool more;    /* the plan's tick will send again */
    int64_t links;
    /* packet pool */
    slot_t *pool;
    int64_t pool_cap;
    int32_t free_head;
    /* link queues */
    int32_t *head, *tail;
    uint32_t *qlen, *load;
    int64_t *active;
    int64_t *busy; /* scratch for transmit */
    int64_t nactive;
    uint8_t *is_active;
    /* timed sends: a binary heap on (round, seq) */
    timed_t *heap;
    int64_t nheap, heap_cap, seq;
    /* arrivals of this round, and free signals */
    arrival_t *arr;
    int64_t narr, arr_cap;
    arrival_t *sig, *sig_spare;
    int64_t nsig, sig_cap, sig_spare_cap;
    /* port limits and half duplex */
    uint32_t *sent_stamp, *recv_stamp;
    uint8_t *sent_count, *recv_count;
    uint32_t *pair_stamp;
    /* deliveries */
    uint64_t *bits;
    int64_t *got;
    int64_t *expect;
    int64_t complete;
    tc_sim_result_t *res;
    bool oom;
};

tc_sim_config_t tc_sim_defaults(void)
{
    tc_sim_config_t c = {0};
    c.ts = 1.0;
    c.tm = 0.0;
    c.B = 1;
    return c;
}

static bool grow(void **buf, int64_t *cap, size_t elem, int64_t need)
{
    if (need <= *cap) {
        return true;
    }
    int64_t n = *cap ? *cap : 1024;
    while (n < need) {
        n *= 2;
    }
    void *b = realloc(*buf, (size_t)n * elem);
    if (b == NULL) {
        return false;
    }
    *buf = b;
    *cap = n;
    return true;
}

static int32_t slot_new(tc_sim_t *s)
{
    if (s->free_head < 0) {
        int64_t old = s->pool_cap;
        if (old >= INT32_MAX / 2 ||
            !grow((void **)&s->pool, &s->pool_cap, sizeof *s->pool, old + 1)) {
            s->oom = true;
            return -1;
        }
        for (int64_t k = s->pool_cap - 1; k >= old; k--) {
            s->pool[k].next = s->free_head;
            s->free_head = (int32_t)k;
        }
    }
    int32_t k = s->free_head;
    s->free_head = s->pool[k].next;
    return k;
}

static bool node_faulty(const tc_sim_t *s, int64_t v)
{
    return s->faults != NULL && s->faults->node != NULL && s->faults->node[v];
}

static bool link_faulty(const tc_sim_t *s, int64_t link)
{
    return s->faults != NULL && s->faults->link != NULL && s->faults->link[link];
}

static void enqueue(tc_sim_t *s, int64_t link, const tc_packet_t *p, int64_t want)
{
    int64_t v = link / s->topo->ports;
    if (node_faulty(s, v)) { /* a faulty node sends nothing */
        s->res->dropped++;
        return;
    }
    int32_t k = slot_new(s);
    if (k < 0) {
        return;
    }
    s->pool[k].p = *p;
    s->pool[k].next = -1;
    s->pool[k].want = want;
    if (s->head[link] < 0) {
        s->head[link] = k;
    } else {
        s->pool[s->tail[link]].next = k;
    }
    s->tail[link] = k;
    s->qlen[link]++;
    if ((int64_t)s->qlen[link] > s->res->max_queue) {
        s->res->max_queue = s->qlen[link];
    }
    if (!s->is_active[link]) {
        s->is_active[link] = 1;
        s->active[s->nactive++] = link;
    }
}

void tc_sim_send(tc_sim_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    int64_t link = node * sim->topo->ports + port;
    if (sim->topo->nbr[link] < 0) {
        return; /* no such link: a plan error, ignored */
    }
    enqueue(sim, link, p, sim->in_tick ? sim->round : sim->round + 1);
}

static void heap_push(tc_sim_t *s, const timed_t *t)
{
    if (!grow((void **)&s->heap, &s->heap_cap, sizeof *s->heap, s->nheap + 1)) {
        s->oom = true;
        return;
    }
    int64_t i = s->nheap++;
    while (i > 0) {
        int64_t up = (i - 1) / 2;
        const timed_t *u = &s->heap[up];
        if (u->round < t->round || (u->round == t->round && u->seq < t->seq)) {
            break;
        }
        s->heap[i] = *u;
        i = up;
    }
    s->heap[i] = *t;
}

static void heap_pop(tc_sim_t *s, timed_t *out)
{
    *out = s->heap[0];
    timed_t last = s->heap[--s->nheap];
    int64_t i = 0;
    for (;;) {
        int64_t c = 2 * i + 1;
        if (c >= s->nheap) {
            break;
        }
        if (c + 1 < s->nheap &&
            (s->heap[c + 1].round < s->heap[c].round ||
             (s->heap[c + 1].round == s->heap[c].round && s->heap[c + 1].seq < s->heap[c].seq))) {
            c++;
        }
        if (last.round < s->heap[c].round ||
            (last.round == s->heap[c].round && last.seq < s->heap[c].seq)) {
            break;
        }
        s->heap[i] = s->heap[c];
        i = c;
    }
    if (s->nheap > 0) {
        s->heap[i] = last;
    }
}

void tc_sim_send_at(tc_sim_t *sim, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    int64_t link = node * sim->topo->ports + port;
    if (sim->topo->nbr[link] < 0) {
        return;
    }
    if (round <= sim->round) {
        round = sim->round + 1;
    }
    timed_t t = {round, sim->seq++, link, *p};
    heap_push(sim, &t);
}

void tc_sim_signal(tc_sim_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    const tc_topo_t *t = sim->topo;
    int64_t link = node * t->ports + port;
    int64_t u = t->nbr[link];
    if (u < 0) {
        return;
    }
    if (node_faulty(sim, node) || link_faulty(sim, link) || node_faulty(sim, u)) {
        sim->res->dropped++;
        return;
    }
    if (!grow((void **)&sim->sig, &sim->sig_cap, sizeof *sim->sig, sim->nsig + 1)) {
        sim->oom = true;
        return;
    }
    sim->res->free_signals++;
    sim->sig[sim->nsig++] = (arrival_t){(int32_t)u, t->rev ? t->rev[link] : port, *p};
}

void tc_sim_deliver(tc_sim_t *sim, int64_t node, int64_t key)
{
    const tc_plan_t *plan = sim->plan;
    if (key < 0 || key >= plan->keys || node_faulty(sim, node)) {
        return;
    }
    uint64_t bit = (uint64_t)node * (uint64_t)plan->keys + (uint64_t)key;
    uint64_t mask = 1ull << (bit & 63);
    if (sim->bits[bit >> 6] & mask) {
        sim->res->duplicates++;
        return;
    }
    sim->bits[bit >> 6] |= mask;
    sim->got[node]++;
    if (sim->got[node] == sim->expect[node]) {
        sim->complete++;
    }
}

int64_t tc_sim_round(const tc_sim_t *sim)
{
    return sim->round;
}

const tc_topo_t *tc_sim_topo(const tc_sim_t *sim)
{
    return sim->topo;
}

/* Whether the port model lets the head of `link` cross this round. */
static bool may_send(tc_sim_t *s, int64_t link, int64_t v, int64_t u)
{
    uint32_t stamp = (uint32_t)s->round;
    if (s->cfg.port_limit > 0) {
        if (s->sent_stamp[v] == stamp && s->sent_count[v] >= s->cfg.port_limit) {
            return false;
        }
        if (s->recv_stamp[u] == stamp && s->recv_count[u] >= s->cfg.port_limit) {
            return false;
        }
    }
    if (s->cfg.half_duplex) {
        const tc_topo_t *t = s->topo;
        int64_t back = u * t->ports + (t->rev ? t->rev[link] : link % t->ports);
        int64_t pair = link < back ? link : back;
        if (s->pair_stamp[pair] == stamp) {
            return false;
        }
        s->pair_stamp[pair] = stamp;
    }
    if (s->cfg.port_limit > 0) {
        if (s->sent_stamp[v] != stamp) {
            s->sent_stamp[v] = stamp;
            s->sent_count[v] = 0;
        }
        if (s->recv_stamp[u] != stamp) {
            s->recv_stamp[u] = stamp;
            s->recv_count[u] = 0;
        }
        s->sent_count[v]++;
        s->recv_count[u]++;
    }
    return true;
}

/* Links blocked by the port model keep their place at the front of the active list; links
 * that sent and still hold packets go behind them, so under port limits the longest-waiting
 * link is served first (no starvation). Without limits the order is irrelevant. */
static void transmit(tc_sim_t *s, bool *moved)
{
    const tc_topo_t *t = s->topo;
    int64_t keep = 0, nbusy = 0;
    int64_t *busy = s->busy;
    for (int64_t a = 0; a < s->nactive; a++) {
        int64_t link = s->active[a];
        int64_t v = link / t->ports;
        int64_t u = t->nbr[link];
        if (!may_send(s, link, v, u)) {
            s->active[keep++] = link;
            continue;
        }
        int32_t k = s->head[link];
        slot_t *slot = &s->pool[k];
        s->head[link] = slot->next;
        s->qlen[link]--;
        s->load[link]++;
        s->res->transmissions++;
        if (slot->p.kind != 0) {
            s->res->control++;
        }
        if (s->round > slot->want) {
            s->res->queued_packets++;
            s->res->queue_rounds += s->round - slot->want;
        }
        *moved = true;
        if (s->cfg.observe != NULL) {
            s->cfg.observe(s->cfg.observe_ctx, s->round, v, (int)(link % t->ports), &slot->p);
        }
        if (link_faulty(s, link) || node_faulty(s, u)) {
            s->res->dropped++;
        } else if (grow((void **)&s->arr, &s->arr_cap, sizeof *s->arr, s->narr + 1)) {
            s->arr[s->narr++] = (arrival_t){
                (int32_t)u, t->rev ? t->rev[link] : (int32_t)(link % t->ports), slot->p};
        } else {
            s->oom = true;
        }
        slot->next = s->free_head;
        s->free_head = k;
        if (s->head[link] >= 0) {
            busy[nbusy++] = link;
        } else {
            s->is_active[link] = 0;
        }
    }
    memcpy(s->active + keep, busy, (size_t)nbusy * sizeof *busy);
    s->nactive = keep + nbusy;
}

static void release_timed(tc_sim_t *s)
{
    while (s->nheap > 0 && s->heap[0].round <= s->round) {
        timed_t t;
        heap_pop(s, &t);
        enqueue(s, t.link, &t.p, s->round);
    }
}

static void handle(tc_sim_t *s, arrival_t *list, int64_t *count)
{
    /* Handlers may append to the signal list; arrivals are handled in order. */
    for (int64_t a = 0; a < *count; a++) {
        arrival_t in = list[a];
        s->plan->receive(s->plan->ctx, s, in.node, in.port, &in.p);
    }
    *count = 0;
}

static void handle_signals(tc_sim_t *s)
{
    /* Free signals may trigger more signals in the same round (acknowledgement chains): handle
     * them in batches, swapping the batch out so that handlers can append the next one. */
    while (s->nsig > 0 && !s->oom) {
        arrival_t *batch = s->sig;
        int64_t n = s->nsig, cap = s->sig_cap;
        s->sig = s->sig_spare;
        s->sig_cap = s->sig_spare_cap;
        s->nsig = 0;
        handle(s, batch, &n);
        s->sig_spare = batch;
        s->sig_spare_cap = cap;
    }
}

static void sim_free(tc_sim_t *s)
{
    free(s->pool);
    free(s->head);
    free(s->tail);
    free(s->qlen);
    free(s->load);
    free(s->active);
    free(s->busy);
    free(s->is_active);
    free(s->heap);
    free(s->arr);
    free(s->sig);
    free(s->sig_spare);
    free(s->sent_stamp);
    free(s->recv_stamp);
    free(s->sent_count);
    free(s->recv_count);
    free(s->pair_stamp);
    free(s->bits);
    free(s->got);
    free(s->expect);
    free(s);
}

tc_err_t tc_sim_run(const tc_topo_t *topo, const tc_sim_config_t *config, const tc_faults_t *faults,
                    const tc_plan_t *plan, tc_sim_result_t *result, uint8_t *complete)
{
    memset(result, 0, sizeof *result);
    result->complete_round = -1;
    if (topo->nodes <= 0 || topo->ports <= 0 || topo->nodes * topo->ports > INT32_MAX) {
        return tc__fail(TC_EINVAL, "The topology must have 1..2^31 links.");
    }
    tc_sim_t *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    int64_t N = topo->nodes;
    s->topo = topo;
    s->cfg = *config;
    if (s->cfg.max_rounds <= 0) {
        s->cfg.max_rounds = 100000000;
    }
    s->faults = faults;
    s->plan = plan;
    s->res = result;
    s->links = N * topo->ports;
    s->free_head = -1;
    uint64_t nbits = (uint64_t)N * (uint64_t)(plan->keys > 0 ? plan->keys : 1);
    s->head = tc__malloc_array((size_t)s->links, sizeof *s->head);
    s->tail = tc__malloc_array((size_t)s->links, sizeof *s->tail);
    s->qlen = tc__calloc_array((size_t)s->links, sizeof *s->qlen);
    s->load = tc__calloc_array((size_t)s->links, sizeof *s->load);
    s->active = tc__malloc_array((size_t)s->links, sizeof *s->active);
    s->busy = tc__malloc_array((size_t)s->links, sizeof *s->busy);
    s->is_active = tc__calloc_array((size_t)s->links, 1);
    s->bits = tc__calloc_array((size_t)((nbits + 63) / 64), sizeof *s->bits);
    s->got = tc__calloc_array((size_t)N, sizeof *s->got);
    s->expect = tc__malloc_array((size_t)N, sizeof *s->expect);
    if (config->port_limit > 0) {
        s->sent_stamp = tc__calloc_array((size_t)N, sizeof *s->sent_stamp);
        s->recv_stamp = tc__calloc_array((size_t)N, sizeof *s->recv_stamp);
        s->sent_count = tc__calloc_array((size_t)N, 1);
        s->recv_count = tc__calloc_array((size_t)N, 1);
    }
    if (config->half_duplex) {
        s->pair_stamp = tc__calloc_array((size_t)s->links, sizeof *s->pair_stamp);
    }
    if (s->head == NULL || s->tail == NULL || s->qlen == NULL || s->load == NULL ||
        s->active == NULL || s->busy == NULL || s->is_active == NULL || s->bits == NULL ||
        s->got == NULL || s->expect == NULL ||
        (config->port_limit > 0 && (s->sent_stamp == NULL || s->recv_stamp == NULL ||
                                    s->sent_count == NULL || s->recv_count == NULL)) ||
        (config->half_duplex && s->pair_stamp == NULL)) {
        sim_free(s);
        return tc__fail(TC_ENOMEM, "Out of memory for a simulation of %lld nodes.", (long long)N);
    }
    memset(s->head, -1, (size_t)s->links * sizeof *s->head);
    /* Keys that originate at faulty nodes are expected of nobody. */
    int64_t lost_keys = 0;
    if (plan->key_source != NULL && faults != NULL && faults->node != NULL) {
        for (int64_t k = 0; k < plan->keys; k++) {
            lost_keys += faults->node[plan->key_source(plan->ctx, k)] != 0;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        s->expect[v] = plan->expected ? plan->expected(plan->ctx, v) : 0;
        s->expect[v] = s->expect[v] > lost_keys ? s->expect[v] - lost_keys : 0;
        if (!node_faulty(s, v)) { /* nodes expecting nothing are complete from the start */
            result->nodes_nonfaulty++;
            result->keys_expected += s->expect[v];
            s->complete += s->expect[v] == 0;
        }
    }

    s->round = 0;
    s->more = plan->tick != NULL;
    plan->start(plan->ctx, s);
    handle_signals(s);
    if (s->complete == result->nodes_nonfaulty) {
        result->complete_round = 0;
    }
    while (!s->oom) {
        if (s->nactive == 0 && s->nheap == 0 && !s->more) {
            break;
        }
        if (s->round >= s->cfg.max_rounds) {
            result->stopped = true;
            break;
        }
        s->round++;
        if (s->nactive == 0 && !s->more && s->nheap > 0 && s->heap[0].round > s->round) {
            s->round = s->heap[0].round; /* idle rounds: nothing can happen before this one */
        }
        release_timed(s);
        if (plan->tick != NULL) {
            s->in_tick = true;
            s->more = plan->tick(plan->ctx, s, s->round);
            s->in_tick = false;
        }
        bool moved = false;
        transmit(s, &moved);
        if (moved) {
            result->rounds = s->round;
        }
        handle(s, s->arr, &s->narr);
        handle_signals(s);
        if (result->complete_round < 0 && s->complete == result->nodes_nonfaulty) {
            result->complete_round = s->round;
        }
        if (s->cfg.progress != NULL && (s->round & 4095) == 0) {
            s->cfg.progress(s->cfg.progress_ctx, s->round);
        }
    }
    if (s->oom) {
        sim_free(s);
        return tc__fail(TC_ENOMEM, "Out of memory during the simulation (round %lld).",
                        (long long)s->round);
    }
    for (int64_t l = 0; l < s->links; l++) {
        if ((int64_t)s->load[l] > result->max_link_load) {
            result->max_link_load = s->load[l];
        }
    }
    for (int64_t v = 0; v < N; v++) {
        bool done = !node_faulty(s, v) && s->got[v] >= s->expect[v];
        if (!node_faulty(s, v)) {
            result->keys_delivered += s->got[v] < s->expect[v] ? s->got[v] : s->expect[v];
            result->nodes_complete += done;
        }
        if (complete != NULL) {
            complete[v] = done;
        }
    }
    result->delivered_fraction =
        result->keys_expected > 0 ? (double)result->keys_delivered / (double)result->keys_expected
                                  : 1.0;
    result->time = (double)result->rounds * (config->ts + (double)config->B * config->tm);
    sim_free(s);
    return TC_OK;
}
