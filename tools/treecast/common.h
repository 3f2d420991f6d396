/* Shared pieces of the treecast command-line tool: exit codes, errors, options, output. */
#ifndef TREECAST_TOOL_COMMON_H
#define TREECAST_TOOL_COMMON_H

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

/* The command being run, for messages ("check"). */
extern const char *tool_command;

/* Print "treecast <cmd>: <message> (try 'treecast <cmd> --help')" and return EXIT_MISUSE. */
int misuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "treecast <cmd>: <message>" and return status. */
int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The exit status for a library error: EPARSE -> 3, ENOMEM/EIO/ETOOBIG -> 4, else 2. */
int status_of(tc_err_t err);

/* Report a library error (its detail message) with the right status. */
int lib_fail(tc_err_t err, const char *context);

/* Parse a non-negative integer option strictly; false (after a misuse message) otherwise. */
bool parse_int_opt(const char *name, const char *text, int64_t lo, int64_t hi, int64_t *out);
bool parse_seed(const char *text, uint64_t *out);
/* Parse a finite non-negative number strictly; false (after a misuse message) otherwise. */
bool parse_double_opt(const char *name, const char *text, double *out);

/* The getopt results every command shares: 'h' (print help, status 0), ':' (a missing value)
 * and anything else (an unknown option), both misuse. Returns the exit status. */
int common_option(int c, char **argv, void (*help)(void));

/* The index of value among the NULL-terminated choices, or -1 after a misuse message
 * ("--format must be text or json, not \"xml\""). */
int pick(const char *option, const char *value, const char *const *choices);

/* Parse --net; on failure prints and returns the status (0 on success). */
int open_net(const char *spec, tc_net_t **net);

/* Resolve --root: a label, "identity" or "random" (seeded). Prints on failure and returns the
 * status (0 on success). */
/* Parse --kind (or --compare) for net: known, defined on the network's family, and the network
 * materializable. 0, or the misuse status after printing the message. */
int open_kind(const tc_net_t *net, const char *text, const char *option, tc_kind_t *kind);

/* 0 when net belongs to family, otherwise the misuse status after saying which networks
 * `what` supports. */
int require_family(const tc_net_t *net, tc_net_family_t family, const char *what);

int resolve_root(const tc_net_t *net, const char *text, uint64_t seed, int64_t *root);

/* Output: stdout, or FILE written to FILE.tmp.XXXXXX and renamed on success. */
typedef struct {
    FILE *fp;
    char *path;
    char *tmp;
    bool direct; /* an existing non-regular file (a device, a pipe) written in place */
} output_t;

int output_open(output_t *o, const char *path);
/* Close; when ok, rename into place; otherwise remove the temporary. Returns 0 or a status. */
int output_close(output_t *o, bool ok);

/* Refuse, with one line and EXIT_RESOURCE, work that needs more memory than the machine has
 * available (MemAvailable of /proc/meminfo); 0 when it fits or the figure is unknown. */
int require_memory(int64_t bytes, const char *what);

/* qsort comparator for int64_t, and the nearest-rank percentile p (0..100) of a sorted array
 * of n >= 1 values (campaign and table distributions). */
int cmp_i64(const void *a, const void *b);
int64_t pct_i64(const int64_t *sorted, int64_t n, int p);

/* Monotonic wall-clock seconds. */
double now(void);

/* Peak resident memory of this process so far, in KiB (-1 when unknown). */
long peak_kib(void);

int cmd_info(int argc, char **argv);
int cmd_trees(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_necklaces(int argc, char **argv);
int cmd_bounds(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_search(int argc, char **argv);

#endif
