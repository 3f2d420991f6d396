/* treecast reproduce — every table and figure of the papers that treecast regenerates, beside
 * the printed values, as Markdown, CSV, JSON, SVG and HTML in one directory (repro.h). */
#define _GNU_SOURCE /* renameat2, nftw */
#include "common.h"
#include "repro.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    int paper; /* -1: every paper */
    const char *out, *expect;
    bool quick, png;
    uint64_t seed;
    int64_t threads;
} args_t;

/* The registry's paper ids, for --paper (filled from tc_repro_papers before the options are
 * read). */
static const char *PAPERS[8];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Whether dir may be replaced: absent, empty, or an earlier output of this command (it has
 * reproduce.json). 0, or the misuse status after one line. */
static int check_out(const char *dir, bool *exists)
{
    struct stat st;
    *exists = false;
    if (lstat(dir, &st) != 0) {
        if (errno == ENOENT) {
            return 0;
        }
        return fail(EXIT_RESOURCE, "cannot use %s: %s", dir, strerror(errno));
    }
    if (!S_ISDIR(st.st_mode)) {
        return misuse("--out %s exists and is not a directory", dir);
    }
    *exists = true;
    DIR *d = opendir(dir);
    if (d == NULL) {
        return fail(EXIT_RESOURCE, "cannot read %s: %s", dir, strerror(errno));
    }
    bool empty = true;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        empty &= strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    }
    closedir(d);
    char *marker = repro_fmt("%s/reproduce.json", dir);
    bool ours = access(marker, F_OK) == 0;
    free(marker);
    if (!empty && !ours) {
        return misuse("--out %s is not empty and holds no reproduce.json: it is not an earlier "
                      "output of treecast reproduce, so it is left alone",
                      dir);
    }
    return 0;
}

/* A new directory beside dir (same file system, so that it can be renamed into place). */
static char *make_temp(const char *dir)
{
    char *copy = repro_fmt("%s", dir);
    size_t len = strlen(copy);
    while (len > 1 && copy[len - 1] == '/') {
        copy[--len] = '\0';
    }
    char *tmp = repro_fmt("%s.tmp.XXXXXX", copy);
    free(copy);
    if (mkdtemp(tmp) == NULL) {
        free(tmp);
        return NULL;
    }
    chmod(tmp, 0755);
    output_guard_dir(tmp);
    return tmp;
}

/* Put the finished tmp in the place of dir: exchanged atomically with an earlier output (which is
 * then removed), renamed when there is none. */
static int install(const char *tmp, const char *dir, bool exists)
{
    if (exists) {
        if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) != 0) {
            return fail(EXIT_RESOURCE, "cannot replace %s: %s", dir, strerror(errno));
        }
        remove_tree(tmp); /* the earlier output, now at tmp */
    } else if (rename(tmp, dir) != 0) {
        return fail(EXIT_RESOURCE, "cannot create %s: %s", dir, strerror(errno));
    }
    output_guard(NULL);
    return 0;
}

static void item_done(void)
{
    progress_add(1);
}

static void paper_done(const tc_repro_page_t *p, int64_t done, int64_t total, double spent)
{
    double left = spent * (double)(total - done) / (double)done;
    /* the fourth verdict, not printed: the cells that are none of the first three */
    int64_t others = tc_repro_count(p, TC_REPRO_VERDICTS_) - tc_repro_count(p, TC_REPRO_MATCHES) -
                     tc_repro_count(p, TC_REPRO_CORRECTED) - tc_repro_count(p, TC_REPRO_DIFFERS);
    progress_hold();
    fprintf(stderr,
            "paper %s: %lld cells (%lld match, %lld corrected, %lld differ, %lld not printed), %d "
            "figures, %.1f s; %lld of %lld tables and figures done, about %.0f s left\n",
            p->paper, (long long)tc_repro_count(p, TC_REPRO_VERDICTS_),
            (long long)tc_repro_count(p, TC_REPRO_MATCHES),
            (long long)tc_repro_count(p, TC_REPRO_CORRECTED),
            (long long)tc_repro_count(p, TC_REPRO_DIFFERS), (long long)others, p->nfigures,
            p->seconds, (long long)done, (long long)total, left);
    progress_release();
}

/* Each paper's page (tc_repro_run), with a progress line whose estimate covers the papers still
 * to come. */
static int produce(const args_t *a, tc_repro_page_t **pages, int *npages)
{
    int n;
    const tc_repro_paper_t *papers = tc_repro_papers(&n);
    tc_repro_opts_t o = {.quick = a->quick, .threads = (int)a->threads, .seed = a->seed};
    int64_t total = 0, done = 0, count = 0, at = 0;
    for (int i = 0; i < n; i++) {
        if (a->paper < 0 || a->paper == i) {
            total += papers[i].items[!a->quick];
            count++;
        }
    }
    progress_begin("reproducing", "tables and figures", total);
    double start = now();
    int status = 0;
    for (int i = 0; i < n && status == 0; i++) {
        if (a->paper >= 0 && a->paper != i) {
            continue;
        }
        char what[96];
        snprintf(what, sizeof what, "reproducing paper %s (%lld of %lld)", papers[i].id,
                 (long long)++at, (long long)count);
        progress_rename(what);
        tc_repro_page_t *p = NULL;
        tc_err_t err = tc_repro_run(&papers[i], &o, item_done, &p);
        if (err != TC_OK) {
            status = lib_fail(err, NULL);
            break;
        }
        pages[(*npages)++] = p;
        done += p->ntables + p->nfigures;
        total = done > total ? done : total;
        progress_set(done, total);
        if (!tool_quiet) {
            paper_done(p, done, total, now() - start);
        }
    }
    progress_end();
    return status;
}

static int reproduce(const call_t *call)
{
    const args_t *a = call->ctx;
    repro_opts_t o = {.quick = a->quick,
                      .png = a->png,
                      .threads = (int)a->threads,
                      .seed = a->seed,
                      .me = "treecast"};
    if (a->out[0] == '\0') {
        return misuse("--out needs a directory name, not an empty one");
    }
    bool exists;
    int status = check_out(a->out, &exists);
    if (status != 0) {
        return status;
    }
    if (a->expect != NULL && (status = repro_expect_check(a->expect)) != 0) {
        return status; /* before the work: a wrong file is refused at once */
    }
    char *tmp = make_temp(a->out); /* first: an interrupt at any point removes it */
    if (tmp == NULL) {
        return fail(EXIT_RESOURCE, "cannot create a directory beside %s: %s", a->out,
                    strerror(errno));
    }
    tc_repro_page_t *pages[8] = {0};
    int npages = 0;
    status = produce(a, pages, &npages);
    tc_err_t err = status == 0 ? tc_repro_check_ids(pages, npages) : TC_OK;
    if (err != TC_OK) {
        status = err == TC_EINVAL ? fail(EXIT_CLAIM, "%s", tc_err_detail()) : lib_fail(err, NULL);
    }
    if (status == 0) {
        status = repro_write(tmp, pages, npages, &o);
    }
    if (status == 0) {
        status = repro_write_html(tmp, pages, npages, &o);
    }
    if (status == 0) {
        status = install(tmp, a->out, exists);
    }
    if (status != 0) { /* nothing half-written: the new output goes, an earlier one stays */
        remove_tree(tmp);
        output_guard(NULL);
    }
    int64_t changed = 0;
    if (status == 0 && a->expect != NULL) {
        char *verdicts = repro_fmt("%s/verdicts.tsv", a->out);
        changed = repro_expect(verdicts, a->expect, pages, npages);
        free(verdicts);
        if (changed < 0) {
            status = EXIT_DATA;
        } else if (changed > 0) {
            fprintf(stderr,
                    "treecast reproduce: %lld cells differ from %s: a reproduced value or verdict "
                    "changed (if the change is right, update the expectation in a reviewed "
                    "commit that says why)\n",
                    (long long)changed, a->expect);
            status = EXIT_CLAIM;
        } else if (!tool_quiet) {
            fprintf(stderr, "every cell's verdict and value equals %s\n", a->expect);
        }
    }
    for (int i = 0; i < npages; i++) {
        tc_repro_page_free(pages[i]);
    }
    free(tmp);
    return status;
}

static const opt_t OPTS[] = {
    OPT_CHOICE("paper", paper, PAPERS, "only this paper (default: all five)"),
    OPT_STRING("out", out, "DIR",
               "the output directory (default reproduce): created, or replaced when it holds an "
               "earlier output;\nanything else is refused"),
    OPT_FLAG("quick", quick, "the small cases only (about 2 s; the regression guard's)"),
    OPT_FLAG("png", png,
             "also draw each figure as PNG (its pixels depend on the machine's fonts and\n"
             "renderers, so docs/reproduce keeps the SVG only)"),
    OPT_STRING("expect", expect, "FILE",
               "compare every cell's verdict and value with FILE (a verdicts.tsv): status 1 and\n"
               "one line per changed cell when one differs"),
    OPT_SEED(seed),
    OPT_THREADS(threads),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast reproduce --quick --out r",
    "the small cases of every paper into the directory r (index.html, index.md, ...)",
    "treecast reproduce --paper 001 --out r",
    "paper 001 at full size",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast reproduce [--paper 000|001|002|003|004] [--out DIR] [--quick] [--png]\n"
             "                   [--expect FILE] [--seed S] [--threads T]",
    .about =
        "Regenerate every table and figure of the papers that treecast can: for each paper a\n"
        "Markdown page (PAPER.md) and a web page (PAPER.html), with every cell as the paper's\n"
        "value, treecast's value, a verdict and the treecast command that recomputes it; the\n"
        "data of each table as CSV and JSON and each figure as SVG (and PNG with --png) with its\n"
        "gnuplot script or Graphviz source, in DIR/PAPER/; index.md and index.html; verdicts.tsv "
        "(one\n"
        "line per cell: id, verdict, value) and reproduce.json (the index of it all).\n\n"
        "Verdicts: matches (the values agree at the printed precision, or in the stated\n"
        "relation: a lower bound at or below the measured value); corrected -- corrections N\n"
        "(they disagree, and the paper's value corrected by entry N of docs/corrections.md\n"
        "agrees); differs (they disagree and nothing explains it); not printed (treecast's\n"
        "extension of the table).\n\n"
        "The output is written beside DIR and moved into place when complete: an interrupted or\n"
        "failed run leaves DIR as it was. Figures need gnuplot and Graphviz (dot); without them\n"
        "the pages say which figure was not drawn.",
    .opts = OPTS,
    .status = "0 success, 1 a cell differs from --expect, 2 misuse, 3 the expectation file "
              "cannot be read, 4 out of memory or the output not writable.",
    .examples = EXAMPLES,
};

int cmd_reproduce(int argc, char **argv)
{
    int n;
    const tc_repro_paper_t *papers = tc_repro_papers(&n);
    for (int i = 0; i < n && i + 1 < (int)(sizeof PAPERS / sizeof PAPERS[0]); i++) {
        PAPERS[i] = papers[i].id;
    }
    args_t a = {.paper = -1, .out = "reproduce", .seed = 1};
    return run_command(argc, argv, &DOC, 0, reproduce, &a);
}
