/* libtreecast_mpi's insides: a collective set up for one communicator (coll_mpi.c) and the
 * executor that runs its plan on this rank (exec_mpi.c). */
#ifndef TREECAST_MPI_INTERNAL_H
#define TREECAST_MPI_INTERNAL_H

#include "treecast/mpi.h"
#include "treecast/plan.h"

/* The MPI calls a plan maps to. */
typedef enum { API_BCAST, API_SCATTER, API_ALLGATHER, API_ALLTOALL } api_t;

/* A received message: the packet's header, then its segment. Recycled through a free list; a
 * queued send of a relayed segment holds a reference until the segment is copied out. */
typedef struct chunk {
    struct chunk *next;
    int refs;
    uint8_t data[];
} chunk_t;

typedef struct {
    tc_packet_t p;
    const uint8_t *data; /* the segment: in an image, or in `chunk` */
    int64_t n;
    chunk_t *chunk; /* referenced, or NULL */
} queued_t;

typedef struct {
    queued_t *q;
    int64_t head, len, cap;
    int inflight;
} link_q_t;

struct tc_mpi_coll {
    tc_exec_t exec; /* first: the plan's callbacks get &coll->exec */
    api_t api;
    MPI_Comm comm; /* a duplicate of the caller's */
    int size, rank, root;
    tc_mpi_opts_t opts;
    /* the caller's buffers */
    const void *sendbuf;
    void *recvbuf;
    int sendcount, recvcount;
    MPI_Datatype sendtype, recvtype;
    bool in_place;
    /* the network, trees, plan and faults; the prediction */
    tc_net_t *net;
    tc_topo_t topo;
    tc_assembly_t run; /* over topo: the forest, its plan trees and the collective */
    const tc_plan_t *plan;
    tc_faults_t faults;
    bool faulty_me;
    int64_t *expect_in; /* per port: messages that will arrive */
    int64_t predicted_rounds;
    /* the data: blocks of B bytes packed, M segments of seg bytes each */
    int64_t B, seg, M, keys, expected;
    uint8_t *send_image, *recv_image; /* equal for bcast */
    int64_t send_blocks, recv_blocks;
    uint8_t *have; /* per key */
    /* the executor */
    int ports, window;
    link_q_t *out;
    int64_t *posted_in; /* per port: receives posted so far */
    int64_t *done_in;   /* per port: arrivals the plan has seen, in the order they were sent */
    MPI_Request *req;   /* ports * window receives, then ports * window sends */
    chunk_t **rchunk;   /* per receive slot */
    int64_t *rseq;      /* per receive slot: its receive's number on its port */
    chunk_t **stash;    /* per port, window entries: arrived, waiting for an earlier one */
    uint8_t *sbuf;      /* per send slot: header + segment */
    int *indices;
    MPI_Status *statuses;
    chunk_t *free_chunks, *current;
    int64_t received, messages_in, messages_out;
    bool oom;
    struct tc__mpi_optimal *opt; /* kind "optimal": its own executor (optimal_mpi.c), or NULL */
};

/* Allocate the executor's tables (init). MPI_SUCCESS or MPI_ERR_NO_MEM. */
int tc__mpi_exec_alloc(tc_mpi_coll_t *c);

/* Run the plan on this rank with the images prepared: MPI_SUCCESS, MPI_ERR_NO_MEM or
 * MPI_ERR_OTHER (a receive nothing will satisfy). */
int tc__mpi_exec_run(tc_mpi_coll_t *c);

/* Free the executor's tables. */
void tc__mpi_exec_free(tc_mpi_coll_t *c);

/* Kind "optimal" (optimal_mpi.c): build the schedule and this rank's part of it (c->net, M,
 * keys, window set); run it; free it. MPI_SUCCESS or an MPI error class with a sentence. */
int tc__mpi_optimal_setup(tc_mpi_coll_t *c);
int tc__mpi_optimal_run(tc_mpi_coll_t *c);
void tc__mpi_optimal_free(tc_mpi_coll_t *c);

/* The sentence of a failure, kept per thread. */
int tc__mpi_fail(int code, const char *fmt, ...);

/* MPI_Waitsome, except under SimGrid's SMPI (smpicc's mpi.h defines SMPI_H): there it waits for
 * one request (MPI_Waitany; *done is 1, or MPI_UNDEFINED when every request is null). SMPI 3.32's
 * MPI_Waitsome completes the other requests with MPI_Test, which sleeps smpi/test (0.1 ms, times
 * the failed tests in a row) of simulated time per request tested and leaves each comm it
 * completes in the rank's list of activities (a std::list), scanned at every later completion:
 * test_mpi_coll on Q_4 took 268 s of CPU (1.7 s with MPI_Waitany), 147 s simulated (0.9 s).
 * MPI_Waitany removes the comm it returns from the list and tests nothing. */
static inline int tc__mpi_waitsome(int n, MPI_Request *req, int *done, int *indices,
                                   MPI_Status *statuses)
{
#ifdef SMPI_H
    int st = MPI_Waitany(n, req, indices,
                         statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : statuses);
    *done = indices[0] == MPI_UNDEFINED ? MPI_UNDEFINED : 1;
    return st;
#else
    return MPI_Waitsome(n, req, done, indices, statuses);
#endif
}

#endif
