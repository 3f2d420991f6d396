/* Option tables for the treecast commands (after git's parse-options.h).
 *
 * A command describes its options once, as a table; parse_options builds getopt_long's table
 * from it, checks ranges and choices, handles --help (the usage, the description and an option
 * block generated from the table, on stdout, status 0) and misuse (one line on stderr, status
 * 2), and leaves the positional arguments in argv[*first..argc). The help of an option may span
 * lines ('\n'); continuation lines are indented under the first.
 */
#ifndef TREECAST_TOOL_OPTIONS_H
#define TREECAST_TOOL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    OPT_END_ = 0,
    OPT_FLAG_,     /* bool *: set to true */
    OPT_STRING_,   /* const char **: the argument */
    OPT_INT_,      /* int64_t *: an integer in lo..hi */
    OPT_SEED_,     /* uint64_t *: a seed (any 64-bit unsigned integer); sets *seen if given */
    OPT_DOUBLE_,   /* double *: a finite non-negative number */
    OPT_CHOICE_,   /* int *: the index of the argument among choices */
    OPT_CALLBACK_, /* cb(opt, argument) returns 0 or an exit status */
    OPT_NET_,      /* const char **: a network specification (help lists the families) */
} opt_type_t;

typedef struct opt opt_t;

/* An option of a command whose values live in a struct named args_t: the option's field is at
 * offset `off` in it. Tables are static const, at file scope, as git's are. */
struct opt {
    opt_type_t type;
    const char *name; /* "threads": --threads */
    size_t off;       /* the field in args_t */
    const char *argh; /* the argument's name in the help: "T"; NULL for flags */
    const char *help;
    int64_t lo, hi;             /* OPT_INT_ */
    const char *const *choices; /* OPT_CHOICE_: NULL-terminated */
    int (*cb)(void *field, const char *arg);
    size_t seen; /* optional: 1 + the offset of a bool set when the option is given */
};

#define OPT_END()                                                                                  \
    {                                                                                              \
        .type = OPT_END_                                                                           \
    }
#define OPT_FIELD(f) .off = offsetof(args_t, f)
#define OPT_SEEN(f) .seen = offsetof(args_t, f) + 1
#define OPT_FLAG(n, f, h)                                                                          \
    {                                                                                              \
        .type = OPT_FLAG_, .name = (n), OPT_FIELD(f), .help = (h)                                  \
    }
#define OPT_STRING(n, f, a, h)                                                                     \
    {                                                                                              \
        .type = OPT_STRING_, .name = (n), OPT_FIELD(f), .argh = (a), .help = (h)                   \
    }
#define OPT_INT(n, f, l, u, a, h)                                                                  \
    {                                                                                              \
        .type = OPT_INT_, .name = (n), OPT_FIELD(f), .argh = (a), .help = (h), .lo = (l),          \
        .hi = (u)                                                                                  \
    }
/* An integer option that also records that it was given (in the bool field g). */
#define OPT_INT_SEEN(n, f, g, l, u, a, h)                                                          \
    {                                                                                              \
        .type = OPT_INT_, .name = (n), OPT_FIELD(f), OPT_SEEN(g), .argh = (a), .help = (h),        \
        .lo = (l), .hi = (u)                                                                       \
    }
#define OPT_DOUBLE(n, f, a, h)                                                                     \
    {                                                                                              \
        .type = OPT_DOUBLE_, .name = (n), OPT_FIELD(f), .argh = (a), .help = (h)                   \
    }
#define OPT_CHOICE(n, f, c, h)                                                                     \
    {                                                                                              \
        .type = OPT_CHOICE_, .name = (n), OPT_FIELD(f), .argh = "WORD", .help = (h),               \
        .choices = (c)                                                                             \
    }
#define OPT_CALLBACK(n, f, a, fn, h)                                                               \
    {                                                                                              \
        .type = OPT_CALLBACK_, .name = (n), OPT_FIELD(f), .argh = (a), .help = (h), .cb = (fn)     \
    }

/* The options every command spells the same way. */
#define OPT_NET(f)                                                                                 \
    {                                                                                              \
        .type = OPT_NET_, .name = "net", OPT_FIELD(f), .argh = "NET"                               \
    }
#define OPT_THREADS(f)                                                                             \
    OPT_INT("threads", f, 1, TC_MAX_THREADS, "T",                                                  \
            "worker threads (default: every core; results do not depend on it)")
#define OPT_SEED(f)                                                                                \
    {                                                                                              \
        .type = OPT_SEED_, .name = "seed", OPT_FIELD(f), .argh = "S",                              \
        .help = "seed of every random choice (default 1; printed with the result)"                 \
    }
#define OPT_FORMAT(f, c) OPT_CHOICE("format", f, c, "output format")
#define OPT_OUTPUT(f) OPT_STRING("output", f, "FILE", "write there (atomically) instead of stdout")
#define OPT_TIMING(f) OPT_FLAG("timing", f, "add wall time and peak memory to the output")

/* What --help prints around the option block. */
typedef struct {
    const char *usage;     /* "treecast info --net NET [--format F]"; more lines after '\n' */
    const char *about;     /* the description, paragraphs separated by blank lines */
    const opt_t *opts;     /* ends with OPT_END() */
    const char *more;      /* printed after the option block (lists, notes), or NULL */
    void (*more_fn)(void); /* prints more after the option block, or NULL */
    const char *status;    /* the exit statuses, or NULL for the common text */
    /* Examples, or NULL: pairs of a command line ("treecast info --net star:5") and what it
     * shows, ending with NULL; printed as the "examples:" block (the man page's EXAMPLES), and
     * every one is run by the test suite (cli.help_examples_run). */
    const char *const *examples;
    /* The help of what the positional arguments name (`treecast sim PLAN --help`), or NULL:
     * when --help comes with positional arguments, the rest of the line is read (values not
     * checked) and this is called with the positional arguments instead of print_help; it
     * returns the exit status. */
    int (*help_for)(int argc, char **argv);
} command_doc_t;

/* A command's call once its options are parsed: its context (the values of the options), its
 * positional arguments (at most the max_args of run_command) and the options given: bit k for
 * doc->opts[k] (a table has at most 48 options). */
typedef struct {
    void *ctx;
    int argc;
    char **argv;
    uint64_t given;
} call_t;

/* What a command does with the call; returns the exit status. */
typedef int (*command_fn)(const call_t *call);

/* Parse argv[1..argc) (argv[0] is the command's name) by doc->opts, then call fn with the
 * positional arguments: 0 after --help, 2 after a misuse message (an unknown option, a bad
 * value, more than max_args positional arguments), fn's status otherwise. */
int run_command(int argc, char **argv, const command_doc_t *doc, int max_args, command_fn fn,
                void *args);

/* Print the help of a command to stdout. */
void print_help(const command_doc_t *doc);

/* The "examples:" block of a help (pairs of a command and what it shows, ending with NULL). */
void print_examples(const char *const *examples);

/* The index of value among choices (NULL-terminated), or -1 after a misuse message naming
 * option and the choices ("--format must be text or json, not \"xml\""). */
int pick(const char *option, const char *value, const char *const *choices);

#endif
