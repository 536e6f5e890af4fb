# SPDX-License-Identifier: MIT
# The run-time probe: a C program generated from the names both header sets
# declare, compiled once against each set and run.  It prints, as facts,
# the value and C type of every header macro and enumerator, sizeof and the
# offset of every struct member, the bits each bitfield occupies (found by
# storing all-ones into the field of a zeroed object and looking at which
# bits changed) and the behaviour of the function-like macros.
import re

from toolchain import cc, run

_PRELUDE = r'''
#include <stdio.h>
#include <string.h>
#include <errno.h>
#define ABI_TYPENAME(x) _Generic((x), _Bool: "_Bool", char: "char", \
	signed char: "signed char", unsigned char: "unsigned char", \
	short: "short", unsigned short: "unsigned short", int: "int", \
	unsigned int: "unsigned int", long: "long", unsigned long: "unsigned long", \
	long long: "long long", unsigned long long: "unsigned long long", \
	default: "other")
static void abi_value(const char *what, const char *type, int neg,
		      long long s, unsigned long long u)
{
	if (neg)
		printf("%s type=%s value=%lld\n", what, type, s);
	else
		printf("%s type=%s value=%llu\n", what, type, u);
}
#define ABI_VALUE(what, x) \
	abi_value(what, ABI_TYPENAME(x), (x) < 0, (long long)(x), (unsigned long long)(x))
static void abi_enum(const char *what, int neg, long long s, unsigned long long u)
{
	if (neg)
		printf("%s=%lld\n", what, s);
	else
		printf("%s=%llu\n", what, u);
}
#define ABI_ENUM(what, x) abi_enum(what, (x) < 0, (long long)(x), (unsigned long long)(x))
static void abi_bits(const char *what, const unsigned char *p, size_t n)
{
	size_t i, first = (size_t)-1, count = 0, last = 0;
	for (i = 0; i < n * 8; i++)
		if (p[i / 8] & (1u << (i % 8))) {
			if (first == (size_t)-1)
				first = i;
			count++;
			last = i;
		}
	if (count && last - first + 1 == count)
		printf("%s bits=%zu+%zu\n", what, first, count);
	else
		printf("%s bits=scattered(%zu set)\n", what, count);
}
'''


def c_spelling(owner):
    """'struct {pfm_pmu_info_t}' -> 'pfm_pmu_info_t'; 'struct x' stays."""
    m = re.match(r'^(struct|union) \{(\w+)\}$', owner)
    return m.group(2) if m else owner


def c_path(path):
    return '.'.join(p for p in path.split('.') if not p.startswith('{'))


_MEMBER = re.compile(r'^(.+?) member (\S+) (off|bit)=\d+')
_ENUM = re.compile(r'^(enum .+?) enumerator (\w+)=')
_SIZE = re.compile(r'^((?:struct|union) .+?) size=\d+$')


def inventory(header_dwarf_facts):
    """Names the probe can ask about, from the DWARF facts of the perfmon
    headers: sizes, members (flagging bitfields) and enumerators."""
    sizes, members, enums = set(), set(), set()
    for f in header_dwarf_facts:
        m = _SIZE.match(f)
        if m and 'member' not in f:
            sizes.add(m.group(1))
            continue
        m = _MEMBER.match(f)
        if m and not m.group(2).split('.')[-1].startswith('{'):
            members.add((m.group(1), m.group(2), m.group(3) == 'bit'))
            continue
        m = _ENUM.match(f)
        if m:
            enums.add((m.group(1), m.group(2)))
    return sizes, members, enums


def _behaviours(fn_macros):
    """C statements exercising the function-like macros both sides define."""
    b = []
    if 'PFM_MAJ_VERSION' in fn_macros:
        b.append('printf("behaviour PFM_MAJ_VERSION(0x12345678)=%ld\\n", (long)PFM_MAJ_VERSION(0x12345678));')
    if 'PFM_MIN_VERSION' in fn_macros:
        b.append('printf("behaviour PFM_MIN_VERSION(0x12345678)=%ld\\n", (long)PFM_MIN_VERSION(0x12345678));')
    if 'pfm_for_each_event_attr' in fn_macros:
        b.append('{ pfm_event_info_t ei; int x, n = 0; memset(&ei, 0, sizeof ei); ei.nattrs = 5;'
                 ' pfm_for_each_event_attr(x, &ei) n++;'
                 ' printf("behaviour pfm_for_each_event_attr(nattrs=5) iterations=%d last=%d\\n", n, x); }')
    if 'pfm_for_all_pmus' in fn_macros:
        b.append('{ pfm_pmu_t p; long n = 0; pfm_for_all_pmus(p) n++;'
                 ' printf("behaviour pfm_for_all_pmus iterations=%ld\\n", n); }')
    if 'PERF_MEM_S' in fn_macros:
        for a, s in (('OP', 'LOAD'), ('LVL', 'HIT'), ('LVL', 'UNC'), ('SNOOP', 'HITM'),
                     ('SNOOPX', 'FWD'), ('LOCK', 'LOCKED'), ('TLB', 'OS'), ('REMOTE', 'REMOTE'),
                     ('BLK', 'ADDR'), ('HOPS', '3')):
            b.append('printf("behaviour PERF_MEM_S(%s, %s)=%%llu\\n", '
                     '(unsigned long long)PERF_MEM_S(%s, %s));' % (a, s, a, s))
    return b


def generate(tu_text, macro_names, fn_macros, sizes, members, enums, has_perf_event_open):
    """Returns (source, {line number: macro name})."""
    out = [tu_text.rstrip('\n'), _PRELUDE]
    if 'PERF_MEM_S' in fn_macros:
        out.append('typedef unsigned long long u64;  /* 4.13 writes PERF_MEM_S with u64 */')
    if 'SWIG_NAME' in fn_macros:
        # must expand to nothing outside SWIG, or this does not compile
        out.append('static int SWIG_NAME(swig_probe_name) abi_swig_probe;')
    out.append('int main(void)\n{')
    if 'SWIG_NAME' in fn_macros:
        out.append('(void)abi_swig_probe;')
    line_of = {}
    for n in sorted(macro_names):
        line_of[len('\n'.join(out).splitlines()) + 1] = n
        out.append('ABI_VALUE("macro %s", %s);' % (n, n))
    for owner, name in sorted(enums):
        out.append('ABI_ENUM("%s enumerator %s", %s);' % (owner, name, name))
        out.append('printf("enumerator %s type=%%s\\n", ABI_TYPENAME(%s));' % (name, name))
    for owner in sorted(sizes):
        out.append('printf("%s size=%%zu\\n", sizeof(%s));' % (owner, c_spelling(owner)))
    for owner, path, is_bit in sorted(members):
        t, p = c_spelling(owner), c_path(path)
        what = '%s member %s' % (owner, path)
        if is_bit:
            out.append('{ %s o; memset(&o, 0, sizeof o); o.%s = -1;'
                       ' abi_bits("%s", (const unsigned char *)&o, sizeof o); }' % (t, p, what))
        else:
            out.append('{ %s o; printf("%s at=%%td sizeof=%%zu\\n",'
                       ' (char *)&o.%s - (char *)&o, sizeof o.%s); }' % (t, what, p, p))
    out.extend(_behaviours(fn_macros))
    if has_perf_event_open:
        out.append('{ int r; errno = 0; r = perf_event_open(NULL, 0, -1, -1, 0);'
                   ' printf("behaviour perf_event_open(NULL) returns %d errno=%d\\n", r, r < 0 ? errno : 0); }')
    out.append('return 0;\n}')
    return '\n'.join(out) + '\n', line_of


def build_and_run(src_text, incdir, workdir, tag):
    """Returns (facts or None, macro names the compiler rejected, error text)."""
    src, exe = '%s/probe_%s.c' % (workdir, tag), '%s/probe_%s' % (workdir, tag)
    with open(src, 'w') as f:
        f.write(src_text)
    rc, _o, err = cc(['-w', '-O0', '-o', exe, src], incdir, workdir)
    if rc != 0:
        bad_lines = set()
        for e in err.splitlines():
            # the error itself may point into a header, with a note naming
            # the probe line where the macro was expanded
            m = re.match(r'^[^:]*probe_%s\.c:(\d+):\d+: (?:error|note)' % re.escape(tag), e)
            if m:
                bad_lines.add(int(m.group(1)))
        return None, bad_lines, err
    rc, out, err = run([exe])
    if rc != 0:
        return None, set(), 'probe exited with %d: %s' % (rc, err)
    return set(out.splitlines()), set(), None
