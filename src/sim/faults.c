/* Fault sets: faulty nodes and directed links of a topology (seeded random, on root paths, or
 * listed by the caller). */
#include "treecast/faults.h"
#include "core/internal.h"
#include "treecast/rng.h"
#include "treecast/sim.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

tc_err_t tc_faults_init(tc_faults_t *out, const tc_topo_t *topo)
{
    assert(out != NULL && topo != NULL);
    memset(out, 0, sizeof *out);
    out->node = tc__calloc_array((size_t)topo->nodes, 1);
    out->link = tc__calloc_array((size_t)topo->nodes * (size_t)topo->ports, 1);
    if (out->node == NULL || out->link == NULL) {
        tc_faults_destroy(out);
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

void tc_faults_destroy(tc_faults_t *f)
{
    if (f == NULL) {
        return;
    }
    free(f->node);
    free(f->link);
    f->node = NULL;
    f->link = NULL;
}

tc_err_t tc_faults_random(tc_faults_t *out, const tc_topo_t *topo, tc_fault_kind_t kind, int64_t k,
                          uint64_t seed, int64_t protect)
{
    memset(out, 0, sizeof *out);
    int64_t N = topo->nodes;
    int64_t L = N * topo->ports, arcs = 0; /* table entries; directed links among them */
    for (int64_t l = 0; l < L; l++) {
        arcs += topo->nbr[l] >= 0;
    }
    int64_t node_cands = N - (protect >= 0 ? 1 : 0);
    if (k < 0 || (kind == TC_FAULTS_NODES && k > node_cands)) {
        return tc__fail(TC_ERANGE, "%lld faulty nodes do not fit: the network has %lld nodes%s.",
                        (long long)k, (long long)node_cands,
                        protect >= 0 ? " besides the source" : "");
    }
    if (((kind == TC_FAULTS_LINKS || kind == TC_FAULTS_MIXED) && k > arcs / 2) ||
        (kind == TC_FAULTS_ARCS && k > arcs)) {
        bool arcs_only = kind == TC_FAULTS_ARCS;
        return tc__fail(TC_ERANGE, "%lld %s do not fit: the network has %lld %s.", (long long)k,
                        arcs_only                 ? "faulty directed links"
                        : kind == TC_FAULTS_LINKS ? "faulty links"
                                                  : "mixed faults",
                        (long long)(arcs_only ? arcs : arcs / 2),
                        arcs_only ? "directed links" : "links");
    }
    tc_err_t err = tc_faults_init(out, topo);
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
        tc_faults_destroy(out);
        return tc__fail(TC_ERANGE, "Could not place %lld distinct faults.", (long long)k);
    }
    return TC_OK;
}
