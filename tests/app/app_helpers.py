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
        hint = getattr(scene, "_hint_job", None)
        if hint is not None:
            hint[1].result(timeout=timeout)


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
