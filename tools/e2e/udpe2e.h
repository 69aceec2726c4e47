/* SPDX-License-Identifier: GPL-2.0 */
/* The datagram header udpsend writes and udpcount reads. */
#ifndef UDPE2E_H
#define UDPE2E_H

#include <stdint.h>

#define UDPE2E_MAGIC 0x736b6270u	/* "skbp" */

struct udpe2e_hdr {
	uint32_t magic;
	uint32_t prio;
	uint64_t seq;
};

#endif
