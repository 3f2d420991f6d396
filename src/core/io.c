/* Reading a user's text files within a bound (treecast/io.h). */
#include "treecast/io.h"
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *tc_format_bytes(int64_t bytes, char *buf, size_t cap)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 6) {
        v /= 1024;
        u++;
    }
    snprintf(buf, cap, u == 0 ? "%.0f %s" : v < 99.95 ? "%.1f %s" : "%.0f %s", v, units[u]);
    return buf;
}

int64_t tc_text_line(const char *text, size_t at)
{
    int64_t line = 1;
    for (const char *q = text; q < text + at; q++) {
        line += *q == '\n';
    }
    return line;
}

tc_err_t tc_read_text(FILE *fp, const char *name, const char *what, int64_t limit, int64_t expect,
                      char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    char most[24];
    tc_format_bytes(limit, most, sizeof most);
    if (expect > limit) {
        return tc__fail(TC_ERANGE, "%.200s holds more than %s.", name, most);
    }
    char *buf = NULL;
    size_t used = 0, cap = 0;
    tc_err_t err = TC_OK;
    for (;;) {
        if (used == cap) { /* a regular file's size at once, else doubling, up to limit + 1 */
            size_t want = cap == 0 ? (size_t)(expect > 0 ? expect + 1 : 65536) : cap * 2;
            want = want > (size_t)limit + 1 ? (size_t)limit + 1 : want;
            char *grown = realloc(buf, want + 1);
            if (grown == NULL) {
                char got[24];
                err = tc__fail(TC_ENOMEM, "Out of memory reading %.200s (%s read).", name,
                               tc_format_bytes((int64_t)used, got, sizeof got));
                break;
            }
            buf = grown;
            cap = want;
        }
        size_t got = fread(buf + used, 1, cap - used, fp);
        const char *nul = got > 0 ? memchr(buf + used, '\0', got) : NULL;
        used += got;
        if (nul != NULL) { /* text has none: /dev/zero stops here, in its first block */
            err = tc__fail(TC_EPARSE, "%.200s: line %lld: a NUL byte; %s is text.", name,
                           (long long)tc_text_line(buf, (size_t)(nul - buf)), what);
            break;
        }
        if ((int64_t)used > limit) {
            err = tc__fail(TC_ERANGE, "%.200s holds more than %s.", name, most);
            break;
        }
        if (got == 0) {
            if (ferror(fp)) { /* EISDIR, EIO: an error, never a shorter file */
                err = tc__fail(TC_EIO, "%.200s: cannot be read: %s.", name, strerror(errno));
            }
            break;
        }
    }
    if (err != TC_OK) {
        free(buf);
        return err;
    }
    buf[used] = '\0';
    *text = buf;
    *len = used;
    return TC_OK;
}
