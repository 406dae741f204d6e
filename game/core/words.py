"""Small helpers for the sentences the games write about players."""

from __future__ import annotations

_PLAIN = {"goes": "go", "has": "have", "does": "do", "is": "are"}


def says(name: str, verb: str) -> str:
    """'Ana wins' but 'You win': the name with its verb (given in the he/she form) agreeing."""
    if name != "You":
        return f"{name} {verb}"
    plain = _PLAIN.get(verb) or (verb[:-1] if verb.endswith("s") else verb)
    return f"{name} {plain}"
