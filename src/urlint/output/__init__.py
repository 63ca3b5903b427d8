"""Output formats, and what makes any text safe to print.

URLs and findings as text, JSON Lines, SARIF, GitLab Code Quality, JUnit XML and the check
formats; whether a report is coloured (`colour`); text made safe to print with its control
characters escaped and its passwords masked. Only formatting: passwords are masked here at
the latest, so no output can show one unless the user asked for it."""
