/* treecast check --kind optimal (check_optimal.c): the check command's part for the optimal
 * schedules of treecast/optimum.h. */
#ifndef TREECAST_TOOL_CHECK_OPTIMAL_H
#define TREECAST_TOOL_CHECK_OPTIMAL_H

#include "common.h"

/* Build the optimal schedule of bcast (from root_text, NULL: the first compute node) or
 * allgather on net, check it and write the report to fp (JSON when json); *ok says whether it
 * reaches the optimum. Returns 0 or the exit status of a failure (printed). */
int check_optimal(const tc_net_t *net, const char *root_text, bool allgather, bool json, FILE *fp,
                  bool *ok);

#endif
