/* treecast table 004:5.6 and 004:5.7 — paper 004's tables of computation steps and of faults
 * survived, the library's rows (treecast/tables.h, treecast/trees.h) beside the printed ones. */
#include "table_cmd.h"

#include <stdlib.h>
#include <string.h>

/* ---- 004:5.6 ------------------------------------------------------------------------------- */

static void steps_json(tc_json_t *j, const char *name, const tc_ist_steps_t *s)
{
    tc_json_key(j, name);
    tc_json_object(j);
    tc_json_kint(j, "max", s->max);
    tc_json_key(j, "mean");
    tc_json_fixed(j, s->mean, 4);
    tc_json_kint(j, "min", s->min);
    tc_json_kint(j, "argmax", (int64_t)s->argmax);
    tc_json_key(j, "phases");
    tc_json_array(j);
    for (int p = 0; p < TC_IST_PHASES; p++) {
        tc_json_object(j);
        tc_json_kstr(j, "name", tc_ist_phase_name(s->algo, p));
        tc_json_kint(j, "max", s->phase_max[p]);
        tc_json_key(j, "mean");
        tc_json_fixed(j, s->phase_mean[p], 4);
        tc_json_end_object(j);
    }
    tc_json_end_array(j);
    tc_json_end_object(j);
}

int table_004_56(const args_t *a, FILE *fp)
{
    tc_json_t j;
    if (a->format == 1) {
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", "004:5.6");
        tc_json_kstr(&j, "step", "one iteration of a loop of a PE's program on its own label");
        tc_json_key(&j, "rows");
        tc_json_array(&j);
    } else {
        fprintf(fp, "Table 5.6 of paper 004: computation steps of the parallel construction of "
                    "the n ISTs on Q_n\n(one step: one loop iteration of a PE's program on its "
                    "own label; max, mean and per phase\nthe largest count over the N-1 PEs x != "
                    "r)\n");
        fprintf(fp, "%-9s | %-37s | %-29s | %s\n", "", "Algorithm 4 (HDLS-ISTs)",
                "Algorithm 5 (Our ISTs)", "text");
        fprintf(fp,
                "%-5s %-3s | %-5s %-4s %-6s %-6s %-5s %-5s | %-5s %-4s %-6s %-3s %-3s %-3s | %s\n",
                "N", "n", "paper", "max", "mean", "H_n(x)", "HDLS", "GEN-P", "paper", "max", "mean",
                "t1", "t2", "t3", "3n");
    }
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        tc_ist_steps_t h, o;
        tc_err_t err = tc_ist_steps(n, TC_IST_ALGO_HDLS, &h);
        err = err == TC_OK ? tc_ist_steps(n, TC_IST_ALGO_5, &o) : err;
        if (err != TC_OK) {
            return lib_fail(err, "the Table 5.6 step count");
        }
        int64_t ph = -1, po = -1;
        bool printed = tc_table_004_56(n, &ph, &po);
        int64_t N = (int64_t)1 << n;
        if (a->format == 1) {
            tc_json_newline(&j);
            tc_json_object(&j);
            tc_json_kint(&j, "N", N);
            tc_json_kint(&j, "n", n);
            tc_json_key(&j, "paper");
            if (printed) {
                tc_json_object(&j);
                tc_json_kint(&j, "hdls", ph);
                tc_json_kint(&j, "ours", po);
                tc_json_kint(&j, "text_3n", 3 * n);
                tc_json_end_object(&j);
            } else {
                tc_json_null(&j);
            }
            steps_json(&j, "hdls", &h);
            steps_json(&j, "alg5", &o);
            tc_json_end_object(&j);
            continue;
        }
        char pa[16] = "-", pb[16] = "-";
        if (printed) {
            snprintf(pa, sizeof pa, "%lld", (long long)ph);
            snprintf(pb, sizeof pb, "%lld", (long long)po);
        }
        fprintf(fp,
                "%-5lld %-3d | %-5s %-4lld %-6.2f %-6lld %-5lld %-5lld | %-5s %-4lld %-6.2f %-3lld "
                "%-3lld %-3lld | %d\n",
                (long long)N, n, pa, (long long)h.max, h.mean, (long long)h.phase_max[0],
                (long long)h.phase_max[1], (long long)h.phase_max[2], pb, (long long)o.max, o.mean,
                (long long)o.phase_max[0], (long long)o.phase_max[1], (long long)o.phase_max[2],
                3 * n);
    }
    if (a->format == 1) {
        tc_json_end_array(&j);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return 0;
    }
    fprintf(fp,
            "Algorithm 5: t1 examines the n bits of x XOR r, t2 fills succ for its t 1-bits, t3 "
            "gives the n\nparents: 2n + t steps, at most 3n (x = NOT r), the text's t_R = 3n; "
            "the printed column is\n4n - 1 (corrections 004.4). Algorithm 4: n bits, the t x t "
            "square HDLS_n(x), n parents\nwith a search of the rows' first entries: 2n + t^2 + "
            "t(t+1)/2, at most (3n^2 + 5n)/2.\n");
    return 0;
}

/* ---- 004:5.7 ------------------------------------------------------------------------------- */

static void dist_json(tc_json_t *j, const char *name, const tc_table_dist_t *d)
{
    tc_json_key(j, name);
    tc_json_object(j);
    tc_json_kint(j, "links", d->links);
    tc_json_kint(j, "p10", d->p10);
    tc_json_kint(j, "median", d->median);
    tc_json_kint(j, "p90", d->p90);
    tc_json_kint(j, "min", d->min);
    tc_json_kint(j, "max", d->max);
    tc_json_end_object(j);
}

/* One row: n, the paper's count (-1: none) and the three distributions. */
static void row_57(FILE *fp, tc_json_t *j, const args_t *a, int n, int64_t paper, double percent,
                   const tc_table_dist_t d[3])
{
    int64_t N = (int64_t)1 << n;
    double at = 100.0 * (double)d[0].below / (double)a->trials;
    if (j != NULL) {
        tc_json_newline(j);
        tc_json_object(j);
        tc_json_kint(j, "N", N);
        tc_json_kint(j, "n", n);
        tc_json_kint(j, "links", d[0].links);
        tc_json_key(j, "paper");
        if (paper >= 0) {
            tc_json_object(j);
            tc_json_kint(j, "faulty_links", paper);
            tc_json_key(j, "percent");
            tc_json_fixed(j, percent, 1);
            tc_json_end_object(j);
        } else {
            tc_json_null(j);
        }
        dist_json(j, "ist", &d[0]);
        dist_json(j, "nedst", &d[1]);
        dist_json(j, "binomial", &d[2]);
        if (paper >= 0) {
            tc_json_key(j, "paper_percentile");
            tc_json_fixed(j, at, 1);
        }
        tc_json_end_object(j);
        return;
    }
    char pap[32] = "-", pat[16] = "-", is[48], ne[48], bi[24];
    if (paper >= 0) {
        snprintf(pap, sizeof pap, "%lld (%.1f)", (long long)paper, percent);
        snprintf(pat, sizeof pat, "p%.0f", at);
    }
    snprintf(is, sizeof is, "%lld/%lld/%lld [%lld..%lld]", (long long)d[0].p10,
             (long long)d[0].median, (long long)d[0].p90, (long long)d[0].min, (long long)d[0].max);
    snprintf(ne, sizeof ne, "%lld/%lld/%lld [%lld..%lld]", (long long)d[1].p10,
             (long long)d[1].median, (long long)d[1].p90, (long long)d[1].min, (long long)d[1].max);
    snprintf(bi, sizeof bi, "%lld..%lld", (long long)d[2].min, (long long)d[2].max);
    fprintf(fp, "%-6lld %-3d %-8lld %-12s %-34s %-9s %-34s %s\n", (long long)N, n,
            (long long)d[0].links, pap, is, pat, ne, bi);
}

int table_004_57(const args_t *a, FILE *fp)
{
    static const tc_kind_t kinds[3] = {TC_KIND_IST, TC_KIND_NEDST, TC_KIND_BINOMIAL};
    tc_json_t j;
    if (a->format == 1) {
        tc_json_document(&j, fp, "table");
        tc_json_kstr(&j, "table", "004:5.7");
        tc_json_kint(&j, "trials", a->trials);
        tc_json_key(&j, "seed");
        tc_json_uint(&j, a->seed);
        tc_json_key(&j, "rows");
        tc_json_array(&j);
    } else {
        fprintf(fp,
                "Table 5.7 of paper 004: random directed tree-link faults survived by the "
                "broadcast\n(%lld trials per row, seed %llu; trial i uses seed %llu + i; "
                "p10/median/p90 [min..max])\n",
                (long long)a->trials, (unsigned long long)a->seed, (unsigned long long)a->seed);
        fprintf(fp, "%-6s %-3s %-8s %-12s %-34s %-9s %-34s %s\n", "N", "n", "links", "paper (%)",
                "n ISTs measured", "paper at", "n nEDSTs measured", "binomial");
    }
    int64_t above = 0, papers = 0;
    /* a campaign on Q_n costs about 2^n per trial: the line counts that work */
    int64_t work = 0, total = ((int64_t)1 << (a->to + 1)) - ((int64_t)1 << a->from);
    progress_begin("Table 5.7 campaigns", "", 3 * total);
    for (int n = (int)a->from; n <= (int)a->to; n++) {
        int64_t links, paper = -1;
        double percent = 0;
        if (!tc_table_004_57(n, &links, &paper, &percent)) {
            paper = -1;
        }
        tc_table_dist_t d[3];
        for (int k = 0; k < 3; k++) {
            tc_err_t err = tc_table_threshold(n, kinds[k], a->trials, a->seed, (int)a->threads,
                                              k == 0 ? paper : -1, &d[k]);
            if (err != TC_OK) {
                return lib_fail(err, "the Table 5.7 campaign");
            }
            work += (int64_t)1 << n;
            progress_set(work, 0);
        }
        papers += paper >= 0;
        above += paper >= 0 && paper > d[0].median;
        progress_hold();
        row_57(fp, a->format == 1 ? &j : NULL, a, n, paper, percent, d);
        fflush(fp);
        progress_release();
    }
    progress_end();
    if (a->format == 1) {
        tc_json_end_array(&j);
        tc_json_end_object(&j);
        tc_json_finish(&j);
        return 0;
    }
    fprintf(fp, "links: the n(N-1) directed links of the n trees (each used by one tree). "
                "'paper at pK': the paper's count\nis the K-th percentile of the measured "
                "distribution. Any n-1 faults are survived (edge-disjoint root paths);\none "
                "binomial tree survives none.\n");
    if (papers > 0) {
        fprintf(fp,
                "The paper's count lies above the measured median in %lld of %lld rows and at "
                "or below it in %lld:\nit is one draw of a random quantity (corrections "
                "004.3), not a property of the trees.\n",
                (long long)above, (long long)papers, (long long)(papers - above));
    }
    return 0;
}
