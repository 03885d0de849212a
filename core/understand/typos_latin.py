"""A place's Latin name written with a slip: "Hungtington beach", "Tansui", "la hoya" (La Jolla as
it sounds), "Xiao Liu Qiu" (pinyin syllables written apart).

The words no other slot, intent or filler explains are tried, one to three at a time (with a place
word such as "beach" after them), against the gazetteer's Latin names by ``rapidfuzz``: Taiwan's
names first, then the places abroad that are well known (a hand-kept spot, or a town known by many
names). Both sides are compared run together and as pronounced, so spacing and a Spanish j or ll
(La Jolla, "la hoya") do not count as slips. Loaded only for a data question that names no place.
"""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml, word_list
from core.understand.places_index import FAME_HAND, context, index
from core.understand.places_lower import words
from core.understand.places_text import ascii_lower, en_key, own_name

MIN_LETTERS = 5      # shorter words are too many other words' near spellings
BESIDE_INTENT_LETTERS = 6   # a lone misspelt name read right after an intent word is this long
MIN_RATIO = 85       # rapidfuzz ratio (insertions and deletions) for a near spelling ...
MIN_EDIT = 0.83      # ... or normalized OSA similarity (two letters swapped are one slip), names of MIN_EDIT_LETTERS or more:
MIN_EDIT_LETTERS = 6  # one letter changed in six (Tansui → Tamsui)
KNOWN_POP = 100_000  # a town abroad this big, or ...
KNOWN_FAME = 20      # ... known by this many names, is one people may misspell
KNOWN_COAST_FAME = 5   # ... as is a town on the sea known by this many (Scarborough, Aberystwyth, Tobermory)
LOCAL_COAST_POP = 1_000   # a town on the asker's own country's coast this big is one its people may misspell (Coolangatta)
MAX_WORDS = 3
MOVED_LETTERS = 3    # letters out of place in a name written with its own letters (Pukhet: u, k, h)
GENERIC = frozenset({"fishing", "state", "park", "national"})   # with the place words: in any name
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def sounded(name: str) -> str:
    """Return a Latin name run together as it is pronounced: lower case, letters only, a Spanish
    ll as y and j as h ("La Jolla" and "la hoya" both "lahoya"; "Xiao Liu Qiu" is "xiaoliuqiu"), a
    Cantonese syllable in one of Hong Kong's spellings ("Cheung Chow" is "Cheung Chau")."""
    variants = _romanised()
    letters = "".join(variants.get(w, w) for w in _LETTERS.findall(name.lower()))
    return letters.replace("ll", "y").replace("j", "h")


_LETTERS = re.compile(r"[a-z]+")


@functools.cache
def _romanised() -> dict[str, str]:
    """Return a syllable as Hong Kong also writes it → its spelling in the gazetteer's names (chow → chau)."""
    table = read_yaml(DATA_DIR / "understanding.yaml")["romanised_variants_latin"]
    return {str(k): str(v) for k, v in table.items()}


def spelt_as(written: str) -> str | None:
    """Return the gazetteer's Latin key that `written` (words read together as one name: "Nah Trang") is a
    near spelling of, Taiwan's names first, then the well-known places abroad; None when it is none's."""
    for home in (True, False):
        key = _match(written, _names(home))
        if key is not None:
            return key
    return None


@functools.cache
def _names(home: bool) -> dict[str, str]:
    """Return sounded name → the gazetteer's key for it: Taiwan's places (home) or the well-known
    places abroad by their own names (of keys sounding alike, the one most places hold)."""
    idx = index()
    own: dict[int, str] = {}   # row → its own name's key ("" for a hand-kept place: all its names are its own)
    if home:   # the hand-kept places come after the world file's rows
        own = {row: "" for row in range(idx.n_world, idx.n_rows) if idx.rec(row).taiwan}
    for row, line in enumerate(idx.all_rows() if not home else ()):
        fields = line.split("|")
        taiwan, pop, fame, coastal = fields[8] == "1", int(fields[7]), int(fields[12]), fields[11] == "1"
        if not taiwan and (fame >= FAME_HAND or pop >= KNOWN_POP or fame >= (KNOWN_COAST_FAME if coastal else KNOWN_FAME)):
            own[row] = "" if fame >= FAME_HAND else en_key(fields[2])
    out: dict[str, str] = {}
    for key, value in idx.en.items():
        # a name's default holder, or another holder people may misspell (Padstow, Cornwall beside Padstow, Sydney)
        name = own.get(value)
        if name is None and key in idx.homonyms:
            name = next((own[v] for v in idx.homonyms[key] if v in own), None)
        # abroad, a town's own name only: another language's spelling of it (Soason) is too near ordinary words; but
        # a spelling one slip from its own (Marrakech for Marrakesh) is the same name, misspelt from either
        if name is None or name and not (own_name(key, name) or _respelt(key, name)) or len(sound := sounded(key)) < MIN_LETTERS:
            continue
        old = out.get(sound)
        if old is None or _held(key) > _held(old):   # "newport", the name many places hold, not "new port"
            out[sound] = key
        out.setdefault("".join(c for c in key if "a" <= c <= "z"), key)   # as spelt too: Woolongong, no slip of "woyongong"
    return out


def _respelt(key: str, name: str) -> bool:
    """Return whether ``key`` is ``name`` spelt another common way, one slip from it (marrakech, marrakesh)."""
    from rapidfuzz import fuzz

    return len(key) >= MIN_EDIT_LETTERS + 1 and key[0] == name[0] and fuzz.ratio(key, name) >= MIN_RATIO


@functools.cache
def _local_names(cc: str) -> dict[str, str]:
    """Return sounded name → the gazetteer's key for the towns on the coast of the asker's country ``cc`` by their
    own names: a local misspells a town of their own coast no one abroad knows ("coolangata" from Brisbane)."""
    idx = index()
    own: dict[int, str] = {}
    for row, line in enumerate(idx.all_rows()):
        fields = line.split("|")
        if fields[9] == cc and fields[11] == "1" and int(fields[7]) >= LOCAL_COAST_POP and fields[8] != "1":
            own[row] = en_key(fields[2])
    out: dict[str, str] = {}
    for key, value in idx.en.items():
        name = own.get(value)
        if name is None and key in idx.homonyms:
            name = next((own[v] for v in idx.homonyms[key] if v in own), None)
        if name is None or key != name or len(sound := sounded(key)) < MIN_LETTERS:
            continue
        out.setdefault(sound, key)
        out.setdefault("".join(c for c in key if "a" <= c <= "z"), key)
    return out


def _held(key: str) -> int:
    """How many places answer to a Latin name."""
    return len(index().homonyms.get(key, (0,)))


def _runs(text: str, taken: tuple[tuple[int, int], ...]) -> list[list[tuple[int, int, str]]]:
    """Return the runs of words no slot holds and no intent, filler or known word explains; a place
    word right after a run ("beach") ends it."""
    table = words()
    runs: list[list[tuple[int, int, str]]] = []
    current: list[tuple[int, int, str]] = []
    for m in _WORD.finditer(text):
        low = m[0].lower()
        free = not any(s < m.end() and m.start() < e for s, e in taken)
        if free and current and low in table.place_words:
            runs.append([*current, (m.start(), m.end(), low)])
            current = []
        elif (free and (low not in table.known or low in _particles()) and low not in table.place_words
              and (ascii_lower(low) not in table.abroad or low in _particles())):   # "Strand" is no slip; "la hoya" is
            if current and text[current[-1][1]:m.start()].strip():
                runs.append(current)
                current = []
            current.append((m.start(), m.end(), low))
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


@functools.cache
def _heard_spellings() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Return the English spellings of a vowel as heard (understanding.yaml ``heard_vowels_latin``: oo for u, ee
    for i) with the letter names are written with."""
    table = read_yaml(DATA_DIR / "understanding.yaml")["heard_vowels_latin"]
    return tuple((re.compile(re.escape(str(k)), re.IGNORECASE), str(v)) for k, v in table.items())


def _as_heard(written: str) -> str:
    """Return a name written as an English speaker hears it ("uluwatoo", "bondee") with its vowels as names
    spell them ("uluwatu", "bondi"); the words unchanged when they hold no such spelling, or when the heard vowel
    does not end a word of 5+ letters: English writes oo and ee inside its own words ("looking" is no Lukang)."""
    if not any(len(word) >= 5 and word.lower().endswith(tuple(p.pattern.replace("\\", "") for p, _ in _heard_spellings()))
               for word in written.split()):
        return written
    for pattern, letter in _heard_spellings():
        written = pattern.sub(letter, written)
    return written


@functools.cache
def _particles() -> frozenset[str]:
    """Return the articles a place's name may begin with ("la hoya" for La Jolla), known words elsewhere."""
    return frozenset(word_list("understanding.yaml", "name_particles_latin"))


def _core(name: str, sound: bool = True) -> str:
    """Return a name's own words, sounded (or as letters only), without the place words any name may hold
    (fishing harbor)."""
    generic = words().place_words | GENERIC
    own = " ".join(w for w in name.lower().split() if w not in generic)
    return sounded(own) if sound else "".join(c for c in own if "a" <= c <= "z")


def _near(a: str, b: str) -> bool:
    """Whether two sounded names are near spellings of each other (see MIN_RATIO, MIN_EDIT)."""
    from rapidfuzz import fuzz
    from rapidfuzz.distance import OSA

    # a slip keeps the name's first letter and its length give or take one ("anything" is no Anding)
    if a[:1] != b[:1] or abs(len(a) - len(b)) > 1:
        return False
    if len(a) >= MIN_LETTERS - 1 and _FINAL_I.sub("i", a) == _FINAL_I.sub("i", b):
        return True   # (s23) an ending said alike, as English writes it: "Bondy" for Bondi, "Waikikie" for Waikiki
    return fuzz.ratio(a, b) >= MIN_RATIO or min(len(a), len(b)) >= MIN_EDIT_LETTERS and (
        OSA.normalized_similarity(a, b) >= MIN_EDIT or _letters_moved(a, b))


_FINAL_I = re.compile(r"(?:y|ie|ey|ee|i)$")


def _letters_moved(a: str, b: str) -> bool:
    """Whether two names of MIN_EDIT_LETTERS or more have the very same letters, only two of them out of
    place (Hakadote for Hakodate, Pukhet for Phuket): a slip of the fingers, not another word."""
    return len(a) == len(b) and sorted(a) == sorted(b) and sum(x != y for x, y in zip(a, b)) <= MOVED_LETTERS


def _match(written: str, names: dict[str, str]) -> str | None:
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import OSA

    sound, core = sounded(written), _core(written)
    if len(sound) < MIN_LETTERS or len(core) < MIN_LETTERS - 1:
        return None
    if sound in names:
        return names[sound]
    found = process.extract(sound, names.keys(), scorer=fuzz.ratio, score_cutoff=MIN_RATIO, limit=5)
    if len(sound) >= MIN_EDIT_LETTERS:   # two letters swapped count as one slip (Syndey, Woolongong)
        found += process.extract(sound, names.keys(), scorer=OSA.normalized_similarity,
                                 score_cutoff=MIN_EDIT, limit=5)
        found += [(name, 0.0, 0) for name in _same_letters(sound, names)]
    # the fewest edits first (Tauronga is one letter from Tauranga, two from Tacurong, though as alike by ratio)
    found.sort(key=lambda f: -OSA.normalized_similarity(sound, f[0]))
    for name, _score, _i in found:
        # "Baisha" is a piece of Dabaisha, no slip of it; "Shiti fishing harbor" is no Fuji Fishing Harbour:
        # the name's own words must be near, not only the place words around them
        # ... though a name's last letter left off is a slip ("Lindisfarn", "Tenerif")
        if ((sound not in name or name.startswith(sound) and len(name) == len(sound) + 1)
                and (_near(core, _core(names[name])) or _near(_core(written, False), _core(names[name], False)))
                and _as_many_words(written, names[name])
                # a sound alike (j as h) is no slip on top of one: "Hakata" is no Jakarta ("hakarta")
                and _near(_core(written, False), _core(names[name], False))):
            return names[name]
    return None


def _same_letters(sound: str, names: dict[str, str]) -> list[str]:
    """Return the names written with the very letters of ``sound`` (see _letters_moved)."""
    return [name for name in _by_letters().get("".join(sorted(sound)), ()) if name in names and _letters_moved(sound, name)]


@functools.cache
def _by_letters() -> dict[str, tuple[str, ...]]:
    """Return sorted letters → the sounded names abroad and at home written with them."""
    out: dict[str, list[str]] = {}
    for name in {*_names(True), *_names(False)}:
        out.setdefault("".join(sorted(name)), []).append(name)
    return {k: tuple(v) for k, v in out.items()}


def _as_many_words(written: str, name: str) -> bool:
    """Whether a slip keeps the name's words: two words written are no slip of a one-word name ("cala
    blanca" is no Casablanca, though run together they differ by a letter)."""
    return len(written.split()) <= 1 or len(name.split()) > 1


@functools.cache
def _not_places() -> frozenset[str]:
    """Return the English words that are near spellings of a place's name (scripts/typo_word_clashes.py)."""
    return frozenset(word_list("understanding.yaml", "typo_not_places_en"))


_LAST_WORD = re.compile(r"([A-Za-z]+)\W*$")


def _in_role(text: str, words_in: list[tuple[int, int, str]], runs: list[list[tuple[int, int, str]]]) -> bool:
    """Whether words stand where a place abroad is written: capitalised, two or more words nothing else
    explains ("la hoya"), before a place word ("hungtington beach"), after at/in/near ("tides at
    biaritz"), first with a data word next ("scarbrough tide"), or the one long word left right after a data word
    ("sunset kaikora tmrw"); one lower-case word alone elsewhere may be any English word ("cannot" is no Carnot)."""
    start, end = words_in[0][0], words_in[-1][1]
    if not text[start:end].islower() or len(runs) == 1 and len(words_in) > 1 or words_in[-1][2] in words().place_words:
        return True
    before = _LAST_WORD.search(text, 0, start)
    if before is None:   # first, then what is asked: "scarbrough tide tomorow", or its place word or day word
        after = _WORD.search(text, end)   # and then what is asked: "perhentain island low tide", "boracy tmrw rain?"
        if after is None:
            return False
        nxt = after[0].lower()
        return nxt in words().intent or (nxt in words().place_words or nxt in _day_words()) and any(
            w[0].lower() in words().intent - words().place_words for w in _WORD.finditer(text, after.end()))
    # or right after what is asked, the one long word nothing else explains: "sunset kaikora tmrw"
    return before[1].lower() in words().before or (
        before[1].lower() in words().intent and len(runs) == 1 and len(words_in) == 1
        and end - start >= BESIDE_INTENT_LETTERS and not text[before.end(1):start].strip())


def _in_longer_name(text: str, run: list[tuple[int, int, str]], i: int, size: int,
                    taken: tuple[tuple[int, int], ...]) -> bool:
    """Whether words capitalised as a name are written joined to another capitalised word that no slot, intent or
    place takes ("Silver Strand", "Golden Strand"): a piece of a longer name, asked about, not a slip of another."""
    start = run[i][0]
    if not text[start:run[i + size - 1][1]].istitle():
        return False
    if size < len(run) and all(text[a:b].istitle() for a, b, _w in run):
        return True
    before = _LAST_WORD.search(text, 0, start)
    return before is not None and not text[before.end(1):start].strip() and before[1].istitle() \
        and before[1].lower() not in words().intent and before[1].lower() not in words().before \
        and not any(a <= before.start(1) < b for a, b in taken)


@functools.cache
def _day_words() -> frozenset[str]:
    """Return the one-word day words of English chat (tmr, tmrw, today, tonight), lower case."""
    from core.understand.dates_words import table

    return frozenset(str(w).lower() for w in table("relative") if str(w).isascii() and " " not in str(w))


def near_spelling(text: str, taken: tuple[tuple[int, int], ...] = (), asker: str = "") -> tuple[str, str, bool] | None:
    """Return (the words as written, the gazetteer's Latin key they misspell, whether it is a Taiwan
    place) for the longest run of unexplained words that is a near spelling of a place's name, or
    None. Taiwan's names are tried before the places abroad, and those before the towns on the coast of the
    asker's country ``asker`` (ISO code; none for Taiwan's, whose names come first anyway)."""
    runs = _runs(text, taken)
    passes = [(True, _names(True)), (False, _names(False))]
    if asker and asker != "TW":
        passes.append((False, _local_names(asker)))
    for home, names in passes:
        for size in range(MAX_WORDS, 0, -1):
            for run in runs:
                for i in range(len(run) - size + 1):
                    start, end = run[i][0], run[i + size - 1][1]
                    written = text[start:end]
                    if all(w in _not_places() for _s, _e, w in run[i:i + size]) or en_key(written) in context().en:
                        continue   # English words near a place's name ("making" is no Makung); a country ("Taiwan")
                    if _in_longer_name(text, run, i, size, taken):
                        continue   # a word of a longer name written as one is no slip ("Silver Strand": no Strande)
                    if not home and (en_key(written) in index().en or not _in_role(text, run[i:i + size], runs)):
                        continue   # a name abroad left unread on purpose, or an ordinary word ("cannot")
                    key = _match(written, names) or _match(_as_heard(written), names)
                    if key is not None:
                        return written, key, home
    return None
