/* treecast table — reproduce a table of a paper: the paper's value and treecast's measured value
 * side by side (the rows come from the library, treecast/tables.h; this file formats them). */
#include "common.h"

#include <stdlib.h>
#include <string.h>

#include "table_cmd.h"

/* ---- 002:2 ---------------------------------------------------------------------------------- */

static int table_002_2(const args_t *a, FILE *fp)
{
    static const tc_kind_t kinds[3] = {TC_KIND_SBNT_MINR, TC_KIND_SBG, TC_KIND_BINOMIAL};
    static const char *const names[3] = {"sbnt", "sbg", "binomial"};
    bool json = a->format == 1;
    tc_json_t j;
    if (json) {
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", "002:2");
        tc_json_kint(&j, "M", a->M);
        tc_json_kdouble(&j, "ts", a->ts);
        tc_json_kdouble(&j, "tc", a->tc);
        tc_json_key(&j, "rows");
        tc_json_array(&j);
    } else {
        fprintf(fp,
                "Table 2 of paper 002 (SBnT routing) beside the modelled time in routing cycles: "
                "M = %lld, ts = %g, tc = %g\n",
                (long long)a->M, a->ts, a->tc);
        fprintf(fp, "%-3s %-5s %-24s %-13s %-13s %-13s %-13s %s\n", "n", "ports", "communication",
                "Table 2", "SBnT", "SBG", "binomial", "lower bound");
    }
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        double times[3][2][3]; /* [kind][one][op] */
        for (int k = 0; k < 3; k++) {
            tc_err_t err = tc_table_002_2(n, kinds[k], a->M, a->ts, a->tc, times[k]);
            if (err != TC_OK) {
                return lib_fail(err, "the Table 2 schedules");
            }
        }
        for (int one = 1; one >= 0; one--) {
            for (int op = TC_CYCLES_SCATTER; op <= TC_CYCLES_ALLTOALL; op++) {
                tc_cycles_ref_t ref;
                tc_cycles_table2((tc_cycles_op_t)op, one, n, (double)a->M, a->ts, a->tc, &ref);
                if (!json) {
                    fprintf(fp, "%-3d %-5s %-24s %-13.10g %-13.10g %-13.10g %-13.10g %.10g\n", n,
                            one ? "one" : "n", ref.what, ref.table, times[0][one][op],
                            times[1][one][op], times[2][one][op], ref.lower);
                    continue;
                }
                tc_json_newline(&j);
                tc_json_object(&j);
                tc_json_kint(&j, "n", n);
                tc_json_kstr(&j, "ports", one ? "one" : "all");
                tc_json_kstr(&j, "communication", ref.what);
                tc_json_kdouble(&j, "table2", ref.table);
                tc_json_kstr(&j, "table2_formula", ref.table_formula);
                for (int k = 0; k < 3; k++) {
                    tc_json_kdouble(&j, names[k], times[k][one][op]);
                }
                tc_json_kdouble(&j, "lower_bound", ref.lower);
                tc_json_end_object(&j);
            }
        }
    }
    if (json) {
        tc_json_end_array(&j);
        tc_json_end_object(&j);
        tc_json_finish(&j);
    } else {
        fprintf(fp,
                "Table 2: one-port N M tc + (2n-2) ts (scatter; the leading term of Theorem 6), "
                "(N-1) M tc + (2n-1) ts,\nn N M / 2 tc + (2n-1) ts; n-port (N-1) M / n tc + n ts "
                "(twice), N M / 2 tc + n ts. Lower bounds:\nSection 5 of paper 002. The all-to-all "
                "rows run the tree translated to all 2^n sources (one\nmessage per node and "
                "dimension per cycle; one-port: one dimension per cycle).\n");
    }
    return 0;
}

/* ---- 003:II --------------------------------------------------------------------------------- */

static void fmt_i64(char *buf, size_t cap, int64_t v)
{
    if (v < 0) {
        snprintf(buf, cap, "-");
    } else {
        snprintf(buf, cap, "%lld", (long long)v);
    }
}

static void fmt_dbl(char *buf, size_t cap, double v)
{
    if (v < 0) {
        snprintf(buf, cap, "-");
    } else {
        snprintf(buf, cap, "%.6g", v);
    }
}

/* The label of node id on I_k^n (a bit string of n+1 bits). */
static void icube_label(int n, int k, int64_t id, char *buf, size_t cap)
{
    tc_net_t *net = NULL;
    if (tc_net_icube_new(n, k, &net) == TC_OK) {
        tc_net_label(net, id, false, buf, cap);
    } else {
        snprintf(buf, cap, "%lld", (long long)id);
    }
    tc_net_free(net);
}

static void row_003_json(tc_json_t *j, const tc_table_003_t *r)
{
    char worst[TC_LABEL_MAX], troot[TC_LABEL_MAX];
    icube_label(r->n, r->k, r->worst_root, worst, sizeof worst);
    icube_label(r->n, r->k, r->edst_T_root, troot, sizeof troot);
    tc_json_newline(j);
    tc_json_object(j);
    tc_json_kint(j, "n", r->n);
    tc_json_kint(j, "k", r->k);
    tc_json_kint(j, "nodes", r->nodes);
    tc_json_kint(j, "hp_paths", r->paths);
    tc_json_key(j, "table1");
    tc_json_object(j);
    tc_json_kint(j, "hp_paper", r->hp_paper);
    tc_json_kint(j, "hp_sim", r->hp_rounds);
    tc_json_kint(j, "edst_paper", r->edst_paper);
    tc_json_kint(j, "edst_sim_worst", r->edst_worst);
    tc_json_kstr(j, "edst_sim_worst_root", worst);
    tc_json_kint(j, "edst_sim_best", r->edst_best);
    tc_json_kint(j, "lower_bound", r->lower);
    tc_json_end_object(j);
    tc_json_key(j, "table2");
    tc_json_object(j);
    tc_json_kdouble(j, "hp_bopt", r->hp_bopt);
    tc_json_kdouble(j, "hp_tmin", r->hp_tmin);
    tc_json_kint(j, "hp_sim_B", r->hp_B);
    tc_json_kdouble(j, "hp_sim_T", r->hp_T);
    tc_json_kdouble(j, "edst_bopt", r->edst_bopt);
    tc_json_kdouble(j, "edst_tmin", r->edst_tmin);
    tc_json_kint(j, "edst_sim_B", r->edst_B);
    tc_json_kdouble(j, "edst_sim_T", r->edst_T);
    tc_json_kstr(j, "edst_sim_root", troot);
    tc_json_end_object(j);
    tc_json_end_object(j);
}

static void print_003_text(FILE *fp, const args_t *a, const tc_table_003_t *rows, int nrows)
{
    fprintf(fp,
            "Tables I-II of paper 003: broadcasting M = %lld elements on I_k^n, by formula "
            "and by simulation\n(the round engine; EDST: at every root, the worst shown; HP: "
            "Theorem 4's directed edge-disjoint Hamiltonian paths)\n\n",
            (long long)a->M);
    fprintf(fp, "Table I (ts = 0, tc = 1: rounds, one element per packet)\n");
    fprintf(fp, "%-3s %-3s %-6s %-6s %-12s %-9s %-12s %-11s %-10s %s\n", "n", "k", "nodes", "paths",
            "HP paper", "HP sim", "EDST paper", "EDST sim", "(best)", "bound");
    for (int i = 0; i < nrows; i++) {
        const tc_table_003_t *r = &rows[i];
        char p[24], s[24];
        fmt_i64(p, sizeof p, r->hp_paper);
        fmt_i64(s, sizeof s, r->hp_rounds);
        fprintf(fp, "%-3d %-3d %-6lld %-6d %-12s %-9s %-12lld %-11lld %-10lld %lld\n", r->n, r->k,
                (long long)r->nodes, r->paths, p, s, (long long)r->edst_paper,
                (long long)r->edst_worst, (long long)r->edst_best, (long long)r->lower);
    }
    fprintf(fp, "\nTable II (packets of B elements, a round costs B tc + ts; ts = %g, tc = %g)\n",
            a->ts, a->tc);
    fprintf(fp, "%-3s %-3s %-10s %-12s %-6s %-12s %-10s %-12s %-6s %-12s %s\n", "n", "k",
            "HP B_opt", "HP T_min", "B sim", "T sim", "EDST B_opt", "EDST T_min", "B sim", "T sim",
            "at root");
    for (int i = 0; i < nrows; i++) {
        const tc_table_003_t *r = &rows[i];
        char c[8][24];
        fmt_dbl(c[0], sizeof c[0], r->hp_bopt);
        fmt_dbl(c[1], sizeof c[1], r->hp_tmin);
        fmt_i64(c[2], sizeof c[2], r->hp_B);
        fmt_dbl(c[3], sizeof c[3], r->hp_T);
        fmt_dbl(c[4], sizeof c[4], r->edst_bopt);
        fmt_dbl(c[5], sizeof c[5], r->edst_tmin);
        fmt_i64(c[6], sizeof c[6], r->edst_B);
        fmt_dbl(c[7], sizeof c[7], r->edst_T);
        char root[TC_LABEL_MAX];
        icube_label(r->n, r->k, r->edst_T_root, root, sizeof root);
        fprintf(fp, "%-3d %-3d %-10s %-12s %-6s %-12s %-10s %-12s %-6s %-12s %s\n", r->n, r->k,
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], root);
    }
    fprintf(fp,
            "\nTable I: HP ceil(M/k) + N + K - 2, EDST ceil(M/(k+1)) + n + 1, Theorem 3's bound "
            "ceil(M/(k+1)) + n\n(N = 2^n, K = 2^k). 'paths': Theorem 4's directed Hamiltonian "
            "paths from any root (k+1 for odd k,\nk for even k); the simulation splits the "
            "packets over all of them, the paper's formula over k.\nHP: '-' where Theorem 4 "
            "gives none (k = 0) or the paths exceed %d links. EDST sim: the most\nrounds over "
            "every root (the fewest in parentheses). Table II: B_opt and T_min as printed\n"
            "(continuous B, no ceiling); 'B sim', 'T sim': the packet size in 1..M minimizing "
            "the simulated\nrounds x (B tc + ts); EDST: every root swept, the root whose least "
            "time is the largest (the\nworst case) shown 'at root' with its B and T.\n",
            TC_EDHP_MAX_DEPTH);
}

static int table_003_2(const args_t *a, FILE *fp)
{
    int cap = (int)(a->to - a->from + 1) * (int)a->to, nrows = 0;
    tc_table_003_t *rows = calloc((size_t)cap, sizeof *rows);
    if (rows == NULL) {
        return lib_fail(TC_ENOMEM, "the Table I-II rows");
    }
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        for (int k = 0; k < n; k++) {
            tc_err_t err = tc_table_003(n, k, a->M, a->ts, a->tc, &rows[nrows++]);
            if (err != TC_OK) {
                free(rows);
                return lib_fail(err, "the Table I-II broadcasts");
            }
        }
    }
    if (a->format == 1) {
        tc_json_t j;
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", "003:II");
        tc_json_kint(&j, "M", a->M);
        tc_json_kdouble(&j, "ts", a->ts);
        tc_json_kdouble(&j, "tc", a->tc);
        tc_json_key(&j, "rows");
        tc_json_array(&j);
        for (int i = 0; i < nrows; i++) {
            row_003_json(&j, &rows[i]);
        }
        tc_json_end_array(&j);
        tc_json_end_object(&j);
        tc_json_finish(&j);
    } else {
        print_003_text(fp, a, rows, nrows);
    }
    free(rows);
    return 0;
}

/* ---- 001:2, 001:3 and 001:eti ------------------------------------------------------------ */

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };

static void frac_text(char *buf, size_t cap, tc_frac_t f)
{
    snprintf(buf, cap, "%lld/%lld", (long long)f.num, (long long)f.den);
}

/* One cell of Table 2 or 3 in the chosen format. */
static void cell_001(FILE *fp, tc_json_t *j, int format, const tc_tseng_cell_t *c, bool t2)
{
    char exact[48], value[24];
    frac_text(exact, sizeof exact, c->exact);
    snprintf(value, sizeof value, t2 ? "%.4f" : "%.4g", c->value);
    const char *verdict = c->matches ? "matches" : "differs";
    if (format == FORMAT_JSON) {
        tc_json_newline(j);
        tc_json_object(j);
        tc_json_kint(j, "n", c->n);
        if (t2) {
            tc_json_kint(j, "k", c->k);
        }
        tc_json_kstr(j, "paper", c->printed);
        tc_json_kdouble(j, "treecast", c->value);
        tc_json_kstr(j, "exact", exact);
        tc_json_kstr(j, "verdict", verdict);
        tc_json_end_object(j);
    } else if (format == FORMAT_CSV) {
        if (t2) {
            fprintf(fp, "%d,%d,%s,%.15g,%s,%s\n", c->n, c->k, c->printed, c->value, exact, verdict);
        } else {
            fprintf(fp, "%d,%s,%.15g,%s,%s\n", c->n, c->printed, c->value, exact, verdict);
        }
    } else if (t2) {
        fprintf(fp, "%-3d %-3d %-7s %-9s %-8s %s\n", c->n, c->k, c->printed, value, verdict, exact);
    } else {
        fprintf(fp, "%-3d %-8s %-11s %-8s %s\n", c->n, c->printed, value, verdict, exact);
    }
}

/* Tables 2 and 3 of paper 001: every printed cell beside the exact value; 1 when one differs. */
static int table_001_cells(const args_t *a, FILE *fp, bool t2)
{
    tc_json_t j;
    const char *name = t2 ? "001:2" : "001:3";
    if (a->format == FORMAT_JSON) {
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", name);
        tc_json_kstr(&j, "rule",
                     t2 ? "truncated to three decimals" : "truncated to two significant digits");
        tc_json_key(&j, "cells");
        tc_json_array(&j);
    } else if (a->format == FORMAT_CSV) {
        fputs(t2 ? "n,k,paper,treecast,exact,verdict\n" : "n,paper,treecast,exact,verdict\n", fp);
    } else if (t2) {
        fprintf(
            fp,
            "Table 2 of paper 001: the least t_s/t_m with T(n,1) > T(n,k), Eq. (2) with Eq. (1)'s "
            "t_m\ncoefficient corrected (corrections 001.2); exact from l_{n,k} counted over "
            "the substars\n");
        fprintf(fp, "%-3s %-3s %-7s %-9s %-8s %s\n", "n", "k", "paper", "treecast", "verdict",
                "exact");
    } else {
        fprintf(fp, "Table 3 of paper 001: the least t_s/t_m with T' > T (Eq. (5): 5 / ((n-1)! - "
                    "6))\n");
        fprintf(fp, "%-3s %-8s %-11s %-8s %s\n", "n", "paper", "treecast", "verdict", "exact");
    }
    int cells = 0, differ = 0;
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        for (int k = t2 ? 3 : 0; k < (t2 ? n : 1); k++) {
            tc_tseng_cell_t c;
            tc_err_t err = t2 ? tc_tseng_table2(n, k, &c) : tc_tseng_table3(n, &c);
            if (err == TC_ERANGE && (!t2 || n < 4 || n > 12)) {
                break; /* no such cell */
            }
            if (err != TC_OK) {
                return lib_fail(err, t2 ? "Table 2 of paper 001" : "Table 3 of paper 001");
            }
            cell_001(fp, a->format == FORMAT_JSON ? &j : NULL, (int)a->format, &c, t2);
            cells++;
            differ += !c.matches;
        }
    }
    if (a->format == FORMAT_JSON) {
        tc_json_end_array(&j);
        tc_json_kint(&j, "count", cells);
        tc_json_kint(&j, "differ", differ);
        tc_json_end_object(&j);
        tc_json_finish(&j);
    } else if (a->format == FORMAT_TEXT) {
        fprintf(fp,
                "%d cells: %d match, %d differ. A printed value matches when it is the exact "
                "value truncated\n(not rounded) to %s (corrections 001.3).\n",
                cells, cells - differ, differ, t2 ? "three decimals" : "two significant digits");
    }
    return differ > 0 ? EXIT_CLAIM : 0;
}

static int table_001_2(const args_t *a, FILE *fp)
{
    return table_001_cells(a, fp, true);
}

static int table_001_3(const args_t *a, FILE *fp)
{
    return table_001_cells(a, fp, false);
}

/* The claim of Section III.2: the best k lies in 2..4 for every n <= 12 (tc_table_001_best_k). */
static int claim_001(double ratio, int *bad_n, int *bad_k)
{
    *bad_n = *bad_k = 0;
    for (int n = 3; n <= 12 && *bad_n == 0; n++) {
        int k;
        bool in;
        tc_err_t err = tc_table_001_best_k(n, ratio, &k, &in);
        if (err != TC_OK) {
            return lib_fail(err, "the best k");
        }
        if (!in) {
            *bad_n = n;
            *bad_k = k;
        }
    }
    return 0;
}

static int table_001_eti(const args_t *a, FILE *fp)
{
    tc_json_t j;
    int bad_n, bad_k, st;
    if ((st = claim_001(a->ratio, &bad_n, &bad_k)) != 0) {
        return st;
    }
    if (a->format == FORMAT_JSON) {
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", "001:eti");
        tc_json_kdouble(&j, "ts_tm", a->ratio);
        tc_json_key(&j, "rows");
        tc_json_array(&j);
    } else if (a->format == FORMAT_CSV) {
        fputs("n,k,ts_tm,eti,best_k,eti_nonpersonalized\n", fp);
    } else {
        fprintf(fp,
                "ETI of paper 001 at t_s/t_m = %g: (T(n,1) - T(n,k)) / T(n,1), Eq. (3) (Figures "
                "2-4), and\nETI' = (T' - T) / T' of the non-personalized broadcast (Fig. 6)\n",
                a->ratio);
        fprintf(fp, "%-3s", "n");
        for (int k = 1; k < (int)a->to; k++) {
            char head[16];
            snprintf(head, sizeof head, "k=%d", k);
            fprintf(fp, " %-7s", head);
        }
        fprintf(fp, " %-6s %s\n", "best k", "ETI'");
    }
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        int best;
        double beti, mesh;
        tc_err_t err = tc_tseng_best_k(n, a->ratio, &best, &beti);
        if (err == TC_OK) {
            err = tc_tseng_mesh_eti(n, a->ratio, &mesh);
        }
        if (err != TC_OK) {
            return lib_fail(err, "ETI");
        }
        if (a->format == FORMAT_JSON) {
            tc_json_newline(&j);
            tc_json_object(&j);
            tc_json_kint(&j, "n", n);
            tc_json_key(&j, "eti");
            tc_json_array(&j);
        } else if (a->format == FORMAT_TEXT) {
            fprintf(fp, "%-3d", n);
        }
        for (int k = 1; k < n; k++) {
            double e;
            if ((err = tc_tseng_eti(n, k, a->ratio, &e)) != TC_OK) {
                return lib_fail(err, "ETI");
            }
            if (a->format == FORMAT_JSON) {
                tc_json_double(&j, e);
            } else if (a->format == FORMAT_CSV) {
                fprintf(fp, "%d,%d,%.15g,%.15g,%d,%.15g\n", n, k, a->ratio, e, best, mesh);
            } else {
                fprintf(fp, " %-7.4f", e);
            }
        }
        if (a->format == FORMAT_JSON) {
            tc_json_end_array(&j);
            tc_json_kint(&j, "best_k", best);
            tc_json_kdouble(&j, "best_eti", beti);
            tc_json_kdouble(&j, "eti_nonpersonalized", mesh);
            tc_json_end_object(&j);
        } else if (a->format == FORMAT_TEXT) {
            fprintf(fp, "%*s %-6d %.4f\n", 8 * ((int)a->to - n), "", best, mesh);
        }
    }
    if (a->format == FORMAT_JSON) {
        tc_json_end_array(&j);
        tc_json_key(&j, "claim");
        tc_json_object(&j);
        tc_json_kstr(&j, "text", "best k in 2..4 for every n <= 12");
        tc_json_kbool(&j, "holds", bad_n == 0);
        if (bad_n != 0) {
            tc_json_kint(&j, "n", bad_n);
            tc_json_kint(&j, "best_k", bad_k);
        }
        tc_json_end_object(&j);
        tc_json_end_object(&j);
        tc_json_finish(&j);
    } else if (a->format == FORMAT_TEXT) {
        fprintf(fp,
                "T(n,k) by Eq. (1) with the t_m coefficient corrected (corrections 001.2); best k: "
                "the largest ETI\nover k = 1..n-1 (k = 1 when none improves). ETI' < 0: the mesh "
                "algorithm is slower (n <= 4, or\nt_s/t_m below Table 3's threshold).\n");
        if (bad_n == 0) {
            fprintf(fp, "best k in 2..4 for every n <= 12: holds\n");
        } else {
            fprintf(fp, "best k in 2..4 for every n <= 12: does not hold (n=%d, best k=%d)\n",
                    bad_n, bad_k);
        }
    }
    return 0;
}

/* ---- the command ---------------------------------------------------------------------------- */

/* ---- 001:1 and 001:compare (table_001.c) ---------------------------------------------------- */

static int table_001_1_run(const args_t *a, FILE *fp)
{
    return table_001_1(a->z, a->k, a->format, fp);
}

static int table_001_compare_run(const args_t *a, FILE *fp)
{
    return table_001_compare(a->from, a->to, fp);
}

/* How each table of the registry (tc_repro_rows: its options, formats and rows) is printed. An
 * option it does not read, or a format it does not write, is refused (so none is ignored). */
typedef struct {
    const char *name;
    int (*run)(const args_t *a, FILE *fp);
} table_t;

static const table_t TABLES[] = {
    {"001:1", table_001_1_run}, {"001:compare", table_001_compare_run},
    {"001:2", table_001_2},     {"001:3", table_001_3},
    {"001:eti", table_001_eti}, {"002:2", table_002_2},
    {"003:II", table_003_2},    {"004:5.6", table_004_56},
    {"004:5.7", table_004_57},
};

static const char *const FORMATS[] = {"text", "json", "csv", NULL};

static const opt_t OPTS[] = {
    OPT_INT("from", from, 2, 16, "A",
            "the first dimension n (004:5.6 and 004:5.7 default 4: N = 16; 002:2 4;\n"
            "003:II 3; 001:2 4; 001:3 5; 001:eti 3)"),
    OPT_INT("to", to, 2, 16, "B",
            "the last (004:5.6 and 004:5.7 default 8; 002:2 10; 003:II 6, at most 7;\n"
            "001:2 12, at most 12; 001:3 20; 001:eti 12, at most 12)"),
    OPT_INT_SEEN("M", M, m_given, 1, (int64_t)1 << 40, "M",
                 "002:2: elements per node (pair), default 1; 003:II: elements broadcast,\n"
                 "default 1024, at most 65536"),
    OPT_DOUBLE("ts", ts, "T", "start-up time (default 1)"),
    OPT_DOUBLE("tc", tc, "C", "time per element (default 1)"),
    OPT_INT("trials", trials, 1, 100000000, "T", "004:5.7: trials per row (default 1000)"),
    OPT_SEED(seed),
    OPT_THREADS(threads),
    {.type = OPT_DOUBLE_,
     .name = "ts-tm",
     OPT_FIELD(ratio),
     OPT_SEEN(ratio_given),
     .argh = "R",
     .help = "001:eti: the ratio t_s/t_m (default 100, Fig. 2; Fig. 3 is 1, Fig. 4 0.1)"},
    OPT_STRING("z", z, "NODE", "001:1: the node executing the algorithm (default 3241, Table 1's)"),
    OPT_INT("k", k, 1, 19, "K", "001:1: the substars' dimension (default 2, Table 1's)"),
    OPT_FORMAT(format, FORMATS),
    OPT_OUTPUT(output),
    OPT_END(),
};

/* Whether the blank-separated list names word. */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list; (s = strstr(s, word)) != NULL; s += n) {
        if ((s == list || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0')) {
            return true;
        }
    }
    return false;
}

/* Whether t reads the option OPTS[k]. */
static bool reads(const tc_repro_rows_t *t, int k)
{
    return listed(t->options, OPTS[k].name) || strcmp(OPTS[k].name, "output") == 0;
}

/* An option given that t does not read, or a format it does not write: refused. 0 or the
 * misuse status. */
static int refuse_foreign(const tc_repro_rows_t *t, uint64_t given, const args_t *a)
{
    for (int k = 0; OPTS[k].type != OPT_END_; k++) {
        if ((given >> k & 1) && !reads(t, k)) {
            char list[256];
            size_t len = 0;
            list[0] = '\0';
            for (int j = 0; OPTS[j].type != OPT_END_ && len < sizeof list; j++) {
                len += reads(t, j) ? (size_t)snprintf(list + len, sizeof list - len, "%s--%s",
                                                      len ? ", " : "", OPTS[j].name)
                                   : 0;
            }
            return misuse("--%s does not apply to %s (its options: %s)", OPTS[k].name, t->name,
                          list);
        }
    }
    if (!listed(t->formats, FORMATS[a->format])) {
        return misuse("--format %s does not apply to %s (it writes %s)", FORMATS[a->format],
                      t->name, listed(t->formats, "csv") ? "text, json or csv" : "text or json");
    }
    return 0;
}

static int table(const call_t *call)
{
    args_t a = *(const args_t *)call->ctx;
    char **argv = call->argv;
    int st;
    if (call->argc == 0) {
        return misuse("which table? (001:1, 001:2, 001:3, 001:eti, 001:compare, 002:2, 003:II, "
                      "004:5.6 or 004:5.7)");
    }
    const tc_repro_rows_t *t = tc_repro_rows(argv[0]);
    if (t == NULL) {
        return misuse("unknown table \"%s\"; treecast reproduces 001:1, 001:2, 001:3, 001:eti, "
                      "001:compare, 002:2, 003:II (with 003:I), 004:5.6 and 004:5.7",
                      argv[0]);
    }
    int (*run)(const args_t *, FILE *) = NULL;
    for (size_t k = 0; k < sizeof TABLES / sizeof TABLES[0]; k++) {
        run = strcmp(TABLES[k].name, t->name) == 0 ? TABLES[k].run : run;
    }
    if (run == NULL) {
        return fail(EXIT_CLAIM, "internal error: table %s has no printer", t->name);
    }
    if ((st = refuse_foreign(t, call->given, &a)) != 0) {
        return st;
    }
    if (run == table_003_2) { /* the one table whose M has another default and a limit */
        a.M = a.m_given ? a.M : 1024;
        if (a.M > 65536) {
            return misuse("003:II sweeps every packet size: --M at most 65536");
        }
    }
    if (t->max > 0 && (a.from > t->max || a.to > t->max)) {
        if (run == table_003_2) {
            return misuse("003:II runs I_k^n for 2 <= n <= 7 (the Hamiltonian paths are "
                          "simulated)");
        }
        return misuse("%s has n up to %d", t->name, t->max);
    }
    a.k = a.k == 0 ? 2 : a.k; /* 001:1's default, Table 1's */
    a.from = a.from < 0 ? t->from : a.from;
    a.to = a.to < 0 ? (a.from > t->to ? a.from : t->to) : a.to;
    if (a.from > a.to) {
        return misuse("--from %lld exceeds --to %lld", (long long)a.from, (long long)a.to);
    }
    output_t out;
    if ((st = output_open(&out, a.output)) != 0) {
        return st;
    }
    st = run(&a, out.fp);
    int cst = output_close(&out, st == 0 || st == EXIT_CLAIM);
    return st != 0 ? st : cst;
}

static const char *const EXAMPLES[] = {
    "treecast table 001:1",
    "Table 1 of paper 001: every printed row beside treecast's",
    "treecast table 002:2 --to 8",
    "Table 2 of paper 002 up to Q_8: SBnT, SBG and binomial tree",
    "treecast table 004:5.7 --trials 200",
    "Table 5.7 of paper 004: the faults a broadcast survives, as distributions",
    NULL,
};

static const command_doc_t DOC = {
    .usage =
        "treecast table 001:1 | 001:2 | 001:3 | 001:eti | 001:compare | 002:2 | 003:II | 004:5.6\n"
        "                      | 004:5.7 [--from A] [--to B] [--z NODE] [--k K]\n"
        "                      [--M M] [--ts T] [--tc C] [--trials T] [--seed S] [--threads T]\n"
        "                      [--ts-tm R] [--format text|json|csv] [--output FILE]",
    .about =
        "001:1    Table 1 of paper 001: step (2) of Personalized_Broadcast(k) as node z executes\n"
        "         it, one row per k-substar X_i (the R3/R4 route d_1..d_j from the identity, the\n"
        "         representative y, its substar Y); for z = 3241, k = 2 beside the printed rows\n"
        "         with a verdict (status 1 if one differs); --z and --k for any node and k.\n"
        "\n"
        "001:compare  who wins where, n = A..B (4..7): at t_s/t_m = 0.1, 1 and 100, one-port\n"
        "         and all-port, the simulated time of Personalized_Broadcast at its best k and\n"
        "         at k = 1 beside paper 000's total exchange, and of the mesh allgather beside\n"
        "         the Hamiltonian cycle and paper 000's multinode broadcast; the winner and\n"
        "         its margin. Every source simulated (paper 001's personalized runs by their\n"
        "         relabelling symmetry); 4..7 takes about 40 s.\n"
        "\n"
        "001:2    Table 2 of paper 001: the least t_s/t_m at which the personalized broadcast\n"
        "         over k-substars beats k = 1 (Eq. (2)), for n = 4..12 and k = 3..n-1: each\n"
        "         printed cell beside the exact value (l_{n,k} counted over the substars) and a\n"
        "         verdict: 'matches' when the printed value is the exact one truncated to three\n"
        "         decimals, else 'differs' (status 1).\n"
        "\n"
        "001:3    Table 3 of paper 001: 5 / ((n-1)! - 6) (Eq. (5)) for n = 5..20 as printed,\n"
        "         truncated to two significant digits; verdicts as 001:2.\n"
        "\n"
        "001:eti  ETI of Eq. (3) for n = A..B and every k = 1..n-1 at t_s/t_m = R, the best k,\n"
        "         ETI' of the non-personalized broadcast (Section IV), and whether the paper's\n"
        "         claim 'the best k lies in 2..4 for every n <= 12' holds at R. --format csv:\n"
        "         one line per (n, k), for plotting.\n"
        "\n"
        "003:II   Tables I and II of paper 003 (003:I is the same): broadcasting M elements\n"
        "         on I_k^n for n = A..B and every 0 <= k < n, over the k+1 edge-disjoint\n"
        "         spanning trees (EDST) and over Theorem 4's directed edge-disjoint "
        "Hamiltonian\n"
        "         paths (HP, kind edhp): the paper's formulas beside the round engine's "
        "rounds\n"
        "         (EDST at every root class: worst and best), Theorem 3's lower bound, and "
        "the\n"
        "         packet size minimizing the simulated time beside Table II's B_opt and "
        "T_min.\n"
        "\n"
        "002:2    Table 2 of paper 002 (complexities of SBnT routing): scatter, all-to-all\n"
        "         broadcast and all-to-all personalized, one-port and n-port, on Q_n: the\n"
        "         table's value beside the modelled time in routing cycles over the SBnT, the\n"
        "         SBG (n rotated SBnTs, data split) and the binomial tree, and the Section 5\n"
        "         lower bound. A cycle costs ts + tc x its largest message.\n"
        "\n"
        "004:5.6  Table 5.6 of paper 004 (computation steps of the parallel IST\n"
        "         constructions): every PE x != r of Q_n runs its program of Algorithm 4 (HDLS)\n"
        "         and of Algorithm 5, counting one step per loop iteration on its own label\n"
        "         (docs/constructions.md); the largest count (the response time), the mean,\n"
        "         and each phase's largest count, beside the printed columns and the text's\n"
        "         3n.\n"
        "\n"
        "004:5.7  Table 5.7 of paper 004 (reliable broadcasting under faulty links), made\n"
        "         precise as corrections 004.3 reads it: in each trial the directed links "
        "of\n"
        "         the n independent spanning trees of Q_n are made faulty one at a time in a\n"
        "         seeded random order until the broadcast first misses a node; the faults\n"
        "         survived, as a distribution beside the paper's single number, with the same\n"
        "         for the n Johnsson-Ho edge-disjoint trees and one binomial tree. Trial i\n"
        "         uses seed S + i; the trees are rooted at node 0.",
    .opts = OPTS,
    .status =
        "0 success, 1 a printed cell of 001:2 or 001:3 differs, 2 misuse, 4 out of memory or\n"
        "output not writable.",
    .examples = EXAMPLES,
};

int cmd_table(int argc, char **argv)
{
    args_t a = {
        .from = -1, .to = -1, .trials = 1000, .M = 1, .ts = 1, .tc = 1, .ratio = 100, .seed = 1};
    return run_command(argc, argv, &DOC, 1, table, &a);
}
