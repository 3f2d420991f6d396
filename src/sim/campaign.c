/* Seeded fault campaigns: trials of a plan under faults, run on several threads. */
#include "core/internal.h"
#include "treecast/rng.h"
#include "treecast/sim.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tc_err_t tc_sim_campaign_faults(tc_faults_t *out, const tc_topo_t *topo,
                                const tc_plan_trees_t *trees, int64_t protect,
                                const tc_sim_campaign_t *campaign, int64_t trial, int64_t *target)
{
    uint64_t seed = campaign->seed + (uint64_t)trial;
    *target = -1;
    if (!campaign->on_paths) {
        return tc_faults_random(out, topo, campaign->kind, campaign->k, seed, protect);
    }
    if (trees == NULL) {
        return tc__fail(TC_EINVAL, "Faults on root paths need the trees.");
    }
    int64_t kept = 1 + (protect >= 0 && protect != trees->root); /* never the target */
    if (topo->nodes <= kept) {
        return tc__fail(TC_ERANGE, "No node to be the target of faults on root paths.");
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, 0);
    tc_err_t err = TC_ERANGE;
    /* a neighbour of the root has one root path fewer with an inner node: draw again */
    for (int draw = 0; draw < 64 && err == TC_ERANGE; draw++) {
        do {
            *target = (int64_t)tc_rng_below(&rng, (uint64_t)topo->nodes);
        } while (*target == protect || *target == trees->root);
        err = tc_plan_faults_on_paths(out, trees, topo, *target, (int)campaign->k, seed);
    }
    return err;
}

typedef struct {
    const tc_topo_t *topo;
    const tc_sim_config_t *config;
    const tc_plan_t *plan;
    const tc_plan_trees_t *trees;
    int64_t protect;
    const tc_sim_campaign_t *c;
    tc_sim_trial_t *out;
    int64_t next; /* next trial to take */
    int64_t done;
    pthread_mutex_t lock;
    tc_err_t err;
    char detail[256];
} campaign_job_t;

static void run_trials(void *arg, int tid, int nthreads)
{
    (void)nthreads;
    campaign_job_t *job = arg;
    const tc_sim_campaign_t *c = job->c;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        int64_t i = job->err == TC_OK ? job->next++ : c->trials;
        pthread_mutex_unlock(&job->lock);
        if (i >= c->trials) {
            break;
        }
        tc_faults_t f;
        tc_sim_trial_t *tr = &job->out[i];
        memset(tr, 0, sizeof *tr);
        tc_err_t err =
            tc_sim_campaign_faults(&f, job->topo, job->trees, job->protect, c, i, &tr->target);
        tc_sim_result_t res;
        if (err == TC_OK) {
            tc_sim_config_t one = *job->config;
            one.threads = 1; /* the trials are what runs in parallel */
            err = tc_sim_run(job->topo, &one, &f, job->plan, &res, NULL);
            tr->faulty_nodes = f.faulty_nodes;
            tr->faulty_links = f.faulty_links;
            tc_faults_destroy(&f);
        }
        pthread_mutex_lock(&job->lock);
        if (err != TC_OK && job->err == TC_OK) {
            job->err = err;
            snprintf(job->detail, sizeof job->detail, "%s", tc_err_detail());
        }
        job->done++;
        pthread_mutex_unlock(&job->lock);
        if (err != TC_OK) {
            break;
        }
        tr->rounds = res.rounds;
        tr->complete_round = res.complete_round;
        tr->delivered = res.delivered_fraction;
        tr->all = res.nodes_complete == res.nodes_nonfaulty;
        tr->dropped = res.dropped;
        if (tid == 0 && c->progress != NULL) {
            pthread_mutex_lock(&job->lock);
            int64_t done = job->done;
            pthread_mutex_unlock(&job->lock);
            c->progress(c->progress_ctx, done, c->trials);
        }
    }
}

tc_err_t tc_sim_campaign_run(const tc_topo_t *topo, const tc_sim_config_t *config,
                             const tc_plan_t *plan, const tc_plan_trees_t *trees, int64_t protect,
                             const tc_sim_campaign_t *campaign, tc_sim_trial_t *out)
{
    campaign_job_t job = {.topo = topo,
                          .config = config,
                          .plan = plan,
                          .trees = trees,
                          .protect = protect,
                          .c = campaign,
                          .out = out};
    pthread_mutex_init(&job.lock, NULL);
    int threads = campaign->threads > 0 ? campaign->threads : tc__online_cpus();
    if (threads > campaign->trials) {
        threads = campaign->trials > 0 ? (int)campaign->trials : 1;
    }
    tc_err_t err = tc__parallel(threads, run_trials, &job);
    pthread_mutex_destroy(&job.lock);
    if (err == TC_OK && job.err != TC_OK) {
        return tc__fail(job.err, "%s", job.detail);
    }
    return err;
}
