// Start-rule cases with `when` predicates from the reference library's front-door tests (data matchers
// beside predicates), as graphs; reference_verdicts.json holds the routing the reference gives each one.
import { defineSkill, skillGraph } from 'agentfootprint';
import type { InjectionContext } from 'agentfootprint';

const skill = (id: string) => defineSkill({ id, description: `use ${id}`, body: `${id} body` });

/** A regex, a keyword list and a predicate side by side. */
export const frontDoor = skillGraph({
  skills: [skill('refunds'), skill('billing'), skill('triage')],
  start: {
    rules: [
      { match: /refund/i, use: 'refunds' },
      { match: { keywords: ['charge', 'billing statement'] }, use: 'billing' },
      { when: (c) => c.userMessage.includes('escalate'), use: 'triage' },
    ],
  },
  check: 'off',
});

/** An all-of rule, then a catch-all predicate. */
export const zones = skillGraph({
  skills: [skill('zone-audit'), skill('triage')],
  start: {
    rules: [
      { match: { all: [/zone/i, { keywords: ['audit', 'sweep', 'all'] }] }, use: 'zone-audit' },
      { when: () => true, use: 'triage' },
    ],
  },
  check: 'off',
});

/** One named predicate used by two rules (typed with an imported type, which is erased). */
const samePredicate = (c: InjectionContext): boolean => c.userMessage.includes('refund');
export const shared = skillGraph()
  .entry(skill('a'), { when: samePredicate })
  .entry(skill('b'), { when: samePredicate })
  .build({ check: 'off' });

/** Every entry carries a predicate. */
export const allWhen = skillGraph({
  skills: [skill('a'), skill('b')],
  start: {
    rules: [
      { when: (c) => c.userMessage.includes('x'), use: 'a' },
      { when: (c) => c.userMessage.includes('y'), use: 'b' },
    ],
  },
  check: 'off',
});
