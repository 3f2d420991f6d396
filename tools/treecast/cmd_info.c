/* treecast info — facts about a network: computed values beside the paper's. */
#include "common.h"

#include <string.h>

typedef struct {
    const char *net_spec;
    int format;
} args_t;

static const char *const VERDICTS[] = {"agrees", "DIFFERS", "-"};

static void print_json(FILE *fp, const tc_net_t *net, const tc_facts_t *f)
{
    tc_json_t j;
    tc_json_document(&j, fp, "info");
    tc_report_json_network(&j, net);
    tc_json_key(&j, "facts");
    tc_json_array(&j);
    for (int k = 0; k < f->count; k++) {
        tc_json_newline(&j);
        tc_json_object(&j);
        tc_json_kstr(&j, "key", f->rows[k].key);
        tc_json_kstr(&j, "value", f->rows[k].value);
        tc_json_kstr(&j, "paper", f->rows[k].paper);
        tc_json_kstr(&j, "source", f->rows[k].source);
        tc_json_kstr(&j, "verdict", VERDICTS[f->rows[k].verdict]);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    if (f->dist_max >= 0) {
        tc_json_key(&j, "distance_distribution");
        tc_json_array(&j);
        for (int d = 0; d <= f->dist_max; d++) {
            tc_json_int(&j, f->by_dist[d]);
        }
        tc_json_end_array(&j);
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

static void print_text(FILE *fp, const tc_net_t *net, const tc_facts_t *f)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    fprintf(fp, "%s, %s\n", name, f->title);
    size_t w[3] = {4, 8, 5};
    for (int k = 0; k < f->count; k++) {
        size_t l[3] = {strlen(f->rows[k].key), strlen(f->rows[k].value), strlen(f->rows[k].paper)};
        for (int j = 0; j < 3; j++) {
            w[j] = l[j] > w[j] ? l[j] : w[j];
        }
    }
    fprintf(fp, "  %-*s  %-*s  %-*s  %-30s  %s\n", (int)w[0], "fact", (int)w[1], "treecast",
            (int)w[2], "paper", "source", "verdict");
    for (int k = 0; k < f->count; k++) {
        const tc_fact_t *r = &f->rows[k];
        fprintf(fp, "  %-*s  %-*s  %-*s  %-30s  %s\n", (int)w[0], r->key, (int)w[1], r->value,
                (int)w[2], r->paper, r->source, VERDICTS[r->verdict]);
    }
    if (f->dist_max >= 0) {
        char from[TC_LABEL_MAX];
        tc_net_label(net, f->dist_from, false, from, sizeof from);
        fprintf(fp, "nodes at distance d from %s:", from);
        for (int d = 0; d <= f->dist_max; d++) {
            fprintf(fp, " %d:%lld", d, (long long)f->by_dist[d]);
        }
        fputc('\n', fp);
    }
}

static int info(const call_t *call)
{
    const args_t *a = call->ctx;
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
        return st;
    }
    tc_facts_t facts;
    tc_err_t err = tc_net_facts(net, &facts);
    if (err == TC_OK) {
        err = tc_check_kind_facts(net, &facts);
    }
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, "the facts");
    }
    if (a->format == 1) {
        print_json(stdout, net, &facts);
    } else {
        print_text(stdout, net, &facts);
    }
    bool differs = false;
    for (int k = 0; k < facts.count; k++) {
        differs = differs || facts.rows[k].verdict == TC_FACT_DIFFERS;
    }
    tc_net_free(net);
    if (fflush(stdout) != 0) {
        return fail(EXIT_RESOURCE, "writing the output failed");
    }
    return differs ? EXIT_CLAIM : EXIT_OK;
}

static const opt_t OPTS[] = {OPT_NET(net_spec), OPT_FORMAT(format, FORMATS_TEXT_JSON), OPT_END()};

static const char *const EXAMPLES[] = {
    "treecast info --net star:5",
    "the facts of S_5 (nodes, edges, degree, diameter, average distance, necklaces, the EDT "
    "depth), each beside the paper's formula",
    "treecast info --net cube:8 --format json",
    "the hypercube Q_8's facts as one JSON document",
    "treecast info --net graph:tests/cli/data/petersen.edges",
    "any graph given by its edges (this file is in treecast's source tree)",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast info --net NET [--format text|json]",
    .about = "Facts about a network, each computed by treecast (by enumeration where the\n"
             "network is small enough) beside its paper's formula: nodes, edges, degree,\n"
             "diameter, average distance and the distance distribution, and the family's own\n"
             "(substars and necklaces of S_N, necklaces and cyclic nodes of Q_N, the subcubes\n"
             "of I_K^N); on S_N up to N = 8 also the EDT family, built and checked. On a\n"
             "network without formulas, what breadth-first search measures.",
    .opts = OPTS,
    .status = "0 success, 1 a computed value contradicts the paper, 2 misuse, 4 output not\n"
              "writable.",
    .examples = EXAMPLES,
};

int cmd_info(int argc, char **argv)
{
    args_t a = {0};
    return run_command(argc, argv, &DOC, 0, info, &a);
}
