/* treecast-mpi-bench — latency of libtreecast_mpi's collectives beside the MPI's own, in the
 * same run, after the OSU micro-benchmarks: for each message size (bytes per block: the message
 * of bcast, one rank's block of scatter, allgather and alltoall), warm-up calls, then timed
 * iterations separated by barriers (OSU's counts by default: 1000 after 200, 100 after 10 above
 * 8192 bytes); the average, minimum and maximum over ranks of each rank's average latency in
 * microseconds (simulated ones under SMPI), the bandwidth of the average, and every rank's data
 * verified after the timed calls. treecast's collective is set up once per size
 * (tc_mpi_*_init; its time is printed apart) and run by tc_mpi_run. The text output is OSU's:
 * header lines start with '#', the last names the columns, one row per size (docs/mpi.md).
 *
 * Exit status: 0, 1 a run's data not verified, 2 misuse (a bad option, or options treecast
 * cannot set up on these ranks), 4 out of memory. Every rank parses the same arguments and
 * agrees on every failure, so all exit alike; rank 0 alone prints. --help and --version are
 * answered before MPI_Init (the man page is made from --help without a launcher). No mutable
 * globals (SMPI -no-privatize): no getopt.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "treecast/mpi.h"
#include "treecast/version.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROG "treecast-mpi-bench"
#define HINT " (try '" PROG " --help')"
/* The OSU micro-benchmarks' defaults (osu_util.h: SKIP, SKIP_LARGE, LARGE_MESSAGE_SIZE). */
#define OSU_ITERATIONS 1000
#define OSU_WARMUP 200
#define OSU_ITERATIONS_LARGE 100
#define OSU_WARMUP_LARGE 10
#define OSU_LARGE_MESSAGE 8192
#define MAX_COUNT 1000000000 /* --iterations, --warmup */
#define MAX_BYTES (1 << 30)  /* --min, --max, --segment */

static const char *const HELP[] = {
    "usage: treecast-mpi-bench [--coll C] [--net NET] [--kind KIND] [--segment B] [--x X]\n"
    "                          [--window W] [--min BYTES] [--max BYTES] [--iterations I]\n"
    "                          [--warmup W] [--root R] [--which W] [--format text|json]\n"
    "       run by the MPI's launcher: mpiexec -n N treecast-mpi-bench [options]\n"
    "\n"
    "Latency of libtreecast_mpi's collectives beside the MPI's own, after the OSU benchmarks.\n"
    "\n",
    "For every message size from --min to --max bytes, doubling (bytes per block: the message\n"
    "of bcast, one rank's block of scatter, allgather and alltoall), treecast's collective is\n"
    "set up once (its setup time printed apart), run for the warm-up and the timed iterations,\n"
    "each between barriers, and run once more with a fresh pattern that every rank verifies;\n"
    "the MPI's own (MPI_Bcast, MPI_Scatter, MPI_Allgather or MPI_Alltoall; under SMPI the one\n"
    "--cfg=smpi/bcast:NAME selects) is timed the same way in the same run. A rank's latency is\n"
    "its average over the timed iterations, in microseconds (simulated ones under SMPI). The\n"
    "text output follows OSU's osu_bcast: header lines start with '#', the last of them names\n"
    "the columns (no spaces in a name), then one row per size; '-' where a side was not run.\n"
    "Options are GNU long options (--net star:4 or --net=star:4). A warning on stderr says when\n"
    "a host runs more ranks than it has cores: the latencies are then the scheduler's.\n"
    "\n",
    "  --coll C            the collective: bcast, scatter, allgather or alltoall (default bcast)\n"
    "  --net NET           the network whose node I is rank I: star:N, cube:N, icube:N,K or any\n"
    "                      family (default: star:n for n! ranks, cube:n for 2^n ranks)\n"
    "  --kind KIND         treecast's trees (default: the family's edge-disjoint trees)\n"
    "  --segment B         bytes per segment, 1 to 1073741824 (default 8192)\n"
    "  --x X               copies of every segment, each down another tree, 1 to 1000000\n"
    "                      (default 1)\n"
    "  --window W          segments in flight per link, 1 to 65536 (default 1)\n"
    "  --min BYTES         the first message size, 0 to 1073741824 (default 1)\n"
    "  --max BYTES         the last, at least --min, at most 1073741824 (default 1048576)\n"
    "  --iterations I      timed iterations at every size, 1 to 1000000000 (default OSU's: 1000,\n"
    "                      and 100 above 8192 bytes)\n"
    "  --warmup W          untimed iterations before them, 0 to 1000000000 (default OSU's: 200,\n"
    "                      and 10 above 8192 bytes)\n"
    "  --root R            the root rank of bcast and scatter, 0 to ranks-1 (default 0)\n"
    "  --which W           both, treecast (treecast's side only) or mpi (the MPI's only)\n"
    "                      (default both)\n"
    "  --format F          text (OSU's layout) or json (default text)\n"
    "  --help              this text\n"
    "  --version           the version\n"
    "\n",
    "columns:\n"
    "  Size                 bytes per block\n"
    "  Avg_Latency(us)      treecast: the average over ranks of each rank's average latency\n"
    "  Min_Latency(us)      treecast: the fastest rank's average\n"
    "  Max_Latency(us)      treecast: the slowest rank's average\n"
    "  Bandwidth(MB/s)      Size / Avg_Latency(us)\n"
    "  MPI_Avg_Latency(us)  the MPI's collective: the average over ranks\n"
    "  Speedup              MPI_Avg_Latency(us) / Avg_Latency(us)\n"
    "  Setup(ms)            treecast's setup of the size, the slowest rank's\n"
    "  Iterations           the timed iterations of the size\n"
    "  Verified             yes: every rank got every byte right (NO: exit status 1)\n"
    "\n",
    "examples:\n"
    "  bcast on the star graph S_4 over its 3 edge-disjoint trees beside MPI_Bcast, 1 B to 1 MiB:\n"
    "    mpiexec -n 24 treecast-mpi-bench --net star:4\n"
    "  alltoall on the hypercube Q_4 (16 ranks pick cube:4), 1 KiB blocks, 100 timed calls:\n"
    "    mpiexec -n 16 treecast-mpi-bench --coll alltoall --min 1024 --max 1024 --iterations 100\n"
    "  MPI_Bcast alone, as JSON:\n"
    "    mpiexec -n 8 treecast-mpi-bench --which mpi --format json\n"
    "  on a simulated S_6 (SimGrid SMPI; the platform by treecast platform, see docs/mpi.md):\n"
    "    smpirun -np 720 -platform s6.xml -hostfile s6.hosts treecast-mpi-bench-smpi\n"
    "\n"
    "exit status: 0 success, 1 a run's data not verified, 2 misuse (a bad option, or options\n"
    "treecast cannot set up on these ranks), 4 out of memory.\n",
};

typedef enum { BCAST, SCATTER, ALLGATHER, ALLTOALL } coll_t;
static const char *const COLL_NAMES[] = {"bcast", "scatter", "allgather", "alltoall"};
static const char *const MPI_NAMES[] = {"MPI_Bcast", "MPI_Scatter", "MPI_Allgather",
                                        "MPI_Alltoall"};

typedef enum {
    O_COLL,
    O_NET,
    O_KIND,
    O_SEGMENT,
    O_X,
    O_WINDOW,
    O_MIN,
    O_MAX,
    O_ITERATIONS,
    O_WARMUP,
    O_ROOT,
    O_WHICH,
    O_FORMAT,
    O_HELP,
    O_VERSION,
    O_COUNT
} opt_t;
static const char *const OPTS[] = {"--coll",   "--net",   "--kind",   "--segment",    "--x",
                                   "--window", "--min",   "--max",    "--iterations", "--warmup",
                                   "--root",   "--which", "--format", "--help",       "--version"};

typedef struct {
    tc_mpi_opts_t o;
    coll_t coll;
    int64_t min, max;
    int64_t iterations, warmup; /* -1: OSU's, by size */
    int root, rank, size;
    bool json, ours, theirs;
    unsigned char *send, *recv;
} bench_t;

/* ---- options ------------------------------------------------------------------------------- */

/* The option named by arg's first len characters, or -1. */
static int find_opt(const char *arg, size_t len)
{
    for (int o = 0; o < O_COUNT; o++) {
        if (strlen(OPTS[o]) == len && strncmp(arg, OPTS[o], len) == 0) {
            return o;
        }
    }
    return -1;
}

/* O_HELP or O_VERSION when one of them is among the options, else -1: read before MPI_Init, so
 * that neither needs a launcher. An unknown option ends the look (the parse names it). */
static int wants_info(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        int o = find_opt(argv[i], eq != NULL ? (size_t)(eq - argv[i]) : strlen(argv[i]));
        if ((o == O_HELP || o == O_VERSION) && eq == NULL) {
            return o;
        }
        if (o < 0 || o == O_HELP || o == O_VERSION) {
            return -1;
        }
        i += eq == NULL; /* its value */
    }
    return -1;
}

/* Whether this process is the launcher's rank 0 (or not launched by one): before MPI_Init, only
 * the launchers' variables say. */
static bool first_process(void)
{
    static const char *const VARS[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"};
    for (size_t i = 0; i < sizeof VARS / sizeof VARS[0]; i++) {
        const char *v = getenv(VARS[i]);
        if (v != NULL) {
            return strcmp(v, "0") == 0;
        }
    }
    return true;
}

/* A value as a message quotes it: at most 40 characters, control characters as \xHH (so at most
 * QUOTED bytes). */
#define QUOTED (2 + 40 * 4 + 8)
static const char *quoted(const char *v, char *buf, size_t n)
{
    size_t k = 0;
    buf[k++] = '"';
    for (size_t i = 0; v[i] != '\0' && k + 6 < n; i++) {
        unsigned char ch = (unsigned char)v[i];
        if (i == 40) {
            k += (size_t)snprintf(buf + k, n - k, "...");
            break;
        }
        if (ch < 0x20 || ch == 0x7f) {
            k += (size_t)snprintf(buf + k, n - k, "\\x%02X", ch);
        } else {
            buf[k++] = (char)ch;
        }
    }
    buf[k++] = '"';
    buf[k] = '\0';
    return buf;
}

/* Misuse: one line on rank 0's stderr with the hint; exit status 2. */
static int misuse(const bench_t *b, const char *fmt, ...)
{
    if (b->rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fputs(PROG ": ", stderr);
        vfprintf(stderr, fmt, ap);
        fputs(HINT "\n", stderr);
        va_end(ap);
    }
    return 2;
}

/* An integer option in lo..hi: decimal digits (a sign allowed), nothing around them, no
 * overflow (strtoll's ERANGE), never wrapped into range. */
static int parse_int(const bench_t *b, int o, const char *v, int64_t lo, int64_t hi, int64_t *out)
{
    char *end = NULL, q[QUOTED];
    errno = 0;
    long long n = strtoll(v, &end, 10);
    bool digit = (v[0] >= '0' && v[0] <= '9') || v[0] == '-' || v[0] == '+';
    if (!digit || end == v || *end != '\0' || errno == ERANGE || n < lo || n > hi) {
        return misuse(b, "%s needs %s in %lld..%lld, not %s", OPTS[o],
                      o == O_ROOT ? "a rank" : "an integer", (long long)lo, (long long)hi,
                      quoted(v, q, sizeof q));
    }
    *out = n;
    return 0;
}

/* The word of v among words (count of them), or -1 after the message naming o and v. */
static int parse_word(const bench_t *b, int o, const char *v, const char *const *words, int count,
                      const char *expected)
{
    for (int w = 0; w < count; w++) {
        if (strcmp(v, words[w]) == 0) {
            return w;
        }
    }
    char q[QUOTED];
    misuse(b, "%s must be %s, not %s", OPTS[o], expected, quoted(v, q, sizeof q));
    return -1;
}

static int set_option(bench_t *b, int o, const char *v)
{
    static const char *const WHICH[] = {"both", "treecast", "mpi"};
    static const char *const FORMATS[] = {"text", "json"};
    int64_t n = 0;
    int w = 0;
    switch (o) {
    case O_COLL:
        w = parse_word(b, o, v, COLL_NAMES, 4, "bcast, scatter, allgather or alltoall");
        b->coll = w < 0 ? b->coll : (coll_t)w;
        return w < 0 ? 2 : 0;
    case O_WHICH:
        w = parse_word(b, o, v, WHICH, 3, "both, treecast or mpi");
        b->ours = w != 2;
        b->theirs = w != 1;
        return w < 0 ? 2 : 0;
    case O_FORMAT:
        w = parse_word(b, o, v, FORMATS, 2, "text or json");
        b->json = w == 1;
        return w < 0 ? 2 : 0;
    case O_NET:
    case O_KIND:
        *(o == O_NET ? &b->o.net : &b->o.kind) = v;
        return v[0] == '\0' ? misuse(b, "%s needs a value", OPTS[o]) : 0;
    case O_SEGMENT:
        return parse_int(b, o, v, 1, MAX_BYTES, &b->o.segment);
    case O_MIN:
        return parse_int(b, o, v, 0, MAX_BYTES, &b->min);
    case O_MAX:
        return parse_int(b, o, v, 0, MAX_BYTES, &b->max);
    case O_ITERATIONS:
        return parse_int(b, o, v, 1, MAX_COUNT, &b->iterations);
    case O_WARMUP:
        return parse_int(b, o, v, 0, MAX_COUNT, &b->warmup);
    default: /* O_X, O_WINDOW, O_ROOT: ints */
        break;
    }
    if (o == O_ROOT && parse_int(b, o, v, 0, b->size - 1, &n) != 0) {
        return 2;
    } else if (o != O_ROOT && parse_int(b, o, v, 1, o == O_X ? 1000000 : 65536, &n) != 0) {
        return 2;
    }
    *(o == O_ROOT ? &b->root : o == O_X ? &b->o.x : &b->o.window) = (int)n;
    return 0;
}

/* The options (the same on every rank, so every rank agrees); 0 or 2. */
static int parse(int argc, char **argv, bench_t *b)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *eq = strchr(arg, '=');
        char q[QUOTED];
        int o = arg[0] == '-' && arg[1] == '-'
                    ? find_opt(arg, eq != NULL ? (size_t)(eq - arg) : strlen(arg))
                    : -1;
        if (o < 0) {
            return misuse(b, "%s %s", arg[0] == '-' ? "unknown option" : "unexpected argument",
                          quoted(arg, q, sizeof q));
        } else if (o == O_HELP || o == O_VERSION) {
            return misuse(b, "%s takes no value", OPTS[o]); /* --help=...: no value expected */
        } else if (eq == NULL &&
                   (i + 1 == argc || (argv[i + 1][0] == '-' && argv[i + 1][1] == '-' &&
                                      find_opt(argv[i + 1], strcspn(argv[i + 1], "=")) >= 0))) {
            return misuse(b, "%s needs a value", OPTS[o]);
        }
        const char *v = eq != NULL ? eq + 1 : argv[++i];
        if (set_option(b, o, v) != 0) {
            return 2;
        }
    }
    if (b->min > b->max) {
        return misuse(b, "--min %lld exceeds --max %lld", (long long)b->min, (long long)b->max);
    }
    return 0;
}

/* ---- the collectives ----------------------------------------------------------------------- */

static int64_t send_blocks(const bench_t *b)
{
    return b->coll == SCATTER || b->coll == ALLTOALL ? b->size : 1;
}

static int64_t recv_blocks(const bench_t *b)
{
    return b->coll == ALLGATHER || b->coll == ALLTOALL ? b->size : 1;
}

static int64_t iterations(const bench_t *b, int64_t bytes)
{
    return b->iterations >= 0          ? b->iterations
           : bytes > OSU_LARGE_MESSAGE ? OSU_ITERATIONS_LARGE
                                       : OSU_ITERATIONS;
}

static int64_t warmup(const bench_t *b, int64_t bytes)
{
    return b->warmup >= 0 ? b->warmup : bytes > OSU_LARGE_MESSAGE ? OSU_WARMUP_LARGE : OSU_WARMUP;
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

/* The buffers for --max, on every rank; 0, or 4 (every rank agrees) when one rank has no room. */
static int allocate(bench_t *b)
{
    int64_t room = b->max > 0 ? b->max : 1;
    b->send = malloc((size_t)(send_blocks(b) * room));
    b->recv = malloc((size_t)(recv_blocks(b) * room));
    int oom = b->send == NULL || b->recv == NULL, any = 0;
    MPI_Allreduce(&oom, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any && b->rank == 0) {
        fprintf(stderr, PROG ": --max %lld: %lld bytes of buffers per rank do not fit in memory\n",
                (long long)b->max, (long long)((send_blocks(b) + recv_blocks(b)) * room));
    }
    return any ? 4 : 0;
}

/* treecast's collective for one size, set up on every rank, its setup time (the slowest rank's,
 * at rank 0) in *ms. 0, or the exit status every rank agrees on (2 the options do not fit these
 * ranks, 4 out of memory); rank 0 prints the message of the first rank whose own setup failed
 * (the others' say only that another rank failed). */
static int set_up(const bench_t *b, int64_t bytes, tc_mpi_coll_t **c, double *ms)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    int err = init(b, (int)bytes, c);
    double mine = 1e3 * (MPI_Wtime() - t0);
    MPI_Reduce(&mine, ms, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    int key = err == MPI_SUCCESS     ? 2 * b->size
              : err == MPI_ERR_OTHER ? b->size + b->rank
                                     : b->rank,
        first = 0;
    MPI_Allreduce(&key, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == 2 * b->size) {
        return 0;
    }
    int who = first % b->size, code = err;
    char msg[256];
    snprintf(msg, sizeof msg, "%s", tc_mpi_error());
    MPI_Bcast(&code, 1, MPI_INT, who, MPI_COMM_WORLD);
    if (who != 0 && b->rank == who) {
        MPI_Send(msg, (int)sizeof msg, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    } else if (who != 0 && b->rank == 0) {
        MPI_Recv(msg, (int)sizeof msg, MPI_CHAR, who, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (b->rank == 0) {
        msg[sizeof msg - 1] = '\0';
        char opts[256] = "", *at = opts;
        const char *end = opts + sizeof opts;
        const char *words[] = {"--net", b->o.net, "--kind", b->o.kind};
        for (int k = 0; k < 4; k += 2) {
            at += words[k + 1] != NULL
                      ? snprintf(at, (size_t)(end - at), "%s %.60s ", words[k], words[k + 1])
                      : 0;
        }
        const int nums[] = {(int)b->o.segment, b->o.x, b->o.window};
        for (int k = 0; k < 3; k++) {
            at += nums[k] > 0 ? snprintf(at, (size_t)(end - at), "%s %d ",
                                         OPTS[k == 0   ? O_SEGMENT
                                              : k == 1 ? O_X
                                                       : O_WINDOW],
                                         nums[k])
                              : 0;
        }
        if (at > opts) {
            at[-1] = ':';
        }
        fprintf(stderr, PROG ": %s%s%s cannot be set up on %d rank%s: %s\n", opts,
                at > opts ? " " : "", COLL_NAMES[b->coll], b->size, b->size == 1 ? "" : "s", msg);
    }
    return code == MPI_ERR_ARG ? 2 : 4;
}

/* A warning (rank 0, once) when a host runs more ranks than it has cores online. */
static void warn_oversubscribed(const bench_t *b)
{
    MPI_Comm host;
    int local = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host) ==
        MPI_SUCCESS) {
        MPI_Comm_size(host, &local);
        MPI_Comm_free(&host);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int over = cores > 0 && local > cores,
        mine[3] = {over, over ? local : 0, over ? -(int)cores : INT_MIN}, all[3];
    MPI_Reduce(mine, all, 3, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (b->rank == 0 && all[0]) {
        fprintf(stderr,
                PROG ": warning: %d ranks on a host with %d cores: oversubscribed, the latencies "
                     "measure the scheduler\n",
                all[1], -all[2]);
    }
}

/* ---- measurement --------------------------------------------------------------------------- */

/* Each rank's average latency over the timed iterations, in us (c NULL: the built-in). */
static double time_one(const bench_t *b, tc_mpi_coll_t *c, int64_t bytes, int *err)
{
    int64_t warm = warmup(b, bytes), iters = iterations(b, bytes);
    double total = 0;
    for (int64_t it = 0; it < warm + iters; it++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        int e = c != NULL ? tc_mpi_run(c, NULL) : builtin(b, (int)bytes);
        double t1 = MPI_Wtime();
        *err = *err != MPI_SUCCESS ? *err : e;
        if (it >= warm) {
            total += t1 - t0;
        }
    }
    return 1e6 * total / (double)iters;
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

/* One size: treecast's collective c (NULL: not run) and the built-in, timed and verified; the
 * figures are rank 0's, the verdict every rank's. */
static row_t measure(bench_t *b, tc_mpi_coll_t *c, int64_t bytes, double setup)
{
    int err = MPI_SUCCESS, bad = 0;
    double mine = 0, theirs = 0;
    if (c != NULL) {
        mine = time_one(b, c, bytes, &err);
        bad = verify(b, c, bytes);
    }
    if (b->theirs) {
        theirs = time_one(b, NULL, bytes, &err);
    }
    bad = bad || err != MPI_SUCCESS;
    double mx[2] = {mine, -mine}, r[2] = {0, 0}, s[2] = {mine, theirs}, sums[2] = {0, 0};
    int bad_all = 0;
    MPI_Reduce(mx, r, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(s, sums, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&bad, &bad_all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return (row_t){sums[0] / b->size, -r[1], r[0], sums[1] / b->size, setup, !bad_all};
}

/* ---- output -------------------------------------------------------------------------------- */

static const char *const COLUMNS[] = {"Size",
                                      "Avg_Latency(us)",
                                      "Min_Latency(us)",
                                      "Max_Latency(us)",
                                      "Bandwidth(MB/s)",
                                      "MPI_Avg_Latency(us)",
                                      "Speedup",
                                      "Setup(ms)",
                                      "Iterations",
                                      "Verified"};
#define NCOLUMNS (int)(sizeof COLUMNS / sizeof COLUMNS[0])
#define SIZE_COL_WIDTH 10

static int width(int col)
{
    return (int)strlen(COLUMNS[col]) + 2;
}

/* The network: --net, or the one libtreecast_mpi picks for the ranks (star:n for n!, else cube:n
 * for 2^n; coll_mpi.c), "-" for the MPI's side alone. */
static const char *net_name(const bench_t *b, char *buf, size_t n)
{
    if (!b->ours || b->o.net != NULL) {
        return b->ours ? b->o.net : "-";
    }
    long long f = 1;
    for (int k = 2; k <= 12; k++) {
        f *= k;
        if (f == b->size) {
            snprintf(buf, n, "star:%d", k);
            return buf;
        }
    }
    for (int k = 1; k <= 30; k++) {
        if ((1LL << k) == b->size) {
            snprintf(buf, n, "cube:%d", k);
            return buf;
        }
    }
    return "auto";
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s != '\0'; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            printf("\\%c", ch);
        } else if (ch < 0x20) {
            printf("\\u%04x", ch);
        } else {
            putchar(ch);
        }
    }
    putchar('"');
}

static void header(const bench_t *b)
{
    char auto_net[32];
    const char *net = net_name(b, auto_net, sizeof auto_net);
    const char *kind = !b->ours ? "-" : b->o.kind ? b->o.kind : "default";
    long long seg = b->o.segment ? b->o.segment : 8192;
    int x = b->o.x ? b->o.x : 1, window = b->o.window ? b->o.window : 1;
    if (b->json) {
        printf("{\"tool\":\"" PROG "\",\"version\":\"%s\",\"coll\":\"%s\",\"ranks\":%d,"
               "\"net\":",
               TC_VERSION_STRING, COLL_NAMES[b->coll], b->size);
        json_string(net);
        printf(",\"kind\":");
        json_string(kind);
        printf(",\"segment\":%lld,\"x\":%d,\"window\":%d,"
               "\"iterations\":%lld,\"warmup\":%lld,\"iterations_large\":%lld,"
               "\"warmup_large\":%lld,\"large_above\":%d,\"root\":%d,\"rows\":[",
               seg, x, window, (long long)iterations(b, 1), (long long)warmup(b, 1),
               (long long)iterations(b, OSU_LARGE_MESSAGE + 1),
               (long long)warmup(b, OSU_LARGE_MESSAGE + 1), OSU_LARGE_MESSAGE, b->root);
        return;
    }
    printf("# " PROG " v%s: %s latency, treecast beside %s\n", TC_VERSION_STRING,
           COLL_NAMES[b->coll], MPI_NAMES[b->coll]);
    if (b->ours) {
        printf("# ranks %d, net %s, kind %s, segment %lld, x %d, window %d, root %d\n", b->size,
               net, kind, seg, x, window, b->root);
    } else {
        printf("# ranks %d, root %d (the MPI's side alone)\n", b->size, b->root);
    }
    if (b->iterations >= 0 && b->warmup >= 0) {
        printf("# %lld iterations after %lld warm-up at every size", (long long)b->iterations,
               (long long)b->warmup);
    } else {
        printf("# %lld iterations after %lld warm-up, %lld after %lld above %d bytes",
               (long long)iterations(b, 1), (long long)warmup(b, 1),
               (long long)iterations(b, OSU_LARGE_MESSAGE + 1),
               (long long)warmup(b, OSU_LARGE_MESSAGE + 1), OSU_LARGE_MESSAGE);
    }
    printf("; latencies in us, each rank's average over the iterations\n%-*s", SIZE_COL_WIDTH,
           "# Size");
    for (int col = 1; col < NCOLUMNS; col++) {
        printf("%*s", width(col), COLUMNS[col]);
    }
    printf("\n");
}

static void print_row(const bench_t *b, int64_t bytes, const row_t *r, bool first)
{
    double mbs = r->avg > 0 ? (double)bytes / r->avg : 0;
    long long iters = (long long)iterations(b, bytes);
    if (b->json) {
        /* treecast's figures, the built-in's, treecast's setup: null for a side not run */
        char f[6][32];
        const double v[6] = {r->avg, r->min, r->max, mbs, r->builtin, r->setup};
        for (int k = 0; k < 6; k++) {
            if (k == 4 ? b->theirs : b->ours) {
                snprintf(f[k], sizeof f[k], "%.3f", v[k]);
            } else {
                snprintf(f[k], sizeof f[k], "null");
            }
        }
        printf("%s{\"bytes\":%lld,\"avg_us\":%s,\"min_us\":%s,\"max_us\":%s,\"mb_s\":%s,"
               "\"builtin_avg_us\":%s,\"setup_ms\":%s,\"iterations\":%lld,\"verified\":%s}",
               first ? "" : ",", (long long)bytes, f[0], f[1], f[2], f[3], f[4], f[5], iters,
               b->ours ? (r->verified ? "true" : "false") : "null");
        return;
    }
    char cell[NCOLUMNS][32];
    const double mine[4] = {r->avg, r->min, r->max, mbs};
    for (int col = 1; col < NCOLUMNS; col++) {
        snprintf(cell[col], sizeof cell[col], "-");
    }
    for (int k = 0; k < 4 && b->ours; k++) {
        snprintf(cell[1 + k], sizeof cell[1 + k], "%.2f", mine[k]);
    }
    if (b->theirs) {
        snprintf(cell[5], sizeof cell[5], "%.2f", r->builtin);
    }
    if (b->theirs && b->ours && r->avg > 0) {
        snprintf(cell[6], sizeof cell[6], "%.2f", r->builtin / r->avg);
    }
    if (b->ours) {
        snprintf(cell[7], sizeof cell[7], "%.2f", r->setup);
        snprintf(cell[9], sizeof cell[9], "%s", r->verified ? "yes" : "NO");
    }
    snprintf(cell[8], sizeof cell[8], "%lld", iters);
    printf("%-*lld", SIZE_COL_WIDTH, (long long)bytes);
    for (int col = 1; col < NCOLUMNS; col++) {
        printf("%*s", width(col), cell[col]);
    }
    printf("\n");
}

/* Every size from --min to --max: set up (the first setup that fails ends the run before its
 * row), the header before the first row, time, verify, print. The exit status. */
static int sweep(bench_t *b)
{
    bool first = true;
    int st = 0;
    for (int64_t bytes = b->min; st == 0 && bytes <= b->max; bytes = bytes == 0 ? 1 : bytes * 2) {
        tc_mpi_coll_t *c = NULL;
        double setup = 0;
        if (b->ours && (st = set_up(b, bytes, &c, &setup)) != 0) {
            break;
        }
        if (first) {
            warn_oversubscribed(b);
        }
        if (first && b->rank == 0) {
            header(b);
        }
        row_t r = measure(b, c, bytes, setup);
        tc_mpi_coll_free(c);
        if (b->rank == 0) {
            print_row(b, bytes, &r, first);
            fflush(stdout);
        }
        st = b->ours && !r.verified ? 1 : 0;
        first = false;
    }
    if (b->rank == 0 && b->json && !first) {
        printf("]}\n");
    }
    return st;
}

int main(int argc, char **argv)
{
    int info = wants_info(argc, argv);
    if (info >= 0) {
        for (size_t i = 0; i < sizeof HELP / sizeof HELP[0] && info == O_HELP && first_process();
             i++) {
            fputs(HELP[i], stdout);
        }
        if (info == O_VERSION && first_process()) {
            printf(PROG " %s\n", TC_VERSION_STRING);
        }
        return 0;
    }
    MPI_Init(&argc, &argv);
    bench_t b = {
        .min = 1, .max = 1 << 20, .iterations = -1, .warmup = -1, .ours = true, .theirs = true};
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    int st = parse(argc, argv, &b);
    if (st == 0) {
        st = allocate(&b);
    }
    if (st == 0) {
        st = sweep(&b);
    }
    free(b.send);
    free(b.recv);
    MPI_Finalize();
    return st;
}
