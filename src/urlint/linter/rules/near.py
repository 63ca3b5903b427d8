"""N rules: near-URLs, the broken shapes of a URL someone meant (scanner.near).

The scanner hands each near-URL on flagged `malformed` (`https:/stalw.art`,
`https:www.x.org`, `http//x.org`, `https;//x.org`, `http: // x.org`, `https：//x.org`,
`//https://x.org/`, a closing mark glued on a URL's end, a Markdown link around a URL that
Markdown reads as no link: its text and target swapped, its destination not closed, a word
glued on before a scheme); the linter runs these rules on it, and no other (engine.Linter).
Each message shows the URL the text most likely meant; a fix writes it only where that URL
is certain (one character or a doubled scheme, no blank in between), and the checker
offers it only where a fix may go at all (linter.fixable).

Past 600 lines: fifteen rules, N601 to N615, each its data, its check and its message, as
the other rule modules hold theirs.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.findings import Severity
from ...core.model import Flag
from ...grammar.login import masked_quoting
from .rule import Hit, UrlUnderCheck, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...scanner.near import Shape

_SEPARATOR_FIX = 'Write "://" between the scheme and the host.'
_SEPARATOR_SAFETY = (
    '`--fix` rewrites the separator as "://", nothing else: the host after it is a dotted '
    "name or an address, so the URL meant is certain. Only where a fix may go (the kinds "
    "and contexts urlint knows to be prose), never where a password may be (an edit would "
    "show it in --diff: section 6)."
)


def _shape(subject: UrlUnderCheck, kind: str) -> Shape | None:
    """The near-URL's shape where the candidate is one of `kind` (a kind of scanner.near:
    ONE_SLASH "one-slash" ...), else None."""
    candidate = subject.candidate
    if Flag.MALFORMED not in candidate.flags:
        return None
    # Here, not at the top: the rules run on near-URLs only (engine.Linter), and a hook's run
    # on a file that holds none loads no more than the catalogue.
    from ...scanner import near

    if kind == near.GLUED:
        shape = near.glued_shape(candidate.url)
    elif kind == near.SPLIT:
        shape = near.split_shape(candidate.url, candidate.context == "string")
    elif kind == near.DASHED:
        shape = near.dashed_shape(candidate.url)
    elif kind == near.WORD:
        shape = near.word_shape(candidate.url)
    elif kind in (near.SWAPPED, near.UNCLOSED, near.QUOTED):
        shape = near.markdown_shape(candidate.url)
    else:
        shape = near.read_shape(candidate.url)
    if shape is None or shape.kind != kind:
        return None
    return shape


def _masked(subject: UrlUnderCheck, message: str, url: str) -> str:
    """`message`, which quotes `url` (the URL meant), with every password `url` may hold
    hidden: read alone, and read on into the word after the near-URL, where a reader may
    find the rest of a login (`ftp://fred:pw"` at a line end, `rest@host/` on the next)."""
    return masked_quoting(message, url, subject.candidate.login_rest_text)


def _meant(
    subject: UrlUnderCheck,
    kind: str,
    fault: str,
    replacement: str = "://",
    described: str = "remove the doubled scheme",
) -> Iterator[Hit]:
    """The hit of a near-URL of `kind`: "URL: fault; did you mean INTENDED?", with a fix
    writing `replacement` for the broken part where the URL meant is certain and holds no
    password (section 6: a fix would show the line)."""
    shape = _shape(subject, kind)
    if shape is None:
        return
    url = subject.candidate.url
    message = _masked(subject, f"{url}: {fault}; did you mean {shape.intended}?", shape.intended)
    certain = shape.certain and _masked(subject, shape.intended, shape.intended) == shape.intended
    if not certain:
        yield Hit(shape.start, shape.end, message)
        return
    if replacement:
        described = f'write "{replacement}"'
    yield Hit(shape.start, shape.end, message, replacement, described)


_RFC3986_SEPARATOR = (
    'RFC 3986 section 3: URI = scheme ":" hier-part, and hier-part = "//" authority '
    'path-abempty for a URI with a host; section 3.1 ends the scheme at the first ":". '
    "The same text is no URI by either standard, so the same grade. The WHATWG URL standard "
    'reads "https:/x.org" as https://x.org/ in a browser\'s address bar (a validation '
    "error), but no other reader does, and a link in Markdown or HTML goes nowhere."
)


@rule(
    "N601",
    "one-slash",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=_RFC3986_SEPARATOR,
    summary='A scheme that writes "//" followed by ":/" and a host: one slash missing.',
    explanation=(
        'Section 3.1: "The scheme specific data start with a double slash "//" to indicate '
        'that it complies with the common Internet scheme syntax." "https:/stalw.art" is '
        "read as the path /stalw.art with no host: a browser's link, a crawler and curl "
        "go nowhere."
    ),
    example="See https:/stalw.art for the docs.",
    use_instead="See https://stalw.art for the docs.",
    fix=_SEPARATOR_FIX,
    fix_safety=_SEPARATOR_SAFETY,
    safe_fix=True,
)
def one_slash(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "one-slash", "one slash after the scheme")


@rule(
    "N610",
    "missing-slashes",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3 reads "https:www.example.com" as a scheme and a path with no '
        "authority, and RFC 9110 section 4.2.1 gives http and https URIs an authority always "
        '("http" "://" authority path-abempty; "A sender MUST NOT generate an "http" URI '
        'with an empty host identifier"). The same text is no http URL by either standard, '
        "so the same grade."
    ),
    summary='A scheme that writes "//" followed by ":" and a host name, no slash between.',
    explanation=(
        'Section 3.1: "The scheme specific data start with a double slash "//" to indicate '
        'that it complies with the common Internet scheme syntax." "https:www.example.com" '
        'is read as the path "www.example.com" with no host: a browser\'s link and a '
        "crawler go nowhere. Only http, https and ftp are read so, with a host name or an "
        "address right after the colon."
    ),
    example="Visit https:www.example.com/docs for more.",
    use_instead="Visit https://www.example.com/docs for more.",
    fix=_SEPARATOR_FIX,
    fix_safety=_SEPARATOR_SAFETY,
    safe_fix=True,
)
def missing_slashes(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "no-slash", "no '//' after the scheme")


@rule(
    "N602",
    "missing-colon",
    Severity.ERROR,
    "2.1, 3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=_RFC3986_SEPARATOR,
    summary='A scheme name followed by "//" and a host with no ":" between them.',
    explanation=(
        'Section 2.1: a URL is "<scheme>:<scheme-specific-part>", the colon ending the '
        'scheme; section 3.1 then writes "//" before the host. "http//example.com/x" has no '
        "scheme at all: a reader takes it for a relative path, http//example.com/x under "
        "the page it is on."
    ),
    example="The admin page is http//example.com/admin/post.",
    use_instead="The admin page is http://example.com/admin/post.",
    fix=_SEPARATOR_FIX,
    fix_safety=_SEPARATOR_SAFETY,
    safe_fix=True,
)
def missing_colon(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "no-colon", "no ':' after the scheme")


@rule(
    "N603",
    "semicolon-for-colon",
    Severity.ERROR,
    "2.1, 3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=_RFC3986_SEPARATOR,
    summary='A scheme name followed by ";//" and a host: ";" typed for ":".',
    explanation=(
        'Section 2.1: the scheme ends at ":"; ";" is a reserved character with a meaning of '
        'its own in a scheme\'s data (section 2.2). "https;//github.com/x" has no scheme: a '
        "reader takes it for a relative path."
    ),
    example="Clone https;//github.com/user/repo.",
    use_instead="Clone https://github.com/user/repo.",
    fix=_SEPARATOR_FIX,
    fix_safety=_SEPARATOR_SAFETY,
    safe_fix=True,
)
def semicolon_for_colon(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "semicolon", "';' in place of ':' after the scheme")


@rule(
    "N604",
    "space-in-separator",
    Severity.ERROR,
    "2.2, 3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C: whitespace is no part of a URI, and a URI in text is "
        'delimited by it; section 3 writes scheme ":" "//" with nothing between. The same '
        "text is no URI by either standard, so the same grade."
    ),
    summary='Whitespace inside or around the "://" after a scheme name, before a host.',
    explanation=(
        "Section 2.2: the space is unsafe, and whitespace ends a URL in text (appendix); "
        'section 3.1 writes "://" with nothing between. "http: // example.com" is a word, '
        "a colon and a path: no reader links it. Editors and translators leave such spaces."
    ),
    example="Open http: // example.com in a browser.",
    use_instead="Open http://example.com in a browser.",
    fix='Remove the whitespace: write "://" between the scheme and the host.',
    fix_safety=(
        "No automatic fix: a URL may be written so on purpose, to keep it from being a link "
        "(a defanged address in a report), and only its author knows."
    ),
)
def space_in_separator(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "spaced", "whitespace inside '://'")


@rule(
    "N605",
    "full-width-colon",
    Severity.ERROR,
    "2, 2.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.1: a scheme ends at ":" (US-ASCII %x3A), and section 2 builds '
        "a URI from US-ASCII characters only; the full-width colon U+FF1A is neither. The "
        "same text is no URI by either standard, so the same grade."
    ),
    summary='A full-width colon "：" (U+FF1A) after a scheme name, before "//" and a host.',
    explanation=(
        'Section 2: "URLs are written only with the graphic printable characters of the '
        'US-ASCII coded character set"; section 2.1 ends the scheme at ":". An input method '
        'set to Chinese or Japanese types "：" for ":", often with blanks around it: '
        '"https：// github.com / user / repo" is no URL.'
    ),
    example="项目地址：https：//github.com/user/repo",
    use_instead="项目地址：https://github.com/user/repo",
    fix='Write the ASCII ":" (and no blanks) between the scheme and "//".',
    fix_safety=(
        '`--fix` rewrites "：//" as "://" where no blank stands inside the URL, and only where '
        'a fix may go. With blanks around "//" or its slashes, which characters are the '
        "URL's is a guess: no automatic fix. Never where a password may be (section 6)."
    ),
    safe_fix=True,
)
def full_width_colon(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "full-width", "a full-width colon '：' (U+FF1A) in place of ':'")


@rule(
    "N606",
    "doubled-scheme",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.2.2: the host after "//" is an IP literal, an address or a '
        'reg-name; in "https://https://x.org/" it is "https" with an empty port (section '
        '3.2.3), and "//https://x.org/" is a network-path reference (section 4.2) to the '
        'host "https". The same text names no such host by either standard, so the same '
        "grade."
    ),
    summary='A scheme written twice: "//https://host/" or "https://https://host/".',
    explanation=(
        'Section 3.1: after the scheme\'s "//" comes the host, "a fully qualified domain '
        'name of a network host, or its IP address". In "https://https://x.org/" the host '
        'is "https"; "//https://x.org/" in a link is relative to the page, a host named '
        '"https". A copy of a URL pasted after a scheme already typed, or a link written '
        'with "//" (protocol-relative) and a scheme.'
    ),
    example="[docs](//https://example.com/docs/)",
    use_instead="[docs](https://example.com/docs/)",
    fix='Remove the first scheme (or the leading "//").',
    fix_safety=(
        "`--fix` removes the first scheme where both are the same (or the first is a bare "
        '"//"), and only where a fix may go. Where they differ (http://https://x.org/) which '
        "one was meant is a guess: no automatic fix. Never where a password may be (section 6)."
    ),
    safe_fix=True,
)
def doubled_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    shape = _shape(subject, "twice")
    if shape is None:
        return iter(())
    fault = "a '//' before the scheme" if shape.end == 2 else "the scheme written twice"
    return _meant(subject, "twice", fault, "")


# What each closing mark is called in a message.
_MARKS = {
    "\uff09": "full-width parenthesis",
    "\u300d": "corner bracket",
    "\u300f": "white corner bracket",
    "\u3011": "black lenticular bracket",
    "\u300b": "double angle bracket",
    "\u201d": "closing quotation mark",
    "\u2019": "closing quotation mark",
    "\uff0c": "full-width comma",
    "\u3002": "ideographic full stop",
    "\u3001": "ideographic comma",
    "\uff1b": "full-width semicolon",
    "\uff01": "full-width exclamation mark",
    "\uff1f": "full-width question mark",
    "\uff1a": "full-width colon",
    "'": "single quote",
    '"': "double quote",
    "<": "angle bracket",
    ">": "closing angle bracket",
    "]": "closing bracket",
    "`": "backquote",
}


@rule(
    "N607",
    "glued-punctuation",
    Severity.ERROR,
    "appendix, 2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C: a URI in text is delimited by whitespace, angle brackets or "
        "double quotes, and section 2 admits no character outside US-ASCII in one; a reader "
        "that links a URL in text (GitHub's Markdown, a mail client) takes a non-ASCII mark "
        "glued on its end into it. The same under either standard."
    ),
    summary=(
        'A closing mark of the text (a full-width parenthesis, a curly quote, a ">" or a '
        "double quote; in Markdown a CJK comma or full stop) glued on a URL's end with no "
        "opening before it, or a mark no URL holds at the end of a string literal whose value "
        "is the URL."
    ),
    explanation=(
        "The appendix asks for URLs in text to be delimited (<URL:...>), since a reader "
        "cannot tell where a URL written in running text ends; section 2.2 allows no "
        "character outside US-ASCII in a URL. A reader that links URLs in text knows "
        "only ASCII punctuation: GitHub's Markdown (GFM's extended autolinks) links "
        '"https://x.org/a）" with the "）", and a "，" or "。" after a URL in Chinese text '
        "with it, a page that does not exist. A closing mark whose opening stands before "
        'the URL on its line ("（https://x.org/a）", a quotation) is the text\'s, and not '
        "reported but in Markdown, where GitHub links it all the same; in Markdown the "
        'sentence marks are reported too, as GitHub links them, and a ">" that no "<" '
        'opens (GFM\'s autolinks end at "<" only); in running text and a comment, a ">" '
        'that no "<" opens on its line, and in running text a double quote that no quote '
        "before it in its paragraph opens (a reST hyperlink target, a Textile link take "
        'them in); in reST, a backquote that closes interpreted text (`"A paper" URL`, '
        "shown as a title) or a reference (`a paper URL`_, a target of that name) around a "
        "URL not written in <...>: no link. In a string literal whose value is a "
        'URL and one mark ("https://x.org/a\'", "https://x.org/a。") the program reads the '
        "mark as the URL's: section 2.2 calls quotes and angle brackets unsafe, and allows "
        "no character outside US-ASCII."
    ),
    example="详见 https://example.com/docs）",
    use_instead="详见 https://example.com/docs ）",
    fix="Put a blank between the URL and the mark, or write the URL as <https://...>.",
    fix_safety=(
        "No automatic fix: whether the mark belongs to the sentence or was pasted with the "
        "URL, and how the text is to be spaced, is the author's choice."
    ),
)
def glued_punctuation(subject: UrlUnderCheck) -> Iterator[Hit]:
    shape = _shape(subject, "glued")
    if shape is None:
        return
    mark = subject.candidate.url[-1]
    name = _MARKS.get(mark, "mark")
    intended = _masked(subject, shape.intended, shape.intended)
    quoted = '"\'"' if mark == "'" else f"'{mark}'"
    if subject.candidate.context == "string":
        outcome = "the string's value holds it, and no URL does; remove it"
    elif mark == ">" and not (subject.candidate.context or "").startswith("markdown"):
        outcome = "no '<' opens it; remove it, or write the URL as <URL>"
    elif mark == '"':
        outcome = "no quote before it opens it; remove it"
    elif mark == "`":
        outcome = "in reST a URL in backquotes links nowhere; write `text <URL>`_"
    else:
        outcome = "a reader that links the URL takes it in; put a blank between them"
    yield Hit(
        shape.start,
        shape.end,
        f"{name} {quoted} (U+{ord(mark):04X}) glued on the end of {intended}: {outcome}",
    )


_MARKDOWN_SAFETY = (
    "No automatic fix: which text was meant as the link's, and whether a blank was meant "
    'as "%20", a "/" or nothing, only the author knows.'
)


@rule(
    "N608",
    "swapped-link",
    Severity.ERROR,
    "2.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 4.2: a reference with no scheme is a relative reference, resolved "
        "against the page's own URI (section 5.2): the link goes to a page named after its "
        "text, under the current one. The same under either standard."
    ),
    summary=(
        "A Markdown link whose text is a URL and whose destination is a word: text and "
        "target swapped."
    ),
    explanation=(
        'Section 2.1: a URL is "<scheme>:<scheme-specific-part>"; in '
        '`[https://x.org](Site)` the destination "Site" '
        "has no scheme, so it is no URL, and Markdown (CommonMark 0.31.2 section 6.3) links "
        "the text to it: a relative reference to a page named Site under the page read. The "
        "URL in the link text is shown, and links nowhere (a link holds no other link)."
    ),
    example="Read [https://example.com/docs](the docs).",
    use_instead="Read [the docs](https://example.com/docs).",
    fix="Swap them: the text in brackets, the URL in parentheses.",
    fix_safety=_MARKDOWN_SAFETY,
)
def swapped_link(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "swapped", "link text and target swapped")


@rule(
    "N609",
    "unclosed-link",
    Severity.ERROR,
    "appendix, 2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C: whitespace delimits a URI in text, and section 2 admits none "
        'in one; the link CommonMark would make needs its ")" on the line. The same '
        "under either standard."
    ),
    summary=(
        'A Markdown link whose destination is not closed on its line (no ")"), or holds a blank.'
    ),
    explanation=(
        "Section 2.2: the space is unsafe, and a URL in text ends at whitespace (appendix). "
        "Markdown (CommonMark 0.31.2 section 6.3) allows no blank in a link destination not "
        'written in "<...>", and makes a link only where its ")" follows: here it makes none, '
        "shows the brackets as written, and GitHub links the URL's first part alone."
    ),
    example="See [the guide](https://example.com/guide for more.",
    use_instead="See [the guide](https://example.com/guide) for more.",
    fix='Close the destination with ")", and write a blank in it as "%20".',
    fix_safety=_MARKDOWN_SAFETY,
)
def unclosed_link(subject: UrlUnderCheck) -> Iterator[Hit]:
    shape = _shape(subject, "unclosed")
    if shape is None:
        return iter(())
    fault = (
        "a blank in the link's destination, where Markdown ends it: no link is made"
        if subject.candidate.url.endswith(")")
        else "the link's '(' is not closed on its line: no link is made"
    )
    return _meant(subject, "unclosed", fault)


@rule(
    "N611",
    "blank-inside",
    Severity.ERROR,
    "2.2, appendix",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C: whitespace delimits a URI in text, and section 2 admits none "
        "in one. The same text is two words by either standard, so the same grade."
    ),
    summary=(
        "A blank inside a URL where what follows it goes on with the URL: a host name's top "
        'label ("example. org"), a file\'s name after the path\'s "/" ("/ report.pdf").'
    ),
    explanation=(
        "Section 2.2: the space is unsafe, and a URL in text ends at whitespace (appendix): "
        '"https://example. org/a" is read as "https://example", a host with no top label, '
        'and "https://x.org/paper/ report2015.pdf" as the folder, not the paper. Only what '
        "goes on with the URL beyond doubt is read so: a top label a host name is written "
        'with, followed by "/", a port or the sentence\'s end, after a name that has none; '
        "a file's name with a document's extension after a path's last \"/\"."
    ),
    example="See https://example. org/docs and https://x.example/paper/ report2015.pdf now.",
    use_instead="See https://example.org/docs and https://x.example/paper/report2015.pdf now.",
    fix="Remove the blank.",
    fix_safety=(
        "`--fix` removes the blank inside a host name (the name is certain), and only where a "
        'fix may go. In a path the blank may stand for "%20", a "-" or nothing: no automatic '
        "fix. Never where a password may be (section 6)."
    ),
    safe_fix=True,
)
def blank_inside(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "split", "a blank inside the URL", "", "remove the blank")


@rule(
    "N612",
    "quoted-link-destination",
    Severity.ERROR,
    "2.2, appendix",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C: double quotes delimit a URI in text and are no part of it; "
        "section 2 admits none in one. Markdown's destination is what stands in the "
        "parentheses, quotes and all: a relative reference, resolved against the page (section "
        "5.2). The same under either standard."
    ),
    summary="A Markdown link whose destination is written in quotes, which Markdown takes in.",
    explanation=(
        "Section 2.2 calls the double quote unsafe: it delimits URLs in text, and is no part "
        "of one. Markdown (CommonMark 0.31.2 section 6.3) reads everything in the parentheses "
        "as the destination, quotes too (a title in quotes stands after a destination, never "
        'alone): `[a]("https://x.org/")` links to "%22https://x.org/%22" under the page read, '
        "a page that does not exist."
    ),
    example='Read [the paper]("https://example.com/paper.pdf") first.',
    use_instead="Read [the paper](https://example.com/paper.pdf) first.",
    fix="Remove the quotes around the destination.",
    fix_safety=_MARKDOWN_SAFETY,
)
def quoted_link_destination(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "quoted", "the link's destination in quotes, which Markdown takes in")


# What each dash of scanner.body.DASHES is called in a message.
_DASH_NAMES = {"\u2013": "an en dash", "\u2014": "an em dash"}


@rule(
    "N613",
    "dash-inside",
    Severity.ERROR,
    "2, 2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 2 builds a URI from US-ASCII characters only; an en or em dash is "
        "none (an IRI's, RFC 3987, is percent-encoded as a URI: %E2%80%93). The same under "
        "either standard."
    ),
    summary=(
        "An en or em dash between a URL and the rest of its path "
        '("wiki/Red–black_tree", "www.ibm.com—copytrade.shtml").'
    ),
    explanation=(
        'Section 2: "URLs are written only with the graphic printable characters of the '
        "US-ASCII coded character set.\" A typographer's dash (U+2013, U+2014), put in by a "
        "word processor's autocorrect or a converter, ends a URL in text for every reader "
        "that links one: the link goes to the first part, a page that does not exist. Only "
        'a dash followed, with no blank, by what only a path writes (a "_", a "/", a page\'s '
        "extension) is read so; a dash before a sentence's next word is the sentence's."
    ),
    example="See https://en.wikipedia.org/wiki/Red–black_tree for the proof.",
    use_instead="See https://en.wikipedia.org/wiki/Red-black_tree for the proof.",
    fix='Write the character the URL holds: a "-", a "/", or the escaped dash.',
    fix_safety=(
        'No automatic fix: an em dash often stands for a "/" or a "-" a converter took, and '
        "only the author knows which."
    ),
)
def dash_inside(subject: UrlUnderCheck) -> Iterator[Hit]:
    shape = _shape(subject, "dashed")
    if shape is None:
        return iter(())
    url = subject.candidate.url
    dash = url[shape.start]
    escaped = "".join(f"%{byte:02X}" for byte in dash.encode())  # RFC 3986 section 2.1
    message = (
        f"{url}: {_DASH_NAMES[dash]} '{dash}' (U+{ord(dash):04X}) inside the URL, where every "
        f"reader ends it; write the character the URL holds ('-', '/') or {escaped}"
    )
    return iter((Hit(shape.start, shape.end, _masked(subject, message, url)),))


@rule(
    "N614",
    "doubled-colon",
    Severity.ERROR,
    "2.1, 3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.1 ends the scheme at the first ":"; "http:://x.org" is then the '
        'path "://x.org" with no authority, which RFC 9110 section 4.2.1 gives every http '
        "URI. The same text names no host by either standard, so the same grade."
    ),
    summary='A scheme name followed by "::" (or ":::") and "//", then a host.',
    explanation=(
        'Section 2.1 ends the scheme at ":", and section 3.1 writes "//" and the host right '
        'after it: "http:://www.example.org" has a ":" where the host should start, and '
        "no reader finds the host."
    ),
    example="Home: http:://www.example.org/project",
    use_instead="Home: http://www.example.org/project",
    fix=_SEPARATOR_FIX,
    fix_safety=_SEPARATOR_SAFETY,
    safe_fix=True,
)
def doubled_colon(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "colons", "a ':' too many after the scheme")


@rule(
    "N615",
    "glued-word",
    Severity.WARNING,
    "2.1, appendix",
    rfc3986=Severity.WARNING,
    rfc3986_says=(
        'RFC 3986 section 3.1 lets a scheme hold letters, digits, "+", "-" and ".", '
        'and Appendix C delimits a URI in text by whitespace: "websitehttps://x.org/" '
        'is the URI of a scheme "websitehttps" that no registry holds. The same under '
        "either standard."
    ),
    summary=(
        'A word glued on before a URL\'s scheme with no blank ("websitehttps://", "2024http://").'
    ),
    explanation=(
        'Section 2.1: a scheme name is "a sequence of characters", letters, digits, "+", '
        '"." and "-", so "websitehttps://x.org/" is read as a URL of the scheme '
        '"websitehttps", and the appendix has a URL in text end at whitespace. urlint '
        "reads the URL from the scheme it knows (a registered name that ends in a known "
        'one, "tftp", "shttp", is read whole, and "+" or "-" joins a scheme\'s parts: '
        '"git+https"), and reports the word here: a reader that links URLs in text '
        "(GitHub's Markdown) links none there, and a program that reads the text takes the "
        'word in. A word that ends in a "." is not reported (a batch file\'s '
        '"echo.http://...", a full stop with no blank after it), though the URL starts at '
        "the scheme all the same. Spam glues words on to slip past filters; in a document "
        "it is a blank left out."
    ),
    example="Read the guide athttps://example.com/guide",
    use_instead="Read the guide at https://example.com/guide",
    fix="Put a blank between the word and the URL, or remove the word.",
    fix_safety=(
        "No automatic fix: whether a blank was left out or the word pasted on is the "
        "author's to say."
    ),
)
def glued_word(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _meant(subject, "word", "a word glued on before the scheme")


RULES = (
    one_slash,
    missing_colon,
    semicolon_for_colon,
    space_in_separator,
    full_width_colon,
    doubled_scheme,
    glued_punctuation,
    swapped_link,
    unclosed_link,
    missing_slashes,
    blank_inside,
    quoted_link_destination,
    dash_inside,
    doubled_colon,
    glued_word,
)
