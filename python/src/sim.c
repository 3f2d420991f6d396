/* treecast._core's simulation, routing and reproduction functions (python/treecast/sim.py,
 * route.py, repro.py): the catalog's plans in the round engine or in routing cycles, set up and
 * run as `treecast sim` does (tools/treecast/sim_setup.c, sim_run.c: run_single, run_symmetry,
 * run_campaign, run_cycles), the faulty-star routing as `treecast route --method dfs` does
 * (cmd_route.c), and the reproduction pages and `treecast table`'s rows (repro.h, tables.h).
 * Results are dicts with the keys of the CLI's JSON documents. Long calls run without the GIL. */
#include "py.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers -------------------------------------------------------------------------- */

static int set_item(PyObject *d, const char *key, PyObject *v)
{
    if (v == NULL) {
        return -1;
    }
    int r = PyDict_SetItemString(d, key, v);
    Py_DECREF(v);
    return r;
}

#define SET_INT(d, k, v) set_item(d, k, PyLong_FromLongLong((long long)(v)))
#define SET_DBL(d, k, v) set_item(d, k, PyFloat_FromDouble((double)(v)))
#define SET_STR(d, k, v) set_item(d, k, PyUnicode_FromString(v))
#define SET_BOOL(d, k, v) set_item(d, k, PyBool_FromLong((long)(v)))

static PyObject *arg_error(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return tc_py_raise_arg(buf);
}

/* The detail of err prefixed by context, as the CLI's lib_fail prints it, raised as err's class. */
static PyObject *raise_ctx(tc_err_t err, const char *context)
{
    char buf[1024];
    const char *detail = tc_err_detail();
    snprintf(buf, sizeof buf, "%s: %s", context, detail[0] ? detail : tc_strerror(err));
    if (err == TC_EINVAL || err == TC_ERANGE) {
        return tc_py_raise_arg(buf);
    }
    return tc_py_raise(err);
}

/* An int64 array as bytes (NumPy reads it with frombuffer). */
static PyObject *i64_bytes(const int64_t *v, int64_t n)
{
    return PyBytes_FromStringAndSize((const char *)v, (Py_ssize_t)((size_t)n * sizeof *v));
}

/* A node: an int id, or a str (a label, "identity", or "random": drawn with the seed and
 * stream 1 as the CLI's resolve_node). 0 or -1 with an exception set. */
static int resolve_node(const tc_net_t *net, PyObject *obj, uint64_t seed, uint64_t stream,
                        const char *option, int64_t *node, bool *random)
{
    *random = false;
    if (obj == NULL || obj == Py_None) {
        *node = 0;
        return 0;
    }
    if (PyLong_Check(obj)) {
        long long v = PyLong_AsLongLong(obj);
        if (v == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (v < 0 || v >= tc_net_nodes(net)) {
            arg_error("%s: node id %lld is outside 0..%lld.", option, v,
                      (long long)tc_net_nodes(net) - 1);
            return -1;
        }
        *node = v;
        return 0;
    }
    const char *text = PyUnicode_AsUTF8(obj);
    if (text == NULL) {
        return -1;
    }
    if (strcmp(text, "identity") == 0) {
        *node = 0;
        return 0;
    }
    if (strcmp(text, "random") == 0) {
        tc_rng_t rng;
        tc_rng_seed(&rng, seed, stream);
        *node = (int64_t)tc_rng_below(&rng, (uint64_t)tc_net_nodes(net));
        *random = true;
        return 0;
    }
    tc_err_t err = tc_net_parse_label(net, text, node);
    if (err != TC_OK) {
        raise_ctx(err, option);
        return -1;
    }
    return 0;
}

/* --faults SPEC parsed, with the CLI's sentences (tools/treecast/fault_opts.c). */
static int parse_spec(const char *text, tc_fault_spec_t *spec)
{
    tc_err_t err = tc_faults_parse_spec(text, spec);
    if (err == TC_ERANGE) {
        const char *colon = strchr(text, ':');
        arg_error("--faults needs an integer in 0..%d after the colon, not \"%s\"",
                  TC_FAULTS_SPEC_MAX, colon != NULL ? colon + 1 : text);
        return -1;
    }
    if (err != TC_OK) {
        arg_error("--faults must be nodes:K, links:K, arcs:K, mixed:K or paths:K, not \"%s\"",
                  text);
        return -1;
    }
    return 0;
}

static int read_listed(const tc_net_t *net, const tc_topo_t *topo, int64_t protect, PyObject *items,
                       const char *file, tc_faults_t *f);
static bool listed_given(PyObject *items, const char *file);

/* ---- sim: the catalog's schedules (TC_PLAN_RUN_SCHEDULE) ------------------------------------ */

static const char *const ACK_NAMES[] = {"free", "round", "none"};
static const char *const CONVENTION =
    "a packet crosses one link per round; M packets down depth D take M + D - 1 rounds "
    "(corrections 000.6)";

typedef struct {
    const char *name, *kind_text, *faults, *file;
    PyObject *root_obj, *items;
    bool listed;
    int64_t M, x, trials;
    bool x_given, half, per_round;
    uint64_t seed;
    int ports, acks, order, method, threads;
    double ts, tm;
    int64_t B;
} sim_args_t;

typedef struct {
    const tc_net_t *net;
    const tc_schedule_t *s;
    tc_kind_t kind;
    bool symmetry;
    tc_assembly_t run;
    int64_t root, protect;
    char netlab[TC_LABEL_MAX], rootlab[TC_LABEL_MAX + 48], fault_text[96], method[200];
    tc_sched_ref_t ref;
    tc_fault_spec_t spec;
} sim_t;

enum { METHOD_AUTO, METHOD_FULL, METHOD_SYMMETRY };

/* sim_setup.c's choose and sim_setup, without --input. 0 or -1 with an exception set. */
static int sim_setup(sim_t *r, const sim_args_t *a)
{
    r->s = tc_schedule_find(a->name, r->net);
    if (r->s == NULL) {
        const char *where = tc_schedule_families(a->name);
        if (where[0]) {
            arg_error("%s runs on %s networks so far, not %s", a->name, where, r->netlab);
        } else {
            arg_error("unknown plan \"%s\" (treecast sim --help lists them)", a->name);
        }
        return -1;
    }
    r->kind = r->s->kind;
    if (a->kind_text != NULL) {
        tc_kind_t k;
        if (tc_kind_parse(a->kind_text, &k) != TC_OK) {
            raise_ctx(TC_EINVAL, "--kind");
            return -1;
        }
        if (!tc_kind_applies(k, r->net)) {
            arg_error("--kind %s is not defined on %s; its kinds are %s", a->kind_text, r->netlab,
                      tc_kind_list(r->net));
            return -1;
        }
        if (!tc_net_materializable(r->net)) {
            arg_error("%s is too large to materialize", r->netlab);
            return -1;
        }
        r->kind = k;
    }
    if (r->kind == TC_KIND_CUSTOM) {
        arg_error("%s on %s needs the trees: --kind (%s) or --input FILE", a->name, r->netlab,
                  tc_kind_list(r->net));
        return -1;
    }
    if (r->s->kind != r->kind) {
        const tc_schedule_t *any = tc_schedule_find(a->name, NULL);
        r->s = any != NULL ? any : r->s;
    }
    int64_t N = tc_net_nodes(r->net);
    r->symmetry = r->s->all_sources &&
                  (a->method == METHOD_SYMMETRY || (a->method == METHOD_AUTO && N > 5040));
    int64_t limit = r->s->all_sources && !r->symmetry ? 5040 : r->symmetry ? 362880 : 400000;
    if (N > limit) {
        arg_error("%s simulates networks of at most %lld nodes %s; %s has %lld", a->name,
                  (long long)limit, r->symmetry ? "by symmetry" : "fully", r->netlab, (long long)N);
        return -1;
    }
    if (r->symmetry && (a->faults != NULL || a->listed)) {
        arg_error("the symmetry method assumes no faults; use --method full (N <= 5040)");
        return -1;
    }
    bool random;
    if (resolve_node(r->net, a->root_obj, a->seed, 1, "--root", &r->root, &random) < 0) {
        return -1;
    }
    tc_assembly_opts_t ao = {.net = r->net,
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
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_assembly_init(&ao, &r->run);
    Py_END_ALLOW_THREADS tc_assembly_step_t failed = r->run.failed;
    if (failed == TC_ASSEMBLY_TOPO) {
        raise_ctx(err, "preparing the simulation");
        return -1;
    }
    if (failed == TC_ASSEMBLY_FOREST) {
        raise_ctx(err, r->s->name);
        return -1;
    }
    int T = tc_forest_trees(r->run.forest);
    if (a->x_given && a->x > T) {
        arg_error("--x %lld exceeds the %d trees of %s for %s", (long long)a->x, T, r->netlab,
                  a->name);
        return -1;
    }
    if (failed == TC_ASSEMBLY_TREES) {
        raise_ctx(err, "preparing the simulation");
        return -1;
    }
    char detail[512];
    snprintf(detail, sizeof detail, "%s", failed == TC_ASSEMBLY_COLL ? tc_err_detail() : "");
    int x = a->x_given ? (int)a->x : r->s->coll == TC_COLL_BCAST ? 1 : T;
    tc_err_t ref_err = tc_schedule_reference(r->s, r->net, r->root, a->M, x, &r->ref);
    if (ref_err != TC_OK) {
        raise_ctx(ref_err, "the paper's bound");
        return -1;
    }
    tc_net_label(r->net, r->root, false, r->rootlab, TC_LABEL_MAX);
    if (random) {
        size_t l = strlen(r->rootlab);
        snprintf(r->rootlab + l, sizeof r->rootlab - l, " (random, seed %llu)",
                 (unsigned long long)a->seed);
    }
    snprintf(r->fault_text, sizeof r->fault_text, "%s%s", a->faults ? a->faults : "none",
             a->faults && a->trials == 0 ? " (seeded)" : "");
    snprintf(r->method, sizeof r->method, "full simulation of every source and packet");
    r->protect = r->s->all_sources ? -1 : r->root;
    if (failed == TC_ASSEMBLY_COLL) {
        char buf[700];
        snprintf(buf, sizeof buf, "preparing the simulation: %s",
                 detail[0] ? detail : tc_strerror(err));
        if (err == TC_ENOMEM || err == TC_ETOOBIG) {
            tc_py_raise(err);
        } else {
            tc_py_raise_arg(buf);
        }
        return -1;
    }
    return 0;
}

/* The per-round counts an observer collects (packets crossing links, new deliveries). */
typedef struct {
    int64_t *tx, *deliv;
    int64_t cap, len;
    bool failed;
} rounds_t;

static bool rounds_grow(rounds_t *o, int64_t round)
{
    if (round < 0 || o->failed) {
        return false;
    }
    if (round >= o->cap) {
        int64_t cap = o->cap ? o->cap : 256;
        while (cap <= round) {
            cap *= 2;
        }
        int64_t *tx = realloc(o->tx, (size_t)cap * sizeof *tx);
        if (tx == NULL) {
            o->failed = true;
            return false;
        }
        o->tx = tx;
        int64_t *dl = realloc(o->deliv, (size_t)cap * sizeof *dl);
        if (dl == NULL) {
            o->failed = true;
            return false;
        }
        o->deliv = dl;
        memset(o->tx + o->cap, 0, (size_t)(cap - o->cap) * sizeof *tx);
        memset(o->deliv + o->cap, 0, (size_t)(cap - o->cap) * sizeof *dl);
        o->cap = cap;
    }
    o->len = round + 1 > o->len ? round + 1 : o->len;
    return true;
}

static void observe_cross(void *ctx, int64_t round, int64_t node, int port, const tc_packet_t *p)
{
    (void)node;
    (void)port;
    (void)p;
    rounds_t *o = ctx;
    if (rounds_grow(o, round)) {
        o->tx[round]++;
    }
}

static void observe_deliv(void *ctx, int64_t round, int64_t node, int64_t key)
{
    (void)node;
    (void)key;
    rounds_t *o = ctx;
    if (rounds_grow(o, round)) {
        o->deliv[round]++;
    }
}

/* print_json of sim_run.c as a dict. */
static PyObject *single_dict(const sim_t *r, const sim_args_t *a, const tc_sim_result_t *res,
                             int64_t predicted, int64_t fault_free_tx, const uint8_t *complete,
                             const tc_faults_t *faults)
{
    const tc_bound_t *b = &r->ref.bound;
    PyObject *d = PyDict_New();
    if (d == NULL) {
        return NULL;
    }
    int bad =
        SET_STR(d, "plan", r->s->name) | SET_STR(d, "network", r->netlab) | SET_INT(d, "M", a->M) |
        SET_INT(d, "x", tc_coll_options(r->run.coll)->x) | SET_STR(d, "root", r->rootlab) |
        set_item(d, "seed", PyLong_FromUnsignedLongLong(a->seed)) |
        SET_STR(d, "faults", r->fault_text) | SET_INT(d, "ports", a->ports) |
        SET_BOOL(d, "half_duplex", a->half) | SET_STR(d, "acks", ACK_NAMES[a->acks]) |
        SET_INT(d, "rounds", res->rounds) | SET_INT(d, "complete_round", res->complete_round) |
        SET_DBL(d, "time", res->time) | SET_INT(d, "transmissions", res->transmissions) |
        SET_INT(d, "control", res->control) | SET_INT(d, "free_signals", res->free_signals) |
        SET_INT(d, "fault_free_data_transmissions", fault_free_tx) |
        SET_INT(d, "dropped", res->dropped) | SET_INT(d, "max_link_load", res->max_link_load) |
        SET_INT(d, "max_queue", res->max_queue) |
        SET_INT(d, "queued_packets", res->queued_packets) |
        SET_INT(d, "queue_rounds", res->queue_rounds) |
        SET_INT(d, "nodes_nonfaulty", res->nodes_nonfaulty) |
        SET_INT(d, "nodes_complete", res->nodes_complete) |
        SET_DBL(d, "delivered_fraction", res->delivered_fraction) |
        SET_INT(d, "duplicates", res->duplicates) | SET_INT(d, "predicted_rounds", predicted) |
        SET_INT(d, "keys_expected", res->keys_expected) |
        SET_INT(d, "keys_delivered", res->keys_delivered) |
        SET_INT(d, "last_delivery", res->last_delivery) | SET_BOOL(d, "stopped", res->stopped);
    if (!bad && r->ref.claim >= 0) {
        PyObject *c = PyDict_New();
        bad = c == NULL || SET_INT(c, "rounds", r->ref.claim) |
                               SET_STR(c, "formula", r->ref.claim_formula) |
                               SET_STR(c, "source", r->ref.claim_source);
        bad = bad || set_item(d, "construction_claim", c);
    }
    if (!bad && r->ref.have_bound) {
        PyObject *c = PyDict_New();
        bad = c == NULL ||
              SET_DBL(c, "time", b->time) | SET_DBL(c, "time_printed", b->time_printed) |
                  SET_STR(c, "formula", b->time_formula) | SET_STR(c, "source", b->source) |
                  SET_STR(c, "correction", b->correction) |
                  SET_DBL(c, "transmissions", b->transmissions);
        bad = bad || set_item(d, "bound", c) ||
              SET_DBL(d, "rounds_minus_bound", (double)res->rounds - b->time);
    } else if (!bad) {
        bad = PyDict_SetItemString(d, "bound", Py_None);
    }
    bad = bad || SET_STR(d, "convention", CONVENTION) || SET_STR(d, "method", r->method);
    PyObject *inc = bad ? NULL : PyList_New(0);
    for (int64_t v = 0; inc != NULL && complete != NULL && v < tc_net_nodes(r->net); v++) {
        if (complete[v] || (faults != NULL && faults->node != NULL && faults->node[v])) {
            continue;
        }
        char lab[TC_LABEL_MAX];
        tc_net_label(r->net, v, false, lab, sizeof lab);
        PyObject *s = PyUnicode_FromString(lab);
        if (s == NULL || PyList_Append(inc, s) < 0) {
            Py_XDECREF(s);
            Py_CLEAR(inc);
            break;
        }
        Py_DECREF(s);
    }
    bad = bad || set_item(d, "incomplete", inc);
    if (bad) {
        Py_DECREF(d);
        return NULL;
    }
    return d;
}

/* run_single: one run (faults: trial 0 of the campaign with this seed). */
static PyObject *run_single(sim_t *r, const sim_args_t *a, const tc_sim_config_t *cfg0,
                            const tc_sim_campaign_t *camp)
{
    tc_faults_t faults = {0};
    bool have = a->faults != NULL || a->listed;
    tc_err_t err = TC_OK;
    int64_t target;
    if (a->listed) {
        if (read_listed(r->net, r->run.topo, r->protect, a->items, a->file, &faults) < 0) {
            tc_faults_destroy(&faults);
            return NULL;
        }
        snprintf(r->fault_text, sizeof r->fault_text, "%lld %s and %lld directed %s listed",
                 (long long)faults.faulty_nodes, faults.faulty_nodes == 1 ? "node" : "nodes",
                 (long long)faults.faulty_links, faults.faulty_links == 1 ? "link" : "links");
    } else if (have) {
        Py_BEGIN_ALLOW_THREADS err = tc_sim_campaign_faults(&faults, r->run.topo, &r->run.trees,
                                                            r->protect, camp, 0, &target);
        Py_END_ALLOW_THREADS if (err != TC_OK)
        {
            return raise_ctx(err, "--faults");
        }
    }
    uint8_t *complete = malloc((size_t)tc_net_nodes(r->net));
    if (complete == NULL) {
        tc_faults_destroy(&faults);
        return PyErr_NoMemory();
    }
    tc_sim_config_t cfg = *cfg0;
    rounds_t obs = {0};
    if (a->per_round) {
        cfg.observe = observe_cross;
        cfg.observe_delivery = observe_deliv;
        cfg.observe_ctx = &obs;
    }
    tc_sim_result_t res;
    Py_BEGIN_ALLOW_THREADS err = tc_sim_run(r->run.topo, &cfg, have ? &faults : NULL,
                                            tc_coll_plan(r->run.coll), &res, complete);
    Py_END_ALLOW_THREADS PyObject *d = NULL;
    if (err != TC_OK) {
        raise_ctx(err, "simulating");
    } else if (obs.failed) {
        PyErr_NoMemory();
    } else {
        bool papers_model = a->ports == 0 && !a->half;
        int64_t predicted = have || !papers_model
                                ? -1
                                : tc_plan_trees_predicted_rounds(&r->run.trees, r->s->coll, a->M,
                                                                 tc_coll_options(r->run.coll)->x);
        d = single_dict(r, a, &res, predicted, tc_coll_data_transmissions(r->run.coll), complete,
                        have ? &faults : NULL);
        if (d != NULL && a->per_round) {
            int64_t n = res.rounds + 1 > obs.len ? res.rounds + 1 : obs.len;
            rounds_grow(&obs, n - 1);
            if (obs.failed || set_item(d, "_per_round_transmissions", i64_bytes(obs.tx, n)) < 0 ||
                set_item(d, "_per_round_deliveries", i64_bytes(obs.deliv, n)) < 0) {
                Py_CLEAR(d);
                if (!PyErr_Occurred()) {
                    PyErr_NoMemory();
                }
            }
        }
        if (d != NULL && have) {
            if (SET_INT(d, "faulty_nodes", faults.faulty_nodes) < 0 ||
                SET_INT(d, "faulty_links", faults.faulty_links) < 0) {
                Py_CLEAR(d);
            }
        }
    }
    free(obs.tx);
    free(obs.deliv);
    free(complete);
    tc_faults_destroy(&faults);
    return d;
}

/* run_symmetry: Lemma 7's method for the all-sources plans. */
static PyObject *run_symmetry(sim_t *r, const sim_args_t *a, const tc_sim_config_t *cfg)
{
    tc_sim_symmetry_t sym;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_sim_symmetry(r->run.coll, r->run.topo, cfg, &sym);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the symmetry method");
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
             (long long)sym.steps_checked, sym.steps_checked == 1 ? "round" : "rounds",
             ok ? "; translated to every source" : "; the full run is not predicted");
    PyObject *d =
        single_dict(r, a, &res, -1, tc_coll_data_transmissions(r->run.coll) * N, NULL, NULL);
    if (d != NULL && !ok && SET_INT(d, "first_violation", sym.first_violation) < 0) {
        Py_CLEAR(d);
    }
    return d;
}

/* run_campaign: trials with faults drawn from seed, seed + 1, ...; the CLI's JSON summary and
 * the trials as arrays. */
static PyObject *run_campaign(sim_t *r, const sim_args_t *a, const tc_sim_config_t *cfg,
                              const tc_sim_campaign_t *camp)
{
    int64_t T = a->trials;
    tc_sim_trial_t *trials = calloc((size_t)T, sizeof *trials);
    int64_t *rounds = malloc((size_t)T * sizeof *rounds), *col = malloc((size_t)T * sizeof *col);
    double *dcol = malloc((size_t)T * sizeof *dcol);
    PyObject *d = NULL;
    if (trials == NULL || rounds == NULL || col == NULL || dcol == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_sim_campaign_run(r->run.topo, cfg, tc_coll_plan(r->run.coll),
                                                     &r->run.trees, r->protect, camp, trials);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        raise_ctx(err, "the fault campaign");
        goto out;
    }
    tc_sim_trials_summary_t sum;
    if ((err = tc_sim_trials_summarize(trials, T, &sum)) != TC_OK) {
        raise_ctx(err, "the fault campaign");
        goto out;
    }
    const char *names[4] = {"min", "median", "p90", "max"};
    PyObject *dr = PyDict_New(), *dd = PyDict_New();
    d = PyDict_New();
    int bad = d == NULL || dr == NULL || dd == NULL;
    for (int k = 0; !bad && k < 4; k++) {
        bad = SET_INT(dr, names[k], sum.rounds[k]) || SET_DBL(dd, names[k], sum.delivered[k]);
    }
    if (bad) {
        Py_XDECREF(dr);
        Py_XDECREF(dd);
        Py_CLEAR(d);
        goto out;
    }
    bad = SET_STR(d, "plan", r->s->name) | SET_STR(d, "network", r->netlab) |
          SET_INT(d, "M", a->M) | SET_INT(d, "x", tc_coll_options(r->run.coll)->x) |
          SET_STR(d, "root", r->rootlab) | SET_STR(d, "faults", a->faults) |
          SET_INT(d, "trials", T) | set_item(d, "seed", PyLong_FromUnsignedLongLong(a->seed)) |
          set_item(d, "rounds", dr) | set_item(d, "delivered_fraction", dd) |
          SET_INT(d, "trials_all_delivered", sum.all_delivered) |
          SET_DBL(d, "bound", r->ref.have_bound ? r->ref.bound.time : -1);
    /* the trials in their order, as the CLI's csv lists them */
    for (int64_t i = 0; !bad && i < T; i++) {
        rounds[i] = trials[i].rounds;
        col[i] = trials[i].complete_round;
        dcol[i] = trials[i].delivered;
    }
    bad = bad || set_item(d, "_trial_rounds", i64_bytes(rounds, T)) ||
          set_item(d, "_trial_complete_round", i64_bytes(col, T)) ||
          set_item(d, "_trial_delivered",
                   PyBytes_FromStringAndSize((const char *)dcol, (Py_ssize_t)(T * 8)));
    for (int64_t i = 0; !bad && i < T; i++) {
        rounds[i] = trials[i].dropped;
        col[i] = trials[i].all;
    }
    bad = bad || set_item(d, "_trial_dropped", i64_bytes(rounds, T)) ||
          set_item(d, "_trial_all", i64_bytes(col, T));
    for (int64_t i = 0; !bad && i < T; i++) {
        rounds[i] = trials[i].faulty_nodes;
        col[i] = trials[i].faulty_links;
    }
    bad = bad || set_item(d, "_trial_faulty_nodes", i64_bytes(rounds, T)) ||
          set_item(d, "_trial_faulty_links", i64_bytes(col, T));
    if (bad) {
        Py_CLEAR(d);
    }
out:
    free(trials);
    free(rounds);
    free(col);
    free(dcol);
    return d;
}

/* run_cycles: paper 002's scatter and all-to-all in routing cycles. */
static PyObject *run_cycles(const sim_t *r, const sim_args_t *a)
{
    bool one = a->ports == 1;
    int tree = r->s->split ? -1 : 0;
    tc_cycles_t c;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err =
        r->s->cycles == TC_CYCLES_SCATTER
            ? tc_cycles_scatter(&r->run.trees, r->run.topo, tree, a->M, a->ts, a->tm, one, &c, NULL)
            : tc_cycles_alltoall(&r->run.trees, r->run.topo, tree,
                                 r->s->cycles == TC_CYCLES_ALLTOALL, a->M, a->ts, a->tm, one, &c);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the routing cycles");
    }
    tc_cycles_ref_t ref;
    tc_cycles_table2(r->s->cycles, one, tc_net_n(r->net), (double)a->M, a->ts, a->tm, &ref);
    bool all = r->s->cycles != TC_CYCLES_SCATTER;
    char lab[TC_LABEL_MAX];
    tc_net_label(r->net, r->root, false, lab, sizeof lab);
    PyObject *d = PyDict_New();
    if (d == NULL) {
        return NULL;
    }
    int bad =
        SET_STR(d, "plan", r->s->name) | SET_STR(d, "network", r->netlab) | SET_INT(d, "M", a->M) |
        (all ? PyDict_SetItemString(d, "root", Py_None) : SET_STR(d, "root", lab)) |
        SET_STR(d, "ports", one ? "one" : "all") | SET_DBL(d, "ts", a->ts) |
        SET_DBL(d, "tc", a->tm) | SET_INT(d, "cycles", c.cycles) |
        SET_INT(d, "split_cycles", c.split) | SET_DBL(d, "time", c.time) |
        SET_DBL(d, "critical_elements", c.critical_elements) | SET_INT(d, "messages", c.messages) |
        SET_INT(d, "height", c.height) | SET_DBL(d, "table2", ref.table) |
        SET_DBL(d, "lower_bound", ref.lower) | SET_STR(d, "table2_formula", ref.table_formula) |
        SET_STR(d, "lower_bound_formula", ref.lower_formula);
    if (bad) {
        Py_DECREF(d);
        return NULL;
    }
    return d;
}

/* sim_schedule(net, name, kind, M, x (0: not given), root, faults, trials, seed, ports,
 * half_duplex, acks, order, method, ts, tm, B, threads, per_round) -> dict. */
static PyObject *py_sim_schedule(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *netobj;
    sim_args_t a = {0};
    int half = 0, per_round = 0;
    unsigned long long seed;
    long long M, x, trials, B;
    if (!PyArg_ParseTuple(args, "OszLLOzLKipiiiddLip|Oz", &netobj, &a.name, &a.kind_text, &M, &x,
                          &a.root_obj, &a.faults, &trials, &seed, &a.ports, &half, &a.acks,
                          &a.order, &a.method, &a.ts, &a.tm, &B, &a.threads, &per_round, &a.items,
                          &a.file)) {
        return NULL;
    }
    a.listed = listed_given(a.items, a.file);
    a.M = M;
    a.x = x;
    a.x_given = x > 0;
    a.trials = trials;
    a.seed = seed;
    a.half = half != 0;
    a.per_round = per_round != 0;
    a.B = B;
    if (a.acks < 0 || a.acks > 2 || a.order < 0 || a.order > 2 || a.method < 0 || a.method > 2) {
        return arg_error("acks, order or method out of range");
    }
    sim_t r = {0};
    r.net = tc_py_net(netobj);
    if (r.net == NULL) {
        return NULL;
    }
    tc_net_name(r.net, r.netlab, sizeof r.netlab);
    tc_sim_campaign_t camp = {.trials = a.trials, .seed = a.seed, .threads = a.threads};
    if (a.faults != NULL) {
        if (parse_spec(a.faults, &r.spec) < 0) {
            return NULL;
        }
        camp.kind = r.spec.kind;
        camp.k = r.spec.k;
        camp.on_paths = r.spec.on_paths;
    }
    if (a.listed && a.faults != NULL) {
        return arg_error("--faults draws random faults; it excludes --fault and --faults-file");
    }
    if (a.trials > 0 && a.faults == NULL) {
        return arg_error("--trials needs --faults (a campaign draws faults per trial)");
    }
    PyObject *d = NULL;
    if (sim_setup(&r, &a) < 0) {
        goto out;
    }
    bool cycles = r.s->in_cycles;
    if (cycles && a.ports > 1) {
        arg_error("%s runs one-port (--ports one) or n-port (--ports all, the default)", r.s->name);
        goto out;
    }
    if (!cycles && a.faults != NULL) {
        tc_err_t err = tc_faults_check_room(&r.spec, r.run.topo, r.protect);
        if (err != TC_OK) {
            char ctx[128];
            snprintf(ctx, sizeof ctx, "--faults %s", a.faults);
            raise_ctx(err == TC_ENOMEM ? err : TC_EINVAL, ctx);
            goto out;
        }
    }
    if (cycles) {
        d = run_cycles(&r, &a);
        goto out;
    }
    tc_sim_config_t cfg = tc_sim_defaults();
    cfg.threads = a.threads > 0                                        ? a.threads
                  : r.s->coll == TC_COLL_TOTAL_EXCHANGE && !r.symmetry ? tc_online_cpus()
                                                                       : 1;
    cfg.port_limit = a.ports;
    cfg.half_duplex = a.half;
    cfg.ts = a.ts;
    cfg.tm = a.tm;
    cfg.B = a.B;
    d = r.symmetry      ? run_symmetry(&r, &a, &cfg)
        : a.trials == 0 ? run_single(&r, &a, &cfg, &camp)
                        : run_campaign(&r, &a, &cfg, &camp);
out:
    tc_assembly_destroy(&r.run);
    return d;
}

/* plan_desc(name) -> (name, help, nets, options, required, runner, port_limit) or None. */
static PyObject *py_plan_desc(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) {
        return NULL;
    }
    const tc_plan_desc_t *p = tc_plan_desc_find(name);
    if (p == NULL) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(sszsziiO)", p->name, p->help, p->nets, p->options, p->required,
                         (int)p->runner, p->port_limit, Py_None);
}

/* plan_names() -> [(name, runner)] of every descriptor, and the option names (tc_plan_options). */
static PyObject *py_plan_names(PyObject *mod, PyObject *noargs)
{
    (void)mod;
    (void)noargs;
    PyObject *plans = PyList_New(0), *opts = PyList_New(0);
    for (int k = 0; plans != NULL && tc_plan_desc_at(k) != NULL; k++) {
        const tc_plan_desc_t *p = tc_plan_desc_at(k);
        PyObject *t = Py_BuildValue("(si)", p->name, (int)p->runner);
        if (t == NULL || PyList_Append(plans, t) < 0) {
            Py_XDECREF(t);
            Py_CLEAR(plans);
            break;
        }
        Py_DECREF(t);
    }
    const char *const *o = tc_plan_options();
    for (int k = 0; opts != NULL && o[k] != NULL; k++) {
        PyObject *s = PyUnicode_FromString(o[k]);
        if (s == NULL || PyList_Append(opts, s) < 0) {
            Py_XDECREF(s);
            Py_CLEAR(opts);
            break;
        }
        Py_DECREF(s);
    }
    if (plans == NULL || opts == NULL) {
        Py_XDECREF(plans);
        Py_XDECREF(opts);
        return NULL;
    }
    return Py_BuildValue("(NN)", plans, opts);
}

/* plan_reads(name, option) -> bool (tc_plan_desc_reads). */
static PyObject *py_plan_reads(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *name, *option;
    if (!PyArg_ParseTuple(args, "ss", &name, &option)) {
        return NULL;
    }
    const tc_plan_desc_t *p = tc_plan_desc_find(name);
    if (p == NULL) {
        return arg_error("unknown plan \"%s\" (treecast sim --help lists them)", name);
    }
    return PyBool_FromLong(tc_plan_desc_reads(p, option));
}

/* ---- route: the depth-first routing of S_n around faults (cmd_route.c, --method dfs) -------- */

typedef struct {
    const tc_net_t *net;
    PyObject *hops;
    bool failed;
} crossings_t;

static void on_crossing(void *ctx, int64_t from, int64_t to, int port, bool back, int budget)
{
    crossings_t *c = ctx;
    if (c->failed) {
        return;
    }
    PyGILState_STATE g = PyGILState_Ensure();
    char lab[TC_LABEL_MAX];
    tc_net_label(c->net, to, false, lab, sizeof lab);
    PyObject *b = budget == TC_FTROUTE_UNBOUNDED ? Py_NewRef(Py_None) : PyLong_FromLong(budget);
    PyObject *t = b == NULL ? NULL
                            : Py_BuildValue("(LLiisN)", (long long)from, (long long)to,
                                            tc_net_dim_min(c->net) + port, (int)back, lab, b);
    if (t == NULL || PyList_Append(c->hops, t) < 0) {
        c->failed = true;
    }
    Py_XDECREF(t);
    PyGILState_Release(g);
}

/* route_star(net, src, dst, faults spec or None, seed) -> dict (cmd_route.c's JSON, the
 * crossings as (from, to, dim, back, label, budget) tuples). */
static PyObject *py_route_star(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *netobj, *src_obj, *dst_obj;
    const char *faults_text = NULL;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOzK", &netobj, &src_obj, &dst_obj, &faults_text, &seed)) {
        return NULL;
    }
    const tc_net_t *net = tc_py_net(netobj);
    if (net == NULL) {
        return NULL;
    }
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        char spec[256];
        tc_net_spec(net, spec, sizeof spec);
        return arg_error("--net %s: the depth-first search with backtracking routes on the star "
                         "graph (star:N)",
                         spec);
    }
    int64_t src, dst;
    bool rs, rd;
    if (resolve_node(net, src_obj, seed, 1, "--from", &src, &rs) < 0 ||
        resolve_node(net, dst_obj, seed + 1, 1, "--to", &dst, &rd) < 0) {
        return NULL;
    }
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        return raise_ctx(err, "--net");
    }
    tc_faults_t faults = {0};
    bool have = false;
    PyObject *d = NULL;
    crossings_t cr = {.net = net, .hops = NULL};
    int32_t *dist = NULL;
    if (faults_text != NULL) {
        tc_fault_spec_t c = {0};
        if (parse_spec(faults_text, &c) < 0) {
            goto out;
        }
        if (c.on_paths) {
            arg_error("--faults paths:K places faults on a plan's root paths; route takes "
                      "nodes:K, links:K, arcs:K or mixed:K");
            goto out;
        }
        err = tc_faults_random(&faults, &topo, c.kind, c.k, seed, src);
        if (err != TC_OK) {
            raise_ctx(err, "--faults");
            goto out;
        }
        have = true;
    }
    int64_t N = topo.nodes;
    dist = malloc((size_t)N * sizeof *dist);
    if (dist == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    Py_BEGIN_ALLOW_THREADS err = tc_ftroute_oracle(&topo, have ? &faults : NULL, src, dist);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        tc_py_raise(err);
        goto out;
    }
    int64_t shortest = dist[dst];
    cr.hops = PyList_New(0);
    if (cr.hops == NULL) {
        goto out;
    }
    tc_ftroute_t r;
    Py_BEGIN_ALLOW_THREADS err =
        tc_ftroute_star(net, &topo, have ? &faults : NULL, src, dst, on_crossing, &cr, &r);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        raise_ctx(err, "routing");
        goto out;
    }
    if (cr.failed) {
        goto out;
    }
    int64_t detours = shortest < 0 ? -1 : (shortest - r.distance) / 2;
    int64_t hop_bound = tc_ftroute_hop_bound(N, r.budget);
    bool reach_ok = r.delivered == (shortest >= 0);
    bool shortest_ok = !r.delivered || detours > TC_FTROUTE_MAX_BUDGET || r.route_len == shortest;
    bool bound_ok = r.hops <= hop_bound;
    char from[TC_LABEL_MAX], to[TC_LABEL_MAX];
    tc_net_label(net, src, false, from, sizeof from);
    tc_net_label(net, dst, false, to, sizeof to);
    d = PyDict_New();
    bool ratio = r.delivered && shortest > 0;
    int bad =
        d == NULL ||
        (SET_INT(d, "n", tc_net_n(net)) | SET_STR(d, "from", from) | SET_STR(d, "to", to) |
         SET_INT(d, "src", src) | SET_INT(d, "dst", dst) | SET_STR(d, "method", "dfs") |
         SET_STR(d, "faults", faults_text ? faults_text : "none") |
         (faults_text || rs || rd ? set_item(d, "seed", PyLong_FromUnsignedLongLong(seed))
                                  : PyDict_SetItemString(d, "seed", Py_None)) |
         SET_INT(d, "faulty_nodes", faults.faulty_nodes) |
         SET_INT(d, "faulty_links", faults.faulty_links) |
         PyDict_SetItemString(d, "_crossings", cr.hops) | SET_BOOL(d, "delivered", r.delivered) |
         SET_BOOL(d, "returned", !r.delivered) | SET_BOOL(d, "reachable", shortest >= 0) |
         SET_INT(d, "hops", r.hops) | SET_INT(d, "backtracks", r.backtracks) |
         SET_INT(d, "length", r.route_len) | SET_INT(d, "distance", r.distance) |
         (shortest < 0 ? PyDict_SetItemString(d, "shortest", Py_None)
                       : SET_INT(d, "shortest", shortest)) |
         (shortest < 0 ? PyDict_SetItemString(d, "detours", Py_None)
                       : SET_INT(d, "detours", detours)) |
         (ratio ? SET_DBL(d, "stretch", (double)r.route_len / (double)shortest)
                : PyDict_SetItemString(d, "stretch", Py_None)) |
         (ratio ? SET_DBL(d, "hop_stretch", (double)r.hops / (double)shortest)
                : PyDict_SetItemString(d, "hop_stretch", Py_None)) |
         (r.budget == TC_FTROUTE_UNBOUNDED ? PyDict_SetItemString(d, "budget", Py_None)
                                           : SET_INT(d, "budget", r.budget)) |
         SET_INT(d, "visited_max", r.visited_max) | SET_INT(d, "header_bits", r.header_bits) |
         SET_INT(d, "hop_bound", hop_bound) |
         SET_BOOL(d, "guarantees_hold", reach_ok && shortest_ok && bound_ok));
    if (bad) {
        Py_CLEAR(d);
    }
out:
    Py_XDECREF(cr.hops);
    free(dist);
    if (have) {
        tc_faults_destroy(&faults);
    }
    tc_topo_destroy(&topo);
    return d;
}

/* ---- listed faults: --fault items and --faults-file (tools/treecast/fault_opts.c) ----------- */

/* A refusal of the library's fault parsers with the CLI's sentence (prefix: "--fault" or none). */
static int fault_fail(tc_err_t err, const char *prefix)
{
    if (err == TC_ENOMEM) {
        PyErr_NoMemory();
        return -1;
    }
    char buf[1024];
    snprintf(buf, sizeof buf, "%s%s%s", prefix ? prefix : "", prefix ? " " : "", tc_err_detail());
    tc_py_raise_arg(buf);
    return -1;
}

/* items (a sequence of str or None) and the file (NULL: none) into f, which this initializes for
 * topo (release with tc_faults_destroy, also on failure). 0 or -1 with an exception set. */
static int read_listed(const tc_net_t *net, const tc_topo_t *topo, int64_t protect, PyObject *items,
                       const char *file, tc_faults_t *f)
{
    tc_err_t err = tc_faults_init(f, topo);
    if (err != TC_OK) {
        raise_ctx(err, "faults");
        return -1;
    }
    Py_ssize_t n = items == NULL || items == Py_None ? 0 : PySequence_Size(items);
    if (n < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *it = PySequence_GetItem(items, i);
        const char *text = it == NULL ? NULL : PyUnicode_AsUTF8(it);
        if (text == NULL) {
            Py_XDECREF(it);
            return -1;
        }
        err = tc_faults_parse_item(net, topo, protect, text, f);
        Py_DECREF(it);
        if (err != TC_OK) {
            return fault_fail(err, "--fault");
        }
    }
    if (file == NULL) {
        return 0;
    }
    FILE *fp = fopen(file, "r");
    if (fp == NULL) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, file);
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int64_t lineno = 0;
    int st = 0;
    while (st == 0 && (len = getline(&line, &cap, fp)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n') {
            line[--len] = '\0';
        }
        err = tc_faults_parse_text(net, topo, protect, file, lineno, line, (size_t)len, f);
        st = err != TC_OK ? fault_fail(err, NULL) : 0;
    }
    free(line);
    fclose(fp);
    return st;
}

static bool listed_given(PyObject *items, const char *file)
{
    return file != NULL || (items != NULL && items != Py_None && PyObject_Length(items) > 0);
}

/* A double as tc_json_fixed prints it with `digits` decimals, read back. */
static double fixed(double v, int digits)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", digits, v);
    return strtod(buf, NULL);
}

static PyObject *star_network(const tc_net_t *net)
{
    PyObject *d = PyDict_New();
    if (d == NULL || SET_STR(d, "family", tc_net_family_name(net)) ||
        SET_INT(d, "n", tc_net_n(net)) || SET_INT(d, "nodes", tc_net_nodes(net))) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

/* ---- sim: paper 001's plans (tools/treecast/sim_tseng.c) ------------------------------------- */

/* sim_tseng(net, name, k (0: not given), ports, half, ts, tm, method) -> dict. */
static PyObject *py_sim_tseng(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *netobj;
    const char *name;
    long long k;
    int ports, half, method;
    double ts, tm;
    if (!PyArg_ParseTuple(args, "OsLipddi", &netobj, &name, &k, &ports, &half, &ts, &tm, &method)) {
        return NULL;
    }
    bool mesh = strcmp(name, "allgather-mesh") == 0;
    if (!mesh && k < 1) {
        return arg_error("alltoall-tseng needs --k K (1 <= K <= N-1: the substars' dimension)");
    }
    const tc_net_t *net = tc_py_net(netobj);
    if (net == NULL) {
        return NULL;
    }
    char spec[256];
    tc_net_spec(net, spec, sizeof spec);
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        return arg_error("--net %s: %s runs on the star graph (star:N)", spec, name);
    }
    int n = tc_net_n(net);
    if (k > n - 1) {
        return arg_error("--k %lld is outside 1..%d for S_%d", k, n - 1, n);
    }
    tc_sim_config_t model = tc_sim_defaults();
    model.port_limit = ports;
    model.half_duplex = half != 0;
    model.ts = ts;
    model.tm = tm;
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        return raise_ctx(err, "--net");
    }
    PyObject *d = NULL;
    if (mesh) {
        if (n < 3 || n > 7) {
            arg_error("allgather-mesh simulates every source on S_3..S_7, not S_%d", n);
            goto out;
        }
        tc_sim_mesh_t m;
        tc_star_mesh_report_t c;
        Py_BEGIN_ALLOW_THREADS err = tc_sim_allgather_mesh(net, &topo, &model, &c, &m);
        Py_END_ALLOW_THREADS if (err != TC_OK)
        {
            tc_py_raise(err);
            goto out;
        }
        d = PyDict_New();
        PyObject *hc = PyDict_New(), *mn = PyDict_New();
        int bad =
            d == NULL || hc == NULL || mn == NULL ||
            (SET_STR(d, "plan", "allgather-mesh") | SET_INT(d, "n", n) |
             SET_INT(d, "port_limit", ports) | SET_DBL(d, "ts", ts) | SET_DBL(d, "tm", tm) |
             SET_INT(d, "rounds", m.mesh.rounds) | SET_INT(d, "predicted_rounds", m.predicted) |
             SET_INT(d, "elements", m.mesh.elements) | SET_DBL(d, "time", m.mesh.time) |
             SET_DBL(d, "T", m.T) | SET_INT(d, "deliveries", m.mesh.keys_delivered) |
             SET_INT(d, "deliveries_expected", m.mesh.keys_expected) |
             SET_INT(d, "nodes_complete", m.mesh.nodes_complete) |
             SET_INT(d, "messages_per_node", tc_star_factorial(n)) |
             SET_INT(d, "queued_packets", m.mesh.queued_packets) |
             SET_INT(d, "mesh_faults",
                     c.missing + c.repeated + c.breaks + c.path_faults + c.outside) |
             SET_INT(d, "dilation", c.dilation) |
             SET_INT(d, "column_overloads",
                     c.node_overloads[0] + c.node_overloads[1] + c.link_overloads[0] +
                         c.link_overloads[1]) |
             SET_INT(hc, "rounds", m.ring.rounds) | SET_DBL(hc, "time", m.ring.time) |
             SET_DBL(hc, "T_prime", m.Tprime) |
             SET_INT(hc, "queued_packets", m.ring.queued_packets) |
             SET_INT(mn, "rounds", m.multinode.rounds) | SET_DBL(mn, "time", m.multinode.time) |
             SET_INT(mn, "queued_packets", m.multinode.queued_packets));
        if (!bad) {
            bad = PyDict_SetItemString(d, "hamiltonian_cycle", hc) < 0 ||
                  PyDict_SetItemString(d, "multinode_000", mn) < 0;
        }
        Py_XDECREF(hc);
        Py_XDECREF(mn);
        if (bad) {
            Py_CLEAR(d);
        }
        goto out;
    }
    bool symmetry = method == METHOD_SYMMETRY || (method == METHOD_AUTO && n > 7);
    if (n > 10) {
        arg_error("alltoall-tseng runs to S_10 (S_%d: the engine's per-link tables alone take "
                  "%lld links)",
                  n, (long long)(tc_net_nodes(net) * (n - 1)));
        goto out;
    }
    if (!symmetry && n > 7) {
        arg_error("--method full simulates every source up to S_7 (S_%d has %lld sources); use "
                  "--method symmetry",
                  n, (long long)tc_net_nodes(net));
        goto out;
    }
    tc_sim_tseng_t t;
    tc_sim_tseng_eq1_t q;
    Py_BEGIN_ALLOW_THREADS err = tc_sim_tseng_alltoall(net, &topo, (int)k, symmetry, &model, &t);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        tc_py_raise(err);
        goto out;
    }
    err = tc_sim_tseng_eq1(n, (int)k, ts, tm, &q);
    if (err != TC_OK) {
        raise_ctx(err, "l_{n,k}");
        goto out;
    }
    d = PyDict_New();
    int bad = d == NULL ||
              (SET_STR(d, "plan", "alltoall-tseng") | SET_INT(d, "n", n) | SET_INT(d, "k", k) |
               SET_STR(d, "method", symmetry ? "symmetry" : "full") |
               SET_INT(d, "port_limit", ports) | SET_DBL(d, "ts", ts) | SET_DBL(d, "tm", tm) |
               SET_INT(d, "rounds", t.res.rounds) | SET_INT(d, "predicted_rounds", t.pred.rounds) |
               SET_INT(d, "elements", t.res.elements) | SET_DBL(d, "time", t.res.time) |
               SET_DBL(d, "eq1_corrected", q.eq1) | SET_DBL(d, "eq1_printed", q.eq1_printed) |
               SET_INT(d, "l_nk_num", q.lnk.num) | SET_INT(d, "l_nk_den", q.lnk.den));
    if (!bad && q.lnk_bfs.num >= 0) {
        bad = SET_INT(d, "l_nk_bfs_num", q.lnk_bfs.num) | SET_INT(d, "l_nk_bfs_den", q.lnk_bfs.den);
    }
    bad = bad ||
          (SET_INT(d, "N_l_nk", q.sum_nk) | SET_INT(d, "nfact_l_k1", q.sum_k1) |
           SET_INT(d, "transmissions", t.transmissions) | SET_INT(d, "deliveries", t.deliveries) |
           SET_INT(d, "deliveries_expected", t.expected) |
           SET_INT(d, "queued_packets", t.res.queued_packets));
    if (!bad && !symmetry) {
        bad = SET_INT(d, "max_link_load", t.res.max_link_load);
    }
    bad = bad || SET_INT(d, "shared_representatives", t.collisions);
    if (!bad && symmetry) {
        bad = SET_INT(d, "symmetry_violations", t.same_dim);
    }
    if (bad) {
        Py_CLEAR(d);
    }
out:
    tc_topo_destroy(&topo);
    return d;
}

/* ---- sim: route-campaign (tools/treecast/sim_route.c) ---------------------------------------- */

/* sim_route_campaign(net, faults or None, trials (0: 1000), pairs (0: 1), seed, threads). */
static PyObject *py_sim_route_campaign(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *netobj;
    const char *faults_text;
    long long trials, pairs;
    unsigned long long seed;
    int threads;
    if (!PyArg_ParseTuple(args, "OzLLKi", &netobj, &faults_text, &trials, &pairs, &seed,
                          &threads)) {
        return NULL;
    }
    const tc_net_t *net = tc_py_net(netobj);
    if (net == NULL) {
        return NULL;
    }
    tc_ftroute_campaign_t c = {.trials = trials > 0 ? trials : 1000,
                               .seed = seed,
                               .pairs = pairs > 0 ? pairs : 1,
                               .threads = threads};
    char faults[64] = "no faults", spec[256];
    tc_net_spec(net, spec, sizeof spec);
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        return arg_error("route-campaign routes on the star graph (star:N), not %s", spec);
    }
    tc_fault_spec_t fs = {0};
    if (faults_text != NULL) {
        if (parse_spec(faults_text, &fs) < 0) {
            return NULL;
        }
        if (fs.on_paths) {
            return arg_error(
                "route-campaign draws nodes:K, links:K, arcs:K or mixed:K, not paths:K");
        }
        c.kind = fs.kind;
        c.k = fs.k;
        snprintf(faults, sizeof faults, "%s random faults", faults_text);
    }
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        return raise_ctx(err, "the network");
    }
    PyObject *d = NULL;
    tc_ftroute_record_t *rec = NULL;
    if (faults_text != NULL) {
        tc_fault_spec_t s2 = {.kind = c.kind, .k = c.k};
        if ((err = tc_faults_check_room(&s2, &topo, -1)) != TC_OK) {
            arg_error("--faults %s: %s", faults_text, tc_err_detail());
            goto out;
        }
    }
    if (c.trials * c.pairs > 100000000) {
        arg_error("--trials times --pairs is at most 100,000,000 routes");
        goto out;
    }
    rec = calloc((size_t)(c.trials * c.pairs), sizeof *rec);
    if (rec == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    tc_ftroute_summary_t s;
    Py_BEGIN_ALLOW_THREADS err = tc_ftroute_campaign(net, &topo, &c, rec);
    if (err == TC_OK) {
        err = tc_ftroute_summarize(rec, c.trials * c.pairs, &s);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        raise_ctx(err, "route-campaign");
        goto out;
    }
    static const char *const keys[TC_FTROUTE_NSTATS] = {
        "oracle", "route_length", "hops", "backtracks", "stretch", "hop_stretch", "header_bits"};
    static const char *const stats[5] = {"median", "p90", "p99", "max", "mean"};
    d = PyDict_New();
    PyObject *ls = PyDict_New();
    int bad =
        d == NULL || ls == NULL ||
        (set_item(d, "network", star_network(net)) | SET_INT(d, "trials", c.trials) |
         SET_INT(d, "pairs", c.pairs) | set_item(d, "seed", PyLong_FromUnsignedLongLong(seed)) |
         SET_STR(d, "faults", faults) | SET_INT(d, "routes", s.routes) |
         SET_INT(d, "reachable", s.reachable) | SET_INT(d, "delivered", s.delivered) |
         SET_INT(d, "returned", s.returned) | SET_INT(d, "shortest", s.shortest) |
         SET_INT(ls, "budget0", s.budget[0]) | SET_INT(ls, "budget1", s.budget[1]) |
         SET_INT(ls, "budget2", s.budget[2]) | SET_INT(ls, "plain_dfs", s.budget[3]));
    bad = bad || PyDict_SetItemString(d, "last_search", ls) < 0;
    Py_XDECREF(ls);
    for (int r = 0; !bad && r < TC_FTROUTE_NSTATS; r++) {
        PyObject *o = PyDict_New();
        bad = o == NULL;
        for (int i = 0; !bad && i < 5; i++) {
            bad = isnan(s.dist[r][i]) ? PyDict_SetItemString(o, stats[i], Py_None) < 0
                                      : SET_DBL(o, stats[i], fixed(s.dist[r][i], 3)) < 0;
        }
        if (bad) {
            Py_XDECREF(o);
        } else {
            bad = set_item(d, keys[r], o) < 0;
        }
    }
    if (bad) {
        Py_CLEAR(d);
    }
out:
    free(rec);
    tc_topo_destroy(&topo);
    return d;
}

/* ---- sim: route, route-bcast, route-unicast, bcast-compare (tools/treecast/sim_ftbcast.c) ---- */

#define MAX_SCHEMES 6

typedef struct {
    const tc_net_t *net;
    tc_topo_t topo;
    int n;
    int64_t src;
    tc_assembly_t tree, edt;
    char faults[96];
    tc_faults_t listed;
    bool has_listed;
    tc_fault_kind_t kind_random;
    int64_t k;
} ft_t;

static const char *scheme_name(const tc_ftbcast_scheme_t *s, int n, char *buf, size_t cap)
{
    if (s->what == TC_FTPLAN_BCAST) {
        return "route-bcast";
    }
    if (s->what == TC_FTPLAN_UNICAST) {
        return "route-unicast";
    }
    snprintf(buf, cap, "ft-bcast x=%d%s", s->x, s->x == n - 1 ? " (IST)" : "");
    return buf;
}

/* The arguments of sim_ftbcast. */
typedef struct {
    const char *name, *kind_text, *faults_text, *file;
    PyObject *to_obj, *items;
    long long M, x, trials;
    unsigned long long seed;
    int ports, half, threads;
} ft_args_t;

/* The faults of the run into f: listed (one run), drawn per trial, or none; f->faults says which.
 * 0, or -1 with the exception set. */
static int ft_faults(ft_t *f, const ft_args_t *a)
{
    bool listed = listed_given(a->items, a->file);
    if (listed && a->faults_text != NULL) {
        arg_error("--faults draws faults; --fault and --faults-file list them: one or the other");
        return -1;
    }
    if (listed) {
        if (a->trials > 1) {
            arg_error("--trials draws a fault set per trial; listed faults make one run");
            return -1;
        }
        f->has_listed = true;
        if (read_listed(f->net, &f->topo, f->src, a->items, a->file, &f->listed) < 0) {
            return -1;
        }
        int64_t fn = f->listed.faulty_nodes, fl = f->listed.faulty_links;
        snprintf(f->faults, sizeof f->faults, "%lld faulty node%s and %lld faulty arc%s, listed",
                 (long long)fn, fn == 1 ? "" : "s", (long long)fl, fl == 1 ? "" : "s");
        return 0;
    }
    if (a->faults_text == NULL) {
        if (a->trials > 0) {
            arg_error("--trials needs --faults (a campaign draws faults per trial)");
            return -1;
        }
        snprintf(f->faults, sizeof f->faults, "no faults");
        return 0;
    }
    tc_fault_spec_t fs = {0};
    if (parse_spec(a->faults_text, &fs) < 0) {
        return -1;
    }
    if (fs.on_paths) {
        arg_error("the routed plans draw nodes:K, links:K, arcs:K or mixed:K, not paths:K");
        return -1;
    }
    if (tc_faults_check_room(&fs, &f->topo, f->src) != TC_OK) {
        arg_error("--faults %s: %s", a->faults_text, tc_err_detail());
        return -1;
    }
    f->kind_random = fs.kind;
    f->k = fs.k;
    snprintf(f->faults, sizeof f->faults, "%s random faults (seed %llu; trial i: seed + i)",
             a->faults_text, a->seed);
    return 0;
}

/* The destination of sim route: a label, a node id, or "random" (any node but the source). */
static int ft_destination(const ft_t *f, const ft_args_t *a, int64_t *dst)
{
    bool random;
    if (a->to_obj == Py_None) {
        arg_error("sim route needs the destination: --to LABEL");
        return -1;
    }
    if (PyUnicode_Check(a->to_obj) && strcmp(PyUnicode_AsUTF8(a->to_obj), "random") == 0) {
        tc_rng_t rng;
        tc_rng_seed(&rng, a->seed + 1, 1);
        *dst = (int64_t)tc_rng_below(&rng, (uint64_t)(f->topo.nodes - 1));
        *dst += *dst >= f->src;
    } else if (resolve_node(f->net, a->to_obj, a->seed + 1, 1, "--to", dst, &random) < 0) {
        return -1;
    }
    if (*dst == f->src) {
        arg_error("--to is the source itself: nothing to route");
        return -1;
    }
    return 0;
}

/* The dict of one route (what `sim route --format json` prints). */
static PyObject *route_dict(const ft_t *f, const ft_args_t *a, int64_t dst, int32_t oracle,
                            const tc_ftroute_t *r, const tc_sim_result_t *res)
{
    char sl[TC_LABEL_MAX], dl[TC_LABEL_MAX];
    tc_net_label(f->net, f->src, false, sl, sizeof sl);
    tc_net_label(f->net, dst, false, dl, sizeof dl);
    PyObject *d = PyDict_New();
    int bad = d == NULL ||
              (set_item(d, "network", star_network(f->net)) | SET_STR(d, "from", sl) |
               SET_STR(d, "to", dl) | SET_INT(d, "M", a->M) | SET_STR(d, "faults", f->faults) |
               SET_BOOL(d, "delivered", r->delivered) | SET_INT(d, "hops", r->hops) |
               SET_INT(d, "backtracks", r->backtracks) | SET_INT(d, "route_length", r->route_len) |
               SET_INT(d, "oracle", oracle) | SET_INT(d, "budget", r->budget) |
               SET_INT(d, "header_bits", r->header_bits) | SET_INT(d, "rounds", res->rounds) |
               SET_INT(d, "transmissions", res->transmissions) |
               SET_INT(d, "queued_packets", res->queued_packets) |
               SET_INT(d, "delivered_packets", res->keys_delivered));
    if (bad) {
        Py_CLEAR(d);
    }
    return d;
}

/* sim route: one message routed around the faults (drawn with the seed, or listed). */
static PyObject *ft_route(ft_t *f, const ft_args_t *a, const tc_sim_config_t *cfg)
{
    int64_t dst;
    if (ft_destination(f, a, &dst) < 0) {
        return NULL;
    }
    tc_faults_t drawn, *faults = f->has_listed ? &f->listed : NULL;
    bool have_drawn = false;
    tc_err_t err = TC_OK;
    if (f->k > 0) {
        err = tc_faults_random(&drawn, &f->topo, f->kind_random, f->k, a->seed, f->src);
        have_drawn = err == TC_OK;
        faults = have_drawn ? &drawn : NULL;
    }
    tc_ftplan_opts_t o = {.what = TC_FTPLAN_ROUTE, .src = f->src, .dst = dst, .M = a->M};
    tc_ftplan_t *plan = NULL;
    int32_t *dist = calloc((size_t)f->topo.nodes, sizeof *dist);
    PyObject *d = NULL;
    if (err == TC_OK && dist == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    tc_sim_result_t res;
    Py_BEGIN_ALLOW_THREADS if (err == TC_OK)
    {
        err = tc_ftroute_oracle(&f->topo, faults, f->src, dist);
    }
    if (err == TC_OK) {
        err = tc_ftplan_new(f->net, &f->topo, faults, &o, &plan);
    }
    if (err == TC_OK) {
        err = tc_sim_run(&f->topo, cfg, faults, tc_ftplan_plan(plan), &res, NULL);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        raise_ctx(err, "sim route");
    }
    else
    {
        d = route_dict(f, a, dst, dist[dst], &tc_ftplan_stats(plan)->route, &res);
    }
out:
    tc_ftplan_free(plan);
    free(dist);
    if (have_drawn) {
        tc_faults_destroy(&drawn);
    }
    return d;
}

/* The trees the routed broadcasts run over: kind's at the source (f->tree), and the EDTs
 * (f->edt) when the comparison has more than one scheme. 0, or -1 with the exception set. */
static int ft_trees(ft_t *f, const ft_args_t *a, tc_kind_t *kind, bool edt)
{
    *kind = TC_KIND_BFS;
    if (a->kind_text != NULL) {
        char netname[TC_LABEL_MAX];
        tc_net_name(f->net, netname, sizeof netname);
        if (tc_kind_parse(a->kind_text, kind) != TC_OK) {
            raise_ctx(TC_EINVAL, "--kind");
            return -1;
        }
        if (!tc_kind_applies(*kind, f->net)) {
            arg_error("--kind %s is not defined on %s; its kinds are %s", a->kind_text, netname,
                      tc_kind_list(f->net));
            return -1;
        }
    }
    if (a->x != 0 && (a->x < 1 || a->x > f->n - 1)) {
        arg_error("--x %lld: S_%d has %d EDTs", a->x, f->n, f->n - 1);
        return -1;
    }
    tc_assembly_opts_t ao = {.net = f->net, .topo = &f->topo, .kind = *kind, .root = f->src};
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_assembly_init(&ao, &f->tree);
    if (err == TC_OK && edt) {
        ao.kind = TC_KIND_EDT;
        err = tc_assembly_init(&ao, &f->edt);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        raise_ctx(err, "the trees");
        return -1;
    }
    return 0;
}

/* The schemes' rows as a list of dicts (what `sim bcast-compare --format json` prints). */
static PyObject *scheme_rows(const ft_t *f, const tc_ftbcast_scheme_t *sc,
                             const tc_ftbcast_row_t *rows, int ns)
{
    static const char *const cols[TC_FTBCAST_NCOLS] = {"last_delivery", "rounds", "transmissions",
                                                       "returned", "max_route_hops"};
    PyObject *list = PyList_New(0);
    for (int s = 0; list != NULL && s < ns; s++) {
        const tc_ftbcast_row_t *r = &rows[s];
        char nm[40];
        PyObject *o = PyDict_New();
        int bad = o == NULL ||
                  (SET_STR(o, "scheme", scheme_name(&sc[s], f->n, nm, sizeof nm)) |
                   SET_INT(o, "others", r->others) | SET_INT(o, "reachable", r->reachable) |
                   SET_INT(o, "delivered", r->delivered) | SET_INT(o, "expected", r->expected) |
                   SET_INT(o, "all_reached", r->all_reached) |
                   SET_DBL(o, "min_fraction", fixed(r->min_fraction, 4)));
        for (int k = 0; !bad && k < TC_FTBCAST_NCOLS; k++) {
            PyObject *cd = PyDict_New();
            bad = cd == NULL || SET_INT(cd, "median", r->med[k]) | SET_INT(cd, "max", r->max[k]);
            bad = bad || PyDict_SetItemString(o, cols[k], cd) < 0;
            Py_XDECREF(cd);
        }
        if (bad || PyList_Append(list, o) < 0) {
            Py_CLEAR(list);
        }
        Py_XDECREF(o);
    }
    return list;
}

/* route-bcast, route-unicast, bcast-compare: the schemes over trials of drawn faults (or once,
 * under listed ones), summed up per scheme. */
static PyObject *ft_bcasts(ft_t *f, const ft_args_t *a, const tc_sim_config_t *cfg)
{
    tc_ftbcast_scheme_t sc[MAX_SCHEMES] = {0};
    int ns = 1;
    if (strcmp(a->name, "route-bcast") == 0 || strcmp(a->name, "route-unicast") == 0) {
        sc[0].what = a->name[6] == 'b' ? TC_FTPLAN_BCAST : TC_FTPLAN_UNICAST;
    } else {
        ns = tc_ftbcast_compare_schemes(f->n, a->x > 0 ? (int)a->x : 0, sc);
    }
    tc_kind_t kind;
    bool edt = ns > 1;
    if (ft_trees(f, a, &kind, edt) < 0) {
        return NULL;
    }
    int64_t T = f->has_listed || f->k == 0 ? 1 : a->trials > 0 ? a->trials : 100;
    tc_ftbcast_campaign_t c = {.src = f->src,
                               .M = a->M,
                               .trials = T,
                               .seed = a->seed,
                               .kind = f->kind_random,
                               .k = f->k,
                               .nschemes = ns,
                               .schemes = sc,
                               .tree = &f->tree.trees,
                               .edt = edt ? &f->edt.trees : NULL,
                               .config = *cfg,
                               .threads = a->threads};
    c.config.threads = 1;
    tc_ftbcast_record_t *rec = calloc((size_t)(T * ns), sizeof *rec);
    if (rec == NULL) {
        return PyErr_NoMemory();
    }
    tc_ftbcast_row_t rows[MAX_SCHEMES];
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = f->has_listed
                                     ? tc_ftbcast_once(f->net, &f->topo, &c, &f->listed, rec)
                                     : tc_ftbcast_campaign(f->net, &f->topo, &c, rec);
    for (int s = 0; s < ns && err == TC_OK; s++) {
        err = tc_ftbcast_summarize(rec, T, ns, s, a->M, &rows[s]);
    }
    Py_END_ALLOW_THREADS free(rec);
    if (err != TC_OK) {
        return raise_ctx(err, a->name);
    }
    PyObject *list = scheme_rows(f, sc, rows, ns);
    char sl[TC_LABEL_MAX];
    tc_net_label(f->net, f->src, false, sl, sizeof sl);
    PyObject *d = list == NULL ? NULL : PyDict_New();
    if (d != NULL && (set_item(d, "network", star_network(f->net)) | SET_STR(d, "source", sl) |
                      SET_INT(d, "M", a->M) | SET_INT(d, "trials", T) |
                      set_item(d, "seed", PyLong_FromUnsignedLongLong(a->seed)) |
                      SET_STR(d, "faults", f->faults) |
                      SET_STR(d, "tree", a->kind_text != NULL ? a->kind_text : "bfs") |
                      PyDict_SetItemString(d, "schemes", list))) {
        Py_CLEAR(d);
    }
    Py_XDECREF(list);
    return d;
}

/* sim_ftbcast(net, name, root, to, M, x (0: not given), kind, faults, fault items, faults file,
 * trials, seed, ports, half, threads) -> dict: the routing of S_n and the broadcasts on it. */
static PyObject *py_sim_ftbcast(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *netobj, *root_obj;
    ft_args_t a;
    if (!PyArg_ParseTuple(args, "OsOOLLzzOzLKipi", &netobj, &a.name, &root_obj, &a.to_obj, &a.M,
                          &a.x, &a.kind_text, &a.faults_text, &a.items, &a.file, &a.trials, &a.seed,
                          &a.ports, &a.half, &a.threads)) {
        return NULL;
    }
    ft_t f;
    memset(&f, 0, sizeof f);
    f.net = tc_py_net(netobj);
    if (f.net == NULL) {
        return NULL;
    }
    char spec[256];
    tc_net_spec(f.net, spec, sizeof spec);
    if (strcmp(tc_net_family_name(f.net), "star") != 0) {
        return arg_error("%s routes on the star graph (star:N), not %s", a.name, spec);
    }
    if (tc_net_nodes(f.net) > 40320) {
        return arg_error("%s simulates star graphs of at most 40,320 nodes (S_8)", a.name);
    }
    f.n = tc_net_n(f.net);
    tc_err_t err = tc_topo_init(&f.topo, f.net);
    if (err != TC_OK) {
        return raise_ctx(err, "the network");
    }
    PyObject *d = NULL;
    bool random;
    if (resolve_node(f.net, root_obj, a.seed, 1, "--root", &f.src, &random) == 0 &&
        ft_faults(&f, &a) == 0) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.port_limit = a.ports;
        cfg.half_duplex = a.half != 0;
        cfg.threads = a.threads;
        d = strcmp(a.name, "route") == 0 ? ft_route(&f, &a, &cfg) : ft_bcasts(&f, &a, &cfg);
    }
    tc_assembly_destroy(&f.tree);
    tc_assembly_destroy(&f.edt);
    if (f.has_listed) {
        tc_faults_destroy(&f.listed);
    }
    tc_topo_destroy(&f.topo);
    return d;
}

/* ---- repro: the papers' pages and `treecast table`'s rows ----------------------------------- */

static PyObject *str_or_none(const char *s)
{
    return s != NULL ? PyUnicode_FromString(s) : Py_NewRef(Py_None);
}

/* repro_papers() -> [(id, title, [table names])]. */
static PyObject *py_repro_papers(PyObject *mod, PyObject *noargs)
{
    (void)mod;
    (void)noargs;
    int n = 0;
    const tc_repro_paper_t *papers = tc_repro_papers(&n);
    PyObject *list = PyList_New(0);
    for (int i = 0; list != NULL && i < n; i++) {
        PyObject *rows = PyList_New(0);
        for (int k = 0; rows != NULL && papers[i].rows != NULL && papers[i].rows[k].name != NULL;
             k++) {
            const tc_repro_rows_t *t = &papers[i].rows[k];
            PyObject *row = Py_BuildValue("(sNssiii)", t->name, str_or_none(t->alias), t->options,
                                          t->formats, t->from, t->to, t->max);
            if (row == NULL || PyList_Append(rows, row) < 0) {
                Py_XDECREF(row);
                Py_CLEAR(rows);
            }
            Py_XDECREF(row);
        }
        PyObject *t =
            rows == NULL ? NULL : Py_BuildValue("(ssN)", papers[i].id, papers[i].title, rows);
        if (t == NULL || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(t);
    }
    return list;
}

static PyObject *cell_tuple(const tc_repro_page_t *p, const tc_repro_table_t *t,
                            const tc_repro_cell_t *c)
{
    char vt[256];
    tc_repro_verdict_text(c, vt, sizeof vt);
    char *id = tc_repro_cell_id(p, t, c);
    PyObject *r =
        Py_BuildValue("(NsNsssNNNNN)", str_or_none(id), c->keys, str_or_none(c->quantity),
                      c->value != NULL ? c->value : "-", tc_repro_verdict_name(c->verdict), vt,
                      str_or_none(c->paper), str_or_none(c->correction), str_or_none(c->qualifier),
                      str_or_none(c->command), str_or_none(c->note));
    free(id);
    return r;
}

/* repro_paper(id, quick, seed, threads) -> (paper, title, summary, [missing],
 * [(id, title, intro, [keynames], [cells])], [(figure id, title, caption)], seconds). */
static PyObject *py_repro_paper(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *id;
    int quick, threads;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "spKi", &id, &quick, &seed, &threads)) {
        return NULL;
    }
    const tc_repro_paper_t *paper = tc_repro_paper(id);
    if (paper == NULL) {
        int n = 0;
        const tc_repro_paper_t *ps = tc_repro_papers(&n);
        char list[256] = "";
        for (int i = 0; i < n; i++) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s",
                     i == 0       ? ""
                     : i + 1 == n ? " and "
                                  : ", ",
                     ps[i].id);
        }
        return arg_error("unknown paper \"%s\"; treecast reproduces %s", id, list);
    }
    tc_repro_opts_t o = {.quick = quick != 0, .threads = threads, .seed = seed};
    tc_repro_page_t *page = NULL;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_repro_run(paper, &o, NULL, &page);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return tc_py_raise(err);
    }
    PyObject *tables = PyList_New(0), *figs = PyList_New(0), *missing = PyList_New(0);
    bool bad = tables == NULL || figs == NULL || missing == NULL;
    for (int i = 0; !bad && i < page->nmissing; i++) {
        PyObject *s = PyUnicode_FromString(page->missing[i]);
        bad = s == NULL || PyList_Append(missing, s) < 0;
        Py_XDECREF(s);
    }
    for (int i = 0; !bad && i < page->ntables; i++) {
        const tc_repro_table_t *t = page->tables[i];
        PyObject *keys = PyList_New(0), *cells = PyList_New(0);
        bad = keys == NULL || cells == NULL;
        for (int k = 0; !bad && k < t->nkeys; k++) {
            PyObject *s = PyUnicode_FromString(t->keynames[k]);
            bad = s == NULL || PyList_Append(keys, s) < 0;
            Py_XDECREF(s);
        }
        for (int64_t k = 0; !bad && k < t->ncells; k++) {
            PyObject *c = cell_tuple(page, t, &t->cells[k]);
            bad = c == NULL || PyList_Append(cells, c) < 0;
            Py_XDECREF(c);
        }
        PyObject *tt = bad ? NULL
                           : Py_BuildValue("(sNNOO)", t->id, str_or_none(t->title),
                                           str_or_none(t->intro), keys, cells);
        bad = bad || tt == NULL || PyList_Append(tables, tt) < 0;
        Py_XDECREF(tt);
        Py_XDECREF(keys);
        Py_XDECREF(cells);
    }
    for (int i = 0; !bad && i < page->nfigures; i++) {
        const tc_repro_figure_t *f = page->figures[i];
        PyObject *ft =
            Py_BuildValue("(sNN)", f->id, str_or_none(f->title), str_or_none(f->caption));
        bad = ft == NULL || PyList_Append(figs, ft) < 0;
        Py_XDECREF(ft);
    }
    PyObject *r =
        bad ? NULL
            : Py_BuildValue("(sNNOOOd)", page->paper, str_or_none(page->title),
                            str_or_none(page->summary), missing, tables, figs, page->seconds);
    Py_XDECREF(tables);
    Py_XDECREF(figs);
    Py_XDECREF(missing);
    tc_repro_page_free(page);
    return r;
}

/* table_rows(name) -> (name, alias, options, formats, from, to, max) of tc_repro_rows. */
static PyObject *py_table_rows(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) {
        return NULL;
    }
    const tc_repro_rows_t *t = tc_repro_rows(name);
    if (t == NULL) {
        return arg_error("unknown table \"%s\"; treecast reproduces 001:1, 001:2, 001:3, 001:eti, "
                         "001:compare, 002:2, 003:II (with 003:I), 004:5.6 and 004:5.7",
                         name);
    }
    return Py_BuildValue("(sNssiii)", t->name, str_or_none(t->alias), t->options, t->formats,
                         t->from, t->to, t->max);
}

/* table_001_cells(t2, from, to) -> [(n, k, printed, value, exact, matches)]: Tables 2 and 3 of
 * paper 001 (tc_tseng_table2/3), as `treecast table 001:2|001:3` walks them. */
static PyObject *py_table_001_cells(PyObject *mod, PyObject *args)
{
    (void)mod;
    int t2, from, to;
    if (!PyArg_ParseTuple(args, "pii", &t2, &from, &to)) {
        return NULL;
    }
    PyObject *list = PyList_New(0);
    for (int n = from; list != NULL && n <= to; n++) {
        for (int k = t2 ? 3 : 0; k < (t2 ? n : 1); k++) {
            tc_tseng_cell_t c;
            tc_err_t err = t2 ? tc_tseng_table2(n, k, &c) : tc_tseng_table3(n, &c);
            if (err == TC_ERANGE && (!t2 || n < 4 || n > 12)) {
                break;
            }
            if (err != TC_OK) {
                Py_DECREF(list);
                return raise_ctx(err, t2 ? "Table 2 of paper 001" : "Table 3 of paper 001");
            }
            char exact[48];
            snprintf(exact, sizeof exact, "%lld/%lld", (long long)c.exact.num,
                     (long long)c.exact.den);
            PyObject *row = Py_BuildValue("(iisdsO)", c.n, c.k, c.printed, c.value, exact,
                                          c.matches ? Py_True : Py_False);
            if (row == NULL || PyList_Append(list, row) < 0) {
                Py_XDECREF(row);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(row);
        }
    }
    return list;
}

/* table_001_1(z, k) -> (n, [(X, dims, y, Y, paper row or None)]): Table 1 of paper 001. */
static PyObject *py_table_001_1(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *zt;
    int k;
    if (!PyArg_ParseTuple(args, "si", &zt, &k)) {
        return NULL;
    }
    int n = strchr(zt, ',') != NULL ? 1 : (int)strlen(zt);
    for (const char *c = zt; strchr(zt, ',') != NULL && *c; c++) {
        n += *c == ',';
    }
    if (n < 2 || n > TC_STAR_MAX_N) {
        return arg_error("--z \"%.40s\" is not a node of a star graph S_2..S_%d", zt,
                         TC_STAR_MAX_N);
    }
    uint8_t z[TC_STAR_MAX_N];
    if (tc_star_parse(n, zt, z) != TC_OK) {
        return raise_ctx(TC_EPARSE, "--z");
    }
    if (k < 1 || k > n - 1) {
        return arg_error("--k %d is outside 1..%d for S_%d", k, n - 1, n);
    }
    int64_t N = tc_substar_count(n, k);
    if (N > 100000) {
        return arg_error("S_%d with k = %d has %lld substars; the table prints at most 100000 rows",
                         n, k, (long long)N);
    }
    bool paper = n == 4 && k == 2 && memcmp(z, (const uint8_t[]){3, 2, 4, 1}, 4) == 0;
    PyObject *list = PyList_New(0);
    for (int64_t i = 0; list != NULL && i < N; i++) {
        tc_table_001_row_t row;
        tc_table_001_1_row(n, k, i, z, &row);
        const char *const *pr = paper ? tc_table_001_1(i) : NULL;
        PyObject *prow =
            pr == NULL ? Py_NewRef(Py_None) : Py_BuildValue("(ssss)", pr[0], pr[1], pr[2], pr[3]);
        PyObject *t =
            prow == NULL ? NULL : Py_BuildValue("(ssssN)", row.X, row.dims, row.y, row.Y, prow);
        if (t == NULL || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(t);
    }
    return list == NULL ? NULL : Py_BuildValue("(iN)", n, list);
}

static PyObject *steps_dict(const tc_ist_steps_t *s)
{
    PyObject *d = PyDict_New(), *phases = PyList_New(0);
    int bad = d == NULL || phases == NULL;
    for (int p = 0; !bad && p < TC_IST_PHASES; p++) {
        PyObject *ph = PyDict_New();
        bad = ph == NULL || SET_STR(ph, "name", tc_ist_phase_name(s->algo, p)) ||
              SET_INT(ph, "max", s->phase_max[p]) || SET_DBL(ph, "mean", s->phase_mean[p]) ||
              PyList_Append(phases, ph) < 0;
        Py_XDECREF(ph);
    }
    bad = bad || SET_INT(d, "max", s->max) || SET_DBL(d, "mean", s->mean) ||
          SET_INT(d, "min", s->min) || SET_INT(d, "argmax", (int64_t)s->argmax) ||
          PyDict_SetItemString(d, "phases", phases) < 0;
    Py_XDECREF(phases);
    if (bad) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

/* table_004_56(n) -> (N, n, paper (hdls, ours) or None, hdls steps, alg5 steps). */
static PyObject *py_table_004_56(PyObject *mod, PyObject *args)
{
    (void)mod;
    int n;
    if (!PyArg_ParseTuple(args, "i", &n)) {
        return NULL;
    }
    tc_ist_steps_t h, o;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_ist_steps(n, TC_IST_ALGO_HDLS, &h);
    err = err == TC_OK ? tc_ist_steps(n, TC_IST_ALGO_5, &o) : err;
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the Table 5.6 step count");
    }
    int64_t ph = -1, po = -1;
    bool printed = tc_table_004_56(n, &ph, &po);
    PyObject *paper =
        printed ? Py_BuildValue("(LL)", (long long)ph, (long long)po) : Py_NewRef(Py_None);
    return Py_BuildValue("(LiNNN)", (long long)((int64_t)1 << n), n, paper, steps_dict(&h),
                         steps_dict(&o));
}

/* table_001_eti(n, ratio) -> ([ETI k = 1..n-1], best k, best ETI, ETI'); and the claim's
 * (best k, in 2..4) at n: tc_tseng_eti, tc_tseng_best_k, tc_tseng_mesh_eti, tc_table_001_best_k. */
static PyObject *py_table_001_eti(PyObject *mod, PyObject *args)
{
    (void)mod;
    int n;
    double ratio;
    if (!PyArg_ParseTuple(args, "id", &n, &ratio)) {
        return NULL;
    }
    int best, ck;
    bool in;
    double beti, mesh;
    tc_err_t err = tc_tseng_best_k(n, ratio, &best, &beti);
    err = err == TC_OK ? tc_tseng_mesh_eti(n, ratio, &mesh) : err;
    if (err != TC_OK) {
        return raise_ctx(err, "ETI");
    }
    PyObject *list = PyList_New(0);
    for (int k = 1; list != NULL && k < n; k++) {
        double e;
        if ((err = tc_tseng_eti(n, k, ratio, &e)) != TC_OK) {
            Py_DECREF(list);
            return raise_ctx(err, "ETI");
        }
        PyObject *v = PyFloat_FromDouble(e);
        if (v == NULL || PyList_Append(list, v) < 0) {
            Py_CLEAR(list);
        }
        Py_XDECREF(v);
    }
    if (list == NULL) {
        return NULL;
    }
    if (n >= 3 && n <= 12) {
        err = tc_table_001_best_k(n, ratio, &ck, &in);
        if (err != TC_OK) {
            Py_DECREF(list);
            return raise_ctx(err, "the best k");
        }
    } else {
        ck = best;
        in = true;
    }
    return Py_BuildValue("(NiddiO)", list, best, beti, mesh, ck, in ? Py_True : Py_False);
}

/* table_001_best_k(n, ratio) -> (best k, in 2..4). */
static PyObject *py_table_001_best_k(PyObject *mod, PyObject *args)
{
    (void)mod;
    int n, k;
    double ratio;
    bool in;
    if (!PyArg_ParseTuple(args, "id", &n, &ratio)) {
        return NULL;
    }
    tc_err_t err = tc_table_001_best_k(n, ratio, &k, &in);
    if (err != TC_OK) {
        return raise_ctx(err, "the best k");
    }
    return Py_BuildValue("(iO)", k, in ? Py_True : Py_False);
}

/* table_002_2(n, M, ts, tc) -> the six rows of n (one-port first), as `table 002:2` prints. */
static PyObject *py_table_002_2(PyObject *mod, PyObject *args)
{
    (void)mod;
    static const tc_kind_t kinds[3] = {TC_KIND_SBNT_MINR, TC_KIND_SBG, TC_KIND_BINOMIAL};
    static const char *const names[3] = {"sbnt", "sbg", "binomial"};
    int n;
    long long M;
    double ts, tc;
    if (!PyArg_ParseTuple(args, "iLdd", &n, &M, &ts, &tc)) {
        return NULL;
    }
    double times[3][2][3];
    tc_err_t err = TC_OK;
    Py_BEGIN_ALLOW_THREADS for (int k = 0; k < 3 && err == TC_OK; k++)
    {
        err = tc_table_002_2(n, kinds[k], M, ts, tc, times[k]);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the Table 2 schedules");
    }
    PyObject *list = PyList_New(0);
    for (int one = 1; list != NULL && one >= 0; one--) {
        for (int op = TC_CYCLES_SCATTER; list != NULL && op <= TC_CYCLES_ALLTOALL; op++) {
            tc_cycles_ref_t ref;
            tc_cycles_table2((tc_cycles_op_t)op, one, n, (double)M, ts, tc, &ref);
            PyObject *d = PyDict_New();
            int bad =
                d == NULL ||
                (SET_INT(d, "n", n) | SET_STR(d, "ports", one ? "one" : "all") |
                 SET_STR(d, "communication", ref.what) | SET_DBL(d, "table2", ref.table) |
                 SET_STR(d, "table2_formula", ref.table_formula) |
                 SET_DBL(d, names[0], times[0][one][op]) | SET_DBL(d, names[1], times[1][one][op]) |
                 SET_DBL(d, names[2], times[2][one][op]) | SET_DBL(d, "lower_bound", ref.lower));
            if (bad || PyList_Append(list, d) < 0) {
                Py_CLEAR(list);
            }
            Py_XDECREF(d);
        }
    }
    return list;
}

static PyObject *icube_label_obj(int n, int k, int64_t id)
{
    char buf[TC_LABEL_MAX];
    tc_net_t *net = NULL;
    if (tc_net_icube_new(n, k, &net) == TC_OK) {
        tc_net_label(net, id, false, buf, sizeof buf);
    } else {
        snprintf(buf, sizeof buf, "%lld", (long long)id);
    }
    tc_net_free(net);
    return PyUnicode_FromString(buf);
}

/* table_003(n, k, M, ts, tc) -> a row of `table 003:II` (Tables I-II of paper 003). */
static PyObject *py_table_003(PyObject *mod, PyObject *args)
{
    (void)mod;
    int n, k;
    long long M;
    double ts, tc;
    if (!PyArg_ParseTuple(args, "iiLdd", &n, &k, &M, &ts, &tc)) {
        return NULL;
    }
    tc_table_003_t r;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_table_003(n, k, M, ts, tc, &r);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the Table I-II broadcasts");
    }
    PyObject *d = PyDict_New(), *t1 = PyDict_New(), *t2 = PyDict_New();
    int bad = d == NULL || t1 == NULL || t2 == NULL ||
              (SET_INT(d, "n", r.n) | SET_INT(d, "k", r.k) | SET_INT(d, "nodes", r.nodes) |
               SET_INT(d, "hp_paths", r.paths) | SET_INT(t1, "hp_paper", r.hp_paper) |
               SET_INT(t1, "hp_sim", r.hp_rounds) | SET_INT(t1, "edst_paper", r.edst_paper) |
               SET_INT(t1, "edst_sim_worst", r.edst_worst) |
               set_item(t1, "edst_sim_worst_root", icube_label_obj(r.n, r.k, r.worst_root)) |
               SET_INT(t1, "edst_sim_best", r.edst_best) | SET_INT(t1, "lower_bound", r.lower) |
               SET_DBL(t2, "hp_bopt", r.hp_bopt) | SET_DBL(t2, "hp_tmin", r.hp_tmin) |
               SET_INT(t2, "hp_sim_B", r.hp_B) | SET_DBL(t2, "hp_sim_T", r.hp_T) |
               SET_DBL(t2, "edst_bopt", r.edst_bopt) | SET_DBL(t2, "edst_tmin", r.edst_tmin) |
               SET_INT(t2, "edst_sim_B", r.edst_B) | SET_DBL(t2, "edst_sim_T", r.edst_T) |
               set_item(t2, "edst_sim_root", icube_label_obj(r.n, r.k, r.edst_T_root)));
    bad = bad || PyDict_SetItemString(d, "table1", t1) < 0 ||
          PyDict_SetItemString(d, "table2", t2) < 0;
    Py_XDECREF(t1);
    Py_XDECREF(t2);
    if (bad) {
        Py_CLEAR(d);
    }
    return d;
}

static PyObject *dist_dict(const tc_table_dist_t *d)
{
    PyObject *o = PyDict_New();
    if (o == NULL || (SET_INT(o, "links", d->links) | SET_INT(o, "p10", d->p10) |
                      SET_INT(o, "median", d->median) | SET_INT(o, "p90", d->p90) |
                      SET_INT(o, "min", d->min) | SET_INT(o, "max", d->max))) {
        Py_XDECREF(o);
        return NULL;
    }
    return o;
}

/* table_004_57(n, trials, seed, threads) -> a row of `table 004:5.7`. */
static PyObject *py_table_004_57(PyObject *mod, PyObject *args)
{
    (void)mod;
    static const tc_kind_t kinds[3] = {TC_KIND_IST, TC_KIND_NEDST, TC_KIND_BINOMIAL};
    int n, threads;
    long long trials;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "iLKi", &n, &trials, &seed, &threads)) {
        return NULL;
    }
    int64_t links, paper = -1;
    double percent = 0;
    if (!tc_table_004_57(n, &links, &paper, &percent)) {
        paper = -1;
    }
    tc_table_dist_t dd[3];
    tc_err_t err = TC_OK;
    Py_BEGIN_ALLOW_THREADS for (int k = 0; k < 3 && err == TC_OK; k++)
    {
        err = tc_table_threshold(n, kinds[k], trials, seed, threads, k == 0 ? paper : -1, &dd[k]);
    }
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "the Table 5.7 campaign");
    }
    double at = 100.0 * (double)dd[0].below / (double)trials;
    PyObject *d = PyDict_New();
    PyObject *p = paper >= 0 ? PyDict_New() : Py_NewRef(Py_None);
    int bad =
        d == NULL || p == NULL ||
        (SET_INT(d, "N", (int64_t)1 << n) | SET_INT(d, "n", n) | SET_INT(d, "links", dd[0].links));
    if (!bad && paper >= 0) {
        bad = SET_INT(p, "faulty_links", paper) | SET_DBL(p, "percent", fixed(percent, 1));
    }
    bad = bad || PyDict_SetItemString(d, "paper", p) < 0 ||
          set_item(d, "ist", dist_dict(&dd[0])) < 0 ||
          set_item(d, "nedst", dist_dict(&dd[1])) < 0 ||
          set_item(d, "binomial", dist_dict(&dd[2])) < 0;
    if (!bad && paper >= 0) {
        bad = SET_DBL(d, "paper_percentile", fixed(at, 1));
    }
    Py_XDECREF(p);
    if (bad) {
        Py_CLEAR(d);
    }
    return d;
}

static PyObject *cost_dict(const tc_table_001_cost_t *c)
{
    PyObject *o = PyDict_New();
    if (o == NULL || (SET_INT(o, "rounds", c->rounds) | SET_INT(o, "elements", c->elements) |
                      SET_BOOL(o, "queued", c->queued) | SET_BOOL(o, "run", c->run))) {
        Py_XDECREF(o);
        return NULL;
    }
    return o;
}

/* table_001_compare(n, port_limit) -> tc_table_001_compare's record as a dict. */
static PyObject *py_table_001_compare(PyObject *mod, PyObject *args)
{
    (void)mod;
    int n, port;
    if (!PyArg_ParseTuple(args, "ii", &n, &port)) {
        return NULL;
    }
    tc_table_001_compare_t c;
    tc_err_t err;
    Py_BEGIN_ALLOW_THREADS err = tc_table_001_compare(n, port, &c);
    Py_END_ALLOW_THREADS if (err != TC_OK)
    {
        return raise_ctx(err, "001:compare");
    }
    PyObject *d = PyDict_New(), *ts = PyList_New(0);
    int bad = d == NULL || ts == NULL;
    for (int k = 1; !bad && k < n; k++) {
        PyObject *o = cost_dict(&c.tseng[k - 1]);
        bad = o == NULL || PyList_Append(ts, o) < 0;
        Py_XDECREF(o);
    }
    bad =
        bad || (SET_INT(d, "n", c.n) | SET_INT(d, "port_limit", c.port_limit) |
                PyDict_SetItemString(d, "tseng", ts) |
                set_item(d, "total_exchange", cost_dict(&c.total_exchange)) |
                set_item(d, "mesh", cost_dict(&c.mesh)) | set_item(d, "ring", cost_dict(&c.ring)) |
                set_item(d, "multinode", cost_dict(&c.multinode)));
    Py_XDECREF(ts);
    if (bad) {
        Py_CLEAR(d);
    }
    return d;
}

PyMethodDef tc_py_sim_methods[] = {
    {"sim_schedule", py_sim_schedule, METH_VARARGS,
     "sim_schedule(net, name, kind, M, x, root, faults, trials, seed, ports, half_duplex, acks, "
     "order, method, ts, tm, B, threads, per_round) -> dict (treecast sim's JSON)."},
    {"sim_tseng", py_sim_tseng, METH_VARARGS,
     "sim_tseng(net, name, k, ports, half_duplex, ts, tm, method) -> dict (alltoall-tseng, "
     "allgather-mesh)."},
    {"sim_route_campaign", py_sim_route_campaign, METH_VARARGS,
     "sim_route_campaign(net, faults, trials, pairs, seed, threads) -> dict."},
    {"sim_ftbcast", py_sim_ftbcast, METH_VARARGS,
     "sim_ftbcast(net, name, root, to, M, x, kind, faults, fault_items, faults_file, trials, "
     "seed, ports, half_duplex, threads) -> dict (route, route-bcast, route-unicast, "
     "bcast-compare)."},
    {"plan_desc", py_plan_desc, METH_VARARGS, "plan_desc(name) -> the plan's descriptor or None."},
    {"plan_names", py_plan_names, METH_NOARGS, "plan_names() -> ([(name, runner)], [options])."},
    {"plan_reads", py_plan_reads, METH_VARARGS, "plan_reads(name, option) -> bool."},
    {"route_star", py_route_star, METH_VARARGS,
     "route_star(net, src, dst, faults, seed) -> dict (treecast route --method dfs's JSON)."},
    {"repro_papers", py_repro_papers, METH_NOARGS, "repro_papers() -> [(id, title, tables)]."},
    {"repro_paper", py_repro_paper, METH_VARARGS,
     "repro_paper(id, quick, seed, threads) -> the page as tuples (tc_repro_run)."},
    {"table_rows", py_table_rows, METH_VARARGS, "table_rows(name) -> tc_repro_rows's row."},
    {"table_001_cells", py_table_001_cells, METH_VARARGS,
     "table_001_cells(t2, from, to) -> Tables 2/3 of paper 001."},
    {"table_001_1", py_table_001_1, METH_VARARGS, "table_001_1(z, k) -> Table 1 of paper 001."},
    {"table_004_56", py_table_004_56, METH_VARARGS, "table_004_56(n) -> a row of Table 5.6."},
    {"table_001_eti", py_table_001_eti, METH_VARARGS,
     "table_001_eti(n, ratio) -> (etis, best k, best eti, eti', claim k, claim holds)."},
    {"table_001_best_k", py_table_001_best_k, METH_VARARGS,
     "table_001_best_k(n, ratio) -> (k, in 2..4)."},
    {"table_002_2", py_table_002_2, METH_VARARGS, "table_002_2(n, M, ts, tc) -> rows of n."},
    {"table_003", py_table_003, METH_VARARGS, "table_003(n, k, M, ts, tc) -> a row of 003:II."},
    {"table_004_57", py_table_004_57, METH_VARARGS,
     "table_004_57(n, trials, seed, threads) -> a row of Table 5.7."},
    {"table_001_compare", py_table_001_compare, METH_VARARGS,
     "table_001_compare(n, port_limit) -> tc_table_001_compare's record."},
    {NULL, NULL, 0, NULL},
};
