/* The families of fabrics (fattree, leafspine, dragonfly, hyperx, slimfly, polarfly) against the
 * definitions of their papers, by this file's own code: the counts of hosts and switches, hosts
 * first with one link each to a switch, every link where the definition puts it (rebuilt here
 * from the ids the family's file documents), the degrees, the diameters between switches and
 * between hosts by breadth-first search against the published values, the capacities of the
 * leaf-spine fabric (its oversubscription), connectivity, the specification's round trip (and
 * through a forest document), `info`'s facts without a differing row, and the refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static tc_net_t *net_of(const char *spec)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_parse(spec, &net);
    if (err != TC_OK) {
        fail_msg("%s: %s", spec, tc_err_detail());
    }
    return net;
}

static bool adjacent(const tc_net_t *net, int64_t u, int64_t v)
{
    return tc_net_edge_dim(net, u, v) >= 0;
}

/* The switch degree of v: its links to switches. */
static int switch_links(const tc_net_t *net, int64_t v)
{
    int deg = 0;
    for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
        int64_t w = tc_net_neighbor(net, v, d);
        deg += w >= 0 && tc_net_role(net, w) == TC_ROLE_SWITCH;
    }
    return deg;
}

static int full_degree(const tc_net_t *net, int64_t v)
{
    int deg = 0;
    for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
        deg += tc_net_neighbor(net, v, d) >= 0;
    }
    return deg;
}

/* What every fabric shares: `hosts` compute nodes first, each with one link, to a switch, then
 * `switches` switches; connected; the spec parses back to the same network. */
static void check_common(const tc_net_t *net, int64_t hosts, int64_t switches)
{
    char spec[TC_LABEL_MAX];
    tc_net_spec(net, spec, sizeof spec);
    assert_int_equal(tc_net_nodes(net), hosts + switches);
    assert_int_equal(tc_net_compute_nodes(net), hosts);
    assert_true(tc_net_switches(net));
    assert_int_equal(tc_net_components(net), 1);
    assert_false(tc_net_explicit(net));
    for (int64_t v = 0; v < hosts + switches; v++) {
        assert_int_equal(tc_net_role(net, v), v < hosts ? TC_ROLE_COMPUTE : TC_ROLE_SWITCH);
        if (v < hosts) {
            assert_int_equal(full_degree(net, v), 1);
            int64_t s = tc_net_neighbor(net, v, tc_net_dim_min(net));
            assert_true(s >= hosts);
        }
    }
    /* the round trip: the same nodes, links, labels, roles and capacities */
    tc_net_t *again = net_of(spec);
    char spec2[TC_LABEL_MAX];
    tc_net_spec(again, spec2, sizeof spec2);
    assert_string_equal(spec, spec2);
    assert_int_equal(tc_net_nodes(again), tc_net_nodes(net));
    assert_int_equal(tc_net_edges(again), tc_net_edges(net));
    for (int64_t v = 0; v < tc_net_nodes(net); v++) {
        char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
        tc_net_label(net, v, false, a, sizeof a);
        tc_net_label(again, v, false, b, sizeof b);
        assert_string_equal(a, b);
        assert_int_equal(tc_net_role(again, v), tc_net_role(net, v));
        for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
            assert_int_equal(tc_net_neighbor(again, v, d), tc_net_neighbor(net, v, d));
            assert_int_equal(tc_net_capacity(again, v, d), tc_net_capacity(net, v, d));
        }
    }
    tc_net_free(again);
}

/* Breadth-first search from every switch: the largest distance between two switches, between two
 * hosts (2 for two hosts of one switch, else the distance of their switches + 2: a host is a
 * leaf) and between any two nodes. */
typedef struct {
    int switches, hosts, all;
} diameters_t;

static diameters_t measure(const tc_net_t *net)
{
    int64_t N = tc_net_nodes(net), H = tc_net_compute_nodes(net);
    int *dist = malloc((size_t)N * sizeof *dist);
    int64_t *queue = malloc((size_t)N * sizeof *queue);
    int64_t *count = calloc((size_t)N, sizeof *count); /* hosts per switch */
    assert_non_null(dist);
    assert_non_null(queue);
    assert_non_null(count);
    for (int64_t h = 0; h < H; h++) {
        count[tc_net_neighbor(net, h, tc_net_dim_min(net))]++;
    }
    diameters_t d = {0, 0, 0};
    for (int64_t src = H; src < N; src++) {
        for (int64_t v = 0; v < N; v++) {
            dist[v] = -1;
        }
        int64_t head = 0, tail = 0;
        dist[src] = 0;
        queue[tail++] = src;
        while (head < tail) {
            int64_t u = queue[head++];
            for (int p = tc_net_dim_min(net); p <= tc_net_dim_max(net); p++) {
                int64_t w = tc_net_neighbor(net, u, p);
                if (w >= 0 && dist[w] < 0) {
                    dist[w] = dist[u] + 1;
                    queue[tail++] = w;
                }
            }
        }
        assert_int_equal(tail, N); /* connected */
        for (int64_t t = H; t < N; t++) {
            int x = dist[t];
            int hh = t == src ? (count[src] >= 2 ? 2 : 0) : x + 2;
            int hs = count[src] > 0 ? x + 1 : x; /* from a host of src to switch t */
            d.switches = x > d.switches ? x : d.switches;
            if (count[src] > 0 && count[t] > 0) {
                d.hosts = hh > d.hosts ? hh : d.hosts;
            }
            d.all = hs > d.all ? hs : d.all;
        }
    }
    d.all = d.hosts > d.all ? d.hosts : d.all;
    free(dist);
    free(queue);
    free(count);
    return d;
}

/* The facts of `info`: no row differs, and the rows named agree. */
static void check_facts(const tc_net_t *net, const char *const *agree)
{
    tc_facts_t f;
    assert_int_equal(tc_net_facts(net, &f), TC_OK);
    for (int r = 0; r < f.count; r++) {
        if (f.rows[r].verdict == TC_FACT_DIFFERS) {
            fail_msg("%s: %s differs: %s vs %s", f.title, f.rows[r].key, f.rows[r].value,
                     f.rows[r].paper);
        }
    }
    for (; *agree != NULL; agree++) {
        bool found = false;
        for (int r = 0; r < f.count; r++) {
            found = found ||
                    (strcmp(f.rows[r].key, *agree) == 0 && f.rows[r].verdict == TC_FACT_AGREES);
        }
        if (!found) {
            fail_msg("%s: no agreeing row %s", f.title, *agree);
        }
    }
}

static void test_fattree(void **state)
{
    (void)state;
    static const int Ks[] = {2, 4, 6, 8};
    for (size_t i = 0; i < sizeof Ks / sizeof Ks[0]; i++) {
        int64_t K = Ks[i], h = K / 2;
        char spec[32];
        snprintf(spec, sizeof spec, "fattree:%lld", (long long)K);
        tc_net_t *net = net_of(spec);
        int64_t hosts = K * K * K / 4, E = hosts, A = E + K * h, C = A + K * h;
        check_common(net, hosts, 5 * K * K / 4);
        /* the links, from the ids the file documents */
        for (int64_t v = 0; v < hosts; v++) {
            assert_true(adjacent(net, v, E + v / h));
        }
        for (int64_t pod = 0; pod < K; pod++) {
            for (int64_t a = 0; a < h; a++) {
                for (int64_t b = 0; b < h; b++) {
                    assert_true(adjacent(net, E + pod * h + a, A + pod * h + b));
                    assert_true(adjacent(net, A + pod * h + a, C + a * h + b));
                }
            }
        }
        assert_int_equal(tc_net_edges(net), hosts + 2 * K * h * h);
        for (int64_t s = E; s < C + h * h; s++) {
            assert_int_equal(full_degree(net, s), K); /* every switch has K ports */
        }
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        char want[32];
        snprintf(want, sizeof want, "FT(%lld)", (long long)K);
        assert_string_equal(name, want);
        char label[TC_LABEL_MAX];
        tc_net_label(net, C, false, label, sizeof label);
        assert_string_equal(label, "c0");
        diameters_t d = measure(net);
        assert_int_equal(d.hosts, 6);
        assert_int_equal(d.all, 6);
        assert_int_equal(d.switches, 4);
        assert_int_equal(tc_net_diameter(net), 6);
        assert_false(tc_net_capacitated(net));
        static const char *const agree[] = {"hosts", "switches", "switch degree", "host diameter",
                                            NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
}

static void test_leafspine(void **state)
{
    (void)state;
    static const long cases[][4] = {{2, 2, 8, 2}, {1, 3, 4, 1}, {4, 3, 6, 3},
                                    {5, 4, 3, 1}, {3, 2, 7, 5}, {64, 2, 2, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t L = cases[i][0], S = cases[i][1], H = cases[i][2], R = cases[i][3];
        char spec[64];
        snprintf(spec, sizeof spec, "leafspine:%lld,%lld,%lld,%lld", (long long)L, (long long)S,
                 (long long)H, (long long)R);
        tc_net_t *net = net_of(spec);
        int64_t hosts = L * H, leaf = hosts, spine = hosts + L;
        check_common(net, hosts, L + S);
        for (int64_t v = 0; v < hosts; v++) {
            assert_true(adjacent(net, v, leaf + v / H));
        }
        for (int64_t l = 0; l < L; l++) {
            assert_int_equal(full_degree(net, leaf + l), H + S);
            /* the oversubscription: a leaf's host links carry R times its uplinks */
            int64_t down = 0, up = 0;
            for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
                int64_t w = tc_net_neighbor(net, leaf + l, d);
                if (w < 0) {
                    continue;
                }
                int64_t c = tc_net_capacity(net, leaf + l, d);
                assert_int_equal(tc_net_capacity(net, w, tc_net_edge_dim(net, w, leaf + l)), c);
                if (w < hosts) {
                    down += c;
                } else {
                    assert_true(w >= spine);
                    up += c;
                }
            }
            assert_int_equal(down, R * up);
        }
        for (int64_t s = 0; s < S; s++) {
            assert_int_equal(full_degree(net, spine + s), L);
        }
        assert_int_equal(tc_net_capacitated(net), R * S != H);
        diameters_t d = measure(net);
        assert_int_equal(d.hosts, L == 1 ? 2 : 4);
        assert_int_equal(d.all, tc_net_diameter(net));
        static const char *const agree[] = {
            "hosts",         "switches",         "leaf degree", "spine degree",
            "host diameter", "oversubscription", NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
    /* 2:1 with S = 2, H = 8: host links 1, uplinks 2 */
    tc_net_t *net = net_of("leafspine:2,2,8,2");
    assert_int_equal(tc_net_capacity(net, 0, tc_net_edge_dim(net, 0, 16)), 1);
    assert_int_equal(tc_net_capacity(net, 16, tc_net_edge_dim(net, 16, 18)), 2);
    tc_net_free(net);
}

static void test_dragonfly(void **state)
{
    (void)state;
    static const long cases[][3] = {{4, 2, 2}, {2, 1, 1}, {1, 2, 3}, {3, 1, 0},
                                    {3, 2, 2}, {6, 3, 3}, {8, 4, 4}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t A = cases[i][0], P = cases[i][1], H = cases[i][2], G = A * H + 1;
        char spec[64];
        snprintf(spec, sizeof spec, "dragonfly:%lld,%lld,%lld", (long long)A, (long long)P,
                 (long long)H);
        tc_net_t *net = net_of(spec);
        int64_t routers = A * G, hosts = routers * P, R = hosts;
        check_common(net, hosts, routers);
        /* local links all to all, H global links per router, one between every two groups */
        int64_t *pair = calloc((size_t)(G * G), sizeof *pair);
        assert_non_null(pair);
        for (int64_t r = 0; r < routers; r++) {
            int64_t g = r / A, global = 0;
            for (int64_t r2 = 0; r2 < routers; r2++) {
                bool adj = adjacent(net, R + r, R + r2);
                if (r2 / A == g) {
                    assert_int_equal(adj, r2 != r);
                } else if (adj) {
                    global++;
                    pair[g * G + r2 / A]++;
                }
            }
            assert_int_equal(global, H);
            assert_int_equal(full_degree(net, R + r), (A - 1) + P + H);
        }
        for (int64_t g = 0; g < G; g++) {
            for (int64_t g2 = 0; g2 < G; g2++) {
                assert_int_equal(pair[g * G + g2], g == g2 ? 0 : 1);
            }
        }
        free(pair);
        diameters_t d = measure(net);
        int rd = A == 1 || H == 0 ? 1 : 3;
        assert_int_equal(d.switches, rd);
        assert_int_equal(d.all, rd + 2);
        assert_int_equal(tc_net_diameter(net), rd + 2);
        static const char *const agree[] = {
            "hosts",         "routers", "global links", "router degree", "router diameter",
            "host diameter", NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
    tc_net_t *net = net_of("dragonfly:4,2,2");
    assert_int_equal(tc_net_compute_nodes(net), 72); /* the 72-host example */
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    assert_string_equal(name, "DF(4,2,2)");
    tc_net_free(net);
}

static void test_hyperx(void **state)
{
    (void)state;
    static const long cases[][3] = {{1, 4, 1}, {2, 3, 2}, {3, 2, 1}, {2, 4, 2},
                                    {3, 3, 1}, {2, 8, 1}, {4, 2, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t L = cases[i][0], S = cases[i][1], T = cases[i][2], switches = 1;
        for (int64_t d = 0; d < L; d++) {
            switches *= S;
        }
        char spec[64];
        snprintf(spec, sizeof spec, "hyperx:%lld,%lld,%lld", (long long)L, (long long)S,
                 (long long)T);
        tc_net_t *net = net_of(spec);
        int64_t hosts = switches * T;
        check_common(net, hosts, switches);
        /* joined iff the base-S digits differ in exactly one place */
        for (int64_t a = 0; a < switches; a++) {
            for (int64_t b = 0; b < switches; b++) {
                int differ = 0;
                for (int64_t x = a, y = b, d = 0; d < L; d++, x /= S, y /= S) {
                    differ += x % S != y % S;
                }
                assert_int_equal(adjacent(net, hosts + a, hosts + b), differ == 1);
            }
            assert_int_equal(full_degree(net, hosts + a), L * (S - 1) + T);
        }
        diameters_t d = measure(net);
        assert_int_equal(d.switches, L);
        assert_int_equal(d.all, L + 2);
        assert_int_equal(tc_net_diameter(net), L + 2);
        static const char *const agree[] = {"hosts",           "switches",      "switch degree",
                                            "switch diameter", "host diameter", NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
}

/* (a - b) mod q */
static int64_t diff_mod(int64_t a, int64_t b, int64_t q)
{
    return ((a - b) % q + q) % q;
}

static void test_slimfly(void **state)
{
    (void)state;
    static const int qs[] = {3, 5, 7, 11, 13, 17, 19, 23};
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++) {
        int64_t q = qs[i], delta = q % 4 == 1 ? 1 : -1, kp = (3 * q - delta) / 2;
        char spec[32];
        snprintf(spec, sizeof spec, "slimfly:%lld,1", (long long)q);
        tc_net_t *net = net_of(spec);
        int64_t routers = 2 * q * q, R = routers; /* one host per router */
        check_common(net, routers, routers);
        /* the MMS rules: (0,x,y) ~ (0,x,y') iff y - y' in X, (1,m,c) ~ (1,m,c') iff c - c' in
         * X', (0,x,y) ~ (1,m,c) iff y = m x + c; X and X' the same for every x and m, each
         * closed under negation and of (q - delta)/2 elements */
        uint8_t X[2][64] = {{0}};
        for (int64_t b = 1; b < q; b++) {
            X[0][b] = adjacent(net, R + 0, R + b) ? 1 : 0;             /* (0,0,0) ~ (0,0,b) */
            X[1][b] = adjacent(net, R + q * q, R + q * q + b) ? 1 : 0; /* (1,0,0) ~ (1,0,b) */
        }
        for (int s = 0; s < 2; s++) {
            int64_t size = 0;
            for (int64_t e = 1; e < q; e++) {
                size += X[s][e];
                assert_int_equal(X[s][e], X[s][q - e]);
            }
            assert_int_equal(size, (q - delta) / 2);
        }
        if (delta == 1) { /* X: the quadratic residues, X': the others (Euler's criterion) */
            for (int64_t e = 1; e < q; e++) {
                int64_t pw = 1;
                for (int64_t j = 0; j < (q - 1) / 2; j++) {
                    pw = pw * e % q;
                }
                assert_int_equal(X[0][e], pw == 1);
                assert_int_equal(X[1][e], pw != 1);
            }
        }
        for (int64_t a = 0; a < q; a++) {
            for (int64_t b = 0; b < q; b++) {
                for (int64_t a2 = 0; a2 < q; a2++) {
                    for (int64_t b2 = 0; b2 < q; b2++) {
                        int64_t u0 = R + a * q + b, v0 = R + a2 * q + b2;
                        int64_t v1 = R + q * q + a2 * q + b2;
                        bool same0 = a == a2 && b != b2 && X[0][diff_mod(b, b2, q)];
                        bool same1 = a == a2 && b != b2 && X[1][diff_mod(b, b2, q)];
                        assert_int_equal(adjacent(net, u0, v0), same0);
                        assert_int_equal(adjacent(net, R + q * q + a * q + b, v1), same1);
                        assert_int_equal(adjacent(net, u0, v1), diff_mod(b, a2 * a + b2, q) == 0);
                    }
                }
            }
        }
        for (int64_t r = 0; r < routers; r++) {
            assert_int_equal(switch_links(net, R + r), kp); /* regular of degree k' */
        }
        diameters_t d = measure(net);
        assert_int_equal(d.switches, 2);
        assert_int_equal(d.all, 4);
        assert_int_equal(tc_net_diameter(net), 4);
        static const char *const agree[] = {"hosts",           "routers",       "router degree",
                                            "router diameter", "host diameter", NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
    /* the default P = ceil(k'/2): slimfly:5 has 50 routers of degree 7 and 200 hosts */
    tc_net_t *net = net_of("slimfly:5");
    assert_int_equal(tc_net_nodes(net) - tc_net_compute_nodes(net), 50);
    assert_int_equal(tc_net_compute_nodes(net), 200);
    assert_int_equal(switch_links(net, 200), 7);
    tc_net_free(net);
    net = net_of("slimfly:5,4"); /* the default, written out: the spec says it once */
    char spec[TC_LABEL_MAX];
    tc_net_spec(net, spec, sizeof spec);
    assert_string_equal(spec, "slimfly:5");
    tc_net_free(net);
    net = net_of("slimfly:7,2");
    tc_net_spec(net, spec, sizeof spec);
    assert_string_equal(spec, "slimfly:7,2");
    tc_net_name(net, spec, sizeof spec);
    assert_string_equal(spec, "SF(7,2)");
    tc_net_free(net);
}

static void test_polarfly(void **state)
{
    (void)state;
    static const int qs[] = {2, 3, 5, 7, 11, 13};
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++) {
        int64_t q = qs[i], routers = q * q + q + 1;
        char spec[32];
        snprintf(spec, sizeof spec, "polarfly:%lld,1", (long long)q);
        tc_net_t *net = net_of(spec);
        int64_t R = routers;
        check_common(net, routers, routers);
        /* the points as the file numbers them: (0,0,1), (0,1,b), (1,a,b) */
        int64_t(*pt)[3] = malloc((size_t)routers * sizeof *pt);
        assert_non_null(pt);
        int64_t n = 0;
        pt[n][0] = 0, pt[n][1] = 0, pt[n][2] = 1, n++;
        for (int64_t b = 0; b < q; b++, n++) {
            pt[n][0] = 0, pt[n][1] = 1, pt[n][2] = b;
        }
        for (int64_t a = 0; a < q; a++) {
            for (int64_t b = 0; b < q; b++, n++) {
                pt[n][0] = 1, pt[n][1] = a, pt[n][2] = b;
            }
        }
        int64_t quadrics = 0;
        for (int64_t u = 0; u < routers; u++) {
            int64_t self = (pt[u][0] * pt[u][0] + pt[u][1] * pt[u][1] + pt[u][2] * pt[u][2]) % q;
            quadrics += self == 0;
            assert_int_equal(switch_links(net, R + u), self == 0 ? q : q + 1);
            for (int64_t v = 0; v < routers; v++) {
                int64_t dot = (pt[u][0] * pt[v][0] + pt[u][1] * pt[v][1] + pt[u][2] * pt[v][2]) % q;
                assert_int_equal(adjacent(net, R + u, R + v), u != v && dot == 0);
            }
        }
        assert_int_equal(quadrics, q + 1);
        /* no 4-cycle: two routers share at most one neighbour */
        for (int64_t u = 0; u < routers && q <= 7; u++) {
            for (int64_t v = u + 1; v < routers; v++) {
                int common = 0;
                for (int64_t w = 0; w < routers; w++) {
                    common += adjacent(net, R + u, R + w) && adjacent(net, R + v, R + w);
                }
                assert_true(common <= 1);
            }
        }
        free(pt);
        diameters_t d = measure(net);
        assert_int_equal(d.switches, 2);
        assert_int_equal(d.all, 4);
        assert_int_equal(tc_net_diameter(net), 4);
        static const char *const agree[] = {"hosts",           "routers",       "router degree",
                                            "router diameter", "host diameter", NULL};
        check_facts(net, agree);
        tc_net_free(net);
    }
    tc_net_t *net = net_of("polarfly:7"); /* default P = ceil((q+1)/2) = 4 */
    assert_int_equal(tc_net_compute_nodes(net), 57 * 4);
    tc_net_free(net);
}

/* A forest of a fabric written as JSON names its network by its specification: read back
 * without the network, the same network and trees. */
static void test_documents(void **state)
{
    (void)state;
    static const char *const specs[] = {"fattree:4",    "leafspine:2,2,8,2", "dragonfly:2,1,1",
                                        "hyperx:2,3,1", "slimfly:3,2",       "polarfly:3"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        tc_net_t *net = net_of(specs[i]);
        tc_forest_t *f = NULL;
        assert_int_equal(tc_trees_build(net, TC_KIND_EDST, 0, 1, &f), TC_OK);
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        assert_non_null(mem);
        assert_int_equal(tc_report_forest_json(mem, f, false), TC_OK);
        fclose(mem);
        char want[96];
        snprintf(want, sizeof want, "\"spec\":\"%s\"", specs[i]);
        assert_non_null(strstr(text, want));
        tc_forest_t *back = NULL;
        int64_t nonedges = -1;
        assert_int_equal(tc_report_forest_read(text, len, NULL, &back, &nonedges), TC_OK);
        assert_int_equal(nonedges, 0);
        const tc_net_t *bnet = tc_forest_net(back);
        char spec[TC_LABEL_MAX];
        tc_net_spec(bnet, spec, sizeof spec);
        assert_string_equal(spec, specs[i]);
        assert_int_equal(tc_net_edges(bnet), tc_net_edges(net));
        assert_int_equal(tc_forest_trees(back), tc_forest_trees(f));
        for (int t = 0; t < tc_forest_trees(f); t++) {
            for (int64_t v = 0; v < tc_net_nodes(net); v++) {
                assert_int_equal(tc_forest_parent(back, t, v), tc_forest_parent(f, t, v));
            }
        }
        free(text);
        tc_forest_free(back);
        tc_forest_free(f);
        tc_net_free(net);
    }
}

/* Malformed text: TC_EINVAL; a size outside the family's range: TC_ERANGE; both with a sentence
 * that names the problem. */
static void test_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        tc_err_t err;
        const char *detail;
    } bad[] = {
        {"fattree:3", TC_ERANGE, "even K in 2..64"},
        {"fattree:0", TC_ERANGE, "even K in 2..64"},
        {"fattree:66", TC_ERANGE, "even K in 2..64"},
        {"fattree:-4", TC_EINVAL, "is not fattree:K"},
        {"fattree:4,2", TC_EINVAL, "is not fattree:K"},
        {"fattree:4x", TC_EINVAL, "is not fattree:K"},
        {"fattree:", TC_EINVAL, "has no size"},
        {"leafspine:2,2,8", TC_EINVAL, "is not leafspine:L,S,H,R"},
        {"leafspine:2,2,8,2,1", TC_EINVAL, "is not leafspine:L,S,H,R"},
        {"leafspine:0,2,8,2", TC_ERANGE, "1..64 leaves"},
        {"leafspine:65,2,8,2", TC_ERANGE, "1..64 leaves"},
        {"leafspine:2,0,8,2", TC_ERANGE, "H + S <= 64"},
        {"leafspine:2,32,33,2", TC_ERANGE, "H + S <= 64"},
        {"leafspine:2,2,8,0", TC_ERANGE, "oversubscription R in 1..100"},
        {"leafspine:2,2,8,101", TC_ERANGE, "oversubscription R in 1..100"},
        {"leafspine:1,2,1,1", TC_ERANGE, "1 host"},
        {"dragonfly:4,2", TC_EINVAL, "is not dragonfly:A,P,H"},
        {"dragonfly:0,2,2", TC_ERANGE, "(A-1) + P + H <= 64"},
        {"dragonfly:4,0,2", TC_ERANGE, "(A-1) + P + H <= 64"},
        {"dragonfly:30,20,20", TC_ERANGE, "(A-1) + P + H <= 64"},
        {"dragonfly:1,4,0", TC_ERANGE, "one router"},
        {"hyperx:2,4", TC_EINVAL, "is not hyperx:L,S,T"},
        {"hyperx:0,4,1", TC_ERANGE, "L (S-1) + T <= 64"},
        {"hyperx:2,1,1", TC_ERANGE, "L (S-1) + T <= 64"},
        {"hyperx:2,4,0", TC_ERANGE, "L (S-1) + T <= 64"},
        {"hyperx:3,22,2", TC_ERANGE, "L (S-1) + T <= 64"},
        {"hyperx:21,2,1", TC_ERANGE, "more than 2097152 nodes"},
        {"slimfly:9", TC_ERANGE, "9 is a power of 3"},
        {"slimfly:4", TC_ERANGE, "4 is a power of 2"},
        {"slimfly:25", TC_ERANGE, "GF(25)"},
        {"slimfly:15", TC_ERANGE, "15 is not one"},
        {"slimfly:2", TC_ERANGE, "prime Q in 3..41"},
        {"slimfly:43", TC_ERANGE, "prime Q in 3..41"},
        {"slimfly:29", TC_ERANGE, "P <= 21"},
        {"slimfly:5,0", TC_ERANGE, "P in 1..57"},
        {"slimfly:5,58", TC_ERANGE, "P in 1..57"},
        {"slimfly:5,99999999999999999999", TC_ERANGE, "P in 1..57"},
        {"slimfly:5,", TC_EINVAL, "is not slimfly:Q[,P]"},
        {"slimfly:5,1,1", TC_EINVAL, "is not slimfly:Q[,P]"},
        {"polarfly:4", TC_ERANGE, "4 is a power of 2"},
        {"polarfly:9", TC_ERANGE, "GF(9)"},
        {"polarfly:1", TC_ERANGE, "prime Q in 2..61"},
        {"polarfly:67", TC_ERANGE, "prime Q in 2..61"},
        {"polarfly:43", TC_ERANGE, "P <= 20"},
        {"polarfly:61,3", TC_ERANGE, "P in 1..2"},
        {"polarfly:,3", TC_EINVAL, "is not polarfly:Q[,P]"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tc_net_t *net = (tc_net_t *)&net; /* must come back NULL */
        tc_err_t err = tc_net_parse(bad[i].spec, &net);
        if (err != bad[i].err || strstr(tc_err_detail(), bad[i].detail) == NULL) {
            fail_msg("%s: %s \"%s\", expected %s \"%s\"", bad[i].spec, tc_err_name(err),
                     tc_err_detail(), tc_err_name(bad[i].err), bad[i].detail);
        }
        assert_null(net);
    }
    /* the largest of each family is made */
    static const char *const big[] = {
        "fattree:64",   "leafspine:64,32,32,100", "dragonfly:2,1,62", "hyperx:20,2,1",
        "slimfly:41,3", "polarfly:61,1",          "polarfly:41",      "slimfly:23"};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        tc_net_t *net = net_of(big[i]);
        assert_true(tc_net_degree(net) <= TC_GRAPH_MAX_DEGREE);
        tc_net_free(net);
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fattree),   cmocka_unit_test(test_leafspine),
        cmocka_unit_test(test_dragonfly), cmocka_unit_test(test_hyperx),
        cmocka_unit_test(test_slimfly),   cmocka_unit_test(test_polarfly),
        cmocka_unit_test(test_documents), cmocka_unit_test(test_refusals),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
