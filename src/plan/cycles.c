/* Personalized communication and all-to-all exchanges in routing cycles, the model of paper
 * 002, Section 5: in a routing cycle every tree edge used carries one message, the data of
 * (part of) the subtree below it; a cycle costs ts + tc x (elements of its largest message).
 *
 *   one-port: a node sends the data of each child's whole subtree in one cycle, one child per
 *             cycle, starting in the cycle after it received its own, children in the order of
 *             the dimensions after its parent edge's, cyclically (the root: 0, 1, ..., n-1).
 *             On the SBnT this is Lemma 17's schedule (Lemma 16: the children's dimensions are
 *             the next ones after the parent edge's), 2n - 2 cycles.
 *   n-port:   reverse breadth-first: the data of the nodes at distance d leaves the root in
 *             cycle h - d (h the height) and moves one edge per cycle, so every node holds its
 *             data after cycle h - 1.
 *
 * Several trees (the SBG of Section 4: n rotated SBnTs of weight 1/n each) are run as their
 * union: every node's data is split evenly over the trees, an edge used by several trees
 * carries all their parts in one message, and a node with several parents (a cyclic node of
 * the SBG) has its data when its last part arrives. Loads are kept in units of 1/T element
 * (T trees), so they stay exact integers.
 *
 * All-to-all (allgather: every node broadcasts M elements; alltoall: every node sends M
 * distinct elements to every node) runs the tree translated to every source at once. On Q_n a
 * translation keeps every edge's dimension, so in a cycle every node sends, in dimension d,
 * one message made of the tree's edges of dimension d used in that cycle: the per-(cycle,
 * dimension) sums of the one tree give every node's load. One-port allows one dimension per
 * cycle; a cycle whose tree edges span several dimensions is split into one cycle per
 * dimension (counted in `split`). */
#include "core/internal.h"
#include "treecast/plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The union of trees t0 .. t0+T-1: for every node v, its distinct edges toward a parent
 * (keyed by the port at v), and for every edge its load and cycle. */
typedef struct {
    const tc_plan_trees_t *tr;
    const tc_topo_t *topo;
    int t0, T, ports, h;
    int64_t N;
    int64_t *estart; /* N + 1 */
    uint8_t *eport;  /* the port at the child toward the parent */
    int64_t *eload;  /* one-port: the edge's message, in units of 1/T element */
    int32_t *euse;   /* trees using the edge */
    int32_t *ecycle; /* one-port: the cycle the edge is used in */
} uni_t;

static void uni_free(uni_t *u)
{
    free(u->estart);
    free(u->eport);
    free(u->eload);
    free(u->ecycle);
    free(u->euse);
}

static int64_t uni_edge(const uni_t *u, int64_t v, int port)
{
    for (int64_t e = u->estart[v]; e < u->estart[v + 1]; e++) {
        if (u->eport[e] == port) {
            return e;
        }
    }
    return -1;
}

static tc_err_t uni_build(uni_t *u, const tc_plan_trees_t *tr, const tc_topo_t *topo, int t0, int T)
{
    memset(u, 0, sizeof *u);
    u->tr = tr;
    u->topo = topo;
    u->t0 = t0;
    u->T = T;
    u->ports = topo->ports;
    u->N = tr->nodes;
    int64_t N = tr->nodes;
    for (int t = t0; t < t0 + T; t++) {
        const uint8_t *dp = tr->depth + (size_t)t * (size_t)N;
        for (int64_t v = 0; v < N; v++) {
            if (dp[v] == 0xFF) {
                return tc__fail(TC_EINVAL, "Tree %d does not span: node %lld is not in it.", t,
                                (long long)v);
            }
            u->h = dp[v] > u->h ? dp[v] : u->h;
        }
    }
    u->estart = tc__calloc_array((size_t)N + 1, sizeof *u->estart);
    if (u->estart == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
    }
    /* distinct parent ports per node, over the trees (at most min(T, ports) per node) */
    int64_t E = 0;
    for (int64_t v = 0; v < N; v++) {
        u->estart[v] = E;
        uint64_t seen = 0;
        for (int t = t0; t < t0 + T; t++) {
            uint8_t p = tr->pport[(size_t)t * (size_t)N + (size_t)v];
            if (p != 0xFF && !(seen >> p & 1)) {
                seen |= (uint64_t)1 << p;
                E++;
            }
        }
    }
    u->estart[N] = E;
    u->eport = tc__malloc_array((size_t)E + 1, sizeof *u->eport);
    u->eload = tc__calloc_array((size_t)E + 1, sizeof *u->eload);
    u->ecycle = tc__malloc_array((size_t)E + 1, sizeof *u->ecycle);
    u->euse = tc__calloc_array((size_t)E + 1, sizeof *u->euse);
    if (u->eport == NULL || u->eload == NULL || u->ecycle == NULL || u->euse == NULL) {
        uni_free(u);
        return tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
    }
    for (int64_t v = 0; v < N; v++) {
        int64_t e = u->estart[v];
        uint64_t seen = 0;
        for (int t = t0; t < t0 + T; t++) {
            uint8_t p = tr->pport[(size_t)t * (size_t)N + (size_t)v];
            if (p != 0xFF && !(seen >> p & 1)) {
                seen |= (uint64_t)1 << p;
                u->eport[e++] = p;
            }
        }
        for (int t = t0; t < t0 + T; t++) {
            uint8_t p = tr->pport[(size_t)t * (size_t)N + (size_t)v];
            if (p != 0xFF) {
                u->euse[uni_edge(u, v, p)]++;
            }
        }
    }
    return TC_OK;
}

/* One-port: the cycle of every union edge (Kahn's order, so that a node with several parents
 * forwards after its last part arrived) and recv[v] (-1 at the root). TC_EINVAL when the
 * union of the trees has a directed cycle. */
static tc_err_t uni_one_port(uni_t *u, int32_t *recv)
{
    const tc_plan_trees_t *tr = u->tr;
    int64_t N = u->N;
    int ports = u->ports;
    int64_t *queue = tc__malloc_array((size_t)N, sizeof *queue);
    int32_t *missing = tc__malloc_array((size_t)N, sizeof *missing);
    if (queue == NULL || missing == NULL) {
        free(queue);
        free(missing);
        return tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
    }
    for (int64_t v = 0; v < N; v++) {
        missing[v] = (int32_t)(u->estart[v + 1] - u->estart[v]);
        recv[v] = -1;
    }
    int64_t head = 0, tail = 0;
    queue[tail++] = tr->root;
    while (head < tail) {
        int64_t v = queue[head++];
        /* the union's child ports of v */
        uint64_t child = 0;
        for (int t = u->t0; t < u->t0 + u->T; t++) {
            const int32_t *cs = tr->cstart + (size_t)t * (size_t)(N + 1);
            const uint8_t *cp = tr->cport + (size_t)t * (size_t)N;
            for (int32_t q = cs[v]; q < cs[v + 1]; q++) {
                child |= (uint64_t)1 << cp[q];
            }
        }
        int after = v == tr->root ? ports - 1 : tr->pport[(size_t)u->t0 * (size_t)N + (size_t)v];
        int32_t slot = 0;
        for (int step = 1; step <= ports; step++) {
            int port = (after + step) % ports;
            if (!(child >> port & 1)) {
                continue;
            }
            int64_t w = u->topo->nbr[v * ports + port];
            int back = u->topo->rev != NULL ? u->topo->rev[v * ports + port] : port;
            int64_t e = uni_edge(u, w, back);
            int32_t cyc = recv[v] + 1 + slot++;
            u->ecycle[e] = cyc;
            recv[w] = cyc > recv[w] ? cyc : recv[w];
            if (--missing[w] == 0) {
                queue[tail++] = w;
            }
        }
    }
    free(queue);
    free(missing);
    if (tail != N) {
        return tc__fail(TC_EINVAL,
                        "The union of the trees is not acyclic: %lld of %lld nodes "
                        "could be ordered.",
                        (long long)tail, (long long)N);
    }
    return TC_OK;
}

/* Loads of the union's edges for a scatter (one-port: the whole subtree's data per edge; in
 * units of 1/T element, every tree carries M units per node). */
static void uni_scatter_loads(uni_t *u, int64_t M)
{
    const tc_plan_trees_t *tr = u->tr;
    int64_t N = u->N;
    for (int t = u->t0; t < u->t0 + u->T; t++) {
        const uint8_t *pp = tr->pport + (size_t)t * (size_t)N;
        const int32_t *sz = tr->size + (size_t)t * (size_t)N;
        for (int64_t v = 0; v < N; v++) {
            if (pp[v] != 0xFF) {
                u->eload[uni_edge(u, v, pp[v])] += M * sz[v];
            }
        }
    }
}

/* n-port reverse breadth-first: the part of node x that goes down tree t crosses the edge into
 * its ancestor v (depth l) in cycle h - depth(x) + l - 1. load[e * h + c] in units of 1/T. */
static int64_t *uni_reverse_bfs(const uni_t *u, int64_t M)
{
    const tc_plan_trees_t *tr = u->tr;
    int64_t N = u->N, E = u->estart[N];
    int h = u->h, ports = u->ports;
    int64_t *load =
        tc__calloc_array((size_t)(E > 0 ? E : 1) * (size_t)(h > 0 ? h : 1), sizeof *load);
    if (load == NULL) {
        return NULL;
    }
    for (int t = u->t0; t < u->t0 + u->T; t++) {
        const uint8_t *pp = tr->pport + (size_t)t * (size_t)N;
        const uint8_t *dp = tr->depth + (size_t)t * (size_t)N;
        for (int64_t x = 0; x < N; x++) {
            for (int64_t v = x; pp[v] != 0xFF; v = u->topo->nbr[v * ports + pp[v]]) {
                int64_t c = h - dp[x] + dp[v] - 1;
                load[uni_edge(u, v, pp[v]) * h + c] += M;
            }
        }
    }
    return load;
}

tc_err_t tc_cycles_scatter(const tc_plan_trees_t *tr, const tc_topo_t *topo, int t, int64_t M,
                           double ts, double tc, bool one_port, tc_cycles_t *out,
                           int32_t *recv_cycle)
{
    memset(out, 0, sizeof *out);
    int64_t N = tr->nodes;
    if (t < -1 || t >= tr->ntrees || M < 1) {
        return tc__fail(TC_EINVAL, "tc_cycles_scatter needs a tree of the plan (or -1: all of "
                                   "them) and M >= 1.");
    }
    int t0 = t < 0 ? 0 : t, T = t < 0 ? tr->ntrees : 1;
    uni_t u;
    tc_err_t err = uni_build(&u, tr, topo, t0, T);
    if (err != TC_OK) {
        return err;
    }
    int32_t *recv = recv_cycle != NULL ? recv_cycle : tc__malloc_array((size_t)N, sizeof *recv);
    int64_t E = u.estart[N];
    int64_t ncycles = one_port ? 2 * (int64_t)u.ports * (u.h + 1) + 2 : u.h;
    int64_t *largest = tc__calloc_array((size_t)ncycles + 1, sizeof *largest);
    if (recv == NULL || largest == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
        goto done;
    }
    int64_t cycles = 0, messages = 0;
    if (one_port) {
        err = uni_one_port(&u, recv);
        if (err != TC_OK) {
            goto done;
        }
        uni_scatter_loads(&u, M);
        for (int64_t e = 0; e < E; e++) {
            int32_t c = u.ecycle[e];
            if (c < ncycles && u.eload[e] > largest[c]) {
                largest[c] = u.eload[e];
            }
            cycles = c + 1 > cycles ? c + 1 : cycles;
        }
        messages = E;
    } else {
        int64_t *load = uni_reverse_bfs(&u, M);
        if (load == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
            goto done;
        }
        for (int64_t e = 0; e < E * u.h; e++) {
            if (load[e] > 0) {
                messages++;
                int64_t c = e % u.h;
                largest[c] = load[e] > largest[c] ? load[e] : largest[c];
            }
        }
        free(load);
        for (int64_t v = 0; v < N; v++) {
            recv[v] = v == tr->root ? -1 : u.h - 1;
        }
        cycles = u.h;
    }
    double time = 0, elements = 0;
    for (int64_t c = 0; c < cycles && c < ncycles; c++) {
        time += ts + tc * (double)largest[c] / T;
        elements += (double)largest[c] / T;
    }
    out->cycles = cycles;
    out->time = time;
    out->critical_elements = elements;
    out->messages = messages;
    out->height = u.h;
done:
    uni_free(&u);
    free(largest);
    if (recv_cycle == NULL) {
        free(recv);
    }
    return err;
}

tc_err_t tc_cycles_alltoall(const tc_plan_trees_t *tr, const tc_topo_t *topo, int t,
                            bool personalized, int64_t M, double ts, double tc, bool one_port,
                            tc_cycles_t *out)
{
    memset(out, 0, sizeof *out);
    int64_t N = tr->nodes;
    int ports = topo->ports;
    if (t < -1 || t >= tr->ntrees || M < 1) {
        return tc__fail(TC_EINVAL, "tc_cycles_alltoall needs a tree of the plan (or -1: all of "
                                   "them) and M >= 1.");
    }
    int t0 = t < 0 ? 0 : t, T = t < 0 ? tr->ntrees : 1;
    /* translation must be an automorphism that keeps dimensions: the hypercube */
    bool cube = ports < 63 && N == (int64_t)1 << ports && topo->rev == NULL;
    for (int64_t v = 0; cube && v < N; v++) {
        for (int p = 0; p < ports; p++) {
            cube = cube && topo->nbr[v * ports + p] == (v ^ ((int64_t)1 << p));
        }
    }
    if (!cube) {
        return tc__fail(TC_EINVAL, "All-to-all over translated trees needs the hypercube (a "
                                   "translation must keep every edge's dimension).");
    }
    uni_t u;
    tc_err_t err = uni_build(&u, tr, topo, t0, T);
    if (err != TC_OK) {
        return err;
    }
    int h = u.h;
    int64_t C = one_port ? 2 * (int64_t)ports * (h + 1) + 2 : h;
    int64_t *L = tc__calloc_array((size_t)(C > 0 ? C : 1) * (size_t)ports, sizeof *L);
    int32_t *recv = tc__malloc_array((size_t)N, sizeof *recv);
    int64_t *load = NULL;
    if (L == NULL || recv == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
        goto done;
    }
    int64_t used = 0; /* cycles of the tree's schedule */
    if (one_port) {
        err = uni_one_port(&u, recv);
        if (err != TC_OK) {
            goto done;
        }
        if (personalized) {
            uni_scatter_loads(&u, M);
        }
        for (int64_t v = 0; v < N; v++) {
            for (int64_t e = u.estart[v]; e < u.estart[v + 1]; e++) {
                int64_t c = u.ecycle[e];
                L[c * ports + u.eport[e]] += personalized ? u.eload[e] : M * u.euse[e];
                used = c + 1 > used ? c + 1 : used;
            }
        }
    } else if (personalized) {
        load = uni_reverse_bfs(&u, M);
        if (load == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the routing cycles.");
            goto done;
        }
        for (int64_t v = 0; v < N; v++) {
            for (int64_t e = u.estart[v]; e < u.estart[v + 1]; e++) {
                for (int c = 0; c < h; c++) {
                    L[(int64_t)c * ports + u.eport[e]] += load[e * h + c];
                }
            }
        }
        used = h;
    } else { /* a level per cycle: every tree's edge into a node at depth l in cycle l - 1 */
        for (int tt = t0; tt < t0 + T; tt++) {
            const uint8_t *dp = tr->depth + (size_t)tt * (size_t)N;
            const uint8_t *pp = tr->pport + (size_t)tt * (size_t)N;
            for (int64_t v = 0; v < N; v++) {
                if (pp[v] != 0xFF) {
                    L[(int64_t)(dp[v] - 1) * ports + pp[v]] += M;
                }
            }
        }
        used = h;
    }
    double time = 0, elements = 0;
    int64_t cycles = 0, messages = 0, split = 0;
    for (int64_t c = 0; c < used; c++) {
        int64_t big = 0;
        int dims = 0;
        for (int d = 0; d < ports; d++) {
            int64_t l = L[c * ports + d];
            if (l == 0) {
                continue;
            }
            dims++;
            messages += N;
            big = l > big ? l : big;
            if (one_port) { /* a cycle per dimension */
                time += ts + tc * (double)l / T;
                elements += (double)l / T;
                cycles++;
            }
        }
        if (one_port) {
            split += dims > 1 ? dims - 1 : 0;
            if (dims == 0) { /* an idle cycle of the tree's schedule still takes a start-up */
                time += ts;
                cycles++;
            }
        } else {
            time += ts + tc * (double)big / T;
            elements += (double)big / T;
            cycles++;
        }
    }
    out->cycles = cycles;
    out->time = time;
    out->critical_elements = elements;
    out->messages = messages;
    out->height = h;
    out->split = split;
done:
    uni_free(&u);
    free(L);
    free(recv);
    free(load);
    return err;
}

void tc_cycles_table2(tc_cycles_op_t op, bool one, int n, double M, double ts, double tc,
                      tc_cycles_ref_t *o)
{
    double N = ldexp(1.0, n);
    switch (op) {
    case TC_CYCLES_ALLGATHER:
        o->what = "all-to-all broadcast";
        o->table = one ? (N - 1) * M * tc + (2.0 * n - 1) * ts : (N - 1) * M / n * tc + n * ts;
        o->table_formula = one ? "(N-1) M tc + (2n-1) ts" : "(N-1) M / n tc + n ts";
        o->lower = one ? fmax((N - 1) * M * tc, n * ts) : fmax((N - 1) * M / n * tc, n * ts);
        o->lower_formula = one ? "max((N-1) M tc, n ts)" : "max((N-1) M / n tc, n ts)";
        break;
    case TC_CYCLES_ALLTOALL:
        o->what = "all-to-all personalized";
        o->table = one ? n * N * M / 2 * tc + (2.0 * n - 1) * ts : N * M / 2 * tc + n * ts;
        o->table_formula = one ? "n N M / 2 tc + (2n-1) ts" : "N M / 2 tc + n ts";
        o->lower = one ? fmax(n * N * M / 2 * tc, n * ts) : fmax(N * M / 2 * tc, n * ts);
        o->lower_formula = one ? "max(n N M / 2 tc, n ts)" : "max(N M / 2 tc, n ts)";
        break;
    default:
        o->what = "one-to-all personalized";
        o->table = one ? N * M * tc + (2.0 * n - 2) * ts : (N - 1) * M / n * tc + n * ts;
        o->table_formula = one ? "N M tc + (2n-2) ts, the leading term of N(1 + O(log n/n)) M tc"
                               : "(N-1) M / n tc + n ts";
        o->lower = one ? fmax(M * (N - 1) * tc, n * ts) : fmax(M * (N - 1) / n * tc, n * ts);
        o->lower_formula = one ? "max(M(N-1) tc, n ts)" : "max(M(N-1)/n tc, n ts)";
        break;
    }
}
