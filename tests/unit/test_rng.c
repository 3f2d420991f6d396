/* Unit tests of the seeded random streams (include/treecast/rng.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "treecast/rng.h"

#include <string.h>

#define SEQ_LEN 1000

static void fill(uint64_t seed, uint64_t stream, uint64_t *out, int len)
{
    tc_rng_t rng;
    tc_rng_seed(&rng, seed, stream);
    for (int k = 0; k < len; k++) {
        out[k] = tc_rng_next(&rng);
    }
}

/* Number of positions where two sequences agree. */
static int agreements(const uint64_t *a, const uint64_t *b, int len)
{
    int same = 0;
    for (int k = 0; k < len; k++) {
        same += a[k] == b[k];
    }
    return same;
}

static void test_same_seed_same_sequence(void **state)
{
    (void)state;
    static uint64_t a[SEQ_LEN], b[SEQ_LEN];
    const uint64_t seeds[] = {0, 1, 42, 0xdeadbeefcafef00dULL, UINT64_MAX};
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        for (uint64_t stream = 0; stream < 4; stream++) {
            fill(seeds[s], stream, a, SEQ_LEN);
            fill(seeds[s], stream, b, SEQ_LEN);
            assert_memory_equal(a, b, sizeof a);
        }
    }
}

static void test_sequence_is_not_constant(void **state)
{
    (void)state;
    static uint64_t a[SEQ_LEN];
    fill(7, 0, a, SEQ_LEN);
    /* A working generator repeats no 64-bit value among 1000 draws (and is not stuck). */
    for (int j = 0; j < SEQ_LEN; j++) {
        for (int k = j + 1; k < SEQ_LEN; k++) {
            assert_true(a[j] != a[k]);
        }
    }
    /* Every bit position takes both values. */
    uint64_t ones = 0, zeros = 0;
    for (int k = 0; k < SEQ_LEN; k++) {
        ones |= a[k];
        zeros |= ~a[k];
    }
    assert_true(ones == UINT64_MAX);
    assert_true(zeros == UINT64_MAX);
}

static void test_different_streams_differ(void **state)
{
    (void)state;
    static uint64_t a[SEQ_LEN], b[SEQ_LEN];
    for (uint64_t stream = 1; stream < 8; stream++) {
        fill(42, 0, a, SEQ_LEN);
        fill(42, stream, b, SEQ_LEN);
        /* Independent 64-bit streams essentially never agree at a position. */
        assert_true(agreements(a, b, SEQ_LEN) <= 1);
        assert_true(a[0] != b[0]);
    }
    /* Different seeds on the same stream differ too. */
    fill(1, 0, a, SEQ_LEN);
    fill(2, 0, b, SEQ_LEN);
    assert_true(agreements(a, b, SEQ_LEN) <= 1);
}

static void test_copy_continues_identically(void **state)
{
    (void)state;
    tc_rng_t a;
    tc_rng_seed(&a, 99, 3);
    for (int k = 0; k < 17; k++) {
        (void)tc_rng_next(&a);
    }
    tc_rng_t b = a; /* streams are plain values */
    for (int k = 0; k < 100; k++) {
        assert_true(tc_rng_next(&a) == tc_rng_next(&b));
    }
}

static void test_below_stays_below_bound(void **state)
{
    (void)state;
    const uint64_t bounds[] = {
        1, 2, 3, 5, 7, 10, 1000, (1ULL << 32) + 1, 1ULL << 63, (1ULL << 63) + 1, UINT64_MAX};
    tc_rng_t rng;
    tc_rng_seed(&rng, 2024, 0);
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        uint64_t seen_max = 0;
        for (int k = 0; k < 2000; k++) {
            uint64_t x = tc_rng_below(&rng, bounds[b]);
            assert_true(x < bounds[b]);
            seen_max = x > seen_max ? x : seen_max;
        }
        if (bounds[b] == 1) {
            assert_true(seen_max == 0);
        } else if (bounds[b] > 1000) {
            /* 2000 uniform draws reach the upper half of a large range. */
            assert_true(seen_max >= bounds[b] / 2);
        }
    }
}

static void test_below_hits_every_value(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 5, 1);
    for (uint64_t bound = 1; bound <= 12; bound++) {
        int hits[12] = {0};
        for (int k = 0; k < 1200; k++) {
            uint64_t x = tc_rng_below(&rng, bound);
            assert_true(x < bound);
            hits[x]++;
        }
        for (uint64_t v = 0; v < bound; v++) {
            assert_true(hits[v] > 0);
        }
    }
}

static void test_below_is_roughly_uniform(void **state)
{
    (void)state;
    tc_rng_t rng;
    tc_rng_seed(&rng, 77, 0);
    enum { BOUND = 10, DRAWS = 100000 };
    int hits[BOUND] = {0};
    for (int k = 0; k < DRAWS; k++) {
        hits[tc_rng_below(&rng, BOUND)]++;
    }
    /* Expected 10000 each, standard deviation 95: 10% is over ten sigma. */
    for (int v = 0; v < BOUND; v++) {
        assert_in_range(hits[v], 9000, 11000);
    }
    /* With bound B = 3 * 2^62 a plain r % B (no rejection) draws the values below 2^62 twice as
     * often as the others. */
    uint64_t bound = (1ULL << 63) + (1ULL << 62);
    int top = 0;
    for (int k = 0; k < 20000; k++) {
        top += tc_rng_below(&rng, bound) >= (1ULL << 63);
    }
    /* Uniform: P(x >= 2^63) = 1/3 (6667 of 20000); plain modulo: 1/4 (5000 of 20000). */
    assert_in_range(top, 6000, 7300);
}

#include "run_one.h"

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_sequence),
        cmocka_unit_test(test_sequence_is_not_constant),
        cmocka_unit_test(test_different_streams_differ),
        cmocka_unit_test(test_copy_continues_identically),
        cmocka_unit_test(test_below_stays_below_bound),
        cmocka_unit_test(test_below_hits_every_value),
        cmocka_unit_test(test_below_is_roughly_uniform),
    };
    return tc_run_group_tests(tests, argc, argv, NULL, NULL);
}
