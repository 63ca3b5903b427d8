"""The scanner layer: text in, URL candidates out (RFC 1738 appendix). No I/O.

Its modules, top to bottom (each imports only from those below it; pyproject.toml's import
contract checks it): scanner; other; literals and tex; bare_url; joins; continuation and
html_links; going_on, login_runs_on and markup; line_breaks; wrappers; bare; code,
markup_lines and templates; body, furniture, labels, near, positions, regexes, syntax and
textpos."""
