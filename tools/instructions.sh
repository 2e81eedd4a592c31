#!/usr/bin/env bash
# Instructions per random game of every bundled game, counted by callgrind
# (steady on a shared machine, unlike time): (N=21 games - N=1 game) / 20, seed 1.
# Prints a Markdown table. Not part of CI; needs valgrind and a release build.
#
#     cargo build --release && bash tools/instructions.sh > /tmp/instructions.md
#
# BASELINE=FILE (an earlier run's output) adds its figure and how many times
# fewer instructions each game now takes: the table in docs/speed.md.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BINARY:-target/release/mancala}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" random "$1" \
        --seed 1 --games "$2" 2>&1 | awk '/Collected/ {print $4}'
}
baseline=${BASELINE:-}
if [ -n "$baseline" ]; then
    echo "| game | baseline | now | fewer by |"
    echo "|---|---:|---:|---:|"
else
    echo "| game | instructions per random game |"
    echo "|---|---|"
fi
for game in $("$binary" list | awk 'NF && $1 !~ /^[A-Z(]/ {print $1}'); do
    one=$(count "$game" 1)
    many=$(count "$game" 21)
    now=$(( (many - one) / 20 ))
    if [ -n "$baseline" ]; then
        before=$(awk -F'|' -v g="\`$game\`" '$2 ~ g {gsub(/[ ,]/, "", $3); print $3}' "$baseline")
        ratio=$(awk -v b="${before:-0}" -v n="$now" 'BEGIN {if (b > 0) printf "%.2fx", b / n}')
        echo "| \`$game\` | ${before:-} | $now | $ratio |"
    else
        echo "| \`$game\` | $now |"
    fi
done
