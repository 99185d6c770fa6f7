#!/usr/bin/env bash
# `npm test`: every check and every test, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run typecheck
npm run lint
npm run test:unit
npm run build
npm run test:e2e
