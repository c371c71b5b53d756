"""A driving school's assistant: learners and their parents message it about lessons, tests and instructors."""
import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("driving-school")
    .entry(
        "book-lesson",
        match=re.compile(r"\b(book|schedule) (a |my )?(lesson|lessons)\b", re.I),
        examples=["I want to book a lesson for next week", "can I schedule my lessons on tuesdays"],
    )
    .entry(
        "reschedule",
        match=re.compile(r"\b(cancel|move|reschedule) (my|the) (lesson|session)\b"),
        examples=["cancel my lesson tomorrow", "can I move the lesson to friday"],
    )
    .entry(
        "prices",
        match=keywords("how much", "price", "block booking", "discount"),
        examples=["how much is a two hour lesson", "do you offer a block booking discount"],
    )
    .entry(
        "theory-test",
        match=keywords("theory test", "hazard perception", "highway code"),
        examples=["how do I revise for the theory test", "any tips for hazard perception"],
    )
    .entry(
        "practical-test",
        match=re.compile(r"\b(practical|driving) test\b|\btest (date|centre)\b", re.I),
        examples=["when can I take my driving test", "which test centre do you use"],
    )
    .entry(
        "instructor",
        match=keywords("instructor", "female instructor", "change instructor"),
        examples=["can I have a female instructor", "I'd like to change instructor"],
    )
    .entry(
        "automatic",
        match=keywords("automatic", "manual", "gearbox"),
        examples=["do you teach in an automatic", "is it cheaper to learn in a manual"],
    )
    .entry(
        "pickup",
        match=all_of(keywords("pick me up", "pick up", "collect me"), keywords("school", "work", "home", "college")),
        examples=["can you pick me up from school", "collect me from work at 5"],
    )
    .entry(
        "provisional",
        match=re.compile(r"\bprovisional( licen[cs]e)?\b", re.I),
        examples=["do I need a provisional licence first", "my provisional hasn't arrived yet"],
    )
    .entry(
        "intensive",
        match=keywords("intensive course", "crash course", "pass in a week"),
        examples=["do you do an intensive course", "is there a crash course in the summer"],
    )
    .entry(
        "pass-plus",
        match=keywords("pass plus", "motorway lessons", "refresher"),
        examples=["do you offer pass plus", "I passed years ago and need a refresher"],
    )
    .entry(
        "progress",
        match=re.compile(r"\b(am I|when will I be) ready\b|\bmy progress\b", re.I),
        examples=["am I ready for my test", "can I see my progress"],
    )
    .entry(
        "payment",
        match=keywords("pay for", "payment", "invoice", "refund"),
        examples=["how do I pay for my lessons", "can I get a refund for a cancelled lesson"],
    )
    .entry(
        "complaint",
        match=keywords("complaint", "complain", "unhappy with"),
        examples=["I want to make a complaint", "I'm unhappy with how my test was booked"],
    )
    .entry("office")
    .never_routes(["tell me a joke", "what is the capital of france"])
)
