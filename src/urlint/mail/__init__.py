"""Mail and news: from a container's bytes to the texts and URLs of its messages.

Mail and news: mbox framing, MIME, header and transfer decoding, HTML text, a message's
identity, and which of a message's URLs are reported. Reads bytes sources hand it; knows
nothing of runs, outputs or the linter."""
