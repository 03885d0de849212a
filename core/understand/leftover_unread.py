"""Left-over words that stand where a place or a day is written but that no parser took.

``where_words`` finds a place the gazetteer does not know ("in Glenbrookvale", 「XX那邊」); ``day_word`` a day the
date parser did not take (「母親節那陣」, "Founders Day", "Hari Guru"). core/decide/vet.py asks about either rather
than answer for another place or day.
"""
from __future__ import annotations

import functools
import re

from core.understand.dates_named import names_day
from core.understand.dates_words import table
from core.understand.leftover import (Run, adjacent, english_tokens, name_inside, names_an_area, not_place_words,
                                     qualifier_unread, spot_beside, unknown_name, word_list)
from core.understand.names_beside import romanised_unknown
from core.understand.places import Place, find_place
from core.understand.signals import is_cjk
from core.understand.places_index import context
from core.understand.places_text import en_key
from core.understand.language import GLUED_SCRIPTS, SPACED_SCRIPTS
from core.understand.slots import Slots
from core.understand.spot_words import spot_at, spot_name
from core.understand.zone_words import zone_mentions


# ("Lisbon, day trip to Cascais": a place and a day trip, no day named)
_NAMED_DAY = re.compile(r"(?:'s)?\s+(?:day|eve|festival|holiday)\b(?!\s+trips?\b)", re.IGNORECASE)
_AT = re.compile(r"(?:^|\s)(?:in|at|on)\s+(?:the\s+)?$", re.IGNORECASE)
_OFF = re.compile(r"(?:^|\s)(?:off|near|around)\s+(?:the\s+)?$", re.IGNORECASE)   # "a night dive off Rathlin"
# where travellers' languages write a place, before a capitalised name only ("auf den Färöern", "à Zanzibarville",
# "en las Azoras", "na Ericeira"): their articles and prepositions are everyday words before anything else
# (and Malay and Indonesian di, Tagalog sa, Vietnamese ở / tại: "Pukul berapa sekarang di Mekah" asks Mecca's clock)
_AT_ABROAD = re.compile(r"(?:^|\s)(?:auf|in|im|am|nach|op|à|a|aux|au|en|em|na|no|nas|nos|sulle|alle|ai|di|sa|ở|tại)"
                        r"(?:\s+(?:den|der|dem|die|het|de|la|las|los|el|le|les|l'|o|os|as))?\s+$", re.IGNORECASE)
_THERE_ZH = ("那邊", "那裡", "那里", "那兒")
# Japanese で after a name ("月島で今夜の月の出", "星野浦で"): where the asker asks about, a place the gazetteer does not
# know when no parser took the name (not です, でした, できる: "it is", "can")
_AT_JA = re.compile(r"で(?![すしきな])")
# a word the spaced scripts mark as where: after Arabic في, Russian в, Greek στο/στην, before Hindi में, or with the
# Tamil locative ending (…இல், லண்டனில்: in London) — a place the gazetteer does not know, not the asker's own
_SCRIPT_AT_BEFORE = re.compile(r"(?:^|\s)(?:في|в|во|στο|στην|στη|στον|στα)\s+$")
_SCRIPT_AT_AFTER = re.compile(r"\s+(?:में|मे)(?=\s|$|[?？!.,])")
_SCRIPT_WORD = re.compile(f"[{SPACED_SCRIPTS}]")
_SCRIPT_ANY = re.compile(f"[{SPACED_SCRIPTS}{GLUED_SCRIPTS}]")
_GLUED = re.compile(f"[{GLUED_SCRIPTS}]")
_TAMIL_LOCATIVE = ("ில்", "இல்")
# ... and the Bengali one (…ে, …তে, …য়: নিউ ইয়র্কে, দুবাইতে, দীঘায়: in New York, Dubai, Digha), on a Bengali word (s19)
_BENGALI_LOCATIVE = re.compile("[\u0980-\u09ff]+(?:\u09c7|\u09af\u09bc|\u09df)$")
_TIME_AFTER = re.compile(r"\s+(?:local\s+)?time\b", re.IGNORECASE)


@functools.cache
def _script_at_after() -> tuple[str, ...]:
    """Return the where-words written right after a name in the scripts the gazetteer reads little of (Burmese မှာ,
    Urdu میں): `script_where_after` of core/data/understanding.yaml."""
    return word_list("script_where_after")


@functools.cache
def _script_at_before() -> tuple[str, ...]:
    """Return the where-words written right before a name in the glued scripts (Thai ที่, Khmer នៅ, Lao ທີ່):
    `script_where_before`."""
    return word_list("script_where_before")


@functools.cache
def _script_at_ending() -> tuple[str, ...]:
    """Return the locative endings glued to a name (Dhivehi ގައި): `script_where_endings`."""
    return word_list("script_where_endings")


def _script_where(text: str, run: Run) -> bool:
    """True when a word in a script the bot reads little of (Burmese, Dhivehi, Urdu, Thai …) stands where a place is
    written: a where-word right after it ("ဒူဘိုင်းမှာ", "نیویارک میں"), right before it (Thai ที่, Khmer នៅ) or a
    locative ending on it ("ލަންޑަނުގައި"), so a clock asked there is not the asker's (s20)."""
    if not _SCRIPT_ANY.match(run.word):
        return False
    after, before = text[run.end:].lstrip(), text[:run.start].rstrip()
    if any(run.word.endswith(e) and len(run.word) > len(e) + 2 for e in _script_at_ending()):
        return True
    # a glued script's word has no space to end it; a spaced one's where-word is a whole word ("میں", not "میںے")
    return any(after.startswith(w) and (_GLUED.match(w) or not after[len(w):len(w) + 1].isalpha())
               for w in _script_at_after()) or any(before.endswith(w) for w in _script_at_before())


_HAN = re.compile(r"[\u3400-\u9fff]{2,}")


def _first_before_now_zh(text: str, run: Run) -> bool:
    """True when `run` is Chinese characters written first and right before "now, what time" (「羅省而家幾點」):
    a place's clock asked, the place one the gazetteer does not know; not a word opening such a question
    (「你知唔知而家幾點」, understanding.yaml)."""
    return not text[:run.start].strip() and _HAN.fullmatch(run.word) is not None \
        and text[run.end:].lstrip().startswith(word_list("time_now_after_zh")) \
        and run.word not in word_list("not_places_before_time_zh")


def where_words(text: str, runs: tuple[Run, ...]) -> str | None:
    """Return left-over words standing where a place is written ("in Glenbrookvale", 「XX那邊」),
    or None: a place the gazetteer does not know, not the asker's own, nor a zone ("in JST")."""
    zones = [m.span for m in zone_mentions(text)]
    runs = tuple(r for r in runs if not any(a < r.end and r.start < b for a, b in zones))
    in_zh = any(is_cjk(r.word) for r in runs) or is_cjk(text)
    for i, run in enumerate(runs):
        latin = not is_cjk(run.word)
        # "in Glenbrookvale", "on the goldy" (a nickname typed in lower case), or a Latin name in a
        # Chinese question (「Aitutaki 現在幾點」): a place the gazetteer does not know
        if latin and names_an_area(run.word):
            continue   # "in Taiwan" asked at home: the asker's own country, no unknown place
        upper = text[run.start:run.start + 1].isupper()
        if latin and (_AT.search(text, 0, run.start) and (upper or run.word.lower() not in not_place_words())
                      or upper and (_OFF.search(text, 0, run.start) or _AT_ABROAD.search(text, 0, run.start))) \
                or latin and in_zh and text[run.start:run.start + 1].isupper() \
                or latin and upper and _TIME_AFTER.match(text, run.end) and run.word.lower() not in english_tokens() \
                and run.word.lower() not in word_list("not_places_before_time"):
            # ("Eucla time now": an unknown name before "time" is a place's clock, not the asker's)
            end = run.end
            for later in runs[i + 1:]:   # "Port Wumbleton": the capitalised words after it
                if not (text[later.start:later.start + 1].isupper() and adjacent(text, Run(0, end, ""), later)):
                    break
                end = later.end
            return text[run.start:end].strip(".,?!")
        if is_cjk(run.word) and (text.startswith(_THERE_ZH, run.end) or _first_before_now_zh(text, run)):
            return run.word
        if is_cjk(run.word) and len(run.word) > 1 and _AT_JA.match(text, run.end):
            return run.word
        if _SCRIPT_WORD.match(run.word) and (_SCRIPT_AT_BEFORE.search(text, 0, run.start) or _SCRIPT_AT_AFTER.match(
                text, run.end) or run.word.endswith(_TAMIL_LOCATIVE) or _BENGALI_LOCATIVE.match(run.word)) or _script_where(text, run):
            return run.word
        if (spot := spot_name(run.word) or spot_at(run.word)) is not None:
            return spot   # 「달맞이길에서 … 달 뜨는 시간」: a road, beach or spot the gazetteer lacks, "at" it
    return None


def day_word(text: str, runs: tuple[Run, ...], slots: Slots) -> str | None:
    """Return the words of a day the date parser did not take: a named day with a word changing it
    right after it (「母親節那陣」), or a left-over word holding a day word (「接下來一個月」); None."""
    hint = slots.date
    units_zh, units_en = word_list("day_units_zh"), frozenset(word_list("day_units_en"))
    if hint is not None and hint.explicit and not any(c.isdigit() for c in text[hint.span[0]:hint.span[1]]):
        after = next((m for m in word_list("day_modifiers_zh") if text.startswith(m, hint.span[1])), None)
        # ... unless that word begins the place named right after it (「聖誕節後壁湖潮汐」: 後壁湖, not after Christmas)
        if after is not None and not (slots.place is not None and slots.place.span[0] == hint.span[1]):
            return text[hint.span[0]:hint.span[1] + len(after)]
    # A calendar date written in digits decides the day: a holiday's name or 連假 beside it only says why
    # (「聖誕連假 12/25-12/27」, 「聖誕節去峇里島 Kuta 12/26」).
    written = hint is not None and hint.explicit and any(c.isdigit() for c in text[hint.span[0]:hint.span[1]])
    greetings = tuple(table("greeting_after"))
    for run in runs:
        if written or is_cjk(run.word) and run.word.endswith(greetings):   # 中秋節快樂: a greeting, no day asked
            continue
        if hint is not None and (hint.festival and any(run.word.lower() in p and p in text[max(0, run.start - 9):run.end + 9].lower()
                                                       for p in table("holiday_of_a_named_day"))
                                 or run.word == "weekend" and hint.explicit and hint.day.weekday() in (0, 4)):
            continue   # the named day's own holiday ("seollal … for the holiday"), a Mon/Fri holiday's long weekend
        if hint is not None and not is_cjk(run.word) and run.word in units_en \
                and text[:run.start].rstrip().lower().endswith(_on_holiday()):
            continue   # "en vacances à la Réunion : marée … demain": where the asker is, the day another word's
        if hint is not None and (hint.explicit or hint.relative) and hint.unrecognised is None and is_cjk(run.word) \
                and any(v in run.word for v in word_list("vacation_words_zh")):
            continue   # 「暑假去沖繩 那霸明天會下雨嗎」: the holiday says why the trip; 明天 says which day
        if not is_cjk(run.word) and run.word in units_en or is_cjk(run.word) and any(u in run.word for u in units_zh):
            return run.word
        if hint is not None and hint.weekday and run.end <= hint.span[0] and not text[run.end:hint.span[0]].strip() \
                and text[run.start].isupper() and not is_cjk(run.word) and en_key(run.word) not in context().en \
                and not text[run.start:run.end].isupper() and text[hint.span[0]].isupper() \
                and run.word.lower() not in word_list("place_words_en"):   # not "Kilronan on Sunday", "HW thu"
            # "Cyber Monday": a day named with a weekday, not the weekday; "Newcastle NSW on Saturday" names a state,
            # "Poole Harbour on Saturday" a harbour
            return text[run.start:hint.span[1]]
        if run.word in word_list("day_units_alone_zh") and not (hint is not None and run.end == hint.span[0]):
            return text[max(0, run.start - 2):run.end]   # with the filler before it (這個月)
        if run.word.lower() in word_list("months_alone") or run.word.startswith("月") and text[run.start - 1:run.start].isdigit():
            return text[len(text[:run.start].rstrip("0123456789")):run.end]   # 「十二月」, "December", 「12月十五」: no day
        if not is_cjk(run.word) and text[run.start].isupper() and (named := _NAMED_DAY.match(text, run.end)) \
                and not (hint is not None and names_day(text[run.start:named.end()], hint.day)):   # "Boxing Day semalam"
            return text[run.start:named.end()]   # "Founders Day": a day nobody's calendar here names
    for m in _local_day().finditer(text):   # "Hari Guru", "el día de la Virgen" left over ("dia de praia amanhã": no)
        if any(r.start <= m.end() - 1 < r.end for r in runs) and not (m["romance"] and hint is not None):
            return m[0]
    return None


@functools.cache
def _on_holiday() -> tuple[str, ...]:
    """Return the words before a holiday word saying the asker is on one ("on holiday", "en vacances", "im Urlaub")."""
    return tuple(f" {w}" for w in word_list("on_holiday_before")) + tuple(word_list("on_holiday_before"))


@functools.cache
def _local_day() -> re.Pattern[str]:
    """Return the pattern of a day named as Malay, Indonesian, Tagalog, Spanish, Portuguese and French name days: a
    head word, then a name (group `romance`: a head that is also an everyday phrase, "dia de praia"; none of `not`)."""
    heads, romance, no = ("|".join(word_list(k)) for k in ("named_day_heads", "named_day_heads_romance", "named_day_not"))
    return re.compile(rf"(?<![\w])(?:{heads}|(?P<romance>{romance}))\s+(?!(?:{no})(?![\w]))[^\W\d_][\w'-]*", re.IGNORECASE)


def unread_name(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return a name written with the place that no slot explains: one ending in a place word (白砂灣), one inside
    a longer word (Hangul, kana), an unknown qualifier after a comma ("Brest, Finistère") or a spot beside it
    ("Zanzibar Nungwi"), or a romanised Korean or Japanese name beside a town there ("busan jagalchi"); None when
    every name is read."""
    return unknown_name(text, runs) or name_inside(text, runs, place) or qualifier_unread(text, runs, place) \
        or spot_beside(text, runs, place) or romanised_unknown(text, runs, place) or asked_before(text, runs, place)


_SENTENCE_END = re.compile(r"[.?!。？！]\s")


def asked_before(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return a name the gazetteer does not know standing where a place is written ("tides at Avonmouth", "Avonmouth
    tides tomorrow") in a sentence before the one naming `place` ("… is the Bristol Channel really that big?"): the
    place asked is that name, not the one named after; None when there is none."""
    before = tuple(r for r in runs if r.end <= place.span[0])
    if not before or _SENTENCE_END.search(text, before[0].end, place.span[0]) is None:
        return None
    first = before[0]
    if not text[:first.start].strip() and text[first.start:first.start + 1].isupper() and not is_cjk(first.word) \
            and first.word.lower() not in english_tokens() and first.word.lower() not in not_place_words():
        after = text[first.end:].lstrip().lower()
        if any(after.startswith(w) and not after[len(w):len(w) + 1].isalpha() for w in word_list("asked_after_name")):
            opening = text[first.start:first.end]   # "Avonmouth tides tomorrow": the name the question opens with
            return opening if find_place(opening) is None else None   # "Darwin tides today? … at Dinah Beach": known
    name = where_words(text, tuple(r for r in before if _SENTENCE_END.search(text, r.end, place.span[0])))
    return name if name is None or find_place(name) is None else None
