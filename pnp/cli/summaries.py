"""The first paragraph of each command's help, as `pnp --help` lists it, so listing the commands
imports none of their modules (cold `pnp --help` in ~0.25 s instead of ~0.6 s: docs/performance.md).
tests/test_cli_docs.py fails when a command's help no longer starts with its summary here; a
command missing here is listed by loading its module."""

SUMMARIES: dict[str, str] = {
    "sheets": (
        "PDF sheets of every card, fronts each followed by their backs, and a printer calibration sheet, for "
        "each paper: OUT/GAME/sheets/GAME-a4.pdf, OUT/GAME/GAME-calibration-a4.pdf."
    ),
    "export": (
        "Files for print-on-demand services, Tabletop Simulator, previews or cutting machines: pnp export "
        "TARGET GAME writes OUT/GAME/export/TARGET[-OPTIONS]/ (the folder's name carries the options that "
        "change the files, e.g."
    ),
    "build": (
        "Build everything: SVG faces, duplex PDF sheets (A4 and Letter by default), printer calibration "
        "sheets, deck listings, the rules booklet and a rule-checked sample setup per game, then the gallery "
        "OUT/index.html."
    ),
    "render": (
        "Render the SVG faces only, one file per distinct face, into OUT/GAME/svg/; the faces of another ink,"
        " module set or language have their own folder (svg-ink-saver/, svg-no-modules/, svg-it/), so they "
        "never replace the default faces `pnp build` shows in the gallery."
    ),
    "validate": ("Check your specs against the JSON Schema and the rules; print every problem at once."),
    "list": ("Print the resolved deck: every card with id, kind, count and fields."),
    "booklet": (
        "The rules booklet, made from the game's resolved rules: OUT/GAME/rules-a4.pdf, rules-letter.pdf, and"
        " rules-booklet-a4.pdf / rules-booklet-letter.pdf imposed to fold into an A5 / half-letter booklet "
        "(print duplex, flip on the short edge, fold, staple); and the designer's sheet, designer-a4.pdf / "
        "designer-letter.pdf (the variants and rule options, with their spec keys and commands)."
    ),
    "setup": ("Deal a setup by the rules, check it, and write the state (JSON) and a setup sheet (SVG + PDF)."),
    "check": ("Check a setup or mid-game state against the rules; exit 1 when any rule is broken."),
    "simulate": (
        "Play games with a bot and report the win rate (95 % Wilson interval), how far games got and why they"
        " were lost; games per second go to stderr."
    ),
    "sweep": (
        "Simulate a grid of variants × player counts and print win rates with 95 % Wilson intervals; write a "
        "chart (PNG and SVG, with the optional extra '.[chart]')."
    ),
    "games": ("List every game and variant that can be built, with its title and what it extends."),
    "docs": ("Print a page of the documentation shipped with the tool, or list the pages."),
    "replay": (
        "Re-check a game record: the setup, every move and every state after it; exit 1 naming the first move"
        " that breaks a rule (move number, player, rule id and sentence)."
    ),
    "serve": (
        "Serve the gallery of the chosen games on a local web server; on every save in card_specs/ or "
        "templates/ (art, images and spreadsheets of cards included) draw the faces that changed and update "
        "the open page, then rebuild the sheets and the rest (a newer save stops that)."
    ),
    "play": (
        "Open a virtual table in the browser: the dealt setup with the game's own faces, hot seat for every "
        "player, any seat to the bot; the rules engine judges every move."
    ),
    "variant": ("Make and compare custom deck variants."),
    "printer": (
        "Show, set or clear the printer profile: the back offset `pnp build` and `pnp sheets` apply when "
        "--back-offset is not given."
    ),
}
