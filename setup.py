"""Build hook: compile the parser's hot modules to C with mypyc where possible.

Reading digests is CPU-bound Python (verdict and focus-point analysis of every
paragraph); mypyc, the compiler mypy itself is built with, makes those modules
about 1.5x faster from the same type-checked source. Everything else in
setuptools' hands comes from pyproject.toml.

- Compiled only for a regular install or wheel. An editable install
  (``pip install -e .``) stays pure Python, so an edited module is never
  shadowed by a stale compiled copy of it.
- Optional: without a C compiler, or with ``DIGEST2NOTES_COMPILE=0``, the same
  modules are installed as plain Python and behave identically.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = [
    "src/digest2notes/verdicts.py",
    "src/digest2notes/focus.py",
    "src/digest2notes/analysis.py",
]


def _extensions() -> list[object]:
    if os.environ.get("DIGEST2NOTES_COMPILE", "1") == "0" or "editable_wheel" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        # The build environment has only setuptools and mypy: the modules' other imports
        # (click, PyYAML) are not needed to compile these, so they are not looked for.
        extensions = mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3")
    except (Exception, SystemExit) as error:
        sys.stderr.write(f"digest2notes: not compiling ({error}); installing pure Python\n")
        return []
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the pure-Python module in use
    return list(extensions)


setup(ext_modules=_extensions())
