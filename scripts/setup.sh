# Sourced by the other scripts: make .venv (once) and install the project into it.
# $1 = "test" to include the test extras. Needs only python3 (>= 3.10) with venv.
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
extras=""
[ "${1:-}" = "test" ] && extras="[test]"
stamp="$VENV/.digest2notes-installed$extras"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ".$extras" >&2
    touch "$stamp"
fi
