"""The Target's rules: rulebook sections and sentences, rulings TG-1 … TG-14, the
publisher's FAQ facts TG-FAQ-1 … TG-FAQ-7, and spynb's readings TG-S1 … TG-S12.

>>> RULES.citation("TG-5")
'rulebook: Deflect; ruling TG-5'
>>> RULES.citation("TG-FAQ-5")
"rulebook: Advance to HQ; publisher's FAQ TG-FAQ-5"
>>> RULES.citation("TG-S4")
'rulebook: Attacks; spynb: several attacks, one effect'
>>> RULES["TG/Play.3"].text[:40]
'The Target flips over and reveals all th'
"""

from spynb.engine.rules import ENGINE, RULING, RuleBook, annotations, printed_rules, register

FAQ = "faq"
"""The publisher's FAQ: public facts, quoted in RULINGS.md beside the rulings."""

# (section title, its lines as printed): [n] starts sentence TG/<title>.<n>; see printed_rules
_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Components", (
        "[1] The Target includes:",
        "• 2 Headquarter Placeholders",
        "• 16 Affiliation Cards",
        "• 12 \"Top Secret\" Envelopes",
        "• 4 Deck Trays",
        "• 36 Clearance Tokens (3 Colors)",
        "• 1 Rookie Deck (96 Cards)",
        "• 1 Operative Deck (36 Cards)",
        "• 1 Espionage Deck (40 Cards)",
        "• 1 Intel Deck (34 Cards)",
        "• 1 Target Marker",
    )),
    ("Setup", ()),
    ("Affiliation Setup Chart", (
        "[1] Number of Players\tPile 1: Cards automatically included in deck\tPile 2: Possible cards included in deck",
        "4\t1 CIA, 1 KGB\t(1 CIA, 1 KGB, 1 DOUBLE AGENT) PICK 2",
        "5\t2 CIA, 2 KGB\t(1 CIA, 1 KGB, 1 DOUBLE AGENT) PICK 1",
        "6\t2 CIA, 2 KGB\t(1 CIA, 1 KGB, 2 DOUBLE AGENT) PICK 2",
        "7\t2 CIA, 2 KGB\t(2 CIA, 2 KGB, 2 DOUBLE AGENT) PICK 3",
        "8\t3 CIA, 3 KGB\t(1 CIA, 1 KGB, 3 DOUBLE AGENT) PICK 2",
        "9\t3 CIA, 3 KGB\t(2 CIA, 2 KGB, 3 DOUBLE AGENT) PICK 3",
        "10\t4 CIA, 4 KGB\t(1 CIA, 1 KGB, 3 DOUBLE AGENT) PICK 2",
        "11\t4 CIA, 4 KGB",
    )),
    ("Setup Steps", (
        "[1] Split the Affiliation Deck into 2 piles according to the Affiliation Setup Chart above.",
        "[2] Pile 1 will have an equal number of CIA and KGB cards and are automatically included in the Final "
        "Combined Affiliation Pile.",
        "[3] Pile 2 will have varying numbers of CIA, KGB and DOUBLE AGENT cards (depending on the number of players). "
        "Only some of these cards will end up in the Final Combined Affiliation Pile.",
        "[4] Shuffle the cards in Pile 2 and randomly pick the amount indicated on the Affiliation Setup Chart. "
        "Shuffle these cards into Pile 1. Remove the cards not picked from play. This Final Combined Affiliation Pile will "
        "have as many cards as there are players.",
        "[5] Example: There are seven players. Make Pile 1 with 2 CIA cards and 2 KGB cards. Then make Pile 2 with 2 "
        "CIA cards, 2 KGB cards and 2 Double Agent cards. Shuffle Pile 2 and randomly pick 3 cards. Add these 3 cards "
        "to Pile 1 and shuffle. Remove the cards not picked from play.",
        "Note: The manual repeats this example on several pages, partly printed under black bars in the scan so that "
        "it is illegible; the legible copy above is the one transcribed.",
        "[6] Each player draws one Affiliation Card, secretly looks at their affiliation and inserts the card inside "
        "their envelope (making sure the affiliation color can be seen through the notch on the back of the "
        "envelope). [7] Place the CIA and KGB HQ cards in the middle of the table and then place all the envelopes "
        "(\"Top Secret\" side up) in a circle with the HQ cards on opposite ends of the circle (*see diagram). Make "
        "sure the envelopes are evenly distributed around the circle and that all players remember which is theirs.",
        "[8] Shuffle and place the four other decks face-down in the designated trays. Then deal 4 cards to each "
        "player from the Rookie Deck.",
        "[9] Place the Target Marker on the KGB headquarters then move it clockwise on top of the next envelope. This "
        "will be the first Target.",
    )),
    ("Play", (
        "[1] For each turn, ALL players place one of their cards face-down into the area in the middle of all the "
        "envelopes. [2] The player with The Target Marker on their envelope is \"The Target\", and the recipient of "
        "all the cards played in the center. [3] The Target flips over and reveals all the cards in the pile so that "
        "all players can see which cards were played. The Target then deals with the cards in this order:",
        "[4] 1. If a \"Deflect Forward\" or \"Deflect Backward\" card is played, The Target Marker immediately is "
        "moved to the next envelope and that player is the new Target and recipient of the cards. (*see Deflect) "
        "This card is discarded to the Intel discard pile.",
        "[5] 2. Any Operative Card is applied to the Target unless the \"Missed\" card is played (this card applies "
        "to all attacks on The Target) or The Target is able to use the two card combination of Rookie cards "
        "indicated on the particular Operative Card (he/she can use cards played in the pile or cards in his hand to "
        "make the combination). Discard Operative Cards to the Operative discard pile.",
        "[6] 3. Any Surveillance Card that is not countered by an Evasion Card or combination must be placed face up "
        "in front of The Target. Countered Surveillance Cards and used Evasion cards are discarded to the Espionage "
        "discard pile.",
        "[7] 4. If the Target is on one of the Headquarters, any Intel played is deposited (unless destroyed by the "
        "\"Bombed\" Operative Card). Deposited Intel is placed next to HQ for all to see and remains there "
        "permanently. Destroyed Intel is discarded to the Intel discard pile.",
        "[8] 5. If a \"Reverse\" card or \"Advance to HQ\" card is played it is noted that the next turn will be on a "
        "different Target and those cards are discarded to the Intel discard pile.",
        "[9] 6. The Target adds the remaining cards to his hand and uses the ones he/she can to gain advanced "
        "security clearance (*see Security Clearance). Players should always have 4 cards in their hand, so he/she "
        "discards all cards not used to the appropriate discard pile or draws enough cards from the decks where "
        "he/she has clearance. The Target Marker then moves clockwise around the board to the next envelope or HQ, "
        "indicating the next Target.",
    )),
    ("Winning the Game", (
        "[1] When the Target Marker lands on either team's headquarters, the cards are revealed and any Intel Cards "
        "stay at the headquarters.",
        "[2] The game ends when one team has successfully deposited 3 Intel Cards of the same letter (including dirty "
        "intel) on the team headquarters. The team whose headquarters has 3 matching Intel cards wins.",
    )),
    ("Double Agents", (
        "[1] Double Agents play the same as other agents, only their goal is to deposit 3 Dirty Intel cards to either "
        "Headquarters. [2] In other words, if there are 2 Dirty Intel Cards on the CIA headquarters and 1 Dirty Intel "
        "Card on the KGB headquarters, Double Agents win. [3] If no Double Agents claim victory, play continues until "
        "the CIA or KGB has won.",
    )),
    ("Security Clearance", (
        "[1] Players may draw cards from any deck, as long as they have security clearance for that deck. [2] To gain "
        "security clearance, simply turn in a set of 3 Rookie cards of matching colors and place them in the Rookie "
        "Deck discard pile.",
    )),
    ("Security Clearance Guide", (
        "• [1] 3 Training Cards (Martial Arts, Deception, Explosives) grant you access to the Operative Deck.",
        "• [2] 3 Materials Cards (Kevlar, Chemicals, Technology) grant you access to the Espionage Deck.",
        "• [3] 3 Contacts Cards (Defector, Informant, Mole) grant you access to the Intel Deck.",
        "[4] When you gain access, take a Clearance Token of the appropriate color to indicate that you have "
        "clearance to take cards from that deck.",
        "[5] Turning in a set of three Language cards (French, German, Russian) grants you limited, one-time access to "
        "any advanced deck. This means you can take cards from whichever deck you like to restore your hand to 4. "
        "There is no token for this type of temporary clearance.",
        "[6] Players may turn in cards whenever they have a match, regardless of who is the Target, but all players "
        "must restore their hand to 4 cards before advancing the Target Marker to the next Target.",
    )),
    ("Advanced Decks", ()),
    ("Espionage Clearance", (
        "[1] The Espionage Deck contains cards that help deduce the affiliation of other players. [2] When a "
        "Surveillance Card is played on the Target, the card is placed face up in front of the Target, and remains "
        "there until it is removed with an Evasion Card. [3] Surveillance Cards can also be removed by the "
        "combination of the two Rookie Cards indicated on the Surveillance Card (both cards are required).",
    )),
    ("Surveillance Cards", (
        "[1] While there is a Surveillance Card in play on a player, he/she must show their card to the indicated "
        "player before playing on the Target on each turn.",
        "• [2] The Target has been Staked Out! Show your card to the player on your left before playing on the "
        "Target. COUNTER: Training: firearms; Materials: technology.",
        "• [3] The Target has been Tailed! Show your card to the player 2 to your left before playing on The Target. "
        "COUNTER: Training: martial arts; Materials: kevlar.",
        "• [4] The Target has been Wiretapped! Show your card to the player 3 to your left before playing on The "
        "Target. COUNTER: Training: deception; Materials: audio/visual.",
        "• [5] The Target has Blown His Cover! Play cards face up when playing on The Target. COUNTER: Training: "
        "explosives; Materials: chemicals.",
    )),
    ("Evasion Cards", (
        "[1] In order to remove a Surveillance card you can play a \"The Slip\" card or a \"Deep Cover\". Simply "
        "match the Surveillance Card with the Evasion Card and discard both cards to the Espionage discard pile.",
        "• [2] The Slip: Remove 1 espionage card that has been played on you.",
        "• [3] Deep Cover: Remove all espionage cards that have been played on you.",
    )),
    ("Outed", (
        "[1] When the Target receives the \"Outed\" card, he/she must show the bottom side of their affiliation "
        "envelope (revealing their affiliation) to another player of their choice. [2] However, every time he/she is "
        "outed, they must show the bottom side of their affiliation envelope to a new player.",
        "• [3] The Target has been Outed! Reveal your affiliation to a player of your choice. COUNTER: The Slip or "
        "Deep Cover.",
    )),
    ("Operative Clearance", (
        "[1] The Operative Deck contains cards to kill and protect other players.",
    )),
    ("Attacks", (
        "[1] If an attack is played on the Target and he cannot counter it, he/she must discard all cards in their "
        "hand and draw four new cards from the Rookie deck. [2] He/she also returns all security clearance tokens. "
        "[3] However, all Espionage Cards remain active on that player.",
        "[4] Each attack has a specific combination of Rookie cards that can be used to defend against it. These "
        "combinations are indicated on each attack. [5] Also, a \"Missed\" card can be used to avoid the effects of "
        "the attack.",
        "• [6] The Target has been Shot! Discard hand and draw 4 new cards from the Rookie deck. COUNTER: Training: "
        "firearms; Materials: kevlar.",
        "• The Target has been Stabbed! Discard hand and draw 4 new cards from the Rookie deck. COUNTER: Training: "
        "martial arts; Materials: audio/visual.",
        "• The Target has been Poisoned! Discard hand and draw 4 new cards from the Rookie deck. COUNTER: Training: "
        "deception; Materials: technology.",
    )),
    ("Missed", (
        "[1] A \"Missed\" card protects the Target from oncoming attacks. [2] It can also protect Intel from being "
        "destroyed by \"Bombed\" cards.",
        "• [3] All attacks on The Target have Missed!",
    )),
    ("Bombed", (
        "[1] In addition to attacking a person, bombs may be used on a team Headquarters. [2] If a \"bombed\" card is "
        "played on the Headquarters, any Intel played is also destroyed. [3] However, if a \"Missed\" card is played, "
        "that Intel will be preserved. [4] Bombs will not destroy Intel that was deposited in previous rounds. Once "
        "Intel is successfully deposited, it cannot be removed or destroyed.",
        "• [5] The Target has been Bombed! Discard hand and draw 4 new cards from the Rookie deck. COUNTER: Training: "
        "explosives; Materials: chemicals.",
    )),
    ("Intel Clearance", (
        "[1] The Intel Deck contains Intel and cards that manipulate who or what the next Target will be.",
    )),
    ("Intel", (
        "[1] There are 4 types of Intel: A, B, C, and D. [2] In order to win the game, your team must deposit 3 "
        "matching Intel Cards into your headquarters. [3] Intel can be transferred from player-to-player through the "
        "Target pile. [4] Dirty Intel counts as Intel, but has special significance when Double Agents are in play. "
        "[5] Double Agents win if 3 Dirty Intel Cards have been successfully deposited. [6] If on the same turn one "
        "team deposits their 3rd matching Intel Card and the Double Agent deposits their 3rd Dirty Intel Card as "
        "well, the Double Agent wins.",
        "[7] Card faces shown in the manual: the card captioned \"Dirty Intel.\" with a red letter A, and the card "
        "captioned \"Intelligence.\" with a letter D.",
    )),
    ("Deflect", (
        "[1] If a Deflect Card is played on the Target, the contents of the Target pile are redirected to the player "
        "before or after the intended Target as indicated by the Deflect card. [2] If multiple Deflect cards are "
        "played, they combine and/or cancel each other out.",
        "• [3] Deflect Forward: All cards this turn are played on the next Target.",
        "• Deflect Backward: All cards this turn are played on the previous Target.",
    )),
    ("Reverse", (
        "[1] When this card is played, the rotation of the Target reverses from clockwise to counter-clockwise (or "
        "vice-versa). [2] The change takes place on the subsequent turn.",
        "• [3] Reverse: Direction of play reverses on the next turn.",
    )),
    ("Advance to HQ", (
        "[1] This card directs the Target to the next Headquarters on the following turn. [2] But, if a \"Reverse\" "
        "card is played at the same time, \"Reverse\" is applied first and \"Advance to HQ\" is applied last.",
        "• [3] Advance to HQ: The Target is moved to the next HQ on the next turn.",
    )),
)

_RULINGS: tuple[tuple[str, str, str, str], ...] = (
    ("TG-1", "Deck counts", "Components",
     "Rookie 96: Firearms, Martial Arts, Deception, Explosives, Kevlar, Chemicals, Technology, Audio/Visual 6 each; "
     "Defector, Informant, Mole, French, German, Russian 8 each. Operative 36: Shot, Stabbed, Poisoned, Bombed 6 each, "
     "Missed 12. Espionage 40: Staked Out, Tailed, Wiretapped, Blown Cover 5 each, Outed 6, The Slip 10, Deep Cover 4. "
     "Intel 34: Intel A-D 4 each, Dirty Intel A-D 2 each, Deflect Forward 3, Deflect Backward 3, Reverse 2, Advance "
     "to HQ 2. Affiliation 16: CIA 6, KGB 6, Double Agent 4. For 11 players Pile 2 is 1 CIA, 1 KGB, 3 Double Agent, "
     "pick 3. These counts are data and replaceable."),
    ("TG-2", "Circle", "Setup Steps",
     "Positions clockwise: KGB HQ, seats 1 to ceil(n/2), CIA HQ, the remaining seats. The marker starts on KGB HQ "
     "and moves on before the first turn: seat 1 is the first Target."),
    ("TG-3", "Everyone plays", "Play",
     "Every player, the Target included, plays exactly one card face down each turn, also when the marker is on "
     "an HQ."),
    ("TG-4", "Anonymity", "Play",
     "The pile is shuffled before it is revealed. Who played a card is known only for Blown Cover players and to "
     "those shown a card under surveillance."),
    ("TG-5", "Deflect", "Deflect",
     "Net steps = forward cards - backward cards, over players only (HQs are skipped; from an HQ the first step is "
     "to the adjacent player). The pile goes to that player for this turn only. After a net forward deflect the "
     "player who received the pile is the next Target, even when an HQ lies between the intended Target and the "
     "receiver; after no deflect, a net backward deflect or deflects that cancel, the marker moves on from the "
     "intended Target. A Reverse or an Advance to HQ in the same pile overrides this: the marker moves on from the "
     "intended Target, Reverse first, then Advance (TG-10)."),
    ("TG-6", "Attacks", "Attacks",
     "Each attack applies unless a Missed is in the pile (it cancels every attack that turn) or the Target discards "
     "that attack's two named Rookie cards, taken from their hand and/or the pile (both are needed). An attack: "
     "discard the hand, draw 4 Rookie cards, return every clearance token; Espionage cards in front stay. A Bombed "
     "on an HQ destroys the Intel played that turn unless a Missed is in the pile; deposited Intel is never lost."),
    ("TG-7", "Espionage", "Espionage Clearance",
     "A Surveillance or Outed card in the pile is cancelled by an Evasion card in the same pile (The Slip cancels "
     "one, Deep Cover all) or by its two named Rookie cards. Uncancelled ones go face up in front of the Target. At "
     "any time a player may discard The Slip (removes one in front of them), Deep Cover (removes all) or a card's two "
     "named Rookie cards to remove it. Outed: the Target shows their affiliation to a player of their choice who has "
     "not seen it through an Outed before (no effect once everyone has). A Double Agent's affiliation card bears both "
     "colour bars, so an Outed Double Agent chooses which colour to show."),
    ("TG-8", "Surveillance effect", "Surveillance Cards",
     "Before each play: Staked Out shows the chosen card to the player 1 seat clockwise, Tailed 2 seats, "
     "Wiretapped 3 seats; Blown Cover plays face up."),
    ("TG-9", "HQ turns", "Winning the Game",
     "Intel (Dirty included) played on an HQ is deposited there, face up, forever, unless destroyed (TG-6). Every "
     "other card played on an HQ is discarded to its pile."),
    ("TG-10", "Direction", "Reverse",
     "An odd number of Reverse cards in one pile reverses the direction from the next turn. Advance to HQ makes the "
     "next Target the next HQ in the (new) direction."),
    ("TG-11", "Clearance", "Security Clearance",
     "Any three Rookie cards of one category, turned in at any time, give that category's token (Training: "
     "Operative, Materials: Espionage, Contacts: Intel); a token is kept until an attack. Three Languages give one "
     "restore drawn from any advanced decks, no token. A seat that already holds the token may still turn in a set "
     "of that category: it gains no second token, but the three cards go and its hand is restored from the decks "
     "it may draw from, a real way to cycle a hand."),
    ("TG-12", "Restore", "Play",
     "After resolution every player ends with exactly 4 cards: above 4 discards their choice; below 4 draws, each "
     "card from any deck they may draw from (Rookie always)."),
    ("TG-13", "Empty deck", "Security Clearance",
     "Shuffle its discard pile into a new deck."),
    ("TG-14", "Winning", "Winning the Game",
     "CIA or KGB: three Intel of one letter (Dirty counts by its letter) at its own HQ. Double Agents (all of them "
     "together): three Dirty Intel deposited, across both HQs. Both on one turn: Double Agents win. With no Double "
     "Agent in the game, Dirty Intel counts only by its letter. Simulations may set a turn limit: no winner."),
)

_FAQ: tuple[tuple[str, str, str, str], ...] = (
    ("TG-FAQ-1", "sets at any time", "Security Clearance Guide",
     "Sets of three may be turned in at any time."),
    ("TG-FAQ-2", "counters from hand and pile", "Attacks",
     "Counters may use the Target's hand plus Rookie cards in the Target pile."),
    ("TG-FAQ-3", "who shows first", "Surveillance Cards",
     "With several Espionage cards in play, Blown Cover players show first (from the Target, in the direction of "
     "play), then others under surveillance, then everyone else plays."),
    ("TG-FAQ-4", "the pile is shuffled", "Play",
     "The played cards are shuffled before reveal so that nobody knows who played what."),
    ("TG-FAQ-5", "movement order", "Advance to HQ",
     "Movement resolves Deflect, then Reverse, then Advance to HQ."),
    ("TG-FAQ-6", "the deflected receiver is next", "Deflect",
     "After a Deflect Forward the player who received the pile is the next Target."),
    ("TG-FAQ-7", "Double Agents win a tie", "Intel",
     "If the last Intel is Dirty and a team and the Double Agents both reach their goal, the Double Agents win."),
)

_READINGS: tuple[tuple[str, str, str, str], ...] = (
    ("TG-S1", "resolution stages", "Play",
     "Each numbered step of the resolution is a stage of the state that views report. The game pauses at a step "
     "when the Target is a player and the pile holds cards for that step; the Target then acts (decisions, then "
     "'resolve'). Steps with nothing to do, and every step of an HQ turn (an HQ decides nothing), are carried out "
     "at once and logged."),
    ("TG-S2", "at any time, as actions", "Security Clearance Guide",
     "The engine has no 'at any time': turning in sets (TG-11) and removing Espionage cards in front of you (TG-7) "
     "are offered to a seat whenever it is pending to act: while playing, at a resolution pause it acts in, and "
     "while restoring. While playing they are offered only if a card is left to play (TG-3)."),
    ("TG-S3", "a set of a category already cleared", "Security Clearance Guide",
     "Every set of three is offered whenever its seat may act (\"whenever they have a match\"), also of a category "
     "whose token the seat holds (TG-11) and a Languages set while its Languages pass is unused: the cards go to "
     "the Rookie discard pile and the hand is restored, but no second token or pass is given."),
    ("TG-S4", "several attacks, one effect", "Attacks",
     "Several uncountered attacks in one pile have the effect of one: the hand is discarded and 4 Rookie cards "
     "drawn once."),
    ("TG-S5", "forward is the direction of play", "Deflect",
     "Deflect Forward moves the pile to the next player in the current direction of play, Deflect Backward to the "
     "previous one."),
    ("TG-S6", "Evasion in the pile", "Evasion Cards",
     "Evasion cards in the pile act by themselves when the step is resolved: a Deep Cover cancels every remaining "
     "Surveillance and Outed card, else each Slip one. With fewer Slips than such cards the Target first chooses "
     "which ones the Slips cancel ('evade'). Unused Evasion cards go to the Target's hand with the rest (step 6)."),
    ("TG-S7", "showing order", "Surveillance Cards",
     "Seats under surveillance play one at a time, in the order of TG-FAQ-3; a shown card is seen by its watchers "
     "at once. Everyone else then plays at the same time."),
    ("TG-S8", "Outed in front", "Outed",
     "An uncancelled Outed card lies in front of the Target (TG-7) but has no further effect there: only the four "
     "Surveillance cards act before plays (TG-8)."),
    ("TG-S9", "the Languages pass", "Security Clearance Guide",
     "A Languages set lets its seat draw from any advanced deck until the end of this turn's restore."),
    ("TG-S10", "what is public", "Play",
     "Discard piles, deposits, cards in front, tokens and hand sizes are public; draws show only the deck drawn "
     "from; card backs in hands are not told apart (that would show which deck a played card came from)."),
    ("TG-S11", "restoring together", "Play",
     "In the restore step every seat whose hand is not 4 acts at the same time, one card per action: a discard, or "
     "a draw from a deck it may draw from (a chance point follows). Every seat below 4 is asked, also when a "
     "Rookie draw is all it can do: whether a seat holds a set or a counter is hidden, so who is asked depends "
     "only on hand sizes, tokens, passes and deck sizes, which are public (TG-S10)."),
    ("TG-S12", "a seat out of cards to draw", "Security Clearance",
     "A seat whose every allowed deck and discard pile are empty stops restoring below 4 (TG-13 cannot refill)."),
)


class TargetRuleBook(RuleBook):
    """A rule book that also cites the publisher's FAQ facts."""

    def citation(self, rule_id: str) -> str:
        rule = self[rule_id]
        if rule.source != FAQ:
            return super().citation(rule_id)
        section = self[rule.section].title if rule.section else ""
        return f"rulebook: {section}; publisher's FAQ {rule.id}" if section else f"publisher's FAQ {rule.id}"


RULES = register(TargetRuleBook("target", printed_rules("TG", _SECTIONS)
    + annotations("TG", RULING, _RULINGS) + annotations("TG", FAQ, _FAQ) + annotations("TG", ENGINE, _READINGS)))
"""Every rule of The Target by id (``TG/Play``, ``TG/Play.4``, ``TG-5``, ``TG-FAQ-3``, ``TG-S2``)."""
