/* Unit tests of the forest checker (include/treecast/check.h) and the forest JSON reader and
 * writer (include/treecast/report.h): broken forests must be caught, each by the right field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/report.h"
#include "treecast/rng.h"
#include "treecast/trees.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers --------------------------------------------------------------------------------- */

static tc_net_t *star(int n)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_star_new(n, &net), TC_OK);
    return net;
}

static tc_forest_t *build(const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_forest_t *f = NULL;
    assert_int_equal(tc_trees_build(net, kind, root, 1, &f), TC_OK);
    return f;
}

static tc_check_report_t check_with(const tc_forest_t *f, int threads, int64_t nonedges)
{
    tc_check_opts_t opts = tc_check_defaults();
    opts.threads = threads;
    opts.rotation = true;
    opts.nonedge_hint = nonedges;
    tc_check_report_t rep;
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_OK);
    return rep;
}

static tc_check_report_t check(const tc_forest_t *f)
{
    return check_with(f, 2, 0);
}

static tc_verdict_t verdict(const tc_net_t *net, tc_kind_t kind, const tc_check_report_t *rep,
                            const char *key)
{
    tc_claims_t claims;
    tc_claims_evaluate(net, kind, rep, &claims);
    for (int c = 0; c < claims.count; c++) {
        if (strcmp(claims.rows[c].key, key) == 0) {
            return claims.rows[c].verdict;
        }
    }
    fail_msg("no claim row \"%s\"", key);
    return TC_VERDICT_SKIPPED;
}

static bool all_hold(const tc_net_t *net, tc_kind_t kind, const tc_check_report_t *rep)
{
    tc_claims_t claims;
    tc_claims_evaluate(net, kind, rep, &claims);
    return claims.all_hold;
}

/* Number of nodes whose parent chain in tree t passes through x (x included). */
static int64_t subtree_size(const tc_forest_t *f, int t, int64_t x)
{
    int64_t N = tc_net_nodes(tc_forest_net(f));
    int64_t size = 0;
    for (int64_t v = 0; v < N; v++) {
        for (int64_t c = v; c >= 0; c = tc_forest_parent(f, t, c)) {
            if (c == x) {
                size++;
                break;
            }
        }
    }
    return size;
}

static void assert_same_forest(const tc_forest_t *a, const tc_forest_t *b)
{
    const tc_net_t *na = tc_forest_net(a), *nb = tc_forest_net(b);
    assert_int_equal(tc_net_n(na), tc_net_n(nb));
    assert_int_equal(tc_forest_trees(a), tc_forest_trees(b));
    assert_int_equal(tc_forest_root(a), tc_forest_root(b));
    assert_int_equal(tc_forest_kind(a), tc_forest_kind(b));
    for (int t = 0; t < tc_forest_trees(a); t++) {
        assert_int_equal(tc_forest_label(a, t), tc_forest_label(b, t));
        assert_memory_equal(tc_forest_dims_const(a, t), tc_forest_dims_const(b, t),
                            (size_t)tc_net_nodes(na));
    }
}

/* Read a document from an exact-size heap copy (so ASan sees any read past its end). */
static tc_err_t read_doc(const char *text, size_t len, tc_forest_t **out, int64_t *nonedges)
{
    char *copy = malloc(len > 0 ? len : 1);
    assert_non_null(copy);
    memcpy(copy, text, len);
    tc_err_t err = tc_report_forest_read_json(copy, len, out, nonedges);
    free(copy);
    return err;
}

/* The test's own forest writer, with the nodes numbered through file_of_rank (NULL: ranks).
 * When tamper_node >= 0, tree 0 gives that node (a rank) the parent tamper_parent (a rank). */
static char *write_doc(const tc_forest_t *f, const int64_t *file_of_rank, bool labels,
                       int64_t tamper_node, int64_t tamper_parent, size_t *len)
{
    const tc_net_t *net = tc_forest_net(f);
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    int64_t *rank_of_file = malloc((size_t)N * sizeof *rank_of_file);
    assert_non_null(rank_of_file);
    for (int64_t v = 0; v < N; v++) {
        rank_of_file[file_of_rank ? file_of_rank[v] : v] = v;
    }
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    assert_non_null(out);
    char lab[TC_LABEL_MAX];
    tc_net_label(net, tc_forest_root(f), true, lab, sizeof lab);
    fprintf(out,
            "{\n  \"format_version\": 1,\n  \"network\": {\"family\": \"star\", \"n\": %d, "
            "\"nodes\": %lld},\n  \"kind\": \"%s\",\n  \"root\": \"%s\",\n  \"trees\": [",
            n, (long long)N, tc_kind_name(tc_forest_kind(f)), lab);
    for (int t = 0; t < tc_forest_trees(f); t++) {
        fprintf(out, "%s\n    {\"index\": %d, \"parent\": [", t ? "," : "", tc_forest_label(f, t));
        for (int64_t fid = 0; fid < N; fid++) {
            int64_t v = rank_of_file[fid];
            int64_t par = tc_forest_parent(f, t, v);
            if (t == 0 && v == tamper_node) {
                par = tamper_parent;
            }
            if (fid) {
                fputs(", ", out);
            }
            if (par == -2) {
                fputs("null", out);
            } else if (par == -1) {
                fputs("-1", out);
            } else {
                fprintf(out, "%lld", (long long)(file_of_rank ? file_of_rank[par] : par));
            }
        }
        fputs("]}", out);
    }
    fputs("\n  ]", out);
    if (labels) {
        fputs(",\n  \"labels\": [", out);
        for (int64_t fid = 0; fid < N; fid++) {
            tc_net_label(net, rank_of_file[fid], fid % 2 == 0, lab, sizeof lab);
            fprintf(out, "%s\"%s\"", fid ? ", " : "", lab);
        }
        fputs("]", out);
    }
    fputs("\n}\n", out);
    assert_int_equal(fclose(out), 0);
    free(rank_of_file);
    return buf;
}

/* ---- broken forests ------------------------------------------------------------------------- */

static void test_intact_edt_passes(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    tc_check_report_t rep = check(f);
    assert_true(all_hold(net, TC_KIND_EDT, &rep));
    for (int t = 0; t < 4; t++) {
        assert_int_equal(rep.reached[t], 120);
    }
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_cycle_caught(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    uint8_t *dims = tc_forest_dims(f, 0);
    /* u = 54321 is far from the root; make its parent v point back at u */
    int64_t u = N - 1;
    int64_t v = tc_forest_parent(f, 0, u);
    assert_true(v >= 0 && v != 0);
    int64_t below_v = subtree_size(f, 0, v); /* these will circle */
    dims[v] = dims[u];
    assert_int_equal(tc_forest_parent(f, 0, v), u);
    tc_check_report_t rep = check(f);
    assert_int_equal(rep.cyclic[0], below_v);
    assert_int_equal(rep.reached[0], N - below_v);
    assert_int_equal(rep.members[0], N);
    assert_int_equal(rep.detached[0], 0);
    for (int t = 1; t < 4; t++) {
        assert_int_equal(rep.cyclic[t], 0);
        assert_int_equal(rep.reached[t], N);
    }
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "acyclic"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "spanning"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "rooted"), TC_VERDICT_HOLDS);
    assert_false(all_hold(net, TC_KIND_EDT, &rep));
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_shared_edges_caught(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    memcpy(tc_forest_dims(f, 1), tc_forest_dims_const(f, 0), (size_t)N);
    tc_check_report_t rep = check(f);
    /* every node but the root now uses one directed edge in two trees */
    assert_int_equal(rep.shared_directed, N - 1);
    assert_int_equal(rep.shared_nodes, N - 1);
    assert_true(rep.indep_violations > 0);
    assert_true(rep.indep_example >= 0);
    assert_true(rep.rot_violations > 0);
    /* both copies still span */
    assert_int_equal(rep.reached[0], N);
    assert_int_equal(rep.reached[1], N);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "directed_disjoint"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "independent"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "rotation"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "undirected_use"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "spanning"), TC_VERDICT_HOLDS);
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_wrong_root_caught(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    uint8_t *dims = tc_forest_dims(f, 0);
    int64_t w = tc_net_neighbor(net, 0, 2); /* the root child of T_2 */
    assert_int_equal(dims[w], 2);
    dims[0] = 2;
    dims[w] = TC_PARENT_ROOT;
    tc_check_report_t rep = check(f);
    assert_int_equal(rep.extra_roots[0], 1);
    assert_false(rep.root_ok[0]);
    assert_int_equal(rep.reached[0], 0);
    assert_int_equal(rep.members[0], N);
    for (int t = 1; t < 4; t++) {
        assert_int_equal(rep.extra_roots[t], 0);
        assert_true(rep.root_ok[t]);
    }
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "rooted"), TC_VERDICT_FAILS);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "spanning"), TC_VERDICT_FAILS);
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_detached_node_caught(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    /* cut the first non-root node with descendants out of tree 2 */
    int64_t x = -1, size = 0;
    for (int64_t v = 1; v < N && x < 0; v++) {
        size = subtree_size(f, 2, v);
        if (size > 1 && tc_forest_parent(f, 2, v) != 0) {
            x = v;
        }
    }
    assert_true(x > 0);
    tc_forest_dims(f, 2)[x] = TC_PARENT_NONE;
    tc_check_report_t rep = check(f);
    assert_int_equal(rep.members[2], N - 1);
    assert_int_equal(rep.reached[2], N - size);
    assert_int_equal(rep.detached[2], size - 1);
    assert_int_equal(rep.cyclic[2], 0);
    assert_true(rep.reached[2] < rep.nodes);
    assert_int_equal(rep.reached[1], N);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "spanning"), TC_VERDICT_FAILS);
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_bad_dimension_caught(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    tc_forest_dims(f, 0)[N - 1] = 1; /* dimension 1 does not exist */
    tc_forest_dims(f, 3)[N - 2] = 9; /* nor does 9 in S_5 */
    tc_check_report_t rep = check(f);
    assert_int_equal(rep.bad_dims[0], 1);
    assert_int_equal(rep.bad_dims[1], 0);
    assert_int_equal(rep.bad_dims[2], 0);
    assert_int_equal(rep.bad_dims[3], 1);
    assert_int_equal(rep.members[0], N);
    assert_true(rep.reached[0] < N);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "edges"), TC_VERDICT_FAILS);
    tc_forest_free(f);
    tc_net_free(net);
}

/* ---- reading and writing JSON ---------------------------------------------------------------- */

static void test_json_nonedges(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    /* node x gets its grandparent as parent: two hops away, not a neighbour */
    int64_t x = N - 1;
    int64_t gp = tc_forest_parent(f, 0, tc_forest_parent(f, 0, x));
    assert_true(gp >= 0);
    assert_int_equal(tc_net_edge_dim(net, x, gp), -1);
    size_t len = 0;
    char *doc = write_doc(f, NULL, false, x, gp, &len);
    tc_forest_t *g = NULL;
    int64_t nonedges = -1;
    assert_int_equal(read_doc(doc, len, &g, &nonedges), TC_OK);
    assert_int_equal(nonedges, 1);
    /* the non-edge is left out; everything else is as written */
    assert_int_equal(tc_forest_dims_const(g, 0)[x], TC_PARENT_NONE);
    tc_forest_dims(f, 0)[x] = TC_PARENT_NONE;
    assert_same_forest(f, g);
    tc_check_report_t rep = check_with(g, 2, nonedges);
    assert_int_equal(rep.nonedges, 1);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "edges"), TC_VERDICT_FAILS);
    rep = check_with(g, 2, 0);
    assert_int_equal(verdict(net, TC_KIND_EDT, &rep, "edges"), TC_VERDICT_HOLDS);
    tc_forest_free(g);
    free(doc);
    /* a node that is its own parent is a non-edge too */
    tc_forest_free(f);
    f = build(net, TC_KIND_EDT, 0);
    doc = write_doc(f, NULL, true, 17, 17, &len);
    assert_int_equal(read_doc(doc, len, &g, &nonedges), TC_OK);
    assert_int_equal(nonedges, 1);
    assert_int_equal(tc_forest_dims_const(g, 0)[17], TC_PARENT_NONE);
    tc_forest_free(g);
    free(doc);
    tc_forest_free(f);
    tc_net_free(net);
}

static void round_trip_library_writer(const tc_forest_t *f, bool labels)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    assert_int_equal(tc_report_forest_json(out, f, labels), TC_OK);
    assert_int_equal(fclose(out), 0);
    assert_int_equal(strstr(buf, "\"labels\"") != NULL, labels);
    tc_forest_t *g = NULL;
    int64_t nonedges = -1;
    assert_int_equal(read_doc(buf, len, &g, &nonedges), TC_OK);
    assert_int_equal(nonedges, 0);
    assert_same_forest(f, g);
    tc_forest_free(g);
    free(buf);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 31, 0);
    const tc_kind_t kinds[] = {TC_KIND_EDT, TC_KIND_SPG, TC_KIND_SPT, TC_KIND_BFS};
    for (int n = 3; n <= 6; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            int64_t root = (int64_t)tc_rng_below(&rng, (uint64_t)N);
            tc_forest_t *f = build(net, kinds[k], root);
            round_trip_library_writer(f, false);
            round_trip_library_writer(f, true);
            tc_forest_free(f);
        }
        tc_net_free(net);
    }
}

static void test_json_shuffled_labels(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 32, 0);
    for (int n = 4; n <= 6; n++) {
        tc_net_t *net = star(n);
        int64_t N = tc_net_nodes(net);
        const tc_kind_t kinds[] = {TC_KIND_EDT, TC_KIND_SPT};
        for (size_t k = 0; k < 2; k++) {
            tc_forest_t *f = build(net, kinds[k], (int64_t)tc_rng_below(&rng, (uint64_t)N));
            /* a random numbering of the nodes (Fisher-Yates) */
            int64_t *file_of_rank = malloc((size_t)N * sizeof *file_of_rank);
            assert_non_null(file_of_rank);
            for (int64_t v = 0; v < N; v++) {
                file_of_rank[v] = v;
            }
            for (int64_t v = N - 1; v > 0; v--) {
                int64_t w = (int64_t)tc_rng_below(&rng, (uint64_t)(v + 1));
                int64_t tmp = file_of_rank[v];
                file_of_rank[v] = file_of_rank[w];
                file_of_rank[w] = tmp;
            }
            size_t len = 0;
            char *doc = write_doc(f, file_of_rank, true, -1, -1, &len);
            tc_forest_t *g = NULL;
            int64_t nonedges = -1;
            assert_int_equal(read_doc(doc, len, &g, &nonedges), TC_OK);
            assert_int_equal(nonedges, 0);
            assert_same_forest(f, g);
            tc_forest_free(g);
            free(doc);
            /* without labels the shuffled ids are taken as ranks: not the same forest */
            doc = write_doc(f, file_of_rank, false, -1, -1, &len);
            assert_int_equal(read_doc(doc, len, &g, &nonedges), TC_OK);
            assert_true(nonedges > 0);
            tc_forest_free(g);
            free(doc);
            /* the identity numbering without labels reads back exactly */
            doc = write_doc(f, NULL, false, -1, -1, &len);
            assert_int_equal(read_doc(doc, len, &g, &nonedges), TC_OK);
            assert_int_equal(nonedges, 0);
            assert_same_forest(f, g);
            tc_forest_free(g);
            free(doc);
            free(file_of_rank);
            tc_forest_free(f);
        }
        tc_net_free(net);
    }
}

/* A small document on S_3: the BFS tree at 123. Ranks 123 132 213 231 312 321. */
#define P_OK "-1,4,0,5,2,0"
#define L_OK "\"123\",\"132\",\"213\",\"231\",\"312\",\"321\""

static char *doc_text(const char *version, const char *family, const char *n, const char *nodes,
                      const char *parent, const char *labels, bool trees_first)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    char network[200], trees[300];
    snprintf(network, sizeof network, "\"network\":{\"family\":\"%s\",\"n\":%s,\"nodes\":%s}",
             family, n, nodes);
    snprintf(trees, sizeof trees, "\"trees\":[{\"index\":0,\"depth\":2,\"parent\":[%s]}]", parent);
    fprintf(out, "{\"format_version\":%s,%s,\"kind\":\"bfs\",\"root\":\"123\",%s", version,
            trees_first ? trees : network, trees_first ? network : trees);
    if (labels != NULL) {
        fprintf(out, ",\"labels\":[%s]", labels);
    }
    fputs("}\n", out);
    assert_int_equal(fclose(out), 0);
    return buf;
}

static void expect_reject(char *doc, tc_err_t want, const char *what)
{
    tc_forest_t *g = (tc_forest_t *)(void *)&g;
    int64_t nonedges = -1;
    tc_err_t err = read_doc(doc, strlen(doc), &g, &nonedges);
    if (err != want) {
        print_error("%s: got %s, want %s (%s)\n", what, tc_err_name(err), tc_err_name(want),
                    tc_err_detail());
    }
    assert_int_equal(err, want);
    assert_null(g);
    assert_true(tc_err_detail()[0] != '\0');
    free(doc);
}

static void test_json_base_document(void **state)
{
    (void)state;
    tc_net_t *net = star(3);
    tc_forest_t *bfs = build(net, TC_KIND_BFS, 0);
    for (int with_labels = 0; with_labels <= 1; with_labels++) {
        char *doc = doc_text("1", "star", "3", "6", P_OK, with_labels ? L_OK : NULL, false);
        tc_forest_t *g = NULL;
        int64_t nonedges = -1;
        assert_int_equal(read_doc(doc, strlen(doc), &g, &nonedges), TC_OK);
        assert_int_equal(nonedges, 0);
        assert_same_forest(bfs, g);
        tc_forest_free(g);
        free(doc);
    }
    /* relabelled: the same tree with the labels listed in another order */
    char *doc = doc_text("1", "star", "3", "6", "-1,0,0,1,3,2",
                         "\"123\",\"213\",\"321\",\"312\",\"132\",\"231\"", false);
    tc_forest_t *g = NULL;
    int64_t nonedges = -1;
    assert_int_equal(read_doc(doc, strlen(doc), &g, &nonedges), TC_OK);
    assert_same_forest(bfs, g);
    tc_forest_free(g);
    free(doc);
    tc_forest_free(bfs);
    tc_net_free(net);
}

static void test_json_rejects(void **state)
{
    (void)state;
    expect_reject(doc_text("2", "star", "3", "6", P_OK, L_OK, false), TC_EPARSE, "version 2");
    expect_reject(doc_text("1.0", "star", "3", "6", P_OK, L_OK, false), TC_EPARSE, "version 1.0");
    expect_reject(doc_text("1", "cube", "3", "6", P_OK, L_OK, false), TC_EPARSE, "cube");
    expect_reject(doc_text("1", "star", "3", "7", P_OK, L_OK, false), TC_EPARSE, "nodes 7");
    expect_reject(doc_text("1", "star", "3", "24", P_OK, L_OK, false), TC_EPARSE, "nodes 24");
    expect_reject(doc_text("1", "star", "1", "1", P_OK, L_OK, false), TC_EPARSE, "n = 1");
    expect_reject(doc_text("1", "star", "21", "0", P_OK, L_OK, false), TC_EPARSE, "n = 21");
    expect_reject(doc_text("1", "star", "\"3\"", "6", P_OK, L_OK, false), TC_EPARSE, "n text");
    /* labels */
    expect_reject(doc_text("1", "star", "3", "6", P_OK,
                           "\"123\",\"132\",\"213\",\"231\",\"312\",\"311\"", false),
                  TC_EPARSE, "label not a permutation");
    expect_reject(doc_text("1", "star", "3", "6", P_OK,
                           "\"123\",\"132\",\"213\",\"231\",\"312\",\"1234\"", false),
                  TC_EPARSE, "label too long");
    expect_reject(doc_text("1", "star", "3", "6", P_OK,
                           "\"123\",\"132\",\"213\",\"231\",\"312\",\"123\"", false),
                  TC_EPARSE, "duplicate label");
    expect_reject(
        doc_text("1", "star", "3", "6", P_OK, "\"123\",\"132\",\"213\",\"231\",\"312\"", false),
        TC_EPARSE, "five labels");
    expect_reject(doc_text("1", "star", "3", "6", P_OK, L_OK ",\"321\"", false), TC_EPARSE,
                  "seven labels");
    expect_reject(doc_text("1", "star", "3", "6", P_OK, "1,2,3,4,5,6", false), TC_EPARSE,
                  "numbers as labels");
    /* parent arrays */
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2", L_OK, false), TC_EPARSE,
                  "parent too short");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,0,0", L_OK, false), TC_EPARSE,
                  "parent too long");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,6", L_OK, false), TC_EPARSE,
                  "parent 6");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,-2", L_OK, false), TC_EPARSE,
                  "parent -2");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,0.5", L_OK, false), TC_EPARSE,
                  "fraction");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,0.0", L_OK, false), TC_EPARSE,
                  "integral fraction");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,0e0", L_OK, false), TC_EPARSE,
                  "exponent");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,\"0\"", L_OK, false), TC_EPARSE,
                  "string id");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,true", L_OK, false), TC_EPARSE,
                  "boolean id");
    expect_reject(doc_text("1", "star", "3", "6", "-1,4,0,5,2,,0", L_OK, false), TC_EPARSE,
                  "double comma");
    /* order and structure */
    expect_reject(doc_text("1", "star", "3", "6", P_OK, L_OK, true), TC_EPARSE,
                  "trees before network");
    expect_reject(doc_text("1", "star", "13", "6227020800", P_OK, NULL, false), TC_ETOOBIG, "S_13");
    static const char *const bad[] = {
        "",
        "[]",
        "{}",
        "{\"format_version\":1}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"123\",\"trees\":[]}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"trees\":[{\"parent\":[" P_OK "]}]}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"124\",\"trees\":[{\"parent\":[" P_OK "]}]}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"123\",\"trees\":[{\"index\":0}]}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"123\",\"trees\":[{\"parent\":[" P_OK "]}]} x",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"123\",\"trees\":[{\"parent\":[" P_OK "],\"parent\":[" P_OK "]}]}",
        "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":3,\"nodes\":6},"
        "\"root\":\"123\",\"trees\":[{\"parent\":[" P_OK "]}],}",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        size_t len = strlen(bad[k]);
        char *copy = malloc(len + 1);
        assert_non_null(copy);
        memcpy(copy, bad[k], len + 1);
        expect_reject(copy, TC_EPARSE, bad[k]);
    }
}

static void test_json_truncated(void **state)
{
    (void)state;
    tc_net_t *net = star(4);
    tc_forest_t *f = build(net, TC_KIND_EDT, 5);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    assert_int_equal(tc_report_forest_json(out, f, true), TC_OK);
    assert_int_equal(fclose(out), 0);
    size_t body = len;
    while (body > 0 && (buf[body - 1] == '\n' || buf[body - 1] == ' ')) {
        body--;
    }
    tc_forest_t *g = NULL;
    int64_t nonedges;
    assert_int_equal(read_doc(buf, body, &g, &nonedges), TC_OK);
    tc_forest_free(g);
    /* every proper prefix is malformed */
    for (size_t cut = 0; cut < body; cut++) {
        g = (tc_forest_t *)(void *)&g;
        tc_err_t err = read_doc(buf, cut, &g, &nonedges);
        if (err != TC_EPARSE) {
            print_error("prefix of %zu bytes: %s\n", cut, tc_err_name(err));
        }
        assert_int_equal(err, TC_EPARSE);
        assert_null(g);
    }
    free(buf);
    tc_forest_free(f);
    tc_net_free(net);
}

/* ---- sampling and threads ---------------------------------------------------------------------
 */

static void test_sampled_independence(void **state)
{
    (void)state;
    tc_net_t *net = star(6);
    int64_t N = tc_net_nodes(net);
    tc_forest_t *f = build(net, TC_KIND_EDT, 333);
    tc_forest_t *broken = build(net, TC_KIND_EDT, 333);
    memcpy(tc_forest_dims(broken, 2), tc_forest_dims_const(broken, 3), (size_t)N);
    const tc_forest_t *forests[] = {f, broken};
    for (int k = 0; k < 2; k++) {
        tc_check_opts_t opts = tc_check_defaults();
        opts.threads = 2;
        opts.rotation = true;
        opts.sample = 500;
        opts.seed = 42;
        tc_check_report_t a, b, c;
        assert_int_equal(tc_check_forest(forests[k], &opts, &a), TC_OK);
        assert_int_equal(tc_check_forest(forests[k], &opts, &b), TC_OK);
        assert_true(a.indep_tested);
        assert_true(a.indep_sampled);
        assert_true(a.indep_seed == 42);
        assert_int_equal(a.indep_nodes, 500);
        assert_int_equal(a.rot_checked, 500 * 5);
        assert_memory_equal(&a, &b, sizeof a); /* same seed, same result */
        if (k == 0) {
            assert_int_equal(a.indep_violations, 0);
            assert_int_equal(a.rot_violations, 0);
        } else {
            assert_true(a.indep_violations > 0 && a.indep_violations <= 500);
            assert_true(a.rot_violations > 0);
        }
        /* another seed: another sample (the broken forest's counts move with it) */
        opts.seed = 43;
        assert_int_equal(tc_check_forest(forests[k], &opts, &c), TC_OK);
        assert_true(c.indep_seed == 43);
        assert_int_equal(c.indep_nodes, 500);
        if (k == 1) {
            assert_true(c.indep_violations != a.indep_violations ||
                        c.rot_violations != a.rot_violations || c.indep_example != a.indep_example);
        }
        /* a sample as large as the network is exhaustive */
        opts.sample = N;
        assert_int_equal(tc_check_forest(forests[k], &opts, &c), TC_OK);
        assert_false(c.indep_sampled);
        assert_int_equal(c.indep_nodes, N);
    }
    tc_forest_free(broken);
    tc_forest_free(f);
    tc_net_free(net);
}

static void test_threads_do_not_change_report(void **state)
{
    (void)state;
    tc_net_t *net = star(6);
    int64_t N = tc_net_nodes(net);
    tc_rng_t rng;
    tc_rng_seed(&rng, 66, 0);
    tc_forest_t *f = build(net, TC_KIND_EDT, (int64_t)tc_rng_below(&rng, (uint64_t)N));
    tc_check_report_t one = check_with(f, 1, 0);
    assert_int_equal(one.reached[0], N);
    for (int threads = 2; threads <= 3; threads++) {
        tc_check_report_t many = check_with(f, threads, 0);
        assert_memory_equal(&one, &many, sizeof one);
    }
    /* and on a broken forest: a cycle, a cut, a shared tree, a bad byte */
    uint8_t *d0 = tc_forest_dims(f, 0);
    int64_t u = (int64_t)tc_rng_below(&rng, (uint64_t)N);
    int64_t v = tc_forest_parent(f, 0, u);
    if (v >= 0) {
        d0[v] = d0[u];
    }
    tc_forest_dims(f, 1)[(int64_t)tc_rng_below(&rng, (uint64_t)N)] = TC_PARENT_NONE;
    memcpy(tc_forest_dims(f, 2), tc_forest_dims_const(f, 3), (size_t)N);
    tc_forest_dims(f, 4)[(int64_t)tc_rng_below(&rng, (uint64_t)N)] = 7;
    one = check_with(f, 1, 0);
    assert_false(all_hold(net, TC_KIND_EDT, &one));
    for (int threads = 2; threads <= 3; threads++) {
        tc_check_report_t many = check_with(f, threads, 0);
        assert_memory_equal(&one, &many, sizeof one);
    }
    tc_forest_free(f);
    tc_net_free(net);
}

/* The certificate of a packing: a cut of T arcs (the in-arcs of a node of least degree) beside
 * the T trees; a forest one tree short of the cut fails it. */
static void test_certificate(void **state)
{
    (void)state;
    tc_net_t *net = star(5);
    tc_forest_t *f = build(net, TC_KIND_EDST, 7);
    tc_check_opts_t opts = tc_check_defaults(); /* no rotation: it needs the trees 2..n */
    tc_check_report_t rep;
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_OK);
    tc_claims_t claims;
    tc_claims_evaluate(net, TC_KIND_EDST, &rep, &claims);
    const tc_claim_row_t *cert = NULL;
    for (int c = 0; c < claims.count; c++) {
        cert = strcmp(claims.rows[c].key, "certificate") == 0 ? &claims.rows[c] : cert;
    }
    assert_non_null(cert);
    assert_int_equal(cert->verdict, TC_VERDICT_HOLDS);
    assert_non_null(strstr(cert->measured, "the 4 arcs into node 12345"));
    /* the first three trees only: still arc-disjoint and spanning, but one short of the cut */
    tc_forest_t *g = NULL;
    assert_int_equal(tc_forest_new(net, 3, 7, &g), TC_OK);
    for (int t = 0; t < 3; t++) {
        memcpy(tc_forest_dims(g, t), tc_forest_dims_const(f, t), (size_t)tc_net_nodes(net));
    }
    tc_forest_set_kind(g, TC_KIND_EDST);
    tc_check_report_t short_rep;
    assert_int_equal(tc_check_forest(g, &opts, &short_rep), TC_OK);
    assert_int_equal(verdict(net, TC_KIND_EDST, &short_rep, "spanning"), TC_VERDICT_HOLDS);
    assert_int_equal(verdict(net, TC_KIND_EDST, &short_rep, "certificate"), TC_VERDICT_FAILS);
    assert_false(all_hold(net, TC_KIND_EDST, &short_rep));
    tc_forest_free(g);
    tc_forest_free(f);
    tc_net_free(net);
    /* undirected: the partition into single nodes, floor(E/(N-1)) trees at most */
    assert_int_equal(tc_net_parse("bubble:5", &net), TC_OK);
    f = build(net, TC_KIND_EDST_UNDIRECTED, 0);
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_OK);
    assert_int_equal(verdict(net, TC_KIND_EDST_UNDIRECTED, &rep, "certificate"), TC_VERDICT_HOLDS);
    tc_forest_free(f);
    tc_net_free(net);
}

/* opts->stop: polled every 65536 nodes of a thread's range; true stops the check with
 * TC_ECANCELED within a poll; false all along changes nothing. */
typedef struct {
    atomic_int polls, stop_after; /* stop from this poll on (-1: never) */
} stopper_t;

static bool stop_cb(void *ctx)
{
    stopper_t *s = ctx;
    int k = atomic_fetch_add(&s->polls, 1);
    return s->stop_after >= 0 && k >= s->stop_after;
}

static void test_stop(void **state)
{
    (void)state;
    tc_net_t *net = star(9); /* 362,880 nodes: 5 polls per thread and pass at least */
    tc_forest_t *f = build(net, TC_KIND_EDT, 0);
    tc_check_report_t plain = check_with(f, 2, 0), rep;
    tc_check_opts_t opts = tc_check_defaults();
    opts.threads = 2;
    opts.rotation = true;
    opts.stop = stop_cb;
    stopper_t never = {0, -1};
    opts.stop_ctx = &never;
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_OK);
    assert_memory_equal(&plain, &rep, sizeof rep);
    int all = atomic_load(&never.polls);
    assert_true(all >= 2 * 5);
    stopper_t soon = {0, 3};
    opts.stop_ctx = &soon;
    assert_int_equal(tc_check_forest(f, &opts, &rep), TC_ECANCELED);
    assert_string_equal(tc_err_detail(), "The check was stopped.");
    /* the threads left at their next poll: far fewer polls than a whole check */
    assert_true(atomic_load(&soon.polls) < all / 2);
    tc_forest_free(f);
    tc_net_free(net);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_intact_edt_passes),
        cmocka_unit_test(test_cycle_caught),
        cmocka_unit_test(test_shared_edges_caught),
        cmocka_unit_test(test_wrong_root_caught),
        cmocka_unit_test(test_detached_node_caught),
        cmocka_unit_test(test_bad_dimension_caught),
        cmocka_unit_test(test_json_nonedges),
        cmocka_unit_test(test_json_round_trip),
        cmocka_unit_test(test_json_shuffled_labels),
        cmocka_unit_test(test_json_base_document),
        cmocka_unit_test(test_json_rejects),
        cmocka_unit_test(test_json_truncated),
        cmocka_unit_test(test_sampled_independence),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_certificate),
        cmocka_unit_test(test_threads_do_not_change_report),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
