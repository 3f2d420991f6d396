/* treecast balance — the subtree sizes of a spanning balanced n-tree (paper 002, Table 1). */
#include "common.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *net_spec, *kind_text;
    int64_t from, to, threads;
    int format;
} args_t;

static const char *const KINDS[] = {"sbnt-minr", "sbnt-maxl", "sbnt-minbl", "sbnt-maxbr", NULL};

/* One row of Table 1, measured, beside the printed one; whether it matches. */
static bool row(tc_json_t *j, int n, const tc_balance_t *b, bool sizes)
{
    double avg = (double)((1ull << n) - 1) / (double)n;
    double factor = (double)b->sbnt_max / avg;
    const int64_t *paper = tc_table_002_1(n);
    bool match = paper != NULL && b->A == paper[1] && b->B == paper[2] && b->sbt_max == paper[3] &&
                 b->sbnt_max == paper[4] && b->sbnt_min == paper[5] &&
                 (int64_t)(factor * 100 + 0.5) == paper[6];
    const char *verdict = paper == NULL ? "-" : match ? "matches" : "DIFFERS";
    if (j != NULL) {
        tc_json_newline(j);
        tc_json_object(j);
        tc_json_kint(j, "n", n);
        tc_json_kint(j, "A", b->A);
        tc_json_kint(j, "B", b->B);
        tc_json_kint(j, "sbt_max", b->sbt_max);
        tc_json_kint(j, "sbnt_max", b->sbnt_max);
        tc_json_kint(j, "sbnt_min", b->sbnt_min);
        tc_json_key(j, "average");
        tc_json_fixed(j, avg, 2);
        tc_json_key(j, "factor");
        tc_json_fixed(j, factor, 2);
        tc_json_kstr(j, "table1", verdict);
        if (sizes) {
            tc_json_key(j, "subtrees");
            tc_json_array(j);
            for (int k = 0; k < n; k++) {
                tc_json_int(j, b->subtree[k]);
            }
            tc_json_end_array(j);
        }
        tc_json_end_object(j);
        return paper == NULL || match;
    }
    printf("%4d %8lld %6lld %12lld %12lld %12lld %14.2f %7.2f  %s", n, (long long)b->A,
           (long long)b->B, (long long)b->sbt_max, (long long)b->sbnt_max, (long long)b->sbnt_min,
           avg, factor, verdict);
    if (paper != NULL && !match) {
        printf(" (printed: %lld %lld %lld %lld %lld %.2f)", (long long)paper[1],
               (long long)paper[2], (long long)paper[3], (long long)paper[4], (long long)paper[5],
               (double)paper[6] / 100);
    }
    printf("\n");
    if (sizes) {
        printf("subtree sizes:");
        for (int k = 0; k < n; k++) {
            printf(" %lld", (long long)b->subtree[k]);
        }
        printf("\n");
    }
    return paper == NULL || match;
}

static int rows(int kind, int64_t from, int64_t to, bool one, bool json, int64_t threads)
{
    tc_json_t j;
    bool all_match = true;
    if (json) {
        tc_json_document(&j, stdout, "balance");
        tc_json_kstr(&j, "kind", KINDS[kind]);
        tc_json_key(&j, "rows");
        tc_json_array(&j);
    } else {
        printf("%s subtree sizes (paper 002, Table 1; subtree j = {c != 0 : index(c) = j})\n",
               KINDS[kind]);
        printf("%4s %8s %6s %12s %12s %12s %14s %7s  %s\n", "n", "A", "B", "SBT(max)", "SBnT(max)",
               "SBnT(min)", "(N-1)/n", "factor", "Table 1");
    }
    /* row n streams 2^n addresses: the line counts those */
    progress_begin("streaming the addresses", "", ((int64_t)2 << to) - ((int64_t)1 << from));
    for (int64_t n = from; n <= to; n++) {
        tc_balance_t b;
        tc_err_t err = tc_cube_balance((int)n, (tc_sbnt_t)kind, (int)threads, &b);
        if (err != TC_OK) {
            return lib_fail(err, "balance");
        }
        progress_add((int64_t)1 << n);
        progress_hold();
        all_match = row(json ? &j : NULL, (int)n, &b, one) && all_match;
        fflush(stdout);
        progress_release();
    }
    progress_end();
    if (json) {
        tc_json_end_array(&j);
        tc_json_kbool(&j, "all_match", all_match);
        tc_json_end_object(&j);
        tc_json_finish(&j);
    }
    return all_match ? EXIT_OK : EXIT_CLAIM;
}

static int balance(const call_t *call)
{
    const args_t *a = call->ctx;
    if (a->kind_text == NULL) {
        return misuse("--kind is required (sbnt-minr, sbnt-maxl, sbnt-minbl or sbnt-maxbr)");
    }
    int kind = pick("--kind", a->kind_text, KINDS);
    if (kind < 0) {
        return EXIT_MISUSE;
    }
    int64_t from = a->from, to = a->to;
    bool range = from >= 0 || to >= 0;
    if (range && (from < 0 || to < 0 || from > to)) {
        return misuse("--from and --to go together, with --from <= --to");
    }
    if (range == (a->net_spec != NULL)) {
        return misuse("give either --net cube:N or --from A --to B");
    }
    if (!range) { /* Table 1 is about Q_n: this command takes cube:N by name */
        char *end = NULL;
        long n = strncmp(a->net_spec, "cube:", 5) == 0 ? strtol(a->net_spec + 5, &end, 10) : -1;
        if (n < 0) {
            return misuse("--net must be cube:N for balance, not \"%s\"", a->net_spec);
        }
        if (a->net_spec[5] < '0' || a->net_spec[5] > '9' || *end != '\0' || n < 2 || n > 36) {
            return misuse("--net cube:N needs an integer in 2..36, not \"%s\"", a->net_spec + 5);
        }
        from = to = n;
    }
    return rows(kind, from, to, !range, a->format == 1, a->threads);
}

static const opt_t OPTS[] = {
    {.type = OPT_STRING_,
     .name = "net",
     OPT_FIELD(net_spec),
     .argh = "cube:N",
     .help = "one cube, 2 <= N <= 36 (with the subtree sizes)"},
    OPT_STRING("kind", kind_text, "KIND",
               "sbnt-minr, sbnt-maxl, sbnt-minbl or sbnt-maxbr (Section 4)"),
    OPT_INT("from", from, 2, 36, "A", "the first row of a range, 2 <= A <= B <= 36"),
    OPT_INT("to", to, 2, 36, "B", "the last row"),
    OPT_THREADS(threads),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast balance --kind sbnt-minr --from 2 --to 12",
    "Table 1 of paper 002, row by row, n = 2..12",
    "treecast balance --net cube:8 --kind sbnt-maxl",
    "the subtree sizes of one SBnT variant of Q_8",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast balance --net cube:N --kind KIND [--threads T] [--format text|json]\n"
             "       treecast balance --kind KIND --from A --to B [...]",
    .about = "Measure how an SBnT of the hypercube Q_N divides the nodes among the subtrees of\n"
             "the root (paper 002, Section 3): the subtree sizes, A (cyclic nodes), B (degenerate\n"
             "necklaces), the largest subtree of the spanning binomial tree, SBnT(max),\n"
             "SBnT(min), (N-1)/n and the factor SBnT(max) / ((N-1)/n) -- one row of Table 1,\n"
             "streamed over all 2^N addresses on every core, nothing materialized. --from/--to\n"
             "print the rows of a range with Table 1's printed values beside the measured ones\n"
             "(n <= 20).",
    .opts = OPTS,
    .status = "0 every measured row equals the paper's, 1 one differs, 2 misuse.",
    .examples = EXAMPLES,
};

int cmd_balance(int argc, char **argv)
{
    args_t a = {.from = -1, .to = -1};
    return run_command(argc, argv, &DOC, 0, balance, &a);
}
