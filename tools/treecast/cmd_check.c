/* treecast check — verify a forest and set the paper's claims beside the measured values. */
#include "common.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf(
        "usage: treecast check --net NET --kind KIND [--root R | --all-roots | --roots K]\n"
        "                      [--seed S] [--threads T] [--sample K | --exhaustive]\n"
        "                      [--properties LIST] [--compare KIND2] [--format text|json]\n"
        "                      [--output FILE]\n"
        "       treecast check --input FILE.json [same options but --net/--kind/--root]\n"
        "\n"
        "Verify a forest, whoever built it: spanning and rooted at the root, acyclic, the depth\n"
        "of every tree, directed edge-disjointness, how undirected edges are used, independence\n"
        "(internally node-disjoint root paths), the root-path excess over the distance, and the\n"
        "rotation symmetry of Lemma 6.2. Every property is printed with the measured value and\n"
        "the paper's claim side by side. On the hypercube also the fan-out per level (Lemma 3,\n"
        "Theorem 4), cyclic nodes as leaves (Lemma 8) and edges per dimension per level\n"
        "(Corollary 3) of paper 002.\n"
        "\n"
        "  --net NET           star:N (2 <= N <= 12 here), cube:N (1 <= N <= 32) or\n"
        "                      icube:N,K (the incomplete hypercube I_K^N, 0 <= K < N <= 30)\n"
        "  --kind KIND         star:N: edt (Def. 8), spg (Def. 7), spt (Def. 6) or bfs\n"
        "                      cube:N: binomial, sbnt-minr, sbnt-maxl, sbnt-minbl, sbnt-maxbr,\n"
        "                      sbg, nedst, nedst-pivoted, ist or ist-hdls (docs/constructions.md)\n"
        "                      icube:N,K: binomial or edst (K+1 trees; with --all-roots a table\n"
        "                      of heights by the root's subcube against Lemma 3)\n"
        "  --root R            a label (3517246 or 3,5,1,7,2,4,6; a bit string 01000 or a\n"
        "                      decimal address on cube:N), identity (default) or random\n"
        "  --all-roots         check the family at every root (at most 5040 nodes)\n"
        "  --roots K           check the family at K seeded random roots\n"
        "  --seed S            seed of random roots and of sampling (default 1; printed)\n"
        "  --input FILE        check the forest in a JSON document ('-' for stdin)\n"
        "  --threads T         worker threads (default: every core)\n"
        "  --sample K          test independence and rotation on K seeded random nodes\n"
        "  --exhaustive        test every node (the default up to 3,628,800 nodes)\n"
        "  --properties LIST   comma list of: undirected, independence, excess, rotation\n"
        "                      (star:N), levels (cube:N), all (spanning, rooting, depth and\n"
        "                      directed disjointness are always checked; default: all but\n"
        "                      levels, which is on for the single-tree cube kinds and sbg)\n"
        "  --compare KIND2     also build KIND2 at the same root and compare (cube:N): shared\n"
        "                      edges below level 1 (002 Lemma 15), root subtree sizes (Lemma 13)\n"
        "                      and the bit-reversal isomorphism (Theorem 5)\n"
        "  --format F          text (default) or json\n"
        "  --output FILE       write there (atomically) instead of stdout\n"
        "  --timing            add wall-clock times to the output\n"
        "\n"
        "exit status: 0 every claim holds, 1 a claim fails, 2 misuse, 3 bad input data,\n"
        "4 out of memory or output not writable.\n");
}

enum {
    OPT_ALL_ROOTS = 1000,
    OPT_ROOTS,
    OPT_SAMPLE,
    OPT_EXHAUSTIVE,
    OPT_PROPS,
    OPT_TIMING,
    OPT_COMPARE
};

typedef struct {
    const char *net_spec, *kind_text, *root_text, *input, *format, *output, *props, *compare;
    bool all_roots, exhaustive, timing, json;
    int64_t roots, threads, sample;
    uint64_t seed;
    bool seed_given;
    tc_kind_t compare_kind;
} args_t;

static int parse_props(const char *list, tc_check_opts_t *o)
{
    if (list == NULL) {
        return 0;
    }
    o->undirected = o->independence = o->excess = o->rotation = o->levels = false;
    if (strspn(list, ",") == strlen(list)) {
        return misuse("--properties needs at least one property");
    }
    char *copy = strdup(list);
    if (copy == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    int status = 0;
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "undirected") == 0) {
            o->undirected = true;
        } else if (strcmp(tok, "independence") == 0) {
            o->independence = true;
        } else if (strcmp(tok, "excess") == 0) {
            o->excess = true;
        } else if (strcmp(tok, "rotation") == 0) {
            o->rotation = true;
        } else if (strcmp(tok, "levels") == 0) {
            o->levels = true;
        } else if (strcmp(tok, "all") == 0) {
            o->undirected = o->independence = o->excess = o->rotation = o->levels = true;
        } else if (strcmp(tok, "spanning") == 0 || strcmp(tok, "disjoint") == 0) {
            /* always checked */
        } else {
            status = misuse("--properties: unknown property \"%s\"", tok);
            break;
        }
    }
    free(copy);
    return status;
}

/* Whether the forest's trees are numbered 2..n (so the rotation of Lemma 6.2 can map them). */
static bool numbered_by_dimension(const tc_forest_t *f)
{
    int n = tc_net_n(tc_forest_net(f));
    if (tc_net_family(tc_forest_net(f)) != TC_NET_STAR) {
        return false;
    }
    if (tc_forest_trees(f) != n - 1) {
        return false;
    }
    uint32_t seen = 0;
    for (int t = 0; t < tc_forest_trees(f); t++) {
        int l = tc_forest_label(f, t);
        if (l < 2 || l > n || (seen & (1u << l))) {
            return false;
        }
        seen |= 1u << l;
    }
    return true;
}

static void print_text_table(FILE *out, const tc_claims_t *c)
{
    size_t w[4] = {8, 8, 13, 6};
    for (int k = 0; k < c->count; k++) {
        const tc_claim_row_t *r = &c->rows[k];
        size_t l[4] = {strlen(r->key), strlen(r->measured), strlen(r->claim), strlen(r->source)};
        for (int j = 0; j < 4; j++) {
            w[j] = l[j] > w[j] ? l[j] : w[j];
        }
    }
    fprintf(out, "  %-*s  %-*s  %-*s  %-*s  %s\n", (int)w[0], "property", (int)w[1], "measured",
            (int)w[2], "paper's claim", (int)w[3], "source", "verdict");
    for (int k = 0; k < c->count; k++) {
        const tc_claim_row_t *r = &c->rows[k];
        fprintf(out, "  %-*s  %-*s  %-*s  %-*s  %s\n", (int)w[0], r->key, (int)w[1], r->measured,
                (int)w[2], r->claim[0] ? r->claim : "-", (int)w[3], r->source[0] ? r->source : "-",
                tc_verdict_name(r->verdict));
    }
}

/* "key":[...], or a bare array when key is NULL. */
static void json_int_array(FILE *out, const char *key, const int64_t *v, int count)
{
    if (key != NULL) {
        fprintf(out, "\"%s\":", key);
    }
    fputc('[', out);
    for (int k = 0; k < count; k++) {
        fprintf(out, "%s%lld", k ? "," : "", (long long)v[k]);
    }
    fputs("]", out);
}

static void print_json_one(FILE *out, const tc_net_t *net, const tc_check_report_t *rep,
                           const tc_claims_t *c)
{
    char lab[TC_LABEL_MAX];
    tc_net_label(net, rep->root, false, lab, sizeof lab);
    fprintf(out, "{\"root\":\"%s\",\"trees\":%d,", lab, rep->ntrees);
    int64_t
        tmp[TC_CHECK_MAX_TREES > TC_CHECK_MAX_LEVELS ? TC_CHECK_MAX_TREES : TC_CHECK_MAX_LEVELS];
    for (int t = 0; t < rep->ntrees; t++) {
        tmp[t] = rep->label[t];
    }
    json_int_array(out, "tree_index", tmp, rep->ntrees);
    for (int t = 0; t < rep->ntrees; t++) {
        tmp[t] = rep->depth[t];
    }
    fputc(',', out);
    json_int_array(out, "depth", tmp, rep->ntrees);
    fputc(',', out);
    json_int_array(out, "reached", rep->reached, rep->ntrees);
    fputc(',', out);
    json_int_array(out, "cyclic", rep->cyclic, rep->ntrees);
    bool spanning = true;
    for (int t = 0; t < rep->ntrees; t++) {
        spanning = spanning && rep->reached[t] == rep->nodes;
    }
    fprintf(out, ",\"spanning\":%s,\"directed_shared\":%lld,\"directed_disjoint\":%s",
            spanning ? "true" : "false", (long long)rep->shared_directed,
            rep->shared_directed == 0 ? "true" : "false");
    if (rep->undirected_tested) {
        fprintf(out, ",\"undirected_use\":{\"both\":%lld,\"one\":%lld,\"unused\":%lld}",
                (long long)rep->undirected_use[2], (long long)rep->undirected_use[1],
                (long long)rep->undirected_use[0]);
    }
    if (rep->indep_tested) {
        fprintf(out,
                ",\"independence\":{\"nodes\":%lld,\"violations\":%lld,\"independent\":%s,"
                "\"mode\":\"%s\"",
                (long long)rep->indep_nodes, (long long)rep->indep_violations,
                rep->indep_violations == 0 ? "true" : "false",
                rep->indep_sampled ? "sample" : "exhaustive");
        if (rep->indep_sampled) {
            fprintf(out, ",\"seed\":%llu", (unsigned long long)rep->indep_seed);
        }
        fputs("}", out);
    }
    if (rep->excess_tested) {
        fputc(',', out);
        json_int_array(out, "path_excess", rep->excess, TC_CHECK_EXCESS_BINS);
    }
    if (rep->rot_tested) {
        fprintf(out, ",\"rotation\":{\"pairs\":%lld,\"violations\":%lld}",
                (long long)rep->rot_checked, (long long)rep->rot_violations);
    }
    bool moved = false;
    for (int t = 0; t < rep->ntrees; t++) {
        moved = moved || rep->tree_root[t] != rep->root;
    }
    if (moved) {
        fputs(",\"tree_roots\":[", out);
        for (int t = 0; t < rep->ntrees; t++) {
            tc_net_label(net, rep->tree_root[t], false, lab, sizeof lab);
            fprintf(out, "%s\"%s\"", t ? "," : "", lab);
        }
        fputs("]", out);
    }
    if (rep->levels_tested) {
        int levels = 0;
        while (levels < TC_CHECK_MAX_LEVELS && rep->level_nodes[levels] > 0) {
            levels++;
        }
        fputs(",\"levels\":{", out);
        json_int_array(out, "nodes", rep->level_nodes, levels);
        for (int l = 0; l < levels; l++) {
            tmp[l] = rep->level_fanout[l];
        }
        fputc(',', out);
        json_int_array(out, "max_fanout", tmp, levels);
        fputs(",\"tree0_edges_per_dimension\":[", out);
        for (int l = 1; l < levels; l++) {
            fputs(l > 1 ? "," : "", out);
            json_int_array(out, NULL, rep->level_dim_edges[l], tc_net_degree(net));
        }
        fprintf(out, "],\"cyclic_inner\":%lld}", (long long)rep->cyclic_inner);
    }
    fputs(",\"properties\":[", out);
    for (int k = 0; k < c->count; k++) {
        const tc_claim_row_t *r = &c->rows[k];
        fprintf(out, "%s\n {\"key\":\"%s\",\"property\":", k ? "," : "", r->key);
        tc_report_json_string(out, r->property);
        fputs(",\"measured\":", out);
        tc_report_json_string(out, r->measured);
        fputs(",\"claim\":", out);
        tc_report_json_string(out, r->claim);
        fputs(",\"source\":", out);
        tc_report_json_string(out, r->source);
        fprintf(out, ",\"verdict\":\"%s\"}", tc_verdict_name(r->verdict));
    }
    fprintf(out, "],\"all_hold\":%s}", c->all_hold ? "true" : "false");
}

/* I_k^n: per respective subcube of the root (S_0.., S_b), the heights beside Lemma 3. */
typedef struct {
    int64_t roots, spanning, disjoint;
    int hmin, hmax;
} root_class_t;

#define MAX_CLASSES 64

/* The per-class table adds the proved least height (treecast search) up to this size: every
 * I_k^n with n <= 7 solves in well under a second per class. */
#define LEAST_MAX_NODES 256

typedef struct {
    int64_t roots_checked, roots_ok;
    root_class_t cls[MAX_CLASSES + 1];
    int fails_per_row[TC_CLAIMS_MAX];
    tc_claims_t first; /* claims at the first root, for row names */
    int64_t failing[10];
    int nfailing;
} multi_t;

/* The per-root-class height table of the k+1 EDSTs of I_k^n against Lemma 3 (paper 003). */
static void print_classes(FILE *fp, const tc_net_t *net, const multi_t *m, bool json)
{
    int n = tc_net_n(net), k = tc_net_k(net);
    int last = 1 << (n - k);
    if (json) {
        fputs(",\"root_classes\":[", fp);
    } else {
        fprintf(fp, "heights by the respective subcube of the root (paper 003, Lemma 3):\n");
        fprintf(fp, "  %-8s %6s %9s %9s %9s %8s %8s  %-20s %s\n", "root in", "roots", "spanning",
                "disjoint", "height", "Lemma 3", "verdict", "READING-NOTES 003.3", "least");
    }
    bool first = true;
    for (int c = 0; c <= last && c <= MAX_CLASSES; c++) {
        const root_class_t *rc = &m->cls[c];
        if (rc->roots == 0) {
            continue;
        }
        /* every root of a class has the same claims except node N-2 for k = 0 */
        int64_t some = c == last ? ((int64_t)1 << n) : (int64_t)c << k;
        int l3 = tc_icube_lemma3_height(n, k, some);
        int notes = tc_icube_measured_height(n, k, some);
        char name[16], height[24], notes_text[40];
        if (c == last) {
            snprintf(name, sizeof name, "S_b");
        } else {
            snprintf(name, sizeof name, "S_%d", c);
        }
        if (rc->hmin == rc->hmax) {
            snprintf(height, sizeof height, "%d", rc->hmax);
        } else {
            snprintf(height, sizeof height, "%d..%d", rc->hmin, rc->hmax);
        }
        snprintf(notes_text, sizeof notes_text, "%d", notes);
        bool holds = rc->hmin == l3 && rc->hmax == l3;
        /* beyond the paper: the least height at one root of the class, proved by the search
         * (small networks only; the least height is the same at every root of a class in
         * every I_k^n with n <= 5, where every root was solved) */
        tc_search_least_t least = {.height = -1};
        char least_text[48] = "-";
        if (tc_net_nodes(net) <= LEAST_MAX_NODES &&
            tc_search_least_height(net, some, k + 1, rc->hmax, 0, &least, NULL) == TC_OK &&
            least.height >= 0) {
            snprintf(least_text, sizeof least_text, "%d%s", least.height,
                     !least.optimal            ? " (not proved)"
                     : least.height < rc->hmax ? " (construction not optimal)"
                                               : "");
        }
        if (json) {
            fprintf(fp,
                    "%s{\"class\":\"%s\",\"roots\":%lld,\"spanning\":%lld,\"disjoint\":%lld,"
                    "\"height_min\":%d,\"height_max\":%d,\"lemma3\":%d,\"lemma3_holds\":%s,"
                    "\"reading_notes\":\"%s\",\"least_height\":%d,\"least_proved\":%s}",
                    first ? "" : ",", name, (long long)rc->roots, (long long)rc->spanning,
                    (long long)rc->disjoint, rc->hmin, rc->hmax, l3, holds ? "true" : "false",
                    notes_text, least.height, least.optimal ? "true" : "false");
        } else {
            fprintf(fp, "  %-8s %6lld %9lld %9lld %9s %8d %8s  %-20s %s\n", name,
                    (long long)rc->roots, (long long)rc->spanning, (long long)rc->disjoint, height,
                    l3, holds ? "holds" : "FAILS", notes_text, least_text);
        }
        first = false;
    }
    if (json) {
        fputs("]", fp);
    }
}

static int check_one(const args_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                     tc_forest_t *given, int64_t nonedges, tc_check_report_t *rep,
                     tc_claims_t *claims, double *t_build, double *t_check)
{
    tc_forest_t *forest = given;
    tc_err_t err;
    double t0 = now();
    if (forest == NULL) {
        int64_t bytes = tc_net_nodes(net) * tc_trees_count(net, kind);
        int need = require_memory(bytes, "building this forest");
        if (need != 0) {
            return need;
        }
        err = tc_trees_build(net, kind, root, (int)a->threads, &forest);
        if (err != TC_OK) {
            return lib_fail(err, "building the forest");
        }
    }
    double t1 = now();
    tc_check_opts_t o = tc_check_defaults();
    o.threads = (int)a->threads;
    o.seed = a->seed;
    o.nonedge_hint = nonedges;
    o.rotation = true;
    o.levels = tc_net_family(net) == TC_NET_CUBE &&
               (tc_forest_trees(forest) == 1 || tc_forest_kind(forest) == TC_KIND_SBG);
    int st = parse_props(a->props, &o);
    if (st != 0) {
        if (given == NULL) {
            tc_forest_free(forest);
        }
        return st;
    }
    o.rotation = o.rotation && numbered_by_dimension(forest);
    o.levels = o.levels && tc_net_family(net) == TC_NET_CUBE;
    if (a->sample > 0) {
        o.sample = a->sample;
    } else if (!a->exhaustive && tc_net_nodes(net) > 3628800) {
        o.sample = 100000;
    }
    st = require_memory(tc_check_memory(net, tc_forest_trees(forest), &o), "checking this forest");
    if (st != 0) {
        if (given == NULL) {
            tc_forest_free(forest);
        }
        return st;
    }
    err = tc_check_forest(forest, &o, rep);
    double t2 = now();
    if (err == TC_OK) {
        tc_claims_evaluate(tc_forest_net(forest), tc_forest_kind(forest), rep, claims);
    }
    if (err == TC_OK && a->compare != NULL) {
        tc_forest_t *other = NULL;
        tc_compare_t cmp;
        err = tc_trees_build(net, a->compare_kind, root, (int)a->threads, &other);
        if (err == TC_OK) {
            err = tc_compare_forests(forest, other, &cmp);
        }
        if (err == TC_OK) {
            tc_claims_compare(net, tc_forest_kind(forest), a->compare_kind, &cmp, claims);
        }
        tc_forest_free(other);
    }
    if (given == NULL) {
        tc_forest_free(forest);
    }
    *t_build = t1 - t0;
    *t_check = t2 - t1;
    return err == TC_OK ? 0 : lib_fail(err, "checking");
}

static int read_input(const char *path, tc_forest_t **forest, int64_t *nonedges)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (fp == NULL) {
        return fail(EXIT_DATA, "cannot read %s: %s", path, strerror(errno));
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int status = 0;
    while (buf != NULL) {
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, fp);
        len += got;
        if (got == 0) {
            break;
        }
    }
    if (buf == NULL) {
        status = fail(EXIT_RESOURCE, "%s is too large to read into memory", path);
    } else if (ferror(fp)) {
        status = fail(EXIT_DATA, "cannot read %s", path);
    } else {
        tc_err_t err = tc_report_forest_read_json(buf, len, forest, nonedges);
        if (err != TC_OK) {
            status = fail(err == TC_EPARSE ? EXIT_DATA : status_of(err), "%s: %s", path,
                          tc_err_detail());
        }
    }
    free(buf);
    if (fp != stdin) {
        fclose(fp);
    }
    return status;
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},
        {"kind", required_argument, NULL, 'k'},
        {"root", required_argument, NULL, 'r'},
        {"all-roots", no_argument, NULL, OPT_ALL_ROOTS},
        {"roots", required_argument, NULL, OPT_ROOTS},
        {"seed", required_argument, NULL, 's'},
        {"input", required_argument, NULL, 'i'},
        {"threads", required_argument, NULL, 't'},
        {"sample", required_argument, NULL, OPT_SAMPLE},
        {"exhaustive", no_argument, NULL, OPT_EXHAUSTIVE},
        {"properties", required_argument, NULL, OPT_PROPS},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"timing", no_argument, NULL, OPT_TIMING},
        {"compare", required_argument, NULL, OPT_COMPARE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    args_t a = {.seed = 1, .format = "text"};
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            a.net_spec = optarg;
            break;
        case 'k':
            a.kind_text = optarg;
            break;
        case 'r':
            a.root_text = optarg;
            break;
        case OPT_ALL_ROOTS:
            a.all_roots = true;
            break;
        case OPT_ROOTS:
            if (!parse_int_opt("--roots", optarg, 1, 1000000, &a.roots)) {
                return EXIT_MISUSE;
            }
            break;
        case 's':
            if (!parse_seed(optarg, &a.seed)) {
                return EXIT_MISUSE;
            }
            a.seed_given = true;
            break;
        case 'i':
            a.input = optarg;
            break;
        case 't':
            if (!parse_int_opt("--threads", optarg, 1, 64, &a.threads)) {
                return EXIT_MISUSE;
            }
            break;
        case OPT_SAMPLE:
            if (!parse_int_opt("--sample", optarg, 1, 100000000, &a.sample)) {
                return EXIT_MISUSE;
            }
            break;
        case OPT_EXHAUSTIVE:
            a.exhaustive = true;
            break;
        case OPT_PROPS:
            a.props = optarg;
            break;
        case 'f':
            a.format = optarg;
            break;
        case 'o':
            a.output = optarg;
            break;
        case OPT_TIMING:
            a.timing = true;
            break;
        case OPT_COMPARE:
            a.compare = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    int fmt = pick("--format", a.format, (const char *const[]){"text", "json", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    a.json = fmt == 1;
    if (a.sample > 0 && a.exhaustive) {
        return misuse("--sample and --exhaustive exclude each other");
    }
    int root_modes = (a.root_text != NULL) + a.all_roots + (a.roots > 0);
    if (root_modes > 1) {
        return misuse("--root, --all-roots and --roots exclude each other");
    }
    tc_check_opts_t probe = tc_check_defaults();
    int st = parse_props(a.props, &probe);
    if (st != 0) {
        return st;
    }

    tc_net_t *net = NULL;
    tc_forest_t *given = NULL;
    int64_t nonedges = 0;
    tc_kind_t kind = TC_KIND_CUSTOM;
    if (a.input != NULL) {
        if (a.net_spec || a.kind_text || root_modes || a.compare) {
            return misuse("--input takes the network, kind and root from the file (and "
                          "--compare needs --net and --kind)");
        }
        st = read_input(a.input, &given, &nonedges);
        if (st != 0) {
            return st;
        }
        kind = tc_forest_kind(given);
    } else {
        st = open_net(a.net_spec, &net);
        if (st != 0) {
            return st;
        }
        st = open_kind(net, a.kind_text, "--kind", &kind);
        if (st == 0 && a.compare != NULL) {
            st = open_kind(net, a.compare, "--compare", &a.compare_kind);
        }
        if (st != 0) {
            tc_net_free(net);
            return st;
        }
        if (a.all_roots && tc_net_nodes(net) > 5040) {
            tc_net_free(net);
            return misuse("--all-roots is for N <= 7; use --roots K for a seeded sample");
        }
    }
    const tc_net_t *gnet = given ? tc_forest_net(given) : net;

    output_t out;
    st = output_open(&out, a.output);
    if (st != 0) {
        tc_forest_free(given);
        tc_net_free(net);
        return st;
    }
    FILE *fp = out.fp;
    int n = tc_net_n(gnet);
    const char *family = tc_net_family_name(gnet);
    char lab[TC_LABEL_MAX], name[16];
    tc_net_name(gnet, name, sizeof name);
    bool ok = true;
    int status = 0;

    if (given != NULL || (!a.all_roots && a.roots == 0)) {
        /* one forest */
        int64_t root = 0;
        if (given) {
            root = tc_forest_root(given);
        } else {
            status = resolve_root(gnet, a.root_text, a.seed, &root);
        }
        tc_check_report_t rep;
        tc_claims_t claims;
        double tb = 0, tk = 0;
        if (status == 0) {
            status = check_one(&a, gnet, kind, root, given, nonedges, &rep, &claims, &tb, &tk);
        }
        if (status == 0) {
            tc_net_label(gnet, root, false, lab, sizeof lab);
            const char *how = given                                               ? "from file"
                              : a.root_text && strcmp(a.root_text, "random") == 0 ? "random"
                                                                                  : "given";
            if (a.json) {
                fprintf(fp,
                        "{\"format_version\":1,\"command\":\"check\",\"network\":{\"family\":"
                        "\"%s\",\"n\":%d,\"nodes\":%lld},\"kind\":\"%s\",\"root_choice\":"
                        "{\"mode\":\"%s\"",
                        family, n, (long long)tc_net_nodes(gnet), tc_kind_name(kind), how);
                if (strcmp(how, "random") == 0) {
                    fprintf(fp, ",\"seed\":%llu", (unsigned long long)a.seed);
                }
                fputs("},\"result\":", fp);
                print_json_one(fp, gnet, &rep, &claims);
                if (a.timing) {
                    fprintf(fp, ",\"seconds\":{\"build\":%.3f,\"check\":%.3f},\"peak_kib\":%ld", tb,
                            tk, peak_kib());
                }
                fprintf(fp, ",\"all_hold\":%s}\n", claims.all_hold ? "true" : "false");
            } else {
                fprintf(fp, "%s of %s rooted at %s", tc_kind_name(kind), name, lab);
                if (strcmp(how, "random") == 0) {
                    fprintf(fp, " (random root, seed %llu)", (unsigned long long)a.seed);
                } else if (given) {
                    fprintf(fp, " (read from %s)", a.input);
                }
                fprintf(fp, ": %d tree%s, %lld nodes\n", rep.ntrees, rep.ntrees == 1 ? "" : "s",
                        (long long)rep.nodes);
                print_text_table(fp, &claims);
                if (a.timing) {
                    fprintf(fp, "time: build %.3f s, check %.3f s; peak memory %.1f MiB\n", tb, tk,
                            (double)peak_kib() / 1024.0);
                }
                int nf = 0;
                for (int k = 0; k < claims.count; k++) {
                    nf += claims.rows[k].verdict == TC_VERDICT_FAILS;
                }
                if (claims.all_hold) {
                    fprintf(fp, "every claim holds\n");
                } else {
                    fprintf(fp, "%d claim%s FAIL%s:", nf, nf == 1 ? "" : "s", nf == 1 ? "S" : "");
                    for (int k = 0; k < claims.count; k++) {
                        if (claims.rows[k].verdict == TC_VERDICT_FAILS) {
                            fprintf(fp, " %s", claims.rows[k].key);
                        }
                    }
                    fputc('\n', fp);
                }
            }
            ok = claims.all_hold;
        }
    } else {
        /* many roots */
        int64_t N = tc_net_nodes(gnet);
        int64_t count = a.all_roots ? N : a.roots;
        multi_t m = {0};
        tc_rng_t rng;
        tc_rng_seed(&rng, a.seed, 2);
        double tb_all = 0, tk_all = 0;
        if (a.json) {
            fprintf(fp,
                    "{\"format_version\":1,\"command\":\"check\",\"network\":{\"family\":"
                    "\"%s\",\"n\":%d,\"nodes\":%lld},\"kind\":\"%s\",\"root_choice\":"
                    "{\"mode\":\"%s\"",
                    family, n, (long long)N, tc_kind_name(kind), a.all_roots ? "all" : "random");
            if (!a.all_roots) {
                fprintf(fp, ",\"count\":%lld,\"seed\":%llu", (long long)count,
                        (unsigned long long)a.seed);
            }
            fputs("},\"results\":[", fp);
        }
        for (int64_t k = 0; k < count && status == 0; k++) {
            int64_t root = a.all_roots ? k : (int64_t)tc_rng_below(&rng, (uint64_t)N);
            tc_check_report_t rep;
            tc_claims_t claims;
            double tb, tk;
            status = check_one(&a, gnet, kind, root, NULL, 0, &rep, &claims, &tb, &tk);
            if (status != 0) {
                break;
            }
            tb_all += tb;
            tk_all += tk;
            if (k == 0) {
                m.first = claims;
            }
            m.roots_checked++;
            m.roots_ok += claims.all_hold;
            if (tc_net_family(gnet) == TC_NET_ICUBE) {
                int ci = tc_icube_root_class(n, tc_net_k(gnet), root);
                root_class_t *rc = &m.cls[ci <= MAX_CLASSES ? ci : MAX_CLASSES];
                int hi = 0;
                bool span = true;
                for (int t = 0; t < rep.ntrees; t++) {
                    hi = rep.depth[t] > hi ? rep.depth[t] : hi;
                    span = span && rep.reached[t] == rep.nodes;
                }
                rc->hmin = rc->roots == 0 || hi < rc->hmin ? hi : rc->hmin;
                rc->hmax = hi > rc->hmax ? hi : rc->hmax;
                rc->roots++;
                rc->spanning += span;
                rc->disjoint += rep.shared_directed == 0;
            }
            for (int j = 0; j < claims.count; j++) {
                m.fails_per_row[j] += claims.rows[j].verdict == TC_VERDICT_FAILS;
            }
            if (!claims.all_hold && m.nfailing < 10) {
                m.failing[m.nfailing++] = root;
            }
            if (a.json) {
                fputs(k ? ",\n" : "\n", fp);
                print_json_one(fp, gnet, &rep, &claims);
            }
        }
        if (status == 0) {
            ok = m.roots_ok == m.roots_checked;
            if (a.json) {
                fprintf(fp, "],\"roots_checked\":%lld,\"roots_where_all_hold\":%lld",
                        (long long)m.roots_checked, (long long)m.roots_ok);
                if (tc_net_family(gnet) == TC_NET_ICUBE && kind == TC_KIND_EDST) {
                    print_classes(fp, gnet, &m, true);
                }
                if (a.timing) {
                    fprintf(fp, ",\"seconds\":{\"build\":%.3f,\"check\":%.3f},\"peak_kib\":%ld",
                            tb_all, tk_all, peak_kib());
                }
                fprintf(fp, ",\"all_hold\":%s}\n", ok ? "true" : "false");
            } else {
                fprintf(fp, "%s of %s at %s%lld%s roots", tc_kind_name(kind), name,
                        a.all_roots ? "all " : "", (long long)m.roots_checked,
                        a.all_roots ? "" : " random");
                if (!a.all_roots) {
                    fprintf(fp, " (seed %llu)", (unsigned long long)a.seed);
                }
                fprintf(fp, ": every claim holds at %lld of %lld roots\n", (long long)m.roots_ok,
                        (long long)m.roots_checked);
                int wk = 8, wc = 13;
                for (int j = 0; j < m.first.count; j++) {
                    int lk = (int)strlen(m.first.rows[j].key);
                    int lc = (int)strlen(m.first.rows[j].claim);
                    wk = lk > wk ? lk : wk;
                    wc = lc > wc ? lc : wc;
                }
                fprintf(fp, "  %-*s  %-*s  %s\n", wk, "property", wc, "paper's claim",
                        "roots where it fails");
                for (int j = 0; j < m.first.count; j++) {
                    const tc_claim_row_t *r = &m.first.rows[j];
                    if (r->verdict == TC_VERDICT_INFO || r->verdict == TC_VERDICT_SKIPPED) {
                        continue;
                    }
                    fprintf(fp, "  %-*s  %-*s  %d\n", wk, r->key, wc, r->claim, m.fails_per_row[j]);
                }
                for (int j = 0; j < m.nfailing; j++) {
                    tc_net_label(gnet, m.failing[j], false, lab, sizeof lab);
                    fprintf(fp, "  failing root: %s\n", lab);
                }
                if (a.timing) {
                    fprintf(fp, "time: build %.3f s, check %.3f s; peak memory %.1f MiB\n", tb_all,
                            tk_all, (double)peak_kib() / 1024.0);
                }
                if (tc_net_family(gnet) == TC_NET_ICUBE && kind == TC_KIND_EDST) {
                    print_classes(fp, gnet, &m, false);
                }
                fprintf(fp, ok ? "every claim holds at every root\n" : "a claim FAILS\n");
            }
        }
    }
    int cst = output_close(&out, status == 0);
    tc_forest_free(given);
    tc_net_free(net);
    if (status != 0) {
        return status;
    }
    if (cst != 0) {
        return cst;
    }
    return ok ? EXIT_OK : EXIT_CLAIM;
}
