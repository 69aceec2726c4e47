// SPDX-License-Identifier: GPL-2.0
/*
 * udpsend: send UDP datagrams at one socket priority (SO_PRIORITY, i.e.
 * skb->priority, which is skbprio's band), flat out or paced.
 *
 *   udpsend -d ADDR -p PORT -P PRIO -s SIZE [-r PPS] -t SECONDS
 *
 * Each datagram carries its priority and a sequence number so that
 * udpcount can tell the streams apart. Prints "sent PRIO N" at the end: the
 * datagrams that sendmsg() took (a qdisc drop is not reported to a UDP
 * socket without IP_RECVERR, so these are attempts, not deliveries).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "udpe2e.h"


static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *addr = NULL;
	int port = 9000, prio = 0, size = 1000, opt, fd;
	double seconds = 5, pps = 0;
	struct sockaddr_in dst = { .sin_family = AF_INET };
	struct udpe2e_hdr *hdr;
	uint64_t start, end, next, gap = 0, sent = 0, failed = 0;
	char *buf;

	while ((opt = getopt(argc, argv, "d:p:P:s:r:t:")) != -1) {
		switch (opt) {
		case 'd': addr = optarg; break;
		case 'p': port = atoi(optarg); break;
		case 'P': prio = atoi(optarg); break;
		case 's': size = atoi(optarg); break;
		case 'r': pps = atof(optarg); break;
		case 't': seconds = atof(optarg); break;
		default:
			fprintf(stderr, "usage: udpsend -d ADDR [-p PORT] [-P PRIO] [-s SIZE] [-r PPS] [-t SECONDS]\n");
			return 2;
		}
	}
	if (!addr || inet_pton(AF_INET, addr, &dst.sin_addr) != 1 ||
	    size < (int)sizeof(*hdr) || size > 65000) {
		fprintf(stderr, "udpsend: need -d IPV4ADDR and %zu <= SIZE <= 65000\n",
			sizeof(*hdr));
		return 2;
	}
	dst.sin_port = htons(port);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_PRIORITY, &prio, sizeof(prio)) ||
	    connect(fd, (struct sockaddr *)&dst, sizeof(dst))) {
		perror("udpsend: socket");
		return 1;
	}
	buf = calloc(1, size);
	if (!buf)
		return 1;
	hdr = (struct udpe2e_hdr *)buf;
	hdr->magic = UDPE2E_MAGIC;
	hdr->prio = prio;
	if (pps > 0)
		gap = (uint64_t)(1e9 / pps);
	start = now_ns();
	end = start + (uint64_t)(seconds * 1e9);
	next = start;
	for (;;) {
		uint64_t t = now_ns();

		if (t >= end)
			break;
		if (gap) {
			struct timespec ts;

			if (t < next) {
				ts.tv_sec = next / 1000000000ull;
				ts.tv_nsec = next % 1000000000ull;
				clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
			}
			next += gap;
		}
		hdr->seq = sent + failed;
		if (send(fd, buf, size, gap ? 0 : MSG_DONTWAIT) == size) {
			sent++;
		} else {
			failed++;
			/* A full socket buffer: let the qdisc drain it. */
			if (errno == EAGAIN || errno == ENOBUFS)
				usleep(100);
		}
	}
	printf("sent %d %llu\n", prio, (unsigned long long)sent);
	if (failed)
		fprintf(stderr, "udpsend: prio %d: %llu sends refused\n", prio,
			(unsigned long long)failed);
	return 0;
}
