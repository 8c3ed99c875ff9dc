"""ascent."""
