/* treecast — the reproduction's report layer: the papers' citations, the corrections document
 * and the links to its entries, and the web report (index.html, PAPER.html, corrections.html).
 *
 * docs/corrections.md and docs/references.md are embedded in the library at build time, so a
 * report needs no file of the source tree. Every "corrections NNN.K" of a page (and the numbers
 * listed after it: "corrections 000.6, 000.8 or 000.10", "corrections 001.1-001.6") is a link
 * to that entry of the corrections document: `corrections.md#c000.6` in Markdown,
 * `corrections.html#c000.6` in HTML. Each paper's page cites its paper as docs/references.md's
 * table does.
 *
 * The writers put one file's content on a caller's stream (which they neither open nor close)
 * and return TC_OK, TC_EIO when the stream failed (ferror) or a figure's SVG cannot be read, or
 * TC_ENOMEM; the detail (tc_err_detail) names what failed. They keep no state between calls
 * (any number may run at once on different streams). The library never prints, spawns or exits.
 */
#ifndef TREECAST_REPRO_REPORT_H
#define TREECAST_REPRO_REPORT_H

#include "treecast/error.h"
#include "treecast/repro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(default)

/* ---- citations and corrections ----------------------------------------------------------- */

/* The full citation of paper ("001") in Markdown, as docs/references.md's table of the papers
 * gives it: a pointer into the embedded document, *len bytes (not NUL-terminated there), or
 * NULL when the table has no such paper. O(size of the document). */
const char *tc_repro_citation(const char *paper, size_t *len);

/* docs/corrections.md, whole: *len bytes, then a NUL. */
const char *tc_repro_corrections_doc(size_t *len);

/* The length of a correction id at s (n bytes): three digits, '.', digits ("000.6", "003.11"),
 * not followed by a letter or digit; 0 when s does not start with one. */
size_t tc_repro_corr_id(const char *s, size_t n);

/* The entry of the corrections document that a line (n bytes) begins, if any: a heading
 * "### 000.6 ...", a list item "- **003.1** ..." or a paragraph "**002.8 ...". Returns the
 * length of its id (0: none); *at is where the id starts in the line. */
size_t tc_repro_corr_entry(const char *line, size_t n, size_t *at);

/* A reference in text: the bytes [at, at + len) of the text are its link text, [id, id + idlen)
 * the id it links to. */
typedef struct {
    size_t at, len, id, idlen;
} tc_repro_corr_ref_t;

/* At s (n bytes): "corrections 000.6" and the ids listed after it (separated by ", ", " or ",
 * " and ", ", and ", ", or ", "-", an en dash or " to "), at most max of them. Returns how many
 * (0: s does not start a reference) and sets *used to the bytes they span. */
int tc_repro_corr_refs(const char *s, size_t n, tc_repro_corr_ref_t *refs, int max, size_t *used);

/* ---- the Markdown report ------------------------------------------------------------------ */

/* corrections.md: the corrections document with an anchor <a id="c000.6"></a> at each entry,
 * its own references linked to them, and a line under its title saying whose copy it is. */
tc_err_t tc_repro_write_corrections_md(FILE *fp);

/* The Markdown text md (len bytes; a page that tc_repro_write_md wrote) with every
 * "corrections NNN.K" outside code spans a link to corrections.md#cNNN.K, "docs/corrections.md"
 * a link to corrections.md, and, when paper is not NULL and the text starts with a "# " title,
 * the paper's citation under that title. */
tc_err_t tc_repro_write_md_linked(FILE *fp, const char *md, size_t len, const char *paper);

/* ---- the web report ------------------------------------------------------------------------ */

/* How the report was made, as its pages say it. */
typedef struct {
    const char *me;  /* the program as commands are printed ("treecast"; NULL: "treecast") */
    bool quick;      /* the quick run (the small cases) */
    int threads;     /* the threads asked for (0: every core) */
    uint64_t seed;   /* the seed of every random choice */
    const char *dir; /* the report's directory: a drawn figure's SVG is read from
                      * DIR/PAPER/ID.svg and inlined (NULL: the current directory) */
} tc_repro_html_opts_t;

/* PAPER.html: one page standing alone (inline style and script, a Content-Security-Policy that
 * forbids every fetch): title, citation, verdict counts, every table's cells (escaped, the
 * notation X_k, X^{..} as <sub>/<sup>, references to corrections linked) and every figure (its
 * SVG inline with its ids prefixed by "figure-ID--", or why it was not drawn), links to the
 * data files under PAPER/. TC_EIO also when a drawn figure's SVG cannot be read. */
tc_err_t tc_repro_write_html_page(FILE *fp, const tc_repro_page_t *p,
                                  const tc_repro_html_opts_t *o);

/* index.html: the papers, their verdict counts, what each page found, how the report was made
 * (npages == 1: a run of one paper). */
tc_err_t tc_repro_write_html_index(FILE *fp, tc_repro_page_t *const *pages, int npages,
                                   const tc_repro_html_opts_t *o);

/* corrections.html: the corrections document as a page of the report, an anchor per entry. */
tc_err_t tc_repro_write_html_corrections(FILE *fp, const tc_repro_html_opts_t *o);

#pragma GCC visibility pop

#endif
