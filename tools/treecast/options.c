/* Option tables: getopt_long's table, value checks and the --help text, from one description. */
#include "options.h"
#include "common.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 48 /* at most 64: call_t.given has a bit per option */
#define HELP_COLUMN 22

int pick(const char *option, const char *value, const char *const *choices)
{
    char list[200] = "";
    size_t len = 0;
    int k = 0;
    for (; choices[k] != NULL; k++) {
        if (strcmp(value, choices[k]) == 0) {
            return k;
        }
    }
    for (int j = 0; j < k; j++) {
        const char *sep = j == 0 ? "" : j == k - 1 ? " or " : ", ";
        int w = snprintf(list + len, sizeof list - len, "%s%s", sep, choices[j]);
        len += w > 0 && (size_t)w < sizeof list - len ? (size_t)w : 0;
    }
    misuse("%s must be %s, not \"%s\"", option, list, value);
    return -1;
}

static bool parse_int(const opt_t *o, const char *text, int64_t *out)
{
    char *end = NULL;
    errno = 0;
    bool ok = text[0] >= '0' && text[0] <= '9';
    long long v = ok ? strtoll(text, &end, 10) : 0;
    if (!ok || *end != '\0' || errno != 0 || v < o->lo || v > o->hi) {
        misuse("--%s needs an integer in %lld..%lld, not \"%s\"", o->name, (long long)o->lo,
               (long long)o->hi, text);
        return false;
    }
    *out = v;
    return true;
}

static bool parse_seed(const char *text, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    if (*text < '0' || *text > '9') {
        misuse("--seed needs a non-negative integer, not \"%s\"", text);
        return false;
    }
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || errno != 0) {
        misuse("--seed needs a non-negative integer below 2^64, not \"%s\"", text);
        return false;
    }
    *out = v;
    return true;
}

static bool parse_double(const opt_t *o, const char *text, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(v) || v < 0) {
        misuse("--%s needs a non-negative number, not \"%s\"", o->name, text);
        return false;
    }
    *out = v;
    return true;
}

/* Store the option's argument into the command's args; 0 or an exit status. */
static int take(const opt_t *o, const char *arg, char *args)
{
    void *value = args + o->off;
    if (o->seen != 0) {
        *(bool *)(args + o->seen - 1) = true;
    }
    switch (o->type) {
    case OPT_FLAG_:
        *(bool *)value = true;
        return 0;
    case OPT_STRING_:
        if (arg[0] == '\0' && o->argh != NULL &&
            (strcmp(o->argh, "FILE") == 0 || strcmp(o->argh, "DIR") == 0)) {
            return misuse("--%s needs a %s name, not an empty one", o->name,
                          o->argh[0] == 'D' ? "directory" : "file");
        }
        *(const char **)value = arg;
        return 0;
    case OPT_NET_:
        *(const char **)value = arg;
        return 0;
    case OPT_INT_:
        return parse_int(o, arg, value) ? 0 : EXIT_MISUSE;
    case OPT_SEED_:
        return parse_seed(arg, value) ? 0 : EXIT_MISUSE;
    case OPT_DOUBLE_:
        return parse_double(o, arg, value) ? 0 : EXIT_MISUSE;
    case OPT_CHOICE_: {
        char name[48];
        snprintf(name, sizeof name, "--%s", o->name);
        int k = pick(name, arg, o->choices);
        if (k < 0) {
            return EXIT_MISUSE;
        }
        *(int *)value = k;
        return 0;
    }
    case OPT_CALLBACK_:
        return o->cb(value, arg);
    default:
        return EXIT_MISUSE;
    }
}

/* "a, b or c" of the choices. */
static void choice_list(const char *const *choices, char *buf, size_t cap)
{
    size_t len = 0;
    int k = 0;
    while (choices[k] != NULL) {
        k++;
    }
    buf[0] = '\0';
    for (int j = 0; j < k; j++) {
        const char *sep = j == 0 ? "" : j == k - 1 ? " or " : ", ";
        int w = snprintf(buf + len, len < cap ? cap - len : 0, "%s%s", sep, choices[j]);
        len += w > 0 ? (size_t)w : 0;
    }
}

/* One option of the block: "  --name ARG" padded to the help column, the help's lines under. */
static void help_line(const opt_t *o)
{
    char head[64], text[512];
    const char *help = o->help;
    if (o->type == OPT_NET_) {
        snprintf(text, sizeof text, "the network: %s", tc_net_syntax());
        help = text;
    } else if (o->type == OPT_CHOICE_) {
        char list[200];
        choice_list(o->choices, list, sizeof list);
        snprintf(text, sizeof text, "%s: %s (default %s)", o->help, list, o->choices[0]);
        help = text;
    }
    int w = snprintf(head, sizeof head, "  --%s%s%s", o->name, o->argh ? " " : "",
                     o->argh ? (o->type == OPT_CHOICE_ ? "F" : o->argh) : "");
    printf("%s", head);
    if (w >= HELP_COLUMN - 1) {
        printf("\n%*s", HELP_COLUMN, "");
    } else {
        printf("%*s", HELP_COLUMN - w, "");
    }
    /* wrap the help at 100 columns, and at its own newlines */
    int col = HELP_COLUMN;
    const char *s = help;
    while (*s != '\0') {
        if (*s == '\n') {
            printf("\n%*s", HELP_COLUMN, "");
            col = HELP_COLUMN;
            s++;
            continue;
        }
        size_t word = strcspn(s, " \n");
        if (col > HELP_COLUMN && col + 1 + (int)word > 99) {
            printf("\n%*s", HELP_COLUMN, "");
            col = HELP_COLUMN;
        } else if (col > HELP_COLUMN) {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)word, s);
        col += (int)word;
        s += word;
        while (*s == ' ') {
            s++;
        }
    }
    putchar('\n');
}

void print_examples(const char *const *examples)
{
    printf("\nexamples:\n");
    for (int k = 0; examples[k] != NULL && examples[k + 1] != NULL; k += 2) {
        printf("  %s\n", examples[k]);
        int col = 0; /* what it shows, in words, wrapped at 96 columns under the command */
        for (const char *w = examples[k + 1]; *w != '\0';) {
            int len = (int)strcspn(w, " ");
            if (col > 0 && col + 1 + len > 90) {
                putchar('\n');
                col = 0;
            }
            printf("%s%.*s", col == 0 ? "      " : " ", len, w);
            col += len + 1;
            w += len + (w[len] == ' ');
        }
        putchar('\n');
    }
}

void print_help(const command_doc_t *doc)
{
    printf("usage: %s\n\n%s\n\n", doc->usage, doc->about);
    for (const opt_t *o = doc->opts; o->type != OPT_END_; o++) {
        help_line(o);
    }
    printf("  --quiet             no progress line on stderr (it is drawn only on a terminal)\n");
    printf("  --help              this text\n");
    if (doc->more != NULL) {
        printf("\n%s\n", doc->more);
    }
    if (doc->more_fn != NULL) {
        putchar('\n');
        doc->more_fn();
    }
    if (doc->examples != NULL) {
        print_examples(doc->examples);
    }
    printf("\nexit status: %s\n", doc->status != NULL
                                      ? doc->status
                                      : "0 success, 2 misuse, 3 bad input data, 4 out of memory or "
                                        "output not writable.");
}

int run_command(int argc, char **argv, const command_doc_t *doc, int max_args, command_fn fn,
                void *args)
{
    struct option longopts[MAX_OPTS + 3];
    int count = 0;
    for (const opt_t *o = doc->opts; o->type != OPT_END_ && count < MAX_OPTS; o++, count++) {
        longopts[count] = (struct option){
            o->name, o->type == OPT_FLAG_ ? no_argument : required_argument, NULL, 1000 + count};
    }
    longopts[count] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[count + 1] = (struct option){"quiet", no_argument, NULL, 'q'};
    longopts[count + 2] = (struct option){NULL, 0, NULL, 0};
    opterr = 0;
    optind = 1;
    uint64_t given = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c == 'h' && doc->help_for != NULL) {
            while (getopt_long(argc, argv, ":h", longopts, NULL) != -1) {
                /* the positional arguments, wherever they are on the line */
            }
            return argc > optind ? doc->help_for(argc - optind, argv + optind)
                                 : (print_help(doc), EXIT_OK);
        }
        if (c == 'h') {
            print_help(doc);
            return EXIT_OK;
        }
        if (c == 'q') {
            tool_quiet = true;
            continue;
        }
        if (c == ':') {
            return misuse("%s needs a value", argv[optind - 1]);
        }
        if (c < 1000 || c >= 1000 + count) {
            return misuse("unknown option \"%s\"", argv[optind - 1]);
        }
        int st = take(&doc->opts[c - 1000], optarg, (char *)args);
        if (st != 0) {
            return st;
        }
        given |= (uint64_t)1 << (c - 1000);
    }
    if (argc - optind > max_args) {
        return misuse("unexpected argument \"%s\"", argv[optind + max_args]);
    }
    call_t call = {args, argc - optind, argv + optind, given};
    return fn(&call);
}
