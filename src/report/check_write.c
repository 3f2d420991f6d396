/* check's report of one forest as people and programs read it (treecast/report.h): the text of
 * `treecast check` and its JSON document, written here once for every program that checks (the
 * CLI, treecast-mpi-check, the Python binding). */
#include "core/internal.h"
#include "treecast/report.h"

#include <string.h>

void tc_report_claims_table(FILE *out, const tc_claims_t *c)
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

void tc_report_claims_verdict(FILE *out, const tc_claims_t *claims)
{
    if (claims->all_hold) {
        fprintf(out, "every claim holds\n");
        return;
    }
    int nf = 0;
    for (int k = 0; k < claims->count; k++) {
        nf += claims->rows[k].verdict == TC_VERDICT_FAILS;
    }
    fprintf(out, "%d claim%s FAIL%s:", nf, nf == 1 ? "" : "s", nf == 1 ? "S" : "");
    for (int k = 0; k < claims->count; k++) {
        if (claims->rows[k].verdict == TC_VERDICT_FAILS) {
            fprintf(out, " %s", claims->rows[k].key);
        }
    }
    fputc('\n', out);
}

void tc_report_check_head(tc_json_t *j, FILE *out, const tc_net_t *net, tc_kind_t kind,
                          const char *mode)
{
    tc_json_document(j, out, "check");
    tc_report_json_network(j, net);
    tc_json_kstr(j, "kind", tc_kind_name(kind));
    tc_json_key(j, "root_choice");
    tc_json_object(j);
    tc_json_kstr(j, "mode", mode);
}

void tc_report_check_tail(tc_json_t *j, const tc_check_doc_t *doc, bool all_hold)
{
    if (doc->timing) {
        tc_json_key(j, "seconds");
        tc_json_object(j);
        tc_json_key(j, "build");
        tc_json_fixed(j, doc->build_s, 3);
        tc_json_key(j, "check");
        tc_json_fixed(j, doc->check_s, 3);
        tc_json_end_object(j);
        tc_json_kint(j, "peak_kib", doc->peak_kib);
    }
    tc_json_kbool(j, "all_hold", all_hold);
    tc_json_end_object(j);
    tc_json_finish(j);
}

tc_err_t tc_report_check_document(FILE *out, const tc_net_t *net, tc_kind_t kind, int64_t root,
                                  const tc_check_report_t *rep, const tc_claims_t *claims,
                                  bool json, const tc_check_doc_t *doc)
{
    const char *mode = doc->root_mode != NULL ? doc->root_mode : "given";
    bool random = strcmp(mode, "random") == 0, file = strcmp(mode, "from file") == 0;
    if (json) {
        tc_json_t j;
        tc_report_check_head(&j, out, net, kind, mode);
        if (random) {
            tc_json_key(&j, "seed");
            tc_json_uint(&j, doc->seed);
        }
        tc_json_end_object(&j);
        tc_json_key(&j, "result");
        tc_report_check_json(&j, net, rep, claims);
        tc_report_check_tail(&j, doc, claims->all_hold);
    } else {
        char lab[TC_LABEL_MAX], name[TC_LABEL_MAX];
        tc_net_label(net, root, false, lab, sizeof lab);
        tc_net_name(net, name, sizeof name);
        fprintf(out, "%s of %s rooted at %s", tc_kind_name(kind), name, lab);
        if (random) {
            fprintf(out, " (random root, seed %llu)", (unsigned long long)doc->seed);
        } else if (file) {
            fprintf(out, " (read from %s)", doc->input != NULL ? doc->input : "a file");
        }
        fprintf(out, ": %d tree%s, %lld nodes\n", rep->ntrees, rep->ntrees == 1 ? "" : "s",
                (long long)rep->nodes);
        tc_report_claims_table(out, claims);
        if (doc->timing) {
            fprintf(out, "time: build %.3f s, check %.3f s%s%s%s; peak memory %.1f MiB\n",
                    doc->build_s, doc->check_s, doc->how != NULL ? " (" : "",
                    doc->how != NULL ? doc->how : "", doc->how != NULL ? ")" : "",
                    (double)doc->peak_kib / 1024.0);
        }
        tc_report_claims_verdict(out, claims);
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the check report failed.") : TC_OK;
}
