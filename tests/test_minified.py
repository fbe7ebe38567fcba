"""The minified CSS and JS the page loads (.ci/minify.py).

index.html holds app.css, setup.css and boot.js inlined (minified, allowed by
their hashes in its CSP) and loads static/css/later.min.css and
static/pwa/register.min.js; people edit the sources.  These tests keep the two
the same: a stale or missing copy fails here (minified afresh and compared
byte for byte), and the minifier must not have dropped a rule, a custom
property or a piece of script.
"""

import re
import runpy
import shutil
import subprocess

import pytest

from mpyrun import REPO

TOOL = runpy.run_path(str(REPO / ".ci" / "minify.py"))
PAIRS = TOOL["FILES"]
CSS = "static/css/app.css"


def _inline(root, source):
    """The text index.html at ``root`` holds for ``source``."""
    page = (root / "index.html").read_text(encoding="utf-8")
    return {src: text for _, src, text in TOOL["inlined"](page)}[source]


def test_every_committed_min_file_matches_its_source():
    problems = TOOL["differences"](str(REPO))
    assert problems == [], "\n".join(problems) + "\nrun: python3 .ci/refresh_site.py"


def test_the_page_loads_the_min_files_not_the_sources():
    page = (REPO / "index.html").read_text(encoding="utf-8")
    for source, minified in PAIRS:
        assert '"./%s"' % minified in page, minified
        assert '"./%s"' % source not in page, source
    for source in TOOL["INLINED"]:
        assert 'data-source="%s"' % source in page, source
        assert '"./%s"' % source not in page and ".min." not in source, source


def test_the_csp_allows_exactly_the_inlined_texts():
    page = (REPO / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    directives = dict((d.split()[0], d.split()[1:]) for d in policy.split(";") if d.strip())
    found = TOOL["inlined"](page)
    assert [src for _, src, _ in found] == list(TOOL["INLINED"])
    for tag, directive in (("style", "style-src"), ("script", "script-src")):
        wanted = [TOOL["csp_hash"](text) for t, _, text in found if t == tag]
        assert wanted and [w for w in directives[directive] if w.startswith("'sha256-")] == wanted
        assert "'self'" in directives[directive] and "'unsafe-inline'" not in directives[directive]


def _copy(tmp_path):
    root = tmp_path / "repo"
    for rel in [r for pair in PAIRS for r in pair] + list(TOOL["INLINED"]) + ["index.html"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, root / rel)
    return root


def test_an_edited_source_or_a_missing_copy_is_reported_and_fixed(tmp_path, capsys):
    root = _copy(tmp_path)
    assert TOOL["main"](["--check", "--root", str(root)]) == 0
    css = root / CSS
    css.write_text(css.read_text(encoding="utf-8") + "\n.edited { color: red; }\n", encoding="utf-8")
    (root / "static/pwa/register.min.js").unlink()
    capsys.readouterr()
    assert TOOL["main"](["--check", "--root", str(root)]) == 1
    err = capsys.readouterr().err
    assert "stale index.html" in err and "missing static/pwa/register.min.js" in err
    assert "later.min.css" not in err, "an untouched pair is not reported"
    before = (root / "index.html").read_text(encoding="utf-8")
    assert TOOL["main"](["--root", str(root)]) == 0
    assert TOOL["differences"](str(root)) == []
    assert _inline(root, CSS).endswith(".edited{color:red}")
    after = (root / "index.html").read_text(encoding="utf-8")
    assert TOOL["csp_hash"](_inline(root, CSS)) in after and after != before
    # only the inlined text and its hash changed: the markup around them is kept
    strip = lambda page: re.sub(r"'sha256-[^']*'", "", re.sub(r"(data-source=\"[^\"]+\">).*?(</(style|script)>)", r"\1\2", page, flags=re.S))
    assert strip(after) == strip(before)


def test_the_output_is_deterministic_and_smaller(tmp_path):
    first = TOOL["expected"](str(REPO))
    assert TOOL["expected"](str(REPO)) == first
    for source, minified in PAIRS:
        assert len(first[minified]) < 0.85 * (REPO / source).stat().st_size, minified
        assert b"/*" not in first[minified], "comments are dropped: %s" % minified
    for source in TOOL["INLINED"]:
        text = _inline(REPO, source)
        assert len(text) < 0.85 * (REPO / source).stat().st_size and "/*" not in text, source


# --- the minified CSS keeps every rule -------------------------------------

def _without_comments(css):
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def _preludes(css):
    """Every selector list and at-rule prelude (the text before each `{`),
    whitespace normalised the way a minifier may change it."""
    found = set()
    for m in re.finditer(r"([^{};]*)\{", _without_comments(css)):
        text = " ".join(m.group(1).split())
        text = re.sub(r"\s*([,>+~])\s*", r"\1", text)
        text = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", text))
        text = re.sub(r":\s+", ":", text)
        found.add(text)
    return found


def _custom_properties(css):
    """(declared --names, --names used in var())."""
    css = _without_comments(css)
    return (set(re.findall(r"(--[\w-]+)\s*:", css)),
            set(re.findall(r"var\(\s*(--[\w-]+)", css)))


def _rule_count(css):
    return _without_comments(css).count("{")


def _css_pair():
    return ((REPO / CSS).read_text(encoding="utf-8"), _inline(REPO, CSS))


def test_the_minified_css_keeps_every_selector_and_custom_property():
    source, minified = _css_pair()
    assert len(_preludes(source)) > 100, "the crude parser still finds the rules"
    assert _preludes(minified) == _preludes(source)
    assert _rule_count(minified) == _rule_count(source)
    declared, used = _custom_properties(source)
    assert len(declared) > 20 and used <= declared
    assert _custom_properties(minified) == (declared, used)


@pytest.mark.parametrize("damage", [
    lambda css: css.replace(".sr-only{", ".sronly{", 1),                   # a selector changed
    lambda css: re.sub(r"\.die\{[^}]*\}", "", css, count=1),             # a rule dropped
    lambda css: css.replace("--p7:", "--p-7:", 1),                        # a property renamed
    lambda css: css.replace("var(--muted)", "var(--mute)", 1),            # a use changed
])
def test_the_css_comparison_notices_a_damaged_copy(damage):
    source, minified = _css_pair()
    damaged = damage(minified)
    assert damaged != minified, "the damage must apply to the current CSS"
    assert (_preludes(damaged) != _preludes(source)
            or _custom_properties(damaged) != _custom_properties(source)
            or _rule_count(damaged) != _rule_count(source))


# --- the minified scripts are still the same scripts ------------------------

def _string_literals(js):
    return set(re.findall(r'"(?:[^"\\\n]|\\.)*"', js))


@pytest.mark.parametrize("source, minified", [p for p in PAIRS if p[0].endswith(".js")]
                         + [(s, None) for s in TOOL["INLINED"] if s.endswith(".js")])
def test_the_minified_scripts_parse_and_keep_their_strings(tmp_path, source, minified):
    text = (REPO / minified).read_text(encoding="utf-8") if minified else _inline(REPO, source)
    kept = _string_literals(text)
    missing = _string_literals(_without_comments((REPO / source).read_text(encoding="utf-8"))) - kept
    assert not missing, "string literals lost: %s" % sorted(missing)
    if shutil.which("node") is None:
        pytest.skip("node is not installed (syntax check)")
    # register.js is a module (import.meta), boot.js a classic script.
    copy = tmp_path / ("check.mjs" if "import.meta" in text else "check.js")
    copy.write_text(text, encoding="utf-8")
    result = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
