/* Paper 002's Tables 1 and 2: the printed rows of Table 1, and Table 2's operations modelled in
 * routing cycles over the trees (tables.h). */
#include "treecast/tables.h"
#include "core/internal.h"
#include "treecast/plan.h"

#include <string.h>

/* kind's trees rooted at root on net, prepared for plans (the paper's children order). */
static tc_err_t prepare(tc_assembly_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                        int threads)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = threads};
    return tc_assembly_init(&o, a);
}

/* ---- 002 Table 1 --------------------------------------------------------------------------- */

/* n, A, B, SBT(max), SBnT(max), SBnT(min), factor x 100, as printed. */
static const int64_t TABLE_002_1[19][7] = {
    {2, 2, 2, 2, 2, 1, 133},
    {3, 2, 2, 4, 3, 2, 129},
    {4, 4, 3, 8, 5, 3, 133},
    {5, 2, 2, 16, 7, 6, 113},
    {6, 10, 5, 32, 13, 9, 124},
    {7, 2, 2, 64, 19, 18, 105},
    {8, 16, 6, 128, 35, 30, 110},
    {9, 8, 4, 256, 59, 56, 104},
    {10, 34, 9, 512, 107, 99, 105},
    {11, 2, 2, 1024, 187, 186, 100},
    {12, 76, 17, 2048, 351, 335, 103},
    {13, 2, 2, 4096, 631, 630, 100},
    {14, 130, 21, 8192, 1181, 1161, 101},
    {15, 38, 10, 16384, 2191, 2182, 100},
    {16, 256, 36, 32768, 4115, 4080, 100},
    {17, 2, 2, 65536, 7711, 7710, 100},
    {18, 568, 70, 131072, 14601, 14532, 100},
    {19, 2, 2, 262144, 27595, 27594, 100},
    {20, 1036, 111, 524288, 52487, 52377, 100},
};

const int64_t *tc_table_002_1(int n)
{
    return n >= 2 && n <= 20 ? TABLE_002_1[n - 2] : NULL;
}

/* ---- 002 Table 2 --------------------------------------------------------------------------- */

tc_err_t tc_table_002_2(int n, tc_kind_t kind, int64_t M, double ts, double tc, double t[2][3])
{
    tc_net_t *net = NULL;
    tc_assembly_t p = {0};
    tc_err_t err = tc_net_cube_new(n, &net);
    err = err == TC_OK ? prepare(&p, net, kind, 0, 0) : err;
    int tree = tc_trees_count(net, kind) > 1 ? -1 : 0; /* the SBG: all its trees at once */
    for (int one = 0; one < 2 && err == TC_OK; one++) {
        for (int op = TC_CYCLES_SCATTER; op <= TC_CYCLES_ALLTOALL && err == TC_OK; op++) {
            tc_cycles_t c;
            err = op == TC_CYCLES_SCATTER
                      ? tc_cycles_scatter(&p.trees, p.topo, tree, M, ts, tc, one, &c, NULL)
                      : tc_cycles_alltoall(&p.trees, p.topo, tree, op == TC_CYCLES_ALLTOALL, M, ts,
                                           tc, one, &c);
            t[one][op] = c.time;
        }
    }
    tc_assembly_destroy(&p);
    tc_net_free(net);
    return err;
}
