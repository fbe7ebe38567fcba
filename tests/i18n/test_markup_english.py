"""index.html's English is en.json's: an English page is painted from the markup before
Python runs (static/js/boot.js words the markup only in the other languages), so a
text that differed would change, and move things, when Python takes over."""
import html.parser
import json

import pytest

from paths import REPO

VOID = {"meta", "link", "img", "input", "br", "hr", "source", "use", "path"}


class _Texts(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.texts, self.attrs = [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for pair in (attrs.get("data-i18n-attr") or "").split():
            name, key = pair.split(":", 1)
            self.attrs.append((key, name, attrs.get(name)))
        if tag not in VOID:
            self.stack.append([tag, attrs.get("data-i18n"), []])

    def handle_endtag(self, tag):
        while self.stack:
            name, key, text = self.stack.pop()
            if key:
                self.texts.append((key, "".join(text).strip()))
            if self.stack:
                self.stack[-1][2].extend(text)
            if name == tag:
                break

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


@pytest.mark.parametrize("markup", ["index.html", "static/later.html"])
def test_markup_english_is_the_english_catalogue(markup):
    """(static/later.html too: its words are the catalogue's, one definition of each text.)"""
    english = json.loads((REPO / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    page = _Texts()
    page.feed((REPO / markup).read_text(encoding="utf-8"))
    assert page.texts and page.attrs
    assert [(k, t) for k, t in page.texts if english.get(k) != t] == []
    assert [(k, n, v) for k, n, v in page.attrs if english.get(k) != v] == []
