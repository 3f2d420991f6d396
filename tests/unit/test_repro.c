/* The reproduction's page model and writers (treecast/repro.h) through the public API: the
 * verdict rule (tc_repro_holds) for each relation at 0 to 4 decimals and on both sides of each
 * printed boundary, the verdicts of numeric cells (matches, corrected, differs, not printed, a
 * qualified match; a correction whose value does not hold is refused), cell ids and the check
 * that they are unique, the sticky allocation failure of a page, the writers' text for a tiny
 * page, and the registry: its five papers, tc_repro_run's refusals, and every paper run quick
 * (one page of its own paper each, ids unique over the five, ~2 s under ASan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_holds_relations(void **state)
{
    (void)state;
    /* 0 decimals: 3.4 prints as 3, 3.5 as 4. */
    assert_true(tc_repro_holds(3, 3.4, 0, TC_REPRO_EQ));
    assert_false(tc_repro_holds(3, 3.5, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(3, 2.6, 0, TC_REPRO_GE));
    assert_false(tc_repro_holds(3, 2.4, 0, TC_REPRO_GE));
    assert_true(tc_repro_holds(3, 9, 0, TC_REPRO_GE));
    assert_true(tc_repro_holds(3, 3.4, 0, TC_REPRO_LE));
    assert_false(tc_repro_holds(3, 3.6, 0, TC_REPRO_LE));
    assert_true(tc_repro_holds(3, -7, 0, TC_REPRO_LE));
    /* 2 decimals. */
    assert_true(tc_repro_holds(0.61, 0.6149, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(0.61, 0.6151, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(0.61, 0.6051, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(0.61, 0.6049, 2, TC_REPRO_GE));
    assert_true(tc_repro_holds(0.61, 0.6149, 2, TC_REPRO_LE));
    assert_false(tc_repro_holds(0.61, 0.6151, 2, TC_REPRO_LE));
    /* 3 decimals. */
    assert_true(tc_repro_holds(0.1236, 0.1239, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(0.1231, 0.1236, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(0.1231, 0.1236, 3, TC_REPRO_GE));
    assert_false(tc_repro_holds(0.1231, 0.1236, 3, TC_REPRO_LE));
    /* Large values: the tolerance is relative. */
    assert_true(tc_repro_holds(1e12, 1e12 + 0.4, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(1e12, 1e12 + 2, 0, TC_REPRO_EQ));
    assert_false(tc_repro_holds(1e12, 1e12 + 2000, 0, TC_REPRO_EQ));
}

/* The rule compares the values as printf prints them with `decimals` decimals: what a reader
 * compares, at the half-way points too (where round(v * 10^d) would go away from zero). */
static void test_holds_as_printed(void **state)
{
    (void)state;
    /* 2.005 is the double 2.00499999...: printed 2.00, so 2.01 differs (round(200.5) = 201). */
    assert_true(tc_repro_holds(2.005, 2.00, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(2.005, 2.01, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(2.005, 2.0049, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(2.005, 2.0051, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(2.005, 2.0051, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(2.005, 1.994, 2, TC_REPRO_GE));
    assert_true(tc_repro_holds(2.005, 2.004, 2, TC_REPRO_LE));
    assert_false(tc_repro_holds(2.005, 2.006, 2, TC_REPRO_LE));
    /* Exact halves go to even as printf rounds them: 1.125 reads 1.12, 8.5 reads 8. */
    assert_true(tc_repro_holds(1.125, 1.12, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(1.125, 1.13, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(8.5, 8, 0, TC_REPRO_EQ));
    assert_false(tc_repro_holds(8.5, 9, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(-8.5, -8, 0, TC_REPRO_EQ));
    /* On and off the half-way points the rule agrees with the printed texts. */
    static const double vals[] = {2.0049, 2.0051, 0.6149, 0.6151, 12.3456, 7.4, 7.6,
                                  0.0004, 3.0,    2.005,  1.125,  8.5,     0.5, 2.5};
    size_t n = sizeof vals / sizeof vals[0];
    for (int d = 0; d <= 3; d++) {
        for (size_t i = 0; i < n; i++) {
            for (size_t k = 0; k < n; k++) {
                char a[64], b[64];
                snprintf(a, sizeof a, "%.*f", d, vals[i]);
                snprintf(b, sizeof b, "%.*f", d, vals[k]);
                assert_int_equal(tc_repro_holds(vals[i], vals[k], d, TC_REPRO_EQ),
                                 strcmp(a, b) == 0);
            }
        }
    }
}

static tc_repro_page_t *page(void)
{
    tc_repro_page_t *p = tc_repro_page_new("000", "A paper");
    assert_non_null(p);
    assert_int_equal(tc_repro_page_error(p), TC_OK);
    return p;
}

static const tc_repro_cell_t *last(const tc_repro_table_t *t)
{
    assert_true(t->ncells > 0);
    return &t->cells[t->ncells - 1];
}

static void test_verdicts(void **state)
{
    (void)state;
    tc_repro_page_t *p = page();
    tc_repro_table_t *t = tc_repro_table(p, "table1", "Table 1", "n", "What is compared.");
    assert_non_null(t);
    tc_repro_row(t, "%d", 5);
    tc_repro_num(t, "eq", 5, 5.2, 0, TC_REPRO_EQ, NULL, NAN);
    assert_int_equal(last(t)->verdict, TC_REPRO_MATCHES);
    assert_string_equal(last(t)->paper, "5");
    assert_string_equal(last(t)->value, "5");
    /* The printed value fails, the corrected one holds: corrected, with the entry. */
    tc_repro_num(t, "corr", 4, 5, 0, TC_REPRO_EQ, "000.6", 5);
    assert_int_equal(last(t)->verdict, TC_REPRO_CORRECTED);
    assert_string_equal(last(t)->correction, "000.6");
    char buf[128];
    tc_repro_verdict_text(last(t), buf, sizeof buf);
    assert_string_equal(buf, "corrected — corrections 000.6");
    /* Both fail: differs, and no correction is named. */
    tc_repro_num(t, "diff", 4, 6, 0, TC_REPRO_EQ, "000.6", 5);
    assert_int_equal(last(t)->verdict, TC_REPRO_DIFFERS);
    assert_null(last(t)->correction);
    tc_repro_verdict_text(last(t), buf, sizeof buf);
    assert_string_equal(buf, "differs");
    /* A lower bound above the value, corrected to one below it. */
    tc_repro_num(t, "ge", 7, 6, 0, TC_REPRO_GE, "000.7", 6);
    assert_int_equal(last(t)->verdict, TC_REPRO_CORRECTED);
    tc_repro_num(t, "ge-fail", 7, 6, 0, TC_REPRO_GE, "000.7", 6.6);
    assert_int_equal(last(t)->verdict, TC_REPRO_DIFFERS);
    tc_repro_num(t, "le", 2.5, 2.49, 2, TC_REPRO_LE, NULL, NAN);
    assert_int_equal(last(t)->verdict, TC_REPRO_MATCHES);
    assert_string_equal(last(t)->paper, "2.50");
    /* Not printed: the paper has no value (a correction does not change that). */
    tc_repro_num(t, "np", NAN, 6, 0, TC_REPRO_EQ, "000.6", 6);
    assert_int_equal(last(t)->verdict, TC_REPRO_NOT_PRINTED);
    assert_null(last(t)->paper);
    assert_string_equal(tc_repro_verdict_name(last(t)->verdict), "not printed");
    tc_repro_cell(t, "text", NULL, "x", TC_REPRO_MATCHES, NULL);
    assert_int_equal(last(t)->verdict, TC_REPRO_NOT_PRINTED);
    tc_repro_cell(t, "text2", NULL, NULL, TC_REPRO_DIFFERS, NULL);
    assert_int_equal(last(t)->verdict, TC_REPRO_DIFFERS);
    assert_string_equal(last(t)->value, "-");
    /* A qualified match: the paper is not wrong, so no correction is named. */
    tc_repro_num(t, "asym", 4, 6, 0, TC_REPRO_EQ, "000.6", 5);
    tc_repro_qualify(t, "within the paper's O-term");
    assert_int_equal(last(t)->verdict, TC_REPRO_MATCHES);
    assert_null(last(t)->correction);
    tc_repro_verdict_text(last(t), buf, sizeof buf);
    assert_string_equal(buf, "matches — within the paper's O-term");
    /* The printed text kept as given. */
    tc_repro_num_text(t, "sci", "5.3e-04", 5.3e-4, 0.00053, 5, TC_REPRO_EQ, NULL, NAN);
    assert_string_equal(last(t)->paper, "5.3e-04");
    assert_string_equal(last(t)->value, "0.00053");
    assert_int_equal(last(t)->verdict, TC_REPRO_MATCHES);

    assert_int_equal(tc_repro_count(p, TC_REPRO_VERDICTS_), 11);
    assert_int_equal(tc_repro_count(p, TC_REPRO_MATCHES), 4);
    assert_int_equal(tc_repro_count(p, TC_REPRO_CORRECTED), 2);
    assert_int_equal(tc_repro_count(p, TC_REPRO_DIFFERS), 3);
    assert_int_equal(tc_repro_count(p, TC_REPRO_NOT_PRINTED), 2);
    assert_string_equal(tc_repro_verdict_name(TC_REPRO_VERDICTS_), "?");
    tc_repro_page_free(p);
}

static void test_cell_ids(void **state)
{
    (void)state;
    tc_repro_page_t *p = page();
    tc_repro_table_t *t = tc_repro_table(p, "table1", "Table 1", "n,M", "%s", "intro");
    tc_repro_table_t *u = tc_repro_table(p, "plain", "No keys", "", "intro");
    assert_non_null(t);
    assert_non_null(u);
    assert_int_equal(t->nkeys, 2);
    assert_int_equal(u->nkeys, 0);
    for (int n = 3; n <= 5; n++) {
        for (int M = 1; M <= 100; M *= 10) {
            tc_repro_row(t, "%d\t%d", n, M);
            tc_repro_num(t, "rounds", NAN, n * M, 0, TC_REPRO_EQ, NULL, NAN);
            tc_repro_num(t, "time", NAN, n + M, 0, TC_REPRO_EQ, NULL, NAN);
        }
    }
    tc_repro_num(u, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    char *id = tc_repro_cell_id(p, t, &t->cells[0]);
    assert_string_equal(id, "000/table1/n=3,M=1/rounds");
    free(id);
    id = tc_repro_cell_id(p, t, &t->cells[t->ncells - 1]);
    assert_string_equal(id, "000/table1/n=5,M=100/time");
    free(id);
    id = tc_repro_cell_id(p, u, &u->cells[0]);
    assert_string_equal(id, "000/plain//q");
    free(id);
    /* Every id is distinct. */
    char *ids[18];
    assert_int_equal(t->ncells, 18);
    for (int i = 0; i < 18; i++) {
        ids[i] = tc_repro_cell_id(p, t, &t->cells[i]);
        assert_non_null(ids[i]);
        for (int k = 0; k < i; k++) {
            assert_string_not_equal(ids[i], ids[k]);
        }
    }
    for (int i = 0; i < 18; i++) {
        free(ids[i]);
    }
    tc_repro_page_free(p);
}

/* After the first failure, every builder call on the page does nothing, and the page says so. */
static void test_sticky_failure(void **state)
{
    (void)state;
    tc_repro_page_t *p = page();
    tc_repro_table_t *t = tc_repro_table(p, "t", "T", "n", "intro");
    tc_repro_figure_t *f = tc_repro_figure(p, "fig", "F", 1, "caption");
    assert_non_null(t);
    assert_non_null(f);
    tc_repro_row(t, "1");
    tc_repro_num(t, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    tc_repro_page_fail(p, TC_ENOMEM);
    tc_repro_page_fail(p, TC_EIO); /* the first failure stays */
    assert_int_equal(tc_repro_page_error(p), TC_ENOMEM);
    tc_repro_row(t, "2");
    tc_repro_num(t, "q2", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    tc_repro_cell(t, "q3", "1", "1", TC_REPRO_MATCHES, NULL);
    tc_repro_note(t, "a note");
    tc_repro_qualify(t, "why");
    tc_repro_summary(p, "summary");
    tc_repro_missing(p, "missing");
    tc_repro_figure_script(f, "plot data");
    assert_null(tc_repro_figure_data(f));
    assert_null(tc_repro_table(p, "t2", "T2", "", "intro"));
    assert_null(tc_repro_figure(p, "fig2", "F2", 1, "caption"));
    assert_null(tc_repro_picture(p, "pic", "P", 1, "dot", "digraph {}", "caption"));
    assert_int_equal(p->ntables, 1);
    assert_int_equal(p->nfigures, 1);
    assert_int_equal(p->nmissing, 0);
    assert_null(p->summary);
    assert_null(f->script);
    assert_int_equal(t->ncells, 1);
    assert_string_equal(t->cur_keys, "1");
    assert_null(t->cells[0].note);
    assert_null(t->cells[0].qualifier);
    /* NULL tables and figures (what a failed page hands out) are accepted. */
    tc_repro_row(NULL, "x");
    tc_repro_command(NULL, "x");
    tc_repro_num(NULL, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    tc_repro_cell(NULL, "q", "1", "1", TC_REPRO_MATCHES, NULL);
    tc_repro_note(NULL, "x");
    tc_repro_qualify(NULL, "x");
    tc_repro_figure_script(NULL, "x");
    assert_null(tc_repro_figure_data(NULL));
    tc_repro_page_free(p);
    tc_repro_page_free(NULL);
}

/* A page of one table with two cells, a note to quote, and a figure. */
static tc_repro_page_t *tiny(void)
{
    tc_repro_page_t *p = page();
    tc_repro_summary(p, "Confirmed.");
    tc_repro_missing(p, "Figure 9.");
    tc_repro_table_t *t = tc_repro_table(p, "t1", "Table 1: tiny", "n", "Rounds of *S_n*.");
    tc_repro_row(t, "%d", 3);
    tc_repro_command(t, "info star:%d", 3);
    tc_repro_num(t, "d", 3, 3, 0, TC_REPRO_EQ, NULL, NAN);
    tc_repro_num(t, "x", 1, 2, 0, TC_REPRO_EQ, "000.1", 2);
    tc_repro_note(t, "a, \"b\"");
    tc_repro_figure_t *f = tc_repro_figure(p, "fig", "Figure 1", 1, "A line.");
    fputs("x,y\n1,2\n", tc_repro_figure_data(f));
    tc_repro_figure_script(f, "plot data using 1:2");
    assert_int_equal(tc_repro_figure_close_data(f), TC_OK);
    assert_string_equal(f->data, "x,y\n1,2\n");
    assert_int_equal(tc_repro_page_error(p), TC_OK);
    return p;
}

/* What fn writes, as a new string. */
#define CAPTURE(out, call)                                                                         \
    do {                                                                                           \
        size_t len_ = 0;                                                                           \
        FILE *fp = open_memstream(&(out), &len_);                                                  \
        assert_non_null(fp);                                                                       \
        assert_int_equal((call), TC_OK);                                                           \
        assert_int_equal(fclose(fp), 0);                                                           \
    } while (0)

static void test_writers(void **state)
{
    (void)state;
    tc_repro_page_t *p = tiny();
    const tc_repro_table_t *t = p->tables[0];
    char *s = NULL;
    CAPTURE(s, tc_repro_write_csv(fp, t));
    assert_string_equal(s, "n,quantity,paper,treecast,verdict,correction,qualifier,command,note\n"
                           "3,d,3,3,matches,,,treecast info star:3,\n"
                           "3,x,1,2,corrected,000.1,,treecast info star:3,\"a, \"\"b\"\"\"\n");
    free(s);
    CAPTURE(s, tc_repro_write_verdicts(fp, p));
    assert_string_equal(s, "000/t1/n=3/d\tmatches\t3\n"
                           "000/t1/n=3/x\tcorrected 000.1\t2\n");
    free(s);
    CAPTURE(s, tc_repro_write_json(fp, p, t));
    assert_non_null(strstr(s, "\"command\":\"reproduce\""));
    assert_non_null(strstr(s, "\"paper\":\"000\""));
    assert_non_null(strstr(s, "\"id\":\"000/t1/n=3/x\""));
    assert_non_null(strstr(s, "\"keys\":{\"n\":\"3\"}"));
    assert_non_null(strstr(s, "\"verdict\":\"corrected\",\"correction\":\"000.1\""));
    assert_non_null(strstr(s, "\"qualifier\":null"));
    free(s);
    CAPTURE(s, tc_repro_write_md(fp, p, "treecast reproduce --paper 000"));
    assert_string_equal(
        s, "# A paper\n\n"
           "Confirmed.\n\n"
           "| verdict | cells |\n|---|---:|\n"
           "| matches | 1 |\n| corrected | 1 |\n| differs | 0 |\n| not printed | 0 |\n\n"
           "Every cell: the paper's value as printed, treecast's, the verdict (docs/reproduce.md "
           "in the repository says how each is decided) and the command that recomputes it. "
           "Regenerate this page with `treecast reproduce --paper 000`. [All papers](index.md)."
           "\n\n"
           "## Not reproduced\n\n- Figure 9.\n\n"
           "## Table 1: tiny\n\nRounds of *S_n*.\n\n"
           "Data: [t1.csv](000/t1.csv), [t1.json](000/t1.json).\n\n"
           "| n | quantity | paper | treecast | verdict | note | command |\n"
           "|---|---|---|---|---|---|---|\n"
           "| 3 | d | 3 | 3 | matches |  | `treecast info star:3` |\n"
           "| 3 | x | 1 | 2 | corrected — corrections 000.1 | a, \"b\" | `treecast info star:3` |\n"
           "\n"
           "## Figures\n\n### Figure 1\n\n*Not drawn: ?.*\n\nA line.\n\n"
           "Data [fig.csv](000/fig.csv), gnuplot script [fig.gp](000/fig.gp).\n\n");
    free(s);
    /* A stream that fails: TC_EIO. */
    FILE *ro = fopen("/dev/null", "r");
    assert_non_null(ro);
    assert_int_equal(tc_repro_write_csv(ro, t), TC_EIO);
    assert_int_equal(tc_repro_write_verdicts(ro, p), TC_EIO);
    assert_int_equal(tc_repro_write_md(ro, p, "x"), TC_EIO);
    fclose(ro);
    tc_repro_page_free(p);
}

/* The rule at the printed decimals, on both sides of each boundary: 0.435 is printed at three
 * decimals, so a value holds EQ when it prints 0.435 too (0.4345 <= v < 0.4355, away from the
 * half-way points), GE when it prints 0.435 or more, LE when it prints 0.435 or less. What
 * counts is the printed digits, not the distance: 0.4354 and 0.4356 are 0.0002 apart yet print
 * differently, 0.4346 and 0.4354 are 0.0008 apart and print the same. */
static void test_holds_boundaries(void **state)
{
    (void)state;
    /* infinities compare as they are; values past 2^53 are not rounded (no overflow) */
    assert_false(tc_repro_holds(INFINITY, 5, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(INFINITY, INFINITY, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(INFINITY, INFINITY, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(INFINITY, 5, 0, TC_REPRO_GE));
    assert_true(tc_repro_holds(INFINITY, 5, 0, TC_REPRO_LE));
    assert_true(tc_repro_holds(5, INFINITY, 0, TC_REPRO_GE));
    assert_false(tc_repro_holds(5, -INFINITY, 0, TC_REPRO_GE));
    assert_true(tc_repro_holds(1e306, 1e306, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(1e306, 2e306, 3, TC_REPRO_EQ));
    const double p = 0.435;
    assert_true(tc_repro_holds(p, 0.435, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.4349, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.43451, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.43549, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(p, 0.43449, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(p, 0.43551, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(p, 0.4344, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(p, 0.436, 3, TC_REPRO_EQ));
    /* The rule is symmetric for EQ: the paper's value is rounded too. */
    assert_true(tc_repro_holds(0.4349, p, 3, TC_REPRO_EQ));
    assert_false(tc_repro_holds(0.43449, p, 3, TC_REPRO_EQ));
    /* Printed digits, not distance. */
    assert_false(tc_repro_holds(0.4354, 0.4356, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(0.4346, 0.4354, 3, TC_REPRO_EQ));
    /* GE: p is a lower bound; a value printing below it fails, however close. */
    assert_true(tc_repro_holds(p, 0.43451, 3, TC_REPRO_GE));
    assert_true(tc_repro_holds(p, 0.435, 3, TC_REPRO_GE));
    assert_true(tc_repro_holds(p, 0.436, 3, TC_REPRO_GE));
    assert_true(tc_repro_holds(p, 1e6, 3, TC_REPRO_GE));
    assert_false(tc_repro_holds(p, 0.43449, 3, TC_REPRO_GE));
    assert_false(tc_repro_holds(p, 0.434, 3, TC_REPRO_GE));
    assert_false(tc_repro_holds(0.4356, 0.4354, 3, TC_REPRO_GE));
    /* LE: p is an upper bound; a value printing above it fails, however close. */
    assert_true(tc_repro_holds(p, 0.43549, 3, TC_REPRO_LE));
    assert_true(tc_repro_holds(p, 0.435, 3, TC_REPRO_LE));
    assert_true(tc_repro_holds(p, 0.434, 3, TC_REPRO_LE));
    assert_true(tc_repro_holds(p, -1e6, 3, TC_REPRO_LE));
    assert_false(tc_repro_holds(p, 0.43551, 3, TC_REPRO_LE));
    assert_false(tc_repro_holds(p, 0.436, 3, TC_REPRO_LE));
    assert_false(tc_repro_holds(0.4354, 0.4356, 3, TC_REPRO_LE));
    /* The same values at other precisions: at two decimals 0.435 (the double 0.43499999...) and
     * 0.4349 both print 0.43, at four 0.4350 and 0.4349. */
    assert_true(tc_repro_holds(p, 0.4349, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.4349, 2, TC_REPRO_LE));
    assert_true(tc_repro_holds(p, 0.4349, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(p, 0.4249, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(p, 0.4349, 4, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.43504, 4, TC_REPRO_EQ));
    assert_true(tc_repro_holds(p, 0.4349, 1, TC_REPRO_EQ));
    /* Integers (0 decimals) and negative values. */
    assert_true(tc_repro_holds(20, 20.49, 0, TC_REPRO_EQ));
    assert_false(tc_repro_holds(20, 20.51, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(20, 19.51, 0, TC_REPRO_GE));
    assert_false(tc_repro_holds(20, 19.49, 0, TC_REPRO_GE));
    assert_true(tc_repro_holds(-0.435, -0.4349, 3, TC_REPRO_EQ));
    assert_true(tc_repro_holds(-0.435, -0.43449, 3, TC_REPRO_GE));
    assert_false(tc_repro_holds(-0.435, -0.43551, 3, TC_REPRO_GE));
    assert_true(tc_repro_holds(-0.435, -0.43551, 3, TC_REPRO_LE));
    /* A value that is not a number holds no relation. */
    for (tc_repro_rel_t rel = TC_REPRO_EQ; rel <= TC_REPRO_LE; rel++) {
        assert_false(tc_repro_holds(p, NAN, 3, rel));
        assert_false(tc_repro_holds(NAN, p, 3, rel));
    }
}

/* tc_repro_num's verdicts for each relation: matches when the printed value holds (a
 * correction given is then not named), corrected when it fails and the corrected value holds,
 * differs when the corrected value fails too (an unjustified correction is refused) or is
 * missing, not printed for a NAN paper value whatever the rest. */
static void test_num_verdicts(void **state)
{
    (void)state;
    {
        /* "corrected" names its entry: without one it is "differs" */
        tc_repro_page_t *q = tc_repro_page_new("000", "q");
        tc_repro_table_t *t = tc_repro_table(q, "t", "T", "", "intro");
        tc_repro_cell(t, "x", "1", "2", TC_REPRO_CORRECTED, NULL);
        assert_int_equal(t->cells[0].verdict, TC_REPRO_DIFFERS);
        tc_repro_cell(t, "y", "1", "2", TC_REPRO_CORRECTED, "000.6");
        assert_int_equal(t->cells[1].verdict, TC_REPRO_CORRECTED);
        tc_repro_page_free(q);
    }
    static const struct {
        const char *quantity;
        double paper, value;
        int decimals;
        tc_repro_rel_t rel;
        const char *correction;
        double corrected;
        tc_repro_verdict_t want;
    } cases[] = {
        /* EQ at three decimals */
        {"eq-match", 0.435, 0.4349, 3, TC_REPRO_EQ, NULL, NAN, TC_REPRO_MATCHES},
        {"eq-match-unneeded", 0.435, 0.4349, 3, TC_REPRO_EQ, "001.3", 0.434, TC_REPRO_MATCHES},
        {"eq-corrected", 0.435, 0.4344, 3, TC_REPRO_EQ, "001.3", 0.434, TC_REPRO_CORRECTED},
        {"eq-unjustified", 0.435, 0.4344, 3, TC_REPRO_EQ, "001.3", 0.433, TC_REPRO_DIFFERS},
        {"eq-unjustified-same", 0.435, 0.4344, 3, TC_REPRO_EQ, "001.3", 0.435, TC_REPRO_DIFFERS},
        {"eq-no-value", 0.435, 0.4344, 3, TC_REPRO_EQ, "001.3", NAN, TC_REPRO_DIFFERS},
        {"eq-no-entry", 0.435, 0.4344, 3, TC_REPRO_EQ, NULL, 0.434, TC_REPRO_DIFFERS},
        {"eq-no-treecast", 0.435, NAN, 3, TC_REPRO_EQ, "001.3", 0.435, TC_REPRO_DIFFERS},
        /* GE: a lower bound */
        {"ge-match", 18, 20, 0, TC_REPRO_GE, "000.7", 25, TC_REPRO_MATCHES},
        {"ge-corrected", 21, 20, 0, TC_REPRO_GE, "000.7", 20, TC_REPRO_CORRECTED},
        {"ge-corrected-below", 21, 20, 0, TC_REPRO_GE, "000.7", 19.5, TC_REPRO_CORRECTED},
        {"ge-unjustified", 21, 20, 0, TC_REPRO_GE, "000.7", 20.6, TC_REPRO_DIFFERS},
        /* LE: an upper bound ("at most") */
        {"le-match", 0.64, 0.6383, 4, TC_REPRO_LE, NULL, NAN, TC_REPRO_MATCHES},
        {"le-corrected", 0.63, 0.6383, 2, TC_REPRO_LE, "001.9", 0.64, TC_REPRO_CORRECTED},
        {"le-unjustified", 0.63, 0.6383, 2, TC_REPRO_LE, "001.9", 0.634, TC_REPRO_DIFFERS},
        {"le-unjustified-low", 0.63, 0.6383, 2, TC_REPRO_LE, "001.9", 0.5, TC_REPRO_DIFFERS},
        /* not printed */
        {"np-eq", NAN, 0.435, 3, TC_REPRO_EQ, NULL, NAN, TC_REPRO_NOT_PRINTED},
        {"np-ge", NAN, 1, 0, TC_REPRO_GE, "000.7", 1, TC_REPRO_NOT_PRINTED},
        {"np-le-no-value", NAN, NAN, 0, TC_REPRO_LE, "000.7", 0, TC_REPRO_NOT_PRINTED},
    };
    size_t n = sizeof cases / sizeof cases[0];
    tc_repro_page_t *p = page();
    tc_repro_table_t *t = tc_repro_table(p, "t", "T", "", "intro");
    tc_repro_table_t *u = tc_repro_table(p, "u", "U", "", "intro");
    assert_non_null(t);
    assert_non_null(u);
    int64_t want[TC_REPRO_VERDICTS_] = {0};
    for (size_t i = 0; i < n; i++) {
        tc_repro_num(t, cases[i].quantity, cases[i].paper, cases[i].value, cases[i].decimals,
                     cases[i].rel, cases[i].correction, cases[i].corrected);
        /* tc_repro_num_text, given the same value as text, judges it the same. */
        tc_repro_num_text(u, cases[i].quantity, isnan(cases[i].paper) ? NULL : "as printed",
                          cases[i].paper, cases[i].value, cases[i].decimals, cases[i].rel,
                          cases[i].correction, cases[i].corrected);
        const tc_repro_cell_t *c = last(t), *d = last(u);
        char buf[128], expect[128];
        tc_repro_verdict_text(c, buf, sizeof buf);
        print_message("%-22s %s\n", cases[i].quantity, buf);
        assert_string_equal(c->quantity, cases[i].quantity);
        assert_int_equal(c->verdict, cases[i].want);
        assert_int_equal(d->verdict, cases[i].want);
        want[cases[i].want]++;
        if (cases[i].want == TC_REPRO_CORRECTED) {
            /* The entry that explains it is named, and read in the verdict. */
            assert_non_null(c->correction);
            assert_string_equal(c->correction, cases[i].correction);
            snprintf(expect, sizeof expect, "corrected — corrections %s", cases[i].correction);
            assert_string_equal(buf, expect);
        } else {
            /* No entry is named when it is not what makes the cell hold. */
            assert_null(c->correction);
            assert_null(d->correction);
            assert_string_equal(buf, tc_repro_verdict_name(cases[i].want));
        }
        if (cases[i].want == TC_REPRO_NOT_PRINTED) {
            assert_null(c->paper);
            assert_null(d->paper);
        } else {
            assert_non_null(c->paper);
            assert_string_equal(d->paper, "as printed");
        }
        if (isnan(cases[i].value)) {
            assert_string_equal(c->value, "-");
        }
    }
    /* The printed texts carry the decimals. */
    assert_string_equal(t->cells[0].paper, "0.435");
    assert_string_equal(t->cells[0].value, "0.435");
    assert_string_equal(t->cells[2].value, "0.434");
    assert_string_equal(t->cells[12].value, "0.6383");
    assert_int_equal(t->ncells, (int64_t)n);
    for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
        assert_int_equal(tc_repro_count(p, (tc_repro_verdict_t)v), 2 * want[v]);
    }
    assert_int_equal(tc_repro_count(p, TC_REPRO_VERDICTS_), 2 * (int64_t)n);
    assert_int_equal(tc_repro_page_error(p), TC_OK);
    tc_repro_page_free(p);
}

static void test_registry(void **state)
{
    (void)state;
    int n = -1;
    const tc_repro_paper_t *papers = tc_repro_papers(&n);
    assert_non_null(papers);
    assert_int_equal(n, 5);
    static const char *const ids[] = {"000", "001", "002", "003", "004"};
    for (int i = 0; i < n; i++) {
        assert_non_null(papers[i].id);
        assert_string_equal(papers[i].id, ids[i]);
        for (int k = 0; k < i; k++) {
            assert_string_not_equal(papers[i].id, papers[k].id);
        }
        assert_non_null(papers[i].title);
        assert_true(strlen(papers[i].title) > 0);
        /* The title names its paper: "... (paper 001)". */
        char tail[16];
        snprintf(tail, sizeof tail, "(paper %s)", ids[i]);
        assert_non_null(strstr(papers[i].title, tail));
        assert_non_null(papers[i].produce);
        assert_true(papers[i].items[0] > 0);
        assert_true(papers[i].items[0] <= papers[i].items[1]);
        assert_ptr_equal(tc_repro_paper(ids[i]), &papers[i]);
    }
    const tc_repro_paper_t *p1 = tc_repro_paper("001");
    assert_non_null(p1);
    assert_string_equal(p1->id, "001");
    assert_non_null(strstr(p1->title, "Tseng"));
    assert_null(tc_repro_paper("999"));
    assert_null(tc_repro_paper(NULL));
    assert_null(tc_repro_paper(""));
    assert_null(tc_repro_paper("01"));
    assert_null(tc_repro_paper("0010"));
    assert_null(tc_repro_paper("1"));

    /* The tables of `treecast table`: each named after its paper, once, its default rows within
     * its limit; found by name and alias. */
    int npapers;
    const tc_repro_paper_t *all = tc_repro_papers(&npapers);
    int nrows = 0;
    for (int i = 0; i < npapers; i++) {
        for (const tc_repro_rows_t *r = all[i].rows; r->name != NULL; r++, nrows++) {
            assert_memory_equal(r->name, all[i].id, 3);
            assert_int_equal(r->name[3], ':');
            assert_ptr_equal(tc_repro_rows(r->name), r);
            assert_true(r->from <= r->to);
            assert_true(r->max == 0 || r->to <= r->max);
            assert_non_null(strstr(r->formats, "text"));
        }
    }
    assert_int_equal(nrows, 9);
    assert_string_equal(tc_repro_rows("003:I")->name, "003:II");
    assert_int_equal(tc_repro_rows("001:2")->to, 12);
    assert_null(tc_repro_rows("002:3"));
    assert_null(tc_repro_rows(NULL));

    /* tc_repro_run refuses a missing paper or options, and leaves *page NULL. */
    tc_repro_opts_t opts = {.quick = true, .threads = 1, .seed = 1};
    tc_repro_page_t sentinel = {0};
    tc_repro_page_t *pg = &sentinel;
    assert_int_equal(tc_repro_run(NULL, &opts, NULL, &pg), TC_EINVAL);
    assert_null(pg);
    assert_true(strlen(tc_err_detail()) > 0);
    pg = &sentinel;
    assert_int_equal(tc_repro_run(p1, NULL, NULL, &pg), TC_EINVAL);
    assert_null(pg);
    /* A paper that is not the registry's, without a producer. */
    tc_repro_paper_t none = {"999", "No such paper", {1, 1}, NULL, NULL};
    pg = &sentinel;
    assert_int_equal(tc_repro_run(&none, &opts, NULL, &pg), TC_EINVAL);
    assert_null(pg);
}

/* A hand-built page: tables t (keys n) and u (no keys), and cells whose ids are listed. */
static tc_repro_page_t *ids_page(const char *paper)
{
    tc_repro_page_t *p = tc_repro_page_new(paper, "ids");
    assert_non_null(p);
    tc_repro_table_t *t = tc_repro_table(p, "t", "T", "n", "intro");
    tc_repro_table_t *u = tc_repro_table(p, "u", "U", "", "intro");
    tc_repro_row(t, "1");
    tc_repro_num(t, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN); /* PAPER/t/n=1/q */
    tc_repro_num(t, "r", 1, 1, 0, TC_REPRO_EQ, NULL, NAN); /* PAPER/t/n=1/r */
    tc_repro_row(t, "2");
    tc_repro_num(t, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN); /* PAPER/t/n=2/q */
    tc_repro_num(u, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN); /* PAPER/u//q */
    assert_int_equal(tc_repro_page_error(p), TC_OK);
    return p;
}

/* tc_repro_check_ids accepts distinct ids and names the first one two cells share, wherever
 * they are: adjacent, apart, in two tables of the same id, or on two pages of one paper. */
static void test_check_ids(void **state)
{
    (void)state;
    tc_repro_page_t *a = ids_page("000"), *b = ids_page("001");
    tc_repro_page_t *both[] = {a, b};
    assert_int_equal(tc_repro_check_ids(both, 2), TC_OK);
    assert_int_equal(tc_repro_check_ids(both, 1), TC_OK);
    assert_int_equal(tc_repro_check_ids(both, 0), TC_OK);
    tc_repro_page_t *empty = tc_repro_page_new("002", "empty");
    assert_non_null(empty);
    assert_int_equal(tc_repro_check_ids(&empty, 1), TC_OK);
    tc_repro_page_free(empty);

    /* Two identical cells one after the other. */
    tc_repro_table_t *t = a->tables[0];
    tc_repro_row(t, "3");
    tc_repro_num(t, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    tc_repro_num(t, "q", 2, 2, 0, TC_REPRO_EQ, NULL, NAN);
    assert_int_equal(tc_repro_check_ids(&a, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "000/t/n=3/q"));
    tc_repro_page_free(a);

    /* The same cell again, after others (in another row, back to n = 1). */
    a = ids_page("000");
    tc_repro_row(a->tables[0], "1");
    tc_repro_num(a->tables[0], "r", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    assert_int_equal(tc_repro_check_ids(&a, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "000/t/n=1/r"));
    tc_repro_page_free(a);

    /* A second table with the id of the first. */
    a = ids_page("000");
    tc_repro_table_t *t2 = tc_repro_table(a, "u", "U again", "", "intro");
    tc_repro_num(t2, "q", 1, 1, 0, TC_REPRO_EQ, NULL, NAN);
    assert_int_equal(tc_repro_check_ids(&a, 1), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "000/u//q"));
    /* Each page alone is fine; two pages of the same paper share every id. */
    tc_repro_page_free(a);
    a = ids_page("001");
    both[0] = a;
    assert_int_equal(tc_repro_check_ids(&a, 1), TC_OK);
    assert_int_equal(tc_repro_check_ids(&b, 1), TC_OK);
    assert_int_equal(tc_repro_check_ids(both, 2), TC_EINVAL);
    assert_non_null(strstr(tc_err_detail(), "001/"));
    tc_repro_page_free(a);
    tc_repro_page_free(b);
}

static int items;
static void count_item(void)
{
    items++;
}

/* Every paper of the registry, quick, on one thread: a page of its own paper with tables,
 * progress called once per table and figure, no failure, every cell id unique over the five
 * pages, and every "corrected" cell naming the entry of docs/corrections.md that explains it. */
static void test_every_paper(void **state)
{
    (void)state;
    int n = 0;
    const tc_repro_paper_t *papers = tc_repro_papers(&n);
    assert_int_equal(n, 5);
    tc_repro_page_t *pages[5] = {NULL};
    tc_repro_opts_t opts = {.quick = true, .threads = 1, .seed = 1};
    for (int i = 0; i < n; i++) {
        items = 0;
        tc_err_t err = tc_repro_run(&papers[i], &opts, count_item, &pages[i]);
        if (err != TC_OK) {
            fail_msg("paper %s: %s. %s", papers[i].id, tc_strerror(err), tc_err_detail());
        }
        const tc_repro_page_t *p = pages[i];
        assert_non_null(p);
        assert_int_equal(tc_repro_page_error(p), TC_OK);
        assert_string_equal(p->paper, papers[i].id);
        assert_true(p->ntables >= 1);
        assert_true(p->seconds >= 0);
        assert_int_equal(items, p->ntables + p->nfigures);
        print_message("paper %s: %d tables, %d figures (estimate %d), %" PRId64 " cells: %" PRId64
                      " matches, %" PRId64 " corrected, %" PRId64 " differ, %" PRId64
                      " not printed, %.2f s\n",
                      p->paper, p->ntables, p->nfigures, papers[i].items[0],
                      tc_repro_count(p, TC_REPRO_VERDICTS_), tc_repro_count(p, TC_REPRO_MATCHES),
                      tc_repro_count(p, TC_REPRO_CORRECTED), tc_repro_count(p, TC_REPRO_DIFFERS),
                      tc_repro_count(p, TC_REPRO_NOT_PRINTED), p->seconds);
        assert_true(tc_repro_count(p, TC_REPRO_VERDICTS_) > 0);
        for (int k = 0; k < p->ntables; k++) {
            const tc_repro_table_t *t = p->tables[k];
            assert_non_null(t->id);
            assert_true(strlen(t->id) > 0);
            for (int64_t c = 0; c < t->ncells; c++) {
                const tc_repro_cell_t *cell = &t->cells[c];
                if (cell->verdict != TC_REPRO_CORRECTED) {
                    continue;
                }
                /* "NNN.M": a paper's id, a dot, the entry's number. */
                const char *e = cell->correction;
                if (e == NULL || strlen(e) < 5 || e[3] != '.' || strspn(e, "0123456789") != 3 ||
                    strspn(e + 4, "0123456789") != strlen(e + 4)) {
                    char *id = tc_repro_cell_id(p, t, cell);
                    fail_msg("%s: corrected, but by no entry (%s)", id, e ? e : "NULL");
                }
            }
        }
    }
    assert_int_equal(tc_repro_check_ids(pages, n), TC_OK);
    /* Paper 001's Table 2 at the quick size: n = 4..7, k = 3..n-1, and the text's bound. */
    const tc_repro_table_t *t2 = NULL;
    for (int k = 0; k < pages[1]->ntables; k++) {
        if (strcmp(pages[1]->tables[k]->id, "table2") == 0) {
            t2 = pages[1]->tables[k];
        }
    }
    assert_non_null(t2);
    assert_int_equal(t2->ncells, 11);
    for (int64_t c = 0; c < t2->ncells; c++) {
        assert_int_equal(t2->cells[c].verdict, TC_REPRO_MATCHES);
    }
    char *id = tc_repro_cell_id(pages[1], t2, &t2->cells[9]);
    assert_string_equal(id, "001/table2/n=7,k=6/t_s/t_m >");
    assert_string_equal(t2->cells[9].paper, "0.435");
    free(id);
    for (int i = 0; i < n; i++) {
        tc_repro_page_free(pages[i]);
    }
}

/* A page does not depend on the number of threads: paper 001 on one thread and on four gives
 * the same verdict list, value for value. */
static void test_threads_same_page(void **state)
{
    (void)state;
    const tc_repro_paper_t *paper = tc_repro_paper("001");
    assert_non_null(paper);
    char *text[2] = {NULL, NULL};
    static const int threads[2] = {1, 4};
    for (int i = 0; i < 2; i++) {
        tc_repro_opts_t opts = {.quick = true, .threads = threads[i], .seed = 1};
        tc_repro_page_t *p = NULL;
        assert_int_equal(tc_repro_run(paper, &opts, NULL, &p), TC_OK);
        CAPTURE(text[i], tc_repro_write_verdicts(fp, p));
        tc_repro_page_free(p);
    }
    assert_string_equal(text[0], text[1]);
    assert_non_null(strstr(text[0], "001/table2/n=7,k=6/t_s/t_m >\tmatches\t0.435\n"));
    free(text[0]);
    free(text[1]);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_holds_relations),  cmocka_unit_test(test_holds_as_printed),
        cmocka_unit_test(test_verdicts),         cmocka_unit_test(test_cell_ids),
        cmocka_unit_test(test_sticky_failure),   cmocka_unit_test(test_writers),
        cmocka_unit_test(test_holds_boundaries), cmocka_unit_test(test_num_verdicts),
        cmocka_unit_test(test_registry),         cmocka_unit_test(test_check_ids),
        cmocka_unit_test(test_every_paper),      cmocka_unit_test(test_threads_same_page),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
