"""The setup sheet, a stage above the rules: the dealt table pictured from above, drawn by asking the
game's engine for its table (pnp/rules/picture.py), then written with the state and its check.

- `render_setup_sheet(game, state) -> (svg, pdf bytes)`   pnp/setupsheet/sheet.py
- `setup_outputs(game, players, seed) -> {path: bytes}`  pnp/setupsheet/outputs.py
"""
