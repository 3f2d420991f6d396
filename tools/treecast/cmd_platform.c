/* treecast platform — a SimGrid platform of a network: one host per node, one link per edge,
 * Dijkstra routing over them (SMPI computes the routes between non-neighbours), and the
 * hostfile in rank order (rank = node id), for running libtreecast_mpi programs under smpirun. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *net_spec, *output, *hostfile, *bandwidth, *latency, *speed;
    int links;
} args_t;

static const char *const LINKS[] = {"splitduplex", "shared", NULL};

/* A SimGrid quantity: digits, an optional fraction, then letters (1GBps, 1us, 1Gf). */
static bool quantity(const char *s)
{
    size_t k = strspn(s, "0123456789.");
    return k > 0 && s[k] != '\0' &&
           strspn(s + k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(s + k);
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
    fprintf(fp,
            "<!-- treecast platform --net %s: %s, %lld hosts (host nI is node I and rank I), "
            "%lld links of %s and %s, %s -->\n",
            a->net_spec, name, (long long)N, (long long)edges, a->bandwidth, a->latency,
            split ? "full duplex (SPLITDUPLEX)" : "shared by both directions");
    fprintf(fp, "<platform version=\"4.1\">\n  <zone id=\"treecast\" routing=\"DijkstraCache\">\n");
    for (int64_t v = 0; v < N; v++) {
        tc_net_label(net, v, true, lab, sizeof lab);
        fprintf(fp,
                "    <host id=\"n%lld\" speed=\"%s\"><prop id=\"label\" value=\"%s\"/></host>\n",
                (long long)v, a->speed, lab);
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
    if (!quantity(a->bandwidth) || !quantity(a->latency) || !quantity(a->speed)) {
        return misuse("--bandwidth, --latency and --speed are SimGrid quantities such as 1GBps, "
                      "1us, 1Gf");
    }
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
        return st;
    }
    tc_topo_t topo;
    tc_err_t err = tc_topo_init(&topo, net);
    if (err != TC_OK) {
        tc_net_free(net);
        return lib_fail(err, "the platform");
    }
    output_t out;
    if ((st = output_open(&out, a->output)) == 0) {
        write_platform(out.fp, a, net, &topo);
        st = output_close(&out, true);
    }
    output_t hosts;
    if (st == 0 && a->hostfile != NULL && (st = output_open(&hosts, a->hostfile)) == 0) {
        for (int64_t v = 0; v < topo.nodes; v++) {
            fprintf(hosts.fp, "n%lld\n", (long long)v);
        }
        st = output_close(&hosts, true);
    }
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

static const command_doc_t DOC = {
    .usage =
        "treecast platform --net NET [--bandwidth BW] [--latency LAT] [--speed F]\n"
        "                         [--links splitduplex|shared] [--hostfile FILE] [--output FILE]",
    .about = "Write a SimGrid platform (XML, version 4.1) of a network: host nI for node I (its\n"
             "label as a property), one link per edge, Dijkstra routing so that SMPI routes\n"
             "between any two hosts over shortest paths; with --hostfile the hosts in rank\n"
             "order (rank I = node I, as libtreecast_mpi numbers them). Run a libtreecast_mpi\n"
             "program on it: smpicc ... && smpirun -no-privatize -platform P.xml -hostfile H\n"
             "-np N ./program (docs/mpi.md).",
    .opts = OPTS,
    .status = "0 written, 2 misuse, 4 output not writable.",
};

int cmd_platform(int argc, char **argv)
{
    args_t a = {.bandwidth = "1GBps", .latency = "1us", .speed = "1Gf"};
    return run_command(argc, argv, &DOC, 0, platform, &a);
}
