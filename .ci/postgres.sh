# Sourced by .ci/run (and usable by hand: `source .ci/postgres.sh; start_postgres`).
# Starts a throw-away PostgreSQL on a Unix socket only, in a temporary directory, for the
# leaderboard service's tests, exports PATIENCE_TEST_POSTGRES_URL, and stops it on exit.

stop_postgres() {
  if [ -n "${PATIENCE_PG_DIR:-}" ] && [ -d "$PATIENCE_PG_DIR/data" ]; then
    $PATIENCE_PG_AS "$PATIENCE_PG_BIN/pg_ctl" -D "$PATIENCE_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$PATIENCE_PG_DIR"
  fi
}

start_postgres() {
  PATIENCE_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$PATIENCE_PG_BIN" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing postgresql ..."
    { timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq postgresql; } >/dev/null 2>&1 || true
    PATIENCE_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  fi
  if [ -z "$PATIENCE_PG_BIN" ] || [ ! -x "$PATIENCE_PG_BIN/initdb" ]; then
    echo "no PostgreSQL server binaries: the PostgreSQL tests will skip"
    return 0
  fi
  PATIENCE_PG_DIR=$(mktemp -d /tmp/patience-pg.XXXXXX)
  chmod 755 "$PATIENCE_PG_DIR"
  PATIENCE_PG_AS=""
  if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root.
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PATIENCE_PG_DIR"
    # From /, which postgres can enter: the clone may lie in a directory only root can.
    PATIENCE_PG_AS="runuser -u postgres -- env -C /"
  fi
  trap stop_postgres EXIT
  if $PATIENCE_PG_AS "$PATIENCE_PG_BIN/initdb" -D "$PATIENCE_PG_DIR/data" -A trust -U patience -E UTF8 >"$PATIENCE_PG_DIR/initdb.log" 2>&1 \
    && $PATIENCE_PG_AS "$PATIENCE_PG_BIN/pg_ctl" -D "$PATIENCE_PG_DIR/data" -l "$PATIENCE_PG_DIR/server.log" -w \
      -o "-c listen_addresses='' -k $PATIENCE_PG_DIR -c max_connections=200" start >/dev/null \
    && $PATIENCE_PG_AS "$PATIENCE_PG_BIN/createdb" -h "$PATIENCE_PG_DIR" -U patience patience; then
    export PATIENCE_TEST_POSTGRES_URL="postgresql+psycopg://patience@/patience?host=$PATIENCE_PG_DIR"
    echo "PostgreSQL for the tests: $PATIENCE_TEST_POSTGRES_URL"
  else
    echo "could not start PostgreSQL (see below): the PostgreSQL tests will skip"
    cat "$PATIENCE_PG_DIR/initdb.log" "$PATIENCE_PG_DIR/server.log" 2>/dev/null | tail -n 20
  fi
}
