/* The collectives of paper 000, Section 4, as plans for an executor (the round engine). */
#include "core/internal.h"
#include "treecast/plan.h"
#include "treecast/rng.h"

#include <assert.h>

#include <stdlib.h>
#include <string.h>

enum { KIND_DATA = 0, KIND_ACK = 1 };

typedef struct {
    int32_t dst; /* destination (in the tree's frame) */
    int32_t msg;
} item_t;

struct tc_coll {
    tc_plan_t plan;
    const tc_plan_trees_t *trees;
    const tc_topo_t *topo;
    tc_coll_opts_t opts;
    int T;
    int64_t N;
    /* paced injection per tree (bcast, ft-bcast, scatter) */
    item_t **list;
    int64_t *len;
    int64_t longest;
    /* source routes: the ports from the root down to every node, per tree */
    int64_t *route_off; /* T x N */
    uint8_t *routes;
    /* multinode: the messages of each tree's group */
    int32_t **group;
    int64_t *group_len;
    int64_t group_max; /* the largest group: every group transmission takes this many rounds */
    /* total exchange: group targets and the timetable */
    int32_t *targets;  /* groups x T */
    int64_t *start_at; /* groups + 1 */
    int64_t ngroups;
    int64_t data_tx;
};

static inline const int32_t *kids_start(const tc_plan_trees_t *tr, int t)
{
    return tr->cstart + (size_t)t * (size_t)(tr->nodes + 1);
}

static inline const uint8_t *kids(const tc_plan_trees_t *tr, int t)
{
    return tr->cport + (size_t)t * (size_t)tr->nodes;
}

static inline uint8_t parent_port(const tc_plan_trees_t *tr, int t, int64_t v)
{
    return tr->pport[(size_t)t * (size_t)tr->nodes + (size_t)v];
}

static inline int depth_of(const tc_plan_trees_t *tr, int t, int64_t v)
{
    return tr->depth[(size_t)t * (size_t)tr->nodes + (size_t)v];
}

static inline int32_t step(const tc_topo_t *topo, int64_t v, int port)
{
    return topo->nbr[v * topo->ports + port];
}

/* ---- one-source broadcast and scatter ------------------------------------------------------ */

static int64_t expected_one_source(void *ctx, int64_t node)
{
    tc_coll_t *c = ctx;
    return node == c->trees->root ? 0 : c->opts.M;
}

static void start_nothing(void *ctx, tc_exec_t *ex)
{
    (void)ctx;
    (void)ex;
}

/* Round r sends the (r-1)-th item of every tree's list. */
static bool tick_bcast(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_coll_t *c = ctx;
    const tc_plan_trees_t *tr = c->trees;
    int64_t k = round - 1;
    for (int t = 0; t < c->T; t++) {
        if (k >= c->len[t]) {
            continue;
        }
        tc_packet_t p = {
            .msg = c->list[t][k].msg, .tree = (int16_t)t, .src = (int32_t)tr->root, .dst = -1};
        const int32_t *cs = kids_start(tr, t);
        for (int32_t j = cs[tr->root]; j < cs[tr->root + 1]; j++) {
            tc_exec_send(ex, tr->root, kids(tr, t)[j], &p);
        }
    }
    return round < c->longest;
}

static void receive_bcast(void *ctx, tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    (void)port;
    tc_coll_t *c = ctx;
    const tc_plan_trees_t *tr = c->trees;
    tc_exec_deliver(ex, node, p->msg);
    const int32_t *cs = kids_start(tr, p->tree);
    for (int32_t j = cs[node]; j < cs[node + 1]; j++) {
        tc_exec_send(ex, node, kids(tr, p->tree)[j], p);
    }
}

static const uint8_t *route_of(const tc_coll_t *c, int t, int64_t dst)
{
    return c->routes + c->route_off[(size_t)t * (size_t)c->N + (size_t)dst];
}

static bool tick_scatter(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_coll_t *c = ctx;
    const tc_plan_trees_t *tr = c->trees;
    int64_t k = round - 1;
    for (int t = 0; t < c->T; t++) {
        if (k >= c->len[t]) {
            continue;
        }
        const item_t *it = &c->list[t][k];
        tc_packet_t p = {
            .msg = it->msg, .tree = (int16_t)t, .hop = 1, .src = (int32_t)tr->root, .dst = it->dst};
        tc_exec_send(ex, tr->root, route_of(c, t, it->dst)[0], &p);
    }
    return round < c->longest;
}

/* Source-routed hop: deliver at the destination, otherwise take the next port of the route.
 * Keys are src * M + msg (one-source plans have src = root and keys 0..M-1 via the offset). */
static void receive_routed(void *ctx, tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    (void)port;
    tc_coll_t *c = ctx;
    if (p->hop >= depth_of(c->trees, p->tree, p->dst)) {
        bool all = c->opts.what == TC_COLL_TOTAL_EXCHANGE || c->opts.what == TC_COLL_ALLTOALL;
        tc_exec_deliver(ex, node, all ? (int64_t)p->src * c->opts.M + p->msg : p->msg);
        return;
    }
    tc_packet_t q = *p;
    q.hop++;
    tc_exec_send(ex, node, route_of(c, p->tree, p->dst)[p->hop], &q);
}

/* ---- multinode: the synchronized depth-first schedule ------------------------------------- */

static int64_t expected_all_sources(void *ctx, int64_t node)
{
    (void)node;
    tc_coll_t *c = ctx;
    return (c->N - 1) * c->opts.M;
}

static int64_t key_source_all(void *ctx, int64_t key)
{
    tc_coll_t *c = ctx;
    return key / c->opts.M;
}

/* Lockstep: every group transmission takes the largest group's rounds, so in a tree carrying
 * fewer messages a node acts `slack` rounds after its group is complete, and all trees stay
 * rotations of each other (Lemma 7). */
static int64_t slack(const tc_coll_t *c, int t)
{
    return c->group_max - c->group_len[t];
}

/* Send tree t's group of source src from node to its child via port (the child's position in
 * the root's frame is rel), one packet per round from `offset` + 1 rounds on. */
static void send_group(tc_coll_t *c, tc_exec_t *ex, int64_t node, int port, int t, int32_t src,
                       int32_t rel, int64_t offset)
{
    int64_t now = tc_exec_round(ex);
    int64_t first = now + 1 + offset;
    for (int64_t k = 0; k < c->group_len[t]; k++) {
        tc_packet_t p = {.msg = c->group[t][k],
                         .tree = (int16_t)t,
                         .kind = KIND_DATA,
                         .src = src,
                         .rel = rel,
                         .dst = -1,
                         .aux = (int32_t)k};
        if (first + k == now + 1) {
            tc_exec_send(ex, node, port, &p); /* leaves next round, without the timer heap */
        } else {
            tc_exec_send_at(ex, first + k, node, port, &p);
        }
    }
}

/* Acknowledge to the parent `delay` rounds late. A free acknowledgement arrives at once; the
 * node that sends the next group adds the slack instead. */
static void ack_up(tc_coll_t *c, tc_exec_t *ex, int64_t node, int t, int32_t src, int32_t rel,
                   int64_t delay)
{
    uint8_t up = parent_port(c->trees, t, rel);
    tc_packet_t a = {
        .tree = (int16_t)t, .kind = KIND_ACK, .src = src, .rel = step(c->topo, rel, up), .dst = -1};
    if (c->opts.acks == TC_ACKS_FREE) {
        tc_exec_signal(ex, node, up, &a);
    } else if (delay == 0) {
        tc_exec_send(ex, node, up, &a);
    } else {
        tc_exec_send_at(ex, tc_exec_round(ex) + 1 + delay, node, up, &a);
    }
}

static bool tick_multinode(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_coll_t *c = ctx;
    const tc_plan_trees_t *tr = c->trees;
    /* Step 1 of Section 4.4: every source sends its groups to all its neighbours at once. */
    if (round != 1) {
        return false;
    }
    int64_t sources = c->opts.one_source ? 1 : c->N;
    for (int64_t h = 0; h < sources; h++) {
        for (int t = 0; t < c->T; t++) {
            const int32_t *cs = kids_start(tr, t);
            for (int32_t j = cs[tr->root]; j < cs[tr->root + 1]; j++) {
                int port = kids(tr, t)[j];
                for (int64_t k = 0; k < c->group_len[t]; k++) {
                    tc_packet_t p = {.msg = c->group[t][k],
                                     .tree = (int16_t)t,
                                     .kind = KIND_DATA,
                                     .src = (int32_t)h,
                                     .rel = step(c->topo, tr->root, port),
                                     .dst = -1,
                                     .aux = (int32_t)k};
                    if (k == 0) {
                        tc_exec_send(ex, h, port, &p);
                    } else {
                        tc_exec_send_at(ex, round + k, h, port, &p);
                    }
                }
            }
        }
    }
    return false;
}

static void receive_multinode(void *ctx, tc_exec_t *ex, int64_t node, int port,
                              const tc_packet_t *p)
{
    tc_coll_t *c = ctx;
    const tc_plan_trees_t *tr = c->trees;
    int t = p->tree;
    const int32_t *cs = kids_start(tr, t);
    const uint8_t *kp = kids(tr, t);
    int32_t r = p->rel;
    if (p->kind == KIND_DATA) {
        tc_exec_deliver(ex, node, (int64_t)p->src * c->opts.M + p->msg);
        if (p->aux != c->group_len[t] - 1) {
            return; /* the group is complete with its last packet */
        }
        if (c->opts.acks == TC_ACKS_NONE) {
            /* The fault-free timetable: child j starts when the subtrees of the children
             * before it are done, each taking one group per node. */
            int64_t offset = slack(c, t);
            for (int32_t j = cs[r]; j < cs[r + 1]; j++) {
                int q = kp[j];
                int32_t child = step(c->topo, r, q);
                send_group(c, ex, node, q, t, p->src, child, offset);
                offset +=
                    (int64_t)tr->size[(size_t)t * (size_t)tr->nodes + (size_t)child] * c->group_max;
            }
        } else if (cs[r] < cs[r + 1]) {
            int first = kp[cs[r]];
            send_group(c, ex, node, first, t, p->src, step(c->topo, r, first), slack(c, t));
        } else {
            ack_up(c, ex, node, t, p->src, r, slack(c, t));
        }
        return;
    }
    /* An acknowledgement from the child behind `port`: the next child, or up. */
    if (r == tr->root) {
        return; /* the source: this tree is done */
    }
    int32_t j = cs[r];
    while (j < cs[r + 1] && kp[j] != port) {
        j++;
    }
    if (j + 1 < cs[r + 1]) {
        int next = kp[j + 1];
        /* after a free acknowledgement the slack of the finished group is still due */
        send_group(c, ex, node, next, t, p->src, step(c->topo, r, next),
                   c->opts.acks == TC_ACKS_FREE ? slack(c, t) : 0);
    } else {
        ack_up(c, ex, node, t, p->src, r, 0);
    }
}

/* ---- total exchange: the necklace schedule ----------------------------------------------------
 */

/* With x < n-1 copies, message m for target u (in the frame of I_n, so every source makes the
 * same choice and Lemma 7 still applies) goes down the x trees (u + m) mod T, ... cyclically:
 * every target is reached in exactly x of its n-1 trees. */
static bool carries(const tc_coll_t *c, int32_t u, int64_t m, int t)
{
    int T = c->T;
    return ((t - (int)((u + m) % T)) % T + T) % T < c->opts.x;
}

/* Group g is message g mod M to the unfolded necklace of node g / M + 1; it leaves when the
 * previous group has arrived. One message per group: pipelining the M messages of a necklace
 * would put message m at hop h and message m+1 at hop h-1 of different trees on one dimension,
 * breaking Lemma 7 (measured on S_4 with M = 2: 13,680 queued packets). */
static bool tick_total(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_coll_t *c = ctx;
    int64_t lo = 0, hi = c->ngroups - 1, g = -1;
    while (lo <= hi) { /* the group that starts in this round, if any */
        int64_t mid = (lo + hi) / 2;
        if (c->start_at[mid] == round) {
            g = mid;
            break;
        }
        if (c->start_at[mid] < round) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    /* groups that carry no copy (x < n-1) take no time: several may start in one round */
    while (g > 0 && c->start_at[g - 1] == round) {
        g--;
    }
    for (; g >= 0 && g < c->ngroups && c->start_at[g] == round; g++) {
        int32_t m = (int32_t)(g % c->opts.M);
        const int32_t *targets = c->targets + (g / c->opts.M) * c->T;
        int64_t sources = c->opts.one_source ? 1 : c->N;
        for (int64_t h = 0; h < sources; h++) {
            for (int t = 0; t < c->T; t++) {
                if (!carries(c, targets[t], m, t)) {
                    continue;
                }
                tc_packet_t p = {
                    .msg = m, .tree = (int16_t)t, .hop = 1, .src = (int32_t)h, .dst = targets[t]};
                tc_exec_send(ex, h, route_of(c, t, targets[t])[0], &p);
            }
        }
    }
    return round < c->start_at[c->ngroups - 1];
}

/* ---- construction ------------------------------------------------------------------------------
 */

void tc_coll_free(tc_coll_t *c)
{
    if (c == NULL) {
        return;
    }
    for (int t = 0; c->list != NULL && t < c->T; t++) {
        free(c->list[t]);
    }
    for (int t = 0; c->group != NULL && t < c->T; t++) {
        free(c->group[t]);
    }
    free(c->list);
    free(c->len);
    free(c->route_off);
    free(c->routes);
    free(c->group);
    free(c->group_len);
    free(c->targets);
    free(c->start_at);
    free(c);
}

const tc_plan_t *tc_coll_plan(const tc_coll_t *coll)
{
    return &coll->plan;
}

const tc_coll_opts_t *tc_coll_options(const tc_coll_t *coll)
{
    return &coll->opts;
}

int64_t tc_coll_data_transmissions(const tc_coll_t *coll)
{
    return coll->data_tx;
}

/* Routes from the root down to every node of every tree. */
static tc_err_t build_routes(tc_coll_t *c)
{
    const tc_plan_trees_t *tr = c->trees;
    int64_t total = 0;
    c->route_off = tc__malloc_array((size_t)c->T * (size_t)c->N, sizeof *c->route_off);
    if (c->route_off == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the routes.");
    }
    for (int t = 0; t < c->T; t++) {
        for (int64_t v = 0; v < c->N; v++) {
            int d = depth_of(tr, t, v);
            c->route_off[(size_t)t * (size_t)c->N + (size_t)v] = total;
            total += d == 0xFF ? 0 : d;
        }
    }
    c->routes = tc__malloc_array((size_t)(total > 0 ? total : 1), 1);
    if (c->routes == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the routes.");
    }
    for (int t = 0; t < c->T; t++) {
        for (int64_t v = 0; v < c->N; v++) {
            int d = depth_of(tr, t, v);
            if (d == 0xFF) {
                continue;
            }
            uint8_t *r = c->routes + c->route_off[(size_t)t * (size_t)c->N + (size_t)v];
            int64_t w = v;
            for (int k = d - 1; k >= 0; k--) { /* walk up; the port down is the port up */
                uint8_t up = parent_port(tr, t, w);
                r[k] = up;
                w = step(c->topo, w, up);
            }
        }
    }
    return TC_OK;
}

/* The spread rule: copy j of packet m goes down tree (m*x + j) mod T. */
static int spread(int64_t m, int x, int j, int T)
{
    return (int)((m * x + j) % T);
}

typedef struct {
    const tc_plan_trees_t *tr;
    int t;
} sort_ctx_t;

static _Thread_local sort_ctx_t sort_by;

static int cmp_items(const void *a, const void *b)
{
    const item_t *x = a, *y = b;
    int dx = depth_of(sort_by.tr, sort_by.t, x->dst);
    int dy = depth_of(sort_by.tr, sort_by.t, y->dst);
    if (dx != dy) {
        return dx > dy ? -1 : 1; /* farthest first */
    }
    if (x->dst != y->dst) {
        return x->dst < y->dst ? -1 : 1;
    }
    return x->msg < y->msg ? -1 : (x->msg > y->msg);
}

static tc_err_t alloc_lists(tc_coll_t *c, int64_t per_tree_cap)
{
    c->list = tc__calloc_array((size_t)c->T, sizeof *c->list);
    c->len = tc__calloc_array((size_t)c->T, sizeof *c->len);
    if (c->list == NULL || c->len == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    for (int t = 0; t < c->T; t++) {
        c->list[t] =
            tc__malloc_array((size_t)(per_tree_cap > 0 ? per_tree_cap : 1), sizeof *c->list[t]);
        if (c->list[t] == NULL) {
            return tc__fail(TC_ENOMEM, "Out of memory for the send lists.");
        }
    }
    return TC_OK;
}

static const char *coll_name(tc_collective_t what)
{
    switch (what) {
    case TC_COLL_BCAST:
        return "broadcast";
    case TC_COLL_FT_BCAST:
        return "fault-tolerant broadcast";
    case TC_COLL_MULTINODE:
        return "multinode broadcast";
    case TC_COLL_SCATTER:
        return "scatter";
    case TC_COLL_TOTAL_EXCHANGE:
        return "total exchange";
    case TC_COLL_ALLTOALL:
        return "all-to-all";
    default:
        return "?";
    }
}

/* What the schedule of opts->what needs of the network and the trees (see plan.h). */
static tc_err_t requirements(const tc_plan_trees_t *trees, const tc_coll_opts_t *opts)
{
    const tc_net_t *net = trees->net;
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    bool all_sources = opts->what == TC_COLL_MULTINODE || opts->what == TC_COLL_TOTAL_EXCHANGE ||
                       opts->what == TC_COLL_ALLTOALL;
    if (all_sources && !tc_net_translates(net)) {
        return tc__fail(TC_EINVAL,
                        "The %s schedule runs the trees of node 0 translated to every source, "
                        "which needs translations that keep every edge's dimension; %s has none.",
                        coll_name(opts->what), name);
    }
    if (all_sources && trees->root != 0) {
        return tc__fail(TC_EINVAL, "The %s schedule uses the trees rooted at node 0.",
                        coll_name(opts->what));
    }
    if (opts->what == TC_COLL_TOTAL_EXCHANGE && tc_net_rotation_order(net) == 0) {
        return tc__fail(TC_EINVAL,
                        "The necklace schedule of total exchange sends to the rotations of one "
                        "node, which needs the star graph's rotation (paper 000 Definition 3); %s "
                        "has no rotation.",
                        name);
    }
    if (opts->what == TC_COLL_TOTAL_EXCHANGE && tc_net_rotation_order(net) != trees->ntrees) {
        return tc__fail(TC_EINVAL,
                        "The necklace schedule of total exchange needs one tree per rotation "
                        "step (%d on %s), as the EDT has; these trees are %d.",
                        tc_net_rotation_order(net), name, trees->ntrees);
    }
    return TC_OK;
}

tc_err_t tc_coll_new(const tc_plan_trees_t *trees, const tc_topo_t *topo,
                     const tc_coll_opts_t *opts, tc_coll_t **out)
{
    assert(trees != NULL && topo != NULL && opts != NULL && out != NULL);
    *out = NULL;
    int T = trees->ntrees;
    if (opts->M < 1) {
        return tc__fail(TC_ERANGE, "M must be at least 1.");
    }
    if (opts->x < 1 || opts->x > T) {
        return tc__fail(TC_ERANGE, "x must be in 1..%d (the number of trees).", T);
    }
    if (topo->nodes != trees->nodes || topo->ports != trees->ports) {
        return tc__fail(TC_EINVAL, "The trees and the topology belong to different networks.");
    }
    tc_err_t req = requirements(trees, opts);
    if (req != TC_OK) {
        return req;
    }
    tc_coll_t *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    tc_err_t err = TC_OK;
    c->trees = trees;
    c->topo = topo;
    c->opts = *opts;
    c->T = T;
    c->N = trees->nodes;
    c->plan.ctx = c;
    int64_t M = opts->M, N = c->N;
    switch (opts->what) {
    case TC_COLL_BCAST:
    case TC_COLL_FT_BCAST: {
        int x = opts->what == TC_COLL_BCAST ? 1 : opts->x;
        c->opts.x = x;
        err = alloc_lists(c, (M * x + T - 1) / T);
        if (err != TC_OK) {
            break;
        }
        for (int64_t m = 0; m < M; m++) {
            for (int j = 0; j < x; j++) {
                int t = spread(m, x, j, T);
                c->list[t][c->len[t]++] = (item_t){-1, (int32_t)m};
            }
        }
        for (int t = 0; t < T; t++) {
            c->longest = c->len[t] > c->longest ? c->len[t] : c->longest;
        }
        c->data_tx = M * x * (N - 1);
        c->plan.keys = M;
        c->plan.expected = expected_one_source;
        c->plan.start = start_nothing;
        c->plan.tick = tick_bcast;
        c->plan.receive = receive_bcast;
        break;
    }
    case TC_COLL_SCATTER: {
        err = build_routes(c);
        if (err == TC_OK) {
            err = alloc_lists(c, ((N - 1) * M * opts->x + T - 1) / T);
        }
        if (err != TC_OK) {
            break;
        }
        int64_t j = 0;
        for (int64_t d = 0; d < N; d++) {
            if (d == trees->root) {
                continue;
            }
            for (int64_t m = 0; m < M; m++, j++) {
                for (int k = 0; k < opts->x; k++) {
                    int t = spread(j, opts->x, k, T);
                    c->list[t][c->len[t]++] = (item_t){(int32_t)d, (int32_t)m};
                    c->data_tx += depth_of(trees, t, d);
                }
            }
        }
        for (int t = 0; t < T; t++) {
            sort_by = (sort_ctx_t){trees, t};
            qsort(c->list[t], (size_t)c->len[t], sizeof *c->list[t], cmp_items);
            c->longest = c->len[t] > c->longest ? c->len[t] : c->longest;
        }
        c->plan.keys = M;
        c->plan.expected = expected_one_source;
        c->plan.start = start_nothing;
        c->plan.tick = tick_scatter;
        c->plan.receive = receive_routed;
        break;
    }
    case TC_COLL_MULTINODE: {
        c->group = tc__calloc_array((size_t)T, sizeof *c->group);
        c->group_len = tc__calloc_array((size_t)T, sizeof *c->group_len);
        if (c->group == NULL || c->group_len == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory.");
            break;
        }
        for (int t = 0; t < T; t++) {
            c->group[t] = tc__malloc_array((size_t)M, sizeof *c->group[t]);
            if (c->group[t] == NULL) {
                err = tc__fail(TC_ENOMEM, "Out of memory.");
                break;
            }
        }
        if (err != TC_OK) {
            break;
        }
        for (int64_t m = 0; m < M; m++) {
            for (int j = 0; j < opts->x; j++) {
                int t = spread(m, opts->x, j, T);
                c->group[t][c->group_len[t]++] = (int32_t)m;
            }
        }
        for (int t = 0; t < T; t++) {
            c->group_max = c->group_len[t] > c->group_max ? c->group_len[t] : c->group_max;
        }
        c->data_tx = (opts->one_source ? 1 : N) * (N - 1) * M * opts->x;
        /* one source (node 0): its keys src * M + m are just m */
        c->plan.keys = opts->one_source ? M : N * M;
        c->plan.expected = opts->one_source ? expected_one_source : expected_all_sources;
        c->plan.key_source = opts->one_source ? NULL : key_source_all;
        c->plan.start = start_nothing;
        c->plan.tick = tick_multinode;
        c->plan.receive = receive_multinode;
        break;
    }
    case TC_COLL_TOTAL_EXCHANGE:
    case TC_COLL_ALLTOALL: {
        err = build_routes(c);
        if (err != TC_OK) {
            break;
        }
        /* Necklaces: for every node i != I_n, the unfolded necklace R^{l-2}(i) in tree l;
         * without them (alltoall), node i itself in every tree. */
        bool necklace = opts->what == TC_COLL_TOTAL_EXCHANGE;
        int64_t necklaces = N - 1;
        c->ngroups = necklaces * M;
        c->targets = tc__malloc_array((size_t)necklaces * (size_t)T, sizeof *c->targets);
        c->start_at = tc__malloc_array((size_t)c->ngroups + 1, sizeof *c->start_at);
        if (c->targets == NULL || c->start_at == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the schedule.");
            break;
        }
        int64_t at = 1;
        for (int64_t k = 0; k < necklaces; k++) {
            for (int t = 0; t < T; t++) {
                c->targets[k * T + t] =
                    (int32_t)(necklace ? tc_net_rotate(trees->net, k + 1, t) : k + 1);
            }
            /* As soon as a group reaches its destinations, the next is sent. */
            for (int64_t m = 0; m < M; m++) {
                int longest = 0;
                for (int t = 0; t < T; t++) {
                    int32_t u = c->targets[k * T + t];
                    if (carries(c, u, m, t)) {
                        int d = depth_of(trees, t, u);
                        longest = d > longest ? d : longest;
                        c->data_tx += d * (opts->one_source ? 1 : N);
                    }
                }
                c->start_at[k * M + m] = at;
                at += longest;
            }
        }
        c->start_at[c->ngroups] = at;
        c->plan.keys = opts->one_source ? M : N * M;
        c->plan.expected = opts->one_source ? expected_one_source : expected_all_sources;
        c->plan.key_source = opts->one_source ? NULL : key_source_all;
        c->plan.start = start_nothing;
        c->plan.tick = tick_total;
        c->plan.receive = receive_routed;
        break;
    }
    default:
        err = tc__fail(TC_EINVAL, "Unknown collective.");
    }
    if (err != TC_OK) {
        tc_coll_free(c);
        return err;
    }
    *out = c;
    return TC_OK;
}

tc_err_t tc_plan_faults_on_paths(tc_faults_t *out, const tc_plan_trees_t *trees,
                                 const tc_topo_t *topo, int64_t target, int k, uint64_t seed)
{
    int T = trees->ntrees;
    int usable[64];
    int nu = 0;
    for (int t = 0; t < T && t < 64; t++) {
        int d = trees->depth[(size_t)t * (size_t)trees->nodes + (size_t)target];
        if (d != 0xFF && d >= 2) { /* a path with an inner node */
            usable[nu++] = t;
        }
    }
    if (k < 0 || k > nu) {
        return tc__fail(TC_ERANGE,
                        "Only %d root paths of the target have an inner node to fault; %d asked.",
                        nu, k);
    }
    tc_err_t err = tc_faults_init(out, topo);
    if (err != TC_OK) {
        return err;
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, 0xadd);
    for (int j = 0; j < k; j++) { /* a seeded partial shuffle picks k trees */
        int pick = j + (int)tc_rng_below(&rng, (uint64_t)(nu - j));
        int t = usable[pick];
        usable[pick] = usable[j];
        usable[j] = t;
        int d = trees->depth[(size_t)t * (size_t)trees->nodes + (size_t)target];
        int steps = 1 + (int)tc_rng_below(&rng, (uint64_t)(d - 1)); /* 1..d-1 hops up */
        int64_t w = target;
        for (int s = 0; s < steps; s++) {
            uint8_t up = trees->pport[(size_t)t * (size_t)trees->nodes + (size_t)w];
            w = topo->nbr[w * topo->ports + up];
        }
        tc_faults_add_node(out, w);
    }
    return TC_OK;
}
