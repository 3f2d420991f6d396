/* Construction kinds: names, tree counts and numbers, and the family-dispatched builders. */
#include "core/internal.h"
#include "net/net_internal.h"
#include "treecast/hamilton.h"
#include "treecast/trees.h"
#include "trees/forest_internal.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    tc_kind_t kind;
    const char *name;
    tc_net_family_t family;
} KINDS[] = {
    {TC_KIND_EDT, "edt", TC_NET_STAR},
    {TC_KIND_SPG, "spg", TC_NET_STAR},
    {TC_KIND_SPT, "spt", TC_NET_STAR},
    {TC_KIND_BFS, "bfs", TC_NET_STAR},
    {TC_KIND_BINOMIAL, "binomial", TC_NET_CUBE},
    {TC_KIND_SBNT_MINR, "sbnt-minr", TC_NET_CUBE},
    {TC_KIND_SBNT_MAXL, "sbnt-maxl", TC_NET_CUBE},
    {TC_KIND_SBNT_MINBL, "sbnt-minbl", TC_NET_CUBE},
    {TC_KIND_SBNT_MAXBR, "sbnt-maxbr", TC_NET_CUBE},
    {TC_KIND_SBG, "sbg", TC_NET_CUBE},
    {TC_KIND_NEDST, "nedst", TC_NET_CUBE},
    {TC_KIND_NEDST_PIVOTED, "nedst-pivoted", TC_NET_CUBE},
    {TC_KIND_IST, "ist", TC_NET_CUBE},
    {TC_KIND_IST_HDLS, "ist-hdls", TC_NET_CUBE},
    {TC_KIND_EDST, "edst", TC_NET_ICUBE},
    {TC_KIND_EDHP, "edhp", TC_NET_ICUBE},
};
#define NKINDS (sizeof KINDS / sizeof KINDS[0])

const char *tc_kind_name(tc_kind_t kind)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (KINDS[j].kind == kind) {
            return KINDS[j].name;
        }
    }
    return "custom";
}

tc_net_family_t tc_kind_family(tc_kind_t kind)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (KINDS[j].kind == kind) {
            return KINDS[j].family;
        }
    }
    return 0;
}

int tc_kind_sbnt_variant(tc_kind_t kind)
{
    switch (kind) {
    case TC_KIND_SBNT_MINR:
        return TC_SBNT_MINR;
    case TC_KIND_SBNT_MAXL:
        return TC_SBNT_MAXL;
    case TC_KIND_SBNT_MINBL:
        return TC_SBNT_MINBL;
    case TC_KIND_SBNT_MAXBR:
        return TC_SBNT_MAXBR;
    default:
        return -1;
    }
}

bool tc_kind_applies(tc_kind_t kind, tc_net_family_t family)
{
    return tc_kind_family(kind) == family || (kind == TC_KIND_BINOMIAL && family == TC_NET_ICUBE);
}

const char *tc_kind_list(tc_net_family_t family)
{
    switch (family) {
    case TC_NET_CUBE:
        return "binomial, sbnt-minr, sbnt-maxl, sbnt-minbl, sbnt-maxbr, sbg, nedst, "
               "nedst-pivoted, ist or ist-hdls";
    case TC_NET_ICUBE:
        return "binomial, edst or edhp";
    default:
        return "edt, spg, spt or bfs";
    }
}

tc_err_t tc_kind_parse(const char *text, tc_kind_t *out)
{
    for (size_t j = 0; j < NKINDS; j++) {
        if (text != NULL && strcmp(text, KINDS[j].name) == 0) {
            *out = KINDS[j].kind;
            return TC_OK;
        }
    }
    return tc__fail(TC_EINVAL, "Unknown tree kind \"%.40s\"; expected %s (star:N) or %s (cube:N).",
                    text ? text : "", tc_kind_list(TC_NET_STAR), tc_kind_list(TC_NET_CUBE));
}

int tc_trees_count(const tc_net_t *net, tc_kind_t kind)
{
    if (!tc_kind_applies(kind, net->family)) {
        return 0;
    }
    switch (kind) {
    case TC_KIND_EDST:
        return net->k + 1;
    case TC_KIND_EDHP:
        return tc_icube_edhc_directed_count(net->n, net->k);
    case TC_KIND_EDT:
    case TC_KIND_SPG:
        return net->n - 1;
    case TC_KIND_SBG:
    case TC_KIND_NEDST:
    case TC_KIND_NEDST_PIVOTED:
    case TC_KIND_IST:
    case TC_KIND_IST_HDLS:
        return net->n;
    default:
        return 1;
    }
}

int tc_trees_label(const tc_net_t *net, tc_kind_t kind, int t)
{
    if (kind == TC_KIND_EDT || kind == TC_KIND_SPG) {
        return t + 2;
    }
    return tc_trees_count(net, kind) > 1 ? t : 0;
}

static tc_err_t no_rule(const tc_net_t *net, tc_kind_t kind)
{
    if (kind == TC_KIND_EDHP && net->family == TC_NET_ICUBE) {
        return tc__fail(TC_EINVAL,
                        "I_0^%d has no Hamiltonian path from every root (its back "
                        "node is a leaf); Theorem 4 gives edhp paths for k >= 1.",
                        net->n);
    }
    return tc__fail(TC_EINVAL, "Tree kind %s has no rule on %s:%d; its kinds are %s.",
                    tc_kind_name(kind), tc_net_family_name(net), net->n, tc_kind_list(net->family));
}

tc_err_t tc_trees_parent_dim(const tc_net_t *net, tc_kind_t kind, int64_t root, int t, int64_t node,
                             int *dim)
{
    int count = tc_trees_count(net, kind);
    if (count == 0) {
        return no_rule(net, kind);
    }
    if (t < 0 || t >= count) {
        return tc__fail(TC_EINVAL, "Tree %d does not exist; %s has trees 0..%d.", t,
                        tc_kind_name(kind), count - 1);
    }
    if (root < 0 || root >= net->nodes || node < 0 || node >= net->nodes) {
        return tc__fail(TC_EINVAL, "Node id outside 0..%lld.", (long long)net->nodes - 1);
    }
    if (kind == TC_KIND_EDHP) {
        tc_forest_t *f = NULL;
        tc_err_t err = tc_trees_build(net, kind, root, 1, &f);
        if (err != TC_OK) {
            return err;
        }
        *dim = tc_forest_dims_const(f, t)[node];
        tc_forest_free(f);
        return TC_OK;
    }
    if (net->family == TC_NET_CUBE) {
        *dim = tc__cube_rule(net->n, kind, t, (uint64_t)(node ^ root));
    } else if (net->family == TC_NET_ICUBE) {
        *dim = kind == TC_KIND_EDST
                   ? tc_icube_edst_parent(net->n, net->k, (uint64_t)root, (uint64_t)node, t)
                   : tc_icube_binomial_parent(net->n, net->k, (uint64_t)root, (uint64_t)node);
    } else {
        *dim = tc__star_parent_dim(net, kind, root, t, node);
    }
    return TC_OK;
}

/* Cube and incomplete-cube forests: every node's parents in every tree from the family's rule,
 * on contiguous ranges of addresses, one per thread. */
typedef struct {
    const tc_net_t *net;
    uint64_t root;
    tc_kind_t kind;
    int ntrees;
    uint8_t *dims[TC_CUBE_MAX_N + 1];
} address_job_t;

static void address_range(void *arg, int tid, int nthreads)
{
    address_job_t *job = arg;
    const tc_net_t *net = job->net;
    int64_t lo, hi;
    tc__split_range(net->nodes, tid, nthreads, &lo, &hi);
    uint8_t d[TC_CUBE_MAX_N + 1];
    for (int64_t v = lo; v < hi; v++) {
        if (net->family == TC_NET_ICUBE) {
            tc__icube_parents(net->n, net->k, job->kind, job->root, (uint64_t)v, job->ntrees, d);
        } else {
            tc__cube_parents(net->n, job->kind, (uint64_t)v ^ job->root, job->ntrees, d);
        }
        for (int t = 0; t < job->ntrees; t++) {
            job->dims[t][v] = d[t];
        }
    }
}

static tc_err_t address_fill(tc_forest_t *forest, tc_kind_t kind, int threads)
{
    address_job_t job = {.net = tc_forest_net(forest),
                         .root = (uint64_t)tc_forest_root(forest),
                         .kind = kind,
                         .ntrees = tc_forest_trees(forest)};
    for (int t = 0; t < job.ntrees; t++) {
        job.dims[t] = tc_forest_dims(forest, t);
        if (kind == TC_KIND_NEDST_PIVOTED) { /* tree t is rooted at the pivot root XOR 2^t */
            tc_forest_set_tree_root(forest, t, (int64_t)(job.root ^ (1ull << t)));
        }
    }
    return tc__parallel(threads, address_range, &job);
}

/* Theorem 4's paths: the undirected EDHCs of I_k^n (constructed with seed 1), each walked both
 * ways from the root (hamilton.c builds the forest). */
static tc_err_t edhp_build(const tc_net_t *net, int64_t root, tc_forest_t **out)
{
    tc_edhc_t h;
    tc_err_t err = tc_icube_edhc(net, 1, &h);
    if (err == TC_OK) {
        err = tc_edhc_forest(net, &h, root, out);
    }
    tc_edhc_free(&h);
    if (err == TC_OK) {
        tc_forest_set_kind(*out, TC_KIND_EDHP);
    }
    return err;
}

tc_err_t tc_trees_build(const tc_net_t *net, tc_kind_t kind, int64_t root, int threads,
                        tc_forest_t **out)
{
    *out = NULL;
    int count = tc_trees_count(net, kind);
    if (count == 0) {
        return no_rule(net, kind);
    }
    if (root < 0 || root >= net->nodes) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)net->nodes - 1);
    }
    if (kind == TC_KIND_EDHP && net->nodes - 1 > TC_EDHP_MAX_DEPTH) {
        return tc__fail(TC_ETOOBIG,
                        "The Hamiltonian paths of %s:%d,%d have %lld links; the check and the "
                        "round engine follow at most %d (n <= 7).",
                        tc_net_family_name(net), net->n, net->k, (long long)net->nodes - 1,
                        TC_EDHP_MAX_DEPTH);
    }
    if (kind == TC_KIND_EDHP) {
        return edhp_build(net, root, out);
    }
    tc_forest_t *forest = NULL;
    tc_err_t err = tc__forest_alloc(net, count, root, false, &forest);
    if (err != TC_OK) {
        return err;
    }
    tc_forest_set_kind(forest, kind);
    for (int t = 0; t < count; t++) {
        tc_forest_set_label(forest, t, tc_trees_label(net, kind, t));
    }
    int nthreads = threads > 0 ? threads : tc__online_cpus();
    err = net->family == TC_NET_STAR ? tc__star_fill(forest, kind, nthreads)
                                     : address_fill(forest, kind, nthreads);
    if (err != TC_OK) {
        tc_forest_free(forest);
        return err;
    }
    *out = forest;
    return TC_OK;
}
