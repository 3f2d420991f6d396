/* The page of a trace (include/treecast/trace.h): src/report/trace_viewer.html, embedded at
 * build time (src/CMakeLists.txt), with the recorded run as JSON in place of its marker. */
#include "core/internal.h"
#include "treecast/trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The viewer, generated from trace_viewer.html by embed.cmake. */
extern const unsigned char tc__trace_viewer_html[];
extern const size_t tc__trace_viewer_html_len;

/* A JSON string safe inside <script>: '<', '>' and '&' as \u escapes, so "</script>" in a label
 * cannot end the element. */
static void jstr(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            fputc('\\', fp);
            fputc(ch, fp);
        } else if (ch < 0x20 || ch == '<' || ch == '>' || ch == '&') {
            fprintf(fp, "\\u%04x", ch);
        } else {
            fputc(ch, fp);
        }
    }
    fputc('"', fp);
}

static void key(FILE *fp, const char *k, bool first)
{
    fprintf(fp, "%s\"%s\":", first ? "" : ",\n", k);
}

static void kint(FILE *fp, const char *k, int64_t v)
{
    key(fp, k, false);
    fprintf(fp, "%lld", (long long)v);
}

static void kstr(FILE *fp, const char *k, const char *s)
{
    key(fp, k, false);
    jstr(fp, s);
}

/* The construction's claim and the bound, each with its formula, value and source. */
static void formulas(FILE *fp, const tc_trace_page_t *pg)
{
    key(fp, "formulas", false);
    fputc('[', fp);
    bool first = true;
    char val[64];
    if (pg->ref != NULL && pg->ref->claim >= 0) {
        fputs("{\"what\":\"construction claims\",\"formula\":", fp);
        jstr(fp, pg->ref->claim_formula);
        fprintf(fp, ",\"value\":\"%lld\",\"source\":", (long long)pg->ref->claim);
        jstr(fp, pg->ref->claim_source);
        fputc('}', fp);
        first = false;
    }
    if (pg->ref != NULL && pg->ref->have_bound) {
        snprintf(val, sizeof val, "%.15g", pg->ref->bound.time); /* as the tool prints it */
        fprintf(fp, "%s{\"what\":", first ? "" : ",");
        jstr(fp, pg->bound_label);
        fputs(",\"formula\":", fp);
        jstr(fp, pg->ref->bound.time_formula);
        fprintf(fp, ",\"value\":\"%s\",\"source\":", val);
        jstr(fp, pg->ref->bound.source);
        fputc('}', fp);
    }
    fputc(']', fp);
}

/* The page's words and the engine's counts (shown beside the page's own, never used for them). */
static void write_heading(FILE *fp, const tc_trace_page_t *pg)
{
    fputc('{', fp);
    key(fp, "version", true);
    fputs("1", fp);
    kstr(fp, "title", pg->title);
    kstr(fp, "subtitle", pg->subtitle);
    kint(fp, "rounds", pg->res->rounds);
    kint(fp, "source", pg->source);
    key(fp, "layout", false);
    jstr(fp, pg->neato ? "neato" : "circle");
    formulas(fp, pg);
    key(fp, "engine", false);
    fprintf(fp,
            "{\"transmissions\":%lld,\"dropped\":%lld,\"queueRounds\":%lld,"
            "\"nodesComplete\":%lld,\"nodesNonfaulty\":%lld,\"completeRound\":%lld}",
            (long long)pg->res->transmissions, (long long)pg->res->dropped,
            (long long)pg->res->queue_rounds, (long long)pg->res->nodes_complete,
            (long long)pg->res->nodes_nonfaulty, (long long)pg->res->complete_round);
}

/* The nodes: labels and coordinates scaled into [0, 1000] on the longer side. */
static void write_nodes(FILE *fp, const tc_topo_t *topo, const tc_trace_page_t *pg)
{
    int64_t N = topo->nodes;
    key(fp, "labels", false);
    fputc('[', fp);
    for (int64_t v = 0; v < N; v++) {
        char lab[TC_LABEL_MAX];
        tc_net_label(pg->net, v, false, lab, sizeof lab);
        fputs(v ? "," : "", fp);
        jstr(fp, lab);
    }
    fputc(']', fp);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int64_t v = 0; v < N; v++) {
        for (int c = 0; c < 2; c++) {
            lo[c] = fmin(lo[c], pg->xy[2 * v + c]);
            hi[c] = fmax(hi[c], pg->xy[2 * v + c]);
        }
    }
    double span = fmax(fmax(hi[0] - lo[0], hi[1] - lo[1]), 1e-9);
    key(fp, "xy", false);
    fputc('[', fp);
    for (int64_t v = 0; v < N; v++) {
        for (int c = 0; c < 2; c++) {
            fprintf(fp, "%s%.1f", v || c ? "," : "", (pg->xy[2 * v + c] - lo[c]) / span * 1000.0);
        }
    }
    fputc(']', fp);
}

/* The links, undirected and once (u,v,port of u), and per tree its label and every node's
 * parent (-1: the root or outside). */
static void write_edges_trees(FILE *fp, const tc_topo_t *topo, const tc_trace_page_t *pg)
{
    int64_t N = topo->nodes;
    int P = topo->ports;
    key(fp, "dimMin", false);
    fprintf(fp, "%d", tc_net_dim_min(pg->net));
    key(fp, "edges", false);
    fputc('[', fp);
    bool first = true;
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < P; p++) {
            int32_t u = topo->nbr[v * P + p];
            if (u > v) {
                fprintf(fp, "%s%lld,%d,%d", first ? "" : ",", (long long)v, u, p);
                first = false;
            }
        }
    }
    fputc(']', fp);
    key(fp, "trees", false);
    fputc('[', fp);
    const tc_plan_trees_t *tr = pg->trees;
    for (int k = 0; tr != NULL && k < tr->ntrees; k++) {
        fprintf(fp, "%s{\"label\":%d,\"parent\":[", k ? ",\n" : "",
                pg->forest != NULL ? tc_forest_label(pg->forest, k) : k);
        for (int64_t v = 0; v < N; v++) {
            uint8_t pp = tr->pport[(size_t)k * (size_t)N + (size_t)v];
            int32_t par = pp == 0xFF ? -1 : topo->nbr[v * P + pp];
            fprintf(fp, "%s%d", v ? "," : "", par);
        }
        fputs("]}", fp);
    }
    fputc(']', fp);
}

/* What each node expects, the faulty nodes and the faulty arcs (directed: from,to). */
static void write_expected_faults(FILE *fp, const tc_trace_t *t, const int64_t *expected)
{
    const tc_topo_t *topo = t->topo;
    int64_t N = topo->nodes;
    int P = topo->ports;
    key(fp, "expected", false);
    fputc('[', fp);
    for (int64_t v = 0; v < N; v++) {
        fprintf(fp, "%s%lld", v ? "," : "", (long long)expected[v]);
    }
    fputc(']', fp);
    key(fp, "faultyNodes", false);
    fputc('[', fp);
    bool first = true;
    for (int64_t v = 0; v < N; v++) {
        if (t->faulty_node[v]) {
            fprintf(fp, "%s%lld", first ? "" : ",", (long long)v);
            first = false;
        }
    }
    fputc(']', fp);
    key(fp, "faultyArcs", false);
    fputc('[', fp);
    first = true;
    for (int64_t l = 0; l < N * P; l++) {
        if (t->faulty_link[l] && topo->nbr[l] >= 0) {
            fprintf(fp, "%s%lld,%d", first ? "" : ",", (long long)(l / P), topo->nbr[l]);
            first = false;
        }
    }
    fputc(']', fp);
}

/* The hops (round, ready, from, to, tree, flags) in the order they crossed, and the deliveries
 * of keys new to their node (round, node) in the order they happened; then the object's end. */
static void write_events(FILE *fp, const tc_trace_t *t)
{
    key(fp, "hops", false);
    fputc('[', fp);
    for (int64_t h = 0; h < t->nhops; h++) {
        const tc_trace_hop_t *x = &t->hops[h];
        fprintf(fp, "%s%lld,%lld,%d,%d,%d,%d", h ? (h % 8 ? "," : ",\n") : "", (long long)x->round,
                (long long)x->ready, x->from, x->to, x->tree, x->flags);
    }
    fputc(']', fp);
    key(fp, "deliveries", false);
    fputc('[', fp);
    for (int64_t d = 0; d < t->ndels; d++) {
        fprintf(fp, "%s%lld,%d", d ? (d % 16 ? "," : ",\n") : "", (long long)t->dels[d].round,
                t->dels[d].node);
    }
    fputs("]}", fp);
}

/* The run as the page's JSON object. */
static tc_err_t write_data(FILE *fp, const tc_trace_t *t, const tc_trace_page_t *pg)
{
    int64_t *expected = tc__malloc_array((size_t)t->topo->nodes, sizeof *expected);
    if (expected == NULL) {
        return tc__fail(TC_ENOMEM, "no memory for the trace page of %lld nodes",
                        (long long)t->topo->nodes);
    }
    tc_trace_expected(t, pg->plan, expected);
    write_heading(fp, pg);
    write_nodes(fp, t->topo, pg);
    write_edges_trees(fp, t->topo, pg);
    write_expected_faults(fp, t, expected);
    free(expected);
    write_events(fp, t);
    return TC_OK;
}

tc_err_t tc_trace_write_html(FILE *fp, const tc_trace_t *t, const tc_trace_page_t *pg)
{
    static const char marker[] = "@TRACE_DATA@";
    const char *page = (const char *)tc__trace_viewer_html;
    size_t len = tc__trace_viewer_html_len, mlen = sizeof marker - 1, at = len;
    for (size_t i = 0; i + mlen <= len; i++) {
        if (memcmp(page + i, marker, mlen) == 0) {
            at = i;
            break;
        }
    }
    if (at == len) {
        return tc__fail(TC_EINVAL, "the embedded trace viewer has no %s marker", marker);
    }
    fwrite(page, 1, at, fp);
    tc_err_t err = write_data(fp, t, pg);
    if (err != TC_OK) {
        return err;
    }
    fwrite(page + at + mlen, 1, len - at - mlen, fp);
    return ferror(fp) ? tc__fail(TC_EIO, "the trace page could not be written") : TC_OK;
}
