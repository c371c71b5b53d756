// Start-rule cases with `when` predicates from the reference library's examples checkup tests,
// written as graphs; reference_verdicts.json holds the verdicts the reference gives each one.
import { defineSkill, skillGraph, keywordScorer } from 'agentfootprint';
import type { InjectionContext } from 'agentfootprint';

const skill = (id: string) => defineSkill({ id, description: `the ${id} skill`, body: `${id} instructions` });

/** A predicate that always passes and declares no examples: nothing to report, not even a note. */
export const alwaysOn = skillGraph().entry(skill('a'), { when: () => true }).build();

/** A predicate that throws is a no-match: its example misses its own rule (an error) and nothing claims it. */
export const throwing = skillGraph()
  .entry(skill('a'), {
    when: (): boolean => {
      throw new Error('boom');
    },
    examples: ['hello'],
  })
  .build({ check: 'off' });

/** The cold context, exactly: the example passes only if the predicate sees this object, key for key. */
export const coldShape = skillGraph()
  .entry(skill('a'), {
    when: (ctx: InjectionContext) =>
      JSON.stringify(ctx) ===
      '{"iteration":1,"userMessage":"what is my refund","history":[],"activatedInjectionIds":[]}',
    examples: ['what is my refund'],
  })
  .build({ check: 'off' });

/** A scorer picks the entry, so order does not decide: only self-match runs. */
export const scored = skillGraph()
  .entry(skill('a'), { when: () => false, examples: ['nope'] })
  .entryBy(keywordScorer())
  .build({ check: 'off' });

/** A `when` is judged too: this one looks for another word than its example has. */
export const wrongWord = skillGraph()
  .entry(skill('billing'), {
    when: (ctx) => ctx.userMessage.includes('invoice'),
    examples: ['refund my order'],
  })
  .build({ check: 'off' });

/** Gated on conversation state: false on a cold start (a warning), true on a later turn. */
export const laterTurn = skillGraph()
  .entry(skill('followup-refund'), {
    when: (ctx) => ctx.history.length > 0 && /refund/i.test(ctx.userMessage),
    examples: ['refund my order'],
  })
  .entry(skill('smalltalk'), { match: /\bhello\b/i })
  .build({ check: 'off' });
