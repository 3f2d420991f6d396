/* treecast necklaces — the necklaces of S_n (Definition 4) grouped by distance from I_n, and
 * those of Q_n (the orbits of the cyclic rotation, paper 002 Section 2) grouped by weight. */
#include "common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: treecast necklaces --net star:N|cube:N [--distance D] [--format text|json]\n"
           "                          [--output FILE]\n"
           "\n"
           "On cube:N (N <= 20): the necklaces of Q_N, the orbits of the right rotation R of the\n"
           "address (paper 002, Section 2), grouped by distance from node 0 (the number of\n"
           "1-bits); each is listed from its smallest member, R applied in turn. A necklace is\n"
           "degenerate when its period is below N; its nodes are the cyclic nodes.\n"
           "\n"
           "List the necklaces of S_N (orbits of the rotation R, Definitions 3-4) grouped by\n"
           "distance from the identity, as in Section 2 of paper 000. A necklace outside\n"
           "S^1_{n-1} has n-1 nodes, one per substar, and is listed from its member with symbol\n"
           "1 in position 2; a necklace inside S^1_{n-1} is listed from its smallest member and\n"
           "after the others. Necklaces are ordered by their first member.\n"
           "\n"
           "  --net NET        star:N (2 <= N <= 10) or cube:N (1 <= N <= 20)\n"
           "  --distance D     only the necklaces at distance D\n"
           "  --format F       text (default) or json\n"
           "  --output FILE    write there (atomically) instead of stdout\n"
           "\n"
           "exit status: 0 success, 2 misuse, 4 out of memory or output not writable.\n");
}

typedef struct {
    int64_t rep;
    uint8_t dist;
    uint8_t inner; /* inside S^1_{n-1} */
    uint8_t size;
} necklace_t;

static int cmp_necklace(const void *a, const void *b)
{
    const necklace_t *x = a, *y = b;
    if (x->dist != y->dist) {
        return x->dist < y->dist ? -1 : 1;
    }
    if (x->inner != y->inner) {
        return x->inner < y->inner ? -1 : 1;
    }
    return x->rep < y->rep ? -1 : (x->rep > y->rep);
}

/* Q_n: every necklace from its smallest member, grouped by weight. */
static int cube_necklaces(const tc_net_t *net, int64_t only, bool json, const char *output)
{
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    int64_t total = 0, degenerate = 0, cyclic = 0;
    for (int64_t v = 0; v < N; v++) {
        int per = tc_cube_period(n, (uint64_t)v);
        if (tc_cube_necklace_first(n, (uint64_t)v)) {
            total++;
            degenerate += per < n;
        }
        cyclic += per < n;
    }
    output_t out;
    int st = output_open(&out, output);
    if (st != 0) {
        return st;
    }
    FILE *fp = out.fp;
    char lab[TC_LABEL_MAX];
    if (json) {
        fprintf(fp,
                "{\"format_version\":1,\"command\":\"necklaces\",\"network\":{\"family\":"
                "\"cube\",\"n\":%d,\"nodes\":%lld},\"necklaces\":[",
                n, (long long)N);
    } else if (only < 0) {
        fprintf(fp,
                "Q_%d: %lld nodes in %lld necklaces (%lld full, %lld degenerate; %lld cyclic "
                "nodes; periods divide n = %d)\n",
                n, (long long)N, (long long)total, (long long)(total - degenerate),
                (long long)degenerate, (long long)cyclic, n);
    }
    bool first = true;
    for (int w = 0; w <= n; w++) {
        if (only >= 0 && w != only) {
            continue;
        }
        int64_t at = 0;
        for (int pass = json ? 1 : 0; pass < 2; pass++) {
            if (pass == 1 && !json) {
                fprintf(fp, "distance %d: %lld necklace%s\n", w, (long long)at, at == 1 ? "" : "s");
            }
            for (int64_t v = 0; v < N; v++) {
                uint64_t c = (uint64_t)v;
                if (__builtin_popcountll(c) != w || !tc_cube_necklace_first(n, c)) {
                    continue;
                }
                if (pass == 0) {
                    at++;
                    continue;
                }
                int per = tc_cube_period(n, c);
                if (json) {
                    fprintf(fp, "%s\n{\"distance\":%d,\"size\":%d,\"degenerate\":%s,\"nodes\":[",
                            first ? "" : ",", w, per, per < n ? "true" : "false");
                } else {
                    fputs("  (", fp);
                }
                first = false;
                for (int j = 0; j < per; j++) {
                    tc_cube_format(n, tc_cube_rotate_right(n, c, j), lab, sizeof lab);
                    fprintf(fp, json ? "%s\"%s\"" : "%s%s", j ? (json ? "," : ", ") : "", lab);
                }
                fputs(json ? "]}" : (per < n ? ")  degenerate\n" : ")\n"), fp);
            }
        }
    }
    if (json) {
        fputs("]}\n", fp);
    }
    return output_close(&out, true);
}

int cmd_necklaces(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"net", required_argument, NULL, 'n'},    {"distance", required_argument, NULL, 'd'},
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    const char *net_spec = NULL, *format = "text", *output = NULL;
    int64_t only = -1;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            net_spec = optarg;
            break;
        case 'd':
            if (!parse_int_opt("--distance", optarg, 0, 1000, &only)) {
                return EXIT_MISUSE;
            }
            break;
        case 'f':
            format = optarg;
            break;
        case 'o':
            output = optarg;
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
    int n = tc_net_n(net);
    int64_t N = tc_net_nodes(net);
    if (tc_net_family(net) == TC_NET_ICUBE) {
        tc_net_free(net);
        return misuse("necklaces are defined for star:N and cube:N, not icube:N,K");
    }
    bool cube = tc_net_family(net) == TC_NET_CUBE;
    if (n > (cube ? 20 : 10)) {
        tc_net_free(net);
        return misuse("necklaces are listed for star:N with N <= 10 and cube:N with N <= 20");
    }
    int diam = tc_net_diameter(net);
    if (only > diam) {
        char name[16];
        tc_net_name(net, name, sizeof name);
        tc_net_free(net);
        return misuse("--distance %lld exceeds the diameter %d of %s", (long long)only, diam, name);
    }
    if (cube) {
        st = cube_necklaces(net, only, json, output);
        tc_net_free(net);
        return st;
    }
    uint8_t *seen = calloc((size_t)N, 1);
    necklace_t *list = malloc(sizeof *list * (size_t)N);
    if (seen == NULL || list == NULL) {
        free(seen);
        free(list);
        tc_net_free(net);
        return fail(EXIT_RESOURCE, "out of memory");
    }
    int64_t count = 0;
    uint8_t p[TC_STAR_MAX_N], q[TC_STAR_MAX_N], r[TC_STAR_MAX_N];
    tc_star_unrank(n, 0, p);
    for (int64_t v = 0; v < N; v++, tc_star_next(n, p)) {
        if (seen[v]) {
            continue;
        }
        necklace_t nk = {
            .rep = v, .dist = (uint8_t)tc_star_distance_identity(n, p), .inner = p[0] == 1};
        memcpy(q, p, (size_t)n);
        int size = 0;
        do {
            int64_t w = tc_star_rank(n, q);
            seen[w] = 1;
            size++;
            if (nk.inner ? w < nk.rep : (n >= 2 && q[1] == 1)) {
                nk.rep = w;
            }
            tc_star_rotate(n, q, 1, r);
            memcpy(q, r, (size_t)n);
        } while (memcmp(q, p, (size_t)n) != 0);
        nk.size = (uint8_t)size;
        if (only < 0 || nk.dist == only) {
            list[count++] = nk;
        }
    }
    qsort(list, (size_t)count, sizeof *list, cmp_necklace);
    output_t out;
    st = output_open(&out, output);
    if (st == 0) {
        FILE *fp = out.fp;
        char lab[TC_LABEL_MAX];
        if (json) {
            fprintf(fp,
                    "{\"format_version\":1,\"command\":\"necklaces\",\"network\":{\"family\":"
                    "\"star\",\"n\":%d,\"nodes\":%lld},\"necklaces\":[",
                    n, (long long)N);
        } else if (only < 0) {
            fprintf(fp, "S_%d: %lld nodes in %lld necklaces (sizes divide n-1 = %d)\n", n,
                    (long long)N, (long long)count, n - 1);
        }
        int cur = -1;
        for (int64_t k = 0; k < count; k++) {
            const necklace_t *nk = &list[k];
            if (!json && nk->dist != cur) {
                int64_t at = 0;
                for (int64_t j = k; j < count && list[j].dist == nk->dist; j++) {
                    at++;
                }
                fprintf(fp, "distance %d: %lld necklace%s\n", nk->dist, (long long)at,
                        at == 1 ? "" : "s");
                cur = nk->dist;
            }
            tc_star_unrank(n, nk->rep, q);
            fputs(json ? (k ? ",\n{\"distance\":" : "\n{\"distance\":") : "  (", fp);
            if (json) {
                fprintf(fp, "%d,\"size\":%d,\"nodes\":[", nk->dist, nk->size);
            }
            for (int s = 0; s < nk->size; s++) {
                tc_star_format(n, q, false, lab, sizeof lab);
                fprintf(fp, json ? "%s\"%s\"" : "%s%s", s ? (json ? "," : ", ") : "", lab);
                tc_star_rotate(n, q, 1, r);
                memcpy(q, r, (size_t)n);
            }
            fputs(json ? "]}" : ")\n", fp);
        }
        if (json) {
            fputs("]}\n", fp);
        }
        st = output_close(&out, true);
    }
    free(seen);
    free(list);
    tc_net_free(net);
    return st;
}
