// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what /proc/powerpc/lparcfg publishes of a shared-processor
 * LPAR: the entitlement, pool and weight the hypervisor gives in its
 * H_GET_PPP answer, the pool's idle time of H_PIC, the dispatches and
 * dispatch dispersions the hypervisor counts in each vcpu's lppaca, and
 * the processor mode of the lppaca.  lparstat and the workload managers
 * read these lines to size a partition, and a series that reads the same
 * inputs (the steal-time work reads H_GET_PPP's entitlement) is checked
 * against them.
 *
 * Each LPAR state is a row of named fields: the fake hypervisor gives
 * them in the layout PAPR defines for the hcall's return words, the
 * vcpus' lppacas hold its counters, and the expected lines follow from
 * the fields alone.  A refused hcall must leave its lines out rather
 * than print what the buffer held ("powerpc/pseries: Add failure related
 * checks for h_get_mpp and h_get_ppp").
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/of.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/firmware.h>
#include <asm/hvcall.h>
#include <asm/lppaca.h>
#include <asm/paca.h>

#include "fake_hcall.h"
#include "fake_state.h"
#include "kunit_compat.h"

#define LPARCFG_SIZE	8192
#define LPAR_MAX_VCPUS	16

/* An LPAR as its hypervisor describes it. */
struct lpar_state {
	const char *name;
	bool no_splpar;			/* firmware without shared-processor LPAR */
	bool shared;
	unsigned int vcpus;		/* CPUs 0 to vcpus - 1 */
	long ppp_status;		/* H_GET_PPP's */
	unsigned long entitlement;	/* hundredths of a processor */
	unsigned long unallocated_entitlement;
	unsigned int group;
	unsigned int pool;
	unsigned int group_procs;	/* active processors in the resource group */
	unsigned int group_index;
	bool capped;
	unsigned int weight;
	unsigned int unallocated_weight;
	unsigned int pool_procs;	/* active processors in the pool */
	unsigned int system_procs;	/* active processors in the system */
	long pic_status;		/* H_PIC's */
	unsigned long pool_idle_time;
	unsigned long pic_procs;
	/* ibm,partition-performance-parameters-level of the root, 0: none */
	u32 perf_level;
	unsigned int platform_procs;	/* given to virtualization */
	unsigned int max_capacity;	/* processor capacity available, hundredths */
	unsigned int entitled_capacity;
};

static const struct lpar_state lpar_states[] = {
	{ .name = "shared-uncapped", .shared = true, .vcpus = 8, .entitlement = 150,
	  .unallocated_entitlement = 50, .group = 32770, .pool = 0, .weight = 128,
	  .unallocated_weight = 12, .pool_procs = 14, .system_procs = 40,
	  .pool_idle_time = 987654321, .pic_procs = 14 },
	{ .name = "shared-capped-pool", .shared = true, .vcpus = 4, .entitlement = 40,
	  .group = 32771, .pool = 3, .capped = true, .pool_procs = 6, .system_procs = 40,
	  .pool_idle_time = 4242, .pic_procs = 6 },
	{ .name = "shared-resource-group", .shared = true, .vcpus = 16, .entitlement = 320,
	  .group = 32772, .pool = 1, .group_procs = 24, .group_index = 5, .weight = 200,
	  .pool_procs = 24, .system_procs = 48, .pool_idle_time = 77, .pic_procs = 24 },
	{ .name = "shared-pic-refused", .shared = true, .vcpus = 8, .entitlement = 100,
	  .group = 32773, .pool = 2, .weight = 64, .pool_procs = 8, .system_procs = 40,
	  .pic_status = H_FUNCTION },
	{ .name = "shared-ppp-refused", .shared = true, .vcpus = 8, .ppp_status = H_FUNCTION,
	  .entitlement = 150, .group = 32774, .weight = 128, .pool_procs = 8,
	  .system_procs = 40, .pool_idle_time = 31, .pic_procs = 8 },
	{ .name = "dedicated", .shared = false, .vcpus = 8, .entitlement = 200,
	  .group = 32775, .capped = true, .system_procs = 40 },
	{ .name = "dedicated-ppp-refused", .shared = false, .vcpus = 8,
	  .ppp_status = H_PARAMETER, .entitlement = 200, .group = 32776,
	  .system_procs = 40 },
	{ .name = "dedicated-no-splpar", .no_splpar = true, .vcpus = 8, .entitlement = 800,
	  .group = 32777, .system_procs = 40 },
	{ .name = "shared-perf-level-1", .shared = true, .vcpus = 8, .entitlement = 120,
	  .group = 32778, .pool = 4, .weight = 10, .pool_procs = 12, .system_procs = 48,
	  .pool_idle_time = 5, .pic_procs = 12, .perf_level = 1, .platform_procs = 48,
	  .max_capacity = 3600, .entitled_capacity = 2400 },
};

static void lpar_state_to_desc(const struct lpar_state *s, char *desc)
{
	strscpy(desc, s->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lpar_state, lpar_states, lpar_state_to_desc);

/* The words of H_GET_PPP's answer, as PAPR lays the fields out. */
static void answer_ppp(struct kunit *test, const struct lpar_state *s)
{
	struct ppc_fake_hcall ppp = { .opcode = H_GET_PPP, .status = s->ppp_status };

	ppp.ret[0] = s->entitlement;
	ppp.ret[1] = s->unallocated_entitlement;
	ppp.ret[2] = (u64)s->group_procs << 32 | (u64)s->group << 16 | s->pool;
	ppp.ret[3] = (u64)s->group_index << 56 | (u64)s->capped << 48 |
		     (u64)s->weight << 40 | (u64)s->unallocated_weight << 32 |
		     (u64)s->pool_procs << 16 | s->system_procs;
	ppp.ret[4] = (u64)s->platform_procs << 48 | (u64)s->max_capacity << 24 |
		     s->entitled_capacity;
	ppc_fake_hcall_answer(test, &ppp);
}

/*
 * The root node's ibm,partition-performance-parameters-level, which says
 * the last word of H_GET_PPP's answer means something.  A property taken
 * out of the live tree stays on its node's list of dead properties,
 * which the tree owns: it is allocated here and never freed.
 */
static int perf_level_add(struct kunit_resource *res, void *context)
{
	struct property *prop = context;
	struct device_node *root = of_find_node_by_path("/");
	int ret = root ? of_add_property(root, prop) : -ENODEV;

	of_node_put(root);
	res->data = prop;
	return ret;
}

static void perf_level_remove(struct kunit_resource *res)
{
	struct device_node *root = of_find_node_by_path("/");

	of_remove_property(root, res->data);
	of_node_put(root);
}

static void set_perf_level(struct kunit *test, u32 level)
{
	struct property *prop = kzalloc(sizeof(*prop) + sizeof(__be32), GFP_KERNEL);
	__be32 *value = (__be32 *)(prop + 1);

	void *added;

	KUNIT_ASSERT_NOT_NULL(test, prop);
	*value = cpu_to_be32(level);
	prop->name = "ibm,partition-performance-parameters-level";
	prop->length = sizeof(*value);
	prop->value = value;
	added = kunit_alloc_resource(test, perf_level_add, perf_level_remove, GFP_KERNEL, prop);
	if (!added)
		kfree(prop);	/* not in the tree */
	KUNIT_ASSERT_NOT_NULL_MSG(test, added, "the root node already has a performance level");
}

static void answer_pic(struct kunit *test, const struct lpar_state *s)
{
	struct ppc_fake_hcall pic = { .opcode = H_PIC, .status = s->pic_status };

	pic.ret[0] = s->pool_idle_time;
	pic.ret[1] = s->pic_procs;
	ppc_fake_hcall_answer(test, &pic);
}

/* What the hypervisor counts in vcpu @cpu's lppaca: even, as it runs. */
static u32 vcpu_dispatches(int cpu)
{
	return 1000 + 2 * cpu;
}

static u32 vcpu_dispersions(int cpu)
{
	return 7 * cpu + 3;
}

/*
 * The counters of the LPAR's vcpus other than the running one, whose
 * lppaca the hypervisor keeps: it counts the running vcpu's dispatches
 * while the test runs.
 */
static void __init set_vcpu_counters(struct kunit *test, struct ppc_fake *fake,
				     const struct lpar_state *s)
{
	struct lppaca *lp;
	int cpu;

	for (cpu = 0; cpu < s->vcpus; cpu++) {
		if (cpu == raw_smp_processor_id())
			continue;
		lp = ppc_fake_own_lppaca(fake, cpu);
		KUNIT_ASSERT_NOT_NULL(test, lp);
		WRITE_ONCE(lp->yield_count, cpu_to_be32(vcpu_dispatches(cpu)));
		WRITE_ONCE(lp->dispersion_count, cpu_to_be32(vcpu_dispersions(cpu)));
	}
}

/* What every possible CPU's lppaca counts, as lparcfg sums it. */
struct lpar_counts {
	u64 dispatches;
	u64 dispersions;
};

static void count_vcpus(const struct lpar_state *s, struct lpar_counts *sum)
{
	int cpu;

	sum->dispatches = 0;
	sum->dispersions = 0;
	for_each_possible_cpu(cpu) {
		if (cpu < s->vcpus && cpu != raw_smp_processor_id()) {
			sum->dispatches += vcpu_dispatches(cpu);
			sum->dispersions += vcpu_dispersions(cpu);
			continue;
		}
		sum->dispatches += be32_to_cpu(READ_ONCE(lppaca_of(cpu).yield_count));
		sum->dispersions += be32_to_cpu(READ_ONCE(lppaca_of(cpu).dispersion_count));
	}
}

/*
 * /proc/powerpc/lparcfg opened with @flags through a kernel mount of proc
 * (the suites run before anything mounts /proc), which @mnt returns for
 * close_lparcfg().
 */
static struct file *open_lparcfg(struct kunit *test, int flags, struct vfsmount **mnt)
{
	struct file_system_type *proc = get_fs_type("proc");
	struct file *file;

	KUNIT_ASSERT_NOT_NULL_MSG(test, proc, "no proc file system");
	*mnt = kern_mount(proc);
	put_filesystem(proc);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(*mnt), "mounting proc: %ld", PTR_ERR(*mnt));
	file = file_open_root_mnt(*mnt, "powerpc/lparcfg", flags, 0);
	if (IS_ERR(file))
		kern_unmount(*mnt);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(file), "opening powerpc/lparcfg (flags %#x): %ld",
			       flags, PTR_ERR(file));
	return file;
}

static void close_lparcfg(struct file *file, struct vfsmount *mnt)
{
	fput(file);
	kern_unmount(mnt);
}

/*
 * /proc/powerpc/lparcfg as a reader sees it, read through its seq_file
 * (proc files of the proc_read kind have no read_iter for kernel_read()).
 */
static char *read_lparcfg(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, LPARCFG_SIZE, GFP_KERNEL);
	struct kvec kv = { .iov_base = buf, .iov_len = LPARCFG_SIZE - 1 };
	struct vfsmount *mnt;
	struct iov_iter to;
	struct kiocb kiocb;
	struct file *file;
	size_t len = 0;
	ssize_t n;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	file = open_lparcfg(test, O_RDONLY, &mnt);
	init_sync_kiocb(&kiocb, file);
	iov_iter_kvec(&to, ITER_DEST, &kv, 1, LPARCFG_SIZE - 1);
	while ((n = seq_read_iter(&kiocb, &to)) > 0)
		len += n;
	close_lparcfg(file, mnt);
	KUNIT_ASSERT_GE_MSG(test, n, 0, "reading powerpc/lparcfg: %zd", n);
	KUNIT_ASSERT_LT_MSG(test, len, (size_t)LPARCFG_SIZE - 1, "lparcfg is longer than %d",
			    LPARCFG_SIZE);
	return buf;
}

/* The value of line "@key=" of @cfg, false if there is no such line. */
static bool lparcfg_value(const char *cfg, const char *key, long long *value)
{
	size_t klen = strlen(key);
	const char *line = cfg;
	char num[24];
	size_t n;

	while (*line) {
		n = strcspn(line, "\n");
		if (n > klen && !strncmp(line, key, klen) && line[klen] == '=') {
			strscpy(num, line + klen + 1, min(n - klen, sizeof(num)));
			return !kstrtoll(num, 10, value);
		}
		line += n + (line[n] == '\n');
	}
	return false;
}

static void expect_line(struct kunit *test, const char *cfg, const char *key, long long want)
{
	long long value;

	if (!lparcfg_value(cfg, key, &value)) {
		KUNIT_FAIL(test, "no line %s=%lld in lparcfg:\n%s", key, want, cfg);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, value, want, "lparcfg says %s=%lld", key, value);
}

/* A line whose value the hypervisor moves on while it is read. */
static void expect_line_within(struct kunit *test, const char *cfg, const char *key,
			       long long low, long long high)
{
	long long value;

	if (!lparcfg_value(cfg, key, &value)) {
		KUNIT_FAIL(test, "no line %s= in lparcfg:\n%s", key, cfg);
		return;
	}
	KUNIT_EXPECT_TRUE_MSG(test, value >= low && value <= high,
			      "lparcfg says %s=%lld; between %lld and %lld before and after", key,
			      value, low, high);
}

/* A line whose value the case cannot know, only that lparcfg prints it. */
static void expect_some_line(struct kunit *test, const char *cfg, const char *key)
{
	long long value;

	if (!lparcfg_value(cfg, key, &value))
		KUNIT_FAIL(test, "no line %s= in lparcfg:\n%s", key, cfg);
}

static void expect_no_line(struct kunit *test, const char *cfg, const char *key, const char *why)
{
	long long value;

	KUNIT_EXPECT_FALSE_MSG(test, lparcfg_value(cfg, key, &value),
			       "lparcfg says %s=%lld; %s", key, value, why);
}

static void expect_ppp_lines(struct kunit *test, const char *cfg, const struct lpar_state *s)
{
	static const char * const ppp_keys[] = {
		"partition_entitled_capacity", "group", "system_active_processors", "pool",
		"pool_capacity", "unallocated_capacity_weight", "capacity_weight", "capped",
		"unallocated_capacity", "resource_group_number",
	};
	unsigned int i;

	if (s->ppp_status) {
		for (i = 0; i < ARRAY_SIZE(ppp_keys); i++)
			expect_no_line(test, cfg, ppp_keys[i], "the hypervisor refused H_GET_PPP");
		return;
	}
	expect_line(test, cfg, "partition_entitled_capacity", s->entitlement);
	expect_line(test, cfg, "group", s->group);
	expect_line(test, cfg, "system_active_processors", s->system_procs);
	expect_line(test, cfg, "unallocated_capacity_weight", s->unallocated_weight);
	expect_line(test, cfg, "capacity_weight", s->weight);
	expect_line(test, cfg, "capped", s->capped);
	expect_line(test, cfg, "unallocated_capacity", s->unallocated_entitlement);
	if (s->perf_level >= 1) {
		expect_line(test, cfg, "physical_procs_allocated_to_virtualization",
			    s->platform_procs);
		expect_line(test, cfg, "max_proc_capacity_available", s->max_capacity);
		expect_line(test, cfg, "entitled_proc_capacity_available", s->entitled_capacity);
	} else {
		expect_no_line(test, cfg, "max_proc_capacity_available",
			       "the root node gives no performance parameters level");
	}
	if (s->group_procs && PPC_LPARCFG_HAS_RESOURCE_GROUP) {
		expect_line(test, cfg, "resource_group_number", s->group_index);
		expect_line(test, cfg, "resource_group_active_processors", s->group_procs);
	} else {
		expect_no_line(test, cfg, "resource_group_number",
			       "the LPAR is in no group, or lparcfg prints none");
	}
	if (!s->shared) {
		expect_no_line(test, cfg, "pool", "a dedicated LPAR is in no pool");
		expect_no_line(test, cfg, "pool_idle_time", "a dedicated LPAR is in no pool");
		return;
	}
	expect_line(test, cfg, "pool", s->pool);
	expect_line(test, cfg, "pool_capacity", s->pool_procs * 100);
	if (s->pic_status) {
		expect_no_line(test, cfg, "pool_idle_time", "the hypervisor refused H_PIC");
		return;
	}
	expect_line(test, cfg, "pool_idle_time", s->pool_idle_time);
	expect_line(test, cfg, "pool_num_procs", s->pic_procs);
	/*
	 * Beside them, the pool's idle time when the LPAR booted, which
	 * lparcfg_init() sampled (6.10): whatever the harness guest's
	 * firmware answered then, so only the line is checked.
	 */
	if (PPC_LPARCFG_HAS_BOOT_POOL_IDLE)
		expect_some_line(test, cfg, "boot_pool_idle_time");
}

/* The processors the device tree presents, as firmware counts them. */
static int cpu_nodes(void)
{
	struct device_node *np;
	int n = 0;

	for_each_node_by_type(np, "cpu")
		n++;
	return n;
}

/*
 * Without the shared-processor LPAR firmware there is no H_GET_PPP to ask:
 * the partition is the processors its device tree presents.
 */
static void expect_no_splpar_lines(struct kunit *test, const char *cfg)
{
	int cpus = cpu_nodes();

	KUNIT_EXPECT_EQ_MSG(test, ppc_fake_hcall_asked(test, H_GET_PPP), 0U,
			    "lparcfg asked for H_GET_PPP without FW_FEATURE_SPLPAR");
	expect_line(test, cfg, "system_active_processors", cpus);
	expect_line(test, cfg, "partition_active_processors", cpus);
	expect_line(test, cfg, "partition_entitled_capacity", cpus * 100);
	expect_no_line(test, cfg, "dispatches", "the dispatch counters are SPLPAR's");
	expect_no_line(test, cfg, "pool", "no SPLPAR, no pool");
}

static void __init lparcfg_published(struct kunit *test)
{
	const struct lpar_state *s = test->param_value;
	struct ppc_fake_flags flags;
	struct lpar_counts before, after;
	struct device_node *root;
	struct ppc_fake *fake;
	unsigned int refs;
	const char *cfg;

	if (!IS_ENABLED(CONFIG_LPARCFG) || !IS_ENABLED(CONFIG_KPROBES))
		kunit_skip(test, "needs CONFIG_LPARCFG and CONFIG_KPROBES (the fake hypervisor)");
	fake = ppc_fake_begin(test);
	ppc_fake_read_flags(&flags);
	flags.shared_processor = s->shared;
	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_fw_feature(fake, FW_FEATURE_SPLPAR, !s->no_splpar);
	answer_ppp(test, s);
	answer_pic(test, s);
	if (s->perf_level)
		set_perf_level(test, s->perf_level);
	set_vcpu_counters(test, fake, s);

	/* lparcfg looks at the root node for the performance level, and puts it back. */
	root = of_find_node_by_path("/");
	KUNIT_ASSERT_NOT_NULL(test, root);
	refs = kref_read(&root->kobj.kref);
	count_vcpus(s, &before);
	cfg = read_lparcfg(test);
	count_vcpus(s, &after);
	KUNIT_EXPECT_EQ_MSG(test, kref_read(&root->kobj.kref), refs,
			    "reading lparcfg took the root node's references from %u to %u",
			    refs, kref_read(&root->kobj.kref));
	of_node_put(root);

	expect_line(test, cfg, "shared_processor_mode", s->shared && !s->no_splpar);
	if (s->no_splpar) {
		expect_no_splpar_lines(test, cfg);
		return;
	}
	KUNIT_EXPECT_GE_MSG(test, ppc_fake_hcall_asked(test, H_GET_PPP), 1U,
			    "lparcfg did not ask the hypervisor for H_GET_PPP");
	expect_ppp_lines(test, cfg, s);
	expect_line_within(test, cfg, "dispatches", before.dispatches, after.dispatches);
	expect_line_within(test, cfg, "dispatch_dispersions", before.dispersions,
			   after.dispersions);
}

/*
 * A write to lparcfg that changes the partition's processor capacity
 * weight or entitlement, or its memory weight: lparcfg asks H_GET_PPP
 * (H_GET_MPP) for the values it keeps, then H_SET_PPP (H_SET_MPP) for
 * the new pair, and turns the hypervisor's status into the write's
 * result.
 */
struct lpar_write {
	const char *name;
	const char *line;		/* what is written */
	bool memory;			/* the memory calls, not the processor ones */
	bool refused;			/* refused before any call */
	long get_status;		/* H_GET_PPP's or H_GET_MPP's */
	long set_status;		/* H_SET_PPP's or H_SET_MPP's */
	unsigned long entitlement;	/* the current values */
	unsigned int weight;
	unsigned long set_entitlement;	/* what H_SET_PPP should be given */
	unsigned long set_weight;
	int error;			/* the write's error, 0 if it succeeds */
};

static const struct lpar_write lpar_writes[] = {
	{ .name = "weight", .line = "capacity_weight=5\n", .entitlement = 150, .weight = 128,
	  .set_entitlement = 150, .set_weight = 5 },
	{ .name = "entitlement", .line = "partition_entitled_capacity=250\n", .entitlement = 150,
	  .weight = 128, .set_entitlement = 250, .set_weight = 128 },
	{ .name = "weight-constrained", .line = "capacity_weight=255\n",
	  .set_status = H_CONSTRAINED, .entitlement = 40, .weight = 0, .set_entitlement = 40,
	  .set_weight = 255 },
	{ .name = "weight-busy", .line = "capacity_weight=9\n", .set_status = H_BUSY,
	  .entitlement = 40, .set_entitlement = 40, .set_weight = 9, .error = -EBUSY },
	{ .name = "get-refused-parameter", .line = "capacity_weight=5\n",
	  .get_status = H_PARAMETER, .error = -EINVAL },
	{ .name = "get-refused-hardware", .line = "partition_entitled_capacity=250\n",
	  .get_status = H_HARDWARE, .error = -EIO },
	{ .name = "memory-weight", .line = "entitled_memory_weight=7\n", .memory = true,
	  .entitlement = 1UL << 30, .weight = 3, .set_entitlement = 1UL << 30,
	  .set_weight = 7 },
	{ .name = "memory-get-refused", .line = "entitled_memory_weight=7\n", .memory = true,
	  .get_status = H_PARAMETER, .error = -EINVAL },
	/* Refused before kbuf is read ("lparcfg - fix kbuf[] underflow"). */
	{ .name = "empty", .line = "", .refused = true, .error = -EINVAL },
	{ .name = "no-value", .line = "capacity_weight\n", .refused = true, .error = -EINVAL },
};

static void lpar_write_to_desc(const struct lpar_write *w, char *desc)
{
	strscpy(desc, w->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lpar_write, lpar_writes, lpar_write_to_desc);

/* write(2) of @line to /proc/powerpc/lparcfg, from a user buffer of the test's. */
static ssize_t write_lparcfg(struct kunit *test, const char *line)
{
	size_t len = strlen(line);
	unsigned long ubuf;
	struct vfsmount *mnt;
	struct file *file;
	loff_t pos = 0;
	ssize_t ret;

	ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			     MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_VALUE(ubuf), "no user memory: %ld", (long)ubuf);
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)ubuf, line, len), 0UL);
	file = open_lparcfg(test, O_WRONLY, &mnt);
	ret = vfs_write(file, (const char __user *)ubuf, len, &pos);
	close_lparcfg(file, mnt);
	return ret;
}

static void __init lparcfg_written(struct kunit *test)
{
	const struct lpar_write *w = test->param_value;
	struct ppc_fake_hcall get = { .opcode = w->memory ? H_GET_MPP : H_GET_PPP,
				      .status = w->get_status };
	struct ppc_fake_hcall set = { .opcode = w->memory ? H_SET_MPP : H_SET_PPP,
				      .status = w->set_status };
	const unsigned long *args;
	struct ppc_fake_flags flags;
	struct ppc_fake *fake;
	ssize_t ret;

	if (!IS_ENABLED(CONFIG_LPARCFG) || !IS_ENABLED(CONFIG_KPROBES))
		kunit_skip(test, "needs CONFIG_LPARCFG and CONFIG_KPROBES (the fake hypervisor)");
	if (!PPC_KUNIT_HAS_VM_MMAP)
		kunit_skip(test, "no kunit_vm_mmap() (6.10): no user buffer to write from");
	fake = ppc_fake_begin(test);
	ppc_fake_read_flags(&flags);
	flags.shared_processor = true;
	ppc_fake_set_flags(fake, &flags);
	ppc_fake_set_fw_feature(fake, FW_FEATURE_SPLPAR, true);
	/* PAPR's words: the weight is byte 2 of R7 for H_GET_PPP, byte 0 for MPP. */
	get.ret[0] = w->entitlement;
	get.ret[3] = (u64)w->weight << (w->memory ? 56 : 40);
	ppc_fake_hcall_answer(test, &get);
	ppc_fake_hcall_answer(test, &set);

	ret = write_lparcfg(test, w->line);

	KUNIT_EXPECT_EQ_MSG(test, ret, w->error ?: (ssize_t)strlen(w->line),
			    "write(\"%.*s\") with the get call %ld and the set call %ld",
			    (int)strlen(w->line) - 1, w->line, w->get_status, w->set_status);
	args = ppc_fake_hcall_args(test, set.opcode);
	if (w->refused)
		KUNIT_EXPECT_EQ_MSG(test, ppc_fake_hcall_asked(test, get.opcode), 0U,
				    "a refused write asked the hypervisor");
	if (w->get_status || w->refused) {
		KUNIT_EXPECT_NULL_MSG(test, args, "set call asked, the get call failed");
		return;
	}
	KUNIT_ASSERT_NOT_NULL_MSG(test, args, "lparcfg did not ask for the set call");
	KUNIT_EXPECT_EQ_MSG(test, args[0], w->set_entitlement, "the set call's entitlement");
	KUNIT_EXPECT_EQ_MSG(test, args[1], w->set_weight, "the set call's weight");
}

static struct kunit_case __refdata lparcfg_cases[] = {
	KUNIT_CASE_PARAM(lparcfg_published, lpar_state_gen_params),
	KUNIT_CASE_PARAM(lparcfg_written, lpar_write_gen_params),
	{}
};

static struct kunit_suite lparcfg_suite = {
	.name = "powerpc_lparcfg",
	.test_cases = lparcfg_cases,
};

kunit_test_init_section_suites(&lparcfg_suite);
