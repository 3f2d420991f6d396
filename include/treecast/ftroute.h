/* treecast — fault-tolerant routing on the star graph by depth-first search with backtracking
 * (after Bagherzadeh, Nassif and Latifi, "A routing and broadcasting scheme on faulty star
 * graphs"; only its abstract and introduction survive, and this is designed from their contract:
 * docs/constructions.md, "Routing around faults").
 *
 * A node knows only its own links (a link to a faulty node counts as faulty) and the labels; the
 * message carries everything else in its header: source and destination, the detour budget b of
 * the current search, the path followed (one port per hop) and the visited list (each node with
 * the most budget it was entered with). At a node the message takes, among the working links to
 * nodes it may enter, a move toward the destination (one hop nearer, by the cycle formula of
 * the distance) before a move away from it (a detour, which costs one unit of budget), and
 * among those the neighbour with the most moves toward the destination from there, then the
 * lowest dimension. A node may be entered when the budget left on arrival is larger than the
 * most it was entered with. When no move is left it goes back one hop along the path (a
 * backtrack). Back at the source with nothing left, the search with budget b is over: if it
 * refused a move to a node it never entered for want of budget, the search starts again with
 * b + 1 (b + 2 from 0 when the destination is a neighbour: S_n's girth is 6, so no route with one
 * detour joins two neighbours), up to TC_FTROUTE_MAX_BUDGET, and after that once more as a plain
 * depth-first search (every move allowed, every node entered once); otherwise every node the source
 * can reach has been entered, and the message, at the source, is returned undeliverable.
 *
 * Guarantees (proved in docs/constructions.md, tested in tests/unit/test_ftroute.c): it ends;
 * it delivers exactly when the destination is reachable; when the faulty network has a shortest
 * path with at most TC_FTROUTE_MAX_BUDGET detours (moves away from the destination), the route
 * it delivers along (the path in the header) is a shortest path of the faulty network, and with
 * none (budget 0) a shortest path of the fault-free network, found whenever one survives; it
 * never crosses more links than tc_ftroute_hop_bound.
 */
#ifndef TREECAST_FTROUTE_H
#define TREECAST_FTROUTE_H

#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/net.h"
#include "treecast/plan.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

#define TC_FTROUTE_MAX_BUDGET 2 /* detour budgets 0, 1, 2, then a plain depth-first search */
#define TC_FTROUTE_UNBOUNDED -1 /* tc_ftroute_t.budget: the plain depth-first search delivered */

typedef struct {
    bool delivered;      /* the destination got it; false: it came back to the source */
    int64_t hops;        /* links crossed, forward and back */
    int64_t backtracks;  /* of which crossings back along the path */
    int64_t route_len;   /* links of the delivered route (the path in the header); 0: returned */
    int distance;        /* the fault-free distance from source to destination */
    int budget;          /* the detour budget of the last search (0: no detour was needed;
                            TC_FTROUTE_UNBOUNDED: the plain depth-first search) */
    int64_t visited_max; /* the longest visited list carried */
    int64_t header_bits; /* the largest header carried, in bits (see tc_ftroute_header_bits) */
} tc_ftroute_t;

/* One link crossing of a route: from node `from` to `to` through port `port` of `from`; back:
 * a backtrack; budget: the search's detour budget. */
typedef void (*tc_ftroute_step_fn)(void *ctx, int64_t from, int64_t to, int port, bool back,
                                   int budget);

/* Route a message from src to dst on S_n (net; topo its neighbour table) under faults (NULL:
 * none). step (may be NULL) sees every crossing in order. TC_EINVAL when net is not a star
 * graph, src or dst is out of range, or src is faulty; TC_ENOMEM. O(hops n^3). */
tc_err_t tc_ftroute_star(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                         int64_t src, int64_t dst, tc_ftroute_step_fn step, void *ctx,
                         tc_ftroute_t *out);

/* The header's size in bits on S_n with a path of `path` hops and `visited` entries under
 * budget b: source and destination labels (L = ceil(log2 n!) bits each), the budget and a
 * "refused" bit (ceil(log2(N + 1)) + 1), ceil(log2(n - 1)) bits per port of the path, and
 * L + ceil(log2(N + 1)) bits per visited entry (label and budget). */
int64_t tc_ftroute_header_bits(int n, int64_t path, int64_t visited);

/* The most links a route can cross when its last search has budget B: 2((b+1)N - 1) for each
 * search b = 0..B (a node is entered at most b+1 times, with rising budgets, and each entry is
 * crossed back at most once), and 2(N - 1) more for the plain search. */
int64_t tc_ftroute_hop_bound(int64_t nodes, int budget);

/* The oracle routes are judged by: the distances from src over the working links (not faulty,
 * not into a faulty node: the rule above, with every fault known) into dist[0..N-1], -1 where
 * unreachable. TC_ENOMEM. O(N degree). */
tc_err_t tc_ftroute_oracle(const tc_topo_t *topo, const tc_faults_t *faults, int64_t src,
                           int32_t *dist);

/* ---- campaigns: many seeded fault sets and pairs, each beside the oracle ------------------ */

typedef struct {
    int64_t trials;       /* fault sets */
    uint64_t seed;        /* trial i draws its faults and pairs with seed + i */
    tc_fault_kind_t kind; /* random faults of this kind ... */
    int64_t k;            /* ... this many per trial (0: none) */
    int64_t pairs;        /* (source, destination) pairs routed per trial (>= 1) */
    int threads;          /* 0: every core; the records do not depend on it */
} tc_ftroute_campaign_t;

typedef struct {
    int64_t trial, src, dst; /* the source is drawn among the non-faulty nodes, the destination
                                among the other nodes (a faulty one is unreachable) */
    int oracle;              /* the shortest path over working links (breadth-first search, with
                                every fault known), -1 when the destination is unreachable */
    tc_ftroute_t route;
} tc_ftroute_record_t;

/* Run a campaign on S_n: out[trial * pairs + j] is pair j of trial i, whatever the threads.
 * TC_EINVAL for a network that is not a star graph or faults that do not fit (TC_ERANGE),
 * TC_ENOMEM. */
tc_err_t tc_ftroute_campaign(const tc_net_t *net, const tc_topo_t *topo,
                             const tc_ftroute_campaign_t *c, tc_ftroute_record_t *out);

/* ---- in the round engine: routed messages, and the broadcast built on the routing ---------
 *
 * Plans for the round engine (sim.h) made for one fault set: every routing decision depends only
 * on the header and the links of the node holding the message, never on time, so each route is
 * computed when the plan is made and its crossings are replayed hop by hop by the engine, which
 * adds the queueing of links shared with other packets. A plan sends only over links that work
 * (what the nodes at their ends see), so the engine, given the same faults, drops nothing.
 *
 *   TC_FTPLAN_ROUTE    M packets from src to dst along the route (pipelined behind each other).
 *   TC_FTPLAN_BCAST    the broadcast: down tree 0 of `tree` (rooted at src). The source serves,
 *                      and so does a node that gets a message over its tree link: it sends it to
 *                      each child over the tree link when that works; when it does not, it sends
 *                      it by the routing to the child and to each of the child's children
 *                      (adopted: each that the routing reaches serves; the child does not). Every
 *                      node a routed message crosses keeps a copy. A route that comes back has
 *                      entered every node its sender reaches, so every node the source reaches
 *                      gets every message (docs/collectives.md, "Broadcast on a faulty star
 *                      graph"); which nodes serve depends only on the faults, not on time.
 *   TC_FTPLAN_UNICAST  the other way the routing gives a broadcast: the source routes each message
 *                      to every node separately (relays keep a copy).
 *
 * The comparison of these broadcasts in the round engine (tc_ftbcast_campaign) is in sim.h.
 */
typedef enum {
    TC_FTPLAN_ROUTE = 1,
    TC_FTPLAN_BCAST,
    TC_FTPLAN_UNICAST,
} tc_ftplan_kind_t;

typedef struct {
    tc_ftplan_kind_t what;
    int64_t src, dst;            /* dst: TC_FTPLAN_ROUTE only */
    int64_t M;                   /* messages (packets), 1 .. 1,000,000 */
    const tc_plan_trees_t *tree; /* TC_FTPLAN_BCAST: tree 0 of these, rooted at src (borrowed) */
} tc_ftplan_opts_t;

/* The routes one message makes (every message makes the same). */
typedef struct {
    int64_t routes;          /* routed messages sent */
    int64_t delivered;       /* of which reached their destination */
    int64_t returned;        /* of which came back undeliverable */
    int64_t route_hops;      /* links they crossed, forward and back */
    int64_t backtracks;      /* of which back along their paths */
    int64_t max_hops;        /* the most links one route crossed */
    int64_t max_header_bits; /* the largest header carried */
    int64_t direct;          /* TC_FTPLAN_BCAST: tree links used as they are */
    tc_ftroute_t route;      /* the last route made (TC_FTPLAN_ROUTE: the route) */
} tc_ftplan_stats_t;

typedef struct tc_ftplan tc_ftplan_t;

/* The plan on S_n (net, topo) under faults (borrowed; NULL: none). TC_EINVAL off the star graph,
 * for a source or destination out of range, a faulty source or a tree not rooted at the source;
 * TC_ERANGE for M out of range; TC_ENOMEM, also
 * when the routes' crossings exceed 2 GiB; TC_EINVAL for a broadcast tree that does not span.
 * Free with tc_ftplan_free. The plan keeps no state of its runs: one plan may run on several
 * engine threads, and in several runs at once. */
tc_err_t tc_ftplan_new(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                       const tc_ftplan_opts_t *opts, tc_ftplan_t **out);
const tc_plan_t *tc_ftplan_plan(const tc_ftplan_t *plan);
const tc_ftplan_stats_t *tc_ftplan_stats(const tc_ftplan_t *plan);
void tc_ftplan_free(tc_ftplan_t *plan);

#pragma GCC visibility pop

#endif
