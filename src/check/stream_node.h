/* The streaming check's node-level code, written once and compiled per family (included by
 * stream.c with FAM defined as star or addr: F(name) is FAM_name, over the family's node and path
 * types and functions there). Each function mirrors its counterpart in check_passes.h, with the
 * rule in place of the forest's arrays and a walk in place of the depth memo. This header
 * undefines FAM at its end. */

#ifndef FAM
#error "define FAM (star or addr) before including stream_node.h"
#endif

#define F(name) TC__WALK_PASTE(FAM, , name)

/* The depth of the node at p0 in tree t, whose parent marker there is d0: walked up by the
 * rule; WALK_CYCLIC or WALK_DETACHED as check.c's memo would say. */
static int F(walk)(const sjob_t *job, const F(path_t) * p0, int t, int d0)
{
    F(path_t) p = *p0;
    int d = d0;
    for (int steps = 0;; steps++) {
        if (steps > TC_CHECK_MAX_DEPTH) {
            return WALK_CYCLIC;
        }
        if (steps > 0) {
            d = F(path_dim)(job, &p, t);
        }
        /* At the tree's root with its marker: reached. The root marker is what the rule gives
         * there, so only a root marker can be that; any other marker ends the chain. */
        if (d == TC_PARENT_ROOT) {
            return job->root_ok[t] && F(path_at_root)(job, &p, t) ? steps : WALK_DETACHED;
        }
        if (!F(path_has)(job, &p, d)) {
            return WALK_DETACHED;
        }
        F(path_step)(job, &p, d);
    }
}

/* The children of tree t's root: how many, and the dimension of the first. */
static void F(root_children)(const sjob_t *job, int t, int *count, int *first_dim)
{
    F(node_t) s, nb;
    uint8_t dims[TC_CHECK_MAX_TREES];
    F(start)(job, &s, job->troot[t]);
    *count = 0;
    *first_dim = -1;
    for (int d = F(dim_lo)(job); d <= F(dim_hi)(job); d++) {
        if (!F(has)(job, job->troot[t], d)) {
            continue;
        }
        F(neighbour)(job, &s, d, &nb);
        F(dims)(job, &nb, dims);
        if (dims[t] == d) { /* the edge's dimension is the same at both ends here */
            *first_dim = *count == 0 ? d : *first_dim;
            (*count)++;
        }
    }
}

/* Levels (nodes, fan-out, edges per dimension, cyclic inner nodes, parents against J_c) and
 * the use of undirected edges at node s, whose parents are dims and depths depth. */
static void F(neighbourhood)(const sjob_t *job, tc_check_report_t *pt, const F(node_t) * s,
                             const uint8_t *dims, const int *depth)
{
    int T = job->T, lo_dim = F(dim_lo)(job), hi_dim = F(dim_hi)(job);
    int64_t v = s->id;
    uint8_t nd[TC_CHECK_MAX_DIMS][TC_CHECK_MAX_TREES]; /* the neighbours' parents */
    uint64_t mv = 0, mu[TC_CHECK_MAX_DIMS] = {0};
    for (int t = 0; t < T; t++) {
        if (F(has)(job, v, dims[t])) {
            mv |= 1ull << dims[t];
        }
    }
    for (int e = lo_dim; e <= hi_dim && e - lo_dim < TC_CHECK_MAX_DIMS; e++) {
        if (!F(has)(job, v, e)) {
            continue;
        }
        F(node_t) nb;
        F(neighbour)(job, s, e, &nb);
        F(dims)(job, &nb, nd[e - lo_dim]);
        for (int t = 0; t < T; t++) {
            uint8_t d = nd[e - lo_dim][t];
            if (F(has)(job, nb.id, d)) {
                mu[e - lo_dim] |= 1ull << d;
            }
        }
        if (job->undirected && F(edge_once)(job, s, e)) { /* the edge's dimension at both ends */
            int uses = (int)((mv >> e) & 1u) + (int)((mu[e - lo_dim] >> e) & 1u);
            pt->undirected_use[uses]++;
        }
    }
    if (!job->levels) {
        return;
    }
    int period = -1; /* computed once, when first needed */
    for (int t = 0; t < T; t++) {
        int weight = job->weight[t]; /* under the rotation: the trees its orbit stands for */
        if (depth[t] < 0 || weight == 0) {
            continue; /* not reached (no level), or an orbit's other tree */
        }
        uint8_t d = dims[t];
        int lv = depth[t] < TC_CHECK_MAX_LEVELS ? depth[t] : TC_CHECK_MAX_LEVELS - 1;
        pt->level_nodes[lv] += weight;
        if (F(has)(job, v, d) && t == 0 && d - lo_dim < TC_CHECK_MAX_DIMS) {
            pt->level_dim_edges[lv][d - lo_dim]++;
        }
        int kids = 0;
        for (int e = lo_dim; e <= hi_dim && e - lo_dim < TC_CHECK_MAX_DIMS; e++) {
            kids += F(has)(job, v, e) && nd[e - lo_dim][t] == e;
        }
        if (kids > pt->level_fanout[lv]) {
            pt->level_fanout[lv] = kids;
        }
        if (kids > 0 && v != job->troot[t]) {
            period = period < 0 ? F(period)(job, s) : period;
            pt->cyclic_inner += period > 0 && period < job->n ? weight : 0;
        }
    }
    if (T > 1 && v != job->root) { /* parents over several trees against abs(J_c) */
        period = period < 0 ? F(period)(job, s) : period;
        if (period > 0 && __builtin_popcountll(mv) != job->n / period) {
            pt->parents_mismatch++;
        }
    }
}

/* Independence of node s (check_passes.h's independence_one, step for step: the trees' root
 * paths in lockstep, the inner nodes in a set). */
static void F(independence_one)(const sjob_t *job, tc__stamp_set_t *set, tc_check_report_t *pt,
                                const F(node_t) * s)
{
    int T = job->T;
    bool bad = false, lost = false;
    tc__set_clear(set);
    F(path_t) at[TC_CHECK_MAX_TREES];
    F(path_from)(job, s, &at[0]);
    int64_t vkey = F(path_key)(job, &at[0]);
    uint64_t active = 0;
    for (int t = 0; t < T; t++) {
        at[t] = at[0];
        active |= 1ull << t;
    }
    for (int steps = 0; active != 0 && !bad && !lost; steps++) {
        for (uint64_t left = active; left != 0; left &= left - 1) {
            int t = __builtin_ctzll(left);
            int d = F(path_dim)(job, &at[t], t);
            bool at_root = F(path_at_root)(job, &at[t], t);
            if (d == TC_PARENT_ROOT && at_root) {
                active &= ~(1ull << t);
                continue;
            }
            if (!F(path_has)(job, &at[t], d) || steps > TC_CHECK_MAX_DEPTH) {
                lost = true;
                break;
            }
            F(path_step)(job, &at[t], d);
            int64_t key = F(path_key)(job, &at[t]);
            if (key == vkey) { /* a path through v itself is a cycle */
                lost = true;
                break;
            }
            if (!F(path_at_root)(job, &at[t], t) && !tc__set_insert(set, key)) {
                bad = true;
                break;
            }
        }
    }
    tc__indep_tally(bad, lost, s->id, &pt->indep_nodes, &pt->indep_unreached, &pt->indep_violations,
                    &pt->indep_example);
}

/* The trees where the rotation R (paper 000 Lemma 6.2, about the root) does not map node s's
 * parent in tree t, whose marker is dims[t], onto R(s)'s parent in tree r(t): the parent
 * marker of R(s) in tree r(t) is to be R(dims[t]) (a dimension rotated, a marker itself). */
static int F(rotation_bad)(const sjob_t *job, const F(node_t) * s, const uint8_t *dims)
{
    uint8_t dw[TC_CHECK_MAX_TREES];
    F(rot_dims)(job, s, dw);
    int bad = 0;
    for (int t = 0; t < job->T; t++) {
        int t2 = job->rot_tree[t];
        bad += t2 < 0 || dw[t2] != job->rot_mark[dims[t]];
    }
    return bad;
}

static void F(pathwise_one)(const sjob_t *job, tc__stamp_set_t *set, tc_check_report_t *pt,
                            const F(node_t) * s, const uint8_t *dims)
{
    if (set != NULL) {
        F(independence_one)(job, set, pt, s);
    }
    if (job->rotation) {
        pt->rot_checked += job->T;
        pt->rot_violations += F(rotation_bad)(job, s, dims);
    }
}

/* Everything about node s: its parents, its walks, its neighbourhood, and (every node tested)
 * its root paths. */
static void F(node)(sjob_t *job, tc__stamp_set_t *set, tc_check_report_t *pt, const F(node_t) * s)
{
    int T = job->T;
    int64_t v = s->id;
    uint8_t dims[TC_CHECK_MAX_TREES];
    int depth[TC_CHECK_MAX_TREES];
    F(dims)(job, s, dims);
    int rot_bad = 0;
    if (job->sym) { /* the rotation's premise, at every node */
        rot_bad = F(rotation_bad)(job, s, dims);
        pt->orbit_premise_bad += rot_bad;
    }
    F(path_t) p0;
    F(path_from)(job, s, &p0);
    uint64_t seen = 0, twice = 0; /* directed disjointness is local: parent dimensions */
    for (int t = 0; t < T; t++) {
        uint8_t d = dims[t];
        depth[t] = WALK_DETACHED;
        if (F(has)(job, v, d)) {
            uint64_t bit = 1ull << d;
            twice |= seen & bit;
            seen |= bit;
        }
        if (d == TC_PARENT_NONE) {
            continue;
        }
        pt->members[t]++;
        if (d == TC_PARENT_ROOT) {
            if (v != job->troot[t]) {
                pt->extra_roots[t]++;
            }
        } else if (!F(has)(job, v, d)) {
            pt->bad_dims[t]++;
        }
        if (job->weight[t] == 0) {
            continue; /* under the rotation: its depths are its orbit representative's */
        }
        int dv = F(walk)(job, &p0, t, d);
        depth[t] = dv;
        if (dv == WALK_CYCLIC) {
            pt->cyclic[t]++;
        } else if (dv == WALK_DETACHED) {
            pt->detached[t]++;
        } else {
            pt->reached[t]++;
            pt->depth[t] = dv > pt->depth[t] ? dv : pt->depth[t];
            pt->depth_count[t][dv < TC_CHECK_MAX_LEVELS ? dv : TC_CHECK_MAX_LEVELS - 1]++;
            if (job->excess) {
                int ex = dv - F(dist)(job, s, t);
                if (ex < 0 || (job->bipartite && (ex & 1))) {
                    pt->excess_odd += job->weight[t]; /* impossible: a bug if seen */
                } else {
                    pt->excess[ex < TC_CHECK_EXCESS_BINS ? ex : TC_CHECK_EXCESS_BINS - 1] +=
                        job->weight[t];
                }
            }
        }
    }
    if (twice != 0) {
        pt->shared_nodes++;
        pt->shared_directed += __builtin_popcountll(twice);
    }
    if (job->levels || job->undirected) {
        F(neighbourhood)(job, pt, s, dims, depth);
    }
    if (job->pathwise && job->tested == NULL) {
        if (set != NULL) {
            F(independence_one)(job, set, pt, s);
        }
        if (job->rotation) { /* every node: the premise's count, when it was taken */
            pt->rot_checked += T;
            pt->rot_violations += job->sym ? rot_bad : F(rotation_bad)(job, s, dims);
        }
    }
}

/* One thread's share: its part of the range, then its part of the sample. */
static void F(pass)(void *arg, int tid, int nthreads)
{
    sjob_t *job = arg;
    tc_check_report_t *pt = &job->part[tid];
    memset(pt, 0, sizeof *pt);
    pt->ntrees = job->T;
    pt->indep_example = -1;
    tc__stamp_set_t *set = NULL;
    if (job->indep) {
        set = calloc(1, sizeof *set);
        if (set == NULL) {
            job->oom[tid] = true;
            return;
        }
    }
    int64_t lo, hi;
    tc__split_range(job->hi - job->lo, tid, nthreads, &lo, &hi);
    lo += job->lo;
    hi += job->lo;
    int w = job->w_node + (job->tested == NULL ? job->w_path : 0);
    if (lo < hi) {
        F(node_t) s;
        F(start)(job, &s, lo);
        for (int64_t v = lo; v < hi; v++, F(next)(job, &s)) {
            if (progress_at(job, lo, v, hi, w)) {
                break;
            }
            F(node)(job, set, pt, &s);
        }
        (void)progress_at(job, lo, hi, hi, w);
    }
    if (job->tested != NULL) { /* a sample: each node's label from scratch */
        tc__split_range(job->ntested, tid, nthreads, &lo, &hi);
        for (int64_t k = lo; k < hi; k++) {
            if (progress_at(job, lo, k, hi, job->w_path)) {
                break;
            }
            F(node_t) s;
            uint8_t dims[TC_CHECK_MAX_TREES];
            F(start)(job, &s, job->tested[k]);
            F(dims)(job, &s, dims);
            F(pathwise_one)(job, set, pt, &s, dims);
        }
        (void)progress_at(job, lo, hi, hi, job->w_path);
    }
    free(set);
}

#undef F
#undef FAM
