/* read_check — check a forest read from a JSON document, whoever wrote it.
 *
 *   read_check FILE.json        ('-' for standard input)
 *
 * The document is the forest JSON of docs/formats.md (what `treecast trees --format json`
 * writes; any program can write one). It names its network and its kind; its node ids are
 * mapped through its labels when it has them. The forest is checked as build_check.c checks a
 * forest treecast built, and every claim of the kind's paper is printed beside the measured
 * value. Exits 0 when every claim holds, 1 when one fails, 3 for a document that cannot be read
 * or parsed (the message says where), 2 for misuse.
 */
#include <treecast/treecast.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole of a stream in memory (NULL when out of memory or on a read error). */
static char *slurp(FILE *in, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, in);
        if (n < cap) {
            break;
        }
        char *bigger = realloc(buf, cap *= 2);
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
    }
    if (buf != NULL && ferror(in)) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: read_check FILE.json\n");
        return 2;
    }
    FILE *in = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
    if (in == NULL) {
        perror(argv[1]);
        return 3;
    }
    size_t len = 0;
    char *text = slurp(in, &len);
    if (in != stdin) {
        fclose(in);
    }
    if (text == NULL) {
        fprintf(stderr, "read_check: %s: could not be read\n", argv[1]);
        return 3;
    }

    /* Parse the document onto the network it names. Parents that are not neighbours are left
     * out and counted: the checker reports them as non-edges (nonedge_hint). */
    tc_forest_t *forest = NULL;
    int64_t nonedges = 0;
    tc_err_t err = tc_report_forest_read_json(text, len, &forest, &nonedges);
    free(text);
    if (err != TC_OK) {
        fprintf(stderr, "read_check: %s: %s. %s\n", argv[1], tc_strerror(err), tc_err_detail());
        return 3;
    }
    const tc_net_t *net = tc_forest_net(forest); /* the forest keeps its network alive */
    tc_kind_t kind = tc_forest_kind(forest);

    tc_check_opts_t opts = tc_check_defaults();
    tc_check_suggest(forest, &opts, NULL);
    opts.nonedge_hint = nonedges;
    tc_check_report_t *rep = malloc(sizeof *rep);
    tc_claims_t *claims = malloc(sizeof *claims);
    int status = 3;
    if (rep == NULL || claims == NULL) {
        fprintf(stderr, "read_check: out of memory\n");
    } else if ((err = tc_check_forest(forest, &opts, rep)) != TC_OK) {
        fprintf(stderr, "read_check: checking: %s. %s\n", tc_strerror(err), tc_err_detail());
    } else {
        tc_claims_evaluate(net, kind, rep, claims);
        char name[32];
        tc_net_name(net, name, sizeof name);
        printf("%s of %s (read from %s): %d trees, %" PRId64 " nodes\n", tc_kind_name(kind), name,
               argv[1], tc_forest_trees(forest), tc_net_nodes(net));
        int failed = 0;
        for (int r = 0; r < claims->count; r++) {
            const tc_claim_row_t *row = &claims->rows[r];
            if (row->verdict == TC_VERDICT_FAILS) {
                printf("  %s FAILS: %s (the paper: %s, %s)\n", row->key, row->measured, row->claim,
                       row->source);
                failed++;
            }
        }
        if (failed == 0) {
            printf("every claim holds (%d claims)\n", claims->count);
        }
        status = claims->all_hold ? 0 : 1;
    }
    free(claims);
    free(rep);
    tc_forest_free(forest);
    return status;
}
