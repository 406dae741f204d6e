"""Sound effects: ``Sound(volume).play("tile_click")``.

The mixer starts lazily on the first ``play``.  Without an audio device (or with a
broken driver) everything stays silent and nothing raises; a missing or unreadable
sound file is silent too, with one logged warning per name.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"

#: every effect shipped in assets/sounds/<name>.wav (built by tools/build_sounds.py)
SOUND_NAMES = ("tile_click", "card_slide", "card_flip", "dice_rattle", "call", "win", "button")


class Sound:
    def __init__(self, volume: float = 0.8, sounds_dir: Path | str | None = None,
                 enabled: bool = True) -> None:
        self.volume = _clamp(volume)
        self.dir = Path(sounds_dir) if sounds_dir is not None else SOUNDS_DIR
        self._wanted = enabled
        self._state = "new"          # new / ready / off
        self._sounds: dict[str, Any] = {}
        self._warned: set[str] = set()
        self._we_started_mixer = False

    # -- public -----------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """True once the mixer is running (starts it if it has not been tried yet)."""
        return self._ensure()

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect (``volume`` scales the master volume for this one call)."""
        if self.volume <= 0.0 or volume <= 0.0 or not self._ensure():
            return
        snd = self._load(name)
        if snd is None:
            return
        try:
            ch = snd.play()
            if ch is not None:
                ch.set_volume(_clamp(self.volume * volume))
        except Exception as e:  # a mixer that dies mid-game must not take the game down
            self._off(f"play failed: {e}")

    def set_volume(self, v: float) -> None:
        self.volume = _clamp(v)

    def preload(self, names=SOUND_NAMES) -> None:
        if self._ensure():
            for n in names:
                self._load(n)

    def stop(self) -> None:
        if self._state == "ready":
            try:
                import pygame
                pygame.mixer.stop()
            except Exception:
                pass

    def close(self) -> None:
        """Release the mixer if we started it."""
        self._sounds.clear()
        if self._state == "ready" and self._we_started_mixer:
            try:
                import pygame
                pygame.mixer.quit()
            except Exception:
                pass
        self._state = "off"

    # -- internals --------------------------------------------------------------------
    def _ensure(self) -> bool:
        if self._state == "ready":
            return True
        if self._state == "off" or not self._wanted:
            return False
        try:
            import pygame
            if not pygame.mixer.get_init():
                try:
                    pygame.mixer.pre_init(22050, -16, 2, 512)
                except Exception:
                    pass
                pygame.mixer.init()
                self._we_started_mixer = True
            if not pygame.mixer.get_init():
                raise RuntimeError("mixer did not start")
            pygame.mixer.set_num_channels(16)
        except Exception as e:
            self._off(f"no audio ({e}); running silent")
            return False
        self._state = "ready"
        return True

    def _off(self, why: str) -> None:
        if self._state != "off":
            log.info("sound: %s", why)
        self._state = "off"
        self._sounds.clear()

    def _load(self, name: str) -> Any | None:
        if name in self._sounds:
            return self._sounds[name]
        path = self.dir / f"{name}.wav"
        snd = None
        try:
            import pygame
            snd = pygame.mixer.Sound(str(path))
        except FileNotFoundError:
            self._warn(name, f"sound file missing: {path}")
        except Exception as e:
            if not path.exists():
                self._warn(name, f"sound file missing: {path}")
            else:
                self._warn(name, f"cannot load {path}: {e}")
        self._sounds[name] = snd
        return snd

    def _warn(self, name: str, msg: str) -> None:
        if name not in self._warned:
            self._warned.add(name)
            log.warning("sound: %s", msg)


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if v != v or v < 0.0 else 1.0 if v > 1.0 else v
