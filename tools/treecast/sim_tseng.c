/* treecast sim alltoall-tseng and allgather-mesh: paper 001's plans on S_n, run by the library
 * (tc_sim_tseng_alltoall beside tc_sim_tseng_eq1; tc_sim_allgather_mesh), printed. */
#include "sim_cmd.h"

#include <string.h>

typedef struct {
    int n, k;
    bool symmetry;
    tc_sim_tseng_t r;     /* the run */
    tc_sim_tseng_eq1_t q; /* Eq. (1), from the cost model */
    double seconds;
} tseng_run_t;

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
            (long long)t->r.res.rounds, (long long)t->r.pred.rounds, (long long)t->q.sum_nk,
            (long long)t->q.sum_k1);
    fprintf(fp, "  l_{n,k}              %lld/%lld counted over the substars",
            (long long)t->q.lnk.num, (long long)t->q.lnk.den);
    if (t->q.lnk_bfs.num >= 0) {
        fprintf(fp, ", %lld/%lld by breadth-first search of S_%d", (long long)t->q.lnk_bfs.num,
                (long long)t->q.lnk_bfs.den, t->n);
    }
    fprintf(fp, "; l_{k,1} = %lld/%lld (corrections 001.1)\n", (long long)t->q.lk1.num,
            (long long)t->q.lk1.den);
    fprintf(fp,
            "  modelled time        %.15g   (rounds x ts + largest packets x tm = %lld x %g + "
            "%lld x %g)\n",
            t->r.res.time, (long long)t->r.res.rounds, a->ts, (long long)t->r.res.elements, a->tm);
    fprintf(fp,
            "  corrected Eq. (1)    %.15g   ((N l_{n,k} + n! l_{k,1}) ts + n!(l_{n,k} + "
            "l_{k,1}) tm; corrections 001.2)\n",
            t->q.eq1);
    fprintf(fp, "  time - Eq. (1)       %+.15g\n", t->r.res.time - t->q.eq1);
    fprintf(fp, "  Eq. (1) as printed   %.15g   (t_m coefficient n!(l_{n,k} + l_{n,1}))\n",
            t->q.eq1_printed);
    fprintf(fp, "  transmissions        %lld\n", (long long)t->r.transmissions);
    fprintf(fp, "  deliveries           %lld of %lld\n", (long long)t->r.deliveries,
            (long long)t->r.expected);
    fprintf(fp, "  queued packets       %lld   (property 1: the traversals are congestion-free)\n",
            (long long)t->r.res.queued_packets);
    if (!t->symmetry) {
        fprintf(fp, "  max link load        %lld\n", (long long)t->r.res.max_link_load);
    }
    fprintf(fp, "  shared representatives %lld (property 3)\n", (long long)t->r.collisions);
    if (t->symmetry) {
        fprintf(fp,
                "  symmetry condition   %lld %s in which source 0's packets shared a "
                "dimension\n",
                (long long)t->r.same_dim, plural(t->r.same_dim, "round", "rounds"));
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
    tc_json_kint(&j, "rounds", t->r.res.rounds);
    tc_json_kint(&j, "predicted_rounds", t->r.pred.rounds);
    tc_json_kint(&j, "elements", t->r.res.elements);
    tc_json_kdouble(&j, "time", t->r.res.time);
    tc_json_kdouble(&j, "eq1_corrected", t->q.eq1);
    tc_json_kdouble(&j, "eq1_printed", t->q.eq1_printed);
    tc_json_kint(&j, "l_nk_num", t->q.lnk.num);
    tc_json_kint(&j, "l_nk_den", t->q.lnk.den);
    if (t->q.lnk_bfs.num >= 0) {
        tc_json_kint(&j, "l_nk_bfs_num", t->q.lnk_bfs.num);
        tc_json_kint(&j, "l_nk_bfs_den", t->q.lnk_bfs.den);
    }
    tc_json_kint(&j, "N_l_nk", t->q.sum_nk);
    tc_json_kint(&j, "nfact_l_k1", t->q.sum_k1);
    tc_json_kint(&j, "transmissions", t->r.transmissions);
    tc_json_kint(&j, "deliveries", t->r.deliveries);
    tc_json_kint(&j, "deliveries_expected", t->r.expected);
    tc_json_kint(&j, "queued_packets", t->r.res.queued_packets);
    if (!t->symmetry) {
        tc_json_kint(&j, "max_link_load", t->r.res.max_link_load);
    }
    tc_json_kint(&j, "shared_representatives", t->r.collisions);
    if (t->symmetry) {
        tc_json_kint(&j, "symmetry_violations", t->r.same_dim);
    }
    if (a->timing) {
        tc_json_key(&j, "seconds");
        tc_json_fixed(&j, t->seconds, 3);
        tc_json_kint(&j, "peak_kib", peak_kib());
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

/* The model of a run: its ports, duplex and costs (one thread, a message per packet). */
static tc_sim_config_t model_of(const args_t *a)
{
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.port_limit = a->port_limit;
    cfg.half_duplex = a->half;
    cfg.ts = a->ts;
    cfg.tm = a->tm;
    return cfg;
}

static int run_alltoall(const args_t *a, tc_net_t *net, const tc_topo_t *topo, tseng_run_t *t)
{
    t->n = tc_net_n(net);
    t->k = (int)a->k;
    int64_t nodes = tc_net_nodes(net);
    t->symmetry = a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && t->n > 7);
    if (t->n > 10) {
        return misuse("alltoall-tseng runs to S_10 (S_%d: the engine's per-link tables alone "
                      "take %lld links)",
                      t->n, (long long)(nodes * (t->n - 1)));
    }
    if (!t->symmetry && t->n > 7) {
        return misuse("--method full simulates every source up to S_7 (S_%d has %lld sources); "
                      "use --method symmetry",
                      t->n, (long long)nodes);
    }
    tc_sim_config_t model = model_of(a);
    double t0 = now();
    tc_err_t err = tc_sim_tseng_alltoall(net, topo, t->k, t->symmetry, &model, &t->r);
    t->seconds = now() - t0;
    if (err != TC_OK) {
        return lib_fail(err, NULL);
    }
    err = tc_sim_tseng_eq1(t->n, t->k, a->ts, a->tm, &t->q);
    return err != TC_OK ? lib_fail(err, "l_{n,k}") : 0;
}

/* ---- allgather-mesh (Section IV) ------------------------------------------------------------ */

typedef struct {
    int n;
    tc_sim_mesh_t r; /* the mesh's run and its baselines */
    tc_star_mesh_report_t check;
    double seconds;
} mesh_run_t;

static int run_mesh(const args_t *a, tc_net_t *net, const tc_topo_t *topo, mesh_run_t *m)
{
    m->n = tc_net_n(net);
    if (m->n < 3 || m->n > 7) {
        return misuse("allgather-mesh simulates every source on S_3..S_7, not S_%d", m->n);
    }
    tc_sim_config_t model = model_of(a);
    double t0 = now();
    tc_err_t err = tc_sim_allgather_mesh(net, topo, &model, &m->check, &m->r);
    m->seconds = now() - t0;
    return err != TC_OK ? lib_fail(err, NULL) : 0;
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
            (long long)m->r.mesh.rounds, (long long)m->r.predicted);
    fprintf(fp,
            "  modelled time        %.15g   (rounds x ts + largest packets x tm = %lld x %g + "
            "%lld x %g)\n",
            m->r.mesh.time, (long long)m->r.mesh.rounds, a->ts, (long long)m->r.mesh.elements,
            a->tm);
    fprintf(fp, "  paper's T            %.15g   (((n-1)! + 6n - 7) ts + (n! + 5n - 6) tm)\n",
            m->r.T);
    fprintf(fp, "  time - T             %+.15g\n", m->r.mesh.time - m->r.T);
    fprintf(fp, "  deliveries           %lld of %lld: %lld of %lld nodes hold all %lld messages\n",
            (long long)m->r.mesh.keys_delivered, (long long)m->r.mesh.keys_expected,
            (long long)m->r.mesh.nodes_complete, (long long)nf, (long long)nf);
    fprintf(fp, "  queued packets       %lld\n", (long long)m->r.mesh.queued_packets);
    fprintf(fp, "baselines, simulated in the same run with the same model:\n");
    fprintf(fp,
            "  hamiltonian-cycle    %lld %s, time %.15g; T' = (n!-1)(ts+tm) = %.15g "
            "(Fragopoulou and Akl's, as paper 001 states it); %lld queued\n",
            (long long)m->r.ring.rounds, plural(m->r.ring.rounds, "round", "rounds"),
            m->r.ring.time, m->r.Tprime, (long long)m->r.ring.queued_packets);
    fprintf(fp,
            "  multinode (000)      %lld %s, time %.15g (paper 000 Sec. 4.4 over the EDTs, "
            "M = 1); %lld queued\n",
            (long long)m->r.multinode.rounds, plural(m->r.multinode.rounds, "round", "rounds"),
            m->r.multinode.time, (long long)m->r.multinode.queued_packets);
    double best = m->r.mesh.time;
    const char *who = "allgather-mesh";
    if (m->r.ring.time < best) {
        best = m->r.ring.time;
        who = "hamiltonian-cycle";
    }
    if (m->r.multinode.time < best) {
        best = m->r.multinode.time;
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
    tc_json_kint(&j, "rounds", m->r.mesh.rounds);
    tc_json_kint(&j, "predicted_rounds", m->r.predicted);
    tc_json_kint(&j, "elements", m->r.mesh.elements);
    tc_json_kdouble(&j, "time", m->r.mesh.time);
    tc_json_kdouble(&j, "T", m->r.T);
    tc_json_kint(&j, "deliveries", m->r.mesh.keys_delivered);
    tc_json_kint(&j, "deliveries_expected", m->r.mesh.keys_expected);
    tc_json_kint(&j, "nodes_complete", m->r.mesh.nodes_complete);
    tc_json_kint(&j, "messages_per_node", tc_star_factorial(m->n));
    tc_json_kint(&j, "queued_packets", m->r.mesh.queued_packets);
    tc_json_kint(&j, "mesh_faults",
                 m->check.missing + m->check.repeated + m->check.breaks + m->check.path_faults +
                     m->check.outside);
    tc_json_kint(&j, "dilation", m->check.dilation);
    tc_json_kint(&j, "column_overloads",
                 m->check.node_overloads[0] + m->check.node_overloads[1] +
                     m->check.link_overloads[0] + m->check.link_overloads[1]);
    tc_json_key(&j, "hamiltonian_cycle");
    tc_json_object(&j);
    tc_json_kint(&j, "rounds", m->r.ring.rounds);
    tc_json_kdouble(&j, "time", m->r.ring.time);
    tc_json_kdouble(&j, "T_prime", m->r.Tprime);
    tc_json_kint(&j, "queued_packets", m->r.ring.queued_packets);
    tc_json_end_object(&j);
    tc_json_key(&j, "multinode_000");
    tc_json_object(&j);
    tc_json_kint(&j, "rounds", m->r.multinode.rounds);
    tc_json_kdouble(&j, "time", m->r.multinode.time);
    tc_json_kint(&j, "queued_packets", m->r.multinode.queued_packets);
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
