/* Exact least-height directed edge-disjoint spanning trees by SAT (CaDiCaL's C API); the
 * encoding is described in include/treecast/search.h.
 *
 * Literals: variable 1 is the constant true (a unit clause), so a depth variable that a bound
 * fixes is the literal 1 or -1 and add_clause drops it (or the whole clause) on the way in. */
#include "treecast/search.h"
#include "core/internal.h"
#include "treecast/net.h"
#include "treecast/trees.h"
#include "trees/search_internal.h"

#include <assert.h>
#include <ccadical.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TRUE_LIT 1
#define FAR (INT32_MAX / 4) /* the distance of an unreachable node */
#define MAX_VARS ((int64_t)1 << 26)
#define MAX_CLAUSES ((int64_t)1 << 26)

const char *tc_search_status_name(tc_search_status_t status)
{
    switch (status) {
    case TC_SEARCH_FOUND:
        return "found";
    case TC_SEARCH_NONE:
        return "none";
    case TC_SEARCH_UNKNOWN:
        return "unknown";
    }
    return "?";
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What every height of one (network, root, tree count) shares. */
typedef struct {
    tc_topo_t topo;
    int64_t V, root;
    int P, T, dim_min;
    unsigned flags;
    int32_t *dist;   /* from the root; FAR when unreachable */
    int32_t *lb;     /* T x V: a lower bound on the depth of v in tree t */
    int32_t *rport;  /* V: the port of v leading to the root, -1 when v is not a neighbour */
    int root_degree; /* neighbours of the root */
    int min_degree;  /* the fewest neighbours of a node other than the root */
    int ecc;         /* eccentricity of the root */
    int max_lb;
    bool forced; /* tree t's only root child is the root's t-th neighbour */
} ctx_t;

static void ctx_free(ctx_t *c)
{
    tc_topo_destroy(&c->topo);
    free(c->dist);
    free(c->lb);
    free(c->rport);
}

static int32_t nbr(const ctx_t *c, int64_t v, int p)
{
    return c->topo.nbr[v * c->P + p];
}

/* Breadth-first distances from src into out (FAR when unreachable); `avoid` (or -1) is a node
 * the paths may not enter. */
static void bfs(const ctx_t *c, int64_t src, int64_t avoid, int32_t *out, int32_t *queue)
{
    for (int64_t v = 0; v < c->V; v++) {
        out[v] = FAR;
    }
    int64_t head = 0, tail = 0;
    out[src] = 0;
    queue[tail++] = (int32_t)src;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int p = 0; p < c->P; p++) {
            int32_t u = nbr(c, v, p);
            if (u >= 0 && u != avoid && out[u] == FAR) {
                out[u] = out[v] + 1;
                queue[tail++] = u;
            }
        }
    }
}

static tc_err_t ctx_init(const tc_net_t *net, int64_t root, int ntrees, unsigned flags, ctx_t *c)
{
    memset(c, 0, sizeof *c);
    char name[32];
    tc_net_name(net, name, sizeof name);
    int64_t V = tc_net_nodes(net);
    if (V > TC_SEARCH_MAX_NODES) {
        return tc__fail(TC_ETOOBIG, "%s has %lld nodes; the search handles up to %d.", name,
                        (long long)V, TC_SEARCH_MAX_NODES);
    }
    if (root < 0 || root >= V) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)V - 1);
    }
    tc_err_t err = tc_net_require_connected(net); /* no spanning tree, whatever the height */
    if (err != TC_OK) {
        return err;
    }
    int degree = tc_net_degree(net);
    if (ntrees < 1 || ntrees > degree) {
        return tc__fail(TC_EINVAL, "The search asks for 1..%d trees on %s (its degree), not %d.",
                        degree, name, ntrees);
    }
    err = tc_topo_init(&c->topo, net);
    if (err != TC_OK) {
        return err;
    }
    c->V = V;
    c->root = root;
    c->P = c->topo.ports;
    c->T = ntrees;
    c->dim_min = tc_net_dim_min(net);
    c->flags = flags;
    c->dist = tc__malloc_array((size_t)V, sizeof *c->dist);
    c->lb = tc__malloc_array((size_t)ntrees * (size_t)V, sizeof *c->lb);
    c->rport = tc__malloc_array((size_t)V, sizeof *c->rport);
    int32_t *queue = tc__malloc_array((size_t)V, sizeof *queue);
    int32_t *tmp = tc__malloc_array((size_t)V, sizeof *tmp);
    if (c->dist == NULL || c->lb == NULL || c->rport == NULL || queue == NULL || tmp == NULL) {
        free(queue);
        free(tmp);
        ctx_free(c);
        return tc__fail(TC_ENOMEM, "Out of memory for the search tables of %s.", name);
    }
    bfs(c, root, -1, c->dist, queue);
    c->min_degree = INT_MAX;
    for (int64_t v = 0; v < V; v++) {
        int deg = 0;
        c->rport[v] = -1;
        for (int p = 0; p < c->P; p++) {
            int32_t u = nbr(c, v, p);
            deg += u >= 0;
            if (u == root) {
                c->rport[v] = p;
            }
        }
        if (v == root) {
            c->root_degree = deg;
        } else if (deg < c->min_degree) {
            c->min_degree = deg;
        }
        c->ecc = c->dist[v] > c->ecc ? c->dist[v] : c->ecc;
    }
    /* With as many trees as root links, each tree has exactly one root child; ordered by port,
     * tree t's is the t-th neighbour, and a path of tree t reaches v from it avoiding the root. */
    c->forced = !(flags & TC__SEARCH_NO_SYMMETRY) && c->root_degree == ntrees;
    int t = 0;
    for (int p = 0; p < c->P && t < ntrees; p++) {
        int32_t child = nbr(c, root, p);
        if (child < 0) {
            continue;
        }
        int32_t *lb = c->lb + (size_t)t * (size_t)V;
        if (c->forced) {
            bfs(c, child, root, tmp, queue);
            for (int64_t v = 0; v < V; v++) {
                lb[v] = v == root ? 0 : (tmp[v] == FAR ? FAR : tmp[v] + 1);
            }
        } else {
            memcpy(lb, c->dist, (size_t)V * sizeof *lb);
        }
        t++;
    }
    for (; t < ntrees; t++) { /* fewer root links than trees: no forcing */
        memcpy(c->lb + (size_t)t * (size_t)V, c->dist, (size_t)V * sizeof *c->lb);
    }
    for (int64_t j = 0; j < (int64_t)ntrees * V; j++) {
        c->max_lb = c->lb[j] > c->max_lb ? c->lb[j] : c->max_lb;
    }
    free(queue);
    free(tmp);
    return TC_OK;
}

/* ---- the encoding ---------------------------------------------------------------------------- */

typedef struct {
    const ctx_t *c;
    CCaDiCaL *s;
    int H;
    int32_t *xv;    /* T x V x P: the variable of "v's parent in tree t is nbr(v, p)", 0: none */
    int32_t *dbase; /* T x V: the variable of d[t][v][lb] */
    int *lits;      /* P literals of scratch */
    int64_t clauses;
    int64_t learned;
} enc_t;

static void add_clause(enc_t *e, const int *lits, int count)
{
    for (int j = 0; j < count; j++) {
        if (lits[j] == TRUE_LIT) {
            return;
        }
    }
    for (int j = 0; j < count; j++) {
        if (lits[j] != -TRUE_LIT) {
            ccadical_add(e->s, lits[j]);
        }
    }
    ccadical_add(e->s, 0);
    e->clauses++;
}

static void add2(enc_t *e, int a, int b)
{
    int l[2] = {a, b};
    add_clause(e, l, 2);
}

static void add3(enc_t *e, int a, int b, int d)
{
    int l[3] = {a, b, d};
    add_clause(e, l, 3);
}

static int xlit(const enc_t *e, int t, int64_t v, int p)
{
    const ctx_t *c = e->c;
    return e->xv[((size_t)t * (size_t)c->V + (size_t)v) * (size_t)c->P + (size_t)p];
}

/* d[t][v][h]: v is within depth h of the root in tree t. */
static int dlit(const enc_t *e, int t, int64_t v, int h)
{
    const ctx_t *c = e->c;
    if (v == c->root) {
        return TRUE_LIT;
    }
    size_t j = (size_t)t * (size_t)c->V + (size_t)v;
    int lb = c->lb[j];
    if (h < lb) {
        return -TRUE_LIT;
    }
    if (h >= e->H) {
        return TRUE_LIT;
    }
    return e->dbase[j] + (h - lb);
}

/* The variable of "tree t uses the link from the root to its neighbour through root port q". */
static int ylit(const enc_t *e, int t, int q)
{
    int32_t child = nbr(e->c, e->c->root, q);
    return xlit(e, t, child, e->c->rport[child]);
}

static void on_learn(void *state, int *clause)
{
    (void)clause;
    ((enc_t *)state)->learned++;
}

static void encode(enc_t *e)
{
    const ctx_t *c = e->c;
    int T = c->T, P = c->P, H = e->H;
    int64_t V = c->V, r = c->root;
    int *lits = e->lits;
    ccadical_add(e->s, TRUE_LIT);
    ccadical_add(e->s, 0);
    e->clauses++;
    for (int t = 0; t < T; t++) {
        for (int64_t v = 0; v < V; v++) {
            if (v == r) {
                continue;
            }
            int lb = c->lb[(size_t)t * (size_t)V + (size_t)v];
            int d = dlit(e, t, v, H); /* every node within depth H (empty when lb > H) */
            add_clause(e, &d, 1);
            int m = 0; /* exactly one parent */
            for (int p = 0; p < P; p++) {
                if (nbr(c, v, p) >= 0) {
                    lits[m++] = xlit(e, t, v, p);
                }
            }
            add_clause(e, lits, m);
            for (int a = 0; a < m; a++) {
                for (int b = a + 1; b < m; b++) {
                    add2(e, -lits[a], -lits[b]);
                }
            }
            for (int h = lb; h < H; h++) { /* depth <= h implies depth <= h+1 */
                add2(e, -dlit(e, t, v, h), dlit(e, t, v, h + 1));
            }
            for (int p = 0; p < P; p++) { /* the parent is one level closer */
                int32_t u = nbr(c, v, p);
                if (u < 0) {
                    continue;
                }
                for (int h = lb > 1 ? lb : 1; h <= H; h++) {
                    add3(e, -dlit(e, t, v, h), -xlit(e, t, v, p), dlit(e, t, u, h - 1));
                }
            }
        }
    }
    for (int64_t v = 0; v < V; v++) { /* every directed link in at most one tree */
        if (v == r) {
            continue;
        }
        for (int p = 0; p < P; p++) {
            if (nbr(c, v, p) < 0) {
                continue;
            }
            for (int a = 0; a < T; a++) {
                for (int b = a + 1; b < T; b++) {
                    add2(e, -xlit(e, a, v, p), -xlit(e, b, v, p));
                }
            }
        }
    }
    for (int t = 0; t < T; t++) { /* a root child in every tree (implied; it helps) */
        int m = 0;
        for (int q = 0; q < P; q++) {
            if (nbr(c, r, q) >= 0) {
                lits[m++] = ylit(e, t, q);
            }
        }
        add_clause(e, lits, m);
    }
    if (!(c->flags & TC__SEARCH_NO_SYMMETRY)) {
        /* Trees ordered by the smallest port of a root child: a root child of tree t+1 through
         * port q means tree t has one through a smaller port. Root links are used by one tree
         * each, so these smallest ports differ and sorting the trees by them meets the order. */
        for (int t = 0; t + 1 < T; t++) {
            for (int q = 0; q < P; q++) {
                if (nbr(c, r, q) < 0) {
                    continue;
                }
                int m = 0;
                lits[m++] = -ylit(e, t + 1, q);
                for (int q2 = 0; q2 < q; q2++) {
                    if (nbr(c, r, q2) >= 0) {
                        lits[m++] = ylit(e, t, q2);
                    }
                }
                add_clause(e, lits, m);
            }
        }
        if (c->forced) { /* then each tree has exactly one root child: tree t the t-th */
            int t = 0;
            for (int q = 0; q < P && t < T; q++) {
                if (nbr(c, r, q) >= 0) {
                    int y = ylit(e, t++, q);
                    add_clause(e, &y, 1);
                }
            }
        }
    }
}

static tc_err_t decode(const enc_t *e, const tc_net_t *net, tc_forest_t **out)
{
    const ctx_t *c = e->c;
    tc_forest_t *f = NULL;
    tc_err_t err = tc_forest_new(net, c->T, c->root, &f);
    if (err != TC_OK) {
        return err;
    }
    for (int t = 0; t < c->T; t++) {
        uint8_t *dims = tc_forest_dims(f, t);
        for (int64_t v = 0; v < c->V; v++) {
            if (v == c->root) {
                dims[v] = TC_PARENT_ROOT;
                continue;
            }
            for (int p = 0; p < c->P; p++) {
                if (nbr(c, v, p) >= 0 && ccadical_val(e->s, xlit(e, t, v, p)) > 0) {
                    dims[v] = (uint8_t)(c->dim_min + p);
                    break;
                }
            }
        }
    }
    *out = f;
    return TC_OK;
}

static tc_err_t ctx_solve(const tc_net_t *net, const ctx_t *c, int height, int64_t conflict_limit,
                          tc_search_result_t *res, tc_forest_t **out)
{
    double t0 = now_seconds();
    memset(res, 0, sizeof *res);
    if (out != NULL) {
        *out = NULL;
    }
    if (height < 0) {
        return tc__fail(TC_EINVAL, "A tree height is at least 0, not %d.", height);
    }
    int T = c->T, P = c->P;
    int64_t V = c->V;
    int H = height < V - 1 ? height : (int)(V - 1); /* no spanning tree is higher */
    res->height = H;
    if (!(c->flags & TC__SEARCH_NO_SHORTCUT) &&
        (T > c->root_degree || T > c->min_degree || c->max_lb > H)) {
        res->status = TC_SEARCH_NONE;
        res->trivial = true;
        res->seconds = now_seconds() - t0;
        return TC_OK;
    }
    /* size the encoding before allocating it */
    int64_t vars = 1, clauses = 1 + (int64_t)T;
    for (int64_t v = 0; v < V; v++) {
        int deg = 0;
        for (int p = 0; p < P; p++) {
            deg += nbr(c, v, p) >= 0;
        }
        if (v == c->root) {
            continue;
        }
        vars += (int64_t)T * deg;
        clauses += (int64_t)deg * T * (T - 1) / 2;
        for (int t = 0; t < T; t++) {
            int lb = c->lb[(size_t)t * (size_t)V + (size_t)v];
            int span = lb < H ? H - lb : 0;
            vars += span;
            clauses += 2 + (int64_t)deg * (deg - 1) / 2 + span + (int64_t)deg * (span + 1);
        }
    }
    if (vars > MAX_VARS || clauses > MAX_CLAUSES) {
        return tc__fail(TC_ETOOBIG,
                        "The search at height %d would need %lld variables and %lld clauses; it "
                        "handles up to %lld of each.",
                        H, (long long)vars, (long long)clauses, (long long)MAX_VARS);
    }
    enc_t e = {.c = c, .H = H};
    e.xv = tc__calloc_array((size_t)T * (size_t)V * (size_t)P, sizeof *e.xv);
    e.dbase = tc__calloc_array((size_t)T * (size_t)V, sizeof *e.dbase);
    e.lits = tc__malloc_array((size_t)P + 1, sizeof *e.lits);
    e.s = ccadical_init();
    if (e.xv == NULL || e.dbase == NULL || e.lits == NULL || e.s == NULL) {
        free(e.xv);
        free(e.dbase);
        free(e.lits);
        if (e.s != NULL) {
            ccadical_release(e.s);
        }
        return tc__fail(TC_ENOMEM, "Out of memory for the search encoding.");
    }
    ccadical_set_option(e.s, "quiet", 1); /* a library prints nothing */
    int32_t next = TRUE_LIT + 1;
    for (int t = 0; t < T; t++) {
        for (int64_t v = 0; v < V; v++) {
            if (v == c->root) {
                continue;
            }
            size_t j = (size_t)t * (size_t)V + (size_t)v;
            for (int p = 0; p < P; p++) {
                if (nbr(c, v, p) >= 0) {
                    e.xv[j * (size_t)P + (size_t)p] = next++;
                }
            }
            e.dbase[j] = next;
            int lb = c->lb[j];
            next += lb < H ? H - lb : 0;
        }
    }
    encode(&e);
    ccadical_set_learn(e.s, &e, INT_MAX, on_learn);
    if (conflict_limit > 0) {
        ccadical_limit(e.s, "conflicts", conflict_limit < INT_MAX ? (int)conflict_limit : INT_MAX);
    }
    int rc = ccadical_solve(e.s);
    tc_err_t err = TC_OK;
    res->status = rc == 10 ? TC_SEARCH_FOUND : rc == 20 ? TC_SEARCH_NONE : TC_SEARCH_UNKNOWN;
    if (rc == 10 && out != NULL) {
        err = decode(&e, net, out);
    }
    res->variables = next - 1;
    res->clauses = e.clauses;
    res->conflicts = e.learned;
    ccadical_release(e.s);
    free(e.xv);
    free(e.dbase);
    free(e.lits);
    res->seconds = now_seconds() - t0;
    return err;
}

tc_err_t tc__search_edst_flags(const tc_net_t *net, int64_t root, int ntrees, int height,
                               int64_t conflict_limit, unsigned flags, tc_search_result_t *res,
                               tc_forest_t **out)
{
    double t0 = now_seconds();
    memset(res, 0, sizeof *res);
    if (out != NULL) {
        *out = NULL;
    }
    if (height < 0) {
        return tc__fail(TC_EINVAL, "A tree height is at least 0, not %d.", height);
    }
    ctx_t c;
    tc_err_t err = ctx_init(net, root, ntrees, flags, &c);
    if (err != TC_OK) {
        return err;
    }
    err = ctx_solve(net, &c, height, conflict_limit, res, out);
    ctx_free(&c);
    res->seconds = now_seconds() - t0;
    return err;
}

tc_err_t tc_search_edst(const tc_net_t *net, int64_t root, int ntrees, int height,
                        int64_t conflict_limit, tc_search_result_t *res, tc_forest_t **out)
{
    assert(net != NULL && res != NULL);
    return tc__search_edst_flags(net, root, ntrees, height, conflict_limit, 0, res, out);
}

tc_err_t tc_search_least_height(const tc_net_t *net, int64_t root, int ntrees, int hi,
                                int64_t conflict_limit, tc_search_least_t *res, tc_forest_t **out)
{
    assert(net != NULL && res != NULL);
    double t0 = now_seconds();
    memset(res, 0, sizeof *res);
    res->height = -1;
    if (out != NULL) {
        *out = NULL;
    }
    ctx_t c;
    tc_err_t err = ctx_init(net, root, ntrees, 0, &c);
    if (err != TC_OK) {
        return err;
    }
    res->lo = c.ecc;
    res->hi = hi <= 0 || hi > c.V - 1 ? (int)(c.V - 1) : hi;
    res->lower = c.ecc; /* no tree reaches the farthest node sooner */
    for (int H = res->lo; H <= res->hi; H++) {
        err = ctx_solve(net, &c, H, conflict_limit, &res->last, out);
        if (err != TC_OK) {
            break;
        }
        res->solves += !res->last.trivial;
        res->conflicts += res->last.conflicts;
        if (res->last.status == TC_SEARCH_FOUND) {
            res->height = H;
            break;
        }
        if (res->last.status == TC_SEARCH_NONE) {
            res->lower = H + 1; /* a forest of height below H would also be one of height H */
            if (ntrees > c.root_degree || ntrees > c.min_degree) {
                res->lower = res->hi + 1; /* a degree bound: no height helps */
                break;
            }
        }
    }
    ctx_free(&c);
    if (err == TC_OK) {
        res->status = res->height >= 0       ? TC_SEARCH_FOUND
                      : res->lower > res->hi ? TC_SEARCH_NONE
                                             : TC_SEARCH_UNKNOWN;
        res->optimal = res->height >= 0 && res->lower == res->height;
    }
    res->seconds = now_seconds() - t0;
    return err;
}
