/* treecast sim --trace: the recorder (the engine's three observer hooks), the layout (Graphviz's
 * neato, or a circle) and the page (tools/treecast/trace_viewer.html with the run as JSON). */
#include "trace_html.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The page, embedded at build time from trace_viewer.html (trace_viewer.cmake). */
extern const unsigned char trace_viewer_html[];
extern const size_t trace_viewer_html_len;

/* ---- the recorder ------------------------------------------------------------------------- */

static bool grow(void **buf, int64_t *cap, size_t elem, int64_t need)
{
    if (need <= *cap) {
        return true;
    }
    int64_t n = *cap > 0 ? *cap * 2 : 1024;
    while (n < need) {
        n *= 2;
    }
    void *p = realloc(*buf, (size_t)n * elem);
    if (p == NULL) {
        return false;
    }
    *buf = p;
    *cap = n;
    return true;
}

tc_err_t trace_init(trace_t *t, const tc_topo_t *topo, const tc_faults_t *faults)
{
    memset(t, 0, sizeof *t);
    t->topo = topo;
    size_t N = (size_t)topo->nodes, links = N * (size_t)topo->ports;
    t->faulty_node = calloc(N, 1);
    t->faulty_link = calloc(links, 1);
    t->qhead = malloc(links * sizeof *t->qhead);
    t->qtail = malloc(links * sizeof *t->qtail);
    if (t->faulty_node == NULL || t->faulty_link == NULL || t->qhead == NULL || t->qtail == NULL) {
        trace_destroy(t);
        return TC_ENOMEM;
    }
    for (size_t l = 0; l < links; l++) {
        t->qhead[l] = t->qtail[l] = -1;
    }
    if (faults != NULL && faults->node != NULL) {
        memcpy(t->faulty_node, faults->node, N);
    }
    if (faults != NULL && faults->link != NULL) {
        memcpy(t->faulty_link, faults->link, links);
    }
    return TC_OK;
}

void trace_destroy(trace_t *t)
{
    free(t->faulty_node);
    free(t->faulty_link);
    free(t->hops);
    free(t->dels);
    free(t->qready);
    free(t->qnext);
    free(t->qhead);
    free(t->qtail);
    memset(t, 0, sizeof *t);
}

static bool recording(trace_t *t)
{
    if (t->nhops >= TRACE_MAX_HOPS || t->nq >= 2 * (int64_t)TRACE_MAX_HOPS) {
        t->too_many = true;
    }
    return !t->oom && !t->too_many;
}

static void on_enqueue(void *ctx, int64_t ready, int64_t node, int port, const tc_packet_t *p)
{
    (void)p;
    trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (t->nq == t->q_cap) { /* qready and qnext grow together */
        int64_t cap = t->q_cap > 0 ? t->q_cap * 2 : 1024;
        int64_t *ready_p = realloc(t->qready, (size_t)cap * sizeof *t->qready);
        if (ready_p != NULL) {
            t->qready = ready_p;
        }
        int32_t *next_p =
            ready_p != NULL ? realloc(t->qnext, (size_t)cap * sizeof *t->qnext) : NULL;
        if (next_p == NULL) {
            t->oom = true;
            return;
        }
        t->qnext = next_p;
        t->q_cap = cap;
    }
    int32_t k = (int32_t)t->nq++;
    int64_t link = node * t->topo->ports + port;
    t->qready[k] = ready;
    t->qnext[k] = -1;
    if (t->qhead[link] < 0) {
        t->qhead[link] = k;
    } else {
        t->qnext[t->qtail[link]] = k;
    }
    t->qtail[link] = k;
}

static void on_cross(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (!grow((void **)&t->hops, &t->hops_cap, sizeof *t->hops, t->nhops + 1)) {
        t->oom = true;
        return;
    }
    int64_t link = node * t->topo->ports + port;
    int32_t to = t->topo->nbr[link];
    int64_t ready = round;
    int32_t k = t->qhead[link];
    if (k < 0) {
        t->unmatched++;
    } else {
        ready = t->qready[k];
        t->qhead[link] = t->qnext[k];
    }
    uint8_t flags =
        (uint8_t)((t->faulty_link[link] || (to >= 0 && t->faulty_node[to]) ? TRACE_DROPPED : 0) |
                  (p->kind != 0 ? TRACE_CONTROL : 0));
    t->hops[t->nhops++] = (trace_hop_t){.round = round,
                                        .ready = ready,
                                        .from = (int32_t)node,
                                        .to = to,
                                        .tree = p->tree,
                                        .port = (uint8_t)port,
                                        .flags = flags};
}

static void on_delivery(void *ctx, int64_t round, int64_t node, int64_t key)
{
    trace_t *t = ctx;
    if (!recording(t)) {
        return;
    }
    if (!grow((void **)&t->dels, &t->dels_cap, sizeof *t->dels, t->ndels + 1)) {
        t->oom = true;
        return;
    }
    t->dels[t->ndels++] = (trace_delivery_t){.round = round, .node = (int32_t)node, .key = key};
}

void trace_attach(trace_t *t, tc_sim_config_t *cfg)
{
    cfg->observe = on_cross;
    cfg->observe_enqueue = on_enqueue;
    cfg->observe_delivery = on_delivery;
    cfg->observe_ctx = t;
}

tc_err_t trace_status(const trace_t *t)
{
    return t->oom ? TC_ENOMEM : t->too_many ? TC_ETOOBIG : t->unmatched ? TC_EINVAL : TC_OK;
}

void trace_expected(const trace_t *t, const tc_plan_t *plan, int64_t *expected)
{
    int64_t N = t->topo->nodes, lost = 0;
    if (plan->key_source != NULL) {
        for (int64_t k = 0; k < plan->keys; k++) {
            lost += t->faulty_node[plan->key_source(plan->ctx, k)] != 0;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        int64_t e = plan->expected != NULL ? plan->expected(plan->ctx, v) : 0;
        expected[v] = e > lost ? e - lost : 0;
    }
}

int64_t trace_complete_rounds(const trace_t *t, const int64_t *expected, int64_t *when)
{
    int64_t N = t->topo->nodes, complete = 0;
    int64_t *got = calloc((size_t)N, sizeof *got);
    for (int64_t v = 0; v < N; v++) {
        when[v] = t->faulty_node[v] ? -1 : expected[v] == 0 ? 0 : -1;
    }
    for (int64_t d = 0; got != NULL && d < t->ndels; d++) {
        int32_t v = t->dels[d].node;
        if (++got[v] == expected[v] && !t->faulty_node[v]) {
            when[v] = t->dels[d].round;
        }
    }
    for (int64_t v = 0; v < N; v++) {
        complete += when[v] >= 0;
    }
    free(got);
    return complete;
}

int64_t trace_queue_rounds(const trace_t *t)
{
    int64_t sum = 0;
    for (int64_t h = 0; h < t->nhops; h++) {
        sum += t->hops[h].round - t->hops[h].ready;
    }
    return sum;
}

/* ---- the layout ------------------------------------------------------------------------- */

static void circle_layout(int64_t N, double *xy)
{
    for (int64_t v = 0; v < N; v++) {
        double a = 2.0 * 3.14159265358979323846 * (double)v / (double)(N > 0 ? N : 1);
        xy[2 * v] = cos(a);
        xy[2 * v + 1] = sin(a);
    }
}

/* The executable `prog` in a directory of PATH into out; false when there is none. */
static bool on_path(const char *prog, char *out, size_t cap)
{
    const char *path = getenv("PATH");
    path = path != NULL ? path : "/usr/bin:/bin";
    for (const char *p = path;;) {
        const char *end = strchr(p, ':');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        int n = len == 0 ? snprintf(out, cap, "%s", prog)
                         : snprintf(out, cap, "%.*s/%s", (int)len, p, prog);
        struct stat st;
        if (n > 0 && (size_t)n < cap && stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
            access(out, X_OK) == 0) {
            return true;
        }
        if (end == NULL) {
            return false;
        }
        p = end + 1;
    }
}

/* The network as DOT for neato: nodes 0..N-1, every undirected edge once. */
static bool write_dot(FILE *fp, const tc_topo_t *topo)
{
    fputs("graph treecast {\n  graph [overlap=false, splines=false, start=1];\n"
          "  node [shape=point, width=0.12];\n",
          fp);
    for (int64_t v = 0; v < topo->nodes; v++) {
        fprintf(fp, "  %lld;\n", (long long)v);
    }
    for (int64_t v = 0; v < topo->nodes; v++) {
        for (int p = 0; p < topo->ports; p++) {
            int32_t u = topo->nbr[v * topo->ports + p];
            if (u > v) {
                fprintf(fp, "  %lld -- %d;\n", (long long)v, u);
            }
        }
    }
    fputs("}\n", fp);
    return fflush(fp) == 0 && !ferror(fp);
}

/* Run neato -Tplain with the DOT in a file and read the node lines into xy. */
static bool run_neato(const char *neato, const tc_topo_t *topo, double *xy, char *why, size_t cap)
{
    const char *dir = getenv("TMPDIR");
    char tmpl[4096];
    snprintf(tmpl, sizeof tmpl, "%s/treecast-dot.XXXXXX", dir != NULL && *dir ? dir : "/tmp");
    int in = mkstemp(tmpl);
    if (in < 0) {
        snprintf(why, cap, "cannot create a temporary file for neato (%s)", strerror(errno));
        return false;
    }
    unlink(tmpl); /* anonymous from now on: nothing is left behind */
    int dup_in = dup(in);
    FILE *dot = dup_in >= 0 ? fdopen(dup_in, "w") : NULL;
    bool ok = dot != NULL && write_dot(dot, topo);
    if (dot != NULL) {
        ok = fclose(dot) == 0 && ok;
    } else if (dup_in >= 0) {
        close(dup_in);
    }
    int out[2] = {-1, -1};
    if (!ok || lseek(in, 0, SEEK_SET) != 0 || pipe(out) != 0) {
        snprintf(why, cap, "cannot hand the network to neato (%s)", strerror(errno));
        close(in);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    char *argv[] = {"neato", "-Tplain", NULL};
    pid_t pid;
    int err = posix_spawn(&pid, neato, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in);
    close(out[1]);
    if (err != 0) {
        close(out[0]);
        snprintf(why, cap, "cannot run %s (%s)", neato, strerror(err));
        return false;
    }
    int64_t N = topo->nodes, placed = 0;
    uint8_t *seen = calloc((size_t)N, 1);
    FILE *fp = fdopen(out[0], "r");
    char *line = NULL;
    size_t lcap = 0;
    while (fp != NULL && getline(&line, &lcap, fp) >= 0) {
        long long v;
        double x, y;
        if (sscanf(line, "node %lld %lf %lf", &v, &x, &y) == 3 && v >= 0 && v < N && seen != NULL &&
            !seen[v] && isfinite(x) && isfinite(y)) {
            seen[v] = 1;
            xy[2 * v] = x;
            xy[2 * v + 1] = -y; /* neato's y grows upwards, the page's downwards */
            placed++;
        }
    }
    free(line);
    if (fp != NULL) {
        fclose(fp);
    } else {
        close(out[0]);
    }
    free(seen);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, cap, "neato failed (%s %d)", WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
        return false;
    }
    if (placed != N) {
        snprintf(why, cap, "neato placed %lld of %lld nodes", (long long)placed, (long long)N);
        return false;
    }
    return true;
}

bool trace_layout(const tc_net_t *net, const tc_topo_t *topo, double *xy, char *why, size_t why_cap)
{
    (void)net;
    char neato[4096];
    snprintf(why, why_cap, "neato (Graphviz) is not on PATH");
    if (on_path("neato", neato, sizeof neato) && run_neato(neato, topo, xy, why, why_cap)) {
        return true;
    }
    circle_layout(topo->nodes, xy);
    return false;
}

/* ---- the page ------------------------------------------------------------------------- */

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

/* A value as the tool prints it: an integer, or %.15g. */
static void number_text(char *buf, size_t cap, double v)
{
    snprintf(buf, cap, "%.15g", v);
}

static void formulas(FILE *fp, const trace_page_t *pg)
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
        number_text(val, sizeof val, pg->ref->bound.time);
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

static tc_err_t write_data(FILE *fp, const trace_t *t, const trace_page_t *pg)
{
    const tc_topo_t *topo = t->topo;
    int64_t N = topo->nodes;
    int P = topo->ports;
    int64_t *expected = malloc((size_t)N * sizeof *expected);
    if (expected == NULL) {
        return TC_ENOMEM;
    }
    trace_expected(t, pg->plan, expected);
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
    key(fp, "engine", false); /* shown beside the page's own counts, never used for them */
    fprintf(fp,
            "{\"transmissions\":%lld,\"dropped\":%lld,\"queueRounds\":%lld,"
            "\"nodesComplete\":%lld,\"nodesNonfaulty\":%lld,\"completeRound\":%lld}",
            (long long)pg->res->transmissions, (long long)pg->res->dropped,
            (long long)pg->res->queue_rounds, (long long)pg->res->nodes_complete,
            (long long)pg->res->nodes_nonfaulty, (long long)pg->res->complete_round);
    /* nodes: labels and coordinates scaled into [0, 1000] on the longer side */
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
    key(fp, "dimMin", false);
    fprintf(fp, "%d", tc_net_dim_min(pg->net));
    key(fp, "edges", false); /* undirected, once: u,v,port of u */
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
    /* trees: per tree its label and every node's parent (-1: the root or outside) */
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
    key(fp, "expected", false);
    fputc('[', fp);
    for (int64_t v = 0; v < N; v++) {
        fprintf(fp, "%s%lld", v ? "," : "", (long long)expected[v]);
    }
    fputc(']', fp);
    free(expected);
    key(fp, "faultyNodes", false);
    fputc('[', fp);
    first = true;
    for (int64_t v = 0; v < N; v++) {
        if (t->faulty_node[v]) {
            fprintf(fp, "%s%lld", first ? "" : ",", (long long)v);
            first = false;
        }
    }
    fputc(']', fp);
    key(fp, "faultyArcs", false); /* directed: from,to */
    fputc('[', fp);
    first = true;
    for (int64_t l = 0; l < N * P; l++) {
        if (t->faulty_link[l] && topo->nbr[l] >= 0) {
            fprintf(fp, "%s%lld,%d", first ? "" : ",", (long long)(l / P), topo->nbr[l]);
            first = false;
        }
    }
    fputc(']', fp);
    /* hops: round, ready, from, to, tree, flags; in the order they crossed */
    key(fp, "hops", false);
    fputc('[', fp);
    for (int64_t h = 0; h < t->nhops; h++) {
        const trace_hop_t *x = &t->hops[h];
        fprintf(fp, "%s%lld,%lld,%d,%d,%d,%d", h ? (h % 8 ? "," : ",\n") : "", (long long)x->round,
                (long long)x->ready, x->from, x->to, x->tree, x->flags);
    }
    fputc(']', fp);
    /* deliveries of keys new to their node: round, node; in the order they happened */
    key(fp, "deliveries", false);
    fputc('[', fp);
    for (int64_t d = 0; d < t->ndels; d++) {
        fprintf(fp, "%s%lld,%d", d ? (d % 16 ? "," : ",\n") : "", (long long)t->dels[d].round,
                t->dels[d].node);
    }
    fputs("]}", fp);
    return TC_OK;
}

tc_err_t trace_write_html(FILE *fp, const trace_t *t, const trace_page_t *pg)
{
    static const char marker[] = "@TRACE_DATA@";
    const char *page = (const char *)trace_viewer_html;
    size_t len = trace_viewer_html_len, mlen = sizeof marker - 1, at = len;
    for (size_t i = 0; i + mlen <= len; i++) {
        if (memcmp(page + i, marker, mlen) == 0) {
            at = i;
            break;
        }
    }
    if (at == len) {
        return TC_EINVAL; /* the build embedded a page without the marker */
    }
    fwrite(page, 1, at, fp);
    tc_err_t err = write_data(fp, t, pg);
    if (err != TC_OK) {
        return err;
    }
    fwrite(page + at + mlen, 1, len - at - mlen, fp);
    return ferror(fp) ? TC_EIO : TC_OK;
}
