"""A devops assistant's front door: twelve start rules in the order they are tried.

Two routing bugs are planted, the kind an author makes without noticing:

* "roll back the deploy" never reaches `rollback`: the earlier `deploy` rule's
  keyword `deploy` is one of the rollback rule's own words;
* "scale down the workers" never reaches `scale`: the earlier `incident` rule
  lists `down` among its keywords.

Every other pair of rules only meets on glued texts ("dashboard ssl"), which
is how first-match routing works, not a bug.
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("devops")
    .entry("deploy", match=keywords("deploy", "release", "ship", "rollout"), examples=["deploy the api to prod"])
    .entry(
        "rollback",
        match=re.compile(r"\b(roll ?back|revert)\b.*\b(deploy|release|version)\b", re.IGNORECASE),
        examples=["revert to the previous version"],
    )
    .entry("incident", match=keywords("outage", "down", "incident", "sev1"), examples=["the site is down"])
    .entry("scale", match=re.compile(r"\bscale (up|down|out|in)\b", re.IGNORECASE), examples=["scale out the workers"])
    .entry("certificates", match=keywords("ssl", "tls", "certificate"), examples=["renew the ssl certificate"])
    .entry("database", match=keywords("database", "replica", "postgres"), examples=["add a read replica"])
    .entry("logs", match=keywords("logs", "log"), examples=["show me the error logs"])
    .entry("paging", match=keywords("on-call", "paging", "pager"), examples=["who is on-call tonight"])
    .entry("dashboards", match=keywords("dashboard", "grafana", "metrics"), examples=["open the latency dashboard"])
    .entry("access", match=re.compile(r"\b(grant|revoke) access\b", re.IGNORECASE), examples=["grant access to bob"])
    .entry("latency", match=keywords("latency", "slow"), examples=["why is the api slow"])
    .entry("helpdesk")
    .never_routes(["what is the weather like", "tell me a joke"])
)
