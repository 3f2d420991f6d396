/* One-to-all personalized communication (scatter) in routing cycles, the model of paper 002,
 * Section 5: the root holds M elements for every node; in a routing cycle every tree edge used
 * carries one message, the data of (part of) the subtree below it; a cycle costs
 * ts + tc x (elements of its largest message).
 *
 *   one-port: a node sends the data of each child's whole subtree in one cycle, one child per
 *             cycle, starting in the cycle after it received its own, children in the order of
 *             the dimensions after its parent edge's, cyclically (the root: 0, 1, ..., n-1).
 *             On the SBnT this is Lemma 17's schedule (Lemma 16: the children's dimensions are
 *             the next ones after the parent edge's), 2n - 2 cycles.
 *   n-port:   reverse breadth-first: the data of the nodes at distance d leaves the root in
 *             cycle h - d (h the height) and moves one edge per cycle, so every node holds its
 *             data after cycle h - 1; in a cycle the edge into a node at level l carries the
 *             data of the nodes of its subtree at level h + l - 1 - cycle. */
#include "core/internal.h"
#include "treecast/plan.h"

#include <stdlib.h>
#include <string.h>

tc_err_t tc_cycles_scatter(const tc_plan_trees_t *tr, const tc_topo_t *topo, int t, int64_t M,
                           double ts, double tc, bool one_port, tc_cycles_t *out,
                           int32_t *recv_cycle)
{
    memset(out, 0, sizeof *out);
    int64_t N = tr->nodes;
    if (t < 0 || t >= tr->ntrees || M < 1) {
        return tc__fail(TC_EINVAL, "tc_cycles_scatter needs a tree of the plan and M >= 1.");
    }
    const int32_t *cs = tr->cstart + (size_t)t * (size_t)(N + 1);
    const uint8_t *cp = tr->cport + (size_t)t * (size_t)N;
    const uint8_t *pp = tr->pport + (size_t)t * (size_t)N;
    const uint8_t *dp = tr->depth + (size_t)t * (size_t)N;
    const int32_t *sz = tr->size + (size_t)t * (size_t)N;
    int h = 0;
    for (int64_t v = 0; v < N; v++) {
        if (dp[v] == 0xFF) {
            return tc__fail(TC_EINVAL, "The tree does not span: node %lld is not in it.",
                            (long long)v);
        }
        h = dp[v] > h ? dp[v] : h;
    }
    int ports = topo->ports;
    int64_t ncycles = one_port ? 2 * (int64_t)ports * (h + 1) + 2 : h;
    int64_t *largest = tc__calloc_array((size_t)ncycles + 1, sizeof *largest);
    int32_t *recv = recv_cycle != NULL ? recv_cycle : tc__malloc_array((size_t)N, sizeof *recv);
    int64_t *queue = tc__malloc_array((size_t)N, sizeof *queue);
    /* n-port: nodes per (subtree of v, level) is needed per edge; counted by walking up */
    int64_t *atlevel = NULL;
    if (largest == NULL || recv == NULL || queue == NULL) {
        free(largest);
        if (recv_cycle == NULL) {
            free(recv);
        }
        free(queue);
        return tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
    }
    int64_t cycles = 0, messages = 0;
    if (one_port) {
        /* breadth-first from the root, assigning each child its cycle */
        int64_t head = 0, tail = 0;
        recv[tr->root] = -1;
        queue[tail++] = tr->root;
        while (head < tail) {
            int64_t v = queue[head++];
            int after = v == tr->root ? ports - 1 : pp[v]; /* the root starts at port 0 */
            /* children in the order of the ports after `after`, cyclically */
            int32_t slot = 0;
            for (int step = 1; step <= ports; step++) {
                int port = (after + step) % ports;
                for (int32_t q = cs[v]; q < cs[v + 1]; q++) {
                    if (cp[q] != port) {
                        continue;
                    }
                    int64_t u = topo->nbr[v * ports + port];
                    int32_t cyc = recv[v] + 1 + slot++;
                    recv[u] = cyc;
                    int64_t elems = M * sz[u];
                    if (cyc < ncycles && elems > largest[cyc]) {
                        largest[cyc] = elems;
                    }
                    cycles = cyc + 1 > cycles ? cyc + 1 : cycles;
                    messages++;
                    queue[tail++] = u;
                }
            }
        }
    } else {
        /* count, for every node v and level d, the nodes of v's subtree at level d: walk up
         * from every node (height <= 255), adding to each ancestor's row */
        atlevel = tc__calloc_array((size_t)N * (size_t)(h + 1), sizeof *atlevel);
        if (atlevel == NULL) {
            free(largest);
            if (recv_cycle == NULL) {
                free(recv);
            }
            free(queue);
            return tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
        }
        for (int64_t x = 0; x < N; x++) {
            int64_t v = x;
            for (;;) {
                atlevel[v * (h + 1) + dp[x]]++;
                if (v == tr->root) {
                    break;
                }
                v = topo->nbr[v * ports + pp[v]];
            }
            recv[x] = x == tr->root ? -1 : h - 1;
        }
        for (int64_t v = 0; v < N; v++) {
            if (v == tr->root) {
                continue;
            }
            int l = dp[v];
            for (int64_t c = 0; c < h; c++) {
                int64_t d = h + l - 1 - c; /* the level whose data crosses this edge now */
                if (d < l || d > h) {
                    continue;
                }
                int64_t elems = M * atlevel[v * (h + 1) + d];
                if (elems > 0) {
                    messages++;
                    largest[c] = elems > largest[c] ? elems : largest[c];
                }
            }
        }
        cycles = h;
    }
    double time = 0;
    int64_t elements = 0;
    for (int64_t c = 0; c < cycles && c < ncycles; c++) {
        time += ts + tc * (double)largest[c];
        elements += largest[c];
    }
    out->cycles = cycles;
    out->time = time;
    out->critical_elements = elements;
    out->messages = messages;
    out->height = h;
    free(largest);
    free(queue);
    free(atlevel);
    if (recv_cycle == NULL) {
        free(recv);
    }
    return TC_OK;
}
