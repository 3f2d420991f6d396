/* treecast — the papers' reproduction: pages of tables (cells with the paper's value, treecast's,
 * a verdict) and figures, and their writers.
 *
 * A page holds one paper's tables and figures. A table is in long form: one row per cell, the
 * cell's keys (n, M, x, ...), the quantity, the paper's value as printed, treecast's value, a
 * verdict and the treecast command that recomputes it. Producers fill pages with the builders
 * below; the writers put a table's CSV and JSON, the verdict list and the Markdown body of a page
 * on a caller's stream. Verdicts:
 *   matches      the paper's value and treecast's agree (at the printed precision, or in the
 *                stated relation: a lower bound at or below the measured value, a claim "at
 *                most" at or above it)
 *   corrected    they disagree, and the paper's value as corrected in docs/corrections.md
 *                (entry `correction`) agrees
 *   differs      they disagree and no correction explains it
 *   not printed  the paper has no value for this cell (treecast's extension of the table)
 *
 * Allocation failures are sticky: the first one is recorded in the page (tc_repro_page_error
 * returns TC_ENOMEM from then on), and every later builder call on that page, or on a NULL
 * table or figure, does nothing. The library never prints, spawns or exits here.
 */
#ifndef TREECAST_REPRO_H
#define TREECAST_REPRO_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(default)

#if defined(__GNUC__)
#define TC_REPRO_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TC_REPRO_PRINTF(a, b)
#endif

typedef enum {
    TC_REPRO_MATCHES,
    TC_REPRO_CORRECTED,
    TC_REPRO_DIFFERS,
    TC_REPRO_NOT_PRINTED,
    TC_REPRO_VERDICTS_
} tc_repro_verdict_t;

/* How treecast's value v is judged against the paper's p. */
typedef enum {
    TC_REPRO_EQ, /* v == p at the printed precision */
    TC_REPRO_GE, /* v >= p: p is a lower bound (or a claimed least value) */
    TC_REPRO_LE, /* v <= p: p is an upper bound ("at most") */
} tc_repro_rel_t;

typedef struct {
    char *keys; /* the key values, '\t'-separated, one per key column of the table */
    char *quantity;
    char *paper; /* as printed; NULL: not printed */
    char *value;
    tc_repro_verdict_t verdict;
    char *correction; /* "000.6" when corrected (may also annotate other verdicts) */
    char *qualifier;  /* matches with a reason the values differ although the paper is right:
                       * "within the paper's O-term", "better than the printed bound" */
    char *command;    /* the treecast command that recomputes the value */
    char *note;       /* NULL or a short remark */
} tc_repro_cell_t;

struct tc_repro_page;

typedef struct {
    char *id;    /* "table1": file names and cell ids */
    char *title; /* "Table 1: lower bounds on the star network" */
    char *intro; /* a paragraph: what is compared and how (Markdown) */
    int nkeys;
    char **keynames;
    tc_repro_cell_t *cells;
    int64_t ncells, cap;
    /* the row under construction */
    char *cur_keys, *cur_command;
    struct tc_repro_page *page; /* the page it belongs to (its sticky error) */
} tc_repro_table_t;

typedef enum {
    TC_REPRO_FIG_GNUPLOT, /* data CSV + a gnuplot script */
    TC_REPRO_FIG_DOT,     /* a Graphviz document */
} tc_repro_fig_kind_t;

typedef struct {
    char *id; /* "fig-eti-100": file names */
    char *title;
    char *caption; /* Markdown: what is drawn, and the paper's reading beside it */
    tc_repro_fig_kind_t kind;
    int series; /* plotted series (gnuplot) or trees (dot): what the SVG must show */
    char *data; /* CSV text (gnuplot) */
    size_t data_len;
    char *script; /* the gnuplot commands (using the variables data, the CSV file name) */
    char *dot;    /* the DOT text (dot) */
    char *layout; /* the Graphviz layout program: "dot", "neato", "circo" */
    FILE *data_fp;
    bool rendered; /* the SVG was written (set by whoever renders it) */
    bool png;      /* the PNG was written too */
    char *render_error;
    struct tc_repro_page *page;
} tc_repro_figure_t;

typedef struct tc_repro_page {
    char *paper; /* "000" */
    char *title; /* "Fragopoulou & Akl, Edge-disjoint spanning trees on the star network" */
    char *summary;
    char **missing; /* what the page cannot reproduce yet, one sentence each */
    int nmissing;
    tc_repro_table_t **tables;
    int ntables;
    tc_repro_figure_t **figures;
    int nfigures;
    double seconds;        /* the time its producer took (set by the caller) */
    void (*on_item)(void); /* called as each table or figure is begun (progress), or NULL */
    tc_err_t error;        /* TC_OK, or the first failure (TC_ENOMEM): see tc_repro_page_error */
} tc_repro_page_t;

/* ---- building pages (producers) ---------------------------------------------------------- */

/* A new empty page for paper ("000") with its title; NULL when out of memory. Free it with
 * tc_repro_page_free (which accepts NULL). */
tc_repro_page_t *tc_repro_page_new(const char *paper, const char *title);
void tc_repro_page_free(tc_repro_page_t *p);
/* TC_OK, or TC_ENOMEM once a builder call on the page failed to allocate (sticky). */
tc_err_t tc_repro_page_error(const tc_repro_page_t *p);
/* Record err as the page's failure, if it has none yet (for tests and callers that fail). */
void tc_repro_page_fail(tc_repro_page_t *p, tc_err_t err);

/* The sentence saying what treecast confirmed and what it corrected (printf-like). */
void tc_repro_summary(tc_repro_page_t *p, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);
void tc_repro_missing(tc_repro_page_t *p, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);

/* A table; keys: the key columns' names, comma-separated ("n,M,x"), "" for none. NULL when the
 * page has failed (or fails now). */
tc_repro_table_t *tc_repro_table(tc_repro_page_t *p, const char *id, const char *title,
                                 const char *keys, const char *intro_fmt, ...)
    TC_REPRO_PRINTF(5, 6);
/* The key values of the cells that follow, '\t'-separated (printf-like). */
void tc_repro_row(tc_repro_table_t *t, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);
/* The command of the cells that follow (printf-like; "treecast " is prepended). */
void tc_repro_command(tc_repro_table_t *t, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);

/* A cell with texts and a verdict decided by the caller (correction: NULL or "000.6"); paper
 * NULL makes it "not printed" unless the verdict is "differs"; "corrected" without a correction
 * is "differs" (nothing explains it); value NULL reads "-". */
void tc_repro_cell(tc_repro_table_t *t, const char *quantity, const char *paper, const char *value,
                   tc_repro_verdict_t verdict, const char *correction);
/* A numeric cell: paper NAN when not printed; both shown with `decimals` decimals; judged by
 * rel (TC_REPRO_EQ: equal once rounded to `decimals`). When the relation fails and correction is
 * given, the corrected paper value is judged the same way: "corrected" when it holds. */
void tc_repro_num(tc_repro_table_t *t, const char *quantity, double paper, double value,
                  int decimals, tc_repro_rel_t rel, const char *correction, double corrected);
/* The same, with the paper's value as printed text (e.g. "5.3e-04", "0.61") and its number. */
void tc_repro_num_text(tc_repro_table_t *t, const char *quantity, const char *paper_text,
                       double paper, double value, int decimals, tc_repro_rel_t rel,
                       const char *correction, double corrected);
/* The last cell matches, for a reason its values alone do not show (the paper's value is an
 * asymptotic bound, a continuous optimum, a bound the measured value beats): the verdict reads
 * "matches — why", and no correction is named, since the paper is not wrong. */
void tc_repro_qualify(tc_repro_table_t *t, const char *why);
/* A note on the last cell added (printf-like). */
void tc_repro_note(tc_repro_table_t *t, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);

/* The verdict rule: whether v stands in relation rel to p once both are rounded to `decimals`
 * decimals (as printed), within 1e-9 relative. O(1). */
bool tc_repro_holds(double p, double v, int decimals, tc_repro_rel_t rel);

/* A figure drawn by gnuplot from CSV data: write the CSV (a header line first) to the stream
 * returned by tc_repro_figure_data, then give the plot commands; the writer puts
 * `data = 'ID.csv'` and the terminal and output lines around them, so the script reads
 * `plot data using 1:2 ...`. series: the number of plotted series the SVG must show. NULL when
 * the page has failed (or fails now). */
tc_repro_figure_t *tc_repro_figure(tc_repro_page_t *p, const char *id, const char *title,
                                   int series, const char *caption_fmt, ...) TC_REPRO_PRINTF(5, 6);
/* The stream of a figure's CSV data (owned by the figure; the text is in f->data once
 * tc_repro_figure_close_data closed it); NULL when out of memory (the page has failed). */
FILE *tc_repro_figure_data(tc_repro_figure_t *f);
/* Close the data stream, if open: f->data and f->data_len hold the CSV. TC_ENOMEM or TC_EIO. */
tc_err_t tc_repro_figure_close_data(tc_repro_figure_t *f);
void tc_repro_figure_script(tc_repro_figure_t *f, const char *fmt, ...) TC_REPRO_PRINTF(2, 3);
/* A picture drawn by Graphviz (layout "dot", "neato", ...) from DOT text; series: its trees. */
tc_repro_figure_t *tc_repro_picture(tc_repro_page_t *p, const char *id, const char *title,
                                    int series, const char *layout, const char *dot,
                                    const char *caption_fmt, ...) TC_REPRO_PRINTF(7, 8);

/* ---- the papers ---------------------------------------------------------------------------- */

/* What a reproduction computes. */
typedef struct {
    bool quick;    /* the small cases only (the regression guard's) */
    int threads;   /* 0: every core */
    uint64_t seed; /* every random choice */
} tc_repro_opts_t;

/* A table of a paper that `treecast table` prints row by row (its value beside treecast's, as
 * the paper lays it out), with the options it takes; tables.h computes its rows. */
typedef struct {
    const char *name;    /* "001:2" */
    const char *alias;   /* another name for it, or NULL ("003:I" for "003:II") */
    const char *options; /* the options it reads besides --output: "from to format" */
    const char *formats; /* the formats it writes: "text json csv" */
    int from, to;        /* the rows (dimension n) by default */
    int max;             /* the largest n it runs, or 0: no limit */
} tc_repro_rows_t;

/* A paper of the registry: its page is filled by its producer (src/repro/NNN/); its full
 * citation is tc_repro_citation(id) (repro_report.h, from docs/references.md). */
typedef struct {
    const char *id;    /* "000": the directory of its files, its entries in docs/corrections.md */
    const char *title; /* "Fragopoulou & Akl — edge-disjoint spanning trees ... (paper 000)" */
    int items[2]; /* the tables and figures its page holds (quick, full): a progress estimate */
    tc_err_t (*produce)(tc_repro_page_t *page, const tc_repro_opts_t *opts);
    const tc_repro_rows_t *rows; /* its tables of `treecast table`, ending with name NULL */
} tc_repro_paper_t;

/* The papers, in order: *n of them (five). */
const tc_repro_paper_t *tc_repro_papers(int *n);
/* The paper with this id ("001"), or NULL. */
const tc_repro_paper_t *tc_repro_paper(const char *id);
/* The table of `treecast table` with this name or alias ("001:2", "003:I"), or NULL. */
const tc_repro_rows_t *tc_repro_rows(const char *name);

/* Reproduce a paper: a new page (free it with tc_repro_page_free) holding its tables, figures,
 * summary and what it cannot reproduce, with p->seconds the time it took. on_item (or NULL) is
 * called as each table or figure is begun. On failure *page is NULL and the detail sentence
 * (tc_err_detail) names the table or run that failed. Cost: the paper's runs (about 2 s for
 * the five with quick, minutes without). */
tc_err_t tc_repro_run(const tc_repro_paper_t *paper, const tc_repro_opts_t *opts,
                      void (*on_item)(void), tc_repro_page_t **page);

/* Whether every cell of the pages has its own id (tc_repro_cell_id): TC_OK, or TC_EINVAL naming
 * the first id two cells share (a producer's bug: the verdict list would be ambiguous), or
 * TC_ENOMEM. O(cells log cells). */
tc_err_t tc_repro_check_ids(tc_repro_page_t *const *pages, int npages);

/* ---- reading pages ------------------------------------------------------------------------ */

/* The cells of a page with verdict v (TC_REPRO_VERDICTS_: every cell). O(cells). */
int64_t tc_repro_count(const tc_repro_page_t *p, tc_repro_verdict_t v);
const char *tc_repro_verdict_name(tc_repro_verdict_t v); /* "matches", ..., "not printed" */
/* "corrected — corrections 000.6" / "matches — why" / "differs": the verdict as a page shows
 * it, into buf (truncated to size). */
void tc_repro_verdict_text(const tc_repro_cell_t *c, char *buf, size_t size);
/* The cell's id in the verdict list, PAPER/TABLE/key=value,.../QUANTITY: a new string (the
 * caller frees it), NULL when out of memory. */
char *tc_repro_cell_id(const tc_repro_page_t *p, const tc_repro_table_t *t,
                       const tc_repro_cell_t *c);

/* ---- writing pages ------------------------------------------------------------------------ */

/* Each writes to the caller's stream fp (which it neither opens nor closes) and returns TC_OK,
 * TC_EIO when the stream failed (ferror: the output is incomplete) or TC_ENOMEM. O(cells). */

/* A table as CSV: the key columns, then quantity, paper, treecast, verdict, correction,
 * qualifier, command and note; one line per cell, fields quoted when they hold , " or newline. */
tc_err_t tc_repro_write_csv(FILE *fp, const tc_repro_table_t *t);
/* A table as a JSON document (command "reproduce"): paper, id, title, intro, keys and cells
 * (id, keys, quantity, paper, treecast, verdict, correction, qualifier, command, note). */
tc_err_t tc_repro_write_json(FILE *fp, const tc_repro_page_t *p, const tc_repro_table_t *t);
/* The verdict list's lines of a page (verdicts.tsv without its header): per cell, its id, its
 * verdict ("corrected 000.6", "matches (why)") and treecast's value, tab-separated. */
tc_err_t tc_repro_write_verdicts(FILE *fp, const tc_repro_page_t *p);
/* A page in Markdown: title, summary, the count of each verdict, what is not reproduced, each
 * table (links to its ID.csv and ID.json under the paper's directory) and each figure (its SVG
 * when f->rendered, else why not; its sources). command: the command that regenerates the page,
 * quoted in its text. */
tc_err_t tc_repro_write_md(FILE *fp, const tc_repro_page_t *p, const char *command);

/* The run's index in Markdown (index.md): who wrote it (`ME reproduce --quick --seed S`), the
 * verdicts of each page counted, each page's summary. */
tc_err_t tc_repro_write_index_md(FILE *fp, tc_repro_page_t *const *pages, int npages,
                                 const char *me, const tc_repro_opts_t *opts);
/* The verdict list (verdicts.tsv): a '#' header line, then every page's cells
 * (tc_repro_write_verdicts). */
tc_err_t tc_repro_write_verdict_list(FILE *fp, tc_repro_page_t *const *pages, int npages,
                                     const tc_repro_opts_t *opts);
/* The run's index as a JSON document (reproduce.json, command "reproduce"): the version, quick,
 * seed, and per page its counts, what it misses, its tables and its figures' files. */
tc_err_t tc_repro_write_index_json(FILE *fp, tc_repro_page_t *const *pages, int npages,
                                   const tc_repro_opts_t *opts);

/* ---- the regression guard: verdict lists compared ----------------------------------------- */

typedef struct tc_repro_verdicts tc_repro_verdicts_t;

/* A verdict list read from fp (as tc_repro_write_verdict_list writes it: ID TAB VERDICT TAB
 * VALUE per line, '#' and blank lines aside), keeping the cells of the papers listed (papers
 * NULL: every cell). TC_EPARSE when a line has another shape or an unknown verdict, holds a NUL
 * byte, is longer than 64 KiB, the list passes 256 MiB (so /dev/zero stops at once) or holds no
 * cell at all: the detail says "line N holds ..." or "it holds ...". TC_EIO on a read error,
 * TC_ENOMEM. O(bytes + cells log cells). */
tc_err_t tc_repro_verdicts_read(FILE *fp, const char *const *papers, int npapers,
                                tc_repro_verdicts_t **out);
void tc_repro_verdicts_free(tc_repro_verdicts_t *l);
/* The cells kept. */
int64_t tc_repro_verdicts_cells(const tc_repro_verdicts_t *l);

/* A changed cell: expected NULL when it is new, now NULL when it is no longer produced, else
 * both (VERDICT TAB VALUE) and different. */
typedef void (*tc_repro_change_fn)(void *ctx, const char *id, const char *expected,
                                   const char *now);
/* Compare two verdict lists: change is called for each cell that appeared, vanished or changed,
 * in the order of the ids; returns their number. O(cells). */
int64_t tc_repro_verdicts_diff(const tc_repro_verdicts_t *now, const tc_repro_verdicts_t *expected,
                               tc_repro_change_fn change, void *ctx);

#pragma GCC visibility pop

#endif
