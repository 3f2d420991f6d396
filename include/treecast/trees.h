/* treecast — spanning-tree constructions and materialized forests.
 *
 * A construction is a distributed rule: the dimension leading from a node to its parent in a
 * given tree, computed from the node's own label in O(n) exactly as the paper defines it.
 * Children are derived from the parent rule (u is a child of v in tree t iff u's parent
 * dimension in t leads to v). A forest is the materialized form: one parent-dimension byte per
 * node per tree.
 *
 * Star-graph constructions (Fragopoulou & Akl, paper 000, Section 3), all rooted at I_n and
 * carried to any root h by translation (corrections 000.4):
 *   spt  — SPT_{I_n}, Definition 6: one shortest-path tree over {I_n} and the substars S^k_{n-1},
 *          k >= 2 (the nodes with symbol 1 in position 1 are not in it);
 *   spg  — SPG_{I_n}, Definition 7: n-1 subtrees T_l, each over S^l_{n-1} and S^1_{n-1};
 *   edt  — EDT_{I_n}, Definition 8: n-1 directed-edge-disjoint spanning trees, tree l rooted at
 *          the root's neighbour along dimension l;
 *   bfs  — a breadth-first (shortest-path) spanning tree, the baseline of Section 4.1: a node
 *          with first symbol x != 1 moves x home (dimension x), otherwise it swaps with its first
 *          misplaced position.
 */
#ifndef TREECAST_TREES_H
#define TREECAST_TREES_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* The deepest Hamiltonian path (kind edhp) treecast builds: the check follows chains of at
 * most TC_CHECK_MAX_DEPTH links and the round engine keeps depths in a byte. */
#define TC_EDHP_MAX_DEPTH 250

/* Parent markers besides a dimension. */
#define TC_PARENT_ROOT 0xFE /* the node is the root of this tree */
#define TC_PARENT_NONE 0xFF /* the node is not in this tree */

typedef enum {
    TC_KIND_CUSTOM = 0, /* a forest read from a file whose kind treecast does not know */
    TC_KIND_BFS,
    TC_KIND_SPT,
    TC_KIND_SPG,
    TC_KIND_EDT,
    /* hypercube kinds (Q_n; rules on the relative address node XOR root) */
    TC_KIND_BINOMIAL,      /* the spanning binomial tree (paper 002) */
    TC_KIND_SBNT_MINR,     /* SBnT^minR (paper 002, Section 3) */
    TC_KIND_SBNT_MAXL,     /* SBnT^maxL (Section 4) */
    TC_KIND_SBNT_MINBL,    /* SBnT^minBL (Section 4) */
    TC_KIND_SBNT_MAXBR,    /* SBnT^maxBR (Section 4) */
    TC_KIND_SBG,           /* the SBG as its n rotated SBnTs (Section 3; corrections 002.4) */
    TC_KIND_NEDST,         /* Johnsson-Ho n directed edge-disjoint trees, rooted (paper 003) */
    TC_KIND_NEDST_PIVOTED, /* the same, tree j rooted at the pivot root XOR 2^j */
    TC_KIND_IST,           /* independent spanning trees, Algorithm 5 (paper 004) */
    TC_KIND_IST_HDLS,      /* independent spanning trees, Algorithm 4 (Latin square) */
    /* incomplete hypercube kinds (I_k^n, paper 003; binomial also applies there) */
    TC_KIND_EDST, /* the k+1 directed edge-disjoint spanning trees of Section III */
    TC_KIND_EDHP, /* Theorem 4's directed edge-disjoint Hamiltonian paths (Section IV-A) */
    /* any network (built on the neighbour table; bfs and edst have these rows too) */
    TC_KIND_EDST_UNDIRECTED, /* the most edge-disjoint undirected spanning trees */
    TC_KIND_PACKING, /* the most arc-disjoint spanning trees: edst's packing, on I_k^n too */
    TC_KIND_COUNT_
} tc_kind_t;

/* "bfs", "spt", "spg", "edt", "binomial", "sbnt-minr", ..., "edst", "edhp"; "custom". */
const char *tc_kind_name(tc_kind_t kind);

/* The SBnT variant (tc_sbnt_t) of an sbnt-* kind, -1 for the other kinds. */
int tc_kind_sbnt_variant(tc_kind_t kind);

/* Whether kind is defined on net: by a rule of net's family (edt on S_n, nedst on Q_n, edst on
 * I_k^n), or by a construction for any network (bfs and edst elsewhere). */
bool tc_kind_applies(tc_kind_t kind, const tc_net_t *net);

/* The kinds defined on net as an English list ("edt, spg, spt, bfs or edst"). The string is
 * thread-local, valid until the next call on this thread. */
const char *tc_kind_list(const tc_net_t *net);

/* Where kind comes from on net ("000 Def. 8") and what it is, in one line ("EDT_h, the n-1
 * edge-disjoint spanning trees"); "" when it does not apply. */
const char *tc_kind_source(tc_kind_t kind, const tc_net_t *net);
const char *tc_kind_what(tc_kind_t kind, const tc_net_t *net);

/* Whether a node lists its children in the l-th ordering of paper 000 Section 3 (l+1, ..., the
 * largest dimension, then the smallest, ..., l, for the tree numbered l) rather than by
 * ascending dimension. */
bool tc_kind_children_after_label(tc_kind_t kind, const tc_net_t *net);

/* The edge-disjoint construction of net's own paper (edt on S_n, nedst on Q_n, edst on I_k^n),
 * else the one for any network (edst), else TC_KIND_CUSTOM. */
tc_kind_t tc_kind_primary(const tc_net_t *net);

/* Whether `treecast info` builds and checks kind on small networks like net (the EDT of S_n). */
bool tc_kind_summary(tc_kind_t kind, const tc_net_t *net);

/* Parse a kind name; TC_EINVAL (with detail: every kind, by the family it is defined on) for an
 * unknown one. "custom" is not accepted. */
tc_err_t tc_kind_parse(const char *text, tc_kind_t *out);

/* A least root cut of net, the certificate that a packing of arborescences is as large as can
 * be: the node set X (side[v] = 1; side caller-owned, one byte per node) that holds a node but
 * not root and has the fewest links coming in from outside X; *links receives their number. By
 * Edmonds' branching theorem it is the most arc-disjoint spanning arborescences rooted at root
 * (no tree reaches X but over one of those links), so a packing of *links trees is optimal.
 * Found by max flows (a flow from root to every node, then the nodes the residual network of
 * the smallest cannot reach): O(N k m) for k the answer and m the links, on a network that can
 * be materialized. Errors: TC_EINVAL for a one-node network or a root out of range, TC_ETOOBIG
 * for a network too large to materialize, TC_ENOMEM. */
tc_err_t tc_trees_root_cut(const tc_net_t *net, int64_t root, int *links, uint8_t *side);

/* Number of trees of a construction on net (edt, spg: n-1; spt, bfs, binomial, sbnt-*: 1;
 * sbg, nedst, nedst-pivoted, ist, ist-hdls: n); 0 when the kind does not apply to the
 * network's family. */
int tc_trees_count(const tc_net_t *net, tc_kind_t kind);

/* At least tc_trees_count, at once: the count itself for the kinds with a rule, the degree (at
 * most 64) for the packings (edst and packing on any network, edst-undirected), whose count is
 * a computation as long as the packing itself. For sizing memory before a build. */
int tc_trees_count_bound(const tc_net_t *net, tc_kind_t kind);

/* The root of tree t of kind at root: root, except for kinds whose trees start elsewhere (tree j
 * of nedst-pivoted is rooted at the pivot root XOR 2^j). */
int64_t tc_trees_tree_root(const tc_net_t *net, tc_kind_t kind, int64_t root, int t);

/* The paper's number of tree t (0-based): l = t + 2 for edt and spg (subtree T_l, rooted at the
 * root's neighbour along dimension l); t for the n-tree cube families (tree j of the nEDST and
 * SBG, T_i of the ISTs); 0 for single trees. */
int tc_trees_label(const tc_net_t *net, tc_kind_t kind, int t);

/* ---- star-graph rules at root I_n (O(n), no allocation) ---------------------------------- */

/* p_i of Definition 6 (corrections 000.1): with i in S^k_{n-1}, k >= 2: p_i = i_1 when
 * i_1 != k; otherwise the first position holding a misplaced symbol when positions are scanned
 * cyclically right after k (k+1, ..., n, 2, ..., k; position 1 excluded). 0 when i_1 = 1. */
int tc_star_p(int n, const uint8_t *i);

/* Parent dimension of i in SPT_{I_n} (Definition 6): p_i, TC_PARENT_ROOT for I_n,
 * TC_PARENT_NONE for the other nodes of S^1_{n-1}. */
int tc_star_spt_parent(int n, const uint8_t *i);

/* Parent dimension of i in subtree T_l of SPG_{I_n} (Definition 7), 2 <= l <= n. */
int tc_star_spg_parent(int n, const uint8_t *i, int l);

/* Parent dimension of i in subtree T_l of EDT_{I_n} (Definition 8, equations (1)-(11), with
 * equation (10) as printed: corrections 000.2), 2 <= l <= n. */
int tc_star_edt_parent(int n, const uint8_t *i, int l);

/* All n-1 EDT parent dimensions of i at once: dims[l-2] for l = 2..n. */
void tc_star_edt_parents(int n, const uint8_t *i, uint8_t *dims);

/* Parent dimension of i in the baseline BFS tree rooted at I_n. */
int tc_star_bfs_parent(int n, const uint8_t *i);

/* ---- hypercube rules on the relative address c = node XOR root (O(n), no allocation) -------
 * The rules of the hypercube kinds (papers 002, 003, 004). Each returns a dimension 0..n-1 or
 * TC_PARENT_ROOT. */

/* The spanning binomial tree (complementing leading zeroes): clear the highest 1-bit. */
int tc_cube_binomial_parent(int n, uint64_t c);

/* SBnT^minR (paper 002, Section 3): complement bit k, the first 1-bit below index(c),
 * cyclically; the node is in subtree index(c) of the root. */
int tc_cube_sbnt_minr_parent(int n, uint64_t c);

/* Any of the four SBnT variants (paper 002, Sections 3-4): complement bit k of the variant. */
int tc_cube_sbnt_parent(int n, uint64_t c, tc_sbnt_t variant);

/* The balanced graph SBG (paper 002, Section 3): node c belongs to the subtrees J_c (every j
 * minimizing R^j(c); |J_c| = n / P_c) and has one parent per j in J_c, reached by complementing
 * the first 1-bit below j, cyclically; each path carries weight 1/|J_c|. Writes the parent
 * dimensions and subtrees (at most n each) and returns |J_c|; 0 for c = 0. O(n^2). */
int tc_cube_sbg_parents(int n, uint64_t c, int *dims, int *subtrees);

/* The parent of c in the j-th of the n rotated SBnTs the SBG is made of: the SBG parent of the
 * subtree in J_c that is the lowest >= j, cyclically (corrections 002.4). Tree 0 is the
 * SBnT^minR and tree j is L^j of it. */
int tc_cube_sbg_tree_parent(int n, uint64_t c, int j);

/* The Johnsson-Ho rooted nEDST, tree j (paper 003 Section II-C; corrections 003.1): a node
 * with bit j clear hangs from c XOR 2^j; a node with bit j set flips the last of its other
 * 1-bits in the order j+1, j+2, ..., j-1 (mod n); 2^j hangs from the root. */
int tc_cube_nedst_parent(int n, uint64_t c, int j);

/* The pivoted nEDST, tree j (paper 003 Section III-A): the rooted tree with its first edge
 * reversed, so tree j is rooted at the pivot 2^j and the common root hangs from it. Returns
 * TC_PARENT_ROOT for c = 2^j. */
int tc_cube_nedst_pivoted_parent(int n, uint64_t c, int j);

/* T_i of Algorithm 4 (GEN-PARENTS with the Latin square HDLS_n(x), paper 004 Section 5.1), for
 * root 0 and carried to any root by XOR: the 1-bit positions i_0 < ... < i_{t-1} of c form the
 * first row of the square and succ(i_p) = i_{p+1 mod t}; a 1-bit i is left by subtracting
 * 2^succ(i), a 0-bit by adding 2^i. */
int tc_cube_ist_hdls_parent(int n, uint64_t c, int i);

/* Independent spanning tree T_i of Algorithm 5 (paper 004; corrections 004.1): when bit i
 * of c is 0 the parent flips bit i; otherwise it flips succ(i), the next 1-bit of c after i,
 * cyclically (i itself when it is the only one). */
int tc_cube_ist_parent(int n, uint64_t c, int i);

/* ---- the computation steps of the parallel IST constructions (paper 004 Table 5.6) -------- *
 *
 * The step model. Every processing element (PE) x != r runs, on its own label only, the program
 * of its algorithm, written as loops; one step is one iteration of one of those loops, and each
 * iteration does O(1) work: it examines one bit of c = x XOR r, writes one table entry, reads one
 * table entry while searching, or produces the parent of x in one tree (the test of bit i and the
 * flip together, as the paper's "t_3 = n" counts one step per tree). Messages, and the loop
 * control itself, cost nothing. The response time of the parallel construction is the largest
 * count over the PEs (all PEs run at once); the mean and least counts are given too. The counts
 * depend on c only, so they are the same at every root.
 *
 *   Algorithm 5 (TC_IST_ALGO_5), phases t_1, t_2, t_3:
 *     t_1  H(r,x): the n bits of c examined, the positions where they are 1 listed    n steps
 *     t_2  succ: one table entry per listed position, succ(i_p) = i_{p+1 mod t}       t steps
 *     t_3  the n parents: bit i of c is 0 -> flip i, else flip succ(i)                 n steps
 *   so 2n + t for a PE at Hamming distance t from r, at most 3n (at x = NOT r).
 *
 *   Algorithm 4 (TC_IST_ALGO_HDLS, root 0 carried by XOR), phases:
 *     H_n(x): the n bits of c examined                                                   n steps
 *     HDLS_n(x): the t x t Latin square, one entry per step (row q is H rotated by q)  t^2 steps
 *     GEN-PARENTS: one step per tree, and when bit i is 1 the rows' first entries are read
 *       until the row that starts with i is found (p+1 reads for i = i_p); its second
 *       entry is succ(i)                                                      n + t(t+1)/2 steps
 *   so 2n + t^2 + t(t+1)/2, at most (3n^2 + 5n)/2.
 *
 * The programs are step-annotated twins of tc_cube_ist_parent and tc_cube_ist_hdls_parent (which
 * compute the same parents with word operations); tc_ist_pe_run returns the parents they
 * compute, and the unit tests check them against the kinds' rules for every c (n = 1..12). */
typedef enum {
    TC_IST_ALGO_HDLS = 4, /* paper 004 Algorithm 4 (GEN-PARENTS over HDLS_n(x), Yang et al.) */
    TC_IST_ALGO_5 = 5,    /* paper 004 Algorithm 5 (the chapter's own) */
} tc_ist_algo_t;

#define TC_IST_PHASES 3

/* The phase's name: "t1 H(r,x)", "t2 succ", "t3 parents" (Algorithm 5); "H_n(x)", "HDLS
 * matrix", "GEN-PARENTS" (Algorithm 4); "?" otherwise. */
const char *tc_ist_phase_name(tc_ist_algo_t algo, int phase);

/* One PE's program for c = x XOR r (1 <= n <= TC_CUBE_MAX_N, c < 2^n): the parent dimension in
 * each of the n trees into parents[0..n-1] (TC_PARENT_ROOT for c = 0, which runs no program and
 * counts no step) and the steps of each phase into steps[0..TC_IST_PHASES-1]. TC_EINVAL for an
 * unknown algorithm, TC_ERANGE for n or c out of range. */
tc_err_t tc_ist_pe_run(int n, uint64_t c, tc_ist_algo_t algo, uint8_t *parents,
                       int64_t steps[TC_IST_PHASES]);

/* The steps over the N - 1 PEs x != r of Q_n. */
typedef struct {
    int n;
    tc_ist_algo_t algo;
    int64_t pes;                      /* N - 1 */
    int64_t max, min;                 /* total steps of a PE: the response time is max */
    double mean;                      /* over the N - 1 PEs */
    uint64_t argmax;                  /* the smallest c = x XOR r whose PE takes max steps */
    int64_t phase_max[TC_IST_PHASES]; /* each phase's largest count over the PEs */
    double phase_mean[TC_IST_PHASES]; /* each phase's mean over the PEs */
} tc_ist_steps_t;

/* Runs every PE's program (tc_ist_pe_run for c = 1..2^n - 1) and sums the counts; 1 <= n <=
 * TC_IST_STEPS_MAX_N (TC_ERANGE otherwise), TC_EINVAL for an unknown algorithm. O(2^n n^2). */
#define TC_IST_STEPS_MAX_N 24
tc_err_t tc_ist_steps(int n, tc_ist_algo_t algo, tc_ist_steps_t *out);

/* ---- incomplete hypercube rules (paper 003; node addresses, not relative ones) ------------- */

/* The binomial spanning tree of I_k^n rooted at root: flip the highest bit in which x differs
 * from the root, except that a back node leaves the back cube first (dimension n) and a front
 * node enters it last. Height at most n+1. */
int tc_icube_binomial_parent(int n, int k, uint64_t root, uint64_t x);

/* Tree t (0 <= t <= k) of the k+1 directed edge-disjoint spanning trees of I_k^n rooted at
 * root (paper 003 Section III with the choices of corrections 003.2; see icube_trees.c). */
int tc_icube_edst_parent(int n, int k, uint64_t root, uint64_t x, int t);

/* The balance of an SBnT variant (paper 002, Section 3 and Table 1), measured by streaming over
 * all 2^n relative addresses on `threads` threads (0: every core), nothing materialized:
 * subtree j is {c != 0 : index(c) = j}; A counts the cyclic nodes (period < n, 0 and all-ones
 * included) and B the degenerate necklaces; the binomial tree's subtree of c is its lowest
 * 1-bit. O(2^n n) time (O(2^n n^2) for the variants other than minR), O(n) memory. */
typedef struct {
    int n;
    int64_t subtree[64];  /* SBnT subtree sizes */
    int64_t binomial[64]; /* spanning binomial tree subtree sizes */
    int64_t A;            /* cyclic nodes */
    int64_t B;            /* degenerate necklaces */
    int64_t sbnt_max, sbnt_min, sbt_max;
} tc_balance_t;

tc_err_t tc_cube_balance(int n, tc_sbnt_t variant, int threads, tc_balance_t *out);

/* The parent dimension of node in tree t of construction kind rooted at root. A kind with a
 * per-node rule (the papers' constructions) answers in O(n^2) on S_n (it unranks) and O(n) on
 * the cubes; a kind built whole (bfs on a network without a rule, edst) builds the forest, O(N
 * trees) per call. TC_EINVAL for a kind that does not apply, a bad tree or node. */
tc_err_t tc_trees_parent_dim(const tc_net_t *net, tc_kind_t kind, int64_t root, int t, int64_t node,
                             int *dim);

/* ---- materialized forests ----------------------------------------------------------------- */

typedef struct tc_forest tc_forest_t;

/* An empty forest of ntrees trees on net (every node TC_PARENT_NONE), root `root`. The forest
 * holds a reference to the network (tc_net_free may come first). TC_ETOOBIG when the network cannot
 * be materialized or the memory cannot be had; TC_EINVAL for ntrees outside 1..64. Caller frees
 * with tc_forest_free. */
tc_err_t tc_forest_new(const tc_net_t *net, int ntrees, int64_t root, tc_forest_t **out);

/* Build the materialized forest of construction kind rooted at root with `threads` threads
 * (0 = all cores). TC_EINVAL when the kind does not apply to the network (tc_kind_applies),
 * TC_ETOOBIG when the network cannot be materialized. The papers' constructions take O(N trees
 * n) time; bfs O(N degree); edst the packing's time (src/trees/packing.c). N * trees bytes. */
tc_err_t tc_trees_build(const tc_net_t *net, tc_kind_t kind, int64_t root, int threads,
                        tc_forest_t **out);

void tc_forest_free(tc_forest_t *forest);

const tc_net_t *tc_forest_net(const tc_forest_t *forest);
int tc_forest_trees(const tc_forest_t *forest);
int64_t tc_forest_root(const tc_forest_t *forest);
/* The root of tree t: the forest's root, except for kinds whose trees start elsewhere (tree j
 * of nedst-pivoted is rooted at the pivot root XOR 2^j). */
int64_t tc_forest_tree_root(const tc_forest_t *forest, int t);
void tc_forest_set_tree_root(tc_forest_t *forest, int t, int64_t node);
tc_kind_t tc_forest_kind(const tc_forest_t *forest);
void tc_forest_set_kind(tc_forest_t *forest, tc_kind_t kind);

/* The paper's number of tree t (see tc_trees_label); settable for forests read from files. */
int tc_forest_label(const tc_forest_t *forest, int t);
void tc_forest_set_label(tc_forest_t *forest, int t, int label);

/* The parent-dimension array of tree t (N bytes): a dimension, TC_PARENT_ROOT or
 * TC_PARENT_NONE per node. The trees' arrays are one block, tree after tree:
 * tc_forest_dims(f, t) == tc_forest_dims(f, 0) + t * tc_forest_stride(f) (a (trees, N) array
 * with that row stride; the Python package shows it without a copy). */
uint8_t *tc_forest_dims(tc_forest_t *forest, int t);
const uint8_t *tc_forest_dims_const(const tc_forest_t *forest, int t);
/* The bytes from one tree's array to the next: N, or from 64 KiB N rounded up to a page (4096),
 * so that each tree starts on a page. */
int64_t tc_forest_stride(const tc_forest_t *forest);

/* The parent of node in tree t: a node id, -1 for a root, -2 when node is not in the tree. */
int64_t tc_forest_parent(const tc_forest_t *forest, int t, int64_t node);

/* The parents of nodes lo..lo+count-1 in tree t as node ids into out[0..count-1]: -1 for a
 * root, -2 for a node not in the tree (tc_forest_parent, by the network's walker: O(count n)
 * on S_n without unranking each node, O(count) on the cubes and tables). */
void tc_forest_parents(const tc_forest_t *forest, int t, int64_t lo, int64_t count, int64_t *out);

/* The children of node in tree t, derived from the parent rule. On S_n they are ordered by
 * the l-th ordering of paper 000 Section 3 (l+1, l+2, ..., n, 2, ..., l for the tree numbered
 * l; ascending dimension for trees numbered 0); on Q_n by ascending dimension (the order of
 * paper 002 Section 5). Writes at most degree ids to out; returns the count. O(n^2). */
int tc_forest_children(const tc_forest_t *forest, int t, int64_t node, int64_t *out);

#pragma GCC visibility pop

#endif
