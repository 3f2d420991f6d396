/* treecast sim: setting a run of the catalog's plans up (the network, the schedule and its trees,
 * the plan, the reference), for sim_run.c. */
#include "sim_cmd.h"

#include <string.h>

int listed_faults(const run_t *r, tc_faults_t *f)
{
    return read_listed_faults(r->net, r->run.topo, r->protect, &r->a->listed, r->a->faults_file, f);
}

/* ---- setting a run up ----------------------------------------------------------------------- */

/* The schedule, the kind and the method for the plan named on net; 0 or the misuse status. */
static int choose(run_t *r, const char *name)
{
    const args_t *a = r->a;
    r->s = tc_schedule_find(name, r->net);
    if (r->s == NULL) {
        const char *where = tc_schedule_families(name);
        return where[0] ? misuse("%s runs on %s networks so far, not %s", name, where, r->netlab)
                        : misuse("unknown plan \"%s\" (treecast sim --help lists them)", name);
    }
    r->kind = r->s->kind;
    if (a->kind_text != NULL) { /* not for the plans in cycles (their table refuses it) */
        int st = open_kind(r->net, a->kind_text, "--kind", &r->kind);
        if (st != 0) {
            return st;
        }
    }
    if (r->kind == TC_KIND_CUSTOM && a->input == NULL) {
        return misuse("%s on %s needs the trees: --kind (%s) or --input FILE", name, r->netlab,
                      tc_kind_list(r->net));
    }
    if (r->s->kind != r->kind || a->input != NULL) { /* the caller's trees: the generic row */
        const tc_schedule_t *any = tc_schedule_find(name, NULL);
        r->s = any != NULL ? any : r->s;
    }
    int64_t N = tc_net_nodes(r->net);
    r->symmetry = r->s->all_sources &&
                  (a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && N > 5040));
    int64_t limit = r->s->all_sources && !r->symmetry ? 5040 : r->symmetry ? 362880 : 400000;
    if (N > limit) {
        return misuse("%s simulates networks of at most %lld nodes %s; %s has %lld", name,
                      (long long)limit, r->symmetry ? "by symmetry" : "fully", r->netlab,
                      (long long)N);
    }
    if (r->symmetry && (a->faults != NULL || a->listed.count > 0 || a->faults_file != NULL)) {
        return misuse("the symmetry method assumes no faults; use --method full (N <= 5040)");
    }
    return 0;
}

/* The trees of --input, read into r->input (the root is theirs); 0 or a status. */
static int read_input_trees(run_t *r)
{
    const char *path = r->a->input;
    int64_t nonedges = 0;
    int st = read_forest(path, r->net, &r->input, &nonedges);
    if (st == 0 && nonedges > 0) {
        st = fail(EXIT_DATA, "%s: %lld parents are not neighbours", path, (long long)nonedges);
    }
    r->root = st == 0 ? tc_forest_root(r->input) : r->root;
    return st;
}

/* A refusal of the collective, reported after the paper's bound was computed: its detail was
 * saved before. */
static int coll_fail(tc_err_t err, const char *detail)
{
    const char *msg = detail[0] ? detail : tc_strerror(err);
    int status = status_of(err);
    return status == EXIT_MISUSE ? misuse("preparing the simulation: %s", msg)
                                 : fail(status, "preparing the simulation: %s", msg);
}

int sim_setup(run_t *r, const char *name)
{
    const args_t *a = r->a;
    int st = open_net(a->net_spec, &r->net);
    if (st != 0) {
        return st;
    }
    tc_net_name(r->net, r->netlab, sizeof r->netlab);
    if (r->s == NULL && (st = choose(r, name)) != 0) {
        return st;
    }
    if ((st = resolve_root(r->net, a->root_text, a->seed, &r->root)) != 0) {
        return st;
    }
    if (a->input != NULL && (st = read_input_trees(r)) != 0) {
        return st;
    }
    /* The trees: read, or built (kind at the root, or at node 0 for the all-sources plans). */
    tc_assembly_opts_t ao = {.net = r->net,
                             .forest = r->input,
                             .kind = r->kind,
                             .root = r->s->all_sources ? 0 : r->root,
                             .order = (tc_child_order_t)a->order};
    if (!r->s->in_cycles) {
        ao.coll = (tc_coll_opts_t){.what = r->s->coll,
                                   .M = a->M,
                                   .x = a->x_given ? (int)a->x : 0,
                                   .acks = (tc_acks_t)a->acks,
                                   .one_source = r->symmetry};
    }
    tc_err_t err = tc_assembly_init(&ao, &r->run);
    tc_assembly_step_t failed = r->run.failed;
    if (failed == TC_ASSEMBLY_TOPO) {
        return lib_fail(err, "preparing the simulation");
    }
    if (failed == TC_ASSEMBLY_FOREST) {
        return lib_fail(err, r->s->name);
    }
    int T = tc_forest_trees(r->run.forest);
    if (a->x_given && a->x > T) {
        return misuse("--x %lld exceeds the %d trees of %s for %s", (long long)a->x, T, r->netlab,
                      name);
    }
    if (failed == TC_ASSEMBLY_TREES && a->input != NULL && err == TC_EINVAL) {
        return fail(EXIT_DATA, "%s: %s", a->input, tc_err_detail()); /* the document's trees */
    }
    if (failed == TC_ASSEMBLY_TREES) {
        return lib_fail(err, "preparing the simulation");
    }
    char detail[512];
    snprintf(detail, sizeof detail, "%s", failed == TC_ASSEMBLY_COLL ? tc_err_detail() : "");
    int x = a->x_given ? (int)a->x : r->s->coll == TC_COLL_BCAST ? 1 : T;
    tc_err_t ref_err = tc_schedule_reference(r->s, r->net, r->root, a->M, x, &r->ref);
    if (ref_err != TC_OK) {
        return lib_fail(ref_err, "the paper's bound");
    }
    tc_net_label(r->net, r->root, false, r->rootlab, TC_LABEL_MAX);
    if (a->root_text != NULL && strcmp(a->root_text, "random") == 0) {
        size_t l = strlen(r->rootlab);
        snprintf(r->rootlab + l, sizeof r->rootlab - l, " (random, seed %llu)",
                 (unsigned long long)a->seed);
    }
    snprintf(r->fault_text, sizeof r->fault_text, "%s%s", a->faults ? a->faults : "none",
             a->faults && a->trials == 0 ? " (seeded)" : "");
    snprintf(r->method, sizeof r->method, "full simulation of every source and packet");
    r->protect = r->s->all_sources ? -1 : r->root;
    return failed == TC_ASSEMBLY_COLL ? coll_fail(err, detail) : 0;
}

void sim_teardown(run_t *r)
{
    tc_assembly_destroy(&r->run);
    tc_forest_free(r->input);
    tc_net_free(r->net);
}
