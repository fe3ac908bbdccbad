#!/usr/bin/env python3
"""Keeps the documentation's copies of real files true.

A Markdown file (README.md, a DocC article) may quote a file of the
repository whole: the line `<!-- file: PATH -->` directly before a fenced
code block says the block is PATH's content. With no argument this checks
every such block under the repository and exits 1, naming the block, if one
differs from its file; with `--update` it rewrites the blocks from the
files instead.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- file: (\S+) -->\n(```\w*\n)(.*?)^```$", re.M | re.S)


def documents():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "Sources").glob("*/*.docc/*.md"))


def main():
    update = "--update" in sys.argv[1:]
    stale = []
    for document in documents():
        text = document.read_text()
        def replace(match):
            quoted = (ROOT / match.group(1)).read_text()
            if match.group(3) != quoted:
                stale.append(f"{document.relative_to(ROOT)}: the copy of {match.group(1)} differs from the file")
            return f"<!-- file: {match.group(1)} -->\n{match.group(2)}{quoted}```"
        new = MARKER.sub(replace, text)
        if update and new != text:
            document.write_text(new)
    if stale and not update:
        print("\n".join(stale), file=sys.stderr)
        print("(scripts/lib/doc-snippets.py --update copies the files in)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
