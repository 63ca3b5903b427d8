"""`--format gitlab`: GitLab Code Quality issues, valid as GitLab validates them, with
fingerprints from the baseline's masked hashes, and no password in any field."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from urlint.core.findings import Finding, Severity
from urlint.core.model import Position, Span
from urlint.linter.baseline import write_baseline
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.output.gitlab import fingerprint, gitlab_issues, gitlab_severity, write_gitlab

DATA = Path(__file__).parent / "data"
SECRET = "s3cretpw"
GITLAB_SEVERITIES = ("info", "minor", "major", "critical", "blocker")


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def sha(text: str, width: int) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:width]


def expected_fingerprint(code: str, path: str, masked_url: str, occurrence: int) -> str:
    """As the format promises it: the baseline's key (rule, path, the first 32 hex digits of
    the SHA-256 of the masked URL) and the occurrence, hashed."""
    return sha(f"{code}\0{path}\0{sha(masked_url, 32)}\0{occurrence}", 32)


def report(*paths: str, select: tuple[str, ...] = ("ALL",)) -> tuple[list[dict], str]:
    findings = Checker(build_settings({}, select=list(select))).check_paths(list(paths))
    out = io.StringIO()
    write_gitlab(findings, out)
    text = out.getvalue()
    return json.loads(text), text


def test_a_report_is_exact(project):
    (project / "a.txt").write_text(
        f"get <URL:ftp://fred:{SECRET}@ftp.example.org/pub/>\n"
        "and http://example.com/~x/ and http://example.com/~x/\n",
        encoding="utf-8",
    )
    issues, text = report("./a.txt")
    masked = "ftp://fred:****@ftp.example.org/pub/"
    tilde = "http://example.com/~x/"
    assert issues == [
        {
            "description": "P502 a user name in the URL",
            "check_name": "P502",
            "fingerprint": expected_fingerprint("P502", "a.txt", masked, 1),
            "severity": "info",
            "location": {"path": "a.txt", "lines": {"begin": 1}},
        },
        {
            "description": "P501 a password in the URL: never write one (section 6)",
            "check_name": "P501",
            "fingerprint": expected_fingerprint("P501", "a.txt", masked, 1),
            "severity": "critical",
            "location": {"path": "a.txt", "lines": {"begin": 1}},
        },
        {
            "description": "C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E",
            "check_name": "C202",
            "fingerprint": expected_fingerprint("C202", "a.txt", tilde, 1),
            "severity": "minor",
            "location": {"path": "a.txt", "lines": {"begin": 2}},
        },
        {
            "description": "C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E",
            "check_name": "C202",
            "fingerprint": expected_fingerprint("C202", "a.txt", tilde, 2),
            "severity": "minor",
            "location": {"path": "a.txt", "lines": {"begin": 2}},
        },
    ]
    assert SECRET not in text
    # written as every JSON report of urlint is: indent 1, ending in a line end
    assert text == json.dumps(issues, indent=1, ensure_ascii=False) + "\n"


def test_no_findings_is_an_empty_list():
    out = io.StringIO()
    write_gitlab([], out)
    assert out.getvalue() == "[]\n"


def test_every_issue_is_valid_as_gitlab_validates_it(project):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((DATA / "gitlab-codeclimate.json").read_text(encoding="utf-8"))
    (project / "a.txt").write_text(
        f"<URL:ftp://fred:{SECRET}@h.example:25/a|b> <URL:HTTP://x.example/%41>\n"
        "<URL:http://example.com/a%0D%0A> <URL:foo:bar>\n",
        encoding="utf-8",
    )
    issues, _ = report("a.txt")
    assert [(issue["check_name"], issue["severity"]) for issue in issues] == [
        ("P502", "info"), ("P501", "critical"), ("P504", "critical"), ("C201", "major"),
        ("S402", "info"), ("C207", "info"), ("P505", "critical"),  # two in one URL: one finding
        ("S403", "info"),
    ]  # fmt: skip
    for issue in issues:
        jsonschema.Draft7Validator(schema).validate(issue)
        # what GitLab's documentation requires beyond its schema
        assert issue["check_name"] and issue["location"]["path"] == "a.txt"
        assert type(issue["location"]["lines"]["begin"]) is int
        assert issue["severity"] in GITLAB_SEVERITIES
    # GitLab keeps one issue for each fingerprint: none may be lost
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)


def test_fingerprints_stay_when_lines_move_and_change_with_the_url(project):
    text = "http://example.com/~x/\nhttp://example.com/~y/\n"
    (project / "a.txt").write_text(text, encoding="utf-8")
    before, _ = report("a.txt")
    (project / "a.txt").write_text("new line\n\n" + text, encoding="utf-8")
    after, _ = report("a.txt")
    assert [i["location"]["lines"]["begin"] for i in before] == [1, 2]
    assert [i["location"]["lines"]["begin"] for i in after] == [3, 4]
    assert [i["fingerprint"] for i in after] == [i["fingerprint"] for i in before]
    assert before[0]["fingerprint"] != before[1]["fingerprint"]


def test_a_fingerprint_is_the_baseline_entry_of_the_finding_hashed(project):
    (project / "a.txt").write_text(f"<URL:ftp://fred:{SECRET}@h.example/>\n", encoding="utf-8")
    findings = list(Checker(build_settings({})).check_paths(["a.txt"]))
    write_baseline("base.json", findings)
    (entry,) = json.loads((project / "base.json").read_text(encoding="utf-8"))["findings"]
    (finding,) = findings
    key = f"{entry['rule']}\0{entry['path']}\0{entry['url_hash']}\0{1}"
    assert fingerprint(finding) == sha(key, 32)
    assert fingerprint(finding, 2) == sha(key[:-1] + "2", 32)


def finding(**fields) -> Finding:
    span = Span(Position(3, 5), Position(3, 9))
    values = {
        "code": "C202", "name": "unsafe-tilde", "severity": Severity.WARNING,
        "message": "m", "span": span, "path": "a.txt", "url": "http://h/~",
    }  # fmt: skip
    values.update(fields)
    return Finding(**values)


@pytest.mark.parametrize(
    ("code", "severity", "expected"),
    [
        ("C201", Severity.ERROR, "major"),
        ("C202", Severity.WARNING, "minor"),
        ("C207", Severity.INFO, "info"),
        # an error of a security rule (sections 3.1 and 6) ranks first
        ("P501", Severity.ERROR, "critical"),
        ("P504", Severity.ERROR, "critical"),
        ("P505", Severity.ERROR, "critical"),
        # a security rule's warning or info stays at its severity's rank
        ("P503", Severity.WARNING, "minor"),
        ("P502", Severity.INFO, "info"),
    ],
)
def test_severities_map_to_gitlabs(code, severity, expected):
    assert gitlab_severity(finding(code=code, severity=severity)) == expected


def test_no_field_shows_a_password_from_a_path_or_a_message(project):
    secret_path = f"ftp:fred:{SECRET}@h.txt"
    issues = list(
        gitlab_issues(
            [
                finding(
                    path=secret_path,
                    message=f"about ftp://fred:{SECRET}@h/",
                    url=f"ftp://fred:{SECRET}@h/",
                )
            ]
        )
    )
    assert issues == [
        {
            "description": "C202 about ftp://fred:****@h/",
            "check_name": "C202",
            "fingerprint": expected_fingerprint(
                "C202", "ftp:fred:****@h.txt", "ftp://fred:****@h/", 1
            ),
            "severity": "minor",
            "location": {"path": "ftp:fred:****@h.txt", "lines": {"begin": 3}},
        }
    ]
    assert SECRET not in json.dumps(issues)


def test_an_archive_member_is_located_at_its_archive_and_named_masked(project):
    with zipfile.ZipFile(project / "mail.zip", "w") as archive:
        archive.writestr(f"ftp:u:{SECRET}@h/x.txt", "")
    member = f"mail.zip!ftp:u:{SECRET}@h/x.txt"
    (issue,) = gitlab_issues([finding(path=member)])
    assert issue["description"] == "C202 m (in ftp:u:****@h/x.txt)"
    assert issue["location"] == {"path": "mail.zip", "lines": {"begin": 1}}
    assert SECRET not in json.dumps(issue)


def test_a_name_that_is_not_utf8_is_written_as_the_other_json_formats_write_it(project):
    (issue,) = gitlab_issues([finding(path="caf\udce9.txt")])
    assert issue["location"]["path"] == "caf\\xe9.txt"
    out = io.StringIO()
    write_gitlab([finding(path="caf\udce9.txt")], out)
    out.getvalue().encode("utf-8")  # no lone surrogate left: a UTF-8 stream can take it
    assert json.loads(out.getvalue())[0]["location"]["path"] == "caf\\xe9.txt"
