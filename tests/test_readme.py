"""README is the front door, docs/ holds the rest: both stay true to the repository.

A newcomer reads README's first screen for what the game is and the two commands,
then follows its links; a link to a moved file or a stale picture is the first
thing they would meet. So: README's length, its commands early and the same ones
CI runs, and every relative link or picture of README and docs/ pointing at a file
that exists, with every docs file reachable from README; and no comment in the code
citing a section of README or docs/ that is not there (sections move to docs/).
"""

import re

from harness import REPO

README = REPO / "README.md"
DOCS = REPO / "docs"
MAX_LINES = 250
COMMANDS_WITHIN = 80
PLAY = "python3 .ci/onefile.py --out dice-poker.html && python3 -m http.server 8000"
TEST = "python3 -m pytest"

# [text](target) and <img src="target">; targets with a scheme or only an anchor are not files
LINK = re.compile(r"\]\(([^)\s]+)\)|<img[^>]*\ssrc=\"([^\"]+)\"")


def relative_targets(path):
    """(target, file it names) of every relative link or picture in a Markdown file."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)      # commands and trees, not links
    found = []
    for match in LINK.finditer(text):
        target = match.group(1) or match.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue
        found.append((target, (path.parent / target.split("#", 1)[0]).resolve()))
    return found


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, "README has %d lines: move detail to docs/" % len(lines)


def test_play_and_test_commands_are_in_the_first_lines():
    head = README.read_text(encoding="utf-8").splitlines()[:COMMANDS_WITHIN]
    for command in (PLAY, TEST):
        assert command in head, "%r is not a line of README's first %d" % (command, COMMANDS_WITHIN)


def test_play_builds_the_one_file_the_rules_page_offers():
    """Issue 47, point 16: the rules page's "Download the game as one file" was a 404 on a
    site served from a clone as Play says.  Play writes that file where every language's
    link leads (relative to the site's root, where the rules page is shown), and git
    ignores it (a build, not a source)."""
    out = re.search(r"onefile\.py --out (\S+)", PLAY).group(1)
    for page in sorted((REPO / "static" / "i18n").glob("rules.*.html")):
        links = re.findall(r'id="rules-onefile"><a href="([^"]+)" download', page.read_text(encoding="utf-8"))
        assert links == [out], (page.name, links)
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").split()
    assert "/" + out in ignored


def test_ci_runs_the_test_command_readme_gives():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^%s \"\$@\"" % re.escape(TEST), ci, re.M), ".ci/run does not run " + TEST


def test_every_relative_link_and_picture_of_readme_exists():
    targets = relative_targets(README)
    assert any(t.endswith(".png") for t, _ in targets), "README shows no picture of the game"
    missing = [t for t, f in targets if not f.exists()]
    assert not missing, "README links to files that do not exist: %s" % missing
    outside = [t for t, f in targets if REPO.resolve() not in f.parents]
    assert not outside, "README links outside the repository (not in a clone): %s" % outside


def test_every_docs_file_is_linked_from_readme_and_opens_with_what_it_covers():
    linked = {f for _, f in relative_targets(README)}
    docs = sorted(DOCS.glob("*.md"))
    assert docs, "docs/ has no Markdown files"
    for doc in docs:
        assert doc.resolve() in linked, "%s is not linked from README" % doc.name
        lines = doc.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# "), "%s does not open with a title" % doc.name
        intro = [line for line in lines[1:6] if line.strip() and not line.startswith("#")]
        assert intro, "%s does not say what it covers under its title" % doc.name


def test_every_relative_link_in_docs_exists():
    missing = []
    for doc in sorted(DOCS.glob("*.md")):
        missing += ["%s: %s" % (doc.name, t) for t, f in relative_targets(doc) if not f.exists()]
    assert not missing, "docs link to files that do not exist: %s" % missing


# ---------------------------------------------------------------------------------------
# Comments that cite a section: README's or a docs file's, which must be there.
# README, Performance / README's "Test" / README: "Test" / docs/runtime.md, "Rules for a page"
# / docs/runtime.md#micropython-in-the-page.  A README section named unquoted starts with a
# capital ("README's pictures" is not a section).
# ---------------------------------------------------------------------------------------

README_CITE = re.compile(r"README(?:\.md)?(?:(?:,|:|'s)?[ ]+(?:\"([^\"]{1,60})\"|“([^”]{1,60})”)|"
                         r"(?:,|:|'s)[ ]+([A-Z][A-Za-z]*(?: [a-z][A-Za-z]*)*))")
DOCS_CITE = re.compile(r"docs/([a-z-]+\.md)(?:#([a-z0-9-]+)|,[ ]*\"([^\"]+)\")")
# generated or vendored files, and the Markdown files (their links are checked above)
NOT_SCANNED = ("static/vendor/", "static/mpy/", "static/i18n/start/", "node_modules/")
TEXT_SUFFIXES = (".py", ".js", ".html", ".css", ".toml", ".yml", ".json", ".webmanifest", "")


def _headings(path):
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [m.group(1).strip() for m in re.finditer(r"^#{1,6} +(.+)$", text, re.M)]


def _anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces -> hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def _scanned_texts():
    """(path, text with comment lines joined) of every tracked source file."""
    import subprocess
    names = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    for name in names:
        path = REPO / name
        if (not name or name.startswith(NOT_SCANNED) or path.suffix not in TEXT_SUFFIXES
                or name.startswith("docs/") or name in ("README.md", "tests/test_readme.py")
                or not path.is_file()):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        # a citation may run over two comment lines: join them, the comment marks dropped
        yield name, re.sub(r"[ \t]*\n[ \t]*(?:#|//|\*)?[ \t]*", " ", text)


def test_no_comment_cites_a_readme_section_it_lacks():
    sections = {h.lower() for h in _headings(README)}
    stale = []
    for name, text in _scanned_texts():
        for match in README_CITE.finditer(text):
            cited = next(g for g in match.groups() if g is not None).strip()
            if cited.lower() not in sections:
                stale.append("%s: %r" % (name, match.group(0)))
    assert not stale, ("these cite a README section README.md does not have (moved to "
                       "docs/?): %s" % stale)


def test_every_docs_section_cited_is_there():
    """``docs/x.md, "Heading"`` (the start of a heading will do) or ``docs/x.md#anchor``."""
    stale = []
    for name, text in _scanned_texts():
        for match in DOCS_CITE.finditer(text):
            doc = DOCS / match.group(1)
            if not doc.exists():
                stale.append("%s: %r (no such file)" % (name, match.group(0)))
                continue
            headings = _headings(doc)
            anchor, title = match.group(2), match.group(3)
            if anchor is not None and anchor not in {_anchor(h) for h in headings}:
                stale.append("%s: %r" % (name, match.group(0)))
            if title is not None and not any(h.startswith(title) for h in headings):
                stale.append("%s: %r" % (name, match.group(0)))
    assert not stale, "these cite a section of docs/ that is not there: %s" % stale
