/* treecast-mpi-bench — latency of libtreecast_mpi's collectives beside the MPI's own, in the
 * same run, after the OSU micro-benchmark conventions: for each message size (bytes per block:
 * the message of bcast, one rank's block of scatter, allgather and alltoall), warm-up calls,
 * then timed iterations separated by barriers; the average, minimum and maximum over ranks of
 * each rank's average latency in microseconds (simulated ones under SMPI), the bandwidth of the
 * average (bytes per block / latency), and every rank's data verified after the timed calls.
 * treecast's collective is set up once per size (tc_mpi_*_init; its time is printed apart) and
 * run by tc_mpi_run. No mutable globals (SMPI -no-privatize).
 *
 * usage: mpirun -np N treecast-mpi-bench [--coll bcast|scatter|allgather|alltoall] [--net NET]
 *        [--kind KIND] [--segment B] [--x X] [--window W] [--min BYTES] [--max BYTES]
 *        [--iterations I] [--warmup W] [--root R] [--which both|treecast|mpi]
 *        [--format text|json]
 */
#include "treecast/mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { BCAST, SCATTER, ALLGATHER, ALLTOALL } coll_t;
static const char *const COLL_NAMES[] = {"bcast", "scatter", "allgather", "alltoall"};
static const char *const MPI_NAMES[] = {"MPI_Bcast", "MPI_Scatter", "MPI_Allgather",
                                        "MPI_Alltoall"};

typedef struct {
    tc_mpi_opts_t o;
    coll_t coll;
    int64_t min, max;
    int iterations, warmup, root, rank, size;
    bool json, ours, theirs;
    unsigned char *send, *recv;
} bench_t;

static int usage(int rank, const char *why)
{
    if (rank == 0) {
        fprintf(stderr,
                "treecast-mpi-bench: %s\nusage: mpirun -np N treecast-mpi-bench [--coll "
                "bcast|scatter|allgather|alltoall] [--net NET] [--kind KIND] [--segment B] [--x X] "
                "[--window W] [--min BYTES] [--max BYTES] [--iterations I] [--warmup W] [--root R] "
                "[--which both|treecast|mpi] [--format text|json]\n",
                why);
    }
    return 2;
}

static int parse_word(bench_t *b, const char *k, const char *v)
{
    if (strcmp(k, "--net") == 0) {
        b->o.net = v;
    } else if (strcmp(k, "--kind") == 0) {
        b->o.kind = v;
    } else if (strcmp(k, "--format") == 0 && (!strcmp(v, "json") || !strcmp(v, "text"))) {
        b->json = strcmp(v, "json") == 0;
    } else if (strcmp(k, "--which") == 0 &&
               (!strcmp(v, "both") || !strcmp(v, "treecast") || !strcmp(v, "mpi"))) {
        b->ours = strcmp(v, "mpi") != 0;
        b->theirs = strcmp(v, "treecast") != 0;
    } else if (strcmp(k, "--coll") == 0) {
        int c = 0;
        while (c < 4 && strcmp(v, COLL_NAMES[c]) != 0) {
            c++;
        }
        if (c == 4) {
            return -1;
        }
        b->coll = (coll_t)c;
    } else {
        return 1; /* not a word option */
    }
    return 0;
}

static int parse(int argc, char **argv, bench_t *b)
{
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (v == NULL) {
            return usage(b->rank, "an option without its value");
        }
        i++;
        int w = parse_word(b, k, v);
        if (w < 0) {
            return usage(b->rank, "--coll takes bcast, scatter, allgather or alltoall");
        }
        if (w == 0) {
            continue;
        }
        char *end = NULL;
        long long n = strtoll(v, &end, 10);
        if (end == v || *end != '\0' || n < 0) {
            return usage(b->rank, "a number expected");
        } else if (strcmp(k, "--segment") == 0 && n > 0) {
            b->o.segment = n;
        } else if (strcmp(k, "--x") == 0 && n > 0) {
            b->o.x = (int)n;
        } else if (strcmp(k, "--window") == 0 && n > 0) {
            b->o.window = (int)n;
        } else if (strcmp(k, "--min") == 0) {
            b->min = n;
        } else if (strcmp(k, "--max") == 0 && n > 0 && n <= (1 << 30)) {
            b->max = n;
        } else if (strcmp(k, "--iterations") == 0 && n > 0) {
            b->iterations = (int)n;
        } else if (strcmp(k, "--warmup") == 0) {
            b->warmup = (int)n;
        } else if (strcmp(k, "--root") == 0) {
            b->root = (int)n;
        } else {
            return usage(b->rank, "an unknown option or a value out of range");
        }
    }
    if (b->root < 0 || b->root >= b->size) {
        return usage(b->rank, "--root is not a rank");
    }
    return b->min > b->max ? usage(b->rank, "--min exceeds --max") : 0;
}

static int64_t send_blocks(const bench_t *b)
{
    return b->coll == SCATTER || b->coll == ALLTOALL ? b->size : 1;
}

static int64_t recv_blocks(const bench_t *b)
{
    return b->coll == ALLGATHER || b->coll == ALLTOALL ? b->size : 1;
}

static int init(const bench_t *b, int bytes, tc_mpi_coll_t **c)
{
    MPI_Comm w = MPI_COMM_WORLD;
    switch (b->coll) {
    case BCAST:
        return tc_mpi_bcast_init(b->recv, bytes, MPI_BYTE, b->root, w, &b->o, c);
    case SCATTER:
        return tc_mpi_scatter_init(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, b->root, w,
                                   &b->o, c);
    case ALLGATHER:
        return tc_mpi_allgather_init(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, w, &b->o,
                                     c);
    case ALLTOALL:
        return tc_mpi_alltoall_init(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, w, &b->o,
                                    c);
    }
    return MPI_ERR_ARG;
}

static int builtin(const bench_t *b, int bytes)
{
    MPI_Comm w = MPI_COMM_WORLD;
    switch (b->coll) {
    case BCAST:
        return MPI_Bcast(b->recv, bytes, MPI_BYTE, b->root, w);
    case SCATTER:
        return MPI_Scatter(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, b->root, w);
    case ALLGATHER:
        return MPI_Allgather(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, w);
    case ALLTOALL:
        return MPI_Alltoall(b->send, bytes, MPI_BYTE, b->recv, bytes, MPI_BYTE, w);
    }
    return MPI_ERR_ARG;
}

/* Each rank's average latency over the iterations, in us (c NULL: the built-in). */
static double time_one(const bench_t *b, tc_mpi_coll_t *c, int bytes, int *err)
{
    double total = 0;
    for (int it = 0; it < b->warmup + b->iterations; it++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        int e = c != NULL ? tc_mpi_run(c, NULL) : builtin(b, bytes);
        double t1 = MPI_Wtime();
        *err = *err != MPI_SUCCESS ? *err : e;
        if (it >= b->warmup) {
            total += t1 - t0;
        }
    }
    return 1e6 * total / b->iterations;
}

/* Byte i of the block from src to dst. */
static unsigned char value(int64_t src, int64_t dst, int64_t i)
{
    return (unsigned char)((i * 7 + src * 13 + dst * 29 + 3) % 251);
}

/* Fill the send side with a fresh pattern, run treecast once, count the wrong bytes here. */
static int verify(bench_t *b, tc_mpi_coll_t *c, int64_t bytes)
{
    int64_t me = b->rank;
    for (int64_t k = 0; k < send_blocks(b); k++) {
        for (int64_t i = 0; i < bytes; i++) {
            int64_t dst = b->coll == ALLTOALL || b->coll == SCATTER ? k : 0;
            b->send[k * bytes + i] = value(me, dst, i);
        }
    }
    if (b->coll == BCAST) {
        for (int64_t i = 0; i < bytes; i++) {
            b->recv[i] = me == b->root ? value(me, 0, i) : 0;
        }
    } else {
        memset(b->recv, 0, (size_t)(recv_blocks(b) * bytes));
    }
    int bad = tc_mpi_run(c, NULL) != MPI_SUCCESS;
    for (int64_t k = 0; k < recv_blocks(b) && !bad; k++) {
        int64_t src = b->coll == BCAST || b->coll == SCATTER ? b->root : k;
        int64_t dst = b->coll == SCATTER || b->coll == ALLTOALL ? me : 0;
        for (int64_t i = 0; i < bytes; i++) {
            bad += b->recv[k * bytes + i] != value(src, dst, i);
        }
    }
    return bad;
}

typedef struct {
    double avg, min, max, builtin, setup;
    bool verified;
} row_t;

static row_t one_size(bench_t *b, int64_t bytes, int *st)
{
    row_t row = {0};
    int err = MPI_SUCCESS, bad = 0;
    double mine = 0, theirs = 0, setup = 0;
    if (b->ours) {
        tc_mpi_coll_t *c = NULL;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        err = init(b, (int)bytes, &c);
        setup = 1e3 * (MPI_Wtime() - t0);
        if (err == MPI_SUCCESS) {
            mine = time_one(b, c, (int)bytes, &err);
            bad = verify(b, c, bytes);
        } else if (b->rank == 0) {
            fprintf(stderr, "treecast-mpi-bench: %s\n", tc_mpi_error());
        }
        tc_mpi_coll_free(c);
    }
    if (b->theirs) {
        theirs = time_one(b, NULL, (int)bytes, &err);
    }
    bad = bad || err != MPI_SUCCESS;
    double mx[3] = {mine, -mine, setup}, r[3], sums[2], s[2] = {mine, theirs};
    int bad_all = 0;
    MPI_Reduce(mx, r, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(s, sums, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&bad, &bad_all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    row = (row_t){sums[0] / b->size, -r[1], r[0], sums[1] / b->size, r[2], !bad_all};
    *st = bad_all ? 1 : 0;
    return row;
}

static void header(const bench_t *b)
{
    const char *net = b->o.net ? b->o.net : "auto", *kind = b->o.kind ? b->o.kind : "default";
    long long seg = b->o.segment ? b->o.segment : 8192;
    int x = b->o.x ? b->o.x : 1, window = b->o.window ? b->o.window : 1;
    if (b->json) {
        printf("{\"coll\":\"%s\",\"ranks\":%d,\"net\":\"%s\",\"kind\":\"%s\",\"segment\":%lld,"
               "\"x\":%d,\"window\":%d,\"iterations\":%d,\"warmup\":%d,\"root\":%d,\"rows\":[",
               COLL_NAMES[b->coll], b->size, net, kind, seg, x, window, b->iterations, b->warmup,
               b->root);
        return;
    }
    printf("# treecast-mpi-bench: %s, %d ranks, net %s, kind %s, segment %lld, x %d, window %d, "
           "root %d, %d iterations after %d warm-up; latencies in us, averaged over ranks\n",
           COLL_NAMES[b->coll], b->size, net, kind, seg, x, window, b->root, b->iterations,
           b->warmup);
    printf("%-10s %13s %12s %12s %10s %14s %9s %9s  %s\n", "bytes", "treecast avg", "min", "max",
           "MB/s", MPI_NAMES[b->coll], "speedup", "setup ms", "verified");
}

static void print_row(const bench_t *b, int64_t bytes, const row_t *r, bool first)
{
    double mbs = r->avg > 0 ? (double)bytes / r->avg : 0;
    if (b->json) {
        printf("%s{\"bytes\":%lld,\"avg_us\":%.3f,\"min_us\":%.3f,\"max_us\":%.3f,\"mb_s\":%.2f,"
               "\"builtin_avg_us\":%.3f,\"setup_ms\":%.3f,\"verified\":%s}",
               first ? "" : ",", (long long)bytes, r->avg, r->min, r->max, mbs, r->builtin,
               r->setup, b->ours ? (r->verified ? "true" : "false") : "null");
        return;
    }
    char theirs[32] = "-", ratio[32] = "-";
    if (b->theirs) {
        snprintf(theirs, sizeof theirs, "%.3f", r->builtin);
    }
    if (b->theirs && b->ours && r->avg > 0) {
        snprintf(ratio, sizeof ratio, "%.2f", r->builtin / r->avg);
    }
    printf("%-10lld %13.3f %12.3f %12.3f %10.1f %14s %9s %9.2f  %s\n", (long long)bytes, r->avg,
           r->min, r->max, mbs, theirs, ratio, r->setup,
           !b->ours      ? "-"
           : r->verified ? "yes"
                         : "NO");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    bench_t b = {
        .min = 1, .max = 1 << 20, .iterations = 10, .warmup = 2, .ours = true, .theirs = true};
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    int st = parse(argc, argv, &b);
    if (st == 0) {
        b.send = malloc((size_t)(send_blocks(&b) * b.max));
        b.recv = malloc((size_t)(recv_blocks(&b) * b.max));
        int oom = b.send == NULL || b.recv == NULL, any = 0;
        MPI_Allreduce(&oom, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        st = any ? usage(b.rank, "--max too large for this machine's memory") : 0;
    }
    if (st == 0 && b.rank == 0) {
        header(&b);
    }
    bool first = true;
    for (int64_t bytes = b.min; st == 0 && bytes <= b.max; bytes = bytes == 0 ? 1 : bytes * 2) {
        row_t r = one_size(&b, bytes, &st);
        if (b.rank == 0) {
            print_row(&b, bytes, &r, first);
            fflush(stdout);
        }
        first = false;
    }
    if (b.rank == 0 && b.json) {
        printf("]}\n");
    }
    free(b.send);
    free(b.recv);
    MPI_Finalize();
    return st;
}
