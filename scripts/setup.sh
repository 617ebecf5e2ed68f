# Sourced by the other scripts: make .venv (once) and install the project into it.
# $1 = "test" to include the test extras. Needs only python3 (>= 3.10) with venv.
# pip's chatter goes to .venv/install.log and is shown only if the install fails.
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
extras=""
[ "${1:-}" = "test" ] && extras="[test]"
stamp="$VENV/.digest2notes-installed$extras"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Installing digest2notes$extras into $VENV ..." >&2
    if ! { "$VENV/bin/python" -m pip install --disable-pip-version-check --upgrade pip \
           && "$VENV/bin/python" -m pip install --disable-pip-version-check -e ".$extras"; \
         } > "$VENV/install.log" 2>&1; then
        cat "$VENV/install.log" >&2
        echo "Install failed (log above, also in $VENV/install.log)." >&2
        exit 1
    fi
    touch "$stamp"
fi
