/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/shape.c - limits on a document's shape, checked before
 * anything is built.
 *
 * libyaml keeps an alias as a second reference to its anchored node, so a
 * walk of the document visits that node's subtree once per use: nested
 * aliases ("billion laughs") make a small file expand exponentially, and an
 * alias inside its own anchor makes a cycle. One walk that visits each
 * node's subtree once (sizes and heights remembered) counts the nodes every
 * reuse would add, and refuses a document whose expansion passes
 * max_alias_nodes, that nests deeper than max_depth once aliases are
 * expanded, or that holds a cycle.
 */
#include <stdlib.h>
#include "table/descriptor/sections.h"

struct shape {
	size_t *size;		/* nodes of the expanded subtree, 0 = not measured yet */
	unsigned *height;	/* collection levels of the expanded subtree */
	unsigned char *busy;	/* on the current walk: a cycle if reached again */
	size_t alias_nodes;
};

static size_t index_of(struct pp_reader *l, const yaml_node_t *n)
{
	return (size_t)(n - l->doc.nodes.start);
}

static size_t node_count(struct pp_reader *l)
{
	return (size_t)(l->doc.nodes.top - l->doc.nodes.start);
}

static int measure(struct pp_reader *l, struct shape *sh, int id, unsigned depth);

/* child id measured, and counted into its parent's size and height */
static int add_child(struct pp_reader *l, struct shape *sh, int id, unsigned depth, size_t *size, unsigned *height)
{
	if (measure(l, sh, id, depth))
		return -1;
	yaml_node_t *c = pp_rd_node(l, id);
	if (c) {
		size_t ci = index_of(l, c);
		*size += sh->size[ci];
		if (sh->height[ci] > *height)
			*height = sh->height[ci];
	}
	return 0;
}

/* a second reference: an alias, whose whole subtree counts again */
static int reuse(struct pp_reader *l, struct shape *sh, yaml_node_t *n, unsigned depth)
{
	size_t i = index_of(l, n);
	sh->alias_nodes += sh->size[i];
	if (sh->alias_nodes > l->max_alias_nodes)
		return pp_rd_fail(l, n, "aliases expand to more than %zu nodes", l->max_alias_nodes);
	if (depth + sh->height[i] > l->max_depth)
		return pp_rd_fail(l, n, "nested deeper than %u levels", l->max_depth);
	return 0;
}

static int measure_children(struct pp_reader *l, struct shape *sh, yaml_node_t *n, unsigned depth,
			    size_t *size, unsigned *height)
{
	if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
			if (add_child(l, sh, *it, depth + 1, size, height))
				return -1;
		return 0;
	}
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
		if (add_child(l, sh, p->key, depth + 1, size, height) ||
		    add_child(l, sh, p->value, depth + 1, size, height))
			return -1;
	return 0;
}

static int measure(struct pp_reader *l, struct shape *sh, int id, unsigned depth)
{
	yaml_node_t *n = pp_rd_node(l, id);
	if (!n)
		return 0;
	size_t i = index_of(l, n);
	if (sh->busy[i])
		return pp_rd_fail(l, n, "an alias refers to a collection that contains it");
	if (sh->size[i])
		return reuse(l, sh, n, depth);
	size_t size = 1;
	unsigned height = 0;
	if (n->type != YAML_SCALAR_NODE) {
		if (depth + 1 > l->max_depth)
			return pp_rd_fail(l, n, "nested deeper than %u levels", l->max_depth);
		sh->busy[i] = 1;
		if (measure_children(l, sh, n, depth, &size, &height))
			return -1;
		sh->busy[i] = 0;
		height++;
		if (size > l->max_alias_nodes + node_count(l))
			size = l->max_alias_nodes + node_count(l);
	}
	sh->size[i] = size;
	sh->height[i] = height;
	return 0;
}

int pp_rd_check_shape(struct pp_reader *l)
{
	size_t n = node_count(l);
	if (!n)
		return 0;
	struct shape sh = { 0 };
	sh.size = calloc(n, sizeof(*sh.size));
	sh.height = calloc(n, sizeof(*sh.height));
	sh.busy = calloc(n, 1);
	int r = (!sh.size || !sh.height || !sh.busy) ? pp_rd_fail(l, NULL, "out of memory") : measure(l, &sh, 1, 0);
	free(sh.size);
	free(sh.height);
	free(sh.busy);
	return r;
}
