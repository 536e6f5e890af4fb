/*
 * SPDX-License-Identifier: MIT
 * scratch.h - sysfs trees the sysfs suites create at run time, for
 * content that cannot be committed: a file larger than any sysfs
 * attribute, a file holding a NUL byte, a FIFO where a file is expected,
 * a PMU with more format fields than a PMU may have modifiers, and the
 * malformed tree (tests/fixtures/sysfs/broken) completed with its links to
 * a device, to nothing and to a missing PMU directory. Each tree is a
 * temporary directory of tests/lib, under $TMPDIR (removed at exit at the
 * latest).
 */
#ifndef SYSFS_SCRATCH_H
#define SYSFS_SCRATCH_H

/* create the `scratch` PMU's tree under a new directory; returns its root (the sysroot), NULL on failure */
const char *scratch_create(void);
/* the `scratch` PMU's directory inside it */
const char *scratch_pmu_dir(void);
/* remove the whole tree */
void scratch_remove(void);

/*
 * the malformed tree: a copy of FIXTURES/broken plus
 *   devices/ghost            -> ../../../devices/ghost (a PMU link whose target is missing)
 *   devices/good/events/zero -> /dev/zero (a device where a file is expected)
 *   devices/good/events/dangling -> gone, devices/good/format/dangling -> nowhere
 * made once; returns its root (the sysroot), NULL on failure
 */
const char *scratch_broken(const char *fixtures);

#endif
