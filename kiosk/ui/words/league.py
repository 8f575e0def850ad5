"""The catalogue's words for the league screen: standings across the venue's tables, the tables
and their last sync, joining another table, name clashes, the USB stick. Merged into
:data:`kiosk.ui.words.text.CATALOGUE`; keys are English snake_case, values (Arabic, English).
"""

from __future__ import annotations


LEAGUE_TEXT: dict[str, tuple[str, str]] = {
    "league_button": ("الدوري", "League"),
    "league_title": ("الدوري: كل الطاولات", "League: every table"),
    "period_week": ("هذا الأسبوع", "This week"),
    "period_month": ("هذا الشهر", "This month"),
    "period_all": ("كل الأوقات", "All time"),
    "col_points": ("النقاط", "Points"),
    "no_standings": ("لا مباريات في هذه الفترة", "No matches in this period"),
    "tables_title": ("الطاولات", "Tables"),
    "table_here": ("{name} · هذه الطاولة", "{name} · this table"),
    "table_matches": ("مباريات: {n}", "Matches: {n}"),
    "table_synced": ("آخر مزامنة: {time}", "Last sync: {time}"),
    "table_connected": ("متصلة الآن", "Connected now"),
    "table_never": ("لم تتصل بعد", "Not synced yet"),
    "table_data": ("آخر تغيير: {time}", "Last change: {time}"),
    "sync_off": ("المزامنة متوقفة: {why}", "Sync is off: {why}"),
    "sync_off_plain": ("لا مزامنة عبر الشبكة: استعمل الذاكرة", "No network sync: use a USB stick"),
    "sync_state": ("المزامنة: {state}", "Sync: {state}"),
    "state_asking": ("تسأل…", "asking…"),
    "state_idle": ("جاهزة", "up to date"),
    "state_syncing": ("تنقل الملفات", "copying files"),
    "state_scanning": ("تفحص الملفات", "looking at files"),
    "state_error": ("خطأ", "error"),
    "state_unreachable": ("لا ترد", "not answering"),
    "this_device": ("رمز هذه الطاولة", "This table's id"),
    "join_button": ("إضافة طاولة برمزها", "Add a table by its id"),
    "join_prompt": ("اكتب رمز الطاولة الأخرى", "Type the other table's id"),
    "joined_note": ("أضيفت الطاولة: {name}", "Table added: {name}"),
    "join_failed": ("لم تضف: {why}", "Not added: {why}"),
    "pending_title": ("طاولات تطلب الانضمام", "Tables asking to join"),
    "accept_button": ("قبول", "Accept"),
    "clash_title": ("اسم واحد في طاولتين", "One name at two tables"),
    "clash_row": ("{name}: {tables}", "{name}: {tables}"),
    "merge_button": ("نفس الشخص: دمج", "Same person: merge"),
    "merged_note": ("دُمج: {name}", "Merged: {name}"),
    "overdrawn_row": ("رصيد {name} {n}: طاولتان أخذتا نفس العملات", "{name}'s balance is {n}: two tables took the same coins"),
    "problem_row": ("ملف مرفوض: {text}", "File left out: {text}"),
    "stick_export_button": ("نسخ إلى الذاكرة", "Export to stick"),
    "stick_import_button": ("نسخ من الذاكرة", "Import from stick"),
    "stick_missing": ("لا ذاكرة في {path}", "No USB stick at {path}"),
    "stick_exported": ("نسخ {n} ملف إلى الذاكرة", "{n} files copied to the stick"),
    "stick_imported": ("نسخ {n} ملف من الذاكرة", "{n} files copied from the stick"),
    "stick_failed": ("لم تنسخ: {why}", "Not copied: {why}"),
}
