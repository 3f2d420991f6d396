/* Verifying a materialized forest: every property measured, nothing taken from the builder.
 *
 * Spanning, acyclicity and depth are found per tree by following parent chains with
 * memoization (one byte per node): each node's parent is computed once, from the node's label
 * and its parent dimension, so the neighbours are never materialized. Passes run on
 * contiguous id ranges, one per thread; on S_n they walk the permutations in lexicographic
 * order, on Q_n the addresses. The passes are written once (check_passes.h) and compiled per
 * family, so the star graph's walker costs nothing on the cube and vice versa.
 */
#include "treecast/check.h"
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/rng.h"

#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64

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

int64_t tc_check_memory(const tc_net_t *net, int ntrees, const tc_check_opts_t *opts)
{
    int64_t N = net->nodes;
    int64_t bytes = N * ntrees; /* the depth memo */
    if (opts->excess && net->family == TC_NET_STAR) {
        bytes += N; /* distances (the cube's are a popcount) */
    }
    if (opts->undirected) {
        bytes += N * (int64_t)sizeof(uint32_t); /* used dimensions (freed memo first) */
    }
    if ((opts->independence || opts->rotation) && opts->sample > 0) {
        bytes += opts->sample * (int64_t)sizeof(int64_t);
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
} tree_partial_t;

typedef struct {
    int64_t excess[TC_CHECK_EXCESS_BINS];
    int64_t excess_odd;
    int64_t shared_directed, shared_nodes;
    int64_t undirected_use[3];
    int64_t indep_nodes, indep_violations, indep_unreached, indep_example;
    int64_t rot_checked, rot_violations;
} partial_t;

typedef struct {
    int64_t nodes[TC_CHECK_MAX_LEVELS];
    int fanout[TC_CHECK_MAX_LEVELS];
    int64_t dim_edges[TC_CHECK_MAX_LEVELS][TC_CHECK_MAX_DIMS];
    int64_t cyclic_inner;
    int64_t parents_mismatch;
} level_partial_t;

typedef struct {
    const tc_forest_t *forest;
    const tc_check_opts_t *opts;
    int n;
    int64_t nodes;
    int64_t root;
    int64_t troot[TC_CHECK_MAX_TREES]; /* the root of every tree */
    bool excess;                       /* measure depth minus distance */
    uint8_t root_perm[TC_STAR_MAX_N];
    uint8_t root_inv[TC_STAR_MAX_N];
    int ntrees;
    uint8_t *depth;        /* memo: one byte per node per tree */
    uint8_t *dist;         /* S_n: distance of every node from the root, or NULL */
    uint32_t *mask;        /* used parent dimensions per node, or NULL */
    const int64_t *tested; /* sampled nodes, or NULL for all */
    int64_t ntested;
    int tree_of_label[TC_STAR_MAX_N + 2];
    partial_t part[MAX_THREADS];
    tree_partial_t tree_part[MAX_THREADS][TC_CHECK_MAX_TREES];
    level_partial_t level_part[MAX_THREADS];
} job_t;

/* ---- independence: a stamped hash set of the inner nodes seen ------------------------------- */

#define SET_BITS 15 /* > 64 trees x (TC_CHECK_MAX_DEPTH + 1) inner nodes: the probe always ends */
#define SET_SIZE (1u << SET_BITS)

typedef struct {
    int64_t key[SET_SIZE];
    uint32_t tag[SET_SIZE];
    uint32_t epoch;
} stamp_set_t;

/* Insert x; false when x was already in the set of this epoch. */
static bool set_insert(stamp_set_t *s, int64_t x)
{
    uint64_t h = (uint64_t)x * 0x9e3779b97f4a7c15ULL;
    uint32_t i = (uint32_t)(h >> (64 - SET_BITS));
    for (;;) {
        if (s->tag[i] != s->epoch) {
            s->tag[i] = s->epoch;
            s->key[i] = x;
            return true;
        }
        if (s->key[i] == x) {
            return false;
        }
        i = (i + 1) & (SET_SIZE - 1);
    }
}

/* ---- rotation (Lemma 6.2) -------------------------------------------------------------------- */

static void rotation_one(job_t *job, partial_t *pt, int64_t v, const uint8_t *p)
{
    int n = job->n;
    uint8_t q[TC_STAR_MAX_N];
    tc_star_rotate_at(n, job->root_perm, p, 1, q);
    int64_t w = tc_star_rank(n, q);
    for (int t = 0; t < job->ntrees; t++) {
        int l = tc_forest_label(job->forest, t);
        int t2 = job->tree_of_label[tc_star_r(n, l)];
        uint8_t d = tc_forest_dims_const(job->forest, t)[v];
        uint8_t expect = d >= 2 && d <= n ? (uint8_t)tc_star_r(n, d) : d;
        pt->rot_checked++;
        if (t2 < 0 || tc_forest_dims_const(job->forest, t2)[w] != expect) {
            pt->rot_violations++;
        }
    }
}

/* ---- the passes, once per family --------------------------------------------------------------
 */

/* S_n: the walker state is the permutation; ids are lexicographic ranks. */
#define FN(name) name##_star
#define IS_EDGE(job, v, d) ((d) >= 2 && (d) <= (job)->n)
#define W_DECL(s) uint8_t s[TC_STAR_MAX_N]
#define W_DECL_N(s, k) uint8_t s[k][TC_STAR_MAX_N]
#define W_START(job, v, s) tc_star_unrank((job)->n, (v), (s))
#define W_NEXT(job, s) tc_star_next((job)->n, (s))
#define W_COPY(dst, src) memcpy((dst), (src), TC_STAR_MAX_N)
#define W_NEIGH(job, s, v, d) tc__star_rank_after_move((job)->n, (s), (v), (d))
#define W_MOVE(s, d) tc__star_move((s), (d))
#define W_DIST(job, t, s, v) ((int)(job)->dist[(v)])
#define W_EDGE_ONCE(s, v, d) ((s)[(d)-1] > (s)[0])
#define W_DIM_LO 2
#define W_DIM_HI (job->n)
#define W_PERIOD(job, v) 0
#define W_ROTATION 1
#include "check/check_passes.h"
#undef FN
#undef IS_EDGE
#undef W_DECL
#undef W_DECL_N
#undef W_START
#undef W_NEXT
#undef W_COPY
#undef W_NEIGH
#undef W_MOVE
#undef W_DIST
#undef W_EDGE_ONCE
#undef W_DIM_LO
#undef W_DIM_HI
#undef W_PERIOD
#undef W_ROTATION

/* Q_n: ids are the addresses; a neighbour is one XOR away and the walker carries nothing. */
#define FN(name) name##_cube
#define IS_EDGE(job, v, d) ((d) < (job)->n)
#define W_DECL(s) __attribute__((unused)) uint8_t s[1] = {0}
#define W_DECL_N(s, k) __attribute__((unused)) uint8_t s[k][1]
#define W_START(job, v, s) ((void)0)
#define W_NEXT(job, s) ((void)0)
#define W_COPY(dst, src) ((void)0)
#define W_NEIGH(job, s, v, d) ((v) ^ ((int64_t)1 << (d)))
#define W_MOVE(s, d) ((void)0)
#define W_DIST(job, t, s, v) __builtin_popcountll((uint64_t)((v) ^ (job)->troot[(t)]))
#define W_EDGE_ONCE(s, v, d) ((((v) >> (d)) & 1) == 0)
#define W_DIM_LO 0
#define W_DIM_HI (job->n - 1)
#define W_PERIOD(job, v) tc_cube_period((job)->n, (uint64_t)((v) ^ (job)->root))
#define W_ROTATION 0
#include "check/check_passes.h"
#undef FN
#undef IS_EDGE
#undef W_NEIGH
#undef W_DIM_HI
#undef W_PERIOD

/* I_k^n: ids are the addresses; dimensions 0..n, a neighbour exists when it is below N + K. */
#define FN(name) name##_icube
#define IS_EDGE(job, v, d) ((d) <= (job)->n && ((v) ^ ((int64_t)1 << (d))) < (job)->nodes)
#define W_NEIGH(job, s, v, d) ((v) ^ ((int64_t)1 << (d)))
#define W_DIM_HI (job->n)
#define W_PERIOD(job, v) 0
#include "check/check_passes.h"

typedef struct {
    tc__task_fn span, levels, mask, undirected, pathwise;
} passes_t;

static const passes_t STAR_PASSES = {span_pass_star, levels_pass_star, mask_pass_star,
                                     undirected_pass_star, pathwise_pass_star};
static const passes_t CUBE_PASSES = {span_pass_cube, levels_pass_cube, mask_pass_cube,
                                     undirected_pass_cube, pathwise_pass_cube};
static const passes_t ICUBE_PASSES = {span_pass_icube, levels_pass_icube, mask_pass_icube,
                                      undirected_pass_icube, pathwise_pass_icube};

/* ---- distances (S_n: a table, filled once) ------------------------------------------------- */

static void dist_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    int n = job->n;
    int64_t lo, hi;
    uint8_t p[TC_STAR_MAX_N], rel[TC_STAR_MAX_N];
    if (!range_start_star(job, tid, nthreads, &lo, &hi, p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        tc_star_compose(n, job->root_inv, p, rel);
        job->dist[v] = (uint8_t)tc_star_distance_identity(n, rel);
        tc_star_next(n, p);
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

/* ---- driver ---------------------------------------------------------------------------------- */

tc_err_t tc_check_forest(const tc_forest_t *forest, const tc_check_opts_t *opts,
                         tc_check_report_t *report)
{
    tc_err_t err = TC_OK;
    const tc_net_t *net = tc_forest_net(forest);
    job_t *job = calloc(1, sizeof *job);
    int64_t *tested = NULL;
    if (job == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    int threads = opts->threads > 0 ? opts->threads : tc__online_cpus();
    if (threads > MAX_THREADS) {
        threads = MAX_THREADS;
    }
    memset(report, 0, sizeof *report);
    job->forest = forest;
    job->opts = opts;
    job->n = net->n;
    job->nodes = net->nodes;
    job->root = tc_forest_root(forest);
    job->ntrees = tc_forest_trees(forest);
    const passes_t *passes = net->family == TC_NET_CUBE    ? &CUBE_PASSES
                             : net->family == TC_NET_ICUBE ? &ICUBE_PASSES
                                                           : &STAR_PASSES;
    for (int t = 0; t < job->ntrees; t++) {
        job->troot[t] = tc_forest_tree_root(forest, t);
    }
    if (net->family == TC_NET_STAR) {
        tc_star_unrank(job->n, job->root, job->root_perm);
        tc_star_inverse(job->n, job->root_perm, job->root_inv);
    }
    report->nodes = job->nodes;
    report->ntrees = job->ntrees;
    report->root = job->root;
    report->nonedges = opts->nonedge_hint;
    report->indep_example = -1;

    job->depth = tc__big_alloc((size_t)job->ntrees, (size_t)job->nodes);
    if (job->depth == NULL) {
        err = tc__fail(TC_ENOMEM, "Could not allocate %d x %lld bytes of working memory.",
                       job->ntrees, (long long)job->nodes);
        goto cleanup;
    }
    if (opts->excess && net->family == TC_NET_STAR) {
        job->dist = tc__big_alloc((size_t)job->nodes, 1);
        if (job->dist == NULL) {
            err = tc__fail(TC_ENOMEM, "Could not allocate the distance table.");
            goto cleanup;
        }
        tc__parallel(threads, dist_pass, job);
    }
    job->excess = opts->excess;
    report->excess_tested = opts->excess;

    /* Spanning, acyclicity, depth: every tree in one sweep, memoized. */
    tc__parallel(threads, clear_pass, job);
    for (int t = 0; t < job->ntrees; t++) {
        const uint8_t *dims = tc_forest_dims_const(forest, t);
        report->label[t] = tc_forest_label(forest, t);
        report->tree_root[t] = job->troot[t];
        report->root_ok[t] = dims[job->troot[t]] == TC_PARENT_ROOT;
        if (report->root_ok[t]) {
            job->depth[(size_t)t * (size_t)job->nodes + (size_t)job->troot[t]] = 1;
        }
    }
    tc__parallel(threads, passes->span, job);
    for (int k = 0; k < threads; k++) {
        partial_t *pt = &job->part[k];
        for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
            report->excess[b] += pt->excess[b];
        }
        report->excess_odd += pt->excess_odd;
        report->shared_directed += pt->shared_directed;
        report->shared_nodes += pt->shared_nodes;
        for (int t = 0; t < job->ntrees; t++) {
            tree_partial_t *tp = &job->tree_part[k][t];
            report->members[t] += tp->members;
            report->reached[t] += tp->reached;
            report->cyclic[t] += tp->cyclic;
            report->detached[t] += tp->detached;
            report->extra_roots[t] += tp->extra_roots;
            report->bad_dims[t] += tp->bad_dims;
            if (tp->depth > report->depth[t]) {
                report->depth[t] = tp->depth;
            }
        }
    }
    for (int t = 0; t < job->ntrees; t++) {
        if (net->family == TC_NET_CUBE) {
            root_children_cube(job, t, &report->root_children[t], &report->root_child_dim[t]);
        } else if (net->family == TC_NET_ICUBE) {
            root_children_icube(job, t, &report->root_children[t], &report->root_child_dim[t]);
        } else {
            root_children_star(job, t, &report->root_children[t], &report->root_child_dim[t]);
        }
    }
    if (opts->levels) {
        tc__parallel(threads, passes->levels, job);
        for (int k = 0; k < threads; k++) {
            level_partial_t *lp = &job->level_part[k];
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
    free(job->depth);
    job->depth = NULL;
    free(job->dist);
    job->dist = NULL;

    /* Directed disjointness (a local test) and, optionally, undirected use. */
    if (opts->undirected) {
        job->mask = tc__big_alloc((size_t)job->nodes, sizeof *job->mask);
        if (job->mask == NULL) {
            err = tc__fail(TC_ENOMEM, "Could not allocate the edge-use table.");
            goto cleanup;
        }
    }
    if (opts->undirected) {
        tc__parallel(threads, passes->mask, job);
        tc__parallel(threads, passes->undirected, job);
        for (int k = 0; k < threads; k++) {
            for (int u = 0; u < 3; u++) {
                report->undirected_use[u] += job->part[k].undirected_use[u];
            }
        }
        report->undirected_tested = true;
        free(job->mask);
        job->mask = NULL;
    }

    /* Independence and rotation, on every node or on a seeded sample. */
    if (opts->rotation && net->family != TC_NET_STAR) {
        err = tc__fail(TC_EINVAL, "The rotation test (paper 000 Lemma 6.2) is for the star graph.");
        goto cleanup;
    }
    if (opts->rotation) {
        for (int l = 0; l < TC_STAR_MAX_N + 2; l++) {
            job->tree_of_label[l] = -1;
        }
        for (int t = 0; t < job->ntrees; t++) {
            int l = tc_forest_label(forest, t);
            if (l >= 0 && l < TC_STAR_MAX_N + 2) {
                job->tree_of_label[l] = t;
            }
        }
    }
    if (opts->independence || opts->rotation) {
        if (opts->sample > 0 && opts->sample < job->nodes) {
            tested = tc__malloc_array((size_t)opts->sample, sizeof *tested);
            if (tested == NULL) {
                err = tc__fail(TC_ENOMEM, "Could not allocate a sample of %lld nodes.",
                               (long long)opts->sample);
                goto cleanup;
            }
            tc_rng_t rng;
            tc_rng_seed(&rng, opts->seed, 0);
            for (int64_t s = 0; s < opts->sample; s++) {
                tested[s] = (int64_t)tc_rng_below(&rng, (uint64_t)job->nodes);
            }
            job->tested = tested;
            job->ntested = opts->sample;
        }
        tc__parallel(threads, passes->pathwise, job);
        for (int k = 0; k < threads; k++) {
            partial_t *pt = &job->part[k];
            if (pt->indep_unreached < 0) {
                err = tc__fail(TC_ENOMEM, "Could not allocate an independence work table.");
                goto cleanup;
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
        report->indep_tested = opts->independence;
        report->indep_sampled = job->tested != NULL;
        report->indep_seed = opts->seed;
        report->rot_tested = opts->rotation;
    }

cleanup:
    free(tested);
    if (job != NULL) {
        free(job->depth);
        free(job->dist);
        free(job->mask);
    }
    free(job);
    return err;
}
