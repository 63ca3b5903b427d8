"""A small pipermail archive, written for the tests in the shape Mailman 2's archiver writes.

Two months of a list (`2010-March.txt`, `2010-April.txt`): every address obscured `user at
host` (From_ lines, From: fields, Message-IDs and bodies alike), a message without a sender
as pipermail writes one, the list's footer, a signature's `Tel:` label, and URLs some
spelt two ways. Made up for the tests: no real archive's text.
"""

from __future__ import annotations

from pathlib import Path

MARCH = """\
From quozl at laptop.org  Tue Mar  2 01:02:03 2010
From: quozl at laptop.org (James Cameron)
Date: Tue, 2 Mar 2010 12:02:03 +1100
Subject: [Devel] builds moved
Message-ID: <20100302010203.GA1 at laptop.org>

The builds are at http://build.example.org/devel/ now; write to me at
mailto:quozl at laptop.org or to <mailto:esr at thyrsus.com> if they break.

--
James Cameron
Tel:+1(541)382-8588

_______________________________________________
Devel mailing list
Devel at lists.example.org
http://lists.example.org/listinfo/devel

From esr at thyrsus.com  Wed Mar  3 01:02:03 2010
From: esr at thyrsus.com (Eric S. Raymond)
Date: Wed, 3 Mar 2010 12:02:03 +1100
Subject: [Devel] builds moved
In-Reply-To: <20100302010203.GA1 at laptop.org>
Message-ID: <20100303010203.GA2 at thyrsus.com>

See HTTP://Build.Example.org/devel/ (the same place), or call <tel:+15413828588>.
Unsubscribe: mailto:devel-request at lists.example.org?subject=unsubscribe

_______________________________________________
Devel mailing list
Devel at lists.example.org
http://lists.example.org/listinfo/devel

"""

APRIL = """\
From bogus@does.not.exist.com  Thu Apr  1 09:00:00 2010
From: bogus@does.not.exist.com ()
Date: Thu, 01 Apr 2010 09:00:00 -0000
Subject: No subject
Message-ID: <mailman.1.1270112400.1234.devel at lists.example.org>

An HTML part, scrubbed: <a href="mailto:quozl at laptop.org">James</a>
and http://build.example.org/devel/

From quozl at laptop.org  Fri Apr  2 01:02:03 2010
From: quozl at laptop.org (James Cameron)
Date: Fri, 2 Apr 2010 12:02:03 +1100
Subject: [Devel] a port
Message-ID: <20100402010203.GA3 at laptop.org>

Try http://build.example.org:8080/devel/ while the other is down.
Fax:+1(541)382-8589

_______________________________________________
Devel mailing list
Devel at lists.example.org
http://lists.example.org/listinfo/devel

"""


def write_archive(folder: Path) -> Path:
    """The two months written into `folder/devel/`; that folder."""
    archive = folder / "devel"
    archive.mkdir(parents=True)
    (archive / "2010-March.txt").write_text(MARCH, encoding="ascii")
    (archive / "2010-April.txt").write_text(APRIL, encoding="ascii")
    return archive
