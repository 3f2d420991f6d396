/* treecast — turning forests and check results into what people (and programs) read, and
 * reading forests back.
 *
 * Writers take a caller-owned FILE* and never print anywhere else. The forest JSON document
 * (format_version 1; docs/formats.md) is:
 *   {"format_version":1, "network":{"family":"star","n":n,"nodes":N} (and "k" for the families
 *    of two sizes; a graph given by its edges carries "name", "labels" and "edges" instead of
 *    "n"), "kind":"edt", "root":"LABEL", "trees":[{"index":l, "root":"LABEL" (only when the
 *    tree's root is not the forest's), "root_child":"LABEL", "depth":D,
 *    "parent":[id of the parent of node id i, -1 for the root, null when not in the tree],
 *    "subtree":[sbnt-* kinds only: index(i XOR root), the root subtree of node i; -1 for
 *    the root]}], "labels":[label of node id i]}
 * Node ids are the network's (lexicographic permutation ranks on S_n, addresses on Q_n, ...);
 * labels are present when requested.
 */
#ifndef TREECAST_REPORT_H
#define TREECAST_REPORT_H

#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/json.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdio.h>

#pragma GCC visibility push(default)

/* Write the forest as one JSON document (see above). TC_EIO when a write fails.
 * O(N * trees * n). */
tc_err_t tc_report_forest_json(FILE *out, const tc_forest_t *forest, bool labels);

/* The same, with a "root_choice" member (a JSON object text such as
 * {"mode":"random","seed":7}) recording how the root was chosen; NULL leaves it out. */
tc_err_t tc_report_forest_json_meta(FILE *out, const tc_forest_t *forest, bool labels,
                                    const char *root_choice);

/* One line per tree edge: "tree<TAB>parent<TAB>child<TAB>dimension", labels for nodes. */
tc_err_t tc_report_forest_edges(FILE *out, const tc_forest_t *forest);

/* Graphviz DOT, one colour per tree; for small networks (N <= 120). TC_ETOOBIG otherwise. */
tc_err_t tc_report_forest_dot(FILE *out, const tc_forest_t *forest);

/* A readable summary: one line per tree, and each tree drawn with its children in the order of
 * Section 3 when N <= 120. */
tc_err_t tc_report_forest_text(FILE *out, const tc_forest_t *forest);

/* Tree t of an ist forest on Q_n in the layout of paper 004's Tables 5.1-5.5, one row per node
 * x: x, its n bits, H(r,x) (the positions where x and the root r differ, listed from position
 * t on, cyclically), succ(t) and 2^succ(t) ("-" for the leaves, x_t = r_t), and the parent
 * as bits:decimal, taken from the forest. Tab-separated, with a comment line and a header. */
tc_err_t tc_report_ist_table(FILE *out, const tc_forest_t *forest, int t);

/* An optimal schedule (treecast/optimum.h) as text: one line about it, then, for at most 64 compute
 * nodes and 16 trees, every tree with its root, rate and routes ("h0 > e0 > h1"). TC_EIO. */
typedef struct tc_optimal tc_optimal_t;
tc_err_t tc_report_optimal_text(FILE *out, const tc_optimal_t *s);

/* An optimal schedule as one JSON document (docs/formats.md, "The optimal schedule"):
 *   {"format_version":1, "network":{...} (as tc_report_json_network; a graph also carries its
 *    "labels", "edges" and "switches"), "collective":"bcast"|"allgather", "method":"ring",
 *    "den":D, "compute":[label of compute node i], "arcs":[{"from":LABEL, "to":LABEL,
 *    "via":[switch labels]}] (every distinct route once), "trees":[{"root":LABEL, "weight":W,
 *    "arc":[per compute node i: the index into "arcs" of its arc, -1 at the root]}]}
 * Tree t carries weight / den. TC_ENOMEM, TC_EIO. O(trees x C x route length). */
tc_err_t tc_report_optimal_json(FILE *out, const tc_optimal_t *s);

/* How tc_report_optimal_msccl writes. */
typedef struct {
    const char *proto; /* "Simple" (also for NULL), "LL" or "LL128" */
    bool out_of_place; /* false: inplace="1", every step in the output buffer (ForestColl's
                          form); true: outofplace="1", the roots send from their input and copy
                          it to their output */
} tc_msccl_opts_t;

/* An optimal schedule as an MSCCL-IR algorithm (the XML of MSCCL and RCCL's msccl, as
 * msccl-tools and ForestColl write it; the mapping is described in src/report/optimal_write.c
 * and docs/formats.md): rank i is compute node i, coll "allgather" or "broadcast" (from the
 * schedule's root), each tree carrying weight / (its root's total weight) of its root's data in
 * chunks, each arc a send on the parent and a receive (receive-copy-send where the child
 * forwards) on the child. opts NULL: Simple, in place. Nothing is written when it fails:
 * TC_EINVAL for another protocol, fewer than two compute nodes, or a schedule that is not one
 * (trees that do not span, a bcast with several roots, allgather roots of unequal weight),
 * TC_ETOOBIG beyond the limits of MSCCL's runtime (more than 32767 chunks per loop, 1024 gpus,
 * 32 channels, 128 threadblocks per gpu or 64 steps per threadblock), TC_ENOMEM, TC_EIO.
 * Time O(trees x C x (route length + channels x depth)) at worst; memory O(C x 128 + steps). */
tc_err_t tc_report_optimal_msccl(FILE *out, const tc_optimal_t *s, const tc_msccl_opts_t *opts);

/* Read a forest JSON document from memory. Node ids of the file are mapped through its labels
 * when it has them (so any numbering is accepted), otherwise taken as the network's ids.
 * Parents that are not neighbours are counted in *nonedges and left out of the forest. With
 * net NULL the network is the one the document names (a graph document must then carry its
 * edges); otherwise the forest is read onto net, and the document's network must be net (the
 * same family and node count). TC_EPARSE (with line and what was expected in the detail) for
 * malformed documents, TC_ETOOBIG for networks that cannot be materialized. The caller frees
 * *out (which keeps its network alive). */
tc_err_t tc_report_forest_read(const char *text, size_t len, const tc_net_t *net, tc_forest_t **out,
                               int64_t *nonedges);

/* tc_report_forest_read with the network the document names. */
tc_err_t tc_report_forest_read_json(const char *text, size_t len, tc_forest_t **out,
                                    int64_t *nonedges);

/* The member "network":{"family":..,"n":..,"nodes":..} of the tool's documents. */
void tc_report_json_network(tc_json_t *j, const tc_net_t *net);

/* ---- check's report of one forest, as `treecast check` prints it ---------------------------- */

/* How the report is introduced and closed. */
typedef struct {
    const char *root_mode; /* "given" (NULL too), "random" (its seed printed) or "from file" */
    uint64_t seed;         /* with "random" */
    const char *input;     /* with "from file": the file's name */
    bool timing;           /* the times and the peak memory, below */
    double build_s, check_s;
    int64_t peak_kib;
    const char *how; /* NULL, or words after the times in the text: "streaming", ... */
} tc_check_doc_t;

/* The report of a forest of kind at root: text (a line naming the forest, its root and size,
 * the table of claims, the times when doc->timing, the verdict) or a JSON document
 * {"format_version":1,"command":"check","network":..,"kind":..,"root_choice":{"mode":..},
 * "result":tc_report_check_json's object,("seconds":{"build":..,"check":..},"peak_kib":..,)
 * "all_hold":..}. TC_EIO when a write fails. */
tc_err_t tc_report_check_document(FILE *out, const tc_net_t *net, tc_kind_t kind, int64_t root,
                                  const tc_check_report_t *rep, const tc_claims_t *claims,
                                  bool json, const tc_check_doc_t *doc);

/* Its parts, for documents of several forests: the table of claims (property, measured, the
 * paper's claim, source, verdict); the verdict line ("every claim holds" or the claims that
 * fail); the JSON head up to the open "root_choice" object (mode written; the caller adds to it
 * and closes it); the JSON tail (times, "all_hold", the document closed). */
void tc_report_claims_table(FILE *out, const tc_claims_t *claims);
void tc_report_claims_verdict(FILE *out, const tc_claims_t *claims);
void tc_report_check_head(tc_json_t *j, FILE *out, const tc_net_t *net, tc_kind_t kind,
                          const char *mode);
void tc_report_check_tail(tc_json_t *j, const tc_check_doc_t *doc, bool all_hold);

/* One check result as a JSON object (the "result" of `treecast check --format json`): the
 * measured values of the report and the claims beside them. */
void tc_report_check_json(tc_json_t *j, const tc_net_t *net, const tc_check_report_t *rep,
                          const tc_claims_t *claims);

/* Write a string as a JSON string literal (quotes and escapes included). */
void tc_report_json_string(FILE *out, const char *s);

#pragma GCC visibility pop

#endif
