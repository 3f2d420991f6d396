/* Fuzz the fault languages of treecast/faults.h through the public API: the specification
 * (nodes:K, links:K, arcs:K, mixed:K, paths:K; tc_faults_parse_spec), the items (node:LABEL,
 * link:LABEL:DIM, arc:LABEL:DIM; tc_faults_parse_item, the tool's --fault) and the lines of a
 * faults file (node LABEL, link LABEL DIM, arc LABEL DIM; '#' comments; tc_faults_parse_text,
 * the tool's --faults-file), and the random fault sets a specification draws (tc_faults_random).
 *
 * The input is four lines: a network ("star:4", ... of at most MAX_NODES nodes; "edges:a-b,b-c"
 * for a graph; anything else picks one of NETS), a specification, the items separated by blanks,
 * and the rest is the faults file's text.
 * Asserts:
 *   - the specification is accepted exactly when it is NAME:DIGITS with a known NAME and a
 *     count of at most 1000000, and then gives that kind and count; a known NAME with a bad
 *     count is TC_ERANGE, anything else TC_EINVAL;
 *   - the fault sets drawn for it hold exactly K faults of the kind (K nodes, K links both ways,
 *     K arcs; K nodes and links together), never the source, whenever K of them fit the
 *     network, and are refused with TC_ERANGE when they do not;
 *   - the items, then the text, are accepted exactly when a model of the items and lines
 *     written here (with the network's own label parser and neighbours) accepts them, with the
 *     model's status otherwise (TC_EINVAL for the tool's misuse, TC_EPARSE for bad data), a
 *     detail that names the item or the file and line of the model's first refusal, and then
 *     mark exactly the model's nodes and directed links.
 * Items of any length count, and lines up to 64 KiB (tests/cli/cases/sim_faults_file_long_comment);
 * a longer line or a NUL byte is bad data at its line. */
#include "fuzz.h"
#include "treecast/faults.h"

#define MAX_NODES 1024

static const char *const NETS[] = {"star:4",   "cube:3",    "icube:3,1", "torus:2,3", "fcube:3",
                                   "bubble:4", "pancake:4", "icube:2,0", "cube:1",    "star:5"};

#define MAX_ITEMS 256

static tc_net_t *open_network(const char *spec, uint64_t h)
{
    tc_net_t *net = NULL;
    if (strncmp(spec, "edges:", 6) == 0) { /* "a-b,b-c": an edge list, ',' for newlines */
        char text[512];
        snprintf(text, sizeof text, "%s", spec + 6);
        for (char *p = text; *p != '\0'; p++) {
            *p = *p == ',' ? '\n' : *p == '-' ? ' ' : *p;
        }
        if (tc_net_graph_read(text, strlen(text), "edges", &net) != TC_OK) {
            net = NULL;
        }
    } else if (strncmp(spec, "graph:", 6) != 0 && tc_net_parse(spec, &net) != TC_OK) {
        net = NULL;
    }
    if (net != NULL && (tc_net_nodes(net) > MAX_NODES || !tc_net_materializable(net))) {
        tc_net_free(net);
        net = NULL;
    }
    if (net == NULL) {
        FUZZ_ASSERT(tc_net_parse(NETS[h % (sizeof NETS / sizeof NETS[0])], &net) == TC_OK, "%s",
                    tc_err_detail());
    }
    return net;
}

/* ---- --faults ----------------------------------------------------------------------------- */

static void spec(const char *text, const tc_topo_t *topo, int64_t protect, uint64_t seed)
{
    static const char *const names[] = {"nodes", "links", "arcs", "mixed", "paths"};
    static const tc_fault_kind_t kinds[] = {TC_FAULTS_NODES, TC_FAULTS_LINKS, TC_FAULTS_ARCS,
                                            TC_FAULTS_MIXED, TC_FAULTS_NODES};
    int which = -1;
    int64_t k = 0;
    const char *colon = strchr(text, ':');
    for (int j = 0; colon != NULL && j < 5; j++) {
        if ((size_t)(colon - text) == strlen(names[j]) &&
            memcmp(text, names[j], strlen(names[j])) == 0) {
            which = j;
        }
    }
    bool ok = which >= 0 && colon[1] != '\0';
    for (const char *p = ok ? colon + 1 : ""; *p != '\0'; p++) {
        ok = ok && *p >= '0' && *p <= '9';
        k = ok && k <= 1000000 ? k * 10 + (*p - '0') : k;
    }
    ok = ok && k <= 1000000;
    tc_fault_spec_t c = {0};
    tc_err_t perr = tc_faults_parse_spec(text, &c);
    FUZZ_ASSERT((perr == TC_OK) == ok, "spec \"%s\": %s, the model says %s", text,
                tc_err_name(perr), ok ? "valid" : "invalid");
    if (!ok) {
        tc_err_t want = which >= 0 ? TC_ERANGE : TC_EINVAL;
        FUZZ_ASSERT(perr == want && tc_err_detail()[0] != '\0', "spec \"%s\": %s, not %s (%s)",
                    text, tc_err_name(perr), tc_err_name(want), tc_err_detail());
        return;
    }
    FUZZ_ASSERT(c.kind == kinds[which] && c.k == k && c.on_paths == (which == 4),
                "spec \"%s\": kind %d, k %lld, on_paths %d", text, (int)c.kind, (long long)c.k,
                c.on_paths);
    if (c.on_paths) {
        return; /* drawn on the root paths of the trees of a plan */
    }
    int64_t L = 0; /* directed links */
    for (int64_t l = 0; l < topo->nodes * topo->ports; l++) {
        L += topo->nbr[l] >= 0;
    }
    int64_t nodes = topo->nodes - 1, fit = c.kind == TC_FAULTS_NODES  ? nodes
                                           : c.kind == TC_FAULTS_ARCS ? L
                                                                      : L / 2;
    tc_faults_t f;
    tc_err_t err = tc_faults_random(&f, topo, c.kind, c.k, seed, protect);
    if (c.k > fit) {
        FUZZ_ASSERT(err == TC_ERANGE, "%s: %lld faults fit, %lld drawn: %s", text, (long long)fit,
                    (long long)c.k, tc_err_name(err));
        return;
    }
    bool must = c.kind != TC_FAULTS_MIXED || 2 * c.k <= (nodes < L / 2 ? nodes : L / 2);
    FUZZ_ASSERT(err == TC_OK || (!must && err == TC_ERANGE), "%s on %lld nodes, %lld arcs: %s",
                text, (long long)topo->nodes, (long long)L, tc_err_detail());
    if (err != TC_OK) {
        return;
    }
    int64_t nf = 0, lf = 0;
    for (int64_t v = 0; v < topo->nodes; v++) {
        nf += f.node[v] != 0;
        for (int p = 0; p < topo->ports; p++) {
            int64_t l = v * topo->ports + p, u = topo->nbr[l];
            lf += f.link[l] != 0;
            FUZZ_ASSERT(!f.link[l] || u >= 0, "a faulty link out of %lld where port %d has none",
                        (long long)v, p);
            if (f.link[l] && c.kind == TC_FAULTS_LINKS) {
                int back = topo->rev ? topo->rev[l] : p;
                FUZZ_ASSERT(f.link[u * topo->ports + back], "link %lld-%lld faulty one way",
                            (long long)v, (long long)u);
            }
        }
    }
    FUZZ_ASSERT(nf == f.faulty_nodes && lf == f.faulty_links && (protect < 0 || !f.node[protect]),
                "%s: %lld/%lld nodes, %lld/%lld links counted, source faulty %d", text,
                (long long)nf, (long long)f.faulty_nodes, (long long)lf, (long long)f.faulty_links,
                protect >= 0 && f.node[protect]);
    int64_t placed = c.kind == TC_FAULTS_NODES   ? nf
                     : c.kind == TC_FAULTS_LINKS ? lf / 2
                     : c.kind == TC_FAULTS_ARCS  ? lf
                                                 : nf + lf / 2;
    FUZZ_ASSERT(placed == c.k &&
                    (c.kind == TC_FAULTS_MIXED || c.kind == TC_FAULTS_NODES || nf == 0),
                "%s: %lld faulty nodes and %lld faulty arcs", text, (long long)nf, (long long)lf);
    tc_faults_destroy(&f);
}

/* ---- --fault and --faults-file: a model ---------------------------------------------------- */

typedef struct {
    const tc_net_t *net;
    int64_t protect;
    int ports;
    uint8_t *node, *link;
} model_t;

/* One fault; TC_OK or the status the parsers give for it. */
static tc_err_t model_fault(model_t *m, const char *kind, const char *label, const char *dim)
{
    int64_t v;
    if (tc_net_parse_label(m->net, label, &v) != TC_OK) {
        return TC_EPARSE;
    }
    if (strcmp(kind, "node") == 0 && dim == NULL) {
        if (v == m->protect) {
            return TC_EINVAL;
        }
        m->node[v] = 1;
        return TC_OK;
    }
    bool both = strcmp(kind, "link") == 0;
    if ((!both && strcmp(kind, "arc") != 0) || dim == NULL) {
        return TC_EPARSE;
    }
    char *end = NULL;
    long d = strtol(dim, &end, 10);
    int lo = tc_net_dim_min(m->net);
    if (*dim == '\0' || *end != '\0' || d < lo || d > tc_net_dim_max(m->net)) {
        return TC_EPARSE;
    }
    int64_t u = tc_net_neighbor(m->net, v, (int)d);
    if (u < 0) {
        return TC_EPARSE;
    }
    m->link[v * m->ports + (d - lo)] = 1;
    if (both) {
        m->link[u * m->ports + (tc_net_edge_dim(m->net, u, v) - lo)] = 1;
    }
    return TC_OK;
}

/* One item (modified in place); TC_OK or its status. */
static tc_err_t model_item(model_t *m, char *item)
{
    char *label = strchr(item, ':');
    if (label == NULL) {
        return TC_EINVAL;
    }
    *label++ = '\0';
    if (strcmp(item, "node") != 0 && strcmp(item, "link") != 0 && strcmp(item, "arc") != 0) {
        return TC_EINVAL; /* an option's unknown word, as a specification's */
    }
    char *dim = strchr(label, ':');
    if (dim != NULL) {
        *dim++ = '\0';
    }
    return model_fault(m, item, label, dim);
}

/* The file's lines (one with a NUL byte or over 64 KiB is bad data); TC_OK or the status of the
 * first bad one, whose number goes to *bad. */
static tc_err_t model_text(model_t *m, const char *file, size_t len, int64_t *bad)
{
    int64_t lineno = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(file + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - file) : len;
        *bad = ++lineno;
        if (memchr(file + at, '\0', end - at) != NULL || end - at > 65536) {
            return TC_EPARSE;
        }
        char *line = strndup(file + at, end - at);
        FUZZ_ASSERT(line != NULL, "out of memory");
        at = end + 1;
        line[strcspn(line, "#")] = '\0';
        char *tok[4], *save = NULL;
        tok[0] = strtok_r(line, " \t\r", &save);
        for (int j = 1; j < 4; j++) {
            tok[j] = strtok_r(NULL, " \t\r", &save);
        }
        tc_err_t st = tok[0] == NULL                     ? TC_OK
                      : tok[1] == NULL || tok[3] != NULL ? TC_EPARSE
                                                         : model_fault(m, tok[0], tok[1], tok[2]);
        free(line);
        if (st != TC_OK) {
            return st;
        }
    }
    return TC_OK;
}

static void listed(const tc_net_t *net, const tc_topo_t *topo, int64_t protect, char *items_text,
                   const char *file, size_t file_len)
{
    /* the items, as the shell would split them; the model's copies */
    char *items[MAX_ITEMS], *copies[MAX_ITEMS], *save = NULL;
    int count = 0;
    for (char *w = strtok_r(items_text, " ", &save); w != NULL && count < MAX_ITEMS;
         w = strtok_r(NULL, " ", &save)) {
        items[count] = w;
        copies[count] = strdup(w);
        FUZZ_ASSERT(copies[count] != NULL, "out of memory");
        count++;
    }
    tc_faults_t f;
    FUZZ_ASSERT(tc_faults_init(&f, topo) == TC_OK, "%s", tc_err_detail());
    model_t m = {net, protect, topo->ports, calloc((size_t)topo->nodes, 1),
                 calloc((size_t)(topo->nodes * topo->ports), 1)};
    FUZZ_ASSERT(m.node != NULL && m.link != NULL, "out of memory");

    tc_err_t err = TC_OK, want = TC_OK;
    char detail[512] = ""; /* the parser's, before the model's label parsing writes another */
    int j = 0;
    for (; j < count && err == TC_OK; j++) {
        err = tc_faults_parse_item(net, topo, protect, items[j], &f);
        snprintf(detail, sizeof detail, "%s", tc_err_detail());
        want = model_item(&m, copies[j]);
        FUZZ_ASSERT(err == want, "item \"%s\": %s, the model says %s (%s)", items[j],
                    tc_err_name(err), tc_err_name(want), detail);
    }
    if (err != TC_OK) {
        char head[128];
        snprintf(head, sizeof head, "%.100s: ", items[j - 1]);
        FUZZ_ASSERT(strncmp(detail, head, strlen(head)) == 0, "item \"%s\": the detail \"%s\"",
                    items[j - 1], detail);
    } else {
        int64_t bad = 0;
        err = tc_faults_parse_text(net, topo, protect, "faults", 1, file, file_len, &f);
        snprintf(detail, sizeof detail, "%s", tc_err_detail());
        want = model_text(&m, file, file_len, &bad);
        FUZZ_ASSERT(err == want, "the file: %s, the model says %s at line %lld (%s)",
                    tc_err_name(err), tc_err_name(want), (long long)bad, detail);
        char head[64];
        snprintf(head, sizeof head, "faults: line %lld", (long long)bad);
        FUZZ_ASSERT(err == TC_OK || (strncmp(detail, head, strlen(head)) == 0 &&
                                     (detail[strlen(head)] == ' ' || detail[strlen(head)] == ':')),
                    "the file: \"%s\", not at line %lld", detail, (long long)bad);
    }
    if (err == TC_OK) {
        int64_t nf = 0, lf = 0;
        for (int64_t v = 0; v < topo->nodes; v++) {
            FUZZ_ASSERT(!f.node[v] == !m.node[v], "node %lld: faulty %d, the model says %d",
                        (long long)v, f.node[v], m.node[v]);
            nf += m.node[v];
            for (int p = 0; p < topo->ports; p++) {
                int64_t l = v * topo->ports + p;
                FUZZ_ASSERT(!f.link[l] == !m.link[l], "arc %lld:%d: faulty %d, the model says %d",
                            (long long)v, p, f.link[l], m.link[l]);
                lf += m.link[l];
            }
        }
        FUZZ_ASSERT(f.faulty_nodes == nf && f.faulty_links == lf,
                    "counted %lld nodes and %lld arcs of %lld and %lld", (long long)f.faulty_nodes,
                    (long long)f.faulty_links, (long long)nf, (long long)lf);
    }
    tc_faults_destroy(&f);
    free(m.node);
    free(m.link);
    for (int i = 0; i < count; i++) {
        free(copies[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf, *f[4];
    fuzz_fields(data, size, &buf, f, 4);
    uint64_t h = 1469598103934665603ull;
    for (size_t j = 0; j < size; j++) {
        h = (h ^ data[j]) * 1099511628211ull;
    }
    tc_net_t *net = open_network(f[0], h);
    tc_topo_t topo;
    FUZZ_ASSERT(tc_topo_init(&topo, net) == TC_OK, "%s", tc_err_detail());
    int64_t protect = 0;
    spec(f[1], &topo, protect, h);
    /* the file is the rest of the input, NULs included */
    size_t off = (size_t)(f[3] - buf);
    listed(net, &topo, protect, f[2], off <= size ? (const char *)data + off : "",
           off <= size ? size - off : 0);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    free(buf);
    return 0;
}
