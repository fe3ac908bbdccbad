#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/gesturelab.trace, the scripted session the Gesture Lab
replays when it runs without a display.

The trace is what the event pump would have produced for this session on an
800x600 window, one gesture per panel (see GestureLabGame for the layout):

  frame   what                                   expected
  2       O pressed: the touch overlay on
  20-26   tap on TAP                              tap fires once
  40-60   double tap on DOUBLE TAP                double fires once; single waits, then fails
  90-95   a lone tap on DOUBLE TAP                single waits 0.3 s for double to fail, then fires
  120-152 drag in from the left edge              edge pan, translation (+96, +10)
  160-170 flick left on SWIPE                     swipe, direction left
  190-330 finger held on LONG PRESS               long press begins at 220, ends at 330
  200-292 drag on PAN                             pan, translation (+150, +100)
  210-256 Alt-drag pair spreading at the centre   pinch, scale 200/80 = 2.5
  262-316 Alt-drag pair turning at the centre     rotation, +90 degrees (clockwise)

Frame 285 (4.75 s at 60 fps) shows the long press held, the pan and the
rotation under way and the pinch just ended, with the overlay on: the
README's screenshot and the test that checks its pixels use that frame
(GestureLabGame.showcaseFrame).

Run from anywhere: python3 Demos/scripts/make-gesturelab-trace.py
"""
import os
import math

FPS = 60
lines = ["tactile-trace 1",
         "# The Gesture Lab's attract-mode session (scripts/make-gesturelab-trace.py).",
         "# 800x600 window; times in seconds; 60 Hz moves."]
events = []


def t(frame):
    return round(frame / FPS, 6)


def num(v):
    v = round(v, 3)
    return repr(float(v))


def pointer(frame, phase, kind, device, index, x, y, pressure=1.0):
    events.append((frame, f"pointer {phase} {kind} {device} {index} {num(x)} {num(y)} {num(pressure)}"))


def stroke(kind, device, index, start, end, path, hold_until=None):
    """path(u) gives the location for u in 0..1 between frames start and end."""
    x, y = path(0)
    pointer(start, "down", kind, device, index, x, y)
    for f in range(start + 1, end + 1):
        x, y = path((f - start) / (end - start))
        pointer(f, "move", kind, device, index, x, y)
    pointer(hold_until or end, "up", kind, device, index, x, y)


def tap(index, start, x, y, duration=5):
    pointer(start, "down", "finger", 1, index, x, y)
    pointer(start + duration, "up", "finger", 1, index, x, y)


def pair(start, end, path, hold_until):
    """The mouse's Alt-drag pair: path(u) gives the first contact; the second
    is mirrored about the window centre (400, 300), as the pump makes it."""
    def both(u):
        x, y = path(u)
        return (x, y), (800 - x, 600 - y)
    a, b = both(0)
    pointer(start, "down", "simulated", 0, 0, *a); pointer(start, "down", "simulated", 0, 1, *b)
    for f in range(start + 1, end + 1):
        a, b = both((f - start) / (end - start))
        pointer(f, "move", "simulated", 0, 0, *a); pointer(f, "move", "simulated", 0, 1, *b)
    pointer(hold_until, "up", "simulated", 0, 0, *a); pointer(hold_until, "up", "simulated", 0, 1, *b)


# O (scancode 18, keycode 'o') turns the touch overlay on.
events.append((2, "key down 18 111 - 0"))
events.append((4, "key up 18 111 - 0"))

tap(0, 20, 228, 130, duration=6)
tap(1, 40, 450, 130); tap(1, 55, 452, 132)
tap(1, 90, 450, 140)
stroke("finger", 1, 2, 120, 150, lambda u: (4 + 96 * u, 300 + 10 * u), hold_until=152)
stroke("finger", 1, 3, 160, 169, lambda u: (520 - 140 * u, 480 + 4 * u), hold_until=170)
pointer(190, "down", "finger", 1, 4, 178, 300); pointer(330, "up", "finger", 1, 4, 178, 300)
stroke("finger", 1, 5, 200, 290, lambda u: (160 + 150 * u, 430 + 100 * u), hold_until=292)
pair(210, 250, lambda u: (400 - 40 - 60 * u, 300), hold_until=256)
pair(262, 310, lambda u: (400 + 70 * math.cos(u * math.pi / 2), 300 + 70 * math.sin(u * math.pi / 2)), hold_until=316)

for frame, text in sorted(events, key=lambda e: e[0]):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "gesturelab.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
