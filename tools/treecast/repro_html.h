/* The web report's text (repro_html_text.c), for the page writer (repro_html.c): escaping, the
 * producers' notation as <sub>/<sup>, the links to the corrections page, light Markdown and
 * inline SVG. The writer is single-threaded: the link state below is the page being written. */
#ifndef TREECAST_TOOL_REPRO_HTML_H
#define TREECAST_TOOL_REPRO_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Around the text of a link, where html_text makes no links of its own (no <a> in an <a>). */
void html_link_enter(void);
void html_link_leave(void);
/* While the corrections page itself is written: its references are fragments, and relative
 * links of its Markdown (to the repository's docs, which the report lacks) stay text. */
void html_corrections_page(bool on);

/* n bytes (or a string) escaped for a text node or a quoted attribute. */
void html_esc_n(FILE *fp, const char *s, size_t n);
void html_esc(FILE *fp, const char *s);
/* Escaped text with the notation rendered and "corrections NNN.K" linked. */
void html_text(FILE *fp, const char *s);
/* A path component of a relative link, percent-encoded (then safe in an attribute). */
void html_url_part(FILE *fp, const char *s);
/* s as (part of) an element id: letters, digits, '-', '_' and '.', anything else as '_' (a new
 * string the caller frees, or written). */
char *html_id_of(const char *s);
void html_id_part(FILE *fp, const char *s);
/* The href of PAPER/NAME.EXT. */
void html_file_href(FILE *fp, const char *paper, const char *name, const char *ext);
/* Whether a cell's text is a number (a decimal with an optional exponent, or inf), to align it
 * right; the script's sort reads numbers the same way. */
bool html_is_number(const char *s);
/* Light Markdown: inline (`code`, **bold**, *emphasis*, [text](url) in n bytes; lo: where the
 * string starts, as the notation looks one byte back), blocks (paragraphs separated by blank
 * lines, each <p> of class cls when not NULL), and a whole text. */
void html_md_inline(FILE *fp, const char *s, size_t n, const char *lo);
void html_md_blocks(FILE *fp, const char *s, const char *cls);
void html_md_text(FILE *fp, const char *s);
/* The n bytes of an SVG document inlined, every id prefixed with pre; false when it holds no
 * <svg> element. */
bool html_svg_inline(FILE *fp, const char *text, size_t n, const char *pre);

#endif
