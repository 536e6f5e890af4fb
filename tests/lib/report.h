/*
 * SPDX-License-Identifier: MIT
 * report.h - the reporting convention of every C test program: one line
 * "<suite>: N passed, N failed" on stdout, and the exit status that goes
 * with it. CUnit programs get the line from tl_run (suite.h); the drivers
 * that count their own checks (enumeration, mutation) use tl_check and
 * tl_report here. Nothing here calls the library, so a program built
 * against another libpfm4's headers can link it.
 */
#ifndef TL_REPORT_H
#define TL_REPORT_H

/* failures tl_check prints; the rest are only counted */
#define TL_REPORT_SHOWN 20

/* print "<suite>: N passed, N failed"; returns the exit status (0: nothing failed) */
int tl_report_line(const char *suite, unsigned long passed, unsigned long failed);

/* count one check; a failure prints "FAILED: <what>" on stderr (the first TL_REPORT_SHOWN); returns ok */
int tl_check(int ok, const char *what_fmt, ...) __attribute__((format(printf, 2, 3)));

/* checks failed so far */
unsigned long tl_failures(void);

/* tl_report_line with tl_check's counts */
int tl_report(const char *suite);

#endif
