/* Paper 004's Tables 5.6 and 5.7: the printed rows, and the distribution of the tree-link
 * faults a broadcast survives (tables.h). */
#include "treecast/tables.h"
#include "core/internal.h"
#include "treecast/plan.h"

#include <stdlib.h>
#include <string.h>

/* kind's trees rooted at root on net, prepared for plans (the paper's children order). */
static tc_err_t prepare(tc_assembly_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                        int threads)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = threads};
    return tc_assembly_init(&o, a);
}

/* ---- 004 Table 5.7 ------------------------------------------------------------------------- */

/* n, HDLS-ISTs, Our ISTs: the computation steps of Table 5.6, as printed. */
static const int64_t TABLE_004_56[5][3] = {
    {4, 40, 15}, {5, 61, 19}, {6, 87, 23}, {7, 118, 27}, {8, 154, 31}};

bool tc_table_004_56(int n, int64_t *hdls, int64_t *ours)
{
    for (size_t k = 0; k < sizeof TABLE_004_56 / sizeof TABLE_004_56[0]; k++) {
        if (TABLE_004_56[k][0] == n) {
            *hdls = TABLE_004_56[k][1];
            *ours = TABLE_004_56[k][2];
            return true;
        }
    }
    return false;
}

/* N, links in the n ISTs, faulty links, fault tolerance (%), as printed. */
static const struct {
    int n;
    int64_t links, faulty;
    double percent;
} TABLE_004_57[] = {{4, 60, 14, 23.3},
                    {5, 155, 28, 18.0},
                    {6, 378, 59, 15.6},
                    {7, 889, 124, 14.0},
                    {8, 2040, 238, 11.7}};

bool tc_table_004_57(int n, int64_t *links, int64_t *faulty, double *percent)
{
    for (size_t k = 0; k < sizeof TABLE_004_57 / sizeof TABLE_004_57[0]; k++) {
        if (TABLE_004_57[k].n == n) {
            *links = TABLE_004_57[k].links;
            *faulty = TABLE_004_57[k].faulty;
            *percent = TABLE_004_57[k].percent;
            return true;
        }
    }
    return false;
}

/* The nearest-rank percentile p of sorted[0..n-1]. */
static int64_t percentile(const int64_t *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

tc_err_t tc_table_threshold(int n, tc_kind_t kind, int64_t trials, uint64_t seed, int threads,
                            int64_t paper, tc_table_dist_t *d)
{
    memset(d, 0, sizeof *d);
    tc_net_t *net = NULL;
    tc_assembly_t p = {0};
    tc_threshold_t *th = NULL;
    int64_t *v = tc__malloc_array((size_t)trials, sizeof *v);
    tc_err_t err = v == NULL ? tc__fail(TC_ENOMEM, "Out of memory.") : tc_net_cube_new(n, &net);
    err = err == TC_OK ? prepare(&p, net, kind, 0, threads) : err;
    err = err == TC_OK ? tc_threshold_new(&p.trees, p.topo, &th) : err;
    err = err == TC_OK ? tc_threshold_run(th, seed, trials, threads, v) : err;
    if (err == TC_OK) {
        qsort(v, (size_t)trials, sizeof *v, tc__cmp_int64);
        d->links = tc_threshold_links(th);
        d->p10 = percentile(v, trials, 10);
        d->median = percentile(v, trials, 50);
        d->p90 = percentile(v, trials, 90);
        d->p25 = percentile(v, trials, 25);
        d->p75 = percentile(v, trials, 75);
        d->min = v[0];
        d->max = v[trials - 1];
        for (int64_t i = 0; i < trials && paper >= 0; i++) {
            d->below += v[i] < paper;
        }
    }
    tc_threshold_free(th);
    tc_assembly_destroy(&p);
    tc_net_free(net);
    free(v);
    return err;
}
