/* Fault-tolerant routing on the star graph by depth-first search with backtracking
 * (include/treecast/ftroute.h, docs/constructions.md "Routing around faults"): every pair of S_5
 * under 1,000 seeded sets of up to n-2 = 3 faulty links is delivered along a shortest path of
 * the faulty network (breadth-first search is the oracle); with enough faults to disconnect, a
 * message is delivered exactly when its destination is reachable and otherwise ends back at its
 * source; no route crosses more links than the stated bound; every crossing uses a working link
 * and every backtrack retraces the path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "treecast/treecast.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const tc_topo_t *topo;
    const tc_faults_t *faults;
    int64_t at; /* where the message is */
    int64_t path[2048];
    int64_t len; /* the path as the crossings rebuild it */
    int last_budget;
    int64_t bad; /* crossings over a faulty link, or not from where the message is */
} follow_t;

/* A link works when neither direction is faulty and it does not lead to a faulty node (on S_n
 * the port back is the same port). */
static bool ok_link(const tc_topo_t *t, const tc_faults_t *f, int64_t v, int p)
{
    int64_t u = t->nbr[v * t->ports + p];
    return u >= 0 &&
           !(f != NULL && (f->link[v * t->ports + p] || f->link[u * t->ports + p] || f->node[u]));
}

static void on_step(void *ctx, int64_t from, int64_t to, int port, bool back, int budget)
{
    follow_t *f = ctx;
    if (budget != f->last_budget) { /* a new search starts at the source */
        f->bad += f->at != f->path[0];
        f->len = 1;
        f->last_budget = budget;
    }
    f->bad += from != f->at || f->topo->nbr[from * f->topo->ports + port] != to;
    f->bad += !ok_link(f->topo, f->faults, from, port);
    if (back) {
        f->bad += f->len < 2 || f->path[f->len - 2] != to;
        f->len -= f->len >= 2;
    } else if (f->len < 2048) {
        f->path[f->len++] = to;
    }
    f->at = to;
}

/* Breadth-first distances from src over working links (-1: unreachable). */
static void bfs(const tc_topo_t *t, const tc_faults_t *f, int64_t src, int *dist, int64_t *queue)
{
    for (int64_t v = 0; v < t->nodes; v++) {
        dist[v] = -1;
    }
    int64_t head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int p = 0; p < t->ports; p++) {
            int64_t u = t->nbr[v * t->ports + p];
            if (ok_link(t, f, v, p) && dist[u] < 0) {
                dist[u] = dist[v] + 1;
                queue[tail++] = u;
            }
        }
    }
}

typedef struct {
    int64_t routes, delivered, returned, detoured, unbounded, max_hops, max_budget;
} tally_t;

/* Route every ordered pair (non-faulty source) and check it against the oracle. */
static void all_pairs(const tc_net_t *net, const tc_topo_t *t, const tc_faults_t *f, tally_t *s)
{
    int64_t N = t->nodes;
    int *dist = malloc((size_t)N * sizeof *dist);
    int64_t *queue = malloc((size_t)N * sizeof *queue);
    assert_non_null(dist);
    assert_non_null(queue);
    for (int64_t src = 0; src < N; src++) {
        if (f != NULL && f->node[src]) {
            continue;
        }
        bfs(t, f, src, dist, queue);
        for (int64_t dst = 0; dst < N; dst++) {
            follow_t fw; /* not zeroed whole: its path is 16 KB, and this runs 14 million times */
            fw.topo = t;
            fw.faults = f;
            fw.at = src;
            fw.len = 1;
            fw.last_budget = 0;
            fw.bad = 0;
            fw.path[0] = src;
            tc_ftroute_t r;
            assert_int_equal(tc_ftroute_star(net, t, f, src, dst, on_step, &fw, &r), TC_OK);
            assert_int_equal(fw.bad, 0);
            assert_int_equal(r.delivered, dist[dst] >= 0);
            assert_true(r.hops <= tc_ftroute_hop_bound(N, r.budget));
            if (r.delivered) {
                assert_int_equal(fw.at, dst);
                assert_int_equal(fw.len - 1, r.route_len);
                if (r.budget == TC_FTROUTE_UNBOUNDED) { /* the plain search: any simple path */
                    assert_true(r.route_len >= dist[dst] && r.route_len < N);
                    s->unbounded++;
                } else { /* a shortest path of the faulty network, with `budget` detours */
                    assert_int_equal(r.route_len, dist[dst]);
                    assert_int_equal(r.budget, (r.route_len - r.distance) / 2);
                }
                s->delivered++;
                s->detoured += r.budget != 0;
            } else {
                assert_int_equal(fw.at, src); /* returned to its source */
                s->returned++;
            }
            assert_int_equal(r.hops, r.route_len + 2 * r.backtracks);
            s->routes++;
            s->max_hops = r.hops > s->max_hops ? r.hops : s->max_hops;
            s->max_budget = r.budget > s->max_budget ? r.budget : s->max_budget;
        }
    }
    free(dist);
    free(queue);
}

static void test_fault_free_is_shortest(void **state)
{
    (void)state;
    for (int n = 3; n <= 6; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "star:%d", n);
        tc_net_t *net = NULL;
        tc_topo_t t;
        assert_int_equal(tc_net_parse(spec, &net), TC_OK);
        assert_int_equal(tc_topo_init(&t, net), TC_OK);
        for (int64_t dst = 0; dst < t.nodes; dst++) {
            tc_ftroute_t r;
            assert_int_equal(tc_ftroute_star(net, &t, NULL, 0, dst, NULL, NULL, &r), TC_OK);
            assert_true(r.delivered);
            assert_int_equal(r.hops, r.distance);
            assert_int_equal(r.route_len, r.distance);
            assert_int_equal(r.backtracks, 0);
            assert_int_equal(r.budget, 0);
            assert_int_equal(r.distance, tc_net_distance(net, 0, dst));
        }
        tc_topo_destroy(&t);
        tc_net_free(net);
    }
}

static void test_s5_up_to_n_minus_2_links(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t t;
    assert_int_equal(tc_net_parse("star:5", &net), TC_OK);
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    tally_t s = {0};
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        tc_faults_t f;
        int64_t k = 1 + (int64_t)(seed % 3); /* 1, 2 or 3 = n - 2 faulty links */
        assert_int_equal(tc_faults_random(&f, &t, TC_FAULTS_LINKS, k, seed, -1), TC_OK);
        all_pairs(net, &t, &f, &s);
        tc_faults_destroy(&f);
    }
    /* S_5 is 4-edge-connected: nothing is returned; some routes need a detour */
    assert_int_equal(s.routes, 1000 * 120 * 120);
    assert_int_equal(s.returned, 0);
    assert_int_equal(s.unbounded, 0); /* every route is a shortest path of the faulty network */
    assert_true(s.detoured > 0);
    print_message("S_5, 1000 fault sets: %lld routes, %lld with a detour, at most %lld hops, "
                  "budget %lld\n",
                  (long long)s.routes, (long long)s.detoured, (long long)s.max_hops,
                  (long long)s.max_budget);
    tc_topo_destroy(&t);
    tc_net_free(net);
}

static void test_disconnected_returns(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t t;
    assert_int_equal(tc_net_parse("star:5", &net), TC_OK);
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    tally_t s = {0};
    static const struct {
        tc_fault_kind_t kind;
        int64_t k;
    } mixes[] = {{TC_FAULTS_NODES, 12},
                 {TC_FAULTS_LINKS, 90},
                 {TC_FAULTS_MIXED, 40},
                 {TC_FAULTS_ARCS, 120}}; /* one-way faults: the way back must work too */
    for (size_t m = 0; m < sizeof mixes / sizeof mixes[0]; m++) {
        for (uint64_t seed = 1; seed <= 30; seed++) {
            tc_faults_t f;
            assert_int_equal(tc_faults_random(&f, &t, mixes[m].kind, mixes[m].k, seed, -1), TC_OK);
            all_pairs(net, &t, &f, &s);
            tc_faults_destroy(&f);
        }
    }
    assert_true(s.returned > 0);
    assert_true(s.delivered > 0);
    print_message("S_5, disconnecting faults: %lld delivered (%lld by the plain search), %lld "
                  "returned, at most %lld hops\n",
                  (long long)s.delivered, (long long)s.unbounded, (long long)s.returned,
                  (long long)s.max_hops);
    tc_topo_destroy(&t);
    tc_net_free(net);
}

/* An isolated destination: its four links faulty. The search with budget 0 refuses nothing
 * new only once every reachable node is entered; the message ends at the source. */
static void test_isolated_destination(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t t;
    tc_faults_t f;
    assert_int_equal(tc_net_parse("star:5", &net), TC_OK);
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    assert_int_equal(tc_faults_init(&f, &t), TC_OK);
    int64_t dst = 77;
    for (int p = 0; p < t.ports; p++) {
        tc_faults_add_link(&f, &t, dst, p, true);
    }
    follow_t fw = {.topo = &t, .faults = &f, .at = 0, .len = 1};
    tc_ftroute_t r;
    assert_int_equal(tc_ftroute_star(net, &t, &f, 0, dst, on_step, &fw, &r), TC_OK);
    assert_false(r.delivered);
    assert_int_equal(fw.at, 0);
    assert_int_equal(fw.bad, 0);
    assert_true(r.hops > 0 && r.hops <= tc_ftroute_hop_bound(t.nodes, r.budget));
    assert_int_equal(r.visited_max, 119); /* every node but the isolated one */
    assert_true(r.header_bits >= tc_ftroute_header_bits(5, 0, 119));
    /* S_5: labels 7 bits, budgets 7, ports 2: 2 x 7 + 7 + 1 + 3 x 2 + 4 x (7 + 7) */
    assert_int_equal(tc_ftroute_header_bits(5, 3, 4), 84);
    assert_int_equal(tc_ftroute_hop_bound(120, TC_FTROUTE_UNBOUNDED), 1672);
    assert_int_equal(tc_ftroute_hop_bound(120, 0), 238);
    tc_faults_destroy(&f);
    tc_topo_destroy(&t);
    tc_net_free(net);
}

static void test_errors(void **state)
{
    (void)state;
    tc_net_t *net = NULL, *cube = NULL;
    tc_topo_t t, tc;
    assert_int_equal(tc_net_parse("star:4", &net), TC_OK);
    assert_int_equal(tc_net_parse("cube:3", &cube), TC_OK);
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    assert_int_equal(tc_topo_init(&tc, cube), TC_OK);
    tc_ftroute_t r;
    assert_int_equal(tc_ftroute_star(cube, &tc, NULL, 0, 1, NULL, NULL, &r), TC_EINVAL);
    assert_int_equal(tc_ftroute_star(net, &t, NULL, 0, 24, NULL, NULL, &r), TC_EINVAL);
    tc_faults_t f;
    assert_int_equal(tc_faults_init(&f, &t), TC_OK);
    tc_faults_add_node(&f, 3);
    assert_int_equal(tc_ftroute_star(net, &t, &f, 3, 0, NULL, NULL, &r), TC_EINVAL);
    assert_int_equal(tc_ftroute_star(net, &t, &f, 0, 3, NULL, NULL, &r), TC_OK);
    assert_false(r.delivered); /* a faulty destination is unreachable */
    tc_faults_destroy(&f);
    tc_topo_destroy(&t);
    tc_topo_destroy(&tc);
    tc_net_free(net);
    tc_net_free(cube);
}

/* A campaign's records equal single routes under the same faults, whatever the threads, and
 * each sits beside its oracle: delivered exactly when reachable, at the oracle's length when
 * found with a budget (S_6, 5 faulty links, 200 trials of 5 pairs). */
static void test_campaign(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t t;
    assert_int_equal(tc_net_parse("star:6", &net), TC_OK);
    assert_int_equal(tc_topo_init(&t, net), TC_OK);
    tc_ftroute_campaign_t c = {
        .trials = 200, .seed = 1, .kind = TC_FAULTS_LINKS, .k = 5, .pairs = 5, .threads = 1};
    tc_ftroute_record_t *one = calloc(1000, sizeof *one), *two = calloc(1000, sizeof *two);
    assert_non_null(one);
    assert_non_null(two);
    assert_int_equal(tc_ftroute_campaign(net, &t, &c, one), TC_OK);
    c.threads = 2;
    assert_int_equal(tc_ftroute_campaign(net, &t, &c, two), TC_OK);
    int64_t detours = 0;
    for (int64_t i = 0; i < 1000; i++) {
        assert_memory_equal(&one[i], &two[i], sizeof one[i]);
        assert_int_equal(one[i].trial, i / 5);
        assert_true(one[i].src != one[i].dst);
        assert_int_equal(one[i].route.delivered, one[i].oracle >= 0);
        if (one[i].route.budget != TC_FTROUTE_UNBOUNDED && one[i].route.delivered) {
            assert_int_equal(one[i].route.route_len, one[i].oracle);
        }
        detours += one[i].route.budget != 0;
    }
    /* trial 7 again by hand: its faults are tc_faults_random with seed 1 + 7 */
    tc_faults_t f;
    assert_int_equal(tc_faults_random(&f, &t, TC_FAULTS_LINKS, 5, 8, -1), TC_OK);
    tc_ftroute_t r;
    assert_int_equal(tc_ftroute_star(net, &t, &f, one[35].src, one[35].dst, NULL, NULL, &r), TC_OK);
    assert_memory_equal(&r, &one[35].route, sizeof r);
    tc_faults_destroy(&f);
    assert_true(detours > 0);
    /* the campaign's oracle (a search from both ends) against this file's breadth-first search,
     * with faults that cut nodes off */
    c = (tc_ftroute_campaign_t){
        .trials = 40, .seed = 3, .kind = TC_FAULTS_MIXED, .k = 150, .pairs = 25, .threads = 2};
    assert_int_equal(tc_ftroute_campaign(net, &t, &c, one), TC_OK);
    int *dist = malloc((size_t)t.nodes * sizeof *dist);
    int64_t *queue = malloc((size_t)t.nodes * sizeof *queue), unreachable = 0;
    assert_non_null(dist);
    assert_non_null(queue);
    for (int64_t i = 0; i < 1000; i++) {
        assert_int_equal(tc_faults_random(&f, &t, TC_FAULTS_MIXED, 150, 3 + (uint64_t)(i / 25), -1),
                         TC_OK);
        bfs(&t, &f, one[i].src, dist, queue);
        assert_int_equal(one[i].oracle, dist[one[i].dst]);
        assert_int_equal(one[i].route.delivered, dist[one[i].dst] >= 0);
        unreachable += dist[one[i].dst] < 0;
        tc_faults_destroy(&f);
    }
    assert_true(unreachable > 0);
    free(dist);
    free(queue);
    c.pairs = 0;
    assert_int_equal(tc_ftroute_campaign(net, &t, &c, one), TC_EINVAL);
    free(one);
    free(two);
    tc_topo_destroy(&t);
    tc_net_free(net);
}

/* A failed link between two neighbours: the route goes round a hexagon of S_n (girth 6), 5 links,
 * with budget 2 and no backtrack, for every link of S_4..S_6 (the search with one detour, which
 * cannot succeed between neighbours, is skipped). */
static void test_neighbour_round_hexagon(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "star:%d", n);
        tc_net_t *net = NULL;
        tc_topo_t t;
        assert_int_equal(tc_net_parse(spec, &net), TC_OK);
        assert_int_equal(tc_topo_init(&t, net), TC_OK);
        int64_t worst = 0;
        for (int64_t v = 0; v < t.nodes; v++) {
            for (int p = 0; p < t.ports; p++) {
                tc_faults_t f;
                assert_int_equal(tc_faults_init(&f, &t), TC_OK);
                tc_faults_add_link(&f, &t, v, p, true);
                tc_ftroute_t r;
                assert_int_equal(
                    tc_ftroute_star(net, &t, &f, v, t.nbr[v * t.ports + p], NULL, NULL, &r), TC_OK);
                assert_true(r.delivered);
                assert_int_equal(r.route_len, 5);
                assert_int_equal(r.budget, 2);
                worst = r.hops > worst ? r.hops : worst;
                tc_faults_destroy(&f);
            }
        }
        print_message("S_%d, one failed link, its ends: at most %lld links crossed\n", n,
                      (long long)worst);
        assert_int_equal(worst, 5);
        tc_topo_destroy(&t);
        tc_net_free(net);
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fault_free_is_shortest),
        cmocka_unit_test(test_s5_up_to_n_minus_2_links),
        cmocka_unit_test(test_disconnected_returns),
        cmocka_unit_test(test_isolated_destination),
        cmocka_unit_test(test_neighbour_round_hexagon),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_campaign),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
