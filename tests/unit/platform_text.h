/* What the platform tests share (test_platform.c, test_platform_fabric.c,
 * test_platform_routes.c): a platform or hostfile as a string, and counting in it. Include after
 * cmocka.h. */
#ifndef TREECAST_TESTS_PLATFORM_TEXT_H
#define TREECAST_TESTS_PLATFORM_TEXT_H

#include "treecast/treecast.h"

#include <stdio.h>
#include <string.h>

/* How many times needle occurs in hay. */
static inline int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* The platform of net with o, as a string (the caller frees it); *err its status. */
static inline char *platform_text(const tc_net_t *net, const tc_platform_opts_t *o, tc_err_t *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    *err = tc_platform_write(fp, net, o);
    assert_int_equal(fclose(fp), 0);
    return buf;
}

/* The hostfile of net, as a string (the caller frees it). */
static inline char *hostfile_text(const tc_net_t *net)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    assert_int_equal(tc_platform_write_hostfile(fp, net), TC_OK);
    assert_int_equal(fclose(fp), 0);
    return buf;
}

/* The network of a specification. */
static inline tc_net_t *parse(const char *spec)
{
    tc_net_t *net = NULL;
    assert_int_equal(tc_net_parse(spec, &net), TC_OK);
    return net;
}

#endif
