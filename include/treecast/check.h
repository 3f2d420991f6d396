/* treecast — verifying forests, whoever built them.
 *
 * tc_check_forest measures the properties the papers claim: spanning and rooted at the given
 * root, acyclic, the depth of every tree, directed edge-disjointness, how undirected edges are
 * used, independence (internally node-disjoint root paths), the rotation symmetry of paper
 * 000's Lemma 6.2, and the excess of every root path over the distance. It never trusts the
 * construction: every parent is followed, every path walked.
 *
 * tc_claims_evaluate then sets the measured values beside the paper's claims for the forest's
 * kind and says which hold.
 */
#ifndef TREECAST_CHECK_H
#define TREECAST_CHECK_H

#include "treecast/error.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

#define TC_CHECK_MAX_TREES 64
#define TC_CHECK_MAX_DEPTH 250 /* deeper chains are reported as cycles */
#define TC_CHECK_EXCESS_BINS 16
#define TC_CHECK_MAX_LEVELS 48 /* per-level statistics; deeper nodes count in the last level */
#define TC_CHECK_MAX_DIMS 64   /* the most ports of a network (TC_GRAPH_MAX_DEGREE) */

typedef struct {
    int threads;          /* 0 = every core */
    bool independence;    /* test internally node-disjoint root paths */
    int64_t sample;       /* 0 = every node; otherwise this many seeded random nodes */
    uint64_t seed;        /* seed of the sample */
    bool rotation;        /* test Lemma 6.2 (needs trees numbered 2..n) */
    bool excess;          /* histogram of depth minus distance, per node and tree */
    bool undirected;      /* classify undirected edges by use */
    bool levels;          /* nodes, fan-out and edges per dimension per level */
    int64_t nonedge_hint; /* parents that were not neighbours when the forest was read */
    /* Optional: the work done so far and the whole (weighted node visits of the passes), for a
     * progress line. Called from the worker threads, concurrently, every 65536 nodes or so:
     * it must be thread-safe and quick. */
    void (*progress)(void *ctx, int64_t done, int64_t total);
    void *progress_ctx;
    /* Optional: polled from the worker threads as the progress is (about every 65536 nodes of
     * each thread's range, also without a progress callback); once it returns true every thread
     * leaves its pass at its next poll and tc_check_forest returns TC_ECANCELED (the report is
     * then incomplete). For a caller's Ctrl-C (the Python binding's KeyboardInterrupt). */
    bool (*stop)(void *ctx);
    void *stop_ctx;
} tc_check_opts_t;

/* The defaults: every core, independence and excess on, exhaustive, rotation off. */
tc_check_opts_t tc_check_defaults(void);

/* The optional properties of a comma list (undirected, independence, excess, rotation, levels,
 * all; spanning and disjoint are always measured and may be named) set in *o, the others
 * cleared. TC_EINVAL naming an unknown property (or for a list of none); *o unchanged then. */
tc_err_t tc_check_properties(const char *list, tc_check_opts_t *o);

/* What treecast check tests independence and rotation on by default: every node up to
 * TC_CHECK_EXHAUSTIVE_MAX nodes (S_10), above that TC_CHECK_SAMPLE seeded random nodes. */
#define TC_CHECK_EXHAUSTIVE_MAX 3628800
#define TC_CHECK_SAMPLE 100000
int64_t tc_check_default_sample(const tc_net_t *net);

/* Working memory, in bytes, that tc_check_forest needs for a forest of ntrees trees on net with
 * these options (the forest itself not included). O(1). */
int64_t tc_check_memory(const tc_net_t *net, int ntrees, const tc_check_opts_t *opts);

typedef struct {
    int64_t nodes;
    int ntrees;
    int64_t root;
    /* per tree */
    int label[TC_CHECK_MAX_TREES];           /* the paper's number of each tree */
    int64_t tree_root[TC_CHECK_MAX_TREES];   /* the root of each tree */
    int64_t members[TC_CHECK_MAX_TREES];     /* nodes carrying a parent or the root marker */
    int64_t reached[TC_CHECK_MAX_TREES];     /* nodes whose parent chain reaches the root */
    int64_t cyclic[TC_CHECK_MAX_TREES];      /* members that never reach a root (cycles) */
    int64_t detached[TC_CHECK_MAX_TREES];    /* members whose chain ends at a non-member */
    int64_t extra_roots[TC_CHECK_MAX_TREES]; /* nodes other than the root marked as root */
    int64_t bad_dims[TC_CHECK_MAX_TREES];    /* parent markers that are not dimensions */
    bool root_ok[TC_CHECK_MAX_TREES];        /* the tree's root carries the root marker */
    int depth[TC_CHECK_MAX_TREES];           /* largest depth among reached nodes */
    /* reached nodes by depth, per tree (the last count: that deep or deeper) */
    int64_t depth_count[TC_CHECK_MAX_TREES][TC_CHECK_MAX_LEVELS];
    int root_children[TC_CHECK_MAX_TREES];  /* children of the root */
    int root_child_dim[TC_CHECK_MAX_TREES]; /* dimension of the first child, or -1 */
    int64_t nonedges;                       /* from opts.nonedge_hint */
    /* across trees */
    int64_t shared_directed; /* directed edges used by two or more trees */
    int64_t shared_nodes;    /* nodes whose parent edge is shared */
    bool undirected_tested;
    int64_t undirected_use[4];   /* undirected edges used 0, 1, 2, 3+ times (both directions) */
    int64_t undirected_same_way; /* edges used twice in the same direction */
    /* independence */
    bool indep_tested;
    bool indep_sampled;
    uint64_t indep_seed;
    int64_t indep_nodes;      /* nodes tested */
    int64_t indep_violations; /* nodes whose root paths meet at an inner node */
    int64_t indep_unreached;  /* tested nodes with a path that does not reach the root */
    int64_t indep_example;    /* first violating node, or -1 */
    /* path excess: depth minus distance to the root */
    bool excess_tested;
    int64_t excess[TC_CHECK_EXCESS_BINS]; /* last bin: that much or more */
    int64_t excess_odd;                   /* odd excesses (impossible in a bipartite graph) */
    /* levels (level = depth in the tree; every tree counted) */
    bool levels_tested;
    int64_t level_nodes[TC_CHECK_MAX_LEVELS]; /* reached nodes per level, summed over trees */
    int level_fanout[TC_CHECK_MAX_LEVELS];    /* largest number of children at a level */
    /* tree 0's edges into level l along dimension d (d - smallest dimension) */
    int64_t level_dim_edges[TC_CHECK_MAX_LEVELS][TC_CHECK_MAX_DIMS];
    int64_t cyclic_inner; /* Q_n: cyclic non-root nodes that have children (Lemma 8) */
    /* Q_n, forests of several trees: non-root nodes whose number of distinct parents over all
     * trees is not n / P_c, the size of J_c (the SBG's parents, paper 002 Section 3) */
    int64_t parents_mismatch;
    /* rotation (Lemma 6.2) */
    bool rot_tested;
    int64_t rot_checked;    /* (node, tree) pairs compared */
    int64_t rot_violations; /* pairs where parent_{r(l)}(R_h(i)) != R_h(parent_l(i)) */
    /* The rotation shortcut (tc_check_stream_shortcut): trees whose reached, cyclic and
     * detached counts and depths were taken from another tree of their orbit under the
     * rotation, once the rotation was found to map every node's parents as Lemma 6.2 says (0:
     * every tree walked, as by tc_check_forest). */
    int depth_by_rotation;
    /* tc_check_stream_orbits: the nodes checked with the orbits' first trees walked alone (their
     * figures wait for tc_check_report_orbits_finish; 0 when none wait), and the (node, tree)
     * pairs among them where the rotation did not map the parents as Lemma 6.2 says. */
    int64_t orbit_nodes;
    int64_t orbit_premise_bad;
} tc_check_report_t;

/* Check forest. Fills *report; TC_ENOMEM when the working memory (tc_check_memory: a depth
 * memo of N * trees bytes, N bytes of distances where the family has no formula, 8N bytes for
 * undirected use, the neighbour table of a family without a walker of its own) cannot be had.
 * The forest is not modified. Time: O(N * trees * degree) for spanning and disjointness, plus
 * O(tested * trees * depth * degree) for independence. */
tc_err_t tc_check_forest(const tc_forest_t *forest, const tc_check_opts_t *opts,
                         tc_check_report_t *report);

/* ---- the streaming check: from the rule, over a range of nodes, nothing stored -------------
 *
 * The constructions of the papers are distributed rules: a node computes its parent in every
 * tree from its own label. tc_check_stream measures what tc_check_forest measures (every field
 * of the report, with the same options) without a forest: each node's parents come from the
 * kind's rule, each node's depth from a walk up its tree (a step per level, each step the rule
 * again), the children and the edge use from the rule at the neighbours. Memory is independent
 * of the network's size (the sampled nodes of the independence test aside), so it checks
 * networks whose forest does not fit, and a range at a time: the reports of disjoint ranges that
 * cover the nodes, merged by tc_check_report_merge, equal tc_check_forest's report of the built
 * forest (the ranges in any order, on any number of threads or machines). */

/* Whether kind has a per-node rule on net that the streaming check can follow: on S_n edt,
 * spg, spt and bfs; on Q_n every kind with a rule; on I_k^n the binomial tree and edst. */
bool tc_check_stream_applies(const tc_net_t *net, tc_kind_t kind);

/* The partial report of nodes lo..hi-1 of kind's forest at root (0 <= lo <= hi <= nodes):
 * counts over the range, maxima over the range, and the facts of the whole forest (tree roots,
 * labels, root markers, the roots' children) that every range states alike. opts as for
 * tc_check_forest; opts->sample draws the same sample over all the nodes and tests the drawn
 * nodes of the range. TC_EINVAL when the kind has no rule here (tc_check_stream_applies) or the
 * range or root is outside the network, TC_ENOMEM, TC_ECANCELED when opts->stop said so.
 * Time: O(range x trees x (depth + degree) x the rule's cost), plus the independence walks. */
tc_err_t tc_check_stream(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t lo, int64_t hi,
                         const tc_check_opts_t *opts, tc_check_report_t *report);

/* The rotation shortcut. Over the whole network (lo = 0, hi = nodes), where the network has a
 * rotation R about the root (S_n) that permutes kind's trees (tree l onto tree r(l), as on S_n's
 * EDTs), tc_check_stream tests at every node that R maps its parents in every tree as paper
 * 000's Lemma 6.2 says; where that holds everywhere, R maps tree l onto tree r(l) node for node
 * and keeps the root, so the trees of an orbit of R have the same reached, cyclic and detached
 * counts and the same depths, and only one tree of each orbit is walked
 * (report->depth_by_rotation: the trees that were not). Where the test fails at some node, the
 * check is made again with every tree walked. Whether tc_check_stream over the whole network
 * would take the shortcut (the test holding at 4,096 nodes spread over the network;
 * the check itself tests every node): */
bool tc_check_stream_shortcut(const tc_net_t *net, tc_kind_t kind, int64_t root);

/* The shortcut over ranges, for a check split across processes (treecast-mpi-check): the
 * partial report of nodes lo..hi-1 as tc_check_stream's, except that only the first tree of
 * each orbit is walked (the others' reached, cyclic and detached counts and depths left at 0,
 * the excess and level counts of the walked tree weighted by its orbit's size, which sums to
 * every tree's over the whole network) and the premise is counted at every node of the range
 * (report->orbit_nodes, orbit_premise_bad). TC_EINVAL where the rotation does not permute the
 * trees (no shortcut at any root: tc_check_stream_shortcut false). Merge the reports of ranges
 * that cover every node once with tc_check_report_merge, then tc_check_report_orbits_finish. */
tc_err_t tc_check_stream_orbits(const tc_net_t *net, tc_kind_t kind, int64_t root, int64_t lo,
                                int64_t hi, const tc_check_opts_t *opts, tc_check_report_t *report);

/* Fill in the figures of the trees that tc_check_stream_orbits did not walk, from their orbit's
 * first tree (report->depth_by_rotation counts them; orbit_nodes back to 0). True when the
 * report is whole: nothing waited, or the ranges covered every node and the premise held at
 * every one of them. False otherwise, the report unchanged: then the premise failed somewhere
 * (orbit_premise_bad > 0) or not every node was merged, and the check is to be made with
 * every tree walked (tc_check_stream over ranges). */
bool tc_check_report_orbits_finish(const tc_net_t *net, tc_check_report_t *report);

/* Add the partial report part to *into: counts add up, maxima and examples combine, the facts
 * of the whole forest are kept. An all-zero *into (memset) takes part as it is. */
void tc_check_report_merge(tc_check_report_t *into, const tc_check_report_t *part);

/* The report as tc_check_report_values() numbers, every field in a fixed order (booleans 0 or
 * 1): what is sent between processes or written to a file to be merged later. unpack checks
 * the ranges (TC_EPARSE when the numbers cannot be a report). */
int64_t tc_check_report_values(void);
void tc_check_report_pack(const tc_check_report_t *report, int64_t *out);
tc_err_t tc_check_report_unpack(const int64_t *in, tc_check_report_t *report);

/* Working memory, in bytes, that tc_check_stream needs with these options on this many threads
 * (opts->threads, 0: every core). O(1). */
int64_t tc_check_stream_memory(const tc_net_t *net, tc_kind_t kind, const tc_check_opts_t *opts);

/* ---- two families side by side (paper 002, Lemmas 13 and 15, Theorem 5) -------------------- */

typedef struct {
    int pairs;                                 /* tree pairs compared: tree t of a with t of b */
    int64_t shared[TC_CHECK_MAX_TREES];        /* per pair: directed edges in both, any level */
    int64_t shared_below1[TC_CHECK_MAX_TREES]; /* ... whose parent is not the root */
    int64_t shared_below1_total;
    int64_t example; /* the lowest node whose parent edge is shared below level 1, or -1 */
    /* subtree sizes of the root (tree 0 of each), by the dimension of the root's edge */
    int64_t subtree_a[TC_CHECK_MAX_DIMS], subtree_b[TC_CHECK_MAX_DIMS];
    bool subtrees_equal_as_multiset;
    bool subtrees_equal_reversed; /* a's subtree along d has b's size along degree-1-d */
    /* Q_n: the bit-reversal map v -> root XOR B(v XOR root) as an isomorphism from a to b */
    bool reversal_tested;
    int64_t reversal_violations; /* (node, tree) pairs with parent_b(map v) != map parent_a(v) */
} tc_compare_t;

/* Compare forests a and b on the same network and root: trees are paired by position (the
 * smaller count is used). TC_EINVAL when the networks or roots differ. O(N trees depth). */
tc_err_t tc_compare_forests(const tc_forest_t *a, const tc_forest_t *b, tc_compare_t *out);

/* ---- the paper's claims beside the measured values ---------------------------------------- */

typedef enum {
    TC_VERDICT_HOLDS = 0, /* the claim is confirmed by the measurement */
    TC_VERDICT_FAILS,     /* the measurement contradicts the claim */
    TC_VERDICT_INFO,      /* measured only; no claim for this kind */
    TC_VERDICT_SKIPPED,   /* not measured in this run */
} tc_verdict_t;

typedef struct {
    char key[24];       /* stable identifier: "spanning", "depth", ... */
    char property[48];  /* human name */
    char measured[160]; /* what treecast measured */
    char claim[120];    /* what the paper claims (or "" when there is no claim) */
    char source[48];    /* where the claim comes from: "000 Lemma 6.1", "corrections 000.5" */
    tc_verdict_t verdict;
} tc_claim_row_t;

#define TC_CLAIMS_MAX 32

typedef struct {
    int count;
    tc_claim_row_t rows[TC_CLAIMS_MAX];
    bool all_hold; /* no row FAILS */
} tc_claims_t;

/* Set the report of a forest of kind `kind` beside the claims of its paper. */
void tc_claims_evaluate(const tc_net_t *net, tc_kind_t kind, const tc_check_report_t *report,
                        tc_claims_t *claims);

/* Append the comparison of kind a's forest with kind b's (tc_compare_forests) to claims, with
 * the claims of paper 002 that apply to the pair: shared edges below level 1 (Lemma 15 and
 * corrections 002.7, minR/minBL), the bit-reversal isomorphism (Theorem 5) and equal root
 * subtree sizes (Lemma 13, minR/maxL). */
void tc_claims_compare(const tc_net_t *net, tc_kind_t a, tc_kind_t b, const tc_compare_t *cmp,
                       tc_claims_t *claims);

/* Which of the optional properties apply to this forest (set in *possible) and which are worth
 * measuring by default (set in *dflt); only the rotation and levels fields are written. The
 * rotation of Lemma 6.2 applies where the network has a rotation and translations and the trees
 * are numbered by the distinct dimensions of their root edges, one per rotation step; the
 * per-level figures apply to the hypercube's kinds and are measured by default for the single
 * trees and the SBG, whose papers claim them. Either pointer may be NULL. */
void tc_check_suggest(const tc_forest_t *forest, tc_check_opts_t *dflt, tc_check_opts_t *possible);

/* The same for the forest kind would build on net (its trees numbered by tc_trees_label): what
 * the streaming check uses, with no forest at hand. */
void tc_check_suggest_kind(const tc_net_t *net, tc_kind_t kind, tc_check_opts_t *dflt,
                           tc_check_opts_t *possible);

/* ---- root classes: claims that depend on where the root is ---------------------------------
 * The k+1 EDSTs of I_k^n are claimed a height by the respective subcube of the root (paper 003
 * Lemma 3): S_0, ..., S_{2^(n-k)-1} and the back cube S_b. Kinds like that group roots into
 * classes; the others have none. */
typedef struct {
    int index;          /* 0, 1, ... */
    char name[16];      /* "S_3", "S_b" */
    int64_t example;    /* a root of the class */
    int claimed_height; /* the paper's claim for the class */
    int notes_height;   /* the height docs/corrections.md 003.3 gives, -1 for none */
} tc_root_class_t;

/* The number of root classes of kind on net (0: the kind's claims do not depend on the root). */
int tc_claims_root_classes(const tc_net_t *net, tc_kind_t kind);

/* Class k (0 <= k < tc_claims_root_classes) into *out. */
void tc_claims_root_class_at(const tc_net_t *net, tc_kind_t kind, int k, tc_root_class_t *out);

/* The class of root (-1 when the kind has none). */
int tc_claims_root_class(const tc_net_t *net, tc_kind_t kind, int64_t root);

/* I_k^n (paper 003): the respective subcube of a root (i for S_i, 2^(n-k) for the back cube
 * S_b); the height Lemma 3 claims for the k+1 EDSTs at that root (n+2 in S_{2^(n-k)-1} and
 * S_b, n+1 otherwise); and the height corrections 003.3 measures for the construction (n+2
 * also in S_{2^(n-k)-2} when k >= 1 and n >= k+2; for k = 0 exactly S_b and node N-2), -1 for
 * n < 2. */
int tc_icube_root_class(int n, int k, int64_t root);
int tc_icube_lemma3_height(int n, int k, int64_t root);
int tc_icube_measured_height(int n, int k, int64_t root);

/* Append to facts, for every kind that `treecast info` summarizes on net (tc_kind_summary), the
 * trees built at node 0 and checked (spanning and depth) beside the paper's claims, on networks
 * of at most 40320 nodes (a pointer to `treecast check` above). TC_ENOMEM. */
tc_err_t tc_check_kind_facts(const tc_net_t *net, tc_facts_t *facts);

/* "holds", "FAILS", "info", "skipped". */
const char *tc_verdict_name(tc_verdict_t verdict);

#pragma GCC visibility pop

#endif
