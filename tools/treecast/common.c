#include "common.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *tool_help_topic;

/* Write a message to stderr with its control characters escaped (\xHH): a byte of an input
 * file quoted in a message must not reach the terminal as an escape sequence. C1 controls in
 * UTF-8 (0xc2 0x80..0x9f) count as control characters; other bytes pass. */
static void put_escaped(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++) {
        bool c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;
        if (*p < 0x20 || *p == 0x7f || c1) {
            fprintf(stderr, c1 ? "\\x%02x\\x%02x" : "\\x%02x", p[0], p[1]);
            p += c1;
        } else {
            fputc(*p, stderr);
        }
    }
}

/* "treecast CMD: " + the message + tail, on one line; the progress line goes first. */
static void message(const char *tail, const char *fmt, va_list ap)
{
    char text[2048];
    vsnprintf(text, sizeof text, fmt, ap);
    progress_end();
    fprintf(stderr, "treecast%s%s: ", tool_command[0] ? " " : "", tool_command);
    put_escaped(text);
    fputs(tail, stderr);
}

int misuse(const char *fmt, ...)
{
    char tail[128];
    const char *topic = tool_help_topic != NULL ? tool_help_topic : tool_command;
    snprintf(tail, sizeof tail, " (try 'treecast %s%s--help')\n", topic, topic[0] ? " " : "");
    va_list ap;
    va_start(ap, fmt);
    message(tail, fmt, ap);
    va_end(ap);
    return EXIT_MISUSE;
}

int fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("\n", fmt, ap);
    va_end(ap);
    return status;
}

int status_of(tc_err_t err)
{
    switch (err) {
    case TC_EPARSE:
        return EXIT_DATA;
    case TC_ENOMEM:
    case TC_EIO:
        return EXIT_RESOURCE;
    default:
        return EXIT_MISUSE;
    }
}

int lib_fail(tc_err_t err, const char *context)
{
    const char *detail = tc_err_detail();
    int status = status_of(err);
    const char *msg = detail[0] ? detail : tc_strerror(err);
    if (status == EXIT_MISUSE) {
        return context ? misuse("%s: %s", context, msg) : misuse("%s", msg);
    }
    return context ? fail(status, "%s: %s", context, msg) : fail(status, "%s", msg);
}

int open_net(const char *spec, tc_net_t **net)
{
    if (spec == NULL) {
        return misuse("--net is required (for example --net star:7)");
    }
    tc_err_t err;
    if (strncmp(spec, "graph:", 6) == 0) { /* read within the memory this run may use */
        int64_t budget = 0;
        const char *whose = "";
        int st = memory_budget(&budget, &whose);
        if (st != 0) {
            return st;
        }
        err = tc_net_graph_load(spec + 6, budget == INT64_MAX ? 0 : budget, net);
    } else {
        err = tc_net_parse(spec, net);
    }
    if (err == TC_EPARSE || err == TC_EIO) { /* a graph file that cannot be read: bad data */
        return fail(EXIT_DATA, "--net %s: %s", spec, tc_err_detail());
    }
    if (err != TC_OK) {
        return err == TC_ENOMEM ? fail(status_of(err), "--net %s: %s", spec, tc_err_detail())
                                : misuse("--net %s: %s", spec, tc_err_detail());
    }
    return 0;
}

int open_kind(const tc_net_t *net, const char *text, const char *option, tc_kind_t *kind)
{
    int st = open_kind_unbuilt(net, text, option, kind);
    if (st == 0 && !tc_net_materializable(net)) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        return misuse("%s is too large to materialize", name);
    }
    return st;
}

int open_kind_unbuilt(const tc_net_t *net, const char *text, const char *option, tc_kind_t *kind)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    if (text == NULL) {
        return misuse("%s is required (%s)", option, tc_kind_list(net));
    }
    if (tc_kind_parse(text, kind) != TC_OK) {
        return misuse("%s: %s", option, tc_err_detail());
    }
    if (!tc_kind_applies(*kind, net)) {
        return misuse("%s %s is not defined on %s; its kinds are %s", option, text, name,
                      tc_kind_list(net));
    }
    return 0;
}

int resolve_node(const tc_net_t *net, const char *text, uint64_t seed, const char *option,
                 int64_t *node)
{
    if (text == NULL || strcmp(text, "identity") == 0) {
        *node = 0;
        return 0;
    }
    if (strcmp(text, "random") == 0) {
        tc_rng_t rng;
        tc_rng_seed(&rng, seed, 1);
        *node = (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(net));
        return 0;
    }
    tc_err_t err = tc_net_parse_label(net, text, node);
    if (err != TC_OK) {
        return fail(EXIT_DATA, "%s: %s", option, tc_err_detail());
    }
    return 0;
}

int resolve_root(const tc_net_t *net, const char *text, uint64_t seed, int64_t *root)
{
    return resolve_node(net, text, seed, "--root", root);
}

static void output_discard(output_t *o);

/* ---- interruption: SIGINT, SIGTERM and SIGHUP remove the output's temporary, say so in one
 * line and exit 128 + the signal (130, 143, 129). Only async-signal-safe calls in the handler. */
static char guard_tmp[4096];
static volatile sig_atomic_t guard_on; /* 1: a file; 2: a directory */

/* The temporaries of the files output_open writes: being written (1), or closed and waiting for
 * outputs_commit (2), which renames them all into place when the command succeeds and removes
 * them all when it fails, so that the outputs of one command succeed or fail together (a
 * platform is not left behind when its hostfile cannot be written). More outputs at once than
 * slots: the extra ones are renamed by output_close, as one output alone would be. */
enum { PENDING_MAX = 8 };
typedef struct {
    char tmp[4096];
    char *path; /* the file it becomes */
    volatile sig_atomic_t state;
} pending_t;
static pending_t pending[PENDING_MAX];

/* The slot of temporary tmp (state != 0), or -1. */
static int pending_find(const char *tmp)
{
    for (int k = 0; k < PENDING_MAX; k++) {
        if (pending[k].state != 0 && strcmp(pending[k].tmp, tmp) == 0) {
            return k;
        }
    }
    return -1;
}

void output_guard(const char *tmp)
{
    guard_on = 0;
    if (tmp != NULL && strlen(tmp) < sizeof guard_tmp) {
        memcpy(guard_tmp, tmp, strlen(tmp) + 1);
        guard_on = 1;
    }
}

/* tmp is gone: no slot and no guard of its own any more. */
static void output_unguard(const char *tmp)
{
    int slot = pending_find(tmp);
    if (slot >= 0) {
        pending[slot].state = 0;
    }
    if (guard_on == 1 && strcmp(guard_tmp, tmp) == 0) {
        output_guard(NULL);
    }
}

void output_guard_dir(const char *dir)
{
    output_guard(dir);
    if (guard_on) {
        guard_on = 2;
    }
}

/* Remove the guarded temporary from a signal handler: a file by unlink, a directory by rm -rf in
 * a child (fork, execve and waitpid are async-signal-safe; opendir is not). */
static bool remove_guarded(void)
{
    bool removed = false;
    for (int k = 0; k < PENDING_MAX; k++) {
        if (pending[k].state != 0 && unlink(pending[k].tmp) == 0) {
            removed = true;
        }
    }
    if (guard_on == 1) {
        return unlink(guard_tmp) == 0 || removed;
    }
    if (guard_on != 2) {
        return removed;
    }
    pid_t pid = fork();
    if (pid == 0) {
        char *const argv[] = {"rm", "-rf", "--", guard_tmp, NULL};
        char *const envp[] = {NULL};
        execve("/bin/rm", argv, envp);
        _exit(127);
    }
    int st = 0;
    return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void say(const char *s)
{
    size_t len = strlen(s);
    while (len > 0) {
        ssize_t w = write(STDERR_FILENO, s, len);
        if (w <= 0) {
            return;
        }
        s += w;
        len -= (size_t)w;
    }
}

/* Set by the first handler to run: timeout(1) signals the command and then its process group, so
 * a second signal can reach another thread while the first handler runs. */
static atomic_flag handling = ATOMIC_FLAG_INIT;

static void on_signal(int sig)
{
    if (atomic_flag_test_and_set(&handling)) {
        for (;;) { /* the first handler removes the output, prints the line and exits */
            pause();
        }
    }
    bool removed = remove_guarded();
    progress_abandon();
    say("treecast ");
    say(tool_command != NULL ? tool_command : "");
    say(sig == SIGINT    ? ": interrupted (SIGINT)"
        : sig == SIGTERM ? ": terminated (SIGTERM)"
                         : ": hung up (SIGHUP)");
    say(!removed        ? "\n"
        : guard_on == 2 ? "; the output directory was not written\n"
                        : "; the output file was not written\n");
    _exit(128 + sig);
}

void signals_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        struct sigaction old;
        /* a signal the shell told us to ignore (nohup, background jobs) stays ignored */
        if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
            sigaction(sigs[k], &sa, NULL);
        }
    }
}

/* The target of the symbolic link path, relative to the link's directory; followed while it
 * is itself a link (up to 40 of them, as the kernel does). NULL with errno on failure. */
static char *link_target(const char *path)
{
    char *cur = strdup(path);
    for (int hop = 0; cur != NULL && hop < 40; hop++) {
        struct stat lst;
        if (lstat(cur, &lst) != 0 || !S_ISLNK(lst.st_mode)) {
            return cur; /* the end of the chain: it does not exist (or is not a link) */
        }
        char target[4096];
        ssize_t n = readlink(cur, target, sizeof target - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        target[n] = '\0';
        const char *slash = strrchr(cur, '/');
        size_t dir = target[0] == '/' || slash == NULL ? 0 : (size_t)(slash - cur) + 1;
        char *next = malloc(dir + (size_t)n + 1);
        if (next != NULL) {
            memcpy(next, cur, dir);
            memcpy(next + dir, target, (size_t)n + 1);
        }
        free(cur);
        cur = next;
    }
    if (cur != NULL) {
        free(cur);
        errno = ELOOP;
    }
    return NULL;
}

/* Is the open file `st` one of this process's standard streams (--output /dev/stdout, or a
 * link to the file the shell redirected stdout to)? Those are written in place: replacing the
 * file would leave the shell's descriptor on a deleted one. */
static bool is_std_stream(const struct stat *st)
{
    for (int fd = 0; fd <= 2; fd++) {
        struct stat s;
        if (fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino) {
            return true;
        }
    }
    return false;
}

/* The rule (docs/commands.md, "Output files"): a new file, or an existing regular file, is
 * written to a temporary beside it and renamed into place when the command succeeds, keeping an
 * existing file's mode (and, when allowed, its owner); through a symbolic link the link stays
 * and its target is replaced so; anything else (a device, a pipe, /dev/stdout, a file that is
 * this process's own stdout) is written in place. */
int output_open(output_t *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return 0;
    }
    if (path[0] == '\0') {
        return misuse("an output file name is empty (\"\"); name a file, or - for stdout");
    }
    struct stat st, lst;
    bool exists = stat(path, &st) == 0;
    bool is_link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (exists && (!S_ISREG(st.st_mode) || is_std_stream(&st))) {
        o->fp = fopen(path, "w");
        if (o->fp == NULL) {
            return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(errno));
        }
        o->direct = true;
        return 0;
    }
    /* the file to replace: the link's target when path is a link (a dangling one included) */
    o->path = is_link ? (exists ? realpath(path, NULL) : link_target(path)) : strdup(path);
    if (o->path == NULL) {
        int e = errno;
        output_discard(o);
        return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(e));
    }
    size_t len = strlen(o->path);
    o->tmp = malloc(len + 16);
    if (o->tmp == NULL) {
        output_discard(o);
        return fail(EXIT_RESOURCE, "out of memory");
    }
    snprintf(o->tmp, len + 16, "%s.tmp.XXXXXX", o->path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        output_discard(o);
        return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(e));
    }
    int slot = -1;
    for (int k = 0; slot < 0 && k < PENDING_MAX; k++) {
        slot = pending[k].state == 0 && strlen(o->tmp) < sizeof pending[k].tmp ? k : -1;
    }
    if (slot >= 0) {
        memcpy(pending[slot].tmp, o->tmp, strlen(o->tmp) + 1);
        pending[slot].state = 1;
    } else {
        output_guard(o->tmp); /* no slot: guarded alone, renamed by output_close */
    }
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            mode &= 0777; /* not ours to give away: at least no set-id bits on our file */
        }
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0 || (o->fp = fdopen(fd, "w")) == NULL) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        output_unguard(o->tmp);
        output_discard(o);
        return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(e));
    }
    return 0;
}

static void output_discard(output_t *o)
{
    free(o->tmp);
    free(o->path);
    o->tmp = o->path = NULL;
}

int output_close(output_t *o, bool ok)
{
    int status = 0;
    if (o->fp == NULL) {
        return 0;
    }
    if (o->direct) {
        bool wrote = fflush(o->fp) == 0 && !ferror(o->fp);
        wrote = (fclose(o->fp) == 0) && wrote;
        o->fp = NULL;
        return (ok && !wrote) ? fail(EXIT_RESOURCE, "writing the output failed") : 0;
    }
    if (o->fp == stdout) {
        if (fflush(stdout) != 0 && ok) {
            status = fail(EXIT_RESOURCE, "writing the output failed");
        }
        o->fp = NULL;
        return status;
    }
    bool wrote = fflush(o->fp) == 0 && !ferror(o->fp);
    wrote = (fclose(o->fp) == 0) && wrote;
    o->fp = NULL;
    int slot = pending_find(o->tmp);
    if (ok && wrote && slot >= 0) { /* renamed with the command's other outputs */
        pending[slot].path = o->path;
        o->path = NULL;
        pending[slot].state = 2;
        if (guard_on == 1 && strcmp(guard_tmp, o->tmp) == 0) {
            output_guard(NULL); /* the slot guards it */
        }
    } else if (ok && wrote) {
        if (rename(o->tmp, o->path) != 0) {
            int e = errno;
            unlink(o->tmp);
            status = fail(EXIT_RESOURCE, "cannot create %s: %s", o->path, strerror(e));
        }
        output_unguard(o->tmp);
    } else {
        unlink(o->tmp);
        output_unguard(o->tmp);
        if (ok) {
            status = fail(EXIT_RESOURCE, "writing %s failed; nothing was written", o->path);
        }
    }
    output_discard(o);
    return status;
}

int outputs_commit(bool ok)
{
    int status = 0;
    for (int k = 0; k < PENDING_MAX; k++) {
        pending_t *p = &pending[k];
        if (p->state == 2 && ok && status == 0 && rename(p->tmp, p->path) != 0) {
            int e = errno;
            status = fail(EXIT_RESOURCE, "cannot create %s: %s", p->path, strerror(e));
        }
        if (p->state != 0 && (p->state == 1 || !ok || status != 0)) {
            unlink(p->tmp); /* a failed command's, or one never closed */
        }
        p->state = 0;
        free(p->path);
        p->path = NULL;
    }
    return status;
}

/* MemAvailable in bytes, or -1 when /proc/meminfo cannot tell. */
static int64_t available_memory(void)
{
    FILE *fp = fopen("/proc/meminfo", "r");
    if (fp == NULL) {
        return -1;
    }
    char line[256];
    long long kib = -1;
    while (fgets(line, sizeof line, fp) != NULL) {
        if (sscanf(line, "MemAvailable: %lld kB", &kib) == 1) {
            break;
        }
    }
    fclose(fp);
    return kib < 0 || kib > INT64_MAX / 1024 ? -1 : (int64_t)kib * 1024;
}

/* TREECAST_MAX_MEMORY: a cap below the machine's memory (a shared node), in bytes with an
 * optional K, M, G or T (powers of 1000). -1 when unset; -2 when it is not a size. */
static int64_t memory_cap(void)
{
    const char *text = getenv("TREECAST_MAX_MEMORY");
    if (text == NULL || *text == '\0') {
        return -1;
    }
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    const char *units = "KMGT";
    const char *u = *end != '\0' ? strchr(units, *end) : NULL;
    double scale = u != NULL ? pow(1000.0, (double)(u - units + 1)) : 1.0;
    if (end == text || errno != 0 || !(v >= 0) || (*end != '\0' && (u == NULL || end[1] != '\0')) ||
        v * scale > 9e18) {
        return -2;
    }
    return (int64_t)(v * scale);
}

/* The memory this run may use, in bytes: the lower of MemAvailable and TREECAST_MAX_MEMORY
 * (*whose says which, for messages), or -1 when neither is known; -2 after printing the misuse
 * of a malformed TREECAST_MAX_MEMORY. */
static int64_t memory_limit(const char **whose)
{
    int64_t avail = available_memory(), cap = memory_cap();
    if (cap == -2) {
        misuse("TREECAST_MAX_MEMORY=%s is not a size in bytes (e.g. 8G)",
               getenv("TREECAST_MAX_MEMORY"));
        return -2;
    }
    *whose = "are available";
    if (cap >= 0 && (avail < 0 || cap < avail)) {
        avail = cap;
        *whose = "are allowed (TREECAST_MAX_MEMORY)";
    }
    return avail;
}

int require_memory(int64_t bytes, const char *what)
{
    const char *whose = "";
    int64_t limit = memory_limit(&whose);
    if (limit == -2) {
        return EXIT_MISUSE;
    }
    if (bytes <= MEMORY_FLOOR || limit < 0 || bytes <= limit) {
        return 0;
    }
    char need[24], have[24];
    return fail(EXIT_RESOURCE, "%s needs about %s of memory; %s %s", what,
                tc_format_bytes(bytes, need, sizeof need),
                tc_format_bytes(limit, have, sizeof have), whose);
}

int memory_room(int64_t *bytes)
{
    const char *whose = "";
    int64_t limit = memory_limit(&whose);
    if (limit == -2) {
        return EXIT_MISUSE;
    }
    *bytes = limit < 0 ? INT64_MAX : limit;
    return 0;
}

int memory_budget(int64_t *bytes, const char **whose)
{
    int64_t limit = memory_limit(whose);
    if (limit == -2) {
        return EXIT_MISUSE;
    }
    *bytes = limit < 0 ? INT64_MAX : limit < MEMORY_FLOOR ? MEMORY_FLOOR : limit;
    return 0;
}

/* ---- reading input files -------------------------------------------------------------------- */

/* Open path for reading ('-': stdin when dash is true), with the size of a regular file (-1 for
 * anything else: a pipe, a device). 0 or a status (printed). */
static int input_open(const char *path, bool dash, FILE **fp, int64_t *size)
{
    *fp = dash && strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (*fp == NULL) {
        return fail(EXIT_DATA, "cannot read %s: %s", path, strerror(errno));
    }
    struct stat st;
    *size = fstat(fileno(*fp), &st) == 0 && S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1;
    return 0;
}

static void input_close(FILE *fp)
{
    if (fp != stdin) {
        fclose(fp);
    }
}

/* The refusal of an input larger than limit: bad data when the format's most is the limit,
 * out of memory (with the budget) when memory is. */
static int input_too_large(const char *path, const input_limits_t *lim, int64_t limit,
                           bool memory_bound, int64_t budget, const char *whose)
{
    char most[24], mem[24];
    tc_format_bytes(limit, most, sizeof most);
    if (!memory_bound) {
        return fail(EXIT_DATA, "%s is larger than %s, the most %s may be", path, most, lim->what);
    }
    return fail(EXIT_RESOURCE,
                "%s is larger than %s: reading %s takes about %lld bytes of memory per byte, and "
                "%s %s",
                path, most, lim->what, (long long)lim->per_byte,
                tc_format_bytes(budget, mem, sizeof mem), whose);
}

int read_input(const char *path, const input_limits_t *lim, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    int64_t budget = INT64_MAX;
    const char *whose = "";
    int st = lim->per_byte > 0 ? memory_budget(&budget, &whose) : 0;
    if (st != 0) {
        return st;
    }
    int64_t limit = lim->format_max;
    bool memory_bound = false;
    if (lim->per_byte > 0 && budget < INT64_MAX) {
        int64_t fits = budget > lim->fixed ? (budget - lim->fixed) / lim->per_byte : 0;
        memory_bound = fits < limit;
        limit = memory_bound ? fits : limit;
    }
    FILE *fp = NULL;
    int64_t size = -1;
    if ((st = input_open(path, true, &fp, &size)) != 0) {
        return st;
    }
    tc_err_t err = tc_read_text(fp, path, lim->what, limit, size, text, len); /* size: refused
                                                                               * before a read */
    input_close(fp);
    switch (err) {
    case TC_OK:
        return 0;
    case TC_ERANGE:
        return input_too_large(path, lim, limit, memory_bound, budget, whose);
    case TC_ENOMEM:
        return fail(EXIT_RESOURCE, "%s", tc_err_detail());
    default: /* a NUL byte, a read error: bad data, never a shorter file */
        return fail(EXIT_DATA, "%s", tc_err_detail());
    }
}

int lines_open(lines_t *r, const char *path, const char *what, int64_t max_total)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->what = what;
    r->max_total = max_total;
    int64_t size = -1;
    int st = input_open(path, false, &r->fp, &size);
    if (st != 0) {
        r->fp = NULL;
        return st;
    }
    if (size > max_total) {
        char most[24];
        st = fail(EXIT_DATA, "%s is larger than %s, the most %s may be", path,
                  tc_format_bytes(max_total, most, sizeof most), what);
        lines_close(r);
    }
    return st;
}

int lines_next(lines_t *r, char **line)
{
    *line = NULL;
    size_t len = 0;
    int c = EOF;
    char most[24];
    while ((c = getc_unlocked(r->fp)) != EOF && c != '\n') {
        if (c == '\0') {
            return fail(EXIT_DATA, "%s: line %lld: a NUL byte; %s is text", r->path,
                        (long long)r->lineno + 1, r->what);
        }
        if (len == LINE_BYTES_MAX) {
            return fail(EXIT_DATA, "%s: line %lld is longer than %s", r->path,
                        (long long)r->lineno + 1,
                        tc_format_bytes(LINE_BYTES_MAX, most, sizeof most));
        }
        if (++r->total > r->max_total) {
            return fail(EXIT_DATA, "%s is larger than %s, the most %s may be", r->path,
                        tc_format_bytes(r->max_total, most, sizeof most), r->what);
        }
        r->buf[len++] = (char)c;
    }
    if (c == EOF && ferror(r->fp)) { /* EISDIR, EIO, ENOMEM: an error, never the end */
        return fail(EXIT_DATA, "cannot read %s: %s", r->path, strerror(errno));
    }
    if (c == EOF && len == 0) {
        return 0; /* the end: *line stays NULL */
    }
    r->total += c == '\n';
    r->lineno++;
    r->buf[len] = '\0';
    *line = r->buf;
    return 0;
}

void lines_close(lines_t *r)
{
    if (r->fp != NULL) {
        input_close(r->fp);
    }
    r->fp = NULL;
}

long peak_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

const char *const FORMATS_TEXT_JSON[] = {"text", "json", NULL};

/* A forest document: reading one of len bytes may allocate about 8 len + 1 MiB, since the
 * reader refuses arrays that the input cannot hold, so each parent entry (8 bytes in memory,
 * twice: read, then the forest) and each label (8 + 1 bytes) costs at least 2 and 4 bytes of
 * input; the network it names comes on top, and is counted by the command that materializes it
 * (check's estimate). The largest forest treecast reads (S_12: 11 trees of 479,001,600 nodes) is
 * about 60 GB of JSON; 1 TiB is far above any. */
static const input_limits_t FOREST_INPUT = {
    .what = "a forest document",
    .format_max = (int64_t)1 << 40,
    .per_byte = 8,
    .fixed = 1 << 20,
};

int read_forest(const char *path, const tc_net_t *net, tc_forest_t **forest, int64_t *nonedges)
{
    char *buf = NULL;
    size_t len = 0;
    int status = read_input(path, &FOREST_INPUT, &buf, &len);
    if (status == 0) {
        /* Whatever the document declares is bad data (a network too large to read, exit 3),
         * unless memory runs out (exit 4): docs/formats.md. */
        tc_err_t err = tc_report_forest_read(buf, len, net, forest, nonedges);
        if (err != TC_OK) {
            status =
                fail(err == TC_ENOMEM ? EXIT_RESOURCE : EXIT_DATA, "%s: %s", path, tc_err_detail());
        }
    }
    free(buf);
    return status;
}
