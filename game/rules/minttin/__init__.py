"""Mint Tin Mahjong (game id "minttin"): a 54-card game for two players or solo.

    RULES                     the protocol.GameRules object
    analysis.analyse/waits    the self-explaining hand analysis (bots, UI, calculator)
    calculator.main           the scoring calculator (python -m game score minttin)

Modules: cards, options, patterns, categories, scoring, analysis (hand checks), actions, state,
deal, turns (shared turn pieces), flow2p (two players), solo + automaton (the virtual
opponent), outcome (round ends), views, goals, rules, calculator.
"""

from .rules import RULES, MintTinRules

__all__ = ["RULES", "MintTinRules"]
