// SPDX-License-Identifier: GPL-2.0
/*
 * nlqdisc: talk rtnetlink to a root skbprio qdisc directly, past tc's own
 * checks.
 *
 *   nlqdisc limit IFNAME          print the root skbprio's limit
 *   nlqdisc badsize IFNAME        send wrongly sized TCA_OPTIONS, one size
 *                                 at a time; print each answer and its
 *                                 extack message
 *   nlqdisc fuzz IFNAME N SEED    N random change/replace requests (random
 *                                 option sizes and bytes, nested, missing or
 *                                 overlong attributes, wrong kinds)
 *   nlqdisc failnth IFNAME STEP   one request, with its Nth fault point
 *                                 failing (/proc/thread-self/fail-nth), for
 *                                 N = 1, 2, ... until none fails. STEP:
 *                                 add (root skbprio 1: on a bare device),
 *                                 replace (root 1: limit 64 by 2: limit
 *                                 100), change (skbprio 2: under tbf 1:,
 *                                 holding packets sent to DEST, limit 64
 *                                 to 5); change takes DEST as a 4th word
 *
 * badsize exits 0 only if every request was refused with EINVAL and the
 * limit did not move. fuzz exits 0 only if every request was answered, no
 * wrongly sized option was taken, and after every request the limit is the
 * one the last accepted request set. failnth exits 0 only if, for every N,
 * the request succeeded or failed with ENOMEM or ENOBUFS, the qdisc tree
 * is the old one or the new one (the new one exactly when it succeeded;
 * either when only the ack or the request's skb could not be allocated),
 * and no packet is lost: the child's qlen plus its drops stay equal to
 * what was sent, and the parent's qlen and backlog stay the child's plus
 * what the parent itself holds.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/gen_stats.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#ifndef NLM_F_ACK_TLVS
#define NLM_F_ACK_TLVS 0x200
#endif

static int nl_fd;
static unsigned int nl_seq;
static int ifindex;
static unsigned int qdisc_handle;	/* the root's, once get_limit() saw it */
static char extack_msg[256];

struct req {
	struct nlmsghdr nh;
	struct tcmsg tc;
	char attrs[4096];
};

static struct rtattr *add_attr(struct nlmsghdr *nh, int type, const void *data, int len)
{
	struct rtattr *rta = (struct rtattr *)((char *)nh + NLMSG_ALIGN(nh->nlmsg_len));

	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

static void init_req(struct req *r, int type, int flags)
{
	memset(r, 0, sizeof(*r));
	r->nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct tcmsg));
	r->nh.nlmsg_type = type;
	r->nh.nlmsg_flags = NLM_F_REQUEST | flags;
	r->nh.nlmsg_seq = ++nl_seq;
	r->tc.tcm_family = AF_UNSPEC;
	r->tc.tcm_ifindex = ifindex;
	r->tc.tcm_parent = TC_H_ROOT;
	/*
	 * Name the qdisc by its handle: a handle-less "change" with another
	 * kind would graft a new root qdisc instead (see __tc_modify_qdisc()).
	 */
	r->tc.tcm_handle = qdisc_handle;
}

/*
 * Send one request and wait for its answer. Returns the error from the ack
 * (0 or -errno), or 1 if a reply of type reply_type came (stored in reply),
 * or -ETIMEDOUT if nothing came back.
 */
static int transact(struct req *r, int reply_type, char *reply, size_t reply_len)
{
	static char buf[65536];

	extack_msg[0] = 0;
	if (send(nl_fd, r, r->nh.nlmsg_len, 0) < 0)
		return -errno;
	for (;;) {
		ssize_t n = recv(nl_fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh;

		if (n < 0)
			return errno == EAGAIN ? -ETIMEDOUT : -errno;
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, n); nh = NLMSG_NEXT(nh, n)) {
			if (nh->nlmsg_seq != r->nh.nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(nh);

				if (nh->nlmsg_flags & NLM_F_ACK_TLVS) {
					size_t off = sizeof(*e);
					struct rtattr *a;
					int alen;

					if (!(nh->nlmsg_flags & NLM_F_CAPPED))
						off += e->msg.nlmsg_len - NLMSG_HDRLEN;
					a = (struct rtattr *)((char *)e + NLMSG_ALIGN(off));
					alen = (int)nh->nlmsg_len - NLMSG_HDRLEN - (int)NLMSG_ALIGN(off);
					for (; RTA_OK(a, alen); a = RTA_NEXT(a, alen))
						if (a->rta_type == NLMSGERR_ATTR_MSG)
							snprintf(extack_msg, sizeof(extack_msg), "%s",
								 (char *)RTA_DATA(a));
				}
				return e->error;
			}
			if (nh->nlmsg_type == reply_type && reply) {
				memcpy(reply, nh, nh->nlmsg_len < reply_len ? nh->nlmsg_len : reply_len);
				/* The ack follows when NLM_F_ACK was asked; it was not. */
				return 1;
			}
		}
	}
}

/* The root qdisc's kind and skbprio limit; -1 if it is not skbprio. */
static long long get_limit(void)
{
	static char reply[65536];
	struct nlmsghdr *nh = (struct nlmsghdr *)reply;
	struct rtattr *a;
	int alen, is_skbprio = 0;
	long long limit = -1;
	struct req r;

	/* The answer is a notification: only NLM_F_ECHO sends it back to us. */
	init_req(&r, RTM_GETQDISC, NLM_F_ECHO);
	if (transact(&r, RTM_NEWQDISC, reply, sizeof(reply)) != 1)
		return -2;
	if (!qdisc_handle)
		qdisc_handle = ((struct tcmsg *)NLMSG_DATA(nh))->tcm_handle;
	a = (struct rtattr *)((char *)NLMSG_DATA(nh) + NLMSG_ALIGN(sizeof(struct tcmsg)));
	alen = nh->nlmsg_len - NLMSG_LENGTH(sizeof(struct tcmsg));
	for (; RTA_OK(a, alen); a = RTA_NEXT(a, alen)) {
		if (a->rta_type == TCA_KIND)
			is_skbprio = !strcmp(RTA_DATA(a), "skbprio");
		if (a->rta_type == TCA_OPTIONS &&
		    RTA_PAYLOAD(a) >= sizeof(struct tc_skbprio_qopt))
			limit = ((struct tc_skbprio_qopt *)RTA_DATA(a))->limit;
	}
	return is_skbprio ? limit : -1;
}

static void change_req(struct req *r, int flags)
{
	init_req(r, RTM_NEWQDISC, NLM_F_ACK | flags);
	add_attr(&r->nh, TCA_KIND, "skbprio", sizeof("skbprio"));
}

static int cmd_badsize(void)
{
	static const int sizes[] = { 0, 1, 2, 3, 5, 6, 7, 8, 12, 16, 64, 255, 300 };
	long long before = get_limit(), after;
	unsigned char junk[300];
	int i, fail = 0;

	if (before < 0) {
		fprintf(stderr, "nlqdisc: no root skbprio on this device\n");
		return 1;
	}
	memset(junk, 0x5a, sizeof(junk));
	for (i = 0; i < (int)(sizeof(sizes) / sizeof(sizes[0])); i++) {
		struct req r;
		int err;

		change_req(&r, 0);
		add_attr(&r.nh, TCA_OPTIONS, junk, sizes[i]);
		err = transact(&r, 0, NULL, 0);
		printf("size %d: %s (%d) extack \"%s\"\n", sizes[i],
		       err ? strerror(-err) : "accepted", err, extack_msg);
		if (err != -EINVAL)
			fail = 1;
	}
	after = get_limit();
	printf("limit before %lld after %lld\n", before, after);
	return fail || before != after;
}

static uint64_t rng_state;

static uint32_t rnd(void)
{
	/* xorshift64*: reproducible from the seed on any libc. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

static int cmd_fuzz(long n, unsigned long seed)
{
	static const char *const kinds[] = { "skbprio", "pfifo", "", "skbprio\x01", "prio" };
	long long expected = get_limit(), got;
	long i, acked = 0, refused = 0, taken = 0;
	long by_kind[6] = { 0 };
	unsigned char data[512];
	int fail = 0;

	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	if (expected < 0) {
		fprintf(stderr, "nlqdisc: no root skbprio on this device\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		int kind = rnd() % 6, len = 0, err, j, well_formed = 1;
		/* Only these kinds carry options that skbprio reads. */
		int sets_limit = kind == 0 || kind == 2 || kind == 5;
		int flags = (rnd() % 2) ? NLM_F_CREATE | NLM_F_REPLACE : 0;
		const char *other = kinds[1 + rnd() % 4];
		struct req r;
		uint32_t value = 0;

		by_kind[kind]++;
		init_req(&r, RTM_NEWQDISC, NLM_F_ACK | flags);
		if (kind == 4)
			add_attr(&r.nh, TCA_KIND, other, strlen(other) + 1);
		else
			add_attr(&r.nh, TCA_KIND, "skbprio", sizeof("skbprio"));
		for (j = 0; j < (int)sizeof(data); j++)
			data[j] = rnd();
		switch (kind) {
		case 0:		/* flat options, any size; often the right one */
			len = (rnd() % 4) ? (int)(rnd() % 301) : 4;
			add_attr(&r.nh, TCA_OPTIONS, data, len);
			memcpy(&value, data, 4);
			break;
		case 1:		/* no options at all */
			break;
		case 2: {	/* nested attributes inside TCA_OPTIONS */
			struct rtattr *outer = add_attr(&r.nh, TCA_OPTIONS | NLA_F_NESTED, NULL, 0);
			int k, nattr = rnd() % 4;

			for (k = 0; k < nattr; k++)
				add_attr(&r.nh, 1 + rnd() % 3, data + k * 8, rnd() % 9);
			outer->rta_len = (char *)&r.nh + r.nh.nlmsg_len - (char *)outer;
			len = outer->rta_len - RTA_LENGTH(0);
			memcpy(&value, RTA_DATA(outer), 4);
			break;
		}
		case 3: {	/* an attribute longer than the message */
			struct rtattr *a = add_attr(&r.nh, TCA_OPTIONS, data, 4);

			/*
			 * The lenient (deprecated) attribute parse of rtnetlink
			 * stops there and takes the request without options:
			 * it may be accepted, but must change nothing.
			 */
			a->rta_len += 4 + rnd() % 64;
			break;
		}
		case 4:		/* another kind: change must refuse it */
			add_attr(&r.nh, TCA_OPTIONS, data, 4);
			well_formed = 0;
			break;
		case 5:		/* options followed by unknown top-level attrs */
			add_attr(&r.nh, TCA_OPTIONS, data, 4);
			memcpy(&value, data, 4);
			add_attr(&r.nh, TCA_PAD, data + 8, rnd() % 16);
			len = 4;
			break;
		}
		err = transact(&r, 0, NULL, 0);
		if (err == -ETIMEDOUT) {
			printf("request %ld (kind %d): no answer\n", i, kind);
			fail = 1;
			break;
		}
		if (err) {
			refused++;
		} else {
			acked++;
			if (sets_limit) {
				if (len != 4) {
					printf("request %ld: %d-byte options accepted\n", i, len);
					fail = 1;
				} else {
					expected = value;
					taken++;
				}
			} else if (!well_formed) {
				printf("request %ld (kind %d): malformed request accepted\n", i, kind);
				fail = 1;
			}
		}
		got = get_limit();
		if (got != expected) {
			printf("request %ld (kind %d, len %d, err %d): limit %lld, expected %lld\n",
			       i, kind, len, err, got, expected);
			fail = 1;
			break;
		}
	}
	printf("fuzz: %ld requests, %ld accepted (%ld set the limit), %ld refused; by kind:",
	       i, acked, taken, refused);
	for (i = 0; i < 6; i++)
		printf(" %ld", by_kind[i]);
	printf("; final limit %lld\n", get_limit());
	return fail;
}

/* A qdisc as a dump shows it. */
struct qinfo {
	unsigned int handle;
	int is_skbprio;
	long long limit;
	struct gnet_stats_queue q;
};

/* The qdisc at parent (and handle, if not 0); -errno if there is none. */
static int get_qdisc(unsigned int parent, unsigned int handle, struct qinfo *qi)
{
	static char reply[65536];
	struct nlmsghdr *nh = (struct nlmsghdr *)reply;
	struct rtattr *a, *b;
	int alen, blen, err;
	struct req r;

	memset(qi, 0, sizeof(*qi));
	qi->limit = -1;
	init_req(&r, RTM_GETQDISC, NLM_F_ECHO);
	r.tc.tcm_parent = parent;
	r.tc.tcm_handle = handle;
	err = transact(&r, RTM_NEWQDISC, reply, sizeof(reply));
	if (err != 1)
		return err < 0 ? err : -EIO;
	qi->handle = ((struct tcmsg *)NLMSG_DATA(nh))->tcm_handle;
	a = (struct rtattr *)((char *)NLMSG_DATA(nh) + NLMSG_ALIGN(sizeof(struct tcmsg)));
	alen = nh->nlmsg_len - NLMSG_LENGTH(sizeof(struct tcmsg));
	for (; RTA_OK(a, alen); a = RTA_NEXT(a, alen)) {
		if (a->rta_type == TCA_KIND)
			qi->is_skbprio = !strcmp(RTA_DATA(a), "skbprio");
		if (a->rta_type == TCA_OPTIONS &&
		    RTA_PAYLOAD(a) >= sizeof(struct tc_skbprio_qopt))
			qi->limit = ((struct tc_skbprio_qopt *)RTA_DATA(a))->limit;
		if (a->rta_type != TCA_STATS2)
			continue;
		b = RTA_DATA(a);
		blen = RTA_PAYLOAD(a);
		for (; RTA_OK(b, blen); b = RTA_NEXT(b, blen))
			if (b->rta_type == TCA_STATS_QUEUE)
				memcpy(&qi->q, RTA_DATA(b),
				       RTA_PAYLOAD(b) < sizeof(qi->q) ? RTA_PAYLOAD(b) : sizeof(qi->q));
	}
	if (!qi->is_skbprio)
		qi->limit = -1;
	return 0;
}

static void qdisc_req(struct req *r, int flags, unsigned int parent,
		      unsigned int handle, long long limit)
{
	init_req(r, RTM_NEWQDISC, NLM_F_ACK | flags);
	r->tc.tcm_parent = parent;
	r->tc.tcm_handle = handle;
	add_attr(&r->nh, TCA_KIND, "skbprio", sizeof("skbprio"));
	if (limit >= 0) {
		struct tc_skbprio_qopt o = { .limit = limit };

		add_attr(&r->nh, TCA_OPTIONS, &o, sizeof(o));
	}
}

static int qdisc_do(int flags, unsigned int parent, unsigned int handle, long long limit)
{
	struct req r;

	qdisc_req(&r, flags, parent, handle, limit);
	return transact(&r, 0, NULL, 0);
}

static int fail_fd = -1;

/*
 * Send r with the nth fault point of this thread failing. *left is what
 * fail-nth reads back after: not 0 when the request had fewer than nth
 * fault points, i.e. nothing was made to fail.
 */
static int transact_failing(int nth, struct req *r, unsigned int *left)
{
	char buf[16];
	int n, err;

	n = snprintf(buf, sizeof(buf), "%d", nth);
	if (pwrite(fail_fd, buf, n, 0) != n) {
		perror("nlqdisc: fail-nth");
		exit(1);
	}
	err = transact(r, 0, NULL, 0);
	n = pread(fail_fd, buf, sizeof(buf) - 1, 0);
	buf[n > 0 ? n : 0] = 0;
	*left = strtoul(buf, NULL, 10);
	if (pwrite(fail_fd, "0", 1, 0) != 1)
		exit(1);
	return err;
}

static int udp_fd = -1;
static struct sockaddr_in udp_dest;

/* count datagrams into the device's qdisc, priorities 1, 2, ... 63. */
static void send_packets(int count)
{
	static unsigned int prio;
	char payload[1000] = { 0 };

	while (count-- > 0) {
		int p = 1 + prio++ % 63;

		setsockopt(udp_fd, SOL_SOCKET, SO_PRIORITY, &p, sizeof(p));
		if (sendto(udp_fd, payload, sizeof(payload), 0,
			   (struct sockaddr *)&udp_dest, sizeof(udp_dest)) < 0) {
			perror("nlqdisc: sendto");
			exit(1);
		}
	}
}

#define TBF_HANDLE	0x10000u	/* 1: */
#define CHILD_PARENT	0x10001u	/* 1:1 */
#define CHILD_HANDLE	0x20000u	/* 2: */
#define QUEUED		20

static int cmd_failnth(const char *ifname, const char *step, const char *dest)
{
	long by_err[3] = { 0 };	/* accepted, ENOMEM, ENOBUFS */
	int change = !strcmp(step, "change"), replace = !strcmp(step, "replace");
	unsigned int parent = change ? CHILD_PARENT : TC_H_ROOT;
	unsigned int old_handle = change ? CHILD_HANDLE : 0x10000u;
	unsigned int new_handle = replace ? 0x20000u : old_handle;
	long long old_limit = change || replace ? 64 : -1;
	long long new_limit = change ? 5 : replace ? 100 : 64;
	struct qinfo c0, p0 = { 0 }, c, p = { 0 };
	int nth, fail = 0;

	if (!change && !replace && strcmp(step, "add"))
		return 2;
	fail_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fail_fd < 0) {
		perror("nlqdisc: /proc/thread-self/fail-nth");
		return 1;
	}
	if (change) {
		udp_fd = socket(AF_INET, SOCK_DGRAM, 0);
		udp_dest.sin_family = AF_INET;
		udp_dest.sin_port = htons(9);
		if (udp_fd < 0 || !dest || inet_pton(AF_INET, dest, &udp_dest.sin_addr) != 1 ||
		    setsockopt(udp_fd, SOL_SOCKET, SO_BINDTODEVICE, ifname, strlen(ifname) + 1)) {
			fprintf(stderr, "nlqdisc: change needs a DEST on %s\n", ifname);
			return 2;
		}
		/* The first leaves, the second waits in tbf's peek slot. */
		send_packets(QUEUED + 2);
	} else if (replace) {
		if (qdisc_do(NLM_F_CREATE | NLM_F_EXCL, TC_H_ROOT, old_handle, old_limit))
			return 1;
	}
	for (nth = 1; nth < 10000; nth++) {
		unsigned int left;
		int err, now_new, was_old, bad = 0;
		struct req r;

		if (get_qdisc(parent, 0, &c0) || (change && get_qdisc(TC_H_ROOT, 0, &p0)))
			return 1;
		if (c0.limit != old_limit || (old_limit >= 0 && c0.handle != old_handle)) {
			fprintf(stderr, "nlqdisc: N=%d: not the starting tree\n", nth);
			return 1;
		}
		qdisc_req(&r, change ? 0 : replace ? NLM_F_CREATE | NLM_F_REPLACE :
			  NLM_F_CREATE | NLM_F_EXCL, parent, new_handle, change || replace ? new_limit : -1);
		err = transact_failing(nth, &r, &left);
		if (get_qdisc(parent, 0, &c) || (change && get_qdisc(TC_H_ROOT, 0, &p)))
			return 1;
		now_new = c.limit == new_limit && c.handle == new_handle;
		was_old = c.limit == old_limit && (old_limit < 0 || c.handle == old_handle);
		if (err == 0)
			by_err[0]++;
		else if (err == -ENOMEM)
			by_err[1]++;
		else if (err == -ENOBUFS)
			by_err[2]++;
		else
			bad = 1;
		if (err == 0 ? !now_new : err == -ENOMEM ? !was_old : !(now_new || was_old))
			bad = 1;
		if (change) {
			/* Every packet is queued, dropped by the trim, or in tbf. */
			if (c.q.qlen + c.q.drops != c0.q.qlen + c0.q.drops ||
			    c.q.qlen > (unsigned int)c.limit ||
			    p.q.qlen - c.q.qlen != p0.q.qlen - c0.q.qlen ||
			    p.q.backlog - c.q.backlog != p0.q.backlog - c0.q.backlog)
				bad = 1;
		}
		printf("%s N=%d: %s, %s tree%s; child qlen %u backlog %u drops %u, parent qlen %u backlog %u%s\n",
		       step, nth, err ? strerror(-err) : "accepted", now_new ? "new" : was_old ? "old" : "NEITHER",
		       left ? " (no fault left to inject)" : "", c.q.qlen, c.q.backlog, c.q.drops,
		       p.q.qlen, p.q.backlog, bad ? " BAD" : "");
		fail |= bad;
		if (left) {
			fail |= err != 0;
			break;
		}
		if (!now_new)
			continue;
		/* Back to the starting tree for the next N. */
		if (change) {
			if (qdisc_do(0, parent, old_handle, old_limit))
				return 1;
			send_packets(c0.q.qlen - c.q.qlen);
		} else if (replace) {
			if (qdisc_do(NLM_F_CREATE | NLM_F_REPLACE, TC_H_ROOT, old_handle, old_limit))
				return 1;
		} else {
			struct req d;

			init_req(&d, RTM_DELQDISC, NLM_F_ACK);
			d.tc.tcm_handle = new_handle;
			if (transact(&d, 0, NULL, 0))
				return 1;
		}
	}
	printf("failnth %s: %d injection points; %ld accepted, %ld ENOMEM, %ld ENOBUFS%s\n",
	       step, nth - 1, by_err[0], by_err[1], by_err[2], fail ? "; FAILED" : "");
	return fail;
}

int main(int argc, char **argv)
{
	struct timeval tv = { .tv_sec = 5 };
	int one = 1;

	if (argc < 3) {
		fprintf(stderr, "usage: nlqdisc limit|badsize|fuzz|failnth IFNAME [N SEED | STEP [DEST]]\n");
		return 2;
	}
	ifindex = if_nametoindex(argv[2]);
	if (!ifindex) {
		fprintf(stderr, "nlqdisc: no device %s\n", argv[2]);
		return 2;
	}
	nl_fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (nl_fd < 0) {
		perror("nlqdisc: socket");
		return 1;
	}
	setsockopt(nl_fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(nl_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (!strcmp(argv[1], "limit")) {
		long long l = get_limit();

		if (l < 0)
			return 1;
		printf("%lld\n", l);
		return 0;
	}
	if (!strcmp(argv[1], "badsize"))
		return cmd_badsize();
	if (!strcmp(argv[1], "fuzz") && argc == 5)
		return cmd_fuzz(atol(argv[3]), strtoul(argv[4], NULL, 0));
	if (!strcmp(argv[1], "failnth") && argc >= 4)
		return cmd_failnth(argv[2], argv[3], argc > 4 ? argv[4] : NULL);
	fprintf(stderr, "nlqdisc: unknown command\n");
	return 2;
}
