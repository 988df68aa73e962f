#!/usr/bin/env bash
# The .osm.pbf test fixtures are made from their .osm sources with Debian's osmium (osmium-tool)
# and committed, so the suite runs where osmium is not installed:
#
#   bash scripts/osm-fixtures.sh           rewrites every tests/fixtures/osm/*.osm.pbf
#   bash scripts/osm-fixtures.sh --check   exits 1 when a committed .pbf differs from its .osm
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../tests/fixtures/osm"
command -v osmium >/dev/null || { echo "osm-fixtures: osmium not found (apt-get install osmium-tool)" >&2; exit 1; }
status=0
for source in *.osm; do
  target="$source.pbf"
  if [ "${1:-}" = "--check" ]; then
    if ! osmium diff --quiet "$source" "$target"; then
      echo "osm-fixtures: $target is not $source made into PBF: run bash scripts/osm-fixtures.sh" >&2
      status=1
    fi
  else
    osmium cat --overwrite --no-progress "$source" -o "$target"
    echo "wrote $target"
  fi
done
exit "$status"
