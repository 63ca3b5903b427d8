"""RFC 1738's grammar, the one reader of the login, and text as a terminal may show it.

Section 5 as pattern pieces (`abnf`), a URL's components and each scheme's reader
(`components`), the component reader (`parse`), the one reader of the login (`login`) and
a mailto URL's addresses (`addresses`: RFC 822's, RFC 6068's).
The scheme table that ties them together is `urlint.grammar.schemes`; and input text as a
terminal may show it (`display`: escaped, its passwords masked), which the linter's diff and
the outputs share."""
