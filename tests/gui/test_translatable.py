"""Every text the app's own widgets show goes through Qt's tr() (or
QCoreApplication.translate), so that a translation is a .ts file, not a code change; the
shipped template (resources/i18n/gin_scorer.ts) holds every one of them; and a translation,
once compiled, changes what the window says."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "gin_scorer" / "gui"

# Qt calls whose text argument (by position) a person reads.
_METHOD_ARGS = {
    "setText": (0,),
    "setPlaceholderText": (0,),
    "setToolTip": (0,),
    "setWindowTitle": (0,),
    "setAccessibleName": (0,),
    "setAccessibleDescription": (0,),
    "showMessage": (0,),
    "addRow": (0,),
    "addTab": (1,),
    "setTabText": (1,),
    "addMenu": (0,),
    "setTitle": (0,),
    "setLabelText": (0,),
    "setSuffix": (0,),
    "setSpecialValueText": (0,),
    "setHorizontalHeaderLabels": (0,),
    "addButton": (0,),
    "setStatusTip": (0,),
    "information": (1, 2),
    "warning": (1, 2),
    "critical": (1, 2),
    "question": (1, 2),
    "about": (1, 2),
    "getText": (1, 2),
    "getItem": (1, 2),
    "getInt": (1, 2),
    "getSaveFileName": (1, 3),
    "getOpenFileName": (1, 3),
    "_action": (1,),
    # The app's own ways of saying something (they show their text as given).
    "show_error": (0,),
    "show_saved": (0,),
    "show_message": (0,),
    "on_done": (0,),
    "say": (0,),
    "ask_reason": (1,),
    "ask_pin": (1,),
}
_CONSTRUCTOR_ARGS = {
    "QLabel": (0,),
    "QPushButton": (0,),
    "QCheckBox": (0,),
    "QRadioButton": (0,),
    "QGroupBox": (0,),
    "QAction": (0,),
    "ColumnSpec": (0,),  # a heading: marked with QT_TRANSLATE_NOOP, shown translated
}


def _is_text(node: ast.expr) -> bool:
    """A literal a person would read: letters in a string, or an f-string."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(c.isalpha() for c in node.value)
    if isinstance(node, ast.BinOp):  # "text " + something
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_is_text(e) for e in node.elts)
    return False


def untranslated(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        positions = _METHOD_ARGS.get(name, ()) if isinstance(func, ast.Attribute) else ()
        positions = positions or _CONSTRUCTOR_ARGS.get(name, ())
        for position in positions:
            if position < len(node.args) and _is_text(node.args[position]):
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.append(f"{where} {name}: {ast.unparse(node.args[position])[:60]}")
    return found


def test_every_text_of_the_apps_widgets_goes_through_tr() -> None:
    shared = ROOT / "gin_scorer" / "presentation"  # the columns the widgets show
    paths = sorted([*GUI.rglob("*.py"), *shared.rglob("*.py")])
    found = [line for path in paths for line in untranslated(path)]
    assert found == [], f"{len(found)} texts not through tr():\n" + "\n".join(found)


def test_the_shipped_template_holds_every_text(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from translations import TEMPLATE, write_template

    fresh = tmp_path / "gin_scorer.ts"
    write_template(fresh)
    assert TEMPLATE.read_bytes() == fresh.read_bytes(), "run tools/translations.py"
    assert fresh.read_text(encoding="utf-8").count("<message>") > 300


def test_a_compiled_translation_changes_what_the_window_says(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    from gin_scorer.core.hands import Outcome
    from gin_scorer.gui import i18n
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings
    from gin_scorer.presentation.hand_words import outcome_word
    from gin_scorer.presentation.standings_table import standings_columns
    from gin_scorer.presentation.words import use_translator

    template = (ROOT / "resources" / "i18n" / "gin_scorer.ts").read_text(encoding="utf-8")
    # A translator's work, in miniature: two texts of the main window in French.
    unfinished = '\n        <translation type="unfinished"></translation>'
    french = template
    for source, translated in (
        ("&amp;File", "&amp;Fichier"),
        ("Gin Scorer &amp;help", "&amp;Aide"),
        ("knock", "frappe"),  # a word of the shared presentation layer
        ("Place", "Rang"),  # a column heading
    ):
        done = f"\n        <translation>{translated}</translation>"
        french = french.replace(
            f"<source>{source}</source>{unfinished}", f"<source>{source}</source>{done}"
        )
    assert french != template
    (tmp_path / "gin_scorer_fr.ts").write_text(french, encoding="utf-8")
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    subprocess.run([str(lrelease), "-silent", str(tmp_path / "gin_scorer_fr.ts")], check=True)
    monkeypatch.setattr(i18n, "translations_dir", lambda: tmp_path)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    installed = i18n.install_translations(app, QLocale("fr_FR"))
    try:
        assert installed, "the French catalogue did not load"
        window = MainWindow(database=str(tmp_path / "fr.sqlite"), settings=GuiSettings())
        qtbot.addWidget(window)
        titles = [a.text() for a in window.menuBar().actions()]
        assert "&Fichier" in titles
        helps = [a.text() for a in window.menus.by_key["help"].actions()]
        assert "&Aide" in helps
        assert "&Event" in titles  # not translated yet: shown as written
        # The words shared with the PDFs and the room, through the same catalogue.
        assert outcome_word(Outcome.KNOCK) == "frappe"
        assert standings_columns([])[0].heading == "Rang"
        assert outcome_word(Outcome.GIN) == "gin"  # not translated yet: shown as written
    finally:
        for translator in installed:
            app.removeTranslator(translator)
        use_translator(None)
