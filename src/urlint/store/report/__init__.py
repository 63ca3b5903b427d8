"""The report on a results store, for people and for scripts (`urlint report`).

The command's arguments and run are commands/report.py; here:

- `filters`: what --since, --until, --folder, --domain and --scheme select;
- `queries`: the questions to the store, in SQL that reads its indexes where they answer;
- `census`: each distinct URL, when first and last seen, and where;
- `summary`: the store in a screenful of text;
- `tables`: the tables, as CSV, JSON and JSON Lines;
- `page`: one self-contained HTML page, with Chart.js (vendor/) and page.js and page.css
  inlined.

Nothing here is imported on the pre-commit path (`urlint check`), and nothing here writes
to a store.
"""
