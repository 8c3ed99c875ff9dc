"""Helpers the tests share: image comparison, JSON paths, print and rules kits."""
