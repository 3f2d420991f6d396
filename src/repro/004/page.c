/* The reproduction of paper 004 (reliable broadcasting via independent spanning trees, a thesis
 * chapter): Tables 5.1-5.5 (Algorithm 5's parents, transcribed below, beside `trees --kind ist
 * --format table`), Table 5.6 (each PE's computation steps, trees.h) with Figure 5.3, Table
 * 5.7 (the tree-link faults the n-IST broadcast survives, as a distribution: tables.h), and the
 * figures. Every measured number comes from the library. */
#include "repro/paper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The corrections this page relies on (docs/corrections.md, paper 004). */
#define C_ALG5 "004.1"   /* Algorithm 5 reproduces every parent */
#define C_TYPOS "004.2"  /* four typos in Tables 5.1-5.5 */
#define C_FAULTS "004.3" /* Table 5.7 made precise: a distribution */
#define C_STEPS "004.4"  /* Table 5.6: the text's 3n, not the printed 4n - 1 */

#define TRIALS 1000 /* Table 5.7's trials per row (`table 004:5.7` default) */

/* ---- Tables 5.1-5.5 as printed ------------------------------------------------------------- */

/* One printed row: the table (1..5), x, its bits, H(r,x), succ(i), 2^succ(i) and the parent as
 * bits:decimal ("-" printed as a dash; the root's row is empty), transcribed from the paper with
 * its typos (corrections 004.2 lists them; TYPOS below). */
typedef struct {
    int table, x;
    const char *bits, *h, *succ, *pow, *parent;
} ist_row_t;

static const ist_row_t IST_ROWS[] = {
    /* Table 5.1 */
    {1, 0, "0000", "", "", "", ""},
    {1, 1, "0001", "<0>", "0", "1", "0000:0"},
    {1, 2, "0010", "<1>", "-", "-", "0011:3"},
    {1, 3, "0011", "<0,1>", "1", "2", "0001:1"},
    {1, 4, "0100", "<2>", "-", "-", "0101:5"},
    {1, 5, "0101", "<0,2>", "2", "4", "0001:1"},
    {1, 6, "0110", "<1,2>", "-", "-", "0111:7"},
    {1, 7, "0111", "<0,1,2>", "1", "2", "0101:5"},
    {1, 8, "1000", "<3>", "-", "-", "1001:9"},
    {1, 9, "1001", "<0,3>", "3", "8", "0001:1"},
    {1, 10, "1010", "<1,3>", "-", "-", "1011:11"},
    {1, 11, "1011", "<0,1,3>", "1", "2", "1001:9"},
    {1, 12, "1100", "<2,3>", "-", "-", "1101:13"},
    {1, 13, "1101", "<0,2,3>", "2", "4", "1001:9"},
    {1, 14, "1110", "<1,2,3>", "-", "-", "1111:15"},
    {1, 15, "1111", "<0,1,2,3>", "1", "2", "1101:13"},
    /* Table 5.2 */
    {2, 0, "0000", "", "", "", ""},
    {2, 1, "0001", "<0>", "-", "-", "0011:3"},
    {2, 2, "0010", "<1>", "1", "2", "0000:0"},
    {2, 3, "0011", "<1,0>", "0", "1", "0010:2"},
    {2, 4, "0100", "<2>", "-", "-", "0110:6"},
    {2, 5, "0101", "<0,2>", "-", "-", "0111:7"},
    {2, 6, "0110", "<1,2>", "2", "4", "0010:2"},
    {2, 7, "0111", "<1,2,0>", "2", "4", "0011:3"},
    {2, 8, "1000", "<3>", "-", "-", "1010:10"},
    {2, 9, "1001", "<0,3>", "-", "-", "1011:11"},
    {2, 10, "1010", "<1,3>", "3", "8", "0010:2"},
    {2, 11, "1011", "<1,3,0>", "3", "8", "0011:3"},
    {2, 12, "1100", "<2,3>", "-", "-", "1110:14"},
    {2, 13, "1101", "<2,3,0>", "-", "-", "1111:15"},
    {2, 14, "1110", "<1,2,3>", "2", "4", "1010:10"},
    {2, 15, "1111", "<1,2,3,0>", "2", "4", "1011:11"},
    /* Table 5.3 */
    {3, 0, "0000", "", "", "", ""},
    {3, 1, "0001", "<0>", "-", "-", "0101:5"},
    {3, 2, "0010", "<1>", "-", "-", "0110:6"},
    {3, 3, "0011", "<0,1>", "-", "-", "0111:7"},
    {3, 4, "0100", "<2>", "2", "4", "0000:0"},
    {3, 5, "0101", "<2,0>", "0", "1", "0100:4"},
    {3, 6, "0110", "<2,1>", "1", "2", "0100:4"},
    {3, 7, "0111", "<2,0,1>", "0", "1", "0110:6"},
    {3, 8, "1000", "<3>", "-", "-", "1100:12"},
    {3, 9, "1001", "<3,0>", "-", "-", "1101:13"},
    {3, 10, "1010", "<3,1>", "-", "-", "1110:14"},
    {3, 11, "1011", "<3,0,1>", "-", "-", "1111:15"},
    {3, 12, "1100", "<2,3>", "3", "8", "0100:4"},
    {3, 13, "1101", "<2,3,0>", "3", "8", "0101:5"},
    {3, 14, "1110", "<2,3,1>", "3", "8", "0110:6"},
    {3, 15, "1111", "<2,3,0,1>", "3", "8", "0111:7"},
    /* Table 5.4 */
    {4, 0, "0000", "", "", "", ""},
    {4, 1, "0001", "<0>", "-", "-", "1001:9"},
    {4, 2, "0010", "<1>", "-", "-", "1010:10"},
    {4, 3, "0011", "<0,1>", "-", "-", "1011:11"},
    {4, 4, "0100", "<2>", "-", "-", "1100:12"},
    {4, 5, "0101", "<0,2>", "-", "-", "1101:13"},
    {4, 6, "0110", "<1,2>", "-", "-", "1110:14"},
    {4, 7, "0111", "<0,1,2>", "-", "-", "1111:15"},
    {4, 8, "1000", "<3>", "3", "8", "0000:0"},
    {4, 9, "1001", "<3,0>", "0", "1", "1000:8"},
    {4, 10, "1010", "<3,1>", "1", "2", "1000:8"},
    {4, 11, "1011", "<3,0,1>", "0", "1", "1010:10"},
    {4, 12, "1100", "<3,2>", "2", "4", "1000:8"},
    {4, 13, "1101", "<3,0,2>", "0", "1", "1100:12"},
    {4, 14, "1110", "<3,1,2>", "1", "2", "1100:12"},
    {4, 15, "1111", "<3,0,1,2>", "0", "1", "1110:14"},
    /* Table 5.5 */
    {5, 0, "00000", "<3>", "-", "-", "10000:16"},
    {5, 1, "00001", "<0,3>", "-", "-", "10001:17"},
    {5, 2, "00010", "<2,3>", "-", "-", "10010:18"},
    {5, 3, "00011", "<0,1,3>", "-", "-", "10011:19"},
    {5, 4, "00100", "<2,3>", "-", "-", "10100:20"},
    {5, 5, "00101", "<0,2,3>", "-", "-", "10101:21"},
    {5, 6, "00110", "<1,2,3>", "-", "-", "10110:22"},
    {5, 7, "00111", "<0,1,2,3>", "-", "-", "10111:23"},
    {5, 8, "01000", "", "", "", ""},
    {5, 9, "01001", "<0>", "-", "-", "11001:25"},
    {5, 10, "01010", "<1>", "-", "-", "11010:26"},
    {5, 11, "01011", "<0,1>", "-", "-", "11011:27"},
    {5, 12, "01100", "<2>", "-", "-", "11100:28"},
    {5, 13, "01101", "<0,2>", "-", "-", "11101:29"},
    {5, 14, "01110", "<1,2>", "-", "-", "11110:30"},
    {5, 15, "01111", "<0,1,2>", "-", "-", "111111:31"},
    {5, 16, "10000", "<4,3>", "3", "8", "11000:24"},
    {5, 17, "10001", "<4,0,3>", "0", "1", "10000:16"},
    {5, 18, "10010", "<4,1,3>", "1", "2", "10000:16"},
    {5, 19, "10011", "<4,0,1,3>", "0", "1", "10010:18"},
    {5, 20, "10100", "<4,2,3>", "2", "4", "10000:16"},
    {5, 21, "10101", "<4,0,2,3>", "0", "1", "10100:20"},
    {5, 22, "10110", "<4,1,2,3>", "1", "2", "10100:20"},
    {5, 23, "10111", "<4,0,1,2,3>", "0", "1", "10110:22"},
    {5, 24, "11000", "<4>", "4", "16", "01000:8"},
    {5, 25, "11001", "<4,0>", "0", "1", "11000:24"},
    {5, 26, "11010", "<4,1>", "1", "2", "11000:24"},
    {5, 27, "11011", "<4,0,1>", "0", "1", "11010:26"},
    {5, 28, "11100", "<4,2>", "2", "4", "11000:24"},
    {5, 29, "11101", "<4,0,2>", "0", "1", "11100:28"},
    {5, 30, "11110", "<4,1,2>", "1", "2", "11100:28"},
    {5, 31, "11111", "<4,0,1,2>", "0", "1", "11110:30"},
};

/* corrections 004.2: the four printed cells that are typos, with the value the entry gives. */
static const struct {
    int table, x, column; /* column: 0 H, 1 succ, 2 2^succ, 3 parent */
    const char *printed, *corrected;
} TYPOS[] = {
    {2, 5, 0, "<0,2>", "<2,0>"},
    {2, 9, 0, "<0,3>", "<3,0>"},
    {5, 2, 0, "<2,3>", "<1,3>"},
    {5, 15, 3, "111111:31", "11111:31"},
};

static const char *const COLUMNS[4] = {"H(r,x)", "succ(i)", "2^succ(i)", "parent(T_i,x)"};

static const char *printed_column(const ist_row_t *r, int c)
{
    return c == 0 ? r->h : c == 1 ? r->succ : c == 2 ? r->pow : r->parent;
}

/* The typo correction of one printed cell, NULL when it has none. */
static const char *typo_of(int table, int x, int column, const char *printed)
{
    for (size_t k = 0; k < sizeof TYPOS / sizeof TYPOS[0]; k++) {
        if (TYPOS[k].table == table && TYPOS[k].x == x && TYPOS[k].column == column &&
            strcmp(TYPOS[k].printed, printed) == 0) {
            return TYPOS[k].corrected;
        }
    }
    return NULL;
}

#define IST_MAX_X 32

/* treecast's rows of tree t of the ISTs of Q_n rooted at root (tc_report_ist_table): per x, the
 * text of its line and the fields H, succ, 2^succ, parent. */
typedef struct {
    char *text;
    char *field[IST_MAX_X][4];
} ist_out_t;

static tc_err_t ist_out_build(int n, int64_t root, int t, ist_out_t *o)
{
    memset(o, 0, sizeof *o);
    tc_net_t *net = NULL;
    tc_forest_t *f = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&o->text, &len);
    tc_err_t err = fp == NULL ? TC_ENOMEM : tc_net_cube_new(n, &net);
    err = err == TC_OK ? tc_trees_build(net, TC_KIND_IST, root, 1, &f) : err;
    err = err == TC_OK ? tc_report_ist_table(fp, f, t) : err;
    if (fp != NULL) {
        fclose(fp);
    }
    tc_forest_free(f);
    tc_net_free(net);
    for (char *line = o->text, *next; err == TC_OK && line != NULL && *line != '\0'; line = next) {
        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        char *fields[6] = {0};
        int nf = 0;
        for (char *p = line; p != NULL && nf < 6; nf++) {
            fields[nf] = p;
            p = strchr(p, '\t');
            if (p != NULL) {
                *p++ = '\0';
            }
        }
        char *end;
        long x = strtol(line, &end, 10);
        if (line[0] == '#' || end == line || *end != '\0' || nf != 6 || x < 0 || x >= IST_MAX_X) {
            continue; /* the comment, the header */
        }
        for (int c = 0; c < 4; c++) {
            o->field[x][c] = fields[2 + c];
        }
    }
    return err;
}

/* One of Tables 5.1-5.5: every printed cell beside treecast's. counts[verdict] accumulates. */
static tc_err_t ist_table(tc_repro_page_t *page, int table, int64_t counts[TC_REPRO_VERDICTS_])
{
    int n = table == 5 ? 5 : 4, t = table == 5 ? 4 : table - 1;
    int64_t root = table == 5 ? 8 : TC_OK;
    char id[32], rootarg[32] = "";
    snprintf(id, sizeof id, "table5_%d", table);
    if (root != 0) {
        snprintf(rootarg, sizeof rootarg, " --root 01000");
    }
    tc_repro_table_t *tb = tc_repro_table(
        page, id, table == 5 ? "Table 5.5: parents in T_4 of H_5 rooted at r = 8" : "", "x",
        "Table 5.%d prints, for every node x of H_%d, the positions H(r,x) where x differs from "
        "the root r = %lld, succ(%d), 2^succ(%d) (a dash for the leaves, x_%d = r_%d) and the "
        "parent of x in T_%d by Algorithm 5. treecast builds the ISTs (`--kind ist`, corrections "
        "%s) and prints the same layout (`trees --format table`); every printed cell is "
        "compared as text with treecast's. A cell is corrected when it is one of the four "
        "typos of corrections %s.",
        table, n, (long long)root, t, t, t, t, t, C_ALG5, C_TYPOS);
    if (table != 5) {
        free(tb->title);
        tb->title =
            tc__repro_fmt(page, "Table 5.%d: parents in T_%d of H_4 rooted at r = 0", table, t);
    }
    ist_out_t o;
    tc_err_t err = ist_out_build(n, root, t, &o);
    if (err != TC_OK) {
        free(o.text);
        return tc__repro_fail(err, "paper 004, Tables 5.1-5.5");
    }
    for (size_t k = 0; k < sizeof IST_ROWS / sizeof IST_ROWS[0]; k++) {
        const ist_row_t *r = &IST_ROWS[k];
        if (r->table != table || r->h[0] == '\0') {
            continue; /* another table, or the root's empty row */
        }
        tc_repro_row(tb, "%d", r->x);
        tc_repro_command(tb, "trees --net cube:%d --kind ist%s --format table --tree %d", n,
                         rootarg, t);
        for (int c = 0; c < 4; c++) {
            const char *p = printed_column(r, c), *v = o.field[r->x][c] ? o.field[r->x][c] : "?";
            const char *fix = typo_of(table, r->x, c, p);
            tc_repro_verdict_t vd = strcmp(p, v) == 0                    ? TC_REPRO_MATCHES
                                    : fix != NULL && strcmp(fix, v) == 0 ? TC_REPRO_CORRECTED
                                                                         : TC_REPRO_DIFFERS;
            tc_repro_cell(tb, COLUMNS[c], p, v, vd, vd == TC_REPRO_CORRECTED ? C_TYPOS : NULL);
            if (vd == TC_REPRO_CORRECTED) {
                tc_repro_note(tb, "a typo: corrections %s gives %s", C_TYPOS, fix);
            }
            counts[vd]++;
        }
    }
    free(o.text);
    return 0;
}

/* ---- Table 5.6 ----------------------------------------------------------------------------- */

typedef struct {
    int n;
    int64_t hdls, ours; /* printed; -1: none */
    tc_ist_steps_t h, o;
} row56_t;

/* Table 5.6: the steps of each PE's program (tc_ist_steps, the step model of trees.h) beside
 * the printed columns and the text's 3n. counts[verdict] accumulates. */
static tc_err_t table56(tc_repro_page_t *page, row56_t *rows, int *nrows,
                        int64_t counts[TC_REPRO_VERDICTS_])
{
    tc_repro_table_t *t = tc_repro_table(
        page, "table5_6", "Table 5.6: computation steps of the parallel IST constructions", "N,n",
        "Table 5.6 prints, for N = 16..256, the computation steps of the parallel construction of "
        "the n ISTs by the HDLS-based Algorithm 4 and by Algorithm 5 (15..31, that is 4n - 1); "
        "the text says t_R = t_1 + t_2 + t_3 = 3n (t_1 <= n for H(r,x), t_2 <= n for succ, "
        "t_3 = n for the parents). treecast runs every PE's program of each algorithm and counts "
        "its steps (`table 004:5.6`): one step is one iteration of a loop of the program on the "
        "PE's own label (one bit examined, one table entry written or searched, one parent "
        "produced), and the response time is the largest count over the N - 1 PEs. The programs "
        "compute the same parents as `--kind ist` and `--kind ist-hdls`. Counts match when "
        "equal; the text's per-phase bounds match when the count is within them.");
    for (int n = 4; n <= 8; n++) {
        row56_t *r = &rows[(*nrows)++];
        r->n = n;
        if (!tc_table_004_56(n, &r->hdls, &r->ours)) {
            r->hdls = r->ours = -1;
        }
        tc_err_t err = tc_ist_steps(n, TC_IST_ALGO_HDLS, &r->h);
        err = err == TC_OK ? tc_ist_steps(n, TC_IST_ALGO_5, &r->o) : err;
        if (err != TC_OK) {
            return tc__repro_fail(err, "paper 004, Table 5.6");
        }
        tc_repro_row(t, "%lld\t%d", (long long)1 << n, n);
        tc_repro_command(t, "table 004:5.6 --from %d --to %d", n, n);
        tc_repro_num(t, "HDLS-ISTs (steps, max over the PEs)", (double)r->hdls, (double)r->h.max, 0,
                     TC_REPRO_EQ, NULL, NAN);
        counts[tc_repro_holds((double)r->hdls, (double)r->h.max, 0, TC_REPRO_EQ)
                   ? TC_REPRO_MATCHES
                   : TC_REPRO_DIFFERS]++;
        tc_repro_note(t,
                      "Algorithm 4's program: %d bits examined, the t x t square HDLS_n(x) and %d "
                      "parents, each 1-bit's successor found by reading the rows' first entries: "
                      "2n + t^2 + t(t+1)/2 at Hamming distance t, at most (3n^2 + 5n)/2 = %lld at "
                      "x = %lld. The chapter states no model for this column; its values are "
                      "(5n^2 - 3n + 12)/2 exactly, quadratic like the count",
                      n, n, (long long)r->h.max, (long long)r->h.argmax);
        tc_repro_num(t, "HDLS-ISTs (steps, mean over the PEs)", NAN, r->h.mean, 2, TC_REPRO_EQ,
                     NULL, NAN);
        tc_repro_num(t, "Our ISTs (steps, max over the PEs)", (double)r->ours, (double)r->o.max, 0,
                     TC_REPRO_EQ, C_STEPS, 3.0 * n);
        bool eq = tc_repro_holds((double)r->ours, (double)r->o.max, 0, TC_REPRO_EQ);
        bool fixed = tc_repro_holds(3.0 * n, (double)r->o.max, 0, TC_REPRO_EQ);
        counts[eq ? TC_REPRO_MATCHES : fixed ? TC_REPRO_CORRECTED : TC_REPRO_DIFFERS]++;
        tc_repro_note(t,
                      "printed 4n - 1 = %lld; the count is 2n + t, at most 3n = %d at x = NOT r "
                      "(corrections %s)",
                      (long long)(4 * n - 1), 3 * n, C_STEPS);
        tc_repro_num_text(t, "t_R = 3n (the text)", "3n", 3.0 * n, (double)r->o.max, 0, TC_REPRO_EQ,
                          NULL, NAN);
        counts[tc_repro_holds(3.0 * n, (double)r->o.max, 0, TC_REPRO_EQ) ? TC_REPRO_MATCHES
                                                                         : TC_REPRO_DIFFERS]++;
        static const char *const bound[3] = {"<= n", "<= n", "n"};
        static const char *const what[3] = {"t_1, H(r,x) (steps, max)", "t_2, succ (steps, max)",
                                            "t_3, the parents (steps, max)"};
        for (int p = 0; p < TC_IST_PHASES; p++) {
            tc_repro_rel_t rel = p < 2 ? TC_REPRO_LE : TC_REPRO_EQ;
            tc_repro_num_text(t, what[p], bound[p], (double)n, (double)r->o.phase_max[p], 0, rel,
                              NULL, NAN);
            counts[tc_repro_holds((double)n, (double)r->o.phase_max[p], 0, rel)
                       ? TC_REPRO_MATCHES
                       : TC_REPRO_DIFFERS]++;
        }
        tc_repro_num(t, "Our ISTs (steps, mean over the PEs)", NAN, r->o.mean, 2, TC_REPRO_EQ, NULL,
                     NAN);
    }
    return 0;
}

/* Figure 5.3: the response time (the largest count) of both constructions per N, with the
 * means and the printed columns. */
static void fig_steps(tc_repro_page_t *page, const row56_t *rows, int nrows)
{
    tc_repro_figure_t *f = tc_repro_figure(
        page, "fig-steps", "Response time of the parallel IST constructions (Figure 5.3)", 6,
        "The computation steps of the parallel construction of the n ISTs of Q_n, per N (`table "
        "004:5.6`): the largest count over the PEs (the response time) and the mean, for the "
        "HDLS-based Algorithm 4 and for Algorithm 5, each PE's program counted one step per loop "
        "iteration; the paper's Table 5.6 as points. treecast's Algorithm 5 takes exactly the "
        "text's 3n, the printed column is 4n - 1 (corrections %s).",
        C_STEPS);
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return; /* the page's failure, returned by tc_repro_run */
    }
    fprintf(fp, "n,N,hdls_paper,hdls_max,hdls_mean,ours_paper,ours_max,ours_mean\n");
    for (int i = 0; i < nrows; i++) {
        const row56_t *r = &rows[i];
        fprintf(fp, "%d,%lld,%lld,%lld,%.4g,%lld,%lld,%.4g\n", r->n, (long long)1 << r->n,
                (long long)r->hdls, (long long)r->h.max, r->h.mean, (long long)r->ours,
                (long long)r->o.max, r->o.mean);
    }
    tc_repro_figure_script(
        f,
        "set title 'Response time of the parallel construction of n ISTs on Q_n'\n"
        "set xlabel 'N = 2^n nodes'\n"
        "set ylabel 'computation steps'\n"
        "set xrange [3.5:%d.5]\n"
        "set yrange [0:*]\n"
        "set key top left\n"
        "plot data using 1:4:xtic(2) with linespoints lw 2 pt 7 lc rgb '#d62728' title "
        "'HDLS (Algorithm 4), max', \\\n"
        "     '' using 1:5 with linespoints lw 1.5 dt 2 pt 6 lc rgb '#d62728' title 'HDLS, mean', "
        "\\\n"
        "     '' using 1:3 with points pt 5 ps 1.3 lc rgb '#ff9896' title 'paper: HDLS-ISTs', \\\n"
        "     '' using 1:7 with linespoints lw 2 pt 7 lc rgb '#1f77b4' title 'Algorithm 5, max "
        "(= 3n)', \\\n"
        "     '' using 1:8 with linespoints lw 1.5 dt 2 pt 6 lc rgb '#1f77b4' title 'Algorithm 5, "
        "mean', \\\n"
        "     '' using 1:6 with points pt 5 ps 1.3 lc rgb '#aec7e8' title 'paper: Our ISTs (4n - "
        "1)'\n",
        rows[nrows - 1].n);
}

/* ---- Table 5.7 ----------------------------------------------------------------------------- */

static const tc_kind_t KINDS_57[3] = {TC_KIND_IST, TC_KIND_NEDST, TC_KIND_BINOMIAL};

typedef struct {
    int n;
    int64_t paper; /* -1: none */
    tc_table_dist_t d[3];
} row57_t;

static void dist_cells(tc_repro_table_t *t, const char *who, const tc_table_dist_t *d, bool all)
{
    const char *names[5] = {"median", "p10", "p90", "min", "max"};
    int64_t v[5] = {d->median, d->p10, d->p90, d->min, d->max};
    for (int q = all ? 1 : TC_OK; q < 5; q++) {
        char *quantity = tc__repro_fmt(t->page, "%s faulty links (%s)", who, names[q]);
        tc_repro_num(t, quantity, NAN, (double)v[q], 0, TC_REPRO_EQ, NULL, NAN);
        free(quantity);
    }
}

static void row57_cells(tc_repro_table_t *t, const tc_repro_opts_t *o, const row57_t *r)
{
    const tc_table_dist_t *d = &r->d[0];
    int64_t N = (int64_t)1 << r->n, links, faulty;
    double pct;
    bool printed = tc_table_004_57(r->n, &links, &faulty, &pct);
    tc_repro_row(t, "%lld\t%d", (long long)N, r->n);
    tc_repro_command(t, "table 004:5.7 --from %d --to %d --trials %d --seed %llu", r->n, r->n,
                     TRIALS, (unsigned long long)o->seed);
    tc_repro_num(t, "links", printed ? (double)links : NAN, (double)d->links, 0, TC_REPRO_EQ, NULL,
                 NAN);
    tc_repro_note(t, "n(N-1): every directed link of the n trees (corrections %s)", C_FAULTS);
    char pv[32], vv[32];
    if (printed) {
        bool in = faulty >= d->p10 && faulty <= d->p90;
        snprintf(pv, sizeof pv, "%lld", (long long)faulty);
        snprintf(vv, sizeof vv, "%lld", (long long)d->median);
        tc_repro_cell(t, "IST faulty links (median)", pv, vv,
                      in ? TC_REPRO_MATCHES : TC_REPRO_DIFFERS, C_FAULTS);
        tc_repro_note(t,
                      "one draw of a random quantity (corrections %s): %s the simulated [p10, "
                      "p90] = [%lld, %lld]; %.1f%% of the %d trials survived fewer",
                      C_FAULTS, in ? "within" : "outside", (long long)d->p10, (long long)d->p90,
                      100.0 * (double)d->below / TRIALS, TRIALS);
        double lo = 100.0 * (double)d->p10 / (double)d->links;
        double hi = 100.0 * (double)d->p90 / (double)d->links;
        bool pin = pct >= lo - 0.05 && pct <= hi + 0.05;
        snprintf(pv, sizeof pv, "%.1f", pct);
        snprintf(vv, sizeof vv, "%.1f", 100.0 * (double)d->median / (double)d->links);
        tc_repro_cell(t, "fault tolerance (%)", pv, vv, pin ? TC_REPRO_MATCHES : TC_REPRO_DIFFERS,
                      C_FAULTS);
        tc_repro_note(t,
                      "faulty over links, the median; the simulated [p10, p90] is [%.1f, %.1f]; "
                      "the printed count over the printed links is %.2f",
                      lo, hi, 100.0 * (double)faulty / (double)links);
    } else {
        tc_repro_num(t, "IST faulty links (median)", NAN, (double)d->median, 0, TC_REPRO_EQ, NULL,
                     NAN);
    }
    dist_cells(t, "IST", d, true);
    dist_cells(t, "nEDST", &r->d[1], false);
    tc_repro_num(t, "binomial faulty links (max)", NAN, (double)r->d[2].max, 0, TC_REPRO_EQ, NULL,
                 NAN);
    tc_repro_note(t, "one spanning tree survives no fault");
}

static tc_err_t table57(tc_repro_page_t *page, const tc_repro_opts_t *o, row57_t *rows, int *nrows,
                        int *inside)
{
    tc_repro_table_t *t = tc_repro_table(
        page, "table5_7", "Table 5.7: reliable broadcasting under faulty links", "N,n",
        "Table 5.7 prints, for N = 16..256, the links of the n ISTs, the number of faulty links "
        "under which the broadcast still reached every node, and that number over the links in "
        "percent. Corrections %s reads it precisely: the links are the n(N-1) directed links of "
        "the trees, and the count is the number of random tree-link faults the n-IST broadcast "
        "survives before it first misses a node, a random quantity. treecast draws it in %d "
        "seeded trials per row (`table 004:5.7`, seed %llu, trial i seeded seed + i; the "
        "trees rooted at node 0), for the ISTs, the Johnsson-Ho nEDSTs and one binomial tree. "
        "The links match when equal; the printed count and percent match when they lie within "
        "the simulated 10th-90th percentiles of the ISTs' distribution (the printed number is "
        "one draw of it).",
        C_FAULTS, TRIALS, (unsigned long long)o->seed);
    int to = o->quick ? 6 : 8;
    for (int n = 4; n <= to; n++) {
        row57_t *r = &rows[(*nrows)++];
        int64_t links;
        double pct;
        r->n = n;
        r->paper = tc_table_004_57(n, &links, &r->paper, &pct) ? r->paper : -1;
        for (int k = 0; k < 3; k++) {
            tc_err_t err = tc_table_threshold(n, KINDS_57[k], TRIALS, o->seed, o->threads,
                                              k == 0 ? r->paper : -1, &r->d[k]);
            if (err != TC_OK) {
                return tc__repro_fail(err, "paper 004, Table 5.7");
            }
        }
        *inside += r->paper >= r->d[0].p10 && r->paper <= r->d[0].p90;
        row57_cells(t, o, r);
    }
    return 0;
}

/* Box plots of the faults survived per N (percent: of the links, Figure 5.4's ratio): the
 * ISTs, the nEDSTs, the binomial tree (percent only: it survives none) and the paper's values. */
static void fig_faults(tc_repro_page_t *page, const tc_repro_opts_t *o, const row57_t *rows,
                       int nrows, bool percent)
{
    tc_repro_figure_t *f = tc_repro_figure(
        page, percent ? "fig-faults-percent" : "fig-faults",
        percent ? "Fault tolerance in percent of the links per N (Table 5.7, Figure 5.4)"
                : "Faulty links survived per N (Table 5.7)",
        percent ? 6 : 5,
        "The random directed tree-link faults a broadcast survives on Q_n%s, over %d seeded "
        "trials per N (`table 004:5.7 --trials %d --seed %llu`; corrections %s): boxes from the "
        "25th to the 75th percentile with the median, whiskers from the 10th to the 90th, for "
        "the n ISTs and the n Johnsson-Ho nEDSTs%s; the paper's single %s as points.",
        percent ? ", in percent of the n(N-1) tree links (Figure 5.4's ratio)" : "", TRIALS, TRIALS,
        (unsigned long long)o->seed, C_FAULTS,
        percent ? " and one binomial tree (which survives none)" : " (log scale)",
        percent ? "percentages" : "counts");
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return; /* the page's failure, returned by tc_repro_run */
    }
    fprintf(fp, "n,N");
    const char *who[3] = {"ist", "nedst", "binomial"};
    for (int k = 0; k < 3; k++) {
        fprintf(fp, ",%s_p10,%s_p25,%s_median,%s_p75,%s_p90", who[k], who[k], who[k], who[k],
                who[k]);
    }
    fprintf(fp, ",paper\n");
    for (int i = 0; i < nrows; i++) {
        const row57_t *r = &rows[i];
        double scale = percent ? 100.0 / (double)r->d[0].links : 1.0;
        fprintf(fp, "%d,%lld", r->n, (long long)1 << r->n);
        for (int k = 0; k < 3; k++) {
            const tc_table_dist_t *d = &r->d[k];
            fprintf(fp, ",%.4g,%.4g,%.4g,%.4g,%.4g", (double)d->p10 * scale, (double)d->p25 * scale,
                    (double)d->median * scale, (double)d->p75 * scale, (double)d->p90 * scale);
        }
        int64_t links, faulty;
        double pct;
        if (tc_table_004_57(r->n, &links, &faulty, &pct)) {
            fprintf(fp, ",%.4g\n", percent ? pct : (double)faulty);
        } else {
            fprintf(fp, ",\n");
        }
    }
    tc_repro_figure_script(
        f,
        "set title '%s'\n"
        "set xlabel 'N = 2^n nodes'\n"
        "set ylabel '%s'\n"
        "%s"
        "set xrange [3.5:%d.5]\n"
        "set boxwidth 0.2\n"
        "set style fill solid 0.25 border\n"
        "set key top %s\n"
        "plot data using ($1-0.22):4:3:7:6:xtic(2) with candlesticks whiskerbars lw 1.5 lc "
        "rgb '#1f77b4' title 'n ISTs', \\\n"
        "     '' using ($1-0.22):5:5:5:5 with candlesticks lw 2.5 lc rgb '#1f77b4' notitle, \\\n"
        "     '' using 1:9:8:12:11 with candlesticks whiskerbars lw 1.5 lc rgb '#2ca02c' title "
        "'n nEDSTs (Johnsson-Ho)', \\\n"
        "     '' using 1:10:10:10:10 with candlesticks lw 2.5 lc rgb '#2ca02c' notitle, \\\n"
        "%s"
        "     '' using ($1-0.22):18 with points pt 7 ps 1.3 lc rgb '#d62728' title 'paper "
        "(Table 5.7)'\n",
        percent ? "Fault tolerance of the broadcast on Q_n: faults survived / tree links"
                : "Random tree-link faults survived by the broadcast on Q_n",
        percent ? "faulty links survived (% of the links)" : "faulty links survived",
        percent ? "set yrange [0:*]\n" : "set logscale y\n", rows[nrows - 1].n,
        percent ? "right" : "left",
        percent ? "     '' using ($1+0.22):14:13:17:16 with candlesticks whiskerbars lw 1.5 lc "
                  "rgb '#7f7f7f' title 'binomial tree', \\\n"
                : "");
}

/* ---- figures -------------------------------------------------------------------------------- */

/* The rounds against M on Q_n: binomial, nEDSTs, the ISTs (every packet down all n, and split
 * over them), and the lower bound `sim` prints beside bcast-nedst. */
static tc_err_t fig_rounds(tc_repro_page_t *page, const tc_repro_opts_t *o, int n)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_cube_new(n, &net);
    tc__repro_bc_t b[3];
    memset(b, 0, sizeof b);
    static const tc_kind_t kinds[3] = {TC_KIND_BINOMIAL, TC_KIND_NEDST, TC_KIND_IST};
    for (int s = 0; s < 3 && err == TC_OK; s++) {
        err = tc__repro_bc_open(&b[s], net, kinds[s], 0);
    }
    char title[48];
    snprintf(title, sizeof title, "Broadcast rounds against M on Q_%d", n);
    tc_repro_figure_t *f = tc_repro_figure(
        page, "fig-rounds-cube", title, 5,
        "Rounds of the broadcast of M packets from node 0 of Q_%d in the round engine: `sim "
        "bcast-binomial`, `sim bcast-nedst`, `sim ist-bcast` (every packet down all %d ISTs, "
        "the reliable broadcast of paper 004) and `sim ist-bcast --x 1` (the packets split over "
        "the ISTs), all `--net cube:%d --M M`, with the lower bound `sim` prints beside them: "
        "paper 000 Table 3's ceil(M/k) + k for k = n disjoint paths, minus one under the step "
        "convention of corrections 000.6, i.e. ceil(M/n) + n - 1 (paper 003, Section II-C). The "
        "ISTs with the packets split take the nEDSTs' ceil(M/n) + n: both have height n+1.",
        n, n, n);
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return tc__repro_page_status(page);
    }
    fprintf(fp, "M,binomial,nedst,ist_all,ist_split,bound\n");
    const tc_schedule_t *sch = err == TC_OK ? tc_schedule_find("bcast-nedst", net) : NULL;
    err = err == TC_OK && sch == NULL ? TC_EINVAL : err;
    for (int64_t M = 1; M <= 128 && err == TC_OK; M = o->quick ? M * 2 : M + 1) {
        int64_t r[4];
        err = tc__repro_bc_rounds(&b[0], TC_COLL_BCAST, M, 1, &r[0]);
        err = err == TC_OK ? tc__repro_bc_rounds(&b[1], TC_COLL_BCAST, M, 1, &r[1]) : err;
        err = err == TC_OK ? tc__repro_bc_rounds(&b[2], TC_COLL_FT_BCAST, M, n, &r[2]) : err;
        err = err == TC_OK ? tc__repro_bc_rounds(&b[2], TC_COLL_FT_BCAST, M, 1, &r[3]) : err;
        tc_sched_ref_t ref;
        err = err == TC_OK ? tc_schedule_reference(sch, net, 0, M, 1, &ref) : err;
        if (err == TC_OK) {
            fprintf(fp, "%lld,%lld,%lld,%lld,%lld,%.0f\n", (long long)M, (long long)r[0],
                    (long long)r[1], (long long)r[2], (long long)r[3], ref.bound.time);
        }
    }
    for (int s = 0; s < 3; s++) {
        tc__repro_bc_close(&b[s]);
    }
    tc_net_free(net);
    if (err != TC_OK) {
        return tc__repro_fail(err, "paper 004, the rounds figure");
    }
    tc_repro_figure_script(
        f,
        "set title 'Broadcasting M packets on Q_%d'\n"
        "set xlabel 'M (packets)'\n"
        "set ylabel 'rounds'\n"
        "set key top left\n"
        "plot data using 1:4 with lines lw 2 title 'n ISTs, every packet down "
        "all n (ist-bcast)', \\\n"
        "     '' using 1:2 with lines lw 2 title 'binomial tree', \\\n"
        "     '' using 1:3 with lines lw 4 title 'n nEDSTs (Johnsson-Ho)', \\\n"
        "     '' using 1:5 with lines lw 2 dt 3 title 'n ISTs, packets split (--x "
        "1)', \\\n"
        "     '' using 1:6 with lines lw 2 dt 2 lc rgb 'black' title 'lower bound "
        "ceil(M/n) + n - 1'\n",
        n);
    return 0;
}

/* The n ISTs of Q_4 rooted at node 0 (Figure 5.2), one colour per tree. */
static tc_err_t picture_ist(tc_repro_page_t *page)
{
    tc_net_t *net = NULL;
    tc_forest_t *f = NULL;
    char *dot = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&dot, &len);
    tc_err_t err = fp == NULL ? TC_ENOMEM : tc_net_cube_new(4, &net);
    err = err == TC_OK ? tc_trees_build(net, TC_KIND_IST, 0, 1, &f) : err;
    err = err == TC_OK ? tc_report_forest_dot(fp, f) : err;
    if (fp != NULL) {
        fclose(fp);
    }
    int trees = f != NULL ? tc_forest_trees(f) : TC_OK;
    tc_forest_free(f);
    tc_net_free(net);
    if (err != TC_OK) {
        free(dot);
        return tc__repro_fail(err, "paper 004, the IST picture");
    }
    tc_repro_picture(page, "ist-q4", "The four ISTs of Q_4 (Figure 5.2)", trees, "dot", dot,
                     "The %d independent spanning trees of Q_4 rooted at node 0 by Algorithm 5 "
                     "(`trees --net cube:4 --kind ist --format dot`), one colour per tree, as "
                     "Figure 5.2 draws them; an edge label such as T2:3 is tree 2's link of "
                     "dimension 3. Tables 5.1-5.4 list the same parents.",
                     trees);
    free(dot);
    return 0;
}

tc_err_t tc__repro_004(tc_repro_page_t *page, const tc_repro_opts_t *opts)
{
    int64_t counts[TC_REPRO_VERDICTS_] = {0};
    tc_err_t st = TC_OK;
    int nrows = 0, inside = 0;
    for (int table = 1; table <= 5 && st == 0; table++) {
        st = ist_table(page, table, counts);
    }
    row56_t rows56[5];
    int nrows56 = 0;
    int64_t counts56[TC_REPRO_VERDICTS_] = {0};
    st = st == 0 ? table56(page, rows56, &nrows56, counts56) : st;
    row57_t rows[8];
    st = st == 0 ? table57(page, opts, rows, &nrows, &inside) : st;
    if (st == 0) {
        fig_steps(page, rows56, nrows56);
        fig_faults(page, opts, rows, nrows, false);
        fig_faults(page, opts, rows, nrows, true);
    }
    st = st == 0 ? fig_rounds(page, opts, 6) : st;
    st = st == 0 ? picture_ist(page) : st;
    if (st != 0) {
        return st;
    }
    tc_repro_summary(
        page,
        "Of the %lld printed cells of Tables 5.1-5.5 (H, succ, 2^succ, parent), %lld "
        "match Algorithm 5 as treecast builds it, %lld are the typos of corrections "
        "%s and %lld differ; Table 5.7's links are n(N-1) and its faulty-link counts "
        "lie within the simulated 10th-90th percentiles in %d of %d rows, read as one "
        "draw of a random quantity (corrections %s). Of Table 5.6's step counts, counted "
        "over every PE's program, %lld match (the text's t_R = 3n and its phase bounds), "
        "%lld are corrected (the printed 4n - 1 is the text's 3n: corrections %s) and "
        "%lld differ (the HDLS column, for which the chapter states no model).",
        (long long)(counts[TC_REPRO_MATCHES] + counts[TC_REPRO_CORRECTED] +
                    counts[TC_REPRO_DIFFERS]),
        (long long)counts[TC_REPRO_MATCHES], (long long)counts[TC_REPRO_CORRECTED], C_TYPOS,
        (long long)counts[TC_REPRO_DIFFERS], inside, nrows, C_FAULTS,
        (long long)counts56[TC_REPRO_MATCHES], (long long)counts56[TC_REPRO_CORRECTED], C_STEPS,
        (long long)counts56[TC_REPRO_DIFFERS]);
    return 0;
}
