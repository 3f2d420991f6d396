/* treecast — the umbrella header: the whole library.
 *
 *   net -> trees -> check        what exists, and is it right? (networks, constructions, their
 *                                verification; hamilton.h and search.h: Theorem 4's cycles and
 *                                the least-height search; star_mesh.h: paper 001's mesh)
 *   plan -> sim                  what happens when we communicate? (collectives as plans on the
 *                                executor interface; the round engine; faults; bounds;
 *                                tseng.h: paper 001's cost model T(n,k))
 *   report                       what people and programs read (JSON, DOT, text, tables)
 *
 * See docs/design.md.
 */
#ifndef TREECAST_TREECAST_H
#define TREECAST_TREECAST_H

#include "treecast/bounds.h"
#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/hamilton.h"
#include "treecast/json.h"
#include "treecast/net.h"
#include "treecast/plan.h"
#include "treecast/report.h"
#include "treecast/rng.h"
#include "treecast/search.h"
#include "treecast/sim.h"
#include "treecast/star_mesh.h"
#include "treecast/substar.h"
#include "treecast/tables.h"
#include "treecast/trees.h"
#include "treecast/tseng.h"

#define TC_VERSION_STRING "0.1.0"

#endif
