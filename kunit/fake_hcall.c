// SPDX-License-Identifier: GPL-2.0
/*
 * The fake hypervisor of fake_hcall.h.  Each hcall entry point is
 * answered at its entry (fake_call.h): the opcode (r3) is looked up
 * among the test's answers and, if found, the answer's return words go
 * into the caller's buffer (r4) and its status is returned, without the
 * entry point running: the hypervisor is never asked.  The kernel's
 * own code around the call (the buffer it zeroes, the status it checks,
 * how it decodes the words) runs as it does on an LPAR.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/hvcall.h>
#include <asm/machdep.h>

#include "fake_call.h"
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
	struct ppc_fake_call calls[ARRAY_SIZE(hcall_entries)];
	bool idle_probed;
};

/* The one test that has a fake hypervisor: tests run one at a time. */
static struct fake_hypervisor *fake_hypervisor;

static bool answer_hcall(struct ppc_fake_call *call, struct pt_regs *regs, long *ret)
{
	struct fake_hypervisor *hv = call->data;
	unsigned int i, words = hcall_entries[call - hv->calls].words;
	/* The arguments follow the opcode, and the buffer if there is one. */
	unsigned int first = words ? 5 : 4;

	for (i = 0; i < hv->nr; i++) {
		if (hv->answers[i].opcode != regs->gpr[3])
			continue;
		if (words)
			memcpy((unsigned long *)regs->gpr[4], hv->answers[i].ret,
			       words * sizeof(unsigned long));
		hv->asked[i]++;
		memcpy(hv->args[i], &regs->gpr[first], sizeof(hv->args[i]));
		*ret = hv->answers[i].status;
		return true;
	}
	return false;
}

static int hypervisor_init(struct kunit_resource *res, void *context)
{
	struct fake_hypervisor *hv = kzalloc(sizeof(*hv), GFP_KERNEL);

	if (!hv)
		return -ENOMEM;
	hv->test = context;
	WRITE_ONCE(fake_hypervisor, hv);
	res->data = hv;
	return 0;
}

/* After the probes, which went first: they were placed after it. */
static void hypervisor_free(struct kunit_resource *res)
{
	WRITE_ONCE(fake_hypervisor, NULL);
	kfree(res->data);
}

static bool is_hypervisor(struct kunit *test, struct kunit_resource *res, void *match)
{
	return res->free == hypervisor_free;
}

/* Probe entry point @i for the test's thread. */
static int probe_entry(struct fake_hypervisor *hv, unsigned int i)
{
	return ppc_fake_call_answer(hv->test, &hv->calls[i], hcall_entries[i].symbol,
				    answer_hcall, hv);
}

/* The test's fake hypervisor, put in place on first use. */
static struct fake_hypervisor *hypervisor_of(struct kunit *test)
{
	struct kunit_resource *res = kunit_find_resource(test, is_hypervisor, NULL);
	struct fake_hypervisor *hv;
	unsigned int i;

	if (res) {
		hv = res->data;
		kunit_put_resource(res);
		return hv;
	}
	KUNIT_ASSERT_NULL_MSG(test, READ_ONCE(fake_hypervisor),
			      "another test's fake hypervisor is still in place");
	hv = kunit_alloc_resource(test, hypervisor_init, hypervisor_free, GFP_KERNEL, test);
	KUNIT_ASSERT_NOT_NULL(test, hv);
	for (i = 0; i < NR_TRACED_ENTRIES; i++)
		KUNIT_ASSERT_EQ_MSG(test, probe_entry(hv, i), 0,
				    "no kprobe on %s(): no fake hypervisor",
				    hcall_entries[i].symbol);
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
	KUNIT_ASSERT_EQ_MSG(test, probe_entry(hv, IDLE_ENTRY), 0,
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
