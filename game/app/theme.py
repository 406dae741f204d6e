"""Colours and sizes shared by every screen, so the panels stay calm and consistent."""

from __future__ import annotations

LOGICAL_SIZE = (1600, 900)

# The table: deep green felt, a wooden rail, ivory text on dark panels.
FELT = (22, 84, 58)
FELT_DARK = (14, 58, 40)
LETTERBOX = (10, 30, 22)
RAIL = (96, 58, 30)
RAIL_LIGHT = (150, 98, 54)
RAIL_DARK = (58, 34, 18)
# Width of the wooden rail round the table, in logical pixels: table pieces stay inside it.
RAIL_WIDTH = 22

PANEL = (14, 36, 28, 225)          # translucent dark green panel
PANEL_SOLID = (18, 44, 34)
PANEL_EDGE = (60, 110, 84)
PANEL_LIGHT = (32, 66, 50)

TEXT = (240, 236, 222)             # ivory
TEXT_DIM = (176, 190, 176)
TEXT_FAINT = (124, 146, 130)
TEXT_DARK = (24, 30, 26)
GOLD = (226, 184, 92)
GOOD = (126, 208, 132)
BAD = (236, 120, 104)

BUTTON = (46, 92, 70)
BUTTON_HOT = (62, 122, 92)
BUTTON_PRESSED = (34, 70, 54)
BUTTON_PRIMARY = (184, 132, 52)
BUTTON_PRIMARY_HOT = (208, 156, 70)
BUTTON_DISABLED = (38, 58, 48)
FOCUS_RING = (140, 222, 255)         # the keyboard's ring: cool, never the gold of a lesson's mark or a hint
SELECTED = (250, 248, 240)           # a picked piece's edge: bright ivory, so it never reads as a lesson's gold
ACTIVE_SEAT = TEXT                   # whose turn it is (a seat plate's edge) and the wall's break: ivory, not gold
NEWEST = (150, 178, 160)             # the newest discard's ring: muted sage, quieter than every mark above

RADIUS = 12

# Font sizes in logical pixels.
TITLE = 56
HEADING = 34
SUBHEADING = 26
BODY = 22
SMALL = 18
