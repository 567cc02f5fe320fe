#!/usr/bin/env bash
# CI: a really full disk, and a real file-size limit. `log-crash-harness fill` appends until
# the kernel refuses, then checks that every acknowledged event is there byte for byte and
# that the log verifies.
#  1. `ulimit -f 64` (64 KiB): the kernel cuts a write short and then fails it with EFBIG.
#  2. A 256 KiB tmpfs, mounted here when the machine lets this script (as root) mount one:
#     appends until ENOSPC, then a 64 KiB ballast file written first is removed and an
#     append must work again. Where mounting is refused, it says so and skips.
# Usage: .ci/full-disk.sh PATH/TO/log-crash-harness
set -euo pipefail
harness="$1"

echo "== a file-size limit (ulimit -f 64): appends until EFBIG"
limited="$(mktemp -d /tmp/moresleep-ulimit.XXXXXX)"
# Through a pipe: the limit applies to every file the subshell writes, standard output
# included when it is a file already over 64 KiB (a CI log).
(ulimit -f 64 && "$harness" fill "$limited/log.jsonl") | cat
rm -rf "$limited"

echo "== a really full disk (a 256 KiB tmpfs): appends until ENOSPC, then frees space"
mountpoint="$(mktemp -d /tmp/moresleep-full-disk.XXXXXX)"
if [[ "$(id -u)" != 0 ]]; then
    echo "skipped: mounting a small tmpfs needs root, and this runs as $(id -un)"
elif ! reason="$(mount -t tmpfs -o size=256k,mode=0700 tmpfs "$mountpoint" 2>&1)"; then
    echo "skipped: this machine refused to mount a tmpfs (${reason:-no reason given})"
else
    status=0
    "$harness" fill "$mountpoint/log.jsonl" --ballast 65536 || status=$?
    umount "$mountpoint"
    rmdir "$mountpoint"
    exit "$status"
fi
rmdir "$mountpoint"
