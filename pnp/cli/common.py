"""What every command shares: error reporting without tracebacks, and output to stderr."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Annotated, TypeVar

import typer

from pnp.core.errors import PnpError, SpecError, cut
from pnp.core.pool import cores

F = TypeVar("F", bound=Callable)


def reports_errors(fn: F) -> F:
    """Print a PnpError as its sentence(s) on stderr and exit with its code (1, or 2 for usage)."""
    return _reporting(fn, "; nothing was written")


def reports_errors_reading(fn: F) -> F:
    """`reports_errors` for a command that only reads (check, replay): the count of problems says
    nothing about writing."""
    return _reporting(fn, "")


def _reporting(fn: F, after_count: str) -> F:
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except SpecError as exc:
            for problem in exc.problems:
                typer.echo(str(problem), err=True)
            count = len(exc.problems)
            typer.echo(f"{count} problem{'s' if count != 1 else ''} found{after_count}", err=True)
            raise typer.Exit(exc.exit_code) from None
        except PnpError as exc:
            for line in str(exc).splitlines():
                typer.echo(f"error: {line}", err=True)
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:  # the reader went away (`pnp list … | head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(0) from None
        except OSError as exc:  # a folder that cannot be made, a full disk, no permission
            where = f"{exc.filename}: " if exc.filename else ""
            typer.echo(f"error: {where}{exc.strerror or exc}; the last good output is untouched", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("interrupted; nothing was half-written", err=True)
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


LANG_HELP = (
    "Language of every printed word (faces, sheets, setup, booklet): en or it (default: the spec's language, else en)."
)
Lang = Annotated[str | None, typer.Option("--lang", metavar="LANG", help=LANG_HELP)]  # `lang: Lang = None`


def note(message: str, quiet: bool = False) -> None:
    """Progress and summaries go to stderr, so stdout stays the result."""
    if not quiet:
        print(message, file=sys.stderr)


def note_kept(out, kept, quiet: bool = False) -> None:
    """Files a command no longer makes but left alone because they changed since it wrote them."""
    for rel in kept:
        note(f"kept {out / rel}: changed since it was written", quiet)


def parse_seed(text: str) -> int:
    """--seed: a whole number in the range of a state's seed; anything else is a usage error that
    quotes at most a few characters of what was given (a 4,000-digit seed is not echoed)."""
    # lazy: -25 ms on pnp list, pnp validate and pnp build --help (docs/decisions.md "Plumbing only where it pays")
    from pnp.rules.state.model import SEEDS

    low, high = SEEDS
    text = str(text)  # the default arrives as an int
    cleaned = text.strip()
    digits = cleaned.lstrip("+-")
    if digits.isdecimal() and digits.isascii() and len(digits) <= 20 and low <= int(cleaned) <= high:
        return int(cleaned)
    shown = repr(text) if len(text) <= 24 else repr(text[:12]) + f"… ({len(text)} characters)"
    raise typer.BadParameter(f"expected a whole number from {low} to {high}, not {shown}")


def _check_jobs(value: int | None) -> int | None:
    """--jobs: 1 or more, and no more than the cores this process may use (a one-line note says so):
    more processes than cores only wait on each other, and `--jobs 1000000` must not start 500."""
    if value is None:
        return None
    if value < 1:
        raise typer.BadParameter(
            f"expected a number of worker processes, 1 or more (leave --jobs out for every core), not {value}"
        )
    usable = cores()
    if value > usable:
        note(
            f"note: --jobs {cut(str(value), 24)} is more than the {usable} core(s) this process may use; using {usable}"
        )
        return usable
    return value


JOBS_HELP = (
    "Worker processes, at most N (default: every core this process may use; 1: none, everything in this process). "
    "The output is the same for any number."
)
Jobs = Annotated[int | None, typer.Option("--jobs", "-j", metavar="N", help=JOBS_HELP, callback=_check_jobs)]
"""The one `--jobs` option: `jobs: Jobs = None` in a command's signature (see pnp/core/pool.py)."""


FORCE_HELP = (
    "Replace files in the way that pnp did not write, or that changed since it wrote them "
    "(without it the command names them and stops before writing anything)."
)
Force = Annotated[bool, typer.Option("--force", help=FORCE_HELP)]  # `force: Force = False`
