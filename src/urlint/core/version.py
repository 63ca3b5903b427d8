"""urlint's version: the one place it is written (pyproject.toml reads it from here).

Semantic versioning over the public contracts (docs/reference/versioning.md); each release
is a dated section of CHANGELOG.md (tests/project/test_release.py checks the two agree) and
an annotated tag `v` + this version.
"""

__version__ = "1.0.0"
