/* The synchronous round engine.
 *
 * One run is executed by T threads that own contiguous ranges of nodes, with the out-links of
 * their nodes, their packets and their timers. A round is: release timers, tick, transmit the
 * head of every active owned link (arrivals go to the mailbox of the thread owning the
 * receiving node), barrier, handle the arrivals of owned nodes, then passes of free signals
 * until none is left. Plans only touch the node they are called for, so handlers need no
 * locks; delivery bits are set with atomic OR.
 *
 * The order in which one node handles several arrivals of one round can differ between T = 1
 * and T > 1. It changes nothing unless two packets meet in one link queue; so a parallel run
 * that saw a queue of two or more is run again on one thread, and every result equals the
 * single-threaded one. With T = 1 the order is the transmit order, which depends only on the
 * plan's calls. Port limits, half duplex and observers (all three hooks) run on one thread.
 */
#include "core/internal.h"
#include "treecast/sim.h"

#include <assert.h>
#include <pthread.h>
#include <sched.h>
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

typedef struct {
    arrival_t *a;
    int64_t n, cap;
} mailbox_t;

typedef struct {
    const tc_topo_t *topo;
    tc_sim_config_t cfg;
    const tc_faults_t *faults;
    const tc_plan_t *plan;
    int T;
    int64_t links;
    int64_t lo[TC_MAX_THREADS + 1]; /* node ranges: thread t owns [lo[t], lo[t+1]) */
    /* per link (each written by its owner only) */
    int32_t *head, *tail;
    uint32_t *qlen, *load;
    uint8_t *is_active;
    /* per node */
    uint64_t *bits; /* delivery keys, set with atomic OR */
    int64_t *got, *expect;
    int64_t nonfaulty;
    /* port limits and half duplex (one thread) */
    uint32_t *sent_stamp, *recv_stamp;
    uint8_t *sent_count, *recv_count;
    uint32_t *pair_stamp;
    /* mailboxes [src * T + dst]: arrivals, and signals by pass parity */
    mailbox_t *arr_box;
    mailbox_t *sig_box[2];
    /* votes, one per thread, read after a barrier: [0] whether to go on, [1] signals left */
    uint8_t vote[2][TC_MAX_THREADS];
    uint8_t fail[2][TC_MAX_THREADS]; /* per ballot, like the votes */
    int64_t complete_part[TC_MAX_THREADS];
    /* the largest packet each thread moved this round (0: none), summed by thread 0 */
    int64_t round_max[TC_MAX_THREADS];
    int64_t elements, moved_rounds;
    int64_t complete_round;
    bool stopped;
    /* a spinning barrier: rounds are short and a sleeping barrier costs a millisecond on a
     * virtual machine; the engine runs at most one thread per core */
    int bar_count;
    int bar_gen;
    /* start gate: workers wait until every thread exists (1) or the run is called off (-1) */
    pthread_mutex_t gate_lock;
    pthread_cond_t gate_cond;
    int gate;
} shared_t;

/* One thread's share of a run; it is the executor the plan's callbacks see. */
typedef struct tc_sim tc_sim_t;

struct tc_sim {
    tc_exec_t exec; /* first: the plan's tc_exec_t * is this thread's tc_sim_t * */
    shared_t *sh;
    int tid;
    int64_t lo, hi;
    int64_t round;
    bool in_tick; /* sends made now may leave in this round */
    bool more;    /* the plan's tick will send again */
    int parity;   /* signal mailboxes being written */
    /* packet pool */
    slot_t *pool;
    int64_t pool_cap;
    int32_t free_head;
    /* active owned links */
    int64_t *active, *busy;
    int64_t nactive;
    /* timed sends: a binary heap on (round, seq) */
    timed_t *heap;
    int64_t nheap, heap_cap, seq;
    int64_t complete;
    tc_sim_result_t res; /* this thread's counts */
    bool oom;
};

tc_sim_config_t tc_sim_defaults(void)
{
    tc_sim_config_t c = {0};
    c.ts = 1.0;
    c.tm = 0.0;
    c.B = 1;
    c.threads = 1;
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

static void sync_all(shared_t *sh)
{
    if (sh->T <= 1) {
        return;
    }
    int gen = __atomic_load_n(&sh->bar_gen, __ATOMIC_ACQUIRE);
    if (__atomic_add_fetch(&sh->bar_count, 1, __ATOMIC_ACQ_REL) == sh->T) {
        __atomic_store_n(&sh->bar_count, 0, __ATOMIC_RELAXED);
        __atomic_add_fetch(&sh->bar_gen, 1, __ATOMIC_RELEASE);
        return;
    }
    /* Spin while the other threads are about to arrive (rounds are short); when they do not,
     * they are not running (the machine has other work), so give the core away instead of
     * spinning through their time slice: an oversubscribed run then costs yields, not seconds
     * per round. */
    for (unsigned spins = 0; __atomic_load_n(&sh->bar_gen, __ATOMIC_ACQUIRE) == gen; spins++) {
        if (spins < 4096) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        } else {
            sched_yield();
        }
    }
}

static int owner(const shared_t *sh, int64_t node)
{
    if (sh->T == 1) {
        return 0;
    }
    int t = 0;
    while (node >= sh->lo[t + 1]) {
        t++;
    }
    return t;
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

static bool node_faulty(const shared_t *sh, int64_t v)
{
    return sh->faults != NULL && sh->faults->node != NULL && sh->faults->node[v];
}

static bool link_faulty(const shared_t *sh, int64_t link)
{
    return sh->faults != NULL && sh->faults->link != NULL && sh->faults->link[link];
}

static void enqueue(tc_sim_t *s, int64_t link, const tc_packet_t *p, int64_t want)
{
    shared_t *sh = s->sh;
    int64_t v = link / sh->topo->ports;
    if (node_faulty(sh, v)) { /* a faulty node sends nothing */
        s->res.dropped++;
        return;
    }
    int32_t k = slot_new(s);
    if (k < 0) {
        return;
    }
    s->pool[k].p = *p;
    s->pool[k].next = -1;
    s->pool[k].want = want;
    if (sh->head[link] < 0) {
        sh->head[link] = k;
    } else {
        s->pool[sh->tail[link]].next = k;
    }
    sh->tail[link] = k;
    sh->qlen[link]++;
    if (sh->cfg.observe_enqueue != NULL) {
        sh->cfg.observe_enqueue(sh->cfg.observe_ctx, want, v, (int)(link % sh->topo->ports), p);
    }
    if ((int64_t)sh->qlen[link] > s->res.max_queue) {
        s->res.max_queue = sh->qlen[link];
    }
    if (!sh->is_active[link]) {
        sh->is_active[link] = 1;
        s->active[s->nactive++] = link;
    }
}

/* Sends from a node another thread owns are that thread's (plans' start and tick run on every
 * thread and may loop over all nodes). */
static bool owns(const tc_sim_t *s, int64_t node)
{
    return node >= s->lo && node < s->hi;
}

static inline tc_sim_t *sim_of(tc_exec_t *ex)
{
    return (tc_sim_t *)ex;
}

static void sim_send(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    tc_sim_t *sim = sim_of(ex);
    int64_t link = node * sim->sh->topo->ports + port;
    if (!owns(sim, node) || sim->sh->topo->nbr[link] < 0) {
        return;
    }
    enqueue(sim, link, p, sim->in_tick ? sim->round : sim->round + 1);
}

static bool heap_less(const timed_t *a, const timed_t *b)
{
    return a->round < b->round || (a->round == b->round && a->seq < b->seq);
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
        if (!heap_less(t, &s->heap[up])) {
            break;
        }
        s->heap[i] = s->heap[up];
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
        if (c + 1 < s->nheap && heap_less(&s->heap[c + 1], &s->heap[c])) {
            c++;
        }
        if (heap_less(&last, &s->heap[c])) {
            break;
        }
        s->heap[i] = s->heap[c];
        i = c;
    }
    if (s->nheap > 0) {
        s->heap[i] = last;
    }
}

static void sim_send_at(tc_exec_t *ex, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    tc_sim_t *sim = sim_of(ex);
    int64_t link = node * sim->sh->topo->ports + port;
    if (!owns(sim, node) || sim->sh->topo->nbr[link] < 0) {
        return;
    }
    if (round <= sim->round) {
        round = sim->round + 1;
    }
    timed_t t = {round, sim->seq++, link, *p};
    heap_push(sim, &t);
}

static void sim_signal(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    tc_sim_t *sim = sim_of(ex);
    shared_t *sh = sim->sh;
    const tc_topo_t *t = sh->topo;
    int64_t link = node * t->ports + port;
    int64_t u = t->nbr[link];
    if (!owns(sim, node) || u < 0) {
        return;
    }
    if (node_faulty(sh, node) || link_faulty(sh, link) || node_faulty(sh, u)) {
        sim->res.dropped++;
        return;
    }
    mailbox_t *box = &sh->sig_box[sim->parity][sim->tid * sh->T + owner(sh, u)];
    if (!grow((void **)&box->a, &box->cap, sizeof *box->a, box->n + 1)) {
        sim->oom = true;
        return;
    }
    sim->res.free_signals++;
    box->a[box->n++] = (arrival_t){(int32_t)u, t->rev ? t->rev[link] : port, *p};
}

static void sim_deliver(tc_exec_t *ex, int64_t node, int64_t key)
{
    tc_sim_t *sim = sim_of(ex);
    shared_t *sh = sim->sh;
    const tc_plan_t *plan = sh->plan;
    if (key < 0 || key >= plan->keys || node_faulty(sh, node) || !owns(sim, node)) {
        return;
    }
    uint64_t bit = (uint64_t)node * (uint64_t)plan->keys + (uint64_t)key;
    uint64_t mask = 1ull << (bit & 63);
    uint64_t *word = &sh->bits[bit >> 6];
    uint64_t old;
    if (sh->T == 1) {
        old = *word;
        *word = old | mask;
    } else { /* a word can hold the bits of nodes of two threads */
        old = __atomic_fetch_or(word, mask, __ATOMIC_RELAXED);
    }
    if (old & mask) {
        sim->res.duplicates++;
        return;
    }
    sh->got[node]++;
    if (sim->round > sim->res.last_delivery) {
        sim->res.last_delivery = sim->round;
    }
    if (sh->cfg.observe_delivery != NULL) {
        sh->cfg.observe_delivery(sh->cfg.observe_ctx, sim->round, node, key);
    }
    if (sh->got[node] == sh->expect[node]) {
        sim->complete++;
    }
}

static int64_t sim_round(const tc_exec_t *ex)
{
    return ((const tc_sim_t *)ex)->round;
}

static const tc_topo_t *sim_topo(const tc_exec_t *ex)
{
    return ((const tc_sim_t *)ex)->sh->topo;
}

/* The round engine as an executor of plans. */
static const tc_exec_ops_t SIM_EXEC = {
    .send = sim_send,
    .send_at = sim_send_at,
    .signal = sim_signal,
    .deliver = sim_deliver,
    .round = sim_round,
    .topo = sim_topo,
};

/* Whether the port model lets the head of `link` cross this round (one thread only). */
static bool may_send(tc_sim_t *s, int64_t link, int64_t v, int64_t u)
{
    shared_t *sh = s->sh;
    uint32_t stamp = (uint32_t)s->round;
    if (sh->cfg.port_limit > 0) {
        if (sh->sent_stamp[v] == stamp && sh->sent_count[v] >= sh->cfg.port_limit) {
            return false;
        }
        if (sh->recv_stamp[u] == stamp && sh->recv_count[u] >= sh->cfg.port_limit) {
            return false;
        }
    }
    if (sh->cfg.half_duplex) {
        const tc_topo_t *t = sh->topo;
        int64_t back = u * t->ports + (t->rev ? t->rev[link] : link % t->ports);
        int64_t pair = link < back ? link : back;
        if (sh->pair_stamp[pair] == stamp) {
            return false;
        }
        sh->pair_stamp[pair] = stamp;
    }
    if (sh->cfg.port_limit > 0) {
        if (sh->sent_stamp[v] != stamp) {
            sh->sent_stamp[v] = stamp;
            sh->sent_count[v] = 0;
        }
        if (sh->recv_stamp[u] != stamp) {
            sh->recv_stamp[u] = stamp;
            sh->recv_count[u] = 0;
        }
        sh->sent_count[v]++;
        sh->recv_count[u]++;
    }
    return true;
}

/* Links blocked by the port model keep their place at the front of the active list; links
 * that sent and still hold packets go behind them, so under port limits the longest-waiting
 * link is served first (no starvation). Without limits the order is irrelevant. */
static void transmit(tc_sim_t *s, bool *moved)
{
    shared_t *sh = s->sh;
    const tc_topo_t *t = sh->topo;
    bool limited = sh->cfg.port_limit > 0 || sh->cfg.half_duplex;
    int64_t keep = 0, nbusy = 0;
    for (int64_t a = 0; a < s->nactive; a++) {
        int64_t link = s->active[a];
        int64_t v = link / t->ports;
        int64_t u = t->nbr[link];
        if (limited && !may_send(s, link, v, u)) {
            s->active[keep++] = link;
            continue;
        }
        int32_t k = sh->head[link];
        slot_t *slot = &s->pool[k];
        sh->head[link] = slot->next;
        sh->qlen[link]--;
        sh->load[link]++;
        s->res.transmissions++;
        int64_t size = slot->p.size > 0 ? slot->p.size : sh->cfg.B;
        if (size > sh->round_max[s->tid]) {
            sh->round_max[s->tid] = size;
        }
        if (slot->p.kind != 0) {
            s->res.control++;
        }
        if (s->round > slot->want) {
            s->res.queued_packets++;
            s->res.queue_rounds += s->round - slot->want;
        }
        *moved = true;
        if (sh->cfg.observe != NULL) {
            sh->cfg.observe(sh->cfg.observe_ctx, s->round, v, (int)(link % t->ports), &slot->p);
        }
        if (link_faulty(sh, link) || node_faulty(sh, u)) {
            s->res.dropped++;
        } else {
            mailbox_t *box = &sh->arr_box[s->tid * sh->T + owner(sh, u)];
            if (grow((void **)&box->a, &box->cap, sizeof *box->a, box->n + 1)) {
                box->a[box->n++] = (arrival_t){
                    (int32_t)u, t->rev ? t->rev[link] : (int32_t)(link % t->ports), slot->p};
            } else {
                s->oom = true;
            }
        }
        slot->next = s->free_head;
        s->free_head = k;
        if (sh->head[link] >= 0) {
            s->busy[nbusy++] = link;
        } else {
            sh->is_active[link] = 0;
        }
    }
    memcpy(s->active + keep, s->busy, (size_t)nbusy * sizeof *s->busy);
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

/* Handle what the threads left in this thread's column of mailboxes, in thread order. */
static void handle_column(tc_sim_t *s, mailbox_t *boxes)
{
    shared_t *sh = s->sh;
    for (int src = 0; src < sh->T; src++) {
        mailbox_t *box = &boxes[src * sh->T + s->tid];
        for (int64_t a = 0; a < box->n; a++) {
            arrival_t in = box->a[a];
            sh->plan->receive(sh->plan->ctx, &s->exec, in.node, in.port, &in.p);
        }
        box->n = 0;
    }
}

/* Every thread votes in ballot `which`; returns whether any voted true. Between two votes in
 * one ballot there is always another barrier, so no vote is overwritten before it is read
 * (the two ballots alternate without one). */
static bool vote_any(tc_sim_t *s, int which, bool mine, bool *failed)
{
    shared_t *sh = s->sh;
    sh->vote[which][s->tid] = mine;
    sh->fail[which][s->tid] = s->oom;
    sync_all(sh);
    bool any = false;
    *failed = false;
    for (int t = 0; t < sh->T; t++) {
        any = any || sh->vote[which][t];
        *failed = *failed || sh->fail[which][t];
    }
    return any || *failed;
}

/* Passes of free signals until none is left anywhere (acknowledgement chains). */
static void handle_signals(tc_sim_t *s)
{
    shared_t *sh = s->sh;
    for (;;) {
        sync_all(sh); /* every signal of the previous pass has been posted */
        int p = s->parity;
        int64_t mine = 0;
        for (int src = 0; src < sh->T; src++) {
            mine += sh->sig_box[p][src * sh->T + s->tid].n;
        }
        bool failed;
        if (!vote_any(s, 1, mine > 0, &failed) || failed) {
            return;
        }
        s->parity = p ^ 1; /* handlers post into the other set */
        handle_column(s, sh->sig_box[p]);
    }
}

static void run_thread(tc_sim_t *s)
{
    shared_t *sh = s->sh;
    const tc_plan_t *plan = sh->plan;
    s->round = 0;
    s->more = plan->tick != NULL;
    plan->start(plan->ctx, &s->exec);
    handle_signals(s);
    for (;;) {
        sh->complete_part[s->tid] = s->complete;
        bool failed;
        bool go = vote_any(s, 0, s->nactive > 0 || s->nheap > 0 || s->more, &failed);
        if (s->tid == 0 && sh->complete_round < 0) {
            int64_t all = 0;
            for (int t = 0; t < sh->T; t++) {
                all += sh->complete_part[t];
            }
            if (all == sh->nonfaulty) {
                sh->complete_round = s->round;
            }
        }
        if (!go || failed) {
            break;
        }
        if (s->round >= sh->cfg.max_rounds) {
            if (s->tid == 0) {
                sh->stopped = true; /* every thread stops here; one records it */
            }
            break;
        }
        s->round++;
        if (sh->T == 1 && s->nactive == 0 && !s->more && s->nheap > 0 &&
            s->heap[0].round > s->round) {
            s->round = s->heap[0].round; /* idle rounds: nothing can happen before this one */
        }
        release_timed(s);
        if (plan->tick != NULL) {
            s->in_tick = true;
            s->more = plan->tick(plan->ctx, &s->exec, s->round);
            s->in_tick = false;
        }
        bool moved = false;
        transmit(s, &moved);
        if (moved) {
            s->res.rounds = s->round;
        }
        sync_all(sh); /* every arrival has been posted, every round_max written */
        if (s->tid == 0) {
            int64_t most = 0;
            for (int t = 0; t < sh->T; t++) {
                most = sh->round_max[t] > most ? sh->round_max[t] : most;
                sh->round_max[t] = 0; /* no thread writes it again before the next vote */
            }
            if (most > 0) {
                sh->elements += most;
                sh->moved_rounds++;
            }
        }
        handle_column(s, sh->arr_box);
        handle_signals(s);
        if (s->tid == 0 && sh->cfg.progress != NULL && (s->round & 4095) == 0) {
            sh->cfg.progress(sh->cfg.progress_ctx, s->round);
        }
    }
}

static void *thread_main(void *arg)
{
    tc_sim_t *s = arg;
    shared_t *sh = s->sh;
    pthread_mutex_lock(&sh->gate_lock);
    while (sh->gate == 0) {
        pthread_cond_wait(&sh->gate_cond, &sh->gate_lock);
    }
    int gate = sh->gate;
    pthread_mutex_unlock(&sh->gate_lock);
    if (gate > 0) {
        run_thread(s);
    }
    return NULL;
}

static void open_gate(shared_t *sh, int value)
{
    pthread_mutex_lock(&sh->gate_lock);
    sh->gate = value;
    pthread_cond_broadcast(&sh->gate_cond);
    pthread_mutex_unlock(&sh->gate_lock);
}

static void shared_free(shared_t *sh, tc_sim_t *ctx)
{
    for (int t = 0; ctx != NULL && t < sh->T; t++) {
        free(ctx[t].pool);
        free(ctx[t].active);
        free(ctx[t].busy);
        free(ctx[t].heap);
    }
    for (int b = 0; b < sh->T * sh->T; b++) {
        if (sh->arr_box != NULL) {
            free(sh->arr_box[b].a);
        }
        for (int p = 0; p < 2; p++) {
            if (sh->sig_box[p] != NULL) {
                free(sh->sig_box[p][b].a);
            }
        }
    }
    free(sh->arr_box);
    free(sh->sig_box[0]);
    free(sh->sig_box[1]);
    free(sh->head);
    free(sh->tail);
    free(sh->qlen);
    free(sh->load);
    free(sh->is_active);
    free(sh->bits);
    free(sh->got);
    free(sh->expect);
    free(sh->sent_stamp);
    free(sh->recv_stamp);
    free(sh->sent_count);
    free(sh->recv_count);
    free(sh->pair_stamp);
}

/* One run on T threads; *contention tells whether a link queue ever held two packets. */
static tc_err_t run(const tc_topo_t *topo, const tc_sim_config_t *config, const tc_faults_t *faults,
                    const tc_plan_t *plan, int T, tc_sim_result_t *result, uint8_t *complete,
                    bool *contention)
{
    memset(result, 0, sizeof *result);
    result->complete_round = -1;
    int64_t N = topo->nodes;
    shared_t sh = {.topo = topo, .cfg = *config, .faults = faults, .plan = plan, .T = T};
    if (sh.cfg.max_rounds <= 0) {
        sh.cfg.max_rounds = 100000000;
    }
    sh.links = N * topo->ports;
    sh.complete_round = -1;
    for (int t = 0; t <= T; t++) {
        int64_t lo, hi;
        tc__split_range(N, t < T ? t : T - 1, T, &lo, &hi);
        sh.lo[t] = t < T ? lo : N;
    }
    tc_sim_t *ctx = calloc((size_t)T, sizeof *ctx);
    uint64_t nbits = (uint64_t)N * (uint64_t)(plan->keys > 0 ? plan->keys : 1);
    sh.head = tc__malloc_array((size_t)sh.links, sizeof *sh.head);
    sh.tail = tc__malloc_array((size_t)sh.links, sizeof *sh.tail);
    sh.qlen = tc__calloc_array((size_t)sh.links, sizeof *sh.qlen);
    sh.load = tc__calloc_array((size_t)sh.links, sizeof *sh.load);
    sh.is_active = tc__calloc_array((size_t)sh.links, 1);
    sh.bits = tc__calloc_array((size_t)((nbits + 63) / 64), sizeof *sh.bits);
    sh.got = tc__calloc_array((size_t)N, sizeof *sh.got);
    sh.expect = tc__malloc_array((size_t)N, sizeof *sh.expect);
    sh.arr_box = tc__calloc_array((size_t)(T * T), sizeof *sh.arr_box);
    sh.sig_box[0] = tc__calloc_array((size_t)(T * T), sizeof *sh.sig_box[0]);
    sh.sig_box[1] = tc__calloc_array((size_t)(T * T), sizeof *sh.sig_box[1]);
    bool ok = ctx != NULL && sh.head != NULL && sh.tail != NULL && sh.qlen != NULL &&
              sh.load != NULL && sh.is_active != NULL && sh.bits != NULL && sh.got != NULL &&
              sh.expect != NULL && sh.arr_box != NULL && sh.sig_box[0] != NULL &&
              sh.sig_box[1] != NULL;
    if (ok && config->port_limit > 0) {
        sh.sent_stamp = tc__calloc_array((size_t)N, sizeof *sh.sent_stamp);
        sh.recv_stamp = tc__calloc_array((size_t)N, sizeof *sh.recv_stamp);
        sh.sent_count = tc__calloc_array((size_t)N, 1);
        sh.recv_count = tc__calloc_array((size_t)N, 1);
        ok = sh.sent_stamp != NULL && sh.recv_stamp != NULL && sh.sent_count != NULL &&
             sh.recv_count != NULL;
    }
    if (ok && config->half_duplex) {
        sh.pair_stamp = tc__calloc_array((size_t)sh.links, sizeof *sh.pair_stamp);
        ok = sh.pair_stamp != NULL;
    }
    for (int t = 0; ok && t < T; t++) {
        tc_sim_t *s = &ctx[t];
        s->exec.ops = &SIM_EXEC;
        s->sh = &sh;
        s->tid = t;
        s->lo = sh.lo[t];
        s->hi = sh.lo[t + 1];
        s->free_head = -1;
        s->res.complete_round = -1;
        int64_t own = (s->hi - s->lo) * topo->ports;
        s->active = tc__malloc_array((size_t)(own > 0 ? own : 1), sizeof *s->active);
        s->busy = tc__malloc_array((size_t)(own > 0 ? own : 1), sizeof *s->busy);
        ok = s->active != NULL && s->busy != NULL;
    }
    if (!ok) {
        shared_free(&sh, ctx);
        free(ctx);
        return tc__fail(TC_ENOMEM, "Out of memory for a simulation of %lld nodes.", (long long)N);
    }
    memset(sh.head, -1, (size_t)sh.links * sizeof *sh.head);
    /* Keys that originate at faulty nodes are expected of nobody. */
    int64_t lost_keys = 0;
    if (plan->key_source != NULL && faults != NULL && faults->node != NULL) {
        for (int64_t k = 0; k < plan->keys; k++) {
            lost_keys += faults->node[plan->key_source(plan->ctx, k)] != 0;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        sh.expect[v] = plan->expected ? plan->expected(plan->ctx, v) : 0;
        sh.expect[v] = sh.expect[v] > lost_keys ? sh.expect[v] - lost_keys : 0;
        if (!node_faulty(&sh, v)) { /* nodes expecting nothing are complete from the start */
            sh.nonfaulty++;
            result->keys_expected += sh.expect[v];
            if (sh.expect[v] == 0) {
                ctx[owner(&sh, v)].complete++;
            }
        }
    }
    if (T > 1) {
        pthread_mutex_init(&sh.gate_lock, NULL);
        pthread_cond_init(&sh.gate_cond, NULL);
        pthread_t th[TC_MAX_THREADS];
        int started = 0;
        for (int t = 1; t < T; t++) {
            if (pthread_create(&th[t], NULL, thread_main, &ctx[t]) != 0) {
                break;
            }
            started++;
        }
        open_gate(&sh, started == T - 1 ? 1 : -1);
        if (started == T - 1) {
            run_thread(&ctx[0]);
        }
        for (int t = 1; t <= started; t++) {
            pthread_join(th[t], NULL);
        }
        pthread_mutex_destroy(&sh.gate_lock);
        pthread_cond_destroy(&sh.gate_cond);
        if (started != T - 1) { /* not every thread could start: run on one */
            shared_free(&sh, ctx);
            free(ctx);
            return run(topo, config, faults, plan, 1, result, complete, contention);
        }
    } else {
        run_thread(&ctx[0]);
    }
    bool oom = false;
    for (int t = 0; t < T; t++) {
        tc_sim_result_t *r = &ctx[t].res;
        oom = oom || ctx[t].oom;
        result->rounds = r->rounds > result->rounds ? r->rounds : result->rounds;
        result->transmissions += r->transmissions;
        result->control += r->control;
        result->free_signals += r->free_signals;
        result->dropped += r->dropped;
        result->max_queue = r->max_queue > result->max_queue ? r->max_queue : result->max_queue;
        result->queued_packets += r->queued_packets;
        result->queue_rounds += r->queue_rounds;
        result->duplicates += r->duplicates;
        if (r->last_delivery > result->last_delivery) {
            result->last_delivery = r->last_delivery;
        }
    }
    if (oom) {
        shared_free(&sh, ctx);
        free(ctx);
        return tc__fail(TC_ENOMEM, "Out of memory during the simulation.");
    }
    result->complete_round = sh.complete_round;
    result->stopped = sh.stopped;
    result->nodes_nonfaulty = sh.nonfaulty;
    for (int64_t l = 0; l < sh.links; l++) {
        if ((int64_t)sh.load[l] > result->max_link_load) {
            result->max_link_load = sh.load[l];
        }
    }
    for (int64_t v = 0; v < N; v++) {
        bool done = !node_faulty(&sh, v) && sh.got[v] >= sh.expect[v];
        if (!node_faulty(&sh, v)) {
            result->keys_delivered += sh.got[v] < sh.expect[v] ? sh.got[v] : sh.expect[v];
            result->nodes_complete += done;
        }
        if (complete != NULL) {
            complete[v] = done;
        }
    }
    result->delivered_fraction =
        result->keys_expected > 0 ? (double)result->keys_delivered / (double)result->keys_expected
                                  : 1.0;
    /* rounds in which nothing crossed cost ts + B tm, as they always did */
    result->elements = sh.elements + (result->rounds - sh.moved_rounds) * config->B;
    result->time = (double)result->rounds * config->ts + (double)result->elements * config->tm;
    *contention = result->max_queue > 1;
    shared_free(&sh, ctx);
    free(ctx);
    return TC_OK;
}

int64_t tc_sim_memory(const tc_topo_t *topo, const tc_plan_t *plan)
{
    int64_t N = topo->nodes, links = N * topo->ports;
    double bits = (double)N * (double)(plan->keys > 0 ? plan->keys : 1) / 8.0;
    double bytes = bits + (double)links * (4 + 4 + 4 + 4 + 1 + 8) + (double)N * 16;
    return bytes > 9e18 ? INT64_MAX : (int64_t)bytes;
}

tc_err_t tc_sim_run(const tc_topo_t *topo, const tc_sim_config_t *config, const tc_faults_t *faults,
                    const tc_plan_t *plan, tc_sim_result_t *result, uint8_t *complete)
{
    assert(topo != NULL && config != NULL && plan != NULL && result != NULL);
    if (topo->nodes <= 0 || topo->ports <= 0 || topo->nodes * topo->ports > INT32_MAX) {
        memset(result, 0, sizeof *result);
        result->complete_round = -1;
        return tc__fail(TC_EINVAL, "The topology must have 1..2^31 links.");
    }
    int T = config->threads > 1 ? config->threads : 1;
    if (T > TC_MAX_THREADS) {
        T = TC_MAX_THREADS;
    }
    if (T > topo->nodes) {
        T = (int)topo->nodes;
    }
    if (T > tc__online_cpus()) {
        T = tc__online_cpus(); /* the barrier spins: one thread per core at most */
    }
    if (config->port_limit > 0 || config->half_duplex || config->observe != NULL ||
        config->observe_enqueue != NULL || config->observe_delivery != NULL) {
        T = 1;
    }
    bool contention = false;
    tc_err_t err = run(topo, config, faults, plan, T, result, complete, &contention);
    if (err == TC_OK && T > 1 && contention) {
        /* packets met in a queue: their order is the single-threaded one by definition */
        err = run(topo, config, faults, plan, 1, result, complete, &contention);
    }
    return err;
}
