"""face."""
