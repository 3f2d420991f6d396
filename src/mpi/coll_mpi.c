/* libtreecast_mpi's collectives (include/treecast/mpi.h): the setup every rank makes alike (the
 * network, its trees, the plan, the faults and the round engine's prediction), the packing of
 * the caller's buffers into images of segments, and the unpacking after the executor's run
 * (exec_mpi.c). */
#include "mpi_internal.h"
#include "treecast/sim.h"
#include "treecast/trees.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
            return tc__mpi_fail(MPI_ERR_ARG,
                                "No star graph (n! nodes, 2 <= n <= 12) or hypercube (2^n nodes, "
                                "1 <= n <= 30) has %d nodes, one per rank: name the network "
                                "(opts.net).",
                                size);
        }
        s = spec;
    }
    if (tc_net_parse(s, net) != TC_OK) {
        return tc__mpi_fail(MPI_ERR_ARG, "Network \"%.40s\": %s", s, tc_err_detail());
    }
    if (tc_net_compute_nodes(*net) != size) { /* rank i is the i-th compute node */
        int64_t nodes = tc_net_compute_nodes(*net);
        return tc__mpi_fail(
            MPI_ERR_ARG, "Network \"%.40s\" has %lld %s; the communicator %d ranks.", s,
            (long long)nodes, tc_net_switches(*net) ? "compute nodes" : "nodes", size);
    }
    return MPI_SUCCESS;
}

static const char *default_kind(const tc_net_t *net)
{
    const char *f = tc_net_family_name(net);
    return strcmp(f, "star") == 0 ? "edt" : strcmp(f, "cube") == 0 ? "nedst" : "edst";
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
    if (c->topo->nbr[link] == c->me && (c->faulty == NULL || !c->faulty[node])) {
        c->expect_in[c->topo->rev ? c->topo->rev[link] : port]++;
    }
}

static int predict(tc_mpi_coll_t *c)
{
    c->expect_in = calloc((size_t)c->topo.ports, sizeof *c->expect_in);
    if (c->expect_in == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    count_t cnt = {&c->topo, c->faults.node, c->rank, c->expect_in};
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.observe = count_arrival;
    cfg.observe_ctx = &cnt;
    tc_sim_result_t res;
    tc_err_t err = tc_sim_run(&c->topo, &cfg, &c->faults, c->plan, &res, NULL);
    if (err != TC_OK) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "The round engine could not predict the run (%s).",
                            tc_strerror(err));
    }
    c->predicted_rounds = res.rounds;
    return MPI_SUCCESS;
}

/* ---- the setup --------------------------------------------------------------------------------
 */

/* The plan for this collective on these trees. */
static tc_collective_t plan_of(const tc_mpi_coll_t *c, int x)
{
    switch (c->api) {
    case API_BCAST:
        return x > 1 ? TC_COLL_FT_BCAST : TC_COLL_BCAST;
    case API_SCATTER:
        return TC_COLL_SCATTER;
    case API_ALLGATHER:
        return TC_COLL_MULTINODE;
    case API_ALLTOALL:
        return tc_net_rotation_order(c->net) == c->run.trees.ntrees ? TC_COLL_TOTAL_EXCHANGE
                                                                    : TC_COLL_ALLTOALL;
    }
    return TC_COLL_BCAST;
}

/* Kind "optimal": the schedule that reaches the optimal rate (optimal_mpi.c), for bcast and
 * allgather, without faults. */
static int setup_optimal(tc_mpi_coll_t *c, const tc_mpi_opts_t *o, int x, bool one_source)
{
    if (c->api != API_BCAST && c->api != API_ALLGATHER) {
        return tc__mpi_fail(MPI_ERR_ARG, "Kind \"optimal\" is for bcast and allgather.");
    }
    if (x > 1 || o->nfaulty > 0) {
        return tc__mpi_fail(MPI_ERR_ARG, "Kind \"optimal\" has no fault tolerance (x and faulty "
                                         "ranks are for the papers' trees).");
    }
    c->expected = one_source ? (c->rank == c->root ? 0 : c->M) : c->M * (c->size - 1);
    if (c->M == 0) {
        return MPI_SUCCESS;
    }
    int st = tc__mpi_optimal_setup(c);
    c->send_image = malloc((size_t)(c->send_blocks * c->B));
    c->recv_image = c->api == API_BCAST ? c->send_image : malloc((size_t)(c->recv_blocks * c->B));
    if (st == MPI_SUCCESS && (c->send_image == NULL || c->recv_image == NULL)) {
        st = tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld bytes of data.",
                          (long long)((c->send_blocks + c->recv_blocks) * c->B));
    }
    return st;
}

/* The network, trees, faults, plan, prediction and executor of c (B known); every rank makes
 * the same. */
static int setup(tc_mpi_coll_t *c, const tc_mpi_opts_t *o)
{
    int st = open_network(o, c->size, &c->net);
    if (st != MPI_SUCCESS) {
        return st;
    }
    const char *kind_text = o->kind != NULL ? o->kind : default_kind(c->net);
    int x = o->x > 0 ? o->x : 1;
    c->window = o->window > 0 ? o->window : 1;
    c->seg = o->segment > 0 ? o->segment : 8192;
    c->M = c->B == 0 ? 0 : (c->B + c->seg - 1) / c->seg;
    bool one_source = c->api == API_BCAST || c->api == API_SCATTER;
    c->keys = one_source ? c->M : c->size * c->M;
    int tree_root = one_source ? c->root : 0;
    if (strcmp(kind_text, "optimal") == 0) {
        return setup_optimal(c, o, x, one_source);
    }
    if (tc_net_switches(c->net)) {
        return tc__mpi_fail(MPI_ERR_ARG,
                            "Network \"%.40s\" has switches: only kind \"optimal\" "
                            "runs on it (its trees route through them).",
                            o->net);
    }
    tc_kind_t kind;
    if (tc_kind_parse(kind_text, &kind) != TC_OK) {
        return tc__mpi_fail(MPI_ERR_ARG, "Kind \"%.40s\": %s", kind_text, tc_err_detail());
    }
    if (tc_topo_init(&c->topo, c->net) != TC_OK || tc_faults_init(&c->faults, &c->topo) != TC_OK) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for the network's tables.");
    }
    tc_assembly_opts_t ao = {
        .net = c->net, .topo = &c->topo, .kind = kind, .root = tree_root, .threads = 1};
    if (tc_assembly_init(&ao, &c->run) != TC_OK) {
        return c->run.failed == TC_ASSEMBLY_FOREST
                   ? tc__mpi_fail(MPI_ERR_ARG, "Trees \"%s\" at rank %d: %s", kind_text, tree_root,
                                  tc_err_detail())
                   : tc__mpi_fail(MPI_ERR_ARG, "The trees: %s", tc_err_detail());
    }
    for (int f = 0; f < o->nfaulty; f++) {
        if (o->faulty[f] < 0 || o->faulty[f] >= c->size ||
            (one_source && o->faulty[f] == c->root)) {
            return tc__mpi_fail(MPI_ERR_ARG, "Faulty rank %d: not a rank%s.", o->faulty[f],
                                one_source ? " other than the root" : "");
        }
        tc_faults_add_node(&c->faults, o->faulty[f]);
    }
    c->faulty_me = c->faults.node != NULL && c->faults.node[c->rank];
    int live_others = 0;
    for (int v = 0; v < c->size; v++) {
        live_others += v != c->rank && (c->faults.node == NULL || !c->faults.node[v]);
    }
    c->expected = one_source ? (c->rank == c->root ? 0 : c->M) : c->M * live_others;
    if (x > c->run.trees.ntrees) {
        return tc__mpi_fail(MPI_ERR_ARG, "x = %d copies over %d trees.", x, c->run.trees.ntrees);
    }
    if (c->M == 0 || c->faulty_me) {
        return MPI_SUCCESS; /* nothing to move, or no part in it */
    }
    tc_coll_opts_t co = {.what = plan_of(c, x), .M = c->M, .x = x, .acks = TC_ACKS_NONE};
    if (tc_assembly_coll(&c->run, &co) != TC_OK) {
        return tc__mpi_fail(MPI_ERR_ARG, "The plan: %s", tc_err_detail());
    }
    c->plan = tc_coll_plan(c->run.coll);
    st = predict(c);
    if (st == MPI_SUCCESS) {
        st = tc__mpi_exec_alloc(c);
    }
    c->send_image = malloc((size_t)(c->send_blocks * c->B));
    c->recv_image = c->api == API_BCAST ? c->send_image : malloc((size_t)(c->recv_blocks * c->B));
    if (st == MPI_SUCCESS && (c->send_image == NULL || c->recv_image == NULL)) {
        st = tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld bytes of data.",
                          (long long)((c->send_blocks + c->recv_blocks) * c->B));
    }
    return st;
}

void tc_mpi_coll_free(tc_mpi_coll_t *c)
{
    if (c == NULL) {
        return;
    }
    tc__mpi_exec_free(c);
    tc__mpi_optimal_free(c);
    if (c->recv_image != c->send_image) {
        free(c->recv_image);
    }
    free(c->send_image);
    free(c->expect_in);
    tc_assembly_destroy(&c->run);
    tc_faults_destroy(&c->faults);
    tc_topo_destroy(&c->topo);
    tc_net_free(c->net);
    if (c->comm != MPI_COMM_NULL) {
        MPI_Comm_free(&c->comm);
    }
    free(c);
}

/* The arguments of an init call, as MPI names them. */
typedef struct {
    const void *sendbuf;
    int sendcount;
    MPI_Datatype sendtype;
    void *recvbuf;
    int recvcount;
    MPI_Datatype recvtype;
    int root; /* -1 for allgather and alltoall */
} args_t;

/* Allocate c for api with the caller's arguments, on a duplicate of comm. */
static int begin(api_t api, MPI_Comm comm, const tc_mpi_opts_t *opts, const args_t *a,
                 tc_mpi_coll_t **out)
{
    tc__mpi_fail(MPI_SUCCESS, NULL);
    *out = NULL;
    tc_mpi_coll_t *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    c->api = api;
    /* the names and the fault list are read at init only: no pointers of the caller kept */
    c->opts = (tc_mpi_opts_t){
        .segment = opts->segment, .x = opts->x, .window = opts->window, .eager = opts->eager};
    c->sendbuf = a->sendbuf;
    c->sendcount = a->sendcount;
    c->sendtype = a->sendtype;
    c->recvbuf = a->recvbuf;
    c->recvcount = a->recvcount;
    c->recvtype = a->recvtype;
    c->root = a->root;
    c->in_place = api == API_SCATTER ? a->recvbuf == MPI_IN_PLACE : a->sendbuf == MPI_IN_PLACE;
    c->comm = MPI_COMM_NULL;
    MPI_Comm_size(comm, &c->size);
    MPI_Comm_rank(comm, &c->rank);
    if (MPI_Comm_dup(comm, &c->comm) != MPI_SUCCESS) {
        free(c);
        return tc__mpi_fail(MPI_ERR_OTHER, "MPI_Comm_dup failed.");
    }
    *out = c;
    return MPI_SUCCESS;
}

/* Finish an init: set up (unless st already failed), agree with the other ranks on success and
 * on the block size, and hand out c or free it. */
static int finish(tc_mpi_coll_t *c, const tc_mpi_opts_t *opts, int st, tc_mpi_coll_t **out)
{
    if (st == MPI_SUCCESS) {
        st = setup(c, opts);
    }
    int mine[3] = {st != MPI_SUCCESS, (int)c->B, -(int)c->B}, all[3];
    MPI_Allreduce(mine, all, 3, MPI_INT, MPI_MAX, c->comm);
    if (st == MPI_SUCCESS && all[0]) {
        st = tc__mpi_fail(MPI_ERR_OTHER, "Another rank failed the setup.");
    } else if (st == MPI_SUCCESS && all[1] != -all[2]) {
        st = tc__mpi_fail(MPI_ERR_ARG, "The ranks' blocks pack to %d to %d bytes: they must agree.",
                          -all[2], all[1]);
    }
    if (st != MPI_SUCCESS) {
        tc_mpi_coll_free(c);
        return st;
    }
    *out = c;
    return MPI_SUCCESS;
}

static const tc_mpi_opts_t NO_OPTS;

static int pack_size(int count, MPI_Datatype type, MPI_Comm comm, int64_t *bytes)
{
    int n = 0;
    if (count < 0) {
        return tc__mpi_fail(MPI_ERR_ARG, "A count of %d.", count);
    }
    if (MPI_Pack_size(count, type, comm, &n) != MPI_SUCCESS) {
        return tc__mpi_fail(MPI_ERR_ARG, "MPI_Pack_size failed on the datatype.");
    }
    *bytes = n;
    return MPI_SUCCESS;
}

int tc_mpi_bcast_init(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                      const tc_mpi_opts_t *opts, tc_mpi_coll_t **out)
{
    opts = opts != NULL ? opts : &NO_OPTS;
    tc_mpi_coll_t *c;
    args_t a = {.recvbuf = buf, .recvcount = count, .recvtype = datatype, .root = root};
    int st = begin(API_BCAST, comm, opts, &a, &c);
    if (st != MPI_SUCCESS) {
        return st;
    }
    c->send_blocks = c->recv_blocks = 1;
    if (root < 0 || root >= c->size) {
        st = tc__mpi_fail(MPI_ERR_ARG, "Root %d out of range (%d ranks).", root, c->size);
    } else {
        st = pack_size(count, datatype, comm, &c->B);
    }
    return finish(c, opts, st, out);
}

int tc_mpi_scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                        const tc_mpi_opts_t *opts, tc_mpi_coll_t **out)
{
    opts = opts != NULL ? opts : &NO_OPTS;
    tc_mpi_coll_t *c;
    args_t a = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root};
    int st = begin(API_SCATTER, comm, opts, &a, &c);
    if (st != MPI_SUCCESS) {
        return st;
    }
    c->recv_blocks = 1;
    int64_t rb = -1;
    if (root < 0 || root >= c->size) {
        st = tc__mpi_fail(MPI_ERR_ARG, "Root %d out of range (%d ranks).", root, c->size);
    } else if (c->rank == root) {
        c->send_blocks = c->size;
        st = pack_size(sendcount, sendtype, comm, &c->B);
        if (st == MPI_SUCCESS && !c->in_place) {
            st = pack_size(recvcount, recvtype, comm, &rb);
        }
    } else {
        st = pack_size(recvcount, recvtype, comm, &c->B);
    }
    if (st == MPI_SUCCESS && rb >= 0 && rb != c->B) {
        st = tc__mpi_fail(MPI_ERR_ARG, "The root sends blocks of %lld bytes, receives %lld.",
                          (long long)c->B, (long long)rb);
    }
    return finish(c, opts, st, out);
}

/* Allgather and alltoall: B from the send side (or the receive side in place), the receive
 * side checked against it. */
static int all_init(api_t api, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                    const tc_mpi_opts_t *opts, tc_mpi_coll_t **out)
{
    opts = opts != NULL ? opts : &NO_OPTS;
    tc_mpi_coll_t *c;
    args_t a = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, -1};
    int st = begin(api, comm, opts, &a, &c);
    if (st != MPI_SUCCESS) {
        return st;
    }
    c->send_blocks = api == API_ALLGATHER ? 1 : c->size;
    c->recv_blocks = c->size;
    int64_t rb = 0;
    st = pack_size(recvcount, recvtype, comm, &rb);
    c->B = rb;
    if (st == MPI_SUCCESS && !c->in_place) {
        st = pack_size(sendcount, sendtype, comm, &c->B);
    }
    if (st == MPI_SUCCESS && rb != c->B) {
        st = tc__mpi_fail(MPI_ERR_ARG, "Blocks of %lld bytes sent, %lld received.", (long long)c->B,
                          (long long)rb);
    }
    return finish(c, opts, st, out);
}

int tc_mpi_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const tc_mpi_opts_t *opts, tc_mpi_coll_t **out)
{
    return all_init(API_ALLGATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                    opts, out);
}

int tc_mpi_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const tc_mpi_opts_t *opts, tc_mpi_coll_t **out)
{
    return all_init(API_ALLTOALL, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                    opts, out);
}

/* ---- a run ---------------------------------------------------------------------------------- */

/* Block i of a buffer of count elements of type per block. */
static char *block(const void *buf, int count, MPI_Datatype type, int64_t i)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return (char *)buf + i * (int64_t)count * (int64_t)extent;
}

static void pack(tc_mpi_coll_t *c, const void *buf, int count, MPI_Datatype type, int64_t i,
                 uint8_t *image)
{
    int pos = 0;
    MPI_Pack(block(buf, count, type, i), count, type, image, (int)c->B, &pos, c->comm);
}

static void unpack(tc_mpi_coll_t *c, const uint8_t *image, void *buf, int count, MPI_Datatype type,
                   int64_t i)
{
    int pos = 0;
    MPI_Unpack(image, (int)c->B, &pos, block(buf, count, type, i), count, type, c->comm);
}

/* The caller's data into the send image. */
static void pack_send(tc_mpi_coll_t *c)
{
    int64_t me = c->rank;
    switch (c->api) {
    case API_BCAST:
        if (me == c->root) {
            pack(c, c->recvbuf, c->recvcount, c->recvtype, 0, c->send_image);
        }
        break;
    case API_SCATTER:
        for (int64_t i = 0; me == c->root && i < c->size; i++) {
            pack(c, c->sendbuf, c->sendcount, c->sendtype, i, c->send_image + i * c->B);
        }
        break;
    case API_ALLGATHER:
        if (c->in_place) {
            pack(c, c->recvbuf, c->recvcount, c->recvtype, me, c->send_image);
        } else {
            pack(c, c->sendbuf, c->sendcount, c->sendtype, 0, c->send_image);
        }
        break;
    case API_ALLTOALL:
        for (int64_t i = 0; i < c->size; i++) {
            if (c->in_place) {
                pack(c, c->recvbuf, c->recvcount, c->recvtype, i, c->send_image + i * c->B);
            } else {
                pack(c, c->sendbuf, c->sendcount, c->sendtype, i, c->send_image + i * c->B);
            }
        }
        break;
    }
}

static bool block_complete(const tc_mpi_coll_t *c, int64_t src)
{
    for (int64_t m = 0; m < c->M; m++) {
        if (!c->have[src * c->M + m]) {
            return false;
        }
    }
    return true;
}

/* The images into the caller's receive buffer: every complete block (a faulty source's block is
 * left as it was), and this rank's own. */
static void unpack_recv(tc_mpi_coll_t *c)
{
    int64_t me = c->rank;
    switch (c->api) {
    case API_BCAST:
        if (me != c->root) {
            unpack(c, c->recv_image, c->recvbuf, c->recvcount, c->recvtype, 0);
        }
        break;
    case API_SCATTER:
        if (me != c->root) {
            unpack(c, c->recv_image, c->recvbuf, c->recvcount, c->recvtype, 0);
        } else if (!c->in_place) {
            unpack(c, c->send_image + me * c->B, c->recvbuf, c->recvcount, c->recvtype, 0);
        }
        break;
    case API_ALLGATHER:
    case API_ALLTOALL:
        for (int64_t i = 0; i < c->size; i++) {
            if (i != me && block_complete(c, i)) {
                unpack(c, c->recv_image + i * c->B, c->recvbuf, c->recvcount, c->recvtype, i);
            }
        }
        if (c->api == API_ALLTOALL) {
            unpack(c, c->send_image + me * c->B, c->recvbuf, c->recvcount, c->recvtype, me);
        } else if (!c->in_place) {
            unpack(c, c->send_image, c->recvbuf, c->recvcount, c->recvtype, me);
        }
        break;
    }
}

int tc_mpi_run(tc_mpi_coll_t *c, tc_mpi_report_t *report)
{
    tc__mpi_fail(MPI_SUCCESS, NULL);
    tc_mpi_report_t rep = {.segments = c->M, .faulty = c->faulty_me, .expected = c->expected};
    int st = MPI_SUCCESS;
    if (!c->faulty_me && c->M > 0) {
        pack_send(c);
        st = c->opt != NULL ? tc__mpi_optimal_run(c) : tc__mpi_exec_run(c);
        if (st == MPI_SUCCESS && c->received < c->expected) {
            st = tc__mpi_fail(MPI_ERR_OTHER,
                              "Rank %d got %lld of the %lld segments it expects (faults cut its "
                              "paths).",
                              c->rank, (long long)c->received, (long long)c->expected);
        }
        if (st == MPI_SUCCESS || st == MPI_ERR_OTHER) {
            unpack_recv(c);
        }
        rep.received = c->received;
        rep.messages_in = c->messages_in;
        rep.messages_out = c->messages_out;
        rep.predicted_rounds = c->predicted_rounds;
    }
    if (report != NULL) {
        *report = rep;
    }
    return st;
}

/* ---- the one-call forms ------------------------------------------------------------------- */

static int run_once(int st, tc_mpi_coll_t *c, tc_mpi_report_t *report)
{
    if (st == MPI_SUCCESS) {
        st = tc_mpi_run(c, report);
        tc_mpi_coll_free(c);
    }
    return st;
}

int tc_mpi_bcast(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 const tc_mpi_opts_t *opts, tc_mpi_report_t *report)
{
    tc_mpi_coll_t *c = NULL;
    int st = tc_mpi_bcast_init(buf, count, datatype, root, comm, opts, &c);
    return run_once(st, c, report);
}

int tc_mpi_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   const tc_mpi_opts_t *opts, tc_mpi_report_t *report)
{
    tc_mpi_coll_t *c = NULL;
    int st = tc_mpi_scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                 comm, opts, &c);
    return run_once(st, c, report);
}

int tc_mpi_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm, const tc_mpi_opts_t *opts,
                     tc_mpi_report_t *report)
{
    tc_mpi_coll_t *c = NULL;
    int st = tc_mpi_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                   opts, &c);
    return run_once(st, c, report);
}

int tc_mpi_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, const tc_mpi_opts_t *opts,
                    tc_mpi_report_t *report)
{
    tc_mpi_coll_t *c = NULL;
    int st = tc_mpi_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                  opts, &c);
    return run_once(st, c, report);
}
