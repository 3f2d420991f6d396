/* Paper 001's tables as printed: Table 1 (step (2) of Personalized_Broadcast), Tables 2 and 3
 * (the t_s/t_m thresholds, judged truncated: tseng.h), and the best k of Section III.2's claim
 * (tables.h). */
#include "treecast/tables.h"
#include "core/internal.h"
#include "repro/paper.h"
#include "treecast/tseng.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef __int128 wide_t;

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

void tc_table_001_1_row(int n, int k, int64_t i, const uint8_t *z, tc_table_001_row_t *out)
{
    tc_tseng_step_t st;
    tc_tseng_step(n, k, i, z, &st);
    tc_substar_format(&st.X, false, out->X, sizeof out->X);
    tc_substar_format(&st.Y, false, out->Y, sizeof out->Y);
    tc_star_format(n, st.y, false, out->y, sizeof out->y);
    size_t len = 0, cap = sizeof out->dims;
    snprintf(out->dims, cap, "none");
    for (int h = 0; h < st.route.len && len < cap; h++) {
        len += (size_t)snprintf(out->dims + len, cap - len, "%s%d", h ? "," : "", st.route.dim[h]);
    }
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

/* ---- Tables 2 and 3 ------------------------------------------------------------------------- */

/* Table 2 as printed, row k = 3..11, columns n = k+1..12. */
static const char *const TABLE2[9][9] = {
    {"0.190", "0.150", "0.124", "0.106", "0.092", "0.082", "0.074", "0.067", "0.062"},
    {"0.288", "0.239", "0.205", "0.179", "0.160", "0.144", "0.131", "0.120"},
    {"0.367", "0.315", "0.276", "0.246", "0.222", "0.202", "0.186"},
    {"0.435", "0.382", "0.340", "0.307", "0.280", "0.257"},
    {"0.491", "0.438", "0.395", "0.360", "0.331"},
    {"0.538", "0.485", "0.442", "0.406"},
    {"0.577", "0.526", "0.483"},
    {"0.610", "0.560"},
    {"0.638"},
};

/* Table 3 as printed (x 10^-e written e-e). */
static const struct {
    int n;
    const char *printed;
} TABLE3[] = {
    {5, ".27"},      {6, ".043"},     {7, "7.0e-3"},   {8, "9.9e-4"},
    {9, "1.2e-4"},   {10, "1.3e-5"},  {12, "1.2e-7"},  {14, "8.0e-10"},
    {16, "3.8e-12"}, {18, "1.4e-14"}, {20, "4.1e-17"},
};

tc_err_t tc_tseng_truncation_matches(const char *printed, tc_frac_t x, bool *matches)
{
    if (printed == NULL || matches == NULL || x.num < 0 || x.den <= 0) {
        return tc__fail(TC_EINVAL,
                        "A truncation check needs a printed value, x >= 0 and an output.");
    }
    /* printed = M 10^e */
    wide_t M = 0;
    int e = 0, digits = 0;
    bool point = false;
    const char *s = printed;
    for (; *s != '\0' && *s != 'e'; s++) {
        if (*s == '.' && !point) {
            point = true;
        } else if (*s >= '0' && *s <= '9' && digits < 18) {
            M = M * 10 + (*s - '0');
            e -= point;
            digits++;
        } else {
            return tc__fail(TC_EINVAL, "\"%s\" is not a decimal number.", printed);
        }
    }
    if (*s == 'e') {
        char *end = NULL;
        long ex = strtol(s + 1, &end, 10);
        if (end == s + 1 || *end != '\0' || ex < -30 || ex > 30) {
            return tc__fail(TC_EINVAL, "\"%s\" is not a decimal number.", printed);
        }
        e += (int)ex;
    }
    if (digits == 0) {
        return tc__fail(TC_EINVAL, "\"%s\" is not a decimal number.", printed);
    }
    /* floor(x / 10^e) = floor(num 10^-e / den), or floor(num / (den 10^e)) */
    wide_t num = x.num, den = x.den;
    for (int i = 0; i < (e < 0 ? -e : e); i++) {
        if (e < 0) {
            num *= 10;
        } else {
            den *= 10;
        }
        if (num > INT64_MAX || den > INT64_MAX) {
            return tc__fail(TC_ERANGE, "The value times 10^%d does not fit in 64 bits.", -e);
        }
    }
    *matches = num / den == M;
    return TC_OK;
}

tc_err_t tc_tseng_table2(int n, int k, tc_tseng_cell_t *out)
{
    if (n < 4 || n > 12 || k < 3 || k > n - 1) {
        return tc__fail(TC_ERANGE,
                        "Table 2 has the cells 4 <= n <= 12, 3 <= k <= n-1, not n = %d, "
                        "k = %d.",
                        n, k);
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_table2 needs an output.");
    }
    tc_tseng_cell_t c = {.n = n, .k = k, .printed = TABLE2[k - 3][n - k - 1]};
    tc_err_t err = tc_tseng_threshold(n, k, &c.exact);
    if (err == TC_OK) {
        err = tc_tseng_truncation_matches(c.printed, c.exact, &c.matches);
    }
    if (err == TC_OK) {
        c.value = tc_frac_value(c.exact);
        *out = c;
    }
    return err;
}

tc_err_t tc_tseng_table3(int n, tc_tseng_cell_t *out)
{
    const char *printed = NULL;
    for (size_t i = 0; i < sizeof TABLE3 / sizeof TABLE3[0]; i++) {
        printed = TABLE3[i].n == n ? TABLE3[i].printed : printed;
    }
    if (printed == NULL) {
        return tc__fail(TC_ERANGE,
                        "Table 3 has n = 5, 6, 7, 8, 9, 10, 12, 14, 16, 18 and 20, not n = %d.", n);
    }
    if (out == NULL) {
        return tc__fail(TC_EINVAL, "tc_tseng_table3 needs an output.");
    }
    tc_tseng_cell_t c = {.n = n, .printed = printed};
    tc_err_t err = tc_tseng_mesh_threshold(n, &c.exact);
    if (err == TC_OK) {
        err = tc_tseng_truncation_matches(c.printed, c.exact, &c.matches);
    }
    if (err == TC_OK) {
        c.value = tc_frac_value(c.exact);
        *out = c;
    }
    return err;
}

/* ---- who wins where (`table 001:compare`) ------------------------------------------------- */

static tc_table_001_cost_t cost_of(const tc_sim_result_t *r, bool per_element)
{
    return (tc_table_001_cost_t){r->rounds, per_element ? r->elements : r->rounds,
                                 r->queued_packets > 0, true};
}

tc_err_t tc_table_001_compare(int n, int port_limit, tc_table_001_compare_t *out)
{
    memset(out, 0, sizeof *out);
    if (n < 4 || n > 7) {
        return tc__fail(TC_ERANGE, "001:compare runs n = 4..7 (every source of S_n simulated)");
    }
    out->n = n;
    out->port_limit = port_limit;
    char spec[16];
    snprintf(spec, sizeof spec, "star:%d", n);
    tc_net_t *net = NULL;
    tc_topo_t topo = {0};
    tc_err_t err = tc_net_parse(spec, &net);
    err = err == TC_OK ? tc_topo_init(&topo, net) : err;
    /* one message per pair, time in rounds (ts = 1, tm = 0), the engine's round limit */
    tc_sim_config_t model = tc_sim_defaults();
    model.port_limit = port_limit;
    model.max_rounds = 100000000;
    /* Tseng's alltoall for every k (one source and the relabelling symmetry; one-port or
     * all-port give the same rounds, as a source has one packet in flight per round) */
    for (int k = 1; k < n && err == TC_OK; k++) {
        tc_sim_tseng_t t;
        err = tc_sim_tseng_alltoall(net, &topo, k, true, &model, &t);
        err = err != TC_OK ? tc__repro_fail(err, "alltoall-tseng") : err;
        out->tseng[k] = cost_of(&t.res, true);
    }
    /* paper 000's total exchange: all-port by Lemma 7's symmetry, one-port in full up to S_6
     * (an all-port design under one port queues: S_6 holds 17 million waiting packets, S_7
     * needed 10 GB and 4 minutes, so it is not run there) */
    if (err == TC_OK && (port_limit == 0 || n <= 6)) {
        tc_sim_result_t te;
        err = tc_sim_paper000(net, TC_COLL_TOTAL_EXCHANGE, port_limit == 0, &model, &te);
        err = err != TC_OK ? tc__repro_fail(err, "total-exchange") : err;
        out->total_exchange = cost_of(&te, false);
    }
    if (err == TC_OK) { /* the mesh, the Hamiltonian cycle and paper 000's multinode */
        tc_sim_mesh_t m;
        err = tc_sim_allgather_mesh(net, &topo, &model, NULL, &m);
        out->mesh = cost_of(&m.mesh, true);
        out->ring = cost_of(&m.ring, true);
        out->multinode = cost_of(&m.multinode, false);
    }
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return err;
}
