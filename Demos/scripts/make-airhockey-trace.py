#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/airhockey.trace, the scripted match Air Hockey replays
when it runs without a display.

Two fingers play on an 800x600 window: finger 0 holds the left paddle,
finger 1 the right (see Demos/AirHockey/Rink.swift for the rink). Every shot
is straight along the rink's centre line (y = 330): the puck is served at
rest in the half of the side that conceded, that side's finger comes in
behind it and strikes, and the other finger waits in its top corner, clear
of the shot. Sides alternate, so the score goes 1-0, 1-1, ... 5-4.

  frame    what                                             expected
  2        O pressed: the touch overlay on
  5        both fingers down in their halves                 each paddle taken once
  20       left strikes the puck from the centre             goal left 1-0
  90       right strikes                                     goal right 1-1
  95-140   a second finger lands in the left half and        ignored (the zone takes
           moves onto the puck's path                        one finger): the goal stands
  100      a tap on PAUSE while both paddles are held        ignored (the button is exclusive)
  160,230  left, right                                       2-1, 2-2
  290      both fingers lift
  300-350  two fingers on the background, top and bottom:   camera 0.80 -20 (zoom, degrees)
           they close to 0.8 of their span and turn 20 degrees anticlockwise
  360      both fingers down again, through the turned camera
  375..655 left, right, left, right, left                    3-2, 3-3, 4-3, 4-4, 5-4: left wins
  720      both fingers lift
  740      a tap on RESTART                                  restart, 0-0
  760,775  fingers down; left strikes from the centre        goal left 1-0

After the camera gesture every finger's place is worked out in table
points and sent through the camera (zoom 0.8 and -20 degrees about the
window centre), as a player would put their finger where the paddle is drawn.

Frame 612 (right's shot for 4-4 crossing the turned rink, both paddles held,
the overlay showing the two fingers) is the README's screenshot
(AirHockeyGame.showcaseFrame).

Run from anywhere: python3 Demos/scripts/make-airhockey-trace.py
"""
import os
import math

FPS = 60
lines = ["tactile-trace 1",
         "# Air Hockey's attract-mode match (scripts/make-airhockey-trace.py).",
         "# 800x600 window; times in seconds; 60 Hz moves."]
events = []

CENTRE_Y = 330
PARK = {"left": (150, 170), "right": (650, 170)}
SERVE = {"left": 260, "right": 540}       # where the puck waits after that side concedes
CAMERA_FRAME = 350                        # the camera gesture is over by then
CAMERA_SCALE, CAMERA_ANGLE = 0.8, math.radians(-20)


def t(frame):
    return round(frame / FPS, 6)


def num(v):
    return repr(float(round(v, 3)))


def to_window(frame, x, y):
    """Table points to window points through the camera at `frame`: turned and
    zoomed about the table's anchor, the window centre (400, 300)."""
    if frame < CAMERA_FRAME:
        return x, y
    dx, dy = (x - 400) * CAMERA_SCALE, (y - 300) * CAMERA_SCALE
    c, s = math.cos(CAMERA_ANGLE), math.sin(CAMERA_ANGLE)
    return 400 + c * dx - s * dy, 300 + s * dx + c * dy


def pointer(frame, phase, index, x, y, table=True):
    if table:
        x, y = to_window(frame, x, y)
    events.append((frame, index, f"pointer {phase} finger 1 {index} {num(x)} {num(y)} 1.0"))


class Finger:
    """A finger that moves in straight lines between places, one move a frame."""

    def __init__(self, index, frame, place):
        self.index, self.frame, self.place = index, frame, place
        pointer(frame, "down", index, *place)

    def to(self, frame, place):
        x0, y0 = self.place
        for f in range(self.frame + 1, frame + 1):
            u = (f - self.frame) / (frame - self.frame)
            pointer(f, "move", self.index, x0 + (place[0] - x0) * u, y0 + (place[1] - y0) * u)
        self.frame, self.place = frame, place

    def wait(self, frame):
        self.frame = frame

    def up(self, frame):
        pointer(frame, "up", self.index, *self.place)


def shot(fingers, side, frame, puck_x):
    """`side` comes in behind the puck and strikes it at about 950 points a
    second towards the far goal, then goes back to its corner."""
    finger = fingers[side]
    toward = 1 if side == "left" else -1
    finger.wait(frame)
    finger.to(frame + 10, (puck_x - toward * 120, CENTRE_Y))
    finger.to(frame + 22, (puck_x + toward * 70, CENTRE_Y))
    finger.to(frame + 37, PARK[side])


def tap(frame, x, y, index=5):
    pointer(frame, "down", index, x, y, table=False)
    pointer(frame + 4, "up", index, x, y, table=False)


def down_both(frame):
    return {"left": Finger(0, frame, PARK["left"]), "right": Finger(1, frame, PARK["right"])}


# O (scancode 18, keycode 'o') turns the touch overlay on.
events.append((2, 0, "key down 18 111 - 0"))
events.append((4, 0, "key up 18 111 - 0"))
fingers = down_both(5)
shot(fingers, "left", 20, 400)                 # 1-0
shot(fingers, "right", 90, SERVE["right"])     # 1-1
# A second finger in the left half, onto the puck's path: ignored.
extra = Finger(2, 95, (250, 480))
extra.to(105, (250, CENTRE_Y))
extra.wait(140)
extra.up(140)
tap(100, 400, 25)                              # PAUSE while paddles are held: ignored
shot(fingers, "left", 160, SERVE["left"])      # 2-1
shot(fingers, "right", 230, SERVE["right"])    # 2-2
fingers["left"].up(290)
fingers["right"].up(290)

# The camera: two fingers on the background, top and bottom of the rink,
# close to 0.8 of their span and turn 20 degrees anticlockwise about their midpoint.
mid = (400, 330)
a0, b0 = (300, 90), (500, 570)
for index, start in ((3, a0), (4, b0)):
    pointer(300, "down", index, *start, table=False)
    for f in range(301, 346):
        u = (f - 300) / 45
        scale = 1 + (CAMERA_SCALE - 1) * u
        angle = CAMERA_ANGLE * u
        dx, dy = (start[0] - mid[0]) * scale, (start[1] - mid[1]) * scale
        c, s = math.cos(angle), math.sin(angle)
        pointer(f, "move", index, mid[0] + c * dx - s * dy, mid[1] + s * dx + c * dy, table=False)
        last = (mid[0] + c * dx - s * dy, mid[1] + s * dx + c * dy)
    pointer(348, "up", index, *last, table=False)

fingers = down_both(360)
shot(fingers, "left", 375, SERVE["left"])      # 3-2
shot(fingers, "right", 445, SERVE["right"])    # 3-3
shot(fingers, "left", 515, SERVE["left"])      # 4-3
shot(fingers, "right", 585, SERVE["right"])    # 4-4
shot(fingers, "left", 655, SERVE["left"])      # 5-4: left wins
fingers["left"].up(720)
fingers["right"].up(720)
tap(740, 400, 25)                              # RESTART
fingers = down_both(760)
shot(fingers, "left", 775, 400)                # 1-0 in the new game
fingers["left"].up(860)
fingers["right"].up(860)

for frame, _, text in sorted(events, key=lambda e: (e[0], e[1])):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "airhockey.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
