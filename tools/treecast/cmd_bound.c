/* treecast bound — the optimal rate of broadcast or allgather on a network with capacities and
 * switches, with the cut that proves it (tc_optimum_bcast, tc_optimum_allgather). */
#include "common.h"
#include "treecast/optimum.h"

#include <string.h>

typedef struct {
    const char *net_spec, *root_text, *output;
    int coll, format;
} args_t;

static const char *const COLLS[] = {"bcast", "allgather", NULL};

#define CUT_SHOWN 8 /* members of the cut the text names */

static void print_text(FILE *fp, const tc_net_t *net, const tc_optimum_t *o)
{
    char name[TC_LABEL_MAX], spec[TC_LABEL_MAX], lab[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    tc_net_spec(net, spec, sizeof spec);
    int64_t N = tc_net_nodes(net), C = tc_net_compute_nodes(net);
    fprintf(fp, "network     %s (%s): %lld nodes, %lld compute", spec, name, (long long)N,
            (long long)C);
    if (C < N) {
        fprintf(fp, ", %lld switch%s", (long long)(N - C), N - C == 1 ? "" : "es");
    }
    fprintf(fp, "%s\n", tc_net_capacitated(net) ? ", capacities per arc" : ", capacity 1 per arc");
    double rate = (double)o->num / (double)o->den;
    if (o->coll == TC_OPTIMUM_BCAST) {
        tc_net_label(net, o->root, false, lab, sizeof lab);
        fprintf(fp,
                "bcast       from %s: optimal rate %lld (units of capacity), so M bytes take "
                "at least M/%lld\n",
                lab, (long long)o->num, (long long)o->num);
        fprintf(fp,
                "proof       a set of %lld node%s (%lld compute) without %s, entered by "
                "capacity %lld:",
                (long long)o->cut_nodes, plural_s(o->cut_nodes), (long long)o->cut_compute, lab,
                (long long)o->cut_capacity);
    } else {
        char per[48];
        if (o->num == 1) {
            snprintf(per, sizeof per, "%lld", (long long)o->den);
        } else {
            snprintf(per, sizeof per, "%lld/%lld", (long long)o->den, (long long)o->num);
        }
        fprintf(fp,
                "allgather   of %lld blocks: optimal rate %lld/%lld = %.6g per block, so blocks "
                "of m bytes take at least %s m\n",
                (long long)C, (long long)o->num, (long long)o->den, rate, per);
        fprintf(fp,
                "proof       a set of %lld node%s holding %lld block%s that must leave it "
                "through capacity %lld:",
                (long long)o->cut_nodes, plural_s(o->cut_nodes), (long long)o->cut_compute,
                plural_s(o->cut_compute), (long long)o->cut_capacity);
    }
    int64_t shown = 0;
    for (int64_t v = 0; v < N && shown <= CUT_SHOWN; v++) {
        if (o->in_cut[v]) {
            tc_net_label(net, v, false, lab, sizeof lab);
            fprintf(fp, shown < CUT_SHOWN ? " %s" : " ...", lab);
            shown++;
        }
    }
    fprintf(fp, "\nflows       %lld maximum flow%s computed\n", (long long)o->flows,
            plural_s(o->flows));
}

static void print_json(FILE *fp, const tc_net_t *net, const tc_optimum_t *o)
{
    tc_json_t j;
    char lab[TC_LABEL_MAX];
    tc_json_document(&j, fp, "bound");
    tc_report_json_network(&j, net);
    tc_json_kstr(&j, "collective", tc_optimum_coll_name(o->coll));
    tc_json_kint(&j, "compute_nodes", tc_net_compute_nodes(net));
    if (o->coll == TC_OPTIMUM_BCAST) {
        tc_net_label(net, o->root, false, lab, sizeof lab);
        tc_json_kstr(&j, "root", lab);
    }
    tc_json_key(&j, "rate");
    tc_json_object(&j);
    tc_json_kint(&j, "num", o->num);
    tc_json_kint(&j, "den", o->den);
    tc_json_kdouble(&j, "value", (double)o->num / (double)o->den);
    tc_json_end_object(&j);
    tc_json_key(&j, "cut");
    tc_json_object(&j);
    tc_json_kint(&j, "nodes", o->cut_nodes);
    tc_json_kint(&j, "compute", o->cut_compute);
    tc_json_kint(&j, "capacity", o->cut_capacity);
    tc_json_key(&j, "members");
    tc_json_array(&j);
    for (int64_t v = 0; v < tc_net_nodes(net); v++) {
        if (o->in_cut[v]) {
            tc_net_label(net, v, false, lab, sizeof lab);
            tc_json_str(&j, lab);
        }
    }
    tc_json_end_array(&j);
    tc_json_end_object(&j);
    tc_json_kint(&j, "flows", o->flows);
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

static int bound(const call_t *call)
{
    const args_t *a = call->ctx;
    tc_net_t *net = NULL;
    int st = open_net(a->net_spec, &net);
    if (st != 0) {
        return st;
    }
    int64_t root = 0;
    if (a->root_text != NULL) {
        st = resolve_root(net, a->root_text, 0, &root);
    } else { /* the first compute node */
        while (tc_net_role(net, root) != TC_ROLE_COMPUTE) {
            root++;
        }
    }
    if (st == 0 && a->coll == 1 && a->root_text != NULL) {
        st = misuse("--root is for bcast; an allgather has no root");
    }
    tc_optimum_t o = {0};
    if (st == 0) {
        tc_err_t err =
            a->coll == 0 ? tc_optimum_bcast(net, root, &o) : tc_optimum_allgather(net, &o);
        st = err != TC_OK ? lib_fail(err, NULL) : 0;
    }
    output_t out;
    if (st == 0 && (st = output_open(&out, a->output)) == 0) {
        if (a->format == 1) {
            print_json(out.fp, net, &o);
        } else {
            print_text(out.fp, net, &o);
        }
        st = output_close(&out, true);
    }
    tc_optimum_destroy(&o);
    tc_net_free(net);
    return st;
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_CHOICE("coll", coll, COLLS, "the collective"),
    OPT_STRING("root", root_text, "LABEL",
               "the broadcast's root (default: the first compute node)"),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast bound --net star:5",
    "the best broadcast rate of S_5 (4: every node has 4 links in) and the cut that proves it",
    "treecast bound --net fattree:4 --coll allgather",
    "the best allgather rate of the 4-ary fat-tree's 16 hosts, exactly, with its cut",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast bound --net NET [--coll bcast|allgather] [--root LABEL]\n"
             "                      [--format text|json] [--output FILE]",
    .about = "The optimal rate of a collective on a network whose links have capacities and\n"
             "whose switches forward but hold no data, computed exactly by maximum flows, with\n"
             "the cut that proves it. bcast: the least capacity entering a set of nodes that\n"
             "holds a compute node but not the root (Edmonds' branching theorem); M bytes take\n"
             "at least M / rate. allgather: the least capacity leaving a set of nodes per block\n"
             "it holds, over the sets that leave a compute node out (the bound of ForestColl),\n"
             "a fraction; blocks of m bytes take at least m / rate. Both are reached by trees\n"
             "(trees --kind optimal). docs/collectives.md, \"Optimal rates\".",
    .opts = OPTS,
    .status = "0 success, 2 misuse (a root that is a switch), 3 bad input data (a network in\n"
              "pieces), 4 out of memory or output not writable.",
    .examples = EXAMPLES,
};

int cmd_bound(int argc, char **argv)
{
    args_t a = {0};
    return run_command(argc, argv, &DOC, 0, bound, &a);
}
