"""The Python twin of assets/programs/chocolate-2d.rhai, for the benchmark
`grundy-lab bench --only families`: the same game, the same table, computed
the plain way in CPython (one process), so that the two can be timed in one
run.

    python3 benches/chocolate_2d.py WIDTH HEIGHT

prints the seconds taken and the sum of all Grundy numbers (a checksum the
benchmark compares with its own table).
"""

import sys
import time


def f(i):
    return i // 2


def moves(x, y):
    options = []
    for v in range(x):
        options.append((v, y))
    for w in range(y):
        options.append((min(x, f(w)), w))
    return options


def mex(values):
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def table(width, height):
    g = {}
    # Every move lowers x + y: go by the sum of the coordinates.
    for s in range(width + height - 1):
        for y in range(min(s, height - 1) + 1):
            x = s - y
            # The program's `fn position`: only x <= f(y) is a position
            # (and every option of one is one).
            if x < width and x <= f(y):
                g[(x, y)] = mex([g[q] for q in moves(x, y)])
    return g


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    start = time.perf_counter()
    g = table(width, height)
    elapsed = time.perf_counter() - start
    print(f"{elapsed:.6f} {sum(g.values())}")


if __name__ == "__main__":
    main()
