/* treecast — the cost model of paper 001 (Tseng, Chang & Sheu, all-to-all broadcast in S_n),
 * as corrected in docs/corrections.md (001.1-001.5), and its Tables 2 and 3.
 *
 * Personalized broadcast (Section III): S_n is cut into the N = n!/k! k-substars
 * *^k y_{k+1}..y_n (the nodes whose positions k+1..n hold the given distinct symbols). Node 12..n
 * sends one packet of k! messages to every substar, over l_{n,k} hops on average, and each
 * substar finishes with the k = 1 algorithm inside S_k (average distance l_{k,1}):
 *
 *   T(n,k) = (N l_{n,k} + n! l_{k,1}) t_s + (n! l_{n,k} + n! l_{k,1}) t_m      (Eq. (1), 001.2)
 *   T(n,1) > T(n,k)  iff  t_s/t_m > (l_{n,k} + l_{k,1} - l_{n,1})
 *                                   / (l_{n,1} - l_{n,k}/k! - l_{k,1})         (Eq. (2))
 *   ETI = (T(n,1) - T(n,k)) / T(n,1)                                          (Eq. (3))
 *
 * Non-personalized broadcast (Section IV) over the n x (n-1)! mesh, against the Hamiltonian cycle:
 *
 *   T = ((n-1)! + 6n - 7) t_s + (n! + 5n - 6) t_m,   T' = (n! - 1)(t_s + t_m)
 *   T' > T  iff  t_s/t_m > 5 / ((n-1)! - 6)                                   (Eq. (5))
 *
 * Averages are exact fractions. Node and substar arguments use the conventions of net.h
 * (symbols 1..n, position i of the paper is p[i-1]).
 */
#ifndef TREECAST_TSENG_H
#define TREECAST_TSENG_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* A fraction num/den in lowest terms, den >= 1. */
typedef struct {
    int64_t num, den;
} tc_frac_t;

/* The fraction as a double (nearest). O(1). */
double tc_frac_value(tc_frac_t f);

/* ---- distances to substars --------------------------------------------------------------- */

/* The distance from 12..n to the nearest node of the k-substar *^k y_{k+1}..y_n, where
 * fixed[0..n-k-1] = y_{k+1}..y_n (NULL when k = n). The closed rule (derived from the distance
 * c + s or c + s - 2 of tc_star_distance_identity, minimised over the free positions 1..k): the
 * fixed positions map i -> y_i; they form whole cycles, each of length L >= 2 costing L + 1, and
 * paths that run from a free symbol through fixed positions to a free position. When no path has
 * a fixed position, the rest is 0; otherwise it is the number A of elements on such paths, minus
 * 1 when symbol 1 is fixed (then position 1 ends a path). n: 2..TC_STAR_MAX_N, k: 1..n; TC_ERANGE
 * otherwise, TC_EINVAL when fixed is not n-k distinct symbols of 1..n or out is NULL. O(n). */
tc_err_t tc_tseng_substar_distance(int n, int k, const uint8_t *fixed, int *out);

/* l_{n,k}: the average over the N k-substars of their distance from 12..n (the substar holding
 * 12..n counts, at 0); l_{n,1} is the average distance to all n! nodes, 12..n included.
 *
 * tc_tseng_lnk counts by structure: the fixed positions form j elements in whole cycles (C(m,j)
 * choices, m = n - k, costed through j! H_j) and m - j elements in k ordered lists ending at
 * the free positions ((m-j+k-1)!/(k-1)! arrangements), so the sum of the closed rule over all N
 * substars is a sum over j of products. n: 2..TC_STAR_MAX_N, k: 1..n; TC_ERANGE outside, or when
 * the sum over the substars exceeds 2^63 (n = 20 with k <= 2); TC_EINVAL for a NULL out. O(n^2).
 *
 * tc_tseng_lnk_rule applies tc_tseng_substar_distance to each of the N substars in turn.
 * n: 2..12; O(N n) (S_12 with k = 1: 479 million substars, seconds in a release build).
 *
 * tc_tseng_lnk_bfs runs a breadth-first search from 12..n over all n! nodes of S_n and takes the
 * least distance of each substar's members. n: 2..10 (TC_ERANGE above), TC_ENOMEM. O(n! n),
 * about 45 MB for S_10. */
tc_err_t tc_tseng_lnk(int n, int k, tc_frac_t *out);
tc_err_t tc_tseng_lnk_rule(int n, int k, tc_frac_t *out);
tc_err_t tc_tseng_lnk_bfs(int n, int k, tc_frac_t *out);

/* l_{k,1} = k + 2/k + H_k - 4 with H_k = 1 + 1/2 + ... + 1/k (the footnote of Section III.2 as
 * corrected, corrections 001.1; l_{4,1} = 31/12). k: 1..TC_STAR_MAX_N (l_{1,1} = 0); TC_ERANGE
 * otherwise, TC_EINVAL for a NULL out. O(k). */
tc_err_t tc_tseng_lk1(int k, tc_frac_t *out);

/* ---- Section III: personalized broadcast ------------------------------------------------ */

/* T(n,k) of Eq. (1) with its t_m coefficient corrected (corrections 001.2): n: 2..19 (n = 20
 * gives TC_ERANGE: the sum behind l_{20,1} exceeds 2^63), k: 1..n, ts, tm finite and >= 0;
 * TC_EINVAL for a bad time or NULL out. O(n^2). */
tc_err_t tc_tseng_time(int n, int k, double ts, double tm, double *out);

/* The threshold of Eq. (2), exactly: T(n,1) > T(n,k) iff t_s/t_m exceeds it (its divisor is
 * positive). 0 for k = 2 (Lemma 1: l_{n,1} - l_{n,2} = 1/2). n: 3..19, 2 <= k <= n-1
 * (k = 1 and k = n make both sides 0); TC_ERANGE otherwise, or when the fraction or the
 * divisor's sign cannot be carried in 64 bits. O(n^2). */
tc_err_t tc_tseng_threshold(int n, int k, tc_frac_t *out);

/* ETI of Eq. (3) at t_s/t_m = ratio (finite, >= 0): (T(n,1) - T(n,k)) / T(n,1); 0 for k = 1
 * and k = n. Arguments as tc_tseng_time (n <= 19). O(n^2). */
tc_err_t tc_tseng_eti(int n, int k, double ratio, double *out);

/* The k in 1..n-1 with the largest ETI at ratio (the smallest such k on a tie; k = 1, ETI 0,
 * when none improves) and that ETI (eti may be NULL). n: 2..19. O(n^3). */
tc_err_t tc_tseng_best_k(int n, double ratio, int *k, double *eti);

/* ---- Section IV: non-personalized broadcast ---------------------------------------------- */

/* T (the mesh algorithm) and T' (the Hamiltonian cycle), either pointer may be NULL. n:
 * 2..TC_STAR_MAX_N, ts and tm finite and >= 0. O(n). */
tc_err_t tc_tseng_mesh_time(int n, double ts, double tm, double *T, double *Tprime);

/* The threshold of Eq. (5), 5 / ((n-1)! - 6), exactly. n: 5..TC_STAR_MAX_N; for n <= 4 T' > T
 * never holds ((n-1)! - 6 <= 0) and the answer is TC_ERANGE. O(n). */
tc_err_t tc_tseng_mesh_threshold(int n, tc_frac_t *out);

/* ETI' = (T' - T) / T' at t_s/t_m = ratio (negative where the mesh is slower). n: 2..20. O(n). */
tc_err_t tc_tseng_mesh_eti(int n, double ratio, double *out);

/* ---- Tables 2 and 3: the printed values and treecast's ---------------------------------- */

/* (Transcribed with the rest of paper 001's tables in src/repro/001/tables.c.) */

/* One cell of a table: the paper's printed value (as printed, "0.190", "7.0e-3"), the exact
 * value, and whether the printed value is the exact one truncated at the printed last digit
 * (corrections 001.3: three decimals in Table 2, two significant digits in Table 3). */
typedef struct {
    int n, k;            /* k: 0 in Table 3 */
    const char *printed; /* static */
    tc_frac_t exact;
    double value;
    bool matches;
} tc_tseng_cell_t;

/* Table 2 (the threshold of Eq. (2)) at n = 4..12, k = 3..n-1. TC_ERANGE for another cell,
 * TC_EINVAL for a NULL out. O(n^2). */
tc_err_t tc_tseng_table2(int n, int k, tc_tseng_cell_t *out);

/* Table 3 (the threshold of Eq. (5)) at n = 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20. TC_ERANGE for
 * another n, TC_EINVAL for a NULL out. O(n). */
tc_err_t tc_tseng_table3(int n, tc_tseng_cell_t *out);

/* Whether the decimal `printed` ("0.190", ".27", "7.0e-3") equals x truncated (rounded toward
 * zero) at printed's last digit: for x >= 0, floor(x / 10^e) = M where printed = M 10^e.
 * TC_EINVAL for a malformed decimal or a negative x, TC_ERANGE when 10^-e x does not fit in 64
 * bits. O(length). */
tc_err_t tc_tseng_truncation_matches(const char *printed, tc_frac_t x, bool *matches);

#pragma GCC visibility pop

#endif
