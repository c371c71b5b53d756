# A `when` predicate that sleeps 10 s on every call.
import time

from fuzzroute import Graph


def sleepy(ctx: object) -> bool:
    time.sleep(10)
    return False


graph = Graph("sleepy").entry("sleepy", when=sleepy).entry("fallback")
