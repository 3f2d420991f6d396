/* treecast bounds — the lower bounds of paper 000 (Tables 1-3), as printed and corrected. */
#include "common.h"
#include "treecast/bounds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *net_spec, *output, *x_text;
    int64_t M;
    int format;
} args_t;

#define M_MAX 1000000000000LL /* 10^12 */
#define CUBE_MAX_K 40

static const char convention[] = "a packet crosses one link per step, one packet per directed "
                                 "link per step, full duplex, all ports at once";

typedef struct {
    bool cube;
    int size;   /* n or k */
    int degree; /* n-1 or k */
    int diameter;
    int64_t nodes;
} network_t;

/* A value as text: exact integers below 2^53, "~6.08282e+36" above. */
static void fmt_value(char *buf, size_t size, double v, bool json)
{
    if (fabs(v) <= 9007199254740992.0) {
        snprintf(buf, size, "%.0f", v);
    } else {
        snprintf(buf, size, json ? "%.17g" : "~%.6g", v);
    }
}

/* Print text wrapped at 100 columns, continuation lines indented by `indent`. */
static void put_wrapped(FILE *fp, const char *text, int indent, int col)
{
    const int width = 100;
    const char *p = text;
    while (*p != '\0') {
        while (*p == ' ') {
            p++;
        }
        size_t word = strcspn(p, " ");
        if (col > indent && col + 1 + (int)word > width) {
            fprintf(fp, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', fp);
            col++;
        }
        fwrite(p, 1, word, fp);
        col += (int)word;
        p += word;
    }
    fputc('\n', fp);
}

static void write_text(FILE *fp, const network_t *net, int64_t M, int x, const tc_bound_t *b,
                       double tn)
{
    char v[5][3][48];
    int w[6] = {
        (int)strlen("problem"),   (int)strlen("time as printed"),          (int)strlen("value"),
        (int)strlen("corrected"), (int)strlen("transmissions as printed"), (int)strlen("value")};
    for (int k = 0; k < 5; k++) {
        fmt_value(v[k][0], sizeof v[k][0], b[k].time_printed, false);
        if (b[k].correction[0]) {
            fmt_value(v[k][1], sizeof v[k][1], b[k].time, false);
        } else {
            snprintf(v[k][1], sizeof v[k][1], "-");
        }
        fmt_value(v[k][2], sizeof v[k][2], b[k].transmissions, false);
        const char *cells[6] = {tc_problem_name((tc_problem_t)(k + 1)),
                                b[k].time_formula,
                                v[k][0],
                                v[k][1],
                                b[k].tx_formula,
                                v[k][2]};
        for (int c = 0; c < 6; c++) {
            int len = (int)strlen(cells[c]);
            w[c] = len > w[c] ? len : w[c];
        }
    }
    if (net->cube) {
        fprintf(fp, "C_%d: %lld nodes, degree %d, diameter D = %d", net->size,
                (long long)net->nodes, net->degree, net->diameter);
    } else {
        fprintf(fp, "S_%d: %lld nodes, degree %d, diameter D = floor(3(n-1)/2) = %d", net->size,
                (long long)net->nodes, net->degree, net->diameter);
    }
    fprintf(fp, "; M = %lld, x = %d parallel path%s (fault-tolerance degree %d)\n", (long long)M, x,
            x == 1 ? "" : "s", x - 1);
    if (!net->cube) {
        char t[48];
        fmt_value(t, sizeof t, tn, false);
        fprintf(fp, "t_n = n!(n + 2/n + H_n - 4) = %s (sum of the distances from a node)\n", t);
    }
    fprintf(fp, "steps: %s\n", convention);
    fprintf(fp, "  %-*s  %-*s  %*s  %*s  %-*s  %*s  %s\n", w[0], "problem", w[1], "time as printed",
            w[2], "value", w[3], "corrected", w[4], "transmissions as printed", w[5], "value",
            "source");
    for (int k = 0; k < 5; k++) {
        fprintf(fp, "  %-*s  %-*s  %*s  %*s  %-*s  %*s  %s\n", w[0],
                tc_problem_name((tc_problem_t)(k + 1)), w[1], b[k].time_formula, w[2], v[k][0],
                w[3], v[k][1], w[4], b[k].tx_formula, w[5], v[k][2], b[k].source);
    }
    bool any = false;
    for (int k = 0; k < 5; k++) {
        if (b[k].correction[0]) {
            if (!any) {
                fprintf(fp, "corrections:\n");
                any = true;
            }
            char line[400];
            snprintf(line, sizeof line, "%s = %s (%s)", b[k].time_formula_corrected, v[k][1],
                     b[k].correction);
            fprintf(fp, "  %-*s  ", w[0], tc_problem_name((tc_problem_t)(k + 1)));
            put_wrapped(fp, line, w[0] + 4, w[0] + 4);
        }
    }
    any = false;
    for (int k = 0; k < 5; k++) {
        if (b[k].note[0]) {
            if (!any) {
                fprintf(fp, "notes:\n");
                any = true;
            }
            fprintf(fp, "  %-*s  ", w[0], tc_problem_name((tc_problem_t)(k + 1)));
            put_wrapped(fp, b[k].note, w[0] + 4, w[0] + 4);
        }
    }
}

static void json_nullable(FILE *fp, const char *s)
{
    if (s[0]) {
        tc_report_json_string(fp, s);
    } else {
        fputs("null", fp);
    }
}

static void write_json(FILE *fp, const network_t *net, int64_t M, int x, const tc_bound_t *b,
                       double tn)
{
    char val[48];
    fprintf(fp, "{\"format_version\":1,\"command\":\"bounds\",\"network\":{\"family\":\"%s\",",
            net->cube ? "hypercube" : "star");
    fprintf(fp, "\"%s\":%d,\"nodes\":%lld,\"degree\":%d,\"diameter\":%d},", net->cube ? "k" : "n",
            net->size, (long long)net->nodes, net->degree, net->diameter);
    fprintf(fp, "\"M\":%lld,\"x\":%d,\"fault_tolerance_degree\":%d,", (long long)M, x, x - 1);
    if (!net->cube) {
        fmt_value(val, sizeof val, tn, true);
        fprintf(fp, "\"t_n\":%s,", val);
    }
    fputs("\"convention\":", fp);
    tc_report_json_string(fp, convention);
    fputs(",\"bounds\":[", fp);
    for (int k = 0; k < 5; k++) {
        tc_problem_t p = (tc_problem_t)(k + 1);
        fprintf(fp, "%s\n{\"problem\":\"%s\",\"title\":", k ? "," : "", tc_problem_name(p));
        tc_report_json_string(fp, tc_problem_title(p));
        fputs(",\"source\":", fp);
        tc_report_json_string(fp, b[k].source);
        fputs(",\"time\":{\"formula\":", fp);
        tc_report_json_string(fp, b[k].time_formula);
        fmt_value(val, sizeof val, b[k].time_printed, true);
        fprintf(fp, ",\"value\":%s,\"corrected_formula\":", val);
        json_nullable(fp, b[k].time_formula_corrected);
        fmt_value(val, sizeof val, b[k].time, true);
        fprintf(fp, ",\"corrected\":%s,\"correction\":", val);
        json_nullable(fp, b[k].correction);
        fputs("},\"transmissions\":{\"formula\":", fp);
        tc_report_json_string(fp, b[k].tx_formula);
        fmt_value(val, sizeof val, b[k].transmissions, true);
        fprintf(fp, ",\"value\":%s},\"note\":", val);
        json_nullable(fp, b[k].note);
        fputc('}', fp);
    }
    fputs("]}\n", fp);
}

/* An integer in lo..hi for an option, strictly; false after a misuse message. */
static bool int_in(const char *name, const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    char *end = NULL;
    long long v = text[0] >= '0' && text[0] <= '9' ? strtoll(text, &end, 10) : -1;
    if (end == NULL || *end != '\0' || v < lo || v > hi) {
        misuse("%s needs an integer in %lld..%lld, not \"%s\"", name, (long long)lo, (long long)hi,
               text);
        return false;
    }
    *out = v;
    return true;
}

/* Parse --net: the bounds are paper 000's tables for S_N and C_K, so this command takes
 * star:N or cube:K (K up to 40) by name. Prints and returns a status. */
static int parse_network(const char *spec, network_t *net)
{
    memset(net, 0, sizeof *net);
    int64_t k;
    if (strncmp(spec, "cube:", 5) == 0) {
        if (!int_in("--net cube:K", spec + 5, 1, CUBE_MAX_K, &k)) {
            return EXIT_MISUSE;
        }
        *net = (network_t){.cube = true,
                           .size = (int)k,
                           .degree = (int)k,
                           .diameter = (int)k,
                           .nodes = (int64_t)1 << k};
        return 0;
    }
    if (strncmp(spec, "star:", 5) != 0) {
        return misuse("--net must be star:N or cube:K (paper 000's tables), not \"%s\"", spec);
    }
    tc_net_t *star = NULL;
    int st = open_net(spec, &star);
    if (st != 0) {
        return st;
    }
    *net = (network_t){.cube = false,
                       .size = tc_net_n(star),
                       .degree = tc_net_degree(star),
                       .diameter = tc_net_diameter(star),
                       .nodes = tc_net_nodes(star)};
    tc_net_free(star);
    return 0;
}

static int bounds(const char *net_spec, int64_t M, const char *x_text, bool json,
                  const char *output)
{
    network_t net;
    int st = parse_network(net_spec, &net);
    if (st != 0) {
        return st;
    }
    int64_t x = net.degree;
    if (x_text != NULL && !int_in("--x", x_text, 1, net.degree, &x)) {
        return EXIT_MISUSE;
    }
    tc_bound_t b[5];
    double tn = 0;
    for (int k = 0; k < 5; k++) {
        tc_problem_t p = (tc_problem_t)(TC_PROBLEM_FIRST + k);
        tc_err_t err = net.cube ? tc_bounds_cube(net.size, M, (int)x, p, &b[k])
                                : tc_bounds_star(net.size, M, (int)x, p, &b[k]);
        if (err != TC_OK) {
            return lib_fail(err, NULL);
        }
    }
    if (!net.cube) {
        tc_err_t err = tc_bounds_star_tn(net.size, &tn);
        if (err != TC_OK) {
            return lib_fail(err, NULL);
        }
    }
    output_t out;
    st = output_open(&out, output);
    if (st != 0) {
        return st;
    }
    if (json) {
        write_json(out.fp, &net, M, (int)x, b, tn);
    } else {
        write_text(out.fp, &net, M, (int)x, b, tn);
    }
    return output_close(&out, true);
}

static int bounds_cmd(const call_t *call)
{
    const args_t *a = call->ctx;
    if (a->net_spec == NULL) {
        return misuse("--net is required (for example --net star:7 or --net cube:4)");
    }
    return bounds(a->net_spec, a->M, a->x_text, a->format == 1, a->output);
}

static const opt_t OPTS[] = {
    {.type = OPT_STRING_,
     .name = "net",
     OPT_FIELD(net_spec),
     .argh = "NET",
     .help = "star:N, the star graph S_N (2 <= N <= 20), or cube:K, the hypercube C_K\n"
             "(1 <= K <= 40)"},
    OPT_INT("M", M, 1, M_MAX, "M",
            "messages per source, per destination for scatter and total exchange (default 1)"),
    OPT_STRING("x", x_text, "X",
               "parallel paths per message, fault-tolerance degree X-1 (1 <= X <= degree;\n"
               "default the degree: N-1 or K)"),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast bounds --net star:7 --M 60",
    "the lower bounds of paper 000's Tables 1-3 for S_7 and 60 messages, printed and corrected",
    "treecast bounds --net cube:6 --M 16 --format json",
    "the same on the hypercube Q_6, as JSON",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast bounds --net star:N|cube:K [--M M] [--x X] [--format text|json]\n"
             "                       [--output FILE]",
    .about = "The lower bounds of paper 000 for single node broadcasting (bcast) and the fault\n"
             "tolerant single node broadcasting (ft-bcast), multinode broadcasting (multinode),\n"
             "single node scattering (scatter) and total exchange (total-exchange): for each, the\n"
             "time bound as printed (formula and value), the corrected value where a correction\n"
             "applies, and the transmission bound, with the table it comes from. S_N: Table 1\n"
             "when X = N-1, Table 2 otherwise; the hypercube C_K: Table 3.\n"
             "\n"
             "Steps are counted as: a packet crosses one link per step, one packet per directed\n"
             "link per step, full duplex, all ports at once. Under that count every time bound\n"
             "\"ceil(...) + diameter\" is lowered by 1 (corrections 000.6). Disagreements found\n"
             "in other entries are listed as notes. Values are exact integers up to 2^53 and\n"
             "rounded doubles above (shown with ~).",
    .opts = OPTS,
    .status = "0 success, 2 misuse, 4 output not writable.",
    .examples = EXAMPLES,
};

int cmd_bounds(int argc, char **argv)
{
    args_t a = {.M = 1};
    return run_command(argc, argv, &DOC, 0, bounds_cmd, &a);
}
