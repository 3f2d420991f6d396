/* Paper 001's Table 1 as printed, and the best k of Section III.2's claim (treecast/tables.h). */
#include "core/internal.h"
#include "treecast/tables.h"
#include "treecast/tseng.h"

#include <stddef.h>

/* Table 1 as printed (z = 3241, k = 2): X_i, d_1..d_j ("none" for none), y, Y. */
static const char *const PRINTED_T1[12][4] = {
    {"**12", "3,2,4", "1432", "**32"}, {"**13", "3,4", "1234", "**34"},
    {"**14", "3", "4231", "**31"},     {"**21", "4,2,3", "4123", "**23"},
    {"**23", "2,3,4", "1324", "**24"}, {"**24", "2,3", "4321", "**21"},
    {"**31", "4", "1243", "**43"},     {"**32", "2,4", "1342", "**42"},
    {"**34", "none", "3241", "**41"},  {"**41", "4,3", "4213", "**13"},
    {"**42", "2,4,3", "4312", "**12"}, {"**43", "3,4,3", "3214", "**14"},
};

const char *const *tc_table_001_1(int64_t i)
{
    return i >= 0 && i < 12 ? PRINTED_T1[i] : NULL;
}

tc_err_t tc_table_001_best_k(int n, double ratio, int *k, bool *in_2_4)
{
    double best, e;
    tc_err_t err = tc_tseng_best_k(n, ratio, k, &best);
    *in_2_4 = false;
    for (int j = 2; j <= 4 && j < n && err == TC_OK; j++) {
        err = tc_tseng_eti(n, j, ratio, &e);
        *in_2_4 = *in_2_4 || e >= best - 1e-12;
    }
    return err;
}
