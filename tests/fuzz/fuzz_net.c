/* Fuzz the parsers of what a user types: the network specification (tc_net_parse, `--net`),
 * node labels (tc_net_parse_label, `--root`, `--fault node:LABEL`, the labels of documents),
 * kind names (tc_kind_parse, `--kind`) and substar labels (tc_substar_parse, `treecast route`).
 *
 * The input is four lines: a specification, a label, a kind name and a substar label.
 * Asserts:
 *   - a specification that parses prints (tc_net_spec) a specification that parses to the same
 *     network (family, name, sizes, degrees, dimensions), which prints the same again; one that
 *     does not parse fails with TC_EINVAL or TC_ERANGE and says why;
 *   - a label that parses names a node whose labels, in both forms, fit TC_LABEL_MAX and parse
 *     back to it; so do the labels of nodes picked from the input, whose neighbours are nodes
 *     at distance 1 joined back to them along the dimension tc_net_edge_dim finds;
 *   - a kind name parses exactly when it is the name of a kind, and a kind that does not apply
 *     to the network has no trees there;
 *   - a substar label that parses prints, in both forms, labels that parse to the same substar.
 * graph:FILE specifications are skipped (they read files; fuzz_graph reads graph text). */
#include "fuzz.h"
#include "treecast/net.h"
#include "treecast/substar.h"
#include "treecast/trees.h"

/* Specifications and labels that read the same network and node. */
static void same_net(const tc_net_t *a, const tc_net_t *b, const char *spec)
{
    char na[TC_LABEL_MAX], nb[TC_LABEL_MAX];
    tc_net_name(a, na, sizeof na);
    tc_net_name(b, nb, sizeof nb);
    FUZZ_ASSERT(strcmp(na, nb) == 0 && strcmp(tc_net_family_name(a), tc_net_family_name(b)) == 0 &&
                    tc_net_n(a) == tc_net_n(b) && tc_net_k(a) == tc_net_k(b) &&
                    tc_net_nodes(a) == tc_net_nodes(b) && tc_net_degree(a) == tc_net_degree(b) &&
                    tc_net_min_degree(a) == tc_net_min_degree(b) &&
                    tc_net_dim_min(a) == tc_net_dim_min(b) &&
                    tc_net_dim_max(a) == tc_net_dim_max(b) &&
                    tc_net_diameter(a) == tc_net_diameter(b),
                "\"%s\" is %s (%lld nodes) but its own spec gives %s (%lld nodes)", spec, na,
                (long long)tc_net_nodes(a), nb, (long long)tc_net_nodes(b));
}

static void label_round_trip(const tc_net_t *net, int64_t v)
{
    for (int commas = 0; commas < 2; commas++) {
        char lab[TC_LABEL_MAX];
        size_t len = tc_net_label(net, v, commas, lab, sizeof lab);
        FUZZ_ASSERT(len > 0 && len < sizeof lab && strlen(lab) == len,
                    "node %lld: label \"%s\" of length %zu (commas %d) does not fit %d bytes",
                    (long long)v, lab, len, commas, TC_LABEL_MAX);
        int64_t back = -7;
        tc_err_t err = tc_net_parse_label(net, lab, &back);
        FUZZ_ASSERT(err == TC_OK && back == v, "node %lld: label \"%s\" parses to %lld (%s: %s)",
                    (long long)v, lab, (long long)back, tc_err_name(err), tc_err_detail());
    }
}

static void labels(const tc_net_t *net, const char *text, const uint8_t *data, size_t size)
{
    int64_t N = tc_net_nodes(net), v = -7;
    tc_err_t err = tc_net_parse_label(net, text, &v);
    if (err == TC_OK) {
        FUZZ_ASSERT(v >= 0 && v < N, "label \"%s\" parses to node %lld of %lld", text, (long long)v,
                    (long long)N);
        label_round_trip(net, v);
    } else {
        FUZZ_ASSERT(err == TC_EPARSE && tc_err_detail()[0] != '\0',
                    "label \"%s\": %s without a detail", text, tc_err_name(err));
    }
    /* nodes picked by the input's bytes, and the first and last */
    uint64_t h = 1469598103934665603ull;
    for (size_t j = 0; j < size; j++) {
        h = (h ^ data[j]) * 1099511628211ull;
    }
    int64_t pick[4] = {0, N - 1, (int64_t)(h % (uint64_t)N), (int64_t)((h >> 17) % (uint64_t)N)};
    for (int j = 0; j < 4; j++) {
        label_round_trip(net, pick[j]);
        fuzz_node_links(net, pick[j], N <= 1024); /* without a formula: a search of N nodes */
    }
}

static void kinds(const tc_net_t *net, const char *text)
{
    tc_kind_t kind;
    tc_err_t err = tc_kind_parse(text, &kind);
    if (err != TC_OK) {
        FUZZ_ASSERT(err == TC_EINVAL && tc_err_detail()[0] != '\0', "kind \"%s\": %s", text,
                    tc_err_name(err));
        return;
    }
    FUZZ_ASSERT(kind != TC_KIND_CUSTOM && kind < TC_KIND_COUNT_ &&
                    strcmp(tc_kind_name(kind), text) == 0,
                "kind \"%s\" parses to %d, named \"%s\"", text, (int)kind, tc_kind_name(kind));
    if (net == NULL) {
        return;
    }
    bool applies = tc_kind_applies(kind, net);
    /* the counts of the kinds for any network measure the network: small ones only */
    if (!applies || tc_net_nodes(net) <= 64) {
        int count = tc_trees_count(net, kind);
        FUZZ_ASSERT(count >= 0 && count <= 64 && (applies || count == 0),
                    "kind %s (applies %d) has %d trees", text, applies, count);
    }
    FUZZ_ASSERT(applies == (tc_kind_source(kind, net)[0] != '\0'),
                "kind %s applies %d with source \"%s\"", text, applies, tc_kind_source(kind, net));
}

static void substars(int n, const char *text)
{
    tc_substar_t s, back;
    tc_err_t err = tc_substar_parse(n, text, &s);
    if (err != TC_OK) {
        FUZZ_ASSERT(err == TC_EPARSE && tc_err_detail()[0] != '\0', "substar \"%s\": %s", text,
                    tc_err_name(err));
        return;
    }
    FUZZ_ASSERT(s.n == n && s.k >= 1 && s.k < n, "substar \"%s\" of S_%d: n %d, k %d", text, n, s.n,
                s.k);
    for (int commas = 0; commas < 2; commas++) {
        char lab[TC_LABEL_MAX];
        size_t len = tc_substar_format(&s, commas, lab, sizeof lab);
        FUZZ_ASSERT(len < sizeof lab, "substar \"%s\" prints %zu characters", text, len);
        err = tc_substar_parse(n, lab, &back);
        FUZZ_ASSERT(err == TC_OK && back.n == s.n && back.k == s.k &&
                        memcmp(back.y, s.y, sizeof s.y) == 0,
                    "substar \"%s\" prints \"%s\", which parses back %s", text, lab,
                    err == TC_OK ? "to another substar" : tc_err_detail());
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf, *f[4];
    fuzz_fields(data, size, &buf, f, 4);
    tc_net_t *net = NULL;
    if (strncmp(f[0], "graph:", 6) != 0) {
        tc_err_t err = tc_net_parse(f[0], &net);
        FUZZ_ASSERT((err == TC_OK) == (net != NULL), "%s and network %p", tc_err_name(err),
                    (void *)net);
        FUZZ_ASSERT(err == TC_OK ||
                        ((err == TC_EINVAL || err == TC_ERANGE) && tc_err_detail()[0] != '\0'),
                    "spec \"%s\": %s (%s)", f[0], tc_err_name(err), tc_err_detail());
    }
    if (net != NULL) {
        char spec[TC_LABEL_MAX * 2], spec2[TC_LABEL_MAX * 2];
        size_t len = tc_net_spec(net, spec, sizeof spec);
        FUZZ_ASSERT(len < sizeof spec, "spec of \"%s\" has %zu characters", f[0], len);
        size_t flen = strlen(tc_net_family_name(net));
        FUZZ_ASSERT(strncmp(spec, f[0], flen) == 0 && f[0][flen] == ':' && spec[flen] == ':',
                    "\"%s\" is a %s network whose spec is \"%s\"", f[0], tc_net_family_name(net),
                    spec);
        tc_net_t *again = NULL;
        tc_err_t err = tc_net_parse(spec, &again);
        FUZZ_ASSERT(err == TC_OK, "\"%s\" prints spec \"%s\", which fails: %s", f[0], spec,
                    tc_err_detail());
        same_net(net, again, f[0]);
        tc_net_spec(again, spec2, sizeof spec2);
        FUZZ_ASSERT(strcmp(spec, spec2) == 0, "spec \"%s\" prints \"%s\"", spec, spec2);
        tc_net_free(again);
        FUZZ_ASSERT(tc_net_nodes(net) >= 2 && tc_net_degree(net) >= 1 &&
                        tc_net_min_degree(net) <= tc_net_degree(net) &&
                        tc_net_dim_max(net) - tc_net_dim_min(net) + 1 == tc_net_degree(net),
                    "%s: %lld nodes, degrees %d..%d, dimensions %d..%d", spec,
                    (long long)tc_net_nodes(net), tc_net_min_degree(net), tc_net_degree(net),
                    tc_net_dim_min(net), tc_net_dim_max(net));
        labels(net, f[1], data, size);
    }
    kinds(net, f[2]);
    bool star = net != NULL && strcmp(tc_net_family_name(net), "star") == 0;
    substars(star ? tc_net_n(net) : 2 + (int)(size % (TC_STAR_MAX_N - 1)), f[3]);
    tc_net_free(net);
    free(buf);
    return 0;
}
