"""All the words on the screen, Arabic and English, in one catalogue; Arabic shaped for display.

Keys are English snake_case; values are (Arabic, English), in logical order with ``{field}``
slots. :func:`to_visual` joins and reorders Arabic letters once, when shown (PLATFORM.md §2).

>>> Text("en")("turn_of", name="Omar")
"Omar's turn"
>>> strip_isolates(Text("ar")("turn_of", name="Omar"))
'دور Omar'
"""

from __future__ import annotations

import re

import arabic_reshaper

try:
    from bidi import get_display                    # python-bidi 0.5+
except ImportError:                                   # pragma: no cover - Debian's 0.4.x
    from bidi.algorithm import get_display

from kiosk.ui.words.options import OPTION_TEXT, UNITS
from kiosk.ui.words.league import LEAGUE_TEXT
from kiosk.ui.words.players import PLAYERS_TEXT
from kiosk.ui.words.scan import SCAN_TEXT
from kiosk.ui.words.sheet import SHEET_TEXT

LANGUAGES = ("ar", "en")
FSI, PDI = "\u2068", "\u2069"
"""Unicode first-strong isolate and its end: a Latin name inside Arabic (or the reverse) keeps
its own direction and punctuation (python-bidi honours them; they are removed once laid out)."""

CATALOGUE: dict[str, tuple[str, str]] = {
    # -- titles and navigation
    "app_title": ("حَكَم أونا", "Oona Referee"),
    "language_button": ("English", "عربي"),
    "settings_button": ("الإعدادات", "Settings"),
    "back_button": ("رجوع", "Back"),
    "setup_title": ("مباراة جديدة", "New match"),
    "settings_title": ("الإعدادات", "Settings"),
    "round_end_title": ("نهاية الجولة {round}", "End of round {round}"),
    # -- setup
    "players_label": ("عدد اللاعبين", "Players"),
    "players_count": ("عدد اللاعبين: {n}", "Players: {n}"),
    "players_button": ("اللاعبون", "Players"),
    "seat_name": ("{n}. {name}", "{n}. {name}"),
    "name_prompt": ("اسم اللاعب {n}", "Player {n}'s name"),
    "new_player_prompt": ("اسم اللاعب الجديد", "The new player's name"),
    "space_key": ("مسافة", "space"),
    "pick_player_title": ("من يجلس هنا؟", "Who sits here?"),
    "new_player_button": ("لاعب جديد", "New player"),
    "done_button": ("تم", "Done"),
    "coin_table_stake": ("طاولة عملات: {stake} من كل لاعب", "Coin table: stake {stake} each"),
    "coin_table_off": ("طاولة عملات: لا", "Coin table: no"),
    "names_label": ("الأسماء", "Names"),
    "default_name": ("لاعب {n}", "Player {n}"),
    "teams_label": ("فرق، الشريك مقابلك", "Teams (partners across)"),
    "preset_label": ("القوانين", "Rules"),
    "deck_label": ("الورق", "Deck"),
    "deck_oona": ("أونا", "Oona"),
    "deck_classic": ("أونو كلاسيك", "Classic UNO"),
    "language_label": ("اللغة", "Language"),
    "language_value": ("العربية", "English"),
    "options_label": ("خيارات الطاولة", "Table options"),
    "start_button": ("ابدأ", "Start"),
    "yes": ("نعم", "yes"),
    "no": ("لا", "no"),
    "on": ("شغّال", "on"),
    "off": ("مطفأ", "off"),
    "sound_button": ("الصوت: {volume}٪", "Sound: {volume}%"),
    "sound_muted": ("الصوت: مكتوم", "Sound: muted"),
    "sound_none": ("لا صوت", "No sound"),
    "sound_louder": ("+", "+"),
    "sound_quieter": ("−", "−"),
    # -- the table
    "turn_of": ("دور {name}", "{name}'s turn"),
    "direction_right": ("الدور لليمين", "Play goes right"),
    "direction_left": ("الدور لليسار", "Play goes left"),
    "deal_prompt": ("وزّع الورق: {name} يوزّع", "Deal: {name} deals"),
    "turn_up_prompt": ("اقلب الورقة الأولى", "Turn up the first card"),
    "pick_colour_prompt": ("{name}: اختر اللون", "{name}: name the colour"),
    "swap_prompt": ("{name}: بدّل الورق مع", "{name}: swap hands with"),
    "no_swap_button": ("بدون تبديل", "No swap"),
    "verdict_title": ("أتحداك!", "I challenge you!"),
    "verdict_prompt": ("{victim} يرى ورق {offender}: هل كان معه اللون؟",
                       "{victim} sees {offender}'s hand: did it hold the colour?"),
    "held_button": ("كان معه: مذنب", "Held it (guilty)"),
    "not_held_button": ("ما كان معه: بريء", "Did not (innocent)"),
    "stack_waiting": ("على {name}: خذ {total}", "{name} faces: take {total}"),
    "card_read": ("الورقة المقروءة", "Card read"),
    "colour_in_force": ("اللون", "Colour"),
    "catch_open": ("صدتك! على {name}", "«Caught you!» on {name}"),
    "catch_until": ("صدتك! على {name} – {seconds} ث", "«Caught you!» on {name} ({seconds} s)"),
    "seconds": ("{seconds} ث", "{seconds} s"),
    "cards_count": ("{count} ورق", "{count} cards"),
    "one_card": ("ورقة وحدة", "1 card"),
    "draw_button": ("اسحب", "Draw"),
    "keep_button": ("خلّها", "Keep"),
    "take_button": ("خذ {total}", "Take {total}"),
    "challenge_button": ("أتحداك!", "Challenge!"),
    "undo_button": ("تراجع", "Undo"),
    "misread_button": ("الورقة غلط", "Misread"),
    "pause_button": ("إيقاف", "Pause"),
    "continue_button": ("كمّل", "Continue"),
    "paused_title": ("اللعب متوقف", "Play is paused"),
    "resumed_note": ("رجعنا بعد إعادة التشغيل: المباراة محفوظة", "Resumed after a restart: the match is saved"),
    "pick_card_title": ("اختر الورقة الصحيحة", "Pick the right card"),
    "question_title": ("أي ورقة نزلت؟", "Which card was played?"),
    "question_other": ("ورقة ثانية", "Another card"),
    "question_none": ("ما نزلت ورقة", "No card"),
    "cancel_button": ("إلغاء", "Cancel"),
    "demo_badge": ("عرض تجريبي", "Demo"),
    "warning_disk": ("القرص ممتلئ: اللعب مستمر والحفظ ينتظر", "Disk full: play goes on, saving waits"),
    "warning_camera_lost": ("الكاميرا مفصولة: المس الورقة الملعوبة", "Camera lost: touch the card played"),
    "warning_touch_only": ("بلا أزرار: اللمس فقط", "No seat buttons: touch only"),
    "warning_history": ("السجل لم يُحفظ", "The history was not saved"),
    "warning_stuck": ("زر {names} محبوس: ضغطاته لا تُحسب حتى يُفلت", "{names}'s button is held down: ignored until released"),
    "warning_resumed": ("رجعنا بعد إعادة التشغيل: اضغط كمّل", "Resumed after a restart: touch Continue"),
    "card_played_button": ("الورقة الملعوبة", "Card played"),
    "camera_back": ("الكاميرا رجعت", "The camera is back"),
    "wild_name": ("لوّن", "Colour"),
    "wild4_name": ("لوّن وخذ أربع", "Colour take four"),
    # -- colours (Oona and classic names) and shapes
    "colour_saffron": ("زعفراني", "saffron"),
    "colour_turquoise": ("فيروزي", "turquoise"),
    "colour_burgundy": ("عنابي", "burgundy"),
    "colour_indigo": ("نيلي", "indigo"),
    "classic_saffron": ("أصفر", "yellow"),
    "classic_turquoise": ("أخضر", "green"),
    "classic_burgundy": ("أحمر", "red"),
    "classic_indigo": ("أزرق", "blue"),
    "rank_stop": ("وقّف", "Stop"),
    "rank_turnback": ("رجّع", "Turn back"),
    "rank_take2": ("خذ ثنتين", "Take two"),
    "rank_colour": ("لوّن", "Colour"),
    "rank_colour4": ("لوّن وخذ أربع", "Colour take four"),
    "rank_swap": ("بدّل", "Wild Swap"),
    "rank_custom": ("الورقة الخاصة", "Wild Custom"),
    "classic_stop": ("تخطّي", "Skip"),
    "classic_turnback": ("عكس", "Reverse"),
    "classic_take2": ("اسحب 2", "Draw two"),
    "classic_colour": ("جوكر", "Wild"),
    "classic_colour4": ("جوكر اسحب 4", "Wild draw four"),
    "card_coloured": ("{rank} {colour}", "{colour} {rank}"),
    "shape_palm": ("نخلة", "palm"),
    "shape_dallah": ("دلّة", "dallah"),
    "shape_star": ("نجمة", "star"),
    "shape_crescent": ("هلال", "crescent"),
    # -- what happened (notices)
    "notice_penalty": ("{name} يسحب {count}", "{name} draws {count}"),
    "notice_caught": ("صدتك! {name} يسحب {count}", "Caught! {name} draws {count}"),
    "notice_missed": ("صدتك! {name} بلا صيد", "{name}'s «Caught you!» hit nothing"),
    "notice_called": ("{name}: باقي وحدة!", "{name}: one card left!"),
    "notice_ignored": ("ضغطة {name} لا تغيّر شيئاً", "{name}'s press changes nothing"),
    "notice_reshuffle": ("اخلطوا الكومة إلا الورقة العليا: {count} ورقة",
                         "Shuffle the pile but its top card ({count} cards) into a new stock"),
    "notice_guilty": ("مذنب: {name} يسحب {count}", "Guilty: {name} draws {count}"),
    "notice_innocent": ("بريء: {name} يسحب {count}", "Innocent: {name} draws {count}"),
    "notice_challenge": ("أتحداك! {name} يتحدى: اكشف الورق", "{name} challenges: show the hand"),
    "notice_timeout": ("انتهى وقت {name}", "{name}'s time ran out"),
    "notice_out": ("{name} خلّص وفاز بالجولة!", "{name} is out and wins the round!"),
    "notice_scored": ("الجولة محسوبة: {name} فاز", "Round scored: {name} wins"),
    "notice_held": ("ورق {name}، {count}، ينتظر الحكم", "{name}'s {count} cards wait for the verdict"),
    "notice_dry": ("الكومة خلصت: {name} معفى من {count}", "The stock is dry: {name} is let off {count}"),
    "notice_buried": ("ورقة مدفونة: اقلب التالية", "Buried: turn up the next card"),
    "notice_redraw": ("الورقة ترجع للكومة: اخلط واقلب", "Back into the stock: shuffle and turn again"),
    "notice_swap": ("{name} بدّل الورق", "{name} swapped hands"),
    "notice_pass": ("{name} يمرّر", "{name} passes"),
    "notice_deflect": ("{name} يحوّل {count}", "{count} passed on to {name}"),
    "notice_undo": ("تم التراجع", "Undone"),
    "notice_corrected": ("تم تصحيح الورقة", "Card corrected"),
    "notice_pause": ("اللعب متوقف", "Paused"),
    "notice_resume": ("نكمل اللعب", "Play resumes"),
    "notice_stalemate": ("الكومة خلصت والكل عالق: انتهت الجولة", "Stalemate: the round ends"),
    "notice_miscount": ("عدد ورق {name} لا يطابق: {count}", "{name}'s hand does not match ({count})"),
    "notice_other": ("{text}", "{text}"),
    # -- why someone draws (a penalty notice's ``why`` code; ``_by`` when it names who caused it)
    "why_missed_call": ("نسي «باقي وحدة!»", "missed «one left!»"),
    "why_missed_call_by": ("نسي «باقي وحدة!»، صاده {by}", "missed «one left!», caught by {by}"),
    "why_false_catch": ("صدتك! غلط", "a false «Caught you!»"),
    "why_take2": ("خذ ثنتين", "Take two"),
    "why_take2_by": ("خذ ثنتين من {by}", "Take two from {by}"),
    "why_colour4": ("لوّن وخذ أربع", "Colour take four"),
    "why_colour4_by": ("لوّن وخذ أربع من {by}", "Colour take four from {by}"),
    "why_first_take2": ("الورقة الأولى خذ ثنتين", "the first card is a Take two"),
    "why_timeout": ("انتهى الوقت", "time ran out"),
    "why_stack": ("أخذ الكومة", "took the stack"),
    "why_stack_by": ("أخذ الكومة، آخرها من {by}", "took the stack, the last from {by}"),
    "why_challenge_guilty": ("خسر التحدي: كان معه اللون", "lost the challenge: held the colour"),
    "why_challenge_guilty_by": ("خسر التحدي أمام {by}: كان معه اللون", "lost the challenge to {by}: held the colour"),
    "why_challenge_lost": ("خسر التحدي", "lost the challenge"),
    "why_challenge_lost_by": ("خسر التحدي: {by} بريء", "lost the challenge: {by} was innocent"),
    "why_last_take2": ("آخر ورقة خذ ثنتين", "a Take two as the last card"),
    "why_last_take2_by": ("{by} خلّص بخذ ثنتين", "{by} went out on a Take two"),
    "why_last_colour4": ("آخر ورقة لوّن وخذ أربع", "a Colour take four as the last card"),
    "why_last_colour4_by": ("{by} خلّص بلوّن وخذ أربع", "{by} went out on a Colour take four"),
    "why_other": ("{text}", "{text}"),
    # -- refusals
    "refused_title": ("رجّع الورقة", "Take the card back"),
    "refused_illegal": ("{card} لا تنلعب على {top}", "{card} cannot go on {top}"),
    "refused_colour": ("اللون {colour}", "the colour is {colour}"),
    "refused_out_of_turn": ("مو دور {name}: الدور على {turn}", "Not {name}'s turn: it is {turn}'s"),
    "refused_not_your_turn": ("مو دور {name}", "Not {name}'s turn"),
    "refused_no_play": ("ما في لعب الحين", "No play is possible now"),
    "refused_paused": ("اللعب متوقف: اضغط كمّل", "Paused: touch Continue"),
    "refused_not_paused": ("اللعب غير متوقف", "Play is not paused"),
    "refused_timer": ("انتهى وقت {name}", "{name}'s time ran out"),
    "refused_no_timer": ("هذه الطاولة بلا مؤقت", "This table plays without a timer"),
    "refused_drawn": ("{name} سحب: العب الورقة المسحوبة أو خلّها", "{name} has drawn: play the drawn card or keep it"),
    "refused_not_drawn": ("{name} ما سحب: لا شيء يخلّيه", "{name} has not drawn: nothing to keep"),
    "refused_no_take": ("لا عقوبة على {name}", "{name} has no penalty to take"),
    "refused_draw": ("السحب غير مسموح الآن", "No draw now"),
    "refused_challenge": ("لا يمكن التحدي الآن", "No challenge is possible now"),
    "refused_no_challenges": ("هذه الطاولة بلا تحدي", "This table plays without challenges"),
    "refused_not_victim": ("يتحدى فقط من عليه لوّن وخذ أربع", "Only the player hit may challenge"),
    "refused_undo": ("لا شيء للتراجع", "Nothing to undo"),
    "refused_no_correct": ("لا ورقة لتصحيحها في هذه الجولة", "No play in this round to correct"),
    "refused_correct": ("التصحيح لا يناسب ما حدث بعده", "The correction does not fit what came after"),
    "refused_round_over": ("الجولة انتهت", "The round is over"),
    "refused_verdict": ("التحدي ينتظر الحكم", "A challenge waits for its verdict"),
    "refused_must_first": ("{name} لازم يكمّل أولاً", "{name} must finish first"),
    "refused_turn_up_first": ("اقلب الورقة الأولى أولاً", "Turn up the first card first"),
    "refused_deal_first": ("وزّع الورق أولاً", "Deal first"),
    "refused_round_playing": ("الجولة ما انتهت بعد", "The round is still being played"),
    "refused_match_over": ("المباراة انتهت", "The match is over"),
    "refused_deck": ("الورقة ليست في هذا الورق", "That card is not in this deck"),
    "refused_unknown_card": ("ورقة غير معروفة", "Unknown card"),
    "refused_seat": ("لا يوجد هذا المقعد", "There is no such seat"),
    "refused_no_colour": ("لا لون يُختار الآن", "No colour is to be named now"),
    "refused_swap": ("التبديل غير مسموح هكذا", "That swap is not allowed"),
    "refused_players": ("عدد اللاعبين لا يناسب هذه القوانين", "These rules do not take this many players"),
    "refused_option": ("خيار غير مسموح", "An option is not allowed"),
    "refused_other": ("مرفوض", "Refused"),
    # -- round end
    "hands_prompt": ("أدخل الورق الباقي مع كل لاعب", "Enter the cards left in each hand"),
    "hand_of": ("{name}: {have} من {need}", "{name}: {have} of {need}"),
    "clear_button": ("امسح", "Clear"),
    "record_hands_button": ("احسب النقاط", "Score the round"),
    "ranking_title": ("الترتيب", "Ranking"),
    "rank_row": ("{rank}. {name}: {points} نقطة، المجموع {total}", "{rank}. {name}: {points} points, total {total}"),
    "team_won": ("الفريق الفائز: {names}", "Winning team: {names}"),
    "next_round_button": ("الجولة التالية", "Next round"),
    "new_match_button": ("مباراة جديدة", "New match"),
    "match_winner": ("الفائز بالمباراة: {name}", "Match winner: {name}"),
    "next_dealer": ("يوزّع: {name}", "Next dealer: {name}"),
    "and_word": ("و", "and"),
    # -- settings
    "pintest_button": ("فحص الأزرار والأضواء", "Button and light test"),
    "pintest_running": ("الفحص يعمل…", "Testing…"),
    "pintest_passed": ("الفحص نجح", "The test passed"),
    "pintest_failed": ("الفحص فشل: {text}", "The test failed: {text}"),
    "camera_preview": ("الكاميرا: ضع الكومة داخل الإطار", "Camera: keep the pile inside the frame"),
    "pile_area": ("مكان الكومة", "Pile area"),
    "no_camera": ("لا كاميرا: عرض تجريبي", "No camera: demo feed"),
    "keys_help": ("المفاتيح 1–6: باقي وحدة!  q–y: صدتك!", "Keys 1–6: one left!  q–y: caught you!"),
}


CATALOGUE.update(OPTION_TEXT)
CATALOGUE.update(PLAYERS_TEXT)
CATALOGUE.update(SCAN_TEXT)
CATALOGUE.update(LEAGUE_TEXT)
CATALOGUE.update(SHEET_TEXT)
CATALOGUE.update({
    # What the camera calibration (vision/pile/calibrate.py) found wrong, said to the table.
    "calibration_no_card": ("ضع ورقة مكان الكومة", "Put a card where the pile goes"),
    "calibration_move_camera": ("حرّك الكاميرا: الكومة قريبة من الطرف", "Move the camera: the pile is near the edge"),
    "calibration_move_closer": ("قرّب الكاميرا: الورقة صغيرة", "Move the camera closer: the card is small"),
    "calibration_too_dark": ("الإضاءة ضعيفة", "Too dark"),
    "calibration_too_bright": ("الإضاءة قوية", "Too bright"),
    "calibration_blurry": ("الصورة غير واضحة", "The picture is blurry"),
    "calibration_camera_moving": ("الكاميرا تتحرك", "The camera is moving"),
})


def to_visual(text: str, rtl: bool = True) -> str:
    """Join Arabic letters and reorder them for display, line by line (never let Kivy wrap).

    ``rtl`` is the paragraph direction (the screen's language), so «دور Omar» reads right to
    left even though a Latin name comes first. python-bidi does not mirror brackets: the
    Arabic catalogue has none, and guillemets are mirrored here.

    >>> to_visual("abc")
    'abc'
    """
    if not has_arabic(text):
        return strip_isolates(text)
    base = "R" if rtl else "L"
    shown = (strip_isolates(get_display(arabic_reshaper.reshape(line), base_dir=base)) for line in text.split("\n"))
    return "\n".join(_mirror(line) if rtl else line for line in shown)


def _mirror(visual: str) -> str:
    """Guillemets in right-to-left text face the other way (python-bidi does not mirror them)."""
    return visual.translate({0xAB: 0xBB, 0xBB: 0xAB})


def isolate(value: str, rtl: bool) -> str:
    """``value`` wrapped in bidi isolates when its script runs against the line's direction.

    >>> isolate("Omar K.", rtl=True) == FSI + "Omar K." + PDI, isolate("سارة", rtl=True)
    (True, 'سارة')
    """
    bare = _outside_isolates(value)
    against = any(ch.isalpha() and ch.isascii() for ch in bare) if rtl else has_arabic(bare)
    return f"{FSI}{value}{PDI}" if against else value


def _outside_isolates(value: str) -> str:
    """``value`` without the parts already isolated (a list of names, each in its isolate).

    >>> _outside_isolates(FSI + "Omar" + PDI + " و " + FSI + "Khalid" + PDI)
    ' و '
    """
    return _ISOLATED.sub("", value)


_ISOLATED = re.compile(f"[{FSI}\u2066\u2067][^{PDI}]*{PDI}")


def strip_isolates(text: str) -> str:
    """The text without bidi isolate marks (for the screen and for comparing)."""
    return text.translate({0x2066: None, 0x2067: None, 0x2068: None, 0x2069: None})


def has_arabic(text: str) -> bool:
    """Whether ``text`` holds any Arabic letter.

    >>> has_arabic("Omar"), has_arabic("سارة")
    (False, True)
    """
    return any("\u0600" <= ch <= "\u06ff" or "\ufb50" <= ch <= "\ufeff" for ch in text)


class Text:
    """The catalogue in one language: ``text("turn_of", name=...)`` gives the logical string."""

    def __init__(self, lang: str = "ar"):
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
        self.lang = lang

    @property
    def rtl(self) -> bool:
        return self.lang == "ar"

    def __call__(self, key: str, **fields) -> str:
        """:raises KeyError: no such key."""
        ar, en = CATALOGUE[key]
        template = ar if self.lang == "ar" else en
        if not fields:
            return template
        return template.format(**{k: isolate(v, self.rtl) if isinstance(v, str) else v
                                  for k, v in fields.items()})

    def names(self, names) -> str:
        """Names as a list in words: "Sara and Omar"; in Arabic «و» is written onto an Arabic name
        («سارة ونورة») and stands apart before a Latin one («Khalid و Omar»: it cannot join a Latin
        letter). Each name is isolated, so a Latin name keeps its place in an Arabic line.

        >>> ar = Text("ar")
        >>> strip_isolates(ar.names(["سارة", "نورة"])), strip_isolates(ar.names(["Khalid", "Omar"]))
        ('سارة ونورة', 'Khalid و Omar')
        >>> Text("en").names(["Sara", "Omar", "Reem"])
        'Sara and Omar and Reem'
        """
        word = self("and_word")
        shown = [isolate(name, self.rtl) for name in names]
        if not self.rtl:
            return f" {word} ".join(shown)
        joined = shown[:1]
        for name in shown[1:]:
            joined.append(f" {word}{name}" if has_arabic(name[:1]) else f" {word} {name}")
        return "".join(joined)

    def option(self, name: str) -> str:
        """A table option's name: «وقت الدور», "Turn timer"."""
        return self("option_" + name)

    def preset(self, name: str) -> str:
        """A preset's name: «سهرة أونا»."""
        key = "preset_" + name.replace("-", "_")
        return self(key) if key in CATALOGUE else name

    def value(self, name: str, value) -> str:
        """An option's value as the screen says it: «بلا مؤقت», "15 s", «لليمين».

        >>> Text("en").value("turn_seconds", 15), Text("en").value("catch_window_min_ms", 2000)
        ('15 s', '2 s')
        >>> Text("ar").value("stack_limit", "none"), Text("en").value("voluntary_draw", "yes")
        ('بلا حد', 'yes')
        """
        for key in (f"value_{name}_{value}", f"value_{value}"):
            if key in CATALOGUE:
                return self(key)
        if isinstance(value, int) and name in UNITS:
            n = value / 1000 if name.endswith("_ms") else value
            return self(UNITS[name], n=f"{n:g}")
        return str(value)

    def colour(self, colour: str, deck: str = "oona") -> str:
        """A colour in the deck's own name."""
        return self(("classic_" if deck == "classic" else "colour_") + colour)
