/* treecast — the papers' lower bounds for collective communication.
 *
 * Fragopoulou & Akl (paper 000) bound the time and the number of message transmissions of five
 * collectives under the all-port assumption: Section 4.1 and Table 1 for the star graph S_n
 * with fault-tolerance degree n-2 (every message reaches every node through n-1 parallel
 * paths), Table 2 for S_n with fault-tolerance degree x-1 (x parallel paths) and Table 3 for the
 * hypercube C_k with degree x-1. This module evaluates those formulas exactly as printed and,
 * beside them, the corrected time bound.
 *
 * Units: time in steps, counted as in corrections 000.6 — a packet crosses one link per
 * step, one packet per directed link per step, links are full duplex, all ports work at once.
 * Transmissions count one packet crossing one link. M is the number of messages per source
 * (per destination for scatter and total exchange).
 *
 * Under that convention every time bound of the form "ceil(...) + diameter" is lowered by 1
 * (corrections 000.6): one breadth-first tree pipelines M packets in M + D - 1 steps, which
 * at M = 1 is D, below the printed ceil(1/(n-1)) + D = D + 1. That shows the printed single node
 * broadcasting bound (and ft-bcast at x = 1) one too high; for ft-bcast with x >= 2 the minus 1
 * is the same step count but is not shown attained (tc_bound_t.note). No other printed time
 * bound is changed; disagreements found in other entries are stated in tc_bound_t.note
 * (docs/commands.md, "treecast bounds"). The transmission columns are returned as printed;
 * with x equal to the degree the scatter and total-exchange entries count one link too many per
 * path, and the note gives the corrected count (corrections 000.10).
 *
 * Every value is an integer (t_n = n!(n + 2/n + H_n - 4) is the sum of the distances from one
 * node to all n! nodes, an integer). Values are computed exactly and returned as doubles: exact
 * up to 2^53, rounded to the nearest double above (S_20 and large M reach 10^40).
 */
#ifndef TREECAST_BOUNDS_H
#define TREECAST_BOUNDS_H

#include "treecast/error.h"

#include <stdint.h>

#pragma GCC visibility push(default)

/* The collectives of paper 000, Section 4. All but TC_PROBLEM_BCAST are the fault-tolerant
 * versions: every node receives every message through x parallel paths. */
typedef enum {
    TC_PROBLEM_BCAST = 1,      /* single node broadcasting (no fault tolerance, Sec. 4.2) */
    TC_PROBLEM_FT_BCAST,       /* fault-tolerant single node broadcasting (Sec. 4.3) */
    TC_PROBLEM_MULTINODE,      /* fault-tolerant multinode broadcasting (Sec. 4.4) */
    TC_PROBLEM_SCATTER,        /* fault-tolerant single node scattering (Sec. 4.5) */
    TC_PROBLEM_TOTAL_EXCHANGE, /* fault-tolerant total exchange (Sec. 4.6) */
} tc_problem_t;

#define TC_PROBLEM_FIRST TC_PROBLEM_BCAST
#define TC_PROBLEM_LAST TC_PROBLEM_TOTAL_EXCHANGE

/* "bcast", "ft-bcast", "multinode", "scatter", "total-exchange"; "?" for another value. */
const char *tc_problem_name(tc_problem_t problem);

/* The paper's words for the problem ("fault tolerant single node scattering"); "?" otherwise. */
const char *tc_problem_title(tc_problem_t problem);

/* One row of Table 1, 2 or 3, evaluated. A plain value; every string is NUL-terminated. */
typedef struct {
    double time_printed;  /* the table's time bound, in steps, as printed */
    double time;          /* the corrected lower bound (equal to time_printed when no correction) */
    double transmissions; /* the table's transmission bound, as printed */
    char time_formula[96];            /* as printed: "ceil(M/(n-1)) + floor(3(n-1)/2)" */
    char time_formula_corrected[104]; /* the corrected formula, or "" when no correction */
    char tx_formula[96];              /* as printed: "M(n!-1)" */
    char source[48];                  /* "000 Table 1", "000 Table 2" or "000 Table 3" */
    char correction[120];             /* why the time was corrected, or "" */
    char note[360]; /* a disagreement in the printed entry that is not corrected, or "" */
} tc_bound_t;

/* The bound for S_n with x parallel paths (fault-tolerance degree x-1): Table 1 when
 * x == n-1, Table 2 for 1 <= x < n-1 (TC_PROBLEM_BCAST ignores x beyond its range check; its
 * row is the same in both tables). Table 2 at x = n-1 equals Table 1 in every entry.
 *
 * n: 2..TC_STAR_MAX_N (20); M >= 1; x: 1..n-1. Returns TC_OK and fills *out, TC_EINVAL for an
 * unknown problem or a NULL out, TC_ERANGE for n, M or x out of range (*out untouched). O(n). */
tc_err_t tc_bounds_star(int n, int64_t M, int x, tc_problem_t problem, tc_bound_t *out);

/* The bound for the hypercube C_k with x parallel paths (Table 3). k: 1..40; M >= 1; x: 1..k.
 * Returns as tc_bounds_star. O(1). */
tc_err_t tc_bounds_cube(int k, int64_t M, int x, tc_problem_t problem, tc_bound_t *out);

/* t_n = n!(n + 2/n + H_n - 4) (H_n the n-th harmonic number): the sum of the distances from
 * one node of S_n to all n! nodes, i.e. n! times the average distance including the node itself
 * (paper 000 Sec. 4.1 after [3]; corrections 001.1). An integer (t_4 = 62), exact up to 2^53
 * (n <= 17), rounded above. n: 2..20; TC_ERANGE otherwise, TC_EINVAL for a NULL out. O(n). */
tc_err_t tc_bounds_star_tn(int n, double *out);

#pragma GCC visibility pop

#endif
