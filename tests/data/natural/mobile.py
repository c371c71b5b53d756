"""A mobile phone network's customer-service assistant: customers message it about their plan, phone and bill."""
import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("mobile-care")
    .entry(
        "upgrade",
        match=re.compile(r"\b(upgrade|new) (my )?(phone|handset)\b", re.I),
        examples=["can I upgrade my phone early", "I want a new handset"],
    )
    .entry(
        "sim",
        match=keywords("sim card", "esim", "sim swap", "new sim"),
        examples=["my sim card isn't recognised", "how do I set up an esim"],
    )
    .entry(
        "unlock",
        match=re.compile(r"\bunlock(ing)? (my|the) phone\b|\bnetwork unlock code\b"),
        examples=["can you unlock my phone", "where do I get a network unlock code"],
    )
    .entry(
        "roaming",
        match=keywords("roaming", "abroad", "travelling to"),
        examples=["does my plan include roaming in europe", "how much to use my phone abroad"],
    )
    .entry(
        "data",
        match=re.compile(r"\b(data (allowance|add-?on|bundle)|run out of data)\b", re.I),
        examples=["how much of my data allowance is left", "I've run out of data"],
    )
    .entry(
        "signal",
        match=all_of(
            keywords("no signal", "weak signal", "dropped calls", "no service", "slow"),
            keywords("phone", "home", "area", "4g", "5g"),
        ),
        examples=["no signal at home since monday", "my 5g is really slow in this area"],
    )
    .entry(
        "bill",
        match=keywords("bill", "charged", "overcharged"),
        examples=["why is my bill higher this month", "I was charged for calls I didn't make"],
    )
    .entry(
        "top-up",
        match=re.compile(r"\btop ?-?up\b|\badd credit\b", re.I),
        examples=["how do I top up", "add credit to my pay as you go"],
    )
    .entry(
        "port-number",
        match=keywords("keep my number", "pac code", "stac code", "transfer my number"),
        examples=["can I keep my number if I switch", "I need a pac code"],
    )
    .entry(
        "lost-stolen",
        match=re.compile(r"\b(lost|stolen) (my )?phone\b|\bphone (was |got )?(lost|stolen)\b|\bblock my sim\b", re.I),
        examples=["my phone was stolen last night", "I lost my phone, please block my sim"],
    )
    .entry(
        "contract",
        match=keywords("contract end", "cancel my contract", "early termination", "leave the network"),
        examples=["when does my contract end", "how much to cancel my contract"],
    )
    .entry(
        "voicemail",
        match=keywords("voicemail", "answerphone"),
        examples=["how do I set up voicemail", "turn off my answerphone"],
    )
    .entry(
        "spam-calls",
        match=keywords("scam call", "spam texts", "nuisance calls", "block a number"),
        examples=["I keep getting spam texts", "how do I block a number"],
    )
    .entry(
        "repair",
        match=re.compile(r"\b(cracked|broken) screen\b|\brepair(s|ed)?\b", re.I),
        examples=["I have a cracked screen", "where can I get my phone repaired"],
    )
    .entry("agent")
    .never_routes(["tell me a joke", "who won the match last night"])
)
