#!/bin/sh
# Patroni's post_bootstrap (patroni.yml): runs once, on the member that created the cluster, with a
# superuser's connection string as $1. Creates Aurum's role and database; AURUM_DB_PASSWORD comes
# from the member's environment.
set -eu
: "${AURUM_DB_PASSWORD:?set AURUM_DB_PASSWORD}"
psql "$1" -v ON_ERROR_STOP=1 -q -v pw="$AURUM_DB_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE aurum LOGIN PASSWORD %L', :'pw') \gexec
CREATE DATABASE aurum OWNER aurum;
SQL
