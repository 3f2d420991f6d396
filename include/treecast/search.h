/* treecast — exact search for least-height directed edge-disjoint spanning trees.
 *
 * The question the constructions leave open: at a root r, what is the least height H such that
 * T spanning trees directed away from r (arborescences) exist in which every directed link is
 * used by at most one tree and every node is within H links of r in every tree? The search
 * answers it with a SAT solver (CaDiCaL): a forest found at H and a proof that none exists at
 * H-1 make H the optimum. It works on any materializable network of the library (star:N,
 * cube:N, icube:N,K) through its neighbour table (sim.h), up to TC_SEARCH_MAX_NODES nodes.
 *
 * The encoding, per tree t: x[t][v][p] (v's parent is its neighbour through port p; exactly one
 * for every v != r), d[t][v][h] (v is within depth h; d[t][r][h] true, d[t][v][H] true, and
 * d[t][v][h] with x[t][v][p] implies d[t][nbr][h-1], which also excludes cycles); per directed
 * link at most one tree. d[t][v][h] is false below dist(r, v). The trees are interchangeable:
 * they are ordered by the smallest port of a root child; when the root has exactly T
 * neighbours, tree t's only root child is then the t-th one, and d[t][v][h] is also false
 * below 1 + dist(c_t, v) in the network without r. Neither loses a solution up to renumbering
 * the trees. Instances refuted by a degree or distance bound alone (T above the degree of the
 * root or of some other node; a node farther than H) are answered without the solver.
 *
 * Height is the largest depth of a node (the root has depth 0), as tc_check_forest measures
 * it. A returned forest has TC_PARENT_ROOT at r and a parent dimension at every other node in
 * every tree; its kind is TC_KIND_CUSTOM (no construction kind describes a searched forest).
 */
#ifndef TREECAST_SEARCH_H
#define TREECAST_SEARCH_H

#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

#define TC_SEARCH_MAX_NODES 4096

typedef enum {
    TC_SEARCH_UNKNOWN = 0, /* the conflict limit stopped the solver first (or nothing tried) */
    TC_SEARCH_FOUND,       /* a forest exists (and was returned) */
    TC_SEARCH_NONE,        /* proved: no such forest exists */
} tc_search_status_t;

/* "found", "none", "unknown". */
const char *tc_search_status_name(tc_search_status_t status);

typedef struct {
    tc_search_status_t status;
    bool trivial;      /* decided by a degree or distance bound, without the solver */
    int height;        /* the height asked for (clamped to N-1) */
    int64_t variables; /* of the encoding (0 when trivial) */
    int64_t clauses;
    int64_t conflicts; /* learned clauses, one per conflict the solver analysed */
    double seconds;    /* wall time, encoding and solving */
} tc_search_result_t;

/* Search for ntrees directed-edge-disjoint spanning trees of net rooted at root, each of height
 * at most height. conflict_limit > 0 stops the solver after that many conflicts (status
 * UNKNOWN); <= 0 means no limit. When out is not NULL it receives the forest when one is found
 * (caller frees with tc_forest_free), NULL otherwise. TC_ETOOBIG for a network of more than
 * TC_SEARCH_MAX_NODES nodes (or an encoding too large); TC_EINVAL for a root outside the
 * network, ntrees outside 1..tc_net_degree(net) or a negative height; TC_EPARSE for a network
 * that is not connected (tc_net_require_connected). Deterministic. */
tc_err_t tc_search_edst(const tc_net_t *net, int64_t root, int ntrees, int height,
                        int64_t conflict_limit, tc_search_result_t *res, tc_forest_t **out);

typedef struct {
    tc_search_status_t status; /* FOUND: height set; NONE: none up to hi, every height proved;
                                  UNKNOWN: none found up to hi and a limit stopped some height */
    int lo;                    /* the eccentricity of the root, where the search starts */
    int hi;                    /* the last height it would try */
    int height;                /* the least height at which a forest was found, -1 if none */
    int lower;                 /* proved: no forest of height below `lower` exists */
    bool optimal;              /* height >= 0 and lower == height */
    int solves;                /* heights decided by the solver (not by a bound) */
    int64_t conflicts;         /* summed over the heights tried */
    double seconds;            /* wall time, all heights */
    tc_search_result_t last;   /* the last height tried (zero, UNKNOWN, when none was) */
} tc_search_least_t;

/* The least height of ntrees directed-edge-disjoint spanning trees rooted at root: tries the
 * heights lo = eccentricity of root, lo+1, ..., hi (hi <= 0: N-1) with tc_search_edst, each
 * with conflict_limit, and stops at the first one with a forest. A height the limit left
 * undecided is passed over (then the forest found above it is not proved optimal). out as in
 * tc_search_edst. Errors as tc_search_edst. */
tc_err_t tc_search_least_height(const tc_net_t *net, int64_t root, int ntrees, int hi,
                                int64_t conflict_limit, tc_search_least_t *res, tc_forest_t **out);

#pragma GCC visibility pop

#endif
