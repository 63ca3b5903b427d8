"""`--format junit`: JUnit XML, well-formed, valid against the schema Jenkins reads, one test
case for each file with findings, failed as the run fails, and no password in it."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.findings import Finding, Severity
from urlint.core.model import Position, Span
from urlint.grammar.display import shown
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.output.junit import write_junit

XSD = Path(__file__).parent / "data" / "junit-10.xsd"
SECRET = "s3cretpw"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text(
        f"get <URL:ftp://fred:{SECRET}@ftp.example.org/pub/>\n"
        "and http://example.com/~x/ and http://example.com/~x/\n",
        encoding="utf-8",
    )
    (tmp_path / "b.txt").write_text("see <URL:ftp://ds.internic.net/rfc>\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text("<URL:http://example.com/%41>\n", encoding="utf-8")
    return tmp_path


def junit(findings, fail_on: Severity = Severity.WARNING, target: str = "rfc1738") -> str:
    out = io.StringIO()
    write_junit(findings, out, fail_on, target)
    return out.getvalue()


def checked(*paths: str, select: tuple[str, ...] = ("ALL",)) -> list[Finding]:
    return list(Checker(build_settings({}, select=list(select))).check_paths(list(paths)))


def validated(text: str) -> ET.Element:
    """The report parsed (well-formed XML), and valid against junit-10.xsd where the
    schema validator is installed."""
    root = ET.fromstring(text.encode("utf-8"))
    try:
        import xmlschema
    except ModuleNotFoundError:
        pass
    else:
        xmlschema.XMLSchema10(XSD).validate(text)
    return root


EXPECTED = """\
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="urlint" tests="2" failures="1" errors="0">
 <testsuite name="urlint" tests="2" failures="1" errors="0" skipped="0">
  <properties><property name="target" value="rfc1738"/></properties>
  <testcase classname="urlint" name="a.txt">
   <failure type="error" message="P501 a password in the URL: never write one (section 6)">\
a.txt:1:21: P501 a password in the URL: never write one (section 6) [embedded-password]</failure>
   <failure type="warning" message="C202 unsafe character '~' by RFC 1738 section 2.2 \
(RFC 3986 allows it: --target rfc3986): write it as %7E">\
a.txt:2:24: C202 unsafe character '~' by RFC 1738 section 2.2 \
(RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]</failure>
   <failure type="warning" message="C202 unsafe character '~' by RFC 1738 section 2.2 \
(RFC 3986 allows it: --target rfc3986): write it as %7E">\
a.txt:2:51: C202 unsafe character '~' by RFC 1738 section 2.2 \
(RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]</failure>
   <system-out>a.txt:1:16: P502 a user name in the URL [embedded-user]
</system-out>
  </testcase>
  <testcase classname="urlint" name="c.txt">
   <system-out>c.txt:1:25: C207 %41 encodes 'A', which needs no encoding [needless-escape]
</system-out>
  </testcase>
 </testsuite>
</testsuites>
"""


def test_a_report_is_exact_and_valid(project):
    text = junit(checked("a.txt", "b.txt", "c.txt"))
    assert text == EXPECTED
    root = validated(text)
    suite = root.find("testsuite")
    assert suite is not None
    assert [case.get("name") for case in suite.iter("testcase")] == ["a.txt", "c.txt"]
    assert SECRET not in text


def test_a_test_case_fails_exactly_when_its_file_fails_the_run(project):
    # --fail-on error: the warnings are listed, and fail nothing
    text = junit(checked("a.txt", "c.txt"), Severity.ERROR)
    root = validated(text)
    assert root.attrib == {"name": "urlint", "tests": "2", "failures": "1", "errors": "0"}
    (case_a, case_c) = root.iter("testcase")
    assert [f.get("message") for f in case_a.iter("failure")] == [
        "P501 a password in the URL: never write one (section 6)"
    ]
    assert case_a.findtext("system-out") == (
        "a.txt:1:16: P502 a user name in the URL [embedded-user]\n"
        "a.txt:2:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]\n"
        "a.txt:2:51: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]\n"
    )
    assert list(case_c.iter("failure")) == []
    # --fail-on info: every finding fails its file
    root = validated(junit(checked("a.txt", "c.txt"), Severity.INFO))
    assert root.attrib == {"name": "urlint", "tests": "2", "failures": "2", "errors": "0"}
    assert [len(list(case.iter("failure"))) for case in root.iter("testcase")] == [4, 1]
    assert [case.find("system-out") for case in root.iter("testcase")] == [None, None]


def test_a_run_without_findings_is_one_passing_test_case():
    text = junit([])
    assert text == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<testsuites name="urlint" tests="1" failures="0" errors="0">\n'
        ' <testsuite name="urlint" tests="1" failures="0" errors="0" skipped="0">\n'
        '  <properties><property name="target" value="rfc1738"/></properties>\n'
        '  <testcase classname="urlint" name="no findings"/>\n'
        " </testsuite>\n"
        "</testsuites>\n"
    )
    validated(text)


def test_the_standard_linted_against_is_the_suites_property(project, capsys):
    root = validated(junit([], target="rfc3986"))
    suite = root.find("testsuite")
    assert suite is not None
    assert [(p.get("name"), p.get("value")) for p in suite.iter("property")] == [
        ("target", "rfc3986")
    ]
    from urlint.commands.cli import main

    assert main(["check", "--format", "junit", "--target", "rfc3986", "a.txt"]) == 1
    root = validated(capsys.readouterr().out)
    assert [(p.get("name"), p.get("value")) for p in root.iter("property")] == [
        ("target", "rfc3986")
    ]


def finding(path: str, message: str, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(
        code="C201", name="unsafe-character", severity=severity, message=message,
        span=Span(Position(1, 2), Position(1, 3)), path=path, url="http://h/",
    )  # fmt: skip


def test_passwords_markup_and_control_characters_never_reach_the_xml():
    path = f'ftp:u:{SECRET}@h/"<&>\x1b]0;x\x07\udce9.txt'
    message = f"see ftp://u:{SECRET}@h/ & <b> \"q\" 'a'\n\x00"
    text = junit([finding(path, message)])
    assert SECRET not in text and "\x1b" not in text and "\x00" not in text
    root = validated(text)
    (case,) = root.iter("testcase")
    assert case.get("name") == 'ftp:u:****@h/"<&>\\x1b]0;x\\x07\\xe9.txt'
    (failure,) = case.iter("failure")
    assert failure.get("message") == "C201 see ftp://u:****@h/ & <b> \"q\" 'a'\\x0a\\x00"
    assert failure.text == (
        'ftp:u:****@h/"<&>\\x1b]0;x\\x07\\xe9.txt:1:2: C201 see ftp://u:****@h/ & <b> "q" '
        "'a'\\x0a\\x00 [unsafe-character]"
    )


@given(
    st.lists(
        st.tuples(st.text(max_size=12), st.text(max_size=12), st.sampled_from(list(Severity))),
        max_size=6,
    )
)
def test_any_path_and_message_make_valid_xml_that_reads_back_as_shown(items):
    findings = [finding(path, message, severity) for path, message, severity in items]
    root = ET.fromstring(junit(findings).encode("utf-8"))
    names = [case.get("name") for case in root.iter("testcase")]
    paths = [shown(path) for index, (path, _, _) in enumerate(items)
             if index == 0 or items[index - 1][0] != path]  # fmt: skip
    assert names == (paths or ["no findings"])
    messages = [f.get("message") for f in root.iter("failure")]
    assert messages == [
        f"C201 {shown(message)}" for _, message, severity in items if severity.rank >= 2
    ]
    failed = sum(1 for case in root.iter("testcase") if case.find("failure") is not None)
    assert root.get("failures") == str(failed)
    assert root.get("tests") == str(max(1, len(paths)))


def test_reports_validate_against_the_schema_jenkins_reads(project):
    xmlschema = pytest.importorskip("xmlschema")
    schema = xmlschema.XMLSchema10(XSD)
    findings = checked("a.txt", "b.txt", "c.txt")
    reports = [junit(findings), junit(findings, Severity.ERROR), junit(findings, Severity.INFO)]
    assert [schema.is_valid(text) for text in [*reports, junit([])]] == [True] * 4
    # the schema holds the report to something: a test case without its name is refused
    assert not schema.is_valid(reports[0].replace(' name="a.txt"', "", 1))
