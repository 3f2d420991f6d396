/* treecast check --kind optimal: build the schedule that reaches the optimal rate of --coll and
 * check it (tc_optimal_check): spanning trees, routes through switches, the load of every arc
 * against its capacity, and the rate beside the optimum. Part of the check command. */
#include "check_optimal.h"

#include <string.h>

/* Segments per unit of weight in the engine's runs (the data is m and 2m times the weights). */
#define ENGINE_M 16

/* Whether the engine's steady rate equals the optimum: the schedule's rate, which is it. */
static bool engine_optimal(const tc_optimal_run_t *run, const tc_optimal_report_t *r)
{
    return run->within && run->steady && r->optimal;
}

static void text_report(FILE *fp, const tc_optimal_t *s, const tc_optimal_report_t *r,
                        const tc_optimal_run_t *run, const char *skipped)
{
    const tc_net_t *net = tc_optimal_net(s);
    char spec[TC_LABEL_MAX], name[TC_LABEL_MAX], lab[TC_LABEL_MAX], lab2[TC_LABEL_MAX];
    tc_net_spec(net, spec, sizeof spec);
    tc_net_name(net, name, sizeof name);
    int64_t C = tc_optimal_compute_nodes(s), T = tc_optimal_trees(s);
    fprintf(fp, "optimal %s of %s (%s): %lld tree%s over %lld compute nodes, by %s\n",
            tc_optimum_coll_name(tc_optimal_coll(s)), spec, name, (long long)T, plural_s(T),
            (long long)C, tc_optimal_method(s));
    fprintf(fp, "  %-10s %-8s %s\n", "property", "verdict", "measured");
    fprintf(fp, "  %-10s %-8s every tree reaches the %lld compute nodes from its root, no cycle\n",
            "spanning", r->spanning ? "holds" : "FAILS", (long long)C);
    fprintf(fp, "  %-10s %-8s every route is a walk over links through switches only\n", "routes",
            r->routes ? "holds" : "FAILS");
    if (tc_optimal_coll(s) == TC_OPTIMUM_BCAST) {
        tc_net_label(net, tc_optimal_tree_root(s, 0), false, lab, sizeof lab);
        fprintf(fp, "  %-10s %-8s every tree at %s\n", "roots", r->roots ? "holds" : "FAILS", lab);
    } else {
        fprintf(fp, "  %-10s %-8s every compute node roots trees of the same total rate\n", "roots",
                r->roots ? "holds" : "FAILS");
    }
    tc_net_label(net, r->worst_tail, false, lab, sizeof lab);
    tc_net_label(net, r->worst_head, false, lab2, sizeof lab2);
    fprintf(fp, "  %-10s %-8s most loaded arc %s > %s: %lld/%lld against capacity %lld\n",
            "capacity", r->feasible ? "holds" : "FAILS", lab, lab2, (long long)r->worst_load_num,
            (long long)tc_optimal_den(s), (long long)r->worst_cap);
    fprintf(fp,
            "  %-10s %-8s %lld/%lld, the optimum %lld/%lld (its cut: %lld nodes, %lld "
            "compute, capacity %lld)\n",
            "rate", r->optimal ? "holds" : "FAILS", (long long)r->num, (long long)r->den,
            (long long)r->bound.num, (long long)r->bound.den, (long long)r->bound.cut_nodes,
            (long long)r->bound.cut_compute, (long long)r->bound.cut_capacity);
    fprintf(fp, "  %-10s %-8s %lld links\n", "depth", "-", (long long)r->depth);
    if (run == NULL) {
        fprintf(fp, "  %-10s %-8s not run: %s\n", "engine", "-", skipped);
        return;
    }
    double ratio = run->rate_den > 0 && r->bound.num > 0
                       ? (double)run->rate_num * (double)r->bound.den /
                             ((double)run->rate_den * (double)r->bound.num)
                       : 0.0;
    fprintf(fp,
            "  %-10s %-8s steady rate %lld/%lld = %.3f of the optimum (%lld and %lld rounds "
            "for %lld and %lld segments per unit of weight)\n",
            "engine", engine_optimal(run, r) ? "holds" : "FAILS", (long long)run->rate_num,
            (long long)run->rate_den, ratio, (long long)run->rounds, (long long)run->rounds_2m,
            (long long)run->m, (long long)(2 * run->m));
}

static void frac(tc_json_t *j, const char *key, int64_t num, int64_t den)
{
    tc_json_key(j, key);
    tc_json_object(j);
    tc_json_kint(j, "num", num);
    tc_json_kint(j, "den", den);
    tc_json_end_object(j);
}

static void json_report(FILE *fp, const tc_optimal_t *s, const tc_optimal_report_t *r,
                        const tc_optimal_run_t *run)
{
    const tc_net_t *net = tc_optimal_net(s);
    char lab[TC_LABEL_MAX];
    tc_json_t j;
    tc_json_document(&j, fp, "check");
    tc_report_json_network(&j, net);
    tc_json_kstr(&j, "kind", "optimal");
    tc_json_kstr(&j, "collective", tc_optimum_coll_name(tc_optimal_coll(s)));
    tc_json_kstr(&j, "method", tc_optimal_method(s));
    tc_json_kint(&j, "trees", tc_optimal_trees(s));
    tc_json_key(&j, "result");
    tc_json_object(&j);
    tc_json_kbool(&j, "spanning", r->spanning);
    tc_json_kbool(&j, "routes", r->routes);
    tc_json_kbool(&j, "roots", r->roots);
    tc_json_kbool(&j, "feasible", r->feasible);
    tc_json_key(&j, "worst_arc");
    tc_json_object(&j);
    tc_net_label(net, r->worst_tail, false, lab, sizeof lab);
    tc_json_kstr(&j, "from", lab);
    tc_net_label(net, r->worst_head, false, lab, sizeof lab);
    tc_json_kstr(&j, "to", lab);
    frac(&j, "load", r->worst_load_num, tc_optimal_den(s));
    tc_json_kint(&j, "capacity", r->worst_cap);
    tc_json_end_object(&j);
    frac(&j, "rate", r->num, r->den);
    frac(&j, "bound", r->bound.num, r->bound.den);
    tc_json_kint(&j, "depth", r->depth);
    tc_json_kbool(&j, "optimal", r->optimal);
    tc_json_key(&j, "engine");
    if (run == NULL) { /* too many routes for the engine */
        tc_json_null(&j);
        tc_json_end_object(&j);
        tc_json_kbool(&j, "all_hold", r->optimal);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return;
    }
    tc_json_object(&j);
    tc_json_kint(&j, "m", run->m);
    tc_json_kint(&j, "rounds", run->rounds);
    tc_json_kint(&j, "rounds_2m", run->rounds_2m);
    frac(&j, "rate", run->rate_num, run->rate_den);
    tc_json_kbool(&j, "within", run->within);
    tc_json_kbool(&j, "optimal", engine_optimal(run, r));
    tc_json_end_object(&j);
    tc_json_end_object(&j);
    tc_json_kbool(&j, "all_hold", r->optimal && engine_optimal(run, r));
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

int check_optimal(const tc_net_t *net, const char *root_text, bool allgather, bool json, FILE *fp,
                  bool *ok)
{
    int64_t root = 0;
    int st = 0;
    if (allgather && root_text != NULL) {
        return misuse("--root is for bcast; an allgather has no root");
    }
    if (root_text != NULL) {
        st = resolve_root(net, root_text, 0, &root);
    }
    while (st == 0 && root_text == NULL && tc_net_role(net, root) != TC_ROLE_COMPUTE) {
        root++; /* the first compute node */
    }
    tc_optimal_t *s = NULL;
    tc_optimal_report_t r;
    tc_optimal_run_t run;
    char skipped[200] = ""; /* why the engine did not run, or "" */
    memset(&r, 0, sizeof r);
    memset(&run, 0, sizeof run);
    if (st == 0) {
        tc_err_t err =
            tc_optimal_build(net, allgather ? TC_OPTIMUM_ALLGATHER : TC_OPTIMUM_BCAST, root, &s);
        err = err == TC_OK ? tc_optimal_check(s, &r) : err;
        err = err == TC_OK ? tc_optimal_simulate(s, ENGINE_M, &run) : err;
        if (err == TC_ETOOBIG) { /* too many routes for the engine: said, not a failure */
            snprintf(skipped, sizeof skipped, "%s", tc_err_detail());
            err = TC_OK;
        }
        st = err != TC_OK ? lib_fail(err, "the optimal schedule") : 0;
    }
    if (st == 0) {
        if (json) {
            json_report(fp, s, &r, skipped[0] ? NULL : &run);
        } else {
            text_report(fp, s, &r, skipped[0] ? NULL : &run, skipped);
        }
        *ok = r.optimal && (skipped[0] || engine_optimal(&run, &r));
    }
    tc_optimal_report_destroy(&r);
    tc_optimal_free(s);
    return st;
}
