/* treecast platform — a SimGrid platform of a network: one host per node, one link per edge,
 * Dijkstra routing over them (SMPI computes the routes between non-neighbours), and the
 * hostfile in rank order (rank = node id), for running libtreecast_mpi programs under smpirun. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *net_spec, *output, *hostfile, *bandwidth, *latency, *speed;
    int links;
} args_t;

static const char *const LINKS[] = {"splitduplex", "shared", NULL};

/* ---- SimGrid quantities (xbt_parse_units.cpp of SimGrid 3.3x): a decimal number, then a unit
 * among the quantity's, each optionally after a prefix of its family. */

static const char *const DECIMAL[] = {"", "k", "M", "G", "T", "P", "E", "Z", "Y", NULL};
static const char *const BINARY[] = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi", NULL};
static const char *const WORDS[] = {"",     "kilo", "mega", "giga",  "tera",
                                    "peta", "exa",  "zeta", "yotta", NULL};
static const char *const TIMES[] = {"w", "d", "h", "m", "s", "ms", "us", "ns", "ps", NULL};

typedef struct {
    const char *option, *what, *units, *example;
    bool zero_ok; /* a latency may be 0 */
} quantity_t;

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

static bool unit_known(const quantity_t *q, const char *unit)
{
    if (q->option[2] == 'b') { /* --bandwidth: bps (bits) or Bps (bytes) */
        return prefixed(unit, "bps", DECIMAL) || prefixed(unit, "bps", BINARY) ||
               prefixed(unit, "Bps", DECIMAL) || prefixed(unit, "Bps", BINARY);
    }
    if (q->option[2] == 's') { /* --speed: f or flops */
        return prefixed(unit, "f", DECIMAL) || prefixed(unit, "flops", WORDS);
    }
    for (int k = 0; TIMES[k] != NULL; k++) { /* --latency */
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

/* 0, or the misuse status after naming the option, the value and what is wrong with it. */
static int check_quantity(const quantity_t *q, const char *text)
{
    size_t len = number_length(text);
    if (text[0] == '-' && number_length(text + 1) > 0) {
        return misuse("%s %s: a %s must be %s", q->option, text, q->what,
                      q->zero_ok ? "0 or more" : "positive");
    }
    if (len == 0) {
        return misuse("%s %s: a %s is a number and a unit, such as %s (units: %s)", q->option, text,
                      q->what, q->example, q->units);
    }
    if (text[len] == '\0' || !unit_known(q, text + len)) {
        return misuse("%s %s: %s%s%s; a %s takes %s (such as %s)", q->option, text,
                      text[len] ? "unknown unit \"" : "no unit", text[len] ? text + len : "",
                      text[len] ? "\"" : "", q->what, q->units, q->example);
    }
    char *number = strndup(text, len);
    if (number == NULL) {
        return fail(EXIT_RESOURCE, "out of memory");
    }
    double value = strtod(number, NULL);
    free(number);
    if (!isfinite(value)) {
        return misuse("%s %s: too large for SimGrid", q->option, text);
    }
    if (value < 0 || (value == 0 && !q->zero_ok)) {
        return misuse("%s %s: a %s must be %s", q->option, text, q->what,
                      q->zero_ok ? "0 or more" : "positive");
    }
    return 0;
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
        const char *ref = NULL;
        if (!comment) {
            ref = *s == '&'    ? "&amp;"
                  : *s == '<'  ? "&lt;"
                  : *s == '>'  ? "&gt;"
                  : *s == '"'  ? "&quot;"
                  : *s == '\'' ? "&apos;"
                  : *s == '\t' ? "&#9;"
                  : *s == '\n' ? "&#10;"
                  : *s == '\r' ? "&#13;"
                               : NULL;
        } else if (*s == '-' && dash) {
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

static void write_platform(FILE *fp, const args_t *a, const tc_net_t *net, const tc_topo_t *topo)
{
    char name[TC_LABEL_MAX], lab[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    bool split = a->links == 0;
    int64_t N = topo->nodes, edges = 0;
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < topo->ports; p++) {
            edges += topo->nbr[v * topo->ports + p] > v;
        }
    }
    fprintf(fp, "<?xml version='1.0'?>\n"
                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
    /* no "--" in a comment: the options are named without their dashes */
    fputs("<!-- treecast platform, net ", fp);
    xml_put(fp, a->net_spec, true);
    fputs(" (", fp);
    xml_put(fp, name, true);
    fprintf(fp,
            "): %lld host%s (host nI is node I and rank I) of %s, %lld link%s of %s and %s, %s "
            "-->\n",
            (long long)N, plural_s(N), a->speed, (long long)edges, plural_s(edges), a->bandwidth,
            a->latency, split ? "full duplex (SPLITDUPLEX)" : "shared by both directions");
    fprintf(fp, "<platform version=\"4.1\">\n  <zone id=\"treecast\" routing=\"DijkstraCache\">\n");
    for (int64_t v = 0; v < N; v++) {
        tc_net_label(net, v, true, lab, sizeof lab);
        fprintf(fp, "    <host id=\"n%lld\" speed=\"%s\"><prop id=\"label\" value=\"", (long long)v,
                a->speed);
        xml_put(fp, lab, false);
        fputs("\"/></host>\n", fp);
    }
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < topo->ports; p++) {
            int64_t u = topo->nbr[v * topo->ports + p];
            if (u <= v) {
                continue; /* each edge once, from its smaller end */
            }
            fprintf(fp, "    <link id=\"l%lld_%lld\" bandwidth=\"%s\" latency=\"%s\"%s/>\n",
                    (long long)v, (long long)u, a->bandwidth, a->latency,
                    split ? " sharing_policy=\"SPLITDUPLEX\"" : "");
        }
    }
    for (int64_t v = 0; v < N; v++) {
        for (int p = 0; p < topo->ports; p++) {
            int64_t u = topo->nbr[v * topo->ports + p];
            if (u <= v) {
                continue;
            }
            if (split) {
                fprintf(fp,
                        "    <route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld\" direction=\"UP\"/></route>\n"
                        "    <route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\"><link_ctn "
                        "id=\"l%lld_%lld\" direction=\"DOWN\"/></route>\n",
                        (long long)v, (long long)u, (long long)v, (long long)u, (long long)u,
                        (long long)v, (long long)v, (long long)u);
            } else {
                fprintf(fp,
                        "    <route src=\"n%lld\" dst=\"n%lld\"><link_ctn "
                        "id=\"l%lld_%lld\"/></route>\n",
                        (long long)v, (long long)u, (long long)v, (long long)u);
            }
        }
    }
    fprintf(fp, "  </zone>\n</platform>\n");
}

static int platform(const call_t *call)
{
    const args_t *a = call->ctx;
    static const quantity_t BW = {"--bandwidth", "bandwidth",
                                  "bps or Bps after k, M, G, T, ... or Ki, Mi, Gi, ...",
                                  "1GBps or 10Gbps", false};
    static const quantity_t LAT = {"--latency", "latency", "s, ms, us, ns, ps, m, h, d, w",
                                   "1us or 500ns", true};
    static const quantity_t SPEED = {"--speed", "speed",
                                     "f after k, M, G, T, ..., or flops after kilo, mega, ...",
                                     "1Gf", false};
    int st = check_quantity(&BW, a->bandwidth);
    st = st != 0 ? st : check_quantity(&LAT, a->latency);
    st = st != 0 ? st : check_quantity(&SPEED, a->speed);
    if (st != 0) {
        return st;
    }
    bool to_stdout = a->output == NULL || strcmp(a->output, "-") == 0;
    if (a->hostfile != NULL && (strcmp(a->hostfile, "-") == 0
                                    ? to_stdout
                                    : a->output != NULL && strcmp(a->hostfile, a->output) == 0)) {
        return misuse("--hostfile %s: the platform goes there; name another file for the hosts",
                      a->hostfile);
    }
    tc_net_t *net = NULL;
    if ((st = open_net(a->net_spec, &net)) != 0) {
        return st;
    }
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, "the platform");
    }
    /* both files opened before either is written; main puts both in place, or neither */
    output_t out = {0}, hosts = {0};
    st = output_open(&out, a->output);
    st = st != 0 || a->hostfile == NULL ? st : output_open(&hosts, a->hostfile);
    if (st == 0) {
        write_platform(out.fp, a, net, &topo);
        for (int64_t v = 0; hosts.fp != NULL && v < topo.nodes; v++) {
            fprintf(hosts.fp, "n%lld\n", (long long)v);
        }
    }
    int cst = output_close(&out, st == 0);
    st = st != 0 ? st : cst;
    cst = output_close(&hosts, st == 0);
    st = st != 0 ? st : cst;
    tc_topo_destroy(&topo);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("bandwidth", bandwidth, "BW", "every link's bandwidth (default 1GBps)"),
    OPT_STRING("latency", latency, "LAT", "every link's latency (default 1us)"),
    OPT_STRING("speed", speed, "F", "every host's speed (default 1Gf)"),
    OPT_CHOICE("links", links, LINKS,
               "splitduplex (default: the papers' full-duplex links, each direction its own\n"
               "bandwidth) or shared (SimGrid's default: both directions share it)"),
    OPT_STRING("hostfile", hostfile, "FILE", "also write the hostfile, one host per rank"),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast platform --net cube:3",
    "a SimGrid platform of Q_3 on standard output",
    "treecast platform --net star:4 --bandwidth 10GBps --latency 2us --links shared",
    "faster links whose two directions share their bandwidth",
    NULL,
};

static const command_doc_t DOC = {
    .usage =
        "treecast platform --net NET [--bandwidth BW] [--latency LAT] [--speed F]\n"
        "                         [--links splitduplex|shared] [--hostfile FILE] [--output FILE]",
    .about = "Write a SimGrid platform (XML, version 4.1) of a network: host nI for node I (its\n"
             "label as a property), one link per edge, Dijkstra routing so that SMPI routes\n"
             "between any two hosts over shortest paths; with --hostfile the hosts in rank\n"
             "order (rank I = node I, as libtreecast_mpi numbers them). Run a libtreecast_mpi\n"
             "program on it: smpicc ... && smpirun -no-privatize -platform P.xml -hostfile H\n"
             "-np N ./program (docs/mpi.md). Quantities are SimGrid's: a bandwidth in bps or\n"
             "Bps (10Gbps, 1GBps, 100MiBps), a latency in s, ms, us, ns (0 allowed), a speed in\n"
             "f (1Gf) or flops; a bandwidth or speed must be positive. The platform and the\n"
             "hostfile are written together: when one cannot be written, neither is.",
    .opts = OPTS,
    .status = "0 written, 2 misuse (a malformed or non-positive quantity among them), 3 an\n"
              "unreadable graph file, 4 output not writable.",
    .examples = EXAMPLES,
};

int cmd_platform(int argc, char **argv)
{
    args_t a = {.bandwidth = "1GBps", .latency = "1us", .speed = "1Gf"};
    return run_command(argc, argv, &DOC, 0, platform, &a);
}
