/* Networks as objects: dispatch on the family. */
#include "treecast/net.h"
#include "core/internal.h"
#include "net/net_internal.h"
#include "net/star_internal.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tc_err_t tc_net_star_new(int n, tc_net_t **out)
{
    *out = NULL;
    if (n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "The star graph S_%d is outside the supported range 2..%d.", n,
                        TC_STAR_MAX_N);
    }
    tc_net_t *net = calloc(1, sizeof *net);
    if (net == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory creating a network.");
    }
    net->family = TC_NET_STAR;
    net->n = n;
    net->nodes = tc__fact[n];
    *out = net;
    return TC_OK;
}

tc_err_t tc_net_cube_new(int n, tc_net_t **out)
{
    *out = NULL;
    if (n < 1 || n > TC_CUBE_MAX_N) {
        return tc__fail(TC_ERANGE, "The hypercube Q_%d is outside the supported range 1..%d.", n,
                        TC_CUBE_MAX_N);
    }
    tc_net_t *net = calloc(1, sizeof *net);
    if (net == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory creating a network.");
    }
    net->family = TC_NET_CUBE;
    net->n = n;
    net->nodes = (int64_t)1 << n;
    *out = net;
    return TC_OK;
}

tc_err_t tc_net_icube_new(int n, int k, tc_net_t **out)
{
    *out = NULL;
    if (n < 1 || n > TC_ICUBE_MAX_N || k < 0 || k >= n) {
        return tc__fail(TC_ERANGE,
                        "The incomplete hypercube I_%d^%d needs 0 <= k < n <= %d (icube:n,k).", k,
                        n, TC_ICUBE_MAX_N);
    }
    tc_net_t *net = calloc(1, sizeof *net);
    if (net == NULL) {
        return tc__fail(TC_ENOMEM, "Out of memory creating a network.");
    }
    net->family = TC_NET_ICUBE;
    net->n = n;
    net->k = k;
    net->nodes = ((int64_t)1 << n) + ((int64_t)1 << k);
    *out = net;
    return TC_OK;
}

/* "icube:n,k" after the colon: two integers. */
static tc_err_t parse_icube(const char *spec, const char *num, tc_net_t **out)
{
    char *end = NULL;
    errno = 0;
    long n = strtol(num, &end, 10);
    if (end == num || *end != ',' || end[1] < '0' || end[1] > '9') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not icube:n,k (two integers).", spec);
    }
    const char *knum = end + 1;
    long k = strtol(knum, &end, 10);
    if (*end != '\0') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" is not icube:n,k (two integers).", spec);
    }
    if (errno != 0 || n < 1 || n > TC_ICUBE_MAX_N || k < 0 || k >= n) {
        return tc__fail(TC_ERANGE, "The incomplete hypercube icube:%.40s needs 0 <= k < n <= %d.",
                        num, TC_ICUBE_MAX_N);
    }
    return tc_net_icube_new((int)n, (int)k, out);
}

tc_err_t tc_net_parse(const char *spec, tc_net_t **out)
{
    *out = NULL;
    if (spec == NULL) {
        return tc__fail(TC_EINVAL, "No network was given.");
    }
    const char *colon = strchr(spec, ':');
    size_t flen = colon == NULL ? 0 : (size_t)(colon - spec);
    bool star = flen == 4 && strncmp(spec, "star", 4) == 0;
    bool cube = flen == 4 && strncmp(spec, "cube", 4) == 0;
    bool icube = flen == 5 && strncmp(spec, "icube", 5) == 0;
    if (!star && !cube && !icube) {
        return tc__fail(TC_EINVAL,
                        "Unknown network \"%.40s\"; expected star:N, cube:N or icube:N,K.", spec);
    }
    const char *num = colon + 1;
    if (icube) {
        if (*num < '0' || *num > '9') {
            return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected icube:N,K.", spec);
        }
        return parse_icube(spec, num, out);
    }
    if (*num < '0' || *num > '9') {
        return tc__fail(TC_EINVAL, "Network \"%.40s\" has no size; expected %s:N.", spec,
                        star ? "star" : "cube");
    }
    errno = 0;
    char *end = NULL;
    long n = strtol(num, &end, 10);
    if (*end != '\0') {
        return tc__fail(TC_EINVAL, "Network size \"%.20s\" is not an integer.", num);
    }
    if (cube) {
        if (errno != 0 || n < 1 || n > TC_CUBE_MAX_N) {
            return tc__fail(TC_ERANGE,
                            "The hypercube Q_%.20s is outside the supported range 1..%d.", num,
                            TC_CUBE_MAX_N);
        }
        return tc_net_cube_new((int)n, out);
    }
    if (errno != 0 || n < 2 || n > TC_STAR_MAX_N) {
        return tc__fail(TC_ERANGE, "The star graph S_%.20s is outside the supported range 2..%d.",
                        num, TC_STAR_MAX_N);
    }
    return tc_net_star_new((int)n, out);
}

void tc_net_free(tc_net_t *net)
{
    free(net);
}

tc_net_family_t tc_net_family(const tc_net_t *net)
{
    return net->family;
}

const char *tc_net_family_name(const tc_net_t *net)
{
    return net->family == TC_NET_CUBE ? "cube" : net->family == TC_NET_ICUBE ? "icube" : "star";
}

size_t tc_net_name(const tc_net_t *net, char *buf, size_t cap)
{
    if (net->family == TC_NET_ICUBE) {
        int len = snprintf(buf, cap, "I_%d^%d", net->k, net->n);
        return len < 0 ? 0 : (size_t)len;
    }
    int len = snprintf(buf, cap, "%s_%d", net->family == TC_NET_CUBE ? "Q" : "S", net->n);
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
    if (net->family == TC_NET_CUBE) {
        return net->n >= 63 ? -1 : (net->nodes / 2) * net->n;
    }
    if (net->family == TC_NET_ICUBE) { /* front cube, back cube, and 2^k dimension-n links */
        int64_t N = (int64_t)1 << net->n, K = (int64_t)1 << net->k;
        return (N / 2) * net->n + (K / 2) * net->k + K;
    }
    int64_t half = net->nodes / 2; /* n! is even for n >= 2 */
    if (half > INT64_MAX / (net->n - 1)) {
        return -1;
    }
    return half * (net->n - 1);
}

int tc_net_degree(const tc_net_t *net)
{
    return net->family == TC_NET_CUBE    ? net->n
           : net->family == TC_NET_ICUBE ? net->n + 1
                                         : net->n - 1;
}

int tc_net_dim_min(const tc_net_t *net)
{
    return net->family == TC_NET_STAR ? 2 : 0;
}

int tc_net_dim_max(const tc_net_t *net)
{
    return net->family == TC_NET_CUBE ? net->n - 1 : net->n;
}

int tc_net_diameter(const tc_net_t *net)
{
    if (net->family == TC_NET_CUBE) {
        return net->n;
    }
    if (net->family == TC_NET_ICUBE) {
        return net->n + 1; /* Lemma 4 of paper 003: a back node and its complement's front node */
    }
    return 3 * (net->n - 1) / 2;
}

bool tc_net_materializable(const tc_net_t *net)
{
    if (net->family == TC_NET_CUBE) {
        return net->n <= TC_CUBE_MAX_MATERIAL_N;
    }
    if (net->family == TC_NET_ICUBE) {
        return net->n <= TC_ICUBE_MAX_N;
    }
    return net->n <= TC_STAR_MAX_MATERIAL_N;
}

int64_t tc_net_neighbor(const tc_net_t *net, int64_t node, int dim)
{
    if (net->family == TC_NET_CUBE || net->family == TC_NET_ICUBE) {
        int dims = net->family == TC_NET_CUBE ? net->n : net->n + 1;
        if (dim < 0 || dim >= dims || node < 0 || node >= net->nodes) {
            return -1;
        }
        int64_t u = node ^ ((int64_t)1 << dim);
        return u < net->nodes ? u : -1;
    }
    if (dim < 2 || dim > net->n || node < 0 || node >= net->nodes) {
        return -1;
    }
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(net->n, node, p);
    return tc__star_rank_after_move(net->n, p, node, dim);
}

int tc_net_edge_dim(const tc_net_t *net, int64_t u, int64_t v)
{
    if (u < 0 || v < 0 || u >= net->nodes || v >= net->nodes) {
        return -1;
    }
    if (net->family == TC_NET_CUBE || net->family == TC_NET_ICUBE) {
        uint64_t x = (uint64_t)(u ^ v);
        return (x != 0 && (x & (x - 1)) == 0) ? __builtin_ctzll(x) : -1;
    }
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    return tc_star_dim(net->n, a, b);
}

int tc_net_distance(const tc_net_t *net, int64_t u, int64_t v)
{
    if (net->family == TC_NET_CUBE || net->family == TC_NET_ICUBE) {
        /* I_k^n: a shortest path flips the differing bits, bit n last toward the back cube
         * and first away from it, so the distance is the Hamming distance */
        return __builtin_popcountll((uint64_t)(u ^ v));
    }
    uint8_t a[TC_STAR_MAX_N], b[TC_STAR_MAX_N];
    tc_star_unrank(net->n, u, a);
    tc_star_unrank(net->n, v, b);
    return tc_star_distance(net->n, a, b);
}

size_t tc_net_label(const tc_net_t *net, int64_t node, bool commas, char *buf, size_t cap)
{
    if (net->family == TC_NET_CUBE) {
        return tc_cube_format(net->n, (uint64_t)node, buf, cap);
    }
    if (net->family == TC_NET_ICUBE) {
        return tc_cube_format(net->n + 1, (uint64_t)node, buf, cap);
    }
    uint8_t p[TC_STAR_MAX_N];
    tc_star_unrank(net->n, node, p);
    return tc_star_format(net->n, p, commas, buf, cap);
}

tc_err_t tc_net_parse_label(const tc_net_t *net, const char *text, int64_t *out)
{
    if (net->family == TC_NET_CUBE) {
        uint64_t v = 0;
        tc_err_t err = tc_cube_parse(net->n, text, &v);
        *out = (int64_t)v;
        return err;
    }
    if (net->family == TC_NET_ICUBE) {
        uint64_t v = 0;
        tc_err_t err = tc_cube_parse(net->n + 1, text, &v);
        if (err == TC_OK && v >= (uint64_t)net->nodes) {
            return tc__fail(TC_EPARSE, "Node \"%.40s\" is not in I_%d^%d (0..%lld).", text, net->k,
                            net->n, (long long)net->nodes - 1);
        }
        *out = (int64_t)v;
        return err;
    }
    uint8_t p[TC_STAR_MAX_N];
    tc_err_t err = tc_star_parse(net->n, text, p);
    if (err != TC_OK) {
        return err;
    }
    *out = tc_star_rank(net->n, p);
    return TC_OK;
}
