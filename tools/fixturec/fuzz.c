// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer entry point for tools/fixturec: each input is a fixture file
 * as a user might paste it.  Built with clang -fsanitize=fuzzer,address,
 * undefined by tools/lab/fuzz, with the stages but without main.c, since
 * libFuzzer brings its own main().  Whatever the input, fixturec must end
 * in a header or in a FILE:LINE error: a crash, a leak or an out-of-bounds
 * access is caught by the sanitizers, and a failure without an error
 * line, or an error line with a header, aborts here.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fixturec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned long before = errors_printed;
	int fd = memfd_create("fixture", 0), ret = 1;
	struct fixture f;
	char path[64];
	FILE *out;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		perror("fixturec-fuzz: memfd");
		abort();
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	memset(&f, 0, sizeof(f));
	f.path = path;
	/*
	 * What "fixturec -o /dev/null FILE" does (one name is always
	 * unique): a device is written through, so the header is emitted.
	 */
	if (read_fixture(&f) && check_fixture(&f)) {
		out = fopen("/dev/null", "w");
		if (!out) {
			perror("fixturec-fuzz: /dev/null");
			abort();
		}
		ret = write_stream(out, "/dev/null", &f, 1);
		if (fclose(out))
			ret = 1;
	}
	free_fixture(&f);
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
