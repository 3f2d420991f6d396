/* treecast — networks (topologies).
 *
 * A network has N nodes with integer ids 0..N-1, a set of dimensions, and neighbour(node, dim).
 * The star graph S_n (Fragopoulou & Akl, paper 000, Section 1) has the n! permutations of
 * 1..n as nodes; node i is joined along dimension k (2 <= k <= n) to the node obtained by
 * swapping the first and the k-th symbol of i. Node ids are lexicographic permutation ranks
 * (id 0 is the identity I_n = 12...n).
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

#define TC_STAR_MAX_N 20
#define TC_STAR_MAX_MATERIAL_N 12
/* Longest label: "20,19,...,1" is 2*11 + 9 digits + 19 commas = 50 characters. */
#define TC_LABEL_MAX 64

typedef enum { TC_NET_STAR = 1, TC_NET_CUBE = 2, TC_NET_ICUBE = 3 } tc_net_family_t;

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

/* Create a network from a specification such as "star:7", "cube:10" or "icube:6,3". TC_EINVAL for
 * an unknown family or malformed text, TC_ERANGE for an unsupported size. */
tc_err_t tc_net_parse(const char *spec, tc_net_t **out);

/* Destroy a network; NULL is accepted. */
void tc_net_free(tc_net_t *net);

tc_net_family_t tc_net_family(const tc_net_t *net);
/* "star" or "cube". */
const char *tc_net_family_name(const tc_net_t *net);
/* The paper's name of the network: "S_7", "Q_10", "I_3^6". Returns the length. */
size_t tc_net_name(const tc_net_t *net, char *buf, size_t cap);
/* The size parameter n. */
int tc_net_n(const tc_net_t *net);
/* The back cube's dimension k of I_k^n (0 for the other families). */
int tc_net_k(const tc_net_t *net);
/* Number of nodes (n! for S_n, 2^n for Q_n). */
int64_t tc_net_nodes(const tc_net_t *net);
/* Number of undirected edges (n!(n-1)/2 for S_n, n 2^(n-1) for Q_n), or -1 when that exceeds
 * INT64_MAX. */
int64_t tc_net_edges(const tc_net_t *net);
/* Node degree (n-1 for S_n, n for Q_n; the largest, n+1, for I_k^n, whose degrees vary: a
 * front node has n+1 neighbours when its bits k..n-1 are zero, n otherwise; a back node k+1). */
int tc_net_degree(const tc_net_t *net);
/* Smallest and largest dimension (2 and n for S_n, 0 and n-1 for Q_n); every dimension in
 * between exists. */
int tc_net_dim_min(const tc_net_t *net);
int tc_net_dim_max(const tc_net_t *net);
/* Diameter (floor(3(n-1)/2) for S_n, Akers et al. [1] of paper 000; n for Q_n). */
int tc_net_diameter(const tc_net_t *net);
/* Whether per-node arrays of this network may be materialized (n <= 12 for S_n, n <= 32 for
 * Q_n; memory permitting). */
bool tc_net_materializable(const tc_net_t *net);

/* The neighbour of node along dim, or -1 when dim is not a dimension. O(n^2) for S_n, O(1)
 * for Q_n. */
int64_t tc_net_neighbor(const tc_net_t *net, int64_t node, int dim);

/* The dimension of edge (u, v), or -1 when u and v are not adjacent. O(n^2). */
int tc_net_edge_dim(const tc_net_t *net, int64_t u, int64_t v);

/* Minimum distance between u and v. O(n^2). */
int tc_net_distance(const tc_net_t *net, int64_t u, int64_t v);

/* Write the label of node into buf (capacity cap >= TC_LABEL_MAX): "3517246" when commas is
 * false and n <= 9, "3,5,1,7,2,4,6" otherwise; n bits, most significant first, for Q_n.
 * Returns the length. O(n^2). */
size_t tc_net_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap);

/* Parse a node label (either form; for Q_n n bits or a decimal address) strictly. TC_EPARSE
 * for malformed text, a string that is not a permutation of 1..n or an address outside Q_n;
 * the detail message names the problem. */
tc_err_t tc_net_parse_label(const tc_net_t *net, const char *text, int64_t *out);

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
 * READING-NOTES 000 item 4). out may not alias h or i. O(n). */
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

/* index(c) of the SBnT^minR: the smallest j minimizing R^j(c) (READING-NOTES 002.2). O(n). */
int tc_cube_index_minr(int n, uint64_t c);

/* The number of leading zeroes alpha_c = |M(c)| and the bit k of paper 002 Section 2: scanning
 * down from bit index(c) - 1 cyclically, the zero bits form M(c) and bit k is the first 1-bit
 * (k = -1 for c = 0). O(n). */
int tc_cube_k_minr(int n, uint64_t c, int *alpha);

/* The four spanning balanced n-trees of paper 002 (Sections 3-4) differ in the rotation that
 * picks a node's subtree: minR (smallest j minimizing R^j(c)), maxL (maximizing L^j(c)), minBL
 * (minimizing B(L^j(c))) and maxBR (maximizing B(R^j(c))); the smallest such j is index(c). */
typedef enum { TC_SBNT_MINR = 0, TC_SBNT_MAXL, TC_SBNT_MINBL, TC_SBNT_MAXBR } tc_sbnt_t;

/* index(c) of a variant (READING-NOTES 002.6; 1110100010 gives 5, 0, 8, 7). O(n^2). */
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

#endif
