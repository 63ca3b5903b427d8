"""Placeholders no URL holds as its own (scanner/templates.py): curl's URL globs, printf's
conversions (the scheme included), Perl's, Ruby's and PHP's interpolation, and where a URL
ends that a placeholder holds blanks, quotes or `<`, `>` in. Lines quoted from real
repositories name the repository, the commit, the file and the line; a line "of the same
shape" is shortened or made up around the form tested."""

from __future__ import annotations

import pytest

from urlint.core.model import Flag
from urlint.scanner.scanner import extract
from urlint.scanner.templates import CODE, placeholders

from .test_templates_variables import read

# --- curl's URL globs ---------------------------------------------------------------------

# curl/curl 5c61e168698a72b87437d58ed728bcdea6d5db42, docs/cmdline-opts/_GLOBBING.md
# (lines 9, 11, 15, 19, 23, 28, 33, 35, 49, 51) and docs/cmdline-opts/output.md (line 20),
# each in an indented code block.


@pytest.mark.parametrize(
    ("url", "holes", "offsets"),
    [
        ("https://fun.example/{one,two,three}.jpg", ["{one,two,three}"], ((20, 35),)),
        ("sftp://{one,two,three}.example/README", ["{one,two,three}"], ((7, 22),)),
        ("ftp://ftp.example.com/file[1-100].txt", ["[1-100]"], ((26, 33),)),
        ("ftp://ftp.example.com/file[001-100].txt", ["[001-100]"], ((26, 35),)),
        ("ftp://ftp.example.com/file[a-z].txt", ["[a-z]"], ((26, 31),)),
        (
            "https://example.com/archive[1996-1999]/vol[1-4]/part{a,b,c}.html",
            ["[1996-1999]", "[1-4]", "{a,b,c}"],
            ((27, 38), (42, 47), (52, 59)),
        ),
        ("https://example.com/file[1-100:10].txt", ["[1-100:10]"], ((24, 34),)),
        ("https://example.com/file[a-z:2].txt", ["[a-z:2]"], ((24, 31),)),
        # named globs: the "<" that would end a URL is the name's (curl 8.21.0)
        ("https://fun.example/{<number>one,two,three}.jpg", ["{<number>one,two,three}"],
         ((20, 43),)),
        ("ftp://ftp.example.com/file[<range>1-100].txt", ["[<range>1-100]"], ((26, 40),)),
        # a range in the host: no IP literal (RFC 3986 section 3.2.2), as it has no ":"
        ("http://{site,host}.host[1-5].example", ["{site,host}", "[1-5]"], ((7, 18), (23, 28))),
    ],
)  # fmt: skip
@pytest.mark.parametrize("syntax", ["markdown", "text"])
def test_curls_globs_are_placeholders_real_lines(url, holes, offsets, syntax):
    assert read(f"    {url}\n", syntax) == [(url, (5, 5 + len(url)), holes, offsets, True)]


def test_a_named_glob_in_a_quoted_command_real_line():
    # curl/curl 5c61e16, docs/cmdline-opts/output.md line 77; in a shell script the same
    line = '    curl "https://fun.example/{<num>one,two}.jpg" -o "save-#<num>"\n'
    expected = [
        ("https://fun.example/{<num>one,two}.jpg", (11, 49), ["{<num>one,two}"], ((20, 34),), True)
    ]
    assert read(line, "markdown") == expected
    assert read(line, "shell") == expected


def test_a_range_whose_bounds_are_placeholders_real_line():
    # curl/curl 5c61e16, tests/http/test_02_download.py line 76 (its indent left out): an
    # f-string's range
    line = "urln = f'https://{env.authority_for(env.domain1, proto)}/data.json?[0-{count-1}]'\n"
    assert read(line, "python") == [
        (
            "https://{env.authority_for(env.domain1, proto)}/data.json?[0-{count-1}]",
            (10, 81),
            ["{env.authority_for(env.domain1, proto)}", "[0-{count-1}]"],
            ((8, 47), (58, 71)),
            True,
        )
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # IPv6 literals stay URL text (RFC 3986 section 3.2.2)
        ("see http://[::1]:8080/a and http://[2001:db8::1]/x\n",
         [("http://[::1]:8080/a", (5, 24), [], (), False),
          ("http://[2001:db8::1]/x", (29, 51), [], (), False)]),
        # brackets that are no range: an index, an empty pair (curl's test of `[]`)
        ("see http://x.org/a[1] and http://h/we/want/[]/page\n",
         [("http://x.org/a[1]", (5, 22), [], (), False),
          ("http://h/we/want/[]/page", (27, 51), [], (), False)]),
        # a balanced parenthesis is a URL's own (Wikipedia's titles)
        ("see https://en.wikipedia.org/wiki/Foo_(bar) now\n",
         [("https://en.wikipedia.org/wiki/Foo_(bar)", (5, 44), [], (), False)]),
    ],
)  # fmt: skip
def test_brackets_that_are_no_glob_stay_url_text(text, expected):
    assert read(text) == expected


# --- printf's conversions -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # curl/curl 5c61e16, lib/openldap.c line 624: a scheme that is a placeholder
        ("c-like", '  hosturl = curl_maprintf("%s://%s:%u",\n',
         ("%s://%s:%u", (28, 38), ["%s", "%s", "%u"], ((0, 2), (5, 7), (8, 10)))),
        # curl/curl 5c61e16, tests/libtest/lib1560.c line 2295
        ("c-like", '                   "%s://%s:%s@%s/%s?%s#%s",\n',
         ("%s://%s:%s@%s/%s?%s#%s", (21, 43), ["%s"] * 7,
          ((0, 2), (5, 7), (8, 10), (11, 13), (14, 16), (17, 19), (20, 22)))),
        # curl/curl 5c61e16, tests/libtest/lib1506.c line 68: `%zu` in a host; `%04` is an
        # escape (RFC 1738 section 2.2 wins where printf could read it too)
        ("c-like", '                   "http://server%zu.example.com:%s/path/1506%04zu",\n',
         ("http://server%zu.example.com:%s/path/1506%04zu", (21, 67), ["%zu", "%s"],
          ((13, 16), (29, 31)))),
        # Grafana's conf/defaults.ini root_url (a file urlint does not read): Python's named
        # conversions, the scheme one of them
        ("other", "root_url = %(protocol)s://%(domain)s:%(http_port)s/grafana/\n",
         ("%(protocol)s://%(domain)s:%(http_port)s/grafana/", (12, 60),
          ["%(protocol)s", "%(domain)s", "%(http_port)s"], ((0, 12), (15, 25), (26, 39)))),
        # Objective-C (a file urlint does not read), the shape of ViennaRSS/vienna-rss
        # b2313156, Vienna/Sources/Fetching/OpenReader.m line 287, the scheme written out
        ("other", '    u = [NSString stringWithFormat:@"https://%@:%hu/reader/api/0/", h, p];\n',
         ("https://%@:%hu/reader/api/0/", (38, 66), ["%@", "%hu"], ((8, 10), (11, 14)))),
        # positions, flags, a precision, a length (a line of the same shape)
        ("c-like", 'x = "https://%1$s/items/%2$d?page=%-5d&w=%.2f&n=%ld&id=%x"\n',
         ("https://%1$s/items/%2$d?page=%-5d&w=%.2f&n=%ld&id=%x", (6, 58),
          ["%1$s", "%2$d", "%-5d", "%.2f", "%ld", "%x"],
          ((8, 12), (19, 23), (29, 33), (36, 40), (43, 46), (50, 52)))),
        # a printf format's `%%` is the "%" of the URL it writes: `%%20` gives "%20"
        ("c-like", 'x = "https://x.org/a%%20b/%u"\n',
         ("https://x.org/a%%20b/%u", (6, 29), ["%%", "%u"], ((15, 17), (21, 23)))),
        ("c-like", 'x = "https://shop.example/50%off"\n',
         ("https://shop.example/50%off", (6, 33), ["%o"], ((23, 25),))),
    ],
)  # fmt: skip
def test_printf_conversions_are_placeholders_in_code(syntax, line, expected):
    url, span, holes, offsets = expected
    assert read(line, syntax) == [(url, span, holes, offsets, True)]


def test_a_doubled_percent_sign_alone_makes_no_format():
    # AntennaPod/AntennaPod b7ee12c, PlainTextLinksConverterTest.java line 43 (a test of a
    # malformed URL): no conversion beside it, `%%` is a "%" that starts no escape (C206)
    line = 'x = "https://example.org/%D0%%86_(%D1%%BC"\n'
    url = "https://example.org/%D0%%86_(%D1%%BC"
    assert read(line, "c-like") == [(url, (6, 42), [], (), False)]


def test_in_running_text_a_bare_conversion_is_one_only_in_the_host_or_port():
    # `%x` in a path may be a writer's broken escape ("50%off"): left to the rules there;
    # in a host or a port no escape stands, and a conversion is a placeholder.
    assert read("see https://%1$s/items/%2$d?page=%-5d&w=%.2f&n=%ld&id=%x\n") == [
        ("https://%1$s/items/%2$d?page=%-5d&w=%.2f&n=%ld&id=%x", (5, 57),
         ["%1$s", "%2$d", "%-5d", "%.2f", "%ld"],
         ((8, 12), (19, 23), (29, 33), (36, 40), (43, 46)), True)
    ]  # fmt: skip
    assert read("see https://shop.example/50%off and http://x.org/a%zz now\n") == [
        ("https://shop.example/50%off", (5, 32), [], (), False),
        ("http://x.org/a%zz", (37, 54), [], (), False),
    ]
    assert read("see http://%u:%x/ here\n") == [
        ("http://%u:%x/", (5, 18), ["%u", "%x"], ((7, 9), (10, 12)), True)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # curl/curl 5c61e16, tests/data/test1 line 37: the test suite's variables
        # (tests/FILEFORMAT.md, "Variables")
        ("http://%HOSTIP:%HTTPPORT/%TESTNUMBER\n",
         ("http://%HOSTIP:%HTTPPORT/%TESTNUMBER", (1, 37),
          ["%HOSTIP", "%HTTPPORT", "%TESTNUMBER"], ((7, 14), (15, 24), (25, 36)))),
        # curl/curl 5c61e16, tests/data/test611 line 29: two variables glued
        ("sftp://%HOSTIP:%SSHPORT%SFTP_PWD/%LOGDIR/file%TESTNUMBER.txt --insecure\n",
         ("sftp://%HOSTIP:%SSHPORT%SFTP_PWD/%LOGDIR/file%TESTNUMBER.txt", (1, 61),
          ["%HOSTIP", "%SSHPORT", "%SFTP_PWD", "%LOGDIR", "%TESTNUMBER"],
          ((7, 14), (15, 23), (23, 32), (33, 40), (45, 56)))),
        # curl/curl 5c61e16, tests/data/test86 line 59: a range of them
        ('"http://%HOSTIP:%HTTPPORT/[%TESTNUMBER0001-%TESTNUMBER0003]" -o x\n',
         ("http://%HOSTIP:%HTTPPORT/[%TESTNUMBER0001-%TESTNUMBER0003]", (2, 60),
          ["%HOSTIP", "%HTTPPORT", "[%TESTNUMBER0001-%TESTNUMBER0003]"],
          ((7, 14), (15, 24), (25, 58)))),
        # curl/curl 5c61e16, tests/data/test1609 line 23: its escapes stay escapes
        ("gopher://%HOSTIP:%GOPHERPORT/1/sel%0d%0aINJECT/%TESTNUMBER\n",
         ("gopher://%HOSTIP:%GOPHERPORT/1/sel%0d%0aINJECT/%TESTNUMBER", (1, 59),
          ["%HOSTIP", "%GOPHERPORT", "%TESTNUMBER"], ((9, 16), (17, 28), (47, 58)))),
        # cmd.exe's variable, closed by its second "%" (a line of the same shape)
        ("see file:///%APPDATA%/a\n", ("file:///%APPDATA%/a", (5, 24), ["%APPDATA%"], ((8, 17),))),
    ],
)  # fmt: skip
def test_a_name_in_capitals_after_a_percent_sign_is_a_placeholder(text, expected):
    url, span, holes, offsets = expected
    assert read(text) == [(url, span, holes, offsets, True)]


@pytest.mark.parametrize(
    "url",
    [
        "http://h/a%20b%2Fc",
        "http://h/%E5%A5%BD",
        "http://h/%DATE",  # `%DA` is an escape, whatever follows it
        "http://h/%10d",  # an escape, though printf reads `%10d` as well
        "http://h/%5d",
        "http://h/100%",
        "http://h/%u00e9",  # IIS's `%u`: a broken escape, left to the rules
    ],
)
def test_escapes_are_never_placeholders(url):
    assert placeholders(url) == ()


# --- Perl's, Ruby's and PHP's interpolation -----------------------------------------------


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # kazuho/p5-test-httpd-apache2 2726d850443421e47530788aef037a095f764cda, t/00base.t
        # line 29: Perl's `@{[ expr ]}`
        ("other", 'is get("http://@{[$httpd->listen]}/hello.txt"), \'hello\';\n',
         ("http://@{[$httpd->listen]}/hello.txt", (9, 45), ["@{[$httpd->listen]}"],
          ((7, 26),))),
        # blanks and "->" inside it (a line of the same shape)
        ("other", '"NoPaste http://@{[ $c->req->env->{HTTP_HOST} ]}$next_url"\n',
         ("http://@{[ $c->req->env->{HTTP_HOST} ]}$next_url", (10, 58),
          ["@{[ $c->req->env->{HTTP_HOST} ]}", "$next_url"], ((7, 39), (39, 48)))),
        # plack/Plack c8215144d5e0cdd826ae2f497a14ca4d5c8a00c9, lib/Plack/Runner.pm line 214
        # (the "\n" after it left out): a hash element's "->" no URL holds
        ("other", 'print STDERR "$name: at $proto://$host:$args->{port}/";\n',
         ("$proto://$host:$args->{port}/", (25, 54), ["$proto", "$host", "$args->{port}"],
          ((0, 6), (9, 14), (15, 28)))),
        # elements of a hash, an array and a reference (a line of the same shape)
        ("other", 'my $x = "http://x.org/$hash{key}/$list[0]/$ref->[1]";\n',
         ("http://x.org/$hash{key}/$list[0]/$ref->[1]", (10, 52),
          ["$hash{key}", "$list[0]", "$ref->[1]"], ((13, 23), (24, 32), (33, 42)))),
        # Homebrew/brew aad366ffaf6a8c94c66d35e4b990d42ac4195305,
        # Library/Homebrew/vulns/identify.rb line 69: Ruby's `#{}`, its "#" no fragment's
        ("c-like", '            return "https://#{host}/#{repo_path}"\n',
         ("https://#{host}/#{repo_path}", (21, 49), ["#{host}", "#{repo_path}"],
          ((8, 15), (16, 28)))),
        # Homebrew/brew aad366f, Library/Homebrew/test/cask/upgrade_spec.rb line 757
        ("c-like", '          url "file://#{TEST_FIXTURE_DIR}/cask/caffeine.zip"\n',
         ("file://#{TEST_FIXTURE_DIR}/cask/caffeine.zip", (16, 60), ["#{TEST_FIXTURE_DIR}"],
          ((7, 26),))),
        # Homebrew/brew aad366f, Library/Homebrew/test/patching_spec.rb line 242: a quote
        # inside `#{}` ends the literal as scanner.code reads it; what is open is the program's
        ("c-like", '          url "file://#{tarball_fixture("testball-0.1-patches.tgz")}"\n',
         ("file://#{tarball_fixture", (16, 40), ["#{tarball_fixture"], ((7, 24),))),
        # guzzle/guzzle 2779e868a00289e1b1fd854af030c43a06f4bcb4,
        # src/Handler/StreamHandler.php line 455: PHP's `{$var['key']}`, quotes inside
        ("c-like", "                    'proxy' => \"tcp://{$parsed['host']}:{$parsed['port']}\",\n",
         ("tcp://{$parsed['host']}:{$parsed['port']}", (33, 74),
          ["{$parsed['host']}", "{$parsed['port']}"], ((6, 23), (24, 41)))),
        # PHP's `$obj->prop` (a line of the same shape)
        ("c-like", '$x = "http://$obj->host/a/{$obj->path}/b";\n',
         ("http://$obj->host/a/{$obj->path}/b", (7, 41), ["$obj->host", "{$obj->path}"],
          ((7, 17), (20, 32)))),
    ],
)  # fmt: skip
def test_interpolation_is_read_whole(syntax, line, expected):
    url, span, holes, offsets = expected
    assert read(line, syntax) == [(url, span, holes, offsets, True)]


def test_an_arrow_reads_on_only_after_a_variable():
    # "->" after a word is no variable's: the URL ends at ">" as ever (RFC 1738 section 2.2)
    assert read("see http://x.org/a->b and http://x.org/$a->b\n") == [
        ("http://x.org/a-", (5, 20), [], (), False),
        ("http://x.org/$a->b", (27, 45), ["$a->b"], ((13, 18),), True),
    ]


# --- where a URL ends that a placeholder holds on ----------------------------------------


@pytest.mark.parametrize(
    ("syntax", "line", "column"),
    [
        ("markdown", "sudo curl -L {url} -o /usr/local/bin/docker-compose\n", 14),
        ("shell", 'sudo curl -L "{url}" -o /usr/local/bin/docker-compose\n', 15),
        ("text", "sudo curl -L {url} -o /usr/local/bin/docker-compose\n", 14),
    ],
)
def test_a_command_substitution_holds_blanks(syntax, line, column):
    """Docker Compose's install line, in docs and scripts everywhere: each `$(...)` read
    whole (the URL ended at its blank before)."""
    url = (
        "https://github.com/docker/compose/releases/download/1.29.2/"
        "docker-compose-$(uname -s)-$(uname -m)"
    )
    assert read(line.format(url=url), syntax) == [
        (url, (column, column + len(url)), ["$(uname -s)", "$(uname -m)"],
         ((74, 85), (86, 97)), True)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "url"),
    [
        # an expression not closed on its line, or past 80 characters: the URL ends as before
        ("see http://h/a/$(uname\n -s) now", "http://h/a/$(uname"),
        ("see http://h/a/${ " + "x " * 50 + "} now", "http://h/a/$"),
        ("see http://h/#{a b now", "http://h/#{a"),
        # a glob's name is a word in angle brackets right after the opening
        ("see http://h/{<a b>x,y} now", "http://h/"),
        ("see http://h/a<b>c now", "http://h/a"),
    ],
)
def test_an_expression_must_close_soon_on_its_line(text, url):
    assert [found.url for found in extract(text)] == [url]


def test_placeholder_forms_in_code_are_no_template_without_one():
    # a brace in prose that is no template: `{I'm_king}` (linkify-it's test links)
    assert read("see http://x.org/{I'm_king} now\n") == [
        ("http://x.org/{I'm_king}", (5, 28), [], (), False)
    ]
    assert placeholders("http://h/a{b", CODE) == ()
    assert Flag.TEMPLATE not in extract("see http://h/a%2Fb\n")[0].flags


def test_a_url_inside_an_expression_is_a_url_of_its_own_real_line():
    """helm/charts 390ee6614b4bb0da96b397f9b382e3ddca9f59a4, stable/gocd/values.yaml line
    94: the command's URL is reported, so the expression holding it is not read across its
    blank (the outer URL ends there, as before, its open `$(curl` a placeholder)."""
    line = (
        "  #      - 'curl -LO https://storage.googleapis.com/kubernetes-release/release/$(curl"
        " -s https://storage.googleapis.com/kubernetes-release/release/stable.txt)/bin/linux/"
        "amd64/kubectl && chmod +x ./kubectl'\n"
    )
    assert read(line, "yaml") == [
        ("https://storage.googleapis.com/kubernetes-release/release/$(curl", (22, 86),
         ["$(curl"], ((58, 64),), True),
        ("https://storage.googleapis.com/kubernetes-release/release/stable.txt", (90, 158),
         [], (), False),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # bitnami/charts 5165628a, bitnami/mlflow/templates/tracking/deployment.yaml line
        # 146: a login's "@" before `{{ }}`
        ("            - --artifacts-destination=wasbs://{{ .Values.externalAzureBlob.containerName"
         " }}@{{ .Values.externalAzureBlob.storageAccount }}.blob.core.windows.net\n",
         [("wasbs://{{ .Values.externalAzureBlob.containerName }}@{{ .Values.externalAzureBlob"
           ".storageAccount }}.blob.core.windows.net", (39, 161),
           ["{{ .Values.externalAzureBlob.containerName }}",
            "{{ .Values.externalAzureBlob.storageAccount }}"], ((8, 53), (54, 100)), True)]),
        # bitnami/charts 5165628a, bitnami/jupyterhub/templates/hub/configmap.yaml line 127:
        # Python's f-string subscript, its key quoted, in a Helm template
        ('        f"http://{{ template "common.names.fullname" . }}-hub:'
         "{os.environ['HUB_SERVICE_PORT']}\"\n",
         [("http://{{ template \"common.names.fullname\" . }}-hub:{os.environ['HUB_SERVICE_PORT']}",
           (11, 95), ['{{ template "common.names.fullname" . }}',
                      "{os.environ['HUB_SERVICE_PORT']}"], ((7, 47), (52, 84)), True)]),
        # helm/charts 390ee66, incubator/spring-cloud-data-flow/templates/server-config-rabbit
        # .yaml line 31: braces the forms do not read as one placeholder are not read across
        # their blanks (no URL, as before)
        ("        url: 'jdbc:mysql://${{ printf \"{\" }}{{ template \"scdf.envrelease\" . }}"
         "_MYSQL_SERVICE_HOST}:3306/dataflow'\n", []),
    ],
)  # fmt: skip
def test_helm_templates_in_yaml_real_lines(line, expected):
    assert read(line, "yaml") == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # Homebrew/brew aad366ffaf6a8c94c66d35e4b990d42ac4195305, docs/Cask-Cookbook.md lines
        # 1265 and 1279 (a Ruby sample in Markdown): quotes, a blank and a regular expression
        # inside `#{}`, read whole (the URL ended at `#{version.delete(` before)
        ('url "https://example.com/file-version-#{version.delete(".")}.dmg"\n',
         [("https://example.com/file-version-#{version.delete(\".\")}.dmg", (6, 65),
           ['#{version.delete(".")}'], ((33, 55),), True)]),
        ('url "https://example.com/#{version.sub(/build\\d+/, "")}/file-version-#{version}.dmg"\n',
         [("https://example.com/#{version.sub(/build\\d+/, \"\")}/file-version-#{version}.dmg",
           (6, 84), ['#{version.sub(/build\\d+/, "")}', "#{version}"], ((20, 50), (64, 74)),
           True)]),
    ],
)  # fmt: skip
def test_ruby_interpolation_in_markdown_real_lines(line, expected):
    assert read(line, "markdown") == expected


# --- Ruby's named conversion, make's pattern stem ------------------------------------------


@pytest.mark.parametrize("syntax", ["ruby", "text"])
def test_rubys_named_conversion_is_a_placeholder_and_its_angle_brackets_no_end(syntax):
    # rubocop/rubocop tasks/changelog.rb:14
    line = "  CONTRIBUTOR = '[@%<user>s]: https://github.com/%<user>s'\n"
    assert read(line, syntax) == [
        ("https://github.com/%<user>s", (31, 58), ["%<user>s"], ((19, 27),), True)
    ]


def test_a_make_patterns_stem_is_a_placeholder():
    # ninenines/cowboy erlang.mk:492 (a make file is read as shell): each URL of the list,
    # the second with the make function's arguments after it (`$(call ...)`, a placeholder)
    line = "query_repo_git = $(patsubst git://github.com/%,https://github.com/%,$(call x,$1))\n"
    assert read(line, "shell") == [
        ("git://github.com/%", (29, 47), ["%"], ((17, 18),), True),
        (
            "https://github.com/%,$(call x,$1)",
            (48, 81),
            ["%", "$(call x,$1)"],
            ((19, 20), (21, 33)),
            True,
        ),
    ]


@pytest.mark.parametrize("syntax", ["lisp"])
def test_lisps_format_directives_are_placeholders(syntax):
    # edicl/hunchentoot run-test.lisp:46; racket/scribble's `format` alike
    line = '(test-hunchentoot (format nil "http://localhost:~A" *test-port*))\n'
    assert read(line, syntax) == [("http://localhost:~A", (32, 51), ["~A"], ((17, 19),), True)]
    # a user's folder is no directive
    assert read('(define v "https://example.org/~alice/")\n', syntax) == [
        ("https://example.org/~alice/", (12, 39), [], (), False)
    ]


def test_scaladocs_source_link_variables_are_placeholders():
    # playframework/playframework project/Docs.scala:278 (Scaladoc's -doc-source-url)
    line = 's"-source-links:x=https://github.com/p/p/tree/${commitish}€{FILE_PATH}.scala"\n'
    assert read(line, "c-like") == [
        (
            "https://github.com/p/p/tree/${commitish}€{FILE_PATH}.scala",
            (19, 77),
            ["${commitish}", "€{FILE_PATH}"],
            ((28, 40), (40, 52)),
            True,
        )
    ]
