/* The streaming check (treecast/check.h): tc_check_forest's measurements taken from the kind's
 * rule over a range of node ids, with nothing stored per node.
 *
 * Where check.c reads a node's parent from the forest and its depth from a memo, this file asks
 * the rule: the node's parents in every tree at once (the rows' all-trees rule where there is
 * one), and its depth by walking up, a rule evaluation a step, until the tree's root. The
 * children (levels, the roots' children) and the use of undirected edges come from the rule at
 * the neighbours. The node-level code is written once (stream_node.h) for the two families
 * that have rules: S_n, whose walks carry the label relative to the root (the rules are stated
 * at the identity, and a move along dimension d swaps the same two positions of the relative
 * label as of the node's), and the address families Q_n and I_k^n, whose labels are their ids.
 *
 * Every count follows check.c's definitions, so that the merged reports of any cover of the
 * nodes by ranges equal tc_check_forest's report: a node with the "not in this tree" marker is
 * no member; a chain reaches the tree's root when it gets there within TC_CHECK_MAX_DEPTH steps
 * and the root carries the root marker, is cyclic when it does not within that many steps, and
 * is detached when it stops at a marker that is not a dimension of its node.
 *
 * Over the whole network the walks are the cost (a node's depth in every tree, a rule a level),
 * and where the network's rotation R permutes the trees the rotation shortcut (treecast/check.h,
 * sjob_t's sym) walks one tree of each orbit: R maps a tree onto its image node for node once
 * the sweep has found R mapping every node's parents as Lemma 6.2 says. The sweep tests that
 * premise at every node beside the walks; if it fails anywhere, the sweep runs again with every
 * tree walked.
 */
#include "check/check_internal.h"
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/walk.h"
#include "net/walk_addr.h"
#include "net/walk_star.h"
#include "treecast/trees.h"
#include "trees/star_edt.h"
#include "trees/trees_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef enum { FAM_STAR, FAM_ADDR } family_t;

typedef struct {
    const tc_net_t *net;
    const tc__kind_t *row;
    const tc_check_opts_t *opts;
    family_t fam;
    int n, T;
    int64_t nodes, root, lo, hi;
    int64_t troot[TC_CHECK_MAX_TREES];
    bool root_ok[TC_CHECK_MAX_TREES];
    int label[TC_CHECK_MAX_TREES];
    bool excess, bipartite, levels, undirected, indep, rotation, pathwise;
    bool edt; /* S_n: the row's rule is tc__star_rule_edt */
    walk_star_net_t ws;
    walk_addr_net_t wa;
    uint8_t hinv[TC_STAR_MAX_N];                          /* S_n: the root's inverse */
    uint8_t troot_rel[TC_CHECK_MAX_TREES][TC_STAR_MAX_N]; /* S_n: the tree roots, relative */
    /* The rotation R about the root (paper 000 Lemma 6.2), where the network has one: the tree
     * R maps tree t onto (-1: none), R on parent markers (a dimension rotated, any other marker
     * itself), and on S_n's relative labels (position k to rpos[k], symbol x to rsym[x]). */
    bool has_rot;
    int rot_tree[TC_CHECK_MAX_TREES];
    uint8_t rot_mark[256];
    uint8_t rpos[TC_STAR_MAX_N], rsym[TC_STAR_MAX_N + 1];
    /* The rotation shortcut (sym): once R maps every node's parents as the lemma says (tested at
     * every node in the sweep), R maps tree t onto tree r(t) node for node and keeps the root,
     * so a tree's depths, reached, cyclic and detached nodes are those of any tree of its orbit.
     * Then only an orbit's first tree, its representative, is walked: weight[t] is the size of
     * t's orbit for a representative, 0 for the others (1 for every tree without the shortcut);
     * rep[t] is t's representative. The premise's failures: each thread's orbit_premise_bad. */
    bool sym;
    bool partial; /* tc_check_stream_orbits: the orbits' first trees only, nothing filled in */
    int weight[TC_CHECK_MAX_TREES], rep[TC_CHECK_MAX_TREES];
    const int64_t *tested; /* the sampled nodes of the range, or NULL: every node */
    int64_t ntested;
    tc_check_report_t *part; /* per thread */
    bool oom[TC_MAX_THREADS];
    tc__progress_t prog;
    int w_node, w_path; /* the weights of a node's visit in the sweep and in the path walks */
} sjob_t;

/* Depth results of a walk besides a depth >= 0. */
#define WALK_CYCLIC (-1)
#define WALK_DETACHED (-2)

/* ---- progress and stop (check_internal.h) ---------------------------------------------------- */

#define progress_tick(job, visits) tc__progress_tick(&(job)->prog, visits)
#define progress_at(job, lo, v, hi, w) tc__progress_at(&(job)->prog, lo, v, hi, w)

/* ---- S_n: the node's label and its label relative to the root ------------------------------ */

typedef struct {
    walk_star_t a;              /* the node's label (its id follows from it) */
    uint8_t rel[TC_STAR_MAX_N]; /* root^-1 . label: what the rules read */
    int64_t id;
} star_node_t;

typedef struct { /* a walk needs only the relative label, and where its symbols are */
    uint8_t rel[TC_STAR_MAX_N];
    uint8_t pos[TC_STAR_MAX_N + 1]; /* pos[s]: the position (1-based) of symbol s in rel */
    uint32_t wrong;                 /* bit m: position m does not hold symbol m */
} star_path_t;

static inline void star_start(const sjob_t *job, star_node_t *s, int64_t v)
{
    walk_star_start(&job->ws, &s->a, v);
    tc_star_compose(job->n, job->hinv, s->a.p, s->rel);
    s->id = v;
}

static inline void star_next(const sjob_t *job, star_node_t *s)
{
    walk_star_next(&job->ws, &s->a);
    tc_star_compose(job->n, job->hinv, s->a.p, s->rel);
    s->id++;
}

static inline bool star_has(const sjob_t *job, int64_t v, int d)
{
    return walk_star_has(&job->ws, v, d);
}

/* The neighbour along d (star_has holds) into *out. */
static inline void star_neighbour(const sjob_t *job, const star_node_t *s, int d, star_node_t *out)
{
    *out = *s;
    out->id = walk_star_neigh(&job->ws, &s->a, s->id, d);
    walk_star_move(&job->ws, &out->a, d);
    uint8_t x = out->rel[0];
    out->rel[0] = out->rel[d - 1];
    out->rel[d - 1] = x;
}

static inline void star_path_of(const sjob_t *job, const uint8_t *rel, star_path_t *p)
{
    memcpy(p->rel, rel, sizeof p->rel);
    p->wrong = 0;
    for (int m = 0; m < job->n; m++) {
        p->pos[p->rel[m]] = (uint8_t)(m + 1);
        p->wrong |= (uint32_t)(p->rel[m] != m + 1) << (m + 1);
    }
}

static inline void star_path_from(const sjob_t *job, const star_node_t *s, star_path_t *p)
{
    star_path_of(job, s->rel, p);
}

static inline int star_path_dim(const sjob_t *job, const star_path_t *p, int t)
{
    if (job->edt) { /* the same rule, compiled in: no call a step of the walks */
        return tc__star_rule_edt_wrong(p->rel, p->pos, p->wrong, t);
    }
    return job->row->star_rule(job->n, p->rel, p->pos, t);
}

/* The parents in every tree of the node whose relative label is rel. */
static inline void star_dims_of(const sjob_t *job, const uint8_t *rel, uint8_t *dims)
{
    if (job->row->star_rules != NULL) {
        job->row->star_rules(job->n, rel, dims);
        return;
    }
    star_path_t p;
    star_path_of(job, rel, &p);
    for (int t = 0; t < job->T; t++) {
        dims[t] = (uint8_t)star_path_dim(job, &p, t);
    }
}

static inline void star_dims(const sjob_t *job, const star_node_t *s, uint8_t *dims)
{
    star_dims_of(job, s->rel, dims);
}

/* The parents, in every tree, of R(s): R on the relative label (R about the root is R on the
 * label relative to it). */
static inline void star_rot_dims(const sjob_t *job, const star_node_t *s, uint8_t *dims)
{
    uint8_t rel[TC_STAR_MAX_N] = {0};
    for (int k = 0; k < job->n; k++) {
        rel[job->rpos[k]] = job->rsym[s->rel[k]];
    }
    star_dims_of(job, rel, dims);
}

static inline bool star_path_has(const sjob_t *job, const star_path_t *p, int d)
{
    (void)p;
    return d >= 2 && d <= job->n;
}

static inline void star_path_step(const sjob_t *job, star_path_t *p, int d)
{
    (void)job;
    uint8_t x = p->rel[0], y = p->rel[d - 1];
    p->rel[0] = y;
    p->rel[d - 1] = x;
    p->pos[y] = 1;
    p->pos[x] = (uint8_t)d;
    p->wrong = (p->wrong & ~(2u | 1u << d)) | (uint32_t)(y != 1) << 1 | (uint32_t)(x != d) << d;
}

static inline bool star_path_at_root(const sjob_t *job, const star_path_t *p, int t)
{
    return memcmp(p->rel, job->troot_rel[t], (size_t)job->n) == 0;
}

/* A key that tells the nodes apart: the relative label, 4 bits a symbol (n <= 15), else its
 * rank. */
static inline int64_t star_path_key(const sjob_t *job, const star_path_t *p)
{
    if (job->n > 15) {
        return tc_star_rank(job->n, p->rel);
    }
    uint64_t k = 0;
    for (int m = 0; m < job->n; m++) {
        k = k << 4 | p->rel[m];
    }
    return (int64_t)k;
}

/* The distance to tree t's root (only asked when every tree is at the root). */
static inline int star_dist(const sjob_t *job, const star_node_t *s, int t)
{
    (void)t;
    return tc_star_distance_identity(job->n, s->rel);
}

static inline int star_period(const sjob_t *job, const star_node_t *s)
{
    (void)job;
    (void)s;
    return 0;
}

static inline bool star_edge_once(const sjob_t *job, const star_node_t *s, int d)
{
    return walk_star_edge_once(&job->ws, &s->a, s->id, d);
}

static inline int star_dim_lo(const sjob_t *job)
{
    (void)job;
    return 2;
}

static inline int star_dim_hi(const sjob_t *job)
{
    return job->n;
}

/* ---- Q_n and I_k^n: the address is the label --------------------------------------------------
 */

typedef struct {
    int64_t id;
} addr_node_t;

typedef addr_node_t addr_path_t;

static inline void addr_start(const sjob_t *job, addr_node_t *s, int64_t v)
{
    (void)job;
    s->id = v;
}

static inline void addr_next(const sjob_t *job, addr_node_t *s)
{
    (void)job;
    s->id++;
}

static inline void addr_dims(const sjob_t *job, const addr_node_t *s, uint8_t *dims)
{
    if (job->row->addr_rules != NULL) {
        job->row->addr_rules(job->net, (uint64_t)job->root, (uint64_t)s->id, job->T, dims);
        return;
    }
    for (int t = 0; t < job->T; t++) {
        dims[t] = (uint8_t)job->row->addr_rule(job->net, (uint64_t)job->root, (uint64_t)s->id, t);
    }
}

static inline void addr_rot_dims(const sjob_t *job, const addr_node_t *s, uint8_t *dims)
{
    addr_node_t w = {tc_net_rotate_at(job->net, job->root, s->id, 1)};
    addr_dims(job, &w, dims);
}

static inline bool addr_has(const sjob_t *job, int64_t v, int d)
{
    return walk_addr_has(&job->wa, v, d);
}

static inline void addr_neighbour(const sjob_t *job, const addr_node_t *s, int d, addr_node_t *out)
{
    (void)job;
    out->id = s->id ^ ((int64_t)1 << d);
}

static inline void addr_path_from(const sjob_t *job, const addr_node_t *s, addr_path_t *p)
{
    (void)job;
    *p = *s;
}

static inline int addr_path_dim(const sjob_t *job, const addr_path_t *p, int t)
{
    return job->row->addr_rule(job->net, (uint64_t)job->root, (uint64_t)p->id, t);
}

static inline bool addr_path_has(const sjob_t *job, const addr_path_t *p, int d)
{
    return walk_addr_has(&job->wa, p->id, d);
}

static inline void addr_path_step(const sjob_t *job, addr_path_t *p, int d)
{
    (void)job;
    p->id ^= (int64_t)1 << d;
}

static inline bool addr_path_at_root(const sjob_t *job, const addr_path_t *p, int t)
{
    return p->id == job->troot[t];
}

static inline int64_t addr_path_key(const sjob_t *job, const addr_path_t *p)
{
    (void)job;
    return p->id;
}

static inline int addr_dist(const sjob_t *job, const addr_node_t *s, int t)
{
    return walk_addr_dist(&job->wa, NULL, s->id, job->troot[t]);
}

static inline int addr_period(const sjob_t *job, const addr_node_t *s)
{
    return walk_addr_period(&job->wa, s->id, job->root);
}

static inline bool addr_edge_once(const sjob_t *job, const addr_node_t *s, int d)
{
    return walk_addr_edge_once(&job->wa, NULL, s->id, d);
}

static inline int addr_dim_lo(const sjob_t *job)
{
    return walk_addr_dim_lo(&job->wa);
}

static inline int addr_dim_hi(const sjob_t *job)
{
    return walk_addr_dim_hi(&job->wa);
}

/* ---- the node-level code, once per family -----------------------------------------------------
 */

#define FAM star
#include "check/stream_node.h"
#define FAM addr
#include "check/stream_node.h"

/* ---- driver ---------------------------------------------------------------------------------- */

static const tc__kind_t *stream_row(const tc_net_t *net, tc_kind_t kind, family_t *fam)
{
    const tc__kind_t *row = tc__kind_find(kind, net);
    if (row == NULL || row->count(net) <= 0 || row->count(net) > TC_CHECK_MAX_TREES) {
        return NULL;
    }
    if (tc__net_walker(net) == TC__WALK_STAR && row->star_rule != NULL) { /* S_n's rows */
        *fam = FAM_STAR;
        return row;
    }
    if (tc__net_walker(net) == TC__WALK_ADDR && row->addr_rule != NULL) {
        *fam = FAM_ADDR;
        return row;
    }
    return NULL;
}

bool tc_check_stream_applies(const tc_net_t *net, tc_kind_t kind)
{
    family_t fam;
    return stream_row(net, kind, &fam) != NULL;
}

int64_t tc_check_stream_memory(const tc_net_t *net, tc_kind_t kind, const tc_check_opts_t *opts)
{
    (void)kind;
    int threads = opts->threads > 0 ? opts->threads : tc__online_cpus();
    threads = threads > TC_MAX_THREADS ? TC_MAX_THREADS : threads;
    int64_t bytes = threads * (int64_t)sizeof(tc_check_report_t);
    if (opts->independence) {
        bytes += threads * (int64_t)sizeof(tc__stamp_set_t);
    }
    if (opts->sample > 0 && opts->sample < tc_net_nodes(net)) {
        bytes += opts->sample * (int64_t)sizeof(int64_t);
    }
    return bytes;
}

/* The facts of the whole forest: tree roots, labels, root markers, the roots' children. */
static void forest_facts(sjob_t *job, tc_check_report_t *rep)
{
    rep->nodes = job->nodes;
    rep->ntrees = job->T;
    rep->root = job->root;
    rep->nonedges = 0;
    rep->indep_example = -1;
    for (int t = 0; t < job->T; t++) {
        rep->label[t] = job->label[t];
        rep->tree_root[t] = job->troot[t];
        rep->root_ok[t] = job->root_ok[t];
        if (job->fam == FAM_STAR) {
            star_root_children(job, t, &rep->root_children[t], &rep->root_child_dim[t]);
        } else {
            addr_root_children(job, t, &rep->root_children[t], &rep->root_child_dim[t]);
        }
    }
}

/* The orbits of the rotation on T trees (rot_tree from tc__check_rotation_maps), all rooted at the
 * root: rep[t] the first tree of t's orbit, weight[t] the size of the orbit for a first tree and 0
 * for the others. False when the rotation does not permute the trees, a tree has another root,
 * or no orbit has two trees (nothing to gain). */
static bool tree_orbits(int T, const int *rot_tree, const int64_t *troot, int64_t root, int *rep,
                        int *weight)
{
    bool hit[TC_CHECK_MAX_TREES] = {false};
    for (int t = 0; t < T; t++) {
        int t2 = rot_tree[t];
        if (troot[t] != root || t2 < 0 || hit[t2]) {
            return false;
        }
        hit[t2] = true;
    }
    int orbits = 0;
    for (int t = 0; t < T; t++) {
        rep[t] = -1;
        weight[t] = 0;
    }
    for (int t = 0; t < T; t++) {
        if (rep[t] >= 0) {
            continue;
        }
        orbits++;
        int u = t;
        do { /* R permutes the trees: its orbits are cycles */
            rep[u] = t;
            weight[t]++;
            u = rot_tree[u];
        } while (u != t);
    }
    return orbits < T;
}

/* The rotation's maps (sjob_t). */
static void rotation_setup(sjob_t *job)
{
    tc__check_rotation_maps(job->net, job->T, job->label, job->rot_tree, job->rot_mark);
    if (job->fam == FAM_STAR) {
        job->rpos[0] = 0;
        job->rsym[1] = 1;
        for (int k = 2; k <= job->n; k++) {
            job->rpos[k - 1] = (uint8_t)(tc_star_r(job->n, k) - 1);
            job->rsym[k] = (uint8_t)tc_star_r(job->n, k);
        }
    }
}

static tc_err_t setup(sjob_t *job, const tc_net_t *net, const tc__kind_t *row, tc_kind_t kind,
                      int64_t root, int64_t lo, int64_t hi, const tc_check_opts_t *opts)
{
    job->row = stream_row(net, kind, &job->fam);
    if (job->row != NULL && row != NULL) {
        job->row = row;
    }
    if (job->row == NULL) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        return tc__fail(TC_EINVAL,
                        "The streaming check follows a rule; tree kind %s has none on %s that it "
                        "can follow (the kinds with one: edt, spg, spt, bfs on S_n; binomial, "
                        "sbnt-*, sbg, nedst, nedst-pivoted, ist, ist-hdls on Q_n; binomial, edst "
                        "on I_k^n).",
                        tc_kind_name(kind), name);
    }
    job->net = net;
    job->opts = opts;
    job->edt = job->fam == FAM_STAR && job->row->star_rule == tc__star_rule_edt;
    job->prog.opts = opts;
    job->n = tc_net_n(net);
    job->nodes = tc_net_nodes(net);
    job->T = job->row->count(net);
    job->root = root;
    if (root < 0 || root >= job->nodes || lo < 0 || lo > hi || hi > job->nodes) {
        return tc__fail(TC_EINVAL, "The root %lld or the range %lld..%lld is outside 0..%lld.",
                        (long long)root, (long long)lo, (long long)hi - 1,
                        (long long)job->nodes - 1);
    }
    job->lo = lo;
    job->hi = hi;
    job->bipartite = tc_net_bipartite(net);
    bool one_root = true;
    if (job->fam == FAM_STAR) {
        walk_star_init(&job->ws, net, NULL);
        uint8_t h[TC_STAR_MAX_N];
        tc_star_unrank(job->n, root, h);
        tc_star_inverse(job->n, h, job->hinv);
    } else {
        walk_addr_init(&job->wa, net, NULL);
    }
    for (int t = 0; t < job->T; t++) {
        job->troot[t] = tc_trees_tree_root(net, kind, root, t);
        job->label[t] = tc_trees_label(net, kind, t);
        one_root = one_root && job->troot[t] == root;
        uint8_t d = 0;
        if (job->fam == FAM_STAR) {
            star_node_t s;
            star_start(job, &s, job->troot[t]);
            memcpy(job->troot_rel[t], s.rel, sizeof s.rel);
            star_path_t p;
            star_path_from(job, &s, &p);
            d = (uint8_t)star_path_dim(job, &p, t);
        } else {
            d = (uint8_t)job->row->addr_rule(net, (uint64_t)root, (uint64_t)job->troot[t], t);
        }
        job->root_ok[t] = d == TC_PARENT_ROOT;
    }
    /* as check.c: distances from a table only when every tree is at the root (S_n); the
     * address families compute them */
    job->excess = opts->excess && (one_root || job->fam == FAM_ADDR);
    job->levels = opts->levels;
    job->undirected = opts->undirected;
    job->indep = opts->independence;
    job->rotation = opts->rotation;
    job->pathwise = job->indep || job->rotation;
    job->has_rot = tc_net_rotation_order(net) > 0 && tc_net_translates(net);
    if (job->rotation && !job->has_rot) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        return tc__fail(TC_EINVAL,
                        "The rotation test (paper 000 Lemma 6.2) needs a network with a "
                        "rotation and translations; %s has none.",
                        name);
    }
    for (int t = 0; t < job->T; t++) {
        job->weight[t] = 1;
        job->rep[t] = t;
    }
    if (job->has_rot) {
        rotation_setup(job);
    }
    return TC_OK;
}

/* The premise's failures at node v (the rotation shortcut's probe). */
static int sym_probe(const sjob_t *job, int64_t v)
{
    uint8_t dims[TC_CHECK_MAX_TREES];
    if (job->fam == FAM_STAR) {
        star_node_t s;
        star_start(job, &s, v);
        star_dims(job, &s, dims);
        return star_rotation_bad(job, &s, dims);
    }
    addr_node_t s;
    addr_start(job, &s, v);
    addr_dims(job, &s, dims);
    return addr_rotation_bad(job, &s, dims);
}

/* Whether the rotation's orbits can stand for the trees (tree_orbits), and if so the job's
 * rep[] and weight[]. */
static bool sym_orbits(sjob_t *job)
{
    int rep[TC_CHECK_MAX_TREES], weight[TC_CHECK_MAX_TREES];
    if (!job->has_rot || job->T < 2 ||
        !tree_orbits(job->T, job->rot_tree, job->troot, job->root, rep, weight)) {
        return false;
    }
    memcpy(job->rep, rep, sizeof rep);
    memcpy(job->weight, weight, sizeof weight);
    return true;
}

/* Every tree walked (weight 1, each its own representative). */
static void sym_off(sjob_t *job)
{
    job->sym = false;
    for (int t = 0; t < job->T; t++) {
        job->weight[t] = 1;
        job->rep[t] = t;
    }
}

/* Whether to take the rotation shortcut over the whole network, and its orbits if so
 * (sym_orbits): the premise holding at TC__SYM_PROBES nodes spread over the network is a guard
 * against a sweep spent on a rule without the symmetry (the sweep itself tests every node). */
static bool sym_setup(sjob_t *job)
{
    if (job->lo != 0 || job->hi != job->nodes || !sym_orbits(job)) {
        sym_off(job);
        return false;
    }
    int64_t probes = job->nodes < TC__SYM_PROBES ? job->nodes : TC__SYM_PROBES;
    for (int64_t k = 0; k < probes; k++) {
        if (sym_probe(job, tc__sym_probe_node(k, job->nodes, probes)) != 0) {
            sym_off(job);
            return false;
        }
    }
    return true;
}

bool tc_check_stream_shortcut(const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    sjob_t *job = calloc(1, sizeof *job);
    tc_check_opts_t o = tc_check_defaults();
    o.independence = o.excess = o.rotation = false;
    /* setup cannot fail then (no error detail is left behind) */
    bool yes = job != NULL && root >= 0 && root < tc_net_nodes(net) &&
               tc_check_stream_applies(net, kind) &&
               setup(job, net, NULL, kind, root, 0, tc_net_nodes(net), &o) == TC_OK &&
               sym_setup(job);
    free(job);
    return yes;
}

tc_err_t tc_check_stream(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t lo, int64_t hi,
                         const tc_check_opts_t *opts, tc_check_report_t *report)
{
    return tc__check_stream_row(net, NULL, kind, root, lo, hi, opts, TC__STREAM_AUTO, report);
}

tc_err_t tc_check_stream_orbits(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t lo,
                                int64_t hi, const tc_check_opts_t *opts, tc_check_report_t *report)
{
    return tc__check_stream_row(net, NULL, kind, root, lo, hi, opts, TC__STREAM_ORBITS, report);
}

bool tc_check_report_orbits_finish(const tc_net_t *net, tc_check_report_t *r)
{
    if (r->orbit_nodes == 0) {
        return true; /* every tree was walked */
    }
    int T = r->ntrees, rot_tree[TC_CHECK_MAX_TREES], rep[TC_CHECK_MAX_TREES],
        weight[TC_CHECK_MAX_TREES];
    if (r->orbit_nodes != r->nodes || r->orbit_premise_bad != 0 || T < 2 ||
        T > TC_CHECK_MAX_TREES || tc_net_rotation_order(net) == 0) {
        return false; /* not every node, or the premise failed */
    }
    tc__check_rotation_maps(net, T, r->label, rot_tree, NULL);
    if (!tree_orbits(T, rot_tree, r->tree_root, r->root, rep, weight)) {
        return false;
    }
    for (int t = 0; t < T; t++) { /* an orbit's trees: its first's depths */
        int f = rep[t];
        if (f != t) {
            r->reached[t] = r->reached[f];
            r->cyclic[t] = r->cyclic[f];
            r->detached[t] = r->detached[f];
            r->depth[t] = r->depth[f];
            memcpy(r->depth_count[t], r->depth_count[f], sizeof r->depth_count[t]);
            r->depth_by_rotation++;
        }
    }
    r->orbit_nodes = 0;
    return true;
}

/* The sweep: once with the rotation shortcut if it is taken, and (premise failed somewhere)
 * again without it. */
static tc_err_t sweep(sjob_t *job, int threads)
{
    tc_err_t err = tc__parallel(threads, job->fam == FAM_STAR ? star_pass : addr_pass, job);
    int64_t bad = 0;
    for (int k = 0; k < threads; k++) {
        bad += job->part[k].orbit_premise_bad;
    }
    if (err != TC_OK || !job->sym || job->partial || bad == 0 || tc__progress_stopped(&job->prog)) {
        return err;
    }
    sym_off(job);
    job->prog.total += job->prog.total; /* about as much again */
    return tc__parallel(threads, job->fam == FAM_STAR ? star_pass : addr_pass, job);
}

tc_err_t tc__check_stream_row(const tc_net_t *net, const tc__kind_t *row, tc_kind_t kind,
                              int64_t root, int64_t lo, int64_t hi, const tc_check_opts_t *opts,
                              tc__stream_mode_t mode, tc_check_report_t *report)
{
    memset(report, 0, sizeof *report);
    sjob_t *job = calloc(1, sizeof *job);
    if (job == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    int64_t *tested = NULL;
    tc_err_t err = setup(job, net, row, kind, root, lo, hi, opts);
    int threads = opts->threads > 0 ? opts->threads : tc__online_cpus();
    threads = threads > TC_MAX_THREADS ? TC_MAX_THREADS : threads;
    bool sampling = opts->sample > 0 && opts->sample < tc_net_nodes(net);
    if (err == TC_OK && job->pathwise && sampling) {
        job->ntested = tc__check_sample(opts, job->nodes, lo, hi, &tested);
        job->tested = tested;
        err = job->ntested < 0 ? tc__fail(TC_ENOMEM, "Could not allocate a sample of %lld nodes.",
                                          (long long)opts->sample)
                               : TC_OK;
    }
    if (err == TC_OK && mode == TC__STREAM_ORBITS) {
        job->partial = true;
        job->sym = sym_orbits(job);
        if (!job->sym) {
            char name[TC_LABEL_MAX];
            tc_net_name(net, name, sizeof name);
            err = tc__fail(TC_EINVAL,
                           "The rotation of %s does not permute the trees of kind %s at this "
                           "root: no orbits to walk one tree of.",
                           name, tc_kind_name(kind));
        }
    } else if (err == TC_OK) {
        job->sym = mode == TC__STREAM_AUTO && sym_setup(job);
    }
    if (err == TC_OK) {
        job->part = calloc((size_t)threads, sizeof *job->part);
        err = job->part == NULL ? tc__fail(TC_ENOMEM, "Out of memory for %d threads.", threads)
                                : TC_OK;
    }
    if (err == TC_OK) {
        /* A node's visit: every tree's walk (about its depth in rule evaluations) and, with the
         * neighbours, a rule for all trees at each; a path-wise node: every tree's walk again.
         * They only shape the estimate of the time left. */
        int walked = 0;
        for (int t = 0; t < job->T; t++) {
            walked += job->weight[t] > 0;
        }
        job->w_node =
            walked * 4 + (job->sym ? 2 : 0) + (job->levels || job->undirected ? job->n : 0);
        job->w_path = job->pathwise ? job->T * (sampling ? 8 : 4) : 0;
        int64_t paths = job->tested != NULL ? job->ntested : job->pathwise ? hi - lo : 0;
        job->prog.total = (hi - lo) * job->w_node + paths * job->w_path;
        err = sweep(job, threads);
    }
    if (err == TC_OK && tc__progress_stopped(&job->prog)) {
        err = tc__fail(TC_ECANCELED, "The check was stopped.");
    }
    for (int k = 0; err == TC_OK && k < threads; k++) {
        if (job->oom[k]) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the independence test.");
        }
    }
    if (err == TC_OK) {
        forest_facts(job, report);
        report->indep_tested = job->indep;
        report->indep_sampled = sampling && job->pathwise;
        report->indep_seed = opts->seed;
        report->rot_tested = job->rotation;
        report->excess_tested = job->excess;
        report->undirected_tested = job->undirected;
        report->levels_tested = job->levels;
        for (int k = 0; k < threads; k++) {
            tc_check_report_merge(report, &job->part[k]);
        }
        if (job->sym) {                    /* the orbits' first trees only so far */
            report->orbit_nodes = hi - lo; /* the threads' orbit_premise_bad merged above */
        }
        if (!job->partial) { /* the whole network, the premise held (else sym is off) */
            (void)tc_check_report_orbits_finish(net, report);
        }
    }
    free(job->part);
    free(tested);
    free(job);
    return err;
}

void tc_check_report_merge(tc_check_report_t *into, const tc_check_report_t *part)
{
    if (into->ntrees == 0 && into->nodes == 0) {
        *into = *part;
        return;
    }
    int T = into->ntrees > part->ntrees ? into->ntrees : part->ntrees;
    for (int t = 0; t < T && t < TC_CHECK_MAX_TREES; t++) {
        into->members[t] += part->members[t];
        into->reached[t] += part->reached[t];
        into->cyclic[t] += part->cyclic[t];
        into->detached[t] += part->detached[t];
        into->extra_roots[t] += part->extra_roots[t];
        into->bad_dims[t] += part->bad_dims[t];
        into->depth[t] = part->depth[t] > into->depth[t] ? part->depth[t] : into->depth[t];
        for (int l = 0; l < TC_CHECK_MAX_LEVELS; l++) {
            into->depth_count[t][l] += part->depth_count[t][l];
        }
    }
    into->shared_directed += part->shared_directed;
    into->shared_nodes += part->shared_nodes;
    for (int u = 0; u < 4; u++) {
        into->undirected_use[u] += part->undirected_use[u];
    }
    into->undirected_same_way += part->undirected_same_way;
    into->indep_nodes += part->indep_nodes;
    into->indep_violations += part->indep_violations;
    into->indep_unreached += part->indep_unreached;
    if (part->indep_example >= 0 &&
        (into->indep_example < 0 || part->indep_example < into->indep_example)) {
        into->indep_example = part->indep_example;
    }
    for (int b = 0; b < TC_CHECK_EXCESS_BINS; b++) {
        into->excess[b] += part->excess[b];
    }
    into->excess_odd += part->excess_odd;
    for (int l = 0; l < TC_CHECK_MAX_LEVELS; l++) {
        into->level_nodes[l] += part->level_nodes[l];
        into->level_fanout[l] = part->level_fanout[l] > into->level_fanout[l]
                                    ? part->level_fanout[l]
                                    : into->level_fanout[l];
        for (int d = 0; d < TC_CHECK_MAX_DIMS; d++) {
            into->level_dim_edges[l][d] += part->level_dim_edges[l][d];
        }
    }
    into->cyclic_inner += part->cyclic_inner;
    into->parents_mismatch += part->parents_mismatch;
    into->rot_checked += part->rot_checked;
    into->rot_violations += part->rot_violations;
    into->depth_by_rotation = part->depth_by_rotation > into->depth_by_rotation
                                  ? part->depth_by_rotation
                                  : into->depth_by_rotation;
    into->orbit_nodes += part->orbit_nodes;
    into->orbit_premise_bad += part->orbit_premise_bad;
}

/* ---- the report as numbers: every field, in one order ------------------------------------- */

/* Each field as (name, count of int64 values); arrays of trees are written whole. */
#define REPORT_FIELDS(X)                                                                           \
    X(nodes, 1)                                                                                    \
    X(ntrees, 1)                                                                                   \
    X(root, 1)                                                                                     \
    X(label, TC_CHECK_MAX_TREES)                                                                   \
    X(tree_root, TC_CHECK_MAX_TREES)                                                               \
    X(members, TC_CHECK_MAX_TREES)                                                                 \
    X(reached, TC_CHECK_MAX_TREES)                                                                 \
    X(cyclic, TC_CHECK_MAX_TREES)                                                                  \
    X(detached, TC_CHECK_MAX_TREES)                                                                \
    X(extra_roots, TC_CHECK_MAX_TREES)                                                             \
    X(bad_dims, TC_CHECK_MAX_TREES)                                                                \
    X(root_ok, TC_CHECK_MAX_TREES)                                                                 \
    X(depth, TC_CHECK_MAX_TREES)                                                                   \
    X(depth_count, TC_CHECK_MAX_TREES *TC_CHECK_MAX_LEVELS)                                        \
    X(root_children, TC_CHECK_MAX_TREES)                                                           \
    X(root_child_dim, TC_CHECK_MAX_TREES)                                                          \
    X(nonedges, 1)                                                                                 \
    X(shared_directed, 1)                                                                          \
    X(shared_nodes, 1)                                                                             \
    X(undirected_tested, 1)                                                                        \
    X(undirected_use, 4)                                                                           \
    X(undirected_same_way, 1)                                                                      \
    X(indep_tested, 1)                                                                             \
    X(indep_sampled, 1)                                                                            \
    X(indep_seed, 1)                                                                               \
    X(indep_nodes, 1)                                                                              \
    X(indep_violations, 1)                                                                         \
    X(indep_unreached, 1)                                                                          \
    X(indep_example, 1)                                                                            \
    X(excess_tested, 1)                                                                            \
    X(excess, TC_CHECK_EXCESS_BINS)                                                                \
    X(excess_odd, 1)                                                                               \
    X(levels_tested, 1)                                                                            \
    X(level_nodes, TC_CHECK_MAX_LEVELS)                                                            \
    X(level_fanout, TC_CHECK_MAX_LEVELS)                                                           \
    X(level_dim_edges, TC_CHECK_MAX_LEVELS *TC_CHECK_MAX_DIMS)                                     \
    X(cyclic_inner, 1)                                                                             \
    X(parents_mismatch, 1)                                                                         \
    X(rot_tested, 1)                                                                               \
    X(rot_checked, 1)                                                                              \
    X(rot_violations, 1)                                                                           \
    X(depth_by_rotation, 1)                                                                        \
    X(orbit_nodes, 1)                                                                              \
    X(orbit_premise_bad, 1)

#define COUNT_FIELD(name, count) +(count)
#define PACKED_VALUES (0 REPORT_FIELDS(COUNT_FIELD))

int64_t tc_check_report_values(void)
{
    return PACKED_VALUES;
}

/* The values of a field, whatever its element type: read and written through its elements. */
#define PACK_FIELD(name, count)                                                                    \
    {                                                                                              \
        const void *f = &r->name;                                                                  \
        size_t size = sizeof r->name / (size_t)(count);                                            \
        for (int64_t k = 0; k < (count); k++) {                                                    \
            const unsigned char *e = (const unsigned char *)f + (size_t)k * size;                  \
            out[at++] = size == 8   ? *(const int64_t *)(const void *)e                            \
                        : size == 4 ? *(const int32_t *)(const void *)e                            \
                                    : (int64_t) * (const bool *)(const void *)e;                   \
        }                                                                                          \
    }

void tc_check_report_pack(const tc_check_report_t *r, int64_t *out)
{
    int64_t at = 0;
    REPORT_FIELDS(PACK_FIELD)
}

#define UNPACK_FIELD(name, count)                                                                  \
    {                                                                                              \
        void *f = &r->name;                                                                        \
        size_t size = sizeof r->name / (size_t)(count);                                            \
        for (int64_t k = 0; k < (count); k++) {                                                    \
            unsigned char *e = (unsigned char *)f + (size_t)k * size;                              \
            int64_t v = in[at++];                                                                  \
            if (size == 8) {                                                                       \
                *(int64_t *)(void *)e = v;                                                         \
            } else if (size == 4) {                                                                \
                ok = ok && v >= INT32_MIN && v <= INT32_MAX;                                       \
                *(int32_t *)(void *)e = (int32_t)v;                                                \
            } else {                                                                               \
                ok = ok && (v == 0 || v == 1);                                                     \
                *(bool *)(void *)e = v != 0;                                                       \
            }                                                                                      \
        }                                                                                          \
    }

tc_err_t tc_check_report_unpack(const int64_t *in, tc_check_report_t *r)
{
    int64_t at = 0;
    bool ok = true;
    memset(r, 0, sizeof *r);
    REPORT_FIELDS(UNPACK_FIELD)
    ok = ok && r->ntrees >= 0 && r->ntrees <= TC_CHECK_MAX_TREES && r->nodes >= 0;
    return ok ? TC_OK : tc__fail(TC_EPARSE, "The values are not a check report.");
}
