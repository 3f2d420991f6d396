/* libtreecast_mpi's optimal schedules (kind "optimal": treecast/optimum.h) on real MPI ranks, on
 * networks with switches and capacities: bcast from several roots and allgather (in place too),
 * 1 byte to 100 kB in segments of 64 to 4096 bytes, windows of 1 and 3, a persistent collective
 * run twice with new data; every rank verifies every byte. And the refusals: faults, x copies,
 * another collective with kind "optimal", the papers' kinds on a network with switches.
 * usage: mpirun -np N test_mpi_optimal NET (N: the network's compute nodes). */
#include "treecast/mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No mutable globals: under SMPI with -no-privatize every rank shares them. */
typedef struct {
    int rank, size, failures;
    const char *net;
} ctx_t;

static unsigned char value(int src, int64_t i, int salt)
{
    return (unsigned char)((i * 31 + src * 7 + salt * 13) % 251);
}

static void check(ctx_t *c, bool ok, const char *label, int err)
{
    if (!ok) {
        c->failures++;
        fprintf(stderr, "rank %d: %s failed (error %d: %s)\n", c->rank, label, err, tc_mpi_error());
    }
}

static void bcast_case(ctx_t *c, int root, int bytes, int64_t segment, int window, int salt)
{
    unsigned char *buf = malloc((size_t)bytes + 1);
    for (int i = 0; i < bytes; i++) {
        buf[i] = c->rank == root ? value(root, i, salt) : 0;
    }
    tc_mpi_opts_t o = {.net = c->net, .kind = "optimal", .segment = segment, .window = window};
    tc_mpi_report_t rep;
    int err = tc_mpi_bcast(buf, bytes, MPI_BYTE, root, MPI_COMM_WORLD, &o, &rep);
    char label[96];
    snprintf(label, sizeof label, "bcast root %d, %d bytes, segment %lld, window %d", root, bytes,
             (long long)segment, window);
    check(c, err == MPI_SUCCESS, label, err);
    int bad = 0;
    for (int i = 0; i < bytes; i++) {
        bad += buf[i] != value(root, i, salt);
    }
    check(c, bad == 0 && (c->rank == root || rep.received == rep.expected), label, bad);
    free(buf);
}

static void allgather_case(ctx_t *c, int bytes, int64_t segment, int window, bool in_place)
{
    size_t n = (size_t)c->size * (size_t)bytes;
    unsigned char *send = malloc((size_t)bytes + 1), *recv = malloc(n + 1);
    for (int i = 0; i < bytes; i++) {
        send[i] = value(c->rank, i, 2);
    }
    memset(recv, 0, n + 1);
    if (in_place) {
        memcpy(recv + (size_t)c->rank * (size_t)bytes, send, (size_t)bytes);
    }
    tc_mpi_opts_t o = {.net = c->net, .kind = "optimal", .segment = segment, .window = window};
    int err = tc_mpi_allgather(in_place ? MPI_IN_PLACE : send, bytes, MPI_BYTE, recv, bytes,
                               MPI_BYTE, MPI_COMM_WORLD, &o, NULL);
    char label[96];
    snprintf(label, sizeof label, "allgather %d bytes, segment %lld, window %d%s", bytes,
             (long long)segment, window, in_place ? ", in place" : "");
    check(c, err == MPI_SUCCESS, label, err);
    int bad = 0;
    for (int s = 0; s < c->size; s++) {
        for (int i = 0; i < bytes; i++) {
            bad += recv[(size_t)s * (size_t)bytes + (size_t)i] != value(s, i, 2);
        }
    }
    check(c, bad == 0, label, bad);
    free(send);
    free(recv);
}

/* A persistent bcast run twice, the root's data changed in between. */
static void persistent_case(ctx_t *c)
{
    int bytes = 3000;
    unsigned char *buf = malloc((size_t)bytes);
    tc_mpi_opts_t o = {.net = c->net, .kind = "optimal", .segment = 256};
    tc_mpi_coll_t *coll = NULL;
    int err = tc_mpi_bcast_init(buf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD, &o, &coll);
    check(c, err == MPI_SUCCESS, "persistent bcast init", err);
    for (int salt = 5; err == MPI_SUCCESS && salt < 7; salt++) {
        for (int i = 0; i < bytes; i++) {
            buf[i] = c->rank == 0 ? value(0, i, salt) : 0;
        }
        err = tc_mpi_run(coll, NULL);
        int bad = 0;
        for (int i = 0; i < bytes; i++) {
            bad += buf[i] != value(0, i, salt);
        }
        check(c, err == MPI_SUCCESS && bad == 0, "persistent bcast run", err);
    }
    tc_mpi_coll_free(coll);
    free(buf);
}

/* What kind "optimal" refuses, on every rank alike (MPI_ERR_ARG). */
static void refusals(ctx_t *c)
{
    unsigned char buf[64] = {0};
    int faulty[1] = {1};
    tc_mpi_opts_t o = {.net = c->net, .kind = "optimal", .faulty = faulty, .nfaulty = 1};
    int err = tc_mpi_bcast(buf, 64, MPI_BYTE, 0, MPI_COMM_WORLD, &o, NULL);
    check(c, err == MPI_ERR_ARG, "optimal with a faulty rank is refused", err);
    tc_mpi_opts_t x = {.net = c->net, .kind = "optimal", .x = 2};
    err = tc_mpi_bcast(buf, 64, MPI_BYTE, 0, MPI_COMM_WORLD, &x, NULL);
    check(c, err == MPI_ERR_ARG, "optimal with x = 2 is refused", err);
    tc_mpi_opts_t sc = {.net = c->net, .kind = "optimal"};
    unsigned char *all = calloc((size_t)c->size, 64);
    err = tc_mpi_scatter(all, 64, MPI_BYTE, buf, 64, MPI_BYTE, 0, MPI_COMM_WORLD, &sc, NULL);
    check(c, err == MPI_ERR_ARG, "optimal scatter is refused", err);
    free(all);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ctx_t c = {.net = argc > 1 ? argv[1] : NULL};
    MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c.size);
    int roots[3] = {0, c.size - 1, c.size / 2};
    int sizes[4] = {1, 100, 5000, 100000};
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < 4; k++) {
            bcast_case(&c, roots[r], sizes[k], k % 2 ? 64 : 4096, 1 + 2 * (k % 2), r + k);
        }
    }
    int ag[3] = {1, 333, 20000};
    for (int k = 0; k < 3; k++) {
        allgather_case(&c, ag[k], k == 1 ? 64 : 1024, k == 2 ? 3 : 1, k == 1);
    }
    /* a short last segment behind full ones, 4 in flight: under SMPI it can arrive first, and a
     * rank must not forward the segments before it until they are there */
    allgather_case(&c, 14563, 4096, 4, false);
    bcast_case(&c, 0, 14563, 4096, 4, 9);
    persistent_case(&c);
    refusals(&c);
    int failures = 0;
    MPI_Allreduce(&c.failures, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (c.rank == 0) {
        printf("%s: %s (%d failures)\n", c.net != NULL ? c.net : "?",
               failures == 0 ? "OK" : "FAILED", failures);
    }
    MPI_Finalize();
    return failures == 0 ? 0 : 1;
}
