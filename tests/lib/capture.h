/*
 * SPDX-License-Identifier: MIT
 * capture.h - what the library prints on stderr (its LIBPFM_VERBOSE
 * messages) during a call, kept as text for the test to search.
 */
#ifndef TL_CAPTURE_H
#define TL_CAPTURE_H

/* from now on, stderr (descriptor 2) goes to an unnamed temporary file */
void tl_capture_begin(void);

/* stderr back; the text written since tl_capture_begin (valid until the next begin) */
const char *tl_capture_end(void);

/* the text of the last capture ("" before any) */
const char *tl_captured(void);

/* fn() with stderr captured: returns fn's answer, *text gets what it printed */
int tl_capture_call(int (*fn)(void), const char **text);

/* does text hold a line containing every one of the (NULL-terminated) strings? */
int tl_log_has(const char *text, ...) __attribute__((sentinel));

#endif
