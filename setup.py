"""The build: pure Python by default; with URLINT_COMPILE=1 the hot path is compiled with
mypyc, as black ships its wheels. The same typed source serves both; where
there is no C compiler, install without URLINT_COMPILE.

    pip install mypy==2.4.1 types-regex 'setuptools>=77' wheel   # what the build runs
    URLINT_COMPILE=1 pip install --no-build-isolation .

A release ships it as a wheel for its platform beside the pure one (tools/release.sh:
`URLINT_COMPILE=1 python -m build --wheel --no-isolation`; setuptools tags a wheel with
extension modules for its interpreter and platform, not py3-none-any).

Compiled: what each hit, each URL and each message runs through (the scanner, the URL
grammar and masking, the mbox framing, the prefilter, the MIME reader, header and transfer
decoding, HTML text, a message's identity, positions back to raw lines, which URLs a message
reports, the text decoding, the extract formats). The whole test suite passes on it
(.ci/run runs it on both builds). The fault boundary around the MIME reader
(mail/message.py), the mail reader's loop (mail/reader.py) and the pipeline stay Python:
tests put faults into them by patching (tests/acceptance/test_damage.py,
tests/mail/test_fallback.py),
which compiled code, calling its functions directly, would not see.
"""

import os

from setuptools import setup

# The modules compiled (tests/project/test_compiled.py checks each is an extension).
COMPILED = [
    "src/urlint/grammar/components.py",
    "src/urlint/grammar/display.py",
    "src/urlint/grammar/login.py",
    "src/urlint/grammar/parse.py",
    "src/urlint/mail/decoders.py",
    "src/urlint/mail/headers.py",
    "src/urlint/mail/html.py",
    "src/urlint/mail/mbox.py",
    "src/urlint/mail/mime.py",
    "src/urlint/mail/origin.py",
    "src/urlint/mail/prefilter.py",
    "src/urlint/mail/reported.py",
    "src/urlint/mail/textmap.py",
    "src/urlint/output/extract.py",
    "src/urlint/output/printable.py",
    "src/urlint/scanner/bare.py",
    "src/urlint/scanner/bare_url.py",
    "src/urlint/scanner/continuation.py",
    "src/urlint/scanner/furniture.py",
    "src/urlint/scanner/going_on.py",
    "src/urlint/scanner/joins.py",
    "src/urlint/scanner/line_breaks.py",
    "src/urlint/scanner/login_runs_on.py",
    "src/urlint/scanner/near_placed.py",
    "src/urlint/scanner/scanner.py",
    "src/urlint/scanner/textpos.py",
    "src/urlint/scanner/wrappers.py",
    "src/urlint/sources/text.py",
]

ext_modules = []
if os.environ.get("URLINT_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
