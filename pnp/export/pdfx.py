"""PDF/X-1a:2003 (ISO 15930-4) for a PDF of CMYK images: the output intent, the PDF/X keys of the
document information dictionary, a fixed file identifier and PDF 1.4 are added with pikepdf
(`save_pdfx`, on the document the drivethru export builds with pikepdf).

The output condition is FOGRA39 (ISO 12647-2:2004/Amd 1, coated paper), registered in the ICC's
characterization registry, named by its identifier and registry, with a FOGRA39 output profile
embedded as its DestOutputProfile (preflight tools ask for one even for a registered condition).
No package installable by pip or apt ships a ready FOGRA39 profile, so the project ships one made
from Fogra's characterization data in Debian's icc-profiles-free (pnp/export/icc/README.md).
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pikepdf
from pikepdf import Dictionary, Name, String

OUTPUT_CONDITION = "FOGRA39"
REGISTRY = "http://www.color.org"
CONDITION_INFO = (
    "Coated FOGRA39 (ISO 12647-2:2004/Amd 1): offset printing, paper type 1 or 2 (coated art), "
    "115 g/m2, screen ruling 60/cm"
)
PDFX_VERSION = "PDF/X-1:2003"
MAX_INK = 240  # per cent, DriveThruCards' limit
PROFILE = Path(__file__).with_name("icc") / "FOGRA39L-240.icc"


@cache
def output_profile() -> bytes:
    """The FOGRA39 output profile (ICC v2, CMYK) the output intent embeds."""
    return PROFILE.read_bytes()


FIXED_DATE = "D:20000101000000+00'00'"  # the same inputs give the same bytes


def save_pdfx(document, title: str) -> bytes:
    """Save a pikepdf document as PDF/X-1a:2003 (output intent, GTS_PDFXVersion, Trapped, title,
    dates, PDF 1.4, a fixed identifier). Compressed streams are copied as they are, not decoded
    and compressed again."""
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(OUTPUT_CONDITION),
        OutputCondition=String(CONDITION_INFO),
        RegistryName=String(REGISTRY),
        Info=String(CONDITION_INFO),
        DestOutputProfile=document.make_stream(output_profile(), N=4),
    )
    document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])
    info = document.trailer.Info if "/Info" in document.trailer else document.make_indirect(Dictionary())
    info.Title = String(title)
    info.Creator = String("tranquility-pnp")
    for key in ("/CreationDate", "/ModDate"):
        if key not in info:
            info[key] = String(FIXED_DATE)
    info.GTS_PDFXVersion = String(PDFX_VERSION)
    info.Trapped = Name("/False")
    document.trailer.Info = info
    out = io.BytesIO()
    document.save(
        out,
        force_version="1.4",
        deterministic_id=True,
        compress_streams=True,
        stream_decode_level=pikepdf.StreamDecodeLevel.none,
    )
    return out.getvalue()
