/* SimGrid platforms of a network (include/treecast/platform.h): the quantities as SimGrid 3.3x
 * reads them (xbt_parse_units.cpp), the platform's XML with its labels escaped, the routes of a
 * schedule in a Full zone, the hostfile. */
#include "treecast/platform.h"
#include "core/internal.h"
#include "plan/optimal_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- SimGrid quantities: a decimal number, then a unit among the quantity's, each optionally
 * after a prefix of its family. */

static const char *const DECIMAL[] = {"", "k", "M", "G", "T", "P", "E", "Z", "Y", NULL};
static const char *const BINARY[] = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi", NULL};
static const char *const WORDS[] = {"",     "kilo", "mega", "giga",  "tera",
                                    "peta", "exa",  "zeta", "yotta", NULL};
static const char *const TIMES[] = {"w", "d", "h", "m", "s", "ms", "us", "ns", "ps", NULL};

typedef struct {
    const char *what, *units, *example;
    bool zero_ok; /* a latency may be 0 */
} quantity_t;

/* Indexed by tc_platform_quantity_t. */
static const quantity_t QUANTITIES[] = {
    {"bandwidth", "bps or Bps after k, M, G, T, ... or Ki, Mi, Gi, ...", "1GBps or 10Gbps", false},
    {"latency", "s, ms, us, ns, ps, m, h, d, w", "1us or 500ns", true},
    {"speed", "f after k, M, G, T, ..., or flops after kilo, mega, ...", "1Gf", false},
};

/* Whether unit is prefix + base for a prefix of the list. */
static bool prefixed(const char *unit, const char *base, const char *const *prefixes)
{
    size_t ul = strlen(unit), bl = strlen(base);
    if (ul < bl || strcmp(unit + ul - bl, base) != 0) {
        return false;
    }
    for (int k = 0; prefixes[k] != NULL; k++) {
        if (strlen(prefixes[k]) == ul - bl && strncmp(unit, prefixes[k], ul - bl) == 0) {
            return true;
        }
    }
    return false;
}

static bool unit_known(tc_platform_quantity_t q, const char *unit)
{
    if (q == TC_PLATFORM_BANDWIDTH) { /* bps (bits) or Bps (bytes) */
        return prefixed(unit, "bps", DECIMAL) || prefixed(unit, "bps", BINARY) ||
               prefixed(unit, "Bps", DECIMAL) || prefixed(unit, "Bps", BINARY);
    }
    if (q == TC_PLATFORM_SPEED) { /* f or flops */
        return prefixed(unit, "f", DECIMAL) || prefixed(unit, "flops", WORDS);
    }
    for (int k = 0; TIMES[k] != NULL; k++) { /* a latency */
        if (strcmp(unit, TIMES[k]) == 0) {
            return true;
        }
    }
    return false;
}

/* The length of the decimal number at the start of s: digits, an optional fraction, an optional
 * exponent (1, 1.5, .5, 1e-6, 2.5E3); 0 when there is none. */
static size_t number_length(const char *s)
{
    size_t k = strspn(s, "0123456789"), digits = k;
    if (s[k] == '.') {
        size_t f = strspn(s + k + 1, "0123456789");
        digits += f;
        k += 1 + f;
    }
    if (digits == 0) {
        return 0;
    }
    if (s[k] == 'e' || s[k] == 'E') {
        size_t sign = s[k + 1] == '+' || s[k + 1] == '-';
        size_t e = strspn(s + k + 1 + sign, "0123456789");
        k += e > 0 ? 1 + sign + e : 0; /* "1Ef" is 1 exaflop, not an exponent */
    }
    return k;
}

tc_err_t tc_platform_check_quantity(tc_platform_quantity_t q, const char *text)
{
    if ((unsigned)q > TC_PLATFORM_SPEED || text == NULL) {
        return tc__fail(TC_EINVAL, "no such quantity, or no text");
    }
    const quantity_t *d = &QUANTITIES[q];
    size_t len = number_length(text);
    if (text[0] == '-' && number_length(text + 1) > 0) {
        return tc__fail(TC_EINVAL, "%s: a %s must be %s", text, d->what,
                        d->zero_ok ? "0 or more" : "positive");
    }
    if (len == 0) {
        return tc__fail(TC_EPARSE, "%s: a %s is a number and a unit, such as %s (units: %s)", text,
                        d->what, d->example, d->units);
    }
    if (text[len] == '\0' || !unit_known(q, text + len)) {
        return tc__fail(TC_EPARSE, "%s: %s%s%s; a %s takes %s (such as %s)", text,
                        text[len] ? "unknown unit \"" : "no unit", text[len] ? text + len : "",
                        text[len] ? "\"" : "", d->what, d->units, d->example);
    }
    /* the unit starts with a letter that cannot continue the number: strtod stops at len */
    double value = strtod(text, NULL);
    if (!isfinite(value)) {
        return tc__fail(TC_ERANGE, "%s: too large for SimGrid", text);
    }
    if (value < 0 || (value == 0 && !d->zero_ok)) {
        return tc__fail(TC_EINVAL, "%s: a %s must be %s", text, d->what,
                        d->zero_ok ? "0 or more" : "positive");
    }
    return TC_OK;
}

/* ---- XML text: a label of a graph:FILE network may hold any byte, and a comment may not hold
 * "--": written so that the document stays well-formed. */

/* The length of the valid UTF-8 sequence of an XML character at s, 0 when there is none. */
static size_t xml_char(const unsigned char *s)
{
    if (s[0] < 0x80) {
        return s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n' || s[0] == '\r';
    }
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf   ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                              : 0;
    uint32_t c = n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xc0) != 0x80) {
            return 0;
        }
        c = c << 6 | (s[k] & 0x3fu);
    }
    bool ok = n == 2 || (n == 3 && c >= 0x800 && (c < 0xd800 || c > 0xdfff) && c < 0xfffe) ||
              (n == 4 && c >= 0x10000 && c <= 0x10ffff);
    return ok ? n : 0;
}

/* The reference of a character that an attribute value spells as one, else NULL. */
static const char *xml_ref(unsigned char ch)
{
    return ch == '&'    ? "&amp;"
           : ch == '<'  ? "&lt;"
           : ch == '>'  ? "&gt;"
           : ch == '"'  ? "&quot;"
           : ch == '\'' ? "&apos;"
           : ch == '\t' ? "&#9;"
           : ch == '\n' ? "&#10;"
           : ch == '\r' ? "&#13;"
                        : NULL;
}

/* Write text as an attribute value (comment false) or inside a comment (true): markup
 * characters as references in an attribute; in a comment no "--" and no '-' at the end; a
 * byte that is not part of an XML character becomes U+FFFD. */
static void xml_put(FILE *fp, const char *text, bool comment)
{
    const unsigned char *s = (const unsigned char *)text;
    bool dash = false;
    while (*s != '\0') {
        size_t n = xml_char(s);
        if (n == 0) {
            fputs("\xef\xbf\xbd", fp);
            s++;
            dash = false;
            continue;
        }
        const char *ref = comment ? NULL : xml_ref(*s);
        if (comment && *s == '-' && dash) {
            fputc(' ', fp);
        }
        if (ref != NULL) {
            fputs(ref, fp);
        } else if (comment && (*s == '\t' || *s == '\n' || *s == '\r')) {
            fputc(' ', fp);
        } else {
            fwrite(s, 1, n, fp);
        }
        dash = *s == '-';
        s += n;
    }
    if (comment && dash) {
        fputc(' ', fp);
    }
}

/* ---- the platform */

static const char *plural_s(int64_t n)
{
    return n == 1 ? "" : "s";
}

/* Each edge once, from its smaller end: whether port p of v leads to a larger node (*u). */
static bool edge_from(const tc_topo_t *topo, int64_t v, int p, int64_t *u)
{
    *u = topo->nbr[v * topo->ports + p];
    return *u > v;
}

/* The capacities of the edge at port p of v: *there from v to its neighbour, *back the other
 * way (1 and 1 without capacities). */
static void edge_caps(const tc_topo_t *topo, int64_t v, int p, int64_t *there, int64_t *back)
{
    int64_t u = topo->nbr[v * topo->ports + p];
    int q = topo->rev != NULL ? topo->rev[v * topo->ports + p] : p;
    *there = topo->cap != NULL ? topo->cap[v * topo->ports + p] : 1;
    *back = topo->cap != NULL ? topo->cap[u * topo->ports + q] : 1;
}

static bool is_switch(const tc_topo_t *topo, int64_t v)
{
    return topo->role != NULL && topo->role[v] == TC_ROLE_SWITCH;
}

/* A node's name in the platform: host nI for a compute node, router sI for a switch. */
static const char *node_name(const tc_topo_t *topo, int64_t v, char buf[24])
{
    snprintf(buf, 24, "%c%lld", is_switch(topo, v) ? 's' : 'n', (long long)v);
    return buf;
}

/* What the platform is made of, counted before it is written. */
typedef struct {
    int64_t hosts, routers, edges, links;
    int64_t split; /* the edges whose two directions differ: a link each way */
    int64_t cap_min, cap_max;
} census_t;

/* Count the platform's parts; refuse (TC_ENOTSUP) an edge whose directions differ when the
 * links are shared, and (TC_ERANGE) a bandwidth that the largest capacity makes infinite. */
static tc_err_t take_census(const tc_net_t *net, const tc_topo_t *topo, const tc_platform_opts_t *o,
                            census_t *c)
{
    *c = (census_t){.cap_min = INT64_MAX};
    int64_t u, there, back;
    for (int64_t v = 0; v < topo->nodes; v++) {
        c->routers += is_switch(topo, v);
        for (int p = 0; p < topo->ports; p++) {
            if (!edge_from(topo, v, p, &u)) {
                continue;
            }
            edge_caps(topo, v, p, &there, &back);
            if (there != back && o->links == TC_PLATFORM_SHARED) {
                char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
                tc_net_label(net, v, false, a, sizeof a);
                tc_net_label(net, u, false, b, sizeof b);
                return tc__fail(TC_ENOTSUP,
                                "Edge %s-%s carries %lld from %s and %lld back; a shared link "
                                "has one bandwidth for both directions.",
                                a, b, (long long)there, a, (long long)back);
            }
            c->edges++;
            c->split += there != back;
            c->cap_min = there < c->cap_min ? there : c->cap_min;
            c->cap_min = back < c->cap_min ? back : c->cap_min;
            c->cap_max = there > c->cap_max ? there : c->cap_max;
            c->cap_max = back > c->cap_max ? back : c->cap_max;
        }
    }
    c->hosts = topo->nodes - c->routers;
    c->links = c->edges + c->split;
    c->cap_min = c->edges > 0 ? c->cap_min : 1;
    c->cap_max = c->edges > 0 ? c->cap_max : 1;
    if (!isfinite(strtod(o->bandwidth, NULL) * (double)c->cap_max)) {
        return tc__fail(TC_ERANGE, "%s times capacity %lld: too large for SimGrid", o->bandwidth,
                        (long long)c->cap_max);
    }
    return TC_OK;
}

/* Write bandwidth text (a checked quantity) times capacity c (1..TC_CAPACITY_MAX) exactly, in
 * decimal: the digits of its number times c, the point and the exponent where they were, the
 * unit ("1.5GBps" times 3 is "4.5GBps", "2.5E3Mbps" times 4 "10E3Mbps"). digits holds at least
 * strlen(text) + 10 bytes. */
static void put_bandwidth(FILE *fp, const char *text, int64_t c, char *digits)
{
    if (c == 1) {
        fputs(text, fp);
        return;
    }
    size_t whole = strspn(text, "0123456789");
    size_t frac = text[whole] == '.' ? strspn(text + whole + 1, "0123456789") : 0;
    size_t mantissa = whole + (text[whole] == '.' ? 1 + frac : 0), n = whole + frac;
    size_t width = n + 10; /* c < 10^10 adds at most 10 digits */
    uint64_t carry = 0;
    for (size_t k = n; k-- > 0;) {
        char d = k < whole ? text[k] : text[k + 1]; /* past the point */
        carry += (uint64_t)(d - '0') * (uint64_t)c;
        digits[k + 10] = (char)('0' + carry % 10);
        carry /= 10;
    }
    for (size_t k = 10; k-- > 0;) {
        digits[k] = (char)('0' + carry % 10);
        carry /= 10;
    }
    size_t first = 0, last = width; /* no leading zero in the whole part, no trailing one after */
    while (first + 1 < width - frac && digits[first] == '0') {
        first++;
    }
    while (last > width - frac && digits[last - 1] == '0') {
        last--;
    }
    fwrite(digits + first, 1, width - frac - first, fp);
    if (last > width - frac) {
        fputc('.', fp);
        fwrite(digits + width - frac, 1, last - (width - frac), fp);
    }
    fputs(text + mantissa, fp); /* the exponent, if any, and the unit */
}

/* The declarations and the comment that says what the platform is: for a network without
 * switches or capacities, as it always was. */
static void write_head(FILE *fp, const tc_net_t *net, const census_t *c,
                       const tc_platform_opts_t *o)
{
    char name[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    fprintf(fp, "<?xml version='1.0'?>\n"
                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
    /* no "--" in a comment: the tool's options are named without their dashes */
    fputs("<!-- treecast platform, net ", fp);
    xml_put(fp, o->source != NULL ? o->source : name, true);
    fputs(" (", fp);
    xml_put(fp, name, true);
    fprintf(fp, "): %lld host%s (host nI is node I%s) of %s, ", (long long)c->hosts,
            plural_s(c->hosts),
            c->routers > 0 ? "; rank R is the R-th host in node order" : " and rank I", o->speed);
    if (c->routers > 0) {
        fprintf(fp, "%lld router%s (router sI is switch I), ", (long long)c->routers,
                plural_s(c->routers));
    }
    fprintf(fp, "%lld link%s of %s", (long long)c->links, plural_s(c->links), o->bandwidth);
    if (c->cap_min != 1 || c->cap_max != 1) {
        fprintf(fp, " times the capacity (%lld", (long long)c->cap_min);
        if (c->cap_max != c->cap_min) {
            fprintf(fp, " to %lld", (long long)c->cap_max);
        }
        fputc(')', fp);
    }
    fprintf(fp, " and %s, %s", o->latency,
            o->links == TC_PLATFORM_SPLITDUPLEX ? "full duplex (SPLITDUPLEX)"
                                                : "shared by both directions");
    if (c->split > 0) {
        fprintf(fp,
                "; %lld edge%s whose directions differ in capacity: a link each way, "
                "lU_V_UP from U to V and lU_V_DOWN back",
                (long long)c->split, plural_s(c->split));
    }
    fputs(" -->\n", fp);
}

/* The zone's opening (DijkstraCache routing, Full with routes), hosts and routers, links. */
static void write_elements(FILE *fp, const tc_net_t *net, const tc_topo_t *topo,
                           const tc_platform_opts_t *o, char *digits)
{
    char lab[TC_LABEL_MAX];
    bool split = o->links == TC_PLATFORM_SPLITDUPLEX;
    int64_t N = topo->nodes, u, there, back;
    fprintf(fp, "<platform version=\"4.1\">\n  <zone id=\"treecast\" routing=\"%s\">\n",
            o->routes != NULL ? "Full" : "DijkstraCache");
    for (int64_t v = 0; v < N; v++) {
        tc_net_label(net, v, true, lab, sizeof lab);
        if (is_switch(topo, v)) { /* a router has no property: its label goes in a comment */
            fprintf(fp, "    <router id=\"s%lld\"/><!-- label ", (long long)v);
            xml_put(fp, lab, true);
            fputs(" -->\n", fp);
            continue;
        }
        fprintf(fp, "    <host id=\"n%lld\" speed=\"%s\"><prop id=\"label\" value=\"", (long long)v,
                o->speed);
        xml_put(fp, lab, false);
        fputs("\"/></host>\n", fp);
    }
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < topo->ports; p++) {
            if (!edge_from(topo, v, p, &u)) {
                continue;
            }
            edge_caps(topo, v, p, &there, &back);
            for (int way = 0; way < (there != back ? 2 : 1); way++) {
                fprintf(fp, "    <link id=\"l%lld_%lld%s\" bandwidth=\"", (long long)v,
                        (long long)u,
                        there == back ? ""
                        : way == 0    ? "_UP"
                                      : "_DOWN");
                put_bandwidth(fp, o->bandwidth, way == 0 ? there : back, digits);
                fprintf(fp, "\" latency=\"%s\"%s/>\n", o->latency,
                        split && there == back ? " sharing_policy=\"SPLITDUPLEX\"" : "");
            }
        }
    }
}

/* The routes of a Dijkstra zone: one per link direction, between neighbours. */
static void write_neighbour_routes(FILE *fp, const tc_topo_t *topo, const tc_platform_opts_t *o)
{
    char a[24], b[24];
    bool split = o->links == TC_PLATFORM_SPLITDUPLEX;
    int64_t N = topo->nodes, u, there, back;
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < topo->ports; p++) {
            if (!edge_from(topo, v, p, &u)) {
                continue;
            }
            edge_caps(topo, v, p, &there, &back);
            long long x = v, y = u;
            node_name(topo, v, a);
            node_name(topo, u, b);
            if (there != back) { /* split: a one-way link each way */
                fprintf(fp,
                        "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld_UP\"/></route>\n"
                        "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld_DOWN\"/></route>\n",
                        a, b, x, y, b, a, x, y);
            } else if (split) {
                fprintf(fp,
                        "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld\" direction=\"UP\"/></route>\n"
                        "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld\" direction=\"DOWN\"/></route>\n",
                        a, b, x, y, b, a, x, y);
            } else {
                fprintf(fp,
                        "    <route src=\"%s\" dst=\"%s\"><link_ctn "
                        "id=\"l%lld_%lld\"/></route>\n",
                        a, b, x, y);
            }
        }
    }
}

/* ---- the routes of a schedule: a Full zone with a route for every ordered pair of hosts, the
 * schedule's own for the pairs its trees join, a shortest path for the others */

/* One of the schedule's arcs, sorted by its ends (node ids, so host order), then its index. */
typedef struct {
    int64_t tail, head, arc;
} pair_arc_t;

static int pair_arc_cmp(const void *x, const void *y)
{
    const pair_arc_t *a = x, *b = y;
    if (a->tail != b->tail) {
        return a->tail < b->tail ? -1 : 1;
    }
    if (a->head != b->head) {
        return a->head < b->head ? -1 : 1;
    }
    return (a->arc > b->arc) - (a->arc < b->arc);
}

/* What a Full zone's routes are made of, found before anything is written. */
typedef struct {
    const tc_optimal_t *s;
    int64_t hosts;
    /* The pairs of hosts that an arc of the trees joins, by (tail, head): the arc whose route
     * each takes (arc[k]), and the ports of the route's steps, port[off[k] ...]. */
    int64_t pairs, several; /* several: pairs joined over more than one route */
    int64_t *arc, *off;
    int32_t *port;
    /* A breadth-first search from one host: each node's parent (-1: not reached) and the port
     * of the parent that leads to it; the queue; a path's hops, last first. */
    int32_t *par, *pport, *queue, *hop_node, *hop_port;
} routes_t;

static void routes_destroy(routes_t *r)
{
    free(r->arc);
    free(r->off);
    free(r->port);
    free(r->par);
    free(r->pport);
    free(r->queue);
    free(r->hop_node);
    free(r->hop_port);
    *r = (routes_t){0};
}

/* The port of x that leads to y, -1 when they are not neighbours. O(ports). */
static int port_to(const tc_topo_t *topo, int64_t x, int64_t y)
{
    for (int p = 0; p < topo->ports; p++) {
        if (topo->nbr[x * topo->ports + p] == y) {
            return p;
        }
    }
    return -1;
}

/* The breadth-first search from src over every node, ports in order, into r->par and r->pport.
 * O(N ports). */
static void search_from(const tc_topo_t *topo, int64_t src, routes_t *r)
{
    for (int64_t v = 0; v < topo->nodes; v++) {
        r->par[v] = -1;
    }
    int64_t first = 0, last = 0;
    r->par[src] = (int32_t)src;
    r->queue[last++] = (int32_t)src;
    while (first < last) {
        int64_t x = r->queue[first++];
        for (int p = 0; p < topo->ports; p++) {
            int32_t y = topo->nbr[x * topo->ports + p];
            if (y >= 0 && r->par[y] < 0) {
                r->par[y] = (int32_t)x;
                r->pport[y] = (int32_t)p;
                r->queue[last++] = y;
            }
        }
    }
}

/* Node k of arc a's route: its tail, its switches, its head (k = 0 .. len + 1). */
static int64_t route_node(const tc_optimal_t *s, int64_t a, int32_t k)
{
    return k == 0                ? s->arc_tail[a]
           : k > s->route_len[a] ? s->arc_head[a]
                                 : s->pool[s->route_off[a] + k - 1];
}

static bool same_route(const tc_optimal_t *s, int64_t a, int64_t b)
{
    return s->route_len[a] == s->route_len[b] &&
           (s->route_len[a] == 0 || memcmp(s->pool + s->route_off[a], s->pool + s->route_off[b],
                                           (size_t)s->route_len[a] * sizeof *s->pool) == 0);
}

/* Pick, for each pair of hosts that the trees join, the route that carries the most weight
 * (the first arc's among equals) into r->arc; list holds the used arcs sorted by pair_arc_cmp,
 * weight each arc's total. O(A + the arcs of a pair squared). */
static void pick_routes(routes_t *r, const pair_arc_t *list, int64_t used, int64_t *weight)
{
    const tc_optimal_t *s = r->s;
    for (int64_t g = 0, end; g < used; g = end) {
        end = g + 1;
        while (end < used && list[end].tail == list[g].tail && list[end].head == list[g].head) {
            end++;
        }
        /* each arc's weight goes to the first arc of the group with the same route */
        int64_t distinct = 0, best = -1;
        for (int64_t k = g; k < end; k++) {
            int64_t rep = k;
            for (int64_t j = g; j < k && rep == k; j++) {
                rep = same_route(s, list[j].arc, list[k].arc) ? j : k;
            }
            if (rep != k) {
                weight[list[rep].arc] += weight[list[k].arc];
                weight[list[k].arc] = -1; /* merged */
            }
        }
        for (int64_t k = g; k < end; k++) {
            if (weight[list[k].arc] >= 0) {
                distinct++;
                best = best < 0 || weight[list[k].arc] > weight[best] ? list[k].arc : best;
            }
        }
        r->several += distinct > 1;
        r->arc[r->pairs++] = best;
    }
}

/* The ports of each chosen route's steps, checking that every step is an edge of the network. */
static tc_err_t route_ports(routes_t *r, const tc_net_t *net, const tc_topo_t *topo)
{
    const tc_optimal_t *s = r->s;
    int64_t steps = 0;
    for (int64_t k = 0; k < r->pairs; k++) {
        steps += s->route_len[r->arc[k]] + 1;
    }
    r->off = malloc((size_t)(r->pairs + 1) * sizeof *r->off);
    r->port = malloc((size_t)(steps > 0 ? steps : 1) * sizeof *r->port);
    if (r->off == NULL || r->port == NULL) {
        return tc__fail(TC_ENOMEM, "out of memory for the routes of a platform");
    }
    int64_t at = 0;
    for (int64_t k = 0; k < r->pairs; k++) {
        int64_t a = r->arc[k], tail = s->arc_tail[a], head = s->arc_head[a];
        r->off[k] = at;
        if (tail < 0 || tail >= topo->nodes || head < 0 || head >= topo->nodes ||
            is_switch(topo, tail) || is_switch(topo, head)) {
            return tc__fail(TC_EINVAL,
                            "The schedule's arc from node %lld to node %lld does not join two "
                            "hosts of the platform.",
                            (long long)tail, (long long)head);
        }
        for (int32_t q = 0; q <= s->route_len[a]; q++) {
            int64_t x = route_node(s, a, q), y = route_node(s, a, q + 1);
            int p =
                x >= 0 && x < topo->nodes && y >= 0 && y < topo->nodes ? port_to(topo, x, y) : -1;
            if (p < 0) {
                char t[TC_LABEL_MAX], h[TC_LABEL_MAX];
                tc_net_label(net, s->arc_tail[a], false, t, sizeof t);
                tc_net_label(net, s->arc_head[a], false, h, sizeof h);
                return tc__fail(TC_EINVAL,
                                "The schedule's route from %s to %s steps from node %lld to node "
                                "%lld, which are not neighbours in the network.",
                                t, h, (long long)x, (long long)y);
            }
            r->port[at++] = (int32_t)p;
        }
    }
    r->off[r->pairs] = at;
    return TC_OK;
}

/* Find the routes of schedule s on net: the checks (the hosts, the schedule's network, every
 * route a walk between hosts, every host reachable), the route of each pair the trees join, the
 * search's room. Nothing written. TC_ETOOBIG above TC_PLATFORM_ROUTES_MAX hosts, TC_EINVAL for
 * a schedule of another network or a route that is not a walk, TC_EPARSE for a network in
 * pieces, TC_ENOMEM. O(T C + A log A + L + N ports) for T trees, A arcs, L links of routes. */
static tc_err_t routes_prepare(routes_t *r, const tc_net_t *net, const tc_topo_t *topo,
                               const tc_optimal_t *s)
{
    *r = (routes_t){.s = s};
    int64_t first_host = -1;
    for (int64_t v = 0; v < topo->nodes; v++) {
        if (!is_switch(topo, v)) {
            first_host = first_host < 0 ? v : first_host;
            r->hosts++;
        }
    }
    if (r->hosts > TC_PLATFORM_ROUTES_MAX) {
        return tc__fail(TC_ETOOBIG,
                        "A platform with routes declares one for every ordered pair of hosts: "
                        "%lld hosts are more than %d.",
                        (long long)r->hosts, TC_PLATFORM_ROUTES_MAX);
    }
    const tc_net_t *sn = tc_optimal_net(s);
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
    tc_net_name(sn, a, sizeof a);
    tc_net_name(net, b, sizeof b);
    if (sn != net && (tc_net_nodes(sn) != topo->nodes || strcmp(a, b) != 0)) {
        return tc__fail(TC_EINVAL, "The schedule is of %s, the platform of %s.", a, b);
    }
    if (s->C != r->hosts) {
        return tc__fail(TC_EINVAL, "The schedule has %lld compute nodes, the platform %lld hosts.",
                        (long long)s->C, (long long)r->hosts);
    }
    /* each arc's weight over the trees, the used arcs by their ends */
    int64_t *weight = calloc((size_t)(s->arcs > 0 ? s->arcs : 1), sizeof *weight);
    uint8_t *in = calloc((size_t)(s->arcs > 0 ? s->arcs : 1), 1);
    pair_arc_t *list = NULL;
    int64_t used = 0;
    if (weight != NULL && in != NULL) {
        for (int64_t t = 0; t < s->trees; t++) {
            for (int64_t i = 0; i < s->C; i++) {
                int32_t arc = s->parent_arc[t * s->C + i];
                if (arc >= 0) {
                    weight[arc] += s->weight[t];
                    used += !in[arc];
                    in[arc] = 1;
                }
            }
        }
        list = malloc((size_t)(used > 0 ? used : 1) * sizeof *list);
        r->arc = malloc((size_t)(used > 0 ? used : 1) * sizeof *r->arc);
    }
    size_t N = (size_t)(topo->nodes > 0 ? topo->nodes : 1);
    r->par = malloc(N * sizeof *r->par);
    r->pport = malloc(N * sizeof *r->pport);
    r->queue = malloc(N * sizeof *r->queue);
    r->hop_node = malloc(N * sizeof *r->hop_node);
    r->hop_port = malloc(N * sizeof *r->hop_port);
    tc_err_t err = TC_OK;
    if (list == NULL || r->arc == NULL || r->par == NULL || r->pport == NULL || r->queue == NULL ||
        r->hop_node == NULL || r->hop_port == NULL) {
        err = tc__fail(TC_ENOMEM, "out of memory for the routes of a platform");
    }
    if (err == TC_OK) {
        for (int64_t arc = 0, k = 0; arc < s->arcs; arc++) {
            if (in[arc]) {
                list[k++] = (pair_arc_t){s->arc_tail[arc], s->arc_head[arc], arc};
            }
        }
        qsort(list, (size_t)used, sizeof *list, pair_arc_cmp);
        pick_routes(r, list, used, weight);
        err = route_ports(r, net, topo);
    }
    free(weight);
    free(in);
    free(list);
    if (err == TC_OK && first_host >= 0) { /* one piece: every host reached from the first */
        search_from(topo, first_host, r);
        for (int64_t v = 0; v < topo->nodes; v++) {
            if (!is_switch(topo, v) && r->par[v] < 0) {
                tc_net_label(net, first_host, false, a, sizeof a);
                tc_net_label(net, v, false, b, sizeof b);
                return tc__fail(TC_EPARSE,
                                "No path joins hosts %s and %s: a platform with routes needs a "
                                "network in one piece.",
                                a, b);
            }
        }
    }
    return err;
}

/* The comment that says where the routes come from. */
static void write_routes_comment(FILE *fp, const tc_net_t *net, const routes_t *r)
{
    const tc_optimal_t *s = r->s;
    int64_t all = r->hosts * (r->hosts - 1);
    fprintf(fp,
            "<!-- Full routing, a route one way for each of the %lld ordered pair%s of hosts: "
            "%lld over the route of an arc of the optimal %s schedule",
            (long long)all, plural_s(all), (long long)r->pairs, tc_optimum_coll_name(s->coll));
    if (s->coll == TC_OPTIMUM_BCAST && s->trees > 0) {
        char lab[TC_LABEL_MAX];
        tc_net_label(net, s->root[0], false, lab, sizeof lab);
        fputs(" from ", fp);
        xml_put(fp, lab, true);
    }
    fprintf(fp,
            " (%s, %lld tree%s), the other %lld over a shortest path (breadth first from the "
            "source, ports in order)",
            s->method, (long long)s->trees, plural_s(s->trees), (long long)(all - r->pairs));
    if (r->several > 0) {
        fprintf(fp,
                "; %lld pair%s joined over several routes in the trees: each takes the one that "
                "carries the most weight, and the streams of the others share it (one route per "
                "pair)",
                (long long)r->several, plural_s(r->several));
    }
    fputs(" -->\n", fp);
}

/* The link_ctn of the hop from x through its port p: the edge's link in that direction. */
static void put_hop(FILE *fp, const tc_topo_t *topo, int64_t x, int p, bool split)
{
    int64_t y = topo->nbr[x * topo->ports + p], there, back;
    edge_caps(topo, x, p, &there, &back);
    long long lo = x < y ? x : y, hi = x < y ? y : x;
    const char *way = x < y ? "UP" : "DOWN";
    if (there != back) { /* a one-way link each way */
        fprintf(fp, "<link_ctn id=\"l%lld_%lld_%s\"/>", lo, hi, way);
    } else if (split) {
        fprintf(fp, "<link_ctn id=\"l%lld_%lld\" direction=\"%s\"/>", lo, hi, way);
    } else {
        fprintf(fp, "<link_ctn id=\"l%lld_%lld\"/>", lo, hi);
    }
}

/* The routes of a Full zone: every ordered pair of hosts, in node order. O(C N ports + C^2 L). */
static void write_host_routes(FILE *fp, const tc_topo_t *topo, const tc_platform_opts_t *o,
                              routes_t *r)
{
    const tc_optimal_t *s = r->s;
    bool split = o->links == TC_PLATFORM_SPLITDUPLEX;
    int64_t N = topo->nodes, k = 0;
    for (int64_t i = 0; i < N; i++) {
        if (is_switch(topo, i)) {
            continue;
        }
        search_from(topo, i, r);
        for (int64_t j = 0; j < N; j++) {
            if (j == i || is_switch(topo, j)) {
                continue;
            }
            fprintf(fp, "    <route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\">", (long long)i,
                    (long long)j);
            if (k < r->pairs && s->arc_tail[r->arc[k]] == i && s->arc_head[r->arc[k]] == j) {
                int64_t x = i; /* the schedule's route */
                for (int64_t q = r->off[k]; q < r->off[k + 1]; q++) {
                    put_hop(fp, topo, x, r->port[q], split);
                    x = topo->nbr[x * topo->ports + r->port[q]];
                }
                k++;
            } else {
                int64_t hops = 0; /* the search's path, walked back from j */
                for (int64_t y = j; y != i; y = r->par[y]) {
                    r->hop_node[hops] = r->par[y];
                    r->hop_port[hops++] = r->pport[y];
                }
                while (hops-- > 0) {
                    put_hop(fp, topo, r->hop_node[hops], r->hop_port[hops], split);
                }
            }
            fputs("</route>\n", fp);
        }
    }
}

tc_err_t tc_platform_write(FILE *fp, const tc_net_t *net, const tc_platform_opts_t *o)
{
    if (fp == NULL || net == NULL) {
        return tc__fail(TC_EINVAL, "a platform needs a stream and a network");
    }
    tc_platform_opts_t d = o != NULL ? *o : (tc_platform_opts_t){0};
    d.bandwidth = d.bandwidth != NULL ? d.bandwidth : "1GBps";
    d.latency = d.latency != NULL ? d.latency : "1us";
    d.speed = d.speed != NULL ? d.speed : "1Gf";
    if (d.links != TC_PLATFORM_SPLITDUPLEX && d.links != TC_PLATFORM_SHARED) {
        return tc__fail(TC_EINVAL, "links %d: neither split-duplex nor shared", (int)d.links);
    }
    tc_err_t err = tc_platform_check_quantity(TC_PLATFORM_BANDWIDTH, d.bandwidth);
    err = err != TC_OK ? err : tc_platform_check_quantity(TC_PLATFORM_LATENCY, d.latency);
    err = err != TC_OK ? err : tc_platform_check_quantity(TC_PLATFORM_SPEED, d.speed);
    tc_topo_t topo;
    if (err != TC_OK || (err = tc_topo_init(&topo, net)) != TC_OK) {
        return err;
    }
    census_t c;
    char *digits = NULL;
    err = take_census(net, &topo, &d, &c);
    if (err == TC_OK && (digits = malloc(strlen(d.bandwidth) + 16)) == NULL) {
        err = tc__fail(TC_ENOMEM, "out of memory for the platform");
    }
    routes_t r = {0};
    if (err == TC_OK && d.routes != NULL) {
        err = routes_prepare(&r, net, &topo, d.routes);
    }
    if (err == TC_OK) {
        write_head(fp, net, &c, &d);
        if (d.routes != NULL) {
            write_routes_comment(fp, net, &r);
        }
        write_elements(fp, net, &topo, &d, digits);
        if (d.routes != NULL) {
            write_host_routes(fp, &topo, &d, &r);
        } else {
            write_neighbour_routes(fp, &topo, &d);
        }
        fprintf(fp, "  </zone>\n</platform>\n");
    }
    routes_destroy(&r);
    free(digits);
    tc_topo_destroy(&topo);
    if (err != TC_OK) {
        return err;
    }
    return ferror(fp) ? tc__fail(TC_EIO, "the platform could not be written") : TC_OK;
}

tc_err_t tc_platform_write_hostfile(FILE *fp, const tc_net_t *net)
{
    if (fp == NULL || net == NULL) {
        return tc__fail(TC_EINVAL, "a hostfile needs a stream and a network");
    }
    if (!tc_net_materializable(net) || tc_net_nodes(net) > INT32_MAX) { /* as tc_topo_init */
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        return tc__fail(TC_ETOOBIG, "%s is too large for a platform.", name);
    }
    for (int64_t v = 0, N = tc_net_nodes(net); v < N; v++) {
        if (tc_net_role(net, v) == TC_ROLE_COMPUTE) { /* a switch is a router, not a host */
            fprintf(fp, "n%lld\n", (long long)v);
        }
    }
    return ferror(fp) ? tc__fail(TC_EIO, "the hostfile could not be written") : TC_OK;
}
