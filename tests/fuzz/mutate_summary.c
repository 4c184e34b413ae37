// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutate_summary.c - a JSON-aware mutator for fuzz_summary (libFuzzer only)
 *
 * Byte mutations of JSON mostly make text that does not parse, and the
 * reader's checks of each field are never reached. This mutator parses
 * the input with json-c and changes one node of the tree: a value set to
 * a boundary of the ranges the reader checks (0, -1, 1023, 1024, 2^53,
 * 2^53 + 1, 2^63, -2^63, 1e300, 0.5, NaN, the infinities, one more or less
 * than it was) or to another type (a string, with an escape too, null, a
 * boolean, an empty array or object); a member or an element removed; an
 * element of an array repeated (a thread twice). It writes the tree back;
 * what does not parse is left to libFuzzer's byte mutations.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "fuzz.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed);

#define MAX_NODES 8192

/* A node of the tree: where it hangs (a member's key or an element's index). */
struct node {
	struct json_object *parent;	/* NULL: the root */
	const char *key;		/* in an object; NULL in an array */
	size_t idx;
	struct json_object *self;
};

static struct {
	struct node n[MAX_NODES];
	size_t count;
} tree;

static uint64_t next(uint64_t *r)
{
	*r ^= *r << 13;
	*r ^= *r >> 7;
	*r ^= *r << 17;
	return *r;
}

static void walk(struct json_object *parent, const char *key, size_t idx,
		 struct json_object *o, int depth)
{
	size_t i, len;

	if (tree.count == MAX_NODES || depth > 32)
		return;
	tree.n[tree.count++] = (struct node){ parent, key, idx, o };
	if (json_object_is_type(o, json_type_object)) {
		json_object_object_foreach(o, k, v)
			walk(o, k, 0, v, depth + 1);
	} else if (json_object_is_type(o, json_type_array)) {
		len = json_object_array_length(o);
		for (i = 0; i < len; i++)
			walk(o, NULL, i, json_object_array_get_idx(o, i), depth + 1);
	}
}

/* A value at a boundary of what the reader checks, for a node that held @old. */
static struct json_object *boundary(struct json_object *old, uint64_t *r)
{
	double d = old ? json_object_get_double(old) : 0;

	if (!(d > -1e18 && d < 1e18))	/* NaN, the infinities, beyond int64 */
		d = 0;

	switch (next(r) % 24) {
	case 0:  return json_object_new_int64(0);
	case 1:  return json_object_new_int64(-1);
	case 2:  return json_object_new_int64(1023);
	case 3:  return json_object_new_int64(1024);
	case 4:  return json_object_new_int64(9007199254740992LL);
	case 5:  return json_object_new_int64(9007199254740993LL);
	case 6:  return json_object_new_uint64(1ULL << 63);
	case 7:  return json_object_new_int64(INT64_MIN);
	case 8:  return json_object_new_double(1e300);
	case 9:  return json_object_new_double(0.5);
	case 10: return json_object_new_double(NAN);
	case 11: return json_object_new_double(INFINITY);
	case 12: return json_object_new_double(-INFINITY);
	case 13: return json_object_new_int64((int64_t)d + 1);
	case 14: return json_object_new_int64((int64_t)d - 1);
	case 15: return json_object_new_double(-d);
	case 16: return json_object_new_string("x");
	case 17: return json_object_new_string("\033[31m\a");
	case 18: return NULL;	/* null */
	case 19: return json_object_new_boolean(1);
	case 20: return json_object_new_array();
	case 21: return json_object_new_object();
	case 22: return json_object_new_int64((int64_t)(next(r) % 2048));
	default: return json_object_new_double((double)(next(r) % 100000) / 1000);
	}
}

/* Hang @v where @n was (the old value freed); the root cannot be replaced. */
static void replace(const struct node *n, struct json_object *v)
{
	if (!n->parent) {
		json_object_put(v);
		return;
	}
	if (n->key)
		json_object_object_add(n->parent, n->key, v);
	else
		json_object_array_put_idx(n->parent, n->idx, v);
}

/* One change to the tree of @root; 0, or -1 when none could be made. */
static int mutate_tree(struct json_object *root, uint64_t *r)
{
	struct node n;
	unsigned int how = (unsigned int)(next(r) % 8);

	tree.count = 0;
	walk(NULL, NULL, 0, root, 0);
	if (tree.count < 2)
		return -1;
	n = tree.n[1 + next(r) % (tree.count - 1)];
	if (how < 5) {
		replace(&n, boundary(n.self, r));
	} else if (how == 5) {
		if (n.key)
			json_object_object_del(n.parent, n.key);
		else
			json_object_array_del_idx(n.parent, n.idx, 1);
	} else if (json_object_is_type(n.parent, json_type_array)) {
		struct json_object *copy = NULL;

		if (json_object_deep_copy(n.self, &copy, NULL))
			return -1;
		json_object_array_add(n.parent, copy);	/* a thread twice */
	} else {
		struct node other = tree.n[1 + next(r) % (tree.count - 1)];
		struct json_object *copy = NULL;

		/* a subtree where another was: a thread's object as its gaps, say */
		if (other.self == n.self || json_object_deep_copy(other.self, &copy, NULL))
			return -1;
		replace(&n, copy);
	}
	return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	uint64_t r = (uint64_t)seed * 0x9e3779b97f4a7c15ULL | 1;
	struct json_tokener *tok;
	struct json_object *root = NULL;
	const char *text;
	size_t len;

	if (next(&r) % 4 && size < (1u << 24) && (tok = json_tokener_new())) {
		root = json_tokener_parse_ex(tok, (const char *)data, (int)size);
		json_tokener_free(tok);
	}
	if (!root || mutate_tree(root, &r)) {
		json_object_put(root);
		return LLVMFuzzerMutate(data, size, max_size);
	}
	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN);
	len = strlen(text);
	if (len > max_size) {
		json_object_put(root);
		return LLVMFuzzerMutate(data, size, max_size);
	}
	memcpy(data, text, len);
	json_object_put(root);
	return len;
}
