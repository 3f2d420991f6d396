/* Campaigns summed up (include/treecast/sim.h): the routes of a routing campaign and the runs of
 * a broadcast comparison as distributions, what `treecast sim route-campaign`, `route-bcast`,
 * `route-unicast` and `bcast-compare` print. */
#include "core/internal.h"
#include "treecast/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : (x > y);
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y);
}

/* The nearest-rank percentile p of n sorted values. */
static int64_t pct_i64(const int64_t *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

static double pct_dbl(const double *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

tc_err_t tc_sim_trials_summarize(const tc_sim_trial_t *trials, int64_t T,
                                 tc_sim_trials_summary_t *out)
{
    memset(out, 0, sizeof *out);
    if (T < 1) {
        return tc__fail(TC_EINVAL, "A campaign summary needs at least one trial.");
    }
    int64_t *rounds = tc__malloc_array((size_t)T, sizeof *rounds);
    double *deliv = tc__malloc_array((size_t)T, sizeof *deliv);
    if (rounds == NULL || deliv == NULL) {
        free(rounds);
        free(deliv);
        return tc__fail(TC_ENOMEM, "Out of memory for the summary of %lld trials.", (long long)T);
    }
    for (int64_t i = 0; i < T; i++) {
        rounds[i] = trials[i].rounds;
        deliv[i] = trials[i].delivered;
        out->all_delivered += trials[i].all;
    }
    qsort(rounds, (size_t)T, sizeof *rounds, cmp_i64);
    qsort(deliv, (size_t)T, sizeof *deliv, cmp_dbl);
    static const int p[4] = {0, 50, 90, 100};
    for (int k = 0; k < 4; k++) {
        out->rounds[k] = k == 0 ? rounds[0] : pct_i64(rounds, T, p[k]);
        out->delivered[k] = k == 0 ? deliv[0] : pct_dbl(deliv, T, p[k]);
    }
    free(rounds);
    free(deliv);
    return TC_OK;
}

/* The distribution of n values (sorted in place): median, p90, p99, max, mean; NaN for none. */
static void distribution(double *vals, int64_t n, double *v)
{
    if (n == 0) {
        for (int i = 0; i < 5; i++) {
            v[i] = NAN;
        }
        return;
    }
    qsort(vals, (size_t)n, sizeof *vals, cmp_dbl);
    double sum = 0;
    for (int64_t i = 0; i < n; i++) {
        sum += vals[i];
    }
    v[0] = pct_dbl(vals, n, 50);
    v[1] = pct_dbl(vals, n, 90);
    v[2] = pct_dbl(vals, n, 99);
    v[3] = vals[n - 1];
    v[4] = sum / (double)n;
}

tc_err_t tc_ftroute_summarize(const tc_ftroute_record_t *rec, int64_t n, tc_ftroute_summary_t *s)
{
    memset(s, 0, sizeof *s);
    double *v[TC_FTROUTE_NSTATS];
    for (int r = 0; r < TC_FTROUTE_NSTATS; r++) {
        v[r] = malloc((size_t)(n > 0 ? n : 1) * sizeof *v[r]);
        if (v[r] == NULL) {
            for (int q = 0; q < r; q++) {
                free(v[q]);
            }
            return tc__fail(TC_ENOMEM, "out of memory");
        }
    }
    int64_t k = 0, all = 0; /* k: delivered routes; all: every route */
    for (int64_t i = 0; i < n; i++) {
        const tc_ftroute_t *r = &rec[i].route;
        s->routes++;
        s->reachable += rec[i].oracle >= 0;
        s->delivered += r->delivered;
        s->returned += !r->delivered;
        s->budget[r->budget == TC_FTROUTE_UNBOUNDED ? 3 : r->budget]++;
        v[TC_FTROUTE_HOPS][all] = (double)r->hops;
        v[TC_FTROUTE_BACK][all] = (double)r->backtracks;
        v[TC_FTROUTE_BITS][all++] = (double)r->header_bits;
        if (r->delivered) {
            s->shortest += r->route_len == rec[i].oracle;
            v[TC_FTROUTE_ORACLE][k] = rec[i].oracle;
            v[TC_FTROUTE_ROUTE][k] = (double)r->route_len;
            v[TC_FTROUTE_STRETCH][k] = (double)r->route_len / rec[i].oracle;
            v[TC_FTROUTE_HOPSTRETCH][k++] = (double)r->hops / rec[i].oracle;
        }
    }
    for (int r = 0; r < TC_FTROUTE_NSTATS; r++) {
        bool every = r == TC_FTROUTE_HOPS || r == TC_FTROUTE_BACK || r == TC_FTROUTE_BITS;
        distribution(v[r], every ? all : k, s->dist[r]);
        free(v[r]);
    }
    return TC_OK;
}

int tc_ftbcast_compare_schemes(int n, int x, tc_ftbcast_scheme_t *sc)
{
    int ns = 0;
    sc[ns++] = (tc_ftbcast_scheme_t){.what = TC_FTPLAN_BCAST};
    sc[ns++] = (tc_ftbcast_scheme_t){.what = TC_FTPLAN_UNICAST};
    int xs[3] = {1, 2, n - 1};
    for (int i = 0; i < 3; i++) {
        bool dup = i > 0 && xs[i] <= xs[i - 1];
        if (x > 0 ? i == 0 : !dup) {
            sc[ns++] = (tc_ftbcast_scheme_t){.what = 0, .x = x > 0 ? x : xs[i]};
        }
    }
    return ns;
}

tc_err_t tc_ftbcast_summarize(const tc_ftbcast_record_t *rec, int64_t trials, int nschemes, int s,
                              int64_t M, tc_ftbcast_row_t *row)
{
    memset(row, 0, sizeof *row);
    row->min_fraction = 1;
    int64_t *v = malloc((size_t)(trials > 0 ? trials : 1) * sizeof *v);
    if (v == NULL) {
        return tc__fail(TC_ENOMEM, "out of memory");
    }
    for (int c = 0; c < TC_FTBCAST_NCOLS && trials > 0; c++) {
        for (int64_t i = 0; i < trials; i++) {
            const tc_ftbcast_record_t *r = &rec[i * nschemes + s];
            v[i] = c == TC_FTBCAST_LAST       ? r->sim.last_delivery
                   : c == TC_FTBCAST_ROUNDS   ? r->sim.rounds
                   : c == TC_FTBCAST_TX       ? r->sim.transmissions
                   : c == TC_FTBCAST_RETURNED ? r->routes.returned
                                              : r->routes.max_hops;
        }
        qsort(v, (size_t)trials, sizeof *v, cmp_i64);
        row->med[c] = pct_i64(v, trials, 50);
        row->max[c] = v[trials - 1];
    }
    free(v);
    for (int64_t i = 0; i < trials; i++) {
        const tc_ftbcast_record_t *r = &rec[i * nschemes + s];
        row->trials++;
        row->others += r->others;
        row->reachable += r->reachable;
        row->delivered += r->sim.keys_delivered;
        row->expected += r->others * M;
        row->all_reached += r->missed == 0;
        double fr = r->others > 0 ? (double)r->sim.keys_delivered / (double)(r->others * M) : 1;
        row->min_fraction = fr < row->min_fraction ? fr : row->min_fraction;
    }
    return TC_OK;
}
