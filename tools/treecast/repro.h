/* treecast reproduce — every table and figure of the papers, regenerated beside the printed
 * values, with a verdict per cell.
 *
 * The library computes the pages (treecast/repro.h: tc_repro_run, one producer per paper under
 * src/repro/); repro_write.c writes the files (through the library's writers) and draws the
 * figures (gnuplot, Graphviz), repro_html.c the web report.
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

/* printf into a new string; the tool ends on an allocation failure (one line, status 4). */
char *repro_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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
int64_t repro_expect(const char *verdicts, const char *expected, tc_repro_page_t **pages,
                     int npages);

#endif
