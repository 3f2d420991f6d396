/* treecast reproduce — writing the pages: Markdown, CSV and JSON per table, figures drawn by
 * gnuplot and Graphviz from files kept beside them, the verdict list and the JSON index; and
 * comparing the verdict list against an expectation file. */
#define _GNU_SOURCE /* vasprintf */
#include "repro.h"
#include "treecast/treecast.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
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

/* A file of the index written by one of the library's writers. */
typedef tc_err_t (*index_writer_t)(FILE *fp, tc_repro_page_t *const *pages, int npages,
                                   const tc_repro_opts_t *opts);

static int write_index(const char *dir, const char *name, index_writer_t w, tc_repro_page_t **pages,
                       int npages, const repro_opts_t *o)
{
    char *path;
    FILE *fp = open_in(dir, name, &path);
    if (fp == NULL) {
        return 4;
    }
    tc_repro_opts_t ro = {.quick = o->quick, .threads = o->threads, .seed = o->seed};
    tc_err_t err = w != NULL ? w(fp, pages, npages, &ro)
                             : tc_repro_write_index_md(fp, pages, npages, o->me, &ro);
    return written(err, fp, path);
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
    int status = write_index(dir, "index.md", NULL, pages, npages, opts);
    if (status == 0) {
        status = write_index(dir, "verdicts.tsv", tc_repro_write_verdict_list, pages, npages, opts);
    }
    if (status == 0) {
        status = write_index(dir, "reproduce.json", tc_repro_write_index_json, pages, npages, opts);
    }
    return status;
}

/* ---- the regression guard ------------------------------------------------------------------ */

/* A verdict list (the papers of pages, or every cell: pages NULL) read from path; NULL after one
 * line on stderr. */
static tc_repro_verdicts_t *read_list(const char *path, tc_repro_page_t **pages, int npages)
{
    FILE *fp = fopen(path, "r");
    if (fp == NULL) {
        fprintf(stderr, "treecast reproduce: cannot read %s: %s\n", path, strerror(errno));
        return NULL;
    }
    const char *papers[8];
    int n = npages < 8 ? npages : 8; /* the registry's five */
    for (int i = 0; i < n; i++) {
        papers[i] = pages[i]->paper;
    }
    tc_repro_verdicts_t *l = NULL;
    tc_err_t err = tc_repro_verdicts_read(fp, pages != NULL ? papers : NULL, n, &l);
    fclose(fp);
    if (err == TC_EIO) {
        fprintf(stderr, "treecast reproduce: cannot read %s: %s\n", path, tc_err_detail());
    } else if (err != TC_OK) {
        fprintf(stderr, "treecast reproduce: %s is not a verdict list: %s\n", path,
                tc_err_detail());
    }
    return l;
}

int repro_expect_check(const char *expected)
{
    tc_repro_verdicts_t *l = read_list(expected, NULL, 0);
    tc_repro_verdicts_free(l);
    return l != NULL ? 0 : 3;
}

/* The first 40 changes, one line each. */
static void report_change(void *ctx, const char *id, const char *expected, const char *now)
{
    int64_t *changes = ctx;
    if (++*changes > 40) {
        return;
    }
    if (expected == NULL) {
        fprintf(stderr, "treecast reproduce: %s: a new cell, not in the expectation\n", id);
    } else if (now == NULL) {
        fprintf(stderr, "treecast reproduce: %s: expected, but no longer produced\n", id);
    } else {
        char *what = repro_fmt("expected \"%s\", now \"%s\"", expected, now);
        for (char *s = what; *s; s++) {
            *s = *s == '\t' ? ' ' : *s;
        }
        fprintf(stderr, "treecast reproduce: %s: %s\n", id, what);
        free(what);
    }
}

int64_t repro_expect(const char *verdicts, const char *expected, tc_repro_page_t **pages,
                     int npages)
{
    tc_repro_verdicts_t *now = read_list(verdicts, pages, npages);
    tc_repro_verdicts_t *exp = now != NULL ? read_list(expected, pages, npages) : NULL;
    int64_t changes = -1, shown = 0;
    if (now != NULL && exp != NULL) {
        changes = tc_repro_verdicts_diff(now, exp, report_change, &shown);
    }
    if (changes > 40) {
        fprintf(stderr, "treecast reproduce: ... and %lld more changed cells\n",
                (long long)(changes - 40));
    }
    tc_repro_verdicts_free(now);
    tc_repro_verdicts_free(exp);
    return changes;
}
