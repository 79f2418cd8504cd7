#!/usr/bin/env bash
# Run the test suite the way a busy CI machine would: `make test` while every core is
# kept busy by a CPU hog beside it, then report the time and the result.
#
# Why: a suite that passes only on an idle machine fails a newcomer's first `make test`
# (issue 40: a browser test counted kernels left by earlier tests and lost the race on
# a loaded 2-core machine). This script is how the README's CI figures are measured.
#
# Usage:
#   scripts/stress_ci.sh                      # make test, one hog per core
#   scripts/stress_ci.sh --hogs 1             # one hog only
#   scripts/stress_ci.sh --target test-unit   # another make target
#   scripts/stress_ci.sh -- .venv/bin/python -m pytest tests/core/test_limits.py -q
#                                             # any command (a quick check of the script)
#   scripts/stress_ci.sh --stress-ng          # Debian's stress-ng as the hog (installed
#                                             # with apt-get when missing; needs root)
#
# The hogs are this script's own children, stopped by their process ids on any exit.
# The summary line is also appended to test-artifacts/stress_ci.log.
set -euo pipefail

cd "$(dirname "$0")/.."
hogs=$(nproc)
target=test
use_stress_ng=0
cmd=()
while [ $# -gt 0 ]; do
    case "$1" in
        --hogs) hogs=$2; shift 2 ;;
        --target) target=$2; shift 2 ;;
        --stress-ng) use_stress_ng=1; shift ;;
        --) shift; cmd=("$@"); break ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "stress_ci.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$hogs" in ''|*[!0-9]*) echo "stress_ci.sh: --hogs takes a whole number, not '$hogs'" >&2; exit 2 ;; esac
if [ ${#cmd[@]} -eq 0 ]; then
    cmd=(make "$target")
fi

pids=()
stop_hogs() {
    for pid in "${pids[@]:-}"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]:-}"; do
        [ -n "$pid" ] && wait "$pid" 2>/dev/null || true
    done
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

if [ "$use_stress_ng" = 1 ]; then
    if ! command -v stress-ng >/dev/null; then
        apt-get install -y stress-ng >/dev/null 2>&1 ||
            { apt-get update >/dev/null && apt-get install -y stress-ng >/dev/null; }
    fi
    if [ "$hogs" -gt 0 ]; then
        stress-ng --cpu "$hogs" --quiet &
        pids+=($!)
    fi
else
    python=$(command -v python3)
    for _ in $(seq 1 "$hogs"); do
        "$python" -c 'while True: pass' &
        pids+=($!)
    done
fi

echo "stress_ci: ${hogs} CPU hog(s) on $(nproc) core(s); running: ${cmd[*]}"
start=$(date +%s)
set +e
"${cmd[@]}"
status=$?
set -e
end=$(date +%s)
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
seconds=$((end - start))
verdict=$([ "$status" -eq 0 ] && echo passed || echo "FAILED (exit $status)")
line="$(date -u +%Y-%m-%dT%H:%MZ) ${cmd[*]}: ${verdict} in $((seconds / 60)) min $((seconds % 60)) s with ${hogs} hog(s) on $(nproc) core(s), load ${load}, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
mkdir -p test-artifacts
echo "$line" >> test-artifacts/stress_ci.log
echo "stress_ci: $line"
exit "$status"
