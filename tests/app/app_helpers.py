"""Small helpers shared by the app tests."""


def step(app, n=1):
    """Run n fixed-step frames without real time."""
    from game.app.app import STEP
    for _ in range(n):
        app.tick(STEP)
