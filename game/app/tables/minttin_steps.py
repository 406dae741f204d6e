"""Events -> steps the table shows one after another (draws, discards, calls, the solo automaton).

Each step changes the board (Card moves between zones) and starts the animations for it via
the scene's `place_all`; it returns nothing, and comes with a hold time (seconds at speed 1)
before the next step starts (the kit's Presenter paces them). A step only ever uses what the event tells this
viewer: a card whose face the event does not show stays a back (code None).
"""

from __future__ import annotations

from typing import Any

from game.rules.minttin import cards as C

from game.app.tablekit.presenter import Step

from .minttin_model import Card

# hold times (seconds at animation speed 1): long enough to follow, short enough not to bore
T_DRAW = 0.42
T_DISCARD = 0.38
T_CALL = 0.55
T_SWAP = 0.55
T_OPP_DRAW = 0.95          # the card sits on the hold spot for a moment
T_OPP_SWAP = 0.85
T_HOLD_TO_ROW = 0.55
T_EXPOSE = 0.95
T_DOUBLE_FLIP = 0.9
T_BANNER = 0.8
T_DEAL = 0.9


def _name(scene: Any, seat: int) -> str:
    return scene.player_name(seat)


def _says(scene: Any, seat: int, verb: str) -> str:
    """"You take" / "North takes"."""
    return f"{scene.player_name(seat)} {verb if scene.is_you(seat) else verb + 's'}"


class EventSteps:
    def __init__(self, scene: Any):
        self.scene = scene

    @property
    def board(self):
        return self.scene.board

    def steps(self, event: Any) -> list[Step]:
        fn = getattr(self, f"ev_{event.kind}", None)
        if fn is None:
            return []
        out = fn(dict(event.data))
        return list(out or [])

    # ---------------------------------------------------------------- helpers
    def _move(self, duration: float, **kw: Any) -> None:
        self.scene.place_all(duration, **kw)

    def _deck_origin(self) -> dict:
        p = self.scene.layout.deck_place()
        return {"x": p.x, "y": p.y, "scale": p.scale}

    def _show_face(self, card: Card, code: str | None, reveal: set[int]) -> None:
        """A public card: if the viewer saw only its back, it turns face up as it moves."""
        if code and card.code is None:
            card.code = code
            reveal.add(card.id)
        elif code:
            card.code = code

    # ---------------------------------------------------------------- rounds
    def ev_round_start(self, d: dict) -> list[Step]:
        return [(self.scene.deal_round, T_DEAL)]

    # ---------------------------------------------------------------- your and their turns
    def ev_draw(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p = d.get("seat", b.me)
            code = d.get("card") if p == b.me else None
            card = b.new(code)
            b.concealed(p).append(card)
            if p == b.me:
                b.fresh = card.id
            b.deck = d.get("deck", max(0, b.deck - 1))
            self._move(0.34, origins={card.id: self._deck_origin()}, reveal={card.id} if code else set())
            self.scene.play("card_slide")
        return [(run, T_DRAW)]

    def ev_discard(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p, code = d["seat"], d["card"]
            reveal: set[int] = set()
            card = b.take_from_hand(p, code, prefer=self.scene.pending_card if p == b.me else None)
            self._show_face(card, code, reveal)
            b.row.append(card)
            if p == b.me:
                b.fresh = None
            self._move(0.3, reveal=reveal)
            self.scene.play("card_slide")
        return [(run, T_DISCARD)]

    def ev_joker_discard(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p = d["seat"]
            reveal: set[int] = set()
            card = b.take_from_hand(p, C.J, prefer=self.scene.pending_card if p == b.me else None)
            self._show_face(card, C.J, reveal)
            b.jokers[p].append(card)
            if p == b.me:
                b.fresh = None
            self._move(0.34, reveal=reveal)
            self.scene.play("card_slide")
        return [(run, T_DISCARD)]

    def ev_joker_block(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            card = b.take_from_hand(d.get("seat", 0), C.J)
            card.code = C.J
            b.row.append(card)
            b.fresh = None
            self._move(0.34)
            self.scene.play("card_slide")
        return [(run, T_DISCARD)]

    def ev_facedown(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p = d["seat"]
            card = b.take_from_hand(p, d.get("card"), prefer=self.scene.pending_card if p == b.me else None)
            conceal = set()
            if card.code is not None:
                card.code = None
                conceal.add(card.id)
            b.facedown[p].append(card)
            if p == b.me:
                b.fresh = None
            self._move(0.34, conceal=conceal)
            self.scene.play("card_slide")
        return [(run, T_DISCARD)]

    def ev_call(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p, code, block = d["seat"], d["card"], list(d["block"])
            reveal: set[int] = set()
            if self.scene.solo:
                called = b.hold if b.hold is not None else b.new(code)
                b.hold = None
            elif b.row and b.row[-1].code == code:
                called = b.row.pop()
            else:
                called = b.take_from_row(code)
            self._show_face(called, code, reveal)
            blk = [called]
            for c in block[1:]:
                card = b.take_from_hand(p, c)
                self._show_face(card, c, reveal)
                blk.append(card)
            b.exposures[p].append(blk)
            if p == b.me:
                b.fresh = None
            self._move(0.36, reveal=reveal)
            self.scene.play("call")
            self.scene.announce(f"{_says(self.scene, p, 'call')} the {C.name(code)}", 0.9)
        return [(run, T_CALL)]

    def ev_swap(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p, owner, bi = d["seat"], d["owner"], d["block"]
            gave, took = d["gave"], d["took"]
            reveal: set[int] = set()
            conceal: set[int] = set()
            if not 0 <= bi < len(b.exposures[owner]):
                return
            blk = b.exposures[owner][bi]
            if gave == C.J:          # a joker for the last matching natural card
                idx = max((i for i, c in enumerate(blk) if c.code == took), default=None)
            else:
                idx = next((i for i, c in enumerate(blk) if c.code == took), None)
            if idx is None:
                return
            give = b.take_from_hand(p, gave)
            self._show_face(give, gave, reveal)
            taken = blk[idx]
            blk[idx] = give
            b.concealed(p).append(taken)
            if p != b.me:
                taken.code = None
                conceal.add(taken.id)
            self._move(0.4, reveal=reveal, conceal=conceal)
            self.scene.play("card_slide")
        return [(run, T_SWAP)]

    # ---------------------------------------------------------------- the solo virtual opponent
    def ev_pass(self, d: dict) -> list[Step]:
        return []

    def ev_opp_draw(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            card = b.new(d["card"])
            b.hold = card
            b.deck = d.get("deck", max(0, b.deck - 1))
            self._move(0.4, origins={card.id: self._deck_origin()}, reveal={card.id})
            self.scene.play("card_flip")
        return [(run, T_OPP_DRAW)]

    def ev_opp_swap(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            owner, bi, code = d["owner"], d["block"], d["card"]
            card = b.hold if b.hold is not None else b.new(code)
            b.hold = None
            if 0 <= bi < len(b.exposures[owner]):
                blk = b.exposures[owner][bi]
                idx = next((i for i, c in enumerate(blk) if c.code == C.J), None)
                if idx is not None:
                    joker = blk[idx]
                    blk[idx] = card
                    b.spot.append(joker)
            self._move(0.45)
            self.scene.play("card_slide")
            self.scene.announce(f"The opponent swaps its {C.name(code)} for a joker", 1.1)
        return [(run, T_OPP_SWAP)]

    def ev_hold_to_row(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            card = b.hold if b.hold is not None else b.new(d["card"])
            b.hold = None
            b.row.append(card)
            self._move(0.36)
            self.scene.play("card_slide")
        return [(run, T_HOLD_TO_ROW)]

    def ev_opp_expose(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            cards = list(d["cards"])
            naturals = [c for c in cards if c != C.J]
            taken: list[Card] = []
            idx = sorted(d.get("row_indices", []), reverse=True)
            for i in idx:
                if naturals:
                    taken.append(b.take_from_row(naturals[0], i))
            while len(taken) < len(naturals):
                taken.append(b.take_from_row(naturals[0]))
            taken.reverse()
            blk = taken
            if d.get("joker"):
                blk.append(b.spot.pop() if b.spot else b.new(C.J))
            b.exposures[1].append(blk)
            self._move(0.45)
            self.scene.play("call")
            n = d.get("pungs", len(b.exposures[1]))
            self.scene.announce(f"The opponent exposes a pung of {C.name(naturals[0])} ({n} of 5)", 1.2)
        return [(run, T_EXPOSE)]

    def ev_double_flip(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            card = b.new(d["card"])
            b.row.append(card)
            b.deck = d.get("deck", max(0, b.deck - 1))
            self._move(0.42, origins={card.id: self._deck_origin()}, reveal={card.id})
            self.scene.play("card_flip")
            self.scene.announce(f"Double turn {d.get('turn', 1)} of 3: {C.name(d['card'])}", 1.0)
        return [(run, T_DOUBLE_FLIP)]

    # ---------------------------------------------------------------- declarations and the Double
    def ev_double(self, d: dict) -> list[Step]:
        def run() -> None:
            self.scene.announce(f"{_says(self.scene, d['seat'], 'call')} Double!", 1.4)
            self.scene.play("call")
        return [(run, T_BANNER)]

    def ev_drop(self, d: dict) -> list[Step]:
        return [(lambda: self.scene.announce(f"{_says(self.scene, d['seat'], 'drop')} the Double", 1.2), T_BANNER)]

    def ev_take(self, d: dict) -> list[Step]:
        return [(lambda: self.scene.announce(f"{_says(self.scene, d['seat'], 'take')} the Double: three turns "
                                           "to go out", 1.6), T_BANNER)]

    def ev_mahjong(self, d: dict) -> list[Step]:
        def run() -> None:
            b = self.board
            p = d.get("seat", b.me)
            reveal: set[int] = set()
            if p != b.me and "hand" in d:         # the winner shows the hand (public in the event)
                for card, code in zip(b.other, d["hand"]):
                    self._show_face(card, code, reveal)
            self._move(0.3, reveal=reveal)
            self.scene.announce(f"{_name(self.scene, p)} {'go' if self.scene.is_you(p) else 'goes'} Mahjong!", 1.4)
            self.scene.play("win")
        return [(run, 1.2)]

    def ev_round_end(self, d: dict) -> list[Step]:
        """The ended round stays on the table, the winning cards face up, with the summary; then
        the scene marks the round over (its result opens once this has been seen)."""
        text = d.get("summary", "")

        def run() -> None:
            b = self.board
            reveal: set[int] = set()
            winner = d.get("winner")
            for r in d.get("reveal") or []:
                if r.get("seat") == winner and winner is not None and winner != b.me and r.get("hand"):
                    for card, code in zip(b.concealed(winner), r["hand"]):
                        self._show_face(card, code, reveal)
            if reveal:
                self._move(0.3, reveal=reveal)
            if text:
                self.scene.announce(text, 2.4)
        return [(run, 1.8), (lambda: self.scene.end_of_round(d), 0.0)]

    # ---------------------------------------------------------------- the optional pass (two players)
    def ev_pass_offer(self, d: dict) -> list[Step]:
        n = d["count"]
        return [(lambda: self.scene.announce(f"{_says(self.scene, d['seat'], 'offer')} to pass {n} "
                                           f"card{'s' if n != 1 else ''}", 1.2), T_BANNER)]

    def ev_pass_answer(self, d: dict) -> list[Step]:
        n, agreed = d["count"], d["agreed"]
        text = (f"{_says(self.scene, d['seat'], 'answer')} {n}: "
                + (f"both pass {agreed} card{'s' if agreed != 1 else ''}" if agreed else "no cards are passed"))
        return [(lambda: self.scene.announce(text, 1.4), T_BANNER)]

    def ev_pass_exchange(self, d: dict) -> list[Step]:
        if "gave" not in d:
            return []          # the other player's half: our own half shows the whole exchange

        def run() -> None:
            b = self.board
            p = d["seat"]
            if p != b.me:
                return
            them = b.them
            conceal: set[int] = set()
            reveal: set[int] = set()
            got = [b.take_from_hand(them, None) for _ in d["got"]]     # before ours join their hand
            for code in d["gave"]:
                card = b.take_from_hand(p, code)
                card.code = None
                conceal.add(card.id)
                b.concealed(them).append(card)
            for card, code in zip(got, d["got"]):
                self._show_face(card, code, reveal)
                b.hand.append(card)
            self._move(0.45, reveal=reveal, conceal=conceal)
            self.scene.play("card_slide")
        return [(run, 0.7)]
