"""CSV as spreadsheet programs export it: UTF-8 with or without a byte-order mark, fields separated
by commas, semicolons (where the decimal mark is a comma) or tabs, quoted with double quotes.

The separator is read off the header row, deterministically: header cells are field names, which
hold none of the three, so the separator is the one that occurs in the first line outside quotes
(the most frequent; on a tie the first of comma, semicolon, tab). A file in another encoding is
refused with the way to save it as UTF-8: guessing an encoding would print wrong letters silently.
"""

from __future__ import annotations

import csv
import io

from pnp.spec.table.grid import MAX_COLUMNS, MAX_ROWS, Grid, file_problem, too_many_rows, trimmed

SEPARATORS = (",", ";", "\t")
_UTF16 = (b"\xff\xfe", b"\xfe\xff")
_SAVE_AS = "save it as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)"


def read_csv(raw: bytes, file: str) -> Grid:
    text = _decode(raw, file)
    separator = sniff_separator(text)
    rows: list[tuple] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, quotechar='"', strict=False)
    try:
        for row in reader:
            if len(rows) == MAX_ROWS:
                raise too_many_rows(file)
            rows.append(trimmed([cell.strip() for cell in row[: MAX_COLUMNS + 1]]))
    except csv.Error as exc:
        raise file_problem(file, f"is not CSV that can be read (line {reader.line_num}: {exc})") from None
    return Grid(file, None, tuple(rows))


def _decode(raw: bytes, file: str) -> str:
    if raw.startswith(_UTF16):
        raise file_problem(file, f"is UTF-16 text (as Excel's 'Unicode Text'); {_SAVE_AS}")
    if b"\x00" in raw[:4096]:
        raise file_problem(file, "holds zero bytes: it is not a CSV text file (an XLSX or ODS file named .csv?)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = f"byte {exc.start} is {raw[exc.start]:#04x}, as Windows-1252 or Latin-1 writes it"
        raise file_problem(file, f"is not UTF-8 text ({byte}); {_SAVE_AS}") from None
    return text.removeprefix("\ufeff")


def sniff_separator(text: str) -> str:
    """The separator of the header row (module docstring)."""
    counts = dict.fromkeys(SEPARATORS, 0)
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif char in "\r\n" and not quoted:
            break
        elif char in counts and not quoted:
            counts[char] += 1
    best = max(counts.values())
    return next(s for s in SEPARATORS if counts[s] == best) if best else ","


def write_csv(rows: list[list[str]]) -> bytes:
    """Rows as CSV UTF-8 with a byte-order mark (so that Excel reads the letters right), CRLF lines."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")
