"""Eversol Rummy: six contracts, lowest total wins; its hands can be followed turn by turn."""
