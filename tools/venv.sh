# Shared by ./play and ./test (which run with `set -euo pipefail`): make .venv if missing,
# (re)install when pyproject.toml changed or the wanted extra was never installed.
# One stamp per extra: .venv/.installed (run-time dependencies), .venv/.installed-test (with the test extra).
ensure_venv() {
  local extra="$1"
  # A separate `local`: in `local a=1 b=$a` the $a is expanded before `a` is set.
  local stamp=".venv/.installed${extra:+-$extra}"
  local py="${PYTHON:-python3}"
  if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Mahjong Parlour needs Python 3.11 or newer (found: $("$py" --version 2>&1))." >&2
    exit 1
  fi
  if [ ! -x .venv/bin/python ]; then
    echo "Creating .venv (a private Python environment in this folder) ..." >&2
    "$py" -m venv .venv
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Installing the dependencies from pyproject.toml${extra:+ (with the $extra extra)} into .venv;" \
         "the first time this takes about half a minute ..." >&2
    if ! .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off \
          -e ".${extra:+[$extra]}" | _pip_progress; then
      echo "Installing failed (pip's messages are above); check the network connection and try again." >&2
      exit 1
    fi
    touch "$stamp"
    # the run-time dependencies are a subset of any extra's: ./play need not install again
    [ -z "$extra" ] || touch .venv/.installed
    echo "Dependencies installed." >&2
  fi
}

# pip's stdout, cut down to one line per package step so a first install shows it is moving.
_pip_progress() {
  local line
  while IFS= read -r line; do
    line="${line#"${line%%[! ]*}"}"    # without its indent
    case "$line" in
      "Successfully uninstalled"*) ;;
      Collecting*|Downloading*|Installing*|Building*|Successfully*) echo "  $line" >&2 ;;
    esac
  done
}
