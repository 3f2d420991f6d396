/* What the materialized check (check.c) and the streaming check (stream.c) share (the tc__
 * tier). */
#ifndef TREECAST_CHECK_CHECK_INTERNAL_H
#define TREECAST_CHECK_CHECK_INTERNAL_H

#include "treecast/check.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* ---- independence: a stamped hash set of the inner nodes seen ------------------------------ */

#define TC__SET_BITS 15 /* > 64 trees x (TC_CHECK_MAX_DEPTH + 1) inner nodes: probes end */
#define TC__SET_SIZE (1u << TC__SET_BITS)

typedef struct {
    int64_t key[TC__SET_SIZE];
    uint32_t tag[TC__SET_SIZE];
    uint32_t epoch;
} tc__stamp_set_t;

/* Start a new set (forget every key of the old one). */
static inline void tc__set_clear(tc__stamp_set_t *s)
{
    s->epoch++;
    if (s->epoch == 0) { /* wrapped: forget every old tag */
        memset(s->tag, 0, sizeof s->tag);
        s->epoch = 1;
    }
}

/* Insert x; false when x was already in the set of this epoch. */
static inline bool tc__set_insert(tc__stamp_set_t *s, int64_t x)
{
    uint64_t h = (uint64_t)x * 0x9e3779b97f4a7c15ULL;
    uint32_t i = (uint32_t)(h >> (64 - TC__SET_BITS));
    for (;;) {
        if (s->tag[i] != s->epoch) {
            s->tag[i] = s->epoch;
            s->key[i] = x;
            return true;
        }
        if (s->key[i] == x) {
            return false;
        }
        i = (i + 1) & (TC__SET_SIZE - 1);
    }
}

/* ---- progress and stop: the passes tick every TC__PROGRESS_TICK nodes of their range -------- */

#define TC__PROGRESS_TICK 65536

typedef struct {
    const tc_check_opts_t *opts;
    atomic_llong done;   /* opts->progress: node visits done, weighted */
    atomic_bool stopped; /* opts->stop said so: every pass leaves its loop */
    int64_t total;
} tc__progress_t;

/* Report visits done, and poll opts->stop: whether the check is to stop. */
static inline bool tc__progress_tick(tc__progress_t *p, int64_t visits)
{
    if (p->opts->progress != NULL && visits > 0) {
        int64_t done = atomic_fetch_add_explicit(&p->done, visits, memory_order_relaxed) + visits;
        p->opts->progress(p->opts->progress_ctx, done, p->total);
    }
    if (p->opts->stop != NULL && !atomic_load_explicit(&p->stopped, memory_order_relaxed) &&
        p->opts->stop(p->opts->stop_ctx)) {
        atomic_store_explicit(&p->stopped, true, memory_order_relaxed);
    }
    return atomic_load_explicit(&p->stopped, memory_order_relaxed);
}

/* In a pass's loop over [lo, hi): tick after every TC__PROGRESS_TICK nodes, and once for the
 * rest when the range is done (call with v = hi). w weighs the pass's visits. True: leave the
 * loop (opts->stop said so). */
static inline bool tc__progress_at(tc__progress_t *p, int64_t lo, int64_t v, int64_t hi, int w)
{
    if (v == hi) {
        return tc__progress_tick(p, w * ((hi - lo) % TC__PROGRESS_TICK));
    }
    if ((v - lo + 1) % TC__PROGRESS_TICK == 0) {
        return tc__progress_tick(p, w * TC__PROGRESS_TICK);
    }
    return false;
}

static inline bool tc__progress_stopped(tc__progress_t *p)
{
    return atomic_load_explicit(&p->stopped, memory_order_relaxed);
}

/* Count node v's independence test: its root paths met at an inner node (bad) or one did not
 * reach its root (lost). */
static inline void tc__indep_tally(bool bad, bool lost, int64_t v, int64_t *nodes,
                                   int64_t *unreached, int64_t *violations, int64_t *example)
{
    (*nodes)++;
    *unreached += lost;
    if (bad || lost) {
        (*violations)++;
        *example = *example < 0 || v < *example ? v : *example;
    }
}

/* The rotation test's labels: trees are numbered by dimensions below this. */
#define TC__LABELS 256

/* The rotation test's maps (paper 000 Lemma 6.2) for T trees labelled label[]: rot_tree[t] the
 * tree the rotation maps tree t onto (tree l onto tree r(l); -1: none), and (rot_mark not NULL)
 * rot_mark[d] for every parent marker d: a dimension rotated, any other marker itself. */
void tc__check_rotation_maps(const tc_net_t *net, int T, const int *label, int *rot_tree,
                             uint8_t *rot_mark);

/* The nodes the independence test samples (opts->sample of them, seeded by opts->seed) that lie
 * in [lo, hi), in the sample's order (with repeats), into *out (free it); their count. -1 when
 * memory runs out. */
int64_t tc__check_sample(const tc_check_opts_t *opts, int64_t nodes, int64_t lo, int64_t hi,
                         int64_t **out);

/* The rotation shortcut of the streaming check tests its premise first at TC__SYM_PROBES
 * nodes spread over the network, the k-th of them this one (k < probes <= nodes). */
#define TC__SYM_PROBES 4096
static inline int64_t tc__sym_probe_node(int64_t k, int64_t nodes, int64_t probes)
{
    return k * (nodes / probes) + k * (nodes % probes) / probes;
}

/* How the streaming check walks the trees: every tree (PLAIN); the rotation shortcut where it
 * applies over the whole network, every tree again if its premise fails (AUTO:
 * tc_check_stream); the orbits' first trees only, for tc_check_report_orbits_finish (ORBITS:
 * tc_check_stream_orbits). */
typedef enum { TC__STREAM_PLAIN, TC__STREAM_AUTO, TC__STREAM_ORBITS } tc__stream_mode_t;

/* tc_check_stream with the rules of row (a copy of kind's row on net, its rules replaced) in
 * place of kind's own: for the tests, which break a rule on purpose. row NULL: kind's. */
struct tc__kind;
tc_err_t tc__check_stream_row(const tc_net_t *net, const struct tc__kind *row, tc_kind_t kind,
                              int64_t root, int64_t lo, int64_t hi, const tc_check_opts_t *opts,
                              tc__stream_mode_t mode, tc_check_report_t *report);

#endif
