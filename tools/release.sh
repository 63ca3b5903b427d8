#!/usr/bin/env bash
# Build urlint's release into OUTDIR (default: dist/ at the repository's root) and check it:
#   - the sdist and the pure wheel (py3-none-any), by `python -m build` with
#     URLINT_COMPILE=0 (setup.py: no extension): the wheel is built from the sdist, so a
#     file the build needs and the sdist lacks fails here;
#   - the compiled wheel for this platform (setup.py: mypyc's modules and Cython's), built
#     from the same sdist the way `pip install .` builds it (an isolated build of
#     pyproject.toml's build requirements, mypy pinned there), with URLINT_COMPILE=1 so that a
#     build falling back to Python fails; its tag must name this interpreter and platform;
#   - `twine check --strict` over the three (the metadata and the README as PyPI renders it).
# The wheels the package index serves are built by .github/workflows/wheels.yml
# (cibuildwheel: manylinux and macOS, each CPython); this builds the machine's own.
# The Python it runs ($PYTHON, else the repository's .venv, else python3) needs the
# release extra: `pip install -e '.[release]'` (pinned there). Needs a C compiler for the
# compiled wheel. It tags nothing and uploads nothing.
#
#   tools/release.sh [OUTDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/dist}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -n "${PYTHON:-}" ]]; then
  python=$PYTHON
elif [[ -x "$root/.venv/bin/python" ]]; then
  python=$root/.venv/bin/python
else
  python=python3
fi
for module in build twine; do
  if ! "$python" -c "import $module" 2>/dev/null; then
    echo "release.sh: $python has no $module: pip install -e '.[release]'" >&2
    exit 2
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The sdist, then the pure wheel from it, each in an isolated environment
URLINT_COMPILE=0 "$python" -m build --outdir "$work/dist" "$root"
sdists=("$work"/dist/urlint-*.tar.gz)
sdist=${sdists[0]}
name=$(basename "$sdist" .tar.gz)

# The compiled wheel from the same sdist, unpacked where no earlier build/ lies
mkdir "$work/src"
tar -xzf "$sdist" -C "$work/src"
URLINT_COMPILE=1 "$python" -m build --wheel --outdir "$work/dist" "$work/src/$name"

pure=("$work"/dist/"$name"-py3-none-any.whl)
wheels=("$work"/dist/"$name"-*.whl)
if [[ ! -f "${pure[0]}" || ${#wheels[@]} -ne 2 ]]; then
  echo "release.sh: expected a pure wheel and a compiled one, got: ${wheels[*]##*/}" >&2
  exit 1
fi

"$python" -m twine check --strict "$work"/dist/*

rm -f "$out/$name.tar.gz" "$out/$name"-*.whl
mv "$work"/dist/* "$out"/
ls -1 "$out/$name.tar.gz" "$out/$name"-*.whl
