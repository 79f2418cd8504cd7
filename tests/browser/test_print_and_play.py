"""The lab's Print & play button in Chromium (issue 24): in the Rules tab, a click makes the
print sheets and the Tabletop Simulator ZIP, and the links download real files."""

from __future__ import annotations

import io
import zipfile

import pypdf
import pytest
from dk_browser import REDRAW_MS, open_lab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_print_and_play_downloads_the_pdf_and_the_tts_zip(voila_url: str, page,
                                                          snap) -> None:  # noqa: ANN001
    open_lab(page, voila_url)
    panel = page.locator(".dk-print").first
    panel.scroll_into_view_if_needed()
    panel.locator(".dk-print-button").click()
    links = panel.locator(".dk-print-links a.dk-download")
    expect(links).to_have_count(3, timeout=REDRAW_MS)
    expect(panel.locator(".dk-ok")).to_contain_text("files written")
    snap(page, "print-and-play")
    with page.expect_download() as info:
        links.filter(has_text="crossroads_A4.pdf").click()
    download = info.value
    assert download.suggested_filename == "crossroads_A4.pdf"
    reader = pypdf.PdfReader(download.path())
    assert "N8" in "".join(p.extract_text() for p in reader.pages)
    with page.expect_download() as info:
        links.filter(has_text="crossroads_tts.zip").click()
    with zipfile.ZipFile(io.BytesIO(info.value.path().read_bytes())) as z:
        assert "crossroads_tts/crossroads_skills.json" in z.namelist()
