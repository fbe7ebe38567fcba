"""README is the front door, docs/ holds the rest: both stay true to the repository.

A newcomer reads README's first screen for what the game is and the two commands,
then follows its links; a link to a moved file or a stale picture is the first
thing they would meet. So: README's length, its commands early and the same ones
CI runs, and every relative link or picture of README and docs/ pointing at a file
that exists, with every docs file reachable from README.
"""

import re
from pathlib import Path

from harness import REPO

README = REPO / "README.md"
DOCS = REPO / "docs"
MAX_LINES = 250
COMMANDS_WITHIN = 80
PLAY = "python3 -m http.server 8000"
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
