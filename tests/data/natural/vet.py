"""A veterinary clinic's front-desk assistant."""
import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("vetdesk")
    .entry(
        "book-visit",
        match=re.compile(r"\b(book|schedule) an appointment\b"),
        examples=["book an appointment for my cat", "schedule an appointment next week"],
    )
    .entry(
        "vaccines",
        match=keywords("vaccination", "booster", "jab"),
        examples=["when is the rabies booster due", "does my puppy need a jab"],
    )
    .entry(
        "prescriptions",
        match=re.compile(r"\b(refill|repeat) (the |my )?prescription\b", re.I),
        examples=["refill my prescription", "repeat prescription for Max"],
    )
    .entry(
        "emergency",
        match=keywords("bleeding", "poisoned", "can't breathe", "not breathing"),
        examples=["my dog is bleeding", "I think my cat was poisoned"],
    )
    .entry(
        "billing",
        match=re.compile(r"\b(invoice|bill|pay)\b", re.I),
        examples=["can I pay online", "question about my bill"],
    )
    .entry(
        "insurance",
        match=keywords("insurance claim", "pet insurance", "claim form"),
        examples=["help with an insurance claim", "do you take pet insurance"],
    )
    .entry(
        "grooming",
        match=keywords("grooming", "nail trim", "haircut"),
        examples=["book a grooming session", "how much is a nail trim"],
    )
    .entry(
        "behaviour",
        match=keywords("behaviour", "aggressive", "anxious"),
        examples=["my dog is anxious at night", "behaviour class for puppies"],
    )
    .entry(
        "microchip",
        match=re.compile(r"\bmicrochip(ping)?\b", re.I),
        examples=["update microchip details", "how much is microchipping"],
    )
    .entry(
        "lost-pet",
        match=all_of(keywords("lost", "missing"), keywords("dog", "cat", "pet")),
        examples=["I lost my cat", "my dog is missing"],
    )
    .entry(
        "opening-hours",
        match=re.compile(r"\b(opening hours|when are you open|open on (saturday|sunday))\b", re.I),
        examples=["what are your opening hours", "are you open on sunday"],
    )
    .entry(
        "pay-plan",
        match=keywords("payment plan", "pay monthly"),
        examples=["can I pay monthly", "do you offer a payment plan"],
    )
    .entry(
        "neutering",
        match=keywords("neuter", "spay", "castration"),
        examples=["how old should my kitten be to spay", "cost of castration"],
    )
    .entry(
        "diet",
        match=keywords("diet", "food", "weight loss"),
        examples=["what food is best for an old dog", "diet advice for a fat cat"],
    )
    .entry("front-desk")
    .never_routes(["what is the meaning of life", "tell me a joke"])
)
