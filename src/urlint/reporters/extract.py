"""Output of `urlint extract`: one URL a line, or one JSON object a line.

The jsonl keys are a public contract (README, "Output"): path, line, column, end_line,
end_column, url, alt, wrapper, message, flags. `message` is null for plain text, and for
mail and news an object: index, line, message_id, date, from, part, content_type, source,
header (mail/message.py, MessageInfo).
"""

from __future__ import annotations

from ..grammar.login import mask_password
from ..model import Candidate, Flag
from .safe import json_line, masked_values, printable, shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..mail.message import MessageInfo
    from ..problems import Problem

FLAG_ORDER = {flag: index for index, flag in enumerate(Flag)}


def url_shown(url: str | None, show_passwords: bool, rest: str = "") -> str | None:
    """The URL as it may be shown: password masked unless the user asked to see it (`rest`:
    the next line's word that may finish its login, Candidate.login_rest_text)."""
    if url is None or show_passwords:
        return url
    return mask_password(url, rest)


def _read_on(candidate: Candidate) -> str:
    """What follows the `alt` reading where it is the URL's start (a hard-wrapped URL's
    first line): a password that runs on past its end is hidden in it too."""
    alt, url = candidate.alt or "", candidate.url
    return url[len(alt) :] if alt and url.startswith(alt) else ""


def text_line(candidate: Candidate, *, show_passwords: bool = False) -> str:
    return printable(url_shown(candidate.url, show_passwords, candidate.login_rest_text) or "")


def positioned_line(path: str, candidate: Candidate, *, show_passwords: bool = False) -> str:
    url = printable(url_shown(candidate.url, show_passwords, candidate.login_rest_text) or "")
    return f"{shown(path)}:{candidate.line}:{candidate.column}: {url}"


def jsonl_record(
    path: str,
    candidate: Candidate,
    message: MessageInfo | None = None,
    *,
    show_passwords: bool = False,
) -> dict:
    return {
        "path": mask_password(path),
        "line": candidate.line,
        "column": candidate.column,
        "end_line": candidate.end_line,
        "end_column": candidate.end_column,
        "url": url_shown(candidate.url, show_passwords, candidate.login_rest_text),
        "alt": url_shown(candidate.alt, show_passwords, _read_on(candidate)),
        "wrapper": candidate.wrapper.value if candidate.wrapper else None,
        "message": masked_values(message.as_json()) if message is not None else None,
        "flags": [flag.value for flag in sorted(candidate.flags, key=FLAG_ORDER.__getitem__)],
    }


def jsonl_line(
    path: str,
    candidate: Candidate,
    message: MessageInfo | None = None,
    *,
    show_passwords: bool = False,
) -> str:
    return json_line(jsonl_record(path, candidate, message, show_passwords=show_passwords))


def problem_line(problem: Problem) -> str:
    """A note on stderr about a damaged message (read anyway) or an unreadable input."""
    message = problem.mail
    where = (
        f"{problem.path}:{problem.line}"
        if problem.line > 1 or message is not None
        else problem.path
    )
    if message is not None and message.index:
        who = (
            f" (message {message.index}"
            + (f" {message.message_id}" if message.message_id else "")
            + ")"
        )
    else:
        who = ""
    return "urlint: " + shown(f"{where}{who}: {problem.kind.label}: {problem.reason}")
