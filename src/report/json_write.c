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

/* A cursor over the node ids in order, carrying the label (the permutation on S_n) so that a
 * neighbour costs no unranking. */
typedef struct {
    const tc_net_t *net;
    int64_t v;
    uint8_t p[TC_STAR_MAX_N];
} cursor_t;

static void cur_start(cursor_t *c, const tc_net_t *net)
{
    c->net = net;
    c->v = 0;
    if (net->family == TC_NET_STAR) {
        tc_star_unrank(net->n, 0, c->p);
    }
}

static void cur_next(cursor_t *c)
{
    c->v++;
    if (c->net->family == TC_NET_STAR && c->v < c->net->nodes) {
        tc_star_next(c->net->n, c->p);
    }
}

/* The neighbour along d, or -1 when d is not a dimension (a marker or garbage). */
static int64_t cur_parent(const cursor_t *c, uint8_t d)
{
    const tc_net_t *net = c->net;
    if (d < tc_net_dim_min(net) || d > tc_net_dim_max(net)) {
        return -1;
    }
    if (net->family != TC_NET_STAR) {
        int64_t u = c->v ^ ((int64_t)1 << d);
        return u < net->nodes ? u : -1;
    }
    return tc__star_rank_after_move(net->n, c->p, c->v, d);
}

static void cur_label(const cursor_t *c, char *buf, size_t cap)
{
    if (c->net->family != TC_NET_STAR) {
        tc_net_label(c->net, c->v, false, buf, cap);
    } else {
        tc_star_format(c->net->n, c->p, false, buf, cap);
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
    int64_t kids[TC_CHECK_MAX_DIMS];
    int count = tc_forest_children(forest, t, tc_forest_tree_root(forest, t), kids);
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
    fprintf(out, "{\"format_version\":1,\"network\":{\"family\":\"%s\",\"n\":%d,",
            tc_net_family_name(net), n);
    if (net->family == TC_NET_ICUBE) {
        fprintf(out, "\"k\":%d,", net->k);
    }
    fprintf(out, "\"nodes\":%lld},", (long long)N);
    fprintf(out, "\"kind\":\"%s\",\"root\":", tc_kind_name(tc_forest_kind(forest)));
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    tc_report_json_string(out, lab);
    if (root_choice != NULL) {
        fprintf(out, ",\"root_choice\":%s", root_choice);
    }
    fputs(",\"trees\":[", out);
    int depth[TC_CHECK_MAX_TREES];
    forest_depths(forest, depth, NULL);
    cursor_t cur;
    int64_t root = tc_forest_root(forest);
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        const uint8_t *dims = tc_forest_dims_const(forest, t);
        root_child_labels(forest, t, true, lab, sizeof lab);
        fprintf(out, "%s\n{\"index\":%d,", t ? "," : "", tc_forest_label(forest, t));
        if (tc_forest_tree_root(forest, t) != root) {
            char tr[TC_LABEL_MAX];
            tc_net_label(net, tc_forest_tree_root(forest, t), false, tr, sizeof tr);
            fputs("\"root\":", out);
            tc_report_json_string(out, tr);
            fputc(',', out);
        }
        fputs("\"root_child\":", out);
        tc_report_json_string(out, lab);
        fprintf(out, ",\"depth\":%d,\"parent\":[", depth[t]);
        for (cur_start(&cur, net); cur.v < N; cur_next(&cur)) {
            if (cur.v) {
                fputc(',', out);
            }
            uint8_t d = dims[cur.v];
            int64_t parent = cur_parent(&cur, d);
            if (d == TC_PARENT_ROOT) {
                fputs("-1", out);
            } else if (parent < 0) {
                fputs("null", out);
            } else {
                put_id(out, parent);
            }
        }
        fputs("]", out);
        int variant = tc_kind_sbnt_variant(tc_forest_kind(forest));
        if (variant >= 0) { /* the root subtree of every node: index(node XOR root) */
            fputs(",\"subtree\":[", out);
            for (int64_t v = 0; v < N; v++) {
                fputs(v ? "," : "", out);
                put_id(out,
                       v == root ? -1 : tc_cube_index(n, (uint64_t)(v ^ root), (tc_sbnt_t)variant));
            }
            fputs("]", out);
        }
        fputs("}", out);
    }
    fputs("]", out);
    if (labels) {
        fputs(",\n\"labels\":[", out);
        for (cur_start(&cur, net); cur.v < N; cur_next(&cur)) {
            cur_label(&cur, lab, sizeof lab);
            fprintf(out, "%s\"%s\"", cur.v ? "," : "", lab);
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
    const uint8_t *dims = tc_forest_dims_const(forest, t);
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
    cursor_t cur;
    for (cur_start(&cur, net); cur.v < net->nodes; cur_next(&cur)) {
        uint8_t d = dims[cur.v];
        int64_t parent = cur_parent(&cur, d);
        if (parent < 0) {
            continue;
        }
        tc_net_label(net, parent, false, a, sizeof a);
        cur_label(&cur, b, sizeof b);
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
    char name[16];
    tc_net_name(net, name, sizeof name);
    if (net->nodes > 128) {
        return tc__fail(TC_ETOOBIG,
                        "DOT drawings are for networks of at most 128 nodes (S_5, Q_7); %s has "
                        "%lld.",
                        name, (long long)net->nodes);
    }
    char a[TC_LABEL_MAX];
    tc_net_label(net, tc_forest_root(forest), false, a, sizeof a);
    fprintf(out, "digraph treecast {\n  label=\"%s of %s rooted at %s\";\n",
            tc_kind_name(tc_forest_kind(forest)), name, a);
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
    int64_t kids[TC_CHECK_MAX_DIMS];
    tc_net_label(tc_forest_net(forest), v, false, lab, sizeof lab);
    fprintf(out, "  %*s%s\n", 2 * level, "", lab);
    if (level > TC_CHECK_MAX_DIMS * 3) {
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
    char lab[TC_LABEL_MAX], name[16];
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    tc_net_name(net, name, sizeof name);
    fprintf(out, "%s of %s rooted at %s: %d tree%s over %lld nodes\n",
            tc_kind_name(tc_forest_kind(forest)), name, lab, tc_forest_trees(forest),
            tc_forest_trees(forest) == 1 ? "" : "s", (long long)net->nodes);
    int depth[TC_CHECK_MAX_TREES];
    int64_t reached[TC_CHECK_MAX_TREES];
    forest_depths(forest, depth, reached);
    for (int t = 0; t < tc_forest_trees(forest); t++) {
        char kids[TC_CHECK_MAX_DIMS * TC_LABEL_MAX];
        root_child_labels(forest, t, false, kids, sizeof kids);
        fprintf(out, "tree %d: %lld nodes, depth %d, root child%s %s\n", tc_forest_label(forest, t),
                (long long)reached[t], depth[t], strchr(kids, ' ') ? "ren" : "",
                kids[0] ? kids : "-");
    }
    if (net->nodes <= 128) {
        for (int t = 0; t < tc_forest_trees(forest); t++) {
            fprintf(out, "\ntree %d (children %s):\n", tc_forest_label(forest, t),
                    net->family != TC_NET_STAR ? "by ascending dimension"
                                               : "in the order of Section 3");
            draw(out, forest, t, tc_forest_tree_root(forest, t), 0);
        }
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the summary failed.") : TC_OK;
}

tc_err_t tc_report_ist_table(FILE *out, const tc_forest_t *forest, int t)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    if (net->family != TC_NET_CUBE || tc_forest_kind(forest) != TC_KIND_IST) {
        return tc__fail(TC_EINVAL, "The table layout of paper 004 is for the ist kind on cube:N.");
    }
    if (t < 0 || t >= tc_forest_trees(forest)) {
        return tc__fail(TC_EINVAL, "Tree %d does not exist; the forest has trees 0..%d.", t,
                        tc_forest_trees(forest) - 1);
    }
    int64_t root = tc_forest_root(forest);
    const uint8_t *dims = tc_forest_dims_const(forest, t);
    char bits[TC_LABEL_MAX], pbits[TC_LABEL_MAX], rbits[TC_LABEL_MAX];
    tc_cube_format(n, (uint64_t)root, rbits, sizeof rbits);
    fprintf(out,
            "# T_%d of Q_%d rooted at r = %lld:%s, i = %d (the layout of paper 004, Tables "
            "5.1-5.5)\n",
            t, n, (long long)root, rbits, t);
    fprintf(out, "x\tbinary\tH(r,x)\tsucc(%d)\t2^succ(%d)\tparent(T_%d,x)\n", t, t, t);
    for (int64_t x = 0; x < net->nodes; x++) {
        tc_cube_format(n, (uint64_t)x, bits, sizeof bits);
        fprintf(out, "%lld\t%s", (long long)x, bits);
        uint64_t h = (uint64_t)(x ^ root);
        if (h == 0) {
            fputs("\t\t\t\t\n", out);
            continue;
        }
        /* the positions where x and r differ, from position i on, cyclically */
        fputs("\t<", out);
        int first = 1, succ = -1;
        for (int step = 0; step < n; step++) {
            int b = (t + step) % n;
            if ((h >> b) & 1u) {
                fprintf(out, "%s%d", first ? "" : ",", b);
                first = 0;
                if (succ < 0 && step > 0) {
                    succ = b;
                }
            }
        }
        fputc('>', out);
        bool leaf = !((h >> t) & 1u);
        if (!leaf && succ < 0) {
            succ = t; /* i is the only differing position */
        }
        uint8_t d = dims[x];
        if (leaf) {
            fputs("\t-\t-", out);
        } else {
            fprintf(out, "\t%d\t%lld", succ, (long long)1 << succ);
        }
        if (d < n) {
            int64_t p = x ^ ((int64_t)1 << d);
            tc_cube_format(n, (uint64_t)p, pbits, sizeof pbits);
            fprintf(out, "\t%s:%lld\n", pbits, (long long)p);
        } else {
            fputs("\t?\n", out); /* a non-root without a parent: the check reports it */
        }
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the table failed.") : TC_OK;
}
