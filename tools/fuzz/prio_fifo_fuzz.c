// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: lib/prio_fifo.c built in user space (the shim of
 * tools/bench), driven by the input as a program of queue operations and
 * checked after every operation against a reference model that keeps each
 * band as a plain array and finds bands by linear scans, like the original
 * skbprio code.
 *
 * Input: byte 0 the number of bands in use (1 to 64: 0 and larger values
 * mean 64), byte 1 the limit of the admitting push; then (op, arg) pairs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/prio_fifo.h>

#define NODES 512
#define MAX_BANDS PRIO_FIFO_MAX_BANDS

struct node {
	struct list_head list;
	int band;		/* -1 when not queued */
};

static struct node nodes[NODES];

/* The model: FIFO arrays of node indexes. */
static int model[MAX_BANDS][NODES];
static int model_len[MAX_BANDS];
static int model_total;
static int nr_bands;

#define CHECK(c) do { if (!(c)) { \
	fprintf(stderr, "prio_fifo_fuzz: %s:%d: %s\n", __FILE__, __LINE__, #c); \
	abort(); } } while (0)

static int model_highest(void)
{
	int b;

	for (b = nr_bands - 1; b >= 0; b--)
		if (model_len[b])
			return b;
	return -1;
}

static int model_lowest(void)
{
	int b;

	for (b = 0; b < nr_bands; b++)
		if (model_len[b])
			return b;
	return -1;
}

static void model_push(int band, int n)
{
	model[band][model_len[band]++] = n;
	model_total++;
	nodes[n].band = band;
}

static void model_remove(int band, int pos)
{
	nodes[model[band][pos]].band = -1;
	memmove(&model[band][pos], &model[band][pos + 1],
		(model_len[band] - pos - 1) * sizeof(int));
	model_len[band]--;
	model_total--;
}

static int idx(struct list_head *l)
{
	return (int)((struct node *)l - nodes);
}

/* Every band's length is checked at the end; each step checks @band's. */
static void check_state(struct prio_fifo *pf, int band)
{
	CHECK(prio_fifo_empty(pf) == !model_total);
	CHECK(prio_fifo_highest(pf) == model_highest());
	CHECK(prio_fifo_lowest(pf) == model_lowest());
	if (model_total) {
		int hi = model_highest(), lo = model_lowest();

		CHECK(idx(prio_fifo_peek_highest(pf)) == model[hi][0]);
		CHECK(idx(prio_fifo_peek_lowest(pf)) == model[lo][model_len[lo] - 1]);
	} else {
		CHECK(!prio_fifo_peek_highest(pf));
		CHECK(!prio_fifo_peek_lowest(pf));
	}
	CHECK(prio_fifo_band_len(pf, band) == (unsigned int)model_len[band]);
}

static int free_node(unsigned int hint)
{
	int i;

	for (i = 0; i < NODES; i++) {
		int n = (hint + i) % NODES;

		if (nodes[n].band < 0)
			return n;
	}
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prio_fifo pf;
	unsigned int limit;
	size_t i;
	int b;

	if (size < 2)
		return 0;
	nr_bands = data[0] && data[0] < MAX_BANDS ? data[0] : MAX_BANDS;
	limit = data[1];
	memset(&pf, 0xa5, sizeof(pf));
	prio_fifo_init(&pf);
	for (b = 0; b < MAX_BANDS; b++)
		model_len[b] = 0;
	model_total = 0;
	for (i = 0; i < NODES; i++)
		nodes[i].band = -1;

	for (i = 2; i + 1 < size; i += 2) {
		unsigned int op = data[i] % 8, arg = data[i + 1];
		int band = (int)(arg % nr_bands);
		int n = free_node(arg * 7 + i), hi, lo;
		struct list_head *got;
		unsigned int vb = ~0u;

		switch (op) {
		case 0:		/* push */
		case 1:
			if (n < 0)
				break;
			prio_fifo_push(&pf, band, &nodes[n].list);
			model_push(band, n);
			break;
		case 2:		/* push, or push out when full, as skbprio does */
		case 3:
			if (n < 0)
				break;
			lo = model_lowest();
			got = NULL;
			if ((unsigned int)model_total < limit)
				prio_fifo_push(&pf, band, &nodes[n].list);
			else
				got = prio_fifo_push_out(&pf, band, &nodes[n].list, &vb);
			if ((unsigned int)model_total < limit) {
				CHECK(!got);
				model_push(band, n);
			} else if (lo < 0 || band <= lo) {
				CHECK(got == &nodes[n].list);
				CHECK(vb == (unsigned int)band);
			} else {
				int victim = model[lo][model_len[lo] - 1];

				CHECK(got == &nodes[victim].list);
				CHECK(vb == (unsigned int)lo);
				CHECK(!got->next && !got->prev);
				model_remove(lo, model_len[lo] - 1);
				model_push(band, n);
			}
			break;
		case 4:		/* dequeue */
			hi = model_highest();
			got = prio_fifo_pop_highest(&pf, &vb);
			if (hi < 0) {
				CHECK(!got && vb == ~0u);
			} else {
				CHECK(got == &nodes[model[hi][0]].list);
				CHECK(vb == (unsigned int)hi);
				CHECK(!got->next && !got->prev);
				model_remove(hi, 0);
			}
			break;
		case 5:		/* evict */
			lo = model_lowest();
			got = prio_fifo_pop_lowest(&pf, arg & 1 ? &vb : NULL);
			if (lo < 0) {
				CHECK(!got);
			} else {
				CHECK(got == &nodes[model[lo][model_len[lo] - 1]].list);
				CHECK(!(arg & 1) || vb == (unsigned int)lo);
				CHECK(!got->next && !got->prev);
				model_remove(lo, model_len[lo] - 1);
			}
			break;
		case 6: {	/* unlink a queued node from the middle of its band */
			int m = -1, k;

			for (k = 0; k < NODES && m < 0; k++)
				if (nodes[(arg * 3 + k) % NODES].band >= 0)
					m = (arg * 3 + k) % NODES;
			if (m < 0)
				break;
			b = nodes[m].band;
			for (k = 0; model[b][k] != m; k++)
				;
			prio_fifo_del(&pf, b, &nodes[m].list);
			CHECK(!nodes[m].list.next && !nodes[m].list.prev);
			model_remove(b, k);
			break;
		}
		case 7:		/* drain, rarely: it ends most of the state */
			if (arg < 240)
				break;
			{
				LIST_HEAD(out);
				struct list_head *p, *t;
				int moved = 0;

				CHECK(prio_fifo_drain(&pf, &out) == (unsigned int)model_total);
				p = out.next;
				for (b = nr_bands - 1; b >= 0; b--)
					for (int k = 0; k < model_len[b]; k++, p = p->next)
						CHECK(p == &nodes[model[b][k]].list);
				CHECK(p == &out);
				list_for_each_safe(p, t, &out) {
					list_del_init(p);
					moved++;
				}
				CHECK(moved == model_total);
				for (b = 0; b < nr_bands; b++)
					while (model_len[b])
						model_remove(b, 0);
			}
			break;
		}
		check_state(&pf, band);
	}
	for (b = 0; b < MAX_BANDS; b++)
		CHECK(prio_fifo_band_len(&pf, b) == (unsigned int)model_len[b]);
	return 0;
}
