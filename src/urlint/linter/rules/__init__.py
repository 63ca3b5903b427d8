"""The rules, their catalogue, and the engine that runs them over a URL.

One small function each, grouped in families (characters, reserved, syntax, security, text,
meta)."""
