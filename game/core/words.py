"""Small helpers for the sentences the games write about players."""

from __future__ import annotations

_PLAIN = {"goes": "go", "has": "have", "does": "do", "is": "are"}


def plain_form(verb: str) -> str:
    """The verb after "You", from its he/she form: wins -> win, finishes -> finish, has -> have (a
    past form such as "went" stays)."""
    if verb in _PLAIN:
        return _PLAIN[verb]
    if verb.endswith(("shes", "ches", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def says(name: str, verb: str) -> str:
    """'Ana wins' but 'You win': the name with its verb (given in the he/she form) agreeing."""
    return f"{name} {plain_form(verb) if name == 'You' else verb}"


def whose(name: str) -> str:
    """'Ana's' but 'Your': the name as an owner."""
    return "Your" if name == "You" else f"{name}'s"


def whom(name: str) -> str:
    """'Ana' but 'you': the name as the object of a verb ('Ana pays you')."""
    return "you" if name == "You" else name
