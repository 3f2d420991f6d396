/* libtreecast_mpi's scatter, allgather and alltoall on real MPI ranks, verified at every rank:
 * block sizes 0 to 3,000 bytes in segments of 64 to 4096 bytes, a sample of roots, MPI_IN_PLACE,
 * a derived receive type, windows, the family's other kinds, a persistent collective run three
 * times with new data, and x copies with x - 1 faulty ranks drawn with a seed (printed) or placed
 * adversarially (node 0's first neighbours: the trees' roots' children). A faulty rank's blocks
 * reach no one and its buffers are left alone. usage: mpirun -np N test_mpi_coll NET. */
#include "treecast/mpi.h"
#include "treecast/net.h"
#include "treecast/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No mutable globals: under SMPI with -no-privatize every rank shares them. */
typedef struct {
    int rank, size, failures;
    const char *net;
    const int *faulty;
    int nfaulty;
} ctx_t;

enum { SENTINEL = 0xEE };

/* Byte i of the block from src to dst (dst -1: the same for every destination), in run `salt`. */
static unsigned char value(int src, int dst, int64_t i, int salt)
{
    return (unsigned char)((i * 31 + src * 7 + (dst + 1) * 57 + salt * 13) % 251);
}

static bool is_faulty(const ctx_t *c, int v)
{
    for (int f = 0; f < c->nfaulty; f++) {
        if (c->faulty[f] == v) {
            return true;
        }
    }
    return false;
}

static void check(ctx_t *c, bool ok, const char *label, const char *what, int err)
{
    if (!ok) {
        c->failures++;
        fprintf(stderr, "rank %d: %s: %s (error %d: %s)\n", c->rank, label, what, err,
                tc_mpi_error());
    }
}

/* Count the bytes of block `blk` of buf that differ from value(src, dst, ., salt) or, when
 * untouched is set, from SENTINEL. */
static int wrong(const unsigned char *buf, int bytes, int blk, int src, int dst, int salt,
                 bool untouched)
{
    int bad = 0;
    for (int i = 0; i < bytes; i++) {
        unsigned char want = untouched ? SENTINEL : value(src, dst, i, salt);
        bad += buf[(size_t)blk * (size_t)bytes + (size_t)i] != want;
    }
    return bad;
}

static void scatter_case(ctx_t *c, int root, int bytes, const tc_mpi_opts_t *o, bool in_place,
                         const char *label)
{
    int n = c->size;
    unsigned char *send = malloc((size_t)n * (size_t)bytes + 1);
    unsigned char *recv = malloc((size_t)n * (size_t)bytes + 1);
    for (int d = 0; d < n; d++) {
        for (int i = 0; i < bytes; i++) {
            send[(size_t)d * (size_t)bytes + (size_t)i] =
                c->rank == root ? value(root, d, i, 1) : 0;
        }
    }
    memset(recv, SENTINEL, (size_t)n * (size_t)bytes + 1);
    bool here = in_place && c->rank == root;
    tc_mpi_report_t rep;
    int err = tc_mpi_scatter(send, bytes, MPI_BYTE, here ? MPI_IN_PLACE : recv, bytes, MPI_BYTE,
                             root, MPI_COMM_WORLD, o, &rep);
    check(c, err == MPI_SUCCESS, label, "scatter failed", err);
    if (err == MPI_SUCCESS && !rep.faulty) {
        int bad = here ? wrong(send, bytes, root, root, root, 1, false)
                       : wrong(recv, bytes, 0, root, c->rank, 1, false);
        check(c, bad == 0, label, "scatter: wrong bytes", bad);
    }
    free(send);
    free(recv);
}

/* Allgather of `bytes` per rank, received as one contiguous derived element per block when
 * derived is set. */
static void allgather_case(ctx_t *c, int bytes, const tc_mpi_opts_t *o, bool in_place, bool derived,
                           const char *label)
{
    int n = c->size;
    unsigned char *send = malloc((size_t)bytes + 1);
    unsigned char *recv = malloc((size_t)n * (size_t)bytes + 1);
    memset(recv, SENTINEL, (size_t)n * (size_t)bytes + 1);
    for (int i = 0; i < bytes; i++) {
        send[i] = value(c->rank, -1, i, 2);
        if (in_place) {
            recv[(size_t)c->rank * (size_t)bytes + (size_t)i] = send[i];
        }
    }
    MPI_Datatype block = MPI_BYTE;
    int rcount = bytes;
    if (derived && bytes > 0) {
        MPI_Type_contiguous(bytes, MPI_BYTE, &block);
        MPI_Type_commit(&block);
        rcount = 1;
    }
    tc_mpi_report_t rep;
    int err = tc_mpi_allgather(in_place ? MPI_IN_PLACE : send, bytes, MPI_BYTE, recv, rcount, block,
                               MPI_COMM_WORLD, o, &rep);
    check(c, err == MPI_SUCCESS, label, "allgather failed", err);
    if (err == MPI_SUCCESS && !rep.faulty) {
        int bad = 0;
        for (int s = 0; s < n; s++) {
            bad += wrong(recv, bytes, s, s, -1, 2, is_faulty(c, s));
        }
        check(c, bad == 0, label, "allgather: wrong bytes", bad);
    }
    if (block != MPI_BYTE) {
        MPI_Type_free(&block);
    }
    free(send);
    free(recv);
}

static void alltoall_case(ctx_t *c, int bytes, const tc_mpi_opts_t *o, bool in_place,
                          const char *label)
{
    int n = c->size;
    unsigned char *send = malloc((size_t)n * (size_t)bytes + 1);
    unsigned char *recv = malloc((size_t)n * (size_t)bytes + 1);
    memset(recv, SENTINEL, (size_t)n * (size_t)bytes + 1);
    for (int d = 0; d < n; d++) {
        for (int i = 0; i < bytes; i++) {
            unsigned char v = value(c->rank, d, i, 3);
            send[(size_t)d * (size_t)bytes + (size_t)i] = v;
            if (in_place) {
                recv[(size_t)d * (size_t)bytes + (size_t)i] = v;
            }
        }
    }
    tc_mpi_report_t rep;
    int err = tc_mpi_alltoall(in_place ? MPI_IN_PLACE : send, bytes, MPI_BYTE, recv, bytes,
                              MPI_BYTE, MPI_COMM_WORLD, o, &rep);
    check(c, err == MPI_SUCCESS, label, "alltoall failed", err);
    if (err == MPI_SUCCESS && !rep.faulty) {
        int bad = 0;
        for (int s = 0; s < n; s++) {
            bool gone = is_faulty(c, s) && s != c->rank;
            /* in place, a faulty source's block keeps what this rank had for it */
            bad += gone && in_place ? wrong(recv, bytes, s, c->rank, s, 3, false)
                                    : wrong(recv, bytes, s, s, c->rank, 3, gone);
        }
        check(c, bad == 0, label, "alltoall: wrong bytes", bad);
    }
    free(send);
    free(recv);
}

/* One persistent allgather, run three times with new data each time. */
static void persistent_case(ctx_t *c, int bytes)
{
    int n = c->size;
    unsigned char *send = malloc((size_t)bytes), *recv = malloc((size_t)n * (size_t)bytes);
    tc_mpi_opts_t o = {.net = c->net, .segment = 128};
    tc_mpi_coll_t *coll = NULL;
    int err = tc_mpi_allgather_init(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, MPI_COMM_WORLD,
                                    &o, &coll);
    check(c, err == MPI_SUCCESS, "persistent", "init failed", err);
    for (int run = 0; err == MPI_SUCCESS && run < 3; run++) {
        for (int i = 0; i < bytes; i++) {
            send[i] = value(c->rank, -1, i, 10 + run);
        }
        memset(recv, 0, (size_t)n * (size_t)bytes);
        err = tc_mpi_run(coll, NULL);
        int bad = 0;
        for (int s = 0; s < n; s++) {
            bad += wrong(recv, bytes, s, s, -1, 10 + run, false);
        }
        check(c, err == MPI_SUCCESS && bad == 0, "persistent", "a run went wrong", err);
    }
    tc_mpi_coll_free(coll);
    free(send);
    free(recv);
}

static void every_case(ctx_t *c, const char *kind, int x)
{
    char label[160];
    static const int sizes[] = {0, 1, 700, 3000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        tc_mpi_opts_t o = {.net = c->net,
                           .kind = kind,
                           .segment = s == 3 ? 4096 : 64,
                           .x = x,
                           .faulty = c->faulty,
                           .nfaulty = c->nfaulty};
        int root = c->nfaulty > 0 ? 0 : (int)(s * 5) % c->size;
        snprintf(label, sizeof label, "%s x=%d, %d faulty, %d bytes", kind ? kind : "default", x,
                 c->nfaulty, sizes[s]);
        scatter_case(c, root, sizes[s], &o, s == 2, label);
        allgather_case(c, sizes[s], &o, s == 1, s == 2, label);
        alltoall_case(c, sizes[s], &o, s == 2, label);
    }
    tc_mpi_opts_t w = {.net = c->net,
                       .kind = kind,
                       .segment = 100,
                       .window = 3,
                       .x = x,
                       .faulty = c->faulty,
                       .nfaulty = c->nfaulty};
    snprintf(label, sizeof label, "%s x=%d, window 3", kind ? kind : "default", x);
    scatter_case(c, 0, 2000, &w, false, label);
    allgather_case(c, 2000, &w, false, false, label);
    alltoall_case(c, 2000, &w, false, label);
}

/* x - 1 distinct faulty ranks other than 0, drawn with seed. */
static int draw_faults(int size, int k, uint64_t seed, int *out)
{
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, 0);
    int nf = 0;
    while (nf < k) {
        int v = 1 + (int)tc_rng_below(&rng, (uint64_t)size - 1);
        bool dup = false;
        for (int f = 0; f < nf; f++) {
            dup = dup || out[f] == v;
        }
        if (!dup) {
            out[nf++] = v;
        }
    }
    return nf;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ctx_t ctx = {0}, *c = &ctx;
    MPI_Comm_rank(MPI_COMM_WORLD, &ctx.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ctx.size);
    ctx.net = argc > 1 ? argv[1] : NULL;
    tc_net_t *net = NULL;
    if (ctx.net == NULL || tc_net_parse(ctx.net, &net) != TC_OK || tc_net_nodes(net) != ctx.size) {
        if (ctx.rank == 0) {
            fprintf(stderr, "usage: mpirun -np N test_mpi_coll NET (N = the nodes of NET)\n");
        }
        MPI_Finalize();
        return 2;
    }
    bool star = strcmp(tc_net_family_name(net), "star") == 0;
    every_case(c, NULL, 1);
    every_case(c, star ? "bfs" : "binomial", 1);
    persistent_case(c, 1500);
    /* fault tolerance over the independent trees: every tree (x = trees), x - 1 faulty */
    const char *ft_kind = star ? "edt" : "ist";
    int trees = tc_net_degree(net); /* n-1 EDTs on S_n, n ISTs on Q_n */
    int faulty[64];
    ctx.faulty = faulty;
    uint64_t seed = 2026;
    ctx.nfaulty = draw_faults(ctx.size, trees - 1, seed, faulty);
    if (ctx.rank == 0) {
        printf("random faulty ranks (seed %llu):", (unsigned long long)seed);
        for (int f = 0; f < ctx.nfaulty; f++) {
            printf(" %d", faulty[f]);
        }
        printf("\n");
    }
    every_case(c, ft_kind, trees);
    tc_topo_t topo;
    tc_topo_init(&topo, net);
    for (int f = 0; f < trees - 1; f++) {
        faulty[f] = (int)topo.nbr[f]; /* node 0's neighbours along its first ports */
    }
    faulty[0] = (int)topo.nbr[0]; /* also with one tree: the over-faulted scatter below */
    tc_topo_destroy(&topo);
    every_case(c, ft_kind, trees);
    /* more faults than x - 1 (x = 1, node 0's first neighbour faulty): the ranks it cut off
     * return MPI_ERR_OTHER, the others succeed, and every rank returns */
    ctx.nfaulty = 1;
    unsigned char *blk = malloc(600 * (size_t)ctx.size);
    memset(blk, 1, 600 * (size_t)ctx.size);
    int cut = tc_mpi_scatter(
        blk, 600, MPI_BYTE, blk, 600, MPI_BYTE, 0, MPI_COMM_WORLD,
        &(tc_mpi_opts_t){.net = ctx.net, .segment = 64, .faulty = faulty, .nfaulty = 1}, NULL);
    check(c, cut == MPI_SUCCESS || cut == MPI_ERR_OTHER, "over-faulted scatter", "unexpected error",
          cut);
    int cut_any = cut == MPI_ERR_OTHER, cut_ranks = 0;
    MPI_Allreduce(&cut_any, &cut_ranks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(c, cut_ranks > 0, "over-faulted scatter", "no rank noticed what it missed", cut);
    if (ctx.rank == 0) {
        printf("over-faulted scatter (x = 1, rank %d faulty): %d ranks report MPI_ERR_OTHER, all "
               "returned\n",
               faulty[0], cut_ranks);
    }
    free(blk);
    ctx.nfaulty = 0;
    /* misuse: ranks whose blocks do not agree */
    unsigned char b[64] = {0}, r[64 * 64];
    int k = ctx.rank == 0 ? 2 : 1;
    int err = tc_mpi_allgather(b, k, MPI_BYTE, r, k, MPI_BYTE, MPI_COMM_WORLD,
                               &(tc_mpi_opts_t){.net = ctx.net}, NULL);
    check(c, err == MPI_ERR_ARG, "misuse", "blocks of different sizes were accepted", err);
    int total = 0;
    MPI_Allreduce(&ctx.failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (ctx.rank == 0) {
        printf("%s on %d ranks: scatter, allgather, alltoall %s (%d failures)\n", ctx.net, ctx.size,
               total ? "FAILED" : "verified", total);
    }
    tc_net_free(net);
    MPI_Finalize();
    return total ? 1 : 0;
}
