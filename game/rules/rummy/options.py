"""Rule options for Mahjong Rummy (the rulings list no "setting" for this game; these are the issue's)."""

from __future__ import annotations

from game.core.protocol import Option

ROUNDS = Option(
    "rounds", "Rounds", "choice", 4,
    choices=((4, "4 rounds"), (8, "8 rounds"), (12, "12 rounds"), (16, "16 rounds")),
    help="Always a multiple of four, so every wind leads the same number of rounds.")

TURN_TIMER = Option(
    "turn_timer", "Turn timer", "int", 0, lo=0, hi=600,
    choices=((0, "No timer"), (30, "30 seconds"), (60, "1 minute"), (90, "90 seconds"), (120, "2 minutes"),
             (180, "3 minutes"), (300, "5 minutes"), (600, "10 minutes")),
    help="How long a player has for a turn. When the time runs out the table goes back to how it was and the player "
         "draws a tile (or passes when the pool is empty).")

OPTIONS = (ROUNDS, TURN_TIMER)
