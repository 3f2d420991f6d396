/* Personalized_Broadcast(k) of paper 001 (Tseng, Chang and Sheu, Section III) as a plan: every
 * node a source, the substars visited one after another, each visit a routed packet of k!
 * messages (step 2iii) and then the k = 1 exchange inside the representative's substar (step
 * 2iv). The timetable is fixed in advance (every traversal synchronous), so the plan is a list
 * of events, each starting a step at every node at once, and packets that forward themselves
 * hop by hop along the step's dimensions. */
#include "core/internal.h"
#include "treecast/plan.h"
#include "treecast/substar.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_ROUTE = 0, KIND_INNER = 1 };

/* Largest n simulated with every source: n!^2 delivery bits and n! packets per round. */
#define TSENG_FULL_MAX_N 7
/* Largest k: the timetable holds an event per destination of S_k per substar. */
#define TSENG_MAX_K 9

typedef struct {
    int64_t round; /* the round its first hop leaves */
    int32_t iter;  /* the substar X_i */
    int32_t inner; /* -1: step (2iii); s >= 0: destination s of step (2iv) */
} event_t;

struct tc_tseng {
    tc_plan_t plan;
    int n, k;
    bool one_source;
    int64_t nodes, N, kfact;
    /* step (2iii): iteration i routes along dims[off[i] .. off[i+1]) */
    int64_t *off;
    uint8_t *dims;
    /* step (2iv): destination s of S_k (its s-th node in lexicographic order) is reached along
     * idims[ioff[s] .. ioff[s+1]) */
    int64_t *ioff;
    uint8_t *idims;
    event_t *events;
    int64_t nevents, next_event;
    /* the source whose packet a representative holds in the current iteration */
    int32_t *holder, *held_iter;
    int64_t one_holder; /* one_source: the node holding source 0's packet, or -1 */
    int64_t collisions;
    tc_tseng_predict_t predict;
    /* the allgathers: the mesh (rows 1..n, row_of 0 for none) or one Hamiltonian cycle */
    const tc_star_mesh_t *mesh;
    int8_t *row_of;
    int32_t *col_of;
    uint8_t *next_port; /* the port to the node's successor in its ring (or the cycle) */
    int64_t ring_len;   /* nodes per ring: (n-1)! for the mesh, n! for the cycle */
};

static int64_t expected(void *ctx, int64_t node)
{
    const tc_tseng_t *t = ctx;
    if (t->one_source) {
        return node == 0 ? 0 : 1;
    }
    return t->nodes - 1;
}

/* The first hop of a packet along dims (port p is dimension p + 2). */
static void send_first(tc_exec_t *ex, int64_t node, const uint8_t *dims, tc_packet_t *p)
{
    p->hop = 0;
    tc_exec_send(ex, node, dims[0] - 2, p);
}

/* The source's message reached its destination `node`. */
static void arrive(tc_tseng_t *t, tc_exec_t *ex, int64_t node, int32_t src)
{
    if (node != src) {
        tc_exec_deliver(ex, node, t->one_source ? 0 : src);
    }
}

/* Hold the packet of source src at representative y in iteration i. */
static void hold(tc_tseng_t *t, int64_t y, int32_t src, int32_t iter)
{
    if (t->one_source) {
        t->one_holder = y;
        return;
    }
    if (t->held_iter[y] == iter) {
        t->collisions++;
    }
    t->held_iter[y] = iter;
    t->holder[y] = src;
}

static void start_event(tc_tseng_t *t, tc_exec_t *ex, const event_t *e)
{
    int64_t i = e->iter;
    if (e->inner < 0) { /* step (2iii): every source sends its packet of k! messages */
        int64_t len = t->off[i + 1] - t->off[i];
        int64_t sources = t->one_source ? 1 : t->nodes;
        for (int64_t z = 0; z < sources; z++) {
            if (len == 0) {
                hold(t, z, (int32_t)z, (int32_t)i);
                continue;
            }
            tc_packet_t p = {.msg = (int32_t)i,
                             .kind = KIND_ROUTE,
                             .src = (int32_t)z,
                             .dst = -1,
                             .size = (int32_t)t->kfact};
            send_first(ex, z, t->dims + t->off[i], &p);
        }
        return;
    }
    /* step (2iv): every representative sends the message for destination s of its substar */
    int64_t s = e->inner, len = t->ioff[s + 1] - t->ioff[s];
    if (t->one_source) {
        if (t->one_holder < 0) {
            return;
        }
        int64_t y = t->one_holder;
        tc_packet_t p = {.msg = (int32_t)s, .kind = KIND_INNER, .src = 0, .dst = -1, .size = 1};
        if (len == 0) {
            arrive(t, ex, y, 0);
        } else {
            send_first(ex, y, t->idims + t->ioff[s], &p);
        }
        return;
    }
    for (int64_t y = 0; y < t->nodes; y++) {
        if (t->held_iter[y] != i) {
            continue;
        }
        int32_t src = t->holder[y];
        if (len == 0) {
            arrive(t, ex, y, src);
            continue;
        }
        tc_packet_t p = {.msg = (int32_t)s, .kind = KIND_INNER, .src = src, .dst = -1, .size = 1};
        send_first(ex, y, t->idims + t->ioff[s], &p);
    }
}

static void start(void *ctx, tc_exec_t *ex)
{
    tc_tseng_t *t = ctx;
    (void)ex;
    t->next_event = 0;
    t->one_holder = -1;
    t->collisions = 0;
    if (!t->one_source) {
        for (int64_t v = 0; v < t->nodes; v++) {
            t->held_iter[v] = -1;
        }
    }
}

static bool tick(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_tseng_t *t = ctx;
    while (t->next_event < t->nevents && t->events[t->next_event].round <= round) {
        start_event(t, ex, &t->events[t->next_event++]);
    }
    return t->next_event < t->nevents;
}

static void receive(void *ctx, tc_exec_t *ex, int64_t node, int port, const tc_packet_t *p)
{
    tc_tseng_t *t = ctx;
    (void)port;
    tc_packet_t q = *p;
    q.hop++;
    if (p->kind == KIND_ROUTE) {
        int64_t i = p->msg, len = t->off[i + 1] - t->off[i];
        if (q.hop < len) {
            tc_exec_send(ex, node, t->dims[t->off[i] + q.hop] - 2, &q);
        } else {
            hold(t, node, p->src, (int32_t)i);
        }
        return;
    }
    int64_t s = p->msg, len = t->ioff[s + 1] - t->ioff[s];
    if (q.hop < len) {
        tc_exec_send(ex, node, t->idims[t->ioff[s] + q.hop] - 2, &q);
    } else {
        arrive(t, ex, node, p->src);
    }
}

static int64_t key_source(void *ctx, int64_t key)
{
    (void)ctx;
    return key;
}

void tc_tseng_free(tc_tseng_t *t)
{
    if (t == NULL) {
        return;
    }
    free(t->off);
    free(t->ioff);
    free(t->dims);
    free(t->idims);
    free(t->events);
    free(t->holder);
    free(t->held_iter);
    free(t->row_of);
    free(t->col_of);
    free(t->next_port);
    free(t);
}

tc_err_t tc_tseng_alltoall_new(const tc_net_t *net, const tc_topo_t *topo, int k, bool one_source,
                               tc_tseng_t **out)
{
    assert(net != NULL && topo != NULL && out != NULL);
    *out = NULL;
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        return tc__fail(TC_EINVAL, "Personalized_Broadcast runs on the star graph (star:N).");
    }
    int n = tc_net_n(net);
    if (k < 1 || k > n - 1) {
        return tc__fail(TC_EINVAL, "k = %d is outside 1..n-1 = 1..%d for S_%d.", k, n - 1, n);
    }
    if (topo->nodes != tc_net_nodes(net) || topo->ports != n - 1) {
        return tc__fail(TC_EINVAL, "The neighbour table is not S_%d's.", n);
    }
    if (!one_source && n > TSENG_FULL_MAX_N) {
        return tc__fail(TC_ERANGE,
                        "Every source of S_%d simulated needs %d!^2 delivery bits; the full run "
                        "goes to S_%d (use the symmetry method: one source).",
                        n, n, TSENG_FULL_MAX_N);
    }
    if (k > TSENG_MAX_K) {
        return tc__fail(TC_ERANGE,
                        "k = %d: step (2iv) walks the %d! nodes of S_k one destination at a time; "
                        "treecast schedules k <= %d.",
                        k, k, TSENG_MAX_K);
    }
    tc_tseng_t *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    t->n = n;
    t->k = k;
    t->one_source = one_source;
    t->nodes = tc_net_nodes(net);
    t->N = tc_substar_count(n, k);
    t->kfact = tc_star_factorial(k);
    t->off = malloc((size_t)(t->N + 1) * sizeof *t->off);
    t->dims = malloc((size_t)t->N * TC_ROUTE_MAX);
    t->ioff = malloc((size_t)(t->kfact + 1) * sizeof *t->ioff);
    t->idims = malloc((size_t)t->kfact * TC_ROUTE_MAX);
    t->events = malloc((size_t)(t->N * (t->kfact + 1)) * sizeof *t->events);
    if (!one_source) {
        t->holder = malloc((size_t)t->nodes * sizeof *t->holder);
        t->held_iter = malloc((size_t)t->nodes * sizeof *t->held_iter);
    }
    if (t->off == NULL || t->ioff == NULL || t->dims == NULL || t->idims == NULL ||
        t->events == NULL || (!one_source && (t->holder == NULL || t->held_iter == NULL))) {
        tc_tseng_free(t);
        return tc__fail(TC_ENOMEM, "Out of memory for the plan of S_%d, k = %d.", n, k);
    }
    uint8_t id[TC_STAR_MAX_N], w[TC_STAR_MAX_N];
    for (int m = 0; m < n; m++) {
        id[m] = (uint8_t)(m + 1);
    }
    /* step (2iii): the routes from the identity to every X_i (independent of the source) */
    t->off[0] = 0;
    for (int64_t i = 0; i < t->N; i++) {
        tc_substar_t X;
        tc_route_t r;
        tc_substar_at(n, k, i, &X);
        tc_route_substar(id, &X, &r, NULL);
        memcpy(t->dims + t->off[i], r.dim, (size_t)r.len);
        t->off[i + 1] = t->off[i] + r.len;
    }
    /* step (2iv): the routes of S_k from its identity to each of its nodes, lexicographically */
    t->ioff[0] = 0;
    memcpy(w, id, (size_t)k);
    for (int64_t s = 0; s < t->kfact; s++) {
        tc_route_t r;
        tc_route_nodes(k, id, w, &r);
        memcpy(t->idims + t->ioff[s], r.dim, (size_t)r.len);
        t->ioff[s + 1] = t->ioff[s] + r.len;
        tc_star_next(k, w);
    }
    /* the timetable */
    int64_t round = 1, route_hops = 0, elements = 0;
    int64_t inner_hops = t->ioff[t->kfact];
    for (int64_t i = 0; i < t->N; i++) {
        int64_t len = t->off[i + 1] - t->off[i];
        t->events[t->nevents++] = (event_t){round, (int32_t)i, -1};
        round += len;
        route_hops += len;
        elements += len * t->kfact;
        for (int64_t s = 0; s < t->kfact; s++) {
            t->events[t->nevents++] = (event_t){round, (int32_t)i, (int32_t)s};
            round += t->ioff[s + 1] - t->ioff[s];
        }
        elements += inner_hops;
    }
    t->predict.rounds = round - 1;
    t->predict.elements = elements;
    t->predict.route_hops = route_hops;
    t->predict.inner_hops = t->N * inner_hops;
    t->predict.transmissions_per_source = route_hops + t->N * inner_hops;
    t->plan = (tc_plan_t){.ctx = t,
                          .keys = one_source ? 1 : t->nodes,
                          .expected = expected,
                          .start = start,
                          .receive = receive,
                          .tick = tick,
                          .key_source = one_source ? NULL : key_source};
    *out = t;
    return TC_OK;
}

const tc_plan_t *tc_tseng_plan(const tc_tseng_t *t)
{
    return &t->plan;
}

void tc_tseng_predict(const tc_tseng_t *t, tc_tseng_predict_t *out)
{
    *out = t->predict;
}

int64_t tc_tseng_collisions(const tc_tseng_t *t)
{
    return t->collisions;
}

/* ---- the allgathers of Section IV ---------------------------------------------------------- */

enum { KIND_COLUMN = 2, KIND_RING = 3 };

static int64_t allgather_expected(void *ctx, int64_t node)
{
    const tc_tseng_t *t = ctx;
    (void)node;
    return t->nodes - 1;
}

/* The round propagation p (1-based) of direction dir (0: towards row n, step 1; 1: towards row
 * 1, step 2) starts in. */
static int64_t propagation_round(const tc_tseng_t *t, int dir, int p)
{
    return 1 + 3 * ((int64_t)dir * (t->n - 1) + (p - 1));
}

/* Start a column segment at node u in propagation p of direction dir, carrying src's message:
 * in its propagation's first round. */
static void column_segment(tc_tseng_t *t, tc_exec_t *ex, int64_t u, int dir, int p, int32_t src)
{
    uint8_t dims[3];
    int len = tc_star_mesh_path(t->mesh, t->row_of[u], t->col_of[u], dir == 1, dims);
    if (len <= 0) {
        return; /* row n going up or row 1 going down: the column ends here */
    }
    tc_packet_t q = {.msg = p,
                     .kind = KIND_COLUMN,
                     .src = src,
                     .rel = (int32_t)u,
                     .aux = dir,
                     .dst = -1,
                     .size = 1};
    tc_exec_send_at(ex, propagation_round(t, dir, p), u, dims[0] - 2, &q);
}

static void ring_send(tc_tseng_t *t, tc_exec_t *ex, int64_t u, int32_t src, int32_t hops, int size)
{
    tc_packet_t q = {.kind = KIND_RING, .src = src, .rel = hops, .dst = -1, .size = size};
    tc_exec_send(ex, u, t->next_port[u], &q);
}

static void allgather_start(void *ctx, tc_exec_t *ex)
{
    tc_tseng_t *t = ctx;
    if (t->mesh == NULL) {
        for (int64_t v = 0; v < t->nodes; v++) {
            ring_send(t, ex, v, (int32_t)v, 0, 1);
        }
        return;
    }
    for (int64_t v = 0; v < t->nodes; v++) {
        column_segment(t, ex, v, 0, 1, (int32_t)v);
        column_segment(t, ex, v, 1, 1, (int32_t)v);
    }
}

/* Step (3) starts when steps (1) and (2) are over: every node sends its column's packet. */
static bool allgather_tick(void *ctx, tc_exec_t *ex, int64_t round)
{
    tc_tseng_t *t = ctx;
    if (t->mesh == NULL) {
        return false;
    }
    int64_t step3 = propagation_round(t, 1, t->n); /* one past step (2)'s last propagation */
    if (round == step3) {
        for (int64_t v = 0; v < t->nodes; v++) {
            ring_send(t, ex, v, (int32_t)v, 0, t->n);
        }
    }
    return round < step3;
}

static void allgather_receive(void *ctx, tc_exec_t *ex, int64_t node, int port,
                              const tc_packet_t *p)
{
    tc_tseng_t *t = ctx;
    (void)port;
    if (p->kind == KIND_RING) {
        if (t->mesh == NULL) {
            tc_exec_deliver(ex, node, p->src);
        } else { /* the n messages of the source's column */
            int64_t c = t->col_of[p->src];
            for (int i = 1; i <= t->n; i++) {
                tc_exec_deliver(ex, node, t->mesh->node[(i - 1) * t->mesh->cols + c]);
            }
        }
        if (p->rel + 1 < t->ring_len - 1) {
            ring_send(t, ex, node, p->src, p->rel + 1, p->size);
        }
        return;
    }
    /* a column message: one more link of its segment, or the segment's end */
    int64_t u0 = p->rel;
    uint8_t dims[3];
    int len = tc_star_mesh_path(t->mesh, t->row_of[u0], t->col_of[u0], p->aux == 1, dims);
    if (p->hop + 1 < len) {
        tc_packet_t q = *p;
        q.hop++;
        tc_exec_send(ex, node, dims[q.hop] - 2, &q);
        return;
    }
    tc_exec_deliver(ex, node, p->src);
    if (p->msg < t->n - 1) {
        column_segment(t, ex, node, p->aux, p->msg + 1, p->src);
    }
}

/* The common part of the two allgathers: the plan, the port to each node's successor. */
static tc_err_t allgather_new(const tc_net_t *net, const tc_topo_t *topo, tc_tseng_t **out)
{
    *out = NULL;
    if (strcmp(tc_net_family_name(net), "star") != 0) {
        return tc__fail(TC_EINVAL, "The allgathers of paper 001 run on the star graph (star:N).");
    }
    int n = tc_net_n(net);
    if (n < 3 || n > TSENG_FULL_MAX_N) {
        return tc__fail(TC_ERANGE,
                        "Every source of S_%d simulated: treecast runs the allgathers on S_3..S_%d "
                        "(n!^2 delivery bits).",
                        n, TSENG_FULL_MAX_N);
    }
    if (topo->nodes != tc_net_nodes(net) || topo->ports != n - 1) {
        return tc__fail(TC_EINVAL, "The neighbour table is not S_%d's.", n);
    }
    tc_tseng_t *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    t->n = n;
    t->nodes = tc_net_nodes(net);
    t->next_port = malloc((size_t)t->nodes);
    if (t->next_port == NULL) {
        tc_tseng_free(t);
        return tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    t->plan = (tc_plan_t){.ctx = t,
                          .keys = t->nodes,
                          .expected = allgather_expected,
                          .start = allgather_start,
                          .receive = allgather_receive,
                          .tick = allgather_tick,
                          .key_source = key_source};
    *out = t;
    return TC_OK;
}

/* The port from u to v, or -1 when they are not neighbours. */
static int port_to(const tc_topo_t *topo, int64_t u, int64_t v)
{
    for (int p = 0; p < topo->ports; p++) {
        if (topo->nbr[u * topo->ports + p] == v) {
            return p;
        }
    }
    return -1;
}

tc_err_t tc_tseng_allgather_mesh_new(const tc_net_t *net, const tc_topo_t *topo,
                                     const tc_star_mesh_t *mesh, tc_tseng_t **out)
{
    assert(net != NULL && topo != NULL && mesh != NULL && out != NULL);
    tc_tseng_t *t = NULL;
    tc_err_t err = allgather_new(net, topo, &t);
    if (err != TC_OK) {
        return err;
    }
    if (mesh->n != t->n) {
        tc_tseng_free(t);
        return tc__fail(TC_EINVAL, "The mesh is S_%d's, the network S_%d.", mesh->n, t->n);
    }
    t->mesh = mesh;
    t->ring_len = mesh->cols;
    t->row_of = calloc((size_t)t->nodes, sizeof *t->row_of);
    t->col_of = malloc((size_t)t->nodes * sizeof *t->col_of);
    if (t->row_of == NULL || t->col_of == NULL) {
        tc_tseng_free(t);
        return tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    for (int i = 1; i <= t->n; i++) {
        for (int64_t j = 0; j < mesh->cols; j++) {
            int64_t v = mesh->node[(i - 1) * mesh->cols + j];
            int64_t w = mesh->node[(i - 1) * mesh->cols + (j + 1) % mesh->cols];
            bool ok = v >= 0 && v < t->nodes && w >= 0 && w < t->nodes && t->row_of[v] == 0;
            int port = ok ? port_to(topo, v, w) : -1;
            if (port < 0) {
                int n = t->n;
                tc_tseng_free(t);
                return tc__fail(TC_EINVAL,
                                "The mesh's rings are not a partition of S_%d into cycles "
                                "(row %d, column %lld); tc_star_mesh_check counts the faults.",
                                n, i, (long long)j);
            }
            t->row_of[v] = (int8_t)i;
            t->col_of[v] = (int32_t)j;
            t->next_port[v] = (uint8_t)port;
        }
    }
    int64_t rounds = 6 * (t->n - 1) + mesh->cols - 1;
    t->predict = (tc_tseng_predict_t){
        .rounds = rounds,
        .elements = 6 * (t->n - 1) + (int64_t)t->n * (mesh->cols - 1),
    };
    *out = t;
    return TC_OK;
}

tc_err_t tc_tseng_allgather_ring_new(const tc_net_t *net, const tc_topo_t *topo,
                                     const int64_t *cycle, tc_tseng_t **out)
{
    assert(net != NULL && topo != NULL && cycle != NULL && out != NULL);
    tc_tseng_t *t = NULL;
    tc_err_t err = allgather_new(net, topo, &t);
    if (err != TC_OK) {
        return err;
    }
    t->ring_len = t->nodes;
    uint8_t *seen = calloc((size_t)t->nodes, 1);
    if (seen == NULL) {
        tc_tseng_free(t);
        return tc__fail(TC_ENOMEM, "Out of memory for the plan.");
    }
    for (int64_t k = 0; k < t->nodes; k++) {
        int64_t v = cycle[k], w = cycle[(k + 1) % t->nodes];
        int port = v >= 0 && v < t->nodes && w >= 0 && w < t->nodes ? port_to(topo, v, w) : -1;
        if (port < 0 || seen[v]) {
            int n = t->n;
            free(seen);
            tc_tseng_free(t);
            return tc__fail(TC_EINVAL, "The cycle is not a Hamiltonian cycle of S_%d (entry %lld).",
                            n, (long long)k);
        }
        seen[v] = 1;
        t->next_port[v] = (uint8_t)port;
    }
    free(seen);
    t->predict = (tc_tseng_predict_t){.rounds = t->nodes - 1, .elements = t->nodes - 1};
    *out = t;
    return TC_OK;
}
