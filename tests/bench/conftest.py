"""The benchmarks are run by hand (``python3 tests/bench/run.py``), never by pytest:
they take minutes and print figures instead of asserting them."""

collect_ignore_glob = ["*"]
