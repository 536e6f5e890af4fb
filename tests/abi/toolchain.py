# SPDX-License-Identifier: MIT
# How the ABI test runs the C compiler: one place for the compiler command,
# the language standard and the include-directory choice, so that the
# installed (oracle) headers and ours are always compiled the same way.
import os
import subprocess

CC = os.environ.get('ABI_CC', 'gcc')
CXX = os.environ.get('ABI_CXX', 'g++')
STD = ['-std=gnu11']


def inc_flags(incdir):
    """incdir None means the installed headers (found in /usr/include)."""
    return ['-I', incdir] if incdir else []


def run(cmd, cwd=None, input_text=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, input=input_text)
    return p.returncode, p.stdout, p.stderr


def cc(args, incdir, cwd):
    return run([CC] + STD + inc_flags(incdir) + args, cwd=cwd)
