/* The reproduction's page model and writers (treecast/repro.h) through the public API: the
 * verdict rule (tc_repro_holds) for each relation at 0, 2 and 3 decimals, the verdicts of
 * numeric cells (matches, corrected, differs, not printed, a qualified match), cell ids, the
 * sticky allocation failure of a page and the writers' text for a tiny page. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

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

/* The rule compares the values rounded to `decimals` decimals: off the half-way points, what a
 * reader compares (the texts printf prints); at them, round() goes away from zero where printf
 * rounds the exact binary value (often half to even). */
static void test_holds_as_printed(void **state)
{
    (void)state;
    /* 2.005 * 100 is 200.5 in floating point: the rule reads 2.01 (printf prints 2.00). */
    assert_true(tc_repro_holds(2.005, 2.01, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(2.005, 2.00, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(2.005, 2.006, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(2.005, 2.0149, 2, TC_REPRO_EQ));
    assert_false(tc_repro_holds(2.005, 2.0151, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(2.005, 2.01, 2, TC_REPRO_GE));
    assert_false(tc_repro_holds(2.005, 2.004, 2, TC_REPRO_GE));
    assert_true(tc_repro_holds(2.005, 2.004, 2, TC_REPRO_LE));
    /* Exact halves: 1.125 reads 1.13 and 8.5 reads 9 (printf: 1.12 and 8). */
    assert_true(tc_repro_holds(1.125, 1.13, 2, TC_REPRO_EQ));
    assert_true(tc_repro_holds(8.5, 9, 0, TC_REPRO_EQ));
    assert_false(tc_repro_holds(8.5, 8, 0, TC_REPRO_EQ));
    assert_true(tc_repro_holds(-8.5, -9, 0, TC_REPRO_EQ));
    /* Off the half-way points the rule agrees with the printed texts. */
    static const double vals[] = {2.0049, 2.0051, 0.6149, 0.6151, 12.3456, 7.4, 7.6, 0.0004, 3.0};
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

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_holds_relations), cmocka_unit_test(test_holds_as_printed),
        cmocka_unit_test(test_verdicts),        cmocka_unit_test(test_cell_ids),
        cmocka_unit_test(test_sticky_failure),  cmocka_unit_test(test_writers),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
