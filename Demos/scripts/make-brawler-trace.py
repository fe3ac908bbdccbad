#!/usr/bin/env python3
"""Writes Demos/Assets/Traces/brawler.trace, the scripted fight the Brawler demo
replays when it runs without a display.

Player 1 plays on a pad (controller 0: d-pad, X = west punches, A = south
kicks) that joins with Start, seated by the game's PlayerRoster in the first
seat; player 2 on the keyboard (the arrows, K punch, L kick). Inputs are
listed in absolute directions (numpad: 6 is right); the game mirrors its
commands for a fighter facing left, so player 2's dragon punch (623 facing
right) is 4 2 1 here. The last column is BrawlerGame.log, each line with its
game tick (an event written at frame f/60, rounded up to the microsecond,
lands in frame f or f + 1).

  frames    who  input (absolute)              BrawlerGame.log
  12        p1   X before the pad joined       nothing: the pad plays in no seat yet
  20        p1   Start                         19 p1 joins pad 0 (the join press does nothing else)
  40-48     p1   2 3 6 + X (236+P)             48 p1 fireball; 94 p1 fireball hits p2 88
  110-170   both walk in (p1 right, p2 left)
  190       p1   X                             191 p1 punch; 194 ... hits p2 82
  212-242   p2   walks in (4)
  250       p2   L                             251 p2 kick; 257 ... hits p1 91
  285-305   p2   walks in (4)
  310-321   p2   4 2 1 4 + K                   completes 623 and 236 (mirrored) at once:
                                               322 p2 dragon-punch; 325 ... hits p1 73
  350-390   p1   walks in (6)
  400-408   p1   6 5 6                         406 p1 dash: through p2; the sides switch and
                                               both turn round
  440-448   p1   2 1 4 + X                     449 p1 fireball (214 is 236 facing left);
                                               459 ... hits p2 70
  500-558   p2   1 held (crouched: the charge without walking back), then 6 + K
                                               558 p2 rush ([4]6+P); 567 ... hits p1 58
  640-648   p1   6 5 6                         645 p1 backdash (44 facing left)
  680-688   p1   2 3 6 + X                     689 p1 punch only: 236 is a motion away
                                               from p2 now, not a fireball
  700-780   p2   walks up to p1 (6; bodies push)
  790-804   p2   8 7 4 1 2 3 6 + K (360+P)     804 p2 spin (a throw; the input also holds a
                                               236, the full circle wins); 808 ... hits p1 38
  840-1294  p1   2 1 4 + X and A, six times    fireballs and kicks: 1321 p1 fireball hits p2 0,
                                               1321 KO p1 wins
  1380      -    Space                         1380 round 2

Frame 327 (BrawlerGame.showcaseFrame) shows p2's dragon punch rising into p1.

Run from anywhere: python3 Demos/scripts/make-brawler-trace.py
"""

import os

FPS = 60
lines = ["tactile-trace 1",
         "# The Brawler demo's attract-mode fight (scripts/make-brawler-trace.py).",
         "# 800x600 window; times in seconds; player 1 on pad 0, player 2 on the keyboard."]
events = []   # (frame, order, text)

P1_BUTTONS = {"up": "dpadUp", "left": "dpadLeft", "down": "dpadDown", "right": "dpadRight", "P": "west", "K": "south"}
# Player 2's keys: SDL scancodes and keycodes (SDLK_UP and the others for the arrows).
P2_KEYS = {"up": (82, 1073741906), "left": (80, 1073741904), "down": (81, 1073741905), "right": (79, 1073741903),
           "P": (14, ord("k")), "K": (15, ord("l"))}
PAD = 0
# Numpad directions as the keys or d-pad buttons held.
HELD = {"1": {"down", "left"}, "2": {"down"}, "3": {"down", "right"}, "4": {"left"}, "5": set(),
        "6": {"right"}, "7": {"up", "left"}, "8": {"up"}, "9": {"up", "right"}}


def t(frame):
    return round(frame / FPS, 6)


def press(player, name, frame, down):
    order = len(events)
    if player == 2:
        scancode, keycode = P2_KEYS[name]
        events.append((frame, order, f"key {'down' if down else 'up'} {scancode} {keycode} - 0"))
    else:
        events.append((frame, order, f"controller-button {PAD} {P1_BUTTONS[name]} {'down' if down else 'up'}"))


def tap(player, name, frame, length=4):
    press(player, name, frame, True)
    press(player, name, frame + length, False)


def hold(player, digit, start, end):
    for name in sorted(HELD[digit]):
        press(player, name, start, True)
        press(player, name, end, False)


def motion(player, digits, start, step=3, button="P", after=2):
    """The directions in turn, `step` frames apart (the new one pressed
    before the old let go, as a thumb rolls), then the button `after` frames
    after the last; everything let go four frames later."""
    held = set()
    frame = start
    for digit in digits:
        want = HELD[digit]
        for name in sorted(want - held):
            press(player, name, frame, True)
        for name in sorted(held - want):
            press(player, name, frame, False)
        held = want
        frame += step
    frame += after - step
    if button:
        tap(player, button, frame)
    for name in sorted(held):
        press(player, name, frame + 4, False)


events.append((10, -1, f"controller-added {PAD}"))
tap(1, "P", 12)          # before joining: nobody plays the pad, nothing happens
events.append((20, 0, f"controller-button {PAD} start down"))
events.append((24, 0, f"controller-button {PAD} start up"))

motion(1, "236", 40)                     # p1 fireball
hold(1, "6", 110, 170)                   # both walk in
hold(2, "4", 110, 170)
tap(1, "P", 190)                         # p1 punch
hold(2, "4", 212, 242)                   # p2 walks in again
tap(2, "K", 250)                         # p2 kick
hold(2, "4", 285, 305)
motion(2, "4214", 310)                   # p2: 623 and 236 mirrored in one input -> dragon punch
hold(1, "6", 350, 390)
tap(1, "right", 400, 3)                  # p1 dash 6 5 6, through p2
tap(1, "right", 405, 3)
motion(1, "214", 440)                    # p1 fireball, facing left
hold(2, "1", 500, 556)                   # p2 charges down-back (crouched, not walking)...
motion(2, "6", 556, after=2)             # ...then forward + punch: rush
tap(1, "right", 640, 3)                  # p1 backdash: 44 facing left
tap(1, "right", 645, 3)
motion(1, "236", 680)                    # facing left this is 214 + P: only the punch
hold(2, "6", 700, 780)                   # p2 walks up to p1 (bodies push)...
motion(2, "8741236", 790, step=2)        # ...a full circle + K: the spin (a throw), over 236

# The finish: p1 throws fireballs and kicks until p2 falls.
frame = 840
for _ in range(6):
    motion(1, "214", frame)
    frame += 50
    tap(1, "K", frame)
    frame += 30

events.append((frame + 60, 0, "key down 44 32 - 0"))   # Space: the next round
events.append((frame + 64, 0, "key up 44 32 - 0"))

for frame, _, text in sorted(events, key=lambda e: (e[0], e[1])):
    lines.append(f"{t(frame)} {text}")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Traces", "brawler.trace"), "w") as out:
    out.write("\n".join(lines) + "\n")
