/*
 * peer_igraph: baseline benchmark of a BFS spanning tree of the star graph S_N with igraph.
 *
 * Usage: peer_igraph N   (3 <= N <= 11)
 *
 * Node id = lexicographic rank of the permutation (rank 0 = 12...N). Node p is adjacent to the
 * N-1 permutations obtained by swapping position 1 with position k, 2 <= k <= N. The program
 * builds the edge list of S_N (each undirected edge once), creates the igraph graph, runs one BFS
 * from node 0, checks that the tree depth equals floor(3(N-1)/2), and prints one line:
 *
 *   peer=igraph n=N nodes=... edges=... depth=... gen_s=... create_s=... bfs_s=... total_s=...
 *   peak_kib=...
 *
 * peer_igraph N K P SEED (the peer of the fault-tolerant routing, issue 16): after the BFS, delete
 * K random edges of S_N (splitmix64 from SEED), then find a shortest path between each of P
 * random pairs with igraph_get_shortest_path (global knowledge: what treecast's oracle knows, not
 * what its router knows), and print one line more:
 *
 *   peer=igraph-route n=N faults=K pairs=P reached=... mean_len=... route_s=...
 *
 * Exit status: 0 success, 1 self-check failed, 2 usage error, 3 igraph/allocation error.
 */
#define _POSIX_C_SOURCE 200809L

#include <igraph/igraph.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

enum {
    PEER_MIN_N = 3,
    PEER_MAX_N = 11,
};

/* Reason string of the last igraph error, captured by peer_error_handler. */
static char peer_igraph_reason[256];

static void peer_error_handler(const char *reason, const char *file, int line,
                               igraph_error_t igraph_errno)
{
    const int has_reason = reason != NULL && reason[0] != '\0';
    snprintf(peer_igraph_reason, sizeof peer_igraph_reason, "%s%s%s (%s:%d)",
             igraph_strerror(igraph_errno), has_reason ? ": " : "", has_reason ? reason : "",
             file ? file : "?", line);
    IGRAPH_FINALLY_FREE();
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long peak_kib(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) {
        return -1;
    }
    return ru.ru_maxrss;
}

static int parse_n(const char *s, int *n)
{
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < PEER_MIN_N || v > PEER_MAX_N) {
        return -1;
    }
    *n = (int)v;
    return 0;
}

/* Rearranges p[0..n-1] into the next permutation in lexicographic order; returns 0 at the end. */
static int next_permutation(int *p, int n)
{
    int i = n - 2;
    while (i >= 0 && p[i] >= p[i + 1]) {
        i--;
    }
    if (i < 0) {
        return 0;
    }
    int j = n - 1;
    while (p[j] <= p[i]) {
        j--;
    }
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = p[l];
        p[l] = p[r];
        p[r] = t;
    }
    return 1;
}

/*
 * Fills edges (preallocated, length 2 * n!(n-1)/2) with the edges of S_n, each once as (u, v) with
 * u < v, in increasing order of u. Returns the number of entries written (twice the edge count).
 *
 * Let a = p[0], b = p[k] and q = p with positions 0 and k swapped. q and p first differ at
 * position 0, so rank(q) > rank(p) exactly when b > a. With the Lehmer code
 * c_i = #{j > i : p[j] < p[i]} and rank = sum_i c_i (n-1-i)!, for a < b:
 *   c_0 grows by b - a;
 *   c_i, 0 < i < k, grows by 1 when a < p[i] < b (p[k] changed from b to a);
 *   c_k shrinks by #{j > k : a < p[j] < b};
 *   c_i, i > k, is unchanged.
 * So each neighbour's rank costs O(n).
 */
static int64_t gen_edges(int n, int64_t nodes, igraph_vector_int_t *edges)
{
    int64_t fact[PEER_MAX_N + 1];
    fact[0] = 1;
    for (int i = 1; i <= n; i++) {
        fact[i] = fact[i - 1] * i;
    }
    int p[PEER_MAX_N];
    for (int i = 0; i < n; i++) {
        p[i] = i;
    }
    igraph_integer_t *out = VECTOR(*edges);
    int64_t pos = 0;
    for (int64_t u = 0; u < nodes; u++) {
        const int a = p[0];
        for (int k = 1; k < n; k++) {
            const int b = p[k];
            if (b < a) {
                continue;
            }
            int64_t delta = (int64_t)(b - a) * fact[n - 1];
            for (int i = 1; i < k; i++) {
                if (p[i] > a && p[i] < b) {
                    delta += fact[n - 1 - i];
                }
            }
            int64_t cnt = 0;
            for (int j = k + 1; j < n; j++) {
                if (p[j] > a && p[j] < b) {
                    cnt++;
                }
            }
            delta -= cnt * fact[n - 1 - k];
            out[pos++] = u;
            out[pos++] = u + delta;
        }
        (void)next_permutation(p, n);
    }
    return pos;
}

/* The BFS tree igraph returned: every node reached from node 0, each with a parent, and its
 * depth the diameter of S_n, floor(3(n-1)/2). 0, or 1 (wrong) / 3 (out of memory), printed. */
static int check_bfs(const igraph_vector_int_t *order, const igraph_vector_int_t *parents,
                     int64_t nodes, int n, int64_t *depth)
{
    const int64_t expected_depth = 3 * (n - 1) / 2;
    if (igraph_vector_int_size(order) != nodes || igraph_vector_int_size(parents) != nodes) {
        fprintf(stderr, "peer_igraph: BFS reached %" PRId64 " of %" PRId64 " nodes\n",
                (int64_t)igraph_vector_int_size(order), nodes);
        return 1;
    }
    int64_t *dist = malloc((size_t)nodes * sizeof *dist);
    if (dist == NULL) {
        fprintf(stderr, "peer_igraph: out of memory\n");
        return 3;
    }
    int status = 0;
    *depth = 0;
    for (int64_t i = 0; i < nodes && status == 0; i++) {
        const int64_t v = VECTOR(*order)[i];
        const int64_t par = VECTOR(*parents)[v];
        if (i == 0 && (v != 0 || par >= 0)) {
            fprintf(stderr, "peer_igraph: BFS root is not node 0\n");
            status = 1;
        } else if (i > 0 && (par < 0 || par >= nodes)) {
            fprintf(stderr, "peer_igraph: node %" PRId64 " has no parent\n", v);
            status = 1;
        } else {
            dist[v] = i == 0 ? 0 : dist[par] + 1;
            *depth = dist[v] > *depth ? dist[v] : *depth;
        }
    }
    free(dist);
    if (status == 0 && *depth != expected_depth) {
        fprintf(stderr, "peer_igraph: depth %" PRId64 " != expected %" PRId64 " for n=%d\n", *depth,
                expected_depth, n);
        status = 1;
    }
    return status;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Delete k random edges, then a shortest path between each of `pairs` random pairs. 0, or 3 with
 * *what set. */
static int route_pairs(igraph_t *graph, int n, int64_t k, int64_t pairs, uint64_t seed,
                       const char **what)
{
    uint64_t st = seed;
    int64_t nodes = (int64_t)igraph_vcount(graph), m = (int64_t)igraph_ecount(graph);
    igraph_vector_int_t del, path;
    if (igraph_vector_int_init(&del, 0) != IGRAPH_SUCCESS) {
        *what = "igraph_vector_int_init(del)";
        return 3;
    }
    for (int64_t i = 0; i < k && i < m; i++) { /* distinct: igraph refuses repeated ids */
        int64_t e;
        do {
            e = (int64_t)(splitmix64(&st) % (uint64_t)m);
        } while (igraph_vector_int_contains(&del, e));
        if (igraph_vector_int_push_back(&del, e) != IGRAPH_SUCCESS) {
            *what = "igraph_vector_int_push_back";
            igraph_vector_int_destroy(&del);
            return 3;
        }
    }
    igraph_error_t rc = igraph_delete_edges(graph, igraph_ess_vector(&del));
    igraph_vector_int_destroy(&del);
    if (rc != IGRAPH_SUCCESS || igraph_vector_int_init(&path, 0) != IGRAPH_SUCCESS) {
        *what = "igraph_delete_edges";
        return 3;
    }
    double t0 = now_s();
    int64_t reached = 0, total = 0;
    for (int64_t i = 0; i < pairs; i++) {
        int64_t a = (int64_t)(splitmix64(&st) % (uint64_t)nodes);
        int64_t b = (int64_t)(splitmix64(&st) % (uint64_t)(nodes - 1));
        b += b >= a;
        if (igraph_get_shortest_path(graph, &path, NULL, a, b, IGRAPH_ALL) != IGRAPH_SUCCESS) {
            *what = "igraph_get_shortest_path";
            igraph_vector_int_destroy(&path);
            return 3;
        }
        int64_t len = (int64_t)igraph_vector_int_size(&path);
        reached += len > 0;
        total += len > 0 ? len - 1 : 0;
    }
    double t1 = now_s();
    igraph_vector_int_destroy(&path);
    printf("peer=igraph-route n=%d faults=%" PRId64 " pairs=%" PRId64 " reached=%" PRId64
           " mean_len=%.3f route_s=%.3f\n",
           n, k, pairs, reached, reached > 0 ? (double)total / (double)reached : 0.0, t1 - t0);
    return 0;
}

int main(int argc, char **argv)
{
    int n = 0;
    char *end = NULL;
    long long k = 0, pairs = 0;
    unsigned long long seed = 0;
    if (argc == 5) {
        k = strtoll(argv[2], &end, 10);
        bool bad = *end != '\0' || k < 0;
        pairs = strtoll(argv[3], &end, 10);
        bad = bad || *end != '\0' || pairs < 1;
        seed = strtoull(argv[4], &end, 10);
        if (bad || *end != '\0') {
            argc = 0;
        }
    }
    if ((argc != 2 && argc != 5) || parse_n(argv[1], &n) != 0) {
        fprintf(stderr, "usage: peer_igraph N [K P SEED] (with %d <= N <= %d)\n", PEER_MIN_N,
                PEER_MAX_N);
        return 2;
    }
    igraph_set_error_handler(peer_error_handler);

    int64_t nodes = 1;
    for (int i = 2; i <= n; i++) {
        nodes *= i;
    }
    const int64_t n_edges = nodes * (n - 1) / 2;

    int status = 0;
    const char *what = NULL;
    igraph_error_t rc;
    igraph_vector_int_t edges;
    igraph_vector_int_t order;
    igraph_vector_int_t parents;
    igraph_t graph;
    int have_edges = 0;
    int have_order = 0;
    int have_parents = 0;
    int have_graph = 0;
    int64_t depth = 0;
    double t0 = 0.0;
    double t1 = 0.0;
    double t2 = 0.0;
    double t3 = 0.0;

    /* (a) edge-list generation */
    t0 = now_s();
    rc = igraph_vector_int_init(&edges, 2 * n_edges);
    if (rc != IGRAPH_SUCCESS) {
        what = "igraph_vector_int_init(edges)";
        status = 3;
        goto done;
    }
    have_edges = 1;
    const int64_t written = gen_edges(n, nodes, &edges);
    t1 = now_s();
    if (written != 2 * n_edges) {
        fprintf(stderr, "peer_igraph: generated %" PRId64 " edges, expected %" PRId64 "\n",
                written / 2, n_edges);
        status = 1;
        goto done;
    }

    /* (b) graph construction */
    rc = igraph_create(&graph, &edges, nodes, IGRAPH_UNDIRECTED);
    if (rc != IGRAPH_SUCCESS) {
        what = "igraph_create";
        status = 3;
        goto done;
    }
    have_graph = 1;
    t2 = now_s();

    /* (c) BFS spanning tree from node 0 */
    rc = igraph_vector_int_init(&order, 0);
    if (rc != IGRAPH_SUCCESS) {
        what = "igraph_vector_int_init(order)";
        status = 3;
        goto done;
    }
    have_order = 1;
    rc = igraph_vector_int_init(&parents, 0);
    if (rc != IGRAPH_SUCCESS) {
        what = "igraph_vector_int_init(parents)";
        status = 3;
        goto done;
    }
    have_parents = 1;
    rc = igraph_bfs_simple(&graph, 0, IGRAPH_ALL, &order, NULL, &parents);
    if (rc != IGRAPH_SUCCESS) {
        what = "igraph_bfs_simple";
        status = 3;
        goto done;
    }
    t3 = now_s();

    /* Self-check: every node reached, and tree depth (from the parent vector) as expected. */
    status = check_bfs(&order, &parents, nodes, n, &depth);
    if (status != 0) {
        goto done;
    }

    printf("peer=igraph n=%d nodes=%" PRId64 " edges=%" PRId64 " depth=%" PRId64
           " gen_s=%.3f create_s=%.3f bfs_s=%.3f total_s=%.3f peak_kib=%ld\n",
           n, nodes, (int64_t)igraph_ecount(&graph), depth, t1 - t0, t2 - t1, t3 - t2, t3 - t0,
           peak_kib());
    if (argc == 5) {
        status = route_pairs(&graph, n, k, pairs, seed, &what);
    }

done:
    if (what != NULL) {
        fprintf(stderr, "peer_igraph: %s failed: %s\n", what,
                peer_igraph_reason[0] ? peer_igraph_reason : igraph_strerror(rc));
    }
    if (have_parents) {
        igraph_vector_int_destroy(&parents);
    }
    if (have_order) {
        igraph_vector_int_destroy(&order);
    }
    if (have_graph) {
        igraph_destroy(&graph);
    }
    if (have_edges) {
        igraph_vector_int_destroy(&edges);
    }
    return status;
}
