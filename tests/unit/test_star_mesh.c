/* The n x (n-1)! mesh of paper 001 Section IV and the Hamiltonian cycle of S_m it starts from:
 * the cycle checked here independently of the library's validator for m = 2..9 (and its
 * dimensions from other starts), Eq. (4) for every node and symbol of S_3..S_7, the rings,
 * the partition, the dilation and the congestion of steps (1) and (2) for n = 3..8, the checks
 * catching corrupted rings and paths with the counts they should give, and the sizes refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <stdlib.h>
#include <string.h>

/* Every node of S_m once, node[0] = 0, node[k+1] = g_{dim[k]}(node[k]), closed. */
static void check_hamiltonian(int m, const tc_star_cycle_t *c)
{
    int64_t N = tc_star_factorial(m);
    assert_int_equal(c->m, m);
    assert_int_equal(c->length, N);
    assert_int_equal(c->node[0], 0);
    uint8_t *seen = calloc((size_t)N, 1);
    assert_non_null(seen);
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    for (int64_t k = 0; k < N; k++) {
        assert_in_range(c->node[k], 0, N - 1);
        assert_false(seen[c->node[k]]);
        seen[c->node[k]] = 1;
        tc_star_unrank(m, c->node[k], a);
        tc_star_unrank(m, c->node[(k + 1) % N], b);
        assert_int_equal(tc_star_dim(m, a, b), c->dim[k]);
    }
    free(seen);
}

static void test_hamilton_cycle_all_m(void **state)
{
    (void)state;
    for (int m = 2; m <= 9; m++) {
        tc_star_cycle_t c;
        assert_int_equal(tc_star_hamilton(m, &c), TC_OK);
        check_hamiltonian(m, &c);
        int64_t faults = -1;
        assert_int_equal(tc_star_ring_faults(m, c.node, c.length, &faults), TC_OK);
        assert_int_equal(faults, 0);
        tc_star_cycle_destroy(&c);
        assert_null(c.node);
    }
}

/* The dimensions alone walk a Hamiltonian cycle from any start (S_m is a Cayley graph); the
 * construction is deterministic. */
static void test_cycle_dims_from_any_start(void **state)
{
    (void)state;
    int m = 7;
    tc_star_cycle_t c, again;
    assert_int_equal(tc_star_hamilton(m, &c), TC_OK);
    assert_int_equal(tc_star_hamilton(m, &again), TC_OK);
    assert_memory_equal(c.dim, again.dim, (size_t)c.length);
    assert_memory_equal(c.node, again.node, (size_t)c.length * sizeof *c.node);
    int64_t *ring = malloc((size_t)c.length * sizeof *ring);
    assert_non_null(ring);
    const int64_t starts[] = {1, 2519, 5039};
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        uint8_t p[TC_STAR_MAX_N];
        tc_star_unrank(m, starts[s], p);
        for (int64_t k = 0; k < c.length; k++) {
            ring[k] = tc_star_rank(m, p);
            tc_star_move(p, c.dim[k]);
        }
        assert_int_equal(tc_star_rank(m, p), starts[s]); /* closed */
        int64_t faults = -1;
        assert_int_equal(tc_star_ring_faults(m, ring, c.length, &faults), TC_OK);
        assert_int_equal(faults, 0);
    }
    free(ring);
    tc_star_cycle_destroy(&c);
    tc_star_cycle_destroy(&again);
}

/* tc_star_ring_faults counts what it says: a node outside S_n (1 + its 2 steps), a repeated
 * node (1 + the steps that are no edges), a swapped pair (2 steps). */
static void test_ring_faults_catch(void **state)
{
    (void)state;
    tc_star_cycle_t c;
    assert_int_equal(tc_star_hamilton(5, &c), TC_OK);
    int64_t *ring = malloc((size_t)c.length * sizeof *ring);
    assert_non_null(ring);
    int64_t faults = -1;

    memcpy(ring, c.node, (size_t)c.length * sizeof *ring);
    ring[10] = 120; /* not a node of S_5 */
    assert_int_equal(tc_star_ring_faults(5, ring, c.length, &faults), TC_OK);
    assert_int_equal(faults, 3);

    memcpy(ring, c.node, (size_t)c.length * sizeof *ring);
    ring[10] = ring[12]; /* ring[12] repeats it; ring[9] -> ring[12] is no edge (three apart on
                            the cycle: it would close a 4-cycle, and S_5 has girth 6) */
    assert_int_equal(tc_star_ring_faults(5, ring, c.length, &faults), TC_OK);
    assert_int_equal(faults, 2);

    memcpy(ring, c.node, (size_t)c.length * sizeof *ring);
    int64_t t = ring[0];
    ring[0] = ring[1];
    ring[1] = t; /* ..., r119, r1, r0, r2: r119 -- r1 and r0 -- r2 lie two apart: no edges */
    assert_int_equal(tc_star_ring_faults(5, ring, c.length, &faults), TC_OK);
    assert_int_equal(faults, 2);

    assert_int_equal(tc_star_ring_faults(5, c.node, 0, &faults), TC_ERANGE);
    assert_int_equal(tc_star_ring_faults(11, c.node, 5, &faults), TC_ERANGE);
    free(ring);
    tc_star_cycle_destroy(&c);
}

/* Eq. (4): the path from v (ending in x) reaches T_{x,y}(v), for every node of S_3..S_7 and
 * every y != x; one link exactly when v_1 = y; the same dimensions lead back. The example of
 * Definition 1's kind: 35142 to T_{2,4}(35142) = 35124 along g_5 g_4 g_5. */
static void test_swap_path_eq4(void **state)
{
    (void)state;
    uint8_t v[5] = {3, 5, 1, 4, 2}, dims[3];
    assert_int_equal(tc_star_swap_path(5, v, 4, dims), 3);
    assert_int_equal(dims[0], 5);
    assert_int_equal(dims[1], 4);
    assert_int_equal(dims[2], 5);
    assert_int_equal(tc_star_swap_path(5, v, 3, dims), 1);
    assert_int_equal(dims[0], 5);
    assert_int_equal(tc_star_swap_path(5, v, 2, dims), -1); /* y = v_n */
    assert_int_equal(tc_star_swap_path(5, v, 6, dims), -1);
    assert_int_equal(tc_star_swap_path(5, v, 0, dims), -1);
    for (int n = 3; n <= 7; n++) {
        uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N], t[TC_STAR_MAX_N];
        for (int s = 0; s < n; s++) {
            p[s] = (uint8_t)(s + 1);
        }
        do {
            int x = p[n - 1];
            for (int y = 1; y <= n; y++) {
                if (y == x) {
                    continue;
                }
                int len = tc_star_swap_path(n, p, y, dims);
                assert_int_equal(len, p[0] == y ? 1 : 3);
                memcpy(q, p, (size_t)n);
                for (int k = 0; k < len; k++) {
                    tc_star_move(q, dims[k]);
                }
                for (int s = 0; s < n; s++) {
                    t[s] = p[s] == x ? (uint8_t)y : p[s] == y ? (uint8_t)x : p[s];
                }
                assert_memory_equal(q, t, (size_t)n);
                for (int k = len - 1; k >= 0; k--) {
                    tc_star_move(q, dims[k]);
                }
                assert_memory_equal(q, p, (size_t)n);
            }
        } while (tc_star_next(n, p));
    }
}

/* The mesh as Section IV defines it, checked here from the permutations: r_1 starts at 23...n1,
 * r_i = T_{i-1,i}(r_{i-1}) column by column, ring i in *^{n-1}i; and the library's counts. */
static void test_mesh_rings_and_dilation(void **state)
{
    (void)state;
    for (int n = 3; n <= 8; n++) {
        tc_star_mesh_t mesh;
        assert_int_equal(tc_star_mesh_new(n, &mesh), TC_OK);
        int64_t cols = tc_star_factorial(n - 1);
        assert_int_equal(mesh.n, n);
        assert_int_equal(mesh.cols, cols);
        uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
        for (int s = 0; s < n - 1; s++) {
            p[s] = (uint8_t)(s + 2);
        }
        p[n - 1] = 1;
        assert_int_equal(mesh.node[0], tc_star_rank(n, p));
        for (int i = 1; i <= n; i++) {
            for (int64_t j = 0; j < cols; j++) {
                tc_star_unrank(n, mesh.node[(i - 1) * cols + j], p);
                assert_int_equal(p[n - 1], i);
                if (i > 1) {
                    tc_star_unrank(n, mesh.node[(i - 2) * cols + j], q);
                    for (int s = 0; s < n; s++) {
                        q[s] = q[s] == i - 1 ? (uint8_t)i : q[s] == i ? (uint8_t)(i - 1) : q[s];
                    }
                    assert_memory_equal(p, q, (size_t)n);
                }
            }
            int64_t faults = -1;
            assert_int_equal(tc_star_ring_faults(n, mesh.node + (i - 1) * cols, cols, &faults),
                             TC_OK);
            assert_int_equal(faults, 0);
        }
        tc_star_mesh_report_t rep;
        assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
        assert_int_equal(rep.n, n);
        assert_int_equal(rep.outside, 0);
        assert_int_equal(rep.missing, 0);
        assert_int_equal(rep.repeated, 0);
        assert_int_equal(rep.breaks, 0);
        assert_int_equal(rep.path_faults, 0);
        assert_int_equal(rep.dilation, 3);
        /* one link when v_1 = i: (n-2)! of the (n-1)! nodes of each of the n-1 rows */
        int64_t one = (n - 1) * tc_star_factorial(n - 2);
        assert_int_equal(rep.paths_of_length[1], one);
        assert_int_equal(rep.paths_of_length[2], 0);
        assert_int_equal(rep.paths_of_length[3], (n - 1) * cols - one);
        tc_star_mesh_destroy(&mesh);
        assert_null(mesh.node);
    }
}

/* Steps (1) and (2): in every traversal no node receives two messages and no directed link
 * carries two; the negative paths are the positive ones reversed. */
static void test_mesh_congestion_free(void **state)
{
    (void)state;
    for (int n = 3; n <= 8; n++) {
        tc_star_mesh_t mesh;
        assert_int_equal(tc_star_mesh_new(n, &mesh), TC_OK);
        tc_star_mesh_report_t rep;
        assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
        for (int dir = 0; dir < 2; dir++) {
            assert_int_equal(rep.node_overloads[dir], 0);
            assert_int_equal(rep.link_overloads[dir], 0);
            assert_int_equal(rep.max_node_load[dir], 1);
            assert_int_equal(rep.max_link_load[dir], 1);
        }
        uint8_t fwd[3], back[3];
        for (int i = 1; i < n; i++) {
            for (int64_t j = 0; j < mesh.cols; j += 7) {
                int len = tc_star_mesh_path(&mesh, i, j, false, fwd);
                assert_int_equal(tc_star_mesh_path(&mesh, i + 1, j, true, back), len);
                for (int k = 0; k < len; k++) {
                    assert_int_equal(back[k], fwd[len - 1 - k]);
                }
            }
        }
        assert_int_equal(tc_star_mesh_path(&mesh, n, 0, false, fwd), -1);
        assert_int_equal(tc_star_mesh_path(&mesh, 1, 0, true, fwd), -1);
        assert_int_equal(tc_star_mesh_path(&mesh, 1, mesh.cols, false, fwd), -1);
        tc_star_mesh_destroy(&mesh);
    }
}

static int64_t *mesh_node(tc_star_mesh_t *m, int i, int64_t j)
{
    return &m->node[(i - 1) * m->cols + j];
}

static uint8_t *mesh_hop(tc_star_mesh_t *m, int i, int64_t j)
{
    return &m->hop[((i - 1) * m->cols + j) * 4];
}

/* Corrupted meshes give the counts they should. */
static void test_mesh_check_catches(void **state)
{
    (void)state;
    int n = 5;
    tc_star_mesh_t mesh;
    tc_star_mesh_report_t rep;
    assert_int_equal(tc_star_mesh_new(n, &mesh), TC_OK);
    int64_t cols = mesh.cols;

    /* two nodes of ring 2 swapped: the ring breaks, two column paths into it and two out of it
     * end elsewhere; still a partition */
    int64_t t = *mesh_node(&mesh, 2, 3);
    *mesh_node(&mesh, 2, 3) = *mesh_node(&mesh, 2, 4);
    *mesh_node(&mesh, 2, 4) = t;
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.breaks, 2);
    assert_int_equal(rep.path_faults, 4);
    assert_int_equal(rep.missing + rep.repeated + rep.outside, 0);
    *mesh_node(&mesh, 2, 4) = *mesh_node(&mesh, 2, 3);
    *mesh_node(&mesh, 2, 3) = t;
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.breaks + rep.path_faults, 0);

    /* a node of ring 1 written into ring 3: outside its substar, repeated, one node missing */
    t = *mesh_node(&mesh, 3, 10);
    *mesh_node(&mesh, 3, 10) = *mesh_node(&mesh, 1, 0);
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.outside, 1);
    assert_int_equal(rep.repeated, 1);
    assert_int_equal(rep.missing, 1);
    assert_int_equal(rep.breaks, 2);
    assert_int_equal(rep.path_faults, 2);
    *mesh_node(&mesh, 3, 10) = t;

    /* one dimension of one path changed; one path too long */
    uint8_t *hop = mesh_hop(&mesh, 2, 5);
    uint8_t saved[4];
    memcpy(saved, hop, 4);
    hop[1] = hop[1] == 2 ? 3 : 2;
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.path_faults, 1);
    memcpy(hop, saved, 4);
    hop[0] = 4;
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.path_faults, 1);
    assert_int_equal(rep.dilation, 3);
    memcpy(hop, saved, 4);
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.path_faults, 0);

    /* congestion, positive: (1, 1) made a copy of (1, 0) sends the same message the same way,
     * colliding on every link of the path (and nothing else changes) */
    int64_t t0 = *mesh_node(&mesh, 1, 1);
    memcpy(saved, mesh_hop(&mesh, 1, 1), 4);
    *mesh_node(&mesh, 1, 1) = *mesh_node(&mesh, 1, 0);
    memcpy(mesh_hop(&mesh, 1, 1), mesh_hop(&mesh, 1, 0), 4);
    int len = mesh_hop(&mesh, 1, 0)[0];
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.link_overloads[0], len);
    assert_int_equal(rep.node_overloads[0], len);
    assert_int_equal(rep.max_link_load[0], 2);
    assert_int_equal(rep.max_node_load[0], 2);
    *mesh_node(&mesh, 1, 1) = t0;
    memcpy(mesh_hop(&mesh, 1, 1), saved, 4);

    /* congestion, negative: (n, 1) made a copy of (n, 0), its path back too */
    t0 = *mesh_node(&mesh, n, 1);
    memcpy(saved, mesh_hop(&mesh, n - 1, 1), 4);
    *mesh_node(&mesh, n, 1) = *mesh_node(&mesh, n, 0);
    memcpy(mesh_hop(&mesh, n - 1, 1), mesh_hop(&mesh, n - 1, 0), 4);
    len = mesh_hop(&mesh, n - 1, 0)[0];
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.link_overloads[1], len);
    assert_int_equal(rep.node_overloads[1], len);
    assert_int_equal(rep.max_link_load[1], 2);
    *mesh_node(&mesh, n, 1) = t0;
    memcpy(mesh_hop(&mesh, n - 1, 1), saved, 4);

    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_OK);
    assert_int_equal(rep.node_overloads[0] + rep.node_overloads[1] + rep.link_overloads[0] +
                         rep.link_overloads[1] + rep.path_faults + rep.breaks,
                     0);
    (void)cols;
    tc_star_mesh_destroy(&mesh);
}

static void test_bad_sizes(void **state)
{
    (void)state;
    tc_star_cycle_t c;
    assert_int_equal(tc_star_hamilton(1, &c), TC_ERANGE);
    assert_null(c.node);
    assert_int_equal(tc_star_hamilton(TC_STAR_HAMILTON_MAX_M + 1, &c), TC_ERANGE);
    assert_true(strlen(tc_err_detail()) > 0);
    tc_star_mesh_t mesh;
    assert_int_equal(tc_star_mesh_new(2, &mesh), TC_ERANGE);
    assert_null(mesh.node);
    assert_int_equal(tc_star_mesh_new(TC_STAR_MESH_MAX_N + 1, &mesh), TC_ERANGE);
    assert_non_null(strstr(tc_err_detail(), "3 <= n <= 10"));
    assert_null(strchr(tc_err_detail(), '\n'));
    assert_int_equal(tc_star_mesh_new(4, &mesh), TC_OK);
    mesh.cols--;
    tc_star_mesh_report_t rep;
    assert_int_equal(tc_star_mesh_check(&mesh, &rep), TC_EINVAL);
    mesh.cols++;
    tc_star_mesh_destroy(&mesh);
    tc_star_mesh_destroy(NULL);
    tc_star_cycle_destroy(NULL);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hamilton_cycle_all_m),
        cmocka_unit_test(test_cycle_dims_from_any_start),
        cmocka_unit_test(test_ring_faults_catch),
        cmocka_unit_test(test_swap_path_eq4),
        cmocka_unit_test(test_mesh_rings_and_dilation),
        cmocka_unit_test(test_mesh_congestion_free),
        cmocka_unit_test(test_mesh_check_catches),
        cmocka_unit_test(test_bad_sizes),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
