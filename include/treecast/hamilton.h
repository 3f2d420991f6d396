/* treecast — edge-disjoint Hamiltonian cycles of the incomplete hypercube I_k^n (paper 003,
 * Section IV-A, Theorem 4).
 *
 * Theorem 4: I_k^n holds k+1 directed edge-disjoint Hamiltonian cycles (EDHCs) when k+1 is
 * even and k when k+1 is odd, i.e. floor((k+1)/2) undirected EDHCs, each walked in both
 * directions. That is the most undirected ones there can be: a back node has degree k+1 and
 * every undirected Hamiltonian cycle takes two of its edges (k = 0: none, the back node is a
 * leaf). Directed cycles need not pair up: for even k, k+1 arc-disjoint directed Hamiltonian
 * cycles exist in the cases searched (I_2^4..I_2^6, I_4^5, I_4^6; not I_2^3), one more than
 * Theorem 4 (docs/corrections.md; tests/unit/test_hamilton.c pins an I_2^4 certificate).
 * (The paper's Conclusion states the parity the other way round; Theorem 4 is right.)
 *
 * tc_icube_edhc constructs them in the spanning subgraph H = Q_k x P_m of the proof
 * (m = 2^(n-k)+1; the path is S_b, S_g(0), S_g(1), ... with g the reflected Gray code), starting
 * from floor((k+1)/2) edge-disjoint 2-factors of H (a ladder over the top back-cube dimension
 * and the path, widened over one more dimension by Lemma 8 when k is even; the 4-cycles of
 * pairs of the other back-cube dimensions) and merging their cycles by colour-exchanging
 * alternating 4-cycles, in a seeded random order; see src/trees/hamilton.c. The result is
 * verified (tc_edhc_validate) before it is returned, and depends only on (n, k, seed).
 */
#ifndef TREECAST_HAMILTON_H
#define TREECAST_HAMILTON_H

#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/trees.h"

#include <stdint.h>

#pragma GCC visibility push(default)

/* The largest n tc_icube_edhc accepts (every 0 <= k < n <= TC_EDHC_MAX_N). */
#define TC_EDHC_MAX_N 14

/* Undirected edge-disjoint Hamiltonian cycles of I_k^n, cycle c (0 <= c < count) stored as a
 * successor array in one fixed orientation: next[c * nodes + v] is the node after v. */
typedef struct {
    int n, k;
    int count;     /* undirected cycles: tc_icube_edhc_count(n, k) */
    int64_t nodes; /* 2^n + 2^k */
    int64_t *next; /* count * nodes successors; NULL when count is 0 */
    int attempts;  /* restarts the construction needed (1 = the first try succeeded) */
} tc_edhc_t;

/* Theorem 4's number of undirected EDHCs of I_k^n, floor((k+1)/2); 0 outside 0 <= k < n. */
int tc_icube_edhc_count(int n, int k);

/* Theorem 4's number of directed EDHCs (and of directed edge-disjoint Hamiltonian paths from
 * any root), 2 * tc_icube_edhc_count(n, k): k+1 for odd k, k for even k. */
int tc_icube_edhc_directed_count(int n, int k);

/* Construct tc_icube_edhc_count(n, k) undirected EDHCs of net = I_k^n, deterministically from
 * seed (different seeds usually give different cycles). *out is zeroed first and, on success,
 * owns an array freed by tc_edhc_destroy. TC_EINVAL when net is not an incomplete hypercube,
 * TC_ETOOBIG when n > TC_EDHC_MAX_N, TC_ENOMEM, TC_ENOTSUP should the search give up (it has
 * not, for any size in range and the seeds tried). O(2^n n^2) memory. Time (optimized build;
 * k <= 2 is immediate, the start being Hamiltonian already): n <= 10 within 15 ms, n = 12
 * within 0.3 s, n = 13 within 0.6 s, n = 14 up to about 8 s at k = 13 (the arc reversals grow
 * as N^2; see hamilton.c). */
tc_err_t tc_icube_edhc(const tc_net_t *net, uint64_t seed, tc_edhc_t *out);

/* Release h's array and zero it; NULL is accepted. */
void tc_edhc_destroy(tc_edhc_t *h);

/* TC_OK when h describes h->count undirected Hamiltonian cycles of net that are pairwise
 * edge-disjoint: h->n, h->k and h->nodes match net, every next[] is a permutation made of one
 * cycle through all nodes, and every step is an edge of net (tc_net_edge_dim) used by no other
 * step. TC_EINVAL otherwise, with a detail message naming the first fault. O(count N n). */
tc_err_t tc_edhc_validate(const tc_net_t *net, const tc_edhc_t *h);

/* The 2 * h->count directed edge-disjoint Hamiltonian paths from root: path 2c walks cycle c
 * along next[], path 2c+1 walks it backwards, each with the arc into root removed. Writes
 * parent[p * nodes + v] = the node before v on path p (-1 for root). The paths are pairwise
 * arc-disjoint, so they form a forest of directed edge-disjoint spanning trees (each a path)
 * of height nodes-1. TC_EINVAL for a root outside 0..nodes-1. O(count N). */
tc_err_t tc_edhc_paths(const tc_edhc_t *h, int64_t root, int64_t *parent);

/* The same paths as parent dimensions, the repository's forest form: dims[p * nodes + v] is
 * the dimension of the edge from v to its parent on path p, TC_PARENT_ROOT for root (copy
 * dims + p * nodes into tc_forest_dims(f, p)). TC_EINVAL for a bad root. O(count N). */
tc_err_t tc_edhc_path_dims(const tc_edhc_t *h, int64_t root, uint8_t *dims);

/* A forest of the 2 * h->count paths from root on net (kind TC_KIND_CUSTOM, tree p labelled p;
 * set a kind with tc_forest_set_kind). TC_EINVAL when h does not belong to net, for a bad root
 * or when h->count is 0; the errors of tc_forest_new. Caller frees with tc_forest_free. */
tc_err_t tc_edhc_forest(const tc_net_t *net, const tc_edhc_t *h, int64_t root, tc_forest_t **out);

#pragma GCC visibility pop

#endif
