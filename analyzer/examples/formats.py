"""The TOML file formats a user writes (pay tables, stud games, studies): every field, as data.

One declaration per format renders as the reference that ``joker-odds examples --formats`` prints
and ``docs/formats.md`` holds (``make docs`` writes it; ``tests/test_examples.py`` checks that the
fields listed are exactly the keys each loader accepts, and that the file is up to date).

>>> [f.name for f in FORMATS]
['paytable', 'stud-game', 'study']
>>> "| `pays` |" in formats_markdown()
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FORMATS", "Field", "FileFormat", "Section", "formats_markdown"]


@dataclass(frozen=True)
class Field:
    """One key: its name, its TOML type, ``required`` or the default, and what it means."""

    key: str
    type: str
    default: str
    meaning: str


@dataclass(frozen=True)
class Section:
    """A TOML table of the file (``""`` = the top level) and its keys."""

    table: str
    fields: tuple[Field, ...]
    note: str = ""


@dataclass(frozen=True)
class FileFormat:
    """A file format: its name, the command that reads it, an introduction and its sections."""

    name: str
    title: str
    read_by: str
    intro: str
    example: str
    sections: tuple[Section, ...]


REQ = "required"
CATEGORIES = ("five_of_a_kind, royal_flush, straight_flush, four_of_a_kind, full_house, flush, straight, "
              "three_of_a_kind, two_pair, four_flush, pair, high_card")

RULES_FIELDS = (
    Field("preset", "string", "none", "a named rule set to start from (`joker-odds rules` lists them); "
          "the other keys override its fields"),
    Field("name", "string", "the preset's name, else `custom`", "a label for the rule set"),
    Field("mode", "string", "`natural`", "what a wild card may stand for: `natural` (no wild cards), `wild` "
          "(any card), `bug` (an ace, or any card completing a straight or flush), `semi` (only a straight or "
          "a flush), `j-poker` (any card, but never three of a kind)"),
    Field("deck", "string", "`52`", "the deck: `52`, `52+1`, `52+2` (jokers), `32+1`, `36`, … "
          "(`joker-odds decks` lists them)"),
    Field("wild", "list of strings", "`[]`", "the wild cards: `\"jokers\"`, a rank (`\"2\"`) or a card "
          "(`\"Kh\"`)"),
    Field("natural_beats_wild", "string", "`none`", "a hand without wild cards against an equal one made "
          "with them: `none` (only the cards decide), `tie` (the natural hand wins an exact tie), `category` "
          "(a natural hand beats any wild-made hand of its category)"),
    Field("double_ace_flush", "boolean", "`false`", "a wild card may duplicate the ace of a flush"),
    Field("ace_low_straight", "boolean", "`true`", "A-2-3-4-5 (or the short deck's lowest) is a straight"),
    Field("order", "list of strings", "the standard order", "the categories from best to worst; a category "
          f"left out does not exist ({CATEGORIES})"),
    Field("four_flush", "boolean", "`false`", "four cards of one suit are a category, between pair and two "
          "pair unless `order` places it"),
    Field("low_ace", "string", "`high`", "the ace in low hands: `high` or `high_or_low`"),
    Field("low_ignores_straights_flushes", "boolean", "`false`", "low hands ignore straights and flushes"),
    Field("description", "string", "`\"\"`", "one line on the rule set"),
)

PAYTABLE = FileFormat(
    "paytable", "Video-poker pay table", "joker-odds videopoker analyze|hold|strategy|check --paytable FILE",
    "A pay table names an evaluator rule preset and lists its pay lines best first. A final hand is paid "
    "by the first line it matches; a hand no line matches pays nothing. Pays are \"for 1\" (the "
    "max-coin column divided by the coins bet).",
    "jacks-or-better-9-6",
    (
        Section("", (
            Field("name", "string", "the file name", "the table's name in reports"),
            Field("description", "string", "`\"\"`", "one line on the game"),
            Field("rules", "string", REQ, "a rule preset (`joker-odds rules`): which cards are wild and how"),
            Field("deck", "string", "the preset's", "the deck; video poker needs a single deck"),
            Field("wild", "list of strings", "the preset's", "wild cards instead of the preset's"),
            Field("line", "array of tables", REQ, "the pay lines, best first, at most 32"),
        )),
        Section("[[line]]", (
            Field("name", "string", "the hand's category", "the line's name (an outcome class)"),
            Field("hand", "string or list", REQ, f"a category, a list of categories, or `any` ({CATEGORIES})"),
            Field("pays", "number", REQ, "what the line pays for 1, 0 to 1,000,000"),
            Field("natural", "boolean", "either", "`true`: only a hand without wild cards; `false`: only one "
                  "made with a wild card"),
            Field("wild_count", "integer", "any", "only a hand holding exactly this many wild cards (0–5)"),
            Field("min_pair_rank", "string", "any", "the lowest rank of the group that qualifies (`J` = jacks "
                  "or better); for hands made of groups only"),
        ), "A line matches by category and every qualifier it gives."),
    ),
)

STUD_GAME = FileFormat(
    "stud-game", "Casino stud game", "joker-odds stud analyze|advise|strategy|exchange|options … --game FILE",
    "A casino stud game against a dealer: deck, wild card designation, the dealer's qualifier, the bet "
    "and its pay table. Money is in antes. The keys may sit at the top level or under `[game]`.",
    "caribbean",
    (
        Section("[game]", (
            Field("name", "string", REQ, "the game's name in reports"),
            Field("description", "string", "`\"\"`", "one line on the game"),
            Field("deck", "string", "`52`", "the deck (`52`, `52+1`, …)"),
            Field("rules", "string or table", REQ, "a rule preset, or a table of rule keys as in a study's "
                  "`[rules]`"),
            Field("designation", "string", "`none`", "how the wild card is chosen: `none` (no wild card), "
                  "`fixed` (the rules' wild cards), `board` (a board names one of the 52 cards each deal, or "
                  "the dealer's open card)"),
            Field("doc_probability", "number or fraction string", "`0`", "for `board`: the chance the board "
                  "names the dealer's open card (\"3/55\"); every card gets an equal share of the rest"),
            Field("qualifier", "string", "`pair`", "the dealer's least qualifying hand: a category, with "
                  "leading ranks after a colon (`high_card:AK` = ace-king)"),
            Field("bet", "number", "`2`", "the raise, in antes"),
            Field("ante_win", "number", "`1`", "what the ante wins when the player beats a qualifying dealer"),
            Field("no_qualify_ante", "number", "`1`", "what the ante wins when the dealer does not qualify"),
            Field("no_qualify_bet", "number", "`0`", "the bet's odds when the dealer does not qualify"),
            Field("tie", "string", "`push`", "a tie with a qualifying dealer: `push` or `dealer` (the player "
                  "loses)"),
            Field("pays", "table", REQ, "odds on the bet by the player's category: `category = odds` for "
                  "every category of the rules"),
            Field("exchange_fees", "list of numbers", "`[]`", "antes to exchange 1, 2, … cards (at most 5)"),
            Field("draw_fee", "number", "none", "antes for one exchange of any number of cards"),
            Field("joker_fee", "number", "none", "antes to replace one card with the joker"),
            Field("upcard_fee", "number", "none", "antes to exchange the dealer's up card"),
        )),
    ),
)

STUDY = FileFormat(
    "study", "Simulation study", "joker-odds simulate FILE",
    "A Monte Carlo study: a rule set, a stopping rule, a seed and what to estimate. The study's name "
    "is the file name; the seed and the chunk size together fix every sampled number.",
    "joker-wild-two-jokers",
    (
        Section("", (
            Field("title", "string", "the file name", "the title of the study's page"),
            Field("seed", "integer", "`0`", "the seed of every chunk's random stream"),
            Field("output", "string", "`reports/simulations/NAME`", "the output folder, relative to the "
                  "working folder (`--out` overrides it)"),
            Field("rules", "table", REQ, "the rule set"),
            Field("run", "table", REQ, "the stopping rule"),
            Field("estimate", "array of tables", REQ, "what to estimate, 1 to 20 tables"),
        )),
        Section("[rules]", RULES_FIELDS),
        Section("[run]", (
            Field("trials", "integer", "—", "a fixed number of trials (or give a precision target)"),
            Field("target_se", "number", "—", "run until every estimate's standard error is at most this"),
            Field("target_rel_se", "number", "—", "run until every estimate's relative standard error is "
                  "at most this (0.05 = 5 %)"),
            Field("max_trials", "integer", "—", "cap on trials for a precision target"),
            Field("max_time", "number", "—", "cap on seconds for a precision target (stops at a chunk)"),
            Field("chunk_size", "integer", "the engine's default", "trials per chunk; part of the run's "
                  "identity (it changes the numbers)"),
            Field("check_every", "integer", "`4`", "chunks between checks of a precision target"),
        ), "Give exactly one of `trials` or a target; a target needs `max_trials` or `max_time`."),
        Section("[[estimate]]", (
            Field("kind", "string", REQ, "`hand_frequencies`"),
            Field("cards", "integer", "`5`", "5, 6 or 7 cards (the best five)"),
            Field("name", "string", "`<cards>-card`", "the estimate's name (letters, digits, `-`, `_`)"),
            Field("compare_exact", "boolean", "`true` for 5 cards", "a χ² test and the exact column against "
                  "the enumeration (5-card hands)"),
        )),
    ),
)

FORMATS: tuple[FileFormat, ...] = (PAYTABLE, STUD_GAME, STUDY)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def formats_markdown() -> str:
    """The reference of every format as Markdown (what ``docs/formats.md`` holds)."""
    out = ["# File formats", "",
           "The TOML files joker-odds reads. `joker-odds examples` lists a shipped file of each kind and "
           "writes copies to start from (`joker-odds examples NAME --out DIR`); `joker-odds examples "
           "--formats` prints this reference. An unknown key, a missing required key or a bad value stops "
           "with one line naming the file, the line and the key.", ""]
    for fmt in FORMATS:
        out += [f"## {fmt.title} (`{fmt.name}`)", "", fmt.intro, "",
                f"Read by `{fmt.read_by}`. Example: `joker-odds examples {fmt.example}`.", ""]
        for sec in fmt.sections:
            out += [f"### {sec.table or 'top level'}", ""]
            if sec.note:
                out += [sec.note, ""]
            out += ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
            out += [f"| `{f.key}` | {f.type} | {_cell(f.default)} | {_cell(f.meaning)} |" for f in sec.fields]
            out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # make docs: python -m analyzer.examples.formats > docs/formats.md
    print(formats_markdown(), end="")
