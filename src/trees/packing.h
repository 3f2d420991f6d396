/* Generic packings of spanning trees on any neighbour table (the tc__ tier): arc-disjoint
 * spanning arborescences of the symmetric digraph (every undirected edge = two opposite arcs),
 * and edge-disjoint undirected spanning trees. They work on a bare tc_topo_t, so they apply to
 * graphs read from files and to families that have no construction of their own, and they give
 * the papers' constructions a yardstick (tree count and depth).
 *
 * Output convention of both packings: ports[t * N + v] is the port of node v leading to its
 * parent in tree t (so the tree's directed edge parent -> child arrives at v on that port), and
 * TC_PARENT_ROOT (0xFE) at the root. Trees are "directed edge-disjoint" when no directed edge
 * parent -> child belongs to two of them, and "edge-disjoint" when no undirected edge does.
 *
 * The topology must be symmetric: when nbr[v * ports + p] = w >= 0 and q is rev[v * ports + p]
 * (p when rev is NULL), then nbr[w * ports + q] = v and rev[w * ports + q] = p. Parallel edges
 * are distinct edges; self-loops are ignored. At most 254 ports (port numbers must stay below
 * 0xFE) and nodes * ports <= INT32_MAX.
 */
#ifndef TREECAST_TREES_PACKING_H
#define TREECAST_TREES_PACKING_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdint.h>

/* The most trees one call packs. */
#define TC__PACK_MAX_TREES 64

/* The arc connectivity from root of the symmetric digraph of topo: the least, over nodes
 * v != root, of the largest number of arc-disjoint root -> v paths. By Edmonds' branching
 * theorem (J. Edmonds, "Edge-disjoint branchings", 1973) it is the largest number of
 * arc-disjoint spanning arborescences rooted at root, i.e. the largest k that
 * tc__pack_arborescences accepts. *k receives it: 0 when some node cannot be reached from root,
 * at most ports otherwise; for a one-node topology (where every tree is the root alone)
 * TC__PACK_MAX_TREES.
 *
 * Errors: TC_EINVAL (detail set) when root is out of range or the table is malformed or not
 * symmetric; TC_ETOOBIG when nodes * ports exceeds INT32_MAX; TC_ENOMEM. Nothing is retained.
 * Time: O(N * k * m) worst case (one unit-capacity max flow per node, at most k augmenting paths
 * each, each path a bidirectional breadth-first search over the m = N * ports arcs); memory
 * O(m). */
tc_err_t tc__arb_connectivity(const tc_topo_t *topo, int64_t root, int *k);

/* A least root cut: side (caller-owned, N bytes) receives 1 on a node set X that holds a node
 * but not root and is entered by the fewest arcs, *k that number (tc__arb_connectivity's
 * answer, by the max-flow min-cut theorem: the nodes the residual digraph of a maximum flow
 * from root to the worst node cannot reach). Errors as for tc__arb_connectivity, and TC_EINVAL
 * for a one-node topology. Time: that of tc__arb_connectivity, plus one flow. */
tc_err_t tc__arb_min_cut(const tc_topo_t *topo, int64_t root, int *k, uint8_t *side);

/* k arc-disjoint spanning arborescences rooted at root in the symmetric digraph of topo: k
 * directed edge-disjoint spanning trees. ports (caller-owned, k * N bytes) receives them in the
 * convention above. The construction is Lovasz's proof of Edmonds' theorem (L. Lovasz, "On two
 * minimax theorems in graph", 1976): one arborescence is grown at a time, an arc being added
 * only when the arcs left over can still hold the arborescences still to come; see packing.c
 * for the exact test. Trees are grown breadth-first (shallowest tree node first, then node id,
 * then port), then an exchange phase trades parents between the trees at each node while that
 * lowers depths; the depths are a heuristic, not an optimum. Deterministic.
 *
 * Errors: TC_EINVAL (detail set) when root is out of range, k < 1, k > TC__PACK_MAX_TREES, k
 * exceeds tc__arb_connectivity, or the table is malformed or not symmetric; TC_ETOOBIG when
 * nodes * ports exceeds INT32_MAX; TC_ENOMEM. On failure the contents of ports are unspecified.
 * Time: O(k^2 * m^2) worst case for the growth (every arc is tested at most once per tree, a
 * test being at most k augmenting paths of O(m) each), in practice about N safety tests per
 * tree, each a few local bidirectional searches; the exchange phase makes at most k * N^2
 * trades, a node visit O(k^2 * ports) and a trade O(ports) per node of the subtrees it moves, in
 * practice a few sweeps over the nodes. Memory O(m + k N). */
tc_err_t tc__pack_arborescences(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports);

enum {
    TC__PACK_NO_EXCHANGE = 1, /* return the trees as grown, without the exchange phase */
    TC__PACK_COUNT_ONLY = 2,  /* tc__pack_most_arborescences: the count, no trees kept */
};

/* tc__pack_arborescences with flags (a mask of the TC__PACK_* values; 0 is the plain call). */
tc_err_t tc__pack_arborescences_flags(const tc_topo_t *topo, int64_t root, int k, unsigned flags,
                                      uint8_t *ports);

/* How tc__pack_most_arborescences found its trees. */
enum {
    TC__PACK_BY_GREEDY = 1, /* the greedy, at the least degree: optimal by the degree cut */
    TC__PACK_BY_FLOWS = 2,  /* the connectivity by flows, then Lovasz's construction */
};

/* The most arc-disjoint spanning arborescences rooted at root, packed. First the fast way:
 * tc__arb_greedy with k = the least degree d of topo (no more can exist: a node of degree d
 * has d arcs coming in, or the root d going out); when it gets stuck, the exact way:
 * tc__arb_connectivity, then tc__pack_arborescences_flags. *k receives the number (0 when
 * none can be packed: root unreachable, more than TC__PACK_MAX_TREES, or one node; then *ports
 * is NULL; NULL too under TC__PACK_COUNT_ONLY, which skips Lovasz's construction after the
 * flows), *ports a malloc'd k * N table (the caller frees it) in the convention above, *how
 * one of TC__PACK_BY_*. flags as in tc__pack_arborescences_flags; the exchange phase follows
 * either way. Errors as for tc__arb_connectivity. Time: O(k m) for the greedy on the networks
 * where it succeeds (most of this field; docs/performance.md), the exact bounds otherwise. */
tc_err_t tc__pack_most_arborescences(const tc_topo_t *topo, int64_t root, unsigned flags, int *k,
                                     uint8_t **ports, int *how);

/* k arc-disjoint spanning arborescences rooted at root grown all at once, breadth-first, one
 * arc per tree in turn, with trades of parents at a node when no tree can grow (arb_greedy.c).
 * A heuristic: *done says whether all k trees span; when they do, ports (caller-owned, k * N)
 * holds them in the convention above, arc-disjoint and acyclic by construction; when not, its
 * contents are unspecified. topo must pass the checks of tc__arb_connectivity and root be in
 * range, 1 <= k <= TC__PACK_MAX_TREES. Errors: TC_ENOMEM only. Time O(k m) plus the trades;
 * memory k N (4 + 1) + m bytes. */
tc_err_t tc__arb_greedy(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports, bool *done);

/* The largest number of edge-disjoint undirected spanning trees of topo (its spanning tree
 * packing number). By the theorem of Nash-Williams and of Tutte (both 1961) it is the least,
 * over partitions of the nodes into p >= 2 parts, of floor(edges between parts / (p - 1)); it
 * is computed constructively, as the largest K for which the K-fold union of the graphic
 * matroid has rank K (N - 1), by Edmonds' matroid partition algorithm (packing.c), adding one
 * forest at a time. *k receives 0 for a disconnected topology, TC__PACK_MAX_TREES for a
 * one-node topology, and never more than TC__PACK_MAX_TREES.
 *
 * Errors: TC_EINVAL (detail set) when the table is malformed or not symmetric; TC_ETOOBIG when
 * nodes * ports exceeds INT32_MAX; TC_ENOMEM. Nothing is retained. Time: O(K^2 * N * E^2) worst
 * case for the answer K, E the edges (at most E insertion attempts per forest count, each a
 * breadth-first search over edges whose labels walk K tree paths of O(N)); in practice a greedy
 * pass places nearly every edge (Q_10: 0.06 s). Memory O(K * N + N * ports). */
tc_err_t tc__spanning_tree_number(const tc_topo_t *topo, int *k);

/* k edge-disjoint undirected spanning trees of topo, each oriented toward root by a
 * breadth-first search inside the tree; ports (caller-owned, k * N bytes) as above. Edmonds'
 * matroid partition algorithm with shortest augmenting chains, as in Roskind and Tarjan ("A
 * note on finding minimum-cost edge-disjoint spanning trees", 1985, without the costs), after
 * a greedy pass in breadth-first order from root; then the exchange phase of
 * tc__pack_arborescences, restricted to edges no other tree uses below the node, lowers
 * depths. The depths are a heuristic, not an optimum. Deterministic.
 *
 * Errors: TC_EINVAL (detail set) when root is out of range, k < 1, k > TC__PACK_MAX_TREES, k
 * exceeds tc__spanning_tree_number, or the table is malformed or not symmetric; TC_ETOOBIG;
 * TC_ENOMEM. On failure the contents of ports are unspecified. Time: O(k * N * E^2) worst case
 * for the partition, plus the exchange phase (as in tc__pack_arborescences); memory
 * O(k * N + N * ports). */
tc_err_t tc__pack_spanning_trees(const tc_topo_t *topo, int64_t root, int k, uint8_t *ports);

/* The most edge-disjoint spanning trees, packed: *k receives their number
 * (tc__spanning_tree_number's, at root) and *ports a malloc'd k * N table as above (NULL when
 * k < 1, for one node, and under TC__PACK_COUNT_ONLY). One partition serves both when the
 * number is found at its bound (the forests grown side by side, then Edmonds' augmentations),
 * which is the common case; else the trees are partitioned again at the number. flags as in
 * tc__pack_spanning_trees_flags. Errors as for it. */
tc_err_t tc__pack_most_spanning_trees(const tc_topo_t *topo, int64_t root, unsigned flags, int *k,
                                      uint8_t **ports);

/* tc__pack_spanning_trees with flags (TC__PACK_NO_EXCHANGE: the trees as partitioned). */
tc_err_t tc__pack_spanning_trees_flags(const tc_topo_t *topo, int64_t root, int k, unsigned flags,
                                       uint8_t *ports);

#endif
