"""A text of a kind urlint does not read (Syntax.OTHER: Perl, TeX, Lua, Nix, systemd units,
Java properties, man pages), read warily (scanner/other.py): what ends a URL in code ends it
there, and no next line goes on with it.

Lines from real repositories name the repository, the commit, the file and the line; the
texts tested are those lines (with the next one where it matters)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint import extract
from urlint.core.model import Flag

from ..helpers import examples, run

# The repositories read, at the commits read.
MOJO = "mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab"
HOME_MANAGER = "nix-community/home-manager ec1a8fdf74ed3f276148ee106299a2ba0e65d51f"
LUAROCKS = "luarocks/luarocks 2d2cc8eff2f03c23d142f8059146fb241dcf56b5"
MAN_PAGES = "mkerrisk/man-pages ae6b221882ce71ba82fcdbe02419a225111502f0"


def read(text: str, syntax: str = "other") -> list[tuple]:
    """(url, (line, column, end line, end column), flags, the placeholders' text, the
    pieces' (column, end column)) of each URL of `text`."""
    return [
        (
            c.url,
            (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column),
            sorted(flag.value for flag in c.flags),
            [c.url[start:end] for start, end in c.placeholders],
            [(p.start.column, p.end.column) for p in c.pieces],
        )
        for c in extract(text, syntax=syntax)
    ]


# --- a backslash ends a URL ------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "line", "expected", "prose"),
    [
        (  # a string's escapes
            f"{MOJO} t/mojo/request.t:1858",
            '  $req->parse("Origin: http://127.0.0.1:3000\\x0d\\x0a");\n',
            ("http://127.0.0.1:3000", (1, 24, 1, 45)),
            "http://127.0.0.1:3000\\x0d\\x0a",
        ),
        (  # a shell line's continuation in a Lua string
            f"{LUAROCKS} spec/build_spec.lua:75",
            '  run.luarocks_bool("build --only-sources=\\"http://example.com\\" a_rock")\n',
            ("http://example.com", (1, 45, 1, 63)),
            "http://example.com",
        ),
        (  # a JSON source map's newlines (`.map`)
            "mojolicious/mojo lib/Mojolicious/resources/public/mojo/bootstrap/"
            "bootstrap.min.css.map:1",
            '"  // See https://github.com/sass/sass/issues/2383#issuecomment-336349172\\n"\n',
            (
                "https://github.com/sass/sass/issues/2383#issuecomment-336349172",
                (1, 11, 1, 74),
            ),
            "https://github.com/sass/sass/issues/2383#issuecomment-336349172",
        ),
    ],
)
def test_a_backslash_ends_a_url(source, line, expected, prose):
    url, span = expected
    assert read(line) == [(url, span, [], [], [(span[1], span[3])])]
    # Read as prose, an escape right before a quote ends the URL there too (bare.body_end);
    # `\x0d\x0a"` is none of those, and stays the URL's (the linter reports its backslash).
    assert extract(line)[0].url == prose


def test_a_url_ends_at_its_line_end_and_no_tex_macro_goes_on_with_it_real_lines():
    """latex3/hyperref ea258be3080a76ca0c804c52ef17b4407aa17fd5 minitoc-hyper.sty:2-3: read as
    prose, the next line's `\\ProvidesPackage{minitoc-hyper}[2020/01/14]` was joined."""
    text = (
        "% Licence LPPL: https://www.latex-project.org/lppl/lppl-1-3c.txt\n"
        "\\ProvidesPackage{minitoc-hyper}[2020/01/14]\n"
    )
    assert read(text) == [
        ("https://www.latex-project.org/lppl/lppl-1-3c.txt", (1, 17, 1, 65), [], [], [(17, 65)])
    ]
    # as prose, no longer joined either: the URL ends its line on a whole file name (".txt")
    assert extract(text)[0].flags == frozenset()


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        (  # a systemd unit's next key
            f"{HOME_MANAGER} tests/modules/services/emacs/linux/emacs-service-emacs.service:12",
            "Documentation=info:emacs man:emacs(1) https://gnu.org/software/emacs/\n"
            "X-RestartIfChanged=false\n",
            ("https://gnu.org/software/emacs/", (1, 39, 1, 70)),
        ),
        (  # a man page's next request
            f"{MAN_PAGES} man2/execve.2:366",
            '.\\" https://www.kernel.org/doc/html/latest/admin-guide/binfmt-misc.html\n.PP\n',
            ("https://www.kernel.org/doc/html/latest/admin-guide/binfmt-misc.html", (1, 5, 1, 72)),
        ),
        (  # POD's example commands
            f"{MOJO} lib/Mojolicious/Command/daemon.pm:46",
            "    ./myapp.pl daemon -m production -p -l http://*:8080\n"
            "    ./myapp.pl daemon -l http://127.0.0.1:8080 -l https://[::]:8081\n",
            ("http://*:8080", (1, 43, 1, 56)),
        ),
    ],
)
def test_no_next_line_goes_on_with_a_url(source, text, expected):
    # Read as prose, each was joined with the next line (flagged joined-by-guess); 26 joins
    # of 26, and 8 maybe-continued hints of 8, were wrong in files of these kinds.
    url, span = expected
    assert read(text)[0] == (url, span, [], [], [(span[1], span[3])])
    assert Flag.JOINED_BY_GUESS in extract(text)[0].flags


def test_a_password_read_on_past_a_backslash_is_still_hidden(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.pl").write_text(
        'a ftp://u:Kqzjvwy\\x@h.example/ b\n"http://u:Kqzjvwy\\@h.example/"\n'
    )
    code, out, err = run(capsys, "extract", "t.pl")
    assert (code, out, err) == (0, "ftp://u:****\nhttp://u:****@h.example/\n", "")


# --- an escape that stands for a URL's character --------------------------------------


def test_perl_s_escaped_at_is_read_as_an_at_real_line():
    """mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab t/mojo/user_agent_socks.t:104:
    Perl's `\\@` in a string is an "@"."""
    text = '  $ua->proxy->http("socks://foo:baz\\@127.0.0.1:$port");\n'
    assert read(text) == [
        (
            "socks://foo:baz@127.0.0.1:$port",
            (1, 21, 1, 53),
            ["template"],
            ["$port"],
            [(21, 36), (37, 53)],
        )
    ]


def test_a_properties_file_s_escaped_colon_starts_a_url_real_line():
    """spring-projects/spring-petclinic edf4db28affcc4741c79850a3d95bc3f177b5ff9
    gradle/wrapper/gradle-wrapper.properties:3: java.util.Properties.store writes ":" as
    `\\:` (every Gradle wrapper's line); read as prose, no URL was found."""
    text = "distributionUrl=https\\://services.gradle.org/distributions/gradle-9.2.1-bin.zip\n"
    assert read(text) == [
        (
            "https://services.gradle.org/distributions/gradle-9.2.1-bin.zip",
            (1, 17, 1, 80),
            [],
            [],
            [(17, 22), (23, 80)],
        )
    ]
    assert read(text, "text") == []


def test_an_escaped_quote_inside_the_quotes_a_url_follows_is_read_as_a_quote_real_line():
    """mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab t/mojo/url.t:35: every
    character RFC 3986 allows in a login and a fragment, in Perl's single quotes."""
    text = (
        "  my $url = Mojo::URL->new('ws://AZaz09-._~!$&\\'()*+,;=:@localhost"
        "#AZaz09-._~!$&\\'()*+,;=:@/?');\n"
    )
    url = "ws://AZaz09-._~!$&'()*+,;=:@localhost#AZaz09-._~!$&'()*+,;=:@/"
    assert read(text) == [(url, (1, 29, 1, 93), [], [], [(29, 47), (48, 81), (82, 93)])]


def test_a_pdf_string_s_escaped_parentheses_are_read_as_parentheses_real_line():
    """plk/biblatex d11aa549d8485dd87f97026c7aeaeb46b20b3a6d
    testfiles/pdftex/02-annotations.tlg:38290: a link's URI in a PDF string, whose
    parentheses are escaped (PDF 1.7, 7.3.4.2); read as prose, the URL held the backslashes."""
    text = (
        ".....\\pdfstartlink(*+*)x* attr{/Border[0 0 1]/H/I/C[0 1 1]} action user{/Subtype/Link"
        "/A<</Type/Action/S/URI/URI(https://doi.org/10.1002/\\(SICI\\)1096-987X\\(199803\\)19:4"
        "<377::AID-JCC1>3.0.CO;2-P)>>}\n"
    )
    assert read(text) == [
        (
            "https://doi.org/10.1002/(SICI)1096-987X(199803)19:4",
            (1, 113, 1, 168),
            [],
            [],
            [(113, 137), (138, 143), (144, 154), (155, 162), (163, 168)],
        )
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (  # man5/protocols.5:84
            ".UR http://www.iana.org\\:/assignments\\:/protocol\\-numbers\n.UE\n",
            (
                "http://www.iana.org/assignments/protocol-numbers",
                (1, 5, 1, 58),
                [(5, 24), (26, 38), (40, 49), (50, 58)],
            ),
        ),
        (  # man5/tzfile.5:420: a break point right after the "//"
            ".UR https://\\:www.rfc-editor.org/\\:info/\\:rfc8536\n.UE\n",
            (
                "https://www.rfc-editor.org/info/rfc8536",
                (1, 5, 1, 50),
                [(5, 13), (15, 34), (36, 41), (43, 50)],
            ),
        ),
        (  # man4/sk98lin.4:159: `\(ti` is a "~" no raw text stands for: the URL ends there
            ".UR http://www.candelatech.com\\:/\\(tigreear\\:/vlan.html\n.UE\n",
            ("http://www.candelatech.com/", (1, 5, 1, 34), [(5, 31), (33, 34)]),
        ),
    ],
)
def test_a_man_page_s_troff_escapes_are_read_real_lines(line, expected):
    """mkerrisk/man-pages ae6b221882ce71ba82fcdbe02419a225111502f0: troff's `\\:` (a break
    point) and `\\-` (a hyphen) in `.UR` URLs (groff(7)); read as prose, the URL held them
    all, and the next line's `.UE` or `.PP` was joined to it."""
    url, span, pieces = expected
    assert read(line) == [(url, span, [], [], pieces)]


def test_troff_s_escapes_are_read_only_in_a_man_page():
    # No request line: the text is no man page, and `\-` ends the URL.
    assert read("see http://www.musl\\-libc.org/\n")[0][0] == "http://www.musl"
    assert (
        read(".TH LIBC 7\nsee http://www.musl\\-libc.org/\n")[0][0] == "http://www.musl-libc.org/"
    )


# --- quotes and backquotes -------------------------------------------------------------


def test_the_quote_a_url_follows_closes_it_real_line():
    """mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab t/mojo/cookiejar.t:152: read
    as prose, `')` ended up in the URL."""
    text = "  my $cookies = $jar->find(Mojo::URL->new('http://example.com/foo(bar'));\n"
    assert read(text) == [("http://example.com/foo(bar", (1, 44, 1, 70), [], [], [(44, 70)])]
    assert extract(text)[0].url == "http://example.com/foo(bar')"


def test_an_apostrophe_inside_a_url_stays_real_line():
    """tmux/tmux c1f947a3c5bc72a40c32dead736f84c4628791ec
    regress/conf/01840240e807e837dbf76d85b4b938de.conf:747."""
    text = "#     http://example.org/foo/bar'baz.html\n"
    assert (
        read(text)
        == read(text, "text")
        == [("http://example.org/foo/bar'baz.html", (1, 7, 1, 42), [], [], [(7, 42)])]
    )


def test_a_backquote_ends_a_url_real_line():
    """luarocks/luarocks 2d2cc8eff2f03c23d142f8059146fb241dcf56b5
    src/luarocks/fetch/git_http.tl:5: a command in backquotes, in a comment."""
    text = "-- `git clone http://example.com/foo.git`\n"
    assert read(text) == [("http://example.com/foo.git", (1, 15, 1, 41), [], [], [(15, 41)])]


def test_two_apostrophes_end_a_url_but_before_a_dollar_real_lines():
    """nix-community/home-manager ec1a8fdf74ed3f276148ee106299a2ba0e65d51f: a Nix indented
    string closes with `''` (modules/deprecations.nix:49), and `''$` writes a "$"
    (modules/programs/firefox/mkFirefoxModule.nix:317)."""
    closed = "    See https://github.com/nix-community/home-manager/issues/3449#issuecomment-13''\n"
    assert read(closed) == [
        (
            "https://github.com/nix-community/home-manager/issues/3449#issuecomment-13",
            (1, 9, 1, 82),
            [],
            [],
            [(9, 82)],
        )
    ]
    escaped = "  `https://releases.mozilla.org/pub/firefox/releases/''${version}/linux/xpi/`,\n"
    assert read(escaped) == [
        (
            "https://releases.mozilla.org/pub/firefox/releases/''${version}/linux/xpi/",
            (1, 4, 1, 77),
            ["template"],
            ["${version}"],
            [(4, 77)],
        )
    ]


def test_a_placeholder_with_a_blank_inside_is_read_whole_real_line():
    """nix-community/home-manager ec1a8fdf74ed3f276148ee106299a2ba0e65d51f
    modules/services/signaturepdf.nix:62: a placeholder with a blank inside is read whole
    (scanner.templates), and what ends a URL here ends it after it again."""
    text = '    exec = "${pkgs.xdg-utils}/bin/xdg-open http://localhost:${toString cfg.port}";\n'
    assert read(text) == [
        (
            "http://localhost:${toString cfg.port}",
            (1, 44, 1, 81),
            ["template"],
            ["${toString cfg.port}"],
            [(44, 81)],
        )
    ]


# --- TeX's link commands ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (  # biblatex.def:529, the eprint:arxiv field format
            "    {\\href{https://arxiv.org/\\abx@arxivpath/#1}{%\n",
            (
                "https://arxiv.org/\\abx@arxivpath/#1",
                (1, 12, 1, 47),
                ["\\abx@arxivpath", "#1"],
            ),
        ),
        (  # biblatex.def:503, the doi field format
            "    {\\href{https://doi.org/#1}{\\nolinkurl{#1}}}\n",
            ("https://doi.org/#1", (1, 12, 1, 30), ["#1"]),
        ),
    ],
)
def test_a_tex_macro_s_control_sequences_and_parameters_are_placeholders_real_lines(line, expected):
    """plk/biblatex d11aa549d8485dd87f97026c7aeaeb46b20b3a6d tex/latex/biblatex/biblatex.def:
    a URL template hyperref's `\\href` fills in from the macro's argument."""
    url, span, held = expected
    assert read(line) == [(url, span, ["template"], held, [(span[1], span[3])])]


def test_a_tex_argument_of_macros_alone_holds_no_url_real_line():
    """latex3/hyperref ea258be3080a76ca0c804c52ef17b4407aa17fd5 test/web.dtx:1587: `mailto:`
    and a macro (as `"https://" + host` holds no URL)."""
    assert read("\\def\\thewebemail{\\href{mailto:\\webemail}{\\webemail}}\n") == []


def test_a_tex_argument_ends_exactly_at_its_brace_real_line():
    """latex3/hyperref ea258be3080a76ca0c804c52ef17b4407aa17fd5 paperslides99.zip!ende.tex:35:
    the argument's brace, then a line break with its spacing (`\\\\[\\sep]`, no pattern's)."""
    text = (
        "\\url{http://www.adobe.com/supportservice/devrelations/PDFS/TN/PDFSPEC.PDF}\\\\[\\sep]\n"
    )
    url = "http://www.adobe.com/supportservice/devrelations/PDFS/TN/PDFSPEC.PDF"
    assert read(text) == [(url, (1, 6, 1, 74), [], [], [(6, 74)])]
    # Its last character is the URL's, and braces inside pair.
    assert read("\\url{http://x.org/a.}\n")[0][0] == "http://x.org/a."
    assert read("\\href{http://x.org/{a}/b}{t}\n")[0][:3] == (
        "http://x.org/{a}/b",
        (1, 7, 1, 25),
        ["template"],
    )


def test_a_tex_argument_not_closed_on_its_own_is_read_as_the_text_s():
    # A TeX escape of one character, a blank: the URL ends at the backslash, as anywhere.
    assert read("\\href{http://x.org/a\\#b}{t}\n")[0][0] == "http://x.org/a"
    assert read("\\url{http://x.org/a b}\n")[0][0] == "http://x.org/a"


# --- properties ------------------------------------------------------------------------

_ALPHABET = st.sampled_from(
    [
        "http://",
        "ftp://u:p@",
        "https\\://",
        "mailto:",
        "a",
        "x.org",
        "/",
        ".",
        "-",
        "@",
        ":",
        "\\",
        "\\@",
        "\\:",
        "\\-",
        "\\n",
        "'",
        "''",
        "`",
        '"',
        "(",
        ")",
        "{",
        "}",
        "#1",
        "\\url{",
        "\\href{",
        "\\abx",
        " ",
        "\n",
        "\n.TH X 1\n",
        "${a b}",
        "[^",
        ".*",
        "%.",
    ]
)
_TEXTS = st.lists(_ALPHABET, max_size=30).map("".join)


@settings(max_examples=examples(500), deadline=None)
@given(_TEXTS)
def test_every_url_is_its_pieces_text_and_holds_no_backslash_but_a_macro_s(text):
    for candidate in extract(text, syntax="other"):
        raw = "".join(text[p.start.offset : p.end.offset] for p in candidate.pieces)
        assert raw == candidate.url
        outside = list(candidate.url)
        for start, end in candidate.placeholders:
            outside[start:end] = [""] * (end - start)
        assert "\\" not in "".join(outside)


@settings(max_examples=examples(500), deadline=None)
@given(_TEXTS.filter(lambda text: "@" not in text))
def test_every_url_lies_within_one_prose_reads_there(text):
    """Read warily, a text gives no URL where prose gives none: each starts within a URL
    prose reads, and lies within it. But a URL read through an escape (`https\\://`, `\\@`,
    troff's `\\:`), which prose reads as written or not at all; and where a login's "@" may
    follow, what prose hides as a password is hidden here too, but its reading of where
    one starts differs with where URLs end (test_no_password_is_shown_where_a_url_ends_early)."""
    prose = [(c.span.start.offset, c.span.end.offset) for c in extract(text)]
    for candidate in extract(text, syntax="other"):
        start, end = candidate.span.start.offset, candidate.span.end.offset
        if len(candidate.pieces) > 1:
            continue
        assert any(a <= start < b for a, b in prose), (candidate.url, prose)
        # It ends where prose's does at the latest, but where TeX's argument closes it
        # exactly, its punctuation kept (`\\url{http://x.org/a.}`).
        if text[end : end + 1] != "}":
            assert any(a <= start and end <= b for a, b in prose), (candidate.url, prose)


_MARKER = "KQZJVWY"  # letters that are no scheme's, host's or path's here


@st.composite
def _password_in_an_other_text(draw: st.DrawFn) -> tuple[str, str]:
    """(a text with a URL whose password a backslash, a quote or a macro may cut, the
    password's marker letters)."""
    marker = draw(st.text(alphabet=_MARKER, min_size=6, max_size=8))
    cut = draw(
        st.sampled_from(
            [
                "",
                "\\",
                "\\n",
                "\\@",
                "\\'",
                "'",
                "''",
                "''$",
                "`",
                "\\:",
                "\\-",
                " ",
                "#1",
                "\\abx",
                "\\.",
                "}",
            ]
        )
    )
    at = draw(st.integers(0, len(marker)))
    scheme = draw(st.sampled_from(["ftp", "http", "socks", "https\\"]))
    url = f"{scheme}://u:{marker[:at]}{cut}{marker[at:]}@h.example/x"
    before = draw(st.sampled_from(["", "'", '"', "\\url{", "\\href{", "qr{^", "see ", "`"]))
    after = draw(st.sampled_from(["", "'", '"', "}", "}{t}", "\\n", "\\.x", " b", "$'"]))
    head = draw(st.sampled_from(["", ".TH X 1\n"]))
    return f"{head}{before}{url}{after}\n", marker


@settings(max_examples=examples(1000), deadline=None)
@given(_password_in_an_other_text())
def test_no_password_is_shown_where_a_url_ends_early(case):
    # Section 6: what a URL that ends at an escape, a quote or a brace shows, masked as
    # extract's output masks it, holds no three letters of the password in a row.
    from urlint.output.extract import text_line

    text, marker = case
    for candidate in extract(text, syntax="other"):
        shown = text_line(candidate)
        assert not any(marker[i : i + 3] in shown for i in range(len(marker) - 2)), (text, shown)


@pytest.mark.parametrize("unit", ["ab://b)", "ab://b\\", "ab://b'x", "'ab://b'", "ab://b\\@"])
def test_a_line_of_urls_each_ended_early_is_read_in_linear_time(monkeypatch, unit):
    # Each URL's reach is a window, doubled while nothing ends it: never the rest of the run.
    read_chars = []
    plain = __import__("urlint.scanner.other", fromlist=["_PLAIN"])._PLAIN

    class Counting:
        def match(self, text, start, end):
            read_chars.append(min(end, len(text)) - start)
            return plain.match(text, start, end)

    monkeypatch.setattr("urlint.scanner.other._PLAIN", Counting())
    counts = []
    for copies in (1_000, 4_000):
        read_chars.clear()
        extract(unit * copies, syntax="other")
        counts.append(sum(read_chars))
    assert 0 < counts[1] <= 4.5 * counts[0]  # 0: the pattern was not the one read


@pytest.mark.parametrize(
    ("line", "url", "span"),
    [
        # latex3/latex2e base/doc/ltnews03.tex:150: `\verb`'s delimiter closes the URL
        (
            "The \\LaTeX{} home page is \\verb|http://www.tex.ac.uk/ctan/latex/|\n",
            "http://www.tex.ac.uk/ctan/latex/",
            (1, 33, 1, 65),
        ),
        ("see \\path!http://x.org/a|b! now\n", "http://x.org/a|b", (1, 11, 1, 27)),
        # latex3/latex2e base/doc/ltnews13.tex:174: a comment's "%" at the line's end
        (
            "  \\file{http://www.latex-project.org/papers/xo-pfloat.pdf%\n   \\hspace*{-16pt}}\n",
            "http://www.latex-project.org/papers/xo-pfloat.pdf",
            (1, 9, 1, 58),
        ),
        # latex3/latex2e required/amsmath/amsmath.dtx:291: `^^J`, a line end by its code
        (
            "See also https://www.ams.org/tex/amslatex.html.^^J%\n",
            "https://www.ams.org/tex/amslatex.html",
            (1, 10, 1, 47),
        ),
        # an escape's "%" and a "^" alone stay the URL's
        ("see http://x.org/a%20b^c here\n", "http://x.org/a%20b^c", (1, 5, 1, 25)),
    ],
)
def test_tex_ends_a_url_at_a_verbatim_delimiter_a_comment_and_a_character_code(line, url, span):
    assert read(line) == [(url, span, [], [], [(span[1], span[3])])]
