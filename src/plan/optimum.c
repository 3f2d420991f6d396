/* The optimal rates of broadcast and allgather by maximum flows (treecast/optimum.h says what
 * they are and whose theorems make them optimal). */
#include "treecast/optimum.h"

#include "core/internal.h"
#include "flow/flow.h"

#include <stdlib.h>
#include <string.h>

const char *tc_optimum_coll_name(tc_optimum_coll_t coll)
{
    switch (coll) {
    case TC_OPTIMUM_BCAST:
        return "bcast";
    case TC_OPTIMUM_ALLGATHER:
        return "allgather";
    }
    return "?";
}

void tc_optimum_destroy(tc_optimum_t *o)
{
    if (o == NULL) {
        return;
    }
    free(o->in_cut);
    memset(o, 0, sizeof *o);
}

/* The network's links as a flow network with `extra` more nodes and `extra_pairs` more pairs,
 * and its neighbour table (for the roles and capacities). */
static tc_err_t build(const tc_net_t *net, int64_t extra, int64_t extra_pairs, tc_topo_t *topo,
                      tc__flow_t *f)
{
    memset(f, 0, sizeof *f);
    tc_err_t err = tc_net_require_connected(net);
    if (err != TC_OK) {
        memset(topo, 0, sizeof *topo);
        return err;
    }
    err = tc_topo_init(topo, net);
    if (err != TC_OK) {
        return err;
    }
    int64_t links = tc_net_edges(net);
    err = tc__flow_init(f, topo->nodes + extra, links + extra_pairs);
    if (err != TC_OK) {
        tc_topo_destroy(topo);
        return err;
    }
    tc__flow_links(f, topo);
    return TC_OK;
}

static bool computes(const tc_topo_t *t, int64_t v)
{
    return t->role == NULL || t->role[v] == TC_ROLE_COMPUTE;
}

/* The capacity of the arcs into v (into = true) or out of v. */
static int64_t node_capacity(const tc__flow_t *f, int64_t v, bool into)
{
    int64_t c = 0;
    for (int64_t j = f->start[v]; j < f->start[v + 1]; j++) {
        int64_t a = f->adj[j];
        c += into ? f->cap[a ^ 1] : f->cap[a];
    }
    return c;
}

/* The capacity of the arcs out of the set side[] = 1 (only arcs a < arcs counted). */
static int64_t leaving(const tc__flow_t *f, const uint8_t *side, int64_t arcs)
{
    int64_t c = 0;
    for (int64_t a = 0; a < arcs; a++) {
        if (side[f->to[a ^ 1]] && !side[f->to[a]]) {
            c += f->cap[a];
        }
    }
    return c;
}

tc_err_t tc_optimum_bcast(const tc_net_t *net, int64_t root, tc_optimum_t *out)
{
    memset(out, 0, sizeof *out);
    int64_t N = tc_net_nodes(net);
    if (root < 0 || root >= N) {
        return tc__fail(TC_EINVAL, "Root %lld is not a node (0..%lld).", (long long)root,
                        (long long)N - 1);
    }
    if (tc_net_role(net, root) != TC_ROLE_COMPUTE) {
        char lab[TC_LABEL_MAX];
        tc_net_label(net, root, false, lab, sizeof lab);
        return tc__fail(TC_EINVAL, "Root %s is a switch; a broadcast starts at a compute node.",
                        lab);
    }
    tc_topo_t topo;
    tc__flow_t f;
    tc_err_t err = build(net, 0, 0, &topo, &f);
    uint8_t *side = err == TC_OK ? malloc((size_t)N) : NULL;
    out->in_cut = err == TC_OK ? malloc((size_t)N) : NULL;
    if (err == TC_OK && (side == NULL || out->in_cut == NULL)) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the cuts of %lld nodes.", (long long)N);
    }
    if (err == TC_OK) {
        err = tc__flow_seal(&f);
    }
    if (err != TC_OK) {
        goto cleanup;
    }
    /* a first bound and its cut: what enters the compute node entered least ({v}), or what
     * leaves the root (every node but the root) when that is less */
    int64_t best = INT64_MAX, sink = -1;
    for (int64_t v = 0; v < N; v++) {
        int64_t c = node_capacity(&f, v, true);
        if (v != root && computes(&topo, v) && c < best) {
            best = c;
            sink = v;
        }
    }
    memset(out->in_cut, 0, (size_t)N);
    out->in_cut[sink] = 1;
    if (node_capacity(&f, root, false) < best) {
        best = node_capacity(&f, root, false);
        memset(out->in_cut, 1, (size_t)N);
        out->in_cut[root] = 0;
    }
    /* every compute node's maximum flow, up to the best so far: one below it is the new best,
     * with the nodes its residual network cannot reach from the root as the cut */
    for (int64_t v = 0; v < N; v++) {
        if (v == root || !computes(&topo, v)) {
            continue;
        }
        int64_t flow = tc__flow_max(&f, root, v, best);
        out->flows++;
        if (flow < best) {
            best = flow;
            sink = v;
            tc__flow_source_side(&f, root, side);
            for (int64_t u = 0; u < N; u++) {
                out->in_cut[u] = (uint8_t)!side[u];
            }
        }
    }
    out->coll = TC_OPTIMUM_BCAST;
    out->root = root;
    out->sink = sink;
    out->num = best;
    out->den = 1;
    for (int64_t u = 0; u < N; u++) {
        out->cut_nodes += out->in_cut[u];
        out->cut_compute += out->in_cut[u] && computes(&topo, u);
        side[u] = (uint8_t)!out->in_cut[u];
    }
    out->cut_capacity = leaving(&f, side, f.arcs);
cleanup:
    free(side);
    tc__flow_destroy(&f);
    tc_topo_destroy(&topo);
    if (err != TC_OK) {
        tc_optimum_destroy(out);
    }
    return err;
}

/* Set the capacities for the trial rate p/q: the links scaled by q (base holds them), the
 * super source's arcs (from arc `links` on) p. */
static void trial_rate(tc__flow_t *f, const int64_t *base, int64_t links, int64_t p, int64_t q)
{
    for (int64_t a = 0; a < links; a++) {
        f->cap[a] = base[a] * q;
    }
    for (int64_t a = links; a < f->arcs; a += 2) {
        f->cap[a] = p;
        f->cap[a + 1] = 0;
    }
}

/* The set S (side[] = 1, the super source excluded) as the proving cut: its size, compute nodes
 * and the capacity of the links out of it (base capacities). */
static void take_cut(tc_optimum_t *out, const tc__flow_t *f, const int64_t *base, int64_t links,
                     const tc_topo_t *topo, const uint8_t *side)
{
    int64_t N = topo->nodes;
    out->cut_nodes = out->cut_compute = out->cut_capacity = 0;
    for (int64_t u = 0; u < N; u++) {
        out->in_cut[u] = side[u];
        out->cut_nodes += side[u];
        out->cut_compute += side[u] && computes(topo, u);
    }
    for (int64_t a = 0; a < links; a++) {
        if (side[f->to[a ^ 1]] && !side[f->to[a]]) {
            out->cut_capacity += base[a];
        }
    }
}

tc_err_t tc_optimum_allgather(const tc_net_t *net, tc_optimum_t *out)
{
    memset(out, 0, sizeof *out);
    int64_t N = tc_net_nodes(net), C = tc_net_compute_nodes(net);
    if (N < 2 || C < 2) {
        return tc__fail(TC_EINVAL, "An allgather needs 2 compute nodes (%lld here).", (long long)C);
    }
    tc_topo_t topo;
    tc__flow_t f;
    int64_t *base = NULL;
    uint8_t *side = NULL;
    tc_err_t err = build(net, 1, C, &topo, &f);
    if (err != TC_OK) {
        return err;
    }
    int64_t links = f.arcs, s = N;
    for (int64_t v = 0; v < N; v++) {
        if (computes(&topo, v)) {
            tc__flow_pair(&f, s, v, 0, 0);
        }
    }
    base = tc__malloc_array((size_t)links, sizeof *base);
    side = malloc((size_t)N + 1);
    out->in_cut = malloc((size_t)N);
    if (base == NULL || side == NULL || out->in_cut == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the cuts of %lld nodes.", (long long)N);
        goto cleanup;
    }
    memcpy(base, f.cap, (size_t)links * sizeof *base);
    int64_t total = 0;
    for (int64_t a = 0; a < links; a++) {
        total += base[a];
    }
    if (total > (INT64_C(1) << 62) / C) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        err = tc__fail(TC_ERANGE,
                       "The capacities of %s (%lld in all) are too large for exact "
                       "arithmetic with %lld compute nodes.",
                       name, (long long)total, (long long)C);
        goto cleanup;
    }
    err = tc__flow_seal(&f);
    if (err != TC_OK) {
        goto cleanup;
    }
    /* the first trial: the set of all nodes but the compute node entered least */
    int64_t p = INT64_MAX, q = C - 1, least = -1;
    for (int64_t v = 0; v < N; v++) {
        int64_t c = node_capacity(&f, v, true);
        if (computes(&topo, v) && c < p) {
            p = c;
            least = v;
        }
    }
    memset(side, 1, (size_t)N);
    side[least] = 0;
    take_cut(out, &f, base, links, &topo, side);
    /* Dinkelbach: every compute node must receive p C from the super source at rate p/q; a
     * node that does not shows a set of smaller ratio, which becomes the trial */
    for (int64_t v = 0; v < N;) {
        int64_t g = tc__gcd64(p, q);
        p /= g;
        q /= g;
        if (!computes(&topo, v)) {
            v++;
            continue;
        }
        trial_rate(&f, base, links, p, q);
        int64_t flow = tc__flow_max(&f, s, v, p * C);
        out->flows++;
        if (flow >= p * C) {
            v++;
            continue;
        }
        tc__flow_source_side(&f, s, side);
        side[s] = 0;
        take_cut(out, &f, base, links, &topo, side);
        if (out->cut_capacity * q >= p * out->cut_compute) { /* cannot happen: no progress */
            err = tc__fail(TC_EINVAL, "The allgather iteration made no progress at %lld/%lld.",
                           (long long)p, (long long)q);
            goto cleanup;
        }
        p = out->cut_capacity;
        q = out->cut_compute; /* and v is tried again at the smaller rate */
    }
    out->coll = TC_OPTIMUM_ALLGATHER;
    out->root = out->sink = -1;
    out->num = p;
    out->den = q;
cleanup:
    free(base);
    free(side);
    tc__flow_destroy(&f);
    tc_topo_destroy(&topo);
    if (err != TC_OK) {
        tc_optimum_destroy(out);
    }
    return err;
}
