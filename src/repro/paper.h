/* What the papers' pages (src/repro/NNN/) share: the registry's producers, and the small kit
 * they are written with. Private to libtreecast. */
#ifndef TREECAST_REPRO_PAPER_H
#define TREECAST_REPRO_PAPER_H

#include "core/internal.h"
#include "treecast/repro.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Each paper's producer: fills its page; TC_OK, or the failure with its detail sentence (the
 * page's sticky allocation failure included). */
tc_err_t tc__repro_000(tc_repro_page_t *page, const tc_repro_opts_t *opts);
tc_err_t tc__repro_001(tc_repro_page_t *page, const tc_repro_opts_t *opts);
tc_err_t tc__repro_002(tc_repro_page_t *page, const tc_repro_opts_t *opts);
tc_err_t tc__repro_003(tc_repro_page_t *page, const tc_repro_opts_t *opts);
tc_err_t tc__repro_004(tc_repro_page_t *page, const tc_repro_opts_t *opts);

/* printf into a new string (the caller frees it); NULL when out of memory, which is then the
 * page's failure too (the builders ignore a NULL text's cell, the producer returns the page's
 * error). */
char *tc__repro_fmt(tc_repro_page_t *page, const char *fmt, ...) TC__PRINTF(2, 3);

/* err with the detail sentence "CONTEXT: DETAIL" (the detail of the failing call, or the code's
 * description); returns err. */
tc_err_t tc__repro_fail(tc_err_t err, const char *context);

/* The page's own failure (allocation) as an error with its detail sentence, or TC_OK. */
tc_err_t tc__repro_page_status(const tc_repro_page_t *page);

/* A broadcast run by the round engine over a kind's trees at a root (what `sim bcast-*`,
 * `sim ist-bcast` and `sim ft-bcast` run), for the rounds-against-M figures. */
typedef struct {
    tc_assembly_t run; /* the neighbour table, the trees and their plan (tc_assembly_init) */
} tc__repro_bc_t;
tc_err_t tc__repro_bc_open(tc__repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root);
void tc__repro_bc_close(tc__repro_bc_t *b);
/* The rounds of M packets, each down x of the trees (x = 1: split over them). */
tc_err_t tc__repro_bc_rounds(tc__repro_bc_t *b, tc_collective_t what, int64_t M, int x,
                             int64_t *rounds);

/* A figure of the deepest tree against n on family:n (n = nlo..nhi, root 0): the paper's kind,
 * the generic packing (edst), the eccentricity and, for n <= sat_hi, the SAT search's least
 * height; caption adds the page's own sentence. */
tc_err_t tc__repro_depth_figure(tc_repro_page_t *page, const char *id, const char *family,
                                tc_kind_t kind, int nlo, int nhi, int sat_hi, const char *caption);

#endif
