#include "core/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char detail[512];

const char *tc_strerror(tc_err_t err)
{
    switch (err) {
#define TC_ERR_STR(name, msg)                                                                      \
    case TC_##name:                                                                                \
        return msg;
        TC_ERR_MAP(TC_ERR_STR)
#undef TC_ERR_STR
    default:
        return "unknown error";
    }
}

const char *tc_err_name(tc_err_t err)
{
    switch (err) {
#define TC_ERR_NAME(name, msg)                                                                     \
    case TC_##name:                                                                                \
        return "TC_" #name;
        TC_ERR_MAP(TC_ERR_NAME)
#undef TC_ERR_NAME
    default:
        return "TC_UNKNOWN";
    }
}

const char *tc_err_detail(void)
{
    return detail;
}

tc_err_t tc__fail(tc_err_t err, const char *fmt, ...)
{
    /* formatted aside first: the arguments may include tc_err_detail() itself */
    char text[sizeof detail];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    memcpy(detail, text, sizeof detail);
    return err;
}

void tc__clear_detail(void)
{
    detail[0] = '\0';
}
