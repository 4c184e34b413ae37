# hourglass - synthetic real-time workload and execution-gap tracer
#
# make            build build/hourglass
# make check      build and run every test
# make bench      run the benchmarks (tests/bench)
# make demo       install what is missing (as root), build, run a short experiment
# make install    install the program and man page (PREFIX, DESTDIR)
# make help       list the targets

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DESTDIR ?=

CC      ?= cc
PKG_CONFIG ?= pkg-config
BUILD   := build

STD     = -std=c11 -D_GNU_SOURCE
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
TEST_CFLAGS  = $(CHECK_CFLAGS) $(JSON_CFLAGS)
TEST_LIBS    = $(CHECK_LIBS) $(JSON_LIBS)

FINAL_CFLAGS = $(STD) $(WARN) $(OPT) $(HARDEN) $(NUMA_CFLAGS) $(CFLAGS)
LIBS    = $(NUMA_LIBS) -lpthread -lrt -lm

LIB_SRC := $(wildcard trace/*.c workloads/*.c timers/*.c postprocess/*.c) \
           $(filter-out hourglass/main.c,$(wildcard hourglass/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
LIB     := $(BUILD)/libhourglass.a
BIN     := $(BUILD)/hourglass

TEST_SRC := $(wildcard tests/check_*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_HELPER_OBJ := $(BUILD)/tests/helpers.o
BENCH_SRC := $(wildcard tests/bench/*.c)
BENCH_BIN := $(BENCH_SRC:tests/bench/%.c=$(BUILD)/bench/%)

.PHONY: all check unit smoke bench demo paper install uninstall clean help deps

all: $(BIN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(BUILD)/obj/hourglass/main.o $(LIB)
	$(CC) $(FINAL_CFLAGS) $(LDFLAGS) $^ $(LIBS) -o $@

$(BUILD)/tests/helpers.o: tests/helpers.c
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) $(TEST_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(TEST_HELPER_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) $(TEST_CFLAGS) $(DEPFLAGS) $< $(TEST_HELPER_OBJ) $(LIB) \
		$(TEST_LIBS) $(LIBS) -o $@

$(BUILD)/bench/%: tests/bench/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(FINAL_CFLAGS) $(DEPFLAGS) $< $(LIB) $(LIBS) -o $@

check: unit smoke

unit: $(TEST_BIN)
	@sh tests/run-unit.sh $(TEST_BIN)

smoke: $(BIN)
	@sh tests/smoke.sh $(BIN)

bench: $(BIN) $(BENCH_BIN)
	@sh tests/bench/run.sh $(BUILD)

deps:
	@sh scripts/deps.sh

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh $(BIN)

paper: $(BIN)
	@sh scripts/paper-schedulability.sh $(BIN)

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/hourglass
	install -m 0644 man/hourglass.1 $(DESTDIR)$(MANDIR)/man1/hourglass.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/hourglass $(DESTDIR)$(MANDIR)/man1/hourglass.1

clean:
	rm -rf $(BUILD)

help:
	@echo "targets:"
	@echo "  all        build $(BIN) (default)"
	@echo "  check      build and run the unit tests (Check) and the smoke tests"
	@echo "  bench      run the benchmarks in tests/bench and print their ratios"
	@echo "  demo       install missing packages (as root), build, run the paper's"
	@echo "             3-thread experiment and say where its output went"
	@echo "  paper      the paper's schedulability runs (sections 5.5, 5.6): predicted"
	@echo "             against measured, with timers and reservations (root)"
	@echo "  install    install to \$$(DESTDIR)\$$(PREFIX) (PREFIX=$(PREFIX))"
	@echo "  uninstall  remove what install put there"
	@echo "  clean      remove $(BUILD)/"
	@echo "variables: CC, CFLAGS (added to ours), LDFLAGS, PREFIX, DESTDIR, OPT"

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
