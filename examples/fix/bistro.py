"""A bistro's front desk: bookings, the menu, takeaway orders and events, written the way a team grows one.

`fuzzroute fix examples/fix/bistro.py` finds, and proves a fix for:

* `menu` has the range `[M-m]`, meant as "M or m" (it also takes "_enu" and "Renu");
* `vegan-menu` says "vegan menu", but `menu` (earlier) takes "menu", one of its own words;
* `order-status` never wins: `takeaway` (earlier) takes "order" and "delivery";
* `booking` has no case flag, so "Book a table for two at 8" falls through, and "book
  table for two at 8" (no article) too;
* `allergies` says "gluten-free", not "gluten free".

One finding has no safe fix: moving `birthday` above `events` would also move
"birthday cake for the kids" away from `kids`.
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("bistro")
    # Opening hours.
    .entry("hours", match=keywords("opening hours", "open today", "closing time"),
           examples=["what are your opening hours"])
    # Table bookings: written for the way staff type it.
    .entry(
        "booking",
        match=re.compile(r"\b(book|reserve) a table\b"),
        examples=["book a table for two at 8"],
    )
    # The menu, and the dishes on it.
    .entry("menu", match=re.compile(r"\b[M-m]enu\b|\bdishes\b"), examples=["can I see the menu"])
    .entry("vegan-menu", match=keywords("vegan menu", "plant-based menu"), examples=["do you have a vegan menu"])
    # Allergies and dietary needs.
    .entry("allergies", match=keywords("allergy", "gluten-free", "nut-free"),
           examples=["I have a nut allergy", "is the pasta gluten-free"])
    # Takeaway and delivery orders.
    .entry("takeaway", match=keywords("order", "takeaway", "delivery"), examples=["I want to order a pizza"])
    .entry("order-status", match=re.compile(r"\bwhere is my (order|delivery)\b", re.IGNORECASE),
           examples=["where is my delivery"])
    # Private events, and children.
    .entry("events", match=keywords("party", "private dining", "event"), examples=["can we book a private party"])
    .entry("kids", match=keywords("kids", "children", "high chair"), examples=["do you have high chairs for kids"])
    .entry("birthday", match=keywords("birthday party", "birthday cake"), examples=["we want a birthday cake"])
    .entry("front-desk")
    .never_routes(["what is the weather like", "tell me a joke"])
)
