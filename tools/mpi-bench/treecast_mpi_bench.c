/* treecast-mpi-bench — latency of libtreecast_mpi's broadcast beside the MPI's own MPI_Bcast,
 * in the same run, after the OSU micro-benchmark conventions: for each message size, warm-up
 * calls, then timed iterations separated by barriers; the average, minimum and maximum over
 * ranks of each rank's average latency, in microseconds (simulated ones under SMPI); every
 * rank's data verified after the timed calls. No mutable globals (SMPI -no-privatize).
 *
 * usage: mpirun -np N treecast-mpi-bench [--net NET] [--kind KIND] [--segment B] [--x X]
 *        [--window W] [--min BYTES] [--max BYTES] [--iterations I] [--warmup W] [--root R]
 *        [--format text|json]
 */
#include "treecast/mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    tc_mpi_opts_t o;
    int64_t min, max;
    int iterations, warmup, root;
    bool json;
} bench_t;

static int usage(int rank, const char *why)
{
    if (rank == 0) {
        fprintf(stderr,
                "treecast-mpi-bench: %s\nusage: mpirun -np N treecast-mpi-bench [--net NET] "
                "[--kind KIND] [--segment B] [--x X] [--window W] [--min BYTES] [--max BYTES] "
                "[--iterations I] [--warmup W] [--root R] [--format text|json]\n",
                why);
    }
    return 2;
}

static int parse(int argc, char **argv, int rank, bench_t *b)
{
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (v == NULL) {
            return usage(rank, "an option without its value");
        }
        i++;
        char *end = NULL;
        long long n = strtoll(v, &end, 10);
        bool num = end != v && *end == '\0' && n >= 0;
        if (strcmp(k, "--net") == 0) {
            b->o.net = v;
        } else if (strcmp(k, "--kind") == 0) {
            b->o.kind = v;
        } else if (strcmp(k, "--format") == 0 &&
                   (strcmp(v, "json") == 0 || strcmp(v, "text") == 0)) {
            b->json = strcmp(v, "json") == 0;
        } else if (!num) {
            return usage(rank, "a number expected");
        } else if (strcmp(k, "--segment") == 0 && n > 0) {
            b->o.segment = n;
        } else if (strcmp(k, "--x") == 0 && n > 0) {
            b->o.x = (int)n;
        } else if (strcmp(k, "--window") == 0 && n > 0) {
            b->o.window = (int)n;
        } else if (strcmp(k, "--min") == 0) {
            b->min = n;
        } else if (strcmp(k, "--max") == 0 && n > 0) {
            b->max = n;
        } else if (strcmp(k, "--iterations") == 0 && n > 0) {
            b->iterations = (int)n;
        } else if (strcmp(k, "--warmup") == 0) {
            b->warmup = (int)n;
        } else if (strcmp(k, "--root") == 0) {
            b->root = (int)n;
        } else {
            return usage(rank, "an unknown option or value out of range");
        }
    }
    return b->min > b->max ? usage(rank, "--min exceeds --max") : 0;
}

/* Each rank's average latency over the iterations, in us; the caller reduces. */
static double time_one(const bench_t *b, bool builtin, unsigned char *buf, int bytes, int *err)
{
    double total = 0;
    for (int it = 0; it < b->warmup + b->iterations; it++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        int e = builtin ? MPI_Bcast(buf, bytes, MPI_BYTE, b->root, MPI_COMM_WORLD)
                        : tc_mpi_bcast(buf, bytes, MPI_BYTE, b->root, MPI_COMM_WORLD, &b->o, NULL);
        double t1 = MPI_Wtime();
        *err = *err != MPI_SUCCESS ? *err : e;
        if (it >= b->warmup) {
            total += t1 - t0;
        }
    }
    return 1e6 * total / b->iterations;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bench_t b = {.min = 1, .max = 1 << 20, .iterations = 10, .warmup = 2};
    int st = parse(argc, argv, rank, &b);
    if (st == 0 && (b.root < 0 || b.root >= size)) {
        st = usage(rank, "--root is not a rank");
    }
    unsigned char *buf = st == 0 ? malloc((size_t)b.max) : NULL;
    if (st == 0 && rank == 0) {
        if (b.json) {
            printf("{\"ranks\":%d,\"net\":\"%s\",\"kind\":\"%s\",\"segment\":%lld,\"x\":%d,"
                   "\"rows\":[",
                   size, b.o.net ? b.o.net : "auto", b.o.kind ? b.o.kind : "default",
                   (long long)(b.o.segment ? b.o.segment : 8192), b.o.x ? b.o.x : 1);
        } else {
            printf("# treecast-mpi-bench: %d ranks, net %s, kind %s, segment %lld, x %d, %d "
                   "iterations after %d warm-up\n",
                   size, b.o.net ? b.o.net : "auto", b.o.kind ? b.o.kind : "default",
                   (long long)(b.o.segment ? b.o.segment : 8192), b.o.x ? b.o.x : 1, b.iterations,
                   b.warmup);
            printf("%-10s %14s %12s %12s %14s %10s  %s\n", "bytes", "treecast avg us", "min", "max",
                   "MPI_Bcast avg", "speedup", "verified");
        }
    }
    bool first = true;
    for (int64_t bytes = b.min; st == 0 && bytes <= b.max; bytes = bytes == 0 ? 1 : bytes * 2) {
        int err = MPI_SUCCESS;
        double mine = time_one(&b, false, buf, (int)bytes, &err);
        double theirs = time_one(&b, true, buf, (int)bytes, &err);
        /* verify once: a fresh pattern from the root */
        for (int64_t i = 0; i < bytes; i++) {
            buf[i] = rank == b.root ? (unsigned char)(i * 7 + 3) : 0;
        }
        int e = tc_mpi_bcast(buf, (int)bytes, MPI_BYTE, b.root, MPI_COMM_WORLD, &b.o, NULL);
        int bad = e != MPI_SUCCESS;
        for (int64_t i = 0; i < bytes && !bad; i++) {
            bad = buf[i] != (unsigned char)(i * 7 + 3);
        }
        bad = bad || err != MPI_SUCCESS;
        double s[3] = {mine, -mine, theirs}, r[3];
        int bad_all = 0;
        MPI_Reduce(s, r, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        double sum = 0, mn = 0;
        MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&mine, &mn, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        double theirs_sum = 0;
        MPI_Reduce(&theirs, &theirs_sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Allreduce(&bad, &bad_all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (rank == 0) {
            double avg = sum / size, bavg = theirs_sum / size;
            if (b.json) {
                printf("%s{\"bytes\":%lld,\"avg_us\":%.3f,\"min_us\":%.3f,\"max_us\":%.3f,"
                       "\"mpi_bcast_avg_us\":%.3f,\"verified\":%s}",
                       first ? "" : ",", (long long)bytes, avg, mn, r[0], bavg,
                       bad_all ? "false" : "true");
            } else {
                printf("%-10lld %14.3f %12.3f %12.3f %14.3f %10.2f  %s\n", (long long)bytes, avg,
                       mn, r[0], bavg, avg > 0 ? bavg / avg : 0.0, bad_all ? "NO" : "yes");
            }
        }
        first = false;
        st = bad_all ? 1 : 0;
    }
    if (rank == 0 && b.json) {
        printf("]}\n");
    }
    free(buf);
    MPI_Finalize();
    return st;
}
