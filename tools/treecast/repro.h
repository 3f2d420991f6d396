/* treecast reproduce — every table and figure of the papers, regenerated beside the printed
 * values, with a verdict per cell.
 *
 * A run builds, in memory, one page per paper; a page holds tables and figures. A table is in
 * long form: one row per cell, the cell's keys (n, M, x, ...), the quantity, the paper's value
 * as printed, treecast's value, a verdict and the treecast command that recomputes it. The
 * producers (repro_000.c .. repro_004.c) fill the pages from the library; repro_write.c writes
 * Markdown, CSV, JSON, the verdict list and the figures (gnuplot, Graphviz), repro_html.c the
 * web report. Verdicts:
 *   matches      the paper's value and treecast's agree (at the printed precision, or in the
 *                stated relation: a lower bound at or below the measured value, a claim "at
 *                most" at or above it)
 *   corrected    they disagree, and the paper's value as corrected in docs/corrections.md
 *                (entry `correction`) agrees
 *   differs      they disagree and no correction explains it
 *   not printed  the paper has no value for this cell (treecast's extension of the table)
 */
#ifndef TREECAST_TOOL_REPRO_H
#define TREECAST_TOOL_REPRO_H

#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
    REPRO_MATCHES,
    REPRO_CORRECTED,
    REPRO_DIFFERS,
    REPRO_NOT_PRINTED,
    REPRO_VERDICTS_
} repro_verdict_t;

/* How treecast's value v is judged against the paper's p. */
typedef enum {
    REPRO_EQ, /* v == p at the printed precision */
    REPRO_GE, /* v >= p: p is a lower bound (or a claimed least value) */
    REPRO_LE, /* v <= p: p is an upper bound ("at most") */
} repro_rel_t;

typedef struct {
    char *keys; /* the key values, '\t'-separated, one per key column of the table */
    char *quantity;
    char *paper; /* as printed; NULL: not printed */
    char *value;
    repro_verdict_t verdict;
    char *correction; /* "000.6" when corrected (may also annotate other verdicts) */
    char *qualifier;  /* matches with a reason the values differ although the paper is right:
                       * "within the paper's O-term", "better than the printed bound" */
    char *command;    /* the treecast command that recomputes the value */
    char *note;       /* NULL or a short remark */
} repro_cell_t;

typedef struct {
    char *id;    /* "table1": file names and cell ids */
    char *title; /* "Table 1: lower bounds on the star network" */
    char *intro; /* a paragraph: what is compared and how (Markdown) */
    int nkeys;
    char **keynames;
    repro_cell_t *cells;
    int64_t ncells, cap;
    /* the row under construction */
    char *cur_keys, *cur_command;
} repro_table_t;

typedef enum {
    REPRO_FIG_GNUPLOT, /* data CSV + a gnuplot script */
    REPRO_FIG_DOT,     /* a Graphviz document */
} repro_fig_kind_t;

typedef struct {
    char *id; /* "fig-eti-100": file names */
    char *title;
    char *caption; /* Markdown: what is drawn, and the paper's reading beside it */
    repro_fig_kind_t kind;
    int series; /* plotted series (gnuplot) or trees (dot): what the SVG must show */
    char *data; /* CSV text (gnuplot) */
    size_t data_len;
    char *script; /* the gnuplot commands (using the variables data, the CSV file name) */
    char *dot;    /* the DOT text (dot) */
    char *layout; /* the Graphviz layout program: "dot", "neato", "circo" */
    FILE *data_fp;
    bool rendered; /* the SVG was written */
    bool png;      /* the PNG was written too (repro_opts_t.png) */
    char *render_error;
} repro_figure_t;

typedef struct {
    char *paper; /* "000" */
    char *title; /* "Fragopoulou & Akl, Edge-disjoint spanning trees on the star network" */
    char *summary;
    char **missing; /* what the page cannot reproduce yet, one sentence each */
    int nmissing;
    repro_table_t **tables;
    int ntables;
    repro_figure_t **figures;
    int nfigures;
    double seconds;        /* the time its producer took */
    void (*on_item)(void); /* called as each table or figure is begun (progress), or NULL */
} repro_page_t;

typedef struct {
    bool quick;     /* the small cases (the regression guard's) */
    bool png;       /* also render each figure as PNG (machine-dependent pixels: never committed) */
    int threads;    /* 0: every core */
    uint64_t seed;  /* every random choice */
    const char *me; /* "treecast", as the commands are printed */
} repro_opts_t;

/* ---- building pages (producers) ---------------------------------------------------------- */

repro_page_t *repro_page_new(const char *paper, const char *title);
void repro_page_free(repro_page_t *p);
/* The sentence saying what treecast confirmed and what it corrected (printf-like). */
void repro_summary(repro_page_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void repro_missing(repro_page_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A table; keys: the key columns' names, comma-separated ("n,M,x"), "" for none. */
repro_table_t *repro_table(repro_page_t *p, const char *id, const char *title, const char *keys,
                           const char *intro_fmt, ...) __attribute__((format(printf, 5, 6)));
/* The key values of the cells that follow, '\t'-separated (printf-like). */
void repro_row(repro_table_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The command of the cells that follow (printf-like; "treecast " is prepended). */
void repro_command(repro_table_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A cell with texts and a verdict decided by the caller (correction: NULL or "000.6"). */
void repro_cell(repro_table_t *t, const char *quantity, const char *paper, const char *value,
                repro_verdict_t verdict, const char *correction);
/* A numeric cell: paper NAN when not printed; both shown with `decimals` decimals; judged by
 * rel (REPRO_EQ: equal once rounded to `decimals`). When the relation fails and correction is
 * given, the corrected paper value is judged the same way: "corrected" when it holds. */
void repro_num(repro_table_t *t, const char *quantity, double paper, double value, int decimals,
               repro_rel_t rel, const char *correction, double corrected);
/* The same, with the paper's value as printed text (e.g. "5.3e-04", "0.61") and its number. */
void repro_num_text(repro_table_t *t, const char *quantity, const char *paper_text, double paper,
                    double value, int decimals, repro_rel_t rel, const char *correction,
                    double corrected);
/* The last cell matches, for a reason its values alone do not show (the paper's value is an
 * asymptotic bound, a continuous optimum, a bound the measured value beats): the verdict reads
 * "matches — why", and no correction is named, since the paper is not wrong. */
void repro_qualify(repro_table_t *t, const char *why);
/* A note on the last cell added (printf-like). */
void repro_note(repro_table_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether v stands in relation rel to p at `decimals` decimals. */
bool repro_holds(double p, double v, int decimals, repro_rel_t rel);

/* A figure drawn by gnuplot from CSV data: write the CSV (a header line first) to the stream
 * returned by repro_figure_data, then give the plot commands; the writer puts `data = 'ID.csv'`
 * and the terminal and output lines (SVG, then PNG) around them, so the script reads
 * `plot data using 1:2 ...`. series: the number of plotted series the SVG must show. */
repro_figure_t *repro_figure(repro_page_t *p, const char *id, const char *title, int series,
                             const char *caption_fmt, ...) __attribute__((format(printf, 5, 6)));
FILE *repro_figure_data(repro_figure_t *f);
void repro_figure_script(repro_figure_t *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A picture drawn by Graphviz (layout "dot", "neato", ...) from DOT text; series: its trees. */
repro_figure_t *repro_picture(repro_page_t *p, const char *id, const char *title, int series,
                              const char *layout, const char *dot, const char *caption_fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* The cells of a page with verdict v (REPRO_VERDICTS_: every cell). */
int64_t repro_count(const repro_page_t *p, repro_verdict_t v);

/* A broadcast run by the round engine over a kind's trees at a root (what `sim bcast-*`,
 * `sim ist-bcast` and `sim ft-bcast` run), for the producers' rounds-against-M figures. */
typedef struct {
    tc_topo_t topo;
    tc_forest_t *forest;
    tc_plan_trees_t trees;
} repro_bc_t;
tc_err_t repro_bc_open(repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root);
void repro_bc_close(repro_bc_t *b);
/* The rounds of M packets, each down x of the trees (x = 1: split over them). */
tc_err_t repro_bc_rounds(repro_bc_t *b, tc_collective_t what, int64_t M, int x, int64_t *rounds);

/* printf into a new string (abort-free: NULL on failure, and the writer reports it). */
char *repro_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the papers ------------------------------------------------------------------------- */

/* Each fills a page; 0, or an exit status after printing one line. */
typedef int (*repro_producer_t)(repro_page_t *page, const repro_opts_t *opts);
int repro_000(repro_page_t *page, const repro_opts_t *opts);
int repro_001(repro_page_t *page, const repro_opts_t *opts);
int repro_002(repro_page_t *page, const repro_opts_t *opts);
int repro_003(repro_page_t *page, const repro_opts_t *opts);
int repro_004(repro_page_t *page, const repro_opts_t *opts);

/* ---- writing ------------------------------------------------------------------------------ */

const char *repro_verdict_name(repro_verdict_t v); /* "matches", ..., "not printed" */
/* "corrected — corrections 000.6" / "matches" ...: the verdict as a page shows it. */
void repro_verdict_text(const repro_cell_t *c, char *buf, size_t size);
/* The cell's id in the verdict list: PAPER/TABLE/key=value,.../QUANTITY. */
char *repro_cell_id(const repro_page_t *p, const repro_table_t *t, const repro_cell_t *c);

/* Write the pages' Markdown, data, figures (running gnuplot and dot), verdict list and JSON
 * index into dir (which exists and is empty). 0 or an exit status after one line. */
int repro_write(const char *dir, repro_page_t **pages, int npages, const repro_opts_t *opts);
/* The web report: index.html and PAPER.html, figures inline (after repro_write). */
int repro_write_html(const char *dir, repro_page_t **pages, int npages, const repro_opts_t *opts);

/* Compare the verdict list of dir against an expectation file (the same format) for the papers
 * run: prints every cell whose verdict or value changed, appeared or vanished; returns the
 * number of such cells, or -1 after printing why the files cannot be read. */
/* 0 when expected is a verdict list (verdicts.tsv's format, at least one line), else 3 after one
 * line on stderr naming the file and what is wrong. */
int repro_expect_check(const char *expected);
/* A file the reproduction wrote, whole and NUL-terminated (*len bytes; the caller frees), or NULL
 * with errno set. Only for treecast's own output: it is not bounded like the user's files. */
char *repro_read_all(const char *path, size_t *len);
int64_t repro_expect(const char *verdicts, const char *expected, repro_page_t **pages, int npages);

#endif
