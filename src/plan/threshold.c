/* How many random tree-link faults a tree broadcast survives (paper 004, Table 5.7, made
 * precise by corrections 004.3): the directed links the trees use are made faulty one at a
 * time in a seeded random order until some node has lost its path from the root in every
 * tree. Exact for one message and static faults: a node is reached when one of its root paths
 * avoids every faulty link. Each fault cuts the subtree below it in every tree using that link;
 * a (tree, node) pair is cut once, so a trial costs O(trees x nodes). */
#include "core/internal.h"
#include "treecast/plan.h"
#include "treecast/rng.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int64_t link; /* parent * ports + port: the directed link parent -> child */
    int32_t child;
    uint8_t tree;
} use_t;

static int cmp_use(const void *a, const void *b)
{
    const use_t *x = a, *y = b;
    return x->link < y->link ? -1 : x->link > y->link;
}

struct tc_threshold {
    const tc_plan_trees_t *trees;
    const tc_topo_t *topo;
    use_t *uses;    /* every (tree, child) pair, grouped by link */
    int64_t *group; /* start of each link's uses; groups + 1 entries */
    int64_t groups; /* distinct directed links the trees use */
};

void tc_threshold_free(tc_threshold_t *th)
{
    if (th != NULL) {
        free(th->uses);
        free(th->group);
        free(th);
    }
}

int64_t tc_threshold_links(const tc_threshold_t *th)
{
    return th->groups;
}

tc_err_t tc_threshold_new(const tc_plan_trees_t *trees, const tc_topo_t *topo, tc_threshold_t **out)
{
    assert(trees != NULL && topo != NULL && out != NULL);
    *out = NULL;
    int64_t N = trees->nodes;
    int T = trees->ntrees;
    tc_threshold_t *th = calloc(1, sizeof *th);
    int64_t count = 0;
    if (th != NULL) {
        th->trees = trees;
        th->topo = topo;
        th->uses = tc__malloc_array((size_t)T * (size_t)N, sizeof *th->uses);
        th->group = tc__malloc_array((size_t)T * (size_t)N + 1, sizeof *th->group);
    }
    if (th == NULL || th->uses == NULL || th->group == NULL) {
        tc_threshold_free(th);
        return tc__fail(TC_ENOMEM, "Out of memory for the tree links.");
    }
    for (int t = 0; t < T; t++) {
        const uint8_t *pp = trees->pport + (size_t)t * (size_t)N;
        for (int64_t v = 0; v < N; v++) {
            if (pp[v] == 0xFF || v == trees->root) {
                continue;
            }
            int64_t up = v * topo->ports + pp[v]; /* the link v -> parent */
            int64_t parent = topo->nbr[up];
            int back = topo->rev ? topo->rev[up] : pp[v]; /* the port of parent toward v */
            th->uses[count++] = (use_t){parent * topo->ports + back, (int32_t)v, (uint8_t)t};
        }
    }
    qsort(th->uses, (size_t)count, sizeof *th->uses, cmp_use);
    for (int64_t k = 0; k < count; k++) {
        if (k == 0 || th->uses[k].link != th->uses[k - 1].link) {
            th->group[th->groups++] = k;
        }
    }
    th->group[th->groups] = count;
    *out = th;
    return TC_OK;
}

/* One trial with its own work space (cut: trees x nodes bytes; lost: nodes bytes; order:
 * groups; stack: nodes). Returns the faults survived; order receives the fault order. */
static int64_t trial_run(const tc_threshold_t *th, uint64_t seed, int64_t trial, uint8_t *cut,
                         uint8_t *lost, int64_t *order, int64_t *stack)
{
    const tc_plan_trees_t *tr = th->trees;
    const tc_topo_t *topo = th->topo;
    int64_t N = tr->nodes;
    int T = tr->ntrees;
    memset(cut, 0, (size_t)T * (size_t)N);
    memset(lost, 0, (size_t)N);
    tc_rng_t rng;
    tc_rng_seed(&rng, seed + (uint64_t)trial, 0x57);
    for (int64_t k = 0; k < th->groups; k++) {
        order[k] = k;
    }
    for (int64_t k = 0; k < th->groups; k++) {
        int64_t j = k + (int64_t)tc_rng_below(&rng, (uint64_t)(th->groups - k));
        int64_t g = order[j];
        order[j] = order[k];
        order[k] = g;
        for (int64_t u = th->group[g]; u < th->group[g + 1]; u++) {
            int t = th->uses[u].tree;
            uint8_t *c = cut + (size_t)t * (size_t)N;
            const int32_t *cs = tr->cstart + (size_t)t * (size_t)(N + 1);
            const uint8_t *cp = tr->cport + (size_t)t * (size_t)N;
            if (c[th->uses[u].child]) {
                continue; /* already cut higher up */
            }
            int64_t top = 0;
            stack[top++] = th->uses[u].child;
            c[th->uses[u].child] = 1;
            while (top > 0) {
                int64_t w = stack[--top];
                if (++lost[w] == T) {
                    return k; /* w has lost every root path: k faults were survived */
                }
                for (int32_t q = cs[w]; q < cs[w + 1]; q++) {
                    int64_t x = topo->nbr[w * topo->ports + cp[q]];
                    if (!c[x]) {
                        c[x] = 1;
                        stack[top++] = x;
                    }
                }
            }
        }
    }
    return th->groups;
}

tc_err_t tc_threshold_trial(const tc_threshold_t *th, uint64_t seed, int64_t trial, int64_t *order,
                            int64_t *survived)
{
    int64_t N = th->trees->nodes;
    uint8_t *cut = tc__malloc_array((size_t)th->trees->ntrees * (size_t)N, 1);
    uint8_t *lost = tc__malloc_array((size_t)N, 1);
    int64_t *mine = order != NULL ? order : tc__malloc_array((size_t)th->groups, sizeof *mine);
    int64_t *stack = tc__malloc_array((size_t)N, sizeof *stack);
    tc_err_t err = TC_OK;
    if (cut == NULL || lost == NULL || mine == NULL || stack == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a threshold trial.");
    } else {
        *survived = trial_run(th, seed, trial, cut, lost, mine, stack);
    }
    free(cut);
    free(lost);
    if (order == NULL) {
        free(mine);
    }
    free(stack);
    return err;
}

void tc_threshold_link(const tc_threshold_t *th, int64_t k, int64_t *node, int *port)
{
    int64_t link = th->uses[th->group[k]].link;
    *node = link / th->topo->ports;
    *port = (int)(link % th->topo->ports);
}

typedef struct {
    const tc_threshold_t *th;
    uint64_t seed;
    int64_t trials;
    int64_t *out;
    int64_t next; /* the next trial to take (atomic) */
    int failed;   /* a thread could not get its work space (atomic) */
} pool_t;

static void pool_run(void *arg, int tid, int nthreads)
{
    (void)tid;
    (void)nthreads;
    pool_t *pool = arg;
    const tc_threshold_t *th = pool->th;
    int64_t N = th->trees->nodes;
    uint8_t *cut = tc__malloc_array((size_t)th->trees->ntrees * (size_t)N, 1);
    uint8_t *lost = tc__malloc_array((size_t)N, 1);
    int64_t *order = tc__malloc_array((size_t)th->groups, sizeof *order);
    int64_t *stack = tc__malloc_array((size_t)N, sizeof *stack);
    if (cut == NULL || lost == NULL || order == NULL || stack == NULL) {
        __atomic_store_n(&pool->failed, 1, __ATOMIC_RELAXED);
    } else {
        for (;;) {
            int64_t i = __atomic_fetch_add(&pool->next, 1, __ATOMIC_RELAXED);
            if (i >= pool->trials) {
                break;
            }
            pool->out[i] = trial_run(th, pool->seed, i, cut, lost, order, stack);
        }
    }
    free(cut);
    free(lost);
    free(order);
    free(stack);
}

tc_err_t tc_threshold_run(const tc_threshold_t *th, uint64_t seed, int64_t trials, int threads,
                          int64_t *survived)
{
    pool_t pool = {th, seed, trials, survived, 0, 0};
    tc_err_t err = tc__parallel(threads > 0 ? threads : tc__online_cpus(), pool_run, &pool);
    if (err == TC_OK && pool.failed) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the threshold trials.");
    }
    return err;
}
