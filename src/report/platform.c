/* SimGrid platforms of a network (include/treecast/platform.h): the quantities as SimGrid 3.3x
 * reads them (xbt_parse_units.cpp), the platform's XML with its labels escaped, the hostfile. */
#include "treecast/platform.h"
#include "core/internal.h"

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

/* The zone: hosts and routers, links, the route of each link. */
static void write_zone(FILE *fp, const tc_net_t *net, const tc_topo_t *topo,
                       const tc_platform_opts_t *o, char *digits)
{
    char lab[TC_LABEL_MAX], a[24], b[24];
    bool split = o->links == TC_PLATFORM_SPLITDUPLEX;
    int64_t N = topo->nodes, u, there, back;
    fprintf(fp, "<platform version=\"4.1\">\n  <zone id=\"treecast\" routing=\"DijkstraCache\">\n");
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
    fprintf(fp, "  </zone>\n</platform>\n");
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
    if (err == TC_OK) {
        write_head(fp, net, &c, &d);
        write_zone(fp, net, &topo, &d, digits);
    }
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
