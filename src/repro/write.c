/* The reproduction's writers: a table's CSV and JSON, the verdict list's lines and a page's
 * Markdown, each on a caller's stream. Nothing here opens a file or runs a program. */
#include "treecast/json.h"
#include "treecast/repro.h"

#include "core/internal.h"

#include <stdlib.h>
#include <string.h>

/* TC_OK, or TC_EIO when fp has failed (what was written is incomplete). */
static tc_err_t stream_status(FILE *fp, const char *what)
{
    return ferror(fp) ? tc__fail(TC_EIO, "the %s could not be written", what) : TC_OK;
}

static tc_err_t no_memory(const tc_repro_page_t *p)
{
    return tc__fail(TC_ENOMEM, "out of memory while writing the page of paper %s", p->paper);
}

/* ---- CSV and JSON of a table ----------------------------------------------------------- */

static void csv_field(FILE *fp, const char *s)
{
    if (s == NULL) {
        return;
    }
    if (strpbrk(s, ",\"\n") == NULL) {
        fputs(s, fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++) {
        if (*s == '"') {
            fputc('"', fp);
        }
        fputc(*s, fp);
    }
    fputc('"', fp);
}

/* The i-th key value of a cell (into buf). */
static const char *key_at(const tc_repro_cell_t *c, int i, char *buf, size_t size)
{
    const char *v = c->keys;
    for (int k = 0; k < i && *v; k++) {
        v += strcspn(v, "\t");
        v += *v == '\t';
    }
    snprintf(buf, size, "%.*s", (int)strcspn(v, "\t"), v);
    return buf;
}

static void table_csv(FILE *fp, const tc_repro_table_t *t)
{
    for (int k = 0; k < t->nkeys; k++) {
        csv_field(fp, t->keynames[k]);
        fputc(',', fp);
    }
    fputs("quantity,paper,treecast,verdict,correction,qualifier,command,note\n", fp);
    for (int64_t i = 0; i < t->ncells; i++) {
        const tc_repro_cell_t *c = &t->cells[i];
        char buf[256];
        for (int k = 0; k < t->nkeys; k++) {
            csv_field(fp, key_at(c, k, buf, sizeof buf));
            fputc(',', fp);
        }
        const char *f[] = {
            c->quantity,   c->paper,     c->value,   tc_repro_verdict_name(c->verdict),
            c->correction, c->qualifier, c->command, c->note};
        for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
            csv_field(fp, f[k]);
            fputc(k + 1 < sizeof f / sizeof f[0] ? ',' : '\n', fp);
        }
    }
}

tc_err_t tc_repro_write_csv(FILE *fp, const tc_repro_table_t *t)
{
    table_csv(fp, t);
    return stream_status(fp, "CSV of a table");
}

/* The table's members in the open object of j; false when a cell id could not be allocated. */
static bool table_json(tc_json_t *j, const tc_repro_page_t *p, const tc_repro_table_t *t)
{
    tc_json_kstr(j, "id", t->id);
    tc_json_kstr(j, "title", t->title);
    tc_json_kstr(j, "intro", t->intro);
    tc_json_key(j, "keys");
    tc_json_array(j);
    for (int k = 0; k < t->nkeys; k++) {
        tc_json_str(j, t->keynames[k]);
    }
    tc_json_end_array(j);
    tc_json_key(j, "cells");
    tc_json_array(j);
    for (int64_t i = 0; i < t->ncells; i++) {
        const tc_repro_cell_t *c = &t->cells[i];
        char buf[256];
        tc_json_newline(j);
        tc_json_object(j);
        char *id = tc_repro_cell_id(p, t, c);
        if (id == NULL) {
            return false;
        }
        tc_json_kstr(j, "id", id);
        free(id);
        tc_json_key(j, "keys");
        tc_json_object(j);
        for (int k = 0; k < t->nkeys; k++) {
            tc_json_kstr(j, t->keynames[k], key_at(c, k, buf, sizeof buf));
        }
        tc_json_end_object(j);
        tc_json_kstr(j, "quantity", c->quantity);
        tc_json_kstr_or_null(j, "paper", c->paper);
        tc_json_kstr(j, "treecast", c->value);
        tc_json_kstr(j, "verdict", tc_repro_verdict_name(c->verdict));
        tc_json_kstr_or_null(j, "correction", c->correction);
        tc_json_kstr_or_null(j, "qualifier", c->qualifier);
        tc_json_kstr(j, "command", c->command);
        tc_json_kstr_or_null(j, "note", c->note);
        tc_json_end_object(j);
    }
    tc_json_end_array(j);
    return true;
}

tc_err_t tc_repro_write_json(FILE *fp, const tc_repro_page_t *p, const tc_repro_table_t *t)
{
    tc_json_t j;
    tc_json_document(&j, fp, "reproduce");
    tc_json_kstr(&j, "paper", p->paper);
    bool ok = table_json(&j, p, t);
    if (ok) {
        tc_json_end_object(&j);
    }
    tc_err_t err = tc_json_finish(&j);
    if (!ok) {
        return no_memory(p);
    }
    return err != TC_OK ? err : stream_status(fp, "JSON of a table");
}

/* ---- the verdict list ---------------------------------------------------------------------- */

/* One line per cell: id, verdict (with its correction), treecast's value. */
static bool verdict_line(FILE *fp, const tc_repro_page_t *p, const tc_repro_table_t *t,
                         const tc_repro_cell_t *c)
{
    char *id = tc_repro_cell_id(p, t, c);
    if (id == NULL) {
        return false;
    }
    for (char *s = id; *s; s++) {
        if (*s == '\t' || *s == '\n') {
            *s = ' ';
        }
    }
    bool corrected = c->verdict == TC_REPRO_CORRECTED && c->correction != NULL;
    bool qualified = c->verdict == TC_REPRO_MATCHES && c->qualifier != NULL;
    fprintf(fp, "%s\t%s%s%s%s\t", id, tc_repro_verdict_name(c->verdict),
            corrected   ? " "
            : qualified ? " ("
                        : "",
            corrected   ? c->correction
            : qualified ? c->qualifier
                        : "",
            qualified ? ")" : "");
    for (const char *s = c->value; *s; s++) {
        fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
    }
    fputc('\n', fp);
    free(id);
    return true;
}

tc_err_t tc_repro_write_verdicts(FILE *fp, const tc_repro_page_t *p)
{
    for (int k = 0; k < p->ntables; k++) {
        const tc_repro_table_t *t = p->tables[k];
        for (int64_t c = 0; c < t->ncells; c++) {
            if (!verdict_line(fp, p, t, &t->cells[c])) {
                return no_memory(p);
            }
        }
    }
    return stream_status(fp, "verdict list");
}

/* ---- Markdown ------------------------------------------------------------------------------ */

/* A table cell's text: '|' escaped, newlines as spaces; outside code spans, the characters
 * that Markdown would read as emphasis, links or HTML too ("**12" is a substar, not bold). */
static void md_text(FILE *fp, const char *s, bool code)
{
    for (; s != NULL && *s; s++) {
        if (*s == '|' || (!code && strchr("\\`*_[]<>#", *s) != NULL)) {
            fputc('\\', fp);
            fputc(*s, fp);
        } else if (*s == '\n') {
            fputc(' ', fp);
        } else {
            fputc(*s, fp);
        }
    }
}

static void md_counts(FILE *fp, const tc_repro_page_t *p)
{
    fprintf(fp, "| verdict | cells |\n|---|---:|\n");
    for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
        fprintf(fp, "| %s | %lld |\n", tc_repro_verdict_name((tc_repro_verdict_t)v),
                (long long)tc_repro_count(p, (tc_repro_verdict_t)v));
    }
    fputc('\n', fp);
}

static void md_table(FILE *fp, const tc_repro_page_t *p, const tc_repro_table_t *t)
{
    fprintf(fp, "## %s\n\n%s\n\n", t->title, t->intro);
    fprintf(fp, "Data: [%s.csv](%s/%s.csv), [%s.json](%s/%s.json).\n\n", t->id, p->paper, t->id,
            t->id, p->paper, t->id);
    bool notes = false;
    for (int64_t i = 0; i < t->ncells; i++) {
        notes |= t->cells[i].note != NULL;
    }
    fputc('|', fp);
    for (int k = 0; k < t->nkeys; k++) {
        fprintf(fp, " %s |", t->keynames[k]);
    }
    fprintf(fp, " quantity | paper | treecast | verdict |%s command |\n|", notes ? " note |" : "");
    for (int k = 0; k < t->nkeys + 5 + notes; k++) {
        fputs("---|", fp);
    }
    fputc('\n', fp);
    for (int64_t i = 0; i < t->ncells; i++) {
        const tc_repro_cell_t *c = &t->cells[i];
        char buf[256];
        fputc('|', fp);
        for (int k = 0; k < t->nkeys; k++) {
            fputc(' ', fp);
            md_text(fp, key_at(c, k, buf, sizeof buf), false);
            fputs(" |", fp);
        }
        tc_repro_verdict_text(c, buf, sizeof buf);
        const char *f[] = {c->quantity, c->paper != NULL ? c->paper : "—", c->value, buf};
        for (size_t k = 0; k < 4; k++) {
            fputc(' ', fp);
            md_text(fp, f[k], false);
            fputs(" |", fp);
        }
        if (notes) {
            fputc(' ', fp);
            md_text(fp, c->note, true); /* light Markdown, as the intros */
            fputs(" |", fp);
        }
        fputs(" `", fp);
        md_text(fp, c->command, true);
        fputs("` |\n", fp);
    }
    fputc('\n', fp);
}

static void md_figure(FILE *fp, const tc_repro_page_t *p, const tc_repro_figure_t *f)
{
    fprintf(fp, "### %s\n\n", f->title);
    if (f->rendered) {
        fprintf(fp, "![%s](%s/%s.svg)\n\n", f->title, p->paper, f->id);
    } else {
        fprintf(fp, "*Not drawn: %s.*\n\n", f->render_error != NULL ? f->render_error : "?");
    }
    fprintf(fp, "%s\n\n", f->caption);
    if (f->kind == TC_REPRO_FIG_GNUPLOT) {
        fprintf(fp, "Data [%s.csv](%s/%s.csv), gnuplot script [%s.gp](%s/%s.gp)", f->id, p->paper,
                f->id, f->id, p->paper, f->id);
    } else {
        fprintf(fp, "Graphviz source [%s.dot](%s/%s.dot) (`%s -Tsvg`)", f->id, p->paper, f->id,
                f->layout);
    }
    if (f->png) {
        fprintf(fp, ", PNG [%s.png](%s/%s.png)", f->id, p->paper, f->id);
    }
    fputs(".\n\n", fp);
}

tc_err_t tc_repro_write_md(FILE *fp, const tc_repro_page_t *p, const char *command)
{
    fprintf(fp, "# %s\n\n", p->title);
    if (p->summary != NULL) {
        fprintf(fp, "%s\n\n", p->summary);
    }
    md_counts(fp, p);
    fprintf(fp,
            "Every cell: the paper's value as printed, treecast's, the verdict (docs/reproduce.md "
            "in the repository says how each is decided) and the command that recomputes it. "
            "Regenerate this page with `%s`. [All papers](index.md).\n\n",
            command);
    if (p->nmissing > 0) {
        fputs("## Not reproduced\n\n", fp);
        for (int i = 0; i < p->nmissing; i++) {
            fprintf(fp, "- %s\n", p->missing[i]);
        }
        fputc('\n', fp);
    }
    for (int i = 0; i < p->ntables; i++) {
        md_table(fp, p, p->tables[i]);
    }
    if (p->nfigures > 0) {
        fputs("## Figures\n\n", fp);
        for (int i = 0; i < p->nfigures; i++) {
            md_figure(fp, p, p->figures[i]);
        }
    }
    return stream_status(fp, "Markdown page");
}
