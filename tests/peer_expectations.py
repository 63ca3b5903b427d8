"""Where urlint answers a peer's test differently, and the RFC 1738 reason.

One general rule covers most of it: a peer that links text without a scheme (a domain,
`www.`, an IP address, `//host`, a bare e-mail address) answers a question RFC 1738 does
not ask; urlint expects no URL there (NO_SCHEME). Every other difference is listed below,
case by case, with its reason. Everything not listed must match the peer exactly.
"""

from __future__ import annotations

from typing import Any

NO_SCHEME = (
    "RFC 1738 section 2.1: a URL is written <scheme>:<scheme-specific-part>; a domain, 'www.', an "
    "IP "
    "address, '//host' or an e-mail address without a scheme is no URL (section 3.5: mail is "
    "addressed "
    "by mailto: URLs), and the appendix asks writers to mark URLs in text with 'URL:'."
)
ANY_SCHEME = (
    "RFC 1738 section 2.1 (and section 5: scheme = 1*[ lowalpha | digit | '+' | '-' | '.' ]) "
    "admits any "
    "scheme name; urlint extracts the URL and the linter reports an unknown scheme (S403)."
)
NOT_A_SCHEME_CHARACTER = (
    "RFC 1738 section 2.1: the character before the scheme is no scheme character, so the URL "
    "starts "
    "right after it."
)
UNSAFE_KEPT = (
    "RFC 1738 section 2.2 calls these characters unsafe, not delimiters; urlint keeps them in the "
    "URL so "
    "the linter can report them (C201 unsafe-character, C204 non-ascii, C205 control-character)."
)
SAFE_KEPT = (
    "RFC 1738 section 2.2: '-' is a safe character and '*', \"'\" are extra characters that a URL "
    "may "
    "hold; only sentence punctuation (. , ; : ! ?) is trimmed from a bare URL's end."
)
QUOTE_DELIMITS = (
    "RFC 1738 section 2.2: '\"' is unsafe because it delimits URLs in some systems, so it ends a "
    "bare "
    "URL; only the appendix's <...> wrapper joins text across whitespace."
)
WRAPPER_WHITESPACE = (
    "RFC 1738 appendix: whitespace inside a <URL:...> wrapper 'should be ignored when extracting "
    "the URL'."
)
AS_WRITTEN = (
    "urlint reports a URL as the text writes it: it adds no scheme, converts no host to punycode "
    "and "
    "fixes nothing; the linter says what is wrong (S401 invalid-scheme, C204 non-ascii)."
)
HOST_LINTED = (
    "The host breaks RFC 1738 section 3.1's rules, but the text holds the URL: urlint extracts it "
    "and "
    "the linter reports the host (S407 invalid-host)."
)
WELL_FORMED_MAILTO = (
    "RFC 1738 section 5: mailtourl = 'mailto:' encoded822addr, encoded822addr = 1*xchar; "
    "'mailto:bar' "
    "is a well-formed URL."
)
BRACKETS_BALANCED = (
    "A closing bracket that closes one opened inside the URL is the URL's own, as with "
    "parentheses in "
    "paths; an unbalanced one closes the surrounding text's. '{' and '}' are unsafe (section 2.2) "
    "and "
    "reported by the linter."
)
UNBALANCED_CLOSER = (
    "A ')' with no '(' before it in the URL closes a parenthesis of the surrounding text (RFC 1738 "
    "appendix: wrappers exist to separate URLs from such punctuation), so the bare URL ends there."
)
PEER_OPTION = (
    "The test sets a peer-specific option that contradicts RFC 1738 section 2.1 ('+' is a scheme "
    "character)."
)
MARKUP_IS_TEXT = (
    "urlint reads text: a URL in HTML markup (an attribute, a comment, a script, a title) is "
    "still a URL "
    "in the text, to be linted; the peer decides what to turn into a link on screen."
)
NOT_A_URL_QUESTION = (
    "The case tests something other than URL extraction (a UUID, or the peer's internal helper)."
)

# (peer, input) or (peer, case id) -> (urlint's expected answer, reason). linkify-it-py
# shares linkify-it's data.
OVERRIDES: dict[tuple[str, str], tuple[Any, str]] = {
    # linkify-it
    ("linkify-it", 'http://foo.com/blah_blah_"doublequoted"'): (
        "http://foo.com/blah_blah_",
        QUOTE_DELIMITS,
    ),
    ("linkify-it", "http://.example.com"): (["http://.example.com"], HOST_LINTED),
    ("linkify-it", "http://-example.com"): (["http://-example.com"], HOST_LINTED),
    ("linkify-it", "http://example.com_"): (["http://example.com_"], HOST_LINTED),
    ("linkify-it", "hppt://example.com"): (["hppt://example.com"], ANY_SCHEME),
    ("linkify-it", "_http://example.com"): (["http://example.com"], NOT_A_SCHEME_CHARACTER),
    ("linkify-it", "mailto:bar"): (["mailto:bar"], WELL_FORMED_MAILTO),
    # urlextract
    ("urlextract", "{\\url{http://www.google.com/{file.pdf}}"): (
        ["http://www.google.com/{file.pdf}"],
        BRACKETS_BALANCED,
    ),
    ("urlextract", '[[ "$(giturl)" =~ ^https://gitlab.com ]] echo "found" || echo "didnt'): (
        ["https://gitlab.com"],
        NOT_A_SCHEME_CHARACTER,
    ),
    ("urlextract", "svn+ssh://example.com"): (["svn+ssh://example.com"], PEER_OPTION),
    ("urlextract", "test_has_urls.py::test_has_urls[2]"): (
        False,
        NO_SCHEME,
    ),  # has_urls("example.com")
    ("urlextract", "http://[192.168.1.1]/"): (["http://[192.168.1.1]/"], UNSAFE_KEPT),
    ("urlextract", "http://192.1.1/"): (["http://192.1.1/"], HOST_LINTED),
    # Mozilla
    ("mozilla", 'see "http://www.mozilla.org/maybe today"'): (False, QUOTE_DELIMITS),
    ("mozilla", "www\f\f\f\f\f.mozilla.org"): (False, NO_SCHEME),
    ("mozilla", "http://example.org- where things happen"): (False, SAFE_KEPT),
    ("mozilla", "bracket: http://localhost/[1] etc."): (False, UNSAFE_KEPT),
    ("mozilla", "parenthesis bracket: (http://example.org[1]) etc."): (False, UNSAFE_KEPT),
    ("mozilla", "http://foo.example.com"): (["http://foo.example.com"], MARKUP_IS_TEXT),
    ("mozilla", " <a href='http://a.example.com/'>foo</a>"): (
        ["http://a.example.com/"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<abbr>see http://abbr.example.com</abbr>"): (
        ["http://abbr.example.com"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<!-- see http://comment.example.com/ -->"): (
        ["http://comment.example.com/"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<!-- greater > -->"): ([], MARKUP_IS_TEXT),
    ("mozilla", "<!-- lesser < -->"): ([], MARKUP_IS_TEXT),
    ("mozilla", "<style id='ex'>background-image: url(http://example.com/ex.png);</style>"): (
        ["http://example.com/ex.png"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<style>body > p, body > div { color:blue }</style>"): ([], MARKUP_IS_TEXT),
    ("mozilla", "<script>window.location='http://script.example.com/';</script>"): (
        ["http://script.example.com/"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<head><title>http://head.example.com/</title></head>"): (
        ["http://head.example.com/"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<header>see http://header.example.com</header>"): (
        ["http://header.example.com"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "<iframe src='http://iframe.example.com/' />"): (
        ["http://iframe.example.com/"],
        MARKUP_IS_TEXT,
    ),
    ("mozilla", "broken end <script"): ([], MARKUP_IS_TEXT),
    # Emacs thing-at-point
    ("emacs", "foo://www.gnu.org"): ("foo://www.gnu.org", ANY_SCHEME),
    ("emacs", "Url: <url:foo://www.gnu.org/a bc>..."): (
        "foo://www.gnu.org/abc",
        WRAPPER_WHITESPACE,
    ),
    ("emacs", "http://example.com/ab)c"): ("http://example.com/ab", UNBALANCED_CLOSER),
    ("emacs", "<url:foo@example.com>"): ("foo@example.com", AS_WRITTEN),
    ("emacs", "<url:ftp.example.net/abc/>"): ("ftp.example.net/abc/", AS_WRITTEN),
    # lychee (the linkify crate)
    ("lychee", "http://example.org/\x00"): (["http://example.org/\x00"], UNSAFE_KEPT),
    ("lychee", "http://example.org/\x0e"): (["http://example.org/\x0e"], UNSAFE_KEPT),
    ("lychee", "http://example.org/\x7f"): (["http://example.org/\x7f"], UNSAFE_KEPT),
    ("lychee", "http://example.org/\x9f"): (["http://example.org/\x9f"], UNSAFE_KEPT),
    ("lychee", "http://example.org/foo|bar"): (["http://example.org/foo|bar"], UNSAFE_KEPT),
    ("lychee", "http://example.org/`a"): (["http://example.org/`a"], UNSAFE_KEPT),
    ("lychee", "http://example.org/`a`"): (["http://example.org/`a`"], UNSAFE_KEPT),
    ("lychee", "https://example.org*"): (["https://example.org*"], SAFE_KEPT),
    ("lychee", "https://example.org/*"): (["https://example.org/*"], SAFE_KEPT),
    ("lychee", "https://example.org/**"): (["https://example.org/**"], SAFE_KEPT),
    ("lychee", "http://example.org'/>"): (["http://example.org'/"], SAFE_KEPT),
    ("lychee", "http://üñîçøðé.com"): (["http://üñîçøðé.com"], UNSAFE_KEPT),
    ("lychee", "http://üñîçøðé.com/ä"): (["http://üñîçøðé.com/ä"], UNSAFE_KEPT),
    ("lychee", "http://example.org/¡"): (["http://example.org/¡"], UNSAFE_KEPT),
    ("lychee", "http://example.org/¢"): (["http://example.org/¢"], UNSAFE_KEPT),
    ("lychee", "http://example.org/😀"): (["http://example.org/😀"], UNSAFE_KEPT),
    ("lychee", "http://example.org/¢/"): (["http://example.org/¢/"], UNSAFE_KEPT),
    # URI::Find
    ("uri-find", "bogusscheme://foo.com/"): (["bogusscheme://foo.com/"], ANY_SCHEME),
    ("uri-find", "http://müller.de"): (["http://müller.de"], AS_WRITTEN),
    ("uri-find", "http://правительство.рф"): (["http://правительство.рф"], AS_WRITTEN),
    ("uri-find", "http://موقع.وزارة-الاتصالات.مصر"): (
        ["http://موقع.وزارة-الاتصالات.مصر"],
        AS_WRITTEN,
    ),
    ("uri-find", "http://北京大学.cn"): (["http://北京大学.cn"], AS_WRITTEN),
    ("uri-find", "http://北京大学.中國"): (["http://北京大学.中國"], AS_WRITTEN),
}
