/* One run assembled: network, neighbour table, forest, plan trees and collective
 * (include/treecast/plan.h, tc_assembly_init). */
#include "core/internal.h"
#include "treecast/plan.h"

#include <string.h>

tc_err_t tc_assembly_coll(tc_assembly_t *a, const tc_coll_opts_t *opts)
{
    tc_coll_opts_t co = *opts;
    if (co.x == 0) {
        co.x = co.what == TC_COLL_BCAST ? 1 : a->trees.ntrees;
    }
    tc_coll_free(a->coll);
    a->coll = NULL;
    tc_err_t err = tc_coll_new(&a->trees, a->topo, &co, &a->coll);
    a->failed = err != TC_OK ? TC_ASSEMBLY_COLL : 0;
    return err;
}

tc_err_t tc_assembly_init(const tc_assembly_opts_t *opts, tc_assembly_t *out)
{
    memset(out, 0, sizeof *out);
    tc_err_t err = TC_OK;
    out->failed = TC_ASSEMBLY_NET;
    out->net = opts->net;
    if (out->net == NULL) {
        if (opts->spec == NULL) {
            return tc__fail(TC_EINVAL, "An assembly needs a network: a spec or a net.");
        }
        if ((err = tc_net_parse(opts->spec, &out->own_net)) != TC_OK) {
            return err;
        }
        out->net = out->own_net;
    }
    out->failed = TC_ASSEMBLY_TOPO;
    out->topo = opts->topo;
    if (out->topo == NULL) {
        if ((err = tc_topo_init(&out->own_topo, out->net)) != TC_OK) {
            return err;
        }
        out->topo = &out->own_topo;
    }
    out->failed = TC_ASSEMBLY_FOREST;
    out->forest = opts->forest;
    if (out->forest == NULL) {
        tc_kind_t kind = opts->kind != 0 ? opts->kind : tc_kind_primary(out->net);
        err = tc_trees_build(out->net, kind, opts->root, opts->threads, &out->own_forest);
        if (err != TC_OK) {
            return err;
        }
        out->forest = out->own_forest;
    }
    out->failed = TC_ASSEMBLY_TREES;
    if ((err = tc_plan_trees_init(&out->trees, out->forest, out->topo, opts->order)) != TC_OK) {
        return err;
    }
    out->failed = 0;
    return opts->coll.what != 0 ? tc_assembly_coll(out, &opts->coll) : TC_OK;
}

void tc_assembly_destroy(tc_assembly_t *a)
{
    if (a == NULL) {
        return;
    }
    tc_coll_free(a->coll);
    tc_plan_trees_destroy(&a->trees);
    tc_forest_free(a->own_forest);
    tc_topo_destroy(&a->own_topo);
    tc_net_free(a->own_net);
    memset(a, 0, sizeof *a);
}
