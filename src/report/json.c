/* The streaming JSON writer (treecast/json.h). */
#include "treecast/json.h"
#include "core/internal.h"
#include "treecast/report.h"

#include <string.h>

void tc_json_init(tc_json_t *j, FILE *out)
{
    memset(j, 0, sizeof *j);
    j->out = out;
    j->first[0] = true;
}

void tc_json_document(tc_json_t *j, FILE *out, const char *command)
{
    tc_json_init(j, out);
    tc_json_object(j);
    tc_json_kint(j, "format_version", 1);
    if (command != NULL) {
        tc_json_kstr(j, "command", command);
    }
}

/* The separator before a value: a comma unless it is the first of its container or follows
 * its key. */
static void before_value(tc_json_t *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (!j->first[j->depth]) {
        fputc(',', j->out);
    }
    j->first[j->depth] = false;
    if (j->newline) {
        fputc('\n', j->out);
        j->newline = false;
    }
}

static void open_container(tc_json_t *j, char c)
{
    before_value(j);
    fputc(c, j->out);
    if (j->depth + 1 < TC_JSON_MAX_DEPTH) {
        j->depth++;
    }
    j->first[j->depth] = true;
}

static void close_container(tc_json_t *j, char c)
{
    if (j->newline) { /* a newline asked for before the next value: before the end instead */
        fputc('\n', j->out);
        j->newline = false;
    }
    fputc(c, j->out);
    if (j->depth > 0) {
        j->depth--;
    }
}

void tc_json_object(tc_json_t *j)
{
    open_container(j, '{');
}

void tc_json_end_object(tc_json_t *j)
{
    close_container(j, '}');
}

void tc_json_array(tc_json_t *j)
{
    open_container(j, '[');
}

void tc_json_end_array(tc_json_t *j)
{
    close_container(j, ']');
}

void tc_report_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            fputc('\\', out);
            fputc(ch, out);
        } else if (ch < 0x20) {
            fprintf(out, "\\u%04x", ch);
        } else {
            fputc(ch, out);
        }
    }
    fputc('"', out);
}

void tc_json_key(tc_json_t *j, const char *key)
{
    before_value(j);
    tc_report_json_string(j->out, key);
    fputc(':', j->out);
    j->after_key = true;
}

void tc_json_str(tc_json_t *j, const char *s)
{
    before_value(j);
    tc_report_json_string(j->out, s != NULL ? s : "");
}

void tc_json_int(tc_json_t *j, int64_t v)
{
    before_value(j);
    fprintf(j->out, "%lld", (long long)v);
}

void tc_json_uint(tc_json_t *j, uint64_t v)
{
    before_value(j);
    fprintf(j->out, "%llu", (unsigned long long)v);
}

void tc_json_double(tc_json_t *j, double v)
{
    before_value(j);
    fprintf(j->out, "%.15g", v);
}

void tc_json_fixed(tc_json_t *j, double v, int decimals)
{
    before_value(j);
    fprintf(j->out, "%.*f", decimals, v);
}

void tc_json_bool(tc_json_t *j, bool v)
{
    before_value(j);
    fputs(v ? "true" : "false", j->out);
}

void tc_json_null(tc_json_t *j)
{
    before_value(j);
    fputs("null", j->out);
}

void tc_json_raw(tc_json_t *j, const char *text)
{
    before_value(j);
    fputs(text, j->out);
}

void tc_json_kstr(tc_json_t *j, const char *key, const char *s)
{
    tc_json_key(j, key);
    tc_json_str(j, s);
}

void tc_json_kstr_or_null(tc_json_t *j, const char *key, const char *s)
{
    tc_json_key(j, key);
    if (s == NULL) {
        tc_json_null(j);
    } else {
        tc_json_str(j, s);
    }
}

void tc_json_kint(tc_json_t *j, const char *key, int64_t v)
{
    tc_json_key(j, key);
    tc_json_int(j, v);
}

void tc_json_kdouble(tc_json_t *j, const char *key, double v)
{
    tc_json_key(j, key);
    tc_json_double(j, v);
}

void tc_json_kbool(tc_json_t *j, const char *key, bool v)
{
    tc_json_key(j, key);
    tc_json_bool(j, v);
}

void tc_json_newline(tc_json_t *j)
{
    j->newline = true;
}

tc_err_t tc_json_finish(tc_json_t *j)
{
    fputc('\n', j->out);
    return ferror(j->out) ? tc__fail(TC_EIO, "Writing the JSON document failed.") : TC_OK;
}
