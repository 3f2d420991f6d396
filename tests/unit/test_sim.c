/* Unit tests of the synchronous round engine (include/treecast/sim.h) on hand-made tiny
 * topologies whose round counts, queueing and fault numbers are known by hand.
 *
 * Round convention under test: a packet sent in round r is at the neighbour at the end of round
 * r and can leave it in round r + 1, so M packets released one per round down a path of D links
 * take M + D - 1 rounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/net.h"
#include "treecast/sim.h"

#include <stdbool.h>
#include <string.h>

#define MAXN 16 /* nodes of a hand-made topology */
#define MAXP 3  /* ports */
#define MAXK 8  /* data messages (delivery keys) a plan tracks */
#define MAXS 16 /* scripted sends */

/* ---- hand-made topologies ------------------------------------------------------------------ */

typedef struct {
    tc_topo_t t; /* points into nbr and rev below: never copy a topo_buf_t */
    int32_t nbr[MAXN * MAXP];
    uint8_t rev[MAXN * MAXP];
} topo_buf_t;

static void topo_init(topo_buf_t *b, int64_t nodes, int ports, bool with_rev)
{
    memset(b, 0, sizeof *b);
    for (int k = 0; k < MAXN * MAXP; k++) {
        b->nbr[k] = -1;
    }
    b->t.nodes = nodes;
    b->t.ports = ports;
    b->t.nbr = b->nbr;
    b->t.rev = with_rev ? b->rev : NULL;
}

/* The undirected link u (port pu) -- v (port pv). Without a rev table pu must equal pv. */
static void topo_link(topo_buf_t *b, int u, int pu, int v, int pv)
{
    int P = b->t.ports;
    b->nbr[u * P + pu] = v;
    b->nbr[v * P + pv] = u;
    b->rev[u * P + pu] = (uint8_t)pv;
    b->rev[v * P + pv] = (uint8_t)pu;
    if (b->t.rev == NULL) {
        assert_int_equal(pu, pv);
    }
}

/* Path 0 - 1 - ... - (n-1): port 0 leads left, port 1 right, so the explicit rev table maps a
 * rightward send (port 1) to an arrival on port 0 and back. */
static void path_init(topo_buf_t *b, int n)
{
    assert_true(n >= 1 && n <= MAXN);
    topo_init(b, n, 2, true);
    for (int v = 0; v + 1 < n; v++) {
        topo_link(b, v, 1, v + 1, 0);
    }
}

/* K_{1,3}: centre 0, leaf l joined through port l - 1 at both ends (rev NULL). */
static void star3_init(topo_buf_t *b)
{
    topo_init(b, 4, 3, false);
    for (int l = 1; l <= 3; l++) {
        topo_link(b, 0, l - 1, l, l - 1);
    }
}

/* Two nodes joined through port 0 (rev NULL). */
static void pair_init(topo_buf_t *b)
{
    topo_init(b, 2, 1, false);
    topo_link(b, 0, 0, 1, 0);
}

/* Nodes 0 and 1 both feed node 2, which feeds node 3 over the shared link 2 -> 3 (port 2). */
static void merge_init(topo_buf_t *b)
{
    topo_init(b, 4, 3, false);
    topo_link(b, 0, 0, 2, 0);
    topo_link(b, 1, 1, 2, 1);
    topo_link(b, 2, 2, 3, 2);
}

/* ---- a scripted plan ------------------------------------------------------------------------ */

typedef struct {
    int64_t round; /* 0: tc_sim_send from start; > 0: tc_exec_send_at(round) from start */
    int64_t node;
    int port;
    int32_t msg;
} script_send_t;

typedef struct {
    int64_t keys;
    int64_t expect[MAXN];
    script_send_t sends[MAXS];
    int nsends;
    /* Paced injection: tick of round r (1 <= r <= tick_count) sends message tick_msg0 + r - 1
     * from tick_node via tick_port; tick_forever: a tick that always promises more. */
    int64_t tick_node;
    int tick_port;
    int64_t tick_count;
    int32_t tick_msg0;
    bool tick_forever;
    int fwd[MAXN];      /* forward every data arrival on this port (-1: keep it) */
    bool ack;           /* a node that keeps data signals an acknowledgement */
    int ack_port[MAXN]; /* port towards the parent for acknowledgements (-1: none) */
    int32_t ack_key;    /* delivery key of an acknowledgement */
    bool bounce;        /* send every arrival back through its arrival port */
    /* observations */
    int64_t arrive[MAXN][MAXK]; /* round of the first arrival of data message m at v, -1 */
    int arrive_port[MAXN][MAXK];
    int64_t ack_round[MAXN]; /* round an acknowledgement reached v, -1 */
    int ack_in_port[MAXN];
    int64_t arrivals; /* receive calls */
} script_t;

static void script_init(script_t *c, int64_t keys)
{
    memset(c, 0, sizeof *c);
    c->keys = keys;
    for (int v = 0; v < MAXN; v++) {
        c->fwd[v] = -1;
        c->ack_port[v] = -1;
        c->ack_round[v] = -1;
        c->ack_in_port[v] = -1;
        for (int m = 0; m < MAXK; m++) {
            c->arrive[v][m] = -1;
            c->arrive_port[v][m] = -1;
        }
    }
    c->ack_key = -1;
}

static void script_add(script_t *c, int64_t round, int64_t node, int port, int32_t msg)
{
    assert_true(c->nsends < MAXS);
    c->sends[c->nsends++] = (script_send_t){round, node, port, msg};
}

static tc_packet_t data_packet(int32_t msg, int64_t src)
{
    tc_packet_t p;
    memset(&p, 0, sizeof p);
    p.msg = msg;
    p.src = (int32_t)src;
    p.dst = -1;
    return p;
}

static int64_t script_expected(void *ctx, int64_t node)
{
    const script_t *c = ctx;
    return c->expect[node];
}

static void script_start(void *ctx, tc_exec_t *sim)
{
    script_t *c = ctx;
    assert_int_equal(tc_exec_round(sim), 0);
    for (int k = 0; k < c->nsends; k++) {
        const script_send_t *s = &c->sends[k];
        tc_packet_t p = data_packet(s->msg, s->node);
        if (s->round == 0) {
            tc_exec_send(sim, s->node, s->port, &p);
        } else {
            tc_exec_send_at(sim, s->round, s->node, s->port, &p);
        }
    }
}

static void script_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    script_t *c = ctx;
    int64_t round = tc_exec_round(sim);
    c->arrivals++;
    if (p->kind != 0) { /* an acknowledgement: record it and pass it up */
        if (c->ack_round[node] < 0) {
            c->ack_round[node] = round;
            c->ack_in_port[node] = port;
        }
        tc_exec_deliver(sim, node, c->ack_key);
        if (c->ack_port[node] >= 0) {
            tc_exec_signal(sim, node, c->ack_port[node], p);
        }
        return;
    }
    if (p->msg >= 0 && p->msg < MAXK && c->arrive[node][p->msg] < 0) {
        c->arrive[node][p->msg] = round;
        c->arrive_port[node][p->msg] = port;
    }
    tc_exec_deliver(sim, node, p->msg);
    if (c->bounce) {
        tc_exec_send(sim, node, port, p);
    } else if (c->fwd[node] >= 0) {
        tc_packet_t q = *p;
        q.hop++;
        tc_exec_send(sim, node, c->fwd[node], &q);
    } else if (c->ack && c->ack_port[node] >= 0) {
        tc_packet_t a = *p;
        a.kind = 1;
        tc_exec_signal(sim, node, c->ack_port[node], &a);
    }
}

static bool script_tick(void *ctx, tc_exec_t *sim, int64_t round)
{
    script_t *c = ctx;
    assert_int_equal(tc_exec_round(sim), round);
    if (round >= 1 && round <= c->tick_count) {
        tc_packet_t p = data_packet(c->tick_msg0 + (int32_t)(round - 1), c->tick_node);
        tc_exec_send(sim, c->tick_node, c->tick_port, &p);
    }
    return c->tick_forever || round < c->tick_count;
}

static tc_plan_t script_plan(script_t *c)
{
    tc_plan_t plan;
    memset(&plan, 0, sizeof plan);
    plan.ctx = c;
    plan.keys = c->keys;
    plan.expected = script_expected;
    plan.start = script_start;
    plan.receive = script_receive;
    plan.tick = (c->tick_count > 0 || c->tick_forever) ? script_tick : NULL;
    return plan;
}

static tc_sim_result_t run_script(const topo_buf_t *b, const tc_sim_config_t *cfg,
                                  const tc_faults_t *faults, script_t *c, uint8_t *complete)
{
    tc_sim_result_t r;
    tc_plan_t plan = script_plan(c);
    assert_int_equal(tc_sim_run(&b->t, cfg, faults, &plan, &r, complete), TC_OK);
    return r;
}

static tc_sim_config_t config_ports(int port_limit, bool half_duplex)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.port_limit = port_limit;
    cfg.half_duplex = half_duplex;
    return cfg;
}

typedef enum { PACE_TICK, PACE_AT, BURST } pacing_t;

/* Source 0 at the left end of a path of n nodes sends messages 0..M-1 rightwards; every node
 * forwards on arrival; every node but the source expects all M. */
static void pipeline_setup(script_t *c, int n, int M, pacing_t pacing)
{
    assert_true(M <= MAXK);
    script_init(c, M);
    for (int v = 0; v < n; v++) {
        c->expect[v] = v == 0 ? 0 : M;
        c->fwd[v] = v + 1 < n ? 1 : -1;
    }
    for (int m = 0; m < M; m++) {
        if (pacing == PACE_AT) {
            script_add(c, m + 1, 0, 1, m);
        } else if (pacing == BURST) {
            script_add(c, 0, 0, 1, m);
        }
    }
    if (pacing == PACE_TICK) {
        c->tick_node = 0;
        c->tick_port = 1;
        c->tick_count = M;
    }
}

/* ---- 1, 2: pipelining down a path ----------------------------------------------------------- */

static void check_pipeline_common(const script_t *c, const tc_sim_result_t *r,
                                  const uint8_t *complete, int n, int M)
{
    int D = n - 1;
    assert_int_equal(r->rounds, M + D - 1);
    assert_int_equal(r->complete_round, r->rounds);
    assert_int_equal(r->transmissions, (int64_t)M * D);
    assert_int_equal(r->control, 0);
    assert_int_equal(r->free_signals, 0);
    assert_int_equal(r->dropped, 0);
    assert_int_equal(r->max_link_load, M);
    assert_int_equal(r->nodes_nonfaulty, n);
    assert_int_equal(r->nodes_complete, n);
    assert_int_equal(r->keys_expected, (int64_t)M * D);
    assert_int_equal(r->keys_delivered, (int64_t)M * D);
    assert_int_equal(r->duplicates, 0);
    assert_true(r->delivered_fraction == 1.0);
    assert_false(r->stopped);
    for (int v = 0; v < n; v++) {
        assert_int_equal(complete[v], 1);
    }
    /* Message m leaves the source in round m + 1 and gains one link per round. */
    for (int v = 1; v < n; v++) {
        for (int m = 0; m < M; m++) {
            assert_int_equal(c->arrive[v][m], m + v);
            assert_int_equal(c->arrive_port[v][m], 0); /* through the rev table */
        }
    }
}

static void test_pipeline_paced(void **state)
{
    (void)state;
    static const pacing_t pacings[] = {PACE_TICK, PACE_AT};
    tc_sim_config_t cfg = tc_sim_defaults();
    for (size_t k = 0; k < 2; k++) {
        for (int D = 1; D <= 5; D++) {
            for (int M = 1; M <= 6; M++) {
                topo_buf_t b;
                script_t c;
                uint8_t complete[MAXN];
                memset(complete, 0xee, sizeof complete);
                path_init(&b, D + 1);
                pipeline_setup(&c, D + 1, M, pacings[k]);
                tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, complete);
                check_pipeline_common(&c, &r, complete, D + 1, M);
                /* Released one per round and forwarded at once: nothing ever waits. */
                assert_int_equal(r.queued_packets, 0);
                assert_int_equal(r.queue_rounds, 0);
                assert_int_equal(r.max_queue, 1);
                assert_true(r.time == (double)r.rounds);
            }
        }
    }
}

static void test_pipeline_burst_counts_queueing(void **state)
{
    (void)state;
    tc_sim_config_t cfg = tc_sim_defaults();
    for (int D = 1; D <= 5; D++) {
        for (int M = 1; M <= 6; M++) {
            topo_buf_t b;
            script_t c;
            uint8_t complete[MAXN];
            path_init(&b, D + 1);
            pipeline_setup(&c, D + 1, M, BURST);
            tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, complete);
            check_pipeline_common(&c, &r, complete, D + 1, M);
            /* Message m waits m rounds at the source (contention with itself); downstream
             * nobody waits. */
            assert_int_equal(r.queue_rounds, (int64_t)M * (M - 1) / 2);
            assert_int_equal(r.queued_packets, M - 1);
            assert_int_equal(r.max_queue, M);
        }
    }
}

/* ---- 3: contention on a shared link -----------------------------------------------------------
 */

static void test_contention_on_shared_link(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    merge_init(&b);
    script_init(&c, 2);
    c.expect[2] = 2;
    c.expect[3] = 2;
    c.fwd[2] = 2;
    script_add(&c, 0, 0, 0, 0); /* 0 -> 2 */
    script_add(&c, 0, 1, 1, 1); /* 1 -> 2 */
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    /* Both reach node 2 in round 1 and want 2 -> 3 in round 2: one waits one round. */
    assert_int_equal(c.arrive[2][0], 1);
    assert_int_equal(c.arrive[2][1], 1);
    assert_int_equal(c.arrive_port[2][0], 0);
    assert_int_equal(c.arrive_port[2][1], 1);
    int64_t a = c.arrive[3][0], z = c.arrive[3][1];
    assert_true((a == 2 && z == 3) || (a == 3 && z == 2));
    assert_int_equal(r.queued_packets, 1);
    assert_int_equal(r.queue_rounds, 1);
    assert_int_equal(r.max_queue, 2);
    assert_int_equal(r.max_link_load, 2);
    assert_int_equal(r.transmissions, 4);
    assert_int_equal(r.rounds, 3);
    assert_int_equal(r.complete_round, 3);
    assert_int_equal(r.nodes_complete, 4);
}

/* ---- 4: port models ---------------------------------------------------------------------------
 */

/* Leaves 1..3 receive message l - 1 from the centre (out) or the centre receives message l - 1
 * from leaf l (in), all queued in round 0. */
static tc_sim_result_t star_fan(int port_limit, bool inward, script_t *c)
{
    topo_buf_t b;
    star3_init(&b);
    script_init(c, 3);
    for (int l = 1; l <= 3; l++) {
        if (inward) {
            script_add(c, 0, l, l - 1, l - 1);
        } else {
            script_add(c, 0, 0, l - 1, l - 1);
            c->expect[l] = 1;
        }
    }
    c->expect[0] = inward ? 3 : 0;
    tc_sim_config_t cfg = config_ports(port_limit, false);
    return run_script(&b, &cfg, NULL, c, NULL);
}

static void test_port_models_send(void **state)
{
    (void)state;
    static const int limits[] = {0, 1, 2, 3, 4};
    static const int64_t rounds[] = {1, 3, 2, 1, 1};
    for (size_t k = 0; k < 5; k++) {
        script_t c;
        tc_sim_result_t r = star_fan(limits[k], false, &c);
        assert_int_equal(r.rounds, rounds[k]);
        assert_int_equal(r.complete_round, rounds[k]);
        assert_int_equal(r.transmissions, 3);
        assert_int_equal(r.nodes_complete, 4);
        /* Each leaf's arrival round; with port_limit k, round j carries k of them. */
        int per_round[4] = {0};
        for (int l = 1; l <= 3; l++) {
            assert_in_range(c.arrive[l][l - 1], 1, rounds[k]);
            per_round[c.arrive[l][l - 1]]++;
        }
        for (int j = 1; j <= 3; j++) {
            assert_true(limits[k] == 0 || per_round[j] <= limits[k]);
        }
    }
    /* One-port: the packets wait 1 and 2 rounds. */
    script_t c;
    tc_sim_result_t r = star_fan(1, false, &c);
    assert_int_equal(r.queued_packets, 2);
    assert_int_equal(r.queue_rounds, 3);
    r = star_fan(2, false, &c);
    assert_int_equal(r.queued_packets, 1);
    assert_int_equal(r.queue_rounds, 1);
    r = star_fan(0, false, &c);
    assert_int_equal(r.queued_packets, 0);
    assert_int_equal(r.queue_rounds, 0);
}

static void test_port_models_receive(void **state)
{
    (void)state;
    static const int limits[] = {0, 1, 2, 3};
    static const int64_t rounds[] = {1, 3, 2, 1};
    for (size_t k = 0; k < 4; k++) {
        script_t c;
        tc_sim_result_t r = star_fan(limits[k], true, &c);
        assert_int_equal(r.rounds, rounds[k]);
        assert_int_equal(r.complete_round, rounds[k]);
        assert_int_equal(r.transmissions, 3);
        int per_round[4] = {0};
        for (int l = 1; l <= 3; l++) {
            assert_in_range(c.arrive[0][l - 1], 1, rounds[k]);
            assert_int_equal(c.arrive_port[0][l - 1], l - 1);
            per_round[c.arrive[0][l - 1]]++;
        }
        for (int j = 1; j <= 3; j++) {
            assert_true(limits[k] == 0 || per_round[j] <= limits[k]);
        }
        assert_int_equal(r.queue_rounds, limits[k] == 1 ? 3 : limits[k] == 2 ? 1 : 0);
    }
}

static void test_one_port_sends_and_receives_in_one_round(void **state)
{
    (void)state;
    /* The send and the receive budgets are separate: under one-port the centre sends to leaf 1
     * while leaf 2 sends to it, in one round. */
    topo_buf_t b;
    script_t c;
    star3_init(&b);
    script_init(&c, 2);
    c.expect[1] = 1;
    c.expect[0] = 1;
    script_add(&c, 0, 0, 0, 0); /* 0 -> 1 */
    script_add(&c, 0, 2, 1, 1); /* 2 -> 0 */
    tc_sim_config_t cfg = config_ports(1, false);
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_int_equal(r.rounds, 1);
    assert_int_equal(r.queued_packets, 0);
    assert_int_equal(r.nodes_complete, 4);
}

/* Fair arbitration under a port limit: K_{1,3}, port_limit 1; at round 0 the centre queues one
 * packet to leaf 1 and then one to leaf 2, and its tick queues one more packet to leaf 1 in each
 * of rounds 1..T. The link that waited longest goes first, so the packet to leaf 2 leaves by
 * round 2 (an arbiter with a fixed order would starve it until round T + 2). */
static void test_one_port_fairness(void **state)
{
    (void)state;
    enum { T = 5 };
    topo_buf_t b;
    script_t c;
    star3_init(&b);
    script_init(&c, T + 2);
    c.expect[1] = T + 1;
    c.expect[2] = 1;
    script_add(&c, 0, 0, 0, 0); /* to leaf 1 */
    script_add(&c, 0, 0, 1, 1); /* to leaf 2 */
    c.tick_node = 0;
    c.tick_port = 0;
    c.tick_count = T;
    c.tick_msg0 = 2;
    tc_sim_config_t cfg = config_ports(1, false);
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    /* Work conserving: the centre sends one packet in each round. */
    assert_int_equal(r.transmissions, T + 2);
    assert_int_equal(r.rounds, T + 2);
    assert_int_equal(r.complete_round, T + 2);
    assert_int_equal(r.nodes_complete, 4);
    assert_in_range(c.arrive[2][1], 1, 2);
}

/* ---- 5: half duplex -------------------------------------------------------------------------- */

static void test_half_duplex_exchange(void **state)
{
    (void)state;
    for (int half = 0; half <= 1; half++) {
        /* Rev NULL: a pair exchanging one packet each way. */
        topo_buf_t b;
        script_t c;
        pair_init(&b);
        script_init(&c, 2);
        c.expect[0] = 1;
        c.expect[1] = 1;
        script_add(&c, 0, 0, 0, 0);
        script_add(&c, 0, 1, 0, 1);
        tc_sim_config_t cfg = config_ports(0, half);
        tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
        assert_int_equal(r.rounds, half ? 2 : 1);
        assert_int_equal(r.complete_round, half ? 2 : 1);
        assert_int_equal(r.transmissions, 2);
        assert_int_equal(r.queued_packets, half ? 1 : 0);
        assert_int_equal(r.queue_rounds, half ? 1 : 0);
        assert_int_equal(r.max_link_load, 1);

        /* Explicit rev: on the path 0 - 1 - 2, nodes 1 and 2 exchange while 0 sends to 1; the
         * link 0 - 1 is another pair and never waits. */
        path_init(&b, 3);
        script_init(&c, 3);
        c.expect[1] = 2;
        c.expect[2] = 1;
        script_add(&c, 0, 0, 1, 0); /* 0 -> 1 */
        script_add(&c, 0, 1, 1, 1); /* 1 -> 2 */
        script_add(&c, 0, 2, 0, 2); /* 2 -> 1 */
        r = run_script(&b, &cfg, NULL, &c, NULL);
        assert_int_equal(c.arrive[1][0], 1);
        assert_int_equal(r.rounds, half ? 2 : 1);
        assert_int_equal(r.queued_packets, half ? 1 : 0);
        assert_int_equal(r.transmissions, 3);
    }
}

/* ---- 6: faults ---------------------------------------------------------------------------------
 */

static void test_faulty_node_on_path(void **state)
{
    (void)state;
    enum { N = 5, M = 3 };
    topo_buf_t b;
    script_t c;
    tc_faults_t f;
    path_init(&b, N);
    pipeline_setup(&c, N, M, PACE_TICK);
    assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
    tc_faults_add_node(&f, 2);
    tc_faults_add_node(&f, 2); /* idempotent */
    assert_int_equal(f.faulty_nodes, 1);
    uint8_t complete[N];
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r = run_script(&b, &cfg, &f, &c, complete);
    /* 0 -> 1 carries 3, 1 -> 2 carries 3 which are lost at the faulty node. */
    assert_int_equal(r.transmissions, 2 * M);
    assert_int_equal(r.dropped, M);
    assert_int_equal(r.rounds, M + 1);
    assert_int_equal(r.nodes_nonfaulty, N - 1);
    assert_int_equal(r.nodes_complete, 2);
    assert_int_equal(r.keys_expected, 3 * M); /* nodes 1, 3, 4 */
    assert_int_equal(r.keys_delivered, M);
    assert_true(r.delivered_fraction == (double)M / (double)(3 * M));
    assert_int_equal(r.complete_round, -1);
    static const uint8_t want[N] = {1, 1, 0, 0, 0};
    assert_memory_equal(complete, want, N);
    for (int m = 0; m < M; m++) {
        assert_int_equal(c.arrive[2][m], -1); /* never told */
        assert_int_equal(c.arrive[3][m], -1);
    }
    tc_faults_destroy(&f);
    assert_null(f.node);
    tc_faults_destroy(&f); /* twice: the pointers were cleared */
    tc_faults_destroy(NULL);
}

static void test_faulty_directed_link(void **state)
{
    (void)state;
    topo_buf_t b;
    tc_faults_t f;
    pair_init(&b);
    for (int both = 0; both <= 1; both++) {
        script_t c;
        script_init(&c, 2);
        c.expect[0] = 1;
        c.expect[1] = 1;
        script_add(&c, 0, 0, 0, 0);
        script_add(&c, 0, 1, 0, 1);
        assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
        tc_faults_add_link(&f, &b.t, 0, 0, both);
        assert_int_equal(f.faulty_links, both ? 2 : 1);
        assert_int_equal(f.faulty_nodes, 0);
        uint8_t complete[2];
        tc_sim_config_t cfg = tc_sim_defaults();
        tc_sim_result_t r = run_script(&b, &cfg, &f, &c, complete);
        assert_int_equal(r.transmissions, 2); /* a lost packet still crossed */
        assert_int_equal(r.dropped, both ? 2 : 1);
        assert_int_equal(r.nodes_nonfaulty, 2);
        assert_int_equal(complete[1], 0);            /* 0 -> 1 is faulty */
        assert_int_equal(complete[0], both ? 0 : 1); /* 1 -> 0 works unless both */
        assert_int_equal(c.arrive[0][1], both ? -1 : 1);
        assert_int_equal(c.arrive[1][0], -1);
        tc_faults_destroy(&f);
    }
    /* With an explicit rev table "both" marks the reverse arc through rev. */
    path_init(&b, 3);
    assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
    tc_faults_add_link(&f, &b.t, 1, 1, true);
    assert_int_equal(f.faulty_links, 2);
    assert_int_equal(f.link[1 * 2 + 1], 1);
    assert_int_equal(f.link[2 * 2 + 0], 1);
    assert_int_equal(f.link[1 * 2 + 0], 0);
    assert_int_equal(f.link[2 * 2 + 1], 0);
    tc_faults_add_link(&f, &b.t, 2, 0, false); /* already faulty: not counted again */
    assert_int_equal(f.faulty_links, 2);
    tc_faults_destroy(&f);
}

static int64_t count_set(const uint8_t *a, int64_t n)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) {
        k += a[i] != 0;
    }
    return k;
}

static void test_faults_random(void **state)
{
    (void)state;
    enum { N = 6 };
    topo_buf_t b;
    path_init(&b, N); /* 5 undirected links, 10 arcs, 12 table entries */
    const int64_t L = N * 2;
    tc_faults_t f, g;

    for (uint64_t seed = 0; seed < 50; seed++) {
        for (int64_t k = 0; k <= N - 1; k++) {
            int64_t protect = (int64_t)(seed % N);
            assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_NODES, k, seed, protect), TC_OK);
            assert_int_equal(f.faulty_nodes, k);
            assert_int_equal(count_set(f.node, N), k);
            assert_int_equal(f.node[protect], 0);
            assert_int_equal(f.faulty_links, 0);
            assert_int_equal(count_set(f.link, L), 0);
            /* Deterministic in the seed. */
            assert_int_equal(tc_faults_random(&g, &b.t, TC_FAULTS_NODES, k, seed, protect), TC_OK);
            assert_memory_equal(f.node, g.node, N);
            tc_faults_destroy(&f);
            tc_faults_destroy(&g);
        }
    }
    /* Too many: every node but the protected one is the most. */
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_NODES, N, 1, 0), TC_ERANGE);
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_NODES, N, 1, -1), TC_OK);
    assert_int_equal(f.faulty_nodes, N);
    tc_faults_destroy(&f);
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_NODES, N + 1, 1, -1), TC_ERANGE);
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_NODES, -1, 1, -1), TC_ERANGE);

    /* Undirected links: both arcs, only existing links, at most 5. */
    for (uint64_t seed = 0; seed < 20; seed++) {
        for (int64_t k = 0; k <= N - 1; k++) {
            assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_LINKS, k, seed, 0), TC_OK);
            assert_int_equal(f.faulty_links, 2 * k);
            assert_int_equal(count_set(f.link, L), 2 * k);
            assert_int_equal(f.faulty_nodes, 0);
            for (int v = 0; v < N; v++) {
                for (int p = 0; p < 2; p++) {
                    int64_t l = v * 2 + p;
                    if (b.nbr[l] < 0) {
                        assert_int_equal(f.link[l], 0);
                    } else if (f.link[l]) {
                        assert_int_equal(f.link[b.nbr[l] * 2 + b.rev[l]], 1);
                    }
                }
            }
            assert_int_equal(tc_faults_random(&g, &b.t, TC_FAULTS_LINKS, k, seed, 0), TC_OK);
            assert_memory_equal(f.link, g.link, (size_t)L);
            tc_faults_destroy(&f);
            tc_faults_destroy(&g);
        }
    }
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_LINKS, N, 3, 0), TC_ERANGE);
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_LINKS, L, 3, 0), TC_ERANGE);

    /* Arcs: one direction each, at most 10. */
    for (uint64_t seed = 0; seed < 20; seed++) {
        for (int64_t k = 0; k <= 10; k++) {
            assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_ARCS, k, seed, 0), TC_OK);
            assert_int_equal(f.faulty_links, k);
            assert_int_equal(count_set(f.link, L), k);
            assert_int_equal(f.link[0 * 2 + 0], 0);       /* no such link */
            assert_int_equal(f.link[(N - 1) * 2 + 1], 0); /* no such link */
            tc_faults_destroy(&f);
        }
    }
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_ARCS, 11, 3, 0), TC_ERANGE);
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_ARCS, L + 1, 3, 0), TC_ERANGE);

    /* Mixed: k faults in all, each a node or an undirected link; never the protected node. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        for (int64_t k = 0; k <= 5; k++) {
            assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_MIXED, k, seed, 2), TC_OK);
            assert_int_equal(f.faulty_links % 2, 0);
            assert_int_equal(f.faulty_nodes + f.faulty_links / 2, k);
            assert_int_equal(count_set(f.node, N), f.faulty_nodes);
            assert_int_equal(count_set(f.link, L), f.faulty_links);
            assert_int_equal(f.node[2], 0);
            assert_int_equal(tc_faults_random(&g, &b.t, TC_FAULTS_MIXED, k, seed, 2), TC_OK);
            assert_memory_equal(f.node, g.node, N);
            assert_memory_equal(f.link, g.link, (size_t)L);
            tc_faults_destroy(&f);
            tc_faults_destroy(&g);
        }
    }
    assert_int_equal(tc_faults_random(&f, &b.t, TC_FAULTS_MIXED, L, 3, 0), TC_ERANGE);
}

/* ---- 7: free signals --------------------------------------------------------------------------
 */

/* Path 0 - 1 - 2 - 3: one data packet goes down; the leaf acknowledges with a free signal and
 * every node passes the acknowledgement up on receipt. */
static void ack_setup(script_t *c)
{
    script_init(c, 2);
    c->ack = true;
    c->ack_key = 1;
    for (int v = 0; v < 4; v++) {
        c->fwd[v] = v < 3 ? 1 : -1;
        c->ack_port[v] = v > 0 ? 0 : -1;
    }
    c->expect[0] = 1;
    c->expect[1] = 2;
    c->expect[2] = 2;
    c->expect[3] = 1;
    script_add(c, 0, 0, 1, 0);
}

static void test_signal_chain_is_free(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    path_init(&b, 4);
    ack_setup(&c);
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_int_equal(c.arrive[3][0], 3);
    for (int v = 0; v < 3; v++) {
        assert_int_equal(c.ack_round[v], 3); /* the whole chain in the data's round */
        assert_int_equal(c.ack_in_port[v], 1);
    }
    assert_int_equal(c.ack_round[3], -1);
    assert_int_equal(r.free_signals, 3);
    assert_int_equal(r.transmissions, 3); /* the data only */
    assert_int_equal(r.control, 0);
    assert_int_equal(r.rounds, 3);
    assert_int_equal(r.complete_round, 3);
    assert_int_equal(r.nodes_complete, 4);
    assert_int_equal(r.max_link_load, 1);
    assert_int_equal(r.dropped, 0);
}

static void test_signal_lost_on_faulty_link(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    tc_faults_t f;
    path_init(&b, 4);
    ack_setup(&c);
    assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
    tc_faults_add_link(&f, &b.t, 2, 0, false); /* 2 -> 1 only: the data still goes down */
    uint8_t complete[4];
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r = run_script(&b, &cfg, &f, &c, complete);
    assert_int_equal(c.arrive[3][0], 3);
    assert_int_equal(c.ack_round[2], 3);
    assert_int_equal(c.ack_round[1], -1);
    assert_int_equal(c.ack_round[0], -1);
    assert_int_equal(r.free_signals, 1);
    assert_int_equal(r.dropped, 1);
    assert_int_equal(r.transmissions, 3);
    static const uint8_t want[4] = {0, 0, 1, 1};
    assert_memory_equal(complete, want, 4);
    assert_int_equal(r.complete_round, -1);
    tc_faults_destroy(&f);

    /* A signal into a faulty node is lost too. */
    ack_setup(&c);
    c.expect[1] = 0; /* node 1 is faulty and would not count anyway */
    assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
    tc_faults_add_node(&f, 1);
    /* The data cannot pass node 1 now: start the data at node 2 instead. */
    c.nsends = 0;
    script_add(&c, 0, 2, 1, 0);
    c.expect[2] = 1;
    r = run_script(&b, &cfg, &f, &c, complete);
    assert_int_equal(c.ack_round[2], 1);
    assert_int_equal(c.ack_round[0], -1);
    assert_int_equal(r.free_signals, 1);
    assert_int_equal(r.dropped, 1);
    assert_int_equal(r.nodes_nonfaulty, 3);
    tc_faults_destroy(&f);
}

/* ---- 8: timed sends ---------------------------------------------------------------------------
 */

static void test_send_at_leaves_at_its_round(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    path_init(&b, 3);
    script_init(&c, 5);
    c.expect[1] = 4;            /* messages 0..3 */
    c.expect[2] = 1;            /* message 4 */
    script_add(&c, 5, 0, 1, 0); /* 0 -> 1 in round 5 */
    script_add(&c, 3, 0, 1, 1); /* 0 -> 1 in round 3 */
    script_add(&c, 3, 0, 1, 2); /* 0 -> 1 wanted in round 3 too: waits for round 4 */
    script_add(&c, 9, 2, 0, 3); /* 2 -> 1 in round 9 after idle rounds */
    script_add(&c, 2, 1, 1, 4); /* 1 -> 2 in round 2, scheduled before the others */
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_int_equal(c.arrive[1][1], 3);
    assert_int_equal(c.arrive[1][2], 4);
    assert_int_equal(c.arrive[1][0], 5);
    assert_int_equal(c.arrive[1][3], 9);
    assert_int_equal(c.arrive_port[1][3], 1);
    assert_int_equal(c.arrive[2][4], 2);
    assert_int_equal(r.queued_packets, 1);
    assert_int_equal(r.queue_rounds, 1);
    assert_int_equal(r.max_queue, 2);
    assert_int_equal(r.rounds, 9); /* the run did not end at the idle rounds 6..8 */
    assert_int_equal(r.transmissions, 5);
    assert_int_equal(r.complete_round, 9);
}

/* A plan whose receive schedules the reply with tc_sim_send_at three rounds later. */
static void delayed_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    int64_t *arrive = ctx; /* arrive[hop] */
    int64_t now = tc_exec_round(sim);
    arrive[p->hop] = now;
    if (p->hop < 3) {
        tc_packet_t q = *p;
        q.hop++;
        tc_exec_send_at(sim, now + 3, node, port, &q);
    }
}

static void delayed_start(void *ctx, tc_exec_t *sim)
{
    (void)ctx;
    tc_packet_t p;
    memset(&p, 0, sizeof p);
    tc_exec_send_at(sim, 2, 0, 0, &p);
}

static int64_t expect_nothing(void *ctx, int64_t node)
{
    (void)ctx;
    (void)node;
    return 0;
}

static void test_send_at_from_receive(void **state)
{
    (void)state;
    topo_buf_t b;
    pair_init(&b);
    int64_t arrive[4] = {-1, -1, -1, -1};
    tc_plan_t plan = {arrive, 0, expect_nothing, delayed_start, delayed_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, NULL), TC_OK);
    assert_int_equal(arrive[0], 2);
    assert_int_equal(arrive[1], 5);
    assert_int_equal(arrive[2], 8);
    assert_int_equal(arrive[3], 11);
    assert_int_equal(r.rounds, 11);
    assert_int_equal(r.transmissions, 4);
    assert_int_equal(r.queue_rounds, 0);
    assert_int_equal(r.complete_round, 0); /* nobody expects anything */
}

/* ---- 9: deliveries ----------------------------------------------------------------------------
 */

/* Path 0 - 1 - 2, keys 0..1: node 1 expects 2, nodes 0 and 2 nothing. Start delivers key 0 at
 * node 1 twice and out-of-range keys, and sends message 1 to node 1, which delivers it twice
 * and passes it on to node 2 (which delivers nothing). */
static int64_t deliv_expected(void *ctx, int64_t node)
{
    (void)ctx;
    return node == 1 ? 2 : 0;
}

static void deliv_start(void *ctx, tc_exec_t *sim)
{
    (void)ctx;
    tc_exec_deliver(sim, 1, 0);
    tc_exec_deliver(sim, 1, 0);  /* duplicate */
    tc_exec_deliver(sim, 1, 2);  /* keys == 2: ignored */
    tc_exec_deliver(sim, 1, 99); /* ignored */
    tc_exec_deliver(sim, 1, -1); /* ignored */
    tc_packet_t p = data_packet(1, 0);
    tc_exec_send(sim, 0, 1, &p);
}

static void deliv_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    (void)ctx;
    (void)port;
    if (node == 1) {
        tc_exec_deliver(sim, 1, p->msg);
        tc_exec_deliver(sim, 1, p->msg); /* duplicate */
        tc_exec_send(sim, 1, 1, p);
    }
}

static void test_deliveries(void **state)
{
    (void)state;
    topo_buf_t b;
    path_init(&b, 3);
    tc_plan_t plan = {NULL, 2, deliv_expected, deliv_start, deliv_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    uint8_t complete[3];
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, complete), TC_OK);
    assert_int_equal(r.duplicates, 2);
    assert_int_equal(r.keys_expected, 2);
    assert_int_equal(r.keys_delivered, 2);
    assert_true(r.delivered_fraction == 1.0);
    assert_int_equal(r.nodes_complete, 3); /* nodes 0 and 2 expect nothing */
    static const uint8_t want[3] = {1, 1, 1};
    assert_memory_equal(complete, want, 3);
    /* Complete once node 1 had key 1 (round 1); traffic went on until round 2. */
    assert_int_equal(r.complete_round, 1);
    assert_int_equal(r.rounds, 2);
}

static void idle_start(void *ctx, tc_exec_t *sim)
{
    (void)ctx;
    (void)sim;
}

static void idle_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    (void)ctx;
    (void)sim;
    (void)node;
    (void)port;
    (void)p;
    fail(); /* nothing is ever sent */
}

static void test_nothing_expected_is_complete_at_once(void **state)
{
    (void)state;
    topo_buf_t b;
    path_init(&b, 3);
    tc_plan_t plan = {NULL, 0, expect_nothing, idle_start, idle_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    uint8_t complete[3] = {0};
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, complete), TC_OK);
    assert_int_equal(r.complete_round, 0);
    assert_int_equal(r.rounds, 0);
    assert_int_equal(r.transmissions, 0);
    assert_int_equal(r.nodes_complete, 3);
    assert_int_equal(r.keys_expected, 0);
    assert_true(r.delivered_fraction == 1.0);
    assert_false(r.stopped);
    assert_int_equal(complete[0] + complete[1] + complete[2], 3);
    /* No expected callback at all: the same. */
    plan.expected = NULL;
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, NULL), TC_OK);
    assert_int_equal(r.complete_round, 0);
    assert_int_equal(r.nodes_complete, 3);
}

/* A delivery at a faulty node counts for nothing: a pair, node 0 faulty, both nodes expect one
 * key; start delivers key 0 at node 0 and sends it to node 1 (dropped: the sender is faulty).
 * Nobody non-faulty is complete, so complete_round stays -1. */
static int64_t expect_one(void *ctx, int64_t node)
{
    (void)ctx;
    (void)node;
    return 1;
}

static void faulty_source_start(void *ctx, tc_exec_t *sim)
{
    (void)ctx;
    tc_exec_deliver(sim, 0, 0);
    tc_packet_t p = data_packet(0, 0);
    tc_exec_send(sim, 0, 0, &p);
}

static void test_delivery_at_faulty_node(void **state)
{
    (void)state;
    topo_buf_t b;
    tc_faults_t f;
    pair_init(&b);
    assert_int_equal(tc_faults_init(&f, &b.t), TC_OK);
    tc_faults_add_node(&f, 0);
    tc_plan_t plan = {NULL, 1, expect_one, faulty_source_start, idle_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    uint8_t complete[2];
    assert_int_equal(tc_sim_run(&b.t, &cfg, &f, &plan, &r, complete), TC_OK);
    tc_faults_destroy(&f);
    assert_int_equal(r.nodes_nonfaulty, 1);
    assert_int_equal(r.nodes_complete, 0);
    assert_int_equal(r.keys_delivered, 0);
    assert_int_equal(r.dropped, 1); /* a faulty node sends nothing */
    assert_int_equal(r.transmissions, 0);
    assert_int_equal(complete[0], 0);
    assert_int_equal(complete[1], 0);
    assert_int_equal(r.complete_round, -1);
}

/* ---- 10: the star graph's neighbour table ------------------------------------------------------
 */

/* Flood from node 0: every node forwards its first arrival on every other port. */
typedef struct {
    int64_t first[24];
} flood_t;

static int64_t flood_expected(void *ctx, int64_t node)
{
    (void)ctx;
    (void)node;
    return 1;
}

static void flood_out(tc_exec_t *sim, int64_t node, int except)
{
    const tc_topo_t *t = tc_exec_topo(sim);
    tc_packet_t p = data_packet(0, 0);
    for (int q = 0; q < t->ports; q++) {
        if (q != except) {
            tc_exec_send(sim, node, q, &p);
        }
    }
}

static void flood_start(void *ctx, tc_exec_t *sim)
{
    flood_t *c = ctx;
    c->first[0] = 0;
    tc_exec_deliver(sim, 0, 0);
    flood_out(sim, 0, -1);
}

static void flood_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    (void)p;
    flood_t *c = ctx;
    if (c->first[node] >= 0) {
        return;
    }
    c->first[node] = tc_exec_round(sim);
    tc_exec_deliver(sim, node, 0);
    flood_out(sim, node, port);
}

static void test_topo_from_star(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_star_new(4, &net), TC_OK);
    tc_topo_t t;
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    assert_int_equal(t.nodes, 24);
    assert_int_equal(t.ports, 3);
    assert_null(t.rev);
    int64_t links = 0;
    for (int64_t v = 0; v < 24; v++) {
        for (int p = 0; p < 3; p++) {
            int32_t u = t.nbr[v * 3 + p];
            assert_in_range(u, 0, 23);
            assert_true(u != v);
            assert_int_equal(t.nbr[u * 3 + p], v); /* an involution per port */
            assert_int_equal(u, tc_net_neighbor(net, v, p + 2));
            links++;
        }
    }
    assert_int_equal(links, 24 * 3);

    /* A flood reaches every node at its distance from node 0; the farthest is the diameter. */
    flood_t c;
    for (int v = 0; v < 24; v++) {
        c.first[v] = -1;
    }
    tc_plan_t plan = {&c, 1, flood_expected, flood_start, flood_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    assert_int_equal(tc_sim_run(&t, &cfg, NULL, &plan, &r, NULL), TC_OK);
    for (int64_t v = 0; v < 24; v++) {
        assert_int_equal(c.first[v], tc_net_distance(net, 0, v));
    }
    assert_int_equal(r.complete_round, tc_net_diameter(net));
    assert_int_equal(r.nodes_complete, 24);

    tc_topo_destroy(&t);
    assert_null(t.nbr);
    tc_topo_destroy(&t);
    tc_topo_destroy(NULL);
    tc_net_free(net);
}

/* ---- 11: the cost model ------------------------------------------------------------------------
 */

static void test_cost_model(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    path_init(&b, 5);
    pipeline_setup(&c, 5, 3, PACE_TICK);
    tc_sim_config_t cfg = tc_sim_defaults();
    assert_true(cfg.ts == 1.0);
    assert_true(cfg.tm == 0.0);
    assert_int_equal(cfg.B, 1);
    assert_int_equal(cfg.port_limit, 0);
    assert_false(cfg.half_duplex);
    cfg.ts = 2.5;
    cfg.tm = 0.5;
    cfg.B = 4;
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_int_equal(r.rounds, 6);
    assert_true(r.time == 6 * (2.5 + 4 * 0.5));
}

/* ---- 12: max_rounds -----------------------------------------------------------------------------
 */

static void test_max_rounds_stops_a_bouncing_packet(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    pair_init(&b);
    script_init(&c, 1);
    c.bounce = true;
    script_add(&c, 0, 0, 0, 0);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.max_rounds = 10;
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_true(r.stopped);
    assert_int_equal(r.rounds, 10);
    assert_int_equal(r.transmissions, 10);
    assert_int_equal(c.arrivals, 10);
    assert_int_equal(r.max_link_load, 5);
}

static void test_max_rounds_stops_an_endless_tick(void **state)
{
    (void)state;
    topo_buf_t b;
    script_t c;
    pair_init(&b);
    script_init(&c, 1);
    c.tick_forever = true; /* promises more, never sends */
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.max_rounds = 7;
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_true(r.stopped);
    assert_int_equal(r.rounds, 0);
    assert_int_equal(r.transmissions, 0);
}

static void test_max_rounds_exactly_enough(void **state)
{
    (void)state;
    /* A run that falls silent exactly at max_rounds was not stopped. */
    topo_buf_t b;
    script_t c;
    path_init(&b, 5);
    pipeline_setup(&c, 5, 3, PACE_TICK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.max_rounds = 6;
    tc_sim_result_t r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_false(r.stopped);
    assert_int_equal(r.rounds, 6);
    assert_int_equal(r.nodes_complete, 5);
    cfg.max_rounds = 5;
    pipeline_setup(&c, 5, 3, PACE_TICK);
    r = run_script(&b, &cfg, NULL, &c, NULL);
    assert_true(r.stopped);
    assert_int_equal(r.rounds, 5);
    assert_int_equal(r.complete_round, -1);
    assert_int_equal(r.nodes_complete, 4); /* node 4 lacks message 2 */
}

/* ---- invalid topologies ------------------------------------------------------------------------
 */

static void test_invalid_topology(void **state)
{
    (void)state;
    topo_buf_t b;
    pair_init(&b);
    tc_plan_t plan = {NULL, 0, expect_nothing, idle_start, idle_receive, NULL, NULL};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    b.t.nodes = 0;
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, NULL), TC_EINVAL);
    assert_int_equal(r.complete_round, -1);
    b.t.nodes = 2;
    b.t.ports = 0;
    assert_int_equal(tc_sim_run(&b.t, &cfg, NULL, &plan, &r, NULL), TC_EINVAL);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipeline_paced),
        cmocka_unit_test(test_pipeline_burst_counts_queueing),
        cmocka_unit_test(test_contention_on_shared_link),
        cmocka_unit_test(test_port_models_send),
        cmocka_unit_test(test_port_models_receive),
        cmocka_unit_test(test_one_port_sends_and_receives_in_one_round),
        cmocka_unit_test(test_one_port_fairness),
        cmocka_unit_test(test_half_duplex_exchange),
        cmocka_unit_test(test_faulty_node_on_path),
        cmocka_unit_test(test_faulty_directed_link),
        cmocka_unit_test(test_faults_random),
        cmocka_unit_test(test_signal_chain_is_free),
        cmocka_unit_test(test_signal_lost_on_faulty_link),
        cmocka_unit_test(test_send_at_leaves_at_its_round),
        cmocka_unit_test(test_send_at_from_receive),
        cmocka_unit_test(test_deliveries),
        cmocka_unit_test(test_nothing_expected_is_complete_at_once),
        cmocka_unit_test(test_delivery_at_faulty_node),
        cmocka_unit_test(test_topo_from_star),
        cmocka_unit_test(test_cost_model),
        cmocka_unit_test(test_max_rounds_stops_a_bouncing_packet),
        cmocka_unit_test(test_max_rounds_stops_an_endless_tick),
        cmocka_unit_test(test_max_rounds_exactly_enough),
        cmocka_unit_test(test_invalid_topology),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
