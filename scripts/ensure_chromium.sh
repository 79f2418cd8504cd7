#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Idempotent: does nothing when it is already there. Playwright drives this browser
# (never `playwright install`, which downloads its own and cannot work offline).
set -euo pipefail

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
# A Japanese font, so the screenshots show the drafts' Japanese (best effort, 3.5 MB).
FONTS=fonts-ipafont-gothic

has_ja_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja 2>/dev/null)" ]; }

if [ -x "$CHROMIUM" ]; then
    if ! has_ja_font && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "ensure_chromium: adding $FONTS for Japanese text in screenshots (optional)"
        { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
              "$FONTS" >/dev/null 2>&1 ||
          { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
              --no-install-recommends "$FONTS" >/dev/null; }; } ||
            echo "ensure_chromium: could not install $FONTS; continuing without it" >&2
    fi
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    cat >&2 <<MSG
ensure_chromium: $CHROMIUM is missing and this is not root, so it cannot be installed.
Install Debian's Chromium once, as root:
    apt-get update && apt-get install -y chromium
or point CHROMIUM at an existing Chromium binary, or skip the browser tests:
    .venv/bin/python -m pytest -m "not browser"
MSG
    exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure_chromium: $CHROMIUM is missing and apt-get is not available;" \
         "install Chromium with your system's package manager." >&2
    exit 1
fi

echo "ensure_chromium: installing Debian's chromium (about a minute)..."
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; then
    echo "ensure_chromium: 'apt-get install chromium' failed; see the messages above." >&2
    exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
    echo "ensure_chromium: chromium installed but $CHROMIUM is not there." >&2
    exit 1
fi
apt-get install -y -qq --no-install-recommends "$FONTS" >/dev/null 2>&1 ||
    echo "ensure_chromium: could not install $FONTS (Japanese text in screenshots); continuing" >&2
echo "ensure_chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready"
