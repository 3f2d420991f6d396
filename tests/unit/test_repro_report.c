/* The reproduction's report layer (treecast/repro_report.h) through the public API: the
 * citations of docs/references.md, the correction ids and the references to them, and the
 * Markdown side of the report (the corrections document with its anchors, a page linked). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/repro_report.h"
#include "treecast/treecast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a writer put on a stream, as a new string (the caller frees it). */
typedef struct {
    char *text;
    size_t len;
    FILE *fp;
} capture_t;

static void capture_open(capture_t *c)
{
    c->text = NULL;
    c->len = 0;
    c->fp = open_memstream(&c->text, &c->len);
    assert_non_null(c->fp);
}

static char *capture_close(capture_t *c)
{
    assert_int_equal(fclose(c->fp), 0);
    return c->text;
}

static void test_citation(void **state)
{
    (void)state;
    size_t len = 0;
    const char *c = tc_repro_citation("001", &len);
    assert_non_null(c);
    assert_true(len > 20);
    char *cite = strndup(c, len);
    assert_non_null(strstr(cite, "Tseng"));
    assert_non_null(strstr(cite, "all-to-all broadcast"));
    assert_null(strstr(cite, "|")); /* one cell of the table, not the row */
    free(cite);
    c = tc_repro_citation("000", &len);
    assert_non_null(c);
    assert_memory_equal(c, "P. Fragopoulou and S. G. Akl", 28);
    assert_null(tc_repro_citation("999", &len));
    assert_null(tc_repro_citation("00", &len)); /* a prefix of an id is not an id */
    assert_null(tc_repro_citation("", &len));
}

static void test_corr_id(void **state)
{
    (void)state;
    assert_int_equal(tc_repro_corr_id("000.6", 5), 5);
    assert_int_equal(tc_repro_corr_id("003.11 and", 10), 6);
    assert_int_equal(tc_repro_corr_id("000.6.", 6), 5);
    assert_int_equal(tc_repro_corr_id("000.6a", 6), 0); /* followed by a letter */
    assert_int_equal(tc_repro_corr_id("00.6", 4), 0);
    assert_int_equal(tc_repro_corr_id("000.", 4), 0);
    assert_int_equal(tc_repro_corr_id("000.6", 4), 0); /* bounded by n */
    size_t at = 99;
    assert_int_equal(tc_repro_corr_entry("### 000.6 Step counting", 23, &at), 5);
    assert_int_equal(at, 4);
    assert_int_equal(tc_repro_corr_entry("- **003.1** the cost", 20, &at), 5);
    assert_int_equal(at, 4);
    assert_int_equal(tc_repro_corr_entry("**002.8 a reading", 17, &at), 5);
    assert_int_equal(at, 2);
    assert_int_equal(tc_repro_corr_entry("See 000.6", 9, &at), 0);
    assert_int_equal(tc_repro_corr_entry("##000.6", 7, &at), 0);
}

static void test_corr_refs(void **state)
{
    (void)state;
    tc_repro_corr_ref_t r[8];
    size_t used = 0;
    const char *s = "corrections 000.6, 000.8 or 000.10) and more";
    assert_int_equal(tc_repro_corr_refs(s, strlen(s), r, 8, &used), 3);
    assert_int_equal(used, strlen("corrections 000.6, 000.8 or 000.10"));
    assert_memory_equal(s + r[0].at, "corrections 000.6", r[0].len);
    assert_int_equal(r[0].len, 17);
    assert_memory_equal(s + r[0].id, "000.6", r[0].idlen);
    assert_memory_equal(s + r[1].at, "000.8", r[1].len);
    assert_memory_equal(s + r[2].id, "000.10", r[2].idlen);
    assert_int_equal(r[2].idlen, 6);
    s = "corrections 001.1-001.6";
    assert_int_equal(tc_repro_corr_refs(s, strlen(s), r, 8, &used), 2);
    assert_int_equal(tc_repro_corr_refs(s, strlen(s), r, 1, &used), 1); /* at most max */
    assert_int_equal(used, strlen("corrections 001.1"));
    s = "corrections of the papers";
    assert_int_equal(tc_repro_corr_refs(s, strlen(s), r, 8, &used), 0);
    assert_int_equal(used, 0);
}

static void test_corrections_md(void **state)
{
    (void)state;
    size_t len = 0;
    const char *doc = tc_repro_corrections_doc(&len);
    assert_true(len > 1000);
    assert_int_equal(doc[len], '\0');
    assert_non_null(strstr(doc, "### 000.6 "));
    capture_t c;
    capture_open(&c);
    assert_int_equal(tc_repro_write_corrections_md(c.fp), TC_OK);
    char *md = capture_close(&c);
    assert_non_null(strstr(md, "### <a id=\"c000.6\"></a>000.6 "));
    assert_non_null(strstr(md, "*A copy of `docs/corrections.md` of treecast "));
    /* its own references lead within it: "[corrections 000.6](#c000.6)" */
    assert_non_null(strstr(md, "](#c0"));
    free(md);
}

static void test_md_linked(void **state)
{
    (void)state;
    const char *page = "# Paper 001\n\nSee corrections 001.1-001.6 and `corrections 001.2`; "
                       "docs/corrections.md has them.\n";
    capture_t c;
    capture_open(&c);
    assert_int_equal(tc_repro_write_md_linked(c.fp, page, strlen(page), "001"), TC_OK);
    char *md = capture_close(&c);
    assert_true(strncmp(md, "# Paper 001\n\n**Paper:** Y.-C. Tseng", 35) == 0);
    assert_non_null(strstr(md, "See [corrections 001.1](corrections.md#c001.1)-"
                               "[001.6](corrections.md#c001.6) and `corrections 001.2`; "
                               "[docs/corrections.md](corrections.md) has them.\n"));
    free(md);
    /* no paper: the text linked, no citation */
    capture_open(&c);
    assert_int_equal(tc_repro_write_md_linked(c.fp, page, strlen(page), NULL), TC_OK);
    md = capture_close(&c);
    assert_null(strstr(md, "**Paper:**"));
    assert_true(strncmp(md, "# Paper 001\n\nSee [corrections 001.1]", 35) == 0);
    free(md);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_citation),  cmocka_unit_test(test_corr_id),
        cmocka_unit_test(test_corr_refs), cmocka_unit_test(test_corrections_md),
        cmocka_unit_test(test_md_linked),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
