/* treecast-mpi-check: treecast check's streaming check over MPI ranks (tc_mpi_check of
 * libtreecast_mpi, treecast/mpi.h). Every rank parses the same options; rank 0 prints the report
 * exactly as `treecast check` does (text or JSON, tc_report_check_document), progress lines on
 * stderr, and keeps the checkpoint. No mutable globals (SMPI -no-privatize): no getopt. */
#include "treecast/check.h"
#include "treecast/mpi.h"
#include "treecast/net.h"
#include "treecast/report.h"
#include "treecast/rng.h"
#include "treecast/trees.h"
#include "treecast/version.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const char *const HELP[] = {
    "usage: treecast-mpi-check --net NET [--kind KIND] [--root R] [--seed S] [--threads T]",
    "                          [--sample K | --exhaustive] [--properties LIST] [--blocks B]",
    "                          [--checkpoint FILE [--rounds K]] [--every-tree] [--progress]",
    "                          [--format text|json] [--timing]",
    "       (run under mpirun / mpiexec / srun: mpirun -np 4 treecast-mpi-check --net star:11)",
    "",
    "treecast check's streaming check (check --stream) over MPI ranks: the node ids are cut in",
    "blocks, dealt round-robin over the ranks, each block checked from the kind's rule on the",
    "rank's threads with nothing stored per node, the reports merged on rank 0, which prints the",
    "same report as treecast check (the same table, verdict and JSON). With --checkpoint, rank 0",
    "rewrites FILE after every round of blocks; a run stopped at any point resumes from the last",
    "whole round when started again with the same options. Where the network's rotation",
    "permutes the trees (S_n's EDTs, paper 000 Lemma 6.2) one tree of each orbit is walked and",
    "the rotation tested at every node: should it fail anywhere, every block is checked again",
    "with every tree walked.",
    "",
    "options:",
    "  --net NET           the network: star:N, cube:N or icube:N,K",
    "  --kind KIND         the trees, a kind with a rule (edt, spg, spt, bfs on star:N;",
    "                      binomial, sbnt-*, sbg, nedst, nedst-pivoted, ist, ist-hdls on cube:N;",
    "                      binomial, edst on icube:N,K); default: the family's edge-disjoint",
    "                      trees",
    "  --root R            a node label, identity (node 0, the default) or random",
    "  --seed S            the seed of --root random and of the sample (default 1)",
    "  --threads T         worker threads per rank (default: every core the rank sees)",
    "  --sample K          test independence and rotation on K seeded random nodes",
    "  --exhaustive        test every node (the default up to 3,628,800 nodes)",
    "  --properties LIST   comma list of: undirected, independence, excess, rotation, levels, all",
    "                      (default: all that apply, as treecast check)",
    "  --blocks B          blocks of node ids (default 8 per rank)",
    "  --checkpoint FILE   record finished blocks in FILE and resume from it",
    "  --rounds K          stop after K rounds of blocks (one block per rank each), the work kept",
    "                      in the checkpoint: for batch jobs with a time limit (exit status 5)",
    "  --every-tree        walk every tree (no rotation shortcut)",
    "  --progress          a line per round on stderr: blocks done, time, an estimate of the rest",
    "                      (the default when stderr is a terminal)",
    "  --format F          text (default) or json",
    "  --timing            the check's time and rank 0's peak memory",
    "  --help, --version   this text; the version",
    "",
    "exit status: 0 every claim holds, 1 a claim fails, 2 misuse, 3 bad data (a checkpoint of",
    "another run), 4 out of memory or a file that cannot be written, 5 stopped by --rounds",
    "before the end (run the same command again to go on).",
    NULL,
};

typedef struct {
    const char *net, *kind, *root, *props, *checkpoint, *format;
    int64_t seed, threads, sample, blocks, rounds;
    bool exhaustive, progress, timing, json, every_tree;
    int rank;
    double t0;
    int64_t base; /* the blocks done when this run began; -1 before the first progress call */
} args_t;

static int misuse(const args_t *a, const char *fmt, ...)
{
    if (a->rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "treecast-mpi-check: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, " (try 'treecast-mpi-check --help')\n");
        va_end(ap);
    }
    return 2;
}

static int parse_int(const args_t *a, const char *opt, const char *v, int64_t lo, int64_t hi,
                     int64_t *out)
{
    char *end = NULL;
    long long x = v != NULL ? strtoll(v, &end, 10) : 0;
    if (v == NULL || end == v || *end != '\0' || x < lo || x > hi) {
        return misuse(a, "%s needs a whole number from %lld to %lld, not \"%.40s\"", opt,
                      (long long)lo, (long long)hi, v != NULL ? v : "");
    }
    *out = x;
    return 0;
}

static int parse(int argc, char **argv, args_t *a)
{
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool flag = true;
        if (strcmp(o, "--exhaustive") == 0) {
            a->exhaustive = true;
        } else if (strcmp(o, "--progress") == 0) {
            a->progress = true;
        } else if (strcmp(o, "--timing") == 0) {
            a->timing = true;
        } else if (strcmp(o, "--every-tree") == 0) {
            a->every_tree = true;
        } else {
            flag = false;
        }
        if (flag) {
            continue;
        }
        if (v == NULL) {
            return misuse(a, "%.40s needs a value", o);
        }
        int st = 0;
        i++;
        if (strcmp(o, "--net") == 0) {
            a->net = v;
        } else if (strcmp(o, "--kind") == 0) {
            a->kind = v;
        } else if (strcmp(o, "--root") == 0) {
            a->root = v;
        } else if (strcmp(o, "--properties") == 0) {
            a->props = v;
        } else if (strcmp(o, "--checkpoint") == 0) {
            a->checkpoint = v;
        } else if (strcmp(o, "--format") == 0) {
            a->format = v;
        } else if (strcmp(o, "--seed") == 0) {
            st = parse_int(a, o, v, 0, INT64_MAX, &a->seed);
        } else if (strcmp(o, "--threads") == 0) {
            st = parse_int(a, o, v, 1, TC_MAX_THREADS, &a->threads);
        } else if (strcmp(o, "--sample") == 0) {
            st = parse_int(a, o, v, 1, 100000000, &a->sample);
        } else if (strcmp(o, "--blocks") == 0) {
            st = parse_int(a, o, v, 1, (int64_t)1 << 30, &a->blocks);
        } else if (strcmp(o, "--rounds") == 0) {
            st = parse_int(a, o, v, 1, INT64_MAX, &a->rounds);
        } else {
            return misuse(a, "unknown option \"%.40s\"", o);
        }
        if (st != 0) {
            return st;
        }
    }
    if (a->net == NULL) {
        return misuse(a, "--net is required");
    }
    if (a->sample > 0 && a->exhaustive) {
        return misuse(a, "--sample and --exhaustive exclude each other");
    }
    if (a->rounds > 0 && a->checkpoint == NULL) {
        return misuse(a, "--rounds needs --checkpoint (where the rounds done are kept)");
    }
    if (a->format != NULL && strcmp(a->format, "text") != 0 && strcmp(a->format, "json") != 0) {
        return misuse(a, "--format is text or json, not \"%.40s\"", a->format);
    }
    a->json = a->format != NULL && strcmp(a->format, "json") == 0;
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void put_duration(double s, char *buf, size_t cap)
{
    if (s < 120) {
        snprintf(buf, cap, "%.0f s", s);
    } else if (s < 7200) {
        snprintf(buf, cap, "%.0f min", s / 60);
    } else {
        snprintf(buf, cap, "%.1f h", s / 3600);
    }
}

/* Rank 0: once at the start (done: the blocks a checkpoint had), then after every round. */
static void progress(void *ctx, int64_t done, int64_t blocks)
{
    args_t *a = ctx;
    double spent = now() - a->t0;
    if (a->base < 0) {
        a->base = done;
        if (done > 0) {
            fprintf(stderr, "treecast-mpi-check: %lld of %lld blocks from the checkpoint\n",
                    (long long)done, (long long)blocks);
        }
        return;
    }
    char took[32], left[32] = "";
    put_duration(spent, took, sizeof took);
    if (done > a->base && done < blocks) { /* the rate of this run's blocks */
        put_duration(spent / (double)(done - a->base) * (double)(blocks - done), left, sizeof left);
    }
    fprintf(stderr, "treecast-mpi-check: %lld of %lld blocks (%.1f%%) in %s%s%s%s\n",
            (long long)done, (long long)blocks, 100.0 * (double)done / (double)blocks, took,
            left[0] ? ", about " : "", left, left[0] ? " left" : "");
}

static long peak_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

/* The network, the kind, the root and the options, as treecast check takes them; 0 or the exit
 * status (printed on rank 0). */
static int set_up(args_t *a, tc_net_t **net, tc_kind_t *kind, int64_t *root, tc_check_opts_t *o)
{
    if (tc_net_parse(a->net, net) != TC_OK) {
        return misuse(a, "--net: %s", tc_err_detail());
    }
    *kind = tc_kind_primary(*net);
    if (a->kind != NULL && tc_kind_parse(a->kind, kind) != TC_OK) {
        return misuse(a, "--kind: %s", tc_err_detail());
    }
    if (!tc_check_stream_applies(*net, *kind)) {
        char name[TC_LABEL_MAX];
        tc_net_name(*net, name, sizeof name);
        return misuse(a,
                      "kind %s has no rule to follow on %s (the kinds with one: edt, spg, spt, "
                      "bfs on star:N; binomial, sbnt-*, sbg, nedst, nedst-pivoted, ist, "
                      "ist-hdls on cube:N; binomial and edst on icube:N,K)",
                      tc_kind_name(*kind), name);
    }
    *root = 0;
    if (a->root != NULL && strcmp(a->root, "random") == 0) { /* as treecast check draws it */
        tc_rng_t rng;
        tc_rng_seed(&rng, (uint64_t)a->seed, 1);
        *root = (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(*net));
    } else if (a->root != NULL && strcmp(a->root, "identity") != 0 &&
               tc_net_parse_label(*net, a->root, root) != TC_OK) {
        if (a->rank == 0) {
            fprintf(stderr, "treecast-mpi-check: --root: %s\n", tc_err_detail());
        }
        return 3;
    }
    *o = tc_check_defaults();
    o->threads = (int)a->threads;
    o->seed = (uint64_t)a->seed;
    tc_check_opts_t possible;
    tc_check_suggest_kind(*net, *kind, o, &possible);
    if (a->props != NULL && tc_check_properties(a->props, o) != TC_OK) {
        return misuse(a, "--properties: %s", tc_err_detail());
    }
    o->rotation = o->rotation && possible.rotation;
    o->levels = o->levels && possible.levels;
    o->sample = a->sample > 0 ? a->sample : a->exhaustive ? 0 : tc_check_default_sample(*net);
    return 0;
}

static bool wants_info(int argc, char **argv, const char *what)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], what) == 0) {
            return true;
        }
    }
    return false;
}

int main(int argc, char **argv)
{
    if (wants_info(argc, argv, "--help")) { /* without a launcher too */
        for (int k = 0; HELP[k] != NULL; k++) {
            puts(HELP[k]);
        }
        return 0;
    }
    if (wants_info(argc, argv, "--version")) {
        printf("treecast-mpi-check %s\n", tc_version());
        return 0;
    }
    MPI_Init(&argc, &argv);
    args_t a = {.seed = 1, .base = -1};
    MPI_Comm_rank(MPI_COMM_WORLD, &a.rank);
    a.progress = a.rank == 0 && isatty(STDERR_FILENO);
    tc_net_t *net = NULL;
    tc_kind_t kind = TC_KIND_CUSTOM;
    int64_t root = 0;
    tc_mpi_check_run_t run = {0};
    tc_check_opts_t o;
    int st = parse(argc, argv, &a);
    st = st != 0 ? st : set_up(&a, &net, &kind, &root, &o);
    tc_check_report_t *rep = malloc(sizeof *rep);
    if (st == 0 && rep == NULL) {
        st = 4;
    }
    if (st == 0) {
        tc_mpi_check_opts_t m = {.blocks = a.blocks,
                                 .checkpoint = a.checkpoint,
                                 .rounds = a.rounds,
                                 .every_tree = a.every_tree};
        if (a.progress && a.rank == 0) {
            m.progress = progress;
            m.progress_ctx = &a;
        }
        a.t0 = now();
        int err = tc_mpi_check(MPI_COMM_WORLD, net, kind, root, &o, &m, rep, &run);
        double took = now() - a.t0;
        if (err != MPI_SUCCESS) {
            if (a.rank == 0) {
                fprintf(stderr, "treecast-mpi-check: %s\n", tc_mpi_error());
            }
            st = err == MPI_ERR_ARG ? 2 : err == MPI_ERR_FILE ? 3 : 4;
        } else if (!run.finished) {
            if (a.rank == 0) {
                fprintf(stderr,
                        "treecast-mpi-check: stopped after %lld rounds: %lld of %lld blocks done "
                        "(in %s); run the same command again to go on\n",
                        (long long)a.rounds, (long long)run.done, (long long)run.blocks,
                        a.checkpoint);
            }
            st = 5;
        } else if (a.rank == 0) {
            tc_claims_t claims;
            tc_claims_evaluate(net, kind, rep, &claims);
            int size = 1;
            MPI_Comm_size(MPI_COMM_WORLD, &size);
            char how[160], orbits[96] = "";
            if (rep->depth_by_rotation > 0) {
                snprintf(orbits, sizeof orbits,
                         "; the depths of %d of the %d trees by the rotation",
                         rep->depth_by_rotation, rep->ntrees);
            }
            snprintf(how, sizeof how, "streaming on %d rank%s%s%s", size, size == 1 ? "" : "s",
                     run.resumed > 0 ? ", resumed" : "", orbits);
            tc_check_doc_t doc = {
                .root_mode = a.root != NULL && strcmp(a.root, "random") == 0 ? "random" : "given",
                .seed = (uint64_t)a.seed,
                .timing = a.timing,
                .check_s = took,
                .peak_kib = peak_kib(),
                .how = how};
            bool failed_write = tc_report_check_document(stdout, net, kind, root, rep, &claims,
                                                         a.json, &doc) != TC_OK ||
                                fflush(stdout) != 0;
            st = failed_write ? 4 : claims.all_hold ? 0 : 1;
            if (failed_write) {
                fprintf(stderr, "treecast-mpi-check: writing the report failed\n");
            }
        }
    }
    MPI_Bcast(&st, 1, MPI_INT, 0, MPI_COMM_WORLD); /* every rank exits as rank 0 says */
    free(rep);
    tc_net_free(net);
    MPI_Finalize();
    return st;
}
