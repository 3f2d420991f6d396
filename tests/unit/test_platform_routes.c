/* Unit tests of the SimGrid platforms that carry an optimal schedule's routes
 * (tc_platform_opts_t.routes, include/treecast/platform.h): a Full zone with a one-way route for
 * every ordered pair of hosts and none for the routers, the schedule's arcs over exactly the
 * links of their routes (each edge's half in its direction, one-way links where the directions
 * differ), a shortest path for the other pairs, the route carrying the most weight where the
 * trees join a pair over several, the refusals that write nothing, and the platform without a
 * schedule unchanged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "platform_text.h"

#include "plan/optimal_internal.h"
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

static tc_optimal_t *build(const tc_net_t *net, tc_optimum_coll_t coll)
{
    tc_optimal_t *s = NULL;
    int64_t root = 0;
    while (tc_net_role(net, root) != TC_ROLE_COMPUTE) {
        root++;
    }
    assert_int_equal(tc_optimal_build(net, coll, root, &s), TC_OK);
    return s;
}

/* The route element of the walk nodes[0..n-1] as the platform spells it on a network whose
 * edges carry the same both ways: the half of SPLITDUPLEX link lU_V (U < V) in the walk's
 * direction, or the shared link. */
static void expected_route(const int64_t *nodes, size_t n, bool split, char *out, size_t cap)
{
    size_t at =
        (size_t)snprintf(out, cap, "    <route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\">",
                         (long long)nodes[0], (long long)nodes[n - 1]);
    for (size_t k = 0; k + 1 < n; k++) {
        int64_t x = nodes[k], y = nodes[k + 1];
        long long lo = x < y ? x : y, hi = x < y ? y : x;
        if (split) {
            at += (size_t)snprintf(out + at, cap - at,
                                   "<link_ctn id=\"l%lld_%lld\" direction=\"%s\"/>", lo, hi,
                                   x < y ? "UP" : "DOWN");
        } else {
            at += (size_t)snprintf(out + at, cap - at, "<link_ctn id=\"l%lld_%lld\"/>", lo, hi);
        }
    }
    snprintf(out + at, cap - at, "</route>\n");
}

/* Every ordered pair of hosts has exactly one route, one way, and no router has any. */
static void assert_every_pair(const char *xml, const tc_net_t *net)
{
    int64_t N = tc_net_nodes(net), C = tc_net_compute_nodes(net);
    char head[96];
    for (int64_t i = 0; i < N; i++) {
        for (int64_t j = 0; j < N; j++) {
            bool hosts = tc_net_role(net, i) == TC_ROLE_COMPUTE &&
                         tc_net_role(net, j) == TC_ROLE_COMPUTE && i != j;
            snprintf(head, sizeof head, "<route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\">",
                     (long long)i, (long long)j);
            assert_int_equal(count(xml, head), hosts ? 1 : 0);
        }
    }
    assert_int_equal(count(xml, "<route "), (int)(C * (C - 1)));
    assert_int_equal(count(xml, "<route src=\"s"), 0);
    assert_int_equal(count(xml, "dst=\"s"), 0);
    assert_int_equal(count(xml, "symmetrical=\"NO\""), (int)(C * (C - 1)));
}

/* Every arc of the schedule's trees gets exactly the links of its route (the schedule joins
 * each pair over one route). */
static void assert_schedule_routes(const char *xml, const tc_optimal_t *s, bool split)
{
    int64_t nodes[64];
    char want[4096];
    for (int64_t t = 0; t < tc_optimal_trees(s); t++) {
        for (int64_t i = 0; i < tc_optimal_compute_nodes(s); i++) {
            size_t n = tc_optimal_route(s, t, tc_optimal_compute(s, i), nodes, 64);
            if (n == 0) {
                continue; /* the root */
            }
            assert_true(n >= 2 && n <= 64);
            expected_route(nodes, n, split, want, sizeof want);
            assert_non_null(strstr(xml, want));
        }
    }
}

/* Whether the trees of s join host i to host j (node ids). */
static bool schedule_pair(const tc_optimal_t *s, int64_t i, int64_t j)
{
    for (int64_t t = 0; t < tc_optimal_trees(s); t++) {
        if (tc_optimal_parent(s, t, j) == i) {
            return true;
        }
    }
    return false;
}

/* The number of links in the route from host i to host j. */
static int route_links(const char *xml, int64_t i, int64_t j)
{
    char head[96];
    snprintf(head, sizeof head, "<route src=\"n%lld\" dst=\"n%lld\" symmetrical=\"NO\">",
             (long long)i, (long long)j);
    const char *p = strstr(xml, head);
    assert_non_null(p);
    const char *end = strstr(p, "</route>");
    int n = 0;
    for (const char *q = strstr(p, "<link_ctn "); q != NULL && q < end;
         q = strstr(q + 1, "<link_ctn ")) {
        n++;
    }
    return n;
}

/* fattree:4's optimal allgather: a Full zone with the schedule's arcs over their routes and the
 * other pairs over shortest paths; hosts n0..n15 (two per edge switch, four per pod), switches
 * s16..s35 (edge switches e0..e7 are s16..s23), links and hosts as without routes. */
static void test_fattree_allgather(void **state)
{
    (void)state;
    tc_net_t *net = parse("fattree:4");
    tc_optimal_t *s = build(net, TC_OPTIMUM_ALLGATHER);
    tc_platform_opts_t o = {.routes = s};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, "  <zone id=\"treecast\" routing=\"Full\">\n"));
    assert_null(strstr(xml, "Dijkstra"));
    int pairs = 0;
    for (int64_t i = 0; i < 16; i++) {
        for (int64_t j = 0; j < 16; j++) {
            if (i != j && schedule_pair(s, i, j)) {
                pairs++;
            } else if (i != j) { /* a shortest path: 2 links on an edge switch, 4 in a pod, 6 */
                assert_int_equal(route_links(xml, i, j), i / 2 == j / 2   ? 2
                                                         : i / 4 == j / 4 ? 4
                                                                          : 6);
            }
        }
    }
    char comment[400];
    snprintf(comment, sizeof comment,
             "<!-- Full routing, a route one way for each of the 240 ordered pairs of hosts: %d "
             "over the route of an arc of the optimal allgather schedule (%s, %lld trees), the "
             "other %d over a shortest path (breadth first from the source, ports in order) -->\n",
             pairs, tc_optimal_method(s), (long long)tc_optimal_trees(s), 240 - pairs);
    assert_non_null(strstr(xml, comment));
    assert_every_pair(xml, net);
    assert_schedule_routes(xml, s, true);
    /* hosts on one edge switch: h0 to h1 through e0, whether the schedule's or the search's */
    assert_non_null(strstr(xml, "    <route src=\"n0\" dst=\"n1\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_16\" direction=\"UP\"/><link_ctn id=\"l1_16\" "
                                "direction=\"DOWN\"/></route>\n"));
    assert_non_null(strstr(xml, "    <route src=\"n1\" dst=\"n0\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l1_16\" direction=\"UP\"/><link_ctn id=\"l0_16\" "
                                "direction=\"DOWN\"/></route>\n"));
    /* the hosts, routers and links are those of the Dijkstra platform */
    tc_err_t err0;
    char *plain = platform_text(net, NULL, &err0);
    assert_int_equal(err0, TC_OK);
    const char *links = strstr(xml, "    <router id=\"s16\"/>");
    const char *links0 = strstr(plain, "    <router id=\"s16\"/>");
    assert_non_null(links);
    assert_non_null(links0);
    size_t len = (size_t)(strstr(xml, "    <route ") - links);
    assert_int_equal(len, (size_t)(strstr(plain, "    <route ") - links0));
    assert_memory_equal(links, links0, len);
    free(plain);
    free(xml);

    /* shared links: the same routes over the links themselves */
    o.links = TC_PLATFORM_SHARED;
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_every_pair(xml, net);
    assert_schedule_routes(xml, s, false);
    assert_null(strstr(xml, "direction="));
    free(xml);
    tc_optimal_free(s);
    tc_net_free(net);
}

/* A torus's bcast (edst trees, hosts only): every arc of every tree over its one link. */
static void test_torus_bcast(void **state)
{
    (void)state;
    tc_net_t *net = parse("torus:2,4");
    tc_optimal_t *s = build(net, TC_OPTIMUM_BCAST);
    tc_platform_opts_t o = {.routes = s};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_every_pair(xml, net);
    assert_schedule_routes(xml, s, true);
    assert_non_null(strstr(xml, "of the optimal bcast schedule from 00 (edst, 4 trees)"));
    free(xml);
    tc_optimal_free(s);
    tc_net_free(net);
}

/* Two hosts joined through two switches: the bcast sends one tree over each; the pair takes the
 * first tree's route, or the route that carries more weight, and the comment says so. */
static void test_several_routes(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("@switch s t\nh0 s\nh0 t\nh1 s\nh1 t\n"); /* s t h0 h1: 0..3 */
    tc_optimal_t *s = build(net, TC_OPTIMUM_BCAST);
    assert_int_equal(tc_optimal_trees(s), 2);
    tc_platform_opts_t o = {.routes = s};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_every_pair(xml, net);
    assert_non_null(strstr(xml, "; 1 pair joined over several routes in the trees: each takes "
                                "the one that carries the most weight"));
    const char *via_s = "<route src=\"n2\" dst=\"n3\" symmetrical=\"NO\"><link_ctn id=\"l0_2\" "
                        "direction=\"DOWN\"/><link_ctn id=\"l0_3\" direction=\"UP\"/></route>";
    const char *via_t = "<route src=\"n2\" dst=\"n3\" symmetrical=\"NO\"><link_ctn id=\"l1_2\" "
                        "direction=\"DOWN\"/><link_ctn id=\"l1_3\" direction=\"UP\"/></route>";
    int64_t nodes[8];
    bool first_via_s = tc_optimal_route(s, 0, 3, nodes, 8) == 3 && nodes[1] == 0;
    assert_non_null(strstr(xml, first_via_s ? via_s : via_t));
    free(xml);
    s->weight[1] = 2; /* the second tree now carries more */
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_non_null(strstr(xml, first_via_s ? via_t : via_s));
    assert_null(strstr(xml, first_via_s ? via_s : via_t));
    free(xml);
    tc_optimal_free(s);
    tc_net_free(net);
}

/* Edges whose two directions differ: each direction's one-way link, lU_V_UP from U to V. */
static void test_one_way_links(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("a b 2 1\nb c 1 2\nc a 2 1\nc d\nd a\n"); /* a b c d: 0..3 */
    tc_optimal_t *s = build(net, TC_OPTIMUM_ALLGATHER);
    tc_platform_opts_t o = {.routes = s};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_every_pair(xml, net);
    assert_non_null(strstr(xml, "<route src=\"n0\" dst=\"n1\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_1_UP\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n1\" dst=\"n0\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_1_DOWN\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n2\" dst=\"n1\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l1_2_DOWN\"/></route>"));
    assert_non_null(strstr(xml, "<route src=\"n0\" dst=\"n3\" symmetrical=\"NO\"><link_ctn "
                                "id=\"l0_3\" direction=\"UP\"/></route>"));
    free(xml);
    tc_optimal_free(s);
    tc_net_free(net);
}

/* Without a schedule the platform is the one it always was, to the byte. */
static void test_without_routes_unchanged(void **state)
{
    (void)state;
    tc_net_t *net = read_graph("@switch s t\nh0 s\nh0 t\nh1 s\nh1 t\n");
    tc_platform_opts_t o = {.routes = NULL};
    tc_err_t err;
    char *xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_OK);
    assert_string_equal(
        xml,
        "<?xml version='1.0'?>\n"
        "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<!-- treecast platform, net g (g): 2 hosts (host nI is node I; rank R is the R-th host "
        "in node order) of 1Gf, 2 routers (router sI is switch I), 4 links of 1GBps and 1us, full "
        "duplex (SPLITDUPLEX) -->\n"
        "<platform version=\"4.1\">\n"
        "  <zone id=\"treecast\" routing=\"DijkstraCache\">\n"
        "    <router id=\"s0\"/><!-- label s -->\n"
        "    <router id=\"s1\"/><!-- label t -->\n"
        "    <host id=\"n2\" speed=\"1Gf\"><prop id=\"label\" value=\"h0\"/></host>\n"
        "    <host id=\"n3\" speed=\"1Gf\"><prop id=\"label\" value=\"h1\"/></host>\n"
        "    <link id=\"l0_2\" bandwidth=\"1GBps\" latency=\"1us\" "
        "sharing_policy=\"SPLITDUPLEX\"/>\n"
        "    <link id=\"l0_3\" bandwidth=\"1GBps\" latency=\"1us\" "
        "sharing_policy=\"SPLITDUPLEX\"/>\n"
        "    <link id=\"l1_2\" bandwidth=\"1GBps\" latency=\"1us\" "
        "sharing_policy=\"SPLITDUPLEX\"/>\n"
        "    <link id=\"l1_3\" bandwidth=\"1GBps\" latency=\"1us\" "
        "sharing_policy=\"SPLITDUPLEX\"/>\n"
        "    <route src=\"s0\" dst=\"n2\" symmetrical=\"NO\"><link_ctn id=\"l0_2\" "
        "direction=\"UP\"/></route>\n"
        "    <route src=\"n2\" dst=\"s0\" symmetrical=\"NO\"><link_ctn id=\"l0_2\" "
        "direction=\"DOWN\"/></route>\n"
        "    <route src=\"s0\" dst=\"n3\" symmetrical=\"NO\"><link_ctn id=\"l0_3\" "
        "direction=\"UP\"/></route>\n"
        "    <route src=\"n3\" dst=\"s0\" symmetrical=\"NO\"><link_ctn id=\"l0_3\" "
        "direction=\"DOWN\"/></route>\n"
        "    <route src=\"s1\" dst=\"n2\" symmetrical=\"NO\"><link_ctn id=\"l1_2\" "
        "direction=\"UP\"/></route>\n"
        "    <route src=\"n2\" dst=\"s1\" symmetrical=\"NO\"><link_ctn id=\"l1_2\" "
        "direction=\"DOWN\"/></route>\n"
        "    <route src=\"s1\" dst=\"n3\" symmetrical=\"NO\"><link_ctn id=\"l1_3\" "
        "direction=\"UP\"/></route>\n"
        "    <route src=\"n3\" dst=\"s1\" symmetrical=\"NO\"><link_ctn id=\"l1_3\" "
        "direction=\"DOWN\"/></route>\n"
        "  </zone>\n"
        "</platform>\n");
    char *plain = platform_text(net, NULL, &err);
    assert_int_equal(err, TC_OK);
    assert_string_equal(xml, plain);
    free(plain);
    free(xml);
    tc_net_free(net);
}

/* The refusals write nothing: a schedule of another network, more hosts than routes allow, a
 * route that steps between nodes that are not neighbours. */
static void test_refusals(void **state)
{
    (void)state;
    tc_net_t *net = parse("fattree:4"), *other = parse("torus:2,4"), *big = parse("cube:13");
    tc_optimal_t *s = build(net, TC_OPTIMUM_ALLGATHER);
    tc_platform_opts_t o = {.routes = s};
    tc_err_t err;
    char *xml = platform_text(other, &o, &err);
    assert_int_equal(err, TC_EINVAL);
    assert_string_equal(xml, "");
    assert_string_equal(tc_err_detail(), "The schedule is of FT(4), the platform of T(2,4).");
    free(xml);

    xml = platform_text(big, &o, &err);
    assert_int_equal(err, TC_ETOOBIG);
    assert_string_equal(xml, "");
    assert_string_equal(tc_err_detail(), "A platform with routes declares one for every ordered "
                                         "pair of hosts: 8192 hosts are more than 4096.");
    free(xml);

    /* a route whose first step leaves its tail host for an edge switch that is not its own */
    int64_t a = -1; /* an arc of tree 0 through a switch */
    for (int64_t i = 0; i < s->C && a < 0; i++) {
        int64_t k = s->parent_arc[0 * s->C + i];
        a = k >= 0 && s->route_len[k] > 0 ? k : -1;
    }
    assert_true(a >= 0);
    int64_t tail = s->arc_tail[a], head = s->arc_head[a], wrong = 16 + (tail / 2 + 1) % 8;
    s->pool[s->route_off[a]] = wrong;
    char detail[2 * TC_LABEL_MAX + 200], tl[TC_LABEL_MAX], hl[TC_LABEL_MAX];
    tc_net_label(net, tail, false, tl, sizeof tl);
    tc_net_label(net, head, false, hl, sizeof hl);
    snprintf(detail, sizeof detail,
             "The schedule's route from %s to %s steps from node %lld to node %lld, which are "
             "not neighbours in the network.",
             tl, hl, (long long)tail, (long long)wrong);
    xml = platform_text(net, &o, &err);
    assert_int_equal(err, TC_EINVAL);
    assert_string_equal(xml, "");
    assert_string_equal(tc_err_detail(), detail);
    free(xml);
    tc_optimal_free(s);
    tc_net_free(big);
    tc_net_free(other);
    tc_net_free(net);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fattree_allgather),        cmocka_unit_test(test_torus_bcast),
        cmocka_unit_test(test_several_routes),           cmocka_unit_test(test_one_way_links),
        cmocka_unit_test(test_without_routes_unchanged), cmocka_unit_test(test_refusals),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
