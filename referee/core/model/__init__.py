"""The game model: what any card game declares, on the ground of cards, text and errors.

``ruleset``: a game's ``Ruleset`` (key, title, players, deck, options, deal, card values, its
rules text and the questions it offers) and ``TableRules`` (a game bound to one table's
options); ``keeping``: how a kept game's hands are entered and scored, when it ends and who
wins; ``stakes``, ``team_sheet``, ``finishing``, ``seats``; ``reference``: the rules reference
written from that data. Nothing here names a game or a family: the families (``rummy``,
``tricks``, ``fishing``) and the games (``games``) sit above it.
"""
