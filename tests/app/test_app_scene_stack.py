"""The scene stack applies push/pop/replace between frames and draws from the top opaque scene."""

from game.app.scenes.base import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__(None)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def draw(self, canvas):
        self.log.append(f"draw {self.name}")


class FakeCanvas:
    def clear(self, *a):
        pass


def test_changes_wait_for_apply():
    log = []
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    assert stack.top is None and log == []
    stack.apply()
    assert stack.top is a and log == ["enter a"]
    stack.push(b)
    assert stack.top is a            # still a until the frame ends
    stack.apply()
    assert stack.top is b
    stack.pop()
    stack.apply()
    assert stack.top is a
    assert log == ["enter a", "pause a", "enter b", "exit b", "resume a"]


def test_replace_reset_and_remove():
    log = []
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.apply()
    assert stack.scenes == [a, c]
    stack.remove(a)
    stack.apply()
    assert stack.scenes == []
    stack.reset(b)
    stack.apply()
    assert stack.scenes == [b]


def test_draw_starts_at_topmost_opaque_scene():
    log = []
    stack = SceneStack()
    base, cover, overlay = Recorder("base", log), Recorder("cover", log), Recorder("overlay", log, opaque=False)
    for s in (base, cover, overlay):
        stack.push(s)
    stack.apply()
    log.clear()
    stack.draw(FakeCanvas())
    assert log == ["draw cover", "draw overlay"]


def test_a_scene_may_change_the_stack_from_its_own_handler():
    log = []
    stack = SceneStack()

    class Pusher(Recorder):
        def handle(self, intent):
            stack.pop()
            stack.push(Recorder("next", log))
            return True

    stack.push(Pusher("p", log))
    stack.apply()
    assert stack.handle(object())
    assert stack.top.name == "p"       # nothing changed mid-frame
    stack.apply()
    assert stack.top.name == "next" and len(stack) == 1
