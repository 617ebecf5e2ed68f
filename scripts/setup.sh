# Sourced by the other scripts: make .venv (once) and install the project into it.
# $1 = "test" to include the test extras. Needs only python3 (>= 3.10) with venv;
# a C compiler (gcc or clang) makes the digest parser faster (see setup.py), and
# without one the same code is installed as pure Python.
#
# By default the project is installed as users get it: a regular install with the
# parser compiled by mypyc, redone whenever a source file is newer than the last
# install. DIGEST2NOTES_COMPILE=0 gives a pure-Python editable install instead
# (`pip install -e`), for quick edit-and-test loops.
# pip's chatter goes to .venv/install.log and is shown only if the install fails.
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
extras=""
[ "${1:-}" = "test" ] && extras="[test]"
if [ "${DIGEST2NOTES_COMPILE:-1}" = "0" ]; then
    mode="editable"
    install=(-e ".$extras")
else
    mode="compiled"
    install=(".$extras")
fi
stamp="$VENV/.digest2notes-installed-$mode$extras"
if [ -z "$extras" ] && [ -f "$VENV/.digest2notes-installed-$mode[test]" ]; then
    stamp="$VENV/.digest2notes-installed-$mode[test]"  # the test install has everything too
fi
stale=""
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    stale=yes
elif [ "$mode" = "compiled" ] && [ -n "$(find src exporters -newer "$stamp" -print -quit)" ]; then
    stale=yes  # a regular install is a copy: every source change needs a new one
fi
if [ -n "$stale" ]; then
    echo "Installing digest2notes$extras ($mode) into $VENV ..." >&2
    rm -rf build  # setuptools would package whatever an earlier build left there
    if ! { "$VENV/bin/python" -m pip install --disable-pip-version-check --upgrade pip \
           && "$VENV/bin/python" -m pip install --disable-pip-version-check "${install[@]}"; \
         } > "$VENV/install.log" 2>&1; then
        cat "$VENV/install.log" >&2
        echo "Install failed (log above, also in $VENV/install.log)." >&2
        exit 1
    fi
    rm -f "$VENV"/.digest2notes-installed-*
    touch "$stamp"
fi
