"""Optional collaborators, loaded defensively: the sprite atlas, sound and the tweener.

Each comes from another module of the app that may be missing or broken while the game is
being built; the app then runs with a small stand-in and says what is missing, instead of
crashing at start-up.
"""

from __future__ import annotations

from typing import Any


class NullSound:
    """Silent stand-in with the Sound API."""

    def __init__(self, volume: float = 0.0):
        self.volume = volume

    def play(self, name: str, *args: Any, **kwargs: Any) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        self.volume = volume


def make_sound(volume: float) -> Any:
    try:
        from game.app.sound import Sound
        return Sound(volume)
    except Exception:           # no module yet, no audio device, a broken mixer: stay silent
        return NullSound(volume)


def set_volume(sound: Any, volume: float) -> Any:
    """Change the volume of a Sound; returns the sound to use from now on."""
    if hasattr(sound, "set_volume"):
        try:
            sound.set_volume(volume)
            return sound
        except Exception:
            pass
    if hasattr(sound, "volume"):
        try:
            sound.volume = volume
            return sound
        except Exception:
            pass
    return make_sound(volume)


def load_atlas(atlas_dir) -> tuple[Any, str | None]:
    """(atlas, None) or (None, a sentence for the player saying what is missing)."""
    try:
        from game.app import atlas as atlas_mod
    except ImportError as e:
        return None, f"The picture loader is missing ({e})."
    try:
        return atlas_mod.Atlas.load(atlas_dir), None
    except Exception as e:      # AtlasError and friends: files missing or unreadable
        return None, f"The pictures could not be loaded: {e}"


class NullTweener:
    """Stand-in with the Tweener API the table scenes use (update/skip, busy)."""

    busy = False

    def update(self, dt: float) -> None:
        pass

    def skip(self) -> None:
        pass


def make_tweener() -> Any:
    try:
        from game.app.anim.tween import Tweener
        return Tweener()
    except Exception:
        return NullTweener()
