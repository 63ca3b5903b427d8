"""The build: urlint compiled where a C compiler is at hand, the pure Python package
everywhere else. Each compiled module is built from the same source the pure package runs.

    pip install .                     # compiled (mypyc and Cython), else pure
    URLINT_COMPILE=1 pip install .    # compiled, or the install fails
    URLINT_COMPILE=0 pip install .    # pure Python (the py3-none-any wheel)
    pip install -e .                  # editable: Cython's fast paths only (below)

Two compilers, one build. mypyc compiles the typed modules of the hot path (COMPILED) as
they are, as black ships its wheels: what each hit, each URL and each message runs
through. Cython compiles the loops over a text's characters and a message's bytes (FAST,
each in Cython's pure-Python mode, its C types in its .pxd) to C loops; mypyc compiles no
such loop well. Both are build requirements (pyproject.toml: mypy pinned, as mypyc is
mypy's and its verdicts move, with the stubs the type check of COMPILED needs), which an
isolated build fetches as it fetches setuptools.

Safe by default: where the compiled build cannot be made (no C compiler or Python headers,
no mypy or Cython in a build without isolation, mypyc refusing the source) the install goes
on and what could not be built runs as Python; `urlint --version` says which build runs
(core.builds). mypyc's modules are one group: they share one C library, and a module's
extension without it would fail to import, so they are built all or none (BuildExt). So are
Cython's: the fast paths cimport the kernels, and a fast path whose kernel is Python would
fail to import. URLINT_COMPILE=1 makes any of it a failure (a release's wheels,
CI).

An editable install builds no mypyc extension: built in place, an extension beside its .py
would run instead of the source being edited. It builds the Cython fast paths in place, as
ever (CONTRIBUTING.md, "The compiled build": `pip install -e .` again after editing one).

The fault boundary around the MIME reader (mail/message.py) and the pipeline stay Python:
tests put faults into them by patching (tests/acceptance/test_damage.py,
tests/mail/test_fallback.py), which compiled code, calling its functions directly, would
not see; mail/reader.py calls the boundary through its module (`message.read_message`),
where a patch is seen.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The modules mypyc compiles (tests/project/test_compiled.py checks each is an extension).
COMPILED = [
    "src/urlint/core/inputs.py",
    "src/urlint/core/numbers.py",
    "src/urlint/grammar/components.py",
    "src/urlint/grammar/display.py",
    "src/urlint/grammar/login.py",
    "src/urlint/grammar/parse.py",
    "src/urlint/linter/certainty.py",
    "src/urlint/linter/checker.py",
    "src/urlint/linter/fixable.py",
    "src/urlint/linter/rules/characters.py",
    "src/urlint/linter/rules/engine.py",
    "src/urlint/linter/rules/locate.py",
    "src/urlint/linter/rules/per_scheme.py",
    "src/urlint/linter/rules/reserved.py",
    "src/urlint/linter/rules/rule.py",
    "src/urlint/linter/rules/security.py",
    "src/urlint/linter/rules/syntax.py",
    "src/urlint/linter/rules/text.py",
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
    "src/urlint/scanner/markup.py",
    "src/urlint/scanner/markup_kept.py",
    "src/urlint/scanner/markup_lines.py",
    "src/urlint/scanner/near.py",
    "src/urlint/scanner/near_placed.py",
    "src/urlint/scanner/scanner.py",
    "src/urlint/scanner/textpos.py",
    "src/urlint/scanner/wrappers.py",
    "src/urlint/sources/text.py",
]

# Compiled by Cython (tests/project/test_compiled.py checks each is an extension where
# built), one line a module: the rule-free kernels, the scanner's fast path, the mail rules
# the pure path and the mail reader's loops share, and those loops over bytes, which
# cimport the kernels and those rules.
FAST = [
    "src/urlint/_kernels/letters.py",
    "src/urlint/_kernels/lines.py",
    "src/urlint/_kernels/records.py",
    "src/urlint/_kernels/search.py",
    "src/urlint/scanner/fast.py",
    "src/urlint/mail/url_starts.py",
    "src/urlint/mail/header_ends.py",
    "src/urlint/mail/fast.py",
]

# "0": pure; "1": compiled, or fail; unset: compiled where it can be.
MODE = os.environ.get("URLINT_COMPILE", "")

# The setup commands that build extensions into a wheel or an install; an editable one
# (editable_wheel, develop) or one that builds in place builds the Cython modules only.
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
IN_PLACE = {"editable_wheel", "develop", "--inplace", "-i"}


def _cannot(what: str, because: str) -> None:
    """Say that `what` runs as Python, `because`; fail where the build must be compiled."""
    if MODE == "1":
        sys.exit(f"setup.py: URLINT_COMPILE=1, but {because}")
    print(f"setup.py: {because}: {what} runs as Python", file=sys.stderr)


def mypyc_extensions() -> list[Extension]:
    """COMPILED by mypyc, one group, where mypy is here and accepts them; else none."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        _cannot("the hot path", "no mypy here")
        return []
    try:
        extensions = mypycify(COMPILED, opt_level="3")
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _cannot("the hot path", f"mypyc failed ({error})")
        return []
    for extension in extensions:
        extension.optional = MODE != "1"
        extension.build_group = ("mypyc", "the hot path")  # type: ignore[attr-defined]
    return extensions


def cython_extensions() -> list[Extension]:
    """FAST by Cython, where Cython is here; else none."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        _cannot("the fast paths", "no Cython here")
        return []
    extensions = cythonize(
        [Extension(path[4:-3].replace("/", "."), [path]) for path in FAST],
        # annotations are for mypy; the C types are each module's .pxd's
        compiler_directives={"language_level": 3, "annotation_typing": False},
        quiet=True,
    )
    for extension in extensions:
        # set here: cythonize's own copy of an extension drops `optional`
        extension.optional = MODE != "1"
        extension.build_group = ("Cython", "the fast paths")  # type: ignore[attr-defined]
    return extensions


class BuildExt(build_ext):
    """build_ext on every core, each group of extensions (`build_group`: its compiler, and
    what runs as Python without it) built all or none."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = True  # a worker a core: the Cython modules beside mypyc's library

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception:
            self.failed.add(ext.name)
            raise

    def run(self) -> None:
        self.failed: set[str] = set()
        super().run()
        groups: dict[tuple[str, str], list[str]] = {}
        for ext in self.extensions:
            if getattr(ext, "build_group", None) is not None:
                groups.setdefault(ext.build_group, []).append(ext.name)
        for (compiler, what), names in groups.items():
            if self.failed.intersection(names):
                # a module's extension without what it links or cimports fails to import,
                # and a group short of a module mixes compiled and Python code: none stays
                for name in names:
                    path = self.get_ext_fullpath(name)
                    if os.path.exists(path):
                        os.remove(path)
                _cannot(what, f"a {compiler} extension failed to build")


def main() -> None:
    argv = set(sys.argv[1:])
    builds = MODE != "0" and argv & BUILDS and not argv & IN_PLACE
    mypyc = mypyc_extensions() if builds else []
    fast = cython_extensions() if MODE != "0" else []
    setup(ext_modules=[*mypyc, *fast], cmdclass={"build_ext": BuildExt})


# (setuptools runs this file as __main__; tests/project/test_build.py imports it)
if __name__ == "__main__":
    main()
