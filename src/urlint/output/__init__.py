"""Output formats: URLs and findings as text, JSON Lines, SARIF and the check formats, and
what makes any text safe to print (escaped control characters, masked passwords). Only
formatting: passwords are masked here at the latest, so no output can show one unless the
user asked for it."""
