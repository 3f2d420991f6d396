/* The kit the papers' producers share (paper.h): strings, failures and broadcast runs. */
#define _GNU_SOURCE /* vasprintf */
#include "repro/paper.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *tc__repro_fmt(tc_repro_page_t *page, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) {
        s = NULL;
        tc_repro_page_fail(page, TC_ENOMEM);
    }
    va_end(ap);
    return s;
}

tc_err_t tc__repro_fail(tc_err_t err, const char *context)
{
    const char *detail = tc_err_detail(); /* tc__fail formats before it replaces it */
    return tc__fail(err, "%s: %s", context, detail[0] ? detail : tc_strerror(err));
}

tc_err_t tc__repro_page_status(const tc_repro_page_t *page)
{
    tc_err_t err = tc_repro_page_error(page);
    return err == TC_OK ? TC_OK : tc__fail(err, "%s", tc_strerror(err));
}

tc_err_t tc__repro_bc_open(tc__repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = 1};
    return tc_assembly_init(&o, &b->run);
}

void tc__repro_bc_close(tc__repro_bc_t *b)
{
    tc_assembly_destroy(&b->run);
}

tc_err_t tc__repro_bc_rounds(tc__repro_bc_t *b, tc_collective_t what, int64_t M, int x,
                             int64_t *rounds)
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
