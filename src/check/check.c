/* Verifying a materialized forest: every property measured, nothing taken from the builder.
 *
 * Spanning, acyclicity and depth are found per tree by following parent chains with
 * memoization (one byte per node): each node's parent is computed once, from the node's label
 * and its parent dimension, so the neighbours are never materialized. Passes run on
 * contiguous id ranges, one per thread; on S_n they walk the permutations in lexicographic
 * order, on Q_n the addresses, on any other network its neighbour table. The passes are
 * written once (check_passes.h) and compiled per walker (src/net/walk_*.h), so the star graph's
 * walker costs nothing on the cube and vice versa; the network is chosen once per check, by the
 * walker it names.
 */
#include "treecast/check.h"
#include "check/check_internal.h"
#include "core/internal.h"
#include "net/walk.h"
#include "net/walk_addr.h"
#include "net/walk_star.h"
#include "net/walk_table.h"
#include "treecast/rng.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Depth codes of the memo: 0 unknown, 1 + depth for nodes that reach the root. */
#define D_UNKNOWN 0
#define D_CYCLIC 0xFE
#define D_DETACHED 0xFD
#define D_LIMIT (TC_CHECK_MAX_DEPTH + 1) /* largest code for a depth */

tc_check_opts_t tc_check_defaults(void)
{
    tc_check_opts_t o = {0};
    o.independence = true;
    o.excess = true;
    o.undirected = true;
    return o;
}

/* Whether the network's walker reads distances from a table (else it computes them). */
static bool needs_dist(const tc_net_t *net)
{
    return tc__net_walker(net) != TC__WALK_ADDR;
}

/* Whether the check builds a neighbour table of its own (the table walker, when the network
 * has none). */
static bool needs_table(const tc_net_t *net)
{
    return tc__net_walker(net) == TC__WALK_TABLE && tc__net_table(net) == NULL;
}

int64_t tc_check_memory(const tc_net_t *net, int ntrees, const tc_check_opts_t *opts)
{
    int64_t N = tc_net_nodes(net);
    int64_t bytes = N * ntrees; /* the depth memo */
    if (opts->excess && needs_dist(net)) {
        bytes += N; /* distances (the address families' are a popcount) */
    }
    if (opts->undirected) {
        bytes += N * (int64_t)sizeof(uint64_t); /* used dimensions (freed memo first) */
    }
    if ((opts->independence || opts->rotation) && opts->sample > 0) {
        bytes += opts->sample * (int64_t)sizeof(int64_t);
    }
    if (needs_table(net)) {
        bytes += N * tc_net_degree(net) * 5;
    }
    return bytes;
}

static inline uint8_t load8(const uint8_t *p)
{
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void store8(uint8_t *p, uint8_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

typedef struct {
    int64_t members, reached, cyclic, detached, extra_roots, bad_dims;
    int depth;
    int64_t depth_count[TC_CHECK_MAX_LEVELS];
} tree_partial_t;

typedef struct {
    int64_t excess[TC_CHECK_EXCESS_BINS];
    int64_t excess_odd;
    int64_t shared_directed, shared_nodes;
    int64_t undirected_use[3];
    int64_t indep_nodes, indep_violations, indep_unreached, indep_example;
    int64_t rot_checked, rot_violations;
    bool oom;
} partial_t;

typedef struct {
    int64_t nodes[TC_CHECK_MAX_LEVELS];
    int fanout[TC_CHECK_MAX_LEVELS];
    int64_t dim_edges[TC_CHECK_MAX_LEVELS][TC_CHECK_MAX_DIMS];
    int64_t cyclic_inner;
    int64_t parents_mismatch;
} level_partial_t;

#define LABELS TC__LABELS /* tree labels the rotation test maps (labels are dimensions) */

typedef struct {
    const tc_forest_t *forest;
    const tc_net_t *net;
    const tc_check_opts_t *opts;
    int n;
    int64_t nodes;
    int64_t root;
    int64_t troot[TC_CHECK_MAX_TREES]; /* the root of every tree */
    bool excess;                       /* measure depth minus distance */
    bool bipartite;                    /* odd excesses are impossible */
    int ntrees;
    union { /* the walker of the network (check_passes.h uses one member) */
        walk_star_net_t star;
        walk_addr_net_t addr;
        walk_table_net_t table;
    } w;
    tc_topo_t own_table;   /* the neighbour table the table walker reads, when built here */
    uint8_t *depth;        /* memo: one byte per node per tree */
    uint8_t *dist;         /* distances from the root, or NULL */
    void *mask;            /* used parent dimensions per node (the walker's mask type), or NULL */
    const int64_t *tested; /* sampled nodes, or NULL for all */
    int64_t ntested;
    int rot_tree[TC_CHECK_MAX_TREES]; /* the rotation test's maps (tc__check_rotation_maps) */
    uint8_t rot_mark[256];
    partial_t part[TC_MAX_THREADS];
    tree_partial_t tree_part[TC_MAX_THREADS][TC_CHECK_MAX_TREES];
    level_partial_t level_part[TC_MAX_THREADS];
    tc__progress_t prog;
    int w_span, w_levels, w_mask, w_undirected, w_pathwise, w_dist; /* the visits' weights */
} job_t;

/* ---- progress and stop (check_internal.h) ---------------------------------------------------- */

#define progress_tick(job, visits) tc__progress_tick(&(job)->prog, visits)
#define progress_at(job, lo, v, hi, w) tc__progress_at(&(job)->prog, lo, v, hi, w)

/* A pass on every thread; TC_ECANCELED once opts->stop said so. */
static tc_err_t run_pass(job_t *job, int threads, tc__task_fn fn)
{
    tc_err_t err = tc__parallel(threads, fn, job);
    if (err == TC_OK && tc__progress_stopped(&job->prog)) {
        err = tc__fail(TC_ECANCELED, "The check was stopped.");
    }
    return err;
}

/* ---- rotation (paper 000 Lemma 6.2) ---------------------------------------------------------
 * The network's rotation about the root, R_h, maps tree l onto tree r(l): the parent dimension
 * of R_h(i) in tree r(l) is r(d) where d is i's parent dimension in tree l. */
void tc__check_rotation_maps(const tc_net_t *net, int T, const int *label, int *rot_tree,
                             uint8_t *rot_mark)
{
    int tree_of_label[LABELS];
    for (int l = 0; l < LABELS; l++) {
        tree_of_label[l] = -1;
    }
    for (int t = 0; t < T; t++) {
        if (label[t] >= 0 && label[t] < LABELS) {
            tree_of_label[label[t]] = t;
        }
    }
    for (int t = 0; t < T; t++) {
        int l = label[t];
        int rl = l >= 0 && l < LABELS ? tc_net_rotate_dim(net, l, 1) : -1;
        rot_tree[t] = rl >= 0 && rl < LABELS ? tree_of_label[rl] : -1;
    }
    for (int d = 0; rot_mark != NULL && d < 256; d++) {
        bool dim = d >= tc_net_dim_min(net) && d <= tc_net_dim_max(net);
        rot_mark[d] = (uint8_t)(dim ? tc_net_rotate_dim(net, d, 1) : d);
    }
}

static void rotation_one(job_t *job, partial_t *pt, int64_t v)
{
    int64_t w = tc_net_rotate_at(job->net, job->root, v, 1);
    for (int t = 0; t < job->ntrees; t++) {
        int t2 = job->rot_tree[t];
        uint8_t d = tc_forest_dims_const(job->forest, t)[v];
        pt->rot_checked++;
        if (t2 < 0 || tc_forest_dims_const(job->forest, t2)[w] != job->rot_mark[d]) {
            pt->rot_violations++;
        }
    }
}

/* ---- the passes, once per walker ---------------------------------------------------------- */

typedef struct {
    tc__task_fn span, levels, mask, undirected, pathwise;
    void (*root_children)(const job_t *job, int t, int *count, int *first_dim);
} passes_t;

#define WALK star
#include "check/check_passes.h"
#define WALK addr
#include "check/check_passes.h"
#define WALK table
#include "check/check_passes.h"

/* The passes and the walker for the network, chosen once. */
static tc_err_t setup_walker(job_t *job, const passes_t **passes)
{
    const tc_net_t *net = job->net;
    switch (tc__net_walker(net)) {
    case TC__WALK_STAR:
        walk_star_init(&job->w.star, net, NULL);
        *passes = &passes_star;
        return TC_OK;
    case TC__WALK_ADDR:
        walk_addr_init(&job->w.addr, net, NULL);
        *passes = &passes_addr;
        return TC_OK;
    default: {
        const tc_topo_t *table = tc__net_table(net);
        if (table == NULL) {
            tc_err_t err = tc_topo_init(&job->own_table, net);
            if (err != TC_OK) {
                return err;
            }
            table = &job->own_table;
        }
        walk_table_init(&job->w.table, net, table);
        *passes = &passes_table;
        return TC_OK;
    }
    }
}

/* The memo cleared by the threads that will use it, each its own node range of every tree: the
 * first touch of a page (and the kernel's zeroing of it) happens on the thread that sweeps it,
 * in parallel, instead of on one thread before the sweep (S_12: 5.3 GB). */
static void clear_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    int64_t lo, hi;
    tc__split_range(job->nodes, tid, nthreads, &lo, &hi);
    for (int t = 0; t < job->ntrees; t++) {
        memset(job->depth + (size_t)t * (size_t)job->nodes + (size_t)lo, D_UNKNOWN,
               (size_t)(hi - lo));
    }
}

/* ---- reductions of the per-thread partial results ------------------------------------------ */

static void reduce_span(const job_t *job, int threads, tc_check_report_t *report)
{
    for (int k = 0; k < threads; k++) {
        const partial_t *pt = &job->part[k];
        for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
            report->excess[b] += pt->excess[b];
        }
        report->excess_odd += pt->excess_odd;
        report->shared_directed += pt->shared_directed;
        report->shared_nodes += pt->shared_nodes;
        for (int t = 0; t < job->ntrees; t++) {
            const tree_partial_t *tp = &job->tree_part[k][t];
            report->members[t] += tp->members;
            report->reached[t] += tp->reached;
            report->cyclic[t] += tp->cyclic;
            report->detached[t] += tp->detached;
            report->extra_roots[t] += tp->extra_roots;
            report->bad_dims[t] += tp->bad_dims;
            if (tp->depth > report->depth[t]) {
                report->depth[t] = tp->depth;
            }
            for (int l = 0; l < TC_CHECK_MAX_LEVELS; l++) {
                report->depth_count[t][l] += tp->depth_count[l];
            }
        }
    }
}

static void reduce_levels(const job_t *job, int threads, tc_check_report_t *report)
{
    for (int k = 0; k < threads; k++) {
        const level_partial_t *lp = &job->level_part[k];
        for (int l = 0; l < TC_CHECK_MAX_LEVELS; l++) {
            report->level_nodes[l] += lp->nodes[l];
            if (lp->fanout[l] > report->level_fanout[l]) {
                report->level_fanout[l] = lp->fanout[l];
            }
            for (int d = 0; d < TC_CHECK_MAX_DIMS; d++) {
                report->level_dim_edges[l][d] += lp->dim_edges[l][d];
            }
        }
        report->cyclic_inner += lp->cyclic_inner;
        report->parents_mismatch += lp->parents_mismatch;
    }
    report->levels_tested = true;
}

static tc_err_t reduce_pathwise(const job_t *job, int threads, tc_check_report_t *report)
{
    for (int k = 0; k < threads; k++) {
        const partial_t *pt = &job->part[k];
        if (pt->oom) {
            return tc__fail(TC_ENOMEM, "Out of memory for the independence test.");
        }
        report->indep_nodes += pt->indep_nodes;
        report->indep_violations += pt->indep_violations;
        report->indep_unreached += pt->indep_unreached;
        if (pt->indep_example >= 0 &&
            (report->indep_example < 0 || pt->indep_example < report->indep_example)) {
            report->indep_example = pt->indep_example;
        }
        report->rot_checked += pt->rot_checked;
        report->rot_violations += pt->rot_violations;
    }
    return TC_OK;
}

/* ---- driver ---------------------------------------------------------------------------------- */

/* Distances from the root for the excess, when the walker reads them from a table: only when
 * every tree is rooted at the forest's root (the table holds one root's distances). */
static tc_err_t setup_excess(job_t *job, int threads, tc_check_report_t *report)
{
    bool one_root = true;
    for (int t = 0; t < job->ntrees; t++) {
        one_root = one_root && job->troot[t] == job->root;
    }
    job->excess = job->opts->excess && (one_root || !needs_dist(job->net));
    report->excess_tested = job->excess;
    if (!job->excess || !needs_dist(job->net)) {
        return TC_OK;
    }
    job->dist = tc__big_alloc((size_t)job->nodes, 1);
    if (job->dist == NULL) {
        return tc__fail(TC_ENOMEM, "Could not allocate the distance table.");
    }
    return tc__net_distances(job->net, job->root, job->dist, threads);
}

static tc_err_t span_and_levels(job_t *job, const passes_t *passes, int threads,
                                tc_check_report_t *report)
{
    const tc_forest_t *forest = job->forest;
    job->depth = tc__big_alloc((size_t)job->ntrees, (size_t)job->nodes);
    if (job->depth == NULL) {
        return tc__fail(TC_ENOMEM, "Could not allocate %d x %lld bytes of working memory.",
                        job->ntrees, (long long)job->nodes);
    }
    tc_err_t err = run_pass(job, threads, clear_pass);
    if (err != TC_OK) {
        return err;
    }
    for (int t = 0; t < job->ntrees; t++) {
        const uint8_t *dims = tc_forest_dims_const(forest, t);
        report->label[t] = tc_forest_label(forest, t);
        report->tree_root[t] = job->troot[t];
        report->root_ok[t] = dims[job->troot[t]] == TC_PARENT_ROOT;
        if (report->root_ok[t]) {
            job->depth[(size_t)t * (size_t)job->nodes + (size_t)job->troot[t]] = 1;
        }
    }
    err = run_pass(job, threads, passes->span);
    if (err != TC_OK) {
        return err;
    }
    reduce_span(job, threads, report);
    for (int t = 0; t < job->ntrees; t++) {
        passes->root_children(job, t, &report->root_children[t], &report->root_child_dim[t]);
    }
    if (job->opts->levels) {
        err = run_pass(job, threads, passes->levels);
        if (err != TC_OK) {
            return err;
        }
        reduce_levels(job, threads, report);
    }
    return TC_OK;
}

static tc_err_t undirected(job_t *job, const passes_t *passes, int threads,
                           tc_check_report_t *report)
{
    job->mask = tc__big_alloc((size_t)job->nodes, sizeof(uint64_t));
    if (job->mask == NULL) {
        return tc__fail(TC_ENOMEM, "Could not allocate the edge-use table.");
    }
    tc_err_t err = run_pass(job, threads, passes->mask);
    if (err == TC_OK) {
        err = run_pass(job, threads, passes->undirected);
    }
    if (err != TC_OK) {
        return err;
    }
    for (int k = 0; k < threads; k++) {
        for (int u = 0; u < 3; u++) {
            report->undirected_use[u] += job->part[k].undirected_use[u];
        }
    }
    report->undirected_tested = true;
    return TC_OK;
}

int64_t tc__check_sample(const tc_check_opts_t *opts, int64_t nodes, int64_t lo, int64_t hi,
                         int64_t **out)
{
    int64_t count = 0;
    *out = tc__malloc_array((size_t)opts->sample, sizeof **out);
    if (*out == NULL) {
        return -1;
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, opts->seed, 0);
    for (int64_t s = 0; s < opts->sample; s++) {
        int64_t v = (int64_t)tc_rng_below(&rng, (uint64_t)nodes);
        if (v >= lo && v < hi) {
            (*out)[count++] = v;
        }
    }
    return count;
}

static tc_err_t pathwise(job_t *job, const passes_t *passes, int threads, tc_check_report_t *report,
                         int64_t **tested)
{
    const tc_check_opts_t *opts = job->opts;
    if (opts->rotation) {
        if (tc_net_rotation_order(job->net) == 0 || !tc_net_translates(job->net)) {
            char name[TC_LABEL_MAX];
            tc_net_name(job->net, name, sizeof name);
            return tc__fail(TC_EINVAL,
                            "The rotation test (paper 000 Lemma 6.2) needs a network with a "
                            "rotation and translations; %s has none.",
                            name);
        }
        int label[TC_CHECK_MAX_TREES];
        for (int t = 0; t < job->ntrees; t++) {
            label[t] = tc_forest_label(job->forest, t);
        }
        tc__check_rotation_maps(job->net, job->ntrees, label, job->rot_tree, job->rot_mark);
    }
    if (opts->sample > 0 && opts->sample < job->nodes) {
        job->ntested = tc__check_sample(opts, job->nodes, 0, job->nodes, tested);
        if (job->ntested < 0) {
            return tc__fail(TC_ENOMEM, "Could not allocate a sample of %lld nodes.",
                            (long long)opts->sample);
        }
        job->tested = *tested;
    }
    tc_err_t err = run_pass(job, threads, passes->pathwise);
    if (err == TC_OK) {
        err = reduce_pathwise(job, threads, report);
    }
    report->indep_tested = opts->independence;
    report->indep_sampled = job->tested != NULL;
    report->indep_seed = opts->seed;
    report->rot_tested = opts->rotation;
    return err;
}

tc_err_t tc_check_forest(const tc_forest_t *forest, const tc_check_opts_t *opts,
                         tc_check_report_t *report)
{
    assert(forest != NULL && opts != NULL && report != NULL);
    const tc_net_t *net = tc_forest_net(forest);
    job_t *job = calloc(1, sizeof *job);
    int64_t *tested = NULL;
    const passes_t *passes = NULL;
    memset(report, 0, sizeof *report);
    if (job == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    int threads = opts->threads > 0 ? opts->threads : tc__online_cpus();
    threads = threads > TC_MAX_THREADS ? TC_MAX_THREADS : threads;
    job->forest = forest;
    job->net = net;
    job->opts = opts;
    job->prog.opts = opts;
    job->n = tc_net_n(net);
    job->nodes = tc_net_nodes(net);
    job->root = tc_forest_root(forest);
    job->ntrees = tc_forest_trees(forest);
    job->bipartite = tc_net_bipartite(net);
    for (int t = 0; t < job->ntrees; t++) {
        job->troot[t] = tc_forest_tree_root(forest, t);
    }
    report->nodes = job->nodes;
    report->ntrees = job->ntrees;
    report->root = job->root;
    report->nonedges = opts->nonedge_hint;
    report->indep_example = -1;

    /* The weights of a node visit in each pass, relative to each other: measured on S_10 and
     * S_11 (EDT, 2 threads), where the span pass costs about one unit per tree, the path-wise
     * pass (each tree's root path walked) about 11 per tree, and the distances 3. They only
     * shape the estimate of the time left. */
    job->w_span = job->ntrees;
    job->w_levels = (job->ntrees + 1) / 2;
    job->w_mask = 1;
    job->w_undirected = 2;
    /* a sampled node costs ~20 times more: its label from scratch, its paths out of cache */
    bool sampling = opts->sample > 0 && opts->sample < job->nodes;
    job->w_pathwise = (sampling ? 220 : 11) * job->ntrees;
    job->w_dist = opts->excess && needs_dist(net) ? 3 : 0;
    int64_t sampled = sampling ? opts->sample : job->nodes;
    job->prog.total = job->nodes * (job->w_dist + job->w_span + (opts->levels ? job->w_levels : 0) +
                                    (opts->undirected ? job->w_mask + job->w_undirected : 0)) +
                      (opts->independence || opts->rotation ? job->w_pathwise * sampled : 0);
    tc_err_t err = setup_walker(job, &passes);
    if (err == TC_OK) {
        err = setup_excess(job, threads, report);
        progress_tick(job, job->w_dist * job->nodes);
    }
    if (err == TC_OK) { /* spanning, acyclicity, depth: every tree in one sweep, memoized */
        err = span_and_levels(job, passes, threads, report);
    }
    free(job->depth);
    job->depth = NULL;
    free(job->dist);
    job->dist = NULL;
    if (err == TC_OK && opts->undirected) { /* directed disjointness is in the sweep above */
        err = undirected(job, passes, threads, report);
    }
    free(job->mask);
    job->mask = NULL;
    if (err == TC_OK && (opts->independence || opts->rotation)) {
        err = pathwise(job, passes, threads, report, &tested);
    }
    free(tested);
    tc_topo_destroy(&job->own_table);
    free(job);
    return err;
}
