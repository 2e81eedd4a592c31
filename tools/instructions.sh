#!/usr/bin/env bash
# Instructions per random game of every bundled game, counted by callgrind
# (steady on a shared machine, unlike time): (N=21 games - N=1 game) / 20, seed 1.
# Prints a Markdown table. Not part of CI; needs valgrind and a release build.
#
#     cargo build --release && bash tools/instructions.sh > /tmp/instructions.md
# (the table in the README's Speed section is made from its output).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BINARY:-target/release/mancala}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" random "$1" \
        --seed 1 --games "$2" 2>&1 | awk '/Collected/ {print $4}'
}
echo "| game | instructions per random game |"
echo "|---|---|"
for game in $("$binary" list | awk 'NF && $1 !~ /^[A-Z(]/ {print $1}'); do
    one=$(count "$game" 1)
    many=$(count "$game" 21)
    echo "| \`$game\` | $(( (many - one) / 20 )) |"
done
