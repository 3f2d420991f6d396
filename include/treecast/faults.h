/* treecast — fault sets: faulty nodes and directed links of a topology.
 *
 * The papers' fault model (paper 000, Section 4.3): a faulty node receives nothing and sends
 * nothing, a faulty directed link loses what crosses it, and the plan is never told. Fault sets
 * are drawn at random with a seed, placed on the root paths of a node (plan.h), or listed by the
 * caller; every executor (the round engine of sim.h) honours them.
 */
#ifndef TREECAST_FAULTS_H
#define TREECAST_FAULTS_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
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

/* Free the sets of an initialized fault set and zero it; NULL and zeroed sets are accepted. */
void tc_faults_destroy(tc_faults_t *f);

#pragma GCC visibility pop

#endif
