"""Drawing the Mint Tin table: spots and labels, the deck and dead hand stacks, the card sprites,
selection marks, names and scores, the status line, banners and the Hint panel.

Only the atlas frames a card's Card.code allows are drawn: the deck, the dead hand, the other
player's concealed hand and face-down discards are always `mint/back`. With `scene.blit_log`
set to a list, every piece drawn is recorded as (zone, frame) so tests can check that.
"""

from __future__ import annotations

from typing import Any

from game.app import theme
from game.app.atlas import piece_frame
from game.app.tablekit.stage import draw_pieces
from game.core.words import says
from game.rules.minttin import cards as C
from game.rules.minttin.actions import Discard

from . import minttin_layout as LY
from .minttin_hint import call_why, discard_why, hint_for
from .minttin_model import BACK

PHASE_SOLO = {
    "start": "Your turn: draw a card (click the deck, or press D).",
    "main": "Discard: click a card twice, or ← → to it and Enter twice. Or swap a joker, or declare.",
    "declare": "You called a pair: declare Mahjong now.",
}
PHASE_2P = {
    "start": "Your turn: draw a card (click the deck, or press D).",
    "main": "Discard: click a card twice, or ← → to it and Enter twice. Or swap a joker, or declare.",
    "declare": "You called a pair: declare now.",
    "pass_offer": "You are not the dealer: offer how many cards to pass (0-3).",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class TableDrawer:
    def __init__(self, scene: Any):
        self.s = scene
        self._hint_key: Any = None
        self._hint = None

    # ---------------------------------------------------------------- frames
    def log(self, zone: str, frame: str) -> None:
        if self.s.blit_log is not None:
            self.s.blit_log.append((zone, frame))

    def piece(self, canvas: Any, zone: str, frame: str, rect) -> None:
        self.log(zone, frame)
        canvas.piece(frame, rect)

    # ---------------------------------------------------------------- the frame
    def draw(self, canvas: Any) -> None:
        self.zones(canvas)
        self.stacks(canvas)
        self.cards(canvas)
        self.marks(canvas)
        self.players(canvas)
        self.status(canvas)
        self.note(canvas)
        if self.s.hint_open:
            self.hint(canvas)
        self.s.banner.draw(canvas)     # over the Hint panel, never under it
        self.dragged(canvas)
        self.s.controls.draw(canvas)

    # ---------------------------------------------------------------- spots and labels
    def zones(self, canvas: Any) -> None:
        s, L, b, v = self.s, self.s.layout, self.s.board, self.s.shown_view
        dim = theme.TEXT_DIM
        r = L.discards_rect(len(b.row))
        if s.solo:
            n = len(b.exposures[1])
            self.seat_plate(canvas, f"The opponent  ·  {_plural(n, 'pung')} of 5", LY.EXP_X0 - 26, 34)
            for place, label in ((L.dead_place(), f"Dead hand {b.dead}"), (L.deck_place(), f"Deck {b.deck}"),
                                 (L.hold(), "Hold spot"), (L.spot(0), f"Joker spot ({len(b.spot)})")):
                x, y, w, h = place.rect()
                canvas.outline((70, 128, 98), (x - 4, y - 4, w + 8, h + 8), 1.5, 8)
                canvas.text(label, (place.x, y + h + 8), theme.SMALL, dim, False, "midtop")
            canvas.box(r, (0, 0, 0, 46), None, 14)
            canvas.text("Discard row  (oldest first)" if b.row else "Discard row (empty)",
                        (r[0] + 6, r[1] - 22), theme.SMALL, dim)
        else:
            them = b.them
            x, y, w, h = L.deck_place().rect()
            canvas.outline((70, 128, 98), (x - 4, y - 4, w + 8, h + 8), 1.5, 8)
            canvas.text(f"Deck {b.deck}", (L.deck_place().x, y + h + 8), theme.SMALL, dim, False, "midtop")
            canvas.box(r, (0, 0, 0, 46), None, 14)
            canvas.text("Discard pile" if b.row else "Discard pile (empty)", (r[0] + 6, r[1] - 22), theme.SMALL, dim)
            n = len(b.other)
            label = f"{s.player_name(them)}  ·  {_plural(n, 'card')} in hand"
            tw = canvas.measure(label, theme.SMALL, True)[0]
            self.seat_plate(canvas, label, LY.HAND_CX - tw / 2, LY.TWO_OTHER_Y + LY.CARD_H * LY.TWO_OTHER_SCALE / 2 + 8)
            if v.facedown_counts[them] or v.facedown_counts[b.me]:
                for player in (them, b.me):
                    k = v.facedown_counts[player]
                    if k:
                        sizes = [len(e) for e in b.exposures[player]]
                        p = L.facedown(sizes, len(b.jokers[player]), player == b.me, 0)
                        canvas.text(f"{k} face down", (p.x - 14, p.y + 34), theme.SMALL, theme.TEXT_FAINT)
        if s.inp.fan.drag_key is not None and any(type(a).__name__ == "Discard" for a in s.legal):
            canvas.outline(theme.SELECTED, r, 2.5, 14)

    def seat_plate(self, canvas: Any, text: str, x: float, y: float) -> None:
        """The name plate of the seat across the table."""
        w, h = canvas.measure(text, theme.SMALL, True)
        canvas.box((x - 10, y - 4, w + 20, h + 8), (8, 24, 18, 150), None, 10)
        canvas.text(text, (x, y), theme.SMALL, theme.TEXT, True)

    def stacks(self, canvas: Any) -> None:
        s, L, b = self.s, self.s.layout, self.s.board
        piles = [("deck", L.deck_place(), b.deck)]
        if s.solo:
            piles.append(("dead", L.dead_place(), b.dead))
        for zone, place, n in piles:
            if n <= 0:
                continue
            layers = max(1, min(4, (n + 5) // 6))
            x, y, w, h = place.rect()
            pad = 8 * place.scale
            canvas.piece("ui/shadow-card", (x - pad + 1.5, y - pad + 2.5, w + 2 * pad, h + 2 * pad))
            for i in range(layers):
                off = (layers - 1 - i) * 1.6
                self.piece(canvas, zone, BACK, (x - off, y - off, w, h))

    def cards(self, canvas: Any) -> None:
        s = self.s
        drag = s.inp.fan.drag_key
        sprites = s.stage.shown(skip=[drag]) + list(s.score_sprites)
        if s.blit_log is not None:
            for sp in sprites:
                if sp.visible and sp.alpha > 0:
                    self.log(str(sp.tag), sp.shown_frame)
        draw_pieces(canvas, sprites)

    def dragged(self, canvas: Any) -> None:
        """The card being dragged floats over everything on the table."""
        sp = self.s.sprites.get(self.s.inp.fan.drag_key) if self.s.inp.fan.drag_key is not None else None
        if sp is not None:
            self.log(str(sp.tag), sp.shown_frame)
            draw_pieces(canvas, [sp])

    def _halo(self, canvas: Any, sp: Any, colour=None, width: float = 3.0, cover: Any = None) -> None:
        """A ring round a card; `cover` is the fan's next card lying over its right part, and a
        coloured ring then closes where that card begins, so it does not frame its neighbour too."""
        w, h = LY.CARD_W * sp.scale, LY.CARD_H * sp.scale
        if int(round(sp.rotation)) % 180:
            w, h = h, w
        r = (sp.x - w / 2, sp.y - h / 2, w, h)
        if cover is not None and colour is not None:
            edge = cover.x - LY.CARD_W * cover.scale / 2
            if r[0] < edge < r[0] + r[2] and abs(cover.y - sp.y) < 2:     # a lifted card shows whole
                r = (r[0], r[1], edge - r[0] - 4, r[3])     # the ring's right side just left of the cover
        if colour is None:
            pad = 8 * sp.scale
            canvas.piece("ui/select-card", (r[0] - pad, r[1] - pad, r[2] + 2 * pad, r[3] + 2 * pad))
        else:
            canvas.outline(colour, (r[0] - 4, r[1] - 4, r[2] + 8, r[3] + 8), width, 9)

    def marks(self, canvas: Any) -> None:
        s, b, v = self.s, self.s.board, self.s.shown_view
        inp = s.inp
        # the card that may be called now
        if not s.showing and v.callable_card and any(type(a).__name__ == "Call" for a in s.legal):
            target = b.hold if s.solo else (b.row[-1] if b.row else None)
            sp = s.sprites.get(target.id) if target is not None else None
            if sp is not None:
                self._halo(canvas, sp)
        # solo Joker Block: row cards before the joker are out of play
        if s.solo and v.row_floor and not s.showing:
            for c in b.row[:v.row_floor]:
                sp = s.sprites.get(c.id)
                if sp is not None:
                    w, h = LY.CARD_W * sp.scale, LY.CARD_H * sp.scale
                    canvas.box((sp.x - w / 2, sp.y - h / 2, w, h), (10, 20, 16, 130), None, 5)
            first = s.sprites.get(b.row[0].id) if b.row else None
            if first is not None:
                r = s.layout.discards_rect(len(b.row))
                canvas.text(f"joker block: the first {v.row_floor} are out of play",
                            (r[0] + r[2] - 6, r[1] - 22), theme.SMALL, theme.TEXT_FAINT, False, "topright")
        # exposed jokers the viewer may swap a card for now
        if not s.showing:
            for a in s.legal:
                if type(a).__name__ == "SwapForJoker" and a.block < len(b.exposures[a.owner]):
                    for c in b.exposures[a.owner][a.block]:
                        sp = s.sprites.get(c.id)
                        if c.code == C.J and sp is not None:
                            self._halo(canvas, sp)
        all_hinted = s.suggested_cards() if s.hint_open else []
        lesson_points = s.lesson is not None and bool(s.lesson.marked_rects())   # its arrow where "hint" goes
        for card in all_hinted:             # a pass or a call names several cards: every one glows
            sp = s.sprites.get(card.id)
            if sp is None:
                continue
            nxt = b.hand.index(card) + 1 if card in b.hand else 0
            cover = s.sprites.get(b.hand[nxt].id) if 0 < nxt < len(b.hand) else None
            self._halo(canvas, sp, theme.GOLD, 4, cover)
            if card in b.hand and not lesson_points:
                canvas.text("hint", (sp.x, sp.y - LY.CARD_H * sp.scale / 2 - 6), theme.SMALL, theme.GOLD, True,
                            "midbottom")
        for i, c in enumerate(b.hand):
            sp = s.sprites.get(c.id)
            if sp is None:
                continue
            cover = s.sprites.get(b.hand[i + 1].id) if i + 1 < len(b.hand) else None
            if c.id in inp.fan.selected:      # ivory, not the gold glow of a lesson's mark or a callable card
                self._halo(canvas, sp, theme.SELECTED, 3.5)
            elif c.id == inp.fan.hover and inp.fan.drag_key is None:
                self._halo(canvas, sp, (196, 222, 204), 2, cover)
            if inp.fan.keyboard and c.id == inp.fan.focus:
                self._halo(canvas, sp, theme.FOCUS_RING, 3, cover)
        if b.fresh is not None and not s.showing:
            sp = s.sprites.get(b.fresh)
            if sp is not None and b.fresh not in inp.fan.selected and all(c.id != b.fresh for c in all_hinted):
                canvas.text("new", (sp.x, sp.y - LY.CARD_H * sp.scale / 2 - 2), theme.SMALL, theme.NEWEST, True,
                            "midbottom")

    # ---------------------------------------------------------------- names, scores, status
    def players(self, canvas: Any) -> None:
        s, v, b = self.s, self.s.shown_view, self.s.board
        target = v.target
        for mine, player in ((True, b.me), (False, b.them)):
            p = s.layout.score(mine)
            y = p.y + LY.CARD_H * p.scale / 2 + 6
            name = s.player_name(player)
            turn = player in v.to_act and not v.game_over
            canvas.text(name, (p.x, y), theme.SMALL, theme.ACTIVE_SEAT if turn else theme.TEXT, True, "midtop",
                        max_width=200)
            canvas.text(f"{v.scores[player]} of {target} points", (p.x, y + 22), theme.SMALL, theme.TEXT_DIM,
                        False, "midtop")
            if target > 7 and v.scores[player] > 7:     # the score card stops at 7: say the number too
                bx, by = p.x + LY.CARD_W * p.scale / 2, p.y - LY.CARD_H * p.scale / 2
                canvas.circle(theme.TEXT, (bx, by), 17)
                canvas.circle(theme.TEXT_DARK, (bx, by), 17, 1.5)
                canvas.text(str(v.scores[player]), (bx, by), theme.BODY, theme.TEXT_DARK, True, "center")
        rx, ry = LY.ROUND_POS
        canvas.text(f"Round {v.round_no}", (rx, ry), theme.SMALL, theme.TEXT_DIM, False, "midtop")
        canvas.text(f"game to {target}", (rx, ry + 22), theme.SMALL, theme.TEXT_FAINT, False, "midtop")
        d = v.double
        if d is not None:
            r = LY.DOUBLE_RECT
            canvas.panel(r)
            canvas.text("Double", (r[0] + r[2] / 2, r[1] + 10), theme.BODY, theme.TEXT, True, "midtop")
            lines = [f"called by {s.player_name(d.by)}"]
            if not s.solo:
                lines.append("taken" if d.taken else "waiting for an answer")
                if d.taken:
                    lines.append(f"turn {min(3, d.turns + 1)} of 3")
            if d.value is not None:
                lines.append(f"your hand: {_plural(d.value, 'point')}")
            # wrapped, not cut: "waiting for an answer" is wider than the panel
            rows = [part for line in lines for part in canvas.wrap(line, r[2] - 16, theme.SMALL)]
            step = min(24.0, (r[3] - 52) / max(1, len(rows)))
            for i, line in enumerate(rows):
                canvas.text(line, (r[0] + r[2] / 2, r[1] + 40 + i * step), theme.SMALL, theme.TEXT, False, "midtop",
                            max_width=r[2] - 16)

    def status_text(self) -> str:
        s, v = self.s, self.s.shown_view
        if s.finished and s.goal_state is not None and not v.game_over:     # a challenge decided mid-game
            return "Challenge complete: the result follows." if s.goal_state else "Challenge failed: the result follows."
        if s.finished or v.game_over:
            return "The game is over."
        if s.round_over is not None and not s.showing:
            return "Round over: the result follows."
        if s.showing and s.long_show:
            return "Showing the play…  click or press S to skip"
        if s.showing or s.replay_mode:          # the replay bar says where the replay is
            return ""
        if not s.my_turn():
            who = [s.player_name(p) for p in v.to_act]
            if not who:
                return ""
            w = " and ".join(who)
            if s.solo and s.is_bot(0):
                return "The computer plays your seat…"
            if any(s.is_bot(p) for p in v.to_act):
                return f"{says(w, 'is') if len(who) == 1 else w + ' are'} thinking…"
            if v.phase == "pass_give" and s.viewer is not None:
                return f"Your cards are chosen; waiting for {w}."
            return f"Waiting for {w}."
        ph = v.phase
        them = s.player_name(1 - s.viewer) if not s.solo else "The opponent"
        if s.solo:
            if ph == "hold":
                return f"The opponent drew the {C.name(v.hold)}: call it or pass."
            return PHASE_SOLO.get(ph, "")
        if ph == "pass_answer":
            return f"{them} offers to pass {v.pass_offer}: answer how many you would pass (0-3)."
        if ph == "pass_give":
            # the keys as well as the mouse: ← → and Enter pick a card, Tab reaches the Pass button
            return (f"Pick {_plural(v.pass_count or 0, 'card')} to pass, no jokers: click "
                    f"{'it' if v.pass_count == 1 else 'them'} or ← → and Enter, then Pass (Tab, Enter).")
        if ph == "start" and v.callable_card and any(type(a).__name__ == "Call" for a in s.legal):
            return f"Your turn: draw a card, or call the {C.name(v.callable_card)}."
        if ph == "answer":
            return f"{them} calls Double: drop (they score now) or take (three turns to go out)."
        if ph == "dstart":
            t = min(3, (v.double.turns if v.double else 0) + 1)
            return f"Double turn {t} of 3: draw a card."
        if ph == "dmain":
            return "Double turn: declare if you are out, or discard (face down)."
        return PHASE_2P.get(ph, "")

    def status(self, canvas: Any) -> None:
        text = "" if self.s.dealing else self.status_text()
        self.status_box = None
        if not text:
            return
        x, y = LY.STATUS_POS
        w, h = canvas.measure(text, theme.BODY)
        w = min(w, 980)
        self.status_box = (x - w / 2 - 18, y - 4, w + 36, h + 8)      # a message keeps off it
        canvas.box(self.status_box, (8, 24, 18, 170), None, 14)
        canvas.text(text, (x, y), theme.BODY, theme.TEXT, False, "midtop", max_width=980)

    def note(self, canvas: Any) -> None:
        """Hot seat: what the other player just did, until you make your move."""
        text = self.s.note
        if not text or self.s.showing:
            return
        x, y = LY.NOTE_POS
        lines = canvas.wrap(text, LY.NOTE_W - 40, theme.BODY)
        lh = canvas.line_height(theme.BODY)
        h = lh * len(lines) + 40
        box = (x - LY.NOTE_W / 2, y, LY.NOTE_W, h)
        canvas.box(box, (8, 24, 18, 225), None, 14)
        canvas.outline(theme.PANEL_EDGE, box, 1.2, 14)
        canvas.text("While you were away", (x, y + 8), theme.SMALL, theme.TEXT_DIM, True, "midtop")
        for i, line in enumerate(lines):
            canvas.text(line, (x, y + 32 + i * lh), theme.BODY, theme.TEXT, False, "midtop")

    # ---------------------------------------------------------------- the Hint panel
    def hint_info(self):
        s = self.s
        key = (len(s.match.log), s.viewer)
        if key != self._hint_key:
            self._hint_key = key
            self._hint = hint_for(s.view)
        return self._hint

    def hint(self, canvas: Any) -> None:
        """The Hint panel, as tall as its content (up to HINT_RECT): warnings and the suggestion first,
        wrapped in full, then the analysis; what does not fit is left off from the end."""
        s = self.s
        info = self.hint_info()
        if info is None:
            return
        x, y, w, hmax = s.hint_room(canvas)
        inner = w - 28
        cw, ch = 26, 36
        rows: list[tuple[float, Any]] = []      # (height, draw(cx, cy))

        def words(text: str, colour, size=theme.SMALL, bold: bool = False, gap: float = 4) -> None:
            lines = canvas.wrap(text, inner, size, bold)
            lh = canvas.line_height(size, bold)

            def draw(cx, cy, lines=lines, lh=lh):
                for i, line in enumerate(lines):
                    canvas.text(line, (cx, cy + i * lh), size, colour, bold)
            rows.append((len(lines) * lh + gap, draw))

        words(info.title, theme.GOOD if info.good else theme.GOLD, theme.BODY, True, 6)
        if info.warning:
            words(info.warning, theme.BAD)
        sug = s.current_suggestion()
        if sug is not None:
            if sug.warning and not info.warning:       # the panel's own warning already names the danger
                words(sug.warning, theme.BAD)
            # a guarded suggestion's warning already says why; otherwise say why this card
            why = ""
            if not sug.warning:
                why = (discard_why(s.view, info, sug.action.card) if isinstance(sug.action, Discard)
                       else call_why(s.view, sug.action, s.legal))
            words(f"Suggested: {sug.text}", theme.GOLD, bold=True, gap=4 if why else 8)
            if why:
                words(why, theme.GOLD, gap=4 if sug.caution else 8)
            if sug.caution:
                words(sug.caution, theme.BAD, gap=8)
        elif s.hint_pending():
            # the suggestion takes a few seconds on a slow machine: say it is coming, or the panel looks final
            words("Working out a suggestion…", theme.TEXT_DIM, gap=8)
        for t in info.text:
            words(t, theme.TEXT, gap=2)
        for name, pts in info.lines[:5]:
            def line(cx, cy, name=name, pts=pts):
                canvas.text(name, (cx + 6, cy), theme.SMALL, theme.TEXT_DIM, max_width=inner - 40)
                canvas.text(f"+{pts}" if pts else "0", (x + w - 16, cy), theme.SMALL, theme.TEXT_DIM, False, "topright")
            rows.append((20, line))
        if info.waits:
            def waits(cx, cy):
                for i, (card, pts, ok) in enumerate(info.waits[:9]):
                    px = cx + i * (cw + 6)
                    self.piece(canvas, "hint", piece_frame("mint", card), (px, cy + 2, cw, ch))
                    canvas.text(str(pts), (px + cw / 2, cy + ch + 3), theme.SMALL - 4,
                                theme.GOOD if ok else theme.TEXT_FAINT, True, "midtop")
            rows.append((ch + 22, waits))
        if info.callable_note:
            words(info.callable_note, theme.GOLD)
        for card, ws in info.discards[:3]:
            def option(cx, cy, card=card, ws=ws):
                self.piece(canvas, "hint", piece_frame("mint", card), (cx, cy, cw, ch))
                canvas.text("→", (cx + cw + 12, cy + ch / 2), theme.BODY, theme.TEXT_DIM, False, "center")
                for i, (wc, _pts, _ok) in enumerate(ws[:6]):
                    self.piece(canvas, "hint", piece_frame("mint", wc), (cx + cw + 26 + i * (cw + 4), cy, cw, ch))
            rows.append((ch + 6, option))
        total, shown = 20.0, []
        for h, fn in rows:
            if total + h > hmax and shown:
                break
            shown.append((h, fn))
            total += h
        canvas.panel((x, y, w, total), theme.PANEL_SOLID)
        cy = y + 10
        for h, fn in shown:
            fn(x + 14, cy)
            cy += h
