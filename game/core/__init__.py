"""The pygame-free core shared by every game: pieces, rng, protocol, match driver, levels."""
