"""The package's version: one place that hatch reads (pyproject.toml) and the code imports."""

__version__ = "0.1.0"
