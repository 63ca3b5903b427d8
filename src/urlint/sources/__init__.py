"""Sources: every input's I/O and decoding. Which files to read and how each is opened
(`files`), their text in decoded chunks (`text`), what a file or stream is (`kinds`, after a
first look that leaves the stream whole: `streams`), compressed streams and archives read
within the bomb limits (`archives`), and the streams an input holds opened as found, each
handed to its reader (`nested`; mail/reader.py reads the mail kinds).

Nothing is imported here: a pre-commit run over a few text files loads `files`, `text`,
`streams` and `kinds`, never the archive readers (nor tarfile, zipfile, gzip or lzma).
"""
