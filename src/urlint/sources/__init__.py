"""Sources: every input's I/O and decoding, below the mail readers.

Which files to read (`files`: the paths named and the directory walk, which asks `selection`;
a `--files-from` list is `listed`'s), how each is opened (`opening`), their text in decoded
chunks (`text`), what a file or stream is (`kinds`, after a first look that leaves the stream
whole: `streams`), compressed streams and archives read within the bomb limits (`archives`),
and the streams an input holds opened as found, each handed to its reader (`nested`;
mail/reader.py reads the mail kinds). A large text or archive is cut into units of work
by `ranges` and `members`.

Nothing is imported here: a pre-commit run over a few text files loads `files`, `opening`,
`text`, `streams` and `kinds`, never the archive readers (nor tarfile, zipfile, gzip or lzma).
"""
