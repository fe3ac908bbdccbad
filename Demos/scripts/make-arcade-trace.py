#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/arcade.trace, the scripted session the Arcade demo
replays when it runs without a display.

The trace is what the event pump would have produced for this session on an
800x600 window, played against the round's fixed script (ArcadeTarget.round:
target n, its kind, where and when it appears):

  frame    what                                        expected (ArcadeGame.log)
  2        O pressed: the touch overlay on
  60-65    tap on target 1 (tap)                       hit 1 tap +10
  96-101   a lone tap on target 2 (double)             the single tap waits 0.3 s for the
                                                       double to fail, then: wrong 2 double
  132-149  double tap on target 2                      hit 2 double +20
  160-165  a tap on target 3 (hold)                    wrong 3 hold: a tap is not a hold
  180-240  finger held on target 3                     hit 3 hold +20 when the press begins (210)
  186-194  swipe left on target 4 (swipe right)        nothing: the swipe fails
  222-230  swipe right on target 4                     hit 4 swipe-right +20
  260-265  tap 12 points right of target 5 (26 wide)   near 5 tap +10 (selection approximation)
  290-298  swipe up on target 6 (swipe up)             hit 6 swipe-up +20
  -        target 7 (tap) left alone                   missed 7 tap, lives 2 (frame 480)
  345-361  double tap on target 8 (double)             hit 8 double +20
  400-408  swipe left on target 10 (swipe left)        hit 10 swipe-left +20 (at 404)
  375-420  hold 10 points above target 9 (hold, 26)    near 9 hold +20 (begins at 405)
  480      the last target gone, 2 lives left          won 160
  500-505  tap on RESTART                              restart: round 2, score 0, 3 lives
  545-550  tap on round 2's target 1                   hit 1 tap +10

Frame 399 (6.65 s at 60 fps) shows score 120, target 7 running out, the
small hold target 9 held from 10 points above it, the swipe-left target 10
up, and the overlay on: the README's screenshot and the test that checks its
pixels use that frame (ArcadeGame.showcaseFrame).

Run from anywhere: python3 Demos/scripts/make-arcade-trace.py
"""

import os

FPS = 60
lines = ["tactile-trace 1",
         "# The Arcade's attract-mode session (scripts/make-arcade-trace.py).",
         "# 800x600 window; times in seconds; 60 Hz moves."]
events = []


def t(frame):
    return round(frame / FPS, 6)


def num(v):
    return repr(float(round(v, 3)))


def pointer(frame, phase, index, x, y):
    events.append((frame, f"pointer {phase} finger 1 {index} {num(x)} {num(y)} 1.0"))


def tap(index, start, x, y, duration=5):
    pointer(start, "down", index, x, y)
    pointer(start + duration, "up", index, x, y)


def hold(index, start, end, x, y):
    pointer(start, "down", index, x, y)
    pointer(end, "up", index, x, y)


def swipe(index, start, end, a, b):
    """A straight flick from a to b over frames start..end, lifting at end."""
    pointer(start, "down", index, *a)
    for f in range(start + 1, end + 1):
        u = (f - start) / (end - start)
        pointer(f, "move", index, a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
    pointer(end, "up", index, *b)


# O (scancode 18, keycode 'o') turns the touch overlay on.
events.append((2, "key down 18 111 - 0"))
events.append((4, "key up 18 111 - 0"))

tap(0, 60, 160, 180)                                  # 1 tap
tap(1, 96, 400, 180)                                  # 2 double: a lone tap scores nothing
tap(1, 132, 400, 180, 4); tap(1, 145, 402, 182, 4)    # 2 double: the double tap
tap(2, 160, 640, 180)                                 # 3 hold: a tap scores nothing
hold(3, 180, 240, 640, 180)                           # 3 hold: held
swipe(4, 186, 194, (250, 400), (170, 400))            # 4 swipe right: the wrong way
swipe(5, 222, 230, (230, 400), (310, 400))            # 4 swipe right
tap(6, 260, 585, 420)                                 # 5 small tap: 12 points off its right edge
swipe(7, 290, 298, (400, 320), (400, 240))            # 6 swipe up
tap(8, 345, 680, 440, 4); tap(8, 357, 680, 440, 4)    # 8 double
hold(9, 375, 420, 300, 497)                           # 9 small hold: 10 points above its top edge
swipe(10, 400, 408, (580, 260), (500, 260))           # 10 swipe left
tap(11, 500, 400, 388)                                # RESTART
tap(12, 545, 160, 180)                                # round 2, target 1

for frame, text in sorted(events, key=lambda e: e[0]):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "arcade.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
