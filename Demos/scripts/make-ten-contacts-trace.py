#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/ten-contacts.trace, the load the demos' frame budget
is measured with (README, "Frame budget of the demos").

Ten fingers go down together at t = 0 on an 800x600 window, in two rows of
five; each then circles its own centre (radius 60 points, one turn every
1.5 s, each starting at a different angle) with a move every 1/120 s, the
rate of a 120 Hz touch screen, for 3 s; then all ten lift together. A 60 Hz
frame therefore drains about 20 pointer events.

The same trace runs in every demo, and every demo lays its screen out
differently, so it exercises each demo's own hit-testing and recognizers
(paddles in Air Hockey, panels in the Gesture Lab, targets in the Arcade,
the map's pinch in the Tilt Maze): it is a load, not a scripted session.

Run from anywhere: python3 Demos/scripts/make-ten-contacts-trace.py
"""
import os
import math

RATE = 120          # moves per second per finger
DURATION = 3.0      # seconds of circling
RADIUS = 60.0       # points
TURN = 1.5          # seconds per turn
COLUMNS, ROWS = 5, 2
WIDTH, HEIGHT = 800, 600

centres = [((c + 0.5) * WIDTH / COLUMNS, (r + 0.5) * HEIGHT / ROWS)
           for r in range(ROWS) for c in range(COLUMNS)]


def num(v):
    return repr(float(round(v, 3)))


def location(finger, t):
    cx, cy = centres[finger]
    angle = 2 * math.pi * (finger / len(centres) + t / TURN)
    return cx + RADIUS * math.cos(angle), cy + RADIUS * math.sin(angle)


lines = ["tactile-trace 1",
         "# Ten simultaneous contacts for the demos' frame budget (scripts/make-ten-contacts-trace.py).",
         f"# 800x600 window; times in seconds; each finger moves at {RATE} Hz for {DURATION} s, then all lift."]
steps = int(DURATION * RATE)
for step in range(steps + 1):
    t = step / RATE
    phase = "down" if step == 0 else "move"
    for finger in range(len(centres)):
        x, y = location(finger, t)
        lines.append(f"{round(t, 6)} pointer {phase} finger 1 {finger} {num(x)} {num(y)} 1.0")
t = (steps + 1) / RATE
for finger in range(len(centres)):
    x, y = location(finger, steps / RATE)
    lines.append(f"{round(t, 6)} pointer up finger 1 {finger} {num(x)} {num(y)} 1.0")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "ten-contacts.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
