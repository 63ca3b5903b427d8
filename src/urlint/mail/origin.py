"""Which message a URL or a problem is in: its place and its identity.

Which message a URL or a problem is in: its place in its container and its identity
(Message-ID, Date, From), read from its header only when an output asks for them."""

from __future__ import annotations

from .headers import header_fields, text_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.message import InMessage

    Identity = tuple[str | None, str | None, str | None]  # Message-ID, Date, From


_IDENTITY_FIELDS = ("Message-ID", "Date", "From")


class Envelope:
    """A message's identity: its index within its container, Message-ID, Date and From.

    It is read from its header only when a URL or a problem needs it. Sent to another process
    (a worker's findings, problems and URLs to the writer's), it goes as that identity,
    read where the header is: not the header (twice, lowered too, for each finding), to be
    read again in the writer's process, one envelope at a time. What else the header says
    is the worker's to read (the store's List-Id, crossposts)."""

    __slots__ = ("header", "_lowered", "index", "line", "_identity", "json_text", "_moved")

    def __init__(self, header: bytes, index: int, line: int, lowered: bytes | None = None) -> None:
        self.header = header
        self._lowered = lowered  # made when first asked for: most messages never need it
        self.index = index
        self.line = line
        self._identity: Identity | None = None
        # identity_json() masked, as jsonl writes it (output/extract.py's message_json): made
        # once a message, however many of its URLs are written. Without the message's
        # numbers: it holds where the writer moves them (`moved`).
        self.json_text: str | None = None
        # The last `moved` (lines, messages, envelope): a message's URLs and findings share
        # one moved envelope, and its identity's JSON is made once, as before it moved.
        self._moved: tuple[int, int, Envelope] | None = None

    @property
    def lowered(self) -> bytes:
        """The header in lower case (field names are case-insensitive, RFC 5322 1.2.2)."""
        if self._lowered is None:
            self._lowered = self.header.lower()
        return self._lowered

    def identity(self) -> Identity:
        """The message's Message-ID, Date and From as text, read from its header once."""
        if self._identity is None:
            found = [
                " ".join(text_of(value).split()) if value else None
                for value in header_fields(self.header, _IDENTITY_FIELDS, self._lowered)
            ]
            self._identity = (found[0], found[1], found[2])
        return self._identity

    @property
    def message_id(self) -> str | None:
        return self.identity()[0]

    def __reduce__(self) -> tuple:
        return _read_envelope, (self.index, self.line, self.identity(), self.json_text)

    def as_json(self) -> dict:
        """The first fields of the jsonl `message` object (MessageInfo.as_json)."""
        return {"index": self.index, "line": self.line} | self.identity_json()

    def identity_json(self) -> dict:
        """as_json's fields after the message's numbers."""
        message_id, date, sender = self.identity()
        return {"message_id": message_id, "date": date, "from": sender}

    def moved(self, lines: int, messages: int) -> Envelope:
        """This message's envelope, `messages` messages and `lines` lines further on.

        In its file (found in a run of an mbox counted from the run's start:
        run.work.TextExtent)."""
        last = self._moved
        if last is not None and last[0] == lines and last[1] == messages:
            return last[2]
        envelope = _read_envelope(
            self.index + messages, self.line + lines, self.identity(), self.json_text
        )
        self._moved = (lines, messages, envelope)
        return envelope


def moved_mail(mail: InMessage | None, lines: int, messages: int) -> InMessage | None:
    """`mail` (where there is one) `lines` lines and `messages` messages further on.

    What a URL, a finding or a problem of a run of an mbox counted from its own start is in."""
    return None if mail is None else mail.moved(lines, messages)


def info_of(mail: InMessage) -> MessageInfo:
    """`mail` as the reader made it: a MessageInfo.

    `mail` as the reader made it: the records below the mail layer hold a message by its
    shape (core.message.InMessage), and every one they hold is a MessageInfo."""
    if not isinstance(mail, MessageInfo):
        raise TypeError(f"not a MessageInfo: {type(mail).__name__}")
    return mail


def _read_envelope(index: int, line: int, identity: Identity, json_text: str | None) -> Envelope:
    """An envelope sent from another process (Envelope.__reduce__): its identity, no header."""
    envelope = Envelope(b"", index, line, b"")
    envelope._identity = identity
    envelope.json_text = json_text
    return envelope


class MessageInfo:
    """Where in a mail or news container a URL was found (the jsonl `message` object).

    The message's identity is read from its header only when asked for: plain `extract`
    output never asks."""

    __slots__ = ("envelope", "part", "content_type", "source", "header", "json_text")

    def __init__(
        self,
        envelope: Envelope,
        part: str,
        content_type: str,
        source: str,
        header: str | None = None,
    ) -> None:
        self.envelope = envelope
        self.part = part  # MIME part number, IMAP style ("1", "2.1"); "" for the message
        self.content_type = content_type  # of that part ("" for a header)
        # "header", "text", "html-text", "html-" + an attribute (html.Attribute.name), "message"
        self.source = source
        self.header = header  # the field, for a header URL
        # as_json()'s fields after the message's numbers, masked, as jsonl writes them
        # (output/extract.py's message_json), made once
        self.json_text: str | None = None

    def __reduce__(self) -> tuple:
        # Pickled by its fields (a worker's results go to the writer's process): compiled
        # (setup.py), the class has no __new__ that pickle's default can call bare.
        return _read_info, (
            self.envelope,
            self.part,
            self.content_type,
            self.source,
            self.header,
            self.json_text,
        )

    @property
    def index(self) -> int:
        return self.envelope.index  # 1-based, within its file (or archive member)

    @property
    def line(self) -> int:
        return self.envelope.line  # the file line where the message starts

    @property
    def message_id(self) -> str | None:
        return self.envelope.identity()[0]

    @property
    def date(self) -> str | None:
        return self.envelope.identity()[1]

    @property
    def sender(self) -> str | None:
        return self.envelope.identity()[2]  # the From field, decoded

    def as_json(self) -> dict:
        """The jsonl `message` object: the message's numbers and identity, then its place."""
        return self.envelope.as_json() | self.place_json()

    def moved(self, lines: int, messages: int) -> MessageInfo:
        """Where this is, its message `messages` messages and `lines` lines further on."""
        moved = MessageInfo(
            self.envelope.moved(lines, messages),
            self.part,
            self.content_type,
            self.source,
            self.header,
        )
        moved.json_text = self.json_text  # (no numbers in it)
        return moved

    def place_json(self) -> dict:
        """The fields of the jsonl `message` object after the message's identity."""
        return {
            "part": self.part,
            "content_type": self.content_type,
            "source": self.source,
            "header": self.header,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MessageInfo) and self.as_json() == other.as_json()

    def __hash__(self) -> int:
        return hash((self.index, self.line, self.part, self.source, self.header))

    def __repr__(self) -> str:
        return f"MessageInfo({self.as_json()!r})"


def _read_info(
    envelope: Envelope,
    part: str,
    content_type: str,
    source: str,
    header: str | None,
    json_text: str | None,
) -> MessageInfo:
    """A MessageInfo sent from another process (MessageInfo.__reduce__)."""
    info = MessageInfo(envelope, part, content_type, source, header)
    info.json_text = json_text
    return info


def seen_article(envelope: Envelope, articles: set[str]) -> bool:
    """Is this a news article already read under another group's directory?

    (INN's tradspool keeps a crossposted article once per group, a file each)? `articles`
    holds the Message-IDs of those read so far, and gains this one."""
    if b"newsgroups:" not in envelope.lowered:
        return False
    message_id = envelope.message_id
    if not message_id:
        return False
    if message_id in articles:
        return True
    articles.add(message_id)
    return False
