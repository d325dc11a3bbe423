// SPDX-License-Identifier: GPL-2.0
/*
 * A fixture's firmware as PowerVM presents it, for the kernel's own
 * readers to find: of_get_cpu_node() by hardware thread id, the l2-cache
 * walk of of_find_next_cache_node(), cpu_to_chip_id(), parse_thread_groups()
 * and, behind cpu_to_coregroup_id(), the VPHN hypervisor call.
 *
 * Each core of the fixture becomes a /cpus node as PAPR describes it:
 * named cpu@<its first hardware id>, with its threads' hardware ids in
 * ibm,ppc-interrupt-server#s, reg, ibm,thread-groups numbered by
 * hardware id, ibm,chip-id, ibm,associativity and an l2-cache phandle to
 * the l2-cache node of the L2 it shares.  They are added to the live tree
 * with of_changesets, taken out again by KUnit whatever the outcome.
 *
 * /cpus lists the cpu nodes in hardware-id order, as the kernel unflattens
 * firmware's tree, then the l2-cache nodes, and each node has its
 * device_type first.  of_get_cpu_node() walks the list from its head and
 * searches each node's properties for device_type, status and the
 * thread ids: on the 768-CPU machine, with nodes in the reverse order and
 * device_type late, that walk was most of a bring-up without chip ids.
 *
 * The pseries DLPAR notifier (pseries_smp_notifier()) hands a cpu node
 * attached with its interrupt servers the first free logical CPUs, as for
 * a processor added at run time.  A fixture is the machine as boot found
 * it, with its own CPU numbers, so the servers go in with a second
 * changeset once the nodes are in, and the caller makes the CPUs present
 * with their hardware ids, as smp_setup_cpu_maps() does at boot.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <asm/firmware.h>
#include <asm/hvcall.h>

#include "fixture_firmware.h"
#include "kunit_compat.h"

#if !PPC_KUNIT_HAS_STATIC_STUB
/* The seam patch's pointer hcall_vphn() calls instead while it is set. */
extern long (*hcall_vphn_kunit)(unsigned long cpu, u64 flags, __be32 *associativity);
#endif

/*
 * An associativity list of a CPU: its length, then the domains, widest
 * first.  The node is given at each of the first @nodes domains; the
 * device tree gives it at four, so that it is at the index the kernel
 * reads it from (the first entry of ibm,associativity-reference-points)
 * in form 1 and in form 2.  Then the coregroup if @coregroup, which
 * cpu_to_coregroup_id() reads second to last; then the thread itself.
 */
#define FW_ASSOC_NODES	4
#define FW_ASSOC_MAX	(FW_ASSOC_NODES + 3)

static int fw_associativity(const struct ppc_fixture *fx, int cpu, int nodes, bool coregroup,
			    __be32 *assoc)
{
	const struct ppc_fixture_cpu *c = &fx->cpus[cpu];
	int i, n = 1;

	for (i = 0; i < nodes; i++)
		assoc[n++] = cpu_to_be32(c->node);
	if (coregroup)
		assoc[n++] = cpu_to_be32(c->coregroup);
	assoc[n++] = cpu_to_be32(c->hw_id);
	assoc[0] = cpu_to_be32(n - 1);
	return n;
}

static struct property * __init fw_prop(struct kunit *test, const char *name,
					const void *value, int len)
{
	struct property *pp = kzalloc(sizeof(*pp), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, pp);
	pp->name = kstrdup(name, GFP_KERNEL);
	pp->value = kmemdup(value, len, GFP_KERNEL);
	pp->length = len;
	KUNIT_ASSERT_TRUE(test, pp->name && pp->value);
	/* Freed with the node once it leaves the tree. */
	of_property_set_flag(pp, OF_DYNAMIC);
	return pp;
}

/* A property of a node not yet in the tree. */
static void __init fw_set(struct kunit *test, struct device_node *np, const char *name,
			  const void *value, int len)
{
	struct property *pp = fw_prop(test, name, value, len);

	pp->next = np->properties;
	np->properties = pp;
}

static void __init fw_set_u32(struct kunit *test, struct device_node *np, const char *name,
			      u32 value)
{
	__be32 v = cpu_to_be32(value);

	fw_set(test, np, name, &v, sizeof(v));
}

static void __init fw_set_string(struct kunit *test, struct device_node *np,
				 const char *name, const char *value)
{
	fw_set(test, np, name, value, strlen(value) + 1);
}

/* A node under @parent, detached, as of_changeset_create_node() makes them. */
static struct device_node * __init fw_node(struct kunit *test, struct device_node *parent,
					   const char *name, u32 unit)
{
	struct device_node *np = kzalloc(sizeof(*np), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, np);
	np->full_name = kasprintf(GFP_KERNEL, "%s@%x", name, unit);
	KUNIT_ASSERT_NOT_NULL(test, np->full_name);
	of_node_set_flag(np, OF_DYNAMIC);
	of_node_set_flag(np, OF_DETACHED);
	of_node_init(np);
	np->parent = parent;
	fw_set_string(test, np, "name", name);
	return np;
}

/* The first phandle above every one in the tree. */
static phandle __init fw_free_phandle(void)
{
	struct device_node *np;
	phandle max = 0;

	for_each_of_allnodes(np)
		max = max(max, np->phandle);
	return max + 1;
}

/* ibm,thread-groups of @core: the fixture's, numbered from the core's first hardware id. */
static void __init fw_thread_groups(struct kunit *test, const struct ppc_fixture *fx,
				    int core, struct device_node *np)
{
	__be32 *val;
	int i = 0, j, n, first = fx->cpus[core * fx->threads_per_core].hw_id;

	if (!fx->thread_groups_len)
		return;
	val = kunit_kcalloc(test, fx->thread_groups_len, sizeof(*val), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, val);
	while (i + 3 <= fx->thread_groups_len) {
		n = fx->thread_groups[i + 1] * fx->thread_groups[i + 2];
		for (j = 0; j < 3; j++)
			val[i + j] = cpu_to_be32(fx->thread_groups[i + j]);
		for (j = 0; j < n && i + 3 + j < fx->thread_groups_len; j++)
			val[i + 3 + j] = cpu_to_be32(fx->thread_groups[i + 3 + j] + first);
		i += 3 + n;
	}
	for (; i < fx->thread_groups_len; i++)
		val[i] = cpu_to_be32(fx->thread_groups[i]);
	fw_set(test, np, "ibm,thread-groups", val, fx->thread_groups_len * sizeof(*val));
}

static int __init fw_apply(struct kunit_resource *res, void *context)
{
	int ret = of_changeset_apply(context);

	if (ret)
		return ret;
	res->data = context;
	return 0;
}

static void __init fw_revert(struct kunit_resource *res)
{
	of_changeset_revert(res->data);
	of_changeset_destroy(res->data);
}

/* Apply @ocs until the test ends. */
static void __init fw_apply_for_test(struct kunit *test, struct of_changeset *ocs,
				     const char *what)
{
	void *applied = kunit_alloc_resource(test, fw_apply, fw_revert, GFP_KERNEL, ocs);

	if (!applied)
		of_changeset_destroy(ocs);
	KUNIT_ASSERT_NOT_NULL_MSG(test, applied, "the device tree refused %s", what);
}

/*
 * Add @fx's /cpus nodes to the live tree for the rest of the test, with
 * l2-cache nodes if @l2_nodes, and ibm,chip-id if @chip_ids.
 */
struct fixture_firmware * __init fixture_firmware_add(struct kunit *test,
						      const struct ppc_fixture *fx,
						      bool l2_nodes, bool chip_ids)
{
	struct fixture_firmware *fw = kunit_kzalloc(test, sizeof(*fw), GFP_KERNEL);
	struct of_changeset *nodes = kunit_kzalloc(test, sizeof(*nodes), GFP_KERNEL);
	struct of_changeset *servers = kunit_kzalloc(test, sizeof(*servers), GFP_KERNEL);
	int core, t, T = fx->threads_per_core;
	struct device_node *cpus;
	__be32 assoc[FW_ASSOC_MAX], *ids;
	struct property *pp;
	phandle next, *l2_phandle;

	KUNIT_ASSERT_NOT_NULL(test, fw);
	KUNIT_ASSERT_NOT_NULL(test, nodes);
	KUNIT_ASSERT_NOT_NULL(test, servers);
	fw->fx = fx;
	fw->core = kunit_kcalloc(test, fx->nr_cores, sizeof(*fw->core), GFP_KERNEL);
	fw->l2 = kunit_kcalloc(test, fx->nr_cores, sizeof(*fw->l2), GFP_KERNEL);
	fw->core_refs = kunit_kcalloc(test, fx->nr_cores, sizeof(*fw->core_refs), GFP_KERNEL);
	fw->l2_refs = kunit_kcalloc(test, fx->nr_cores, sizeof(*fw->l2_refs), GFP_KERNEL);
	ids = kunit_kcalloc(test, T, sizeof(*ids), GFP_KERNEL);
	l2_phandle = kunit_kcalloc(test, fx->nr_cores, sizeof(*l2_phandle), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, fw->core && fw->l2 && fw->core_refs && fw->l2_refs && ids &&
			  l2_phandle);

	cpus = of_find_node_by_path("/cpus");
	KUNIT_ASSERT_NOT_NULL_MSG(test, cpus, "the device tree has no /cpus");
	/* Nodes stay in the tree longer than this reference. */
	of_node_put(cpus);

	of_changeset_init(nodes);
	of_changeset_init(servers);
	next = fw_free_phandle();
	for (core = 0; core < fx->nr_cores; core++) {
		const struct ppc_fixture_cpu *c = &fx->cpus[core * T];
		int l2_core = c->l2_first / T;

		if (l2_nodes && l2_core == core) {
			struct device_node *l2 = fw_node(test, cpus, "l2-cache",
							 0x2000 + c->hw_id);

			l2_phandle[core] = next++;
			fw_set_u32(test, l2, "ibm,phandle", l2_phandle[core]);
			fw_set_u32(test, l2, "cache-level", 2);
			fw_set_string(test, l2, "device_type", "cache");
			KUNIT_ASSERT_EQ(test, of_changeset_attach_node(nodes, l2), 0);
			fw->l2[core] = l2;
		}
	}
	/* Each node goes in at the head of /cpus' list; fw_set() puts a property first. */
	for (core = fx->nr_cores - 1; core >= 0; core--) {
		const struct ppc_fixture_cpu *c = &fx->cpus[core * T];
		struct device_node *np = fw_node(test, cpus, "cpu", c->hw_id);

		if (l2_nodes) {
			KUNIT_ASSERT_NOT_NULL(test, fw->l2[c->l2_first / T]);
			fw_set_u32(test, np, "l2-cache", l2_phandle[c->l2_first / T]);
		}
		fw_thread_groups(test, fx, core, np);
		fw_set(test, np, "ibm,associativity", assoc,
		       fw_associativity(fx, core * T, FW_ASSOC_NODES, fx->has_coregroups, assoc) *
		       sizeof(*assoc));
		if (chip_ids)
			fw_set_u32(test, np, "ibm,chip-id", c->chip);
		fw_set_u32(test, np, "reg", c->hw_id);
		fw_set_string(test, np, "device_type", "cpu");
		KUNIT_ASSERT_EQ(test, of_changeset_attach_node(nodes, np), 0);
		fw->core[core] = np;

		for (t = 0; t < T; t++)
			ids[t] = cpu_to_be32(fx->cpus[core * T + t].hw_id);
		pp = fw_prop(test, "ibm,ppc-interrupt-server#s", ids, T * sizeof(*ids));
		KUNIT_ASSERT_EQ(test, of_changeset_add_property(servers, np, pp), 0);
	}
	fw_apply_for_test(test, nodes, "the fixture's /cpus nodes");
	fw_apply_for_test(test, servers, "the fixture's interrupt servers");

	for (core = 0; core < fx->nr_cores; core++) {
		fw->core_refs[core] = kref_read(&fw->core[core]->kobj.kref);
		if (fw->l2[core])
			fw->l2_refs[core] = kref_read(&fw->l2[core]->kobj.kref);
	}
	return fw;
}

/*
 * The machine a VPHN answer describes, one at a time while its stub is
 * active, and the answer's shape: its node domains, and whether a
 * coregroup follows them.
 */
static const struct fixture_firmware *vphn_fw;
static int vphn_nodes;
static bool vphn_coregroup;

/*
 * The domain the kernel reads a CPU's node from: the first entry of the
 * platform's ibm,associativity-reference-points in form 1 and form 2,
 * the second in form 0.
 */
static int fw_primary_domain_index(void)
{
	struct device_node *rtas = of_find_node_by_path("/rtas");
	bool form0 = !firmware_has_feature(FW_FEATURE_FORM1_AFFINITY) &&
		     !firmware_has_feature(FW_FEATURE_FORM2_AFFINITY);
	u32 index = 0;

	of_property_read_u32_index(rtas, "ibm,associativity-reference-points", form0, &index);
	of_node_put(rtas);
	return index;
}

static long fw_hcall_vphn(unsigned long hw_id, u64 flags, __be32 *associativity)
{
	const struct ppc_fixture *fx = vphn_fw->fx;
	int cpu;

	for (cpu = 0; cpu < fx->nr_cpus; cpu++)
		if (fx->cpus[cpu].hw_id == hw_id) {
			fw_associativity(fx, cpu, vphn_nodes, vphn_coregroup, associativity);
			return H_SUCCESS;
		}
	return H_PARAMETER;
}

/*
 * The answer's shape for @fw: as the device tree's, or, @without_coregroup,
 * stopping at the primary domain with no coregroup domain below it.
 */
static void __init vphn_answer_for(const struct fixture_firmware *fw, bool without_coregroup)
{
	vphn_fw = fw;
	vphn_nodes = without_coregroup ? fw_primary_domain_index() : FW_ASSOC_NODES;
	vphn_coregroup = fw->fx->has_coregroups && !without_coregroup;
}

/* Answer H_HOME_NODE_ASSOCIATIVITY with @answer until the test ends. */
#if PPC_KUNIT_HAS_STATIC_STUB
void fixture_firmware_answer_vphn_with(struct kunit *test, fixture_vphn_fn answer)
{
	/*
	 * kunit_activate_static_stub() checks the type of a function's name;
	 * fixture_vphn_fn has checked @answer's.
	 */
	__kunit_activate_static_stub(test, hcall_vphn, answer);
}
#else
static int vphn_hook_set(struct kunit_resource *res, void *context)
{
	WRITE_ONCE(hcall_vphn_kunit, (fixture_vphn_fn)context);
	res->data = context;
	return 0;
}

static void vphn_hook_clear(struct kunit_resource *res)
{
	WRITE_ONCE(hcall_vphn_kunit, NULL);
}

void fixture_firmware_answer_vphn_with(struct kunit *test, fixture_vphn_fn answer)
{
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, vphn_hook_set, vphn_hook_clear,
							 GFP_KERNEL, answer));
}
#endif

/*
 * Answer H_HOME_NODE_ASSOCIATIVITY for @fw's CPUs until the test ends, as
 * the hypervisor of a platform that identifies coregroups does, or, with
 * @without_coregroup, as one whose answer stops at the primary domain.
 */
void __init fixture_firmware_answer_vphn(struct kunit *test, const struct fixture_firmware *fw,
					 bool without_coregroup)
{
	vphn_answer_for(fw, without_coregroup);
	fixture_firmware_answer_vphn_with(test, fw_hcall_vphn);
}

/* Every reference the kernel's readers took to the nodes, they gave back. */
void __init fixture_firmware_expect_no_leak(struct kunit *test,
					    const struct fixture_firmware *fw)
{
	int core;

	for (core = 0; core < fw->fx->nr_cores; core++) {
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&fw->core[core]->kobj.kref),
				    fw->core_refs[core], "%s: the bring-up kept references to %pOF",
				    fw->fx->name, fw->core[core]);
		if (fw->l2[core])
			KUNIT_EXPECT_EQ_MSG(test, kref_read(&fw->l2[core]->kobj.kref),
					    fw->l2_refs[core],
					    "%s: the bring-up kept references to %pOF",
					    fw->fx->name, fw->l2[core]);
	}
}
