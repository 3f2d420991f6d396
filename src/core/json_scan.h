/* A small scanner for JSON text (RFC 8259 syntax), shared by the readers of forest documents
 * (report/json_read.c) and of graphs (net/graph.c): strict where a value matters, unknown
 * values skipped. Every function returns false after recording one error, with its line, in
 * r->err (the first error wins). Internal (the tc__ tier). */
#ifndef TREECAST_CORE_JSON_SCAN_H
#define TREECAST_CORE_JSON_SCAN_H

#include "core/internal.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *start, *p, *end;
    tc_err_t err;
} tc__js_t;

/* The line (from 1) of the scanner's position. */
int tc__js_line(const tc__js_t *r);

/* Record "line L: message" as TC_EPARSE (unless an error is recorded already) and return false
 * from the calling function. */
#define TC__JS_FAIL(r, ...)                                                                        \
    do {                                                                                           \
        if ((r)->err == TC_OK) {                                                                   \
            char msg_[300];                                                                        \
            snprintf(msg_, sizeof msg_, __VA_ARGS__);                                              \
            (r)->err = tc__fail(TC_EPARSE, "line %d: %s", tc__js_line(r), msg_);                   \
        }                                                                                          \
        return false;                                                                              \
    } while (0)

/* Skip white space. */
void tc__js_ws(tc__js_t *r);
/* Whether the next character (after white space) is c; nothing is consumed. */
bool tc__js_peek(tc__js_t *r, char c);
/* Consume c (after white space), or fail. */
bool tc__js_expect(tc__js_t *r, char c);
/* A string into buf (cap bytes); escapes decoded for ASCII, \u above 0x7f rejected. */
bool tc__js_str(tc__js_t *r, char *buf, size_t cap);
/* An integer (no fraction, no exponent) or null (*is_null; is_null NULL: null fails). */
bool tc__js_int(tc__js_t *r, int64_t *v, bool *is_null);
/* Skip one value of any type (depth: its nesting, at most 64). */
bool tc__js_skip(tc__js_t *r, int depth);

/* Iterate the members of an object: calls fn(key) positioned at each value. */
typedef bool (*tc__js_member_fn)(tc__js_t *r, const char *key, void *ctx);
bool tc__js_object(tc__js_t *r, tc__js_member_fn fn, void *ctx);

#endif
