#!/usr/bin/env bash
# End-to-end tests use Debian's Chromium (never a browser download). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Debian's chromium is missing; installing it with apt-get." >&2
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
  echo "Cannot install chromium without root. Run: sudo apt-get install -y chromium" >&2
  exit 1
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
