"""tranquility-pnp: print-and-play generator for the Tranquility card games."""

__version__ = "0.1.0"
