/* The symmetry method (paper 000, Lemma 7): one source of an all-sources plan simulated, with
 * an observer that records the dimensions used in each round; when no round uses a dimension
 * twice, the N translated schedules never share a directed link. */
#include "core/internal.h"
#include "treecast/sim.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t *mask; /* ports used per round */
    int64_t cap;
    int64_t violations, first, steps;
    int64_t per_port[64];
    bool oom;
} sym_ctx_t;

static void observe_dims(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    (void)node;
    (void)p;
    sym_ctx_t *s = ctx;
    if (round >= s->cap) {
        int64_t n = s->cap ? s->cap : 4096;
        while (n <= round) {
            n *= 2;
        }
        uint64_t *m = realloc(s->mask, (size_t)n * sizeof *m);
        if (m == NULL) {
            s->oom = true;
            return;
        }
        memset(m + s->cap, 0, (size_t)(n - s->cap) * sizeof *m);
        s->mask = m;
        s->cap = n;
    }
    uint64_t bit = 1ull << (port & 63);
    s->per_port[port & 63]++;
    if (s->mask[round] == 0) {
        s->steps++;
    }
    if (s->mask[round] & bit) {
        s->violations++;
        if (s->first < 0 || round < s->first) {
            s->first = round;
        }
    }
    s->mask[round] |= bit;
}

tc_err_t tc_sim_symmetry(const tc_coll_t *coll, const tc_topo_t *topo,
                         const tc_sim_config_t *config, tc_sim_symmetry_t *out)
{
    memset(out, 0, sizeof *out);
    const tc_coll_opts_t *opts = tc_coll_options(coll);
    if (!opts->one_source ||
        (opts->what != TC_COLL_MULTINODE && opts->what != TC_COLL_TOTAL_EXCHANGE)) {
        return tc__fail(TC_EINVAL, "The symmetry method needs an all-sources plan built with "
                                   "one_source.");
    }
    if (topo->ports > 64) {
        return tc__fail(TC_ENOTSUP, "The symmetry check handles up to 64 dimensions.");
    }
    sym_ctx_t s = {.first = -1};
    tc_sim_config_t cfg = *config;
    cfg.observe = observe_dims;
    cfg.observe_ctx = &s;
    cfg.observe_enqueue = NULL; /* they would be called with this ctx */
    cfg.observe_delivery = NULL;
    tc_sim_result_t res;
    tc_err_t err = tc_sim_run(topo, &cfg, NULL, tc_coll_plan(coll), &res, NULL);
    free(s.mask);
    if (err != TC_OK) {
        return err;
    }
    if (s.oom) {
        return tc__fail(TC_ENOMEM, "Out of memory recording the dimensions of each round.");
    }
    out->rounds = res.rounds;
    out->transmissions = res.transmissions;
    out->control = res.control;
    out->free_signals = res.free_signals;
    out->steps_checked = s.steps;
    out->violations = s.violations;
    out->first_violation = s.first;
    out->delivered_all = res.nodes_complete == res.nodes_nonfaulty;
    /* Every directed link of dimension d carries, over all N translated sources, exactly the
     * one source's packets of dimension d (one per source at a distinct position). */
    for (int q = 0; q < topo->ports && q < 64; q++) {
        out->max_link_load =
            s.per_port[q] > out->max_link_load ? s.per_port[q] : out->max_link_load;
    }
    out->complete_round = res.complete_round;
    return TC_OK;
}
