# hourglass - synthetic real-time workload and execution-gap tracer
#
# make            build build/hourglass
# make check      build and run every test
# make bench      run the benchmarks (tests/bench)
# make demo       install what is missing (as root), build, run a short experiment
# make install    install the program, man page, bash completion, JSON schemas and the
#                 systemd example (PREFIX, DESTDIR); make install-strip the same, the
#                 program stripped
# make V=1        the same targets, with the compiler's command lines shown
# make check SANITIZE=1   the same tests built with ASan and UBSan in build-san/
# make fuzz       build the fuzz targets with libFuzzer (build-fuzz/fuzz/)
# make ARCH=arm64 the arm64 binary, cross-built in build-arm64/
# make check-arch ARCH=arm64   the tests that need no real time, under qemu-user
# make compile-arch ARCH=riscv64  every object compiled, nothing linked
# make help       list the targets

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/hourglass
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 0755
SCHEMADIR ?= $(DATADIR)/schemas
DESTDIR ?=

CC      ?= cc
PKG_CONFIG ?= pkg-config
BUILD   := build

# --- another architecture -----------------------------------------------------
# ARCH=arm64 (or riscv64): cross-build into build-<arch>/ with Debian's
# <triplet>-gcc, every library found through pkg-config in the multiarch
# directory /usr/lib/<triplet>/ (scripts/deps.sh --arch <arch> installs the
# toolchain, the :<arch> libraries and qemu-user). ARCH left out, or the
# machine's own, builds natively in build/.
ARCH ?=
ARCH_TRIPLET_arm64   := aarch64-linux-gnu
ARCH_TRIPLET_riscv64 := riscv64-linux-gnu
ARCH_QEMU_arm64      := qemu-aarch64-static
ARCH_QEMU_riscv64    := qemu-riscv64-static
ARCH_NATIVE := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
ifneq ($(filter-out $(ARCH_NATIVE) x86_64 amd64,$(ARCH)),)
ARCH_TRIPLET := $(ARCH_TRIPLET_$(ARCH))
ifeq ($(ARCH_TRIPLET),)
$(error ARCH=$(ARCH): not one we cross-build for (arm64, riscv64))
endif
ARCH_QEMU := $(ARCH_QEMU_$(ARCH))
BUILD   := build-$(ARCH)
CC      := $(ARCH_TRIPLET)-gcc
AR      := $(ARCH_TRIPLET)-ar
PKG_CONFIG := PKG_CONFIG_LIBDIR=/usr/lib/$(ARCH_TRIPLET)/pkgconfig:/usr/share/pkgconfig \
	      PKG_CONFIG_SYSROOT_DIR= pkg-config
# Debian 12's libgsl-dev cannot be installed for two architectures at once:
# the host's headers (the same on every architecture) and <arch>'s runtime
# libraries (libgsl27:<arch>, libgslcblas0:<arch>), linked by soname
GSL_LIBS_NOPC := -l:libgsl.so.27 -l:libgslcblas.so.0
endif
# --- end of another architecture ------------------------------------------------

# V=1 shows the compiler's command lines; by default each step is one short
# line ("  CC      build/obj/trace/arena.o"), as the kernel's build prints them
V ?= 0
ifeq ($(V),1)
Q       =
say     =
else
Q       = @
say     = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

STD     = -std=c11 -D_GNU_SOURCE -I.
WARN    = -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wsign-compare \
          -Wtype-limits -Wformat=2 -Werror=format-security
OPT     ?= -O2 -g
HARDEN  = -D_FORTIFY_SOURCE=2 -fstack-protector-strong
DEPFLAGS = -MMD -MP

NUMA_CFLAGS  := $(shell $(PKG_CONFIG) --cflags numa 2>/dev/null)
NUMA_LIBS    := $(shell $(PKG_CONFIG) --libs numa 2>/dev/null || echo -lnuma)
CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt)
JSON_CFLAGS  := $(shell $(PKG_CONFIG) --cflags json-c 2>/dev/null || echo -I/usr/include/json-c)
JSON_LIBS    := $(shell $(PKG_CONFIG) --libs json-c 2>/dev/null || echo -ljson-c)
Z_LIBS       := $(shell $(PKG_CONFIG) --libs zlib 2>/dev/null || echo -lz)
# --kernel: tracefs through the libraries rtla uses
TRACEFS_CFLAGS := $(shell $(PKG_CONFIG) --cflags libtracefs libtraceevent 2>/dev/null || \
		    echo -I/usr/include/tracefs -I/usr/include/traceevent)
TRACEFS_LIBS := $(shell $(PKG_CONFIG) --libs libtracefs libtraceevent 2>/dev/null || \
		  echo -ltracefs -ltraceevent)
# hourglass tail: the minimiser, root finder and distributions of GSL
GSL_LIBS_NOPC ?= -lgsl -lgslcblas
GSL_CFLAGS   := $(shell $(PKG_CONFIG) --cflags gsl 2>/dev/null)
GSL_LIBS     := $(shell $(PKG_CONFIG) --libs gsl 2>/dev/null || echo $(GSL_LIBS_NOPC))
TEST_CFLAGS  = $(CHECK_CFLAGS) $(JSON_CFLAGS)
TEST_LIBS    = $(CHECK_LIBS) $(JSON_LIBS)

# SANITIZE=1: AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer,
# stopping at the first report, in a build directory of their own. Reports go to
# files under $(BUILD)/sanitizer/; tests/sanitizer-reports.sh prints them after the
# tests and fails the run when there is one, wherever the test sent stderr.
SANITIZE ?=
ifeq ($(SANITIZE),1)
BUILD   := build-san
# clang's runtimes honour log_path for UBSan too (GCC's print UBSan reports on stderr)
SAN_CC  := $(shell command -v clang-14 || command -v clang)
ifneq ($(SAN_CC),)
CC      := $(SAN_CC)
endif
OPT     = -O1 -g
HARDEN  = -fstack-protector-strong
# clang 14 does not define GCC's __SANITIZE_ADDRESS__, which tests test
SAN_CFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	     -D__SANITIZE_ADDRESS__
SAN_DIR := $(abspath $(BUILD))/sanitizer
ASAN_BASE := halt_on_error=1:abort_on_error=1:detect_leaks=1$(if $(ASAN_OPTIONS),:$(ASAN_OPTIONS))
UBSAN_BASE := halt_on_error=1:abort_on_error=1:print_stacktrace=1$(if $(UBSAN_OPTIONS),:$(UBSAN_OPTIONS))
# the sanitizers make code two to five times slower: Check's timeouts grow with it
export CK_TIMEOUT_MULTIPLIER ?= 4
export HG_UNIT_RAW := 1
# $(call san_run,NAME,COMMAND): COMMAND with its reports in $(SAN_DIR)/NAME, checked after
san_run = rm -rf $(SAN_DIR)/$(1) && mkdir -p $(SAN_DIR)/$(1) && \
	ASAN_OPTIONS=$(ASAN_BASE):log_path=$(SAN_DIR)/$(1)/asan \
	UBSAN_OPTIONS=$(UBSAN_BASE):log_path=$(SAN_DIR)/$(1)/ubsan $(2); \
	st=$$?; sh tests/sanitizer-reports.sh $(SAN_DIR)/$(1) || st=1; exit $$st
else
san_run = $(2)
endif

# FUZZ=1 (set by make fuzz): libFuzzer builds with ASan and UBSan in build-fuzz/.
# AFL=1 (set by make fuzz-afl): the targets with driver.c, built by afl-clang-fast.
ifeq ($(FUZZ),1)
BUILD   := build-fuzz
CC      := $(shell command -v clang-14 || command -v clang || echo clang)
OPT     = -O1 -g
HARDEN  =
SAN_CFLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer -D__SANITIZE_ADDRESS__
endif
ifeq ($(AFL),1)
BUILD   := build-afl
AFL_CC  ?= afl-clang-fast
CC      := $(AFL_CC)
OPT     = -O1 -g
HARDEN  =
SAN_CFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all
endif

FINAL_CFLAGS = $(STD) $(WARN) $(OPT) $(HARDEN) $(SAN_CFLAGS) $(NUMA_CFLAGS) $(JSON_CFLAGS) \
	       $(TRACEFS_CFLAGS) $(GSL_CFLAGS) $(CFLAGS)
LIBS    = $(NUMA_LIBS) $(JSON_LIBS) $(TRACEFS_LIBS) $(GSL_LIBS) $(Z_LIBS) -lpthread -lrt -lm

SRC_DIRS := util trace timers workloads analysis analysis/stats analysis/kernel analysis/sched analysis/gaps analysis/compare audit report svg export html run
LIB_SRC := $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c)) \
           $(filter-out hourglass/main.c,$(wildcard hourglass/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
LIB     := $(BUILD)/libhourglass.a
BIN     := $(BUILD)/hourglass

TEST_SRC := $(wildcard tests/check_*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_HELPER_OBJ := $(BUILD)/tests/helpers.o
BENCH_SRC := $(wildcard tests/bench/*.c)
BENCH_BIN := $(BENCH_SRC:tests/bench/%.c=$(BUILD)/bench/%)

# Fuzz targets, one tests/fuzz/fuzz_<name>.c each (see tests/fuzz/fuzz.h).
# make check replays their seed corpora and the inputs that once crashed
# through replay-<name>, the target with driver.c (built by $(CC)).
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_OBJ   := $(BUILD)/obj/tests/fuzz
FUZZ_BIN   := $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)
REPLAY_BIN := $(FUZZ_NAMES:%=$(BUILD)/fuzz/replay-%)
FUZZ_TIME  ?= 30
FUZZ_SEED  ?=
# fuzz_trace's mutator learns where the fields are from the reader's own reads
FUZZ_LDFLAGS_trace = -Wl,--wrap=hg_get_u16,--wrap=hg_get_u32,--wrap=hg_get_u64 \
		     -Wl,--wrap=hg_get_str,--wrap=hg_get_label

.PHONY: all tests check unit smoke badinput replay bench demo paper install install-strip \
	uninstall clean help deps fuzz fuzz-build fuzz-run fuzz-afl lint layers check-arch compile-arch \
	manquotes readme

all: $(BIN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(BIN): $(BUILD)/obj/hourglass/main.o $(LIB)
	$(call say,LD,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(LDFLAGS) $^ $(LIBS) -o $@

$(BUILD)/tests/helpers.o: tests/helpers.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(TEST_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(TEST_HELPER_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(TEST_CFLAGS) $(DEPFLAGS) $< $(TEST_HELPER_OBJ) $(LIB) \
		$(TEST_LIBS) $(LIBS) -o $@

$(BUILD)/fuzz/replay-%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/util.o $(FUZZ_OBJ)/driver.o $(LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(LDFLAGS) $^ $(LIBS) -o $@

$(BUILD)/fuzz/trace: $(FUZZ_OBJ)/mutate_trace.o
$(BUILD)/fuzz/summary: $(FUZZ_OBJ)/mutate_summary.o

$(BUILD)/fuzz/%: $(FUZZ_OBJ)/fuzz_%.o $(FUZZ_OBJ)/util.o $(LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) $(FUZZ_LDFLAGS_$*) \
		$(filter %.o,$^) $(LIB) $(LIBS) -o $@

$(BUILD)/bench/%: tests/bench/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(FINAL_CFLAGS) $(DEPFLAGS) $< $(LIB) $(LIBS) -o $@

# everything make check runs, built (make -j2 tests builds it in parallel)
tests: $(BIN) $(TEST_BIN) $(REPLAY_BIN)

check: unit smoke badinput replay layers manquotes readme

unit: $(TEST_BIN)
	@$(call san_run,unit,sh tests/run-unit.sh $(TEST_BIN))

# VALGRIND=1: every run of the binary under valgrind's memcheck; its reports
# go to $(BUILD)/valgrind/ and fail the run like the sanitizers'
ifeq ($(VALGRIND),1)
smoke: $(BIN)
	@rm -rf $(BUILD)/valgrind && mkdir -p $(BUILD)/valgrind && \
	HG_VALGRIND_BIN=$(BIN) HG_VALGRIND_DIR=$(abspath $(BUILD))/valgrind \
	sh tests/smoke.sh tests/valgrind-hg.sh; \
	st=$$?; sh tests/sanitizer-reports.sh $(BUILD)/valgrind || st=1; exit $$st
else
smoke: $(BIN)
	@$(call san_run,smoke,sh tests/smoke.sh $(BIN))
endif

badinput: $(BIN)
	@$(call san_run,badinput,bash tests/badinput.sh $(BIN))

# the README's commands, run, so that it never goes stale (tests/readme.sh)
readme: $(BIN)
	@$(call san_run,readme,sh tests/readme.sh $(BIN))

# the man page's quoted messages, run again (tests/man-quotes.sh)
manquotes: $(BIN)
	@$(call san_run,manquotes,sh tests/man-quotes.sh $(BIN))

replay: $(REPLAY_BIN)
	@$(call san_run,replay,sh tests/fuzz/replay.sh $(BUILD)/fuzz $(FUZZ_NAMES))

# make check-arch ARCH=arm64: the unit tests and the smoke tests that need no
# real time and no privilege, run under qemu-user (tests/arch.sh says what it
# skips and why); the tests are built first
check-arch:
ifeq ($(ARCH_QEMU),)
	@echo "check-arch: say which architecture: make check-arch ARCH=arm64" >&2; exit 2
else
	@$(MAKE) --no-print-directory ARCH=$(ARCH) $(BIN) $(TEST_BIN)
	@sh tests/arch.sh $(ARCH_QEMU) $(ARCH_TRIPLET) $(BIN) $(TEST_BIN)
endif

# make compile-arch ARCH=riscv64: every object compiled with the cross
# compiler, nothing linked (Debian 12 has no :riscv64 libraries to link with)
compile-arch:
ifeq ($(ARCH_TRIPLET),)
	@echo "compile-arch: say which architecture: make compile-arch ARCH=riscv64" >&2; exit 2
else
	@$(MAKE) --no-print-directory ARCH=$(ARCH) $(LIB) $(BUILD)/obj/hourglass/main.o
	@echo "compile-arch: every object compiled for $(ARCH) in $(BUILD)/"
endif

# the folder rules of ARCHITECTURE.md, and their checker on trees of its own
layers:
	@sh tests/layers.sh && sh scripts/layers.sh && sh tests/rooms.sh && sh scripts/rooms.sh && sh tests/msgrule.sh && sh scripts/msgrule.sh

lint:
	@sh scripts/lint.sh

fuzz:
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-build

fuzz-build: $(FUZZ_BIN)

fuzz-run: fuzz
	@sh tests/fuzz/run.sh build-fuzz $(if $(FUZZ_SEED),seed:$(FUZZ_SEED),$(FUZZ_TIME)) \
		$(FUZZ_NAMES)

fuzz-afl:
	@$(MAKE) --no-print-directory AFL=1 $(FUZZ_NAMES:%=build-afl/fuzz/replay-%)

bench: $(BIN) $(BENCH_BIN)
	@sh tests/bench/run.sh $(BUILD)

deps:
	@sh scripts/deps.sh

# what the demo does, one line a step; the build's own lines with V=1
demo: deps
	@echo "demo: building $(BIN)$(if $(filter 1,$(V)),, (make demo V=1 shows the compiler's lines))"
	@$(MAKE) --no-print-directory all $(if $(filter 1,$(V)),,>/dev/null)
	@sh scripts/demo.sh $(BIN)

paper: $(BIN)
	@sh scripts/paper-schedulability.sh $(BIN)

install: $(BIN)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	$(INSTALL_PROGRAM) $(BIN) $(DESTDIR)$(BINDIR)/hourglass
	$(INSTALL) -m 0644 man/hourglass.1 $(DESTDIR)$(MANDIR)/man1/hourglass.1
	$(INSTALL) -m 0644 scripts/hourglass.bash-completion $(DESTDIR)$(BASHCOMPDIR)/hourglass
	$(INSTALL) -d $(DESTDIR)$(SCHEMADIR)
	$(INSTALL) -m 0644 schemas/*.schema.json $(DESTDIR)$(SCHEMADIR)
	$(INSTALL) -m 0644 scripts/hourglass.service $(DESTDIR)$(DATADIR)/hourglass.service

# the GNU convention: install with the program stripped of its symbols
install-strip:
	$(MAKE) INSTALL_PROGRAM='$(INSTALL_PROGRAM) -s' install

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/hourglass $(DESTDIR)$(MANDIR)/man1/hourglass.1 \
		$(DESTDIR)$(BASHCOMPDIR)/hourglass
	rm -f $(addprefix $(DESTDIR)$(SCHEMADIR)/,$(notdir $(wildcard schemas/*.schema.json)))
	rm -f $(DESTDIR)$(DATADIR)/hourglass.service
	-rmdir $(DESTDIR)$(SCHEMADIR) $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf $(BUILD) build-san build-fuzz build-afl build-arm64 build-riscv64

help:
	@echo "targets:"
	@echo "  all        build $(BIN) (default)"
	@echo "  check      build and run the unit tests (Check), the smoke tests, the"
	@echo "             bad-input catalogue (tests/badinput.txt), the fuzz corpora and"
	@echo "             the man page's quoted messages (tests/man-quotes.sh) and the"
	@echo "             README's commands (tests/readme.sh);"
	@echo "             with SANITIZE=1 built with ASan and UBSan in build-san/"
	@echo "  fuzz       build the fuzz targets with libFuzzer in build-fuzz/fuzz/ (clang);"
	@echo "             fuzz-run runs each for FUZZ_TIME seconds (30), or with FUZZ_SEED=N"
	@echo "             bounded by work (seed N, the run counts in tests/fuzz/runs: CI);"
	@echo "             fuzz-afl builds them for AFL++ (build-afl/fuzz/replay-<name> @@)"
	@echo "  lint       the folder rules (scripts/layers.sh), the rooms (scripts/rooms.sh), the"
	@echo "             message rule (scripts/msgrule.sh), cppcheck and clang-tidy over the tree"
	@echo "             (.clang-tidy, scripts/cppcheck-suppressions)"
	@echo "  layers     the folder rules, the rooms and the message rule alone, with their tests (also in check)"
	@echo "  check-arch with ARCH=arm64: cross-build in build-arm64/ and run the unit"
	@echo "             tests and the smoke tests that need no real time under qemu-user"
	@echo "  compile-arch with ARCH=riscv64: compile every object, link nothing (no"
	@echo "             :riscv64 libraries in Debian 12)"
	@echo "  smoke      the smoke tests alone; with VALGRIND=1 under valgrind memcheck"
	@echo "  bench      run the benchmarks in tests/bench and print their ratios"
	@echo "  demo       install missing packages (as root), build, run the paper's"
	@echo "             3-thread and context-switch experiments and say where their"
	@echo "             output went, one line a step (V=1: the compiler's lines too)"
	@echo "  paper      the paper's schedulability runs (sections 5.5, 5.6): predicted"
	@echo "             against measured, with timers and reservations (root)"
	@echo "  install    install to \$$(DESTDIR)\$$(PREFIX) (PREFIX=$(PREFIX)): the program,"
	@echo "             the man page, the JSON schemas and the bash completion (in"
	@echo "             \$$(BASHCOMPDIR))"
	@echo "  install-strip  the same, the program stripped"
	@echo "  uninstall  remove what install put there"
	@echo "  clean      remove build/, build-san/, build-fuzz/, build-afl/ and build-<arch>/"
	@echo "  V=1        show the compiler's command lines (by default one short line a step)"
	@echo "variables: ARCH (arm64, riscv64: cross-build in build-<arch>/),"
	@echo "           CC, CFLAGS (added to ours), LDFLAGS, PREFIX, DESTDIR, BASHCOMPDIR, OPT,"
	@echo "           SANITIZE, VALGRIND, FUZZ_TIME, FUZZ_SEED, AFL_CC"

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
