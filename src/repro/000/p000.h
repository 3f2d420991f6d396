/* Paper 000's page, in two files: page.c (Tables 1-3, the runs, the page) and
 * sections.c (Table 4, Sections 2, 3 and 4.1, the pictures). Private to them. */
#ifndef TREECAST_REPRO_000_P000_H
#define TREECAST_REPRO_000_P000_H

#include "repro/paper.h"

/* The grid of the page: the options, the message counts and the sizes of S_n and C_k. */
typedef struct {
    const tc_repro_opts_t *o;
    const int64_t *Ms;
    int nM;
    int nlo, nhi; /* S_n */
    int klo, khi; /* C_k */
} ctx_t;

/* The verdict of the cell just added. */
tc_repro_verdict_t p000_last_verdict(const tc_repro_table_t *t);
/* The paper's bound of problem pr on S_n and on C_k (as `treecast bounds`); TC_OK or the
 * error with its detail. */
tc_err_t p000_star_bound(int n, int64_t M, int x, tc_problem_t pr, tc_bound_t *b);
tc_err_t p000_cube_bound(int k, int64_t M, int x, tc_problem_t pr, tc_bound_t *b);

/* The sections of sections.c: each adds its table or figures to the page; TC_OK or the
 * error with its detail. */
tc_err_t p000_cmp_table(tc_repro_page_t *page);
tc_err_t p000_necklace_table(ctx_t *c, tc_repro_page_t *page);
tc_err_t p000_fact_table(ctx_t *c, tc_repro_page_t *page);
tc_err_t p000_pictures(tc_repro_page_t *page);
tc_err_t p000_tn_table(ctx_t *c, tc_repro_page_t *page);

#endif
