/* Whole runs of paper 000's and paper 001's all-to-all plans (include/treecast/sim.h): the plan
 * made, run in the engine under the caller's model, and summed; what `treecast sim
 * alltoall-tseng`, `sim allgather-mesh` and `table 001:compare` print. */
#include "core/internal.h"
#include "treecast/sim.h"
#include "treecast/substar.h"

#include <string.h>

/* One thread, B = 1, the caller's port, duplex and cost model. */
static tc_sim_config_t one_thread(const tc_sim_config_t *model)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.port_limit = model->port_limit;
    cfg.half_duplex = model->half_duplex;
    cfg.ts = model->ts;
    cfg.tm = model->tm;
    cfg.B = 1;
    return cfg;
}

tc_err_t tc_sim_paper000(const tc_net_t *net, tc_collective_t what, bool symmetry,
                         const tc_sim_config_t *model, tc_sim_result_t *out)
{
    memset(out, 0, sizeof *out);
    const char *name = what == TC_COLL_MULTINODE        ? "multinode"
                       : what == TC_COLL_TOTAL_EXCHANGE ? "total-exchange"
                                                        : NULL;
    if (name == NULL) {
        return tc__fail(TC_EINVAL, "Paper 000's runs with one message per source are multinode "
                                   "and total-exchange.");
    }
    const tc_schedule_t *s = tc_schedule_find(name, net);
    if (s == NULL || s->kind == TC_KIND_CUSTOM) {
        return tc__fail(TC_EINVAL, "%s has no trees of its own on this network (it runs on %s).",
                        name, tc_schedule_families(name));
    }
    int64_t N = tc_net_nodes(net), limit = symmetry ? 362880 : 5040;
    if (N > limit) {
        return tc__fail(TC_ERANGE, "%s simulates networks of at most %lld nodes %s, not %lld.",
                        name, (long long)limit, symmetry ? "by symmetry" : "fully", (long long)N);
    }
    tc_assembly_opts_t ao = {
        .net = net,
        .kind = s->kind,
        .root = 0,
        .order = TC_ORDER_PAPER,
        .coll = {.what = what, .M = 1, .acks = TC_ACKS_FREE, .one_source = symmetry}};
    tc_assembly_t run;
    tc_err_t err = tc_assembly_init(&ao, &run);
    if (err == TC_OK && symmetry) { /* Lemma 7: one source, translated (all-port only) */
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        cfg.ts = model->ts;
        cfg.tm = model->tm;
        cfg.B = 1;
        tc_sim_symmetry_t sym;
        err = tc_sim_symmetry(run.coll, run.topo, &cfg, &sym);
        if (err == TC_OK) {
            *out = (tc_sim_result_t){.rounds = sym.rounds,
                                     .elements = sym.rounds,
                                     .time = (double)sym.rounds * (model->ts + model->tm),
                                     .queued_packets = sym.violations};
        }
    } else if (err == TC_OK) {
        tc_sim_config_t cfg = one_thread(model);
        err = tc_sim_run(run.topo, &cfg, NULL, tc_coll_plan(run.coll), out, NULL);
    }
    tc_assembly_destroy(&run);
    return err;
}

/* ---- paper 001 ------------------------------------------------------------------------------ */

/* The symmetry method's condition, per round: the one source's packets use pairwise different
 * dimensions (then its n! relabelled copies use pairwise different links). */
typedef struct {
    int64_t round;
    uint64_t dims;
    int64_t violations;
} same_dim_t;

static void observe_dims(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    same_dim_t *o = ctx;
    (void)node;
    (void)p;
    if (round != o->round) {
        o->round = round;
        o->dims = 0;
    }
    uint64_t bit = (uint64_t)1 << port;
    o->violations += (o->dims & bit) != 0;
    o->dims |= bit;
}

tc_err_t tc_sim_tseng_alltoall(const tc_net_t *net, const tc_topo_t *topo, int k, bool symmetry,
                               const tc_sim_config_t *model, tc_sim_tseng_t *out)
{
    memset(out, 0, sizeof *out);
    tc_tseng_t *plan = NULL;
    tc_err_t err = tc_tseng_alltoall_new(net, topo, k, symmetry, &plan);
    if (err != TC_OK) {
        return err;
    }
    tc_sim_config_t cfg = one_thread(model); /* the plan's timetable is its own state */
    tc_tseng_predict(plan, &out->pred);
    /* S_10 with small k runs past the engine's default */
    cfg.max_rounds = model->max_rounds > 0 ? model->max_rounds : out->pred.rounds + 1;
    same_dim_t dims = {.round = -1};
    if (symmetry) {
        cfg.observe = observe_dims;
        cfg.observe_ctx = &dims;
    }
    err = tc_sim_run(topo, &cfg, NULL, tc_tseng_plan(plan), &out->res, NULL);
    if (err == TC_OK) {
        tc_tseng_predict(plan, &out->pred);
        out->collisions = tc_tseng_collisions(plan);
        out->same_dim = dims.violations;
        int64_t copies = symmetry ? tc_net_nodes(net) : 1;
        out->transmissions = out->res.transmissions * copies;
        out->deliveries = out->res.keys_delivered * copies;
        out->expected = out->res.keys_expected * copies;
    }
    tc_tseng_free(plan);
    return err;
}

/* f times x for an average f over x items (its denominator divides x): the sum, exactly. */
static int64_t times(tc_frac_t f, int64_t x)
{
    return f.num * (x / f.den);
}

tc_err_t tc_sim_tseng_eq1(int n, int k, double ts, double tm, tc_sim_tseng_eq1_t *out)
{
    memset(out, 0, sizeof *out);
    tc_frac_t ln1;
    tc_err_t err = tc_tseng_lnk(n, k, &out->lnk);
    err = err != TC_OK ? err : tc_tseng_lk1(k, &out->lk1);
    err = err != TC_OK ? err : tc_tseng_lnk(n, 1, &ln1);
    out->lnk_bfs = (tc_frac_t){-1, 1};
    if (err == TC_OK && n <= 10) {
        err = tc_tseng_lnk_bfs(n, k, &out->lnk_bfs);
    }
    if (err != TC_OK) {
        return err;
    }
    int64_t nodes = tc_star_factorial(n);
    out->sum_nk = times(out->lnk, tc_substar_count(n, k));
    out->sum_k1 = times(out->lk1, nodes);
    out->sum_n1 = times(ln1, nodes);
    /* in integers: N l_{n,k} = sum_nk, n! l_{n,k} = k! sum_nk, n! l_{k,1} = sum_k1,
     * n! l_{n,1} = sum_n1 */
    int64_t kf = tc_star_factorial(k);
    double ts_coef = (double)(out->sum_nk + out->sum_k1);
    out->eq1 = ts_coef * ts + (double)(kf * out->sum_nk + out->sum_k1) * tm;
    out->eq1_printed = ts_coef * ts + (double)(kf * out->sum_nk + out->sum_n1) * tm;
    return TC_OK;
}

tc_err_t tc_sim_allgather_mesh(const tc_net_t *net, const tc_topo_t *topo,
                               const tc_sim_config_t *model, tc_star_mesh_report_t *check,
                               tc_sim_mesh_t *out)
{
    memset(out, 0, sizeof *out);
    int n = tc_net_n(net);
    if (n < 3 || n > 7) {
        return tc__fail(TC_ERANGE, "allgather-mesh simulates every source on S_3..S_7, not S_%d.",
                        n);
    }
    tc_star_mesh_t mesh;
    tc_err_t err = tc_star_mesh_new(n, &mesh);
    if (err != TC_OK) {
        return err;
    }
    tc_star_cycle_t cycle = {0};
    tc_tseng_t *pm = NULL, *pr = NULL;
    err = check != NULL ? tc_star_mesh_check(&mesh, check) : TC_OK;
    err = err != TC_OK ? err : tc_star_hamilton(n, &cycle);
    err = err != TC_OK ? err : tc_tseng_allgather_mesh_new(net, topo, &mesh, &pm);
    err = err != TC_OK ? err : tc_tseng_allgather_ring_new(net, topo, cycle.node, &pr);
    tc_sim_config_t cfg = one_thread(model);
    err = err != TC_OK ? err : tc_sim_run(topo, &cfg, NULL, tc_tseng_plan(pm), &out->mesh, NULL);
    err = err != TC_OK ? err : tc_sim_run(topo, &cfg, NULL, tc_tseng_plan(pr), &out->ring, NULL);
    err =
        err != TC_OK ? err : tc_sim_paper000(net, TC_COLL_MULTINODE, false, model, &out->multinode);
    if (err == TC_OK) {
        tc_tseng_predict_t pred;
        tc_tseng_predict(pm, &pred);
        out->predicted = pred.rounds;
    }
    tc_tseng_free(pm);
    tc_tseng_free(pr);
    tc_star_cycle_destroy(&cycle);
    tc_star_mesh_destroy(&mesh);
    int64_t nf = tc_star_factorial(n), c = tc_star_factorial(n - 1);
    out->T = (double)(c + 6 * n - 7) * model->ts + (double)(nf + 5 * n - 6) * model->tm;
    out->Tprime = (double)(nf - 1) * (model->ts + model->tm);
    return err;
}
