#include "common.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *tool_command = "";

static void prefix(void)
{
    fprintf(stderr, "treecast%s%s: ", tool_command[0] ? " " : "", tool_command);
}

int misuse(const char *fmt, ...)
{
    va_list ap;
    prefix();
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (try 'treecast %s%s--help')\n", tool_command, tool_command[0] ? " " : "");
    return EXIT_MISUSE;
}

int fail(int status, const char *fmt, ...)
{
    va_list ap;
    prefix();
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
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
    tc_err_t err = tc_net_parse(spec, net);
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
    if (!tc_net_materializable(net)) {
        return misuse("%s is too large to materialize", name);
    }
    return 0;
}

int resolve_root(const tc_net_t *net, const char *text, uint64_t seed, int64_t *root)
{
    if (text == NULL || strcmp(text, "identity") == 0) {
        *root = 0;
        return 0;
    }
    if (strcmp(text, "random") == 0) {
        tc_rng_t rng;
        tc_rng_seed(&rng, seed, 1);
        *root = (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(net));
        return 0;
    }
    tc_err_t err = tc_net_parse_label(net, text, root);
    if (err != TC_OK) {
        return fail(EXIT_DATA, "--root: %s", tc_err_detail());
    }
    return 0;
}

static void output_discard(output_t *o);

int output_open(output_t *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* A device, a pipe, ...: write to it directly; renaming onto it would replace it. */
        o->fp = fopen(path, "w");
        if (o->fp == NULL) {
            return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(errno));
        }
        o->direct = true;
        return 0;
    }
    size_t len = strlen(path);
    o->path = strdup(path);
    o->tmp = malloc(len + 16);
    if (o->path == NULL || o->tmp == NULL) {
        output_discard(o);
        return fail(EXIT_RESOURCE, "out of memory");
    }
    snprintf(o->tmp, len + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        output_discard(o);
        return fail(EXIT_RESOURCE, "cannot write %s: %s", path, strerror(e));
    }
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || (o->fp = fdopen(fd, "w")) == NULL) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
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
    if (ok && wrote) {
        if (rename(o->tmp, o->path) != 0) {
            int e = errno;
            unlink(o->tmp);
            status = fail(EXIT_RESOURCE, "cannot create %s: %s", o->path, strerror(e));
        }
    } else {
        unlink(o->tmp);
        if (ok) {
            status = fail(EXIT_RESOURCE, "writing %s failed; nothing was written", o->path);
        }
    }
    output_discard(o);
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
    return kib < 0 ? -1 : (int64_t)kib * 1024;
}

int require_memory(int64_t bytes, const char *what)
{
    int64_t avail = available_memory();
    if (avail < 0 || bytes <= avail) {
        return 0;
    }
    return fail(EXIT_RESOURCE, "%s needs about %.1f GB of memory; %.1f GB are available", what,
                (double)bytes / 1e9, (double)avail / 1e9);
}

double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

long peak_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : (x > y);
}

int64_t pct_i64(const int64_t *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

double pct_dbl(const double *sorted, int64_t n, int p)
{
    int64_t k = (p * n + 99) / 100;
    return sorted[k < 1 ? 0 : k - 1];
}

int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y);
}

const char *const FORMATS_TEXT_JSON[] = {"text", "json", NULL};

int read_forest(const char *path, const tc_net_t *net, tc_forest_t **forest, int64_t *nonedges)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (fp == NULL) {
        return fail(EXIT_DATA, "cannot read %s: %s", path, strerror(errno));
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int status = 0;
    while (buf != NULL) {
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, fp);
        len += got;
        if (got == 0) {
            break;
        }
    }
    if (buf == NULL) {
        status = fail(EXIT_RESOURCE, "%s is too large to read into memory", path);
    } else if (ferror(fp)) {
        status = fail(EXIT_DATA, "cannot read %s", path);
    } else {
        tc_err_t err = tc_report_forest_read(buf, len, net, forest, nonedges);
        if (err != TC_OK) {
            status = fail(err == TC_EPARSE ? EXIT_DATA : status_of(err), "%s: %s", path,
                          tc_err_detail());
        }
    }
    free(buf);
    if (fp != stdin) {
        fclose(fp);
    }
    return status;
}
