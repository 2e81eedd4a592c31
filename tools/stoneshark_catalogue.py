#!/usr/bin/env python3
"""Writes docs/catalogue.md: every game of StoneShark's MancalaGames, one line
each — bundled here, expressible (translated by tools/stoneshark_convert.py and
checked move by move by tools/stoneshark_compare.py), or what the language
still lacks for it; then Ludii's sowing games (tools/ludii_sowing.txt), each
bundled after its description, written from it (catalogue/ludii/placement.tsv:
expressible, with its file, or what the language lacks), placed by a name it
shares, or not yet placed.

    python3 tools/stoneshark_convert.py /tmp/ss /tmp/conv
    python3 tools/stoneshark_compare.py /tmp/ss 30 1 --converted /tmp/conv
    python3 tools/stoneshark_catalogue.py /tmp/conv > docs/catalogue.md

Not part of CI.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import stoneshark_compare  # noqa: E402

# Bundled games StoneShark plays too but that the comparison does not pair
# (StoneShark plays them only in rounds of its own refill and starting rules).
BUNDLED_UNPAIRED = {
    "Rio_Kadalis": ("rio-kadalis", "StoneShark plays it only as a match whose rounds the "
                    "sides start in turn (RK-15: the loser starts), so ours is not paired"),
}

# StoneShark games whose name a bundled game shares but whose rules it does not
# follow (another source's reading): noted on the line, not counted as bundled.
OTHER_READINGS = {
    "Lamlameta": "bundled in another reading as `lamlameta`, Pankhurst's rules "
                 "(StoneShark follows Russ's)",
}


# Ludii descriptions the bundled games follow (their rules documents cite them).
LUDII_BUNDLED = {
    "Kalah": "kalah", "Awari": "oware", "Das Bohnenspiel": "bohnenspiel",
    "En Gehe": "en-gehe", "Gabata (Oromo)": "gabata", "Halusa": "halusa",
    "Hufesay": "hufesay", "Mangala (Turkey)": "mangala", "Toguz Kumalak": "toguz-kumalak",
    "Bao Kiswahili (East Africa)": "bao-la-kiswahili", "Hus (Nama)": "hus",
    "Mefuvha": "mefuvha", "Moruba": "moruba", "Mweso": "omweso", "Nsolo": "nsolo",
    "Tsoro": "tsoro", "Tapata": "tapata", "Abalala'e": "abalala-e", "Chongka'": "chongka",
    "English Wari (St. Lucia)": "english-wari", "French Wari": "french-wari",
}

# Ludii names of StoneShark's games where the two spell them otherwise.
LUDII_STONESHARK_NAMES = {
    "Adjiboto": "Adji-boto", "Aw-li On-nam Ot-tjin": "Ot-tjin", "Obridje": "Obridjie",
    "Vai Lung Thlan": "Vai_Lun_Thlan", "Tap Urdy": "Tap-Urdy", "Ovalhu": "Ohvulhu",
    "Kiuthi": "Giuthi", "La'b Akila": "Leab_El-akil",
}


def folded(name):
    """A name as `mancala` compares names (src/language/bundled.rs): lower
    case, accents dropped, letters and digits only."""
    import unicodedata
    plain = unicodedata.normalize("NFKD", name.lower())
    return "".join(c for c in plain if c.isalnum())


def bundled_aliases():
    """Each alias a bundled file lists, folded, with the ids of the games
    that list it."""
    import tomllib
    games = os.path.join(os.path.dirname(__file__), "..", "games")
    aliases = {}
    for file in sorted(os.listdir(games)):
        with open(os.path.join(games, file), "rb") as f:
            game = tomllib.load(f).get("game", {})
        for alias in game.get("aliases", []):
            aliases.setdefault(folded(alias), []).append(file.removesuffix(".toml"))
    return aliases


LUDII_PLACED = os.path.join(os.path.dirname(__file__), "..", "catalogue", "ludii",
                            "placement.tsv")


def ludii_placements():
    """Ludii name -> (status, file id or what is missing, note), read from
    catalogue/ludii/placement.tsv: each description read against the language,
    with a game file written for those it can say."""
    placed = {}
    for line in open(LUDII_PLACED):
        if line.startswith("#") or not line.strip():
            continue
        name, status, what, note = line.rstrip("\n").split("\t")
        placed[name] = (status, what, note)
    return placed


def ludii_lines(statuses):
    """One line per Ludii sowing game: bundled after it, written from it
    (expressible) or read and found not yet expressible, the StoneShark game
    of its name and where that stands, a bundled game it is another name of,
    or not yet placed."""
    ours = {os.path.basename(f).removesuffix(".toml")
            for f in os.listdir(os.path.join(os.path.dirname(__file__), "..", "games"))}
    aliases = bundled_aliases()
    placements = ludii_placements()
    listed = os.path.join(os.path.dirname(__file__), "ludii_sowing.txt")
    lines = []
    counts = {"bundled": 0, "expressible": 0, "not yet": 0, "twin": 0, "not yet placed": 0}
    for entry in open(listed):
        if entry.startswith("#") or not entry.strip():
            continue
        folder, name = entry.strip().split("/", 1)
        rows = folder.replace("_", " ")
        stoneshark = LUDII_STONESHARK_NAMES.get(name, name.replace(" ", "_"))
        own_id = name.lower().replace(" ", "-")
        notes = []
        if own_id in ours and name not in LUDII_BUNDLED:
            notes.append(f"a game of this name is bundled (`{own_id}`), after other sources")
        if folded(name) in aliases and name not in LUDII_BUNDLED:
            ids = ", ".join(f"`{id}`" for id in aliases[folded(name)])
            notes.append(f"another name of the bundled {ids} (its aliases)")
        if stoneshark in statuses:
            notes.append(f"StoneShark's {stoneshark.replace('_', ' ')} is "
                         f"{statuses[stoneshark][0]} here (its line above)")
        if name in LUDII_BUNDLED:
            kind, detail = "bundled", f"`{LUDII_BUNDLED[name]}`, after this description"
        elif name in placements:
            kind, what, note = placements[name]
            detail = {"expressible": f"`catalogue/ludii/{what}.toml`: {note}",
                      "bundled": f"`{what}`, its rules compared with this description: {note}",
                      }.get(kind, what)
        elif notes:
            kind, detail = "twin", "; ".join(notes) + "; Ludii's reading is not compared"
        else:
            kind, detail = "not yet placed", "not yet read against the language"
        counts[kind] += 1
        placed = "by its name" if kind == "twin" else kind
        lines.append(f"| {name} | {rows} | {placed} | {detail} |")
    return lines, counts


# The constructs a translated file uses beyond plain sowing and capture, each
# found by a word of its own in the file (docs/reference.md describes them).
CONSTRUCTS = [
    ("[relay]", "relay sowing"), ('circuit = "track"', "a sowing track"),
    ("skip =", "skipped holes"), ("reverse =", "direction by hole"),
    ("choose_direction", "a chosen direction"), ("after_by_hole", "`after_by_hole`"),
    ("after =", "`after`"), ("prefer =", "`prefer`"), ("chain =", "capture chains"),
    ('at = "drop"', "captures at each drop"), ('at = "lift"', "captures at the lift"),
    ('at = "lap_end"', "captures at each lap's end"), ("resow", "captures sown on"),
    ("into_hand", "`into_hand`"), ("into =", "`into`"), ("veto =", "a veto"),
    ("claim = true", "claims"), ("[claims]", "claims"), ("[hand]", "hand moves"),
    ("previous_", "the last move played"), ("lap_board", "`lap_board`"),
    ("before(", "`before`"), ("[turn]", "extra turns"), ("[match]", "rounds of a match"),
    ("scatter", "a random start"), ("[setup.opening]", "an opening played as the setup"),
    ("[define.", "named terms"),
    ('outcome = "pass"', "passing"),
    ("call =", "an end check called instead of moving"),
    ("offer =", "an end by agreement"),
]


def constructs(path):
    """The constructs the translated file at `path` uses, in CONSTRUCTS order."""
    try:
        text = open(path).read()
    except OSError:
        return []
    found = []
    for word, name in CONSTRUCTS:
        if word in text and name not in found:
            found.append(name)
    return found


def bundled_pairs():
    """StoneShark name -> (our id, note) for the games the comparison pairs."""
    pairs = {}
    for our_game, _options, props, _limit, note in stoneshark_compare.PAIRS:
        our_id = os.path.basename(our_game).removesuffix(".toml")
        how = "compared" if not our_game.startswith("tools/") else \
            "compared as StoneShark plays it (`" + our_game + "`)"
        pairs[props] = (our_id, how + (": " + note if note else ""))
    pairs.update(BUNDLED_UNPAIRED)
    return pairs


def main():
    converted = sys.argv[1]
    report = json.load(open(os.path.join(converted, "report.json")))
    compared = json.load(open(os.path.join(converted, "compared.json")))
    bundled = bundled_pairs()
    names = sorted((n for n in report if "::" not in n), key=str.lower)
    lines, statuses = [], {}
    counts = {"bundled": 0, "expressible": 0, "not yet": 0}
    variants_placed = 0
    for name in names:
        if name in bundled:
            our_id, how = bundled[name]
            status, detail = "bundled", f"`{our_id}`; {how}"
            if report[name]["translated"] and compared.get(name, {}).get("agree"):
                detail += (f"; StoneShark's own parameters, translated, agree too "
                           f"({compared[name]['decisions']} decisions)")
        elif report[name]["translated"] and compared.get(name, {}).get("agree"):
            result = compared[name]
            status = "expressible"
            used = constructs(os.path.join(converted, name + ".toml"))
            how = (f"written by hand (`catalogue/stoneshark/{name}.toml`), from StoneShark's "
                   "code for it" if report[name].get("handwritten") else "translated")
            detail = (f"{how}; {result['decisions']} decisions of random games agree "
                      "with StoneShark's" + (f"; with {', '.join(used)}" if used else ""))
        elif report[name]["translated"]:
            status, detail = "not yet", "translated, but the comparison disagrees: " + \
                compared.get(name, {}).get("first_difference", "not compared")[:200]
        else:
            status, detail = "not yet", "; ".join(report[name]["missing"])
        if name in OTHER_READINGS:
            detail = OTHER_READINGS[name] + "; " + detail
        counts[status] += 1
        placed = []
        for variant in sorted(n for n in report if n.startswith(name + "::")):
            label = variant.split("::", 1)[1]
            if variant in bundled:
                placed.append(f"its variant {label} is bundled as `{bundled[variant][0]}`")
            elif report[variant]["translated"] and compared.get(variant, {}).get("agree"):
                placed.append(f"its variant {label} is expressible "
                              f"({compared[variant]['decisions']} decisions agree)")
        variants_placed += len(placed)
        if placed:
            detail += "; " + "; ".join(placed)
        lines.append(f"| {name.replace('_', ' ')} | {status} | {detail} |")
        statuses[name] = (status, detail)
    total = len(names)
    covered = counts["bundled"] + counts["expressible"]
    print("# Catalogue: StoneShark's MancalaGames, game by game\n")
    print("Every game of StoneShark's MancalaGames (its `GameProps` folder, "
          f"{total} games) and where it stands here. Generated by "
          "`tools/stoneshark_catalogue.py` from the outputs of "
          "`tools/stoneshark_convert.py` (which writes a game file for every parameter "
          "set it can translate, and names what it cannot) and "
          "`tools/stoneshark_compare.py --converted` (which plays each translation "
          "against StoneShark's engine, decision by decision).\n")
    print(f"- **bundled**: {counts['bundled']} games, with a rules document and scenarios.")
    print(f"- **expressible**: {counts['expressible']} more, translated (or, where the "
          "parameters have no translation, written by hand under `catalogue/stoneshark/` "
          "from StoneShark's code) and checked move by move against StoneShark on random "
          "games.")
    print(f"- **not yet**: {counts['not yet']}, with what the language (or, where said, "
          "the translation) still lacks.")
    print(f"- StoneShark's files also name variants; {variants_placed} of them are bundled or "
          "expressible (listed with their game), not counted above.\n")
    print(f"Bundled or expressible: **{covered} of {total} ({100 * covered / total:.0f}%)**. "
          "A \"not yet\" line names what is missing: what writing the game by hand "
          "found the language lacks, or else the StoneShark parameters the translation "
          "has no rendering of.\n")
    ludii, ludii_counts = ludii_lines(statuses)
    print(f"Ludii's sowing games are listed after StoneShark's: {len(ludii)} of the 215 "
          "descriptions under `lud/board/sow` (`tools/ludii_sowing.txt` lists them). "
          f"{ludii_counts['bundled']} are bundled (after Ludii's description, or with "
          f"rules compared with it clause by clause); {ludii_counts['expressible']} are expressible, each written "
          "from Ludii's description as a game file under `catalogue/ludii/` (its "
          "reading choices in its opening comment; Ludii cannot be run here, so they "
          "are checked by hand-worked scenarios (`catalogue/ludii/scenarios/`, run by "
          "the tests) and random games, not against Ludii's "
          f"engine); {ludii_counts['not yet']} were read and need what their line "
          f"names; {ludii_counts['twin']} only share a name "
          "with a StoneShark game or a bundled one, or are another name of a bundled game "
          "(placed by that name, Ludii's reading not compared); "
          f"and {ludii_counts['not yet placed']} are not yet placed. Bundled or "
          f"expressible after Ludii's own description: **{ludii_counts['bundled'] + ludii_counts['expressible']} "
          "of 215**.\n")
    print("| StoneShark game | status | how, or what is missing |")
    print("|---|---|---|")
    print("\n".join(lines))
    print("\n## Ludii's sowing games\n")
    print("| Ludii game | rows | placed | how |")
    print("|---|---|---|---|")
    print("\n".join(ludii))


if __name__ == "__main__":
    main()
