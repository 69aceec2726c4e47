// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the coverage kernel's initramfs. After the KUnit suites have
 * run, stream every .gcda file under debugfs's gcov folder over the console
 * and reboot (QEMU runs with -no-reboot, so that ends it).
 *
 * Format, one record per line, so that the host can check what it got:
 *   GCOV-BEGIN 1
 *   GCOV-FILE <size> <crc32 hex> <path>
 *   GCOV-DATA <hex, up to 64 bytes>          (repeated)
 *   GCOV-END <number of files>
 * debugfs reports every .gcda with size 0: they are read to EOF.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEBUGFS "/debug"
#define GCOV_DIR DEBUGFS "/gcov"

static unsigned int nfiles;
static int failed;

static uint32_t crc32(const unsigned char *p, size_t n)
{
	uint32_t crc = 0xffffffff;

	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320 & -(crc & 1));
	}
	return ~crc;
}

static unsigned char *read_all(const char *path, size_t *len)
{
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	int fd = open(path, O_RDONLY);
	ssize_t r;

	if (fd < 0 || !buf) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			unsigned char *bigger = realloc(buf, cap *= 2);

			if (!bigger) {
				free(buf);
				close(fd);
				return NULL;
			}
			buf = bigger;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			close(fd);
			return NULL;
		}
		if (r == 0)
			break;
		n += r;
	}
	close(fd);
	*len = n;
	return buf;
}

static void send_file(const char *path, const char *name)
{
	size_t len, i;
	unsigned char *data = read_all(path, &len);

	if (!data) {
		printf("GCOV-ERROR cannot read %s: %s\n", name, strerror(errno));
		failed = 1;
		return;
	}
	printf("GCOV-FILE %zu %08x %s\n", len, crc32(data, len), name);
	for (i = 0; i < len; i += 64) {
		size_t j, end = i + 64 < len ? i + 64 : len;

		fputs("GCOV-DATA ", stdout);
		for (j = i; j < end; j++)
			printf("%02x", data[j]);
		putchar('\n');
	}
	free(data);
	nfiles++;
}

static void walk(const char *dir, const char *rel)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d) {
		printf("GCOV-ERROR cannot open %s: %s\n", dir, strerror(errno));
		failed = 1;
		return;
	}
	while ((e = readdir(d))) {
		char path[4096], name[4096];
		struct stat st;
		size_t l = strlen(e->d_name);

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		snprintf(name, sizeof(name), "%s/%s", rel, e->d_name);
		if (lstat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode))
			walk(path, name);
		else if (S_ISREG(st.st_mode) && l > 5 &&
			 !strcmp(e->d_name + l - 5, ".gcda"))
			send_file(path, name);
	}
	closedir(d);
}

int main(void)
{
	mkdir(DEBUGFS, 0755);
	if (mount("debugfs", DEBUGFS, "debugfs", 0, NULL) && errno != EBUSY) {
		printf("GCOV-ERROR mount debugfs: %s\n", strerror(errno));
		failed = 1;
	}
	/* Keep kernel messages from splitting the records. */
	klogctl(8, NULL, 1);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("\nGCOV-BEGIN 1\n");
	if (!failed)
		walk(GCOV_DIR, "");
	if (!failed)
		printf("GCOV-END %u\n", nfiles);
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 1;
}
