/* The passes of the checker, written once and compiled once per walker (included by check.c
 * with WALK defined as star, addr or table; see src/net/walk.h for the walker functions W(...)).
 * The walker carries the label of the current node, so that a neighbour is found without
 * unranking; the passes see the network only through it. This header undefines WALK at its end,
 * so every instantiation states its own. */

#ifndef WALK
#error "define WALK (star, addr or table) before including check_passes.h"
#endif

#define WC(job) (&(job)->w.WALK)
#define FN(name) TC__WALK_PASTE(name, , WALK)

/* Contiguous range of nodes [lo, hi) for this thread, with the label of lo in s. */
static bool FN(range_start)(const job_t *job, int tid, int nthreads, int64_t *lo, int64_t *hi,
                            W(t) * s)
{
    tc__split_range(job->nodes, tid, nthreads, lo, hi);
    if (*lo >= *hi) {
        return false;
    }
    W(start)(WC(job), s, *lo);
    return true;
}

/* ---- spanning, acyclicity, depth ------------------------------------------------------------ */

/* Resolve the depth code of node v (label s) in tree t, whose memo is `depth`. The parent is
 * looked up first without copying s; only an unknown parent starts a walk. */
static uint8_t FN(resolve)(const job_t *job, const uint8_t *dims, uint8_t *depth, int64_t v,
                           const W(t) * s)
{
    uint8_t d = dims[v];
    if (!W(has)(WC(job), v, d)) { /* NONE, a stray root marker, or garbage: the chain stops */
        store8(&depth[v], D_DETACHED);
        return D_DETACHED;
    }
    int64_t c = W(neigh)(WC(job), s, v, d);
    uint8_t base = load8(&depth[c]);
    if (base != D_UNKNOWN) {
        uint8_t code = (base == D_CYCLIC || base == D_DETACHED) ? base
                       : base >= D_LIMIT                        ? D_CYCLIC
                                                                : (uint8_t)(base + 1);
        store8(&depth[v], code);
        return code;
    }
    int64_t stack[TC_CHECK_MAX_DEPTH + 2];
    int len = 0;
    W(t) cur = *s;
    W(move)(WC(job), &cur, d);
    stack[len++] = v;
    for (;;) {
        uint8_t code = load8(&depth[c]);
        if (code != D_UNKNOWN) {
            base = code;
            break;
        }
        d = dims[c];
        if (!W(has)(WC(job), c, d)) {
            base = D_DETACHED;
            store8(&depth[c], D_DETACHED);
            break;
        }
        if (len > TC_CHECK_MAX_DEPTH) {
            base = D_CYCLIC;
            break;
        }
        stack[len++] = c;
        c = W(neigh)(WC(job), &cur, c, d);
        W(move)(WC(job), &cur, d);
    }
    if (base == D_CYCLIC || base == D_DETACHED) {
        for (int k = 0; k < len; k++) {
            store8(&depth[stack[k]], base);
        }
    } else {
        int code = base;
        for (int k = len - 1; k >= 0; k--) {
            code++;
            store8(&depth[stack[k]], code > D_LIMIT ? D_CYCLIC : (uint8_t)code);
        }
    }
    return load8(&depth[v]);
}

/* All trees in one sweep over the nodes: each node's label is computed once. */
static void FN(span_pass)(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    int T = job->ntrees;
    int64_t lo, hi;
    W(t) p;
    const uint8_t *dims[TC_CHECK_MAX_TREES];
    memset(pt, 0, sizeof *pt);
    for (int t = 0; t < T; t++) {
        dims[t] = tc_forest_dims_const(job->forest, t);
        memset(&job->tree_part[tid][t], 0, sizeof job->tree_part[tid][t]);
    }
    if (!FN(range_start)(job, tid, nthreads, &lo, &hi, &p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        if (progress_at(job, lo, v, hi, job->w_span)) {
            break;
        }
        uint64_t seen = 0, twice = 0; /* directed disjointness is local: parent dimensions */
        for (int t = 0; t < T; t++) {
            tree_partial_t *tp = &job->tree_part[tid][t];
            uint8_t d = dims[t][v];
            if (W(has)(WC(job), v, d)) {
                uint64_t bit = 1ull << d;
                twice |= seen & bit;
                seen |= bit;
            }
            if (d == TC_PARENT_NONE) {
                continue;
            }
            tp->members++;
            if (d == TC_PARENT_ROOT) {
                if (v != job->troot[t]) {
                    tp->extra_roots++;
                }
            } else if (!W(has)(WC(job), v, d)) {
                tp->bad_dims++;
            }
            uint8_t *depth = job->depth + (size_t)t * (size_t)job->nodes;
            uint8_t code = load8(&depth[v]);
            if (code == D_UNKNOWN) {
                code = FN(resolve)(job, dims[t], depth, v, &p);
            }
            if (code == D_CYCLIC) {
                tp->cyclic++;
            } else if (code == D_DETACHED) {
                tp->detached++;
            } else {
                int dv = code - 1;
                tp->reached++;
                tp->depth_count[dv < TC_CHECK_MAX_LEVELS ? dv : TC_CHECK_MAX_LEVELS - 1]++;
                if (dv > tp->depth) {
                    tp->depth = dv;
                }
                if (job->excess) {
                    int ex = dv - W(dist)(WC(job), job->dist, v, job->troot[t]);
                    if (ex < 0 || (job->bipartite && (ex & 1))) {
                        pt->excess_odd++; /* impossible: a bug if seen */
                    } else {
                        pt->excess[ex < TC_CHECK_EXCESS_BINS ? ex : TC_CHECK_EXCESS_BINS - 1]++;
                    }
                }
            }
        }
        if (twice != 0) {
            pt->shared_nodes++;
            pt->shared_directed += __builtin_popcountll(twice);
        }
        W(next)(WC(job), &p);
    }
    (void)progress_at(job, lo, hi, hi, job->w_span);
}

/* ---- levels: nodes, fan-out and edges per dimension, per level (tree by tree) --------------- */

static void FN(levels_pass)(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    level_partial_t *lp = &job->level_part[tid];
    int T = job->ntrees;
    int lo_dim = W(dim_lo)(WC(job)), hi_dim = W(dim_hi)(WC(job));
    int64_t lo, hi;
    W(t) p;
    memset(lp, 0, sizeof *lp);
    if (!FN(range_start)(job, tid, nthreads, &lo, &hi, &p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        if (progress_at(job, lo, v, hi, job->w_levels)) {
            break;
        }
        uint64_t parents = 0; /* the distinct parent dimensions of v over all trees */
        int period = -1;      /* computed once, when first needed */
        for (int t = 0; t < T; t++) {
            const uint8_t *dims = tc_forest_dims_const(job->forest, t);
            const uint8_t *depth = job->depth + (size_t)t * (size_t)job->nodes;
            uint8_t code = depth[v];
            uint8_t d = dims[v];
            bool edge = W(has)(WC(job), v, d);
            if (edge) {
                parents |= 1ull << d;
            }
            if (code == D_UNKNOWN || code > D_LIMIT) {
                continue; /* not reached: no level */
            }
            int lv = code - 1 < TC_CHECK_MAX_LEVELS ? code - 1 : TC_CHECK_MAX_LEVELS - 1;
            lp->nodes[lv]++;
            if (edge && t == 0 && d - lo_dim < TC_CHECK_MAX_DIMS) {
                lp->dim_edges[lv][d - lo_dim]++;
            }
            int kids = 0;
            for (int e = lo_dim; e <= hi_dim; e++) {
                if (W(has)(WC(job), v, e)) {
                    kids += dims[W(neigh)(WC(job), &p, v, e)] == e;
                }
            }
            if (kids > lp->fanout[lv]) {
                lp->fanout[lv] = kids;
            }
            if (kids > 0 && v != job->troot[t]) {
                period = period < 0 ? W(period)(WC(job), v, job->root) : period;
                lp->cyclic_inner += period > 0 && period < job->n;
            }
        }
        if (T > 1 && v != job->root) { /* parents over several trees against abs(J_c) */
            period = period < 0 ? W(period)(WC(job), v, job->root) : period;
            if (period > 0 && __builtin_popcountll(parents) != job->n / period) {
                lp->parents_mismatch++;
            }
        }
        W(next)(WC(job), &p);
    }
    (void)progress_at(job, lo, hi, hi, job->w_levels);
}

/* ---- the used-dimension masks (for undirected use) ----------------------------------------- */

static void FN(mask_pass)(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    int64_t lo, hi;
    tc__split_range(job->nodes, tid, nthreads, &lo, &hi);
    const uint8_t *dims[TC_CHECK_MAX_TREES];
    for (int t = 0; t < job->ntrees; t++) {
        dims[t] = tc_forest_dims_const(job->forest, t);
    }
    W(mask_t) *mask = job->mask;
    for (int64_t v = lo; v < hi; v++) {
        if (progress_at(job, lo, v, hi, job->w_mask)) {
            break;
        }
        uint64_t seen = 0;
        for (int t = 0; t < job->ntrees; t++) {
            uint8_t d = dims[t][v];
            if (W(has)(WC(job), v, d)) {
                seen |= 1ull << d;
            }
        }
        mask[v] = (W(mask_t))seen;
    }
    (void)progress_at(job, lo, hi, hi, job->w_mask);
}

static void FN(undirected_pass)(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    int lo_dim = W(dim_lo)(WC(job)), hi_dim = W(dim_hi)(WC(job));
    const W(mask_t) *mask = job->mask;
    int64_t lo, hi;
    W(t) p;
    memset(pt, 0, sizeof *pt);
    if (!FN(range_start)(job, tid, nthreads, &lo, &hi, &p)) {
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        if (progress_at(job, lo, v, hi, job->w_undirected)) {
            break;
        }
        uint64_t mv = mask[v];
        for (int d = lo_dim; d <= hi_dim; d++) {
            if (!W(has)(WC(job), v, d) || !W(edge_once)(WC(job), &p, v, d)) {
                continue; /* no such edge, or the other end counts it */
            }
            int64_t u = W(neigh)(WC(job), &p, v, d);
            int back = W(back)(WC(job), v, d);
            int uses = (int)((mv >> d) & 1u) + (int)((mask[u] >> back) & 1u);
            pt->undirected_use[uses]++;
        }
        W(next)(WC(job), &p);
    }
    (void)progress_at(job, lo, hi, hi, job->w_undirected);
}

/* ---- independence ---------------------------------------------------------------------------- */

/* Walk the root paths of node v in every tree; count v as violating when two paths share an
 * inner node, as unreached when a path does not end at its root. The paths are walked in
 * lockstep, one step of every tree per round, so that the trees' parent loads (random
 * accesses into separate arrays) are independent and overlap in the memory system. */
static void FN(independence_one)(job_t *job, tc__stamp_set_t *set, partial_t *pt, int64_t v,
                                 const W(t) * s)
{
    int T = job->ntrees;
    bool bad = false, lost = false;
    tc__set_clear(set);
    int64_t at[TC_CHECK_MAX_TREES];
    W(t) cur[TC_CHECK_MAX_TREES];
    uint64_t active = 0;
    for (int t = 0; t < T; t++) {
        at[t] = v;
        cur[t] = *s;
        active |= 1ull << t;
    }
    for (int steps = 0; active != 0 && !bad && !lost; steps++) {
        for (uint64_t left = active; left != 0; left &= left - 1) {
            int t = __builtin_ctzll(left);
            int64_t c = at[t];
            uint8_t d = tc_forest_dims_const(job->forest, t)[c];
            if (d == TC_PARENT_ROOT && c == job->troot[t]) {
                active &= ~(1ull << t);
                continue;
            }
            if (!W(has)(WC(job), c, d) || steps > TC_CHECK_MAX_DEPTH) {
                lost = true;
                break;
            }
            c = W(neigh)(WC(job), &cur[t], c, d);
            W(move)(WC(job), &cur[t], d);
            at[t] = c;
            if (c == v) { /* a path through v itself is a cycle */
                lost = true;
                break;
            }
            if (c != job->troot[t] && !tc__set_insert(set, c)) {
                bad = true;
                break;
            }
        }
    }
    tc__indep_tally(bad, lost, v, &pt->indep_nodes, &pt->indep_unreached, &pt->indep_violations,
                    &pt->indep_example);
}

/* Independence and rotation of one node. */
static void FN(pathwise_one)(job_t *job, tc__stamp_set_t *set, partial_t *pt, int64_t v,
                             const W(t) * s)
{
    if (set != NULL) {
        FN(independence_one)(job, set, pt, v, s);
    }
    if (job->opts->rotation) {
        rotation_one(job, pt, v);
    }
}

static void FN(pathwise_pass)(void *arg, int tid, int nthreads)
{
    job_t *job = arg;
    partial_t *pt = &job->part[tid];
    memset(pt, 0, sizeof *pt);
    pt->indep_example = -1;
    tc__stamp_set_t *set = NULL;
    if (job->opts->independence) {
        set = calloc(1, sizeof *set);
        if (set == NULL) {
            pt->oom = true;
            return;
        }
    }
    W(t) p;
    int64_t lo, hi;
    if (job->tested != NULL) { /* a sample: each node's label from scratch */
        tc__split_range(job->ntested, tid, nthreads, &lo, &hi);
        for (int64_t k = lo; k < hi; k++) {
            if (progress_at(job, lo, k, hi, job->w_pathwise)) {
                break;
            }
            W(start)(WC(job), &p, job->tested[k]);
            FN(pathwise_one)(job, set, pt, job->tested[k], &p);
        }
        (void)progress_at(job, lo, hi, hi, job->w_pathwise);
    } else if (FN(range_start)(job, tid, nthreads, &lo, &hi, &p)) {
        for (int64_t v = lo; v < hi; v++, W(next)(WC(job), &p)) {
            if (progress_at(job, lo, v, hi, job->w_pathwise)) {
                break;
            }
            FN(pathwise_one)(job, set, pt, v, &p);
        }
        (void)progress_at(job, lo, hi, hi, job->w_pathwise);
    }
    free(set);
}

/* The children of tree t's root: how many, and the dimension of the first. */
static void FN(root_children)(const job_t *job, int t, int *count, int *first_dim)
{
    const uint8_t *dims = tc_forest_dims_const(job->forest, t);
    int64_t root = job->troot[t];
    W(t) p;
    W(start)(WC(job), &p, root);
    *count = 0;
    *first_dim = -1;
    for (int d = W(dim_lo)(WC(job)); d <= W(dim_hi)(WC(job)); d++) {
        if (!W(has)(WC(job), root, d)) {
            continue;
        }
        /* a child's parent dimension is the edge's dimension at the child's end */
        if (dims[W(neigh)(WC(job), &p, root, d)] == W(back)(WC(job), root, d)) {
            if (*count == 0) {
                *first_dim = d;
            }
            (*count)++;
        }
    }
}

static const passes_t FN(passes) = {FN(span_pass),       FN(levels_pass),   FN(mask_pass),
                                    FN(undirected_pass), FN(pathwise_pass), FN(root_children)};

#undef WC
#undef FN
#undef WALK
