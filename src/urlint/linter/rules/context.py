"""What a rule function sees (a UrlUnderCheck) and what it returns (Hits)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ...core.findings import Edit
from ...core.model import Candidate, Span
from ...core.records import record
from ...grammar.components import ParsedURL


@record
class RuleOptions:
    """The configuration rules read (README, "Configuration")."""

    known_schemes: frozenset[str] = frozenset()  # schemes not to report as unknown (S403)
    # Ports not to report (P503, P504): host (lower case) -> ports; "*" for every host.
    allowed_ports: Mapping[str, frozenset[int]] = MappingProxyType({})

    def port_allowed(self, host: str, port: int) -> bool:
        """Whether `port` is allowed on `host` (any case), or on every host ("*")."""
        ports = self.allowed_ports
        return port in ports.get(host.lower(), ()) or port in ports.get("*", ())


class UrlUnderCheck:
    """One candidate as the rules see it: the candidate, its parsed URL, the options."""

    __slots__ = ("candidate", "parsed", "options", "secrets")

    def __init__(
        self,
        candidate: Candidate,
        parsed: ParsedURL,
        options: RuleOptions,
        secrets: list[tuple[int, int]],
    ) -> None:
        self.candidate = candidate
        self.parsed = parsed
        self.options = options
        self.secrets = secrets  # what may be a password, on any reading (grammar.login)

    @property
    def url(self) -> str:
        return self.candidate.url

    def in_password(self, offset: int) -> bool:
        """Whether the URL's character at `offset` may be part of a password, on any reading."""
        return any(start <= offset < end for start, end in self.secrets)


@record
class Hit:
    """One fault a rule found in the URL.

    Its offsets [start, end), a message, and a safe fix if there is one (`replacement` for
    url[start:end], `fix_description` saying so)."""

    start: int
    end: int
    message: str
    replacement: str | None = None
    fix_description: str | None = None


@record
class TextHit:
    """One fault a rule found in the text around the URL (an X rule).

    A raw span of the source, a message, and a safe fix if there is one (raw `edits`,
    `fix_description` saying what they do)."""

    span: Span
    message: str
    edits: tuple[Edit, ...] = ()
    fix_description: str | None = None
