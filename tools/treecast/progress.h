/* The progress line of long runs: one line on stderr, redrawn in place, only when stderr is a
 * terminal and --quiet was not given; what is done, the elapsed time and an estimate of the
 * time left. A display thread redraws it four times a second; the work only stores counts
 * (progress_set is safe from any thread, and cheap), so the line stays fresh while the library
 * works in its own threads. Nothing is drawn during the first second. */
#ifndef TREECAST_TOOL_PROGRESS_H
#define TREECAST_TOOL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* --quiet (every command): no progress line. */
extern bool tool_quiet;
/* The command running ("sim"; "" before one is chosen): the line starts "treecast sim: ". */
extern const char *tool_command;

/* Monotonic wall-clock seconds. */
double now(void);

/* Start the line for a task ("checking S_11"); unit names what is counted ("nodes"). total 0:
 * not known yet. One task at a time; a second begin replaces the first's text and counts. */
void progress_begin(const char *what, const char *unit, int64_t total);

/* A new text for the task, its counts and clock kept ("reproducing paper 003, 4 of 5"). */
void progress_rename(const char *what);

/* done of total units (total 0 keeps the last one); any thread. */
void progress_set(int64_t done, int64_t total);

/* Add to done; any thread. */
void progress_add(int64_t units);

/* The adapters for the library's callbacks (tc_check_opts_t, tc_sim_campaign_t). */
void progress_cb(void *ctx, int64_t done, int64_t total);

/* Around output written while the line runs (a row of a table on the terminal): hold erases
 * the line and keeps it off until release. */
void progress_hold(void);
void progress_release(void);

/* Stop drawing and erase the line. Safe when nothing was begun. */
void progress_end(void);

/* From a signal handler: erase the line if it is drawn (async-signal-safe). */
void progress_abandon(void);

#endif
