/* treecast — SimGrid platforms of a network (`treecast platform`): one host per compute node, one
 * router per switch, one link per edge (two for an edge whose directions differ in capacity),
 * Dijkstra routing over them (SMPI computes the routes between non-neighbours, through routers
 * too) or, for an optimal schedule (treecast/optimum.h), Full routing with the schedule's own
 * routes, and the hostfile in rank order (rank R = the R-th compute node by id), for running
 * libtreecast_mpi programs under smpirun (docs/mpi.md).
 *
 * Quantities are SimGrid's text, checked as SimGrid 3.3x reads them (xbt_parse_units.cpp): a
 * decimal number (1, 1.5, .5, 1e-6), then a unit of the quantity, optionally after a prefix of
 * its family: a bandwidth in bps or Bps after k, M, G, ... or Ki, Mi, Gi, ... (10Gbps, 1GBps,
 * 100MiBps); a latency in w, d, h, m, s, ms, us, ns, ps (0 allowed); a speed in f after k, M, G,
 * ... (1Gf) or flops after kilo, mega, giga, ... The text is written as it was given (a
 * bandwidth times a capacity other than 1 with its number multiplied exactly).
 *
 * Nothing here prints, spawns or exits: the writers write to the caller's stream. */
#ifndef TREECAST_PLATFORM_H
#define TREECAST_PLATFORM_H

#include "treecast/error.h"
#include "treecast/net.h"
#include "treecast/optimum.h"

#include <stdio.h>

#pragma GCC visibility push(default)

typedef enum {
    TC_PLATFORM_BANDWIDTH, /* every link's: bps or Bps, positive */
    TC_PLATFORM_LATENCY,   /* every link's: a time, 0 or more */
    TC_PLATFORM_SPEED,     /* every host's: f or flops, positive */
} tc_platform_quantity_t;

/* How a link's two directions use its bandwidth. */
typedef enum {
    TC_PLATFORM_SPLITDUPLEX, /* full duplex, as in the papers: each direction its own bandwidth */
    TC_PLATFORM_SHARED,      /* SimGrid's default: both directions share it */
} tc_platform_links_t;

/* What a platform is made of; a NULL quantity is its default (the tool's). */
typedef struct {
    const char *bandwidth; /* NULL: "1GBps" */
    const char *latency;   /* NULL: "1us" */
    const char *speed;     /* NULL: "1Gf" */
    tc_platform_links_t links;
    /* How the leading comment names the network: the text it was made from, such as the
     * "cube:3" of tc_net_parse (NULL: tc_net_name's name). */
    const char *source;
    /* A schedule whose routes the platform carries (NULL: none, DijkstraCache routing as
     * always): its network must be the platform's (tc_platform_write). */
    const tc_optimal_t *routes;
} tc_platform_opts_t;

/* The most compute nodes a platform with routes takes: it declares a route for every ordered
 * pair of them (4096 hosts: 16,773,120 routes). */
#define TC_PLATFORM_ROUTES_MAX 4096

/* Whether text is a quantity q as SimGrid reads it. TC_OK; TC_EPARSE when it is not a number
 * and a unit of q; TC_EINVAL when it is negative, or 0 for a bandwidth or a speed; TC_ERANGE
 * when it is too large for a double. The detail starts with the text: "0: a bandwidth must be
 * positive", "1Gbs: unknown unit \"Gbs\"; a bandwidth takes bps or Bps after ...". */
tc_err_t tc_platform_check_quantity(tc_platform_quantity_t q, const char *text);

/* Write the platform of net (materializable: TC_ETOOBIG otherwise) to fp as SimGrid's XML,
 * version 4.1, in a zone with DijkstraCache routing (shortest paths by hops; hosts and routers
 * both forward):
 * - host nI for compute node I (its label, escaped, as the property "label"), router sI for
 *   switch I (its label in a comment: a router has no property);
 * - link lU_V for each edge {U, V} (U < V) with a route each way (split-duplex links: UP from U
 *   to V, DOWN back) or one symmetrical route (shared links);
 * - a link's bandwidth is o->bandwidth times the edge's capacity (tc_net_capacity; capacity 1 is
 *   o->bandwidth), written exactly in decimal ("1.5GBps" times 3 is "4.5GBps");
 * - with split-duplex links, an edge whose two directions differ in capacity gets two one-way
 *   links instead, lU_V_UP (U to V) and lU_V_DOWN (V to U), each in its direction's route only
 *   (SimGrid's SPLITDUPLEX link gives both directions one bandwidth).
 * A network without switches or capacities gets the platform it always got. o NULL: every
 * default.
 *
 * With o->routes, a schedule of tc_optimal_build on net (or on a network of the same name and
 * nodes whose routes are walks of net), the zone has Full routing instead and a route, one way
 * (symmetrical="NO"), for every ordered pair of hosts; routers have none of their own (they are
 * only crossed). A pair that is an arc of one of the schedule's trees gets the links of the
 * arc's route, each edge in its direction (a SPLITDUPLEX link's half, direction="UP" from U to
 * V, U < V, and "DOWN" back; lU_V_UP or lU_V_DOWN for an edge whose directions differ; the link
 * of a shared edge); when the trees join a pair over several different routes it gets the one
 * that carries the most of the schedule's weight (the first arc's among equals), and a comment
 * says how many pairs had more than one. Every other pair gets a shortest path by hops (a
 * breadth-first search from the source, ports in order, hosts and routers both forwarding), so
 * that SMPI's own collectives (barriers, reductions) can talk between any two ranks. Then
 * SimGrid carries each of the schedule's message streams, rank(parent) to rank(child), along
 * the route that the schedule's rates count on (its Dijkstra routing picks one shortest path per
 * pair whatever the load). TC_ETOOBIG above TC_PLATFORM_ROUTES_MAX compute nodes; TC_EINVAL for
 * a schedule of another network, or a route that steps between two nodes without an edge;
 * TC_EPARSE for a network in pieces (two hosts without a path).
 *
 * Each quantity is checked first (tc_platform_check_quantity), then the network:
 * TC_ENOTSUP for an edge whose directions differ in capacity with shared links (one bandwidth
 * cannot be two), TC_ERANGE when a capacity times the bandwidth is too large for a double;
 * nothing is written on these errors (nor on those of the routes). TC_ENOMEM; TC_EIO when the
 * stream failed (ferror). O(N degree) time, O(N degree) memory (tc_topo_init); with routes,
 * O(C N degree + C^2 L + T C) time (C compute nodes, a breadth-first search from each, C^2
 * routes of L links, T trees of the schedule) and O(N + A) more memory (A arcs of the schedule):
 * fattree:4 (16 hosts) writes 240 routes, slimfly:5 (200 hosts) 39,800. */
tc_err_t tc_platform_write(FILE *fp, const tc_net_t *net, const tc_platform_opts_t *o);

/* Write the hostfile of net's platform: "nI" for every compute node I, one a line in id order
 * (rank R is the R-th compute node: every node I without switches, rank I = node I); switches
 * are routers and have no line. TC_ETOOBIG as tc_platform_write; TC_EIO when the stream failed.
 * O(N). */
tc_err_t tc_platform_write_hostfile(FILE *fp, const tc_net_t *net);

#pragma GCC visibility pop

#endif
