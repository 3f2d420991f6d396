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

static const char *const PAPERS[] = {"000", "001", "002", "003", "004", NULL};
static const char *const TITLES[] = {
    "Fragopoulou & Akl — edge-disjoint spanning trees on the star network (paper 000)",
    "Tseng, Chang & Sheu — all-to-all broadcast in star graphs (paper 001)",
    "Ho & Johnsson — spanning balanced trees in Boolean cubes (paper 002)",
    "Tien, Ho & Yang — broadcasting on incomplete hypercubes (paper 003)",
    "Reliable broadcasting via independent spanning trees (paper 004)",
};
static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const repro_producer_t PRODUCERS[] = {repro_000, repro_001, repro_002, repro_003, repro_004};

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

/* The tables and figures each paper's producer makes (quick, full): the total of the progress
 * line, so that its estimate covers the papers still to come. A producer that makes more or
 * fewer only makes the estimate rougher; `reproduce` says the real counts as it goes. */
static const int ITEMS[2][5] = {{11, 11, 10, 6, 10}, {12, 11, 10, 7, 10}};

static void item_done(void)
{
    progress_add(1);
}

static int produce(const args_t *a, const repro_opts_t *o, tc_repro_page_t **pages, int *npages)
{
    int64_t total = 0, done = 0, papers = 0, paper = 0;
    for (int i = 0; PAPERS[i] != NULL; i++) {
        if (a->paper < 0 || a->paper == i) {
            total += ITEMS[!a->quick][i];
            papers++;
        }
    }
    progress_begin("reproducing", "tables and figures", total);
    double start = now();
    int status = 0;
    for (int i = 0; PAPERS[i] != NULL && status == 0; i++) {
        if (a->paper >= 0 && a->paper != i) {
            continue;
        }
        tc_repro_page_t *p = repro_page_new(PAPERS[i], TITLES[i]);
        p->on_item = item_done;
        pages[(*npages)++] = p;
        char what[96];
        snprintf(what, sizeof what, "reproducing paper %s (%lld of %lld)", PAPERS[i],
                 (long long)++paper, (long long)papers);
        progress_rename(what);
        double t0 = now();
        status = PRODUCERS[i](p, o);
        if (status == 0 && tc_repro_page_error(p) != TC_OK) {
            status = fail(EXIT_RESOURCE, "out of memory");
        }
        p->seconds = now() - t0;
        done += p->ntables + p->nfigures;
        total = done > total ? done : total;
        progress_set(done, total);
        if (status == 0 && !tool_quiet) {
            double spent = now() - start, left = spent * (double)(total - done) / (double)done;
            progress_hold();
            fprintf(stderr,
                    "paper %s: %lld cells (%lld match, %lld corrected, %lld differ, %lld not "
                    "printed), %d figures, %.1f s; %lld of %lld tables and figures done, about "
                    "%.0f s left\n",
                    p->paper, (long long)tc_repro_count(p, TC_REPRO_VERDICTS_),
                    (long long)tc_repro_count(p, TC_REPRO_MATCHES),
                    (long long)tc_repro_count(p, TC_REPRO_CORRECTED),
                    (long long)tc_repro_count(p, TC_REPRO_DIFFERS),
                    (long long)tc_repro_count(p, TC_REPRO_NOT_PRINTED), p->nfigures, p->seconds,
                    (long long)done, (long long)total, left);
            progress_release();
        }
    }
    progress_end();
    return status;
}

/* Two cells with one id would make the verdict list ambiguous: a bug in a producer. */
static int unique_ids(tc_repro_page_t **pages, int npages)
{
    int64_t n = 0;
    for (int i = 0; i < npages; i++) {
        n += tc_repro_count(pages[i], TC_REPRO_VERDICTS_);
    }
    char **ids = malloc((size_t)(n > 0 ? n : 1) * sizeof *ids);
    if (ids == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    int64_t k = 0;
    for (int i = 0; i < npages; i++) {
        for (int t = 0; t < pages[i]->ntables; t++) {
            const tc_repro_table_t *tb = pages[i]->tables[t];
            for (int64_t c = 0; c < tb->ncells; c++) {
                ids[k++] = repro_need(tc_repro_cell_id(pages[i], tb, &tb->cells[c]));
            }
        }
    }
    qsort(ids, (size_t)n, sizeof *ids, cmp_str);
    int status = 0;
    for (int64_t i = 1; i < n && status == 0; i++) {
        if (strcmp(ids[i - 1], ids[i]) == 0) {
            status = fail(EXIT_CLAIM, "internal error: two cells have the id %s", ids[i]);
        }
    }
    for (int64_t i = 0; i < n; i++) {
        free(ids[i]);
    }
    free(ids);
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
    tc_repro_page_t *pages[5] = {0};
    int npages = 0;
    status = produce(a, &o, pages, &npages);
    if (status == 0) {
        status = unique_ids(pages, npages);
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
    args_t a = {.paper = -1, .out = "reproduce", .seed = 1};
    return run_command(argc, argv, &DOC, 0, reproduce, &a);
}
