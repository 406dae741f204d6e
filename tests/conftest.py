"""Settings for every test."""
from hypothesis import settings

# Speed is measured in tools/bench.py, never in tests: on a busy shared machine hypothesis's
# per-example deadline (200 ms) fails tests that are right (seen: an action's text round trip at
# 607 ms under load), so no example has a deadline.
settings.register_profile("parlour", deadline=None)
settings.load_profile("parlour")
