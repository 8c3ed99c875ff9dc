"""The Ascent's piece kinds as the engine counts them (small ints index its lists); the engine and the
module goals (pnp/rules/ascent/modules.py) both read them."""

TERRAIN, SUMMIT, BRIDGE, CAMPFIRE, PANORAMA, GOAT, OTHER = range(7)
