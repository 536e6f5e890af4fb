/*
 * scratch.h - the sysfs tree the sysfs suites create at run time, for
 * content that cannot be committed: a file larger than any sysfs
 * attribute, a file holding a NUL byte, a FIFO where a file is expected,
 * and a PMU with more format fields than a PMU may have modifiers. The
 * tree is a temporary directory of tests/lib (removed at exit at the latest).
 */
#ifndef SYSFS_SCRATCH_H
#define SYSFS_SCRATCH_H

/* create the tree under a new directory; returns its root (the sysroot), NULL on failure */
const char *scratch_create(void);
/* the `scratch` PMU's directory inside it */
const char *scratch_pmu_dir(void);
/* remove the whole tree */
void scratch_remove(void);

#endif
