/* Unit tests of the SimGrid platforms of `treecast platform` (include/treecast/platform.h,
 * src/report/platform.c): the quantities accepted and refused as SimGrid reads them, with the
 * sentences the tool prints after the option's name; a platform's hosts, links and routes,
 * counted and named; labels escaped so that the document stays well-formed; the hostfile; a
 * stream that fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "platform_text.h"

#include "run_one.h"
#include "treecast/platform.h"
#include "treecast/treecast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_quantities_accepted(void **state)
{
    (void)state;
    static const char *const BW[] = {"1Gbps", "1.5GBps", "100MiBps", "10Gbps", "1e3kbps",
                                     "1bps",  "2YiBps",  ".5EBps",   "7KiBps", NULL};
    static const char *const LAT[] = {"10us", "0s", "0ps", "1e-6s", ".5ms", "2w",
                                      "3d",   "1h", "5m",  "0.0ns", NULL};
    static const char *const SPEED[] = {
        "1Gf",        "2.5e3kiloflops", "1Ef", "1flops", "3yottaflops", "1e+3Mf", "4f",
        "9zetaflops", "1.0E2gigaflops", NULL};
    for (int k = 0; BW[k] != NULL; k++) {
        assert_int_equal(tc_platform_check_quantity(TC_PLATFORM_BANDWIDTH, BW[k]), TC_OK);
    }
    for (int k = 0; LAT[k] != NULL; k++) {
        assert_int_equal(tc_platform_check_quantity(TC_PLATFORM_LATENCY, LAT[k]), TC_OK);
    }
    for (int k = 0; SPEED[k] != NULL; k++) {
        assert_int_equal(tc_platform_check_quantity(TC_PLATFORM_SPEED, SPEED[k]), TC_OK);
    }
}

/* One refusal: its code and its whole detail sentence. */
static void refused(tc_platform_quantity_t q, const char *text, tc_err_t want, const char *detail)
{
    tc_err_t err = tc_platform_check_quantity(q, text);
    if (err != want || strcmp(tc_err_detail(), detail) != 0) {
        fail_msg("\"%s\": %s \"%s\", want %s \"%s\"", text, tc_err_name(err), tc_err_detail(),
                 tc_err_name(want), detail);
    }
}

#define BW_UNITS "bps or Bps after k, M, G, T, ... or Ki, Mi, Gi, ..."
#define LAT_UNITS "s, ms, us, ns, ps, m, h, d, w"
#define SPEED_UNITS "f after k, M, G, T, ..., or flops after kilo, mega, ..."

static void test_quantities_refused(void **state)
{
    (void)state;
    const tc_platform_quantity_t B = TC_PLATFORM_BANDWIDTH, L = TC_PLATFORM_LATENCY,
                                 S = TC_PLATFORM_SPEED;
    refused(B, "0Gbps", TC_EINVAL, "0Gbps: a bandwidth must be positive");
    refused(B, "-1Gbps", TC_EINVAL, "-1Gbps: a bandwidth must be positive");
    refused(L, "-1us", TC_EINVAL, "-1us: a latency must be 0 or more");
    refused(S, "0flops", TC_EINVAL, "0flops: a speed must be positive");
    refused(S, "0.0e5Gf", TC_EINVAL, "0.0e5Gf: a speed must be positive");
    refused(B, "1e999GBps", TC_ERANGE, "1e999GBps: too large for SimGrid");
    refused(B, "Gbps", TC_EPARSE,
            "Gbps: a bandwidth is a number and a unit, such as 1GBps or 10Gbps (units: " BW_UNITS
            ")");
    refused(B, "1Gbs", TC_EPARSE,
            "1Gbs: unknown unit \"Gbs\"; a bandwidth takes " BW_UNITS " (such as 1GBps or 10Gbps)");
    refused(L, "0", TC_EPARSE, "0: no unit; a latency takes " LAT_UNITS " (such as 1us or 500ns)");
    refused(S, "1E5", TC_EPARSE, "1E5: no unit; a speed takes " SPEED_UNITS " (such as 1Gf)");
    /* a unit of another quantity, a prefix of another family, a prefix written wrong */
    refused(S, "1Gbps", TC_EPARSE,
            "1Gbps: unknown unit \"Gbps\"; a speed takes " SPEED_UNITS " (such as 1Gf)");
    refused(B, "1Gf", TC_EPARSE,
            "1Gf: unknown unit \"Gf\"; a bandwidth takes " BW_UNITS " (such as 1GBps or 10Gbps)");
    refused(B, "1Kbps", TC_EPARSE,
            "1Kbps: unknown unit \"Kbps\"; a bandwidth takes " BW_UNITS
            " (such as 1GBps or 10Gbps)");
    refused(S, "1Giflops", TC_EPARSE,
            "1Giflops: unknown unit \"Giflops\"; a speed takes " SPEED_UNITS " (such as 1Gf)");
    refused(L, "1us ", TC_EPARSE,
            "1us : unknown unit \"us \"; a latency takes " LAT_UNITS " (such as 1us or 500ns)");
    refused(L, "0x10s", TC_EPARSE,
            "0x10s: unknown unit \"x10s\"; a latency takes " LAT_UNITS " (such as 1us or 500ns)");
    assert_int_equal(tc_platform_check_quantity((tc_platform_quantity_t)3, "1s"), TC_EINVAL);
}

/* Q_2 (nodes 0..3, edges 0-1, 0-2, 1-3, 2-3): 4 hosts, 4 links, 8 one-way routes. */
static void test_cube2_split_duplex(void **state)
{
    (void)state;
    tc_net_t *net = parse("cube:2");
    tc_platform_opts_t o = {.bandwidth = "10Gbps", .latency = "2us", .speed = "3Gf"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_int_equal(count(xml, "<host "), 4);
    assert_int_equal(count(xml, "</host>"), 4);
    assert_int_equal(count(xml, "speed=\"3Gf\""), 4);
    assert_int_equal(count(xml, "<link "), 4);
    assert_int_equal(count(xml, "bandwidth=\"10Gbps\" latency=\"2us\" "
                                "sharing_policy=\"SPLITDUPLEX\"/>"),
                     4);
    assert_int_equal(count(xml, "bandwidth=\""), 4);
    static const char *const EDGES[][2] = {{"0", "1"}, {"0", "2"}, {"1", "3"}, {"2", "3"}};
    for (int e = 0; e < 4; e++) {
        char want[160];
        snprintf(want, sizeof want, "<link id=\"l%s_%s\" ", EDGES[e][0], EDGES[e][1]);
        assert_int_equal(count(xml, want), 1);
        snprintf(want, sizeof want,
                 "<route src=\"n%s\" dst=\"n%s\" symmetrical=\"NO\"><link_ctn id=\"l%s_%s\" "
                 "direction=\"UP\"/></route>",
                 EDGES[e][0], EDGES[e][1], EDGES[e][0], EDGES[e][1]);
        assert_int_equal(count(xml, want), 1);
        snprintf(want, sizeof want,
                 "<route src=\"n%s\" dst=\"n%s\" symmetrical=\"NO\"><link_ctn id=\"l%s_%s\" "
                 "direction=\"DOWN\"/></route>",
                 EDGES[e][1], EDGES[e][0], EDGES[e][0], EDGES[e][1]);
        assert_int_equal(count(xml, want), 1);
    }
    assert_int_equal(count(xml, "<route "), 8);
    assert_int_equal(count(xml, "routing=\"DijkstraCache\""), 1);
    assert_non_null(strstr(xml, "<prop id=\"label\" value=\"11\"/>"));
    assert_non_null(strstr(xml, "): 4 hosts (host nI is node I and rank I) of 3Gf, 4 links of "
                                "10Gbps and 2us, full duplex (SPLITDUPLEX) -->\n"));
    assert_int_equal(strncmp(xml, "<?xml version='1.0'?>\n", 22), 0);
    assert_non_null(strstr(xml, "  </zone>\n</platform>\n"));
    assert_string_equal(xml + strlen(xml) - 12, "</platform>\n");
    free(xml);
    tc_net_free(net);
}

/* Shared links: one route per edge, no sharing policy; the defaults when o is NULL. */
static void test_shared_and_defaults(void **state)
{
    (void)state;
    tc_net_t *net = parse("star:3"); /* a 6-cycle: 6 links */
    tc_platform_opts_t o = {.links = TC_PLATFORM_SHARED, .source = "star:3"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_int_equal(count(xml, "<host "), 6);
    assert_int_equal(count(xml, "<link "), 6);
    assert_int_equal(count(xml, "<route "), 6);
    assert_int_equal(count(xml, "sharing_policy"), 0);
    assert_int_equal(count(xml, "symmetrical"), 0);
    assert_int_equal(count(xml, "bandwidth=\"1GBps\" latency=\"1us\"/>"), 6);
    assert_int_equal(count(xml, "speed=\"1Gf\""), 6);
    assert_non_null(strstr(xml, "<!-- treecast platform, net star:3 (S_3): 6 hosts"));
    assert_non_null(strstr(xml, "shared by both directions -->"));
    free(xml);

    xml = platform_text(net, NULL, &err); /* every default: split duplex, the net's name */
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, "<!-- treecast platform, net S_3 (S_3): 6 hosts"));
    assert_int_equal(count(xml, "sharing_policy=\"SPLITDUPLEX\""), 6);
    assert_int_equal(count(xml, "<route "), 12);
    free(xml);

    tc_net_t *one = parse("cube:1"); /* one link: the singular */
    xml = platform_text(one, NULL, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, ": 2 hosts (host nI is node I and rank I) of 1Gf, 1 link of"));
    free(xml);
    tc_net_free(one);
    tc_net_free(net);
}

/* The value between "<!--" and "-->" holds no "--" and does not end with '-'. */
static void assert_comment_ok(const char *xml)
{
    const char *open = strstr(xml, "<!--"), *close = strstr(xml, "-->");
    assert_non_null(open);
    assert_non_null(close);
    assert_true(close > open + 4);
    for (const char *p = open + 4; p + 1 < close; p++) {
        assert_false(p[0] == '-' && p[1] == '-');
    }
    assert_true(close[-1] != '-');
}

/* Labels with markup characters, quotes and "--": every attribute value escaped, the comment
 * without "--". */
static void test_labels_escaped(void **state)
{
    (void)state;
    const char *text = "a<&\"b c'>d\nc'>d e--\ne-- a<&\"b\n";
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_graph_read(text, strlen(text), "g--x-", &net), TC_OK);
    tc_platform_opts_t o = {.source = "graph:a--b-"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_int_equal(count(xml, "<host "), 3);
    assert_int_equal(count(xml, "<link "), 3);
    assert_non_null(strstr(xml, "value=\"a&lt;&amp;&quot;b\"/>"));
    assert_non_null(strstr(xml, "value=\"c&apos;&gt;d\"/>"));
    assert_non_null(strstr(xml, "value=\"e--\"/>"));
    /* no raw markup character inside any value */
    for (const char *p = strstr(xml, "value=\""); p != NULL; p = strstr(p + 1, "value=\"")) {
        const char *v = p + 7, *end = strchr(v, '"');
        assert_non_null(end);
        for (const char *c = v; c < end; c++) {
            assert_true(*c != '<' && *c != '>' && *c != '\'');
            assert_true(*c != '&' || strncmp(c, "&amp;", 5) == 0 || strncmp(c, "&lt;", 4) == 0 ||
                        strncmp(c, "&gt;", 4) == 0 || strncmp(c, "&quot;", 6) == 0 ||
                        strncmp(c, "&apos;", 6) == 0);
        }
    }
    assert_comment_ok(xml);
    assert_non_null(strstr(xml, "net graph:a- -b-  (g- -x- ): 3 hosts"));
    free(xml);
    tc_net_free(net);
}

/* Bytes that are no XML character become U+FFFD; valid UTF-8 stays. */
static void test_invalid_bytes_replaced(void **state)
{
    (void)state;
    const char *text = "a b\377\nb\377 c\342\202\nc\342\202 d\303\251\nd\303\251 a\n";
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_graph_read(text, strlen(text), NULL, &net), TC_OK);
    tc_err_t err;
    char *xml = platform_text(net, NULL, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, "value=\"b\357\277\275\"/>"));
    assert_non_null(strstr(xml, "value=\"c\357\277\275\357\277\275\"/>"));
    assert_non_null(strstr(xml, "value=\"d\303\251\"/>"));
    assert_null(strchr(xml, '\377'));
    free(xml);
    tc_net_free(net);
}

/* A refused quantity or link sharing: nothing written, the quantity's sentence. */
static void test_write_refuses(void **state)
{
    (void)state;
    tc_net_t *net = parse("cube:2");
    tc_platform_opts_t o = {.latency = "5xs"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_EPARSE);
    assert_string_equal(xml, "");
    assert_non_null(strstr(tc_err_detail(), "5xs: unknown unit \"xs\"; a latency takes"));
    free(xml);
    o = (tc_platform_opts_t){.speed = "0Gf"};
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_EINVAL);
    assert_string_equal(tc_err_detail(), "0Gf: a speed must be positive");
    assert_string_equal(xml, "");
    free(xml);
    o = (tc_platform_opts_t){.links = (tc_platform_links_t)2};
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_EINVAL);
    assert_string_equal(xml, "");
    free(xml);
    tc_net_free(net);

    net = parse("star:13"); /* not materializable: no platform, no hostfile */
    xml = platform_text(net, NULL, &err);
    assert_int_equal(err, TC_ETOOBIG);
    assert_string_equal(tc_err_detail(),
                        "S_13 is too large to build out as a neighbour table here.");
    assert_string_equal(xml, "");
    free(xml);
    FILE *fp = fopen("/dev/null", "w");
    assert_non_null(fp);
    assert_int_equal(tc_platform_write_hostfile(fp, net), TC_ETOOBIG);
    fclose(fp);
    tc_net_free(net);
}

static void test_hostfile(void **state)
{
    (void)state;
    tc_net_t *net = parse("cube:3");
    char *buf = hostfile_text(net);
    assert_string_equal(buf, "n0\nn1\nn2\nn3\nn4\nn5\nn6\nn7\n");
    free(buf);
    tc_net_free(net);
}

/* A stream that cannot be written: TC_EIO, for both writers. */
static void test_stream_fails(void **state)
{
    (void)state;
    tc_net_t *net = parse("cube:2");
    FILE *fp = fopen("/dev/null", "r"); /* every write fails and sets the error flag */
    assert_non_null(fp);
    assert_int_equal(tc_platform_write(fp, net, NULL), TC_EIO);
    assert_non_null(strstr(tc_err_detail(), "could not be written"));
    assert_int_equal(tc_platform_write_hostfile(fp, net), TC_EIO);
    fclose(fp);
    tc_net_free(net);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quantities_accepted), cmocka_unit_test(test_quantities_refused),
        cmocka_unit_test(test_cube2_split_duplex),  cmocka_unit_test(test_shared_and_defaults),
        cmocka_unit_test(test_labels_escaped),      cmocka_unit_test(test_invalid_bytes_replaced),
        cmocka_unit_test(test_write_refuses),       cmocka_unit_test(test_hostfile),
        cmocka_unit_test(test_stream_fails),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
