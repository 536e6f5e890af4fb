# SPDX-License-Identifier: MIT
# Turns the DWARF of an object file (as printed by binutils' readelf) into
# sorted, position-independent "fact" lines describing every type the
# compiler saw: struct/union sizes, every member's offset, size, bit position
# and type, every enum with its size, signedness and enumerators, every
# typedef and every declared variable.  Two header sets are ABI-identical
# when their fact lines are identical.
import re
import subprocess

_DIE = re.compile(r'^\s*<(\d+)><([0-9a-f]+)>: Abbrev Number: (\d+)(?: \((\w+)\))?')
_ATTR = re.compile(r'^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s?(.*)$')
_REF = re.compile(r'<0x([0-9a-f]+)>')


class Die:
    __slots__ = ('off', 'depth', 'tag', 'attrs', 'children', 'parent')

    def __init__(self, off, depth, tag):
        self.off, self.depth, self.tag = off, depth, tag
        self.attrs, self.children, self.parent = {}, [], None

    def get(self, name, default=None):
        return self.attrs.get(name, default)


def _clean_value(raw):
    # "(indirect string, offset: 0x1a): name" -> "name"
    m = re.match(r'^\((?:indirect|indexed) (?:line )?string[^)]*\):\s*(.*)$', raw)
    if m:
        return m.group(1).strip()
    return raw.strip()


def parse_info(text):
    """Parses `readelf --debug-dump=info` output into a dict off -> Die."""
    dies, stack = {}, []
    cur = None
    for line in text.splitlines():
        m = _DIE.match(line)
        if m:
            depth, off, _abbrev, tag = int(m.group(1)), int(m.group(2), 16), m.group(3), m.group(4)
            if tag is None:          # "Abbrev Number: 0" closes a sibling list
                cur = None
                continue
            d = Die(off, depth, tag)
            dies[off] = d
            while stack and stack[-1].depth >= depth:
                stack.pop()
            if stack:
                d.parent = stack[-1]
                stack[-1].children.append(d)
            stack.append(d)
            cur = d
            continue
        m = _ATTR.match(line)
        if m and cur is not None:
            cur.attrs[m.group(1)] = _clean_value(m.group(2))
    return dies


def parse_file_table(text):
    """Maps DW_AT_decl_file numbers to full paths, from `--debug-dump=line`."""
    dirs, files, mode = {}, {}, None
    for line in text.splitlines():
        if 'The Directory Table' in line:
            mode = 'dir'
            continue
        if 'The File Name Table' in line:
            mode = 'file'
            continue
        if not line.strip():
            if mode == 'file':
                break
            continue
        parts = line.split('\t')
        if mode == 'dir' and len(parts) >= 2 and parts[0].strip().isdigit():
            dirs[int(parts[0])] = _clean_value(parts[-1])
        elif mode == 'file' and len(parts) >= 3 and parts[0].strip().isdigit():
            d = dirs.get(int(parts[1]), '')
            files[int(parts[0])] = d.rstrip('/') + '/' + _clean_value(parts[-1])
    return files


def _int(v):
    v = v.split()[0]
    return int(v, 16) if v.startswith('0x') else int(v)


class Namer:
    """Renders type DIEs as C-like type names, stable across compilations."""

    def __init__(self, dies):
        self.dies = dies
        self.typedef_of = {}
        for d in dies.values():
            if d.tag == 'DW_TAG_typedef' and 'DW_AT_type' in d.attrs:
                tgt = self.ref(d)
                if tgt is not None and tgt.off not in self.typedef_of:
                    self.typedef_of[tgt.off] = d.get('DW_AT_name')

    def ref(self, die):
        r = die.get('DW_AT_type')
        if r is None:
            return None
        m = _REF.search(r)
        return self.dies.get(int(m.group(1), 16)) if m else None

    def aggregate_name(self, d):
        kind = {'DW_TAG_structure_type': 'struct', 'DW_TAG_union_type': 'union',
                'DW_TAG_enumeration_type': 'enum'}[d.tag]
        name = d.get('DW_AT_name')
        if name:
            return '%s %s' % (kind, name)
        if d.off in self.typedef_of:
            return '%s {%s}' % (kind, self.typedef_of[d.off])
        if kind == 'enum':
            first = next((c.get('DW_AT_name') for c in d.children
                          if c.tag == 'DW_TAG_enumerator'), '')
            return 'enum {%s...}' % first
        return '%s {anonymous}' % kind

    def name(self, d):
        if d is None:
            return 'void'
        t = d.tag
        if t in ('DW_TAG_base_type', 'DW_TAG_typedef'):
            return d.get('DW_AT_name')
        if t in ('DW_TAG_structure_type', 'DW_TAG_union_type', 'DW_TAG_enumeration_type'):
            return self.aggregate_name(d)
        if t == 'DW_TAG_pointer_type':
            return self.name(self.ref(d)) + ' *'
        if t == 'DW_TAG_const_type':
            return 'const ' + self.name(self.ref(d))
        if t == 'DW_TAG_volatile_type':
            return 'volatile ' + self.name(self.ref(d))
        if t == 'DW_TAG_restrict_type':
            return 'restrict ' + self.name(self.ref(d))
        if t == 'DW_TAG_array_type':
            dims = ''
            for c in d.children:
                if c.tag != 'DW_TAG_subrange_type':
                    continue
                if 'DW_AT_count' in c.attrs:
                    dims += '[%d]' % _int(c.get('DW_AT_count'))
                elif 'DW_AT_upper_bound' in c.attrs:
                    dims += '[%d]' % (_int(c.get('DW_AT_upper_bound')) + 1)
                else:
                    dims += '[]'
            return self.name(self.ref(d)) + dims
        if t == 'DW_TAG_subroutine_type':
            params = [self.name(self.ref(c)) for c in d.children
                      if c.tag == 'DW_TAG_formal_parameter']
            if any(c.tag == 'DW_TAG_unspecified_parameters' for c in d.children):
                params.append('...')
            proto = 'yes' if d.get('DW_AT_prototyped') else 'no'
            return 'fn(%s) -> %s [prototyped=%s]' % (', '.join(params), self.name(self.ref(d)), proto)
        return '<%s>' % t


def _member_facts(namer, owner, agg, base, prefix, out):
    for m in agg.children:
        if m.tag != 'DW_TAG_member':
            continue
        mname = m.get('DW_AT_name')
        mtype = namer.ref(m)
        if not mname:   # anonymous member: name it by its absolute offset
            mname = '{@%d}' % (base + _int(m.get('DW_AT_data_member_location', '0')))
        path = prefix + mname
        tname = namer.name(mtype)
        if 'DW_AT_data_bit_offset' in m.attrs or 'DW_AT_bit_size' in m.attrs:
            bit = base * 8 + _int(m.get('DW_AT_data_bit_offset', '0'))
            out.add('%s member %s bit=%d width=%s type=%s' % (
                owner, path, bit, m.get('DW_AT_bit_size'), tname))
            continue
        off = base + _int(m.get('DW_AT_data_member_location', '0'))
        out.add('%s member %s off=%d type=%s' % (owner, path, off, tname))
        # Members of anonymous aggregates are reachable from the owner in C:
        # describe them with their absolute offsets.
        inner = mtype
        if (inner is not None and inner.tag in ('DW_TAG_structure_type', 'DW_TAG_union_type')
                and not inner.get('DW_AT_name') and inner.off not in namer.typedef_of):
            out.add('%s member %s size=%s kind=%s' % (owner, path, inner.get('DW_AT_byte_size'),
                                                       inner.tag[len('DW_TAG_'):-len('_type')]))
            _member_facts(namer, owner, inner, off, path + '.', out)


def facts_from_dies(dies, files=None, only_dir=None):
    """Returns a set of fact lines.  With only_dir, keeps only the types and
    typedefs declared in files whose directory ends with only_dir."""
    namer = Namer(dies)
    out = set()

    def wanted(d):
        if only_dir is None:
            return True
        f = d.get('DW_AT_decl_file')
        if f is None or files is None:
            return False
        path = files.get(_int(f), '')
        return path.rsplit('/', 1)[0].endswith(only_dir)

    for d in dies.values():
        if d.parent is None or d.parent.tag != 'DW_TAG_compile_unit':
            continue
        if not wanted(d):
            continue
        t = d.tag
        if t in ('DW_TAG_structure_type', 'DW_TAG_union_type'):
            owner = namer.aggregate_name(d)
            if owner.endswith('{anonymous}'):
                continue     # described through the member or typedef using it
            if d.get('DW_AT_declaration'):
                out.add('%s declared-only' % owner)
                continue
            out.add('%s size=%s' % (owner, d.get('DW_AT_byte_size')))
            _member_facts(namer, owner, d, 0, '', out)
        elif t == 'DW_TAG_enumeration_type':
            owner = namer.aggregate_name(d)
            out.add('%s size=%s encoding=%s type=%s' % (
                owner, d.get('DW_AT_byte_size'), d.get('DW_AT_encoding', '?').split('(')[-1].rstrip(')'),
                namer.name(namer.ref(d))))
            for c in d.children:
                if c.tag == 'DW_TAG_enumerator':
                    out.add('%s enumerator %s=%d' % (owner, c.get('DW_AT_name'),
                                                     _enum_value(c.get('DW_AT_const_value'), d)))
        elif t == 'DW_TAG_typedef':
            out.add('typedef %s = %s' % (d.get('DW_AT_name'), namer.name(namer.ref(d))))
        elif t == 'DW_TAG_variable':
            out.add('variable %s type=%s' % (d.get('DW_AT_name'), namer.name(namer.ref(d))))
    return out


def _enum_value(raw, enum_die):
    v = _int(raw)
    size = _int(enum_die.get('DW_AT_byte_size', '4'))
    signed = 'signed' in enum_die.get('DW_AT_encoding', '') and 'unsigned' not in enum_die.get('DW_AT_encoding', '')
    # readelf prints fixed-size forms as raw unsigned bit patterns
    if signed and v >= 1 << (8 * size - 1) and v < 1 << (8 * size):
        v -= 1 << (8 * size)
    return v


def object_facts_split(obj, only_dir):
    """(facts of every type, facts of the types declared under only_dir)"""
    info = subprocess.run(['readelf', '--debug-dump=info', obj], check=True,
                          capture_output=True, text=True).stdout
    line = subprocess.run(['readelf', '--debug-dump=line', obj], check=True,
                          capture_output=True, text=True).stdout
    dies, files = parse_info(info), parse_file_table(line)
    return facts_from_dies(dies), facts_from_dies(dies, files, only_dir)


def object_facts(obj, only_dir=None):
    info = subprocess.run(['readelf', '--debug-dump=info', obj], check=True,
                          capture_output=True, text=True).stdout
    files = None
    if only_dir is not None:
        line = subprocess.run(['readelf', '--debug-dump=line', obj], check=True,
                              capture_output=True, text=True).stdout
        files = parse_file_table(line)
    return facts_from_dies(parse_info(info), files, only_dir)


if __name__ == '__main__':
    import sys
    for f in sorted(object_facts(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)):
        print(f)
