/* The round engine of the optimal schedules (tc_optimal_simulate, treecast/optimum.h).
 *
 * Data moves in segments: a unit of capacity per round is den segments, so an arc of capacity c
 * carries at most c den segments a round, and tree t moves weight(t) segments a round across
 * every arc it crosses (its rate as a share of segments) while the arc has room: what the
 * schedule's rates say, the engine enforcing the capacities (a share that does not fit is cut,
 * and the run says so). A segment crosses one arc per round, store and forward, at switches too;
 * a compute node forwards a segment of a tree down its children's routes the round after it
 * arrives. Capacity a tree leaves unused is not lent to another: the rates are the schedule's. */
#include "plan/optimal_internal.h"

#include "core/internal.h"

#include <stdlib.h>
#include <string.h>

/* The most links of routes the engine follows: its time is rounds x links (fattree:16's
 * allgather, 4 million links over thousands of rounds, would take minutes). */
#define COUNTERS_MAX ((int64_t)1 << 22)

typedef struct {
    int64_t tree, child; /* the route into compute node `child` (an index) in tree `tree` */
    int64_t arc;         /* the schedule arc */
    int32_t hops;        /* links on the route */
    int64_t first;       /* its counters: first .. first + hops - 1, one per link */
} leg_t;

typedef struct {
    const tc_optimal_t *s;
    int64_t legs_n, counters;
    leg_t *legs;
    int64_t *leg_of;     /* per (tree, compute index): its leg, -1 at the root */
    int64_t *kids_first; /* per (tree, compute index) + 1: children, CSR over legs */
    int64_t *kids;
    int64_t *link;          /* per counter: the network arc (node * ports + port) it waits on */
    int64_t *cap;           /* per network arc: segments a round */
    int64_t *wait, *arrive; /* per counter: segments waiting, arriving at the end of the round */
    int64_t *used;          /* per network arc: segments this round */
    int64_t *got;           /* per leg: segments delivered to its child */
} engine_t;

static void engine_free(engine_t *e)
{
    free(e->legs);
    free(e->leg_of);
    free(e->kids_first);
    free(e->kids);
    free(e->link);
    free(e->cap);
    free(e->wait);
    free(e->arrive);
    free(e->used);
    free(e->got);
}

/* The network arc from `from` to `to`. */
static int64_t net_arc(const tc_net_t *net, int ports, int64_t from, int64_t to)
{
    return from * ports + (tc_net_edge_dim(net, from, to) - tc_net_dim_min(net));
}

static tc_err_t engine_init(engine_t *e, const tc_optimal_t *s)
{
    memset(e, 0, sizeof *e);
    e->s = s;
    const tc_net_t *net = s->net;
    int64_t N = tc_net_nodes(net), C = s->C, T = s->trees;
    int ports = tc_net_degree(net);
    e->leg_of = tc__malloc_array((size_t)(T * C), sizeof *e->leg_of);
    e->kids_first = calloc((size_t)(T * C + 1), sizeof *e->kids_first);
    e->cap = tc__malloc_array((size_t)(N * ports), sizeof *e->cap);
    e->used = calloc((size_t)(N * ports), sizeof *e->used);
    if (e->leg_of == NULL || e->kids_first == NULL || e->cap == NULL || e->used == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the round engine.");
    }
    for (int64_t a = 0; a < N * ports; a++) {
        e->cap[a] =
            tc_net_capacity(net, a / ports, tc_net_dim_min(net) + (int)(a % ports)) * s->den;
    }
    for (int64_t x = 0; x < T * C; x++) {
        int32_t a = s->parent_arc[x];
        e->leg_of[x] = a < 0 ? -1 : e->legs_n++;
        e->counters += a < 0 ? 0 : s->route_len[a] + 1;
        if (a >= 0) { /* a child of its parent's entry */
            e->kids_first[(x / C) * C + s->index[s->arc_tail[a]] + 1]++;
        }
    }
    if (e->counters > COUNTERS_MAX) {
        return tc__fail(TC_ETOOBIG,
                        "The round engine would follow %lld links of routes, more "
                        "than %lld.",
                        (long long)e->counters, (long long)COUNTERS_MAX);
    }
    e->legs = tc__malloc_array((size_t)(e->legs_n > 0 ? e->legs_n : 1), sizeof *e->legs);
    e->kids = tc__malloc_array((size_t)(e->legs_n > 0 ? e->legs_n : 1), sizeof *e->kids);
    e->got = calloc((size_t)(e->legs_n > 0 ? e->legs_n : 1), sizeof *e->got);
    e->link = tc__malloc_array((size_t)(e->counters > 0 ? e->counters : 1), sizeof *e->link);
    e->wait = calloc((size_t)(e->counters > 0 ? e->counters : 1), sizeof *e->wait);
    e->arrive = calloc((size_t)(e->counters > 0 ? e->counters : 1), sizeof *e->arrive);
    int64_t *fill = tc__malloc_array((size_t)(T * C), sizeof *fill);
    if (e->legs == NULL || e->kids == NULL || e->got == NULL || e->link == NULL ||
        e->wait == NULL || e->arrive == NULL || fill == NULL) {
        free(fill);
        return tc__fail(TC_ENOMEM, "Out of memory for the round engine (%lld links of routes).",
                        (long long)e->counters);
    }
    for (int64_t x = 0; x < T * C; x++) {
        e->kids_first[x + 1] += e->kids_first[x];
    }
    memcpy(fill, e->kids_first, (size_t)(T * C) * sizeof *fill);
    int64_t counter = 0;
    for (int64_t x = 0; x < T * C; x++) {
        int32_t a = s->parent_arc[x];
        if (a < 0) {
            continue;
        }
        leg_t *l = &e->legs[e->leg_of[x]];
        l->tree = x / C;
        l->child = x % C;
        l->arc = a;
        l->hops = s->route_len[a] + 1;
        l->first = counter;
        int64_t from = s->arc_tail[a];
        for (int h = 0; h < l->hops; h++) {
            int64_t to = h + 1 < l->hops ? s->pool[s->route_off[a] + h] : s->arc_head[a];
            e->link[counter++] = net_arc(net, ports, from, to);
            from = to;
        }
        e->kids[fill[l->tree * C + s->index[s->arc_tail[a]]]++] = e->leg_of[x];
    }
    free(fill);
    return TC_OK;
}

/* Hand `segments` of tree t that compute node i holds to its children's routes. */
static void hand_down(engine_t *e, int64_t t, int64_t i, int64_t segments, int64_t *into)
{
    int64_t x = t * e->s->C + i;
    for (int64_t k = e->kids_first[x]; k < e->kids_first[x + 1]; k++) {
        into[e->legs[e->kids[k]].first] += segments;
    }
}

/* One run with m segments per unit of weight; the rounds until every compute node holds
 * everything, and whether an arc ever had to refuse what a tree was entitled to. */
static int64_t run(engine_t *e, int64_t m, bool *within, int64_t *peak)
{
    const tc_optimal_t *s = e->s;
    memset(e->wait, 0, (size_t)e->counters * sizeof *e->wait);
    memset(e->arrive, 0, (size_t)e->counters * sizeof *e->arrive);
    memset(e->got, 0, (size_t)e->legs_n * sizeof *e->got);
    int64_t missing = 0;
    for (int64_t t = 0; t < s->trees; t++) {
        hand_down(e, t, s->index[s->root[t]], s->weight[t] * m, e->wait);
        missing += s->weight[t] * m * (s->C - 1);
    }
    int64_t rounds = 0;
    int64_t N = tc_net_nodes(s->net), ports = tc_net_degree(s->net);
    while (missing > 0) {
        rounds++;
        memset(e->used, 0, (size_t)(N * ports) * sizeof *e->used);
        for (int64_t l = 0; l < e->legs_n; l++) { /* each tree moves its share, room allowing */
            const leg_t *leg = &e->legs[l];
            int64_t share = s->weight[leg->tree];
            for (int h = 0; h < leg->hops; h++) {
                int64_t c = leg->first + h, link = e->link[c];
                int64_t k = e->wait[c] < share ? e->wait[c] : share;
                int64_t room = e->cap[link] - e->used[link];
                if (k > room) {
                    *within = false;
                    k = room;
                }
                e->wait[c] -= k;
                e->used[link] += k;
                *peak = e->used[link] > *peak ? e->used[link] : *peak;
                if (h + 1 < leg->hops) {
                    e->arrive[c + 1] += k;
                } else {
                    e->got[l] += k;
                    missing -= k;
                    hand_down(e, leg->tree, leg->child, k, e->arrive);
                }
            }
        }
        for (int64_t c = 0; c < e->counters; c++) {
            e->wait[c] += e->arrive[c];
            e->arrive[c] = 0;
        }
    }
    return rounds;
}

tc_err_t tc_optimal_simulate(const tc_optimal_t *s, int64_t m, tc_optimal_run_t *out)
{
    memset(out, 0, sizeof *out);
    if (m < 1 || m > ((int64_t)1 << 30)) {
        return tc__fail(TC_ERANGE, "Segments per unit of weight %lld: 1..2^30.", (long long)m);
    }
    engine_t e;
    tc_err_t err = engine_init(&e, s);
    if (err == TC_OK) {
        out->m = m;
        out->within = true;
        out->rounds = run(&e, m, &out->within, &out->peak);
        out->rounds_2m = run(&e, 2 * m, &out->within, &out->peak);
        int64_t W = 0; /* what one compute node sends (allgather) or the root (bcast) */
        for (int64_t t = 0; t < s->trees; t++) {
            W += s->root[t] == s->root[0] ? s->weight[t] : 0;
        }
        out->segments = W * m;
        /* the steady rate: W m more segments took rounds_2m - rounds more rounds */
        out->rate_num = W * m;
        out->rate_den = (out->rounds_2m - out->rounds) * s->den;
        out->steady = out->rounds_2m - out->rounds == m;
        int64_t a = out->rate_num, b = out->rate_den; /* in lowest terms */
        while (b != 0) {
            int64_t r = a % b;
            a = b;
            b = r;
        }
        out->rate_num /= a > 0 ? a : 1;
        out->rate_den /= a > 0 ? a : 1;
    }
    engine_free(&e);
    return err;
}
