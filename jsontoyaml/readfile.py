# SPDX-License-Identifier: MIT
"""Reads the converter's input files (perf's JSON and mapfile.csv, our YAML
overlays) without ever blocking: only regular files are read (a FIFO, a
device or a symlink to one is refused before anything is read from it), the
file is opened non-blocking, and at most MAX_BYTES are read."""
import os
import stat

from errors import ConvertError

# perf's largest JSON file is under 1 MiB (x86/icelakex/uncore-interconnect.json,
# 840 KB); no input of the converter may be larger than this
MAX_BYTES = 16 * 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode):
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _check_regular(path, st):
    if not stat.S_ISREG(st.st_mode):
        raise ConvertError("cannot read: %s, not a regular file" % _kind(st.st_mode), path)
    if st.st_size > MAX_BYTES:
        raise ConvertError("cannot read: larger than %d bytes (%d)" % (MAX_BYTES, st.st_size), path)


def read_text(path, universal_newlines=True):
    """The UTF-8 text of the regular file path, as open(path, encoding="utf-8")
    would read it (newline=None), or with its line ends kept as they are when
    universal_newlines is false (newline="")."""
    try:
        _check_regular(path, os.stat(path))
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise ConvertError("cannot read: %s" % e, path)
    try:
        # the file may have been replaced since the stat() above
        _check_regular(path, os.fstat(fd))
        chunks, size = [], 0
        while size <= MAX_BYTES:
            b = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not b:
                break
            chunks.append(b)
            size += len(b)
    except OSError as e:
        raise ConvertError("cannot read: %s" % e, path)
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise ConvertError("cannot read: larger than %d bytes" % MAX_BYTES, path)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as e:
        raise ConvertError("cannot read: %s" % e, path)
    if universal_newlines:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text
