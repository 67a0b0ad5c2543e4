#!/usr/bin/env python3
"""A parlor bot in Python, standard library only: legal Yahtzee and Clue over the bot protocol.

Run it in a tournament:  parlor run --game yahtzee --bots greedy,cmd:"python3 examples/python/parlor_bot.py"
Check it:                parlor protocol check -- python3 examples/python/parlor_bot.py
The protocol (one JSON object per line on stdin and stdout) is described in docs/protocol.md.
"""
import json
import random
import sys
from collections import Counter

GAMES = ["yahtzee", "clue"]


def yahtzee(view, legal, rng):
    """Score the best category once the dice are worth 20+ (or no roll is left); else keep the most common face."""
    scores = [a for a in legal if a["type"] == "score"]
    rolls = [a for a in legal if a["type"] == "roll"]
    best = max(scores, key=lambda a: a["score"]) if scores else None
    if best is not None and (not rolls or best["score"] >= 20):
        return best
    dice = view.get("dice") or []
    if not dice or len(rolls) == 1:
        return rolls[0] if rolls else rng.choice(legal)
    face, _ = Counter(dice).most_common(1)[0]
    hold = sum(1 << i for i, d in enumerate(dice) if d == face)
    return next((a for a in rolls if a["hold"] == hold), rng.choice(rolls))


def clue(view, legal, rng, shown):
    """Never accuses (a wrong accusation loses); shows a card the suggester has already seen when it can."""
    if legal[0]["type"] == "show":
        suggester = (view.get("suggestion") or {}).get("seat")
        seen = [a for a in legal if a["card"] in shown.get(suggester, set())]
        return (seen or [rng.choice(legal)])[0]
    others = [a for a in legal if a["type"] != "accuse"]
    return rng.choice(others or legal)


def main():
    rng, game, seat = random.Random(), None, None
    shown = {}  # Clue: the cards this bot has shown, by the seat it showed them to
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            game, seat = message["game"], message["seat"]
            rng = random.Random(f'{message["seed"]}/{message["index"]}/{seat}')
            shown = {}
            reply = {"type": "ready", "name": "python-example", "games": GAMES}
        elif kind == "event":
            event = message["event"]
            if event["type"] == "refuted" and event["seat"] == seat and "card" in event:
                shown.setdefault(event["suggester"], set()).add(event["card"])
            continue
        elif kind == "act":
            view, legal = message["view"], message["legal"]
            action = yahtzee(view, legal, rng) if game == "yahtzee" else clue(view, legal, rng, shown)
            reply = {"type": "action", "id": message["id"], "action": action}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
