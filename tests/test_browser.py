"""The browser fixture itself works: a page runs its script, errors are caught."""

from __future__ import annotations

from pathlib import Path


def test_page_runs_script_and_reports_no_error(browser_page, tmp_path: Path) -> None:
    page_file = tmp_path / "p.html"
    page_file.write_text(
        "<html><body><h1 id=x>no script</h1>"
        "<script>document.getElementById('x').textContent = 'script ran'</script></body></html>",
        encoding="utf-8",
    )
    page = browser_page.open(page_file)
    assert page.text_content("#x") == "script ran"
    assert browser_page.errors == []


def test_console_errors_are_collected(browser_page, tmp_path: Path) -> None:
    page_file = tmp_path / "bad.html"
    page_file.write_text("<html><body><script>undefinedName()</script></body></html>")
    browser_page.open(page_file)
    assert any("undefinedName" in error for error in browser_page.errors)
