import { describe, expect, it } from 'vitest';
import { anonymised } from './account-repository';

describe('anonymised (a deleted account\'s log entries, decision 0021)', () => {
  it('replaces every occurrence of the username and the email', () => {
    expect(anonymised('User alex_runner signed in', ['alex_runner', 'alex@example.com'])).toBe('User a deleted user signed in');
    expect(anonymised('alex sent general feedback [01J] from alex@example.com', ['alex', 'alex@example.com'])).toBe(
      'a deleted user sent general feedback [01J] from a deleted user',
    );
  });

  it('leaves a text without the names as it is and ignores empty names', () => {
    expect(anonymised('Monthly plan paid by stripe (in_1)', ['', 'alex'])).toBe('Monthly plan paid by stripe (in_1)');
  });
});
