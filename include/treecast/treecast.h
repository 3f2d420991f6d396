/* treecast — the umbrella header.
 *
 * net -> trees -> check: networks, spanning-tree constructions, and their verification;
 * report: what people and programs read. See docs/design.md.
 */
#ifndef TREECAST_TREECAST_H
#define TREECAST_TREECAST_H

#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/hamilton.h"
#include "treecast/net.h"
#include "treecast/report.h"
#include "treecast/rng.h"
#include "treecast/search.h"
#include "treecast/trees.h"

#define TC_VERSION_STRING "0.1.0"

#endif
