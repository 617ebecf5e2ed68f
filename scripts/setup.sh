# Sourced by the other scripts: make .venv (once) and install the project into it.
# $1 = "test" to include the test extras and the example plugin in examples/, which the
# tests run through its entry point. Needs only python3 (>= 3.10) with venv.
#
# The install is editable (`pip install -e`): an edited source file is what runs next,
# with nothing to rebuild. It is redone only when pyproject.toml changes (dependencies,
# entry points). pip's chatter goes to .venv/install.log and is shown only if it fails.
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
extras=""
plugins=()
if [ "${1:-}" = "test" ]; then
    extras="[test]"
    plugins=(-e examples/digest2notes-jsonl)
fi
stamp="$VENV/.digest2notes-installed$extras"
if [ -z "$extras" ] && [ -f "$VENV/.digest2notes-installed[test]" ]; then
    stamp="$VENV/.digest2notes-installed[test]"  # the test install has everything too
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] \
   || [ examples/digest2notes-jsonl/pyproject.toml -nt "$stamp" ]; then
    echo "Installing digest2notes$extras into $VENV ..." >&2
    if ! { "$VENV/bin/python" -m pip install --disable-pip-version-check --upgrade pip \
           && "$VENV/bin/python" -m pip install --disable-pip-version-check -e ".$extras" "${plugins[@]}"; \
         } > "$VENV/install.log" 2>&1; then
        cat "$VENV/install.log" >&2
        echo "Install failed (log above, also in $VENV/install.log)." >&2
        exit 1
    fi
    rm -f "$VENV"/.digest2notes-installed*
    touch "$stamp"
fi
