"""An IT and HR helpdesk: fourteen keyword rules and a default, written the way a team grows one.

Three defects sit in it as they do in real graphs:

* `password-expiry` can never start a turn: `password` (earlier) takes every message that
  says "password expired" or "password expiry".
* `phishing` says "suspicious email", but `email` (earlier) takes those words; the rule
  still wins on "phishing" and "spam".
* `payroll` lists `payslip` and `pay stub` in the singular, so "where are my payslips" and
  "where are my pay stubs" fall through to the default.

`fuzzroute report examples/helpdesk.py` lists them first.
"""

from fuzzroute import Graph, keywords

graph = (
    Graph("helpdesk")
    .entry("greeting", match=keywords("hello", "good morning"), examples=["hello", "good morning team"])
    .entry(
        "password",
        match=keywords("password", "locked out"),
        examples=["I forgot my password", "I am locked out of my laptop"],
    )
    .entry(
        "password-expiry",
        match=keywords("password expired", "password expiry"),
    )
    .entry(
        "vpn",
        match=keywords("vpn", "globalprotect", "remote access"),
        examples=["the vpn keeps disconnecting", "how do I get remote access from home"],
    )
    .entry(
        "email",
        match=keywords("email", "outlook", "inbox"),
        examples=["my outlook inbox is full", "I cannot send email to customers"],
    )
    .entry(
        "phishing",
        match=keywords("phishing", "suspicious email", "spam"),
        examples=["is this message phishing", "I keep getting spam from a vendor"],
    )
    .entry(
        "software-install",
        match=keywords("install", "software request", "license"),
        examples=["please install zoom on my computer", "I need a license for visio"],
    )
    .entry(
        "hardware",
        match=keywords("laptop", "monitor", "keyboard"),
        examples=["my laptop screen is cracked", "can I get a second monitor"],
    )
    .entry(
        "payroll",
        match=keywords("payslip", "pay stub", "salary"),
        examples=["where is my payslip", "I cannot find my pay stub", "my salary is wrong this month"],
    )
    .entry(
        "expenses",
        match=keywords("expense report", "reimbursement", "receipt"),
        examples=["how do I file an expense report", "I lost a receipt from my trip"],
    )
    .entry(
        "time-off",
        match=keywords("vacation", "annual leave", "sick day"),
        examples=["how many vacation days do I have left", "I want to book annual leave"],
    )
    .entry(
        "parental-leave",
        match=keywords("parental leave", "maternity", "paternity"),
        examples=["how does parental leave work", "when should I tell my manager about maternity"],
    )
    .entry(
        "benefits",
        match=keywords("benefits", "health insurance", "dental"),
        examples=["what benefits do I get", "is dental covered by the plan"],
    )
    .entry(
        "offboarding",
        match=keywords("resignation", "last day", "notice period"),
        examples=["I want to hand in my resignation", "what is my notice period"],
    )
    .entry("helpdesk-agent")
    .never_routes(["what is the weather tomorrow", "tell me a joke", "who won the game last night"])
)
