"""Base Rules rummy."""
