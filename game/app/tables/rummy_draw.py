"""Drawing the Mahjong Rummy table (a mixin of the table scene; reads its state, changes nothing).

Order: play areas and nameplates, the pool (wash or heap) and the wind indicator, the set plates
(coloured by validity during the viewer's turn), the tiles (sprites, in z order), glows and
dragon values, then buttons, timer, the rule banner, a tooltip, the carried tile and the chooser.
Another seat's hidden tiles are sprites whose frame is always `tile/back`.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.app import theme
from game.app.atlas import piece_frame
from game.app.tablekit.stage import draw_pieces, frame_getter
from game.core.pieces import WIND_NAMES
from game.core.words import says, whose
from game.rules.rummy.tiles import DR, SEAT_WINDS, TILE_KIND

from . import rummy_layout as L
from .rummy_present import DEAL, PLAY, WASH

GOOD_FILL = (70, 170, 100, 70)
BAD_FILL = (210, 70, 60, 90)
PLATE = (0, 0, 0, 46)


def wind_name(seat: int) -> str:
    return WIND_NAMES[SEAT_WINDS[seat]]


class RummyDraw:
    """Mixed into the table scene."""

    # ------------------------------------------------------------------ pieces
    # ------------------------------------------------------------------ the whole table
    def draw_table(self, canvas: Any, view: Any) -> None:
        self._draw_areas(canvas)
        self._draw_center(canvas)
        st = self.stage
        if st.phase == WASH:
            self._draw_buttons(canvas)
            canvas.text("Washing the tiles… (S or click to skip)", (800, 830), theme.BODY, theme.TEXT_DIM, False,
                        "center")
            return
        self._draw_set_plates(canvas)
        held = st.sprites.get(self.held) if self.held is not None else None
        draw_pieces(canvas, st.shown(skip=[self.held] if held is not None else []))
        self._draw_glows(canvas)
        self._draw_selection(canvas)
        self._draw_dragon_values(canvas)
        self._draw_cursor(canvas)
        self._draw_buttons(canvas)
        self.banner.draw(canvas)
        if self.preview is not None:
            self._draw_preview(canvas)
        self._draw_tooltip(canvas)
        if held is not None:
            draw_pieces(canvas, [held])
        if self.chooser is not None:
            self.chooser.draw(canvas)

    # ------------------------------------------------------------------ areas
    def _draw_areas(self, canvas: Any) -> None:
        """A calm nameplate per seat (wind, name, score, opened, tiles in hand); no boxes round the
        play areas: the sets lie on the felt on their own mats."""
        v = self.view
        for seat in range(4):
            pos = L.position_of(seat, self.bottom_seat)
            geo = L.AREAS[pos]
            active = seat in self.to_act and not self.finished
            px, py, pw, ph = geo["plate"]
            canvas.box(geo["plate"], (6, 22, 16, 205), theme.ACTIVE_SEAT if active else (74, 112, 88), ph / 2,
                     2 if active else 1.2)
            icon = canvas.piece_at(piece_frame("tile", SEAT_WINDS[seat]), (px + 12, py + 3), ph - 6)
            nm = self.name_of(seat)
            colour = theme.TEXT
            r = canvas.text(nm, (icon.right + 8, py + ph / 2), theme.BODY, colour, True, "midleft",
                            max_width=pw * 0.4)
            score = v.scores[seat] if seat < len(v.scores) else 0
            opened = v.opened[seat] if seat < len(v.opened) else False
            count = self.shown_hand_count(seat)
            bits = [f"{score} pts", "opened" if opened else "not opened",
                    f"{count} tile{'s' if count != 1 else ''}" + (" in hand" if pos in (L.BOTTOM, L.TOP) else "")]
            if pos == L.BOTTOM:
                bits.insert(0, f"{wind_name(seat)} wind")
            room = px + pw - 12 - r.right - 10
            # a side plate is narrow: a longer name ("Player 12") would cut off the tile count, so the
            # facts get a smaller size, then the shorter "open", before any is cut
            short = bits[:1] + ["open" if opened else "not open"] + bits[2:]
            text, size = next(((" · ".join(b), z) for b in (bits, short) for z in (theme.SMALL, 16, 15)
                               if canvas.measure(" · ".join(b), z)[0] <= room), (" · ".join(short), 15))
            canvas.text(text, (r.right + 10, py + ph / 2), size, theme.TEXT_DIM, False, "midleft", max_width=room)
            if pos == L.BOTTOM:
                self._draw_turn_note(canvas, geo)

    def _draw_turn_note(self, canvas: Any, geo: dict) -> None:
        x = L.HAND[0] + L.HAND[2]
        y = geo["plate"][1] + 6
        if self.finished:
            canvas.text("Game over", (x, y), theme.SMALL, theme.TEXT_DIM, False, "topright")
            return
        turn = self.view.turn
        if self.stage.phase != PLAY:
            msg, colour = ("Dealing…" if self.stage.phase == DEAL else "Washing the tiles…"), theme.TEXT_DIM
        elif self.my_turn:
            msg, colour = "Your turn: build on the table, then Done", theme.ACTIVE_SEAT
            if self.timer_left is not None:
                secs = max(0, int(math.ceil(self.timer_left)))
                msg = f"Your turn · {secs // 60}:{secs % 60:02d} left"
                colour = theme.BAD if secs <= 10 else theme.ACTIVE_SEAT
        elif turn == self.viewer:
            msg, colour = "Your turn", theme.ACTIVE_SEAT
        else:
            msg, colour = f"{whose(self.name_of(turn))} turn", theme.TEXT_DIM
        canvas.text(msg, (x, y), theme.SMALL, colour, True, "topright")

    # ------------------------------------------------------------------ centre
    def _draw_center(self, canvas: Any) -> None:
        v = self.view
        st = self.stage
        if st.phase == WASH and st.wash is not None:
            st.wash.draw(canvas.target, frame_getter(canvas), canvas.scale, canvas.offset)
        else:
            draw_pieces(canvas, st.heap)
        hx, hy, hw, hh = L.HEAP
        pill = self.pool_label()
        w = canvas.measure(pill, theme.SMALL, True)[0] + 24
        canvas.box((hx + hw / 2 - w / 2, hy + hh + 4, w, 26), (6, 20, 14, 200), None, 13)
        canvas.text(pill, (hx + hw / 2, hy + hh + 17), theme.SMALL, theme.TEXT, True, "center")
        self._draw_indicator(canvas)
        x, y, w, h = L.INFO
        heading, under = self.info_lines()
        canvas.text(heading, (x + 8, y + 6), theme.BODY, theme.TEXT, True)
        canvas.text(under, (x + 8, y + 36), theme.SMALL, theme.TEXT_DIM, max_width=w - 16)
        if not self.finished:
            canvas.text(f"To play: {self.name_of(v.turn)}", (x + 8, y + 66), theme.SMALL, theme.ACTIVE_SEAT, True,
                        max_width=w - 16)
        if self.timer_left is not None:
            secs = max(0, int(math.ceil(self.timer_left)))
            col = theme.BAD if secs <= 10 else theme.TEXT
            canvas.text(f"{secs // 60}:{secs % 60:02d}", (x + 8, y + 96), theme.HEADING, col, True)
            canvas.text("turn timer", (x + 100, y + 110), theme.SMALL, theme.TEXT_DIM)
        if self.bot_thinking and self._thinking > 0.8 and self._bot_job is not None:
            canvas.text(f"{says(self.name_of(self._bot_job[0]), 'is')} thinking…", (x + 8, y + 150), theme.SMALL,
                        theme.TEXT_FAINT, max_width=w - 16)
        if self.buttons["replay"].visible:
            self.buttons["replay"].draw(canvas, ring=self._ring("replay"))
        self._draw_notes(canvas)

    def info_lines(self) -> tuple[str, str]:
        """The info column's heading and the line under it: the round, or in a puzzle (one set
        position, no rounds to count) what it asks."""
        v = self.view
        wind = f"{wind_name(SEAT_WINDS.index(v.round_wind))} round"
        if self.is_puzzle:
            return "Puzzle", "One turn to solve it"
        return f"Round {v.round_number} of {v.rounds_total}", wind

    def _draw_notes(self, canvas: Any) -> None:
        """What the last turns did, newest first, in the calm panel above the buttons."""
        rect = L.NOTES_UNDER_GOAL if self.level is not None and self.level.goal is not None else L.NOTES
        x, y, w, h = rect
        canvas.box(rect, (6, 22, 16, 190), (74, 112, 88), 12, 1.2)
        canvas.text("Last turns", (x + 12, y + 8), theme.SMALL, theme.TEXT_DIM, True)
        lh = canvas.line_height(14)
        ty, bottom = y + 32, y + h - 6
        for n, note in enumerate(reversed(self.notes)):
            lines = canvas.wrap(note, w - 24, 14)
            room = int((bottom - ty) // lh)
            if room <= 0:
                return
            if len(lines) > room:   # a cut note ends in "…"; "Replay turns" shows every turn in full
                lines = lines[:room]
                last = lines[-1]
                while last and canvas.measure(last + " …", 14)[0] > w - 24:
                    last = last[:-1]
                lines[-1] = last.rstrip() + " …"
            for line in lines:
                canvas.text(line, (x + 12, ty), 14, theme.TEXT if n == 0 else theme.TEXT_FAINT)
                ty += lh
            ty += 4

    def pool_label(self) -> str:
        v = self.view
        if self.stage.phase == WASH:           # every tile is in the wash; the pool is what stays after the deal
            return "Washing all 136 tiles"
        if v.pool_count == 0:
            return f"Pool empty · {v.passes} pass{'es' if v.passes != 1 else ''} in a row"
        return f"Pool: {v.pool_count} tile{'s' if v.pool_count != 1 else ''}"

    def _draw_indicator(self, canvas: Any) -> None:
        v = self.view
        cx, cy = L.INDICATOR
        half = 78
        box = (cx - half, cy - half, 2 * half, 2 * half)
        canvas.box(box, (10, 34, 26, 230), (150, 120, 60), 18, 2)
        # the label fits between the round wind and the bottom seat's wind (it used to overlap the latter)
        canvas.piece_at(piece_frame("tile", v.round_wind), (cx, cy - 9), 48, "center")
        canvas.text("round wind", (cx, cy + 17), 13, theme.TEXT_DIM, False, "midtop")
        spots = {L.BOTTOM: (cx, cy + half - 22), L.LEFT: (cx - half + 20, cy), L.TOP: (cx, cy - half + 22),
                 L.RIGHT: (cx + half - 20, cy)}
        for seat in range(4):
            pos = L.position_of(seat, self.bottom_seat)
            sx, sy = spots[pos]
            active = seat == v.turn and not self.finished
            if active:
                canvas.fill(theme.ACTIVE_SEAT, (sx - 15, sy - 19, 30, 38), 6)
            canvas.piece_at(piece_frame("tile", SEAT_WINDS[seat]), (sx, sy), 32, "center")

    # ------------------------------------------------------------------ sets
    def _status(self, i: int) -> Any:
        v = self.work.check()
        if v.set_status and 0 <= i < len(v.set_status):
            return v.set_status[i]
        return None

    def _draw_set_plates(self, canvas: Any) -> None:
        mine = self.my_turn
        self._owner_labels = []           # where "→ owner" went: the hint's "borrowed" keeps clear of them
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6.0)
        for b in self.lay.sets:
            r = b.rect.inflate(8, 8)
            canvas.box(r, PLATE, None, 6)
            if not mine:
                continue
            touched = self.work.touched(b.index)
            if touched and self.work.dirty:
                st = self._status(b.index)
                ok = st is not None and st.ok
                canvas.box(r, GOOD_FILL if ok else BAD_FILL, theme.GOOD if ok else theme.BAD, 6, 2)
                owner = st.owner if st is not None else None
                if owner is not None and owner != b.area:     # under the set: above it sit the nameplates
                    self._owner_labels.append(canvas.text(f"→ {self.name_of(owner)}", (r.right - 2, r.bottom + 1),
                                                          13, theme.TEXT, True, "topright"))
            if b.index in self.flash_sets:
                col = (235, int(60 + 60 * pulse), 60)
                canvas.outline(col, b.rect.inflate(14, 14), 3 + 2 * pulse, 8)
        if self.lay.new_slot is not None:
            r = self.lay.new_slot
            hot = self.held is not None and r.inflate(24, 24).collidepoint(self.pointer)
            cursor = self.cursor == ("new",) and self.keyboard
            canvas.fill((255, 255, 255, 40 if hot or cursor else 18), r, 8)
            canvas.outline(theme.SELECTED if hot else (170, 200, 180), r, 1.5, 8)
            canvas.text("+ new set", r.center, 15, theme.TEXT, True, "center", max_width=r.width - 6)
            if cursor:          # the keyboard's ring, as on a tile (a lighter fill alone was not seen)
                canvas.outline(theme.FOCUS_RING, r.inflate(8, 8), 3, 10)

    def _draw_glows(self, canvas: Any) -> None:
        st = self.stage
        for key, (left, strength) in st.glow.items():
            sp = st.sprites.get(key)
            if sp is None or not sp.visible or not sp.face_up:
                continue
            a = max(0.0, min(1.0, left / 0.6)) * strength
            w, h = L.TILE_W * sp.scale, L.TILE_H * sp.scale
            pad = 8 * sp.scale
            r = (sp.x - w / 2 - pad, sp.y - h / 2 - pad, w + 2 * pad, h + 2 * pad)
            if canvas.has_piece("ui/select"):
                canvas.piece("ui/select", r, alpha=int(255 * a))
            else:
                canvas.outline((*theme.GOLD, int(255 * a)), r, 3, 6)

    def _draw_dragon_values(self, canvas: Any) -> None:
        """A small picture of what each dragon on the table stands for (a gold ? when undeclared)."""
        vals = self.work.values()
        mine = self.my_turn
        verdict = self.work.check() if mine and self.work.dirty else None
        for b in self.lay.sets:
            faces = {}
            if verdict is not None and verdict.set_status and b.index < len(verdict.set_status):
                st = verdict.set_status[b.index]
                tiles = self.work.sets[b.index].tiles if b.index < len(self.work.sets) else []
                faces = {t: f for t, f in zip(tiles, st.faces)}
            for key in b.keys:
                if TILE_KIND.get(key, 0) < DR:
                    continue
                p = self.lay.places[key]
                sp = self.stage.sprites.get(key)
                x, y, s = (sp.x, sp.y, sp.scale) if sp is not None else (p.x, p.y, p.s)
                val = vals.get(key) or (faces.get(key) if faces.get(key, "?") != "?" else None)
                bw, bh = L.TILE_W * s * 0.5, L.TILE_H * s * 0.5
                bx, by = x + L.TILE_W * s / 2 - bw * 0.6, y + L.TILE_H * s / 2 - bh * 0.7
                if val:
                    canvas.fill((8, 20, 14, 200), (bx - 2, by - 2, bw + 4, bh + 4), 4)
                    canvas.piece(piece_frame("tile", val), (bx, by, bw, bh))
                else:
                    canvas.fill(theme.GOLD, (bx, by + bh * 0.2, bw, bw), 6)
                    canvas.text("?", (bx + bw / 2, by + bh * 0.2 + bw / 2), max(12, bw * 0.8), theme.TEXT_DARK, True,
                                "center")

    def _draw_selection(self, canvas: Any) -> None:
        """Selected tiles stand raised (the layout lifts them) with a bright ivory edge (gold is the
        lesson's and the hint's: a picked tile in gold read as "the lesson wants this")."""
        for key in self.fan.selected:
            sp = self.stage.sprites.get(key)
            if sp is None:
                continue
            w, h = L.TILE_W * sp.scale, L.TILE_H * sp.scale
            canvas.outline(theme.SELECTED, (sp.x - w / 2 - 3, sp.y - h / 2 - 3, w + 6, h + 6), 3, 7)

    def _draw_cursor(self, canvas: Any) -> None:
        if not self.keyboard or self.cursor is None or self.cursor[0] != "tile":
            return
        p = self.lay.places.get(self.cursor[1])
        if p is None:
            return
        canvas.outline(theme.FOCUS_RING, p.rect.inflate(8, 8), 3, 6)

    # ------------------------------------------------------------------ controls and messages
    def _ring(self, key: str) -> bool:
        return self.keyboard and self.cursor == ("button", key)

    def _draw_buttons(self, canvas: Any) -> None:
        for k in ("undo", "reset", "draw", "done", "hint", "suit", "number", "sets"):
            b = self.buttons[k]
            if not b.visible:
                continue
            b.draw(canvas, ring=self._ring(k))
            mode = {"suit": "suit", "number": "number", "sets": "sets"}.get(k)
            if mode is not None and self.sort_mode == mode:
                # the order in use: an ivory bar under its word (an outline read as the keyboard's ring; gold is the hint's)
                canvas.fill(theme.TEXT, (b.rect.centerx - 22, b.rect.bottom - 7, 44, 3), 1)
            if self.hint_ring is not None and self.hint_ring[0] == k:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
                canvas.outline(theme.GOLD, b.rect.inflate(8, 8), 2 + 2 * pulse, 12)

    # ------------------------------------------------------------------ hint preview
    BORROWED = (120, 200, 255)

    def _draw_preview(self, canvas: Any) -> None:
        """The suggested turn: moved tiles outlined (gold from the hand, blue borrowed), and a panel
        over the pool with its steps and the controls."""
        pv = self.preview
        focus = pv.focus_tiles
        spans = []                        # under each borrowed tile in focus: one word per row of them
        for key in pv.from_hand | pv.borrowed:
            sp = self.stage.sprites.get(key)
            if sp is None:
                continue
            w, h = L.TILE_W * sp.scale, L.TILE_H * sp.scale
            col = self.BORROWED if key in pv.borrowed else theme.GOLD
            on = key in focus
            r = (sp.x - w / 2 - 4, sp.y - h / 2 - 4, w + 8, h + 8)
            canvas.outline(col if on else (*col, 90), r, 4 if on else 1.5, 7)
            if on and key in pv.borrowed:
                spans.append((sp.x - w / 2, sp.x + w / 2, sp.y + h / 2 + 4))
        # spans whose words would touch are joined: the word is wider than a tile
        word_w = canvas.measure("borrowed", 12, True)[0]
        tile_w = min((x1 - x0 for x0, x1, _y in spans), default=word_w)
        for x0, x1, y in merged_spans(spans, gap=max(0.0, word_w - tile_w) + 10):
            cx = (x0 + x1) / 2
            lh = canvas.line_height(12, True)
            y = word_y(cx, y, word_w, lh, self._owner_labels)
            # a dark tag under the word: between two rows of sets it lies on the lower row's tile tops
            canvas.fill((8, 22, 16, 215), (cx - word_w / 2 - 5, y - 1, word_w + 10, lh + 2), 5)
            canvas.text("borrowed", (cx, y), 12, self.BORROWED, True, "midtop")
        x, y, w, h = L.CENTER[0] + 4, L.CENTER[1] + 2, L.CENTER[2] - 8, L.CENTER[3] - 4
        canvas.fill((8, 22, 16, 252), (x, y, w, h), 14)
        canvas.outline(theme.GOLD, (x, y, w, h), 2, 14)
        title = canvas.text("Hint: a turn you could play", (x + 18, y + 12), theme.BODY, theme.GOLD, True)
        legend = "gold: from your hand · blue: borrowed from a set in play"
        # beside the title, never into it: at 1024x640 the two ran together ("playgold:")
        canvas.text(legend, (x + w - 18, y + 16), 14, theme.TEXT_DIM, False, "topright",
                    max_width=x + w - 18 - title.right - 14, min_size=12)
        pv.rects = {}
        lh = canvas.line_height(theme.SMALL)
        ty = y + 46
        rows = [(-1, "The whole turn (all steps at once)")] + [(i, f"{i + 1}. {st.text}")
                                                               for i, st in enumerate(pv.steps)]
        items = []
        for i, text in rows:
            lines = canvas.wrap(text, w - 48, theme.SMALL)[:3]
            items.append((i, lines, lh * len(lines) + 6))
        first, last = visible_rows([rh + 2 for _i, _l, rh in items], pv.step + 1, y + h - 56 - ty, 18)
        if first > 0:
            canvas.text(f"▲ {first} more above", (x + w - 22, ty - 2), 13, theme.TEXT_FAINT, False, "topright")
            ty += 18
        if last < len(items):
            canvas.text(f"▼ {len(items) - last} more below (→)", (x + w - 22, y + h - 74), 13, theme.TEXT_FAINT,
                        False, "topright")
        for i, lines, rh in items[first:last]:
            r = pygame.FRect(x + 12, ty - 3, w - 24, rh)
            pv.rects[i] = r
            if i == pv.step:
                canvas.fill((255, 255, 255, 34), r, 6)
                canvas.outline(theme.FOCUS_RING, r, 1.5, 6)
            for n, line in enumerate(lines):
                canvas.text(line, (x + 22, ty + n * lh), theme.SMALL, theme.TEXT if i == pv.step else theme.TEXT_DIM)
            ty += rh + 2
        by = y + h - 48
        specs = [("prev", "◀ Step", 110), ("next", "Step ▶", 110), ("accept", "Accept (Enter)", 190),
                 ("cancel", "Cancel (Esc)", 170)]
        bx = x + w - 16 - sum(bw for _, _, bw in specs) - 10 * (len(specs) - 1)
        for key, label, bw in specs:
            r = pygame.FRect(bx, by, bw, 38)
            pv.rects[key] = r
            hot = r.collidepoint(self.pointer)
            fill = theme.GOLD if key == "accept" else (theme.BUTTON_HOT if hot else theme.BUTTON)
            canvas.fill(fill, r, 10)
            canvas.text(label, r.center, theme.SMALL, theme.TEXT_DARK if key == "accept" else theme.TEXT, True,
                        "center")
            bx += bw + 10
        canvas.text("← → steps", (x + 18, by + 19), 14, theme.TEXT_FAINT, False, "midleft")

    def _tooltip_text(self) -> str | None:
        if self.held is not None or self.chooser is not None or self.preview is not None or self.keyboard:
            return None
        box = self.lay.set_at(self.pointer)
        if box is None or not self.my_turn:
            return None
        v = self.work.check()
        if box.index in self.flash_sets and self.banner.visible:
            return self.banner.text
        if not (self.work.dirty and self.work.touched(box.index)):
            return None
        st = self._status(box.index)
        if st is None:
            return None
        if not st.ok:
            reason = st.reason or v.message
            if st.choices:
                return "Click the dragon to say which tile it stands for."
            return f"Not a valid set: {reason}."
        kind = {"run": "run", "group": "set of identical tiles", "winds-same": "set of matching winds",
                "winds-mixed": "set of different winds"}.get(st.kind, st.kind)
        owner = ("" if st.owner is None else " · yours" if st.owner == self.viewer else
                 f" · owned by {self.name_of(st.owner)}")
        return f"Valid {kind}{owner}."

    def tooltip_rect(self, w: float, h: float) -> pygame.FRect:
        """Beside the set it is about, never over a nameplate above it or the hand below."""
        box = self.lay.set_at(self.pointer)
        r = box.rect if box is not None else pygame.FRect(self.pointer, (1, 1))
        x = r.right + 14 if r.right + 14 + w <= 1570 else r.left - 14 - w
        y = min(max(r.centery - h / 2, 30), L.HAND[1] - h)
        out = pygame.FRect(max(30, x), y, w, h)
        slot = self.lay.new_slot
        if slot is not None and out.colliderect(slot) and slot.right + 14 + w <= 1570:
            out.x = slot.right + 14             # keep the "+ new set" slot clickable
        return out

    def _draw_tooltip(self, canvas: Any) -> None:
        text = self._tooltip_text()
        if not text:
            return
        lines = canvas.wrap(text, 420, theme.SMALL)[:5]
        lh = canvas.line_height(theme.SMALL)
        w = max(canvas.measure(l, theme.SMALL)[0] for l in lines) + 24
        h = lh * len(lines) + 16
        x, y, w, h = self.tooltip_rect(w, h)
        canvas.fill((8, 18, 14, 240), (x, y, w, h), 8)
        canvas.outline(theme.PANEL_EDGE, (x, y, w, h), 1.2, 8)
        for n, line in enumerate(lines):
            canvas.text(line, (x + 12, y + 8 + n * lh), theme.SMALL, theme.TEXT)


def word_y(cx: float, y: float, w: float, h: float, taken: list) -> float:
    """The top of a word centred on cx at y, moved below any rect in `taken` it would run into
    (a set's "→ South" sits right where a "borrowed" under its last tile would go)."""
    for r in sorted(taken, key=lambda r: r[1]):
        x, ry, rw, rh = r[0], r[1], r[2], r[3]
        if cx - w / 2 < x + rw and x < cx + w / 2 and y < ry + rh and ry < y + h:
            y = ry + rh + 1
    return y


def merged_spans(spans: list[tuple[float, float, float]], gap: float) -> list[tuple[float, float, float]]:
    """(left, right, y) spans on the same line and at most `gap` apart joined into one, so a label
    written under each span never runs into its neighbour's ("borrowedborrowed")."""
    out: list[tuple[float, float, float]] = []
    for x0, x1, y in sorted(spans, key=lambda s: (round(s[2]), s[0])):
        if out and abs(out[-1][2] - y) < 1 and x0 <= out[-1][1] + gap:
            px0, px1, py = out[-1]
            out[-1] = (px0, max(px1, x1), py)
        else:
            out.append((x0, x1, y))
    return out


def visible_rows(heights: list[float], current: int, room: float, marker: float) -> tuple[int, int]:
    """The rows [first, last) of a list that fit in `room` with `current` among them: from the top
    when it fits, else scrolled just far enough. A "more above/below" marker takes `marker` of room."""
    n = len(heights)

    def fits(a: int, b: int) -> bool:
        need = sum(heights[a:b]) + (marker if a > 0 else 0) + (marker if b < n else 0)
        return need <= room

    first = 0
    while first < current and not fits(first, current + 1):
        first += 1
    last = first
    while last < n and fits(first, last + 1):
        last += 1
    return first, max(last, min(n, first + 1))
