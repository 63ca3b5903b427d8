"""Placeholders inside a URL: a URL template is reported once, whole, flagged `template`.

Programs and configuration build URLs from templates: Python's format strings and f-strings
(`https://api.example.com/users/{user_id}`), printf's (`https://%s/%d`, `%(name)s`),
JavaScript's template literals and shell (`${name}`), Jinja, Mustache, Go and Helm templates
(`{{ name }}`), Ruby's `%{name}` and SPF's macros (RFC 7208 section 7), and RFC 6570's URI
templates (`{var}`, `{+var}`, `{#var}`, `{/var*}`, `{?x,y}`, `{&x}`, `{;x}`, `{.x}`). None of
these is URL text: RFC 1738 section 2.2 calls `{` and `}` unsafe (RFC 3986 leaves them out
altogether), and a `%` not followed by two hexadecimal digits is no escape (section 2.2).
So a placeholder is recognised in any text urlint scans, mail included: where it stands,
the URL is a template, whatever the text around it.

A `%d` followed by a hexadecimal digit (`%da`) is an escape, not a placeholder: section 2.2's
reading wins where both are possible. `$name` and `$(name)` are placeholders in shell and
make files; in YAML and TOML, `$NAME` in capitals and `$(name)`, as a YAML value is often
handed to a shell or to envsubst (GitHub Actions' `run:` and `${{ }}`, GitLab CI's
`$CI_PROJECT_URL`, Kubernetes' `$(VAR_NAME)` in a container's command, env and args, and
templates filled by envsubst). A lower-case `$name` stays URL text there (OData's
`?$filter=`, a query's own). Elsewhere `$` is a URL's own character (RFC 1738 section 2.2,
"reserved").

Whitespace inside a placeholder (`{{ name }}`, `${ a + b }`) does not end the URL
(`extended_end`): the placeholder closes on the same line, shortly after.
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from ..core.model import Candidate, Flag
from .body import BODY

# The placeholder forms, longest first where two start alike: `{{ }}` (and GitHub Actions'
# `${{ }}`) before `{ }`, `${ }` (one level of braces inside: `${fn({a})}`) and `%{ }`
# before `{ }`, which holds no quote (`{I'm_king}` is a name in braces, not a template's);
# printf's named form before its short ones.
_FORMS = (
    r"\$?\{\{[^{}]*\}\}"
    r"|\$\{(?:[^{}]|\{[^{}]*\})*\}"
    r"|%\{[^{}]*\}"
    r"|\{[^{}'\"]*\}"
    r"|%\(\w+\)[sdr]"
    r"|%[sirvq]"
    r"|%d(?![0-9A-Fa-f])"
)
PLACEHOLDER = compiled_when_used(_FORMS)
# In shell and make files, variables too: `$HOME`, `$(VERSION)`.
SHELL_PLACEHOLDER = compiled_when_used(
    _FORMS + r"|\$[A-Za-z_][A-Za-z0-9_]*|\$\([A-Za-z_][A-Za-z0-9_]*\)"
)
# In YAML and TOML: a shell's variable in capitals (environment variables are, by POSIX's
# convention for those the system uses), and `$(name)`.
CONFIG_PLACEHOLDER = compiled_when_used(
    _FORMS + r"|\$[A-Z_][A-Z0-9_]*(?![a-z])|\$\([A-Za-z_][A-Za-z0-9_]*\)"
)
# What a text's `$` variables are: shell's, a configuration file's, or none (`False`).
SHELL, CONFIG = "shell", "config"

TEMPLATE = frozenset({Flag.TEMPLATE})

Placeholders = tuple[tuple[int, int], ...]


def placeholders(url: str, shell: bool | str = False) -> Placeholders:
    """The (start, end) offsets in `url` of its placeholders, in order; () for none.

    `shell`: the text's `$` variables are placeholders too, as shell's (True or SHELL) or a
    YAML or TOML file's (CONFIG)."""
    pattern = CONFIG_PLACEHOLDER if shell == CONFIG else SHELL_PLACEHOLDER if shell else PLACEHOLDER
    return tuple(match.span() for match in pattern.finditer(url))


def may_hold(url: str, shell: bool | str = False) -> bool:
    """Can `url` hold a placeholder at all (a cheap test, in C, before `placeholders`)?"""
    return "{" in url or "%" in url or (bool(shell) and "$" in url)


def as_template(candidate: Candidate, shell: bool | str = False) -> Candidate:
    """`candidate`, flagged `template` with its placeholders, where its URL holds any."""
    url = candidate.url
    if not may_hold(url, shell):
        return candidate
    found = placeholders(url, shell)
    if not found:
        return candidate
    return candidate._replace(flags=candidate.flags | TEMPLATE, placeholders=found)  # type: ignore[attr-defined]  # a record's, as namedtuple's


# What may stand between a placeholder's opening brace and its closing one across a blank:
# no brace, no line end, nothing that ends a URL for certain (bare.py: `<`, `>`, `"`).
_INSIDE = compiled_when_used(r'[^{}\s<>"]*(?:[ \t]+[^{}\s<>"]+)*[ \t]*\}')
_MAX_INSIDE = 80  # a placeholder is a name or a short expression


_BRACE = compiled_when_used(r"[{}]")


def _still_open(text: str, start: int, end: int, opened: list[int]) -> list[int]:
    """`opened` (the braces left open before `start`) with those of text[start:end]."""
    for brace in _BRACE.finditer(text, start, end):
        if brace.group() == "{":
            opened.append(brace.start())
        elif opened:
            opened.pop()
    return opened


def extended_end(text: str, start: int, end: int, stop: int) -> int:
    """Where the bare URL text[start:end], which whitespace ended inside an open placeholder
    (`{{ name }}`, `${ a }`, `{ x }`), ends once the placeholder is read whole: `end` where
    none is open, or it does not close on the same line within a short stretch (then it
    is no placeholder, and the URL ends where it did). Linear: each stretch is read once."""
    opened = _still_open(text, start, end, [])
    while opened and end < stop and text[end] in " \t":
        inside = _INSIDE.match(text, end, min(stop, end + _MAX_INSIDE))
        if inside is None:
            break
        # on from the closing brace (and a second one, `{{ name }}`), as a URL reads
        body = BODY.match(text, inside.end(), stop)
        assert body is not None  # BODY matches the empty string
        opened = _still_open(text, inside.end() - 1, body.end(), opened)
        end = body.end()
    return end
