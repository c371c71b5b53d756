"""A community pharmacy's assistant, written the way a careful team writes one, with seven near misses left in.

Each rule was written from one phrasing; users type the same sentence another way:
`prescription-status` has no i flag ("Where is my prescription"), `transfer` spells
"i'd" with a straight apostrophe (phones type "i’d"), `app-login` says "cannot"
("I can't log in"), `child-dose` says "paediatric" ("pediatric"), `collection`
says "pickup" ("pick-up"), `cancel-delivery` wants "the" ("cancel delivery for
tomorrow") and `delivery-slot` is singular ("are there delivery slots tomorrow").
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("pharmacy")
    .entry("greeting", match=re.compile(r"^(hi|hello|good morning)\b", re.I), examples=["hello", "good morning"])
    .entry("prescription-status", match=re.compile(r"\bwhere is my prescription\b"),
           examples=["where is my prescription"])
    .entry("refill", match=keywords("refill", "repeat prescription", "repeat prescriptions"),
           examples=["I need a refill of my inhaler", "order my repeat prescription"])
    .entry("transfer", match=keywords("i'd like to transfer", "transfer my prescription"),
           examples=["i'd like to transfer my prescriptions here"])
    .entry("opening-hours", match=keywords("opening hours", "open on sunday", "open today"),
           examples=["what are your opening hours", "are you open on sunday"])
    .entry("app-login", match=keywords("cannot log in", "forgot my password", "reset my password"),
           examples=["I cannot log in to the app", "I forgot my password"])
    .entry("side-effects", match=keywords("side effect", "side effects"),
           examples=["does ibuprofen have side effects", "is dizziness a side effect"])
    .entry("pharmacist", match=keywords("speak to a pharmacist", "talk to the pharmacist", "pharmacist"),
           examples=["can I speak to a pharmacist", "I need to talk to the pharmacist"])
    .entry("vaccination", match=keywords("flu jab", "flu jabs", "vaccination", "vaccinations", "vaccine", "vaccines"),
           examples=["book a flu jab", "do you do travel vaccinations"])
    .entry("child-dose", match=keywords("paediatric dose", "dose for my child"),
           examples=["what is the paediatric dose of paracetamol", "what is the dose for my child"])
    .entry("collection", match=keywords("pickup", "collect my medicine", "ready to collect"),
           examples=["is my pickup ready", "when can I collect my medicine"])
    .entry("cancel-delivery", match=re.compile(r"\bcancel the delivery\b", re.I),
           examples=["cancel the delivery for tomorrow"])
    .entry("delivery-slot", match=keywords("delivery slot", "deliver my medicine"),
           examples=["is there a delivery slot tomorrow", "can you deliver my medicine"])
    .entry("prescription-charges", match=keywords("prescription charge", "prescription charges", "exemption certificate"),
           examples=["how much is a prescription charge", "I have an exemption certificate"])
    .entry("front-desk")
    .never_routes(["what is the weather like", "tell me a joke", "who won the football last night"])
)
