/* Unit tests of the SimGrid platforms of networks with switches and capacities
 * (include/treecast/platform.h, src/report/platform.c): switches as routers and out of the
 * hostfile, routes through them, bandwidths times the capacities written exactly, a link each
 * way for an edge whose directions differ, and the refusals (shared links for such an edge, a
 * bandwidth that a capacity makes too large) that write nothing. */
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

static tc_net_t *read_graph(const char *text)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_graph_read(text, strlen(text), "g", &net), TC_OK);
    return net;
}

/* Three hosts on a switch (tests/cli/data/switch_star.edges): the switch, node 0, is router s0;
 * the hosts n1..n3 are ranks 0..2; h1's edge (10 to the switch, 5 back) gets a link each way. */
static void test_switch_star(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("@switch s\nh0 s 10\nh1 s 10 5\nh2 s\n");
    tc_err_t err;
    char *xml = platform_text(net, NULL, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, "3 hosts (host nI is node I; rank R is the R-th host in node "
                                "order) of 1Gf, 1 router (router sI is switch I), 4 links of "
                                "1GBps times the capacity (1 to 10) and 1us"));
    assert_non_null(strstr(xml, "    <router id=\"s0\"/><!-- label s -->\n"));
    assert_int_equal(count(xml, "<host "), 3);
    assert_non_null(strstr(xml, "<host id=\"n2\" speed=\"1Gf\"><prop id=\"label\" "
                                "value=\"h1\"/></host>"));
    assert_non_null(strstr(xml, "<link id=\"l0_1\" bandwidth=\"10GBps\" latency=\"1us\" "
                                "sharing_policy=\"SPLITDUPLEX\"/>"));
    assert_non_null(strstr(xml, "<link id=\"l0_2_UP\" bandwidth=\"5GBps\" latency=\"1us\"/>"));
    assert_non_null(strstr(xml, "<link id=\"l0_2_DOWN\" bandwidth=\"10GBps\" latency=\"1us\"/>"));
    assert_non_null(strstr(xml, "<link id=\"l0_3\" bandwidth=\"1GBps\" latency=\"1us\" "
                                "sharing_policy=\"SPLITDUPLEX\"/>"));
    assert_non_null(strstr(xml, "<route src=\"s0\" dst=\"n2\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_2_UP\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n2\" dst=\"s0\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_2_DOWN\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n1\" dst=\"s0\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_1\" direction=\"DOWN\"/></route>"));
    assert_int_equal(count(xml, "<route "), 6);
    assert_null(strstr(xml, "\"n0\""));
    free(xml);
    char *hosts = hostfile_text(net);
    assert_string_equal(hosts, "n1\nn2\nn3\n");
    free(hosts);

    /* shared links: the edge whose directions differ is refused, nothing written */
    tc_platform_opts_t o = {.links = TC_PLATFORM_SHARED};
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_ENOTSUP);
    assert_string_equal(xml, "");
    assert_string_equal(tc_err_detail(), "Edge s-h1 carries 5 from s and 10 back; a shared link "
                                         "has one bandwidth for both directions.");
    free(xml);
    tc_net_free(net);
}

/* Shared links where every edge carries the same both ways: one symmetrical route per edge,
 * the bandwidth times the capacity, no sharing policy (SimGrid's SHARED). */
static void test_shared_capacities(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("a\nb\n@switch s\na s 3\nb s\n"); /* a, b, s: 0, 1, 2 */
    tc_platform_opts_t o = {.links = TC_PLATFORM_SHARED, .bandwidth = "10Gbps"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, "<link id=\"l0_2\" bandwidth=\"30Gbps\" latency=\"1us\"/>"));
    assert_non_null(strstr(xml, "<link id=\"l1_2\" bandwidth=\"10Gbps\" latency=\"1us\"/>"));
    assert_non_null(strstr(xml, "<route src=\"n0\" dst=\"s2\"><link_ctn id=\"l0_2\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n1\" dst=\"s2\"><link_ctn id=\"l1_2\"/></route>"));
    assert_non_null(strstr(xml, "<router id=\"s2\"/>"));
    assert_null(strstr(xml, "SPLITDUPLEX"));
    assert_null(strstr(xml, "_UP"));
    assert_non_null(strstr(xml, "of 10Gbps times the capacity (1 to 3) and 1us, shared"));
    free(xml);
    char *hosts = hostfile_text(net);
    assert_string_equal(hosts, "n0\nn1\n");
    free(hosts);
    tc_net_free(net);
}

/* The bandwidth of edge a-b (capacity cap both ways) given bw. */
static void expect_scaled(const char *bw, int64_t cap, const char *want)
{
    int64_t edges[2] = {0, 1}, caps[2] = {cap, cap};
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_fabric_new(2, 1, edges, caps, NULL, NULL, "ab", &net), TC_OK);
    tc_platform_opts_t o = {.bandwidth = bw};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    char link[160];
    snprintf(link, sizeof link, "<link id=\"l0_1\" bandwidth=\"%s\" latency=", want);
    if (strstr(xml, link) == NULL) {
        fail_msg("%s times %lld: no %s in\n%s", bw, (long long)cap, link, xml);
    }
    free(xml);
    tc_net_free(net);
}

/* Exact decimal products: the point and the exponent stay, leading and trailing zeros go. */
static void test_bandwidth_times_capacity(void **state)
{
    (void)state;
    expect_scaled("1.5GBps", 3, "4.5GBps");
    expect_scaled("2.5E3Mbps", 4, "10E3Mbps");
    expect_scaled(".5GBps", 2, "1GBps");
    expect_scaled("0.25GBps", 4, "1GBps");
    expect_scaled("0.1GBps", 3, "0.3GBps"); /* not 0.30000000000000004 */
    expect_scaled("007GBps", 1, "007GBps"); /* capacity 1: the text as given */
    expect_scaled("007GBps", 2, "14GBps");
    expect_scaled("1e-6GBps", 7, "7e-6GBps");
    expect_scaled("1GBps", TC_CAPACITY_MAX, "1000000000GBps");
    expect_scaled("999999999.999999999Bps", TC_CAPACITY_MAX, "999999999999999999Bps");
    expect_scaled("123456789.123456789Bps", 999999999, "123456788999999999.876543211Bps");
    expect_scaled("100MiBps", 12, "1200MiBps");
}

/* A bandwidth that a capacity makes infinite: TC_ERANGE, nothing written. */
static void test_bandwidth_overflow(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("a b 10\n");
    tc_platform_opts_t o = {.bandwidth = "1e308GBps"};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_ERANGE);
    assert_string_equal(xml, "");
    assert_string_equal(tc_err_detail(), "1e308GBps times capacity 10: too large for SimGrid");
    free(xml);
    tc_net_free(net);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_switch_star),
        cmocka_unit_test(test_shared_capacities),
        cmocka_unit_test(test_bandwidth_times_capacity),
        cmocka_unit_test(test_bandwidth_overflow),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
