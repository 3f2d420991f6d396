/* Edge-disjoint Hamiltonian cycles of I_k^n (paper 003, Theorem 4): the count floor((k+1)/2)
 * for every 0 <= k < n <= 10; every cycle Hamiltonian on I_k^n's own edges and the cycles
 * pairwise edge-disjoint, checked here independently of tc_edhc_validate; the directed paths
 * from several roots arc-disjoint, starting at the root and covering every node; seeds
 * reproducible and different; the validator rejecting corrupted cycles; the error cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <stdlib.h>
#include <string.h>

static tc_net_t *icube(int n, int k)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_icube_new(n, k, &net), TC_OK);
    return net;
}

/* Each cycle visits every node once along edges of net; no edge is in two cycles. */
static void check_cycles(const tc_net_t *net, const tc_edhc_t *h)
{
    int64_t N = tc_net_nodes(net);
    int n = tc_net_n(net), D = n + 1;
    assert_int_equal(h->nodes, N);
    uint8_t *used = calloc((size_t)(N * D), 1);
    uint8_t *seen = calloc((size_t)N, 1);
    assert_non_null(used);
    assert_non_null(seen);
    for (int c = 0; c < h->count; c++) {
        const int64_t *next = h->next + c * N;
        memset(seen, 0, (size_t)N);
        int64_t v = tc_net_nodes(net) - 1, steps = 0; /* start at a back node */
        do {
            assert_false(seen[v]);
            seen[v] = 1;
            int64_t u = next[v];
            assert_in_range(u, 0, N - 1);
            int d = tc_net_edge_dim(net, v, u);
            assert_in_range(d, 0, n);
            assert_int_equal(tc_net_neighbor(net, v, d), u);
            int64_t lo = u < v ? u : v;
            assert_false(used[lo * D + d]);
            used[lo * D + d] = 1;
            v = u;
            steps++;
        } while (v != N - 1);
        assert_int_equal(steps, N);
    }
    /* every back node has degree k+1 and the cycles take two edges each of it */
    int k = tc_net_k(net);
    for (int64_t b = (int64_t)1 << n; b < N; b++) {
        int deg = 0;
        for (int d = 0; d <= n; d++) {
            int64_t u = tc_net_neighbor(net, b, d);
            if (u >= 0) {
                deg += used[(u < b ? u : b) * D + d];
            }
        }
        assert_int_equal(deg, 2 * h->count);
        assert_true(deg == k + 1 || deg == k);
    }
    free(used);
    free(seen);
}

/* The directed paths from root: each starts at root, reaches every node, steps along edges,
 * and no arc (u -> v) is on two paths; the dims form agrees with the parent form. */
static void check_paths(const tc_net_t *net, const tc_edhc_t *h, int64_t root)
{
    int64_t N = h->nodes;
    int P = 2 * h->count, D = tc_net_n(net) + 1;
    assert_int_equal(P, tc_icube_edhc_directed_count(tc_net_n(net), tc_net_k(net)));
    int64_t *parent = malloc((size_t)(P * N) * sizeof *parent);
    uint8_t *dims = malloc((size_t)(P * N));
    int64_t *child = malloc((size_t)N * sizeof *child);
    uint8_t *arc = calloc((size_t)(2 * N * D), 1); /* (tail, dim) */
    assert_non_null(parent);
    assert_non_null(dims);
    assert_non_null(child);
    assert_non_null(arc);
    assert_int_equal(tc_edhc_paths(h, root, parent), TC_OK);
    assert_int_equal(tc_edhc_path_dims(h, root, dims), TC_OK);
    for (int p = 0; p < P; p++) {
        const int64_t *par = parent + p * N;
        const uint8_t *dm = dims + p * N;
        for (int64_t v = 0; v < N; v++) {
            child[v] = -1;
        }
        assert_int_equal(par[root], -1);
        assert_int_equal(dm[root], TC_PARENT_ROOT);
        for (int64_t v = 0; v < N; v++) {
            if (v == root) {
                continue;
            }
            int64_t u = par[v];
            assert_in_range(u, 0, N - 1);
            int d = tc_net_edge_dim(net, u, v);
            assert_int_equal(d, dm[v]);
            assert_int_equal(child[u], -1); /* a path: one child each */
            child[u] = v;
            assert_false(arc[u * D + d]);
            arc[u * D + d] = 1;
        }
        int64_t v = root, steps = 1;
        while (child[v] >= 0) {
            v = child[v];
            steps++;
            assert_true(steps <= N);
        }
        assert_int_equal(steps, N);
    }
    tc_forest_t *f = NULL;
    assert_int_equal(tc_edhc_forest(net, h, root, &f), TC_OK);
    assert_int_equal(tc_forest_trees(f), P);
    for (int p = 0; p < P; p++) {
        assert_memory_equal(tc_forest_dims(f, p), dims + p * N, (size_t)N);
        int64_t v = (root + 1) % N;
        assert_int_equal(tc_forest_parent(f, p, v), parent[p * N + v]);
    }
    tc_forest_free(f);
    free(parent);
    free(dims);
    free(child);
    free(arc);
}

static void test_counts(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        for (int k = 0; k < n; k++) {
            assert_int_equal(tc_icube_edhc_count(n, k), (k + 1) / 2);
            /* Theorem 4: k+1 directed cycles when k+1 is even, k when it is odd */
            assert_int_equal(tc_icube_edhc_directed_count(n, k), k % 2 == 1 ? k + 1 : k);
        }
    }
    assert_int_equal(tc_icube_edhc_count(3, 3), 0);
    assert_int_equal(tc_icube_edhc_count(3, -1), 0);
}

static void test_all_sizes(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        for (int k = 0; k < n; k++) {
            tc_net_t *net = icube(n, k);
            tc_edhc_t h;
            assert_int_equal(tc_icube_edhc(net, 1, &h), TC_OK);
            assert_int_equal(h.count, (k + 1) / 2);
            assert_int_equal(h.n, n);
            assert_int_equal(h.k, k);
            assert_int_equal(h.count == 0, h.next == NULL);
            assert_int_equal(tc_edhc_validate(net, &h), TC_OK);
            check_cycles(net, &h);
            if (h.count > 0 && n <= 8) {
                int64_t N = h.nodes;
                int64_t roots[] = {0, N - 1, (int64_t)1 << n, N / 3};
                for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++) {
                    check_paths(net, &h, roots[r]);
                }
            }
            tc_edhc_destroy(&h);
            tc_net_free(net);
        }
    }
}

static void test_seeds(void **state)
{
    (void)state;
    tc_net_t *net = icube(6, 5);
    tc_edhc_t a, b, c;
    assert_int_equal(tc_icube_edhc(net, 7, &a), TC_OK);
    assert_int_equal(tc_icube_edhc(net, 7, &b), TC_OK);
    assert_int_equal(tc_icube_edhc(net, 8, &c), TC_OK);
    size_t bytes = (size_t)(a.count * a.nodes) * sizeof *a.next;
    assert_memory_equal(a.next, b.next, bytes);
    assert_memory_not_equal(a.next, c.next, bytes);
    check_cycles(net, &c);
    tc_edhc_destroy(&a);
    tc_edhc_destroy(&b);
    tc_edhc_destroy(&c);
    for (uint64_t seed = 100; seed < 110; seed++) {
        for (int k = 1; k < 7; k++) {
            tc_net_t *q = icube(7, k);
            assert_int_equal(tc_icube_edhc(q, seed, &a), TC_OK);
            check_cycles(q, &a);
            check_paths(q, &a, (int64_t)seed % a.nodes);
            tc_edhc_destroy(&a);
            tc_net_free(q);
        }
    }
    tc_net_free(net);
}

static void test_validate_rejects(void **state)
{
    (void)state;
    tc_net_t *net = icube(5, 4);
    tc_edhc_t h;
    assert_int_equal(tc_icube_edhc(net, 3, &h), TC_OK);
    assert_int_equal(h.count, 2);
    int64_t N = h.nodes;
    int64_t *keep = malloc((size_t)(2 * N) * sizeof *keep);
    assert_non_null(keep);
    memcpy(keep, h.next, (size_t)(2 * N) * sizeof *keep);

    /* a single "cycle" that is a 2-factor of true edges but not one cycle: the 4-cycles
     * 00 -> 01 -> 11 -> 10 -> 00 of the two lowest bits */
    static const int64_t turn[4] = {1, 3, 0, 2};
    h.count = 1;
    for (int64_t v = 0; v < N; v++) {
        h.next[v] = (v & ~(int64_t)3) | turn[v & 3];
        assert_true(tc_net_edge_dim(net, v, h.next[v]) >= 0);
    }
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "not Hamiltonian"));
    h.count = 2;
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);

    /* two successors exchanged: a node left out */
    int64_t *next = h.next + N;
    int64_t x = 0, y = next[next[0]];
    int64_t t = next[x];
    next[x] = next[y];
    next[y] = t;
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);
    assert_int_equal(tc_edhc_validate(net, &h), TC_OK);

    /* a step that is not an edge */
    h.next[0] = N - 1; /* 0 and the top back node differ in more than one bit (n = 5, k = 4) */
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);

    /* both cycles the same: edge-disjointness fails */
    memcpy(h.next + N, h.next, (size_t)N * sizeof *keep);
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "already uses"));
    /* one cycle walked backwards: the same undirected edges, still not disjoint */
    for (int64_t v = 0; v < N; v++) {
        h.next[N + keep[v]] = v;
    }
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);

    /* an out-of-range successor, a successor array that is not one permutation */
    h.next[N + 3] = N;
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);
    h.next[N + 3] = h.next[N + 4];
    assert_int_equal(tc_edhc_validate(net, &h), TC_EINVAL);
    memcpy(h.next, keep, (size_t)(2 * N) * sizeof *keep);

    /* the right cycles on the wrong network */
    tc_net_t *other = icube(5, 3);
    assert_int_equal(tc_edhc_validate(other, &h), TC_EINVAL);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_edhc_forest(other, &h, 0, &f), TC_EINVAL);
    assert_null(f);
    tc_net_free(other);
    assert_int_equal(tc_edhc_validate(net, &h), TC_OK);
    free(keep);
    tc_edhc_destroy(&h);
    tc_net_free(net);
}

static void test_errors(void **state)
{
    (void)state;
    tc_edhc_t h;
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_cube_new(4, &net), TC_OK);
    assert_int_equal(tc_icube_edhc(net, 1, &h), TC_EINVAL);
    assert_null(h.next);
    tc_net_free(net);
    assert_int_equal(tc_net_star_new(4, &net), TC_OK);
    assert_int_equal(tc_icube_edhc(net, 1, &h), TC_EINVAL);
    tc_net_free(net);
    net = icube(TC_EDHC_MAX_N + 1, 2);
    assert_int_equal(tc_icube_edhc(net, 1, &h), TC_ETOOBIG);
    assert_null(h.next);
    tc_net_free(net);

    /* k = 0: no cycle at all, and no path forest */
    net = icube(4, 0);
    assert_int_equal(tc_icube_edhc(net, 1, &h), TC_OK);
    assert_int_equal(h.count, 0);
    assert_int_equal(tc_edhc_validate(net, &h), TC_OK);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_edhc_forest(net, &h, 0, &f), TC_EINVAL);
    tc_edhc_destroy(&h);
    tc_net_free(net);

    net = icube(4, 3);
    assert_int_equal(tc_icube_edhc(net, 1, &h), TC_OK);
    int64_t *parent = malloc((size_t)(2 * h.count * h.nodes) * sizeof *parent);
    uint8_t *dims = malloc((size_t)(2 * h.count * h.nodes));
    assert_int_equal(tc_edhc_paths(&h, h.nodes, parent), TC_EINVAL);
    assert_int_equal(tc_edhc_paths(&h, -1, parent), TC_EINVAL);
    assert_int_equal(tc_edhc_path_dims(&h, h.nodes, dims), TC_EINVAL);
    assert_int_equal(tc_edhc_forest(net, &h, h.nodes, &f), TC_EINVAL);
    free(parent);
    free(dims);
    tc_edhc_destroy(&h);
    tc_edhc_destroy(&h); /* freeing twice is harmless, as is NULL */
    tc_edhc_destroy(NULL);
    tc_net_free(net);
}

/* Beyond Theorem 4 (docs/corrections.md): for even k, directed Hamiltonian cycles need not pair
 * up. These three arc-disjoint directed Hamiltonian cycles of I_2^4 (found by a SAT search) are
 * one more than Theorem 4's k = 2: every step is an edge, every node is visited once per cycle,
 * no arc is used twice. */
static void test_more_directed_than_theorem4(void **state)
{
    (void)state;
    static const int cyc[3][20] = {
        {0, 16, 17, 19, 18, 2, 3, 1, 9, 11, 10, 14, 15, 13, 5, 7, 6, 4, 12, 8},
        {0, 4, 6, 7, 15, 11, 3, 19, 17, 1, 5, 13, 9, 8, 12, 14, 10, 2, 18, 16},
        {0, 8, 10, 11, 9, 13, 15, 7, 5, 1, 17, 16, 18, 19, 3, 2, 6, 14, 12, 4}};
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_icube_new(4, 2, &net), TC_OK);
    assert_int_equal(tc_net_nodes(net), 20);
    assert_int_equal(tc_icube_edhc_directed_count(4, 2), 2);
    bool used[20][20] = {{false}};
    for (int c = 0; c < 3; c++) {
        bool seen[20] = {false};
        for (int i = 0; i < 20; i++) {
            int u = cyc[c][i], v = cyc[c][(i + 1) % 20];
            assert_false(seen[u]);
            seen[u] = true;
            int d = tc_net_edge_dim(net, u, v);
            assert_true(d >= 0);
            assert_int_equal(tc_net_neighbor(net, u, d), v);
            assert_false(used[u][v]);
            used[u][v] = true;
        }
    }
    tc_net_free(net);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts), cmocka_unit_test(test_all_sizes),
        cmocka_unit_test(test_seeds),  cmocka_unit_test(test_validate_rejects),
        cmocka_unit_test(test_errors), cmocka_unit_test(test_more_directed_than_theorem4),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
