/* Property tests of the collective plans (include/treecast/plan.h) run in the round engine
 * (include/treecast/sim.h) on star graphs S_4 .. S_7, wired as `treecast sim` wires them
 * (tools/treecast/sim_run.c): tc_topo_init, tc_trees_build (EDT or BFS),
 * tc_plan_trees_init, tc_coll_new, tc_sim_run.
 *
 * Paper 000 (Fragopoulou & Akl), Section 4, with corrections 000.5-000.7:
 *   - the EDT subtrees have depth exactly floor(3(n-2)/2) + 4, the BFS tree floor(3(n-1)/2);
 *   - a packet crosses one link per round and M packets down depth D take M + D - 1 rounds;
 *   - the synchronized depth-first schedule of multinode broadcast uses distinct dimensions at
 *     every step, with and without the acknowledgement steps (Lemma 7).
 *
 * Every expected number below is derived independently of the plan code: from the paper's
 * closed forms, from the trees (depths, children), or from a model of the depth-first
 * traversal (multinode under faults).
 *
 * Two schedule bugs found here are fixed and pinned: multinode with unequal groups (M x not a
 * multiple of n-1) queued until the trees were kept in lockstep (test_multinode_fewer_copies);
 * total exchange with M >= 2 queued until each message became its own group
 * (test_total_exchange). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/net.h"
#include "treecast/plan.h"
#include "treecast/rng.h"
#include "treecast/sim.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- context for failure messages ---------------------------------------------------------- */

static char where[256];

static void eq(int64_t got, int64_t want, const char *what)
{
    if (got != want) {
        print_error("%s: %s = %lld, expected %lld\n", where, what, (long long)got, (long long)want);
        fail();
    }
}

static void holds(bool ok, const char *what)
{
    if (!ok) {
        print_error("%s: %s does not hold\n", where, what);
        fail();
    }
}

/* ---- a star graph, its topology and a forest prepared for plans ------------------------------ */

typedef struct {
    int n;
    int64_t N;
    tc_net_t *net;
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
    bool have_trees;
} env_t;

static void env_open(env_t *e, int n)
{
    memset(e, 0, sizeof *e);
    e->n = n;
    assert_int_equal(tc_net_star_new(n, &e->net), TC_OK);
    e->N = tc_net_nodes(e->net);
    assert_int_equal(tc_topo_init(&e->topo, e->net), TC_OK);
    assert_int_equal(e->topo.nodes, e->N);
    assert_int_equal(e->topo.ports, n - 1);
}

static void env_drop_trees(env_t *e)
{
    if (e->have_trees) {
        tc_plan_trees_destroy(&e->trees);
        tc_forest_free(e->forest);
        e->forest = NULL;
        e->have_trees = false;
    }
}

static void env_trees(env_t *e, tc_kind_t kind, int64_t root, tc_child_order_t order)
{
    env_drop_trees(e);
    assert_int_equal(tc_trees_build(e->net, kind, root, 1, &e->forest), TC_OK);
    assert_int_equal(tc_plan_trees_init(&e->trees, e->forest, &e->topo, order), TC_OK);
    e->have_trees = true;
    assert_int_equal(e->trees.root, root);
    assert_int_equal(e->trees.nodes, e->N);
}

static void env_close(env_t *e)
{
    env_drop_trees(e);
    tc_topo_destroy(&e->topo);
    tc_net_free(e->net);
    memset(e, 0, sizeof *e);
}

static int depth_in(const env_t *e, int t, int64_t v)
{
    return e->trees.depth[(size_t)t * (size_t)e->N + (size_t)v];
}

static int64_t step_to(const env_t *e, int64_t v, int port)
{
    return e->topo.nbr[v * e->topo.ports + port];
}

static tc_coll_t *coll_make(const env_t *e, tc_collective_t what, int64_t M, int x, tc_acks_t acks)
{
    tc_coll_opts_t o = {.what = what, .M = M, .x = x, .acks = acks};
    tc_coll_t *c = NULL;
    tc_err_t err = tc_coll_new(&e->trees, &e->topo, &o, &c);
    if (err != TC_OK) {
        print_error("%s: tc_coll_new: %s\n", where, tc_err_detail());
    }
    assert_int_equal(err, TC_OK);
    assert_non_null(c);
    return c;
}

static tc_sim_result_t sim_run(const env_t *e, const tc_plan_t *plan, const tc_faults_t *f,
                               uint8_t *complete)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    assert_int_equal(tc_sim_run(&e->topo, &cfg, f, plan, &r, complete), TC_OK);
    holds(!r.stopped, "the run ended by itself");
    return r;
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

/* The depth of every EDT subtree (corrections 000.5) and of the BFS tree (the diameter). */
static int edt_depth(int n)
{
    return 3 * (n - 2) / 2 + 4;
}

static int bfs_depth(int n)
{
    return 3 * (n - 1) / 2;
}

/* The spread rule of plan.h: copy j of message m goes down tree (m*x + j) mod T. */
static int spread_tree(int64_t m, int x, int j, int T)
{
    return (int)((m * x + j) % T);
}

/* A seeded node other than `avoid`. */
static int64_t seeded_node(const env_t *e, uint64_t seed, uint64_t stream, int64_t avoid)
{
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, stream);
    int64_t v;
    do {
        v = (int64_t)tc_rng_below(&rng, (uint64_t)e->N);
    } while (v == avoid);
    return v;
}

/* ---- (a) fault-free broadcasts: rounds and transmissions match the formulas --------------- */

/* Every tree spans the network and has the expected depth. */
static void check_tree_depths(const env_t *e, int want_depth)
{
    for (int t = 0; t < e->trees.ntrees; t++) {
        int deepest = 0;
        for (int64_t v = 0; v < e->N; v++) {
            int d = depth_in(e, t, v);
            holds(d != 0xFF, "every node is in every tree");
            deepest = d > deepest ? d : deepest;
        }
        eq(deepest, want_depth, "tree depth");
    }
    eq(e->trees.maxdepth, want_depth, "maxdepth");
}

/* The round by which every node has every message when tree t sends its list (its messages in
 * increasing order, one per round from round 1, paced at the root) and a copy sent in round k+1
 * reaches v in round k + depth_t(v): the earliest copy counts. */
static int64_t bcast_complete_round(const env_t *e, int64_t M, int x)
{
    int T = e->trees.ntrees;
    int64_t *pos = malloc((size_t)(M * x) * sizeof *pos);
    assert_non_null(pos);
    int64_t len[64] = {0};
    for (int64_t m = 0; m < M; m++) {
        for (int j = 0; j < x; j++) {
            pos[m * x + j] = len[spread_tree(m, x, j, T)]++;
        }
    }
    int64_t worst = 0;
    for (int64_t v = 0; v < e->N; v++) {
        if (v == e->trees.root) {
            continue;
        }
        for (int64_t m = 0; m < M; m++) {
            int64_t best = INT64_MAX;
            for (int j = 0; j < x; j++) {
                int64_t a = pos[m * x + j] + depth_in(e, spread_tree(m, x, j, T), v);
                best = a < best ? a : best;
            }
            worst = best > worst ? best : worst;
        }
    }
    free(pos);
    return worst;
}

/* bcast (x = 1), ft-bcast (x copies) or bcast-bfs (bfs) from the trees' root. */
static void check_one_source_bcast(const env_t *e, tc_collective_t what, bool bfs, int64_t M, int x)
{
    int n = e->n;
    int64_t N = e->N;
    int T = e->trees.ntrees;
    snprintf(where, sizeof where, "S_%d %s root %lld M=%lld x=%d", n,
             bfs                     ? "bcast-bfs"
             : what == TC_COLL_BCAST ? "bcast"
                                     : "ft-bcast",
             (long long)e->trees.root, (long long)M, x);
    int64_t want_rounds;
    if (bfs) {
        eq(T, 1, "BFS trees");
        want_rounds = M + bfs_depth(n) - 1;
    } else if (what == TC_COLL_BCAST) {
        want_rounds = ceil_div(M, n - 1) + edt_depth(n) - 1;
    } else if (x == n - 1) {
        want_rounds = M + edt_depth(n) - 1;
    } else {
        want_rounds = ceil_div(M * x, n - 1) + edt_depth(n) - 1;
    }
    int copies = what == TC_COLL_BCAST ? 1 : x;
    tc_coll_t *c = coll_make(e, what, M, x, TC_ACKS_FREE);
    uint8_t *complete = malloc((size_t)N);
    assert_non_null(complete);
    tc_sim_result_t r = sim_run(e, tc_coll_plan(c), NULL, complete);
    eq(r.rounds, want_rounds, "rounds");
    /* with one copy the last packet completes the run; with x copies a node is complete at
     * its earliest copy of every message, which can be well before the last round */
    eq(r.complete_round, bcast_complete_round(e, M, copies), "complete_round");
    holds(r.complete_round <= r.rounds, "complete_round <= rounds");
    if (copies == 1) {
        eq(r.complete_round, r.rounds, "complete_round");
    }
    eq(r.transmissions, M * copies * (N - 1), "transmissions");
    eq(tc_coll_data_transmissions(c), M * copies * (N - 1), "tc_coll_data_transmissions");
    eq(r.control, 0, "control");
    eq(r.free_signals, 0, "free_signals");
    eq(r.dropped, 0, "dropped");
    eq(r.queued_packets, 0, "queued_packets");
    eq(r.queue_rounds, 0, "queue_rounds");
    eq(r.nodes_nonfaulty, N, "nodes_nonfaulty");
    eq(r.nodes_complete, N, "nodes_complete");
    eq(r.keys_expected, M * (N - 1), "keys_expected");
    eq(r.keys_delivered, M * (N - 1), "keys_delivered");
    eq(r.duplicates, M * (copies - 1) * (N - 1), "duplicates");
    /* the trees are directed-edge-disjoint: a link carries what its one tree carries */
    eq(r.max_link_load, ceil_div(M * copies, T), "max_link_load");
    for (int64_t v = 0; v < N; v++) {
        eq(complete[v], 1, "complete[v]");
    }
    free(complete);
    tc_coll_free(c);
}

static const int64_t many_M[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 37, 60};

static void all_bcasts(env_t *e, int64_t root)
{
    int n = e->n;
    size_t nM = sizeof many_M / sizeof many_M[0];
    env_trees(e, TC_KIND_EDT, root, TC_ORDER_PAPER);
    snprintf(where, sizeof where, "S_%d EDT root %lld", n, (long long)root);
    eq(e->trees.ntrees, n - 1, "EDT trees");
    check_tree_depths(e, edt_depth(n));
    for (size_t k = 0; k < nM; k++) {
        check_one_source_bcast(e, TC_COLL_BCAST, false, many_M[k], 1);
        for (int x = 1; x <= n - 1; x++) {
            check_one_source_bcast(e, TC_COLL_FT_BCAST, false, many_M[k], x);
        }
    }
    env_trees(e, TC_KIND_BFS, root, TC_ORDER_PAPER);
    snprintf(where, sizeof where, "S_%d BFS root %lld", n, (long long)root);
    check_tree_depths(e, bfs_depth(n));
    for (size_t k = 0; k < nM; k++) {
        check_one_source_bcast(e, TC_COLL_BCAST, true, many_M[k], 1);
    }
}

static void test_bcast_formulas_identity_root(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        all_bcasts(&e, 0);
        env_close(&e);
    }
}

static void test_bcast_formulas_random_roots(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        for (uint64_t s = 0; s < 3; s++) {
            int64_t root = seeded_node(&e, 0xb0075 + (uint64_t)n, s, 0);
            env_trees(&e, TC_KIND_EDT, root, TC_ORDER_PAPER);
            check_tree_depths(&e, edt_depth(n));
            const int64_t Ms[] = {1, 5, 13, 37};
            for (size_t k = 0; k < sizeof Ms / sizeof Ms[0]; k++) {
                check_one_source_bcast(&e, TC_COLL_BCAST, false, Ms[k], 1);
                for (int x = 2; x <= n - 1; x++) {
                    check_one_source_bcast(&e, TC_COLL_FT_BCAST, false, Ms[k], x);
                }
            }
            env_trees(&e, TC_KIND_BFS, root, TC_ORDER_PAPER);
            check_tree_depths(&e, bfs_depth(n));
            check_one_source_bcast(&e, TC_COLL_BCAST, true, 7, 1);
        }
        env_close(&e);
    }
}

/* S_7 (5040 nodes): a few single runs only. */
static void test_bcast_formulas_s7(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, 7);
    env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
    check_tree_depths(&e, edt_depth(7));
    check_one_source_bcast(&e, TC_COLL_BCAST, false, 13, 1);
    check_one_source_bcast(&e, TC_COLL_FT_BCAST, false, 3, 6);
    check_one_source_bcast(&e, TC_COLL_FT_BCAST, false, 5, 4); /* 4 does not divide 6 */
    int64_t root = seeded_node(&e, 0x57, 0, 0);
    env_trees(&e, TC_KIND_EDT, root, TC_ORDER_PAPER);
    check_one_source_bcast(&e, TC_COLL_FT_BCAST, false, 4, 6);
    env_close(&e);
}

/* ---- (b) fault tolerance of ft-bcast ------------------------------------------------------- */

/* Run a campaign and require that every trial delivered everything to every non-faulty node. */
static void campaign_all_delivered(const env_t *e, const tc_plan_t *plan, int64_t protect,
                                   tc_fault_kind_t kind, int64_t k, bool on_paths, int64_t trials,
                                   uint64_t seed)
{
    tc_sim_trial_t *out = calloc((size_t)trials, sizeof *out);
    assert_non_null(out);
    tc_sim_campaign_t camp = {
        .trials = trials, .seed = seed, .kind = kind, .k = k, .on_paths = on_paths, .threads = 2};
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_err_t err = tc_sim_campaign_run(&e->topo, &cfg, plan, &e->trees, protect, &camp, out);
    if (err != TC_OK) {
        print_error("%s: tc_sim_campaign_run: %s\n", where, tc_err_detail());
    }
    assert_int_equal(err, TC_OK);
    for (int64_t i = 0; i < trials; i++) {
        if (!out[i].all || out[i].delivered != 1.0) {
            print_error("%s: trial %lld (k = %lld, target %lld) delivered %.6f\n", where,
                        (long long)i, (long long)k, (long long)out[i].target, out[i].delivered);
            fail();
        }
        if (on_paths) {
            eq(out[i].faulty_nodes, k, "faulty nodes on paths");
            holds(out[i].target >= 0 && out[i].target != protect, "a target");
        } else if (kind == TC_FAULTS_NODES) {
            eq(out[i].faulty_nodes, k, "faulty nodes");
        } else if (kind == TC_FAULTS_LINKS) {
            eq(out[i].faulty_links, 2 * k, "faulty directed links");
        } else if (kind == TC_FAULTS_ARCS) {
            eq(out[i].faulty_links, k, "faulty directed links");
        } else {
            eq(out[i].faulty_nodes + out[i].faulty_links / 2, k, "mixed faults");
        }
    }
    free(out);
}

/* ft-bcast --x X survives any X-1 faults: 5 fault kinds x every X, on S_4, S_5, S_6. */
static void test_ft_bcast_tolerates_x_minus_1_faults(void **state)
{
    (void)state;
    static const tc_fault_kind_t kinds[] = {TC_FAULTS_NODES, TC_FAULTS_LINKS, TC_FAULTS_ARCS,
                                            TC_FAULTS_MIXED};
    static const char *const kind_names[] = {"nodes", "links", "arcs", "mixed"};
    int64_t cases = 0;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        int64_t trials = n == 4 ? 120 : n == 5 ? 100 : 40;
        /* identity root on S_4 and S_6, a random root on S_5 */
        int64_t root = n == 5 ? seeded_node(&e, 0xf7, 0, 0) : 0;
        env_trees(&e, TC_KIND_EDT, root, TC_ORDER_PAPER);
        int64_t M = n; /* > n-1 trees: the spread wraps around */
        for (int X = 1; X <= n - 1; X++) {
            tc_coll_t *c = coll_make(&e, TC_COLL_FT_BCAST, M, X, TC_ACKS_FREE);
            for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
                snprintf(where, sizeof where, "S_%d ft-bcast x=%d M=%lld, %s:%d", n, X,
                         (long long)M, kind_names[k], X - 1);
                campaign_all_delivered(&e, tc_coll_plan(c), root, kinds[k], X - 1, false, trials,
                                       1000 * (uint64_t)n + (uint64_t)X);
                cases += trials;
            }
            snprintf(where, sizeof where, "S_%d ft-bcast x=%d M=%lld, paths:%d", n, X, (long long)M,
                     X - 1);
            campaign_all_delivered(&e, tc_coll_plan(c), root, TC_FAULTS_NODES, X - 1, true, trials,
                                   2000 * (uint64_t)n + (uint64_t)X);
            cases += trials;
            tc_coll_free(c);
        }
        env_close(&e);
    }
    print_message("ft-bcast fault tolerance: %lld seeded cases\n", (long long)cases);
    holds(cases >= 4000, "thousands of cases");
}

/* Cut target's root path in tree t: fault one inner node (seeded hop count), or one directed
 * link of the path going down (arc: any of its d links, the root's and the target's included).
 */
static void fault_on_path(const env_t *e, int t, int64_t target, bool arc, tc_rng_t *rng,
                          tc_faults_t *f)
{
    int d = depth_in(e, t, target);
    assert_true(d >= 2);
    int steps =
        arc ? (int)tc_rng_below(rng, (uint64_t)d) : 1 + (int)tc_rng_below(rng, (uint64_t)(d - 1));
    int64_t w = target;
    for (int s = 0; s < steps; s++) {
        w = step_to(e, w, e->trees.pport[(size_t)t * (size_t)e->N + (size_t)w]);
    }
    if (arc) { /* the link from w's parent down to w */
        int port = e->trees.pport[(size_t)t * (size_t)e->N + (size_t)w];
        tc_faults_add_link(f, &e->topo, step_to(e, w, port), port, false);
    } else {
        assert_true(w != target && w != e->trees.root);
        tc_faults_add_node(f, w);
    }
}

/* Tightness: ft-bcast --x X loses message 0 at a target once the X trees that carry message 0
 * (trees 0..X-1 by the spread rule) are all cut on the target's root paths, at faulty nodes or
 * at faulty directed links; with X-1 of them cut everything arrives. Also, with X = n-1 and
 * tc_faults_on_paths cutting all n-1 paths, the target misses something: the fault-tolerance degree
 * is exactly X-1. */
static void test_ft_bcast_tightness(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        uint8_t *complete = malloc((size_t)e.N);
        assert_non_null(complete);
        int64_t M = 2 * (n - 1) + 1;
        tc_rng_t rng;
        tc_rng_seed(&rng, 0x7197 + (uint64_t)n, 0);
        for (int X = 1; X <= n - 1; X++) {
            tc_coll_t *c = coll_make(&e, TC_COLL_FT_BCAST, M, X, TC_ACKS_FREE);
            int done = 0;
            while (done < 6) {
                int64_t target = 1 + (int64_t)tc_rng_below(&rng, (uint64_t)(e.N - 1));
                bool usable = true;
                for (int t = 0; t < n - 1; t++) {
                    usable = usable && depth_in(&e, t, target) >= 2;
                }
                if (!usable) {
                    continue;
                }
                done++;
                for (int variant = 0; variant < 4; variant++) {
                    /* X-1 or X faulty nodes, X-1 or X faulty directed links */
                    bool arc = variant >= 2;
                    int cuts = variant % 2 ? X : X - 1;
                    snprintf(where, sizeof where,
                             "S_%d ft-bcast x=%d M=%lld target %lld, %d of the %d paths of "
                             "message 0 cut at %s",
                             n, X, (long long)M, (long long)target, cuts, X,
                             arc ? "links" : "nodes");
                    tc_faults_t f;
                    assert_int_equal(tc_faults_init(&f, &e.topo), TC_OK);
                    for (int j = 0; j < cuts; j++) {
                        fault_on_path(&e, spread_tree(0, X, j, n - 1), target, arc, &rng, &f);
                    }
                    /* the paths are internally node-disjoint, hence also link-disjoint */
                    eq(arc ? f.faulty_links : f.faulty_nodes, cuts, "distinct faults");
                    tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), &f, complete);
                    if (cuts < X) {
                        eq(r.nodes_complete, r.nodes_nonfaulty, "nodes_complete");
                        eq(complete[target], 1, "target complete");
                    } else {
                        eq(complete[target], 0, "target complete");
                        holds(r.nodes_complete < r.nodes_nonfaulty, "someone misses a message");
                        holds(r.keys_delivered < r.keys_expected, "a key is missing");
                    }
                    tc_faults_destroy(&f);
                }
            }
            tc_coll_free(c);
        }
        /* X = n-1, every root path of the target cut by tc_faults_on_paths */
        tc_coll_t *c = coll_make(&e, TC_COLL_FT_BCAST, M, n - 1, TC_ACKS_FREE);
        int done = 0;
        for (uint64_t s = 0; done < 8; s++) {
            int64_t target = seeded_node(&e, 0xc07 + (uint64_t)n, s, 0);
            bool usable = true;
            for (int t = 0; t < n - 1; t++) {
                usable = usable && depth_in(&e, t, target) >= 2;
            }
            if (!usable) {
                continue;
            }
            done++;
            snprintf(where, sizeof where, "S_%d ft-bcast x=%d, paths:%d at target %lld", n, n - 1,
                     n - 1, (long long)target);
            tc_faults_t f;
            assert_int_equal(tc_plan_faults_on_paths(&f, &e.trees, &e.topo, target, n - 1, s),
                             TC_OK);
            eq(f.faulty_nodes, n - 1, "faulty nodes");
            eq(f.node[target], 0, "target not faulty");
            tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), &f, complete);
            eq(complete[target], 0, "target complete");
            holds(r.nodes_complete < r.nodes_nonfaulty, "someone misses a message");
            tc_faults_destroy(&f);
            /* one fewer: the target gets everything */
            assert_int_equal(tc_plan_faults_on_paths(&f, &e.trees, &e.topo, target, n - 2, s),
                             TC_OK);
            r = sim_run(&e, tc_coll_plan(c), &f, complete);
            eq(complete[target], 1, "target complete with n-2 paths cut");
            eq(r.nodes_complete, r.nodes_nonfaulty, "nodes_complete with n-2 paths cut");
            tc_faults_destroy(&f);
        }
        tc_coll_free(c);
        free(complete);
        env_close(&e);
    }
}

/* ---- (c) multinode broadcast ----------------------------------------------------------------- */

/* A wrapper around a plan that does not expect keys from faulty sources: a faulty node sends
 * nothing, so a non-faulty node can at best get the M messages of every non-faulty source. */
typedef struct {
    tc_plan_t plan;
    const tc_plan_t *inner;
    int64_t discount;
} live_plan_t;

static int64_t live_expected(void *ctx, int64_t node)
{
    live_plan_t *w = ctx;
    return w->inner->expected(w->inner->ctx, node) - w->discount;
}

static void live_start(void *ctx, tc_exec_t *sim)
{
    live_plan_t *w = ctx;
    w->inner->start(w->inner->ctx, sim);
}

static void live_receive(void *ctx, tc_exec_t *sim, int64_t node, int port, const tc_packet_t *p)
{
    live_plan_t *w = ctx;
    w->inner->receive(w->inner->ctx, sim, node, port, p);
}

static bool live_tick(void *ctx, tc_exec_t *sim, int64_t round)
{
    live_plan_t *w = ctx;
    return w->inner->tick(w->inner->ctx, sim, round);
}

static void live_wrap(live_plan_t *w, const tc_plan_t *inner, int64_t M, const tc_faults_t *f)
{
    memset(w, 0, sizeof *w);
    w->inner = inner;
    w->discount = M * (f != NULL ? f->faulty_nodes : 0);
    w->plan.ctx = w;
    w->plan.keys = inner->keys;
    w->plan.expected = live_expected;
    w->plan.start = live_start;
    w->plan.receive = live_receive;
    w->plan.tick = inner->tick != NULL ? live_tick : NULL;
}

/* One link use of the depth-first traversal of a tree rooted at node 0 (the root's frame). */
typedef struct {
    int32_t from, to;
    uint8_t port;
    bool down;    /* a group going down; otherwise the acknowledgement going up */
    bool segment; /* a new child of the root: its traversal is independent (step 1) */
} hop_t;

/* The Euler tour of tree t: children in the prepared order, every edge down then up. */
static hop_t *euler_tour(const env_t *e, int t, int64_t *len)
{
    int64_t N = e->N;
    int P = e->topo.ports;
    const int32_t *cs = e->trees.cstart + (size_t)t * (size_t)(N + 1);
    const uint8_t *kp = e->trees.cport + (size_t)t * (size_t)N;
    const uint8_t *pp = e->trees.pport + (size_t)t * (size_t)N;
    hop_t *tour = malloc((size_t)(2 * N) * sizeof *tour);
    int32_t *sv = malloc((size_t)N * sizeof *sv);
    int32_t *sj = malloc((size_t)N * sizeof *sj);
    assert_true(tour != NULL && sv != NULL && sj != NULL);
    int64_t n = 0, sp = 1;
    sv[0] = (int32_t)e->trees.root;
    sj[0] = cs[e->trees.root];
    while (sp > 0) {
        int32_t v = sv[sp - 1];
        if (sj[sp - 1] < cs[v + 1]) {
            uint8_t port = kp[sj[sp - 1]++];
            int32_t u = e->topo.nbr[(int64_t)v * P + port];
            assert_true(n < 2 * N && sp < N);
            tour[n++] = (hop_t){v, u, port, true, sp == 1};
            sv[sp] = u;
            sj[sp] = cs[u];
            sp++;
        } else {
            sp--;
            if (sp > 0) {
                assert_true(n < 2 * N);
                tour[n++] = (hop_t){v, sv[sp - 1], pp[v], false, false};
            }
        }
    }
    eq(n, 2 * (N - 1), "Euler tour length");
    free(sv);
    free(sj);
    *len = n;
    return tour;
}

typedef struct {
    int64_t data_tx;        /* data packets that crossed a link (lost ones included) */
    int64_t acks;           /* acknowledgements that arrived */
    int64_t lost_acks;      /* acknowledgements lost on a faulty link */
    int64_t dropped;        /* packets and free signals lost */
    int64_t rounds;         /* the last round in which something crossed a link */
    int64_t complete_round; /* -1 unless every non-faulty node gets everything it can */
    int64_t live_complete;
    uint8_t *complete; /* per node: got every message of every non-faulty source */
} mn_model_t;

/* A model of the synchronized depth-first multinode schedule, built from the trees alone:
 * source h's tree t is the tree of node 0 translated by h (node = h . rel). From round 1 the
 * traversal below each child of the root follows the Euler tour: a group of g messages takes g
 * rounds down an edge (its k-th message arrives in the k-th of them), an acknowledgement takes
 * one round up (TC_ACKS_ROUND) or none (free), and the next child is served at once. It stops
 * at the first link use that fails: a group sent into a faulty node or over a faulty link is lost
 * and never acknowledged; an acknowledgement lost on a faulty link is never followed by the next
 * child. A node gets message m of h when one of the trees carrying m reached it. The timing
 * assumes no queueing (Lemma 7), which the caller checks. */
static void multinode_model(const env_t *e, int64_t M, int x, tc_acks_t acks, const tc_faults_t *f,
                            mn_model_t *out)
{
    int n = e->n, T = e->trees.ntrees, P = e->topo.ports;
    int64_t N = e->N;
    int64_t up_cost = acks == TC_ACKS_ROUND ? 1 : 0;
    memset(out, 0, sizeof *out);
    int64_t group[64] = {0};
    int64_t *idx = malloc((size_t)(T * M) * sizeof *idx); /* message m's place in group t */
    assert_non_null(idx);
    for (int64_t k = 0; k < T * M; k++) {
        idx[k] = -1;
    }
    for (int64_t m = 0; m < M; m++) {
        for (int j = 0; j < x; j++) {
            int t = spread_tree(m, x, j, T);
            idx[t * M + m] = group[t]++;
        }
    }
    hop_t *tour[64];
    int64_t tlen[64];
    for (int t = 0; t < T; t++) {
        tour[t] = euler_tour(e, t, &tlen[t]);
    }
    uint8_t *perm = malloc((size_t)N * (size_t)n);
    int32_t *act = malloc((size_t)N * sizeof *act);
    int64_t *arr = malloc((size_t)T * (size_t)N * sizeof *arr); /* group's first round, -1 */
    uint8_t *bad = calloc((size_t)N, 1);
    out->complete = malloc((size_t)N);
    assert_true(perm != NULL && act != NULL && arr != NULL && bad != NULL && out->complete != NULL);
    for (int64_t v = 0; v < N; v++) {
        tc_star_unrank(n, v, perm + v * n);
    }
    const uint8_t *fnode = f != NULL ? f->node : NULL;
    const uint8_t *flink = f != NULL ? f->link : NULL;
    int64_t last_key = 0; /* the round of the last first arrival of a key */
    for (int64_t h = 0; h < N; h++) {
        if (fnode != NULL && fnode[h]) { /* a faulty source sends nothing: its sends are lost */
            for (int t = 0; t < T; t++) {
                const int32_t *cs = e->trees.cstart + (size_t)t * (size_t)(N + 1);
                out->dropped += (cs[e->trees.root + 1] - cs[e->trees.root]) * group[t];
            }
            continue;
        }
        for (int64_t rel = 0; rel < N; rel++) {
            uint8_t q[16];
            tc_star_compose(n, perm + h * n, perm + rel * n, q);
            act[rel] = (int32_t)tc_star_rank(n, q);
        }
        eq(act[e->trees.root], h, "translation of the root");
        for (int64_t k = 0; k < T * N; k++) {
            arr[k] = -1;
        }
        for (int t = 0; t < T; t++) {
            if (group[t] == 0) {
                continue;
            }
            bool stalled = false;
            int64_t now = 0; /* the last round used by this traversal */
            for (int64_t k = 0; k < tlen[t]; k++) {
                const hop_t *s = &tour[t][k];
                if (s->segment) {
                    stalled = false;
                    now = 0;
                }
                if (stalled) {
                    continue;
                }
                int64_t a = act[s->from], b = act[s->to];
                eq(step_to(e, a, s->port), b, "translation preserves dimensions");
                bool fails =
                    (flink != NULL && flink[a * P + s->port]) || (fnode != NULL && fnode[b]);
                if (s->down) {
                    out->data_tx += group[t];
                    if (!fails) {
                        arr[(size_t)t * (size_t)N + (size_t)b] = now + 1;
                    }
                    now += group[t];
                    out->rounds = now > out->rounds ? now : out->rounds;
                    if (fails) {
                        out->dropped += group[t];
                        stalled = true;
                    }
                } else {
                    now += up_cost;
                    out->rounds = (up_cost > 0 && now > out->rounds) ? now : out->rounds;
                    if (fails) {
                        out->lost_acks++;
                        out->dropped++;
                        stalled = true;
                    } else {
                        out->acks++;
                    }
                }
            }
        }
        for (int64_t v = 0; v < N; v++) {
            if (v == h || (fnode != NULL && fnode[v])) {
                continue;
            }
            for (int64_t m = 0; m < M; m++) {
                int64_t first = -1;
                for (int j = 0; j < x; j++) {
                    int t = spread_tree(m, x, j, T);
                    int64_t a = arr[(size_t)t * (size_t)N + (size_t)v];
                    if (a >= 0 && (first < 0 || a + idx[t * M + m] < first)) {
                        first = a + idx[t * M + m];
                    }
                }
                if (first < 0) {
                    bad[v] = 1;
                } else if (first > last_key) {
                    last_key = first;
                }
            }
        }
    }
    for (int64_t v = 0; v < N; v++) {
        out->complete[v] = !(fnode != NULL && fnode[v]) && !bad[v];
        out->live_complete += out->complete[v];
    }
    int64_t faulty = f != NULL ? f->faulty_nodes : 0;
    out->complete_round = out->live_complete == N - faulty ? last_key : -1;
    for (int t = 0; t < T; t++) {
        free(tour[t]);
    }
    free(idx);
    free(perm);
    free(act);
    free(arr);
    free(bad);
}

/* Run multinode (trees of node 0 prepared) with faults (or NULL) and compare every count, the
 * rounds and every node with the model. The run uses the live-sources wrapper. */
static tc_sim_result_t check_multinode_model(const env_t *e, int64_t M, int x, tc_acks_t acks,
                                             const tc_faults_t *f, mn_model_t *model)
{
    int64_t N = e->N;
    tc_coll_t *c = coll_make(e, TC_COLL_MULTINODE, M, x, acks);
    live_plan_t w;
    live_wrap(&w, tc_coll_plan(c), M, f);
    uint8_t *complete = malloc((size_t)N);
    assert_non_null(complete);
    tc_sim_result_t r = sim_run(e, &w.plan, f, complete);
    multinode_model(e, M, x, acks, f, model);
    int64_t ctl = acks == TC_ACKS_ROUND ? model->acks + model->lost_acks : 0;
    eq(r.queued_packets, 0, "queued_packets");
    eq(r.transmissions - r.control, model->data_tx, "data transmissions (model)");
    eq(r.control, ctl, "acknowledgements on links (model)");
    eq(r.free_signals, acks == TC_ACKS_FREE ? model->acks : 0, "free signals (model)");
    eq(r.dropped, model->dropped, "dropped (model)");
    eq(r.rounds, model->rounds, "rounds (model)");
    eq(r.complete_round, model->complete_round, "complete_round (model)");
    eq(r.nodes_complete, model->live_complete, "nodes complete (model)");
    for (int64_t v = 0; v < N; v++) {
        eq(complete[v], model->complete[v], "complete[v] (model)");
    }
    free(complete);
    tc_coll_free(c);
    return r;
}

/* Fault-free multinode with free acknowledgements: Table 1's M(n!-1) rounds exactly, with no
 * queueing; the model predicts the same run (and the round by which every node has
 * everything: the earliest of the n-1 copies, well before the last round). */
static void test_multinode_free_acks(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        int64_t N = e.N;
        for (int64_t M = 1; M <= 2; M++) {
            snprintf(where, sizeof where, "S_%d multinode M=%lld x=%d free acks", n, (long long)M,
                     n - 1);
            tc_coll_t *c = coll_make(&e, TC_COLL_MULTINODE, M, n - 1, TC_ACKS_FREE);
            eq(tc_coll_data_transmissions(c), M * (n - 1) * N * (N - 1), "data transmissions");
            tc_coll_free(c);
            mn_model_t model;
            tc_sim_result_t r = check_multinode_model(&e, M, n - 1, TC_ACKS_FREE, NULL, &model);
            free(model.complete);
            print_message("%s: %lld rounds, complete by round %lld\n", where, (long long)r.rounds,
                          (long long)r.complete_round);
            eq(r.queued_packets, 0, "queued_packets");
            eq(r.rounds, M * (N - 1), "rounds");
            holds(r.complete_round > 0 && r.complete_round <= r.rounds, "complete_round");
            eq(r.nodes_complete, N, "nodes_complete");
            eq(r.keys_delivered, N * (N - 1) * M, "keys_delivered");
            eq(r.transmissions, M * (n - 1) * N * (N - 1), "transmissions");
            eq(r.control, 0, "control");
            /* one acknowledgement per tree edge, per tree, per source */
            eq(r.free_signals, (n - 1) * N * (N - 1), "free_signals");
            eq(r.dropped, 0, "dropped");
            eq(r.duplicates, (n - 2) * M * N * (N - 1), "duplicates");
            /* a source's n-1 trees use every directed link once except the n-1 into the source:
             * a link carries M packets for every source but its head */
            eq(r.max_link_load, M * (N - 1), "max_link_load");
        }
        env_close(&e);
    }
}

/* Fault-free multinode with acknowledgements that take a link for a round: every tree edge is
 * crossed by its group (M rounds) and then by its acknowledgement (1 round), one edge at a
 * time, so the schedule takes (M + 1)(n! - 1) rounds; measured: S_4 M=1: 46, M=2: 69; S_5 M=1:
 * 238, M=2: 357; S_6 M=1: 1438. Still zero queueing (corrections 000.7). */
static void test_multinode_round_acks(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        int64_t N = e.N;
        for (int64_t M = 1; M <= (n == 6 ? 1 : 2); M++) {
            snprintf(where, sizeof where, "S_%d multinode M=%lld x=%d acks take a round", n,
                     (long long)M, n - 1);
            mn_model_t model;
            tc_sim_result_t r = check_multinode_model(&e, M, n - 1, TC_ACKS_ROUND, NULL, &model);
            free(model.complete);
            print_message("%s: %lld rounds, complete by round %lld\n", where, (long long)r.rounds,
                          (long long)r.complete_round);
            eq(r.queued_packets, 0, "queued_packets");
            eq(r.nodes_complete, N, "nodes_complete");
            eq(r.rounds, (M + 1) * (N - 1), "rounds");
            eq(r.control, (n - 1) * N * (N - 1), "acknowledgements on links");
            eq(r.transmissions - r.control, M * (n - 1) * N * (N - 1), "data transmissions");
            eq(r.free_signals, 0, "free_signals");
            eq(r.dropped, 0, "dropped");
            /* the last delivery precedes the acknowledgements that climb back to the source */
            holds(r.complete_round < r.rounds, "complete before the last acknowledgement");
        }
        env_close(&e);
    }
}

/* Multinode with x < n-1 copies: tree t carries group[t] messages. When every used tree carries
 * the same number g, the trees stay in lockstep (Lemma 7): no queueing, g (n!-1) rounds, and
 * the model predicts the run. When the groups differ (M x not a multiple of n-1, e.g. plain
 * multinode with M = 5 on S_5: groups 2,1,1,1), each tree's traversal advances at its own
 * pace unless it waits out the difference: without that wait the trees drifted apart and
 * collided (S_5, free acknowledgements: x=1 M=5: 296 rounds, 19680 queued packets; x=2 M=3 and
 * x=3 M=2: 328 rounds, 28800 queued). In lockstep they take ceil(Mx/(n-1)) (n!-1) rounds
 * (238) without queueing. */
static void test_multinode_fewer_copies(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, 5);
    env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
    int64_t N = e.N;
    for (int x = 1; x <= 4; x++) {
        for (int64_t M = 1; M <= 5; M++) {
            snprintf(where, sizeof where, "S_5 multinode M=%lld x=%d", (long long)M, x);
            int64_t group[4] = {0}, most = 0;
            bool equal = true;
            for (int64_t m = 0; m < M; m++) {
                for (int j = 0; j < x; j++) {
                    group[spread_tree(m, x, j, 4)]++;
                }
            }
            for (int t = 0; t < 4; t++) {
                most = group[t] > most ? group[t] : most;
            }
            for (int t = 0; t < 4; t++) {
                equal = equal && (group[t] == 0 || group[t] == most);
            }
            eq(most, ceil_div(M * x, 4), "largest group");
            if (equal) {
                mn_model_t model;
                tc_sim_result_t r = check_multinode_model(&e, M, x, TC_ACKS_FREE, NULL, &model);
                free(model.complete);
                eq(r.rounds, most * (N - 1), "rounds");
                eq(r.nodes_complete, N, "nodes_complete");
                eq(r.transmissions, M * x * N * (N - 1), "transmissions");
                eq(r.duplicates, M * (x - 1) * N * (N - 1), "duplicates");
                continue;
            }
            tc_coll_t *c = coll_make(&e, TC_COLL_MULTINODE, M, x, TC_ACKS_FREE);
            tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), NULL, NULL);
            eq(r.nodes_complete, N, "nodes_complete");
            eq(r.transmissions, M * x * N * (N - 1), "transmissions");
            holds(r.rounds >= most * (N - 1), "rounds >= ceil(Mx/(n-1)) (n!-1)");
            eq(r.queued_packets, 0, "queued_packets (lockstep)");
            eq(r.rounds, most * (N - 1), "rounds of the lockstep schedule");
            tc_coll_free(c);
        }
    }
    env_close(&e);
}

/* The other children orders break Lemma 7: packets queue, but everything still arrives.
 * Measured (free / round acknowledgements, M = 1): S_4 ascending 37 / 65 rounds with 547 / 1086
 * queued packets, descending 35 / 67 with 520 / 1024; S_5 ascending 199 / 391, descending
 * 196 / 394; S_6 ascending 1225 / 2400, descending 1217 / 2401 (paper order: 23 / 46, 119 /
 * 238, 719 / 1438 without queueing). */
static void test_multinode_bad_orders_queue(void **state)
{
    (void)state;
    static const tc_child_order_t orders[] = {TC_ORDER_ASCENDING, TC_ORDER_DESCENDING};
    for (int n = 4; n <= 6; n++) {
        env_t e;
        env_open(&e, n);
        int64_t N = e.N;
        for (size_t o = 0; o < 2; o++) {
            env_trees(&e, TC_KIND_EDT, 0, orders[o]);
            for (int64_t M = 1; M <= (n == 6 ? 1 : 2); M++) {
                for (int a = 0; a < 2; a++) {
                    tc_acks_t acks = a ? TC_ACKS_ROUND : TC_ACKS_FREE;
                    snprintf(where, sizeof where, "S_%d multinode M=%lld %s order, %s acks", n,
                             (long long)M, o ? "descending" : "ascending", a ? "round" : "free");
                    tc_coll_t *c = coll_make(&e, TC_COLL_MULTINODE, M, n - 1, acks);
                    tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), NULL, NULL);
                    print_message("%s: %lld rounds, %lld queued packets, %lld queue rounds\n",
                                  where, (long long)r.rounds, (long long)r.queued_packets,
                                  (long long)r.queue_rounds);
                    holds(r.queued_packets > 0, "queueing (Lemma 7 violated)");
                    eq(r.nodes_complete, N, "nodes_complete");
                    eq(r.transmissions - r.control, M * (n - 1) * N * (N - 1),
                       "data transmissions");
                    /* with queueing the schedule can only be slower */
                    holds(r.rounds > (a ? M + 1 : M) * (N - 1), "slower than the paper order");
                    tc_coll_free(c);
                }
            }
        }
        env_close(&e);
    }
}

/* Multinode under faults: the depth-first traversal of a tree waits for the acknowledgement of
 * each child before the next, so a faulty node (or a lost acknowledgement) stops the traversal
 * of that tree of that source for good. With one faulty node f every tree of every source
 * reaches f and stops there: dropped = M (n-1) n! exactly ((n!-1)(n-1) groups sent into f plus
 * f's own n-1 groups), and since h^{-1} f runs over every non-root position as h runs over the
 * sources, exactly half of the data transmissions happen. A node v misses source h's message
 * when v comes after f in the depth-first order of all n-1 trees of h; the schedule commutes
 * with translations, so the outcome is the same whichever node is faulty. Measured (and
 * predicted by the model, node by node): S_4: 7 of 23 non-faulty nodes get every message of
 * every non-faulty source; S_5: 5 of 119. Rounds: free acknowledgements M(n!-1) as without
 * faults (some traversal has f last); acknowledgements on links (M+1)(n!-1) - 5 (S_4: 41, 64;
 * S_5: 233, 352 for M = 1, 2): the final climb of acknowledgements to the source is lost. */
static void test_multinode_faulty_node(void **state)
{
    (void)state;
    static const int64_t want_live[] = {0, 0, 0, 0, 7, 5};
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        int64_t N = e.N;
        for (int64_t M = 1; M <= 2; M++) {
            for (int a = 0; a < 2; a++) {
                tc_acks_t acks = a ? TC_ACKS_ROUND : TC_ACKS_FREE;
                tc_sim_result_t first;
                memset(&first, 0, sizeof first);
                for (uint64_t s = 0; s < (n == 4 ? 4u : 2u); s++) {
                    tc_faults_t f;
                    assert_int_equal(tc_faults_random(&f, &e.topo, TC_FAULTS_NODES, 1,
                                                      0xfa17 + s * 31 + (uint64_t)M, -1),
                                     TC_OK);
                    int64_t bad = 0;
                    while (!f.node[bad]) {
                        bad++;
                    }
                    snprintf(where, sizeof where, "S_%d multinode M=%lld %s acks, faulty node %lld",
                             n, (long long)M, a ? "round" : "free", (long long)bad);
                    mn_model_t model;
                    tc_sim_result_t r = check_multinode_model(&e, M, n - 1, acks, &f, &model);
                    free(model.complete);
                    tc_faults_destroy(&f);
                    if (s == 0) {
                        print_message("%s: %lld rounds, %lld of %lld non-faulty nodes got every "
                                      "non-faulty source's messages, %lld data transmissions "
                                      "of %lld, dropped %lld\n",
                                      where, (long long)r.rounds, (long long)r.nodes_complete,
                                      (long long)r.nodes_nonfaulty,
                                      (long long)(r.transmissions - r.control),
                                      (long long)(M * (n - 1) * N * (N - 1)), (long long)r.dropped);
                        first = r;
                    }
                    eq(r.dropped, M * (n - 1) * N, "dropped");
                    eq(r.transmissions - r.control, M * (n - 1) * N * (N - 1) / 2,
                       "data transmissions (half)");
                    eq(r.nodes_nonfaulty, N - 1, "nodes_nonfaulty");
                    eq(r.nodes_complete, want_live[n], "nodes_complete (measured)");
                    holds(r.nodes_complete < r.nodes_nonfaulty, "the traversal stalls");
                    eq(r.complete_round, -1, "complete_round");
                    eq(r.rounds, a ? (M + 1) * (N - 1) - 5 : M * (N - 1), "rounds (measured)");
                    /* translation symmetry: the same numbers whichever node is faulty */
                    eq(r.rounds, first.rounds, "rounds as with another faulty node");
                    eq(r.transmissions, first.transmissions,
                       "transmissions as with another faulty node");
                    eq(r.free_signals, first.free_signals,
                       "free signals as with another faulty node");
                    eq(r.keys_delivered, first.keys_delivered,
                       "keys delivered as with another faulty node");
                }
            }
        }
        env_close(&e);
    }
}

/* A faulty node sends nothing, so its messages are expected of nobody (tc_plan_t.key_source):
 * the plain multinode plan reports the nodes that got every message of every non-faulty
 * source, as the model and the live-sources wrapper do. (Before key_source, every node expected
 * the faulty source's messages and no node was ever complete under node faults.) Total exchange
 * sends each message down n-1 internally node-disjoint paths, so with up to n-2 faulty nodes
 * every non-faulty node gets every message of every non-faulty source. */
static void test_all_sources_faulty_source_expectation(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, 4);
    env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
    for (uint64_t s = 0; s < 3; s++) {
        tc_faults_t f;
        assert_int_equal(tc_faults_random(&f, &e.topo, TC_FAULTS_NODES, 1, 0xfa17 + s, -1), TC_OK);
        snprintf(where, sizeof where, "S_4 multinode M=1, one faulty node, plain plan");
        mn_model_t model;
        check_multinode_model(&e, 1, 3, TC_ACKS_FREE, &f, &model);
        tc_coll_t *c = coll_make(&e, TC_COLL_MULTINODE, 1, 3, TC_ACKS_FREE);
        uint8_t complete[24];
        tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), &f, complete);
        eq(r.nodes_complete, model.live_complete, "nodes_complete of the plain plan");
        for (int64_t v = 0; v < e.N; v++) {
            eq(complete[v], model.complete[v], "complete[v] of the plain plan");
        }
        eq(r.keys_expected, 23 * 22, "keys expected (none from the faulty source)");
        free(model.complete);
        tc_coll_free(c);
        tc_faults_destroy(&f);
    }
    for (int n = 4; n <= 5; n++) {
        if (n == 5) {
            env_close(&e);
            env_open(&e, 5);
            env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        }
        tc_coll_t *c = coll_make(&e, TC_COLL_TOTAL_EXCHANGE, 1, n - 1, TC_ACKS_FREE);
        for (int64_t k = 1; k <= n - 2; k++) {
            snprintf(where, sizeof where, "S_%d total-exchange M=1, nodes:%lld", n, (long long)k);
            campaign_all_delivered(&e, tc_coll_plan(c), -1, TC_FAULTS_NODES, k, false,
                                   n == 4 ? 40 : 6, 0x7e + (uint64_t)k);
        }
        tc_coll_free(c);
    }
    env_close(&e);
}

/* One faulty directed link (arc) or undirected link: per source it cuts at most one tree going
 * down and one acknowledgement going up, so at most 2 of the n-1 >= 3 trees stall and every node
 * still gets every message (the model agrees node by node). Also two faulty nodes. */
static void test_multinode_faulty_links(void **state)
{
    (void)state;
    static const tc_fault_kind_t kinds[] = {TC_FAULTS_ARCS, TC_FAULTS_LINKS, TC_FAULTS_NODES};
    static const int64_t counts[] = {1, 1, 2};
    static const char *const names[] = {"arcs:1", "links:1", "nodes:2"};
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        int64_t N = e.N;
        for (size_t k = 0; k < 3; k++) {
            for (uint64_t s = 0; s < (n == 4 ? 8u : 3u); s++) {
                for (int a = 0; a < 2; a++) {
                    tc_acks_t acks = a ? TC_ACKS_ROUND : TC_ACKS_FREE;
                    tc_faults_t f;
                    assert_int_equal(
                        tc_faults_random(&f, &e.topo, kinds[k], counts[k], 0x11c + s, -1), TC_OK);
                    snprintf(where, sizeof where, "S_%d multinode M=2 %s acks, %s (seed %llu)", n,
                             a ? "round" : "free", names[k], (unsigned long long)(0x11c + s));
                    mn_model_t model;
                    tc_sim_result_t r = check_multinode_model(&e, 2, n - 1, acks, &f, &model);
                    if (kinds[k] != TC_FAULTS_NODES) {
                        eq(r.nodes_complete, N, "nodes_complete");
                        holds(r.dropped > 0, "something was lost");
                    } else {
                        holds(r.nodes_complete < r.nodes_nonfaulty, "the traversal stalls");
                    }
                    if (s == 0) {
                        print_message("%s: %lld rounds, %lld of %lld complete, dropped %lld\n",
                                      where, (long long)r.rounds, (long long)r.nodes_complete,
                                      (long long)r.nodes_nonfaulty, (long long)r.dropped);
                    }
                    free(model.complete);
                    tc_faults_destroy(&f);
                }
            }
        }
        env_close(&e);
    }
}

/* ---- (d) scatter ------------------------------------------------------------------------------
 */

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x > y ? -1 : (x < y);
}

/* The farthest-first schedule of Section 4.5 computed from the trees: tree t sends its items
 * one per round, deepest first; item k (0-based) of depth d arrives in round k + d. */
static int64_t scatter_schedule_rounds(const env_t *e, int64_t M, int x)
{
    int T = e->trees.ntrees;
    int64_t N = e->N;
    int *d = malloc((size_t)(N * M * x) * sizeof *d);
    assert_non_null(d);
    int64_t last = 0;
    for (int t = 0; t < T; t++) {
        int64_t len = 0, j = 0;
        for (int64_t v = 0; v < N; v++) {
            if (v == e->trees.root) {
                continue;
            }
            for (int64_t m = 0; m < M; m++, j++) {
                for (int k = 0; k < x; k++) {
                    if (spread_tree(j, x, k, T) == t) {
                        d[len++] = depth_in(e, t, v);
                    }
                }
            }
        }
        qsort(d, (size_t)len, sizeof *d, cmp_desc);
        for (int64_t k = 0; k < len; k++) {
            last = k + d[k] > last ? k + d[k] : last;
        }
    }
    free(d);
    return last;
}

static void test_scatter_fault_free(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n);
        int64_t N = e.N;
        for (int r0 = 0; r0 < 2; r0++) {
            int64_t root = r0 ? seeded_node(&e, 0x5ca7, (uint64_t)n, 0) : 0;
            env_trees(&e, TC_KIND_EDT, root, TC_ORDER_PAPER);
            int64_t depth_sum = 0;
            for (int t = 0; t < n - 1; t++) {
                for (int64_t v = 0; v < N; v++) {
                    depth_sum += depth_in(&e, t, v);
                }
            }
            for (int64_t M = 1; M <= 3; M++) {
                for (int x = 1; x <= n - 1; x++) {
                    snprintf(where, sizeof where, "S_%d scatter root %lld M=%lld x=%d", n,
                             (long long)root, (long long)M, x);
                    tc_coll_t *c = coll_make(&e, TC_COLL_SCATTER, M, x, TC_ACKS_FREE);
                    uint8_t *complete = malloc((size_t)N);
                    assert_non_null(complete);
                    tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), NULL, complete);
                    eq(r.queued_packets, 0, "queued_packets");
                    eq(r.nodes_complete, N, "nodes_complete");
                    eq(r.keys_delivered, M * (N - 1), "keys_delivered");
                    eq(r.duplicates, M * (x - 1) * (N - 1), "duplicates");
                    eq(r.transmissions, tc_coll_data_transmissions(c), "transmissions");
                    eq(r.rounds, scatter_schedule_rounds(&e, M, x), "rounds (farthest first)");
                    holds(r.complete_round <= r.rounds, "complete_round <= rounds");
                    if (x == 1) {
                        eq(r.complete_round, r.rounds, "complete_round");
                    }
                    holds(r.rounds >= ceil_div(M * x * (N - 1), n - 1),
                          "the source's links bound the time");
                    if (x == n - 1) {
                        /* Table 1: M(n!-1), the source's n-1 links always busy */
                        eq(r.rounds, M * (N - 1), "rounds");
                        eq(r.transmissions, M * depth_sum, "transmissions");
                    }
                    if (x == 1) {
                        holds(r.rounds >= ceil_div(M * (N - 1), n - 1), "rounds lower bound");
                    }
                    for (int64_t v = 0; v < N; v++) {
                        eq(complete[v], 1, "complete[v]");
                    }
                    free(complete);
                    tc_coll_free(c);
                }
            }
        }
        env_close(&e);
    }
}

static void test_scatter_fault_tolerance(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        for (int X = 1; X <= n - 1; X++) {
            tc_coll_t *c = coll_make(&e, TC_COLL_SCATTER, 2, X, TC_ACKS_FREE);
            snprintf(where, sizeof where, "S_%d scatter x=%d M=2, nodes:%d", n, X, X - 1);
            campaign_all_delivered(&e, tc_coll_plan(c), 0, TC_FAULTS_NODES, X - 1, false,
                                   n == 5 ? 150 : 60, 0x5c + (uint64_t)X);
            snprintf(where, sizeof where, "S_%d scatter x=%d M=2, mixed:%d", n, X, X - 1);
            campaign_all_delivered(&e, tc_coll_plan(c), 0, TC_FAULTS_MIXED, X - 1, false,
                                   n == 5 ? 100 : 60, 0x5d + (uint64_t)X);
            snprintf(where, sizeof where, "S_%d scatter x=%d M=2, paths:%d", n, X, X - 1);
            campaign_all_delivered(&e, tc_coll_plan(c), 0, TC_FAULTS_NODES, X - 1, true,
                                   n == 5 ? 100 : 60, 0x5e + (uint64_t)X);
            tc_coll_free(c);
        }
        env_close(&e);
    }
}

/* ---- (e) total exchange ------------------------------------------------------------------------
 */

/* The necklace schedule: for every node i != I_n a group whose message to R^t(i) goes down tree
 * t; by Lemma 6.2 all those targets have the depth L(i) of i in the first tree, and the next
 * group starts once the group arrived: L(i) rounds per message (tick_total). No packet queues
 * (the n-1 trees use distinct dimensions at every hop) and the run takes the sum of the group
 * times; measured: S_4 96 rounds (complete by round 42). Pipelining the M >= 2 messages of a
 * necklace made them collide (message m at hop k of tree t and message m+1 at hop k-1 of tree
 * t' can need the same dimension out of one node: S_4 M=2 took 192 rounds with 13680 queued
 * packets), so each message is its own group: M L(i) rounds per necklace. */
static void test_total_exchange(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        env_t e;
        env_open(&e, n);
        env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
        int64_t N = e.N;
        int T = n - 1;
        for (int64_t M = 1; M <= (n == 4 ? 2 : 1); M++) {
            snprintf(where, sizeof where, "S_%d total-exchange M=%lld", n, (long long)M);
            /* group i (in the order of node ids) sends in rounds want+1 .. want+M and its
             * last packets arrive in round want + M + L(i) - 1; the message from h to h . u
             * first arrives with the first group that targets u in some tree */
            int64_t want = 0, tx = 0;
            int64_t *first = malloc((size_t)N * sizeof *first);
            assert_non_null(first);
            for (int64_t u = 0; u < N; u++) {
                first[u] = -1;
            }
            for (int64_t i = 1; i < N; i++) {
                int L = depth_in(&e, 0, i);
                uint8_t p[16], q[16];
                tc_star_unrank(n, i, p);
                for (int t = 0; t < T; t++) {
                    tc_star_rotate(n, p, t, q);
                    int64_t u = tc_star_rank(n, q);
                    eq(depth_in(&e, t, u), L, "depth of R^t(i) in tree t");
                    if (first[u] < 0) {
                        first[u] = want + M + L - 1;
                    }
                }
                want += M + L - 1;
                tx += M * N * T * L;
            }
            int64_t want_complete = 0;
            for (int64_t u = 1; u < N; u++) {
                holds(first[u] > 0, "every node is targeted");
                want_complete = first[u] > want_complete ? first[u] : want_complete;
            }
            free(first);
            tc_coll_t *c = coll_make(&e, TC_COLL_TOTAL_EXCHANGE, M, T, TC_ACKS_FREE);
            uint8_t *complete = malloc((size_t)N);
            assert_non_null(complete);
            tc_sim_result_t r = sim_run(&e, tc_coll_plan(c), NULL, complete);
            print_message("%s: %lld rounds, complete by round %lld\n", where, (long long)r.rounds,
                          (long long)r.complete_round);
            eq(r.nodes_complete, N, "nodes_complete");
            eq(r.keys_delivered, M * N * (N - 1), "keys_delivered");
            eq(r.transmissions, tx, "transmissions");
            eq(tc_coll_data_transmissions(c), tx, "tc_coll_data_transmissions");
            eq(r.duplicates, M * (T - 1) * N * (N - 1), "duplicates");
            eq(r.queued_packets, 0, "queued_packets");
            if (M > 1) { /* one message per group: sum over necklaces of M L(i) */
                eq(r.rounds, tx / (N * T), "rounds (sum of M L(i))");
                free(complete);
                tc_coll_free(c);
                continue;
            }
            eq(r.rounds, want, "rounds (sum of M + L(i) - 1)");
            eq(r.complete_round, want_complete, "complete_round (first copies)");
            for (int64_t v = 0; v < N; v++) {
                eq(complete[v], 1, "complete[v]");
            }
            free(complete);
            tc_coll_free(c);
        }
        env_close(&e);
    }
}

/* Documented: tc_faults_on_paths needs k root paths with an inner node. A neighbour of the root
 * is the root's child in one tree (a path without an inner node), so k = n-1 fails there with
 * TC_ERANGE; a campaign with on_paths draws its target again until it has k such paths, so
 * with k = n-1 every trial cuts all the paths of its target, which then misses messages. */
static void test_faults_on_paths_limits(void **state)
{
    (void)state;
    env_t e;
    env_open(&e, 5);
    env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
    snprintf(where, sizeof where, "S_5 faults on paths");
    for (int p = 0; p < 4; p++) {
        int64_t nb = step_to(&e, 0, p);
        int short_paths = 0;
        for (int t = 0; t < 4; t++) {
            short_paths += depth_in(&e, t, nb) == 1;
        }
        eq(short_paths, 1, "trees in which a root neighbour is a child of the root");
        tc_faults_t f;
        assert_int_equal(tc_plan_faults_on_paths(&f, &e.trees, &e.topo, nb, 4, 1), TC_ERANGE);
        assert_int_equal(tc_plan_faults_on_paths(&f, &e.trees, &e.topo, nb, 3, 1), TC_OK);
        eq(f.faulty_nodes, 3, "faulty nodes");
        eq(f.node[nb], 0, "target not faulty");
        eq(f.node[0], 0, "root not faulty");
        tc_faults_destroy(&f);
    }
    tc_coll_t *c = coll_make(&e, TC_COLL_FT_BCAST, 3, 4, TC_ACKS_FREE);
    tc_sim_trial_t out[50];
    tc_sim_campaign_t camp = {
        .trials = 50, .seed = 78, .kind = TC_FAULTS_NODES, .k = 4, .on_paths = true, .threads = 2};
    tc_sim_config_t cfg = tc_sim_defaults();
    assert_int_equal(tc_sim_campaign_run(&e.topo, &cfg, tc_coll_plan(c), &e.trees, 0, &camp, out),
                     TC_OK);
    for (int i = 0; i < 50; i++) {
        eq(out[i].faulty_nodes, 4, "faulty nodes");
        holds(!out[i].all, "the target misses messages");
        int near = 0;
        for (int t = 0; t < 4; t++) {
            near += depth_in(&e, t, out[i].target) == 1;
        }
        eq(near, 0, "the target is not a neighbour of the root");
    }
    tc_coll_free(c);
    env_close(&e);
}

/* ---- (f) determinism of campaigns ------------------------------------------------------------ */

static void same_trials(const tc_sim_trial_t *a, const tc_sim_trial_t *b, int64_t trials)
{
    for (int64_t i = 0; i < trials; i++) {
        eq(a[i].rounds, b[i].rounds, "rounds");
        eq(a[i].complete_round, b[i].complete_round, "complete_round");
        holds(a[i].delivered == b[i].delivered, "same delivered fraction");
        eq(a[i].all, b[i].all, "all");
        eq(a[i].dropped, b[i].dropped, "dropped");
        eq(a[i].faulty_nodes, b[i].faulty_nodes, "faulty_nodes");
        eq(a[i].faulty_links, b[i].faulty_links, "faulty_links");
        eq(a[i].target, b[i].target, "target");
    }
}

static void test_campaign_threads_deterministic(void **state)
{
    (void)state;
    enum { TRIALS = 200 };
    static tc_sim_trial_t one[TRIALS], two[TRIALS];
    env_t e;
    env_open(&e, 5);
    env_trees(&e, TC_KIND_EDT, 0, TC_ORDER_PAPER);
    static const struct {
        tc_collective_t what;
        int x;
        tc_fault_kind_t kind;
        int64_t k;
        bool on_paths;
    } cases[] = {
        {TC_COLL_FT_BCAST, 2, TC_FAULTS_NODES, 3, false}, /* beyond tolerance: varied results */
        {TC_COLL_FT_BCAST, 3, TC_FAULTS_MIXED, 4, false},
        {TC_COLL_FT_BCAST, 4, TC_FAULTS_NODES, 3, true},
        {TC_COLL_SCATTER, 2, TC_FAULTS_ARCS, 6, false},
        {TC_COLL_MULTINODE, 4, TC_FAULTS_LINKS, 2, false},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int64_t trials = cases[k].what == TC_COLL_MULTINODE ? 40 : TRIALS;
        tc_coll_t *c = coll_make(&e, cases[k].what, 3, cases[k].x, TC_ACKS_FREE);
        tc_sim_campaign_t camp = {.trials = trials,
                                  .seed = 77 + k,
                                  .kind = cases[k].kind,
                                  .k = cases[k].k,
                                  .on_paths = cases[k].on_paths,
                                  .threads = 1};
        tc_sim_config_t cfg = tc_sim_defaults();
        int64_t protect = cases[k].what == TC_COLL_MULTINODE ? -1 : 0;
        memset(one, 0xAB, sizeof one);
        memset(two, 0xCD, sizeof two);
        assert_int_equal(
            tc_sim_campaign_run(&e.topo, &cfg, tc_coll_plan(c), &e.trees, protect, &camp, one),
            TC_OK);
        camp.threads = 2;
        assert_int_equal(
            tc_sim_campaign_run(&e.topo, &cfg, tc_coll_plan(c), &e.trees, protect, &camp, two),
            TC_OK);
        snprintf(where, sizeof where, "determinism case %zu", k);
        same_trials(one, two, trials);
        int64_t all = 0, changes = 0;
        for (int64_t i = 0; i < trials; i++) {
            all += one[i].all;
            changes += i > 0 && (one[i].dropped != one[i - 1].dropped ||
                                 one[i].delivered != one[i - 1].delivered);
        }
        if (k < 2) { /* faults beyond the tolerance: some trials lose messages */
            holds(all < trials, "some trial loses a message");
        }
        holds(changes > 0, "the trials differ");
        tc_coll_free(c);
    }
    env_close(&e);
}

#include "run_one.h"

/* What each schedule needs of the network is checked by tc_coll_new: a sentence and TC_EINVAL,
 * never a plan that reads past its tables. The first case is the call that overflowed a heap
 * buffer before the check existed (total exchange assumed S_n with n = ports + 1). */
static tc_err_t coll_on(const char *spec, tc_kind_t kind, int64_t root, tc_collective_t what, int x)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse(spec, &net), TC_OK);
    tc_topo_t topo;
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, root, 1, &f), TC_OK);
    tc_plan_trees_t tr;
    assert_int_equal(tc_plan_trees_init(&tr, f, &topo, TC_ORDER_PAPER), TC_OK);
    tc_coll_opts_t o = {.what = what, .M = 1, .x = x};
    tc_coll_t *c = (tc_coll_t *)&c; /* must come back NULL on failure */
    tc_err_t err = tc_coll_new(&tr, &topo, &o, &c);
    assert_true(err == TC_OK ? c != NULL : c == NULL);
    tc_coll_free(err == TC_OK ? c : NULL);
    tc_plan_trees_destroy(&tr);
    tc_forest_free(f);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return err;
}

static void test_schedule_requirements(void **state)
{
    (void)state;
    assert_int_equal(coll_on("cube:4", TC_KIND_NEDST, 0, TC_COLL_TOTAL_EXCHANGE, 4), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "rotation"));
    assert_int_equal(coll_on("cube:4", TC_KIND_NEDST, 0, TC_COLL_MULTINODE, 4), TC_OK);
    assert_int_equal(coll_on("icube:4,2", TC_KIND_EDST, 0, TC_COLL_MULTINODE, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "translations"));
    assert_int_equal(coll_on("pancake:4", TC_KIND_EDST, 0, TC_COLL_TOTAL_EXCHANGE, 1), TC_EINVAL);
    assert_int_equal(coll_on("star:5", TC_KIND_EDT, 7, TC_COLL_TOTAL_EXCHANGE, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "node 0"));
    assert_int_equal(coll_on("star:5", TC_KIND_BFS, 0, TC_COLL_TOTAL_EXCHANGE, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "one tree per rotation step"));
    assert_int_equal(coll_on("star:5", TC_KIND_EDT, 0, TC_COLL_TOTAL_EXCHANGE, 4), TC_OK);
    assert_int_equal(coll_on("star:5", TC_KIND_EDT, 0, TC_COLL_MULTINODE, 4), TC_OK);
    assert_int_equal(coll_on("torus:2,4", TC_KIND_EDST, 0, TC_COLL_MULTINODE, 1), TC_OK);
    assert_int_equal(coll_on("cube:4", TC_KIND_NEDST, 0, TC_COLL_ALLTOALL, 4), TC_OK);
    assert_int_equal(coll_on("icube:4,2", TC_KIND_EDST, 0, TC_COLL_ALLTOALL, 1), TC_EINVAL);
    assert_int_equal(coll_on("cube:4", TC_KIND_NEDST, 5, TC_COLL_ALLTOALL, 1), TC_EINVAL);
}

/* The all-to-all without necklaces (what libtreecast_mpi's alltoall runs off the star graph):
 * on spec with kind, M messages per pair and x copies, every live node gets every live
 * source's messages, and each message's x copies cost sum of depths transmissions. */
static int64_t alltoall_on(const char *spec, tc_kind_t kind, int64_t M, int x, int nfaulty)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse(spec, &net), TC_OK);
    tc_topo_t topo;
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, 0, 1, &f), TC_OK);
    tc_plan_trees_t tr;
    assert_int_equal(tc_plan_trees_init(&tr, f, &topo, TC_ORDER_PAPER), TC_OK);
    tc_coll_opts_t o = {.what = TC_COLL_ALLTOALL, .M = M, .x = x};
    tc_coll_t *c = NULL;
    assert_int_equal(tc_coll_new(&tr, &topo, &o, &c), TC_OK);
    int64_t N = topo.nodes, depths = 0;
    for (int t = 0; t < tr.ntrees; t++) {
        for (int64_t v = 0; v < N; v++) {
            depths += tr.depth[(size_t)t * (size_t)N + (size_t)v];
        }
    }
    /* x of the T trees per message: over all M messages and targets the sum of depths x M / T
     * when x = T (every tree), and a count at most that of the deepest trees otherwise */
    if (x == tr.ntrees) {
        assert_int_equal(tc_coll_data_transmissions(c), N * M * depths);
    }
    tc_faults_t faults;
    assert_int_equal(tc_faults_init(&faults, &topo), TC_OK);
    for (int k = 0; k < nfaulty; k++) {
        tc_faults_add_node(&faults, topo.nbr[k]); /* node 0's neighbours: roots' children */
    }
    tc_sim_config_t cfg = tc_sim_defaults();
    tc_sim_result_t r;
    assert_int_equal(tc_sim_run(&topo, &cfg, &faults, tc_coll_plan(c), &r, NULL), TC_OK);
    snprintf(where, sizeof where, "alltoall on %s, M %lld, x %d, %d faulty", spec, (long long)M, x,
             nfaulty);
    eq(r.keys_expected, (N - nfaulty) * (N - nfaulty - 1) * M, "keys of live sources");
    if (nfaulty == 0) {
        eq(r.transmissions, tc_coll_data_transmissions(c), "the plan's own count");
    }
    tc_faults_destroy(&faults);
    tc_coll_free(c);
    tc_plan_trees_destroy(&tr);
    tc_forest_free(f);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return r.nodes_nonfaulty - r.nodes_complete + (r.keys_expected - r.keys_delivered);
}

static void test_alltoall_without_necklaces(void **state)
{
    (void)state;
    eq(alltoall_on("cube:4", TC_KIND_NEDST, 3, 1, 0), 0, "Q_4, one copy");
    eq(alltoall_on("cube:4", TC_KIND_NEDST, 2, 4, 0), 0, "Q_4, every tree");
    eq(alltoall_on("cube:4", TC_KIND_IST, 2, 4, 3), 0, "Q_4 ISTs, n-1 faulty nodes tolerated");
    eq(alltoall_on("torus:3,3", TC_KIND_EDST, 2, 1, 0), 0, "a torus, no rotation");
    eq(alltoall_on("star:4", TC_KIND_EDT, 2, 3, 2), 0, "S_4 EDTs, n-2 faulty");
    /* and one copy does not survive a faulty node next to node 0 */
    holds(alltoall_on("cube:4", TC_KIND_IST, 2, 1, 1) > 0, "one copy, one fault: something lost");
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alltoall_without_necklaces),
        cmocka_unit_test(test_bcast_formulas_identity_root),
        cmocka_unit_test(test_bcast_formulas_random_roots),
        cmocka_unit_test(test_bcast_formulas_s7),
        cmocka_unit_test(test_ft_bcast_tolerates_x_minus_1_faults),
        cmocka_unit_test(test_ft_bcast_tightness),
        cmocka_unit_test(test_multinode_free_acks),
        cmocka_unit_test(test_multinode_round_acks),
        cmocka_unit_test(test_multinode_fewer_copies),
        cmocka_unit_test(test_multinode_bad_orders_queue),
        cmocka_unit_test(test_multinode_faulty_node),
        cmocka_unit_test(test_all_sources_faulty_source_expectation),
        cmocka_unit_test(test_multinode_faulty_links),
        cmocka_unit_test(test_scatter_fault_free),
        cmocka_unit_test(test_scatter_fault_tolerance),
        cmocka_unit_test(test_total_exchange),
        cmocka_unit_test(test_faults_on_paths_limits),
        cmocka_unit_test(test_campaign_threads_deterministic),
        cmocka_unit_test(test_schedule_requirements),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
