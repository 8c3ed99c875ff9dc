"""A sweep's chart: win % against the swept values, one line per player count, 95 % intervals as bars.

matplotlib is the optional extra `chart` (`pip install 'tranquility-pnp[chart]'`); the bytes are
the same for the same sweep (fixed SVG ids, no dates or software names in the files).
"""

from __future__ import annotations

import io

from pnp.rules.sweep import SweepResult


def chart_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def render_chart(result: SweepResult) -> dict[str, bytes]:
    """{"png": …, "svg": …} of the sweep's chart."""
    # optional extra [chart]: matplotlib (+350 ms CPU, measured) only when this runs
    import matplotlib

    matplotlib.use("Agg")
    # optional extra [chart]: matplotlib (+906 ms CPU, measured) only when this runs
    from matplotlib import pyplot as plt

    with matplotlib.rc_context({"svg.hashsalt": "pnp-sweep", "svg.fonttype": "path", "font.size": 9}):
        fig, ax = plt.subplots(figsize=(7, 4.2), dpi=120)
        labels = list(dict.fromkeys(vals for vals, _, _ in result.cells))
        xs = range(len(labels))
        for p in result.players:
            by = {vals: r for vals, q, r in result.cells if q == p}
            rates = [100 * by[v].win_rate for v in labels]
            lo = [100 * (by[v].win_rate - by[v].interval[0]) for v in labels]
            hi = [100 * (by[v].interval[1] - by[v].win_rate) for v in labels]
            ax.errorbar(
                list(xs), rates, yerr=[lo, hi], marker="o", capsize=3, label=f"{p} player{'s' if p > 1 else ''}"
            )
        ax.set_xticks(list(xs))
        ax.set_xticklabels([result.label(v) for v in labels], rotation=20 if len(labels) > 6 else 0)
        ax.set_ylabel("games won, % (95 % interval)")
        ax.set_ylim(0, 100)
        ax.grid(axis="y", alpha=0.3)
        ax.set_title(f"{result.game}, {result.bot} bot, {result.games} games per point, seed {result.seed}")
        ax.legend(fontsize=8)
        fig.tight_layout()
        out = {}
        for fmt, meta in (("png", {"Software": None}), ("svg", {"Date": None, "Creator": None})):
            buf = io.BytesIO()
            fig.savefig(buf, format=fmt, metadata=meta)
            out[fmt] = buf.getvalue()
        plt.close(fig)
    return out
