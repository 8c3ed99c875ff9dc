"""Faces: milliseconds a face to render as SVG and to paint as PDF operators (the two hot loops).

Usage: python bench/faces.py [--runs 5]

Renders every bundled face (Tranquility and The Ascent) with caches warm, as a build does after its
first faces, and again with the SVG writer's caches emptied first (pnp.svg.face.clear_cache: each
element written once more, as in a first build), and paints each into PDF operators. Prints the
median over the runs, per face. These
figures replaced the wall-clock assertions the tests once held (tests check correctness only); the
earlier goals were under 2 ms a face to render and under 3 ms a face to paint.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.pdf.paint import face_operators
from pnp.pipeline.load import load_game
from pnp.svg.face import clear_cache
from pnp.svg.faces import render_faces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    games = [load_game("tranquility"), load_game("ascent")]
    faces = [face for game in games for face in render_faces(game)]  # warm: templates, art, glyphs
    for face in faces:
        face_operators(face, 200.0, 200.0)
    render, cold, paint = [], [], []
    for _ in range(runs):
        clear_cache()
        started = time.perf_counter()
        count = sum(len(render_faces(game)) for game in games)
        cold.append((time.perf_counter() - started) / count)
        started = time.perf_counter()
        count = sum(len(render_faces(game)) for game in games)
        render.append((time.perf_counter() - started) / count)
        started = time.perf_counter()
        for face in faces:
            face_operators(face, 200.0, 200.0)
        paint.append((time.perf_counter() - started) / len(faces))
    print(f"{len(faces)} faces, median of {runs} runs")
    print(f"render SVG  {statistics.median(render) * 1000:.3f} ms a face")
    print(f"  (first)   {statistics.median(cold) * 1000:.3f} ms a face, the SVG writer's caches empty")
    print(f"paint PDF   {statistics.median(paint) * 1000:.3f} ms a face")


if __name__ == "__main__":
    main()
