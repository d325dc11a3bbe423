// SPDX-License-Identifier: GPL-2.0
/* Input of mutagen-test.sh: kernel/sched/topology.c's loop that reuses a sibling's LLC id. */
extern int next(int j);
extern int ids[64];
extern unsigned int nr_cpu_ids;

int reuse_id(int i)
{
	int lid = -1;

	for (int j = next(-1);
	     j < nr_cpu_ids;
	     j = next(j)) {
		if (i == j)
			continue;
		lid = ids[j];
		if (lid != -1)
			break;
	}
	return lid;
}
