"""Reporters: findings and URLs to text. Only formatting; passwords are masked here at the
latest, so no output can show one unless the user asked for it."""
