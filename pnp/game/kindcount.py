"""How many cards of a kind, in words ("2 starts", "2 partenze"): one plural message per kind name
of the bundled specs, so each language picks its own plural forms (ngettext). A kind named
otherwise (a user's own spec) prints its count and its name as written, lower-cased."""

from __future__ import annotations

from pnp.core.i18n import NN_, Translator

KIND_COUNTS = {  # a kind's name (the spec's "name", the catalogue's id) → its count's singular and plural
    "Island": NN_("{n} island", "{n} islands"),
    "Start": NN_("{n} start", "{n} starts"),
    "Finish": NN_("{n} finish", "{n} finishes"),
    "Border": NN_("{n} border", "{n} borders"),
    "Reference": NN_("{n} reference", "{n} references"),
    "Terrain": NN_("{n} terrain", "{n} terrains"),
    "Summit": NN_("{n} summit", "{n} summits"),
    "Bridge": NN_("{n} bridge", "{n} bridges"),
    "Campfire": NN_("{n} campfire", "{n} campfires"),
    "Panorama": NN_("{n} panorama", "{n} panoramas"),
    "Goat": NN_("{n} goat", "{n} goats"),
    "Green Path reference": NN_("{n} Green Path reference", "{n} Green Path references"),
    "Panorama reference": NN_("{n} Panorama reference", "{n} Panorama references"),
    "Mountain Goats reference": NN_("{n} Mountain Goats reference", "{n} Mountain Goats references"),
}


def kind_count(t: Translator, name: str, n: int) -> str:
    """`n` cards of the kind called `name`, in the translator's language and plural."""
    forms = KIND_COUNTS.get(name)
    if forms is None:
        return f"{n} {t.gettext(name).lower()}"
    return t.ngettext(*forms, n)
