/* Star-graph spanning-tree rules of paper 000, Section 3, as distributed O(n) parent rules. */
#include "core/internal.h"
#include "net/walk_star.h"
#include "treecast/trees.h"
#include "trees/star_edt.h"
#include "trees/trees_internal.h"

#include <stdlib.h>
#include <string.h>

/* Position (1-based) of every symbol: pos[s] for s = 1..n. */
static void positions(int n, const uint8_t *i, uint8_t *pos)
{
    for (int m = 0; m < n; m++) {
        pos[i[m]] = (uint8_t)(m + 1);
    }
}

int tc_star_p(int n, const uint8_t *i)
{
    int k = 0;
    for (int m = 0; m < n; m++) {
        if (i[m] == 1) {
            k = m + 1;
        }
    }
    return k == 1 ? 0 : tc__star_p_of(n, i, k);
}

int tc_star_spt_parent(int n, const uint8_t *i)
{
    if (i[0] == 1) {
        return tc__star_is_identity(n, i) ? TC_PARENT_ROOT : TC_PARENT_NONE;
    }
    return tc_star_p(n, i);
}

int tc_star_spg_parent(int n, const uint8_t *i, int l)
{
    if (i[0] == 1) {
        return tc__star_is_identity(n, i) ? TC_PARENT_ROOT : l;
    }
    uint8_t pos[TC_STAR_MAX_N + 1] = {0};
    positions(n, i, pos);
    return pos[1] == l ? tc__star_p_of(n, i, l) : TC_PARENT_NONE;
}

int tc_star_edt_parent(int n, const uint8_t *i, int l)
{
    uint8_t pos[TC_STAR_MAX_N + 1] = {0};
    positions(n, i, pos);
    int k = pos[1];
    if (k == 1) { /* kind 4, equation (11) */
        return tc__star_is_identity(n, i) ? TC_PARENT_ROOT : l;
    }
    int p = tc__star_p_of(n, i, k);
    return tc__star_edt_rule(i, pos, k, p, i[p - 1], l);
}

void tc_star_edt_parents(int n, const uint8_t *i, uint8_t *dims)
{
    uint8_t pos[TC_STAR_MAX_N + 1] = {0};
    positions(n, i, pos);
    int k = pos[1];
    if (k == 1) {
        bool root = tc__star_is_identity(n, i);
        for (int l = 2; l <= n; l++) {
            dims[l - 2] = (uint8_t)(root ? TC_PARENT_ROOT : l);
        }
        return;
    }
    int p = tc__star_p_of(n, i, k);
    int ip = i[p - 1];
    for (int l = 2; l <= n; l++) {
        dims[l - 2] = (uint8_t)tc__star_edt_rule(i, pos, k, p, ip, l);
    }
}

int tc_star_bfs_parent(int n, const uint8_t *i)
{
    if (i[0] != 1) {
        return i[0];
    }
    for (int m = 2; m <= n; m++) {
        if (i[m - 1] != m) {
            return m;
        }
    }
    return TC_PARENT_ROOT;
}

/* ---- the rows' rules: at root I_n, tree t, on the relative label h^-1 . i ------------------ */

int tc__star_rule_edt(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    return tc__star_rule_edt_inline(n, rel, pos, t);
}

void tc__star_rules_edt(int n, const uint8_t *rel, uint8_t *dims)
{
    tc_star_edt_parents(n, rel, dims);
}

int tc__star_rule_spg(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    int l = t + 2;
    if (rel[0] == 1) {
        return tc__star_is_identity(n, rel) ? TC_PARENT_ROOT : l;
    }
    return pos[1] == l ? tc__star_p_of(n, rel, l) : TC_PARENT_NONE;
}

int tc__star_rule_spt(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    (void)t;
    if (rel[0] == 1) {
        return tc__star_is_identity(n, rel) ? TC_PARENT_ROOT : TC_PARENT_NONE;
    }
    return tc__star_p_of(n, rel, pos[1]);
}

int tc__star_rule_bfs(int n, const uint8_t *rel, const uint8_t *pos, int t)
{
    (void)t;
    (void)pos;
    return tc_star_bfs_parent(n, rel);
}

/* Any root h by translation: the rule of T_h^{-1}(node) = h^{-1} . node (paper 000 Lemma 1). */
int tc__star_parent(const tc__kind_t *kind, const tc_net_t *net, int64_t root, int t, int64_t node)
{
    int n = tc_net_n(net);
    uint8_t j[TC_STAR_MAX_N], pos[TC_STAR_MAX_N + 1] = {0};
    tc_star_unrank(n, tc_net_translate(net, root, node, true), j);
    positions(n, j, pos);
    return kind->star_rule(n, j, pos, t);
}

/* ---- building a forest ------------------------------------------------------------------- */

typedef struct {
    const tc__kind_t *kind;
    walk_star_net_t w;
    int64_t nodes;
    uint8_t hinv[TC_STAR_MAX_N];
    bool identity_root;
    uint8_t **dims; /* one array per tree */
    int ntrees;
} build_job_t;

static void build_range(void *arg, int tid, int nthreads)
{
    build_job_t *job = arg;
    int n = job->w.n;
    int64_t lo, hi;
    tc__split_range(job->nodes, tid, nthreads, &lo, &hi);
    if (lo >= hi) {
        return;
    }
    walk_star_t s;
    uint8_t j[TC_STAR_MAX_N], d[TC_STAR_MAX_N];
    walk_star_start(&job->w, &s, lo);
    for (int64_t v = lo; v < hi; v++, walk_star_next(&job->w, &s)) {
        const uint8_t *rel = s.p;
        if (!job->identity_root) {
            tc_star_compose(n, job->hinv, s.p, j);
            rel = j;
        }
        if (job->kind->star_rules != NULL) {
            job->kind->star_rules(n, rel, d);
            for (int t = 0; t < job->ntrees; t++) {
                job->dims[t][v] = d[t];
            }
        } else {
            uint8_t pos[TC_STAR_MAX_N + 1] = {0};
            positions(n, rel, pos);
            for (int t = 0; t < job->ntrees; t++) {
                job->dims[t][v] = (uint8_t)job->kind->star_rule(n, rel, pos, t);
            }
        }
    }
}

tc_err_t tc__star_fill(const tc__kind_t *kind, tc_forest_t *forest, int threads)
{
    const tc_net_t *net = tc_forest_net(forest);
    int64_t root = tc_forest_root(forest);
    build_job_t job = {.kind = kind, .nodes = tc_net_nodes(net), .ntrees = tc_forest_trees(forest)};
    walk_star_init(&job.w, net, NULL);
    job.dims = tc__malloc_array((size_t)job.ntrees, sizeof *job.dims);
    if (job.dims == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    for (int t = 0; t < job.ntrees; t++) {
        job.dims[t] = tc_forest_dims(forest, t);
    }
    uint8_t h[TC_STAR_MAX_N];
    tc_star_unrank(job.w.n, root, h);
    tc_star_inverse(job.w.n, h, job.hinv);
    job.identity_root = (root == 0);
    tc_err_t err = tc__parallel(threads, build_range, &job);
    free(job.dims);
    return err;
}
