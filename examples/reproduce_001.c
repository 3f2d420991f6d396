/* reproduce_001 — paper 001's Table 2, recomputed and judged through the library.
 *
 *   reproduce_001 [--full]        (default: the quick run, n = 4..7)
 *
 * Tseng, Chang & Sheu's Table 2 prints the least t_s/t_m at which personalized broadcast over
 * k-substars beats k = 1. tc_repro_run reproduces the paper's page (what `treecast reproduce
 * --paper 001` renders); this program reads its table "table2" and prints one line per cell:
 * the cell's id, the paper's value as printed, treecast's value and the verdict (matches,
 * corrected, differs, not printed). Exits 0 when no cell differs, 1 when one does, 2 on
 * misuse, 3 when the reproduction fails (the message says which table or run), 4 when the page
 * has no Table 2 or memory runs out.
 */
#include <treecast/treecast.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    bool full = argc == 2 && strcmp(argv[1], "--full") == 0;
    if (argc > 2 || (argc == 2 && !full)) {
        fprintf(stderr, "usage: reproduce_001 [--full]\n");
        return 2;
    }
    /* The paper from the registry, and its page: quick runs the small cases only. */
    const tc_repro_paper_t *paper = tc_repro_paper("001");
    if (paper == NULL) {
        fprintf(stderr, "reproduce_001: paper 001 is not in the registry\n");
        return 4;
    }
    tc_repro_opts_t opts = {.quick = !full, .threads = 0, .seed = 1};
    tc_repro_page_t *page = NULL;
    tc_err_t err = tc_repro_run(paper, &opts, NULL, &page);
    if (err != TC_OK) {
        fprintf(stderr, "reproduce_001: %s. %s\n", tc_strerror(err), tc_err_detail());
        return 3;
    }

    const tc_repro_table_t *table = NULL;
    for (int i = 0; i < page->ntables && table == NULL; i++) {
        if (strcmp(page->tables[i]->id, "table2") == 0) {
            table = page->tables[i];
        }
    }
    if (table == NULL) {
        fprintf(stderr, "reproduce_001: the page of paper 001 has no table2\n");
        tc_repro_page_free(page);
        return 4;
    }

    printf("%s\n", table->title);
    int64_t count[TC_REPRO_VERDICTS_] = {0};
    int status = 0;
    for (int64_t c = 0; c < table->ncells; c++) {
        const tc_repro_cell_t *cell = &table->cells[c];
        char *id = tc_repro_cell_id(page, table, cell);
        if (id == NULL) {
            fprintf(stderr, "reproduce_001: %s. %s\n", tc_strerror(TC_ENOMEM), tc_err_detail());
            status = 4;
            break;
        }
        char verdict[128];
        tc_repro_verdict_text(cell, verdict, sizeof verdict);
        /* paper: the value as printed (NULL when the paper has none), value: treecast's. */
        printf("  %s  paper %s  treecast %s  %s\n", id, cell->paper != NULL ? cell->paper : "-",
               cell->value, verdict);
        free(id);
        count[cell->verdict]++;
    }
    if (status == 0) {
        printf("%" PRId64 " cells: %" PRId64 " match, %" PRId64 " corrected, %" PRId64
               " differ, %" PRId64 " not printed (paper 001 page in %.2f s)\n",
               table->ncells, count[TC_REPRO_MATCHES], count[TC_REPRO_CORRECTED],
               count[TC_REPRO_DIFFERS], count[TC_REPRO_NOT_PRINTED], page->seconds);
        status = count[TC_REPRO_DIFFERS] > 0 ? 1 : 0;
    }
    tc_repro_page_free(page);
    return status;
}
