/* The papers treecast reproduces, their runs, and the check that every cell has its own id. */
#include "repro/paper.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The tables of `treecast table`, per paper (tc_repro_rows_t). */
#define FORMATS_ALL "text json csv"
static const tc_repro_rows_t ROWS_000[] = {{NULL}};
static const tc_repro_rows_t ROWS_001[] = {
    {"001:1", NULL, "z k format", "text json", 4, 4, 0},
    {"001:compare", NULL, "from to", "text", 4, 7, 7},
    {"001:2", NULL, "from to format", FORMATS_ALL, 4, 12, 12},
    {"001:3", NULL, "from to format", FORMATS_ALL, 5, 20, 20},
    {"001:eti", NULL, "from to ts-tm format", FORMATS_ALL, 3, 12, 12},
    {NULL},
};
static const tc_repro_rows_t ROWS_002[] = {
    {"002:2", NULL, "from to M ts tc format", "text json", 4, 10, 0},
    {NULL},
};
static const tc_repro_rows_t ROWS_003[] = {
    {"003:II", "003:I", "from to M ts tc format", "text json", 3, 6, 7},
    {NULL},
};
static const tc_repro_rows_t ROWS_004[] = {
    {"004:5.6", NULL, "from to format", "text json", 4, 8, 0},
    {"004:5.7", NULL, "from to trials seed threads format", "text json", 4, 8, 0},
    {NULL},
};

/* Each paper's page lives in src/repro/NNN/ (its transcriptions, its correction ids, its
 * producer); a new paper is one line here. */
static const tc_repro_paper_t PAPERS[] = {
    {"000",
     "Fragopoulou & Akl — edge-disjoint spanning trees on the star network (paper 000)",
     {12, 13},
     tc__repro_000,
     ROWS_000},
    {"001",
     "Tseng, Chang & Sheu — all-to-all broadcast in star graphs (paper 001)",
     {11, 11},
     tc__repro_001,
     ROWS_001},
    {"002",
     "Ho & Johnsson — spanning balanced trees in Boolean cubes (paper 002)",
     {10, 10},
     tc__repro_002,
     ROWS_002},
    {"003",
     "Tien, Ho & Yang — broadcasting on incomplete hypercubes (paper 003)",
     {7, 8},
     tc__repro_003,
     ROWS_003},
    {"004",
     "Reliable broadcasting via independent spanning trees (paper 004)",
     {12, 12},
     tc__repro_004,
     ROWS_004},
};
#define NPAPERS ((int)(sizeof PAPERS / sizeof PAPERS[0]))

const tc_repro_paper_t *tc_repro_papers(int *n)
{
    *n = NPAPERS;
    return PAPERS;
}

const tc_repro_paper_t *tc_repro_paper(const char *id)
{
    for (int i = 0; id != NULL && i < NPAPERS; i++) {
        if (strcmp(PAPERS[i].id, id) == 0) {
            return &PAPERS[i];
        }
    }
    return NULL;
}

const tc_repro_rows_t *tc_repro_rows(const char *name)
{
    for (int i = 0; name != NULL && i < NPAPERS; i++) {
        for (const tc_repro_rows_t *r = PAPERS[i].rows; r->name != NULL; r++) {
            if (strcmp(r->name, name) == 0 || (r->alias != NULL && strcmp(r->alias, name) == 0)) {
                return r;
            }
        }
    }
    return NULL;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

tc_err_t tc_repro_run(const tc_repro_paper_t *paper, const tc_repro_opts_t *opts,
                      void (*on_item)(void), tc_repro_page_t **page)
{
    *page = NULL;
    if (paper == NULL || opts == NULL || paper->produce == NULL) {
        return tc__fail(TC_EINVAL, "tc_repro_run needs a paper of the registry and options");
    }
    tc_repro_page_t *p = tc_repro_page_new(paper->id, paper->title);
    if (p == NULL) {
        return tc__fail(TC_ENOMEM, "out of memory");
    }
    p->on_item = on_item;
    double t0 = seconds_now();
    tc_err_t err = paper->produce(p, opts);
    if (err == TC_OK) {
        err = tc__repro_page_status(p);
    }
    p->seconds = seconds_now() - t0;
    if (err != TC_OK) {
        tc_repro_page_free(p);
        return err;
    }
    *page = p;
    return TC_OK;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

tc_err_t tc_repro_check_ids(tc_repro_page_t *const *pages, int npages)
{
    int64_t n = 0;
    for (int i = 0; i < npages; i++) {
        n += tc_repro_count(pages[i], TC_REPRO_VERDICTS_);
    }
    char **ids = tc__calloc_array((size_t)(n > 0 ? n : 1), sizeof *ids);
    if (ids == NULL) {
        return tc__fail(TC_ENOMEM, "out of memory");
    }
    tc_err_t err = TC_OK;
    int64_t k = 0;
    for (int i = 0; i < npages && err == TC_OK; i++) {
        for (int t = 0; t < pages[i]->ntables && err == TC_OK; t++) {
            const tc_repro_table_t *tb = pages[i]->tables[t];
            for (int64_t c = 0; c < tb->ncells && err == TC_OK; c++) {
                ids[k] = tc_repro_cell_id(pages[i], tb, &tb->cells[c]);
                err = ids[k++] == NULL ? tc__fail(TC_ENOMEM, "out of memory") : TC_OK;
            }
        }
    }
    if (err == TC_OK) {
        qsort(ids, (size_t)n, sizeof *ids, cmp_str);
    }
    for (int64_t i = 1; i < n && err == TC_OK; i++) {
        if (strcmp(ids[i - 1], ids[i]) == 0) {
            err = tc__fail(TC_EINVAL, "internal error: two cells have the id %s", ids[i]);
        }
    }
    for (int64_t i = 0; i < k; i++) {
        free(ids[i]);
    }
    free(ids);
    return err;
}
