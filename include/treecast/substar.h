/* treecast — substars of the star graph and the routing of paper 001 (Tseng, Chang and Sheu,
 * Section II), and the per-substar sequence of its Personalized_Broadcast (Section III).
 *
 * A k-substar *^k y_{k+1} ... y_n (1 <= k <= n-1) is the set of nodes of S_n whose positions
 * k+1..n hold the distinct symbols y_{k+1}..y_n; it is an S_k on positions 1..k. The n!/k!
 * k-substars partition S_n. treecast handles the substars of that partition (the k stars
 * first), the only ones the paper routes to.
 *
 * Labels: "**12" for n <= 9 (one character per position), "*,*,1,2" with commas (required
 * for n > 9, accepted for any n), as node labels are written (net.h).
 *
 * Routing (Akers, Harel and Krishnamurthy's rules as paper 001 states them; x != target):
 *   R1  x_1 = y_1: move along the smallest dimension i with x_i != y_i;
 *   R2  x_1 != y_1: move along the dimension i with y_i = x_1;
 *   R3  (to a substar Y) x_1 not among y_{k+1..n}: the smallest i with x_i among y_{k+1..n} and
 *       x_i != y_i (a free position i <= k counts as x_i != y_i);
 *   R4  x_1 among y_{k+1..n}: the dimension i with y_i = x_1.
 * R1 leaves a choice ("any i"); treecast takes the smallest, and the routes are minimal for
 * every choice (Akers et al.). R3 and R4 give minimal node-to-substar routes: checked for every
 * node, every substar and every k up to n = 8 and on seeded samples to n = 10 in the tests.
 */
#ifndef TREECAST_SUBSTAR_H
#define TREECAST_SUBSTAR_H

#include "treecast/error.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* The longest route the rules produce: at most floor(3(n-1)/2) hops (the diameter). */
#define TC_ROUTE_MAX 32

/* A k-substar of S_n: y[k..n-1] are the fixed symbols y_{k+1}..y_n; y[0..k-1] are 0 (the stars). */
typedef struct {
    int n, k;
    uint8_t y[TC_STAR_MAX_N];
} tc_substar_t;

/* n!/k!, the number of k-substars of S_n (1 <= k <= n-1, n <= TC_STAR_MAX_N). */
int64_t tc_substar_count(int n, int k);

/* Parse a label of a substar of S_n ("**12", "*,*,1,2"); k is the number of stars. TC_EPARSE
 * with a one-line detail for anything else (repeated or out-of-range symbols, stars not
 * leading, no fixed symbol, no star, the wrong number of positions). */
tc_err_t tc_substar_parse(int n, const char *text, tc_substar_t *out);

/* Format s as a label (commas when `commas` or n > 9). Returns the length, as snprintf. */
size_t tc_substar_format(const tc_substar_t *s, bool commas, char *buf, size_t cap);

/* Whether node p (a permutation of 1..n) lies in s. O(n). */
bool tc_substar_contains(const tc_substar_t *s, const uint8_t *p);

/* The substar of the partition into k-substars that holds p. O(n). */
void tc_substar_of(int n, int k, const uint8_t *p, tc_substar_t *out);

/* The index-th k-substar (0 <= index < n!/k!) in the order of Table 1 of paper 001: the
 * (n-k)-tuples y_{k+1}..y_n in lexicographic order (**12, **13, **14, **21, ... for n = 4,
 * k = 2). O(n^2). */
void tc_substar_at(int n, int k, int64_t index, tc_substar_t *out);

/* The inverse of tc_substar_at. O(n^2). */
int64_t tc_substar_index(const tc_substar_t *s);

/* The distance from p to the nearest node of s, by the rules R3/R4 (minimal). O(n^2). */
int tc_substar_distance(const tc_substar_t *s, const uint8_t *p);

/* ---- routes ------------------------------------------------------------------------------ */

/* A route: the dimensions taken, hop by hop, and the rule that chose each (1..4). */
typedef struct {
    int len;
    uint8_t dim[TC_ROUTE_MAX];
    uint8_t rule[TC_ROUTE_MAX];
} tc_route_t;

/* The node-to-node route from x to y by R1/R2 (len 0 when x = y). O(n^2). */
void tc_route_nodes(int n, const uint8_t *x, const uint8_t *y, tc_route_t *out);

/* The node-to-substar route from x to s by R3/R4 (len 0 when x is in s); *end receives the
 * node of s it reaches (may be NULL). O(n^2). */
void tc_route_substar(const uint8_t *x, const tc_substar_t *s, tc_route_t *out, uint8_t *end);

/* ---- Personalized_Broadcast(k), step (2) of Section III ------------------------------------ */

/* Iteration i of step (2) as node z executes it: the route d_1..d_j from the identity to the
 * substar X_i (the i-th of tc_substar_at), the node x it reaches, the representative
 * y = z_{x_1} ... z_{x_n} and the substar Y = *^k z_{x_{k+1}} ... z_{x_n}. Row i of Table 1 is
 * this for z = 3241, k = 2. O(n^2). */
typedef struct {
    tc_substar_t X, Y;
    tc_route_t route;
    uint8_t x[TC_STAR_MAX_N], y[TC_STAR_MAX_N];
} tc_tseng_step_t;

void tc_tseng_step(int n, int k, int64_t i, const uint8_t *z, tc_tseng_step_t *out);

#pragma GCC visibility pop

#endif
