#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (creating it when missing) and a role and database for the
# tests: panel_ci / panel_ci on 127.0.0.1:5432, tuned for tests (no fsync). Idempotent; needs root.
# Never point it at a cluster that holds data worth keeping.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432" && break
  sleep 1
done
# A throwaway test cluster: durability buys nothing here, and every test's TRUNCATE would
# otherwise wait on disk syncs.
su postgres -c "psql -v ON_ERROR_STOP=1 -q" <<'SQL'
ALTER SYSTEM SET fsync = off;
ALTER SYSTEM SET synchronous_commit = off;
ALTER SYSTEM SET full_page_writes = off;
SELECT pg_reload_conf() \gset
SELECT 'CREATE ROLE panel_ci LOGIN SUPERUSER PASSWORD ''panel_ci'''
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'panel_ci')\gexec
SELECT 'CREATE DATABASE panel_ci OWNER panel_ci'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'panel_ci')\gexec
SQL
echo "PostgreSQL $version is ready on 127.0.0.1:5432 (database panel_ci)."
