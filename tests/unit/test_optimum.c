/* Unit tests of the optimal broadcast and allgather rates (include/treecast/optimum.h): against
 * brute force over every cut of small random networks with capacities and switches, and against
 * the closed forms of S_n, Q_n and the torus. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan/optimal_internal.h"
#include "treecast/net.h"
#include "treecast/optimum.h"
#include "treecast/rng.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NODES 16

typedef struct {
    int nodes;
    int64_t cap[MAX_NODES][MAX_NODES]; /* 0: no arc */
    uint8_t role[MAX_NODES];
} small_t;

/* A connected random network: a random tree plus extra edges, capacities 1..5 each way, some
 * switches (never fewer than 2 compute nodes). */
static tc_net_t *random_network(tc_rng_t *rng, small_t *g)
{
    memset(g, 0, sizeof *g);
    g->nodes = 3 + (int)tc_rng_below(rng, MAX_NODES - 2);
    int64_t edges[2 * MAX_NODES * MAX_NODES], caps[2 * MAX_NODES * MAX_NODES];
    int64_t ne = 0;
    int extra = (int)tc_rng_below(rng, (uint64_t)(2 * g->nodes));
    for (int k = 1; k < g->nodes + extra; k++) {
        int u = k < g->nodes ? k : (int)tc_rng_below(rng, (uint64_t)g->nodes);
        int v = k < g->nodes ? (int)tc_rng_below(rng, (uint64_t)k)
                             : (int)tc_rng_below(rng, (uint64_t)g->nodes);
        if (u == v || g->cap[u][v] != 0) {
            continue;
        }
        g->cap[u][v] = 1 + (int64_t)tc_rng_below(rng, 5);
        g->cap[v][u] = tc_rng_below(rng, 2) ? g->cap[u][v] : 1 + (int64_t)tc_rng_below(rng, 5);
        edges[2 * ne] = u;
        edges[2 * ne + 1] = v;
        caps[2 * ne] = g->cap[u][v];
        caps[2 * ne + 1] = g->cap[v][u];
        ne++;
    }
    int compute = g->nodes;
    for (int v = 1; v < g->nodes; v++) { /* node 0 always computes: it is the root */
        if (compute > 2 && tc_rng_below(rng, 3) == 0) {
            g->role[v] = TC_ROLE_SWITCH;
            compute--;
        }
    }
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_fabric_new(g->nodes, ne, edges, caps, g->role, NULL, "r", &net), TC_OK);
    return net;
}

/* Brute force: the least capacity entering a set that holds a compute node but not the root. */
static int64_t brute_bcast(const small_t *g, int root)
{
    int64_t best = INT64_MAX;
    for (uint32_t S = 1; S < (1u << g->nodes); S++) {
        bool compute = false;
        for (int v = 0; v < g->nodes; v++) {
            compute = compute || ((S >> v & 1) && g->role[v] == TC_ROLE_COMPUTE);
        }
        if ((S >> root & 1) || !compute) {
            continue;
        }
        int64_t in = 0;
        for (int u = 0; u < g->nodes; u++) {
            for (int v = 0; v < g->nodes; v++) {
                in += !(S >> u & 1) && (S >> v & 1) ? g->cap[u][v] : 0;
            }
        }
        best = in < best ? in : best;
    }
    return best;
}

/* Brute force: the least out(S) / |S ∩ C| over the sets that hold a compute node and leave one
 * out, as a fraction *num / *den (not reduced). */
static void brute_allgather(const small_t *g, int64_t *num, int64_t *den)
{
    *num = 1;
    *den = 0; /* infinity */
    for (uint32_t S = 1; S < (1u << g->nodes); S++) {
        int64_t in_c = 0, out_c = 0, out = 0;
        for (int v = 0; v < g->nodes; v++) {
            bool c = g->role[v] == TC_ROLE_COMPUTE;
            in_c += (S >> v & 1) && c;
            out_c += !(S >> v & 1) && c;
        }
        if (in_c == 0 || out_c == 0) {
            continue;
        }
        for (int u = 0; u < g->nodes; u++) {
            for (int v = 0; v < g->nodes; v++) {
                out += (S >> u & 1) && !(S >> v & 1) ? g->cap[u][v] : 0;
            }
        }
        if (*den == 0 || out * *den < *num * in_c) {
            *num = out;
            *den = in_c;
        }
    }
}

/* The cut a result names has the capacity and compute count it says, on the right sides. */
static void assert_cut(const small_t *g, const tc_optimum_t *o)
{
    int64_t cap = 0, compute = 0, nodes = 0;
    for (int u = 0; u < g->nodes; u++) {
        nodes += o->in_cut[u];
        compute += o->in_cut[u] && g->role[u] == TC_ROLE_COMPUTE;
        for (int v = 0; v < g->nodes; v++) {
            bool crosses = o->coll == TC_OPTIMUM_BCAST ? !o->in_cut[u] && o->in_cut[v]
                                                       : o->in_cut[u] && !o->in_cut[v];
            cap += crosses ? g->cap[u][v] : 0;
        }
    }
    assert_int_equal(nodes, o->cut_nodes);
    assert_int_equal(compute, o->cut_compute);
    assert_int_equal(cap, o->cut_capacity);
    assert_true(compute >= 1);
    if (o->coll == TC_OPTIMUM_BCAST) {
        assert_int_equal(cap, o->num);
        assert_false(o->in_cut[o->root]);
    } else {
        assert_int_equal(cap * o->den, o->num * compute);
        assert_true(compute < g->nodes); /* some compute node is outside */
    }
}

static void test_brute_force(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 2028, 0);
    for (int trial = 0; trial < 300; trial++) {
        small_t g;
        tc_net_t *net = random_network(&rng, &g);
        tc_optimum_t o;
        assert_int_equal(tc_optimum_bcast(net, 0, &o), TC_OK);
        if (o.num != brute_bcast(&g, 0)) {
            fail_msg("trial %d (%d nodes): bcast %lld, brute force %lld", trial, g.nodes,
                     (long long)o.num, (long long)brute_bcast(&g, 0));
        }
        assert_int_equal(o.den, 1);
        assert_cut(&g, &o);
        assert_int_equal(g.role[o.sink], TC_ROLE_COMPUTE);
        assert_true(o.in_cut[o.sink]);
        tc_optimum_destroy(&o);
        int64_t num, den;
        brute_allgather(&g, &num, &den);
        assert_int_equal(tc_optimum_allgather(net, &o), TC_OK);
        if (o.num * den != num * o.den) {
            fail_msg("trial %d (%d nodes): allgather %lld/%lld, brute force %lld/%lld", trial,
                     g.nodes, (long long)o.num, (long long)o.den, (long long)num, (long long)den);
        }
        assert_cut(&g, &o);
        tc_optimum_destroy(&o);
        tc_net_free(net);
    }
}

/* Closed forms: a vertex-transitive network of degree d and N nodes broadcasts at d and gathers
 * at d / (N - 1) (a node receives N - 1 blocks through d links, and no set does worse). */
static void test_closed_forms(void **state)
{
    (void)state;
    const struct {
        const char *spec;
        int64_t bcast, ag_num, ag_den;
    } cases[] = {
        {"star:3", 2, 2, 5},     {"star:4", 3, 3, 23},   {"star:5", 4, 4, 119},
        {"star:6", 5, 5, 719},   {"cube:2", 2, 2, 3},    {"cube:5", 5, 5, 31},
        {"cube:8", 8, 8, 255},   {"torus:2,5", 4, 1, 6}, {"torus:3,3", 6, 3, 13},
        {"torus:2,7", 4, 1, 12}, {"fcube:4", 5, 1, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tc_net_t *net = NULL;
        assert_int_equal(tc_net_parse(cases[i].spec, &net), TC_OK);
        tc_optimum_t o;
        assert_int_equal(tc_optimum_bcast(net, 0, &o), TC_OK);
        if (o.num != cases[i].bcast) {
            fail_msg("%s: bcast %lld, want %lld", cases[i].spec, (long long)o.num,
                     (long long)cases[i].bcast);
        }
        tc_optimum_destroy(&o);
        assert_int_equal(tc_optimum_allgather(net, &o), TC_OK);
        if (o.num != cases[i].ag_num || o.den != cases[i].ag_den) {
            fail_msg("%s: allgather %lld/%lld, want %lld/%lld", cases[i].spec, (long long)o.num,
                     (long long)o.den, (long long)cases[i].ag_num, (long long)cases[i].ag_den);
        }
        tc_optimum_destroy(&o);
        tc_net_free(net);
    }
}

/* A path of switches between two hosts: the bottleneck link decides both rates. */
static void test_bottleneck(void **state)
{
    (void)state;
    const char *text = "@switch s t\nh0 s 8\ns t 3 5\nt h1 8\n";
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_graph_read(text, strlen(text), "path", &net), TC_OK);
    tc_optimum_t o;
    /* ids by first appearance: s 0, t 1, h0 2, h1 3 */
    assert_int_equal(tc_optimum_bcast(net, 2, &o), TC_OK);
    assert_int_equal(o.num, 3); /* h0 -> h1 through s -> t, capacity 3 */
    assert_int_equal(o.sink, 3);
    tc_optimum_destroy(&o);
    assert_int_equal(tc_optimum_bcast(net, 3, &o), TC_OK); /* from h1: t -> s has 5 */
    assert_int_equal(o.num, 5);
    tc_optimum_destroy(&o);
    assert_int_equal(tc_optimum_allgather(net, &o), TC_OK); /* one block each way: min 3/1 */
    assert_int_equal(o.num, 3);
    assert_int_equal(o.den, 1);
    tc_optimum_destroy(&o);
    /* refusals: a switch as root, a root out of range, a network in pieces */
    assert_int_equal(tc_optimum_bcast(net, 0, &o), TC_EINVAL);
    assert_int_equal(tc_optimum_bcast(net, 9, &o), TC_EINVAL);
    tc_net_free(net);
    const char *pieces = "a b\nc d\n";
    assert_int_equal(tc_net_graph_read(pieces, strlen(pieces), "pieces", &net), TC_OK);
    assert_int_equal(tc_optimum_bcast(net, 0, &o), TC_EPARSE);
    assert_int_equal(tc_optimum_allgather(net, &o), TC_EPARSE);
    tc_net_free(net);
    assert_string_equal(tc_optimum_coll_name(TC_OPTIMUM_ALLGATHER), "allgather");
}

/* The optimal schedules reach the optimum on random networks with switches and capacities
 * equal both ways (tc_optimal_check recomputes everything): also where exchanging walks loses
 * rate and the pairs are split off one at a time (two networks of this seed). */
static void test_schedules_random(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 2029, 0);
    int built = 0, refused = 0;
    for (int trial = 0; trial < 200; trial++) {
        small_t g;
        tc_net_t *net = random_network(&rng, &g);
        /* make the capacities symmetric: a switch must have as much in as out */
        int64_t edges[2 * MAX_NODES * MAX_NODES], caps[2 * MAX_NODES * MAX_NODES], ne = 0;
        for (int u = 0; u < g.nodes; u++) {
            for (int v = u + 1; v < g.nodes; v++) {
                if (g.cap[u][v] != 0) {
                    edges[2 * ne] = u;
                    edges[2 * ne + 1] = v;
                    caps[2 * ne] = caps[2 * ne + 1] = g.cap[u][v];
                    ne++;
                }
            }
        }
        tc_net_free(net);
        assert_int_equal(tc_net_fabric_new(g.nodes, ne, edges, caps, g.role, NULL, "r", &net),
                         TC_OK);
        for (int c = 0; c < 2; c++) {
            tc_optimum_coll_t coll = c == 0 ? TC_OPTIMUM_BCAST : TC_OPTIMUM_ALLGATHER;
            tc_optimal_t *s = NULL;
            tc_err_t err = tc_optimal_build(net, coll, 0, &s);
            if (err == TC_ENOTSUP) {
                refused++;
                continue;
            }
            if (err != TC_OK) {
                fail_msg("trial %d %s: %s", trial, tc_optimum_coll_name(coll), tc_err_detail());
            }
            tc_optimal_report_t r;
            assert_int_equal(tc_optimal_check(s, &r), TC_OK);
            if (!r.optimal) {
                fail_msg("trial %d %s (%d nodes) by %s: rate %lld/%lld, bound %lld/%lld, "
                         "spanning %d routes %d roots %d feasible %d",
                         trial, tc_optimum_coll_name(coll), g.nodes, tc_optimal_method(s),
                         (long long)r.num, (long long)r.den, (long long)r.bound.num,
                         (long long)r.bound.den, r.spanning, r.routes, r.roots, r.feasible);
            }
            built++;
            tc_optimal_report_destroy(&r);
            tc_optimal_free(s);
        }
        tc_net_free(net);
    }
    print_message("schedules: %d optimal, %d refused\n", built, refused);
    assert_int_equal(refused, 0);
}

/* Host-limited fabrics: the bcast is the two-tree, optimal, each compute node inner (two
 * children at most) in one tree only, and the depth in tree arcs about log2 C, not C - 1 */
static void test_two_tree(void **state)
{
    (void)state;
    const char *nets[] = {"fattree:8", "dragonfly:4,2,2", "slimfly:5", "polarfly:7",
                          "hyperx:2,4,2"};
    for (size_t n = 0; n < sizeof nets / sizeof *nets; n++) {
        tc_net_t *net = NULL;
        assert_int_equal(tc_net_parse(nets[n], &net), TC_OK);
        int64_t C = tc_net_compute_nodes(net), root = C / 3, log2c = 0;
        while (((int64_t)1 << log2c) < C) {
            log2c++;
        }
        tc_optimal_t *s = NULL;
        assert_int_equal(tc_optimal_build(net, TC_OPTIMUM_BCAST, root, &s), TC_OK);
        assert_string_equal(tc_optimal_method(s), "two-tree");
        assert_int_equal(tc_optimal_trees(s), 2);
        tc_optimal_report_t r;
        assert_int_equal(tc_optimal_check(s, &r), TC_OK);
        assert_true(r.optimal);
        tc_optimal_report_destroy(&r);
        int64_t *kids = calloc((size_t)(2 * C), sizeof *kids);
        assert_non_null(kids);
        int64_t deepest = 0;
        for (int64_t t = 0; t < 2; t++) {
            assert_int_equal(tc_optimal_tree_root(s, t), root);
            for (int64_t i = 0; i < C; i++) {
                int64_t v = tc_optimal_compute(s, i), p = tc_optimal_parent(s, t, v), d = 0;
                if (p >= 0) {
                    int64_t pi = 0;
                    while (tc_optimal_compute(s, pi) != p) {
                        pi++;
                    }
                    kids[t * C + pi]++;
                }
                for (; p >= 0; p = tc_optimal_parent(s, t, p)) {
                    d++;
                    assert_true(d < C);
                }
                deepest = d > deepest ? d : deepest;
            }
        }
        for (int64_t i = 0; i < C; i++) {
            bool is_root = tc_optimal_compute(s, i) == root;
            assert_true(kids[i] <= (is_root ? 1 : 2) && kids[C + i] <= (is_root ? 1 : 2));
            assert_true(is_root || kids[i] == 0 || kids[C + i] == 0);
        }
        assert_true(deepest <= log2c + 1);
        free(kids);
        tc_optimal_free(s);
        tc_net_free(net);
    }
}

/* check fails on broken schedules: a heavier tree, a route that skips a link, a missing parent */
static void test_schedule_check_fails(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse("fattree:4", &net), TC_OK);
    for (int broken = 0; broken < 3; broken++) {
        tc_optimal_t *s = NULL;
        assert_int_equal(tc_optimal_build(net, TC_OPTIMUM_ALLGATHER, 0, &s), TC_OK);
        tc_optimal_report_t r;
        assert_int_equal(tc_optimal_check(s, &r), TC_OK);
        assert_true(r.optimal);
        tc_optimal_report_destroy(&r);
        if (broken == 0) {
            s->weight[3] += 1; /* node 3's trees now outweigh the others' */
        } else if (broken == 1) {
            int64_t a = s->parent_arc[1 * s->C + 2]; /* a route through switches: drop one */
            assert_true(s->route_len[a] >= 2);
            s->pool[s->route_off[a]] = s->pool[s->route_off[a] + 1];
        } else {
            s->parent_arc[0 * s->C + 5] = -1;
        }
        assert_int_equal(tc_optimal_check(s, &r), TC_OK);
        assert_false(r.optimal);
        assert_true(broken != 0 || !r.roots);
        assert_true(broken != 1 || !r.routes);
        assert_true(broken != 2 || !r.spanning);
        tc_optimal_report_destroy(&r);
        tc_optimal_free(s);
    }
    /* twice the weight on every bcast tree: the arcs over capacity */
    tc_optimal_t *s = NULL;
    assert_int_equal(tc_optimal_build(net, TC_OPTIMUM_BCAST, 0, &s), TC_OK);
    for (int64_t t = 0; t < s->trees; t++) {
        s->weight[t] *= 2;
    }
    tc_optimal_report_t r;
    assert_int_equal(tc_optimal_check(s, &r), TC_OK);
    assert_false(r.feasible);
    assert_false(r.optimal);
    assert_int_equal(r.num * r.bound.den, r.bound.num * r.den); /* scaled back to the arc */
    tc_optimal_report_destroy(&r);
    tc_optimal_free(s);
    tc_net_free(net);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force), cmocka_unit_test(test_closed_forms),
        cmocka_unit_test(test_bottleneck),  cmocka_unit_test(test_schedules_random),
        cmocka_unit_test(test_two_tree),    cmocka_unit_test(test_schedule_check_fails),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
