"""The values every layer shares.

Positions and URL candidates, findings, problems, the `@record` value class, the units of
work, counts, exit statuses and faults.

Pure values and the few functions on them; imports nothing of urlint's but `_runtime`.
"""
