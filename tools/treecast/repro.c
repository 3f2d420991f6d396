/* treecast reproduce — the tool's side of building the pages (the model is the library's,
 * src/repro/model.c): allocation failures end the tool, and the producers' broadcast runs. */
#define _GNU_SOURCE /* vasprintf */
#include "repro.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Allocation failures end the tool (a page is a few megabytes at most): one line, status 4. */
void *repro_need(void *p)
{
    if (p == NULL) {
        fputs("treecast reproduce: out of memory\n", stderr);
        exit(4);
    }
    return p;
}

static char *vfmt(const char *fmt, va_list ap)
{
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) {
        s = NULL;
    }
    return repro_need(s);
}

char *repro_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    return s;
}

tc_err_t repro_bc_open(repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = 1};
    return tc_assembly_init(&o, &b->run);
}

void repro_bc_close(repro_bc_t *b)
{
    tc_assembly_destroy(&b->run);
}

tc_err_t repro_bc_rounds(repro_bc_t *b, tc_collective_t what, int64_t M, int x, int64_t *rounds)
{
    tc_coll_opts_t co = {.what = what, .M = M, .x = x};
    tc_sim_result_t res;
    tc_err_t err = tc_assembly_coll(&b->run, &co);
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(b->run.topo, &cfg, NULL, tc_coll_plan(b->run.coll), &res, NULL);
    }
    tc_coll_free(b->run.coll); /* one collective at a time */
    b->run.coll = NULL;
    *rounds = err == TC_OK ? res.rounds : -1;
    return err;
}
