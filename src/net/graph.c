/* Any graph as a network: graph:FILE reads an edge list or a JSON document, tc_net_graph_new
 * takes the edges from the caller. The network keeps its own neighbour table (the ports of a
 * node are its neighbours in ascending id order), its labels (the names in the file) and a hash
 * of them; distances are breadth-first searches. No translations, no rotation: the schedules
 * that need them refuse a graph with a sentence (tc_coll_new).
 *
 * The edge list: one edge per line, "u v" (two names separated by blanks), or one name alone
 * for a node that may have no edge; '#' starts a comment; an edge listed twice (in either
 * direction) counts once. Node ids follow the names' first appearance, or their numeric order
 * when every name is a decimal integer (so "1".."n" files keep their order).
 * The JSON form: an object with "edges" ([[u, v], ...], ids or labels), optionally "labels"
 * (the name of every id), "nodes" (the count) and "name", either at the top or inside a
 * "network" member (so the forest documents treecast writes for a graph are graph files too).
 *
 * Reading a file is bounded (tc_net_graph_load): at most GRAPH_FILE_MAX bytes, and no more than
 * the caller's memory budget allows; a NUL byte stops it at once (a graph file is text, and
 * /dev/zero is not one). */
#include "core/internal.h"
#include "core/json_scan.h"
#include "net/net_internal.h"
#include "treecast/io.h"
#include "treecast/net.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GRAPH_MAX_DEGREE 64 /* the walkers' port masks are 64 bits */

/* The most text a graph file may hold (an edge list of about a hundred million edges): a longer
 * one is bad data. */
#define GRAPH_FILE_MAX ((int64_t)1 << 30)

/* The memory reading a graph costs per byte of its text, at most (the text, the names and their
 * hash, the edge ends, the sort, the adjacency; measured: 7.6 bytes per byte of a 27.5 MB edge
 * list of a million nodes, neighbour table included). The neighbour table, nodes x degree x 5
 * bytes, is checked against the budget by itself once the degree is known. */
#define GRAPH_READ_PER_BYTE 8

extern const tc__net_ops_t tc__graph_ops;

typedef struct {
    tc_topo_t topo;     /* ports 0..degree-1 per node, -1 past the node's degree */
    char *pool;         /* the labels, NUL-terminated, back to back */
    int64_t *label;     /* node -> offset of its label in pool */
    int64_t *slot;      /* open addressing over labels: node + 1, 0 empty */
    uint64_t mask;      /* slots - 1 */
    int64_t components; /* connected components (1: connected) */
    int64_t compute;    /* nodes that compute (not switches) */
    char name[TC_LABEL_MAX];
} graph_t;

/* ---- a table of names: the labels while reading -------------------------------------------- */

typedef struct {
    char *pool;
    size_t len, cap;
    int64_t *at; /* name i starts at pool + at[i] */
    int64_t count, at_cap;
    int64_t *slot; /* name index + 1, 0 empty */
    uint64_t mask;
} names_t;

static uint64_t hash_text(const char *s)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    }
    return h;
}

static void names_free(names_t *t)
{
    free(t->pool);
    free(t->at);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

static int64_t names_find(const names_t *t, const char *s)
{
    if (t->slot == NULL) {
        return -1;
    }
    for (uint64_t h = hash_text(s) & t->mask;; h = (h + 1) & t->mask) {
        int64_t i = t->slot[h] - 1;
        if (i < 0) {
            return -1;
        }
        if (strcmp(t->pool + t->at[i], s) == 0) {
            return i;
        }
    }
}

static bool names_rehash(names_t *t, uint64_t slots)
{
    int64_t *slot = calloc(slots, sizeof *slot);
    if (slot == NULL) {
        return false;
    }
    free(t->slot);
    t->slot = slot;
    t->mask = slots - 1;
    for (int64_t i = 0; i < t->count; i++) {
        uint64_t h = hash_text(t->pool + t->at[i]) & t->mask;
        while (slot[h] != 0) {
            h = (h + 1) & t->mask;
        }
        slot[h] = i + 1;
    }
    return true;
}

/* The index of name s, added when new (*added says which); -1 when out of memory. */
static int64_t names_add(names_t *t, const char *s, bool *added)
{
    int64_t i = names_find(t, s);
    *added = i < 0;
    if (i >= 0) {
        return i;
    }
    size_t len = strlen(s) + 1;
    if (t->len + len > t->cap) {
        size_t cap = t->cap < 4096 ? 4096 : t->cap * 2;
        cap = cap < t->len + len ? t->len + len : cap;
        char *pool = realloc(t->pool, cap);
        if (pool == NULL) {
            return -1;
        }
        t->pool = pool;
        t->cap = cap;
    }
    if (t->count == t->at_cap) {
        int64_t cap = t->at_cap < 1024 ? 1024 : t->at_cap * 2;
        int64_t *at = realloc(t->at, (size_t)cap * sizeof *at);
        if (at == NULL) {
            return -1;
        }
        t->at = at;
        t->at_cap = cap;
    }
    memcpy(t->pool + t->len, s, len);
    t->at[t->count++] = (int64_t)t->len;
    t->len += len;
    if (t->slot == NULL || (uint64_t)t->count * 2 > t->mask + 1) {
        if (!names_rehash(t, t->slot == NULL ? 2048 : (t->mask + 1) * 2)) {
            return -1;
        }
    } else {
        uint64_t h = hash_text(s) & t->mask;
        while (t->slot[h] != 0) {
            h = (h + 1) & t->mask;
        }
        t->slot[h] = t->count;
    }
    return t->count - 1;
}

/* A label is 1..TC_LABEL_MAX-1 printable characters without blanks, not starting with '#' (so
 * that the graph can be written as an edge list, where '#' starts a comment). */
static const char *label_problem(const char *s)
{
    size_t len = strlen(s);
    if (len == 0) {
        return "is empty";
    }
    if (s[0] == '#') {
        return "starts with '#', which an edge list reads as a comment";
    }
    if (s[0] == '@') {
        return "starts with '@', which an edge list reads as a directive (@switch)";
    }
    if (len >= TC_LABEL_MAX) {
        return "is longer than 63 characters";
    }
    for (; *s != '\0'; s++) {
        if ((unsigned char)*s <= ' ' || *s == 0x7f) {
            return "contains a blank or a control character";
        }
    }
    return NULL;
}

/* Whether s is a decimal integer without a sign or leading zeros (the value in *v). */
static bool decimal(const char *s, int64_t *v)
{
    size_t len = strlen(s);
    if (len == 0 || len > 18 || strspn(s, "0123456789") != len || (s[0] == '0' && len > 1)) {
        return false;
    }
    *v = strtoll(s, NULL, 10);
    return true;
}

/* ---- building the network from ids ------------------------------------------------------- */

static void graph_free_data(graph_t *g)
{
    if (g == NULL) {
        return;
    }
    tc_topo_destroy(&g->topo);
    free(g->pool);
    free(g->label);
    free(g->slot);
    free(g);
}

/* The label of id v for messages: labels[v], or the decimal id. */
static const char *label_of(const char *const *labels, int64_t v, char *buf, size_t cap)
{
    if (labels != NULL) {
        return labels[v];
    }
    snprintf(buf, cap, "%lld", (long long)v);
    return buf;
}

/* The adjacency of the graph, sorted and without repeats, as a neighbour table; a table larger
 * than budget bytes (> 0; 0: no budget) is refused with TC_ENOMEM before it is allocated. */
static tc_err_t build_table(graph_t *g, int64_t nodes, int64_t nedges, const int64_t *edges,
                            const char *const *labels, int64_t budget, int *degree_out,
                            int *min_degree)
{
    char b1[24], b2[24];
    int64_t *start = calloc((size_t)nodes + 1, sizeof *start);
    int64_t *adj = tc__malloc_array((size_t)(2 * nedges > 0 ? 2 * nedges : 1), sizeof *adj);
    int *deg = calloc((size_t)nodes, sizeof *deg);
    tc_err_t err = TC_OK;
    if (start == NULL || adj == NULL || deg == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a graph of %lld edges.", (long long)nedges);
        goto done;
    }
    for (int64_t e = 0; e < nedges; e++) {
        int64_t u = edges[2 * e], v = edges[2 * e + 1];
        if (u < 0 || u >= nodes || v < 0 || v >= nodes) {
            err =
                tc__fail(TC_EINVAL, "Edge %lld joins node id %lld, outside 0..%lld.", (long long)e,
                         (long long)(u < 0 || u >= nodes ? u : v), (long long)nodes - 1);
            goto done;
        }
        if (u == v) {
            err = tc__fail(TC_EINVAL, "Edge %lld is a loop at node %s; a network has none.",
                           (long long)e, label_of(labels, u, b1, sizeof b1));
            goto done;
        }
        start[u + 1]++;
        start[v + 1]++;
    }
    for (int64_t v = 0; v < nodes; v++) {
        start[v + 1] += start[v];
    }
    int64_t *fill = calloc((size_t)nodes, sizeof *fill);
    if (fill == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for a graph of %lld edges.", (long long)nedges);
        goto done;
    }
    for (int64_t e = 0; e < nedges; e++) {
        int64_t u = edges[2 * e], v = edges[2 * e + 1];
        adj[start[u] + fill[u]++] = v;
        adj[start[v] + fill[v]++] = u;
    }
    free(fill);
    int maxdeg = 0, mindeg = INT32_MAX;
    for (int64_t v = 0; v < nodes; v++) {
        int64_t *row = adj + start[v];
        int64_t len = start[v + 1] - start[v], kept = 0;
        qsort(row, (size_t)len, sizeof *row, tc__cmp_int64);
        for (int64_t j = 0; j < len; j++) {
            if (kept == 0 || row[kept - 1] != row[j]) {
                row[kept++] = row[j];
            }
        }
        if (kept > GRAPH_MAX_DEGREE) {
            err = tc__fail(TC_EINVAL, "Node %s has %lld neighbours; treecast handles at most %d.",
                           label_of(labels, v, b2, sizeof b2), (long long)kept, GRAPH_MAX_DEGREE);
            goto done;
        }
        deg[v] = (int)kept;
        maxdeg = deg[v] > maxdeg ? deg[v] : maxdeg;
        mindeg = deg[v] < mindeg ? deg[v] : mindeg;
    }
    if (maxdeg == 0) {
        err = tc__fail(TC_EINVAL, "The graph has no edges.");
        goto done;
    }
    if (nodes > INT32_MAX / maxdeg) {
        err = tc__fail(TC_ETOOBIG, "A graph of %lld nodes of degree %d is too large here.",
                       (long long)nodes, maxdeg);
        goto done;
    }
    int P = maxdeg;
    int64_t table = nodes * P * (int64_t)(sizeof *g->topo.nbr + 1);
    if (budget > 0 && table > budget) {
        char need[24], have[24];
        err = tc__fail(TC_ENOMEM,
                       "A graph of %lld nodes of degree %d needs %s for its neighbour table; %s of "
                       "memory are allowed.",
                       (long long)nodes, maxdeg, tc_format_bytes(table, need, sizeof need),
                       tc_format_bytes(budget, have, sizeof have));
        goto done;
    }
    g->topo.nodes = nodes;
    g->topo.ports = P;
    g->topo.nbr = tc__malloc_array((size_t)(nodes * P), sizeof *g->topo.nbr);
    g->topo.rev = tc__malloc_array((size_t)(nodes * P), 1);
    if (g->topo.nbr == NULL || g->topo.rev == NULL) {
        err = tc__fail(TC_ENOMEM, "Out of memory for the neighbour table of a graph.");
        goto done;
    }
    bool same = true;
    for (int64_t v = 0; v < nodes; v++) {
        for (int p = 0; p < P; p++) {
            int64_t u = p < deg[v] ? adj[start[v] + p] : -1;
            g->topo.nbr[v * P + p] = (int32_t)u;
            g->topo.rev[v * P + p] = 0xFF;
            if (u >= 0) { /* v's position in u's sorted row */
                const int64_t *hit =
                    bsearch(&v, adj + start[u], (size_t)deg[u], sizeof *adj, tc__cmp_int64);
                g->topo.rev[v * P + p] = (uint8_t)(hit - (adj + start[u]));
                same = same && g->topo.rev[v * P + p] == p;
            }
        }
    }
    if (same) {
        free(g->topo.rev);
        g->topo.rev = NULL;
    }
    *degree_out = maxdeg;
    *min_degree = mindeg;
done:
    free(start);
    free(adj);
    free(deg);
    return err;
}

/* The port of v in u's row (-1: not adjacent). */
static int port_of(const tc_topo_t *t, int64_t u, int64_t v)
{
    const int32_t *row = t->nbr + u * t->ports;
    for (int p = 0; p < t->ports && row[p] >= 0; p++) {
        if (row[p] == v) {
            return p;
        }
    }
    return -1;
}

/* The capacities (two per edge, NULL: none) and roles (per node, NULL: none) into the table; an
 * edge given twice must give the same capacities. */
static tc_err_t set_attributes(graph_t *g, int64_t nedges, const int64_t *edges,
                               const int64_t *capacity, const uint8_t *role,
                               const char *const *labels)
{
    tc_topo_t *t = &g->topo;
    char b1[24], b2[24];
    g->compute = t->nodes;
    if (role != NULL) {
        int64_t switches = 0;
        for (int64_t v = 0; v < t->nodes; v++) {
            if (role[v] > TC_ROLE_SWITCH) {
                return tc__fail(TC_EINVAL,
                                "Node %s has role %d; roles are 0 (compute) and 1 "
                                "(switch).",
                                label_of(labels, v, b1, sizeof b1), role[v]);
            }
            switches += role[v] == TC_ROLE_SWITCH;
        }
        g->compute = t->nodes - switches;
        if (g->compute < 2) {
            return tc__fail(TC_EINVAL,
                            "A network needs at least 2 nodes that compute (%lld of "
                            "%lld do).",
                            (long long)g->compute, (long long)t->nodes);
        }
        if (switches > 0) {
            t->role = malloc((size_t)t->nodes);
            if (t->role == NULL) {
                return tc__fail(TC_ENOMEM, "Out of memory for the roles of a graph.");
            }
            memcpy(t->role, role, (size_t)t->nodes);
        }
    }
    if (capacity == NULL) {
        return TC_OK;
    }
    bool ones = true;
    for (int64_t e = 0; e < 2 * nedges; e++) {
        if (capacity[e] < 1 || capacity[e] > TC_CAPACITY_MAX) {
            return tc__fail(TC_EINVAL, "Edge %s %s has capacity %lld; capacities are 1..%d.",
                            label_of(labels, edges[e & ~(int64_t)1], b1, sizeof b1),
                            label_of(labels, edges[e | 1], b2, sizeof b2), (long long)capacity[e],
                            TC_CAPACITY_MAX);
        }
        ones = ones && capacity[e] == 1;
    }
    if (ones) {
        return TC_OK;
    }
    size_t arcs = (size_t)(t->nodes * t->ports);
    t->cap = tc__malloc_array(arcs, sizeof *t->cap);
    if (t->cap == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the capacities of a graph.");
    }
    memset(t->cap, 0, arcs * sizeof *t->cap);
    for (int64_t e = 0; e < nedges; e++) {
        for (int side = 0; side < 2; side++) {
            int64_t u = edges[2 * e + side], v = edges[2 * e + 1 - side];
            uint32_t *c = t->cap + u * t->ports + port_of(t, u, v);
            uint32_t want = (uint32_t)capacity[2 * e + side];
            if (*c != 0 && *c != want) {
                return tc__fail(TC_EINVAL, "Edge %s %s is given twice, with capacities %u and %u.",
                                label_of(labels, u, b1, sizeof b1),
                                label_of(labels, v, b2, sizeof b2), *c, want);
            }
            *c = want;
        }
    }
    return TC_OK;
}

/* 2-colour every component by breadth-first search over the table, counting the components. */
static tc_err_t colour_components(const tc_topo_t *t, bool *bipartite, int64_t *components)
{
    int8_t *colour = malloc((size_t)t->nodes);
    int64_t *queue = tc__malloc_array((size_t)t->nodes, sizeof *queue);
    if (colour == NULL || queue == NULL) {
        free(colour);
        free(queue);
        return tc__fail(TC_ENOMEM, "Out of memory colouring a graph.");
    }
    memset(colour, -1, (size_t)t->nodes);
    bool ok = true;
    int64_t count = 0;
    for (int64_t s = 0; s < t->nodes; s++) {
        if (colour[s] >= 0) {
            continue;
        }
        int64_t head = 0, tail = 0;
        colour[s] = 0;
        queue[tail++] = s;
        count++;
        while (head < tail) {
            int64_t v = queue[head++];
            for (int p = 0; p < t->ports; p++) {
                int64_t u = t->nbr[v * t->ports + p];
                if (u < 0) {
                    break;
                }
                if (colour[u] < 0) {
                    colour[u] = (int8_t)(1 - colour[v]);
                    queue[tail++] = u;
                } else {
                    ok = ok && colour[u] != colour[v];
                }
            }
        }
    }
    free(colour);
    free(queue);
    *bipartite = ok;
    *components = count;
    return TC_OK;
}

/* tc_net_fabric_new with a memory budget for the neighbour table (0: none), for the family of
 * ops (tc__graph_ops, or a family built from its edges). */
static tc_err_t graph_new(const tc__net_ops_t *ops, int64_t nodes, int64_t nedges,
                          const int64_t *edges, const int64_t *capacity, const uint8_t *role,
                          const char *const *labels, const char *name, int64_t budget,
                          tc_net_t **out)
{
    *out = NULL;
    if (nodes < 2 || nedges < 1 || edges == NULL) {
        return tc__fail(TC_EINVAL, "A graph needs at least 2 nodes and 1 edge (%lld and %lld).",
                        (long long)nodes, (long long)nedges);
    }
    if (nodes > INT32_MAX || nedges > INT32_MAX) {
        return tc__fail(TC_ETOOBIG, "A graph of %lld nodes and %lld edges is too large here.",
                        (long long)nodes, (long long)nedges);
    }
    graph_t *g = calloc(1, sizeof *g);
    if (g == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for a graph.");
    }
    snprintf(g->name, sizeof g->name, "%.40s", name != NULL && *name != '\0' ? name : "graph");
    int degree = 0, min_degree = 0;
    bool bipartite = false;
    tc_err_t err = build_table(g, nodes, nedges, edges, labels, budget, &degree, &min_degree);
    if (err == TC_OK) {
        err = set_attributes(g, nedges, edges, capacity, role, labels);
    }
    if (err == TC_OK) {
        err = colour_components(&g->topo, &bipartite, &g->components);
    }
    /* the labels, and their hash (a label given twice is an error) */
    names_t t = {0};
    for (int64_t v = 0; err == TC_OK && v < nodes; v++) {
        char buf[24];
        const char *s = label_of(labels, v, buf, sizeof buf);
        const char *problem = label_problem(s);
        bool added = false;
        if (problem != NULL) {
            err = tc__fail(TC_EINVAL, "The label of node %lld %s.", (long long)v, problem);
        } else if (names_add(&t, s, &added) < 0) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the labels of a graph.");
        } else if (!added) {
            err = tc__fail(TC_EINVAL, "Label \"%s\" names two nodes.", s);
        }
    }
    if (err == TC_OK) {
        g->pool = t.pool;
        g->label = t.at;
        g->slot = t.slot;
        g->mask = t.mask;
        memset(&t, 0, sizeof t);
        err = tc__net_alloc(ops, 0, 0, nodes, degree, 0, out);
    }
    names_free(&t);
    if (err != TC_OK) {
        graph_free_data(g);
        return err;
    }
    tc_net_t *net = *out;
    net->data = g;
    net->min_degree = min_degree;
    net->regular = min_degree == degree;
    net->bipartite = bipartite;
    net->same_port = g->topo.rev == NULL;
    char *spec = malloc(strlen(g->name) + 7);
    if (spec == NULL) {
        tc_net_free(net);
        *out = NULL;
        return tc__fail(TC_ENOMEM, "Out of memory for a graph.");
    }
    sprintf(spec, "graph:%s", g->name);
    free(net->spec);
    net->spec = spec;
    return TC_OK;
}

tc_err_t tc_net_graph_new(int64_t nodes, int64_t nedges, const int64_t *edges,
                          const char *const *labels, const char *name, tc_net_t **out)
{
    return graph_new(&tc__graph_ops, nodes, nedges, edges, NULL, NULL, labels, name, 0, out);
}

tc_err_t tc_net_fabric_new(int64_t nodes, int64_t nedges, const int64_t *edges,
                           const int64_t *capacity, const uint8_t *role, const char *const *labels,
                           const char *name, tc_net_t **out)
{
    return graph_new(&tc__graph_ops, nodes, nedges, edges, capacity, role, labels, name, 0, out);
}

tc_err_t tc__net_fabric(const tc__net_ops_t *ops, const char *spec, int n, int k, int64_t nodes,
                        int64_t nedges, const int64_t *edges, const int64_t *capacity,
                        const uint8_t *role, const char *const *labels, tc_net_t **out)
{
    tc_err_t err = graph_new(ops, nodes, nedges, edges, capacity, role, labels, spec, 0, out);
    if (err != TC_OK) {
        return err;
    }
    char *copy = strdup(spec);
    if (copy == NULL) {
        tc_net_free(*out);
        *out = NULL;
        return tc__fail(TC_ENOMEM, "Out of memory creating %s.", spec);
    }
    free((*out)->spec);
    (*out)->spec = copy;
    (*out)->n = n;
    (*out)->k = k;
    return TC_OK;
}

/* ---- reading: names to ids ---------------------------------------------------------------- */

typedef struct {
    names_t names; /* endpoint names in order of first appearance */
    int64_t *ends; /* two per edge: ids (>= 0) or name indices (-1 - i) */
    int64_t count; /* entries of ends used */
    int64_t cap;
    int64_t *capacity; /* parallel to ends (u->v, v->u), from the first capacity given, or NULL */
    int64_t capacity_cap;
    int64_t *sw; /* the switches: ids or name indices, like ends */
    int64_t sw_count, sw_cap;
    bool any_id, any_name;
} reading_t;

static void reading_free(reading_t *r)
{
    names_free(&r->names);
    free(r->ends);
    free(r->capacity);
    free(r->sw);
}

/* Append x to a growing array of int64_t. */
static bool push_i64(int64_t **a, int64_t *count, int64_t *cap, int64_t x)
{
    if (*count == *cap) {
        int64_t more = *cap < 4096 ? 4096 : *cap * 2;
        int64_t *grown = realloc(*a, (size_t)more * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        *a = grown;
        *cap = more;
    }
    (*a)[(*count)++] = x;
    return true;
}

/* The capacities of the edge just pushed (its two ends are the last of ends): c_uv and c_vu, or
 * 0 and 0 when the line gave none (1 both ways then). */
static bool push_capacity(reading_t *r, int64_t c_uv, int64_t c_vu)
{
    if (r->capacity == NULL && c_uv == 0) {
        return true;
    }
    if (r->capacity == NULL || r->cap > r->capacity_cap) {
        int64_t *grown = realloc(r->capacity, (size_t)r->cap * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        for (int64_t j = r->capacity == NULL ? 0 : r->capacity_cap; j < r->cap; j++) {
            grown[j] = 1;
        }
        r->capacity = grown;
        r->capacity_cap = r->cap;
    }
    r->capacity[r->count - 2] = c_uv > 0 ? c_uv : 1;
    r->capacity[r->count - 1] = c_vu > 0 ? c_vu : 1;
    return true;
}

static bool push_end(reading_t *r, int64_t x)
{
    return push_i64(&r->ends, &r->count, &r->cap, x);
}

/* Ids for the names read: their numeric order when every name is a decimal, else their order
 * of first appearance. *order receives the names by id. */
static tc_err_t number_names(const names_t *t, int64_t **id_of, const char ***order)
{
    int64_t N = t->count;
    *id_of = tc__malloc_array((size_t)N, sizeof **id_of);
    *order = tc__malloc_array((size_t)N, sizeof **order);
    int64_t *keyed = tc__malloc_array((size_t)N * 2, sizeof *keyed);
    if (*id_of == NULL || *order == NULL || keyed == NULL) {
        free(keyed);
        return tc__fail(TC_ENOMEM, "Out of memory numbering %lld nodes.", (long long)N);
    }
    bool numeric = true;
    for (int64_t i = 0; i < N; i++) {
        int64_t value = 0;
        numeric = numeric && decimal(t->pool + t->at[i], &value);
        keyed[2 * i] = numeric ? value : i;
        keyed[2 * i + 1] = i;
    }
    if (numeric) { /* sort (value, index) pairs by value: values are distinct */
        qsort(keyed, (size_t)N, 2 * sizeof *keyed, tc__cmp_int64);
    } else {
        for (int64_t i = 0; i < N; i++) {
            keyed[2 * i + 1] = i;
        }
    }
    for (int64_t id = 0; id < N; id++) {
        int64_t i = keyed[2 * id + 1];
        (*id_of)[i] = id;
        (*order)[id] = t->pool + t->at[i];
    }
    free(keyed);
    return TC_OK;
}

/* The network of what was read from len bytes of text. labels (count given) are the names of
 * ids 0.., or NULL; budget bounds the neighbour table (0: no bound). */
static tc_err_t finish(reading_t *r, const names_t *labels, int64_t nodes, size_t len,
                       const char *name, int64_t budget, tc_net_t **out)
{
    int64_t *id_of = NULL;
    const char **order = NULL;
    uint8_t *role = NULL;
    tc_err_t err = TC_OK;
    if (r->any_id && r->any_name && labels == NULL) {
        return tc__fail(TC_EPARSE, "Edges name nodes both by id and by label, and no \"labels\" "
                                   "say which label is which id.");
    }
    if (labels != NULL) { /* ids are the labels' positions; names must be labels */
        if (nodes >= 0 && nodes != labels->count) {
            return tc__fail(TC_EPARSE, "\"nodes\" is %lld but \"labels\" has %lld entries.",
                            (long long)nodes, (long long)labels->count);
        }
        nodes = labels->count;
        order = tc__malloc_array((size_t)(nodes > 0 ? nodes : 1), sizeof *order);
        id_of = tc__malloc_array((size_t)(r->names.count > 0 ? r->names.count : 1), sizeof *id_of);
        if (order == NULL || id_of == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the labels of a graph.");
            goto done;
        }
        for (int64_t v = 0; v < nodes; v++) {
            order[v] = labels->pool + labels->at[v];
        }
        for (int64_t i = 0; i < r->names.count; i++) {
            id_of[i] = names_find(labels, r->names.pool + r->names.at[i]);
            if (id_of[i] < 0) {
                err = tc__fail(TC_EPARSE, "Edge end \"%.40s\" is not among the \"labels\".",
                               r->names.pool + r->names.at[i]);
                goto done;
            }
        }
    } else if (r->any_name || !r->any_id) {
        if (nodes >= 0 && nodes != r->names.count) {
            return tc__fail(TC_EPARSE, "\"nodes\" is %lld but the edges name %lld nodes.",
                            (long long)nodes, (long long)r->names.count);
        }
        err = number_names(&r->names, &id_of, &order);
        if (err != TC_OK) {
            goto done;
        }
        nodes = r->names.count;
    } else if (nodes < 0) { /* ids only: as many nodes as the largest id says */
        nodes = 0;
        for (int64_t j = 0; j < r->count; j++) {
            nodes = r->ends[j] + 1 > nodes ? r->ends[j] + 1 : nodes;
        }
    }
    /* Every node is an edge end or a label, a byte of text at least: a count or an id that
     * says more would have a few bytes allocate for a huge network of isolated nodes. */
    if (nodes > (int64_t)len) {
        err = tc__fail(TC_EPARSE,
                       "The graph would have %lld nodes, more than its %zu bytes of text describe "
                       "(a node needs an edge end or a label).",
                       (long long)nodes, len);
        goto done;
    }
    for (int64_t j = 0; j < r->count + r->sw_count; j++) {
        int64_t *x = j < r->count ? &r->ends[j] : &r->sw[j - r->count];
        if (*x < 0) {
            *x = id_of[-1 - *x];
        } else if (*x >= nodes) {
            err =
                tc__fail(TC_EPARSE, "%s %lld is outside the node ids 0..%lld.",
                         j < r->count ? "Edge end" : "Switch", (long long)*x, (long long)nodes - 1);
            goto done;
        }
    }
    if (r->sw_count > 0) {
        role = calloc((size_t)nodes, 1);
        if (role == NULL) {
            err = tc__fail(TC_ENOMEM, "Out of memory for the roles of a graph.");
            goto done;
        }
        for (int64_t j = 0; j < r->sw_count; j++) {
            role[r->sw[j]] = TC_ROLE_SWITCH;
        }
    }
    err = graph_new(&tc__graph_ops, nodes, r->count / 2, r->ends, r->capacity, role, order, name,
                    budget, out);
    if (err == TC_EINVAL) { /* what the caller gave is a file: its content is bad data */
        char detail[320];
        snprintf(detail, sizeof detail, "%s", tc_err_detail());
        err = tc__fail(TC_EPARSE, "%s", detail);
    }
done:
    free(id_of);
    free(order);
    free(role);
    return err;
}

/* ---- the edge list ----------------------------------------------------------------------- */

/* A capacity in the text: a decimal integer 1..TC_CAPACITY_MAX (else 0). */
static int64_t capacity_value(const char *s)
{
    int64_t v = 0;
    return decimal(s, &v) && v >= 1 && v <= TC_CAPACITY_MAX ? v : 0;
}

/* One line of an edge list, split into blank-separated words ('#' ends it). */
typedef struct {
    char word[4][TC_LABEL_MAX];
    int words;
    bool directive; /* "@switch NAME...": the names were taken as switches already */
} line_t;

/* The next word of the line [*q, eol) into buf (at most TC_LABEL_MAX - 1 characters); false at
 * the end of the line. *long_word says a word did not fit. */
static bool next_word(const char **q, const char *eol, char *buf, bool *long_word)
{
    const char *p = *q;
    while (p < eol && (*p == ' ' || *p == '\t' || *p == '\r')) {
        p++;
    }
    if (p == eol || *p == '#') {
        *q = eol;
        return false;
    }
    const char *w = p;
    while (p < eol && *p != ' ' && *p != '\t' && *p != '\r') {
        p++;
    }
    *q = p;
    *long_word = (size_t)(p - w) >= TC_LABEL_MAX;
    if (!*long_word) {
        memcpy(buf, w, (size_t)(p - w));
        buf[p - w] = '\0';
    }
    return true;
}

/* Read one line: a node, an edge "u v [c [c_back]]", or "@switch NAME...". */
static tc_err_t edge_list_line(reading_t *r, const char *p, const char *eol, int line)
{
    char buf[TC_LABEL_MAX];
    line_t l = {.words = 0};
    bool long_word = false;
    while (next_word(&p, eol, buf, &long_word)) {
        if (long_word) {
            return tc__fail(TC_EPARSE, "line %d: a name longer than %d characters.", line,
                            TC_LABEL_MAX - 1);
        }
        if (l.words == 0 && strcmp(buf, "@switch") == 0) {
            l.directive = true;
            l.words = 1;
            continue;
        }
        if (!l.directive && l.words == 4) {
            return tc__fail(TC_EPARSE,
                            "line %d: more than two names and two capacities (an edge "
                            "is \"u v [CAPACITY [BACK]]\").",
                            line);
        }
        const char *problem = l.directive || l.words < 2 ? label_problem(buf) : NULL;
        if (problem != NULL) {
            return tc__fail(TC_EPARSE, "line %d: name \"%.20s\" %s.", line, buf, problem);
        }
        if (!l.directive && l.words >= 2 && capacity_value(buf) == 0) {
            return tc__fail(TC_EPARSE,
                            "line %d: \"%.20s\" is not a capacity 1..%d (an edge is "
                            "\"u v [CAPACITY [BACK]]\").",
                            line, buf, TC_CAPACITY_MAX);
        }
        if (l.directive) {
            bool added;
            int64_t i = names_add(&r->names, buf, &added);
            if (i < 0 || !push_i64(&r->sw, &r->sw_count, &r->sw_cap, -1 - i)) {
                return tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
            }
            l.words++;
            continue;
        }
        memcpy(l.word[l.words++], buf, strlen(buf) + 1);
    }
    if (l.directive) {
        return l.words > 1 ? TC_OK : tc__fail(TC_EPARSE, "line %d: @switch names no node.", line);
    }
    for (int f = 0; f < l.words && f < 2; f++) {
        bool added;
        int64_t i = names_add(&r->names, l.word[f], &added);
        if (i < 0 || (l.words >= 2 && !push_end(r, -1 - i))) {
            return tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
        }
    }
    if (l.words >= 2 && strcmp(l.word[0], l.word[1]) == 0) {
        return tc__fail(TC_EPARSE, "line %d: a loop at node %s; a network has none.", line,
                        l.word[0]);
    }
    if (l.words >= 2) {
        int64_t c = l.words >= 3 ? capacity_value(l.word[2]) : 0;
        int64_t back = l.words == 4 ? capacity_value(l.word[3]) : c;
        if (!push_capacity(r, c, back)) {
            return tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
        }
    }
    return TC_OK;
}

static tc_err_t read_edge_list(const char *text, size_t len, const char *name, int64_t budget,
                               tc_net_t **out)
{
    reading_t r = {0};
    tc_err_t err = TC_OK;
    int line = 0;
    for (const char *p = text, *end = text + len; p < end && err == TC_OK;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        eol = eol == NULL ? end : eol;
        err = edge_list_line(&r, p, eol, ++line);
        p = eol + 1;
    }
    r.any_name = true;
    if (err == TC_OK && r.count == 0) {
        err = tc__fail(TC_EPARSE, "The edge list has no edge (lines \"u v\").");
    }
    if (err == TC_OK) {
        err = finish(&r, NULL, -1, len, name, budget, out);
    }
    reading_free(&r);
    return err;
}

/* ---- the JSON form --------------------------------------------------------------------------- */

typedef struct {
    reading_t r;
    names_t labels;
    bool have_labels, have_edges, wrong_family;
    int64_t nodes;
    char name[TC_LABEL_MAX];
} json_graph_t;

static bool label_list(tc__js_t *s, json_graph_t *g)
{
    if (!tc__js_expect(s, '[')) {
        return false;
    }
    g->have_labels = true;
    if (tc__js_peek(s, ']')) {
        s->p++;
        return true;
    }
    for (;;) {
        char buf[TC_LABEL_MAX * 2];
        bool added;
        if (!tc__js_str(s, buf, sizeof buf)) {
            return false;
        }
        const char *problem = label_problem(buf);
        if (problem != NULL) {
            TC__JS_FAIL(s, "label \"%.20s\" %s", buf, problem);
        }
        if (names_add(&g->labels, buf, &added) < 0) {
            s->err = tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
            return false;
        }
        if (!added) {
            TC__JS_FAIL(s, "label \"%s\" appears twice", buf);
        }
        if (!tc__js_peek(s, ',')) {
            return tc__js_expect(s, ']');
        }
        s->p++;
    }
}

/* One edge end (or switch): an id or a label, into ends (or the switches). */
static bool node_ref(tc__js_t *s, json_graph_t *g, bool is_switch)
{
    int64_t x;
    if (tc__js_peek(s, '"')) {
        char buf[TC_LABEL_MAX * 2];
        bool added;
        if (!tc__js_str(s, buf, sizeof buf)) {
            return false;
        }
        int64_t i = names_add(&g->r.names, buf, &added);
        g->r.any_name = true;
        x = -1 - i;
        if (i < 0) {
            s->err = tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
            return false;
        }
    } else {
        if (!tc__js_int(s, &x, NULL)) {
            return false;
        }
        if (x < 0) {
            TC__JS_FAIL(s, "node id %lld is negative", (long long)x);
        }
        g->r.any_id = true;
    }
    if (!(is_switch ? push_i64(&g->r.sw, &g->r.sw_count, &g->r.sw_cap, x) : push_end(&g->r, x))) {
        s->err = tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
        return false;
    }
    return true;
}

static bool edge_end(tc__js_t *s, json_graph_t *g)
{
    return node_ref(s, g, false);
}

/* The capacities after an edge's ends: none, ", c" or ", c, c_back". */
static bool edge_capacities(tc__js_t *s, json_graph_t *g)
{
    int64_t c[2] = {0, 0};
    for (int k = 0; k < 2 && tc__js_peek(s, ','); k++) {
        s->p++;
        if (!tc__js_int(s, &c[k], NULL)) {
            return false;
        }
        if (c[k] < 1 || c[k] > TC_CAPACITY_MAX) {
            TC__JS_FAIL(s, "capacity %lld is not 1..%d", (long long)c[k], TC_CAPACITY_MAX);
        }
    }
    if (!push_capacity(&g->r, c[0], c[1] > 0 ? c[1] : c[0])) {
        s->err = tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
        return false;
    }
    return true;
}

static bool switch_list(tc__js_t *s, json_graph_t *g)
{
    if (!tc__js_expect(s, '[')) {
        return false;
    }
    if (tc__js_peek(s, ']')) {
        s->p++;
        return true;
    }
    for (;;) {
        if (!node_ref(s, g, true)) {
            return false;
        }
        if (!tc__js_peek(s, ',')) {
            return tc__js_expect(s, ']');
        }
        s->p++;
    }
}

static bool edge_list(tc__js_t *s, json_graph_t *g)
{
    if (!tc__js_expect(s, '[')) {
        return false;
    }
    g->have_edges = true;
    if (tc__js_peek(s, ']')) {
        s->p++;
        return true;
    }
    for (;;) {
        if (!(tc__js_expect(s, '[') && edge_end(s, g) && tc__js_expect(s, ',') && edge_end(s, g) &&
              edge_capacities(s, g))) {
            return false;
        }
        if (!tc__js_expect(s, ']')) {
            return false;
        }
        if (!tc__js_peek(s, ',')) {
            return tc__js_expect(s, ']');
        }
        s->p++;
    }
}

static bool graph_member(tc__js_t *s, const char *key, void *ctx)
{
    json_graph_t *g = ctx;
    char family[32];
    if (strcmp(key, "network") == 0 && tc__js_peek(s, '{')) {
        return tc__js_object(s, graph_member, g);
    }
    if (strcmp(key, "family") == 0) {
        if (!tc__js_str(s, family, sizeof family)) {
            return false;
        }
        g->wrong_family = g->wrong_family || strcmp(family, "graph") != 0;
        return true;
    }
    if (strcmp(key, "name") == 0) {
        char buf[256];
        if (!tc__js_str(s, buf, sizeof buf)) {
            return false;
        }
        snprintf(g->name, sizeof g->name, "%.40s", buf);
        return true;
    }
    if (strcmp(key, "nodes") == 0) {
        if (!tc__js_int(s, &g->nodes, NULL)) {
            return false;
        }
        if (g->nodes < 0) {
            TC__JS_FAIL(s, "\"nodes\" is %lld; a count of nodes is not negative",
                        (long long)g->nodes);
        }
        return true;
    }
    if (strcmp(key, "labels") == 0) {
        if (g->have_labels) { /* a forest document repeats them at the top: the first wins */
            return tc__js_skip(s, 1);
        }
        return label_list(s, g);
    }
    if (strcmp(key, "edges") == 0) {
        return edge_list(s, g);
    }
    if (strcmp(key, "switches") == 0) {
        return switch_list(s, g);
    }
    return tc__js_skip(s, 1);
}

static tc_err_t graph_scan(tc__js_t *s, const char *name, int64_t budget, tc_net_t **out)
{
    json_graph_t *g = calloc(1, sizeof *g);
    if (g == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory reading a graph.");
    }
    g->nodes = -1;
    snprintf(g->name, sizeof g->name, "%.40s", name != NULL ? name : "graph");
    tc_err_t err = TC_OK;
    int line = tc__js_line(s);
    if (!tc__js_object(s, graph_member, g)) {
        err = s->err != TC_OK ? s->err : tc__fail(TC_EPARSE, "line %d: malformed JSON", line);
    } else if (g->wrong_family) {
        err = tc__fail(TC_EPARSE, "line %d: the network's \"family\" is not \"graph\".", line);
    } else if (!g->have_edges || g->r.count == 0) {
        err = tc__fail(TC_EPARSE,
                       "line %d: the graph has no \"edges\" (a document without them needs the "
                       "graph given separately, as graph:FILE).",
                       line);
    } else {
        err = finish(&g->r, g->have_labels ? &g->labels : NULL, g->nodes,
                     (size_t)(s->end - s->start), g->name, budget, out);
    }
    reading_free(&g->r);
    names_free(&g->labels);
    free(g);
    return err;
}

tc_err_t tc__net_graph_scan(tc__js_t *s, const char *name, tc_net_t **out)
{
    return graph_scan(s, name, 0, out);
}

/* tc_net_graph_read with a budget for the neighbour table (0: none). */
static tc_err_t graph_read(const char *text, size_t len, const char *name, int64_t budget,
                           tc_net_t **out)
{
    *out = NULL;
    const char *nul = memchr(text, '\0', len); /* a name would end there, silently */
    if (nul != NULL) {
        return tc__fail(TC_EPARSE, "line %lld: a NUL byte; a graph file is text.",
                        (long long)tc_text_line(text, (size_t)(nul - text)));
    }
    size_t skip = 0;
    while (skip < len && strchr(" \t\r\n", text[skip]) != NULL) {
        skip++;
    }
    if (skip < len && text[skip] == '{') {
        tc__js_t s = {text, text, text + len, TC_OK};
        tc_err_t err = graph_scan(&s, name, budget, out);
        tc__js_ws(&s);
        if (err == TC_OK && s.p != s.end) {
            tc_net_free(*out);
            *out = NULL;
            err =
                tc__fail(TC_EPARSE, "line %d: text after the end of the document", tc__js_line(&s));
        }
        return err;
    }
    return read_edge_list(text, len, name, budget, out);
}

tc_err_t tc_net_graph_read(const char *text, size_t len, const char *name, tc_net_t **out)
{
    return graph_read(text, len, name, 0, out);
}

/* The text of the graph file at path, read whole into *text (*len bytes, NUL-terminated), at
 * most limit bytes of it (tc_read_text). A larger file is TC_EPARSE when the limit is the
 * format's (GRAPH_FILE_MAX), TC_ENOMEM when it is the memory budget's; a read error is TC_EIO,
 * never an end of file. */
static tc_err_t read_graph_text(const char *path, int64_t limit, bool memory_bound, int64_t budget,
                                char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        return tc__fail(TC_EIO, "Cannot open graph file %.200s: %s.", path, strerror(errno));
    }
    struct stat st;
    bool regular = fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode);
    char name[240];
    snprintf(name, sizeof name, "Graph file %.200s", path);
    tc_err_t err = tc_read_text(fp, name, "a graph file", limit, regular ? (int64_t)st.st_size : -1,
                                text, len);
    fclose(fp);
    if (err != TC_ERANGE) {
        return err;
    }
    char lim[24], mem[24];
    tc_format_bytes(limit, lim, sizeof lim);
    tc_format_bytes(budget, mem, sizeof mem);
    if (memory_bound) {
        return tc__fail(TC_ENOMEM,
                        "Graph file %.200s is larger than %s: reading it would take more than "
                        "the %s of memory allowed (%d bytes per byte of text).",
                        path, lim, mem, GRAPH_READ_PER_BYTE);
    }
    return tc__fail(TC_EPARSE, "Graph file %.200s is larger than %s, the most a graph file may be.",
                    path, lim);
}

tc_err_t tc_net_graph_load(const char *path, int64_t memory, tc_net_t **out)
{
    *out = NULL;
    int64_t limit = GRAPH_FILE_MAX;
    bool memory_bound = memory > 0 && memory / GRAPH_READ_PER_BYTE < limit;
    limit = memory_bound ? memory / GRAPH_READ_PER_BYTE : limit;
    char *text = NULL;
    size_t len = 0;
    tc_err_t err = read_graph_text(path, limit, memory_bound, memory, &text, &len);
    if (err != TC_OK) {
        return err;
    }
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    err = graph_read(text, len, base, memory > 0 ? memory : 0, out);
    free(text);
    if (err == TC_OK) { /* the specification names the file */
        char *full = malloc(strlen(path) + 7);
        if (full == NULL) {
            tc_net_free(*out);
            *out = NULL;
            return tc__fail(TC_ENOMEM, "Out of memory for a graph.");
        }
        sprintf(full, "graph:%s", path);
        free((*out)->spec);
        (*out)->spec = full;
    }
    return err;
}

/* Whether net is built from its edges (a graph, or a family of fabrics): it has a graph_t. */
static bool graph_backed(const tc_net_t *net)
{
    return net->ops->destroy == tc__graph_destroy;
}

int64_t tc_net_components(const tc_net_t *net)
{
    /* the readers of the graph's data outside the registry: every family not built from its
     * edges is connected by construction and has neither switches nor capacities */
    return graph_backed(net) ? ((const graph_t *)net->data)->components : 1;
}

tc_role_t tc_net_role(const tc_net_t *net, int64_t node)
{
    const tc_topo_t *t = graph_backed(net) ? &((const graph_t *)net->data)->topo : NULL;
    return t != NULL && t->role != NULL && node >= 0 && node < t->nodes ? (tc_role_t)t->role[node]
                                                                        : TC_ROLE_COMPUTE;
}

int64_t tc_net_compute_nodes(const tc_net_t *net)
{
    return graph_backed(net) ? ((const graph_t *)net->data)->compute : net->nodes;
}

bool tc_net_switches(const tc_net_t *net)
{
    return tc_net_compute_nodes(net) < net->nodes;
}

int64_t tc_net_capacity(const tc_net_t *net, int64_t node, int dim)
{
    if (tc_net_neighbor(net, node, dim) < 0) {
        return 0;
    }
    const tc_topo_t *t = graph_backed(net) ? &((const graph_t *)net->data)->topo : NULL;
    return t != NULL && t->cap != NULL ? t->cap[node * t->ports + (dim - net->dim_lo)] : 1;
}

bool tc_net_capacitated(const tc_net_t *net)
{
    return graph_backed(net) && ((const graph_t *)net->data)->topo.cap != NULL;
}

tc_err_t tc_net_require_connected(const tc_net_t *net)
{
    int64_t parts = tc_net_components(net);
    if (parts <= 1) {
        return TC_OK;
    }
    return tc__fail(TC_EPARSE, "%s is not connected: %lld components.", net->spec,
                    (long long)parts);
}

/* ---- the operations ----------------------------------------------------------------------- */

static const graph_t *G(const tc_net_t *net)
{
    return net->data;
}

/* graph:FILE: the file's text, read whole (at most GRAPH_FILE_MAX bytes; no memory budget:
 * tc_net_graph_load takes one). */
static tc_err_t graph_parse(const char *spec, const char *args, tc_net_t **out)
{
    (void)spec; /* "graph:" + args */
    return tc_net_graph_load(args, 0, out);
}

static size_t graph_name(const tc_net_t *net, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "%s", G(net)->name);
    return len < 0 ? 0 : (size_t)len;
}

int64_t tc__graph_edges(const tc_net_t *net)
{
    const tc_topo_t *t = &G(net)->topo;
    int64_t arcs = 0;
    for (int64_t a = 0; a < t->nodes * t->ports; a++) {
        arcs += t->nbr[a] >= 0;
    }
    return arcs / 2;
}

static int graph_diameter(const tc_net_t *net)
{
    (void)net;
    return -1;
}

bool tc__graph_materializable(const tc_net_t *net)
{
    (void)net;
    return true;
}

int64_t tc__graph_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    const tc_topo_t *t = &G(net)->topo;
    return t->nbr[node * t->ports + dim];
}

int tc__graph_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    const tc_topo_t *t = &G(net)->topo;
    if (u < 0 || u >= t->nodes) {
        return -1;
    }
    for (int p = 0; p < t->ports && t->nbr[u * t->ports + p] >= 0; p++) {
        if (t->nbr[u * t->ports + p] == v) {
            return p;
        }
    }
    return -1;
}

/* Breadth-first search from u until v; -1 when v cannot be reached (or memory runs out). */
int tc__graph_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    if (u == v) {
        return 0;
    }
    const tc_topo_t *t = &G(net)->topo;
    int *dist = malloc((size_t)t->nodes * sizeof *dist);
    int64_t *queue = tc__malloc_array((size_t)t->nodes, sizeof *queue);
    int found = -1;
    if (dist != NULL && queue != NULL) {
        memset(dist, -1, (size_t)t->nodes * sizeof *dist);
        int64_t head = 0, tail = 0;
        dist[u] = 0;
        queue[tail++] = u;
        while (head < tail && found < 0) {
            int64_t x = queue[head++];
            for (int p = 0; p < t->ports && found < 0; p++) {
                int64_t y = t->nbr[x * t->ports + p];
                if (y >= 0 && dist[y] < 0) {
                    dist[y] = dist[x] + 1;
                    queue[tail++] = y;
                    found = y == v ? dist[y] : -1;
                }
            }
        }
    }
    free(dist);
    free(queue);
    return found;
}

size_t tc__graph_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    (void)commas;
    int len = snprintf(buf, cap, "%s", G(net)->pool + G(net)->label[node]);
    return len < 0 ? 0 : (size_t)len;
}

tc_err_t tc__graph_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    const graph_t *g = G(net);
    names_t view = {.pool = g->pool, .at = g->label, .slot = g->slot, .mask = g->mask};
    *out = names_find(&view, text);
    if (*out < 0) {
        return tc__fail(TC_EPARSE, "\"%.40s\" is not a node of %s.", text, g->name);
    }
    return TC_OK;
}

static tc_err_t graph_facts(const tc_net_t *net, tc_facts_t *out)
{
    tc_err_t err = tc__facts_generic(net, out);
    snprintf(out->title, sizeof out->title, "a graph given by its edges (%lld nodes)",
             (long long)net->nodes);
    tc_fact_t *f = tc_facts_add(out, "bipartite", "");
    tc__fact_value(f, "%s (2-colouring)", net->bipartite ? "yes" : "no");
    tc__facts_fabric(net, out);
    return err;
}

void tc__facts_fabric(const tc_net_t *net, tc_facts_t *out)
{
    const tc_topo_t *t = &G(net)->topo;
    if (t->role != NULL) {
        tc_fact_t *f = tc_facts_add(out, "compute nodes", "");
        int64_t switches = net->nodes - G(net)->compute;
        tc__fact_value(f, "%lld (%lld switch%s)", (long long)G(net)->compute, (long long)switches,
                       switches == 1 ? "" : "es");
    }
    if (t->cap != NULL) {
        uint32_t lo = UINT32_MAX, hi = 0;
        int64_t total = 0;
        for (int64_t a = 0; a < t->nodes * t->ports; a++) {
            if (t->nbr[a] >= 0) {
                lo = t->cap[a] < lo ? t->cap[a] : lo;
                hi = t->cap[a] > hi ? t->cap[a] : hi;
                total += t->cap[a];
            }
        }
        tc_fact_t *f = tc_facts_add(out, "capacities", "");
        tc__fact_value(f, "%u..%u per arc, %lld in all", lo, hi, (long long)total);
    }
}

const tc_topo_t *tc__graph_table(const tc_net_t *net)
{
    return &G(net)->topo;
}

void tc__graph_destroy(tc_net_t *net)
{
    graph_free_data(net->data);
}

const tc__net_ops_t tc__graph_ops = {
    .family = "graph",
    .syntax = "graph:FILE",
    .parse = graph_parse,
    .name = graph_name,
    .edges = tc__graph_edges,
    .diameter = graph_diameter,
    .materializable = tc__graph_materializable,
    .neighbor = tc__graph_neighbor,
    .edge_dim = tc__graph_edge_dim,
    .distance = tc__graph_distance,
    .label = tc__graph_label,
    .parse_label = tc__graph_parse_label,
    .facts = graph_facts,
    .destroy = tc__graph_destroy,
    .table = tc__graph_table,
    .walker = TC__WALK_TABLE,
    .params = 0,
};
