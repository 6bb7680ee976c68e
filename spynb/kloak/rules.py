"""KLOAK's rules: the rulebook's sections and rule sentences, and rulings KL-1 … KL-15.

Sections have ids such as ``KL/Gameplay``, the sentences inside them, in the
rulebook's words, ``KL/Gameplay.1`` … (the foam feet and the pointer to *Other
Games*, numbered after the others, are ``KL/Setup.3`` and ``KL/Setup.4``).  Rulings keep
their ``RULINGS.md`` ids.

>>> RULES.citation("KL-5")
'rulebook: Gameplay; ruling KL-5'
>>> RULES["KL/Unkloaking on Your Turn.8"].text
'The penalty for being incorrect is that your opponent is now allowed to take 2 turns in a row.'
"""

from __future__ import annotations

from spynb.engine.rules import RULING, RuleBook, printed_rules, register
from spynb.engine.rules import annotations as ruling_notes  # beside the __future__ import of the same name

__all__ = ["RULES"]

# (section title, its lines as printed): [n] starts sentence KL/<title>.<n>; see printed_rules
_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Object", (
        "[1] Be the first to align 2 sets of 3 small pieces of the same color and win!",
    )),
    ("Setup", (
        "[3] The first time you play, stick the non-slip foam feet onto the corners of the underside of the game "
        "board.",
        "[1] For the 2-player game, set up as shown. [2] Small pieces may be placed randomly within the three center "
        "rows as long as there are not three in a row of the same color in any direction.",
        "[4] For the 3 or 4-player games, see OTHER GAMES.",
    )),
    ("Gameplay", (
        "[1] Movement of the small pieces: A small piece may be moved one space in any direction as long as that "
        "space is open. [2] This includes the spaces formerly occupied by the big pieces at the start of the game.",
        "[3] Movement of the big pieces: A big piece may be moved one space in any direction as long as that space is "
        "open OR is occupied by a small piece. [4] Players can move ANY big piece at any time. [5] If you move a big "
        "piece onto a space occupied by a small piece, the big piece is placed over the top of the small piece. This "
        "is called KLOAKING.",
        "[6] When moving a big piece that is kloaking a small piece, you have 3 choices:",
        "- [7] Lift the big piece up and move it by itself to an adjacent open space.",
        "- [8] Lift the big piece up and place it over top another small piece on an adjacent space.",
        "- [9] Slide both the big piece (and the small piece under it) onto an open adjacent space.",
        "[10] Note: a slide is a full turn and players cannot use the same turn to lift the big piece and potentially "
        "reveal a win.",
    )),
    ("2 Ways to Score", (
        "- [1] Move a small piece so that 3 of the same color are in a row.",
        "- [2] Lift up 1, 2 or 3 big pieces to unkloak 3 small pieces of the same color in a row.",
        "[3] When you score, remove the 3 matching pieces from the board and place them near you. [4] This ends your "
        "turn.",
    )),
    ("Unkloaking on Your Turn", (
        "[1] If on your turn you believe there are 3 small pieces of the same color in a row, but kloaked, you may "
        "lift up any big pieces that you believe are kloaking the 3 small pieces of the same color. [2] You must "
        "allow your opponent to see the unkloaked pieces.",
        "- [3] If you're correct, score the 3 small pieces. [4] Take them off the board and place them near you. "
        "[5] Place any big pieces you lifted back where they were at the start of your turn. [6] This ends your turn.",
        "- [7] If you're incorrect, place any big pieces you lifted back where they were at the start of your turn. "
        "[8] The penalty for being incorrect is that your opponent is now allowed to take 2 turns in a row.",
        "[9] Note: Once you touch a piece, you must move it. [10] Unkloaking counts as a turn.",
    )),
    ("Other Games", ()),
    ("Simpler Game", (
        "[1] Remove 4 big pieces and set up the game board as shown at right. [2] Small game pieces may be placed "
        "randomly within the 3 center rows as shown, 1 per space, as long as there are not 3 in a row of the same "
        "color. [3] All other rules from the 2-player game apply.",
    )),
    ("3-Player Game", (
        "[1] Set up the game board as shown at right. [2] Small game pieces may be placed randomly as shown, 1 per "
        "space, as long as there are not 3 in a row of the same color. [3] All other rules from the 2-player game "
        "apply.",
    )),
    ("4-Player Game", (
        "[1] Set up the game board as in the 3-player game. [2] All other rules from the 2-player game apply, except "
        "you play this game in teams of 2. [3] Sit so that your partner is across from you.",
    )),
)

# (id, title, rulebook section it clarifies, the ruling in the project's own words)
_RULINGS: tuple[tuple[str, str, str, str], ...] = (
    ("KL-1", "Board", "Setup",
     "The board is 5 by 5: files a to e, ranks 1 to 5. With two players the 10 big pieces fill ranks 1 and 5 and "
     "the 15 small pieces (3 colours of 5) fill ranks 2 to 4. Big pieces belong to no one. A 4-colour set "
     "(4/4/4/3) is kept as data."),
    ("KL-2", "Setup", "Setup",
     "The small pieces are laid out uniformly at random among the layouts of ranks 2-4 with no three adjacent "
     "same-coloured pieces in a rank, file or diagonal: exactly what reshuffling until valid would give."),
    ("KL-3", "Adjacency", "Gameplay", "A move is one step in any of the 8 directions."),
    ("KL-4", "Small move", "Gameplay",
     "A small piece steps to an adjacent open square (no piece of either size on it). A kloaked small piece "
     "cannot move on its own."),
    ("KL-5", "Big move", "Gameplay",
     "A big piece steps to an adjacent open square, or onto an adjacent uncovered small piece (kloaking). A big "
     "piece that is kloaking has three choices: lift alone to an adjacent open square; lift onto another adjacent "
     "uncovered small piece; slide together with its small piece to an adjacent open square."),
    ("KL-6", "Scoring by a move", "2 Ways to Score",
     "Only a small-piece move scores by moving: afterwards, three adjacent uncovered small pieces of one colour in "
     "a line that includes the moved piece score. If several lines, or a line longer than three, qualify, the mover "
     "chooses which three. Lines made any other way (lifting a big piece off, sliding) do not score that turn; a "
     "visible line scores only when a later small move completes a line with the moved piece."),
    ("KL-7", "Unkloaking", "Unkloaking on Your Turn",
     "Instead of moving, a player names three adjacent squares in a line, each holding a small piece, at least one "
     "of them under a big piece, and lifts the big pieces on them; everyone sees the lifted pieces. One colour: the "
     "player scores them (the three small pieces leave the board, the big pieces go back to their squares). "
     "Otherwise the big pieces go back and the penalty applies."),
    ("KL-8", "Penalty", "Unkloaking on Your Turn",
     "After a wrong claim the next player in turn order takes two turns in a row. A wrong claim ends the "
     "claimer's turns: an extra turn it still had (from an earlier penalty) is lost, and the next player in turn "
     "order takes two turns."),
    ("KL-9", "Scoring and end", "Object",
     "Scored pieces leave the board. The first player, or team, with two scores wins. A player with no legal move "
     "must claim or pass, and may pass only then. Simulations may set a turn limit, which ends the game in a draw."),
    ("KL-10", "Simpler game", "Simpler Game", "Remove the four corner big pieces (a1, e1, a5, e5): 6 big pieces."),
    ("KL-11", "Three players", "3-Player Game", "The two-player board and layout, with three seats in turn order."),
    ("KL-12", "Four players", "4-Player Game",
     "The two-player board and layout with two teams of partners sitting opposite (seats 1 and 3 against 2 and 4), "
     "so turns alternate between the teams; a team's scores are pooled and both partners win."),
    ("KL-13", "What a player sees", "Gameplay",
     "A player's view hides the colour under every big piece; every move is public, so a player with perfect "
     "memory could follow them. Views offer both the board as seen and the public move history (and a memory aid "
     "derived from that history)."),
    ("KL-14", "Touch-move", "Unkloaking on Your Turn",
     "Once you touch a piece you must move it: engine actions are whole moves, so the rule lives in the boards — "
     "selecting a piece that has a legal move commits the player to moving it (a practice setting turns this off). "
     "The engine lists a touched piece's moves with piece_moves()."),
    ("KL-15", "Dead position", "Object",
     "When no player, or team, can reach two scores any more, even by making every score still possible, the game "
     "ends at once as a draw. A colour with n small pieces left on the board, covered ones included, can still give "
     "n // 3 scores. With three players each colour of five can be scored only once, so three players with one "
     "score each can never finish."),
)


RULES = register(RuleBook("kloak", printed_rules("KL", _SECTIONS) + ruling_notes("KL", RULING, _RULINGS)))
"""Every rule of KLOAK, by id (``KL/Gameplay``, ``KL/Gameplay.3``, ``KL-5``)."""
