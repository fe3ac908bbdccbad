#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/spells.trace, the scripted session the Spells demo
replays when it runs without a display.

The trace is what the event pump would have produced on an 800x600 window:
shapes drawn with a finger, the mouse (its pointer events) and a controller's
cursor (the pointer events the pump makes of the stick and A). Enemies stand at
window centres (160, 294), (400, 294) and (640, 294); their weaknesses cycle
through SpellsGame's list (circle, triangle, zigzag first; then check,
rectangle, star). A drawing is decided half a second after its last stroke
lifts, a second after a controller cursor's (StrokeGestureRecognizer.cursorPause).

  frames    what                                           expected (SpellsGame.log)
  20-80     finger: a circle over enemy 1 (circle)         cast circle at 1 circle: defeated (110)
  120-160   mouse: a zigzag over enemy 2 (triangle)        cast zigzag at 2 triangle: resisted (190)
  200-250   mouse: a triangle over enemy 2                 cast triangle at 2 triangle: defeated (280)
  300-360   controller cursor: a zigzag over enemy 3       cast zigzag at 3 zigzag: defeated (420)
  430-490   finger: a spiral over enemy 1 (now check)      fizzle (nearest ...)
  530-560   finger: a check over enemy 1                   cast check at 1 check: defeated (590)
  610-630,  finger: an X in two strokes over enemy 2       cast x at 2 rectangle: resisted (672)
  636-642     (now rectangle)
  690-720   finger: a line below the enemies               cast line at nothing (750)

Frame 330 (SpellsGame.showcaseFrame) shows score 2, enemy 3's zigzag half
drawn with the controller's cursor, and enemy 2's place empty.

Run from anywhere: python3 Demos/scripts/make-spells-trace.py
"""

import math
import os

FPS = 60
lines = ["tactile-trace 1",
         "# The Spells demo's attract-mode session (scripts/make-spells-trace.py).",
         "# 800x600 window; times in seconds; 60 Hz moves."]
events = []
KINDS = {"finger": "finger 1", "mouse": "mouse 0", "cursor": "controller-cursor 0"}


def t(frame):
    return round(frame / FPS, 6)


def num(v):
    return repr(float(round(v, 2)))


def stroke(kind, index, start, end, path):
    """A stroke along path(u), u from 0 to 1, one point a frame from start to end."""
    device = KINDS[kind]
    x, y = path(0)
    events.append((start, f"pointer down {device} {index} {num(x)} {num(y)} 1.0"))
    for f in range(start + 1, end + 1):
        x, y = path((f - start) / (end - start))
        events.append((f, f"pointer {'up' if f == end else 'move'} {device} {index} {num(x)} {num(y)} 1.0"))


def polyline(points):
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(lengths)

    def path(u):
        d = u * total
        for i, length in enumerate(lengths):
            if d <= length or i == len(lengths) - 1:
                s = min(1, d / length) if length else 0
                a, b = points[i], points[i + 1]
                return a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s
            d -= length
    return path


def circle(cx, cy, r):
    return lambda u: (cx + r * math.cos(-math.pi / 2 + 2 * math.pi * u), cy + r * math.sin(-math.pi / 2 + 2 * math.pi * u))


def spiral(cx, cy, r):
    return lambda u: (cx + r * (0.1 + 0.9 * u) * math.cos(2 * math.pi * 2.5 * u),
                      cy + r * (0.1 + 0.9 * u) * math.sin(2 * math.pi * 2.5 * u))


stroke("finger", 0, 20, 80, circle(160, 294, 60))
stroke("mouse", 0, 120, 160, polyline([(340, 254), (364, 334), (388, 254), (412, 334), (436, 254), (460, 334)]))
stroke("mouse", 0, 200, 250, polyline([(400, 234), (340, 344), (460, 344), (400, 234)]))
stroke("cursor", 0, 300, 360, polyline([(580, 254), (604, 334), (628, 254), (652, 334), (676, 254), (700, 334)]))
# The cursor's drawing waits a second (cursorPause) before it is decided:
# the next drawing starts after that.
stroke("finger", 1, 430, 490, spiral(160, 294, 70))
stroke("finger", 2, 530, 560, polyline([(110, 290), (145, 335), (210, 240)]))
stroke("finger", 3, 610, 630, polyline([(340, 234), (460, 354)]))
stroke("finger", 4, 636, 642, polyline([(460, 234), (340, 354)]))
stroke("finger", 5, 690, 720, polyline([(250, 500), (550, 500)]))

for frame, text in sorted(events, key=lambda e: e[0]):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "spells.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
