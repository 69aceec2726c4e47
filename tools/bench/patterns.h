/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark patterns, shared by the user-space instruction count
 * (prio_bench.c, under callgrind) and the in-kernel timing (kmod/): a port
 * of 6.12.y's sch_skbprio band logic (64 sk_buff_heads, highest/lowest
 * tracked by hand and recomputed by walking the bands) and prio_fifo, used
 * the way sch_skbprio now uses it, run the same operation sequence. Each run hashes what it dequeued and
 * dropped; the two implementations must give the same hash.
 *
 * The includer provides <linux/list.h>, <linux/prio_fifo.h> and the
 * u16/u32/u64 types.
 */

#define NBANDS 64

struct pkt {
	struct list_head list;
	unsigned int prio;
	unsigned int id;
};

#define FNV_BASIS 1469598103934665603ULL
static u64 hash = FNV_BASIS;

static void record(char what, const struct pkt *p)
{
	hash = (hash ^ (u64)what) * 1099511628211ULL;
	hash = (hash ^ (p ? p->id : ~0U)) * 1099511628211ULL;
}

/* Packets are recycled from a pool: no allocation in the measured loop. */
#define POOL 4096
static struct pkt pool[POOL];
static struct pkt *freelist[POOL];
static unsigned int nfree, next_id;
static u32 rnd = 12345;

static u32 rand32(void)
{
	rnd ^= rnd << 13;
	rnd ^= rnd >> 17;
	rnd ^= rnd << 5;
	return rnd;
}

static struct pkt *get(unsigned int prio)
{
	struct pkt *p = freelist[--nfree];

	p->prio = prio;
	p->id = next_id++;
	INIT_LIST_HEAD(&p->list);
	return p;
}

static void put(struct pkt *p)
{
	freelist[nfree++] = p;
}

/* A dropped or rejected packet is recorded and goes back to the pool. */
static void dropped(char what, struct pkt *p)
{
	record(what, p);
	put(p);
}

/*
 * ---- the original algorithm, as in 6.12.y's sch_skbprio.c ----
 *
 * Its bands are sk_buff_heads: __skb_queue_tail(), __skb_dequeue() and
 * __skb_dequeue_tail() below are ports of include/linux/skbuff.h (the
 * node's next/prev are the skb's, which sk_buff keeps first, as in the
 * list_head of struct pkt), so that each band keeps its qlen and an
 * unlinked packet leaves with NULL pointers, as in the kernel. The band
 * index is a u16, as there.
 */
struct orig_band {			/* struct sk_buff_head, without lock */
	struct list_head list;
	u32 qlen;
};

struct orig {
	struct orig_band q[NBANDS];
	unsigned int qlen, limit;	/* sch->q.qlen, sch->limit */
	u16 highest, lowest;
};

static inline bool skbq_empty(const struct orig_band *b)
{
	return READ_ONCE(b->list.next) == &b->list;
}

static inline void skbq_tail(struct orig_band *b, struct list_head *n)
{
	struct list_head *next = &b->list, *prev = next->prev;

	WRITE_ONCE(n->next, next);
	WRITE_ONCE(n->prev, prev);
	WRITE_ONCE(next->prev, n);
	WRITE_ONCE(prev->next, n);
	WRITE_ONCE(b->qlen, b->qlen + 1);
}

static inline void skbq_unlink(struct orig_band *b, struct list_head *n)
{
	struct list_head *next, *prev;

	WRITE_ONCE(b->qlen, b->qlen - 1);
	next = n->next;
	prev = n->prev;
	n->next = n->prev = NULL;
	WRITE_ONCE(next->prev, prev);
	WRITE_ONCE(prev->next, next);
}

static inline struct list_head *skbq_dequeue(struct orig_band *b)
{
	struct list_head *n = b->list.next;

	if (n == &b->list)
		return NULL;
	skbq_unlink(b, n);
	return n;
}

static inline struct list_head *skbq_dequeue_tail(struct orig_band *b)
{
	struct list_head *n = b->list.prev;

	if (n == &b->list)
		return NULL;
	skbq_unlink(b, n);
	return n;
}

static u16 orig_new_high(const struct orig *o)
{
	int prio;

	for (prio = o->highest - 1; prio >= o->lowest; prio--)
		if (!skbq_empty(&o->q[prio]))
			return prio;
	return 0;
}

static u16 orig_new_low(const struct orig *o)
{
	int prio;

	for (prio = o->lowest + 1; prio <= o->highest; prio++)
		if (!skbq_empty(&o->q[prio]))
			return prio;
	return NBANDS - 1;
}

static struct pkt *orig_enqueue(struct orig *o, struct pkt *p)
{
	u16 prio = p->prio, lp;
	struct orig_band *lpq;
	struct list_head *drop;

	if (o->qlen < READ_ONCE(o->limit)) {
		skbq_tail(&o->q[prio], &p->list);
		if (prio > o->highest)
			o->highest = prio;
		if (prio < o->lowest)
			o->lowest = prio;
		o->qlen++;
		return NULL;
	}
	lp = o->lowest;
	if (prio <= lp)
		return p;
	skbq_tail(&o->q[prio], &p->list);
	lpq = &o->q[lp];
	drop = skbq_dequeue_tail(lpq);
	if (skbq_empty(lpq)) {
		if (o->lowest == o->highest) {
			o->lowest = prio;
			o->highest = prio;
		} else {
			o->lowest = orig_new_low(o);
		}
	}
	if (prio > o->highest)
		o->highest = prio;
	return list_entry(drop, struct pkt, list);
}

static struct pkt *orig_dequeue(struct orig *o)
{
	struct orig_band *hpq = &o->q[o->highest];
	struct list_head *n = skbq_dequeue(hpq);

	if (!n)
		return NULL;
	o->qlen--;
	if (skbq_empty(hpq)) {
		if (o->lowest == o->highest) {
			o->highest = 0;
			o->lowest = NBANDS - 1;
		} else {
			o->highest = orig_new_high(o);
		}
	}
	return list_entry(n, struct pkt, list);
}

/*
 * ---- the same two operations on prio_fifo, as sch_skbprio now does ----
 *
 * skbprio_enqueue() tests its own sch->q.qlen against the limit, then
 * pushes or pushes out; skbprio_dequeue() pops the highest band. Either
 * way a packet that leaves has NULL pointers, which prio_fifo writes
 * (prio_fifo_skb() is a plain container_of()).
 */
static struct prio_fifo pf;
static unsigned int pf_qlen, pf_limit;
static struct orig orig;
static int use_fifo;

static inline struct pkt *fifo_pkt(struct list_head *n)
{
	return list_entry(n, struct pkt, list);
}

/*
 * The measured operations: callgrind counts inside these two only, so the
 * harness around them (packet pool, sequence hash) is left out. Each
 * returns what left the queue: for enqueue NULL, the evicted packet or the
 * rejected one itself.
 */
static __attribute__((__noinline__)) struct pkt *enqueue(struct pkt *p)
{
	struct list_head *victim;
	unsigned int lp;

	if (!use_fifo)
		return orig_enqueue(&orig, p);
	if (pf_qlen < READ_ONCE(pf_limit)) {
		prio_fifo_push(&pf, p->prio, &p->list);
		pf_qlen++;
		return NULL;
	}
	victim = prio_fifo_push_out(&pf, p->prio, &p->list, &lp);
	if (victim == &p->list)
		return p;
	return fifo_pkt(victim);
}

static __attribute__((__noinline__)) struct pkt *dequeue(void)
{
	struct list_head *n;
	unsigned int prio;

	if (!use_fifo)
		return orig_dequeue(&orig);
	n = prio_fifo_pop_highest(&pf, &prio);
	if (!n)
		return NULL;
	pf_qlen--;
	return fifo_pkt(n);
}

static void enq(unsigned int prio)
{
	struct pkt *p = get(prio), *back = enqueue(p);

	if (back)
		dropped(back == p ? 'r' : 'x', back);
}

static void deq(void)
{
	struct pkt *p = dequeue();

	record('d', p);
	if (p)
		put(p);
}

static int setup(unsigned int limit)
{
	unsigned int i;

	hash = FNV_BASIS;
	rnd = 12345;
	next_id = 0;
	nfree = 0;
	for (i = 0; i < POOL; i++)
		freelist[nfree++] = &pool[i];
	if (use_fifo) {
		prio_fifo_init(&pf);
		pf_qlen = 0;
		pf_limit = limit;
	} else {
		for (i = 0; i < NBANDS; i++) {
			INIT_LIST_HEAD(&orig.q[i].list);
			orig.q[i].qlen = 0;
		}
		orig.qlen = 0;
		orig.limit = limit;
		orig.highest = 0;
		orig.lowest = NBANDS - 1;
	}
	return 0;
}

/* The patterns; tools/bench/run counts inside enqueue() and dequeue(). */
static __attribute__((__noinline__)) void measure_a(unsigned int ops)
{
	while (ops--) {		/* one band, steady */
		enq(5);
		deq();
	}
}

static __attribute__((__noinline__)) void measure_b(unsigned int ops)
{
	while (ops--) {		/* random bands, standing depth 64 */
		enq(rand32() % NBANDS);
		deq();
	}
}

static __attribute__((__noinline__)) void measure_c(unsigned int ops)
{
	while (ops--) {		/* band 0 waits, band 63 fills and empties */
		enq(63);
		deq();
	}
}

static __attribute__((__noinline__)) void measure_d(unsigned int ops)
{
	while (ops--) {		/* full queue, push-out empties band 0 */
		deq();
		enq(0);
		enq(62);
	}
}

static __attribute__((__noinline__)) void measure_r(unsigned int ops)
{
	while (ops--) {		/* full queue, push-out, random bands */
		deq();
		enq(0);
		enq(1 + rand32() % 62);
	}
}

static __attribute__((__noinline__)) void measure_e(unsigned int ops)
{
	while (ops--)		/* drain */
		deq();
}


/* Set up @impl (1: prio_fifo, 0: original) and fill it for @pat. */
static int bench_prepare(int impl, char pat, unsigned int *ops)
{
	unsigned int i, limit = 128;

	use_fifo = impl;
	if (pat == 'd' || pat == 'r')
		limit = 64;
	if (pat == 'e') {
		if (*ops > POOL - 16)
			*ops = POOL - 16;
		limit = *ops;
	}
	if (setup(limit))
		return -1;
	switch (pat) {
	case 'a':
		for (i = 0; i < 32; i++)
			enq(5);
		return 0;
	case 'b':
		for (i = 0; i < 64; i++)
			enq(rand32() % NBANDS);
		return 0;
	case 'c':
		for (i = 0; i < 32; i++)
			enq(0);
		return 0;
	case 'd':
	case 'r':
		for (i = 0; i < 64; i++)
			enq(63);
		return 0;
	case 'e':
		for (i = 0; i < *ops; i++)
			enq(rand32() % NBANDS);
		return 0;
	}
	return -1;
}

static void bench_measure(char pat, unsigned int ops)
{
	switch (pat) {
	case 'a': measure_a(ops); break;
	case 'b': measure_b(ops); break;
	case 'c': measure_c(ops); break;
	case 'd': measure_d(ops); break;
	case 'r': measure_r(ops); break;
	case 'e': measure_e(ops); break;
	}
}

/* Empty the queue so that the next bench_prepare() starts afresh. */
static void bench_release(void)
{
	while (dequeue())
		;
}
