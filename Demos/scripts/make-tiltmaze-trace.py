#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/tiltmaze.trace, the scripted session the Tilt Maze
replays when it runs without a display.

The board is steered by recorded sensor samples, as a PlayStation or Switch
pad held flat would send them: a `controller-added` line, then the pad's
accelerometer and gyroscope at 100 Hz in SDL's units and axes (m/s^2 away
from the earth, rad/s). Replayed, they make the pad the motion manager's
active source and run through the same checks, fusion and shake detection
as a live pad, which the simulated tilt (arrow keys) would skip: its
readings are made inside the manager. The gyroscope is the exact rate of
the scripted tilt, so fusion agrees with the accelerometer.

  seconds     what                                      expected
  0.0         pad connects, lies flat
  0.5-2.8     tilted right (roll 0.25 rad)               the marble rolls along the top into hole 0
  2.8-3.1     levelled                                   back at the start after 0.6 s
  3.5-4.1     shaken along x (2 g at 5 Hz)               a shake: the run restarts
  5.0-5.7     Alt-drag pair spreading 80 -> 160 points   pinch: zoom 1 -> 2, following the marble
  5.0-6.0     tilted down (pitch 0.3)                    the marble drops onto corridor 1's floor
  6.0-11      down and right                             along the floor, past the holes, down the gap
  11-16       down and left                              along corridor 2, down the left gap
  15.0-15.7   Alt-drag pair closing 160 -> 80 points     pinch: zoom 2 -> 1, the whole board
  16-21       down and right                             along corridor 3 into the goal: won

Frame 1110 (18.5 s at 60 fps) shows the whole board with the marble rolling
along corridor 3 towards the goal, a fall, a restart and a zoom behind it: the README's screenshot and
the test that checks its pixels use that frame (TiltMazeGame.showcaseFrame).

Run from anywhere: python3 Demos/scripts/make-tiltmaze-trace.py
"""
import math
import os

FPS = 60
RATE = 100          # sensor readings a second
G = 9.80665         # SDL_STANDARD_GRAVITY
PAD = 0             # the controller's instance id
lines = ["tactile-trace 1",
         "# The Tilt Maze's attract-mode session (scripts/make-tiltmaze-trace.py).",
         "# 800x600 window; times in seconds; pad 0's sensors at 100 Hz."]
events = []

# (time, roll, pitch) keyframes, linear between them. Roll > 0 puts the right
# edge down (the marble rolls right), pitch > 0 the bottom edge (it rolls down).
TILT = [(0.0, 0, 0), (0.5, 0, 0), (0.8, 0.25, 0), (2.8, 0.25, 0), (3.1, 0, 0),
        (5.0, 0, 0), (5.3, 0, 0.3), (6.0, 0, 0.3), (6.3, 0.3, 0.3),
        (11.0, 0.3, 0.3), (11.6, -0.3, 0.3), (16.0, -0.3, 0.3), (16.6, 0.3, 0.3),
        (21.0, 0.3, 0.3), (21.4, 0, 0), (22.0, 0, 0)]
SHAKE = (3.5, 4.1)  # seconds shaking along x
END = 22.0


def tilt(t):
    for (t0, r0, p0), (t1, r1, p1) in zip(TILT, TILT[1:]):
        if t0 <= t <= t1:
            u = (t - t0) / (t1 - t0)
            return r0 + (r1 - r0) * u, p0 + (p1 - p0) * u
    return TILT[-1][1], TILT[-1][2]


def quat_mul(a, b):
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def gravity(roll, pitch):
    """Attitude(roll:pitch:yaw: 0).gravity, in g: q = Rx(pitch) * Ry(roll)."""
    qx = (math.cos(pitch / 2), math.sin(pitch / 2), 0, 0)
    qy = (math.cos(roll / 2), 0, math.sin(roll / 2), 0)
    w, x, y, z = quat_mul(qx, qy)
    return (-2 * (x * z - w * y), -2 * (y * z + w * x), -(1 - 2 * (x * x + y * y)))


def num(v):
    return repr(round(v, 6) + 0.0)


events.append((0.0, f"controller-added {PAD}"))
dt = 1 / RATE
for n in range(int(END * RATE) + 1):
    t = n * dt
    roll, pitch = tilt(t)
    # The body rate of Rx(pitch) Ry(roll), as SimulatedMotion makes it:
    # (pitch' cos roll, roll', pitch' sin roll), by central differences.
    r0, p0 = tilt(max(0, t - dt / 2))
    r1, p1 = tilt(t + dt / 2)
    span = (t + dt / 2) - max(0, t - dt / 2)
    droll, dpitch = (r1 - r0) / span, (p1 - p0) / span
    rate = (dpitch * math.cos(roll), droll, dpitch * math.sin(roll))
    g = list(gravity(roll, pitch))
    if SHAKE[0] <= t < SHAKE[1]:
        g[0] += 2 * math.sin(2 * math.pi * 5 * (t - SHAKE[0]))
    # SDL reports the force holding the pad up: gravity's opposite, in m/s^2.
    accel = [-G * c for c in g]
    sensor_time = num(5 + t)
    events.append((t, f"sensor controller {PAD} accelerometer {num(accel[0])} {num(accel[1])} {num(accel[2])} {sensor_time}"))
    events.append((t, f"sensor controller {PAD} gyroscope {num(rate[0])} {num(rate[1])} {num(rate[2])} {sensor_time}"))


def pair(start, end, path, hold_until):
    """The mouse's Alt-drag pair (frames): path(u) gives the first contact;
    the second is mirrored about the window centre (400, 300), as the pump
    makes it."""
    def both(u):
        x, y = path(u)
        return (x, y), (800 - x, 600 - y)

    def pointer(frame, phase, index, p):
        events.append((frame / FPS, f"pointer {phase} simulated 0 {index} {num(p[0])} {num(p[1])} 1.0"))
    a, b = both(0)
    pointer(start, "down", 0, a); pointer(start, "down", 1, b)
    for f in range(start + 1, end + 1):
        a, b = both((f - start) / (end - start))
        pointer(f, "move", 0, a); pointer(f, "move", 1, b)
    pointer(hold_until, "up", 0, a); pointer(hold_until, "up", 1, b)


# Spreading from 80 to 160 points apart: scale 2, zoom 2. Later, closing
# from 160 to 80: scale 0.5, the whole board again.
pair(300, 336, lambda u: (360 - 40 * u, 300), hold_until=342)
pair(900, 936, lambda u: (320 + 40 * u, 300), hold_until=942)

for time, text in sorted(events, key=lambda e: e[0]):
    lines.append(f"{num(time)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "tiltmaze.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
