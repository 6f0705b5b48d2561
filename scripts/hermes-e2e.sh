#!/usr/bin/env bash
# Runs the end-to-end suite on the real Hermes (hermes-plugin/e2e): the pinned
# hermes-agent gateway with the Iris plugin, a scripted model on 127.0.0.1,
# and the real Iris binary in tmux and its headless commands. Makes the venv
# when missing (scripts/hermes-venv.sh). Arguments go to pytest, e.g.
#   scripts/hermes-e2e.sh -k approval -x
# Where it may (root, unshare, ip), the suite runs in a network namespace of
# its own with only loopback, so nothing of Hermes can reach the network.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
  echo "hermes-e2e: tmux is required (apt-get install tmux)" >&2
  exit 1
fi
venv=$(scripts/hermes-venv.sh)

# Built here, on the network, so the suite needs no module download.
bin_dir=$(mktemp -d)
trap 'rm -rf "$bin_dir"' EXIT
go build -o "$bin_dir/iris" .
export IRIS_E2E_BINARY="$bin_dir/iris"
export TERM="${TERM:-xterm-256color}"
# Tests write only under temp dirs: no __pycache__ in the tree (Hermes inherits it).
export PYTHONDONTWRITEBYTECODE=1

cmd=("$venv/bin/python" -m pytest -p no:cacheprovider -ra hermes-plugin/e2e "$@")
rc=0
if command -v ip >/dev/null 2>&1 && unshare --net true 2>/dev/null; then
  echo "== hermes e2e (own network namespace: loopback only)"
  unshare --net sh -c 'ip link set lo up && exec "$@"' sh "${cmd[@]}" || rc=$?
else
  echo "== hermes e2e"
  "${cmd[@]}" || rc=$?
fi
if [ "$rc" -eq 5 ]; then
  echo "hermes-e2e: pytest collected no tests" >&2
fi
exit "$rc"
