/* treecast info — facts about a network: computed values beside the paper's. */
#include "common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast info --net star:N|cube:N|icube:N,K [--format text|json]\n"
           "\n"
           "Facts about S_N: nodes, edges, degree, diameter, average distance, the distance\n"
           "distribution, substars, necklaces and the EDT family, each computed by treecast\n"
           "(by enumeration up to N = 10) beside the paper's formula. About Q_N: nodes, edges,\n"
           "degree, diameter, average distance, necklaces and cyclic nodes (enumerated up to\n"
           "N = 24).\n"
           "\n"
           "  --net NET        star:N (2 <= N <= 20) or cube:N (1 <= N <= 40)\n"
           "  --format F       text (default) or json\n"
           "\n"
           "exit status: 0 success, 1 a computed value contradicts the paper, 2 misuse,\n"
           "4 output not writable.\n");
}

typedef struct {
    const char *key;
    char value[64];
    char paper[64];
    const char *source;
    int verdict; /* 0 agrees, 1 differs, 2 nothing computed */
} fact_t;

/* Print the facts (and the distance distribution when by_dist is not NULL); the status. */
static int print_facts(const tc_net_t *net, const fact_t *f, int nf, bool json,
                       const int64_t *by_dist, int maxd, const char *title)
{
    int n = tc_net_n(net);
    bool differs = false;
    for (int k = 0; k < nf; k++) {
        differs = differs || f[k].verdict == 1;
    }
    static const char *const verdicts[] = {"agrees", "DIFFERS", "-"};
    if (json) {
        printf("{\"format_version\":1,\"command\":\"info\",\"network\":{\"family\":\"%s\","
               "\"n\":%d,\"nodes\":%lld},\"facts\":[",
               tc_net_family_name(net), n, (long long)tc_net_nodes(net));
        for (int k = 0; k < nf; k++) {
            printf("%s\n{\"key\":\"%s\",\"value\":", k ? "," : "", f[k].key);
            tc_report_json_string(stdout, f[k].value);
            printf(",\"paper\":");
            tc_report_json_string(stdout, f[k].paper);
            printf(",\"source\":");
            tc_report_json_string(stdout, f[k].source);
            printf(",\"verdict\":\"%s\"}", verdicts[f[k].verdict]);
        }
        printf("]");
        if (by_dist != NULL) {
            printf(",\"distance_distribution\":[");
            for (int d = 0; d <= maxd; d++) {
                printf("%s%lld", d ? "," : "", (long long)by_dist[d]);
            }
            printf("]");
        }
        printf("}\n");
    } else {
        char name[16];
        tc_net_name(net, name, sizeof name);
        printf("%s, ", name);
        printf(title, n);
        printf("\n");
        size_t w[3] = {4, 8, 5};
        for (int k = 0; k < nf; k++) {
            size_t l[3] = {strlen(f[k].key), strlen(f[k].value), strlen(f[k].paper)};
            for (int j = 0; j < 3; j++) {
                w[j] = l[j] > w[j] ? l[j] : w[j];
            }
        }
        printf("  %-*s  %-*s  %-*s  %-30s  %s\n", (int)w[0], "fact", (int)w[1], "treecast",
               (int)w[2], "paper", "source", "verdict");
        for (int k = 0; k < nf; k++) {
            printf("  %-*s  %-*s  %-*s  %-30s  %s\n", (int)w[0], f[k].key, (int)w[1], f[k].value,
                   (int)w[2], f[k].paper, f[k].source, verdicts[f[k].verdict]);
        }
        if (by_dist != NULL) {
            if (tc_net_family(net) != TC_NET_STAR) {
                printf("nodes at distance d from 0:");
            } else {
                printf("nodes at distance d from I_%d:", n);
            }
            for (int d = 0; d <= maxd; d++) {
                printf(" %d:%lld", d, (long long)by_dist[d]);
            }
            printf("\n");
        }
    }
    if (fflush(stdout) != 0) {
        return fail(EXIT_RESOURCE, "writing the output failed");
    }
    return differs ? EXIT_CLAIM : EXIT_OK;
}

/* Q_n: measured by enumeration up to n = 24 beside the formulas (paper 002, Section 2). */
static int cube_info(const tc_net_t *net, bool json)
{
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    bool enumerated = n <= 24;
    int64_t by_dist[64] = {0}, necklaces = 0, cyclic = 0, edges = 0;
    int maxd = 0;
    bool periods_ok = true;
    double sum = 0;
    for (int64_t v = 0; enumerated && v < N; v++) {
        int d = __builtin_popcountll((uint64_t)v);
        by_dist[d]++;
        sum += d;
        maxd = d > maxd ? d : maxd;
        for (int k = tc_net_dim_min(net); k <= tc_net_dim_max(net); k++) {
            edges += tc_net_neighbor(net, v, k) > v;
        }
        int per = tc_cube_period(n, (uint64_t)v);
        periods_ok = periods_ok && n % per == 0;
        cyclic += per < n;
        necklaces += tc_cube_necklace_first(n, (uint64_t)v);
    }
    /* Burnside: (1/n) sum over d | n of phi(d) 2^(n/d) */
    int64_t burnside = 0;
    for (int d = 1; d <= n; d++) {
        if (n % d != 0) {
            continue;
        }
        int phi = 0;
        for (int k = 1; k <= d; k++) {
            int a = k, b = d;
            while (b) {
                int t = a % b;
                a = b;
                b = t;
            }
            phi += a == 1;
        }
        burnside += (int64_t)phi << (n / d);
    }
    burnside /= n;
    fact_t f[8];
    int nf = 0;
    fact_t *x;
#define FACT(k, src) (f[nf] = (fact_t){.key = (k), .source = (src), .verdict = 2}, &f[nf++])
#define MEASURED(cond, ...)                                                                        \
    do {                                                                                           \
        if (enumerated) {                                                                          \
            snprintf(x->value, sizeof x->value, __VA_ARGS__);                                      \
            x->verdict = !(cond);                                                                  \
        } else {                                                                                   \
            snprintf(x->value, sizeof x->value, "not enumerated above n = 24");                    \
        }                                                                                          \
    } while (0)
    x = FACT("nodes", "002 Sec. 2");
    snprintf(x->paper, sizeof x->paper, "2^n = %lld", (long long)N);
    snprintf(x->value, sizeof x->value, "%lld", (long long)N);
    x->verdict = 0;
    x = FACT("edges", "002 Sec. 2");
    snprintf(x->paper, sizeof x->paper, "n 2^(n-1) = %lld", (long long)tc_net_edges(net));
    MEASURED(edges == tc_net_edges(net), "%lld (neighbour pairs counted)", (long long)edges);
    x = FACT("degree", "002 Sec. 2");
    snprintf(x->paper, sizeof x->paper, "n = %d", n);
    snprintf(x->value, sizeof x->value, "%d", tc_net_degree(net));
    x->verdict = tc_net_degree(net) != n;
    x = FACT("diameter", "002 Sec. 2");
    snprintf(x->paper, sizeof x->paper, "n = %d", n);
    MEASURED(maxd == n, "%d (largest distance from 0)", maxd);
    x = FACT("average_distance", "Hamming weight");
    snprintf(x->paper, sizeof x->paper, "n/2 = %.6f", n / 2.0);
    MEASURED(sum / (double)N == n / 2.0, "%.6f (over all 2^n nodes)", sum / (double)N);
    x = FACT("necklaces", "002 Sec. 2; Burnside");
    snprintf(x->paper, sizeof x->paper, "(1/n) sum_{d|n} phi(d) 2^(n/d) = %lld",
             (long long)burnside);
    MEASURED(necklaces == burnside && periods_ok, "%lld; periods %s", (long long)necklaces,
             periods_ok ? "divide n" : "DO NOT divide n");
    x = FACT("cyclic_nodes", "002 Table 1 (A)");
    snprintf(x->paper, sizeof x->paper, "period < n (0 and all-ones included)");
    MEASURED(true, "%lld", (long long)cyclic);
    x->verdict = 2; /* a count, no formula to compare with */
#undef MEASURED
#undef FACT
    return print_facts(net, f, nf, json, enumerated ? by_dist : NULL, maxd,
                       "the binary n-cube (hypercube; papers 002, 003, 004)");
}

/* I_k^n (paper 003, Section II): enumerated up to 2^22 nodes. */
static int icube_info(const tc_net_t *net, bool json)
{
    int n = tc_net_n(net), k = tc_net_k(net);
    int64_t N = tc_net_nodes(net);
    bool enumerated = N <= ((int64_t)1 << 22);
    int64_t edges = 0, by_dist[64] = {0};
    int dmin = 64, dmax = 0, ecc = 0;
    for (int64_t v = 0; enumerated && v < N; v++) {
        int deg = 0;
        for (int d = 0; d <= n; d++) {
            int64_t u = tc_net_neighbor(net, v, d);
            deg += u >= 0;
            edges += u > v;
        }
        dmin = deg < dmin ? deg : dmin;
        dmax = deg > dmax ? deg : dmax;
    }
    /* the eccentricity of every node is the largest Hamming distance to a node: the diameter
     * is measured from the back cube's node 2^n (farthest: its complement in the front) and
     * from every front node in enumerated sizes up to 2^12 nodes */
    for (int64_t v = 0; enumerated && v < N && N <= 4096; v++) {
        for (int64_t u = 0; u < N; u++) {
            int dd = tc_net_distance(net, v, u);
            ecc = dd > ecc ? dd : ecc;
            if (v == 0) {
                by_dist[dd]++;
            }
        }
    }
    fact_t f[8];
    int nf = 0;
    fact_t *x;
#define FACT(name, src) (f[nf] = (fact_t){.key = (name), .source = (src), .verdict = 2}, &f[nf++])
    x = FACT("nodes", "003 Sec. II");
    snprintf(x->paper, sizeof x->paper, "2^n + 2^k = %lld", (long long)N);
    snprintf(x->value, sizeof x->value, "%lld", (long long)N);
    x->verdict = 0;
    x = FACT("edges", "003 Sec. II");
    snprintf(x->paper, sizeof x->paper, "n2^(n-1) + k2^(k-1) + 2^k = %lld",
             (long long)tc_net_edges(net));
    if (enumerated) {
        snprintf(x->value, sizeof x->value, "%lld (neighbour pairs counted)", (long long)edges);
        x->verdict = edges != tc_net_edges(net);
    }
    x = FACT("degree", "003 Sec. II");
    snprintf(x->paper, sizeof x->paper, "k+1 (back) .. n+1 = %d .. %d", k + 1, n + 1);
    if (enumerated) {
        snprintf(x->value, sizeof x->value, "%d .. %d", dmin, dmax);
        x->verdict = !(dmin == k + 1 && dmax == n + 1);
    }
    x = FACT("diameter", "003 Lemma 4");
    snprintf(x->paper, sizeof x->paper, "n+1 = %d", n + 1);
    if (ecc > 0) {
        snprintf(x->value, sizeof x->value, "%d (every pair)", ecc);
        x->verdict = ecc != n + 1;
    } else {
        snprintf(x->value, sizeof x->value, "enumerated up to 4096 nodes");
    }
    x = FACT("subcubes", "003 Sec. II-A");
    snprintf(x->paper, sizeof x->paper, "2^(n-k)+1 respective k-cubes S_i, S_b");
    snprintf(x->value, sizeof x->value, "%lld", (long long)((1 << (n - k)) + 1));
    x = FACT("corresponding", "003 Sec. II-A");
    snprintf(x->paper, sizeof x->paper, "2^k (n-k)-cubes C_i in the front cube");
    snprintf(x->value, sizeof x->value, "%lld of %lld nodes", (long long)1 << k,
             (long long)1 << (n - k));
#undef FACT
    return print_facts(net, f, nf, json, ecc > 0 ? by_dist : NULL, n + 1,
                       "the incomplete hypercube of 2^n + 2^k nodes (paper 003)");
}

#define ENUM_LIMIT 10

int cmd_info(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *net_spec = NULL, *format = "text";
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            net_spec = optarg;
            break;
        case 'f':
            format = optarg;
            break;
        default:
            return common_option(c, argv, help);
        }
    }
    if (optind < argc) {
        return misuse("unexpected argument \"%s\"", argv[optind]);
    }
    int fmt = pick("--format", format, (const char *const[]){"text", "json", NULL});
    if (fmt < 0) {
        return EXIT_MISUSE;
    }
    bool json = fmt == 1;
    tc_net_t *net = NULL;
    int st = open_net(net_spec, &net);
    if (st != 0) {
        return st;
    }
    if (tc_net_family(net) == TC_NET_ICUBE) {
        st = icube_info(net, json);
        tc_net_free(net);
        return st;
    }
    if (tc_net_family(net) == TC_NET_CUBE) {
        st = cube_info(net, json);
        tc_net_free(net);
        return st;
    }
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    int diam = tc_net_diameter(net);
    double H = 0;
    for (int k = 1; k <= n; k++) {
        H += 1.0 / k;
    }
    double avg_formula = n + 2.0 / n + H - 4;

    /* Enumerate small networks: distances and necklaces. */
    bool enumerated = n <= ENUM_LIMIT;
    int64_t by_dist[64] = {0};
    int maxd = 0;
    double sum = 0;
    int64_t necklaces = 0, necklace_sizes_ok = 1;
    if (enumerated) {
        uint8_t p[TC_STAR_MAX_N];
        tc_star_unrank(n, 0, p);
        for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
            int d = tc_star_distance_identity(n, p);
            by_dist[d]++;
            sum += d;
            maxd = d > maxd ? d : maxd;
            /* every necklace is counted once, at its lexicographically smallest member */
            int size = tc_star_necklace_size(n, p);
            if ((n - 1) % size != 0) {
                necklace_sizes_ok = 0;
            }
            uint8_t q[TC_STAR_MAX_N], r[TC_STAR_MAX_N];
            memcpy(q, p, (size_t)n);
            bool smallest = true;
            for (int s = 1; s < size && smallest; s++) {
                tc_star_rotate(n, q, 1, r);
                memcpy(q, r, (size_t)n);
                smallest = tc_star_rank(n, q) > v;
            }
            necklaces += smallest;
        }
    }

    fact_t f[16];
    tc_check_report_t rep;
    int nf = 0;
#define FACT(k, src) (f[nf] = (fact_t){.key = (k), .source = (src), .verdict = 2}, &f[nf++])
    fact_t *x;
    x = FACT("nodes", "000 Sec. 1");
    snprintf(x->value, sizeof x->value, "%lld", (long long)N);
    snprintf(x->paper, sizeof x->paper, "n! = %lld", (long long)N);
    x->verdict = 0;
    x = FACT("edges", "000 Sec. 1");
    if (tc_net_edges(net) >= 0) {
        snprintf(x->value, sizeof x->value, "%lld", (long long)tc_net_edges(net));
    } else { /* S_20: n!(n-1)/2 exceeds 64 bits; print it exactly from 128 */
        __extension__ typedef unsigned __int128 u128;
        u128 e = (u128)(N / 2) * (u128)(n - 1);
        char digits[48];
        int len = 0;
        do {
            digits[len++] = (char)('0' + (int)(e % 10));
            e /= 10;
        } while (e != 0);
        for (int k = 0; k < len; k++) {
            x->value[k] = digits[len - 1 - k];
        }
        x->value[len] = '\0';
    }
    snprintf(x->paper, sizeof x->paper, "n!(n-1)/2");
    x->verdict = 0;
    x = FACT("degree", "000 Sec. 1");
    snprintf(x->value, sizeof x->value, "%d", tc_net_degree(net));
    snprintf(x->paper, sizeof x->paper, "n-1 = %d", n - 1);
    x->verdict = 0;
    x = FACT("diameter", "000 Sec. 1 ([1])");
    snprintf(x->paper, sizeof x->paper, "floor(3(n-1)/2) = %d", diam);
    if (enumerated) {
        snprintf(x->value, sizeof x->value, "%d (largest distance from I_n)", maxd);
        x->verdict = maxd != diam;
    } else {
        snprintf(x->value, sizeof x->value, "not enumerated above n = %d", ENUM_LIMIT);
    }
    x = FACT("average_distance", "000 Sec. 4.1 ([3]); RN 001.1");
    snprintf(x->paper, sizeof x->paper, "n + 2/n + H_n - 4 = %.6f", avg_formula);
    if (enumerated) {
        double avg = sum / (double)N;
        snprintf(x->value, sizeof x->value, "%.6f (over all n! nodes)", avg);
        x->verdict = (avg - avg_formula > 1e-9 || avg_formula - avg > 1e-9);
    } else {
        snprintf(x->value, sizeof x->value, "not enumerated above n = %d", ENUM_LIMIT);
    }
    x = FACT("substars", "000 Sec. 2");
    snprintf(x->value, sizeof x->value, "%d of %lld nodes", n, (long long)(N / n));
    snprintf(x->paper, sizeof x->paper, "S^k_{n-1}, k = 1..n, (n-1)! nodes each");
    x->verdict = 0;
    x = FACT("necklaces", "000 Lemma 3");
    snprintf(x->paper, sizeof x->paper, "sizes divide n-1 = %d", n - 1);
    if (enumerated) {
        snprintf(x->value, sizeof x->value, "%lld necklaces; sizes %s", (long long)necklaces,
                 necklace_sizes_ok ? "divide n-1" : "DO NOT divide n-1");
        x->verdict = !necklace_sizes_ok;
    } else {
        snprintf(x->value, sizeof x->value, "not enumerated above n = %d", ENUM_LIMIT);
    }
    /* The EDT family, built and checked for small n (spanning and depth only). */
    bool edt_measured = false;
    if (n <= 8) {
        tc_forest_t *forest = NULL;
        tc_check_opts_t o = tc_check_defaults();
        o.independence = o.excess = o.undirected = false;
        if (tc_trees_build(net, TC_KIND_EDT, 0, 0, &forest) == TC_OK &&
            tc_check_forest(forest, &o, &rep) == TC_OK) {
            edt_measured = true;
        }
        tc_forest_free(forest);
    }
    int spanning = 0, depth_lo = 1000, depth_hi = 0;
    if (edt_measured) {
        for (int t = 0; t < rep.ntrees; t++) {
            spanning += rep.reached[t] == N;
            depth_lo = rep.depth[t] < depth_lo ? rep.depth[t] : depth_lo;
            depth_hi = rep.depth[t] > depth_hi ? rep.depth[t] : depth_hi;
        }
    }
    x = FACT("edt_trees", "000 Sec. 3, Def. 8");
    snprintf(x->paper, sizeof x->paper, "n-1 = %d spanning trees", n - 1);
    if (edt_measured) {
        snprintf(x->value, sizeof x->value, "%d spanning of %d built at I_%d", spanning, rep.ntrees,
                 n);
        x->verdict = !(spanning == n - 1 && rep.ntrees == n - 1);
    } else {
        snprintf(x->value, sizeof x->value, "see treecast check (built here up to n = 8)");
    }
    x = FACT("edt_depth", "000 Lemma 6.4; RN 000.5");
    snprintf(x->paper, sizeof x->paper, "<= floor(3(n-1)/2)+4 = %d", 3 * (n - 1) / 2 + 4);
    if (edt_measured) {
        if (depth_lo == depth_hi) {
            snprintf(x->value, sizeof x->value, "%d in every tree", depth_lo);
        } else {
            snprintf(x->value, sizeof x->value, "%d..%d", depth_lo, depth_hi);
        }
        x->verdict = depth_hi > 3 * (n - 1) / 2 + 4;
    } else {
        snprintf(x->value, sizeof x->value, "see treecast check (built here up to n = 8)");
    }
    x = FACT("fault_tolerance", "000 Sec. 4.3");
    snprintf(x->value, sizeof x->value, "see treecast check (independence)");
    snprintf(x->paper, sizeof x->paper, "n-2 = %d node or edge faults", n - 2);
    x->verdict = 2;
#undef FACT

    st = print_facts(net, f, nf, json, enumerated ? by_dist : NULL, maxd,
                     "the star graph on %d symbols (Akers, Harel and Krishnamurthy; paper 000)");
    tc_net_free(net);
    return st;
}
