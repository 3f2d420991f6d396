/* The files of the `treecast table` command (cmd_table.c, table_001.c, table_004.c): its
 * options and the tables one file renders for another. Private to the command. */
#ifndef TREECAST_TOOL_TABLE_CMD_H
#define TREECAST_TOOL_TABLE_CMD_H

#include "common.h"

typedef struct {
    int64_t from, to, trials, threads, M, k;
    double ts, tc, ratio;
    bool m_given, ratio_given;
    uint64_t seed;
    int format;
    const char *output, *z;
} args_t;

/* Paper 001's Table 1 (z executing step (2) of Personalized_Broadcast(k), beside the printed
 * rows for z = 3241, k = 2) and the comparison of paper 001's and paper 000's all-to-all
 * algorithms, n = from..to (table_001.c). 0, 1 when a printed row differs, or a status
 * (printed). */
int table_001_1(const char *z, int64_t k, int format, FILE *fp);
int table_001_compare(int64_t from, int64_t to, FILE *fp);

/* Paper 004's Tables 5.6 (computation steps) and 5.7 (faults survived), rows a->from..a->to,
 * in a->format to fp (table_004.c). 0 or a status (printed). */
int table_004_56(const args_t *a, FILE *fp);
int table_004_57(const args_t *a, FILE *fp);

#endif
