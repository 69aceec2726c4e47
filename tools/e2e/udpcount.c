// SPDX-License-Identifier: GPL-2.0
/*
 * udpcount: count udpsend datagrams per priority.
 *
 *   udpcount [-p PORT] [-i IDLE_SECONDS] [-t MAX_SECONDS]
 *
 * Stops once IDLE_SECONDS pass without a datagram (after the first one) or
 * after MAX_SECONDS, and prints "received PRIO N" for every priority seen.
 */
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "udpe2e.h"

#define NPRIO 1024


int main(int argc, char **argv)
{
	int port = 9000, opt, fd, rcvbuf = 8 << 20, i;
	double idle = 3, max = 120;
	struct sockaddr_in sa = { .sin_family = AF_INET };
	static uint64_t count[NPRIO];
	uint64_t other = 0;
	static char buf[65536];
	time_t start = time(NULL);
	int seen = 0;

	while ((opt = getopt(argc, argv, "p:i:t:")) != -1) {
		switch (opt) {
		case 'p': port = atoi(optarg); break;
		case 'i': idle = atof(optarg); break;
		case 't': max = atof(optarg); break;
		default:
			fprintf(stderr, "usage: udpcount [-p PORT] [-i IDLE] [-t MAX]\n");
			return 2;
		}
	}
	sa.sin_port = htons(port);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("udpcount: socket");
		return 1;
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	/* Tell the script the socket is bound. */
	printf("ready\n");
	fflush(stdout);
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int timeout = seen ? (int)(idle * 1000) : 1000;
		ssize_t n;

		if (difftime(time(NULL), start) > max)
			break;
		n = poll(&p, 1, timeout);
		if (n == 0) {
			if (seen)
				break;
			continue;
		}
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < (ssize_t)sizeof(struct udpe2e_hdr))
			continue;
		seen = 1;
		{
			struct udpe2e_hdr *h = (struct udpe2e_hdr *)buf;

			if (h->magic == UDPE2E_MAGIC && h->prio < NPRIO)
				count[h->prio]++;
			else
				other++;
		}
	}
	for (i = 0; i < NPRIO; i++)
		if (count[i])
			printf("received %d %llu\n", i, (unsigned long long)count[i]);
	if (other)
		printf("received other %llu\n", (unsigned long long)other);
	return 0;
}
