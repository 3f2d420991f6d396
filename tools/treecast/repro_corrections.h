/* treecast reproduce: the corrections document and the papers' citations in the report.
 *
 * docs/corrections.md and docs/references.md are embedded in the tool at build time
 * (embed.cmake). The report's output carries corrections.md (the document, with an anchor
 * `c000.6` before every entry) and corrections.html (repro_html.c), and every "corrections
 * NNN.K" of its pages is a link to that anchor; each paper's page cites the paper as
 * docs/references.md's table does. repro_write_html (repro_html.c) calls what is here after
 * repro_write has written the Markdown pages. */
#ifndef TREECAST_TOOL_REPRO_CORRECTIONS_H
#define TREECAST_TOOL_REPRO_CORRECTIONS_H

#include "repro.h"

#include <stddef.h>

/* docs/corrections.md as bytes (len of them, then a NUL). */
const char *repro_corrections_doc(size_t *len);

/* The length of an entry's number at s (n bytes): three digits, '.', digits ("000.6",
 * "003.11"), not followed by a letter or digit; 0 when s does not start with one. */
size_t repro_corr_id(const char *s, size_t n);

/* The entry a line of the document begins, if any: a heading "### 000.6 ...", a list item
 * "- **003.1** ..." or a paragraph "**002.8 ...". Returns the length of its number (0: none);
 * *at is where the number starts in the line. */
size_t repro_corr_entry(const char *line, size_t n, size_t *at);

/* A reference in text: the bytes [at, at + len) of s are its link text, [id, id + idlen) the
 * number it links to. */
typedef struct {
    size_t at, len, id, idlen;
} repro_corr_ref_t;

/* At s (n bytes): "corrections 000.6" and the numbers listed after it ("corrections 000.6,
 * 000.8 or 000.10", "corrections 001.1-001.6"), at most max of them. Returns how many (0: s does
 * not start a reference) and sets *used to the bytes they span. */
int repro_corr_refs(const char *s, size_t n, repro_corr_ref_t *refs, int max, size_t *used);

/* The citation of paper ("000") in Markdown, as docs/references.md's table of the papers gives
 * it (a pointer into the embedded document, *len bytes), or NULL. */
const char *repro_citation(const char *paper, size_t *len);

/* DIR/corrections.md: the document with an anchor <a id="c000.6"></a> at each entry, its own
 * references linked to them. 0, or 4 after one line on stderr. */
int repro_write_corrections_md(const char *dir);

/* The Markdown pages repro_write has written (DIR/PAPER.md, DIR/index.md), rewritten: every
 * "corrections NNN.K" outside code spans a link to corrections.md#cNNN.K, "docs/corrections.md"
 * a link to corrections.md, and under each paper page's title the paper's citation. 0, or 4. */
int repro_link_md_pages(const char *dir, tc_repro_page_t **pages, int npages);

#endif
