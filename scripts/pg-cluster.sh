#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for tests and benchmarks:
#   source scripts/pg-cluster.sh && pg_cluster_start   → exports PG_CLUSTER_URL (postgres://…/postgres)
#   pg_cluster_stop                                    → stops it and removes its files
# Uses Debian's server (/usr/lib/postgresql/N/bin), installing the `postgresql` package when it is missing. The
# cluster skips fsync: it holds nothing that must outlive the run.

pg_cluster_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

pg_cluster_start() {
  local bin
  bin=$(pg_cluster_bin)
  if [[ -z "$bin" ]]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
    bin=$(pg_cluster_bin)
  fi
  PG_CLUSTER_DIR=$(mktemp -d)
  local as=()
  if [[ $(id -u) -eq 0 ]]; then
    # The server refuses to run as root.
    chown postgres "$PG_CLUSTER_DIR"
    as=(runuser -u postgres --)
  fi
  PG_CLUSTER_BIN=$bin
  PG_CLUSTER_AS=("${as[@]}")
  "${as[@]}" "$bin/initdb" -D "$PG_CLUSTER_DIR/data" -A trust -U postgres --no-sync >/dev/null
  local try
  for try in 1 2 3 4 5; do
    # A port someone else holds fails the start; another is drawn.
    PG_CLUSTER_PORT=$((20000 + RANDOM % 20000))
    if "${as[@]}" "$bin/pg_ctl" -D "$PG_CLUSTER_DIR/data" -l "$PG_CLUSTER_DIR/log" -w -o \
      "-p $PG_CLUSTER_PORT -k $PG_CLUSTER_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null; then
      break
    fi
    [[ $try -eq 5 ]] && return 1
  done
  export PG_CLUSTER_URL="postgres://postgres@127.0.0.1:$PG_CLUSTER_PORT/postgres"
}

pg_cluster_stop() {
  [[ -n "${PG_CLUSTER_DIR:-}" ]] || return 0
  "${PG_CLUSTER_AS[@]}" "$PG_CLUSTER_BIN/pg_ctl" -D "$PG_CLUSTER_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_CLUSTER_DIR"
  PG_CLUSTER_DIR=
}
