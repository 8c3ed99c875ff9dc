"""Line, a toy third game: proof that a game is added behind the engine protocol (docs/architecture.md,
"Adding a third game"). Cells in a row fill from the left, each card higher than the one before it;
on a turn a player plays one card into the next cell, or discards two cards, then draws back up from
their own pile. The line full wins; a player who can neither play nor discard loses."""
