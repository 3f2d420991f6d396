/* Streaming the balance of the SBnT over every address of Q_n (paper 002, Table 1). */
#include "core/internal.h"
#include "treecast/trees.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    int n;
    tc_sbnt_t variant;
    int64_t subtree[TC_MAX_THREADS][64]; /* [thread][j] */
    int64_t binomial[TC_MAX_THREADS][64];
    int64_t by_period[TC_MAX_THREADS][65]; /* cyclic nodes by period */
} balance_job_t;

static void balance_range(void *arg, int tid, int nthreads)
{
    balance_job_t *job = arg;
    int n = job->n;
    uint64_t N = 1ull << n, mask = N - 1;
    int64_t lo, hi;
    tc__split_range((int64_t)N, tid, nthreads, &lo, &hi);
    int divisors[64], nd = 0;
    for (int d = 1; d < n; d++) {
        if (n % d == 0) {
            divisors[nd++] = d;
        }
    }
    int64_t *sub = job->subtree[tid], *bin = job->binomial[tid], *per = job->by_period[tid];
    for (uint64_t c = (uint64_t)lo; c < (uint64_t)hi; c++) {
        for (int k = 0; k < nd; k++) { /* the period: the least proper divisor that repeats */
            int d = divisors[k];
            if ((((c >> d) | (c << (n - d))) & mask) == c) {
                per[d]++;
                break;
            }
        }
        if (c == 0) {
            continue;
        }
        int j = tc_cube_index(n, c, job->variant);
        sub[j]++;
        bin[__builtin_ctzll(c)]++;
    }
}

tc_err_t tc_cube_balance(int n, tc_sbnt_t variant, int threads, tc_balance_t *out)
{
    if (n < 1 || n > TC_CUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "Q_%d is outside the supported range 1..40.", n);
    }
    balance_job_t *job = tc__calloc_array(1, sizeof *job);
    if (job == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory.");
    }
    job->n = n;
    job->variant = variant;
    int T = threads > 0 ? threads : tc__online_cpus();
    T = T > TC_MAX_THREADS ? TC_MAX_THREADS : T;
    tc_err_t err = tc__parallel(T, balance_range, job);
    if (err == TC_OK) {
        memset(out, 0, sizeof *out);
        out->n = n;
        double B = 0;
        for (int t = 0; t < T; t++) {
            for (int j = 0; j < n; j++) {
                out->subtree[j] += job->subtree[t][j];
                out->binomial[j] += job->binomial[t][j];
            }
            for (int p = 1; p < n; p++) {
                out->A += job->by_period[t][p];
                B += (double)job->by_period[t][p] / p;
            }
        }
        out->B = (int64_t)(B + 0.5);
        out->sbnt_min = INT64_MAX;
        for (int j = 0; j < n; j++) {
            out->sbnt_max = out->subtree[j] > out->sbnt_max ? out->subtree[j] : out->sbnt_max;
            out->sbnt_min = out->subtree[j] < out->sbnt_min ? out->subtree[j] : out->sbnt_min;
            out->sbt_max = out->binomial[j] > out->sbt_max ? out->binomial[j] : out->sbt_max;
        }
    }
    free(job);
    return err;
}
