"""Kuhn poker, the fixture game: three cards, two players, one betting round.

Every part a game has, in one folder: rules (:mod:`.rules`), actions and
notation (:mod:`.actions`), the turn procedure (:mod:`.state`), its events'
sentences (:mod:`.narration`), what a seat sees (:mod:`.views`), text and SVG
display (:mod:`.display`, :mod:`.svg`), a rule-of-thumb bot and the search
bot's ``determinise`` (:mod:`.bot`, :mod:`.determinise`), a board
(:mod:`.widget`, ``widget.js``, ``widget.css``) and the manifest naming them.
It lives under ``tests/`` and is never shown on the site.
"""
