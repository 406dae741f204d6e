"""Small helpers shared by the app tests."""


def step(app, n=1):
    """Run n fixed-step frames without real time."""
    from game.app.app import STEP
    for _ in range(n):
        app.tick(STEP)


def wait_for_bots(app, timeout=60.0):
    """Block until every table's pending bot question is answered. Frames never wait for a bot;
    tests do, on the job's future (the timeout only guards against a hang)."""
    for scene in list(app.stack.scenes):
        for job in list(getattr(scene, "_bot_jobs", {}).values()):
            job.future.result(timeout=timeout)
        hints = getattr(scene, "hint_jobs", None)
        for future in hints.futures() if hints is not None else []:
            future.result(timeout=timeout)


def run_until(app, cond, frames=6000):
    """Run fixed-step frames (waiting on bot answers between them) until cond() holds.
    Bounded by frames of app time, never by the wall clock; False when cond never held."""
    from game.app.app import STEP
    for _ in range(frames):
        wait_for_bots(app)
        app.tick(STEP)
        if cond():
            return True
    return False


def through_curtain(app, scene, name=None):
    """A hot-seat curtain is up (for `name`, when given): confirm it and run frames until the table
    `scene` is back on top."""
    from game.app.input import Intent
    from game.app.scenes.handoff import HandoffScene
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene) and (name is None or curtain.name == name)
    app.dispatch(Intent("confirm"))
    for _ in range(60):
        step(app)
        if app.stack.top is scene:
            return
    raise AssertionError("the curtain did not lift")


def replay_after(app, match, moves, seed=1):
    """Easy bots play `moves` moves of `match` (every seat), then its replay opens on the app."""
    from game.app.scenes.replay import ReplayScene
    from game.bots import make_bot
    from game.core.rng import GameRng
    bot, rng = make_bot(match.setup.game, "easy"), GameRng(seed)
    for _ in range(moves):
        s = match.to_act()[0]
        match.act(s, bot.choose(match.view(s), match.legal(s), rng))
    replay = ReplayScene.create(app, match.to_json())
    app.stack.push(replay)
    app.stack.apply()
    return replay


def message_boxes(app, scene, monkeypatch):
    """The boxes of the messages (toasts) one draw of the scene puts up."""
    boxes = []
    real = app.canvas.fill

    def fill(colour, *a, **k):                       # (no rect: the whole canvas, a dialog's shade)
        if a and tuple(colour[:3]) == (8, 20, 14):    # a message's box
            boxes.append(tuple(a[0]))
        return real(colour, *a, **k)
    monkeypatch.setattr(app.canvas, "fill", fill)
    scene.draw(app.canvas)
    monkeypatch.setattr(app.canvas, "fill", real)
    return boxes


def drawn_lines(app, draw):
    """(text, position) of every line `draw()` writes on the app's canvas."""
    drawn = []
    real = app.canvas.text

    def spy(text, pos, *a, **k):
        drawn.append((text, pos))
        return real(text, pos, *a, **k)
    app.canvas.text = spy
    try:
        draw()
    finally:
        app.canvas.text = real
    return drawn
