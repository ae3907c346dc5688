"""Escoba's narrow kinds of bad input, beside the ground's (bad card syntax, a card not in
the 40-card deck, a card twice)."""

from __future__ import annotations

from ...errors import RefereeInputError


class OpeningTableError(RefereeInputError):
    """An opening table of other than four cards."""

    code = "bad_opening_table"


class EscobaCountsError(RefereeInputError):
    """A side's counts that no captured cards could give (more diamonds than cards, the 7♦
    taken by two sides, more escobas than captures)."""

    code = "bad_escoba_counts"
