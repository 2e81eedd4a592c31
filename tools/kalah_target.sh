#!/usr/bin/env bash
# The solve target of docs/solved.md: Irving's Kalah(m,n) for every m <= 5 and
# (6,1) to (6,4), the start and its best decisions valued on two threads, with
# the total wall time. Not part of CI; needs a release build, about 8 GB of
# memory and, on a 2-core machine, about 20 minutes.
#
#     cargo build --release && bash tools/kalah_target.sh > /tmp/target.md
set -euo pipefail
cd "$(dirname "$0")/.."
export EMPTY_CAPTURE=1 DECISIONS=best THREADS=${THREADS:-2}
started=$(date +%s)
small=""
for m in 1 2 3 4 5; do
    for n in 1 2 3 4 5 6; do
        case "$m,$n" in 5,5 | 5,6) ;; *) small="$small $m,$n" ;; esac
    done
done
CELLS="$small 6,1 6,2 6,3" MEMORY=2G LIMIT=600 bash tools/solve_kalah.sh
# The large cells, each with the memory it needs, their rows alone.
CELLS="6,4" MEMORY=6G LIMIT=1800 bash tools/solve_kalah.sh | tail -n 1
CELLS="5,5" MEMORY=4G LIMIT=1800 bash tools/solve_kalah.sh | tail -n 1
CELLS="5,6" MEMORY=8G LIMIT=3600 bash tools/solve_kalah.sh | tail -n 1
echo
echo "In all: $(($(date +%s) - started)) s of wall time."
