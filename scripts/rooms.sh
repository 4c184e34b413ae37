#!/bin/sh
# The rooms of ARCHITECTURE.md that includes alone do not show, checked over
# the C files of a tree (comments and string literals left out):
#   - analysis/ prints nothing: no printf, puts, putc, fwrite, perror, err,
#     ... to any stream, and no stdout or stderr named (report/ prints);
#   - analysis/ reads no file: no open, fopen, mmap, read, fread, opendir,
#     ..., nor the project's readers (hg_infile_*, json-c's *_from_file):
#     the caller reads and hands analysis/ the data;
#   - no function outside tests/ is over 80 lines (from the "{" that opens
#     its body to the "}" that closes it, both in the first column).
# Prints each breach as file:line: what; exits 1 when there is one.
# usage: scripts/rooms.sh [ROOT]   (ROOT: the tree to check, by default ours)
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
MAXLEN=80


# the C files given, as "file:line:text", with comments and string and
# character literals blanked, line for line
code() {
	awk '
	FNR == 1 { incom = 0 }
	{
		s = $0; out = ""
		while (s != "") {
			if (incom) {
				if (!match(s, /\*\//)) { s = ""; break }
				s = substr(s, RSTART + 2); incom = 0; out = out " "
				continue
			}
			if (!match(s, /\/\*|\/\/|"|\047/)) { out = out s; break }
			out = out substr(s, 1, RSTART - 1); t = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
			if (t == "/*") { incom = 1; continue }
			if (t == "//") break
			# a literal: up to its unescaped closing quote
			if (t == "\"") found = match(s, /^([^"\\]|\\.)*"/)
			else found = match(s, /^([^\047\\]|\\.)*\047/)
			s = found ? substr(s, RLENGTH + 1) : ""
			out = out t t
		}
		print FILENAME ":" FNR ":" out
	}' "$@"
}

status=0
print_re='(v?f?printf|v?dprintf|puts|fputs|putc|fputc|putchar|fwrite|perror|psignal|err|errx|verr|warn|warnx|vwarn|(puts|fputs|putc|fputc|putchar|fwrite)_unlocked)[[:space:]]*\(|(stdout|stderr)([^A-Za-z0-9_]|$)'
read_re='(open|open64|openat|openat2|creat|fopen|fopen64|freopen|fdopen|fmemopen|popen|mmap|mmap64|read|readv|pread|pread64|preadv|fread|fgets|fgetc|getc|getchar|getline|getdelim|fscanf|vfscanf|scanf|opendir|fdopendir|readdir|scandir|nftw|ftw|readlink|readlinkat|stat|lstat|fstat|fstatat|access|faccessat|realpath|hg_infile_[A-Za-z0-9_]+|json_object_from_file|json_object_from_fd|json_object_from_fd_ex)[[:space:]]*\('
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
an=$(find analysis -name '*.[ch]' 2>/dev/null | sort)
if [ -n "$an" ]; then
	code $an | grep -E "^[^:]*:[0-9]*:(.*[^A-Za-z0-9_.>])?($print_re)" |
		sed 's,^\([^:]*:[0-9]*\):[[:space:]]*,rooms: \1: analysis/ prints nothing (report/ does): ,' >"$out"
	code $an | grep -E "^[^:]*:[0-9]*:(.*[^A-Za-z0-9_.>])?$read_re" |
		sed 's,^\([^:]*:[0-9]*\):[[:space:]]*,rooms: \1: analysis/ reads no file (its caller does): ,' >>"$out"
	if [ -s "$out" ]; then cut -c1-200 "$out"; status=1; fi
fi

# function lengths: the name from the last line in the first column with a
# "(" before the body's "{"
files=$(find . -name '*.c' -not -path './tests/*' -not -path './build*' \
	-not -path './.git/*' | sed 's,^\./,,' | sort)
long=$(code $files | awk -v max="$MAXLEN" '
	{
		f = $0; sub(/:.*/, "", f); t = $0; sub(/^[^:]*:/, "", t)
		n = t; sub(/:.*/, "", n); sub(/^[0-9]*:/, "", t)
	}
	f != last { last = f; start = 0 }
	t ~ /^[A-Za-z_].*\(/ { sig = t }
	t ~ /^\{/ { start = n; s = sig; sub(/\(.*/, "", s); k = split(s, w, /[ \t*]+/); name = w[k] }
	t ~ /^\}/ && start { if (n - start + 1 > max) print f, name, start, n - start + 1; start = 0 }')
if [ -n "$long" ]; then
	printf '%s\n' "$long" | while read -r f name line len; do
		echo "rooms: $f:$line: $name is $len lines (at most $MAXLEN)"
	done
	status=1
fi
[ "$status" -eq 0 ] && echo "rooms: analysis/ prints and reads nothing, no function over $MAXLEN lines"
exit $status
