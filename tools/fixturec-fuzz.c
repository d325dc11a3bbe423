// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer entry point for tools/fixturec: each input is a fixture file
 * as a user might paste it.  Built with clang -fsanitize=fuzzer,address,
 * undefined by tools/fuzz.  Whatever the input, fixturec must end in a
 * header or in a FILE:LINE error: a crash, a leak or an out-of-bounds
 * access is caught by the sanitizers, and a failure without an error
 * line, or an error line with a header, aborts here.
 */

#define _GNU_SOURCE
#include <sys/mman.h>

#define main fixturec_main
#include "fixturec.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], out[] = "/dev/null";
	char *argv[] = { "fixturec", "-o", out, path, NULL };
	unsigned long before = errors_printed;
	int fd = memfd_create("fixture", 0), ret;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		perror("fixturec-fuzz: memfd");
		abort();
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	optind = 0;	/* glibc: start getopt() afresh */
	ret = fixturec_main(4, argv);
	close(fd);
	if (ret != 0 && errors_printed == before) {
		fputs("fixturec-fuzz: rejected without a FILE:LINE error\n", stderr);
		abort();
	}
	if (ret == 0 && errors_printed != before) {
		fputs("fixturec-fuzz: printed an error and still wrote a header\n", stderr);
		abort();
	}
	return 0;
}
