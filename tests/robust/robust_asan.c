/*
 * SPDX-License-Identifier: MIT
 * tests/robust/robust_asan.c - the program of the robustness checks on the
 * ASan+UBSan library (robust.h): the one named first runs.
 * usage: robust_asan strings [ROUNDS] | robust_asan hostile
 */
#include <stdio.h>
#include <string.h>
#include "robust.h"

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "strings"))
		return robust_strings(argc - 1, argv + 1);
	if (argc == 2 && !strcmp(argv[1], "hostile"))
		return robust_hostile(argc - 1, argv + 1);
	fprintf(stderr, "usage: %s strings [ROUNDS] | %s hostile\n", argv[0], argv[0]);
	return 2;
}
