/* The reproduction's report layer (treecast/repro_report.h) through the public API: the
 * citations of docs/references.md, the correction ids and the references to them, the
 * Markdown side of the report (the corrections document with its anchors, a page linked) and
 * the web report (a tiny page's cells, verdicts, escaping, links and inline SVG; the index; the
 * corrections page; a failing stream or drawing). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/repro_report.h"
#include "treecast/treecast.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A page of paper 001 with one table: a cell per verdict, a quantity to escape, a note with a
 * reference, the notation; and a picture. */
static tc_repro_page_t *tiny_page(void)
{
    tc_repro_page_t *p = tc_repro_page_new("001", "Tiny <page> & co");
    assert_non_null(p);
    tc_repro_summary(p, "Checks corrections 001.3 and **bold**.");
    tc_repro_table_t *t = tc_repro_table(p, "t1", "Table 1: S_{n-1}", "n", "An intro.");
    assert_non_null(t);
    tc_repro_row(t, "4");
    tc_repro_command(t, "table 001:1 --n 4");
    tc_repro_num(t, "rounds", 3, 3, 0, TC_REPRO_EQ, NULL, 0);
    tc_repro_num(t, "steps", 5, 4, 0, TC_REPRO_EQ, "001.2", 4);
    tc_repro_num(t, "cost", 7, 9, 0, TC_REPRO_EQ, NULL, 0);
    tc_repro_num(t, "T_{n,k}", NAN, 11, 0, TC_REPRO_EQ, NULL, 0);
    tc_repro_cell(t, "a<b & \"c\" 'd'", "1", "1", TC_REPRO_MATCHES, NULL);
    tc_repro_note(t, "see corrections 000.6, 000.8 or 000.10");
    assert_int_equal(tc_repro_page_error(p), TC_OK);
    return p;
}

static char *html_page(const tc_repro_page_t *p, const char *dir, tc_err_t want)
{
    tc_repro_html_opts_t o = {.me = "tc", .quick = true, .seed = 7, .dir = dir};
    capture_t c;
    capture_open(&c);
    assert_int_equal(tc_repro_write_html_page(c.fp, p, &o), want);
    return capture_close(&c);
}

static void test_html_page(void **state)
{
    (void)state;
    tc_repro_page_t *p = tiny_page();
    char *h = html_page(p, NULL, TC_OK);
    assert_true(strncmp(h, "<!DOCTYPE html>\n", 16) == 0);
    assert_non_null(strstr(h, "<title>Tiny &lt;page&gt; &amp; co</title>"));
    assert_non_null(strstr(h, "<h1>Tiny &lt;page&gt; &amp; co</h1>"));
    assert_non_null(strstr(h, "<p class=\"citation\"><span class=\"label\">Paper:</span> Y.-C. "
                              "Tseng"));
    /* one row per cell, each with its verdict */
    assert_non_null(strstr(h, "<tr data-verdict=\"matches\"><td class=\"num\">4</td><td>rounds"));
    assert_non_null(strstr(h, "<tr data-verdict=\"corrected\"><td class=\"num\">4</td><td>steps"));
    assert_non_null(strstr(h, "<tr data-verdict=\"differs\"><td class=\"num\">4</td><td>cost"));
    assert_non_null(strstr(h, "<tr data-verdict=\"not-printed\">"));
    assert_non_null(strstr(h, "<td class=\"v-corrected\">corrected \xe2\x80\x94 <a class=\"corr\" "
                              "href=\"corrections.html#c001.2\">corrections 001.2</a></td>"));
    assert_non_null(strstr(h, "<td class=\"v-differs\">differs</td>"));
    /* escaping of a cell, the notation and its sort key, a note's references */
    assert_non_null(strstr(h, "<td>a&lt;b &amp; &quot;c&quot; &#39;d&#39;</td>"));
    assert_null(strstr(h, "a<b"));
    assert_non_null(strstr(h, "<td data-sort=\"T_{n,k}\">T<sub>n,k</sub></td>"));
    assert_non_null(strstr(h, "<h2>Table 1: S<sub>n-1</sub></h2>"));
    assert_non_null(strstr(h, "<td class=\"note\">see <a class=\"corr\" href=\"corrections.html"
                              "#c000.6\">corrections 000.6</a>, <a class=\"corr\" href=\""
                              "corrections.html#c000.8\">000.8</a> or <a class=\"corr\" href=\""
                              "corrections.html#c000.10\">000.10</a></td>"));
    assert_non_null(strstr(h, "<p class=\"summary\">Checks <a class=\"corr\" href=\"corrections"
                              ".html#c001.3\">corrections 001.3</a> and <strong>bold</strong>."));
    assert_non_null(strstr(h, "<code>treecast table 001:1 --n 4</code>"));
    assert_non_null(strstr(h, "<a href=\"001/t1.csv\">t1.csv</a>"));
    assert_non_null(strstr(h, "Regenerate this page with <code>tc reproduce --paper 001 "
                              "--quick</code>"));
    assert_true(strstr(h, "</html>\n") != NULL && strstr(h, "</html>\n")[8] == '\0');
    free(h);
    tc_repro_page_free(p);
}

static void test_html_figure(void **state)
{
    (void)state;
    char dir[] = "/tmp/tc_report_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/001", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    tc_repro_page_t *p = tiny_page();
    tc_repro_figure_t *f = tc_repro_picture(p, "fig x", "A picture", 1, "dot", "graph{}", "Why.");
    assert_non_null(f);
    f->rendered = true;
    /* not there: TC_EIO, the detail names the file */
    char *h = html_page(p, dir, TC_EIO);
    assert_non_null(strstr(tc_err_detail(), "fig x.svg"));
    free(h);
    snprintf(path, sizeof path, "%s/001/fig x.svg", dir);
    FILE *svg = fopen(path, "w");
    assert_non_null(svg);
    fputs("<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg id=\"g0\"><script>alert(1)</script>"
          "<rect onclick=\"x()\" fill=\"url(#grad)\"/><use xlink:href=\"#g0\"/></svg>\n",
          svg);
    assert_int_equal(fclose(svg), 0);
    h = html_page(p, dir, TC_OK);
    assert_non_null(strstr(h, "<figure id=\"figure-fig_x\" data-kind=\"graphviz\">\n<div "
                              "class=\"svg\">\n<svg id=\"figure-fig_x--g0\"><rect "
                              "fill=\"url(#figure-fig_x--grad)\"/><use "
                              "xlink:href=\"#figure-fig_x--g0\"/></svg>\n"));
    assert_null(strstr(h, "alert(1)"));
    assert_null(strstr(h, "<?xml"));
    assert_non_null(strstr(h, "<a href=\"001/fig%20x.svg\">fig x.svg</a> (drawing)"));
    free(h);
    assert_int_equal(remove(path), 0);
    snprintf(path, sizeof path, "%s/001", dir);
    assert_int_equal(rmdir(path), 0);
    assert_int_equal(rmdir(dir), 0);
    tc_repro_page_free(p);
}

static void test_html_index_and_corrections(void **state)
{
    (void)state;
    tc_repro_page_t *p = tiny_page();
    tc_repro_html_opts_t o = {.me = NULL, .quick = false, .threads = 3, .seed = 42};
    capture_t c;
    capture_open(&c);
    assert_int_equal(tc_repro_write_html_index(c.fp, &p, 1, &o), TC_OK);
    char *h = capture_close(&c);
    /* no link inside a link: the title's reference stays text in the papers' table */
    assert_non_null(strstr(h, "<tr><td><a href=\"001.html\">001</a></td><td class=\"wrap\"><a "
                              "href=\"001.html\">Tiny &lt;page&gt; &amp; co</a></td>"));
    assert_non_null(strstr(h, "<code>treecast reproduce --paper 001 --seed 42 --threads 3 "
                              "--out DIR</code>"));
    assert_non_null(strstr(h, "<td class=\"num\">5</td>")); /* cells of the page */
    free(h);
    capture_open(&c);
    assert_int_equal(tc_repro_write_html_corrections(c.fp, &o), TC_OK);
    h = capture_close(&c);
    assert_non_null(strstr(h, "<h3 id=\"c000.6\">000.6 Step counting"));
    /* within the page, references are fragments */
    assert_null(strstr(h, "class=\"corr\" href=\"corrections.html#"));
    assert_non_null(strstr(h, "class=\"corr\" href=\"#c0"));
    free(h);
    /* and the next page links to corrections.html again: no state is left behind */
    h = html_page(p, NULL, TC_OK);
    assert_non_null(strstr(h, "href=\"corrections.html#c001.2\""));
    free(h);
    tc_repro_page_free(p);
}

static void test_html_failed_stream(void **state)
{
    (void)state;
    tc_repro_page_t *p = tiny_page();
    tc_repro_html_opts_t o = {.me = "treecast"};
    FILE *ro = fopen("/dev/null", "r");
    assert_non_null(ro);
    assert_int_equal(tc_repro_write_html_page(ro, p, &o), TC_EIO);
    assert_int_equal(tc_repro_write_html_index(ro, &p, 1, &o), TC_EIO);
    assert_int_equal(tc_repro_write_html_corrections(ro, &o), TC_EIO);
    assert_int_equal(tc_repro_write_corrections_md(ro), TC_EIO);
    fclose(ro);
    tc_repro_page_free(p);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_citation),
        cmocka_unit_test(test_corr_id),
        cmocka_unit_test(test_corr_refs),
        cmocka_unit_test(test_corrections_md),
        cmocka_unit_test(test_md_linked),
        cmocka_unit_test(test_html_page),
        cmocka_unit_test(test_html_figure),
        cmocka_unit_test(test_html_index_and_corrections),
        cmocka_unit_test(test_html_failed_stream),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
