"""The question screens, one module per kind of question, each its own blueprint: the meld
checker (``checker``), the hand arranger (``arranger``), rummy calls (``rummy_check``), "Can we
open?" and "May we go out?" (``at_the_table``), "Who's lowest?" (``lowest``); the card picker
and the pile taps they share. Which games a question is asked of is each ruleset's to say, so
no screen names a game. A new kind of question adds its module here and registers its
blueprint in ``referee.web``.

The games answered for without keeping score have a module each (``escoba``, ``bourre``,
``piquet``, ``jack_change_it``), sharing the card boxes a tap fills (``card_boxes``); ``more``
lists them, with their titles, for the home page, and registers their blueprints.
"""

from . import arranger, at_the_table, checker, lowest, rummy_check

__all__ = ["arranger", "at_the_table", "checker", "lowest", "rummy_check"]
