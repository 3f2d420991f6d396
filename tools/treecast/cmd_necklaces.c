/* treecast necklaces — the necklaces of a network with a rotation, grouped by distance from
 * node 0 (tc_net_necklaces). */
#include "common.h"

#include <string.h>

typedef struct {
    const char *net_spec, *output;
    int64_t only;
    int format;
} args_t;

static void print_json(FILE *fp, const tc_net_t *net, const tc_necklaces_t *nk)
{
    tc_json_t j;
    char lab[TC_LABEL_MAX];
    tc_json_document(&j, fp, "necklaces");
    tc_report_json_network(&j, net);
    tc_json_key(&j, "necklaces");
    tc_json_array(&j);
    for (int64_t k = 0; k < nk->count; k++) {
        const tc_necklace_t *e = &nk->list[k];
        tc_json_newline(&j);
        tc_json_object(&j);
        tc_json_kint(&j, "distance", e->distance);
        tc_json_kint(&j, "size", e->size);
        if (nk->degenerate) {
            tc_json_kbool(&j, "degenerate", e->degenerate);
        }
        tc_json_key(&j, "nodes");
        tc_json_array(&j);
        int64_t v = e->first;
        for (int s = 0; s < e->size; s++, v = tc_net_necklace_next(net, v)) {
            tc_net_label(net, v, false, lab, sizeof lab);
            tc_json_str(&j, lab);
        }
        tc_json_end_array(&j);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

static void print_text(FILE *fp, const tc_net_t *net, const tc_necklaces_t *nk, bool all)
{
    char lab[TC_LABEL_MAX];
    if (all) {
        fprintf(fp, "%s\n", nk->summary);
    }
    for (int64_t k = 0; k < nk->count; k++) {
        const tc_necklace_t *e = &nk->list[k];
        if (k == 0 || e->distance != nk->list[k - 1].distance) {
            int64_t at = 0;
            for (int64_t q = k; q < nk->count && nk->list[q].distance == e->distance; q++) {
                at++;
            }
            fprintf(fp, "distance %d: %lld necklace%s\n", e->distance, (long long)at,
                    at == 1 ? "" : "s");
        }
        fputs("  (", fp);
        int64_t v = e->first;
        for (int s = 0; s < e->size; s++, v = tc_net_necklace_next(net, v)) {
            tc_net_label(net, v, false, lab, sizeof lab);
            fprintf(fp, "%s%s", s ? ", " : "", lab);
        }
        fputs(e->degenerate ? ")  degenerate\n" : ")\n", fp);
    }
}

static int necklaces(const call_t *call)
{
    const args_t *a = call->ctx;
    int st = 0;
    tc_net_t *net = NULL;
    if ((st = open_net(a->net_spec, &net)) != 0) {
        return st;
    }
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    int diam = tc_net_diameter(net);
    tc_necklaces_t nk = {0};
    if (diam >= 0 && a->only > diam) {
        st =
            misuse("--distance %lld exceeds the diameter %d of %s", (long long)a->only, diam, name);
    } else {
        tc_err_t err = tc_net_necklaces(net, (int)a->only, &nk);
        st = err != TC_OK ? lib_fail(err, NULL) : 0;
    }
    output_t out;
    if (st == 0 && (st = output_open(&out, a->output)) == 0) {
        if (a->format == 1) {
            print_json(out.fp, net, &nk);
        } else {
            print_text(out.fp, net, &nk, a->only < 0);
        }
        st = output_close(&out, true);
    }
    tc_necklaces_destroy(&nk);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_INT("distance", only, 0, 1000, "D", "only the necklaces at distance D"),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast necklaces --net star:4",
    "the necklaces of S_4 by distance from the identity, as Section 2 of paper 000 lists them",
    "treecast necklaces --net cube:6 --format json",
    "the necklaces of Q_6, as JSON",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast necklaces --net star:N|cube:N [--distance D] [--format text|json]\n"
             "                          [--output FILE]",
    .about = "List the necklaces of a network grouped by distance from node 0. On star:N\n"
             "(N <= 10): the orbits of the rotation R (paper 000, Definitions 3-4), as in its\n"
             "Section 2: a necklace outside S^1_{n-1} has n-1 nodes, one per substar, and is\n"
             "listed from its member with symbol 1 in position 2; a necklace inside S^1_{n-1}\n"
             "is listed from its smallest member and after the others. On cube:N (N <= 20):\n"
             "the orbits of the right rotation R of the address (paper 002, Section 2), each\n"
             "from its smallest member; a necklace is degenerate when its period is below N,\n"
             "its nodes are the cyclic nodes.",
    .opts = OPTS,
    .status = "0 success, 2 misuse, 4 out of memory or output not writable.",
    .examples = EXAMPLES,
};

int cmd_necklaces(int argc, char **argv)
{
    args_t a = {.only = -1};
    return run_command(argc, argv, &DOC, 0, necklaces, &a);
}
