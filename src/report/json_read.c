/* Reading a forest JSON document: a small schema-directed parser (RFC 8259 syntax, unknown keys
 * skipped), strict about everything the forest depends on. */
#include "core/internal.h"
#include "core/json_scan.h"
#include "net/net_internal.h"
#include "treecast/report.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ---- the forest schema --------------------------------------------------------------------- */

#define MAX_TREES 64
#define TREE_INDEX_MAX 999 /* a tree's index is its label: a dimension, a port or a number */

typedef struct {
    int64_t version;
    bool have_version, have_network, have_trees;
    char family[32];
    char spec[TC_LABEL_MAX]; /* a family of fabrics names its network so ("fattree:4"), or "" */
    int64_t n, nodes, k;
    bool have_k, have_nodes;
    char kind[32];
    char root[TC_LABEL_MAX * 2];
    bool have_root;
    int ntrees;
    int64_t index[MAX_TREES];
    char root_child[MAX_TREES][TC_LABEL_MAX * 2];
    char tree_root[MAX_TREES][TC_LABEL_MAX * 2]; /* "" when the tree has the forest's root */
    tc_net_t *net;                               /* made when "network" has been read */
    const tc_net_t *hint;                        /* the caller's network, or NULL */
    int64_t *parent[MAX_TREES];                  /* file ids; -1 root; -2 null */
    int64_t *label_rank;                         /* file id -> rank, or NULL */
    uint8_t *seen;                               /* ranks seen among labels */
    int64_t nlabels;
    /* current tree during parsing */
    int cur;
    uint32_t seen_keys;     /* top-level keys already read (each may appear once) */
    uint32_t seen_net_keys; /* and those of "network" */
} doc_t;

/* The network the document is read onto: the caller's, or the one it names. */
static const tc_net_t *doc_net(const doc_t *d)
{
    return d->hint != NULL ? d->hint : d->net;
}

static bool network_member(tc__js_t *r, const char *key, void *ctx)
{
    doc_t *d = ctx;
    static const char *const once[] = {"family", "n", "k", "nodes", "spec"};
    for (unsigned k = 0; k < sizeof once / sizeof once[0]; k++) {
        if (strcmp(key, once[k]) == 0) {
            if (d->seen_net_keys & (1u << k)) {
                TC__JS_FAIL(r, "\"network\" has \"%s\" twice", key);
            }
            d->seen_net_keys |= 1u << k;
        }
    }
    if (strcmp(key, "family") == 0) {
        return tc__js_str(r, d->family, sizeof d->family);
    }
    if (strcmp(key, "spec") == 0) {
        return tc__js_str(r, d->spec, sizeof d->spec);
    }
    int64_t *count = strcmp(key, "n") == 0       ? &d->n
                     : strcmp(key, "k") == 0     ? &d->k
                     : strcmp(key, "nodes") == 0 ? &d->nodes
                                                 : NULL;
    if (count == NULL) {
        return tc__js_skip(r, 1);
    }
    d->have_k = d->have_k || count == &d->k;
    d->have_nodes = d->have_nodes || count == &d->nodes;
    if (!tc__js_int(r, count, NULL)) {
        return false;
    }
    if (*count < 0) { /* a size, never negative: "cube:-5" is no network to look up */
        TC__JS_FAIL(r, "\"%s\" is %lld; a size is not negative", key, (long long)*count);
    }
    return true;
}

/* The network must be known before arrays are read: the size comes from it. */
static bool need_network(tc__js_t *r, doc_t *d)
{
    if (!d->have_network) {
        TC__JS_FAIL(r, "\"network\" must come before \"trees\" and \"labels\"");
    }
    return true;
}

/* Refuse an array of n entries of at least `least` bytes each (and n - 1 commas) when the rest
 * of the input cannot hold it: a short file declaring a huge network must not make the reader
 * allocate for it. */
static bool input_holds(tc__js_t *r, int64_t n, int64_t least, const char *what)
{
    int64_t left = (int64_t)(r->end - r->p);
    if (n > 0 && (n > left || (least + 1) * n - 1 > left)) {
        TC__JS_FAIL(r,
                    "%s needs %lld entries (at least %lld bytes), but %lld bytes of input are left",
                    what, (long long)n, (long long)((least + 1) * n - 1), (long long)left);
    }
    return true;
}

static bool parent_array(tc__js_t *r, doc_t *d)
{
    int64_t N = d->nodes;
    char what[48];
    snprintf(what, sizeof what, "the parent array of trees[%d]", d->cur);
    if (!input_holds(r, N, 1, what)) {
        return false;
    }
    int64_t *a = tc__malloc_array((size_t)N, sizeof *a);
    if (a == NULL) {
        r->err =
            tc__fail(TC_ENOMEM, "Could not allocate a parent array of %lld entries.", (long long)N);
        return false;
    }
    d->parent[d->cur] = a;
    if (!tc__js_expect(r, '[')) {
        return false;
    }
    for (int64_t v = 0; v < N; v++) {
        bool is_null;
        int64_t x;
        if (v > 0 && tc__js_peek(r, ']')) {
            TC__JS_FAIL(
                r, "the parent array of trees[%d] has %lld entries; the network has %lld nodes",
                d->cur, (long long)v, (long long)N);
        }
        if (v > 0 && !tc__js_expect(r, ',')) {
            return false;
        }
        if (!tc__js_int(r, &x, &is_null)) {
            return false;
        }
        if (!is_null && (x < -1 || x >= N)) {
            TC__JS_FAIL(r, "parent %lld of node %lld in trees[%d] is outside -1..%lld",
                        (long long)x, (long long)v, d->cur, (long long)N - 1);
        }
        a[v] = is_null ? -2 : x;
    }
    if (tc__js_peek(r, ',')) {
        TC__JS_FAIL(r, "the parent array of trees[%d] has more than %lld entries", d->cur,
                    (long long)N);
    }
    return tc__js_expect(r, ']');
}

static bool tree_member(tc__js_t *r, const char *key, void *ctx)
{
    doc_t *d = ctx;
    if (strcmp(key, "index") == 0) {
        if (!tc__js_int(r, &d->index[d->cur], NULL)) {
            return false;
        }
        if (d->index[d->cur] < 0 || d->index[d->cur] > TREE_INDEX_MAX) {
            TC__JS_FAIL(r, "the index of trees[%d] is %lld; an index is 0..%d", d->cur,
                        (long long)d->index[d->cur], TREE_INDEX_MAX);
        }
        return true;
    }
    if (strcmp(key, "root_child") == 0) {
        return tc__js_str(r, d->root_child[d->cur], sizeof d->root_child[d->cur]);
    }
    if (strcmp(key, "root") == 0) {
        return tc__js_str(r, d->tree_root[d->cur], sizeof d->tree_root[d->cur]);
    }
    if (strcmp(key, "parent") == 0) {
        if (d->parent[d->cur] != NULL) {
            TC__JS_FAIL(r, "trees[%d] has two parent arrays", d->cur);
        }
        return parent_array(r, d);
    }
    return tc__js_skip(r, 1);
}

static bool trees_array(tc__js_t *r, doc_t *d)
{
    if (!need_network(r, d) || !tc__js_expect(r, '[')) {
        return false;
    }
    d->have_trees = true;
    if (tc__js_peek(r, ']')) {
        TC__JS_FAIL(r, "\"trees\" is empty");
    }
    for (;;) {
        if (d->ntrees >= MAX_TREES) {
            TC__JS_FAIL(r, "more than %d trees", MAX_TREES);
        }
        d->cur = d->ntrees++;
        d->index[d->cur] = d->cur;
        if (!tc__js_object(r, tree_member, d)) {
            return false;
        }
        if (d->parent[d->cur] == NULL) {
            TC__JS_FAIL(r, "trees[%d] has no \"parent\" array", d->cur);
        }
        if (tc__js_peek(r, ',')) {
            r->p++;
            continue;
        }
        return tc__js_expect(r, ']');
    }
}

static bool labels_array(tc__js_t *r, doc_t *d)
{
    if (!need_network(r, d) || !tc__js_expect(r, '[')) {
        return false;
    }
    int64_t N = d->nodes;
    if (!input_holds(r, N, 3, "\"labels\"")) { /* a label is a string of one symbol or more */
        return false;
    }
    d->label_rank = tc__malloc_array((size_t)N, sizeof *d->label_rank);
    d->seen = calloc((size_t)N, 1);
    if (d->label_rank == NULL || d->seen == NULL) {
        r->err = tc__fail(TC_ENOMEM, "Could not allocate the label table.");
        return false;
    }
    char text[TC_LABEL_MAX * 2];
    for (int64_t v = 0; v < N; v++) {
        if (v > 0 && tc__js_peek(r, ']')) {
            TC__JS_FAIL(r, "\"labels\" has %lld entries; the network has %lld nodes", (long long)v,
                        (long long)N);
        }
        if (v > 0 && !tc__js_expect(r, ',')) {
            return false;
        }
        if (!tc__js_str(r, text, sizeof text)) {
            return false;
        }
        int64_t rank;
        if (tc_net_parse_label(doc_net(d), text, &rank) != TC_OK) {
            TC__JS_FAIL(r, "label %lld: %s", (long long)v, tc_err_detail());
        }
        if (d->seen[rank]) {
            TC__JS_FAIL(r, "label \"%s\" appears twice", text);
        }
        d->seen[rank] = 1;
        d->label_rank[v] = rank;
    }
    if (tc__js_peek(r, ',')) {
        TC__JS_FAIL(r, "\"labels\" has more than %lld entries", (long long)N);
    }
    d->nlabels = N;
    return tc__js_expect(r, ']');
}

static bool top_member(tc__js_t *r, const char *key, void *ctx)
{
    doc_t *d = ctx;
    static const char *const once[] = {"format_version", "network", "kind",
                                       "root",           "trees",   "labels"};
    for (unsigned k = 0; k < sizeof once / sizeof once[0]; k++) {
        if (strcmp(key, once[k]) == 0) {
            if (d->seen_keys & (1u << k)) {
                TC__JS_FAIL(r, "\"%s\" appears twice", key);
            }
            d->seen_keys |= 1u << k;
        }
    }
    if (strcmp(key, "format_version") == 0) {
        d->have_version = true;
        if (!tc__js_int(r, &d->version, NULL)) {
            return false;
        }
        if (d->version != 1) {
            TC__JS_FAIL(r, "format_version %lld is not supported (this treecast reads 1)",
                        (long long)d->version);
        }
        return true;
    }
    if (strcmp(key, "network") == 0) {
        tc__js_t at = *r; /* a graph is read again from here, by net */
        if (!tc__js_object(r, network_member, d)) {
            return false;
        }
        if (strcmp(d->family, "graph") == 0 && d->hint == NULL) {
            tc_err_t err = tc__net_graph_scan(&at, NULL, &d->net);
            if (err != TC_OK) {
                r->err = err;
                return false;
            }
            d->nodes = tc_net_nodes(d->net);
            d->have_network = true;
            return true;
        }
        if (d->hint != NULL && !d->have_nodes && strcmp(d->family, "graph") == 0) {
            d->nodes = tc_net_nodes(d->hint); /* a graph document may leave its size out */
        }
        if (d->hint != NULL) { /* the caller's network: the document must name the same */
            char name[TC_LABEL_MAX];
            tc_net_name(d->hint, name, sizeof name);
            if (strcmp(d->family, tc_net_family_name(d->hint)) != 0 ||
                d->nodes != tc_net_nodes(d->hint)) {
                TC__JS_FAIL(r, "the document's network (%s, %lld nodes) is not %s (%lld nodes)",
                            d->family, (long long)d->nodes, name, (long long)tc_net_nodes(d->hint));
            }
            d->have_network = true;
            return true;
        }
        /* the network of the registry that the family, n and k name */
        char spec[96];
        size_t flen = strlen(d->family);
        if (d->spec[0] != '\0' &&
            (strncmp(d->spec, d->family, flen) != 0 || d->spec[flen] != ':')) {
            TC__JS_FAIL(r, "the network's \"spec\" %s is not of its family %s", d->spec, d->family);
        }
        if (d->spec[0] != '\0') {
            snprintf(spec, sizeof spec, "%s", d->spec);
        } else if (d->have_k) {
            snprintf(spec, sizeof spec, "%.31s:%lld,%lld", d->family, (long long)d->n,
                     (long long)d->k);
        } else {
            snprintf(spec, sizeof spec, "%.31s:%lld", d->family, (long long)d->n);
        }
        tc_err_t err = tc_net_parse(spec, &d->net);
        if (err != TC_OK) {
            TC__JS_FAIL(r, "network %s: %s", spec, tc_err_detail());
        }
        if (d->nodes != tc_net_nodes(d->net)) {
            char name[TC_LABEL_MAX];
            tc_net_name(d->net, name, sizeof name);
            TC__JS_FAIL(r, "\"nodes\" is %lld but %s has %lld", (long long)d->nodes, name,
                        (long long)tc_net_nodes(d->net));
        }
        if (!tc_net_materializable(d->net)) {
            char name[TC_LABEL_MAX];
            tc_net_name(d->net, name, sizeof name);
            r->err = tc__fail(TC_ETOOBIG, "%s is too large to read as a forest.", name);
            return false;
        }
        d->have_network = true;
        return true;
    }
    if (strcmp(key, "kind") == 0) {
        return tc__js_str(r, d->kind, sizeof d->kind);
    }
    if (strcmp(key, "root") == 0) {
        d->have_root = true;
        return tc__js_str(r, d->root, sizeof d->root);
    }
    if (strcmp(key, "trees") == 0) {
        return trees_array(r, d);
    }
    if (strcmp(key, "labels") == 0) {
        return labels_array(r, d);
    }
    return tc__js_skip(r, 1);
}

static void doc_free(doc_t *d)
{
    for (int t = 0; t < MAX_TREES; t++) {
        free(d->parent[t]);
    }
    free(d->label_rank);
    free(d->seen);
    tc_net_free(d->net);
}

tc_err_t tc_report_forest_read_json(const char *text, size_t len, tc_forest_t **out,
                                    int64_t *nonedges)
{
    return tc_report_forest_read(text, len, NULL, out, nonedges);
}

tc_err_t tc_report_forest_read(const char *text, size_t len, const tc_net_t *hint,
                               tc_forest_t **out, int64_t *nonedges)
{
    assert(text != NULL && out != NULL && nonedges != NULL);
    *out = NULL;
    *nonedges = 0;
    const char *nul = memchr(text, '\0', len); /* JSON text has none; the scanner would stop */
    if (nul != NULL) {
        tc__js_t at = {text, nul, text + len, TC_OK};
        return tc__fail(TC_EPARSE, "line %d: a NUL byte; a forest document is JSON text",
                        tc__js_line(&at));
    }
    tc__js_t r = {text, text, text + len, TC_OK};
    doc_t *d = calloc(1, sizeof *d);
    tc_net_t *owned = NULL;
    const tc_net_t *net = NULL;
    tc_forest_t *forest = NULL;
    tc_err_t err = TC_OK;
    if (d == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    d->hint = hint;
    if (!tc__js_object(&r, top_member, d)) {
        err = r.err != TC_OK ? r.err : tc__fail(TC_EPARSE, "malformed document");
        goto cleanup;
    }
    tc__js_ws(&r);
    if (r.p != r.end) {
        err = tc__fail(TC_EPARSE, "line %d: text after the end of the document", tc__js_line(&r));
        goto cleanup;
    }
    if (!d->have_version || !d->have_network || !d->have_trees || !d->have_root) {
        err = tc__fail(TC_EPARSE, "the document lacks \"%s\"",
                       !d->have_version   ? "format_version"
                       : !d->have_network ? "network"
                       : !d->have_trees   ? "trees"
                                          : "root");
        goto cleanup;
    }
    owned = d->net;
    d->net = NULL;
    net = hint != NULL ? hint : owned;
    int64_t root;
    if (tc_net_parse_label(net, d->root, &root) != TC_OK) {
        err = tc__fail(TC_EPARSE, "root: %s", tc_err_detail());
        goto cleanup;
    }
    for (int t = 0; t < d->ntrees; t++) {
        int64_t ignored;
        if (d->root_child[t][0] != '\0' &&
            tc_net_parse_label(net, d->root_child[t], &ignored) != TC_OK) {
            err = tc__fail(TC_EPARSE, "root_child of trees[%d]: %s", t, tc_err_detail());
            goto cleanup;
        }
    }
    int64_t troot[MAX_TREES];
    for (int t = 0; t < d->ntrees; t++) {
        troot[t] = root;
        if (d->tree_root[t][0] != '\0' &&
            tc_net_parse_label(net, d->tree_root[t], &troot[t]) != TC_OK) {
            err = tc__fail(TC_EPARSE, "root of trees[%d]: %s", t, tc_err_detail());
            goto cleanup;
        }
    }
    err = tc_forest_new(net, d->ntrees, root, &forest);
    if (err != TC_OK) {
        goto cleanup;
    }
    tc_kind_t kind;
    tc_forest_set_kind(forest, tc_kind_parse(d->kind, &kind) == TC_OK ? kind : TC_KIND_CUSTOM);
    tc__clear_detail();
    int64_t N = d->nodes;
    for (int t = 0; t < d->ntrees; t++) {
        uint8_t *dims = tc_forest_dims(forest, t);
        tc_forest_set_label(forest, t, (int)d->index[t]);
        tc_forest_set_tree_root(forest, t, troot[t]);
        for (int64_t v = 0; v < N; v++) {
            int64_t par = d->parent[t][v];
            int64_t rv = d->label_rank ? d->label_rank[v] : v;
            if (par == -2) {
                continue;
            }
            if (par == -1) {
                dims[rv] = TC_PARENT_ROOT;
                continue;
            }
            int64_t rp = d->label_rank ? d->label_rank[par] : par;
            int dim = tc_net_edge_dim(net, rv, rp);
            if (dim < 0) {
                (*nonedges)++;
            } else {
                dims[rv] = (uint8_t)dim;
            }
        }
    }
    *out = forest;
    forest = NULL;
cleanup:
    tc_forest_free(forest);
    tc_net_free(owned); /* the forest holds its own reference */
    doc_free(d);
    free(d);
    return err;
}
