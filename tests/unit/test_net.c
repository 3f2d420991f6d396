/* Unit tests of the star graph S_n (include/treecast/net.h, src/net/star_internal.h) against
 * paper 000 (Fragopoulou & Akl), Sections 1-2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "net/star_internal.h"
#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/rng.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------------------- */

/* A compact label ("341526") into p; returns n. Test-side, independent of tc_star_parse. */
static int perm_of(const char *s, uint8_t *p)
{
    int n = (int)strlen(s);
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(s[m] - '0');
    }
    return n;
}

static void identity(int n, uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(m + 1);
    }
}

static bool is_identity(int n, const uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        if (p[m] != m + 1) {
            return false;
        }
    }
    return true;
}

static int pos_of_one(int n, const uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        if (p[m] == 1) {
            return m + 1;
        }
    }
    return 0;
}

static tc_net_t *star(int n)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    assert_non_null(net);
    return net;
}

/* Breadth-first distances from src over tc_net_neighbor (the test's own BFS). */
static int *bfs(const tc_net_t *net, int64_t src)
{
    int64_t N = tc_net_nodes(net);
    int *dist = malloc((size_t)N * sizeof *dist);
    int64_t *queue = malloc((size_t)N * sizeof *queue);
    assert_non_null(dist);
    assert_non_null(queue);
    for (int64_t v = 0; v < N; v++) {
        dist[v] = -1;
    }
    int64_t head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
            int64_t u = tc_net_neighbor(net, v, d);
            assert_true(u >= 0 && u < N);
            if (dist[u] < 0) {
                dist[u] = dist[v] + 1;
                queue[tail++] = u;
            }
        }
    }
    assert_int_equal(tail, N); /* S_n is connected */
    free(queue);
    return dist;
}

/* The rotation of Definition 3 written directly: R(i) = r(i_1) r(i_n) r(i_2) ... r(i_{n-1}). */
static void rotate_by_definition(int n, const uint8_t *i, uint8_t *out)
{
    out[0] = (uint8_t)tc_star_r(n, i[0]);
    out[1] = (uint8_t)tc_star_r(n, i[n - 1]);
    for (int m = 2; m < n; m++) {
        out[m] = (uint8_t)tc_star_r(n, i[m - 1]);
    }
}

static void random_perm(tc_rng_t *rng, int n, uint8_t *p)
{
    int64_t r = (int64_t)tc_rng_below(rng, (uint64_t)tc_star_factorial(n));
    tc_star_unrank(n, r, p);
}

/* ---- rank and unrank ------------------------------------------------------------------------- */

static void test_rank_unrank_every_node_small(void **state)
{
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int64_t N = tc_star_factorial(n);
        uint8_t step[TC_STAR_MAX_N], q[TC_STAR_MAX_N], prev[TC_STAR_MAX_N];
        identity(n, step);
        for (int64_t r = 0; r < N; r++) {
            tc_star_unrank(n, r, q);
            assert_true(tc_star_is_perm(n, q));
            assert_int_equal(tc_star_rank(n, q), r);
            /* unrank in rank order is the lexicographic order tc_star_next walks */
            assert_memory_equal(q, step, (size_t)n);
            if (r > 0) {
                assert_true(memcmp(prev, q, (size_t)n) < 0);
            }
            memcpy(prev, q, (size_t)n);
            bool more = tc_star_next(n, step);
            assert_int_equal(more, r < N - 1);
        }
        /* at the last permutation tc_star_next leaves p unchanged */
        assert_memory_equal(step, prev, (size_t)n);
        for (int m = 0; m < n; m++) {
            assert_int_equal(prev[m], n - m); /* n ... 1 is the last */
        }
    }
}

static void test_factorial(void **state)
{
    (void)state;
    int64_t f = 1;
    for (int n = 0; n <= 20; n++) {
        if (n > 0) {
            f *= n;
        }
        assert_int_equal(tc_star_factorial(n), f);
        assert_int_equal(tc__fact[n], f);
    }
    assert_int_equal(tc_star_factorial(20), 2432902008176640000LL);
    assert_int_equal(tc_star_factorial(-1), -1);
    assert_int_equal(tc_star_factorial(21), -1);
}

static void test_rank_random_s20(void **state)
{
    (void)state;
    const int n = 20;
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    tc_rng_t rng;
    tc_rng_seed(&rng, 20240601, 0);
    for (int k = 0; k < 1000; k++) {
        int64_t r = (int64_t)tc_rng_below(&rng, (uint64_t)tc_star_factorial(n));
        tc_star_unrank(n, r, p);
        assert_true(tc_star_is_perm(n, p));
        assert_int_equal(tc_star_rank(n, p), r);
        /* the lexicographic successor has the next rank */
        memcpy(q, p, (size_t)n);
        if (tc_star_next(n, q)) {
            assert_int_equal(tc_star_rank(n, q), r + 1);
        }
    }
    /* the ends and one known rank */
    identity(n, p);
    assert_int_equal(tc_star_rank(n, p), 0);
    for (int m = 0; m < n; m++) {
        q[m] = (uint8_t)(n - m);
    }
    assert_int_equal(tc_star_rank(n, q), tc_star_factorial(20) - 1);
    tc_star_move(p, 2); /* 2 1 3 4 ... 20: first Lehmer digit 1 */
    assert_int_equal(tc_star_rank(n, p), tc_star_factorial(19));
}

static void test_is_perm(void **state)
{
    (void)state;
    const uint8_t good3[] = {3, 1, 2};
    const uint8_t dup3[] = {1, 1, 3};
    const uint8_t zero3[] = {0, 1, 2};
    const uint8_t big3[] = {1, 2, 4};
    assert_true(tc_star_is_perm(3, good3));
    assert_false(tc_star_is_perm(3, dup3));
    assert_false(tc_star_is_perm(3, zero3));
    assert_false(tc_star_is_perm(3, big3));
    uint8_t p[TC_STAR_MAX_N];
    identity(20, p);
    assert_true(tc_star_is_perm(20, p));
    p[19] = 21;
    assert_false(tc_star_is_perm(20, p));
    p[19] = 19; /* 19 twice, 20 missing */
    assert_false(tc_star_is_perm(20, p));
    p[19] = 20;
    p[0] = 0;
    assert_false(tc_star_is_perm(20, p));
    /* a prefix of a permutation of a longer range is not a permutation of 1..n */
    const uint8_t pre[] = {2, 3};
    assert_false(tc_star_is_perm(2, pre));
}

/* ---- the rank-after-move fast path -------------------------------------------------------------
 */

static void check_rank_after_move(int n, const uint8_t *p)
{
    int64_t rank = tc_star_rank(n, p);
    for (int d = 2; d <= n; d++) {
        uint8_t q[TC_STAR_MAX_N];
        memcpy(q, p, (size_t)n);
        tc_star_move(q, d);
        assert_int_equal(tc__star_rank_after_move(n, p, rank, d), tc_star_rank(n, q));
    }
}

static void test_rank_after_move(void **state)
{
    (void)state;
    /* S_1 has no dimension; every node and dimension of S_2..S_7 */
    for (int n = 2; n <= 7; n++) {
        uint8_t p[TC_STAR_MAX_N];
        identity(n, p);
        do {
            check_rank_after_move(n, p);
        } while (tc_star_next(n, p));
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, 11, 0);
    for (int k = 0; k < 1000; k++) {
        uint8_t p[TC_STAR_MAX_N];
        random_perm(&rng, 20, p);
        check_rank_after_move(20, p);
    }
}

/* ---- neighbours and edge dimensions ---------------------------------------------------------- */

static void test_move_and_dim(void **state)
{
    (void)state;
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    perm_of("341526", p);
    memcpy(q, p, 6);
    tc_star_move(q, 4); /* swap positions 1 and 4 */
    uint8_t want[TC_STAR_MAX_N];
    perm_of("541326", want);
    assert_memory_equal(q, want, 6);
    assert_int_equal(tc_star_dim(6, p, q), 4);
    assert_int_equal(tc_star_dim(6, q, p), 4);
    assert_int_equal(tc_star_dim(6, p, p), -1);
    /* swapping two positions other than 1 is not an edge */
    perm_of("314526", q);
    assert_int_equal(tc_star_dim(6, p, q), -1);
    /* two moves away is not an edge */
    memcpy(q, p, 6);
    tc_star_move(q, 2);
    tc_star_move(q, 3);
    assert_int_equal(tc_star_dim(6, p, q), -1);
}

static void test_neighbor_edge_dim(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        for (int64_t v = 0; v < N; v++) {
            uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
            tc_star_unrank(n, v, p);
            for (int k = 2; k <= n; k++) {
                int64_t u = tc_net_neighbor(net, v, k);
                assert_true(u >= 0 && u < N);
                assert_true(u != v);
                memcpy(q, p, (size_t)n);
                tc_star_move(q, k);
                assert_int_equal(u, tc_star_rank(n, q));
                assert_int_equal(tc_net_edge_dim(net, v, u), k);
                assert_int_equal(tc_net_edge_dim(net, u, v), k);
                assert_int_equal(tc_net_neighbor(net, u, k), v); /* an involution */
                assert_int_equal(tc_net_distance(net, v, u), 1);
                /* a node two moves away along different dimensions is not adjacent */
                for (int k2 = 2; k2 <= n; k2++) {
                    if (k2 != k) {
                        int64_t w = tc_net_neighbor(net, u, k2);
                        assert_int_equal(tc_net_edge_dim(net, v, w), -1);
                    }
                }
            }
            assert_int_equal(tc_net_edge_dim(net, v, v), -1);
            assert_int_equal(tc_net_neighbor(net, v, 1), -1);
            assert_int_equal(tc_net_neighbor(net, v, n + 1), -1);
            assert_int_equal(tc_net_neighbor(net, v, 0), -1);
        }
        assert_int_equal(tc_net_neighbor(net, -1, 2), -1);
        assert_int_equal(tc_net_neighbor(net, N, 2), -1);
        assert_int_equal(tc_net_edge_dim(net, 0, N), -1);
        assert_int_equal(tc_net_edge_dim(net, -1, 0), -1);
        tc_net_free(net);
    }
}

/* ---- networks ---------------------------------------------------------------------------------
 */

static void test_net_properties(void **state)
{
    (void)state;
    for (int n = 2; n <= 20; n++) {
        tc_net_t *net = star(n);
        assert_string_equal(tc_net_family_name(net), "star");
        assert_int_equal(tc_net_n(net), n);
        assert_int_equal(tc_net_nodes(net), tc_star_factorial(n));
        if (n <= 19) {
            assert_int_equal(tc_net_edges(net), tc_star_factorial(n) / 2 * (n - 1));
        } else {
            assert_int_equal(tc_net_edges(net), -1); /* 20! * 19 / 2 exceeds INT64_MAX */
        }
        assert_int_equal(tc_net_degree(net), n - 1);
        assert_int_equal(tc_net_dim_min(net), 2);
        assert_int_equal(tc_net_dim_max(net), n);
        assert_int_equal(tc_net_diameter(net), 3 * (n - 1) / 2);
        assert_int_equal(tc_net_materializable(net), n <= 12);
        tc_net_free(net);
    }
    static char dummy;
    tc_net_t *net = (tc_net_t *)(void *)&dummy;
    assert_int_equal(tc_net_star_new(1, &net), TC_ERANGE);
    assert_null(net);
    assert_int_equal(tc_net_star_new(21, &net), TC_ERANGE);
    assert_int_equal(tc_net_star_new(0, &net), TC_ERANGE);
    tc_net_free(NULL); /* accepted */
}

static void test_net_parse(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse("star:7", &net), TC_OK);
    assert_non_null(net);
    assert_int_equal(tc_net_n(net), 7);
    assert_int_equal(tc_net_nodes(net), 5040);
    tc_net_free(net);
    assert_int_equal(tc_net_parse("star:2", &net), TC_OK);
    assert_int_equal(tc_net_n(net), 2);
    tc_net_free(net);
    assert_int_equal(tc_net_parse("star:20", &net), TC_OK);
    assert_int_equal(tc_net_n(net), 20);
    tc_net_free(net);

    static const struct {
        const char *spec;
        tc_err_t err;
    } bad[] = {
        {"star:1", TC_ERANGE},  {"star:21", TC_ERANGE},
        {"star:0", TC_ERANGE},  {"star:99999999999999999999999", TC_ERANGE},
        {"star:", TC_EINVAL},   {"star:7x", TC_EINVAL},
        {"star:7 ", TC_EINVAL}, {"star: 7", TC_EINVAL},
        {"star:-3", TC_EINVAL}, {"star:+7", TC_EINVAL},
        {"cube:0", TC_ERANGE},  {"cube:41", TC_ERANGE},
        {"cube:", TC_EINVAL},   {"cube:3q", TC_EINVAL},
        {"ring:3", TC_EINVAL},  {"star7", TC_EINVAL},
        {"Star:7", TC_EINVAL},  {"sta:7", TC_EINVAL},
        {"stars:7", TC_EINVAL}, {":7", TC_EINVAL},
        {"", TC_EINVAL},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        net = (tc_net_t *)(void *)&net;
        tc_err_t err = tc_net_parse(bad[k].spec, &net);
        if (err != bad[k].err) {
            print_error("spec \"%s\": got %s, want %s\n", bad[k].spec, tc_err_name(err),
                        tc_err_name(bad[k].err));
        }
        assert_int_equal(err, bad[k].err);
        assert_null(net);
        assert_true(tc_err_detail()[0] != '\0');
    }
    assert_int_equal(tc_net_parse(NULL, &net), TC_EINVAL);
}

/* ---- labels -----------------------------------------------------------------------------------
 */

static void check_label_round_trip(const tc_net_t *net, int64_t v)
{
    int n = tc_net_n(net);
    char buf[TC_LABEL_MAX];
    for (int commas = 0; commas <= 1; commas++) {
        size_t len = tc_net_label(net, v, commas != 0, buf, sizeof buf);
        assert_int_equal(len, strlen(buf));
        bool has_comma = strchr(buf, ',') != NULL;
        assert_int_equal(has_comma, commas != 0 || n > 9); /* compact only for n <= 9 */
        if (!has_comma) {
            assert_int_equal(len, n);
        }
        int64_t back = -1;
        assert_int_equal(tc_net_parse_label(net, buf, &back), TC_OK);
        assert_int_equal(back, v);
    }
}

static void test_label_round_trip(void **state)
{
    (void)state;
    for (int n = 2; n <= 7; n++) {
        tc_net_t *net = star(n);
        for (int64_t v = 0; v < tc_net_nodes(net); v++) {
            check_label_round_trip(net, v);
        }
        tc_net_free(net);
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, 3, 0);
    for (int n = 8; n <= 20; n++) {
        tc_net_t *net = star(n);
        for (int k = 0; k < 200; k++) {
            check_label_round_trip(net, (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(net)));
        }
        check_label_round_trip(net, 0);
        check_label_round_trip(net, tc_net_nodes(net) - 1);
        tc_net_free(net);
    }
    /* known texts */
    uint8_t p[TC_STAR_MAX_N];
    char buf[TC_LABEL_MAX];
    perm_of("3517246", p);
    assert_int_equal(tc_star_format(7, p, false, buf, sizeof buf), 7);
    assert_string_equal(buf, "3517246");
    assert_int_equal(tc_star_format(7, p, true, buf, sizeof buf), 13);
    assert_string_equal(buf, "3,5,1,7,2,4,6");
    for (int m = 0; m < 20; m++) {
        p[m] = (uint8_t)(20 - m);
    }
    size_t len = tc_star_format(20, p, false, buf, sizeof buf);
    assert_string_equal(buf, "20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1");
    assert_int_equal(len, 50);
    assert_true(len < TC_LABEL_MAX);
    uint8_t q[TC_STAR_MAX_N];
    assert_int_equal(tc_star_parse(20, buf, q), TC_OK);
    assert_memory_equal(p, q, 20);
    /* both forms are accepted for n <= 9 */
    assert_int_equal(tc_star_parse(7, "3,5,1,7,2,4,6", q), TC_OK);
    perm_of("3517246", p);
    assert_memory_equal(p, q, 7);
}

static void expect_bad_label(int n, const char *text)
{
    uint8_t p[TC_STAR_MAX_N];
    tc_err_t err = tc_star_parse(n, text, p);
    if (err != TC_EPARSE) {
        print_error("S_%d label \"%s\": got %s, want TC_EPARSE\n", n, text, tc_err_name(err));
    }
    assert_int_equal(err, TC_EPARSE);
    assert_true(tc_err_detail()[0] != '\0');
}

static void test_label_strict_rejection(void **state)
{
    (void)state;
    static const char *const bad5[] = {
        "",           "1234",       "123456",     "12345a",      "12335",       "12346",
        "02345",      " 12345",     "12345 ",     "1234\n5",     "0,1,2,3,4",   "1,,2,3,4,5",
        "1,2,3,4,5,", ",1,2,3,4,5", " 1,2,3,4,5", "1,2,3,4,5 ",  "1, 2,3,4,5",  "01,2,3,4,5",
        "1,2,3,4,05", "1,2,3,4,6",  "1,2,3,4",    "1,2,3,4,5,1", "1,2,2,4,5",   "-1,2,3,4,5",
        "+1,2,3,4,5", "1;2;3;4;5",  "12,3,4,5",   "1,2,3,4,100", "1,2,3,4,5,6", "1.2.3.4.5",
    };
    for (size_t k = 0; k < sizeof bad5 / sizeof bad5[0]; k++) {
        expect_bad_label(5, bad5[k]);
    }
    expect_bad_label(5, NULL);
    /* the brief's short forms, on S_3 */
    expect_bad_label(3, "0,1,2");
    expect_bad_label(3, "1,,2,3");
    expect_bad_label(3, "1,2,3,");
    expect_bad_label(3, " 1,2,3");
    expect_bad_label(3, "01,2,3"); /* leading zeros are rejected */
    expect_bad_label(3, "1,2,03");
    expect_bad_label(3, "124");
    uint8_t p[TC_STAR_MAX_N];
    assert_int_equal(tc_star_parse(3, "1,2,3", p), TC_OK);
    assert_int_equal(tc_star_parse(3, "312", p), TC_OK);
    /* the compact form is rejected for n >= 10 */
    expect_bad_label(10, "2134567891");
    expect_bad_label(10, "12345678910");
    expect_bad_label(12, "123456789");
    expect_bad_label(10, "1,2,3,4,5,6,7,8,9,010");
    expect_bad_label(10, "1,2,3,4,5,6,7,8,9,11"); /* symbol above n */
    expect_bad_label(10, "1,2,3,4,5,6,7,8,10,10");
    assert_int_equal(tc_star_parse(10, "10,9,8,7,6,5,4,3,2,1", p), TC_OK);
    assert_int_equal(p[0], 10);
    assert_int_equal(p[9], 1);
    /* tc_net_parse_label applies the same rules */
    tc_net_t *net = star(5);
    int64_t v = 77;
    assert_int_equal(tc_net_parse_label(net, "12335", &v), TC_EPARSE);
    assert_int_equal(v, 77);
    assert_int_equal(tc_net_parse_label(net, "54321", &v), TC_OK);
    assert_int_equal(v, 119);
    tc_net_free(net);
}

/* ---- cycle notation and distances (Definition 1, [1]) ------------------------------------------
 */

static void test_cycle_notation(void **state)
{
    (void)state;
    uint8_t p[TC_STAR_MAX_N];
    char buf[64];
    perm_of("341526", p);
    assert_int_equal(tc_star_cycle_notation(6, p, buf, sizeof buf), 9);
    assert_string_equal(buf, "(13)(245)"); /* Definition 1 */
    int c = -1, s = -1;
    tc_star_cycle_counts(6, p, &c, &s);
    assert_int_equal(c, 2);
    assert_int_equal(s, 5);
    assert_int_equal(tc_star_distance_identity(6, p), 5); /* c + s - 2, p_1 != 1 */
    identity(6, p);
    tc_star_cycle_notation(6, p, buf, sizeof buf);
    assert_string_equal(buf, "()");
    tc_star_cycle_counts(6, p, &c, &s);
    assert_int_equal(c + s, 0);
    perm_of("231", p);
    tc_star_cycle_notation(3, p, buf, sizeof buf);
    assert_string_equal(buf, "(123)");
    perm_of("13254", p); /* starts with 1: d = c + s */
    tc_star_cycle_notation(5, p, buf, sizeof buf);
    assert_string_equal(buf, "(23)(45)");
    assert_int_equal(tc_star_distance_identity(5, p), 6);
    /* n > 9: members separated by commas */
    for (int m = 0; m < 10; m++) {
        p[m] = (uint8_t)(m + 1);
    }
    p[0] = 10;
    p[9] = 1;
    tc_star_cycle_notation(10, p, buf, sizeof buf);
    assert_string_equal(buf, "(1,10)");
}

static void test_distance_formula_vs_bfs(void **state)
{
    (void)state;
    for (int n = 2; n <= 7; n++) {
        tc_net_t *net = star(n);
        int *dist = bfs(net, 0);
        int diam = 0;
        uint8_t p[TC_STAR_MAX_N];
        identity(n, p);
        for (int64_t v = 0; v < tc_net_nodes(net); v++, tc_star_next(n, p)) {
            assert_int_equal(tc_star_distance_identity(n, p), dist[v]);
            assert_int_equal(tc_net_distance(net, 0, v), dist[v]);
            diam = dist[v] > diam ? dist[v] : diam;
        }
        assert_int_equal(diam, 3 * (n - 1) / 2); /* [1]: floor(3(n-1)/2) */
        assert_int_equal(diam, tc_net_diameter(net));
        free(dist);
        tc_net_free(net);
    }
}

static void test_distance_pairs_s6(void **state)
{
    (void)state;
    const int n = 6;
    tc_net_t *net = star(n);
    tc_rng_t rng;
    tc_rng_seed(&rng, 6, 0);
    for (int k = 0; k < 12; k++) {
        int64_t a = (int64_t)tc_rng_below(&rng, 720);
        int *dist = bfs(net, a);
        uint8_t pa[TC_STAR_MAX_N], pb[TC_STAR_MAX_N];
        tc_star_unrank(n, a, pa);
        for (int j = 0; j < 100; j++) {
            int64_t b = (int64_t)tc_rng_below(&rng, 720);
            tc_star_unrank(n, b, pb);
            assert_int_equal(tc_star_distance(n, pa, pb), dist[b]);
            assert_int_equal(tc_star_distance(n, pb, pa), dist[b]);
            assert_int_equal(tc_net_distance(net, a, b), dist[b]);
        }
        free(dist);
    }
    tc_net_free(net);
}

/* ---- rotation and necklaces (Definitions 3-4, Lemmas 2-3) -------------------------------------
 */

static void test_r_function(void **state)
{
    (void)state;
    for (int n = 2; n <= 20; n++) {
        assert_int_equal(tc_star_r(n, 1), 1);
        for (int k = 2; k < n; k++) {
            assert_int_equal(tc_star_r(n, k), k + 1);
        }
        assert_int_equal(tc_star_r(n, n), 2);
    }
}

/* Check that the rotations of first give exactly the necklace `members` (compact labels). */
static void check_necklace(const char *const *members, int count)
{
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N], want[TC_STAR_MAX_N];
    int n = perm_of(members[0], p);
    assert_int_equal(tc_star_necklace_size(n, p), count);
    for (int k = 0; k < count; k++) {
        perm_of(members[k], want);
        tc_star_rotate(n, p, k, q);
        assert_memory_equal(q, want, (size_t)n);
        assert_int_equal(tc_star_necklace_size(n, want), count);
    }
    tc_star_rotate(n, p, count, q);
    assert_memory_equal(q, p, (size_t)n);
}

static void test_necklaces_paper(void **state)
{
    (void)state;
    /* Lemma 3: R^2(13254) = 13254, necklace (13254, 15432) */
    static const char *const n1[] = {"13254", "15432"};
    check_necklace(n1, 2);
    static const char *const n2[] = {"12435", "12354", "15342", "13245"};
    check_necklace(n2, 4);
    static const char *const n3[] = {"4123", "2413", "3421"};
    check_necklace(n3, 3);
    /* Definition 5's unfolded necklace (13254, 15432, 13254, 15432) */
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    perm_of("13254", p);
    tc_star_rotate(5, p, 3, q);
    uint8_t want[TC_STAR_MAX_N];
    perm_of("15432", want);
    assert_memory_equal(q, want, 5);

    /* The necklaces of S_4 by distance from I_4 (Section 2). */
    static const struct {
        int dist;
        int size;
        const char *members[3];
    } s4[] = {
        {0, 1, {"1234"}},
        {1, 3, {"2134", "3214", "4231"}},
        {2, 3, {"3124", "4213", "2431"}},
        {2, 3, {"4132", "2314", "3241"}},
        {3, 3, {"3142", "4312", "2341"}},
        {3, 3, {"4123", "2413", "3421"}},
        {3, 3, {"1243", "1432", "1324"}},
        {4, 3, {"2143", "3412", "4321"}},
        {4, 1, {"1342"}},
        {4, 1, {"1423"}},
    };
    int covered = 0;
    for (size_t k = 0; k < sizeof s4 / sizeof s4[0]; k++) {
        check_necklace(s4[k].members, s4[k].size);
        for (int m = 0; m < s4[k].size; m++) {
            perm_of(s4[k].members[m], p);
            assert_int_equal(tc_star_distance_identity(4, p), s4[k].dist);
        }
        covered += s4[k].size;
    }
    assert_int_equal(covered, 24); /* the table lists every node of S_4 once */
}

/* Definition 5: (13254, 15432, 13254, 15432) is an unfolded necklace of S_5. */
static void test_unfolded_necklace(void **state)
{
    (void)state;
    uint8_t i[TC_STAR_MAX_N] = {1, 3, 2, 5, 4};
    uint8_t out[4 * 5];
    tc_star_unfolded_necklace(5, i, out);
    static const char *const want[] = {"13254", "15432", "13254", "15432"};
    for (int k = 0; k < 4; k++) {
        char lab[TC_LABEL_MAX];
        tc_star_format(5, out + 5 * k, false, lab, sizeof lab);
        assert_string_equal(lab, want[k]);
    }
    /* a necklace outside S^1: n-1 distinct nodes, one in each substar S^k, k >= 2 */
    uint8_t j[TC_STAR_MAX_N] = {4, 1, 2, 3};
    uint8_t out4[3 * 4];
    tc_star_unfolded_necklace(4, j, out4);
    uint32_t substars = 0;
    for (int k = 0; k < 3; k++) {
        for (int m = 0; m < 4; m++) {
            if (out4[4 * k + m] == 1) {
                substars |= 1u << (m + 1);
            }
        }
    }
    assert_int_equal(substars, (1u << 2) | (1u << 3) | (1u << 4));
}

static void test_necklace_sizes(void **state)
{
    (void)state;
    for (int n = 3; n <= 7; n++) {
        uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N], r[TC_STAR_MAX_N];
        int64_t nodes_in_necklaces = 0;
        identity(n, p);
        do {
            int size = tc_star_necklace_size(n, p);
            assert_true(size >= 1);
            assert_int_equal((n - 1) % size, 0); /* a divisor of n - 1 */
            if (p[0] != 1) {
                assert_int_equal(size, n - 1); /* Lemma 3.1 */
            }
            /* size is the least t with R^t(p) = p, by single rotations */
            memcpy(q, p, (size_t)n);
            for (int t = 1; t <= n - 1; t++) {
                rotate_by_definition(n, q, r);
                memcpy(q, r, (size_t)n);
                tc_star_rotate(n, p, t, r);
                assert_memory_equal(q, r, (size_t)n); /* R^t = t applications of R */
                assert_int_equal(tc_star_distance_identity(n, q),
                                 tc_star_distance_identity(n, p)); /* Lemma 3.3 */
                if (memcmp(q, p, (size_t)n) == 0) {
                    assert_int_equal(t, size);
                    break;
                }
            }
            assert_memory_equal(q, p, (size_t)n);
            nodes_in_necklaces++;
        } while (tc_star_next(n, p));
        assert_int_equal(nodes_in_necklaces, tc_star_factorial(n));
    }
}

static void test_lemma2_rotation(void **state)
{
    (void)state;
    for (int n = 3; n <= 6; n++) {
        uint8_t u[TC_STAR_MAX_N], v[TC_STAR_MAX_N], ru[TC_STAR_MAX_N], rv[TC_STAR_MAX_N];
        uint8_t def[TC_STAR_MAX_N];
        identity(n, u);
        do {
            tc_star_rotate(n, u, 1, ru);
            rotate_by_definition(n, u, def);
            assert_memory_equal(ru, def, (size_t)n); /* Definition 3 */
            assert_true(tc_star_is_perm(n, ru));
            /* 2: S^k_{n-1} into S^{r(k)}_{n-1} */
            assert_int_equal(pos_of_one(n, ru), tc_star_r(n, pos_of_one(n, u)));
            /* 3: distance from I_n preserved */
            assert_int_equal(tc_star_distance_identity(n, ru), tc_star_distance_identity(n, u));
            /* 1: an edge of dimension k goes to an edge of dimension r(k) */
            for (int k = 2; k <= n; k++) {
                memcpy(v, u, (size_t)n);
                tc_star_move(v, k);
                tc_star_rotate(n, v, 1, rv);
                assert_int_equal(tc_star_dim(n, ru, rv), tc_star_r(n, k));
                /* and n-2 further rotations walk through every other dimension once */
                uint32_t dims = 0;
                for (int t = 0; t < n - 1; t++) {
                    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
                    tc_star_rotate(n, u, t, a);
                    tc_star_rotate(n, v, t, b);
                    int d = tc_star_dim(n, a, b);
                    assert_true(d >= 2 && d <= n);
                    dims |= 1u << d;
                }
                assert_int_equal(__builtin_popcount(dims), n - 1);
            }
        } while (tc_star_next(n, u));
    }
    /* distance between random pairs is preserved */
    tc_rng_t rng;
    tc_rng_seed(&rng, 2, 0);
    for (int k = 0; k < 500; k++) {
        uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N], ra[TC_STAR_MAX_N], rb[TC_STAR_MAX_N];
        random_perm(&rng, 6, a);
        random_perm(&rng, 6, b);
        tc_star_rotate(6, a, 1, ra);
        tc_star_rotate(6, b, 1, rb);
        assert_int_equal(tc_star_distance(6, ra, rb), tc_star_distance(6, a, b));
    }
}

/* ---- translation (Definition 2, Lemma 1) ------------------------------------------------------
 */

static void test_compose_formula(void **state)
{
    (void)state;
    uint8_t h[TC_STAR_MAX_N], i[TC_STAR_MAX_N], out[TC_STAR_MAX_N], want[TC_STAR_MAX_N];
    /* (h . i)_k = h_{i_k}: h = 231, i = 213 gives h_2 h_1 h_3 = 321 */
    perm_of("231", h);
    perm_of("213", i);
    tc_star_compose(3, h, i, out);
    perm_of("321", want);
    assert_memory_equal(out, want, 3);
    /* and the other order differs: i . h = i_2 i_3 i_1 = 132 */
    tc_star_compose(3, i, h, out);
    perm_of("132", want);
    assert_memory_equal(out, want, 3);
    /* h . I = h */
    identity(3, i);
    tc_star_compose(3, h, i, out);
    assert_memory_equal(out, h, 3);
}

static void test_lemma1_translation(void **state)
{
    (void)state;
    const int n = 5;
    tc_rng_t rng;
    tc_rng_seed(&rng, 1, 0);
    for (int trial = 0; trial < 10; trial++) {
        uint8_t h[TC_STAR_MAX_N];
        random_perm(&rng, n, h);
        uint8_t u[TC_STAR_MAX_N], v[TC_STAR_MAX_N], hu[TC_STAR_MAX_N], hv[TC_STAR_MAX_N];
        identity(n, u);
        do {
            tc_star_compose(n, h, u, hu);
            assert_true(tc_star_is_perm(n, hu));
            for (int k = 2; k <= n; k++) {
                memcpy(v, u, (size_t)n);
                tc_star_move(v, k);
                tc_star_compose(n, h, v, hv);
                assert_int_equal(tc_star_dim(n, hu, hv), k);
            }
        } while (tc_star_next(n, u));
    }
}

static void test_inverse_and_rotate_at(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 4, 0);
    const int sizes[] = {2, 3, 5, 7, 12, 20};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        for (int trial = 0; trial < 50; trial++) {
            uint8_t h[TC_STAR_MAX_N], hinv[TC_STAR_MAX_N], out[TC_STAR_MAX_N];
            uint8_t i[TC_STAR_MAX_N], a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
            random_perm(&rng, n, h);
            tc_star_inverse(n, h, hinv);
            tc_star_compose(n, hinv, h, out);
            assert_true(is_identity(n, out));
            tc_star_compose(n, h, hinv, out);
            assert_true(is_identity(n, out));
            /* T_h^{-1}(T_h(i)) = i */
            random_perm(&rng, n, i);
            tc_star_compose(n, h, i, a);
            tc_star_compose(n, hinv, a, b);
            assert_memory_equal(b, i, (size_t)n);
            /* R_h fixes h; at h = I_n it is R */
            for (int t = 0; t < n; t++) {
                tc_star_rotate_at(n, h, h, t, out);
                assert_memory_equal(out, h, (size_t)n);
                uint8_t id[TC_STAR_MAX_N];
                identity(n, id);
                tc_star_rotate_at(n, id, i, t, a);
                tc_star_rotate(n, i, t, b);
                assert_memory_equal(a, b, (size_t)n);
            }
            /* R_h preserves the distance to h and maps dimension k to r(k) */
            tc_star_rotate_at(n, h, i, 1, a);
            assert_int_equal(tc_star_distance(n, h, a), tc_star_distance(n, h, i));
            for (int k = 2; k <= n; k++) {
                uint8_t v[TC_STAR_MAX_N], rv[TC_STAR_MAX_N];
                memcpy(v, i, (size_t)n);
                tc_star_move(v, k);
                tc_star_rotate_at(n, h, v, 1, rv);
                assert_int_equal(tc_star_dim(n, a, rv), tc_star_r(n, k));
            }
        }
    }
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_unrank_every_node_small),
        cmocka_unit_test(test_factorial),
        cmocka_unit_test(test_rank_random_s20),
        cmocka_unit_test(test_is_perm),
        cmocka_unit_test(test_rank_after_move),
        cmocka_unit_test(test_move_and_dim),
        cmocka_unit_test(test_neighbor_edge_dim),
        cmocka_unit_test(test_net_properties),
        cmocka_unit_test(test_net_parse),
        cmocka_unit_test(test_label_round_trip),
        cmocka_unit_test(test_label_strict_rejection),
        cmocka_unit_test(test_cycle_notation),
        cmocka_unit_test(test_distance_formula_vs_bfs),
        cmocka_unit_test(test_distance_pairs_s6),
        cmocka_unit_test(test_r_function),
        cmocka_unit_test(test_necklaces_paper),
        cmocka_unit_test(test_unfolded_necklace),
        cmocka_unit_test(test_necklace_sizes),
        cmocka_unit_test(test_lemma2_rotation),
        cmocka_unit_test(test_compose_formula),
        cmocka_unit_test(test_lemma1_translation),
        cmocka_unit_test(test_inverse_and_rotate_at),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
