"""The gate's slot rules (`generate.natural_slots`): a rule's words fill only a slot they fit.

Each rule is pinned by a phrase it withholds and a natural neighbour it lets
through, on a small graph of its own; the labelled list
(`test_natural_labelled`) measures the gate as a whole.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from fuzzroute import Graph, all_of, keywords
from fuzzroute.generate.natural_gate import Gate, repeated_pair
from fuzzroute.generate.natural_slots import (
    ANSWER,
    EITHER,
    NOUN,
    VERB,
    agent_noun,
    frame_misfit,
    frames,
    kind_of,
)


@cache
def gate() -> Gate:
    graph = (
        Graph("front-desk")
        .entry("renew", match=re.compile(r"\brenew(al)?\b", re.I), examples=["renew my loans online"])
        .entry("overdue", match=keywords("overdue", "late fee", "fine"), examples=["how much is the late fee"])
        .entry("card", match=keywords("library card", "membership card"),
               examples=["I lost my library card", "how do I get a library card"])
        .entry("printing", match=re.compile(r"\b(print|printer|printing|photocopy|scan)\w*\b", re.I),
               examples=["how much does printing cost", "the printer is jammed"])
        .entry("rooms", match=all_of(keywords("book", "reserve"), keywords("room", "study space")),
               examples=["book a study room", "reserve a room for friday"])
        .entry("hours", match=re.compile(r"\b(opening hours|open (today|tomorrow|on sunday)|closing time)\b", re.I),
               examples=["what are the opening hours", "are you open on sunday"])
        .entry("rollback", match=re.compile(r"\b(roll ?back|revert)\b"), examples=["revert to the last version"])
        .entry("pay-plan", match=keywords("payment plan", "pay monthly"), examples=["do you offer a payment plan"])
        .entry("grooming", match=keywords("grooming", "nail trim", "haircut"), examples=["how much is a nail trim"])
        .entry("diet", match=keywords("food", "weight loss"), examples=["what food is best for an old dog"])
        .entry("insurance", match=keywords("pet insurance", "claim form", "insurance claim"),
               examples=["do you take pet insurance", "help with an insurance claim"])
        .entry("permits", match=keywords("visitor permit"), examples=["how do I get a visitor permit"])
        .entry("noise", match=keywords("noise complaint"), examples=["I want to make a noise complaint"])
        .entry("schools", match=keywords("school admission"), examples=["apply for a school place"])
        .entry("greeting", match=keywords("hello"))
        .entry("towels", match=re.compile(r"\b(towels?|pillows?|blankets?)\b"),
               examples=["can I have extra towels", "I need another pillow"])
        .entry("room-service", match=keywords("room service", "menu"), examples=["is room service still open"])
        .entry("fuel", match=keywords("fuel policy", "full to full", "petrol"), examples=["what is the fuel policy"])
        .entry("cover", match=keywords("excess", "insurance", "damage waiver"),
               examples=["do I need extra insurance", "is insurance included"])
        .entry("tolls", match=re.compile(r"\b(speeding|parking) (fine|ticket)s?\b|\btolls?\b", re.I),
               examples=["I got a parking ticket", "who pays the tolls"])
        .entry("dining", match=keywords("in-room dining", "restaurant"), examples=["is in-room dining available"])
        .entry("fault", match=all_of(keywords("noisy", "broken"), keywords("tv", "heater")),
               examples=["the tv is broken"])
        .entry("desk")
    )
    return Gate(graph)


def why(phrase: str, rule: str) -> str | None:
    found = gate()
    return found.why(phrase, next(e.index for e in found.entries if e.id == rule), glue=True)


#: (withheld, natural neighbour, rule): each rule of the slot checks, both ways.
CASES = [
    # a regex branch that is a noun put in the verb's place
    ("renewal my loans online", "renew my loans online", "renew"),
    # an all-of rule's other keyword list (a noun compound) put in the verb's place
    ("study space a room for friday", "book a room for friday", "rooms"),
    # an agent noun (a thing that does) replaced by a thing that does nothing
    ("the scan is jammed", "the printer is jammed", "printing"),
    # an activity replaced by a countable noun with no article
    ("how much does photocopy cost", "how much does printing cost", "printing"),
    # a frame wanting a verb
    ("is there a way to fine", "is there a way to pay the late fee", "overdue"),
    ("please membership card today", "please renew my loans today", "card"),
    # a frame of filler words around a bare topic
    ("hey membership card now", "hey renew my loans now", "card"),
    ("ok membership card.", "membership card?", "card"),
    # a frame wanting a noun phrase, given a verb phrase or an answer word
    ("what about open tomorrow?", "what about the opening hours?", "hours"),
    ("can you help me with fine?", "can you help me with the late fee?", "overdue"),
    ("I said fine yesterday", "how much is the late fee", "overdue"),
    ("fine", "late fee", "overdue"),
    # a countable noun without its article where it is all a verbless frame names ("help me with" has a verb)
    ("what about membership card?", "can you help me with membership card?", "card"),
    # a subject and its verb where a verb phrase is wanted
    ("is there a way to printer is jammed", "is there a way to print", "printing"),
    # a countable noun without its article inside a sentence frame
    ("is there a way to get membership card", "is there a way to get a membership card", "card"),
    # a bare noun after a subject
    ("are you closing time", "are you open today", "hours"),
    # a verb phrase after a determiner
    ("do you offer a pay monthly", "do you offer a payment plan", "pay-plan"),
    # two words said twice in order
    ("are you when are you open", "are you open on sunday", "hours"),
    # the rule's verb made a noun
    ("is the book study space open", "book a study space", "rooms"),
    # a sibling keyword of another number or count
    ("what are the closing time", "what are the opening hours", "hours"),
    ("what weight loss is best for an old dog", "how much is a haircut", "diet"),
    # a keyword for a keyword, counted alike; not a countable one where an uncounted one stood
    ("do you take claim form", "I lost my membership card", "insurance"),
    # reported words that make no sentence
    ("I said membership card yesterday", "I said I lost my library card yesterday", "card"),
    # a bare topic before an adjunct; a noun phrase with its determiner reads
    ("membership card for my account", "a membership card for my account", "card"),
    # a topic between filler words and no verb
    ("about membership card again", "question about my membership card: it is not working", "card"),
    # the bare countable object of a sentence's verb
    ("my friend wants membership card", "my friend wants a membership card", "card"),
    # words cut off on a word that leads on
    ("I need membership card and asap", "I need a membership card asap", "card"),
    # a determiner and an adjective, and no noun
    ("your overdue?", "is my book overdue?", "overdue"),
    # a sampler's filler word beside the keyword
    ("membership card subscription?", "membership card?", "card"),
    # a compound of a word the graph never uses as a verb, in a verb's slot
    ("please school admission today", "please renew my loans today", "schools"),
    # a countable sibling with no article where the author's words stood bare; at the start people drop it
    ("is menu still open", "menu please", "room-service"),
    # a branch of another number where the sentence fixes it ("another")
    ("I need another blankets", "I need another blanket", "towels"),
    # a word the rule offers only as a noun, alone in a verb's slot
    ("please blanket today", "blankets please", "towels"),
    # a plural where the writer says what they do, not where they ask about the kind of thing
    ("I want to make noise complaints", "how do I get visitor permits", "noise"),
    # a word said twice: never two phrases run together, unless a preposition makes it one expression ("X to X")
    ("full tank to full", "full to full.", "fuel"),
    # a noun compound for an uncounted sibling: after a quantifier it reads uncounted, elsewhere it wants its article
    ("do I need damage waiver", "do I need extra damage waiver", "cover"),
    # a word the rule's sentences use only as a thing, in a verb's slot or named alone in the singular
    ("please toll today", "please pay the tolls today", "tolls"),
    ("toll please", "who pays the toll", "tolls"),
    # an activity named as someone's own thing; a place or thing may be
    ("your in-room dining?", "your restaurant?", "dining"),
    # a noun and an adjective joined as two of a kind
    ("broken and tv", "tv broken", "fault"),
]


@pytest.mark.parametrize(("withheld", "natural", "rule"), CASES, ids=[c[0] for c in CASES])
def test_a_misfit_is_withheld_and_its_natural_neighbour_passes(withheld: str, natural: str, rule: str) -> None:
    assert why(withheld, rule) is not None
    neighbour_rule = {"I lost my membership card": "card", "how much is a haircut": "grooming",
                      "how do I get visitor permits": "permits", "late fee": "overdue"}.get(natural, rule)
    assert why(natural, neighbour_rule) is None, why(natural, neighbour_rule)


@pytest.mark.parametrize("phrase", [
    "rollback to the last version",  # a closed form of the branch "roll back": still a verb
    "roll back to the last version",
    "are you open sunday",  # "on" left out before a day
    "help with insurance claims",  # a request for help asks about the kind of thing
    "do you take pet insurance",
    "hello order",  # a greeting keyword before a topic is how people open a message
])
def test_respellings_and_what_people_leave_out_pass(phrase: str) -> None:
    rule = {"are you open sunday": "hours", "help with insurance claims": "insurance",
            "do you take pet insurance": "insurance", "hello order": "greeting"}.get(phrase, "rollback")
    assert why(phrase, rule) is None, why(phrase, rule)


@pytest.mark.parametrize(("words", "kind"), [
    ("book club", NOUN),  # as a verb and its object it would read "book a club"
    ("study space", NOUN),
    ("book the sauna", VERB),
    ("open tomorrow", VERB),
    ("pay monthly", VERB),
    ("travel insurance", EITHER),  # "travel" may be a verb; "insurance" is uncounted
    ("email alerts", EITHER),
    ("checked bag", NOUN),  # a participle before a noun
    ("fine", ANSWER),
    ("overdue", ANSWER),
    ("scan", EITHER),
])
def test_what_a_run_of_words_is(words: str, kind: str) -> None:
    assert kind_of(words.split()) == kind


def test_frames_are_read_from_the_generators_own_list() -> None:
    slots = {f.template: f.slot for f in frames()}
    assert slots["is there a way to {}"] == "verb"
    assert slots["what about {}?"] == "noun"
    assert slots["hey {} now"] == "request"
    assert slots["hi, {}"] == "message"
    assert frame_misfit("hi, membership card") is None


def test_a_compound_is_a_verb_phrase_only_where_the_graph_uses_its_first_word_as_a_verb() -> None:
    assert kind_of(["school", "admission"], frozenset({"apply"})) == NOUN
    assert kind_of(["book", "classes"], frozenset({"book"})) == EITHER
    assert kind_of(["book", "the", "sauna"], frozenset()) == VERB  # a determiner after it: a verb and its object


def test_agent_nouns_and_repeated_pairs() -> None:
    assert agent_noun("printer") and agent_noun("scanner")
    assert not agent_noun("scan") and not agent_noun("paper")
    assert repeated_pair("are you when are you open") == "are you"
    assert repeated_pair("are you open") is None
    assert repeated_pair("bye bye bye", ["bye bye bye"]) is None
