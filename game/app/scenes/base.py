"""Scenes and the scene stack.

A scene is one screen (menu, setup, table, curtain, dialog ...). Only the top scene gets
input and updates (the ones under it get `update_covered`, for clocks that must keep running);
drawing starts at the topmost *opaque* scene, so a scene that covers the screen (the handoff
curtain above all) guarantees nothing below it is drawn at all.
push/pop/replace are queued and applied between frames, so a scene can change the stack
from inside its own handle/update without pulling the floor from under itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from game.app.canvas import Canvas
    from game.app.input import Intent


class Scene:
    opaque = True          # False: a dialog or overlay; the scenes below stay visible under it
    title = ""

    def __init__(self, app: Any):
        self.app = app

    # life cycle ------------------------------------------------------------------
    def enter(self) -> None:
        """Put on the stack (first time)."""

    def exit(self) -> None:
        """Taken off the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""

    # per frame ------------------------------------------------------------------
    def handle(self, intent: "Intent") -> bool:
        """Return True when the intent was used (the app then stops looking at it)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def update_covered(self, dt: float) -> None:
        """Each frame while another scene is on top of this one (a table's timers run under a curtain)."""

    def draw(self, canvas: "Canvas") -> None:
        pass

    # helpers ----------------------------------------------------------------------
    @property
    def stack(self) -> "SceneStack":
        return self.app.stack

    def close(self) -> None:
        """Leave this scene (pop it if it is on the stack)."""
        self.stack.remove(self)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[tuple[str, Any]] = []

    # queued changes ------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        self._pending.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to one scene (e.g. back to the menu)."""
        self._pending.append(("reset", scene))

    def remove(self, scene: Scene) -> None:
        """Take a given scene (and anything above it) off the stack."""
        self._pending.append(("remove", scene))

    def after(self, fn: Callable[[], None]) -> None:
        """Run a callback between frames, after the changes queued before it."""
        self._pending.append(("call", fn))

    def drop_pending(self) -> None:
        """Forget queued changes (after an error, the app resets to an error screen instead)."""
        self._pending.clear()

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def apply(self) -> None:
        """Apply queued changes in order (called by the app between frames)."""
        while self._pending:
            op, arg = self._pending.pop(0)
            if op == "push":
                if self.scenes:
                    self.scenes[-1].pause()
                self.scenes.append(arg)
                arg.enter()
            elif op == "pop":
                if self.scenes:
                    self.scenes.pop().exit()
                    if self.scenes:
                        self.scenes[-1].resume()
            elif op == "replace":
                if self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(arg)
                arg.enter()
            elif op == "reset":
                while self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(arg)
                arg.enter()
            elif op == "remove":
                if arg in self.scenes:
                    while self.scenes:
                        gone = self.scenes.pop()
                        gone.exit()
                        if gone is arg:
                            break
                    if self.scenes:
                        self.scenes[-1].resume()
            elif op == "call":
                arg()

    # the frame -----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def find(self, cls: type) -> Scene | None:
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def handle(self, intent: "Intent") -> bool:
        top = self.top
        return bool(top and top.handle(intent))

    def update(self, dt: float) -> None:
        for scene in self.scenes[:-1]:
            scene.update_covered(dt)
        if self.top is not None:
            self.top.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes that get drawn: the topmost opaque one and everything above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, canvas: "Canvas") -> None:
        canvas.clear()
        for scene in self.visible():
            scene.draw(canvas)
