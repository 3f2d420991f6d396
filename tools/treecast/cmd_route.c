/* treecast route — a route on the star graph by the rules of paper 001, Section II: node to node
 * (R1/R2) or node to substar (R3/R4), with its length beside the true distance. */
#include "common.h"

#include "treecast/substar.h"

#include <string.h>

typedef struct {
    const char *net_spec, *from, *to, *substar, *output;
    int format;
} args_t;

typedef struct {
    int n;
    bool to_substar;
    uint8_t x[TC_STAR_MAX_N], y[TC_STAR_MAX_N];
    tc_substar_t s;
    tc_route_t r;
    int distance;
} route_t;

static const char *const RULES[] = {"", "R1", "R2", "R3", "R4"};

static void target_label(const route_t *rt, char *buf, size_t cap)
{
    if (rt->to_substar) {
        tc_substar_format(&rt->s, false, buf, cap);
    } else {
        tc_star_format(rt->n, rt->y, false, buf, cap);
    }
}

static void print_text(FILE *fp, const route_t *rt)
{
    char a[TC_LABEL_MAX], b[TC_LABEL_MAX];
    uint8_t p[TC_STAR_MAX_N];
    tc_star_format(rt->n, rt->x, false, a, sizeof a);
    target_label(rt, b, sizeof b);
    if (rt->to_substar) {
        fprintf(fp, "route on S_%d from %s to the %d-substar %s (rules R3/R4)\n", rt->n, a, rt->s.k,
                b);
    } else {
        fprintf(fp, "route on S_%d from %s to %s (rules R1/R2)\n", rt->n, a, b);
    }
    fprintf(fp, "  hop  rule  dim  node\n");
    fprintf(fp, "  %3d             %s\n", 0, a);
    memcpy(p, rt->x, (size_t)rt->n);
    for (int h = 0; h < rt->r.len; h++) {
        tc_star_move(p, rt->r.dim[h]);
        tc_star_format(rt->n, p, false, a, sizeof a);
        fprintf(fp, "  %3d  %-4s  %3d  %s\n", h + 1, RULES[rt->r.rule[h]], rt->r.dim[h], a);
    }
    fprintf(fp, "length %d, distance %d: %s\n", rt->r.len, rt->distance,
            rt->r.len == rt->distance ? "minimal" : "NOT minimal");
}

static void print_json(FILE *fp, const route_t *rt)
{
    tc_json_t j;
    char lab[TC_LABEL_MAX];
    uint8_t p[TC_STAR_MAX_N];
    tc_json_document(&j, fp, "route");
    tc_json_kint(&j, "n", rt->n);
    tc_star_format(rt->n, rt->x, false, lab, sizeof lab);
    tc_json_kstr(&j, "from", lab);
    target_label(rt, lab, sizeof lab);
    tc_json_kstr(&j, rt->to_substar ? "substar" : "to", lab);
    if (rt->to_substar) {
        tc_json_kint(&j, "k", rt->s.k);
    }
    tc_json_key(&j, "hops");
    tc_json_array(&j);
    memcpy(p, rt->x, (size_t)rt->n);
    for (int h = 0; h < rt->r.len; h++) {
        tc_star_move(p, rt->r.dim[h]);
        tc_star_format(rt->n, p, false, lab, sizeof lab);
        tc_json_object(&j);
        tc_json_kstr(&j, "rule", RULES[rt->r.rule[h]]);
        tc_json_kint(&j, "dim", rt->r.dim[h]);
        tc_json_kstr(&j, "node", lab);
        tc_json_end_object(&j);
    }
    tc_json_end_array(&j);
    tc_json_kint(&j, "length", rt->r.len);
    tc_json_kint(&j, "distance", rt->distance);
    tc_json_kbool(&j, "minimal", rt->r.len == rt->distance);
    tc_json_end_object(&j);
    tc_json_finish(&j);
}

static int route(const call_t *call)
{
    const args_t *a = call->ctx;
    int st = 0;
    if (a->from == NULL) {
        return misuse("--from is required (a node of the star graph, e.g. --from 123456)");
    }
    if ((a->to == NULL) == (a->substar == NULL)) {
        return misuse("give exactly one of --to NODE and --substar SUBSTAR");
    }
    tc_net_t *net = NULL;
    if ((st = open_net(a->net_spec, &net)) != 0) {
        return st;
    }
    route_t rt = {.n = tc_net_n(net), .to_substar = a->substar != NULL};
    bool star = strcmp(tc_net_family_name(net), "star") == 0;
    tc_net_free(net);
    if (!star) {
        return misuse("--net %s: the rules R1-R4 route on the star graph (star:N)", a->net_spec);
    }
    tc_err_t err = tc_star_parse(rt.n, a->from, rt.x);
    if (err != TC_OK) {
        return fail(EXIT_DATA, "--from: %s", tc_err_detail());
    }
    if (rt.to_substar) {
        if ((err = tc_substar_parse(rt.n, a->substar, &rt.s)) != TC_OK) {
            return fail(EXIT_DATA, "--substar: %s", tc_err_detail());
        }
        if (tc_substar_contains(&rt.s, rt.x)) {
            return misuse("--from %s lies inside the substar %s; route from a node outside it",
                          a->from, a->substar);
        }
        tc_route_substar(rt.x, &rt.s, &rt.r, NULL);
        rt.distance = tc_substar_distance(&rt.s, rt.x);
    } else {
        if ((err = tc_star_parse(rt.n, a->to, rt.y)) != TC_OK) {
            return fail(EXIT_DATA, "--to: %s", tc_err_detail());
        }
        tc_route_nodes(rt.n, rt.x, rt.y, &rt.r);
        rt.distance = tc_star_distance(rt.n, rt.x, rt.y);
    }
    output_t out;
    if ((st = output_open(&out, a->output)) != 0) {
        return st;
    }
    if (a->format == 1) {
        print_json(out.fp, &rt);
    } else {
        print_text(out.fp, &rt);
    }
    st = output_close(&out, true);
    return st != 0 ? st : (rt.r.len == rt.distance ? EXIT_OK : EXIT_CLAIM);
}

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("from", from, "NODE", "the node the route starts at (a label: 123456)"),
    OPT_STRING("to", to, "NODE", "route to this node by R1/R2"),
    OPT_STRING("substar", substar, "SUBSTAR",
               "route to the nearest node of this substar by R3/R4\n(*^k y_{k+1}..y_n: **3456, or "
               "*,*,3,4,5,6; the stars first)"),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const command_doc_t DOC = {
    .usage = "treecast route --net star:N --from NODE (--to NODE | --substar SUBSTAR)\n"
             "                      [--format text|json] [--output FILE]",
    .about = "Route on the star graph by the rules of paper 001, Section II: from a node to a\n"
             "node by R1/R2 (Akers, Harel and Krishnamurthy), or from a node to the nearest node\n"
             "of a k-substar *^k y_{k+1}..y_n by R3/R4. Prints every hop (the rule that chose it,\n"
             "the dimension, the node reached), the route's length, the true distance (the cycle\n"
             "formula; for a substar its closed form, the least over the substar's members) and\n"
             "whether the route is minimal.",
    .opts = OPTS,
    .status = "0 the route is minimal, 1 it is not, 2 misuse, 3 a malformed node or substar.",
};

int cmd_route(int argc, char **argv)
{
    args_t a = {0};
    return run_command(argc, argv, &DOC, 0, route, &a);
}
