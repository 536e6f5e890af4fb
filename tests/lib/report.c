/*
 * SPDX-License-Identifier: MIT
 * report.c - the "<suite>: N passed, N failed" line and the check counter
 * of the drivers (report.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include "report.h"

static unsigned long passed, failed;

int tl_report_line(const char *suite, unsigned long npassed, unsigned long nfailed)
{
	printf("%s: %lu passed, %lu failed\n", suite, npassed, nfailed);
	fflush(stdout);
	return nfailed ? 1 : 0;
}

int tl_check(int ok, const char *what_fmt, ...)
{
	if (ok) {
		passed++;
		return 1;
	}
	if (failed++ < TL_REPORT_SHOWN) {
		va_list ap;
		fputs("FAILED: ", stderr);
		va_start(ap, what_fmt);
		vfprintf(stderr, what_fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	return 0;
}

unsigned long tl_failures(void)
{
	return failed;
}

int tl_report(const char *suite)
{
	return tl_report_line(suite, passed, failed);
}
