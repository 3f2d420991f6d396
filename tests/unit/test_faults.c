/* The fault languages of treecast/faults.h through the public API: the specification
 * (tc_faults_parse_spec), the items (tc_faults_parse_item) and the lines of a faults file
 * (tc_faults_parse_text): the accepted forms, every refusal with its status and detail, line
 * numbers, the protected source and one-way arcs. The tool's messages are these details
 * (tests/cli/cases, the fault cases). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <stdlib.h>
#include <string.h>

/* S_4 (labels 1234..4321, dimensions 2..4) and its neighbour table. */
typedef struct {
    tc_net_t *net;
    tc_topo_t topo;
    tc_faults_t f;
    int64_t src; /* 1234, the protected node */
} fixture_t;

static void setup(fixture_t *x)
{
    assert_int_equal(tc_net_parse("star:4", &x->net), TC_OK);
    assert_int_equal(tc_topo_init(&x->topo, x->net), TC_OK);
    assert_int_equal(tc_faults_init(&x->f, &x->topo), TC_OK);
    assert_int_equal(tc_net_parse_label(x->net, "1234", &x->src), TC_OK);
}

static void teardown(fixture_t *x)
{
    tc_faults_destroy(&x->f);
    tc_topo_destroy(&x->topo);
    tc_net_free(x->net);
}

static int64_t id(const fixture_t *x, const char *label)
{
    int64_t v = -1;
    assert_int_equal(tc_net_parse_label(x->net, label, &v), TC_OK);
    return v;
}

/* Whether the directed link out of label along dimension dim is faulty. */
static bool arc_faulty(const fixture_t *x, const char *label, int dim)
{
    int64_t v = id(x, label);
    return x->f.link[v * x->topo.ports + (dim - tc_net_dim_min(x->net))] != 0;
}

static void test_spec_accepted(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        tc_fault_kind_t kind;
        int64_t k;
        bool on_paths;
    } cases[] = {
        {"nodes:0", TC_FAULTS_NODES, 0, false},
        {"links:5", TC_FAULTS_LINKS, 5, false},
        {"arcs:1000000", TC_FAULTS_ARCS, 1000000, false},
        {"mixed:007", TC_FAULTS_MIXED, 7, false},
        {"paths:2", TC_FAULTS_NODES, 2, true},
    };
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        tc_fault_spec_t s = {0};
        assert_int_equal(tc_faults_parse_spec(cases[j].text, &s), TC_OK);
        assert_int_equal(s.kind, cases[j].kind);
        assert_int_equal(s.k, cases[j].k);
        assert_int_equal(s.on_paths, cases[j].on_paths);
    }
}

static void test_spec_refused(void **state)
{
    (void)state;
    static const char *const unknown[] = {"bogus", "nodes", ":3", "Nodes:1", "node:1", ""};
    static const char *const count[] = {"nodes:x", "nodes:",   "links:-1",
                                        "arcs:+1", "mixed:1 ", "paths:1000001"};
    tc_fault_spec_t s = {TC_FAULTS_ARCS, 42, true};
    for (size_t j = 0; j < sizeof unknown / sizeof unknown[0]; j++) {
        assert_int_equal(tc_faults_parse_spec(unknown[j], &s), TC_EINVAL);
    }
    assert_string_equal(tc_err_detail(), "Unknown fault specification \"\"; expected nodes:K, "
                                         "links:K, arcs:K, mixed:K or paths:K.");
    for (size_t j = 0; j < sizeof count / sizeof count[0]; j++) {
        assert_int_equal(tc_faults_parse_spec(count[j], &s), TC_ERANGE);
    }
    assert_string_equal(tc_err_detail(), "Fault specification \"paths:1000001\" needs an integer "
                                         "in 0..1000000 after the colon.");
    /* a refusal leaves *out alone */
    assert_int_equal(s.kind, TC_FAULTS_ARCS);
    assert_int_equal(s.k, 42);
    assert_true(s.on_paths);
}

static void test_item_accepted(void **state)
{
    (void)state;
    fixture_t x;
    setup(&x);
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, "node:4321", &x.f), TC_OK);
    assert_true(x.f.node[id(&x, "4321")]);
    assert_int_equal(x.f.faulty_nodes, 1);
    /* a link: both directions (2134 is 1234's neighbour along dimension 2) */
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, "link:1234:2", &x.f), TC_OK);
    assert_true(arc_faulty(&x, "1234", 2));
    assert_true(arc_faulty(&x, "2134", 2));
    assert_int_equal(x.f.faulty_links, 2);
    /* an arc: one direction, out of its label */
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, "arc:1234:3", &x.f), TC_OK);
    assert_true(arc_faulty(&x, "1234", 3));
    assert_false(arc_faulty(&x, "3214", 3));
    assert_int_equal(x.f.faulty_links, 3);
    /* the same fault twice counts once; the source's links may be faulty */
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, "arc:1234:3", &x.f), TC_OK);
    assert_int_equal(x.f.faulty_links, 3);
    /* without a protected node, any node may be listed */
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, -1, "node:1234", &x.f), TC_OK);
    assert_int_equal(x.f.faulty_nodes, 2);
    teardown(&x);
}

static void test_item_refused(void **state)
{
    (void)state;
    static const struct {
        const char *item;
        tc_err_t err;
        const char *detail;
    } cases[] = {
        {"node", TC_EINVAL, "node: expected node:LABEL, link:LABEL:DIM or arc:LABEL:DIM"},
        {"arcs:1234:2", TC_EINVAL, "arcs:1234:2: unknown fault kind \"arcs\" (node, link or arc)"},
        {"node:1234", TC_EINVAL, "node:1234: the source 1234 cannot be faulty"},
        {"node:99", TC_EPARSE, "node:99: Label \"99\" has 2 symbols; S_4 needs 4."},
        {"link:1234:9", TC_EPARSE, "link:1234:9: dimension \"9\" is not an edge of 1234 (2..4)"},
        {"link:1234:1", TC_EPARSE, "link:1234:1: dimension \"1\" is not an edge of 1234 (2..4)"},
        {"arc:1234:", TC_EPARSE, "arc:1234:: dimension \"\" is not an edge of 1234 (2..4)"},
        {"arc:1234:2x", TC_EPARSE, "arc:1234:2x: dimension \"2x\" is not an edge of 1234 (2..4)"},
        {"node:4321:2", TC_EPARSE,
         "node:4321:2: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
        {"link:4321", TC_EPARSE, "link:4321: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
    };
    fixture_t x;
    setup(&x);
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, cases[j].item, &x.f),
                         cases[j].err);
        assert_string_equal(tc_err_detail(), cases[j].detail);
    }
    assert_int_equal(x.f.faulty_nodes + x.f.faulty_links, 0);
    /* an item of any length; the detail quotes its first 100 bytes */
    char item[400];
    memset(item, 'x', sizeof item - 1);
    item[sizeof item - 1] = '\0';
    memcpy(item, "wibble:", 7);
    assert_int_equal(tc_faults_parse_item(x.net, &x.topo, x.src, item, &x.f), TC_EINVAL);
    assert_memory_equal(tc_err_detail(), item, 100);
    assert_string_equal(tc_err_detail() + 100,
                        ": unknown fault kind \"wibble\" (node, link or arc)");
    teardown(&x);
}

static void test_text_accepted(void **state)
{
    (void)state;
    fixture_t x;
    setup(&x);
    const char *text = "# faults of S_4\n"
                       "\n"
                       "node 4321   # a node\n"
                       "\tlink\t1234 2\r\n"
                       "arc 1234 3\n"
                       "   \n"
                       "node 2143"; /* no newline at the end */
    assert_int_equal(tc_faults_parse_text(x.net, &x.topo, x.src, "f", 1, text, strlen(text), &x.f),
                     TC_OK);
    assert_true(x.f.node[id(&x, "4321")] && x.f.node[id(&x, "2143")]);
    assert_int_equal(x.f.faulty_nodes, 2);
    assert_true(arc_faulty(&x, "1234", 2) && arc_faulty(&x, "2134", 2));
    assert_true(arc_faulty(&x, "1234", 3) && !arc_faulty(&x, "3214", 3));
    assert_int_equal(x.f.faulty_links, 3);
    /* empty text, and a comment of exactly 64 KiB */
    assert_int_equal(tc_faults_parse_text(x.net, &x.topo, x.src, "f", 1, "", 0, &x.f), TC_OK);
    char *line = malloc(TC_FAULTS_LINE_MAX + 16);
    assert_non_null(line);
    memset(line, 'x', TC_FAULTS_LINE_MAX);
    line[0] = '#';
    memcpy(line + TC_FAULTS_LINE_MAX, "\nnode 3214\n", 11);
    assert_int_equal(
        tc_faults_parse_text(x.net, &x.topo, x.src, "f", 1, line, TC_FAULTS_LINE_MAX + 11, &x.f),
        TC_OK);
    assert_true(x.f.node[id(&x, "3214")]);
    free(line);
    teardown(&x);
}

static void test_text_refused(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t len; /* 0: strlen */
        int64_t first;
        tc_err_t err;
        const char *detail;
    } cases[] = {
        {"node 4321\nwibble 1234 2\n", 0, 1, TC_EPARSE,
         "f: line 2: unknown fault kind \"wibble\" (node, link or arc)"},
        {"wibble 1234 2\n", 0, 7, TC_EPARSE,
         "f: line 7: unknown fault kind \"wibble\" (node, link or arc)"},
        {"# x\nnode 1234\n", 0, 1, TC_EINVAL, "f: line 2: the source 1234 cannot be faulty"},
        {"node\n", 0, 1, TC_EPARSE,
         "f: line 1: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
        {"node 4321 2 3\n", 0, 1, TC_EPARSE,
         "f: line 1: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
        {"node 4321 2\n", 0, 1, TC_EPARSE,
         "f: line 1: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
        {"link 4321\n", 0, 1, TC_EPARSE,
         "f: line 1: expected node LABEL, link LABEL DIM or arc LABEL DIM"},
        {"\n\nlink 1234 9\n", 0, 1, TC_EPARSE,
         "f: line 3: dimension \"9\" is not an edge of 1234 (2..4)"},
        {"node 99\n", 0, 1, TC_EPARSE, "f: line 1: Label \"99\" has 2 symbols; S_4 needs 4."},
        {"node 4321\nnode 43\0 21\n", 22, 1, TC_EPARSE,
         "f: line 2: a NUL byte; a faults file is text"},
        {"node 4321 # \0\n", 14, 1, TC_EPARSE, "f: line 1: a NUL byte; a faults file is text"},
    };
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        fixture_t x;
        setup(&x);
        size_t len = cases[j].len != 0 ? cases[j].len : strlen(cases[j].text);
        assert_int_equal(tc_faults_parse_text(x.net, &x.topo, x.src, "f", cases[j].first,
                                              cases[j].text, len, &x.f),
                         cases[j].err);
        assert_string_equal(tc_err_detail(), cases[j].detail);
        /* the faults of the lines before stay */
        assert_int_equal(x.f.faulty_nodes, strncmp(cases[j].text, "node 4321\n", 10) == 0);
        teardown(&x);
    }
    /* a line longer than 64 KiB, and a long name cut to 100 bytes */
    fixture_t x;
    setup(&x);
    size_t len = TC_FAULTS_LINE_MAX + 1;
    char *text = malloc(len + 20);
    assert_non_null(text);
    memcpy(text, "node 4321\n", 10);
    memset(text + 10, '#', len);
    assert_int_equal(tc_faults_parse_text(x.net, &x.topo, x.src, "f", 1, text, len + 10, &x.f),
                     TC_EPARSE);
    assert_string_equal(tc_err_detail(), "f: line 2 is longer than 64.0 KiB");
    char name[200];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    assert_int_equal(tc_faults_parse_text(x.net, &x.topo, x.src, name, 1, "x 1", 3, &x.f),
                     TC_EPARSE);
    assert_memory_equal(tc_err_detail(), name, 100);
    assert_string_equal(tc_err_detail() + 100,
                        ": line 1: unknown fault kind \"x\" (node, link or arc)");
    free(text);
    teardown(&x);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_accepted), cmocka_unit_test(test_spec_refused),
        cmocka_unit_test(test_item_accepted), cmocka_unit_test(test_item_refused),
        cmocka_unit_test(test_text_accepted), cmocka_unit_test(test_text_refused),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
