// SPDX-License-Identifier: GPL-2.0
/*
 * The calls answered at their entry of fake_call.h.  Tests run one at a
 * time, but a test may answer several functions: each probe knows its
 * own call through container_of().
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/kprobes.h>

#include "fake_call.h"
#include "kunit_compat.h"

#ifdef CONFIG_KPROBES
static int fake_call_entry(struct kprobe *p, struct pt_regs *regs)
{
	struct ppc_fake_call *call = container_of(p, struct ppc_fake_call, probe);
	long ret;

	if (kunit_get_current_test() != READ_ONCE(call->test) || !call->answer(call, regs, &ret))
		return 0;
	call->answered++;
	regs->gpr[3] = ret;
	regs_set_return_ip(regs, regs->link);
	return 1;	/* the function does not run */
}

/* Never called; a post handler keeps the probe from becoming a jump. */
static void fake_call_answered(struct kprobe *p, struct pt_regs *regs, unsigned long flags)
{
}

static int fake_call_init(struct kunit_resource *res, void *context)
{
	struct ppc_fake_call *call = context;
	int err;

	call->probe.pre_handler = fake_call_entry;
	call->probe.post_handler = fake_call_answered;
	err = register_kprobe(&call->probe);
	if (err)
		return err;
	res->data = call;
	return 0;
}

static void fake_call_free(struct kunit_resource *res)
{
	struct ppc_fake_call *call = res->data;

	WRITE_ONCE(call->test, NULL);
	unregister_kprobe(&call->probe);
}

int ppc_fake_call_answer(struct kunit *test, struct ppc_fake_call *call, const char *symbol,
			 ppc_fake_call_answer_t answer, void *data)
{
	call->probe.symbol_name = symbol;
	call->answer = answer;
	call->data = data;
	call->answered = 0;
	call->test = test;
	if (!kunit_alloc_resource(test, fake_call_init, fake_call_free, GFP_KERNEL, call)) {
		call->test = NULL;
		return -ENOENT;
	}
	return 0;
}
#else
int ppc_fake_call_answer(struct kunit *test, struct ppc_fake_call *call, const char *symbol,
			 ppc_fake_call_answer_t answer, void *data)
{
	return -EOPNOTSUPP;
}
#endif
