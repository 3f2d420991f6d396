/* Fuzz the fault options of `treecast sim`: the --faults specification (nodes:K, links:K,
 * arcs:K, mixed:K, paths:K; parse_faults_spec of tools/treecast/sim_run.c), the --fault items
 * (node:LABEL, link:LABEL:DIM, arc:LABEL:DIM) and the --faults-file lines (node LABEL,
 * link LABEL DIM, arc LABEL DIM; '#' comments), both read by listed_faults of
 * tools/treecast/cmd_sim.c, and the random fault sets a specification draws (tc_faults_random).
 * The tool's own code runs, compiled into the harness; its messages go to a buffer here.
 *
 * The input is four lines: a network ("star:4", ... of at most MAX_NODES nodes; "edges:a-b,b-c"
 * for a graph; anything else picks one of NETS), a --faults specification, the --fault items
 * separated by blanks, and the rest is the fault file.
 * Asserts:
 *   - the specification is accepted exactly when it is NAME:DIGITS with a known NAME and a
 *     count of at most 1000000, and then gives that kind and count;
 *   - the fault sets drawn for it hold exactly K faults of the kind (K nodes, K links both ways,
 *     K arcs; K nodes and links together), never the source, whenever K of them fit the
 *     network, and are refused with TC_ERANGE when they do not;
 *   - listed_faults succeeds exactly when a model of the items and lines written here (with
 *     the network's own label parser and neighbours) accepts them, with the model's exit
 *     status otherwise, and then marks exactly the model's nodes and directed links;
 *   - a failure prints one message starting with "treecast", a success prints nothing.
 * Items of any length count, and lines up to 64 KiB (tests/cli/cases/sim_faults_file_long_comment);
 * a longer line or a NUL byte is bad data at its line. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz.h"
#include "sim_cmd.h"
#include "treecast/faults.h"

#include <sys/mman.h>
#include <unistd.h>

#define MAX_NODES 1024

int fuzz_parse_faults_spec(const char *spec, tc_sim_campaign_t *c);

static const char *const NETS[] = {"star:4",   "cube:3",    "icube:3,1", "torus:2,3", "fcube:3",
                                   "bubble:4", "pancake:4", "icube:2,0", "cube:1",    "star:5"};

static char messages[4096]; /* what the tool printed to stderr during one input */
static int file_fd = -1;    /* the fault file, in memory */
static char file_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_log = fdopen(dup(2), "w");
    stderr = fmemopen(messages, sizeof messages, "w");
    file_fd = memfd_create("faults", 0);
    if (fuzz_log == NULL || stderr == NULL || file_fd < 0) {
        abort();
    }
    snprintf(file_path, sizeof file_path, "/proc/self/fd/%d", file_fd);
    return 0;
}

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
    tc_sim_campaign_t c = {0};
    rewind(stderr);
    memset(messages, 0, sizeof messages);
    int st = fuzz_parse_faults_spec(text, &c);
    fflush(stderr);
    FUZZ_ASSERT((st == 0) == ok, "--faults \"%s\": status %d, the model says %s", text, st,
                ok ? "valid" : "invalid");
    if (!ok) {
        FUZZ_ASSERT(st == EXIT_MISUSE && strncmp(messages, "treecast", 8) == 0,
                    "--faults \"%s\": status %d, message \"%s\"", text, st, messages);
        return;
    }
    FUZZ_ASSERT(c.kind == kinds[which] && c.k == k && c.on_paths == (which == 4),
                "--faults \"%s\": kind %d, k %lld, on_paths %d", text, (int)c.kind, (long long)c.k,
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

/* One fault; 0 or the tool's exit status for it. */
static int model_fault(model_t *m, const char *kind, const char *label, const char *dim)
{
    int64_t v;
    if (tc_net_parse_label(m->net, label, &v) != TC_OK) {
        return EXIT_DATA;
    }
    if (strcmp(kind, "node") == 0 && dim == NULL) {
        if (v == m->protect) {
            return EXIT_MISUSE;
        }
        m->node[v] = 1;
        return 0;
    }
    bool both = strcmp(kind, "link") == 0;
    if ((!both && strcmp(kind, "arc") != 0) || dim == NULL) {
        return EXIT_DATA;
    }
    char *end = NULL;
    long d = strtol(dim, &end, 10);
    int lo = tc_net_dim_min(m->net);
    if (*dim == '\0' || *end != '\0' || d < lo || d > tc_net_dim_max(m->net)) {
        return EXIT_DATA;
    }
    int64_t u = tc_net_neighbor(m->net, v, (int)d);
    if (u < 0) {
        return EXIT_DATA;
    }
    m->link[v * m->ports + (d - lo)] = 1;
    if (both) {
        m->link[u * m->ports + (tc_net_edge_dim(m->net, u, v) - lo)] = 1;
    }
    return 0;
}

/* The --fault items, then the file's lines (one with a NUL byte or over 64 KiB is bad data);
 * 0 or the status of the first bad one. */
static int model_listed(model_t *m, char **items, int count, const char *file, size_t len)
{
    for (int j = 0; j < count; j++) {
        char *label = strchr(items[j], ':');
        if (label == NULL) {
            return EXIT_MISUSE;
        }
        *label++ = '\0';
        if (strcmp(items[j], "node") != 0 && strcmp(items[j], "link") != 0 &&
            strcmp(items[j], "arc") != 0) {
            return EXIT_MISUSE; /* an option's unknown word, as --faults SPEC's */
        }
        char *dim = strchr(label, ':');
        if (dim != NULL) {
            *dim++ = '\0';
        }
        int st = model_fault(m, items[j], label, dim);
        if (st != 0) {
            return st;
        }
    }
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(file + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - file) : len;
        if (memchr(file + at, '\0', end - at) != NULL || end - at > LINE_BYTES_MAX) {
            return EXIT_DATA;
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
        int st = tok[0] == NULL                     ? 0
                 : tok[1] == NULL || tok[3] != NULL ? EXIT_DATA
                                                    : model_fault(m, tok[0], tok[1], tok[2]);
        free(line);
        if (st != 0) {
            return st;
        }
    }
    return 0;
}

static void listed(const tc_net_t *net, const tc_topo_t *topo, int64_t protect, char *items_text,
                   const char *file, size_t file_len)
{
    /* the items, as the shell would split them */
    args_t a;
    memset(&a, 0, sizeof a);
    char *items_copy = strdup(items_text), *save = NULL;
    FUZZ_ASSERT(items_copy != NULL, "out of memory");
    for (char *w = strtok_r(items_text, " ", &save); w != NULL && a.listed.count < MAX_FAULT_ITEMS;
         w = strtok_r(NULL, " ", &save)) {
        a.listed.items[a.listed.count++] = w;
    }
    a.faults_file = file_path;
    FUZZ_ASSERT(ftruncate(file_fd, 0) == 0 &&
                    pwrite(file_fd, file, file_len, 0) == (ssize_t)file_len,
                "writing the fault file");
    run_t r;
    memset(&r, 0, sizeof r);
    r.a = &a;
    r.net = (tc_net_t *)net;
    r.topo = *topo;
    r.protect = protect;
    tc_faults_t f = {0};
    rewind(stderr);
    memset(messages, 0, sizeof messages);
    int st = listed_faults(&r, &f);
    fflush(stderr);

    model_t m = {net, protect, topo->ports, calloc((size_t)topo->nodes, 1),
                 calloc((size_t)(topo->nodes * topo->ports), 1)};
    FUZZ_ASSERT(m.node != NULL && m.link != NULL, "out of memory");
    char *items[MAX_FAULT_ITEMS];
    save = NULL;
    int count = 0;
    for (char *w = strtok_r(items_copy, " ", &save); w != NULL && count < MAX_FAULT_ITEMS;
         w = strtok_r(NULL, " ", &save)) {
        items[count++] = w;
    }
    int want = model_listed(&m, items, count, file, file_len);
    FUZZ_ASSERT(st == want, "listed faults: status %d, the model says %d (\"%s\")", st, want,
                messages);
    if (st != 0) {
        FUZZ_ASSERT(strncmp(messages, "treecast", 8) == 0 && strchr(messages, '\n') != NULL &&
                        strchr(messages, '\n')[1] == '\0',
                    "status %d with the message \"%s\"", st, messages);
    } else {
        FUZZ_ASSERT(messages[0] == '\0', "success with the message \"%s\"", messages);
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
    free(items_copy);
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
