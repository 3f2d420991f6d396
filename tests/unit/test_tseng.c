/* Personalized_Broadcast(k) of paper 001 as a plan on the round engine: every source's message
 * reaches every node exactly once, no packet ever waits (one-port), the rounds and the summed
 * packet sizes are the schedule's, and the time is corrected Eq. (1) with l_{n,k} and l_{k,1}
 * computed here from the cycle formula (the least distance to a member of each substar; every
 * node of S_k) and from the footnote's closed form for l_{k,1}. The symmetry method's one-source
 * run gives the same rounds and time as the full run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "treecast/treecast.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Sum over the k-substars of the least distance from the identity to a member. */
static int64_t sum_substar_distances(int n, int k)
{
    int64_t N = tc_substar_count(n, k), sum = 0;
    int *best = malloc((size_t)N * sizeof *best);
    assert_non_null(best);
    for (int64_t i = 0; i < N; i++) {
        best[i] = 1 << 20;
    }
    uint8_t p[TC_STAR_MAX_N];
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(m + 1);
    }
    do {
        tc_substar_t s;
        tc_substar_of(n, k, p, &s);
        int64_t i = tc_substar_index(&s);
        int d = tc_star_distance_identity(n, p);
        best[i] = d < best[i] ? d : best[i];
    } while (tc_star_next(n, p));
    for (int64_t i = 0; i < N; i++) {
        sum += best[i];
    }
    free(best);
    return sum;
}

/* l_{k,1} = k + 2/k + H_k - 4 (the footnote corrected; corrections 001.1). */
static double l_k1(int k)
{
    double h = 0;
    for (int i = 1; i <= k; i++) {
        h += 1.0 / i;
    }
    return k + 2.0 / k + h - 4.0;
}

static void run(int n, int k, bool one_source, double ts, double tm, tc_sim_result_t *res,
                tc_tseng_predict_t *pred, int64_t *collisions)
{
    tc_net_t *net = NULL;
    tc_topo_t topo;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    tc_tseng_t *t = NULL;
    assert_int_equal(tc_tseng_alltoall_new(net, &topo, k, one_source, &t), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.port_limit = 1;
    cfg.ts = ts;
    cfg.tm = tm;
    cfg.B = 1;
    assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_tseng_plan(t), res, NULL), TC_OK);
    tc_tseng_predict(t, pred);
    *collisions = tc_tseng_collisions(t);
    tc_tseng_free(t);
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

static void test_every_source(void **state)
{
    (void)state;
    for (int n = 3; n <= 6; n++) {
        int64_t nodes = tc_star_factorial(n);
        for (int k = 1; k < n; k++) {
            tc_sim_result_t res;
            tc_tseng_predict_t pred;
            int64_t collisions;
            run(n, k, false, 1.0, 1.0, &res, &pred, &collisions);
            int64_t N = tc_substar_count(n, k), kf = tc_star_factorial(k);
            /* every message delivered once, nothing waited, no shared representative */
            assert_int_equal(res.keys_expected, nodes * (nodes - 1));
            assert_int_equal(res.keys_delivered, res.keys_expected);
            assert_int_equal(res.nodes_complete, nodes);
            assert_int_equal(res.duplicates, 0);
            assert_int_equal(res.queued_packets, 0);
            assert_int_equal(res.max_queue, 1);
            assert_int_equal(collisions, 0);
            /* the schedule's rounds: N l_{n,k} + n! l_{k,1}, both from this file's oracles */
            int64_t snk = sum_substar_distances(n, k);
            double lk1 = l_k1(k);
            assert_int_equal(pred.route_hops, snk);
            assert_true(fabs((double)pred.inner_hops - (double)nodes * lk1) < 1e-6);
            assert_int_equal(res.rounds, pred.rounds);
            assert_int_equal(res.rounds, snk + pred.inner_hops);
            assert_int_equal(res.elements, pred.elements);
            /* the transmissions: every source's packets of (2iii) and its messages of (2iv) */
            assert_int_equal(res.transmissions, nodes * (snk + pred.inner_hops));
            /* corrected Eq. (1) with ts = tm = 1 */
            double lnk = (double)snk / (double)N;
            double eq1 = ((double)N * lnk + (double)nodes * lk1) + (double)nodes * (lnk + lk1);
            assert_true(fabs(res.time - eq1) < 1e-6 * eq1);
            /* and with tm alone: the packets of (2iii) count k! each */
            tc_sim_result_t r2;
            run(n, k, false, 0.0, 1.0, &r2, &pred, &collisions);
            assert_true(fabs(r2.time - (double)(snk * kf + pred.inner_hops)) < 1e-9);
        }
    }
}

/* One source: the same rounds and time, one packet per round, every node reached once. */
static void test_one_source(void **state)
{
    (void)state;
    for (int n = 3; n <= 6; n++) {
        int64_t nodes = tc_star_factorial(n);
        for (int k = 1; k < n; k++) {
            tc_sim_result_t full, one;
            tc_tseng_predict_t pred;
            int64_t collisions;
            run(n, k, false, 2.0, 0.5, &full, &pred, &collisions);
            run(n, k, true, 2.0, 0.5, &one, &pred, &collisions);
            assert_int_equal(one.rounds, full.rounds);
            assert_true(fabs(one.time - full.time) < 1e-9 * full.time);
            assert_int_equal(one.keys_delivered, nodes - 1);
            assert_int_equal(one.duplicates, 0);
            assert_int_equal(one.transmissions * nodes, full.transmissions);
        }
    }
}

/* The run's counts catch a schedule that goes wrong: with one link of the neighbour table
 * leading to the wrong node, the packets through it end elsewhere, and the deliveries (or the
 * representatives) show it. (Swapping two dimensions everywhere would not do: that is an
 * automorphism of S_n, under which the algorithm still works.) */
static void test_broken_topology_detected(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    tc_topo_t topo;
    assert_int_equal(tc_net_star_new(4, &net), TC_OK);
    assert_int_equal(tc_topo_init(&topo, net), TC_OK);
    topo.nbr[5 * 3 + 0] = topo.nbr[5 * 3 + 1]; /* node 5's dimension 2 leads along 3 */
    tc_tseng_t *t = NULL;
    assert_int_equal(tc_tseng_alltoall_new(net, &topo, 2, false, &t), TC_OK);
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.port_limit = 1;
    tc_sim_result_t res;
    assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_tseng_plan(t), &res, NULL), TC_OK);
    assert_true(res.keys_delivered < res.keys_expected || res.duplicates > 0 ||
                tc_tseng_collisions(t) > 0);
    tc_tseng_free(t);
    tc_topo_destroy(&topo);
    tc_net_free(net);
}

static void test_refusals(void **state)
{
    (void)state;
    tc_net_t *star = NULL, *cube = NULL, *big = NULL;
    tc_topo_t topo, ctopo;
    assert_int_equal(tc_net_star_new(4, &star), TC_OK);
    assert_int_equal(tc_net_cube_new(3, &cube), TC_OK);
    assert_int_equal(tc_net_star_new(8, &big), TC_OK);
    assert_int_equal(tc_topo_init(&topo, star), TC_OK);
    assert_int_equal(tc_topo_init(&ctopo, cube), TC_OK);
    tc_tseng_t *t = NULL;
    assert_int_equal(tc_tseng_alltoall_new(star, &topo, 0, false, &t), TC_EINVAL);
    assert_int_equal(tc_tseng_alltoall_new(star, &topo, 4, false, &t), TC_EINVAL);
    assert_int_equal(tc_tseng_alltoall_new(cube, &ctopo, 1, false, &t), TC_EINVAL);
    assert_int_equal(tc_tseng_alltoall_new(big, &topo, 2, false, &t), TC_EINVAL); /* topo */
    tc_topo_t btopo;
    assert_int_equal(tc_topo_init(&btopo, big), TC_OK);
    assert_int_equal(tc_tseng_alltoall_new(big, &btopo, 2, false, &t), TC_ERANGE); /* n! ^ 2 */
    assert_int_equal(tc_tseng_alltoall_new(big, &btopo, 2, true, &t), TC_OK);
    tc_tseng_free(t);
    t = NULL;
    tc_topo_destroy(&btopo);
    assert_null(t);
    tc_topo_destroy(&topo);
    tc_topo_destroy(&ctopo);
    tc_net_free(star);
    tc_net_free(cube);
    tc_net_free(big);
}

/* Nonpersonalized_Broadcast on the mesh and the Hamiltonian-cycle baseline: every node gets all
 * n! - 1 other messages once, nothing waits (one-port), and the time is the paper's T and T'. */
static void test_allgathers(void **state)
{
    (void)state;
    for (int n = 3; n <= 6; n++) {
        tc_net_t *net = NULL;
        tc_topo_t topo;
        tc_star_mesh_t mesh;
        tc_star_cycle_t cycle;
        assert_int_equal(tc_net_star_new(n, &net), TC_OK);
        assert_int_equal(tc_topo_init(&topo, net), TC_OK);
        assert_int_equal(tc_star_mesh_new(n, &mesh), TC_OK);
        assert_int_equal(tc_star_hamilton(n, &cycle), TC_OK);
        int64_t nf = tc_star_factorial(n), c = tc_star_factorial(n - 1);
        for (int pass = 0; pass < 2; pass++) {
            double ts = pass == 0 ? 1.0 : 0.0, tm = 1.0;
            tc_sim_config_t cfg = tc_sim_defaults();
            cfg.threads = 1;
            cfg.port_limit = 1;
            cfg.ts = ts;
            cfg.tm = tm;
            tc_tseng_t *t = NULL;
            tc_sim_result_t res;
            assert_int_equal(tc_tseng_allgather_mesh_new(net, &topo, &mesh, &t), TC_OK);
            assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_tseng_plan(t), &res, NULL), TC_OK);
            tc_tseng_free(t);
            assert_int_equal(res.keys_expected, nf * (nf - 1));
            assert_int_equal(res.keys_delivered, res.keys_expected);
            assert_int_equal(res.duplicates, 0);
            assert_int_equal(res.queued_packets, 0);
            assert_int_equal(res.rounds, 6 * (n - 1) + c - 1);
            double T = (double)(c + 6 * n - 7) * ts + (double)(nf + 5 * n - 6) * tm;
            assert_true(fabs(res.time - T) < 1e-9);
            assert_int_equal(tc_tseng_allgather_ring_new(net, &topo, cycle.node, &t), TC_OK);
            assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_tseng_plan(t), &res, NULL), TC_OK);
            tc_tseng_free(t);
            assert_int_equal(res.keys_delivered, nf * (nf - 1));
            assert_int_equal(res.queued_packets, 0);
            assert_int_equal(res.rounds, nf - 1);
            assert_true(fabs(res.time - (double)(nf - 1) * (ts + tm)) < 1e-9);
        }
        /* a mesh whose rings no longer partition S_n is refused */
        int64_t keep = mesh.node[1];
        mesh.node[1] = mesh.node[0];
        tc_tseng_t *t = NULL;
        assert_int_equal(tc_tseng_allgather_mesh_new(net, &topo, &mesh, &t), TC_EINVAL);
        mesh.node[1] = keep;
        cycle.node[2] = cycle.node[1];
        assert_int_equal(tc_tseng_allgather_ring_new(net, &topo, cycle.node, &t), TC_EINVAL);
        tc_star_cycle_destroy(&cycle);
        tc_star_mesh_destroy(&mesh);
        tc_topo_destroy(&topo);
        tc_net_free(net);
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_source),
        cmocka_unit_test(test_one_source),
        cmocka_unit_test(test_broken_topology_detected),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_allgathers),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
