/* Under SMPI, whether a platform of `treecast platform` gives each link the bandwidth of its
 * capacity: timed transfers between ranks, each phase's simulated time against the time that
 * the bottleneck bandwidth predicts. Usage:
 *
 *   test_smpi_platform BYTES PHASE...      PHASE: S>R[,S>R...]=SECONDS
 *
 * A phase's transfers (BYTES from rank S to rank R each) start together after a barrier; the
 * phase lasts from the earliest rank's start to the latest rank's end (MPI_Wtime is SMPI's
 * simulated clock, the same on every rank), and must be within 2% of SECONDS. Every byte is
 * verified. Rank 0 prints a line per phase; exit status 0 when every phase is on time and every
 * byte arrived, 1 otherwise, 2 for malformed arguments. */
#include <mpi.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PAIRS = 16 };

typedef struct {
    int from[MAX_PAIRS], to[MAX_PAIRS], pairs;
    double expect;
} phase_t;

/* Parse "S>R[,S>R...]=SECONDS"; 0 on success. */
static int parse_phase(const char *text, int ranks, phase_t *ph)
{
    const char *p = text;
    char *end;
    ph->pairs = 0;
    for (;;) {
        long s = strtol(p, &end, 10);
        if (end == p || *end != '>' || ph->pairs == MAX_PAIRS) {
            return 1;
        }
        p = end + 1;
        long r = strtol(p, &end, 10);
        if (end == p || s < 0 || s >= ranks || r < 0 || r >= ranks || s == r) {
            return 1;
        }
        ph->from[ph->pairs] = (int)s;
        ph->to[ph->pairs] = (int)r;
        ph->pairs++;
        p = end + 1;
        if (*end == '=') {
            break;
        }
        if (*end != ',') {
            return 1;
        }
    }
    ph->expect = strtod(p, &end);
    return end == p || *end != '\0' || !(ph->expect > 0);
}

static unsigned char pattern(int from, long i)
{
    return (unsigned char)((i * 131 + from * 7) & 0xff);
}

/* Run one phase; returns its simulated time (every rank), *bad the bytes this rank got wrong. */
static double run_phase(const phase_t *ph, int rank, long bytes, unsigned char *bufs, long *bad)
{
    MPI_Request req[2 * MAX_PAIRS];
    int n = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int k = 0; k < ph->pairs; k++) {
        unsigned char *b = bufs + (size_t)k * (size_t)bytes;
        if (ph->to[k] == rank) {
            memset(b, 0, (size_t)bytes);
            MPI_Irecv(b, (int)bytes, MPI_BYTE, ph->from[k], k, MPI_COMM_WORLD, &req[n++]);
        }
        if (ph->from[k] == rank) {
            MPI_Isend(b, (int)bytes, MPI_BYTE, ph->to[k], k, MPI_COMM_WORLD, &req[n++]);
        }
    }
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    double t1 = MPI_Wtime();
    for (int k = 0; k < ph->pairs; k++) {
        const unsigned char *b = bufs + (size_t)k * (size_t)bytes;
        for (long i = 0; ph->to[k] == rank && i < bytes; i++) {
            *bad += b[i] != pattern(ph->from[k], i);
        }
    }
    double start, finish;
    MPI_Allreduce(&t0, &start, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&t1, &finish, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return finish - start;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    char *end;
    long bytes = argc > 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc < 3 || *end != '\0' || bytes <= 0 || bytes > (1L << 28)) {
        if (rank == 0) {
            fprintf(stderr, "usage: test_smpi_platform BYTES S>R[,S>R...]=SECONDS...\n");
        }
        MPI_Finalize();
        return 2;
    }
    unsigned char *bufs = malloc((size_t)MAX_PAIRS * (size_t)bytes);
    int failures = bufs == NULL; /* every rank reads the same arguments: all or none stop */
    for (int a = 2; a < argc && bufs != NULL; a++) {
        phase_t ph;
        if (parse_phase(argv[a], ranks, &ph) != 0) {
            if (rank == 0) {
                fprintf(stderr, "test_smpi_platform: %s: not S>R[,S>R...]=SECONDS on %d ranks\n",
                        argv[a], ranks);
            }
            free(bufs);
            MPI_Finalize();
            return 2;
        }
        for (int k = 0; k < ph.pairs; k++) { /* the senders' data */
            for (long i = 0; ph.from[k] == rank && i < bytes; i++) {
                bufs[(size_t)k * (size_t)bytes + (size_t)i] = pattern(rank, i);
            }
        }
        long bad = 0, all_bad = 0;
        double t = run_phase(&ph, rank, bytes, bufs, &bad);
        MPI_Allreduce(&bad, &all_bad, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        bool on_time = fabs(t - ph.expect) <= 0.02 * ph.expect;
        failures += !on_time || all_bad != 0;
        if (rank == 0) {
            printf("%-24s %.6f s, expected %.6f s (ratio %.4f)%s%s\n", argv[a], t, ph.expect,
                   t / ph.expect, on_time ? "" : ": NOT within 2%", all_bad ? ": DATA WRONG" : "");
        }
    }
    free(bufs);
    MPI_Finalize();
    return failures > 0;
}
