/* treecast — the command-line tool: a thin shell over libtreecast. */
#include "common.h"
#include "options.h"

#include <string.h>

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command_t;

static const command_t commands[] = {
    {"info", cmd_info, "facts about a network, the paper's beside computed ones"},
    {"trees", cmd_trees, "build a spanning-tree family and print it (text, json, dot, edges)"},
    {"check", cmd_check, "verify a forest: the paper's claims beside measured values"},
    {"necklaces", cmd_necklaces, "necklaces of S_n or Q_n grouped by distance from node 0"},
    {"route", cmd_route,
     "a route on S_n by paper 001's rules (node or substar), or around faults (DFS)"},
    {"bounds", cmd_bounds, "the papers' lower bounds for the collectives (Tables 1-3)"},
    {"bound", cmd_bound, "the optimal bcast or allgather rate of a network, and its cut"},
    {"balance", cmd_balance,
     "subtree sizes of the hypercube's balanced trees (paper 002, Table 1)"},
    {"sim", cmd_sim, "simulate a collective in rounds, with faults, beside the paper's bound"},
    {"table", cmd_table,
     "reproduce a paper's table: its values beside treecast's (001:1, 001:2, 002:2, ...)"},
    {"platform", cmd_platform, "a SimGrid platform of a network, for libtreecast_mpi under SMPI"},
    {"search", cmd_search, "least-height edge-disjoint spanning trees at a root, proved (SAT)"},
    {"reproduce", cmd_reproduce,
     "every table and figure of the papers, regenerated with verdicts (Markdown, HTML)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: treecast <command> [options]\n\n"
                 "Spanning-tree families of interconnection networks, built and checked.\n\n"
                 "commands:\n");
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        fprintf(out, "  %-10s %s\n", commands[k].name, commands[k].summary);
    }
    static const char *const examples[] = {
        "treecast check --net star:7 --kind edt",
        "build the n-1 edge-disjoint spanning trees of S_7 and check every claim of paper 000",
        "treecast sim bcast --net star:7 --M 60",
        "broadcast 60 messages over them in the round engine, beside the paper's bound",
        "treecast reproduce --quick --out r",
        "the papers' tables and figures, regenerated with verdicts, into the directory r",
        "treecast help sim",
        "the help of one command",
        NULL,
    };
    if (out == stdout) {
        print_examples(examples);
    }
    fprintf(out, "\n'treecast <command> --help' (or 'treecast help <command>') describes a "
                 "command.\n"
                 "exit status: 0 success, 1 a claim fails, 2 misuse, 3 bad input data,\n"
                 "4 out of memory or output not writable.\n");
}

/* `treecast --list commands|kinds|families [NET]`: names, one a line, for programs; the bash
 * completion (tools/treecast/treecast.bash) reads them here and everything else from --help, so
 * that it cannot go stale. "kinds NET": the kinds defined on NET (every kind when NET is not a
 * network); "families": the text before the colon of every network specification, colon
 * included. Not in --help, which is for people. */
static int list(int argc, char **argv)
{
    const char *what = argc > 2 ? argv[2] : "";
    if (strcmp(what, "commands") == 0) {
        for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
            printf("%s\n", commands[k].name);
        }
    } else if (strcmp(what, "kinds") == 0) {
        tc_net_t *net = NULL;
        if (argc > 3 && tc_net_parse(argv[3], &net) != TC_OK) {
            net = NULL;
        }
        for (int k = TC_KIND_CUSTOM + 1; k < TC_KIND_COUNT_; k++) {
            if (net == NULL || tc_kind_applies((tc_kind_t)k, net)) {
                printf("%s\n", tc_kind_name((tc_kind_t)k));
            }
        }
        tc_net_free(net);
    } else if (strcmp(what, "families") == 0) {
        /* "star:N, cube:N, icube:N,K, ... or graph:FILE" */
        for (const char *s = tc_net_syntax(); *s != '\0';) {
            size_t len = strcspn(s, ":");
            printf("%.*s:\n", (int)len, s);
            const char *comma = strstr(s + len, ", "), *final = strstr(s + len, " or ");
            const char *next = comma != NULL && (final == NULL || comma < final) ? comma : final;
            s = next == NULL ? "" : next + (next == comma ? 2 : 4);
        }
    } else {
        return misuse("--list: expected commands, kinds or families");
    }
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    int status;
    if (argc < 2) {
        return misuse("no command given");
    }
    signals_install();
    if (strcmp(argv[1], "help") == 0 && argc > 2) { /* treecast help CMD: CMD --help */
        char help[] = "--help";
        char *hargv[] = {argv[0], argv[2], help, NULL};
        return main(3, hargv);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        status = EXIT_OK;
    } else if (strcmp(argv[1], "--version") == 0) {
        printf("treecast %s\n", tc_version());
        status = EXIT_OK;
    } else if (strcmp(argv[1], "--list") == 0) {
        status = list(argc, argv);
    } else {
        status = -1;
        for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
            if (strcmp(argv[1], commands[k].name) == 0) {
                tool_command = commands[k].name;
                status = commands[k].run(argc - 1, argv + 1);
            }
        }
        if (status < 0) {
            return misuse("unknown command \"%s\"", argv[1]);
        }
    }
    /* Whatever reached stdout must have been written: --help into a full disk fails too. */
    if ((fflush(stdout) != 0 || ferror(stdout)) && status != EXIT_RESOURCE) {
        status = fail(EXIT_RESOURCE, "writing the output failed");
    }
    /* The output files, all in place or none: a command that failed after writing one (the
     * platform before its hostfile) leaves nothing. */
    int committed = outputs_commit(status == EXIT_OK || status == EXIT_CLAIM);
    return committed != 0 ? committed : status;
}
