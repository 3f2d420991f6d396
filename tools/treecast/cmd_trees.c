/* treecast trees — build a spanning-tree family and print it. */
#include "common.h"

#include <string.h>

typedef struct {
    const char *net_spec, *kind_text, *root_text, *output;
    uint64_t seed;
    int64_t threads, tree;
    int format, coll;
    bool labels, no_labels, tree_given;
} args_t;

static const char *const FORMATS[] = {"text", "json", "dot", "edges", "table", "msccl", NULL};
enum { F_TEXT, F_JSON, F_DOT, F_EDGES, F_TABLE, F_MSCCL };

/* Write the forest in the chosen format; the library's status. */
static tc_err_t write_forest(FILE *fp, const args_t *a, const tc_forest_t *forest)
{
    bool random = a->root_text != NULL && strcmp(a->root_text, "random") == 0;
    switch (a->format) {
    case F_TEXT:
        if (random) {
            fprintf(fp, "random root chosen with seed %llu\n", (unsigned long long)a->seed);
        }
        return tc_report_forest_text(fp, forest);
    case F_JSON: {
        char choice[64];
        snprintf(choice, sizeof choice, "{\"mode\":\"random\",\"seed\":%llu}",
                 (unsigned long long)a->seed);
        int64_t N = tc_net_nodes(tc_forest_net(forest));
        bool labels = a->labels || (!a->no_labels && N <= 40320);
        return tc_report_forest_json_meta(fp, forest, labels, random ? choice : NULL);
    }
    case F_DOT:
        return tc_report_forest_dot(fp, forest);
    case F_TABLE:
        return tc_report_ist_table(fp, forest, (int)a->tree);
    default:
        return tc_report_forest_edges(fp, forest);
    }
}

/* The checks that need the network and the kind. */
static int check_args(const args_t *a, const tc_net_t *net, tc_kind_t kind)
{
    if (a->format == F_DOT && tc_net_nodes(net) > 128) {
        return misuse("--format dot draws networks of at most 128 nodes (S_5, Q_7)");
    }
    if (a->format == F_TABLE && kind != TC_KIND_IST) {
        return misuse("--format table is the layout of paper 004's Tables 5.1-5.5, for --kind "
                      "ist");
    }
    if (a->format == F_TABLE && a->tree >= tc_trees_count(net, kind)) {
        return misuse("--tree %lld does not exist; the trees are 0..%d", (long long)a->tree,
                      tc_trees_count(net, kind) - 1);
    }
    if (a->tree_given && a->format != F_TABLE) {
        return misuse("--tree goes with --format table");
    }
    if (a->format == F_MSCCL) {
        return misuse("--format msccl writes the schedules of --kind optimal");
    }
    return 0;
}

static const char *const COLLS[] = {"bcast", "allgather", NULL};

/* --kind optimal: the schedule that reaches the optimal rate of --coll. */
static int optimal_trees(const args_t *a, tc_net_t *net)
{
    if (a->format != F_TEXT && a->format != F_JSON && a->format != F_MSCCL) {
        return misuse("--kind optimal is written as text, json or msccl");
    }
    if (a->tree_given) {
        return misuse("--tree goes with --format table");
    }
    int64_t root = 0;
    int st = resolve_root(net, a->root_text, a->seed, &root);
    if (st == 0 && a->root_text == NULL) { /* the first compute node */
        while (tc_net_role(net, root) != TC_ROLE_COMPUTE) {
            root++;
        }
    }
    tc_optimal_t *s = NULL;
    if (st == 0) {
        tc_err_t err =
            tc_optimal_build(net, a->coll == 0 ? TC_OPTIMUM_BCAST : TC_OPTIMUM_ALLGATHER, root, &s);
        st = err != TC_OK ? lib_fail(err, "building the schedule") : 0;
    }
    output_t out;
    if (st == 0 && (st = output_open(&out, a->output)) == 0) {
        tc_err_t err = a->format == F_JSON    ? tc_report_optimal_json(out.fp, s)
                       : a->format == F_MSCCL ? tc_report_optimal_msccl(out.fp, s, NULL)
                                              : tc_report_optimal_text(out.fp, s);
        st = output_close(&out, err == TC_OK);
        if (err != TC_OK && st == 0) {
            st = lib_fail(err, a->format == F_MSCCL ? "--format msccl" : "writing");
        }
    }
    tc_optimal_free(s);
    return st;
}

static int trees(const call_t *call)
{
    const args_t *a = call->ctx;
    tc_net_t *net = NULL;
    tc_kind_t kind = TC_KIND_CUSTOM;
    int64_t root = 0;
    int st = open_net(a->net_spec, &net);
    if (st == 0 && a->kind_text != NULL && strcmp(a->kind_text, "optimal") == 0) {
        st = optimal_trees(a, net);
        tc_net_free(net);
        return st;
    }
    if (st == 0 && a->coll != 0) {
        st = misuse("--coll goes with --kind optimal");
    }
    st = st != 0 ? st : open_kind(net, a->kind_text, "--kind", &kind);
    st = st != 0 ? st : check_args(a, net, kind);
    st = st != 0 ? st : resolve_root(net, a->root_text, a->seed, &root);
    st = st != 0 ? st
                 : require_memory(tc_net_nodes(net) * tc_trees_count_bound(net, kind),
                                  "building this forest");
    tc_forest_t *forest = NULL;
    if (st == 0) {
        tc_err_t err = tc_trees_build(net, kind, root, (int)a->threads, &forest);
        st = err != TC_OK ? lib_fail(err, "building the forest") : 0;
    }
    output_t out;
    if (st == 0 && (st = output_open(&out, a->output)) == 0) {
        tc_err_t err = write_forest(out.fp, a, forest);
        st = output_close(&out, err == TC_OK);
        if (err != TC_OK && st == 0) {
            st = lib_fail(err, "writing");
        }
    }
    tc_forest_free(forest);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("kind", kind_text, "KIND",
               "the construction (treecast check --help lists them; docs/constructions.md)"),
    OPT_STRING("root", root_text, "R",
               "the root: a node label (3517246 or 3,5,1,7,2,4,6 on star:N; bits such as\n"
               "01000 or a decimal address on cube:N), identity (node 0, the default) or\n"
               "random"),
    OPT_CHOICE("coll", coll, COLLS,
               "with --kind optimal, the collective whose optimal rate the trees reach\n"
               "(treecast bound)"),
    OPT_SEED(seed),
    OPT_FORMAT(format, FORMATS),
    OPT_INT_SEEN("tree", tree, tree_given, 0, 63, "T", "the tree for --format table (default 0)"),
    OPT_FLAG("labels", labels, "include node labels in JSON (always up to 40320 nodes)"),
    OPT_FLAG("no-labels", no_labels, "leave them out above 40320 nodes"),
    OPT_THREADS(threads),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast trees --net star:4 --kind edt",
    "the n-1 = 3 edge-disjoint spanning trees of S_4 (paper 000), drawn",
    "treecast trees --net cube:5 --kind ist --root 01000 --tree 4 --format table",
    "tree 4 of the independent spanning trees of Q_5 rooted at 01000, as paper 004's Table 5.5 "
    "prints it",
    "treecast trees --net cube:4 --kind sbnt-minr --format dot",
    "the SBnT of Q_4 as a Graphviz document (pipe it to dot -Tsvg)",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast trees --net NET --kind KIND [--root R] [--seed S]\n"
             "                      [--coll bcast|allgather]\n"
             "                      [--format text|json|dot|edges|table|msccl] [--tree T]\n"
             "                      [--labels | --no-labels] [--threads T] [--output FILE]",
    .about = "Build a spanning-tree family by its distributed parent rule (or, for the\n"
             "constructions of any network, bfs and edst, by its algorithm) and print it:\n"
             "text (a summary, and every tree drawn up to 128 nodes), json (the forest\n"
             "document of docs/formats.md), dot (Graphviz, one colour per tree, up to 128\n"
             "nodes), edges (one line per tree edge: tree, parent, child, dimension) or table\n"
             "(tree --tree T of kind ist in the layout of paper 004's Tables 5.1-5.5).\n\n"
             "--kind optimal builds the trees that reach the optimal rate of --coll on a\n"
             "network with switches and capacities, written as text, json (the schedule\n"
             "document of docs/formats.md) or msccl (an MSCCL-IR XML algorithm for MSCCL and\n"
             "RCCL: rank i is compute node i, in place, protocol Simple).",
    .opts = OPTS,
    .examples = EXAMPLES,
};

int cmd_trees(int argc, char **argv)
{
    args_t a = {.seed = 1};
    return run_command(argc, argv, &DOC, 0, trees, &a);
}
