// SPDX-License-Identifier: GPL-2.0
/*
 * fixturec [-o OUT] FILE...: read and check every FILE, and only if all
 * of them pass write one header to OUT, or to stdout without -o.
 * With -n SET the header holds ppc_SET_fixtures[] and takes its types
 * from ppc_fixtures.h (emit.c).  With -r RFC (mc-llc, interleaved-smt;
 * one -r per RFC) the levels' flags follow that RFC port's rules
 * (derive.c), as make run RFC= expects them.
 * fixturec -l [-O LIST] FILE: read and check FILE, and write to stdout
 * what make live compares a real boot of that shape with (live.c), with
 * only the CPUs of LIST online if given.
 *
 * Strict POSIX, not glibc's default: getopt() then stops at the first
 * FILE, so that an option after the files is a file name, as it always
 * was.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixturec.h"

/*
 * Write to a temporary file next to @path and rename it into place only
 * once complete, so that a failure never leaves a partial header behind
 * (an existing @path is left as it was).  The header gets the mode a new
 * file gets under the umask, not mkstemp()'s 0600.  An existing @path
 * that is not a regular file (/dev/null, a pipe, a terminal) is written
 * through: renaming over it would replace a device with a file.
 */
static int write_output(const char *path, const struct fixture *fx, int n)
{
	struct stat st;
	mode_t mask;
	char *tmp;
	FILE *out;
	int fd, ret;

	if (!path)
		return write_stream(stdout, "stdout", fx, n);
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		out = fopen(path, "w");
		if (!out) {
			fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
			return 1;
		}
		ret = write_stream(out, path, fx, n);
		if (fclose(out) && !ret) {
			fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
			ret = 1;
		}
		return ret;
	}
	tmp = xrealloc(NULL, strlen(path) + sizeof(".tmpXXXXXX"));
	sprintf(tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	mask = umask(0);
	umask(mask);
	if (fd >= 0 && fchmod(fd, 0666 & ~mask)) {
		close(fd);
		unlink(tmp);
		fd = -1;
	}
	out = fd < 0 ? NULL : fdopen(fd, "w");
	if (!out) {
		fprintf(stderr, "fixturec: %s: %s\n", tmp, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return 1;
	}
	put_header(out, fx, n);
	if (fflush(out) || ferror(out) || fclose(out) || rename(tmp, path)) {
		fprintf(stderr, "fixturec: %s: %s\n", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return 1;
	}
	free(tmp);
	return 0;
}

static void usage_exit(void)
{
	fputs("usage: fixturec [-o OUT] [-n SET] [-p decls|data] [-r RFC]... FILE...\n       fixturec -l [-O CPULIST] FILE\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *out_path = NULL, *online = NULL;
	bool live = false;
	struct fixture *fx;
	bool ok = true;
	int opt, i, n, ret;

	while ((opt = getopt(argc, argv, "o:n:p:r:lO:h")) != -1) {
		if (opt == 'n') {
			for (i = 0; optarg[i]; i++)
				if (optarg[i] < 'a' || optarg[i] > 'z' || i >= MAX_NAME)
					usage_exit();
			if (!i)
				usage_exit();
			emit_set = optarg;
		} else if (opt == 'p') {
			if (!strcmp(optarg, "decls"))
				emit_part = EMIT_DECLS;
			else if (!strcmp(optarg, "data"))
				emit_part = EMIT_DATA;
			else
				usage_exit();
		} else if (opt == 'r') {
			if (!strcmp(optarg, "mc-llc"))
				rfc_rules |= RFC_MC_LLC;
			else if (!strcmp(optarg, "interleaved-smt"))
				rfc_rules |= RFC_INTERLEAVED_SMT;
			else {
				fprintf(stderr, "fixturec: -r %s: no such RFC (mc-llc, interleaved-smt)\n",
					optarg);
				exit(2);
			}
		} else if (opt == 'l')
			live = true;
		else if (opt == 'O')
			online = optarg;
		else if (opt == 'o')
			out_path = optarg;
		else
			usage_exit();
	}
	n = argc - optind;
	if (n < 1 || (live && (n != 1 || out_path)) || (online && !live))
		usage_exit();
	fx = xrealloc(NULL, n * sizeof(*fx));
	memset(fx, 0, n * sizeof(*fx));
	for (i = 0; i < n; i++) {
		fx[i].path = argv[optind + i];
		if (read_fixture(&fx[i]))
			ok &= check_fixture(&fx[i]);
		else
			ok = false;
	}
	if (live)
		ret = !ok ? 1 : write_live(stdout, &fx[0], online);
	else
		ret = !ok || !check_unique_names(fx, n) ? 1 : write_output(out_path, fx, n);
	for (i = 0; i < n; i++)
		free_fixture(&fx[i]);
	free(fx);
	return ret;
}
