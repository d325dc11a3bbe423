// SPDX-License-Identifier: GPL-2.0
/*
 * The fake hypervisor at boot.  The hypervisor calls ppc_fake_hcall.boot=
 * names are answered, to every caller, from an early initcall until the
 * last initcall, so that code asking the hypervisor while the kernel
 * boots (smp_cpus_done(), an initcall) sees the partition the command
 * line describes instead of QEMU's answers.  The suites, which run after
 * the initcalls, set their own answers (kunit/fake_hcall.c).
 *
 *   ppc_fake_hcall.boot=OPCODE=STATUS[:RET0[:RET1...]][,OPCODE=...]
 *
 * numbers as kstrtol() reads them (0x for hex); STATUS is the hcall's
 * (0 H_SUCCESS, -2 H_FUNCTION, -4 H_PARAMETER); RETn are the return
 * words plpar_hcall() and plpar_hcall9() store for their caller.
 *
 * The kprobes must be registered after init_kprobes(), an early initcall
 * of kernel/, and before smp_init(), which follows the early initcalls:
 * only an early initcall linked after kernel/ does both.  So this
 * directory is linked last, as an architecture's drivers are: the harness
 * builds with drivers-y naming it (tools/run-kunit), and the harness's
 * Makefile does not descend here.  powerpc_fake_hcall_boot checks that
 * the answers were in place before smp_init() and says who asked.
 */

#include <kunit/test.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <asm/hvcall.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ppc_fake_hcall."

#define BOOT_HCALLS	8

/*
 * An opcode no hypervisor implements: the initcall asks it once its
 * probes are in place, so that the suite can tell they answered at boot.
 */
#define BOOT_HCALL_SELF_CHECK	0xfffcUL
#define BOOT_HCALL_SELF_WORD	0x5eedUL

static char *boot_table[BOOT_HCALLS];
static int nr_boot_table;
module_param_array_named(boot, boot_table, charp, &nr_boot_table, 0444);

struct boot_answer {
	unsigned long opcode;
	long status;
	unsigned long ret[PLPAR_HCALL9_BUFSIZE];
	unsigned int words;
	unsigned int asked;
	unsigned long first_caller;
};

/* The table's answers, then the self-check's. */
static struct boot_answer boot_answers[BOOT_HCALLS + 1];
static unsigned int nr_boot_answers;
static const char *boot_error;
static bool boot_answering;
static long boot_self_check_status = H_FUNCTION;
static unsigned long boot_self_check_word;
static bool boot_self_check_early;

/* An entry point, and how many return words it stores for its caller. */
static const struct {
	const char *symbol;
	unsigned int words;
} boot_entries[] = {
	{ "plpar_hcall_norets", 0 },
	{ "plpar_hcall", PLPAR_HCALL_BUFSIZE },
	{ "plpar_hcall9", PLPAR_HCALL9_BUFSIZE },
};

static struct kprobe boot_probes[ARRAY_SIZE(boot_entries)];

static int boot_answer_hcall(struct kprobe *p, struct pt_regs *regs)
{
	unsigned int i, words = boot_entries[p - boot_probes].words;

	if (!READ_ONCE(boot_answering))
		return 0;
	for (i = 0; i < nr_boot_answers; i++) {
		struct boot_answer *a = &boot_answers[i];

		if (a->opcode != regs->gpr[3])
			continue;
		memcpy((unsigned long *)regs->gpr[4], a->ret,
		       min(words, a->words) * sizeof(unsigned long));
		if (!a->asked++)
			a->first_caller = regs->link;
		regs->gpr[3] = a->status;
		regs_set_return_ip(regs, regs->link);
		return 1;	/* the entry point does not run */
	}
	return 0;
}

/* Never called: with a post handler a probe is never optimized into a jump. */
static void boot_answered_hcall(struct kprobe *p, struct pt_regs *regs, unsigned long flags)
{
}

/* One entry of the table, OPCODE=STATUS[:RET...], into @a. */
static int __init boot_parse(char *entry, struct boot_answer *a)
{
	char *word, *rest = entry;

	word = strsep(&rest, "=");
	if (!rest || kstrtoul(word, 0, &a->opcode))
		return -EINVAL;
	word = strsep(&rest, ":");
	if (kstrtol(word, 0, &a->status))
		return -EINVAL;
	while (rest) {
		if (a->words == PLPAR_HCALL9_BUFSIZE)
			return -E2BIG;
		word = strsep(&rest, ":");
		if (kstrtoul(word, 0, &a->ret[a->words++]))
			return -EINVAL;
	}
	return 0;
}

static int __init boot_hcall_start(void)
{
	struct kprobe *probes[ARRAY_SIZE(boot_entries)];
	unsigned long retbuf[PLPAR_HCALL9_BUFSIZE] = {};
	unsigned int i;
	int err;

	if (!nr_boot_table)
		return 0;
	for (i = 0; i < nr_boot_table; i++) {
		char copy[128];

		strscpy(copy, boot_table[i], sizeof(copy));
		if (boot_parse(copy, &boot_answers[i])) {
			boot_error = boot_table[i];
			pr_err("ppc_fake_hcall.boot: cannot read '%s' as OPCODE=STATUS[:RET...]\n",
			       boot_error);
			return -EINVAL;
		}
	}
	nr_boot_answers = nr_boot_table;
	boot_answers[nr_boot_answers++] = (struct boot_answer) {
		.opcode = BOOT_HCALL_SELF_CHECK,
		.ret = { BOOT_HCALL_SELF_WORD },
		.words = 1,
	};

	for (i = 0; i < ARRAY_SIZE(boot_entries); i++) {
		boot_probes[i].symbol_name = boot_entries[i].symbol;
		boot_probes[i].pre_handler = boot_answer_hcall;
		boot_probes[i].post_handler = boot_answered_hcall;
		probes[i] = &boot_probes[i];
	}
	err = register_kprobes(probes, ARRAY_SIZE(probes));
	if (err) {
		pr_err("ppc_fake_hcall.boot: no kprobe on the hcall entry points (%d)\n", err);
		return err;
	}
	WRITE_ONCE(boot_answering, true);

	boot_self_check_status = plpar_hcall9(BOOT_HCALL_SELF_CHECK, retbuf);
	boot_self_check_word = retbuf[0];
	/* smp_init() sets up the other CPUs' idle threads after this. */
	boot_self_check_early = system_state == SYSTEM_SCHEDULING && num_online_cpus() == 1;
	return 0;
}
early_initcall(boot_hcall_start);

/* The suites answer for themselves. */
static int __init boot_hcall_stop(void)
{
	struct kprobe *probes[ARRAY_SIZE(boot_entries)];
	unsigned int i;

	if (!READ_ONCE(boot_answering))
		return 0;
	WRITE_ONCE(boot_answering, false);
	for (i = 0; i < ARRAY_SIZE(boot_entries); i++)
		probes[i] = &boot_probes[i];
	unregister_kprobes(probes, ARRAY_SIZE(probes));
	return 0;
}
late_initcall_sync(boot_hcall_stop);

/*
 * The table was read, its answers were in place before smp_init() (the
 * self-check's opcode, asked from the initcall, was answered), and each
 * opcode's callers at boot are said.
 */
static void fake_hcall_boot_answers(struct kunit *test)
{
	unsigned int i;

	if (!nr_boot_table)
		kunit_skip(test, "no ppc_fake_hcall.boot= on the command line");
	KUNIT_ASSERT_NULL_MSG(test, boot_error,
			      "ppc_fake_hcall.boot: '%s' is not OPCODE=STATUS[:RET...]",
			      boot_error);
	KUNIT_EXPECT_EQ_MSG(test, boot_self_check_status, H_SUCCESS,
			    "the hcall the initcall asked went to the hypervisor: no answer at boot");
	KUNIT_EXPECT_EQ_MSG(test, boot_self_check_word, BOOT_HCALL_SELF_WORD,
			    "the hcall the initcall asked got no return word from the boot answers");
	KUNIT_EXPECT_TRUE_MSG(test, boot_self_check_early,
			      "the boot answers came after smp_init(): code asking there got QEMU's");
	for (i = 0; i < nr_boot_table; i++) {
		struct boot_answer *a = &boot_answers[i];

		if (a->asked)
			kunit_info(test, "boot hcall %#lx: answered %ld to %u calls, the first from %pS\n",
				   a->opcode, a->status, a->asked, (void *)a->first_caller);
		else
			kunit_info(test, "boot hcall %#lx: not asked at boot\n", a->opcode);
	}
}

static struct kunit_case fake_hcall_boot_cases[] = {
	KUNIT_CASE(fake_hcall_boot_answers),
	{}
};

static struct kunit_suite fake_hcall_boot_suite = {
	.name = "powerpc_fake_hcall_boot",
	.test_cases = fake_hcall_boot_cases,
};

kunit_test_suite(fake_hcall_boot_suite);
