#!/bin/sh
# The binary of another architecture under qemu-user, for make check-arch:
# the smoke tests run this in its place (HG_EMU_QEMU, HG_EMU_BIN set by
# tests/arch.sh). exec keeps the process id, so a signal sent to the run
# reaches it.
exec "$HG_EMU_QEMU" "$HG_EMU_BIN" "$@"
