/* Topologies as neighbour tables, and fault sets. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"
#include "treecast/rng.h"
#include "treecast/sim.h"

#include <stdlib.h>
#include <string.h>

tc_err_t tc_topo_from_net(const tc_net_t *net, tc_topo_t *out)
{
    memset(out, 0, sizeof *out);
    char name[16];
    tc_net_name(net, name, sizeof name);
    int ports = tc_net_degree(net);
    if (!tc_net_materializable(net) || net->nodes > INT32_MAX / ports) {
        return tc__fail(TC_ETOOBIG, "%s is too large to simulate here.", name);
    }
    int n = net->n;
    int32_t *nbr = tc__big_alloc((size_t)net->nodes * (size_t)ports, sizeof *nbr);
    if (nbr == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of %s.", name);
    }
    if (net->family != TC_NET_STAR) { /* -1 where I_k^n lacks the neighbour */
        for (int64_t v = 0; v < net->nodes; v++) {
            for (int d = 0; d < ports; d++) {
                int64_t u = v ^ ((int64_t)1 << d);
                nbr[v * ports + d] = (int32_t)(u < net->nodes ? u : -1);
            }
        }
    } else {
        uint8_t p[TC_STAR_MAX_N] = {0};
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < net->nodes; v++, tc_star_next(n, p)) {
            for (int d = 2; d <= n; d++) {
                nbr[v * ports + d - 2] = (int32_t)tc__star_rank_after_move(n, p, v, d);
            }
        }
    }
    out->nodes = net->nodes;
    out->ports = ports;
    out->nbr = nbr;
    out->rev = NULL;
    return TC_OK;
}

void tc_topo_free(tc_topo_t *topo)
{
    if (topo == NULL) {
        return;
    }
    free(topo->nbr);
    free(topo->rev);
    topo->nbr = NULL;
    topo->rev = NULL;
}

tc_err_t tc_faults_empty(const tc_topo_t *topo, tc_faults_t *out)
{
    memset(out, 0, sizeof *out);
    out->node = tc__calloc_array((size_t)topo->nodes, 1);
    out->link = tc__calloc_array((size_t)topo->nodes * (size_t)topo->ports, 1);
    if (out->node == NULL || out->link == NULL) {
        tc_faults_free(out);
        return tc__fail(TC_ENOMEM, "Out of memory for the fault sets.");
    }
    return TC_OK;
}

void tc_faults_add_node(tc_faults_t *f, int64_t v)
{
    if (!f->node[v]) {
        f->node[v] = 1;
        f->faulty_nodes++;
    }
}

void tc_faults_add_link(tc_faults_t *f, const tc_topo_t *topo, int64_t v, int port, bool both)
{
    int64_t link = v * topo->ports + port;
    if (!f->link[link]) {
        f->link[link] = 1;
        f->faulty_links++;
    }
    int64_t u = topo->nbr[link];
    if (both && u >= 0) {
        int back = topo->rev ? topo->rev[link] : port;
        int64_t rl = u * topo->ports + back;
        if (!f->link[rl]) {
            f->link[rl] = 1;
            f->faulty_links++;
        }
    }
}

void tc_faults_free(tc_faults_t *f)
{
    if (f == NULL) {
        return;
    }
    free(f->node);
    free(f->link);
    f->node = NULL;
    f->link = NULL;
}

tc_err_t tc_faults_random(const tc_topo_t *topo, tc_fault_kind_t kind, int64_t k, uint64_t seed,
                          int64_t protect, tc_faults_t *out)
{
    int64_t N = topo->nodes;
    int64_t L = N * topo->ports;
    int64_t node_cands = N - (protect >= 0 ? 1 : 0);
    if (k < 0 || (kind == TC_FAULTS_NODES && k > node_cands) ||
        ((kind == TC_FAULTS_LINKS || kind == TC_FAULTS_MIXED) && k > L / 2) ||
        (kind == TC_FAULTS_ARCS && k > L)) {
        return tc__fail(TC_ERANGE, "%lld faults of that kind do not fit in %lld nodes.",
                        (long long)k, (long long)N);
    }
    tc_err_t err = tc_faults_empty(topo, out);
    if (err != TC_OK) {
        return err;
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, 0x5eed);
    int64_t placed = 0, attempts = 0;
    while (placed < k && attempts < 64 * (k + 16) + 4 * L) {
        attempts++;
        bool as_node =
            kind == TC_FAULTS_NODES || (kind == TC_FAULTS_MIXED && (tc_rng_next(&rng) & 1));
        if (as_node) {
            int64_t v = (int64_t)tc_rng_below(&rng, (uint64_t)N);
            if (v == protect || out->node[v]) {
                continue;
            }
            tc_faults_add_node(out, v);
            placed++;
        } else {
            int64_t link = (int64_t)tc_rng_below(&rng, (uint64_t)L);
            int64_t v = link / topo->ports;
            int port = (int)(link % topo->ports);
            if (topo->nbr[link] < 0 || out->link[link]) {
                continue;
            }
            tc_faults_add_link(out, topo, v, port, kind != TC_FAULTS_ARCS);
            placed++;
        }
    }
    if (placed < k) {
        tc_faults_free(out);
        return tc__fail(TC_ERANGE, "Could not place %lld distinct faults.", (long long)k);
    }
    return TC_OK;
}
