"""The rummy family: contracts, the arranger (``solver``), scoring a rummy hand from its melds,
rummy calls and the pile games' calls; on top of the model and the meld grammar (``melds``,
``table``), under the rummy games in ``games``.
"""
