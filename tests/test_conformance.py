"""Runs the shared conformance suite (tests/conformance.py) for every built game."""

from tests.conformance import *  # noqa: F401,F403  (pytest collects the imported test functions)
