"""The rule options of Mint Tin Mahjong (protocol.Option schema) and their resolution."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Option, resolve_options

JOKER_CHOICES = (
    ("all", "All four: two dealt, two shuffled in"),
    ("dealt", "Two double-sided ones, dealt"),
    ("shuffled", "Two backed ones, shuffled in"),
    ("none", "No jokers"),
)

# How each joker choice sets up a two-player round: (jokers dealt to each player, jokers shuffled in).
JOKER_SETUP = {"all": (1, 2), "dealt": (1, 0), "shuffled": (0, 2), "none": (0, 0)}

OPTIONS: tuple[Option, ...] = (
    Option("mode", "Players", "choice", "2p",
           choices=(("2p", "Two players"), ("solo", "Solo against the tin")),
           help="Solo uses one seat; the tin's virtual opponent is played by the rules themselves."),
    Option("target", "Game to", "choice", 7, choices=((7, "7 points"), (14, "14 points (a double game)")),
           help="The first to reach this many points wins. An Epic hand wins at once."),
    Option("jokers", "Jokers (two players)", "choice", "all", choices=JOKER_CHOICES,
           help="The two double-sided jokers are dealt, one to each player (who then gets 12 cards and the "
                "joker, otherwise 13); the two backed ones are shuffled into the deck. Solo always uses two."),
    Option("pass_cards", "Optional pass (two players)", "bool", False,
           help="Before play the non-dealer offers 0-3 cards, the dealer answers 0-3, "
                "and both pass the smaller number."),
    Option("strict", "Strict table", "bool", False,
           help="Declare Mahjong and Double freely; a miscall stops the round and the opponent scores 2. "
                "Off: the table only offers valid declarations."),
    Option("consecutive", "Number sets", "choice", "strict",
           choices=(("strict", "One unbroken run"),
                    ("loose", "Any that include a run of three")),
           ruling="MTM-2",
           help="One unbroken run: the numbers of your blocks form one consecutive, wrapping run of three or "
                "more. The looser reading only asks that they include such a run of three."),
    Option("dead_hand", "Dead hand size (solo)", "int", 12, lo=0, hi=12,
           help="Cards dealt to the virtual opponent's unused dead hand. Fewer leaves a longer deck."),
    Option("joker_block", "Joker block (solo)", "bool", False, ruling="MTM-19",
           help="You may put a joker in the discard row (no point): cards before it can no longer "
                "be used for the opponent's exposures."),
    Option("auto_pass", "Skip impossible calls (solo)", "bool", True,
           help="When you cannot call the card on the hold spot, it goes to the row without asking you."),
)

OPTION_KEYS = tuple(o.key for o in OPTIONS)


def resolve(options: Mapping[str, Any] | None, seats: int) -> dict[str, Any]:
    """Checked options with defaults.  One seat is always solo; solo with two seats is an error."""
    given = dict(options or {})
    if seats == 1:
        given["mode"] = "solo"
    opts = resolve_options(OPTIONS, given)
    if opts["mode"] == "solo" and seats != 1:
        raise ValueError(f"Mint Tin Mahjong in solo mode needs 1 seat, not {seats}")
    return opts
