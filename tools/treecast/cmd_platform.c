/* treecast platform — a SimGrid platform of a network: one host per node, one link per edge,
 * Dijkstra routing over them (SMPI computes the routes between non-neighbours), and the
 * hostfile in rank order (rank = node id), for running libtreecast_mpi programs under smpirun. */
#include "common.h"
#include "treecast/platform.h"

#include <string.h>

typedef struct {
    const char *net_spec, *output, *hostfile, *bandwidth, *latency, *speed;
    int links;
} args_t;

static const char *const LINKS[] = {"splitduplex", "shared", NULL};

static int platform(const call_t *call)
{
    const args_t *a = call->ctx;
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
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
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
                                .source = a->net_spec};
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
                                 : lib_fail(err, "the platform");
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
