/*
 * Check's test macros as cppcheck should see them (scripts/lint.sh passes
 * this with --include): without check.h a START_TEST body is no function
 * to it, and the tables the tests read look unused.
 */
#define START_TEST(name) static void name(int _i)
#define END_TEST
/* json-c's iteration over an object's members, as a loop cppcheck can read */
#define json_object_object_foreach(obj, key, val) \
	for (char *key = NULL; key;) \
		for (struct json_object *val = NULL; val;)
