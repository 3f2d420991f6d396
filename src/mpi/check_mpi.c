/* The streaming check over MPI ranks (treecast/mpi.h, tc_mpi_check): node ids in blocks, the
 * blocks dealt round-robin over the ranks in rounds, each block checked by tc_check_stream on
 * the rank's threads, the partial reports gathered on rank 0 after every round and merged there;
 * with a checkpoint, rank 0 rewrites it after every round (a new file renamed over the old one,
 * so that a stop leaves the last whole one) and a later run with the same arguments takes its
 * finished blocks from it. */
#include "mpi_internal.h"
#include "treecast/check.h"
#include "treecast/mpi.h"
#include "treecast/net.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECKPOINT_MAGIC "treecast-mpi-check checkpoint 2"

/* The run a checkpoint belongs to: network, kind, root, blocks and every option that changes
 * the report. */
static void run_line(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t blocks,
                     const tc_check_opts_t *o, char *buf, size_t cap)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    snprintf(buf, cap,
             "run %s %s root %" PRId64 " blocks %" PRId64 " independence %d sample %" PRId64
             " seed %" PRIu64 " rotation %d excess %d undirected %d levels %d",
             name, tc_kind_name(kind), root, blocks, o->independence, o->sample, o->seed,
             o->rotation, o->excess, o->undirected, o->levels);
}

/* How the blocks are checked, a checkpoint's "mode" line: one tree of each rotation orbit
 * walked, or every tree. */
#define MODE_ORBITS "mode orbits"
#define MODE_EVERY "mode every-tree"

/* Read the checkpoint at path into done[] and *merged (rank 0). MPI_SUCCESS also when the file
 * does not exist (nothing done); MPI_ERR_FILE when it is of another run or malformed. *orbits:
 * the mode this run would take, turned off when the checkpoint walks every tree (its premise
 * failed, or it was asked for); a checkpoint of the orbits where this run walks every tree is
 * of another run. */
static int checkpoint_read(const char *path, const char *run, int64_t blocks, uint8_t *done,
                           tc_check_report_t *merged, int64_t *ndone, bool *orbits)
{
    FILE *f = fopen(path, "r");
    *ndone = 0;
    if (f == NULL) {
        return errno == ENOENT
                   ? MPI_SUCCESS
                   : tc__mpi_fail(MPI_ERR_FILE, "Checkpoint %.200s: %s.", path, strerror(errno));
    }
    int64_t nv = tc_check_report_values();
    int64_t *v = malloc((size_t)nv * sizeof *v);
    char *line = NULL;
    size_t cap = 0;
    int st = v == NULL ? tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.") : MPI_SUCCESS;
    bool magic = false, same = false, report = false, end = false, mode = false;
    while (st == MPI_SUCCESS && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = '\0';
        if (!magic) {
            magic = strcmp(line, CHECKPOINT_MAGIC) == 0;
            if (!magic) {
                break;
            }
        } else if (strncmp(line, "run ", 4) == 0) {
            same = strcmp(line, run) == 0;
            if (!same) {
                st = tc__mpi_fail(MPI_ERR_FILE,
                                  "Checkpoint %.200s is of another run (%.300s); this one is "
                                  "(%.300s).",
                                  path, line, run);
            }
        } else if (same && (strcmp(line, MODE_ORBITS) == 0 || strcmp(line, MODE_EVERY) == 0)) {
            mode = true;
            if (strcmp(line, MODE_EVERY) == 0) {
                *orbits = false;
            } else if (!*orbits) {
                st = tc__mpi_fail(MPI_ERR_FILE,
                                  "Checkpoint %.200s walks one tree of each rotation orbit; this "
                                  "run walks every tree.",
                                  path);
            }
        } else if (strncmp(line, "done ", 5) == 0 && same) {
            for (char *s = line + 5; *s != '\0' && st == MPI_SUCCESS;) {
                char *e = NULL;
                long long a = strtoll(s, &e, 10), b = a;
                if (e != NULL && *e == '-') {
                    b = strtoll(e + 1, &e, 10);
                }
                if (e == s || a < 0 || b < a || b >= blocks) {
                    st = tc__mpi_fail(MPI_ERR_FILE, "Checkpoint %.200s: bad block list.", path);
                    break;
                }
                for (long long k = a; k <= b; k++) {
                    *ndone += !done[k];
                    done[k] = 1;
                }
                s = *e == ',' ? e + 1 : e;
            }
        } else if (strncmp(line, "report ", 7) == 0 && same) {
            char *s = line + 7, *e = NULL;
            int64_t k = 0;
            for (; k < nv; k++, s = e) {
                v[k] = strtoll(s, &e, 10);
                if (e == s) {
                    break;
                }
            }
            report = k == nv && tc_check_report_unpack(v, merged) == TC_OK;
        } else if (strcmp(line, "end") == 0 && same) {
            end = true;
        }
    }
    if (st == MPI_SUCCESS && (!magic || !same || !mode || !report || !end)) {
        st = tc__mpi_fail(MPI_ERR_FILE,
                          "Checkpoint %.200s is not a whole checkpoint of treecast-mpi-check.",
                          path);
    }
    free(line);
    free(v);
    fclose(f);
    return st;
}

/* Write the checkpoint: path.tmp, then renamed over path (rank 0). */
static int checkpoint_write(const char *path, const char *run, bool orbits, int64_t blocks,
                            const uint8_t *done, const tc_check_report_t *merged)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 5);
    int64_t nv = tc_check_report_values();
    int64_t *v = malloc((size_t)nv * sizeof *v);
    if (tmp == NULL || v == NULL) {
        free(tmp);
        free(v);
        return tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory.");
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    FILE *f = fopen(tmp, "w");
    int st = MPI_SUCCESS;
    if (f == NULL) {
        st = tc__mpi_fail(MPI_ERR_FILE, "Checkpoint %.200s: %s.", tmp, strerror(errno));
    } else {
        fprintf(f, "%s\n%s\n%s\ndone", CHECKPOINT_MAGIC, run, orbits ? MODE_ORBITS : MODE_EVERY);
        char sep = ' ';
        for (int64_t k = 0; k < blocks;) {
            if (!done[k]) {
                k++;
                continue;
            }
            int64_t e = k;
            while (e + 1 < blocks && done[e + 1]) {
                e++;
            }
            fprintf(f, e > k ? "%c%" PRId64 "-%" PRId64 : "%c%" PRId64, sep, k, e);
            sep = ',';
            k = e + 1;
        }
        tc_check_report_pack(merged, v);
        fprintf(f, "\nreport");
        for (int64_t k = 0; k < nv; k++) {
            fprintf(f, " %" PRId64, v[k]);
        }
        fprintf(f, "\nend\n");
        bool ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
        ok = fclose(f) == 0 && ok;
        if (!ok || rename(tmp, path) != 0) {
            st = tc__mpi_fail(MPI_ERR_FILE, "Checkpoint %.200s: %s.", path, strerror(errno));
            remove(tmp);
        }
    }
    free(tmp);
    free(v);
    return st;
}

/* Whether every rank succeeded (the worst status is everybody's). */
static int agree(MPI_Comm comm, int st)
{
    int mine = st != MPI_SUCCESS, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, comm);
    if (any && st == MPI_SUCCESS) {
        return tc__mpi_fail(MPI_ERR_OTHER, "Another rank failed the check (it says why).");
    }
    return st;
}

int tc_mpi_check(MPI_Comm comm, const tc_net_t *net, tc_kind_t kind, int64_t root,
                 const tc_check_opts_t *opts, const tc_mpi_check_opts_t *mopts,
                 tc_check_report_t *report, tc_mpi_check_run_t *run)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    memset(report, 0, sizeof *report);
    int64_t N = tc_net_nodes(net), blocks = mopts != NULL ? mopts->blocks : 0;
    blocks = blocks > 0 ? blocks : 8 * (int64_t)size;
    blocks = blocks > N ? (N > 0 ? N : 1) : blocks;
    int64_t nv = tc_check_report_values();
    int st = MPI_SUCCESS;
    if (!tc_check_stream_applies(net, kind)) {
        tc_check_report_t probe;
        (void)tc_check_stream(net, kind, root, 0, 0, opts, &probe); /* the sentence */
        st = tc__mpi_fail(MPI_ERR_ARG, "%s", tc_err_detail());
    }
    uint8_t *done = calloc((size_t)blocks, 1);
    int64_t *mine = malloc((size_t)(nv + 2) * sizeof *mine);
    int64_t *all = rank == 0 ? malloc((size_t)(nv + 2) * (size_t)size * sizeof *all) : NULL;
    tc_check_report_t *part = malloc(sizeof *part);
    if (st == MPI_SUCCESS &&
        (done == NULL || mine == NULL || part == NULL || (rank == 0 && all == NULL))) {
        st = tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld blocks.", (long long)blocks);
    }
    char line[512];
    run_line(net, kind, root, blocks, opts, line, sizeof line);
    const char *path = mopts != NULL ? mopts->checkpoint : NULL;
    /* the same on every rank: the probe reads the rule at the same nodes */
    bool orbits = st == MPI_SUCCESS && (mopts == NULL || !mopts->every_tree) &&
                  tc_check_stream_shortcut(net, kind, root);
    int64_t ndone = 0;
    if (st == MPI_SUCCESS && rank == 0 && path != NULL) {
        st = checkpoint_read(path, line, blocks, done, report, &ndone, &orbits);
    }
    st = agree(comm, st);
    if (st == MPI_SUCCESS) { /* every rank learns which blocks are left, and how */
        int mode = orbits;
        MPI_Bcast(done, (int)blocks, MPI_UINT8_T, 0, comm);
        MPI_Bcast(&ndone, 1, MPI_INT64_T, 0, comm);
        MPI_Bcast(&mode, 1, MPI_INT, 0, comm);
        orbits = mode != 0;
    }
    int64_t resumed = ndone;
    if (st == MPI_SUCCESS && rank == 0 && mopts != NULL && mopts->progress != NULL) {
        mopts->progress(mopts->progress_ctx, ndone, blocks); /* what the checkpoint had */
    }
    int64_t *todo = malloc((size_t)blocks * sizeof *todo);
    if (st == MPI_SUCCESS && todo == NULL) {
        st = tc__mpi_fail(MPI_ERR_NO_MEM, "Out of memory for %lld blocks.", (long long)blocks);
    }
    st = agree(comm, st);
    int64_t budget = mopts != NULL && mopts->rounds > 0 ? mopts->rounds : INT64_MAX;
    while (st == MPI_SUCCESS) { /* once, or twice when the orbits' premise fails */
        int64_t left = 0;
        for (int64_t k = 0; k < blocks; k++) {
            if (!done[k]) {
                todo[left++] = k;
            }
        }
        int64_t rounds = (left + size - 1) / size;
        rounds = rounds < budget ? rounds : budget;
        budget -= rounds;
        for (int64_t r = 0; st == MPI_SUCCESS && r < rounds; r++) {
            int64_t i = r * size + rank, b = i < left ? todo[i] : -1;
            mine[0] = b;
            mine[1] = MPI_SUCCESS;
            if (b >= 0) {
                int64_t lo = N * b / blocks, hi = N * (b + 1) / blocks;
                tc_err_t err = orbits ? tc_check_stream_orbits(net, kind, root, lo, hi, opts, part)
                                      : tc_check_stream(net, kind, root, lo, hi, opts, part);
                if (err != TC_OK) {
                    mine[1] = tc__mpi_fail(err == TC_ENOMEM ? MPI_ERR_NO_MEM : MPI_ERR_OTHER,
                                           "Block %lld: %s", (long long)b, tc_err_detail());
                } else {
                    tc_check_report_pack(part, mine + 2);
                }
            }
            MPI_Gather(mine, (int)(nv + 2), MPI_INT64_T, all, (int)(nv + 2), MPI_INT64_T, 0, comm);
            st = agree(comm, (int)mine[1]);
            if (st == MPI_SUCCESS && rank == 0) {
                for (int q = 0; q < size && st == MPI_SUCCESS; q++) {
                    const int64_t *got = all + (size_t)q * (size_t)(nv + 2);
                    if (got[0] < 0) {
                        continue;
                    }
                    if (tc_check_report_unpack(got + 2, part) != TC_OK) {
                        st = tc__mpi_fail(MPI_ERR_OTHER, "Rank %d sent a report that is not one.",
                                          q);
                        break;
                    }
                    tc_check_report_merge(report, part);
                    done[got[0]] = 1;
                    ndone++;
                }
                if (st == MPI_SUCCESS && path != NULL) {
                    st = checkpoint_write(path, line, orbits, blocks, done, report);
                }
                if (st == MPI_SUCCESS && mopts != NULL && mopts->progress != NULL) {
                    mopts->progress(mopts->progress_ctx, ndone, blocks);
                }
            }
            st = agree(comm, st);
        }
        if (st != MPI_SUCCESS || !orbits) {
            break;
        }
        MPI_Bcast(&ndone, 1, MPI_INT64_T, 0, comm);
        int again = 0; /* stopped before the end: the orbits' report so far */
        if (rank == 0 && ndone == blocks) {
            again = !tc_check_report_orbits_finish(net, report);
        }
        MPI_Bcast(&again, 1, MPI_INT, 0, comm);
        if (!again) {
            break;
        }
        /* The premise failed at some node: every block again, every tree walked. */
        orbits = false;
        memset(done, 0, (size_t)blocks);
        memset(report, 0, sizeof *report);
        ndone = 0;
        if (rank == 0 && path != NULL) {
            st = checkpoint_write(path, line, orbits, blocks, done, report);
        }
        if (st == MPI_SUCCESS && rank == 0 && mopts != NULL && mopts->progress != NULL) {
            mopts->progress(mopts->progress_ctx, ndone, blocks);
        }
        st = agree(comm, st);
    }
    if (st == MPI_SUCCESS) { /* the merged report to every rank */
        if (rank == 0) {
            tc_check_report_pack(report, mine + 2);
        }
        MPI_Bcast(mine + 2, (int)nv, MPI_INT64_T, 0, comm);
        if (rank != 0 && tc_check_report_unpack(mine + 2, report) != TC_OK) {
            st = tc__mpi_fail(MPI_ERR_OTHER, "Rank 0 sent a report that is not one.");
        }
        st = agree(comm, st);
    }
    if (run != NULL) { /* every rank knows as much as rank 0 */
        MPI_Bcast(&ndone, 1, MPI_INT64_T, 0, comm);
        run->blocks = blocks;
        run->resumed = resumed;
        run->done = ndone;
        run->finished = ndone == blocks;
    }
    free(done);
    free(mine);
    free(all);
    free(part);
    free(todo);
    return st;
}
