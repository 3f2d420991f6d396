/* treecast sim: running a plan (fully, by symmetry, or as a fault campaign) and printing the
 * result beside the paper's bound. */
#include "sim_cmd.h"
#include "trace_layout.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const CONVENTION =
    "a packet crosses one link per round; M packets down depth D take M + D - 1 rounds "
    "(corrections 000.6)";

static const char *const ACK_NAMES[] = {"free", "round", "none"};

/* The nodes that did not get everything (NULL complete: none listed), at most `limit`. */
static void list_incomplete(FILE *fp, tc_json_t *j, const run_t *r, const uint8_t *complete,
                            const tc_faults_t *faults, int64_t limit)
{
    int64_t shown = 0;
    for (int64_t v = 0; complete != NULL && v < tc_net_nodes(r->net) && shown < limit; v++) {
        if (complete[v] || (faults != NULL && faults->node != NULL && faults->node[v])) {
            continue;
        }
        char lab[TC_LABEL_MAX];
        tc_net_label(r->net, v, false, lab, sizeof lab);
        if (j != NULL) {
            tc_json_str(j, lab);
        } else {
            fprintf(fp, "%s%s", shown ? " " : "", lab);
        }
        shown++;
    }
}

static void print_json(FILE *fp, const run_t *r, const tc_sim_result_t *res, int64_t predicted,
                       int64_t fault_free_tx, const uint8_t *complete, const tc_faults_t *faults)
{
    const args_t *a = r->a;
    const tc_bound_t *b = &r->ref.bound;
    tc_json_t j;
    tc_json_document(&j, fp, "sim");
    tc_json_kstr(&j, "plan", r->s->name);
    tc_json_kstr(&j, "network", r->netlab);
    tc_json_kint(&j, "M", a->M);
    tc_json_kint(&j, "x", tc_coll_options(r->run.coll)->x);
    tc_json_kstr(&j, "root", r->rootlab);
    tc_json_key(&j, "seed");
    tc_json_uint(&j, a->seed);
    tc_json_kstr(&j, "faults", r->fault_text);
    tc_json_kint(&j, "ports", a->port_limit);
    tc_json_kbool(&j, "half_duplex", a->half);
    tc_json_kstr(&j, "acks", ACK_NAMES[a->acks]);
    const int64_t v[] = {res->rounds,          res->complete_round, 0,
                         res->transmissions,   res->control,        res->free_signals,
                         fault_free_tx,        res->dropped,        res->max_link_load,
                         res->max_queue,       res->queued_packets, res->queue_rounds,
                         res->nodes_nonfaulty, res->nodes_complete};
    static const char *const keys[] = {"rounds",
                                       "complete_round",
                                       "time",
                                       "transmissions",
                                       "control",
                                       "free_signals",
                                       "fault_free_data_transmissions",
                                       "dropped",
                                       "max_link_load",
                                       "max_queue",
                                       "queued_packets",
                                       "queue_rounds",
                                       "nodes_nonfaulty",
                                       "nodes_complete"};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        if (k == 2) {
            tc_json_kdouble(&j, "time", res->time);
        } else {
            tc_json_kint(&j, keys[k], v[k]);
        }
    }
    tc_json_key(&j, "delivered_fraction");
    tc_json_fixed(&j, res->delivered_fraction, 6);
    tc_json_kint(&j, "duplicates", res->duplicates);
    tc_json_kint(&j, "predicted_rounds", predicted);
    if (r->ref.claim >= 0) {
        tc_json_key(&j, "construction_claim");
        tc_json_object(&j);
        tc_json_kint(&j, "rounds", r->ref.claim);
        tc_json_kstr(&j, "formula", r->ref.claim_formula);
        tc_json_kstr(&j, "source", r->ref.claim_source);
        tc_json_end_object(&j);
    }
    tc_json_key(&j, "bound");
    if (r->ref.have_bound) {
        tc_json_object(&j);
        tc_json_kdouble(&j, "time", b->time);
        tc_json_kdouble(&j, "time_printed", b->time_printed);
        tc_json_kstr(&j, "formula", b->time_formula);
        tc_json_kstr(&j, "source", b->source);
        tc_json_kstr(&j, "correction", b->correction);
        tc_json_kdouble(&j, "transmissions", b->transmissions);
        tc_json_end_object(&j);
        tc_json_kdouble(&j, "rounds_minus_bound", (double)res->rounds - b->time);
    } else {
        tc_json_null(&j);
    }
    tc_json_kstr(&j, "convention", CONVENTION);
    tc_json_kstr(&j, "method", r->method);
    tc_json_key(&j, "incomplete");
    tc_json_array(&j);
    list_incomplete(fp, &j, r, complete, faults, INT64_MAX);
    tc_json_end_array(&j);
    if (a->timing) {
        tc_json_key(&j, "seconds");
        tc_json_fixed(&j, r->seconds, 3);
        tc_json_kint(&j, "peak_kib", peak_kib());
        tc_json_kint(&j, "hops", r->hops);
        tc_json_key(&j, "hops_per_second");
        tc_json_fixed(&j, r->seconds > 0 ? (double)r->hops / r->seconds : 0.0, 0);
    }
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

static void print_csv(FILE *fp, const run_t *r, const tc_sim_result_t *res)
{
    const tc_bound_t *b = &r->ref.bound;
    fputs("plan,network,M,x,root,faults,rounds,complete_round,time,transmissions,control,"
          "dropped,max_link_load,max_queue,queued_packets,queue_rounds,nodes_complete,"
          "nodes_nonfaulty,delivered_fraction,bound,bound_printed,rounds_minus_bound\n",
          fp);
    fprintf(fp,
            "%s,%s,%lld,%d,%s,%s,%lld,%lld,%.15g,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,"
            "%.6f,",
            r->s->name, r->netlab, (long long)r->a->M, tc_coll_options(r->run.coll)->x, r->rootlab,
            r->fault_text, (long long)res->rounds, (long long)res->complete_round, res->time,
            (long long)res->transmissions, (long long)res->control, (long long)res->dropped,
            (long long)res->max_link_load, (long long)res->max_queue,
            (long long)res->queued_packets, (long long)res->queue_rounds,
            (long long)res->nodes_complete, (long long)res->nodes_nonfaulty,
            res->delivered_fraction);
    if (r->ref.have_bound) {
        fprintf(fp, "%.15g,%.15g,%.15g\n", b->time, b->time_printed, (double)res->rounds - b->time);
    } else {
        fputs(",,\n", fp);
    }
}

static void print_text(FILE *fp, const run_t *r, const tc_sim_result_t *res, int64_t predicted,
                       int64_t fault_free_tx, const uint8_t *complete, const tc_faults_t *faults)
{
    const args_t *a = r->a;
    const tc_bound_t *b = &r->ref.bound;
    bool multinode = r->s->coll == TC_COLL_MULTINODE;
    fprintf(fp, "%s on %s, M = %lld, x = %d, %s; %s, %s duplex%s; faults: %s\n", r->s->name,
            r->netlab, (long long)a->M, tc_coll_options(r->run.coll)->x,
            r->s->all_sources ? "every node a source" : r->rootlab,
            a->port_limit == 0   ? "all-port"
            : a->port_limit == 1 ? "one-port"
                                 : "k-port",
            a->half ? "half" : "full",
            !multinode                 ? ""
            : a->acks == TC_ACKS_ROUND ? ", acknowledgements take a round"
            : a->acks == TC_ACKS_NONE  ? ", no acknowledgements (timetable)"
                                       : ", free acknowledgements",
            r->fault_text);
    fprintf(fp, "  rounds              %lld", (long long)res->rounds);
    if (predicted >= 0) {
        fprintf(fp, "   (the schedule predicts %lld)", (long long)predicted);
    }
    fputc('\n', fp);
    if (r->ref.claim >= 0) {
        fprintf(fp, "  construction claims %lld   %s [%s]\n", (long long)r->ref.claim,
                r->ref.claim_formula, r->ref.claim_source);
    }
    /* a schedule for any network has treecast's own bound, not a paper's */
    const char *bound_label = r->s->family != NULL ? "paper's bound" : "lower bound  ";
    if (r->ref.have_bound) {
        fprintf(fp, "  %s       %.15g   %s [%s]%s%s\n", bound_label, b->time, b->time_formula,
                b->source, b->correction[0] ? "; " : "", b->correction);
        fprintf(fp, "  rounds - bound      %+.15g%s\n", (double)res->rounds - b->time,
                a->port_limit != 0 || a->half
                    ? "   (the bound is for the all-port, full-duplex model)"
                    : "");
    } else {
        fprintf(fp, "  %s       none for this network and plan\n", bound_label);
    }
    fprintf(fp, "  convention          %s\n", CONVENTION);
    fprintf(fp, "  method              %s\n", r->method);
    fprintf(fp, "  complete by round   %lld\n", (long long)res->complete_round);
    fprintf(fp, "  modelled time       %.15g   (rounds x (ts + B tm) = %lld x (%g + %lld x %g))\n",
            res->time, (long long)res->rounds, a->ts, (long long)a->B, a->tm);
    fprintf(fp, "  transmissions       %lld data", (long long)(res->transmissions - res->control));
    if (res->control || res->free_signals) {
        fprintf(fp, " + %lld acknowledgements on links + %lld free", (long long)res->control,
                (long long)res->free_signals);
    }
    if (r->ref.have_bound) {
        fprintf(fp, "   (%s: %.15g; this schedule without faults: %lld)\n",
                r->s->family != NULL ? "paper" : "bound", b->transmissions,
                (long long)fault_free_tx);
    } else {
        fprintf(fp, "   (this schedule without faults: %lld)\n", (long long)fault_free_tx);
    }
    fprintf(fp, "  largest link load   %lld %s\n", (long long)res->max_link_load,
            plural(res->max_link_load, "packet", "packets"));
    fprintf(fp, "  queueing            %lld %s waited, %lld %s in all; longest queue %lld\n",
            (long long)res->queued_packets, plural(res->queued_packets, "packet", "packets"),
            (long long)res->queue_rounds, plural(res->queue_rounds, "round", "rounds"),
            (long long)res->max_queue);
    fprintf(fp, "  lost to faults      %lld %s\n", (long long)res->dropped,
            plural(res->dropped, "packet", "packets"));
    fprintf(fp,
            "  delivered           %lld of %lld non-faulty %s got everything (%.4f of all "
            "they expect)\n",
            (long long)res->nodes_complete, (long long)res->nodes_nonfaulty,
            plural(res->nodes_nonfaulty, "node", "nodes"), res->delivered_fraction);
    if (complete != NULL && res->nodes_complete < res->nodes_nonfaulty) {
        fprintf(fp, "  incomplete nodes    ");
        list_incomplete(fp, NULL, r, complete, faults, 12);
        fprintf(fp, "%s\n", res->nodes_nonfaulty - res->nodes_complete > 12 ? " ..." : "");
    }
    if (res->stopped) {
        fprintf(fp, "  STOPPED at the round limit\n");
    }
    if (a->timing) {
        fprintf(fp,
                "  time                %.3f s wall; peak memory %.1f MiB; %.3g packet-hops per "
                "second (%lld simulated)\n",
                r->seconds, (double)peak_kib() / 1024.0,
                r->seconds > 0 ? (double)r->hops / r->seconds : 0.0, (long long)r->hops);
    }
}

static void print_single(FILE *fp, const run_t *r, const tc_sim_result_t *res, int64_t predicted,
                         int64_t fault_free_tx, const uint8_t *complete, const tc_faults_t *faults)
{
    progress_end();
    if (r->a->format == 1) {
        print_json(fp, r, res, predicted, fault_free_tx, complete, faults);
    } else if (r->a->format == 2) {
        print_csv(fp, r, res);
    } else {
        print_text(fp, r, res, predicted, fault_free_tx, complete, faults);
    }
}

static void round_progress(void *ctx, int64_t round)
{
    (void)ctx;
    progress_set(round, 0);
}

/* ---- the three ways to run --------------------------------------------------------------- */

/* Lemma 7: with the per-round condition, the N translated schedules never share a directed
 * link, so the full run is the one-source run translated. */
static int run_symmetry(run_t *r, const tc_sim_config_t *cfg, FILE *fp)
{
    tc_sim_symmetry_t sym;
    double t0 = now();
    tc_err_t err = tc_sim_symmetry(r->run.coll, r->run.topo, cfg, &sym);
    r->seconds = now() - t0;
    r->hops = sym.transmissions;
    if (err != TC_OK) {
        return lib_fail(err, "the symmetry method");
    }
    int64_t N = tc_net_nodes(r->net);
    bool ok = sym.violations == 0, all = ok && sym.delivered_all;
    tc_sim_result_t res = {.rounds = sym.rounds,
                           .complete_round = all ? sym.complete_round : -1,
                           .time = (double)sym.rounds * (cfg->ts + (double)cfg->B * cfg->tm),
                           .transmissions = sym.transmissions * N,
                           .control = sym.control * N,
                           .free_signals = sym.free_signals * N,
                           .nodes_nonfaulty = N,
                           .nodes_complete = all ? N : 0,
                           .max_link_load = sym.max_link_load,
                           .delivered_fraction = all ? 1.0 : 0.0};
    snprintf(r->method, sizeof r->method,
             "symmetry: one source simulated; Lemma 7's condition %s in %lld of %lld %s%s",
             ok ? "held" : "FAILED", (long long)(sym.steps_checked - (ok ? 0 : 1)),
             (long long)sym.steps_checked, plural(sym.steps_checked, "round", "rounds"),
             ok ? "; translated to every source" : "; the full run is not predicted");
    print_single(fp, r, &res, -1, tc_coll_data_transmissions(r->run.coll) * N, NULL, NULL);
    if (!ok) {
        fprintf(stderr, "treecast sim: the first round with two packets on one dimension is %lld\n",
                (long long)sym.first_violation);
    }
    return 0;
}

/* --trace: lay the network out, write the page (atomically, as --output), and guard the main
 * output's temporary again (output_open guards one file at a time). 0 or a status. */
static int write_trace(const run_t *r, const tc_trace_t *tr, const tc_sim_result_t *res,
                       const output_t *main_out)
{
    const args_t *a = r->a;
    tc_err_t err = tc_trace_status(tr);
    if (err == TC_ETOOBIG) {
        return misuse("--trace holds at most %d link crossings; this run makes more (a smaller "
                      "--M?)",
                      TC_TRACE_MAX_HOPS);
    }
    if (err != TC_OK) {
        return fail(EXIT_RESOURCE, "%s",
                    err == TC_ENOMEM ? "out of memory recording the trace"
                                     : "--trace: a packet crossed a link it was not "
                                       "queued on (a bug: please report it)");
    }
    int64_t N = tc_net_nodes(r->net);
    double *xy = malloc((size_t)N * 2 * sizeof *xy);
    if (xy == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    output_t o;
    int st = output_open(&o, a->trace); /* first: an unwritable FILE costs no layout */
    if (st != 0) {
        output_guard(main_out->tmp);
        free(xy);
        return st;
    }
    char why[512], title[TC_LABEL_MAX + 256], subtitle[256];
    bool neato = trace_layout(r->net, r->run.topo, xy, why, sizeof why);
    if (!neato) {
        progress_end();
        fprintf(stderr, "treecast sim: warning: %s; --trace draws the network on a circle\n", why);
    }
    snprintf(title, sizeof title, "%s on %s, M = %lld, x = %d, %s", r->s->name, r->netlab,
             (long long)a->M, tc_coll_options(r->run.coll)->x,
             r->s->all_sources ? "every node a source" : r->rootlab);
    snprintf(subtitle, sizeof subtitle, "%s, %s duplex; faults: %s; %lld %s",
             a->port_limit == 0   ? "all-port"
             : a->port_limit == 1 ? "one-port"
                                  : "k-port",
             a->half ? "half" : "full", r->fault_text, (long long)res->rounds,
             plural(res->rounds, "round", "rounds"));
    tc_trace_page_t pg = {.title = title,
                          .subtitle = subtitle,
                          .net = r->net,
                          .trees = &r->run.trees,
                          .forest = r->run.forest,
                          .plan = tc_coll_plan(r->run.coll),
                          .ref = &r->ref,
                          .bound_label = r->s->family != NULL ? "paper's bound" : "lower bound",
                          .source = r->s->all_sources ? -1 : r->root,
                          .res = res,
                          .xy = xy,
                          .neato = neato};
    err = tc_trace_write_html(o.fp, tr, &pg);
    st = output_close(&o, err == TC_OK);
    st = st != 0            ? st
         : err == TC_ENOMEM ? fail(EXIT_RESOURCE, "out of memory writing the trace")
         : err != TC_OK     ? fail(EXIT_RESOURCE, "writing %s failed", a->trace)
                            : 0;
    output_guard(main_out->tmp);
    free(xy);
    return st;
}

static int run_single(run_t *r, const tc_sim_config_t *cfg, const tc_sim_campaign_t *camp,
                      const output_t *out)
{
    const args_t *a = r->a;
    FILE *fp = out->fp;
    tc_faults_t faults = {0};
    bool have = false;
    int st = 0;
    if (a->listed.count > 0 || a->faults_file != NULL) {
        st = listed_faults(r, &faults);
        have = true;
        snprintf(r->fault_text, sizeof r->fault_text, "%lld %s and %lld directed %s listed",
                 (long long)faults.faulty_nodes, plural(faults.faulty_nodes, "node", "nodes"),
                 (long long)faults.faulty_links, plural(faults.faulty_links, "link", "links"));
    } else if (a->faults != NULL) {
        int64_t target; /* one run is trial 0 of the campaign with this seed */
        tc_err_t err = tc_sim_campaign_faults(&faults, r->run.topo, &r->run.trees, r->protect, camp,
                                              0, &target);
        st = err != TC_OK ? lib_fail(err, "--faults") : 0;
        have = true;
    }
    uint8_t *complete = st == 0 ? malloc((size_t)tc_net_nodes(r->net)) : NULL;
    st = st == 0 && complete == NULL ? fail(EXIT_RESOURCE, "out of memory") : st;
    tc_sim_config_t one = *cfg;
    tc_trace_t tr = {0};
    if (st == 0 && a->trace != NULL) { /* every crossing, queueing and delivery recorded */
        tc_err_t err = tc_trace_init(&tr, r->run.topo, have ? &faults : NULL);
        st = err != TC_OK ? fail(EXIT_RESOURCE, "out of memory recording the trace") : 0;
        tc_trace_attach(&tr, &one);
    }
    tc_sim_result_t res;
    if (st == 0) {
        double t0 = now();
        tc_err_t err = tc_sim_run(r->run.topo, &one, have ? &faults : NULL,
                                  tc_coll_plan(r->run.coll), &res, complete);
        r->seconds = now() - t0;
        r->hops = res.transmissions;
        st = err != TC_OK ? lib_fail(err, "simulating") : 0;
    }
    if (st == 0 && a->trace != NULL) {
        st = write_trace(r, &tr, &res, out);
    }
    tc_trace_destroy(&tr);
    if (st == 0) {
        bool papers_model = a->port_limit == 0 && !a->half;
        int64_t predicted = have || !papers_model
                                ? -1
                                : tc_plan_trees_predicted_rounds(&r->run.trees, r->s->coll, a->M,
                                                                 tc_coll_options(r->run.coll)->x);
        print_single(fp, r, &res, predicted, tc_coll_data_transmissions(r->run.coll), complete,
                     have ? &faults : NULL);
    }
    free(complete);
    tc_faults_destroy(&faults);
    return st;
}

static void print_campaign(FILE *fp, const run_t *r, const tc_sim_trial_t *trials,
                           const tc_sim_trials_summary_t *sum)
{
    const args_t *a = r->a;
    int64_t T = a->trials;
    int x = tc_coll_options(r->run.coll)->x;
    double bound = r->ref.have_bound ? r->ref.bound.time : -1;
    if (a->format == 1) {
        tc_json_t j;
        tc_json_document(&j, fp, "sim");
        tc_json_kstr(&j, "plan", r->s->name);
        tc_json_kstr(&j, "network", r->netlab);
        tc_json_kint(&j, "M", a->M);
        tc_json_kint(&j, "x", x);
        tc_json_kstr(&j, "root", r->rootlab);
        tc_json_kstr(&j, "faults", a->faults);
        tc_json_kint(&j, "trials", T);
        tc_json_key(&j, "seed");
        tc_json_uint(&j, a->seed);
        const char *names[4] = {"min", "median", "p90", "max"};
        tc_json_key(&j, "rounds");
        tc_json_object(&j);
        for (int k = 0; k < 4; k++) {
            tc_json_kint(&j, names[k], sum->rounds[k]);
        }
        tc_json_end_object(&j);
        tc_json_key(&j, "delivered_fraction");
        tc_json_object(&j);
        for (int k = 0; k < 4; k++) {
            tc_json_key(&j, names[k]);
            tc_json_fixed(&j, sum->delivered[k], 6);
        }
        tc_json_end_object(&j);
        tc_json_kint(&j, "trials_all_delivered", sum->all_delivered);
        tc_json_kdouble(&j, "bound", bound);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    if (a->format == 2) {
        fputs("trial,rounds,complete_round,delivered_fraction,all_delivered,dropped,"
              "faulty_nodes,faulty_links,target\n",
              fp);
        for (int64_t i = 0; i < T; i++) {
            const tc_sim_trial_t *t = &trials[i];
            fprintf(fp, "%lld,%lld,%lld,%.6f,%d,%lld,%lld,%lld,%lld\n", (long long)i,
                    (long long)t->rounds, (long long)t->complete_round, t->delivered,
                    t->all ? 1 : 0, (long long)t->dropped, (long long)t->faulty_nodes,
                    (long long)t->faulty_links, (long long)t->target);
        }
        return;
    }
    fprintf(fp, "%s on %s, M = %lld, x = %d, %s; faults %s; %lld %s, seed %llu\n", r->s->name,
            r->netlab, (long long)a->M, x, r->s->all_sources ? "every node a source" : r->rootlab,
            a->faults, (long long)T, plural(T, "trial", "trials"), (unsigned long long)a->seed);
    fprintf(fp, "  %-20s %10s %10s %10s %10s\n", "", "min", "median", "p90", "max");
    fprintf(fp, "  %-20s %10lld %10lld %10lld %10lld\n", "rounds", (long long)sum->rounds[0],
            (long long)sum->rounds[1], (long long)sum->rounds[2], (long long)sum->rounds[3]);
    fprintf(fp, "  %-20s %10.4f %10.4f %10.4f %10.4f\n", "delivered fraction", sum->delivered[0],
            sum->delivered[1], sum->delivered[2], sum->delivered[3]);
    fprintf(fp, "  every non-faulty node got everything in %lld of %lld %s\n",
            (long long)sum->all_delivered, (long long)T, plural(T, "trial", "trials"));
    if (r->ref.have_bound) {
        fprintf(fp, "  paper's bound (no faults): %.15g rounds [%s]\n", bound, r->ref.bound.source);
    }
    if (a->timing) {
        fprintf(fp, "  time: %.3f s wall for %lld %s; peak memory %.1f MiB\n", r->seconds,
                (long long)T, plural(T, "trial", "trials"), (double)peak_kib() / 1024.0);
    }
}

static int run_campaign(run_t *r, const tc_sim_config_t *cfg, tc_sim_campaign_t *camp, FILE *fp)
{
    int64_t T = r->a->trials;
    tc_sim_trial_t *trials = calloc((size_t)T, sizeof *trials);
    int st = trials != NULL ? 0 : fail(EXIT_RESOURCE, "out of memory for the trials");
    tc_sim_trials_summary_t sum;
    if (st == 0) {
        double t0 = now();
        tc_err_t err = tc_sim_campaign_run(r->run.topo, cfg, tc_coll_plan(r->run.coll),
                                           &r->run.trees, r->protect, camp, trials);
        r->seconds = now() - t0;
        err = err == TC_OK ? tc_sim_trials_summarize(trials, T, &sum) : err;
        st = err != TC_OK ? lib_fail(err, "the fault campaign") : 0;
    }
    if (st == 0) {
        progress_end();
        print_campaign(fp, r, trials, &sum);
    }
    free(trials);
    return st;
}

/* ---- routing cycles (paper 002 Section 5) --------------------------------------------------- */

static void print_cycles(FILE *fp, const run_t *r, const tc_cycles_t *c, const tc_cycles_ref_t *ref,
                         bool one)
{
    const args_t *a = r->a;
    const tc_schedule_t *s = r->s;
    bool all = s->cycles != TC_CYCLES_SCATTER;
    char lab[TC_LABEL_MAX];
    tc_net_label(r->net, r->root, false, lab, sizeof lab);
    if (a->format == F_JSON) {
        tc_json_t j;
        tc_json_document(&j, fp, "sim");
        tc_json_kstr(&j, "plan", s->name);
        tc_json_kstr(&j, "network", r->netlab);
        tc_json_kint(&j, "M", a->M);
        tc_json_key(&j, "root");
        all ? tc_json_null(&j) : tc_json_str(&j, lab);
        tc_json_kstr(&j, "ports", one ? "one" : "all");
        tc_json_kdouble(&j, "ts", a->ts);
        tc_json_kdouble(&j, "tc", a->tm);
        tc_json_kint(&j, "cycles", c->cycles);
        tc_json_kint(&j, "split_cycles", c->split);
        tc_json_kdouble(&j, "time", c->time);
        tc_json_kdouble(&j, "critical_elements", c->critical_elements);
        tc_json_kint(&j, "messages", c->messages);
        tc_json_kint(&j, "height", c->height);
        tc_json_kdouble(&j, "table2", ref->table);
        tc_json_kdouble(&j, "lower_bound", ref->lower);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    if (all) {
        fprintf(fp,
                "%s on %s, M = %lld elements per node pair, the tree translated to all %lld "
                "sources; %s, routing cycles\n",
                s->name, r->netlab, (long long)a->M, (long long)tc_net_nodes(r->net),
                one ? "one-port (the tree's one-port schedule; one dimension per cycle)"
                    : "n-port");
    } else {
        fprintf(fp, "%s on %s, M = %lld elements per node, root %s; %s, routing cycles\n", s->name,
                r->netlab, (long long)a->M, lab,
                one ? "one-port (subtrees by increasing dimension, Lemma 17's discipline)"
                    : "n-port (reverse breadth-first)");
    }
    if (s->split) {
        fprintf(fp, "  data split          every node's M elements in n parts, one per "
                    "rotated SBnT (a cyclic node's n/P_c parents each bring M/abs(J_c))\n");
    }
    fprintf(fp, "  routing cycles      %lld%s\n", (long long)c->cycles,
            one && !all && s->kind == TC_KIND_SBNT_MINR ? "   (Lemma 17: 2n - 2)" : "");
    if (all && one) {
        fprintf(fp, "  port conflicts      %lld extra %s (a cycle per dimension used)\n",
                (long long)c->split, plural(c->split, "cycle", "cycles"));
    }
    fprintf(fp,
            "  modelled time       %.15g   (sum over cycles of ts + tc x largest message; "
            "ts = %g, tc = %g)\n",
            c->time, a->ts, a->tm);
    fprintf(fp, "  critical elements   %.15g   (sum of the cycles' largest messages)\n",
            c->critical_elements);
    fprintf(fp, "  Table 2 (SBnT)      %.15g   %s [002 Table 2, %s%s]\n", ref->table,
            ref->table_formula, ref->what, one && !all ? "; Theorem 6" : "");
    fprintf(fp, "  lower bound         %.15g   %s [002 Sec. 5]\n", ref->lower, ref->lower_formula);
    fprintf(fp, "  messages            %lld; tree height %d\n", (long long)c->messages, c->height);
}

static int run_cycles(const run_t *r, FILE *fp)
{
    const args_t *a = r->a;
    bool one = a->port_limit == 1;
    int tree = r->s->split ? -1 : 0;
    tc_cycles_t c;
    tc_err_t err =
        r->s->cycles == TC_CYCLES_SCATTER
            ? tc_cycles_scatter(&r->run.trees, r->run.topo, tree, a->M, a->ts, a->tm, one, &c, NULL)
            : tc_cycles_alltoall(&r->run.trees, r->run.topo, tree,
                                 r->s->cycles == TC_CYCLES_ALLTOALL, a->M, a->ts, a->tm, one, &c);
    if (err != TC_OK) {
        return lib_fail(err, "the routing cycles");
    }
    tc_cycles_ref_t ref;
    tc_cycles_table2(r->s->cycles, one, tc_net_n(r->net), (double)a->M, a->ts, a->tm, &ref);
    print_cycles(fp, r, &c, &ref, one);
    return 0;
}

/* ---- the run ---------------------------------------------------------------------------- */

/* The checks of the options among themselves. 0 or the misuse status. */
static int check_args(const args_t *a, tc_sim_campaign_t *camp)
{
    bool listed = a->listed.count > 0 || a->faults_file != NULL;
    if (a->faults != NULL) {
        tc_fault_spec_t spec;
        int st = parse_faults_spec(a->faults, &spec);
        if (st != 0) {
            return st;
        }
        camp->kind = spec.kind;
        camp->k = spec.k;
        camp->on_paths = spec.on_paths;
    }
    if (listed && a->faults != NULL) {
        return misuse("--faults draws random faults; it excludes --fault and --faults-file");
    }
    if (a->trials > 0 && a->faults == NULL) {
        return misuse("--trials needs --faults (a campaign draws faults per trial)");
    }
    if (a->kind_text != NULL && a->input != NULL) {
        return misuse("--kind and --input exclude each other");
    }
    if (a->timing && a->format == F_CSV) {
        return misuse("--timing adds to text and json; csv has no column for it");
    }
    if (a->trace != NULL && a->trials > 0) {
        return misuse("--trace records one run; it excludes --trials");
    }
    if (a->trace != NULL && strcmp(a->trace, "-") == 0 &&
        (a->output == NULL || strcmp(a->output, "-") == 0)) {
        return misuse("--trace - and the result would share standard output; give --output FILE");
    }
    return 0;
}

/* --trace on this run: rounds, every packet simulated, a network small enough to draw. */
static int check_trace(const run_t *r)
{
    int64_t N = tc_net_nodes(r->net);
    if (r->symmetry) {
        return misuse("--trace records every packet; it needs --method full");
    }
    if (N > TC_TRACE_MAX_NODES) {
        return misuse("--trace draws networks of at most %d nodes; %s has %lld", TC_TRACE_MAX_NODES,
                      r->netlab, (long long)N);
    }
    return 0;
}

int sim_main(const args_t *a, const char *name)
{
    tc_sim_campaign_t camp = {.trials = a->trials, .seed = a->seed, .threads = (int)a->threads};
    run_t r = {.a = a};
    int st = check_args(a, &camp);
    st = st != 0 ? st : sim_setup(&r, name);
    st = st != 0 || a->trace == NULL ? st : check_trace(&r);
    output_t out = {0};
    bool cycles = st == 0 && r.s->in_cycles;
    if (cycles && a->port_limit > 1) {
        st = misuse("%s runs one-port (--ports one) or n-port (--ports all, the default)",
                    r.s->name);
    }
    if (st == 0 && !cycles && a->faults != NULL) {
        tc_fault_spec_t spec = {.kind = camp.kind, .k = camp.k, .on_paths = camp.on_paths};
        st = check_fault_room(a->faults, &spec, r.run.topo, r.protect);
    }
    if (st == 0 && !cycles) { /* refuse a run that cannot fit before it starts */
        int64_t runs = a->trials > 0 ? (a->threads > 0 ? a->threads : tc_online_cpus()) : 1;
        int64_t one = tc_sim_memory(r.run.topo, tc_coll_plan(r.run.coll));
        st = require_memory(one > INT64_MAX / runs ? INT64_MAX : one * runs, "this simulation");
    }
    st = st != 0 ? st : output_open(&out, a->output);
    if (st == 0 && cycles) {
        st = run_cycles(&r, out.fp);
    } else if (st == 0) {
        tc_sim_config_t cfg = tc_sim_defaults();
        /* one run on every core where it pays: total exchange simulated in full (multinode's
         * free acknowledgements cross between threads so often that two threads gain nothing) */
        cfg.threads = a->threads > 0                                       ? (int)a->threads
                      : r.s->coll == TC_COLL_TOTAL_EXCHANGE && !r.symmetry ? tc_online_cpus()
                                                                           : 1;
        cfg.port_limit = a->port_limit;
        cfg.half_duplex = a->half;
        cfg.ts = a->ts;
        cfg.tm = a->tm;
        cfg.B = a->B;
        cfg.progress = a->trials == 0 ? round_progress : NULL;
        camp.progress = progress_cb;
        if (a->trials == 0) {
            progress_begin("simulating", "rounds", 0);
        } else {
            progress_begin("the fault campaign", "trials", a->trials);
        }
        st = r.symmetry       ? run_symmetry(&r, &cfg, out.fp)
             : a->trials == 0 ? run_single(&r, &cfg, &camp, &out)
                              : run_campaign(&r, &cfg, &camp, out.fp);
        progress_end();
    }
    if (out.fp != NULL) {
        int cst = output_close(&out, st == 0);
        st = st != 0 ? st : cst;
    }
    sim_teardown(&r);
    return st;
}
