/* The MPI executor: a plan of plan.h run on MPI ranks, one node per rank (include/treecast/
 * mpi.h). A plan's send becomes a queued message on the link; at most `window` messages are in
 * flight per link; arrivals run the plan's receive at once, in the order they were sent on
 * their link. The round engine ran the same plan with the same faults at init and told this
 * rank how many messages will arrive on each of its links: the run is over when they have
 * arrived and its queues are empty. */
#include "mpi_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HDR ((int64_t)sizeof(tc_packet_t))

static _Thread_local char last_error[512]; /* tc_err_detail() fits, with a prefix */

const char *tc_mpi_error(void)
{
    return last_error;
}

int tc__mpi_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (fmt == NULL) {
        last_error[0] = '\0';
    } else {
        vsnprintf(last_error, sizeof last_error, fmt, ap);
    }
    va_end(ap);
    return code;
}

static inline tc_mpi_coll_t *of(tc_exec_t *ex)
{
    return (tc_mpi_coll_t *)ex;
}

static int64_t seg_bytes(const tc_mpi_coll_t *c, int64_t m)
{
    int64_t left = c->B - m * c->seg;
    return left < c->seg ? left : c->seg;
}

/* ---- where the bytes of a packet are ----------------------------------------------------------
 * At its source a segment is in the send image; a relayed one of a broadcast (every node keeps
 * what it relays) in the receive image; a relayed one of a personalized collective only in the
 * message it arrived in (the current chunk). */

static const uint8_t *segment_of(tc_mpi_coll_t *c, const tc_packet_t *p, int64_t *n,
                                 chunk_t **chunk)
{
    *chunk = NULL;
    if (p->msg < 0 || p->msg >= c->M) {
        *n = 0;
        return NULL;
    }
    *n = seg_bytes(c, p->msg);
    int64_t off = (int64_t)p->msg * c->seg;
    switch (c->api) {
    case API_BCAST:
        return c->send_image + off;
    case API_ALLGATHER:
        return p->src == c->rank ? c->send_image + off : c->recv_image + p->src * c->B + off;
    case API_SCATTER:
    case API_ALLTOALL:
        if (p->src == c->rank) {
            int64_t dst =
                c->api == API_SCATTER ? p->dst : tc_net_translate(c->net, c->rank, p->dst, false);
            return c->send_image + dst * c->B + off;
        }
        *chunk = c->current;
        return c->current != NULL ? c->current->data + HDR : NULL;
    }
    return NULL;
}

static uint8_t *sink_of(tc_mpi_coll_t *c, int64_t key)
{
    int64_t block = key / c->M, m = key % c->M;
    uint8_t *image = c->recv_image;
    return image + (c->api == API_BCAST || c->api == API_SCATTER ? 0 : block * c->B) + m * c->seg;
}

/* ---- the links ------------------------------------------------------------------------------ */

static void release(tc_mpi_coll_t *c, chunk_t *k)
{
    if (k != NULL && --k->refs == 0) { /* the current arrival holds a reference of its own */
        k->next = c->free_chunks;
        c->free_chunks = k;
    }
}

static chunk_t *new_chunk(tc_mpi_coll_t *c)
{
    chunk_t *k = c->free_chunks;
    if (k != NULL) {
        c->free_chunks = k->next;
    } else {
        k = malloc(sizeof *k + (size_t)(HDR + c->seg));
        if (k == NULL) {
            c->oom = true;
            return NULL;
        }
    }
    k->next = NULL;
    k->refs = 0;
    return k;
}

/* Start the queued messages of link `port` while its window has room. The tag is the port at
 * the receiving end, so that two links between one pair of ranks stay apart. */
static void pump(tc_mpi_coll_t *c, int port)
{
    link_q_t *l = &c->out[port];
    int base = c->ports * c->window + port * c->window;
    for (int s = 0; s < c->window && l->len > 0; s++) {
        int r = base + s;
        if (c->req[r] != MPI_REQUEST_NULL) {
            continue;
        }
        queued_t *q = &l->q[l->head];
        uint8_t *b = c->sbuf + (size_t)(r - c->ports * c->window) * (size_t)(HDR + c->seg);
        memcpy(b, &q->p, (size_t)HDR);
        if (q->n > 0) {
            memcpy(b + HDR, q->data, (size_t)q->n);
        }
        release(c, q->chunk);
        l->head++;
        l->len--;
        int64_t link = c->rank * (int64_t)c->ports + port;
        int dest = (int)c->topo.nbr[link];
        int tag = c->topo.rev != NULL ? c->topo.rev[link] : port;
        if (c->opts.eager) {
            MPI_Isend(b, (int)(HDR + q->n), MPI_BYTE, dest, tag, c->comm, &c->req[r]);
        } else {
            MPI_Issend(b, (int)(HDR + q->n), MPI_BYTE, dest, tag, c->comm, &c->req[r]);
        }
        l->inflight++;
        c->messages_out++;
    }
}

static void ex_send(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    tc_mpi_coll_t *c = of(ex);
    if (node != c->rank) {
        return; /* another rank's node: it runs that send itself */
    }
    int64_t u = c->topo.nbr[node * c->ports + port];
    if (u < 0 || (c->faults.node != NULL && c->faults.node[u])) {
        return; /* lost, as in the round engine: a faulty node receives nothing */
    }
    link_q_t *l = &c->out[port];
    if (l->head + l->len == l->cap) {
        if (l->head > 0) {
            memmove(l->q, l->q + l->head, (size_t)l->len * sizeof *l->q);
            l->head = 0;
        } else {
            int64_t cap = l->cap ? 2 * l->cap : 64;
            queued_t *q = realloc(l->q, (size_t)cap * sizeof *q);
            if (q == NULL) {
                c->oom = true;
                return;
            }
            l->q = q;
            l->cap = cap;
        }
    }
    queued_t *q = &l->q[l->head + l->len++];
    q->p = *p;
    q->data = segment_of(c, p, &q->n, &q->chunk);
    if (q->chunk != NULL) {
        q->chunk->refs++;
    }
    pump(c, port);
}

static void ex_send_at(tc_exec_t *ex, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    (void)round; /* asynchronous: a timed send leaves when its link is free */
    ex_send(ex, node, port, p);
}

static void ex_signal(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    ex_send(ex, node, port, p); /* a control message is a message */
}

static void ex_deliver(tc_exec_t *ex, int64_t node, int64_t key)
{
    tc_mpi_coll_t *c = of(ex);
    if (node != c->rank || key < 0 || key >= c->keys || c->have[key] || c->current == NULL) {
        return;
    }
    c->have[key] = 1;
    c->received++;
    memcpy(sink_of(c, key), c->current->data + HDR, (size_t)seg_bytes(c, key % c->M));
}

static int64_t ex_round(const tc_exec_t *ex)
{
    (void)ex;
    return 0;
}

static const tc_topo_t *ex_topo(const tc_exec_t *ex)
{
    return &((const tc_mpi_coll_t *)ex)->topo;
}

static const tc_exec_ops_t MPI_EXEC = {
    .send = ex_send,
    .send_at = ex_send_at,
    .signal = ex_signal,
    .deliver = ex_deliver,
    .round = ex_round,
    .topo = ex_topo,
};

/* Post the receives of `port` up to the prediction, with at most `window` of them posted and
 * not yet seen by the plan. */
static void post_recvs(tc_mpi_coll_t *c, int port)
{
    for (int s = 0; s < c->window && c->posted_in[port] < c->expect_in[port] &&
                    c->posted_in[port] - c->done_in[port] < c->window;
         s++) {
        int r = port * c->window + s;
        if (c->req[r] != MPI_REQUEST_NULL || c->rchunk[r] != NULL) {
            continue;
        }
        if ((c->rchunk[r] = new_chunk(c)) == NULL) {
            return;
        }
        int src = (int)c->topo.nbr[c->rank * (int64_t)c->ports + port];
        MPI_Irecv(c->rchunk[r]->data, (int)(HDR + c->seg), MPI_BYTE, src, port, c->comm,
                  &c->req[r]);
        c->rseq[r] = c->posted_in[port]++;
    }
}

/* ---- the run ------------------------------------------------------------------------------ */

int tc__mpi_exec_alloc(tc_mpi_coll_t *c)
{
    int ports = c->ports = c->topo.ports;
    int nreq = 2 * ports * c->window;
    c->out = calloc((size_t)ports, sizeof *c->out);
    c->posted_in = calloc((size_t)ports, sizeof *c->posted_in);
    c->done_in = calloc((size_t)ports, sizeof *c->done_in);
    c->stash = calloc((size_t)(ports * c->window), sizeof *c->stash);
    c->req = malloc((size_t)nreq * sizeof *c->req);
    c->rchunk = calloc((size_t)nreq, sizeof *c->rchunk);
    c->rseq = calloc((size_t)nreq, sizeof *c->rseq);
    c->sbuf = malloc((size_t)(ports * c->window) * (size_t)(HDR + c->seg));
    c->indices = malloc((size_t)nreq * sizeof *c->indices);
    c->statuses = malloc((size_t)nreq * sizeof *c->statuses);
    c->have = calloc((size_t)(c->keys > 0 ? c->keys : 1), 1);
    if (c->out == NULL || c->posted_in == NULL || c->done_in == NULL || c->stash == NULL ||
        c->req == NULL || c->rchunk == NULL || c->rseq == NULL || c->sbuf == NULL ||
        c->indices == NULL || c->statuses == NULL || c->have == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %d requests.", nreq);
    }
    for (int r = 0; r < nreq; r++) {
        c->req[r] = MPI_REQUEST_NULL;
    }
    c->exec.ops = &MPI_EXEC;
    return MPI_SUCCESS;
}

void tc__mpi_exec_free(tc_mpi_coll_t *c)
{
    c->current = NULL;
    for (int p = 0; c->out != NULL && p < c->ports; p++) {
        link_q_t *l = &c->out[p];
        for (int64_t i = l->head; i < l->head + l->len; i++) {
            release(c, l->q[i].chunk); /* left by a failed run */
        }
        free(l->q);
    }
    int nreq = 2 * c->ports * c->window;
    for (int r = 0; c->rchunk != NULL && r < nreq; r++) {
        free(c->rchunk[r]);
    }
    for (int r = 0; c->stash != NULL && r < c->ports * c->window; r++) {
        free(c->stash[r]);
    }
    while (c->free_chunks != NULL) {
        chunk_t *k = c->free_chunks;
        c->free_chunks = k->next;
        free(k);
    }
    free(c->out);
    free(c->posted_in);
    free(c->done_in);
    free(c->stash);
    free(c->req);
    free(c->rchunk);
    free(c->rseq);
    free(c->sbuf);
    free(c->indices);
    free(c->statuses);
    free(c->have);
}

/* One batch of completions: sends free their slots; a received message leaves its slot for the
 * stash of its link, and the plan sees each link's arrivals in the order they were sent (MPI
 * matches them to the receives in the order those were posted, but with several in flight a
 * later, shorter one can complete first). Then the receives are posted again. Returns the
 * arrivals the plan saw. */
static int64_t one_batch(tc_mpi_coll_t *c, int done)
{
    int nrecv = c->ports * c->window;
    int64_t seen = 0;
    for (int d = 0; d < done; d++) {
        int r = c->indices[d];
        if (r >= nrecv) {
            c->out[(r - nrecv) / c->window].inflight--;
            continue;
        }
        int port = r / c->window;
        c->stash[port * c->window + (int)(c->rseq[r] % c->window)] = c->rchunk[r];
        c->rchunk[r] = NULL;
    }
    for (int port = 0; port < c->ports; port++) {
        for (;;) {
            chunk_t **at = &c->stash[port * c->window + (int)(c->done_in[port] % c->window)];
            chunk_t *k = *at;
            if (k == NULL) {
                break;
            }
            *at = NULL;
            c->done_in[port]++;
            tc_packet_t p;
            memcpy(&p, k->data, (size_t)HDR);
            c->messages_in++;
            seen++;
            c->current = k;
            k->refs++;
            c->plan->receive(c->plan->ctx, &c->exec, c->rank, port, &p);
            c->current = NULL;
            release(c, k);
        }
    }
    for (int port = 0; port < c->ports; port++) {
        post_recvs(c, port);
        pump(c, port);
    }
    return seen;
}

int tc__mpi_exec_run(tc_mpi_coll_t *c)
{
    int ports = c->ports, nreq = 2 * ports * c->window;
    c->received = c->messages_in = c->messages_out = 0;
    memset(c->have, 0, (size_t)(c->keys > 0 ? c->keys : 1));
    memset(c->posted_in, 0, (size_t)ports * sizeof *c->posted_in);
    memset(c->done_in, 0, (size_t)ports * sizeof *c->done_in);
    int64_t expected_total = 0, arrived = 0;
    for (int p = 0; p < ports; p++) {
        expected_total += c->expect_in[p];
        post_recvs(c, p);
    }
    c->plan->start(c->plan->ctx, &c->exec);
    if (c->plan->tick != NULL) { /* every paced injection at once: the windows pace them */
        for (int64_t round = 1; c->plan->tick(c->plan->ctx, &c->exec, round); round++) {
        }
    }
    for (;;) {
        bool queued = false;
        for (int p = 0; p < ports; p++) {
            queued = queued || c->out[p].len > 0 || c->out[p].inflight > 0;
        }
        if (c->oom) {
            return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for the link queues.");
        }
        if (arrived == expected_total && !queued) {
            return MPI_SUCCESS;
        }
        int done = 0;
        tc__mpi_waitsome(nreq, c->req, &done, c->indices, c->statuses);
        if (done == MPI_UNDEFINED) {
            return tc__mpi_fail(MPI_ERR_OTHER,
                                "Rank %d waits for %lld more messages that nothing will send.",
                                c->rank, (long long)(expected_total - arrived));
        }
        arrived += one_batch(c, done);
    }
}
