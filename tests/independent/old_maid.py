#!/usr/bin/env python3
"""An independent Old Maid simulator, written from the seed texts alone.

It shares no code, no random generator and no data structures with Parlour:
plain Python, cards as (rank, copy) pairs, Python's own random module. It plays
the default rules (seeds 001 and 004): one queen out, two packs above six
players, the dealer's left offers first, each drawer takes a card at random
from the nearest player on the right who still has cards, pairs go at once,
players out of cards are safe, the last player holding cards loses.

Usage: old_maid.py PLAYERS GAMES SEED  -> prints one loss rate per seat (JSON).
"""
import json
import random
import sys


def play(players, rng):
    packs = 2 if players > 6 else 1
    deck = [(rank, copy) for rank in range(13) for copy in range(4 * packs)]
    deck.remove((11, 0))  # a queen out (rank 11 is the queen, 0-based from the ace)
    rng.shuffle(deck)
    hands = [[] for _ in range(players)]
    for i, card in enumerate(deck):  # one at a time from the dealer's left (seat 0)
        hands[i % players].append(card[0])
    held = []
    for hand in hands:  # pairs go down: keep one of each rank held an odd number of times
        counts = {}
        for rank in hand:
            counts[rank] = counts.get(rank, 0) + 1
        held.append([rank for rank, n in counts.items() if n % 2])

    def next_with_cards(seat, step):
        for k in range(1, players + 1):
            s = (seat + step * k) % players
            if held[s]:
                return s
        return seat

    offerer = 0 if held[0] else next_with_cards(0, 1)
    drawer = next_with_cards(offerer, 1)
    holding = sum(1 for h in held if h)  # players still holding cards
    while holding > 1:
        giver, taker = held[offerer], held[drawer]
        card = giver.pop(rng.randrange(len(giver)))
        if card in taker:
            taker.remove(card)
            holding -= not taker
        else:
            taker.append(card)
        holding -= not giver
        drawer = next_with_cards(drawer, 1)
        offerer = next_with_cards(drawer, -1)
    return next(s for s in range(players) if held[s])


def main():
    players, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    lost = [0] * players
    for _ in range(games):
        lost[play(players, rng)] += 1
    print(json.dumps([n / games for n in lost]))


if __name__ == "__main__":
    main()
