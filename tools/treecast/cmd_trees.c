/* treecast trees — build a spanning-tree family and print it. */
#include "common.h"

#include <getopt.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast trees --net NET --kind KIND [--root R] [--seed S]\n"
           "                      [--format text|json|dot|edges|table] [--tree T]\n"
           "                      [--labels | --no-labels] [--threads T] [--output FILE]\n"
           "\n"
           "Build a spanning-tree family by its distributed parent rule and print it.\n"
           "\n"
           "  --net NET        star:N (2 <= N <= 12), cube:N (1 <= N <= 32) or icube:N,K\n"
           "                   (the incomplete hypercube I_K^N, 0 <= K < N <= 30)\n"
           "  --kind KIND      on star:N (paper 000):\n"
           "                   edt  EDT_h, the n-1 edge-disjoint spanning trees (Def. 8)\n"
           "                   spg  SPG_h, the shortest path graph as n-1 partial trees (Def. 7)\n"
           "                   spt  SPT_h, the shortest path tree of the substars (Def. 6)\n"
           "                   bfs  a breadth-first spanning tree (the baseline)\n"
           "                   on cube:N:\n"
           "                   binomial       the spanning binomial tree (paper 002)\n"
           "                   sbnt-minr      the spanning balanced n-tree (002 Sec. 3)\n"
           "                   sbnt-maxl, sbnt-minbl, sbnt-maxbr  its variants (002 Sec. 4)\n"
           "                   sbg            the balanced graph as its n rotated SBnTs\n"
           "                   nedst          Johnsson-Ho n directed edge-disjoint trees (003)\n"
           "                   nedst-pivoted  the same, tree j rooted at the pivot r XOR 2^j\n"
           "                   ist            n independent spanning trees, Algorithm 5 (004)\n"
           "                   ist-hdls       the same by the Latin square, Algorithm 4 (004)\n"
           "                   on icube:N,K (paper 003):\n"
           "                   binomial       the binomial spanning tree (e-cube routing)\n"
           "                   edst           the K+1 edge-disjoint spanning trees (Sec. III)\n"
           "  --root R         a label (3517246 or 3,5,1,7,2,4,6 on star:N; bits such as 01000\n"
           "                   or a decimal address on cube:N), identity (default) or random\n"
           "  --seed S         seed for --root random (default 1; printed)\n"
           "  --format F       text (default): a summary, and every tree drawn up to 128 nodes\n"
           "                   json: the forest document (docs/formats.md)\n"
           "                   dot: Graphviz, one colour per tree (up to 128 nodes)\n"
           "                   edges: one line per tree edge: tree, parent, child, dimension\n"
           "                   table: tree --tree T of kind ist in the layout of paper 004's\n"
           "                   Tables 5.1-5.5 (x, bits, H(r,x), succ, parent)\n"
           "  --tree T         the tree for --format table (default 0)\n"
           "  --labels         include node labels in JSON (always up to 40320 nodes)\n"
           "  --no-labels      leave them out above 40320 nodes\n"
           "  --threads T      worker threads for building (default: every core)\n"
           "  --output FILE    write there (atomically) instead of stdout\n"
           "\n"
           "exit status: 0 success, 2 misuse, 3 bad input data, 4 out of memory or output\n"
           "not writable.\n");
}

int cmd_trees(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},    {"kind", required_argument, NULL, 'k'},
        {"root", required_argument, NULL, 'r'},   {"seed", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'}, {"labels", no_argument, NULL, 'L'},
        {"no-labels", no_argument, NULL, 'N'},    {"threads", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'}, {"tree", required_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    const char *net_spec = NULL, *kind_text = NULL, *root_text = NULL, *format = "text";
    const char *output = NULL;
    uint64_t seed = 1;
    int64_t threads = 0, tree = -1;
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
        case 'T':
            if (!parse_int_opt("--tree", optarg, 0, 63, &tree)) {
                return EXIT_MISUSE;
            }
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    int fmt = pick("--format", format,
                   (const char *const[]){"text", "json", "dot", "edges", "table", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    tc_net_t *net = NULL;
    int st = open_net(net_spec, &net);
    if (st != 0) {
        return st;
    }
    tc_kind_t kind;
    st = open_kind(net, kind_text, "--kind", &kind);
    if (st != 0) {
        tc_net_free(net);
        return st;
    }
    if (fmt == 2 && tc_net_nodes(net) > 128) {
        tc_net_free(net);
        return misuse("--format dot draws networks of at most 128 nodes (S_5, Q_7)");
    }
    if (fmt == 4 && kind != TC_KIND_IST) {
        tc_net_free(net);
        return misuse("--format table is the layout of paper 004's Tables 5.1-5.5, for --kind "
                      "ist");
    }
    if (fmt == 4 && tree >= tc_trees_count(net, kind)) {
        int count = tc_trees_count(net, kind);
        tc_net_free(net);
        return misuse("--tree %lld does not exist; the trees are 0..%d", (long long)tree,
                      count - 1);
    }
    if (tree >= 0 && fmt != 4) {
        tc_net_free(net);
        return misuse("--tree goes with --format table");
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
        case 4:
            err = tc_report_ist_table(out.fp, forest, tree < 0 ? 0 : (int)tree);
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
