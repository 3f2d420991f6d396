/* Schedules (treecast/optimum.h) as text (tc_report_optimal_text), as a JSON document
 * (tc_report_optimal_json) and as MSCCL-IR XML (tc_report_optimal_msccl).
 *
 * MSCCL-IR is the XML that the MSCCL runtimes load (msccl-executor-nccl for NCCL, RCCL's msccl),
 * as msccl-tools writes it (msccl/language/ir.py, ir_to_xml with its "old format") and ForestColl
 * writes its trees (to_xml.py, construct_algo_allgather):
 *   <algo name proto nchannels nchunksperloop ngpus coll inplace outofplace minBytes maxBytes>
 *     <gpu id i_chunks o_chunks s_chunks>            one per rank
 *       <tb id send recv chan>                        a threadblock: at most one peer it sends
 *                                                     to and one it receives from, one channel
 *         <step s type srcbuf srcoff dstbuf dstoff cnt depid deps hasdep/>
 * A threadblock runs its steps in the order of s. type "s" sends cnt chunks from srcbuf/srcoff to
 * the send peer, "r" receives cnt chunks from the recv peer into dstbuf/dstoff, "rcs" receives
 * them, keeps them and sends them on to the send peer, "cpy" copies them locally. A step waits
 * for step deps of threadblock depid on the same gpu (-1: none); hasdep marks the steps waited
 * for. Buffers: "i" input, "o" output, "s" scratch, in chunks: the runtime cuts the output
 * (allgather: all ranks' blocks; broadcast: the data) into nchunksperloop chunks per loop and
 * loops over larger messages. Sends and receives between two ranks pair up in order per channel:
 * a (gpu, channel, peer) is used by one threadblock each way (msccl-tools' threadblock
 * assignment), and both ends list the transfers in the same order.
 *
 * The mapping:
 *  - rank i is compute node i (tc_optimal_compute order). Routes through switches do not appear:
 *    MSCCL addresses peers by rank, so a tree's arc u -> v is a transfer from rank u to rank v;
 *  - chunks: with g the gcd of the tree weights, tree t carries cnt(t) = weight(t) / g chunks,
 *    so each tree carries weight(t) / (its root's total weight) of the root's data. broadcast:
 *    nchunksperloop = the sum of cnt; allgather: every rank's block is B = the sum of cnt over
 *    its trees (equal for all), nchunksperloop = C x B, rank i's block at output offsets i B ..
 *    i B + B - 1, its trees' chunks one after the other in tree order. Above 32767 chunks (the
 *    runtime's int16 offsets) the writer refuses; a tree's chunks go in steps of at most 71
 *    (cnt < MSCCL_MAX_COUNT = 72);
 *  - a tree is cut into chains: from the root, and from every rank that forwards to several
 *    children, down through each rank's main child (the one of the highest subtree) to a leaf.
 *    A chain x0 > x1 > ... > xk is an "s" on x0, an "rcs" on x1 .. x(k-1) (recv peer the parent,
 *    send peer the main child) and an "r" on xk. A rank's sends to its other children are "s"
 *    steps that wait (depid/deps) for its "rcs" of that tree; the root's sends wait for nothing;
 *  - each chain takes the lowest channel on which every rank of it has a threadblock for its
 *    peers (or room for one) with room for its steps; threadblocks list their steps by tree (and
 *    piece). As every threadblock runs its steps in tree order, and within a tree a rank forwards
 *    only what it has received, the lowest unfinished tree always progresses: no deadlock, and
 *    the sends and receives of a (channel, pair) come in the same order at both ends;
 *  - threadblock ids: by send peer, recv peer and channel on each gpu (as msccl-tools sorts);
 *  - in place (the default, as ForestColl writes): every step reads and writes the output ("o");
 *    out of place: a root sends from its input ("i") and copies it into its output with "cpy"
 *    steps at the end of its least busy threadblock;
 *  - broadcast has no root attribute in MSCCL-IR: the file is for broadcasts from the schedule's
 *    root rank; minBytes 0 and maxBytes 2^40 as ForestColl writes them.
 * The runtime's other limits are checked before anything is written: 32 channels, 128
 * threadblocks per gpu (a dependency names one in an int8_t), 64 steps per threadblock, 32
 * threadblocks with a send (receive) peer per channel, 1024 gpus, 4096 elements per rank. There
 * is no XML declaration (the runtime's parser does not read one) and there are no comments.
 */
#include "treecast/report.h"

#include "core/internal.h"
#include "treecast/optimum.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The trees and routes are drawn for schedules of at most this many compute nodes and trees. */
#define DRAW_NODES 64
#define DRAW_TREES 16

tc_err_t tc_report_optimal_text(FILE *out, const tc_optimal_t *s)
{
    const tc_net_t *net = tc_optimal_net(s);
    char name[TC_LABEL_MAX], spec[TC_LABEL_MAX], lab[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    tc_net_spec(net, spec, sizeof spec);
    int64_t C = tc_optimal_compute_nodes(s), T = tc_optimal_trees(s);
    fprintf(out, "%s of %s (%s): %lld trees over %lld compute nodes, by %s\n",
            tc_optimum_coll_name(tc_optimal_coll(s)), spec, name, (long long)T, (long long)C,
            tc_optimal_method(s));
    if (C > DRAW_NODES || T > DRAW_TREES) {
        return ferror(out) ? tc__fail(TC_EIO, "Writing the schedule failed.") : TC_OK;
    }
    int64_t route[TC_LABEL_MAX];
    for (int64_t t = 0; t < T; t++) {
        tc_net_label(net, tc_optimal_tree_root(s, t), false, lab, sizeof lab);
        fprintf(out, "tree %lld: root %s, rate %lld/%lld\n", (long long)t, lab,
                (long long)tc_optimal_tree_weight(s, t), (long long)tc_optimal_den(s));
        for (int64_t i = 0; i < C; i++) {
            int64_t v = tc_optimal_compute(s, i);
            size_t len = tc_optimal_route(s, t, v, route, sizeof route / sizeof route[0]);
            if (len == 0) {
                continue;
            }
            fputs("  ", out);
            for (size_t k = 0; k < len && k < sizeof route / sizeof route[0]; k++) {
                tc_net_label(net, route[k], false, lab, sizeof lab);
                fprintf(out, "%s%s", k ? " > " : "", lab);
            }
            fputc('\n', out);
        }
    }
    return ferror(out) ? tc__fail(TC_EIO, "Writing the schedule failed.") : TC_OK;
}

/* ---- JSON ----------------------------------------------------------------------------------- */

/* Grow *p (of *cap elements of size bytes) to hold need; false when memory runs out. */
static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) {
        return true;
    }
    size_t c = *cap ? *cap : 64;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size) {
            return false;
        }
        c *= 2;
    }
    void *q = realloc(*p, c * size);
    if (q == NULL) {
        return false;
    }
    *p = q;
    *cap = c;
    return true;
}

/* The route of compute node v's arc in tree t into *buf (grown as needed): its length (0 at the
 * root), or -1 when memory runs out. */
static int64_t route_of(const tc_optimal_t *s, int64_t t, int64_t v, int64_t **buf, size_t *cap)
{
    size_t len = tc_optimal_route(s, t, v, *buf, *cap);
    if (len > *cap) {
        if (!grow((void **)buf, cap, len, sizeof **buf)) {
            return -1;
        }
        len = tc_optimal_route(s, t, v, *buf, *cap);
    }
    return (int64_t)len;
}

/* The distinct routes of a schedule: route a is pool[off[a] .. off[a] + len[a] - 1]; slot is an
 * open-addressing table of route indices (-1 empty), slots a power of two, at most half full. */
typedef struct {
    int64_t count;
    int64_t *off, *len, *pool, *slot;
    size_t cap, pool_len, pool_cap, slots;
} routes_t;

static uint64_t route_hash(const int64_t *r, int64_t len)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int64_t k = 0; k < len; k++) {
        h ^= (uint64_t)r[k] + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdu;
    }
    return h ^ (h >> 31);
}

/* The slot of route r: where it is, or the empty one where it goes. */
static size_t route_slot(const routes_t *rt, const int64_t *r, int64_t len)
{
    size_t mask = rt->slots - 1, k = (size_t)route_hash(r, len) & mask;
    for (;; k = (k + 1) & mask) {
        int64_t a = rt->slot[k];
        if (a < 0 ||
            (rt->len[a] == len && memcmp(rt->pool + rt->off[a], r, (size_t)len * sizeof *r) == 0)) {
            return k;
        }
    }
}

/* Twice the slots, every route placed again; false when memory runs out. */
static bool routes_rehash(routes_t *rt)
{
    size_t slots = rt->slots ? rt->slots * 2 : 1024;
    int64_t *slot = tc__malloc_array(slots, sizeof *slot);
    if (slot == NULL) {
        return false;
    }
    memset(slot, 0xff, slots * sizeof *slot);
    free(rt->slot);
    rt->slot = slot;
    rt->slots = slots;
    for (int64_t a = 0; a < rt->count; a++) {
        rt->slot[route_slot(rt, rt->pool + rt->off[a], rt->len[a])] = a;
    }
    return true;
}

/* The index of route r (len node ids), added when new; -1 when memory runs out. */
static int64_t route_index(routes_t *rt, const int64_t *r, int64_t len)
{
    if ((size_t)rt->count * 2 + 2 > rt->slots && !routes_rehash(rt)) {
        return -1;
    }
    size_t k = route_slot(rt, r, len);
    if (rt->slot[k] >= 0) {
        return rt->slot[k];
    }
    size_t cap = rt->cap;
    if (!grow((void **)&rt->pool, &rt->pool_cap, rt->pool_len + (size_t)len, sizeof *rt->pool) ||
        !grow((void **)&rt->off, &cap, (size_t)rt->count + 1, sizeof *rt->off) ||
        !grow((void **)&rt->len, &rt->cap, (size_t)rt->count + 1, sizeof *rt->len)) {
        return -1;
    }
    memcpy(rt->pool + rt->pool_len, r, (size_t)len * sizeof *r);
    int64_t a = rt->count++;
    rt->off[a] = (int64_t)rt->pool_len;
    rt->len[a] = len;
    rt->pool_len += (size_t)len;
    rt->slot[k] = a;
    return a;
}

/* The member "network": the family's sizes (tc_report_json_network), and for a graph given by
 * its edges what rebuilds it: its labels, edges [u, v] ([u, v, cap(u,v), cap(v,u)] with
 * capacities) and switches, as in the forest document. */
static void network_json(tc_json_t *j, const tc_net_t *net)
{
    if (!tc_net_explicit(net)) {
        tc_report_json_network(j, net);
        return;
    }
    char lab[TC_LABEL_MAX];
    int64_t N = tc_net_nodes(net);
    tc_json_key(j, "network");
    tc_json_object(j);
    tc_json_kstr(j, "family", "graph");
    tc_net_name(net, lab, sizeof lab);
    tc_json_kstr(j, "name", lab);
    tc_json_kint(j, "nodes", N);
    tc_json_newline(j);
    tc_json_key(j, "labels");
    tc_json_array(j);
    for (int64_t v = 0; v < N; v++) {
        tc_net_label(net, v, false, lab, sizeof lab);
        tc_json_str(j, lab);
    }
    tc_json_end_array(j);
    tc_json_newline(j);
    tc_json_key(j, "edges");
    tc_json_array(j);
    for (int64_t v = 0; v < N; v++) {
        for (int d = tc_net_dim_min(net); d <= tc_net_dim_max(net); d++) {
            int64_t u = tc_net_neighbor(net, v, d);
            if (u > v) {
                tc_json_array(j);
                tc_json_int(j, v);
                tc_json_int(j, u);
                if (tc_net_capacitated(net)) {
                    tc_json_int(j, tc_net_capacity(net, v, d));
                    tc_json_int(j, tc_net_capacity(net, u, tc_net_edge_dim(net, u, v)));
                }
                tc_json_end_array(j);
            }
        }
    }
    tc_json_end_array(j);
    if (tc_net_switches(net)) {
        tc_json_newline(j);
        tc_json_key(j, "switches");
        tc_json_array(j);
        for (int64_t v = 0; v < N; v++) {
            if (tc_net_role(net, v) == TC_ROLE_SWITCH) {
                tc_json_int(j, v);
            }
        }
        tc_json_end_array(j);
    }
    tc_json_end_object(j);
}

static void label_str(tc_json_t *j, const tc_net_t *net, int64_t v)
{
    char lab[TC_LABEL_MAX];
    tc_net_label(net, v, false, lab, sizeof lab);
    tc_json_str(j, lab);
}

tc_err_t tc_report_optimal_json(FILE *out, const tc_optimal_t *s)
{
    const tc_net_t *net = tc_optimal_net(s);
    int64_t C = tc_optimal_compute_nodes(s), T = tc_optimal_trees(s);
    routes_t rt = {0};
    size_t cap = 0;
    int64_t *route = NULL;
    bool ok = true;
    /* the distinct routes; the trees' arcs are looked up again as they are written */
    for (int64_t t = 0; ok && t < T; t++) {
        for (int64_t i = 0; ok && i < C; i++) {
            int64_t len = route_of(s, t, tc_optimal_compute(s, i), &route, &cap);
            ok = len == 0 || (len > 0 && route_index(&rt, route, len) >= 0);
        }
    }
    tc_err_t err = TC_OK;
    if (!ok) {
        err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
        goto done;
    }
    tc_json_t j;
    tc_json_document(&j, out, NULL);
    network_json(&j, net);
    tc_json_kstr(&j, "collective", tc_optimum_coll_name(tc_optimal_coll(s)));
    tc_json_kstr(&j, "method", tc_optimal_method(s));
    tc_json_kint(&j, "den", tc_optimal_den(s));
    tc_json_newline(&j);
    tc_json_key(&j, "compute");
    tc_json_array(&j);
    for (int64_t i = 0; i < C; i++) {
        label_str(&j, net, tc_optimal_compute(s, i));
    }
    tc_json_end_array(&j);
    tc_json_newline(&j);
    tc_json_key(&j, "arcs");
    tc_json_array(&j);
    for (int64_t a = 0; a < rt.count; a++) {
        const int64_t *r = rt.pool + rt.off[a];
        tc_json_newline(&j);
        tc_json_object(&j);
        tc_json_key(&j, "from");
        label_str(&j, net, r[0]);
        tc_json_key(&j, "to");
        label_str(&j, net, r[rt.len[a] - 1]);
        tc_json_key(&j, "via");
        tc_json_array(&j);
        for (int64_t k = 1; k + 1 < rt.len[a]; k++) {
            label_str(&j, net, r[k]);
        }
        tc_json_end_array(&j);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_newline(&j);
    tc_json_key(&j, "trees");
    tc_json_array(&j);
    for (int64_t t = 0; t < T; t++) {
        tc_json_newline(&j);
        tc_json_object(&j);
        tc_json_key(&j, "root");
        label_str(&j, net, tc_optimal_tree_root(s, t));
        tc_json_kint(&j, "weight", tc_optimal_tree_weight(s, t));
        tc_json_key(&j, "arc");
        tc_json_array(&j);
        for (int64_t i = 0; i < C; i++) {
            int64_t len = route_of(s, t, tc_optimal_compute(s, i), &route, &cap);
            tc_json_int(&j, len > 0 ? rt.slot[route_slot(&rt, route, len)] : -1);
        }
        tc_json_end_array(&j);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_end_object(&j);
    err = tc_json_finish(&j);
    if (err != TC_OK) {
        err = tc__fail(TC_EIO, "Writing the schedule failed.");
    }
done:
    free(route);
    free(rt.off);
    free(rt.len);
    free(rt.pool);
    free(rt.slot);
    return err;
}

/* ---- MSCCL-IR ------------------------------------------------------------------------------- */

/* The limits of the MSCCL runtimes that load these files (msccl-executor-nccl and RCCL,
 * src/include/msccl/msccl_struct.h and msccl_parser.h, and NCCL's MAXCHANNELS). A schedule
 * beyond them is refused rather than written for a runtime that rejects it when it loads. */
#define MSCCL_MAX_STEPS 64 /* MSCCL_MAX_NUM_STEPS: steps of one threadblock */
#define MSCCL_MAX_CNT 71   /* a step's cnt stays below MSCCL_MAX_COUNT = 72 */
#define MSCCL_PEER_TBS                                                                             \
    32                          /* MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL: threadblocks of a gpu  \
                                   with a send (a receive) peer on one channel */
#define MSCCL_MAX_CHANNELS 32   /* NCCL's MAXCHANNELS */
#define MSCCL_MAX_TBS 128       /* threadblocks of a gpu: a dependency names one in an int8_t */
#define MSCCL_MAX_CHUNKS 32767  /* chunk offsets are int16_t */
#define MSCCL_MAX_GPUS 1024     /* MAX_SUBS: the <gpu> elements under <algo> */
#define MSCCL_MAX_ELEMENTS 4096 /* MAX_NODES: the elements one rank's parse keeps */

enum { OP_S, OP_R, OP_RCS };
enum { DIR_SEND, DIR_RECV };

/* One transfer of a tree at one gpu: its steps are pieces[t] consecutive steps of its
 * threadblock, one per piece of the tree's chunks. */
typedef struct {
    int32_t tb, t; /* its threadblock (index into tbs) and tree */
    int32_t from;  /* R, RCS: the rank it receives from (the parent in the tree) */
    int32_t to;    /* S, RCS: the rank it sends to */
    int32_t dep;   /* S at a rank that forwards the tree: the RCS it waits for; -1 */
    int32_t step;  /* its first step in its threadblock */
    int8_t type;   /* OP_* */
    bool hasdep;   /* an S waits for it */
} mop_t;

typedef struct {
    int32_t gpu, send, recv, chan, steps, id;
    int32_t alias; /* merged into that threadblock; -1 */
} mtb_t;

typedef struct {
    const tc_optimal_t *s;
    int64_t C, T;    /* compute nodes; trees after merging the equal ones */
    int64_t *tree;   /* per tree after merging: the first of the schedule's equal trees */
    int64_t *weight; /* per tree after merging: their weights' sum */
    bool allgather, inplace;
    int64_t block;   /* chunks of one rank's data (allgather) or of the root's (bcast) */
    int64_t nchunks; /* chunks per loop: C x block (allgather), block (bcast) */
    int64_t *cnt, *off;
    int32_t *pieces, *root;                       /* per tree */
    int32_t *rank;                                /* node id -> rank, -1 for a switch */
    int32_t *parent, *head, *next, *order, *high; /* the current tree, per rank */
    int32_t *main_child, *rcs, *stack, *path;     /* the current tree, per rank; rcs: the op
                                                     that receives the tree at the rank */
    mtb_t *tbs;
    mop_t *ops;
    size_t ntbs, tb_cap, nops, op_cap;
    uint64_t *key; /* (gpu, dir, peer, chan) + 1 -> val[] = threadblock; 0 empty */
    int32_t *val;
    size_t slots;
    int32_t *tbs_of;   /* per gpu: its threadblocks */
    int32_t *peer_tbs; /* per (gpu, chan, dir): threadblocks with a peer that way */
    int32_t *copy_tb;  /* out of place, per gpu: the threadblock that copies its input, -1 */
} msccl_t;

static size_t slot_of(const msccl_t *m, int32_t gpu, int dir, int32_t peer, int32_t chan,
                      uint64_t *key)
{
    *key = ((((uint64_t)gpu * (uint64_t)m->C + (uint64_t)peer) * 2 + (uint64_t)dir) *
                MSCCL_MAX_CHANNELS +
            (uint64_t)chan) +
           1;
    uint64_t h = *key * 0x9e3779b97f4a7c15u;
    size_t mask = m->slots - 1, k = (size_t)(h ^ (h >> 29)) & mask;
    while (m->key[k] != 0 && m->key[k] != *key) {
        k = (k + 1) & mask;
    }
    return k;
}

/* The threadblock of gpu with that peer that way on chan, or -1. */
static int32_t tb_find(const msccl_t *m, int32_t gpu, int dir, int32_t peer, int32_t chan)
{
    uint64_t key;
    size_t k = slot_of(m, gpu, dir, peer, chan, &key);
    return m->key[k] == key ? m->val[k] : -1;
}

static int32_t *peer_count(const msccl_t *m, int32_t gpu, int32_t chan, int dir)
{
    return &m->peer_tbs[((size_t)gpu * MSCCL_MAX_CHANNELS + (size_t)chan) * 2 + (size_t)dir];
}

/* Give threadblock b the peer that way (it had none). */
static void tb_attach(msccl_t *m, int32_t b, int dir, int32_t peer)
{
    mtb_t *tb = &m->tbs[b];
    uint64_t key;
    size_t k = slot_of(m, tb->gpu, dir, peer, tb->chan, &key);
    m->key[k] = key;
    m->val[k] = b;
    *(dir == DIR_SEND ? &tb->send : &tb->recv) = peer;
    (*peer_count(m, tb->gpu, tb->chan, dir))++;
}

/* A new threadblock on gpu and chan with peers send and recv (-1 for none); -1 when memory runs
 * out. */
static int32_t tb_new(msccl_t *m, int32_t gpu, int32_t send, int32_t recv, int32_t chan)
{
    if (!grow((void **)&m->tbs, &m->tb_cap, m->ntbs + 1, sizeof *m->tbs)) {
        return -1;
    }
    int32_t b = (int32_t)m->ntbs++;
    m->tbs[b] = (mtb_t){gpu, -1, -1, chan, 0, 0, -1};
    m->tbs_of[gpu]++;
    if (send >= 0) {
        tb_attach(m, b, DIR_SEND, send);
    }
    if (recv >= 0) {
        tb_attach(m, b, DIR_RECV, recv);
    }
    return b;
}

/* Whether gpu can take, on chan, pieces more steps receiving from `from` (-1: none) and sending
 * to `to` (-1: none) in one threadblock: the threadblocks that already hold either peer on chan
 * must be one and the same, or one that lacks the other peer, or two that each lack the other's
 * (they merge), with room for the steps; a new one must stay within the runtime's counts. */
static bool tb_fits(const msccl_t *m, int32_t gpu, int32_t from, int32_t to, int32_t chan,
                    int32_t pieces)
{
    int32_t a = from >= 0 ? tb_find(m, gpu, DIR_RECV, from, chan) : -1;
    int32_t b = to >= 0 ? tb_find(m, gpu, DIR_SEND, to, chan) : -1;
    bool send_room = to < 0 || *peer_count(m, gpu, chan, DIR_SEND) < MSCCL_PEER_TBS;
    bool recv_room = from < 0 || *peer_count(m, gpu, chan, DIR_RECV) < MSCCL_PEER_TBS;
    if (a < 0 && b < 0) {
        return m->tbs_of[gpu] < MSCCL_MAX_TBS && send_room && recv_room;
    }
    if (a >= 0 && b >= 0 && a != b) {
        return m->tbs[a].send < 0 && m->tbs[b].recv < 0 &&
               m->tbs[a].steps + m->tbs[b].steps + pieces <= MSCCL_MAX_STEPS;
    }
    int32_t x = a >= 0 ? a : b;
    if (m->tbs[x].steps + pieces > MSCCL_MAX_STEPS) {
        return false;
    }
    if (a >= 0 && b < 0 && to >= 0) { /* a send peer must be added */
        return m->tbs[a].send < 0 && send_room;
    }
    if (b >= 0 && a < 0 && from >= 0) {
        return m->tbs[b].recv < 0 && recv_room;
    }
    return true;
}

/* The threadblock tb_fits accepted, made, completed or merged (b into a: b's steps come into a,
 * in the order they were made, and b is gone); -1 when memory runs out. */
static int32_t tb_take(msccl_t *m, int32_t gpu, int32_t from, int32_t to, int32_t chan)
{
    int32_t a = from >= 0 ? tb_find(m, gpu, DIR_RECV, from, chan) : -1;
    int32_t b = to >= 0 ? tb_find(m, gpu, DIR_SEND, to, chan) : -1;
    if (a < 0 && b < 0) {
        return tb_new(m, gpu, to, from, chan);
    }
    if (a >= 0 && b >= 0 && a != b) {
        uint64_t key;
        size_t k = slot_of(m, gpu, DIR_SEND, to, chan, &key);
        m->val[k] = a;
        m->tbs[a].send = to;
        m->tbs[a].steps += m->tbs[b].steps;
        m->tbs[b].steps = 0;
        m->tbs[b].alias = a;
        m->tbs_of[gpu]--;
        return a;
    }
    if (a >= 0 && b < 0 && to >= 0) {
        tb_attach(m, a, DIR_SEND, to);
    }
    if (b >= 0 && a < 0 && from >= 0) {
        tb_attach(m, b, DIR_RECV, from);
    }
    return a >= 0 ? a : b;
}

/* A new transfer; its index, or -1 when memory runs out. */
static int32_t op_new(msccl_t *m, int32_t tb, int32_t t, int type, int32_t from, int32_t to,
                      int32_t dep)
{
    if (tb < 0 || !grow((void **)&m->ops, &m->op_cap, m->nops + 1, sizeof *m->ops)) {
        return -1;
    }
    int32_t o = (int32_t)m->nops++;
    m->ops[o] = (mop_t){tb, t, from, to, dep, 0, (int8_t)type, false};
    m->tbs[tb].steps += m->pieces[t];
    return o;
}

/* Tree t's parents, children (by rank), heights and main children (the child of the highest
 * subtree, the first by rank among equals): the forwarding chains. TC_EINVAL when it does not
 * span the compute nodes from its root. */
static tc_err_t tree_shape(msccl_t *m, int64_t t)
{
    int64_t C = m->C;
    for (int64_t i = 0; i < C; i++) {
        int64_t p = tc_optimal_parent(m->s, m->tree[t], tc_optimal_compute(m->s, i));
        m->parent[i] = p >= 0 ? m->rank[p] : -1;
        m->head[i] = -1;
        m->rcs[i] = -1;
    }
    for (int64_t i = C - 1; i >= 0; i--) {
        if (m->parent[i] >= 0) {
            m->next[i] = m->head[m->parent[i]];
            m->head[m->parent[i]] = (int32_t)i;
        }
    }
    int64_t n = 0;
    m->order[n++] = m->root[t];
    for (int64_t k = 0; k < n; k++) {
        for (int32_t w = m->head[m->order[k]]; w >= 0 && n < C; w = m->next[w]) {
            m->order[n++] = w;
        }
    }
    if (n != C || m->parent[m->root[t]] >= 0) {
        return tc__fail(TC_EINVAL, "Tree %lld does not span the compute nodes from its root.",
                        (long long)m->tree[t]);
    }
    for (int64_t k = C - 1; k >= 0; k--) {
        int32_t v = m->order[k];
        m->high[v] = 0;
        m->main_child[v] = -1;
        for (int32_t w = m->head[v]; w >= 0; w = m->next[w]) {
            if (m->main_child[v] < 0 || m->high[w] + 1 > m->high[v]) {
                m->high[v] = m->high[w] + 1;
                m->main_child[v] = w;
            }
        }
    }
    return TC_OK;
}

/* How many ranks of path[0..len-1] one chain on chan can take: path[0] sends, path[1..] receive
 * and send on (receive-copy-send) while they fit, the last one taken only receives. 0 when
 * path[0]'s send does not fit. */
static int32_t chain_fits(const msccl_t *m, int32_t len, int32_t chan, int32_t pieces)
{
    const int32_t *p = m->path;
    if (!tb_fits(m, p[0], -1, p[1], chan, pieces)) {
        return 0;
    }
    int32_t fit = 0;
    for (int32_t k = 1; k < len; k++) {
        if (tb_fits(m, p[k], p[k - 1], -1, chan, pieces)) {
            fit = k + 1;
        }
        if (k + 1 == len || !tb_fits(m, p[k], p[k - 1], p[k + 1], chan, pieces)) {
            break;
        }
    }
    return fit;
}

/* Tree t's transfers: the tree is cut into chains, each from a rank (the root, or one that
 * forwards to several children) through main children down to a leaf; a chain x0 > x1 > ... >
 * xk is a send on x0, a receive-copy-send on x1 .. x(k-1) and a receive on xk, on the lowest
 * channel where every one of them fits (tb_fits). When none takes it whole, the channel that
 * takes the longest beginning x0 .. xj does (xj then only receives, and the chains from xj to
 * all its children come after). A rank's sends that start chains wait for its receive. */
static tc_err_t tree_ops(msccl_t *m, int64_t t)
{
    int32_t sp = 0, r = m->root[t], P = m->pieces[t];
    for (int32_t w = m->head[r]; w >= 0; w = m->next[w]) {
        m->stack[sp++] = w; /* a chain from w's parent through w */
    }
    while (sp > 0) {
        int32_t x1 = m->stack[--sp], len = 0;
        m->path[len++] = m->parent[x1];
        for (int32_t y = x1; y >= 0; y = m->main_child[y]) {
            m->path[len++] = y;
        }
        int32_t chan = -1, take = 1;
        for (int32_t c = 0; c < MSCCL_MAX_CHANNELS && take < len; c++) {
            int32_t fit = chain_fits(m, len, c, P);
            if (fit > take) {
                take = fit;
                chan = c;
            }
        }
        if (chan < 0) {
            return tc__fail(TC_ETOOBIG,
                            "Tree %lld does not fit the limits of MSCCL's runtime (%d channels, "
                            "%d threadblocks per gpu, %d steps per threadblock, %d threadblocks "
                            "sending or receiving per channel).",
                            (long long)m->tree[t], MSCCL_MAX_CHANNELS, MSCCL_MAX_TBS,
                            MSCCL_MAX_STEPS, MSCCL_PEER_TBS);
        }
        for (int32_t k = 0; k < take; k++) {
            int32_t y = m->path[k], from = k > 0 ? m->path[k - 1] : -1;
            int32_t to = k + 1 < take ? m->path[k + 1] : -1;
            int32_t tb = tb_take(m, y, from, to, chan), o;
            if (k == 0) {
                o = op_new(m, tb, (int32_t)t, OP_S, -1, to, m->rcs[y]);
            } else {
                o = op_new(m, tb, (int32_t)t, to >= 0 ? OP_RCS : OP_R, from, to, -1);
                m->rcs[y] = o;
            }
            if (o < 0) {
                return tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
            }
            for (int32_t w = k > 0 ? m->head[y] : -1; w >= 0; w = m->next[w]) {
                if (w != to) { /* y's other children (all of them where the chain stops) */
                    m->stack[sp++] = w;
                }
            }
        }
    }
    return TC_OK;
}

typedef struct {
    uint64_t hash;
    int64_t t;
} tree_key_t;

static int cmp_key(const void *a, const void *b)
{
    const tree_key_t *x = a, *y = b;
    if (x->hash != y->hash) {
        return x->hash < y->hash ? -1 : 1;
    }
    return (x->t > y->t) - (x->t < y->t);
}

static bool same_tree(const msccl_t *m, int64_t a, int64_t b)
{
    if (tc_optimal_tree_root(m->s, a) != tc_optimal_tree_root(m->s, b)) {
        return false;
    }
    for (int64_t i = 0; i < m->C; i++) {
        int64_t v = tc_optimal_compute(m->s, i);
        if (tc_optimal_parent(m->s, a, v) != tc_optimal_parent(m->s, b, v)) {
            return false;
        }
    }
    return true;
}

/* Trees of the same root and parents carry their root's data alike: each such group becomes one
 * tree (named by its first) of the summed weight, in the order of their first trees. */
static tc_err_t merge_trees(msccl_t *m, int64_t T)
{
    tree_key_t *key = tc__malloc_array((size_t)T, sizeof *key);
    int64_t *first = tc__malloc_array((size_t)T, sizeof *first);
    int64_t *group = tc__malloc_array((size_t)T, sizeof *group);
    tc_err_t err = TC_OK;
    if (key == NULL || first == NULL || group == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
        goto done;
    }
    for (int64_t t = 0; t < T; t++) {
        int64_t w = tc_optimal_tree_weight(m->s, t);
        if (w <= 0 || w > INT64_MAX / (T + 1)) {
            err = tc__fail(TC_EINVAL, "Tree %lld has weight %lld; weights are from 1 to %lld.",
                           (long long)t, (long long)w, (long long)(INT64_MAX / (T + 1)));
            goto done;
        }
        uint64_t h = (uint64_t)tc_optimal_tree_root(m->s, t) * 0x9e3779b97f4a7c15u;
        for (int64_t i = 0; i < m->C; i++) {
            h = (h ^ (uint64_t)(tc_optimal_parent(m->s, t, tc_optimal_compute(m->s, i)) + 2)) *
                0xff51afd7ed558ccdu;
        }
        key[t] = (tree_key_t){h ^ (h >> 31), t};
    }
    qsort(key, (size_t)T, sizeof *key, cmp_key);
    for (int64_t a = 0, b; a < T; a = b) {
        for (b = a; b < T && key[b].hash == key[a].hash; b++) {
            int64_t t = key[b].t;
            first[t] = t;
            for (int64_t c = a; c < b && first[t] == t; c++) {
                if (first[key[c].t] == key[c].t && same_tree(m, key[c].t, t)) {
                    first[t] = key[c].t;
                }
            }
        }
    }
    m->T = 0;
    for (int64_t t = 0; t < T; t++) {
        if (first[t] == t) {
            group[t] = m->T++;
            m->tree[group[t]] = t;
            m->weight[group[t]] = 0;
        }
        m->weight[group[first[t]]] += tc_optimal_tree_weight(m->s, t);
    }
done:
    free(key);
    free(first);
    free(group);
    return err;
}

/* The chunks: tree t carries cnt[t] = weight / (the weights' gcd) chunks at off[t] in the
 * output buffer, a root's trees one after the other (allgather: rank i's from i x block). */
static tc_err_t chunks(msccl_t *m)
{
    int64_t g = 0, C = m->C, T = m->T;
    for (int64_t t = 0; t < T; t++) {
        g = tc__gcd64(m->weight[t], g);
        int64_t r = m->rank[tc_optimal_tree_root(m->s, m->tree[t])];
        if (!m->allgather && r != m->root[0]) {
            return tc__fail(TC_EINVAL, "A bcast schedule has its trees at one root.");
        }
        m->root[t] = (int32_t)r;
    }
    int64_t *sum = tc__calloc_array((size_t)C, sizeof *sum);
    if (sum == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
    }
    for (int64_t t = 0; t < T; t++) {
        m->cnt[t] = m->weight[t] / g;
        m->pieces[t] = (int32_t)((m->cnt[t] + MSCCL_MAX_CNT - 1) / MSCCL_MAX_CNT);
        m->off[t] = sum[m->root[t]];
        sum[m->root[t]] += m->cnt[t];
        if (sum[m->root[t]] > MSCCL_MAX_CHUNKS) {
            free(sum);
            return tc__fail(TC_ETOOBIG,
                            "The trees' weights need more than %d chunks per loop, where MSCCL's "
                            "chunk offsets stop.",
                            MSCCL_MAX_CHUNKS);
        }
    }
    m->block = sum[m->root[0]];
    bool equal = true;
    for (int64_t i = 0; m->allgather && i < C; i++) {
        equal = equal && sum[i] == m->block;
    }
    free(sum);
    if (!equal) {
        return tc__fail(TC_EINVAL, "An allgather schedule has trees of the same total weight at "
                                   "every compute node.");
    }
    m->nchunks = m->allgather ? C * m->block : m->block;
    if (m->nchunks > MSCCL_MAX_CHUNKS) {
        return tc__fail(TC_ETOOBIG,
                        "The trees' weights need %lld chunks per loop; MSCCL's chunk offsets stop "
                        "at %d.",
                        (long long)m->nchunks, MSCCL_MAX_CHUNKS);
    }
    for (int64_t t = 0; m->allgather && t < T; t++) {
        m->off[t] += m->root[t] * m->block;
    }
    return TC_OK;
}

static int cmp_tb(const void *a, const void *b)
{
    const mtb_t *x = *(const mtb_t *const *)a, *y = *(const mtb_t *const *)b;
    if (x->send != y->send) {
        return x->send < y->send ? -1 : 1;
    }
    if (x->recv != y->recv) {
        return x->recv < y->recv ? -1 : 1;
    }
    return (x->chan > y->chan) - (x->chan < y->chan);
}

/* The buffer and offset at rank r of output chunk o of tree t: the input of the tree's root out
 * of place, the output otherwise. */
static const char *where(const msccl_t *m, int32_t r, int32_t t, int64_t o, int64_t *off)
{
    if (!m->inplace && r == m->root[t]) {
        *off = o - (m->allgather ? (int64_t)r * m->block : 0);
        return "i";
    }
    *off = o;
    return "o";
}

static void put_step(FILE *out, int32_t s, const char *type, const char *sb, int64_t so,
                     const char *db, int64_t dof, int64_t cnt, int32_t depid, int32_t deps,
                     bool hasdep)
{
    fprintf(out,
            "      <step s=\"%d\" type=\"%s\" srcbuf=\"%s\" srcoff=\"%lld\" dstbuf=\"%s\" "
            "dstoff=\"%lld\" cnt=\"%lld\" depid=\"%d\" deps=\"%d\" hasdep=\"%d\"/>\n",
            s, type, sb, (long long)so, db, (long long)dof, (long long)cnt, depid, deps,
            hasdep ? 1 : 0);
}

/* Write the threadblocks of gpu g (tbs[first..first+count-1] by id), their ops in order[]. */
static void write_gpu(FILE *out, const msccl_t *m, int32_t g, mtb_t **tb, int32_t count,
                      const int32_t *order, const int32_t *op_first)
{
    static const char *const TYPES[] = {"s", "r", "rcs"};
    bool holds = m->allgather || g == m->root[0];
    fprintf(out, "  <gpu id=\"%d\" i_chunks=\"%lld\" o_chunks=\"%lld\" s_chunks=\"0\">\n", g,
            (long long)(!m->inplace && holds ? m->block : 0), (long long)m->nchunks);
    for (int32_t k = 0; k < count; k++) {
        const mtb_t *b = tb[k];
        int32_t index = (int32_t)(b - m->tbs);
        fprintf(out, "    <tb id=\"%d\" send=\"%d\" recv=\"%d\" chan=\"%d\">\n", b->id, b->send,
                b->recv, b->chan);
        int32_t s = 0;
        for (int32_t q = op_first[index]; q < op_first[index + 1]; q++) {
            const mop_t *o = &m->ops[order[q]];
            for (int32_t p = 0; p < m->pieces[o->t]; p++) {
                int64_t at = m->off[o->t] + (int64_t)p * MSCCL_MAX_CNT, so, dof;
                int64_t cnt = m->cnt[o->t] - (int64_t)p * MSCCL_MAX_CNT;
                cnt = cnt < MSCCL_MAX_CNT ? cnt : MSCCL_MAX_CNT;
                const char *sb = where(m, o->type == OP_S ? g : o->from, o->t, at, &so);
                const char *db = where(m, o->type == OP_S ? o->to : g, o->t, at, &dof);
                int32_t depid = -1, deps = -1;
                if (o->dep >= 0) {
                    depid = m->tbs[m->ops[o->dep].tb].id;
                    deps = m->ops[o->dep].step + p;
                }
                put_step(out, s++, TYPES[o->type], sb, so, db, dof, cnt, depid, deps, o->hasdep);
            }
        }
        for (int64_t c = 0; m->copy_tb != NULL && m->copy_tb[g] == index && c < m->block;
             c += MSCCL_MAX_CNT) { /* out of place: the rank's own data into its output */
            int64_t cnt = m->block - c < MSCCL_MAX_CNT ? m->block - c : MSCCL_MAX_CNT;
            put_step(out, s++, "cpy", "i", c, "o", (m->allgather ? g * m->block : 0) + c, cnt, -1,
                     -1, false);
        }
        fputs("    </tb>\n", out);
    }
    fputs("  </gpu>\n", out);
}

/* Threadblock ids (by send, recv and channel on each gpu, as msccl-tools orders them), the
 * out-of-place copies, the steps of every op, the runtime's element limit; then the document. */
static tc_err_t msccl_write(FILE *out, msccl_t *m, const char *proto)
{
    int64_t C = m->C;
    size_t ntbs = m->ntbs;
    for (size_t o = 0; o < m->nops; o++) { /* into the threadblocks they were merged into */
        while (m->tbs[m->ops[o].tb].alias >= 0) {
            m->ops[o].tb = m->tbs[m->ops[o].tb].alias;
        }
    }
    for (size_t o = 0; o < m->nops; o++) {
        mop_t *op = &m->ops[o];
        if (op->dep >= 0 && m->ops[op->dep].tb == op->tb) {
            op->dep = -1; /* made before it in its own threadblock, it runs before (msccl-tools
                             drops such dependencies too) */
        } else if (op->dep >= 0) {
            m->ops[op->dep].hasdep = true;
        }
    }
    mtb_t **by_gpu = tc__malloc_array(ntbs + 1, sizeof *by_gpu);
    int32_t *first = tc__calloc_array((size_t)C + 1, sizeof *first);
    int32_t *op_first = tc__calloc_array(ntbs + 1, sizeof *op_first);
    int32_t *order = tc__malloc_array(m->nops + 1, sizeof *order);
    tc_err_t err = TC_OK;
    if (by_gpu == NULL || first == NULL || op_first == NULL || order == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
        goto done;
    }
    for (size_t b = 0; b < ntbs; b++) {
        first[m->tbs[b].gpu + 1] += m->tbs[b].alias < 0;
    }
    for (int64_t g = 0; g < C; g++) {
        first[g + 1] += first[g];
    }
    { /* by gpu, then sorted */
        int32_t *fill = tc__calloc_array((size_t)C, sizeof *fill);
        if (fill == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
            goto done;
        }
        for (size_t b = 0; b < ntbs; b++) {
            int32_t g = m->tbs[b].gpu;
            if (m->tbs[b].alias < 0) {
                by_gpu[first[g] + fill[g]++] = &m->tbs[b];
            }
        }
        free(fill);
    }
    int32_t nchannels = 1;
    for (int64_t g = 0; g < C; g++) {
        qsort(by_gpu + first[g], (size_t)(first[g + 1] - first[g]), sizeof *by_gpu, cmp_tb);
        for (int32_t k = first[g]; k < first[g + 1]; k++) {
            by_gpu[k]->id = k - first[g];
            nchannels = by_gpu[k]->chan + 1 > nchannels ? by_gpu[k]->chan + 1 : nchannels;
        }
    }
    /* the ops of each threadblock in the order they were made: by tree */
    for (size_t o = 0; o < m->nops; o++) {
        op_first[m->ops[o].tb + 1]++;
    }
    for (size_t b = 0; b < ntbs; b++) {
        op_first[b + 1] += op_first[b];
    }
    {
        int32_t *fill = tc__calloc_array(ntbs + 1, sizeof *fill);
        if (fill == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
            goto done;
        }
        for (size_t o = 0; o < m->nops; o++) {
            int32_t b = m->ops[o].tb, q = op_first[b] + fill[b]++;
            order[q] = (int32_t)o;
            m->ops[o].step = q == op_first[b]
                                 ? 0
                                 : m->ops[order[q - 1]].step + m->pieces[m->ops[order[q - 1]].t];
        }
        free(fill);
    }
    if (!m->inplace) { /* the copy goes to the gpu's threadblock with the fewest steps */
        int64_t pieces = (m->block + MSCCL_MAX_CNT - 1) / MSCCL_MAX_CNT;
        for (int64_t g = 0; g < C; g++) {
            m->copy_tb[g] = -1;
            if (!m->allgather && g != m->root[0]) {
                continue;
            }
            for (int32_t k = first[g]; k < first[g + 1]; k++) {
                int32_t b = (int32_t)(by_gpu[k] - m->tbs);
                if (m->copy_tb[g] < 0 || m->tbs[b].steps < m->tbs[m->copy_tb[g]].steps) {
                    m->copy_tb[g] = b;
                }
            }
            if (m->copy_tb[g] < 0 || m->tbs[m->copy_tb[g]].steps + pieces > MSCCL_MAX_STEPS) {
                err = tc__fail(TC_ETOOBIG,
                               "Rank %lld has no threadblock with room for the %lld steps that "
                               "copy its input to its output (MSCCL runs at most %d steps in one).",
                               (long long)g, (long long)pieces, MSCCL_MAX_STEPS);
                goto done;
            }
            m->tbs[m->copy_tb[g]].steps += (int32_t)pieces;
        }
    }
    for (int64_t g = 0; g < C; g++) {
        int64_t elements = 1 + C + (first[g + 1] - first[g]);
        for (int32_t k = first[g]; k < first[g + 1]; k++) {
            elements += by_gpu[k]->steps;
        }
        if (elements > MSCCL_MAX_ELEMENTS) {
            err = tc__fail(TC_ETOOBIG,
                           "Rank %lld's part of the document has %lld elements; MSCCL's parser "
                           "keeps at most %d.",
                           (long long)g, (long long)elements, MSCCL_MAX_ELEMENTS);
            goto done;
        }
    }
    /* the name: what the schedule is, in characters any XML reader takes as they are */
    char name[160], net[TC_LABEL_MAX];
    tc_net_name(tc_optimal_net(m->s), net, sizeof net);
    snprintf(name, sizeof name, "treecast %s %s %s", tc_optimum_coll_name(tc_optimal_coll(m->s)),
             tc_optimal_method(m->s), net);
    for (char *c = name; *c; c++) {
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              strchr(" ._:,()+-", *c) != NULL)) {
            *c = '_';
        }
    }
    fprintf(out,
            "<algo name=\"%s\" proto=\"%s\" nchannels=\"%d\" nchunksperloop=\"%lld\" "
            "ngpus=\"%lld\" coll=\"%s\" inplace=\"%d\" outofplace=\"%d\" minBytes=\"0\" "
            "maxBytes=\"1099511627776\">\n",
            name, proto, nchannels, (long long)m->nchunks, (long long)C,
            m->allgather ? "allgather" : "broadcast", m->inplace ? 1 : 0, m->inplace ? 0 : 1);
    for (int64_t g = 0; g < C; g++) {
        write_gpu(out, m, (int32_t)g, by_gpu + first[g], first[g + 1] - first[g], order, op_first);
    }
    fputs("</algo>\n", out);
    if (ferror(out)) {
        err = tc__fail(TC_EIO, "Writing the schedule failed.");
    }
done:
    free(by_gpu);
    free(first);
    free(op_first);
    free(order);
    return err;
}

tc_err_t tc_report_optimal_msccl(FILE *out, const tc_optimal_t *s, const tc_msccl_opts_t *opts)
{
    const char *proto = opts != NULL && opts->proto != NULL ? opts->proto : "Simple";
    if (strcmp(proto, "Simple") != 0 && strcmp(proto, "LL") != 0 && strcmp(proto, "LL128") != 0) {
        return tc__fail(TC_EINVAL, "MSCCL's protocols are Simple, LL and LL128, not \"%s\".",
                        proto);
    }
    const tc_net_t *net = tc_optimal_net(s);
    int64_t C = tc_optimal_compute_nodes(s), T = tc_optimal_trees(s), N = tc_net_nodes(net);
    if (T < 1) {
        return tc__fail(TC_EINVAL, "The schedule has no trees.");
    }
    if (C < 2) {
        return tc__fail(TC_EINVAL,
                        "An MSCCL algorithm needs two compute nodes or more; this schedule has "
                        "%lld.",
                        (long long)C);
    }
    if (C > MSCCL_MAX_GPUS) {
        return tc__fail(TC_ETOOBIG,
                        "MSCCL's parser reads at most %d gpus; this schedule has %lld compute "
                        "nodes.",
                        MSCCL_MAX_GPUS, (long long)C);
    }
    msccl_t m = {.s = s, .C = C, .T = T};
    m.allgather = tc_optimal_coll(s) == TC_OPTIMUM_ALLGATHER;
    m.inplace = opts == NULL || !opts->out_of_place;
    m.tree = tc__malloc_array((size_t)T + 1, sizeof *m.tree);
    m.weight = tc__malloc_array((size_t)T + 1, sizeof *m.weight);
    m.cnt = tc__malloc_array((size_t)T + 1, sizeof *m.cnt);
    m.off = tc__malloc_array((size_t)T + 1, sizeof *m.off);
    m.pieces = tc__malloc_array((size_t)T + 1, sizeof *m.pieces);
    m.root = tc__malloc_array((size_t)T + 1, sizeof *m.root);
    m.rank = tc__malloc_array((size_t)N, sizeof *m.rank);
    int32_t **per_rank[] = {&m.parent,     &m.head, &m.next,  &m.order, &m.high,
                            &m.main_child, &m.rcs,  &m.stack, &m.path,  &m.tbs_of};
    bool ok = m.tree != NULL && m.weight != NULL && m.cnt != NULL && m.off != NULL &&
              m.pieces != NULL && m.root != NULL && m.rank != NULL;
    for (size_t k = 0; k < sizeof per_rank / sizeof per_rank[0]; k++) {
        *per_rank[k] = tc__calloc_array((size_t)C + 1, sizeof **per_rank[k]);
        ok = ok && *per_rank[k] != NULL;
    }
    m.peer_tbs = tc__calloc_array((size_t)C * MSCCL_MAX_CHANNELS * 2, sizeof *m.peer_tbs);
    m.copy_tb = m.inplace ? NULL : tc__malloc_array((size_t)C, sizeof *m.copy_tb);
    m.slots = 1024;
    while (m.slots < (size_t)C * MSCCL_MAX_TBS * 4) {
        m.slots *= 2;
    }
    m.key = tc__calloc_array(m.slots, sizeof *m.key);
    m.val = tc__malloc_array(m.slots, sizeof *m.val);
    ok = ok && m.peer_tbs != NULL && (m.inplace || m.copy_tb != NULL) && m.key != NULL &&
         m.val != NULL;
    tc_err_t err = TC_OK;
    if (!ok) {
        err = tc__fail(TC_ENOMEM, "Out of memory writing the schedule.");
        goto done;
    }
    for (int64_t v = 0; v < N; v++) {
        m.rank[v] = -1;
    }
    for (int64_t i = 0; i < C; i++) {
        m.rank[tc_optimal_compute(s, i)] = (int32_t)i;
    }
    m.root[0] = m.rank[tc_optimal_tree_root(s, 0)];
    err = merge_trees(&m, T);
    /* every transfer takes a step, and a gpu has at most MAX_TBS x MAX_STEPS */
    if (err == TC_OK && m.T > (int64_t)MSCCL_MAX_TBS * MSCCL_MAX_STEPS * C / (C - 1)) {
        err = tc__fail(TC_ETOOBIG,
                       "The schedule's %lld different trees need more steps than MSCCL's "
                       "runtime runs (%d threadblocks of %d steps per gpu).",
                       (long long)m.T, MSCCL_MAX_TBS, MSCCL_MAX_STEPS);
    }
    err = err == TC_OK ? chunks(&m) : err;
    for (int64_t t = 0; err == TC_OK && t < m.T; t++) {
        err = tree_shape(&m, t);
        err = err == TC_OK ? tree_ops(&m, t) : err;
    }
    err = err == TC_OK ? msccl_write(out, &m, proto) : err;
done:
    free(m.tree);
    free(m.weight);
    free(m.cnt);
    free(m.off);
    free(m.pieces);
    free(m.root);
    free(m.rank);
    for (size_t k = 0; k < sizeof per_rank / sizeof per_rank[0]; k++) {
        free(*per_rank[k]);
    }
    free(m.peer_tbs);
    free(m.copy_tb);
    free(m.key);
    free(m.val);
    free(m.tbs);
    free(m.ops);
    return err;
}
