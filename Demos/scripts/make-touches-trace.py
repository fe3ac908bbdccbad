#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/touches.trace, the scripted session the Touches demo
replays when it runs without a display.

The trace is what the event pump would have produced for this session on an
800x600 window: two fingers drawing and then holding, a quick tap, an Alt-drag
(two simulated contacts mirrored about the centre, spreading and turning), a
PlayStation pad's touchpad finger, a controller cursor's contact, and a mouse drag. Every contact that goes
down comes up. Frame 190 (3.15 s at 60 fps) shows the fingers held, the pair
spread, the controller's contact and the touchpad finger moving: the README's screenshot and the test
that checks its pixels use that frame.

Run from anywhere: python3 Demos/scripts/make-touches-trace.py
"""
import os
import math

FPS = 60
lines = ["tactile-trace 1",
         "# The Touches demo's attract-mode session (scripts/make-touches-trace.py).",
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


# Controller 0 is connected from the start.
events.append((6, "controller-added 0"))
for f in range(6, 40, 6):
    events.append((f, f"mouse-hover {num(700 - f * 3)} {num(80 + f)}"))

# Finger A: three quarters of a circle round (250, 300), then held.
stroke("finger", 1, 0, 0, 72,
       lambda u: (250 + 110 * math.cos(math.pi + u * 1.5 * math.pi), 300 + 110 * math.sin(math.pi + u * 1.5 * math.pi)),
       hold_until=216)
# Finger B: a straight stroke down and right, then held.
stroke("finger", 1, 1, 30, 90, lambda u: (520 + 180 * u, 100 + 80 * u), hold_until=222)
# Finger C: a quick tap.
stroke("finger", 1, 2, 60, 69, lambda u: (400, 120))

# Alt+drag: the pump's two simulated contacts, mirrored about (400, 300).
events.append((108, "key down 226 1073742050 lalt 0"))
def pair(u):
    angle = math.radians(225 - 25 * u)
    r = 90 + 110 * u
    return (400 + r * math.cos(angle), 300 + r * math.sin(angle))
first = lambda u: pair(u)
second = lambda u: (800 - pair(u)[0], 600 - pair(u)[1])
x0, y0 = first(0); x1, y1 = second(0)
pointer(114, "down", "simulated", 0, 0, x0, y0); pointer(114, "down", "simulated", 0, 1, x1, y1)
for f in range(115, 175):
    u = (f - 114) / 60
    xa, ya = first(u); xb, yb = second(u)
    pointer(f, "move", "simulated", 0, 0, xa, ya); pointer(f, "move", "simulated", 0, 1, xb, yb)
pointer(228, "up", "simulated", 0, 0, xa, ya); pointer(228, "up", "simulated", 0, 1, xb, yb)
events.append((234, "key up 226 1073742050 - 0"))

# The pad's touchpad: one finger sliding right.
events.append((132, "controller-touchpad 0 0 0 down 0.2 0.5 1.0"))
for f in range(133, 193):
    u = (f - 132) / 60
    events.append((f, f"controller-touchpad 0 0 0 move {num(0.2 + 0.6 * u)} {num(0.5 - 0.1 * u)} 1.0"))
events.append((204, "controller-touchpad 0 0 0 up 0.8 0.4 1.0"))

# Controller 0's cursor: the stick brings it to (430, 470), A held while it moves down.
def cursor_path(u):
    return (430 + 90 * u, 470 + 10 * u)
events.append((144, "controller-button 0 south down"))
stroke("controller-cursor", 0, 0, 144, 198, cursor_path, hold_until=210)
events.append((210, "controller-button 0 south up"))

# A mouse drag along the bottom.
stroke("mouse", 0, 0, 240, 276, lambda u: (100 + 280 * u, 480 + 40 * u))

for frame, text in sorted(events, key=lambda e: e[0]):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "touches.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
