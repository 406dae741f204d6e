"""Mahjong Parlour: five Mahjong-family games at one table."""

__version__ = "0.1.0"
