"""Procedural painters for the sprite atlas (see tools/build_atlas.py and docs/atlas.md)."""
