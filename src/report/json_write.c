/* Writing forests: JSON, edge lists, DOT and text. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/report.h"

#include <stdlib.h>
#include <string.h>

void tc_report_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            fputc('\\', out);
            fputc(ch, out);
        } else if (ch < 0x20) {
            fprintf(out, "\\u%04x", ch);
        } else {
            fputc(ch, out);
        }
    }
    fputc('"', out);
}

/* Fast decimal output of an id (or -1). */
static void put_id(FILE *out, int64_t v)
{
    char buf[24];
    int len = 0;
    bool neg = v < 0;
    uint64_t u = neg ? (uint64_t)(-v) : (uint64_t)v;
    do {
        buf[len++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (neg) {
        fputc('-', out);
    }
    while (len) {
        fputc(buf[--len], out);
    }
}

/* The depth of every tree (and the nodes each reaches), measured by check's spanning pass:
 * -1 for a tree whose depth could not be measured. */
static void forest_depths(const tc_forest_t *forest, int *depth, int64_t *reached)
{
    tc_check_opts_t o = tc_check_defaults();
    o.independence = o.excess = o.undirected = o.rotation = false;
    tc_check_report_t rep;
    bool ok = tc_check_forest(forest, &o, &rep) == TC_OK;
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        depth[t] = ok ? rep.depth[t] : -1;
        if (reached != NULL) {
            reached[t] = ok ? rep.reached[t] : -1;
        }
    }
}

/* The labels of the root's children in tree t, space separated ("" when none). */
static void root_child_labels(const tc_forest_t *forest, int t, bool first_only, char *buf,
                              size_t cap)
{
    int64_t kids[TC_STAR_MAX_N];
    int count = tc_forest_children(forest, t, tc_forest_root(forest), kids);
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < count && (k == 0 || !first_only); k++) {
        char lab[TC_LABEL_MAX];
        tc_net_label(tc_forest_net(forest), kids[k], false, lab, sizeof lab);
        int w = snprintf(buf + len, len < cap ? cap - len : 0, "%s%s", k ? " " : "", lab);
        len += (size_t)(w > 0 ? w : 0);
    }
}

tc_err_t tc_report_forest_json(FILE *out, const tc_forest_t *forest, bool labels)
{
    return tc_report_forest_json_meta(out, forest, labels, NULL);
}

tc_err_t tc_report_forest_json_meta(FILE *out, const tc_forest_t *forest, bool labels,
                                    const char *root_choice)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    int64_t N = net->nodes;
    char lab[TC_LABEL_MAX];
    fprintf(out, "{\"format_version\":1,\"network\":{\"family\":\"star\",\"n\":%d,\"nodes\":%lld},",
            n, (long long)N);
    fprintf(out, "\"kind\":\"%s\",\"root\":", tc_kind_name(tc_forest_kind(forest)));
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    tc_report_json_string(out, lab);
    if (root_choice != NULL) {
        fprintf(out, ",\"root_choice\":%s", root_choice);
    }
    fputs(",\"trees\":[", out);
    int depth[TC_CHECK_MAX_TREES];
    forest_depths(forest, depth, NULL);
    uint8_t p[TC_STAR_MAX_N];
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        const uint8_t *dims = tc_forest_dims_const(forest, t);
        root_child_labels(forest, t, true, lab, sizeof lab);
        fprintf(out, "%s\n{\"index\":%d,\"root_child\":", t ? "," : "", tc_forest_label(forest, t));
        tc_report_json_string(out, lab);
        fprintf(out, ",\"depth\":%d,\"parent\":[", depth[t]);
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
            if (v) {
                fputc(',', out);
            }
            uint8_t d = dims[v];
            if (d == TC_PARENT_ROOT) {
                fputs("-1", out);
            } else if (d == TC_PARENT_NONE || d < 2 || d > n) {
                fputs("null", out);
            } else {
                put_id(out, tc__star_rank_after_move(n, p, v, d));
            }
        }
        fputs("]}", out);
    }
    fputs("]", out);
    if (labels) {
        fputs(",\n\"labels\":[", out);
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
            tc_star_format(n, p, false, lab, sizeof lab);
            fprintf(out, "%s\"%s\"", v ? "," : "", lab);
        }
        fputs("]", out);
    }
    fputs("}\n", out);
    return ferror(out) ? tc__fail(TC_EIO, "Writing the JSON document failed.") : TC_OK;
}

/* Every edge of tree t, parent to child in node order: one edge-list line, or one DOT edge. */
static void tree_edges(FILE *out, const tc_forest_t *forest, int t, bool dot)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    const uint8_t *dims = tc_forest_dims_const(forest, t);
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N];
    tc_star_unrank(n, 0, p);
    for (int64_t v = 0; v < net->nodes; v++, tc_star_next(n, p)) {
        uint8_t d = dims[v];
        if (d < 2 || d > n) {
            continue;
        }
        memcpy(q, p, (size_t)n);
        tc_star_move(q, d);
        tc_star_format(n, q, false, a, sizeof a);
        tc_star_format(n, p, false, b, sizeof b);
        if (dot) {
            fprintf(out, "    \"%s\" -> \"%s\" [label=\"T%d:%d\"];\n", a, b,
                    tc_forest_label(forest, t), d);
        } else {
            fprintf(out, "%d\t%s\t%s\t%d\n", tc_forest_label(forest, t), a, b, d);
        }
    }
}

tc_err_t tc_report_forest_edges(FILE *out, const tc_forest_t *forest)
{
    fputs("# tree\tparent\tchild\tdimension\n", out);
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        tree_edges(out, forest, t, false);
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the edge list failed.") : TC_OK;
}

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

tc_err_t tc_report_forest_dot(FILE *out, const tc_forest_t *forest)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    if (net->nodes > 120) {
        return tc__fail(TC_ETOOBIG, "DOT drawings are for S_n with n <= 5; S_%d has %lld nodes.", n,
                        (long long)net->nodes);
    }
    char a[TC_LABEL_MAX];
    tc_net_label(net, tc_forest_root(forest), false, a, sizeof a);
    fprintf(out, "digraph treecast {\n  label=\"%s of S_%d rooted at %s\";\n",
            tc_kind_name(tc_forest_kind(forest)), n, a);
    fputs("  node [shape=box, fontname=\"monospace\", fontsize=10];\n", out);
    fprintf(out, "  \"%s\" [style=filled, fillcolor=\"#ffe08a\"];\n", a);
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        const char *colour = palette[t % (int)(sizeof palette / sizeof palette[0])];
        fprintf(out, "  subgraph tree_%d {\n    edge [color=\"%s\", fontcolor=\"%s\"];\n",
                tc_forest_label(forest, t), colour, colour);
        tree_edges(out, forest, t, true);
        fputs("  }\n", out);
    }
    fputs("}\n", out);
    return ferror(out) ? tc__fail(TC_EIO, "Writing the DOT drawing failed.") : TC_OK;
}

static void draw(FILE *out, const tc_forest_t *forest, int t, int64_t v, int level)
{
    char lab[TC_LABEL_MAX];
    int64_t kids[TC_STAR_MAX_N];
    tc_net_label(tc_forest_net(forest), v, false, lab, sizeof lab);
    fprintf(out, "  %*s%s\n", 2 * level, "", lab);
    if (level > TC_STAR_MAX_N * 3) {
        return; /* a cycle in a hand-made forest; the check reports it */
    }
    int count = tc_forest_children(forest, t, v, kids);
    for (int k = 0; k < count; k++) {
        draw(out, forest, t, kids[k], level + 1);
    }
}

tc_err_t tc_report_forest_text(FILE *out, const tc_forest_t *forest)
{
    const tc_net_t *net = tc_forest_net(forest);
    char lab[TC_LABEL_MAX];
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    fprintf(out, "%s of S_%d rooted at %s: %d tree%s over %lld nodes\n",
            tc_kind_name(tc_forest_kind(forest)), net->n, lab, tc_forest_trees(forest),
            tc_forest_trees(forest) == 1 ? "" : "s", (long long)net->nodes);
    int depth[TC_CHECK_MAX_TREES];
    int64_t reached[TC_CHECK_MAX_TREES];
    forest_depths(forest, depth, reached);
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        char kids[TC_STAR_MAX_N * TC_LABEL_MAX];
        root_child_labels(forest, t, false, kids, sizeof kids);
        fprintf(out, "tree %d: %lld nodes, depth %d, root child%s %s\n", tc_forest_label(forest, t),
                (long long)reached[t], depth[t], strchr(kids, ' ') ? "ren" : "",
                kids[0] ? kids : "-");
    }
    if (net->nodes <= 120) {
        for (int t = 0; t < tc_forest_trees(forest); t++) {
            fprintf(out, "\ntree %d (children in the order of Section 3):\n",
                    tc_forest_label(forest, t));
            draw(out, forest, t, tc_forest_root(forest), 0);
        }
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the summary failed.") : TC_OK;
}
