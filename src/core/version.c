/* tc_version: the version CMake wrote into treecast/version.h from project(VERSION). */
#include "treecast/version.h"

const char *tc_version(void)
{
    return TC_VERSION_STRING;
}

int tc_version_number(void)
{
    return TC_VERSION_NUMBER;
}
