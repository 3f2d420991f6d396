/* The reproduction's page model: pages of tables of cells with verdicts, and figures. Every
 * builder records its first allocation failure in the page (sticky) and does nothing after it. */
#define _GNU_SOURCE /* vasprintf, open_memstream */
#include "treecast/repro.h"

#include "core/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool failed(const tc_repro_page_t *p)
{
    return p == NULL || p->error != TC_OK;
}

void tc_repro_page_fail(tc_repro_page_t *p, tc_err_t err)
{
    if (p != NULL && p->error == TC_OK && err != TC_OK) {
        p->error = err;
    }
}

tc_err_t tc_repro_page_error(const tc_repro_page_t *p)
{
    return p == NULL ? TC_ENOMEM : p->error;
}

/* x, or a failure of p when x is NULL (an allocation failed): a NULL x marks the page. */
static void *need(tc_repro_page_t *p, void *x)
{
    if (x == NULL && p != NULL && p->error == TC_OK) {
        p->error = tc__fail(TC_ENOMEM, "out of memory while building the page of paper %s",
                            p->paper != NULL ? p->paper : "?");
    }
    return x;
}

static char *dup_or_null(tc_repro_page_t *p, const char *s)
{
    return s == NULL ? NULL : need(p, strdup(s));
}

static char *vfmt(tc_repro_page_t *p, const char *f, va_list ap)
{
    char *s = NULL;
    if (vasprintf(&s, f, ap) < 0) {
        s = NULL;
    }
    return need(p, s);
}

static char *fmt(tc_repro_page_t *p, const char *f, ...) __attribute__((format(printf, 2, 3)));
static char *fmt(tc_repro_page_t *p, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    char *s = vfmt(p, f, ap);
    va_end(ap);
    return s;
}

/* Room for one more element in *arr (of n, capacity *cap): false after marking p. */
static bool grow(tc_repro_page_t *p, void **arr, int64_t n, int64_t *cap, size_t size)
{
    if (n < *cap) {
        return true;
    }
    int64_t ncap = *cap ? 2 * *cap : 16;
    void *na = need(p, realloc(*arr, (size_t)ncap * size));
    if (na == NULL) {
        return false;
    }
    *arr = na;
    *cap = ncap;
    return true;
}

/* Append x to the array *arr of *n pointers (grown by one). */
static bool push(tc_repro_page_t *p, void ***arr, int *n, void *x)
{
    void **na = need(p, realloc(*arr, (size_t)(*n + 1) * sizeof **arr));
    if (na == NULL) {
        return false;
    }
    na[(*n)++] = x;
    *arr = na;
    return true;
}

tc_repro_page_t *tc_repro_page_new(const char *paper, const char *title)
{
    tc_repro_page_t *p = calloc(1, sizeof *p);
    if (p == NULL) {
        tc__fail(TC_ENOMEM, "out of memory for the page of paper %s", paper);
        return NULL;
    }
    p->paper = strdup(paper);
    p->title = strdup(title);
    if (p->paper == NULL || p->title == NULL) {
        tc__fail(TC_ENOMEM, "out of memory for the page of paper %s", paper);
        tc_repro_page_free(p);
        return NULL;
    }
    return p;
}

static void table_free(tc_repro_table_t *t)
{
    for (int64_t i = 0; i < t->ncells; i++) {
        tc_repro_cell_t *c = &t->cells[i];
        free(c->keys);
        free(c->quantity);
        free(c->paper);
        free(c->value);
        free(c->correction);
        free(c->qualifier);
        free(c->command);
        free(c->note);
    }
    for (int k = 0; k < t->nkeys; k++) {
        free(t->keynames[k]);
    }
    free(t->keynames);
    free(t->cells);
    free(t->cur_keys);
    free(t->cur_command);
    free(t->id);
    free(t->title);
    free(t->intro);
    free(t);
}

static void figure_free(tc_repro_figure_t *f)
{
    if (f->data_fp != NULL) {
        fclose(f->data_fp);
    }
    free(f->data);
    free(f->id);
    free(f->title);
    free(f->caption);
    free(f->script);
    free(f->dot);
    free(f->layout);
    free(f->render_error);
    free(f);
}

void tc_repro_page_free(tc_repro_page_t *p)
{
    if (p == NULL) {
        return;
    }
    for (int i = 0; i < p->ntables; i++) {
        table_free(p->tables[i]);
    }
    for (int i = 0; i < p->nfigures; i++) {
        figure_free(p->figures[i]);
    }
    for (int i = 0; i < p->nmissing; i++) {
        free(p->missing[i]);
    }
    free(p->missing);
    free(p->tables);
    free(p->figures);
    free(p->summary);
    free(p->paper);
    free(p->title);
    free(p);
}

void tc_repro_summary(tc_repro_page_t *p, const char *f, ...)
{
    if (failed(p)) {
        return;
    }
    va_list ap;
    va_start(ap, f);
    char *s = vfmt(p, f, ap);
    va_end(ap);
    if (s != NULL) {
        free(p->summary);
        p->summary = s;
    }
}

void tc_repro_missing(tc_repro_page_t *p, const char *f, ...)
{
    if (failed(p)) {
        return;
    }
    va_list ap;
    va_start(ap, f);
    char *s = vfmt(p, f, ap);
    va_end(ap);
    if (s != NULL && !push(p, (void ***)&p->missing, &p->nmissing, s)) {
        free(s);
    }
}

tc_repro_table_t *tc_repro_table(tc_repro_page_t *p, const char *id, const char *title,
                                 const char *keys, const char *intro_fmt, ...)
{
    if (failed(p)) {
        return NULL;
    }
    tc_repro_table_t *t = need(p, calloc(1, sizeof *t));
    if (t == NULL) {
        return NULL;
    }
    t->page = p;
    t->id = need(p, strdup(id));
    t->title = need(p, strdup(title));
    va_list ap;
    va_start(ap, intro_fmt);
    t->intro = vfmt(p, intro_fmt, ap);
    va_end(ap);
    for (const char *k = keys; *k != '\0' && !failed(p);) {
        size_t len = strcspn(k, ",");
        char *name = need(p, strndup(k, len));
        if (name != NULL && !push(p, (void ***)&t->keynames, &t->nkeys, name)) {
            free(name);
        }
        k += len + (k[len] == ',');
    }
    t->cur_keys = need(p, strdup(""));
    t->cur_command = need(p, strdup(""));
    if (failed(p) || !push(p, (void ***)&p->tables, &p->ntables, t)) {
        table_free(t);
        return NULL;
    }
    if (p->on_item != NULL) {
        p->on_item();
    }
    return t;
}

void tc_repro_row(tc_repro_table_t *t, const char *f, ...)
{
    if (t == NULL || failed(t->page)) {
        return;
    }
    va_list ap;
    va_start(ap, f);
    char *s = vfmt(t->page, f, ap);
    va_end(ap);
    if (s != NULL) {
        free(t->cur_keys);
        t->cur_keys = s;
    }
}

void tc_repro_command(tc_repro_table_t *t, const char *f, ...)
{
    if (t == NULL || failed(t->page)) {
        return;
    }
    va_list ap;
    va_start(ap, f);
    char *cmd = vfmt(t->page, f, ap);
    va_end(ap);
    char *s = cmd != NULL ? fmt(t->page, "treecast %s", cmd) : NULL;
    free(cmd);
    if (s != NULL) {
        free(t->cur_command);
        t->cur_command = s;
    }
}

void tc_repro_cell(tc_repro_table_t *t, const char *quantity, const char *paper, const char *value,
                   tc_repro_verdict_t verdict, const char *correction)
{
    if (t == NULL || failed(t->page)) {
        return;
    }
    tc_repro_page_t *p = t->page;
    if (!grow(p, (void **)&t->cells, t->ncells, &t->cap, sizeof *t->cells)) {
        return;
    }
    if (verdict == TC_REPRO_CORRECTED && correction == NULL) {
        verdict = TC_REPRO_DIFFERS; /* a correction names its entry, or it explains nothing */
    }
    tc_repro_cell_t c = {
        .keys = need(p, strdup(t->cur_keys)),
        .quantity = need(p, strdup(quantity)),
        .paper = dup_or_null(p, paper),
        .value = need(p, strdup(value != NULL ? value : "-")),
        .verdict = paper == NULL && verdict != TC_REPRO_DIFFERS ? TC_REPRO_NOT_PRINTED : verdict,
        .correction = dup_or_null(p, correction),
        .command = need(p, strdup(t->cur_command)),
    };
    if (failed(p)) {
        free(c.keys);
        free(c.quantity);
        free(c.paper);
        free(c.value);
        free(c.correction);
        free(c.command);
        return;
    }
    t->cells[t->ncells++] = c;
}

void tc_repro_qualify(tc_repro_table_t *t, const char *why)
{
    if (t == NULL || failed(t->page) || t->ncells == 0) {
        return;
    }
    tc_repro_cell_t *c = &t->cells[t->ncells - 1];
    char *q = need(t->page, strdup(why));
    if (q == NULL) {
        return;
    }
    c->verdict = TC_REPRO_MATCHES;
    free(c->correction);
    c->correction = NULL;
    free(c->qualifier);
    c->qualifier = q;
}

void tc_repro_note(tc_repro_table_t *t, const char *f, ...)
{
    if (t == NULL || failed(t->page) || t->ncells == 0) {
        return;
    }
    va_list ap;
    va_start(ap, f);
    char *s = vfmt(t->page, f, ap);
    va_end(ap);
    if (s != NULL) {
        tc_repro_cell_t *c = &t->cells[t->ncells - 1];
        free(c->note);
        c->note = s;
    }
}

/* v rounded to `decimals` decimals exactly as printf prints it (the cell shows that text), so
 * the verdict compares what a reader compares: 2.005 is the double 2.00499999..., printed 2.00,
 * not 2.01 as round(v * 100) / 100 would make it. */
static double at(double v, int decimals)
{
    if (decimals < 0 || decimals > 17 || !(fabs(v) <= 9007199254740992.0)) {
        return v; /* beyond 2^53 a double has no decimals left to round */
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return strtod(buf, NULL);
}

bool tc_repro_holds(double p, double v, int decimals, tc_repro_rel_t rel)
{
    if (isinf(p) || isinf(v)) { /* infinities compare as they are (no tolerance to add) */
        return rel == TC_REPRO_EQ ? p == v : rel == TC_REPRO_GE ? v >= p : v <= p;
    }
    double a = at(p, decimals), b = at(v, decimals);
    double eps = 1e-9 * fmax(1.0, fabs(a));
    switch (rel) {
    case TC_REPRO_EQ:
        return fabs(a - b) <= eps;
    case TC_REPRO_GE:
        return b >= a - eps;
    case TC_REPRO_LE:
        return b <= a + eps;
    }
    return false;
}

/* v as printed with `decimals` decimals; NULL for NAN (not printed) or when out of memory. */
static char *number(tc_repro_page_t *p, double v, int decimals)
{
    if (isnan(v)) {
        return NULL;
    }
    if (isinf(v)) {
        return need(p, strdup(v > 0 ? "inf" : "-inf"));
    }
    if (decimals == 0 && fabs(v) > 9007199254740992.0) {
        return fmt(p, "%.6g", v);
    }
    return fmt(p, "%.*f", decimals, v);
}

void tc_repro_num_text(tc_repro_table_t *t, const char *quantity, const char *paper_text,
                       double paper, double value, int decimals, tc_repro_rel_t rel,
                       const char *correction, double corrected)
{
    if (t == NULL || failed(t->page)) {
        return;
    }
    char *vt = number(t->page, value, decimals);
    tc_repro_verdict_t verdict = TC_REPRO_NOT_PRINTED;
    const char *used = NULL;
    if (paper_text != NULL && !isnan(paper)) {
        if (tc_repro_holds(paper, value, decimals, rel)) {
            verdict = TC_REPRO_MATCHES;
        } else if (correction != NULL && !isnan(corrected) &&
                   tc_repro_holds(corrected, value, decimals, rel)) {
            verdict = TC_REPRO_CORRECTED;
            used = correction;
        } else {
            verdict = TC_REPRO_DIFFERS;
        }
    }
    tc_repro_cell(t, quantity, paper_text, vt, verdict, used);
    free(vt);
}

void tc_repro_num(tc_repro_table_t *t, const char *quantity, double paper, double value,
                  int decimals, tc_repro_rel_t rel, const char *correction, double corrected)
{
    if (t == NULL || failed(t->page)) {
        return;
    }
    char *pt = number(t->page, paper, decimals);
    tc_repro_num_text(t, quantity, pt, paper, value, decimals, rel, correction, corrected);
    free(pt);
}

/* A new figure of p (kind, id, title, series, the caption formatted), or NULL. */
static tc_repro_figure_t *figure_new(tc_repro_page_t *p, tc_repro_fig_kind_t kind, const char *id,
                                     const char *title, int series, const char *caption_fmt,
                                     va_list ap)
{
    tc_repro_figure_t *f = need(p, calloc(1, sizeof *f));
    if (f == NULL) {
        return NULL;
    }
    f->page = p;
    f->id = need(p, strdup(id));
    f->title = need(p, strdup(title));
    f->kind = kind;
    f->series = series;
    f->caption = vfmt(p, caption_fmt, ap);
    return f;
}

/* Add f to p (freeing it when p has failed): f, or NULL. */
static tc_repro_figure_t *figure_add(tc_repro_page_t *p, tc_repro_figure_t *f)
{
    if (f == NULL) {
        return NULL;
    }
    if (failed(p) || !push(p, (void ***)&p->figures, &p->nfigures, f)) {
        figure_free(f);
        return NULL;
    }
    if (p->on_item != NULL) {
        p->on_item();
    }
    return f;
}

tc_repro_figure_t *tc_repro_figure(tc_repro_page_t *p, const char *id, const char *title,
                                   int series, const char *caption_fmt, ...)
{
    if (failed(p)) {
        return NULL;
    }
    va_list ap;
    va_start(ap, caption_fmt);
    tc_repro_figure_t *f = figure_new(p, TC_REPRO_FIG_GNUPLOT, id, title, series, caption_fmt, ap);
    va_end(ap);
    return figure_add(p, f);
}

FILE *tc_repro_figure_data(tc_repro_figure_t *f)
{
    if (f == NULL || failed(f->page)) {
        return NULL;
    }
    if (f->data_fp == NULL) {
        f->data_fp = need(f->page, open_memstream(&f->data, &f->data_len));
    }
    return f->data_fp;
}

tc_err_t tc_repro_figure_close_data(tc_repro_figure_t *f)
{
    if (f == NULL || f->data_fp == NULL) {
        return TC_OK;
    }
    bool bad = ferror(f->data_fp) != 0;
    bad |= fclose(f->data_fp) != 0;
    f->data_fp = NULL;
    return bad ? tc__fail(TC_ENOMEM, "the data of figure %s could not be kept", f->id) : TC_OK;
}

void tc_repro_figure_script(tc_repro_figure_t *f, const char *fm, ...)
{
    if (f == NULL || failed(f->page)) {
        return;
    }
    va_list ap;
    va_start(ap, fm);
    char *s = vfmt(f->page, fm, ap);
    va_end(ap);
    if (s == NULL || f->script == NULL) {
        f->script = s != NULL ? s : f->script;
        return;
    }
    char *both = fmt(f->page, "%s%s", f->script, s);
    free(s);
    if (both != NULL) {
        free(f->script);
        f->script = both;
    }
}

tc_repro_figure_t *tc_repro_picture(tc_repro_page_t *p, const char *id, const char *title,
                                    int series, const char *layout, const char *dot,
                                    const char *caption_fmt, ...)
{
    if (failed(p)) {
        return NULL;
    }
    va_list ap;
    va_start(ap, caption_fmt);
    tc_repro_figure_t *f = figure_new(p, TC_REPRO_FIG_DOT, id, title, series, caption_fmt, ap);
    va_end(ap);
    if (f != NULL) {
        f->layout = need(p, strdup(layout));
        f->dot = need(p, strdup(dot));
    }
    return figure_add(p, f);
}

const char *tc_repro_verdict_name(tc_repro_verdict_t v)
{
    static const char *const names[] = {"matches", "corrected", "differs", "not printed"};
    return v >= 0 && v < TC_REPRO_VERDICTS_ ? names[v] : "?";
}

void tc_repro_verdict_text(const tc_repro_cell_t *c, char *buf, size_t size)
{
    if (c->verdict == TC_REPRO_CORRECTED && c->correction != NULL) {
        snprintf(buf, size, "corrected — corrections %s", c->correction);
    } else if (c->verdict == TC_REPRO_MATCHES && c->qualifier != NULL) {
        snprintf(buf, size, "matches — %s", c->qualifier);
    } else {
        snprintf(buf, size, "%s", tc_repro_verdict_name(c->verdict));
    }
}

char *tc_repro_cell_id(const tc_repro_page_t *p, const tc_repro_table_t *t,
                       const tc_repro_cell_t *c)
{
    size_t size = strlen(p->paper) + strlen(t->id) + strlen(c->quantity) + 4;
    const char *v = c->keys;
    for (int k = 0; k < t->nkeys; k++) {
        size_t len = strcspn(v, "\t");
        size += strlen(t->keynames[k]) + len + 2;
        v += len + (v[len] == '\t');
    }
    char *id = malloc(size);
    if (id == NULL) {
        tc__fail(TC_ENOMEM, "out of memory for a cell id of paper %s", p->paper);
        return NULL;
    }
    size_t n = (size_t)snprintf(id, size, "%s/%s/", p->paper, t->id);
    v = c->keys;
    for (int k = 0; k < t->nkeys; k++) {
        size_t len = strcspn(v, "\t");
        n += (size_t)snprintf(id + n, size - n, "%s%s=%.*s", k ? "," : "", t->keynames[k], (int)len,
                              v);
        v += len + (v[len] == '\t');
    }
    snprintf(id + n, size - n, "/%s", c->quantity);
    return id;
}

int64_t tc_repro_count(const tc_repro_page_t *p, tc_repro_verdict_t v)
{
    int64_t n = 0;
    for (int i = 0; i < p->ntables; i++) {
        for (int64_t c = 0; c < p->tables[i]->ncells; c++) {
            n += v == TC_REPRO_VERDICTS_ || p->tables[i]->cells[c].verdict == v;
        }
    }
    return n;
}
