"""The classical kit: pure-Python pieces shared by the tile games (no pygame, no game rules).

- `tiles`  : the 34 kinds and the bonus tiles as small ints, stable piece ids, the notation parser,
             and an allocator that turns kinds into distinct physical pieces.
- `wall`   : live wall, kong box (dead wall / loose tiles) with top-up, exhaustion.
- `seats`  : next seat, distance and order in either direction, seat winds and dealer rotation.
- `claims` : a claim window's sealed answers resolved by rank, then a tie-break order.
- `hands`  : 34-count hands: complete or not, every arrangement, shanten, waits, useful tiles.
- `ledger` : transfers between seats, running totals, itemised lines per seat.

Each module documents its contract; docs/CONTRACTS.md has the summary.
"""
