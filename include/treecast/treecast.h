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
 * See docs/design.md. The public API is what include/treecast/ declares (tc_* names, exported
 * by libtreecast.so; the tc__* functions of src/ are internal and hidden); the version is
 * treecast/version.h. Linking: pkg-config treecast, or find_package(treecast) and
 * treecast::treecast (docs/install.md).
 *
 * Threads. What holds, read from the code (docs/install.md says the same):
 *   - The library has no mutable global state: calls on different objects may run on
 *     different threads at once. Returned strings are static (tc_strerror, tc_err_name,
 *     tc_kind_name, tc_net_syntax, tc_version, ...) or per thread: tc_err_detail, tc_kind_list
 *     and tc_schedule_families write a thread-local buffer, valid until the same thread's
 *     next call.
 *   - tc_err_detail() is per thread: it tells the calling thread why its last failing call
 *     failed, also when the failure happened in the library's own worker threads (reported on
 *     the thread that called). Another call on that thread may replace it.
 *   - Objects may be shared for reading: any number of threads may at once call functions that
 *     take a const pointer to the same network, forest, topology (tc_topo_t) or plan trees.
 *     The one cache inside a network (the pancake graph's distance table, built on first use)
 *     is published with an atomic compare-and-swap, and the references forests hold on their
 *     network are counted atomically: forests of one network may be built and freed on
 *     different threads, and tc_net_free may come before the forests' tc_forest_free.
 *   - Not safe: a function that changes an object (tc_forest_set_*, writing through
 *     tc_forest_dims, tc_*_free, tc_*_destroy, tc_json_* on one tc_json_t, tc_rng_next on one
 *     tc_rng_t) while another thread uses that object; the caller locks.
 *   - A plan of tc_coll_new does not change while it runs: several tc_sim_run calls may run it
 *     at once (tc_sim_campaign_run does). The plans of paper 001 (tc_tseng_*) keep their
 *     timetable in the plan object: one run at a time, with tc_sim_config_t.threads = 1.
 *   - Functions with a `threads` argument (0: every core) start worker threads and join them
 *     all before they return. With tc_sim_config_t.threads > 1 a plan's callbacks are called
 *     from several threads at once (observers and port limits run on one thread); other
 *     callbacks run where their field's comment says (the progress of tc_sim_config_t and of
 *     tc_sim_campaign_t on the calling thread).
 *   - libtreecast_mpi (treecast/mpi.h) calls MPI: which threads may call it is the MPI
 *     library's thread level.
 */
#ifndef TREECAST_TREECAST_H
#define TREECAST_TREECAST_H

#include "treecast/bounds.h"
#include "treecast/check.h"
#include "treecast/error.h"
#include "treecast/faults.h"
#include "treecast/ftroute.h"
#include "treecast/hamilton.h"
#include "treecast/io.h"
#include "treecast/json.h"
#include "treecast/net.h"
#include "treecast/optimum.h"
#include "treecast/plan.h"
#include "treecast/platform.h"
#include "treecast/report.h"
#include "treecast/repro.h"
#include "treecast/repro_report.h"
#include "treecast/rng.h"
#include "treecast/search.h"
#include "treecast/sim.h"
#include "treecast/star_mesh.h"
#include "treecast/substar.h"
#include "treecast/tables.h"
#include "treecast/trace.h"
#include "treecast/trees.h"
#include "treecast/tseng.h"
#include "treecast/version.h"

#endif
