/* treecast — reading a user's text files within a bound.
 *
 * Every reader of outside input (graph files, forest documents, fault lists) reads through
 * tc_read_text, so that none of them grows without limit on /dev/zero or a huge file, and none
 * takes a read error for the end of the file.
 */
#ifndef TREECAST_IO_H
#define TREECAST_IO_H

#include "treecast/error.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#pragma GCC visibility push(default)

/* bytes in the unit that shows them ("812 B", "12 KiB", "3.2 MiB", "5.3 GiB") into buf, which
 * is returned. */
const char *tc_format_bytes(int64_t bytes, char *buf, size_t cap);

/* The rest of fp, whole, into *text (NUL-terminated, *len bytes; the caller frees it), at most
 * limit bytes of it. expect is the file's size when known (a regular file: one allocation, and
 * a larger file is refused before a byte is read), else -1 (a pipe or a device is refused when
 * byte limit + 1 arrives). name names the file in messages, what the kind of text ("a graph
 * file"). Errors, each with a detail sentence:
 *   TC_ERANGE  more than limit bytes (the caller says whose limit it is)
 *   TC_EPARSE  a NUL byte ("NAME: line L: a NUL byte; WHAT is text."), in the block that
 *              brings it: reading /dev/zero stops at once
 *   TC_ENOMEM  out of memory
 *   TC_EIO     a read error (EISDIR, EIO), never taken for the end of the file */
tc_err_t tc_read_text(FILE *fp, const char *name, const char *what, int64_t limit, int64_t expect,
                      char **text, size_t *len);

/* The line (from 1) of byte at of text. */
int64_t tc_text_line(const char *text, size_t at);

#pragma GCC visibility pop

#endif
