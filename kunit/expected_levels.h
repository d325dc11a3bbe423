/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The topology table the shared-processor series describes for a machine
 * state, written from the patch descriptions (see topology_test.c): the
 * oracle both the fake-state and the live topology suites compare the
 * kernel's table with.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H
#define _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched/topology.h>
#include <linux/version.h>

#include "fake_state.h"
#include "rfc.h"
#include "smp_probe.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define LLC_FLAG	SD_SHARE_LLC
#define TOP_LEVEL	"PKG"
#else
#define LLC_FLAG	SD_SHARE_PKG_RESOURCES
#define TOP_LEVEL	"DIE"
#endif

/* The sched-domain flags of a level's PPC_FIXTURE_* flags. */
static inline int sd_flags_of(u8 flags)
{
	return (flags & PPC_FIXTURE_SHARES_CAPACITY ? SD_SHARE_CPUCAPACITY : 0) |
	       (flags & PPC_FIXTURE_SHARES_LLC ? LLC_FLAG : 0) |
	       (flags & PPC_FIXTURE_PACKS ? SD_ASYM_PACKING : 0);
}

struct expected_level {
	const char *name;
	enum ppc_probe_mask mask;
	int flags;
};

/*
 * The table the series describes for a machine state, with what the
 * RFCs the kernel carries change in it (rfc.h).
 */
static inline int expected_levels(const struct ppc_fake_flags *s, struct expected_level *lvl)
{
	u8 packs = s->shared_processor && s->has_big_cores ? PPC_FIXTURE_PACKS : 0;
	bool ilv = s->interleaved_big_cores;
	int n = 0;

	/* Big cores are scheduled as their small cores. */
	lvl[n++] = (struct expected_level){ "SMT", s->has_big_cores ?
		PPC_PROBE_MASK_SMALLCORE : PPC_PROBE_MASK_SMT,
		SD_SHARE_CPUCAPACITY | LLC_FLAG };
	if (s->shared_caches)
		lvl[n++] = (struct expected_level){ "CACHE", PPC_PROBE_MASK_CACHE,
			sd_flags_of(rfc_level_flags(PPC_FIXTURE_CACHE,
						    PPC_FIXTURE_SHARES_LLC | packs, ilv)) };
	if (s->coregroup_enabled && !s->shared_processor)
		lvl[n++] = (struct expected_level){ "MC", PPC_PROBE_MASK_MC,
			sd_flags_of(rfc_level_flags(PPC_FIXTURE_MC, packs, ilv)) };
	lvl[n++] = (struct expected_level){ TOP_LEVEL, PPC_PROBE_MASK_CPU,
		sd_flags_of(rfc_level_flags(PPC_FIXTURE_TOP, packs, ilv)) };
	return n;
}

/* "shared, big cores, no shared caches, coregroups": failure lines name the state. */
static inline void state_name(const struct ppc_fake_flags *s, char *buf, size_t len)
{
	scnprintf(buf, len, "%s, %s, %s, %s",
		  s->shared_processor ? "shared" : "dedicated",
		  s->has_big_cores ? "big cores" : "no big cores",
		  s->shared_caches ? "shared caches" : "no shared caches",
		  s->coregroup_enabled ? "coregroups" : "no coregroups");
}

/* A built table against the expected one, level by level; @what names the state. */
static inline void expect_levels(struct kunit *test, const char *what,
				 const struct ppc_probe_topology *topo,
				 const struct expected_level *want, int nr_want)
{
	int i;

	KUNIT_EXPECT_EQ_MSG(test, topo->nr_levels, nr_want, "%s: number of levels", what);
	for (i = 0; i < topo->nr_levels && i < nr_want; i++) {
		const struct ppc_probe_level *got = &topo->level[i];

		KUNIT_EXPECT_STREQ_MSG(test, got->name, want[i].name, "%s: level %d name", what, i);
		KUNIT_EXPECT_EQ_MSG(test, got->mask, want[i].mask,
				    "%s: level %d (%s) uses %s, expected %s", what, i, want[i].name,
				    ppc_probe_mask_name(got->mask),
				    ppc_probe_mask_name(want[i].mask));
		KUNIT_EXPECT_EQ_MSG(test, got->flags, want[i].flags,
				    "%s: level %d (%s) flags 0x%x, expected 0x%x", what, i,
				    want[i].name, got->flags, want[i].flags);
	}
	for (; i < topo->nr_levels; i++)
		KUNIT_FAIL(test, "%s: unexpected level %d (%s, %s)", what, i, topo->level[i].name,
			   ppc_probe_mask_name(topo->level[i].mask));
}

#endif /* _PPC_TOPOLOGY_KUNIT_EXPECTED_LEVELS_H */
