/* treecast reproduce — writing the pages: Markdown, CSV and JSON per table, figures drawn by
 * gnuplot and Graphviz from files kept beside them, the verdict list and the JSON index; and
 * comparing the verdict list against an expectation file. */
#define _GNU_SOURCE /* vasprintf */
#include "repro.h"
#include "treecast/json.h"
#include "treecast/treecast.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

char *repro_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) { /* a path or a line: the tool ends, one line, status 4 */
        fputs("treecast reproduce: out of memory\n", stderr);
        exit(4);
    }
    va_end(ap);
    return s;
}

static int write_fail(const char *path)
{
    fprintf(stderr, "treecast reproduce: cannot write %s: %s\n", path, strerror(errno));
    return 4;
}

/* Open dir/name for writing; NULL after one line (the caller returns status 4). */
static FILE *open_in(const char *dir, const char *name, char **path)
{
    *path = repro_fmt("%s/%s", dir, name);
    FILE *fp = fopen(*path, "w");
    if (fp == NULL) {
        write_fail(*path);
        free(*path);
        *path = NULL;
    }
    return fp;
}

/* Close fp and report a failed write of path (status 4), or 0. */
static int close_checked(FILE *fp, char *path)
{
    bool bad = ferror(fp) != 0;
    bad |= fclose(fp) != 0;
    int status = bad ? write_fail(path) : 0;
    free(path);
    return status;
}

/* Close fp after a library writer's err: out of memory, a failed write of path, or 0. */
static int written(tc_err_t err, FILE *fp, char *path)
{
    if (err == TC_ENOMEM) {
        fclose(fp);
        free(path);
        fputs("treecast reproduce: out of memory\n", stderr);
        return 4;
    }
    return close_checked(fp, path);
}

/* ---- CSV and JSON of a table ----------------------------------------------------------- */

static int write_table_files(const char *pdir, const tc_repro_page_t *p, const tc_repro_table_t *t)
{
    char *path;
    char *name = repro_fmt("%s.csv", t->id);
    FILE *fp = open_in(pdir, name, &path);
    free(name);
    if (fp == NULL) {
        return 4;
    }
    int status = written(tc_repro_write_csv(fp, t), fp, path);
    if (status != 0) {
        return status;
    }
    name = repro_fmt("%s.json", t->id);
    fp = open_in(pdir, name, &path);
    free(name);
    if (fp == NULL) {
        return 4;
    }
    return written(tc_repro_write_json(fp, p, t), fp, path);
}

/* ---- figures ---------------------------------------------------------------------------- */

/* Run argv in directory dir with stdout to /dev/null and stderr to errfile; true when it exits
 * 0. */
static bool run_in(const char *dir, char *const argv[], const char *errfile)
{
    pid_t pid = fork();
    if (pid < 0) {
        return false;
    }
    if (pid == 0) {
        int out = open("/dev/null", O_WRONLY);
        int err = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || chdir(dir) != 0) {
            _exit(127);
        }
        dup2(out, 1);
        dup2(err, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR) {
            return false;
        }
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* The last non-empty line of a program's error output (gnuplot ends with the file, line and
 * error after echoing the offending command), or why it could not run. */
static char *last_line(const char *errfile, const char *program)
{
    FILE *fp = fopen(errfile, "r");
    char line[300], last[300] = "";
    if (fp != NULL) {
        while (fgets(line, sizeof line, fp) != NULL) {
            line[strcspn(line, "\n")] = '\0';
            if (line[strspn(line, " \t")] != '\0') {
                snprintf(last, sizeof last, "%s", line);
            }
        }
        fclose(fp);
    }
    if (last[0] == '\0') {
        return repro_fmt("%s failed or is not installed", program);
    }
    return repro_fmt("%s: %s", program, last);
}

static bool on_path(const char *program)
{
    const char *path = getenv("PATH");
    if (path == NULL) {
        return false;
    }
    for (const char *d = path; *d;) {
        size_t len = strcspn(d, ":");
        char *cand = repro_fmt("%.*s/%s", (int)len, d, program);
        bool ok = access(cand, X_OK) == 0;
        free(cand);
        if (ok) {
            return true;
        }
        d += len + (d[len] == ':');
    }
    return false;
}

static int write_text_file(const char *dir, const char *name, const char *text, size_t len)
{
    char *path;
    FILE *fp = open_in(dir, name, &path);
    if (fp == NULL) {
        return 4;
    }
    fwrite(text, 1, len, fp);
    return close_checked(fp, path);
}

static void drop_drawings(const char *pdir, const char *id)
{
    static const char *const ext[] = {"svg", "png"};
    for (int i = 0; i < 2; i++) {
        char *path = repro_fmt("%s/%s.%s", pdir, id, ext[i]);
        unlink(path);
        free(path);
    }
}

static int gnuplot_files(const char *pdir, const tc_repro_page_t *p, tc_repro_figure_t *f, bool png)
{
    if (f->data_fp != NULL) {
        fclose(f->data_fp);
        f->data_fp = NULL;
    }
    char *name = repro_fmt("%s.csv", f->id);
    int status = write_text_file(pdir, name, f->data != NULL ? f->data : "", f->data_len);
    free(name);
    if (status != 0) {
        return status;
    }
    /* The SVG is the drawing that is kept (gnuplot's SVG places text by its own estimates, so it
     * is the same on every machine with Debian 12's gnuplot); the PNG, whose pixels depend on the
     * fonts and cairo of the machine, only when asked (`gnuplot -e png=1`, reproduce --png). */
    char *script = repro_fmt(
        "# %s (paper %s): %s\n"
        "# Written by `treecast reproduce`: restyle it freely, then run `gnuplot %s.gp` in this\n"
        "# directory to draw %s.svg again from %s.csv (`gnuplot -e png=1 %s.gp`: %s.png too).\n"
        "data = '%s.csv'\n"
        "set datafile separator ','\n"
        "set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background "
        "rgb 'white'\n"
        "set output '%s.svg'\n"
        "set grid lc rgb '#dddddd'\n"
        "set border 3\n"
        "set tics nomirror\n"
        "%s\n"
        "if (exists('png')) {\n"
        "    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb "
        "'white'\n"
        "    set output '%s.png'\n"
        "    replot\n"
        "}\n"
        "unset output\n",
        f->id, p->paper, f->title, f->id, f->id, f->id, f->id, f->id, f->id, f->id,
        f->script != NULL ? f->script : "", f->id);
    name = repro_fmt("%s.gp", f->id);
    status = write_text_file(pdir, name, script, strlen(script));
    free(script);
    char *err = repro_fmt("%s/%s.log", pdir, f->id);
    if (status == 0) {
        char *argv[] = {"gnuplot", name, NULL};
        char *argv_png[] = {"gnuplot", "-e", "png=1", name, NULL};
        f->rendered = on_path("gnuplot") && run_in(pdir, png ? argv_png : argv, err);
        f->png = f->rendered && png;
        if (!f->rendered) {
            f->render_error = on_path("gnuplot")
                                  ? last_line(err, "gnuplot")
                                  : repro_fmt("gnuplot is not installed (Debian: gnuplot-nox)");
            drop_drawings(pdir, f->id); /* what `set output` opened before the failure */
        }
    }
    unlink(err);
    free(err);
    free(name);
    return status;
}

static int dot_files(const char *pdir, tc_repro_figure_t *f, bool png)
{
    char *name = repro_fmt("%s.dot", f->id);
    int status = write_text_file(pdir, name, f->dot, strlen(f->dot));
    char *err = repro_fmt("%s/%s.log", pdir, f->id);
    if (status == 0) {
        char *svg = repro_fmt("%s.svg", f->id), *pngname = repro_fmt("%s.png", f->id);
        char *a1[] = {f->layout, "-Tsvg", name, "-o", svg, NULL};
        char *a2[] = {f->layout, "-Tpng", "-Gdpi=96", name, "-o", pngname, NULL};
        f->rendered = on_path(f->layout) && run_in(pdir, a1, err);
        f->png = f->rendered && png && run_in(pdir, a2, err);
        if (!f->rendered || (png && !f->png)) {
            drop_drawings(pdir, f->id);
            f->rendered = f->png = false;
            f->render_error = on_path(f->layout)
                                  ? last_line(err, f->layout)
                                  : repro_fmt("%s is not installed (Debian: graphviz)", f->layout);
        }
        free(svg);
        free(pngname);
    }
    unlink(err);
    free(err);
    free(name);
    return status;
}

/* ---- Markdown ------------------------------------------------------------------------------ */

static int write_page_md(const char *dir, const tc_repro_page_t *p, const repro_opts_t *o)
{
    char *path;
    char *name = repro_fmt("%s.md", p->paper);
    FILE *fp = open_in(dir, name, &path);
    free(name);
    if (fp == NULL) {
        return 4;
    }
    char *command =
        repro_fmt("%s reproduce --paper %s%s", o->me, p->paper, o->quick ? " --quick" : "");
    tc_err_t err = tc_repro_write_md(fp, p, command);
    free(command);
    return written(err, fp, path);
}

static int write_index_md(const char *dir, tc_repro_page_t **pages, int npages,
                          const repro_opts_t *o)
{
    char *path;
    FILE *fp = open_in(dir, "index.md", &path);
    if (fp == NULL) {
        return 4;
    }
    fprintf(fp,
            "# The papers' tables and figures, regenerated by treecast\n\n"
            "Written by `%s reproduce%s --seed %llu` (treecast %s). Each page lists every cell "
            "of every table treecast regenerates: the paper's value as printed, treecast's, a "
            "verdict (matches; corrected, with the number of the entry in docs/corrections.md "
            "that explains the difference; differs; not printed, for treecast's extensions) and "
            "the command that recomputes it. The raw data is beside each page as CSV and JSON, "
            "each figure with its gnuplot script or Graphviz source.%s\n\n",
            o->me, o->quick ? " --quick" : "", (unsigned long long)o->seed, tc_version(),
            o->quick ? " This is the quick run (small cases); `treecast reproduce` without "
                       "--quick regenerates the full tables."
                     : "");
    fputs("| paper | cells | matches | corrected | differs | not printed | figures |\n"
          "|---|---:|---:|---:|---:|---:|---:|\n",
          fp);
    for (int i = 0; i < npages; i++) {
        const tc_repro_page_t *p = pages[i];
        int64_t n = 0;
        for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
            n += tc_repro_count(p, (tc_repro_verdict_t)v);
        }
        fprintf(fp, "| [%s](%s.md) | %lld | %lld | %lld | %lld | %lld | %d |\n", p->title, p->paper,
                (long long)n, (long long)tc_repro_count(p, TC_REPRO_MATCHES),
                (long long)tc_repro_count(p, TC_REPRO_CORRECTED),
                (long long)tc_repro_count(p, TC_REPRO_DIFFERS),
                (long long)tc_repro_count(p, TC_REPRO_NOT_PRINTED), p->nfigures);
    }
    fputc('\n', fp);
    for (int i = 0; i < npages; i++) {
        if (pages[i]->summary != NULL) {
            fprintf(fp, "**%s.** %s\n\n", pages[i]->paper, pages[i]->summary);
        }
    }
    fputs("The same report as web pages: [index.html](index.html). The verdict of every cell, "
          "one per line: [verdicts.tsv](verdicts.tsv).\n",
          fp);
    return close_checked(fp, path);
}

static int write_verdicts(const char *dir, tc_repro_page_t **pages, int npages,
                          const repro_opts_t *o)
{
    char *path;
    FILE *fp = open_in(dir, "verdicts.tsv", &path);
    if (fp == NULL) {
        return 4;
    }
    fprintf(fp,
            "# treecast reproduce%s --seed %llu: every cell's id, verdict and treecast value, "
            "tab-separated\n",
            o->quick ? " --quick" : "", (unsigned long long)o->seed);
    tc_err_t err = TC_OK;
    for (int i = 0; i < npages && err == TC_OK; i++) {
        err = tc_repro_write_verdicts(fp, pages[i]);
    }
    return written(err, fp, path);
}

static void figure_json(tc_json_t *j, const tc_repro_page_t *p, const tc_repro_figure_t *f)
{
    tc_json_newline(j);
    tc_json_object(j);
    tc_json_kstr(j, "id", f->id);
    tc_json_kstr(j, "title", f->title);
    tc_json_kstr(j, "kind", f->kind == TC_REPRO_FIG_GNUPLOT ? "gnuplot" : "graphviz");
    tc_json_kint(j, "series", f->series);
    tc_json_kbool(j, "rendered", f->rendered);
    char *s = repro_fmt("%s/%s.svg", p->paper, f->id);
    tc_json_kstr(j, "svg", s);
    free(s);
    if (f->png) {
        s = repro_fmt("%s/%s.png", p->paper, f->id);
        tc_json_kstr(j, "png", s);
        free(s);
    }
    s = repro_fmt("%s/%s.%s", p->paper, f->id, f->kind == TC_REPRO_FIG_GNUPLOT ? "gp" : "dot");
    tc_json_kstr(j, "source", s);
    free(s);
    if (f->render_error != NULL) {
        tc_json_kstr(j, "error", f->render_error);
    }
    tc_json_kstr(j, "caption", f->caption);
    tc_json_end_object(j);
}

static int write_index_json(const char *dir, tc_repro_page_t **pages, int npages,
                            const repro_opts_t *o)
{
    char *path;
    FILE *fp = open_in(dir, "reproduce.json", &path);
    if (fp == NULL) {
        return 4;
    }
    tc_json_t j;
    tc_json_document(&j, fp, "reproduce");
    tc_json_kstr(&j, "treecast_version", tc_version());
    tc_json_kbool(&j, "quick", o->quick);
    tc_json_key(&j, "seed");
    tc_json_uint(&j, o->seed);
    tc_json_key(&j, "pages");
    tc_json_array(&j);
    for (int i = 0; i < npages; i++) {
        const tc_repro_page_t *p = pages[i];
        tc_json_newline(&j);
        tc_json_object(&j);
        tc_json_kstr(&j, "paper", p->paper);
        tc_json_kstr(&j, "title", p->title);
        tc_json_kstr_or_null(&j, "summary", p->summary);
        tc_json_key(&j, "counts");
        tc_json_object(&j);
        for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
            tc_json_kint(&j, tc_repro_verdict_name((tc_repro_verdict_t)v),
                         tc_repro_count(p, (tc_repro_verdict_t)v));
        }
        tc_json_end_object(&j);
        tc_json_key(&j, "missing");
        tc_json_array(&j);
        for (int k = 0; k < p->nmissing; k++) {
            tc_json_str(&j, p->missing[k]);
        }
        tc_json_end_array(&j);
        tc_json_key(&j, "tables");
        tc_json_array(&j);
        for (int k = 0; k < p->ntables; k++) {
            tc_json_newline(&j);
            tc_json_object(&j);
            tc_json_kstr(&j, "id", p->tables[k]->id);
            tc_json_kstr(&j, "title", p->tables[k]->title);
            tc_json_kint(&j, "cells", p->tables[k]->ncells);
            tc_json_end_object(&j);
        }
        tc_json_end_array(&j);
        tc_json_key(&j, "figures");
        tc_json_array(&j);
        for (int k = 0; k < p->nfigures; k++) {
            figure_json(&j, p, p->figures[k]);
        }
        tc_json_end_array(&j);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_end_object(&j);
    tc_json_finish(&j);
    return close_checked(fp, path);
}

int repro_write(const char *dir, tc_repro_page_t **pages, int npages, const repro_opts_t *opts)
{
    for (int i = 0; i < npages; i++) {
        tc_repro_page_t *p = pages[i];
        char *pdir = repro_fmt("%s/%s", dir, p->paper);
        if (mkdir(pdir, 0755) != 0 && errno != EEXIST) {
            int s = write_fail(pdir);
            free(pdir);
            return s;
        }
        int status = 0;
        for (int k = 0; k < p->ntables && status == 0; k++) {
            status = write_table_files(pdir, p, p->tables[k]);
        }
        for (int k = 0; k < p->nfigures && status == 0; k++) {
            status = p->figures[k]->kind == TC_REPRO_FIG_GNUPLOT
                         ? gnuplot_files(pdir, p, p->figures[k], opts->png)
                         : dot_files(pdir, p->figures[k], opts->png);
        }
        free(pdir);
        if (status == 0) {
            status = write_page_md(dir, p, opts);
        }
        if (status != 0) {
            return status;
        }
    }
    int status = write_index_md(dir, pages, npages, opts);
    if (status == 0) {
        status = write_verdicts(dir, pages, npages, opts);
    }
    if (status == 0) {
        status = write_index_json(dir, pages, npages, opts);
    }
    return status;
}

/* ---- the regression guard ------------------------------------------------------------------ */

typedef struct {
    char *id, *rest; /* rest: verdict TAB value */
} line_t;

typedef struct {
    line_t *v;
    int64_t n, cap;
} lines_t;

static int cmp_line(const void *a, const void *b)
{
    return strcmp(((const line_t *)a)->id, ((const line_t *)b)->id);
}

static void lines_free(lines_t *l)
{
    for (int64_t i = 0; i < l->n; i++) {
        free(l->v[i].id);
        free(l->v[i].rest);
    }
    free(l->v);
}

#define EXPECT_LINE_MAX 65536          /* bytes of one line of a verdict list */
#define EXPECT_BYTES_MAX (256LL << 20) /* of the whole list: the full run writes about 1 MB */

/* Whether text is a verdict as verdict_line writes it: a name, or "corrected 000.6". */
static bool verdict_known(const char *text)
{
    for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
        const char *name = tc_repro_verdict_name((tc_repro_verdict_t)v);
        size_t len = strlen(name);
        if (strncmp(text, name, len) == 0 && (text[len] == '\0' || text[len] == ' ')) {
            return true;
        }
    }
    return false;
}

/* The lines of a verdict list whose paper is among pages: ID TAB VERDICT TAB VALUE, '#' lines
 * and blank lines aside. A line of another shape, a line or a file too long to be one (reading
 * /dev/zero stops after EXPECT_LINE_MAX bytes), a read error or a list without a single line is
 * bad data: false after one line on stderr. */
static bool read_lines(const char *path, tc_repro_page_t **pages, int npages, lines_t *out)
{
    FILE *fp = fopen(path, "r");
    if (fp == NULL) {
        fprintf(stderr, "treecast reproduce: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    char *line = malloc(EXPECT_LINE_MAX + 1);
    const char *bad = line == NULL ? "out of memory" : NULL;
    int64_t lineno = 0, bytes = 0, cells = 0;
    for (int ch = 0; bad == NULL && ch != EOF;) {
        size_t len = 0; /* a line, byte by byte: its length and any NUL byte are known exactly */
        while ((ch = getc(fp)) != EOF && ch != '\n' && ch != '\0' && len < EXPECT_LINE_MAX) {
            line[len++] = (char)ch;
        }
        line[len] = '\0';
        if (ch == EOF && len == 0) {
            break;
        }
        lineno++;
        bytes += (int64_t)len + 1;
        if (ch == '\0') {
            bad = "a NUL byte";
        } else if (ch != EOF && ch != '\n') {
            bad = "a line longer than 64 KiB";
        } else if (bytes > EXPECT_BYTES_MAX) {
            bad = "the byte past 256 MiB";
        }
        if (bad != NULL) {
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[strspn(line, " \t")] == '\0') {
            continue;
        }
        char *tab = strchr(line, '\t'), *tab2 = tab != NULL ? strchr(tab + 1, '\t') : NULL;
        if (tab == NULL || tab2 == NULL || strchr(tab2 + 1, '\t') != NULL || tab == line) {
            bad = "a line that is not ID TAB VERDICT TAB VALUE";
            break;
        }
        *tab2 = '\0';
        if (!verdict_known(tab + 1)) {
            bad = "an unknown verdict";
            break;
        }
        *tab2 = '\t';
        cells++;
        *tab = '\0';
        bool run = pages == NULL;
        for (int i = 0; i < npages && !run; i++) {
            size_t pl = strlen(pages[i]->paper);
            run = strncmp(line, pages[i]->paper, pl) == 0 && line[pl] == '/';
        }
        if (!run) {
            continue;
        }
        if (out->n == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 256;
            line_t *nv = realloc(out->v, (size_t)out->cap * sizeof *out->v);
            if (nv == NULL) {
                bad = "out of memory";
                break;
            }
            out->v = nv;
        }
        out->v[out->n].id = strdup(line);
        out->v[out->n].rest = strdup(tab + 1);
        if (out->v[out->n].id == NULL || out->v[out->n].rest == NULL) {
            free(out->v[out->n].id);
            free(out->v[out->n].rest);
            bad = "out of memory";
            break;
        }
        out->n++;
    }
    bool at_line = bad != NULL;
    if (bad == NULL && ferror(fp)) {
        fprintf(stderr, "treecast reproduce: cannot read %s: %s\n", path, strerror(errno));
        free(line);
        fclose(fp);
        return false;
    }
    if (bad == NULL && cells == 0) {
        bad = "no line ID TAB VERDICT TAB VALUE";
    }
    free(line);
    fclose(fp);
    if (bad != NULL) {
        if (at_line) {
            fprintf(stderr, "treecast reproduce: %s is not a verdict list: line %lld holds %s\n",
                    path, (long long)lineno, bad);
        } else {
            fprintf(stderr, "treecast reproduce: %s is not a verdict list: it holds %s\n", path,
                    bad);
        }
        return false;
    }
    if (out->n > 0) {
        qsort(out->v, (size_t)out->n, sizeof *out->v, cmp_line);
    }
    return true;
}

int repro_expect_check(const char *expected)
{
    lines_t l = {0};
    bool ok = read_lines(expected, NULL, 0, &l);
    lines_free(&l);
    return ok ? 0 : 3;
}

static void report_change(int64_t *changes, const char *id, const char *what)
{
    if (++*changes <= 40) {
        fprintf(stderr, "treecast reproduce: %s: %s\n", id, what);
    }
}

int64_t repro_expect(const char *verdicts, const char *expected, tc_repro_page_t **pages,
                     int npages)
{
    lines_t now = {0}, exp = {0};
    if (!read_lines(verdicts, pages, npages, &now) || !read_lines(expected, pages, npages, &exp)) {
        lines_free(&now);
        lines_free(&exp);
        return -1;
    }
    int64_t changes = 0, i = 0, k = 0;
    while (i < now.n || k < exp.n) {
        int c = i == now.n ? 1 : k == exp.n ? -1 : strcmp(now.v[i].id, exp.v[k].id);
        if (c < 0) {
            report_change(&changes, now.v[i].id, "a new cell, not in the expectation");
            i++;
        } else if (c > 0) {
            report_change(&changes, exp.v[k].id, "expected, but no longer produced");
            k++;
        } else {
            if (strcmp(now.v[i].rest, exp.v[k].rest) != 0) {
                char *what = repro_fmt("expected \"%s\", now \"%s\"", exp.v[k].rest, now.v[i].rest);
                for (char *s = what; *s; s++) {
                    *s = *s == '\t' ? ' ' : *s;
                }
                report_change(&changes, now.v[i].id, what);
                free(what);
            }
            i++;
            k++;
        }
    }
    if (changes > 40) {
        fprintf(stderr, "treecast reproduce: ... and %lld more changed cells\n",
                (long long)(changes - 40));
    }
    lines_free(&now);
    lines_free(&exp);
    return changes;
}
