/* Fuzz the forest JSON reader (tc_report_forest_read: what `treecast check --input` and
 * `treecast sim --input` read) and the check of what it accepts.
 *
 * Asserts, for every document the reader accepts:
 *   - writing the forest (with and without labels) and reading it back gives the same forest
 *     (network, kind, root, tree roots and numbers, every parent), with no non-edges; reading
 *     the input again onto the forest's own network (the --net path) gives it too;
 *   - on networks of at most MAX_CHECK nodes, tc_check_forest agrees with a parent-chain walk
 *     done here (members, reached, cyclic, detached, extra roots, depth), its excess histogram
 *     counts every reached node and never an impossible excess, a second check on two threads
 *     reports the same, and the claims' all_hold says whether a row fails;
 *   - the text, edge-list and DOT writers and the check's JSON do not fail on what was read. */
#include "fuzz.h"
#include "treecast/check.h"
#include "treecast/report.h"

#define MAX_CHECK 2048

static tc_forest_t *read_doc(const char *text, size_t len, const tc_net_t *hint, int64_t *nonedges,
                             tc_err_t *err)
{
    tc_forest_t *f = NULL;
    *err = tc_report_forest_read(text, len, hint, &f, nonedges);
    FUZZ_ASSERT((*err == TC_OK) == (f != NULL), "%s but forest %p", tc_err_name(*err), (void *)f);
    FUZZ_ASSERT(*err == TC_OK || tc_err_detail()[0] != '\0', "%s without a detail message",
                tc_err_name(*err));
    return f;
}

static void same_forest(const tc_forest_t *a, const tc_forest_t *b, const char *how)
{
    const tc_net_t *na = tc_forest_net(a), *nb = tc_forest_net(b);
    char sa[TC_LABEL_MAX * 2], sb[TC_LABEL_MAX * 2];
    tc_net_name(na, sa, sizeof sa);
    tc_net_name(nb, sb, sizeof sb);
    FUZZ_ASSERT(strcmp(sa, sb) == 0 && tc_net_nodes(na) == tc_net_nodes(nb) &&
                    tc_net_edges(na) == tc_net_edges(nb) && tc_net_degree(na) == tc_net_degree(nb),
                "%s: network %s (%lld nodes) became %s (%lld nodes)", how, sa,
                (long long)tc_net_nodes(na), sb, (long long)tc_net_nodes(nb));
    FUZZ_ASSERT(tc_forest_trees(a) == tc_forest_trees(b), "%s: %d trees became %d", how,
                tc_forest_trees(a), tc_forest_trees(b));
    FUZZ_ASSERT(tc_forest_kind(a) == tc_forest_kind(b), "%s: kind %s became %s", how,
                tc_kind_name(tc_forest_kind(a)), tc_kind_name(tc_forest_kind(b)));
    FUZZ_ASSERT(tc_forest_root(a) == tc_forest_root(b), "%s: root %lld became %lld", how,
                (long long)tc_forest_root(a), (long long)tc_forest_root(b));
    size_t N = (size_t)tc_net_nodes(na);
    for (int t = 0; t < tc_forest_trees(a); t++) {
        FUZZ_ASSERT(tc_forest_tree_root(a, t) == tc_forest_tree_root(b, t) &&
                        tc_forest_label(a, t) == tc_forest_label(b, t),
                    "%s: tree %d rooted at %lld numbered %d became %lld numbered %d", how, t,
                    (long long)tc_forest_tree_root(a, t), tc_forest_label(a, t),
                    (long long)tc_forest_tree_root(b, t), tc_forest_label(b, t));
        const uint8_t *da = tc_forest_dims_const(a, t), *db = tc_forest_dims_const(b, t);
        for (size_t v = 0; v < N; v++) {
            FUZZ_ASSERT(da[v] == db[v], "%s: tree %d node %zu: parent dimension %d became %d", how,
                        t, v, da[v], db[v]);
        }
    }
}

/* Write f as JSON and read it back: the same forest, every parent a neighbour. */
static void round_trip(const tc_forest_t *f, bool labels)
{
    fuzz_mem_t m;
    tc_err_t err = tc_report_forest_json(fuzz_mem_open(&m), f, labels);
    fuzz_mem_close(&m);
    FUZZ_ASSERT(err == TC_OK, "writing the forest: %s", tc_err_detail());
    int64_t nonedges;
    tc_forest_t *back = read_doc(m.text, m.len, NULL, &nonedges, &err);
    FUZZ_ASSERT(back != NULL, "reading back what was written (labels %d): %s: %s\n%s", labels,
                tc_err_name(err), tc_err_detail(), m.text);
    FUZZ_ASSERT(nonedges == 0, "%lld non-edges in a written forest", (long long)nonedges);
    same_forest(f, back, labels ? "write with labels, read" : "write, read");
    tc_forest_free(back);
    free(m.text);
}

/* The check's spanning figures of tree t, found here by walking every parent chain (each node
 * once: res[] is -3 unknown, -2 cyclic, -1 detached, else the depth). */
typedef struct {
    int64_t members, reached, cyclic, detached, extra_roots;
    int64_t depth;
    bool long_chain; /* a chain near the check's depth limit: cyclic there by definition */
} walk_t;

static walk_t walk_tree(const tc_forest_t *f, int t, int64_t *res, int64_t *path)
{
    const tc_net_t *net = tc_forest_net(f);
    const uint8_t *dims = tc_forest_dims_const(f, t);
    int64_t N = tc_net_nodes(net), troot = tc_forest_tree_root(f, t);
    walk_t w = {0};
    for (int64_t v = 0; v < N; v++) {
        res[v] = -3;
    }
    for (int64_t v = 0; v < N; v++) {
        if (dims[v] == TC_PARENT_NONE) {
            continue;
        }
        w.members++;
        w.extra_roots += dims[v] == TC_PARENT_ROOT && v != troot;
        int64_t len = 0, x = v, end;
        for (;;) { /* up from v until a known node, a cycle or the end of the chain */
            if (res[x] != -3) {
                end = res[x] < 0 ? res[x] : res[x] + 1;
                break;
            }
            if (dims[x] == TC_PARENT_ROOT && x == troot) {
                res[x] = 0;
                end = 1;
                break;
            }
            int64_t up = dims[x] == TC_PARENT_ROOT || dims[x] == TC_PARENT_NONE
                             ? -1
                             : tc_net_neighbor(net, x, dims[x]);
            if (up < 0 || dims[up] == TC_PARENT_NONE) {
                path[len++] = x;
                end = -1;
                break;
            }
            res[x] = -4; /* on the path */
            path[len++] = x;
            if (res[up] == -4) {
                end = -2;
                break;
            }
            x = up;
        }
        for (int64_t k = len - 1; k >= 0; k--) {
            res[path[k]] = end;
            end = end < 0 ? end : end + 1;
        }
        if (res[v] >= 0) {
            w.reached++;
            w.depth = res[v] > w.depth ? res[v] : w.depth;
            w.long_chain = w.long_chain || res[v] >= TC_CHECK_MAX_DEPTH - 2;
        } else {
            w.cyclic += res[v] == -2;
            w.detached += res[v] == -1;
        }
        w.long_chain = w.long_chain || len >= TC_CHECK_MAX_DEPTH - 2;
    }
    return w;
}

static void check_forest(const tc_forest_t *f, int64_t nonedges)
{
    const tc_net_t *net = tc_forest_net(f);
    tc_check_opts_t o = tc_check_defaults();
    o.threads = 1;
    o.nonedge_hint = nonedges;
    tc_check_opts_t possible;
    tc_check_suggest(f, &o, &possible);
    static tc_check_report_t rep, rep2;
    memset(&rep, 0, sizeof rep);
    tc_err_t err = tc_check_forest(f, &o, &rep);
    FUZZ_ASSERT(err == TC_OK, "check: %s", tc_err_detail());
    FUZZ_ASSERT(rep.nodes == tc_net_nodes(net) && rep.ntrees == tc_forest_trees(f) &&
                    rep.root == tc_forest_root(f) && rep.nonedges == nonedges,
                "report of %lld nodes, %d trees, root %lld", (long long)rep.nodes, rep.ntrees,
                (long long)rep.root);
    int64_t reached = 0;
    int64_t *res = malloc((size_t)rep.nodes * sizeof *res * 2);
    FUZZ_ASSERT(res != NULL, "out of memory");
    for (int t = 0; t < rep.ntrees; t++) {
        walk_t w = walk_tree(f, t, res, res + rep.nodes);
        FUZZ_ASSERT(
            rep.members[t] == w.members && rep.extra_roots[t] == w.extra_roots &&
                rep.bad_dims[t] == 0,
            "tree %d: members %lld (walk %lld), extra roots %lld (walk %lld), bad dims %lld", t,
            (long long)rep.members[t], (long long)w.members, (long long)rep.extra_roots[t],
            (long long)w.extra_roots, (long long)rep.bad_dims[t]);
        FUZZ_ASSERT(rep.reached[t] + rep.cyclic[t] + rep.detached[t] == rep.members[t],
                    "tree %d: reached %lld + cyclic %lld + detached %lld != members %lld", t,
                    (long long)rep.reached[t], (long long)rep.cyclic[t], (long long)rep.detached[t],
                    (long long)rep.members[t]);
        if (!w.long_chain) {
            FUZZ_ASSERT(rep.reached[t] == w.reached && rep.cyclic[t] == w.cyclic &&
                            rep.detached[t] == w.detached && rep.depth[t] == w.depth,
                        "tree %d: reached/cyclic/detached/depth %lld/%lld/%lld/%d, the walk "
                        "finds %lld/%lld/%lld/%d",
                        t, (long long)rep.reached[t], (long long)rep.cyclic[t],
                        (long long)rep.detached[t], rep.depth[t], (long long)w.reached,
                        (long long)w.cyclic, (long long)w.detached, (int)w.depth);
        }
        reached += rep.reached[t];
    }
    free(res);
    if (rep.excess_tested) {
        int64_t binned = 0;
        for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
            binned += rep.excess[b];
        }
        FUZZ_ASSERT(rep.excess_odd == 0,
                    "%lld root paths shorter than the distance, or of the "
                    "wrong parity in a bipartite network",
                    (long long)rep.excess_odd);
        FUZZ_ASSERT(binned == reached, "the excess histogram counts %lld of %lld reached nodes",
                    (long long)binned, (long long)reached);
    }
    if (rep.indep_tested) {
        FUZZ_ASSERT(rep.indep_nodes <= rep.nodes && rep.indep_violations <= rep.indep_nodes &&
                        rep.indep_unreached <= rep.indep_nodes &&
                        (rep.indep_violations == 0) == (rep.indep_example < 0),
                    "independence: %lld tested, %lld violations, %lld unreached, example %lld",
                    (long long)rep.indep_nodes, (long long)rep.indep_violations,
                    (long long)rep.indep_unreached, (long long)rep.indep_example);
    }
    /* the thread count changes nothing */
    o.threads = 2;
    memset(&rep2, 0, sizeof rep2);
    FUZZ_ASSERT(tc_check_forest(f, &o, &rep2) == TC_OK, "check on 2 threads: %s", tc_err_detail());
    FUZZ_ASSERT(memcmp(&rep, &rep2, sizeof rep) == 0, "the check on 2 threads differs");

    static tc_claims_t claims;
    tc_claims_evaluate(net, tc_forest_kind(f), &rep, &claims);
    bool fails = false;
    FUZZ_ASSERT(claims.count >= 0 && claims.count <= TC_CLAIMS_MAX, "%d claims", claims.count);
    for (int k = 0; k < claims.count; k++) {
        fails = fails || claims.rows[k].verdict == TC_VERDICT_FAILS;
    }
    FUZZ_ASSERT(claims.all_hold == !fails, "all_hold %d with a failing row %d", claims.all_hold,
                fails);

    fuzz_mem_t m;
    tc_json_t j;
    tc_json_init(&j, fuzz_mem_open(&m));
    tc_report_check_json(&j, net, &rep, &claims);
    FUZZ_ASSERT(tc_json_finish(&j) == TC_OK, "the check's JSON failed");
    fuzz_mem_close(&m);
    free(m.text);
}

/* The other writers take any forest that was read. */
static void other_writers(const tc_forest_t *f)
{
    fuzz_mem_t m;
    FUZZ_ASSERT(tc_report_forest_edges(fuzz_mem_open(&m), f) == TC_OK, "edges: %s",
                tc_err_detail());
    fuzz_mem_close(&m);
    free(m.text);
    FUZZ_ASSERT(tc_report_forest_text(fuzz_mem_open(&m), f) == TC_OK, "text: %s", tc_err_detail());
    fuzz_mem_close(&m);
    free(m.text);
    tc_err_t err = tc_report_forest_dot(fuzz_mem_open(&m), f);
    fuzz_mem_close(&m);
    free(m.text);
    FUZZ_ASSERT(err == TC_OK || (err == TC_ETOOBIG && tc_net_nodes(tc_forest_net(f)) > 120),
                "dot: %s", tc_err_detail());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the reader is given a buffer of exactly the input's length, as read_forest gives it */
    char *text = malloc(size ? size : 1);
    FUZZ_ASSERT(text != NULL, "out of memory");
    memcpy(text, data, size);
    int64_t nonedges;
    tc_err_t err;
    tc_forest_t *f = read_doc(text, size, NULL, &nonedges, &err);
    if (f == NULL) {
        free(text);
        return 0;
    }
    const tc_net_t *net = tc_forest_net(f);
    FUZZ_ASSERT(nonedges >= 0 && tc_forest_trees(f) >= 1 && tc_forest_trees(f) <= 64 &&
                    tc_forest_root(f) >= 0 && tc_forest_root(f) < tc_net_nodes(net),
                "accepted: %lld non-edges, %d trees, root %lld", (long long)nonedges,
                tc_forest_trees(f), (long long)tc_forest_root(f));

    /* A graph document need not say "nodes" (its edges do), but read onto a network it must:
     * that refusal is the one difference allowed (docs/testing.md). */
    int64_t again_nonedges;
    tc_forest_t *again = read_doc(text, size, net, &again_nonedges, &err);
    bool graph = tc_net_explicit(net);
    FUZZ_ASSERT(again != NULL || (graph && err == TC_EPARSE && strstr(tc_err_detail(), "0 nodes")),
                "reading onto the document's own network: %s: %s", tc_err_name(err),
                tc_err_detail());
    if (again != NULL) {
        FUZZ_ASSERT(again_nonedges == nonedges, "%lld non-edges onto the network, %lld without",
                    (long long)again_nonedges, (long long)nonedges);
        same_forest(f, again, "read onto its network");
        tc_forest_free(again);
    }

    if (tc_net_nodes(net) <= MAX_CHECK) {
        round_trip(f, true);
        round_trip(f, false);
        check_forest(f, nonedges);
        other_writers(f);
    }
    tc_forest_free(f);
    free(text);
    return 0;
}
