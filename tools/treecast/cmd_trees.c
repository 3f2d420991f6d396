/* treecast trees — build a spanning-tree family and print it. */
#include "common.h"

#include <getopt.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast trees --net star:N --kind KIND [--root R] [--seed S]\n"
           "                      [--format text|json|dot|edges] [--labels | --no-labels]\n"
           "                      [--threads T] [--output FILE]\n"
           "\n"
           "Build a spanning-tree family of S_N by its distributed parent rule and print it.\n"
           "\n"
           "  --net star:N     the network (2 <= N <= 12)\n"
           "  --kind KIND      edt  EDT_h, the n-1 edge-disjoint spanning trees (Def. 8)\n"
           "                   spg  SPG_h, the shortest path graph as n-1 partial trees (Def. 7)\n"
           "                   spt  SPT_h, the shortest path tree of the substars (Def. 6)\n"
           "                   bfs  a breadth-first spanning tree (the baseline)\n"
           "  --root R         a label (3517246 or 3,5,1,7,2,4,6), identity (default) or random\n"
           "  --seed S         seed for --root random (default 1; printed)\n"
           "  --format F       text (default): a summary, and every tree drawn when N <= 5\n"
           "                   json: the forest document (docs/formats.md)\n"
           "                   dot: Graphviz, one colour per tree (N <= 5)\n"
           "                   edges: one line per tree edge: tree, parent, child, dimension\n"
           "  --labels         include node labels in JSON (always when N <= 8)\n"
           "  --no-labels      leave them out above N = 8\n"
           "  --threads T      worker threads for building (default: every core)\n"
           "  --output FILE    write there (atomically) instead of stdout\n"
           "\n"
           "exit status: 0 success, 2 misuse, 3 bad input data, 4 out of memory or output\n"
           "not writable.\n");
}

int cmd_trees(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},
        {"kind", required_argument, NULL, 'k'},
        {"root", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"labels", no_argument, NULL, 'L'},
        {"no-labels", no_argument, NULL, 'N'},
        {"threads", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *net_spec = NULL, *kind_text = NULL, *root_text = NULL, *format = "text";
    const char *output = NULL;
    uint64_t seed = 1;
    int64_t threads = 0;
    int labels = -1;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            net_spec = optarg;
            break;
        case 'k':
            kind_text = optarg;
            break;
        case 'r':
            root_text = optarg;
            break;
        case 's':
            if (!parse_seed(optarg, &seed)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            format = optarg;
            break;
        case 'L':
            labels = 1;
            break;
        case 'N':
            labels = 0;
            break;
        case 't':
            if (!parse_int_opt("--threads", optarg, 1, 64, &threads)) {
                return EXIT_MISUSE;
            }
            break;
        case 'o':
            output = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    int fmt = pick("--format", format, (const char *const[]){"text", "json", "dot", "edges", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    tc_net_t *net = NULL;
    int st = open_net(net_spec, &net);
    if (st != 0) {
        return st;
    }
    tc_kind_t kind;
    if (kind_text == NULL) {
        tc_net_free(net);
        return misuse("--kind is required (edt, spg, spt or bfs)");
    }
    if (tc_kind_parse(kind_text, &kind) != TC_OK) {
        tc_net_free(net);
        return misuse("--kind: %s", tc_err_detail());
    }
    if (!tc_net_materializable(net)) {
        int n = tc_net_n(net);
        tc_net_free(net);
        return misuse("S_%d is too large to materialize; the largest is S_%d", n,
                      TC_STAR_MAX_MATERIAL_N);
    }
    if (fmt == 2 && tc_net_nodes(net) > 120) {
        tc_net_free(net);
        return misuse("--format dot draws S_N for N <= 5 only");
    }
    int64_t root = 0;
    st = resolve_root(net, root_text, seed, &root);
    if (st != 0) {
        tc_net_free(net);
        return st;
    }
    st = require_memory(tc_net_nodes(net) * tc_trees_count(net, kind), "building this forest");
    if (st != 0) {
        tc_net_free(net);
        return st;
    }
    tc_forest_t *forest = NULL;
    tc_err_t err = tc_trees_build(net, kind, root, (int)threads, &forest);
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, "building the forest");
    }
    output_t out;
    st = output_open(&out, output);
    if (st == 0) {
        if (root_text != NULL && strcmp(root_text, "random") == 0 && fmt == 0) {
            fprintf(out.fp, "random root chosen with seed %llu\n", (unsigned long long)seed);
        }
        switch (fmt) {
        case 0:
            err = tc_report_forest_text(out.fp, forest);
            break;
        case 1: {
            char choice[64];
            bool random = root_text != NULL && strcmp(root_text, "random") == 0;
            snprintf(choice, sizeof choice, "{\"mode\":\"random\",\"seed\":%llu}",
                     (unsigned long long)seed);
            err = tc_report_forest_json_meta(
                out.fp, forest, labels == 1 || (labels == -1 && tc_net_nodes(net) <= 40320),
                random ? choice : NULL);
        } break;
        case 2:
            err = tc_report_forest_dot(out.fp, forest);
            break;
        default:
            err = tc_report_forest_edges(out.fp, forest);
            break;
        }
        st = output_close(&out, err == TC_OK);
        if (err != TC_OK && st == 0) {
            st = lib_fail(err, "writing");
        }
    }
    tc_forest_free(forest);
    tc_net_free(net);
    return st;
}
