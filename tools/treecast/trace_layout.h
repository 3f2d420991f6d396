/* treecast sim --trace: where the page draws the nodes. The recorder and the page are the
 * library's (treecast/trace.h); running Graphviz is the tool's. */
#ifndef TREECAST_TOOL_TRACE_LAYOUT_H
#define TREECAST_TOOL_TRACE_LAYOUT_H

#include "treecast/trace.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stddef.h>

/* Node coordinates (2N doubles, any scale): Graphviz's neato (`neato -Tplain` on the network
 * as DOT, found on PATH) when it runs, else tc_trace_circle_layout's circle. Returns true for
 * neato; otherwise why (a sentence without a final period) says what went wrong. Prints
 * nothing. */
bool trace_layout(const tc_net_t *net, const tc_topo_t *topo, double *xy, char *why,
                  size_t why_cap);

#endif
