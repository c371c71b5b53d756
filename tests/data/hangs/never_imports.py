# A graph file whose import never returns.
import time

from fuzzroute import Graph

while True:
    time.sleep(1)

graph = Graph("never")
