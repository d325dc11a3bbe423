/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake firmware for one dynamic-reconfiguration connector (DRC): the
 * RTAS calls DLPAR makes for it are answered for the test's thread as
 * PAPR's platform firmware answers them, so that the kernel's whole
 * DLPAR path runs: get-sensor-state (dr-entity-sense: present once the
 * connector is allocated, unusable before), set-indicator (allocation
 * and isolation state) and ibm,configure-connector, which hands over
 * the nodes the test gives, one call per node and property, as
 * dlpar_configure_connector() reads them.  configure-connector is
 * refused while the connector is unallocated or isolated.  Every call
 * answered is logged, for the test to check the order DLPAR makes them
 * in.  The test's thread asking these services about another connector
 * gets a parameter error, logged as "unknown-drc:INDEX"; other services
 * and other threads go to the firmware.
 */
#ifndef _PPC_TOPOLOGY_KUNIT_FAKE_RTAS_H
#define _PPC_TOPOLOGY_KUNIT_FAKE_RTAS_H

#include <kunit/test.h>
#include <linux/of.h>

struct ppc_fake_rtas;

/*
 * Answer for the connector @drc_index until the test ends, allocated
 * and isolated as a connector ready to be added is; configure-connector
 * returns @nodes, the first as the child of the parent DLPAR gives and
 * the others as its siblings, each with its properties.  NULL if no
 * probe could be placed on rtas_call().
 */
struct ppc_fake_rtas *ppc_fake_rtas_drc(struct kunit *test, u32 drc_index,
					struct device_node *const *nodes, int nr_nodes);

/*
 * From now on, answer the set-indicator call @step names ("allocation:usable",
 * "allocation:unusable", "isolation:unisolate", "isolation:isolate") with
 * a hardware error, the state unchanged, logged as "STEP refused".
 */
void ppc_fake_rtas_refuse(struct ppc_fake_rtas *rtas, const char *step);

/* The calls answered so far, "sense:unusable allocation:usable ...". */
const char *ppc_fake_rtas_log(const struct ppc_fake_rtas *rtas);

#endif /* _PPC_TOPOLOGY_KUNIT_FAKE_RTAS_H */
