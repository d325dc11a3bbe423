/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The opt-in RFC ports and what each changes in what the suites expect.
 *
 * "make run RFC=NAME" applies patches/BASE/rfc/NAME/ on top of the
 * series and sets the option below that says the kernel carries it.
 * Every expectation an RFC changes is changed here, and the suites read
 * it from here; everything else they expect describes the merged code.
 *
 * mc-llc: "powerpc/smp: Add SD_SHARE_PKG_RESOURCES flag to MC
 *   sched-domain" (2021).  The MC level shares the LLC wherever it
 *   exists (coregroups identified, dedicated processors), so on POWER10,
 *   whose L2 is private to the small core, the LLC grows from the small
 *   core to the coregroup.
 *
 * interleaved-smt: "powerpc: Detect the presence of big-core with
 *   interleaved threads" and "powerpc: Enable ASYM_SMT on interleaved
 *   big-core systems" (2018), ported to small-core scheduling.  Big
 *   cores whose small cores interleave their thread ids are detected,
 *   and the level spanning the big core, its L2 (CACHE), packs onto
 *   lower numbered threads: on such a core those alternate between the
 *   small cores, so tasks spread over both.  Shared processors already
 *   pack there.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_RFC_H
#define _PPC_TOPOLOGY_KUNIT_RFC_H

#include <linux/kconfig.h>
#include <linux/types.h>

#include "../ppc_fixtures.h"

static inline bool rfc_mc_llc(void)
{
	return IS_ENABLED(CONFIG_PPC_TOPOLOGY_KUNIT_RFC_MC_LLC);
}

static inline bool rfc_interleaved_smt(void)
{
	return IS_ENABLED(CONFIG_PPC_TOPOLOGY_KUNIT_RFC_INTERLEAVED_SMT);
}

/*
 * The PPC_FIXTURE_* flags a level of role @role ends with, from the
 * @flags the merged code gives it, on a machine whose big cores
 * interleave their threads or not.
 */
static inline u8 rfc_level_flags(u8 role, u8 flags, bool interleaved_big_cores)
{
	if (rfc_mc_llc() && role == PPC_FIXTURE_MC)
		flags |= PPC_FIXTURE_SHARES_LLC;
	if (rfc_interleaved_smt() && role == PPC_FIXTURE_CACHE && interleaved_big_cores)
		flags |= PPC_FIXTURE_PACKS;
	return flags;
}

#endif /* _PPC_TOPOLOGY_KUNIT_RFC_H */
