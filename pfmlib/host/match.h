/*
 * SPDX-License-Identifier: MIT
 * host/match.h - the pattern engine under the matcher API of host.h: perf
 * mapfile patterns (a subset of POSIX extended regular expressions, "ere")
 * matched against whole strings without compiling or allocating. Callers
 * outside host/ use host.h's pp_match_identity and pp_match_string, which
 * add the C library's regcomp for patterns beyond this subset; the
 * pp_ere_* names here are the engine's: whole (one string), whole_either
 * (one of two), may_match (a quick refusal), literal_prefix.
 */
#ifndef PP_HOST_MATCH_H
#define PP_HOST_MATCH_H

#include <stddef.h>

/*
 * 1 if pattern matches all of s, 0 if not, -1 if the pattern uses something
 * this matcher does not implement (the caller then uses regcomp/regexec).
 * Supported: literals, '.', bracket expressions with ranges, negation and
 * [:alpha:] [:digit:] [:xdigit:] [:alnum:] [:upper:] [:lower:] [:space:],
 * groups with '|', the quantifiers ? * + {n} {n,} {n,m}, '\' escapes, and
 * '^' / '$' at the ends.
 */
int pp_ere_whole(const char *pattern, const char *s);

/* the same, 1 when pattern matches all of s or all of s2 (s2 may be NULL) */
int pp_ere_whole_either(const char *pattern, const char *s, const char *s2);

/*
 * A quick test before matching: 0 when pattern can match neither s nor s2
 * (s2 may be NULL), judged from its literal prefix and the bytes that can
 * follow it (a bracket expression, or the first atom of each alternative of
 * a group); 1 when it may, or when the pattern is beyond this test. Says
 * nothing about whether the pattern is valid.
 */
int pp_ere_may_match(const char *pattern, const char *s, const char *s2);

/*
 * The bytes every string pattern matches starts with: *len bytes from the
 * returned pointer (into pattern, past a leading '^'); *len is 0 when the
 * pattern has no such prefix.
 */
const char *pp_ere_literal_prefix(const char *pattern, size_t *len);

#endif /* PP_HOST_MATCH_H */
