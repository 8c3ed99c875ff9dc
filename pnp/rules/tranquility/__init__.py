"""tranquility."""
