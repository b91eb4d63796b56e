"""The build's one extra step: compile the translation catalogs (``marriage_gui/locale``) so the
wheel, an editable install and the frozen app all carry the ``.mo`` files the game reads, and
export the phone page's words from them (``marriage_net/web/words-*.json``).
Everything else about the package is declared in ``pyproject.toml``."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def compile_catalogs() -> None:
    spec = importlib.util.spec_from_file_location("catalogs", HERE / "build" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.compile_all()
    # The phone page's words, from the same catalogs (build/page_words.py).
    spec = importlib.util.spec_from_file_location("page_words", HERE / "build" / "page_words.py")
    assert spec is not None and spec.loader is not None
    page_words = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(page_words)
    page_words.export_all()


class BuildWithCatalogs(build_py):
    """``build_py`` that compiles the catalogs first (into the source tree, so an editable
    install finds them where the code is)."""

    def run(self) -> None:
        compile_catalogs()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
