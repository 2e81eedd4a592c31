#!/usr/bin/env bash
# Kalah(m,n) solved cell by cell, as docs/solved.md tabulates it: for m holes a
# side and n seeds a house, South's (the first player's) verdict and margin,
# the positions examined and the time. Not part of CI; needs a release build.
#
#     cargo build --release && bash tools/solve_kalah.sh > /tmp/solved.md
#
# CELLS="4,5 6,3" picks cells; EMPTY_CAPTURE=1 solves Irving et al.'s reading;
# LIMIT=SECONDS gives up on a cell after that long (default 1800); THREADS=N
# solves on N threads (default 1); DECISIONS=best values the start and its
# best decisions only (`--decisions best`), DECISIONS=all (the default) every
# decision.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BINARY:-target/release/mancala}
cells=${CELLS:-$(for m in 1 2 3 4 5 6; do for n in 1 2 3 4 5 6; do echo -n "$m,$n "; done; done)}
echo "| cell | South | positions examined | seconds |"
echo "|---|---|---:|---:|"
for cell in $cells; do
    m=${cell%,*}
    n=${cell#*,}
    if ! json=$(timeout "${LIMIT:-1800}" "$binary" solve kalah --json --no-cache --threads "${THREADS:-1}" --memory "${MEMORY:-4G}" \
        --decisions "${DECISIONS:-all}" \
        --option holes_per_row="$m" --option seeds_per_hole="$n" \
        --option empty_capture="${EMPTY_CAPTURE:-0}"); then
        echo "| ($m,$n) | not solved within ${LIMIT:-1800} s | | |"
        continue
    fi
    echo "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
m, n = sys.argv[1], sys.argv[2]
by = abs(d["margin"])
value = {"win": "wins by %d" % by, "loss": "loses by %d" % by, "draw": "draws"}[d["verdict"]]
print("| (%s,%s) | %s | {:,} | %.2f |".format(d["positions"]) % (m, n, value, d["seconds"]))
' "$m" "$n"
done
