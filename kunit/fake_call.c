// SPDX-License-Identifier: GPL-2.0
/*
 * The calls answered at their entry of fake_call.h.  Tests run one at a
 * time, but a test may answer several functions, and one function more
 * than once: each call has a kprobe of its own while its test runs.
 *
 * A kprobe is registered once and kept for the tests after it, only
 * disarmed between them: registering one prepares the jump it could be
 * optimized into (a few instructions patched into the kernel's text,
 * each patch a switch to a temporary mm and, on pseries, two
 * H_SET_MODE calls for the breakpoint register), and unregistering it
 * frees that again.  Arming and disarming patch one instruction each.
 * Disarmed, the probed function runs unchanged, as it must where it
 * cannot take a probe (the idle loop's cede with RCU not watching).
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fake_call.h"
#include "kunit_compat.h"

#ifdef CONFIG_KPROBES
/* A kprobe on @symbol's entry, answering for @call while a test has it. */
struct ppc_fake_call_probe {
	struct list_head list;
	struct kprobe kp;
	char symbol[KSYM_NAME_LEN];
	struct ppc_fake_call *call;	/* NULL: free, and disarmed */
};

/* Every probe registered so far; kept until the kernel stops. */
static LIST_HEAD(fake_call_probes);
static DEFINE_MUTEX(fake_call_lock);

static int fake_call_entry(struct kprobe *p, struct pt_regs *regs)
{
	struct ppc_fake_call_probe *probe = container_of(p, struct ppc_fake_call_probe, kp);
	struct ppc_fake_call *call = READ_ONCE(probe->call);
	long ret;

	if (!call || kunit_get_current_test() != READ_ONCE(call->test) ||
	    !call->answer(call, regs, &ret))
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

/* A new probe on @symbol, registered and disarmed; NULL and *@err if not. */
static struct ppc_fake_call_probe *fake_call_probe_new(const char *symbol, int *err)
{
	struct ppc_fake_call_probe *probe = kzalloc(sizeof(*probe), GFP_KERNEL);

	if (!probe) {
		*err = -ENOMEM;
		return NULL;
	}
	strscpy(probe->symbol, symbol, sizeof(probe->symbol));
	probe->kp.symbol_name = probe->symbol;
	probe->kp.pre_handler = fake_call_entry;
	probe->kp.post_handler = fake_call_answered;
	probe->kp.flags = KPROBE_FLAG_DISABLED;
	*err = register_kprobe(&probe->kp);
	if (*err) {
		kfree(probe);
		return NULL;
	}
	list_add(&probe->list, &fake_call_probes);
	return probe;
}

/* A free probe on @symbol, registered now if there is none; disarmed. */
static struct ppc_fake_call_probe *fake_call_probe_get(const char *symbol, int *err)
{
	struct ppc_fake_call_probe *probe;

	list_for_each_entry(probe, &fake_call_probes, list)
		if (!probe->call && !strcmp(probe->symbol, symbol))
			return probe;
	return fake_call_probe_new(symbol, err);
}

static int fake_call_init(struct kunit_resource *res, void *context)
{
	struct ppc_fake_call *call = context;
	struct ppc_fake_call_probe *probe;
	int err = 0;

	mutex_lock(&fake_call_lock);
	probe = fake_call_probe_get(call->symbol, &err);
	if (probe) {
		WRITE_ONCE(probe->call, call);
		err = enable_kprobe(&probe->kp);
		if (err)
			WRITE_ONCE(probe->call, NULL);
	}
	mutex_unlock(&fake_call_lock);
	if (err)
		return err;
	call->probe = probe;
	res->data = call;
	return 0;
}

static void fake_call_free(struct kunit_resource *res)
{
	struct ppc_fake_call *call = res->data;

	WRITE_ONCE(call->test, NULL);
	mutex_lock(&fake_call_lock);
	disable_kprobe(&call->probe->kp);
	WRITE_ONCE(call->probe->call, NULL);
	mutex_unlock(&fake_call_lock);
	call->probe = NULL;
}

int ppc_fake_call_answer(struct kunit *test, struct ppc_fake_call *call, const char *symbol,
			 ppc_fake_call_answer_t answer, void *data)
{
	call->symbol = symbol;
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
