/* treecast platform — a SimGrid platform of a network: one host per compute node, one router
 * per switch, one link per edge (its bandwidth times the edge's capacity; a link each way where
 * the two directions differ), Dijkstra routing over them (SMPI computes the routes between
 * non-neighbours, through the routers) or, with --routes, Full routing with the routes of an
 * optimal schedule, and the hostfile in rank order (rank R = the R-th compute node), for running
 * libtreecast_mpi programs under smpirun. */
#include "common.h"
#include "treecast/platform.h"

#include <string.h>

typedef struct {
    const char *net_spec, *output, *hostfile, *bandwidth, *latency, *speed, *root_text;
    const char *routes_text; /* NULL: no --routes */
    int links;
    int routes; /* -1 without --routes, else an index of ROUTES */
} args_t;

static const char *const LINKS[] = {"splitduplex", "shared", NULL};
static const char *const ROUTES[] = {"bcast", "allgather", NULL};

/* --routes: the optimal schedule of the collective on net, into *s. 0 or the printed status. */
static int build_routes(const args_t *a, const tc_net_t *net, tc_optimal_t **s)
{
    int64_t hosts = tc_net_compute_nodes(net), root = 0;
    if (hosts > TC_PLATFORM_ROUTES_MAX) {
        return fail(EXIT_DATA,
                    "--routes %s: %lld compute nodes; a platform with routes declares one for "
                    "every ordered pair of hosts, for at most %d of them.",
                    ROUTES[a->routes], (long long)hosts, TC_PLATFORM_ROUTES_MAX);
    }
    int st = a->root_text != NULL ? resolve_root(net, a->root_text, 0, &root) : 0;
    while (st == 0 && a->root_text == NULL && tc_net_role(net, root) != TC_ROLE_COMPUTE) {
        root++; /* the first compute node */
    }
    if (st == 0) {
        tc_err_t err = tc_optimal_build(
            net, a->routes == 0 ? TC_OPTIMUM_BCAST : TC_OPTIMUM_ALLGATHER, root, s);
        char context[64];
        snprintf(context, sizeof context, "--routes %s", ROUTES[a->routes]);
        st = err != TC_OK ? lib_fail(err, context) : 0;
    }
    return st;
}

static int platform(const call_t *call)
{
    args_t *a = call->ctx;
    a->routes = -1;
    for (int k = 0; a->routes_text != NULL && ROUTES[k] != NULL; k++) {
        a->routes = strcmp(a->routes_text, ROUTES[k]) == 0 ? k : a->routes;
    }
    if (a->routes_text != NULL && a->routes < 0) {
        return misuse("--routes must be bcast or allgather, not \"%s\"", a->routes_text);
    }
    static const char *const OPTION[] = {"--bandwidth", "--latency", "--speed"};
    const char *const text[] = {a->bandwidth, a->latency, a->speed};
    for (int q = TC_PLATFORM_BANDWIDTH; q <= TC_PLATFORM_SPEED; q++) {
        if (tc_platform_check_quantity((tc_platform_quantity_t)q, text[q]) != TC_OK) {
            return misuse("%s %s", OPTION[q], tc_err_detail());
        }
    }
    bool to_stdout = a->output == NULL || strcmp(a->output, "-") == 0;
    if (a->hostfile != NULL && (strcmp(a->hostfile, "-") == 0
                                    ? to_stdout
                                    : a->output != NULL && strcmp(a->hostfile, a->output) == 0)) {
        return misuse("--hostfile %s: the platform goes there; name another file for the hosts",
                      a->hostfile);
    }
    if (a->root_text != NULL && a->routes != 0) {
        return misuse(a->routes < 0 ? "--root is the root of --routes bcast"
                                    : "--root is for bcast; an allgather has no root");
    }
    tc_net_t *net = NULL;
    tc_optimal_t *s = NULL;
    int st = open_net(a->net_spec, &net);
    st = st != 0 || a->routes < 0 ? st : build_routes(a, net, &s);
    if (st != 0) {
        tc_net_free(net);
        return st;
    }
    /* both files opened before either is written; main puts both in place, or neither */
    output_t out = {0}, hosts = {0};
    st = output_open(&out, a->output);
    st = st != 0 || a->hostfile == NULL ? st : output_open(&hosts, a->hostfile);
    tc_err_t err = TC_OK;
    if (st == 0) {
        tc_platform_opts_t o = {.bandwidth = a->bandwidth,
                                .latency = a->latency,
                                .speed = a->speed,
                                .links =
                                    a->links == 0 ? TC_PLATFORM_SPLITDUPLEX : TC_PLATFORM_SHARED,
                                .source = a->net_spec,
                                .routes = s};
        err = tc_platform_write(out.fp, net, &o);
        err = err != TC_OK || hosts.fp == NULL ? err : tc_platform_write_hostfile(hosts.fp, net);
    }
    bool ok = st == 0 && (err == TC_OK || err == TC_EIO); /* a failed stream: output_close says */
    int cst = output_close(&out, ok);
    st = st != 0 ? st : cst;
    cst = output_close(&hosts, ok && st == 0);
    st = st != 0 ? st : cst;
    st = st != 0 || err == TC_OK ? st
         : err == TC_EIO         ? fail(EXIT_RESOURCE, "writing the output failed")
         : err == TC_ENOTSUP /* the network's capacities do not fit shared links */
             ? fail(EXIT_DATA,
                    "--links shared: %s --links splitduplex gives each direction its own.",
                    tc_err_detail())
             : err == TC_ERANGE ? misuse("--bandwidth %s", tc_err_detail())
                                : lib_fail(err, "the platform");
    tc_optimal_free(s);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("bandwidth", bandwidth, "BW",
               "the bandwidth of capacity 1 (default 1GBps): a link of capacity c gets\n"
               "c times BW"),
    OPT_STRING("latency", latency, "LAT", "every link's latency (default 1us)"),
    OPT_STRING("speed", speed, "F", "every host's speed (default 1Gf)"),
    OPT_CHOICE("links", links, LINKS,
               "splitduplex (default: the papers' full-duplex links, each direction its own\n"
               "bandwidth) or shared (SimGrid's default: both directions share it)"),
    OPT_STRING("routes", routes_text, "COLL",
               "bcast or allgather: Full routing with the routes of the collective's\n"
               "optimal schedule (treecast trees --kind optimal --coll COLL), a shortest\n"
               "path for every other pair of hosts (at most 4096 hosts; default: none,\n"
               "Dijkstra routing)"),
    OPT_STRING("root", root_text, "LABEL",
               "the root of --routes bcast (default: the first compute node)"),
    OPT_STRING("hostfile", hostfile, "FILE", "also write the hostfile, one host per rank"),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast platform --net cube:3",
    "a SimGrid platform of Q_3 on standard output",
    "treecast platform --net graph:tests/cli/data/fattree_small.edges --links shared",
    "a router per switch; a link of capacity c carries c x 1GBps, shared by both directions",
    "treecast platform --net polarfly:3 --routes allgather --hostfile pf3.hosts",
    "the optimal allgather's routes (--kind optimal) for its arcs, shortest paths for the rest",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast platform --net NET [--bandwidth BW] [--latency LAT] [--speed F]\n"
             "                         [--links splitduplex|shared] [--routes bcast|allgather]\n"
             "                         [--root LABEL] [--hostfile FILE] [--output FILE]",
    .about = "Write a SimGrid platform (XML, version 4.1) of a network: host nI for compute node\n"
             "I (its label as a property), router sI for switch I, one link per edge, Dijkstra\n"
             "routing so that SMPI routes between any two hosts over shortest paths, through\n"
             "the routers; with --hostfile the hosts in rank order (rank R = the R-th compute\n"
             "node by id: node R without switches, as libtreecast_mpi numbers them). A link's\n"
             "bandwidth is --bandwidth times its edge's capacity (graph:FILE, u v c [c_back];\n"
             "capacity 1 = --bandwidth); with splitduplex links an edge whose two directions\n"
             "differ gets a link each way, lU_V_UP and lU_V_DOWN, and shared links refuse it.\n"
             "Run a libtreecast_mpi program on it: smpicc ... && smpirun -no-privatize\n"
             "-platform P.xml -hostfile H -np N ./program (docs/mpi.md). Quantities are\n"
             "SimGrid's: a bandwidth in bps or Bps (10Gbps, 1GBps, 100MiBps), a latency in s,\n"
             "ms, us, ns (0 allowed), a speed in f (1Gf) or flops; a bandwidth or speed must be\n"
             "positive. The platform and the hostfile are written together: when one cannot be\n"
             "written, neither is.\n"
             "\n"
             "--routes bcast|allgather builds the optimal schedule of the collective (treecast\n"
             "trees --kind optimal --coll C; bcast from --root) and writes a zone with Full\n"
             "routing: a one-way route for every ordered pair of hosts, the links of the\n"
             "schedule's route for a pair that one of its trees joins (the route carrying the\n"
             "most weight when there are several), a shortest path by hops for the others (so\n"
             "that SMPI's own barriers and reductions still reach every rank). libtreecast_mpi's\n"
             "kind optimal sends each tree arc as a stream from rank(parent) to rank(child), and\n"
             "its rates hold only when the network carries the stream along the schedule's\n"
             "route; SimGrid's Dijkstra routing takes one fixed shortest path per pair instead,\n"
             "where streams may collide (a 1 MiB allgather on polarfly:3 under SMPI: 50.6 ms\n"
             "on the Dijkstra platform, 26.2 ms on --routes allgather, the optimum 26.2 ms).\n"
             "A platform with routes takes at most 4096 hosts (C x (C-1) routes).",
    .opts = OPTS,
    .status = "0 written, 2 misuse (a malformed or non-positive quantity among them), 3 an\n"
              "unreadable graph file, --links shared on an edge whose directions differ in\n"
              "capacity, --routes on more than 4096 compute nodes or on a network whose\n"
              "optimal schedule cannot be built, 4 output not writable.",
    .examples = EXAMPLES,
};

int cmd_platform(int argc, char **argv)
{
    args_t a = {.bandwidth = "1GBps", .latency = "1us", .speed = "1Gf"};
    return run_command(argc, argv, &DOC, 0, platform, &a);
}
