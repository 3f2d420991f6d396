/* Substars, the routing rules R1-R4 and the step of Personalized_Broadcast (paper 001, Sections
 * II-III), judged by this file's own oracles: distances from the cycle formula of Akers et al.
 * (tc_star_distance; a node-to-substar distance is the least distance to a member), a direct
 * simulation of the packets of step (2iii), and Table 1 as printed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "treecast/rng.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void identity(int n, uint8_t *p)
{
    for (int m = 0; m < n; m++) {
        p[m] = (uint8_t)(m + 1);
    }
}

static void random_perm(tc_rng_t *rng, int n, uint8_t *p)
{
    identity(n, p);
    for (int m = n - 1; m > 0; m--) {
        int r = (int)tc_rng_below(rng, (uint64_t)m + 1);
        uint8_t t = p[m];
        p[m] = p[r];
        p[r] = t;
    }
}

/* The lexicographic rank of p in O(n) (this file's own, beside tc_star_rank's O(n^2)). */
static int64_t fast_rank(int n, const uint8_t *p)
{
    uint32_t used = 0;
    int64_t r = 0;
    for (int m = 0; m < n; m++) {
        int smaller = __builtin_popcount(used & ((1u << p[m]) - 1u));
        r = r * (n - m) + (p[m] - 1 - smaller);
        used |= 1u << p[m];
    }
    return r;
}

/* Follow a route from x; the node reached. */
static void follow(int n, const uint8_t *x, const tc_route_t *r, uint8_t *out)
{
    memcpy(out, x, (size_t)n);
    for (int h = 0; h < r->len; h++) {
        tc_star_move(out, r->dim[h]);
    }
}

/* Relabel the symbols of p by sigma: (sigma p)_m = sigma(p_m). */
static void relabel(int n, const uint8_t *sigma, const uint8_t *p, uint8_t *out)
{
    for (int m = 0; m < n; m++) {
        out[m] = p[m] == 0 ? 0 : sigma[p[m] - 1];
    }
}

static void test_labels(void **state)
{
    (void)state;
    tc_substar_t s;
    char buf[TC_LABEL_MAX];
    assert_int_equal(tc_substar_parse(4, "**12", &s), TC_OK);
    assert_int_equal(s.k, 2);
    assert_int_equal(s.y[2], 1);
    assert_int_equal(s.y[3], 2);
    assert_int_equal(tc_substar_format(&s, false, buf, sizeof buf), 4);
    assert_string_equal(buf, "**12");
    tc_substar_format(&s, true, buf, sizeof buf);
    assert_string_equal(buf, "*,*,1,2");
    assert_int_equal(tc_substar_parse(4, "*,*,1,2", &s), TC_OK);
    assert_int_equal(tc_substar_parse(12, "*,*,*,12,1,2,3,4,5,6,7,8", &s), TC_OK);
    assert_int_equal(s.k, 3);
    assert_int_equal(s.y[3], 12);
    tc_substar_format(&s, false, buf, sizeof buf);
    assert_string_equal(buf, "*,*,*,12,1,2,3,4,5,6,7,8");
    /* every substar of S_5 round-trips through its label and its index */
    for (int k = 1; k < 5; k++) {
        for (int64_t i = 0; i < tc_substar_count(5, k); i++) {
            tc_substar_t a, b;
            tc_substar_at(5, k, i, &a);
            tc_substar_format(&a, false, buf, sizeof buf);
            assert_int_equal(tc_substar_parse(5, buf, &b), TC_OK);
            assert_memory_equal(a.y, b.y, 5);
            assert_int_equal(b.k, k);
            assert_int_equal(tc_substar_index(&b), i);
        }
    }
    static const char *const bad[] = {"",    "**11",  "*12*",     "1**2", "****",    "**15",
                                      "**1", "**123", "*,*,1,,2", "**a2", "*,*,1;2", "*,*,0,2"};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        assert_int_equal(tc_substar_parse(4, bad[b], &s), TC_EPARSE);
        assert_true(strlen(tc_err_detail()) > 0);
    }
    assert_int_equal(tc_substar_parse(10, "***12345678", &s), TC_EPARSE); /* n > 9: commas */
}

/* tc_substar_at enumerates the (n-k)-tuples in lexicographic order, and the substars partition
 * S_n: every node lies in exactly one of them, the one tc_substar_of names. */
static void test_partition(void **state)
{
    (void)state;
    for (int n = 2; n <= 7; n++) {
        int64_t nodes = tc_star_factorial(n);
        for (int k = 1; k < n; k++) {
            int64_t N = tc_substar_count(n, k);
            assert_int_equal(N * tc_star_factorial(k), nodes);
            int64_t *members = calloc((size_t)N, sizeof *members);
            assert_non_null(members);
            tc_substar_t prev, cur;
            for (int64_t i = 0; i < N; i++) {
                tc_substar_at(n, k, i, &cur);
                if (i > 0) {
                    assert_true(memcmp(prev.y + k, cur.y + k, (size_t)(n - k)) < 0);
                }
                prev = cur;
            }
            uint8_t p[TC_STAR_MAX_N];
            identity(n, p);
            do {
                tc_substar_t s;
                tc_substar_of(n, k, p, &s);
                assert_true(tc_substar_contains(&s, p));
                int64_t idx = tc_substar_index(&s);
                assert_true(idx >= 0 && idx < N);
                members[idx]++;
                tc_substar_t other;
                tc_substar_at(n, k, (idx + 1) % N, &other);
                assert_true(N == 1 || !tc_substar_contains(&other, p));
            } while (tc_star_next(n, p));
            for (int64_t i = 0; i < N; i++) {
                assert_int_equal(members[i], tc_star_factorial(k));
            }
            free(members);
        }
    }
    uint8_t p[4] = {3, 2, 4, 1};
    tc_substar_t s;
    tc_substar_at(4, 2, 0, &s);
    char buf[16];
    tc_substar_format(&s, false, buf, sizeof buf);
    assert_string_equal(buf, "**12");
    tc_substar_at(4, 2, 11, &s);
    tc_substar_format(&s, false, buf, sizeof buf);
    assert_string_equal(buf, "**43");
    assert_false(tc_substar_contains(&s, p));
}

/* R1/R2 give routes as long as the cycle formula's distance and ending at the target: every
 * pair of nodes of S_2..S_6, seeded samples to S_10. */
static void test_node_routes(void **state)
{
    (void)state;
    uint8_t x[TC_STAR_MAX_N], y[TC_STAR_MAX_N], end[TC_STAR_MAX_N];
    tc_route_t r;
    for (int n = 2; n <= 6; n++) {
        identity(n, x);
        do {
            identity(n, y);
            do {
                tc_route_nodes(n, x, y, &r);
                assert_int_equal(r.len, tc_star_distance(n, x, y));
                follow(n, x, &r, end);
                assert_memory_equal(end, y, (size_t)n);
                for (int h = 0; h < r.len; h++) {
                    assert_true(r.rule[h] == 1 || r.rule[h] == 2);
                }
            } while (tc_star_next(n, y));
        } while (tc_star_next(n, x));
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, 1, 0);
    for (int n = 7; n <= 10; n++) {
        for (int t = 0; t < 2000; t++) {
            random_perm(&rng, n, x);
            random_perm(&rng, n, y);
            tc_route_nodes(n, x, y, &r);
            assert_int_equal(r.len, tc_star_distance(n, x, y));
            follow(n, x, &r, end);
            assert_memory_equal(end, y, (size_t)n);
        }
    }
}

/* The distance from x to s: the least cycle-formula distance to a member of s. */
static int true_distance(const uint8_t *x, const tc_substar_t *s)
{
    int n = s->n, k = s->k, best = 1 << 20;
    uint8_t free_syms[TC_STAR_MAX_N], v[TC_STAR_MAX_N];
    bool fixed[TC_STAR_MAX_N + 1] = {false};
    for (int m = k; m < n; m++) {
        fixed[s->y[m]] = true;
    }
    int f = 0;
    for (int c = 1; c <= n; c++) {
        if (!fixed[c]) {
            free_syms[f++] = (uint8_t)c;
        }
    }
    /* every arrangement of the free symbols over positions 1..k */
    uint8_t perm[TC_STAR_MAX_N];
    identity(k, perm);
    do {
        for (int m = 0; m < k; m++) {
            v[m] = free_syms[perm[m] - 1];
        }
        memcpy(v + k, s->y + k, (size_t)(n - k));
        int d = tc_star_distance(n, x, v);
        best = d < best ? d : best;
    } while (tc_star_next(k, perm));
    return best;
}

/* R3/R4 reach the substar by a shortest route: every node to every substar for every k on
 * S_2..S_6; from the identity to every substar on S_7..S_8 with the relabelling symmetry (the
 * rules look at positions only, so the route from x to s is the route from sigma x to sigma s
 * for any relabelling sigma of the symbols, checked on samples) carrying it to every node;
 * seeded samples on S_9 and S_10. */
static void test_substar_routes(void **state)
{
    (void)state;
    uint8_t x[TC_STAR_MAX_N], v[TC_STAR_MAX_N], end[TC_STAR_MAX_N];
    tc_route_t r;
    for (int n = 2; n <= 6; n++) {
        int64_t nodes = tc_star_factorial(n);
        for (int k = 1; k < n; k++) {
            int64_t N = tc_substar_count(n, k);
            int *best = malloc((size_t)N * sizeof *best);
            assert_non_null(best);
            identity(n, x);
            do {
                for (int64_t i = 0; i < N; i++) {
                    best[i] = 1 << 20;
                }
                for (int64_t u = 0; u < nodes; u++) {
                    tc_star_unrank(n, u, v);
                    tc_substar_t s;
                    tc_substar_of(n, k, v, &s);
                    int64_t i = tc_substar_index(&s);
                    int d = tc_star_distance(n, x, v);
                    best[i] = d < best[i] ? d : best[i];
                }
                for (int64_t i = 0; i < N; i++) {
                    tc_substar_t s;
                    tc_substar_at(n, k, i, &s);
                    tc_route_substar(x, &s, &r, end);
                    assert_int_equal(r.len, best[i]);
                    assert_true(tc_substar_contains(&s, end));
                    follow(n, x, &r, v);
                    assert_memory_equal(v, end, (size_t)n);
                    assert_int_equal(tc_substar_distance(&s, x), best[i]);
                }
            } while (tc_star_next(n, x));
            free(best);
        }
    }
    for (int n = 7; n <= 8; n++) {
        int64_t nodes = tc_star_factorial(n);
        for (int k = 1; k < n; k++) {
            int64_t N = tc_substar_count(n, k);
            int *best = malloc((size_t)N * sizeof *best);
            assert_non_null(best);
            for (int64_t i = 0; i < N; i++) {
                best[i] = 1 << 20;
            }
            identity(n, v);
            do {
                tc_substar_t s;
                tc_substar_of(n, k, v, &s);
                int64_t i = tc_substar_index(&s);
                int d = tc_star_distance_identity(n, v);
                best[i] = d < best[i] ? d : best[i];
            } while (tc_star_next(n, v));
            identity(n, x);
            for (int64_t i = 0; i < N; i++) {
                tc_substar_t s;
                tc_substar_at(n, k, i, &s);
                tc_route_substar(x, &s, &r, end);
                assert_int_equal(r.len, best[i]);
                assert_int_equal(tc_substar_distance(&s, x), best[i]);
                assert_true(tc_substar_contains(&s, end));
            }
            free(best);
            (void)nodes;
        }
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, 2, 0);
    for (int n = 7; n <= 10; n++) {
        int samples = n <= 8 ? 2000 : 60;
        for (int t = 0; t < samples; t++) {
            int k = 1 + (int)tc_rng_below(&rng, (uint64_t)(n - 1));
            if (n >= 9 && k > 7) {
                k = 1 + (int)tc_rng_below(&rng, 7); /* true_distance walks k! members */
            }
            tc_substar_t s, ss;
            tc_substar_at(n, k, (int64_t)tc_rng_below(&rng, (uint64_t)tc_substar_count(n, k)), &s);
            random_perm(&rng, n, x);
            tc_route_substar(x, &s, &r, end);
            if (n >= 9) {
                assert_int_equal(r.len, true_distance(x, &s));
                assert_int_equal(tc_substar_distance(&s, x), r.len);
            }
            assert_true(tc_substar_contains(&s, end));
            /* the same route from the relabelled node to the relabelled substar */
            uint8_t sigma[TC_STAR_MAX_N], sx[TC_STAR_MAX_N];
            random_perm(&rng, n, sigma);
            relabel(n, sigma, x, sx);
            ss = s;
            relabel(n, sigma, s.y, ss.y);
            tc_route_t r2;
            tc_route_substar(sx, &ss, &r2, NULL);
            assert_int_equal(r2.len, r.len);
            assert_memory_equal(r2.dim, r.dim, (size_t)r.len);
        }
    }
}

/* The two closed forms of the node-to-substar distance agree: tc_substar_distance (from any
 * node, by the paths and cycles seen from it) and tc_tseng_substar_distance of the cost model
 * (from the identity), derived independently, on every substar of S_2..S_8. */
static void test_two_closed_forms(void **state)
{
    (void)state;
    uint8_t id[TC_STAR_MAX_N];
    identity(TC_STAR_MAX_N, id);
    for (int n = 2; n <= 8; n++) {
        for (int k = 1; k < n; k++) {
            for (int64_t i = 0; i < tc_substar_count(n, k); i++) {
                tc_substar_t s;
                tc_substar_at(n, k, i, &s);
                int d = -1;
                assert_int_equal(tc_tseng_substar_distance(n, k, s.y + k, &d), TC_OK);
                assert_int_equal(tc_substar_distance(&s, id), d);
            }
        }
    }
}

/* Table 1 of paper 001 (z = 3241, k = 2), row by row as printed. */
static void test_table_001_1(void **state)
{
    (void)state;
    static const struct {
        const char *X, *dims, *y, *Y;
    } rows[12] = {
        {"**12", "3,2,4", "1432", "**32"}, {"**13", "3,4", "1234", "**34"},
        {"**14", "3", "4231", "**31"},     {"**21", "4,2,3", "4123", "**23"},
        {"**23", "2,3,4", "1324", "**24"}, {"**24", "2,3", "4321", "**21"},
        {"**31", "4", "1243", "**43"},     {"**32", "2,4", "1342", "**42"},
        {"**34", "", "3241", "**41"},      {"**41", "4,3", "4213", "**13"},
        {"**42", "2,4,3", "4312", "**12"}, {"**43", "3,4,3", "3214", "**14"},
    };
    uint8_t z[4] = {3, 2, 4, 1};
    assert_int_equal(tc_substar_count(4, 2), 12);
    for (int i = 0; i < 12; i++) {
        tc_tseng_step_t st;
        tc_tseng_step(4, 2, i, z, &st);
        char buf[32];
        tc_substar_format(&st.X, false, buf, sizeof buf);
        assert_string_equal(buf, rows[i].X);
        char dims[32] = "";
        for (int h = 0; h < st.route.len; h++) {
            snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%d", h ? "," : "",
                     st.route.dim[h]);
        }
        assert_string_equal(dims, rows[i].dims);
        tc_star_format(4, st.y, false, buf, sizeof buf);
        assert_string_equal(buf, rows[i].y);
        tc_substar_format(&st.Y, false, buf, sizeof buf);
        assert_string_equal(buf, rows[i].Y);
    }
}

/* Properties (1)-(4) of Section III for Personalized_Broadcast(k), simulated directly: in
 * iteration i every source z moves its packet along d_1..d_j in lockstep.
 *   (1) congestion-free: after every hop the n! packets sit on n! different nodes (so every
 *       node sends one and receives one along the hop's dimension);
 *   (2) the dimensions lead from z to y = z_{x_1} ... z_{x_n};
 *   (3) the representatives y of one iteration are pairwise different;
 *   (4) the substars Y of one source are pairwise different over the iterations.
 * S_3..S_6: every z, every i, every k. S_7: (2) and (3) for every z and i when k >= 4, (4) for
 * 64 seeded sources z and every k (n! sources times up to 5040 iterations is too long for a
 * unit test under the sanitizers). The whole algorithm runs on the round engine for every
 * source and k on S_3..S_6 in test_tseng.c, where the engine counts any two packets on one
 * link; on S_7, `treecast sim alltoall-tseng --net star:7 --k K` does it for every K (zero
 * queued packets; docs/collectives.md). */
static void check_properties(int n, int k, bool all_sources, tc_rng_t *rng)
{
    int64_t nodes = tc_star_factorial(n), N = tc_substar_count(n, k);
    uint8_t *seen = calloc((size_t)(nodes > N ? nodes : N), 1);
    uint8_t *pos = malloc((size_t)nodes * (size_t)n); /* the packet of every source */
    assert_non_null(seen);
    assert_non_null(pos);
    uint8_t id[TC_STAR_MAX_N], z[TC_STAR_MAX_N];
    identity(n, id);
    int64_t wrong_end = 0, repeated = 0, met = 0; /* (2), (3), (1): counted, asserted below */
    for (int64_t i = 0; i < N; i++) {
        tc_tseng_step_t st;
        tc_tseng_step(n, k, i, id, &st);
        if (!all_sources && k < 4) {
            break;
        }
        /* (2) and (3) for every source */
        memset(seen, 0, (size_t)nodes);
        identity(n, z);
        int64_t zr = 0;
        do {
            uint8_t end[TC_STAR_MAX_N], y[TC_STAR_MAX_N];
            follow(n, z, &st.route, end);
            for (int m = 0; m < n; m++) {
                y[m] = z[st.x[m] - 1];
            }
            wrong_end += memcmp(end, y, (size_t)n) != 0;
            int64_t yr = fast_rank(n, y);
            repeated += seen[yr];
            seen[yr] = 1;
            if (all_sources) {
                memcpy(pos + zr * n, z, (size_t)n);
            }
            zr++;
        } while (tc_star_next(n, z));
        if (!all_sources) {
            continue;
        }
        /* (1) hop by hop, over all sources */
        for (int h = 0; h < st.route.len; h++) {
            memset(seen, 0, (size_t)nodes);
            for (int64_t s = 0; s < nodes; s++) {
                tc_star_move(pos + s * n, st.route.dim[h]);
                int64_t at = fast_rank(n, pos + s * n);
                met += seen[at];
                seen[at] = 1;
            }
        }
    }
    assert_int_equal(wrong_end, 0);
    assert_int_equal(repeated, 0);
    assert_int_equal(met, 0);
    /* (4) */
    int64_t sources = all_sources ? nodes : 64;
    for (int64_t s = 0; s < sources; s++) {
        if (all_sources) {
            tc_star_unrank(n, s, z);
        } else {
            tc_star_unrank(n, (int64_t)tc_rng_below(rng, (uint64_t)nodes), z);
        }
        memset(seen, 0, (size_t)N);
        for (int64_t i = 0; i < N; i++) {
            tc_tseng_step_t st;
            tc_tseng_step(n, k, i, z, &st);
            int64_t yi = tc_substar_index(&st.Y);
            assert_int_equal(seen[yi], 0);
            seen[yi] = 1;
            assert_true(tc_substar_contains(&st.Y, st.y));
        }
    }
    free(seen);
    free(pos);
}

static void test_properties(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 3, 0);
    for (int n = 3; n <= 7; n++) {
        for (int k = 1; k < n; k++) {
            check_properties(n, k, n <= 6, &rng);
        }
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels),           cmocka_unit_test(test_partition),
        cmocka_unit_test(test_node_routes),      cmocka_unit_test(test_substar_routes),
        cmocka_unit_test(test_two_closed_forms), cmocka_unit_test(test_table_001_1),
        cmocka_unit_test(test_properties),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
