"""The words of a question that no slot, intent word or filler explains, and what they look like.

A plan is answered outright only when the question is explained by it (core/decide/vet.py); what is left over
tells when it is not (word tables in ``core/data/understanding.yaml``):

- another place, far from the one answered (「安平漁人碼頭」: 漁人碼頭 is Tamsui's, 安平 is Tainan's;
  「香港維多利亞港」 is not Victoria in Canada), unless it is where the asker is (「我在雪梨」);
- a name the gazetteer does not know, written like a place (「墾丁白砂灣」): a name before a place word (灣, harbor);
- a word touching the day word, a day word the date parser did not take (「聖誕夜」, 「接下來一個月」) or a local
  day of the region ("Hari Guru"): the day answered may not be the day asked (core/understand/leftover_unread.py).
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.from_now import from_now_spans
from core.understand.places import Place, find_place, find_place_and_region
from core.understand.places_beach import set_aside
from core.understand.places_apart import ISLAND_SPAN_KM, km_apart, near, reach
from core.understand.places_country import find_area
from core.understand.places_index import index
from core.understand.places_lower import own_water
from core.understand.places_regions import region_bbox
from core.understand.places_text import HAN, NAME_SCRIPT, en_key, fold, tokens, trip_before
from core.understand.signals import cjk_words, english_words, is_cjk
from core.understand.slots import Slots
from core.understand.spot_words import spot_name
from core.understand.trip_context import trip_context


class Run(NamedTuple):
    """Left-over words: where they are in the text, and as written."""

    start: int
    end: int
    word: str


@functools.cache   # read per question (asker_before): each list is made once
def word_list(key: str) -> tuple[str, ...]:
    """Return the words of one list of core/data/understanding.yaml."""
    return tuple(str(w) for w in read_yaml(DATA_DIR / "understanding.yaml")[key])


@functools.cache
def _fillers() -> tuple[frozenset[str], tuple[int, ...], frozenset[str], frozenset[str]]:
    zh = frozenset(word_list("fillers_zh"))
    en = frozenset(w.lower() for w in (*word_list("fillers_en"), *word_list("fillers_abroad")))
    # asking nothing only in lower case: capitalised, a piece of a name ("Po Toi", "Long Ke Wan")
    lower = frozenset(w.lower() for w in word_list("fillers_lower"))
    return zh, tuple(sorted({len(w) for w in zh}, reverse=True)), en, lower


def filler_words_en() -> frozenset[str]:
    """Return the English words that ask nothing by themselves (the, please, near …)."""
    return _fillers()[2]


@functools.cache
def english_tokens() -> frozenset[str]:
    """Every word of the English keywords ("sea", "temperature" from "sea temperature")."""
    return frozenset(token for phrase in english_words() for token in phrase.split())


def taken_spans(slots: Slots) -> tuple[tuple[int, int], ...]:
    """Return the spans of `text` the slots came from (point, box, place, day)."""
    spans = [s.span for s in (slots.point, slots.bbox, slots.place) if s is not None]
    if slots.date is not None:
        spans.append(slots.date.span)
        spans.extend(slots.date.echoes)
    if slots.windows is not None:   # the spring/neap words and the span they are asked over
        spans.extend(slots.windows.spans)
    return tuple(spans)


# A run of what is left: CJK characters together (one blank between them is a filler taken out:
# 「阿公家那邊」 stays whole), Latin words one by one.
_RUN = re.compile(r"[\u3400-\u9fff](?:[\u3400-\u9fff]| (?=[\u3400-\u9fff]))*|[^\s\u3400-\u9fff]+")


@functools.lru_cache(maxsize=4096)   # a pure function of the text and its (frozen) slots
def leftover(text: str, slots: Slots) -> tuple[Run, ...]:
    """Return the runs of `text` that neither a slot, an intent word nor a filler word explains
    (「跨年了」 in 「東京跨年了嗎」), Latin words lower-cased and stripped of punctuation."""
    words, lengths = cjk_words()
    fill_zh, fill_lengths, fill_en, fill_lower = _fillers()
    free = [True] * len(text)
    for start, end in (*taken_spans(slots), *from_now_spans(text)):   # "dans deux heures": a clock from now
        free[max(0, start):min(len(text), end)] = [False] * (min(len(text), end) - max(0, start))
    i = 0
    while i < len(text):
        n = next((n for n in (*lengths, *fill_lengths) if i + n <= len(text) and
                  (text[i:i + n] in words or text[i:i + n] in fill_zh)), 0)
        if n:
            free[i:i + n] = [False] * n
        i += max(n, 1)
    out = []
    english = english_tokens()
    for m in _RUN.finditer("".join(c if ok else " " for c, ok in zip(text, free))):
        word = text[m.start():m.end()]
        if not any("\u3400" <= c <= "\u9fff" for c in word):   # Latin, with or without accents (Hạ)
            written = word.strip(".,?!;:'\"()¿¡«»“”‘’؟،؛")   # Spanish, French and Arabic quotes and marks too
            word = written.lower()
            if any(c.isalpha() for c in word) and word not in fill_en and word not in english and not (
                    word in fill_lower and written[:1].islower()):
                out.append(Run(m.start(), m.end(), word))
        else:
            out.append(Run(m.start(), m.end(), word))
    return tuple(out)


def other_place(text: str, slots: Slots) -> Place | None:
    """Return a second place the question names, too far from the one answered to be in it or
    beside it (安平 for 漁人碼頭, Tamsui's), or None; where the asker is (我在雪梨) does not count."""
    place = slots.place
    if place is None or place.kind == "country":
        return None
    blank = list(text)
    for start, end in taken_spans(slots):
        blank[start:end] = " " * (end - start)
    blanked = set_aside("".join(blank))   # 「宮古島じゃなくて岩手の宮古」: 宮古島 is no second place
    other = find_place(blanked, prefer_coastal=False, home=place.country)
    if other is None or other.key == place.key or other.kind == "country" and other.country == place.country:
        return None
    area = find_area(fold(blanked), tokens(fold(blanked)), place.country)
    if area is not None and area.cc == place.country and area.start <= other.span[0] and other.span[1] <= area.end:
        return None   # a piece of the division the place is in ("Victoria, British Columbia")
    runs = [r for r in leftover(text, slots) if r.start < other.span[1] and other.span[0] < r.end]
    if not runs:
        return None   # explained by other words
    if other.country != place.country and any(_glued_both_sides(text, r, other.span) for r in runs):
        return None   # 「去看寄居蟹」: 寄居 (a town in Japan) inside an everyday word no slot explains
    if asker_before(text, *other.span) or trip_context(text, other.span) or trip_before(text, other.span, place.span[0]):
        return None
    if near(place, other) or any(near(place, alt) for alt in other.alternatives) \
            or _namesake_beside(place, text[other.span[0]:other.span[1]]):
        return None
    # "Honeymoon Bay Daxi": the 大溪 on the coast beside the beach is meant, not the better-known one inland
    coastal = find_place(blanked, prefer_coastal=True, home=place.country)
    return None if coastal is not None and coastal.span == other.span and near(place, coastal) else other


def _glued_both_sides(text: str, run: Run, span: tuple[int, int]) -> bool:
    """Whether Chinese characters stand right before and right after a name at ``span``, those after it unread."""
    return span[0] > 0 and span[1] < run.end and bool(HAN.match(text[span[0] - 1])) and bool(HAN.match(text[span[1]]))


def _namesake_beside(place: Place, written: str) -> bool:
    """Whether the second name also names a place beside the one answered, which is then the one meant
    ("Marahau tides, kayaking up to Anchorage": Abel Tasman's Anchorage, not Alaska's)."""
    idx = index()
    key = fold(written) if HAN.search(written) else en_key(written)
    value = idx.cjk.get(key) if HAN.search(written) else idx.en.get(key)
    if value is None:
        return False
    limit = reach(place)
    return any(km_apart(place, c) <= limit for c in idx.candidates(key, value))   # type: ignore[arg-type]


def place_words(text: str, slots: Slots) -> tuple[tuple[str, str], ...]:
    """Return (name as written, country code) of the places the question names: the one answered and a
    second one far from it ("why are the tides at Kodiak bigger than in Honolulu"); () when none."""
    if slots.place is None:
        return ()
    other = other_place(text, slots)
    return tuple((text[p.span[0]:p.span[1]], p.country) for p in (slots.place, *((other,) if other else ())))


def name_before(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return "Hạ Long Bay" when a capitalised word no slot explains stands right before a place
    written capitalised ("Long Bay"): one longer name the gazetteer does not know, else None."""
    start = place.span[0]
    if not text[start:start + 1].isupper():
        return None
    before = next((r for r in runs if r.end <= start and not text[r.end:start].strip()), None)
    if before is None or not text[before.start:before.start + 1].isupper() or is_cjk(before.word) \
            or not text[before.end - 1].isalpha():   # "Nanwan, Kenting": two names, not one
        return None
    area = find_place(text[:start])
    if area is not None and area.span[1] == before.end and (near(area, place) or area.kind == "island" and km_apart(
            area, place) <= ISLAND_SPAN_KM):
        return None   # "Da Nang My Khe beach", "Crete Chania": the city or island the place is in, written before it
    if names_an_area(before.word):
        return None   # "Jersey St Helier": the country or division it is in
    if own_water(before.word, place.country):
        return None   # "Pantai Kuta", "Praia Iracema": the town's own beach, in its country's language, capitalised
    if region_bbox(before.word) is not None:
        return None   # "Ostsee Travemünde": the sea the place is on, written before it
    return text[before.start:place.span[1]]


def understood_word(word: str) -> bool:
    """True when a Latin word explains itself: an intent word's or a filler ("hujan", "pasang", "ada")."""
    return word.lower() in english_tokens() or any(word.lower() in f for f in _fillers()[2:])


def names_an_area(word: str) -> bool:
    """True when a left-over word is a country's or division's name ("Taiwan" to an asker there)."""
    work = fold(word)
    return find_area(work, tokens(work), "") is not None


@functools.cache
def not_place_words() -> frozenset[str]:
    """Return the lower-case words after "in / at / on" that name no place ("on the way")."""
    return frozenset(word_list("not_places_after_in_en"))


def adjacent(text: str, a: Run, b: Run) -> bool:
    """True when nothing but spaces stands between two runs."""
    return not text[a.end:b.start].strip()



@functools.lru_cache(maxsize=4096)   # a pure function of the text: asked again for the same question's places
def asker_before(text: str, start: int, end: int | None = None) -> bool:
    """True when the words before `start` say the asker is there (「我在雪梨」, "I'm in Sydney"), their country
    written between or not (「人在智利聖地牙哥」, "I'm in Chile, Santiago"), or those right after `end`, when given
    (「皇后鎮打工」: working there)."""
    before = text[:start].rstrip().lower()
    ats = [(at, w) for w in word_list("asker_place_words") if (at := before.rfind(w)) >= 0]
    between = [before[at + len(w):].strip(" ,，、") for at, w in ats]
    glued = text[:start][-1:] not in (" ", ",", "，", "、", "")   # 「我在日本 台北」: the asker in Japan, Taipei asked
    after = text[end:].lstrip(" ,").lower() if end is not None else ""
    return any(not b or len(b) <= 16 and _country_alone(b) and (glued or b.isascii()) for b in between) or (
        end is not None and after.startswith(word_list("asker_place_after"))) or (
        before in word_list("asker_place_lead") and _now_word(after))   # "in gold coast rn, what time in sydney"


def _now_word(after: str) -> bool:
    """True when ``after`` opens with a word saying now ("rn, what time ..."), whole."""
    return any(after.startswith(w) and not after[len(w):len(w) + 1].isalnum() for w in word_list("asker_now_after"))


def _country_alone(words: str) -> bool:
    area = find_place_and_region(words, home="")[0]
    return area is not None and area.kind == "country" and area.span == (0, len(words))


_LATIN = re.compile(r"[a-z][a-z'-]*")
_WIDE = ("county", "city", "region", "country")
_ABBREVIATION = re.compile(r"[A-Z]{2,4}")   # LA, SF, NYC


def name_inside(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return the unknown name written right after a county, region or country (「台東都籃」 with
    都蘭 mistyped, "Tasmania Bicheno"): a smaller place the gazetteer does not know, not the area
    itself; None when nothing unread stands there."""
    if (glossed := _before_gloss(text, runs, place) or _named_at(text, runs, place) or _name_of(text, runs, place)) \
            is not None:
        return glossed   # "Matemwe high tide? (Zanzibar)", "à la Réunion : marée à Saint-Gilles-les-Bains"
    # a city written as its letters ("LA 산타모니카", "SF ソーサリート") holds the name set apart after it, like an area
    abbreviated = place.kind == "world_city" and _ABBREVIATION.fullmatch(text[place.span[0]:place.span[1]]) is not None
    if not (island := place.kind == "island") and place.kind not in _WIDE and not abbreviated:   # 「帛琉 Blue Corner」
        return None
    end = place.span[1]
    for run in runs:
        if abbreviated and not NAME_SCRIPT.search(run.word):
            continue
        gap = text[end:run.start]
        # a word of its own, set apart after it (「台東都籃 今天」; not 「宜蘭會不會下雨」, 「台南老家今天」)
        if NAME_SCRIPT.search(run.word) and not island and run.start >= end and (not gap or len(gap) == 1 and is_cjk(
                gap) or not gap.strip() and not is_cjk(run.word)) and (run.end == len(text) or not is_cjk(text[run.end])):
            return text[end:run.end].strip()   # Hangul and kana set apart by a space (「일본 오키나와」)
        if not is_cjk(run.word) and run.start > end and not gap.strip() and (text[run.start].isupper() or (
                (after := _NEXT_LATIN.match(text, run.end)) is not None and after[1].lower() in word_list("place_words_en"))):
            # the capitalised words together ("Blue Corner"); "昆州 wobbegong point": a place word follows
            return text[run.start:m.end() if (m := _CAPITALISED.match(text, run.start)) else run.end]
    return None


_OF = re.compile(r"\s+of\s+(?:the\s+)?$", re.IGNORECASE)


def _name_of(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return a landmark's name holding a country or area after "of" ("Gateway of India", "Bank of China Tower") when
    its capitalised head is unread: a spot the gazetteer lacks, not the country's point; else None (s20)."""
    if place.kind not in _WIDE or (of := _OF.search(text, 0, place.span[0])) is None:
        return None
    head = next((r for r in runs if r.end == of.start() and text[r.start].isupper() and not is_cjk(r.word)), None)
    return None if head is None else text[head.start:place.span[1]]


def _before_gloss(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return the unread Latin word before an island or area written in brackets after the question ("Matemwe
    high tide? (Zanzibar)"): the place asked, which the bracket only says where it lies; else None."""
    if place.kind not in (*_WIDE, "island", "world_city") or not text[:place.span[0]].rstrip().endswith("("):
        return None
    # (s24) a known town before the bracket, near the spot, is the one the spot lies in ("Honolulu (Waikiki)")
    return next((r.word for r in runs if r.end < place.span[0] and not is_cjk(r.word) and len(r.word) > 2
                 and ((town := find_place(text[r.start:r.end])) is None or not near(town, place))), None)


def _named_at(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return an unread capitalised name after a where-word, away from the island or area answered ("en vacances à
    la Réunion : marée à Saint-Gilles-les-Bains"): the place asked, inside the area; else None."""
    if place.kind not in ("county", "region", "country", "island"):
        return None
    return next((name for r in runs if not is_cjk(r.word) and text[r.start].isupper() and len(r.word) > 3
                 and (r.end <= place.span[0] or r.start >= place.span[1]) and _AT_NAME.search(text, 0, r.start)
                 and not asker_before(text, r.start)   # "I'm in Boston": where the asker is
                 and find_place(name := text[r.start:r.end].strip(".,?!;:")) is None), None)


_AT_NAME = re.compile(r"(?:^|\s)(?:at|in|à|au|aux|en|em|na|no|bei|auf|op|te)\s+(?:the\s+|la\s+|le\s+|l'|o\s+|a\s+)?$")
_NEXT_LATIN = re.compile(r"\s+([A-Za-z]+)")


_COMMA = re.compile(r"\s*,\s*")
_CAPITALISED = re.compile(r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")   # "Gold Coast", whose Coast is a filler


def qualifier_unread(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return the word after "Brest, " that names no area or place the gazetteer knows ("Finistère"):
    the asker said which Brest, and the bot cannot tell which; None when there is none."""
    gap = _COMMA.match(text, place.span[1])
    if gap is None or place.kind in _WIDE:
        return None
    i = next((k for k, r in enumerate(runs) if r.start == gap.end()), None)
    if i is None or is_cjk(runs[i].word) or len(runs[i].word) <= 2 or not text[runs[i].start].isupper():
        return None
    end = runs[i].end
    for later in runs[i + 1:]:   # "Costa Rica": the capitalised words after it
        if not (text[later.start:later.start + 1].isupper() and adjacent(text, Run(0, end, ""), later)):
            break
        end = later.end
    words = text[runs[i].start:end]
    whole = _CAPITALISED.match(text, runs[i].start)
    if whole is not None and len(whole[0]) > len(words) and (
            (near := find_place(whole[0])) is not None and km_apart(place, near) <= reach(near)):
        return None   # "Surfers Paradise, Gold Coast": the city it is in
    return None if find_place(words) is not None or names_an_area(words) else words


def unknown_name(text: str, runs: tuple[Run, ...]) -> str | None:
    """Return a left-over name written like a place ("白砂灣", "fugang fishing harbor"), or None."""
    types_zh = word_list("place_words_zh")
    for run in runs:
        if (spot := spot_name(run.word)) is not None and find_place(spot) is None:
            return spot   # 「양양 서피비치」: a beach the gazetteer lacks, written in Hangul (or kana) with its place word
        if not is_cjk(run.word):
            continue
        # The place word may be a filler standing after the name (牛山 + 海灘).
        after = next((t for t in types_zh if text.startswith(t, run.end)), "")
        name = run.word + after
        if any(w in name for w in word_list("clause_words_zh")):   # 「小船能出港」 is a clause, not a harbour
            continue
        if any(name.endswith(t) and len(name) > len(t) for t in types_zh) and find_place(name) is None \
                and find_area(fold(name), None, "") is None:   # 台灣 is a country, not an unknown bay
            return name
    words = [r for r in runs if not is_cjk(r.word)]
    types_en, modifiers = frozenset(word_list("place_words_en")), frozenset(word_list("place_modifiers_en"))
    for i, run in enumerate(words):
        if run.word not in types_en:
            continue
        j = i - 1
        while j >= 0 and words[j].word in modifiers and adjacent(text, words[j], words[j + 1]):
            j -= 1
        if j >= 0 and words[j].word not in modifiers and adjacent(text, words[j], words[j + 1]):
            name = text[words[j].start:run.end]
            if find_place(name) is None:   # "Orchid Island" beside Kaiyuan Harbour is known: the area it is in
                return name
    return None


BIG_TOWN = 500_000   # a spot unknown here written beside a town this big may lie far from its point: asked


def spot_beside(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return a capitalised name the gazetteer does not know written right before or after a big town ("Mombasa
    Nyali", "Dar es Salaam Mbweni"): a spot in or near it, maybe 30-50 km from its point; None when there is none,
    or the place is smaller (a spot beside Tulamben or Sentosa is there)."""
    if place.pop < BIG_TOWN or place.kind not in ("world_city", "city"):
        return None
    place_words = frozenset(word_list("place_words_en")) | frozenset(word_list("place_modifiers_en"))
    for run in runs:
        if run.word in place_words:
            continue
        if is_cjk(run.word) or len(run.word) < 4 or not text[run.start].isupper() or text[run.start:run.end].isupper():
            continue
        if run.start >= place.span[1] and not text[place.span[1]:run.start].strip() \
                or run.end <= place.span[0] and not text[run.end:place.span[0]].strip():
            whole = _CAPITALISED.match(text, run.start)
            name = whole[0] if whole is not None and whole.end() <= (place.span[0] if run.end <= place.span[0]
                                                                      else len(text)) else text[run.start:run.end]
            if find_place(name) is None and find_place(text[run.start:run.end]) is None and not names_an_area(name):
                return name
    return None
