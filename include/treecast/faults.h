/* treecast — fault sets: faulty nodes and directed links of a topology.
 *
 * The papers' fault model (paper 000, Section 4.3): a faulty node receives nothing and sends
 * nothing, a faulty directed link loses what crosses it, and the plan is never told. Fault sets
 * are drawn at random with a seed, placed on the root paths of a node (plan.h), or listed by the
 * caller; every executor (the round engine of sim.h) honours them.
 *
 * Three small languages name fault sets in text (the tool's --faults SPEC, --fault ITEM and
 * --faults-file): tc_faults_parse_spec, tc_faults_parse_item and tc_faults_parse_text.
 */
#ifndef TREECAST_FAULTS_H
#define TREECAST_FAULTS_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

typedef struct {
    uint8_t *node; /* node[v] != 0: v is faulty (N bytes), or NULL for none */
    uint8_t *link; /* link[v * ports + p] != 0: the directed link out of v via p is faulty */
    int64_t faulty_nodes;
    int64_t faulty_links; /* directed links */
} tc_faults_t;

typedef enum {
    TC_FAULTS_NODES = 1, /* K random faulty nodes */
    TC_FAULTS_LINKS,     /* K random faulty undirected links (both directions) */
    TC_FAULTS_ARCS,      /* K random faulty directed links (one direction) */
    TC_FAULTS_MIXED,     /* K faults, each a node or an undirected link with equal chance */
} tc_fault_kind_t;

/* A random fault set as text names it: "nodes:K", "links:K", "arcs:K", "mixed:K", or "paths:K"
 * (K faulty nodes on the root paths of a target, which a plan's trees place: plan.h). */
typedef struct {
    tc_fault_kind_t kind; /* TC_FAULTS_NODES for paths:K */
    int64_t k;            /* 0..TC_FAULTS_SPEC_MAX */
    bool on_paths;        /* paths:K */
} tc_fault_spec_t;

/* The largest K of a fault specification. */
#define TC_FAULTS_SPEC_MAX 1000000

/* The longest line of a faults file (tc_faults_parse_text), in bytes without its newline. */
#define TC_FAULTS_LINE_MAX ((size_t)64 << 10)

/* Empty fault sets sized for topo, to be filled by the caller (*f uninitialized on entry, zeroed
 * on failure). TC_ENOMEM. Release with tc_faults_destroy. O(N degree). */
tc_err_t tc_faults_init(tc_faults_t *f, const tc_topo_t *topo);

/* Draw k distinct faults of a kind with a seeded stream into *f (uninitialized on entry). Node
 * `protect` (the source, or -1) is never made faulty; its links may be. TC_ERANGE when the
 * topology has fewer than k candidates. Release with tc_faults_destroy. */
tc_err_t tc_faults_random(tc_faults_t *f, const tc_topo_t *topo, tc_fault_kind_t kind, int64_t k,
                          uint64_t seed, int64_t protect);

/* Mark node v faulty / the directed link out of v via port p faulty (both: also the reverse). */
void tc_faults_add_node(tc_faults_t *f, int64_t v);
void tc_faults_add_link(tc_faults_t *f, const tc_topo_t *topo, int64_t v, int port, bool both);

/* Whether the random faults of spec fit topo and leave a run two working nodes (a source and a
 * node to reach; protect: the source, kept out of the draw, or -1): TC_ERANGE with a sentence
 * ("5 faulty links do not fit: the network has 3 links (at most links:3)") otherwise. paths:K
 * and K = 0 always pass (the trees place paths:K). O(N degree). */
tc_err_t tc_faults_check_room(const tc_fault_spec_t *spec, const tc_topo_t *topo, int64_t protect);

/* Parse a fault specification, NAME:DIGITS with NAME one of nodes, links, arcs, mixed, paths and
 * a count of at most TC_FAULTS_SPEC_MAX, into *out (written only on success). Whether K faults
 * fit a network is the drawing's business (tc_faults_random). Errors:
 *   TC_EINVAL  an unknown NAME, or no colon
 *   TC_ERANGE  a known NAME whose count is not an integer in 0..TC_FAULTS_SPEC_MAX
 * O(length of spec). */
tc_err_t tc_faults_parse_spec(const char *spec, tc_fault_spec_t *out);

/* Add one listed fault to f (initialized by the caller for topo, the neighbour table of net):
 * "node:LABEL" (a faulty node), "link:LABEL:DIM" (the link of LABEL along dimension DIM, both
 * directions) or "arc:LABEL:DIM" (one direction: out of LABEL). LABEL is parsed by
 * tc_net_parse_label; DIM is a dimension of net (tc_net_dim_min..tc_net_dim_max) with an edge at
 * LABEL. Node protect (the source, or -1) may not be listed. The detail starts with the item
 * (at most 100 bytes of it): "arcs:1234:2: unknown fault kind "arcs" (node, link or arc)".
 * Errors, f holding the faults added before:
 *   TC_EINVAL  no colon; a kind other than node, link, arc; node protect
 *   TC_EPARSE  a label net does not have, a dimension without an edge, a node with a dimension
 *              or a link without one
 * O(length of item + the label's parsing). */
tc_err_t tc_faults_parse_item(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                              const char *item, tc_faults_t *f);

/* Add the faults of a faults file's text (len bytes, NULs included) to f (initialized by the
 * caller for topo, the neighbour table of net). One fault a line: "node LABEL", "link LABEL DIM"
 * or "arc LABEL DIM", blank-separated, as in tc_faults_parse_item; '#' starts a comment; blank
 * lines are skipped. Lines are at most TC_FAULTS_LINE_MAX bytes. text holds the file's lines
 * first_line, first_line + 1, ... (1 for a whole file; a caller that reads a file line by line
 * passes each line with its number). name names the file in details, each of which starts with
 * "NAME: line L" (at most 100 bytes of NAME). The caller bounds the file's size. Errors, f
 * holding the faults of the lines before:
 *   TC_EPARSE  a line longer than TC_FAULTS_LINE_MAX, a NUL byte, an unknown kind, a missing or
 *              extra field, a label or a dimension as in tc_faults_parse_item
 *   TC_EINVAL  node protect
 * O(len + the labels' parsing). */
tc_err_t tc_faults_parse_text(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                              const char *name, int64_t first_line, const char *text, size_t len,
                              tc_faults_t *f);

/* Free the sets of an initialized fault set and zero it; NULL and zeroed sets are accepted. */
void tc_faults_destroy(tc_faults_t *f);

#pragma GCC visibility pop

#endif
