"""The table kit: drawing and input parts every game's table scene shares.

Each part is its own module (import it directly); a game's table composes them and keeps only what
is its own (its layout numbers, its words, its pieces' frames).
"""
