/* Every family of the registry through the one network interface (include/treecast/net.h),
 * judged by this file's own code: the neighbour table is symmetric and agrees with
 * tc_net_edge_dim, the edge count and the degrees are what the table holds, tc_net_distance and
 * tc_net_distances equal a breadth-first search, the diameter is the largest eccentricity, the
 * bipartite flag equals a 2-colouring, every label parses back to its node, a translation keeps
 * every edge's dimension, and the generic kinds (bfs, edst) build forests that treecast's checker
 * and the round engine accept. A family added to src/net/families.h gets a line in SPECS (a
 * fabric: in FABRICS). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "run_one.h"
#include "treecast/plan.h"
#include "treecast/rng.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const char *spec;
    bool transitive; /* vertex-transitive: every eccentricity equals the diameter, and the arc
                        connectivity equals the degree (Mader), so edst finds `degree` trees */
} spec_t;

static const spec_t SPECS[] = {
    {"star:3", true},     {"star:4", true},    {"star:5", true},     {"cube:1", true},
    {"cube:3", true},     {"cube:6", true},    {"icube:3,1", false}, {"icube:5,2", false},
    {"icube:4,0", false}, {"bubble:2", true},  {"bubble:3", true},   {"bubble:4", true},
    {"bubble:5", true},   {"bubble:6", true},  {"pancake:2", true},  {"pancake:3", true},
    {"pancake:4", true},  {"pancake:5", true}, {"pancake:6", true},  {"torus:1,3", true},
    {"torus:1,8", true},  {"torus:2,3", true}, {"torus:2,4", true},  {"torus:3,5", true},
    {"torus:2,12", true}, {"torus:4,3", true}, {"fcube:2", true},    {"fcube:3", true},
    {"fcube:4", true},    {"fcube:5", true},   {"fcube:8", true},
};
/* The fabrics (fattree, ..., polarfly): hosts hang from switches, so none is vertex-transitive;
 * their own checks against their papers are in test_fabrics.c. */
static const char *const FABRICS[] = {
    "fattree:2",         "fattree:4",       "leafspine:2,2,8,2", "leafspine:1,3,4,1",
    "leafspine:3,2,2,3", "dragonfly:2,1,1", "dragonfly:4,2,2",   "dragonfly:1,2,3",
    "dragonfly:3,1,0",   "hyperx:1,4,1",    "hyperx:2,3,2",      "hyperx:3,2,1",
    "slimfly:3",         "slimfly:5,1",     "polarfly:2",        "polarfly:3,1",
};
#define NFAMILY_SPECS (sizeof SPECS / sizeof SPECS[0])
#define NSPECS (NFAMILY_SPECS + sizeof FABRICS / sizeof FABRICS[0])

static tc_net_t *net_of(const char *spec)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_parse(spec, &net);
    if (err != TC_OK) {
        fail_msg("%s: %s", spec, tc_err_detail());
    }
    return net;
}

/* Graphs given by their edges (tc_net_graph_read), beside the families: the Petersen graph
 * (vertex-transitive, 3-regular, not bipartite), a wheel numbered from 1 (hub of degree 12), a
 * JSON graph named by labels (the 3-cube with its labels scrambled: bipartite), and a random
 * connected graph (a ring of 60 with seeded chords; degrees differ). */
static const char PETERSEN[] = "# outer cycle, inner pentagram, spokes\n"
                               "0 1\n1 2\n2 3\n3 4\n4 0\n"
                               "5 7\n7 9\n9 6\n6 8\n8 5\n"
                               "0 5\n1 6\n2 7\n3 8\n4 9\n";
static const char CUBE_JSON[] =
    "{\"network\": {\"family\": \"graph\", \"name\": \"Q3\", \"edges\": [\n"
    "  [\"h\", \"b\"], [\"h\", \"c\"], [\"h\", \"e\"], [\"b\", \"d\"], [\"b\", \"f\"],\n"
    "  [\"c\", \"d\"], [\"c\", \"g\"], [\"d\", \"a\"], [\"e\", \"f\"], [\"e\", \"g\"],\n"
    "  [\"f\", \"a\"], [\"g\", \"a\"]]}}";

static char *wheel_text(void)
{
    static char buf[512];
    size_t len = 0;
    for (int j = 2; j <= 13; j++) { /* hub 1, rim 2..13 */
        len += (size_t)snprintf(buf + len, sizeof buf - len, "1 %d\n%d %d\n", j, j,
                                j == 13 ? 2 : j + 1);
    }
    return buf;
}

static char *random_text(void)
{
    static char buf[4096];
    size_t len = 0;
    tc_rng_t rng;
    tc_rng_seed(&rng, 2026, 0);
    for (int j = 0; j < 60; j++) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "v%d v%d\n", j, (j + 1) % 60);
    }
    for (int c = 0; c < 40; c++) {
        int a = (int)tc_rng_below(&rng, 60), b = (int)tc_rng_below(&rng, 60);
        if (a != b) {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "v%d v%d\n", a, b);
        }
    }
    return buf;
}

#define NGRAPHS 4
#define NCASES (NSPECS + NGRAPHS)

static tc_net_t *graph_of(const char *text, const char *name)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_graph_read(text, strlen(text), name, &net);
    if (err != TC_OK) {
        fail_msg("%s: %s", name, tc_err_detail());
    }
    return net;
}

/* Case s: a family's network (s < NSPECS) or one of the graphs. */
static tc_net_t *case_net(size_t s, bool *transitive)
{
    if (s < NSPECS) {
        *transitive = s < NFAMILY_SPECS && SPECS[s].transitive;
        return net_of(s < NFAMILY_SPECS ? SPECS[s].spec : FABRICS[s - NFAMILY_SPECS]);
    }
    *transitive = s - NSPECS == 0 || s - NSPECS == 2;
    switch (s - NSPECS) {
    case 0:
        return graph_of(PETERSEN, "petersen");
    case 1:
        return graph_of(wheel_text(), "wheel");
    case 2:
        return graph_of(CUBE_JSON, "cube-json");
    default:
        return graph_of(random_text(), "random");
    }
}

/* Breadth-first distances from src over tc_net_neighbor; returns the eccentricity of src and
 * the number of nodes reached. */
static int bfs(const tc_net_t *net, int64_t src, int *dist, int64_t *queue, int64_t *reached)
{
    int64_t N = tc_net_nodes(net);
    for (int64_t v = 0; v < N; v++) {
        dist[v] = -1;
    }
    int64_t head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    int ecc = 0;
    while (head < tail) {
        int64_t u = queue[head++];
        ecc = dist[u] > ecc ? dist[u] : ecc;
        for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
            int64_t w = tc_net_neighbor(net, u, d);
            if (w >= 0 && dist[w] < 0) {
                dist[w] = dist[u] + 1;
                queue[tail++] = w;
            }
        }
    }
    *reached = tail;
    return ecc;
}

static void test_ports(void **state)
{
    (void)state;
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        tc_topo_t t;
        assert_int_equal(tc_topo_init(&t, net), TC_OK);
        int lo = tc_net_dim_min(net), P = t.ports;
        assert_int_equal(P, tc_net_dim_max(net) - lo + 1);
        assert_int_equal(t.nodes, tc_net_nodes(net));
        int64_t arcs = 0;
        int dmin = P, dmax = 0;
        for (int64_t v = 0; v < t.nodes; v++) {
            int deg = 0;
            for (int p = 0; p < P; p++) {
                int64_t w = t.nbr[v * P + p];
                assert_int_equal(w, tc_net_neighbor(net, v, lo + p));
                if (w < 0) {
                    continue;
                }
                deg++;
                assert_true(w != v);
                int q = t.rev != NULL ? t.rev[v * P + p] : p;
                assert_int_equal(t.nbr[w * P + q], v); /* the link comes back */
                assert_int_equal(tc_net_edge_dim(net, v, w), lo + p);
                for (int p2 = p + 1; p2 < P; p2++) { /* a simple graph */
                    assert_true(t.nbr[v * P + p2] != w);
                }
            }
            arcs += deg;
            dmin = deg < dmin ? deg : dmin;
            dmax = deg > dmax ? deg : dmax;
        }
        assert_int_equal(arcs % 2, 0);
        assert_int_equal(arcs / 2, tc_net_edges(net));
        assert_int_equal(dmax, tc_net_degree(net));
        assert_int_equal(dmin, tc_net_min_degree(net));
        assert_int_equal(dmin == dmax, tc_net_regular(net));
        /* two nodes that are not adjacent have no edge dimension */
        if (t.nodes > 2) {
            int64_t v = 0, w = -1;
            for (int64_t x = 1; x < t.nodes && w < 0; x++) {
                bool adj = false;
                for (int p = 0; p < P; p++) {
                    adj = adj || t.nbr[p] == x;
                }
                w = adj ? -1 : x;
            }
            if (w > 0) {
                assert_int_equal(tc_net_edge_dim(net, v, w), -1);
            }
        }
        tc_topo_destroy(&t);
        tc_net_free(net);
    }
}

static void test_distances(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 11, 0);
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        int64_t N = tc_net_nodes(net);
        int *dist = malloc((size_t)N * sizeof *dist);
        int *color = malloc((size_t)N * sizeof *color);
        int64_t *queue = malloc((size_t)N * sizeof *queue);
        uint8_t *lib = malloc((size_t)N);
        assert_non_null(dist);
        assert_non_null(color);
        assert_non_null(queue);
        assert_non_null(lib);
        /* every eccentricity up to 720 nodes, else node 0 and three random nodes */
        int64_t sources = N <= 720 ? N : 4;
        int diameter = 0;
        for (int64_t i = 0; i < sources; i++) {
            int64_t src = N <= 720 || i == 0 ? i : (int64_t)tc_rng_below(&rng, (uint64_t)N);
            int64_t reached;
            int ecc = bfs(net, src, dist, queue, &reached);
            assert_int_equal(reached, N); /* connected */
            diameter = ecc > diameter ? ecc : diameter;
            if (transitive && tc_net_diameter(net) >= 0) {
                assert_int_equal(ecc, tc_net_diameter(net));
            }
            assert_int_equal(tc_net_distances(net, src, lib), TC_OK);
            for (int64_t v = 0; v < N; v++) {
                assert_int_equal(lib[v], dist[v]);
                if (v % 7 == 0 || N <= 720) {
                    assert_int_equal(tc_net_distance(net, src, v), dist[v]);
                }
            }
            if (i == 0) {
                memcpy(color, dist, (size_t)N * sizeof *dist);
            }
        }
        if (N <= 720 && tc_net_diameter(net) >= 0) {
            assert_int_equal(diameter, tc_net_diameter(net));
        }
        /* bipartite iff no edge joins two nodes of the same parity of distance from node 0 */
        bool bip = true;
        for (int64_t v = 0; v < N && bip; v++) {
            for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
                int64_t w = tc_net_neighbor(net, v, d);
                bip = bip && (w < 0 || (color[v] + color[w]) % 2 == 1);
            }
        }
        assert_int_equal(bip, tc_net_bipartite(net));
        free(dist);
        free(color);
        free(queue);
        free(lib);
        tc_net_free(net);
    }
}

static void test_labels(void **state)
{
    (void)state;
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        char buf[128];
        for (int64_t v = 0; v < tc_net_nodes(net); v++) {
            for (int commas = 0; commas < 2; commas++) {
                size_t len = tc_net_label(net, v, commas != 0, buf, sizeof buf);
                assert_true(len > 0 && len < sizeof buf);
                assert_int_equal(strlen(buf), len);
                int64_t back = -2;
                assert_int_equal(tc_net_parse_label(net, buf, &back), TC_OK);
                assert_int_equal(back, v);
            }
        }
        /* text that is no label: an error, never a node */
        int64_t back = 0;
        assert_int_not_equal(tc_net_parse_label(net, "", &back), TC_OK);
        assert_int_not_equal(tc_net_parse_label(net, "x9", &back), TC_OK);
        tc_net_free(net);
    }
}

static void test_translations(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 12, 0);
    int tested = 0;
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        if (!tc_net_translates(net)) {
            tc_net_free(net);
            continue;
        }
        tested++;
        int64_t N = tc_net_nodes(net);
        for (int rep = 0; rep < 3; rep++) {
            int64_t h = (int64_t)tc_rng_below(&rng, (uint64_t)N);
            assert_int_equal(tc_net_translate(net, h, 0, false), h); /* T_h(0) = h */
            for (int64_t v = 0; v < N; v++) {
                int64_t tv = tc_net_translate(net, h, v, false);
                assert_int_equal(tc_net_translate(net, h, tv, true), v);
                for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
                    int64_t w = tc_net_neighbor(net, v, d);
                    int64_t tw = w < 0 ? -1 : tc_net_translate(net, h, w, false);
                    assert_int_equal(tc_net_neighbor(net, tv, d), tw);
                }
            }
        }
        tc_net_free(net);
    }
    assert_true(tested >= 25);
}

/* bfs and edst at node 0 and at the last node: spanning, arc-disjoint, bfs as deep as the
 * root's eccentricity, edst with as many trees as the root's arc connectivity allows. */
static void test_generic_kinds(void **state)
{
    (void)state;
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        int64_t N = tc_net_nodes(net);
        int *dist = malloc((size_t)N * sizeof *dist);
        int64_t *queue = malloc((size_t)N * sizeof *queue);
        assert_non_null(dist);
        assert_non_null(queue);
        int64_t roots[2] = {0, N - 1};
        for (int r = 0; r < 2; r++) {
            int64_t reached;
            int ecc = bfs(net, roots[r], dist, queue, &reached);
            tc_kind_t kinds[3] = {TC_KIND_BFS, TC_KIND_EDST, TC_KIND_PACKING};
            for (int k = 0; k < 3; k++) {
                assert_true(tc_kind_applies(kinds[k], net));
                tc_forest_t *f = NULL;
                assert_int_equal(tc_trees_build(net, kinds[k], roots[r], 1, &f), TC_OK);
                int T = tc_forest_trees(f);
                tc_check_opts_t o = tc_check_defaults();
                o.threads = 1;
                tc_check_report_t rep;
                assert_int_equal(tc_check_forest(f, &o, &rep), TC_OK);
                for (int t = 0; t < T; t++) {
                    assert_int_equal(rep.reached[t], N);
                    assert_int_equal(rep.cyclic[t] + rep.detached[t] + rep.bad_dims[t], 0);
                    assert_true(rep.root_ok[t]);
                    assert_true(rep.depth[t] >= ecc);
                }
                assert_int_equal(rep.shared_directed, 0);
                /* children are the nodes whose parent is v, however the ports are numbered */
                for (int t = 0; t < T; t++) {
                    int64_t *kids_of = calloc((size_t)N, sizeof *kids_of);
                    assert_non_null(kids_of);
                    for (int64_t v = 0; v < N; v++) {
                        int64_t par = tc_forest_parent(f, t, v);
                        if (par >= 0) {
                            kids_of[par]++;
                        }
                    }
                    int64_t kids[64];
                    for (int64_t v = 0; v < N; v++) {
                        int c = tc_forest_children(f, t, v, kids);
                        assert_int_equal(c, kids_of[v]);
                        for (int j = 0; j < c; j++) {
                            assert_int_equal(tc_forest_parent(f, t, kids[j]), v);
                        }
                    }
                    assert_int_equal(rep.root_children[t], kids_of[tc_forest_tree_root(f, t)]);
                    free(kids_of);
                }
                if (kinds[k] == TC_KIND_BFS) {
                    assert_int_equal(T, 1);
                    assert_int_equal(rep.depth[0], ecc);
                    assert_int_equal(rep.excess[0], N); /* every path is a shortest one */
                } else {
                    assert_true(T >= 1 && T <= tc_net_min_degree(net));
                    if (transitive) {
                        assert_int_equal(T, tc_net_degree(net));
                    }
                }
                tc_forest_free(f);
            }
        }
        free(dist);
        free(queue);
        tc_net_free(net);
    }
}

/* The broadcast of M packets over the edst forest: every node gets all M, in no fewer rounds
 * than the root's eccentricity or M spread over the root's links allow. */
static void test_bcast_over_edst(void **state)
{
    (void)state;
    for (size_t s = 0; s < NCASES; s++) {
        bool transitive;
        tc_net_t *net = case_net(s, &transitive);
        tc_topo_t topo;
        assert_int_equal(tc_topo_init(&topo, net), TC_OK);
        tc_forest_t *f = NULL;
        int64_t root = tc_net_nodes(net) / 2;
        assert_int_equal(tc_trees_build(net, TC_KIND_EDST, root, 1, &f), TC_OK);
        tc_plan_trees_t trees;
        assert_int_equal(tc_plan_trees_init(&trees, f, &topo, TC_ORDER_PAPER), TC_OK);
        const int64_t M = 12;
        tc_coll_opts_t co = {.what = TC_COLL_BCAST, .M = M, .x = 1};
        tc_coll_t *coll = NULL;
        assert_int_equal(tc_coll_new(&trees, &topo, &co, &coll), TC_OK);
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        tc_sim_result_t res;
        assert_int_equal(tc_sim_run(&topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL), TC_OK);
        assert_int_equal(res.nodes_complete, tc_net_nodes(net));
        assert_int_equal(res.keys_delivered, res.keys_expected);
        assert_int_equal(res.keys_expected, (tc_net_nodes(net) - 1) * M);
        int64_t deg = tc_net_degree(net);
        int64_t floor_rounds = (M + deg - 1) / deg;
        int ecc = 0;
        for (int64_t v = 0; v < tc_net_nodes(net); v++) {
            int d = tc_net_distance(net, root, v);
            ecc = d > ecc ? d : ecc;
        }
        assert_true(res.complete_round >= floor_rounds && res.complete_round >= ecc);
        assert_int_equal(res.duplicates, 0);
        tc_coll_free(coll);
        tc_plan_trees_destroy(&trees);
        tc_forest_free(f);
        tc_topo_destroy(&topo);
        tc_net_free(net);
    }
}

/* Malformed and out-of-range specifications: an error, no network. */
static void test_bad_specs(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        tc_err_t err;
    } bad[] = {
        {"bubble:1", TC_ERANGE},
        {"bubble:99", TC_ERANGE},
        {"bubble:", TC_EINVAL},
        {"bubble:4,2", TC_EINVAL},
        {"bubble:x", TC_EINVAL},
        {"pancake:1", TC_ERANGE},
        {"pancake:11", TC_ERANGE},
        {"pancake:-3", TC_EINVAL},
        {"torus:3", TC_EINVAL},
        {"torus:3,2", TC_ERANGE},
        {"torus:0,5", TC_ERANGE},
        {"torus:33,3", TC_ERANGE},
        {"torus:30,3", TC_ERANGE},
        {"torus:2,65537", TC_ERANGE},
        {"torus:2,5,1", TC_EINVAL},
        {"fcube:1", TC_ERANGE},
        {"fcube:41", TC_ERANGE},
        {"fcube:3x", TC_EINVAL},
        {"fattree:3", TC_ERANGE},
        {"fattree:66", TC_ERANGE},
        {"fattree:4,4", TC_EINVAL},
        {"leafspine:2,2,8", TC_EINVAL},
        {"leafspine:2,40,40,1", TC_ERANGE},
        {"dragonfly:1,1,0", TC_ERANGE},
        {"hyperx:2,1,1", TC_ERANGE},
        {"slimfly:9", TC_ERANGE},
        {"slimfly:5,", TC_EINVAL},
        {"polarfly:4", TC_ERANGE},
        {"star:0", TC_ERANGE},
        {"cube:0", TC_ERANGE},
        {"icube:3,3", TC_ERANGE},
        {"nosuch:3", TC_EINVAL},
        {"", TC_EINVAL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tc_net_t *net = (tc_net_t *)&net; /* must come back NULL */
        tc_err_t err = tc_net_parse(bad[i].spec, &net);
        if (err != bad[i].err) {
            fail_msg("%s: %d (%s), expected %d", bad[i].spec, err, tc_err_detail(), bad[i].err);
        }
        assert_null(net);
        assert_true(strlen(tc_err_detail()) > 0);
    }
}

/* ---- graphs given by their edges ----------------------------------------------------------- */

static int64_t id_of(const tc_net_t *net, const char *label)
{
    int64_t v = -1;
    assert_int_equal(tc_net_parse_label(net, label, &v), TC_OK);
    return v;
}

static void expect_label(const tc_net_t *net, int64_t v, const char *label)
{
    char buf[TC_LABEL_MAX];
    tc_net_label(net, v, false, buf, sizeof buf);
    assert_string_equal(buf, label);
}

/* Node numbering, repeated edges, comments, declared nodes, the JSON forms. */
static void test_graph_reading(void **state)
{
    (void)state;
    /* every name a decimal: numeric order, so "10" comes last */
    tc_net_t *net = graph_of("10 2\n2 1\n# a comment\n\n1 10   # trailing\n2 10\n10 2\n", "num");
    assert_int_equal(tc_net_nodes(net), 3);
    assert_int_equal(tc_net_edges(net), 3); /* "10 2" twice and "2 10": one edge */
    expect_label(net, 0, "1");
    expect_label(net, 1, "2");
    expect_label(net, 2, "10");
    assert_false(tc_net_bipartite(net)); /* a triangle */
    assert_false(tc_net_translates(net));
    assert_true(tc_net_explicit(net));
    assert_int_equal(tc_net_diameter(net), -1);
    char spec[64];
    tc_net_spec(net, spec, sizeof spec);
    assert_string_equal(spec, "graph:num");
    tc_net_free(net);
    /* names: their order of first appearance; ports in ascending id order */
    net = graph_of("b a\na c\nd\n", "names");
    assert_int_equal(tc_net_nodes(net), 4);
    assert_int_equal(id_of(net, "b"), 0);
    assert_int_equal(id_of(net, "a"), 1);
    assert_int_equal(id_of(net, "c"), 2);
    assert_int_equal(id_of(net, "d"), 3); /* declared, no edge: degree 0 */
    assert_int_equal(tc_net_min_degree(net), 0);
    assert_int_equal(tc_net_degree(net), 2);
    assert_int_equal(tc_net_neighbor(net, 1, 0), 0); /* a's ports: b (0), then c (2) */
    assert_int_equal(tc_net_neighbor(net, 1, 1), 2);
    assert_int_equal(tc_net_neighbor(net, 0, 1), -1);
    assert_int_equal(tc_net_distance(net, 0, 2), 2);
    assert_int_equal(tc_net_distance(net, 0, 3), -1); /* unreachable */
    tc_net_free(net);
    /* JSON: ids with labels, at the top level */
    net = graph_of("{\"labels\": [\"x\", \"y\", \"z\"], \"edges\": [[0, 1], [2, 1]], \"nodes\": 3}",
                   "j");
    assert_int_equal(id_of(net, "z"), 2);
    assert_int_equal(tc_net_edge_dim(net, 1, 2), 1);
    assert_true(tc_net_bipartite(net));
    tc_net_free(net);
    /* JSON: ids without labels: as many nodes as "nodes" says */
    net = graph_of("{\"edges\": [[0, 1], [1, 2]], \"nodes\": 5}", "j");
    assert_int_equal(tc_net_nodes(net), 5);
    expect_label(net, 4, "4");
    tc_net_free(net);
}

/* A forest of a graph written as JSON carries the graph: read back as a forest without the
 * network, and as a graph file. */
static void test_graph_documents(void **state)
{
    (void)state;
    tc_net_t *net = graph_of(CUBE_JSON, "Q3");
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, TC_KIND_EDST, id_of(net, "a"), 1, &f), TC_OK);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    assert_int_equal(tc_report_forest_json(mem, f, false), TC_OK);
    fclose(mem);
    tc_forest_t *back = NULL;
    int64_t nonedges = -1;
    assert_int_equal(tc_report_forest_read(text, len, NULL, &back, &nonedges), TC_OK);
    assert_int_equal(nonedges, 0);
    const tc_net_t *bnet = tc_forest_net(back);
    assert_true(tc_net_explicit(bnet));
    assert_int_equal(tc_net_nodes(bnet), 8);
    assert_int_equal(tc_net_edges(bnet), 12);
    assert_int_equal(tc_forest_trees(back), tc_forest_trees(f));
    for (int t = 0; t < tc_forest_trees(f); t++) {
        for (int64_t v = 0; v < 8; v++) {
            assert_int_equal(tc_forest_parent(back, t, v), tc_forest_parent(f, t, v));
        }
    }
    for (int64_t v = 0; v < 8; v++) {
        char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
        tc_net_label(net, v, false, a, sizeof a);
        tc_net_label(bnet, v, false, b, sizeof b);
        assert_string_equal(a, b);
        for (int d = 0; d < 3; d++) {
            assert_int_equal(tc_net_neighbor(bnet, v, d), tc_net_neighbor(net, v, d));
        }
    }
    /* the same document as a graph file */
    tc_net_t *again = NULL;
    assert_int_equal(tc_net_graph_read(text, len, "doc", &again), TC_OK);
    assert_int_equal(tc_net_edges(again), 12);
    tc_net_free(again);
    /* graph:FILE reads a file, names the network after it, and keeps the path in its spec */
    char path[] = "/tmp/treecast-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    fputs(PETERSEN, fp);
    fclose(fp);
    char spec[64], name[TC_LABEL_MAX];
    snprintf(spec, sizeof spec, "graph:%s", path);
    tc_net_t *file = net_of(spec);
    tc_net_spec(file, name, sizeof name);
    assert_string_equal(name, spec);
    tc_net_name(file, name, sizeof name);
    assert_string_equal(name, path + 5); /* the base name */
    assert_int_equal(tc_net_edges(file), 15);
    tc_net_free(file);
    remove(path);
    tc_net_t *none = (tc_net_t *)&none;
    assert_int_equal(tc_net_parse(spec, &none), TC_EIO); /* removed */
    assert_null(none);
    free(text);
    tc_forest_free(back);
    tc_forest_free(f);
    tc_net_free(net);
}

/* Bad graph text: TC_EPARSE, no network, a detail that names the line where there is one. */
/* Capacities and roles: the edge list and the JSON form say the same, a forest document carries
 * them, and a network without them has capacity 1 and computes everywhere. */
static void test_graph_fabric(void **state)
{
    (void)state;
    const char *list = "@switch s\na s 10\nb s 10 5\n# c's link has capacity 1\nc s\n";
    const char *json = "{\"edges\": [[\"a\", \"s\", 10], [\"b\", \"s\", 10, 5], [\"c\", \"s\"]],"
                       " \"switches\": [\"s\"]}";
    tc_net_t *nets[2] = {graph_of(list, "l"), graph_of(json, "j")};
    for (int i = 0; i < 2; i++) {
        tc_net_t *g = nets[i];
        int64_t s = 0, a = 0, b = 0, c = 0;
        assert_int_equal(tc_net_parse_label(g, "s", &s), TC_OK);
        assert_int_equal(tc_net_parse_label(g, "a", &a), TC_OK);
        assert_int_equal(tc_net_parse_label(g, "b", &b), TC_OK);
        assert_int_equal(tc_net_parse_label(g, "c", &c), TC_OK);
        assert_true(tc_net_switches(g) && tc_net_capacitated(g));
        assert_int_equal(tc_net_compute_nodes(g), 3);
        assert_int_equal(tc_net_role(g, s), TC_ROLE_SWITCH);
        assert_int_equal(tc_net_role(g, b), TC_ROLE_COMPUTE);
        assert_int_equal(tc_net_capacity(g, a, tc_net_edge_dim(g, a, s)), 10);
        assert_int_equal(tc_net_capacity(g, s, tc_net_edge_dim(g, s, a)), 10);
        assert_int_equal(tc_net_capacity(g, b, tc_net_edge_dim(g, b, s)), 10);
        assert_int_equal(tc_net_capacity(g, s, tc_net_edge_dim(g, s, b)), 5);
        assert_int_equal(tc_net_capacity(g, c, tc_net_edge_dim(g, c, s)), 1);
        assert_int_equal(tc_net_capacity(g, a, 7), 0); /* no such arc */
        tc_topo_t topo;
        assert_int_equal(tc_topo_init(&topo, g), TC_OK);
        assert_non_null(topo.cap);
        assert_non_null(topo.role);
        assert_int_equal(topo.role[s], TC_ROLE_SWITCH);
        assert_int_equal(topo.cap[s * topo.ports + tc_net_edge_dim(g, s, b)], 5);
        tc_topo_destroy(&topo);
    }
    /* the forest document of a graph carries capacities and switches: read back, the same */
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(nets[0], TC_KIND_BFS, 0, 1, &f), TC_OK);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_int_equal(tc_report_forest_json(mem, f, true), TC_OK);
    fclose(mem);
    tc_net_t *back = graph_of(text, "doc");
    for (int64_t v = 0; v < 4; v++) {
        assert_int_equal(tc_net_role(back, v), tc_net_role(nets[0], v));
        for (int d = 0; d < tc_net_degree(back); d++) {
            assert_int_equal(tc_net_capacity(back, v, d), tc_net_capacity(nets[0], v, d));
        }
    }
    free(text);
    tc_forest_free(f);
    tc_net_free(back);
    tc_net_free(nets[0]);
    tc_net_free(nets[1]);
    /* a family without them */
    tc_net_t *q = NULL;
    assert_int_equal(tc_net_parse("cube:3", &q), TC_OK);
    assert_false(tc_net_switches(q) || tc_net_capacitated(q));
    assert_int_equal(tc_net_capacity(q, 5, 1), 1);
    assert_int_equal(tc_net_compute_nodes(q), 8);
    tc_net_free(q);
}

static void test_graph_errors(void **state)
{
    (void)state;
    char star65[2048];
    size_t len = 0;
    for (int j = 1; j <= 65; j++) {
        len += (size_t)snprintf(star65 + len, sizeof star65 - len, "0 %d\n", j);
    }
    const struct {
        const char *text, *detail;
    } bad[] = {
        {"a b\nb c d\n", "line 2: \"d\" is not a capacity"},
        {"a b\nb b\n", "line 2: a loop at node b"},
        {"a bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n", "line 1:"},
        {"", "no edge"},
        {"# only a comment\nx\n", "no edge"},
        {"{\"network\": {\"family\": \"star\", \"n\": 4}}", "not \"graph\""},
        {"{\"nodes\": 4}", "no \"edges\""},
        {"{\"edges\": [[0, \"a\"]]}", "both by id and by label"},
        {"{\"labels\": [\"a\", \"b\"], \"edges\": [[\"a\", \"c\"]]}", "\"c\" is not among"},
        {"{\"edges\": [[0, 7]], \"nodes\": 3}", "outside the node ids 0..2"},
        /* a few bytes that would allocate for a huge network of isolated nodes (fuzz_graph) */
        {"{\"edges\": [[0, 1]], \"nodes\": 1000}", "1000 nodes, more than its 34 bytes"},
        {"{\"edges\": [[0, 2147483646]]}", "2147483647 nodes"},
        {"{\"labels\": [\"a\", \"a\"], \"edges\": [[0, 1]]}", "line 1: label \"a\" appears twice"},
        {"{\"labels\": [\"a\", \"b\"], \"nodes\": 3, \"edges\": [[0, 1]]}", "\"nodes\" is 3"},
        {"{\"edges\": [[0, 1]]} x", "text after the end"},
        {"{\"edges\": [[0, -1]]}", "negative"},
        {"{\"edges\": [[0, 1, 2, 3, 4]]}", "expected ']'"},
        {"{\"edges\": [[0, 1, 0]]}", "capacity 0 is not 1..1000000000"},
        {"{\"edges\": [[0, 1]], \"switches\": [5]}", "Switch 5 is outside"},
        {"a b 0\n", "line 1: \"0\" is not a capacity"},
        {"a b 1000000001\n", "line 1: \"1000000001\" is not a capacity"},
        {"a b 1 2 3\n", "more than two names and two capacities"},
        {"a b 2\nb a 3\n", "given twice, with capacities"},
        {"@switch\na b\n", "@switch names no node"},
        {"@switch a b\na b\n", "at least 2 nodes that compute"},
        {"@x b\n", "starts with '@'"},
        {"{\"labels\": [\"a b\", \"c\"], \"edges\": [[0, 1]]}", "blank"},
        {"{\"edges\": [[0, 1], [1, 1]]}", "loop"},
        {star65, "has 65 neighbours"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tc_net_t *net = (tc_net_t *)&net;
        tc_err_t err = tc_net_graph_read(bad[i].text, strlen(bad[i].text), "bad", &net);
        if (err != TC_EPARSE || strstr(tc_err_detail(), bad[i].detail) == NULL) {
            fail_msg("case %zu: %d \"%s\", expected TC_EPARSE \"%s\"", i, err, tc_err_detail(),
                     bad[i].detail);
        }
        assert_null(net);
    }
    /* 64 neighbours are allowed: the hub of a star K_{1,64} has all its children listed */
    len = 0;
    for (int j = 1; j <= 64; j++) {
        len += (size_t)snprintf(star65 + len, sizeof star65 - len, "0 %d\n", j);
    }
    tc_net_t *hub = graph_of(star65, "star64");
    assert_int_equal(tc_net_degree(hub), 64);
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(hub, TC_KIND_BFS, 0, 1, &f), TC_OK);
    int64_t kids[64];
    assert_int_equal(tc_forest_children(f, 0, 0, kids), 64);
    tc_check_opts_t o = tc_check_defaults();
    tc_check_report_t rep;
    assert_int_equal(tc_check_forest(f, &o, &rep), TC_OK);
    assert_int_equal(rep.root_children[0], 64);
    assert_int_equal(rep.reached[0], 65);
    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    assert_int_equal(tc_report_forest_text(mem, f), TC_OK); /* draws all 64 children */
    fclose(mem);
    assert_non_null(strstr(text, "root children 1 2 3"));
    free(text);
    tc_forest_free(f);
    tc_net_free(hub);
    /* the constructor: misuse is TC_EINVAL */
    int64_t loop[] = {0, 1, 1, 1};
    int64_t range[] = {0, 3};
    const char *twice[] = {"p", "p"};
    int64_t one[] = {0, 1};
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_graph_new(2, 2, loop, NULL, "x", &net), TC_EINVAL);
    assert_int_equal(tc_net_graph_new(3, 1, range, NULL, "x", &net), TC_EINVAL);
    assert_int_equal(tc_net_graph_new(2, 1, one, twice, "x", &net), TC_EINVAL);
    assert_int_equal(tc_net_graph_new(1, 1, one, NULL, "x", &net), TC_EINVAL);
    assert_int_equal(tc_net_graph_new(2, 0, one, NULL, "x", &net), TC_EINVAL);
    assert_null(net);
    assert_int_equal(tc_net_graph_new(2, 1, one, NULL, NULL, &net), TC_OK);
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    assert_string_equal(name, "graph");
    tc_net_free(net);
}

/* What reading a graph refuses (a NUL byte, a negative count, a file larger than 1 GiB or than
 * the memory budget, a read error) and what a graph in pieces refuses (every spanning
 * structure), through tc_net_graph_read, tc_net_graph_load and tc_net_require_connected. */
static void expect_refusal(tc_err_t err, tc_err_t want, const char *detail, tc_net_t *net)
{
    if (err != want || strstr(tc_err_detail(), detail) == NULL) {
        fail_msg("%s \"%s\", expected %s \"%s\"", tc_err_name(err), tc_err_detail(),
                 tc_err_name(want), detail);
    }
    assert_null(net);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    assert_int_equal(fputs(text, fp) >= 0, 1);
    assert_int_equal(fclose(fp), 0);
}

static void test_graph_bounds(void **state)
{
    (void)state;
    tc_net_t *net = NULL;
    /* a NUL byte would end a name silently (edge list) or the scan (JSON): its line instead */
    static const char nul_edges[] = "0 1\n1 2\n2 0\0003\n";
    expect_refusal(tc_net_graph_read(nul_edges, sizeof nul_edges - 1, "nul", &net), TC_EPARSE,
                   "line 3: a NUL byte", net);
    static const char nul_json[] = "{\"edges\": [[0, 1]]}\n\0";
    expect_refusal(tc_net_graph_read(nul_json, sizeof nul_json - 1, "nul", &net), TC_EPARSE,
                   "line 2: a NUL byte", net);
    static const char negative[] = "{\"nodes\": -5, \"edges\": [[0, 1], [1, 2], [2, 0]]}";
    expect_refusal(tc_net_graph_read(negative, strlen(negative), "neg", &net), TC_EPARSE,
                   "\"nodes\" is -5", net);

    /* files: /dev/zero stops in its first block; a directory is a read error, not an empty
     * file; a regular file above 1 GiB (sparse) is refused before it is read */
    clock_t t0 = clock();
    expect_refusal(tc_net_graph_load("/dev/zero", 0, &net), TC_EPARSE, "line 1: a NUL byte", net);
    assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 0.5);
    char dir[] = "/tmp/test_families.XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    expect_refusal(tc_net_graph_load(dir, 0, &net), TC_EIO, "Is a directory", net);
    snprintf(path, sizeof path, "%s/big.edges", dir);
    write_file(path, "0 1\n");
    assert_int_equal(truncate(path, ((off_t)1 << 30) + 1), 0);
    expect_refusal(tc_net_graph_load(path, 0, &net), TC_EPARSE, "larger than 1.0 GiB", net);
    /* a memory budget: at most budget / 8 bytes of text, a neighbour table within it */
    char text[1024];
    size_t len = 0;
    for (int j = 1; j <= 64; j++) { /* a hub of 64: a table of 65 x 64 x 5 = 20800 bytes */
        len += (size_t)snprintf(text + len, sizeof text - len, "0 %d\n", j);
    }
    write_file(path, text); /* 374 bytes */
    expect_refusal(tc_net_graph_load(path, 2000, &net), TC_ENOMEM, "larger than 250 B", net);
    expect_refusal(tc_net_graph_load(path, 4000, &net), TC_ENOMEM,
                   "needs 20.3 KiB for its "
                   "neighbour table",
                   net);
    assert_int_equal(tc_net_graph_load(path, 30000, &net), TC_OK);
    char spec[128];
    tc_net_spec(net, spec, sizeof spec);
    assert_int_equal(strncmp(spec, "graph:/tmp/test_families.", 25), 0);
    assert_int_equal(tc_net_nodes(net), 65);
    assert_int_equal(tc_net_components(net), 1);
    tc_net_free(net);
    net = NULL;
    assert_int_equal(tc_net_graph_load(path, 0, &net), TC_OK); /* no budget */
    tc_net_free(net);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(rmdir(dir), 0);

    /* two triangles: two components, no spanning structure of any kind */
    tc_net_t *two = graph_of("0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n", "two");
    assert_int_equal(tc_net_components(two), 2);
    expect_refusal(tc_net_require_connected(two), TC_EPARSE,
                   "graph:two is not connected: 2 components", NULL);
    static const tc_kind_t generic[] = {TC_KIND_BFS, TC_KIND_EDST, TC_KIND_PACKING,
                                        TC_KIND_EDST_UNDIRECTED};
    for (size_t k = 0; k < sizeof generic / sizeof generic[0]; k++) {
        tc_forest_t *f = NULL;
        expect_refusal(tc_trees_build(two, generic[k], 0, 1, &f), TC_EPARSE, "not connected", NULL);
        assert_null(f);
    }
    tc_search_result_t res;
    tc_forest_t *found = NULL;
    expect_refusal(tc_search_edst(two, 0, 1, 5, 0, &res, &found), TC_EPARSE, "not connected", NULL);
    assert_null(found);
    tc_net_free(two);
    tc_net_t *petersen = graph_of(PETERSEN, "petersen"), *star = net_of("star:4");
    assert_int_equal(tc_net_components(petersen), 1);
    assert_int_equal(tc_net_components(star), 1);
    assert_int_equal(tc_net_require_connected(petersen), TC_OK);
    tc_net_free(petersen);
    tc_net_free(star);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ports),           cmocka_unit_test(test_distances),
        cmocka_unit_test(test_labels),          cmocka_unit_test(test_translations),
        cmocka_unit_test(test_generic_kinds),   cmocka_unit_test(test_bcast_over_edst),
        cmocka_unit_test(test_bad_specs),       cmocka_unit_test(test_graph_reading),
        cmocka_unit_test(test_graph_documents), cmocka_unit_test(test_graph_errors),
        cmocka_unit_test(test_graph_fabric),    cmocka_unit_test(test_graph_bounds),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
