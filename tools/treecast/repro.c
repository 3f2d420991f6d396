/* treecast reproduce — building the pages: tables of cells with verdicts, and figures. */
#define _GNU_SOURCE /* vasprintf */
#include "repro.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Allocation failures end the tool (a page is a few megabytes at most): one line, status 4. */
static void *need(void *p)
{
    if (p == NULL) {
        fputs("treecast reproduce: out of memory\n", stderr);
        exit(4);
    }
    return p;
}

static char *dup_or_null(const char *s)
{
    return s == NULL ? NULL : need(strdup(s));
}

static char *vfmt(const char *fmt, va_list ap)
{
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) {
        s = NULL;
    }
    return need(s);
}

char *repro_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    return s;
}

#define GROW(arr, n, cap)                                                                          \
    do {                                                                                           \
        if ((n) == (cap)) {                                                                        \
            (cap) = (cap) ? 2 * (cap) : 16;                                                        \
            (arr) = need(realloc((arr), (size_t)(cap) * sizeof *(arr)));                           \
        }                                                                                          \
    } while (0)

repro_page_t *repro_page_new(const char *paper, const char *title)
{
    repro_page_t *p = need(calloc(1, sizeof *p));
    p->paper = need(strdup(paper));
    p->title = need(strdup(title));
    return p;
}

static void table_free(repro_table_t *t)
{
    for (int64_t i = 0; i < t->ncells; i++) {
        repro_cell_t *c = &t->cells[i];
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

static void figure_free(repro_figure_t *f)
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

void repro_page_free(repro_page_t *p)
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

void repro_summary(repro_page_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(p->summary);
    p->summary = vfmt(fmt, ap);
    va_end(ap);
}

void repro_missing(repro_page_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    p->missing = need(realloc(p->missing, (size_t)(p->nmissing + 1) * sizeof *p->missing));
    p->missing[p->nmissing++] = vfmt(fmt, ap);
    va_end(ap);
}

repro_table_t *repro_table(repro_page_t *p, const char *id, const char *title, const char *keys,
                           const char *intro_fmt, ...)
{
    repro_table_t *t = need(calloc(1, sizeof *t));
    t->id = need(strdup(id));
    t->title = need(strdup(title));
    va_list ap;
    va_start(ap, intro_fmt);
    t->intro = vfmt(intro_fmt, ap);
    va_end(ap);
    for (const char *k = keys; *k != '\0';) {
        size_t len = strcspn(k, ",");
        t->keynames = need(realloc(t->keynames, (size_t)(t->nkeys + 1) * sizeof *t->keynames));
        t->keynames[t->nkeys++] = need(strndup(k, len));
        k += len + (k[len] == ',');
    }
    t->cur_keys = need(strdup(""));
    t->cur_command = need(strdup(""));
    p->tables = need(realloc(p->tables, (size_t)(p->ntables + 1) * sizeof *p->tables));
    p->tables[p->ntables++] = t;
    if (p->on_item != NULL) {
        p->on_item();
    }
    return t;
}

void repro_row(repro_table_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(t->cur_keys);
    t->cur_keys = vfmt(fmt, ap);
    va_end(ap);
}

void repro_command(repro_table_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *cmd = vfmt(fmt, ap);
    va_end(ap);
    free(t->cur_command);
    t->cur_command = repro_fmt("treecast %s", cmd);
    free(cmd);
}

void repro_cell(repro_table_t *t, const char *quantity, const char *paper, const char *value,
                repro_verdict_t verdict, const char *correction)
{
    GROW(t->cells, t->ncells, t->cap);
    repro_cell_t *c = &t->cells[t->ncells++];
    memset(c, 0, sizeof *c);
    c->keys = need(strdup(t->cur_keys));
    c->quantity = need(strdup(quantity));
    c->paper = dup_or_null(paper);
    c->value = need(strdup(value != NULL ? value : "-"));
    c->verdict = paper == NULL && verdict != REPRO_DIFFERS ? REPRO_NOT_PRINTED : verdict;
    c->correction = dup_or_null(correction);
    c->command = need(strdup(t->cur_command));
}

void repro_qualify(repro_table_t *t, const char *why)
{
    if (t->ncells == 0) {
        return;
    }
    repro_cell_t *c = &t->cells[t->ncells - 1];
    c->verdict = REPRO_MATCHES;
    free(c->correction);
    c->correction = NULL;
    free(c->qualifier);
    c->qualifier = need(strdup(why));
}

void repro_note(repro_table_t *t, const char *fmt, ...)
{
    if (t->ncells == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    repro_cell_t *c = &t->cells[t->ncells - 1];
    free(c->note);
    c->note = vfmt(fmt, ap);
    va_end(ap);
}

/* v rounded to `decimals` decimals, as printed: compare what a reader compares. */
static double at(double v, int decimals)
{
    double scale = pow(10.0, decimals);
    return round(v * scale) / scale;
}

bool repro_holds(double p, double v, int decimals, repro_rel_t rel)
{
    double a = at(p, decimals), b = at(v, decimals);
    double eps = 1e-9 * fmax(1.0, fabs(a));
    switch (rel) {
    case REPRO_EQ:
        return fabs(a - b) <= eps;
    case REPRO_GE:
        return b >= a - eps;
    case REPRO_LE:
        return b <= a + eps;
    }
    return false;
}

static char *number(double v, int decimals)
{
    if (isnan(v)) {
        return NULL;
    }
    if (isinf(v)) {
        return need(strdup(v > 0 ? "inf" : "-inf"));
    }
    if (decimals == 0 && fabs(v) > 9007199254740992.0) {
        return repro_fmt("%.6g", v);
    }
    return repro_fmt("%.*f", decimals, v);
}

void repro_num_text(repro_table_t *t, const char *quantity, const char *paper_text, double paper,
                    double value, int decimals, repro_rel_t rel, const char *correction,
                    double corrected)
{
    char *vt = number(value, decimals);
    repro_verdict_t verdict = REPRO_NOT_PRINTED;
    const char *used = NULL;
    if (paper_text != NULL && !isnan(paper)) {
        if (repro_holds(paper, value, decimals, rel)) {
            verdict = REPRO_MATCHES;
        } else if (correction != NULL && !isnan(corrected) &&
                   repro_holds(corrected, value, decimals, rel)) {
            verdict = REPRO_CORRECTED;
            used = correction;
        } else {
            verdict = REPRO_DIFFERS;
        }
    }
    repro_cell(t, quantity, paper_text, vt, verdict, used);
    free(vt);
}

void repro_num(repro_table_t *t, const char *quantity, double paper, double value, int decimals,
               repro_rel_t rel, const char *correction, double corrected)
{
    char *pt = number(paper, decimals);
    repro_num_text(t, quantity, pt, paper, value, decimals, rel, correction, corrected);
    free(pt);
}

repro_figure_t *repro_figure(repro_page_t *p, const char *id, const char *title, int series,
                             const char *caption_fmt, ...)
{
    repro_figure_t *f = need(calloc(1, sizeof *f));
    f->id = need(strdup(id));
    f->title = need(strdup(title));
    f->kind = REPRO_FIG_GNUPLOT;
    f->series = series;
    va_list ap;
    va_start(ap, caption_fmt);
    f->caption = vfmt(caption_fmt, ap);
    va_end(ap);
    p->figures = need(realloc(p->figures, (size_t)(p->nfigures + 1) * sizeof *p->figures));
    p->figures[p->nfigures++] = f;
    if (p->on_item != NULL) {
        p->on_item();
    }
    return f;
}

FILE *repro_figure_data(repro_figure_t *f)
{
    if (f->data_fp == NULL) {
        f->data_fp = need(open_memstream(&f->data, &f->data_len));
    }
    return f->data_fp;
}

void repro_figure_script(repro_figure_t *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    if (f->script == NULL) {
        f->script = s;
        return;
    }
    char *both = repro_fmt("%s%s", f->script, s);
    free(f->script);
    free(s);
    f->script = both;
}

repro_figure_t *repro_picture(repro_page_t *p, const char *id, const char *title, int series,
                              const char *layout, const char *dot, const char *caption_fmt, ...)
{
    repro_figure_t *f = need(calloc(1, sizeof *f));
    f->id = need(strdup(id));
    f->title = need(strdup(title));
    f->kind = REPRO_FIG_DOT;
    f->series = series;
    f->layout = need(strdup(layout));
    f->dot = need(strdup(dot));
    va_list ap;
    va_start(ap, caption_fmt);
    f->caption = vfmt(caption_fmt, ap);
    va_end(ap);
    p->figures = need(realloc(p->figures, (size_t)(p->nfigures + 1) * sizeof *p->figures));
    p->figures[p->nfigures++] = f;
    if (p->on_item != NULL) {
        p->on_item();
    }
    return f;
}

const char *repro_verdict_name(repro_verdict_t v)
{
    static const char *const names[] = {"matches", "corrected", "differs", "not printed"};
    return v >= 0 && v < REPRO_VERDICTS_ ? names[v] : "?";
}

void repro_verdict_text(const repro_cell_t *c, char *buf, size_t size)
{
    if (c->verdict == REPRO_CORRECTED && c->correction != NULL) {
        snprintf(buf, size, "corrected — corrections %s", c->correction);
    } else if (c->verdict == REPRO_MATCHES && c->qualifier != NULL) {
        snprintf(buf, size, "matches — %s", c->qualifier);
    } else {
        snprintf(buf, size, "%s", repro_verdict_name(c->verdict));
    }
}

char *repro_cell_id(const repro_page_t *p, const repro_table_t *t, const repro_cell_t *c)
{
    char *keys = need(strdup(""));
    const char *v = c->keys;
    for (int k = 0; k < t->nkeys; k++) {
        size_t len = strcspn(v, "\t");
        char *next = repro_fmt("%s%s%s=%.*s", keys, k ? "," : "", t->keynames[k], (int)len, v);
        free(keys);
        keys = next;
        v += len + (v[len] == '\t');
    }
    char *id = repro_fmt("%s/%s/%s/%s", p->paper, t->id, keys, c->quantity);
    free(keys);
    return id;
}

int64_t repro_count(const repro_page_t *p, repro_verdict_t v)
{
    int64_t n = 0;
    for (int i = 0; i < p->ntables; i++) {
        for (int64_t c = 0; c < p->tables[i]->ncells; c++) {
            n += v == REPRO_VERDICTS_ || p->tables[i]->cells[c].verdict == v;
        }
    }
    return n;
}

tc_err_t repro_bc_open(repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    memset(b, 0, sizeof *b);
    tc_err_t err = tc_topo_init(&b->topo, net);
    err = err == TC_OK ? tc_trees_build(net, kind, root, 1, &b->forest) : err;
    return err == TC_OK ? tc_plan_trees_init(&b->trees, b->forest, &b->topo, TC_ORDER_PAPER) : err;
}

void repro_bc_close(repro_bc_t *b)
{
    tc_plan_trees_destroy(&b->trees);
    tc_forest_free(b->forest);
    tc_topo_destroy(&b->topo);
    memset(b, 0, sizeof *b);
}

tc_err_t repro_bc_rounds(repro_bc_t *b, tc_collective_t what, int64_t M, int x, int64_t *rounds)
{
    tc_coll_opts_t co = {.what = what, .M = M, .x = x};
    tc_coll_t *coll = NULL;
    tc_sim_result_t res;
    tc_err_t err = tc_coll_new(&b->trees, &b->topo, &co, &coll);
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(&b->topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    }
    tc_coll_free(coll);
    *rounds = err == TC_OK ? res.rounds : -1;
    return err;
}
