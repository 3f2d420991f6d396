/* Shared pieces of the treecast command-line tool: exit codes, errors, the network and kind
 * options, output files. The tool is a thin shell: every number it prints comes from the
 * library; this file and the cmd_*.c files only parse, choose and format. */
#ifndef TREECAST_TOOL_COMMON_H
#define TREECAST_TOOL_COMMON_H

#include "options.h"
#include "progress.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses (docs/commands.md). */
enum {
    EXIT_OK = 0,       /* success; every claim holds */
    EXIT_CLAIM = 1,    /* check: a claim fails */
    EXIT_MISUSE = 2,   /* bad option, out-of-range size, impossible parameters */
    EXIT_DATA = 3,     /* malformed label, not a permutation, unreadable or malformed file */
    EXIT_RESOURCE = 4, /* out of memory, cannot write the output */
};

/* What the misuse hint's --help is of, when narrower than the command (tool_command, progress.h):
 * "sim route-campaign" gives "(try 'treecast sim route-campaign --help')"; or NULL. */
extern const char *tool_help_topic;

/* Print "treecast <cmd>: <message> (try 'treecast <cmd> --help')" and return EXIT_MISUSE. */
int misuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "treecast <cmd>: <message>" and return status. */
int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The exit status for a library error: TC_EPARSE (bad data) -> 3; TC_ENOMEM and TC_EIO (a
 * failed write) -> 4; anything else -> 2 (misuse). Callers that read a file map its TC_EIO to
 * 3 themselves (open_net, --input). */
int status_of(tc_err_t err);

/* Report a library error (its detail message) with the right status. */
int lib_fail(tc_err_t err, const char *context);

/* Parse --net; on failure prints and returns the status (0 on success). */
int open_net(const char *spec, tc_net_t **net);

/* Parse --kind (or --compare) for net: known, defined on the network, and the network
 * materializable. 0, or the misuse status after printing the message. */
int open_kind(const tc_net_t *net, const char *text, const char *option, tc_kind_t *kind);
/* open_kind without the refusal of a network too large to materialize: for a check that can
 * follow the kind's rule instead (check --stream). */
int open_kind_unbuilt(const tc_net_t *net, const char *text, const char *option, tc_kind_t *kind);

/* Resolve --root: a label, "identity" (node 0) or "random" (seeded). Prints on failure and
 * returns the status (0 on success). */
int resolve_root(const tc_net_t *net, const char *text, uint64_t seed, int64_t *root);

/* The same for any node option (its name in the message): --to of sim route. */
int resolve_node(const tc_net_t *net, const char *text, uint64_t seed, const char *option,
                 int64_t *node);

/* Read a forest document (FILE, '-' for stdin) on net (NULL: the network the file names).
 * Prints on failure and returns the status (0 on success). */
int read_forest(const char *path, const tc_net_t *net, tc_forest_t **forest, int64_t *nonedges);

/* Output: stdout, or FILE written to FILE.tmp.XXXXXX and renamed when the command succeeds. */
typedef struct {
    FILE *fp;
    char *path;
    char *tmp;
    bool direct; /* an existing non-regular file (a device, a pipe) written in place */
} output_t;

/* Open path (NULL or "-": stdout); an empty name is a misuse. 0 or a status (printed). */
int output_open(output_t *o, const char *path);
/* A temporary an interrupted run removes besides the open outputs' (NULL: none). */
void output_guard(const char *tmp);
/* The same for a temporary directory, removed with everything in it. */
void output_guard_dir(const char *dir);
/* SIGINT, SIGTERM, SIGHUP: remove the guarded temporaries, clear the progress line, print one
 * line saying what was interrupted, exit 130, 143, 129. */
void signals_install(void);
/* Close; when ok and written, the file waits for outputs_commit (a device or stdout is written
 * already); otherwise its temporary is removed. Returns 0 or a status. */
int output_close(output_t *o, bool ok);
/* After the command (main): when ok (it succeeded, status 0 or 1), rename every closed output
 * into place; otherwise remove them all, so that the outputs of one command succeed or fail
 * together. 0 or EXIT_RESOURCE (printed) when a rename fails. */
int outputs_commit(bool ok);

/* What a run may always use: the process itself needs this much, so no estimate below it is
 * refused, however little memory is available or TREECAST_MAX_MEMORY allows. */
#define MEMORY_FLOOR ((int64_t)64 << 20)

/* Refuse, with one line and EXIT_RESOURCE, work that needs more memory than the machine has
 * available (MemAvailable of /proc/meminfo) or TREECAST_MAX_MEMORY allows, comparing byte counts
 * and printing them in units that show them ("needs about 12 GiB of memory; 3.2 GiB are
 * available"); never below MEMORY_FLOOR. 0 when it fits or the figure is unknown; the misuse
 * status for a malformed TREECAST_MAX_MEMORY. */
int require_memory(int64_t bytes, const char *what);

/* The lower of MemAvailable and TREECAST_MAX_MEMORY, with no floor (INT64_MAX when neither is
 * known): what decides between two ways of doing the same work. 0 or the misuse status. */
int memory_room(int64_t *bytes);

/* The memory a reader may fill: the lower of MemAvailable and TREECAST_MAX_MEMORY, at least
 * MEMORY_FLOOR (INT64_MAX when neither is known), and which of them it is ("are available",
 * "are allowed (TREECAST_MAX_MEMORY)"). 0 or the misuse status (printed). */
int memory_budget(int64_t *bytes, const char **whose);

/* Reading input files. Every reader of a user's file is bounded: a file larger than its format
 * may be is bad data (exit 3), one larger than memory allows is exit 4, a NUL byte is bad data
 * at once (text has none; reading /dev/zero stops in its first block), and a read error is an
 * error (exit 3), never a shorter file. A regular file is measured before it is read. */
typedef struct {
    const char *what;   /* "a forest document", for messages */
    int64_t format_max; /* the most bytes a file of the format may hold */
    int64_t per_byte;   /* memory reading it takes per byte of input (0: none beyond the text) */
    int64_t fixed;      /* and on top */
} input_limits_t;

/* The whole of FILE ('-': stdin) into *text (NUL-terminated, *len bytes; the caller frees), at
 * most min(format_max, (memory_budget - fixed) / per_byte) bytes. 0 or a status (printed). */
int read_input(const char *path, const input_limits_t *lim, char **text, size_t *len);

/* A line of a line-oriented file: at most this many bytes (a longer one is bad data, named by
 * file and line). */
#define LINE_BYTES_MAX ((int64_t)64 << 10)

/* A file read line by line (a faults file), at most max_total bytes in all. */
typedef struct {
    FILE *fp;
    const char *path, *what;
    int64_t max_total, total, lineno;
    char buf[LINE_BYTES_MAX + 1];
} lines_t;

/* Open FILE (a file named "-" too: no stdin here); what names the format in messages ("a faults
 * file"). 0 or a status (printed; nothing to close). */
int lines_open(lines_t *r, const char *path, const char *what, int64_t max_total);
/* The next line, without its newline, in *line (valid until the next call), NULL at the end of
 * the file; r->lineno is its number. 0 or a status (printed). */
int lines_next(lines_t *r, char **line);
void lines_close(lines_t *r);

/* "trial" or "trials", as n asks; plural_s: "s" unless n is 1 ("1 hop", "2 hops"). */
static inline const char *plural(int64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}
static inline const char *plural_s(int64_t n)
{
    return n == 1 ? "" : "s";
}

/* Peak resident memory of this process so far, in KiB (-1 when unknown). */
long peak_kib(void);

/* The formats most commands offer. */
extern const char *const FORMATS_TEXT_JSON[];

int cmd_info(int argc, char **argv);
int cmd_trees(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_necklaces(int argc, char **argv);
int cmd_route(int argc, char **argv);
int cmd_platform(int argc, char **argv);
int cmd_bounds(int argc, char **argv);
int cmd_bound(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_reproduce(int argc, char **argv);

#endif
