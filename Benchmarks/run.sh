#!/usr/bin/env bash
# The incremental-build benchmark: Lectern against Hugo on the same generated pages, one run.
#
#   Benchmarks/run.sh                 the issue's sizes: 10,000 songs, 520 services, 40 lists of 200
#   Benchmarks/run.sh --songs 2000    smaller (any option of generate.py)
#
# Prints one line per measurement: wall seconds, ratio to Hugo's cold build, peak memory, and
# the pages Lectern wrote (the set a change must rewrite, and no more). The cold builds (Hugo's
# and Lectern's, in turn), the no-op and the one-song edits are each run three times (three
# edits of the same kind) and reported by the median run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
if ! command -v hugo >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hugo >/dev/null
fi
# The Swift runtime linked in (docs/architecture.md, "Libraries, and why"): no shared libraries
# to bind at each start.
swift build -c release --product lectern --scratch-path .build-release --static-swift-stdlib >/dev/null
LECTERN=$PWD/.build-release/release/lectern
# Each run works in a folder of its own, and removes the earlier runs' folders only after its
# measurements. On ext4 without a journal, creating a file passes over the inodes deleted in
# the last seconds to minutes (`recently_deleted`); a cold build just after deleting the last
# run's 100,000 files took up to twice as long, Hugo's (built first) more than Lectern's.
BASE=${BENCH_DIR:-/tmp/lectern-bench}
mkdir -p "$BASE"
WORK=$(mktemp -d "$BASE/run.XXXXXX")
python3 Benchmarks/generate.py "$WORK" "$@"
SITE=$WORK/lectern

# run LABEL COMMAND...: time one command; remember wall seconds, peak KB and its stdout (in
# $WORK/results, or the file INTO names). The dirty pages of the steps before are flushed first:
# left to the kernel, they are written back (at CPU cost) during whichever step comes 30 s later.
run() {
  local label=$1; shift
  sync
  /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" > "$WORK/out" 2>"$WORK/err" || { cat "$WORK/err"; exit 1; }
  read -r secs kb < "$WORK/time"
  written=$(grep -o '^[0-9]* pages written' "$WORK/out" | cut -d' ' -f1 || true)
  printf '%s\t%s\t%s\t%s\n' "$label" "$secs" "$kb" "${written:--}" >> "${INTO:-$WORK/results}"
}
: > "$WORK/results"

# median LABEL EDIT: a sub-second step three times, each after EDIT (a function; `:` for none),
# reported as the median run: one run of a step this short varies by half on a shared machine.
median() {
  local label=$1 edit=$2
  : > "$WORK/three"
  for _ in 1 2 3; do
    $edit
    INTO=$WORK/three run "$label" "$LECTERN" build --site "$SITE" --quiet
  done
  sort -t$'\t' -k2,2n "$WORK/three" | sed -n 2p >> "$WORK/results"
}
edit_lyrics() {
  python3 - "$SITE/Content/songs/song-5.md" <<'PY'
import sys; p = sys.argv[1]; t = open(p).read()
i = t.index("## Verse 2"); j = t.index("\n", i + 12)
open(p, "w").write(t[:j] + " edited" + t[j:])
PY
}
edit_title() { sed -i 's/^title: "\(.*\)"$/title: "\1 (new title)"/' "$SITE/Content/songs/song-7.md"; }

# The cold builds: three of each, in turn, each into a new folder, reported by the median run
# of each. On these shared machines one pair alone has differed by a third from the next.
: > "$WORK/hugo-cold"; : > "$WORK/lectern-cold"
for i in 1 2 3; do
  INTO=$WORK/hugo-cold run "hugo cold" hugo --quiet --source "$WORK/hugo" -d "$WORK/hugo-out-$i"
  # The first into the site's own Output, which the steps below then rebuild.
  out=(); [ "$i" -gt 1 ] && out=(--output "$WORK/lectern-out-$i")
  INTO=$WORK/lectern-cold run "lectern cold" "$LECTERN" build --site "$SITE" "${out[@]}" --quiet
done
for step in hugo-cold lectern-cold; do
  sort -t$'\t' -k2,2n "$WORK/$step" | sed -n 2p >> "$WORK/results"
  echo "$step runs: $(cut -f2 "$WORK/$step" | tr '\n' ' ')"
done
sleep 3 # past the racy-timestamp window, as a real no-op rebuild would be
median "lectern no-op" :
median "lectern lyrics edit" edit_lyrics
median "lectern title edit" edit_title
mkdir -p "$SITE/Themes/default/templates"
sed 's#<article class="song"#<article class="song edited"#' Themes/default/templates/song.mustache > "$SITE/Themes/default/templates/song.mustache"
run "lectern template edit" "$LECTERN" build --site "$SITE" --quiet

hugo_cold=$(awk -F'\t' '$1 == "hugo cold" { print $2 }' "$WORK/results")
lectern_cold=$(awk -F'\t' '$1 == "lectern cold" { print $2 }' "$WORK/results")
printf '%-24s %9s %12s %14s %12s\n' measurement seconds "x hugo cold" "peak memory" "pages written"
while IFS=$'\t' read -r label secs kb written; do
  ratio=$(awk -v a="$secs" -v b="$hugo_cold" 'BEGIN { printf "%.3f", a / b }')
  [ "$label" = "lectern template edit" ] && ratio="$ratio ($(awk -v a="$secs" -v b="$lectern_cold" 'BEGIN { printf "%.2f", a / b }')x own cold)"
  printf '%-24s %9s %12s %11s MB %12s\n' "$label" "$secs" "$ratio" "$((kb / 1024))" "$written"
done < "$WORK/results"
echo "(this run's sites and outputs: $WORK)"
for earlier in "$BASE"/run.*; do
  if [ "$earlier" != "$WORK" ]; then rm -rf "$earlier"; fi
done
