"""Rule options of Mah-Jongg for Kards (the rulings' "settings" and the claim window's timer)."""

from __future__ import annotations

from game.core.protocol import Option

OPTIONS: tuple[Option, ...] = (
    Option("game_length", "Game", "choice", "regular",
           choices=(("regular", "Regular: the dealer seat goes round once"),
                    ("extended", "Extended: 16 rounds, the round wind moves")),
           ruling="KRD-26/KRD-27",
           help="A regular game ends when the dealer seat would go to a player who has held it already. "
                "The extended game then moves the round wind on, East to South to West to North."),
    Option("round_wind_order", "Round wind order (extended game)", "choice", "ESWN",
           choices=(("ESWN", "East, South, West, North"), ("ENWS", "East, North, West, South")),
           ruling="KRD-26",
           help="How the round wind moves on in the extended game: in play order, or the other way round "
                "as the printed rules literally say."),
    Option("claim_seconds", "Time to claim a discard", "choice", 20,
           choices=((None, "No timer"), (10, "10 seconds"), (20, "20 seconds"), (30, "30 seconds"),
                    (60, "60 seconds")),
           ruling="KRD-1",
           help="Everyone who is asked answers claim or pass; when the time runs out the silent ones pass."),
    Option("skip_claims", "Don't ask a player who can only pass", "bool", True,
           help="With one human against computer players, the table skips the claim question when "
                "that player has nothing to claim."),
    Option("rotation", "Seat rotation", "choice", "literal",
           choices=(("literal", "Every seat wind moves on (old North deals)"),
                    ("standard", "The next player deals (old South deals)")),
           ruling="KRD-25",
           help="What happens to the seats when someone other than the dealer wins."),
    Option("honour_pung_melded", "Melded pung of honours", "choice", 5,
           choices=((5, "5 points (as printed)"), (4, "4 points (half the concealed value)")),
           ruling="KRD-8"),
    Option("strict", "Strict table", "bool", False, ruling="KRD-29",
           help="Players declare freely and the table checks afterwards: a false claim costs 2 points and "
                "the card is out; a false Mah-Jongg or standing hand costs 300 and the round is played again. "
                "Off: the table only offers declarations that are right."),
    Option("mahjong_any_seat", "Any player may claim a discard for Mah-Jongg", "bool", True,
           ruling="KRD-30",
           help="Off: a Mah-Jongg that the discard completes as a chow is only for the next player."),
)
