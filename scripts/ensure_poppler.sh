#!/usr/bin/env bash
# Make sure poppler's pdftoppm is on PATH: the print-and-play tests rasterise the PDFs
# (tests/export/test_pdf_image.py) to check them as a printer shows them, not only by
# their text layer. Idempotent: does nothing when pdftoppm is already there. Debian's
# poppler-utils (about 1 MB with its libraries), as scripts/ensure_chromium.sh installs
# Chromium.
set -euo pipefail

if command -v pdftoppm >/dev/null 2>&1; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    cat >&2 <<MSG
ensure_poppler: pdftoppm is missing and cannot be installed here (needs root and apt-get).
Install poppler's tools once, e.g. as root:  apt-get update && apt-get install -y poppler-utils
(macOS: brew install poppler). Without them the PDF image tests are skipped.
MSG
    exit 1
fi

echo "ensure_poppler: installing Debian's poppler-utils..."
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null 2>&1 ||
       { apt-get update -qq && apt-get install -y -qq --no-install-recommends \
             poppler-utils >/dev/null; }; }; then
    echo "ensure_poppler: 'apt-get install poppler-utils' failed; see the messages above." >&2
    exit 1
fi
echo "ensure_poppler: $(pdftoppm -v 2>&1 | head -1) ready"
