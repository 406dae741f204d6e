"""The table kit: drawing and input parts every game's table scene shares.

Each part is its own module (import it directly); a game's table composes them and keeps only what
is its own (its layout numbers, its words, its pieces' frames). Mint Tin and Rummy are built on:

    stage      Stage, Target, Spawn: one sprite per piece key following the layout's targets (z-ordered drawing)
    presenter  Presenter: steps shown one after another at a pace; busy / drain (skip)
    chooser    Chooser, Option, Modal: pick one of several actions by mouse or keys (rows or cells)
    banner     Banner, ANNOUNCE, ALERT: a big announcement (or refusal) on a panel, fading out when timed
    fan        HandFan, fan_row, insert_index, reorder: the hand's selection, lift, focus and drag reorder
    hand_order HandOrder: the viewer's own order of their hand (sorted or arranged), per seat, in match.meta
    hint_jobs  HintJobs, Question: every table's hint worked out in the worker, once per position (TableScene.hint_jobs)

The four-seat discard tables' parts (seatspace, seats4, river, melds, bonus, wall_square, announce) are
described in docs/table-kit-discard.md; their `Placed` pieces become stage Targets.

The canvas caches translucent panels (`canvas.box`, `canvas.panel_surface`) and `game.app.atlas.piece_frame`
names a piece's atlas frame.
"""
