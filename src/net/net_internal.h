/* The network object and the per-family operations behind it (the tc__ tier).
 *
 * A family (the star graph, the hypercube, ...) is one tc__net_ops_t, defined in the family's
 * own file and listed once in the registry of net.c. Everything outside src/net/ asks the
 * network through the functions of treecast/net.h (its size, its neighbours, its labels, and
 * the properties a construction or a schedule needs: port-preserving translations, a rotation,
 * a dimension reversal), never which family it is. The walkers (net/walk_*.h) give the hot
 * loops of check and the builders dispatch-free access; a family names the walker it uses.
 */
#ifndef TREECAST_NET_NET_INTERNAL_H
#define TREECAST_NET_NET_INTERNAL_H

#include "core/json_scan.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How the hot loops walk a family's node ids (src/net/walk_*.h). */
typedef enum {
    TC__WALK_TABLE = 0, /* the neighbour table of the materialized network (any family) */
    TC__WALK_STAR,      /* permutations in lexicographic order, neighbours ranked incrementally */
    TC__WALK_ADDR,      /* addresses: a neighbour is one XOR away, when it exists */
} tc__walker_t;

typedef struct tc__net_ops {
    const char *family; /* "star": the text before the colon of a specification */
    const char *syntax; /* "star:N": how a specification is written, for messages */
    /* Create a network from the text after the colon (spec is the whole text, for messages). */
    tc_err_t (*parse)(const char *spec, const char *args, tc_net_t **out);
    /* The paper's name ("S_7"); returns the length. */
    size_t (*name)(const tc_net_t *net, char *buf, size_t cap);
    int64_t (*edges)(const tc_net_t *net); /* undirected edges, -1 above INT64_MAX */
    int (*diameter)(const tc_net_t *net);  /* the closed form, -1 when there is none */
    bool (*materializable)(const tc_net_t *net);
    /* The neighbour along dim (already in dim_lo..dim_lo+degree-1 and node in range), or -1. */
    int64_t (*neighbor)(const tc_net_t *net, int64_t node, int dim);
    int (*edge_dim)(const tc_net_t *net, int64_t u, int64_t v); /* -1: not adjacent */
    int (*distance)(const tc_net_t *net, int64_t u, int64_t v);
    size_t (*label)(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap);
    tc_err_t (*parse_label)(const tc_net_t *net, const char *text, int64_t *out);
    /* Optional (NULL: the network lacks the property). */
    int64_t (*translate)(const tc_net_t *net, int64_t h, int64_t v, bool inverse);
    int64_t (*rotate)(const tc_net_t *net, int64_t v, int times); /* about node 0 */
    int (*rotate_dim)(const tc_net_t *net, int dim, int times);
    int64_t (*reverse)(const tc_net_t *net, int64_t v); /* about node 0 */
    int (*reverse_dim)(const tc_net_t *net, int dim);
    /* Distances from node `from` to every node into dist[0..N-1] (NULL: breadth-first search
     * over the neighbour function). */
    tc_err_t (*distances)(const tc_net_t *net, int64_t from, uint8_t *dist, int threads);
    /* Necklaces (NULL: the network has none): all of them, listed as tc_net_necklaces says;
     * and the member after v. */
    tc_err_t (*necklaces)(const tc_net_t *net, tc_necklaces_t *out);
    int64_t (*necklace_next)(const tc_net_t *net, int64_t v);
    /* The facts of `treecast info` (NULL: what breadth-first search measures). */
    tc_err_t (*facts)(const tc_net_t *net, tc_facts_t *facts);
    /* Release the family's data (NULL: none). */
    void (*destroy)(tc_net_t *net);
    /* The family's own neighbour table (NULL: none; tc_topo_init builds one). */
    const tc_topo_t *(*table)(const tc_net_t *net);
    tc__walker_t walker;
    int params; /* the integers after the colon (1: "star:7", 2: "icube:6,3") */
} tc__net_ops_t;

struct tc_net {
    const tc__net_ops_t *ops;
    int n;          /* the size parameter */
    int k;          /* the second parameter (I_k^n: the back cube), or 0 */
    int64_t nodes;  /* node ids are 0..nodes-1 */
    int degree;     /* the largest degree: ports 0..degree-1 */
    int dim_lo;     /* port p is the paper's dimension dim_lo + p */
    int rotation;   /* the order of the rotation about node 0, 0 without one */
    bool regular;   /* every node has degree neighbours */
    bool bipartite; /* every cycle is even (so root paths exceed distances by even steps) */
    bool same_port; /* every edge has the same port at both ends (a generator that is its own
                       inverse): the neighbour table needs no reverse ports */
    int min_degree; /* the smallest degree */
    char *spec;     /* the specification that creates it again ("icube:6,3") */
    void *data;     /* the family's own data (a graph read from a file: its tables) */
    int refs;       /* references: the creator's and one per forest */
};

/* A network of family ops with the common fields set (refs = 1, data NULL, regular, not
 * bipartite, no rotation, ports not symmetric: the caller adjusts; the spec is "family:n" or
 * "family:n,k" by ops->params). TC_ENOMEM with a detail. */
tc_err_t tc__net_alloc(const tc__net_ops_t *ops, int n, int k, int64_t nodes, int degree,
                       int dim_lo, tc_net_t **out);

/* Parse count (1 or 2) decimal integers separated by one comma, the whole of args. false when
 * the text is not that (nothing is reported). */
bool tc__net_parse_ints(const char *args, int count, long *values);

/* Take one more reference to net (forests keep their network alive); tc_net_free drops one. */
const tc_net_t *tc__net_ref(const tc_net_t *net);

/* The walker the hot loops use on net. */
static inline tc__walker_t tc__net_walker(const tc_net_t *net)
{
    return net->ops->walker;
}

/* The integers after the colon of the network's specification (1 or 2; 0 for a file). */
static inline int tc__net_params(const tc_net_t *net)
{
    return net->ops->params;
}

/* The network's own neighbour table when it has one (a graph read from a file), else NULL. */
const tc_topo_t *tc__net_table(const tc_net_t *net);

/* Distances from `from` to every node into dist[0..N-1] (0xFF: unreachable or farther than 254)
 * on `threads` threads: the family's formula where it has one, else breadth-first search. */
tc_err_t tc__net_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads);

/* Distances from `from` by breadth-first search over tc_net_neighbor (any family; dist 0xFF
 * for unreachable nodes and for distances above 254). O(N degree). */
tc_err_t tc__net_bfs(const tc_net_t *net, int64_t from, uint8_t *dist);

/* Labels (one-line permutations) and translations T_h(v) = h . v of the families whose nodes are
 * the permutations of n symbols in tc_star_rank order: star, bubble, pancake (star.c). */
size_t tc__perm_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap);
tc_err_t tc__perm_parse_label(const tc_net_t *net, const char *text, int64_t *out);
int64_t tc__perm_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse);

/* ---- helpers of the facts providers (facts.c) ---- */

/* What breadth-first search measures of a network of at most 2^22 nodes (enumerated false
 * above): degrees, edges, distances from node 0 and the diameter (from every node when the
 * network has no translations and at most 4096 nodes; diameter_all says so). */
typedef struct {
    bool enumerated;
    int dmin, dmax;
    int64_t edges;
    int64_t unreachable;
    int ecc0, diameter;
    bool diameter_all;
    double average0;
    int64_t by_dist[TC_FACTS_DIST];
} tc_net_measure_t;

tc_err_t tc__facts_measure(const tc_net_t *net, tc_net_measure_t *m);
/* Copy m's distance distribution (from node `from`) into the facts. */
void tc__facts_distribution(tc_facts_t *out, const tc_net_measure_t *m, int64_t from);
/* Measure a permutation family up to 8! nodes and add its nodes, edges and degree rows. */
tc_err_t tc__facts_permutations(const tc_net_t *net, const char *source, tc_net_measure_t *m,
                                tc_facts_t *out);
/* printf into a fact's value or paper column; f may be NULL (the table was full). */
void tc__fact_value(tc_fact_t *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tc__fact_paper(tc_fact_t *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Set the verdict: agrees or differs. */
void tc__fact_judge(tc_fact_t *f, bool agrees);

/* The facts every family without its own provider gets: what breadth-first search measures. A
 * provider may call it and then add its own rows. */
tc_err_t tc__facts_generic(const tc_net_t *net, tc_facts_t *out);

/* A graph network from the JSON object at the scanner (net/graph.c): "edges", optionally
 * "labels", "nodes" and "name", at the top or inside "network". Errors carry the line. */
tc_err_t tc__net_graph_scan(tc__js_t *s, const char *name, tc_net_t **out);

/* ---- networks built from their edges (net/graph.c) ---- */

/* The operations of a network built from its edges, for a family of fabrics (fattree.c, ...) to
 * take whole and add its own parse, name, diameter and facts. */
int64_t tc__graph_edges(const tc_net_t *net);
bool tc__graph_materializable(const tc_net_t *net);
int64_t tc__graph_neighbor(const tc_net_t *net, int64_t node, int dim);
int tc__graph_edge_dim(const tc_net_t *net, int64_t u, int64_t v);
int tc__graph_distance(const tc_net_t *net, int64_t u, int64_t v);
size_t tc__graph_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap);
tc_err_t tc__graph_parse_label(const tc_net_t *net, const char *text, int64_t *out);
const tc_topo_t *tc__graph_table(const tc_net_t *net);
void tc__graph_destroy(tc_net_t *net);

#define TC__GRAPH_BACKED_OPS                                                                       \
    .edges = tc__graph_edges, .materializable = tc__graph_materializable,                          \
    .neighbor = tc__graph_neighbor, .edge_dim = tc__graph_edge_dim,                                \
    .distance = tc__graph_distance, .label = tc__graph_label,                                      \
    .parse_label = tc__graph_parse_label, .destroy = tc__graph_destroy, .table = tc__graph_table,  \
    .walker = TC__WALK_TABLE

/* A network of family ops (whose operations include TC__GRAPH_BACKED_OPS) from its edges, as
 * tc_net_fabric_new takes them; spec is its specification ("fattree:4"), n and k what tc_net_n
 * and tc_net_k return. TC_EINVAL, TC_ENOMEM. */
tc_err_t tc__net_fabric(const tc__net_ops_t *ops, const char *spec, int n, int k, int64_t nodes,
                        int64_t nedges, const int64_t *edges, const int64_t *capacity,
                        const uint8_t *role, const char *const *labels, tc_net_t **out);

/* The rows every network with switches or capacities adds to its facts: compute nodes,
 * switches, the capacities of the arcs (graph.c). */
void tc__facts_fabric(const tc_net_t *net, tc_facts_t *out);

/* The families are listed in net/families.h (the registry). */

#endif
