/* treecast search — the least height of T directed edge-disjoint spanning trees at a root,
 * proved with a SAT solver (include/treecast/search.h), beside the construction's height. */
#include "common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf(
        "usage: treecast search --net NET [--trees T] [--root R] [--kind KIND] [--max-height H]\n"
        "                       [--limit C] [--seed S] [--format text|json] [--timing]\n"
        "                       [--output FILE] [--forest FILE]\n"
        "\n"
        "The least height H at which T spanning trees rooted at R exist that share no directed\n"
        "link (every node within H links of R in every tree), found by a SAT solver (CaDiCaL)\n"
        "trying the heights from R's eccentricity up: a forest at H and a refutation at every\n"
        "height below make H the proved optimum. Beside it, the height of the paper's\n"
        "construction (--kind, default: edst on icube:N,K, nedst on cube:N, edt on star:N) at\n"
        "the same root. Beyond the papers: on I_k^n the construction is not optimal at some\n"
        "roots (docs/corrections.md).\n"
        "\n"
        "  --net NET           star:N, cube:N or icube:N,K with at most 4096 nodes\n"
        "  --trees T           number of trees (default: the construction's)\n"
        "  --root R            a label, identity (default) or random\n"
        "  --kind KIND         the construction compared (its trees must number T)\n"
        "  --max-height H      give up above height H (default: the construction's height)\n"
        "  --limit C           solver conflicts per height (default 0: no limit); a height the\n"
        "                      limit stops is reported unknown and the optimum is not proved\n"
        "  --seed S            seed of --root random (default 1; printed)\n"
        "  --format F          text (default) or json\n"
        "  --timing            add the solver's wall time\n"
        "  --output FILE       write there (atomically) instead of stdout\n"
        "  --forest FILE       write the forest found there (the JSON of treecast trees,\n"
        "                      which treecast check --input verifies independently)\n"
        "\n"
        "exit status: 0 a forest found, 1 none up to the height tried, 2 misuse, 3 bad label,\n"
        "4 too large or out of memory.\n");
}

static tc_kind_t default_kind(const tc_net_t *net)
{
    switch (tc_net_family(net)) {
    case TC_NET_ICUBE:
        return TC_KIND_EDST;
    case TC_NET_CUBE:
        return TC_KIND_NEDST;
    default:
        return TC_KIND_EDT;
    }
}

int cmd_search(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},
        {"trees", required_argument, NULL, 'T'},
        {"root", required_argument, NULL, 'r'},
        {"kind", required_argument, NULL, 'k'},
        {"max-height", required_argument, NULL, 'H'},
        {"limit", required_argument, NULL, 'l'},
        {"seed", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"forest", required_argument, NULL, 'F'},
        {"timing", no_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *net_text = NULL, *root_text = "identity", *kind_text = NULL, *format = "text";
    const char *output = NULL, *forest_path = NULL;
    int64_t trees = 0, max_height = 0, limit = 0;
    uint64_t seed = 1;
    bool timing = false;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            net_text = optarg;
            break;
        case 'T':
            if (!parse_int_opt("--trees", optarg, 1, 64, &trees)) {
                return EXIT_MISUSE;
            }
            break;
        case 'r':
            root_text = optarg;
            break;
        case 'k':
            kind_text = optarg;
            break;
        case 'H':
            if (!parse_int_opt("--max-height", optarg, 1, 4095, &max_height)) {
                return EXIT_MISUSE;
            }
            break;
        case 'l':
            if (!parse_int_opt("--limit", optarg, 0, (int64_t)1 << 40, &limit)) {
                return EXIT_MISUSE;
            }
            break;
        case 's':
            if (!parse_seed(optarg, &seed)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            format = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'F':
            forest_path = optarg;
            break;
        case 't':
            timing = true;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    if (net_text == NULL) {
        return misuse("--net is required");
    }
    int fmt = pick("--format", format, (const char *const[]){"text", "json", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    tc_net_t *net = NULL;
    int st = open_net(net_text, &net);
    if (st != 0) {
        return st;
    }
    if (tc_net_nodes(net) > TC_SEARCH_MAX_NODES) {
        tc_net_free(net);
        return fail(EXIT_RESOURCE, "the search handles networks of at most %d nodes",
                    TC_SEARCH_MAX_NODES);
    }
    tc_kind_t kind = default_kind(net);
    if (kind_text != NULL && (st = open_kind(net, kind_text, "--kind", &kind)) != 0) {
        tc_net_free(net);
        return st;
    }
    int64_t root = 0;
    if ((st = resolve_root(net, root_text, seed, &root)) != 0) {
        tc_net_free(net);
        return st;
    }
    int T = tc_trees_count(net, kind);
    if (trees == 0) {
        trees = T;
    }
    int degree = tc_net_degree(net);
    if (trees > degree) {
        tc_net_free(net);
        return misuse("--trees %lld exceeds the degree %d of %s", (long long)trees, degree,
                      net_text);
    }
    /* the construction's height at this root, when it has T trees */
    int paper = -1;
    tc_forest_t *cons = NULL;
    if (T == trees && T > 0 && tc_trees_build(net, kind, root, 0, &cons) == TC_OK) {
        tc_check_opts_t o = tc_check_defaults();
        o.independence = false;
        o.undirected = false;
        tc_check_report_t rep;
        if (tc_check_forest(cons, &o, &rep) == TC_OK) {
            paper = 0;
            for (int t = 0; t < rep.ntrees; t++) {
                paper = rep.depth[t] > paper ? rep.depth[t] : paper;
            }
        }
        tc_forest_free(cons);
    }
    int hi = max_height > 0 ? (int)max_height : paper > 0 ? paper : 0;
    tc_search_least_t res;
    tc_forest_t *found = NULL;
    tc_err_t err = tc_search_least_height(net, root, (int)trees, hi, limit, &res, &found);
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, "the search");
    }
    char netlab[32], lab[TC_LABEL_MAX];
    tc_net_name(net, netlab, sizeof netlab);
    tc_net_label(net, root, false, lab, sizeof lab);
    output_t out;
    st = output_open(&out, output);
    if (st != 0) {
        tc_forest_free(found);
        tc_net_free(net);
        return st;
    }
    FILE *fp = out.fp;
    if (fmt == 1) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"search\",\"network\":\"%s\",\"root\":\"%s\","
                "\"seed\":%llu,\"trees\":%lld,\"status\":\"%s\",\"eccentricity\":%d,"
                "\"height\":%d,\"proved_lower\":%d,\"optimal\":%s,\"construction\":\"%s\","
                "\"construction_height\":%d,\"tried_up_to\":%d,\"conflicts\":%lld",
                netlab, lab, (unsigned long long)seed, (long long)trees,
                tc_search_status_name(res.status), res.lo, res.height, res.lower,
                res.optimal ? "true" : "false", tc_kind_name(kind), paper, res.hi,
                (long long)res.conflicts);
        if (timing) {
            fprintf(fp, ",\"seconds\":%.3f", res.seconds);
        }
        fputs("}\n", fp);
    } else {
        fprintf(fp, "least height of %lld directed edge-disjoint spanning trees of %s at root %s\n",
                (long long)trees, netlab, lab);
        fprintf(fp, "  eccentricity        %d   (no tree is lower)\n", res.lo);
        if (res.height >= 0) {
            fprintf(fp, "  least height        %d   %s\n", res.height,
                    res.optimal ? "(proved: a forest here, none below)"
                                : "(found; a lower one was not ruled out within the limit)");
        } else {
            fprintf(fp, "  least height        none up to %d%s\n", res.hi,
                    res.status == TC_SEARCH_NONE ? " (proved)" : " (the limit stopped a height)");
        }
        fprintf(fp, "  proved lower bound  %d\n", res.lower);
        if (paper >= 0) {
            fprintf(fp, "  construction        %s: height %d%s\n", tc_kind_name(kind), paper,
                    res.optimal && res.height < paper    ? "   (not optimal here)"
                    : res.optimal && res.height == paper ? "   (optimal here)"
                                                         : "");
        }
        fprintf(fp, "  solver              %d heights solved, %lld conflicts (CaDiCaL)", res.solves,
                (long long)res.conflicts);
        if (timing) {
            fprintf(fp, ", %.3f s", res.seconds);
        }
        fputc('\n', fp);
    }
    int cst = output_close(&out, true);
    if (cst == 0 && forest_path != NULL && found != NULL) {
        output_t fo;
        cst = output_open(&fo, forest_path);
        if (cst == 0) {
            bool ok = tc_report_forest_json(fo.fp, found, true) == TC_OK;
            cst = output_close(&fo, ok);
            cst = cst == 0 && !ok ? fail(EXIT_RESOURCE, "cannot write %s", forest_path) : cst;
        }
    }
    tc_forest_free(found);
    tc_net_free(net);
    return cst != 0 ? cst : res.height >= 0 ? EXIT_OK : EXIT_CLAIM;
}
