"""Bots for the worker-pool tests. They live in a module of their own because the worker process
imports a bot's class by name."""

from __future__ import annotations

import os
import time


class FirstLegal:
    """Draws from its rng (so the rng's state must come back) and plays legal[0]."""

    def choose(self, view, legal, rng):
        rng.random()
        return legal[0]


class Raises:
    def choose(self, view, legal, rng):
        raise ValueError("this bot is broken on purpose")


class DiesInWorker:
    """Ends its process abruptly, as a crash would, unless it runs in the process that built it."""

    def __init__(self):
        self.home = os.getpid()

    def choose(self, view, legal, rng):
        if os.getpid() != self.home:
            os._exit(3)
        return legal[-1]


class Sleeps:
    """Thinks for ever (until its worker is stopped)."""

    def choose(self, view, legal, rng):
        while True:
            time.sleep(1)
