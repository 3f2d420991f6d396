/* Verifying a materialized forest: every property measured, nothing taken from the builder.
 *
 * Spanning, acyclicity and depth are found per tree by following parent chains with
 * memoization (one byte per node): each node's parent is computed once, from the node's label
 * and its parent dimension, so the neighbours are never materialized. Passes run on
 * contiguous rank ranges, one per thread, walking the permutations in lexicographic order.
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
    if (opts->excess) {
        bytes += N; /* distances */
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

static inline bool is_dim(int n, uint8_t d)
{
    return d >= 2 && d <= n;
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
    const tc_forest_t *forest;
    const tc_check_opts_t *opts;
    int n;
    int64_t nodes;
    int64_t root;
    uint8_t root_perm[TC_STAR_MAX_N];
    uint8_t root_inv[TC_STAR_MAX_N];
    int ntrees;
    uint8_t *depth;        /* memo: one byte per node per tree */
    uint8_t *dist;         /* distance of every node from the root, or NULL */
    uint32_t *mask;        /* used parent dimensions per node, or NULL */
    const int64_t *tested; /* sampled nodes, or NULL for all */
    int64_t ntested;
    int tree_of_label[TC_STAR_MAX_N + 2];
    partial_t part[MAX_THREADS];
    tree_partial_t tree_part[MAX_THREADS][TC_CHECK_MAX_TREES];
} job_t;

/* Contiguous range of nodes [lo, hi) for this thread, with the permutation of lo in p. */
static bool range_start(const job_t *job, int tid, int nthreads, int64_t *lo, int64_t *hi,
                        uint8_t *p)
{
    tc__split_range(job->nodes, tid, nthreads, lo, hi);
    if (*lo >= *hi) {
        return false;
    }
    tc_star_unrank(job->n, *lo, p);
    return true;
}

/* ---- distances ----------------------------------------------------------------------------- */

static void dist_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    int n = job->n;
    int64_t lo, hi;
    uint8_t p[TC_STAR_MAX_N], rel[TC_STAR_MAX_N];
    if (!range_start(job, tid, nthreads, &lo, &hi, p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        tc_star_compose(n, job->root_inv, p, rel);
        job->dist[v] = (uint8_t)tc_star_distance_identity(n, rel);
        tc_star_next(n, p);
    }
}

/* ---- spanning, acyclicity, depth ------------------------------------------------------------ */

/* Resolve the depth code of node v (permutation p) in tree t, whose memo is `depth`. The
 * parent is looked up first without copying p; only an unknown parent starts a walk. */
static uint8_t resolve(const job_t *job, const uint8_t *dims, uint8_t *depth, int64_t v,
                       const uint8_t *p)
{
    int n = job->n;
    uint8_t d = dims[v];
    if (!is_dim(n, d)) { /* NONE, a stray root marker, or garbage: the chain stops here */
        store8(&depth[v], D_DETACHED);
        return D_DETACHED;
    }
    int64_t c = tc__star_rank_after_move(n, p, v, d);
    uint8_t base = load8(&depth[c]);
    if (base != D_UNKNOWN) {
        uint8_t code = (base == D_CYCLIC || base == D_DETACHED) ? base
                       : base >= D_LIMIT                        ? D_CYCLIC
                                                                : (uint8_t)(base + 1);
        store8(&depth[v], code);
        return code;
    }
    uint8_t cur[TC_STAR_MAX_N];
    int64_t stack[TC_CHECK_MAX_DEPTH + 2];
    int len = 0;
    memcpy(cur, p, TC_STAR_MAX_N);
    tc__star_move(cur, d);
    stack[len++] = v;
    for (;;) {
        uint8_t code = load8(&depth[c]);
        if (code != D_UNKNOWN) {
            base = code;
            break;
        }
        d = dims[c];
        if (!is_dim(n, d)) {
            base = D_DETACHED;
            store8(&depth[c], D_DETACHED);
            break;
        }
        if (len > TC_CHECK_MAX_DEPTH) {
            base = D_CYCLIC;
            break;
        }
        stack[len++] = c;
        c = tc__star_rank_after_move(n, cur, c, d);
        tc__star_move(cur, d);
    }
    if (base == D_CYCLIC || base == D_DETACHED) {
        for (int s = 0; s < len; s++) {
            store8(&depth[stack[s]], base);
        }
    } else {
        int code = base;
        for (int s = len - 1; s >= 0; s--) {
            code++;
            store8(&depth[stack[s]], code > D_LIMIT ? D_CYCLIC : (uint8_t)code);
        }
    }
    return load8(&depth[v]);
}

/* All trees in one sweep over the permutations: each node's label is computed once. */
static void span_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    int n = job->n;
    int T = job->ntrees;
    int64_t lo, hi;
    uint8_t p[TC_STAR_MAX_N] = {0};
    const uint8_t *dims[TC_CHECK_MAX_TREES];
    memset(pt, 0, sizeof *pt);
    for (int t = 0; t < T; t++) {
        dims[t] = tc_forest_dims_const(job->forest, t);
        memset(&job->tree_part[tid][t], 0, sizeof job->tree_part[tid][t]);
    }
    if (!range_start(job, tid, nthreads, &lo, &hi, p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++, tc_star_next(n, p)) {
        uint32_t seen = 0, twice = 0; /* directed disjointness is local: parent dimensions */
        for (int t = 0; t < T; t++) {
            tree_partial_t *tp = &job->tree_part[tid][t];
            uint8_t d = dims[t][v];
            if (is_dim(n, d)) {
                uint32_t bit = 1u << d;
                twice |= seen & bit;
                seen |= bit;
            }
            if (d == TC_PARENT_NONE) {
                continue;
            }
            tp->members++;
            if (d == TC_PARENT_ROOT) {
                if (v != job->root) {
                    tp->extra_roots++;
                }
            } else if (!is_dim(n, d)) {
                tp->bad_dims++;
            }
            uint8_t *depth = job->depth + (size_t)t * (size_t)job->nodes;
            uint8_t code = load8(&depth[v]);
            if (code == D_UNKNOWN) {
                code = resolve(job, dims[t], depth, v, p);
            }
            if (code == D_CYCLIC) {
                tp->cyclic++;
            } else if (code == D_DETACHED) {
                tp->detached++;
            } else {
                int dv = code - 1;
                tp->reached++;
                if (dv > tp->depth) {
                    tp->depth = dv;
                }
                if (job->dist != NULL) {
                    int ex = dv - job->dist[v];
                    if (ex < 0 || (ex & 1)) {
                        pt->excess_odd++; /* impossible in a bipartite graph; a bug if seen */
                    } else {
                        pt->excess[ex < TC_CHECK_EXCESS_BINS ? ex : TC_CHECK_EXCESS_BINS - 1]++;
                    }
                }
            }
        }
        if (twice != 0) {
            pt->shared_nodes++;
            pt->shared_directed += __builtin_popcount(twice);
        }
    }
}

/* ---- the used-dimension masks (for undirected use) ----------------------------------------- */

static void mask_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    int64_t lo, hi;
    tc__split_range(job->nodes, tid, nthreads, &lo, &hi);
    const uint8_t *dims[TC_CHECK_MAX_TREES];
    for (int t = 0; t < job->ntrees; t++) {
        dims[t] = tc_forest_dims_const(job->forest, t);
    }
    for (int64_t v = lo; v < hi; v++) {
        uint32_t seen = 0;
        for (int t = 0; t < job->ntrees; t++) {
            uint8_t d = dims[t][v];
            if (is_dim(job->n, d)) {
                seen |= 1u << d;
            }
        }
        job->mask[v] = seen;
    }
}

static void undirected_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    int n = job->n;
    int64_t lo, hi;
    uint8_t p[TC_STAR_MAX_N];
    memset(pt, 0, sizeof *pt);
    if (!range_start(job, tid, nthreads, &lo, &hi, p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++, tc_star_next(n, p)) {
        uint32_t mv = job->mask[v];
        for (int d = 2; d <= n; d++) {
            if (p[d - 1] < p[0]) {
                continue; /* the neighbour has a smaller rank: that node counts the edge */
            }
            int64_t u = tc__star_rank_after_move(n, p, v, d);
            int uses = (int)((mv >> d) & 1u) + (int)((job->mask[u] >> d) & 1u);
            pt->undirected_use[uses]++;
        }
    }
}

/* ---- independence ---------------------------------------------------------------------------- */

#define SET_BITS 13
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

/* Walk the root paths of node v in every tree; count v as violating when two paths share an
 * inner node, as unreached when a path does not end at the root. */
static void independence_one(job_t *job, stamp_set_t *set, partial_t *pt, int64_t v,
                             const uint8_t *p)
{
    int n = job->n;
    bool bad = false, lost = false;
    set->epoch++;
    if (set->epoch == 0) { /* wrapped: forget every old tag */
        memset(set->tag, 0, sizeof set->tag);
        set->epoch = 1;
    }
    for (int t = 0; t < job->ntrees && !bad; t++) {
        const uint8_t *dims = tc_forest_dims_const(job->forest, t);
        uint8_t cur[TC_STAR_MAX_N];
        memcpy(cur, p, TC_STAR_MAX_N);
        int64_t c = v;
        int steps = 0;
        for (;;) {
            uint8_t d = dims[c];
            if (d == TC_PARENT_ROOT && c == job->root) {
                break;
            }
            if (!is_dim(n, d) || steps > TC_CHECK_MAX_DEPTH) {
                lost = true;
                break;
            }
            c = tc__star_rank_after_move(n, cur, c, d);
            tc__star_move(cur, d);
            steps++;
            if (c != job->root && c != v && !set_insert(set, c)) {
                bad = true;
                break;
            }
            if (c == v) { /* a path through v itself is a cycle */
                lost = true;
                break;
            }
        }
    }
    pt->indep_nodes++;
    if (lost) {
        pt->indep_unreached++;
    }
    if (bad || lost) {
        pt->indep_violations++;
        if (pt->indep_example < 0 || v < pt->indep_example) {
            pt->indep_example = v;
        }
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
        uint8_t expect = is_dim(n, d) ? (uint8_t)tc_star_r(n, d) : d;
        pt->rot_checked++;
        if (t2 < 0 || tc_forest_dims_const(job->forest, t2)[w] != expect) {
            pt->rot_violations++;
        }
    }
}

static void pathwise_pass(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    int n = job->n;
    memset(pt, 0, sizeof *pt);
    pt->indep_example = -1;
    stamp_set_t *set = NULL;
    if (job->opts->independence) {
        set = calloc(1, sizeof *set);
        if (set == NULL) {
            pt->indep_unreached = -1; /* reported as out of memory by the caller */
            return;
        }
    }
    uint8_t p[TC_STAR_MAX_N];
    if (job->tested != NULL) {
        int64_t lo, hi;
        tc__split_range(job->ntested, tid, nthreads, &lo, &hi);
        for (int64_t s = lo; s < hi; s++) {
            int64_t v = job->tested[s];
            tc_star_unrank(n, v, p);
            if (set != NULL) {
                independence_one(job, set, pt, v, p);
            }
            if (job->opts->rotation) {
                rotation_one(job, pt, v, p);
            }
        }
    } else {
        int64_t lo, hi;
        if (range_start(job, tid, nthreads, &lo, &hi, p)) {
            for (int64_t v = lo; v < hi; v++, tc_star_next(n, p)) {
                if (set != NULL) {
                    independence_one(job, set, pt, v, p);
                }
                if (job->opts->rotation) {
                    rotation_one(job, pt, v, p);
                }
            }
        }
    }
    free(set);
}

/* ---- driver ---------------------------------------------------------------------------------- */

static void root_children(const tc_forest_t *forest, int t, int *count, int *first_dim)
{
    const tc_net_t *net = tc_forest_net(forest);
    int n = net->n;
    int64_t root = tc_forest_root(forest);
    const uint8_t *dims = tc_forest_dims_const(forest, t);
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(n, root, p);
    *count = 0;
    *first_dim = -1;
    for (int d = 2; d <= n; d++) {
        int64_t u = tc__star_rank_after_move(n, p, root, d);
        if (dims[u] == d) {
            if (*count == 0) {
                *first_dim = d;
            }
            (*count)++;
        }
    }
}

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
    tc_star_unrank(job->n, job->root, job->root_perm);
    tc_star_inverse(job->n, job->root_perm, job->root_inv);
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
    if (opts->excess) {
        job->dist = tc__big_alloc((size_t)job->nodes, 1);
        if (job->dist == NULL) {
            err = tc__fail(TC_ENOMEM, "Could not allocate the distance table.");
            goto cleanup;
        }
        tc__parallel(threads, dist_pass, job);
        report->excess_tested = true;
    }

    /* Spanning, acyclicity, depth: every tree in one sweep, memoized. */
    memset(job->depth, D_UNKNOWN, (size_t)job->ntrees * (size_t)job->nodes);
    for (int t = 0; t < job->ntrees; t++) {
        const uint8_t *dims = tc_forest_dims_const(forest, t);
        report->label[t] = tc_forest_label(forest, t);
        report->root_ok[t] = dims[job->root] == TC_PARENT_ROOT;
        if (report->root_ok[t]) {
            job->depth[(size_t)t * (size_t)job->nodes + (size_t)job->root] = 1;
        }
    }
    tc__parallel(threads, span_pass, job);
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
        root_children(forest, t, &report->root_children[t], &report->root_child_dim[t]);
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
        tc__parallel(threads, mask_pass, job);
        tc__parallel(threads, undirected_pass, job);
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
        tc__parallel(threads, pathwise_pass, job);
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
