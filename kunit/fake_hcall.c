// SPDX-License-Identifier: GPL-2.0
/*
 * The fake hypervisor of fake_hcall.h.  A kprobe on each hcall entry
 * point looks the opcode (r3) up among the test's answers and, if found,
 * writes the answer's return words into the caller's buffer (r4), sets
 * the status in r3 and returns to the caller (the link register) without
 * running the entry point: the hypervisor is never asked.  The kernel's
 * own code around the call (the buffer it zeroes, the status it checks,
 * how it decodes the words) runs as it does on an LPAR.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/kprobes.h>
#include <linux/string.h>
#include <asm/hvcall.h>
#include <asm/machdep.h>

#include "fake_hcall.h"
#include "kunit_compat.h"

/* An entry point, and how many return words it stores for its caller. */
struct hcall_entry {
	const char *symbol;
	unsigned int words;
};

static const struct hcall_entry hcall_entries[] = {
	{ "plpar_hcall_norets", 0 },
	{ "plpar_hcall", PLPAR_HCALL_BUFSIZE },
	{ "plpar_hcall9", PLPAR_HCALL9_BUFSIZE },
	/* Probed only for a test that answers H_CEDE, H_CONFER or H_PROD. */
	{ "plpar_hcall_norets_notrace", 0 },
};

#define NR_TRACED_ENTRIES	3
#define IDLE_ENTRY		NR_TRACED_ENTRIES

struct fake_hypervisor {
	struct kunit *test;
	struct ppc_fake_hcall answers[PPC_FAKE_HCALLS];
	unsigned int asked[PPC_FAKE_HCALLS];
	/* The arguments of the last call of each opcode answered. */
	unsigned long args[PPC_FAKE_HCALLS][PPC_FAKE_HCALL_ARGS];
	unsigned int nr;
	struct kprobe probes[ARRAY_SIZE(hcall_entries)];
	bool idle_probed;
};

/* The one test that has a fake hypervisor: tests run one at a time. */
static struct fake_hypervisor *fake_hypervisor;

static int answer_hcall(struct kprobe *p, struct pt_regs *regs)
{
	struct fake_hypervisor *hv = READ_ONCE(fake_hypervisor);
	unsigned int i, words, first;

	if (!hv || kunit_get_current_test() != hv->test)
		return 0;
	words = hcall_entries[p - hv->probes].words;
	/* The arguments follow the opcode, and the buffer if there is one. */
	first = words ? 5 : 4;
	for (i = 0; i < hv->nr; i++) {
		if (hv->answers[i].opcode != regs->gpr[3])
			continue;
		if (words)
			memcpy((unsigned long *)regs->gpr[4], hv->answers[i].ret,
			       words * sizeof(unsigned long));
		hv->asked[i]++;
		memcpy(hv->args[i], &regs->gpr[first], sizeof(hv->args[i]));
		regs->gpr[3] = hv->answers[i].status;
		regs_set_return_ip(regs, regs->link);
		return 1;	/* the entry point does not run */
	}
	return 0;
}

/*
 * Never called: an answered call does not run its entry point.  A probe
 * with a post handler is never optimized into a jump, which would run
 * the entry point whatever the pre handler did.
 */
static void answered_hcall(struct kprobe *p, struct pt_regs *regs, unsigned long flags)
{
}

static int hypervisor_init(struct kunit_resource *res, void *context)
{
	struct fake_hypervisor *hv = kzalloc(sizeof(*hv), GFP_KERNEL);
	struct kprobe *probes[NR_TRACED_ENTRIES];
	unsigned int i;
	int err;

	if (!hv)
		return -ENOMEM;
	hv->test = context;
	for (i = 0; i < ARRAY_SIZE(hcall_entries); i++) {
		hv->probes[i].symbol_name = hcall_entries[i].symbol;
		hv->probes[i].pre_handler = answer_hcall;
		hv->probes[i].post_handler = answered_hcall;
	}
	for (i = 0; i < NR_TRACED_ENTRIES; i++)
		probes[i] = &hv->probes[i];
	err = register_kprobes(probes, ARRAY_SIZE(probes));
	if (err) {
		kfree(hv);
		return err;
	}
	WRITE_ONCE(fake_hypervisor, hv);
	res->data = hv;
	return 0;
}

static void hypervisor_free(struct kunit_resource *res)
{
	struct fake_hypervisor *hv = res->data;
	struct kprobe *probes[NR_TRACED_ENTRIES];
	unsigned int i;

	WRITE_ONCE(fake_hypervisor, NULL);
	for (i = 0; i < NR_TRACED_ENTRIES; i++)
		probes[i] = &hv->probes[i];
	unregister_kprobes(probes, ARRAY_SIZE(probes));
	if (hv->idle_probed)
		unregister_kprobe(&hv->probes[IDLE_ENTRY]);
	kfree(hv);
}

static bool is_hypervisor(struct kunit *test, struct kunit_resource *res, void *match)
{
	return res->free == hypervisor_free;
}

/* The test's fake hypervisor, put in place on first use. */
static struct fake_hypervisor *hypervisor_of(struct kunit *test)
{
	struct kunit_resource *res = kunit_find_resource(test, is_hypervisor, NULL);
	struct fake_hypervisor *hv;

	if (res) {
		hv = res->data;
		kunit_put_resource(res);
		return hv;
	}
	KUNIT_ASSERT_NULL_MSG(test, READ_ONCE(fake_hypervisor),
			      "another test's fake hypervisor is still in place");
	hv = kunit_alloc_resource(test, hypervisor_init, hypervisor_free, GFP_KERNEL, test);
	KUNIT_ASSERT_NOT_NULL_MSG(test, hv,
				  "no kprobe on the hcall entry points: no fake hypervisor");
	return hv;
}

/*
 * Whether the untraced entry point can be probed: the idle loop cedes
 * through it with RCU not watching, where no probe may fire, unless the
 * kernel was booted with powersave=off (the harness's guest is).
 */
bool ppc_fake_hcall_idle_probe_safe(void)
{
	return !ppc_md.power_save;
}

static bool is_idle_opcode(unsigned long opcode)
{
	return opcode == H_CEDE || opcode == H_CONFER || opcode == H_PROD;
}

/* H_CEDE, H_CONFER and H_PROD go through the untraced entry point. */
static void probe_idle_entry(struct kunit *test, struct fake_hypervisor *hv)
{
	if (hv->idle_probed)
		return;
	KUNIT_ASSERT_TRUE_MSG(test, ppc_fake_hcall_idle_probe_safe(),
			      "the idle loop cedes through plpar_hcall_norets_notrace(): boot with powersave=off to answer H_CEDE, H_CONFER and H_PROD");
	KUNIT_ASSERT_EQ_MSG(test, register_kprobe(&hv->probes[IDLE_ENTRY]), 0,
			    "no kprobe on plpar_hcall_norets_notrace()");
	hv->idle_probed = true;
}

/* From now on until the test ends, answer->opcode gets @answer. */
void ppc_fake_hcall_answer(struct kunit *test, const struct ppc_fake_hcall *answer)
{
	struct fake_hypervisor *hv = hypervisor_of(test);
	unsigned int i;

	if (is_idle_opcode(answer->opcode))
		probe_idle_entry(test, hv);

	for (i = 0; i < hv->nr; i++)
		if (hv->answers[i].opcode == answer->opcode)
			break;
	KUNIT_ASSERT_LT_MSG(test, i, PPC_FAKE_HCALLS, "more than %d opcodes answered",
			    PPC_FAKE_HCALLS);
	hv->answers[i] = *answer;
	hv->asked[i] = 0;
	if (i == hv->nr)
		hv->nr++;
}

/* How many calls of @opcode the fake hypervisor answered since it was set. */
unsigned int ppc_fake_hcall_asked(struct kunit *test, unsigned long opcode)
{
	struct fake_hypervisor *hv = hypervisor_of(test);
	unsigned int i;

	for (i = 0; i < hv->nr; i++)
		if (hv->answers[i].opcode == opcode)
			return hv->asked[i];
	return 0;
}

/*
 * The arguments the last answered call of @opcode passed, after the
 * opcode and the return buffer; NULL if none was answered.
 */
const unsigned long *ppc_fake_hcall_args(struct kunit *test, unsigned long opcode)
{
	struct fake_hypervisor *hv = hypervisor_of(test);
	unsigned int i;

	for (i = 0; i < hv->nr; i++)
		if (hv->answers[i].opcode == opcode && hv->asked[i])
			return hv->args[i];
	return NULL;
}
