/* treecast balance — the subtree sizes of a spanning balanced n-tree (paper 002, Table 1). */
#include "common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast balance --net cube:N --kind KIND [--threads T] [--format text|json]\n"
           "       treecast balance --kind KIND --from A --to B [...]\n"
           "\n"
           "Measure how an SBnT of the hypercube Q_N divides the nodes among the subtrees of\n"
           "the root (paper 002, Section 3): the subtree sizes, A (cyclic nodes), B (degenerate\n"
           "necklaces), the largest subtree of the spanning binomial tree, SBnT(max), SBnT(min),\n"
           "(N-1)/n and the factor SBnT(max) / ((N-1)/n) -- one row of Table 1, streamed over all\n"
           "2^N addresses on every core, nothing materialized. --from/--to print the rows of a\n"
           "range with Table 1's printed values beside the measured ones (n <= 20).\n"
           "\n"
           "  --net cube:N      one cube, 2 <= N <= 36 (with the subtree sizes)\n"
           "  --kind KIND       sbnt-minr, sbnt-maxl, sbnt-minbl or sbnt-maxbr (Section 4)\n"
           "  --from A --to B   a range of rows, 2 <= A <= B <= 36\n"
           "  --threads T       worker threads (default: every core)\n"
           "  --format F        text (default) or json\n"
           "\n"
           "exit status: 0 every measured row equals the paper's, 1 one differs, 2 misuse.\n");
}

/* Table 1 of paper 002: n, A, B, SBT(max), SBnT(max), SBnT(min), factor x 100. */
static const int64_t table1[19][7] = {
    {2, 2, 2, 2, 2, 1, 133},
    {3, 2, 2, 4, 3, 2, 129},
    {4, 4, 3, 8, 5, 3, 133},
    {5, 2, 2, 16, 7, 6, 113},
    {6, 10, 5, 32, 13, 9, 124},
    {7, 2, 2, 64, 19, 18, 105},
    {8, 16, 6, 128, 35, 30, 110},
    {9, 8, 4, 256, 59, 56, 104},
    {10, 34, 9, 512, 107, 99, 105},
    {11, 2, 2, 1024, 187, 186, 100},
    {12, 76, 17, 2048, 351, 335, 103},
    {13, 2, 2, 4096, 631, 630, 100},
    {14, 130, 21, 8192, 1181, 1161, 101},
    {15, 38, 10, 16384, 2191, 2182, 100},
    {16, 256, 36, 32768, 4115, 4080, 100},
    {17, 2, 2, 65536, 7711, 7710, 100},
    {18, 568, 70, 131072, 14601, 14532, 100},
    {19, 2, 2, 262144, 27595, 27594, 100},
    {20, 1036, 111, 524288, 52487, 52377, 100},
};

static const char *const kinds[] = {"sbnt-minr", "sbnt-maxl", "sbnt-minbl", "sbnt-maxbr", NULL};

int cmd_balance(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},     {"kind", required_argument, NULL, 'k'},
        {"from", required_argument, NULL, 'a'},    {"to", required_argument, NULL, 'b'},
        {"threads", required_argument, NULL, 't'}, {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    const char *net_spec = NULL, *kind_text = NULL, *format = "text";
    int64_t from = -1, to = -1, threads = 0;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            net_spec = optarg;
            break;
        case 'k':
            kind_text = optarg;
            break;
        case 'a':
            if (!parse_int_opt("--from", optarg, 2, 36, &from)) {
                return EXIT_MISUSE;
            }
            break;
        case 'b':
            if (!parse_int_opt("--to", optarg, 2, 36, &to)) {
                return EXIT_MISUSE;
            }
            break;
        case 't':
            if (!parse_int_opt("--threads", optarg, 1, 64, &threads)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            format = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    int fmt = pick("--format", format, (const char *const[]){"text", "json", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    if (kind_text == NULL) {
        return misuse("--kind is required (sbnt-minr, sbnt-maxl, sbnt-minbl or sbnt-maxbr)");
    }
    int kind = pick("--kind", kind_text, kinds);
    if (kind < 0) {
        return EXIT_MISUSE;
    }
    bool range = from >= 0 || to >= 0;
    if (range && (from < 0 || to < 0 || from > to)) {
        return misuse("--from and --to go together, with --from <= --to");
    }
    if (range == (net_spec != NULL)) {
        return misuse("give either --net cube:N or --from A --to B");
    }
    if (!range) {
        int64_t n;
        if (strncmp(net_spec, "cube:", 5) != 0) {
            return misuse("--net must be cube:N for balance, not \"%s\"", net_spec);
        }
        if (!parse_int_opt("--net cube:N", net_spec + 5, 2, 36, &n)) {
            return EXIT_MISUSE;
        }
        from = to = n;
    }
    bool json = fmt == 1, all_match = true;
    if (json) {
        printf("{\"format_version\":1,\"command\":\"balance\",\"kind\":\"%s\",\"rows\":[",
               kinds[kind]);
    } else {
        printf("%s subtree sizes (paper 002, Table 1; subtree j = {c != 0 : index(c) = j})\n",
               kinds[kind]);
        printf("%4s %8s %6s %12s %12s %12s %14s %7s  %s\n", "n", "A", "B", "SBT(max)", "SBnT(max)",
               "SBnT(min)", "(N-1)/n", "factor", "Table 1");
    }
    for (int64_t n = from; n <= to; n++) {
        tc_balance_t b;
        tc_err_t err = tc_cube_balance((int)n, (tc_sbnt_t)kind, (int)threads, &b);
        if (err != TC_OK) {
            return lib_fail(err, "balance");
        }
        double avg = (double)((1ull << n) - 1) / (double)n;
        double factor = (double)b.sbnt_max / avg;
        const int64_t *paper = n >= 2 && n <= 20 ? table1[n - 2] : NULL;
        bool match = paper != NULL && b.A == paper[1] && b.B == paper[2] && b.sbt_max == paper[3] &&
                     b.sbnt_max == paper[4] && b.sbnt_min == paper[5] &&
                     (int64_t)(factor * 100 + 0.5) == paper[6];
        all_match = all_match && (paper == NULL || match);
        const char *verdict = paper == NULL ? "-" : match ? "matches" : "DIFFERS";
        if (json) {
            printf("%s\n{\"n\":%lld,\"A\":%lld,\"B\":%lld,\"sbt_max\":%lld,\"sbnt_max\":%lld,"
                   "\"sbnt_min\":%lld,\"average\":%.2f,\"factor\":%.2f,\"table1\":\"%s\"",
                   n > from ? "," : "", (long long)n, (long long)b.A, (long long)b.B,
                   (long long)b.sbt_max, (long long)b.sbnt_max, (long long)b.sbnt_min, avg, factor,
                   verdict);
            if (!range) {
                printf(",\"subtrees\":[");
                for (int j = 0; j < n; j++) {
                    printf("%s%lld", j ? "," : "", (long long)b.subtree[j]);
                }
                printf("]");
            }
            printf("}");
        } else {
            printf("%4lld %8lld %6lld %12lld %12lld %12lld %14.2f %7.2f  %s", (long long)n,
                   (long long)b.A, (long long)b.B, (long long)b.sbt_max, (long long)b.sbnt_max,
                   (long long)b.sbnt_min, avg, factor, verdict);
            if (paper != NULL && !match) {
                printf(" (printed: %lld %lld %lld %lld %lld %.2f)", (long long)paper[1],
                       (long long)paper[2], (long long)paper[3], (long long)paper[4],
                       (long long)paper[5], (double)paper[6] / 100);
            }
            printf("\n");
            if (!range) {
                printf("subtree sizes:");
                for (int j = 0; j < n; j++) {
                    printf(" %lld", (long long)b.subtree[j]);
                }
                printf("\n");
            }
        }
        fflush(stdout);
    }
    if (json) {
        printf("],\"all_match\":%s}\n", all_match ? "true" : "false");
    }
    return all_match ? EXIT_OK : EXIT_CLAIM;
}
