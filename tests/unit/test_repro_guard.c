/* The reproduction's regression guard and index through the public API (treecast/repro.h):
 * verdict lists read back (every refusal with its line), compared cell by cell (new, vanished,
 * changed, in id order), and the index writers on a tiny page. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#define _GNU_SOURCE /* fmemopen, open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A verdict list from text (papers: the kept ones, NULL for all). */
static tc_err_t read_text(const char *text, size_t len, const char *const *papers, int npapers,
                          tc_repro_verdicts_t **out)
{
    FILE *fp = fmemopen((void *)text, len, "r");
    assert_non_null(fp);
    tc_err_t err = tc_repro_verdicts_read(fp, papers, npapers, out);
    fclose(fp);
    return err;
}

static void test_read_kept(void **state)
{
    (void)state;
    const char *text = "# header\n"
                       "000/table1/n=4/time\tmatches\t5\n"
                       "\n"
                       "001/table2/n=5/r\tcorrected 001.3\t0.43\n"
                       "002/t/x\tnot printed\t-\r\n";
    tc_repro_verdicts_t *l = NULL;
    assert_int_equal(read_text(text, strlen(text), NULL, 0, &l), TC_OK);
    assert_int_equal(tc_repro_verdicts_cells(l), 3);
    tc_repro_verdicts_free(l);
    const char *only[] = {"001"};
    assert_int_equal(read_text(text, strlen(text), only, 1, &l), TC_OK);
    assert_int_equal(tc_repro_verdicts_cells(l), 1);
    tc_repro_verdicts_free(l);
    /* "00" is not a paper prefix of "000/...": ids are matched up to their first '/' */
    const char *prefix[] = {"00"};
    assert_int_equal(read_text(text, strlen(text), prefix, 1, &l), TC_OK);
    assert_int_equal(tc_repro_verdicts_cells(l), 0);
    tc_repro_verdicts_free(l);
}

static void expect_refused(const char *text, size_t len, const char *detail)
{
    tc_repro_verdicts_t *l = (tc_repro_verdicts_t *)1;
    assert_int_equal(read_text(text, len, NULL, 0, &l), TC_EPARSE);
    assert_null(l);
    assert_string_equal(tc_err_detail(), detail);
}

static void test_read_refused(void **state)
{
    (void)state;
    expect_refused("", 0, "it holds no line ID TAB VERDICT TAB VALUE");
    expect_refused("# only a comment\n\n", 18, "it holds no line ID TAB VERDICT TAB VALUE");
    expect_refused("a\tmatches\t1\nb\tmatches\n", 22,
                   "line 2 holds a line that is not ID TAB VERDICT TAB VALUE");
    expect_refused("a\tmatches\t1\tx\n", 14,
                   "line 1 holds a line that is not ID TAB VERDICT TAB VALUE");
    expect_refused("\tmatches\t1\n", 11,
                   "line 1 holds a line that is not ID TAB VERDICT TAB VALUE");
    expect_refused("a\tfine\t1\n", 9, "line 1 holds an unknown verdict");
    expect_refused("a\tmatchesx\t1\n", 13, "line 1 holds an unknown verdict");
    expect_refused("a\tmatches\t1\nb\tmatc\0hes\t1\n", 25, "line 2 holds a NUL byte");
    size_t big = 70000;
    char *line = malloc(big);
    assert_non_null(line);
    memset(line, 'x', big);
    expect_refused(line, big, "line 1 holds a line longer than 64 KiB");
    free(line);
}

typedef struct {
    int n;
    char seen[8][96];
} changes_t;

static void on_change(void *ctx, const char *id, const char *expected, const char *now)
{
    changes_t *c = ctx;
    assert_true(c->n < 8);
    snprintf(c->seen[c->n++], sizeof c->seen[0], "%s|%s|%s", id, expected ? expected : "-",
             now ? now : "-");
}

static void test_diff(void **state)
{
    (void)state;
    const char *was = "p/b\tmatches\t1\np/a\tmatches\t2\np/c\tdiffers\t3\n";
    const char *now = "p/d\tmatches\t4\np/a\tmatches\t2\np/b\tcorrected 001.2\t1\n";
    tc_repro_verdicts_t *w = NULL, *n = NULL;
    assert_int_equal(read_text(was, strlen(was), NULL, 0, &w), TC_OK);
    assert_int_equal(read_text(now, strlen(now), NULL, 0, &n), TC_OK);
    changes_t c = {0};
    assert_int_equal(tc_repro_verdicts_diff(n, w, on_change, &c), 3);
    assert_int_equal(c.n, 3);
    assert_string_equal(c.seen[0], "p/b|matches\t1|corrected 001.2\t1");
    assert_string_equal(c.seen[1], "p/c|differs\t3|-");
    assert_string_equal(c.seen[2], "p/d|-|matches\t4");
    changes_t none = {0};
    assert_int_equal(tc_repro_verdicts_diff(w, w, on_change, &none), 0);
    tc_repro_verdicts_free(w);
    tc_repro_verdicts_free(n);
}

/* The index writers on a page of two cells; the verdict list reads back to the same cells. */
static void test_index_round_trip(void **state)
{
    (void)state;
    tc_repro_page_t *p = tc_repro_page_new("007", "A paper");
    assert_non_null(p);
    tc_repro_table_t *t = tc_repro_table(p, "t1", "Table 1", "n", "intro");
    tc_repro_row(t, "4");
    tc_repro_num(t, "time", 5, 5, 0, TC_REPRO_EQ, NULL, 0);
    tc_repro_num(t, "tx", 7, 9, 0, TC_REPRO_EQ, NULL, 0);
    tc_repro_summary(p, "all but one");
    tc_repro_opts_t o = {.quick = true, .seed = 42};
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_int_equal(tc_repro_write_verdict_list(fp, &p, 1, &o), TC_OK);
    fclose(fp);
    assert_non_null(strstr(buf, "# treecast reproduce --quick --seed 42:"));
    tc_repro_verdicts_t *l = NULL;
    assert_int_equal(read_text(buf, len, NULL, 0, &l), TC_OK);
    assert_int_equal(tc_repro_verdicts_cells(l), 2);
    tc_repro_verdicts_free(l);
    free(buf);
    fp = open_memstream(&buf, &len);
    assert_int_equal(tc_repro_write_index_md(fp, &p, 1, "me", &o), TC_OK);
    fclose(fp);
    assert_non_null(strstr(buf, "`me reproduce --quick --seed 42`"));
    assert_non_null(strstr(buf, "| [A paper](007.md) | 2 | 1 | 0 | 1 | 0 | 0 |"));
    assert_non_null(strstr(buf, "**007.** all but one"));
    free(buf);
    fp = open_memstream(&buf, &len);
    assert_int_equal(tc_repro_write_index_json(fp, &p, 1, &o), TC_OK);
    fclose(fp);
    assert_non_null(strstr(buf, "\"seed\":42"));
    assert_non_null(strstr(buf, "\"differs\":1"));
    free(buf);
    tc_repro_page_free(p);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_kept),
        cmocka_unit_test(test_read_refused),
        cmocka_unit_test(test_diff),
        cmocka_unit_test(test_index_round_trip),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
