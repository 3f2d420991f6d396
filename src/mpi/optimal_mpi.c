/* libtreecast_mpi over the optimal schedules (kind "optimal"; treecast/optimum.h): rank i is the
 * i-th compute node; a tree's arc from u to v is one MPI message stream from rank u to rank v,
 * which the network routes through its switches. Every rank builds the same schedule; the
 * root's message (bcast) or every rank's block (allgather) is cut into segments, and a tree of
 * weight w carries w / (the source's total weight) of them, a contiguous range. A rank forwards
 * each segment of a tree to its children in that tree as soon as it has it, with at most
 * `window` segments in flight per child and tree (MPI_Issend: under SMPI too); a tree's stream
 * is tagged with the tree's number, and MPI's non-overtaking order numbers its segments. */
#include "mpi_internal.h"
#include "treecast/optimum.h"

#include <stdlib.h>
#include <string.h>

__extension__ typedef __int128 wide_t;

typedef struct {
    int64_t tree, first, count; /* segments first .. first + count - 1 of the tree's source */
    int64_t source;             /* the source's rank (bcast: the root) */
    int parent;                 /* rank, -1 when this rank is the tree's root */
    int64_t kids_first, kids_n; /* into kids */
    int64_t got;                /* segments received so far */
    int64_t ready;              /* the first `ready` of them have all arrived (a shorter last
                                   segment can complete before an earlier one): what may go on */
    int64_t posted;             /* receives posted so far */
} mytree_t;

typedef struct {
    int64_t tree;       /* index into trees */
    int rank;           /* the child */
    int64_t sent, done; /* segments sent, sends completed */
} kid_t;

struct tc__mpi_optimal {
    tc_optimal_t *s;
    int64_t ntrees, nkids;
    mytree_t *trees; /* the trees this rank takes part in (receives or sends) */
    kid_t *kids;
    int64_t avail_total;
    MPI_Request *req;  /* per tree window receives, then per kid window sends */
    int64_t *req_what; /* per request: tree or kid index, and which segment */
    int64_t *req_seg;
    int *indices;
};

void tc__mpi_optimal_free(tc_mpi_coll_t *c)
{
    struct tc__mpi_optimal *o = c->opt;
    if (o == NULL) {
        return;
    }
    tc_optimal_free(o->s);
    free(o->trees);
    free(o->kids);
    free(o->req);
    free(o->req_what);
    free(o->req_seg);
    free(o->indices);
    free(o);
    c->opt = NULL;
}

/* The segments of source tree t among the trees of its source: [first, first + count), cut in
 * proportion to the weights (sum of the weights before t, times M, over the total). */
static void segment_range(const tc_optimal_t *s, int64_t t, int64_t M, int64_t *first,
                          int64_t *count)
{
    int64_t before = 0, total = 0, root = tc_optimal_tree_root(s, t);
    for (int64_t u = 0; u < tc_optimal_trees(s); u++) {
        if (tc_optimal_tree_root(s, u) == root) {
            before += u < t ? tc_optimal_tree_weight(s, u) : 0;
            total += tc_optimal_tree_weight(s, u);
        }
    }
    int64_t w = tc_optimal_tree_weight(s, t);
    wide_t lo = (wide_t)before * M / total, hi = (wide_t)(before + w) * M / total;
    *first = (int64_t)lo;
    *count = (int64_t)(hi - lo);
}

int tc__mpi_optimal_setup(tc_mpi_coll_t *c)
{
    struct tc__mpi_optimal *o = calloc(1, sizeof *o);
    if (o == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    c->opt = o;
    c->have = calloc((size_t)(c->keys > 0 ? c->keys : 1), 1);
    if (c->have == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    tc_optimum_coll_t coll = c->api == API_BCAST ? TC_OPTIMUM_BCAST : TC_OPTIMUM_ALLGATHER;
    int64_t root = c->api == API_BCAST ? c->root : 0;
    /* the root's node id: ranks are the compute nodes in id order */
    int64_t node = -1, seen = -1;
    while (seen < root) {
        node++;
        seen += tc_net_role(c->net, node) == TC_ROLE_COMPUTE;
    }
    if (tc_optimal_build(c->net, coll, node, &o->s) != TC_OK) {
        return tc__mpi_fail(MPI_ERR_ARG, "The optimal schedule: %s", tc_err_detail());
    }
    const tc_optimal_t *s = o->s;
    int64_t T = tc_optimal_trees(s), C = tc_optimal_compute_nodes(s);
    int tag_ub = 32767, flag = 0;
    int *ub = NULL;
    MPI_Comm_get_attr(c->comm, MPI_TAG_UB, &ub, &flag);
    tag_ub = flag && ub != NULL ? *ub : tag_ub;
    if (T > tag_ub) {
        return tc__mpi_fail(MPI_ERR_ARG, "The schedule has %lld trees; MPI's tags end at %d.",
                            (long long)T, tag_ub);
    }
    int64_t me = tc_optimal_compute(s, c->rank);
    /* the trees this rank is in, and its children in them */
    o->trees = calloc((size_t)(T), sizeof *o->trees);
    o->kids = calloc((size_t)(T * (C > 1 ? 4 : 1)), sizeof *o->kids);
    int64_t kids_cap = T * (C > 1 ? 4 : 1);
    if (o->trees == NULL || o->kids == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld trees.", (long long)T);
    }
    int64_t *rank_of = calloc((size_t)(tc_net_nodes(c->net)), sizeof *rank_of);
    if (rank_of == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    for (int64_t i = 0; i < C; i++) {
        rank_of[tc_optimal_compute(s, i)] = i;
    }
    for (int64_t t = 0; t < T; t++) {
        mytree_t *m = &o->trees[o->ntrees];
        m->tree = t;
        m->source = rank_of[tc_optimal_tree_root(s, t)];
        segment_range(s, t, c->M, &m->first, &m->count);
        int64_t p = tc_optimal_parent(s, t, me);
        m->parent = p < 0 ? -1 : (int)rank_of[p];
        m->kids_first = o->nkids;
        for (int64_t i = 0; i < C; i++) {
            int64_t v = tc_optimal_compute(s, i);
            if (v != me && tc_optimal_parent(s, t, v) == me) {
                if (o->nkids == kids_cap) {
                    kid_t *more = realloc(o->kids, (size_t)(kids_cap * 2) * sizeof *more);
                    if (more == NULL) {
                        free(rank_of);
                        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
                    }
                    o->kids = more;
                    kids_cap *= 2;
                }
                o->kids[o->nkids++] = (kid_t){.tree = o->ntrees, .rank = (int)i};
            }
        }
        m->kids_n = o->nkids - m->kids_first;
        if (m->count > 0 && (m->parent >= 0 || m->kids_n > 0)) {
            o->ntrees++;
        } else {
            o->nkids = m->kids_first;
        }
    }
    free(rank_of);
    int64_t nreq = (o->ntrees + o->nkids) * c->window;
    o->req = calloc((size_t)(nreq > 0 ? nreq : 1), sizeof *o->req);
    o->req_what = calloc((size_t)(nreq > 0 ? nreq : 1), sizeof *o->req_what);
    o->req_seg = calloc((size_t)(nreq > 0 ? nreq : 1), sizeof *o->req_seg);
    o->indices = calloc((size_t)(nreq > 0 ? nreq : 1), sizeof *o->indices);
    if (o->req == NULL || o->req_what == NULL || o->req_seg == NULL || o->indices == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld requests.", (long long)nreq);
    }
    return MPI_SUCCESS;
}

/* The bytes of segment k of source src in the image, and their count. */
static uint8_t *segment_at(tc_mpi_coll_t *c, int64_t src, int64_t k, int *bytes)
{
    /* The M segments of a block cut evenly (sizes differing by a byte at most), not as M - 1 of
     * opts.segment and a short rest: under SMPI a rest that completes before the segment ahead
     * of it held up the forwarding, Slim Fly q = 5's allgather of 1 MiB (blocks of 5,242 bytes
     * as 4,096 + 1,146) taking 27.2 ms, and 2.5 ms as 2,621 + 2,621 (performance.md). */
    int64_t off = k * c->B / c->M, n = (k + 1) * c->B / c->M - off;
    *bytes = (int)n;
    uint8_t *image = c->api == API_BCAST ? c->recv_image : c->recv_image + src * c->B;
    return image + off;
}

/* Post the next receive of tree i into request slot r. */
static int post_recv(tc_mpi_coll_t *c, int64_t i, int64_t r)
{
    struct tc__mpi_optimal *o = c->opt;
    mytree_t *m = &o->trees[i];
    int bytes = 0;
    int64_t k = m->first + m->posted++;
    uint8_t *at = segment_at(c, m->source, k, &bytes);
    o->req_what[r] = i;
    o->req_seg[r] = k;
    return MPI_Irecv(at, bytes, MPI_BYTE, m->parent, (int)m->tree, c->comm, &o->req[r]);
}

/* Send the next segment child kid may have into request slot r, when it has one. */
static int post_send(tc_mpi_coll_t *c, int64_t kid, int64_t r)
{
    struct tc__mpi_optimal *o = c->opt;
    kid_t *k = &o->kids[kid];
    mytree_t *m = &o->trees[k->tree];
    int64_t have = m->parent < 0 ? m->count : m->ready;
    if (k->sent >= have) {
        return MPI_SUCCESS;
    }
    int bytes = 0;
    int64_t seg = m->first + k->sent++;
    const uint8_t *at = segment_at(c, m->source, seg, &bytes);
    o->req_what[r] = kid;
    o->req_seg[r] = seg;
    c->messages_out++;
    return c->opts.eager
               ? MPI_Isend(at, bytes, MPI_BYTE, k->rank, (int)m->tree, c->comm, &o->req[r])
               : MPI_Issend(at, bytes, MPI_BYTE, k->rank, (int)m->tree, c->comm, &o->req[r]);
}

int tc__mpi_optimal_run(tc_mpi_coll_t *c)
{
    struct tc__mpi_optimal *o = c->opt;
    int64_t W = c->window, nrecv = o->ntrees * W, nreq = (o->ntrees + o->nkids) * W;
    int st = MPI_SUCCESS;
    memset(c->have, 0, (size_t)(c->keys > 0 ? c->keys : 1));
    if (c->api == API_ALLGATHER) { /* this rank's block is sent from its place */
        memcpy(c->recv_image + (int64_t)c->rank * c->B, c->send_image, (size_t)c->B);
    }
    for (int64_t r = 0; r < nreq; r++) {
        o->req[r] = MPI_REQUEST_NULL;
    }
    for (int64_t i = 0; i < o->ntrees; i++) {
        o->trees[i].got = o->trees[i].posted = o->trees[i].ready = 0;
        for (int64_t w = 0;
             w < W && o->trees[i].parent >= 0 && o->trees[i].posted < o->trees[i].count; w++) {
            st = st == MPI_SUCCESS ? post_recv(c, i, i * W + w) : st;
        }
    }
    for (int64_t k = 0; k < o->nkids; k++) {
        o->kids[k].sent = o->kids[k].done = 0;
        for (int64_t w = 0; w < W; w++) {
            st = st == MPI_SUCCESS ? post_send(c, k, nrecv + k * W + w) : st;
        }
    }
    c->received = 0;
    c->messages_in = 0;
    int active = 0;
    for (int64_t r = 0; r < nreq; r++) {
        active += o->req[r] != MPI_REQUEST_NULL;
    }
    while (st == MPI_SUCCESS && active > 0) {
        int n = 0;
        st = tc__mpi_waitsome((int)nreq, o->req, &n, o->indices, MPI_STATUSES_IGNORE);
        for (int j = 0; st == MPI_SUCCESS && j < n; j++) {
            int64_t r = o->indices[j];
            active--;
            if (r < nrecv) { /* a segment of tree i arrived: on to the children */
                int64_t i = o->req_what[r];
                mytree_t *m = &o->trees[i];
                m->got++;
                c->received++;
                c->messages_in++;
                int64_t base = c->api == API_BCAST ? 0 : m->source * c->M;
                c->have[base + o->req_seg[r]] = 1;
                while (m->ready < m->count && c->have[base + m->first + m->ready]) {
                    m->ready++;
                }
                if (m->posted < m->count) {
                    st = post_recv(c, i, r);
                    active += st == MPI_SUCCESS;
                }
                for (int64_t k = m->kids_first; st == MPI_SUCCESS && k < m->kids_first + m->kids_n;
                     k++) {
                    for (int64_t w = 0; w < W && st == MPI_SUCCESS; w++) {
                        int64_t slot = nrecv + k * W + w;
                        if (o->req[slot] == MPI_REQUEST_NULL) {
                            st = post_send(c, k, slot);
                            active += st == MPI_SUCCESS && o->req[slot] != MPI_REQUEST_NULL;
                        }
                    }
                }
            } else { /* a send done: the next one of that child, unless an arrival handled
                      * earlier in this batch has already reused the slot */
                int64_t k = o->req_what[r];
                o->kids[k].done++;
                if (o->req[r] == MPI_REQUEST_NULL) {
                    st = post_send(c, k, r);
                    active += st == MPI_SUCCESS && o->req[r] != MPI_REQUEST_NULL;
                }
            }
        }
    }
    if (st != MPI_SUCCESS) {
        return tc__mpi_fail(MPI_ERR_OTHER, "An MPI call failed in the optimal schedule's run.");
    }
    return MPI_SUCCESS;
}
