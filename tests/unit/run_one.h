/* The main() of every tests/unit/test_*.c: with no argument run the whole group, with one
 * argument run only the test of that name (ctest registers one entry per test this way, see
 * tests/unit/CMakeLists.txt).  A name that matches no test fails, so a renamed test cannot pass
 * by running nothing.  Include after <cmocka.h>. */
#ifndef TREECAST_TESTS_RUN_ONE_H
#define TREECAST_TESTS_RUN_ONE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* 0 to go on (running everything, or the one test argv[1] names), -1 to fail. */
static inline int tc_select_test(const struct CMUnitTest *tests, size_t count, int argc,
                                 char **argv)
{
    const char *prog = argc > 0 ? argv[0] : "test";
#ifdef TC_UNIT_TEST_COUNT
    /* The number of tests CMake found in this file at configure time. */
    if (count != (size_t)TC_UNIT_TEST_COUNT) {
        fprintf(stderr,
                "%s: %zu tests in the array but CMake registered %d: every test must be listed "
                "on its own cmocka_unit_test*(NAME...) line (tests/unit/CMakeLists.txt)\n",
                prog, count, TC_UNIT_TEST_COUNT);
        return -1;
    }
#endif
    if (argc < 2) {
        return 0;
    }
    if (argc > 2) {
        fprintf(stderr, "usage: %s [TEST_NAME]\n", prog);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        if (tests[i].name != NULL && strcmp(tests[i].name, argv[1]) == 0) {
            cmocka_set_test_filter(argv[1]);
            return 0;
        }
    }
    fprintf(stderr, "%s: no test named '%s'\n", prog, argv[1]);
    return -1;
}

/* cmocka_run_group_tests(tests, setup, teardown), limited to the test argv[1] names if any. */
#define tc_run_group_tests(tests, argc, argv, setup, teardown)                                     \
    (tc_select_test((tests), sizeof(tests) / sizeof((tests)[0]), (argc), (argv)) != 0              \
         ? 1                                                                                       \
         : cmocka_run_group_tests(tests, setup, teardown))

#endif
