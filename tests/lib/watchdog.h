/*
 * SPDX-License-Identifier: MIT
 * watchdog.h - a deadline for a call that could block (a read of a FIFO
 * where a file should be): past it the program prints what blocked,
 * removes its temporary directories and exits with status 3.
 */
#ifndef TL_WATCHDOG_H
#define TL_WATCHDOG_H

/* arm the deadline (seconds from now) for `what`; 0 seconds disarms it */
void tl_watchdog(unsigned seconds, const char *what);

#endif
