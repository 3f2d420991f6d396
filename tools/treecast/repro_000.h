/* Paper 000's page, in two files: repro_000.c (Tables 1-3, the runs, the page) and
 * repro_000_sections.c (Table 4, Sections 2, 3 and 4.1, the pictures). Private to them. */
#ifndef TREECAST_TOOL_REPRO_000_H
#define TREECAST_TOOL_REPRO_000_H

#include "repro.h"

/* The grid of the page: the options, the message counts and the sizes of S_n and C_k. */
typedef struct {
    const repro_opts_t *o;
    const int64_t *Ms;
    int nM;
    int nlo, nhi; /* S_n */
    int klo, khi; /* C_k */
} ctx_t;

/* The verdict of the cell just added. */
tc_repro_verdict_t p000_last_verdict(const tc_repro_table_t *t);
/* The paper's bound of problem pr on S_n and on C_k (as `treecast bounds`); 0 or a status
 * (printed). */
int p000_star_bound(int n, int64_t M, int x, tc_problem_t pr, tc_bound_t *b);
int p000_cube_bound(int k, int64_t M, int x, tc_problem_t pr, tc_bound_t *b);

/* The sections of repro_000_sections.c: each adds its table or figures to the page; 0 or a
 * status (printed). */
int p000_cmp_table(tc_repro_page_t *page);
int p000_necklace_table(ctx_t *c, tc_repro_page_t *page);
int p000_fact_table(ctx_t *c, tc_repro_page_t *page);
int p000_pictures(tc_repro_page_t *page);
int p000_tn_table(ctx_t *c, tc_repro_page_t *page);

#endif
