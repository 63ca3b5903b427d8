"""Placeholders inside a URL: a URL template is reported once, whole, flagged `template`.

Programs and configuration build URLs from templates: Python's format strings and f-strings
(`https://api.example.com/users/{user_id}`), printf's (`https://%s/%d`, `%(name)s`,
`%-5d`, `%1$s`, `%ld`, Objective-C's `%@`), JavaScript's template literals and shell
(`${name}`, `$(cmd)`), Jinja, Mustache, Go and Helm templates (`{{ name }}`, quotes inside
too), Ruby's `#{expr}`, `%{name}` and `%<name>s`, SPF's macros (RFC 7208 section 7),
PHP's `{$var}`, Perl's `@{[ expr ]}` and a variable's element (`$h{key}`, `$a[0]`,
`$o->{k}`, PHP's `$o->prop`), Scaladoc's source links' `€{FILE_PATH}`, curl's URL globs
(`{a,b}`, `[1-100]`, `[a-z:2]`, named `{<n>a,b}`: curl's manual, "URL globbing"), rewrite
targets' back-references (`$1`), and RFC 6570's URI templates (`{var}`, `{+var}`,
`{#var}`, `{/var*}`, `{?x,y}`, `{&x}`, `{;x}`, `{.x}`). None of these can be URL text by
either standard: RFC 1738 section 2.2 calls `{`, `}`, `[` and `]`
unsafe and `<`, `>` delimiters, RFC 3986 leaves braces and `>` out altogether and allows
brackets only around an IP literal (section 3.2.2, which no range or variable is), and a
`%` not followed by two hexadecimal digits is no escape (both: RFC 1738 section 2.2, RFC
3986 section 2.1). So these are recognised in any text urlint scans, mail included: where
one stands, the URL is a template, whatever the text around it.

A `%` followed by two hexadecimal digits is an escape, never a placeholder, where printf
could read it too (`%da`, `%10d`, `%5d`): the escape's reading wins. In running text
(prose, markup, mail, and files of a kind urlint does not read) a printf conversion is read
only where no broken escape looks like it (`%s`, `%d`, `%@`, or with a flag, a width after
a flag, a precision, a length or a position: `%-5d`, `%.2f`, `%ld`, `%1$s`); a bare `%u`,
`%o` or `%f` there may be a writer's `50%off`, left to the rules. In code and configuration,
and in any text in the host or the port, every conversion is a placeholder.

`$name` is a shell's or a language's variable where `$` cannot be a URL's own character:
in the host and the port (RFC 1738 sections 3.1 and 5 allow letters, digits, `-` and `.`
in a host, digits in a port, as RFC 3986 section 3.2.3 does; RFC 3986's reg-name, section
3.2.2, admits `$` among the sub-delims, but a name for DNS, "the syntax defined in Section
3.5 of [RFC1034]", holds none), and as the scheme (`$proto://`), in every text. In the
path, the query and the fragment `$` is a URL's own character (RFC 1738 section 2.2 lists
it among those "used unencoded within a URL", RFC 3986 section 2.2 among the sub-delims):
OData's `$metadata` segment and `?$filter=` keys, Azure's `$web` container, so a `$name`
there stays URL text, but in shell and make files, where every `$name` is a variable, and
in YAML and TOML, where `$NAME` in capitals is (values handed to a shell or to envsubst:
GitHub Actions' `run:`, GitLab CI's `$CI_PROJECT_URL`, Kubernetes' `$(VAR_NAME)`), OData's
names being lower case. Reading a path's `$name` as URL text costs nothing in findings: no
rule reports a `$` there. Two forms are read in every text though both standards allow
their characters, as no URL writes them: `$(` before a name or a command (`$(VERSION)`,
`$(uname -s)`), and `$` and one digit (a rewrite target's back-reference,
`https://x.org/$1`). A `%` before a name in capitals that starts no escape (curl's test
variables, `%HOSTIP`; cmd.exe's `%APPDATA%`) is no URL text either, and a placeholder in
every text. In shell and make files any "%" that starts no escape is one: make's pattern's
stem (`$(patsubst git://%,https://%,$(x))`).

Whitespace, a quote, `<` and `>` inside a placeholder (`{{ name }}`, `$(uname -s)`,
`@{[ $c->url ]}`, `{{ if ne $port "80" }}`, curl's `{<name>a,b}`, Perl's `$o->{k}`) do not
end the URL (`extended_end`): the placeholder closes on the same line, shortly after, and
holds no URL of its own (`$(curl -s https://x.org/v.txt)`: that one is reported).
"""

from __future__ import annotations

from bisect import bisect_right

from .._runtime.patterns import compiled_when_used
from ..core.model import Candidate, Flag
from .body import BODY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from re import Pattern

# A name in capitals after a "%" that starts no escape: curl's test files' variables
# (`%HOSTIP`, `%HTTPPORT`: its tests/FILEFORMAT.md, "Variables"), and cmd.exe's, closed by
# a second "%" (`%APPDATA%`); any name closed so (`%package%`: Composer's and
# documentation's placeholders).
_PERCENT_NAME = r"%(?![0-9A-Fa-f]{2})(?:[A-Z_][A-Z0-9_]+(?:%(?!\w))?|[A-Za-z_]\w*%(?!\w))"
# Ruby's named conversion (Kernel#format: `%<name>s`, flags, a width, a precision).
_NAMED_CONVERSION = r"%<\w+>[-+#0]*[0-9]*(?:\.[0-9]+)?[diouxXeEfFgGcsbBp]"
# A range's bound: digits, or a placeholder that gives them (`[0-{count-1}]`,
# `[%TESTNUMBER0001-%TESTNUMBER0003]`), each character read one way only (no backtracking
# over a long run of digits).
_BOUND = r"(?:[0-9]|\{[^{}'\"]*\}|%[A-Z_][A-Z_]*)+"
# The placeholder forms no text holds as a URL's own, longest first where two start alike:
# `{{ }}` (and GitHub Actions' `${{ }}`) before `{ }`; a sigil's braces (`${ }`, Ruby's
# `#{ }`, `%{ }`, one level of braces inside: `${fn({a})}`) and Perl's `@{[ ]}`, PHP's
# `{$var['k']}` (quotes inside) before `{ }`, which holds no quote (`{I'm_king}` is a name
# in braces, not a template's, but a subscript's quoted key is: Python's
# `{os.environ['HOST']}`); `$(cmd args)` (a name or a command after its parenthesis,
# so OkHttp's test text `?a=!$(),` is none); a variable's element before a variable alone;
# curl's ranges (digits or letters, a step after ":", a name in angle brackets first),
# never an IP literal (which holds ":" and no "-": RFC 3986 section 3.2.2); a rewrite
# target's back-reference; Scaladoc's source links' variables (`€{FILE_PATH}`, its
# `-doc-source-url` option); printf's named forms (Python's `%(name)s`, Ruby's
# `%<name>s`: Kernel#format's "format style"). Last, an expression still open at the
# URL's end, where a string's quote inside it cut the literal (Ruby's
# `"file://#{fixture("a.tgz")}"`: scanner.code reads no quotes nested in one): what follows
# its opening is the program's.
_ALWAYS = (
    r"\$?\{\{[^{}]*\}\}"
    r"|[$#%]\{(?:[^{}]|\{[^{}]*\})*\}"
    r"|@\{\[(?:[^{}]|\{[^{}]*\})*\]\}"
    r"|\{\$[^{}]*\}"
    r"|\{[A-Za-z_][\w.]*(?:\[(?:'[^'{}]*'|\"[^\"{}]*\"|[\w.]*)\])+\}"
    r"|\{[^{}'\"]*\}"
    r"|\$\((?=[A-Za-z_(])(?:[^()]|\([^()]*\))*\)"
    r"|\$[A-Za-z_]\w*(?:(?:->)?(?:\{[^{}]*\}|\[[^\[\]]*\])|->[A-Za-z_]\w*)+"
    r"|\[(?:<\w+>)?(?:" + _BOUND + "-" + _BOUND + r"|[a-z]-[a-z]|[A-Z]-[A-Z])(?::[0-9]+)?\]"
    r"|\$[0-9](?!\w)"
    r"|\u20ac\{[A-Z_]+\}"
    r"|%\(\w+\)[-+#0]*[0-9]*(?:\.[0-9]+)?[diouxXeEfFgGcrsa]"
    r"|"
    + _NAMED_CONVERSION
    + r"|"
    + _PERCENT_NAME
    + r"|(?:[$#%]\{|@\{\[|\{[{$]|\$\((?=[A-Za-z_(]))[^{}$#%@]*\Z"
)
# printf's conversions (C, Python's `%r`, Go's verbs, Objective-C's `%@`): a position,
# flags, a width, a precision, a length. Never where two hexadecimal digits follow the `%`:
# an escape.
_CONVERSION = r"[diouxXeEfFgGaAcsprn@vqTtwbU]"
_SHAPED = (
    r"%(?![0-9A-Fa-f]{2})(?:[0-9]+\$)?[-+#0]*(?:[0-9]+|\*)?(?:\.(?:[0-9]+|\*))?"
    r"(?:hh|ll|[hlLqjzZt])?"
)
# Every conversion: in code and configuration, and in a host or a port.
PRINTF = _SHAPED + _CONVERSION + r"|%%"
# In running text, those no broken escape looks like: `%s` and its kin, or a conversion
# with a position, a flag, a precision or a length (`%1$s`, `%-5d`, `%.2f`, `%ld`). `%i`,
# `%r`, `%v` and `%q` before a letter are a word's broken escape
# (`.../workflows/Continuous%integration/badge.svg`), not a conversion.
_PRINTF_IN_TEXT = (
    r"%(?:[s@]|[irvq](?![A-Za-z])|d(?![0-9A-Fa-f]))"
    r"|%(?![0-9A-Fa-f]{2})(?=[0-9]+\$|[-+#.]|(?:hh|ll|[hlLqjzZt])" + _CONVERSION + r")"
    r"(?:[0-9]+\$)?[-+#0]*(?:[0-9]+|\*)?(?:\.(?:[0-9]+|\*))?(?:hh|ll|[hlLqjzZt])?" + _CONVERSION
)
# A shell's variable (shell and make files); one in capitals (YAML and TOML: environment
# variables are, by POSIX's convention for those the system uses, XBD section 8.1).
_SHELL_VARIABLE = r"|\$[A-Za-z_]\w*"
_CONFIG_VARIABLE = r"|\$[A-Z_][A-Z0-9_]*(?![a-z])"
# A "%" that starts no escape and no conversion, in shell and make files: make's pattern's
# stem (GNU make's manual, "Pattern Rules": `$(patsubst git://%,https://%,$(x))`).
_STEM = r"|%(?![0-9A-Fa-f]{2})"

PLACEHOLDER = compiled_when_used(_ALWAYS + "|" + _PRINTF_IN_TEXT)
CODE_PLACEHOLDER = compiled_when_used(_ALWAYS + "|" + PRINTF)
SHELL_PLACEHOLDER = compiled_when_used(_ALWAYS + _SHELL_VARIABLE + "|" + PRINTF + _STEM)
CONFIG_PLACEHOLDER = compiled_when_used(_ALWAYS + _CONFIG_VARIABLE + "|" + PRINTF)
# Lisp's `format` directives, an argument's (Common Lisp's CLHS 22.3, Racket's `format`):
# `(format nil "http://localhost:~A/" port)`; `~alice`, a user's folder, is none.
LISP_PLACEHOLDER = compiled_when_used(
    _ALWAYS + "|" + PRINTF + r"|~[0-9,]*[:@]*[aAsSdDxX](?![A-Za-z0-9])"
)
# A "%" that starts no escape (RFC 1738 section 2.2): where none stands, nor a brace, a
# bracket or a "$", a URL holds no placeholder.
_NOT_AN_ESCAPE = compiled_when_used(r"%(?![0-9A-Fa-f]{2})")
# In a host or a port, and as the scheme: a variable of any case, or any conversion.
_IN_AUTHORITY = compiled_when_used(r"\$\w+|" + PRINTF)
# Where an authority ends (RFC 3986 section 3.2), read outside the placeholders.
_AUTHORITY_END = compiled_when_used(r"[/?#]")

# What a text's `$` variables and printf conversions are: shell's, a configuration file's,
# any other code's, or running text's (`False` or "").
SHELL, CONFIG, CODE, LISP = "shell", "config", "code", "lisp"
_BY_KIND = {
    SHELL: SHELL_PLACEHOLDER,
    CONFIG: CONFIG_PLACEHOLDER,
    CODE: CODE_PLACEHOLDER,
    LISP: LISP_PLACEHOLDER,
}

TEMPLATE = frozenset({Flag.TEMPLATE})

Placeholders = tuple[tuple[int, int], ...]


def placeholders(url: str, shell: bool | str = False) -> Placeholders:
    """The (start, end) offsets in `url` of its placeholders, in order; () for none.

    `shell`: what the text is, as its `$` variables and printf conversions are read: SHELL
    (or True: every `$name`), CONFIG (a YAML or TOML file's: `$NAME` in capitals), CODE (any
    other code: every printf conversion), LISP (Lisp's: its `format` directives too), or
    running text (False, "")."""
    if (
        "{" not in url
        and "$" not in url
        and "[" not in url
        and not _NOT_AN_ESCAPE.search(url)
        and not (shell == LISP and "~" in url)
    ):
        return ()  # escapes alone (most URLs with a "%"): the forms' pattern is not compiled
    pattern = SHELL_PLACEHOLDER if shell is True else _BY_KIND.get(shell or "", PLACEHOLDER)
    found = [match.span() for match in pattern.finditer(url)]
    if "$" in url or "%" in url:
        found = _with_authority(url, found)
    if "%%" in url:
        found = _percent_signs_of_a_format(url, found)
    return tuple(found)


def _percent_signs_of_a_format(url: str, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`found` with each `%%` kept only where a printf conversion beside it makes the URL a
    format: there `%%` writes the URL's "%" (`"a%%20b/%u"`); alone it is no placeholder but
    a "%" that starts no escape (RFC 1738 section 2.2), as in `"/%D0%%86_"`."""
    if any(url[start] == "%" and url[start:end] != "%%" for start, end in found):
        return found
    return [(start, end) for start, end in found if url[start:end] != "%%"]


def _with_authority(url: str, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`found` (a URL's placeholders, in order) with its scheme's and its host's and port's
    variables and conversions, which no URL holds there as its own: `$proto://`,
    `http://$NODE_IP:$NODE_PORT/` (RFC 1738 section 3.1, RFC 3986 sections 3.2.2 and
    3.2.3)."""
    added = []
    if url.startswith("$"):  # a scheme that is a variable: the scanner starts the URL there
        match = _IN_AUTHORITY.match(url)
        if match is not None:
            added.append(match.span())
    slashes = url.find("://")
    if slashes >= 0 and url.find("/", 0, slashes) < 0:  # the scheme's, not a query's URL
        starts = [begin for begin, _ in found]
        host = slashes + 3
        end = _outside(url, _AUTHORITY_END, host, found, starts)
        at = _outside_back(url, "@", host, end, found, starts)
        if at >= 0:
            host = at + 1  # the last "@" is the login's end (RFC 3986 section 3.2.1)
        if "$" in url[host:end] or "%" in url[host:end]:
            added.extend(match.span() for match in _IN_AUTHORITY.finditer(url, host, end))
    if not added:
        return found
    return sorted(found + [span for span in added if not _overlaps(span, found)])


def _inside(at: int, spans: list[tuple[int, int]], starts: list[int]) -> int:
    """The end of the span of `spans` (in order, `starts` their starts) that holds `at`; -1
    where none does."""
    index = bisect_right(starts, at) - 1
    return spans[index][1] if index >= 0 and at < spans[index][1] else -1


def _outside(
    url: str, pattern: Pattern[str], start: int, spans: list[tuple[int, int]], starts: list[int]
) -> int:
    """Where `pattern` first matches in `url` from `start` on outside `spans`; its end if
    nowhere."""
    match = pattern.search(url, start)
    while match is not None:
        inside = _inside(match.start(), spans, starts)
        if inside < 0:
            return match.start()
        match = pattern.search(url, inside)
    return len(url)


def _outside_back(
    url: str, char: str, start: int, end: int, spans: list[tuple[int, int]], starts: list[int]
) -> int:
    """Where `char` last stands in url[start:end] outside `spans`; -1 if nowhere."""
    at = url.rfind(char, start, end)
    while at >= 0 and _inside(at, spans, starts) >= 0:
        index = bisect_right(starts, at) - 1  # on before the span that holds it
        at = url.rfind(char, start, spans[index][0])
    return at


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    """Does `span` share a character with one of `spans`?"""
    return any(span[0] < end and begin < span[1] for begin, end in spans)


def may_hold(url: str, shell: bool | str = False) -> bool:
    """Can `url` hold a placeholder at all (a cheap test, in C, before `placeholders`)?"""
    return "{" in url or "%" in url or "$" in url or "[" in url or ("~" in url and shell == LISP)


def as_template(candidate: Candidate, shell: bool | str = False) -> Candidate:
    """`candidate`, flagged `template` with its placeholders, where its URL holds any."""
    url = candidate.url
    if not may_hold(url, shell):
        return candidate
    found = placeholders(url, shell)
    if not found:
        return candidate
    return candidate._replace(flags=candidate.flags | TEMPLATE, placeholders=found)  # type: ignore[attr-defined]  # a record's, as namedtuple's


# --- where a URL ends that a placeholder holds on ---------------------------------------

# What may stand between a brace's opening and its closing across a blank, where the brace
# may be prose's (`{ x }`): no brace, no line end, nothing that ends a URL for certain
# (bare.py: `<`, `>`, `"`).
_INSIDE = compiled_when_used(r'[^{}\s<>"]*(?:[ \t]+[^{}\s<>"]+)*[ \t]*\}')
_MAX_INSIDE = 80  # a placeholder is a name or a short expression
_MAX_NESTING = 8  # brackets inside a placeholder's, at most
_MAX_CODE = _MAX_INSIDE  # an expression (`#{T.must(match[:name]).gsub(/%20|_/, "-")}`)
_BRACKET = compiled_when_used(r"[{}()\[\]]")
_CLOSES = {"}": "{", ")": "(", "]": "["}
# What follows a curl glob's opening to name it (curl's manual, "URL globbing").
_GLOB_NAME = compiled_when_used(r"<\w+>")
# A Perl or PHP variable's element or property before the "->" that ended a URL: `$o-`
# of `$o->{k}`, `$o->{a}-` of `$o->{a}->[0]`; and what may follow the ">".
_ARROW_CHAIN = compiled_when_used(
    r"\$[A-Za-z_]\w*(?:(?:->)?(?:\{[^{}\s]*\}|\[[^\[\]\s]*\])|->[A-Za-z_]\w*)*-"
)
_AFTER_ARROW = frozenset("{[_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _still_open(text: str, start: int, end: int, opened: list[int]) -> list[int]:
    """`opened` (the brackets left open before `start`) with those of text[start:end]."""
    for bracket in _BRACKET.finditer(text, start, end):
        char = bracket.group()
        if char in "{([":
            opened.append(bracket.start())
        elif opened and text[opened[-1]] == _CLOSES[char]:
            opened.pop()
    return opened


def _is_code(text: str, at: int) -> bool:
    """Does the bracket at `at` open a placeholder no prose writes, whose inside is an
    expression (quotes, `<`, `>` and blanks in it): `{{`, `${`, `#{`, `%{`, `@{[`, PHP's
    `{$`, `$(`?"""
    before = text[at - 1 : at]
    if text[at] == "(":
        return before == "$"
    return text[at] == "{" and (before in _CODE_SIGILS or text.startswith(("{", "$"), at + 1))


_CODE_SIGILS = frozenset("$#%@")
# The forms of _ALWAYS an expression read across its blanks must be one of.
_EXPRESSION = compiled_when_used(
    r"\$?\{\{[^{}]*\}\}"
    r"|[$#%]\{(?:[^{}]|\{[^{}]*\})*\}"
    r"|@\{\[(?:[^{}]|\{[^{}]*\})*\]\}"
    r"|\{\$[^{}]*\}"
    r"|\$\((?:[^()]|\([^()]*\))*\)"
)


def _one_expression(text: str, at: int, close: int) -> bool:
    """Is text[at:close], with the sign before it (`${`, `#{`), one placeholder of the
    forms (_EXPRESSION)? `@{{ name }}` is a login's "@" before `{{ name }}`."""
    if _EXPRESSION.fullmatch(text, at, close) is not None:
        return True
    signed = text[at - 1 : at] in _CODE_SIGILS
    return signed and _EXPRESSION.fullmatch(text, at - 1, close) is not None


def _code_close(text: str, at: int, stop: int) -> int:
    """Where the expression opened at `at` closes (the offset after its bracket), its
    brackets matched, on its line and within _MAX_CODE; -1 where it does not, or where it
    holds a URL of its own (`$(curl -s https://x.org/v.txt)`), which is reported as such
    (a URL inside a URL is none of its own: scanner.py)."""
    limit = min(stop, at + _MAX_CODE)
    line_end = text.find("\n", at, limit)
    opened: list[str] = []
    for bracket in _BRACKET.finditer(text, at, limit if line_end < 0 else line_end):
        char = bracket.group()
        if char in "{([":
            opened.append(char)
        elif opened.pop() != _CLOSES[char]:
            return -1  # `$(a]`: no expression of a program
        elif not opened:
            return -1 if text.find("://", at, bracket.end()) >= 0 else bracket.end()
    return -1


def _read_on(text: str, start: int, end: int, stop: int, opened: list[int]) -> int:
    """Where reading goes on after what ended the URL text[start:end] inside a placeholder
    that is still open (`opened`, its brackets' offsets), or -1: it does not go on."""
    near = opened[-_MAX_NESTING:]  # brackets nested deeper are no program's
    code = next((at for at in near if _is_code(text, at)), -1)
    if code >= 0:
        close = _code_close(text, code, stop)
        if close < 0 or not _one_expression(text, code, close):
            return -1  # no placeholder the forms read whole (`${{ printf "{" }}`)
        # the expression's own brackets are closed with it
        del opened[opened.index(code, len(opened) - len(near)) :]
        return close
    innermost = opened[-1]
    if end == innermost + 1 and text[end] == "<":  # a named glob: `{<n>a,b}`, `[<r>1-9]`
        name = _GLOB_NAME.match(text, end, stop)
        return -1 if name is None else name.end()
    brace = next((at for at in reversed(near) if text[at] == "{"), -1)
    if brace < 0 or text[end] not in " \t":
        return -1
    inside = _INSIDE.match(text, end, min(stop, end + _MAX_INSIDE))
    if inside is None:
        return -1
    # `{f(a, b)}`: what opened inside it closes with it
    del opened[opened.index(brace, len(opened) - len(near)) :]
    # on from the closing brace (and a second one, `{{ name }}`), as a URL reads
    return inside.end()


def _after_an_arrow(text: str, start: int, end: int, stop: int) -> bool:
    """Did the URL text[start:end] end at the ">" of a Perl or PHP variable's "->" (`$o->{k}`,
    `$o->[0]`, `$o->prop`), which reads on? No URL holds a ">" (RFC 1738 section 2.2)."""
    if not (text.startswith(">", end) and end + 1 < stop and text[end + 1] in _AFTER_ARROW):
        return False
    sigil = text.rfind("$", max(start, end - _MAX_INSIDE), end)
    return sigil >= 0 and _ARROW_CHAIN.fullmatch(text, sigil, end) is not None


# A Liquid, Jinja or Django tag that writes no text of its own, the block's structure
# (`{% raw %}`, `{% endraw %}`, `{% endif %}`, `{% else %}`, `{%- endfor -%}`): a URL it
# stands right after with no blank ends before it (a Jekyll archive's mail, in a code
# block between `{% raw %}` and `{% endraw %}`: `.../listinfo/grase-hotspot{% endraw %}`).
_TAG_OF_NO_TEXT = compiled_when_used(
    r"\{%-?[ \t]*(?:raw|end[a-z]*|else|comment|verbatim)[ \t]*-?%\}"
)


def extended_end(text: str, start: int, end: int, stop: int) -> int:
    """Where the bare URL text[start:end], which a blank, a quote, `<` or `>` ended inside
    a placeholder (`{{ name }}`, `$(uname -s)`, `{{ if ne $p "80" }}`, `{<n>a,b}`, `{ x }`)
    or at a variable's "->" (`$o->{k}`), ends once the placeholder is read whole: `end`
    where none is open, or it does not close on the same line within a short stretch (then
    it is no placeholder, and the URL ends where it did). Linear: each stretch is read a
    bounded number of times."""
    opened = _still_open(text, start, end, [])
    while end < stop:
        if opened and _TAG_OF_NO_TEXT.match(text, opened[-1]) is not None:
            return opened[-1]  # `{% endraw %}` after the URL: the template's, not its text
        if text[end] == ">" and _after_an_arrow(text, start, end, stop):
            resume = end + 1
        elif text[end] == "<" and (named := _NAMED.match(text, end - 1, stop)) is not None:
            resume = named.end()  # Ruby's `%<name>s`
        elif opened:
            resume = _read_on(text, start, end, stop, opened)
            if resume <= end:  # no placeholder closes after what ended the URL
                break
        else:
            break
        body = BODY.match(text, resume, stop)
        assert body is not None  # BODY matches the empty string
        opened = _still_open(text, resume, body.end(), opened)
        end = body.end()
    return end


_NAMED = compiled_when_used(_NAMED_CONVERSION)


def scheme_start(text: str, start: int, floor: int) -> int:
    """Where a URL whose scheme's name starts at `start` starts, where a placeholder that
    ends with the name stands before it, "://" after it: printf's `%s://`, `%1$s://`,
    `%(proto)s://`, a variable's `$proto://` (the scheme is the placeholder, not the letters
    after its sign); `start` otherwise. Not before `floor`."""
    colon = text.find(":", start)
    if not text.startswith("//", colon + 1):
        return start
    printf = _PRINTF_BEFORE.search(text, max(floor, start - 40), start)
    if printf is not None:
        return printf.start() if colon - start == 1 and text[start] in "sv" else start
    return start - 1 if start > floor and text[start - 1] == "$" else start


# printf's sign, with a position or a mapping key, right before a scheme's name.
_PRINTF_BEFORE = compiled_when_used(r"%(?:[0-9]+\$|\(\w+\))?\Z")


# A word in braces, as a document's own markup writes one (`{p}`, `{end}`, `{bold}`).
_BRACED_NAME = compiled_when_used(r"\{([A-Za-z][A-Za-z0-9]{0,15})\}")
# What stands glued to a markup brace in its text: a letter or digit, another brace, or the
# punctuation that ends a sentence before it (`{bold}Email{nobold}`, `...aio.co.uk{p}`).
_GLUED_BEFORE = frozenset("}.,;:!?)")
# How far back a brace's word is read for a "://" (a URL's, which is no markup): linear.
_WORD_LOOKBACK = 200
# The text last asked about and the names it writes in braces as its markup: a scan asks
# for each URL with a brace in one text (a tuple, read and replaced whole).
_last_markup: tuple[str | None, frozenset[str]] = (None, frozenset())


def before_markup_braces(text: str, start: int, end: int) -> int:
    """Where a bare URL in prose, its body text[start:end], ends once the document's own
    markup ends it: before the first word in braces (`{name}`) in it, where the text writes
    words in braces as its markup (`markup_names`: glued to its words outside any URL); `end`
    where it writes none. The caller trims the sentence's punctuation before the brace.

    A magazine's text marks its links, paragraphs and styles so
    (`Web : {bold}{link http://www.aio.co.uk}http://www.aio.co.uk{end}{nobold}`, and
    `{bold}Email{nobold}`, `...text.{p}` elsewhere; an AmigaGuide's `@{b}`, `@{ub}`): the
    brace after the URL is no
    placeholder of a template (RFC 6570's `{var}`) but the markup's, which ends the URL. A
    template written in a prose that writes no such markup
    (`https://api.example.com/users/{user}`) keeps its brace."""
    found = _BRACED_NAME.search(text, start, end)
    if found is None or not markup_names(text):
        return end
    cut = found.start()
    if text[cut - 1] == "@":  # an AmigaGuide's attribute command: `@{b}`, `@{ub}`
        cut -= 1
    return cut


def markup_names(text: str) -> frozenset[str]:
    """The names `text` writes in braces as its own markup: a `{name}` glued to a word,
    another brace or a sentence's end on either side, in a word that holds no "://" (a
    URL's brace is what is asked about). Read once a text."""
    global _last_markup
    last = _last_markup
    if last[0] is text:
        return last[1]
    names = set()
    for found in _BRACED_NAME.finditer(text):
        at, after = found.span()
        before = text[at - 1] if at else " "
        following = text[after] if after < len(text) else " "
        if not (before.isalnum() or before in _GLUED_BEFORE or following.isalnum()) and (
            following != "{"
        ):
            continue  # a word in braces alone: a placeholder named in prose
        low = max(0, at - _WORD_LOOKBACK)
        word = max(text.rfind(" ", low, at), text.rfind("\n", low, at), text.rfind("\t", low, at))
        if text.find("://", max(word, low), at) < 0:
            names.add(found.group(1))
    result = frozenset(names)
    _last_markup = (text, result)
    return result
