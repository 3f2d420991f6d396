/* For fuzz_faults: tools/treecast/sim_run.c compiled whole into the harness, so that the
 * --faults parser of `treecast sim` (static parse_faults_spec) can be called as it is, without
 * moving or changing the tool's code. */
#include "sim_run.c"

int fuzz_parse_faults_spec(const char *spec, tc_sim_campaign_t *c);

int fuzz_parse_faults_spec(const char *spec, tc_sim_campaign_t *c)
{
    return parse_faults_spec(spec, c);
}
