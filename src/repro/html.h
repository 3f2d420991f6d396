/* The web report's text (html_text.c), for the page writers (html.c): escaping, the producers'
 * notation as <sub>/<sup>, the links to the corrections page, light Markdown and inline SVG.
 * What depends on the page being written is in a tc__html_t that the writer passes along (no
 * global state: any number of pages may be written at once). Not installed. */
#ifndef TREECAST_REPRO_HTML_H
#define TREECAST_REPRO_HTML_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *fp;
    /* Where a reference to corrections links to: "corrections.html", or "" on that page itself
     * (its references are fragments). */
    const char *corr_page;
    /* Whether a relative link of light Markdown is kept (false on the corrections page, whose
     * relative links lead to the repository's docs, which the report does not carry). */
    bool relative_links;
    /* More than 0 inside a link's text, where tc__html_text makes no links (no <a> in an <a>). */
    int in_link;
    tc_err_t err; /* the first failure (TC_ENOMEM), sticky */
} tc__html_t;

/* A writer of an ordinary page (not the corrections page) on fp. */
tc__html_t tc__html_on(FILE *fp);

/* n bytes (or a string) escaped for a text node or a quoted attribute. */
void tc__html_esc_n(FILE *fp, const char *s, size_t n);
void tc__html_esc(FILE *fp, const char *s);
/* Escaped text with the notation rendered and "corrections NNN.K" linked. */
void tc__html_text(tc__html_t *h, const char *s);
/* A path component of a relative link, percent-encoded (then safe in an attribute). */
void tc__html_url_part(FILE *fp, const char *s);
/* s as (part of) an element id: letters, digits, '-', '_' and '.', anything else as '_'. */
void tc__html_id_part(FILE *fp, const char *s);
/* The href of PAPER/NAME.EXT. */
void tc__html_file_href(FILE *fp, const char *paper, const char *name, const char *ext);
/* Whether a cell's text is a number (a decimal with an optional exponent, or inf), to align it
 * right; the script's sort reads numbers the same way. */
bool tc__html_is_number(const char *s);
/* Light Markdown: inline (`code`, **bold**, *emphasis*, [text](url) in n bytes; lo: where the
 * string starts, as the notation looks one byte back), blocks (paragraphs separated by blank
 * lines, each <p> of class cls when not NULL), and a whole text. */
void tc__html_md_inline(tc__html_t *h, const char *s, size_t n, const char *lo);
void tc__html_md_blocks(tc__html_t *h, const char *s, const char *cls);
void tc__html_md_text(tc__html_t *h, const char *s);
/* The n bytes of an SVG document inlined, every id prefixed with pre; false when it holds no
 * <svg> element. */
bool tc__html_svg_inline(FILE *fp, const char *text, size_t n, const char *pre);

#endif
