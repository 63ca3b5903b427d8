"""`urlint server`: the language server (pygls), imported only by that command."""
