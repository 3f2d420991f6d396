/* treecast — the collectives over MPI (libtreecast_mpi).
 *
 * The same plans as `treecast sim` (plan.h), run by an MPI executor: every rank is the node of
 * the same id (ranks = node ids in treecast's order), builds the same network, trees and plan,
 * and runs the plan's callbacks for its own node; a packet of the plan becomes one MPI message
 * (the packet's header and one segment of the data) to the neighbour's rank. The executor is
 * asynchronous: receives are pre-posted on every link a rank will hear from, a node forwards a
 * segment as soon as it has it, and at most `window` segments are in flight per link (sent
 * with MPI_Issend, so that a window limits something under SMPI too, where small MPI_Isends
 * complete at once). What every rank will receive on every link is known before the first
 * byte moves: the round engine runs the same plan with the same faults once on every rank
 * (sim predicts what MPI does), so a rank stops when it has what the prediction says, and no
 * receive is left waiting for a faulty rank.
 *
 * Faults (the papers' model): a faulty rank takes part in MPI (it calls the collective and
 * returns) but receives and forwards nothing; the others never send to it. With at most x-1
 * faulty ranks the fault-tolerant broadcast reaches every live rank.
 *
 * The library never prints or exits; a failure returns an MPI error class on the ranks that see
 * it, with a sentence in tc_mpi_error(). Every rank must pass the same arguments (count, root,
 * options), as for MPI's own collectives.
 */
#ifndef TREECAST_MPI_H
#define TREECAST_MPI_H

#include "treecast/check.h"
#include "treecast/net.h"
#include "treecast/trees.h"

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

typedef struct {
    /* The network: "star:N", "cube:N", "icube:N,K", ... (any family of net.h); NULL: the star
     * graph or hypercube whose node count is the communicator's size. */
    const char *net;
    /* The trees: a kind of trees.h; NULL: the family's edge-disjoint trees (star edt, cube nedst,
     * icube and the others edst). "optimal" (bcast and allgather, no faults, x = 1): the
     * schedule of treecast/optimum.h that reaches the optimal rate, on any network, switches and
     * capacities included (rank i is the i-th compute node; a tree's arc is one stream of
     * messages from rank to rank, routed by the network through its switches). The papers'
     * kinds refuse a network with switches. */
    const char *kind;
    int64_t segment;   /* bytes per segment; 0: 8192 */
    int x;             /* copies of every segment over x trees (fault tolerance x-1); 0 or 1: one */
    int window;        /* segments in flight per link; 0: 1 */
    bool eager;        /* MPI_Isend instead of MPI_Issend */
    const int *faulty; /* ranks that forward nothing (never the root); NULL: none */
    int nfaulty;
} tc_mpi_opts_t;

/* What a call did on this rank (optional out-parameter of the collectives). */
typedef struct {
    int64_t segments;         /* segments of one block (the message of bcast) */
    int64_t received;         /* distinct segments this rank got from others */
    int64_t expected;         /* distinct segments it had to get (faulty sources excluded) */
    int64_t messages_in;      /* MPI messages received, copies included */
    int64_t messages_out;     /* MPI messages sent */
    int64_t predicted_rounds; /* the round engine's rounds for the same plan and faults */
    bool faulty;              /* this rank was declared faulty and took no part */
} tc_mpi_report_t;

/* A collective set up once and run any number of times (MPI-4's persistent collectives:
 * MPI_Bcast_init and MPI_Start): the network, its trees, the plan and the round engine's
 * prediction are made in the init call, on a duplicate of the communicator; tc_mpi_run moves
 * the data of the buffers given to init. Init is collective (every rank calls it with the same
 * arguments; the ranks agree on success); so are run and free. */
typedef struct tc_mpi_coll tc_mpi_coll_t;

/* Broadcast count elements of datatype (any, derived ones too) from root: the data packed into
 * segments, the segments split round-robin over the trees (x = 1, papers 000 Sec. 4.2 and 003)
 * or sent down x trees each (x > 1, paper 000 Sec. 4.3; with kind "ist" the n independent
 * spanning trees of paper 004), pipelined. */
int tc_mpi_bcast_init(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                      const tc_mpi_opts_t *opts, tc_mpi_coll_t **out);

/* Scatter: block i of the root's sendbuf (sendcount elements of sendtype, significant at the
 * root only) to rank i's recvbuf, each block's segments source-routed down the trees, every
 * segment in x of them (paper 000 Sec. 4.5: farthest destinations first in every tree; over the
 * SBnT kinds, paper 002's trees). recvbuf MPI_IN_PLACE at the root leaves its block where it is.
 * The packed sizes of the root's block and every rank's receive must agree. */
int tc_mpi_scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                        const tc_mpi_opts_t *opts, tc_mpi_coll_t **out);

/* Allgather: every rank's block to every rank, over the trees of rank 0 translated to every
 * source (paper 000 Sec. 4.4: the multinode broadcast, each tree's group of segments forwarded
 * to all children once complete). sendbuf MPI_IN_PLACE: the block is at recvbuf's own place. */
int tc_mpi_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const tc_mpi_opts_t *opts, tc_mpi_coll_t **out);

/* Alltoall: block j of rank i's sendbuf to block i of rank j's recvbuf, every source scattering
 * over its translated trees: on the star graph with its EDT the necklace schedule of paper 000
 * Sec. 4.6, elsewhere the same exchange target after target (plan.h, TC_COLL_ALLTOALL).
 * sendbuf MPI_IN_PLACE: the data is taken from recvbuf and replaced. */
int tc_mpi_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const tc_mpi_opts_t *opts, tc_mpi_coll_t **out);

/* Run it once. report may be NULL. */
int tc_mpi_run(tc_mpi_coll_t *coll, tc_mpi_report_t *report);

/* Release it (collective: the duplicate communicator is freed). NULL is accepted. */
void tc_mpi_coll_free(tc_mpi_coll_t *coll);

/* The one-call forms: init, run, free. Every function returns MPI_SUCCESS; MPI_ERR_ARG for
 * arguments or options that do not fit the communicator (with a sentence in tc_mpi_error()),
 * MPI_ERR_NO_MEM, MPI_ERR_OTHER when a live rank could not get every segment (more faults than
 * x-1 on its paths) or another rank failed the setup. */
int tc_mpi_bcast(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 const tc_mpi_opts_t *opts, tc_mpi_report_t *report);
int tc_mpi_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   const tc_mpi_opts_t *opts, tc_mpi_report_t *report);
int tc_mpi_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm, const tc_mpi_opts_t *opts,
                     tc_mpi_report_t *report);
int tc_mpi_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, const tc_mpi_opts_t *opts,
                    tc_mpi_report_t *report);

/* ---- the streaming check over MPI ranks ------------------------------------------------------
 *
 * tc_check_stream (treecast/check.h) split over the ranks of a communicator: the node ids cut in
 * blocks, dealt round-robin in rounds of one block per rank, each block checked on the rank's
 * opts->threads threads; after every round rank 0 gathers the rounds' reports and merges them.
 * The merged report equals tc_check_forest's of the built forest (and tc_check_stream's of all
 * the nodes), whatever the number of ranks and blocks. */
typedef struct {
    int64_t blocks; /* blocks of node ids; 0: 8 per rank (never more than the nodes) */
    /* A file rank 0 rewrites after every round (the finished blocks and their merged report;
     * written beside and renamed over, so a stop leaves the last whole one), and reads at the
     * start: a run with the same network, kind, root, blocks and options resumes from it. NULL:
     * none. */
    const char *checkpoint;
    /* Called on rank 0 once before the first round (done: the blocks the checkpoint had) and
     * after every round: blocks done (resumed ones included) of blocks. */
    void (*progress)(void *ctx, int64_t done, int64_t blocks);
    void *progress_ctx;
    /* Stop after this many rounds of this run (0: run to the end): for batch jobs with a time
     * limit, with a checkpoint to go on from. */
    int64_t rounds;
    /* Walk every tree. Otherwise, where tc_check_stream_shortcut says the rotation shortcut
     * applies, the blocks are checked by tc_check_stream_orbits (one tree of each orbit walked)
     * and the merged report finished by tc_check_report_orbits_finish; should the premise fail
     * at some node, every block is checked again with every tree walked. */
    bool every_tree;
} tc_mpi_check_opts_t;

/* What a run of tc_mpi_check did. */
typedef struct {
    int64_t blocks;  /* in all */
    int64_t resumed; /* taken from the checkpoint */
    int64_t done;    /* done now, resumed ones included */
    bool finished;   /* every block done: the report is the whole forest's */
} tc_mpi_check_run_t;

/* Check kind's forest on net at root with opts (as tc_check_stream; opts->threads per rank)
 * over the ranks of comm; every rank gets the merged report (of the blocks done, when the run
 * stopped after mopts->rounds). Collective: every rank passes the same arguments. run (may be
 * NULL): what was done. MPI_ERR_ARG for
 * a kind without a rule on net, MPI_ERR_FILE for a checkpoint of another run or one that cannot
 * be written, MPI_ERR_NO_MEM, MPI_ERR_OTHER (on every rank when one fails). */
int tc_mpi_check(MPI_Comm comm, const tc_net_t *net, tc_kind_t kind, int64_t root,
                 const tc_check_opts_t *opts, const tc_mpi_check_opts_t *mopts,
                 tc_check_report_t *report, tc_mpi_check_run_t *run);

/* The sentence of this rank's last failure ("" after a success). */
const char *tc_mpi_error(void);

#pragma GCC visibility pop

#endif
