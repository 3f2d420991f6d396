/* treecast — the n x (n-1)! mesh in the star graph S_n (paper 001, Section IV) and the
 * Hamiltonian cycle of S_m it starts from.
 *
 * Paper 001 (Tseng, Chang & Sheu) broadcasts all-to-all along an n x (n-1)! mesh, wrapped
 * around along its rows, embedded in S_n with dilation 3:
 *   r_1      a Hamiltonian cycle (a "ring") of the (n-1)-substar *^{n-1}1, the nodes whose last
 *            symbol is 1;
 *   r_i      T_{i-1,i}(r_{i-1}) for i = 2..n (Definition 1: T_{x,y}(v) swaps the symbols x and
 *            y of v), a ring of *^{n-1}i (Lemma 2, Corollary 1);
 *   (i, j)   the mesh node in row i (1 <= i <= n) and column j (0 <= j < (n-1)!): the j-th node
 *            of r_i. Row i is the ring r_i; column j is r_1[j], r_2[j], ..., r_n[j];
 *   Eq. (4)  the column edge from v = r_{i-1}[j] to T_{i-1,i}(v) = r_i[j] is the path g_n when
 *            v_1 = i, and g_n g_x g_n when v_x = i (2 <= x <= n-1): dilation 3.
 * Steps (1) and (2) of Nonpersonalized_Broadcast send along the columns, in the positive
 * (row i to row i+1) and the negative (row i to row i-1) direction, in three synchronous
 * traversals; the paper claims that no node receives two messages in a traversal.
 * tc_star_mesh_check measures all of this (docs/constructions.md, corrections 001.6).
 *
 * Nodes are the ranks of net.h (the lexicographic rank of the permutation); dimension d
 * (2 <= d <= n) swaps positions 1 and d.
 */
#ifndef TREECAST_STAR_MESH_H
#define TREECAST_STAR_MESH_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* The largest m tc_star_hamilton accepts (10! = 3,628,800 nodes) and the largest n of the mesh
 * (whose first ring is a Hamiltonian cycle of S_{n-1}). */
#define TC_STAR_HAMILTON_MAX_M 10
#define TC_STAR_MESH_MAX_N 10

/* A Hamiltonian cycle of S_m: node[k] (k = 0..length-1) is the k-th node, node[0] = 0 (the
 * identity), and dim[k] the dimension of the edge from node[k] to node[(k + 1) % length]. The
 * dimensions alone are a closed sequence: applied from any node they walk a Hamiltonian cycle
 * (S_m is a Cayley graph). For m = 2 the "cycle" is the one edge of S_2 walked there and back
 * (length 2, dims 2, 2). */
typedef struct {
    int m;
    int64_t length; /* m! */
    int64_t *node;
    uint8_t *dim;
} tc_star_cycle_t;

/* Construct a Hamiltonian cycle of S_m, 2 <= m <= TC_STAR_HAMILTON_MAX_M, by induction on m:
 * the cycle of S_{m-1} is applied in each of the m blocks *^{m-1}b of S_m and the m block
 * cycles are merged into one by exchanging the edges of 6-cycles (src/trees/star_mesh.c proves
 * the exchange). Deterministic: the result depends on m only. It is verified (every node once,
 * consecutive nodes joined along dim[k], closed) before it is returned. *out is zeroed first
 * and on success owns two arrays freed by tc_star_cycle_destroy. TC_ERANGE for m out of range,
 * TC_ENOMEM, TC_ENOTSUP should the merging find no 6-cycle to exchange (it does not happen for
 * any m in range). Time and memory O(m! m): S_8 in 2-7 ms, S_9 in 20-30 ms, S_10 in 1.3-2.5 s
 * (release build, a loaded 2-core machine; S_10's walks miss the cache). */
tc_err_t tc_star_hamilton(int m, tc_star_cycle_t *out);

/* Release c's arrays and zero it; NULL and a zeroed cycle are accepted. */
void tc_star_cycle_destroy(tc_star_cycle_t *c);

/* Count the faults of ring[0..len-1] as a cycle of S_n (2 <= n <= TC_STAR_MESH_MAX_N, len >= 1):
 * entries that are not nodes of S_n, entries that repeat an earlier one, and steps
 * ring[k] -> ring[(k + 1) % len] (the closing step included) that are not edges of S_n.
 * *faults is 0 exactly when the ring is a cycle of S_n (a Hamiltonian one when len = n!; a ring
 * of length 2 is one edge walked both ways). TC_ERANGE for n or len out of range, TC_ENOMEM.
 * O(n! / 8 + len n^2). */
tc_err_t tc_star_ring_faults(int n, const int64_t *ring, int64_t len, int64_t *faults);

/* Eq. (4) of paper 001, for any two symbols: the path from v (a permutation of 1..n, 3 <= n <=
 * TC_STAR_MAX_N) to T_{x,y}(v), where x = v_n is v's last symbol and y != x: g_n when v_1 = y,
 * else g_n g_k g_n with v_k = y. Writes the dimensions in walking order to dims[0..2] and
 * returns the length, 1 or 3; -1 (dims untouched) when y is not a symbol 1..n other than v_n.
 * The path back from T_{x,y}(v) to v is the same sequence (it is a palindrome). O(n). */
int tc_star_swap_path(int n, const uint8_t *v, int y, uint8_t dims[3]);

/* The n x (n-1)! mesh of paper 001 Section IV. Rows are 1-based like the paper's rings,
 * columns 0-based. */
typedef struct {
    int n;
    int64_t cols; /* (n-1)! */
    /* n * cols nodes: node[(i - 1) * cols + j] is mesh node (i, j), the j-th node of r_i */
    int64_t *node;
    /* (n - 1) * cols paths of 4 bytes: the column edge from (i, j) to (i + 1, j), k = (i - 1) *
     * cols + j, is hop[4k] = its length (1 or 3) and hop[4k + 1 .. 4k + length] = the
     * dimensions walked from (i, j) (Eq. (4)); walked from (i + 1, j) back to (i, j) the
     * dimensions come in reverse order. */
    uint8_t *hop;
} tc_star_mesh_t;

/* Build the mesh of S_n, 3 <= n <= TC_STAR_MESH_MAX_N: r_1 is tc_star_hamilton(n - 1) applied
 * from the node 23...n1 (the smallest of *^{n-1}1), r_i = T_{i-1,i}(r_{i-1}), and the column
 * edges are Eq. (4)'s paths. *out is zeroed first and on success owns arrays freed by
 * tc_star_mesh_destroy. TC_ERANGE for n out of range (with a one-line detail message), TC_ENOMEM,
 * the errors of tc_star_hamilton. Time and memory O(n! n). */
tc_err_t tc_star_mesh_new(int n, tc_star_mesh_t *out);

/* Release the mesh's arrays and zero it; NULL and a zeroed mesh are accepted. */
void tc_star_mesh_destroy(tc_star_mesh_t *mesh);

/* The dimensions of the column edge leaving mesh node (i, j): towards (i + 1, j) (positive, 1
 * <= i < n; step (1)) or towards (i - 1, j) (negative, 1 < i <= n; step (2)), in walking
 * order, into dims[0..2]. Returns the length (1 or 3, as stored), or -1 for a node with no such
 * edge. O(1). */
int tc_star_mesh_path(const tc_star_mesh_t *mesh, int i, int64_t j, bool negative, uint8_t dims[3]);

/* What tc_star_mesh_check counts. Index 0 of the per-direction arrays is the positive direction
 * (step (1): every mesh node of rows 1..n-1 sends one message along its column edge), index 1
 * the negative one (step (2): rows 2..n). A message walks its path one link per synchronous
 * traversal; traversal t (0, 1, 2) moves every message whose path has more than t links. */
typedef struct {
    int n;
    int64_t outside;     /* ring entries not a node of S_n, or not in their ring's *^{n-1}i */
    int64_t missing;     /* nodes of S_n in no ring */
    int64_t repeated;    /* ring entries that repeat an earlier entry of any ring */
    int64_t breaks;      /* ring steps (the wrap-around included) that are not edges of S_n */
    int64_t path_faults; /* column edges whose path has a length outside 1..3, a dimension
                            outside 2..n, or does not end at the next row's node */
    int dilation;        /* the longest column path (3) */
    int64_t paths_of_length[4]; /* column edges by path length */
    /* (traversal, node) pairs where a node receives two or more messages */
    int64_t node_overloads[2];
    /* (traversal, directed link) pairs where a link carries two or more messages */
    int64_t link_overloads[2];
    int max_node_load[2]; /* most messages one node receives in one traversal */
    int max_link_load[2]; /* most messages one directed link carries in one traversal */
} tc_star_mesh_report_t;

/* Check the mesh (which may have been altered since tc_star_mesh_new) and count: the rings
 * partition S_n (outside, missing, repeated), every ring is a cycle of S_n (breaks), every
 * column path is valid and ends where it should (path_faults), the dilation, and the
 * congestion of steps (1) and (2) (overloads and loads). The counts are zero and the dilation
 * 3 for every mesh tc_star_mesh_new builds (n = 3..TC_STAR_MESH_MAX_N; the unit tests cover
 * n <= 8). TC_EINVAL when mesh->n or mesh->cols do not match, TC_ENOMEM. O(n! n). */
tc_err_t tc_star_mesh_check(const tc_star_mesh_t *mesh, tc_star_mesh_report_t *out);

#pragma GCC visibility pop

#endif
