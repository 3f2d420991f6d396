/* treecast reproduce — the report's last files, after repro_write: index.html, one PAPER.html
 * per page and corrections.html (the web report), corrections.md, and the Markdown pages
 * repro_write left, rewritten with their links to corrections.md and their papers' citations.
 * The library's report layer (treecast/repro_report.h) writes every byte; this file names,
 * opens and closes the files. */
#include "repro.h"
#include "treecast/repro_report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef enum { HTML_PAGE, HTML_INDEX, HTML_CORRECTIONS, MD_CORRECTIONS, MD_LINKED } what_t;

typedef struct {
    tc_repro_page_t **pages;
    int npages;
    tc_repro_html_opts_t html;
} report_t;

static int cannot(const char *what, const char *path)
{
    fprintf(stderr, "treecast reproduce: cannot %s %s: %s\n", what, path, strerror(errno));
    return 4;
}

/* A Markdown page repro_write has written, whole (*md, *len bytes; the caller frees it). */
static int read_md(const char *path, char **md, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        return cannot("read", path);
    }
    tc_err_t err = tc_read_text(in, path, "a page of the report", INT64_C(1) << 30, -1, md, len);
    fclose(in);
    if (err != TC_OK) {
        fprintf(stderr, "treecast reproduce: %s\n", tc_err_detail());
        return 4;
    }
    return 0;
}

/* DIR/NAME.EXT, written by the library (page: the page of a paper's file). 0, or 4 after one
 * line. */
static int write_file(const report_t *r, what_t what, const char *name, const char *ext,
                      const tc_repro_page_t *page)
{
    char *path = repro_fmt("%s/%s.%s", r->html.dir, name, ext), *md = NULL;
    size_t len = 0;
    int status = path == NULL ? cannot("write", r->html.dir) : 0;
    status = status == 0 && what == MD_LINKED ? read_md(path, &md, &len) : status;
    FILE *fp = status == 0 ? fopen(path, "w") : NULL;
    if (status == 0 && fp == NULL) {
        status = cannot("write", path);
    }
    if (status == 0) {
        tc_err_t err = what == HTML_PAGE ? tc_repro_write_html_page(fp, page, &r->html)
                       : what == HTML_INDEX
                           ? tc_repro_write_html_index(fp, r->pages, r->npages, &r->html)
                       : what == HTML_CORRECTIONS ? tc_repro_write_html_corrections(fp, &r->html)
                       : what == MD_CORRECTIONS
                           ? tc_repro_write_corrections_md(fp)
                           : tc_repro_write_md_linked(fp, md, len, page ? page->paper : NULL);
        bool bad = ferror(fp) != 0;
        bad |= fclose(fp) != 0;
        status = bad ? cannot("write", path) : err != TC_OK ? 4 : 0;
        if (!bad && err != TC_OK) {
            fprintf(stderr, "treecast reproduce: %s\n", tc_err_detail());
        }
    }
    free(md);
    free(path);
    return status;
}

int repro_write_html(const char *dir, tc_repro_page_t **pages, int npages, const repro_opts_t *opts)
{
    report_t r = {pages, npages, {opts->me, opts->quick, opts->threads, opts->seed, dir}};
    int status = 0;
    for (int i = 0; i < npages && status == 0; i++) {
        status = write_file(&r, HTML_PAGE, pages[i]->paper, "html", pages[i]);
    }
    status = status != 0 ? status : write_file(&r, HTML_INDEX, "index", "html", NULL);
    status = status != 0 ? status : write_file(&r, HTML_CORRECTIONS, "corrections", "html", NULL);
    /* and the Markdown side, after repro_write: corrections.md, the links, the citations */
    status = status != 0 ? status : write_file(&r, MD_CORRECTIONS, "corrections", "md", NULL);
    for (int i = 0; i < npages && status == 0; i++) {
        status = write_file(&r, MD_LINKED, pages[i]->paper, "md", pages[i]);
    }
    return status != 0 ? status : write_file(&r, MD_LINKED, "index", "md", NULL);
}
