/* The MPI executor: the plans of plan.h run on MPI ranks, one node per rank (include/treecast/
 * mpi.h). A plan's send becomes a queued message on the link; at most `window` messages are in
 * flight per link; arrivals run the plan's receive at once. The round engine runs the same plan
 * with the same faults first, on every rank, and tells each rank how many messages will arrive
 * on each of its links: the rank is done when they have arrived and its queues are empty. */
#include "treecast/mpi.h"
#include "treecast/plan.h"
#include "treecast/sim.h"
#include "treecast/trees.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char last_error[256];

const char *tc_mpi_error(void)
{
    return last_error;
}

static int failf(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return code;
}

#define HDR ((int)sizeof(tc_packet_t))

typedef struct {
    tc_packet_t p;
} queued_t;

typedef struct {
    queued_t *q;
    int64_t head, len, cap;
    int inflight;
} link_q_t;

/* One rank's executor. */
typedef struct {
    tc_exec_t exec;
    const tc_topo_t *topo;
    const tc_plan_t *plan;
    MPI_Comm comm;
    int64_t me;
    int ports, window;
    bool eager;
    const uint8_t *faulty; /* per node, or NULL */
    /* the data: the packed message, segment m at m * seg */
    uint8_t *image;
    int64_t bytes, seg, M;
    uint8_t *have; /* M flags */
    int64_t received, messages_in, messages_out;
    /* links */
    link_q_t *out;
    int64_t *expect_in; /* per port: messages that will arrive */
    int64_t *posted_in; /* per port: receives posted so far */
    /* requests: ports * window receives, then ports * window sends */
    MPI_Request *req;
    uint8_t *buf; /* a buffer of HDR + seg per request */
    int *indices;
    MPI_Status *statuses;
    tc_packet_t *arrived; /* the packets of one batch of completions, and their ports */
    int *arrived_port;
    bool oom;
} mpi_exec_t;

static inline mpi_exec_t *of(tc_exec_t *ex)
{
    return (mpi_exec_t *)ex;
}

static int64_t seg_bytes(const mpi_exec_t *e, int32_t m)
{
    int64_t left = e->bytes - (int64_t)m * e->seg;
    return left < e->seg ? left : e->seg;
}

static uint8_t *req_buf(mpi_exec_t *e, int r)
{
    return e->buf + (size_t)r * (size_t)(HDR + e->seg);
}

/* Start the next queued message of link `port` if the window allows. */
static void pump(mpi_exec_t *e, int port)
{
    link_q_t *l = &e->out[port];
    while (l->len > 0 && l->inflight < e->window) {
        /* a free send slot of this link */
        int base = e->ports * e->window + port * e->window, r = -1;
        for (int s = 0; s < e->window && r < 0; s++) {
            r = e->req[base + s] == MPI_REQUEST_NULL ? base + s : -1;
        }
        if (r < 0) {
            return;
        }
        tc_packet_t p = l->q[l->head].p;
        l->head++;
        l->len--;
        uint8_t *b = req_buf(e, r);
        memcpy(b, &p, HDR);
        int64_t n = p.msg >= 0 && p.msg < e->M ? seg_bytes(e, p.msg) : 0;
        memcpy(b + HDR, e->image + (int64_t)p.msg * e->seg, (size_t)n);
        int dest = (int)e->topo->nbr[e->me * e->ports + port];
        if (e->eager) {
            MPI_Isend(b, (int)(HDR + n), MPI_BYTE, dest, port, e->comm, &e->req[r]);
        } else {
            MPI_Issend(b, (int)(HDR + n), MPI_BYTE, dest, port, e->comm, &e->req[r]);
        }
        l->inflight++;
        e->messages_out++;
    }
}

static void ex_send(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    mpi_exec_t *e = of(ex);
    if (node != e->me) {
        return; /* another rank's node: it runs that send itself */
    }
    int64_t u = e->topo->nbr[node * e->ports + port];
    if (u < 0 || (e->faulty != NULL && e->faulty[u])) {
        return; /* lost, as in the round engine: a faulty node receives nothing */
    }
    link_q_t *l = &e->out[port];
    if (l->head + l->len == l->cap) {
        if (l->head > 0) {
            memmove(l->q, l->q + l->head, (size_t)l->len * sizeof *l->q);
            l->head = 0;
        } else {
            int64_t cap = l->cap ? 2 * l->cap : 64;
            queued_t *q = realloc(l->q, (size_t)cap * sizeof *q);
            if (q == NULL) {
                e->oom = true;
                return;
            }
            l->q = q;
            l->cap = cap;
        }
    }
    l->q[l->head + l->len++].p = *p;
    pump(e, port);
}

static void ex_send_at(tc_exec_t *ex, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    (void)round; /* asynchronous: a timed send leaves when its link is free */
    ex_send(ex, node, port, p);
}

static void ex_signal(tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    ex_send(ex, node, port, p); /* a control message is a message without data */
}

static void ex_deliver(tc_exec_t *ex, int64_t node, int64_t key)
{
    mpi_exec_t *e = of(ex);
    if (node == e->me && key >= 0 && key < e->M && !e->have[key]) {
        e->have[key] = 1;
        e->received++;
    }
}

static int64_t ex_round(const tc_exec_t *ex)
{
    (void)ex;
    return 0;
}

static const tc_topo_t *ex_topo(const tc_exec_t *ex)
{
    return ((const mpi_exec_t *)ex)->topo;
}

static const tc_exec_ops_t MPI_EXEC = {
    .send = ex_send,
    .send_at = ex_send_at,
    .signal = ex_signal,
    .deliver = ex_deliver,
    .round = ex_round,
    .topo = ex_topo,
};

/* Post the receives of `port` up to the window and the prediction. */
static void post_recvs(mpi_exec_t *e, int port)
{
    for (int s = 0; s < e->window && e->posted_in[port] < e->expect_in[port]; s++) {
        int r = port * e->window + s;
        if (e->req[r] != MPI_REQUEST_NULL) {
            continue;
        }
        int src = (int)e->topo->nbr[e->me * e->ports + port];
        MPI_Irecv(req_buf(e, r), (int)(HDR + e->seg), MPI_BYTE, src, MPI_ANY_TAG, e->comm,
                  &e->req[r]);
        e->posted_in[port]++;
    }
}

/* ---- the prediction: what arrives on each of this rank's links ------------------------------ */

typedef struct {
    const tc_topo_t *topo;
    const uint8_t *faulty;
    int64_t me;
    int64_t *expect_in;
} count_t;

static void count_arrival(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    count_t *c = ctx;
    (void)round;
    (void)p;
    int64_t link = node * c->topo->ports + port;
    int64_t u = c->topo->nbr[link];
    if (u == c->me && (c->faulty == NULL || !c->faulty[node])) {
        int back = c->topo->rev ? c->topo->rev[link] : port;
        c->expect_in[back]++;
    }
}

/* ---- the run ------------------------------------------------------------------------------ */

/* Run plan on this rank; the data image holds the segments this rank has (the root: all). */
static int run_plan(mpi_exec_t *e, const tc_faults_t *faults, int64_t *rounds)
{
    int ports = e->ports;
    /* the prediction */
    count_t cnt = {e->topo, e->faulty, e->me, e->expect_in};
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.observe = count_arrival;
    cfg.observe_ctx = &cnt;
    tc_sim_result_t res;
    tc_err_t err = tc_sim_run(e->topo, &cfg, faults, e->plan, &res, NULL);
    if (err != TC_OK) {
        return failf(MPI_ERR_NO_MEM, "The round engine could not predict the run (%s).",
                     tc_strerror(err));
    }
    *rounds = res.rounds;
    int nreq = 2 * ports * e->window;
    e->req = malloc((size_t)nreq * sizeof *e->req);
    e->buf = malloc((size_t)nreq * (size_t)(HDR + e->seg));
    e->indices = malloc((size_t)nreq * sizeof *e->indices);
    e->statuses = malloc((size_t)nreq * sizeof *e->statuses);
    e->arrived = malloc((size_t)nreq * sizeof *e->arrived);
    e->arrived_port = malloc((size_t)nreq * sizeof *e->arrived_port);
    if (e->req == NULL || e->buf == NULL || e->indices == NULL || e->statuses == NULL ||
        e->arrived == NULL || e->arrived_port == NULL) {
        return failf(MPI_ERR_NO_MEM, "Out of memory for %d requests.", nreq);
    }
    for (int r = 0; r < nreq; r++) {
        e->req[r] = MPI_REQUEST_NULL;
    }
    for (int p = 0; p < ports; p++) {
        post_recvs(e, p);
    }
    e->exec.ops = &MPI_EXEC;
    e->plan->start(e->plan->ctx, &e->exec);
    if (e->plan->tick != NULL) { /* every paced injection at once: the windows pace them */
        for (int64_t round = 1; e->plan->tick(e->plan->ctx, &e->exec, round); round++) {
        }
    }
    int64_t expected_total = 0, arrived = 0;
    for (int p = 0; p < ports; p++) {
        expected_total += e->expect_in[p];
    }
    for (;;) {
        bool queued = false;
        for (int p = 0; p < ports; p++) {
            queued = queued || e->out[p].len > 0 || e->out[p].inflight > 0;
        }
        if (e->oom) {
            return failf(MPI_ERR_NO_MEM, "Out of memory for the link queues.");
        }
        if (arrived == expected_total && !queued) {
            break;
        }
        int done = 0;
        MPI_Waitsome(nreq, e->req, &done, e->indices, e->statuses);
        if (done == MPI_UNDEFINED) {
            return failf(MPI_ERR_OTHER,
                         "Rank %lld waits for %lld more messages that nothing will send.",
                         (long long)e->me, (long long)(expected_total - arrived));
        }
        /* Completed sends free their slots, completed receives are copied out, and only then
         * are receives posted again and queues pumped: a slot that completed in this batch is
         * not reused before its data is read. */
        int got = 0;
        for (int d = 0; d < done; d++) {
            int r = e->indices[d];
            if (r >= ports * e->window) {
                e->out[(r - ports * e->window) / e->window].inflight--;
                continue;
            }
            uint8_t *b = req_buf(e, r);
            memcpy(&e->arrived[got], b, HDR);
            const tc_packet_t *p = &e->arrived[got];
            if (p->msg >= 0 && p->msg < e->M) {
                memcpy(e->image + (int64_t)p->msg * e->seg, b + HDR, (size_t)seg_bytes(e, p->msg));
            }
            e->arrived_port[got++] = r / e->window;
        }
        for (int p = 0; p < ports; p++) {
            post_recvs(e, p);
            pump(e, p);
        }
        for (int g = 0; g < got; g++) {
            arrived++;
            e->messages_in++;
            e->plan->receive(e->plan->ctx, &e->exec, e->me, e->arrived_port[g], &e->arrived[g]);
        }
    }
    return MPI_SUCCESS;
}

static void exec_free(mpi_exec_t *e)
{
    if (e->out != NULL) {
        for (int p = 0; p < e->ports; p++) {
            free(e->out[p].q);
        }
    }
    free(e->out);
    free(e->expect_in);
    free(e->posted_in);
    free(e->req);
    free(e->buf);
    free(e->indices);
    free(e->statuses);
    free(e->arrived);
    free(e->arrived_port);
    free(e->have);
}

/* ---- the network of a communicator --------------------------------------------------------- */

static int open_network(const tc_mpi_opts_t *o, int size, tc_net_t **net)
{
    char spec[64];
    const char *s = o->net;
    if (s == NULL) {
        spec[0] = '\0';
        for (int n = 2; n <= 12 && !spec[0]; n++) {
            if (tc_star_factorial(n) == size) {
                snprintf(spec, sizeof spec, "star:%d", n);
            }
        }
        for (int n = 1; n <= 30 && !spec[0]; n++) {
            if ((int64_t)1 << n == size) {
                snprintf(spec, sizeof spec, "cube:%d", n);
            }
        }
        if (!spec[0]) {
            return failf(MPI_ERR_ARG,
                         "%d ranks are neither n! nor 2^n: name the network (opts.net).", size);
        }
        s = spec;
    }
    if (tc_net_parse(s, net) != TC_OK) {
        return failf(MPI_ERR_ARG, "Network \"%.40s\": %s", s, tc_err_detail());
    }
    if (tc_net_nodes(*net) != size) {
        int64_t nodes = tc_net_nodes(*net);
        tc_net_free(*net);
        *net = NULL;
        return failf(MPI_ERR_ARG, "Network \"%.40s\" has %lld nodes; the communicator %d ranks.", s,
                     (long long)nodes, size);
    }
    return MPI_SUCCESS;
}

static const char *default_kind(const tc_net_t *net)
{
    const char *f = tc_net_family_name(net);
    return strcmp(f, "star") == 0 ? "edt" : strcmp(f, "cube") == 0 ? "nedst" : "edst";
}

int tc_mpi_bcast(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 const tc_mpi_opts_t *opts, tc_mpi_report_t *report)
{
    tc_mpi_opts_t o = opts != NULL ? *opts : (tc_mpi_opts_t){0};
    tc_mpi_report_t rep = {0};
    last_error[0] = '\0';
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    if (count < 0 || root < 0 || root >= size) {
        return failf(MPI_ERR_ARG, "count %d or root %d out of range (%d ranks).", count, root,
                     size);
    }
    int bytes = 0;
    MPI_Pack_size(count, datatype, comm, &bytes);
    int64_t seg = o.segment > 0 ? o.segment : 8192;
    int window = o.window > 0 ? o.window : 1;
    int x = o.x > 0 ? o.x : 1;
    tc_net_t *net = NULL;
    int st = open_network(&o, size, &net);
    if (st != MPI_SUCCESS) {
        return st;
    }
    tc_kind_t kind;
    const char *kind_text = o.kind != NULL ? o.kind : default_kind(net);
    tc_topo_t topo = {0};
    tc_forest_t *forest = NULL;
    tc_plan_trees_t trees = {0};
    tc_coll_t *coll = NULL;
    tc_faults_t faults = {0};
    mpi_exec_t e = {.comm = comm, .me = rank, .window = window, .eager = o.eager, .seg = seg};
    int64_t M = bytes == 0 ? 0 : ((int64_t)bytes + seg - 1) / seg;
    rep.segments = M;
    if (tc_kind_parse(kind_text, &kind) != TC_OK) {
        st = failf(MPI_ERR_ARG, "Kind \"%.40s\": %s", kind_text, tc_err_detail());
    } else if (tc_topo_init(&topo, net) != TC_OK || tc_faults_init(&faults, &topo) != TC_OK) {
        st = failf(MPI_ERR_NO_MEM, "Out of memory for the network's tables.");
    } else if (tc_trees_build(net, kind, root, 1, &forest) != TC_OK) {
        st = failf(MPI_ERR_ARG, "Trees \"%s\" at rank %d: %s", kind_text, root, tc_err_detail());
    } else if (tc_plan_trees_init(&trees, forest, &topo, TC_ORDER_PAPER) != TC_OK) {
        st = failf(MPI_ERR_ARG, "The trees: %s", tc_err_detail());
    }
    for (int f = 0; st == MPI_SUCCESS && f < o.nfaulty; f++) {
        if (o.faulty[f] < 0 || o.faulty[f] >= size || o.faulty[f] == root) {
            st = failf(MPI_ERR_ARG, "Faulty rank %d: not a rank other than the root.", o.faulty[f]);
        } else {
            tc_faults_add_node(&faults, o.faulty[f]);
        }
    }
    rep.faulty = st == MPI_SUCCESS && faults.node != NULL && faults.node[rank];
    if (st == MPI_SUCCESS && M > 0 && !rep.faulty) {
        tc_coll_opts_t co = {.what = x > 1 ? TC_COLL_FT_BCAST : TC_COLL_BCAST, .M = M, .x = x};
        if (x > tc_forest_trees(forest)) {
            st = failf(MPI_ERR_ARG, "x = %d copies over %d trees.", x, tc_forest_trees(forest));
        } else if (tc_coll_new(&trees, &topo, &co, &coll) != TC_OK) {
            st = failf(MPI_ERR_ARG, "The plan: %s", tc_err_detail());
        }
    }
    if (st == MPI_SUCCESS && M > 0 && !rep.faulty) {
        e.topo = &topo;
        e.plan = tc_coll_plan(coll);
        e.ports = topo.ports;
        e.faulty = faults.node;
        e.bytes = bytes;
        e.M = M;
        e.image = malloc((size_t)bytes);
        e.have = calloc((size_t)M, 1);
        e.out = calloc((size_t)e.ports, sizeof *e.out);
        e.expect_in = calloc((size_t)e.ports, sizeof *e.expect_in);
        e.posted_in = calloc((size_t)e.ports, sizeof *e.posted_in);
        if (e.image == NULL || e.have == NULL || e.out == NULL || e.expect_in == NULL ||
            e.posted_in == NULL) {
            st = failf(MPI_ERR_NO_MEM, "Out of memory for %d bytes of data.", bytes);
        }
    }
    if (st == MPI_SUCCESS && M > 0 && !rep.faulty) {
        if (rank == root) {
            int pos = 0;
            memset(e.image, 0, (size_t)bytes);
            MPI_Pack(buf, count, datatype, e.image, bytes, &pos, comm);
            memset(e.have, 1, (size_t)M);
            e.received = M;
        }
        st = run_plan(&e, &faults, &rep.predicted_rounds);
        if (st == MPI_SUCCESS && rank != root) {
            int pos = 0;
            MPI_Unpack(e.image, bytes, &pos, buf, count, datatype, comm);
        }
        if (st == MPI_SUCCESS && e.received < M) {
            st = failf(MPI_ERR_OTHER, "Rank %d got %lld of %lld segments (faults cut its paths).",
                       rank, (long long)e.received, (long long)M);
        }
    }
    rep.received = rank == root ? M : e.received;
    rep.messages_in = e.messages_in;
    rep.messages_out = e.messages_out;
    free(e.image);
    exec_free(&e);
    tc_coll_free(coll);
    tc_plan_trees_destroy(&trees);
    tc_forest_free(forest);
    tc_faults_destroy(&faults);
    tc_topo_destroy(&topo);
    tc_net_free(net);
    if (report != NULL) {
        *report = rep;
    }
    return st;
}
