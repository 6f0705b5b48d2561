#!/usr/bin/env bash
# Prints the path of a Python virtual environment holding the pinned
# hermes-agent and the Iris plugin (hermes-plugin, with its test extra),
# creating it first when missing. The pin is the plugin's own
# (hermes-plugin/pyproject.toml), and the venv is keyed by it, so changing the
# pin makes a new venv and a kept one is reused:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/iris-ci/venv-hermes-agent-<version>
# IRIS_HERMES_VENV names another directory to use instead.
set -euo pipefail
cd "$(dirname "$0")/.."

pyproject=hermes-plugin/pyproject.toml
pin=$(sed -n 's/.*"hermes-agent==\([^"]*\)".*/\1/p' "$pyproject" | head -n1)
if [ -z "$pin" ]; then
  echo "hermes-venv: no hermes-agent==VERSION pin in $pyproject" >&2
  exit 1
fi
venv=${IRIS_HERMES_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/iris-ci/venv-hermes-agent-$pin}
py=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
  echo "hermes-venv: creating $venv" >&2
  mkdir -p "$(dirname "$venv")"
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip >&2
fi
if ! "$venv/bin/python" - "$pin" <<'PY' 2>/dev/null
import importlib.metadata as m, sys
sys.exit(0 if m.version("hermes-agent") == sys.argv[1] else 1)
PY
then
  echo "hermes-venv: installing hermes-agent==$pin" >&2
  "$venv/bin/python" -m pip install -q "hermes-agent==$pin" >&2
fi
# The plugin is installed editable, so the venv runs this checkout's code; it
# is installed again when the checkout or its pyproject.toml differs.
stamp="$venv/.iris-plugin"
want="$(pwd) $(sha256sum "$pyproject" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  "$venv/bin/python" -m pip install -q -e "hermes-plugin[test]" >&2
  echo "$want" > "$stamp"
fi
echo "$venv"
