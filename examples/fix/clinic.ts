// A clinic's patient assistant, in the builder form of the reference library.
// `fuzzroute fix examples/fix/clinic.ts` proves a fix for each gap below, or says why there is none:
// - `insurance` says "insurance payment", but `billing` (earlier) takes "payment";
// - `appointments` misses "book appointment for tomorrow" (no article);
// - `cancellations` misses "I cannot make my appointment" and "I can’t make my appointment" (curly);
// - `wifi` misses "what is the wi-fi password";
// - `insurance` misses "insurance claims".
import { defineSkill, skillGraph } from 'agentfootprint';

const appointments = defineSkill({ id: 'appointments', description: 'bookings', body: 'Find a slot.' });
const cancellations = defineSkill({ id: 'cancellations', description: 'cancel', body: 'Cancel it.' });
const prescriptions = defineSkill({ id: 'prescriptions', description: 'refills', body: 'Check the refill.' });
const billing = defineSkill({ id: 'billing', description: 'bills', body: 'Look the bill up.' });
const insurance = defineSkill({ id: 'insurance', description: 'insurance', body: 'Ask for the policy.' });
const wifi = defineSkill({ id: 'wifi', description: 'guest network', body: 'Give the code.' });
const nurse = defineSkill({ id: 'nurse', description: 'everything else', body: 'Ask one question.' });

export const clinic = skillGraph()
  // New bookings.
  .entry(appointments, {
    match: /\b(book|make) an appointment\b/i,
    examples: ['book an appointment for tomorrow'],
  })
  // Patients who cannot come.
  .entry(cancellations, { match: /\bi can't make my appointment\b/i, examples: ["I can't make my appointment"] })
  .entry(prescriptions, { match: /\brefill my prescription\b/i, examples: ['please refill my prescription'] })
  // Bills and payments.
  .entry(billing, { match: { keywords: ['bill', 'invoice', 'payment'] }, examples: ['I got a bill from you'] })
  .entry(insurance, {
    match: /\binsurance (claim|payment)\b/i,
    examples: ['where is my insurance payment'],
  })
  .entry(wifi, { match: /\bwifi\b/i, examples: ['what is the wifi password'] })
  .entry(nurse, { match: /\bnurse\b/i, examples: ['can I talk to a nurse'] })
  .neverRoutes(['what is the weather like', 'tell me a joke'])
  .build();
