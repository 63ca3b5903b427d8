"""Hypothesis strategies for RFC 1738 URLs, transcribed from section 5's BNF.

Each strategy sits under the BNF line it implements. This is the test's own reading of the
grammar, independent of urlint's, so that the two check each other.
"""

from __future__ import annotations

from hypothesis import strategies as st

LOWALPHA = "abcdefghijklmnopqrstuvwxyz"
HIALPHA = LOWALPHA.upper()
ALPHA = LOWALPHA + HIALPHA
DIGIT = "0123456789"
SAFE = "$-_.+"
EXTRA = "!*'(),"
RESERVED = ";/?:@&="
HEX = DIGIT + "ABCDEFabcdef"

MAX = 6  # keep generated parts short: a wrapped URL must stay within 20 lines / 2,048 characters


def chars(alphabet: str, min_size: int = 0, max_size: int = MAX) -> st.SearchStrategy[str]:
    return st.text(st.sampled_from(alphabet), min_size=min_size, max_size=max_size)


# escape = "%" hex hex
escape = st.builds(lambda a, b: "%" + a + b, st.sampled_from(HEX), st.sampled_from(HEX))
# unreserved = alpha | digit | safe | extra
unreserved = st.sampled_from(ALPHA + DIGIT + SAFE + EXTRA)
# uchar = unreserved | escape
uchar = st.one_of(unreserved, escape)
# xchar = unreserved | reserved | escape
xchar = st.one_of(unreserved, st.sampled_from(RESERVED), escape)


def star(
    item: st.SearchStrategy[str], min_size: int = 0, max_size: int = MAX
) -> st.SearchStrategy[str]:
    return st.lists(item, min_size=min_size, max_size=max_size).map("".join)


def uchar_or(extra: str) -> st.SearchStrategy[str]:
    return st.one_of(uchar, st.sampled_from(extra))


digits = chars(DIGIT, 1, 5)  # digits = 1*digit
alphadigit = st.sampled_from(ALPHA + DIGIT)

# domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
domainlabel = st.one_of(
    alphadigit,
    st.builds(lambda a, m, z: a + m + z, alphadigit, chars(ALPHA + DIGIT + "-"), alphadigit),
)
# toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
toplabel = st.one_of(
    st.sampled_from(ALPHA),
    st.builds(
        lambda a, m, z: a + m + z, st.sampled_from(ALPHA), chars(ALPHA + DIGIT + "-"), alphadigit
    ),
)
# hostname = *[ domainlabel "." ] toplabel
hostname = st.builds(
    lambda labels, top: "".join(label + "." for label in labels) + top,
    st.lists(domainlabel, max_size=3),
    toplabel,
)
# hostnumber = digits "." digits "." digits "." digits
hostnumber = st.lists(chars(DIGIT, 1, 3), min_size=4, max_size=4).map(".".join)
# host = hostname | hostnumber
host = st.one_of(hostname, hostnumber)
# hostport = host [ ":" port ]
hostport = st.builds(lambda h, p: h + (":" + p if p else ""), host, st.one_of(st.none(), digits))
# user = *[ uchar | ";" | "?" | "&" | "=" ]; password likewise
user = star(uchar_or(";?&="))
password = star(uchar_or(";?&="))
# login = [ user [ ":" password ] "@" ] hostport
login = st.builds(
    lambda u, pw, hp: (
        (u + (":" + pw if pw is not None else "") + "@" if u is not None else "") + hp
    ),
    st.one_of(st.none(), user),
    st.one_of(st.none(), password),
    hostport,
)

# fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; fpath = fsegment *[ "/" fsegment ]
fsegment = star(uchar_or("?:@&="))
fpath = st.lists(fsegment, min_size=1, max_size=4).map("/".join)
# ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
ftpurl = st.builds(
    lambda lg, path, t: (
        "ftp://" + lg + ("/" + path + (";type=" + t if t else "") if path is not None else "")
    ),
    login,
    st.one_of(st.none(), fpath),
    st.one_of(st.none(), st.sampled_from("AIDaid")),
)
# fileurl = "file://" [ host | "localhost" ] "/" fpath
fileurl = st.builds(
    lambda h, p: "file://" + h + "/" + p, st.one_of(st.just(""), host, st.just("localhost")), fpath
)
# hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]; search likewise
hsegment = star(uchar_or(";:@&="))
search = star(uchar_or(";:@&="))
hpath = st.lists(hsegment, min_size=1, max_size=4).map("/".join)
# httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
httpurl = st.builds(
    lambda hp, path, q: (
        "http://"
        + hp
        + ("/" + path + ("?" + q if q is not None else "") if path is not None else "")
    ),
    hostport,
    st.one_of(st.none(), hpath),
    st.one_of(st.none(), search),
)
# gopherurl = "gopher://" hostport [ / [ gtype [ selector
#             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
gopherurl = st.builds(
    lambda hp, rest: "gopher://" + hp + rest,
    hostport,
    st.one_of(
        st.just(""),
        st.just("/"),
        st.builds(
            lambda gtype, selector, srch, plus: (
                "/"
                + gtype
                + selector
                + (
                    ("%09" + srch + (("%09" + plus) if plus is not None else ""))
                    if srch is not None
                    else ""
                )
            ),
            xchar,
            star(xchar),
            st.one_of(st.none(), search),
            st.one_of(st.none(), star(xchar)),
        ),
    ),
)
# mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar. Two dots or more alone
# are the elision a writer means (`<URL:mailto:...>`), which urlint reports as no URL
# (README, "Not URLs"; tests/scanner/test_scan_not_urls.py): grammatical, but not generated.
mailtourl = (
    star(xchar, min_size=1)
    .filter(lambda address: address.strip(".") or len(address) == 1)
    .map(lambda address: "mailto:" + address)
)
# group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
group = st.builds(lambda a, rest: a + rest, st.sampled_from(ALPHA), chars(ALPHA + DIGIT + "-.+_"))
# article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
article = st.builds(lambda local, h: local + "@" + h, star(uchar_or(";/?:&="), min_size=1), host)
# newsurl = "news:" grouppart; grouppart = "*" | group | article
newsurl = st.one_of(st.just("*"), group, article).map(lambda g: "news:" + g)
# nntpurl = "nntp://" hostport "/" group [ "/" digits ]
nntpurl = st.builds(
    lambda hp, g, d: "nntp://" + hp + "/" + g + ("/" + d if d else ""),
    hostport,
    group,
    st.one_of(st.none(), digits),
)
# telneturl = "telnet://" login [ "/" ]
telneturl = st.builds(lambda lg, slash: "telnet://" + lg + slash, login, st.sampled_from(["", "/"]))
# waisurl = waisdatabase | waisindex | waisdoc; database, wtype, wpath = *uchar
database = star(uchar)
waisurl = st.one_of(
    st.builds(lambda hp, db: "wais://" + hp + "/" + db, hostport, database),
    st.builds(lambda hp, db, q: "wais://" + hp + "/" + db + "?" + q, hostport, database, search),
    st.builds(
        lambda hp, db, t, p: "wais://" + hp + "/" + db + "/" + t + "/" + p,
        hostport,
        database,
        star(uchar),
        star(uchar),
    ),
)
# prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
psegment = star(uchar_or("?:@&="))
ppath = st.lists(psegment, min_size=1, max_size=3).map("/".join)
fieldspec = st.builds(
    lambda n, v: ";" + n + "=" + v, star(uchar_or("?:@&")), star(uchar_or("?:@&"))
)
prosperourl = st.builds(
    lambda hp, p, fields: "prospero://" + hp + "/" + p + "".join(fields),
    hostport,
    ppath,
    st.lists(fieldspec, max_size=2),
)

# url = httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl | waisurl | mailtourl |
#       fileurl | prosperourl
rfc1738_url = st.one_of(
    httpurl,
    ftpurl,
    newsurl,
    nntpurl,
    telneturl,
    gopherurl,
    waisurl,
    mailtourl,
    fileurl,
    prosperourl,
)
