// SPDX-License-Identifier: GPL-2.0
/*
 * The fake firmware of fake_rtas.h.  rtas_call(token, nargs, nret,
 * outputs, ...) is answered at its entry (fake_call.h): the token is in
 * r3, the outputs pointer in r6 and the inputs, 32 bits each, from r7.
 * The values are PAPR's, as dlpar.c spells them.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/stdarg.h>
#include <linux/of.h>
#include <linux/string.h>
#include <asm/rtas.h>

#include "fake_call.h"
#include "fake_rtas.h"

#define DR_ENTITY_SENSE		9003	/* sensor */
#define DR_ENTITY_PRESENT	1
#define DR_ENTITY_UNUSABLE	2
#define ALLOCATION_STATE	9003	/* indicator */
#define ALLOC_UNUSABLE		0
#define ALLOC_USABLE		1
#define ISOLATION_STATE		9001	/* indicator */
#define ISOLATE			0
#define UNISOLATE		1

/* configure-connector's statuses */
#define CC_COMPLETE		0
#define CC_NEXT_SIBLING		1
#define CC_NEXT_CHILD		2
#define CC_NEXT_PROPERTY	3
#define CC_ERR_CFG_USE		(-9003)

#define FAKE_RTAS_HW_ERROR	(-1)	/* hardware error */
#define FAKE_RTAS_PARAM_ERROR	(-3)

/* The work area of ibm,configure-connector, as the kernel lays it out. */
struct cc_workarea {
	__be32 drc_index;
	__be32 zero;
	__be32 name_offset;
	__be32 prop_length;
	__be32 prop_offset;
};

/* Where names and values go in the work area; it is 4 KiB on every base. */
#define CC_DATA_OFFSET		32
#define CC_AREA_SIZE		4096

struct ppc_fake_rtas {
	struct ppc_fake_call call;
	u32 drc_index;
	struct device_node *const *nodes;
	int nr_nodes;
	int sensor_token, indicator_token, cc_token;
	bool allocated, unisolated;
	/* configure-connector's place: the node, and its property (NULL: the node itself) */
	int node;
	struct property *prop;
	bool node_given;
	const char *refused;	/* the step answered with a hardware error */
	char log[256];
	size_t len;
};

static __printf(2, 3) void rtas_log(struct ppc_fake_rtas *rtas, const char *fmt, ...)
{
	va_list args;

	if (rtas->len)
		rtas->len += scnprintf(rtas->log + rtas->len, sizeof(rtas->log) - rtas->len, " ");
	va_start(args, fmt);
	rtas->len += vscnprintf(rtas->log + rtas->len, sizeof(rtas->log) - rtas->len, fmt, args);
	va_end(args);
}

/* Put @name and @length bytes of @value in the work area; false if they do not fit. */
static bool cc_put(struct cc_workarea *ccwa, const char *name, const void *value, int length)
{
	size_t name_len = strlen(name) + 1;
	size_t value_offset = ALIGN(CC_DATA_OFFSET + name_len, 8);

	if (value_offset + length > CC_AREA_SIZE)
		return false;
	memcpy((char *)ccwa + CC_DATA_OFFSET, name, name_len);
	ccwa->name_offset = cpu_to_be32(CC_DATA_OFFSET);
	ccwa->prop_length = cpu_to_be32(length);
	ccwa->prop_offset = cpu_to_be32(value_offset);
	if (length)
		memcpy((char *)ccwa + value_offset, value, length);
	return true;
}

/* One call of ibm,configure-connector: the next node or property, or the end. */
static long configure_connector(struct ppc_fake_rtas *rtas, struct cc_workarea *ccwa)
{
	struct device_node *np;

	if (!rtas->allocated || !rtas->unisolated) {
		rtas_log(rtas, "configure:refused");
		return CC_ERR_CFG_USE;
	}
	while (rtas->node < rtas->nr_nodes) {
		np = rtas->nodes[rtas->node];
		if (!rtas->node_given) {
			rtas->node_given = true;
			rtas->prop = np->properties;
			if (!cc_put(ccwa, kbasename(np->full_name), NULL, 0))
				return FAKE_RTAS_HW_ERROR;
			return rtas->node ? CC_NEXT_SIBLING : CC_NEXT_CHILD;
		}
		if (rtas->prop) {
			struct property *pp = rtas->prop;

			rtas->prop = pp->next;
			if (!cc_put(ccwa, pp->name, pp->value, pp->length))
				return FAKE_RTAS_HW_ERROR;
			return CC_NEXT_PROPERTY;
		}
		rtas->node++;
		rtas->node_given = false;
	}
	/* Done: a later configure-connector starts again. */
	rtas->node = 0;
	rtas_log(rtas, "configure:complete");
	return CC_COMPLETE;
}

static bool answer_rtas(struct ppc_fake_call *call, struct pt_regs *regs, long *ret)
{
	struct ppc_fake_rtas *rtas = call->data;
	int token = regs->gpr[3];
	int *outputs = (int *)regs->gpr[6];
	u32 arg0 = regs->gpr[7], arg1 = regs->gpr[8], arg2 = regs->gpr[9];

	if (token == rtas->sensor_token && arg1 == rtas->drc_index) {
		if (arg0 != DR_ENTITY_SENSE || !outputs) {
			*ret = FAKE_RTAS_PARAM_ERROR;
			return true;
		}
		*outputs = rtas->allocated ? DR_ENTITY_PRESENT : DR_ENTITY_UNUSABLE;
		rtas_log(rtas, "%s", rtas->allocated ? "sense:present" : "sense:unusable");
		*ret = 0;
		return true;
	}
	if (token == rtas->indicator_token && arg1 == rtas->drc_index) {
		const char *step;
		bool *state, on;

		if (arg0 == ALLOCATION_STATE && (arg2 == ALLOC_USABLE || arg2 == ALLOC_UNUSABLE)) {
			state = &rtas->allocated;
			on = arg2 == ALLOC_USABLE;
			step = on ? "allocation:usable" : "allocation:unusable";
		} else if (arg0 == ISOLATION_STATE && (arg2 == ISOLATE || arg2 == UNISOLATE)) {
			state = &rtas->unisolated;
			on = arg2 == UNISOLATE;
			step = on ? "isolation:unisolate" : "isolation:isolate";
		} else {
			*ret = FAKE_RTAS_PARAM_ERROR;
			return true;
		}
		rtas_log(rtas, "%s", step);
		if (rtas->refused && !strcmp(step, rtas->refused)) {
			rtas_log(rtas, "refused");
			*ret = FAKE_RTAS_HW_ERROR;
			return true;
		}
		*state = on;
		*ret = 0;
		return true;
	}
	if (token == rtas->cc_token) {
		/* The work area's physical address: the kernel's linear map has it. */
		struct cc_workarea *ccwa = __va((phys_addr_t)arg0);

		if (be32_to_cpu(ccwa->drc_index) == rtas->drc_index) {
			*ret = configure_connector(rtas, ccwa);
			return true;
		}
		arg1 = be32_to_cpu(ccwa->drc_index);
	}
	if (token != rtas->sensor_token && token != rtas->indicator_token &&
	    token != rtas->cc_token)
		return false;
	/* Another connector: the machine has none the test knows of. */
	rtas_log(rtas, "unknown-drc:%#x", arg1);
	*ret = FAKE_RTAS_PARAM_ERROR;
	return true;
}

struct ppc_fake_rtas *ppc_fake_rtas_drc(struct kunit *test, u32 drc_index,
					struct device_node *const *nodes, int nr_nodes)
{
	struct ppc_fake_rtas *rtas = kunit_kzalloc(test, sizeof(*rtas), GFP_KERNEL);

	if (!rtas)
		return NULL;
	rtas->drc_index = drc_index;
	rtas->nodes = nodes;
	rtas->nr_nodes = nr_nodes;
	rtas->sensor_token = rtas_token("get-sensor-state");
	rtas->indicator_token = rtas_token("set-indicator");
	rtas->cc_token = rtas_token("ibm,configure-connector");
	if (ppc_fake_call_answer(test, &rtas->call, "rtas_call", answer_rtas, rtas))
		return NULL;
	return rtas;
}

void ppc_fake_rtas_refuse(struct ppc_fake_rtas *rtas, const char *step)
{
	rtas->refused = step;
}

const char *ppc_fake_rtas_log(const struct ppc_fake_rtas *rtas)
{
	return rtas->log;
}
