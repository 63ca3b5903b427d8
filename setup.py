"""The build: pure Python by default; with URLINT_COMPILE=1 the scanner is compiled with
mypyc, as black ships its wheels (issue 15). The same typed source serves both; where
there is no C compiler, install without URLINT_COMPILE.

    pip install mypy==2.4.1 types-regex setuptools wheel   # what the build runs
    URLINT_COMPILE=1 pip install --no-build-isolation .

The scanner (scanner/) is what each hit and each URL runs through: compiled, the
whole test suite passes on it (.ci/run runs it on both builds), plain text is read 20-35%
faster and mail 5-10% (bench/throughput.py, bench/mail.py). With the mail reader, the
pipeline and the reporters compiled as well, mail was read 22% faster but 77 tests
failed, not yet looked into: those stay Python for now.
"""

import os
from pathlib import Path

from setuptools import setup

# The modules compiled: the scanner's, all but positions.py (for type checkers only).
COMPILED = sorted(
    str(path)
    for path in Path("src/urlint/scanner").glob("*.py")
    if path.name not in ("__init__.py", "positions.py")
)

ext_modules = []
if os.environ.get("URLINT_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
