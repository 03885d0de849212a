"""When a place abroad typed all in lower case is a place: where the sentence gives it a place's role.

Chat is typed in lower case ("bondi sunrise tomorrow", "tides at bondi beach"), but English words
are also place names somewhere. Ordinary words are out of the gazetteer already (``stop_en``, and
ordinary words name no small place), so a lower-case name abroad that is not big and famous enough
to be read alone (``Index.written_ok``) is read as a place when the sentence makes it one:

* after a word that puts a place there: "at", "in", "near", "around", "off", "for" ("low tide for hilo");
* before a place word, or ending in one: "santa monica pier", "hilo harbor", "bondi beach";
* as the only word of the question nothing else explains, beside a clear intent ("waikiki tides today"), or inside a
  Chinese sentence ("bondi 明天日出幾點");
* right beside an intent word, whatever else the sentence says, when it is no English word
  (``english_words``) and the place is a town, a hand-kept spot, or on the sea in a sea question or on the
  asker's own coast ("sunrise peniche tomorrow, planning a dawn patrol");

and only when the question names no other place (a country or division around it aside: "kuta bali").

Never: a name of fewer than four letters, one glued to a digit or letter ("2moro"; a Chinese character beside it is no
glue: "piha明天"), a place off the sea in a sea question ("tides at alice"), an alias (GeoNames' alternate names; but
"noosa", Noosa Heads without its place word, is the place's own name as people say it), a name only written in
capitals (LA), a name of one or two words that explain themselves ("north beach"; "half moon bay" is a place), or a
place whose name is an ordinary English word ("van hire", "hue of the sunset"). A given name or word that is also a
known town on the sea ("darwin", "cork"; ``lower_case_stop``) only in a sea question after at/in/near or first with
an intent word next ("darwin tides tomorrow"); else only a big city of the asker's country or one known abroad, where
a place stands. An everyday word of another language (``words_abroad``: "praia", "strand") is no place in a sentence
holding another word of its language ("dia de praia amanhã"), unless its place's country or division follows ("praia
cabo verde"). Words: ``core/data/places_lower_case.yaml``.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.names_arabic import article_free
from core.understand.places_index import FAME_HAND, LOWER_CASE_POP, Rec, context, index, is_primary
from core.understand.places_inside import area_reach
from core.understand.places_rank_near import km
from core.understand.places_text import HAN, VIETNAMESE, Tokens, ascii_lower, en_key, everyday_name_heads

MIN_LETTERS = 4
_GLUE = re.compile(r"(?![\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff])\w")   # a Chinese character is no glue ("piha明天")


class Words(NamedTuple):
    """The word tables of the rule."""

    before: frozenset[str]
    place_words: frozenset[str]
    known: frozenset[str]  # words that explain themselves in a question
    intent: frozenset[str]  # words of the keyword groups: what a question asks
    common: frozenset[str]  # place names that are ordinary words
    english: frozenset[str]  # place names that are also English words, however small or big the place
    not_first: frozenset[str]  # capitalised-only names that begin a sentence as the word ("Nice weather")
    subject_next: frozenset[str]  # day and chat words after a city named first ("wellington gonna be windy")
    abroad: dict[str, frozenset[str]]  # an everyday word of other languages → those languages ("praia": pt)
    abroad_sign: dict[str, frozenset[str]]  # ... those that are no English word: a sign of the sentence's language
    phrases: frozenset[str]  # the keyword groups' phrases of 2-3 words, whose words alone ask nothing ("gonna pour")


@functools.cache
def words() -> Words:
    """Return the rule's word tables, read on the first lower-case name that needs them."""
    table = read_yaml(DATA_DIR / "places_lower_case.yaml")
    understanding = read_yaml(DATA_DIR / "understanding.yaml")
    fillers = {str(w).lower() for key in ("fillers_en", "fillers_abroad", "fillers_lower")
               for w in understanding[key]}
    # a keyword phrase's words ("tide" of "tide chart"), not its short ones ("la" of "la nina");
    # read from the keyword file itself (signals reads the gazetteer through zone_words)
    groups = read_yaml(DATA_DIR / "keywords.yaml").values()
    phrases = {str(w).lower() for g in groups if isinstance(g, dict) for key in ("words", "abroad")
               for w in g.get(key, ()) if not HAN.search(str(w))} - {   # a phrase naming its place: the place's words
        str(w).lower() for w in understanding["phrases_naming_place"]}   # ask nothing ("fremantle doctor")
    intent = ({t for phrase in phrases for t in phrase.split() if len(t) >= 3} - fillers - set(map(str, table["not_intent"]))) | {
        str(w).lower() for w in table["intent_short"]}
    stop = {str(w).lower() for w in index().rules["stop_en"] if " " not in str(w)}
    days = read_yaml(DATA_DIR / "day_words.yaml")
    day_words = {str(w).lower() for w in days["relative"]} | {
        str(w).lower() for kind in ("relative", "weekdays", "weekends", "weeks") for w in days["abroad"][kind]}
    known = {str(w).lower() for w in table["known"]} | fillers | intent | stop | {
        t for phrase in day_words for t in phrase.split()}
    abroad: dict[str, set[str]] = {}
    for lang, listed in table["words_abroad"].items():
        for word in map(en_key, map(str, listed)):
            abroad.setdefault(word, set()).add(lang)
    english = {en_key(str(w)) for w in table["english_too"]}
    # tokens are folded; a Vietnamese word only as written ("nắng" folded is the "nang" of Ao Nang)
    known, intent = (s | {ascii_lower(w) for w in s if not VIETNAMESE.search(w)} - {""} for s in (known, intent))
    return Words(frozenset(table["before"]), frozenset(table["place_words"]), frozenset(known), frozenset(intent),
                 frozenset(table["common_names"]), frozenset(map(str, table["english_words"])),
                 frozenset(en_key(w) for w in index().rules.get("capitalised_not_first", ())),
                 frozenset({t for phrase in day_words for t in phrase.split()} | {str(w).lower() for w in table["subject_next"]}),
                 {k: frozenset(v) for k, v in abroad.items()},
                 {k: frozenset(v) for k, v in abroad.items() if k not in english and len(k) >= 2},
                 frozenset(p for p in phrases if 2 <= len(p.split()) <= 3))


def _asks(low: list[str], w: Words) -> bool:
    """Whether the words ``low`` hold what a question asks: an intent word, or a phrase of two or three words."""
    return any(t in w.intent for t in low) or any(
        " ".join(low[i:i + n]) in w.phrases for n in (2, 3) for i in range(len(low) - n + 1))


def common_name(key: str) -> bool:
    """Whether a place's name ``key`` is an ordinary English word (a place only when capitalised)."""
    return key in words().common


@functools.cache
def _own_water() -> dict[str, frozenset[str]]:
    """A coast word of a language ("puerto") → the countries speaking it, where it names a town's own water."""
    out: dict[str, set[str]] = {}
    for entry in read_yaml(DATA_DIR / "places_lower_case.yaml")["own_water"].values():
        for word in entry["words"]:
            out.setdefault(en_key(str(word)), set()).update(entry["countries"])
    return {k: frozenset(v) for k, v in out.items()}


def own_water(word: str, country: str) -> bool:
    """Whether ``word`` before a town of ``country`` names the town's own harbour or beach in the country's
    language ("puerto de Vigo", "pantai Sanur"), not a longer name the gazetteer lacks."""
    return country in _own_water().get(en_key(word), frozenset())


def abroad_name(key: str) -> bool:
    """Whether a place's name ``key`` is, word for word, everyday words of one other language ("praia", "la plage")."""
    return bool(_languages(key))


def _languages(key: str) -> frozenset[str]:
    """The languages in which every word of ``key`` is an everyday word (none when one word is no such word)."""
    found = [words().abroad.get(p, frozenset()) for p in key.split()]
    return frozenset.intersection(*found) if found else frozenset()


def abroad_word(work: str, toks: Tokens, start: int, end: int, key: str, cands: tuple[Rec, ...] = ()) -> bool:
    """Whether the name ``key`` at ``start:end`` (of the places ``cands``) is an everyday word of another language
    there: in a sentence holding another word of it, in lower case ("dia de praia amanhã") or capitalised first
    ("Strand morgen, regnet es?"), and not followed by the place's country or division ("praia cabo verde")."""
    langs = _languages(key)
    if not langs:
        return False
    spans, low = toks.words, toks.low
    first = next(j for j, s in enumerate(spans) if s[0] == start)
    last = first + len(key.split()) - 1
    if _own_area_next(low, last, cands):
        return False
    if _heads_longer_name(low, last):
        return False
    signs = words().abroad_sign
    if not any(langs & signs.get(t, frozenset()) for t in low[:first] + low[last + 1:] if t not in _JOINS):
        return False
    return not work[start].isupper() or not first or work[:start].rstrip()[-1:] in _SENTENCE_END


# Words joining a name's head to the rest ("praia da ursa", "playa del carmen"): in a name, no sign of a language.
_JOINS = frozenset({"de", "da", "do", "dos", "das", "del", "della", "di", "du", "des"})


def _heads_longer_name(low: list[str], last: int) -> bool:
    """Whether the word ending at token ``last`` begins a longer name joined by de/da/do... to a word that names no
    place ("praia da ursa": a beach the gazetteer lacks, asked about; not "praia da nazaré", Nazaré's own beach)."""
    return (last + 2 < len(low) and low[last + 1] in _JOINS and low[last + 2] not in words().abroad
            and low[last + 2] not in index().en and low[last] not in _prepositions())


@functools.cache
def _prepositions() -> frozenset[str]:
    """Return the travellers' prepositions (places_lower_case.yaml), which head no name ("van de gemeten")."""
    return frozenset(map(str, read_yaml(DATA_DIR / "places_lower_case.yaml")["prepositions"]))


def written_as_name(toks: Tokens, start: int, key: str, cands: tuple[Rec, ...]) -> bool:
    """Whether the name ``key`` found at ``start`` is followed by the country or division of one of its places
    ``cands`` ("praia cabo verde", "luna la union"): the place, however written; or begins a longer name the
    gazetteer lacks ("praia da ursa"), for the bot to ask about."""
    last = next(j for j, s in enumerate(toks.words) if s[0] == start) + len(key.split()) - 1
    return _own_area_next(toks.low, last, cands) or _heads_longer_name(toks.low, last)


def _own_area_next(low: list[str], last: int, cands: tuple[Rec, ...]) -> bool:
    """Whether the words after token ``last`` name the country or division of one of the places ``cands``."""
    areas = context().en
    for size in (1, 2, 3):
        if last + size < len(low):
            named = areas.get(" ".join(low[last + 1:last + 1 + size]), ())
            if any(c.cc == cc and (not division or division == c.admin) for c in cands for cc, division in named):
                return True
    return False


def has_role(work: str, toks: Tokens, start: int, end: int, key: str, value: int, home: str = "") -> bool:
    """Whether the lower-case name ``key`` found at ``start:end`` of ``work`` (index value ``value``)
    is a place by its role in the sentence (``home``: the asker's country, whose coast they name in lower case)."""
    w = words()
    idx = index()
    parts = key.split()
    if (len(key) - len(parts) + 1 < MIN_LETTERS or key in idx.upper_only or key in w.common or _glued(work, start, end)
            or (len(parts) < 3 and all(p in w.known for p in parts) and not _harbour_town(work, parts, key, w))):
        return False
    cands = idx.candidates(key, value)
    # the place whose own name it is first: "amed" is Bali's dive coast, though also an alias of Diyarbakır
    cands = (*(c for c in cands if is_primary(c, key)), *(c for c in cands if not is_primary(c, key)))
    # Only a place's own name: aliases are GeoNames' alternate names ("julia" for Plovdiv, "white beach" for Colonial
    # Beach, Virginia), except the name said without its place word ("noosa" for Noosa Heads). A sea question names
    # a place on the sea ("tides at alice" is no town in Texas).
    # ... nor one of its own name's spellings GeoNames keeps ("mooloolabah" for Mooloolaba, "gisborn")
    if (not is_primary(cands[0], key) and not _place_word_dropped(cands[0].en, key, w.place_words)
            and not _spelt_so(cands[0].en, key)):
        return False
    sea = context().coastal_en.search(work) is not None
    if sea and not any(c.coastal for c in cands):
        return False
    # A given name or word that is also a known town on the sea ("darwin", "cairns", "cork"): only right after
    # at/in/near... (as written: "à", not the article "a") in a sea question ("tides at darwin"), or first with the
    # sea's data word next ("darwin tides"), never by the rest alone.
    given, spans, low = key in idx.lower_stop, toks.words, toks.low
    first = next(j for j, s in enumerate(spans) if s[0] == start)
    last, prev = first + len(parts) - 1, spans[first - 1][2].lower() if first else ""
    if given and cands[0].fame >= FAME_HAND and _beside_own_area(low, first, last, cands[0]):
        return True   # "crystal bay penida", "white beach boracay": the spot of the island written beside it
    if given and _home_spot_asked(low, first, last, cands[0], home, w):
        return True
    if given and not (sea and cands[0].coastal):
        return _city_as_subject(work, low, first, last, cands[0], home, w)
    if prev in w.before and not work[spans[first - 1][1]:start].strip():
        return True
    if given:   # ... or, a city's one word or a hand-kept spot's name, first with what the sea question asks
        # next ("darwin tides", "the mount tides today"; words that describe a beach, only on the asker's own coast:
        # "hot water beach low tide" from New Zealand, not "white beach tides" from anywhere)
        spot = cands[0].fame >= FAME_HAND and (parts[0] == "the" or len(parts) == 1 or cands[0].cc == home)
        return (first == 0 and (len(parts) == 1 and cands[0].pop >= LOWER_CASE_POP or spot)
                and last + 1 < len(low) and low[last + 1] in w.intent - w.place_words)
    if parts[-1] in w.place_words:
        return True
    if last + 1 < len(low) and low[last + 1] in w.place_words:
        return True
    if _beside_intent(low, first, last, w) and key not in w.english and _notable(cands[0], key, sea, home):
        return True
    town = _town_beside(low, first, last, cands)
    rest = [t for j, t in enumerate(low) if not first <= j <= last and j not in town]
    areas = context().en  # a country or division beside the name ("kuta bali") explains itself
    if not all(t in w.known or t in areas or t in w.abroad for t in rest):
        return False
    return any(t in w.intent for t in rest) or HAN.search(work) is not None


def _harbour_town(work: str, parts: list[str], key: str, w: Words) -> bool:
    """Whether a two-word everyday name is a town: ending in a place word in a sea question ("bar harbor tides"), or
    begun by a word heading names, ``everyday_name_heads`` ("will it rain cape may tomorrow", "tides at cape fear")."""
    return len(parts) == 2 and (parts[0] in everyday_name_heads() or parts[1] in w.place_words and parts[0] not in (
        "north", "south", "east", "west", "the") and key not in w.phrases and context().coastal_en.search(work) is not None)


OWN_AREA_KM = 40.0   # a place named right beside a spot this near it is the island or town it lies on


def _beside_own_area(low: list[str], first: int, last: int, spot: Rec) -> bool:
    """Whether one or two words right before or after the spot's words name a place within OWN_AREA_KM of it
    (Nusa Penida beside "crystal bay"): the spot written with where it is, as one writes an everyday-word spot."""
    idx = index()
    beside = [low[last + 1:last + 1 + n] for n in (2, 1)] + [low[max(0, first - n):first] for n in (2, 1)]
    for words_ in beside:
        key = " ".join(words_)
        value = idx.en.get(key) if words_ and len(key) >= MIN_LETTERS else None
        if value is not None and any(c.key != spot.key and km(c, (spot.lon, spot.lat)) <= OWN_AREA_KM
                                     for c in idx.candidates(key, value)):
            return True
    return False


GIVEN_CITY_FAME = 45   # a city sharing its name with a given name or word, known by this many names abroad ...


def _city_as_subject(work: str, low: list[str], first: int, last: int, rec: Rec, home: str, w: Words) -> bool:
    """Whether a big city whose name is also a given name or word (``lower_case_stop``: "darwin", "wellington")
    is the place in a question that is not about the sea: the asker's own country's city, or one known by many
    names abroad, standing where a place stands in a question asking something — right after at/in/near/around/off,
    right after an intent word ("sunset darwin"), or first with an intent, day or chat word next ("darwin sunset
    tomorrow?", "wellington gonna be windy tomorrow or what"); after "for" only where what is asked stands before
    it ("rain for cairns", not "photos for darwin"), never before "and" ("florence and the tide")."""
    if rec.pop < LOWER_CASE_POP or not (rec.cc == home or rec.fame >= GIVEN_CITY_FAME) or first != last:
        return False
    if not _asks(low, w):
        return False
    before = low[first - 1] if first else ""
    after = low[last + 1] if last + 1 < len(low) else ""
    # "for" gives the role only after what is asked ("rain for cairns"), not after any noun ("photos for darwin")
    asked_for = first >= 2 and low[first - 2] in w.intent - w.place_words
    if before in w.before and (before != "for" or asked_for) or before in w.intent - w.place_words:
        return True
    return not first and (after in w.intent - w.place_words or after in w.subject_next)


def _town_beside(low: list[str], first: int, last: int, cands: tuple[Rec, ...]) -> range:
    """Return the word positions of a town written right before or after the name that one of its places lies in
    (within its reach, ``places_inside.area_reach``, a quarter of its people): "new brighton chch", "sumner christchurch"; else none."""
    idx = index()
    for lo, hi in ((last + 1, last + 2), (last + 1, last + 3), (first - 1, first), (first - 2, first)):
        if lo < 0 or hi > len(low) or lo >= hi:
            continue
        key = " ".join(low[lo:hi])
        value = idx.en.get(key)
        if value is None:
            continue
        town = idx.rec(value)
        if town.kind == "world_city" and idx.written_ok(town, key, key) and any(
                4 * c.pop < town.pop and km(c, (town.lon, town.lat)) <= area_reach(town) for c in cands):
            return range(lo, hi)
    return range(0)


def _home_spot_asked(low: list[str], first: int, last: int, rec: Rec, home: str, w: Words) -> bool:
    """Whether a hand-kept spot of the asker's own country whose name of two words or more is an everyday phrase
    ("east coast park", "deep water bay") stands where a place stands: first with what is asked next ("east coast
    park sunset today"), or right after at/in/near ("sunset at deep water bay"). Askers name their own coast so;
    a namesake abroad or a one-word name keeps the stricter rule."""
    if not home or rec.cc != home or rec.fame < FAME_HAND or last == first:
        return False
    after = low[last + 1] if last + 1 < len(low) else ""
    if not first:
        return after in w.intent - w.place_words
    return low[first - 1] in w.before - {"for"}


BESIDE_MIN_LETTERS = 5    # a name read beside an intent word alone, whatever else the sentence says ...
BESIDE_MIN_POP = 5_000    # ... is a town this big, a hand-kept spot, or a place on the sea in a sea question


def _beside_intent(low: list[str], first: int, last: int, w: Words) -> bool:
    """Whether the name's words ``first..last`` touch an intent word ("sunrise peniche tomorrow, planning a
    dawn patrol"; "cadaques sunset on friday if the weather holds")."""
    return (first > 0 and low[first - 1] in w.intent) or (last + 1 < len(low) and low[last + 1] in w.intent)


def _notable(rec: Rec, key: str, sea: bool, home: str) -> bool:
    """Whether a place is known enough to be read by its name ``key`` in lower case beside an intent word with
    unknown words around: a town, a hand-kept spot, or a place on the sea in a sea question or on the asker's own
    coast ("tenby rain monday? kids lesson booked" from Cardiff; not a namesake across the ocean, nor a four-letter
    word: "sai kong rain" is no Kong in Ivory Coast)."""
    return len(key.replace(" ", "")) >= BESIDE_MIN_LETTERS and (rec.pop >= BESIDE_MIN_POP or rec.fame >= FAME_HAND
                                                   or rec.coastal and (sea or bool(home) and rec.cc == home))


_TOWARDS = frozenset({"to", "from", "via"})  # "the ferry to Split", "sailing from Rye"
_SENTENCE_END = ".!?:;\n"


def capital_role(work: str, toks: Tokens, start: int, end: int, key: str) -> bool:
    """Whether a place name that is also an English word (``Index.capitalised``: Nice, Deal, Split), found at
    ``start:end``, is the place: written capitalised where a place stands — after at/in/near/to..., before a
    place word ("Deal pier") or its state or country ("Ocean City MD", "Seaside Oregon"), after a lower-case
    word mid-sentence ("low tide Deal"), or first in a sentence with a data word next ("Split wind tomorrow";
    not for ``capitalised_not_first``: "Nice weather today"); in lower case only before its state or country, "ocean
    city md" (amer13)."""
    w = words()
    spans, low = toks.words, toks.low
    first = next(j for j, s in enumerate(spans) if s[0] == start)
    last = next(j for j, s in enumerate(spans) if s[1] >= end)
    after, upper = low[last + 1] if last + 1 < len(low) else "", work[start].isupper()
    if after in w.place_words and upper or last + 1 < len(low) and (_division_written(spans[last + 1][2], after) or (
            after in context().lower_after_place)) or last + 2 < len(low) and _division_written("", f"{after} {low[last + 2]}"):
        return True   # "Deal pier", "Ocean City MD", "Rhode Island"
    if not upper or key in index().rules.get("division_only", ()) and not (first and low[first - 1] in w.before):
        return False   # "the Mobile app": only "Mobile AL" or "tide in Mobile" is the town
    opening = not first or work[:start].rstrip()[-1:] in _SENTENCE_END
    if opening:
        return after in w.intent and key not in w.not_first
    before = low[first - 1]
    return before in w.before or before in _TOWARDS or spans[first - 1][2][:1].islower()


def _division_written(word: str, low: str) -> bool:
    """Whether a word names a country or a first-level division as written ("MD" in capitals, "Oregon")."""
    ctx = context()
    return low in ctx.en and (low not in ctx.upper or word.replace(".", "").isupper())


def _place_word_dropped(name: str, key: str, place_words: frozenset[str]) -> bool:
    """Whether ``key`` is the place's name ``name`` without its last word, a place word (Noosa Heads)."""
    head, _, last = en_key(name).rpartition(" ")
    return head == key and last in place_words


SPELLING_RATIO = 90   # rapidfuzz ratio of an alias to the place's own name for it to be a spelling of that name


def _spelt_so(name: str, key: str) -> bool:
    """Whether the alias ``key`` is a spelling of the place's own name ``name``: as many words, the same first
    letter, at most one letter more or fewer, and near by rapidfuzz's ratio (a slip, not another name)."""
    from rapidfuzz import fuzz, distance   # only for an alias in lower case that has a role; one letter other of 7+ too
    own, key = article_free(en_key(name)), article_free(key)   # "sharm al shaikh": Sharm el-Sheikh as spelt ("barselona")
    return (len(own.split()) == len(key.split()) and own[:1] == key[:1] and abs(len(own) - len(key)) <= 1
            and (fuzz.ratio(own, key) >= SPELLING_RATIO or len(own) >= 7 and distance.Levenshtein.distance(own, key) == 1))


def _glued(work: str, start: int, end: int) -> bool:
    """Whether the name is part of a longer token ("2moro" is no Moro): a digit or letter touches it."""
    return bool(start and _GLUE.match(work, start - 1)) or bool(_GLUE.match(work, end))
