"""The Chinese names of places abroad, layered into the gazetteer's index by scripts/build_places_index.py.

Readings of GeoNames' names as Hong Kong and Taiwan askers write them (Simplified names in Traditional characters,
Japanese and Korean kanji as Taiwan writes them, without a rank word GeoNames alone has), the display names answers
in zh-TW give them, and the rules' names two places share. A part of ``YamlIndex``: it works on its tables.
"""
from __future__ import annotations

from typing import Any

from core.data import read_yaml
from core.understand.places_index import DATA
from core.understand.places_text import HAN, KANA, en_key, fold


class ChineseNames:
    """The Chinese-name steps of ``YamlIndex`` (its ``cjk``, ``homonyms``, ``display`` and ``rows`` tables)."""

    cjk: dict[str, Any]
    en: dict[str, Any]
    homonyms: dict[str, tuple[Any, ...]]
    display: dict[int, str]
    rows: list[Any]

    def _rule_row(self, name: str) -> int | None:
        """The world row a rule's "Name" (the town of that name) or "Name, CC" (the place of it in that country) means."""
        base, _, cc = name.partition(", ")
        return next((v for v in self.homonyms.get(en_key(base), (self.en.get(en_key(base)),)) if isinstance(v, int)
                     and (self.rec(v).cc == cc if cc else self.rec(v).kind == "world_city")), None)

    def _shared_zh(self, table: dict[str, list[str]], lines: list[str]) -> None:
        """zh-TW names two places abroad really share (麗水: Yeosu and Lishui): the rule's place joins the name's
        holder, and the ranking settles them or asks."""
        for name, zh_names in table.items():
            row = self._rule_row(name)
            if row is None:
                continue
            for key in map(fold, zh_names):
                held = self.homonyms.get(key, (self.cjk[key],) if key in self.cjk else ())
                both = sorted(dict.fromkeys((*held, row)), key=lambda v: self._rank_weight(v, key), reverse=True)
                self.cjk[key] = both[0]
                if len(both) > 1:
                    self.homonyms[key] = tuple(both)
            if self.display.get(row) is None and HAN.search(zh_names[0]):
                self.display[row] = fold(zh_names[0])
                self.rows[row] = lines[row]  # parsed again with its zh-TW display name

    def _traditional_names(self, parts: list[list[str]]) -> None:
        """A place abroad GeoNames names only in Simplified characters (圣马洛, 马赛) answers to the zh-TW
        spelling too (聖馬洛, 馬賽), as OpenCC writes it: names of three characters or more, places outside
        China (whose Simplified names the question's own conversion meets), never a name another place holds;
        and answers in zh-TW name it so (a Japanese or Korean place as _kanji_readings does)."""
        import opencc  # only the builder reads all names (the bot converts a Simplified question alone)

        to_tw = opencc.OpenCC("s2tw")
        cjk = self.cjk
        for row, (head, zh, _en) in enumerate(parts):
            cc = head.split("|")[6]
            if not zh or cc in ("CN", "TW", "HK", "MO"):
                continue
            names = [n for n in zh.split(";") if not KANA.search(n)]
            shown = to_tw.convert(names[0]) if names else ""
            if shown != (names[0] if names else "") and cjk.get(fold(shown), row) == row and cc not in ("JP", "KR"):
                # answers in zh-TW name it so (聖馬洛, not 圣马洛), unless another's (奧克蘭); kanji are read by
                # _kanji_readings (伊万里 is no 伊萬裡)
                self.display[row] = shown
            for name in names:
                tw = fold(to_tw.convert(name))
                if len(tw) >= 3 and tw != name and tw not in cjk:
                    cjk[tw] = row

    def _traditional_readings(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A Simplified name of a town in ``rule["countries"]`` (coastal, or this big) read as Traditional too:
        the bot reads a Simplified question in Traditional (OpenCC s2tw), and a Hong Kong or Taiwan asker writes
        馬六甲, 關丹, 溫州 where GeoNames has 马六甲, 关丹, 温州. A reading another place already holds stays its; two
        characters only for a big town (联邦, a Singapore estate, read 聯邦, is a word)."""
        if not rule:
            return
        import opencc   # a dependency of the bot (core/understand/script.py); only the builder reads all names

        to_tw = opencc.OpenCC("s2tw")
        countries, big, short = set(rule["countries"]), int(rule["min_pop_inland"]), int(rule["min_pop_two_characters"])
        for row, line in enumerate(lines):
            _gid, _name, _lon, _lat, _tz, pop, cc, _admin, _kind, coastal, _fame, zh_keys, _en = line[2:].split("|")
            if cc not in countries or not zh_keys or (coastal != "1" and int(pop) < big):
                continue
            for name in zh_keys.split(";"):
                reading = fold(to_tw.convert(name))
                if (len(reading) >= 3 or len(reading) == 2 and int(pop) >= short) and reading not in self.cjk \
                        and reading not in self.homonyms:
                    self.cjk[reading] = row

    def _kanji_readings(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A Japanese or Korean town's kanji or hanja name as Taiwan writes it: in Traditional characters (OpenCC
        jp2t: 横浜 → 橫濱, 稚内 → 稚內, 済州 → 濟州), and without the word for its rank when
        GeoNames has only the ranked name (仁川廣域市 → 仁川, 水原市 → 水原). Answers in zh-TW name it so. A reading
        another place holds stays its; two characters only for a coastal town or one this big (rule)."""
        if not rule:
            return
        import opencc

        jp2t = opencc.OpenCC("jp2t")
        countries, short = set(rule["countries"]), int(rule["min_pop_two_characters"])
        suffixes = sorted(rule["rank_words"], key=len, reverse=True)
        # Taiwan's own names (龍崎, 瑞穗) and everyday words (國立, 港區) are no Japanese town's reading
        simplified = set("".join((DATA / "simplified_chars.txt").read_text("utf-8").splitlines()[1:]))
        taken = {fold(w) for w in rule["not_words"]} | {
            fold(n) for src in ("places_tw.yaml", "places_tw_coast.yaml") for p in read_yaml(DATA / src)["places"]
            for n in (p["zh"], *p.get("aliases", ()))}
        for row, line in enumerate(lines):
            _gid, _name, _lon, _lat, _tz, pop, cc, _admin, kind, coastal, _fame, zh_keys, _en = line[2:].split("|")
            if cc not in countries or not zh_keys:
                continue
            names = [n for n in zh_keys.split(";") if not KANA.search(n)]
            converted = [fold(jp2t.convert(n)) for n in names]
            stems = [r[:-len(w)] for w in suffixes for r in dict.fromkeys(converted + names)
                     if r.endswith(w) and len(r) > len(w) + 1 and not simplified.intersection(r)]  # 仁川, not 仁川廣域
            readings = [r for n, r in zip(names, converted) if r != n] + stems  # a Simplified name stays as it is
            stems = list(dict.fromkeys(stems))
            for reading in dict.fromkeys(readings if kind == "world_city" else ()):
                if (len(reading) >= 3 or len(reading) == 2 and (coastal == "1" or int(pop) >= short)) \
                        and reading not in self.cjk and reading not in self.homonyms and reading not in taken \
                        and not simplified.intersection(reading):
                    self.cjk[reading] = row
            trad = [r for r in converted if not simplified.intersection(r)]   # 鹿兒島, not 鹿儿岛市
            shown = next((r for r in stems if self.cjk.get(r) == row and fold(jp2t.convert(r)) == r),
                         trad[0] if trad else "")
            if shown and shown != names[0]:
                self.display[row] = shown  # 橫濱, 仁川: as a Taiwan answer names them
                self.rows[row] = line

    def _latin_rank_stems(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A Japanese or Korean town GeoNames names in Latin letters only with its rank word ("Kashima-shi") answers to
        the name without it, as people write it ("kashima tide tomorrow", "nara"): where another place already holds
        the name (Saga's Kashima, Nara in Mali), they share it and the ranking, or the asker, says which."""
        suffixes = tuple(rule.get("latin_rank_words", ()))
        for row, line in enumerate(lines):
            _gid, _name, _lon, _lat, _tz, _pop, cc, _admin, kind, _coastal, _fame, _zh, en_keys = line[2:].split("|")
            if cc not in rule["countries"] or kind != "world_city" or not suffixes:
                continue
            keys = en_keys.split(";")
            for stem in dict.fromkeys(k[:-len(w)] for k in keys for w in suffixes if k.endswith(w)):
                if len(stem) < 4 or stem in keys:
                    continue
                held = self.homonyms.get(stem, (self.en[stem],) if stem in self.en else ())
                if not held:
                    self.en[stem] = row
                elif row not in held:   # the ranking then weighs them (the asker's country, fame, size)
                    self.homonyms[stem] = (*held, row)

    def _beach_words_swapped(self, words: list[str]) -> None:
        """A hand-kept beach named with one Chinese beach word (挾才海水浴場, 協才海灘) answers to its name with
        another (「協才海邊」, 「咸德沙灘」), as askers say it: that spelling too, where no place holds it already."""
        beaches = [(key, rec) for key, rec in self.cjk.items() if not isinstance(rec, int) and rec.kind == "beach"]
        for key, rec in beaches:
            stem = next((key[:-len(w)] for w in words if key.endswith(w)), "")
            for word in words if len(stem) >= 2 and not KANA.search(stem) else ():
                self.cjk.setdefault(stem + word, rec)

    def _hokkien_spellings(self) -> None:
        """A Taiwan place's name with 子 answers written with 仔 as Hokkien speakers type it (西仔灣, 八斗仔, 挖仔尾), and
        one with 仔 written with 子: that spelling too, where no place holds it already."""
        for key, rec in list(self.cjk.items()):
            if isinstance(rec, int) or not rec.taiwan or len(key) < 3:
                continue
            for old, new in (("子", "仔"), ("仔", "子")):
                if old in key:
                    self.cjk.setdefault(key.replace(old, new), rec)

    def _simplified_spellings(self) -> None:
        """A name of three characters or more written in Simplified characters that Traditional has too (海云台 for
        海雲台, 出云市 for 出雲市) answers as the name: the bot converts only a question holding a Simplified-only
        character (core/understand/script.py), and such a spelling holds none. Never over a name a place holds."""
        import opencc   # only the builder reads all names

        to_simplified = opencc.OpenCC("t2s")
        simplified = set("".join((DATA / "simplified_chars.txt").read_text("utf-8").splitlines()[1:]))
        for key, value in list(self.cjk.items()):
            written = to_simplified.convert(key)
            if len(written) < 3 or written == key or simplified.intersection(written) or written in self.cjk:
                continue
            self.cjk[written] = value
            if key in self.homonyms:
                self.homonyms[written] = self.homonyms[key]

    def _converted_spellings(self) -> None:
        """A Japanese name holding a character Simplified Chinese shares (横浜, 与那国島, 浅虫) reaches the places
        search as the question's conversion leaves it (core/understand/script.py: 橫浜): that spelling answers
        as the name too. Never over a name a place holds."""
        import opencc   # only the builder reads all names

        to_traditional, japanese = opencc.OpenCC("s2tw"), opencc.OpenCC("jp2t")
        simplified = set("".join((DATA / "simplified_chars.txt").read_text("utf-8").splitlines()[1:]))
        for key, value in list(self.cjk.items()):
            # a hand-kept Korean spot's hanja the conversion misreads as Simplified too (咸德 read 鹹德)
            hanja = not isinstance(value, int) and value.cc == "KR"
            if len(key) < 2 or simplified.isdisjoint(key) and not hanja:
                continue
            read = fold(to_traditional.convert(key))
            # only a half-converted name (橫浜 keeps 浜): 國立, 聯邦 are whole Chinese words, not spellings of a name;
            # a name holding kana is Japanese whatever its kanji (タモン湾 read タモン灣)
            if len(read) != len(key) or read == key or read in self.cjk or (
                    japanese.convert(read) == read and not KANA.search(key) and not hanja):
                continue
            self.cjk[read] = value
            if key in self.homonyms:
                self.homonyms[read] = self.homonyms[key]
