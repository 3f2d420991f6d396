/* build_check — build a spanning-tree family and check it against its paper's claims.
 *
 *   build_check [NET [KIND [ROOT]]]        (default: star:5 edt, rooted at node 0)
 *
 * By default the EDT family of the star graph S_5 (paper 000, Definition 8): its n-1 = 4
 * edge-disjoint spanning trees rooted at the identity 12345. tc_check_forest measures the forest
 * (spanning, depth, disjointness, independence, ...) without trusting the construction, and
 * tc_claims_evaluate sets every measurement beside the paper's claim. Prints one line per claim;
 * exits 0 when every claim holds, 1 when one fails and 2 on an error. Only the public API
 * (treecast/treecast.h) is used: link with -ltreecast (docs/install.md).
 */
#include <treecast/treecast.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Every fallible call returns a tc_err_t; on failure, tc_err_detail() says why in a sentence. */
static int report(const char *what, tc_err_t err)
{
    fprintf(stderr, "build_check: %s: %s. %s\n", what, tc_strerror(err), tc_err_detail());
    return 2;
}

int main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : "star:5";
    const char *kind_name = argc > 2 ? argv[2] : "edt";
    tc_net_t *net = NULL;
    tc_forest_t *forest = NULL;
    /* The report and the claims are large (per-level tables): on the heap, not the stack. */
    tc_check_report_t *report_ = malloc(sizeof *report_);
    tc_claims_t *claims = malloc(sizeof *claims);
    int status = 2;
    tc_kind_t kind;
    int64_t root = 0; /* node 0: the identity of S_n, address 0 of Q_n */
    tc_err_t err;

    if (report_ == NULL || claims == NULL) {
        fprintf(stderr, "build_check: out of memory\n");
        goto done;
    }
    /* A network from its specification, as the tool's --net takes it. */
    if ((err = tc_net_parse(spec, &net)) != TC_OK) {
        status = report(spec, err);
        goto done;
    }
    if ((err = tc_kind_parse(kind_name, &kind)) != TC_OK) {
        status = report(kind_name, err);
        goto done;
    }
    if (argc > 3 && (err = tc_net_parse_label(net, argv[3], &root)) != TC_OK) {
        status = report(argv[3], err);
        goto done;
    }
    /* The forest, built by the construction's parent rule on every core (threads = 0). */
    if ((err = tc_trees_build(net, kind, root, 0, &forest)) != TC_OK) {
        status = report("building the forest", err);
        goto done;
    }
    /* The checker's defaults, plus what suits this forest (Lemma 6.2's rotation on S_n). */
    tc_check_opts_t opts = tc_check_defaults();
    tc_check_suggest(forest, &opts, NULL);
    if ((err = tc_check_forest(forest, &opts, report_)) != TC_OK) {
        status = report("checking the forest", err);
        goto done;
    }
    tc_claims_evaluate(net, kind, report_, claims);

    char name[32], label[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    tc_net_label(net, root, false, label, sizeof label);
    printf("%s of %s rooted at %s: %d trees, %" PRId64 " nodes\n", tc_kind_name(kind), name, label,
           tc_forest_trees(forest), tc_net_nodes(net));
    for (int r = 0; r < claims->count; r++) {
        const tc_claim_row_t *row = &claims->rows[r];
        printf("  %-18s %-8s %s\n", row->key, tc_verdict_name(row->verdict), row->measured);
    }
    printf("%s\n", claims->all_hold ? "every claim holds" : "a claim fails");
    status = claims->all_hold ? 0 : 1;
done:
    tc_forest_free(forest); /* NULL is accepted, and so are forests that outlive the network */
    tc_net_free(net);
    free(claims);
    free(report_);
    return status;
}
