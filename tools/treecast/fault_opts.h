/* The fault options of treecast sim and treecast route (fault_opts.c): shared by the two
 * commands, as common.h is by all. */
#ifndef TREECAST_TOOL_FAULT_OPTS_H
#define TREECAST_TOOL_FAULT_OPTS_H

#include "common.h"
#include "options.h"

/* Fault input: faults listed by --fault (repeatable) and --faults-file, and random
 * ones by --faults SPEC, in the library's languages (treecast/faults.h), as treecast sim and
 * treecast route offer them. */
#define MAX_FAULT_ITEMS 256
typedef struct {
    const char *items[MAX_FAULT_ITEMS];
    int count;
} fault_list_t;

/* The OPT_CALLBACK of --fault: field is a fault_list_t. */
int fault_item_cb(void *field, const char *arg);

/* The options --fault (into a fault_list_t) and --faults-file, as sim and route offer them. */
#define OPT_FAULT_ITEMS(f)                                                                         \
    OPT_CALLBACK("fault", f, "F", fault_item_cb,                                                   \
                 "one listed fault (repeatable): node:LABEL, link:LABEL:DIM (both\n"               \
                 "directions) or arc:LABEL:DIM (from LABEL along dimension DIM)")
#define OPT_FAULTS_FILE(f)                                                                         \
    OPT_STRING("faults-file", f, "FILE",                                                           \
               "listed faults, one per line: node LABEL | link LABEL DIM | arc LABEL DIM\n"        \
               "('#' starts a comment)")

/* The --fault items of listed (node:LABEL, link:LABEL:DIM, arc:LABEL:DIM), then the lines of
 * file (NULL: none) into f (initialized here) on net and its topology; node protect (the source,
 * or -1) may not be listed. The languages are the library's (tc_faults_parse_item and
 * tc_faults_parse_text, treecast/faults.h); the file is read here, line by line within its
 * bounds. 0 or a status (printed). */
int read_listed_faults(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                       const fault_list_t *listed, const char *file, tc_faults_t *f);

/* --faults SPEC (nodes:K, links:K, arcs:K, mixed:K, paths:K; tc_faults_parse_spec) into spec.
 * 0 or the misuse status (printed). */
int parse_faults_spec(const char *text, tc_fault_spec_t *spec);

/* The random faults of spec (--faults text) refused up front when they cannot be placed on topo
 * or leave no node to route to (tc_faults_check_room; protect: the source, or -1), on this
 * thread (the sentence is the same however many threads a campaign runs). 0 or the misuse
 * status (printed). */
int check_fault_room(const char *text, const tc_fault_spec_t *spec, const tc_topo_t *topo,
                     int64_t protect);

#endif
