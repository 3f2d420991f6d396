/* Fault sets: faulty nodes and directed links of a topology (seeded random, on root paths, or
 * listed by the caller), and the three languages that name them in text (a specification, an
 * item, a faults file). */
#include "treecast/faults.h"
#include "core/internal.h"
#include "treecast/io.h"
#include "treecast/rng.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tc_err_t tc_faults_init(tc_faults_t *out, const tc_topo_t *topo)
{
    assert(out != NULL && topo != NULL);
    memset(out, 0, sizeof *out);
    out->node = tc__calloc_array((size_t)topo->nodes, 1);
    out->link = tc__calloc_array((size_t)topo->nodes * (size_t)topo->ports, 1);
    if (out->node == NULL || out->link == NULL) {
        tc_faults_destroy(out);
        return tc__fail(TC_ENOMEM, "Out of memory for the fault sets.");
    }
    return TC_OK;
}

void tc_faults_add_node(tc_faults_t *f, int64_t v)
{
    if (!f->node[v]) {
        f->node[v] = 1;
        f->faulty_nodes++;
    }
}

void tc_faults_add_link(tc_faults_t *f, const tc_topo_t *topo, int64_t v, int port, bool both)
{
    int64_t link = v * topo->ports + port;
    if (!f->link[link]) {
        f->link[link] = 1;
        f->faulty_links++;
    }
    int64_t u = topo->nbr[link];
    if (both && u >= 0) {
        int back = topo->rev ? topo->rev[link] : port;
        int64_t rl = u * topo->ports + back;
        if (!f->link[rl]) {
            f->link[rl] = 1;
            f->faulty_links++;
        }
    }
}

void tc_faults_destroy(tc_faults_t *f)
{
    if (f == NULL) {
        return;
    }
    free(f->node);
    free(f->link);
    f->node = NULL;
    f->link = NULL;
}

tc_err_t tc_faults_random(tc_faults_t *out, const tc_topo_t *topo, tc_fault_kind_t kind, int64_t k,
                          uint64_t seed, int64_t protect)
{
    memset(out, 0, sizeof *out);
    int64_t N = topo->nodes;
    int64_t L = N * topo->ports, arcs = 0; /* table entries; directed links among them */
    for (int64_t l = 0; l < L; l++) {
        arcs += topo->nbr[l] >= 0;
    }
    int64_t node_cands = N - (protect >= 0 ? 1 : 0);
    if (k < 0 || (kind == TC_FAULTS_NODES && k > node_cands)) {
        return tc__fail(TC_ERANGE, "%lld faulty nodes do not fit: the network has %lld nodes%s.",
                        (long long)k, (long long)node_cands,
                        protect >= 0 ? " besides the source" : "");
    }
    if (((kind == TC_FAULTS_LINKS || kind == TC_FAULTS_MIXED) && k > arcs / 2) ||
        (kind == TC_FAULTS_ARCS && k > arcs)) {
        bool arcs_only = kind == TC_FAULTS_ARCS;
        return tc__fail(TC_ERANGE, "%lld %s do not fit: the network has %lld %s.", (long long)k,
                        arcs_only                 ? "faulty directed links"
                        : kind == TC_FAULTS_LINKS ? "faulty links"
                                                  : "mixed faults",
                        (long long)(arcs_only ? arcs : arcs / 2),
                        arcs_only ? "directed links" : "links");
    }
    tc_err_t err = tc_faults_init(out, topo);
    if (err != TC_OK) {
        return err;
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, 0x5eed);
    int64_t placed = 0, attempts = 0;
    while (placed < k && attempts < 64 * (k + 16) + 4 * L) {
        attempts++;
        bool as_node =
            kind == TC_FAULTS_NODES || (kind == TC_FAULTS_MIXED && (tc_rng_next(&rng) & 1));
        if (as_node) {
            int64_t v = (int64_t)tc_rng_below(&rng, (uint64_t)N);
            if (v == protect || out->node[v]) {
                continue;
            }
            tc_faults_add_node(out, v);
            placed++;
        } else {
            int64_t link = (int64_t)tc_rng_below(&rng, (uint64_t)L);
            int64_t v = link / topo->ports;
            int port = (int)(link % topo->ports);
            if (topo->nbr[link] < 0 || out->link[link]) {
                continue;
            }
            tc_faults_add_link(out, topo, v, port, kind != TC_FAULTS_ARCS);
            placed++;
        }
    }
    if (placed < k) {
        tc_faults_destroy(out);
        return tc__fail(TC_ERANGE, "Could not place %lld distinct faults.", (long long)k);
    }
    return TC_OK;
}

tc_err_t tc_faults_check_room(const tc_fault_spec_t *spec, const tc_topo_t *topo, int64_t protect)
{
    if (spec->on_paths || spec->k == 0) {
        return TC_OK; /* paths:K are placed by the trees, which say when they do not fit */
    }
    int64_t N = topo->nodes, L = topo->nodes * topo->ports, arcs = 0;
    for (int64_t l = 0; l < L; l++) {
        arcs += topo->nbr[l] >= 0;
    }
    if (spec->kind == TC_FAULTS_NODES && spec->k > N - 2) {
        bool fit = spec->k <= N - (protect >= 0);
        return tc__fail(TC_ERANGE,
                        "%lld faulty nodes %s: the network has %lld nodes and a run needs two "
                        "that work, %s and a node to reach (at most nodes:%lld)",
                        (long long)spec->k, fit ? "leave no node to route to" : "do not fit",
                        (long long)N, protect >= 0 ? "the source" : "a source",
                        (long long)(N > 2 ? N - 2 : 0));
    }
    int64_t most = spec->kind == TC_FAULTS_ARCS ? arcs : arcs / 2;
    if (spec->kind != TC_FAULTS_NODES && spec->k > most) {
        bool arc = spec->kind == TC_FAULTS_ARCS, link = spec->kind == TC_FAULTS_LINKS;
        return tc__fail(TC_ERANGE, "%lld %s do not fit: the network has %lld %s (at most %s:%lld)",
                        (long long)spec->k,
                        arc    ? "faulty directed links"
                        : link ? "faulty links"
                               : "mixed faults",
                        (long long)most, arc ? "directed links" : "links",
                        arc    ? "arcs"
                        : link ? "links"
                               : "mixed",
                        (long long)most);
    }
    return TC_OK;
}

/* ---- the languages ------------------------------------------------------------------------ */

tc_err_t tc_faults_parse_spec(const char *spec, tc_fault_spec_t *out)
{
    static const char *const names[] = {"nodes", "links", "arcs", "mixed", "paths"};
    static const tc_fault_kind_t kinds[] = {TC_FAULTS_NODES, TC_FAULTS_LINKS, TC_FAULTS_ARCS,
                                            TC_FAULTS_MIXED, TC_FAULTS_NODES};
    assert(spec != NULL && out != NULL);
    const char *colon = strchr(spec, ':');
    for (size_t k = 0; colon != NULL && k < sizeof names / sizeof names[0]; k++) {
        size_t n = (size_t)(colon - spec);
        if (strlen(names[k]) != n || strncmp(spec, names[k], n) != 0) {
            continue;
        }
        char *end = NULL;
        long count = strtol(colon + 1, &end, 10);
        if (colon[1] < '0' || colon[1] > '9' || *end != '\0' || count > TC_FAULTS_SPEC_MAX) {
            return tc__fail(TC_ERANGE,
                            "Fault specification \"%.100s\" needs an integer in 0..%d after the "
                            "colon.",
                            spec, TC_FAULTS_SPEC_MAX);
        }
        out->kind = kinds[k];
        out->k = count;
        out->on_paths = k == 4;
        return TC_OK;
    }
    return tc__fail(TC_EINVAL,
                    "Unknown fault specification \"%.100s\"; expected nodes:K, links:K, arcs:K, "
                    "mixed:K or paths:K.",
                    spec);
}

static bool known_kind(const char *kind)
{
    return strcmp(kind, "node") == 0 || strcmp(kind, "link") == 0 || strcmp(kind, "arc") == 0;
}

/* One listed fault of a known kind (node, link, arc) at label, along dim (NULL: none); where
 * starts the detail. */
static tc_err_t add_fault(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                          tc_faults_t *f, const char *kind, const char *label, const char *dim,
                          const char *where)
{
    int64_t v;
    if (tc_net_parse_label(net, label, &v) != TC_OK) {
        return tc__fail(TC_EPARSE, "%s: %s", where, tc_err_detail());
    }
    if (strcmp(kind, "node") == 0 && dim == NULL) {
        if (v == protect) {
            return tc__fail(TC_EINVAL, "%s: the source %s cannot be faulty", where, label);
        }
        tc_faults_add_node(f, v);
        return TC_OK;
    }
    if (strcmp(kind, "node") != 0 && dim != NULL) {
        char *end = NULL;
        long d = strtol(dim, &end, 10);
        int lo = tc_net_dim_min(net), hi = tc_net_dim_max(net);
        if (*dim == '\0' || *end != '\0' || d < lo || d > hi ||
            tc_net_neighbor(net, v, (int)d) < 0) {
            return tc__fail(TC_EPARSE, "%s: dimension \"%s\" is not an edge of %s (%d..%d)", where,
                            dim, label, lo, hi);
        }
        tc_faults_add_link(f, topo, v, (int)(d - lo), kind[0] == 'l');
        return TC_OK;
    }
    return tc__fail(TC_EPARSE, "%s: expected node LABEL, link LABEL DIM or arc LABEL DIM", where);
}

tc_err_t tc_faults_parse_item(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                              const char *item, tc_faults_t *f)
{
    assert(net != NULL && topo != NULL && item != NULL && f != NULL);
    char where[128];
    snprintf(where, sizeof where, "%.100s", item);
    char *kind = strdup(item); /* an item of any length */
    if (kind == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a fault item.");
    }
    tc_err_t err = TC_OK;
    char *label = strchr(kind, ':'), *dim = NULL;
    if (label == NULL) {
        err =
            tc__fail(TC_EINVAL, "%s: expected node:LABEL, link:LABEL:DIM or arc:LABEL:DIM", where);
        goto cleanup;
    }
    *label++ = '\0';
    if (!known_kind(kind)) { /* an option's word, as a specification's: TC_EINVAL */
        err = tc__fail(TC_EINVAL, "%s: unknown fault kind \"%s\" (node, link or arc)", where, kind);
        goto cleanup;
    }
    dim = strchr(label, ':');
    if (dim != NULL) {
        *dim++ = '\0';
    }
    err = add_fault(net, topo, protect, f, kind, label, dim, where);
cleanup:
    free(kind);
    return err;
}

/* One line of a faults file (NUL-terminated, its comment included), line lineno of name. */
static tc_err_t parse_line(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                           const char *name, int64_t lineno, char *line, tc_faults_t *f)
{
    char where[160];
    snprintf(where, sizeof where, "%.100s: line %lld", name, (long long)lineno);
    line[strcspn(line, "#")] = '\0';
    char *save = NULL;
    char *kind = strtok_r(line, " \t\r", &save);
    char *label = strtok_r(NULL, " \t\r", &save);
    char *dim = strtok_r(NULL, " \t\r", &save);
    char *extra = strtok_r(NULL, " \t\r", &save);
    if (kind == NULL) {
        return TC_OK;
    }
    if (label == NULL || extra != NULL) {
        return tc__fail(TC_EPARSE, "%s: expected node LABEL, link LABEL DIM or arc LABEL DIM",
                        where);
    }
    if (!known_kind(kind)) { /* a file's word: bad data */
        return tc__fail(TC_EPARSE, "%s: unknown fault kind \"%s\" (node, link or arc)", where,
                        kind);
    }
    return add_fault(net, topo, protect, f, kind, label, dim, where);
}

tc_err_t tc_faults_parse_text(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                              const char *name, int64_t first_line, const char *text, size_t len,
                              tc_faults_t *f)
{
    assert(net != NULL && topo != NULL && name != NULL && (text != NULL || len == 0) && f != NULL);
    /* a copy of each line to cut into words: on the stack when every line fits (a caller reading
     * line by line calls once a line), else one allocation for the longest a line may be */
    char small[256], *line = small;
    size_t cap = len < TC_FAULTS_LINE_MAX ? len : TC_FAULTS_LINE_MAX;
    if (cap >= sizeof small && (line = malloc(cap + 1)) == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a line of %.100s.", name);
    }
    tc_err_t err = TC_OK;
    int64_t lineno = first_line;
    for (size_t at = 0; at < len && err == TC_OK; lineno++) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - text) : len, n = end - at;
        const char *nul = memchr(text + at, '\0', n < TC_FAULTS_LINE_MAX ? n : TC_FAULTS_LINE_MAX);
        if (nul != NULL) {
            err = tc__fail(TC_EPARSE, "%.100s: line %lld: a NUL byte; a faults file is text", name,
                           (long long)lineno);
        } else if (n > TC_FAULTS_LINE_MAX) {
            char most[24];
            err =
                tc__fail(TC_EPARSE, "%.100s: line %lld is longer than %s", name, (long long)lineno,
                         tc_format_bytes((int64_t)TC_FAULTS_LINE_MAX, most, sizeof most));
        } else {
            memcpy(line, text + at, n);
            line[n] = '\0';
            err = parse_line(net, topo, protect, name, lineno, line, f);
        }
        at = end + 1;
    }
    if (line != small) {
        free(line);
    }
    return err;
}
