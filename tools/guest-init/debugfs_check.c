// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs_check: the init of make smp-check's guests, built against the
 * kernel's own nolibc (tools/include/nolibc of the tree under test), so
 * that the guest needs no C library and no root file system.
 *
 * KUnit has run every suite at boot when this starts.  It reads each
 * suite's results file under /sys/kernel/debug/kunit/ as a user would
 * after boot, runs again each powerpc suite debugfs offers to run
 * (writing to its run file; an init-section suite has none), reads that
 * suite's results again, and powers the guest off.  The other
 * subsystems' suites that KUNIT_ALL_TESTS brings are read, not run
 * again: under KASAN some take minutes, and they are not the ones under
 * test.  Every line it prints starts with "smp-check: ":
 *
 *   smp-check: results SUITE: N bytes, N not ok
 *   smp-check: not ok in SUITE: LINE        (each failure line, as read)
 *   smp-check: rerun SUITE: N bytes, N not ok
 *   smp-check: done: N suites read, N run again, N unreadable
 *
 * Before the runs again it lowers the console log level to 5, so that
 * the suites' own KTAP (KERN_INFO) stays off the console, where a reader
 * of the boot's KTAP would take it for more results, while warnings,
 * errors and bug reports (KASAN, lockdep, BUG) still reach it.
 */

#include <linux/reboot.h>

#define KUNIT_DIR	"/sys/kernel/debug/kunit"
#define RESULTS_MAX	(1024 * 1024)
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define RERUN_PREFIX	"powerpc_"

static char results[RESULTS_MAX + 1];

/* Read @suite's results; print its size and every "not ok" line. -1 if unreadable. */
static int read_results(const char *suite, const char *what)
{
	char path[512], *line, *next;
	int fd, not_ok = 0;
	ssize_t n, len = 0;

	snprintf(path, sizeof(path), KUNIT_DIR "/%s/results", suite);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("smp-check: cannot open %s: errno %d\n", path, errno);
		return -1;
	}
	while (len < RESULTS_MAX && (n = read(fd, results + len, RESULTS_MAX - len)) > 0)
		len += n;
	close(fd);
	if (n < 0) {
		printf("smp-check: cannot read %s: errno %d\n", path, errno);
		return -1;
	}
	results[len] = '\0';
	for (line = results; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (!strncmp(line, "not ok ", 7)) {
			not_ok++;
			printf("smp-check: not ok in %s: %s\n", suite, line);
		}
	}
	printf("smp-check: %s %s: %ld bytes, %d not ok\n", what, suite, (long)len, not_ok);
	return 0;
}

/* Write to @suite's run file, if debugfs offers one: 1 if it ran again. */
static int run_again(const char *suite)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), KUNIT_DIR "/%s/run", suite);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return 0;
	if (write(fd, "1", 1) != 1) {
		printf("smp-check: cannot write %s: errno %d\n", path, errno);
		close(fd);
		return 0;
	}
	close(fd);
	return 1;
}

/* The suites' directories under KUNIT_DIR, into @names; their count. */
static int list_suites(char names[][256], int max)
{
	struct dirent entry, *result;
	DIR *dir = opendir(KUNIT_DIR);
	int nr = 0;

	if (!dir) {
		printf("smp-check: cannot open " KUNIT_DIR ": errno %d\n", errno);
		return -1;
	}
	while (nr < max && !readdir_r(dir, &entry, &result) && result) {
		if (entry.d_name[0] == '.')
			continue;
		strncpy(names[nr], entry.d_name, sizeof(names[nr]) - 1);
		names[nr][sizeof(names[nr]) - 1] = '\0';
		nr++;
	}
	closedir(dir);
	return nr;
}

static char suites[512][256];

int main(void)
{
	int nr, i, rerun = 0, unreadable = 0;

	if (mount("sysfs", "/sys", "sysfs", 0, NULL) ||
	    mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL))
		printf("smp-check: cannot mount sysfs and debugfs: errno %d\n", errno);
	nr = list_suites(suites, 512);
	for (i = 0; i < nr; i++)
		unreadable += read_results(suites[i], "results") < 0;
	syscall(__NR_syslog, SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 5);
	for (i = 0; i < nr; i++) {
		if (strncmp(suites[i], RERUN_PREFIX, strlen(RERUN_PREFIX)) || !run_again(suites[i]))
			continue;
		rerun++;
		unreadable += read_results(suites[i], "rerun") < 0;
	}
	printf("smp-check: done: %d suites read, %d run again, %d unreadable\n",
	       nr < 0 ? 0 : nr, rerun, unreadable);
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	return 0;
}
