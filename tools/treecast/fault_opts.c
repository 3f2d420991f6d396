/* The fault options of treecast sim and treecast route (fault_opts.h): the library's fault
 * languages (treecast/faults.h) read from the command line and files, with the tool's messages. */
#include "fault_opts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- fault input: --fault, --faults-file, --faults (sim and route) --------------------------- */

int fault_item_cb(void *field, const char *arg)
{
    fault_list_t *listed = field;
    if (listed->count == MAX_FAULT_ITEMS) {
        return misuse("at most %d --fault options; use --faults-file", MAX_FAULT_ITEMS);
    }
    listed->items[listed->count++] = arg;
    return 0;
}

/* A refusal of the library's fault parsers as the tool's message and status: prefix (NULL:
 * none) and the detail. */
static int fault_fail(tc_err_t err, const char *prefix)
{
    if (err == TC_ENOMEM) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    int st = status_of(err);
    const char *sep = prefix != NULL ? " " : "", *pre = prefix != NULL ? prefix : "";
    return st == EXIT_MISUSE ? misuse("%s%s%s", pre, sep, tc_err_detail())
                             : fail(st, "%s%s%s", pre, sep, tc_err_detail());
}

/* A faults file: lines of at most 64 KiB, 64 MiB in all (a fault a line, and no network treecast
 * simulates has a million links), read line by line: it costs no memory to speak of. Each line
 * goes to tc_faults_parse_text with its number. */
#define FAULTS_FILE_MAX ((int64_t)64 << 20)

static int faults_from_file(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                            tc_faults_t *f, const char *path)
{
    lines_t *in = malloc(sizeof *in);
    if (in == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    char *line = NULL;
    int st = lines_open(in, path, "a faults file", FAULTS_FILE_MAX);
    while (st == 0 && (st = lines_next(in, &line)) == 0 && line != NULL) {
        tc_err_t err =
            tc_faults_parse_text(net, topo, protect, path, in->lineno, line, strlen(line), f);
        st = err != TC_OK ? fault_fail(err, NULL) : 0;
    }
    lines_close(in);
    free(in);
    return st;
}

/* --fault items and --faults-file lines into f. */
int read_listed_faults(const tc_net_t *net, const tc_topo_t *topo, int64_t protect,
                       const fault_list_t *listed, const char *file, tc_faults_t *f)
{
    tc_err_t err = tc_faults_init(f, topo);
    if (err != TC_OK) {
        return lib_fail(err, "faults");
    }
    for (int k = 0; k < listed->count; k++) {
        err = tc_faults_parse_item(net, topo, protect, listed->items[k], f);
        if (err != TC_OK) {
            return fault_fail(err, "--fault");
        }
    }
    return file != NULL ? faults_from_file(net, topo, protect, f, file) : 0;
}

/* --faults SPEC -> spec (tc_faults_parse_spec); 0 or the misuse status. */
int parse_faults_spec(const char *text, tc_fault_spec_t *spec)
{
    tc_err_t err = tc_faults_parse_spec(text, spec);
    if (err == TC_ERANGE) { /* a known name: the count is wrong */
        return misuse("--faults needs an integer in 0..%d after the colon, not \"%s\"",
                      TC_FAULTS_SPEC_MAX, strchr(text, ':') + 1);
    }
    if (err != TC_OK) {
        return misuse("--faults must be nodes:K, links:K, arcs:K, mixed:K or paths:K, not \"%s\"",
                      text);
    }
    return 0;
}

int check_fault_room(const char *text, const tc_fault_spec_t *spec, const tc_topo_t *topo,
                     int64_t protect)
{
    tc_err_t err = tc_faults_check_room(spec, topo, protect);
    return err != TC_OK ? misuse("--faults %s: %s", text, tc_err_detail()) : 0;
}
