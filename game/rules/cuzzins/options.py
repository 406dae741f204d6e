"""Rule options for Cuzzins' Mahjongg. The three asterisked rules are settings, on by default (CUZ-14)."""

from __future__ import annotations

from game.core.protocol import Option

HANDS = Option("hands", "Hands in a game", "choice", 4,
               choices=((1, "1 hand"), (4, "4 hands"), (8, "8 hands"), (16, "16 hands")),
               help="The game ends after this many hands (a drawn hand counts); the most cents wins.")

CLAIM_SECONDS = Option("claim_seconds", "Time to answer a claim", "choice", 20,
                       choices=((None, "No timer"), (10, "10 seconds"), (20, "20 seconds"), (30, "30 seconds"),
                                (60, "60 seconds")),
                       help="How long every player has to claim a discard; silence is a pass.")

SKIP_CLAIMS = Option("skip_claims", "Don't ask me when I can only pass", "bool", True,
                     help="With one person against the computer, the table answers 'pass' for you when "
                          "you could not claim the discard anyway.")

ONES_NINES = Option("ones_nines", "Three ones or nines score 6", "bool", True, ruling="CUZ-8",
                    help="A three (or four) of ones or nines scores 6 instead of 3.")

LOOSE_TILE_BONUS = Option("loose_tile_bonus", "Loose-tile win bonus", "bool", True, ruling="CUZ-14",
                          help="50 points for winning on the loose tile drawn after a kong.")

THROWER_PAYS_DOUBLE = Option("thrower_pays_double", "The thrower pays double", "bool", True, ruling="CUZ-13",
                             help="When the winning tile was a claimed discard, its thrower pays twice.")

STRICT = Option("strict", "Strict table (dead hands)", "bool", False, ruling="CUZ-21",
                help="Players call Mahjongg for themselves. A call on a hand that is not complete makes it dead: "
                     "its owner keeps drawing and discarding but can't claim, win or be paid for kongs or "
                     "secrets, and still pays the winner.")

OPTIONS = (HANDS, CLAIM_SECONDS, SKIP_CLAIMS, ONES_NINES, LOOSE_TILE_BONUS, THROWER_PAYS_DOUBLE, STRICT)
