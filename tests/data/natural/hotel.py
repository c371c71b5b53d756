"""A city hotel's front-desk assistant: guests message it before and during a stay."""
import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("hotel-desk")
    .entry(
        "book-room",
        match=re.compile(r"\b(book|reserve) a (room|suite)\b"),
        examples=["book a room for two nights", "can I reserve a suite for the weekend"],
    )
    .entry(
        "change-booking",
        match=re.compile(r"\b(cancel|change|amend) (my|the) (booking|reservation)\b", re.I),
        examples=["cancel my booking", "I need to change the reservation to friday"],
    )
    .entry(
        "check-in",
        match=keywords("check in", "early arrival", "what time can we arrive"),
        examples=["what time is check in", "is early arrival possible"],
    )
    .entry(
        "check-out",
        match=re.compile(r"\b(late )?check ?out\b", re.I),
        examples=["can I have a late checkout", "what time is check out"],
    )
    .entry(
        "room-service",
        match=keywords("room service", "order food", "in-room dining"),
        examples=["is room service available at night", "can I order food to my room"],
    )
    .entry(
        "housekeeping",
        match=keywords("housekeeping", "towels", "clean my room", "extra pillows"),
        examples=["can we get more towels", "please clean my room at noon"],
    )
    .entry(
        "wifi",
        match=keywords("wifi", "internet"),
        examples=["what is the wifi password", "the internet in my room is slow"],
    )
    .entry(
        "parking",
        match=keywords("parking", "car park", "valet"),
        examples=["do you have parking", "how much is the car park per night"],
    )
    .entry(
        "breakfast",
        match=re.compile(r"\bbreakfast\b", re.I),
        examples=["what time is breakfast", "is breakfast included"],
    )
    .entry(
        "spa",
        match=keywords("spa", "massage", "pool", "sauna"),
        examples=["is the pool open", "book a massage for tomorrow"],
    )
    .entry(
        "room-problem",
        match=all_of(
            keywords("noisy", "broken", "dirty", "not working", "too cold"),
            keywords("room", "shower", "air conditioning", "tv", "heating"),
        ),
        examples=["the shower is broken", "my room is too cold"],
    )
    .entry(
        "lost-property",
        match=keywords("lost property", "left my", "forgot my"),
        examples=["I left my charger in the room", "I forgot my coat at the bar"],
    )
    .entry(
        "transfer",
        match=re.compile(r"\b(airport (transfer|shuttle)|book a taxi)\b", re.I),
        examples=["do you have an airport shuttle", "can you book a taxi for 7am"],
    )
    .entry(
        "invoice",
        match=keywords("invoice", "receipt", "bill"),
        examples=["can I get an invoice for my stay", "please email me the receipt"],
    )
    .entry("front-desk")
    .never_routes(["tell me a joke", "what is the weather in tokyo"])
)
