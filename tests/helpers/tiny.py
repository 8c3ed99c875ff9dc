"""The smallest playable variant the tests build: Tranquility with a sea of one row of two cells,
dealt from four islands (a build takes well under a second; nearly every deal is lost)."""

TINY = {
    "id": "tiny",
    "extends": "tranquility",
    "title": "Tiny",
    "kinds": [
        {"id": "island", "each": {"number": {"from": 1, "to": 4}}},
        {"id": "border", "count": 6},
        {"id": "finish", "count": 1},
    ],
    "rules": {"grid": {"rows": 1, "cols": 2}},
}
