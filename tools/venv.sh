# Shared by ./play and ./test: make .venv if missing, reinstall when pyproject.toml changed.
ensure_venv() {
  local extra="$1" stamp=".venv/.installed${extra:+-$extra}"
  local py="${PYTHON:-python3}"
  if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Mahjong Parlour needs Python 3.11 or newer (found: $("$py" --version 2>&1))." >&2
    exit 1
  fi
  if [ ! -x .venv/bin/python ]; then
    echo "Creating .venv ..." >&2
    "$py" -m venv .venv
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Installing dependencies from pyproject.toml ..." >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extra:+[$extra]}"
    touch "$stamp"
  fi
}
