/* treecast sim alltoall-tseng: paper 001's Personalized_Broadcast(k) on S_n, run by the round
 * engine (every source, or one source and the symmetry), beside corrected Eq. (1). */
#include "sim_cmd.h"

#include "treecast/substar.h"

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
    int64_t sum_nk, sum_k1;
    double eq1, eq1_printed;
    double seconds;
} tseng_run_t;

/* Sum over the N k-substars of the distance from the identity (the closed form, one per
 * substar), and the sum over S_k's k! nodes of their distance from its identity times N: the
 * integers N l_{n,k} and n! l_{k,1}; and sum over S_n of the distance, n! l_{n,1}. */
static void eq1_sums(int n, int k, int64_t *sum_nk, int64_t *sum_k1, int64_t *sum_n1)
{
    uint8_t id[TC_STAR_MAX_N], p[TC_STAR_MAX_N];
    for (int m = 0; m < n; m++) {
        id[m] = (uint8_t)(m + 1);
    }
    int64_t N = tc_substar_count(n, k), s = 0;
    for (int64_t i = 0; i < N; i++) {
        tc_substar_t X;
        tc_substar_at(n, k, i, &X);
        s += tc_substar_distance(&X, id);
    }
    *sum_nk = s;
    s = 0;
    memcpy(p, id, (size_t)k);
    do {
        s += tc_star_distance_identity(k, p);
    } while (tc_star_next(k, p));
    *sum_k1 = s * N;
    s = 0;
    memcpy(p, id, (size_t)n);
    do {
        s += tc_star_distance_identity(n, p);
    } while (tc_star_next(n, p));
    *sum_n1 = s;
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
                "  symmetry condition   %lld rounds in which source 0's packets shared a "
                "dimension\n",
                (long long)t->same_dim);
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

static int run_alltoall(const args_t *a, tc_net_t *net, const tc_topo_t *topo, FILE **fp,
                        output_t *out, tseng_run_t *t)
{
    t->n = tc_net_n(net);
    t->k = (int)a->k;
    t->nodes = tc_net_nodes(net);
    t->N = tc_substar_count(t->n, t->k);
    t->symmetry = a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && t->n > 7);
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
    int64_t sum_n1;
    eq1_sums(t->n, t->k, &t->sum_nk, &t->sum_k1, &sum_n1);
    /* in integers: N l_{n,k} = sum_nk, n! l_{n,k} = k! sum_nk, n! l_{k,1} = sum_k1,
     * n! l_{n,1} = sum_n1 */
    int64_t kf = tc_star_factorial(t->k);
    double ts_coef = (double)(t->sum_nk + t->sum_k1);
    t->eq1 = ts_coef * a->ts + (double)(kf * t->sum_nk + t->sum_k1) * a->tm;
    t->eq1_printed = ts_coef * a->ts + (double)(kf * t->sum_nk + sum_n1) * a->tm;
    int64_t copies = t->symmetry ? t->nodes : 1;
    t->transmissions = t->res.transmissions * copies;
    t->deliveries = t->res.keys_delivered * copies;
    t->expected = t->res.keys_expected * copies;
    int st = output_open(out, a->output);
    *fp = out->fp;
    return st;
}

int sim_tseng_main(const args_t *a, const char *name)
{
    if (strcmp(name, "alltoall-tseng") != 0) {
        return misuse("unknown plan \"%s\"", name);
    }
    if (a->k < 1) {
        return misuse("alltoall-tseng needs --k K (1 <= K <= N-1: the substars' dimension)");
    }
    if (a->faults || a->listed.count || a->faults_file || a->trials || a->kind_text || a->input ||
        a->root_text) {
        return misuse("alltoall-tseng takes no faults, trees or root: every node is a source");
    }
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
        return st;
    }
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        tc_net_free(net);
        return misuse("--net %s: alltoall-tseng runs on the star graph (star:N)", a->net_spec);
    }
    if (a->k > tc_net_n(net) - 1) {
        int n = tc_net_n(net);
        tc_net_free(net);
        return misuse("--k %lld is outside 1..%d for S_%d", (long long)a->k, n - 1, n);
    }
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, NULL);
    }
    tseng_run_t t = {0};
    output_t out = {0};
    FILE *fp = NULL;
    st = run_alltoall(a, net, &topo, &fp, &out, &t);
    if (st == 0) {
        if (a->format == F_JSON) {
            print_json(fp, a, &t);
        } else {
            print_text(fp, a, &t);
            if (a->timing) {
                fprintf(fp, "time: %.3f s; peak memory %.1f MiB\n", t.seconds,
                        (double)peak_kib() / 1024.0);
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
