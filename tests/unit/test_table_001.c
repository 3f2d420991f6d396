/* Paper 001's tables through the public API (treecast/tables.h): Table 1 as printed, and who
 * wins where on S_4 (table 001:compare), the runs' rounds and elements as the CLI golden
 * table_001_compare_4_5 prints their times. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/treecast.h"

#include <string.h>

static void test_table1_printed(void **state)
{
    (void)state;
    const char *const *r = tc_table_001_1(8);
    assert_non_null(r);
    assert_string_equal(r[0], "**34");
    assert_string_equal(r[1], "none"); /* X_9 is z's own substar: no route */
    assert_string_equal(r[2], "3241");
    assert_string_equal(r[3], "**41");
    assert_string_equal(tc_table_001_1(0)[1], "3,2,4");
    assert_null(tc_table_001_1(-1));
    assert_null(tc_table_001_1(12));
    /* treecast's rows for z = 3241, k = 2 are the printed ones, text for text */
    const uint8_t z[4] = {3, 2, 4, 1};
    for (int i = 0; i < 12; i++) {
        tc_table_001_row_t row;
        tc_table_001_1_row(4, 2, i, z, &row);
        const char *const *p = tc_table_001_1(i);
        assert_string_equal(row.X, p[0]);
        assert_string_equal(row.dims, p[1]);
        assert_string_equal(row.y, p[2]);
        assert_string_equal(row.Y, p[3]);
    }
}

static void expect_cost(const tc_table_001_cost_t *c, int64_t rounds, int64_t elements, bool queued)
{
    assert_true(c->run);
    assert_int_equal(c->rounds, rounds);
    assert_int_equal(c->elements, elements);
    assert_int_equal(c->queued, queued);
}

static void test_compare_s4(void **state)
{
    (void)state;
    tc_table_001_compare_t c;
    assert_int_equal(tc_table_001_compare(4, 1, &c), TC_OK);
    /* at t_s/t_m = 1 and 100 the golden prints 99 and 3762 for k = 2, 124 and 6262 for k = 1 */
    expect_cost(&c.tseng[2], 37, 62, false);
    expect_cost(&c.tseng[1], 62, 62, false);
    expect_cost(&c.total_exchange, 288, 288, true); /* 576* and 29088*: queued one-port */
    expect_cost(&c.mesh, 23, 38, false);
    expect_cost(&c.ring, 23, 23, false);
    expect_cost(&c.multinode, 69, 69, true);
    assert_false(c.tseng[0].run); /* k = 0 is no algorithm */
    assert_int_equal(tc_table_001_compare(4, 0, &c), TC_OK);
    assert_true(c.total_exchange.run);
    assert_false(c.total_exchange.queued); /* all-port: Lemma 7's symmetry holds */
    assert_int_equal(tc_table_001_compare(3, 1, &c), TC_ERANGE);
    assert_int_equal(tc_table_001_compare(8, 0, &c), TC_ERANGE);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table1_printed),
        cmocka_unit_test(test_compare_s4),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
