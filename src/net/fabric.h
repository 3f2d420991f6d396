/* What the families of fabrics share (the tc__ tier): fattree.c, leafspine.c, dragonfly.c,
 * hyperx.c, slimfly.c and polarfly.c build a network of compute nodes (hosts) and switches from
 * its edges, hosts first (ids 0..hosts-1, so that MPI rank i is compute node i), then the
 * switches; they parse their specifications alike and measure their distances alike, over the
 * switches alone (a host hangs from one switch, so no shortest path between two switches passes
 * through a host).
 */
#ifndef TREECAST_NET_FABRIC_H
#define TREECAST_NET_FABRIC_H

#include "net/net_internal.h"
#include "treecast/net.h"

#include <stdbool.h>
#include <stdint.h>

/* The most nodes a family of fabrics builds (2^21), and the largest degree (the graph code's). */
#define TC__FAB_MAX_NODES ((int64_t)1 << 21)
#define TC__FAB_MAX_DEGREE TC_GRAPH_MAX_DEGREE

/* A network being built: its edges (two ids each), their capacities (two each, u->v and v->u,
 * or NULL: all 1), the roles and the labels of its nodes. */
typedef struct {
    int64_t hosts, nodes;
    int64_t nedges, max_edges;
    int64_t *edges;
    int64_t *capacity;
    uint8_t *role;
    char (*text)[16];    /* the labels' characters, one row per node */
    const char **labels; /* labels[v] = text[v] */
} tc__fab_t;

/* Allocate a network of `hosts` compute nodes and `switches` switches (the nodes after the
 * hosts, role TC_ROLE_SWITCH) with room for max_edges edges, and capacities when asked; hosts
 * are labelled "h0", "h1", ... TC_ENOMEM with a detail naming spec. */
tc_err_t tc__fab_init(tc__fab_t *f, int64_t hosts, int64_t switches, int64_t max_edges,
                      bool capacities, const char *spec);

/* Label nodes first..first+count-1 prefix0, prefix1, ... ("r0", "r1", ...). */
void tc__fab_label(tc__fab_t *f, int64_t first, int64_t count, char prefix);

/* Append the edge u-v, with capacity c_uv from u to v and c_vu back (ignored without
 * capacities). The caller sized max_edges; a further edge is a bug (asserted). */
void tc__fab_edge(tc__fab_t *f, int64_t u, int64_t v, int64_t c_uv, int64_t c_vu);

/* Attach the hosts in id order, `per` to each switch from id first_switch on: host h hangs from
 * switch first_switch + h / per, with capacity c both ways. */
void tc__fab_attach_hosts(tc__fab_t *f, int64_t first_switch, int64_t per, int64_t c);

/* Make the network (tc__net_fabric with f's edges, capacities, roles and labels) and release f
 * whatever happens. */
tc_err_t tc__fab_build(tc__fab_t *f, const tc__net_ops_t *ops, const char *spec, int n, int k,
                       tc_net_t **out);

/* Release what f holds (f may be zeroed or half built). */
void tc__fab_free(tc__fab_t *f);

/* Parse between min and max decimal integers separated by commas, the whole of args, into
 * values[0..]; *count says how many were given. false when the text is not that. */
bool tc__fab_parse_ints(const char *args, int min, int max, long *values, int *count);

/* The integers of the network's own specification (the text after its colon), at most max of
 * them, into v[0..]; *count says how many. false when the specification is not that. */
bool tc__fab_spec_ints(const tc_net_t *net, long *v, int max, int *count);

/* Whether q is a prime, and the least primitive root modulo the prime q. */
bool tc__fab_prime(long q);

/* TC_OK when q is a prime; else TC_ERANGE with the sentence "The <fabric> <spec> needs a prime
 * Q: 9 is a power of 3, whose <structure> needs the arithmetic of the field GF(9), which
 * treecast does not do." (or "...; 10 is not one."). */
tc_err_t tc__fab_need_prime(const char *fabric, const char *spec, const char *structure, long q);
int tc__fab_primitive_root(int q);

/* The paper-style name "FT(4)", "DF(4,2,2)": prefix and the count integers of v. */
size_t tc__fab_name(char *buf, size_t cap, const char *prefix, const long *v, int count);

/* What breadth-first search over the switches measures: the largest distance between two
 * switches and between two hosts (a host's switch distance + 2; 2 for two hosts of one switch),
 * from `sources` of the `switches` switches (all of them when `all`; evenly spaced ones when
 * every search would take too long; none above 2^20 nodes, where `measured` is false). */
typedef struct {
    const char *noun; /* "switches" (a family may say "routers") */
    bool measured, all, connected;
    int64_t sources, switches;
    int switch_diameter, host_diameter;
} tc__fab_dist_t;

tc_err_t tc__fab_distances(const tc_net_t *net, tc__fab_dist_t *out);

/* The degrees of nodes first..first+count-1: the least and the largest, counting the links to
 * hosts or not. */
void tc__fab_degrees(const tc_net_t *net, int64_t first, int64_t count, bool with_hosts, int *lo,
                     int *hi);

/* A facts row "key": the value counted, the paper's formula = its value, judged equal. */
void tc__fab_fact_count(tc_facts_t *out, const char *key, const char *source, int64_t value,
                        const char *formula, int64_t paper);

/* A facts row of degrees lo..hi (of `what`: "every switch") against the paper's single value. */
void tc__fab_fact_degree(tc_facts_t *out, const char *key, const char *source, int lo, int hi,
                         const char *what, const char *formula, int paper);

/* A facts row of a diameter measured by tc__fab_distances (host_diameter when hosts, else
 * switch_diameter) against the paper's value (formula = value, or the value alone when formula
 * is NULL); judged when every switch was a source, not judged when only some were. */
void tc__fab_fact_diameter(tc_facts_t *out, const char *key, const char *source,
                           const tc__fab_dist_t *d, bool hosts, const char *formula, int paper);

#endif
