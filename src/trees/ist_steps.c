/* The computation steps of the parallel IST constructions of paper 004 (Table 5.6): each PE's
 * program for Algorithm 5 and for Algorithm 4 (HDLS), written as the loops the paper describes
 * and counting one step per loop iteration (the step model: trees.h). The parents they compute
 * are those of tc_cube_ist_parent and tc_cube_ist_hdls_parent (tests/unit/test_ist_steps.c). */
#include "core/internal.h"
#include "treecast/trees.h"

#include <string.h>

const char *tc_ist_phase_name(tc_ist_algo_t algo, int phase)
{
    static const char *const alg5[TC_IST_PHASES] = {"t1 H(r,x)", "t2 succ", "t3 parents"};
    static const char *const alg4[TC_IST_PHASES] = {"H_n(x)", "HDLS matrix", "GEN-PARENTS"};
    if (phase < 0 || phase >= TC_IST_PHASES) {
        return "?";
    }
    return algo == TC_IST_ALGO_5 ? alg5[phase] : algo == TC_IST_ALGO_HDLS ? alg4[phase] : "?";
}

/* Phase 1 of both: the positions where c is 1, in increasing order (n steps). */
static int positions(int n, uint64_t c, uint8_t *h, int64_t *steps)
{
    int t = 0;
    for (int b = 0; b < n; b++) {
        (*steps)++; /* bit b examined */
        if ((c >> b) & 1u) {
            h[t++] = (uint8_t)b;
        }
    }
    return t;
}

/* Algorithm 5 (the chapter's): H(r,x), the successor table, then one parent per tree. */
static void run_alg5(int n, uint64_t c, uint8_t *parents, int64_t steps[TC_IST_PHASES])
{
    uint8_t h[TC_CUBE_MAX_N], succ[TC_CUBE_MAX_N];
    int t = positions(n, c, h, &steps[0]);
    for (int p = 0; p < t; p++) {
        steps[1]++; /* one entry of the successor table */
        succ[h[p]] = h[(p + 1) % t];
    }
    for (int i = 0; i < n; i++) {
        steps[2]++; /* x_i = r_i: flip i (a leaf); otherwise flip succ(i) */
        parents[i] = ((c >> i) & 1u) ? succ[i] : (uint8_t)i;
    }
}

/* Algorithm 4 (HDLS, Yang et al.): H_n(x), the Latin square HDLS_n(x), then GEN-PARENTS, which
 * finds succ(i) as the second entry of the row that starts with i. */
static void run_hdls(int n, uint64_t c, uint8_t *parents, int64_t steps[TC_IST_PHASES])
{
    uint8_t sq[TC_CUBE_MAX_N][TC_CUBE_MAX_N];
    uint8_t h[TC_CUBE_MAX_N];
    int t = positions(n, c, h, &steps[0]);
    for (int q = 0; q < t; q++) {
        for (int k = 0; k < t; k++) {
            steps[1]++; /* one entry of the square: row q is H rotated left by q */
            sq[q][k] = h[(q + k) % t];
        }
    }
    for (int i = 0; i < n; i++) {
        steps[2]++; /* the parent in T_i */
        if (!((c >> i) & 1u)) {
            parents[i] = (uint8_t)i; /* x + 2^i */
            continue;
        }
        int q = 0;
        for (;; q++) {
            steps[2]++; /* the first entry of row q read */
            if (sq[q][0] == i) {
                break;
            }
        }
        parents[i] = sq[q][1 % t]; /* x - 2^succ(i) */
    }
}

tc_err_t tc_ist_pe_run(int n, uint64_t c, tc_ist_algo_t algo, uint8_t *parents,
                       int64_t steps[TC_IST_PHASES])
{
    if (algo != TC_IST_ALGO_5 && algo != TC_IST_ALGO_HDLS) {
        return tc__fail(TC_EINVAL, "unknown IST algorithm %d (4: HDLS, 5: Algorithm 5)", (int)algo);
    }
    if (n < 1 || n > TC_CUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "the hypercube dimension must be 1..%d, not %d", TC_CUBE_MAX_N,
                        n);
    }
    if (n < 64 && (c >> n) != 0) {
        return tc__fail(TC_ERANGE, "the relative address %llu is not a node of Q_%d",
                        (unsigned long long)c, n);
    }
    memset(steps, 0, TC_IST_PHASES * sizeof steps[0]);
    if (c == 0) {
        memset(parents, TC_PARENT_ROOT, (size_t)n);
        return TC_OK;
    }
    if (algo == TC_IST_ALGO_5) {
        run_alg5(n, c, parents, steps);
    } else {
        run_hdls(n, c, parents, steps);
    }
    return TC_OK;
}

tc_err_t tc_ist_steps(int n, tc_ist_algo_t algo, tc_ist_steps_t *out)
{
    if (n < 1 || n > TC_IST_STEPS_MAX_N) {
        return tc__fail(TC_ERANGE, "the step count runs every PE of Q_n for n = 1..%d, not %d",
                        TC_IST_STEPS_MAX_N, n);
    }
    memset(out, 0, sizeof *out);
    out->n = n;
    out->algo = algo;
    out->pes = ((int64_t)1 << n) - 1;
    out->min = INT64_MAX;
    double sum = 0, phase_sum[TC_IST_PHASES] = {0};
    uint8_t parents[TC_CUBE_MAX_N];
    for (uint64_t c = 1; c < ((uint64_t)1 << n); c++) {
        int64_t steps[TC_IST_PHASES];
        tc_err_t err = tc_ist_pe_run(n, c, algo, parents, steps);
        if (err != TC_OK) {
            return err;
        }
        int64_t total = 0;
        for (int p = 0; p < TC_IST_PHASES; p++) {
            total += steps[p];
            phase_sum[p] += (double)steps[p];
            if (steps[p] > out->phase_max[p]) {
                out->phase_max[p] = steps[p];
            }
        }
        sum += (double)total;
        if (total > out->max) {
            out->max = total;
            out->argmax = c;
        }
        if (total < out->min) {
            out->min = total;
        }
    }
    out->mean = sum / (double)out->pes;
    for (int p = 0; p < TC_IST_PHASES; p++) {
        out->phase_mean[p] = phase_sum[p] / (double)out->pes;
    }
    return TC_OK;
}
