/* Networks as objects: the registry of families, and the functions of treecast/net.h as one-line
 * dispatches to the family's operations (net_internal.h). Adding a family is one file with its
 * tc__net_ops_t and one line in FAMILIES below. */
#include "treecast/net.h"
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/walk_addr.h"
#include "net/walk_star.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The registry (net/families.h): tc_net_parse tries the families in this order. */
#define TC__FAMILY(name) extern const tc__net_ops_t tc__##name##_ops;
#include "net/families.h"
#undef TC__FAMILY

static const tc__net_ops_t *const FAMILIES[] = {
#define TC__FAMILY(name) &tc__##name##_ops,
#include "net/families.h"
#undef TC__FAMILY
};
#define NFAMILIES (sizeof FAMILIES / sizeof FAMILIES[0])

tc_err_t tc__net_alloc(const tc__net_ops_t *ops, int n, int k, int64_t nodes, int degree,
                       int dim_lo, tc_net_t **out)
{
    *out = NULL;
    tc_net_t *net = calloc(1, sizeof *net);
    if (net == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory creating a network.");
    }
    net->ops = ops;
    net->n = n;
    net->k = k;
    net->nodes = nodes;
    net->degree = degree;
    net->min_degree = degree;
    net->dim_lo = dim_lo;
    net->regular = true;
    net->refs = 1;
    char spec[64];
    if (ops->params == 2) {
        snprintf(spec, sizeof spec, "%s:%d,%d", ops->family, n, k);
    } else {
        snprintf(spec, sizeof spec, "%s:%d", ops->family, n);
    }
    net->spec = strdup(spec);
    if (net->spec == NULL) {
        free(net);
        return tc__fail(TC_ENOMEM, "Out of memory creating a network.");
    }
    *out = net;
    return TC_OK;
}

bool tc__net_parse_ints(const char *args, int count, long *values)
{
    const char *s = args;
    for (int j = 0; j < count; j++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        char *end = NULL;
        errno = 0;
        values[j] = strtol(s, &end, 10);
        if (errno != 0) {
            values[j] = LONG_MAX; /* out of every range */
        }
        s = end;
        if (j + 1 < count && *s++ != ',') {
            return false;
        }
    }
    return *s == '\0';
}

static char syntax_list[512];

static void syntax_init(void)
{
    size_t len = 0;
    for (size_t j = 0; j < NFAMILIES; j++) {
        const char *sep = j == 0 ? "" : j + 1 == NFAMILIES ? " or " : ", ";
        int w =
            snprintf(syntax_list + len, sizeof syntax_list - len, "%s%s", sep, FAMILIES[j]->syntax);
        len += w > 0 && (size_t)w < sizeof syntax_list - len ? (size_t)w : 0;
    }
}

const char *tc_net_syntax(void)
{
    /* Written once, by the first caller, before any caller reads it: any thread may call. */
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, syntax_init);
    return syntax_list;
}

tc_err_t tc_net_parse(const char *spec, tc_net_t **out)
{
    assert(out != NULL);
    *out = NULL;
    if (spec == NULL) {
        return tc__fail(TC_EINVAL, "No network was given.");
    }
    const char *colon = strchr(spec, ':');
    size_t flen = colon == NULL ? 0 : (size_t)(colon - spec);
    for (size_t j = 0; colon != NULL && j < NFAMILIES; j++) {
        if (strlen(FAMILIES[j]->family) == flen && strncmp(spec, FAMILIES[j]->family, flen) == 0) {
            if (colon[1] == '\0') {
                return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected %s.", spec,
                                FAMILIES[j]->syntax);
            }
            return FAMILIES[j]->parse(spec, colon + 1, out);
        }
    }
    return tc__fail(TC_EINVAL, "Unknown network \"%.40s\"; expected %s.", spec, tc_net_syntax());
}

const tc_net_t *tc__net_ref(const tc_net_t *net)
{
    tc_net_t *mut = (tc_net_t *)net; /* the count is the only mutable part of a network */
    __atomic_add_fetch(&mut->refs, 1, __ATOMIC_RELAXED);
    return net;
}

void tc_net_free(tc_net_t *net)
{
    if (net == NULL || __atomic_sub_fetch(&net->refs, 1, __ATOMIC_ACQ_REL) > 0) {
        return;
    }
    if (net->ops->destroy != NULL) {
        net->ops->destroy(net);
    }
    free(net->spec);
    free(net);
}

/* ---- what every network answers --------------------------------------------------------- */

bool tc_net_explicit(const tc_net_t *net)
{
    return net->ops->params == 0;
}

const char *tc_net_family_name(const tc_net_t *net)
{
    return net->ops->family;
}

size_t tc_net_name(const tc_net_t *net, char *buf, size_t cap)
{
    return net->ops->name(net, buf, cap);
}

size_t tc_net_spec(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "%s", net->spec);
    return len < 0 ? 0 : (size_t)len;
}

int tc_net_n(const tc_net_t *net)
{
    return net->n;
}

int tc_net_k(const tc_net_t *net)
{
    return net->k;
}

int64_t tc_net_nodes(const tc_net_t *net)
{
    return net->nodes;
}

int64_t tc_net_edges(const tc_net_t *net)
{
    return net->ops->edges(net);
}

int tc_net_degree(const tc_net_t *net)
{
    return net->degree;
}

int tc_net_min_degree(const tc_net_t *net)
{
    return net->min_degree;
}

int tc_net_dim_min(const tc_net_t *net)
{
    return net->dim_lo;
}

int tc_net_dim_max(const tc_net_t *net)
{
    return net->dim_lo + net->degree - 1;
}

int tc_net_diameter(const tc_net_t *net)
{
    return net->ops->diameter(net);
}

bool tc_net_materializable(const tc_net_t *net)
{
    return net->ops->materializable(net);
}

int64_t tc_net_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    if (dim < net->dim_lo || dim >= net->dim_lo + net->degree || node < 0 || node >= net->nodes) {
        return -1;
    }
    return net->ops->neighbor(net, node, dim);
}

int tc_net_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    if (u < 0 || v < 0 || u >= net->nodes || v >= net->nodes) {
        return -1;
    }
    return net->ops->edge_dim(net, u, v);
}

int tc_net_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    assert(u >= 0 && u < net->nodes && v >= 0 && v < net->nodes);
    return net->ops->distance(net, u, v);
}

size_t tc_net_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    assert(node >= 0 && node < net->nodes && buf != NULL && cap > 0);
    return net->ops->label(net, node, commas, buf, cap);
}

tc_err_t tc_net_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    assert(net != NULL && text != NULL && out != NULL);
    return net->ops->parse_label(net, text, out);
}

/* ---- properties --------------------------------------------------------------------------- */

bool tc_net_regular(const tc_net_t *net)
{
    return net->regular;
}

bool tc_net_bipartite(const tc_net_t *net)
{
    return net->bipartite;
}

bool tc_net_translates(const tc_net_t *net)
{
    return net->ops->translate != NULL;
}

int64_t tc_net_translate(const tc_net_t *net, int64_t h, int64_t v, bool inverse)
{
    assert(h >= 0 && h < net->nodes && v >= 0 && v < net->nodes);
    return net->ops->translate != NULL ? net->ops->translate(net, h, v, inverse) : -1;
}

int tc_net_rotation_order(const tc_net_t *net)
{
    return net->ops->rotate != NULL ? net->rotation : 0;
}

int64_t tc_net_rotate(const tc_net_t *net, int64_t v, int times)
{
    assert(v >= 0 && v < net->nodes);
    return net->ops->rotate != NULL ? net->ops->rotate(net, v, times) : -1;
}

int tc_net_rotate_dim(const tc_net_t *net, int dim, int times)
{
    return net->ops->rotate_dim != NULL ? net->ops->rotate_dim(net, dim, times) : -1;
}

int64_t tc_net_rotate_at(const tc_net_t *net, int64_t h, int64_t v, int times)
{
    if (net->ops->rotate == NULL || net->ops->translate == NULL) {
        return -1;
    }
    int64_t rel = net->ops->translate(net, h, v, true);
    return net->ops->translate(net, h, net->ops->rotate(net, rel, times), false);
}

bool tc_net_reverses(const tc_net_t *net)
{
    return net->ops->reverse != NULL;
}

int64_t tc_net_reverse(const tc_net_t *net, int64_t v)
{
    assert(v >= 0 && v < net->nodes);
    return net->ops->reverse != NULL ? net->ops->reverse(net, v) : -1;
}

int tc_net_reverse_dim(const tc_net_t *net, int dim)
{
    return net->ops->reverse_dim != NULL ? net->ops->reverse_dim(net, dim) : -1;
}

/* ---- the neighbour table ------------------------------------------------------------------ */

/* Rows [lo, hi) of the table, by the family's walker (the star graph ranks neighbours
 * incrementally instead of unranking every node). */
typedef struct {
    const tc_net_t *net;
    int32_t *nbr;
} topo_job_t;

static void topo_rows(void *arg, int tid, int nthreads)
{
    topo_job_t *job = arg;
    const tc_net_t *net = job->net;
    int P = net->degree;
    int64_t lo, hi;
    tc__split_range(net->nodes, tid, nthreads, &lo, &hi);
    if (net->ops->walker == TC__WALK_STAR) {
        walk_star_net_t w;
        walk_star_t s;
        walk_star_init(&w, net, NULL);
        if (lo < hi) {
            walk_star_start(&w, &s, lo);
        }
        for (int64_t v = lo; v < hi; v++, walk_star_next(&w, &s)) {
            for (int p = 0; p < P; p++) {
                job->nbr[v * P + p] = (int32_t)walk_star_neigh(&w, &s, v, p + 2);
            }
        }
        return;
    }
    if (net->ops->walker == TC__WALK_ADDR) {
        walk_addr_net_t w;
        walk_addr_init(&w, net, NULL);
        for (int64_t v = lo; v < hi; v++) {
            for (int p = 0; p < P; p++) {
                job->nbr[v * P + p] =
                    walk_addr_has(&w, v, p) ? (int32_t)(v ^ ((int64_t)1 << p)) : -1;
            }
        }
        return;
    }
    for (int64_t v = lo; v < hi; v++) {
        for (int p = 0; p < P; p++) {
            job->nbr[v * P + p] = (int32_t)net->ops->neighbor(net, v, net->dim_lo + p);
        }
    }
}

tc_err_t tc_topo_init(tc_topo_t *topo, const tc_net_t *net)
{
    assert(topo != NULL && net != NULL);
    memset(topo, 0, sizeof *topo);
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    int ports = net->degree;
    if (!tc_net_materializable(net) || ports < 1 || net->nodes > INT32_MAX / ports) {
        return tc__fail(TC_ETOOBIG, "%s is too large to build out as a neighbour table here.",
                        name);
    }
    topo_job_t job = {net, tc__big_alloc((size_t)net->nodes * (size_t)ports, sizeof(int32_t))};
    if (job.nbr == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of %s.", name);
    }
    int threads = net->nodes >= ((int64_t)1 << 20) ? tc__online_cpus() : 1;
    tc_err_t err = tc__parallel(threads, topo_rows, &job);
    if (err != TC_OK) {
        free(job.nbr);
        return err;
    }
    topo->nodes = net->nodes;
    topo->ports = ports;
    topo->nbr = job.nbr;
    topo->rev = NULL;
    if (!net->same_port) { /* the port back, found by looking */
        topo->rev = tc__big_alloc((size_t)net->nodes * (size_t)ports, 1);
        if (topo->rev == NULL) {
            tc_topo_destroy(topo);
            return tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of %s.", name);
        }
        bool same = true;
        for (int64_t v = 0; v < net->nodes; v++) {
            for (int p = 0; p < ports; p++) {
                int64_t u = topo->nbr[v * ports + p];
                uint8_t back = 0xFF;
                for (int q = 0; u >= 0 && q < ports; q++) {
                    if (topo->nbr[u * ports + q] == v) {
                        back = (uint8_t)q;
                        break;
                    }
                }
                topo->rev[v * ports + p] = back;
                same = same && (u < 0 || back == p);
            }
        }
        if (same) { /* it turned out symmetric after all */
            free(topo->rev);
            topo->rev = NULL;
        }
    }
    const tc_topo_t *own = tc__net_table(net); /* capacities and roles come with the table */
    if (own != NULL && own->cap != NULL) {
        topo->cap = tc__malloc_array((size_t)(net->nodes * ports), sizeof *topo->cap);
        if (topo->cap == NULL) {
            tc_topo_destroy(topo);
            return tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of %s.", name);
        }
        memcpy(topo->cap, own->cap, (size_t)(net->nodes * ports) * sizeof *topo->cap);
    }
    if (own != NULL && own->role != NULL) {
        topo->role = malloc((size_t)net->nodes);
        if (topo->role == NULL) {
            tc_topo_destroy(topo);
            return tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of %s.", name);
        }
        memcpy(topo->role, own->role, (size_t)net->nodes);
    }
    return TC_OK;
}

void tc_topo_destroy(tc_topo_t *topo)
{
    if (topo == NULL) {
        return;
    }
    free(topo->nbr);
    free(topo->rev);
    free(topo->cap);
    free(topo->role);
    memset(topo, 0, sizeof *topo);
}

const tc_topo_t *tc__net_table(const tc_net_t *net)
{
    return net->ops->table != NULL ? net->ops->table(net) : NULL;
}

tc_err_t tc__net_distances(const tc_net_t *net, int64_t from, uint8_t *dist, int threads)
{
    if (net->ops->distances != NULL) {
        return net->ops->distances(net, from, dist, threads);
    }
    return tc__net_bfs(net, from, dist);
}

tc_err_t tc_net_distances(const tc_net_t *net, int64_t from, uint8_t *dist)
{
    if (from < 0 || from >= net->nodes) {
        return tc__fail(TC_EINVAL, "Node id %lld is outside 0..%lld.", (long long)from,
                        (long long)net->nodes - 1);
    }
    return tc__net_distances(net, from, dist, tc__online_cpus());
}

/* ---- distances by breadth-first search ------------------------------------------------------ */

tc_err_t tc__net_bfs(const tc_net_t *net, int64_t from, uint8_t *dist)
{
    int64_t N = net->nodes;
    int64_t *queue = tc__malloc_array((size_t)N, sizeof *queue);
    if (queue == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a breadth-first search of %lld nodes.",
                        (long long)N);
    }
    memset(dist, 0xFF, (size_t)N);
    int64_t head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = from;
    /* a network built from its edges reads its own table, whose rows end at the first -1 (a
     * host's after one port), rather than ask for every port */
    const tc_topo_t *t = tc__net_table(net);
    while (t != NULL && head < tail) {
        int64_t v = queue[head++];
        if (dist[v] >= 0xFE) {
            continue;
        }
        const int32_t *row = t->nbr + v * t->ports;
        for (int p = 0; p < t->ports && row[p] >= 0; p++) {
            if (dist[row[p]] == 0xFF) {
                dist[row[p]] = (uint8_t)(dist[v] + 1);
                queue[tail++] = row[p];
            }
        }
    }
    while (head < tail) {
        int64_t v = queue[head++];
        if (dist[v] >= 0xFE) {
            continue; /* deeper than a byte: left unknown */
        }
        for (int p = 0; p < net->degree; p++) {
            int64_t u = net->ops->neighbor(net, v, net->dim_lo + p);
            if (u >= 0 && dist[u] == 0xFF) {
                dist[u] = (uint8_t)(dist[v] + 1);
                queue[tail++] = u;
            }
        }
    }
    free(queue);
    return TC_OK;
}

/* ---- necklaces ------------------------------------------------------------------------------ */

tc_err_t tc_net_necklaces(const tc_net_t *net, int distance, tc_necklaces_t *out)
{
    memset(out, 0, sizeof *out);
    if (net->ops->necklaces == NULL) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        return tc__fail(TC_EINVAL, "Necklaces are the orbits of a rotation; %s has none.", name);
    }
    tc_err_t err = net->ops->necklaces(net, out);
    if (err == TC_OK && distance >= 0) { /* keep one distance */
        int64_t kept = 0;
        for (int64_t k = 0; k < out->count; k++) {
            if (out->list[k].distance == distance) {
                out->list[kept++] = out->list[k];
            }
        }
        out->count = kept;
    }
    if (err != TC_OK) {
        tc_necklaces_destroy(out);
    }
    return err;
}

int64_t tc_net_necklace_next(const tc_net_t *net, int64_t v)
{
    return net->ops->necklace_next != NULL ? net->ops->necklace_next(net, v) : -1;
}

void tc_necklaces_destroy(tc_necklaces_t *n)
{
    if (n != NULL) {
        free(n->list);
        memset(n, 0, sizeof *n);
    }
}
