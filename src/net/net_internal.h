/* The network object's layout, shared by the modules that need fast paths (tc__ tier). */
#ifndef TREECAST_NET_NET_INTERNAL_H
#define TREECAST_NET_NET_INTERNAL_H

#include "treecast/net.h"

struct tc_net {
    tc_net_family_t family;
    int n;
    int k; /* I_k^n: the back cube's dimension */
    int64_t nodes;
};

#endif
