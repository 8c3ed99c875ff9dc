"""reportlab's internals are used in one module, pnp/pdf/rlforms.py. When reportlab changes them, these
tests fail and name what changed: port rlforms.py to the new version, then widen the range in pyproject."""

from __future__ import annotations

import ast
import hashlib
import inspect
import io
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

import pnp
from pnp.pdf import rlforms

ADAPTER = Path(rlforms.__file__).resolve()
PNP_ROOT = Path(pnp.__file__).resolve().parent


def _canvas_in_a_form() -> Canvas:
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.beginForm("probe", 0, 0, 10, 10)
    return canvas


@pytest.mark.parametrize("name", rlforms.CANVAS_ATTRIBUTES)
def test_the_canvas_attributes_the_adapter_reads_exist(name):
    canvas = _canvas_in_a_form()
    assert hasattr(canvas, name), f"reportlab {reportlab.Version}: Canvas has no {name} (pnp/pdf/rlforms.py reads it)"


@pytest.mark.parametrize("name, parameters", rlforms.CANVAS_METHODS.items())
def test_the_canvas_methods_the_adapter_calls_keep_their_parameters(name, parameters):
    method = getattr(Canvas, name, None)
    assert callable(method), f"reportlab {reportlab.Version}: Canvas.{name} is gone (pnp/pdf/rlforms.py calls it)"
    got = tuple(inspect.signature(method).parameters)
    assert got == parameters, f"reportlab {reportlab.Version}: Canvas.{name}{got}, rlforms.py expects {parameters}"


@pytest.mark.parametrize("name", rlforms.DOCUMENT_ATTRIBUTES)
def test_the_document_attributes_the_adapter_reads_exist(name):
    assert hasattr(_canvas_in_a_form()._doc, name), f"reportlab {reportlab.Version}: PDFDocument has no {name}"


def test_the_pdfdoc_names_the_adapter_uses_keep_their_parameters():
    wanted = {
        pdfdoc.xObjectName: ("externalname",),
        pdfdoc.PDFFormXObject.__init__: ("self", "lowerx", "lowery", "upperx", "uppery"),
        pdfdoc.PDFResourceDictionary.setShading: ("self", "shadingUsed"),
        pdfdoc.PDFResourceDictionary.setColorSpace: ("self", "colorsUsed"),
        pdfdoc.PDFDocument.addForm: ("self", "name", "form"),
    }
    for fn, parameters in wanted.items():
        assert tuple(inspect.signature(fn).parameters) == parameters, (
            f"reportlab {reportlab.Version}: {fn.__qualname__}"
        )


def test_reportlab_endform_is_still_the_source_the_adapter_ports():
    digest = hashlib.sha256(inspect.getsource(Canvas.endForm).encode()).hexdigest()
    assert digest.startswith(rlforms.ENDFORM_SOURCE_SHA256), (
        f"reportlab {reportlab.Version} changed Canvas.endForm: port FormCanvas.endForm in pnp/pdf/rlforms.py "
        f"to it and record its sha256 ({digest[:16]})"
    )


def _reportlab_private_names() -> set[str]:
    """Every private name a Canvas, its document or a form carries: what pnp code must not touch."""
    canvas = _canvas_in_a_form()
    objects = (canvas, Canvas, canvas._doc, pdfdoc.PDFDocument, pdfdoc.PDFFormXObject, pdfdoc.PDFResourceDictionary)
    names = {n for o in objects for n in dir(o) if n.startswith("_") and not n.startswith("__")}
    return names | set(rlforms.DOCUMENT_ATTRIBUTES) | set(rlforms.CANVAS_METHODS)


def test_no_other_module_touches_reportlab_internals():
    private = _reportlab_private_names()
    found = []
    for path in sorted(PNP_ROOT.rglob("*.py")):
        if path.resolve() == ADAPTER or "_bundled" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private:
                found.append(f"{path.relative_to(PNP_ROOT)}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
                found += [
                    f"{path.relative_to(PNP_ROOT)}:{node.lineno}: {a.name}" for a in node.names if a.name[0] == "_"
                ]
    assert not found, "reportlab internals outside pnp/pdf/rlforms.py:\n" + "\n".join(found)
