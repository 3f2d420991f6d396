/* Edge-disjoint Hamiltonian cycles of I_k^n (paper 003, Section IV-A, Lemmas 6-9, Theorem 4).
 *
 * The proof works in the spanning subgraph H = Q_k x P_m, m = 2^(n-k) + 1, whose path is the
 * back cube S_b followed by the subcubes S_g(0), S_g(1), ..., S_g(m-2) in reflected Gray code
 * order (g(0) = 0, so S_b -- S_0 is dimension n; S_g(j) -- S_g(j+1) is dimension k + the bit g
 * flips). Node h = p K + x of H (path position p, back-cube address x) is node N + x of I_k^n
 * when p = 0 and (g(p-1) << k) | x otherwise. H has the dimensions 0..k-1 of Q_k and the path,
 * "dimension" k here.
 *
 * Start (the proof's factors, Lemma 8 made explicit): floor((k+1)/2) colours, each a 2-factor
 * of H (so of I_k^n), pairwise edge-disjoint:
 *   colour 0: every path edge and, at both ends of the path, the edges of dimension t = k-1 —
 *     a ladder cycle C_2m per pair of rails. When k is even (k >= 2) the end p = 0 uses
 *     dimension s = k-2 instead, which joins two ladders into one C_4m (Lemma 8: drop the rung
 *     (u, v) from both copies and add the edges across s at u and v);
 *   colour j >= 1: every edge of dimensions 2j-2 and 2j-1 — the 4-cycles of L_2 x L_2.
 * Merge (this part is treecast's, not the paper's): a 4-cycle v-a-w-b of I_k^n itself whose
 * edges are coloured A, B, A, B (A != B; B may also be "free", an edge no colour holds, such as
 * the dimensions of the front cube off the Gray path) may exchange its colours; every colour
 * stays a 2-factor, colours stay edge-disjoint, and each of A, B changes its number of cycles
 * by -1 (its two removed edges lay on different cycles), +1 (on one cycle, run the same way at
 * both: the 2-opt move splits it) or 0 (one cycle, run opposite ways: the 2-opt move reverses
 * an arc). The change is read in O(1) from per-colour cycle ids and circle positions (see
 * relabel). Passes over all 4-cycles in a seeded random order make every exchange that lowers
 * the total number of cycles; after a pass with none, each exchange that keeps the total is
 * made with probability 1/2, and after HAM_MAX_STALLS such rounds the attempt restarts on the
 * next random stream (none has needed that: one attempt has always sufficed). It ends when
 * every colour is one Hamiltonian cycle, which tc_edhc_validate then checks. Without the free
 * edges the merging often sticks when n - k is large (k = 3, 4 at n = 10).
 *
 * Cost: the exchanges that reverse an arc of a long cycle dominate (O(N) each late on, some
 * 10^4 of them at n = 14), so the time grows about as N^2; a splay-tree tour would make them
 * O(log N) should larger n ever be wanted.
 */
#include "treecast/hamilton.h"
#include "core/internal.h"
#include "treecast/net.h"
#include "treecast/rng.h"
#include "treecast/trees.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HAM_MAX_ATTEMPTS 64
#define HAM_MAX_STALLS 200

int tc_icube_edhc_count(int n, int k)
{
    if (k < 0 || k >= n) {
        return 0;
    }
    return (k + 1) / 2;
}

int tc_icube_edhc_directed_count(int n, int k)
{
    return 2 * tc_icube_edhc_count(n, k);
}

/* ---- the colouring --------------------------------------------------------------------- */

typedef struct {
    int n, k, E;      /* E = n + 1 dimensions of I_k^n */
    int32_t K, m;     /* back-cube size, length of H's path */
    int32_t V;        /* nodes, 2^n + 2^k */
    int ncol;         /* colours */
    int8_t *col;      /* V * E: colour of the edge (lower end, dimension), -1 when free */
    int32_t *nb;      /* (c * V + v) * 2 + i: the two colour-c neighbours of v */
    int32_t *cid;     /* c * V + v: id of v's colour-c cycle */
    uint64_t *pos;    /* c * V + v: position of v on the circle (see relabel) */
    int32_t *len;     /* c * V + id: length of cycle id */
    int32_t *stack;   /* c * V + i: free cycle ids */
    int32_t *nfree;   /* per colour */
    int32_t *nid;     /* per colour: ids handed out so far */
    int32_t *ncyc;    /* per colour: cycles */
    int64_t total;    /* sum of ncyc */
    int32_t *scratch; /* V */
    int32_t *sq;      /* 3 per 4-cycle: lowest corner v, dimensions e1 < e2 */
    int64_t nsq;
} ham_t;

static void ham_free(ham_t *H)
{
    free(H->col);
    free(H->nb);
    free(H->cid);
    free(H->pos);
    free(H->len);
    free(H->stack);
    free(H->nfree);
    free(H->nid);
    free(H->ncyc);
    free(H->sq);
    free(H->scratch);
    memset(H, 0, sizeof *H);
}

static tc_err_t ham_alloc(ham_t *H, int n, int k)
{
    memset(H, 0, sizeof *H);
    H->n = n;
    H->k = k;
    H->E = n + 1;
    H->K = (int32_t)1 << k;
    H->m = ((int32_t)1 << (n - k)) + 1;
    H->V = ((int32_t)1 << n) + H->K;
    H->ncol = (k + 1) / 2;
    size_t V = (size_t)H->V, C = (size_t)H->ncol;
    /* 4-cycles of I_k^n: the front cube's, the back cube's, and Q_k x the dimension-n edge */
    int64_t nsq = ((int64_t)1 << n) / 4 * ((int64_t)n * (n - 1) / 2) +
                  (int64_t)H->K / 4 * ((int64_t)k * (k - 1) / 2) + (int64_t)H->K / 2 * k;
    H->col = tc__malloc_array(V * (size_t)H->E, sizeof *H->col);
    H->nb = tc__malloc_array(C * V * 2, sizeof *H->nb);
    H->cid = tc__malloc_array(C * V, sizeof *H->cid);
    H->pos = tc__malloc_array(C * V, sizeof *H->pos);
    H->len = tc__malloc_array(C * V, sizeof *H->len);
    H->stack = tc__malloc_array(C * V, sizeof *H->stack);
    H->nfree = tc__calloc_array(C, sizeof *H->nfree);
    H->nid = tc__calloc_array(C, sizeof *H->nid);
    H->ncyc = tc__calloc_array(C, sizeof *H->ncyc);
    H->sq = tc__malloc_array((size_t)nsq * 3 + 3, sizeof *H->sq);
    H->scratch = tc__malloc_array(V, sizeof *H->scratch);
    if (H->col == NULL || H->nb == NULL || H->cid == NULL || H->pos == NULL || H->len == NULL ||
        H->stack == NULL || H->nfree == NULL || H->nid == NULL || H->ncyc == NULL ||
        H->sq == NULL || H->scratch == NULL) {
        ham_free(H);
        return tc__fail(TC_ENOMEM, "Out of memory for the Hamiltonian cycles of I_%d^%d.", k, n);
    }
    int64_t q = 0;
    for (int32_t v = 0; v < H->V; v++) {
        for (int e2 = 0; e2 <= n; e2++) {
            for (int e1 = 0; e1 < e2; e1++) {
                int32_t top = v | ((int32_t)1 << e1) | ((int32_t)1 << e2);
                if (((v >> e1) & 1) || ((v >> e2) & 1) || top >= H->V) {
                    continue;
                }
                H->sq[3 * q] = v;
                H->sq[3 * q + 1] = e1;
                H->sq[3 * q + 2] = e2;
                q++;
            }
        }
    }
    H->nsq = q; /* == nsq */
    return TC_OK;
}

/* The node of I_k^n that node h = p K + x of H stands for. */
static int32_t real_node(const ham_t *H, int32_t h)
{
    int32_t x = h & (H->K - 1), p = h >> H->k;
    if (p == 0) {
        return ((int32_t)1 << H->n) + x;
    }
    int32_t j = p - 1;
    return ((j ^ (j >> 1)) << H->k) | x;
}

static inline int32_t up(int32_t v, int e)
{
    return v | ((int32_t)1 << e);
}

static inline int8_t *edge_col(ham_t *H, int32_t lower, int e)
{
    return &H->col[(size_t)lower * (size_t)H->E + (size_t)e];
}

static inline int32_t *nbs(ham_t *H, int c, int32_t v)
{
    return &H->nb[((size_t)c * (size_t)H->V + (size_t)v) * 2];
}

/* Give colour c the edge between nodes h and h' of H. */
static void add_edge(ham_t *H, int c, int32_t h, int32_t h2)
{
    int32_t u = real_node(H, h), v = real_node(H, h2);
    int32_t lower = u < v ? u : v;
    *edge_col(H, lower, __builtin_ctz((unsigned)(u ^ v))) = (int8_t)c;
    int32_t *a = nbs(H, c, u), *b = nbs(H, c, v);
    a[a[0] < 0 ? 0 : 1] = v;
    b[b[0] < 0 ? 0 : 1] = u;
}

static void replace_nb(ham_t *H, int c, int32_t v, int32_t from, int32_t to)
{
    int32_t *a = nbs(H, c, v);
    a[a[0] == from ? 0 : 1] = to;
}

/* Colour c's cycles keep their nodes in cyclic order at distinct points pos[] of the circle
 * Z / 2^64 (an order-maintenance labelling): the successor of p along its cycle's orientation
 * is the neighbour met first going up from pos[p]. A merge puts the shorter cycle into a gap of
 * the longer one, a split keeps every position, and a one-cycle exchange (a 2-opt move)
 * reverses the shorter of its two arcs in place, so each exchange costs the smaller part. */

/* Lay the colour-c cycle through start evenly around the circle, with id. */
static void relabel(ham_t *H, int c, int32_t start, int32_t id)
{
    size_t base = (size_t)c * (size_t)H->V;
    int32_t L = 0, prev = -1, cur = start;
    do {
        const int32_t *a = nbs(H, c, cur);
        int32_t nxt = a[0] != prev ? a[0] : a[1];
        prev = cur;
        cur = nxt;
        L++;
    } while (cur != start);
    uint64_t step = UINT64_MAX / (uint64_t)L, at = 0;
    prev = -1;
    do {
        H->cid[base + (size_t)cur] = id;
        H->pos[base + (size_t)cur] = at;
        at += step;
        const int32_t *a = nbs(H, c, cur);
        int32_t nxt = a[0] != prev ? a[0] : a[1];
        prev = cur;
        cur = nxt;
    } while (cur != start);
    H->len[base + (size_t)id] = L;
}

static int32_t new_id(ham_t *H, int c)
{
    if (H->nfree[c] > 0) {
        return H->stack[(size_t)c * (size_t)H->V + (size_t)--H->nfree[c]];
    }
    return H->nid[c]++;
}

static void free_id(ham_t *H, int c, int32_t id)
{
    H->stack[(size_t)c * (size_t)H->V + (size_t)H->nfree[c]++] = id;
}

/* The start colouring on H (see the file comment), labelled. */
static void ham_init(ham_t *H)
{
    int k = H->k;
    memset(H->col, 0xFF, (size_t)H->V * (size_t)H->E);
    for (size_t i = 0; i < (size_t)H->ncol * (size_t)H->V * 2; i++) {
        H->nb[i] = -1;
    }
    int t = k - 1, s = k % 2 == 0 ? k - 2 : k - 1;
    for (int32_t h = 0; h < H->V; h++) {
        int32_t x = h & (H->K - 1), p = h >> k;
        if (p < H->m - 1) {
            add_edge(H, 0, h, h + H->K);
        }
        if (p == H->m - 1 && !((x >> t) & 1)) {
            add_edge(H, 0, h, up(h, t));
        }
        if (p == 0 && !((x >> s) & 1)) {
            add_edge(H, 0, h, up(h, s));
        }
        for (int c = 1; c < H->ncol; c++) {
            for (int e = 2 * c - 2; e < 2 * c; e++) {
                if (!((x >> e) & 1)) {
                    add_edge(H, c, h, up(h, e));
                }
            }
        }
    }
    H->total = 0;
    for (int c = 0; c < H->ncol; c++) {
        size_t base = (size_t)c * (size_t)H->V;
        H->nfree[c] = 0;
        H->nid[c] = 0;
        H->ncyc[c] = 0;
        for (int32_t v = 0; v < H->V; v++) {
            H->cid[base + (size_t)v] = -1;
        }
        for (int32_t v = 0; v < H->V; v++) {
            if (H->cid[base + (size_t)v] < 0) {
                relabel(H, c, v, new_id(H, c));
                H->ncyc[c]++;
            }
        }
        H->total += H->ncyc[c];
    }
}

/* Whether q follows p along the orientation of their colour-c cycle (p, q colour-c adjacent). */
static bool forward(ham_t *H, int c, int32_t p, int32_t q)
{
    const int32_t *a = nbs(H, c, p);
    int32_t o = a[0] != q ? a[0] : a[1];
    const uint64_t *pos = H->pos + (size_t)c * (size_t)H->V;
    return pos[q] - pos[p] < pos[o] - pos[p];
}

/* The change in colour c's number of cycles when its edges {p, q} and {r, s} become {q, r} and
 * {s, p}: -1 when they lie on two cycles; on one cycle +1 when it runs p -> q and r -> s the
 * same way (the 2-opt move splits it), else 0. *pq, *rs: whether p -> q, r -> s are forward. */
static int delta(ham_t *H, int c, int32_t p, int32_t q, int32_t r, int32_t s, bool *pq, bool *rs)
{
    const int32_t *cid = H->cid + (size_t)c * (size_t)H->V;
    *pq = forward(H, c, p, q);
    *rs = forward(H, c, r, s);
    if (cid[p] != cid[r]) {
        return -1;
    }
    return *pq == *rs ? 1 : 0;
}

/* One step along colour c from cur, away from *prev. */
static inline int32_t walk(ham_t *H, int c, int32_t *prev, int32_t cur)
{
    const int32_t *a = nbs(H, c, cur);
    int32_t nxt = a[0] != *prev ? a[0] : a[1];
    *prev = cur;
    return nxt;
}

/* Paths i = 0, 1 of colour c, from x[i] (away from y[i]) to the first node equal to z[i][0] or
 * z[i][1], walked in lockstep: the one that ends first and its number of nodes. */
static int shorter(ham_t *H, int c, const int32_t x[2], const int32_t y[2], int32_t z[2][2],
                   int32_t *len)
{
    int32_t cur[2] = {x[0], x[1]}, prev[2] = {y[0], y[1]};
    for (int32_t L = 1;; L++) {
        for (int i = 0; i < 2; i++) {
            if (cur[i] == z[i][0] || cur[i] == z[i][1]) {
                *len = L;
                return i;
            }
        }
        for (int i = 0; i < 2; i++) {
            cur[i] = walk(H, c, &prev[i], cur[i]);
        }
    }
}

/* Colour c's edges {p, q}, {r, s} became {q, r}, {s, p} (nb already updated); pq, rs: whether
 * p -> q and r -> s ran forward before; d: the change in cycles. Update cid, pos and len. */
static void recount(ham_t *H, int c, int32_t p, int32_t q, int32_t r, int32_t s, bool pq, bool rs,
                    int d)
{
    size_t base = (size_t)c * (size_t)H->V;
    int32_t *cid = H->cid + base, *len = H->len + base;
    uint64_t *pos = H->pos + base;
    H->ncyc[c] += d;
    H->total += d;
    if (d < 0) {
        /* the new cycle h1 - g1 ~guest~ - h2 ~host~ h1: the shorter old cycle (guest) goes into
         * the gap of the other (host) where its edge {h1, h2} was */
        int32_t h1 = p, h2 = q, g1 = s, big = cid[p], small = cid[r];
        bool fwd = pq;
        if (len[big] < len[small]) {
            h1 = s, h2 = r, g1 = p, big = cid[r], small = cid[p];
            fwd = !rs;
        }
        int32_t Lg = len[small];
        uint64_t gap = fwd ? pos[h2] - pos[h1] : pos[h1] - pos[h2];
        uint64_t step = gap / ((uint64_t)Lg + 1);
        free_id(H, c, small);
        len[big] += Lg;
        if (step == 0) {
            relabel(H, c, h1, big); /* the gap is full: spread the cycle out again */
            return;
        }
        int32_t prev = h1, cur = g1;
        uint64_t at = pos[h1];
        for (int32_t i = 0; i < Lg; i++) {
            at = fwd ? at + step : at - step;
            cid[cur] = big;
            pos[cur] = at;
            cur = walk(H, c, &prev, cur);
        }
        return;
    }
    /* one old cycle: its arcs q ~ r and s ~ p (split, d = +1: each closes on itself) or q ~ s
     * and r ~ p (d = 0: they join the other way round); relabel or reverse the shorter one */
    int32_t x[2] = {q, d > 0 ? s : r}, y[2] = {r, d > 0 ? p : q};
    int32_t z[2][2] = {{d > 0 ? r : s, d > 0 ? r : p}, {p, d > 0 ? p : s}};
    int32_t L;
    int i = shorter(H, c, x, y, z, &L);
    int32_t prev = y[i], cur = x[i];
    int32_t *arc = H->scratch;
    for (int32_t j = 0; j < L; j++) {
        arc[j] = cur;
        cur = walk(H, c, &prev, cur);
    }
    if (d > 0) {
        int32_t id = new_id(H, c), old = cid[arc[0]];
        for (int32_t j = 0; j < L; j++) {
            cid[arc[j]] = id;
        }
        len[id] = L;
        len[old] -= L;
        return;
    }
    for (int32_t j = 0, t = L - 1; j < t; j++, t--) {
        uint64_t u = pos[arc[j]];
        pos[arc[j]] = pos[arc[t]];
        pos[arc[t]] = u;
    }
}

/* A 4-cycle v-a-w-b whose edges {v,a}, {w,b} have colour A and {a,w}, {b,v} colour B (B = -1:
 * free edges), and the changes in their numbers of cycles should the two be exchanged. */
typedef struct {
    int32_t v, a, w, b;
    int A, B, dA, dB;
    bool fA[2], fB[2];
} swap_t;

static bool square(ham_t *H, int64_t i, swap_t *sw)
{
    int32_t v = H->sq[3 * i];
    int e1 = H->sq[3 * i + 1], e2 = H->sq[3 * i + 2];
    int32_t a = up(v, e1), b = up(v, e2), w = up(a, e2);
    int c1 = *edge_col(H, v, e1), c2 = *edge_col(H, a, e2);
    if (c1 == c2 || *edge_col(H, b, e1) != c1 || *edge_col(H, v, e2) != c2) {
        return false;
    }
    if (c1 < 0) { /* call the coloured pair A */
        int32_t t = a;
        a = b;
        b = t;
        c1 = c2;
        c2 = -1;
    }
    sw->v = v;
    sw->a = a;
    sw->w = w;
    sw->b = b;
    sw->A = c1;
    sw->B = c2;
    /* A: {v,a},{w,b} -> {a,w},{b,v}; B: {a,w},{b,v} -> {w,b},{v,a} */
    sw->dA = delta(H, c1, v, a, w, b, &sw->fA[0], &sw->fA[1]);
    sw->dB = c2 < 0 ? 0 : delta(H, c2, a, w, b, v, &sw->fB[0], &sw->fB[1]);
    return true;
}

static void set_col(ham_t *H, int32_t x, int32_t y, int c)
{
    int32_t lower = x < y ? x : y;
    *edge_col(H, lower, __builtin_ctz((unsigned)(x ^ y))) = (int8_t)c;
}

static void apply(ham_t *H, const swap_t *sw)
{
    int32_t v = sw->v, a = sw->a, w = sw->w, b = sw->b;
    set_col(H, v, a, sw->B);
    set_col(H, w, b, sw->B);
    set_col(H, a, w, sw->A);
    set_col(H, b, v, sw->A);
    replace_nb(H, sw->A, v, a, b);
    replace_nb(H, sw->A, a, v, w);
    replace_nb(H, sw->A, w, b, a);
    replace_nb(H, sw->A, b, w, v);
    recount(H, sw->A, v, a, w, b, sw->fA[0], sw->fA[1], sw->dA);
    if (sw->B >= 0) {
        replace_nb(H, sw->B, a, w, v);
        replace_nb(H, sw->B, w, a, b);
        replace_nb(H, sw->B, b, v, w);
        replace_nb(H, sw->B, v, b, a);
        recount(H, sw->B, a, w, b, v, sw->fB[0], sw->fB[1], sw->dB);
    }
}

static void shuffle(int64_t *order, int64_t count, tc_rng_t *rng)
{
    for (int64_t i = count - 1; i > 0; i--) {
        int64_t j = (int64_t)tc_rng_below(rng, (uint64_t)i + 1);
        int64_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* One attempt on random stream rng; true when every colour became one cycle. */
static bool ham_merge(ham_t *H, int64_t *order, tc_rng_t *rng)
{
    ham_init(H);
    for (int64_t i = 0; i < H->nsq; i++) {
        order[i] = i;
    }
    int stalls = 0;
    while (H->total > H->ncol) {
        shuffle(order, H->nsq, rng);
        bool gained = false;
        for (int64_t j = 0; j < H->nsq && H->total > H->ncol; j++) {
            swap_t sw;
            if (square(H, order[j], &sw) && sw.dA + sw.dB < 0) {
                apply(H, &sw);
                gained = true;
            }
        }
        if (gained || H->total == H->ncol) {
            continue;
        }
        if (++stalls > HAM_MAX_STALLS) {
            return false;
        }
        /* stuck: take each cycle-count-neutral swap with probability 1/2 to move elsewhere */
        shuffle(order, H->nsq, rng);
        for (int64_t j = 0; j < H->nsq; j++) {
            swap_t sw;
            if (square(H, order[j], &sw) && sw.dA + sw.dB == 0 && (tc_rng_next(rng) >> 63)) {
                apply(H, &sw);
            }
        }
    }
    return true;
}

/* ---- the public functions -------------------------------------------------------------- */

void tc_edhc_destroy(tc_edhc_t *h)
{
    if (h == NULL) {
        return;
    }
    free(h->next);
    memset(h, 0, sizeof *h);
}

/* Theorem 4 is about I_k^n: this file is that family's construction, so it may ask. */
static bool is_icube(const tc_net_t *net)
{
    return net != NULL && strcmp(tc_net_family_name(net), "icube") == 0;
}

tc_err_t tc_icube_edhc(const tc_net_t *net, uint64_t seed, tc_edhc_t *out)
{
    memset(out, 0, sizeof *out);
    if (!is_icube(net)) {
        return tc__fail(TC_EINVAL, "Edge-disjoint Hamiltonian cycles are built on an incomplete "
                                   "hypercube I_k^n only.");
    }
    int n = tc_net_n(net), k = tc_net_k(net);
    if (n > TC_EDHC_MAX_N) {
        return tc__fail(TC_ETOOBIG,
                        "Edge-disjoint Hamiltonian cycles are built for n <= %d, not I_%d^%d.",
                        TC_EDHC_MAX_N, k, n);
    }
    out->n = n;
    out->k = k;
    out->nodes = tc_net_nodes(net);
    out->count = tc_icube_edhc_count(n, k);
    if (out->count == 0) {
        return TC_OK; /* k = 0: the back node is a leaf */
    }
    ham_t H;
    tc_err_t err = ham_alloc(&H, n, k);
    if (err != TC_OK) {
        return err;
    }
    int64_t *order = tc__malloc_array((size_t)H.nsq + 1, sizeof *order);
    out->next = tc__malloc_array((size_t)out->count * (size_t)out->nodes, sizeof *out->next);
    if (order == NULL || out->next == NULL) {
        free(order);
        ham_free(&H);
        tc_edhc_destroy(out);
        return tc__fail(TC_ENOMEM, "Out of memory for the Hamiltonian cycles of I_%d^%d.", k, n);
    }
    bool done = false;
    for (int attempt = 0; attempt < HAM_MAX_ATTEMPTS && !done; attempt++) {
        tc_rng_t rng;
        tc_rng_seed(&rng, seed, (uint64_t)attempt);
        done = ham_merge(&H, order, &rng);
        out->attempts = attempt + 1;
    }
    if (done) {
        for (int c = 0; c < H.ncol; c++) {
            int64_t *next = out->next + (size_t)c * (size_t)out->nodes;
            int32_t prev = -1, cur = 0;
            do {
                const int32_t *a = nbs(&H, c, cur);
                int32_t nxt = a[0] != prev ? a[0] : a[1];
                next[cur] = nxt;
                prev = cur;
                cur = nxt;
            } while (cur != 0);
        }
    }
    free(order);
    ham_free(&H);
    if (!done) {
        tc_edhc_destroy(out);
        return tc__fail(TC_ENOTSUP,
                        "The cycle merging for I_%d^%d gave up after %d attempts from seed %llu.",
                        k, n, HAM_MAX_ATTEMPTS, (unsigned long long)seed);
    }
    err = tc_edhc_validate(net, out);
    if (err != TC_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", tc_err_detail());
        tc_edhc_destroy(out);
        return tc__fail(TC_ENOTSUP,
                        "Internal error: the cycles built for I_%d^%d failed verification: %s", k,
                        n, why);
    }
    return TC_OK;
}

tc_err_t tc_edhc_validate(const tc_net_t *net, const tc_edhc_t *h)
{
    if (h == NULL || !is_icube(net)) {
        return tc__fail(TC_EINVAL, "Hamiltonian cycles are validated on an incomplete hypercube.");
    }
    if (h->n != tc_net_n(net) || h->k != tc_net_k(net) || h->nodes != tc_net_nodes(net)) {
        return tc__fail(TC_EINVAL, "The cycles were built for I_%d^%d (%lld nodes), not I_%d^%d.",
                        h->k, h->n, (long long)h->nodes, tc_net_k(net), tc_net_n(net));
    }
    if (h->count < 0 || (h->count > 0 && h->next == NULL)) {
        return tc__fail(TC_EINVAL, "The cycle set is malformed (%d cycles).", h->count);
    }
    if (h->count == 0) {
        return TC_OK;
    }
    int64_t N = h->nodes;
    int D = tc_net_n(net) + 1;
    /* owner[lower * D + dim]: 1 + the cycle using that edge, 0 for none; seen[v]: last cycle */
    int16_t *owner = tc__calloc_array((size_t)N * (size_t)D, sizeof *owner);
    int16_t *seen = tc__calloc_array((size_t)N, sizeof *seen);
    if (owner == NULL || seen == NULL) {
        free(owner);
        free(seen);
        return tc__fail(TC_ENOMEM, "Out of memory validating Hamiltonian cycles.");
    }
    tc_err_t err = TC_OK;
    for (int c = 0; c < h->count && err == TC_OK; c++) {
        const int64_t *next = h->next + (size_t)c * (size_t)N;
        int64_t v = 0, steps = 0;
        do {
            int64_t u = next[v];
            if (u < 0 || u >= N) {
                err =
                    tc__fail(TC_EINVAL, "Cycle %d: the successor of node %lld is %lld, not a node.",
                             c, (long long)v, (long long)u);
                break;
            }
            int d = tc_net_edge_dim(net, v, u);
            if (d < 0) {
                err = tc__fail(TC_EINVAL, "Cycle %d steps from node %lld to %lld, not an edge.", c,
                               (long long)v, (long long)u);
                break;
            }
            int64_t lo = u < v ? u : v;
            int16_t *o = &owner[(size_t)lo * (size_t)D + (size_t)d];
            if (*o != 0) {
                err = tc__fail(TC_EINVAL,
                               "Cycle %d uses the edge %lld-%lld (dimension %d) that cycle %d "
                               "already uses.",
                               c, (long long)v, (long long)u, d, *o - 1);
                break;
            }
            *o = (int16_t)(c + 1);
            seen[v] = (int16_t)(c + 1);
            steps++;
            v = u;
        } while (v != 0 && steps < N);
        if (err == TC_OK && (v != 0 || steps != N)) {
            err = tc__fail(TC_EINVAL,
                           "Cycle %d is not Hamiltonian: from node 0 it %s after %lld steps.", c,
                           v == 0 ? "closes" : "has not closed", (long long)steps);
        }
        for (int64_t x = 0; x < N && err == TC_OK; x++) {
            if (seen[x] != c + 1) {
                err = tc__fail(TC_EINVAL, "Cycle %d misses node %lld.", c, (long long)x);
            }
        }
    }
    free(owner);
    free(seen);
    return err;
}

tc_err_t tc_edhc_paths(const tc_edhc_t *h, int64_t root, int64_t *parent)
{
    if (root < 0 || root >= h->nodes) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)h->nodes - 1);
    }
    size_t N = (size_t)h->nodes;
    for (int c = 0; c < h->count; c++) {
        const int64_t *next = h->next + (size_t)c * N;
        int64_t *fwd = parent + (size_t)(2 * c) * N, *bwd = parent + (size_t)(2 * c + 1) * N;
        for (size_t v = 0; v < N; v++) {
            fwd[next[v]] = (int64_t)v; /* along next: v comes before next[v] */
            bwd[v] = next[v];          /* backwards: next[v] comes before v */
        }
        fwd[root] = -1;
        bwd[root] = -1;
    }
    return TC_OK;
}

tc_err_t tc_edhc_path_dims(const tc_edhc_t *h, int64_t root, uint8_t *dims)
{
    if (root < 0 || root >= h->nodes) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)h->nodes - 1);
    }
    size_t N = (size_t)h->nodes;
    for (int c = 0; c < h->count; c++) {
        const int64_t *next = h->next + (size_t)c * N;
        uint8_t *fwd = dims + (size_t)(2 * c) * N, *bwd = dims + (size_t)(2 * c + 1) * N;
        for (size_t v = 0; v < N; v++) {
            /* an edge of I_k^n flips one address bit: its dimension */
            uint8_t d = (uint8_t)__builtin_ctzll((uint64_t)next[v] ^ (uint64_t)v);
            fwd[next[v]] = d;
            bwd[v] = d;
        }
        fwd[root] = TC_PARENT_ROOT;
        bwd[root] = TC_PARENT_ROOT;
    }
    return TC_OK;
}

tc_err_t tc_edhc_forest(const tc_net_t *net, const tc_edhc_t *h, int64_t root, tc_forest_t **out)
{
    *out = NULL;
    if (!is_icube(net) || h->n != tc_net_n(net) || h->k != tc_net_k(net) ||
        h->nodes != tc_net_nodes(net)) {
        return tc__fail(TC_EINVAL, "The Hamiltonian cycles do not belong to this network.");
    }
    if (h->count < 1) {
        return tc__fail(TC_EINVAL, "I_%d^%d has no Hamiltonian cycle, so no path forest.", h->k,
                        h->n);
    }
    if (root < 0 || root >= h->nodes) {
        return tc__fail(TC_EINVAL, "Root id %lld is outside 0..%lld.", (long long)root,
                        (long long)h->nodes - 1);
    }
    size_t N = (size_t)h->nodes;
    uint8_t *dims = tc__malloc_array((size_t)(2 * h->count) * N, 1);
    if (dims == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory for the Hamiltonian path forest.");
    }
    tc_err_t err = tc_edhc_path_dims(h, root, dims);
    tc_forest_t *f = NULL;
    if (err == TC_OK) {
        err = tc_forest_new(net, 2 * h->count, root, &f);
    }
    if (err == TC_OK) {
        for (int p = 0; p < 2 * h->count; p++) {
            memcpy(tc_forest_dims(f, p), dims + (size_t)p * N, N);
            tc_forest_set_label(f, p, p);
        }
        *out = f;
    }
    free(dims);
    return err;
}
