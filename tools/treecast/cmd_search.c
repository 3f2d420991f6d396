/* treecast search — the least height of T directed edge-disjoint spanning trees at a root,
 * proved with a SAT solver (include/treecast/search.h), beside the construction's height. */
#include "common.h"

#include <string.h>

typedef struct {
    const char *net_spec, *root_text, *kind_text, *output, *forest_path;
    int64_t trees, max_height, limit;
    uint64_t seed;
    bool timing;
    int format;
} args_t;

/* The height of kind's forest at root (its deepest tree), or -1. */
static int construction_height(const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_forest_t *cons = NULL;
    int height = -1;
    if (tc_trees_build(net, kind, root, 0, &cons) == TC_OK) {
        tc_check_opts_t o = tc_check_defaults();
        o.independence = false;
        o.undirected = false;
        tc_check_report_t rep;
        if (tc_check_forest(cons, &o, &rep) == TC_OK) {
            height = 0;
            for (int t = 0; t < rep.ntrees; t++) {
                height = rep.depth[t] > height ? rep.depth[t] : height;
            }
        }
    }
    tc_forest_free(cons);
    return height;
}

static void print_result(FILE *fp, const args_t *a, const tc_net_t *net, int64_t root,
                         tc_kind_t kind, int paper, const tc_search_least_t *res)
{
    char netlab[TC_LABEL_MAX], lab[TC_LABEL_MAX];
    tc_net_name(net, netlab, sizeof netlab);
    tc_net_label(net, root, false, lab, sizeof lab);
    if (a->format == 1) {
        tc_json_t j;
        tc_json_document(&j, fp, "search");
        tc_json_kstr(&j, "network", netlab);
        tc_json_kstr(&j, "root", lab);
        tc_json_key(&j, "seed");
        tc_json_uint(&j, a->seed);
        tc_json_kint(&j, "trees", a->trees);
        tc_json_kstr(&j, "status", tc_search_status_name(res->status));
        tc_json_kint(&j, "eccentricity", res->lo);
        tc_json_kint(&j, "height", res->height);
        tc_json_kint(&j, "proved_lower", res->lower);
        tc_json_kbool(&j, "optimal", res->optimal);
        tc_json_kstr(&j, "construction", tc_kind_name(kind));
        tc_json_kint(&j, "construction_height", paper);
        tc_json_kint(&j, "tried_up_to", res->hi);
        tc_json_kint(&j, "conflicts", res->conflicts);
        if (a->timing) {
            tc_json_key(&j, "seconds");
            tc_json_fixed(&j, res->seconds, 3);
        }
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    fprintf(fp, "least height of %lld directed edge-disjoint spanning trees of %s at root %s\n",
            (long long)a->trees, netlab, lab);
    fprintf(fp, "  eccentricity        %d   (no tree is lower)\n", res->lo);
    if (res->height >= 0) {
        fprintf(fp, "  least height        %d   %s\n", res->height,
                res->optimal ? "(proved: a forest here, none below)"
                             : "(found; a lower one was not ruled out within the limit)");
    } else {
        fprintf(fp, "  least height        none up to %d%s\n", res->hi,
                res->status == TC_SEARCH_NONE ? " (proved)" : " (the limit stopped a height)");
    }
    fprintf(fp, "  proved lower bound  %d\n", res->lower);
    if (paper >= 0) {
        fprintf(fp, "  construction        %s: height %d%s\n", tc_kind_name(kind), paper,
                res->optimal && res->height < paper    ? "   (not optimal here)"
                : res->optimal && res->height == paper ? "   (optimal here)"
                                                       : "");
    }
    fprintf(fp, "  solver              %d height%s solved, %lld conflict%s (CaDiCaL)", res->solves,
            plural_s(res->solves), (long long)res->conflicts, plural_s(res->conflicts));
    if (a->timing) {
        fprintf(fp, ", %.3f s", res->seconds);
    }
    fputc('\n', fp);
}

/* Write the forest found for `check --input`. 0 or a status. */
static int write_found(const char *path, const tc_forest_t *found)
{
    output_t fo;
    int st = output_open(&fo, path);
    if (st == 0) {
        bool ok = tc_report_forest_json(fo.fp, found, true) == TC_OK;
        st = output_close(&fo, ok);
        st = st == 0 && !ok ? fail(EXIT_RESOURCE, "cannot write %s", path) : st;
    }
    return st;
}

static int search(const args_t *a_in, tc_net_t *net)
{
    args_t a = *a_in;
    tc_kind_t kind = tc_kind_primary(net);
    int64_t root = 0;
    if (tc_net_nodes(net) > TC_SEARCH_MAX_NODES) {
        return fail(EXIT_RESOURCE, "the search handles networks of at most %d nodes",
                    TC_SEARCH_MAX_NODES);
    }
    tc_err_t connected = tc_net_require_connected(net); /* before the trees it would count */
    if (connected != TC_OK) {
        return lib_fail(connected, NULL);
    }
    int st = a.kind_text ? open_kind(net, a.kind_text, "--kind", &kind) : 0;
    st = st != 0 ? st : resolve_root(net, a.root_text, a.seed, &root);
    if (st != 0) {
        return st;
    }
    int T = tc_trees_count(net, kind);
    a.trees = a.trees == 0 ? T : a.trees;
    if (a.trees > tc_net_degree(net) || a.trees < 1) {
        return misuse("--trees %lld exceeds the degree %d of %s", (long long)a.trees,
                      tc_net_degree(net), a.net_spec);
    }
    /* the construction's height at this root, when it has T trees */
    int paper = T == a.trees ? construction_height(net, kind, root) : -1;
    int hi = a.max_height > 0 ? (int)a.max_height : paper > 0 ? paper : 0;
    tc_search_least_t res;
    tc_forest_t *found = NULL;
    progress_begin("searching for the least height (SAT)", "", 0);
    tc_err_t err = tc_search_least_height(net, root, (int)a.trees, hi, a.limit, &res, &found);
    progress_end();
    if (err != TC_OK) {
        return lib_fail(err, "the search");
    }
    output_t out;
    st = output_open(&out, a.output);
    if (st == 0) {
        print_result(out.fp, &a, net, root, kind, paper, &res);
        st = output_close(&out, true);
    }
    if (st == 0 && a.forest_path != NULL && found != NULL) {
        st = write_found(a.forest_path, found);
    }
    tc_forest_free(found);
    return st != 0 ? st : res.height >= 0 ? EXIT_OK : EXIT_CLAIM;
}

static int search_cmd(const call_t *call)
{
    const args_t *a = call->ctx;
    tc_net_t *net = NULL;
    int st;
    if ((st = open_net(a->net_spec, &net)) != 0) {
        return st;
    }
    st = search(a, net);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_INT("trees", trees, 1, 64, "T", "number of trees (default: the construction's)"),
    OPT_STRING("root", root_text, "R", "a label, identity (default) or random"),
    OPT_STRING("kind", kind_text, "KIND",
               "the construction compared (its trees must number T; default: the\n"
               "network's edge-disjoint family, edt, nedst, edst)"),
    OPT_INT("max-height", max_height, 1, 4095, "H",
            "give up above height H (default: the construction's height)"),
    OPT_INT("limit", limit, 0, (int64_t)1 << 40, "C",
            "solver conflicts per height (default 0: no limit); a height the limit stops\n"
            "is reported unknown and the optimum is not proved"),
    OPT_SEED(seed),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_FLAG("timing", timing, "add the solver's wall time"),
    OPT_OUTPUT(output),
    OPT_STRING("forest", forest_path, "FILE",
               "write the forest found there (the JSON of treecast trees, which treecast\n"
               "check --input verifies independently)"),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast search --net cube:3 --trees 2",
    "the least height of 2 edge-disjoint spanning trees of Q_3, proved by SAT",
    "treecast search --net icube:6,3 --root 0110000",
    "the least height on the incomplete hypercube I_3^6 (7; paper 003's trees: 8)",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast search --net NET [--trees T] [--root R] [--kind KIND] [--max-height H]\n"
             "                       [--limit C] [--seed S] [--format text|json] [--timing]\n"
             "                       [--output FILE] [--forest FILE]",
    .about = "The least height H at which T spanning trees rooted at R exist that share no\n"
             "directed link (every node within H links of R in every tree), found by a SAT\n"
             "solver (CaDiCaL) trying the heights from R's eccentricity up: a forest at H and a\n"
             "refutation at every height below make H the proved optimum. Beside it, the height\n"
             "of a construction at the same root. Any network of at most 4096 nodes. Beyond the\n"
             "papers: on I_k^n the construction is not optimal at some roots\n"
             "(docs/corrections.md).",
    .opts = OPTS,
    .status = "0 a forest found, 1 none up to the height tried, 2 misuse, 3 bad label,\n"
              "4 too large or out of memory.",
    .examples = EXAMPLES,
};

int cmd_search(int argc, char **argv)
{
    args_t a = {.root_text = "identity", .seed = 1};
    return run_command(argc, argv, &DOC, 0, search_cmd, &a);
}
