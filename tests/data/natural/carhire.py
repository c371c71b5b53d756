"""A car-hire company's rental-desk assistant: bookings, collection, return and the trip between."""
import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("carhire-desk")
    .entry(
        "new-booking",
        match=re.compile(r"\b(hire|rent|book) a (car|van)\b", re.I),
        examples=["I want to hire a car for a week", "rent a van on saturday"],
    )
    .entry(
        "modify-booking",
        match=re.compile(r"\b(change|cancel|extend) (my|the) (booking|rental)\b"),
        examples=["can I extend my rental by two days", "cancel my booking"],
    )
    .entry(
        "collection",
        match=keywords("pick up", "collection point", "where do I collect"),
        examples=["where do I pick up the car", "is the collection point in the terminal"],
    )
    .entry(
        "return",
        match=keywords("drop off", "return the car", "key drop"),
        examples=["can I drop off the car after hours", "where do I return the car"],
    )
    .entry(
        "insurance",
        match=keywords("excess", "insurance", "damage waiver"),
        examples=["how much is the excess", "do I need extra insurance"],
    )
    .entry(
        "deposit",
        match=re.compile(r"\b(deposit|hold on my card)\b", re.I),
        examples=["how much is the deposit", "why is there a hold on my card"],
    )
    .entry(
        "fuel",
        match=keywords("fuel policy", "full to full", "petrol", "diesel"),
        examples=["what is the fuel policy", "does the car take petrol or diesel"],
    )
    .entry(
        "breakdown",
        match=keywords("breakdown", "flat tyre", "won't start", "warning light"),
        examples=["the car won't start", "I have a flat tyre on the motorway"],
    )
    .entry(
        "accident",
        match=all_of(keywords("accident", "crash", "scratch", "dent"), keywords("car", "van", "vehicle")),
        examples=["I had an accident in the car", "there is a scratch on the van"],
    )
    .entry(
        "licence",
        match=re.compile(r"\b(driving )?licen[cs]e\b", re.I),
        examples=["can I use a foreign driving licence", "do you need my license"],
    )
    .entry(
        "young-driver",
        match=keywords("young driver", "under 25", "age limit"),
        examples=["is there a young driver fee", "can I rent if I am under 25"],
    )
    .entry(
        "extras",
        match=keywords("child seat", "sat nav", "additional driver", "snow chains"),
        examples=["can I add a child seat", "how much is an additional driver"],
    )
    .entry(
        "one-way",
        match=keywords("one way", "one-way", "different location"),
        examples=["can I do a one way rental", "return it to a different location"],
    )
    .entry(
        "fines",
        match=re.compile(r"\b(speeding|parking) (fine|ticket)s?\b|\btolls?\b", re.I),
        examples=["I got a parking ticket", "who pays the tolls"],
    )
    .entry("rental-desk")
    .never_routes(["tell me a joke", "what is the capital of spain"])
)
