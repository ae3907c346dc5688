"""Basic Rummy."""
