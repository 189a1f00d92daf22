#!/usr/bin/env python3
"""Story lint (issue 36): the patterns of a story that says something false or
garbled. Reads story files; prints each hit as FILE:LINE: WHAT: TEXT and exits
1 if there is any. Each pattern was seen in a real story before it was fixed."""
import re
import sys

PLURALS = (r"points|chips|cards|players|packs|tricks|counters|turns|moves|plays|games|"
           r"deals|hands|coups|rounds|stakes|pairs|seats|times|matches|pots")
# Verbs of the third person that the stories use, for "You" with the wrong form.
THIRD = (r"gives|pays|takes|is|has|was|does|wins|loses|draws|holds|keeps|puts|plays|stakes|"
         r"stands|doubles|refuses|passes|leads|buys|discards|drops|shows|goes|gets|becomes|"
         r"scores|collects|receives|calls|challenges|follows|turns|moves|deals|sits|must pays")
CHECKS = [
    ("a count of 1 with a plural noun",
     re.compile(r"(?<!Seat )(?<!Hand )(?<!Deal )(?<!Coup )(?<!Round )(?<!column )(?<!position )"
                r"(?<![\d.,-])\b1 (?:" + PLURALS + r")\b")),
    ("\"You\" with a third-person verb",
     re.compile(r"\bYou (?:" + THIRD + r")\b|\bYou\b[^.;:!?\"]*?, (?:and )?(?:" + THIRD + r")\b")),
    ("\"You\" in the middle of a sentence", re.compile(r"(?<=[a-z,]) You\b")),
    ("a seat named twice in one clause where \"his\" is meant",
     re.compile(r"\b(Seat \d+) (?:keeps|takes|holds|shows|plays|gives) \1's\b")),
    ("a score of -0", re.compile(r"(?<![\w.])-0(?![\d.])")),
    ("a raw card code", re.compile(r"\[\[")),
    ("an empty placeholder", re.compile(r"\{\}|\(\)|\bSeat (?!\d)|: \.|\S ,|\S \.")),
]


def lint(path, out):
    hits = 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    prev = None
    for n, line in enumerate(lines, 1):
        text = line.strip()
        for what, pattern in CHECKS:
            if pattern.search(text):
                out.write(f"{path}:{n}: {what}: {text}\n")
                hits += 1
        # Blank lines between do not make a line said twice any less so.
        if text and text == prev:
            out.write(f"{path}:{n}: the same line twice in a row: {text}\n")
            hits += 1
        if text:
            prev = text
    return hits


if __name__ == "__main__":
    total = sum(lint(p, sys.stdout) for p in sys.argv[1:])
    sys.exit(1 if total else 0)
