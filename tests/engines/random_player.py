"""A small engine as another program would write it (stdlib only): a random legal action.

``--mode`` makes it misbehave the ways the referee must survive:
  illegal   answers a card it does not hold ("play 1X" is no card; "play AS" may not be legal)
  hang      never answers a decide (after answering the handshake)
  die       exits in the middle of the deal (at its third decide)
  garbage   answers a line that is not JSON
  version   speaks only protocol version 99
"""

import json
import random
import sys

mode = sys.argv[sys.argv.index("--mode") + 1] if "--mode" in sys.argv else "random"
rng = random.Random(1)
decisions = 0
kitty = 0


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if mode == "version":
            send({"type": "error", "message": "I speak version 99 only"})
            sys.exit(0)
        send({"type": "hello", "protocol": "batak-engine", "version": 1, "name": f"test {mode}"})
    elif kind == "new_deal":
        rng.seed(message["seed"])
        kitty = message["rules"]["kitty"]
    elif kind == "decide":
        decisions += 1
        send({"type": "log", "text": "thinking"})
        if mode == "hang":
            continue
        if mode == "die" and decisions == 3:
            print("going away now", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        legal = message["legal"]
        if legal == ["bury"]:
            hand = message["view"]["hand"]
            action = "bury " + " ".join(rng.sample(hand, kitty))
        elif mode == "illegal" and message["view"]["phase"] == "play":
            action = "play 1X"
        else:
            action = rng.choice(legal)
        send({"type": "action", "id": message["id"], "action": action})
    elif kind == "quit":
        break
