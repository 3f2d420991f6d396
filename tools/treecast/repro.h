/* treecast reproduce — every table and figure of the papers, regenerated beside the printed
 * values, with a verdict per cell.
 *
 * A run builds, in memory, one page per paper (the library's model, treecast/repro.h). The
 * producers (repro_000.c .. repro_004.c) fill the pages from the library; repro_write.c writes
 * the files (through the library's writers) and draws the figures (gnuplot, Graphviz),
 * repro_html.c the web report.
 */
#ifndef TREECAST_TOOL_REPRO_H
#define TREECAST_TOOL_REPRO_H

#include "treecast/repro.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    bool quick;     /* the small cases (the regression guard's) */
    bool png;       /* also render each figure as PNG (machine-dependent pixels: never committed) */
    int threads;    /* 0: every core */
    uint64_t seed;  /* every random choice */
    const char *me; /* "treecast", as the commands are printed */
} repro_opts_t;

/* ---- building pages (producers) ---------------------------------------------------------- */

/* The library's builders that return an object return NULL once the page is out of memory; the
 * tool ends there, as for any allocation failure: one line, status 4. */
void *repro_need(void *x);
#define repro_page_new(...) ((tc_repro_page_t *)repro_need(tc_repro_page_new(__VA_ARGS__)))
#define repro_table(...) ((tc_repro_table_t *)repro_need(tc_repro_table(__VA_ARGS__)))
#define repro_figure(...) ((tc_repro_figure_t *)repro_need(tc_repro_figure(__VA_ARGS__)))
#define repro_picture(...) ((tc_repro_figure_t *)repro_need(tc_repro_picture(__VA_ARGS__)))
#define repro_figure_data(f) ((FILE *)repro_need(tc_repro_figure_data(f)))

/* A broadcast run by the round engine over a kind's trees at a root (what `sim bcast-*`,
 * `sim ist-bcast` and `sim ft-bcast` run), for the producers' rounds-against-M figures. */
typedef struct {
    tc_assembly_t run; /* the neighbour table, the trees and their plan (tc_assembly_init) */
} repro_bc_t;
tc_err_t repro_bc_open(repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root);
void repro_bc_close(repro_bc_t *b);
/* The rounds of M packets, each down x of the trees (x = 1: split over them). */
tc_err_t repro_bc_rounds(repro_bc_t *b, tc_collective_t what, int64_t M, int x, int64_t *rounds);

/* printf into a new string (abort-free: NULL on failure, and the writer reports it). */
char *repro_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the papers ------------------------------------------------------------------------- */

/* Each fills a page; 0, or an exit status after printing one line. */
typedef int (*repro_producer_t)(tc_repro_page_t *page, const repro_opts_t *opts);
int repro_000(tc_repro_page_t *page, const repro_opts_t *opts);
int repro_001(tc_repro_page_t *page, const repro_opts_t *opts);
int repro_002(tc_repro_page_t *page, const repro_opts_t *opts);
int repro_003(tc_repro_page_t *page, const repro_opts_t *opts);
int repro_004(tc_repro_page_t *page, const repro_opts_t *opts);

/* ---- writing ------------------------------------------------------------------------------ */

/* Write the pages' Markdown, data, figures (running gnuplot and dot), verdict list and JSON
 * index into dir (which exists and is empty). 0 or an exit status after one line. */
int repro_write(const char *dir, tc_repro_page_t **pages, int npages, const repro_opts_t *opts);
/* The web report: index.html and PAPER.html, figures inline (after repro_write). */
int repro_write_html(const char *dir, tc_repro_page_t **pages, int npages,
                     const repro_opts_t *opts);

/* Compare the verdict list of dir against an expectation file (the same format) for the papers
 * run: prints every cell whose verdict or value changed, appeared or vanished; returns the
 * number of such cells, or -1 after printing why the files cannot be read. */
/* 0 when expected is a verdict list (verdicts.tsv's format, at least one line), else 3 after one
 * line on stderr naming the file and what is wrong. */
int repro_expect_check(const char *expected);
/* A file the reproduction wrote, whole and NUL-terminated (*len bytes; the caller frees), or NULL
 * with errno set. Only for treecast's own output: it is not bounded like the user's files. */
char *repro_read_all(const char *path, size_t *len);
int64_t repro_expect(const char *verdicts, const char *expected, tc_repro_page_t **pages,
                     int npages);

#endif
