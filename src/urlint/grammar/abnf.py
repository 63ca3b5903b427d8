"""RFC 1738 section 5, transcribed: one named pattern piece under each BNF line it implements.

The pieces are strings for the `regex` package, built bottom-up as the BNF is; `compiled()`
turns one into a full-match pattern on first use (a short pre-commit run compiles only
what it needs). Quantifiers are possessive (`*+`) where the BNF has no backtracking to do,
so no input can make a pattern run away. Section 5 follows RFC 822's conventions: quoted
literals are case-insensitive, which is why the scheme-specific literals below (`;type=`)
are matched without regard to case.

Departures from the text, each for a reason:
- EID 5118 (verified erratum): the "/" after "hostport" in gopherurl is a quoted literal.
- A full URL may carry a fragment after "#" (appendix: "In the case where a fragment/anchor
  identifier is associated with a URL (following a "#"), the identifier would be placed
  within the brackets as well"); it is split off before these patterns apply.
"""

from __future__ import annotations

from functools import cache

TYPE_CHECKING = False

if TYPE_CHECKING:
    import regex

# Each character class is written once, as the characters section 5 lists, and both its
# set (for the rules, which ask "is this character unreserved?") and its pattern piece are
# made from that string: the two can never drift apart.


def char_class(chars: str) -> str:
    """The pattern piece matching one of `chars`."""
    return "[" + "".join("\\" + char if char in "\\]^-[" else char for char in chars) + "]"


# lowalpha = "a" | ... | "z";  hialpha = "A" | ... | "Z";  alpha = lowalpha | hialpha
LOWALPHA_CHARS = "abcdefghijklmnopqrstuvwxyz"
ALPHA_CHARS = LOWALPHA_CHARS + LOWALPHA_CHARS.upper()
# digit = "0" | ... | "9"
DIGIT_CHARS = "0123456789"
# safe = "$" | "-" | "_" | "." | "+"
SAFE_CHARS = "$-_.+"
# extra = "!" | "*" | "'" | "(" | ")" | ","
EXTRA_CHARS = "!*'(),"
# national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
NATIONAL_CHARS = "{}|\\^~[]`"
# punctuation = "<" | ">" | "#" | "%" | <">
PUNCTUATION_CHARS = '<>#%"'
# reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
RESERVED_CHARS = ";/?:@&="
# hex = digit | "A" | ... | "F" | "a" | ... | "f"
HEX_CHARS = DIGIT_CHARS + "ABCDEFabcdef"
# unreserved = alpha | digit | safe | extra
UNRESERVED_CHARS = ALPHA_CHARS + DIGIT_CHARS + SAFE_CHARS + EXTRA_CHARS
# Section 2.2, "Unsafe": the space, the punctuation and the national characters.
UNSAFE_CHARS = " " + PUNCTUATION_CHARS + NATIONAL_CHARS

UNRESERVED_SET = frozenset(UNRESERVED_CHARS)


def reserved_except(allowed: str) -> str:
    """The reserved characters a component may not hold as they are.

    Those its BNF line does not list beside uchar (section 2.2: "must be encoded")."""
    return "".join(char for char in RESERVED_CHARS if char not in allowed)


LOWALPHA = char_class(LOWALPHA_CHARS)
ALPHA = char_class(ALPHA_CHARS)
DIGIT = char_class(DIGIT_CHARS)
# digits = 1*digit
DIGITS = DIGIT + "++"
SAFE = char_class(SAFE_CHARS)
EXTRA = char_class(EXTRA_CHARS)
NATIONAL = char_class(NATIONAL_CHARS)
PUNCTUATION = char_class(PUNCTUATION_CHARS)
RESERVED = char_class(RESERVED_CHARS)
HEX = char_class(HEX_CHARS)
# escape = "%" hex hex
ESCAPE = f"%{HEX}{HEX}"
UNRESERVED = char_class(UNRESERVED_CHARS)
# uchar = unreserved | escape
UCHAR = f"(?:{UNRESERVED}|{ESCAPE})"
# xchar = unreserved | reserved | escape
XCHAR = f"(?:{char_class(UNRESERVED_CHARS + RESERVED_CHARS)}|{ESCAPE})"

# scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]   (section 2.1: "The lower case letters
# "a"--"z", digits, and the characters plus ("+"), period ("."), and hyphen ("-") are
# allowed", and upper case is read as lower). As the inside of a class, for the scanner's
# patterns too.
SCHEME_CHARS = "A-Za-z0-9+.\\-"
SCHEME = f"[{SCHEME_CHARS}]++"
# schemepart = *xchar | ip-schemepart
SCHEMEPART = f"{XCHAR}*+"

# alphadigit = alpha | digit
ALPHADIGIT = "[A-Za-z0-9]"
# domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
DOMAINLABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*+(?<=[A-Za-z0-9]))?"
# toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
TOPLABEL = "[A-Za-z](?:[A-Za-z0-9-]*+(?<=[A-Za-z0-9]))?"
# hostname = *[ domainlabel "." ] toplabel
HOSTNAME = rf"(?:{DOMAINLABEL}\.)*+{TOPLABEL}"
# hostnumber = digits "." digits "." digits "." digits
HOSTNUMBER = rf"{DIGITS}\.{DIGITS}\.{DIGITS}\.{DIGITS}"
# host = hostname | hostnumber   (hostnumber first: "10.0.0.1" is no hostname, its top
# label starts with a digit)
HOST = f"(?:{HOSTNUMBER}|{HOSTNAME})"
# port = digits
PORT = DIGITS
# hostport = host [ ":" port ]
HOSTPORT = f"{HOST}(?::{PORT})?"
# user = *[ uchar | ";" | "?" | "&" | "=" ]
USER_RESERVED = ";?&="
USER = f"(?:{UCHAR}|{char_class(USER_RESERVED)})*+"
# password = *[ uchar | ";" | "?" | "&" | "=" ]
PASSWORD = USER
# login = [ user [ ":" password ] "@" ] hostport
LOGIN = f"(?:{USER}(?::{PASSWORD})?@)?{HOSTPORT}"
# urlpath = *xchar
URLPATH = f"{XCHAR}*+"
# ip-schemepart = "//" login [ "/" urlpath ]
IP_SCHEMEPART = f"//{LOGIN}(?:/{URLPATH})?"

# fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
FSEGMENT_RESERVED = "?:@&="
FSEGMENT = f"(?:{UCHAR}|{char_class(FSEGMENT_RESERVED)})*+"
# fpath = fsegment *[ "/" fsegment ]
FPATH = f"{FSEGMENT}(?:/{FSEGMENT})*+"
# ftptype = "A" | "I" | "D" | "a" | "i" | "d"
FTPTYPE = "[AIDaid]"
# ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
FTP_PART = f"//{LOGIN}(?:/{FPATH}(?:(?i:;type=){FTPTYPE})?)?"

# fileurl = "file://" [ host | "localhost" ] "/" fpath
FILE_PART = f"//(?:{HOST}|(?i:localhost))?/{FPATH}"

# hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
HSEGMENT = f"(?:{UCHAR}|[;:@&=])*+"
# hpath = hsegment *[ "/" hsegment ]
HPATH = f"{HSEGMENT}(?:/{HSEGMENT})*+"
# search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
SEARCH_RESERVED = ";:@&="
SEARCH = f"(?:{UCHAR}|{char_class(SEARCH_RESERVED)})*+"
# httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
HTTP_PART = rf"//{HOSTPORT}(?:/{HPATH}(?:\?{SEARCH})?)?"

# gtype = xchar;  selector = *xchar;  gopher+_string = *xchar
GTYPE = XCHAR
SELECTOR = f"{XCHAR}*"  # not possessive: the "%09" after it must be able to take its place
GOPHER_PLUS = f"{XCHAR}*+"
# gopherurl = "gopher://" hostport [ "/" [ gtype [ selector
#             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]      (EID 5118: "/" quoted)
GOPHER_PART = f"//{HOSTPORT}(?:/(?:{GTYPE}(?:{SELECTOR}(?:%09{SEARCH}(?:%09{GOPHER_PLUS})?)?)?)?)?"

# encoded822addr = 1*xchar   ; further defined in RFC822
ENCODED822ADDR = f"{XCHAR}++"
# mailtourl = "mailto:" encoded822addr
MAILTO_PART = ENCODED822ADDR

# group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
GROUP = r"[A-Za-z][A-Za-z0-9\-.+_]*+"
# article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
ARTICLE = f"(?:{UCHAR}|[;/?:&=])++@{HOST}"
# grouppart = "*" | group | article
GROUPPART = rf"(?:\*|{ARTICLE}|{GROUP})"
# newsurl = "news:" grouppart
NEWS_PART = GROUPPART

# nntpurl = "nntp://" hostport "/" group [ "/" digits ]
NNTP_PART = f"//{HOSTPORT}/{GROUP}(?:/{DIGITS})?"

# telneturl = "telnet://" login [ "/" ]
TELNET_PART = f"//{LOGIN}/?"

# database = *uchar;  wtype = *uchar;  wpath = *uchar
DATABASE = f"{UCHAR}*+"
WTYPE = DATABASE
WPATH = DATABASE
# waisdatabase = "wais://" hostport "/" database
# waisindex = "wais://" hostport "/" database "?" search
# waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
# waisurl = waisdatabase | waisindex | waisdoc
WAIS_PART = rf"//{HOSTPORT}/{DATABASE}(?:\?{SEARCH}|/{WTYPE}/{WPATH})?"

# psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
PSEGMENT = f"(?:{UCHAR}|[?:@&=])*+"
# ppath = psegment *[ "/" psegment ]
PPATH = f"{PSEGMENT}(?:/{PSEGMENT})*+"
# fieldname = *[ uchar | "?" | ":" | "@" | "&" ];  fieldvalue = the same
FIELD_RESERVED = "?:@&"
FIELDNAME = f"(?:{UCHAR}|{char_class(FIELD_RESERVED)})*+"
FIELDVALUE = FIELDNAME
# fieldspec = ";" fieldname "=" fieldvalue
FIELDSPEC = f";{FIELDNAME}={FIELDVALUE}"
# prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
PROSPERO_PART = f"//{HOSTPORT}/{PPATH}(?:{FIELDSPEC})*+"


@cache
def compiled(piece: str) -> regex.Pattern[str]:
    """`piece` as a pattern that must match a whole string (compiled once, on first use)."""
    import regex  # imported on first use: a run that needs no pattern never loads it

    return regex.compile(piece, regex.VERSION0)


def matches(piece: str, text: str) -> bool:
    """Does all of `text` match the BNF piece?"""
    return compiled(piece).fullmatch(text) is not None
