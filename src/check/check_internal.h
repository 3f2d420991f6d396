/* What the materialized check (check.c) and the streaming check (stream.c) share (the tc__
 * tier). */
#ifndef TREECAST_CHECK_CHECK_INTERNAL_H
#define TREECAST_CHECK_CHECK_INTERNAL_H

#include "treecast/check.h"

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

/* The rotation test's labels: trees are numbered by dimensions below this. */
#define TC__LABELS 256

/* The nodes the independence test samples (opts->sample of them, seeded by opts->seed) that lie
 * in [lo, hi), in the sample's order (with repeats), into *out (free it); their count. -1 when
 * memory runs out. */
int64_t tc__check_sample(const tc_check_opts_t *opts, int64_t nodes, int64_t lo, int64_t hi,
                         int64_t **out);

/* tc_check_stream with the rules of row (a copy of kind's row on net, its rules replaced) in
 * place of kind's own: for the tests, which break a rule on purpose. row NULL: kind's. */
struct tc__kind;
tc_err_t tc__check_stream_row(const tc_net_t *net, const struct tc__kind *row, tc_kind_t kind,
                              int64_t root, int64_t lo, int64_t hi, const tc_check_opts_t *opts,
                              tc_check_report_t *report);

#endif
