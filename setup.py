"""The build: the scanner's fast path compiled with Cython where it can be, the pure
Python package everywhere else; with URLINT_COMPILE=1 the hot path compiled with mypyc
too, as black ships its wheels. Each compiled module is built from the same source the
pure package runs.

    pip install .                     # the Cython fast path where a C compiler is present
    URLINT_COMPILE=0 pip install .    # pure Python (the py3-none-any wheel)
    pip install mypy==2.4.1 types-regex 'setuptools>=77' wheel 'Cython>=3'
    URLINT_COMPILE=1 pip install --no-build-isolation .   # mypyc and Cython

The Cython fast path (FAST: scanner/fast.py, the scanner's lane, and mail/fast.py, the mail
reader's loops over bytes; each in Cython's pure-Python mode, its C types in its .pxd) is
optional: where it cannot be built (no C compiler, no Python headers; no Cython in a build
without isolation) the install goes on, pure, and reads as the same (core.builds.compiled
says whether compiled code runs; `urlint --version` too). Cython is a build requirement
(pyproject.toml), fetched as setuptools is by an isolated build.

The two compilers coexist: mypyc compiles typed Python modules as they are (every call
between them stays a Python-level call, so it gains a third or so), Cython compiles the
fast path's loops over a text's characters to C loops (no mypyc module has such a loop:
they lean on str methods and regular expressions, which are C already). The fast path is
the bigger gain on text (docs/design/performance.md, "The compiled fast path"), and needs
no pinned mypy: it is what a plain install builds. A release ships the compiled wheel for
its platform, both compilers' (tools/release.sh: `URLINT_COMPILE=1 python -m build --wheel
--no-isolation`; setuptools tags a wheel with extension modules for its interpreter and
platform, not py3-none-any), beside the pure one (URLINT_COMPILE=0).

Compiled by mypyc: what each hit, each URL and each message runs through (the scanner, the
URL grammar and masking, the mbox framing, the prefilter, the MIME reader, header and
transfer decoding, HTML text, a message's identity, positions back to raw lines, which URLs
a message reports and a pipermail archive's addresses in it, the text decoding, the extract
formats, and the loops that take a container's messages to their texts: mail/reader.py,
mail/containers.py, core/inputs.py, run for every message of a mailbox). The whole test
suite passes on it (.ci/run runs it on both builds). The fault boundary around the MIME reader
(mail/message.py) and the pipeline stay Python: tests put faults into them by patching
(tests/acceptance/test_damage.py, tests/mail/test_fallback.py), which compiled code,
calling its functions directly, would not see; mail/reader.py calls the boundary through
its module (`message.read_message`), where a patch is seen.
"""

import os
import sys

from setuptools import Extension, setup

# The modules mypyc compiles (tests/project/test_compiled.py checks each is an extension).
COMPILED = [
    "src/urlint/core/inputs.py",
    "src/urlint/grammar/components.py",
    "src/urlint/grammar/display.py",
    "src/urlint/grammar/login.py",
    "src/urlint/grammar/parse.py",
    "src/urlint/mail/containers.py",
    "src/urlint/mail/decoders.py",
    "src/urlint/mail/headers.py",
    "src/urlint/mail/html.py",
    "src/urlint/mail/mbox.py",
    "src/urlint/mail/mime.py",
    "src/urlint/mail/origin.py",
    "src/urlint/mail/pipermail.py",
    "src/urlint/mail/prefilter.py",
    "src/urlint/mail/reader.py",
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

# Compiled by Cython (tests/project/test_compiled.py checks each is an extension where
# built): the rule-free kernels, the scanner's fast path and the mail reader's loops over
# bytes, which cimport the kernels.
FAST = [
    "src/urlint/_kernels/letters.py",
    "src/urlint/_kernels/lines.py",
    "src/urlint/_kernels/records.py",
    "src/urlint/_kernels/search.py",
    "src/urlint/scanner/fast.py",
    "src/urlint/mail/fast.py",
]

# "0": pure; "1": mypyc and Cython; unset: Cython where it can be.
MODE = os.environ.get("URLINT_COMPILE", "")

ext_modules = []
if MODE == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")
if MODE != "0":
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("setup.py: no Cython here: the fast paths are not compiled", file=sys.stderr)
    else:
        fast = cythonize(
            [Extension(path[4:-3].replace("/", "."), [path]) for path in FAST],
            # annotations are for mypy; the C types are each module's .pxd's
            compiler_directives={"language_level": 3, "annotation_typing": False},
            quiet=True,
        )
        for extension in fast:
            # A C build that fails leaves the pure package (set here: cythonize's own copy
            # of an extension drops `optional`); a compiled build (URLINT_COMPILE=1) must be
            # one.
            extension.optional = MODE != "1"
        ext_modules.extend(fast)

setup(ext_modules=ext_modules)
