"""Text helpers of the gazetteer: folding, English word tokens, word n-gram lookups.

Shared by the runtime lookup (``core.understand.places``) and the data builder
(``scripts/build_places.py``) so both normalise names exactly alike.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any, Callable, Iterable, NamedTuple, Protocol


from core.data import DATA_DIR, read_yaml, word_list
from core.understand.coords import fold_width
from core.understand.language import GLUED_SCRIPTS, SPACED_SCRIPTS, runs_on

# Length-preserving fold for matching: full-width → ASCII, 臺 → 台 (both spellings are everyday), and the variant
# kanji Japanese names are written with (函舘 for 函館, 鹿嶋, 長﨑, 髙松, 濵田): one character for one.
_ZH_FOLD = str.maketrans({"臺": "台", "恒": "恆", "舘": "館", "嶋": "島", "﨑": "崎", "嵜": "崎", "髙": "高", "濵": "濱"})
_ZH_FOLDABLE = re.compile("[" + "".join(chr(c) for c in _ZH_FOLD) + "]")

HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
# Letters only Vietnamese writes (a Vietnamese sentence: "mai" is tomorrow there, "nắng" no "nang" of Ao Nang)
VIETNAMESE = re.compile("[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.IGNORECASE)
KANA = re.compile(r"[\u3040-\u30ff]")
# Scripts whose names are matched as substrings, not words: Han, kana, Hangul (청사포 in 「청사포 明天 滿潮」), Thai and
# the other scripts written without spaces (Lao, Burmese, Khmer: ក្រុងព្រះសីហនុ in a run of Khmer).
HANGUL = re.compile(r"[\uac00-\ud7a3]")
NAME_SCRIPT = re.compile(f"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3{GLUED_SCRIPTS}]")
# ... and the South Asian scripts a country or division is named in beside them (नेपाल, இலங்கை, කැලිෆෝනියා): found as
# written too (context words only: the towns of those scripts come from their own rules)
CONTEXT_SCRIPT = re.compile(NAME_SCRIPT.pattern[:-1] + "\u0780-\u07bf\u0900-\u097f\u0980-\u09ff\u0b80-\u0bff\u0d00-\u0d7f\u0d80-\u0dff]")
ASCII_LETTER = re.compile(r"[A-Za-z\u00C0-\u024F]")
LATIN_NAME = re.compile(r"[A-Z\u00C0-\u00DE][A-Za-z\u00C0-\u024F\u1E00-\u1EFF' .-]+")
# (Hawaiian's ʻokina, U+02BB, and the glottal stop's ʼ are letters of the word: "Peʻahi", "Kaʻanapali" are one name)
WORD = re.compile(r"[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]+(?:['’\u02BB\u02BC-][A-Za-z\u00C0-\u024F\u1E00-\u1EFF]+)*")


def fold(text: str) -> str:
    """Width-fold and 臺 → 台 fold; the length of ``text`` is kept, so spans stay valid."""
    return fold_zh(fold_width(text))


def fold_zh(work: str) -> str:
    """The 臺 → 台 part of ``fold``, for text already folded by ``fold_width``."""
    return work if _ZH_FOLDABLE.search(work) is None else work.translate(_ZH_FOLD)


# Letters no accent-stripping reaches, as people type them without the key: Løkken, Fanø, Ærø, Łeba, Đenovići
LATIN_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "đ": "d",
                               "Đ": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ı": "i"})


def ascii_lower(name: str) -> str:
    """Lower-case, accents stripped and letters spelt out: "Zürich" → "zurich", "Fanø" → "fano"."""
    if name.isascii():
        return name.lower()
    return unicodedata.normalize("NFKD", name.translate(LATIN_LETTERS)).encode("ascii", "ignore").decode().lower()


def en_key(name: str) -> str:
    """Index key of an English name: ASCII lower-case, single spaces, British "harbour" spelt "harbor"
    (either spelling finds a name written with the other)."""
    return " ".join(ascii_lower(name.replace("’", "'")).replace("harbour", "harbor").split())


# Words that join a town's everyday name to what tells it apart from its namesakes: Newcastle upon
# Tyne, Santa Cruz de Tenerife, Frankfurt am Main. People call the town by the words before them.
_QUALIFIER_JOINS = frozenset({"upon", "on", "under", "de", "del", "della", "di", "da", "do", "am", "an", "im", "sur",
                              "en"})
_ARTICLES = ("la ", "le ", "les ", "el ", "il ", "lo ", "los ", "las ")   # a name said without its article
_VILLAGE = ("ban ", "kampung ", "kampong ")   # GeoNames' "village" word people leave out (Ban Ao Nang is Ao Nang)


_SAINT = re.compile(r"^(?:saint|st\.?)(e?)[ -]")
# Mount, Fort and Point as people shorten them: "mt maunganui" is Mount Maunganui's own name, as "st ives" is St Ives'
_SHORT_LEAD = re.compile(r"^(?:(mount|mt\.?)|(fort|ft\.?)|(point|pt\.?))[ -]")


def _lead(key: str) -> str:
    """Return ``key`` with a leading Saint, Mount, Fort or Point word in one spelling, whichever way it was written."""
    key = _SAINT.sub(r"\1", key)
    m = _SHORT_LEAD.match(key)
    return key if m is None else ("mount ", "fort ", "point ")[m.lastindex - 1] + key[m.end():]  # type: ignore[operator]


def own_name(key: str, name: str) -> bool:
    """Return whether the key ``key`` is the place name ``name`` (an ``en_key``) as people say or write
    it: the name itself, written without its spaces or hyphens ("georgetown" for George Town), without its
    article or village word ("ao nang" for Ban Ao Nang), or the words before a join word, a bracket or a Japanese or
    Korean rank word ("newcastle" for Newcastle upon Tyne, "halle" for Halle (Saale), "kashima" for Kashima-shi)."""
    if key == name:
        return True
    key, name = _lead(key), _lead(name)   # St Ives, St. Tropez, Saint-Tropez alike; Mt Maunganui, Mount Maunganui
    if key.replace(" ", "").replace("-", "") == name.replace(" ", "").replace("-", ""):
        return True
    if " " in key and romanised(key) == romanised(name):   # "batu ferringhi" for Batu Feringgi: one name respelt
        return True
    if name.startswith(_ARTICLES + _VILLAGE) and name.split(" ", 1)[-1] == key:   # "barceloneta" for la Barceloneta
        return True
    rest = name[len(key):] if name.startswith(key) else ""
    if not rest or rest[0] not in " -":
        return False
    word = rest[1:].replace("-", " ").split(" ", 1)[0]
    return word in _QUALIFIER_JOINS or word.startswith("(") or rest in _rank_words()   # "kashima" for Kashima-shi


@functools.cache
def _rank_words() -> frozenset[str]:
    """Return the rank words a Japanese or Korean town's Latin name ends with in GeoNames ("-shi" of Kashima-shi)."""
    return frozenset(str(w) for w in read_yaml(DATA_DIR / "places_world_rules.yaml")["kanji_readings"]["latin_rank_words"])


# Romanisations of one Asian name differ in doubled letters and an h after a consonant (Ferringhi/Feringgi,
# Koh/Ko, Phuket/Puket, Enoshima/Enosima): folded away, they are one spelling.
_DOUBLED = re.compile(r"([a-z])\1+")
_H_AFTER = re.compile(r"(?<=[bcdfgjklmnpqrstvwxz])h")


def romanised(key: str) -> str:
    """Return an ``en_key`` with spaces, hyphens, doubled letters and an h after a consonant taken out: the
    spelling two romanisations of one name share."""
    return _H_AFTER.sub("", _DOUBLED.sub(r"\1", key.replace(" ", "").replace("-", "")))


def name_key(name: str) -> str:
    """Index key of any name: folded CJK as is, Latin names by ``en_key``."""
    return fold(name) if HAN.search(name) else en_key(name)


_SHORT_WORDS = frozenset({"st", "ste", "mt", "ft", "pt"})  # St. Ives, Mt. Maunganui, Ft. Lauderdale, Pt. Reyes


class Tokens(NamedTuple):
    """The words of a text: (start, end, word), their ASCII lower-case forms, and run lengths."""

    words: list[tuple[int, int, str]]
    low: list[str]
    run: list[int]  # run[j]: words from j on joined by single spaces; only those can form one name


def tokens(work: str) -> Tokens | None:
    """The words of folded text, or None when it has no Latin letter (no English name can match)."""
    if ASCII_LETTER.search(work) is None:
        return None
    words = [(m.start(), m.end(), m.group()) for m in WORD.finditer(work)]
    # a curly apostrophe is an apostrophe; "harbour" is keyed "harbor" (see en_key)
    low = [ascii_lower(w.replace("\u2019", "'")).replace("harbour", "harbor") for _, _, w in words]
    run = [1] * len(words)
    for j in range(len(words) - 2, -1, -1):
        gap = words[j + 1][0] - words[j][1]
        # "St. Malo" is one name as "St Malo" is: a short word's full stop joins it to the next, as does an
        # apostrophe ending a word ("John o' Groats")
        if gap == 1 or gap == 2 and (low[j] in _SHORT_WORDS and work[words[j][1]] == "." or work[words[j][1]] == "'"):
            run[j] = run[j + 1] + 1
    return Tokens(words, low, run)


_POSSESSIVE = "'s"
# Turkish writes a name's case after an apostrophe ("İzmir'de": in İzmir, "Londra'da", "Bodrum'dan")
_CASE_AFTER_APOSTROPHE = frozenset("de da te ta e a ye ya den dan ten tan in ın un ün nin nın nun nün i ı u ü yi yı "
                                   "deki daki teki taki".split())


class Names(Protocol):
    """A table of names: a dict, or the index's sorted English names."""

    def get(self, key: str, default: Any = None, /) -> Any: ...


def word_hits(toks: Tokens, table: Names, multi: dict[str, int], conv: Callable,
              genitive: Callable[[str, Any], bool] | None = None,
              inflected: Callable[[Tokens, int, Any], tuple[str, Any, int] | None] | None = None) -> list:
    """(start, end, conv(value), first word, key) for the longest name in ``table`` at each word.

    Multi-word names are only tried after a word that starts one (``multi``: first word → most words).
    With ``genitive``, a capitalised word no name answers to is tried without a last "s" too, kept when
    ``genitive(name, value)`` says a place of that name's language writes the genitive so ("Göteborgs vindprognos");
    with ``inflected``, a word no name answers to is tried as a name with its case ending (``inflected(toks, j)``:
    "w Gdańsku", "u Splitu", "w Nowym Jorku"; "u Puli" over Taiwan's Puli), the whole words its span.
    """
    words, low, run = toks
    out = []
    for j, word in enumerate(low):
        # a French or Italian article elided onto the name ("l'Anse Vata", "d'Hossegor"): tried without it too
        for cut in (0, 2) if word[:2] in _elided() and len(word) > 3 else (0,):
            first = word[cut:]
            for k in range(min(multi.get(first, 1), run[j]), 0, -1):
                key = first if k == 1 else " ".join((first, *low[j + 1:j + k]))
                hit = table.get(key)
                end = words[j + k - 1][1]
                if hit is None and key.endswith(_POSSESSIVE):
                    # "Boston's tides", "Hualien’s tide curve": the name without its possessive ending.
                    key, end = key[:-2], end - 2
                    hit = table.get(key)
                elif hit is None and "'" in key and key.rsplit("'", 1)[1] in _CASE_AFTER_APOSTROPHE:
                    cut_at = key.rindex("'")   # "izmir'de": the name without its Turkish case
                    end -= len(key) - cut_at
                    key = key[:cut_at]
                    hit = table.get(key)
                if hit is None and genitive is not None and k == 1 and _genitive_s(words[j][2], key):
                    stem = table.get(key[:-1])
                    if stem is not None and genitive(key[:-1], stem):
                        key, end, hit = key[:-1], end - 1, stem
                # (or one a place holds too, when the language's own town is meant: "u Puli" is Pula's locative)
                if inflected is not None and k == 1 and cut == 0 and (found := inflected(toks, j, hit)):
                    key, hit, end = found[0], found[1], words[found[2]][1]   # its span to the name's last word
                if hit is not None:
                    out.append((words[j][0], end, conv(hit), words[j][2][cut:], key))   # the span keeps its article
                    break
            else:
                continue
            break
    return out


GENITIVE_MIN = 5   # a word this long at least: "Bergens", "Kiels", not "Rys"


def _genitive_s(written: str, key: str) -> bool:
    """Whether a word may be a name with the genitive "s" German and the Nordic languages write without an
    apostrophe: capitalised, long enough, ending in a plain "s" ("Hamburgs", "Bergens"; not "Hamburg's")."""
    return len(key) >= GENITIVE_MIN and key.endswith("s") and not key.endswith("ss") and written[:1].isupper()


@functools.cache
def _elided() -> tuple[str, ...]:
    return tuple(word_list("understanding.yaml", "elided_articles"))


def multi_word(names: Iterable[str]) -> dict[str, int]:
    """First word → most words among names that start with it (only multi-word names)."""
    out: dict[str, int] = {}
    for n in [n for n in names if " " in n]:
        first, _, rest = n.partition(" ")
        words = rest.count(" ") + 2
        if out.get(first, 1) < words:
            out[first] = words
    return out


def _apart(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] == "P"   # a blank or a punctuation mark, any width


def set_apart(work: str, start: int, end: int) -> bool:
    """True when `work[start:end]` stands between blanks or punctuation, or the text's ends."""
    return (start == 0 or _apart(work[start - 1])) and (end == len(work) or _apart(work[end]))


def data_word_in(work: str) -> bool:
    """True when the question holds a data word: a weak name set apart in it is a place (「成功 明天滿潮」)."""
    return any(word in work for word in _weak_words("weak_name_apart_with"))


def weak_then_day(work: str, start: int, end: int) -> bool:
    """True when a weak name opens the question (or follows a request, 「給我香山今天的潮汐」, or a day word, 「初一北門滿潮」),
    a day or when word (or, after a request or day word, a data word) right after it and a data word in it
    (「成功今天月亮幾點落下」, 「北門幾點滇流」): the town, as a word would not stand there."""
    opens = start == 0 or set_apart(work, start, start) or work[:start].endswith(_weak_words("weak_name_after_request")) \
        or work[:start].strip() in _weak_words("weak_name_after_day")   # 「初一北門滿潮」: a day word opening it
    then = work.startswith(_weak_words("weak_name_then_day"), end) or work.startswith(
        _weak_words("weak_name_then_when"), end) or start > 0 and work.startswith(_weak_words("weak_name_then_data"), end)
    return opens and then and data_word_in(work)


@functools.cache
def _weak_words(key: str) -> tuple[str, ...]:
    """Return a list of understanding.yaml's weak-name words, read once (the name lookup asks for them per name)."""
    from core.data import DATA_DIR, read_yaml, word_list

    return word_list("understanding.yaml", key)


# A place named after these is where the asker goes, not where the question is asked ("crossing to Belle-Île",
# "the ferry to the South Island";
# "Tutukaka high tide, diving the Poor Knights"; "Marahau tides, kayaking up to Anchorage")
# (s22) ... and "to" in the travellers' languages: Dutch naar/richting, German nach, Nordic till, Spanish hacia, Portuguese
# rumo a ("laagwater bij Pieterburen? We gaan wadlopen naar Schiermonnikoog": the walk's start is asked)
_TRIP_END = re.compile(r"(?:\bto(?:\s+the)?|\b(?:naar|richting|nach|till|hacia|rumo\s+a|rumbo\s+a)"
                       r"|\b(?:diving|snorkell?ing|kayaking|paddling)(?:\s+(?:at|the|out\s+at))?)\s*$", re.IGNORECASE)


def trip_end(work: str, start: int) -> bool:
    """Return whether the name beginning at ``start`` of ``work`` is a trip's end (see _TRIP_END), or follows a
    crossing word in a clause after the first (「濟州明天風大嗎？要搭船去牛島」: the question is Jeju's, where the boat
    leaves, not Udo's; 「石垣島明天潮汐 想去川平灣」 still asks the bay it goes to)."""
    if _TRIP_END.search(work, 0, start) is not None:
        return True
    before = work[:start].rstrip()
    word = next((w for w in _weak_words("crossing_words") if before.endswith(w)), None)
    return word is not None and bool(_CLAUSE_BREAK.search(before.lstrip(), 0, len(before.lstrip()) - len(word)))


_CLAUSE_BREAK = re.compile(r"[\s,.;!?\uff0c\u3002\uff1b\uff01\uff1f]")


def trip_before(text: str, trip: tuple[int, int], asked: int) -> bool:
    """Return whether the place at span `trip` follows a trip word (去, "heading to") in a clause of its own before
    the place asked at `asked` (「下週去首爾 釜山海雲台明天潮汐」): where the asker goes, not a place asked about."""
    gap = text[trip[1]:asked]
    return trip[1] < asked and (not gap.strip() or bool(_CLAUSE_BREAK.search(gap))) \
        and text[:trip[0]].rstrip().lower().endswith(_weak_words("trip_words"))


_ONWARD = re.compile(r"(?:(?<![a-z])to|去)\s*(?:the\s+)?$", re.IGNORECASE)   # "ferry to the South Island", 「搭渡輪去南島」


def trip_after(text: str, span: tuple[int, int], asked: int) -> bool:
    """Return whether the words at `span` (a place, or words nothing explains) are where the trip goes on to, in a
    clause of its own after the place asked, which ends at `asked` (「威靈頓明天風大嗎？要搭渡輪去南島」, "Wellington wind
    tomorrow, taking the ferry to the South Island"): the asker's next leg, not a second place asked about."""
    inside = text[span[0]:span[1]]
    if span[0] < asked or not _CLAUSE_BREAK.search(text, asked, span[0] + 1) and not (
            not text[asked:span[0]].strip() and inside.startswith(_weak_words("trip_by_zh"))):   # 「在威靈頓搭渡輪去南島」
        return False
    lead = max((inside.rfind(w) + len(w) for w in _weak_words("trip_words") if not w.isascii() and w in inside),
               default=0)   # 「要搭渡輪去南島」: the words nothing explains hold the trip word before the name
    return (lead > 0 and lead < len(inside)) or _ONWARD.search(text, 0, span[0]) is not None


def _katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch == "ー"


# Katakana place words a name may run into (ワイキキビーチ: Waikiki, then "beach")
@functools.cache
def _katakana_place_words() -> tuple[str, ...]:
    return tuple(word_list("understanding.yaml", "place_words_ja"))


def _hiragana_or_han(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f" or "\u3400" <= ch <= "\u9fff"


# Scripts written with spaces whose words end in their case (Hindi, Tamil, Sinhala, Greek, Arabic: சென்னையில் is "in
# Chennai"): a name begins a word there, never inside one (मालदीव, the Maldives, holds दीव, Diu)
_SPACED_SCRIPT = re.compile(f"[{SPACED_SCRIPTS}]")
_PREFIXES = frozenset("בלמוהכשوبلفك")   # one-letter words Hebrew and Arabic write on the next (בחיפה: in Haifa)
_ARABIC_LETTER = re.compile("[\u0620-\u064a\u066e-\u06d3]")   # Arabic writes no case ending on a name


def inside_a_spaced_word(work: str, i: int, j: int = 0) -> bool:
    """Return True when a name found at ``i`` starts inside a word of a spaced script (Devanagari, Arabic …), not after
    a one-letter prefix (Hebrew ב, Arabic ب: "in"); begins an everyday word starting with it (`script_everyday_words`:
    পার্থক্য is no পার্থ, Perth); or (its end ``j`` given) runs on into a longer Arabic word (الحي in الحين: "now"), or Cyrillic."""
    if j and (_ARABIC_LETTER.match(work, j - 1) and _ARABIC_LETTER.match(work, j) or runs_on(work, j)):
        return True
    if i == 0 or _SPACED_SCRIPT.match(work, i) is None or _SPACED_SCRIPT.match(work, i - 1) is None:
        return work.startswith(word_list("understanding.yaml", "script_everyday_words"), i)
    return not (work[i - 1] in _PREFIXES and (i == 1 or _SPACED_SCRIPT.match(work, i - 2) is None))


def word_end(work: str, j: int) -> int:
    """Return where the word ending a name found up to ``j`` ends: ``j``, or past the case ending a spaced script
    writes on it (Лондон|е, சென்னை|யில்), so that ending is read as the name's."""
    if j == 0 or _SPACED_SCRIPT.match(work, j - 1) is None:
        return j
    while j < len(work) and _SPACED_SCRIPT.match(work, j) is not None:
        j += 1
    return j


# Lao, Burmese and Khmer write a syllable as a consonant with marks and stacked consonants (Khmer's coeng, Burmese's
# virama) after it: a name cut there is a piece of a longer word (កែប, Kep, in កែប្រែ, "to change")
_STACKERS = frozenset("\u17d2\u1039")
_SYLLABLE_SCRIPT = re.compile("[\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff]")


def inside_a_syllable(work: str, i: int, j: int) -> bool:
    """Return True when a Lao, Burmese or Khmer name found at ``work[i:j]`` begins under a stacking sign or ends
    before a mark or stacked consonant of its last syllable (the text's letters run on in the same syllable)."""
    if _SYLLABLE_SCRIPT.match(work, i) is None:
        return False
    if i > 0 and work[i - 1] in _STACKERS:
        return True
    return j < len(work) and (work[j] in _STACKERS or unicodedata.category(work[j]) in ("Mn", "Mc"))


def inside_a_kana_word(work: str, i: int, j: int) -> bool:
    """True when a name found at ``work[i:j]`` starts or ends inside a katakana word (ルカ of イルカ, "dolphin";
    ブラジ of ブラジル), or is hiragana inside a word (さい of 小さい, ください): no name; a katakana place word may
    follow it (ワイキキビーチ)."""
    if all("\u3041" <= c <= "\u309f" for c in work[i:j]):
        return i > 0 and _hiragana_or_han(work[i - 1]) or j < len(work) and "\u3041" <= work[j] <= "\u309f"
    if not _katakana(work[i]):
        return False
    return i > 0 and _katakana(work[i - 1]) or j < len(work) and _katakana(work[j]) and _katakana(work[j - 1]) \
        and not work.startswith(_katakana_place_words(), j)


@functools.cache
def everyday_name_heads() -> frozenset[str]:
    """Return the words heading a two-word place name of everyday words typed in lower case ("cape may", "cape
    fear": ``everyday_name_heads`` in core/data/places_lower_case.yaml): the pair is a name, not words of the sentence."""
    from core.data import DATA_DIR, read_yaml

    return frozenset(str(w).lower() for w in read_yaml(DATA_DIR / "places_lower_case.yaml").get("everyday_name_heads", ()))
