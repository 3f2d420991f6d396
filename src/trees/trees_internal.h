/* Kinds as descriptors, and the builders behind them (the tc__ tier).
 *
 * A kind is a name (edt, nedst, bfs, ...) with one descriptor row per network family it is
 * defined on, or one row for any network. A row says how many trees the kind has on a network,
 * how they are numbered, how a node finds its parent (the distributed rule of the paper, on any
 * root), how the whole forest is filled fast, in which order a node lists its children, and
 * where the construction comes from. The table is kinds.c's KINDS[]; the family's own rule file
 * (star_trees.c, cube_trees.c, icube_trees.c) holds the functions a row points to; the claims
 * each paper makes about a kind are check's (src/check/claims.c), keyed by the kind.
 */
#ifndef TREECAST_TREES_TREES_INTERNAL_H
#define TREECAST_TREES_TREES_INTERNAL_H

#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct tc__kind tc__kind_t;

struct tc__kind {
    tc_kind_t kind;
    const char *name;   /* "edt" */
    const char *family; /* the family it is defined on ("star"), NULL: any network */
    const char *source; /* the paper and definition: "000 Def. 8" */
    const char *what;   /* one line: "EDT_h, the n-1 edge-disjoint spanning trees" */
    /* Trees on net (0: none; build may then say why). */
    int (*count)(const tc_net_t *net);
    int label_offset; /* tree t is numbered t + label_offset (edt, spg: 2); one tree: 0 */
    /* The parent dimension of node in tree t at root, by the paper's rule (NULL: the forest is
     * only built as a whole, by build). */
    int (*parent)(const tc__kind_t *kind, const tc_net_t *net, int64_t root, int t, int64_t node);
    /* The root of tree t when it is not the forest's root (NULL: it is). */
    int64_t (*tree_root)(const tc_net_t *net, int64_t root, int t);
    /* Fill every parent array of an allocated forest (kind, root, labels set) on threads > 0
     * threads; NULL when build makes the forest. */
    tc_err_t (*fill)(const tc__kind_t *kind, tc_forest_t *forest, int threads);
    /* Make the whole forest (kinds without a per-node rule: Hamiltonian paths, packings). */
    tc_err_t (*build)(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out);
    /* Rules the family's fill uses (one of them is set, by the family of the row): */
    /* S_n at the root I_n, on rel = h^-1 . i, given pos[s] = the position (1-based) of symbol s
     * in rel, so that a walk that keeps pos as it moves pays O(1) for most steps */
    int (*star_rule)(int n, const uint8_t *rel, const uint8_t *pos, int t);
    void (*star_rules)(int n, const uint8_t *rel, uint8_t *dims); /* all trees at once */
    int (*addr_rule)(const tc_net_t *net, uint64_t root, uint64_t x, int t);
    void (*addr_rules)(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees, uint8_t *dims);
    bool after_label; /* children in the l-th ordering of paper 000 Sec. 3, else ascending */
    int sbnt_variant; /* the SBnT variant (tc_sbnt_t) of an sbnt-* kind, -1 otherwise */
    bool summary;     /* `treecast info` builds and checks it on small networks */
    bool primary;     /* the network's edge-disjoint family (search and sim compare with it) */
    bool packed;      /* count packs (a computation); at most the degree (tc_trees_count_bound) */
};

/* The row of kind on net (its family's, else the one for any network), or NULL. */
const tc__kind_t *tc__kind_find(tc_kind_t kind, const tc_net_t *net);

/* tc_forest_new, but the parent arrays are left uninitialized unless clear is true: for
 * builders that write every byte (and so touch every page once, on their own threads). */
tc_err_t tc__forest_alloc(const tc_net_t *net, int ntrees, int64_t root, bool clear,
                          tc_forest_t **out);

/* The parents of nodes lo..lo+count-1 in tree t as node ids into out (-1 for a root, -2 for a
 * node outside the tree or whose parent marker is not a dimension), by the network's walker. */
void tc__forest_parents(const tc_forest_t *forest, int t, int64_t lo, int64_t count, int64_t *out);

/* The fills: permutations walked in id order, the rule applied to h^-1 . i (star_trees.c);
 * addresses (cube_trees.c); any network, from the row's parent rule, in id order. */
tc_err_t tc__star_fill(const tc__kind_t *kind, tc_forest_t *forest, int threads);
tc_err_t tc__addr_fill(const tc__kind_t *kind, tc_forest_t *forest, int threads);

/* The rows' rules and counts, by family (star_trees.c, cube_trees.c, icube_trees.c). */
int tc__star_parent(const tc__kind_t *kind, const tc_net_t *net, int64_t root, int t, int64_t node);
int tc__addr_parent(const tc__kind_t *kind, const tc_net_t *net, int64_t root, int t, int64_t node);
int tc__star_rule_spt(int n, const uint8_t *rel, const uint8_t *pos, int t);
int tc__star_rule_spg(int n, const uint8_t *rel, const uint8_t *pos, int t);
int tc__star_rule_edt(int n, const uint8_t *rel, const uint8_t *pos, int t);
int tc__star_rule_bfs(int n, const uint8_t *rel, const uint8_t *pos, int t);
void tc__star_rules_edt(int n, const uint8_t *rel, uint8_t *dims);

int tc__cube_rule_binomial(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_sbnt_minr(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_sbnt_maxl(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_sbnt_minbl(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_sbnt_maxbr(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_sbg(const tc_net_t *net, uint64_t root, uint64_t x, int t);
void tc__cube_rules_sbg(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees, uint8_t *dims);
int tc__cube_rule_nedst(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_nedst_pivoted(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int64_t tc__cube_pivot_root(const tc_net_t *net, int64_t root, int t);
int tc__cube_rule_ist(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__cube_rule_ist_hdls(const tc_net_t *net, uint64_t root, uint64_t x, int t);
void tc__cube_rules_nedst(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees,
                          uint8_t *dims);
void tc__cube_rules_nedst_pivoted(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees,
                                  uint8_t *dims);
void tc__cube_rules_ist(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees, uint8_t *dims);
void tc__cube_rules_ist_hdls(const tc_net_t *net, uint64_t root, uint64_t x, int ntrees,
                             uint8_t *dims);
int tc__icube_rule_binomial(const tc_net_t *net, uint64_t root, uint64_t x, int t);
int tc__icube_rule_edst(const tc_net_t *net, uint64_t root, uint64_t x, int t);

/* The constructions of any network (generic_trees.c). */
int tc__count_one(const tc_net_t *net);
int tc__count_edst(const tc_net_t *net);
int tc__count_edst_undirected(const tc_net_t *net);
tc_err_t tc__bfs_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out);
tc_err_t tc__edst_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out);
tc_err_t tc__packing_build(const tc_net_t *net, int64_t root, int threads, tc_forest_t **out);
tc_err_t tc__edst_undirected_build(const tc_net_t *net, int64_t root, int threads,
                                   tc_forest_t **out);

#endif
