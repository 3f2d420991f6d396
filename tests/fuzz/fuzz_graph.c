/* Fuzz the reader of graph files (tc_net_graph_read: what `--net graph:FILE` reads), an edge
 * list or a JSON document.
 *
 * Asserts, for every graph the reader accepts:
 *   - every node's label fits TC_LABEL_MAX, has no blank and parses back to the node; when every
 *     label of an edge list is a decimal integer the ids follow their numeric order;
 *   - every link leads to another node that links back, along the dimension tc_net_edge_dim
 *     finds; the degrees lie between tc_net_min_degree and tc_net_degree (at most
 *     TC_GRAPH_MAX_DEGREE) and the links add up to tc_net_edges;
 *   - the graph written back as an edge list (labels; a lone label for a node without links)
 *     reads as the same graph: the same labels, each with the same neighbours;
 *   - on graphs of at most MAX_TREES nodes, a breadth-first tree built on it, written as a
 *     forest document (which carries the graph) and read back is the same forest on the same
 *     graph, node ids included.
 *   - tc_net_components counts the components a search here finds, and a breadth-first tree is
 *     built exactly when there is one (a graph in pieces is refused with TC_EPARSE).
 * A text that is refused is refused with TC_EPARSE and a message. */
#include "fuzz.h"
#include "treecast/report.h"

#define MAX_TREES 1024

static void check_labels(const tc_net_t *net, bool edge_list)
{
    int64_t N = tc_net_nodes(net), prev = -1;
    bool decimal = edge_list;
    for (int64_t v = 0; v < N; v++) {
        char lab[TC_LABEL_MAX];
        size_t len = tc_net_label(net, v, false, lab, sizeof lab);
        FUZZ_ASSERT(len > 0 && len < sizeof lab && strlen(lab) == len,
                    "node %lld: label of %zu characters", (long long)v, len);
        for (size_t j = 0; j < len; j++) {
            FUZZ_ASSERT((unsigned char)lab[j] > ' ' && lab[j] != 0x7f,
                        "node %lld: label \"%s\" has a blank", (long long)v, lab);
        }
        int64_t back = -7;
        tc_err_t err = tc_net_parse_label(net, lab, &back);
        FUZZ_ASSERT(err == TC_OK && back == v, "node %lld: label \"%s\" parses to %lld (%s)",
                    (long long)v, lab, (long long)back, tc_err_detail());
        decimal =
            decimal && len <= 18 && strspn(lab, "0123456789") == len && (lab[0] != '0' || len == 1);
    }
    for (int64_t v = 0; decimal && v < N; v++) {
        char lab[TC_LABEL_MAX];
        tc_net_label(net, v, false, lab, sizeof lab);
        int64_t x = strtoll(lab, NULL, 10);
        FUZZ_ASSERT(x > prev, "decimal labels out of order: node %lld is %s after %lld",
                    (long long)v, lab, (long long)prev);
        prev = x;
    }
}

static void check_links(const tc_net_t *net)
{
    int64_t N = tc_net_nodes(net), arcs = 0;
    int lo = tc_net_dim_min(net), hi = tc_net_dim_max(net);
    FUZZ_ASSERT(N >= 2 && tc_net_degree(net) >= 1 && tc_net_degree(net) <= TC_GRAPH_MAX_DEGREE &&
                    tc_net_min_degree(net) <= tc_net_degree(net) &&
                    hi - lo + 1 == tc_net_degree(net),
                "%lld nodes, degrees %d..%d, dimensions %d..%d", (long long)N,
                tc_net_min_degree(net), tc_net_degree(net), lo, hi);
    for (int64_t v = 0; v < N; v++) {
        arcs += fuzz_node_links(net, v, false);
        for (int d = lo; d <= hi; d++) { /* an edge given twice counts once */
            int64_t u = tc_net_neighbor(net, v, d);
            for (int e = d + 1; u >= 0 && e <= hi; e++) {
                FUZZ_ASSERT(tc_net_neighbor(net, v, e) != u,
                            "node %lld: ports %d and %d lead to %lld", (long long)v, d, e,
                            (long long)u);
            }
        }
    }
    FUZZ_ASSERT(arcs == 2 * tc_net_edges(net), "%lld arcs, %lld edges", (long long)arcs,
                (long long)tc_net_edges(net));
}

/* b is a, read from what was written of a: the same labels and neighbours, node by node (by
 * label; with same_ids, by id too). */
static void same_graph(const tc_net_t *a, const tc_net_t *b, bool same_ids, const char *how)
{
    int64_t N = tc_net_nodes(a);
    FUZZ_ASSERT(tc_net_nodes(b) == N && tc_net_edges(b) == tc_net_edges(a) &&
                    tc_net_degree(b) == tc_net_degree(a),
                "%s: %lld nodes, %lld edges became %lld, %lld", how, (long long)N,
                (long long)tc_net_edges(a), (long long)tc_net_nodes(b), (long long)tc_net_edges(b));
    for (int64_t v = 0; v < N; v++) {
        char la[TC_LABEL_MAX], lb[TC_LABEL_MAX];
        int64_t w = -7;
        tc_net_label(a, v, false, la, sizeof la);
        FUZZ_ASSERT(tc_net_parse_label(b, la, &w) == TC_OK && (!same_ids || w == v),
                    "%s: node %lld \"%s\" became %lld", how, (long long)v, la, (long long)w);
        int degree = 0;
        for (int d = tc_net_dim_min(a); d <= tc_net_dim_max(a); d++) {
            int64_t u = tc_net_neighbor(a, v, d), x = -7;
            if (u < 0) {
                continue;
            }
            degree++;
            tc_net_label(a, u, false, lb, sizeof lb);
            FUZZ_ASSERT(tc_net_parse_label(b, lb, &x) == TC_OK && tc_net_edge_dim(b, w, x) >= 0,
                        "%s: link %s-%s is lost", how, la, lb);
            FUZZ_ASSERT(!same_ids || tc_net_neighbor(b, v, d) == u,
                        "%s: node %lld along %d: %lld became %lld", how, (long long)v, d,
                        (long long)u, (long long)tc_net_neighbor(b, v, d));
        }
        for (int d = tc_net_dim_min(b); d <= tc_net_dim_max(b); d++) {
            degree -= tc_net_neighbor(b, w, d) >= 0;
        }
        FUZZ_ASSERT(degree == 0, "%s: node %s has %d neighbours more than before", how, la,
                    -degree);
    }
}

static void edge_list_round_trip(const tc_net_t *net)
{
    fuzz_mem_t m;
    FILE *fp = fuzz_mem_open(&m);
    int64_t N = tc_net_nodes(net);
    fputs("# an edge list: a first name may begin with '{'\n", fp); /* else it reads as JSON */
    for (int64_t v = 0; v < N; v++) {
        char lv[TC_LABEL_MAX], lu[TC_LABEL_MAX];
        tc_net_label(net, v, false, lv, sizeof lv);
        fprintf(fp, "%s\n", lv); /* declares v first, so the ids stay in order */
        for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
            int64_t u = tc_net_neighbor(net, v, d);
            if (u > v) {
                tc_net_label(net, u, false, lu, sizeof lu);
                fprintf(fp, "%s %s\n", lv, lu);
            }
        }
    }
    fuzz_mem_close(&m);
    tc_net_t *back = NULL;
    tc_err_t err = tc_net_graph_read(m.text, m.len, "back", &back);
    FUZZ_ASSERT(err == TC_OK, "the edge list written back fails: %s\n%s", tc_err_detail(), m.text);
    same_graph(net, back, false, "as an edge list");
    tc_net_free(back);
    free(m.text);
}

/* The components, counted by breadth-first searches over tc_net_neighbor. */
static int64_t components(const tc_net_t *net)
{
    int64_t N = tc_net_nodes(net), count = 0;
    int64_t *queue = malloc((size_t)N * sizeof *queue);
    uint8_t *seen = calloc((size_t)N, 1);
    FUZZ_ASSERT(queue != NULL && seen != NULL, "out of memory");
    for (int64_t s = 0; s < N; s++) {
        if (seen[s]) {
            continue;
        }
        count++;
        int64_t head = 0, tail = 0;
        seen[s] = 1;
        queue[tail++] = s;
        while (head < tail) {
            int64_t v = queue[head++];
            for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
                int64_t u = tc_net_neighbor(net, v, d);
                if (u >= 0 && !seen[u]) {
                    seen[u] = 1;
                    queue[tail++] = u;
                }
            }
        }
    }
    free(queue);
    free(seen);
    return count;
}

static void forest_round_trip(const tc_net_t *net)
{
    tc_forest_t *f = NULL, *back = NULL;
    int64_t parts = components(net);
    FUZZ_ASSERT(tc_net_components(net) == parts, "%lld components counted, %lld here",
                (long long)tc_net_components(net), (long long)parts);
    tc_err_t built = tc_trees_build(net, TC_KIND_BFS, tc_net_nodes(net) - 1, 1, &f);
    FUZZ_ASSERT(parts == 1 ? built == TC_OK
                           : built == TC_EPARSE && strstr(tc_err_detail(), "is not connected"),
                "bfs on %lld components: %s", (long long)parts, tc_err_detail());
    if (built != TC_OK) {
        return; /* no spanning tree in a graph of several components */
    }
    fuzz_mem_t m;
    tc_err_t err = tc_report_forest_json(fuzz_mem_open(&m), f, true);
    fuzz_mem_close(&m);
    FUZZ_ASSERT(err == TC_OK, "writing the forest: %s", tc_err_detail());
    int64_t nonedges = -1;
    err = tc_report_forest_read_json(m.text, m.len, &back, &nonedges);
    FUZZ_ASSERT(err == TC_OK && nonedges == 0, "the forest written back fails: %s\n%s",
                tc_err_detail(), m.text);
    same_graph(net, tc_forest_net(back), true, "in a forest document");
    for (int64_t v = 0; v < tc_net_nodes(net); v++) {
        FUZZ_ASSERT(tc_forest_parent(f, 0, v) == tc_forest_parent(back, 0, v),
                    "node %lld: parent %lld became %lld", (long long)v,
                    (long long)tc_forest_parent(f, 0, v), (long long)tc_forest_parent(back, 0, v));
    }
    tc_forest_free(back);
    tc_forest_free(f);
    free(m.text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1); /* exactly the input: no terminator to lean on */
    FUZZ_ASSERT(text != NULL, "out of memory");
    memcpy(text, data, size);
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_graph_read(text, size, "fuzz", &net);
    FUZZ_ASSERT((err == TC_OK) == (net != NULL), "%s and network %p", tc_err_name(err),
                (void *)net);
    if (err != TC_OK) {
        FUZZ_ASSERT(err == TC_EPARSE && tc_err_detail()[0] != '\0', "refused with %s: %s",
                    tc_err_name(err), tc_err_detail());
        free(text);
        return 0;
    }
    FUZZ_ASSERT(tc_net_explicit(net), "a graph read from text is not explicit");
    size_t skip = 0;
    while (skip < size && strchr(" \t\r\n", text[skip]) != NULL && text[skip] != '\0') {
        skip++;
    }
    check_labels(net, skip >= size || text[skip] != '{');
    check_links(net);
    edge_list_round_trip(net);
    if (tc_net_nodes(net) <= MAX_TREES) {
        forest_round_trip(net);
    }
    tc_net_free(net);
    free(text);
    return 0;
}
