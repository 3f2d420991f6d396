/* The JSON scanner (core/json_scan.h). */
#include "core/json_scan.h"

#include <stdlib.h>
#include <string.h>

int tc__js_line(const tc__js_t *r)
{
    int line = 1;
    for (const char *q = r->start; q < r->p && q < r->end; q++) {
        line += *q == '\n';
    }
    return line;
}

void tc__js_ws(tc__js_t *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t')) {
        r->p++;
    }
}

bool tc__js_peek(tc__js_t *r, char c)
{
    tc__js_ws(r);
    return r->p < r->end && *r->p == c;
}

bool tc__js_expect(tc__js_t *r, char c)
{
    tc__js_ws(r);
    if (r->p >= r->end || *r->p != c) {
        TC__JS_FAIL(r, "expected '%c'%s", c, r->p >= r->end ? " before the end of the file" : "");
    }
    r->p++;
    return true;
}

/* A string into buf (cap bytes); escapes decoded for ASCII, \u above 0x7f rejected. */
bool tc__js_str(tc__js_t *r, char *buf, size_t cap)
{
    if (!tc__js_expect(r, '"')) {
        return false;
    }
    size_t len = 0;
    while (r->p < r->end && *r->p != '"') {
        char ch = *r->p++;
        if ((unsigned char)ch < 0x20) {
            TC__JS_FAIL(r, "control character inside a string");
        }
        if (ch == '\\') {
            if (r->p >= r->end) {
                break;
            }
            char e = *r->p++;
            switch (e) {
            case '"':
            case '\\':
            case '/':
                ch = e;
                break;
            case 'n':
                ch = '\n';
                break;
            case 't':
                ch = '\t';
                break;
            case 'r':
                ch = '\r';
                break;
            case 'b':
                ch = '\b';
                break;
            case 'f':
                ch = '\f';
                break;
            case 'u': {
                unsigned v = 0;
                for (int k = 0; k < 4; k++) {
                    if (r->p >= r->end) {
                        TC__JS_FAIL(r, "truncated \\u escape");
                    }
                    char h = *r->p++;
                    v = v * 16 + (unsigned)(h >= '0' && h <= '9'   ? h - '0'
                                            : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                            : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                                   : 99);
                    if (v > 0xffff) {
                        TC__JS_FAIL(r, "bad \\u escape");
                    }
                }
                if (v == 0 || v > 0x7f) {
                    TC__JS_FAIL(r, "\\u%04x is not allowed in a label or name", v);
                }
                ch = (char)v;
                break;
            }
            default:
                TC__JS_FAIL(r, "bad escape '\\%c'", e);
            }
        }
        if (len + 1 >= cap) {
            TC__JS_FAIL(r, "string longer than %zu characters", cap - 1);
        }
        buf[len++] = ch;
    }
    if (r->p >= r->end) {
        TC__JS_FAIL(r, "unterminated string");
    }
    r->p++;
    buf[len] = '\0';
    return true;
}

/* An tc__js_int (no fraction, no exponent) or null (*is_null). */
bool tc__js_int(tc__js_t *r, int64_t *v, bool *is_null)
{
    tc__js_ws(r);
    if (is_null != NULL) {
        *is_null = false;
    }
    if (r->end - r->p >= 4 && memcmp(r->p, "null", 4) == 0) {
        if (is_null == NULL) {
            TC__JS_FAIL(r, "expected an integer, found null");
        }
        r->p += 4;
        *is_null = true;
        return true;
    }
    bool neg = false;
    if (r->p < r->end && *r->p == '-') {
        neg = true;
        r->p++;
    }
    if (r->p >= r->end || *r->p < '0' || *r->p > '9') {
        TC__JS_FAIL(r, "expected an integer");
    }
    if (*r->p == '0' && r->p + 1 < r->end && r->p[1] >= '0' && r->p[1] <= '9') {
        TC__JS_FAIL(r, "a number with a leading zero is not JSON");
    }
    int64_t x = 0;
    int digits = 0;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
        if (++digits > 18) {
            TC__JS_FAIL(r, "integer too large");
        }
        x = x * 10 + (*r->p++ - '0');
    }
    if (r->p < r->end && (*r->p == '.' || *r->p == 'e' || *r->p == 'E')) {
        TC__JS_FAIL(r, "expected an integer, found a fraction or exponent");
    }
    *v = neg ? -x : x;
    return true;
}

bool tc__js_skip(tc__js_t *r, int depth)
{
    char tmp[4096];
    int64_t x;
    tc__js_ws(r);
    if (depth > 64) {
        TC__JS_FAIL(r, "nesting deeper than 64");
    }
    if (r->p >= r->end) {
        TC__JS_FAIL(r, "unexpected end of file");
    }
    char c = *r->p;
    if (c == '"') {
        return tc__js_str(r, tmp, sizeof tmp);
    }
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        r->p++;
        if (tc__js_peek(r, close)) {
            r->p++;
            return true;
        }
        for (;;) {
            if (c == '{' && !(tc__js_str(r, tmp, sizeof tmp) && tc__js_expect(r, ':'))) {
                return false;
            }
            if (!tc__js_skip(r, depth + 1)) {
                return false;
            }
            if (tc__js_peek(r, ',')) {
                r->p++;
                continue;
            }
            return tc__js_expect(r, close);
        }
    }
    const char *const words[] = {"true", "false", "null"};
    for (int k = 0; k < 3; k++) {
        size_t len = strlen(words[k]);
        if ((size_t)(r->end - r->p) >= len && memcmp(r->p, words[k], len) == 0) {
            r->p += len;
            return true;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        /* numbers with fractions are legal in skipped values */
        if (*r->p == '-') {
            r->p++;
        }
        while (r->p < r->end && strchr("0123456789.eE+-", *r->p) != NULL) {
            r->p++;
        }
        (void)x;
        return true;
    }
    if ((unsigned char)c < 0x20 || c == 0x7f) { /* "'\0'" would end the message */
        TC__JS_FAIL(r, "unexpected byte 0x%02x", (unsigned char)c);
    }
    TC__JS_FAIL(r, "unexpected character '%c'", c);
}

bool tc__js_object(tc__js_t *r, tc__js_member_fn fn, void *ctx)
{
    char key[64];
    if (!tc__js_expect(r, '{')) {
        return false;
    }
    if (tc__js_peek(r, '}')) {
        r->p++;
        return true;
    }
    for (;;) {
        if (!(tc__js_str(r, key, sizeof key) && tc__js_expect(r, ':') && fn(r, key, ctx))) {
            return false;
        }
        if (tc__js_peek(r, ',')) {
            r->p++;
            continue;
        }
        return tc__js_expect(r, '}');
    }
}
