"""`make bench`: measured performance of the store, the fold, state reads and the HTTP API (DESIGN §11).

Run `python -m tests.bench` (`--quick` for a smoke run, `--postgres` to add the store rows on a
throw-away PostgreSQL, `--profile` to print where the append and HTTP time goes). It prints one
machine line and one markdown table; every number comes from this one run on this machine.
"""
