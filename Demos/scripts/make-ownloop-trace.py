#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/ownloop.trace, the scripted session the own-loop
demo (Lanterns) replays when it runs without a display.

The trace is what the event pump would have produced on the demo's 800x600
window. At zoom 1 the lanterns' centres are x = 175, 325, 475, 625 and
y = 110, 260, 410 (lantern i is column i % 4, row i // 4), 90 points square.

- frames 20-26: a tap on lantern 0, which lights;
- frames 40-46: a tap on lantern 5, which lights;
- frames 60-66: a tap on lantern 11, which lights;
- frames 80-86: a tap on lantern 5 again, which goes out (2 lit, 4 taps);
- frames 110-160: two fingers on the board between rows 1 and 2 spread
  from 100 to 150 points apart: a pinch to scale 1.5, so zoom 1.5;
- frames 200-224: the Right arrow held 0.4 s tilts the simulated device
  right (0.63 rad at a quarter turn a second) and it stays tilted: the ball,
  waiting at (400, 540), rolls right over lantern 10 (at zoom 1.5 it spans
  x 445-580, y 417.5-552.5), which lights (3 lit);
- frames 330-354: the Left arrow levels the board again.

Frame 300 (5 s) shows the three lit lanterns spread out and the ball at the
right edge: the headless run's screenshot and the test that checks it.

Run from anywhere: python3 Demos/scripts/make-ownloop-trace.py
"""
import os

FPS = 60
RIGHT = (79, 1073741903)   # SDL_SCANCODE_RIGHT, SDLK_RIGHT
LEFT = (80, 1073741904)    # SDL_SCANCODE_LEFT, SDLK_LEFT
lines = ["tactile-trace 1",
         "# The own-loop demo's attract-mode session (scripts/make-ownloop-trace.py).",
         "# 800x600 window; times in seconds; 60 Hz moves."]
events = []


def t(frame):
    return round(frame / FPS, 6)


def num(v):
    return repr(float(round(v, 3)))


def pointer(frame, phase, index, x, y):
    events.append((frame, f"pointer {phase} finger 1 {index} {num(x)} {num(y)} 1.0"))


def tap(frame, index, x, y):
    pointer(frame, "down", index, x, y)
    pointer(frame + 6, "up", index, x, y)


def key(frame, phase, code):
    scancode, keycode = code
    events.append((frame, f"key {phase} {scancode} {keycode} - 0"))


tap(20, 0, 175, 110)
tap(40, 1, 325, 260)
tap(60, 2, 625, 410)
tap(80, 3, 325, 260)

# The pinch: two fingers mirrored about (400, 335), 100 apart, spreading to
# 150 over frames 111-150, lifting at 160.
start, end = 110, 150
pointer(start, "down", 4, 350, 335)
pointer(start, "down", 5, 450, 335)
for f in range(start + 1, end + 1):
    half = 50 + 25 * (f - start) / (end - start)
    pointer(f, "move", 4, 400 - half, 335)
    pointer(f, "move", 5, 400 + half, 335)
pointer(160, "up", 4, 325, 335)
pointer(160, "up", 5, 475, 335)

key(200, "down", RIGHT)
key(224, "up", RIGHT)
key(330, "down", LEFT)
key(354, "up", LEFT)

events.sort(key=lambda e: e[0])
lines += [f"{t(frame)} {text}" for frame, text in events]
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "ownloop.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
