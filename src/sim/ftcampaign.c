/* The broadcast comparison on faulty star graphs (include/treecast/sim.h): every scheme run
 * in the round engine on the same seeded fault sets, trials on several threads. */
#include "core/internal.h"
#include "treecast/sim.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const tc_net_t *net;
    const tc_topo_t *topo;
    const tc_ftbcast_campaign_t *c;
    tc_coll_t **coll; /* per scheme: paper 000's plan, or NULL for a routed one */
    tc_ftbcast_record_t *out;
    int64_t next;
    pthread_mutex_t lock;
    tc_err_t err;
    char detail[256]; /* the failing worker's message (details are per thread) */
} job_t;

/* One scheme on faults f: its run into rec, and the reachable nodes (dist >= 0) it missed. */
static tc_err_t run_scheme(job_t *job, int s, const tc_faults_t *f, const int32_t *dist,
                           uint8_t *complete, tc_ftbcast_record_t *rec)
{
    const tc_ftbcast_campaign_t *c = job->c;
    tc_sim_config_t cfg = c->config;
    cfg.threads = 1; /* the trials are what runs in parallel */
    tc_err_t err = TC_OK;
    if (job->coll[s] != NULL) {
        err = tc_sim_run(job->topo, &cfg, f, tc_coll_plan(job->coll[s]), &rec->sim, complete);
    } else {
        tc_ftplan_opts_t o = {
            .what = c->schemes[s].what, .src = c->src, .M = c->M, .tree = c->tree};
        tc_ftplan_t *plan;
        err = tc_ftplan_new(job->net, job->topo, f, &o, &plan);
        if (err == TC_OK) {
            rec->routes = *tc_ftplan_stats(plan);
            err = tc_sim_run(job->topo, &cfg, f, tc_ftplan_plan(plan), &rec->sim, complete);
            tc_ftplan_free(plan);
        }
    }
    for (int64_t v = 0; v < job->topo->nodes && err == TC_OK; v++) {
        rec->missed += v != c->src && dist[v] >= 0 && !complete[v];
    }
    return err;
}

/* Every scheme on faults f, as trial i, beside the oracle. */
static tc_err_t run_schemes(job_t *job, int64_t i, const tc_faults_t *f, int32_t *dist,
                            uint8_t *complete)
{
    const tc_ftbcast_campaign_t *c = job->c;
    const tc_topo_t *t = job->topo;
    tc_err_t err = tc_ftroute_oracle(t, f, c->src, dist);
    int64_t others = 0, reachable = 0;
    for (int64_t v = 0; v < t->nodes; v++) {
        others += v != c->src && (f->node == NULL || !f->node[v]);
        reachable += v != c->src && dist[v] >= 0;
    }
    for (int s = 0; s < c->nschemes && err == TC_OK; s++) {
        tc_ftbcast_record_t *rec = &job->out[i * c->nschemes + s];
        memset(rec, 0, sizeof *rec);
        rec->trial = i;
        rec->faulty_nodes = f->faulty_nodes;
        rec->faulty_links = f->faulty_links;
        rec->others = others;
        rec->reachable = reachable;
        err = run_scheme(job, s, f, dist, complete, rec);
    }
    return err;
}

static tc_err_t trial(job_t *job, int64_t i, int32_t *dist, uint8_t *complete)
{
    const tc_ftbcast_campaign_t *c = job->c;
    tc_faults_t f;
    tc_err_t err =
        c->k > 0 ? tc_faults_random(&f, job->topo, c->kind, c->k, c->seed + (uint64_t)i, c->src)
                 : tc_faults_init(&f, job->topo);
    if (err == TC_OK) {
        err = run_schemes(job, i, &f, dist, complete);
        tc_faults_destroy(&f);
    }
    return err;
}

static void worker(void *arg, int tid, int nthreads)
{
    (void)tid;
    (void)nthreads;
    job_t *job = arg;
    int32_t *dist = tc__malloc_array((size_t)job->topo->nodes, sizeof *dist);
    uint8_t *complete = tc__malloc_array((size_t)job->topo->nodes, 1);
    tc_err_t err = dist == NULL || complete == NULL
                       ? tc__fail(TC_ENOMEM, "Out of memory for the oracle.")
                       : TC_OK;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        if (err != TC_OK && job->err == TC_OK) {
            job->err = err;
            snprintf(job->detail, sizeof job->detail, "%s", tc_err_detail());
        }
        int64_t i = job->err == TC_OK && job->next < job->c->trials ? job->next++ : -1;
        pthread_mutex_unlock(&job->lock);
        if (i < 0) {
            break;
        }
        err = trial(job, i, dist, complete);
    }
    free(dist);
    free(complete);
}

/* Paper 000's plans, made once and shared by the trials (a plan keeps no state of its runs). */
static tc_err_t make_colls(job_t *job)
{
    const tc_ftbcast_campaign_t *c = job->c;
    tc_err_t err = TC_OK;
    for (int s = 0; s < c->nschemes && err == TC_OK; s++) {
        const tc_ftbcast_scheme_t *sc = &c->schemes[s];
        if (sc->what == TC_FTPLAN_BCAST || sc->what == TC_FTPLAN_UNICAST) {
            err = sc->what == TC_FTPLAN_BCAST && c->tree == NULL
                      ? tc__fail(TC_EINVAL, "The routed broadcast needs its tree.")
                      : TC_OK;
        } else if (sc->what != 0) {
            err = tc__fail(TC_EINVAL, "Unknown broadcast scheme.");
        } else if (c->edt == NULL || c->edt->root != c->src) {
            err = tc__fail(TC_EINVAL, "ft-bcast needs the EDTs rooted at the source.");
        } else {
            tc_coll_opts_t o = {.what = TC_COLL_FT_BCAST, .M = c->M, .x = sc->x};
            err = tc_coll_new(c->edt, job->topo, &o, &job->coll[s]);
        }
    }
    return err;
}

static tc_err_t check(const tc_net_t *net, const tc_topo_t *topo, const tc_ftbcast_campaign_t *c,
                      bool drawn)
{
    if (strcmp(tc_net_family_name(net), "star") != 0 || topo->nodes != tc_net_nodes(net)) {
        return tc__fail(TC_EINVAL, "The routed broadcast is defined on the star graph.");
    }
    if ((drawn && (c->trials < 1 || c->k < 0)) || c->nschemes < 1 || c->src < 0 ||
        c->src >= topo->nodes) {
        return tc__fail(TC_EINVAL, "A comparison needs a trial, a scheme and a source node.");
    }
    return TC_OK;
}

static void free_colls(job_t *job)
{
    for (int s = 0; s < job->c->nschemes; s++) {
        tc_coll_free(job->coll[s]);
    }
    free(job->coll);
}

tc_err_t tc_ftbcast_campaign(const tc_net_t *net, const tc_topo_t *topo,
                             const tc_ftbcast_campaign_t *c, tc_ftbcast_record_t *out)
{
    tc_err_t err = check(net, topo, c, true);
    job_t job = {.net = net, .topo = topo, .c = c, .out = out};
    job.coll = err == TC_OK ? calloc((size_t)c->nschemes, sizeof *job.coll) : NULL;
    if (err != TC_OK || job.coll == NULL) {
        return err != TC_OK ? err : tc__fail(TC_ENOMEM, "Out of memory for the schemes.");
    }
    err = make_colls(&job);
    if (err == TC_OK) {
        pthread_mutex_init(&job.lock, NULL);
        int threads = c->threads > 0 ? c->threads : tc__online_cpus();
        threads = threads > c->trials ? (int)c->trials : threads;
        err = tc__parallel(threads, worker, &job);
        pthread_mutex_destroy(&job.lock);
        if (err == TC_OK && job.err != TC_OK) {
            err = tc__fail(job.err, "%s", job.detail);
        }
    }
    free_colls(&job);
    return err;
}

tc_err_t tc_ftbcast_once(const tc_net_t *net, const tc_topo_t *topo, const tc_ftbcast_campaign_t *c,
                         const tc_faults_t *faults, tc_ftbcast_record_t *out)
{
    tc_err_t err = check(net, topo, c, false);
    if (err == TC_OK && faults != NULL && faults->node != NULL && faults->node[c->src]) {
        err = tc__fail(TC_EINVAL, "The source is faulty: it sends nothing.");
    }
    if (err != TC_OK) {
        return err;
    }
    job_t job = {.net = net, .topo = topo, .c = c, .out = out};
    job.coll = calloc((size_t)c->nschemes, sizeof *job.coll);
    int32_t *dist = tc__malloc_array((size_t)topo->nodes, sizeof *dist);
    uint8_t *complete = tc__malloc_array((size_t)topo->nodes, 1);
    tc_faults_t none = {0};
    if (job.coll == NULL || dist == NULL || complete == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the schemes.");
    } else if (faults == NULL) {
        err = tc_faults_init(&none, topo);
    }
    if (err == TC_OK && (err = make_colls(&job)) == TC_OK) {
        err = run_schemes(&job, 0, faults != NULL ? faults : &none, dist, complete);
    }
    tc_faults_destroy(&none);
    free(dist);
    free(complete);
    if (job.coll != NULL) {
        free_colls(&job);
    }
    return err;
}
