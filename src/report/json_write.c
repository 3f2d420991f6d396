/* Writing forests: JSON, edge lists, DOT and text. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/report.h"
#include "trees/trees_internal.h"

#include <stdlib.h>
#include <string.h>

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

/* Parents are written a chunk of ids at a time (tc__forest_parents walks the network). */
#define CHUNK 4096

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
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    char lab[TC_LABEL_MAX];
    int64_t *chunk = tc__malloc_array(CHUNK, sizeof *chunk);
    if (chunk == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    if (tc_net_explicit(net)) { /* a graph given by its edges: the document carries them */
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        fputs("{\"format_version\":1,\"network\":{\"family\":\"graph\",\"name\":", out);
        tc_report_json_string(out, name);
        fprintf(out, ",\"nodes\":%lld,\n\"labels\":[", (long long)N);
        for (int64_t v = 0; v < N; v++) {
            tc_net_label(net, v, false, lab, sizeof lab);
            fputs(v ? "," : "", out);
            tc_report_json_string(out, lab);
        }
        fputs("],\n\"edges\":[", out);
        bool first = true;
        for (int64_t v = 0; v < N; v++) {
            for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
                int64_t u = tc_net_neighbor(net, v, d);
                if (u > v) {
                    fprintf(out, "%s[%lld,%lld", first ? "" : ",", (long long)v, (long long)u);
                    if (tc_net_capacitated(net)) {
                        fprintf(out, ",%lld,%lld", (long long)tc_net_capacity(net, v, d),
                                (long long)tc_net_capacity(net, u, tc_net_edge_dim(net, u, v)));
                    }
                    fputc(']', out);
                    first = false;
                }
            }
        }
        fputc(']', out);
        if (tc_net_switches(net)) {
            fputs(",\n\"switches\":[", out);
            first = true;
            for (int64_t v = 0; v < N; v++) {
                if (tc_net_role(net, v) == TC_ROLE_SWITCH) {
                    fprintf(out, "%s%lld", first ? "" : ",", (long long)v);
                    first = false;
                }
            }
            fputc(']', out);
        }
        fputs("},\n", out);
    } else {
        fprintf(out, "{\"format_version\":1,\"network\":{\"family\":\"%s\",\"n\":%d,",
                tc_net_family_name(net), n);
        if (tc__net_params(net) > 2) { /* a family of fabrics: its specification names it */
            char spec[TC_LABEL_MAX];
            tc_net_spec(net, spec, sizeof spec);
            fputs("\"spec\":", out);
            tc_report_json_string(out, spec);
            fputc(',', out);
        }
        if (tc__net_params(net) == 2) {
            fprintf(out, "\"k\":%d,", tc_net_k(net));
        }
        fprintf(out, "\"nodes\":%lld},", (long long)N);
    }
    fprintf(out, "\"kind\":\"%s\",\"root\":", tc_kind_name(tc_forest_kind(forest)));
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    tc_report_json_string(out, lab);
    if (root_choice != NULL) {
        fprintf(out, ",\"root_choice\":%s", root_choice);
    }
    fputs(",\"trees\":[", out);
    int depth[TC_CHECK_MAX_TREES];
    forest_depths(forest, depth, NULL);
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
        (void)dims;
        for (int64_t lo = 0; lo < N; lo += CHUNK) {
            int64_t count = N - lo < CHUNK ? N - lo : CHUNK;
            tc__forest_parents(forest, t, lo, count, chunk);
            for (int64_t j = 0; j < count; j++) {
                if (lo + j) {
                    fputc(',', out);
                }
                if (chunk[j] == -2) {
                    fputs("null", out);
                } else {
                    put_id(out, chunk[j]);
                }
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
        for (int64_t v = 0; v < N; v++) {
            tc_net_label(net, v, false, lab, sizeof lab);
            fputs(v ? "," : "", out);
            tc_report_json_string(out, lab);
        }
        fputs("]", out);
    }
    fputs("}\n", out);
    free(chunk);
    return ferror(out) ? tc__fail(TC_EIO, "Writing the JSON document failed.") : TC_OK;
}

/* Every edge of tree t, parent to child in node order: one edge-list line, or one DOT edge. */
static void tree_edges(FILE *out, const tc_forest_t *forest, int t, bool dot)
{
    const tc_net_t *net = tc_forest_net(forest);
    const uint8_t *dims = tc_forest_dims_const(forest, t);
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
    int64_t N = tc_net_nodes(net);
    for (int64_t v = 0; v < N; v++) {
        uint8_t d = dims[v];
        int64_t parent = tc_forest_parent(forest, t, v);
        if (parent < 0) {
            continue;
        }
        tc_net_label(net, parent, false, a, sizeof a);
        tc_net_label(net, v, false, b, sizeof b);
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
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    if (tc_net_nodes(net) > 128) {
        return tc__fail(TC_ETOOBIG,
                        "DOT drawings are for networks of at most 128 nodes (S_5, Q_7); %s has "
                        "%lld.",
                        name, (long long)tc_net_nodes(net));
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
    char lab[TC_LABEL_MAX], name[TC_LABEL_MAX];
    tc_net_label(net, tc_forest_root(forest), false, lab, sizeof lab);
    tc_net_name(net, name, sizeof name);
    fprintf(out, "%s of %s rooted at %s: %d tree%s over %lld nodes\n",
            tc_kind_name(tc_forest_kind(forest)), name, lab, tc_forest_trees(forest),
            tc_forest_trees(forest) == 1 ? "" : "s", (long long)tc_net_nodes(net));
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
    bool paper_order = tc_kind_children_after_label(tc_forest_kind(forest), net);
    if (tc_net_nodes(net) <= 128) {
        for (int t = 0; t < tc_forest_trees(forest); t++) {
            fprintf(out, "\ntree %d (children %s):\n", tc_forest_label(forest, t),
                    paper_order ? "in the order of Section 3" : "by ascending dimension");
            draw(out, forest, t, tc_forest_tree_root(forest, t), 0);
        }
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the summary failed.") : TC_OK;
}

tc_err_t tc_report_ist_table(FILE *out, const tc_forest_t *forest, int t)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = tc_net_n(net);
    if (tc_forest_kind(forest) != TC_KIND_IST || !tc_kind_applies(TC_KIND_IST, net)) {
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
    for (int64_t x = 0; x < tc_net_nodes(net); x++) {
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

void tc_report_json_network(tc_json_t *j, const tc_net_t *net)
{
    tc_json_key(j, "network");
    tc_json_object(j);
    tc_json_kstr(j, "family", tc_net_family_name(net));
    if (tc_net_explicit(net)) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        tc_json_kstr(j, "name", name);
    } else {
        tc_json_kint(j, "n", tc_net_n(net));
        if (tc__net_params(net) == 2) {
            tc_json_kint(j, "k", tc_net_k(net));
        }
        if (tc__net_params(net) > 2) {
            char spec[TC_LABEL_MAX];
            tc_net_spec(net, spec, sizeof spec);
            tc_json_kstr(j, "spec", spec);
        }
    }
    tc_json_kint(j, "nodes", tc_net_nodes(net));
    tc_json_end_object(j);
}

/* ---- check results -------------------------------------------------------------------------- */

static void int_array(tc_json_t *j, const char *key, const int64_t *v, int count)
{
    if (key != NULL) {
        tc_json_key(j, key);
    }
    tc_json_array(j);
    for (int k = 0; k < count; k++) {
        tc_json_int(j, v[k]);
    }
    tc_json_end_array(j);
}

static void levels_json(tc_json_t *j, const tc_net_t *net, const tc_check_report_t *rep)
{
    int levels = 0;
    while (levels < TC_CHECK_MAX_LEVELS && rep->level_nodes[levels] > 0) {
        levels++;
    }
    int64_t fan[TC_CHECK_MAX_LEVELS];
    for (int l = 0; l < levels; l++) {
        fan[l] = rep->level_fanout[l];
    }
    tc_json_key(j, "levels");
    tc_json_object(j);
    int_array(j, "nodes", rep->level_nodes, levels);
    int_array(j, "max_fanout", fan, levels);
    tc_json_key(j, "tree0_edges_per_dimension");
    tc_json_array(j);
    int dims = tc_net_degree(net) < TC_CHECK_MAX_DIMS ? tc_net_degree(net) : TC_CHECK_MAX_DIMS;
    for (int l = 1; l < levels; l++) {
        int_array(j, NULL, rep->level_dim_edges[l], dims);
    }
    tc_json_end_array(j);
    tc_json_kint(j, "cyclic_inner", rep->cyclic_inner);
    tc_json_end_object(j);
}

void tc_report_check_json(tc_json_t *j, const tc_net_t *net, const tc_check_report_t *rep,
                          const tc_claims_t *claims)
{
    char lab[TC_LABEL_MAX];
    int64_t tmp[TC_CHECK_MAX_TREES];
    tc_net_label(net, rep->root, false, lab, sizeof lab);
    tc_json_object(j);
    tc_json_kstr(j, "root", lab);
    tc_json_kint(j, "trees", rep->ntrees);
    for (int t = 0; t < rep->ntrees; t++) {
        tmp[t] = rep->label[t];
    }
    int_array(j, "tree_index", tmp, rep->ntrees);
    for (int t = 0; t < rep->ntrees; t++) {
        tmp[t] = rep->depth[t];
    }
    int_array(j, "depth", tmp, rep->ntrees);
    tc_json_key(j, "depth_histogram"); /* per tree: reached nodes at depth 0, 1, ... */
    tc_json_array(j);
    for (int t = 0; t < rep->ntrees; t++) {
        int levels = rep->reached[t] > 0 ? rep->depth[t] + 1 : 0;
        int_array(j, NULL, rep->depth_count[t],
                  levels < TC_CHECK_MAX_LEVELS ? levels : TC_CHECK_MAX_LEVELS);
    }
    tc_json_end_array(j);
    int_array(j, "reached", rep->reached, rep->ntrees);
    int_array(j, "cyclic", rep->cyclic, rep->ntrees);
    bool spanning = true, moved = false;
    for (int t = 0; t < rep->ntrees; t++) {
        spanning = spanning && rep->reached[t] == rep->nodes;
        moved = moved || rep->tree_root[t] != rep->root;
    }
    tc_json_kbool(j, "spanning", spanning);
    tc_json_kint(j, "directed_shared", rep->shared_directed);
    tc_json_kbool(j, "directed_disjoint", rep->shared_directed == 0);
    if (rep->undirected_tested) {
        tc_json_key(j, "undirected_use");
        tc_json_object(j);
        tc_json_kint(j, "both", rep->undirected_use[2]);
        tc_json_kint(j, "one", rep->undirected_use[1]);
        tc_json_kint(j, "unused", rep->undirected_use[0]);
        tc_json_end_object(j);
    }
    if (rep->indep_tested) {
        tc_json_key(j, "independence");
        tc_json_object(j);
        tc_json_kint(j, "nodes", rep->indep_nodes);
        tc_json_kint(j, "violations", rep->indep_violations);
        tc_json_kbool(j, "independent", rep->indep_violations == 0);
        tc_json_kstr(j, "mode", rep->indep_sampled ? "sample" : "exhaustive");
        if (rep->indep_sampled) {
            tc_json_key(j, "seed");
            tc_json_uint(j, rep->indep_seed);
        }
        tc_json_end_object(j);
    }
    if (rep->excess_tested) {
        int_array(j, "path_excess", rep->excess, TC_CHECK_EXCESS_BINS);
    }
    if (rep->rot_tested) {
        tc_json_key(j, "rotation");
        tc_json_object(j);
        tc_json_kint(j, "pairs", rep->rot_checked);
        tc_json_kint(j, "violations", rep->rot_violations);
        tc_json_end_object(j);
    }
    if (moved) {
        tc_json_key(j, "tree_roots");
        tc_json_array(j);
        for (int t = 0; t < rep->ntrees; t++) {
            tc_net_label(net, rep->tree_root[t], false, lab, sizeof lab);
            tc_json_str(j, lab);
        }
        tc_json_end_array(j);
    }
    if (rep->levels_tested) {
        levels_json(j, net, rep);
    }
    tc_json_key(j, "properties");
    tc_json_array(j);
    for (int k = 0; k < claims->count; k++) {
        const tc_claim_row_t *r = &claims->rows[k];
        tc_json_newline(j);
        tc_json_object(j);
        tc_json_kstr(j, "key", r->key);
        tc_json_kstr(j, "property", r->property);
        tc_json_kstr(j, "measured", r->measured);
        tc_json_kstr(j, "claim", r->claim);
        tc_json_kstr(j, "source", r->source);
        tc_json_kstr(j, "verdict", tc_verdict_name(r->verdict));
        tc_json_end_object(j);
    }
    tc_json_end_array(j);
    tc_json_kbool(j, "all_hold", claims->all_hold);
    tc_json_end_object(j);
}
