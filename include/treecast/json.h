/* treecast — a small streaming JSON writer (the documents of the tool and of report.h).
 *
 * Values are written as they come, with commas and quotes placed by the writer, so a document
 * cannot come out malformed from a forgotten separator. Compact output (no spaces); a newline
 * can be asked for before the next value, to keep long arrays readable. Numbers: integers as
 * such, doubles with 15 significant digits (%.15g) or a fixed number of decimals.
 */
#ifndef TREECAST_JSON_H
#define TREECAST_JSON_H

#include "treecast/error.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(default)

#define TC_JSON_MAX_DEPTH 32

typedef struct {
    FILE *out;
    int depth;
    bool first[TC_JSON_MAX_DEPTH]; /* nothing written yet at this level */
    bool after_key;                /* a key was written; its value comes next */
    bool newline;                  /* a newline before the next value */
} tc_json_t;

/* Start writing to out (the caller's stream). */
void tc_json_init(tc_json_t *j, FILE *out);

/* Start a treecast document on out: {"format_version":1,"command":command (left out when
 * NULL), with the object open for the caller's members. */
void tc_json_document(tc_json_t *j, FILE *out, const char *command);

void tc_json_object(tc_json_t *j);
void tc_json_end_object(tc_json_t *j);
void tc_json_array(tc_json_t *j);
void tc_json_end_array(tc_json_t *j);

/* The key of the next member of the current object. */
void tc_json_key(tc_json_t *j, const char *key);

void tc_json_str(tc_json_t *j, const char *s);
void tc_json_int(tc_json_t *j, int64_t v);
void tc_json_uint(tc_json_t *j, uint64_t v);
void tc_json_double(tc_json_t *j, double v);              /* %.15g */
void tc_json_fixed(tc_json_t *j, double v, int decimals); /* %.*f */
void tc_json_bool(tc_json_t *j, bool v);
void tc_json_null(tc_json_t *j);
/* A value written by the caller as text (already valid JSON). */
void tc_json_raw(tc_json_t *j, const char *text);

/* Key and value in one call. */
void tc_json_kstr(tc_json_t *j, const char *key, const char *s);
/* The same, with null for a NULL s (tc_json_kstr writes ""). */
void tc_json_kstr_or_null(tc_json_t *j, const char *key, const char *s);
void tc_json_kint(tc_json_t *j, const char *key, int64_t v);
void tc_json_kdouble(tc_json_t *j, const char *key, double v);
void tc_json_kbool(tc_json_t *j, const char *key, bool v);

/* Put a newline before the next value (or member). */
void tc_json_newline(tc_json_t *j);

/* End the document with a newline. TC_EIO when a write failed. */
tc_err_t tc_json_finish(tc_json_t *j);

#pragma GCC visibility pop

#endif
