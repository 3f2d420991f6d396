/* treecast sim alltoall-tseng: paper 001's Personalized_Broadcast(k) on S_n, run by the round
 * engine (every source, or one source and the symmetry), beside corrected Eq. (1). */
#include "sim_cmd.h"

#include "treecast/substar.h"
#include "treecast/tseng.h"

#include <string.h>

typedef struct {
    int n, k;
    int64_t nodes, N;
    bool symmetry;
    tc_sim_result_t res;
    tc_tseng_predict_t pred;
    int64_t collisions, same_dim;
    int64_t transmissions, deliveries, expected;
    /* Eq. (1): N l_{n,k} = route_hops and n! l_{k,1} as integers (sums of distances) */
    int64_t sum_nk, sum_k1, sum_n1;
    tc_frac_t lnk, lnk_bfs, lk1;
    double eq1, eq1_printed;
    double seconds;
} tseng_run_t;

/* f times x for an average f over x items (its denominator divides x): the sum, exactly. */
static int64_t times(tc_frac_t f, int64_t x)
{
    return f.num * (x / f.den);
}

/* l_{n,k} counted over the substars and by breadth-first search (n <= 10), l_{k,1} by the
 * footnote corrected and l_{n,1}, from the cost model (tseng.h): none of them from the plan.
 * The integers N l_{n,k}, n! l_{k,1}, n! l_{n,1} follow. */
static int eq1_sums(tseng_run_t *t)
{
    tc_frac_t ln1;
    tc_err_t err = tc_tseng_lnk(t->n, t->k, &t->lnk);
    err = err != TC_OK ? err : tc_tseng_lk1(t->k, &t->lk1);
    err = err != TC_OK ? err : tc_tseng_lnk(t->n, 1, &ln1);
    t->lnk_bfs = (tc_frac_t){-1, 1};
    if (err == TC_OK && t->n <= 10) {
        err = tc_tseng_lnk_bfs(t->n, t->k, &t->lnk_bfs);
    }
    if (err != TC_OK) {
        return lib_fail(err, "l_{n,k}");
    }
    t->sum_nk = times(t->lnk, t->N);
    t->sum_k1 = times(t->lk1, t->nodes);
    t->sum_n1 = times(ln1, t->nodes);
    return 0;
}

static void print_text(FILE *fp, const args_t *a, const tseng_run_t *t)
{
    fprintf(fp, "alltoall-tseng on S_%d, k = %d: Personalized_Broadcast(k) (paper 001 Sec. III)\n",
            t->n, t->k);
    fprintf(fp, "  %s, %s; ts = %g, tm = %g per message; method: %s\n",
            a->port_limit == 1   ? "one-port"
            : a->port_limit == 0 ? "all-port"
                                 : "k-port",
            a->half ? "half duplex" : "full duplex", a->ts, a->tm,
            t->symmetry ? "symmetry (source 0 simulated, translated to all n! sources)"
                        : "full (every source simulated)");
    fprintf(fp,
            "  rounds               %lld   (the schedule predicts %lld = N l_{n,k} + n! l_{k,1} "
            "= %lld + %lld)\n",
            (long long)t->res.rounds, (long long)t->pred.rounds, (long long)t->sum_nk,
            (long long)t->sum_k1);
    fprintf(fp, "  l_{n,k}              %lld/%lld counted over the substars", (long long)t->lnk.num,
            (long long)t->lnk.den);
    if (t->lnk_bfs.num >= 0) {
        fprintf(fp, ", %lld/%lld by breadth-first search of S_%d", (long long)t->lnk_bfs.num,
                (long long)t->lnk_bfs.den, t->n);
    }
    fprintf(fp, "; l_{k,1} = %lld/%lld (corrections 001.1)\n", (long long)t->lk1.num,
            (long long)t->lk1.den);
    fprintf(fp,
            "  modelled time        %.15g   (rounds x ts + largest packets x tm = %lld x %g + "
            "%lld x %g)\n",
            t->res.time, (long long)t->res.rounds, a->ts, (long long)t->res.elements, a->tm);
    fprintf(fp,
            "  corrected Eq. (1)    %.15g   ((N l_{n,k} + n! l_{k,1}) ts + n!(l_{n,k} + "
            "l_{k,1}) tm; corrections 001.2)\n",
            t->eq1);
    fprintf(fp, "  time - Eq. (1)       %+.15g\n", t->res.time - t->eq1);
    fprintf(fp, "  Eq. (1) as printed   %.15g   (t_m coefficient n!(l_{n,k} + l_{n,1}))\n",
            t->eq1_printed);
    fprintf(fp, "  transmissions        %lld\n", (long long)t->transmissions);
    fprintf(fp, "  deliveries           %lld of %lld\n", (long long)t->deliveries,
            (long long)t->expected);
    fprintf(fp, "  queued packets       %lld   (property 1: the traversals are congestion-free)\n",
            (long long)t->res.queued_packets);
    if (!t->symmetry) {
        fprintf(fp, "  max link load        %lld\n", (long long)t->res.max_link_load);
    }
    fprintf(fp, "  shared representatives %lld (property 3)\n", (long long)t->collisions);
    if (t->symmetry) {
        fprintf(fp,
                "  symmetry condition   %lld %s in which source 0's packets shared a "
                "dimension\n",
                (long long)t->same_dim, plural(t->same_dim, "round", "rounds"));
    }
}

static void print_json(FILE *fp, const args_t *a, const tseng_run_t *t)
{
    tc_json_t j;
    tc_json_document(&j, fp, "sim");
    tc_json_kstr(&j, "plan", "alltoall-tseng");
    tc_json_kint(&j, "n", t->n);
    tc_json_kint(&j, "k", t->k);
    tc_json_kstr(&j, "method", t->symmetry ? "symmetry" : "full");
    tc_json_kint(&j, "port_limit", a->port_limit);
    tc_json_kdouble(&j, "ts", a->ts);
    tc_json_kdouble(&j, "tm", a->tm);
    tc_json_kint(&j, "rounds", t->res.rounds);
    tc_json_kint(&j, "predicted_rounds", t->pred.rounds);
    tc_json_kint(&j, "elements", t->res.elements);
    tc_json_kdouble(&j, "time", t->res.time);
    tc_json_kdouble(&j, "eq1_corrected", t->eq1);
    tc_json_kdouble(&j, "eq1_printed", t->eq1_printed);
    tc_json_kint(&j, "l_nk_num", t->lnk.num);
    tc_json_kint(&j, "l_nk_den", t->lnk.den);
    if (t->lnk_bfs.num >= 0) {
        tc_json_kint(&j, "l_nk_bfs_num", t->lnk_bfs.num);
        tc_json_kint(&j, "l_nk_bfs_den", t->lnk_bfs.den);
    }
    tc_json_kint(&j, "N_l_nk", t->sum_nk);
    tc_json_kint(&j, "nfact_l_k1", t->sum_k1);
    tc_json_kint(&j, "transmissions", t->transmissions);
    tc_json_kint(&j, "deliveries", t->deliveries);
    tc_json_kint(&j, "deliveries_expected", t->expected);
    tc_json_kint(&j, "queued_packets", t->res.queued_packets);
    if (!t->symmetry) {
        tc_json_kint(&j, "max_link_load", t->res.max_link_load);
    }
    tc_json_kint(&j, "shared_representatives", t->collisions);
    if (t->symmetry) {
        tc_json_kint(&j, "symmetry_violations", t->same_dim);
    }
    if (a->timing) {
        tc_json_key(&j, "seconds");
        tc_json_fixed(&j, t->seconds, 3);
        tc_json_kint(&j, "peak_kib", peak_kib());
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

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

static int run_alltoall(const args_t *a, tc_net_t *net, const tc_topo_t *topo, tseng_run_t *t)
{
    t->n = tc_net_n(net);
    t->k = (int)a->k;
    t->nodes = tc_net_nodes(net);
    t->N = tc_substar_count(t->n, t->k);
    t->symmetry = a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && t->n > 7);
    if (t->n > 10) {
        return misuse("alltoall-tseng runs to S_10 (S_%d: the engine's per-link tables alone "
                      "take %lld links)",
                      t->n, (long long)(t->nodes * (t->n - 1)));
    }
    if (!t->symmetry && t->n > 7) {
        return misuse("--method full simulates every source up to S_7 (S_%d has %lld sources); "
                      "use --method symmetry",
                      t->n, (long long)t->nodes);
    }
    tc_tseng_t *plan = NULL;
    tc_err_t err = tc_tseng_alltoall_new(net, topo, t->k, t->symmetry, &plan);
    if (err != TC_OK) {
        return lib_fail(err, NULL);
    }
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1; /* the plan's timetable is its own state */
    cfg.port_limit = a->port_limit;
    cfg.half_duplex = a->half;
    cfg.ts = a->ts;
    cfg.tm = a->tm;
    cfg.B = 1;
    tc_tseng_predict(plan, &t->pred);
    cfg.max_rounds = t->pred.rounds + 1; /* S_10 with small k runs past the default */
    same_dim_t dims = {.round = -1};
    if (t->symmetry) {
        cfg.observe = observe_dims;
        cfg.observe_ctx = &dims;
    }
    double t0 = now();
    err = tc_sim_run(topo, &cfg, NULL, tc_tseng_plan(plan), &t->res, NULL);
    t->seconds = now() - t0;
    if (err == TC_OK) {
        tc_tseng_predict(plan, &t->pred);
        t->collisions = tc_tseng_collisions(plan);
        t->same_dim = dims.violations;
    }
    tc_tseng_free(plan);
    if (err != TC_OK) {
        return lib_fail(err, NULL);
    }
    int st = eq1_sums(t);
    if (st != 0) {
        return st;
    }
    /* in integers: N l_{n,k} = sum_nk, n! l_{n,k} = k! sum_nk, n! l_{k,1} = sum_k1,
     * n! l_{n,1} = sum_n1 */
    int64_t kf = tc_star_factorial(t->k);
    double ts_coef = (double)(t->sum_nk + t->sum_k1);
    t->eq1 = ts_coef * a->ts + (double)(kf * t->sum_nk + t->sum_k1) * a->tm;
    t->eq1_printed = ts_coef * a->ts + (double)(kf * t->sum_nk + t->sum_n1) * a->tm;
    int64_t copies = t->symmetry ? t->nodes : 1;
    t->transmissions = t->res.transmissions * copies;
    t->deliveries = t->res.keys_delivered * copies;
    t->expected = t->res.keys_expected * copies;
    return 0;
}

/* ---- allgather-mesh (Section IV) ------------------------------------------------------------ */

typedef struct {
    int n;
    tc_sim_result_t mesh, ring, multinode;
    tc_star_mesh_report_t check;
    double T, Tprime;
    int64_t predicted;
    double seconds;
} mesh_run_t;

/* One plan of paper 001 on one thread, with the run's cost model. */
static int run_plan(const args_t *a, const tc_topo_t *topo, const tc_plan_t *plan,
                    tc_sim_result_t *res)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = 1;
    cfg.port_limit = a->port_limit;
    cfg.half_duplex = a->half;
    cfg.ts = a->ts;
    cfg.tm = a->tm;
    cfg.B = 1;
    tc_err_t err = tc_sim_run(topo, &cfg, NULL, plan, res, NULL);
    return err != TC_OK ? lib_fail(err, NULL) : 0;
}

/* Paper 000's plan `name` (multinode, total-exchange) with one message per source and the
 * run's cost model, every source simulated, as `treecast sim NAME` runs it. */
int sim_paper000(const args_t *a, const char *name, bool symmetry, tc_sim_result_t *res)
{
    args_t b = *a; /* the caller's cost and port model; the plan as the paper has it */
    b.M = 1;
    b.k = 0;
    b.x_given = false;
    b.acks = TC_ACKS_FREE;
    b.order = TC_ORDER_PAPER;
    b.root_text = NULL;
    b.kind_text = NULL;
    b.input = NULL;
    b.method = symmetry ? METHOD_SYMMETRY : METHOD_FULL;
    run_t r = {.a = &b, .symmetry = symmetry};
    int st = sim_setup(&r, name);
    if (st == 0 && symmetry) { /* Lemma 7: one source, translated (all-port only) */
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        cfg.ts = a->ts;
        cfg.tm = a->tm;
        cfg.B = 1;
        tc_sim_symmetry_t sym;
        tc_err_t err = tc_sim_symmetry(r.run.coll, r.run.topo, &cfg, &sym);
        st = err != TC_OK ? lib_fail(err, name) : 0;
        *res = (tc_sim_result_t){.rounds = sym.rounds,
                                 .elements = sym.rounds,
                                 .time = (double)sym.rounds * (a->ts + a->tm),
                                 .queued_packets = sym.violations};
    } else if (st == 0) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        cfg.port_limit = a->port_limit;
        cfg.half_duplex = a->half;
        cfg.ts = a->ts;
        cfg.tm = a->tm;
        cfg.B = 1;
        tc_err_t err = tc_sim_run(r.run.topo, &cfg, NULL, tc_coll_plan(r.run.coll), res, NULL);
        st = err != TC_OK ? lib_fail(err, name) : 0;
    }
    sim_teardown(&r);
    return st;
}

static int run_mesh(const args_t *a, tc_net_t *net, const tc_topo_t *topo, mesh_run_t *m)
{
    m->n = tc_net_n(net);
    if (m->n < 3 || m->n > 7) {
        return misuse("allgather-mesh simulates every source on S_3..S_7, not S_%d", m->n);
    }
    tc_star_mesh_t mesh;
    tc_err_t err = tc_star_mesh_new(m->n, &mesh);
    if (err != TC_OK) {
        return lib_fail(err, NULL);
    }
    tc_star_cycle_t cycle = {0};
    tc_tseng_t *pm = NULL, *pr = NULL;
    err = tc_star_mesh_check(&mesh, &m->check);
    err = err != TC_OK ? err : tc_star_hamilton(m->n, &cycle);
    err = err != TC_OK ? err : tc_tseng_allgather_mesh_new(net, topo, &mesh, &pm);
    err = err != TC_OK ? err : tc_tseng_allgather_ring_new(net, topo, cycle.node, &pr);
    int st = err != TC_OK ? lib_fail(err, NULL) : 0;
    double t0 = now();
    st = st != 0 ? st : run_plan(a, topo, tc_tseng_plan(pm), &m->mesh);
    st = st != 0 ? st : run_plan(a, topo, tc_tseng_plan(pr), &m->ring);
    st = st != 0 ? st : sim_paper000(a, "multinode", false, &m->multinode);
    m->seconds = now() - t0;
    if (st == 0) {
        tc_tseng_predict_t pred;
        tc_tseng_predict(pm, &pred);
        m->predicted = pred.rounds;
    }
    tc_tseng_free(pm);
    tc_tseng_free(pr);
    tc_star_cycle_destroy(&cycle);
    tc_star_mesh_destroy(&mesh);
    int64_t nf = tc_star_factorial(m->n), c = tc_star_factorial(m->n - 1);
    m->T = (double)(c + 6 * m->n - 7) * a->ts + (double)(nf + 5 * m->n - 6) * a->tm;
    m->Tprime = (double)(nf - 1) * (a->ts + a->tm);
    return st;
}

static const char *port_name(const args_t *a)
{
    return a->port_limit == 1 ? "one-port" : a->port_limit == 0 ? "all-port" : "k-port";
}

static void print_mesh_text(FILE *fp, const args_t *a, const mesh_run_t *m)
{
    int64_t nf = tc_star_factorial(m->n), c = tc_star_factorial(m->n - 1);
    const tc_star_mesh_report_t *k = &m->check;
    fprintf(fp,
            "allgather-mesh on S_%d: Nonpersonalized_Broadcast on the %d x %lld mesh (paper 001 "
            "Sec. IV)\n",
            m->n, m->n, (long long)c);
    fprintf(fp, "  %s, %s; ts = %g, tm = %g per message; every source simulated\n", port_name(a),
            a->half ? "half duplex" : "full duplex", a->ts, a->tm);
    fprintf(fp,
            "  mesh                 %lld missing, %lld repeated, %lld ring breaks, %lld path "
            "faults; dilation %d; steps (1)-(2): %lld + %lld overloaded nodes\n",
            (long long)k->missing, (long long)k->repeated, (long long)k->breaks,
            (long long)k->path_faults, k->dilation, (long long)k->node_overloads[0],
            (long long)k->node_overloads[1]);
    fprintf(fp,
            "  rounds               %lld   (the schedule predicts %lld = 6(n-1) + (n-1)! - 1)\n",
            (long long)m->mesh.rounds, (long long)m->predicted);
    fprintf(fp,
            "  modelled time        %.15g   (rounds x ts + largest packets x tm = %lld x %g + "
            "%lld x %g)\n",
            m->mesh.time, (long long)m->mesh.rounds, a->ts, (long long)m->mesh.elements, a->tm);
    fprintf(fp, "  paper's T            %.15g   (((n-1)! + 6n - 7) ts + (n! + 5n - 6) tm)\n", m->T);
    fprintf(fp, "  time - T             %+.15g\n", m->mesh.time - m->T);
    fprintf(fp, "  deliveries           %lld of %lld: %lld of %lld nodes hold all %lld messages\n",
            (long long)m->mesh.keys_delivered, (long long)m->mesh.keys_expected,
            (long long)m->mesh.nodes_complete, (long long)nf, (long long)nf);
    fprintf(fp, "  queued packets       %lld\n", (long long)m->mesh.queued_packets);
    fprintf(fp, "baselines, simulated in the same run with the same model:\n");
    fprintf(fp,
            "  hamiltonian-cycle    %lld %s, time %.15g; T' = (n!-1)(ts+tm) = %.15g "
            "(Fragopoulou and Akl's, as paper 001 states it); %lld queued\n",
            (long long)m->ring.rounds, plural(m->ring.rounds, "round", "rounds"), m->ring.time,
            m->Tprime, (long long)m->ring.queued_packets);
    fprintf(fp,
            "  multinode (000)      %lld %s, time %.15g (paper 000 Sec. 4.4 over the EDTs, "
            "M = 1); %lld queued\n",
            (long long)m->multinode.rounds, plural(m->multinode.rounds, "round", "rounds"),
            m->multinode.time, (long long)m->multinode.queued_packets);
    double best = m->mesh.time;
    const char *who = "allgather-mesh";
    if (m->ring.time < best) {
        best = m->ring.time;
        who = "hamiltonian-cycle";
    }
    if (m->multinode.time < best) {
        best = m->multinode.time;
        who = "multinode (000)";
    }
    fprintf(fp, "  fastest              %s\n", who);
}

static void print_mesh_json(FILE *fp, const args_t *a, const mesh_run_t *m)
{
    tc_json_t j;
    tc_json_document(&j, fp, "sim");
    tc_json_kstr(&j, "plan", "allgather-mesh");
    tc_json_kint(&j, "n", m->n);
    tc_json_kint(&j, "port_limit", a->port_limit);
    tc_json_kdouble(&j, "ts", a->ts);
    tc_json_kdouble(&j, "tm", a->tm);
    tc_json_kint(&j, "rounds", m->mesh.rounds);
    tc_json_kint(&j, "predicted_rounds", m->predicted);
    tc_json_kint(&j, "elements", m->mesh.elements);
    tc_json_kdouble(&j, "time", m->mesh.time);
    tc_json_kdouble(&j, "T", m->T);
    tc_json_kint(&j, "deliveries", m->mesh.keys_delivered);
    tc_json_kint(&j, "deliveries_expected", m->mesh.keys_expected);
    tc_json_kint(&j, "nodes_complete", m->mesh.nodes_complete);
    tc_json_kint(&j, "messages_per_node", tc_star_factorial(m->n));
    tc_json_kint(&j, "queued_packets", m->mesh.queued_packets);
    tc_json_kint(&j, "mesh_faults",
                 m->check.missing + m->check.repeated + m->check.breaks + m->check.path_faults +
                     m->check.outside);
    tc_json_kint(&j, "dilation", m->check.dilation);
    tc_json_kint(&j, "column_overloads",
                 m->check.node_overloads[0] + m->check.node_overloads[1] +
                     m->check.link_overloads[0] + m->check.link_overloads[1]);
    tc_json_key(&j, "hamiltonian_cycle");
    tc_json_object(&j);
    tc_json_kint(&j, "rounds", m->ring.rounds);
    tc_json_kdouble(&j, "time", m->ring.time);
    tc_json_kdouble(&j, "T_prime", m->Tprime);
    tc_json_kint(&j, "queued_packets", m->ring.queued_packets);
    tc_json_end_object(&j);
    tc_json_key(&j, "multinode_000");
    tc_json_object(&j);
    tc_json_kint(&j, "rounds", m->multinode.rounds);
    tc_json_kdouble(&j, "time", m->multinode.time);
    tc_json_kint(&j, "queued_packets", m->multinode.queued_packets);
    tc_json_end_object(&j);
    if (a->timing) {
        tc_json_key(&j, "seconds");
        tc_json_fixed(&j, m->seconds, 3);
        tc_json_kint(&j, "peak_kib", peak_kib());
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

/* The star graph of --net and its neighbour table (the plans take no faults, trees or root:
 * their table in cmd_sim.c refuses them). 0 or a status (printed; nothing left open). */
static int open_star(const args_t *a, const char *name, tc_net_t **net, tc_topo_t *topo)
{
    int st = open_net(a->net_spec, net);
    if (st == 0 && strcmp(tc_net_family_name(*net), "star") != 0) {
        st = misuse("--net %s: %s runs on the star graph (star:N)", a->net_spec, name);
    } else if (st == 0 && a->k > tc_net_n(*net) - 1) {
        st = misuse("--k %lld is outside 1..%d for S_%d", (long long)a->k, tc_net_n(*net) - 1,
                    tc_net_n(*net));
    }
    tc_err_t err = st == 0 ? tc_topo_init(topo, *net) : TC_OK;
    st = st == 0 && err != TC_OK ? lib_fail(err, NULL) : st;
    if (st != 0) {
        tc_net_free(*net);
        *net = NULL;
    }
    return st;
}

int sim_tseng_main(const args_t *a, const char *name)
{
    bool mesh = strcmp(name, "allgather-mesh") == 0;
    if (!mesh && strcmp(name, "alltoall-tseng") != 0) {
        return misuse("unknown plan \"%s\"", name);
    }
    if (!mesh && a->k < 1) {
        return misuse("alltoall-tseng needs --k K (1 <= K <= N-1: the substars' dimension)");
    }
    tc_net_t *net = NULL;
    tc_topo_t topo;
    int st = open_star(a, name, &net, &topo);
    if (st != 0) {
        return st;
    }
    mesh_run_t m = {0};
    tseng_run_t t = {0};
    st = mesh ? run_mesh(a, net, &topo, &m) : run_alltoall(a, net, &topo, &t);
    output_t out = {0};
    st = st != 0 ? st : output_open(&out, a->output);
    if (st == 0) {
        if (a->format == F_JSON) {
            mesh ? print_mesh_json(out.fp, a, &m) : print_json(out.fp, a, &t);
        } else {
            mesh ? print_mesh_text(out.fp, a, &m) : print_text(out.fp, a, &t);
            if (a->timing) {
                fprintf(out.fp, "time: %.3f s; peak memory %.1f MiB\n",
                        mesh ? m.seconds : t.seconds, (double)peak_kib() / 1024.0);
            }
        }
    }
    if (out.fp != NULL) {
        int cst = output_close(&out, st == 0);
        st = st != 0 ? st : cst;
    }
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return st;
}
