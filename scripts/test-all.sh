#!/usr/bin/env bash
# `npm test`: every check and every test, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run typecheck
npm run lint
# The build before vitest: the resilience test runs the production build as a real server.
npm run build
# Both vitest projects (fast and slow, docs/testing.md), property tests and fuzzers at full size.
TEST_SIZE=full npm run test:unit
npm run test:e2e
