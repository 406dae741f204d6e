"""The pygame front end: window, scenes, input, animation, rendering."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # keep stdout clean for tools and benches
