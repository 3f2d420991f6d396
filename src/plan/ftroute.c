/* Fault-tolerant routing on the star graph: depth-first search with backtracking under a detour
 * budget (include/treecast/ftroute.h; the argument in docs/constructions.md). Each decision is
 * what the node holding the message can take from its own links, the labels and the header;
 * the arrays below are the header's contents, kept in the simulation's form. */
#include "treecast/ftroute.h"
#include "core/internal.h"
#include "plan/ftroute_internal.h"

#include "treecast/rng.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tc__router {
    int n, ports;
    const tc_topo_t *topo;
    const tc_faults_t *faults;
    int64_t dst;
    /* the header */
    int budget;       /* TC_FTROUTE_UNBOUNDED: the last search, a plain depth-first search */
    bool refused;     /* a move to a never-entered node was refused for want of budget */
    int32_t *best;    /* per node: the most budget it was entered with in this search, -1 */
    int64_t nvisited; /* entries of the visited list */
    int64_t *seen;    /* the visited list's nodes (to clear best[] in O(visited), not O(N)) */
    int64_t *path;    /* nodes of the path, path[0] = src */
    uint8_t *labels;  /* their labels, n bytes each */
    int32_t *r;       /* the budget left at each */
    uint8_t *port;    /* port[i]: the port from path[i-1] to path[i] (the same both ways on S_n) */
    int64_t len;      /* nodes on the path */
    tc_ftroute_step_fn step;
    void *ctx;
    tc_ftroute_t *out;
    char *block; /* the arrays above, one allocation */
};

typedef tc__router_t walk_t;

static int bits_for(int64_t values) /* ceil(log2(values)), at least 1 */
{
    int b = 1;
    while (b < 62 && ((int64_t)1 << b) < values) {
        b++;
    }
    return b;
}

int64_t tc_ftroute_header_bits(int n, int64_t path, int64_t visited)
{
    int64_t N = tc_star_factorial(n);
    int L = bits_for(N), B = bits_for(N + 1), P = bits_for(n > 2 ? n - 1 : 2);
    return 2 * L + B + 1 + path * P + visited * (L + B);
}

int64_t tc_ftroute_hop_bound(int64_t nodes, int budget)
{
    int64_t sum = 0;
    int last = budget == TC_FTROUTE_UNBOUNDED ? TC_FTROUTE_MAX_BUDGET : budget;
    for (int b = 0; b <= last; b++) {
        sum += 2 * ((b + 1) * nodes - 1);
    }
    return sum + (budget == TC_FTROUTE_UNBOUNDED ? 2 * (nodes - 1) : 0);
}

/* Whether the link out of v through port p works: neither of its directions is faulty, and it
 * does not lead to a faulty node. A link is one thing to the nodes at its ends: a one-way
 * failure is seen by both (the message must be able to come back the way it went). On S_n the
 * port back from the neighbour is the same port. */
static bool link_works(const tc_topo_t *t, const tc_faults_t *f, int64_t v, int p)
{
    int64_t u = t->nbr[v * t->ports + p];
    if (u < 0) {
        return false;
    }
    return f == NULL ||
           ((f->link == NULL || (!f->link[v * t->ports + p] && !f->link[u * t->ports + p])) &&
            (f->node == NULL || !f->node[u]));
}

static bool link_ok(const walk_t *w, int64_t v, int p)
{
    return link_works(w->topo, w->faults, v, p);
}

/* The distance to the destination of a relative label (O(n)). */
static int dist(const walk_t *w, const uint8_t *rel)
{
    return tc_star_distance_identity(w->n, rel);
}

/* The neighbours of a relative label toward the destination (one hop nearer): the count. */
static int toward(const walk_t *w, uint8_t *rel, int d)
{
    int count = 0;
    for (int p = 0; p < w->ports; p++) {
        tc_star_move(rel, p + 2);
        count += dist(w, rel) < d;
        tc_star_move(rel, p + 2); /* a transposition undoes itself */
    }
    return count;
}

/* The move the node at the end of the path takes: the port, or -1 when none is left (it then
 * goes back), and in *spent the budget it costs. Marks `refused` when a move to a node never
 * entered was refused for budget. */
static int choose(walk_t *w, int *spent)
{
    int64_t v = w->path[w->len - 1];
    const uint8_t *label = w->labels + (w->len - 1) * w->n;
    int r = w->r[w->len - 1];
    int d = dist(w, label);
    int best_port = -1, best_cost = 2, best_fan = -1, best_spend = 0;
    uint8_t q[TC_STAR_MAX_N];
    for (int p = 0; p < w->ports; p++) {
        if (!link_ok(w, v, p)) {
            continue;
        }
        int64_t u = w->topo->nbr[v * w->ports + p];
        memcpy(q, label, (size_t)w->n);
        tc_star_move(q, p + 2);
        int du = dist(w, q);
        int cost = du < d ? 0 : 1; /* S_n is bipartite: du is d - 1 or d + 1 */
        int spend = w->budget == TC_FTROUTE_UNBOUNDED ? 0 : cost;
        if (spend > r) {
            w->refused |= w->best[u] < 0;
            continue;
        }
        if (r - spend <= w->best[u]) {
            continue; /* entered already with at least this much budget */
        }
        int fan = u == w->dst ? w->ports + 1 : toward(w, q, du);
        if (cost < best_cost || (cost == best_cost && fan > best_fan)) {
            best_port = p;
            best_cost = cost;
            best_fan = fan;
            best_spend = spend;
        }
    }
    *spent = best_spend;
    return best_port;
}

static void cross(walk_t *w, int64_t from, int64_t to, int port, bool back)
{
    w->out->hops++;
    w->out->backtracks += back;
    if (w->step != NULL) {
        w->step(w->ctx, from, to, port, back, w->budget);
    }
}

static void note_header(walk_t *w)
{
    if (w->nvisited > w->out->visited_max) {
        w->out->visited_max = w->nvisited;
    }
    int64_t bits = tc_ftroute_header_bits(w->n, w->len - 1, w->nvisited);
    if (bits > w->out->header_bits) {
        w->out->header_bits = bits;
    }
}

/* One search with the current budget from the source; true when it delivered. */
static bool search(walk_t *w)
{
    for (int64_t i = 0; i < w->nvisited; i++) {
        w->best[w->seen[i]] = -1; /* the last search's entries: best[] is -1 elsewhere */
    }
    w->refused = false;
    w->len = 1;
    w->r[0] = w->budget == TC_FTROUTE_UNBOUNDED ? 0 : w->budget;
    w->best[w->path[0]] = w->r[0];
    w->seen[0] = w->path[0];
    w->nvisited = 1;
    note_header(w);
    while (w->len > 0) {
        int64_t v = w->path[w->len - 1];
        if (v == w->dst) {
            return true;
        }
        int cost;
        int p = choose(w, &cost);
        if (p < 0) { /* back one hop along the path, or the search is over at the source */
            if (w->len == 1) {
                return false;
            }
            w->len--;
            int64_t back = w->path[w->len - 1];
            cross(w, v, back, w->port[w->len], true);
            note_header(w);
            continue;
        }
        int64_t u = w->topo->nbr[v * w->ports + p];
        uint8_t *q = w->labels + w->len * w->n;
        memcpy(q, w->labels + (w->len - 1) * w->n, (size_t)w->n);
        tc_star_move(q, p + 2);
        w->path[w->len] = u;
        w->port[w->len] = (uint8_t)p;
        w->r[w->len] = w->r[w->len - 1] - cost;
        if (w->best[u] < 0) {
            w->seen[w->nvisited++] = u;
        }
        w->best[u] = w->r[w->len];
        w->len++;
        cross(w, v, u, p, false);
        note_header(w);
    }
    return false;
}

tc_err_t tc__router_new(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                        tc__router_t **out)
{
    *out = NULL;
    if (strcmp(tc_net_family_name(net), "star") != 0 || topo->nodes != tc_net_nodes(net)) {
        return tc__fail(TC_EINVAL, "Fault-tolerant routing is defined on the star graph.");
    }
    int64_t N = topo->nodes;
    walk_t *w = calloc(1, sizeof *w);
    /* the header's arrays in one block: path[N+1], seen[N], best[N], r[N+1], labels, port */
    size_t n = (size_t)tc_net_n(net), np = ((size_t)N + 1) * sizeof *w->path,
           ns = (size_t)N * sizeof *w->seen, nb = (size_t)N * sizeof *w->best,
           nr = ((size_t)N + 1) * sizeof *w->r, nl = ((size_t)N + 1) * n;
    char *block = w != NULL ? tc__malloc_array(1, np + ns + nb + nr + nl + (size_t)N + 1) : NULL;
    if (block == NULL) {
        free(w);
        return tc__fail(TC_ENOMEM, "Out of memory for the route's header.");
    }
    w->block = block;
    w->n = (int)n;
    w->ports = topo->ports;
    w->topo = topo;
    w->faults = faults;
    w->path = (int64_t *)block; /* the 8-byte entries first, then the 4-byte, then bytes */
    w->seen = (int64_t *)(block + np);
    w->best = (int32_t *)(block + np + ns);
    w->r = (int32_t *)(block + np + ns + nb);
    w->labels = (uint8_t *)(block + np + ns + nb + nr);
    w->port = w->labels + nl;
    for (int64_t v = 0; v < N; v++) {
        w->best[v] = -1;
    }
    *out = w;
    return TC_OK;
}

void tc__router_free(tc__router_t *w)
{
    if (w != NULL) {
        free(w->block);
        free(w);
    }
}

bool tc__router_link_works(const tc_topo_t *topo, const tc_faults_t *faults, int64_t v, int p)
{
    return link_works(topo, faults, v, p);
}

/* Whether a search with budget b for a destination at distance d cannot deliver: its route would
 * be d + 2b links long, and S_n has girth 6 (n >= 3), so no path of 3 links joins two neighbours
 * (with their link it would close a 4-cycle). The search for a neighbour with one detour is
 * skipped: where the link to a neighbour fails, the way round is the hexagon, 5 links, budget 2. */
static bool futile(int d, int b)
{
    return d == 1 && b == 1;
}

tc_err_t tc__router_route(tc__router_t *w, int64_t src, int64_t dst, tc_ftroute_step_fn step,
                          void *ctx, tc_ftroute_t *out)
{
    memset(out, 0, sizeof *out);
    int64_t N = w->topo->nodes;
    if (src < 0 || src >= N || dst < 0 || dst >= N) {
        return tc__fail(TC_EINVAL, "The source or the destination is not a node of the network.");
    }
    if (w->faults != NULL && w->faults->node != NULL && w->faults->node[src]) {
        return tc__fail(TC_EINVAL, "The source is faulty: it sends nothing.");
    }
    w->dst = dst;
    w->step = step;
    w->ctx = ctx;
    w->out = out;
    uint8_t dl[TC_STAR_MAX_N], dinv[TC_STAR_MAX_N], sl[TC_STAR_MAX_N];
    tc_star_unrank(w->n, dst, dl);
    tc_star_inverse(w->n, dl, dinv);
    w->path[0] = src;
    tc_star_unrank(w->n, src, sl);
    tc_star_compose(w->n, dinv, sl, w->labels);
    out->distance = dist(w, w->labels);
    /* budgets 0 .. TC_FTROUTE_MAX_BUDGET; a search that refused nothing has entered every node
     * it can reach; after the last budget, one plain depth-first search */
    bool found = false, more = true;
    for (w->budget = 0; w->budget <= TC_FTROUTE_MAX_BUDGET && more && !found; w->budget++) {
        if (futile(out->distance, w->budget)) {
            continue;
        }
        found = search(w);
        more = w->refused;
    }
    w->budget--;
    if (!found && more) {
        w->budget = TC_FTROUTE_UNBOUNDED;
        found = search(w);
    }
    if (found) {
        out->delivered = true;
        out->route_len = w->len - 1;
    }
    out->budget = w->budget;
    return TC_OK;
}

tc_err_t tc_ftroute_star(const tc_net_t *net, const tc_topo_t *topo, const tc_faults_t *faults,
                         int64_t src, int64_t dst, tc_ftroute_step_fn step, void *ctx,
                         tc_ftroute_t *out)
{
    memset(out, 0, sizeof *out);
    tc__router_t *w;
    tc_err_t err = tc__router_new(net, topo, faults, &w);
    if (err == TC_OK) {
        err = tc__router_route(w, src, dst, step, ctx, out);
    }
    tc__router_free(w);
    return err;
}

/* ---- campaigns ---------------------------------------------------------------------------- */

typedef struct {
    const tc_net_t *net;
    const tc_topo_t *topo;
    const tc_ftroute_campaign_t *c;
    tc_ftroute_record_t *out;
    int64_t next; /* the next trial to take */
    pthread_mutex_t lock;
    tc_err_t err;
    char detail[256]; /* the failing worker's message (details are per thread) */
} campaign_job_t;

/* Breadth-first distances from src over working links, into dist (-1: unreachable). */
static void oracle_bfs(const tc_topo_t *t, const tc_faults_t *f, int64_t src, int32_t *dist,
                       int64_t *queue)
{
    for (int64_t v = 0; v < t->nodes; v++) {
        dist[v] = -1;
    }
    int64_t head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int p = 0; p < t->ports; p++) {
            int64_t u = t->nbr[v * t->ports + p];
            if (link_works(t, f, v, p) && dist[u] < 0) {
                dist[u] = dist[v] + 1;
                queue[tail++] = u;
            }
        }
    }
}

tc_err_t tc_ftroute_oracle(const tc_topo_t *topo, const tc_faults_t *faults, int64_t src,
                           int32_t *dist)
{
    int64_t *queue = tc__malloc_array((size_t)topo->nodes, sizeof *queue);
    if (queue == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the breadth-first search.");
    }
    oracle_bfs(topo, faults, src, dist, queue);
    free(queue);
    return TC_OK;
}

/* The distance from src to dst over working links, -1 when unreachable: a breadth-first search
 * from both ends, a whole level of the smaller frontier at a time (S_8: about a thousand nodes
 * instead of 40,320 for a route of length 7). When the level that first meets the other side is
 * done, the shortest of its meetings is the distance: before it no node had both distances
 * within (a, b), so every path is longer than a + b, and the level finds those of length
 * a + b + 1. d[0], d[1] are -1 everywhere on entry and are left so. */
static int oracle_pair(const tc_topo_t *t, const tc_faults_t *f, int64_t src, int64_t dst,
                       int32_t *d[2], int64_t *q[2])
{
    if (src == dst) {
        return 0;
    }
    if (f != NULL && f->node != NULL && (f->node[dst] || f->node[src])) {
        return -1;
    }
    int64_t head[2] = {0, 0}, tail[2] = {1, 1};
    q[0][0] = src;
    q[1][0] = dst;
    d[0][src] = 0;
    d[1][dst] = 0;
    int best = -1;
    while (best < 0 && head[0] < tail[0] && head[1] < tail[1]) {
        int s = tail[0] - head[0] <= tail[1] - head[1] ? 0 : 1;
        int64_t end = tail[s];
        for (; head[s] < end; head[s]++) {
            int64_t v = q[s][head[s]];
            for (int p = 0; p < t->ports; p++) {
                int64_t u = t->nbr[v * t->ports + p];
                if (!link_works(t, f, v, p) || d[s][u] >= 0) {
                    continue;
                }
                d[s][u] = d[s][v] + 1;
                q[s][tail[s]++] = u;
                if (d[1 - s][u] >= 0 && (best < 0 || d[s][u] + d[1 - s][u] < best)) {
                    best = d[s][u] + d[1 - s][u];
                }
            }
        }
    }
    for (int s = 0; s < 2; s++) {
        for (int64_t i = 0; i < tail[s]; i++) {
            d[s][q[s][i]] = -1;
        }
    }
    return best;
}

static tc_err_t campaign_trial(campaign_job_t *job, int64_t i, int32_t *dist[2], int64_t *queue[2])
{
    const tc_ftroute_campaign_t *c = job->c;
    const tc_topo_t *t = job->topo;
    tc_faults_t f;
    tc_err_t err = c->k > 0 ? tc_faults_random(&f, t, c->kind, c->k, c->seed + (uint64_t)i, -1)
                            : tc_faults_init(&f, t);
    if (err != TC_OK) {
        return err;
    }
    tc__router_t *router;
    if ((err = tc__router_new(job->net, t, &f, &router)) != TC_OK) {
        tc_faults_destroy(&f);
        return err;
    }
    if (f.faulty_nodes >= t->nodes) { /* mixed faults can take every node: no source to draw */
        err = tc__fail(TC_ERANGE, "Trial %lld: every node is faulty, none to route from.",
                       (long long)i);
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, c->seed + (uint64_t)i,
                1); /* stream 1: the pairs (the faults use their own) */
    for (int64_t j = 0; j < c->pairs && err == TC_OK; j++) {
        tc_ftroute_record_t *r = &job->out[i * c->pairs + j];
        int64_t src;
        do { /* a non-faulty source: some node is non-faulty, or the faults would not fit */
            src = (int64_t)tc_rng_below(&rng, (uint64_t)t->nodes);
        } while (f.node != NULL && f.node[src]);
        int64_t dst = (int64_t)tc_rng_below(&rng, (uint64_t)t->nodes - 1);
        dst += dst >= src;
        r->trial = i;
        r->src = src;
        r->dst = dst;
        r->oracle = oracle_pair(t, &f, src, dst, dist, queue);
        err = tc__router_route(router, src, dst, NULL, NULL, &r->route);
    }
    tc__router_free(router);
    tc_faults_destroy(&f);
    return err;
}

static void campaign_worker(void *arg, int tid, int nthreads)
{
    (void)tid;
    (void)nthreads;
    campaign_job_t *job = arg;
    int64_t N = job->topo->nodes;
    int32_t *dist[2];
    int64_t *queue[2];
    tc_err_t err = TC_OK;
    for (int s = 0; s < 2; s++) {
        dist[s] = tc__malloc_array((size_t)N, sizeof *dist[s]);
        queue[s] = tc__malloc_array((size_t)N, sizeof *queue[s]);
        err = dist[s] == NULL || queue[s] == NULL ? TC_ENOMEM : err;
        for (int64_t v = 0; dist[s] != NULL && v < N; v++) {
            dist[s][v] = -1;
        }
    }
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
        err = campaign_trial(job, i, dist, queue);
    }
    for (int s = 0; s < 2; s++) {
        free(dist[s]);
        free(queue[s]);
    }
}

tc_err_t tc_ftroute_campaign(const tc_net_t *net, const tc_topo_t *topo,
                             const tc_ftroute_campaign_t *c, tc_ftroute_record_t *out)
{
    if (strcmp(tc_net_family_name(net), "star") != 0 || topo->nodes != tc_net_nodes(net)) {
        return tc__fail(TC_EINVAL, "Fault-tolerant routing is defined on the star graph.");
    }
    if (c->trials < 1 || c->pairs < 1 || c->k < 0) {
        return tc__fail(TC_EINVAL, "A campaign needs at least one trial and one pair.");
    }
    campaign_job_t job = {.net = net, .topo = topo, .c = c, .out = out};
    pthread_mutex_init(&job.lock, NULL);
    int threads = c->threads > 0 ? c->threads : tc__online_cpus();
    if (threads > c->trials) {
        threads = (int)c->trials;
    }
    tc_err_t err = tc__parallel(threads, campaign_worker, &job);
    pthread_mutex_destroy(&job.lock);
    if (err == TC_OK && job.err != TC_OK) { /* the worker's message, on this thread */
        return tc__fail(job.err, "%s", job.detail);
    }
    return err;
}
