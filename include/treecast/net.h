/* treecast — networks (topologies).
 *
 * A network has N nodes with integer ids 0..N-1, ports 0..degree-1 at every node (port p is
 * the paper's dimension dim_min + p), neighbour(node, dim), labels, distances, and the
 * properties the constructions and schedules ask for (translations that keep dimensions, the
 * star graph's rotation, a dimension reversal). The families of the registry (tc_net_syntax):
 *   star:N      the star graph S_n (paper 000, Section 1): the n! permutations of 1..n, node i
 *               joined along dimension k (2 <= k <= n) to i with its first and k-th symbols
 *               swapped; ids are lexicographic ranks (id 0 is the identity 12...n);
 *   cube:N      the hypercube Q_n (papers 002, 004): addresses, dimensions 0..n-1;
 *   icube:N,K   the incomplete hypercube I_k^n (paper 003);
 *   bubble:N, pancake:N, torus:N,K, fcube:N   the bubble-sort and pancake graphs, the k-ary
 *               n-cube and the folded hypercube (src/net/<family>.c says whose);
 *   fattree:K, leafspine:L,S,H,R, dragonfly:A,P,H, hyperx:L,S,T, slimfly:Q[,P], polarfly:Q[,P]
 *               fabrics of compute nodes (hosts, ids 0..H-1, so that MPI rank i is compute
 *               node i) and switches (tc_net_role): the k-ary fat-tree, a two-tier Clos with
 *               oversubscription R:1 in its capacities, the dragonfly, the regular HyperX, the
 *               Slim Fly and the PolarFly (docs/constructions.md, "Fabrics");
 *   graph:FILE  any graph, from an edge list or JSON (tc_net_graph_new, tc_net_graph_read).
 *
 * Functions on single star nodes work for 2 <= n <= TC_STAR_MAX_N (20! < 2^63); structures
 * with one entry per node are materialized up to n = TC_STAR_MAX_MATERIAL_N.
 *
 * Permutations are arrays of uint8_t p[0..n-1] holding the symbols 1..n; position k of the
 * papers (1-based) is p[k-1].
 */
#ifndef TREECAST_NET_H
#define TREECAST_NET_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

#define TC_STAR_MAX_N 20
#define TC_STAR_MAX_MATERIAL_N 12
/* Longest label: "20,19,...,1" is 2*11 + 9 digits + 19 commas = 50 characters; a node of a
 * graph read from a file has a label of at most TC_LABEL_MAX - 1 characters. */
#define TC_LABEL_MAX 64

/* A network: nodes 0..N-1, ports 0..degree-1 at every node (port p is the paper's dimension
 * dim_min + p; in an irregular network some ports of some nodes lead nowhere), labels, and
 * the properties the constructions and schedules need. Opaque; reference counted (a forest
 * keeps its network alive), so tc_net_free may be called while forests built on it live. */
typedef struct tc_net tc_net_t;

/* ---- networks as objects ------------------------------------------------------------------ */

/* Create S_n, 2 <= n <= TC_STAR_MAX_N. TC_ERANGE otherwise. O(1). The caller frees *out with
 * tc_net_free. */
tc_err_t tc_net_star_new(int n, tc_net_t **out);

/* Create Q_n, 1 <= n <= TC_CUBE_MAX_N (2^n nodes; dimensions 0..n-1; node ids are the
 * addresses). TC_ERANGE otherwise. O(1). */
tc_err_t tc_net_cube_new(int n, tc_net_t **out);

/* Create the incomplete hypercube I_k^n (paper 003), 0 <= k < n <= TC_ICUBE_MAX_N: the 2^n + 2^k
 * nodes 0..2^n+2^k-1 of Q_{n+1}, a front n-cube and a back k-cube (addresses 1 0^(n-k) *^k),
 * with the links of Q_{n+1} between them; dimensions 0..n (dimension n joins a back node to
 * the front node with its low k bits). TC_ERANGE otherwise. O(1). */
tc_err_t tc_net_icube_new(int n, int k, tc_net_t **out);

/* Create a network from a specification: "star:7", "cube:10", "icube:6,3", ... (every family
 * of the registry; tc_net_syntax lists them). TC_EINVAL for an unknown family or malformed
 * text, TC_ERANGE for an unsupported size, TC_EPARSE/TC_EIO for a graph file that cannot be
 * read (graph:FILE is tc_net_graph_load without a memory budget). */
tc_err_t tc_net_parse(const char *spec, tc_net_t **out);

/* Create a network from its edges: nodes 0..nodes-1 (nodes >= 2), edge e joining
 * edges[2e] and edges[2e+1] (nedges >= 1; an edge given twice, either way round, counts once),
 * labels[v] the label of node v (NULL: the decimal ids; 1..TC_LABEL_MAX-1 characters without
 * blanks, all different), name what tc_net_name prints (NULL: "graph"). Node v's ports are its
 * neighbours in ascending id order; distances are breadth-first searches. TC_EINVAL for a loop,
 * an id out of range, a degree above TC_GRAPH_MAX_DEGREE, a bad or repeated label, no edge;
 * TC_ETOOBIG above 2^31 links; TC_ENOMEM. O(N + E log E). */
#define TC_GRAPH_MAX_DEGREE 64
tc_err_t tc_net_graph_new(int64_t nodes, int64_t nedges, const int64_t *edges,
                          const char *const *labels, const char *name, tc_net_t **out);

/* What a node does: computes (sends and receives data: an MPI rank, a GPU) or switches
 * (forwards packets between its links without keeping or combining data). */
typedef enum { TC_ROLE_COMPUTE = 0, TC_ROLE_SWITCH = 1 } tc_role_t;

/* The largest capacity of an arc (capacities are positive integers in any unit: Gbit/s, lanes). */
#define TC_CAPACITY_MAX 1000000000

/* tc_net_graph_new with capacities and roles: capacity[2e] is the capacity of edge e from
 * edges[2e] to edges[2e+1], capacity[2e+1] the other way (NULL: 1 both ways; 1..TC_CAPACITY_MAX);
 * role[v] is node v's tc_role_t (NULL: every node computes; at least 2 nodes must compute). An
 * edge given twice must give the same capacities. Errors as tc_net_graph_new, TC_EINVAL for a
 * capacity or role out of range. O(N + E log E). */
tc_err_t tc_net_fabric_new(int64_t nodes, int64_t nedges, const int64_t *edges,
                           const int64_t *capacity, const uint8_t *role, const char *const *labels,
                           const char *name, tc_net_t **out);

/* Create a network from the text of a graph file (what graph:FILE reads): an edge list (lines
 * "u v" of two names; a line of one name declares a node; '#' starts a comment) or a JSON
 * object with "edges" (docs/formats.md). Node ids follow the names' first appearance, or their
 * numeric order when every name is a decimal integer. TC_EPARSE with the line of the problem
 * (a NUL byte, a negative "nodes" included), TC_ENOMEM. */
tc_err_t tc_net_graph_read(const char *text, size_t len, const char *name, tc_net_t **out);

/* Create a network from the graph file at path (what graph:FILE reads; the network's
 * specification is "graph:" + path), reading it whole but boundedly: at most 1 GiB of text, and
 * when memory > 0 (a budget in bytes) at most memory / 8 bytes of text and a neighbour table
 * (nodes x degree x 5 bytes) of at most memory bytes. A regular file over the limit is refused
 * before it is read, a pipe or a device when the byte past the limit arrives, a NUL byte in the
 * block that brings it (reading /dev/zero stops at once). TC_EPARSE for a file over 1 GiB, a NUL
 * byte or malformed text (with its line); TC_ENOMEM for a file or table over the budget, or a
 * failed allocation; TC_EIO when the file cannot be opened or a read fails (a read error is
 * never taken for the end of the file). */
tc_err_t tc_net_graph_load(const char *path, int64_t memory, tc_net_t **out);

/* The role of node (TC_ROLE_COMPUTE for every node of a network without switches). O(1). */
tc_role_t tc_net_role(const tc_net_t *net, int64_t node);

/* The nodes that compute (all of them without switches), and whether some node switches. O(1). */
int64_t tc_net_compute_nodes(const tc_net_t *net);
bool tc_net_switches(const tc_net_t *net);

/* The capacity of the arc from node along dim (1 on a network without capacities; 0 when there
 * is no arc), and whether some arc's capacity is not 1. O(1) (O(degree) for the arc's port). */
int64_t tc_net_capacity(const tc_net_t *net, int64_t node, int dim);
bool tc_net_capacitated(const tc_net_t *net);

/* The connected components of the network: 1 for every family but a graph given by its edges
 * (counted when it is made). O(1). */
int64_t tc_net_components(const tc_net_t *net);

/* TC_OK when the network is connected; otherwise TC_EPARSE with the sentence "graph:F is not
 * connected: 2 components." (its specification). What needs a spanning structure (the trees of
 * every kind, the search) refuses a network in pieces so. */
tc_err_t tc_net_require_connected(const tc_net_t *net);

/* Whether the network is given by its edges (tc_net_graph_new, graph:FILE) rather than by a
 * family and its sizes: the documents treecast writes then carry its labels and edges. */
bool tc_net_explicit(const tc_net_t *net);

/* The specifications the registry accepts, as an English list ("star:N, cube:N or ..."). */
const char *tc_net_syntax(void);

/* Drop the caller's reference; the network is destroyed with its last reference (forests hold
 * one each). NULL is accepted. */
void tc_net_free(tc_net_t *net);

/* The family's name: "star", "cube", "icube", ... (the text before the colon of a spec). */
const char *tc_net_family_name(const tc_net_t *net);
/* The paper's name of the network: "S_7", "Q_10", "I_3^6". Returns the length. */
size_t tc_net_name(const tc_net_t *net, char *buf, size_t cap);
/* The specification that creates this network again ("icube:6,3"). Returns the length. */
size_t tc_net_spec(const tc_net_t *net, char *buf, size_t cap);
/* The size parameter n. */
int tc_net_n(const tc_net_t *net);
/* The second parameter (the back cube's dimension k of I_k^n; 0 for one-parameter families). */
int tc_net_k(const tc_net_t *net);
/* Number of nodes (n! for S_n, 2^n for Q_n). */
int64_t tc_net_nodes(const tc_net_t *net);
/* Number of undirected edges (n!(n-1)/2 for S_n, n 2^(n-1) for Q_n), or -1 when that exceeds
 * INT64_MAX. */
int64_t tc_net_edges(const tc_net_t *net);
/* The largest degree, which is the number of ports (n-1 for S_n, n for Q_n; n+1 for I_k^n,
 * whose degrees vary: a front node has n+1 neighbours when its bits k..n-1 are zero, n
 * otherwise; a back node k+1). */
int tc_net_degree(const tc_net_t *net);
/* The smallest degree (equal to tc_net_degree in a regular network). */
int tc_net_min_degree(const tc_net_t *net);
/* Smallest and largest dimension (2 and n for S_n, 0 and n-1 for Q_n); every dimension in
 * between exists; port p is dimension dim_min + p. */
int tc_net_dim_min(const tc_net_t *net);
int tc_net_dim_max(const tc_net_t *net);
/* Diameter in closed form (floor(3(n-1)/2) for S_n, Akers et al. [1] of paper 000; n for Q_n),
 * or -1 when the family has none (tc_net_facts measures it). */
int tc_net_diameter(const tc_net_t *net);
/* Whether per-node arrays of this network may be materialized (n <= 12 for S_n, n <= 32 for
 * Q_n; memory permitting). */
bool tc_net_materializable(const tc_net_t *net);

/* The neighbour of node along dim, or -1 when dim is not a dimension or the node has no
 * neighbour there. O(n^2) for S_n, O(1) for Q_n. */
int64_t tc_net_neighbor(const tc_net_t *net, int64_t node, int dim);

/* The dimension of edge (u, v), or -1 when u and v are not adjacent. O(n^2). */
int tc_net_edge_dim(const tc_net_t *net, int64_t u, int64_t v);

/* Minimum distance between u and v (-1: no path). O(n^2) on S_n; a breadth-first search,
 * O(N degree), on a family without a formula. */
int tc_net_distance(const tc_net_t *net, int64_t u, int64_t v);

/* The distances from `from` to every node into dist[0..N-1] (0xFF: unreachable, or farther than
 * 254): the family's formula where it has one (on every core), else breadth-first search.
 * TC_ENOMEM. O(N degree) at most. */
tc_err_t tc_net_distances(const tc_net_t *net, int64_t from, uint8_t *dist);

/* Write the label of node into buf (capacity cap >= TC_LABEL_MAX): "3517246" when commas is
 * false and n <= 9, "3,5,1,7,2,4,6" otherwise; n bits, most significant first, for Q_n.
 * Returns the length. O(n^2). */
size_t tc_net_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap);

/* Parse a node label (either form; for Q_n n bits or a decimal address) strictly. TC_EPARSE
 * for malformed text, a string that is not a permutation of 1..n or an address outside Q_n;
 * the detail message names the problem. */
tc_err_t tc_net_parse_label(const tc_net_t *net, const char *text, int64_t *out);

/* ---- properties that constructions and schedules ask for ----------------------------------- */

/* Every node has tc_net_degree neighbours. */
bool tc_net_regular(const tc_net_t *net);

/* Every cycle has even length (S_n, Q_n, I_k^n): a root path exceeds the distance by an even
 * number of links. */
bool tc_net_bipartite(const tc_net_t *net);

/* Translations: for every node h a map T_h, an automorphism with T_h(0) = h that keeps the
 * dimension of every edge (paper 000 Lemma 1 on S_n, where T_h(i) = h . i; XOR on Q_n). A
 * tree built at node 0 is carried to any root h by T_h with the same ports at corresponding
 * nodes, which the all-sources schedules (multinode, total exchange) rely on. */
bool tc_net_translates(const tc_net_t *net);

/* T_h(v), or T_h^{-1}(v) when inverse; -1 when the network has no translations. O(n). */
int64_t tc_net_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse);

/* The rotation about node 0 (paper 000 Definition 3 on S_n: i'_{r(k)} = r(i_k)), an
 * automorphism that maps an edge of dimension d to one of dimension r(d), and its order
 * (n - 1 on S_n); 0 when the network has none. */
int tc_net_rotation_order(const tc_net_t *net);

/* R^times(v) about node 0, and r^times(dim); -1 without a rotation. O(n). */
int64_t tc_net_rotate(const tc_net_t *net, int64_t v, int times);
int tc_net_rotate_dim(const tc_net_t *net, int dim, int times);

/* R_h^times(v) = T_h(R^times(T_h^{-1}(v))), the rotation about node h (the symmetry carrying
 * subtree l of EDT_h onto subtree r(l), paper 000 Lemma 6.2). -1 without both properties. */
int64_t tc_net_rotate_at(const tc_net_t *net, int64_t h, int64_t v, int times);

/* The dimension reversal about node 0 (the bit reversal B of Q_n, paper 002 Theorem 5: an
 * edge of dimension d maps to one of dimension n-1-d): whether the network has it, B(v) and
 * the image of a dimension (-1 without it). O(n). */
bool tc_net_reverses(const tc_net_t *net);
int64_t tc_net_reverse(const tc_net_t *net, int64_t v);
int tc_net_reverse_dim(const tc_net_t *net, int dim);

/* ---- necklaces: the orbits of the rotation (paper 000 Definition 4; paper 002 Section 2) ---- */

typedef struct {
    int64_t first;   /* the member it is listed from */
    int size;        /* members: first, next(first), ... (size of them) */
    int distance;    /* from node 0 */
    bool degenerate; /* fewer members than the rotation's order (Q_n: period below n) */
} tc_necklace_t;

typedef struct {
    int64_t count;
    tc_necklace_t *list; /* by distance, then in the family's order (see tc_net_necklaces) */
    bool degenerate;     /* the family marks degenerate necklaces (Q_n) */
    char summary[200];   /* "S_5: 120 nodes in 34 necklaces (sizes divide n-1 = 4)" */
} tc_necklaces_t;

/* The necklaces of net at distance `distance` from node 0 (-1: all) into *out (uninitialized on
 * entry; release with tc_necklaces_destroy). S_n (n <= 10): the orbits of the rotation R of
 * Definition 3; a necklace outside S^1_{n-1} has n-1 nodes, one per substar, and is listed from
 * its member with symbol 1 in position 2, one inside S^1_{n-1} from its smallest member and
 * after the others. Q_n (n <= 20): the orbits of the right rotation of the address, each from
 * its smallest member. TC_EINVAL for a network without necklaces, TC_ETOOBIG above those sizes,
 * TC_ENOMEM. O(N n^2). */
tc_err_t tc_net_necklaces(const tc_net_t *net, int distance, tc_necklaces_t *out);

/* The member after v in its necklace (R(v)). */
int64_t tc_net_necklace_next(const tc_net_t *net, int64_t v);

/* Free the list and zero *n; NULL and zeroed ones are accepted. */
void tc_necklaces_destroy(tc_necklaces_t *n);

/* ---- the materialized form: a neighbour table ---------------------------------------------- */

/* A network built out: node v's neighbour through port p is nbr[v * ports + p] (-1: none);
 * the packet arrives there on port rev[v * ports + p] (rev NULL: the same port, as on S_n and
 * Q_n). Caller-owned: the round engine, the plans, the threshold code and the SAT search all
 * read it; tests may fill one by hand (zeroed first: tc_topo_destroy frees every table). */
typedef struct {
    int64_t nodes;
    int ports;
    int32_t *nbr;
    uint8_t *rev;
    /* The capacity of the arc out of v through port p is cap[v * ports + p] (NULL: every arc
     * carries 1), and role[v] is v's tc_role_t (NULL: every node computes). Only networks with
     * capacities or switches have them (tc_net_capacitated, tc_net_switches). */
    uint32_t *cap;
    uint8_t *role;
} tc_topo_t;

/* Build the neighbour table of a materializable network into *topo (uninitialized on entry;
 * zeroed on failure). TC_ETOOBIG when the network cannot be materialized or has more than
 * 2^31 links, TC_ENOMEM. Release with tc_topo_destroy. O(N degree) (one walk in id order). */
tc_err_t tc_topo_init(tc_topo_t *topo, const tc_net_t *net);

/* Free the tables of an initialized topology and zero them (the struct is the caller's).
 * NULL and a zeroed topology are accepted. */
void tc_topo_destroy(tc_topo_t *topo);

/* ---- facts: what `treecast info` prints ---------------------------------------------------- */

#define TC_FACTS_MAX 24
#define TC_FACTS_DIST 64

typedef enum {
    TC_FACT_AGREES = 0, /* computed and equal to the paper's value */
    TC_FACT_DIFFERS,    /* computed and different */
    TC_FACT_INFO,       /* nothing to compare */
} tc_fact_verdict_t;

typedef struct {
    char key[24];    /* stable identifier: "diameter" */
    char value[160]; /* what treecast computed */
    char paper[128]; /* the paper's formula and value, or "" */
    char source[40]; /* "000 Sec. 1", or "" */
    tc_fact_verdict_t verdict;
} tc_fact_t;

typedef struct {
    char title[120]; /* "the star graph on 7 symbols (...; paper 000)" */
    int count;
    tc_fact_t rows[TC_FACTS_MAX];
    /* the nodes at each distance from node `dist_from`, when enumerated (dist_max >= 0) */
    int dist_max;
    int64_t dist_from;
    int64_t by_dist[TC_FACTS_DIST];
} tc_facts_t;

/* Facts about net: sizes, degrees, distances and the family's own (necklaces, substars, ...),
 * each computed (by enumeration where the network is small enough) beside the paper's formula.
 * TC_ENOMEM. Time: up to O(N degree) per breadth-first search; enumerations are bounded so that
 * a call takes at most a few seconds. */
tc_err_t tc_net_facts(const tc_net_t *net, tc_facts_t *out);

/* Append a fact (at most TC_FACTS_MAX; further ones are dropped); returns it or NULL. */
tc_fact_t *tc_facts_add(tc_facts_t *facts, const char *key, const char *source);

/* ---- the star graph on permutations --------------------------------------------------------- */

/* n! for 0 <= n <= 20. */
int64_t tc_star_factorial(int n);

/* Lexicographic rank of permutation p of 1..n. O(n^2). */
int64_t tc_star_rank(int n, const uint8_t *p);

/* The permutation of lexicographic rank `rank` (0 <= rank < n!). O(n^2). */
void tc_star_unrank(int n, int64_t rank, uint8_t *p);

/* Whether p[0..n-1] is a permutation of 1..n. O(n). */
bool tc_star_is_perm(int n, const uint8_t *p);

/* Advance p to the lexicographically next permutation; false (p unchanged) at the last one.
 * Amortized O(1). */
bool tc_star_next(int n, uint8_t *p);

/* Move p along dimension dim (swap positions 1 and dim), in place. O(1). */
void tc_star_move(uint8_t *p, int dim);

/* The dimension of edge (a, b), or -1 when a and b are not adjacent. O(n). */
int tc_star_dim(int n, const uint8_t *a, const uint8_t *b);

/* Translation T_h(i) = h . i with (h . i)_k = h_{i_k} (Definition 2 with Lemma 1's expression;
 * corrections 000.4). out may not alias h or i. O(n). */
void tc_star_compose(int n, const uint8_t *h, const uint8_t *i, uint8_t *out);

/* The inverse permutation: T_h^{-1}(i) = h^{-1} . i. out may not alias h. O(n). */
void tc_star_inverse(int n, const uint8_t *h, uint8_t *out);

/* r(k) of Definition 3: r(1) = 1, r(k) = (k-1) mod (n-1) + 2 for 2 <= k <= n. */
int tc_star_r(int n, int k);

/* R^times(i), the rotation of Definition 3 applied `times` times (any times >= 0):
 * i' = R(i) has i'_{r(k)} = r(i_k). out may not alias i. O(n). */
void tc_star_rotate(int n, const uint8_t *i, int times, uint8_t *out);

/* The rotation conjugated by the translation to root h: R_h(i) = h . R(h^{-1} . i). This is
 * the symmetry carrying subtree l of EDT_h onto subtree r(l). O(n). */
void tc_star_rotate_at(int n, const uint8_t *h, const uint8_t *i, int times, uint8_t *out);

/* Number of cycles c_i and of symbols s_i in them (Definition 1; fixed points excluded). */
void tc_star_cycle_counts(int n, const uint8_t *p, int *cycles, int *symbols);

/* The cycle notation of Definition 1, e.g. "(13)(245)" for 341526 ("()" for I_n; cycle members
 * separated by commas when n > 9). Each cycle starts at its smallest symbol. Returns length. */
size_t tc_star_cycle_notation(int n, const uint8_t *p, char *buf, size_t cap);

/* Minimum distance from I_n: c + s when p_1 = 1, c + s - 2 otherwise ([1] of paper 000). O(n). */
int tc_star_distance_identity(int n, const uint8_t *p);

/* Minimum distance between a and b, d(I_n, a^{-1} . b) by translation. O(n). */
int tc_star_distance(int n, const uint8_t *a, const uint8_t *b);

/* The size of the necklace of p (Definition 4): the least t >= 1 with R^t(p) = p. A divisor of
 * n - 1 (Lemma 3). O(n^2). */
int tc_star_necklace_size(int n, const uint8_t *p);

/* The unfolded necklace of i (Definition 5): the n-1 nodes i, R(i), ..., R^{n-2}(i), repeats
 * included, written to out[0..(n-1)*n-1] (node k at out + k*n). O(n^2). */
void tc_star_unfolded_necklace(int n, const uint8_t *i, uint8_t *out);

/* Format p as a label (see tc_net_label). Returns the length. */
size_t tc_star_format(int n, const uint8_t *p, bool commas, char *buf, size_t cap);

/* Parse a label strictly into p. TC_EPARSE with a detail message on failure. */
tc_err_t tc_star_parse(int n, const char *text, uint8_t *p);

/* ---- the hypercube Q_n on addresses (paper 002, Section 2) --------------------------------
 *
 * Node ids are the n-bit addresses; bit i is the coefficient of 2^i (dimension i). These are
 * the single-node functions (1 <= n <= TC_CUBE_MAX_N); as a network object (cube:N) per-node
 * arrays are materialized up to n = TC_CUBE_MAX_MATERIAL_N. */

#define TC_CUBE_MAX_N 40
#define TC_CUBE_MAX_MATERIAL_N 32
#define TC_ICUBE_MAX_N 30

/* The right rotation R(i) = (i_0 i_{n-1} ... i_1), applied m times (any m >= 0), and the left
 * rotation L = R^{-1}. O(1). */
uint64_t tc_cube_rotate_right(int n, uint64_t i, int m);
uint64_t tc_cube_rotate_left(int n, uint64_t i, int m);

/* The bit reversal B(i) = (i_0 i_1 ... i_{n-1}). O(n). */
uint64_t tc_cube_reverse(int n, uint64_t i);

/* The period P_i: the least u > 0 with R^u(i) = i (a divisor of n). A node is cyclic when its
 * (relative) address has period below n; its necklace then is degenerate. O(n). */
int tc_cube_period(int n, uint64_t i);

/* Whether c is the smallest member of its necklace (R^j(c) >= c for every j): the member that
 * lists a necklace once. O(n). */
bool tc_cube_necklace_first(int n, uint64_t c);

/* index(c) of the SBnT^minR: the smallest j minimizing R^j(c) (corrections 002.2). O(n). */
int tc_cube_index_minr(int n, uint64_t c);

/* The number of leading zeroes alpha_c = |M(c)| and the bit k of paper 002 Section 2: scanning
 * down from bit index(c) - 1 cyclically, the zero bits form M(c) and bit k is the first 1-bit
 * (k = -1 for c = 0). O(n). */
int tc_cube_k_minr(int n, uint64_t c, int *alpha);

/* The four spanning balanced n-trees of paper 002 (Sections 3-4) differ in the rotation that
 * picks a node's subtree: minR (smallest j minimizing R^j(c)), maxL (maximizing L^j(c)), minBL
 * (minimizing B(L^j(c))) and maxBR (maximizing B(R^j(c))); the smallest such j is index(c). */
typedef enum { TC_SBNT_MINR = 0, TC_SBNT_MAXL, TC_SBNT_MINBL, TC_SBNT_MAXBR } tc_sbnt_t;

/* index(c) of a variant (corrections 002.6; 1110100010 gives 5, 0, 8, 7). O(n^2). */
int tc_cube_index(int n, uint64_t c, tc_sbnt_t variant);

/* Bit k of a variant and alpha = |M(c)|: minR and maxBR scan down from bit index(c) - 1,
 * maxL and minBL scan up from bit n - index(c), cyclically; k is the first 1-bit met (-1 for
 * c = 0). O(n^2). */
int tc_cube_k(int n, uint64_t c, tc_sbnt_t variant, int *alpha);

/* Format an address as n bits, most significant first ("01011"). Returns the length. */
size_t tc_cube_format(int n, uint64_t i, char *buf, size_t cap);

/* Parse an address: exactly n characters 0/1 (a bit string), otherwise a decimal number below
 * 2^n. TC_EPARSE with a detail message on failure. */
tc_err_t tc_cube_parse(int n, const char *text, uint64_t *out);

#pragma GCC visibility pop

#endif
