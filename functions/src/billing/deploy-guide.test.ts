import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from './stripe-api-version';
import { HANDLED_EVENTS } from './webhook-service';

/** The README's deploy guide is what an operator follows: it must name what the code needs. */
const README = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const deployGuide = README.slice(README.indexOf('## Deploying to AWS'), README.indexOf('### Operations'));

describe('README deploy guide: the Stripe webhook endpoint', () => {
  it('says to create it with the API version the SDK pins', () => {
    expect(deployGuide).toContain(`API version \`${STRIPE_API_VERSION}\``);
    expect(deployGuide).toContain(`api_version=${STRIPE_API_VERSION}`);
  });

  it.each(HANDLED_EVENTS)('lists %s among the events to enable', (type) => {
    expect(deployGuide).toContain(`\`${type}\``);
  });
});
