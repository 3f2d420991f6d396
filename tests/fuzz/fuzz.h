/* What the libFuzzer harnesses of tests/fuzz share (docs/testing.md): the entry point, a failed
 * property that aborts with a message (libFuzzer then saves the input as a crash), and the
 * split of an input into NUL-terminated fields. */
#ifndef TREECAST_FUZZ_H
#define TREECAST_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "treecast/net.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where a failed property is told; a harness whose code under test prints to stderr points
 * stderr elsewhere and keeps the real one here. */
static FILE *fuzz_log;

#define FUZZ_ASSERT(cond, ...)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            FILE *log_ = fuzz_log != NULL ? fuzz_log : stderr;                                     \
            fprintf(log_, "%s:%d: property failed: %s\n  ", __FILE__, __LINE__, #cond);            \
            fprintf(log_, __VA_ARGS__);                                                            \
            fputc('\n', log_);                                                                     \
            fflush(log_);                                                                          \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The input as up to `max` fields separated by newlines (the last takes the rest, newlines and
 * all), each NUL-terminated (an embedded NUL ends a field early). Returns the number of fields;
 * free(*buf) afterwards. Fields past the input are "". */
static inline int fuzz_fields(const uint8_t *data, size_t size, char **buf, char **field, int max)
{
    char *copy = malloc(size + 1);
    FUZZ_ASSERT(copy != NULL, "out of memory copying %zu bytes", size);
    memcpy(copy, data, size);
    copy[size] = '\0';
    int count = 0;
    char *p = copy;
    while (count < max) {
        field[count++] = p;
        char *nl = count < max ? strchr(p, '\n') : NULL;
        if (nl == NULL) {
            break;
        }
        *nl = '\0';
        p = nl + 1;
    }
    for (int k = count; k < max; k++) {
        field[k] = copy + size;
    }
    *buf = copy;
    return count;
}

/* Node v's links: each leads to another node (at distance 1 when `distance`) that links back,
 * along a dimension tc_net_edge_dim finds; their number lies between the network's smallest and
 * largest degree. Returns it. */
static inline int fuzz_node_links(const tc_net_t *net, int64_t v, bool distance)
{
    int64_t N = tc_net_nodes(net);
    int lo = tc_net_dim_min(net), hi = tc_net_dim_max(net), degree = 0;
    FUZZ_ASSERT(!distance || tc_net_distance(net, v, v) == 0, "distance from %lld to itself",
                (long long)v);
    for (int d = lo; d <= hi; d++) {
        int64_t u = tc_net_neighbor(net, v, d);
        if (u < 0) {
            continue;
        }
        degree++;
        FUZZ_ASSERT(u < N && u != v, "node %lld: neighbour %lld along %d", (long long)v,
                    (long long)u, d);
        int e = tc_net_edge_dim(net, v, u), back = tc_net_edge_dim(net, u, v);
        FUZZ_ASSERT(e >= lo && e <= hi && tc_net_neighbor(net, v, e) == u && back >= lo &&
                        back <= hi && tc_net_neighbor(net, u, back) == v,
                    "link %lld-%lld along %d: edge_dim %d, back %d", (long long)v, (long long)u, d,
                    e, back);
        FUZZ_ASSERT(!distance || tc_net_distance(net, v, u) == 1,
                    "node %lld: neighbour %lld at distance %d", (long long)v, (long long)u,
                    tc_net_distance(net, v, u));
    }
    FUZZ_ASSERT(degree >= tc_net_min_degree(net) && degree <= tc_net_degree(net),
                "node %lld has %d neighbours; degrees %d..%d", (long long)v, degree,
                tc_net_min_degree(net), tc_net_degree(net));
    return degree;
}

/* The text a writer produced into a memory stream (NUL-terminated; free it). */
typedef struct {
    FILE *fp;
    char *text;
    size_t len;
} fuzz_mem_t;

static inline FILE *fuzz_mem_open(fuzz_mem_t *m)
{
    m->text = NULL;
    m->len = 0;
    m->fp = open_memstream(&m->text, &m->len);
    FUZZ_ASSERT(m->fp != NULL, "open_memstream failed");
    return m->fp;
}

static inline void fuzz_mem_close(fuzz_mem_t *m)
{
    FUZZ_ASSERT(fclose(m->fp) == 0, "closing a memory stream failed");
    m->fp = NULL;
}

#endif
