"""Rule options of Martian Mah Jongg (the rulings' settings and the claim-window conventions)."""

from __future__ import annotations

from game.core.protocol import Option

DIRECTION = Option(
    "direction", "Directions", "choice", "literal",
    choices=(("literal", "As written"), ("traditional", "Traditional")),
    help="As written: equal calls go to East first and then against the turn order, and East passes "
         "to the player who plays just before East. Traditional: the caller nearest after the "
         "discarder wins, and East passes to the next player.",
    ruling="MMJ-15")

ROUNDS = Option(
    "rounds", "Rounds", "int", 1, lo=1, hi=4,
    help="A round ends when East has passed all the way round the table.", ruling="MMJ-27")

SPECIAL_HANDS = Option(
    "special_hands", "Special hands (Golden Rooster)", "bool", True,
    help="Going out on a small yellow adds 100 points before doubles.", ruling="MMJ-23")

CLAIM_SECONDS = Option(
    "claim_seconds", "Time to answer a discard", "choice", None,
    choices=((None, "No timer"), (5, "5 seconds"), (10, "10 seconds"), (20, "20 seconds"), (30, "30 seconds")),
    help="When the time runs out, a player who has not answered passes.")

SKIP_CLAIMS = Option(
    "skip_claims", "Skip the claim window when you can't claim", "bool", True,
    help="With one human among computer players, a discard you can't use does not wait for you.")

STRICT = Option(
    "strict", "Strict table", "bool", False,
    help="You may try to discard an opaque; if you do, you play the rest of the hand with your screen open, "
         "your piles score as exposed and you get no bonus for a full set of opaques.", ruling="MMJ-26")

OPTIONS = (DIRECTION, ROUNDS, SPECIAL_HANDS, CLAIM_SECONDS, SKIP_CLAIMS, STRICT)
