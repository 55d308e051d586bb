"""The app in the language of the computer it runs on, when a translation is shipped.

Every text the app's widgets show goes through :func:`translate` (Qt's
``QCoreApplication.translate``) with the name of the class (or module) that shows it as its
context. ``resources/i18n/gin_scorer.ts`` is the template that lists every one of them
(``tools/translations.py`` writes it); a translator copies it to ``gin_scorer_fr.ts``, fills
it in with Qt Linguist, and ``pyside6-lrelease`` compiles it to ``gin_scorer_fr.qm`` beside
it: the app loads that for a French system, with no change to the code. Qt's own texts
(standard buttons, file dialogs) come from Qt's translations.

The words the app shares with its printouts (hand descriptions, game lines, standings and
round columns, the entry and results lines, the club's words) live in the Qt-free
``gin_scorer.presentation`` and ``gin_scorer.reports``, which say them through
:func:`gin_scorer.presentation.words.translate`; :func:`install_translations` makes that Qt's
translate too, so one template and one ``.qm`` file serve both. The room's pages
(``gin_scorer.web``) are in the template as well, but the room reads the translators' ``.ts``
files itself and answers each phone in the phone's language, not the desk's. Not yet through
it: the command line, and the messages the services and the core raise.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from gin_scorer.catalogues import CATALOGUE, translations_folder
from gin_scorer.presentation.words import checked_translation, use_translator


def translate(context: str, text: str) -> str:
    """``text`` in the app's language; ``context`` is the class (or module) that shows it.

    Qt's ``lupdate`` finds every ``translate("Context", "text")`` call in the sources for the
    template, whatever module the function comes from."""
    return checked_translation(text, QCoreApplication.translate(context, text))


def translations_dir() -> Path:
    return translations_folder()


def install_translations(app: QApplication, locale: QLocale | None = None) -> list[QTranslator]:
    """Load Qt's and the app's translations for ``locale`` (the system's by default), when
    they exist; the app stays in English otherwise. Returns the translators installed."""
    chosen = locale if locale is not None else QLocale.system()
    use_translator(translate)  # the shared words too: the sheet, the PDFs, the room's pages
    installed = []
    sources = (
        ("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
        (CATALOGUE, str(translations_dir())),
    )
    for name, folder in sources:
        translator = QTranslator(app)
        if translator.load(chosen, name, "_", folder) and app.installTranslator(translator):
            installed.append(translator)
    return installed
